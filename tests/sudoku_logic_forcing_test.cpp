// Forcing chains and nets (sudoku/logic/forcing.hpp): hand-made positions with the exact step
// each must find, a position on a variant house, and soundness over hard puzzles.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/logic/forcing.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/solver.hpp"

namespace {

using sudoku::Candidates;
using sudoku::digit_bit;
using sudoku::Geometry;
using sudoku::Grid;
using sudoku::LogicTables;
using sudoku::Step;
using sudoku::Technique;

int cell(int row, int column) {
  return (row - 1) * 9 + column - 1;
}

// Every candidate open, then digit `digit` left only where `keep` says (the other digits stay
// everywhere, so that nothing but the pattern of `digit` and the cells below decides).
void remove_everywhere_but(Candidates& c, int digit, const std::vector<int>& keep) {
  for (int x = 0; x < 81; ++x)
    if (std::find(keep.begin(), keep.end(), x) == keep.end()) c.eliminate(x, digit);
}

// Leaves a cell with exactly these digits.
void only(Candidates& c, int x, std::vector<int> digits) {
  for (int d = 1; d <= 9; ++d)
    if (std::find(digits.begin(), digits.end(), d) == digits.end()) c.eliminate(x, d);
}

std::string sentence(const Geometry& g, const Step& step) {
  return sudoku::describe(g, step);
}

// An XY-Wing in disguise: r1c1 {1,2}, r1c9 {1,4}, r9c1 {2,4}. Either candidate of r1c1 puts a 4
// in a cell that sees r9c9.
Candidates xy_wing_position(const Geometry& g) {
  Candidates c(g);
  only(c, cell(1, 1), {1, 2});
  only(c, cell(1, 9), {1, 4});
  only(c, cell(9, 1), {2, 4});
  return c;
}

TEST(ForcingChain, ACandidateThatForcesItsOwnAbsenceGoes) {
  const Geometry g(9);
  Candidates c = xy_wing_position(g);
  // r9c9=4 takes 4 from r1c9 and r9c1 (Y links: r1c9=1, r9c1=2), r1c1 loses 1 and 2: the
  // chain r9c9=4, r1c9<>4, r1c9=1, r1c1<>1, r1c1=2, r9c1<>2, r9c1=4, r9c9<>4 (8 links) uses
  // cells and houses.
  std::vector<Step> steps;
  EXPECT_EQ(sudoku::forcing_chain(c, &steps, 1).steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].technique, Technique::forcing_chain);
  ASSERT_EQ(steps[0].removed.size(), 1u);
  EXPECT_EQ(steps[0].removed[0].cell, cell(9, 9));
  EXPECT_EQ(steps[0].removed[0].digit, 4);
  EXPECT_EQ(steps[0].length, 8);
  EXPECT_EQ(sentence(g, steps[0]),
            "forcing chain: r9c9=4 forces r9c9<>4, so removes 4 from r9c9 (8 links)");
  EXPECT_EQ(sudoku::forcing_chain(c).steps, 0);
}

TEST(ForcingChain, OneDigitsPlacesMakeAnXChain) {
  const Geometry g(9);
  Candidates c(g);
  // A skyscraper: 6 in column 1 only at r2c1, r8c1 and in column 9 only at r2c9, r7c9. The
  // chain r7c2=6, r7c9<>6, r2c9=6, r2c1<>6, r8c1=6, r7c2<>6 (6 links) uses houses only: what
  // Sudoku Explainer calls a turbot fish.
  std::vector<int> keep;
  for (int x = 0; x < 81; ++x)
    if ((x % 9 != 0 && x % 9 != 8) || x == cell(2, 1) || x == cell(8, 1) || x == cell(2, 9) ||
        x == cell(7, 9))
      keep.push_back(x);
  remove_everywhere_but(c, 6, keep);
  std::vector<Step> steps;
  EXPECT_EQ(sudoku::forcing_chain(c, &steps, 1).steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].technique, Technique::forcing_x_chain);
  ASSERT_EQ(steps[0].removed.size(), 1u);
  EXPECT_EQ(steps[0].removed[0].cell, cell(7, 2));
  EXPECT_EQ(steps[0].removed[0].digit, 6);
  EXPECT_EQ(steps[0].length, 6);
  // The rest of the skyscraper's eliminations: r7c3, and r8c7, r8c8.
  EXPECT_EQ(sudoku::forcing_chain(c).steps, 3);
  for (const int x : {cell(7, 3), cell(8, 7), cell(8, 8)})
    EXPECT_FALSE(c.mask(x) & digit_bit(6)) << x;
}

TEST(Nishio, ADigitThatEmptiesABoxOfItLeavesTheCell) {
  const Geometry g(9);
  Candidates c(g);
  // 1 in box 4 only at r4c1 and r6c1: 1 in r1c1 takes both, and box 4 has no place for it.
  std::vector<int> keep;
  for (int x = 0; x < 81; ++x)
    if (g.region_of(x) != 3 || x == cell(4, 1) || x == cell(6, 1)) keep.push_back(x);
  remove_everywhere_but(c, 1, keep);
  std::vector<Step> steps;
  EXPECT_EQ(sudoku::nishio_forcing_chain(c, &steps, 1).steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].technique, Technique::nishio_forcing_chain);
  ASSERT_EQ(steps[0].removed.size(), 1u);
  EXPECT_EQ(steps[0].removed[0].cell, cell(1, 1));
  EXPECT_EQ(steps[0].removed[0].digit, 1);
  // r1c1=1, r4c1<>1, r6c1<>1 leave box 4 without a place for 1: as Sudoku Explainer counts it,
  // r6c1<>1 (2 facts) against r6c1=1, the last place left after r4c1<>1 (3 facts).
  EXPECT_EQ(steps[0].length, 5);
  EXPECT_EQ(sentence(g, steps[0]),
            "nishio forcing chain: r1c1=1 leads to a contradiction, removes 1 from r1c1 (5 links)");
  EXPECT_FALSE(c.mask(cell(1, 1)) & digit_bit(1));
  // Without a limit: 1 leaves the rest of column 1 outside box 4 too.
  steps.clear();
  EXPECT_EQ(sudoku::nishio_forcing_chain(c, &steps).steps, 5);
  for (int row : {2, 3, 7, 8, 9}) EXPECT_FALSE(c.mask(cell(row, 1)) & digit_bit(1)) << row;
  // Nothing else is forced, and nothing is allocated to say so.
  EXPECT_EQ(sudoku::nishio_forcing_chain(c).steps, 0);
}

TEST(Nishio, WorksOnADiagonal) {
  const Geometry g(9, sudoku::Variant::x);
  Candidates c(g);
  // 5 on the main diagonal only at r1c1 and r9c9: a 5 in r1c9 sees r1c1 (row 1) and r9c9
  // (column 9), and the diagonal loses both places (so does a 5 in r9c1, later in reading order).
  std::vector<int> keep;
  for (int x = 0; x < 81; ++x)
    if (x % 10 != 0 || x == cell(1, 1) || x == cell(9, 9)) keep.push_back(x);
  remove_everywhere_but(c, 5, keep);
  std::vector<Step> steps;
  EXPECT_EQ(sudoku::nishio_forcing_chain(c, &steps, 1).steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].removed[0].cell, cell(1, 9));
  EXPECT_EQ(steps[0].removed[0].digit, 5);
}

TEST(StaticForcingChain, EveryCandidateOfACellForcesTheSame) {
  const Geometry g(9);
  Candidates c = xy_wing_position(g);
  std::vector<Step> steps;
  EXPECT_EQ(sudoku::static_forcing_chain(c, &steps, 1).steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].technique, Technique::cell_forcing_chain);
  EXPECT_EQ(steps[0].cells, std::vector<int>({cell(1, 1)}));
  EXPECT_EQ(steps[0].digits, digit_bit(1) | digit_bit(2));
  ASSERT_EQ(steps[0].removed.size(), 1u);
  EXPECT_EQ(steps[0].removed[0].cell, cell(9, 9));
  EXPECT_EQ(steps[0].removed[0].digit, 4);
  // r1c1=1, r1c9<>1, r1c9=4, r9c9<>4 and the same through r9c1.
  EXPECT_EQ(steps[0].length, 8);
  EXPECT_FALSE(c.mask(cell(9, 9)) & digit_bit(4));
  EXPECT_EQ(sudoku::static_forcing_chain(c).steps, 0);
}

TEST(StaticForcingChain, EveryPlaceOfADigitInAHouseForcesTheSame) {
  const Geometry g(9);
  Candidates c(g);
  // 7 in row 5 only at r5c1 and r5c9; r5c1 = 7 leaves r2c1 {3,7} with 3, and r5c9 = 7 leaves
  // r3c9 {3,7} with 3: the cells that see both r2c1 and r3c9 lose 3.
  std::vector<int> keep;
  for (int x = 0; x < 81; ++x)
    if (x / 9 != 4 || x == cell(5, 1) || x == cell(5, 9)) keep.push_back(x);
  remove_everywhere_but(c, 7, keep);
  only(c, cell(2, 1), {3, 7});
  only(c, cell(3, 9), {3, 7});
  std::vector<Step> steps;
  EXPECT_EQ(sudoku::static_forcing_chain(c, &steps, 1).steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].technique, Technique::region_forcing_chain);
  EXPECT_EQ(steps[0].houses, std::vector<int>({4}));  // row 5
  EXPECT_EQ(steps[0].cells, std::vector<int>({cell(5, 1), cell(5, 9)}));
  ASSERT_EQ(steps[0].removed.size(), 1u);
  EXPECT_EQ(steps[0].removed[0].cell, cell(2, 7));
  EXPECT_EQ(steps[0].removed[0].digit, 3);
  EXPECT_EQ(steps[0].length, 8);
  EXPECT_EQ(sentence(g, steps[0]),
            "region forcing chain: every place of {7} in row 5 (r5c1, r5c9) leads to the same, "
            "removes 3 from r2c7 (8 links)");
  // The rest of it: r2c8, r2c9 and r3c1, r3c2, r3c3.
  EXPECT_EQ(sudoku::static_forcing_chain(c).steps, 5);
  for (const int x : {cell(2, 8), cell(2, 9), cell(3, 1), cell(3, 2), cell(3, 3)})
    EXPECT_FALSE(c.mask(x) & digit_bit(3)) << x;
}

TEST(DynamicForcingChain, TheShorterOfACellForcingAndAContradictionGoesFirst) {
  const Geometry g(9);
  Candidates c = xy_wing_position(g);
  std::vector<Step> steps;
  EXPECT_EQ(sudoku::dynamic_forcing_chain(c, &steps, 1).steps, 1);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].technique, Technique::dynamic_forcing_chain);
  ASSERT_EQ(steps[0].removed.size(), 1u);
  // r1c1=1 leaves r1c9=4, r1c1=2 leaves r9c1=4: r9c9 loses 4 either way (4 facts a branch).
  // r9c9=4 leads to a contradiction too (r1c9=1 and r9c1=2 take both of r1c1), but its two
  // clashing facts rest on 5 and 4 facts, counted apart as Sudoku Explainer counts them: 9.
  EXPECT_EQ(steps[0].removed[0].cell, cell(9, 9));
  EXPECT_EQ(steps[0].removed[0].digit, 4);
  EXPECT_EQ(steps[0].length, 8);
  EXPECT_EQ(sentence(g, steps[0]),
            "dynamic forcing chain: every candidate {1,2} of r1c1 leads to the same, removes 4 "
            "from r9c9 (8 links)");
}

// Hard puzzles (the first of Magictour's top1465 that need nets, rated 8.3 to 9.6 by Sudoku
// Explainer) and a 16x16: every step of every net is true of the solution.
TEST(Forcing, NoStepRemovesADigitOfTheSolution) {
  const std::vector<std::string> puzzles = {
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
      "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
      "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
      ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
      "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
      "6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..",
  };
  const Geometry g(9);
  const LogicTables tables(g);
  sudoku::Solver solver(g);
  int checked = 0;
  for (const std::string& text : puzzles) {
    Grid givens;
    for (char ch : text) givens.push_back(ch == '.' ? 0 : static_cast<std::uint8_t>(ch - '0'));
    const Grid solution = solver.solve(givens).first;
    ASSERT_FALSE(solution.empty());
    using Function = sudoku::Found (*)(Candidates&, const LogicTables&, std::vector<Step>*, int);
    const Function functions[] = {
        [](Candidates& c, const LogicTables&, std::vector<Step>* s, int) {
          return sudoku::nishio_forcing_chain(c, s);
        },
        [](Candidates& c, const LogicTables&, std::vector<Step>* s, int) {
          return sudoku::static_forcing_chain(c, s);
        },
        [](Candidates& c, const LogicTables&, std::vector<Step>* s, int) {
          return sudoku::dynamic_forcing_chain(c, s);
        },
        [](Candidates& c, const LogicTables& t, std::vector<Step>* s, int) {
          return sudoku::dynamic_forcing_chain_plus(c, t, s);
        },
    };
    for (const Function f : functions) {
      Candidates c = sudoku::start_candidates(g, givens);
      sudoku::reduce(c, tables, sudoku::Level::all);
      std::vector<Step> steps;
      f(c, tables, &steps, 0);
      for (const Step& s : steps) {
        for (const auto& r : s.removed)
          EXPECT_NE(solution[static_cast<std::size_t>(r.cell)], r.digit) << sentence(g, s);
        for (const auto& p : s.placed)
          EXPECT_EQ(solution[static_cast<std::size_t>(p.cell)], p.digit) << sentence(g, s);
        ++checked;
      }
    }
    // The whole ladder solves it, every step true.
    Candidates c = sudoku::start_candidates(g, givens);
    std::vector<Step> steps;
    EXPECT_FALSE(sudoku::reduce(c, tables, sudoku::Level::full, &steps).contradiction);
    EXPECT_TRUE(c.solved()) << text;
    EXPECT_EQ(c.grid(), solution);
  }
  EXPECT_GT(checked, 100);
}

// Whether the facts of a branch follow, one by one, from the facts each names as its reasons on
// candidates `c` (or fewer): a digit placed leaves its cell's other candidates and its peers; a
// cell or a house left with one place for a digit gets it.
::testing::AssertionResult follows(const Geometry& g, const Candidates& c,
                                   const sudoku::Branch& b) {
  for (std::size_t i = 1; i < b.facts.size(); ++i) {
    const sudoku::Implication& f = b.facts[i];
    if (f.parents.empty()) return ::testing::AssertionFailure() << "fact " << i << " has no reason";
    std::vector<const sudoku::Implication*> parents;
    for (const int p : f.parents) {
      if (p < 0 || static_cast<std::size_t>(p) >= i)
        return ::testing::AssertionFailure() << "fact " << i << " rests on a later one";
      parents.push_back(&b.facts[static_cast<std::size_t>(p)]);
    }
    const auto sees = [&](int a, int x) {
      const auto peers = g.peers(a);
      return std::find(peers.begin(), peers.end(), x) != peers.end();
    };
    if (!f.on) {
      const bool ok = std::any_of(parents.begin(), parents.end(), [&](const auto* p) {
        return p->on && ((p->cell == f.cell && p->digit != f.digit) ||
                         (p->digit == f.digit && sees(p->cell, f.cell)));
      });
      if (!ok) return ::testing::AssertionFailure() << "fact " << i << " does not follow";
      continue;
    }
    sudoku::Mask left = c.mask(f.cell);
    bool in_cell = true;
    for (const auto* p : parents) {
      in_cell = in_cell && !p->on && p->cell == f.cell;
      if (p->cell == f.cell) left &= ~digit_bit(p->digit);
    }
    if (in_cell && (left & ~digit_bit(f.digit)) == 0) continue;
    bool in_house = false;
    for (const int h : g.houses_of(f.cell)) {
      bool ok = true;
      for (const int x : g.houses()[static_cast<std::size_t>(h)].cells) {
        if (x == f.cell || c.value(x) != 0 || !(c.mask(x) & digit_bit(f.digit))) continue;
        ok = ok && std::any_of(parents.begin(), parents.end(), [&](const auto* p) {
               return !p->on && p->cell == x && p->digit == f.digit;
             });
      }
      in_house = in_house || ok;
    }
    if (!in_house) return ::testing::AssertionFailure() << "fact " << i << " does not follow";
  }
  return ::testing::AssertionSuccess();
}

// The forcing chains and nets of the full ladder (the rating's path) list their links: every
// fact follows from its reasons, each branch starts from an assumption of the step and ends on
// its deduction or on a contradiction, which describe_links names.
TEST(Forcing, StepsListTheirLinks) {
  const Geometry g(9);
  const LogicTables tables(g);
  int explained = 0, contradictions = 0, nets = 0, named = 0;
  for (const std::string text :
       {"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"}) {
    Grid givens;
    for (char ch : text) givens.push_back(ch == '.' ? 0 : static_cast<std::uint8_t>(ch - '0'));
    Candidates c = sudoku::start_candidates(g, givens);
    std::vector<Step> steps;
    sudoku::reduce(c, tables, sudoku::Level::full, &steps, nullptr, true);
    Candidates now = sudoku::start_candidates(g, givens);
    for (const Step& step : steps) {
      const bool forcing = step.technique >= Technique::forcing_x_chain &&
                           step.technique <= Technique::dynamic_forcing_chain_plus;
      if (forcing && step.technique != Technique::dynamic_forcing_chain_plus) {
        ++explained;
        EXPECT_FALSE(step.branches.empty()) << sentence(g, step);
        const sudoku::Candidate x =
            step.placed.empty() ? step.removed.front() : step.placed.front();
        for (const sudoku::Branch& b : step.branches) {
          EXPECT_TRUE(follows(g, now, b)) << sentence(g, step);
          ASSERT_FALSE(b.ends.empty()) << sentence(g, step);
          EXPECT_NE(std::find(step.cells.begin(), step.cells.end(), b.facts.front().cell),
                    step.cells.end())
              << sentence(g, step);
          if (b.contradiction) {
            ++contradictions;
            continue;
          }
          const sudoku::Implication& end = b.facts[static_cast<std::size_t>(b.ends.front())];
          EXPECT_TRUE(end.cell == x.cell && end.digit == x.digit && end.on == !step.placed.empty())
              << sentence(g, step);
        }
        const std::vector<std::string> lines = sudoku::describe_links(g, step);
        ASSERT_FALSE(lines.empty());
        EXPECT_NE(lines.front().find(" -> "), std::string::npos) << lines.front();
        for (const std::string& line : lines) {
          nets += line.find(" [+ ") != std::string::npos;
          // A contradiction is named on its branch's first line, the one from the assumption.
          if (line.find(": so ") == std::string::npos && line.find(": but ") == std::string::npos)
            continue;
          ++named;
          EXPECT_EQ(line.substr(0, line.find(" -> ")).find(": "), std::string::npos) << line;
        }
      }
      if (!forcing) {
        EXPECT_TRUE(step.branches.empty()) << sentence(g, step);
      }
      sudoku::apply(now, step);
    }
  }
  EXPECT_GT(explained, 10);
  EXPECT_GT(contradictions, 0);
  EXPECT_GT(nets, 0);
  EXPECT_GT(named, 0);
}

}  // namespace
