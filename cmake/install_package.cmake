# dlx_install_package(NAME): installs the library target NAME, called from NAME/CMakeLists.txt:
# its headers (include/NAME), the library, a CMake package (find_package(NAME) gives NAME::NAME,
# configured from cmake/NAMEConfig.cmake.in) and a pkg-config file (from cmake/NAME.pc.in).
include(CMakePackageConfigHelpers)

function(dlx_install_package name)
  set_target_properties(${name} PROPERTIES EXPORT_NAME ${name})
  install(TARGETS ${name} EXPORT ${name}Targets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  )
  install(DIRECTORY include/${name} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.hpp")

  set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/${name})
  install(EXPORT ${name}Targets NAMESPACE ${name}:: DESTINATION ${config_dir})
  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/${name}Config.cmake.in
    ${CMAKE_CURRENT_BINARY_DIR}/${name}Config.cmake
    INSTALL_DESTINATION ${config_dir}
  )
  # Before 1.0 a minor release may change the API, so only the same major.minor is compatible.
  write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/${name}ConfigVersion.cmake
    VERSION ${PROJECT_VERSION}
    COMPATIBILITY SameMinorVersion
  )
  install(FILES
    ${CMAKE_CURRENT_BINARY_DIR}/${name}Config.cmake
    ${CMAKE_CURRENT_BINARY_DIR}/${name}ConfigVersion.cmake
    DESTINATION ${config_dir}
  )

  # The .pc file finds its prefix from its own place (${pcfiledir}), so that
  # `cmake --install --prefix` anywhere gives a working file.
  set(pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
  file(RELATIVE_PATH DLX_PC_TO_PREFIX /prefix/${pc_dir} /prefix)
  string(REGEX REPLACE "/$" "" DLX_PC_TO_PREFIX "${DLX_PC_TO_PREFIX}")
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${name}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${name}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${name}.pc DESTINATION ${pc_dir})
endfunction()
