// Preprocessing: an equivalent smaller problem, by the rules of Knuth's DLX-PRE.
//
// Two rules are applied, item by item in declaration order (primary items first), in rounds
// until a round changes nothing:
//   - forced items: when every option of a primary item p contains an uncolored item c, c is
//     covered whenever p is, so c is removed from the options that contain p, and the options
//     that contain c but not p are removed;
//   - blocked options: an option r (tested from its first item, when that one is uncolored)
//     is removed when choosing it would leave some primary item outside r without an option:
//     every option of that item clashes with r.
// The problem that results has the same solutions, one for one: the options kept are those of
// the input, perhaps without some items, so a solution of it names a solution of the input
// through `origin`.
#pragma once

#include <cstdint>
#include <vector>

#include "dlx/matrix.hpp"

namespace dlx {

// The smaller problem, and how it relates to the input.
struct Preprocessed {
  // The items that are left (primary first, then secondary, each in the order declared) and the
  // options that are left, grouped by their first item as DLX-PRE writes them; colors keep the
  // input's ColorIds, options their costs.
  Matrix matrix;
  std::vector<OptionId> origin;     // per option of `matrix`: the input option it comes from
  std::size_t options_removed = 0;  // options of the input that are not in `matrix`
  std::size_t items_removed = 0;    // items of the input that are not in `matrix`
  std::uint32_t rounds = 0;         // rounds run (the last changed nothing, unless cut short)
  // True when a primary item can have no option: the problem has no solution, and `matrix` is
  // that item alone.
  bool infeasible = false;
};

// Preprocesses a matrix; max_rounds bounds the rounds (0: until nothing changes). Throws
// std::invalid_argument for a matrix with bounds.
Preprocessed preprocess(const Matrix& matrix, std::uint32_t max_rounds = 0);

}  // namespace dlx
