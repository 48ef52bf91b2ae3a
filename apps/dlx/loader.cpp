#include "loader.hpp"

#include <dlfcn.h>

#include <array>

namespace dlx_app {

Plugin::Plugin(const std::string& spec) {
  const std::size_t colon = spec.find(':');
  file_ = spec.substr(0, colon);
  if (colon != std::string::npos) args_ = spec.substr(colon + 1);
  if (file_.empty()) throw PluginError("--propagator needs a library file (FILE[:ARGS])");
  // dlopen reads a name without '/' as a library to look for on the search path; a file given on
  // the command line is a path.
  const std::string path = file_.find('/') == std::string::npos ? "./" + file_ : file_;
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    const char* why = dlerror();
    throw PluginError(file_ + ": cannot load the propagator library (" +
                      (why != nullptr ? why : "dlopen failed") + ")");
  }
  make_ = reinterpret_cast<dlx::PluginMake>(dlsym(handle_, dlx::plugin_make_name));
  destroy_ = reinterpret_cast<dlx::PluginDestroy>(dlsym(handle_, dlx::plugin_destroy_name));
  if (make_ == nullptr || destroy_ == nullptr) {
    const std::string missing = make_ == nullptr ? dlx::plugin_make_name : dlx::plugin_destroy_name;
    dlclose(handle_);
    throw PluginError(file_ + ": no function " + missing +
                      " in the library: a propagator library exports dlx_make_propagator and "
                      "dlx_destroy_propagator (see dlx/plugin.hpp)");
  }
}

Plugin::~Plugin() {
  dlclose(handle_);
}

Plugin::Made Plugin::make(const dlx::Matrix& matrix) const {
  std::array<char, 1024> error{};
  dlx::Propagator* made = make_(matrix, args_.c_str(), error.data(), error.size());
  if (made == nullptr) {
    error.back() = '\0';
    throw PluginError(file_ + ": " +
                      (error[0] != '\0' ? error.data() : "the library made no propagator"));
  }
  return Made(made, Destroy{destroy_});
}

}  // namespace dlx_app
