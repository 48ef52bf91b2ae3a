#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <set>

#include "sudoku/model/candidates.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/solver.hpp"
#include "test_share.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Logic;
using sudoku::Solver;
using sudoku::Variant;

Grid grid_of(const std::string& text) {
  Grid g;
  for (char ch : text)
    g.push_back(ch >= '1' && ch <= '9' ? static_cast<std::uint8_t>(ch - '0') : 0);
  return g;
}

// Counts solutions by plain backtracking over cells, independent of the exact-cover model.
std::uint64_t brute_count(const Geometry& g, Grid grid, std::uint64_t limit) {
  const int n = g.size();
  int best = -1;
  std::uint64_t best_free = 0;
  int fewest = n + 1;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (grid[static_cast<std::size_t>(cell)] != 0) continue;
    std::uint64_t used = 0;
    for (int p : g.peers(cell))
      if (grid[static_cast<std::size_t>(p)])
        used |= std::uint64_t{1} << grid[static_cast<std::size_t>(p)];
    int free = 0;
    for (int d = 1; d <= n; ++d) free += !(used >> d & 1);
    if (free < fewest) fewest = free, best = cell, best_free = ~used;
  }
  if (best < 0) return 1;
  std::uint64_t total = 0;
  for (int d = 1; d <= n && total < limit; ++d)
    if (best_free >> d & 1) {
      grid[static_cast<std::size_t>(best)] = static_cast<std::uint8_t>(d);
      total += brute_count(g, grid, limit - total);
    }
  return total;
}

// Every solution any test sees must keep the givens and fill every house.
std::uint64_t checked_count(Solver& solver, const Grid& givens, std::uint64_t limit,
                            std::set<std::string>* seen = nullptr) {
  std::uint64_t visited = 0;
  auto result = solver.solve(givens, limit, [&](const Grid& s) {
    EXPECT_TRUE(sudoku::is_solution(solver.geometry(), givens, s));
    if (seen) {
      EXPECT_TRUE(seen->insert(std::string(s.begin(), s.end())).second)
          << "a solution was visited twice";
    }
    ++visited;
    return true;
  });
  EXPECT_EQ(visited, result.solutions);
  if (result.solutions > 0) {
    EXPECT_TRUE(sudoku::is_solution(solver.geometry(), givens, result.first));
  }
  return result.solutions;
}

// Wikipedia's "Sudoku" article: the example puzzle and its solution.
const std::string wiki_puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// Arto Inkala's puzzle, published in 2012 as "the world's hardest sudoku", with its solution.
const std::string inkala_puzzle =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const std::string inkala_solution =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

TEST(SudokuSolver, FamousPuzzlesHaveTheirKnownSolutions) {
  Geometry g(9);
  for (Logic logic : {Logic::none, Logic::singles, Logic::all}) {
    Solver solver(g);
    solver.set_logic(logic);
    auto r = solver.count(grid_of(wiki_puzzle), 2);
    EXPECT_EQ(r.solutions, 1u);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.first, grid_of(wiki_solution));
    r = solver.count(grid_of(inkala_puzzle), 2);
    EXPECT_EQ(r.solutions, 1u);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.first, grid_of(inkala_solution));
  }
}

TEST(SudokuSolver, WikipediaPuzzleFallsToSinglesAlone) {
  Solver solver{Geometry(9)};
  auto r = solver.count(grid_of(wiki_puzzle), 2);
  EXPECT_TRUE(r.by_logic);
  EXPECT_EQ(r.nodes, 0u);
}

TEST(SudokuSolver, EmptyFourByFourHas288Solutions) {
  // 288 shidoku grids: Wikipedia, "Mathematics of Sudoku".
  Geometry g(4);
  Solver solver(g);
  std::set<std::string> seen;
  EXPECT_EQ(checked_count(solver, Grid(16, 0), 0, &seen), 288u);
  EXPECT_EQ(seen.size(), 288u);
}

TEST(SudokuSolver, CountsWithBlankedCellsMatchBacktracking) {
  // Blank more and more cells of a solved grid: 1, 2, 3, ... up to thousands of solutions.
  Geometry g(9);
  Solver solver(g);
  std::mt19937 rng(2024);
  const Grid full = grid_of(wiki_solution);
  std::set<std::uint64_t> counts_seen;
  for (int trial = 0; trial < share_of(150); ++trial) {
    Grid puzzle = full;
    std::vector<int> cells(81);
    for (int i = 0; i < 81; ++i) cells[static_cast<std::size_t>(i)] = i;
    std::shuffle(cells.begin(), cells.end(), rng);
    const int blanks = 40 + trial % 16;
    for (int i = 0; i < blanks; ++i)
      puzzle[static_cast<std::size_t>(cells[static_cast<std::size_t>(i)])] = 0;
    const std::uint64_t expected = brute_count(g, puzzle, 20000);
    for (Logic logic : {Logic::none, Logic::singles, Logic::all}) {
      solver.set_logic(logic);
      EXPECT_EQ(checked_count(solver, puzzle, 20000), expected) << trial;
    }
    counts_seen.insert(expected);
  }
  // The trials reach every small count the issue asks for (all of them: in the plain build).
  if (test_share > 1) return;
  for (std::uint64_t c : {1u, 2u, 3u}) EXPECT_TRUE(counts_seen.count(c)) << c;
  EXPECT_GE(*counts_seen.rbegin(), 10u);
}

TEST(SudokuSolver, APositionKeepsItsRemovedCandidates) {
  // Blanked grids with candidates struck at random: the solutions of the position are those of
  // the digits whose every cell keeps to its candidates.
  Geometry g(9);
  Solver solver(g);
  std::mt19937 rng(7);
  const Grid full = grid_of(wiki_solution);
  std::set<std::uint64_t> counts_seen;
  for (int trial = 0; trial < 60; ++trial) {
    Grid puzzle = full;
    std::vector<int> cells(81);
    for (int i = 0; i < 81; ++i) cells[static_cast<std::size_t>(i)] = i;
    std::shuffle(cells.begin(), cells.end(), rng);
    for (int i = 0; i < 45 + trial % 8; ++i)
      puzzle[static_cast<std::size_t>(cells[static_cast<std::size_t>(i)])] = 0;
    sudoku::Candidates position = sudoku::start_candidates(g, puzzle);
    for (int k = 0; k < 12; ++k) {
      const int cell = static_cast<int>(rng() % 81), digit = static_cast<int>(rng() % 9) + 1;
      if (position.value(cell) == 0 && std::popcount(position.mask(cell)) > 1)
        position.eliminate(cell, digit);
    }
    std::vector<Grid> all;
    solver.set_logic(Logic::none);
    solver.solve(puzzle, 0, [&](const Grid& s) {
      all.push_back(s);
      return true;
    });
    std::uint64_t expected = 0;
    for (const Grid& s : all) {
      bool keeps = true;
      for (int cell = 0; cell < 81; ++cell)
        keeps =
            keeps && (position.mask(cell) & sudoku::digit_bit(s[static_cast<std::size_t>(cell)]));
      expected += keeps;
    }
    for (Logic logic : {Logic::none, Logic::singles, Logic::all}) {
      solver.set_logic(logic);
      EXPECT_EQ(solver.count(position, 0).solutions, expected) << trial;
    }
    counts_seen.insert(expected);
  }
  EXPECT_TRUE(counts_seen.count(0));
  EXPECT_GE(counts_seen.size(), 3u);
  // A position of another shape is refused.
  EXPECT_THROW(solver.count(sudoku::Candidates(Geometry(9, Variant::x))), std::invalid_argument);
}

TEST(SudokuSolver, ExcludingADigitFindsTheSolutionsWithAnotherThere) {
  // With a digit excluded from an empty cell, the solutions are those of the puzzle minus those
  // with that digit there (the puzzle with it given): on every shape and logic level, and with
  // the search tried near a known solution or not.
  std::mt19937 rng(7);
  for (const Geometry& g : {Geometry(9), Geometry(9, Variant::x), Geometry(6)}) {
    Solver solver(g);
    const Grid full = solver.solve(Grid(static_cast<std::size_t>(g.cell_count()), 0), 1).first;
    ASSERT_FALSE(full.empty());
    const int cells = g.cell_count();
    for (int trial = 0; trial < 40; ++trial) {
      Grid puzzle = full;
      std::vector<int> order(static_cast<std::size_t>(cells));
      for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
      std::shuffle(order.begin(), order.end(), rng);
      const int blanks = cells / 2 + trial % (cells / 6);
      for (int i = 0; i < blanks; ++i) puzzle[static_cast<std::size_t>(order[i])] = 0;
      const int cell = order[static_cast<std::size_t>(trial % blanks)];
      const int digit = full[static_cast<std::size_t>(cell)];
      Grid with = puzzle;
      with[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
      const std::uint64_t expected = brute_count(g, puzzle, 100000) - brute_count(g, with, 100000);
      for (Logic logic : {Logic::none, Logic::singles, Logic::fast}) {
        solver.set_logic(logic);
        for (const Grid& near : {Grid{}, full}) {
          std::uint64_t visited = 0;
          const auto r = solver.solve_excluding(
              puzzle, cell, digit, 0,
              [&](const Grid& s) {
                EXPECT_TRUE(sudoku::is_solution(g, puzzle, s));
                EXPECT_NE(s[static_cast<std::size_t>(cell)], digit);
                ++visited;
                return true;
              },
              near);
          EXPECT_EQ(r.solutions, expected) << trial;
          EXPECT_EQ(visited, expected) << trial;
          EXPECT_TRUE(r.complete);
          // Limit 1 says whether there is any: the check a generator makes.
          EXPECT_EQ(solver.solve_excluding(puzzle, cell, digit, 1, {}, near).solutions,
                    std::min<std::uint64_t>(expected, 1));
        }
      }
    }
    // A given cannot be excluded, nor a digit out of range.
    EXPECT_THROW(solver.solve_excluding(full, 0, full[0]), std::invalid_argument);
    Grid empty(static_cast<std::size_t>(cells), 0);
    EXPECT_THROW(solver.solve_excluding(empty, 0, g.size() + 1), std::invalid_argument);
    EXPECT_THROW(solver.solve_excluding(empty, cells, 1), std::invalid_argument);
  }
}

TEST(SudokuSolver, AUniqueRectangleHasExactlyTwoSolutions) {
  // Four cells holding a, b / b, a in two rows and two columns, two of them in each of two boxes
  // (a "deadly pattern"): with every other cell given, the digits can be swapped, so exactly 2.
  Geometry g(9);
  Solver solver(g);
  const Grid full = grid_of(wiki_solution);
  const auto at = [&](int r, int c) { return full[static_cast<std::size_t>(r * 9 + c)]; };
  int found = 0;
  for (int r1 = 0; r1 < 9; ++r1)
    for (int r2 = r1 + 1; r2 < 9; ++r2)
      for (int c1 = 0; c1 < 9; ++c1)
        for (int c2 = c1 + 1; c2 < 9; ++c2) {
          if (r1 / 3 != r2 / 3 && c1 / 3 != c2 / 3) continue;
          if (at(r1, c1) != at(r2, c2) || at(r1, c2) != at(r2, c1)) continue;
          Grid puzzle = full;
          for (int r : {r1, r2})
            for (int c : {c1, c2}) puzzle[static_cast<std::size_t>(r * 9 + c)] = 0;
          EXPECT_EQ(checked_count(solver, puzzle, 0), 2u);
          ++found;
        }
  EXPECT_GT(found, 0);
}

TEST(SudokuSolver, NoSolutionIsCompleteWithZero) {
  Geometry g(9);
  for (Logic logic : {Logic::none, Logic::singles, Logic::all}) {
    Solver solver(g);
    solver.set_logic(logic);
    // r1c1 can hold nothing: 1-8 in its row, 9 in its column; no two givens clash.
    Grid puzzle(81, 0);
    for (int c = 1; c <= 8; ++c) puzzle[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c);
    puzzle[9 * 4] = 9;
    auto r = solver.count(puzzle, 2);
    EXPECT_EQ(r.solutions, 0u);
    EXPECT_TRUE(r.complete);
    EXPECT_TRUE(r.first.empty());
  }
}

TEST(SudokuSolver, LimitStopsTheCountAndMarksItIncomplete) {
  Solver solver{Geometry(9)};
  auto r = solver.count(Grid(81, 0), 1000);
  EXPECT_EQ(r.solutions, 1000u);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.outcome, dlx::Outcome::solution_limit);
  // The matrix is reusable right after a stopped search.
  r = solver.count(grid_of(inkala_puzzle), 2);
  EXPECT_EQ(r.first, grid_of(inkala_solution));
}

TEST(SudokuSolver, ClashingGivensThrowBeforeAnySearch) {
  Solver solver{Geometry(9, Variant::hyper)};
  Grid puzzle(81, 0);
  puzzle[10] = puzzle[30] = 4;
  try {
    solver.count(puzzle);
    FAIL() << "no ClashError";
  } catch (const sudoku::ClashError& e) {
    EXPECT_STREQ(e.what(), "r2c2 and r4c4 both hold 4 in window 1");
    EXPECT_EQ(e.clash().digit, 4);
  }
  EXPECT_THROW(solver.count(Grid(80, 0)), std::invalid_argument);
  Grid bad(81, 0);
  bad[0] = 10;
  EXPECT_THROW(solver.count(bad), std::invalid_argument);
}

TEST(SudokuSolver, VariantsGiveValidGridsAndAgreeWithBacktracking) {
  // A 6x6 jigsaw whose regions are 3x2 blocks (the boxes turned on their side).
  std::vector<int> region(36);
  for (int cell = 0; cell < 36; ++cell)
    region[static_cast<std::size_t>(cell)] = (cell / 6 / 3) * 3 + (cell % 6) / 2;
  std::vector<Geometry> shapes = {Geometry(9, Variant::hyper), Geometry(9, Variant::x),
                                  Geometry(9, Variant::hyper_x), Geometry(6),
                                  Geometry::jigsaw(6, region)};
  std::mt19937 rng(7);
  for (const Geometry& g : shapes) {
    SCOPED_TRACE(std::string(sudoku::variant_name(g.variant())) + " " + std::to_string(g.size()));
    Solver solver(g);
    // A solved grid from the empty one, then puzzles made by blanking cells.
    auto first = solver.solve(Grid(static_cast<std::size_t>(g.cell_count()), 0), 1);
    ASSERT_EQ(first.solutions, 1u);
    ASSERT_TRUE(
        sudoku::is_solution(g, Grid(static_cast<std::size_t>(g.cell_count()), 0), first.first));
    for (int trial = 0; trial < 20; ++trial) {
      Grid puzzle = first.first;
      for (auto& d : puzzle)
        if (rng() % 100 < 55) d = 0;
      EXPECT_EQ(checked_count(solver, puzzle, 0), brute_count(g, puzzle, 1000000));
    }
  }
}

TEST(SudokuSolver, AnImpossibleJigsawHasNoSolution) {
  // The 2x3 boxes of a 6x6 grid with r1c3 and r1c4 traded between boxes 1 and 2. Columns 1-3
  // below row 2 are two whole boxes, so r1c1..r2c3 hold six different digits; region 1 shares
  // five of those cells and has r1c4 instead of r1c3, so r1c3 and r1c4, in one row, would need
  // the same digit.
  std::vector<int> region(36);
  for (int cell = 0; cell < 36; ++cell)
    region[static_cast<std::size_t>(cell)] = (cell / 6 / 2) * 2 + (cell % 6) / 3;
  std::swap(region[2], region[3]);
  const Geometry g = Geometry::jigsaw(6, region);
  Solver solver(g);
  auto r = solver.count(Grid(36, 0), 2);
  EXPECT_EQ(r.solutions, 0u);
  EXPECT_TRUE(r.complete);
}

TEST(SudokuSolver, LargeGridsSolveFromEmpty) {
  for (int size : {12, 16, 25}) {
    Geometry g(size);
    Solver solver(g);
    const Grid empty(static_cast<std::size_t>(g.cell_count()), 0);
    auto r = solver.solve(empty, 1);
    ASSERT_EQ(r.solutions, 1u) << size;
    EXPECT_TRUE(sudoku::is_solution(g, empty, r.first)) << size;
  }
}

TEST(SudokuSolver, VisitorCanStopTheListing) {
  Solver solver{Geometry(4)};
  int seen = 0;
  auto r = solver.solve(Grid(16, 0), 0, [&](const Grid&) { return ++seen < 5; });
  EXPECT_EQ(seen, 5);
  EXPECT_EQ(r.outcome, dlx::Outcome::stopped);
  EXPECT_FALSE(r.complete);
}

TEST(Solver, LogicNamesRoundTrip) {
  for (Logic logic : {Logic::none, Logic::singles, Logic::fast, Logic::all, Logic::full})
    EXPECT_EQ(sudoku::parse_logic(sudoku::logic_name(logic)), logic);
  EXPECT_EQ(sudoku::logic_name(Logic::full), "full");
  try {
    sudoku::parse_logic("most");
    FAIL() << "no error for an unknown level";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "unknown logic 'most' (expected none, singles, fast, all or full)");
  }
}

}  // namespace

TEST(SudokuSolver, CountsInWords) {
  sudoku::SolveResult r;
  r.complete = true;
  EXPECT_EQ(sudoku::format_count(r), "0");
  EXPECT_EQ(sudoku::describe_count(r), "no solution");
  r.solutions = 1;
  EXPECT_EQ(sudoku::format_count(r), "1");
  EXPECT_EQ(sudoku::describe_count(r), "1 solution");
  r.solutions = 2;
  r.complete = false;
  EXPECT_EQ(sudoku::format_count(r), "2+");
  EXPECT_EQ(sudoku::describe_count(r), "at least 2 solutions");
}
