// True candidates: the digits each cell holds in at least one solution, which a setter checks
// a puzzle under construction with (a cell of one true candidate is decided; a puzzle has one
// solution exactly when every cell has one). Found by the exact-cover search: every solution
// found marks its digits, and each candidate not marked yet is tried alone in its cell.
#pragma once

#include <cstdint>
#include <vector>

#include "sudoku/model/candidates.hpp"
#include "sudoku/search/solver.hpp"

namespace sudoku {

struct TrueCandidates {
  std::vector<Mask> masks;     // per cell, bit d - 1 for digit d; all 0 without a solution
  std::uint64_t searches = 0;  // searches made: one for a first solution, one per candidate tried
  bool complete = true;        // false when a budget or the solver's stop flag cut one short:
                               // the masks then hold what the searches made had found
};

// The true candidates of a position (its digits placed, only its candidates left), with the
// solver's logic, budget and stop flag. Throws as Solver::solve does.
TrueCandidates true_candidates(Solver& solver, const Candidates& position);

}  // namespace sudoku
