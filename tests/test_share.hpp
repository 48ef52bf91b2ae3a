// How much of its puzzles a sweep over many of them takes: all of them in the plain build, one in
// DLX_TEST_SHARE under the sanitizers (CI's second run of the tests, which looks for memory errors
// and undefined behaviour, where the same sweeps run five times slower).
#pragma once

#ifndef DLX_TEST_SHARE
#define DLX_TEST_SHARE 1
#endif

inline constexpr int test_share = DLX_TEST_SHARE;

// n puzzles of a sweep, at least one.
constexpr int share_of(int n) {
  return n / test_share > 0 ? n / test_share : 1;
}
