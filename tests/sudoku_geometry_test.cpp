#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

#include "sudoku/model/geometry.hpp"

namespace {

using sudoku::Geometry;
using sudoku::GeometryError;
using sudoku::HouseKind;
using sudoku::Variant;

int count_kind(const Geometry& g, HouseKind kind) {
  return static_cast<int>(std::count_if(g.houses().begin(), g.houses().end(),
                                        [&](const sudoku::House& h) { return h.kind == kind; }));
}

TEST(Geometry, RegularNineHasTwentySevenHousesAndTwentyPeers) {
  Geometry g(9);
  EXPECT_EQ(g.size(), 9);
  EXPECT_EQ(g.cell_count(), 81);
  EXPECT_EQ(g.box_rows(), 3);
  EXPECT_EQ(g.box_cols(), 3);
  EXPECT_EQ(g.houses().size(), 27u);
  for (int cell = 0; cell < 81; ++cell) {
    EXPECT_EQ(g.houses_of(cell).size(), 3u);
    EXPECT_EQ(g.peers(cell).size(), 20u);
  }
  for (const auto& h : g.houses()) EXPECT_EQ(h.cells.size(), 9u);
}

TEST(Geometry, BoxShapesOfTheUsualSizes) {
  const std::pair<int, std::pair<int, int>> shapes[] = {{4, {2, 2}},  {6, {2, 3}},  {9, {3, 3}},
                                                        {12, {3, 4}}, {16, {4, 4}}, {25, {5, 5}}};
  for (const auto& [size, shape] : shapes) {
    Geometry g(size);
    EXPECT_EQ(g.box_rows(), shape.first) << size;
    EXPECT_EQ(g.box_cols(), shape.second) << size;
    EXPECT_EQ(g.houses().size(), static_cast<std::size_t>(3 * size)) << size;
    // Every house holds each cell at most once and size cells in all.
    for (const auto& h : g.houses()) {
      auto cells = h.cells;
      std::sort(cells.begin(), cells.end());
      EXPECT_EQ(std::adjacent_find(cells.begin(), cells.end()), cells.end());
      EXPECT_EQ(cells.size(), static_cast<std::size_t>(size));
    }
  }
}

TEST(Geometry, SixBySixBoxIsTwoRowsByThreeColumns) {
  Geometry g(6);
  const auto& box = g.houses()[12];  // rows, columns, then the first box
  ASSERT_EQ(box.kind, HouseKind::box);
  EXPECT_EQ(box.cells, (std::vector<int>{0, 1, 2, 6, 7, 8}));
}

TEST(Geometry, HyperWindowsSitAtRowsAndColumnsTwoToFourAndSixToEight) {
  Geometry g(9, Variant::hyper);
  EXPECT_EQ(g.houses().size(), 31u);
  EXPECT_EQ(count_kind(g, HouseKind::window), 4);
  const auto& w = g.houses()[27];
  ASSERT_EQ(w.kind, HouseKind::window);
  // r2c2..r4c4 (1-based) are cells 10,11,12, 19,20,21, 28,29,30.
  EXPECT_EQ(w.cells, (std::vector<int>{10, 11, 12, 19, 20, 21, 28, 29, 30}));
  EXPECT_EQ(g.houses()[30].cells.back(), 7 * 9 + 7);  // r8c8
  EXPECT_EQ(g.houses_of(10).size(), 4u);              // r2c2: row, column, box, window
  EXPECT_EQ(g.houses_of(0).size(), 3u);               // r1c1 is in no window
  EXPECT_EQ(g.house_name(29), "window 3");
}

TEST(Geometry, XAddsBothDiagonals) {
  Geometry g(9, Variant::x);
  EXPECT_EQ(g.houses().size(), 29u);
  EXPECT_EQ(g.houses_of(40).size(), 5u);  // the centre is on both diagonals
  EXPECT_EQ(g.houses()[27].cells, (std::vector<int>{0, 10, 20, 30, 40, 50, 60, 70, 80}));
  EXPECT_EQ(g.houses()[28].cells, (std::vector<int>{8, 16, 24, 32, 40, 48, 56, 64, 72}));
  EXPECT_EQ(g.house_name(27), "main diagonal");
  EXPECT_EQ(g.house_name(28), "anti-diagonal");
  Geometry both(9, Variant::hyper_x);
  EXPECT_EQ(both.houses().size(), 33u);
}

TEST(Geometry, PeersAreSymmetricAndExcludeTheCell) {
  for (Variant v : {Variant::regular, Variant::hyper, Variant::x, Variant::hyper_x}) {
    Geometry g(9, v);
    for (int a = 0; a < 81; ++a) {
      auto pa = g.peers(a);
      EXPECT_EQ(std::find(pa.begin(), pa.end(), a), pa.end());
      for (int b : pa) {
        auto pb = g.peers(b);
        EXPECT_NE(std::find(pb.begin(), pb.end(), a), pb.end());
      }
    }
  }
}

// The peers the front ends highlight (the web page's board.peers): every cell that shares a house
// with the cell, hyper windows, diagonals and jigsaw regions included.
TEST(Geometry, PeersAreTheCellsOfTheCellsHouses) {
  std::vector<int> swapped;  // a jigsaw map: the regular boxes with r1c3 and r1c4 traded
  for (int cell = 0; cell < 81; ++cell) swapped.push_back(cell / 27 * 3 + cell % 9 / 3);
  std::swap(swapped[2], swapped[3]);
  std::vector<Geometry> shapes;
  for (Variant v : {Variant::regular, Variant::hyper, Variant::x, Variant::hyper_x})
    shapes.emplace_back(9, v);
  shapes.push_back(Geometry::jigsaw(9, swapped));
  for (const Geometry& g : shapes)
    for (int cell = 0; cell < 81; ++cell) {
      std::vector<int> expected;
      for (int h : g.houses_of(cell))
        for (int other : g.houses()[static_cast<std::size_t>(h)].cells)
          if (other != cell) expected.push_back(other);
      std::sort(expected.begin(), expected.end());
      expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
      auto peers = g.peers(cell);
      std::vector<int> got(peers.begin(), peers.end());
      std::sort(got.begin(), got.end());
      EXPECT_EQ(got, expected) << sudoku::variant_name(g.variant()) << " " << cell;
    }
  // X: r1c1 has 20 peers and 6 more on its diagonal; r5c5, on both, 12 more.
  EXPECT_EQ(shapes[2].peers(0).size(), 26u);
  EXPECT_EQ(shapes[2].peers(40).size(), 32u);
  // Hyper: r2c2's window adds r3c4, r4c3 and r4c4.
  EXPECT_EQ(shapes[1].peers(10).size(), 23u);
  // Jigsaw: r1c3, traded into the second region, sees r2c4 and no longer r2c1.
  const auto jigsaw = shapes[4].peers(2);
  EXPECT_NE(std::find(jigsaw.begin(), jigsaw.end(), 12), jigsaw.end());
  EXPECT_EQ(std::find(jigsaw.begin(), jigsaw.end(), 9), jigsaw.end());
}

TEST(Geometry, JigsawRegionsReplaceBoxes) {
  // Rows of a 5x5 grid as its regions, shifted by one column per row: a valid region map.
  std::vector<int> region(25);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) region[r * 5 + c] = (r + c) % 5;
  Geometry g = Geometry::jigsaw(5, region);
  EXPECT_EQ(g.variant(), Variant::jigsaw);
  EXPECT_EQ(count_kind(g, HouseKind::region), 5);
  EXPECT_EQ(count_kind(g, HouseKind::box), 0);
  EXPECT_EQ(g.region_of(7), 3);
  EXPECT_EQ(g.house_name(10), "region 1");
}

TEST(Geometry, BadShapesAreErrors) {
  EXPECT_THROW(Geometry(7), GeometryError);  // no boxes for a prime size
  EXPECT_THROW(Geometry(0), GeometryError);
  EXPECT_THROW(Geometry(65), GeometryError);
  EXPECT_THROW(Geometry(6, Variant::hyper), GeometryError);   // boxes not square
  EXPECT_THROW(Geometry(9, Variant::jigsaw), GeometryError);  // no region map
  std::vector<int> region(16, 0);
  EXPECT_THROW(Geometry::jigsaw(4, region), GeometryError);  // one region of 16 cells
  region.resize(15);
  EXPECT_THROW(Geometry::jigsaw(4, region), GeometryError);  // wrong length
  std::vector<int> out_of_range(16, 4);
  EXPECT_THROW(Geometry::jigsaw(4, out_of_range), GeometryError);
}

TEST(Geometry, VariantNamesRoundTrip) {
  for (Variant v :
       {Variant::regular, Variant::hyper, Variant::x, Variant::hyper_x, Variant::jigsaw})
    EXPECT_EQ(sudoku::parse_variant(sudoku::variant_name(v)), v);
  EXPECT_EQ(sudoku::parse_variant("HYPER"), Variant::hyper);
  EXPECT_THROW(sudoku::parse_variant("killer"), GeometryError);
}

TEST(Geometry, CellNamesAreOneBased) {
  EXPECT_EQ(sudoku::cell_name(9, 0), "r1c1");
  EXPECT_EQ(sudoku::cell_name(9, 22), "r3c5");
  EXPECT_EQ(sudoku::cell_name(16, 255), "r16c16");
}

TEST(Geometry, PeersAndHousesOfACellAscendEachOnce) {
  for (const Variant variant : {Variant::regular, Variant::hyper, Variant::x, Variant::hyper_x})
    for (const int size : {4, 9, 16}) {
      const Geometry g(size, variant);
      for (int cell = 0; cell < g.cell_count(); ++cell) {
        const auto peers = g.peers(cell);
        EXPECT_TRUE(std::adjacent_find(peers.begin(), peers.end(), std::greater_equal<>()) ==
                    peers.end())
            << size << " " << cell;
        EXPECT_TRUE(std::find(peers.begin(), peers.end(), cell) == peers.end());
        const auto houses = g.houses_of(cell);
        EXPECT_TRUE(std::adjacent_find(houses.begin(), houses.end(), std::greater_equal<>()) ==
                    houses.end())
            << size << " " << cell;
      }
    }
}

// The bit sets the singles propagation reads (Candidates' boards) name exactly the peers of each
// cell and the cells of each house, over as many 64-bit words as the grid needs.
TEST(Geometry, PeerAndHouseBitsNameTheListedCells) {
  std::vector<int> swapped;  // a jigsaw map: the regular boxes with two cells traded
  for (int cell = 0; cell < 81; ++cell) swapped.push_back(cell / 27 * 3 + cell % 9 / 3);
  std::swap(swapped[2], swapped[3]);
  std::vector<Geometry> shapes;
  for (const Variant variant : {Variant::regular, Variant::hyper, Variant::x, Variant::hyper_x})
    for (const int size : {4, 9, 16}) shapes.emplace_back(size, variant);
  shapes.emplace_back(6);
  shapes.emplace_back(25);
  shapes.push_back(Geometry::jigsaw(9, swapped));
  const auto members = [](const Geometry& g, const std::uint64_t* bits) {
    std::vector<int> cells;
    for (int cell = 0; cell < g.cell_count(); ++cell)
      if (bits[cell / 64] >> (cell % 64) & 1) cells.push_back(cell);
    for (int cell = g.cell_count(); cell < g.cell_words() * 64; ++cell)
      EXPECT_EQ(bits[cell / 64] >> (cell % 64) & 1, 0u) << "bit past the grid: " << cell;
    return cells;
  };
  for (const Geometry& g : shapes) {
    EXPECT_EQ(g.cell_words(), (g.cell_count() + 63) / 64);
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      const auto peers = g.peers(cell);
      EXPECT_EQ(members(g, g.peer_bits(cell)), std::vector<int>(peers.begin(), peers.end()))
          << g.size() << " " << cell;
    }
    for (std::size_t h = 0; h < g.houses().size(); ++h) {
      std::vector<int> cells = g.houses()[h].cells;
      std::sort(cells.begin(), cells.end());
      EXPECT_EQ(members(g, g.house_bits(static_cast<int>(h))), cells) << g.size() << " " << h;
    }
  }
}

}  // namespace
