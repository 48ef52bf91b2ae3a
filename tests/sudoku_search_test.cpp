// Both search loops of sudoku::Solver (dlx's and its own, with and without locked candidates,
// weighed ties and probing; at the fast level also with the pairs after locked candidates only;
// the choice per puzzle of the automatic loop)
// against a plain dlx::Solver on the same exact-cover model from the givens alone: the same counts
// (limit 2 and every solution) and the same solutions, over many puzzles of every shape (4x4 to
// 16x16, the variants, a jigsaw), with each level of logic before the search; and the exactness
// of the undo of locked candidates.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "dlx/solver.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/search/solver.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Logic;
using sudoku::Variant;

// The reference: dlx::Solver on sudoku::exact_cover_matrix, from the givens alone.
class Reference {
 public:
  explicit Reference(const Geometry& g)
      : g_(g), matrix_(sudoku::exact_cover_matrix(g)), solver_(matrix_) {}

  // Up to `limit` solutions (0: all) as strings of digits; *complete when the tree was seen.
  std::set<std::string> solutions(const Grid& givens, std::uint64_t limit, bool* complete) {
    const int n = g_.size();
    std::vector<dlx::OptionId> keep, base;
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      if (const int d = givens[static_cast<std::size_t>(cell)]; d != 0) {
        base.push_back(cell * n + d - 1);
        continue;
      }
      std::uint64_t used = 0;
      for (int p : g_.peers(cell)) used |= std::uint64_t{1} << givens[static_cast<std::size_t>(p)];
      for (int d = 1; d <= n; ++d)
        if ((used >> d & 1) == 0) keep.push_back(cell * n + d - 1);
    }
    solver_.load(keep, base);
    solver_.set_limits({limit, 0, 0});
    std::set<std::string> found;
    const dlx::Result r = solver_.search([&](std::span<const dlx::OptionId> options) {
      std::string s(givens.size(), '\0');
      for (dlx::OptionId o : options)
        s[static_cast<std::size_t>(o / n)] = static_cast<char>(o % n + 1);
      found.insert(s);
      return true;
    });
    *complete = r.outcome == dlx::Outcome::exhausted;
    return found;
  }

 private:
  const Geometry& g_;
  dlx::Matrix matrix_;
  dlx::Solver solver_;
};

// Puzzles with one solution, several or none: a solved grid with random cells blanked, now and
// then three blanks filled with a digit its peers allow (which may leave no solution).
std::vector<Grid> puzzles(const Geometry& g, int count, double keep_low, double keep_high,
                          std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Grid> out;
  std::uniform_real_distribution<double> share(keep_low, keep_high);
  for (int i = 0; i < count; ++i) {
    Grid grid = sudoku::random_solution(g, seed * 1000 + static_cast<std::uint64_t>(i) + 1);
    const double keep = share(rng);
    for (auto& d : grid)
      if (std::uniform_real_distribution<double>(0, 1)(rng) >= keep) d = 0;
    for (int extra = 0; extra < (i % 4 == 3 ? 3 : 0); ++extra) {
      const auto cell = static_cast<int>(rng() % grid.size());
      if (grid[static_cast<std::size_t>(cell)] == 0) {
        std::uint64_t used = 0;
        for (int p : g.peers(cell)) used |= std::uint64_t{1} << grid[static_cast<std::size_t>(p)];
        for (int d = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(g.size()));
             d <= g.size(); ++d)
          if ((used >> d & 1) == 0) {
            grid[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
            break;
          }
      }
    }
    out.push_back(grid);
  }
  return out;
}

void expect_agreement(const Geometry& g, const std::vector<Grid>& set, std::uint64_t cap) {
  Reference reference(g);
  sudoku::Solver solver(g);
  int several = 0, none = 0;
  for (Logic logic : {Logic::none, Logic::singles, Logic::fast, Logic::all})
    for (int loop = 0; loop < 12; ++loop) {
      // dlx's loop; the own loop plain, with locked candidates, with weighed ties, with both;
      // with probing (at every level) alone, and with both and probing at the first 32 levels;
      // at the fast level, dlx's loop and the own loop with the pairs after locked candidates
      // only (7, 8; the others look for them always); the automatic choice per puzzle (on
      // 9x9: the own loop from 1 and from 40 open cells, the second probing after 20 nodes);
      // last the own loop probing once it has taken 20 nodes.
      if (logic != Logic::fast && (loop == 7 || loop == 8)) continue;
      solver.set_logic(logic);
      solver.set_pairs_after_locked(loop == 7 || loop == 8);
      solver.set_propagating_from(loop == 9 ? 1 : 40);
      solver.set_search_loop(loop == 0 || loop == 7    ? sudoku::SearchLoop::plain
                             : loop == 9 || loop == 10 ? sudoku::SearchLoop::automatic
                                                       : sudoku::SearchLoop::propagating);
      solver.set_search_locked(loop == 2 || loop == 4 || loop == 6);
      solver.set_search_weighed(loop == 3 || loop == 4 || loop == 6);
      solver.set_search_probe_levels(loop == 5 || loop >= 10 ? 1000 : loop == 6 ? 32 : 0);
      solver.set_search_probe_after(loop >= 10 ? 20 : 0);
      for (std::size_t i = 0; i < set.size(); ++i) {
        const Grid& givens = set[i];
        SCOPED_TRACE("puzzle " + std::to_string(i) + " logic " +
                     std::to_string(static_cast<int>(logic)) + " loop " + std::to_string(loop));
        bool complete = false;
        const std::set<std::string> expected = reference.solutions(givens, cap, &complete);
        // Limit 2: is it unique?
        const sudoku::SolveResult two = solver.count(givens, 2);
        EXPECT_EQ(two.solutions, std::min<std::size_t>(expected.size(), 2));
        EXPECT_EQ(two.complete, expected.size() < 2 && complete);
        several += expected.size() >= 2;
        none += expected.empty();
        if (!complete) continue;  // more than `cap` solutions: the count to 2 is the check
        // Every solution, each once, the same ones.
        std::set<std::string> seen;
        const sudoku::SolveResult all = solver.solve(givens, 0, [&](const Grid& s) {
          EXPECT_TRUE(seen.insert(std::string(s.begin(), s.end())).second);
          return true;
        });
        EXPECT_TRUE(all.complete);
        EXPECT_EQ(all.solutions, expected.size());
        EXPECT_EQ(seen, expected);
      }
    }
  // The set exercises every case.
  EXPECT_GT(several, 0);
  EXPECT_GT(none, 0);
}

TEST(SudokuSearch, AgreesWithDlxOnRegular9x9) {
  expect_agreement(Geometry(9), puzzles(Geometry(9), 60, 0.3, 0.55, 1), 500);
}

TEST(SudokuSearch, AgreesWithDlxOnTheVariants) {
  for (Variant v : {Variant::x, Variant::hyper, Variant::hyper_x}) {
    SCOPED_TRACE(std::string(sudoku::variant_name(v)));
    const Geometry g(9, v);
    expect_agreement(g, puzzles(g, 30, 0.25, 0.5, 2), 500);
  }
}

TEST(SudokuSearch, AgreesWithDlxOnOtherSizes) {
  for (int size : {4, 6, 8, 12}) {
    SCOPED_TRACE("size " + std::to_string(size));
    const Geometry g(size);
    expect_agreement(g, puzzles(g, size == 12 ? 16 : 40, 0.3, 0.7, 3), 500);
  }
  const Geometry g16(16);
  expect_agreement(g16, puzzles(g16, 8, 0.55, 0.7, 5), 200);
}

TEST(SudokuSearch, AgreesWithDlxOnAJigsaw) {
  // A 6x6 jigsaw: regions of two columns, each split across the halves of the grid.
  std::vector<int> region(36);
  for (int cell = 0; cell < 36; ++cell) {
    const int r = cell / 6, c = cell % 6;
    region[static_cast<std::size_t>(cell)] = (c / 2) * 2 + (r < 3 ? 0 : 1);
  }
  const Geometry g = Geometry::jigsaw(6, region);
  expect_agreement(g, puzzles(g, 40, 0.2, 0.6, 4), 500);
}

// Every solution in the order found, with the nodes and updates of the search.
struct Listing {
  std::vector<std::string> solutions;
  std::uint64_t nodes = 0, updates = 0;
  bool operator==(const Listing&) const = default;
};

// At most 300 solutions; the visitor stops the search after `stop_after` of them (0: never).
Listing list(sudoku::Solver& solver, const Grid& givens, std::size_t stop_after = 0) {
  Listing out;
  const sudoku::SolveResult r = solver.solve(givens, 300, [&](const Grid& s) {
    out.solutions.emplace_back(s.begin(), s.end());
    return out.solutions.size() != stop_after;
  });
  out.nodes = r.nodes;
  out.updates = r.updates;
  return out;
}

// Two listings of one puzzle by different trees: when both are complete (under 300 solutions),
// the same solutions in another order.
void expect_same_solutions(const Listing& one, const Listing& other) {
  if (one.solutions.size() >= 300 || other.solutions.size() >= 300) return;
  std::vector<std::string> a = one.solutions, b = other.solutions;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_TRUE(a == b);
}

// The eliminations of locked candidates are undone exactly when the search backs up: a solver
// that has searched other puzzles (to the end, or stopped part way) lists the same solutions in
// the same order, with the same nodes and updates, as a fresh one; and they remove something.
TEST(SudokuSearch, LockedCandidatesAreUndoneExactly) {
  for (Variant v : {Variant::regular, Variant::x, Variant::hyper, Variant::hyper_x}) {
    SCOPED_TRACE(std::string(sudoku::variant_name(v)));
    const Geometry g(9, v);
    const std::vector<Grid> set = puzzles(g, 12, 0.3, 0.4, 6);
    sudoku::Solver used(g);
    used.set_logic(Logic::none);
    used.set_search_loop(sudoku::SearchLoop::propagating);
    used.set_search_locked(true);
    std::uint64_t nodes_locked = 0, nodes_plain = 0;
    std::size_t several = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
      SCOPED_TRACE("puzzle " + std::to_string(i));
      sudoku::Solver fresh(g);
      fresh.set_logic(Logic::none);
      fresh.set_search_loop(sudoku::SearchLoop::propagating);
      fresh.set_search_locked(true);
      const Listing expected = list(fresh, set[i]);
      several += expected.solutions.size() >= 2;
      // The used solver searched the puzzles before this one, and this one stopped after one
      // solution; each search starts where the last one left the links.
      list(used, set[i], 1);
      EXPECT_EQ(list(used, set[i]), expected);
      EXPECT_EQ(list(used, set[i]), expected);
      nodes_locked += expected.nodes;
      fresh.set_search_locked(false);
      const Listing plain = list(fresh, set[i]);
      nodes_plain += plain.nodes;
      // Both lists complete: the same solutions, in another order (another tree).
      expect_same_solutions(plain, expected);
    }
    EXPECT_GT(several, 0u);
    EXPECT_LT(nodes_locked, nodes_plain);
  }
}

// Probing removes candidates on the trail and branches on the cell it chose: undone exactly when
// the search backs up (a used solver lists what a fresh one lists, with the same nodes and
// updates), with the solutions of the plain loop, and fewer nodes over all the shapes.
TEST(SudokuSearch, ProbingIsUndoneExactly) {
  std::uint64_t nodes_probed = 0, nodes_plain = 0;
  for (int size : {9, 16}) {
    for (Variant v : {Variant::regular, Variant::x, Variant::hyper_x}) {
      if (size == 16 && v == Variant::hyper_x) continue;  // two 16x16 shapes keep the test short
      SCOPED_TRACE(std::to_string(size) + " " + std::string(sudoku::variant_name(v)));
      const Geometry g(size, v);
      const std::vector<Grid> set =
          puzzles(g, size == 9 ? 12 : 4, size == 9 ? 0.3 : 0.5, size == 9 ? 0.4 : 0.6, 7);
      for (bool locked : {false, true}) {
        sudoku::Solver used(g);
        used.set_logic(Logic::none);
        used.set_search_loop(sudoku::SearchLoop::propagating);
        used.set_search_locked(locked);
        used.set_search_probe_levels(1000);
        for (std::size_t i = 0; i < set.size(); ++i) {
          SCOPED_TRACE("puzzle " + std::to_string(i) + (locked ? " locked" : ""));
          sudoku::Solver fresh(g);
          fresh.set_logic(Logic::none);
          fresh.set_search_loop(sudoku::SearchLoop::propagating);
          fresh.set_search_locked(locked);
          fresh.set_search_probe_levels(1000);
          const Listing expected = list(fresh, set[i]);
          list(used, set[i], 1);
          EXPECT_EQ(list(used, set[i]), expected);
          nodes_probed += expected.nodes;
          fresh.set_search_probe_levels(0);
          const Listing plain = list(fresh, set[i]);
          nodes_plain += plain.nodes;
          expect_same_solutions(plain, expected);
        }
      }
    }
  }
  EXPECT_LT(nodes_probed, nodes_plain);
}

// A pass of probes that skips the candidates an earlier probe forced walks the tree of probing
// every candidate: the same solutions in the same order and the same nodes, with fewer updates.
TEST(SudokuSearch, ProbeSkipsKeepTheTree) {
  std::uint64_t updates_skipping = 0, updates_all = 0;
  for (int size : {9, 16}) {
    for (Variant v : {Variant::regular, Variant::x}) {
      SCOPED_TRACE(std::to_string(size) + " " + std::string(sudoku::variant_name(v)));
      const Geometry g(size, v);
      const std::vector<Grid> set =
          puzzles(g, size == 9 ? 12 : 4, size == 9 ? 0.3 : 0.5, size == 9 ? 0.4 : 0.6, 5);
      sudoku::Solver skipping(g), all(g);
      for (sudoku::Solver* s : {&skipping, &all}) {
        s->set_logic(Logic::none);
        s->set_search_loop(sudoku::SearchLoop::propagating);
        s->set_search_probe_levels(1000);
        s->set_search_probe_after(0);
      }
      all.set_search_probe_skips(false);
      for (std::size_t i = 0; i < set.size(); ++i) {
        SCOPED_TRACE("puzzle " + std::to_string(i));
        const Listing got = list(skipping, set[i]);
        const Listing expected = list(all, set[i]);
        EXPECT_TRUE(got.solutions == expected.solutions);
        EXPECT_EQ(got.nodes, expected.nodes);
        EXPECT_LE(got.updates, expected.updates);
        updates_skipping += got.updates;
        updates_all += expected.updates;
      }
    }
  }
  EXPECT_LT(updates_skipping, updates_all);
}

// Probing after N nodes: a search that takes at most N nodes without probing walks the same tree
// (the same nodes and updates), where probing from the start may walk another; a larger one
// probes from then on, with the same solutions.
TEST(SudokuSearch, ProbingWaitsForItsNodes) {
  const Geometry g(9, Variant::regular);
  const std::vector<Grid> set = puzzles(g, 40, 0.3, 0.55, 11);
  sudoku::Solver plain(g), later(g), early(g);
  for (sudoku::Solver* s : {&plain, &later, &early}) {
    s->set_logic(Logic::none);
    s->set_search_loop(sudoku::SearchLoop::propagating);
    s->set_search_probe_levels(1000);
  }
  plain.set_search_probe_levels(0);
  const std::uint64_t after = 100;
  later.set_search_probe_after(after);
  early.set_search_probe_after(0);  // the default on 9x9 waits too
  int small = 0, small_changed_early = 0, changed = 0;
  for (std::size_t i = 0; i < set.size(); ++i) {
    SCOPED_TRACE("puzzle " + std::to_string(i));
    const Listing expected = list(plain, set[i]);
    const Listing got = list(later, set[i]);
    if (expected.nodes <= after) {
      ++small;
      EXPECT_EQ(got, expected);
      small_changed_early += list(early, set[i]) != expected;
    } else {
      changed += got.nodes != expected.nodes;
      expect_same_solutions(got, expected);
    }
  }
  EXPECT_GT(small_changed_early, 0);  // so the small ones test the wait
  EXPECT_GT(changed, 0);
}

Grid parse(const std::string& line) {
  Grid g;
  for (char c : line) g.push_back(c == '.' ? 0 : static_cast<std::uint8_t>(c - '0'));
  return g;
}

// Minimal puzzles (bench/data, made by the generator), where the search meets many dead ends
// after eliminations, and the same with one or two givens taken out (several solutions): the
// own loop with locked candidates finds every solution the plain dlx search finds, and a solver
// that searched before finds them in the same order, with the same nodes and updates, as a fresh
// one.
TEST(SudokuSearch, LockedCandidatesOnMinimalPuzzles) {
  const std::vector<std::pair<Variant, std::vector<std::string>>> sets = {
      {Variant::hyper_x,
       {".........5....1.7..2...6..9........................5..............359....43...2..",
        ".........6....9...5....1.....9.....8.........82..67......9.3...............5.....",
        ".....7.....1...5....79......2...........9...6.......3.36............4...5........",
        "........99..........76...........7.............6.8......3.4.......1..8..........2"}},
      {Variant::x,
       {"..............9..4.7...8...........1......32.6.....7..8.......5..5932....91...2..",
        ".3.......4....2.5.8.9..4....61...9.5.............67..2...2.3.1........2......5...",
        "..........7....8....61......12......5...3...1....8..5413.79..6....4.....9........"}},
      {Variant::hyper,
       {"9.........2...4....3...19.6..................1.....3.............25364...48...7..",
        ".6.......7.2..8.4.1....23....4...5......8.....8..73......2.9.8........1..........",
        "..........13...4....5..2....6.....3.3...6...8..7....261..97..........9..5........"}},
  };
  for (const auto& [variant, lines] : sets) {
    SCOPED_TRACE(std::string(sudoku::variant_name(variant)));
    const Geometry g(9, variant);
    Reference reference(g);
    sudoku::Solver used(g);
    used.set_logic(Logic::none);
    used.set_search_loop(sudoku::SearchLoop::propagating);
    used.set_search_locked(true);
    used.set_search_weighed(variant != Variant::hyper);
    for (const std::string& line : lines)
      for (int removed = 0; removed <= 2; ++removed) {
        SCOPED_TRACE(line + " less " + std::to_string(removed));
        Grid givens = parse(line);
        for (int k = 0, cell = 0; k < removed; ++cell)
          if (givens[static_cast<std::size_t>(cell)] != 0) {
            givens[static_cast<std::size_t>(cell)] = 0;
            ++k;
          }
        sudoku::Solver fresh(g);
        fresh.set_logic(Logic::none);
        fresh.set_search_loop(sudoku::SearchLoop::propagating);
        fresh.set_search_locked(true);
        fresh.set_search_weighed(variant != Variant::hyper);
        const Listing expected = list(fresh, givens);
        EXPECT_EQ(list(used, givens), expected);
        bool complete = false;
        const std::set<std::string> all = reference.solutions(givens, 300, &complete);
        if (!complete) continue;
        EXPECT_EQ(expected.solutions.size(), all.size());
        EXPECT_TRUE(std::set<std::string>(expected.solutions.begin(), expected.solutions.end()) ==
                    all);
      }
  }
}

TEST(SudokuSearch, NodeBudgetAndStopEndTheSearchAndLeaveItReusable) {
  const Geometry g(9);
  sudoku::Solver solver(g);
  solver.set_logic(Logic::none);
  solver.set_search_loop(sudoku::SearchLoop::propagating);
  const Grid empty(81, 0);
  solver.set_node_budget(50);
  const sudoku::SolveResult cut = solver.solve(empty, 0);
  EXPECT_EQ(cut.outcome, dlx::Outcome::node_limit);
  EXPECT_FALSE(cut.complete);
  // A budget of 50 nodes makes 50, as on dlx's loop.
  EXPECT_EQ(cut.nodes, 50u);
  sudoku::Solver on_dlx(g);
  on_dlx.set_logic(Logic::none);
  on_dlx.set_search_loop(sudoku::SearchLoop::plain);
  on_dlx.set_node_budget(50);
  EXPECT_EQ(on_dlx.solve(empty, 0).nodes, cut.nodes);
  solver.set_node_budget(0);
  // Stopped by the visitor after three solutions; then the same solver counts afresh.
  int visits = 0;
  const sudoku::SolveResult stopped =
      solver.solve(empty, 0, [&](const Grid&) { return ++visits < 3; });
  EXPECT_EQ(stopped.outcome, dlx::Outcome::stopped);
  EXPECT_EQ(visits, 3);
  const Grid one = puzzles(g, 1, 0.4, 0.4, 9).front();
  Reference reference(g);
  bool complete = false;
  const auto expected = reference.solutions(one, 2, &complete);
  EXPECT_EQ(solver.count(one, 2).solutions, expected.size());
}

}  // namespace
