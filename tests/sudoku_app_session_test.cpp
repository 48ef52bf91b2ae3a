// The sudoku command's interactive mode and hints as a user drives them: commands through a
// pipe (marks, reveal, check, save and load of a position, solve search, hints in stages),
// --hint-level, and line editing on a terminal.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "app_run.hpp"

namespace {

using app_run::contains;
using app_run::slurp;

// A 4x4 puzzle with one solution, 1234 / 3412 / 2341 / 4123 (checked with `sudoku --count`).
const std::string small = ".2.43......14...";
// magictour's top1465 first puzzle without its given r7c6: several solutions, and the full
// ladder stops with cells open.
const std::string hard =
    "4...3.......6..8..........1....5..9..8....6...7.2........1..7..5.3....4.9........";

class AppSession : public app_run::Sandbox {
 protected:
  app_run::Outcome run(const std::string& args, const std::string& input = "") {
    return Sandbox::run(SUDOKU_BINARY, args, input);
  }
};

TEST_F(AppSession, MarksRevealAndCheckThroughAPipe) {
  file("small.txt", small + "\n");
  const auto result =
      run("-i small.txt", "mark r1c3 -1\nmark r1c3 +1\nundo\nreveal r2c3\ncheck\nquit\n");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  EXPECT_TRUE(contains(result.out, "> mark r1c3 -1\nr1c3: 1 removed\n"));
  EXPECT_TRUE(contains(result.out, "> reveal r2c3\nr2c3=1 (the solution's digit)\n"));
  EXPECT_TRUE(contains(result.out,
                       "> check\nno mistake: 1 digit placed, right, and every open cell keeps "
                       "the solution's digit among its candidates\n"));
  EXPECT_TRUE(contains(result.out, "> mark r1c3 +1\nr1c3: 1 back\n"));
}

TEST_F(AppSession, SaveThenLoadReturnsTheSamePosition) {
  file("small.txt", small + "\n");
  auto result = run("-i small.txt", "set r1c1 1\nmark r4c4 -2\nshow\nsave pos.txt\n");
  EXPECT_EQ(result.status, 0) << result.err;
  const std::string saved = slurp(dir_ / "pos.txt");
  EXPECT_EQ(saved, small + "\n#placed 1...............\n#marks r4c4-2\n");
  const std::size_t from = result.out.find("> show\n") + 7;
  const std::string shown = result.out.substr(from, result.out.find("> save") - from);

  // --interactive reads it back: the same grid, and a placed digit that can be cleared.
  result = run("-i pos.txt", "save again.txt\nclear r1c1\n");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(result.out.starts_with(shown)) << result.out;
  EXPECT_EQ(slurp(dir_ / "again.txt"), saved);
  EXPECT_TRUE(contains(result.out, "> clear r1c1\nr1c1 cleared\n"));
  // So does `load`, and standard input (the position's lines go with the puzzle).
  result = run("-i small.txt", "load pos.txt\nsave third.txt\n");
  EXPECT_EQ(slurp(dir_ / "third.txt"), saved);
  result = run("-i -", saved + "save fourth.txt\n");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(result.out.starts_with(shown)) << result.out;
  EXPECT_EQ(slurp(dir_ / "fourth.txt"), saved);
  // Other readers take it for the puzzle alone.
  result = run("-f line pos.txt");
  EXPECT_EQ(result.out, "1234341223414123\n");
  // A bad position line is an input error where it stands.
  file("bad.txt", small + "\n#marks r1c2-3\n");
  result = run("-i bad.txt", "quit\n");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.err, "bad.txt:2:8: r1c2 holds a digit: it has no candidates to remove\n");
}

TEST_F(AppSession, HintsGoOneStageDeeperAndStartAgainAfterAChange) {
  file("small.txt", small + "\n");
  const auto result = run("-i small.txt", "hint\nhint\nhint\nhint\nset r1c1 1\nhint\n");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(contains(result.out, "> hint\nhidden single in box 1\n"));
  EXPECT_TRUE(contains(result.out, "> hint\nhidden single in box 1: 4 in r2c2\n"));
  EXPECT_TRUE(contains(result.out, "> hint\nr2c2=4: hidden single in box 1\n"));
  EXPECT_TRUE(contains(result.out, "> set r1c1 1\nr1c1=1\n"));
  // The first stage again: the technique and where, no cells.
  const std::string last = result.out.substr(result.out.rfind("> hint\n") + 7);
  EXPECT_EQ(last.substr(0, last.find('\n')), "full house in row 1");
  // --hint-level sets the stage of the first hint.
  const auto full = run("--hint-level 3 -i small.txt", "hint\n");
  EXPECT_TRUE(contains(full.out, "> hint\nr2c2=4: hidden single in box 1\n"));
}

TEST_F(AppSession, AWrongDigitComesFirstInTheHint) {
  file("small.txt", small + "\n");
  const auto result = run("-i small.txt", "set r4c3 3\nhint\nhint\n");
  EXPECT_TRUE(contains(result.out,
                       "> hint\nsomething is wrong: r4c3 holds a digit the solution does not have "
                       "(undo, or clear it)\n"));
  // Then the step, from its first stage.
  const std::string last = result.out.substr(result.out.rfind("> hint\n") + 7);
  EXPECT_EQ(last.substr(0, last.find('\n')).find(':'), std::string::npos) << last;
  // A puzzle without a solution says so first.
  file("none.txt", "12....34........\n");
  EXPECT_TRUE(contains(run("-i none.txt", "hint\n").out,
                       "> hint\nthe puzzle has no solution: the exact-cover search finds none\n"));
}

TEST_F(AppSession, SolveThatStopsOffersRevealAndTheSearch) {
  file("hard.txt", hard + "\n");
  const auto result = run("-i hard.txt", "solve\nsolve search\ncheck\n");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(contains(result.out, "logic is exhausted: no technique applies, "));
  EXPECT_TRUE(
      contains(result.out, "'reveal r3c5' gives a cell's digit, 'solve search' the rest\n"));
  EXPECT_TRUE(contains(result.out, "> solve search\nthe search filled "));
  EXPECT_TRUE(contains(result.out,
                       "solved: every cell holds a digit\n> check\nthe puzzle has "
                       "several solutions; the digits placed fit one of them\n"));
}

// Hints that stall on a puzzle with several solutions say why, in --hint's words.
TEST_F(AppSession, StalledHintsSayThePuzzleHasSeveralSolutions) {
  const auto result =
      run("-i " + std::string(SUDOKU_EXAMPLES_DIR) + "/multi.txt", "solve\nhint\nstep\n");
  EXPECT_EQ(result.status, 0) << result.err;
  const std::string said =
      "no technique applies: the puzzle has several solutions (at least 2): no logic can finish "
      "it; 'solve search' fills in one of them, 'reveal r3c5' a cell of it\n";
  EXPECT_TRUE(contains(result.out, "> hint\n" + said));
  EXPECT_TRUE(contains(result.out, "> step\n" + said));
  EXPECT_TRUE(contains(result.out,
                       "the puzzle has several solutions (at least 2): no logic can "
                       "finish it\n"));
  // Through --hint the same words.
  EXPECT_TRUE(contains(run("--hint " + std::string(SUDOKU_EXAMPLES_DIR) + "/multi.txt").out,
                       "  the puzzle has several solutions (at least 2): no logic can finish it; "
                       "add givens, or list them with --all\n"));
}

TEST_F(AppSession, HintLevelOnTheCommandLine) {
  file("small.txt", small + "\n");
  EXPECT_EQ(run("--hint --hint-level 1 -f line small.txt").out, "hidden single in box 1\n");
  EXPECT_EQ(run("--hint --hint-level 2 -f line small.txt").out,
            "hidden single in box 1: 4 in r2c2\n");
  EXPECT_EQ(run("--hint --hint-level 3 -f line small.txt").out, "r2c2=4: hidden single in box 1\n");
  EXPECT_EQ(run("--hint -f line small.txt").out, "r2c2=4: hidden single in box 1\n");  // as before
  EXPECT_EQ(run("--hint --hint-level 1 -f json small.txt").out,
            "{\"file\":\"small.txt\",\"line\":1,\"hint\":\"hidden single in box 1\",\"stage\":1,"
            "\"technique\":\"hidden single\",\"cells\":[\"r1c1\",\"r1c2\",\"r2c1\",\"r2c2\"]}\n");
  // The pretty grid marks the cells of the stage: here box 1.
  const auto pretty = run("--hint --hint-level 1 small.txt");
  EXPECT_TRUE(contains(pretty.out, "small.txt:1: hidden single in box 1\n"));
  EXPECT_TRUE(contains(pretty.out, "1 |*1.**2 *| 1.  4  |\n"));

  auto bad = run("--hint --hint-level 4 small.txt");
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(contains(bad.err, "--hint-level expects an integer from 1 to 3, not '4'"));
  bad = run("--hint-level 2 small.txt");
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(contains(bad.err, "--hint-level goes with --hint or --interactive"));
}

// On a terminal of 80 columns: a change says what it did in a line (no grid), the grid without
// candidates takes a line a row, and a 25x25 grid shows its digits alone; `show r1` lists the
// candidates.
TEST_F(AppSession, OnATerminalTheGridFitsAndAChangeTakesALine) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  file("small.txt", small + "\n");
  file("regular.txt", hard + "\n");
  const std::string command =
      "cd '" + dir_.string() + "' && rm -f stdout && " +
      app_run::type_at_prompts(
          {"set r1c2 1", "candidates off", "new 25", "show", "show r1", "quit"}) +
      " | SUDOKU_HISTORY= TERM=dumb timeout 60 script -qec \"stty cols 80 rows 24; '" SUDOKU_BINARY
      "' -i regular.txt\" /dev/null >stdout 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string out = slurp(dir_ / "stdout");
  EXPECT_TRUE(contains(out, "> set r1c2 1\r\nr1c2=1\r\n> ")) << out;
  // The grid without candidates: labels, 4 rules and 9 rows, then the status line.
  const std::size_t off = out.find("> candidates off\r\n") + 19;
  const std::string grid = out.substr(off, out.find("> new 25") - off);
  EXPECT_EQ(std::count(grid.begin(), grid.end(), '\n'), 15) << grid;
  EXPECT_TRUE(contains(out, "> new 25\r\na blank 25x25 grid\r\n625 cells to fill"));
  const std::size_t from = out.find("> show\r\n");
  std::size_t widest = 0;
  for (std::size_t at = from, end = 0; at < out.size(); at = end + 1) {
    end = std::min(out.find('\n', at), out.size());
    widest = std::max(widest, end - at);
  }
  // The digits alone, 2 columns a cell: 59 in all at 25x25 (80 fit), not the 675 of the
  // candidates.
  EXPECT_LE(widest, 81u) << out.substr(from);  // and the '\r'
  EXPECT_TRUE(contains(out,
                       "> show r1\r\nrow 1:\r\n  r1c1: A B C D E F G H I J K L M N O P "
                       "Q R S T U V W X Y\r\n"));
}

// Ctrl-C reaches inside the long techniques: `solve` on a blank 25x25 grid spends tens of
// seconds in one forcing net, yet the prompt comes back at once (the net looks at the flag
// between its assumptions).
TEST_F(AppSession, OnATerminalCtrlCStopsALongForcingNetAtOnce) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  file("small.txt", small + "\n");
  std::string typing = app_run::type_at_prompts({"new 25", "solve"});
  typing.pop_back();
  // The time from Ctrl-C to the next prompt, in hundredths of a second.
  typing +=
      "; sleep 2; printf '\\003'; t0=$(date +%s%N); asked; t1=$(date +%s%N); "
      "echo $(( (t1 - t0) / 10000000 )) > waited; printf 'quit\\n'; sleep 0.3; printf '\\n'; "
      "sleep 0.3)";
  const std::string command =
      "cd '" + dir_.string() + "' && rm -f stdout && " + typing +
      " | SUDOKU_HISTORY= TERM=dumb timeout 120 script -qec \"exec '" SUDOKU_BINARY
      "' -i small.txt\" /dev/null >stdout 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string out = slurp(dir_ / "stdout");
  EXPECT_TRUE(contains(out, "interrupted: 'solve' stopped; the position is as it was\r\n> "));
  const int waited = std::atoi(slurp(dir_ / "waited").c_str());
  EXPECT_LT(waited, 500) << "hundredths of a second from Ctrl-C to the prompt";
}

// On a terminal Ctrl-C stops the command running and the session goes on, the position as it
// was; at the end a position not saved is offered a file. (Through a pipe, Ctrl-C ends it.)
// The terminal's Ctrl-C reaches the shell that script(1) starts too: a shell such as dash ends
// on it unless it traps it, and `exec` leaves no shell at all.
TEST_F(AppSession, OnATerminalCtrlCStopsTheCommandAndQuitOffersToSave) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  file("hard.txt", hard + "\n");
  // `solve` on this puzzle takes its nested forcing chains: seconds, a Ctrl-C comes in 0.3 s.
  std::string typing = app_run::type_at_prompts({"mark r1c2 -1", "solve"});
  typing.pop_back();
  typing +=
      "; sleep 0.3; printf '\\003'; asked; printf 'show r1c2\\n'; asked; printf 'quit\\n'; n=0; "
      "while [ $n -lt 3000 ] && ! grep -q 'none): ' stdout; do sleep 0.02; n=$((n + 1)); done; "
      "printf 'pos.txt\\n'; sleep 0.5)";
  const std::string command =
      "cd '" + dir_.string() + "' && rm -f stdout && " + typing +
      " | SUDOKU_HISTORY= TERM=dumb timeout 60 script -qec \"trap : INT; '" SUDOKU_BINARY
      "' -i hard.txt; echo exit status \\$?\" /dev/null >stdout 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string out = slurp(dir_ / "stdout");
  EXPECT_TRUE(contains(out, "interrupted: 'solve' stopped; the position is as it was\r\n> "));
  EXPECT_TRUE(contains(out, "> show r1c2\r\nr1c2: 2 5 6 9\r\n"));  // without the 1, no step
  EXPECT_TRUE(contains(out,
                       "The position is not saved. A file to save it in (Enter: none): "
                       "pos.txt\r\nsaved to pos.txt\r\n"));
  EXPECT_TRUE(contains(out, "exit status 0"));
  EXPECT_EQ(slurp(dir_ / "pos.txt"), hard + "\n#marks r1c2-1\n");
}

// On a terminal the Up arrow recalls the last command (libedit); `script` (util-linux) gives
// the command a terminal.
TEST_F(AppSession, OnATerminalTheUpArrowRecallsACommand) {
#ifndef SUDOKU_WITH_LIBEDIT
  GTEST_SKIP() << "built without libedit";
#endif
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  file("small.txt", small + "\n");
  const std::string command =
      "cd '" + dir_.string() + "' && rm -f stdout && " +
      app_run::type_at_prompts({"set r1c1 1", "\\033[A", "quit"}) +
      " | SUDOKU_HISTORY= TERM=xterm timeout 60 script -qec \"'" SUDOKU_BINARY
      "' -i small.txt\" /dev/null >stdout 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string out = slurp(dir_ / "stdout");
  EXPECT_TRUE(contains(out, "r1c1=1\r\n"));
  // The recalled line runs again: the digit is there already.
  EXPECT_TRUE(contains(out, "> set r1c1 1\r\nr1c1 holds 1 already; clear it first\r\n"));
  EXPECT_EQ(out.find("^[[A"), std::string::npos) << out;
}

// The history is kept between sessions on a terminal: in $XDG_STATE_HOME/sudoku/history, or in
// $SUDOKU_HISTORY; SUDOKU_HISTORY= keeps none, and commands from a pipe are kept nowhere.
TEST_F(AppSession, OnATerminalTheHistoryOutlivesTheSession) {
#ifndef SUDOKU_WITH_LIBEDIT
  GTEST_SKIP() << "built without libedit";
#endif
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  file("small.txt", small + "\n");
  // Types `keys` (printf's escapes, a line of them at each prompt) into `sudoku -i small.txt`
  // on a terminal, with `env` before it; returns what the terminal showed.
  const auto typed = [&](const std::string& env, const std::vector<std::string>& keys) {
    const std::string command = "cd '" + dir_.string() + "' && rm -f stdout && " +
                                app_run::type_at_prompts(keys) + " | env -u SUDOKU_HISTORY HOME='" +
                                dir_.string() + "/home' XDG_STATE_HOME='" + dir_.string() +
                                "/state' " + env +
                                " TERM=xterm timeout 60 script -qec \"'" SUDOKU_BINARY
                                "' -i small.txt\" /dev/null >stdout 2>&1";
    EXPECT_EQ(std::system(command.c_str()), 0);
    return slurp(dir_ / "stdout");
  };
  const auto history = dir_ / "state" / "sudoku" / "history";
  std::string out = typed("", {"set r1c1 1", "quit"});
  EXPECT_TRUE(contains(out, "r1c1=1\r\n")) << out;
  ASSERT_TRUE(std::filesystem::exists(history));
  EXPECT_TRUE(contains(slurp(history), "r1c1")) << slurp(history);
  // The next session recalls it: Up twice goes past `quit` to `set r1c1 1`, which runs again
  // on the fresh grid.
  out = typed("", {"\\033[A\\033[A", "quit"});
  EXPECT_TRUE(contains(out, "> set r1c1 1\r\nr1c1=1\r\n")) << out;
  // SUDOKU_HISTORY= keeps none: nothing to recall, and the file is left as it was.
  const std::string kept = slurp(history);
  out = typed("SUDOKU_HISTORY=", {"\\033[A\\033[A", "show", "quit"});
  EXPECT_FALSE(contains(out, "r1c1=1")) << out;
  EXPECT_EQ(slurp(history), kept);
  // SUDOKU_HISTORY=FILE keeps it there.
  out = typed("SUDOKU_HISTORY=mine", {"clear r1c1", "quit"});
  EXPECT_TRUE(contains(slurp(dir_ / "mine"), "clear")) << slurp(dir_ / "mine");
  EXPECT_EQ(slurp(history), kept);
  // Through a pipe: no history.
  std::filesystem::remove(history);
  const std::string piped = "cd '" + dir_.string() +
                            "' && printf 'set r1c1 1\\nquit\\n' | env -u " +
                            "SUDOKU_HISTORY XDG_STATE_HOME='" + dir_.string() + "/state' '" +
                            SUDOKU_BINARY "' -i small.txt >stdout 2>&1";
  ASSERT_EQ(std::system(piped.c_str()), 0);
  EXPECT_TRUE(contains(slurp(dir_ / "stdout"), "r1c1=1\n"));
  EXPECT_FALSE(std::filesystem::exists(history));
}

}  // namespace
