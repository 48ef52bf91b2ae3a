// Killer sudoku: the #cages and #sums headers, the cages in the exact-cover matrix (counts
// checked against a brute-force count written here), the cage techniques and generation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/cache.hpp"
#include "sudoku/search/solver.hpp"
#include "sudoku_test_grids.hpp"
#include "test_share.hpp"

namespace {

using sudoku::Cage;
using sudoku::FormatErrorKind;
using sudoku::Geometry;
using sudoku::Grid;

// A 4x4 solution and cages on it, written out: A = r1c1 + r1c2 = 1 + 2, and so on.
const std::string small_killer =
    "#cages\n"
    "A A B B\n"
    "C D D B\n"
    "C E F F\n"
    "G E E H\n"
    "#sums A=3 B=9 C=5 D=5 E=6 F=7 G=4 H=1\n"
    "................\n";
const std::string small_solution = "1234341221434321";

// Random connected cages of 1 to `largest` cells over a grid (the test's own, apart from the
// generator's), with each cage's sum taken from `solution`.
std::vector<Cage> random_cages(const Geometry& g, const Grid& solution, std::uint32_t seed,
                               int largest = 4) {
  std::mt19937 random(seed);
  const int n = g.size();
  std::vector<int> owner(static_cast<std::size_t>(g.cell_count()), -1);
  std::vector<Cage> cages;
  for (int start = 0; start < g.cell_count(); ++start) {
    if (owner[static_cast<std::size_t>(start)] >= 0) continue;
    Cage cage;
    const int want = 1 + static_cast<int>(random() % static_cast<unsigned>(largest));
    cage.cells.push_back(start);
    owner[static_cast<std::size_t>(start)] = static_cast<int>(cages.size());
    while (static_cast<int>(cage.cells.size()) < want) {
      std::vector<int> next;
      for (int cell : cage.cells) {
        const int r = cell / n, c = cell % n;
        for (const auto& [dr, dc] : {std::pair{0, 1}, {1, 0}, {0, -1}, {-1, 0}}) {
          const int rr = r + dr, cc = c + dc;
          if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
          const int other = rr * n + cc;
          if (owner[static_cast<std::size_t>(other)] >= 0) continue;
          // Distinct digits: a cage never takes a second cell of a digit it holds.
          const bool repeat = std::any_of(cage.cells.begin(), cage.cells.end(), [&](int x) {
            return solution[static_cast<std::size_t>(x)] ==
                   solution[static_cast<std::size_t>(other)];
          });
          if (!repeat) next.push_back(other);
        }
      }
      if (next.empty()) break;
      const int pick = next[random() % next.size()];
      owner[static_cast<std::size_t>(pick)] = static_cast<int>(cages.size());
      cage.cells.push_back(pick);
    }
    for (int cell : cage.cells) cage.sum += solution[static_cast<std::size_t>(cell)];
    cages.push_back(cage);
  }
  return cages;
}

// The solutions of a killer puzzle on a regular shape, counted by backtracking over the cells in
// reading order: rows, columns and boxes from the coordinates, each cage's digits distinct and
// its sum reachable, then exact.
std::uint64_t brute_count(int n, int box_rows, int box_cols, const std::vector<Cage>& cages,
                          Grid grid, std::uint64_t limit = 0, bool anti_knight = false) {
  std::vector<int> cage_of(static_cast<std::size_t>(n * n), -1);
  for (std::size_t k = 0; k < cages.size(); ++k)
    for (int cell : cages[k].cells) cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(k);
  const auto fits = [&](int cell, int d) {
    const int r = cell / n, c = cell % n;
    for (int i = 0; i < n; ++i) {
      if (i != c && grid[static_cast<std::size_t>(r * n + i)] == d) return false;
      if (i != r && grid[static_cast<std::size_t>(i * n + c)] == d) return false;
    }
    if (anti_knight)
      for (const auto& [dr, dc] :
           {std::pair{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}) {
        const int rr = r + dr, cc = c + dc;
        if (rr >= 0 && rr < n && cc >= 0 && cc < n &&
            grid[static_cast<std::size_t>(rr * n + cc)] == d)
          return false;
      }
    const int br = r / box_rows * box_rows, bc = c / box_cols * box_cols;
    for (int i = br; i < br + box_rows; ++i)
      for (int j = bc; j < bc + box_cols; ++j)
        if (i * n + j != cell && grid[static_cast<std::size_t>(i * n + j)] == d) return false;
    if (const int k = cage_of[static_cast<std::size_t>(cell)]; k >= 0) {
      int sum = 0, empty = 0;
      for (int other : cages[static_cast<std::size_t>(k)].cells) {
        const int e = other == cell ? d : grid[static_cast<std::size_t>(other)];
        if (other != cell && e == d) return false;
        sum += e;
        empty += e == 0 ? 1 : 0;
      }
      const int left = cages[static_cast<std::size_t>(k)].sum - sum;
      if (empty == 0 ? left != 0 : (left < empty || left > empty * n)) return false;
    }
    return true;
  };
  std::uint64_t count = 0;
  const auto walk = [&](auto&& self, int cell) -> void {
    if (limit != 0 && count >= limit) return;
    if (cell == n * n) {
      ++count;
      return;
    }
    const auto i = static_cast<std::size_t>(cell);
    if (grid[i] != 0) {
      const int d = grid[i];
      grid[i] = 0;
      const bool ok = fits(cell, d);
      grid[i] = static_cast<std::uint8_t>(d);
      if (ok) self(self, cell + 1);
      return;
    }
    for (int d = 1; d <= n; ++d)
      if (fits(cell, d)) {
        grid[i] = static_cast<std::uint8_t>(d);
        self(self, cell + 1);
        grid[i] = 0;
      }
  };
  walk(walk, 0);
  return count;
}

// Every cage of a full grid holds distinct digits that add up to its sum.
bool cages_hold(const Geometry& g, const Grid& grid) {
  for (const Cage& cage : g.cages()) {
    int sum = 0;
    std::uint64_t seen = 0;
    for (int cell : cage.cells) {
      const int d = grid[static_cast<std::size_t>(cell)];
      if (d == 0 || (seen >> d & 1)) return false;
      seen |= std::uint64_t{1} << d;
      sum += d;
    }
    if (sum != cage.sum) return false;
  }
  return true;
}

void expect_error(const std::string& text, std::size_t line, std::size_t column,
                  const std::string& words, FormatErrorKind kind = FormatErrorKind::bad_cages) {
  const auto records = sudoku::read_all(text);
  ASSERT_FALSE(records.empty()) << text;
  ASSERT_TRUE(records[0].error.has_value()) << text;
  EXPECT_EQ(records[0].error->kind(), kind) << records[0].error->what();
  EXPECT_EQ(records[0].error->line(), line) << records[0].error->what();
  EXPECT_EQ(records[0].error->column(), column) << records[0].error->what();
  EXPECT_NE(std::string(records[0].error->what()).find(words), std::string::npos)
      << records[0].error->what();
}

TEST(KillerReader, ReadsCagesAndSums) {
  const sudoku::Record r = test_grids::one(small_killer);
  const Geometry& g = *r.geometry;
  ASSERT_EQ(g.cages().size(), 8u);
  EXPECT_EQ(g.cages()[0].label, "A");
  EXPECT_EQ(g.cages()[0].sum, 3);
  EXPECT_EQ(g.cages()[0].cells, (std::vector<int>{0, 1}));
  EXPECT_EQ(g.cages()[1].cells, (std::vector<int>{2, 3, 7}));
  EXPECT_EQ(g.cage_of(7), 1);
  // Cage mates are peers: r3c2 and r4c3 share no house, but cage E.
  const auto peers = g.peers(9);
  EXPECT_NE(std::find(peers.begin(), peers.end(), 14), peers.end());
  const auto outer = g.outer_peers(9);
  EXPECT_EQ(std::vector<int>(outer.begin(), outer.end()), (std::vector<int>{14}));
  EXPECT_EQ(r.line, 7u);
}

TEST(KillerReader, CagesApplyToTheNextPuzzleOnly) {
  const auto records = sudoku::read_all(small_killer + "................\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].geometry->cages().size(), 8u);
  EXPECT_TRUE(records[1].geometry->cages().empty());
}

TEST(KillerReader, TwoCharacterLabelsAndCellsInNoCage) {
  const auto r = test_grids::one(
      "#cages\n"
      "a1 a1 .  .\n"
      ".  .  b2 .\n"
      ".  .  b2 .\n"
      ".  .  .  .\n"
      "#sums a1=3 b2=5\n"
      "................\n");
  ASSERT_EQ(r.geometry->cages().size(), 2u);
  EXPECT_EQ(r.geometry->cages()[1].label, "b2");
  EXPECT_EQ(r.geometry->cage_of(4), -1);
}

TEST(KillerReader, WritesCagesBackAsRead) {
  const sudoku::Record r = test_grids::one(small_killer);
  const std::string header = sudoku::format_cages(*r.geometry);
  EXPECT_EQ(header, small_killer.substr(0, small_killer.size() - 17));
  const auto again = test_grids::one(header + sudoku::format_line(*r.geometry, r.givens) + "\n");
  EXPECT_EQ(again.geometry->cages(), r.geometry->cages());
}

TEST(KillerReader, ErrorsNameLineAndColumn) {
  const std::string map =
      "#cages\n"
      "A A B B\n"
      "C D D B\n"
      "C E F F\n"
      "G E E H\n";
  const std::string grid = "................\n";
  // A sum that two distinct digits cannot make (3 to 7 on 4x4): the column of the number.
  expect_error(map + "#sums A=8 B=9 C=5 D=5 E=6 F=7 G=4 H=1\n" + grid, 6, 9, "cannot add up to 8");
  // A label without a sum: at the label's first cell.
  expect_error(map + "#sums A=3 B=9 C=5 D=5 E=6 F=7 G=4\n" + grid, 5, 7, "'H' has no sum");
  // A sum without cells.
  expect_error(map + "#sums A=3 B=9 C=5 D=5 E=6 F=7 G=4 H=1 Z=3\n" + grid, 6, 39,
               "'Z', which has no cells");
  // A second sum for a label, and a word that is no sum.
  expect_error(map + "#sums A=3 A=3\n" + grid, 6, 11, "second sum");
  expect_error(map + "#sums A=x\n" + grid, 6, 7, "no cage sum");
  // A cage larger than the size: five cells of a 4x4 grid.
  expect_error("#cages\nA A A A\nA B B B\nC C C C\nD D D D\n#sums A=10 B=6 C=10 D=10\n" + grid, 2,
               1, "has 5 cells");
  // A bad label, a short row, a map cut short by the puzzle, a missing #sums line.
  expect_error("#cages\nA ABC B B\n", 2, 3, "bad cage label 'ABC'");
  expect_error("#cages\nA A B B\nC D D\n", 3, 6, "needs 4 labels");
  expect_error(map + grid, 6, 1, "need a #sums line");
  expect_error("#sums A=3\n" + grid, 1, 1, "#sums without a #cages map");
  expect_error(map, 1, 1, "have no #sums line, at the end of the input");
  // Cages for another size than the puzzle's.
  expect_error(map + "#sums A=3 B=9 C=5 D=5 E=6 F=7 G=4 H=1\n" + std::string(81, '.') + "\n", 7, 1,
               "for a 4x4 grid, but this puzzle is 9x9", FormatErrorKind::bad_header);
}

TEST(KillerReader, ABatchGoesOnAfterABadPuzzle) {
  const std::string bad =
      "#cages\nA A B B\nC D D B\nC E F F\nG E E H\n#sums A=30\n................\n";
  const auto records = sudoku::read_all(bad + small_killer);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].error->kind(), FormatErrorKind::bad_cages);
  EXPECT_EQ(records[1].error->kind(), FormatErrorKind::bad_header);
  ASSERT_TRUE(records[2].ok());
  EXPECT_EQ(records[2].geometry->cages().size(), 8u);
}

TEST(KillerReader, CombinesWithTheChessConstraints) {
  const auto r = test_grids::one("#variant anti-king\n" + small_killer);
  EXPECT_EQ(r.geometry->chess(), sudoku::Chess::anti_king);
  EXPECT_EQ(r.geometry->cages().size(), 8u);
}

TEST(KillerGeometry, RefusesImpossibleCages) {
  const Geometry regular(4);
  EXPECT_THROW(Geometry::killer(regular, {Cage{{0, 1}, 8, "A"}}), sudoku::GeometryError);
  EXPECT_THROW(Geometry::killer(regular, {Cage{{0, 1}, 3, "A"}, Cage{{1, 2}, 3, "B"}}),
               sudoku::GeometryError);
  EXPECT_THROW(Geometry::killer(regular, {Cage{{0, 1, 2, 3, 4}, 10, "A"}}), sudoku::GeometryError);
  EXPECT_NO_THROW(Geometry::killer(regular, {Cage{{0, 5}, 7, "A"}}));
}

TEST(KillerGeometry, CombinationsOfACage) {
  // The classic ones: 2 cells make 3 only as {1, 2}; 3 cells make 23 only as {6, 8, 9}.
  EXPECT_EQ(sudoku::cage_combinations(9, 2, 3), (std::vector<std::uint64_t>{0b11}));
  EXPECT_EQ(sudoku::cage_combinations(9, 3, 23), (std::vector<std::uint64_t>{0b110100000}));
  EXPECT_EQ(sudoku::cage_combinations(9, 2, 10).size(), 4u);  // 1+9, 2+8, 3+7, 4+6
  EXPECT_TRUE(sudoku::cage_combinations(9, 2, 18).empty());
}

TEST(KillerMatrix, SmallKillerHasItsSolution) {
  const sudoku::Record r = test_grids::one(small_killer);
  sudoku::Solver solver(*r.geometry);
  const sudoku::SolveResult result = solver.solve(r.givens, 0);
  EXPECT_TRUE(result.complete);
  EXPECT_EQ(result.solutions, brute_count(4, 2, 2, r.geometry->cages(), r.givens));
  EXPECT_GE(result.solutions, 1u);
  bool found = false;
  solver.solve(r.givens, 0, [&](const Grid& s) {
    EXPECT_TRUE(cages_hold(*r.geometry, s));
    EXPECT_TRUE(sudoku::is_solution(*r.geometry, r.givens, s));
    found = found || s == test_grids::digits(small_solution, 4);
    return true;
  });
  EXPECT_TRUE(found);
}

// Counts by the engine equal the brute-force counts, on every logic level and search loop, for
// random cages over grids made by construction and then shuffled by a seed.
void compare_counts(int n, int box_rows, int box_cols, int givens, int seeds, int largest) {
  const Geometry shape(n);
  std::uint64_t total = 0;  // of the brute-force counts: some puzzles must have several
  for (int seed = 1; seed <= seeds; ++seed) {
    std::mt19937 random(static_cast<std::uint32_t>(seed));
    Grid solution = test_grids::pattern(n, box_rows, box_cols);
    std::vector<int> relabel(static_cast<std::size_t>(n));
    for (int d = 0; d < n; ++d) relabel[static_cast<std::size_t>(d)] = d + 1;
    std::shuffle(relabel.begin(), relabel.end(), random);
    for (auto& d : solution) d = static_cast<std::uint8_t>(relabel[d - 1u]);
    const std::vector<Cage> cages =
        random_cages(shape, solution, static_cast<std::uint32_t>(seed), largest);
    Grid puzzle(solution.size(), 0);
    for (int k = 0; k < givens; ++k) {
      const std::size_t cell = random() % solution.size();
      puzzle[cell] = solution[cell];
    }
    const Geometry g = Geometry::killer(shape, cages);
    const std::uint64_t expected = brute_count(n, box_rows, box_cols, cages, puzzle);
    ASSERT_GE(expected, 1u);
    total += expected;
    for (const sudoku::Logic logic :
         {sudoku::Logic::none, sudoku::Logic::singles, sudoku::Logic::fast, sudoku::Logic::all}) {
      for (const auto loop : {sudoku::SearchLoop::plain, sudoku::SearchLoop::propagating}) {
        sudoku::Solver solver(g);
        solver.set_logic(logic);
        solver.set_search_loop(loop);
        std::uint64_t checked = 0;
        const auto result = solver.solve(puzzle, 0, [&](const Grid& s) {
          EXPECT_TRUE(cages_hold(g, s)) << "seed " << seed;
          EXPECT_TRUE(sudoku::is_solution(g, puzzle, s)) << "seed " << seed;
          ++checked;
          return true;
        });
        EXPECT_EQ(result.solutions, expected)
            << n << "x" << n << " seed " << seed << " logic " << sudoku::logic_name(logic);
        EXPECT_EQ(checked, expected);
      }
    }
  }
  // Some puzzles have several solutions (4x4: 75 over 40, 6x6: 15 over 12, 9x9: 7 over 6).
  if (test_share == 1) {
    EXPECT_GT(total, static_cast<std::uint64_t>(seeds)) << "every puzzle had one solution";
  }
}

TEST(KillerMatrix, CountsAsBruteForceOn4x4) {
  compare_counts(4, 2, 2, 0, share_of(40), 3);
}

TEST(KillerMatrix, CountsAsBruteForceOn6x6) {
  compare_counts(6, 2, 3, 2, share_of(12), 3);
}

TEST(KillerMatrix, CountsAsBruteForceOn9x9WithGivens) {
  compare_counts(9, 3, 3, 30, share_of(6), 5);
}

TEST(KillerMatrix, CountsAsBruteForceWithAntiKnight) {
  // 6x6 anti-knight killer puzzles without givens, from the library's solved grids of the shape.
  const Geometry shape(6, sudoku::Variant::regular, sudoku::Chess::anti_knight);
  std::uint64_t total = 0;
  for (int seed = 1; seed <= share_of(8); ++seed) {
    const Grid solution = sudoku::random_solution(shape, static_cast<std::uint64_t>(seed));
    const std::vector<Cage> cages =
        random_cages(shape, solution, static_cast<std::uint32_t>(seed), 6);
    const Grid puzzle(36, 0);
    const Geometry g = Geometry::killer(shape, cages);
    const std::uint64_t expected = brute_count(6, 2, 3, cages, puzzle, 0, true);
    ASSERT_GE(expected, 1u);
    total += expected;
    sudoku::Solver solver(g);
    EXPECT_EQ(solver.solve(puzzle, 0).solutions, expected) << "seed " << seed;
  }
  if (test_share == 1) {
    EXPECT_GT(total, 8u);  // some have several solutions (cages up to 6 cells)
  }
}

TEST(KillerMatrix, AGivenThatBreaksACageSum) {
  // Givens that make every cell of cage A (3) but with 1 + 3: no solution, by logic or search.
  const sudoku::Record r = test_grids::one(small_killer);
  Grid puzzle = r.givens;
  puzzle[0] = 1;
  puzzle[1] = 3;
  for (const sudoku::Logic logic : {sudoku::Logic::none, sudoku::Logic::fast}) {
    sudoku::Solver solver(*r.geometry);
    solver.set_logic(logic);
    EXPECT_EQ(solver.solve(puzzle, 0).solutions, 0u);
  }
  EXPECT_FALSE(
      sudoku::is_solution(*r.geometry, r.givens, test_grids::digits("1324241331424231", 4)));
}

TEST(KillerMatrix, AClashInACage) {
  const sudoku::Record r = test_grids::one(small_killer);
  Grid puzzle = r.givens;
  puzzle[9] = 3;
  puzzle[14] = 3;  // r3c2 and r4c3, both in cage E
  const auto clash = sudoku::find_clash(*r.geometry, puzzle);
  ASSERT_TRUE(clash.has_value());
  EXPECT_EQ(clash->house, sudoku::cage_clash);
  EXPECT_EQ(sudoku::describe(*r.geometry, *clash), "r3c2 and r4c3 both hold 3 in cage E (6)");
  sudoku::Solver solver(*r.geometry);
  EXPECT_THROW(solver.solve(puzzle), sudoku::ClashError);
}

using sudoku::Candidate;
using sudoku::Step;
using sudoku::Technique;

// The candidates removed by a list of steps, sorted.
std::vector<std::pair<int, int>> removals(const std::vector<Step>& steps) {
  std::vector<std::pair<int, int>> out;
  for (const Step& step : steps)
    for (const Candidate& r : step.removed) out.emplace_back(r.cell, r.digit);
  std::sort(out.begin(), out.end());
  return out;
}

// Every digit of `from` to `to` from each of `cells`.
std::vector<std::pair<int, int>> every(std::vector<int> cells, int from, int to) {
  std::vector<std::pair<int, int>> out;
  for (int cell : cells)
    for (int d = from; d <= to; ++d) out.emplace_back(cell, d);
  std::sort(out.begin(), out.end());
  return out;
}

// An empty 9x9 grid with these cages.
struct Position {
  explicit Position(std::vector<Cage> cages)
      : geometry(Geometry::killer(Geometry(9), std::move(cages))),
        tables(geometry),
        candidates(geometry) {
    candidates.reset(Grid(81, 0));
  }
  Geometry geometry;
  sudoku::LogicTables tables;
  sudoku::Candidates candidates;
};

TEST(KillerLogic, CageCombinationsOfOneCombination) {
  // r1c1 + r1c2 = 3 only as 1 + 2.
  Position p({Cage{{0, 1}, 3, "A"}});
  std::vector<Step> steps;
  const auto found = sudoku::cage_combinations(p.candidates, p.tables, &steps);
  EXPECT_EQ(found.steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].technique, Technique::cage_combinations);
  EXPECT_EQ(removals(steps), every({0, 1}, 3, 9));
  EXPECT_EQ(p.candidates.mask(0), 0b11u);
  EXPECT_EQ(sudoku::describe(p.geometry, steps[0]),
            "cage combinations: cage A (3) takes its digits from {1,2}: r1c1, r1c2 keep only 1 "
            "and 2");
}

TEST(KillerLogic, CageCombinationsThatTheCandidatesAllow) {
  // r1c1 + r2c3 = 10: 1+9, 2+8, 3+7, 4+6; r1c1 holds only 3, so r2c3 holds 7.
  Position p({Cage{{0, 11}, 10, "B"}});
  for (int d = 1; d <= 9; ++d)
    if (d != 3) p.candidates.eliminate(0, d);
  std::vector<Step> steps;
  sudoku::cage_combinations(p.candidates, p.tables, &steps);
  std::vector<std::pair<int, int>> expected = every({11}, 1, 9);
  expected.erase(std::find(expected.begin(), expected.end(), std::pair{11, 7}));
  EXPECT_EQ(removals(steps), expected);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].digits, sudoku::digit_bit(3) | sudoku::digit_bit(7));
  // Eight digits gone from one cell: said as the one it keeps.
  EXPECT_EQ(sudoku::describe(p.geometry, steps[0]),
            "cage combinations: cage B (10) takes its digits from {3,7}: r2c3 keeps only 7");
  // Nothing more to find.
  steps.clear();
  EXPECT_EQ(sudoku::cage_combinations(p.candidates, p.tables, &steps).steps, 0);
}

TEST(KillerLogic, RuleOf45PlacesASingleInnie) {
  // Row 1: cages of 6, 15 and 17 over r1c1-r1c8, so r1c9 = 45 - 38 = 7.
  Position p({Cage{{0, 1, 2}, 6, "A"}, Cage{{3, 4, 5}, 15, "B"}, Cage{{6, 7}, 17, "C"}});
  std::vector<Step> steps;
  EXPECT_EQ(sudoku::rule_of_45(p.candidates, p.tables, &steps, 1).steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  ASSERT_EQ(steps[0].placed.size(), 1u);
  EXPECT_EQ(steps[0].placed[0].cell, 8);
  EXPECT_EQ(steps[0].placed[0].digit, 7);
  EXPECT_EQ(p.candidates.value(8), 7);
  EXPECT_EQ(sudoku::describe(p.geometry, steps[0]),
            "rule of 45 on row 1 (45): cages A (6), B (15), C (17) inside it add up to 38, so "
            "the innie r1c9 holds 7: r1c9=7");
}

TEST(KillerLogic, RuleOf45PlacesASingleOutie) {
  // Row 1 is covered by A (16: r1c1-r1c4 and r2c1) and B (35: r1c5-r1c9): r2c1 = 51 - 45 = 6.
  // (The innies r1c1-r1c4 are four: too many to conclude on.)
  Position p({Cage{{0, 1, 2, 3, 9}, 16, "A"}, Cage{{4, 5, 6, 7, 8}, 35, "B"}});
  std::vector<Step> steps;
  sudoku::rule_of_45(p.candidates, p.tables, &steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  ASSERT_EQ(steps[0].placed.size(), 1u);
  EXPECT_EQ(steps[0].placed[0].cell, 9);
  EXPECT_EQ(steps[0].placed[0].digit, 6);
  EXPECT_EQ(sudoku::describe(p.geometry, steps[0]),
            "rule of 45 on row 1 (45): cages A (16), B (35) over it add up to 51, so the outie "
            "r2c1 holds 6: r2c1=6");
}

TEST(KillerLogic, RuleOf45BoundsTwoInnies) {
  // Row 1: r1c1-r1c7 make 28, so r1c8 + r1c9 = 17: each is 8 or 9.
  Position p({Cage{{0, 1, 2, 3, 4, 5, 6}, 28, "A"}});
  std::vector<Step> steps;
  sudoku::rule_of_45(p.candidates, p.tables, &steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_TRUE(steps[0].placed.empty());
  EXPECT_EQ(removals(steps), every({7, 8}, 1, 7));
  EXPECT_NE(sudoku::describe(p.geometry, steps[0]).find("so the innies r1c8, r1c9 add up to 17"),
            std::string::npos)
      << sudoku::describe(p.geometry, steps[0]);
}

// A 4x4 killer puzzle generated from a seed: one solution by the brute-force count, the same
// puzzle again from the same seed, and no given that could go.
TEST(KillerGenerator, SmallPuzzlesAreUniqueAndMinimal) {
  const Geometry shape(4);
  sudoku::GeneratorOptions options;
  options.killer = true;
  sudoku::Generator generator(shape);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(share_of(20)); ++seed) {
    const sudoku::Puzzle p = generator.generate(seed, options);
    ASSERT_TRUE(p.geometry);
    const auto& cages = p.geometry->cages();
    for (const Cage& cage : cages) {
      EXPECT_GE(cage.cells.size(), 1u);
      EXPECT_LE(cage.cells.size(), 4u);
    }
    EXPECT_TRUE(cages_hold(*p.geometry, p.solution));
    EXPECT_EQ(brute_count(4, 2, 2, cages, p.givens), 1u) << "seed " << seed;
    for (std::size_t cell = 0; cell < p.givens.size(); ++cell) {
      if (p.givens[cell] == 0) continue;
      Grid fewer = p.givens;
      fewer[cell] = 0;
      EXPECT_GT(brute_count(4, 2, 2, cages, fewer, 2), 1u) << "seed " << seed << " cell " << cell;
    }
    const sudoku::Puzzle again = generator.generate(seed, options);
    EXPECT_EQ(again.givens, p.givens);
    EXPECT_EQ(again.geometry->cages(), p.geometry->cages());
  }
}

TEST(KillerGenerator, CagesAreConnectedOfTwoToFiveCells) {
  const Geometry shape(9);
  const Grid solution = sudoku::random_solution(shape, 7);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const std::vector<Cage> cages = sudoku::random_cages(shape, solution, seed);
    std::vector<int> seen(81, 0);
    for (const Cage& cage : cages) {
      EXPECT_LE(cage.cells.size(), 5u);
      std::uint64_t digits = 0;
      int sum = 0;
      for (int cell : cage.cells) {
        ++seen[static_cast<std::size_t>(cell)];
        const int d = solution[static_cast<std::size_t>(cell)];
        EXPECT_EQ(digits >> d & 1, 0u);
        digits |= std::uint64_t{1} << d;
        sum += d;
      }
      EXPECT_EQ(sum, cage.sum);
      // Connected: a walk from the first cell through neighbours in the cage reaches them all.
      std::vector<int> reached{cage.cells.front()};
      for (std::size_t i = 0; i < reached.size(); ++i)
        for (int other : cage.cells) {
          const int a = reached[i];
          const bool next = (std::abs(a / 9 - other / 9) + std::abs(a % 9 - other % 9)) == 1;
          if (next && std::find(reached.begin(), reached.end(), other) == reached.end())
            reached.push_back(other);
        }
      EXPECT_EQ(reached.size(), cage.cells.size());
    }
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), 81);
  }
}

TEST(KillerGenerator, ASolvedGridOfAKillerShapeKeepsItsSums) {
  const Geometry shape(9);
  const Grid solution = sudoku::random_solution(shape, 3);
  const Geometry g = Geometry::killer(shape, sudoku::random_cages(shape, solution, 3));
  const Grid grid = sudoku::random_solution(g, 5);
  EXPECT_TRUE(cages_hold(g, grid));
  EXPECT_TRUE(sudoku::is_solution(g, Grid(81, 0), grid));
  // A killer shape does not take more cages.
  sudoku::GeneratorOptions options;
  options.killer = true;
  EXPECT_THROW(sudoku::generate(g, 1, options), sudoku::GeometryError);
}

// 9x9 killer puzzles: one solution by the engine, which keeps every cage's sum; the rating runs
// through the cage techniques.
TEST(KillerGenerator, NineByNinePuzzlesAreUniqueAndRated) {
  const Geometry shape(9);
  sudoku::GeneratorOptions options;
  options.killer = true;
  sudoku::Generator generator(shape);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(share_of(4)); ++seed) {
    const sudoku::Puzzle p = generator.generate(seed, options);
    ASSERT_TRUE(p.geometry);
    sudoku::Solver solver(*p.geometry);
    std::uint64_t found = 0;
    const auto result = solver.solve(p.givens, 0, [&](const Grid& s) {
      EXPECT_TRUE(cages_hold(*p.geometry, s));
      EXPECT_EQ(s, p.solution);
      ++found;
      return true;
    });
    EXPECT_EQ(result.solutions, 1u);
    EXPECT_EQ(found, 1u);
    const sudoku::LogicTables tables(*p.geometry);
    std::vector<Step> steps;
    const sudoku::Rating rating = sudoku::rate(p.givens, solver, tables, &steps);
    EXPECT_TRUE(rating.solvable);
    EXPECT_TRUE(std::any_of(steps.begin(), steps.end(), [](const Step& s) {
      return s.technique == Technique::cage_combinations || s.technique == Technique::rule_of_45;
    }));
    // A hint names a cage.
    sudoku::Candidates start(*p.geometry);
    start.reset(p.givens);
    Step hint;
    ASSERT_TRUE(sudoku::next_step(start, tables, hint));
    if (hint.technique == Technique::cage_combinations || hint.technique == Technique::rule_of_45) {
      EXPECT_NE(sudoku::describe(*p.geometry, hint).find("cage"), std::string::npos);
    }
  }
}

}  // namespace
