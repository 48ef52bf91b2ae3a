// The sudoku command's --canonical and --dedupe, run as a user would run them.
#include <gtest/gtest.h>

#include <string>

#include "app_run.hpp"

namespace {

using app_run::contains;

class Canonical : public app_run::Sandbox {
 protected:
  app_run::Outcome sudoku(const std::string& args, const std::string& input = "") {
    return run(SUDOKU_BINARY, args, input);
  }
};

// Two 17-clue puzzles of Gordon Royle's collection (inequivalent), each written in its minlex form.
const std::string first =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
const std::string second =
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....";
// The first transposed, with its digits 1 and 9 swapped: equivalent to it.
const std::string first_again =
    "........6......372....95................4..8...23....7...........32.6....9....41.";
// The first with a letter in r6c6: not a puzzle.
const std::string bad =
    ".................1.....2.3......3.2...1.4......5..z.6..3......4.7..8...962...7...";

const std::string set = first_again + "\n" + second + "\n" + bad + "\n" + first + "\n";

TEST_F(Canonical, PrintsEachFormInInputOrder) {
  file("set.txt", set);
  const auto r = sudoku("--canonical set.txt");
  EXPECT_EQ(r.status, 2) << r.err;  // the bad line
  EXPECT_EQ(r.out, first + "\n" + second + "\nerror\n" + first + "\n");
  EXPECT_TRUE(contains(r.err, "set.txt:3:51: bad character 'z'")) << r.err;
  EXPECT_TRUE(contains(r.err, "4 puzzles: 1 error")) << r.err;
}

TEST_F(Canonical, ReadsStandardInputAndOtherShapes) {
  const auto r = sudoku("--canonical", first_again + "\n" + second + "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, first + "\n" + second + "\n");
  // A 4x4 puzzle and its mirror image share their form; hyper grids have their own group.
  const auto four = sudoku("--canonical", "1...........4...\n...1...........4\n");
  EXPECT_EQ(four.status, 0) << four.err;
  EXPECT_EQ(four.out, ".............1.2\n.............1.2\n");  // transposed: both in the last row
  // A hyper puzzle turned half round (a symmetry of hyper grids) keeps its form.
  const std::string hyper =
      ".1.....4......4..1..3.......4.........8..7...9...4.6..........28.1.7......7..65..";
  const std::string turned(hyper.rbegin(), hyper.rend());
  const auto h = sudoku("--canonical --hyper", hyper + "\n" + turned + "\n");
  EXPECT_EQ(h.status, 0) << h.err;
  // The variant's header once, then both forms: it reads back as hyper puzzles.
  const std::string header = "#variant hyper\n";
  ASSERT_EQ(h.out.size(), header.size() + 164u) << h.out;
  EXPECT_EQ(h.out.substr(0, header.size()), header);
  EXPECT_EQ(h.out.substr(header.size(), 82), h.out.substr(header.size() + 82));
}

TEST_F(Canonical, JsonGivesPuzzleAndForm) {
  const auto r = sudoku("--canonical -f json", first_again + "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "\"puzzle\":\"" + first_again + "\",\"canonical\":\"" + first + "\""))
      << r.out;
}

TEST_F(Canonical, DedupeDropsEquivalentPuzzles) {
  file("set.txt", set);
  const auto r = sudoku("--dedupe --stats set.txt");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, first_again + "\n" + second + "\n");  // no 'error' among the puzzles
  EXPECT_TRUE(contains(r.err, "set.txt:3:51: bad character 'z'")) << r.err;
  EXPECT_TRUE(contains(r.err, "set.txt:4: equivalent to set.txt:1, left out")) << r.err;
  EXPECT_TRUE(
      contains(r.err, "4 puzzles: 2 kept, 1 equivalent to an earlier one left out, 1 error"))
      << r.err;
  // Across files, and on several threads, the earlier file's puzzle is kept.
  file("a.txt", second + "\n");
  file("b.txt", first + "\n" + second + "\n" + first_again + "\n");
  const auto both = sudoku("--dedupe -j 2 a.txt b.txt");
  EXPECT_EQ(both.status, 0) << both.err;
  EXPECT_EQ(both.out, second + "\n" + first + "\n");
}

TEST_F(Canonical, OptionsOfASearchAreRefused) {
  const auto r = sudoku("--canonical --unique", first + "\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "--canonical solves nothing; it does not go with --unique")) << r.err;
  const auto both = sudoku("--canonical --dedupe", first + "\n");
  EXPECT_EQ(both.status, 2);
  EXPECT_TRUE(contains(both.err, "cannot be used together")) << both.err;
  EXPECT_TRUE(contains(sudoku("--help").out, "--dedupe"));
}

}  // namespace
