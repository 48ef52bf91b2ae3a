// The search of matrices with bounds (Algorithm M, as Knuth's DLX3 runs it).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/parallel.hpp"
#include "dlx/reader.hpp"
#include "dlx/solver.hpp"
#include "dlx/split.hpp"

namespace {

using dlx::Bounds;
using dlx::Entry;
using dlx::ItemId;
using dlx::ItemKind;
using dlx::Matrix;
using dlx::OptionId;
using dlx::Solver;

using Solution = std::vector<OptionId>;  // option ids in increasing order

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot open " << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every solution, by trying every subset of the options: each primary item in [lo, hi] of them,
// each secondary item in at most one, or in any number that all give it the same color.
std::set<Solution> brute_force(const Matrix& m) {
  const std::size_t options = m.option_count();
  std::set<Solution> out;
  for (std::uint32_t subset = 0; subset < (1U << options); ++subset) {
    std::vector<int> count(m.item_count(), 0), plain(m.item_count(), 0);
    std::vector<std::set<int>> colors(m.item_count());
    Solution chosen;
    for (std::size_t o = 0; o < options; ++o) {
      if ((subset >> o & 1U) == 0) continue;
      chosen.push_back(static_cast<OptionId>(o));
      for (const Entry& e : m.option(static_cast<OptionId>(o))) {
        const auto i = static_cast<std::size_t>(e.item);
        ++count[i];
        if (e.color == 0)
          ++plain[i];
        else
          colors[i].insert(e.color);
      }
    }
    bool ok = true;
    for (std::size_t i = 0; i < m.item_count() && ok; ++i) {
      const auto item = static_cast<ItemId>(i);
      if (m.item_kind(item) == ItemKind::primary) {
        ok = count[i] >= m.bounds(item).lo && count[i] <= m.bounds(item).hi;
      } else {
        ok = (plain[i] == 0 && colors[i].size() <= 1) || (plain[i] == 1 && colors[i].empty());
      }
    }
    if (ok) out.insert(chosen);
  }
  return out;
}

std::vector<Solution> solutions_of(Solver& solver) {
  std::vector<Solution> out;
  solver.search([&](std::span<const OptionId> s) {
    Solution sorted(s.begin(), s.end());
    std::sort(sorted.begin(), sorted.end());
    out.push_back(sorted);
    return true;
  });
  return out;
}

// A name made of a letter and a number, built without operator+ (which sets off a false
// -Wrestrict in GCC 12).
std::string name(char letter, int number) {
  std::string text(1, letter);
  text += std::to_string(number);
  return text;
}

// A small random problem with bounds on some primary items and colors on some secondary ones.
Matrix random_problem(std::mt19937& rng) {
  const auto pick = [&rng](int lo, int hi) { return std::uniform_int_distribution<>(lo, hi)(rng); };
  Matrix m;
  const int primaries = pick(1, 5), secondaries = pick(0, 3);
  for (int i = 0; i < primaries; ++i) {
    const int lo = pick(0, 2);
    m.add_item(name('p', i), Bounds{lo, pick(std::max(lo, 1), 3)});
  }
  for (int i = 0; i < secondaries; ++i) m.add_item(name('s', i), ItemKind::secondary);
  const int options = pick(1, 12);
  for (int o = 0; o < options; ++o) {
    std::vector<Entry> entries;
    for (int i = 0; i < primaries + secondaries; ++i) {
      if (pick(0, 2) != 0) continue;
      entries.push_back({i, i >= primaries ? pick(0, 2) : 0});
    }
    if (entries.empty()) entries.push_back({pick(0, primaries - 1), 0});
    std::shuffle(entries.begin(), entries.end(), rng);
    m.add_option(entries);
  }
  return m;
}

// n x n 0/1 matrices whose rows and columns all sum to 2: rows and columns 2|, a cell an option.
Matrix two_per_line(int n) {
  Matrix m;
  for (int i = 0; i < n; ++i) m.add_item(name('r', i), Bounds{2, 2});
  for (int j = 0; j < n; ++j) m.add_item(name('c', j), Bounds{2, 2});
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const Entry cell[] = {{i, 0}, {n + j, 0}};
      m.add_option(cell);
    }
  return m;
}

TEST(Multiplicities, AgreesWithBruteForceOnRandomProblems) {
  std::mt19937 rng(20261201);
  int with_solutions = 0;
  for (int round = 0; round < 400; ++round) {
    const Matrix m = random_problem(rng);
    if (!m.has_bounds()) continue;
    SCOPED_TRACE("round " + std::to_string(round));
    Solver solver(m);
    const std::vector<Solution> found = solutions_of(solver);
    const std::set<Solution> distinct(found.begin(), found.end());
    EXPECT_EQ(distinct.size(), found.size()) << "a solution was found twice";
    EXPECT_EQ(distinct, brute_force(m));
    EXPECT_EQ(solver.count().stats.solutions, found.size());
    with_solutions += !found.empty();
  }
  EXPECT_GT(with_solutions, 50);
}

// OEIS A001499: 1, 0, 1, 6, 90, 2040, 67950 for n = 0, 1, ...
TEST(Multiplicities, CountsMatricesWithTwoOnesInEveryRowAndColumn) {
  const std::uint64_t known[] = {0, 0, 1, 6, 90, 2040};
  for (int n = 1; n <= 5; ++n) {
    const Matrix m = two_per_line(n);
    Solver solver(m);
    EXPECT_EQ(solver.count().stats.solutions, known[n]) << "n = " << n;
  }
}

// The figures that Knuth's DLX3 prints for the files of tests/data/dlx3-*.dlx, recorded in each
// file's second line ("| dlx3: S solutions, N nodes, U updates").
TEST(Multiplicities, MakesDlx3sNodesAndUpdates) {
  for (const char* name :
       {"dlx3-colors.dlx", "dlx3-rooks5.dlx", "dlx3-langford-gap.dlx", "dlx3-rooks-colors.dlx"}) {
    SCOPED_TRACE(name);
    const std::string text = read_file(std::string(TEST_DATA_DIR "/") + name);
    const std::size_t at = text.find("| dlx3: ");
    ASSERT_NE(at, std::string::npos);
    std::istringstream figures(text.substr(at + 8));
    std::uint64_t solutions = 0, nodes = 0, updates = 0;
    std::string word;
    figures >> solutions >> word >> nodes >> word >> updates;
    const dlx::Problem problem = dlx::read_problem(text);
    ASSERT_TRUE(problem.matrix.has_bounds());
    Solver solver(problem.matrix);
    const dlx::Result r = solver.count();
    EXPECT_EQ(r.outcome, dlx::Outcome::exhausted);
    EXPECT_EQ(r.stats.solutions, solutions);
    EXPECT_EQ(r.stats.nodes, nodes);
    EXPECT_EQ(r.stats.updates, updates);
    std::uint64_t profiled = 0;
    for (const std::uint64_t n : solver.profile()) profiled += n;
    EXPECT_EQ(profiled, nodes);
    EXPECT_EQ(solver.count().stats.updates, updates) << "a second search differs";
  }
}

TEST(Multiplicities, KnuthsExampleHasItsOneSolution) {
  const dlx::Problem p = dlx::read_problem(read_file(TEST_DATA_DIR "/dlx3-colors.dlx"));
  Solver solver(p.matrix);
  const Solution first = solver.first();
  std::vector<std::string> options;
  for (const OptionId o : first) options.push_back(dlx::format_option(p, o));
  EXPECT_EQ(options, (std::vector<std::string>{"A C X:1 Y:1", "B X:1", "C Y:1"}));
}

TEST(Multiplicities, LimitsBudgetsAndTheStopFlagEndTheSearchAndLeaveTheLinksIntact) {
  const Matrix m = two_per_line(5);
  Solver solver(m);
  const dlx::Result whole = solver.count();
  solver.set_limits({.solutions = 7});
  dlx::Result r = solver.count();
  EXPECT_EQ(r.outcome, dlx::Outcome::solution_limit);
  EXPECT_EQ(r.stats.solutions, 7U);
  solver.set_limits({.nodes = 100});
  r = solver.count();
  EXPECT_EQ(r.outcome, dlx::Outcome::node_limit);
  EXPECT_EQ(r.stats.nodes, 100U);
  solver.set_limits({.updates = 500});
  r = solver.count();
  EXPECT_EQ(r.outcome, dlx::Outcome::update_limit);
  EXPECT_GE(r.stats.updates, 500U);
  solver.set_limits({});
  std::uint64_t seen = 0;
  r = solver.search([&](std::span<const OptionId>) { return ++seen < 3; });
  EXPECT_EQ(r.outcome, dlx::Outcome::stopped);
  EXPECT_EQ(seen, 3U);
  std::atomic<bool> stop{true};
  solver.set_stop_flag(&stop);
  EXPECT_EQ(solver.count().outcome, dlx::Outcome::stopped);
  solver.set_stop_flag(nullptr);
  EXPECT_THROW(
      solver.search([](std::span<const OptionId>) -> bool { throw std::runtime_error("x"); }),
      std::runtime_error);
  const dlx::Result again = solver.count();
  EXPECT_EQ(again.stats.solutions, whole.stats.solutions);
  EXPECT_EQ(again.stats.nodes, whole.stats.nodes);
  EXPECT_EQ(again.stats.updates, whole.stats.updates);
}

TEST(Multiplicities, ProgressReportsAPathAndAGrowingEstimate) {
  const Matrix m = two_per_line(5);
  Solver solver(m);
  double last = 0;
  int calls = 0;
  solver.set_progress(1000, [&](const dlx::Progress& p) {
    EXPECT_GE(p.fraction, last);
    EXPECT_LT(p.fraction, 1.0);
    for (const dlx::PathStep& s : p.path) EXPECT_LE(s.k, s.d);
    last = p.fraction;
    ++calls;
  });
  EXPECT_EQ(solver.count().stats.solutions, 2040U);
  EXPECT_GT(calls, 5);
}

TEST(Multiplicities, SeedsChangeTheOrderNotTheSolutions) {
  std::mt19937 rng(7);
  for (int round = 0; round < 60; ++round) {
    const Matrix m = random_problem(rng);
    if (!m.has_bounds()) continue;
    Solver plain(m), seeded(m);
    seeded.set_seed(99);
    std::vector<Solution> a = solutions_of(plain), b = solutions_of(seeded);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b);
  }
  const Matrix m = two_per_line(5);
  Solver one(m), two(m);
  one.set_seed(5);
  two.set_seed(5);
  EXPECT_EQ(one.count().stats.nodes, two.count().stats.nodes);
}

// Forcing an option, or loading a base, gives the solutions of the whole problem that contain it.
TEST(Multiplicities, ForcedOptionsAndLoadKeepTheSolutionsThatContainThem) {
  std::mt19937 rng(11);
  for (int round = 0; round < 150; ++round) {
    const Matrix m = random_problem(rng);
    if (!m.has_bounds() || m.option_count() == 0) continue;
    SCOPED_TRACE("round " + std::to_string(round));
    const std::set<Solution> all = brute_force(m);
    Solver solver(m);
    const auto o = static_cast<OptionId>(round % static_cast<int>(m.option_count()));
    std::set<Solution> expected;
    for (const Solution& s : all)
      if (std::find(s.begin(), s.end(), o) != s.end()) expected.insert(s);
    if (solver.force(o)) {
      const std::vector<Solution> found = solutions_of(solver);
      EXPECT_EQ(std::set<Solution>(found.begin(), found.end()), expected);
      EXPECT_EQ(solver.forced().size(), 1U);
      solver.release();
    } else {
      EXPECT_TRUE(expected.empty());
    }
    EXPECT_EQ(solver.count().stats.solutions, all.size());

    // load: the options other than o, with o as the base.
    std::vector<OptionId> keep;
    for (OptionId k = 0; k < static_cast<OptionId>(m.option_count()); ++k)
      if (k != o) keep.push_back(k);
    const OptionId base[] = {o};
    try {
      solver.load(keep, base);
      const std::vector<Solution> found = solutions_of(solver);
      EXPECT_EQ(std::set<Solution>(found.begin(), found.end()), expected);
    } catch (const std::invalid_argument&) {
      // o clashes with an option kept: the base is refused, and nothing changed
    }
    solver.load_all();
    EXPECT_EQ(solver.count().stats.solutions, all.size());
  }
}

// The solutions of a search below a prefix, in the order found (each sorted).
std::vector<Solution> solutions_below(Solver& solver, std::span<const OptionId> prefix) {
  std::vector<Solution> out;
  dlx::search_prefix(solver, prefix, [&](std::span<const OptionId> s) {
    Solution sorted(s.begin(), s.end());
    std::sort(sorted.begin(), sorted.end());
    out.push_back(sorted);
    return true;
  });
  return out;
}

std::vector<Matrix> random_bounded_problems(std::uint32_t seed, int rounds) {
  std::mt19937 rng(seed);
  std::vector<Matrix> out;
  for (int round = 0; round < rounds; ++round) {
    Matrix m = random_problem(rng);
    if (m.has_bounds()) out.push_back(std::move(m));
  }
  out.push_back(two_per_line(4));
  return out;
}

// The prefixes of one depth partition Algorithm M's tree: below them in turn are the solutions
// of one search, in its order, and their nodes with those above them are its nodes.
TEST(Multiplicities, SplitPrefixesPartitionTheSearchTree) {
  int split_somewhere = 0;
  for (const Matrix& m : random_bounded_problems(20261202, 300)) {
    Solver solver(m);
    const std::vector<Solution> expected = solutions_of(solver);
    const dlx::Result whole = solver.count();
    const std::vector<std::uint64_t> profile(solver.profile().begin(), solver.profile().end());
    for (const std::uint32_t depth : {1u, 2u, 3u}) {
      SCOPED_TRACE("depth " + std::to_string(depth));
      const std::vector<dlx::Subproblem> parts = dlx::split(solver, depth);
      std::vector<Solution> found;
      std::uint64_t nodes = 0;
      double shares = 0;
      for (const dlx::Subproblem& part : parts) {
        const std::vector<Solution> below = solutions_below(solver, part.prefix);
        found.insert(found.end(), below.begin(), below.end());
        const dlx::Result r = dlx::count_prefix(solver, part.prefix);
        EXPECT_EQ(r.stats.solutions, below.size());
        nodes += r.stats.nodes;
        shares += part.share;
        EXPECT_DOUBLE_EQ(part.share, dlx::prefix_share(solver, part.prefix));
      }
      EXPECT_EQ(found, expected);
      // Each part's root is a node at most `depth` deep; the other nodes that deep or less are
      // above the parts or dead ends left out.
      std::uint64_t top = 0;
      for (std::uint32_t d = 0; d <= depth && d < profile.size(); ++d) top += profile[d];
      EXPECT_EQ(nodes + top - parts.size(), whole.stats.nodes);
      EXPECT_LE(shares, 1 + 1e-9);
      EXPECT_TRUE(std::is_sorted(
          parts.begin(), parts.end(),
          [](const dlx::Subproblem& a, const dlx::Subproblem& b) { return a.prefix < b.prefix; }));
      split_somewhere += parts.size() > 1;
      EXPECT_TRUE(solver.entered().empty());
      EXPECT_EQ(solver.count().stats.nodes, whole.stats.nodes);
    }
  }
  EXPECT_GT(split_somewhere, 100);
}

TEST(Multiplicities, NullMovesArePrefixesOfTheirOwn) {
  // One item taking 0 to 2 of two options: the moves are option 0, option 1 and the null move.
  Matrix m;
  m.add_item("a", Bounds{0, 2});
  const Entry a[] = {{0, 0}};
  m.add_option(a);
  m.add_option(a);
  Solver solver(m);
  const dlx::Branch moves = solver.next_moves();
  EXPECT_EQ(moves.options, (std::vector<OptionId>{0, 1, dlx::null_move}));
  EXPECT_EQ(solver.count().stats.solutions, 4u);  // {}, {0}, {1}, {0 1}
  std::uint64_t solutions = 0;
  for (const dlx::Subproblem& part : dlx::split(solver, 3))
    solutions += dlx::count_prefix(solver, part.prefix).stats.solutions;
  EXPECT_EQ(solutions, 4u);
  EXPECT_EQ(dlx::count_prefix(solver, std::vector<OptionId>{dlx::null_move}).stats.solutions, 1u);
  // Below option 1, option 0 was tried first: {1} alone.
  EXPECT_EQ(dlx::count_prefix(solver, std::vector<OptionId>{1}).stats.solutions, 1u);
  EXPECT_THROW(dlx::prefix_share(solver, std::vector<OptionId>{dlx::null_move, 0}),
               std::invalid_argument);
  EXPECT_TRUE(solver.enter(1));
  EXPECT_THROW(solver.force(0), std::logic_error);
  solver.release();
  EXPECT_TRUE(solver.entered().empty());
  EXPECT_EQ(solver.count().stats.solutions, 4u);
}

// A search cut at any check has seen exactly the solutions before the cut; its rest holds the
// others, and the nodes of the part searched and of the rest are those of the whole search.
TEST(Multiplicities, ASearchCutAnywhereAndItsRestAreTheWholeSearch) {
  int cuts = 0;
  for (const Matrix& m : random_bounded_problems(20261203, 200)) {
    Solver solver(m);
    const std::vector<Solution> expected = solutions_of(solver);
    const dlx::Result whole = solver.count();
    for (const int at : {1, 2, 5}) {
      int checks = 0;
      std::vector<Solution> found;
      const dlx::Visitor keep = [&](std::span<const OptionId> s) {
        Solution sorted(s.begin(), s.end());
        std::sort(sorted.begin(), sorted.end());
        found.push_back(sorted);
        return true;
      };
      const dlx::PrefixRun run = dlx::search_or_cut(
          solver, {}, keep, 1, [&](const dlx::Progress&) { return ++checks == at; });
      std::uint64_t nodes = run.result.stats.nodes;
      for (const dlx::Subproblem& rest : run.rest) {
        const std::vector<Solution> below = solutions_below(solver, rest.prefix);
        found.insert(found.end(), below.begin(), below.end());
        nodes += dlx::count_prefix(solver, rest.prefix).stats.nodes;
      }
      cuts += !run.rest.empty();
      EXPECT_EQ(found, expected);
      EXPECT_EQ(nodes, whole.stats.nodes);
      EXPECT_EQ(solver.count().stats.nodes, whole.stats.nodes);  // the links are intact
    }
  }
  EXPECT_GT(cuts, 50);
}

// Threads share out the prefixes and cut one another's searches: the same solutions in the same
// order as one search, and the nodes of the pieces.
TEST(Multiplicities, ParallelSearchesFindTheSolutionsOfOneSearchInOrder) {
  std::vector<Matrix> problems = random_bounded_problems(20261204, 60);
  problems.push_back(two_per_line(5));
  for (const Matrix& m : problems) {
    Solver solver(m);
    const dlx::Result whole = solver.count();
    std::vector<Solution> expected;
    solver.search([&](std::span<const OptionId> s) {
      expected.emplace_back(s.begin(), s.end());
      return true;
    });
    for (const std::uint32_t depth : {1u, 2u, 3u}) {
      const std::vector<dlx::Subproblem> parts = dlx::split(solver, depth);
      std::uint64_t part_nodes = 0;
      for (const dlx::Subproblem& part : parts)
        part_nodes += dlx::count_prefix(solver, part.prefix).stats.nodes;
      for (const unsigned threads : {2u, 3u}) {
        dlx::ParallelOptions options;
        options.threads = threads;
        options.check_every = 16;
        const dlx::Result counted = dlx::search_parallel(m, parts, options);
        EXPECT_EQ(counted.stats.solutions, whole.stats.solutions);
        EXPECT_EQ(counted.stats.nodes, part_nodes);
        std::vector<Solution> found;
        dlx::search_parallel(m, parts, options, [&](std::span<const OptionId> s) {
          found.emplace_back(s.begin(), s.end());
          return true;
        });
        EXPECT_EQ(found, expected);
      }
    }
  }
}

}  // namespace
