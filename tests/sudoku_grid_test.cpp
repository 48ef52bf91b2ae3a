#include <gtest/gtest.h>

#include "sudoku/model/grid.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Variant;

Grid grid_of(const std::string& text) {
  Grid g;
  for (char ch : text)
    g.push_back(ch >= '1' && ch <= '9' ? static_cast<std::uint8_t>(ch - '0') : 0);
  return g;
}

// The example puzzle of Wikipedia's "Sudoku" article and its solution.
const std::string wiki_puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

TEST(Grid, AClashNamesBothCellsAndTheHouse) {
  Geometry g(9);
  Grid grid(81, 0);
  grid[1] = 7;
  grid[6] = 7;
  auto clash = sudoku::find_clash(g, grid);
  ASSERT_TRUE(clash);
  EXPECT_EQ(sudoku::describe(g, *clash), "r1c2 and r1c7 both hold 7 in row 1");
}

TEST(Grid, ClashesInEveryKindOfHouse) {
  struct Case {
    Variant variant;
    int a, b;
    std::string text;
  };
  const Case cases[] = {
      {Variant::regular, 0, 72, "r1c1 and r9c1 both hold 5 in column 1"},
      {Variant::regular, 0, 20, "r1c1 and r3c3 both hold 5 in box 1"},
      {Variant::hyper, 10, 30, "r2c2 and r4c4 both hold 5 in window 1"},
      {Variant::x, 0, 80, "r1c1 and r9c9 both hold 5 in main diagonal"},
      {Variant::x, 8, 72, "r1c9 and r9c1 both hold 5 in anti-diagonal"},
  };
  for (const Case& c : cases) {
    Geometry g(9, c.variant);
    Grid grid(81, 0);
    grid[c.a] = grid[c.b] = 5;
    auto clash = sudoku::find_clash(g, grid);
    ASSERT_TRUE(clash) << c.text;
    EXPECT_EQ(sudoku::describe(g, *clash), c.text);
  }
  // The same pairs do not clash on a regular grid.
  Grid grid(81, 0);
  grid[10] = grid[30] = 5;
  EXPECT_FALSE(sudoku::find_clash(Geometry(9), grid));
}

TEST(Grid, ClashInAJigsawRegion) {
  std::vector<int> region(25);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) region[r * 5 + c] = (r + c) % 5;
  Geometry g = Geometry::jigsaw(5, region);
  Grid grid(25, 0);
  grid[1] = grid[5] = 2;  // r1c2 and r2c1 share region 2
  auto clash = sudoku::find_clash(g, grid);
  ASSERT_TRUE(clash);
  EXPECT_EQ(sudoku::describe(g, *clash), "r1c2 and r2c1 both hold 2 in region 2");
}

TEST(Grid, IsSolutionChecksGivensAndHouses) {
  Geometry g(9);
  const Grid puzzle = grid_of(wiki_puzzle), solution = grid_of(wiki_solution);
  EXPECT_FALSE(sudoku::find_clash(g, puzzle));
  EXPECT_TRUE(sudoku::is_solution(g, puzzle, solution));
  Grid swapped = solution;
  std::swap(swapped[0], swapped[1]);  // breaks columns, keeps rows
  EXPECT_FALSE(sudoku::is_solution(g, Grid(81, 0), swapped));
  Grid other_givens = puzzle;
  other_givens[2] = 1;  // the solution has 4 there
  EXPECT_FALSE(sudoku::is_solution(g, other_givens, solution));
  EXPECT_FALSE(sudoku::is_solution(g, puzzle, puzzle));  // not full
  // Wikipedia's solution is no hyper solution: window 1 holds 9 at r3c2 and r4c3.
  EXPECT_FALSE(sudoku::is_solution(Geometry(9, Variant::hyper), puzzle, solution));
}

}  // namespace
