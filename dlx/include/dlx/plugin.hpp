// A propagator (propagator.hpp) in a shared library, for `dlx --propagator FILE[:ARGS]`: the
// library exports the two functions below with C linkage, and the command loads it with dlopen,
// makes the propagator of each problem it reads, searches with it and destroys it.
//
//   #include <dlx/plugin.hpp>
//   class MyRule : public dlx::Propagator { ... };
//   extern "C" dlx::Propagator* dlx_make_propagator(const dlx::Matrix& matrix, const char* args,
//                                                  char* error, std::size_t error_size) {
//     return new MyRule(matrix, args);  // or nullptr, with a message in `error`
//   }
//   extern "C" void dlx_destroy_propagator(dlx::Propagator* p) { delete p; }
//
// Built against the same dlx headers as the command (the objects cross the boundary as C++),
// e.g. as a CMake MODULE library linked with dlx::dlx; examples/diagonal-sum/plugin.cpp is one.
// An exception must not leave these functions, nor the propagator's propagate(): the library and
// the command may not share their C++ runtime. A refusal of the arguments is nullptr and a
// message, a failure in the search is best reported the same way, before it.
#pragma once

#include <cstddef>

#include "dlx/matrix.hpp"
#include "dlx/propagator.hpp"

// Exported from a library built with hidden symbols too (-fvisibility=hidden).
#if defined(__GNUC__)
#define DLX_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define DLX_PLUGIN_EXPORT
#endif

extern "C" {
// The propagator of the problem `matrix` (which outlives it), set up by `args` (the text after
// the first ':' of FILE:ARGS; "" without); nullptr when it cannot be, with a message for the user
// in `error` (NUL-terminated, at most error_size bytes with the NUL).
DLX_PLUGIN_EXPORT dlx::Propagator* dlx_make_propagator(const dlx::Matrix& matrix, const char* args,
                                                       char* error, std::size_t error_size);
// Destroys a propagator dlx_make_propagator made.
DLX_PLUGIN_EXPORT void dlx_destroy_propagator(dlx::Propagator* propagator);
}

namespace dlx {

// The names the command looks the two functions up by.
inline constexpr const char* plugin_make_name = "dlx_make_propagator";
inline constexpr const char* plugin_destroy_name = "dlx_destroy_propagator";

using PluginMake = decltype(&dlx_make_propagator);
using PluginDestroy = decltype(&dlx_destroy_propagator);

}  // namespace dlx
