// Killer sudoku: the #cages and #sums headers, the cages in the exact-cover matrix (counts
// checked against a brute-force count written here), the cage techniques and generation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
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
                          Grid grid, std::uint64_t limit = 0) {
  std::vector<int> cage_of(static_cast<std::size_t>(n * n), -1);
  for (std::size_t k = 0; k < cages.size(); ++k)
    for (int cell : cages[k].cells) cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(k);
  const auto fits = [&](int cell, int d) {
    const int r = cell / n, c = cell % n;
    for (int i = 0; i < n; ++i) {
      if (i != c && grid[static_cast<std::size_t>(r * n + i)] == d) return false;
      if (i != r && grid[static_cast<std::size_t>(i * n + c)] == d) return false;
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
  if (test_share == 1)
    EXPECT_GT(total, static_cast<std::uint64_t>(seeds)) << "every puzzle had one solution";
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

}  // namespace
