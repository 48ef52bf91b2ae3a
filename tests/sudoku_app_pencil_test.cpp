// Pencil-mark input through the sudoku command: the candidate grid it prints read back, candidate
// lines solved, counted, rated and hinted keeping to their candidates, a bad one reported while
// the batch goes on, and a session loading one.
#include <gtest/gtest.h>

#include <string>

#include "app_run.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/cache.hpp"

namespace {

using app_run::contains;

// The example puzzle of Wikipedia's "Sudoku" article and its solution; without its 6 in r3c8 it
// has two solutions, with 4 or 3 in r2c7 (examples/sudoku/multi.txt).
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const std::string two_solutions =
    "53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79";

// The candidate line of a puzzle's start, less the candidates listed as (cell, digit).
std::string candidate_line(const std::string& puzzle,
                           std::initializer_list<std::pair<int, int>> removed = {}) {
  const sudoku::Record r = sudoku::read_all(puzzle).at(0);
  sudoku::Candidates c = sudoku::start_candidates(r);
  for (const auto& [cell, digit] : removed) c.eliminate(cell, digit);
  std::string line;
  for (int cell = 0; cell < 81; ++cell)
    for (int d = 1; d <= 9; ++d)
      line += (c.mask(cell) & sudoku::digit_bit(d)) ? char('0' + d) : '.';
  return line;
}

class SudokuPencil : public app_run::Sandbox {
 protected:
  app_run::Outcome sudoku(const std::string& args, const std::string& stdin_text = "") {
    return run(SUDOKU_BINARY, args, stdin_text);
  }
  std::string bin() const { return std::string("'") + SUDOKU_BINARY + "'"; }
};

TEST_F(SudokuPencil, TheHintsCandidateGridReadsBack) {
  file("p.txt", wiki + "\n");
  app_run::Outcome o = shell(bin() + " --hint p.txt | tail -n +2 | " + bin() + " -f line");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, wiki_solution + "\n");
  o = shell(bin() + " --hint p.txt | tail -n +2 | " + bin() + " --hint -f line");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, "r1c6=8: hidden single in box 2\n");
  // With a candidate gone in the grid, it stays gone: r1c3 without its 4 has no solution.
  o = shell(bin() + " --hint p.txt | tail -n +2 | sed '4s/ 4\\.\\. |/ ... |/' | " + bin() +
            " -f line --count");
  EXPECT_EQ(o.out, "0\n") << o.err;
}

// The grid in colour reads as the same grid: the reader reads through the colour codes.
TEST_F(SudokuPencil, TheHintsCandidateGridInColourReadsBack) {
  file("p.txt", wiki + "\n");
  const app_run::Outcome o =
      shell(bin() + " --hint --color always p.txt | tail -n +2 | " + bin() + " -f line");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.err, "");
  EXPECT_EQ(o.out, wiki_solution + "\n");
}

TEST_F(SudokuPencil, ACandidateLineKeepsItsCandidates) {
  file("two.txt",
       candidate_line(two_solutions) + "\n" + candidate_line(two_solutions, {{15, 4}}) + "\n");
  app_run::Outcome o = sudoku("--count -f line two.txt");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, "2\n1\n");
  o = sudoku("-f line --unique two.txt");
  EXPECT_EQ(o.out, wiki_solution + "\n" + wiki_solution + "\n");
  file("wiki.txt", candidate_line(wiki) + "\n");
  o = sudoku("--hint -f line wiki.txt");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, "r1c6=8: hidden single in box 2\n");
  o = sudoku("--rate -f line wiki.txt");
  EXPECT_EQ(o.out, sudoku("--rate -f line", wiki + "\n").out);
  // Without the 8 of r1c6 there is no solution, and no hint.
  file("cut.txt", candidate_line(wiki, {{5, 8}}) + "\n");
  o = sudoku("--hint -f line cut.txt");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, "no solution\n");
  o = sudoku("-v 3 cut.txt");
  EXPECT_EQ(o.status, 1);
  EXPECT_TRUE(contains(o.out, "no solution"));
}

TEST_F(SudokuPencil, ABadCandidateLineIsReportedAndTheBatchGoesOn) {
  std::string bad = candidate_line(wiki);
  bad[9 + 2] = '7';  // place 3 of r1c2
  file("batch.txt", candidate_line(wiki) + "\n" + bad + "\n" + wiki + "\n");
  const app_run::Outcome o = sudoku("-f line batch.txt");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.out, wiki_solution + "\nerror\n" + wiki_solution + "\n");
  EXPECT_TRUE(contains(o.err, "batch.txt:2:12: bad character '7' in a candidate line"));
}

TEST_F(SudokuPencil, HodokusGridIsRead) {
  file("pm.txt",
       ".------------------.----------------.-------------------.\n"
       "| 5    3     124   | 26    7   2468 | 1489   1249  248  |\n"
       "| 6    247   247   | 1     9   5    | 3478   234   2478 |\n"
       "| 12   9     8     | 23    34  24   | 13457  6     247  |\n"
       ":------------------+----------------+-------------------:\n"
       "| 8    125   1259  | 579   6   147  | 4579   2459  3    |\n"
       "| 4    25    2569  | 8     5   3    | 579    259   1    |\n"
       "| 7    15    1359  | 59    2   14   | 4589   459   6    |\n"
       ":------------------+----------------+-------------------:\n"
       "| 139  6     13457 | 357   35  7    | 2      8     4    |\n"
       "| 23   278   237   | 4     1   9    | 36     3     5    |\n"
       "| 123  1245  12345 | 2356  8   26   | 1346   7     9    |\n"
       "'------------------'----------------'-------------------'\n");
  const app_run::Outcome o = sudoku("-f line pm.txt");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, wiki_solution + "\n");
}

TEST_F(SudokuPencil, ASessionLoadsACandidateLine) {
  file("cut.txt", candidate_line(wiki, {{2, 4}}) + "\n");
  app_run::Outcome o = sudoku("-i cut.txt", "count\nquit\n");
  EXPECT_TRUE(contains(o.out, "no solution left")) << o.out;
  file("wiki.txt", wiki + "\n");
  o = sudoku("-i wiki.txt", "load cut.txt\ncount\nquit\n");
  EXPECT_TRUE(contains(o.out, "no solution left")) << o.out;
  // The candidate grid on standard input, then the commands (the rule under it is no command).
  o = shell(bin() + " --hint wiki.txt | tail -n +2 > grid.txt; (cat grid.txt; echo count) | " +
            bin() + " -i -");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(contains(o.out, "1 solution left")) << o.out;
  EXPECT_FALSE(contains(o.out + o.err, "unknown command")) << o.out << o.err;
}

}  // namespace
