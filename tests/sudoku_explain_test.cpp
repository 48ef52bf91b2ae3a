// The candidates a person starts from, steps applied one by one, and the difficulty rating.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sudoku/io/writer.hpp"
#include "sudoku/play/explain.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Technique;

sudoku::Grid grid_of(const std::string& line) {
  sudoku::Grid grid;
  const int n = line.size() == 16 ? 4 : 9;
  for (char c : line)
    grid.push_back(static_cast<std::uint8_t>(std::max(0, sudoku::symbol_digit(n, c))));
  return grid;
}

// The example puzzle of Wikipedia's "Sudoku" article; singles alone solve it.
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// The first of magictour's top 1465, a classic list of hard puzzles: the techniques stall.
const std::string hard =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

TEST(StartCandidates, PlacesTheDigitsWithoutACascade) {
  const Geometry g(9);
  const sudoku::Candidates c = sudoku::start_candidates(g, grid_of(wiki));
  EXPECT_EQ(c.value(0), 5);
  // r5c5 has one candidate left, 5, but a person has not placed it yet.
  EXPECT_EQ(c.value(40), 0);
  EXPECT_EQ(c.mask(40), sudoku::digit_bit(5));
  // r1c3: 1, 2 and 4 (not 3, 5, 7 of row 1; not 6, 8, 9 of box 1).
  EXPECT_EQ(c.mask(2), sudoku::digit_bit(1) | sudoku::digit_bit(2) | sudoku::digit_bit(4));
}

TEST(StartCandidates, TakesOutWhatTheRulesForbidACell) {
  // Odd and even cells hold no digit of the other parity, before any step (as the search's
  // candidates start); a given keeps its cell. The marks agree with the solution.
  const auto records = sudoku::read_all("#odd r1c2 r2c2\n#even r1c3\n" + wiki + "\n");
  ASSERT_EQ(records.size(), 1u);
  const sudoku::Record& r = records.front();
  const sudoku::Candidates c = sudoku::start_candidates(*r.geometry, r.givens);
  EXPECT_EQ(c.value(1), 3);
  // r1c3: 1, 2 and 4 without the rule; even leaves 2 and 4.
  EXPECT_EQ(c.mask(2), sudoku::digit_bit(2) | sudoku::digit_bit(4));
  // r2c2: odd digits only.
  for (int d = 2; d <= 9; d += 2) EXPECT_EQ(c.mask(10) & sudoku::digit_bit(d), 0u) << d;
  EXPECT_NE(c.mask(10), 0u);
  EXPECT_EQ(sudoku::start_candidates(r).mask(2), c.mask(2));
}

TEST(Apply, ReplaysTheStepsOfTheReduction) {
  const Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Candidates c = sudoku::start_candidates(g, grid_of(wiki));
  const sudoku::Candidates start = c;
  std::vector<sudoku::Step> steps;
  sudoku::reduce(c, tables, sudoku::Level::all, &steps);
  ASSERT_TRUE(c.solved());
  sudoku::Candidates replay = start;
  for (const sudoku::Step& step : steps) EXPECT_TRUE(sudoku::apply(replay, step));
  EXPECT_EQ(sudoku::format_line(g, replay.grid()), wiki_solution);
}

TEST(CellsOf, JoinsTheCellsOfTheReasoningAndOfTheChanges) {
  sudoku::Step step;
  step.technique = Technique::naked_pair;
  step.cells = {30, 3};
  step.removed = {{5, 2}, {3, 8}, {5, 8}};
  EXPECT_EQ(sudoku::cells_of(step), (std::vector<int>{3, 5, 30}));
}

TEST(TechniqueCounts, EasiestFirst) {
  std::vector<sudoku::Step> steps(4);
  steps[0].technique = Technique::hidden_single;
  steps[1].technique = Technique::naked_single;
  steps[2].technique = Technique::hidden_single;
  steps[3].technique = Technique::x_wing;
  // In the ladder's order, Sudoku Explainer's: hidden single (1.5) before naked single (2.3).
  EXPECT_EQ(sudoku::technique_counts(steps), "hidden single 2, naked single 1, X-Wing 1");
  EXPECT_EQ(sudoku::technique_counts({}), "no step");
}

// Sudoku Explainer takes the hidden singles in boxes first (1.2), before any naked single.
TEST(Rate, SinglesMakeAnEasyPuzzle) {
  const Geometry g(9);
  sudoku::Solver solver(g);
  const sudoku::LogicTables tables(g);
  std::vector<sudoku::Step> steps;
  const sudoku::Rating r = sudoku::rate(grid_of(wiki), solver, tables, &steps);
  EXPECT_TRUE(r.solvable);
  EXPECT_TRUE(r.used_logic);
  EXPECT_EQ(r.hardest, Technique::hidden_single_box);
  EXPECT_DOUBLE_EQ(r.er, 1.2);
  EXPECT_DOUBLE_EQ(r.ep, 1.2);
  EXPECT_DOUBLE_EQ(r.ed, 1.2);
  EXPECT_EQ(r.hodoku, sudoku::HodokuLevel::easy);
  EXPECT_EQ(r.qqwing, sudoku::QqwingLevel::easy);
  EXPECT_EQ(r.steps, 51);  // one per empty cell
  EXPECT_EQ(steps.size(), 51u);
  EXPECT_EQ(r.search.nodes, 0u);
}

TEST(Rate, ForcingNetsFinishAHardPuzzle) {
  const Geometry g(9);
  sudoku::Solver solver(g);
  const sudoku::LogicTables tables(g);
  const sudoku::Rating r = sudoku::rate(grid_of(hard), solver, tables);
  EXPECT_TRUE(r.solvable);
  EXPECT_EQ(r.open, 0);
  EXPECT_GE(r.er, 8.0);  // Sudoku Explainer: 9.0
  EXPECT_EQ(r.hodoku, sudoku::HodokuLevel::extreme);
}

// magictour's top1465 first puzzle without its given r7c6 has several solutions: the full ladder
// stops with cells open, and the search finds two.
TEST(Rate, APuzzleTheTechniquesCannotFinishIsExtreme) {
  const Geometry g(9);
  sudoku::Solver solver(g);
  const sudoku::LogicTables tables(g);
  const sudoku::Rating r = sudoku::rate(
      grid_of("4...3.......6..8..........1....5..9..8....6...7.2........1..7..5.3....4.9........"),
      solver, tables);
  EXPECT_TRUE(r.solvable);
  EXPECT_DOUBLE_EQ(r.er, sudoku::unsolved_rating);
  EXPECT_EQ(r.hodoku, sudoku::HodokuLevel::extreme);
  EXPECT_GT(r.open, 0);
  EXPECT_GT(r.search.nodes, 0u);
  EXPECT_EQ(r.search.solutions, 2u);
}

TEST(Rate, NoSolution) {
  const Geometry g(9);
  sudoku::Solver solver(g);
  const sudoku::LogicTables tables(g);
  // Wikipedia's puzzle with a 1 in r1c3, where its solution has a 4: no clash, no solution.
  std::string bad = wiki;
  bad[2] = '1';
  const sudoku::Rating r = sudoku::rate(grid_of(bad), solver, tables);
  EXPECT_FALSE(r.solvable);
  // A full, valid grid needs nothing.
  const sudoku::Rating full = sudoku::rate(grid_of(wiki_solution), solver, tables);
  EXPECT_TRUE(full.solvable);
  EXPECT_EQ(full.hodoku, sudoku::HodokuLevel::easy);
  EXPECT_FALSE(full.used_logic);
  EXPECT_EQ(full.steps, 0);
}

TEST(Rate, SeveralSolutionsAreExtreme) {
  const Geometry g(4);
  sudoku::Solver solver(g);
  const sudoku::LogicTables tables(g);
  // Two solutions (checked with `sudoku --count`): logic alone can never settle it.
  const sudoku::Rating r = sudoku::rate(grid_of("1....4....4....1"), solver, tables);
  EXPECT_TRUE(r.solvable);
  EXPECT_EQ(r.hodoku, sudoku::HodokuLevel::extreme);
  EXPECT_EQ(r.search.solutions, 2u);
}

// The stages read only the Step's fields: any technique, also one added later, has them.
TEST(HintStage, TheTechniqueThenItsCellsThenTheDeduction) {
  const Geometry g(9);
  // A hidden single: its house is where to look (box 2: house 19, after 9 rows and 9 columns).
  sudoku::Step single{Technique::hidden_single, {19}, {4}, sudoku::digit_bit(7), {{4, 7}}, {}};
  sudoku::HintStage stage = sudoku::hint_stage(g, single, 1);
  EXPECT_EQ(stage.text, "hidden single in box 2");
  EXPECT_EQ(stage.cells, (std::vector<int>{3, 4, 5, 12, 13, 14, 21, 22, 23}));
  stage = sudoku::hint_stage(g, single, 2);
  EXPECT_EQ(stage.text, "hidden single in box 2: 7 in r1c5");
  EXPECT_EQ(stage.cells, std::vector<int>{4});
  stage = sudoku::hint_stage(g, single, 3);
  EXPECT_EQ(stage.text, sudoku::describe(g, single));
  EXPECT_EQ(stage.cells, sudoku::cells_of(single));
  EXPECT_EQ(sudoku::hint_stage(g, single, 0).text, "hidden single in box 2");  // below 1: 1
  EXPECT_EQ(sudoku::hint_stage(g, single, 9).text, sudoku::describe(g, single));
  // Without houses, a house that holds all its cells, a box first: a naked single in r5c5.
  const sudoku::Step naked{Technique::naked_single, {}, {40}, sudoku::digit_bit(5), {{40, 5}}, {}};
  EXPECT_EQ(sudoku::hint_stage(g, naked, 1).text, "naked single in box 5");
  EXPECT_EQ(sudoku::hint_stage(g, naked, 2).text, "naked single in box 5: 5 in r5c5");
  // Several houses and digits: a naked pair in row 4 (house 3).
  const sudoku::Step pair{Technique::naked_pair,
                          {3},
                          {27, 32},
                          sudoku::digit_bit(2) | sudoku::digit_bit(8),
                          {},
                          {{29, 2}}};
  EXPECT_EQ(sudoku::hint_stage(g, pair, 1).text, "naked pair in row 4");
  EXPECT_EQ(sudoku::hint_stage(g, pair, 2).text, "naked pair in row 4: 2, 8 in r4c1, r4c6");
  // Cells in no common house name no house; an alphabet of its own names digits in it.
  const sudoku::Step spread{Technique::x_wing, {}, {0, 40}, sudoku::digit_bit(1), {}, {}};
  EXPECT_EQ(sudoku::hint_stage(g, spread, 1).text, "X-Wing");
  EXPECT_EQ(sudoku::hint_stage(g, spread, 2, sudoku::parse_symbols("0-8")).text,
            "X-Wing: 0 in r1c1, r5c5");
}

}  // namespace
