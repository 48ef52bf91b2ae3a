// dlx/parallel.hpp: the same counts and the same solutions, in the same order, on any number of
// threads, with searches cut on demand, limits, stops and resumes.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <map>
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

Solutions sequential(const dlx::Matrix& matrix, std::uint64_t limit = 0) {
  Solver solver(matrix);
  solver.set_limits({.solutions = limit});
  Solutions out;
  solver.search([&](std::span<const OptionId> s) {
    out.emplace_back(s.begin(), s.end());
    return true;
  });
  return out;
}

std::vector<Subproblem> prefixes(const dlx::Matrix& matrix, std::uint32_t depth) {
  Solver solver(matrix);
  return dlx::split(solver, depth);
}

// Small checks, so that even the small instances are cut on demand.
dlx::ParallelOptions options(unsigned threads) {
  dlx::ParallelOptions o;
  o.threads = threads;
  o.check_every = 32;
  return o;
}

TEST(SearchParallel, CountsTheSameOnOneTwoAndThreeThreads) {
  for (const instances::Instance& instance : all()) {
    Solver solver(*instance.matrix);
    const std::uint64_t whole = solver.count().stats.solutions;
    for (const unsigned threads : {1u, 2u, 3u})
      for (const std::uint32_t depth : {0u, 1u, 3u}) {
        const dlx::Result r = dlx::search_parallel(
            *instance.matrix, prefixes(*instance.matrix, depth), options(threads));
        EXPECT_EQ(r.outcome, dlx::Outcome::exhausted) << instance.name;
        EXPECT_EQ(r.stats.solutions, whole)
            << instance.name << ", " << threads << " threads, depth " << depth;
      }
  }
}

// On dancing cells (or bits) the prefixes come from that engine's branchings and each thread
// searches on it: the same counts (bounded instances stay on links, as Engine::automatic keeps
// them).
TEST(SearchParallel, CountsTheSameOnCellsAndBits) {
  for (const instances::Instance& instance : all()) {
    for (const dlx::Engine engine : {dlx::Engine::cells, dlx::Engine::bits}) {
      if (instance.matrix->has_bounds()) continue;
      Solver links(*instance.matrix);
      const std::uint64_t whole = links.count().stats.solutions;
      Solver cells(*instance.matrix, engine);
      EXPECT_EQ(cells.count().stats.solutions, whole) << instance.name;
      for (const std::uint32_t depth : {1u, 2u}) {
        std::vector<Subproblem> pieces = dlx::split(cells, depth);
        std::uint64_t sum = 0;
        for (const Subproblem& piece : pieces)
          sum += dlx::count_prefix(cells, piece.prefix).stats.solutions;
        EXPECT_EQ(sum, whole) << instance.name << ", depth " << depth;
        dlx::ParallelOptions o = options(2);
        o.engine = engine;
        const dlx::Result r = dlx::search_parallel(*instance.matrix, std::move(pieces), o);
        EXPECT_EQ(r.stats.solutions, whole) << instance.name << ", depth " << depth;
      }
    }
  }
}

TEST(SearchParallel, HandsOnTheSolutionsInTheOrderOfOneSearch) {
  for (const instances::Instance& instance : all()) {
    const Solutions expected = sequential(*instance.matrix);
    for (const unsigned threads : {1u, 2u, 3u}) {
      Solutions got;
      const dlx::Result r =
          dlx::search_parallel(*instance.matrix, prefixes(*instance.matrix, 1), options(threads),
                               [&](std::span<const OptionId> s) {
                                 got.emplace_back(s.begin(), s.end());
                                 return true;
                               });
      EXPECT_EQ(r.stats.solutions, expected.size()) << instance.name;
      EXPECT_EQ(got, expected) << instance.name << ", " << threads << " threads";
    }
  }
}

TEST(SearchParallel, StopsAtTheSolutionLimitLikeOneSearch) {
  const dlx::Matrix m = instances::queens(8);
  for (const std::uint64_t limit : {1u, 5u, 92u, 200u}) {
    const Solutions expected = sequential(m, limit);
    for (const unsigned threads : {1u, 3u}) {
      dlx::ParallelOptions o = options(threads);
      o.solution_limit = limit;
      Solutions got;
      const dlx::Result shown =
          dlx::search_parallel(m, prefixes(m, 2), o, [&](std::span<const OptionId> s) {
            got.emplace_back(s.begin(), s.end());
            return true;
          });
      EXPECT_EQ(got, expected) << "limit " << limit;
      EXPECT_EQ(shown.stats.solutions, expected.size());
      const dlx::Result counted = dlx::search_parallel(m, prefixes(m, 2), o);
      EXPECT_EQ(counted.stats.solutions, expected.size());
      const auto outcome = limit <= 92 ? dlx::Outcome::solution_limit : dlx::Outcome::exhausted;
      EXPECT_EQ(shown.outcome, outcome);
      EXPECT_EQ(counted.outcome, outcome);
    }
  }
}

TEST(SearchParallel, AVisitorThatSaysStopStopsIt) {
  const dlx::Matrix m = instances::queens(8);
  int seen = 0;
  const dlx::Result r = dlx::search_parallel(m, prefixes(m, 2), options(2),
                                             [&](std::span<const OptionId>) { return ++seen < 3; });
  EXPECT_EQ(r.outcome, dlx::Outcome::stopped);
  EXPECT_EQ(seen, 3);
}

// Runs a count that is stopped after `pieces` pieces, keeping the books as a checkpoint file
// does, then resumes from the prefixes left: the totals agree.
std::uint64_t stopped_and_resumed(const dlx::Matrix& matrix, unsigned threads, int pieces,
                                  std::uint64_t& records) {
  std::map<Prefix, double> pending;
  for (const Subproblem& sub : prefixes(matrix, 2)) pending.emplace(sub.prefix, sub.share);
  std::uint64_t total = 0;
  std::atomic<bool> stop{false};
  // Two runs stopped early, then one to the end.
  for (int round = 0; round < 3 && !pending.empty(); ++round) {
    std::vector<Subproblem> left;
    for (const auto& [prefix, share] : pending) left.push_back({prefix, share});
    dlx::ParallelOptions o = options(threads);
    o.stop = &stop;
    int seen = 0;
    stop = false;
    o.on_piece = [&](const dlx::Piece& piece) {
      EXPECT_EQ(pending.erase(piece.prefix), 1u);
      for (const Subproblem& sub : piece.rest)
        EXPECT_TRUE(pending.emplace(sub.prefix, sub.share).second);
      total += piece.stats.solutions;
      ++records;
      if (++seen >= pieces && round < 2) stop = true;
    };
    dlx::search_parallel(matrix, left, o);
  }
  EXPECT_TRUE(pending.empty());
  return total;
}

TEST(SearchParallel, AStoppedCountResumedFromItsRecordsGivesTheSameTotal) {
  std::uint64_t records = 0;
  for (const char* name : {"queens 9", "langford 8", "colored 3", "pentominoes 3x20"}) {
    for (const instances::Instance& instance : all()) {
      if (instance.name != name) continue;
      Solver solver(*instance.matrix);
      const std::uint64_t whole = solver.count().stats.solutions;
      for (const unsigned threads : {1u, 2u})
        EXPECT_EQ(stopped_and_resumed(*instance.matrix, threads, 3, records), whole)
            << instance.name << ", " << threads << " threads";
    }
  }
  EXPECT_GT(records, 20u);
}

TEST(SearchParallel, ReportsProgress) {
  const dlx::Matrix m = instances::queens(9);
  dlx::ParallelOptions o = options(2);
  o.progress_seconds = 1e-9;
  std::vector<dlx::ParallelProgress> reports;
  o.on_progress = [&](const dlx::ParallelProgress& p) { reports.push_back(p); };
  dlx::search_parallel(m, prefixes(m, 1), o);
  ASSERT_FALSE(reports.empty());
  for (const dlx::ParallelProgress& p : reports) {
    EXPECT_LE(p.prefixes_done, p.prefixes_total);
    EXPECT_LE(p.solutions, 352u);
    EXPECT_GE(p.fraction, 0.0);
    EXPECT_LE(p.fraction, 1.0);
  }
}

TEST(SearchParallel, NothingToSearchIsNoSolution) {
  const dlx::Matrix m = instances::from_text("a b c\na b\nb c\n");
  const dlx::Result r = dlx::search_parallel(m, prefixes(m, 2), options(2));
  EXPECT_EQ(r.outcome, dlx::Outcome::exhausted);
  EXPECT_EQ(r.stats.solutions, 0u);
}

}  // namespace
