// An interactive session driven command by command: the commands, undo and redo, files, errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <map>
#include <stdexcept>
#include <string>

#include "sudoku/io/writer.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/play/session.hpp"

namespace {

using sudoku::Reply;
using sudoku::Session;
using sudoku::SessionOptions;

// A 4x4 puzzle with one solution, 1234 / 3412 / 2341 / 4123 (checked with `sudoku --count`).
const std::string small = ".2.43......14...";
// The example puzzle of Wikipedia's "Sudoku" article (the same article gives its solution).
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// The first puzzle of magictour's top 1465, a classic list of hard puzzles.
const std::string hard =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
// magictour's top1465 first puzzle without its given r7c6: several solutions, and the full
// ladder stops with cells open.
const std::string stalls =
    "4...3.......6..8..........1....5..9..8....6...7.2........1..7..5.3....4.9........";

// The last line of a reply: the status line after a grid.
std::string last_line(const std::string& text) {
  const std::size_t end = text.size() - 1;
  return text.substr(text.rfind('\n', end - 1) + 1);
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n') + 1);
}

// A session whose files live in a map.
class Files : public ::testing::Test {
 protected:
  Files() {
    options_.read_file = [this](const std::string& path) {
      const auto it = files_.find(path);
      if (it == files_.end()) throw std::runtime_error(path + ": No such file or directory");
      return it->second;
    };
    options_.write_file = [this](const std::string& path, const std::string& text) {
      files_[path] = text;
    };
  }
  std::map<std::string, std::string> files_;
  SessionOptions options_;
};

TEST(Session, StartsOnABlankGridWithTheCombinationsOfItsCandidates) {
  Session session;
  EXPECT_EQ(session.geometry().size(), 9);
  // 9^81 = 1.966e77 combinations: far beyond 64 bits.
  EXPECT_EQ(session.status(), "81 cells to fill, 729 candidates left\n");
  SessionOptions options;
  options.reader.size = 4;
  Session four(options);
  EXPECT_EQ(four.status(), "16 cells to fill, 64 candidates left\n");
}

TEST(Session, OpensAPuzzleAndShowsItsCandidates) {
  Session session;
  const Reply reply = session.open("p.txt", small);
  ASSERT_TRUE(reply.ok) << reply.text;
  EXPECT_EQ(reply.text,
            "    1   2    3   4\n"
            "  +--------+--------+\n"
            "1 | 1.  2  | 1.  4  |\n"
            "  | ..     | 3.     |\n"
            "  |        |        |\n"
            "2 | 3   1. | 12  .2 |\n"
            "  |     .4 | ..  .. |\n"
            "  +--------+--------+\n"
            "3 | .2  .. | .2  1  |\n"
            "  | ..  3. | 34     |\n"
            "  |        |        |\n"
            "4 | 4   1. | .2  .2 |\n"
            "  |     3. | 3.  3. |\n"
            "  +--------+--------+\n"
            "11 cells to fill, 19 candidates left\n");
  EXPECT_EQ(session.show(), reply.text);
  EXPECT_EQ(session.givens()[1], 2);
}

TEST(Session, ReportsAPuzzleThatCannotBeRead) {
  Session session;
  Reply reply = session.open("bad.txt", "# a comment\n53..7z...\n");
  EXPECT_FALSE(reply.ok);
  EXPECT_TRUE(reply.text.starts_with("bad.txt:2:6: bad character 'z'")) << reply.text;
  reply = session.open("clash.txt", "55" + wiki.substr(2));
  EXPECT_FALSE(reply.ok);
  EXPECT_EQ(reply.text, "clash.txt:1:2: givens clash: r1c1 and r1c2 both hold 5 in row 1\n");
  reply = session.open("empty.txt", "# nothing\n");
  EXPECT_TRUE(reply.ok);
  EXPECT_TRUE(reply.text.starts_with("empty.txt: no puzzle; a blank grid\n")) << reply.text;
}

TEST(Session, HintShowsTheNextStepAndChangesNothing) {
  Session session;
  session.open("p.txt", small);
  const std::string before = session.show();
  // In stages: the technique and where to look (its house marked), then the cells and digits
  // of the reasoning, then the deduction.
  Reply hint = session.run("hint");
  EXPECT_TRUE(hint.ok);
  EXPECT_EQ(first_line(hint.text), "hidden single in box 1\n");
  EXPECT_NE(hint.text.find("1 |*1.**2 *| 1."), std::string::npos) << hint.text;
  EXPECT_EQ(hint.cells, (std::vector<int>{0, 1, 4, 5}));
  EXPECT_EQ(session.hint_stage(), 1);
  hint = session.run("hint");
  EXPECT_EQ(first_line(hint.text), "hidden single in box 1: 4 in r2c2\n");
  EXPECT_EQ(hint.cells, std::vector<int>{5});
  EXPECT_TRUE(hint.placed.empty());  // the candidates only at the last stage
  hint = session.run("hint");
  EXPECT_EQ(first_line(hint.text), "r2c2=4: hidden single in box 1\n");
  ASSERT_EQ(hint.placed.size(), 1u);
  EXPECT_EQ(hint.placed[0].cell, 5);
  EXPECT_EQ(hint.placed[0].digit, 4);
  EXPECT_TRUE(hint.removed.empty());
  EXPECT_NE(hint.text.find("2 | 3  *1.*|"), std::string::npos) << hint.text;  // marked
  EXPECT_EQ(session.hint_stage(), 3);
  // Past the last stage, the hint says it has told everything, and keeps its cells.
  hint = session.run("hint");
  EXPECT_EQ(hint.text, "that is the whole hint: 'step' takes it\n");
  EXPECT_EQ(hint.cells, std::vector<int>{5});
  EXPECT_EQ(hint.placed.size(), 1u);
  EXPECT_EQ(session.hint_stage(), 3);
  EXPECT_EQ(session.show(), before);
  EXPECT_EQ(session.run("undo").text, "nothing to undo\n");
}

// A forcing chain's hint lists its links at the last stage (puzzles3_magictour_top1465's first
// puzzle, stepped until a forcing chain or net is next).
TEST(Session, AForcingChainsHintListsItsLinks) {
  Session session;
  session.open(
      "p.txt",
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n");
  int steps = 0;
  while (session.run("hint").text.find("forcing") == std::string::npos && steps < 200) {
    session.run("step");
    ++steps;
  }
  ASSERT_LT(steps, 200);
  session.run("hint");
  const Reply last = session.run("hint");
  EXPECT_NE(last.text.find("\n  r"), std::string::npos) << last.text;
  EXPECT_NE(last.text.find(" -> "), std::string::npos) << last.text;
  EXPECT_EQ(session.run("hint").text, "that is the whole hint: 'step' takes it\n");
}

TEST(Session, StepUndoAndRedo) {
  Session session;
  session.open("p.txt", small);
  const std::string start = session.show();
  const Reply step = session.run("step");
  EXPECT_EQ(first_line(step.text), "r2c2=4: hidden single in box 1\n");
  EXPECT_EQ(step.cells, std::vector<int>{5});  // the step's cells, for a front end to mark
  EXPECT_EQ(session.candidates().value(5), 4);
  EXPECT_EQ(last_line(step.text), "10 cells to fill, 17 candidates left\n");
  const std::string after = session.show();
  EXPECT_EQ(session.run("undo").text, start);
  EXPECT_EQ(session.candidates().value(0), 0);
  EXPECT_EQ(session.run("redo").text, after);
  EXPECT_EQ(session.run("redo").text, "nothing to redo\n");
  // A new change forgets what could be redone.
  session.run("undo");
  session.run("set r1c3 3");
  EXPECT_FALSE(session.run("redo").ok);
}

TEST(Session, SetChecksTheCellAndTheDigit) {
  Session session;
  session.open("w.txt", wiki);
  EXPECT_EQ(session.run("set r1c3 4").text.substr(0, 7), "r1c3=4\n");
  EXPECT_EQ(session.run("set r1c3 9").text, "r1c3 holds 4 already; clear it first\n");
  EXPECT_EQ(session.run("set r1c1 5").text, "r1c1 holds the given 5\n");
  const Reply clash = session.run("set r1c4 5");
  EXPECT_EQ(clash.text, "5 is in r1c1 already, in the same row\n");
  EXPECT_EQ(clash.cells, (std::vector<int>{3, 0}));  // the cell, then the peer that holds 5
  EXPECT_EQ(session.run("set r2c2 8").text, "8 is in r3c3 already, in the same box\n");
  EXPECT_EQ(session.run("set r10c1 3").text, "'r10c1' is no cell of a 9x9 grid (r1c1 to r9c9)\n");
  EXPECT_EQ(session.run("set r1 3").text, "'r1' is no cell of a 9x9 grid (r1c1 to r9c9)\n");
  EXPECT_EQ(session.run("set r1c4 0").text, "'0' is no digit of a 9x9 grid (1 to 9)\n");
  EXPECT_EQ(session.run("set r1c4").text, "set needs a cell and a digit, e.g. 'set r3c5 7'\n");
  EXPECT_FALSE(session.run("set r1c4 x").ok);
  // Case does not matter, and a digit may be written as its number.
  EXPECT_TRUE(session.run("SET R1C4 6").ok);
}

TEST(Session, SetRefusesADigitAStepRemoved) {
  // The techniques stop on it with cells open, after removing candidates that no placed digit
  // rules out.
  Session session;
  session.open("hard.txt", stalls);
  session.run("solve");
  const sudoku::Candidates& now = session.candidates();
  const sudoku::Candidates plain =
      sudoku::start_candidates(session.geometry(), session.candidates().grid());
  int cell = 0, digit = 0;
  for (int c = 0; c < 81 && digit == 0; ++c)
    for (int d = 1; d <= 9 && digit == 0; ++d)
      if ((plain.mask(c) & sudoku::digit_bit(d)) && !(now.mask(c) & sudoku::digit_bit(d))) {
        cell = c;
        digit = d;
      }
  ASSERT_NE(digit, 0);
  const std::string name = sudoku::cell_name(9, cell);
  const Reply reply = session.run("set " + name + " " + std::to_string(digit));
  EXPECT_FALSE(reply.ok);
  EXPECT_TRUE(reply.text.starts_with(std::to_string(digit) + " is no candidate of " + name +
                                     " any more (a step removed it); its candidates: "))
      << reply.text;
}

TEST(Session, ClearWorksTheCandidatesOutAgainButKeepsTheGivens) {
  Session session;
  session.open("w.txt", wiki);
  const std::string start = session.show();
  session.run("set r1c3 4");
  EXPECT_EQ(session.run("clear r1c1").text, "r1c1 holds a given; givens cannot be cleared\n");
  EXPECT_EQ(session.run("clear r1c4").text, "r1c4 holds no digit\n");
  const Reply cleared = session.run("clear r1c3");
  EXPECT_TRUE(cleared.ok);
  EXPECT_EQ(cleared.text, "r1c3 cleared\n" + start);
  // After steps, a clear brings back what they removed: the candidates of the digits left.
  session.open("hard.txt", stalls);
  session.run("solve");
  int open = 0;
  while (session.candidates().value(open) != 0) ++open;
  const int digit = std::countr_zero(session.candidates().mask(open)) + 1;
  const std::string name = sudoku::cell_name(9, open);
  ASSERT_TRUE(session.run("set " + name + " " + std::to_string(digit)).ok);
  session.run("clear " + name);
  const sudoku::Candidates plain =
      sudoku::start_candidates(session.geometry(), session.candidates().grid());
  for (int cell = 0; cell < 81; ++cell)
    EXPECT_EQ(session.candidates().mask(cell), plain.mask(cell)) << cell;
  session.run("undo");
  EXPECT_EQ(session.candidates().value(open), digit);
}

TEST(Session, SinglesSolesAndSolve) {
  Session session;
  session.open("p.txt", small);
  const Reply soles = session.run("soles");
  EXPECT_TRUE(soles.text.starts_with("6 hidden singles: r1c3=3, r2c2=4, ")) << soles.text;
  EXPECT_EQ(last_line(soles.text), "5 cells to fill, 5 candidates left\n");
  EXPECT_EQ(first_line(session.run("soles").text), "no hidden single\n");
  session.run("undo");
  const Reply singles = session.run("singles");
  EXPECT_TRUE(singles.text.starts_with("11 naked singles: r1c1=1, ")) << singles.text;
  EXPECT_EQ(last_line(singles.text), "solved: every cell holds a digit\n");
  EXPECT_EQ(session.run("singles").text, "no naked single\n");
  EXPECT_EQ(session.run("solve").text, "the grid is solved\n");
  EXPECT_EQ(session.run("hint").text, "the grid is solved\n");
  EXPECT_EQ(session.run("step").text, "the grid is solved\n");
  session.run("undo");
  const Reply solve = session.run("solve");
  EXPECT_TRUE(solve.text.starts_with("11 steps (the hardest: ")) << solve.text;
  EXPECT_EQ(sudoku::format_line(session.geometry(), session.candidates().grid()),
            "1234341223414123");

  session.open("w.txt", wiki);
  session.run("solve");
  EXPECT_EQ(sudoku::format_line(session.geometry(), session.candidates().grid()), wiki_solution);
}

TEST(Session, CountsTheSolutionsLeft) {
  Session session;
  session.open("w.txt", wiki);
  EXPECT_EQ(session.run("count").text, "1 solution left\n");
  SessionOptions options;
  options.reader.size = 4;
  options.count_limit = 1000;
  Session blank(options);
  // 288 4x4 grids (OEIS A107739).
  EXPECT_EQ(blank.run("count").text, "288 solutions left\n");
  // A candidate removed by hand is out of every solution counted: by symmetry a quarter of the
  // grids have 1 in r1c1 (72), a quarter 2 in r1c2 (72), and a twelfth both (24): 288 - 72 - 72
  // + 24 have neither.
  EXPECT_TRUE(blank.run("mark r1c1 -1").ok);
  EXPECT_EQ(blank.run("count").text, "216 solutions left\n");
  EXPECT_TRUE(blank.run("mark r1c2 -2").ok);
  EXPECT_EQ(blank.run("count").text, "168 solutions left\n");
  EXPECT_TRUE(blank.run("mark r1c1 +1").ok);
  EXPECT_TRUE(blank.run("mark r1c2 +2").ok);
  EXPECT_EQ(blank.run("count").text, "288 solutions left\n");
  options.count_limit = 10;
  Session limited(options);
  EXPECT_EQ(limited.run("count").text, "at least 10 solutions left\n");
}

TEST(Session, AWrongDigitShowsAsACellWithoutCandidates) {
  Session session;
  session.open("p.txt", small);
  // r1c3 can hold 1 or 3; with 1 in r1c1 and 3 in r4c3 it holds nothing.
  session.run("set r1c1 1");
  const Reply reply = session.run("set r4c3 3");
  EXPECT_TRUE(reply.ok);
  EXPECT_NE(reply.text.find("1 | 1   2  | !   4  |\n"), std::string::npos) << reply.text;
  EXPECT_NE(reply.text.find("!: a cell without candidates\n"), std::string::npos);
  EXPECT_EQ(last_line(reply.text),
            "contradiction: r1c3 has no candidate left: undo, or clear a digit\n");
  EXPECT_EQ(session.run("count").text,
            "no solution left: contradiction: r1c3 has no candidate left\n");
  EXPECT_FALSE(session.run("step").ok);
  // The first hint says what is wrong, and where; the next ones go on with the step.
  Reply hint = session.run("hint");
  EXPECT_TRUE(hint.text.starts_with(
      "something is wrong: r4c3 holds a digit the solution does not have (undo, or clear it)\n"))
      << hint.text;
  EXPECT_EQ(hint.cells, std::vector<int>{14});
  EXPECT_TRUE(session.run("hint").text.starts_with("contradiction in box 2\n"));
  EXPECT_TRUE(session.run("hint").text.starts_with("contradiction in box 2: r1c3\n"));
  EXPECT_TRUE(session.run("hint").text.starts_with("contradiction: r1c3 has no candidate left\n"));
  EXPECT_EQ(session.run("set r1c3 3").text, "3 is in r4c3 already, in the same column\n");
}

TEST(Session, NewGivesABlankGrid) {
  Session session;
  session.open("p.txt", small);
  Reply reply = session.run("new");
  EXPECT_TRUE(reply.ok);
  EXPECT_EQ(session.geometry().size(), 4);
  EXPECT_EQ(last_line(reply.text), "16 cells to fill, 64 candidates left\n");
  // Typed in, the digits are the person's: they can be cleared.
  session.run("set r1c1 1");
  EXPECT_TRUE(session.run("clear r1c1").ok);
  EXPECT_TRUE(session.run("new 9 hyper").ok);
  EXPECT_EQ(session.geometry().variant(), sudoku::Variant::hyper);
  EXPECT_EQ(session.run("new 7").text,
            "new: a 7x7 grid has no boxes; give it as a jigsaw with a region map\n");
  EXPECT_FALSE(session.run("new 9 jigsaw").ok);
  EXPECT_FALSE(session.run("new nine").ok);
  EXPECT_EQ(session.geometry().size(), 9);
  session.run("undo");
  session.run("undo");
  EXPECT_EQ(session.geometry().size(), 4);
}

// With an alphabet of its own the session reads, shows, takes and saves digits in it: the 4x4
// above written with 0-3 for the digits 1-4.
TEST_F(Files, AnAlphabetOfItsOwn) {
  options_.reader.symbols = sudoku::parse_symbols("0-3");
  Session session(options_);
  ASSERT_TRUE(session.open("p.txt", ".1.32......03...").ok);
  EXPECT_EQ(session.geometry().size(), 4);
  EXPECT_EQ(session.run("set r1c1 0").text.substr(0, 7), "r1c1=0\n");
  EXPECT_FALSE(session.run("set r1c3 3").ok);  // 3 (the digit 4) is in r1c4 already
  EXPECT_TRUE(session.run("save out.txt").ok);
  EXPECT_EQ(files_["out.txt"], ".1.32......03...\n#placed 0...............\n");
}

TEST_F(Files, ABlankGridOfASizeNotReadAloneSavesItsSize) {
  // An 8x8 grid's line of 64 cells is read only at a size told: the save tells it (#size), and
  // loads back in a session whose options say nothing of it, or another size.
  Session session(options_);
  ASSERT_TRUE(session.run("new 8").ok);
  ASSERT_TRUE(session.run("set r1c1 5").ok);
  ASSERT_TRUE(session.run("save p.txt").ok);
  EXPECT_EQ(files_["p.txt"],
            "#size 8\n" + std::string(64, '.') + "\n#placed 5" + std::string(63, '.') + "\n");
  for (int size : {0, 4}) {
    options_.reader.size = size;
    Session other(options_);
    const Reply loaded = other.open("p.txt", files_["p.txt"]);
    ASSERT_TRUE(loaded.ok) << loaded.text;
    EXPECT_EQ(other.geometry().size(), 8);
    EXPECT_EQ(other.candidates().value(0), 5);
    EXPECT_EQ(other.save_text(), files_["p.txt"]);
  }
}

TEST_F(Files, ASavedGridOfAnotherSizeThanTheOptionsSayLoadsBack) {
  // The options start the session on 4x4; `new 9 x` makes it 9x9, and its save must load back
  // (read at the size of its text), in this session and in a new one with the same options.
  options_.reader.size = 4;
  Session session(options_);
  EXPECT_EQ(session.geometry().size(), 4);
  ASSERT_TRUE(session.run("new 9 x").ok);
  ASSERT_TRUE(session.run("set r1c1 5").ok);
  ASSERT_TRUE(session.run("save p.txt").ok);
  ASSERT_TRUE(session.run("new 4").ok);
  const Reply loaded = session.run("load p.txt");
  ASSERT_TRUE(loaded.ok) << loaded.text;
  EXPECT_EQ(session.geometry().size(), 9);
  EXPECT_EQ(session.geometry().variant(), sudoku::Variant::x);
  EXPECT_EQ(session.candidates().value(0), 5);
  Session other(options_);
  ASSERT_TRUE(other.open("p.txt", files_["p.txt"]).ok);
  EXPECT_EQ(other.save_text(), files_["p.txt"]);
  // A text that fits no size still names the line and column of the forced size's error.
  const Reply bad = other.open("bad.txt", std::string(81, '.') + "x\n");
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.text.substr(0, 10), "bad.txt:1:");
}

TEST_F(Files, LoadAndSave) {
  files_["p.txt"] = "# a small one\n" + small + "\n";
  Session session(options_);
  session.open("w.txt", wiki);
  EXPECT_TRUE(session.run("load p.txt").ok);
  EXPECT_EQ(session.geometry().size(), 4);
  session.run("step");
  EXPECT_EQ(session.run("save out.txt").text, "saved to out.txt\n");
  EXPECT_EQ(files_["out.txt"], ".2.43......14...\n#placed .....4..........\n");
  EXPECT_EQ(session.run("load missing.txt").text, "missing.txt: No such file or directory\n");
  files_["empty.txt"] = "";
  EXPECT_EQ(session.run("load empty.txt").text, "empty.txt: no puzzle in the file\n");
  files_["bad.txt"] = "12345\n";
  EXPECT_FALSE(session.run("load bad.txt").ok);
  EXPECT_EQ(session.run("load").text, "load needs a file name, e.g. 'load puzzle.txt'\n");
  // Loading is a change like any other.
  session.run("undo");
  session.run("undo");
  EXPECT_EQ(session.geometry().size(), 9);
}

TEST_F(Files, SaveKeepsTheVariantAndTheRegions) {
  Session session(options_);
  session.run("new 9 x");
  session.run("set r1c1 5");
  session.run("save x.txt");
  EXPECT_EQ(files_["x.txt"],
            "#variant x\n" + std::string(81, '.') + "\n#placed 5" + std::string(80, '.') + "\n");
  const std::string map =
      "112222333111112333142222633144555636444585666444585969777785969777885969778888999";
  files_["jigsaw.txt"] = "#regions " + map + "\n" + std::string(81, '.') + "\n";
  session.run("load jigsaw.txt");
  EXPECT_EQ(session.geometry().variant(), sudoku::Variant::jigsaw);
  session.run("save back.txt");
  EXPECT_TRUE(files_["back.txt"].starts_with("#variant jigsaw\n#regions 001111222000001222"))
      << files_["back.txt"];
  EXPECT_TRUE(session.run("load back.txt").ok);
  EXPECT_EQ(session.geometry().region_of(2), session.geometry().region_of(5));
  EXPECT_NE(session.geometry().region_of(5), session.geometry().region_of(6));
}

TEST(Session, WithoutFilesLoadAndSaveSaySo) {
  Session session;
  EXPECT_EQ(session.run("load p.txt").text, "load: no files in this session\n");
  EXPECT_EQ(session.run("save p.txt").text, "save: no files in this session\n");
}

TEST(Session, CandidatesOnAndOff) {
  Session session;
  session.open("p.txt", small);
  const Reply off = session.run("candidates off");
  EXPECT_TRUE(off.ok);
  EXPECT_NE(off.text.find("1 | .  2 | .  4 |\n2 | 3  . | .  . |\n"), std::string::npos) << off.text;
  EXPECT_EQ(off.text.find("12"), std::string::npos);
  EXPECT_EQ(session.run("undo").text, "nothing to undo\n");  // not a change
  EXPECT_NE(session.run("candidates on").text.find("1 | 1.  2  | 1.  4  |\n"), std::string::npos);
  EXPECT_EQ(session.run("candidates maybe").text, "candidates takes 'on' or 'off'\n");
}

// Without autoshow (the terminal's choice) a change says what it did in a line, and the status
// line only when the grid is solved or broken; `show` draws the grid, the last hint's cells marked.
TEST(Session, WithoutAutoshowAChangeSaysWhatItDidInALine) {
  sudoku::SessionOptions options;
  options.autoshow = false;
  Session session(options);
  session.open("p.txt", small);
  EXPECT_EQ(session.run("set r1c1 1").text, "r1c1=1\n");
  EXPECT_EQ(session.run("mark r2c3 -2").text, "r2c3: 2 removed\n");
  const std::string undone = session.run("undo").text;
  EXPECT_EQ(undone, "undone: " + session.status());
  const std::string redone = session.run("redo").text;
  EXPECT_EQ(redone, "redone: " + session.status());
  const Reply hint = session.run("hint");
  EXPECT_EQ(hint.text.find("+---"), std::string::npos) << hint.text;
  const std::string shown = session.run("show").text;
  EXPECT_NE(shown.find('*'), std::string::npos) << shown;  // the hint's cells
  EXPECT_EQ(shown.substr(shown.size() - session.status().size()), session.status());
  EXPECT_NE(session.run("solve").text.find(" steps (the hardest: "), std::string::npos);
  EXPECT_NE(session.run("undo").text.find("undone"), std::string::npos);
  EXPECT_TRUE(session.run("solve search").text.ends_with("solved: every cell holds a digit\n"));
  EXPECT_EQ(session.run("autoshow on").text, "the grid is shown after every change\n");
  EXPECT_NE(session.run("undo").text.find("+---"), std::string::npos);
  EXPECT_EQ(session.run("autoshow maybe").text, "autoshow takes 'on' or 'off'\n");
}

// `show` with a house or a cell lists their candidates; a grid wider than the terminal shows the
// digits alone and says where the candidates are.
TEST(Session, ShowAHouseOrACellAndGridsThatFitTheWidth) {
  Session session;
  session.open("p.txt", small);
  EXPECT_EQ(session.run("show r1").text,
            "row 1:\n  r1c1: 1\n  r1c2 = 2 (given)\n  r1c3: 1 3\n  r1c4 = 4 (given)\n");
  EXPECT_EQ(session.run("show row 1").text, session.run("show r1").text);
  EXPECT_EQ(session.run("show box 1").text, session.run("show b1").text);
  EXPECT_EQ(session.run("show c3").text.substr(0, 10), "column 3:\n");
  EXPECT_EQ(session.run("show r1c3").text, "r1c3: 1 3\n");
  EXPECT_FALSE(session.run("show r9").ok);
  EXPECT_FALSE(session.run("show nothing").ok);

  sudoku::SessionOptions options;
  options.width = 80;
  Session wide(options);
  wide.run("new 16");
  const std::string grid = wide.show();
  std::size_t widest = 0;
  for (std::size_t at = 0, end = 0; at < grid.size(); at = end + 1) {
    end = grid.find('\n', at);
    widest = std::max(widest, end - at);
  }
  EXPECT_LE(widest, 80u) << grid;
  EXPECT_NE(grid.find("'show r3', 'show box 2', 'show r3c5' list them"), std::string::npos);
  wide.set_width(0);
  EXPECT_NE(wide.show().find("123456789ABCDEFG"), std::string::npos);
}

// A raised stop flag (Ctrl-C at a terminal) cuts a command short: it changes nothing and says
// so; the session goes on once the flag is lowered. Saving, opening and loading mark the position
// saved; a change marks it unsaved.
TEST(Session, AStopFlagCutsACommandShortAndChangesNothing) {
  std::atomic<bool> stop{false};
  sudoku::SessionOptions options;
  options.stop = &stop;
  options.write_file = [](const std::string&, const std::string&) {};
  Session session(options);
  session.open("p.txt", small);
  EXPECT_FALSE(session.unsaved());
  const std::string before = session.show();
  stop = true;
  for (const char* command : {"solve", "step", "hint"}) {
    const Reply reply = session.run(command);
    EXPECT_FALSE(reply.ok) << command;
    EXPECT_TRUE(reply.text.starts_with("interrupted: '")) << command << ": " << reply.text;
  }
  EXPECT_EQ(session.show(), before);
  EXPECT_FALSE(session.unsaved());
  stop = false;
  EXPECT_TRUE(session.run("step").ok);
  EXPECT_TRUE(session.unsaved());
  EXPECT_EQ(session.run("count").text, "1 solution left\n");
  session.run("save q.txt");
  EXPECT_FALSE(session.unsaved());
}

TEST(Session, UnknownCommandsHelpAndQuit) {
  Session session;
  Reply reply = session.run("frobnicate r1c1");
  EXPECT_FALSE(reply.ok);
  EXPECT_EQ(reply.text, "unknown command 'frobnicate'; 'help' lists the commands\n");
  EXPECT_EQ(session.run("hint now").text, "'hint' takes no argument\n");
  EXPECT_EQ(session.run("").text, "");
  EXPECT_EQ(session.run("   ").text, "");
  reply = session.run("help");
  EXPECT_EQ(reply.text, std::string(Session::help()));
  for (const char* command : {"hint",
                              "step",
                              "singles",
                              "soles",
                              "solve",
                              "solve search",
                              "set r3c5 7",
                              "clear r3c5",
                              "mark r3c5 -37",
                              "+3",
                              "reveal r3c5",
                              "check",
                              "undo",
                              "redo",
                              "count",
                              "new",
                              "load FILE",
                              "save FILE",
                              "candidates on|off",
                              "help",
                              "quit"})
    EXPECT_NE(reply.text.find(command), std::string::npos) << command;
  EXPECT_FALSE(session.finished());
  EXPECT_EQ(session.run("quit").text, "");
  EXPECT_TRUE(session.finished());
}

TEST(Session, SixteenBySixteenTakesLettersAndNumbers) {
  SessionOptions options;
  options.reader.size = 16;
  Session session(options);
  EXPECT_TRUE(session.run("set r1c1 G").ok);
  EXPECT_TRUE(session.run("set r1c2 12").ok);
  EXPECT_EQ(session.candidates().value(0), 16);
  EXPECT_EQ(session.candidates().value(1), 12);
  EXPECT_EQ(session.run("set r16c16 17").text, "'17' is no digit of a 16x16 grid (1 to G)\n");
}

TEST(Session, MarksRemoveAndBringBackCandidatesWithUndo) {
  Session session;
  session.open("p.txt", small);
  // r1c3 has 1 and 3 (the grid above); r2c3 has 1 and 2.
  Reply reply = session.run("mark r1c3 -1");
  ASSERT_TRUE(reply.ok) << reply.text;
  EXPECT_EQ(first_line(reply.text), "r1c3: 1 removed\n");
  EXPECT_EQ(session.candidates().mask(2), sudoku::digit_bit(3));
  EXPECT_EQ(session.marks(2), sudoku::digit_bit(1));
  EXPECT_EQ(last_line(reply.text), "11 cells to fill, 18 candidates left\n");
  EXPECT_EQ(session.run("mark r1c3 -1").text, "1 is no candidate of r1c3; its candidates: 3\n");
  EXPECT_EQ(session.run("mark r1c3 +3").text, "3 is a candidate of r1c3 already\n");
  EXPECT_EQ(session.run("mark r1c3 +2").text, "2 is in r1c2 already, in the same row\n");
  EXPECT_EQ(session.run("mark r1c2 -1").text, "r1c2 holds 2: it has no candidates to mark\n");
  EXPECT_FALSE(session.run("mark r1c3").ok);
  EXPECT_FALSE(session.run("mark r1c3 1").ok);
  EXPECT_FALSE(session.run("mark r1c3 -9").ok);
  EXPECT_FALSE(session.run("mark r1c3 -3 +3").ok);
  reply = session.run("mark r1c3 +1");
  EXPECT_EQ(first_line(reply.text), "r1c3: 1 back\n");
  EXPECT_EQ(session.candidates().mask(2), sudoku::digit_bit(1) | sudoku::digit_bit(3));
  EXPECT_EQ(session.marks(2), 0U);
  // Undo and redo cover marks.
  session.run("undo");
  EXPECT_EQ(session.marks(2), sudoku::digit_bit(1));
  session.run("undo");
  EXPECT_EQ(session.marks(2), 0U);
  EXPECT_EQ(session.run("undo").text, "nothing to undo\n");
  session.run("redo");
  EXPECT_EQ(session.marks(2), sudoku::digit_bit(1));
  // Both candidates of a cell in one mark: the cell is left without any.
  EXPECT_EQ(first_line(session.run("mark r2c3 -12").text), "r2c3: 1, 2 removed\n");
  EXPECT_EQ(session.candidates().mask(6), 0U);
  EXPECT_EQ(last_line(session.show()),
            "contradiction: r2c3 has no candidate left: undo, or clear a digit\n");
  // The typed form, as the web page calls it; one mark may remove and bring back.
  session.run("undo");
  reply = session.mark(6, sudoku::digit_bit(2), 0);
  EXPECT_TRUE(reply.ok) << reply.text;
  EXPECT_EQ(reply.cells, std::vector<int>{6});
  EXPECT_EQ(session.candidates().mask(6), sudoku::digit_bit(1));
  reply = session.run("mark r2c3 -1 +2");
  EXPECT_EQ(first_line(reply.text), "r2c3: 1 removed, 2 back\n");
  EXPECT_EQ(session.candidates().mask(6), sudoku::digit_bit(2));
}

TEST(Session, MarksSurviveAClearAndLeaveWithAPlacedDigit) {
  Session session;
  session.open("p.txt", small);
  ASSERT_TRUE(session.run("mark r1c3 -1").ok);  // r1c3 keeps 3
  ASSERT_TRUE(session.run("set r3c3 3").ok);    // wrong: r1c3 is left without candidates
  EXPECT_EQ(session.candidates().mask(2), 0U);
  ASSERT_TRUE(session.run("clear r3c3").ok);
  EXPECT_EQ(session.candidates().mask(2), sudoku::digit_bit(3));  // the mark stays
  EXPECT_EQ(session.marks(2), sudoku::digit_bit(1));
  ASSERT_TRUE(session.run("set r1c3 3").ok);
  EXPECT_EQ(session.marks(2), 0U);  // a cell with a digit keeps no marks
  // A digit removed by hand is refused until it is brought back.
  session.run("undo");
  EXPECT_EQ(session.run("set r1c3 1").text,
            "1 is no candidate of r1c3: it was removed by hand ('mark r1c3 +1' brings it back)\n");
}

TEST(Session, RevealPlacesTheSolutionsDigit) {
  Session session;
  session.open("w.txt", wiki);
  Reply reply = session.run("reveal r1c3");
  ASSERT_TRUE(reply.ok) << reply.text;
  EXPECT_EQ(first_line(reply.text), "r1c3=4 (the solution's digit)\n");  // wiki_solution
  EXPECT_EQ(session.candidates().value(2), 4);
  EXPECT_EQ(session.run("reveal r1c3").text, "r1c3 holds 4, the solution's digit\n");
  EXPECT_EQ(session.run("reveal r1c1").text, "r1c1 holds the given 5\n");
  EXPECT_FALSE(session.run("reveal").ok);
  EXPECT_FALSE(session.run("reveal r0c1").ok);
  session.run("undo");
  EXPECT_EQ(session.candidates().value(2), 0);
  // A digit removed by hand comes back to be placed.
  session.run("mark r1c3 -4");
  EXPECT_EQ(first_line(session.run("reveal r1c3").text), "r1c3=4 (the solution's digit)\n");
  // A wrong digit placed: said, the right one with it.
  session.run("set r1c4 2");  // the solution has 6
  EXPECT_EQ(session.run("reveal r1c4").text,
            "r1c4 holds 2; the solution has 6 there: clear it first\n");
  // A puzzle without a solution.
  session.open("none.txt",
               "12.."
               "..34"
               "...."
               "....");  // r1c3, r1c4 need 3 and 4: taken
  EXPECT_EQ(session.run("reveal r3c3").text, "the puzzle has no solution\n");
}

TEST(Session, CheckTellsTheWrongDigitsWithoutTheRightOnes) {
  Session session;
  session.open("w.txt", wiki);
  EXPECT_EQ(session.run("check").text,
            "no mistake: 0 digits placed, all right, and every open cell keeps the solution's "
            "digit among its candidates\n");
  session.run("set r1c3 4");    // right
  session.run("set r1c4 2");    // wrong: 6
  session.run("mark r1c7 -9");  // the solution's digit of r1c7
  const Reply reply = session.run("check");
  EXPECT_TRUE(
      reply.text.starts_with("r1c4 holds a digit the solution does not have\n"
                             "the candidates of r1c7 have lost the solution's digit\n"
                             "     1    2    3"))
      << reply.text;
  // (the right digits, 6 and 9, are not told), then the grid with those cells marked.
  EXPECT_EQ(reply.cells, (std::vector<int>{3, 6}));
  // A blank grid has many solutions: check says whether the digits still fit one.
  session.run("new 4");
  session.run("set r1c1 1");
  EXPECT_EQ(session.run("check").text,
            "the puzzle has several solutions; the digits placed fit one of them\n");
}

// A front end with buttons names them where the terminal names commands (SessionPhrases): the
// same replies, other words for what to do next.
TEST(Session, RepliesNameTheCommandsAFrontEndGives) {
  SessionOptions options;
  options.phrases.take_step = "press Hint again";
  options.phrases.reveal_or_search = "Reveal or Solve";
  options.phrases.one_of_several = "Solve picks one";
  options.phrases.show_mistakes = "Check shows them";
  options.phrases.mend = "Check, then Solve";
  options.phrases.bring_back = "the pencil brings it back";
  Session session(options);
  session.open("small.txt", small);
  for (int i = 0; i < 3; ++i) session.run("hint");
  EXPECT_EQ(session.run("hint").text, "that is the whole hint: press Hint again\n");
  // Several solutions: the ladder stops, and says why.
  session.open("stalls.txt", stalls);
  Reply reply = session.run("solve");
  EXPECT_NE(
      reply.text.find(" open; Reveal or Solve\n" + std::string(sudoku::several_solutions_note)),
      std::string::npos)
      << reply.text;
  EXPECT_EQ(session.run("hint").text,
            "no technique applies: " + std::string(sudoku::several_solutions_note) +
                "; Solve picks one\n");
  // Wikipedia's puzzle, r1c3 = 4 in its solution: a wrong digit in a peer of r1c3, then reveal.
  session.open("wiki.txt", wiki);
  session.run("set r1c6 4");
  reply = session.run("reveal r1c3");
  EXPECT_EQ(reply.text,
            "the solution has 4 in r1c3, but 4 is in r1c6 already, in the same row: Check shows "
            "them\n");
  EXPECT_EQ(session.run("solve search").text,
            "no solution fits the digits placed: Check, then Solve\n");
  session.run("clear r1c6");
  session.run("mark r1c3 -4");
  EXPECT_NE(session.run("hint").text.find("(the pencil brings it back)"), std::string::npos);
}

TEST(Session, SolveSaysWhenLogicIsExhaustedAndSearchFinishes) {
  Session session;
  session.open("hard.txt", stalls);
  Reply reply = session.run("solve");
  EXPECT_NE(reply.text.find("logic is exhausted: no technique applies, "), std::string::npos)
      << reply.text;
  EXPECT_NE(reply.text.find("'reveal r3c5' gives a cell's digit, 'solve search' the rest\n"),
            std::string::npos);
  reply = session.run("solve search");
  ASSERT_TRUE(reply.ok) << reply.text;
  EXPECT_TRUE(reply.text.starts_with("the search filled ")) << reply.text;
  EXPECT_TRUE(session.candidates().solved());
  EXPECT_TRUE(
      sudoku::is_solution(session.geometry(), session.givens(), session.candidates().grid()));
  session.run("undo");
  EXPECT_FALSE(session.candidates().solved());
  // With a wrong digit the search from the digits placed finds none.
  session.open("w.txt", wiki);
  session.run("set r1c4 2");
  EXPECT_EQ(session.run("solve search").text,
            "no solution fits the digits placed: 'check' or undo, then 'solve search'\n");
}

// A position where the ladder found nothing is remembered (hint, step and solve say so again
// without running it), and forgotten as soon as the candidates change.
TEST(Session, APositionWhereLogicStopsIsRememberedUntilItChanges) {
  Session session;
  session.open("p.txt", small);
  session.run("new");  // a blank 4x4 grid: no technique applies
  EXPECT_NE(session.run("solve").text.find("logic is exhausted: no technique applies, 16 cells"),
            std::string::npos);
  EXPECT_TRUE(session.run("hint").text.starts_with("no technique applies"));
  EXPECT_TRUE(session.run("step").text.starts_with("no technique applies"));
  // Three digits of a row: its last cell is a full house.
  session.run("set r1c1 1");
  session.run("set r1c2 2");
  session.run("set r1c3 3");
  EXPECT_EQ(first_line(session.run("hint").text).find("no technique"), std::string::npos);
  EXPECT_TRUE(session.run("step").ok);
  EXPECT_EQ(session.candidates().value(3), 4);
  // Back to the blank grid: stopped again, as the ladder finds it.
  for (int k = 0; k < 4; ++k) session.run("undo");
  EXPECT_EQ(session.candidates().value(0), 0);
  EXPECT_TRUE(session.run("hint").text.starts_with("no technique applies"));
  EXPECT_NE(session.run("solve").text.find("logic is exhausted"), std::string::npos);
  // A candidate removed by hand changes the position too.
  session.run("mark r1c1 -1");
  session.run("mark r1c1 -2");
  session.run("mark r1c1 -3");
  EXPECT_EQ(first_line(session.run("hint").text).find("no technique"), std::string::npos);
}

TEST(Session, HintsStartAgainWhenThePositionChanges) {
  Session session;
  session.open("w.txt", wiki);
  const std::string first = first_line(session.run("hint").text);
  EXPECT_EQ(session.hint_stage(), 1);
  session.run("hint");
  EXPECT_EQ(session.hint_stage(), 2);
  session.run("show");  // no change
  session.run("hint");
  EXPECT_EQ(session.hint_stage(), 3);
  session.run("mark r1c3 -1");
  EXPECT_TRUE(first_line(session.run("hint").text).starts_with("hidden single in box "));
  EXPECT_EQ(session.hint_stage(), 1);
  session.run("undo");
  session.run("hint");
  EXPECT_EQ(session.hint_stage(), 1);
  // A puzzle without a solution says so first.
  session.open("none.txt",
               "12.."
               "..34"
               "...."
               "....");
  EXPECT_EQ(first_line(session.run("hint").text),
            "the puzzle has no solution: the exact-cover search finds none\n");
  // The stage the first hint shows is an option.
  SessionOptions options;
  options.hint_stage = 3;
  Session full(options);
  full.open("p.txt", small);
  EXPECT_EQ(first_line(full.run("hint").text), "r2c2=4: hidden single in box 1\n");
}

TEST(Session, SetUniquenessDecidesWhetherTheUniquenessTechniquesReason) {
  // puzzles3_magictour_top1465 without its given r1c9: several solutions, so by default the
  // techniques stop after a forcing net; declared unique, a Unique Rectangle goes on.
  const std::string several =
      "6.9.........7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..";
  Session session;
  session.open("several.txt", several);
  EXPECT_EQ(session.uniqueness(), sudoku::Uniqueness::when_proved);
  EXPECT_NE(session.run("solve").text.find("(the hardest: dynamic forcing chain (+))"),
            std::string::npos);
  EXPECT_TRUE(session.run("hint").text.starts_with("no technique applies"));
  session.set_uniqueness(sudoku::Uniqueness::assumed);
  EXPECT_EQ(session.uniqueness(), sudoku::Uniqueness::assumed);
  session.run("hint");
  session.run("hint");
  EXPECT_EQ(session.hint_stage(), 2);
  session.set_uniqueness(sudoku::Uniqueness::assumed);  // the next hint starts afresh
  EXPECT_EQ(first_line(session.run("hint").text), "Unique Rectangle type 1\n");
  EXPECT_EQ(session.hint_stage(), 1);
  EXPECT_NE(session.run("solve").text.find("(the hardest: Unique Rectangle type 1)"),
            std::string::npos);
  session.run("undo");  // a setting: undo leaves it
  EXPECT_EQ(session.uniqueness(), sudoku::Uniqueness::assumed);
  session.set_uniqueness(sudoku::Uniqueness::off);
  EXPECT_TRUE(session.run("hint").text.starts_with("no technique applies"));
}

TEST_F(Files, SaveThenLoadGivesTheSamePosition) {
  Session session(options_);
  session.open("hard.txt", hard);
  // Steps (singles, then forcing chains) remove candidates the digits do not rule out.
  for (int i = 0; i < 40; ++i) session.run("step");
  int open = 0;
  while (session.candidates().value(open) != 0) ++open;
  const sudoku::Mask before = session.candidates().mask(open);
  const int digit = std::countr_zero(before) + 1;
  ASSERT_TRUE(session.mark(open, sudoku::digit_bit(digit), 0).ok);  // and one by hand
  ASSERT_TRUE(session.run("save s.txt").ok);
  const std::string saved = files_["s.txt"];
  EXPECT_TRUE(saved.starts_with(hard + "\n#placed ")) << saved;
  EXPECT_NE(
      saved.find("\n#marks " + sudoku::cell_name(9, open) + "-" + std::to_string(digit) + "\n"),
      std::string::npos)
      << saved;
  EXPECT_NE(saved.find("\n#removed r"), std::string::npos) << saved;
  const std::string shown = session.show();
  const sudoku::Position position = session.position();

  Session other(options_);
  files_["s.txt"] = saved;
  ASSERT_TRUE(other.run("load s.txt").ok);
  EXPECT_EQ(other.show(), shown);
  EXPECT_EQ(other.givens(), session.givens());  // the digits placed stay placed, not givens
  EXPECT_EQ(other.marks(open), sudoku::digit_bit(digit));
  EXPECT_EQ(other.position().placed, position.placed);
  EXPECT_EQ(other.position().removed, position.removed);
  EXPECT_EQ(other.save_text(), saved);
  // A placed digit can be cleared after the load, as before it.
  int placed = 0;
  while (position.placed[static_cast<std::size_t>(placed)] == 0) ++placed;
  EXPECT_TRUE(other.run("clear " + sudoku::cell_name(9, placed)).ok);
  // open() reads a position too (the --interactive file).
  Session third(options_);
  ASSERT_TRUE(third.open("s.txt", saved).ok);
  EXPECT_EQ(third.show(), shown);
}

TEST_F(Files, SaveThenLoadKeepsJigsawsAndAlphabets) {
  const std::string map =
      "112222333111112333142222633144555636444585666444585969777785969777885969778888999";
  files_["j.txt"] = "#regions " + map + "\n" + std::string(81, '.') + "\n";
  Session session(options_);
  ASSERT_TRUE(session.run("load j.txt").ok);
  session.run("set r1c1 5");
  session.run("mark r9c9 -12");
  session.run("save back.txt");
  Session other(options_);
  ASSERT_TRUE(other.open("back.txt", files_["back.txt"]).ok);
  EXPECT_EQ(other.show(), session.show());
  EXPECT_EQ(other.save_text(), files_["back.txt"]);

  options_.reader.symbols = sudoku::parse_symbols("0-3");
  Session letters(options_);
  letters.open("p.txt", ".1.32......03...");
  letters.run("set r1c1 0");
  letters.run("mark r2c3 -0");
  letters.run("save a.txt");
  EXPECT_EQ(files_["a.txt"], ".1.32......03...\n#placed 0...............\n#marks r2c3-0\n");
  Session back(options_);
  ASSERT_TRUE(back.open("a.txt", files_["a.txt"]).ok);
  EXPECT_EQ(back.show(), letters.show());
}

TEST_F(Files, APlainPuzzleFileLoadsAsBefore) {
  files_["p.txt"] = "# a comment\n" + small + "\n" + wiki + "\n";
  Session session(options_);
  ASSERT_TRUE(session.run("load p.txt").ok);
  EXPECT_EQ(sudoku::format_line(session.geometry(), session.givens()), small);
  EXPECT_EQ(session.position().placed, sudoku::Grid(16, 0));
}

TEST_F(Files, ABadPositionIsReportedWhereItIs) {
  Session session(options_);
  const std::map<std::string, std::string> bad = {
      {small + "\n#placed 1..\n",
       "b.txt:2:9: #placed needs one line of 16 cells, one for each "
       "cell of the 4x4 grid\n"},
      {small + "\n#placed .1..............\n",
       "b.txt:2:10: r1c2 holds a given: no digit is placed there\n"},
      {small + "\n#placed ..2.............\n",
       "b.txt:2:11: digits clash: r1c2 and r1c3 both hold 2 in row 1\n"},
      {small + "\n#placed 7...............\n",
       "b.txt:2:9: bad character '7' in #placed: a digit (1-4) or '.'\n"},
      {small + "\n#marks r1c2-3\n",
       "b.txt:2:8: r1c2 holds a digit: it has no candidates to remove\n"},
      {small + "\n#marks r9c9-3\n",
       "b.txt:2:8: 'r9c9-3' is no cell and digits such as r1c3-26 of a 4x4 grid\n"},
      {small + "\n#marks r1c1-5\n", "b.txt:2:13: bad digit '5': a 4x4 grid holds 1-4\n"},
      {small + "\n#marks r1c1-3\n#marks r1c1-1\n",
       "b.txt:3:1: a second #marks line (the first is line 2)\n"},
  };
  for (const auto& [text, message] : bad) {
    files_["b.txt"] = text;
    const Reply reply = session.run("load b.txt");
    EXPECT_FALSE(reply.ok) << text;
    EXPECT_EQ(reply.text, message) << text;
  }
  // The lines of a position belong to the puzzle before them, not to a later one.
  files_["two.txt"] = small + "\n" + small + "\n#placed 1...............\n";
  ASSERT_TRUE(session.run("load two.txt").ok);
  EXPECT_EQ(session.candidates().value(0), 0);
}

}  // namespace

namespace {

// 'true' keeps the true candidates: on a puzzle with several solutions, every candidate no
// solution holds goes, the solutions left stay, and undo brings the candidates back.
TEST(Session, TrueKeepsTheCandidatesOfTheSolutionsLeft) {
  Session session;
  session.open("p.txt", stalls);
  const std::string before = session.show();
  const std::string solutions = session.run("count").text;
  const Reply kept = session.run("true");
  EXPECT_TRUE(kept.ok);
  EXPECT_TRUE(kept.text.find("removed: no solution holds them\n") != std::string::npos)
      << kept.text;
  EXPECT_NE(session.show(), before);
  EXPECT_EQ(session.run("count").text, solutions);
  EXPECT_EQ(session.run("true").text, "every candidate left is true: each is in a solution\n");
  session.run("undo");
  EXPECT_EQ(session.show(), before);
  // A position without a solution keeps its candidates.
  Session none;
  none.open("w.txt", wiki);
  none.run("mark r1c3 -4");
  const std::string marked = none.show();
  EXPECT_EQ(first_line(none.run("true").text).substr(0, 18), "no solution left: ");
  EXPECT_EQ(none.show(), marked);
}

}  // namespace
