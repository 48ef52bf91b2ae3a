// Propagation inside the search (dlx::Propagation): every part keeps the solutions, counts what it
// removes, leaves the links as it found them, and works with limits, loads, seeds, cuts and
// threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"
#include "dlx/split.hpp"
#include "dlx_instances.hpp"

namespace {

using dlx::OptionId;
using dlx::Propagation;
using dlx::Solver;
using Solutions = std::vector<std::vector<OptionId>>;

const std::vector<instances::Instance>& all() {
  static const std::vector<instances::Instance> list = instances::all(TEST_DATA_DIR, EXAMPLES_DIR);
  return list;
}

bool has_colors(const dlx::Matrix& m) {
  for (std::size_t o = 0; o < m.option_count(); ++o)
    for (const dlx::Entry& e : m.option(static_cast<OptionId>(o)))
      if (e.color != 0) return true;
  return false;
}

// The solutions as sets of option ids, sorted: the same whatever the order of the search.
Solutions solutions(Solver& solver) {
  Solutions out;
  solver.search([&](std::span<const OptionId> s) {
    out.emplace_back(s.begin(), s.end());
    std::sort(out.back().begin(), out.back().end());
    return true;
  });
  std::sort(out.begin(), out.end());
  return out;
}

// Every way to ask for propagation, each part alone and together.
std::vector<Propagation> every_propagation() {
  std::vector<Propagation> out;
  for (const char* list : {"singles", "implied", "probe", "weighed", "all", "all,weighed"})
    out.push_back(dlx::parse_propagation(list));
  Propagation unskipped = dlx::parse_propagation("probe");
  unskipped.probe_skips = false;
  out.push_back(unskipped);
  Propagation late = dlx::parse_propagation("all");
  late.probe_levels = 3;
  late.probe_after = 20;
  late.implied_at = 2;
  out.push_back(late);
  return out;
}

// True when the options cover each primary item once and each secondary item at most once.
bool exact_cover(const dlx::Matrix& m, std::span<const OptionId> options) {
  std::vector<int> covered(m.item_count(), 0);
  for (OptionId o : options)
    for (const dlx::Entry& e : m.option(o)) ++covered[static_cast<std::size_t>(e.item)];
  for (std::size_t i = 0; i < m.item_count(); ++i) {
    const bool primary = m.item_kind(static_cast<dlx::ItemId>(i)) == dlx::ItemKind::primary;
    if (primary ? covered[i] != 1 : covered[i] > 1) return false;
  }
  return true;
}

TEST(Propagation, EveryPartKeepsEveryInstancesSolutions) {
  for (const instances::Instance& instance : all()) {
    SCOPED_TRACE(instance.name);
    if (has_colors(*instance.matrix)) continue;
    Solver plain(*instance.matrix);
    const Solutions expected = solutions(plain);
    if (instance.solutions >= 0) {
      EXPECT_EQ(expected.size(), static_cast<std::size_t>(instance.solutions));
    }
    for (const Propagation& p : every_propagation()) {
      SCOPED_TRACE(dlx::propagation_name(p));
      Solver solver(*instance.matrix);
      solver.set_propagation(p);
      EXPECT_EQ(solutions(solver), expected);
      EXPECT_EQ(solver.count().stats.solutions, expected.size());
    }
  }
}

TEST(Propagation, ColorsAndBoundsAreRefused) {
  for (const instances::Instance& instance : all()) {
    if (!has_colors(*instance.matrix)) continue;
    Solver solver(*instance.matrix);
    EXPECT_THROW(solver.set_propagation(dlx::parse_propagation("singles")), std::invalid_argument)
        << instance.name;
    solver.set_propagation(Propagation{});  // none is always accepted
  }
  const dlx::Matrix bounded = instances::from_text("1:2|a b\na\nb\na b\n");
  ASSERT_TRUE(bounded.has_bounds());
  Solver solver(bounded);
  EXPECT_THROW(solver.set_propagation(dlx::parse_propagation("all")), std::invalid_argument);
}

// The sudoku of tests/data (a hard one, as Knuth's sudoku program writes it) and the X sudoku of
// examples/sudoku-dlx: far fewer nodes than DLX1's, the same one solution, and each removal
// counted.
TEST(Propagation, ASudokuTakesFewerNodesThanDlx1) {
  for (const std::string& file : {std::string(TEST_DATA_DIR) + "/sudoku-hard1.dlx",
                                  std::string(EXAMPLES_DIR) + "/sudoku-dlx/x.dlx"}) {
    SCOPED_TRACE(file);
    const dlx::Matrix m = instances::from_file(file);
    Solver plain(m);
    const std::vector<OptionId> expected = plain.first();
    const dlx::Result dlx1 = plain.count();
    ASSERT_EQ(dlx1.stats.solutions, 1u);
    Solver solver(m);
    solver.set_propagation(dlx::parse_propagation("all"));
    std::vector<OptionId> found = solver.first();
    std::vector<OptionId> sorted_expected = expected;
    std::sort(found.begin(), found.end());
    std::sort(sorted_expected.begin(), sorted_expected.end());
    EXPECT_EQ(found, sorted_expected);
    const dlx::Result r = solver.count();
    EXPECT_EQ(r.stats.solutions, 1u);
    EXPECT_LT(r.stats.nodes * 3, dlx1.stats.nodes);
    EXPECT_GT(r.stats.forced, 0u);
    EXPECT_GT(r.stats.implied + r.stats.probed, 0u);
    EXPECT_EQ(dlx1.stats.forced + dlx1.stats.implied + dlx1.stats.probes, 0u);
  }
  // Each part alone on the hard one: implied items remove options, and so does probing.
  const dlx::Matrix hard = instances::from_file(std::string(TEST_DATA_DIR) + "/sudoku-hard1.dlx");
  Solver solver(hard);
  solver.set_propagation(dlx::parse_propagation("implied"));
  EXPECT_GT(solver.count().stats.implied, 0u);
  solver.set_propagation(dlx::parse_propagation("probe"));
  const dlx::Result probed = solver.count();
  EXPECT_GT(probed.stats.probes, 0u);
  EXPECT_GT(probed.stats.probed, 0u);
  EXPECT_EQ(probed.stats.implied, 0u);
}

// A propagating search, finished or stopped by a limit, leaves the links as it found them: DLX1's
// search afterwards makes DLX1's nodes and updates, and the propagating one its own again.
TEST(Propagation, TheLinksAreAsTheyWereAfterEverySearch) {
  for (const instances::Instance& instance : all()) {
    SCOPED_TRACE(instance.name);
    if (has_colors(*instance.matrix)) continue;
    Solver fresh(*instance.matrix);
    const dlx::Result dlx1 = fresh.count();
    Solver solver(*instance.matrix);
    solver.set_propagation(dlx::parse_propagation("all,weighed"));
    const dlx::Result first = solver.count();
    for (const std::uint64_t limit : {1, 2, 5}) {
      solver.set_limits({limit, 0, 0});
      const dlx::Result stopped = solver.count();
      EXPECT_EQ(stopped.stats.solutions, std::min<std::uint64_t>(limit, first.stats.solutions));
      if (first.stats.solutions > limit) {
        EXPECT_EQ(stopped.outcome, dlx::Outcome::solution_limit);
      }
    }
    solver.set_limits({0, 3, 0});
    const dlx::Result budget = solver.count();
    if (first.stats.nodes > 3) {
      EXPECT_EQ(budget.outcome, dlx::Outcome::node_limit);
    }
    solver.set_limits({});
    const dlx::Result again = solver.count();
    EXPECT_EQ(again.stats.nodes, first.stats.nodes);
    EXPECT_EQ(again.stats.updates, first.stats.updates);
    solver.set_propagation(Propagation{});
    const dlx::Result plain = solver.count();
    EXPECT_EQ(plain.stats.nodes, dlx1.stats.nodes);
    EXPECT_EQ(plain.stats.updates, dlx1.stats.updates);
  }
}

TEST(Propagation, EverySolutionIsAnExactCoverAndTheFirstIsAmongThem) {
  for (const instances::Instance& instance : all()) {
    SCOPED_TRACE(instance.name);
    if (has_colors(*instance.matrix)) continue;
    Solver solver(*instance.matrix);
    solver.set_propagation(dlx::parse_propagation("all"));
    std::uint64_t seen = 0;
    solver.search([&](std::span<const OptionId> s) {
      EXPECT_TRUE(exact_cover(*instance.matrix, s));
      ++seen;
      return true;
    });
    dlx::Result r;
    const std::vector<OptionId> first = solver.first(&r);
    EXPECT_EQ(first.empty(), seen == 0);
    if (!first.empty()) {
      EXPECT_TRUE(exact_cover(*instance.matrix, first));
    }
  }
}

// Forced options, loads (in any order of the kept options) and seeds under propagation.
TEST(Propagation, ForcedLoadedAndSeededSearchesCountAsDlx1) {
  const dlx::Matrix m = instances::queens(8);
  Solver plain(m), solver(m);
  solver.set_propagation(dlx::parse_propagation("all"));
  ASSERT_TRUE(plain.force(3));
  ASSERT_TRUE(solver.force(3));
  EXPECT_EQ(solver.count().stats.solutions, plain.count().stats.solutions);
  plain.release();
  solver.release();
  // The options that fit beside the base "queen at r0 c0", in reverse order: each item's list
  // takes them reversed, so the first solution found differs, the count does not.
  std::vector<OptionId> keep;
  for (OptionId o = static_cast<OptionId>(m.option_count()) - 1; o > 0; --o) {
    bool fits = true;
    for (const dlx::Entry& a : m.option(o))
      for (const dlx::Entry& b : m.option(0)) fits = fits && a.item != b.item;
    if (fits) keep.push_back(o);
  }
  const std::vector<OptionId> base{0};
  plain.load(std::vector<OptionId>(keep.rbegin(), keep.rend()), base);
  solver.load(keep, base);
  EXPECT_EQ(solver.count().stats.solutions, 4u);  // of the 92, those with a queen at r0 c0
  EXPECT_EQ(plain.count().stats.solutions, 4u);
  const std::vector<OptionId> forward = plain.first(), backward = solver.first();
  ASSERT_FALSE(forward.empty());
  ASSERT_FALSE(backward.empty());
  EXPECT_EQ(forward.front(), 0);
  EXPECT_EQ(backward.front(), 0);
  EXPECT_NE(forward, backward);
  for (const std::uint64_t seed : {1u, 7u}) {
    solver.load_all();
    solver.set_seed(seed);
    EXPECT_EQ(solver.count().stats.solutions, 92u);
  }
}

TEST(Propagation, ThreadsAndCutsSplitTheSameCount) {
  for (const instances::Instance& instance : all()) {
    SCOPED_TRACE(instance.name);
    if (has_colors(*instance.matrix) || instance.name == "pentominoes 3x20") continue;
    Solver plain(*instance.matrix);
    const std::uint64_t expected = plain.count().stats.solutions;
    dlx::ParallelOptions options;
    options.threads = 2;
    options.propagation = dlx::parse_propagation("all");
    options.check_every = 64;
    Solver splitter(*instance.matrix);
    const dlx::Result threaded =
        dlx::search_parallel(*instance.matrix, dlx::split(splitter, 1), options);
    EXPECT_EQ(threaded.stats.solutions, expected);
    // Cut every search at its second check and search the rest likewise.
    Solver solver(*instance.matrix);
    solver.set_propagation(dlx::parse_propagation("all"));
    std::vector<dlx::Subproblem> work{{}};
    std::uint64_t found = 0, cuts = 0;
    while (!work.empty()) {
      const dlx::Subproblem sub = work.back();
      work.pop_back();
      int checks = 0;
      const dlx::PrefixRun run = dlx::search_or_cut(
          solver, sub.prefix, nullptr, 16, [&](const dlx::Progress&) { return ++checks == 2; });
      found += run.result.stats.solutions;
      cuts += !run.rest.empty();
      // A resumed checkpoint checks each prefix: those of a cut are accepted.
      for (const dlx::Subproblem& rest : run.rest) {
        const double share = dlx::prefix_share(solver, rest.prefix);
        EXPECT_GT(share, 0);
        EXPECT_LE(share, 1);
      }
      work.insert(work.end(), run.rest.begin(), run.rest.end());
    }
    EXPECT_EQ(found, expected);
    if (instance.name == "queens 10") {
      EXPECT_GT(cuts, 0u);
    }
  }
}

TEST(Propagation, ListsAreReadAndNamed) {
  EXPECT_FALSE(dlx::parse_propagation("none").any());
  EXPECT_FALSE(dlx::parse_propagation("").any());
  const Propagation all = dlx::parse_propagation("all");
  EXPECT_TRUE(all.singles && all.implied && all.probe && !all.weighed);
  const Propagation probe = dlx::parse_propagation("probe");
  EXPECT_TRUE(probe.singles && probe.probe && !probe.implied);
  EXPECT_EQ(dlx::propagation_name(all), "singles,implied,probe");
  EXPECT_EQ(dlx::propagation_name(Propagation{}), "none");
  EXPECT_EQ(dlx::propagation_name(dlx::parse_propagation("weighed,singles")), "singles,weighed");
  EXPECT_THROW(dlx::parse_propagation("singles,locked"), std::invalid_argument);
  try {
    dlx::parse_propagation("probes");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'probes'"), std::string::npos);
  }
}

}  // namespace
