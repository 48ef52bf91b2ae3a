// The invariant check of the fuzz targets.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace fuzz {

// A failed invariant: says which and where, and aborts, which libFuzzer reports as a crash with
// the input.
inline void check_at(bool ok, const char* what, const char* file, int line) {
  if (ok) return;
  std::fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
  std::abort();
}

}  // namespace fuzz

// Checks that `condition` holds (upper case: `check` names functions in the libraries' headers).
#define CHECK(condition) ::fuzz::check_at((condition), #condition, __FILE__, __LINE__)
