#include "errors.hpp"

namespace binding {

namespace py = pybind11;

py::object exception_class(py::module_& module, const char* qualified_name, const char* doc,
                           py::handle base) {
  PyObject* type = PyErr_NewExceptionWithDoc(qualified_name, doc, base.ptr(), nullptr);
  if (type == nullptr) throw py::error_already_set();
  py::object cls = py::reinterpret_steal<py::object>(type);
  std::string name = qualified_name;
  module.add_object(name.substr(name.rfind('.') + 1).c_str(), cls);
  return cls;
}

py::object located_error(py::handle type, const std::string& message, const std::string& kind,
                         const std::string& file, std::size_t line, std::size_t column) {
  std::string text;
  if (!file.empty()) text = file + ":";
  if (line != 0) {
    text += std::to_string(line) + ":";
    if (column != 0) text += std::to_string(column) + ":";
  }
  text += text.empty() ? message : " " + message;
  py::object error = type(text);
  error.attr("message") = message;
  error.attr("kind") = kind.empty() ? py::object(py::none()) : py::object(py::str(kind));
  error.attr("file") = file.empty() ? py::object(py::none()) : py::object(py::str(file));
  error.attr("line") = line == 0 ? py::object(py::none()) : py::object(py::int_(line));
  error.attr("column") = column == 0 ? py::object(py::none()) : py::object(py::int_(column));
  return error;
}

void raise_located(py::handle type, const std::string& message, const std::string& kind,
                   const std::string& file, std::size_t line, std::size_t column) {
  py::object error = located_error(type, message, kind, file, line, column);
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

}  // namespace binding
