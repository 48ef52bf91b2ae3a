// The diagonal-sum example: its propagator against a brute force over the Latin squares, the
// reading of `latin --dlx`'s names, and the diagonal-sum command.
#include <gtest/gtest.h>

#include <algorithm>
#include <dlx/solver.hpp>
#include <map>
#include <numeric>
#include <sstream>

#include "common/cli.hpp"
#include "diagonal-sum/diagonal_sum.hpp"
#include "examples_run.hpp"
#include "test_share.hpp"

namespace {

using examples_test::run;
namespace ds = examples::diagonal_sum;

// The Latin squares of order n by the sum of their main diagonal, by brute force: a permutation
// of the symbols for each row in turn, kept when no column repeats a symbol.
std::map<int, std::uint64_t> brute_force(int n) {
  std::vector<int> row(static_cast<std::size_t>(n));
  std::iota(row.begin(), row.end(), 1);
  std::vector<std::vector<int>> rows;
  do {
    rows.push_back(row);
  } while (std::next_permutation(row.begin(), row.end()));
  std::map<int, std::uint64_t> by_sum;
  std::vector<const std::vector<int>*> square;
  const auto extend = [&](const auto& self, int sum) -> void {
    const std::size_t r = square.size();
    if (r == static_cast<std::size_t>(n)) {
      ++by_sum[sum];
      return;
    }
    for (const std::vector<int>& candidate : rows) {
      bool fits = true;
      for (const std::vector<int>* above : square)
        for (std::size_t c = 0; c < candidate.size() && fits; ++c)
          fits = (*above)[c] != candidate[c];
      if (!fits) continue;
      square.push_back(&candidate);
      self(self, sum + candidate[r]);
      square.pop_back();
    }
  };
  extend(extend, 0);
  return by_sum;
}

std::uint64_t count(const dlx::Matrix& matrix, dlx::Propagator& propagator) {
  dlx::Solver solver(matrix);
  solver.set_propagator(&propagator);
  return solver.count().stats.solutions;
}

TEST(DiagonalSum, CountsAreTheBruteForces) {
  // Order 5 in the plain build; under the sanitizers (test_share.hpp) up to order 4, whose
  // searches take the same paths.
  for (int n = 1; n <= (test_share > 1 ? 4 : 5); ++n) {
    const std::map<int, std::uint64_t> known = brute_force(n);
    const examples::latin::Problem problem = examples::latin::problem(n);
    for (int sum = 0; sum <= n * n + 1; ++sum) {
      if (n == 5 && sum % 4 != 3) continue;  // a few sums of order 5 are enough
      ds::DiagonalSum propagator = ds::diagonal_sum(problem, sum);
      EXPECT_EQ(count(problem.matrix, propagator), known.contains(sum) ? known.at(sum) : 0)
          << "n = " << n << ", S = " << sum;
    }
  }
}

// The plugin's reading of the names `latin --dlx` writes gives the same places as the encoding.
TEST(DiagonalSum, PlacesByNameAreTheEncodings) {
  const examples::latin::Problem problem = examples::latin::problem(5);
  std::ostringstream text;
  examples::write_dlx(text, problem.matrix, "");
  const dlx::Problem read = dlx::read_problem(text.str());
  const auto places = ds::places_by_name(read.matrix);
  ASSERT_TRUE(places.has_value());
  ASSERT_EQ(places->size(), problem.meanings.size());
  for (std::size_t o = 0; o < places->size(); ++o) {
    const examples::latin::Entry& e = problem.meanings[o];
    EXPECT_EQ((*places)[o].symbol, e.value);
    EXPECT_EQ((*places)[o].cell, e.row == e.column ? e.row : -1);
  }
  EXPECT_FALSE(ds::places_by_name(dlx::read_problem("a b\na b\n").matrix).has_value());
}

TEST(DiagonalSumCommand, CountsWithAndWithoutPruning) {
  // Order 5 in the plain build, 4 under the sanitizers (test_share.hpp).
  const std::string order = test_share > 1 ? "4 10" : "5 7";
  const std::uint64_t known = test_share > 1 ? brute_force(4).at(10) : brute_force(5).at(7);
  EXPECT_EQ(run(DIAGONAL_SUM_BINARY, order).out, std::to_string(known) + "\n");
  EXPECT_EQ(run(DIAGONAL_SUM_BINARY, "--at-the-end " + order).out, std::to_string(known) + "\n");
  const auto pruned = run(DIAGONAL_SUM_BINARY, "--stats " + order);
  EXPECT_NE(pruned.err.find("options pruned by the propagator"), std::string::npos) << pruned.err;
  EXPECT_EQ(run(DIAGONAL_SUM_BINARY, "-p --limit 1 3 3").out,
            "1 2 3\n3 1 2\n2 3 1\n\nat least 1 (stopped by --limit)\n");
  EXPECT_EQ(run(DIAGONAL_SUM_BINARY, "3 4").status, 1);  // order 3: one symbol thrice, or all three
}

TEST(DiagonalSumCommand, BadArguments) {
  EXPECT_EQ(run(DIAGONAL_SUM_BINARY, "4").status, 2);
  EXPECT_EQ(run(DIAGONAL_SUM_BINARY, "-j 2 4 10").status, 2);
  EXPECT_EQ(run(DIAGONAL_SUM_BINARY, "40 10").status, 2);
}

}  // namespace
