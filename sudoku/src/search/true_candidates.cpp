#include "sudoku/search/true_candidates.hpp"

#include <bit>

namespace sudoku {

TrueCandidates true_candidates(Solver& solver, const Candidates& position) {
  const Geometry& g = position.geometry();
  const int cells = g.cell_count();
  TrueCandidates out;
  out.masks.assign(static_cast<std::size_t>(cells), 0);
  const SolutionVisitor mark = [&](const Grid& solution) {
    for (int cell = 0; cell < cells; ++cell)
      out.masks[static_cast<std::size_t>(cell)] |=
          digit_bit(solution[static_cast<std::size_t>(cell)]);
    return true;
  };
  const auto search = [&](const Candidates& from) {
    ++out.searches;
    const SolveResult r = solver.solve(from, 1, mark);
    if (r.outcome != dlx::Outcome::exhausted && r.outcome != dlx::Outcome::solution_limit)
      out.complete = false;
    return r.solutions > 0;
  };
  if (!search(position)) return out;
  // Each candidate no solution found so far holds: a solution with it there, or none.
  for (int cell = 0; cell < cells && out.complete; ++cell) {
    for (Mask rest = position.mask(cell) & ~out.masks[static_cast<std::size_t>(cell)]; rest != 0;
         rest &= rest - 1) {
      // Taken again: a solution found meanwhile may hold it.
      const int digit = std::countr_zero(rest) + 1;
      if ((out.masks[static_cast<std::size_t>(cell)] & digit_bit(digit)) != 0) continue;
      Candidates tried = position;
      if (tried.place(cell, digit)) search(tried);
      if (!out.complete) break;
    }
  }
  return out;
}

}  // namespace sudoku
