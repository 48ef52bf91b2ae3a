#include "sudoku/play/explain.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

#include "logic/techniques.hpp"
#include "sudoku/logic/rating.hpp"

namespace sudoku {

Candidates start_candidates(const Geometry& geometry, const Grid& grid) {
  Candidates c(geometry);
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    if (const int d = grid[static_cast<std::size_t>(cell)]; d != 0) c.assign(cell, d);
  // The digits the rules forbid a cell (odd and even cells) are never candidates, as in the
  // search's Candidates::reset; a digit placed against them stays (the search finds no solution).
  if (geometry.restricts_cells())
    for (int cell = 0; cell < geometry.cell_count(); ++cell) {
      if (c.value(cell) != 0) continue;
      const Mask gone = c.mask(cell) & ~geometry.allowed(cell);
      for (int d = 1; d <= geometry.size(); ++d)
        if (gone & digit_bit(d)) c.eliminate(cell, d);
    }
  return c;
}

Candidates start_candidates(const Record& record) {
  Candidates c = start_candidates(*record.geometry, record.givens);
  if (record.candidates.empty()) return c;
  const int n = record.geometry->size();
  for (int cell = 0; cell < record.geometry->cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    const Mask gone = c.mask(cell) & ~record.candidates[static_cast<std::size_t>(cell)];
    for (int d = 1; d <= n; ++d)
      if (gone & digit_bit(d)) c.eliminate(cell, d);
  }
  return c;
}

std::vector<int> cells_of(const Step& step) {
  std::vector<int> cells = step.cells;
  for (const Candidate& p : step.placed) cells.push_back(p.cell);
  for (const Candidate& r : step.removed) cells.push_back(r.cell);
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}

namespace {

// Where a step's reasoning is: its houses, or else one house holding all its cells (a box-like
// one first: a person scans those first), or none.
std::vector<int> where_to_look(const Geometry& g, const Step& step) {
  if (!step.houses.empty()) return step.houses;
  std::vector<int> cells = step.cells;
  if (cells.empty())
    for (const Candidate& p : step.placed) cells.push_back(p.cell);
  if (cells.empty()) return {};
  int best = -1;
  for (int h : g.houses_of(cells.front())) {
    const std::vector<int>& in = g.houses()[static_cast<std::size_t>(h)].cells;
    const bool all = std::all_of(cells.begin(), cells.end(), [&](int cell) {
      return std::find(in.begin(), in.end(), cell) != in.end();
    });
    if (!all) continue;
    const HouseKind kind = g.houses()[static_cast<std::size_t>(h)].kind;
    const bool boxy = kind != HouseKind::row && kind != HouseKind::column;
    if (best < 0 ||
        (boxy && (g.houses()[static_cast<std::size_t>(best)].kind == HouseKind::row ||
                  g.houses()[static_cast<std::size_t>(best)].kind == HouseKind::column)))
      best = h;
  }
  if (best < 0) return {};
  return {best};
}

std::string digit_words(int n, Mask digits, const Symbols& symbols) {
  std::string out;
  for (int d = 1; d <= n; ++d)
    if (digits & digit_bit(d)) {
      if (!out.empty()) out += ", ";
      out += symbols.is_default() ? std::to_string(d) : std::string(1, symbols.symbol(n, d));
    }
  return out;
}

}  // namespace

HintStage hint_stage(const Geometry& g, const Step& step, int stage, const Symbols& symbols) {
  if (stage >= 3)
    return {describe(g, step, symbols), cells_of(step), describe_links(g, step, symbols)};
  HintStage out;
  // A rule's step names the rule ("sandwich in column 3"), others their technique.
  out.text = std::string(technique_name(step.technique));
  if (!step.constraints.empty())
    out.text =
        g.rules()[static_cast<std::size_t>(g.constraint_rule(step.constraints.front()))]->keyword();
  else if (!step.relations.empty())
    out.text = g.rules()[static_cast<std::size_t>(
                             g.relations()[static_cast<std::size_t>(step.relations.front())].rule)]
                   ->keyword();
  const std::vector<int> houses = where_to_look(g, step);
  for (std::size_t i = 0; i < houses.size(); ++i) {
    out.text += (i == 0 ? " in " : ", ") + g.house_name(houses[i]);
    const std::vector<int>& cells = g.houses()[static_cast<std::size_t>(houses[i])].cells;
    out.cells.insert(out.cells.end(), cells.begin(), cells.end());
  }
  if (stage >= 2) {
    const std::string digits = digit_words(g.size(), step.digits, symbols);
    std::string cells;
    for (int cell : step.cells) cells += (cells.empty() ? "" : ", ") + cell_name(g, cell);
    if (!digits.empty() || !cells.empty()) {
      out.text += ":";
      if (!digits.empty()) out.text += " " + digits;
      if (!cells.empty()) out.text += (digits.empty() ? " " : " in ") + cells;
    }
    out.cells = step.cells;
  }
  std::sort(out.cells.begin(), out.cells.end());
  out.cells.erase(std::unique(out.cells.begin(), out.cells.end()), out.cells.end());
  return out;
}

std::vector<Arrow> arrows_of(const Step& step) {
  std::vector<Arrow> out;
  const auto add = [&](Candidate from, Candidate to, bool strong) {
    for (const Arrow& a : out)
      if (a.from.cell == from.cell && a.from.digit == from.digit && a.to.cell == to.cell &&
          a.to.digit == to.digit)
        return;
    out.push_back({from, to, strong});
  };
  const std::vector<ChainNode>& nodes = step.chain.nodes;
  for (std::size_t i = 0; i + 1 < nodes.size(); ++i)
    if (!nodes[i].cells.empty() && !nodes[i + 1].cells.empty())
      add({nodes[i].cells.front(), nodes[i].digit},
          {nodes[i + 1].cells.front(), nodes[i + 1].digit},
          i < step.chain.strong.size() && step.chain.strong[i]);
  for (const Branch& b : step.branches)
    for (const Implication& f : b.facts)
      for (const int p : f.parents) {
        const Implication& from = b.facts[static_cast<std::size_t>(p)];
        add({from.cell, from.digit}, {f.cell, f.digit}, f.on);
      }
  return out;
}

std::string technique_counts(const std::vector<Step>& steps) {
  std::map<Technique, int> by_technique;
  for (const Step& step : steps) ++by_technique[step.technique];
  // Easiest first, in the full ladder's order (Sudoku Explainer's difficulty; the enum's order
  // has the ladder's own hidden singles after the chains).
  std::vector<std::pair<Technique, int>> counts(by_technique.begin(), by_technique.end());
  std::stable_sort(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
    return base_difficulty(a.first) < base_difficulty(b.first);
  });
  // Techniques of one name (hidden singles in a box and in a line) counted as one, at the first.
  std::vector<std::pair<std::string_view, int>> named;
  for (const auto& [technique, count] : counts) {
    const std::string_view name = technique_name(technique);
    const auto same = std::find_if(named.begin(), named.end(),
                                   [&](const auto& entry) { return entry.first == name; });
    if (same == named.end())
      named.emplace_back(name, count);
    else
      same->second += count;
  }
  std::string out;
  for (const auto& [name, count] : named) {
    if (!out.empty()) out += ", ";
    out += std::string(name) + " " + std::to_string(count);
  }
  return out.empty() ? "no step" : out;
}

bool uniqueness_applies(Uniqueness uniqueness, const Grid& givens, Solver& solver) {
  if (uniqueness != Uniqueness::when_proved) return uniqueness == Uniqueness::assumed;
  try {
    const SolveResult r = solver.count(givens, 2);
    return r.solutions == 1 && r.complete;
  } catch (const ClashError&) {
    return false;
  }
}

bool uniqueness_applies(Uniqueness uniqueness, const Candidates& position, Solver& solver) {
  if (uniqueness != Uniqueness::when_proved) return uniqueness == Uniqueness::assumed;
  const SolveResult r = solver.count(position, 2);
  return r.solutions == 1 && r.complete;
}

namespace {

// rate() from `start`; the counts search from the givens when given (the plain puzzle's own
// search, nodes and all), else from `start`.
Rating rate_from(const Candidates& start, const Grid* givens, Solver& solver,
                 const LogicTables& tables, std::vector<Step>* steps, Uniqueness uniqueness) {
  const auto count = [&] { return givens ? solver.count(*givens, 2) : solver.count(start, 2); };
  // With the count the uniqueness takes: a puzzle of several solutions is rated without the
  // nested forcing chains (logic cannot finish it; they would search at length first).
  bool unique = uniqueness == Uniqueness::assumed, several = false;
  if (uniqueness == Uniqueness::when_proved) {
    try {
      const SolveResult r = count();
      unique = r.solutions == 1 && r.complete;
      several = r.solutions >= 2;
    } catch (const ClashError&) {
    }
  }
  Rating rating;
  Candidates c = start;
  std::vector<Step> own;
  std::vector<Step>& list = steps ? *steps : own;
  Technique hardest = Technique::full_house;
  double hardest_difficulty = 0;
  bool first_step = true, first_placement = true;
  bool contradiction = false;
  EasiestFirst path(tables, unique, false, !several);
  while (!c.solved()) {
    if (find_contradiction(c).contradiction) {
      contradiction = true;
      break;
    }
    if (!steps) own.clear();
    const std::size_t before = list.size();
    if (path.round(c, list, rating.er) == 0) break;
    bool placed = false;
    for (std::size_t i = before; i < list.size(); ++i) {
      const double d = step_difficulty(list[i]);
      if (d > hardest_difficulty || rating.steps == 0) {
        hardest_difficulty = std::max(d, hardest_difficulty);
        hardest = list[i].technique;
      }
      rating.er = std::max(rating.er, d);
      placed = placed || !list[i].placed.empty();
      rating.hodoku = std::max(rating.hodoku, hodoku_level(list[i].technique));
      rating.qqwing = std::max(rating.qqwing, qqwing_level(list[i].technique));
      ++rating.steps;
    }
    if (first_step) rating.ed = rating.er;
    if (first_placement && placed) rating.ep = rating.er;
    first_step = false;
    first_placement = first_placement && !placed;
  }
  rating.used_logic = rating.steps > 0;
  rating.hardest = hardest;
  if (contradiction || find_contradiction(c).contradiction) {
    rating.solvable = false;
    return rating;
  }
  if (c.solved()) return rating;
  rating.er = unsolved_rating;
  if (first_step) rating.ed = unsolved_rating;
  if (first_placement) rating.ep = unsolved_rating;
  rating.hodoku = HodokuLevel::extreme;
  rating.qqwing = QqwingLevel::expert;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell)
    if (c.value(cell) == 0) ++rating.open;
  rating.search = count();
  rating.solvable = rating.search.solutions > 0;
  return rating;
}

}  // namespace

Rating rate(const Grid& givens, Solver& solver, const LogicTables& tables, std::vector<Step>* steps,
            Uniqueness uniqueness) {
  return rate_from(start_candidates(solver.geometry(), givens), &givens, solver, tables, steps,
                   uniqueness);
}

Rating rate(const Candidates& position, Solver& solver, const LogicTables& tables,
            std::vector<Step>* steps, Uniqueness uniqueness) {
  return rate_from(position, nullptr, solver, tables, steps, uniqueness);
}

std::string format_rating(const Rating& rating) {
  // One decimal, as Sudoku Explainer prints its ratings.
  const auto tenths = [](double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return std::string(text);
  };
  return tenths(rating.er) + "/" + tenths(rating.ep) + "/" + tenths(rating.ed) + " " +
         std::string(hodoku_level_name(rating.hodoku));
}

}  // namespace sudoku
