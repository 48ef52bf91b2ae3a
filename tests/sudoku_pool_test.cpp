// The generation pool: the same seed makes the same set on any number of threads, in order, each
// puzzle the one a Generator makes from the seed's stream; a raised stop flag ends the set early.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "dlx/random.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/make/pool.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Grid;

std::vector<Grid> made(const Geometry& geometry, sudoku::PoolOptions options,
                       std::uint64_t* blocks = nullptr) {
  sudoku::GeneratorPool pool(geometry, options);
  std::vector<Grid> puzzles;
  pool.run(
      [&](std::uint64_t number, const sudoku::OrderedPuzzle& p) {
        EXPECT_EQ(number, puzzles.size() + 1);
        puzzles.push_back(p.puzzle.givens);
      },
      [&] {
        if (blocks != nullptr) ++*blocks;
      });
  EXPECT_EQ(pool.generated(), puzzles.size());
  EXPECT_TRUE(pool.error().empty());
  return puzzles;
}

TEST(GeneratorPool, TheSameSetOnAnyNumberOfThreads) {
  const Geometry nine(9);
  sudoku::PoolOptions options;
  options.puzzles = 7;
  options.seed = 5;
  std::uint64_t blocks = 0;
  const std::vector<Grid> one = made(nine, options, &blocks);
  EXPECT_EQ(blocks, 3u);  // blocks of 1, 2 and 4 puzzles
  options.threads = 3;
  options.window_per_thread = 1;
  EXPECT_EQ(made(nine, options), one);
  ASSERT_EQ(one.size(), 7u);
  // The i-th puzzle is the one a Generator makes from the i-th number of the seed's stream.
  sudoku::Generator generator(nine);
  EXPECT_EQ(generator.generate(dlx::nth_random(5, 6), options.generator).givens, one[6]);
}

TEST(GeneratorPool, ARaisedStopFlagEndsTheSetEarly) {
  const std::atomic<bool> stop{true};
  sudoku::PoolOptions options;
  options.puzzles = 5;
  options.threads = 2;
  options.stop = &stop;
  EXPECT_TRUE(made(Geometry(4), options).empty());
}

}  // namespace
