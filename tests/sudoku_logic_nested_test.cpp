// Sudoku Explainer's nested forcing chains and the rules its dynamic forcing chains (+) apply
// inside a branch (sudoku/logic/forcing.hpp): the hardest puzzles known solved by logic alone and
// rated as Sudoku Explainer rates them, every nested step sound, its links shown.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sudoku/logic/forcing.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/rating.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/solver.hpp"
#include "sudoku_test_grids.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Technique;

using test_grids::digits;

struct Known {
  const char* puzzle;
  Technique hardest;  // the hardest step this library takes
};

// Inkala's puzzle of 2012, AI Escargot and Easter Monster: before the nested levels, the full
// ladder stopped on each with 55 to 60 cells open.
const Known hardest[] = {
    {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
     Technique::nested_forcing_chain},
    {"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
     Technique::nested_forcing_chain},
    {"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
     Technique::nested_multiple_forcing_chain},
};

TEST(Nested, TheHardestPuzzlesAreSolvedByLogic) {
  const Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Solver solver(g);
  for (const Known& k : hardest) {
    const sudoku::Rating r = sudoku::rate(digits(k.puzzle), solver, tables);
    EXPECT_TRUE(r.solvable) << k.puzzle;
    EXPECT_EQ(r.open, 0) << k.puzzle;
    EXPECT_EQ(r.hardest, k.hardest) << k.puzzle;
    EXPECT_GE(r.er, 9.5) << k.puzzle;
    EXPECT_LT(r.er, sudoku::unsolved_rating) << k.puzzle;
  }
}

// Rated as Sudoku Explainer rates them, within a tenth: Inkala's puzzle, and puzzles with one
// given more than Inkala's, Easter Monster and AI Escargot (SE's ER/EP/ED by serate). The nested
// steps' lengths count the facts of the branch their links read (SE's hidden parents): without
// them these came out 0.1 to 0.6 under SE's.
TEST(Nested, TheNestedLevelsRateAsSudokuExplainerRates) {
  const Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Solver solver(g);
  struct Rated {
    const char* puzzle;
    double er, ep, ed;
  };
  const Rated rated[] = {
      {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", 10.7,
       10.7, 9.7},
      {"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", 10.5,
       1.2, 1.2},
      {"8..........36......7..9.2...5...7.......457.....1...3...1.7..68..85...1..9....4..", 10.6,
       1.2, 1.2},
      {"1.......2.9.4...5...6...7...5.9.3.......7.......851.4.7.....6...3...9.8...2.....1", 10.3,
       10.3, 9.2},
      {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85..91..9....4..", 10.4,
       10.4, 9.2},
      {"1....7.9..3..29..8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", 10.5,
       1.2, 1.2},
  };
  for (const Rated& k : rated) {
    const sudoku::Rating r = sudoku::rate(digits(k.puzzle), solver, tables);
    EXPECT_NEAR(r.er, k.er, 0.11) << k.puzzle;
    EXPECT_NEAR(r.ep, k.ep, 0.11) << k.puzzle;
    EXPECT_NEAR(r.ed, k.ed, 0.11) << k.puzzle;
  }
}

// Sudoku Explainer's (+) applies, on what a branch's facts leave, the first of locked
// candidates, hidden pair, naked pair and X-Wing that finds something: with locked candidates
// alone these puzzles rated 9.9, 9.9 and 9.8, where it rates them 9.5, 9.8 and 9.6.
TEST(Nested, DynamicForcingChainsPlusApplyPairsAndXWingsInside) {
  const Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Solver solver(g);
  struct Plus {
    const char* puzzle;
    double er;  // Sudoku Explainer's
    Technique hardest;
  };
  const Plus plus[] = {
      {"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", 9.5,
       Technique::dynamic_forcing_chain},
      {"7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5", 9.8,
       Technique::dynamic_forcing_chain_plus},
      {"7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........", 9.6,
       Technique::dynamic_forcing_chain},
  };
  for (const Plus& k : plus) {
    const sudoku::Rating r = sudoku::rate(digits(k.puzzle), solver, tables);
    EXPECT_EQ(r.open, 0) << k.puzzle;
    EXPECT_NEAR(r.er, k.er, 0.11) << k.puzzle;
    EXPECT_EQ(r.hardest, k.hardest) << k.puzzle;
  }
}

// Every step of the explanation keeps the solution, and each nested step's links show the facts
// a search inside the branch found.
TEST(Nested, EveryStepIsSoundAndTheNestedFactsAreShown) {
  const Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Solver solver(g);
  for (const Known& k : hardest) {
    const sudoku::Grid givens = digits(k.puzzle);
    const sudoku::SolveResult solved = solver.solve(givens, 2);
    ASSERT_EQ(solved.solutions, 1u);
    sudoku::Candidates c = sudoku::start_candidates(g, givens);
    std::vector<sudoku::Step> steps;
    sudoku::reduce(c, tables, sudoku::Level::full, &steps, nullptr, true);
    EXPECT_TRUE(c.solved()) << k.puzzle;
    int nested = 0, shown = 0;
    for (const sudoku::Step& step : steps) {
      for (const sudoku::Candidate& x : step.removed)
        EXPECT_NE(solved.first[static_cast<std::size_t>(x.cell)], x.digit)
            << k.puzzle << ": " << sudoku::describe(g, step);
      for (const sudoku::Candidate& x : step.placed)
        EXPECT_EQ(solved.first[static_cast<std::size_t>(x.cell)], x.digit)
            << k.puzzle << ": " << sudoku::describe(g, step);
      if (step.technique < Technique::nested_forcing_chain) continue;
      ++nested;
      EXPECT_FALSE(step.branches.empty()) << sudoku::describe(g, step);
      for (const std::string& line : sudoku::describe_links(g, step))
        if (line.find(" (inside: ") != std::string::npos) ++shown;
    }
    EXPECT_GT(nested, 0) << k.puzzle;
    EXPECT_GT(shown, 0) << k.puzzle;
  }
}

// Where nothing applies (a puzzle with several solutions), the nested levels spend a bounded
// amount of work and the ladder stops: the rating says so.
TEST(Nested, APuzzleWithSeveralSolutionsStopsTheLadder) {
  const Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Solver solver(g);
  const sudoku::Rating r = sudoku::rate(
      digits("4...3.......6..8..........1....5..9..8....6...7.2........1..7..5.3....4.9........"),
      solver, tables);
  EXPECT_GT(r.open, 0);
  EXPECT_DOUBLE_EQ(r.er, sudoku::unsolved_rating);
  EXPECT_EQ(r.search.solutions, 2u);
}

TEST(Nested, TheLevelsRateAsSudokuExplainersTable) {
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::dynamic_forcing_chain_plus), 9.0);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::nested_forcing_chain), 9.5);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::nested_multiple_forcing_chain), 10.0);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::nested_dynamic_forcing_chain), 10.5);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::nested_dynamic_forcing_chain_plus), 11.0);
}

}  // namespace
