#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "sudoku/make/generator.hpp"
#include "sudoku/model/symmetry.hpp"
#include "sudoku_test_grids.hpp"
#include "test_share.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Symmetry;
using sudoku::Variant;
using test_grids::digits;

// Puzzles of Gordon Royle's collection of 17-clue puzzles, which are pairwise inequivalent
// (the set puzzles2_17_clue, 49,158 lines: lines 1-6, 1000, 20000, 40000 and 49158).
const std::vector<std::string> seventeens = {
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
    ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
    ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..",
    ".................1.....2.3.....1...4..3.5.....26....7.14...8...5........7....6.2.",
    ".................1..2.34...............1.5.6...78..2.......94.8.5.......16..7....",
    "..............1..2..3....4.....3......564.....7....1.8...4...5..8.......12.9.....",
    "........1.......23..4..5.........6...1.37....8..2........1........83....5.6...4..",
    "........1.....2.34.56..........4.5....4.1.....7....8.....6....2...8..9..4........",
};

// A random grid of the shape with about half its cells emptied (a puzzle or not: the canonical
// form does not care).
Grid holed_solution(const Geometry& g, std::uint64_t seed) {
  Grid grid = sudoku::random_solution(g, seed);
  std::mt19937_64 rng(seed);
  for (auto& v : grid)
    if (rng() % 2 == 0) v = 0;
  return grid;
}

// Whether a is not larger than b, cell by cell (a loop: GCC 12 warns falsely on the vectors' <=).
bool not_larger(const Grid& a, const Grid& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] != b[i]) return a[i] < b[i];
  return a.size() <= b.size();
}

// The smallest relabelled image over a list of symmetries, by trying each.
Grid brute_force(const Geometry& g, const Grid& grid, const std::vector<Symmetry>& all) {
  Grid best;
  for (const Symmetry& s : all) {
    Grid image = sudoku::relabelled(g, sudoku::apply(g, grid, s));
    if (best.empty() || !not_larger(best, image)) best = std::move(image);
  }
  return best;
}

// Whether a symmetry maps every house onto a house of the geometry.
bool keeps_houses(const Geometry& g, const Symmetry& s) {
  // The image of cell c is where c's content goes: apply() to a grid numbering the cells.
  std::vector<int> from(static_cast<std::size_t>(g.cell_count()));
  for (int i = 0; i < g.size(); ++i)
    for (int j = 0; j < g.size(); ++j) {
      const int r = s.rows[static_cast<std::size_t>(i)], c = s.cols[static_cast<std::size_t>(j)];
      from[static_cast<std::size_t>(i * g.size() + j)] =
          s.transpose ? c * g.size() + r : r * g.size() + c;
    }
  std::set<std::vector<int>> houses;
  for (const auto& h : g.houses()) {
    std::vector<int> cells = h.cells;
    std::sort(cells.begin(), cells.end());
    houses.insert(cells);
  }
  for (const auto& h : g.houses()) {
    std::vector<int> image;
    for (int cell : h.cells) image.push_back(from[static_cast<std::size_t>(cell)]);
    std::sort(image.begin(), image.end());
    if (!houses.count(image)) return false;
  }
  // With chess constraints, a knight's or king's move too: each cell's peers onto its image's.
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    std::vector<int> image, peers;
    for (int peer : g.peers(cell)) image.push_back(from[static_cast<std::size_t>(peer)]);
    const auto theirs = g.peers(from[static_cast<std::size_t>(cell)]);
    peers.assign(theirs.begin(), theirs.end());
    std::sort(image.begin(), image.end());
    std::sort(peers.begin(), peers.end());
    if (image != peers) return false;
  }
  return true;
}

// A jigsaw whose regions are the boxes: all eight rotations and reflections keep them.
Geometry boxes_as_jigsaw() {
  std::vector<int> regions;
  for (int cell = 0; cell < 81; ++cell) regions.push_back(cell / 27 * 3 + cell % 9 / 3);
  return Geometry::jigsaw(9, regions);
}

std::vector<Geometry> shapes() {
  return {Geometry(9),
          Geometry(9, Variant::hyper),
          Geometry(9, Variant::x),
          Geometry(9, Variant::hyper_x),
          Geometry(4),
          Geometry(6),
          Geometry(8),
          Geometry(12),
          Geometry(16),
          Geometry(25),
          Geometry(4, Variant::hyper),
          Geometry(6, Variant::x),
          Geometry(16, Variant::x),
          sudoku::random_jigsaw(9, 3),
          boxes_as_jigsaw(),
          Geometry(9, Variant::regular, sudoku::Chess::anti_knight),
          Geometry(9, Variant::x, sudoku::Chess::anti_king),
          Geometry(9, Variant::hyper, sudoku::Chess::anti_knight)};
}

std::string name(const Geometry& g) {
  return std::to_string(g.size()) + "x" + std::to_string(g.size()) + " " + sudoku::shape_name(g);
}

TEST(Symmetry, GroupSizes) {
  EXPECT_EQ(sudoku::symmetry_count(Geometry(9)), 3359232.0);  // 2 * 6^8
  EXPECT_EQ(sudoku::symmetry_count(Geometry(4)), 128.0);      // 2 * 2^6
  EXPECT_EQ(sudoku::symmetry_count(Geometry(6)), 3456.0);     // 3! 2^3 * 2! 6^2
  // Hyper: rows 2 and 3, rows 7 and 8 swapped, the reversal; the same for columns; transposition.
  EXPECT_EQ(sudoku::symmetry_count(Geometry(9, Variant::hyper)), 128.0);
  // X: rows permuted symmetrically about the centre within bands (2 * 3! * 2), the columns as the
  // rows or mirrored, transposition.
  EXPECT_EQ(sudoku::symmetry_count(Geometry(9, Variant::x)), 96.0);
  EXPECT_EQ(sudoku::symmetry_count(Geometry(9, Variant::hyper_x)), 16.0);
  EXPECT_EQ(sudoku::symmetries(Geometry(9, Variant::x)).size(), 96u);
  // A knight's or king's move is kept by the rotations and reflections of the square alone.
  EXPECT_EQ(sudoku::symmetry_count(Geometry(9, Variant::regular, sudoku::Chess::anti_knight)), 8.0);
  EXPECT_EQ(sudoku::symmetry_count(Geometry(9, Variant::regular, sudoku::Chess::anti_king)), 8.0);
  EXPECT_EQ(sudoku::symmetry_count(Geometry(9, Variant::x, sudoku::Chess::anti_king)), 8.0);
}

// Two rows of a band swapped: the same puzzle to regular sudoku, another one to anti-knight.
TEST(Symmetry, ChessConstraintsNarrowTheGroup) {
  const Geometry regular(9), knight(9, Variant::regular, sudoku::Chess::anti_knight);
  const Grid grid = holed_solution(knight, 5);
  Grid swapped = grid;
  std::swap_ranges(swapped.begin(), swapped.begin() + 9, swapped.begin() + 9);
  EXPECT_EQ(sudoku::canonical_form(regular, grid), sudoku::canonical_form(regular, swapped));
  EXPECT_NE(sudoku::canonical_form(knight, grid), sudoku::canonical_form(knight, swapped));
}

TEST(Symmetry, EveryListedSymmetryMapsHousesOntoHouses) {
  for (const Geometry& g : shapes()) {
    if (g.variant() == Variant::regular && g.size() > 6) continue;  // next test, sampled
    const auto all = sudoku::symmetries(g);
    ASSERT_FALSE(all.empty()) << name(g);
    std::size_t step = std::max<std::size_t>(1, all.size() / share_of(2000));
    for (std::size_t i = 0; i < all.size(); i += step)
      ASSERT_TRUE(keeps_houses(g, all[i])) << name(g) << " symmetry " << i;
  }
  // The identity of a jigsaw whose regions have no symmetry is its only symmetry.
  EXPECT_EQ(sudoku::symmetries(sudoku::random_jigsaw(9, 3)).size(), 1u);
  EXPECT_EQ(sudoku::symmetries(boxes_as_jigsaw()).size(), 8u);
}

TEST(Symmetry, RandomSymmetriesMapHousesOntoHouses) {
  std::mt19937_64 rng(7);
  for (const Geometry& g : shapes())
    for (int i = 0; i < share_of(200); ++i)
      ASSERT_TRUE(keeps_houses(g, sudoku::random_symmetry(g, rng))) << name(g);
}

TEST(Symmetry, EquivalentGridsShareTheirForm) {
  std::mt19937_64 rng(11);
  for (const Geometry& g : shapes())
    for (std::uint64_t seed = 1; seed <= (test_share > 1 ? 1u : 3u); ++seed) {
      const Grid grid = holed_solution(g, seed);
      const Grid form = sudoku::canonical_form(g, grid);
      EXPECT_EQ(sudoku::relabelled(g, form), form) << name(g);
      EXPECT_TRUE(not_larger(form, sudoku::relabelled(g, grid))) << name(g);
      for (int k = 0; k < 30; ++k) {
        const Grid other = sudoku::random_equivalent(g, grid, rng);
        ASSERT_EQ(sudoku::canonical_form(g, other), form) << name(g) << " seed " << seed;
        EXPECT_TRUE(not_larger(form, sudoku::relabelled(g, other))) << name(g);
      }
    }
}

TEST(Symmetry, NineByNinePuzzlesShareTheirForm) {
  const Geometry g(9);
  std::mt19937_64 rng(5);
  for (const std::string& line : seventeens) {
    const Grid grid = digits(line);
    const Grid form = sudoku::canonical_form(g, grid);
    for (int k = 0; k < 30; ++k)
      ASSERT_EQ(sudoku::canonical_form(g, sudoku::random_equivalent(g, grid, rng)), form) << line;
  }
}

TEST(Symmetry, InequivalentPuzzlesHaveDifferentForms) {
  const Geometry g(9);
  std::set<std::string> forms;
  for (const std::string& line : seventeens) {
    const Grid form = sudoku::canonical_form(g, digits(line));
    forms.insert(std::string(form.begin(), form.end()));
  }
  EXPECT_EQ(forms.size(), seventeens.size());
  // A puzzle and the same with one given more are not equivalent.
  Grid more = digits(seventeens[0]);
  more[0] = 5;
  EXPECT_NE(sudoku::canonical_form(g, more), sudoku::canonical_form(g, digits(seventeens[0])));
}

TEST(Symmetry, SmallShapesAgreeWithEveryElementTried) {
  for (const Geometry& g : {Geometry(4), Geometry(6), Geometry(4, Variant::hyper),
                            Geometry(9, Variant::x), Geometry(9, Variant::hyper)}) {
    const auto all = sudoku::symmetries(g);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const Grid grid = holed_solution(g, seed);
      EXPECT_EQ(sudoku::canonical_form(g, grid), brute_force(g, grid, all)) << name(g);
    }
  }
}

// The lines of 9x9 bands: the 1296 permutations keeping the bands.
std::vector<std::vector<int>> band_perms() {
  std::vector<std::vector<int>> out;
  std::vector<int> band = {0, 1, 2};
  do {
    std::vector<int> a = {0, 1, 2}, b = a, c = a;
    do do
        do {
          std::vector<int> p;
          for (int k : a) p.push_back(band[0] * 3 + k);
          for (int k : b) p.push_back(band[1] * 3 + k);
          for (int k : c) p.push_back(band[2] * 3 + k);
          out.push_back(p);
        } while (std::next_permutation(c.begin(), c.end()));
      while (std::next_permutation(b.begin(), b.end()));
    while (std::next_permutation(a.begin(), a.end()));
  } while (std::next_permutation(band.begin(), band.end()));
  return out;
}

TEST(Symmetry, NineByNineAgreesWithEveryOneOfTheGroupTried) {
  // The 3,359,232 symmetries, each cut short where it is larger than the best so far.
  const Geometry g(9);
  const auto perms = band_perms();
  ASSERT_EQ(perms.size(), 1296u);
  for (const std::string& line : {seventeens[0], seventeens[9]}) {
    const Grid grid = digits(line);
    Grid best(81, 99), image(81);
    for (int t = 0; t < 2; ++t)
      for (const auto& rows : perms)
        for (const auto& cols : perms) {
          std::uint8_t label[10] = {};
          std::uint8_t next = 1;
          bool less = false;
          for (int i = 0; i < 81; ++i) {
            const int r = rows[static_cast<std::size_t>(i / 9)],
                      c = cols[static_cast<std::size_t>(i % 9)];
            const std::uint8_t v = grid[static_cast<std::size_t>(t ? c * 9 + r : r * 9 + c)];
            if (v != 0 && label[v] == 0) label[v] = next++;
            image[static_cast<std::size_t>(i)] = v == 0 ? 0 : label[v];
            if (!less) {
              if (image[static_cast<std::size_t>(i)] > best[static_cast<std::size_t>(i)]) break;
              less = image[static_cast<std::size_t>(i)] < best[static_cast<std::size_t>(i)];
            }
            if (i == 80 && less) best = image;
          }
        }
    EXPECT_EQ(sudoku::canonical_form(g, grid), best) << line;
  }
  // The first puzzle of the collection is written in its minlex form.
  EXPECT_EQ(sudoku::canonical_form(g, digits(seventeens[0])), digits(seventeens[0]));
}

TEST(Symmetry, FullGridsAndEmptyGrids) {
  for (const Geometry& g : {Geometry(9), Geometry(6), Geometry(9, Variant::hyper)}) {
    const Grid full = sudoku::random_solution(g, 3);
    std::mt19937_64 rng(3);
    const Grid form = sudoku::canonical_form(g, full);
    EXPECT_EQ(sudoku::canonical_form(g, sudoku::random_equivalent(g, full, rng)), form) << name(g);
    EXPECT_EQ(sudoku::canonical_form(g, Grid(static_cast<std::size_t>(g.cell_count()), 0)),
              Grid(static_cast<std::size_t>(g.cell_count()), 0));
  }
  // Every 9x9 solution grid starts 123456789 in its minlex form.
  const Grid form = sudoku::canonical_form(Geometry(9), sudoku::random_solution(Geometry(9), 5));
  EXPECT_EQ(Grid(form.begin(), form.begin() + 9), (Grid{1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(Symmetry, ShapesTooLargeToListSaySo) {
  EXPECT_THROW(sudoku::Canonicalizer(Geometry(25, Variant::hyper)), sudoku::SymmetryError);
  EXPECT_THROW(sudoku::symmetries(Geometry(9), 1000), sudoku::SymmetryError);
  // A full 16x16 grid ties on its first row in 2 * 4! * 16 * (4!)^4 ways: refused, not out of
  // memory.
  const Geometry sixteen(16);
  EXPECT_THROW(sudoku::canonical_form(sixteen, sudoku::random_solution(sixteen, 1)),
               sudoku::SymmetryError);
}

}  // namespace
