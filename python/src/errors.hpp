// The Python exceptions of both modules, raised with the place the C++ error names.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <string>

namespace binding {

// A new exception class `qualified_name` (e.g. "dlx.ParseError") deriving from `base`, added to
// `module` under its short name.
pybind11::object exception_class(pybind11::module_& module, const char* qualified_name,
                                 const char* doc, pybind11::handle base);

// An instance of `type` whose message is "file:line:column: message" (parts left out when
// unknown, 0 or empty), with the attributes `message`, `kind`, `file`, `line` and `column` (None
// when unknown).
pybind11::object located_error(pybind11::handle type, const std::string& message,
                               const std::string& kind, const std::string& file, std::size_t line,
                               std::size_t column);
// Raises it (throws pybind11::error_already_set).
[[noreturn]] void raise_located(pybind11::handle type, const std::string& message,
                                const std::string& kind, const std::string& file, std::size_t line,
                                std::size_t column);

}  // namespace binding
