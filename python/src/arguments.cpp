#include "arguments.hpp"

#include <dlx/parallel.hpp>
#include <stdexcept>

namespace binding {

namespace py = pybind11;

namespace {

std::string type_name(py::handle value) {
  return py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
}

[[noreturn]] void wrong_type(py::handle value, const char* name, const char* what) {
  throw py::type_error(std::string(name) + " must be " + what + ", not " + type_name(value));
}

}  // namespace

std::uint64_t natural(py::handle value, const char* name, std::uint64_t least, std::uint64_t most) {
  if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr())) wrong_type(value, name, "an int");
  const auto out_of_range = [&] {
    std::string range = most == UINT64_MAX
                            ? "at least " + std::to_string(least)
                            : "from " + std::to_string(least) + " to " + std::to_string(most);
    return py::value_error(std::string(name) + " must be " + range + ", not " +
                           py::str(value).cast<std::string>());
  };
  int overflow = 0;
  const long long small = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow < 0 || (overflow == 0 && small < 0)) throw out_of_range();
  std::uint64_t n = static_cast<std::uint64_t>(small);
  if (overflow > 0) {
    n = PyLong_AsUnsignedLongLong(value.ptr());
    if (PyErr_Occurred() != nullptr) {
      PyErr_Clear();
      throw out_of_range();
    }
  }
  if (n < least || n > most) throw out_of_range();
  return n;
}

std::optional<std::uint64_t> optional_natural(py::handle value, const char* name,
                                              std::uint64_t least, std::uint64_t most) {
  if (value.is_none()) return std::nullopt;
  if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr()))
    wrong_type(value, name, "an int or None");
  return natural(value, name, least, most);
}

std::optional<bool> optional_flag(py::handle value, const char* name) {
  if (value.is_none()) return std::nullopt;
  if (!PyBool_Check(value.ptr())) wrong_type(value, name, "True, False or None");
  return value.ptr() == Py_True;
}

std::string text(py::handle value, const char* name) {
  if (!py::isinstance<py::str>(value)) wrong_type(value, name, "a str");
  return value.cast<std::string>();
}

std::optional<std::string> optional_text(py::handle value, const char* name) {
  if (value.is_none()) return std::nullopt;
  if (!py::isinstance<py::str>(value)) wrong_type(value, name, "a str or None");
  return value.cast<std::string>();
}

unsigned threads(py::handle value) {
  try {
    return dlx::resolve_threads(natural(value, "threads"));
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

}  // namespace binding
