// The MRV scans of the links engine (dlx/src/core/links.hpp, internal): the 128-bit ones, and the
// 256-bit copy where the processor runs it, pick the item a plain loop picks, on random lengths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "core/links.hpp"

namespace {

constexpr std::int32_t active = std::numeric_limits<std::int32_t>::min();  // Solver::active_bit

// choose_item's unseeded rule, one key at a time: the first key at most `good_enough` (when it
// is above `active`), else the first of the least keys.
std::int32_t plain_choice(const std::vector<std::int32_t>& key, std::int32_t good_enough) {
  const auto n = static_cast<std::int32_t>(key.size());
  if (good_enough != active)
    for (std::int32_t i = 0; i < n; ++i)
      if (key[static_cast<std::size_t>(i)] <= good_enough) return i;
  std::int32_t best = 0;
  for (std::int32_t i = 1; i < n; ++i)
    if (key[static_cast<std::size_t>(i)] < key[static_cast<std::size_t>(best)]) best = i;
  return best;
}

// The 128-bit scans as choose_item calls them.
std::int32_t narrow_choice(const std::vector<std::int32_t>& key, std::int32_t good_enough) {
  const auto n = static_cast<std::int32_t>(key.size());
  if (good_enough != active)
    if (const std::int32_t single = dlx::detail::find_at_most(key.data(), n, good_enough);
        single != n)
      return single;
  return dlx::detail::first_at_most(key.data(), dlx::detail::least_key(key.data(), n, 0));
}

// Random lengths for n items, at least one active: covered ones (0 or more), active ones
// (active + the options left, few of them so that ties and singles are common).
std::vector<std::int32_t> random_keys(std::mt19937& rng, std::int32_t n) {
  std::vector<std::int32_t> key(static_cast<std::size_t>(n));
  std::uniform_int_distribution<int> kind(0, 3), left(0, 6), covered(0, 9);
  for (auto& k : key) k = kind(rng) == 0 ? covered(rng) : active + left(rng);
  if (std::none_of(key.begin(), key.end(), [](std::int32_t k) { return k < 0; }))
    key[static_cast<std::size_t>(n / 2)] = active + 3;
  return key;
}

TEST(Scans, NarrowAndWideChooseAsAPlainLoop) {
  std::mt19937 rng(20261207);
  for (int round = 0; round < 20000; ++round) {
    const std::int32_t n = 8 * (1 + round % 40);
    std::vector<std::int32_t> key = random_keys(rng, n);
    for (const std::int32_t good_enough : {active, active + 1}) {
      const std::int32_t expected = plain_choice(key, good_enough);
      ASSERT_EQ(narrow_choice(key, good_enough), expected) << "round " << round;
#if DLX_WIDE_SCAN
      if (dlx::detail::has_wide_scan()) {
        ASSERT_EQ(dlx::detail::wide_choice(key.data(), n, good_enough), expected)
            << "round " << round;
      }
#endif
    }
  }
}

}  // namespace
