// Rule forcing chains: the houses' forcing chains know nothing of a killer cage's sum or of a
// rule between two cells; this one assumes each candidate in turn and follows the singles, the
// cages' combinations, the rule of 45 and the rules' relations until nothing changes. A
// candidate that leaves a cell without a candidate, a cage without a combination or a rule
// broken is false.
#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

namespace {

// Applies the assumption's consequences; false when they contradict each other.
bool follow(Candidates& c, const LogicTables& tables) {
  const Geometry& g = c.geometry();
  for (int round = 0; round < 4 * g.cell_count(); ++round) {
    if (!c.propagate_singles()) return false;
    for (int cell = 0; cell < g.cell_count(); ++cell)
      if (c.mask(cell) == 0) return false;
    if (broken_cage(g, c.grid()) >= 0 || broken_rule(g, c.grid()) >= 0) return false;
    if (c.solved()) return true;
    int changed = 0;
    if (!g.relations().empty()) {
      const Found f = rule_relations(c);
      if (f.contradiction) return false;
      changed += f.steps;
    }
    if (!g.constraints().empty()) {
      const Found f = rule_constraints(c);
      if (f.contradiction) return false;
      changed += f.steps;
    }
    if (!g.cages().empty()) {
      changed += cage_combinations(c, tables).steps;
      if (changed == 0) changed += rule_of_45(c, tables).steps;
    }
    if (changed == 0) changed += locked_candidates(c, tables).steps;
    if (changed == 0) return true;
  }
  return true;
}

}  // namespace

Found rule_forcing_chain(Candidates& c, const LogicTables& tables, std::vector<Step>* steps,
                         int limit) {
  Found found;
  const Geometry& g = c.geometry();
  if (g.cages().empty() && g.relations().empty() && g.constraints().empty()) return found;
  Candidates trial = c;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    if (stop_asked()) return found;
    for (Mask m = c.mask(cell); m != 0; m &= m - 1) {
      const int digit = std::countr_zero(m) + 1;
      if (c.mask(cell) == digit_bit(digit)) break;  // the last candidate: a contradiction elsewhere
      trial = c;
      if (trial.place(cell, digit) && follow(trial, tables)) continue;
      c.eliminate(cell, digit);
      if (take(found, limit, steps, [&] {
            return Step{Technique::rule_forcing_chain, {}, {cell}, digit_bit(digit), {},
                        {{cell, digit}}, {}};
          }))
        return found;
    }
  }
  return found;
}

}  // namespace sudoku
