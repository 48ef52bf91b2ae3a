// The queens example: its encoding against the known counts, and the queens command.
#include <gtest/gtest.h>

#include <array>
#include <dlx/reader.hpp>
#include <sstream>

#include "common/cli.hpp"
#include "examples_run.hpp"
#include "queens/queens.hpp"

namespace {

using examples_test::count;
using examples_test::run;

// The number of ways to place n nonattacking queens on an n x n board, n = 1..11:
// OEIS A000170.
constexpr std::array<std::uint64_t, 11> known = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680};

TEST(Queens, CountsAreOeisA000170) {
  for (int n = 1; n <= 11; ++n) {
    EXPECT_EQ(count(examples::queens::matrix(n)), known[static_cast<std::size_t>(n - 1)])
        << "n = " << n;
  }
}

TEST(Queens, ItemsAreRowsAndColumnsPrimaryAndDiagonalsSecondary) {
  const dlx::Matrix matrix = examples::queens::matrix(8);
  EXPECT_EQ(matrix.item_count(), 8u + 8u + 15u + 15u);
  EXPECT_EQ(matrix.primary_count(), 16u);
  EXPECT_EQ(matrix.option_count(), 64u);
  EXPECT_EQ(matrix.item_kind(matrix.find_item("a14")), dlx::ItemKind::secondary);
}

TEST(Queens, EverySolutionIsNonattacking) {
  const int n = 6;
  const dlx::Matrix matrix = examples::queens::matrix(n);
  dlx::Solver solver(matrix);
  int seen = 0;
  solver.search([&](std::span<const dlx::OptionId> solution) {
    const std::vector<int> column = examples::queens::columns(n, solution);
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < i; ++k) {
        EXPECT_NE(column[i], column[k]);
        EXPECT_NE(std::abs(column[i] - column[k]), i - k);
      }
    }
    ++seen;
    return true;
  });
  EXPECT_EQ(seen, 4);
}

TEST(Queens, PictureDrawsOneQueenPerRow) {
  const std::vector<int> columns = {1, 3, 0, 2};
  EXPECT_EQ(examples::queens::picture(columns), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
}

TEST(Queens, ShippedDlxFileIsWhatTheCommandWritesAndHas92Solutions) {
  std::ostringstream text;
  examples::write_dlx(text, examples::queens::matrix(8), "comment");
  const std::string shipped = examples_test::slurp(EXAMPLES_DIR "/queens/queens8.dlx");
  EXPECT_EQ(examples_test::without_comments(shipped), examples_test::without_comments(text.str()));
  EXPECT_EQ(count(dlx::read_problem(shipped).matrix), 92u);
}

TEST(QueensCommand, CountsDrawsAndWrites) {
  EXPECT_EQ(run(QUEENS_BINARY, "").out, "92\n");
  EXPECT_EQ(run(QUEENS_BINARY, "10").out, "724\n");
  const auto drawn = run(QUEENS_BINARY, "-p 4");
  EXPECT_EQ(drawn.status, 0);
  EXPECT_EQ(drawn.out,
            ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n2\n");
  EXPECT_EQ(run(QUEENS_BINARY, "--limit 3 8").out, "at least 3 (stopped by --limit)\n");
  EXPECT_EQ(run(QUEENS_BINARY, "--dlx 8").out,
            examples_test::slurp(EXAMPLES_DIR "/queens/queens8.dlx"));
  EXPECT_NE(run(QUEENS_BINARY, "--help").out.find("Usage: queens"), std::string::npos);
}

TEST(QueensCommand, ExitStatus) {
  EXPECT_EQ(run(QUEENS_BINARY, "3").status, 1);
  const auto bad = run(QUEENS_BINARY, "--size 3");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(bad.err, "queens: unknown option '--size' (see --help)\n");
  EXPECT_EQ(run(QUEENS_BINARY, "0").status, 2);
  EXPECT_EQ(run(QUEENS_BINARY, "--limit 0").status, 2);
  EXPECT_EQ(run(QUEENS_BINARY, "--threads x 8").status, 2);
}

TEST(QueensCommand, ThreadsGiveTheSameCountsAndDrawingsInTheSameOrder) {
  EXPECT_EQ(run(QUEENS_BINARY, "-j 2 10").out, "724\n");
  EXPECT_EQ(run(QUEENS_BINARY, "--threads 3 9").out, "352\n");
  EXPECT_EQ(run(QUEENS_BINARY, "-j 2 -p 6").out, run(QUEENS_BINARY, "-p 6").out);
  EXPECT_EQ(run(QUEENS_BINARY, "-j 3 -p --limit 5 8").out,
            run(QUEENS_BINARY, "-p --limit 5 8").out);
  EXPECT_EQ(run(QUEENS_BINARY, "-j 2 3").status, 1);
}

}  // namespace
