#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/rating.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/search/solver.hpp"

namespace {

using sudoku::Candidate;
using sudoku::Candidates;
using sudoku::digit_bit;
using sudoku::Found;
using sudoku::Geometry;
using sudoku::Grid;
using sudoku::HodokuLevel;
using sudoku::HouseKind;
using sudoku::Level;
using sudoku::LogicTables;
using sudoku::Mask;
using sudoku::Step;
using sudoku::Technique;
using sudoku::Variant;

Grid grid_of(std::string_view text) {
  Grid g;
  for (char ch : text)
    g.push_back(ch >= '1' && ch <= '9' ? static_cast<std::uint8_t>(ch - '0') : 0);
  return g;
}

std::size_t at(int cell) {
  return static_cast<std::size_t>(cell);
}

// The candidates a person starts from: each given placed and taken from its peers, no cascade.
Candidates start(const Geometry& g, const Grid& givens) {
  Candidates c(g);
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (givens[at(cell)] != 0) {
      EXPECT_TRUE(c.assign(cell, givens[at(cell)])) << sudoku::cell_name(g.size(), cell);
    }
  return c;
}

// Candidates from a pencil-mark grid: one token per cell in reading order, "=d" for a placed
// digit, otherwise the digits still possible in the cell.
Candidates position(const Geometry& g, std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> tokens;
  for (std::string token; in >> token;) tokens.push_back(token);
  Candidates c(g);
  if (tokens.size() != at(g.cell_count())) {
    ADD_FAILURE() << tokens.size() << " tokens for " << g.cell_count() << " cells";
    return c;
  }
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (tokens[at(cell)][0] == '=') {
      EXPECT_TRUE(c.assign(cell, tokens[at(cell)][1] - '0')) << sudoku::cell_name(g.size(), cell);
    }
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const std::string& token = tokens[at(cell)];
    if (token[0] == '=') continue;
    Mask keep = 0;
    for (char ch : token) keep |= sudoku::digit_bit(ch - '0');
    EXPECT_EQ(c.mask(cell) & keep, keep)
        << "a placed peer already rules out a candidate of " << sudoku::cell_name(g.size(), cell);
    for (int d = 1; d <= g.size(); ++d)
      if ((keep & sudoku::digit_bit(d)) == 0) c.eliminate(cell, d);
  }
  return c;
}

std::vector<int> digits_of(Mask m) {
  std::vector<int> out;
  for (int d = 1; m != 0; ++d, m >>= 1)
    if (m & 1) out.push_back(d);
  return out;
}

bool same_state(const Candidates& a, const Candidates& b) {
  for (int cell = 0; cell < a.geometry().cell_count(); ++cell)
    if (a.mask(cell) != b.mask(cell) || a.value(cell) != b.value(cell)) return false;
  return true;
}

bool same_step(const Step& a, const Step& b) {
  const auto same = [](const std::vector<Candidate>& x, const std::vector<Candidate>& y) {
    return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](Candidate p, Candidate q) {
      return p.cell == q.cell && p.digit == q.digit;
    });
  };
  return a.technique == b.technique && a.houses == b.houses && a.cells == b.cells &&
         a.digits == b.digits && same(a.placed, b.placed) && same(a.removed, b.removed);
}

// The solution keeps every candidate it needs: each placed digit is the solution's, and each
// open cell still has the solution's digit.
::testing::AssertionResult agrees(const Candidates& c, const Grid& solution) {
  const Geometry& g = c.geometry();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int d = solution[at(cell)];
    if (c.value(cell) != 0 && c.value(cell) != d)
      return ::testing::AssertionFailure()
             << sudoku::cell_name(g.size(), cell) << " holds " << c.value(cell) << ", not " << d;
    if ((c.mask(cell) & sudoku::digit_bit(d)) == 0)
      return ::testing::AssertionFailure()
             << sudoku::cell_name(g.size(), cell) << " lost its solution digit " << d;
  }
  return ::testing::AssertionSuccess();
}

// A step is sound when it places only the solution's digits and removes none of them.
::testing::AssertionResult sound(const Geometry& g, const Step& step, const Grid& solution) {
  for (const Candidate& p : step.placed)
    if (solution[at(p.cell)] != p.digit)
      return ::testing::AssertionFailure() << "wrong digit placed: " << describe(g, step);
  for (const Candidate& r : step.removed)
    if (solution[at(r.cell)] == r.digit)
      return ::testing::AssertionFailure()
             << "solution digit " << r.digit << " of " << sudoku::cell_name(g.size(), r.cell)
             << " removed: " << describe(g, step);
  return ::testing::AssertionSuccess();
}

// A solved grid from a base solution: digits relabelled, rows and columns mirrored, the grid
// transposed when its boxes are square, and for regular grids bands, stacks and the rows and
// columns inside them permuted. Each of these maps every house of the geometry onto a house.
Grid shuffled(const Geometry& g, const Grid& base, std::mt19937& rng) {
  const int n = g.size();
  std::vector<int> label(at(n + 1), 0), rows(at(n)), cols(at(n));
  for (int d = 1; d <= n; ++d) label[at(d)] = d;
  std::shuffle(label.begin() + 1, label.end(), rng);
  for (int i = 0; i < n; ++i) rows[at(i)] = cols[at(i)] = i;
  if (g.variant() == Variant::regular) {
    const auto permute = [&](std::vector<int>& lines, int band) {
      std::vector<int> bands(at(n / band));
      for (int b = 0; b < n / band; ++b) bands[at(b)] = b;
      std::shuffle(bands.begin(), bands.end(), rng);
      std::vector<int> out;
      for (int b : bands) {
        std::vector<int> inner(lines.begin() + b * band, lines.begin() + (b + 1) * band);
        std::shuffle(inner.begin(), inner.end(), rng);
        out.insert(out.end(), inner.begin(), inner.end());
      }
      lines = out;
    };
    permute(rows, g.box_rows());
    permute(cols, g.box_cols());
  }
  if (rng() % 2) std::reverse(rows.begin(), rows.end());
  if (rng() % 2) std::reverse(cols.begin(), cols.end());
  const bool transpose = g.box_rows() == g.box_cols() && rng() % 2;
  Grid out(at(g.cell_count()));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int from = rows[at(r)] * n + cols[at(c)];
      out[at(transpose ? c * n + r : r * n + c)] = static_cast<std::uint8_t>(label[base[at(from)]]);
    }
  return out;
}

// A solved grid of the geometry found by the exact-cover search alone (no logic).
Grid base_solution(const Geometry& g) {
  sudoku::Solver solver(g);
  solver.set_logic(sudoku::Logic::none);
  return solver.solve(Grid(at(g.cell_count()), 0)).first;
}

// The solution with only `givens` of its cells kept, chosen at random.
Grid blanked(const Grid& solution, int givens, std::mt19937& rng) {
  std::vector<int> cells(solution.size());
  for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<int>(i);
  std::shuffle(cells.begin(), cells.end(), rng);
  Grid puzzle(solution.size(), 0);
  for (int i = 0; i < givens; ++i) puzzle[at(cells[at(i)])] = solution[at(cells[at(i)])];
  return puzzle;
}

struct Kind {
  int size;
  Variant variant;
  int puzzles;
};

std::string kind_name(const Kind& kind) {
  return std::to_string(kind.size) + "x" + std::to_string(kind.size) + " " +
         std::string(sudoku::variant_name(kind.variant));
}

// The explained reduction of a puzzle: every step and the end state agree with the solution,
// `hardest` is the hardest technique among the steps, and the fast reduction (no steps) at
// every level agrees with the solution too.
void check_reduction(const Geometry& g, const LogicTables& tables, const Grid& puzzle,
                     const Grid& solution, const std::string& context) {
  Candidates c = start(g, puzzle);
  std::vector<Step> steps;
  Technique hardest = Technique::full_house;
  const Found found = reduce(c, tables, Level::all, &steps, &hardest);
  EXPECT_FALSE(found.contradiction) << context;
  Technique most = Technique::full_house;
  for (const Step& step : steps) {
    ASSERT_TRUE(sound(g, step, solution)) << context;
    EXPECT_NE(step.technique, Technique::contradiction) << context;
    most = std::max(most, step.technique);
  }
  EXPECT_TRUE(agrees(c, solution)) << context;
  EXPECT_EQ(hardest, most) << context;
  for (Level level : {Level::singles, Level::fast, Level::all}) {
    Candidates fast(g);
    ASSERT_TRUE(fast.reset(puzzle)) << context;
    EXPECT_FALSE(reduce(fast, tables, level).contradiction) << context;
    EXPECT_TRUE(agrees(fast, solution)) << context << ", level " << static_cast<int>(level);
  }
  // The pairs after locked candidates only: between the singles and the fast level.
  Candidates singles(g), fast(g), gated(g);
  ASSERT_TRUE(singles.reset(puzzle) && fast.reset(puzzle) && gated.reset(puzzle)) << context;
  reduce(singles, tables, Level::singles);
  reduce(fast, tables, Level::fast);
  EXPECT_FALSE(sudoku::reduce_pairs_after_locked(gated, tables).contradiction) << context;
  EXPECT_TRUE(agrees(gated, solution)) << context;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    EXPECT_EQ(gated.mask(cell) & singles.mask(cell), gated.mask(cell)) << context;
    EXPECT_EQ(gated.mask(cell) & fast.mask(cell), fast.mask(cell)) << context;
  }
}

TEST(SudokuLogicSoundness, RandomPuzzlesOfEveryVariantNeverLoseTheSolution) {
  std::mt19937 rng(4);
  for (const Kind& kind : {Kind{9, Variant::regular, 1200}, Kind{9, Variant::hyper, 400},
                           Kind{9, Variant::x, 400}, Kind{9, Variant::hyper_x, 400},
                           Kind{6, Variant::regular, 400}, Kind{4, Variant::regular, 300}}) {
    const Geometry g(kind.size, kind.variant);
    const LogicTables tables(g);
    const Grid base = base_solution(g);
    ASSERT_TRUE(sudoku::is_solution(g, Grid(base.size(), 0), base)) << kind_name(kind);
    // 30 to 60 givens of 81, and the same share of smaller grids.
    const int fewest = g.cell_count() * 30 / 81, most = g.cell_count() * 60 / 81;
    for (int i = 0; i < kind.puzzles; ++i) {
      const Grid solution = shuffled(g, base, rng);
      ASSERT_TRUE(sudoku::is_solution(g, Grid(base.size(), 0), solution)) << kind_name(kind);
      const int givens =
          fewest + static_cast<int>(rng() % static_cast<unsigned>(most - fewest + 1));
      const Grid puzzle = blanked(solution, givens, rng);
      check_reduction(g, tables, puzzle, solution,
                      kind_name(kind) + " puzzle " + std::to_string(i));
      if (HasFatalFailure()) return;
    }
  }
}

// Well-known puzzles, most of them hard, each checked against the solution the exact-cover search
// finds.
TEST(SudokuLogicSoundness, FamousPuzzlesNeverLoseTheSolution) {
  const Geometry g(9);
  const LogicTables tables(g);
  sudoku::Solver solver(g);
  solver.set_logic(sudoku::Logic::none);
  const std::vector<std::string> puzzles = {
      // Arto Inkala (2012), "the world's hardest sudoku".
      "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
      // Arto Inkala (2006), "AI Escargot".
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
      // "Easter Monster" (Sudoku Players' Forum, 2007), one of the hardest known.
      "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
      // Peter Norvig's essay "Solving Every Sudoku Puzzle": top95 #1 and his "hardest" one.
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
      "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
      // Wikipedia's "Sudoku" article, the example puzzle.
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
  };
  for (const std::string& text : puzzles) {
    const Grid puzzle = grid_of(text);
    const auto result = solver.count(puzzle, 2);
    ASSERT_EQ(result.solutions, 1u) << text;
    check_reduction(g, tables, puzzle, result.first, text);
  }
  // Inkala's published solution, as a check on the checker.
  const std::string inkala_solution =
      "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
  EXPECT_EQ(solver.solve(grid_of(puzzles[0])).first, grid_of(inkala_solution));
}

// A technique function run on its own, with the per-technique facts its steps must show.
struct Runner {
  Technique family;  // the first technique it can report
  int size;          // subset or fish size, 0 otherwise
  std::function<Found(Candidates&, std::vector<Step>*, int)> run;
};

std::vector<Runner> runners(const LogicTables& tables) {
  using sudoku::basic_fish;
  using sudoku::hidden_subset;
  using sudoku::naked_subset;
  std::vector<Runner> out = {
      {Technique::full_house, 0, [](Candidates& c, auto* s, int l) { return full_house(c, s, l); }},
      {Technique::naked_single, 0,
       [](Candidates& c, auto* s, int l) { return naked_single(c, s, l); }},
      {Technique::hidden_single, 0,
       [](Candidates& c, auto* s, int l) { return hidden_single(c, s, l); }},
      {Technique::locked_pointing, 0,
       [&tables](Candidates& c, auto* s, int l) { return locked_candidates(c, tables, s, l); }},
  };
  for (int size = 2; size <= 4; ++size) {
    out.push_back({size == 2   ? Technique::naked_pair
                   : size == 3 ? Technique::naked_triple
                               : Technique::naked_quad,
                   size,
                   [size](Candidates& c, auto* s, int l) { return naked_subset(c, size, s, l); }});
    out.push_back({size == 2   ? Technique::hidden_pair
                   : size == 3 ? Technique::hidden_triple
                               : Technique::hidden_quad,
                   size,
                   [size](Candidates& c, auto* s, int l) { return hidden_subset(c, size, s, l); }});
  }
  for (int size = 2; size <= 3; ++size)
    out.push_back({size == 2 ? Technique::x_wing : Technique::swordfish, size,
                   [size](Candidates& c, auto* s, int l) { return basic_fish(c, size, s, l); }});
  return out;
}

bool is_line(HouseKind kind) {
  return kind == HouseKind::row || kind == HouseKind::column;
}

// What the step claims holds in the candidates it was found on (`c`, before the step).
::testing::AssertionResult well_founded(const Candidates& c, const Runner& runner,
                                        const Step& step) {
  const Geometry& g = c.geometry();
  const auto fail = [&]() { return ::testing::AssertionFailure() << describe(g, step) << ": "; };
  const auto cells_of = [&](int house) -> const std::vector<int>& {
    return g.houses()[at(house)].cells;
  };
  const auto in = [](const std::vector<int>& list, int x) {
    return std::find(list.begin(), list.end(), x) != list.end();
  };
  const auto open = [&](int cell) { return c.value(cell) == 0; };
  const auto single_digit = [&]() { return sudoku::count_of(step.digits) == 1; };
  const int digit = step.digits != 0 ? digits_of(step.digits).front() : 0;
  const Mask bit = step.digits;
  for (const Candidate& p : step.placed)
    if (!open(p.cell) || (c.mask(p.cell) & sudoku::digit_bit(p.digit)) == 0)
      return fail() << "places a digit that is no candidate";
  for (const Candidate& r : step.removed)
    if (!open(r.cell) || (c.mask(r.cell) & sudoku::digit_bit(r.digit)) == 0)
      return fail() << "removes a candidate that is none";
  switch (runner.family) {
    case Technique::full_house: {
      if (step.technique != Technique::full_house || step.houses.size() != 1 ||
          step.cells.size() != 1 || step.placed.size() != 1 || !step.removed.empty())
        return fail() << "shape";
      Mask placed = 0;
      for (int cell : cells_of(step.houses[0])) {
        if (open(cell) && cell != step.cells[0]) return fail() << "another open cell";
        if (!open(cell)) placed |= c.mask(cell);
      }
      if ((c.all() & ~placed) != bit || !single_digit()) return fail() << "not the missing digit";
      if (step.placed[0].cell != step.cells[0] || step.placed[0].digit != digit)
        return fail() << "placed elsewhere";
      break;
    }
    case Technique::naked_single:
      if (step.technique != Technique::naked_single || step.cells.size() != 1 ||
          step.placed.size() != 1 || !step.removed.empty() || !single_digit())
        return fail() << "shape";
      if (c.mask(step.cells[0]) != bit || step.placed[0].cell != step.cells[0] ||
          step.placed[0].digit != digit)
        return fail() << "not a single candidate";
      break;
    case Technique::hidden_single:
      if (step.technique != Technique::hidden_single || step.houses.size() != 1 ||
          step.cells.size() != 1 || step.placed.size() != 1 || !step.removed.empty() ||
          !single_digit())
        return fail() << "shape";
      if (!in(cells_of(step.houses[0]), step.cells[0])) return fail() << "cell outside the house";
      for (int cell : cells_of(step.houses[0]))
        if (cell != step.cells[0] && (c.mask(cell) & bit)) return fail() << "another place";
      if (step.placed[0].cell != step.cells[0] || step.placed[0].digit != digit)
        return fail() << "placed elsewhere";
      break;
    case Technique::locked_pointing: {
      if (step.houses.size() != 2 || !single_digit() || !step.placed.empty() ||
          step.removed.empty())
        return fail() << "shape";
      const int from = step.houses[0], to = step.houses[1];
      const Technique expected = is_line(g.houses()[at(from)].kind) ? Technique::locked_claiming
                                                                    : Technique::locked_pointing;
      if (step.technique != expected) return fail() << "pointing and claiming mixed up";
      std::vector<int> shared, places;
      for (int cell : cells_of(from))
        if (in(cells_of(to), cell)) {
          shared.push_back(cell);
          if (open(cell) && (c.mask(cell) & bit)) places.push_back(cell);
        }
      std::vector<int> cells = step.cells;
      std::sort(cells.begin(), cells.end());
      std::sort(places.begin(), places.end());
      if (shared.size() < 2) return fail() << "not an intersection";
      if (cells != places) return fail() << "cells are not the digit's places";
      for (int cell : cells_of(from))
        if (open(cell) && (c.mask(cell) & bit) && !in(shared, cell))
          return fail() << "the digit is not confined";
      for (const Candidate& r : step.removed)
        if (r.digit != digit || !in(cells_of(to), r.cell) || in(shared, r.cell))
          return fail() << "removal outside the rest of the other house";
      break;
    }
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad: {
      if (step.technique != runner.family || step.houses.size() != 1 ||
          static_cast<int>(step.cells.size()) != runner.size ||
          sudoku::count_of(step.digits) != runner.size || !step.placed.empty() ||
          step.removed.empty())
        return fail() << "shape";
      Mask together = 0;
      for (int cell : step.cells) {
        if (!open(cell) || !in(cells_of(step.houses[0]), cell)) return fail() << "a subset cell";
        together |= c.mask(cell);
      }
      if (together != bit) return fail() << "the cells hold other digits";
      for (const Candidate& r : step.removed)
        if (!in(cells_of(step.houses[0]), r.cell) || in(step.cells, r.cell) ||
            (bit & sudoku::digit_bit(r.digit)) == 0)
          return fail() << "removal outside the rest of the house";
      break;
    }
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad: {
      if (step.technique != runner.family || step.houses.size() != 1 ||
          static_cast<int>(step.cells.size()) != runner.size ||
          sudoku::count_of(step.digits) != runner.size || !step.placed.empty() ||
          step.removed.empty())
        return fail() << "shape";
      for (int cell : step.cells)
        if (!open(cell) || !in(cells_of(step.houses[0]), cell)) return fail() << "a subset cell";
      for (int cell : cells_of(step.houses[0]))
        if ((c.mask(cell) & bit) && (!open(cell) || !in(step.cells, cell)))
          return fail() << "a digit has another place or is placed";
      for (const Candidate& r : step.removed)
        if (!in(step.cells, r.cell) || (bit & sudoku::digit_bit(r.digit)) != 0)
          return fail() << "removal outside the subset cells or of a subset digit";
      break;
    }
    case Technique::x_wing:
    case Technique::swordfish: {
      const auto k = static_cast<std::size_t>(runner.size);
      if (step.technique != runner.family || step.houses.size() != 2 * k || !single_digit() ||
          !step.placed.empty() || step.removed.empty())
        return fail() << "shape";
      const std::vector<int> base(step.houses.begin(), step.houses.begin() + runner.size);
      const std::vector<int> cover(step.houses.begin() + runner.size, step.houses.end());
      const HouseKind base_kind = g.houses()[at(base[0])].kind;
      for (int h : base)
        if (g.houses()[at(h)].kind != base_kind || !is_line(base_kind)) return fail() << "base";
      for (int h : cover)
        if (g.houses()[at(h)].kind == base_kind || !is_line(g.houses()[at(h)].kind))
          return fail() << "cover";
      const auto in_any = [&](const std::vector<int>& houses, int cell) {
        for (int h : houses)
          if (in(cells_of(h), cell)) return true;
        return false;
      };
      std::vector<int> corners;
      for (int h : base)
        for (int cell : cells_of(h)) {
          if (!open(cell) || (c.mask(cell) & bit) == 0) continue;
          if (!in_any(cover, cell)) return fail() << "a base place outside the cover";
          corners.push_back(cell);
        }
      std::vector<int> cells = step.cells;
      std::sort(cells.begin(), cells.end());
      std::sort(corners.begin(), corners.end());
      if (cells != corners) return fail() << "cells are not the fish's places";
      for (const Candidate& r : step.removed)
        if (r.digit != digit || !in_any(cover, r.cell) || in_any(base, r.cell))
          return fail() << "removal outside the cover";
      break;
    }
    default:
      return fail() << "unexpected family";
  }
  return ::testing::AssertionSuccess();
}

// Every technique function on random positions: a puzzle with few givens (possibly more than one
// solution, which only makes the check stricter), with random wrong candidates removed so that
// subsets and fish appear. Each step must be sound, hold what it claims on the candidates it was
// found on, and replay to the function's own end state; without steps the function must do the
// same; with limit 1 it must find the first step only.
TEST(SudokuLogicSoundness, EachTechniqueOnRandomPositions) {
  std::mt19937 rng(7);
  std::map<Technique, int> seen;
  for (const Kind& kind : {Kind{9, Variant::regular, 300}, Kind{9, Variant::hyper, 100},
                           Kind{9, Variant::x, 100}, Kind{6, Variant::regular, 100}}) {
    const Geometry g(kind.size, kind.variant);
    const LogicTables tables(g);
    const Grid base = base_solution(g);
    const auto all = runners(tables);
    for (int i = 0; i < kind.puzzles; ++i) {
      const std::string context = kind_name(kind) + " position " + std::to_string(i);
      const Grid solution = shuffled(g, base, rng);
      const int givens = g.cell_count() * (20 + static_cast<int>(rng() % 13)) / 81;
      Candidates position = start(g, blanked(solution, givens, rng));
      const double drop = std::uniform_real_distribution<double>(0.0, 0.5)(rng);
      for (int cell = 0; cell < g.cell_count(); ++cell)
        for (int d = 1; d <= g.size(); ++d)
          if (d != solution[at(cell)] && position.value(cell) == 0 &&
              std::uniform_real_distribution<double>(0.0, 1.0)(rng) < drop)
            position.eliminate(cell, d);
      for (const Runner& runner : all) {
        const std::string where = context + ", " + std::string(technique_name(runner.family));
        Candidates with = position;
        std::vector<Step> steps;
        const Found found = runner.run(with, &steps, 0);
        EXPECT_EQ(found.steps, static_cast<int>(steps.size())) << where;
        EXPECT_FALSE(found.contradiction) << where;
        Candidates replay = position;
        for (const Step& step : steps) {
          ASSERT_TRUE(sound(g, step, solution)) << where;
          ASSERT_TRUE(well_founded(replay, runner, step)) << where;
          for (const Candidate& p : step.placed) replay.assign(p.cell, p.digit);
          for (const Candidate& r : step.removed) replay.eliminate(r.cell, r.digit);
          ++seen[step.technique];
        }
        EXPECT_TRUE(same_state(replay, with)) << where << ": the steps do not tell all it did";
        Candidates without = position;
        EXPECT_EQ(runner.run(without, nullptr, 0).steps, found.steps) << where;
        EXPECT_TRUE(same_state(without, with)) << where << ": differs without steps";
        Candidates limited = position;
        std::vector<Step> first;
        EXPECT_EQ(runner.run(limited, &first, 1).steps, std::min(found.steps, 1)) << where;
        ASSERT_EQ(first.size(), steps.empty() ? 0u : 1u) << where;
        if (!first.empty()) {
          EXPECT_TRUE(same_step(first[0], steps[0])) << where;
        }
      }
    }
  }
  // Every technique showed up, so none of the checks above was vacuous.
  for (Technique t :
       {Technique::full_house, Technique::naked_single, Technique::hidden_single,
        Technique::locked_pointing, Technique::locked_claiming, Technique::naked_pair,
        Technique::naked_triple, Technique::naked_quad, Technique::hidden_pair,
        Technique::hidden_triple, Technique::hidden_quad, Technique::x_wing, Technique::swordfish})
    EXPECT_GT(seen[t], 0) << technique_name(t);
}

// The pairs of naked_subset and hidden_subset, found the plain way: every house in order, every
// two of its cells (naked) or digits (hidden) in order, each elimination applied at once.
std::vector<Step> reference_pairs(Candidates& c, bool naked) {
  const Geometry& g = c.geometry();
  std::vector<Step> steps;
  const auto members = [](std::uint64_t m) {
    int k = 0;
    for (; m != 0; m &= m - 1) ++k;
    return k;
  };
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    const std::vector<int>& cells = g.houses()[at(h)].cells;
    std::vector<int> open;
    std::vector<Mask> where;  // hidden: per digit (1-based index), its places in `cells`
    std::vector<int> few;     // hidden: digits with one or two places
    Mask placed = 0;
    for (int cell : cells)
      if (c.value(cell) != 0) placed |= c.mask(cell);
    if (naked) {
      for (int cell : cells)
        if (c.value(cell) == 0 && members(c.mask(cell)) <= 2) open.push_back(cell);
    } else {
      where.assign(static_cast<std::size_t>(g.size()) + 1, 0);
      for (std::size_t i = 0; i < cells.size(); ++i)
        for (int d = 1; d <= g.size(); ++d)
          if (c.value(cells[i]) == 0 && (c.mask(cells[i]) & digit_bit(d)))
            where[at(d)] |= Mask{1} << i;
      int open_digits = 0;
      for (int d = 1; d <= g.size(); ++d) {
        if ((placed & digit_bit(d)) || where[at(d)] == 0) continue;
        ++open_digits;
        if (members(where[at(d)]) <= 2) few.push_back(d);
      }
      if (open_digits <= 2) few.clear();
    }
    const std::size_t count = naked ? open.size() : few.size();
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t j = i + 1; j < count; ++j) {
        Step step{naked ? Technique::naked_pair : Technique::hidden_pair, {h}, {}, 0, {}, {}, {}};
        if (naked) {
          step.digits = c.mask(open[i]) | c.mask(open[j]);
          if (members(step.digits) != 2) continue;
          step.cells = {open[i], open[j]};
          for (int cell : cells)
            if (c.value(cell) == 0 && cell != open[i] && cell != open[j])
              for (int d = 1; d <= g.size(); ++d)
                if ((step.digits & digit_bit(d)) && c.eliminate(cell, d))
                  step.removed.push_back({cell, d});
        } else {
          const Mask places = where[at(few[i])] | where[at(few[j])];
          if (members(places) != 2) continue;
          step.digits = digit_bit(few[i]) | digit_bit(few[j]);
          for (std::size_t k = 0; k < cells.size(); ++k)
            if (places >> k & 1) {
              step.cells.push_back(cells[k]);
              for (int d = 1; d <= g.size(); ++d)
                if (!(step.digits & digit_bit(d)) && c.eliminate(cells[k], d))
                  step.removed.push_back({cells[k], d});
            }
        }
        if (!step.removed.empty()) steps.push_back(step);
      }
  }
  return steps;
}

// naked_subset and hidden_subset of size 2 have a fast path of their own (the common case before
// a search): it must find the very steps of the plain way, in the same order, on every variant
// and size, and leave the same candidates.
TEST(SudokuLogicSoundness, PairsAsThePlainWayFindsThem) {
  std::mt19937 rng(11);
  int found[2] = {0, 0};
  for (const Kind& kind :
       {Kind{9, Variant::regular, 300}, Kind{9, Variant::hyper, 100}, Kind{9, Variant::x, 100},
        Kind{6, Variant::regular, 100}, Kind{16, Variant::regular, 30}}) {
    const Geometry g(kind.size, kind.variant);
    const Grid base = base_solution(g);
    for (int i = 0; i < kind.puzzles; ++i) {
      const Grid solution = shuffled(g, base, rng);
      const int givens = g.cell_count() * (20 + static_cast<int>(rng() % 13)) / 81;
      Candidates position = start(g, blanked(solution, givens, rng));
      const double drop = std::uniform_real_distribution<double>(0.0, 0.6)(rng);
      for (int cell = 0; cell < g.cell_count(); ++cell)
        for (int d = 1; d <= g.size(); ++d)
          if (d != solution[at(cell)] && position.value(cell) == 0 &&
              std::uniform_real_distribution<double>(0.0, 1.0)(rng) < drop)
            position.eliminate(cell, d);
      for (const bool naked : {true, false}) {
        const std::string where = kind_name(kind) + " position " + std::to_string(i) +
                                  (naked ? ", naked pairs" : ", hidden pairs");
        Candidates fast = position, plain = position;
        std::vector<Step> steps;
        (naked ? sudoku::naked_subset : sudoku::hidden_subset)(fast, 2, &steps, 0);
        const std::vector<Step> expected = reference_pairs(plain, naked);
        ASSERT_EQ(steps.size(), expected.size()) << where;
        for (std::size_t k = 0; k < steps.size(); ++k)
          EXPECT_TRUE(same_step(steps[k], expected[k])) << where << ", step " << k;
        EXPECT_TRUE(same_state(fast, plain)) << where;
        found[naked ? 0 : 1] += static_cast<int>(steps.size());
      }
    }
  }
  EXPECT_GT(found[0], 100);
  EXPECT_GT(found[1], 100);
}

// Naked and hidden singles the plain way: one cell, one house and one digit at a time, until
// none applies. False on a contradiction (a cell without candidates, a digit without a place).
bool plain_singles(Candidates& c) {
  const Geometry& g = c.geometry();
  for (bool progress = true; progress;) {
    progress = false;
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      const Mask m = c.mask(cell);
      if (m == 0) return false;
      if (c.value(cell) == 0 && (m & (m - 1)) == 0) {
        if (!c.assign(cell, digits_of(m).front())) return false;
        progress = true;
      }
    }
    for (const sudoku::House& house : g.houses())
      for (int d = 1; d <= g.size(); ++d) {
        int places = 0, where = -1;
        bool placed = false;
        for (int cell : house.cells) {
          placed = placed || c.value(cell) == d;
          if (c.value(cell) == 0 && (c.mask(cell) & digit_bit(d))) ++places, where = cell;
        }
        if (placed) continue;
        if (places == 0) return false;
        if (places == 1) {
          if (!c.assign(where, d)) return false;
          progress = true;
        }
      }
  }
  return true;
}

// Candidates::propagate_singles reads rows, boxes and windows as runs of masks, two columns at
// a time, and other houses through their cell lists: on every shape it must reach the very
// candidates of the plain way, and find a contradiction exactly when that does.
TEST(SudokuLogicSoundness, SinglesReachWhatThePlainWayReaches) {
  const std::vector<int> jigsaw_regions = [] {
    const std::string_view map =
        "112222333111112333142222633144555636444585666444585969777785969777885969778888999";
    std::vector<int> out;
    for (char ch : map) out.push_back(ch - '1');
    return out;
  }();
  std::vector<Geometry> shapes;
  for (const Kind& kind :
       {Kind{9, Variant::regular, 0}, Kind{9, Variant::hyper, 0}, Kind{9, Variant::x, 0},
        Kind{9, Variant::hyper_x, 0}, Kind{4, Variant::regular, 0}, Kind{6, Variant::regular, 0},
        Kind{8, Variant::regular, 0}, Kind{12, Variant::regular, 0}, Kind{16, Variant::regular, 0},
        Kind{25, Variant::regular, 0}})
    shapes.emplace_back(kind.size, kind.variant);
  shapes.push_back(Geometry::jigsaw(9, jigsaw_regions));
  std::mt19937 rng(23);
  int solved = 0, contradictions = 0, open = 0;
  for (const Geometry& g : shapes) {
    sudoku::Generator generator(g);
    const int positions = g.size() > 16 ? 5 : g.size() > 9 ? 40 : 150;
    for (int i = 0; i < positions; ++i) {
      const Grid solution = generator.random_solution(rng());
      const int givens = g.cell_count() * (12 + static_cast<int>(rng() % 25)) / 81;
      Candidates position = start(g, blanked(solution, givens, rng));
      // Candidates removed at random, now and then the solution's own (a contradiction may
      // follow), never a cell's last one.
      const double drop = std::uniform_real_distribution<double>(0.0, 0.5)(rng);
      const bool wrong = rng() % 4 == 0;
      for (int cell = 0; cell < g.cell_count(); ++cell)
        for (int d = 1; d <= g.size(); ++d) {
          const Mask m = position.mask(cell);
          if (position.value(cell) == 0 && (m & (m - 1)) != 0 &&
              (d != solution[at(cell)] || (wrong && rng() % 20 == 0)) &&
              std::uniform_real_distribution<double>(0.0, 1.0)(rng) < drop)
            position.eliminate(cell, d);
        }
      const std::string where = std::to_string(g.size()) + "x" + std::to_string(g.size()) + " " +
                                std::string(sudoku::variant_name(g.variant())) + " position " +
                                std::to_string(i);
      Candidates fast = position, plain = position;
      const bool consistent = plain_singles(plain);
      ASSERT_EQ(fast.propagate_singles(), consistent) << where;
      if (!consistent) {
        ++contradictions;
        continue;
      }
      EXPECT_TRUE(same_state(fast, plain)) << where;
      EXPECT_EQ(fast.solved(), plain.solved()) << where;
      ++(fast.solved() ? solved : open);
    }
  }
  // Each outcome is common enough to be tested.
  EXPECT_GT(solved, 100);
  EXPECT_GT(contradictions, 50);
  EXPECT_GT(open, 100);
}

TEST(SudokuLogicSoundness, FastReductionPlacesNakedSinglesLeftByEliminations) {
  // Inkala's puzzle has no single at the start; leave r1c2 only its solution digit 1 and every
  // reduction must place it (and go on from there).
  const Geometry g(9);
  const LogicTables tables(g);
  Candidates c(g);
  ASSERT_TRUE(c.reset(grid_of(
      "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")));
  for (int d = 2; d <= 9; ++d) c.eliminate(1, d);
  for (Level level : {Level::singles, Level::fast, Level::all}) {
    Candidates fast = c;
    EXPECT_FALSE(reduce(fast, tables, level).contradiction);
    EXPECT_EQ(fast.value(1), 1) << static_cast<int>(level);
    Candidates explained = c;
    std::vector<Step> steps;
    reduce(explained, tables, level, &steps);
    EXPECT_EQ(explained.value(1), 1) << static_cast<int>(level);
  }
}

// The step next_step must find: house and cell names, digits, "r2c1=3" placements and
// "r2c1<>8" removals, each in the order the step lists them, and its sentence.
struct Expected {
  Technique technique;
  std::vector<std::string> houses;
  std::vector<std::string> cells;
  std::vector<int> digits;
  std::vector<std::string> placed;
  std::vector<std::string> removed;
  std::string sentence;
};

void expect_next_step(const Candidates& c, const LogicTables& tables, const Expected& e) {
  const Geometry& g = c.geometry();
  const Candidates before = c;
  Step step;
  ASSERT_TRUE(next_step(c, tables, step, Level::all));
  EXPECT_TRUE(same_state(before, c)) << "next_step changed the candidates";
  EXPECT_EQ(step.technique, e.technique) << technique_name(step.technique);
  std::vector<std::string> houses, cells, placed, removed;
  for (int h : step.houses) houses.push_back(g.house_name(h));
  for (int cell : step.cells) cells.push_back(sudoku::cell_name(g.size(), cell));
  for (const Candidate& p : step.placed)
    placed.push_back(sudoku::cell_name(g.size(), p.cell) + "=" + std::to_string(p.digit));
  for (const Candidate& r : step.removed)
    removed.push_back(sudoku::cell_name(g.size(), r.cell) + "<>" + std::to_string(r.digit));
  EXPECT_EQ(houses, e.houses);
  EXPECT_EQ(cells, e.cells);
  EXPECT_EQ(digits_of(step.digits), e.digits);
  EXPECT_EQ(placed, e.placed);
  EXPECT_EQ(removed, e.removed);
  EXPECT_EQ(describe(g, step), e.sentence);
}

// The positions below were reached by following next_step from the givens of minimal puzzles
// made by a seeded generator (the puzzle is named above each); each is the first position on
// that path where the technique is the easiest that applies.

// Puzzle ..265..........6...1.....5.89..1...2..14..5...7......9.25..8.9...8..6......9..47.
TEST(SudokuLogicNextStep, FullHouse) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =4     =8     =2     =6     =5     179    79     =3     17
      3      =5     79     2378   3789   123479 =6     28     147
      =6     =1     79     2378   3789   23479  2789   =5     47
      =8     =9     346    =5     =1     37     37     46     =2
      =2     36     =1     =4     36789  379    =5     68     37
      =5     =7     346    238    368    23     138    1468   =9
      =7     =2     =5     13     =4     =8     13     =9     =6
      =9     =4     =8     137    37     =6     123    12     =5
      =1     36     36     =9     =2     =5     =4     =7     =8
  )");
  expect_next_step(c, tables,
                   {Technique::full_house,
                    {"column 1"},
                    {"r2c1"},
                    {3},
                    {"r2c1=3"},
                    {},
                    "r2c1=3: full house in column 1"});
}

TEST(SudokuLogicNextStep, NakedSingle) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      34     =8     =2     =6     =5     13479  379    3      1347
      34     =5     79     2378   3789   123479 =6     238    1347
      =6     =1     79     2378   3789   23479  23789  =5     347
      =8     =9     346    =5     =1     37     37     346    =2
      =2     36     =1     =4     36789  379    =5     368    37
      =5     =7     346    238    368    23     138    13468  =9
      =7     =2     =5     13     =4     =8     13     =9     =6
      =9     =4     =8     137    37     =6     123    123    =5
      =1     36     36     =9     =2     =5     =4     =7     =8
  )");
  expect_next_step(
      c, tables,
      {Technique::naked_single, {}, {"r1c8"}, {3}, {"r1c8=3"}, {}, "r1c8=3: naked single"});
}

TEST(SudokuLogicNextStep, HiddenSingle) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      347    =8     =2     =6     =5     13479  1379   134    1347
      347    =5     3479   12378  3789   123479 =6     12348  1347
      3467   =1     34679  2378   3789   23479  23789  =5     347
      =8     =9     346    =5     =1     37     37     346    =2
      =2     36     =1     =4     36789  379    =5     368    367
      =5     =7     346    238    368    23     138    13468  =9
      367    =2     =5     137    =4     =8     13     =9     136
      =9     =4     =8     137    37     =6     123    123    =5
      =1     36     36     =9     =2     =5     =4     =7     =8
  )");
  expect_next_step(c, tables,
                   {Technique::hidden_single,
                    {"box 7"},
                    {"r7c1"},
                    {7},
                    {"r7c1=7"},
                    {},
                    "r7c1=7: hidden single in box 7"});
}

TEST(SudokuLogicNextStep, LockedCandidatesPointing) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      34     =8     =2     =6     =5     13479  1379   134    1347
      34     =5     79     12378  3789   123479 =6     12348  1347
      =6     =1     79     2378   3789   23479  23789  =5     347
      =8     =9     346    =5     =1     37     37     346    =2
      =2     36     =1     =4     36789  379    =5     368    37
      =5     =7     346    238    368    23     138    13468  =9
      =7     =2     =5     13     =4     =8     13     =9     =6
      =9     =4     =8     137    37     =6     123    123    =5
      =1     36     36     =9     =2     =5     =4     =7     =8
  )");
  expect_next_step(c, tables,
                   {Technique::locked_pointing,
                    {"box 8", "column 4"},
                    {"r7c4", "r8c4"},
                    {1},
                    {},
                    {"r2c4<>1"},
                    "locked candidates (pointing): 1 in box 8 is confined to column 4, removes 1 "
                    "from r2c4"});
}

// Puzzle 2....8.......74.18.8....37.3..6.....62...5......74......1...5.9...1...3..6..29...
TEST(SudokuLogicNextStep, LockedCandidatesClaiming) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =2     134579 345679 359    1369   =8     469    4569   456
      59     359    3569   2359   =7     =4     269    =1     =8
      1459   =8     4569   259    169    126    =3     =7     2456
      =3     14579  45789  =6     189    12     124789 4589   12457
      =6     =2     4789   389    1389   =5     14789  489    1347
      1589   159    589    =7     =4     123    12689  5689   12356
      =7     34     =1     348    368    36     =5     =2     =9
      489    49     =2     =1     =5     =7     468    =3     46
      458    =6     3458   34     =2     =9     1478   48     147
  )");
  expect_next_step(c, tables,
                   {Technique::locked_claiming,
                    {"column 4", "box 2"},
                    {"r2c4", "r3c4"},
                    {2},
                    {},
                    {"r3c6<>2"},
                    "locked candidates (claiming): 2 in column 4 is confined to box 2, removes 2 "
                    "from r3c6"});
}

// Puzzle .6..4....5...6...8.....1...........7......4..81.6..9.....25...........6........3.
// (hyper), whose windows are rows 2-4 / 6-8 by columns 2-4 / 6-8.
TEST(SudokuLogicNextStep, LockedCandidatesFromAHyperWindow) {
  const Geometry g(9, Variant::hyper);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      2379   =6     23789  35789  =4     235789 2357   2579   =1
      =5     23479  =1     379    =6     2379   237    2479   =8
      23479  234789 234789 35789  23789  =1     =6     24579  23459
      2349   23459  =6     3459   =1     23459  2358   258    =7
      2379   23579  23579  35789  23789  235789 =4     =1     =6
      =8     =1     3457   =6     237    23457  =9     25     235
      =6     34789  34789  =2     =5     3478   =1     478    49
      =1     345789 345789 34789  3789   3478   2578   =6     2459
      2479   245789 245789 =1     789    =6     2578   =3     2459
  )");
  expect_next_step(c, tables,
                   {Technique::locked_pointing,
                    {"window 1", "row 3"},
                    {"r3c2", "r3c3", "r3c4"},
                    {8},
                    {},
                    {"r3c5<>8"},
                    "locked candidates (pointing): 8 in window 1 is confined to row 3, removes 8 "
                    "from r3c5"});
}

// Puzzle .51..........7.....4....56.....2.3.........4......3........2.....6......8.4....26
// (hyper).
TEST(SudokuLogicNextStep, LockedCandidatesIntoAHyperWindow) {
  const Geometry g(9, Variant::hyper);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =2      =5      =1      689     489     4689    4789    =3      4789
      =6      38      38      =5      =7      149     =2      19      14
      =9      =4      =7      =2      =3      18      =5      =6      18
      45      16      =9      16      =2      478     =3      78      58
      1357    13678   =2      16789   1589    56789   1789    =4      15789
      1457    178     58      14789   14589   =3      =6      15789   =2
      1357    1379    35      134789  =6      =2      14789   15789   1345789
      1357    =2      =6      134789  1489    4789    14789   15789   1345789
      =8      1379    =4      1379    159     579     179     =2      =6
  )");
  expect_next_step(c, tables,
                   {Technique::locked_claiming,
                    {"column 6", "window 2"},
                    {"r2c6", "r3c6"},
                    {1},
                    {},
                    {"r2c8<>1"},
                    "locked candidates (claiming): 1 in column 6 is confined to window 2, removes "
                    "1 from r2c8"});
}

// Puzzle .4..8....96..2.8.7.3.6.....2...........94.7.3.7....9.83........5..........6......
// (x).
TEST(SudokuLogicNextStep, LockedCandidatesOnADiagonal) {
  const Geometry g(9, Variant::x);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      17       =4       1257     1357     =8       13579    12356    13569    12569
      =9       =6       15       1345     =2       1345     =8       135      =7
      178      =3       12578    =6       1579     1579     125      1459     12459
      =2       1589     1389     13578    13567    135678   1456     1456     1456
      =6       158      18       =9       =4       1258     =7       125      =3
      =4       =7       13       1235     1356     1235     =9       1256     =8
      =3       1289     1789     124578   15679    12456789 125      1456789  124569
      =5       1289     =4       12378    13679    1236789  1236     13789    1269
      178      1289     =6       1234578  13579    12345789 12345    1345789  1259
  )");
  expect_next_step(c, tables,
                   {Technique::locked_pointing,
                    {"box 7", "anti-diagonal"},
                    {"r7c3", "r9c1"},
                    {7},
                    {},
                    {"r4c6<>7"},
                    "locked candidates (pointing): 7 in box 7 is confined to anti-diagonal, "
                    "removes 7 from r4c6"});
}

// Puzzle .5....2.........8..7.6.4..5....8.42...42...57....6.9.1..6.1....1.......35.3..9...
TEST(SudokuLogicNextStep, NakedPair) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =6    =5    19    1389  39    38    =2    =7    =4
      234   1234  12    157   257   257   =6    =8    =9
      289   =7    289   =6    29    =4    =3    =1    =5
      379   139   1579  3579  =8    357   =4    =2    =6
      39    =6    =4    =2    39    =1    =8    =5    =7
      278   28    2578  =4    =6    57    =9    =3    =1
      24789 2489  =6    358   =1    2358  57    49    28
      =1    2489  2789  58    245   =6    57    49    =3
      =5    248   =3    78    247   =9    =1    =6    28
  )");
  expect_next_step(c, tables,
                   {Technique::naked_pair,
                    {"column 5"},
                    {"r1c5", "r5c5"},
                    {3, 9},
                    {},
                    {"r3c5<>9"},
                    "naked pair {3,9} in r1c5, r5c5 (column 5) removes 9 from r3c5"});
}

// Puzzle .831.76....7.......4.......1....5........486..2.9..71...954......1..6.8.26..9..3.
TEST(SudokuLogicNextStep, NakedTriple) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      59    =8    =3    =1    25    =7    =6    2459  249
      569   =1    =7    =4    23568 2389  239   259   2389
      569   =4    =2    368   3568  389   139   579   13789
      =1    379   68    23678 23678 =5    2349  249   2349
      37    379   =5    237   =1    =4    =8    =6    239
      348   =2    468   =9    368   38    =7    =1    =5
      378   37    =9    =5    =4    1238  12    27    =6
      347   =5    =1    237   237   =6    249   =8    2479
      =2    =6    48    78    =9    18    =5    =3    147
  )");
  expect_next_step(c, tables,
                   {Technique::naked_triple,
                    {"box 4"},
                    {"r4c2", "r5c1", "r5c2"},
                    {3, 7, 9},
                    {},
                    {"r6c1<>3"},
                    "naked triple {3,7,9} in r4c2, r5c1, r5c2 (box 4) removes 3 from r6c1"});
}

// Puzzle .7...6......2..84.9.............7..8..2....1....5.1..2.29.6....8..3..461.14..8...
TEST(SudokuLogicNextStep, NakedQuad) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =2   =7   =8   49   134  =6   139  359  359
      15   36   1356 =2   137  359  =8   =4   3679
      =9   =4   1356 =8   137  35   123  237  367
      145  369  1356 469  =2   =7   369  359  =8
      57   3689 =2   69   38   39   57   =1   =4
      47   3689 36   =5   348  =1   369  379  =2
      =3   =2   =9   =1   =6   =4   57   =8   57
      =8   =5   =7   =3   =9   =2   =4   =6   =1
      =6   =1   =4   =7   =5   =8   239  239  39
  )");
  expect_next_step(c, tables,
                   {Technique::naked_quad,
                    {"box 4"},
                    {"r4c2", "r5c2", "r6c2", "r6c3"},
                    {3, 6, 8, 9},
                    {},
                    {"r4c3<>3", "r4c3<>6"},
                    "naked quad {3,6,8,9} in r4c2, r5c2, r6c2, r6c3 (box 4) removes 3 from r4c3; "
                    "6 from r4c3"});
}

// Puzzle 5..4..87......94...6.5.2....7......2..4.1.........563.7.........9.....13....7..5.
TEST(SudokuLogicNextStep, HiddenPair) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =5  =2  =9  =4  =3  =1  =8  =7  =6
      138 18  138 =7  =6  =9  =4  =2  =5
      =4  =6  =7  =5  =8  =2  =3  =9  =1
      68  =7  =5  =3  =9  68  =1  =4  =2
      26  =3  =4  26  =1  =7  =5  =8  =9
      =9  18  128 28  =4  =5  =6  =3  =7
      =7  =5  38  =1  =2  38  =9  =6  =4
      28  =9  268 68  =5  =4  =7  =1  =3
      13  =4  136 =9  =7  36  =2  =5  =8
  )");
  expect_next_step(c, tables,
                   {Technique::hidden_pair,
                    {"column 1"},
                    {"r2c1", "r9c1"},
                    {1, 3},
                    {},
                    {"r2c1<>8"},
                    "hidden pair {1,3} in r2c1, r9c1 (column 1) removes 8 from r2c1"});
}

// Puzzle .4...7......2...5......9..16..71..8381....4..9.4.8..7.............59.3..1.2..3.6.
TEST(SudokuLogicNextStep, HiddenTriple) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      25   =4   19   138  56   =7   268  39   89
      37   6789 139  =2   46   18   678  =5   4789
      257  5678 68   38   456  =9   2678 34   =1
      =6   =2   =5   =7   =1   =4   =9   =8   =3
      =8   =1   =7   =9   =3   =5   =4   =2   =6
      =9   =3   =4   =6   =8   =2   =1   =7   =5
      345  5689 39   148  =2   168  578  149  4789
      47   678  68   =5   =9   168  =3   14   =2
      =1   589  =2   48   =7   =3   58   =6   489
  )");
  expect_next_step(c, tables,
                   {Technique::hidden_triple,
                    {"row 1"},
                    {"r1c1", "r1c5", "r1c7"},
                    {2, 5, 6},
                    {},
                    {"r1c7<>8"},
                    "hidden triple {2,5,6} in r1c1, r1c5, r1c7 (row 1) removes 8 from r1c7"});
}

// Puzzle ......8.6.3...9.57...1..43..93..7.4..5...8.....46........2..5...87........28..1..
TEST(SudokuLogicNextStep, HiddenQuad) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      249   24    59    =7    235   235   =8    =1    =6
      16    =3    168   =4    68    =9    =2    =5    =7
      267   267   568   =1    2568  256   =4    =3    =9
      128   =9    =3    =5    12    =7    =6    =4    128
      1267  =5    16    39    =4    =8    379   29    123
      1278  127   =4    =6    1239  123   379   289   =5
      13469 146   169   =2    13679 1346  =5    6789  348
      1456  =8    =7    39    156   1456  39    26    24
      34569 46    =2    =8    35679 3456  =1    679   34
  )");
  expect_next_step(c, tables,
                   {Technique::hidden_quad,
                    {"column 1"},
                    {"r1c1", "r7c1", "r8c1", "r9c1"},
                    {3, 4, 5, 9},
                    {},
                    {"r1c1<>2", "r7c1<>1", "r7c1<>6", "r8c1<>1", "r8c1<>6", "r9c1<>6"},
                    "hidden quad {3,4,5,9} in r1c1, r7c1, r8c1, r9c1 (column 1) removes 1 from "
                    "r7c1, r8c1; 2 from r1c1; 6 from r7c1, r8c1, r9c1"});
}

// Puzzle 7.....2.942...1...5...8...6.....4.1.1..2..9...32..5.......1......5...487...6.....
TEST(SudokuLogicNextStep, XWing) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =7   =8   =1   45   3456 36   =2   35   =9
      =4   =2   =6   =9   35   =1   =8   =7   35
      =5   =9   =3   =7   =8   =2   =1   =4   =6
      =9   56   =7   =8   36   =4   35   =1   =2
      =1   56   =4   =2   =7   36   =9   35   =8
      =8   =3   =2   =1   =9   =5   =7   =6   =4
      23   47   89   45   =1   78   =6   29   35
      =6   =1   =5   =3   =2   =9   =4   =8   =7
      23   47   89   =6   45   78   35   29   =1
  )");
  expect_next_step(c, tables,
                   {Technique::x_wing,
                    {"column 6", "column 8", "row 1", "row 5"},
                    {"r1c6", "r5c6", "r1c8", "r5c8"},
                    {3},
                    {},
                    {"r1c5<>3"},
                    "X-Wing on 3 in column 6, column 8 (cover row 1, row 5) removes 3 from r1c5"});
}

// Puzzle 6...4......47.3.....58....3......1..176..4.5.......43.....6..2.7.8.2.....4....37.
TEST(SudokuLogicNextStep, Swordfish) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =6   =3   =7   12   =4   129  59   =8   15
      89   189  =4   =7   =5   =3   =6   19   =2
      29   129  =5   =8   19   =6   =7   =4   =3
      =4   2589 =3   25   78   258  =1   =6   79
      =1   =7   =6   =9   =3   =4   =2   =5   =8
      2589 2589 29   =6   178  1258 =4   =3   79
      =3   59   19   =4   =6   =7   =8   =2   15
      =7   =6   =8   =3   =2   15   59   19   =4
      25   =4   12   15   89   89   =3   =7   =6
  )");
  expect_next_step(c, tables,
                   {Technique::swordfish,
                    {"column 3", "column 4", "column 9", "row 1", "row 7", "row 9"},
                    {"r7c3", "r9c3", "r1c4", "r9c4", "r1c9", "r7c9"},
                    {1},
                    {},
                    {"r1c6<>1"},
                    "Swordfish on 1 in column 3, column 4, column 9 (cover row 1, row 7, row 9) "
                    "removes 1 from r1c6"});
}

// The naked-single position of
// ..265..........6...1.....5.89..1...2..14..5...7......9.25..8.9...8..6......9..47. (r1c8 can only
// be 3), spoilt.
const char* const spoilt = R"(
      34     =8     =2     =6     =5     13479  379    3      1347
      34     =5     79     2378   3789   123479 =6     238    1347
      =6     =1     79     2378   3789   23479  23789  =5     347
      =8     =9     346    =5     =1     37     37     346    =2
      =2     36     =1     =4     36789  379    =5     368    37
      =5     =7     346    238    368    23     138    13468  =9
      =7     =2     =5     13     =4     =8     13     =9     =6
      =9     =4     =8     137    37     =6     123    123    =5
      =1     36     36     =9     =2     =5     =4     =7     =8
  )";

TEST(SudokuLogicNextStep, ContradictionACellWithoutCandidates) {
  // Comes before the naked single r1c8=3 that the position still offers.
  const Geometry g(9);
  const LogicTables tables(g);
  Candidates c = position(g, spoilt);
  c.eliminate(11, 7);
  c.eliminate(11, 9);
  expect_next_step(c, tables,
                   {Technique::contradiction,
                    {},
                    {"r2c3"},
                    {},
                    {},
                    {},
                    "contradiction: r2c3 has no candidate left"});
  EXPECT_TRUE(find_contradiction(c).contradiction);
  std::vector<Step> steps;
  EXPECT_TRUE(reduce(c, tables, Level::all, &steps).contradiction);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps.back().technique, Technique::contradiction);
  EXPECT_TRUE(reduce(c, tables, Level::all).contradiction);
}

TEST(SudokuLogicNextStep, ContradictionADigitWithoutAPlace) {
  const Geometry g(9);
  const LogicTables tables(g);
  Candidates c = position(g, spoilt);
  for (int cell : {5, 6, 8}) c.eliminate(cell, 7);  // 7 leaves row 1, no cell left empty
  expect_next_step(c, tables,
                   {Technique::contradiction,
                    {"row 1"},
                    {},
                    {7},
                    {},
                    {},
                    "contradiction: 7 has no place left in row 1"});
  std::vector<Step> steps;
  EXPECT_TRUE(reduce(c, tables, Level::all, &steps).contradiction);
  EXPECT_TRUE(reduce(c, tables, Level::all).contradiction);
}

TEST(SudokuLogicNextStep, NoneOnASolvedGridOrWhereLogicIsStuck) {
  const Geometry g(9);
  const LogicTables tables(g);
  Step step;
  const Grid wiki_solution =
      grid_of("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  EXPECT_FALSE(next_step(start(g, wiki_solution), tables, step));
  // Inkala's puzzle: none of the techniques up to fish applies from the start; the full ladder
  // has a forcing net.
  Candidates c = start(
      g,
      grid_of("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."));
  EXPECT_FALSE(next_step(c, tables, step, Level::all));
  ASSERT_TRUE(next_step(c, tables, step));
  EXPECT_GE(step.technique, Technique::nishio_forcing_chain);
  std::vector<Step> steps;
  EXPECT_EQ(reduce(c, tables, Level::all, &steps).steps, 0);
  EXPECT_TRUE(steps.empty());
}

TEST(SudokuLogicDifficulty, TechniqueNames) {
  EXPECT_EQ(sudoku::technique_name(Technique::x_wing), "X-Wing");
  EXPECT_EQ(sudoku::technique_name(Technique::hidden_quad), "hidden quad");
}

// The level of a puzzle: HoDoKu's level of the hardest technique the explained reduction used,
// extreme when the reduction leaves cells open.
struct Rated {
  HodokuLevel level;
  Technique hardest;
};

Rated rated(const std::string& text) {
  const Geometry g(9);
  const LogicTables tables(g);
  Candidates c = start(g, grid_of(text));
  std::vector<Step> steps;
  Technique hardest = Technique::full_house;
  EXPECT_FALSE(reduce(c, tables, Level::all, &steps, &hardest).contradiction) << text;
  return {c.solved() ? sudoku::hodoku_level(hardest) : HodokuLevel::extreme, hardest};
}

void expect_rating(const std::string& text, HodokuLevel level, Technique hardest) {
  const Rated r = rated(text);
  EXPECT_EQ(sudoku::hodoku_level_name(r.level), sudoku::hodoku_level_name(level)) << text;
  EXPECT_EQ(technique_name(r.hardest), technique_name(hardest)) << text;
}

TEST(SudokuLogicDifficulty, RatingOfKnownPuzzles) {
  // Wikipedia's "Sudoku" article, the example puzzle: naked singles alone.
  expect_rating("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                HodokuLevel::easy, Technique::naked_single);
  // Project Euler, problem 96, grid 01: naked singles alone.
  expect_rating("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
                HodokuLevel::easy, Technique::naked_single);
  // Minimal puzzles from a seeded generator: one needs hidden singles, one X-Wing, one Swordfish.
  expect_rating("..42596.8..9............5...2.6......1.9.7.4.9.....7.6..2..........3...163.145...",
                HodokuLevel::easy, Technique::hidden_single);
  expect_rating("2.4.........92...3..784..9......95.....5....817..8..6.8.2...7...6..........275..9",
                HodokuLevel::hard, Technique::x_wing);
  expect_rating("......5...7...3.814..8.....32.....9.....1..2.8...7..4.........61...9..3769..4....",
                HodokuLevel::hard, Technique::swordfish);
  // Norvig's top95 #1 and his "hardest" puzzle need locked candidates.
  expect_rating("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                HodokuLevel::medium, Technique::locked_claiming);
  expect_rating("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
                HodokuLevel::medium, Technique::locked_claiming);
  // Inkala's puzzle and the Easter Monster need more than these techniques.
  EXPECT_EQ(
      rated("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
          .level,
      HodokuLevel::extreme);
  EXPECT_EQ(
      rated("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1")
          .level,
      HodokuLevel::extreme);
}

}  // namespace
