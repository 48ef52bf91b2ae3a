// Puzzles made to order (sudoku/make/made_to_order.hpp): each fits its order, in every variant and
// size, and the same seed makes the same puzzle.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "sudoku/make/generator.hpp"
#include "sudoku/make/made_to_order.hpp"
#include "sudoku/search/solver.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Order;
using sudoku::OrderedGenerator;
using sudoku::Technique;

TEST(MadeToOrder, TechniquesByName) {
  EXPECT_EQ(sudoku::parse_technique("X-Wing"), Technique::x_wing);
  EXPECT_EQ(sudoku::parse_technique("x_wing"), Technique::x_wing);
  EXPECT_EQ(sudoku::parse_technique("Naked_Pair"), Technique::naked_pair);
  EXPECT_EQ(sudoku::parse_technique("nishio forcing chain"), Technique::nishio_forcing_chain);
  EXPECT_FALSE(sudoku::parse_technique("tricky").has_value());
}

TEST(MadeToOrder, AnyOrderIsThePlainGenerator) {
  const Geometry g(9);
  OrderedGenerator ordered(g);
  sudoku::Generator plain(g);
  const auto made = ordered.generate(7, {}, Order{});
  EXPECT_EQ(made.puzzle.givens, plain.generate(7).givens);
  EXPECT_EQ(made.attempts, 1u);
}

TEST(MadeToOrder, EachPuzzleFitsItsOrder) {
  struct Case {
    Geometry geometry;
    std::string level;  // empty: none
    double low, high;
    std::optional<Technique> technique;
  };
  const std::vector<Case> cases = {
      {Geometry(9), "easy", 0, 1e9, {}},
      {Geometry(9), "medium", 0, 1e9, {}},
      {Geometry(9), "", 3.0, 4.5, {}},
      {Geometry(9), "", 0, 1e9, Technique::naked_pair},
      {Geometry(9), "qqwing:intermediate", 0, 1e9, {}},
      {Geometry(6), "medium", 0, 1e9, {}},
      {Geometry(9, sudoku::Variant::x), "easy", 0, 1e9, {}},
  };
  for (const Case& k : cases) {
    Order order;
    if (!k.level.empty()) {
      ASSERT_TRUE(sudoku::parse_level(k.level, order.band)) << k.level;
    }
    order.band.low = k.low;
    order.band.high = k.high;
    order.technique = k.technique;
    OrderedGenerator generator(k.geometry);
    const auto made = generator.generate(11, {}, order, 20000);
    EXPECT_TRUE(made.rating.solvable);
    EXPECT_GE(made.rating.er, k.low);
    EXPECT_LE(made.rating.er, k.high);
    if (order.band.hodoku) {
      EXPECT_EQ(made.rating.hodoku, *order.band.hodoku) << k.level;
    }
    if (order.band.qqwing) {
      EXPECT_EQ(made.rating.qqwing, *order.band.qqwing) << k.level;
    }
    sudoku::Solver solver(k.geometry);
    EXPECT_EQ(solver.count(made.puzzle.givens, 2).solutions, 1u);
    // The same seed, the same puzzle.
    EXPECT_EQ(generator.generate(11, {}, order, 20000).puzzle.givens, made.puzzle.givens);
  }
}

TEST(MadeToOrder, ABandBelowTheMinimalPuzzlesGetsGivensToSpare) {
  // Of 200 minimal puzzles (seed 7), 1 hyper and no X one is easy on HoDoKu's scale, and 1 X one
  // is medium: puzzles of those bands keep givens from their solution, in a few attempts.
  for (const auto& [variant, level] :
       std::vector<std::pair<sudoku::Variant, std::string>>{{sudoku::Variant::hyper, "easy"},
                                                            {sudoku::Variant::x, "easy"},
                                                            {sudoku::Variant::x, "medium"},
                                                            {sudoku::Variant::x, "qqwing:easy"}}) {
    const Geometry g(9, variant);
    Order order;
    ASSERT_TRUE(sudoku::parse_level(level, order.band));
    OrderedGenerator generator(g);
    for (const bool symmetric : {false, true}) {
      sudoku::GeneratorOptions options;
      options.symmetric = symmetric;
      const auto made = generator.generate(7, options, order, 4);
      EXPECT_TRUE(order.band.hodoku ? made.rating.hodoku == *order.band.hodoku
                                    : made.rating.qqwing == *order.band.qqwing)
          << level;
      sudoku::Solver solver(g);
      EXPECT_EQ(solver.count(made.puzzle.givens, 2).solutions, 1u);
      int count = 0;
      for (int cell = 0; cell < g.cell_count(); ++cell) {
        const int given = made.puzzle.givens[static_cast<std::size_t>(cell)];
        count += given != 0;
        if (given != 0) {
          EXPECT_EQ(given, made.puzzle.solution[static_cast<std::size_t>(cell)]);
        }
        if (symmetric) {
          EXPECT_EQ(given != 0,
                    made.puzzle.givens[static_cast<std::size_t>(g.cell_count() - 1 - cell)] != 0);
        }
      }
      EXPECT_EQ(count, made.puzzle.count);
      // Counted as put back: no minimal X puzzle of the 200 is easy, so an easy one has some.
      EXPECT_LE(made.puzzle.added, made.puzzle.count);
      if (variant == sudoku::Variant::x && level == "easy") {
        EXPECT_GT(made.puzzle.added, 0);
      }
      EXPECT_EQ(generator.generate(7, options, order, 4).puzzle.givens, made.puzzle.givens);
    }
  }
}

TEST(MadeToOrder, GivesUpAfterTheAttemptsAllowed) {
  const Geometry g(4);
  Order order;
  order.band.low = 50;
  OrderedGenerator generator(g);
  EXPECT_THROW(generator.generate(1, {}, order, 5), sudoku::NoPuzzleInBand);
}

}  // namespace
