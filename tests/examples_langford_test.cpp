// The langford example: its encoding against the known counts, and the langford command.
#include <gtest/gtest.h>

#include <array>
#include <dlx/reader.hpp>
#include <sstream>

#include "common/cli.hpp"
#include "examples_run.hpp"
#include "langford/langford.hpp"

namespace {

using examples_test::count;
using examples_test::run;

// Langford arrangements of n pairs, an arrangement and its reversal counted once, n = 1..8:
// OEIS A014552 (1, 0, 0, 1, 1, 0, 0, 26, 150 from n = 0).
constexpr std::array<std::uint64_t, 8> known = {0, 0, 1, 1, 0, 0, 26, 150};

TEST(Langford, CountsAreOeisA014552) {
  for (int n = 1; n <= 8; ++n) {
    EXPECT_EQ(count(examples::langford::problem(n).matrix), known[static_cast<std::size_t>(n - 1)])
        << "n = " << n;
  }
  // OEIS A014552: a(11) = 17792.
  EXPECT_EQ(count(examples::langford::problem(11).matrix), 17792u);
}

TEST(Langford, WithMirrorsEveryArrangementCountsTwice) {
  // Twice OEIS A014552: each arrangement read backwards is another one.
  EXPECT_EQ(count(examples::langford::problem(7, true).matrix), 2u * 26u);
  EXPECT_EQ(count(examples::langford::problem(8, true).matrix), 2u * 150u);
}

TEST(Langford, EverySolutionIsAnArrangementAndNoneIsAReversalOfAnother) {
  const int n = 7;
  const examples::langford::Problem problem = examples::langford::problem(n);
  dlx::Solver solver(problem.matrix);
  std::vector<std::vector<int>> seen;
  solver.search([&](std::span<const dlx::OptionId> solution) {
    const std::vector<int> sequence = examples::langford::sequence(problem, n, solution);
    for (int value = 1; value <= n; ++value) {
      std::vector<int> at;
      for (int j = 0; j < 2 * n; ++j) {
        if (sequence[j] == value) at.push_back(j);
      }
      EXPECT_EQ(at.size(), 2u);
      if (at.size() == 2) {
        EXPECT_EQ(at[1] - at[0], value + 1);
      }
    }
    seen.push_back(sequence);
    return true;
  });
  for (const std::vector<int>& sequence : seen) {
    const std::vector<int> reversed(sequence.rbegin(), sequence.rend());
    EXPECT_EQ(std::find(seen.begin(), seen.end(), reversed), seen.end());
  }
  EXPECT_EQ(seen.size(), 26u);
}

TEST(Langford, ShippedDlxFileIsWhatTheCommandWritesAndHas26Solutions) {
  std::ostringstream text;
  examples::write_dlx(text, examples::langford::problem(7).matrix, "");
  const std::string shipped = examples_test::slurp(EXAMPLES_DIR "/langford/langford7.dlx");
  EXPECT_EQ(examples_test::without_comments(shipped), text.str());
  EXPECT_EQ(count(dlx::read_problem(shipped).matrix), 26u);
}

TEST(LangfordCommand, CountsDrawsAndWrites) {
  EXPECT_EQ(run(LANGFORD_BINARY, "").out, "150\n");
  EXPECT_EQ(run(LANGFORD_BINARY, "--mirrors 7").out, "52\n");
  EXPECT_EQ(run(LANGFORD_BINARY, "-p 3").out, "3 1 2 1 3 2\n1\n");
  EXPECT_EQ(run(LANGFORD_BINARY, "--dlx 7").out,
            examples_test::slurp(EXAMPLES_DIR "/langford/langford7.dlx"));
  EXPECT_NE(run(LANGFORD_BINARY, "--help").out.find("Usage: langford"), std::string::npos);
}

TEST(LangfordCommand, ExitStatus) {
  EXPECT_EQ(run(LANGFORD_BINARY, "5").status, 1);
  EXPECT_EQ(run(LANGFORD_BINARY, "5").out, "0\n");
  const auto bad = run(LANGFORD_BINARY, "seven");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "langford: N expects a whole number from 1 to 1000, not 'seven'\n");
}

}  // namespace
