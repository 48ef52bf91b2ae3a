// The sudoku-dlx example: the encoding of puzzles of every variant, checked against the sudoku
// library's own checks, and the sudoku-dlx command with the dlx command behind it.
#include <gtest/gtest.h>

#include <dlx/reader.hpp>
#include <sstream>
#include <sudoku/io/reader.hpp>
#include <sudoku/model/grid.hpp>

#include "common/cli.hpp"
#include "examples_run.hpp"
#include "sudoku-dlx/sudoku_dlx.hpp"

namespace {

using examples_test::count;
using examples_test::run;

std::vector<sudoku::Record> puzzles(const std::string& file) {
  return sudoku::read_all(examples_test::slurp(EXAMPLES_DIR "/sudoku/" + file));
}

// Every solution of the exact-cover problem of the first puzzle of a file is a solution of the
// puzzle (sudoku::is_solution); returns how many there are.
std::uint64_t checked_solutions(const sudoku::Record& record) {
  const examples::sudoku_dlx::Problem problem =
      examples::sudoku_dlx::problem(*record.geometry, record.givens);
  dlx::Solver solver(problem.matrix);
  return solver
      .search([&](std::span<const dlx::OptionId> solution) {
        EXPECT_TRUE(
            sudoku::is_solution(*record.geometry, record.givens,
                                examples::sudoku_dlx::solution(problem, record.givens, solution)));
        return true;
      })
      .stats.solutions;
}

// The example puzzles of examples/sudoku say how many solutions they have in their comments.
TEST(SudokuDlx, ExamplePuzzlesOfEveryVariant) {
  for (const std::string file :
       {"regular.txt", "hyper.txt", "x.txt", "jigsaw.txt", "16x16.txt", "samurai.txt"}) {
    const std::vector<sudoku::Record> records = puzzles(file);
    ASSERT_FALSE(records.empty()) << file;
    ASSERT_TRUE(records[0].ok()) << file;
    EXPECT_EQ(checked_solutions(records[0]), 1u) << file;
  }
  const std::vector<sudoku::Record> multi = puzzles("multi.txt");
  ASSERT_EQ(multi.size(), 2u);
  EXPECT_EQ(checked_solutions(multi[0]), 2u);
  EXPECT_EQ(checked_solutions(multi[1]), 8u);
}

TEST(SudokuDlx, ItemsAreEmptyCellsAndMissingHouseDigits) {
  const sudoku::Record record = puzzles("regular.txt")[0];
  const examples::sudoku_dlx::Problem problem =
      examples::sudoku_dlx::problem(*record.geometry, record.givens);
  // 30 givens: 51 empty cells; each of the 27 houses misses 9 minus its givens: 81 - 30 a kind.
  EXPECT_EQ(problem.matrix.item_count(), 51u + 3u * 51u);
  EXPECT_NE(problem.matrix.find_item("r1c3"), -1);
  EXPECT_EQ(problem.matrix.find_item("r1c1"), -1);  // a given
  EXPECT_NE(problem.matrix.find_item("box9=1"), -1);
  EXPECT_EQ(problem.matrix.find_item("row1=5"), -1);  // given in row 1
  const sudoku::Record x = puzzles("x.txt")[0];
  EXPECT_NE(examples::sudoku_dlx::problem(*x.geometry, x.givens).matrix.find_item("diag1=1"), -1);
}

TEST(SudokuDlx, ClashingGivensAreRefused) {
  const std::vector<sudoku::Record> records = sudoku::read_all(
      "55..............................................................................."
      "\n");
  ASSERT_TRUE(records[0].ok());
  EXPECT_THROW(examples::sudoku_dlx::problem(*records[0].geometry, records[0].givens),
               std::invalid_argument);
}

TEST(SudokuDlx, ShippedDlxFilesAreWhatTheCommandWrites) {
  for (const std::string name : {"regular", "x"}) {
    const sudoku::Record record = puzzles(name + ".txt")[0];
    std::ostringstream text;
    examples::write_dlx(text, examples::sudoku_dlx::problem(*record.geometry, record.givens).matrix,
                        "");
    const std::string shipped = examples_test::slurp(EXAMPLES_DIR "/sudoku-dlx/" + name + ".dlx");
    EXPECT_EQ(examples_test::without_comments(shipped), text.str()) << name;
    EXPECT_EQ(count(dlx::read_problem(shipped).matrix), 1u) << name;
  }
}

TEST(SudokuDlxCommand, WritesCountsAndDraws) {
  const std::string dir = EXAMPLES_DIR "/..";
  const auto written = run(SUDOKU_DLX_BINARY, "examples/sudoku/regular.txt", "", dir);
  EXPECT_EQ(written.status, 0);
  EXPECT_EQ(written.out, examples_test::slurp(EXAMPLES_DIR "/sudoku-dlx/regular.dlx"));
  EXPECT_EQ(run(SUDOKU_DLX_BINARY, "-n 2 --count examples/sudoku/multi.txt", "", dir).out, "8\n");
  const auto drawn =
      run(SUDOKU_DLX_BINARY, "-p -",
          "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n");
  EXPECT_EQ(drawn.status, 0);
  EXPECT_NE(drawn.out.find("| 4  1  7 | 3  6  9 | 8  2  5 |"), std::string::npos);
  EXPECT_EQ(drawn.out.substr(drawn.out.size() - 2), "1\n");
#ifdef DLX_BINARY
  const auto piped =
      run("/bin/sh", "-c \"'" SUDOKU_DLX_BINARY "' examples/sudoku/jigsaw.txt | '" DLX_BINARY "'\"",
          "", dir);
  EXPECT_EQ(piped.out, "1\n");
#endif
}

TEST(SudokuDlxCommand, ExitStatus) {
  // Givens that clash are a bad puzzle (2), reported at the later cell as the sudoku command
  // reports them; nothing is written.
  const auto clash =
      run(SUDOKU_DLX_BINARY, "-",
          "55...............................................................................\n");
  EXPECT_EQ(clash.status, 2);
  EXPECT_EQ(clash.err, "sudoku-dlx: -:1:2: givens clash: r1c1 and r1c2 both hold 5 in row 1\n");
  EXPECT_EQ(clash.out, "");
  const auto counted =
      run(SUDOKU_DLX_BINARY, "--count -",
          "# two 5s in row 1\n"
          ".5..5............................................................................\n");
  EXPECT_EQ(counted.status, 2);
  EXPECT_EQ(counted.err, "sudoku-dlx: -:2:5: givens clash: r1c2 and r1c5 both hold 5 in row 1\n");
  EXPECT_EQ(counted.out, "");
  const auto box = run(SUDOKU_DLX_BINARY, "-p -",
                       "1.........1......................................................"
                       "................\n");
  EXPECT_EQ(box.status, 2);
  EXPECT_EQ(box.err, "sudoku-dlx: -:1:11: givens clash: r1c1 and r2c2 both hold 1 in box 1\n");
  const auto bad = run(SUDOKU_DLX_BINARY, "-", "123\n");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err.substr(0, 16), "sudoku-dlx: -:1:");
  EXPECT_EQ(run(SUDOKU_DLX_BINARY, "-n 3 examples/sudoku/multi.txt", "", EXAMPLES_DIR "/..").status,
            2);
  EXPECT_EQ(run(SUDOKU_DLX_BINARY, "--dlx -", "").status, 2);
}

TEST(SudokuDlxCommand, FileErrorsSayWhy) {
  const auto missing = run(SUDOKU_DLX_BINARY, "missing.txt", "", EXAMPLES_DIR);
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err, "sudoku-dlx: missing.txt: No such file or directory\n");
  EXPECT_EQ(missing.out, "");
  const auto folder = run(SUDOKU_DLX_BINARY, "sudoku", "", EXAMPLES_DIR);
  EXPECT_EQ(folder.status, 2);
  EXPECT_EQ(folder.err, "sudoku-dlx: sudoku: Is a directory\n");
  // A directory as standard input: the read itself fails.
  const auto read = run("/bin/sh", "-c \"'" SUDOKU_DLX_BINARY "' <sudoku\"", "", EXAMPLES_DIR);
  EXPECT_EQ(read.status, 2);
  EXPECT_EQ(read.err, "sudoku-dlx: -: Is a directory\n");
}

}  // namespace
