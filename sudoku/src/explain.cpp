#include "sudoku/explain.hpp"

#include <algorithm>
#include <map>

namespace sudoku {

Candidates start_candidates(const Geometry& geometry, const Grid& grid) {
  Candidates c(geometry);
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    if (const int d = grid[static_cast<std::size_t>(cell)]; d != 0) c.assign(cell, d);
  return c;
}

bool apply(Candidates& candidates, const Step& step) {
  bool ok = true;
  for (const Candidate& p : step.placed)
    if (candidates.value(p.cell) != p.digit && !candidates.assign(p.cell, p.digit)) ok = false;
  for (const Candidate& r : step.removed) candidates.eliminate(r.cell, r.digit);
  return ok;
}

std::vector<int> cells_of(const Step& step) {
  std::vector<int> cells = step.cells;
  for (const Candidate& p : step.placed) cells.push_back(p.cell);
  for (const Candidate& r : step.removed) cells.push_back(r.cell);
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}

std::string technique_counts(const std::vector<Step>& steps) {
  std::map<Technique, int> counts;
  for (const Step& step : steps) ++counts[step.technique];
  std::string out;
  for (const auto& [technique, count] : counts) {
    if (!out.empty()) out += ", ";
    out += std::string(technique_name(technique)) + " " + std::to_string(count);
  }
  return out.empty() ? "no step" : out;
}

Rating rate(const Grid& givens, Solver& solver, const LogicTables& tables,
            std::vector<Step>* steps) {
  Rating rating;
  Candidates c = start_candidates(solver.geometry(), givens);
  std::vector<Step> own;
  std::vector<Step>& list = steps ? *steps : own;
  const std::size_t first = list.size();
  Technique hardest = Technique::full_house;
  const Found found = reduce(c, tables, Level::all, &list, &hardest);
  for (std::size_t i = first; i < list.size(); ++i)
    if (list[i].technique != Technique::contradiction) {
      ++rating.steps;
      rating.used_logic = true;
    }
  rating.hardest = hardest;
  rating.difficulty = rating.used_logic ? difficulty_of(hardest) : Difficulty::simple;
  if (found.contradiction) {
    rating.solvable = false;
    return rating;
  }
  if (c.solved()) return rating;
  rating.difficulty = Difficulty::expert;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell)
    if (c.value(cell) == 0) ++rating.open;
  rating.search = solver.count(givens, 2);
  rating.solvable = rating.search.solutions > 0;
  return rating;
}

}  // namespace sudoku
