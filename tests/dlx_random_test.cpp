#include <gtest/gtest.h>

#include <cstdint>
#include <set>

#include "dlx/random.hpp"

namespace {

// The first numbers of splitmix64 from the state 1234567, as in the reference implementation's
// test output (Vigna, prng.di.unimi.it), and from the state 0.
TEST(Random, SplitMix64ReferenceNumbers) {
  std::uint64_t state = 1234567;
  EXPECT_EQ(dlx::next_random(state), 6457827717110365317ULL);
  EXPECT_EQ(dlx::next_random(state), 3203168211198807973ULL);
  EXPECT_EQ(dlx::next_random(state), 9817491932198370423ULL);
  std::uint64_t zero = 0;
  EXPECT_EQ(dlx::next_random(zero), 0xe220a8397b1dcdafULL);
}

TEST(Random, NthNumberIsTheStreamsWithoutAState) {
  std::uint64_t state = 42;
  for (std::uint64_t i = 0; i < 100; ++i)
    EXPECT_EQ(dlx::nth_random(42, i), dlx::next_random(state));
  static_assert(dlx::nth_random(1234567, 0) == 6457827717110365317ULL);
}

TEST(Random, UniformStaysInRangeAndReachesEveryValue) {
  std::uint64_t state = 7;
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t v = dlx::uniform(state, 6);
    ASSERT_LT(v, 6u);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 6u);
}

}  // namespace
