// The chain techniques (sudoku/logic/chains.hpp): a position for each where it is the next step,
// the engine's links and searches, Eureka notation, and soundness over thousands of puzzles.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/logic/chains.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/search/solver.hpp"
#include "sudoku_ladder_steps.hpp"
#include "test_share.hpp"

namespace {

using sudoku::Candidate;
using sudoku::Candidates;
using sudoku::ChainEngine;
using sudoku::ChainRules;
using sudoku::Found;
using sudoku::Geometry;
using sudoku::Grid;
using sudoku::LogicTables;
using sudoku::Mask;
using sudoku::Step;
using sudoku::Technique;
using sudoku::Variant;

std::size_t at(int i) {
  return static_cast<std::size_t>(i);
}

// Candidates from a pencil-mark grid: one token per cell in reading order, "=d" for a placed
// digit, otherwise the digits still possible in the cell.
Candidates position(const Geometry& g, std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> tokens;
  for (std::string token; in >> token;) tokens.push_back(token);
  Candidates c(g);
  if (tokens.size() != at(g.cell_count())) {
    ADD_FAILURE() << tokens.size() << " tokens for " << g.cell_count() << " cells";
    return c;
  }
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (tokens[at(cell)][0] == '=') {
      EXPECT_TRUE(c.assign(cell, tokens[at(cell)][1] - '0')) << sudoku::cell_name(g.size(), cell);
    }
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const std::string& token = tokens[at(cell)];
    if (token[0] == '=') continue;
    Mask keep = 0;
    for (char ch : token) keep |= sudoku::digit_bit(ch - '0');
    EXPECT_EQ(c.mask(cell) & keep, keep)
        << "a placed peer already rules out a candidate of " << sudoku::cell_name(g.size(), cell);
    for (int d = 1; d <= g.size(); ++d)
      if ((keep & sudoku::digit_bit(d)) == 0) c.eliminate(cell, d);
  }
  return c;
}

using Technique_function = Found (*)(Candidates&, const LogicTables&, std::vector<Step>*, int);

Found grouped_loop(Candidates& c, const LogicTables& t, std::vector<Step>* s, int l) {
  return sudoku::nice_loop(c, t, true, s, l);
}
Found plain_loop(Candidates& c, const LogicTables& t, std::vector<Step>* s, int l) {
  return sudoku::nice_loop(c, t, false, s, l);
}

// The full ladder's first step, taken in its order, is the technique's, with that sentence and
// chain length; the technique's own function finds the same step first, and applies it.
void expect_chain_step(const Candidates& c, const LogicTables& tables, Technique_function find,
                       Technique technique, const std::string& sentence, int length) {
  const Geometry& g = c.geometry();
  Step step;
  ASSERT_TRUE(test_ladder::first_rung_step(c, tables, step));
  EXPECT_EQ(step.technique, technique) << technique_name(step.technique);
  EXPECT_EQ(describe(g, step), sentence);
  EXPECT_EQ(step.chain.length(), length);
  Candidates copy = c;
  std::vector<Step> steps;
  const Found found = find(copy, tables, &steps, 1);
  ASSERT_EQ(found.steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(describe(g, steps.front()), sentence);
  for (const Candidate& r : steps.front().removed) {
    EXPECT_TRUE(c.mask(r.cell) & sudoku::digit_bit(r.digit));
    EXPECT_FALSE(copy.mask(r.cell) & sudoku::digit_bit(r.digit));
  }
  // Without steps the same candidates go, and nothing is listed.
  Candidates quiet = c;
  EXPECT_EQ(find(quiet, tables, nullptr, 1).steps, 1);
  for (int cell = 0; cell < g.cell_count(); ++cell) EXPECT_EQ(quiet.mask(cell), copy.mask(cell));
}

// Puzzle ......8...7..9..1...3..7..51..6......5..2..4...8..9..74.....2...6..1..5......6..3
// (top1465), followed by next_step for 2 steps. HoDoKu 2.2.4 finds the same elimination with
// another X-Chain of six nodes.
TEST(SudokuLogicChainsNextStep, XChain) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      2569   1249   124569 12345  3456   12345  =8     =7     2469  
      2568   =7     2456   2458   =9     2458   =3     =1     246   
      2689   12489  =3     1248   468    =7     469    269    =5    
      =1     2349   2479   =6     34578  3458   59     2389   289   
      3679   =5     679    1378   =2     138    169    =4     1689  
      236    234    =8     1345   345    =9     156    236    =7    
      =4     1389   1579   35789  3578   358    =2     689    1689  
      23789  =6     279    234789 =1     2348   479    =5     489   
      25789  1289   12579  245789 4578   =6     1479   89     =3    
  )");
  expect_chain_step(c, tables, sudoku::x_chain, Technique::x_chain,
                    "X-Chain: (1)r3c2=(1)r3c4-(1)r1c6=(1)r5c6-(1)r5c9=(1)r7c9 => r7c2<>1", 6);
  // Where a hint says to look: the houses of the links, in the chain's order.
  Step step;
  ASSERT_TRUE(test_ladder::first_rung_step(c, tables, step));
  std::vector<std::string> houses;
  for (const int h : step.houses) houses.push_back(g.house_name(h));
  EXPECT_EQ(houses, (std::vector<std::string>{"row 3", "box 2", "column 6", "row 5", "column 9"}));
}

// Puzzle ..24............98..8..16...5....826....4.7..7..8...5...167....3...92.....9......
// (top1465), followed by next_step for 9 steps. HoDoKu 2.2.4 finds the same XY-Chain.
TEST(SudokuLogicChainsNextStep, XYChain) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      1569   13679  =2     =4     3568   356789 135    137    1357  
      1456   13467  57     2357   2356   3567   1235   =9     =8    
      59     379    =8     23579  235    =1     =6     =4     2357  
      19     =5     =4     1379   13     379    =8     =2     =6    
      1289   1289   36     1259   =4     569    =7     13     139   
      =7     129    36     =8     126    69     1349   =5     1349  
      2458   248    =1     =6     =7     3458   2359   38     2359  
      =3     68     57     15     =9     =2     145    68     1457  
      24568  24678  =9     135    1358   3458   1235   13678  12357 
  )");
  expect_chain_step(c, tables, sudoku::xy_chain, Technique::xy_chain,
                    "XY-Chain: (1=9)r4c1-(9=5)r3c1-(5=7)r2c3-(7=5)r8c3-(5=1)r8c4 => r4c4<>1", 10);
}

// Puzzle ...36....85.......9.4..8........68.........17..9..45...1.5...6.4....9..2.....3...
// (top1465), followed by next_step for 18 steps. HoDoKu 2.2.4 finds the same Remote Pair.
TEST(SudokuLogicChainsNextStep, RemotePair) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      127    27     127    =3     =6     =5     49     489    489   
      =8     =5     36     49     49     =1     =2     =7     36    
      =9     36     =4     27     27     =8     136    35     15    
      12357  2347   12357  179    13579  =6     =8     2349   49    
      356    3468   3568   89     3589   =2     3469   =1     =7    
      12367  23678  =9     178    1378   =4     =5     23     36    
      23     =1     238    =5     248    =7     349    =6     489   
      =4     3678   35678  168    18     =9     137    358    =2    
      2567   =9     25678  12468  1248   =3     147    458    15    
  )");
  expect_chain_step(c, tables, sudoku::remote_pair, Technique::remote_pair,
                    "Remote Pair: (3=6)r3c2-(6=3)r2c3-(3=6)r2c9-(6=3)r6c9 => r6c2<>36", 8);
}

// Puzzle 9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.
// (top1465), followed by next_step for 1 steps. HoDoKu 2.2.4 removes the same candidate with a
// discontinuous nice loop of the same length.
TEST(SudokuLogicChainsNextStep, Aic) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =9     68     =4     178    1238   =5     2367   2367   37    
      =2     =5     78     =6     3489   3478   =1     347    3479  
      =3     =1     67     79     249    247    245679 24567  =8    
      68     =7     2368   158    1358   =9     2346   123468 134   
      =4     389    3589   =2     =6     138    3579   13578  13579 
      568    23689  =1     =4     =7     38     23569  23568  359   
      =7     3689   35689  1589   14589  1468   345    1345   =2    
      15     29     259    =3     12459  1247   =8     1457   =6    
      1568   =4     23568  1578   1258   12678  357    =9     1357  
  )");
  expect_chain_step(c, tables, plain_loop, Technique::aic,
                    "AIC: (7)r2c3=(7)r3c3-(7=9)r3c4-(9)r2c5=(9)r2c9 => r2c9<>7", 6);
}

// Puzzle ..2...4..9.563.8..........6....6........73.9...8.15...7.63...5.8......4.3...2.1..
// (top1465), followed by next_step for 12 steps. HoDoKu 2.2.4 removes the same three candidates,
// with an AIC and discontinuous nice loops.
TEST(SudokuLogicChainsNextStep, ContinuousNiceLoop) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      16     13678  =2     15789  589    1789   =4     137    59    
      =9     147    =5     =6     =3     1247   =8     127    127   
      14     13478  37     1245789 489    124789 59     1237   =6    
      1245   379    37     2489   =6     2489   2357   1278   1234578
      12456  146    14     248    =7     =3     256    =9     12458 
      246    379    =8     249    =1     =5     2367   267    2347  
      =7     12     =6     =3     489    1489   29     =5     289   
      =8     125    19     1579   59     1679   2367   =4     237   
      =3     45     49     579    =2     6789   =1     678    789   
  )");
  expect_chain_step(c, tables, plain_loop, Technique::continuous_nice_loop,
                    "continuous nice loop: (5)r8c2=(5-4)r9c2=(4-9)r9c3=(9)r8c3-(9=5)r8c5-(5)r8c2 "
                    "=> r8c4<>5; r8c4,r8c6<>9",
                    8);
}

// Puzzle ....4...1.3.6.....8........1.9..5.........87....2......7....26.5...94.........3..
// (top1465), followed by next_step for 19 steps. HoDoKu 2.2.4 finds the same chain (a grouped
// discontinuous nice loop).
TEST(SudokuLogicChainsNextStep, GroupedAic) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      267    2569   2567   589    =4     23789  5679   23589  =1    
      247    =3     12457  =6     1258   12789  4579   24589  245789
      =8     124569 124567 159    1235   12379  45679  23459  2345679
      =1     2468   =9     48     =7     =5     46     234    236   
      2346   2456   23456  149    136    1369   =8     =7     24569 
      3467   4568   345678 =2     368    3689   14569  1459   4569  
      349    =7     34     158    158    18     =2     =6     49    
      =5     26     26     =3     =9     =4     17     18     78    
      49     18     18     =7     26     26     =3     459    459   
  )");
  expect_chain_step(c, tables, grouped_loop, Technique::grouped_aic,
                    "grouped AIC: (5)r123c7=(5-1)r6c7=(1)r6c8-(1=8)r8c8-(8)r8c9=(8)r2c9 => r2c9<>5",
                    8);
}

// Puzzle .8.7..2..19.........5.98..1.4.9..7.2..7..2.4.6.........1.8..5..3...5...6.....93..
// (top1465), followed by next_step for 3 steps. HoDoKu 2.2.4 removes the same candidates with
// grouped discontinuous nice loops along this loop.
TEST(SudokuLogicChainsNextStep, GroupedContinuousNiceLoop) {
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      =4     =8     36     =7     136    1356   =2     3569   359   
      =1     =9     236    23456  2346   3456   468    35678  34578 
      27     2367   =5     2346   =9     =8     46     36     =1    
      58     =4     138    =9     1368   1356   =7     13568  =2    
      589    35     =7     1356   1368   =2     1689   =4     3589  
      =6     235    12389  1345   13478  13457  189    13589  3589  
      279    =1     2469   =8     23467  3467   =5     279    479   
      =3     27     2489   124    =5     147    1489   12789  =6    
      258    2567   2468   1246   12467  =9     =3     1278   478   
  )");
  expect_chain_step(c, tables, grouped_loop, Technique::grouped_continuous_nice_loop,
                    "grouped continuous nice loop: (2=7)r8c2-(7)r3c2=(7-2)r3c1=(2)r79c1-(2)r8c2 => "
                    "r7c3,r8c3,r9c2,r9c3<>2; r9c2<>7",
                    6);
}

// A minimal hyper puzzle made by sudoku::Generator from seed 27, followed by next_step for 41
// steps. The link (2)r2c2-(2)r4c4 is window 1 (rows 2-4, columns 2-4).
TEST(SudokuLogicChainsNextStep, ContinuousNiceLoopThroughAHyperWindow) {
  const Geometry g(9, Variant::hyper);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      135    13     =9     137    =4     =2     68     68     1357  
      =6     123    =8     13     35     357    =9     237    =4    
      1235   =4     =7     =6     =9     =8     123    235    1235  
      1237   =9     =5     23     237    =6     1234   234    =8    
      237    =8     =4     =5     237    =1     237    =9     =6    
      1237   =6     123    =4     =8     =9     237    2357   12357 
      =9     57     23     =8     2356   345    23467  =1     237   
      =4     57     123    =9     12356  35     23678  68     237   
      =8     123    =6     237    13     347    =5     34     =9    
  )");
  expect_chain_step(
      c, tables, plain_loop, Technique::continuous_nice_loop,
      "continuous nice loop: (2)r2c8=(2)r2c2-(2)r4c4=(2-7)r9c4=(7)r1c4-(7)r1c9=(7)r2c8-(2)r2c8 => "
      "r2c8,r9c4<>3",
      8);
}

bool is_chain(Technique t) {
  return t >= Technique::remote_pair && t <= Technique::grouped_aic;
}

// Every chain technique at a position: whatever it removes or places agrees with the solution.
::testing::AssertionResult chains_sound(const Candidates& c, const LogicTables& tables,
                                        const Grid& solution) {
  const Geometry& g = c.geometry();
  const Technique_function all[] = {sudoku::remote_pair, sudoku::x_chain, sudoku::xy_chain,
                                    plain_loop, grouped_loop};
  for (const Technique_function find : all) {
    Candidates copy = c;
    std::vector<Step> steps;
    find(copy, tables, &steps, 0);
    for (const Step& step : steps) {
      if (!is_chain(step.technique) || step.chain.length() < 2)
        return ::testing::AssertionFailure() << "not a chain step: " << describe(g, step);
      for (const Candidate& r : step.removed)
        if (solution[at(r.cell)] == r.digit)
          return ::testing::AssertionFailure() << describe(g, step) << " removes the solution's "
                                               << sudoku::cell_name(g.size(), r.cell);
      for (const Candidate& p : step.placed)
        if (solution[at(p.cell)] != p.digit)
          return ::testing::AssertionFailure() << describe(g, step) << " places a wrong digit";
    }
  }
  return ::testing::AssertionSuccess();
}

// Follows next_step from the givens; wherever a chain is the next step (or nothing is), every
// chain technique is checked against the solution. Returns the number of chain steps.
int walk(const Geometry& g, const LogicTables& tables, const Grid& givens, const Grid& solution,
         const std::string& context) {
  Candidates c(g);
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (givens[at(cell)] != 0) {
      EXPECT_TRUE(c.assign(cell, givens[at(cell)])) << context;
    }
  int chains = 0;
  for (int k = 0; k < 4 * g.cell_count() && !c.solved(); ++k) {
    Step step;
    const bool any = next_step(c, tables, step);
    if (!any || is_chain(step.technique)) {
      EXPECT_TRUE(chains_sound(c, tables, solution)) << context << ", step " << k;
      if (::testing::Test::HasFailure()) return chains;
    }
    if (!any) break;
    EXPECT_NE(step.technique, Technique::contradiction) << context;
    if (step.technique == Technique::contradiction) return chains;
    chains += is_chain(step.technique) ? 1 : 0;
    for (const Candidate& r : step.removed) c.eliminate(r.cell, r.digit);
    for (const Candidate& p : step.placed) c.assign(p.cell, p.digit);
  }
  return chains;
}

// The first 200 puzzles of top1465 (tests/data/top1465_first200.txt), solutions by the search
// (the first 50 under the sanitizers).
TEST(SudokuLogicChainsSoundness, HardPuzzlesNeverLoseTheSolution) {
  const Geometry g(9);
  const LogicTables tables(g);
  sudoku::Solver solver(g);
  std::ifstream in(std::string(TEST_DATA_DIR) + "/top1465_first200.txt");
  ASSERT_TRUE(in);
  int puzzles = 0, chains = 0;
  for (std::string line; puzzles < share_of(200) && std::getline(in, line);) {
    if (line.size() < 81) continue;
    Grid givens(81, 0);
    for (int i = 0; i < 81; ++i)
      givens[at(i)] = line[at(i)] >= '1' && line[at(i)] <= '9'
                          ? static_cast<std::uint8_t>(line[at(i)] - '0')
                          : 0;
    const auto result = solver.solve(givens, 2);
    ASSERT_EQ(result.solutions, 1u) << line;
    chains += walk(g, tables, givens, result.first, line);
    if (HasFailure()) return;
    ++puzzles;
  }
  EXPECT_EQ(puzzles, share_of(200));
  EXPECT_GT(chains, share_of(200));  // the chains are really used
}

// Minimal puzzles of every 9x9 variant made by the generator, with the solution it made them from.
TEST(SudokuLogicChainsSoundness, GeneratedPuzzlesOfEveryVariantNeverLoseTheSolution) {
  struct Kind {
    Variant variant;
    int puzzles;
  };
  int chains = 0;
  for (const Kind kind : {Kind{Variant::regular, 400}, Kind{Variant::hyper, 20},
                          Kind{Variant::x, 20}, Kind{Variant::hyper_x, 6}}) {
    const Geometry g(9, kind.variant);
    const LogicTables tables(g);
    sudoku::Generator generator(g);
    for (int seed = 1; seed <= share_of(kind.puzzles); ++seed) {
      const sudoku::Puzzle puzzle = generator.generate(static_cast<std::uint64_t>(seed));
      chains +=
          walk(g, tables, puzzle.givens, puzzle.solution,
               std::string(sudoku::variant_name(kind.variant)) + " seed " + std::to_string(seed));
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(chains, share_of(50));
}

TEST(SudokuLogicChains, EurekaNotation) {
  const Geometry g(9);
  sudoku::Chain chain;
  chain.nodes = {{5, {1}}, {5, {7}}, {5, {34}}, {5, {28, 29}}};
  chain.strong = {true, false, true};
  EXPECT_EQ(sudoku::eureka(g, chain), "(5)r1c2=(5)r1c8-(5)r4c8=(5)r4c23");
  chain.nodes = {{1, {0}}, {2, {0}}, {2, {4}}, {3, {4}}, {3, {9, 18}}};
  chain.strong = {true, false, true, false};
  EXPECT_EQ(sudoku::eureka(g, chain), "(1=2)r1c1-(2=3)r1c5-(3)r23c1");
  chain.nodes = {{1, {0}}, {1, {1}}};
  chain.strong = {true, false};
  chain.loop = true;
  EXPECT_EQ(sudoku::eureka(g, chain), "(1)r1c1=(1)r1c2-(1)r1c1");
  // A group not in one line (a box on a diagonal) is listed.
  chain.loop = false;
  chain.nodes = {{4, {0, 10}}, {4, {80}}};
  chain.strong = {true};
  EXPECT_EQ(sudoku::eureka(g, chain), "(4){r1c1,r2c2}=(4)r9c9");
}

TEST(SudokuLogicChains, EngineLinksAndSearch) {
  // The X-Chain position: 1 has two places in row 3 (r3c2, r3c4) and in column 6 (r1c6, r5c6).
  const Geometry g(9);
  const LogicTables tables(g);
  const Candidates c = position(g, R"(
      2569   1249   124569 12345  3456   12345  =8     =7     2469
      2568   =7     2456   2458   =9     2458   =3     =1     246
      2689   12489  =3     1248   468    =7     469    269    =5
      =1     2349   2479   =6     34578  3458   59     2389   289
      3679   =5     679    1378   =2     138    169    =4     1689
      236    234    =8     1345   345    =9     156    236    =7
      =4     1389   1579   35789  3578   358    =2     689    1689
      23789  =6     279    234789 =1     2348   479    =5     489
      25789  1289   12579  245789 4578   =6     1479   89     =3
  )");
  ChainEngine engine(g, tables);
  ChainRules rules;
  rules.digits = sudoku::digit_bit(1);
  rules.cell_links = rules.cell_weak = false;
  engine.load(c, rules);
  const auto node = [&](int row, int col) { return engine.node_of((row - 1) * 9 + col - 1, 1); };
  EXPECT_TRUE(engine.exists(node(3, 2)));
  EXPECT_FALSE(engine.exists(node(1, 8)));  // placed
  EXPECT_TRUE(engine.strong_link(node(3, 2), node(3, 4)));
  EXPECT_TRUE(engine.strong_link(node(1, 6), node(5, 6)));
  EXPECT_FALSE(engine.strong_link(node(1, 6), node(3, 4)));
  EXPECT_TRUE(engine.weak_link(node(1, 6), node(3, 4)));
  EXPECT_FALSE(engine.weak_link(node(3, 2), node(5, 6)));
  // r7c2=1 leads round the chain to r7c2<>1 in six links... seven: on, then six nodes, then off.
  EXPECT_EQ(engine.search(node(7, 2), true, 40, node(7, 2), false), 7);
  std::vector<int> states;
  engine.path(node(7, 2), false, states);
  ASSERT_EQ(states.size(), 8u);
  EXPECT_EQ(ChainEngine::node_of_state(states[1]), node(3, 2));
  EXPECT_FALSE(ChainEngine::on_of_state(states[1]));
  EXPECT_EQ(ChainEngine::node_of_state(states[6]), node(7, 9));
  EXPECT_TRUE(ChainEngine::on_of_state(states[6]));
  EXPECT_EQ(engine.distance(node(7, 2), false), 7);
  // The loops, 64 starts at once, count the same seven links; a bound of six finds none, and a
  // node the position lacks has none (nor does a search from it reach anything).
  const int starts[] = {node(7, 2), node(1, 8), node(3, 2)};
  int links[3];
  engine.loops(starts, 3, 40, links);
  EXPECT_EQ(links[0], 7);
  EXPECT_EQ(links[1], -1);
  engine.loops(starts, 1, 6, links);
  EXPECT_EQ(links[0], -1);
  EXPECT_EQ(engine.search(node(1, 8), true, 40), -1);
  EXPECT_FALSE(engine.reached(node(1, 8), true));
  EXPECT_FALSE(engine.reached(node(7, 2), false));
  // With groups, r1c6 (1 of box 2 outside row 3... ) and the group of 1 in row 3 of box 2.
  rules.groups = true;
  engine.load(c, rules);
  int groups = 0;
  for (int n = 0; n < engine.node_limit(); ++n) groups += engine.exists(n) && engine.is_group(n);
  EXPECT_GT(groups, 0);
  // The engine of this thread for these tables is one, kept.
  EXPECT_EQ(&ChainEngine::local(g, tables), &ChainEngine::local(g, tables));
}

}  // namespace
