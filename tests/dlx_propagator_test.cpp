// A constraint of the user's inside the search (dlx/propagator.hpp): Latin squares whose main
// diagonal sums to S, a constraint exact cover cannot say, counted with a propagator that prunes
// at every node and with one that only refuses complete squares, against a brute force over the
// squares; refusals, exceptions, the engines and matrices that refuse a propagator, and
// SearchNode::open against a check of the chosen options.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "dlx/reader.hpp"
#include "dlx/solver.hpp"
#include "test_share.hpp"

namespace {

using dlx::OptionId;
using dlx::SearchNode;
using dlx::Solver;

// Latin squares of order n as exact cover: items p(r,c), r(r,v), c(c,v), all primary; option
// (r * n + c) * n + v puts symbol v + 1 in cell (r, c).
dlx::Matrix latin(int n) {
  dlx::Matrix m;
  for (const char* kind : {"p", "r", "c"})
    for (int i = 0; i < n * n; ++i) m.add_item(std::string(kind) + std::to_string(i));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int v = 0; v < n; ++v) {
        const dlx::Entry entries[] = {{r * n + c}, {n * n + r * n + v}, {2 * n * n + c * n + v}};
        m.add_option(entries);
      }
  return m;
}

struct Cell {
  int row, column, symbol;  // symbol from 1
};
Cell cell(int n, OptionId option) {
  return {option / (n * n), option / n % n, option % n + 1};
}

// The Latin squares of order n counted by the sum of their main diagonal, by brute force: every
// permutation of the symbols for each row in turn, kept when no column repeats a symbol.
std::map<int, std::uint64_t> brute_force(int n) {
  std::vector<int> row(static_cast<std::size_t>(n));
  std::iota(row.begin(), row.end(), 1);
  std::vector<std::vector<int>> rows;
  do {
    rows.push_back(row);
  } while (std::next_permutation(row.begin(), row.end()));
  std::map<int, std::uint64_t> by_sum;
  std::vector<const std::vector<int>*> square;
  const std::function<void(int)> extend = [&](int sum) {
    const auto r = square.size();
    if (r == static_cast<std::size_t>(n)) {
      ++by_sum[sum];
      return;
    }
    for (const std::vector<int>& candidate : rows) {
      bool fits = true;
      for (std::size_t above = 0; above < r && fits; ++above)
        for (std::size_t c = 0; c < candidate.size() && fits; ++c)
          fits = (*square[above])[c] != candidate[c];
      if (!fits) continue;
      square.push_back(&candidate);
      extend(sum + candidate[r]);
      square.pop_back();
    }
  };
  extend(0);
  return by_sum;
}

// "The main diagonal sums to S", pruning: each diagonal cell not yet filled may still take the
// symbols of its open options, so the sum lies between the least and the greatest they allow;
// a node outside that range is refused, and a symbol that would push the sum out of it is removed.
class DiagonalSum : public dlx::Propagator {
 public:
  DiagonalSum(int n, int sum) : n_(n), sum_(sum) {}
  bool propagate(const SearchNode& node, std::vector<OptionId>& out) override {
    ++calls;
    std::vector<int> fixed(static_cast<std::size_t>(n_), 0);
    for (const OptionId o : node.chosen())
      if (const Cell x = cell(n_, o); x.row == x.column)
        fixed[static_cast<std::size_t>(x.row)] = x.symbol;
    int low = 0, high = 0;
    std::vector<int> least(fixed), most(fixed);
    for (int i = 0; i < n_; ++i) {
      const auto at = static_cast<std::size_t>(i);
      if (fixed[at] == 0) {
        least[at] = n_ + 1;
        for (int v = 0; v < n_; ++v) {
          if (!node.open(option(i, v))) continue;
          least[at] = std::min(least[at], v + 1);
          most[at] = std::max(most[at], v + 1);
        }
        if (most[at] == 0) return false;  // a diagonal cell with no symbol left
      }
      low += least[at];
      high += most[at];
    }
    if (sum_ < low || sum_ > high) return false;
    for (int i = 0; i < n_; ++i) {
      const auto at = static_cast<std::size_t>(i);
      if (fixed[at] != 0) continue;
      for (int v = 0; v < n_; ++v)
        if (low - least[at] + v + 1 > sum_ || high - most[at] + v + 1 < sum_)
          out.push_back(option(i, v));
    }
    return true;
  }
  std::uint64_t calls = 0;

 private:
  OptionId option(int i, int v) const { return (i * n_ + i) * n_ + v; }
  int n_, sum_;
};

// The same constraint checked on complete squares alone: refuses a node whose diagonal is full
// and sums to another number.
class DiagonalSumAtTheEnd : public dlx::Propagator {
 public:
  DiagonalSumAtTheEnd(int n, int sum) : n_(n), sum_(sum) {}
  bool propagate(const SearchNode& node, std::vector<OptionId>&) override {
    int filled = 0, sum = 0;
    for (const OptionId o : node.chosen())
      if (const Cell x = cell(n_, o); x.row == x.column) {
        ++filled;
        sum += x.symbol;
      }
    return filled < n_ || sum == sum_;
  }

 private:
  int n_, sum_;
};

int diagonal_sum(int n, std::span<const OptionId> solution) {
  int sum = 0;
  for (const OptionId o : solution)
    if (const Cell x = cell(n, o); x.row == x.column) sum += x.symbol;
  return sum;
}

TEST(Propagator, CountsAreTheBruteForcesOnOrder4) {
  const int n = 4;
  const dlx::Matrix m = latin(n);
  const std::map<int, std::uint64_t> known = brute_force(n);
  ASSERT_EQ(std::accumulate(known.begin(), known.end(), std::uint64_t{0},
                            [](std::uint64_t t, const auto& kv) { return t + kv.second; }),
            576u);  // OEIS A002860
  for (int sum = n - 1; sum <= n * n + 1; ++sum) {
    SCOPED_TRACE("S = " + std::to_string(sum));
    const std::uint64_t expected = known.contains(sum) ? known.at(sum) : 0;
    DiagonalSum pruning(n, sum);
    DiagonalSumAtTheEnd checking(n, sum);
    Solver pruned(m), checked(m);
    pruned.set_propagator(&pruning);
    checked.set_propagator(&checking);
    const dlx::Result p = pruned.search([&](std::span<const OptionId> solution) {
      EXPECT_EQ(diagonal_sum(n, solution), sum);
      return true;
    });
    const dlx::Result c = checked.count();
    EXPECT_EQ(p.stats.solutions, expected);
    EXPECT_EQ(c.stats.solutions, expected);
    EXPECT_EQ(c.stats.pruned, 0u);
    EXPECT_LT(p.stats.nodes, c.stats.nodes);
    if (expected > 0) {
      EXPECT_GT(p.stats.pruned, 0u);
    }
  }
}

TEST(Propagator, CountsAreTheBruteForcesOnOrder5) {
  // Under the sanitizers (test_share.hpp) order 4's test takes the same paths in a tenth of
  // the time.
  if (test_share > 1) GTEST_SKIP() << "order 5 in the plain build only";
  const int n = 5;
  const dlx::Matrix m = latin(n);
  const std::map<int, std::uint64_t> known = brute_force(n);
  for (const int sum : {6, 9, 15}) {
    SCOPED_TRACE("S = " + std::to_string(sum));
    DiagonalSum pruning(n, sum);
    DiagonalSumAtTheEnd checking(n, sum);
    Solver pruned(m), checked(m);
    pruned.set_propagator(&pruning);
    checked.set_propagator(&checking);
    const dlx::Result p = pruned.count(), c = checked.count();
    EXPECT_EQ(p.stats.solutions, known.contains(sum) ? known.at(sum) : 0);
    EXPECT_EQ(c.stats.solutions, p.stats.solutions);
    EXPECT_LT(p.stats.nodes, c.stats.nodes);
    EXPECT_GT(p.stats.pruned, 0u);
  }
}

// A refusal at the root leaves nothing to search; the links are whole afterwards.
TEST(Propagator, ARefusalAtTheRootGivesNoSolution) {
  struct Never : dlx::Propagator {
    bool propagate(const SearchNode&, std::vector<OptionId>&) override { return false; }
  } never;
  const dlx::Matrix m = latin(4);
  Solver solver(m);
  solver.set_propagator(&never);
  const dlx::Result r = solver.count();
  EXPECT_EQ(r.stats.solutions, 0u);
  EXPECT_EQ(r.stats.nodes, 1u);
  EXPECT_EQ(r.outcome, dlx::Outcome::exhausted);
  solver.set_propagator(nullptr);
  EXPECT_EQ(solver.count().stats.solutions, 576u);
}

// An exception from propagate() stops the search and reaches the caller; the solver then
// searches as if nothing had happened.
TEST(Propagator, AnExceptionReachesTheCallerAndTheLinksAreRestored) {
  struct Failing : dlx::Propagator {
    int left = 40;
    bool propagate(const SearchNode&, std::vector<OptionId>&) override {
      if (--left == 0) throw std::runtime_error("the constraint failed");
      return true;
    }
  } failing;
  const dlx::Matrix m = latin(4);
  Solver solver(m);
  solver.set_propagator(&failing);
  EXPECT_THROW(solver.count(), std::runtime_error);
  DiagonalSum pruning(4, 8);
  solver.set_propagator(&pruning);
  EXPECT_EQ(solver.count().stats.solutions, brute_force(4).at(8));
  solver.set_propagator(nullptr);
  const dlx::Result after = solver.count();
  const dlx::Result fresh = Solver(m).count();
  EXPECT_EQ(after.stats.solutions, 576u);
  EXPECT_EQ(after.stats.nodes, fresh.stats.nodes);
  EXPECT_EQ(after.stats.updates, fresh.stats.updates);
}

// Without a propagator the search is DLX1's again, node for node, and with propagation asked
// for, that propagation's.
TEST(Propagator, NullptrReturnsToThePlainSearch) {
  const dlx::Matrix m = latin(4);
  DiagonalSum pruning(4, 10);
  Solver solver(m);
  solver.set_propagator(&pruning);
  EXPECT_GT(solver.count().stats.forced, 0u);  // a propagator takes forced moves with it
  solver.set_propagator(nullptr);
  const dlx::Result plain = solver.count(), fresh = Solver(m).count();
  EXPECT_EQ(plain.stats.solutions, 576u);
  EXPECT_EQ(plain.stats.nodes, fresh.stats.nodes);
  EXPECT_EQ(plain.stats.updates, fresh.stats.updates);
  EXPECT_EQ(plain.stats.forced, 0u);
  EXPECT_EQ(plain.stats.pruned, 0u);

  const dlx::Propagation probe = dlx::parse_propagation("probe");
  solver.set_propagation(probe);
  solver.set_propagator(&pruning);
  solver.set_propagator(nullptr);
  Solver probing(m);
  probing.set_propagation(probe);
  const dlx::Result a = solver.count(), b = probing.count();
  EXPECT_EQ(a.stats.nodes, b.stats.nodes);
  EXPECT_EQ(a.stats.probes, b.stats.probes);
}

TEST(Propagator, RefusedByCellsBitsColorsAndBounds) {
  DiagonalSum pruning(4, 10);
  const dlx::Matrix m = latin(4);
  for (const dlx::Engine engine : {dlx::Engine::cells, dlx::Engine::bits}) {
    Solver solver(m, engine);
    EXPECT_THROW(solver.set_propagator(&pruning), std::invalid_argument);
    EXPECT_NO_THROW(solver.set_propagator(nullptr));
  }
  const dlx::Problem colors =
      dlx::read_problem("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\n");
  Solver colored(colors.matrix);
  EXPECT_THROW(colored.set_propagator(&pruning), std::invalid_argument);
  const dlx::Problem bounds = dlx::read_problem("2:3|a b\na b\na\nb\n");
  ASSERT_TRUE(bounds.matrix.has_bounds());
  Solver bounded(bounds.matrix);
  EXPECT_THROW(bounded.set_propagator(&pruning), std::invalid_argument);
}

// The options a brute check says are open: not chosen, and sharing no item with a chosen one.
std::set<OptionId> clash_free(const dlx::Matrix& m, std::span<const OptionId> chosen) {
  std::set<dlx::ItemId> covered;
  for (const OptionId o : chosen)
    for (const dlx::Entry& e : m.option(o)) covered.insert(e.item);
  std::set<OptionId> out;
  for (OptionId o = 0; o < static_cast<OptionId>(m.option_count()); ++o) {
    const auto entries = m.option(o);
    if (std::none_of(entries.begin(), entries.end(),
                     [&](const dlx::Entry& e) { return covered.contains(e.item); }))
      out.insert(o);
  }
  return out;
}

// At every node, open() holds exactly for the options that clash with no chosen one when
// nothing else removes options, and never for one that clashes when the propagator prunes.
TEST(Propagator, OpenAgreesWithTheChosenOptions) {
  const int n = 4;
  const dlx::Matrix m = latin(n);
  struct Checking : dlx::Propagator {
    Checking(const dlx::Matrix& matrix, dlx::Propagator& then, bool all_open, OptionId base)
        : m(&matrix), inner(&then), exact(all_open), forced(base) {}
    const dlx::Matrix* m;
    dlx::Propagator* inner;
    bool exact;
    OptionId forced;
    std::uint64_t nodes = 0;
    bool propagate(const SearchNode& node, std::vector<OptionId>& out) override {
      ++nodes;
      EXPECT_EQ(node.chosen().front(), forced);
      const std::set<OptionId> free = clash_free(*m, node.chosen());
      for (OptionId o = 0; o < static_cast<OptionId>(m->option_count()); ++o) {
        if (exact) {
          EXPECT_EQ(node.open(o), free.contains(o)) << "option " << o;
        } else if (node.open(o)) {
          EXPECT_TRUE(free.contains(o)) << "option " << o;
        }
      }
      EXPECT_FALSE(node.open(-1));
      EXPECT_FALSE(node.open(static_cast<OptionId>(m->option_count())));
      return inner->propagate(node, out);
    }
  };
  DiagonalSumAtTheEnd checking(n, 10);
  DiagonalSum pruning(n, 7);
  for (const bool exact : {true, false}) {
    Checking check(m, exact ? static_cast<dlx::Propagator&>(checking) : pruning, exact, 5);
    Solver solver(m);
    ASSERT_TRUE(solver.force(5));  // symbol 2 in cell (0, 1)
    solver.set_propagator(&check);
    const dlx::Result r = solver.count();
    EXPECT_GT(check.nodes, 10u);
    EXPECT_GT(r.stats.solutions, 0u);
  }
}

}  // namespace
