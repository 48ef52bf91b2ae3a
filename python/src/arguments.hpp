// Python's arguments to C++ values. pybind11 answers an argument of the wrong type with the list
// of a function's signatures; these take any object and answer a mistake in one line that names
// the argument: TypeError for the wrong type, ValueError for a value out of range.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>

namespace binding {

// An int (not a bool) from `least` to `most`.
std::uint64_t natural(pybind11::handle value, const char* name, std::uint64_t least = 0,
                      std::uint64_t most = UINT64_MAX);
// The same, or nothing for None.
std::optional<std::uint64_t> optional_natural(pybind11::handle value, const char* name,
                                              std::uint64_t least = 0,
                                              std::uint64_t most = UINT64_MAX);
// True, False or None.
std::optional<bool> optional_flag(pybind11::handle value, const char* name);
// A str.
std::string text(pybind11::handle value, const char* name);
// A str, or nothing for None.
std::optional<std::string> optional_text(pybind11::handle value, const char* name);
// Threads as the commands' --threads takes them (dlx::resolve_threads): 0 is one per core, more
// than dlx::max_threads a ValueError.
unsigned threads(pybind11::handle value);

}  // namespace binding
