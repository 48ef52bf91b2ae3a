// The ladders of techniques: the reduction before a search (reduce(), easiest first) and
// Sudoku Explainer's full ladder of rungs (full_ladder()), with its own hidden singles and
// direct techniques; next_step() takes the first step of either.
#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/chains.hpp"
#include "sudoku/logic/forcing.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/rating.hpp"

namespace sudoku {

using namespace detail;

namespace {

// One round: the easiest technique that applies, applied fully (or `limit` times).
bool apply_easiest(Candidates& c, const LogicTables& tables, Level level, bool singles,
                   std::vector<Step>* steps, int limit, Technique* used) {
  const auto try_one = [&](Technique t, Found found) {
    if (found.steps == 0) return false;
    if (used) *used = t;
    return true;
  };
  if (singles) {
    if (try_one(Technique::full_house, full_house(c, steps, limit))) return true;
    if (try_one(Technique::naked_single, naked_single(c, steps, limit))) return true;
    if (try_one(Technique::hidden_single, hidden_single(c, steps, limit))) return true;
  }
  if (level == Level::singles) return false;
  // The rules' relations between two cells, read off their marks.
  if (!c.geometry().relations().empty() &&
      try_one(Technique::rule_relation, rule_relations(c, steps, limit)))
    return true;
  if (!c.geometry().constraints().empty() &&
      try_one(Technique::rule_constraint, rule_constraints(c, steps, limit)))
    return true;
  // Killer cages first: their sums narrow a killer puzzle more than anything else does.
  if (!c.geometry().cages().empty()) {
    if (try_one(Technique::cage_combinations, cage_combinations(c, tables, steps, limit)))
      return true;
    if (try_one(Technique::rule_of_45, rule_of_45(c, tables, steps, limit))) return true;
  }
  std::size_t before = steps ? steps->size() : 0;
  if (Found f = locked_candidates(c, tables, steps, limit); f.steps) {
    if (used)
      *used =
          steps && steps->size() > before ? steps->back().technique : Technique::locked_pointing;
    return true;
  }
  // Triples, quads and fish cost more time than they save the search (measured on the sample
  // sets with sudoku_bench), so the fast level stops at pairs.
  const int largest = level == Level::fast ? 2 : 4;
  for (int size = 2; size <= largest; ++size) {
    if (try_one(size == 2   ? Technique::naked_pair
                : size == 3 ? Technique::naked_triple
                            : Technique::naked_quad,
                naked_subset(c, size, steps, limit)))
      return true;
    if (try_one(size == 2   ? Technique::hidden_pair
                : size == 3 ? Technique::hidden_triple
                            : Technique::hidden_quad,
                hidden_subset(c, size, steps, limit)))
      return true;
  }
  if (level == Level::fast) return false;
  if (try_one(Technique::x_wing, basic_fish(c, 2, steps, limit))) return true;
  if (try_one(Technique::swordfish, basic_fish(c, 3, steps, limit))) return true;
  // Chains, shortest first within each technique; the nice loops report which kind they found.
  if (try_one(Technique::remote_pair, remote_pair(c, tables, steps, limit))) return true;
  if (try_one(Technique::x_chain, x_chain(c, tables, steps, limit))) return true;
  if (try_one(Technique::xy_chain, xy_chain(c, tables, steps, limit))) return true;
  for (const bool grouped : {false, true}) {
    before = steps ? steps->size() : 0;
    if (Found f = nice_loop(c, tables, grouped, steps, limit); f.steps) {
      if (used)
        *used = steps && steps->size() > before ? steps->back().technique
                : grouped                       ? Technique::grouped_aic
                                                : Technique::aic;
      return true;
    }
  }
  // The other patterns (finned fish, single-digit patterns, wings, colouring, uniqueness, almost
  // locked sets) are rungs of the full ladder only: before a search they cost far more than they
  // save (finned fish and the almost locked sets above all; docs/history/2026-12-01.md).
  return false;
}

bool box_like(HouseKind kind) noexcept {
  return kind == HouseKind::box || kind == HouseKind::window || kind == HouseKind::region;
}

// Hidden singles in the box-like houses (`boxes`) or in the others, naked singles included:
// Sudoku Explainer looks for them in that order, before any naked single.
Found hidden_singles_of(Candidates& c, bool boxes, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    const House& house = g.houses()[static_cast<std::size_t>(h)];
    if (box_like(house.kind) != boxes) continue;
    Mask once = 0, twice = 0;
    for (int cell : house.cells) {
      if (c.value(cell) != 0) continue;
      twice |= once & c.mask(cell);
      once |= c.mask(cell);
    }
    for (Mask hidden = once & ~twice & ~c.placed(h); hidden != 0; hidden &= hidden - 1) {
      const Mask bit = hidden & (~hidden + 1);
      for (int cell : house.cells) {
        if (c.value(cell) != 0 || (c.mask(cell) & bit) == 0) continue;
        const int digit = digit_of(bit);
        c.assign(cell, digit);
        if (take(found, limit, steps, [&] {
              return Step{boxes ? Technique::hidden_single_box : Technique::hidden_single,
                          {h},
                          {cell},
                          bit,
                          {{cell, digit}},
                          {},
                          {}};
            }))
          return found;
        break;
      }
    }
  }
  return found;
}

// A hidden single of one of `digits` that the candidates leave in a house of `kind` holding one
// of the removed cells, which had two or more places for it before the removals (-1: none), as
// the cell; `house` and `digit` are set to its house and digit.
int hidden_single_after(const Candidates& before, const Candidates& after,
                        const std::vector<Candidate>& removed, Mask digits, HouseKind kind,
                        int& house, int& digit) {
  const Geometry& g = after.geometry();
  for (const Candidate& r : removed)
    for (const int h : g.houses_of(r.cell)) {
      if (g.houses()[static_cast<std::size_t>(h)].kind != kind) continue;
      for (Mask m = digits; m != 0; m &= m - 1) {
        const Mask bit = m & (~m + 1);
        if (after.placed(h) & bit) continue;
        int place = -1, places = 0, had = 0;
        for (const int cell : g.houses()[static_cast<std::size_t>(h)].cells) {
          if (after.value(cell) == 0 && (after.mask(cell) & bit)) {
            place = cell;
            ++places;
          }
          if (before.value(cell) == 0 && (before.mask(cell) & bit)) ++had;
        }
        if (places == 1 && had > 1) {
          house = h;
          digit = digit_of(bit);
          return place;
        }
      }
    }
  return -1;
}

// Steps of an easier-to-see kind (Sudoku Explainer's direct techniques): locked candidates or a
// hidden subset whose eliminations leave a hidden single, applied with that single.
Found direct(Candidates& c, const LogicTables& tables, Technique technique,
             std::vector<Step>* steps, int limit) {
  Found found;
  std::vector<Step> seen;
  {
    Candidates copy = c;
    if (technique == Technique::direct_pointing || technique == Technique::direct_claiming)
      locked_candidates(copy, tables, &seen);
    else
      hidden_subset(copy, technique == Technique::direct_hidden_pair ? 2 : 3, &seen);
  }
  const Technique kind = technique == Technique::direct_pointing      ? Technique::locked_pointing
                         : technique == Technique::direct_claiming    ? Technique::locked_claiming
                         : technique == Technique::direct_hidden_pair ? Technique::hidden_pair
                                                                      : Technique::hidden_triple;
  for (Step& step : seen) {
    if (step.technique != kind) continue;
    Candidates after = c;
    bool applies = false;
    for (const Candidate& r : step.removed) applies = after.eliminate(r.cell, r.digit) || applies;
    if (!applies) continue;
    // Pointing and claiming (as Sudoku Explainer sees them): the digit, in another house of the
    // kind it was confined in; a hidden subset: the other digits, in its house.
    const bool subset = kind == Technique::hidden_pair || kind == Technique::hidden_triple;
    Mask digits = step.digits;
    if (subset) {
      digits = 0;
      for (const Candidate& r : step.removed) digits |= digit_bit(r.digit);
    }
    const HouseKind house_kind =
        c.geometry().houses()[static_cast<std::size_t>(step.houses[0])].kind;
    int house = -1, digit = 0;
    const int cell = hidden_single_after(c, after, step.removed, digits, house_kind, house, digit);
    if (cell < 0 || (subset && house != step.houses.front()) ||
        (!subset && house == step.houses.front()))
      continue;
    for (const Candidate& r : step.removed) c.eliminate(r.cell, r.digit);
    c.assign(cell, digit);
    if (take(found, limit, steps, [&] {
          // Pointing and claiming keep both houses of the lock (a line and the box, window or
          // region it is confined to), then the single's house; a subset keeps its own house,
          // where the single is too.
          step.technique = technique;
          if (!subset) step.houses.push_back(house);
          step.placed = {{cell, digit}};
          return std::move(step);
        }))
      return found;
  }
  return found;
}

// The technique functions as rungs, with the common signature: `technique` called with `arg`
// after the candidates (a size, a kind, whether the puzzle is unique), and the tables too when
// it takes them.
template <auto technique>
Found rung(Candidates& c, const LogicTables&, std::vector<Step>* steps, int limit) {
  return technique(c, steps, limit);
}
template <auto technique, auto arg>
Found rung(Candidates& c, const LogicTables&, std::vector<Step>* steps, int limit) {
  return technique(c, arg, steps, limit);
}
template <auto technique, auto arg>
Found rung_with_tables(Candidates& c, const LogicTables& tables, std::vector<Step>* steps,
                       int limit) {
  return technique(c, tables, arg, steps, limit);
}
// A Unique Rectangle of the type, on a puzzle known or declared to have one solution.
template <int type>
Found unique_rectangle_rung(Candidates& c, const LogicTables&, std::vector<Step>* steps,
                            int limit) {
  return unique_rectangle(c, type, true, steps, limit);
}

// Sudoku Explainer's order: by its difficulty (sudoku/logic/rating.hpp), easiest first. The
// patterns it has no name for stand where it rates the chain each one is: the single-digit patterns
// of four nodes with its Turbot Fish, colouring with the X-Chains, W-Wing with the chains of both
// kinds of link. Those no chain of its own can be (fins and a Hidden Rectangle need grouped
// nodes or uniqueness, the sets nodes of several cells) it finds only as forcing chains: they
// stand after its nishio, where they do not make a puzzle easier than it rates it.
constexpr std::array ladder{
    Rung{Technique::full_house, rung<full_house>},
    Rung{Technique::hidden_single_box, rung<hidden_singles_of, true>},
    Rung{Technique::hidden_single, rung<hidden_singles_of, false>},
    Rung{Technique::rule_relation, rung<rule_relations>},
    Rung{Technique::rule_constraint, rung<rule_constraints>},
    Rung{Technique::direct_pointing, rung_with_tables<direct, Technique::direct_pointing>},
    Rung{Technique::cage_combinations, cage_combinations},
    Rung{Technique::direct_claiming, rung_with_tables<direct, Technique::direct_claiming>},
    Rung{Technique::direct_hidden_pair, rung_with_tables<direct, Technique::direct_hidden_pair>},
    Rung{Technique::rule_of_45, rule_of_45},
    Rung{Technique::naked_single, rung<naked_single>},
    Rung{Technique::direct_hidden_triple,
         rung_with_tables<direct, Technique::direct_hidden_triple>},
    Rung{Technique::locked_pointing, locked_candidates},
    Rung{Technique::naked_pair, rung<naked_subset, 2>},
    Rung{Technique::x_wing, rung<basic_fish, 2>},
    Rung{Technique::hidden_pair, rung<hidden_subset, 2>},
    Rung{Technique::naked_triple, rung<naked_subset, 3>},
    Rung{Technique::swordfish, rung<basic_fish, 3>},
    Rung{Technique::hidden_triple, rung<hidden_subset, 3>},
    Rung{Technique::xy_wing, rung<xy_wing>},
    Rung{Technique::xyz_wing, rung<xyz_wing>},
    Rung{Technique::unique_rectangle_1, unique_rectangle_rung<1>, true},
    Rung{Technique::unique_rectangle_4, unique_rectangle_rung<4>, true},
    Rung{Technique::unique_rectangle_2, unique_rectangle_rung<2>, true},
    Rung{Technique::unique_rectangle_3, unique_rectangle_rung<3>, true},
    Rung{Technique::naked_quad, rung<naked_subset, 4>},
    Rung{Technique::jellyfish, rung<basic_fish, 4>},
    Rung{Technique::hidden_quad, rung<hidden_subset, 4>},
    Rung{Technique::bug_plus_one, rung<bug_plus_one, true>, true},
    Rung{Technique::remote_pair, remote_pair},
    Rung{Technique::skyscraper, rung<skyscraper>},
    Rung{Technique::two_string_kite, rung<two_string_kite>},
    Rung{Technique::turbot_fish, rung<turbot_fish>},
    Rung{Technique::empty_rectangle, rung<empty_rectangle>},
    Rung{Technique::x_chain, x_chain},
    Rung{Technique::simple_colours_trap, rung<simple_colours>},
    Rung{Technique::xy_chain, xy_chain},
    Rung{Technique::w_wing, rung<w_wing>},
    Rung{Technique::aic, rung_with_tables<nice_loop, false>},
    Rung{Technique::grouped_aic, rung_with_tables<nice_loop, true>},
    Rung{Technique::forcing_x_chain, rung<forcing_chain>},
    Rung{Technique::nishio_forcing_chain, rung<nishio_forcing_chain>},
    Rung{Technique::rule_forcing_chain, rule_forcing_chain},
    Rung{Technique::finned_x_wing, rung<finned_fish, 2>},
    Rung{Technique::finned_swordfish, rung<finned_fish, 3>},
    Rung{Technique::finned_jellyfish, rung<finned_fish, 4>},
    Rung{Technique::hidden_rectangle, rung<hidden_rectangle, true>, true},
    Rung{Technique::multi_colours, rung<multi_colours>},
    Rung{Technique::wxyz_wing, rung<wxyz_wing>},
    Rung{Technique::sue_de_coq, sue_de_coq},
    Rung{Technique::als_xz, rung<als_xz>},
    Rung{Technique::als_xy_wing, rung<als_xy_wing>},
    Rung{Technique::cell_forcing_chain, rung<static_forcing_chain>},
    Rung{Technique::dynamic_forcing_chain, rung<dynamic_forcing_chain>},
    Rung{Technique::dynamic_forcing_chain_plus, dynamic_forcing_chain_plus},
    Rung{Technique::nested_forcing_chain,
         rung_with_tables<nested_forcing_chain, Technique::nested_forcing_chain>},
    Rung{Technique::nested_multiple_forcing_chain,
         rung_with_tables<nested_forcing_chain, Technique::nested_multiple_forcing_chain>},
    Rung{Technique::nested_dynamic_forcing_chain,
         rung_with_tables<nested_forcing_chain, Technique::nested_dynamic_forcing_chain>},
    Rung{Technique::nested_dynamic_forcing_chain_plus,
         rung_with_tables<nested_forcing_chain, Technique::nested_dynamic_forcing_chain_plus>},
};

// One round of the full ladder, unexplained: the first rung that applies, applied fully.
bool apply_ladder(Candidates& c, const LogicTables& tables, bool unique) {
  for (const Rung& rung : ladder) {
    if (rung.assumes_unique && !unique) continue;
    if (rung.apply(c, tables, nullptr, 0).steps != 0) return true;
  }
  return false;
}

// True when an elimination emptied a cell.
bool has_empty_cell(const Candidates& c) noexcept {
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell)
    if (c.mask(cell) == 0) return true;
  return false;
}

}  // namespace

bool apply(Candidates& candidates, const Step& step) {
  bool ok = true;
  for (const Candidate& p : step.placed)
    if (candidates.value(p.cell) != p.digit && !candidates.assign(p.cell, p.digit)) ok = false;
  for (const Candidate& r : step.removed) candidates.eliminate(r.cell, r.digit);
  return ok;
}

std::span<const Rung> full_ladder() noexcept {
  return ladder;
}

Found reduce_pairs_after_locked(Candidates& c, const LogicTables& tables) {
  Found total;
  bool locked = false;  // locked candidates removed something: the pairs may pay from now on
  while (true) {
    if (!c.propagate_singles()) {
      total.contradiction = true;
      return total;
    }
    if (c.solved()) return total;
    // The order of apply_easiest at the fast level: locked candidates, naked and hidden pairs.
    if (locked_candidates(c, tables, nullptr, 0).steps != 0)
      locked = true;
    else if (!locked || (naked_subset(c, 2, nullptr, 0).steps == 0 &&
                         hidden_subset(c, 2, nullptr, 0).steps == 0))
      return total;
    ++total.steps;
    if (has_empty_cell(c)) {
      total.contradiction = true;
      return total;
    }
  }
}

Found reduce(Candidates& c, const LogicTables& tables, Level level, std::vector<Step>* steps,
             Technique* hardest, bool unique, const std::atomic<bool>* stop) {
  const auto stopped = [stop] { return stop != nullptr && stop->load(std::memory_order_relaxed); };
  Found total;
  if (steps == nullptr && hardest == nullptr) {
    // Nothing to explain: the singles run in the fast propagation, the rest in between.
    while (true) {
      if (!c.propagate_singles()) {
        total.contradiction = true;
        return total;
      }
      if (c.solved() || stopped()) return total;
      if (level == Level::full ? !apply_ladder(c, tables, unique)
                               : !apply_easiest(c, tables, level, false, nullptr, 0, nullptr))
        return total;
      ++total.steps;
      if (has_empty_cell(c)) {
        total.contradiction = true;
        return total;
      }
    }
  }
  std::optional<EasiestFirst> path;
  std::vector<Step> own;
  double hardest_difficulty = 0;
  while (!c.solved() && !stopped()) {
    if (find_contradiction(c, steps).contradiction) {
      total.contradiction = true;
      return total;
    }
    Technique used = Technique::full_house;
    const std::size_t before = steps ? steps->size() : 0;
    if (level == Level::full) {
      // Explained, the full ladder takes the rating's path (EasiestFirst).
      if (!path) {
        path.emplace(tables, unique);
        path->set_stop_flag(stop);
      }
      std::vector<Step>& list = steps ? *steps : own;
      if (!steps) own.clear();
      const std::size_t first = list.size();
      if (path->round(c, list, hardest_difficulty) == 0) break;
      ++total.steps;
      for (std::size_t i = first; i < list.size(); ++i) {
        hardest_difficulty = std::max(hardest_difficulty, step_difficulty(list[i]));
        if (hardest && base_difficulty(list[i].technique) > base_difficulty(*hardest))
          *hardest = list[i].technique;
      }
      continue;
    }
    if (!apply_easiest(c, tables, level, true, steps, 0, &used)) break;
    ++total.steps;
    if (hardest) {
      if (steps)
        for (std::size_t i = before; i < steps->size(); ++i)
          used = std::max(used, (*steps)[i].technique);
      *hardest = std::max(*hardest, used);
    }
  }
  if (find_contradiction(c, steps).contradiction) total.contradiction = true;
  return total;
}

bool next_step(const Candidates& c, const LogicTables& tables, Step& step, Level level, bool unique,
               const std::atomic<bool>* stop) {
  std::vector<Step> steps;
  if (find_contradiction(c, &steps).contradiction) {
    step = steps.front();
    return true;
  }
  Candidates copy = c;
  EasiestFirst path(tables, unique);
  path.set_stop_flag(stop);
  if (level == Level::full ? path.round(copy, steps) == 0
                           : !apply_easiest(copy, tables, level, true, &steps, 1, nullptr))
    return false;
  if (steps.empty()) return false;
  step = steps.front();
  return true;
}

}  // namespace sudoku
