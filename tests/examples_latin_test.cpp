// The latin example: its encoding against the known counts, partial squares, and the latin
// command.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <dlx/reader.hpp>
#include <numeric>
#include <set>
#include <sstream>

#include "common/cli.hpp"
#include "examples_run.hpp"
#include "latin/latin.hpp"

namespace {

using examples_test::count;
using examples_test::run;

// Latin squares of order n = 1..5: OEIS A002860.
constexpr std::array<std::uint64_t, 5> known = {1, 2, 12, 576, 161280};

TEST(Latin, CountsAreOeisA002860) {
  for (int n = 1; n <= 5; ++n) {
    EXPECT_EQ(count(examples::latin::problem(n).matrix), known[static_cast<std::size_t>(n - 1)])
        << "n = " << n;
  }
}

TEST(Latin, GivensKeepOnlyTheirOption) {
  // A first row fixed: the reduced count times (n-1)! -- 576 / 4! = 24 squares per first row.
  const examples::latin::Square row = examples::latin::read_square("1234\n....\n....\n....\n");
  EXPECT_EQ(count(examples::latin::problem(row).matrix), 24u);
  // Two givens that clash leave no square.
  const examples::latin::Square clash = examples::latin::read_square("1..\n...\n1..\n");
  EXPECT_EQ(count(examples::latin::problem(clash).matrix), 0u);
}

TEST(Latin, SolutionsAreLatinSquaresKeepingTheGivens) {
  const examples::latin::Square givens = examples::latin::read_square(
      "| a comment\n1 . . . .\n. 2 . . .\n\n. . 3 . .\n. . . 4 .\n. . . . 5\n");
  const examples::latin::Problem problem = examples::latin::problem(givens);
  dlx::Solver solver(problem.matrix);
  const dlx::Result result = solver.search([&](std::span<const dlx::OptionId> solution) {
    const examples::latin::Square square = examples::latin::square(problem, solution);
    for (int i = 0; i < 5; ++i) {
      std::set<int> row, column;
      for (int j = 0; j < 5; ++j) {
        row.insert(square.cells[i * 5 + j]);
        column.insert(square.cells[j * 5 + i]);
      }
      EXPECT_EQ(row, (std::set<int>{1, 2, 3, 4, 5}));
      EXPECT_EQ(column, (std::set<int>{1, 2, 3, 4, 5}));
      EXPECT_EQ(square.cells[i * 5 + i], i + 1);
    }
    return true;
  });
  EXPECT_GT(result.stats.solutions, 0u);
}

// The completions of a partial square, counted by brute force: the permutations that fit each
// row in turn.
std::uint64_t brute_force(const examples::latin::Square& givens) {
  const int n = givens.order;
  std::vector<int> row(n);
  std::iota(row.begin(), row.end(), 1);
  std::vector<std::vector<int>> rows;
  do {
    rows.push_back(row);
  } while (std::next_permutation(row.begin(), row.end()));
  std::vector<const std::vector<int>*> square;
  const auto extend = [&](const auto& self) -> std::uint64_t {
    const int r = static_cast<int>(square.size());
    if (r == n) return 1;
    std::uint64_t found = 0;
    for (const std::vector<int>& candidate : rows) {
      bool fits = true;
      for (int c = 0; c < n && fits; ++c) {
        const int given = givens.cells[r * n + c];
        fits = given == 0 || given == candidate[c];
        for (const std::vector<int>* above : square) fits = fits && (*above)[c] != candidate[c];
      }
      if (!fits) continue;
      square.push_back(&candidate);
      found += self(self);
      square.pop_back();
    }
    return found;
  };
  return extend(extend);
}

TEST(Latin, ShippedPartialSquareAgreesWithBruteForce) {
  const examples::latin::Square givens =
      examples::latin::read_square(examples_test::slurp(EXAMPLES_DIR "/latin/diagonal5.txt"));
  EXPECT_EQ(count(examples::latin::problem(givens).matrix), brute_force(givens));
  EXPECT_EQ(brute_force(givens), 48u);
}

TEST(Latin, BadSquaresSayWhere) {
  try {
    examples::latin::read_square("12\n1?\n");
    FAIL() << "no error";
  } catch (const examples::latin::SquareError& error) {
    EXPECT_EQ(error.line(), 2u);
  }
  EXPECT_THROW(examples::latin::read_square("123\n12\n123\n"), examples::latin::SquareError);
  EXPECT_THROW(examples::latin::read_square("13\n21\n"), examples::latin::SquareError);
  EXPECT_THROW(examples::latin::read_square("| only a comment\n"), examples::latin::SquareError);
}

TEST(Latin, ShippedDlxFileIsWhatTheCommandWritesAndHas576Solutions) {
  std::ostringstream text;
  examples::write_dlx(text, examples::latin::problem(4).matrix, "");
  const std::string shipped = examples_test::slurp(EXAMPLES_DIR "/latin/latin4.dlx");
  EXPECT_EQ(examples_test::without_comments(shipped), text.str());
  EXPECT_EQ(count(dlx::read_problem(shipped).matrix), 576u);
}

TEST(LatinCommand, CountsDrawsAndWrites) {
  EXPECT_EQ(run(LATIN_BINARY, "").out, "576\n");
  EXPECT_EQ(run(LATIN_BINARY, "-p 2").out, "1 2\n2 1\n\n2 1\n1 2\n\n2\n");
  EXPECT_EQ(run(LATIN_BINARY, "--givens -", "12..\n....\n....\n....\n").out, "48\n");
  EXPECT_EQ(run(LATIN_BINARY, "--dlx 4").out,
            examples_test::slurp(EXAMPLES_DIR "/latin/latin4.dlx"));
}

TEST(LatinCommand, ExitStatus) {
  EXPECT_EQ(run(LATIN_BINARY, "--givens -", "1.\n.2\n").status, 1);
  const auto bad = run(LATIN_BINARY, "--givens -", "12\n1x3\n");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "latin: -:2: a row of 3 cells in a square of 2 rows\n");
  EXPECT_EQ(run(LATIN_BINARY, "4 --givens -").status, 2);
  EXPECT_EQ(run(LATIN_BINARY, "--givens /nonexistent").status, 2);
}

}  // namespace
