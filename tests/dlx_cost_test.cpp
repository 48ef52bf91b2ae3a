#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "dlx/cost.hpp"
#include "dlx/reader.hpp"

namespace {

using dlx::BestResult;
using dlx::Cost;
using dlx::CostSolver;
using dlx::Entry;
using dlx::ItemKind;
using dlx::Matrix;
using dlx::OptionId;
using dlx::Outcome;

// Every exact cover of a small matrix, with colors, found by trying each option on the first
// uncovered primary item: the reference the cost search is checked against.
class BruteForce {
 public:
  explicit BruteForce(const Matrix& m)
      : m_(m), covered_(m.item_count(), 0), color_(m.item_count()) {}

  // Each solution as its sorted option ids, with its cost.
  std::vector<std::pair<Cost, std::vector<OptionId>>> all() {
    out_.clear();
    chosen_.clear();
    walk();
    return out_;
  }

 private:
  bool fits(OptionId o) const {
    for (const Entry& e : m_.option(o)) {
      const auto i = static_cast<std::size_t>(e.item);
      if (m_.item_kind(e.item) == ItemKind::primary || e.color == 0) {
        if (covered_[i] != 0) return false;
      } else if (covered_[i] != 0 && (color_[i] == 0 || color_[i] != e.color)) {
        return false;
      }
    }
    return true;
  }
  void walk() {
    std::size_t item = m_.item_count();
    for (std::size_t i = 0; i < m_.item_count(); ++i) {
      if (m_.item_kind(static_cast<dlx::ItemId>(i)) == ItemKind::primary && covered_[i] == 0) {
        item = i;
        break;
      }
    }
    if (item == m_.item_count()) {
      std::vector<OptionId> s = chosen_;
      std::sort(s.begin(), s.end());
      Cost cost = 0;
      for (OptionId o : s) cost += m_.cost(o);
      out_.emplace_back(cost, s);
      return;
    }
    for (std::size_t o = 0; o < m_.option_count(); ++o) {
      const auto option = static_cast<OptionId>(o);
      bool has = false;
      for (const Entry& e : m_.option(option))
        has = has || static_cast<std::size_t>(e.item) == item;
      if (!has || !fits(option)) continue;
      std::vector<std::pair<std::size_t, dlx::ColorId>> saved;
      for (const Entry& e : m_.option(option)) {
        const auto i = static_cast<std::size_t>(e.item);
        saved.emplace_back(i, color_[i]);
        ++covered_[i];
        color_[i] = e.color;
      }
      chosen_.push_back(option);
      walk();
      chosen_.pop_back();
      for (const auto& [i, c] : saved) {
        --covered_[i];
        color_[i] = c;
      }
    }
  }

  const Matrix& m_;
  std::vector<int> covered_;
  std::vector<dlx::ColorId> color_;
  std::vector<OptionId> chosen_;
  std::vector<std::pair<Cost, std::vector<OptionId>>> out_;
};

// A random small problem with colors and costs; with `distinct`, option o costs 2^o, so that no
// two solutions cost the same.
Matrix random_problem(std::mt19937& rng, bool distinct) {
  Matrix m;
  const int primaries = std::uniform_int_distribution<int>(2, 6)(rng);
  const int secondaries = std::uniform_int_distribution<int>(0, 3)(rng);
  const int options = std::uniform_int_distribution<int>(3, 16)(rng);
  for (int i = 0; i < primaries; ++i) m.add_item(std::string(1, 'p').append(std::to_string(i)));
  for (int i = 0; i < secondaries; ++i)
    m.add_item(std::string(1, 's').append(std::to_string(i)), ItemKind::secondary);
  for (int o = 0; o < options; ++o) {
    std::vector<Entry> entries;
    for (int i = 0; i < primaries + secondaries; ++i) {
      if (std::uniform_int_distribution<int>(0, 2)(rng) != 0) continue;
      const bool secondary = i >= primaries;
      entries.push_back({i, secondary ? std::uniform_int_distribution<int>(0, 2)(rng) : 0});
    }
    if (entries.empty())
      entries.push_back({std::uniform_int_distribution<int>(0, primaries - 1)(rng), 0});
    std::shuffle(entries.begin(), entries.end(), rng);
    const Cost cost = distinct ? Cost{1} << o : std::uniform_int_distribution<Cost>(0, 9)(rng);
    m.add_option(entries, cost);
  }
  return m;
}

std::vector<Cost> costs_of(const BestResult& r) {
  std::vector<Cost> out;
  for (const auto& s : r.best) out.push_back(s.cost);
  return out;
}

std::vector<std::vector<OptionId>> sets_of(const BestResult& r) {
  std::vector<std::vector<OptionId>> out;
  for (auto s : r.best) {
    std::sort(s.options.begin(), s.options.end());
    out.push_back(s.options);
  }
  return out;
}

TEST(CostSolver, TheKCheapestCostsAreThoseOfEverySolutionSorted) {
  std::mt19937 rng(17);
  for (int round = 0; round < 400; ++round) {
    SCOPED_TRACE(round);
    const Matrix m = random_problem(rng, false);
    auto all = BruteForce(m).all();
    std::vector<Cost> every;
    for (const auto& s : all) every.push_back(s.first);
    std::sort(every.begin(), every.end());
    for (std::size_t k : {1, 2, 3, 7}) {
      CostSolver solver(m);
      const BestResult r = solver.best(k);
      std::vector<Cost> expected(every.begin(), every.begin() + std::min(k, every.size()));
      EXPECT_EQ(costs_of(r), expected) << "k = " << k;
      EXPECT_EQ(r.outcome, Outcome::exhausted);
      // Every solution returned is a solution, of the cost stated.
      std::set<std::vector<OptionId>> solutions;
      for (const auto& s : all) solutions.insert(s.second);
      for (const auto& s : r.best) {
        std::vector<OptionId> sorted = s.options;
        std::sort(sorted.begin(), sorted.end());
        EXPECT_TRUE(solutions.contains(sorted));
        Cost cost = 0;
        for (OptionId o : s.options) cost += m.cost(o);
        EXPECT_EQ(cost, s.cost);
      }
    }
  }
}

TEST(CostSolver, TheKCheapestSolutionsWhenNoTwoCostTheSame) {
  std::mt19937 rng(5);
  for (int round = 0; round < 300; ++round) {
    SCOPED_TRACE(round);
    const Matrix m = random_problem(rng, true);
    auto all = BruteForce(m).all();
    std::sort(all.begin(), all.end());
    for (std::size_t k : {1, 3, 6}) {
      CostSolver solver(m);
      const BestResult r = solver.best(k);
      std::vector<std::vector<OptionId>> expected;
      for (std::size_t i = 0; i < std::min(k, all.size()); ++i) expected.push_back(all[i].second);
      EXPECT_EQ(sets_of(r), expected) << "k = " << k;
      // On threads, sharing the cutoff, the same solutions.
      dlx::BestParallelOptions options;
      options.threads = 3;
      options.depth = 1 + static_cast<std::uint32_t>(round % 3);
      EXPECT_EQ(sets_of(dlx::best_parallel(m, k, options)), expected) << "k = " << k;
    }
  }
}

TEST(CostSolver, TheTaxesLowerEachOptionToItsNetCost) {
  Matrix m;
  for (const char* name : {"a", "b", "c"}) m.add_item(name);
  m.add_option({"a", "b"}, 7);
  m.add_option({"a"}, 3);
  m.add_option({"b", "c"}, 5);
  m.add_option({"c"}, 2);
  CostSolver solver(m);
  // a is taxed 3 (then a b costs 4), b then 4 (a b: 0, b c: 1), c then 1 (b c: 0, c: 1).
  EXPECT_EQ(solver.tax(0), 3u);
  EXPECT_EQ(solver.tax(1), 4u);
  EXPECT_EQ(solver.tax(2), 1u);
  EXPECT_EQ(solver.total_tax(), 8u);
  EXPECT_EQ(solver.net_cost(0), 0u);
  EXPECT_EQ(solver.net_cost(1), 0u);
  EXPECT_EQ(solver.net_cost(2), 0u);
  EXPECT_EQ(solver.net_cost(3), 1u);
  const BestResult r = solver.best(2);
  ASSERT_EQ(r.best.size(), 2u);
  EXPECT_EQ(r.best[0].cost, 8u);  // a, b c
  EXPECT_EQ(r.best[1].cost, 9u);  // a b, c
}

// Figures of Knuth's DLX5 (`dlx5 k<K> < FILE`: "Altogether S solutions, ... U updates, C
// cleansings, ... N nodes", then the optimum costs) on the files of tests/data.
struct Figures {
  const char* file;
  std::size_t k;
  std::uint64_t solutions, nodes, updates, cleansings;
  std::vector<Cost> costs;
};

TEST(CostSolver, MakesTheNodesAndUpdatesOfKnuthsDlx5) {
  const std::vector<Figures> figures = {
      {"cost-random-7.dlx", 1, 4, 21, 338, 11, {8}},
      {"cost-random-7.dlx", 4, 16, 58, 622, 23, {8, 14, 16, 16}},
      {"cost-random-21.dlx", 1, 1, 9, 216, 8, {9}},
      {"cost-random-21.dlx", 4, 10, 34, 503, 20, {9, 20, 20, 20}},
      {"cost-random-5.dlx", 1, 4, 18, 535, 19, {2}},
      {"cost-random-5.dlx", 4, 17, 50, 886, 38, {2, 2, 2, 3}},
  };
  for (const Figures& f : figures) {
    SCOPED_TRACE(std::string(f.file) + " k" + std::to_string(f.k));
    std::ifstream in(std::string(TEST_DATA_DIR) + "/" + f.file);
    ASSERT_TRUE(in);
    const dlx::Problem problem = dlx::read_problem(in);
    CostSolver solver(problem.matrix);
    std::uint64_t improving = 0;
    const BestResult r = solver.best(f.k, [&](Cost, std::span<const OptionId>) {
      ++improving;
      return true;
    });
    EXPECT_EQ(r.stats.solutions, f.solutions);
    EXPECT_EQ(improving, f.solutions);
    EXPECT_EQ(r.stats.nodes, f.nodes);
    EXPECT_EQ(r.stats.updates, f.updates);
    EXPECT_EQ(r.cleansings, f.cleansings);
    EXPECT_EQ(costs_of(r), f.costs);
    // A second search on the same solver finds the same: the links were restored.
    const BestResult again = solver.best(f.k);
    EXPECT_EQ(again.stats.nodes, f.nodes);
    EXPECT_EQ(costs_of(again), f.costs);
    // On threads, the same costs.
    dlx::BestParallelOptions options;
    options.threads = 2;
    EXPECT_EQ(costs_of(dlx::best_parallel(problem.matrix, f.k, options)), f.costs);
  }
}

TEST(CostSolver, ImprovingSolutionsComeCheaperEachTimeWhenKIsOne) {
  std::ifstream in(std::string(TEST_DATA_DIR) + "/cost-random-5.dlx");
  const dlx::Problem problem = dlx::read_problem(in);
  CostSolver solver(problem.matrix);
  std::vector<Cost> seen;
  solver.best(1, [&](Cost cost, std::span<const OptionId>) {
    seen.push_back(cost);
    return true;
  });
  ASSERT_FALSE(seen.empty());
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_LT(seen[i], seen[i - 1]);
  EXPECT_EQ(seen.back(), 2u);
}

TEST(CostSolver, StopsOnBudgetsAndLeavesTheLinksAsTheyWere) {
  std::ifstream in(std::string(TEST_DATA_DIR) + "/cost-random-7.dlx");
  const dlx::Problem problem = dlx::read_problem(in);
  CostSolver solver(problem.matrix);
  for (std::uint64_t nodes = 1; nodes < 58; nodes += 7) {
    solver.set_limits({0, nodes, 0});
    const BestResult r = solver.best(4);
    EXPECT_EQ(r.outcome, Outcome::node_limit);
    EXPECT_GE(r.stats.nodes, nodes);  // a solution's node is counted without a check
    EXPECT_LE(r.stats.nodes, nodes + 1);
  }
  solver.set_limits({2, 0, 0});
  EXPECT_EQ(solver.best(4).outcome, Outcome::solution_limit);
  solver.set_limits({});
  EXPECT_EQ(solver.best(4, [](Cost, std::span<const OptionId>) { return false; }).outcome,
            Outcome::stopped);
  const BestResult r = solver.best(4);
  EXPECT_EQ(r.stats.nodes, 58u);
  EXPECT_EQ(costs_of(r), (std::vector<Cost>{8, 14, 16, 16}));
}

TEST(CostSolver, NoSolutionAndNoCosts) {
  Matrix m;
  m.add_item("a");
  m.add_item("b");
  m.add_option({"a"}, 3);
  CostSolver solver(m);
  EXPECT_TRUE(solver.best(3).best.empty());
  Matrix plain;
  plain.add_item("a");
  plain.add_option({"a"});
  plain.add_option({"a"});
  EXPECT_FALSE(plain.has_costs());
  EXPECT_EQ(CostSolver(plain).best(5).best.size(), 2u);
}

TEST(Matrix, KeepsTheCostOfEachOption) {
  Matrix m;
  m.add_item("a");
  m.add_item("x", ItemKind::secondary);
  EXPECT_EQ(m.add_option({"a"}, 12), 0);
  EXPECT_EQ(m.add_option({"x"}, 5), dlx::dropped_option);
  EXPECT_EQ(m.add_option({"a"}), 1);
  EXPECT_EQ(m.cost(0), 12u);
  EXPECT_EQ(m.cost(1), 0u);
  EXPECT_TRUE(m.has_costs());
  EXPECT_THROW(m.add_option({"a"}, dlx::max_total_cost), dlx::Error);
  // Costs that start after options without one.
  Matrix later;
  later.add_item("a");
  later.add_option({"a"});
  later.add_option({"a"});
  EXPECT_FALSE(later.has_costs());
  EXPECT_EQ(later.cost(1), 0u);
  later.add_option({"a"}, 4);
  later.add_option({"a"});
  EXPECT_EQ(later.cost(0), 0u);
  EXPECT_EQ(later.cost(2), 4u);
  EXPECT_EQ(later.cost(3), 0u);
  EXPECT_THROW(later.cost(4), std::out_of_range);
}

TEST(Reader, ReadsCostsAsDlx5Does) {
  const dlx::Problem p = dlx::read_problem(std::string_view("a b | x\na |3 b |4\nb x:r |0\na\n"));
  ASSERT_EQ(p.matrix.option_count(), 3u);
  EXPECT_EQ(p.matrix.cost(0), 7u);
  EXPECT_EQ(p.matrix.cost(1), 0u);
  EXPECT_EQ(p.matrix.cost(2), 0u);
  EXPECT_EQ(p.matrix.option(0).size(), 2u);
  EXPECT_EQ(dlx::format_option(p, 0), "a b |7");
  EXPECT_EQ(dlx::format_option(p, 1), "b x:r");
}

TEST(Reader, ReportsBadCosts) {
  const auto kind_at = [](std::string_view text, dlx::ParseErrorKind kind, std::size_t line,
                          std::size_t column) {
    SCOPED_TRACE(std::string(text));
    try {
      dlx::read_problem(text);
      ADD_FAILURE() << "no error";
    } catch (const dlx::ParseError& e) {
      EXPECT_EQ(e.kind(), kind) << e.what();
      EXPECT_EQ(e.line(), line);
      EXPECT_EQ(e.column(), column);
    }
  };
  kind_at("a\na |x\n", dlx::ParseErrorKind::bad_cost, 2, 4);
  kind_at("a\na |-1\n", dlx::ParseErrorKind::bad_cost, 2, 4);
  kind_at("a\na |1.5\n", dlx::ParseErrorKind::bad_cost, 2, 5);
  kind_at("a\na |99999999999999999999\n", dlx::ParseErrorKind::bad_cost, 2, 3);
  kind_at("a b |3\n", dlx::ParseErrorKind::cost_on_item_line, 1, 5);
  kind_at("a\na | 3\n", dlx::ParseErrorKind::separator_in_option, 2, 3);
}

}  // namespace
