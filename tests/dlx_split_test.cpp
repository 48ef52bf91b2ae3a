// dlx/split.hpp: prefixes of the search tree, and searching below them, whole or cut.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"
#include "dlx/split.hpp"
#include "dlx_instances.hpp"

namespace {

using dlx::OptionId;
using dlx::Prefix;
using dlx::Solver;
using dlx::Subproblem;
using Solutions = std::vector<std::vector<OptionId>>;

const std::vector<instances::Instance>& all() {
  static const std::vector<instances::Instance> list = instances::all(TEST_DATA_DIR, EXAMPLES_DIR);
  return list;
}

Solutions sequential(const dlx::Matrix& matrix) {
  Solver solver(matrix);
  Solutions out;
  solver.search([&](std::span<const OptionId> s) {
    out.emplace_back(s.begin(), s.end());
    return true;
  });
  return out;
}

Solutions below(Solver& solver, const Prefix& prefix) {
  Solutions out;
  dlx::search_prefix(solver, prefix, [&](std::span<const OptionId> s) {
    out.emplace_back(s.begin(), s.end());
    return true;
  });
  return out;
}

TEST(NextBranch, IsTheItemWithFewestOptionsAndItsOptionsInOrder) {
  // Knuth's example: a, b, c, e, f have 2 options, d and g 3; the leftmost of the fewest is a.
  const dlx::Matrix m =
      instances::from_text("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n");
  Solver solver(m);
  const dlx::Branch root = solver.next_branch();
  EXPECT_EQ(root.item, m.find_item("a"));
  EXPECT_EQ(root.options, (std::vector<OptionId>{1, 3}));
  ASSERT_TRUE(solver.force(3));  // a d f
  const dlx::Branch next = solver.next_branch();
  EXPECT_EQ(next.item, m.find_item("b"));
  EXPECT_EQ(next.options, (std::vector<OptionId>{4}));
  ASSERT_TRUE(solver.force(4));              // b g
  ASSERT_TRUE(solver.force(0));              // c e
  EXPECT_EQ(solver.next_branch().item, -1);  // a solution: no primary item left
  solver.release();
  EXPECT_EQ(solver.count().stats.solutions, 1u);
}

// Primary and secondary items declared in any order: the branch names the matrix's item, ties go
// to the primary item declared first, and covered items are passed over.
TEST(NextBranch, NamesTheMatrixItemWhenKindsAreInterleaved) {
  dlx::Matrix m;
  m.add_item("x", dlx::ItemKind::secondary);  // 0
  const dlx::ItemId b = m.add_item("b");
  m.add_item("y", dlx::ItemKind::secondary);  // 2
  m.add_item("a");
  const dlx::ItemId c = m.add_item("c");
  m.add_option({"a", "x"});       // 0
  m.add_option({"b", "y"});       // 1
  m.add_option({"a", "b", "x"});  // 2
  m.add_option({"c"});            // 3
  m.add_option({"c", "y"});       // 4
  Solver solver(m);
  const dlx::Branch root = solver.next_branch();
  EXPECT_EQ(root.item, b);  // a, b and c have 2 options each; b was declared first
  EXPECT_EQ(root.options, (std::vector<OptionId>{1, 2}));
  ASSERT_TRUE(solver.force(0));  // a x: option 2 goes, b keeps option 1
  const dlx::Branch next = solver.next_branch();
  EXPECT_EQ(next.item, b);
  EXPECT_EQ(next.options, (std::vector<OptionId>{1}));
  ASSERT_TRUE(solver.force(1));  // b y: option 4 goes, c keeps option 3
  EXPECT_EQ(solver.next_branch().item, c);
  EXPECT_FALSE(solver.force(2));  // a is covered
  ASSERT_TRUE(solver.force(3));
  EXPECT_EQ(solver.next_branch().item, -1);
  solver.release();
  EXPECT_EQ(solver.next_branch().item, b);
  EXPECT_EQ(solver.count().stats.solutions, 3u);  // {0 1 3}, {2 3}, {2 4}
}

TEST(Split, CountsOverThePrefixesAddUpToTheWholeCount) {
  for (const instances::Instance& instance : all()) {
    Solver solver(*instance.matrix);
    const std::uint64_t whole = solver.count().stats.solutions;
    if (instance.solutions >= 0) {
      EXPECT_EQ(whole, static_cast<std::uint64_t>(instance.solutions)) << instance.name;
    }
    for (const std::uint32_t depth : {0u, 1u, 2u, 3u, 5u, 40u}) {
      if (depth == 40 && instance.name == "pentominoes 3x20") continue;  // every leaf: too slow
      const std::vector<Subproblem> prefixes = dlx::split(solver, depth);
      std::uint64_t sum = 0;
      double shares = 0;
      for (const Subproblem& sub : prefixes) {
        EXPECT_LE(sub.prefix.size(), depth) << instance.name;
        const dlx::Result r = dlx::count_prefix(solver, sub.prefix);
        EXPECT_FALSE(dlx::stopped_early(r.outcome));
        sum += r.stats.solutions;
        shares += sub.share;
        if (depth <= 3) {
          EXPECT_DOUBLE_EQ(sub.share, dlx::prefix_share(solver, sub.prefix)) << instance.name;
        }
      }
      EXPECT_EQ(sum, whole) << instance.name << " at depth " << depth;
      EXPECT_LE(shares, 1 + 1e-9) << instance.name;
      EXPECT_TRUE(std::is_sorted(
          prefixes.begin(), prefixes.end(),
          [](const Subproblem& a, const Subproblem& b) { return a.prefix < b.prefix; }))
          << instance.name;
      // The solver is left as it was.
      EXPECT_TRUE(solver.forced().empty());
      EXPECT_EQ(solver.count().stats.solutions, whole) << instance.name;
    }
  }
}

TEST(Split, SolutionsBelowThePrefixesInTurnAreThoseOfOneSearchInOrder) {
  for (const instances::Instance& instance : all()) {
    const Solutions expected = sequential(*instance.matrix);
    Solver solver(*instance.matrix);
    for (const std::uint32_t depth : {1u, 2u, 4u}) {
      Solutions got;
      for (const Subproblem& sub : dlx::split(solver, depth)) {
        const Solutions part = below(solver, sub.prefix);
        for (const auto& s : part)
          EXPECT_TRUE(std::equal(sub.prefix.begin(), sub.prefix.end(), s.begin()));
        got.insert(got.end(), part.begin(), part.end());
      }
      EXPECT_EQ(got, expected) << instance.name << " at depth " << depth;
    }
  }
}

TEST(Split, ASolutionAboveTheDepthIsAPrefixOfItsOwn) {
  const dlx::Matrix m = instances::from_text("a b c d\na b c d\na b\nc d\na\nb\nc\n");
  Solver solver(m);
  const std::vector<Subproblem> prefixes = dlx::split(solver, 3);
  ASSERT_FALSE(prefixes.empty());
  EXPECT_EQ(prefixes.front().prefix, Prefix{0});  // "a b c d" alone
  EXPECT_EQ(dlx::count_prefix(solver, prefixes.front().prefix).stats.solutions, 1u);
}

TEST(Split, DeadEndsAreLeftOut) {
  // b's only option clashes with a's: nothing below the root.
  const dlx::Matrix m = instances::from_text("a b\na b\na\n");
  Solver solver(m);
  EXPECT_EQ(solver.count().stats.solutions, 1u);
  // a's one option leaves c none: the root is the only prefix, and a dead end below it.
  const dlx::Matrix none = instances::from_text("a b c\na b\nb c\n");
  Solver empty(none);
  EXPECT_EQ(dlx::split(empty, 0).size(), 1u);
  for (const std::uint32_t depth : {1u, 2u}) EXPECT_TRUE(dlx::split(empty, depth).empty());
}

TEST(Split, AtLeastGoesDeepEnoughForTheCountAsked) {
  Solver solver(*all()[7].matrix);  // queens 8
  ASSERT_EQ(all()[7].name, "queens 8");
  EXPECT_EQ(dlx::split_at_least(solver, 1).size(), 1u);
  EXPECT_GE(dlx::split_at_least(solver, 50).size(), 50u);
  EXPECT_LT(dlx::split(solver, 2).size(), 50u);
  EXPECT_EQ(dlx::split_at_least(solver, 50).size(), dlx::split(solver, 3).size());
  // A tree too small stops at its leaves.
  const dlx::Matrix small = instances::from_text("a b\na\nb\n");
  Solver tiny(small);
  EXPECT_EQ(dlx::split_at_least(tiny, 100).size(), 1u);
}

TEST(Split, ForWorkersGivesSixteenEachAndAtLeastSixtyFour) {
  Solver solver(*all()[7].matrix);  // queens 8
  EXPECT_EQ(dlx::split_for_workers(solver, 1).size(), dlx::split_at_least(solver, 64).size());
  EXPECT_EQ(dlx::split_for_workers(solver, 2).size(), dlx::split_at_least(solver, 64).size());
  EXPECT_EQ(dlx::split_for_workers(solver, 8).size(), dlx::split_at_least(solver, 128).size());
  EXPECT_GE(dlx::split_for_workers(solver, 8).size(), 128u);
}

TEST(Split, KeepsTheSolversForcedOptions) {
  const dlx::Matrix m = instances::queens(6);
  Solver solver(m);
  ASSERT_TRUE(solver.force(1));  // r0 c1
  const std::uint64_t whole = solver.count().stats.solutions;
  std::uint64_t sum = 0;
  for (const Subproblem& sub : dlx::split(solver, 2))
    sum += dlx::count_prefix(solver, sub.prefix).stats.solutions;
  EXPECT_EQ(sum, whole);
  EXPECT_EQ(solver.forced().size(), 1u);
}

TEST(PrefixShare, RejectsAnOptionTheSearchWouldNotChoose) {
  const dlx::Matrix m = instances::queens(5);
  Solver solver(m);
  const std::vector<Subproblem> prefixes = dlx::split(solver, 1);
  ASSERT_FALSE(prefixes.empty());
  const OptionId last = static_cast<OptionId>(m.option_count() - 1);  // r4 c4, on no first branch
  EXPECT_THROW(dlx::prefix_share(solver, Prefix{last}), std::invalid_argument);
  EXPECT_THROW(dlx::search_prefix(solver, Prefix{0, 1}, nullptr),
               std::invalid_argument);  // same row
  EXPECT_TRUE(solver.forced().empty());
}

// Searches every prefix, cutting each search at its `every`-th check, and the rest likewise.
Solutions cut_everything(Solver& solver, std::vector<Subproblem> work, int every,
                         std::uint64_t& cuts) {
  Solutions out;
  while (!work.empty()) {
    const Subproblem sub = work.front();
    work.erase(work.begin());
    int checks = 0;
    Solutions part;
    const dlx::PrefixRun run = dlx::search_or_cut(
        solver, sub.prefix,
        [&](std::span<const OptionId> s) {
          part.emplace_back(s.begin(), s.end());
          return true;
        },
        16, [&](const dlx::Progress&) { return ++checks % every == 0; });
    EXPECT_EQ(run.result.stats.solutions, part.size());
    out.insert(out.end(), part.begin(), part.end());
    if (!run.rest.empty()) {
      ++cuts;
      EXPECT_EQ(run.result.outcome, dlx::Outcome::stopped);
      double share = 0;
      for (const Subproblem& r : run.rest) {
        EXPECT_TRUE(std::equal(sub.prefix.begin(), sub.prefix.end(), r.prefix.begin()));
        EXPECT_GT(r.prefix.size(), sub.prefix.size());
        share += r.share;
      }
      EXPECT_LE(share, 1 + 1e-9);
      work.insert(work.begin(), run.rest.begin(), run.rest.end());
    }
  }
  return out;
}

TEST(SearchOrCut, TheSolutionsBeforeACutAndThoseOfTheRestAreTheWholeInOrder) {
  std::uint64_t cuts = 0;
  for (const instances::Instance& instance : all()) {
    if (instance.name == "pentominoes 3x20") continue;  // too slow cut this finely
    const Solutions expected = sequential(*instance.matrix);
    Solver solver(*instance.matrix);
    for (const int every : {1, 3}) {
      EXPECT_EQ(cut_everything(solver, {{}}, every, cuts), expected) << instance.name;
      EXPECT_EQ(cut_everything(solver, dlx::split(solver, 1), every, cuts), expected)
          << instance.name;
    }
    EXPECT_TRUE(solver.forced().empty());
  }
  EXPECT_GT(cuts, 100u);  // the instances are big enough to be cut often
}

TEST(Ledger, ReleasesSolutionsInSearchOrderWhateverOrderPiecesFinishIn) {
  dlx::Ledger ledger({{{1}, 0.5}, {{2}, 0.25}, {{3}, 0.25}}, true);
  std::vector<OptionId> seen;
  const dlx::Visitor visit = [&](std::span<const OptionId> s) {
    seen.insert(seen.end(), s.begin(), s.end());
    return true;
  };
  const auto a = ledger.take(), b = ledger.take(), c = ledger.take();
  ASSERT_TRUE(a && b && c);
  EXPECT_EQ(a->prefix, Prefix{1});
  EXPECT_FALSE(ledger.take());
  // The third finishes first: nothing is released yet.
  ledger.finish({{3}, {.solutions = 1}, {3, 30}, {2}, {}});
  EXPECT_TRUE(ledger.release(visit));
  EXPECT_TRUE(seen.empty());
  // The first is cut: its solutions so far come out; the rest waits between it and the second.
  ledger.finish({{1}, {.solutions = 1}, {1, 10}, {2}, {{{1, 11}, 0.2}, {{1, 12}, 0.1}}});
  EXPECT_TRUE(ledger.release(visit));
  EXPECT_EQ(seen, (std::vector<OptionId>{1, 10}));
  EXPECT_EQ(ledger.waiting(), 2u);
  EXPECT_EQ(ledger.progress().prefixes_total, 5u);
  ledger.finish({{2}, {.solutions = 1}, {2, 20}, {2}, {}});
  EXPECT_TRUE(ledger.release(visit));
  EXPECT_EQ(seen.size(), 2u);
  const auto d = ledger.take(), e = ledger.take();
  ASSERT_TRUE(d && e);
  ledger.finish({e->prefix, {.solutions = 1}, {1, 12, 5}, {3}, {}});
  ledger.finish({d->prefix, {.solutions = 0}, {}, {}, {}});
  EXPECT_TRUE(ledger.release(visit));
  EXPECT_EQ(seen, (std::vector<OptionId>{1, 10, 1, 12, 5, 2, 20, 3, 30}));
  EXPECT_TRUE(ledger.finished());
  EXPECT_EQ(ledger.stats().solutions, 4u);
  EXPECT_NEAR(ledger.progress().fraction, 1.0, 1e-9);
}

}  // namespace
