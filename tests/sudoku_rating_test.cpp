// Ratings on Sudoku Explainer's scale and the level names (sudoku/logic/rating.hpp), and
// sudoku::rate (sudoku/play/explain.hpp) against ratings Sudoku Explainer gives.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sudoku/io/writer.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/rating.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/solver.hpp"

namespace {

using sudoku::Technique;

sudoku::Grid grid_of(const std::string& text) {
  sudoku::Grid g;
  for (char ch : text) g.push_back(ch == '.' ? 0 : static_cast<std::uint8_t>(ch - '0'));
  return g;
}

TEST(Rating, TechniquesRateAsSudokuExplainersTable) {
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::full_house), 1.0);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::hidden_single_box), 1.2);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::hidden_single), 1.5);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::direct_pointing), 1.7);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::naked_single), 2.3);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::locked_pointing), 2.6);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::x_wing), 3.2);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::nishio_forcing_chain), 7.5);
  EXPECT_DOUBLE_EQ(sudoku::base_difficulty(Technique::dynamic_forcing_chain), 8.5);
}

TEST(Rating, ChainsGainATenthPerThresholdOfLength) {
  // Thresholds 4, 6, 8, 12, 16, 24, 32 on length - 2.
  EXPECT_DOUBLE_EQ(sudoku::length_addition(6), 0.0);
  EXPECT_NEAR(sudoku::length_addition(7), 0.1, 1e-9);
  EXPECT_NEAR(sudoku::length_addition(8), 0.1, 1e-9);
  EXPECT_NEAR(sudoku::length_addition(9), 0.2, 1e-9);
  EXPECT_NEAR(sudoku::length_addition(11), 0.3, 1e-9);
  EXPECT_NEAR(sudoku::length_addition(15), 0.4, 1e-9);
  EXPECT_NEAR(sudoku::length_addition(19), 0.5, 1e-9);
  EXPECT_NEAR(sudoku::length_addition(27), 0.6, 1e-9);
  sudoku::Step step;
  step.technique = Technique::dynamic_forcing_chain;
  step.length = 10;
  EXPECT_DOUBLE_EQ(sudoku::step_difficulty(step), 8.7);
}

// A chain of `nodes` (digit, cells) joined by links alternately strong and weak, strong first.
sudoku::Step chain_step(Technique technique, const std::vector<sudoku::ChainNode>& nodes,
                        bool loop) {
  sudoku::Step step;
  step.technique = technique;
  step.chain.nodes = nodes;
  for (std::size_t i = 0; i + 1 < nodes.size(); ++i) step.chain.strong.push_back(i % 2 == 0);
  step.chain.loop = loop;
  if (loop) step.chain.strong.push_back(false);
  return step;
}

// Sudoku Explainer's difficulty of a chain follows the search of its own that finds it: X (one
// digit) 6.6, and 6.5 closed into a cycle; with links inside cells 7.0 (its XY pass), Y-cycles of
// cells with two candidates 6.5; grouped nodes only by nishio (7.5) or cell and region forcing
// chains (8.0). An open chain counts the candidate it removes twice, assumed and refuted.
TEST(Rating, ChainsRateByTheSearchThatFindsThem) {
  // (6)r1c1=(6)r1c5-(6)r4c5=(6)r4c9 => r3c9<>6: 4 nodes and the candidate, 6.6.
  const std::vector<sudoku::ChainNode> x = {{6, {0}}, {6, {4}}, {6, {31}}, {6, {35}}};
  EXPECT_DOUBLE_EQ(sudoku::step_difficulty(chain_step(Technique::x_chain, x, false)), 6.6);
  EXPECT_DOUBLE_EQ(sudoku::step_difficulty(chain_step(Technique::aic, x, true)), 6.5);
  // (1=2)r1c1-(2=3)r1c5-(3=1)r5c5 => r5c1<>1: an XY-chain, 6 nodes and the candidate: 7.1.
  const std::vector<sudoku::ChainNode> xy = {{1, {0}}, {2, {0}},  {2, {4}},
                                             {3, {4}}, {3, {40}}, {1, {40}}};
  EXPECT_DOUBLE_EQ(sudoku::step_difficulty(chain_step(Technique::xy_chain, xy, false)), 7.1);
  // The same cells closed into a loop of cells with two candidates: a Y-cycle, 6 nodes: 6.5.
  EXPECT_DOUBLE_EQ(sudoku::step_difficulty(chain_step(Technique::aic, xy, true)), 6.5);
  // (1=2)r1c1-(2)r1c5=(2)r1c9-(1)r1c9=(1)r1c5-: strong links in a cell and in row 1, a loop of both
  // kinds, 6 nodes: 7.0.
  const std::vector<sudoku::ChainNode> mixed = {{1, {0}}, {2, {0}}, {2, {4}},
                                                {2, {8}}, {1, {8}}, {1, {4}}};
  EXPECT_DOUBLE_EQ(sudoku::step_difficulty(chain_step(Technique::aic, mixed, true)), 7.0);
  // A grouped node: nishio for one digit, forcing chains for several.
  auto grouped = x;
  grouped[1].cells = {4, 5};
  EXPECT_DOUBLE_EQ(sudoku::step_difficulty(chain_step(Technique::grouped_aic, grouped, false)),
                   7.5);
  auto grouped_xy = xy;
  grouped_xy[2].cells = {4, 13};
  EXPECT_DOUBLE_EQ(sudoku::step_difficulty(chain_step(Technique::grouped_aic, grouped_xy, false)),
                   8.1);
}

TEST(Rating, LevelNames) {
  EXPECT_EQ(sudoku::hodoku_level(Technique::hidden_single), sudoku::HodokuLevel::easy);
  EXPECT_EQ(sudoku::hodoku_level(Technique::naked_pair), sudoku::HodokuLevel::medium);
  EXPECT_EQ(sudoku::hodoku_level(Technique::x_wing), sudoku::HodokuLevel::hard);
  EXPECT_EQ(sudoku::hodoku_level(Technique::cell_forcing_chain), sudoku::HodokuLevel::extreme);
  EXPECT_EQ(sudoku::qqwing_level(Technique::naked_single), sudoku::QqwingLevel::simple);
  EXPECT_EQ(sudoku::qqwing_level(Technique::hidden_single), sudoku::QqwingLevel::easy);
  EXPECT_EQ(sudoku::qqwing_level(Technique::locked_claiming), sudoku::QqwingLevel::intermediate);
  EXPECT_EQ(sudoku::qqwing_level(Technique::x_wing), sudoku::QqwingLevel::expert);
  sudoku::Band band;
  EXPECT_TRUE(sudoku::parse_level("unfair", band));
  EXPECT_EQ(band.hodoku, sudoku::HodokuLevel::unfair);
  sudoku::Band q;
  EXPECT_TRUE(sudoku::parse_level("qqwing:easy", q));
  EXPECT_EQ(q.qqwing, sudoku::QqwingLevel::easy);
  EXPECT_FALSE(q.hodoku.has_value());
  sudoku::Band bad;
  EXPECT_FALSE(sudoku::parse_level("tricky", bad));
}

// Sudoku Explainer 1.2.1.3's ratings (ER/EP/ED) of puzzles from Magictour's top1465, as its
// serate prints them.
TEST(Rating, AgreesWithSudokuExplainer) {
  struct Known {
    std::string puzzle, rating;
    double ours = 0;  // our ER where it differs from Sudoku Explainer's (0: it does not)
  };
  const std::vector<Known> known = {
      {"3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
       "3.4/1.2/1.2"},
      {".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....",
       "4.0/1.5/1.5"},
      {"1...48....5....9....6...3.....57.2..8.3.........9............4167..........2.....",
       "3.0/1.2/1.2"},
      // Sudoku Explainer's path: a Unique Rectangle type 4 (4.5) at r1c8, r1c9, r5c8, r5c9, an
      // XY-Wing, a Skyscraper (its Turbot Fish, 6.6), then an AIC of 6 nodes that removes 6 from
      // r6c5 (its forcing chain of 8, 7.1).
      {"7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........",
       "7.1/1.2/1.2"},
      {"5.7....3.....61...1.8......62..4.......7...8...........1....6.43..5...........2..",
       "7.1/1.2/1.2"},
      {"4.35...2.....16...7............895.....3..8..2...........4...7..9....6...1.......",
       "7.2/1.2/1.2"},
      {"....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..",
       "8.3/1.2/1.2"},
      {"3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..",
       "9.0/1.2/1.2"},
  };
  const sudoku::Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Solver solver(g);
  for (const Known& k : known) {
    const sudoku::Rating r = sudoku::rate(grid_of(k.puzzle), solver, tables);
    EXPECT_TRUE(r.solvable);
    // EP and ED exactly, ER within a tenth (the length of a chain as Sudoku Explainer counts it).
    const std::string text = sudoku::format_rating(r);
    EXPECT_EQ(text.substr(text.find('/'), text.find(' ') - text.find('/')),
              k.rating.substr(k.rating.find('/')))
        << k.puzzle;
    EXPECT_NEAR(r.er, k.ours != 0 ? k.ours : std::stod(k.rating), 0.11) << k.puzzle;
  }
}

// One path: the steps that explain a puzzle (reduce at the full level, as -v and steps() take
// them) are the rating's steps, and a hint (next_step) is the first of them.
TEST(Rating, TheExplanationTakesTheRatingsPath) {
  const sudoku::Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Solver solver(g);
  for (const std::string puzzle :
       {"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........",
        "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6.."}) {
    const sudoku::Grid givens = grid_of(puzzle);
    std::vector<sudoku::Step> rated, explained;
    sudoku::rate(givens, solver, tables, &rated, sudoku::Uniqueness::assumed);
    sudoku::Candidates c = sudoku::start_candidates(g, givens);
    sudoku::Step hint;
    ASSERT_TRUE(sudoku::next_step(c, tables, hint, sudoku::Level::full, true)) << puzzle;
    sudoku::reduce(c, tables, sudoku::Level::full, &explained, nullptr, true);
    ASSERT_EQ(explained.size(), rated.size()) << puzzle;
    for (std::size_t i = 0; i < rated.size(); ++i)
      EXPECT_EQ(sudoku::describe(g, explained[i]), sudoku::describe(g, rated[i]))
          << puzzle << ", step " << i + 1;
    ASSERT_FALSE(rated.empty());
    EXPECT_EQ(sudoku::describe(g, hint), sudoku::describe(g, rated.front())) << puzzle;
  }
}

TEST(Rating, EasyPuzzlesAndTheLevels) {
  const sudoku::Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Solver solver(g);
  // Hidden singles in boxes first, as Sudoku Explainer takes them (a solved grid less a few).
  const std::string solved =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  std::string puzzle = solved;
  puzzle[0] = '.';  // a full house
  sudoku::Rating r = sudoku::rate(grid_of(puzzle), solver, tables);
  EXPECT_EQ(sudoku::format_rating(r), "1.0/1.0/1.0 easy");
  EXPECT_EQ(r.qqwing, sudoku::QqwingLevel::simple);
}

}  // namespace
