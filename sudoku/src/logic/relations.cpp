// The rules' relations between two cells (sudoku/model/rule.hpp): a candidate of one cell that
// goes with no candidate of the other is removed. One step per relation that removes anything,
// worded with the relation's label and its rule.
#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

Found rule_relations(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const auto& relations = g.relations();
  std::vector<Candidate> removed;
  for (int i = 0; i < static_cast<int>(relations.size()); ++i) {
    const Relation& r = relations[static_cast<std::size_t>(i)];
    const Mask a = c.mask(r.a), b = c.mask(r.b);
    // The candidates of a that go with some candidate of b, and those of b that some of a allow.
    Mask keep_a = 0, keep_b = 0;
    for (Mask m = a; m != 0; m &= m - 1) {
      const int x = std::countr_zero(m);
      const Mask with = r.allowed[static_cast<std::size_t>(x)] & b;
      if (with != 0) keep_a |= Mask{1} << x;
      keep_b |= with;
    }
    if (keep_a == a && keep_b == b) continue;
    // A placed digit that nothing goes with, or a cell left without a candidate: no solution.
    if ((keep_a != a && c.value(r.a) != 0) || (keep_b != b && c.value(r.b) != 0) || keep_a == 0 ||
        keep_b == 0) {
      found.contradiction = true;
      return found;
    }
    removed.clear();
    for (const auto& [cell, gone] : {std::pair{r.a, a & ~keep_a}, std::pair{r.b, b & ~keep_b}})
      for (Mask m = gone; m != 0; m &= m - 1) {
        const int digit = std::countr_zero(m) + 1;
        c.eliminate(cell, digit);
        if (steps) removed.push_back({cell, digit});
      }
    if (take(found, limit, steps, [&] {
          Step step{Technique::rule_relation, {}, {r.a, r.b}, 0, {}, removed, {}};
          step.relations = {i};
          return step;
        }))
      return found;
  }
  return found;
}

Found rule_constraints(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const auto& constraints = g.constraints();
  std::vector<Mask> masks;
  std::vector<Candidate> removed;
  for (int i = 0; i < static_cast<int>(constraints.size()); ++i) {
    const Constraint& k = *constraints[static_cast<std::size_t>(i)];
    const auto& cells = k.cells();
    masks.clear();
    for (const int cell : cells) masks.push_back(c.mask(cell));
    k.narrow(masks);
    removed.clear();
    bool changed = false;
    for (std::size_t j = 0; j < cells.size(); ++j) {
      const Mask gone = c.mask(cells[j]) & ~masks[j];
      if (gone == 0) continue;
      // A placed digit ruled out, or a cell left without a candidate: no solution.
      if (masks[j] == 0 || c.value(cells[j]) != 0) {
        found.contradiction = true;
        return found;
      }
      changed = true;
      for (Mask m = gone; m != 0; m &= m - 1) {
        const int digit = std::countr_zero(m) + 1;
        c.eliminate(cells[j], digit);
        if (steps) removed.push_back({cells[j], digit});
      }
    }
    if (!changed) continue;
    if (take(found, limit, steps, [&] {
          Step step{Technique::rule_constraint, {}, cells, 0, {}, removed, {}};
          step.constraints = {i};
          step.difficulty = k.difficulty();
          return step;
        }))
      return found;
  }
  return found;
}

}  // namespace sudoku
