#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/play/session.hpp"
#include "sudoku/search/cache.hpp"
#include "sudoku/search/solver.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Variant;

// The boxes of a 9x9 grid as a jigsaw region map, and the same with two cells swapped.
std::vector<int> boxes_as_regions() {
  std::vector<int> regions;
  for (int cell = 0; cell < 81; ++cell) regions.push_back(cell / 27 * 3 + cell % 9 / 3);
  return regions;
}
std::vector<int> other_regions() {
  std::vector<int> regions = boxes_as_regions();
  std::swap(regions[2], regions[3]);  // r1c3 to box 2, r1c4 to box 1
  return regions;
}

TEST(Cache, TheSameShapeGivesTheSameObjects) {
  const auto a = sudoku::shared_geometry(9);
  const auto b = sudoku::shared_geometry(9, Variant::regular);
  EXPECT_EQ(a, b);
  EXPECT_EQ(sudoku::shared_tables(*a), sudoku::shared_tables(*b));
  EXPECT_EQ(sudoku::shared_matrix(*a), sudoku::shared_matrix(*b));
  // A geometry built apart has the same shape: it maps to the shared one.
  const Geometry own(9);
  EXPECT_EQ(sudoku::shared_geometry(own), a);
  EXPECT_EQ(sudoku::shared_tables(own), sudoku::shared_tables(*a));
}

TEST(Cache, DistinctShapesGiveDistinctObjects) {
  const auto regular = sudoku::shared_geometry(9);
  const auto hyper = sudoku::shared_geometry(9, Variant::hyper);
  const auto x = sudoku::shared_geometry(9, Variant::x);
  const auto small = sudoku::shared_geometry(4);
  const auto jigsaw = sudoku::shared_jigsaw(9, boxes_as_regions());
  const auto other = sudoku::shared_jigsaw(9, other_regions());
  const std::shared_ptr<const Geometry> all[] = {regular, hyper, x, small, jigsaw, other};
  for (std::size_t i = 0; i < std::size(all); ++i)
    for (std::size_t j = i + 1; j < std::size(all); ++j) {
      EXPECT_NE(all[i], all[j]) << i << " " << j;
      EXPECT_NE(sudoku::shared_tables(*all[i]), sudoku::shared_tables(*all[j])) << i << " " << j;
      EXPECT_NE(sudoku::shared_matrix(*all[i]), sudoku::shared_matrix(*all[j])) << i << " " << j;
    }
  EXPECT_EQ(hyper->variant(), Variant::hyper);
  EXPECT_EQ(jigsaw->variant(), Variant::jigsaw);
  EXPECT_EQ(other->region_of(2), 1);
  EXPECT_EQ(sudoku::shared_jigsaw(9, other_regions()), other);
}

TEST(Cache, SharedObjectsMatchThoseBuiltApart) {
  const Geometry own(9, Variant::hyper_x);
  const auto shared = sudoku::shared_geometry(9, Variant::hyper_x);
  ASSERT_EQ(shared->houses().size(), own.houses().size());
  for (int cell = 0; cell < own.cell_count(); ++cell) {
    const auto p = shared->peers(cell), q = own.peers(cell);
    EXPECT_TRUE(std::equal(p.begin(), p.end(), q.begin(), q.end())) << cell;
  }
  const sudoku::LogicTables tables(own);
  EXPECT_EQ(sudoku::shared_tables(own)->intersections().size(), tables.intersections().size());
  const dlx::Matrix matrix = sudoku::exact_cover_matrix(own);
  const auto shared_matrix = sudoku::shared_matrix(own);
  EXPECT_EQ(shared_matrix->item_count(), matrix.item_count());
  EXPECT_EQ(shared_matrix->option_count(), 81u * 9u);
  EXPECT_EQ(shared_matrix->entry_count(), matrix.entry_count());
}

TEST(Cache, BadShapesThrowAndAreNotKept) {
  EXPECT_THROW((void)sudoku::shared_geometry(7), sudoku::GeometryError);
  EXPECT_THROW((void)sudoku::shared_geometry(6, Variant::hyper), sudoku::GeometryError);
  EXPECT_THROW((void)sudoku::shared_geometry(9, Variant::jigsaw), sudoku::GeometryError);
  EXPECT_THROW((void)sudoku::shared_jigsaw(9, std::vector<int>(81, 0)), sudoku::GeometryError);
  EXPECT_THROW((void)sudoku::shared_geometry(7), sudoku::GeometryError);
}

TEST(Cache, KeepsABoundedNumberOfShapesAndTheirHoldersKeepTheirs) {
  const auto first = sudoku::shared_jigsaw(9, boxes_as_regions());
  // Distinct 4x4 region maps: the rows, with a cell of row 1 and one of row 2, 3 or 4 traded.
  static_assert(sudoku::shape_cache_capacity + 8 <= 48);
  for (int i = 0; i < static_cast<int>(sudoku::shape_cache_capacity) + 8; ++i) {
    std::vector<int> regions;
    for (int cell = 0; cell < 16; ++cell) regions.push_back(cell / 4);
    std::swap(regions[static_cast<std::size_t>(i % 4)],
              regions[static_cast<std::size_t>(4 * (1 + i / 16) + i / 4 % 4)]);
    (void)sudoku::shared_jigsaw(4, regions);
    EXPECT_LE(sudoku::shape_cache_size(), sudoku::shape_cache_capacity);
  }
  EXPECT_EQ(sudoku::shape_cache_size(), sudoku::shape_cache_capacity);
  // Evicted or not, the geometry held here is whole.
  EXPECT_EQ(first->cell_count(), 81);
  EXPECT_EQ(first->region_of(80), 8);
}

TEST(Cache, ThreadsGetTheSameObjects) {
  // Every thread asks for the same shapes at once (in a different order); each shape must come
  // out as one object for everybody. TSan or ASan builds catch races in the cache itself.
  constexpr int threads = 8;
  const Variant variants[] = {Variant::regular, Variant::hyper, Variant::x, Variant::hyper_x};
  struct Got {
    std::shared_ptr<const Geometry> geometry[4];
    std::shared_ptr<const sudoku::LogicTables> tables[4];
    std::shared_ptr<const dlx::Matrix> matrix[4];
  };
  std::vector<Got> got(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (int k = 0; k < 4; ++k) {
        const int v = (k + t) % 4;
        Got& mine = got[static_cast<std::size_t>(t)];
        mine.geometry[v] = sudoku::shared_geometry(9, variants[v]);
        mine.tables[v] = sudoku::shared_tables(*mine.geometry[v]);
        mine.matrix[v] = sudoku::shared_matrix(*mine.geometry[v]);
        // And a solver on it, searching as a worker of `sudoku -j` does.
        sudoku::Solver solver(*mine.geometry[v]);
        EXPECT_EQ(&solver.geometry(), mine.geometry[v].get());
        EXPECT_EQ(solver.count(sudoku::Grid(81, 0), 1).solutions, 1u);
      }
    });
  for (std::thread& thread : pool) thread.join();
  for (int t = 1; t < threads; ++t)
    for (int v = 0; v < 4; ++v) {
      EXPECT_EQ(got[static_cast<std::size_t>(t)].geometry[v], got[0].geometry[v]);
      EXPECT_EQ(got[static_cast<std::size_t>(t)].tables[v], got[0].tables[v]);
      EXPECT_EQ(got[static_cast<std::size_t>(t)].matrix[v], got[0].matrix[v]);
    }
}

TEST(Cache, ReadersSessionsAndSolversShareTheShape) {
  const std::string puzzle = std::string(81, '.') + "\n";
  const auto a = sudoku::read_all(puzzle), b = sudoku::read_all(puzzle);
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(a.front().geometry, b.front().geometry);
  EXPECT_EQ(a.front().geometry, sudoku::shared_geometry(9));
  const sudoku::Solver solver(*a.front().geometry);
  EXPECT_EQ(&solver.geometry(), a.front().geometry.get());
  const sudoku::Generator generator(Geometry(9));
  EXPECT_EQ(&generator.geometry(), a.front().geometry.get());
  sudoku::Session session;
  EXPECT_EQ(&session.geometry(), a.front().geometry.get());
  EXPECT_TRUE(session.run("new 9 hyper").ok);
  EXPECT_EQ(&session.geometry(), sudoku::shared_geometry(9, Variant::hyper).get());
}

}  // namespace
