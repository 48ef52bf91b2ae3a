// The first step of the full ladder taken in its order (the first rung that finds one, its
// easiest step), for the tests of the techniques; next_step takes the rating's rounds instead
// (sudoku::EasiestFirst), which may prefer a later rung's easier chain.
#pragma once

#include <vector>

#include "sudoku/logic/logic.hpp"

namespace test_ladder {

// The first rung's easiest step on `c` (unchanged); false when no rung applies.
inline bool first_rung_step(const sudoku::Candidates& c, const sudoku::LogicTables& tables,
                            sudoku::Step& step, bool unique = false) {
  std::vector<sudoku::Step> steps;
  if (sudoku::find_contradiction(c, &steps).contradiction) {
    step = steps.front();
    return true;
  }
  for (const sudoku::Rung& rung : sudoku::full_ladder()) {
    if (rung.assumes_unique && !unique) continue;
    sudoku::Candidates copy = c;
    if (rung.apply(copy, tables, &steps, 1).steps == 0 || steps.empty()) continue;
    step = steps.front();
    return true;
  }
  return false;
}

}  // namespace test_ladder
