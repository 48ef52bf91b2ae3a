// Langford pairs as exact cover: arrange two 1s, two 2s, ..., two ns in a row of 2n positions so
// that the two copies of each value i have exactly i others between them (n = 3: 2 3 1 2 1 3).
//
// Items: the values v1..vn and the positions s1..s(2n), all primary: each value is placed once
// (as a pair) and each position is filled once. Options: `vi sj sk` with k = j + i + 1, one per
// place the pair of i fits.
//
// Every arrangement read backwards is another one, so they come in pairs. As Knuth does (TAOCP
// 7.2.2.1), one value is kept to the left half: the odd value i = n or n - 1, whose pair can never
// sit in the middle of the row (its positions j and j + i + 1 add up to an even number, never to
// 2n + 1), keeps only the places whose mirror image j' = 2n - i - j lies further right. Of an
// arrangement and its reversal exactly one is then left.
#pragma once

#include <dlx/matrix.hpp>
#include <span>
#include <string>
#include <vector>

#include "common/encoding.hpp"
#include "common/text.hpp"

namespace examples::langford {

// One option of the problem: value i at positions j and j + i + 1 (from 1).
struct Pair {
  int value = 0;
  int first = 0;
};

// The problem for n values, with mirror images broken (or counted, when `mirrors`); the pair of
// each option.
using Problem = Encoding<Pair>;

// The value whose places are halved to break the reversal symmetry: the odd one of n, n - 1.
inline int restricted_value(int n) noexcept {
  return n % 2 == 1 ? n : n - 1;
}

// The Langford problem of order n; with `mirrors`, an arrangement and its reversal both count.
inline Problem problem(int n, bool mirrors = false) {
  Problem out;
  for (int i = 1; i <= n; ++i) out.matrix.add_item(cat('v', i));
  for (int j = 1; j <= 2 * n; ++j) out.matrix.add_item(cat('s', j));
  const int restricted = restricted_value(n);
  for (int i = 1; i <= n; ++i) {
    for (int j = 1; j + i + 1 <= 2 * n; ++j) {
      if (!mirrors && i == restricted && 2 * j > 2 * n - i) continue;
      const dlx::Entry entries[] = {{i - 1}, {n + j - 1}, {n + j + i}};
      out.add_option(entries, {i, j});
    }
  }
  return out;
}

// The values in positions 1..2n, for a solution of the problem of order n.
inline std::vector<int> sequence(const Problem& problem, int n,
                                 std::span<const dlx::OptionId> solution) {
  std::vector<int> out(static_cast<std::size_t>(2 * n));
  for (dlx::OptionId option : solution) {
    const Pair& pair = problem.meaning(option);
    out[static_cast<std::size_t>(pair.first - 1)] = pair.value;
    out[static_cast<std::size_t>(pair.first + pair.value)] = pair.value;
  }
  return out;
}

// A sequence for people, its values separated by spaces: "2 3 1 2 1 3".
inline std::string picture(std::span<const int> sequence) {
  std::string out;
  for (int value : sequence) {
    if (!out.empty()) out += ' ';
    out += std::to_string(value);
  }
  return out;
}

}  // namespace examples::langford
