// Every way the sudoku command can fail (collected from apps/sudoku.cpp and the reader's error
// kinds), each run as a user would meet it: its exit status, its message on stderr, and nothing
// on stdout that could be read as a result (the line and json formats hold a puzzle's place with
// 'error' and an error object). Also the bounds on what it reads, --count's limit, progress and
// Ctrl-C.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "app_run.hpp"

namespace {

using app_run::contains;

constexpr int exit_error = 2;

// The example puzzle of Wikipedia's "Sudoku" article.
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string empty_grid(81, '.');

class SudokuErrors : public app_run::Sandbox {
 protected:
  app_run::Outcome sudoku(const std::string& args, const std::string& stdin_text = "") {
    return run(SUDOKU_BINARY, args, stdin_text);
  }
  void expect_failure(const app_run::Outcome& o, int status, const std::string& message,
                      const std::string& out = "") {
    EXPECT_EQ(o.status, status) << o.err;
    EXPECT_TRUE(contains(o.err, message));
    EXPECT_EQ(o.out, out) << "stdout after an error";
  }
};

TEST_F(SudokuErrors, BadUsage) {
  file("map.txt", "1122\n1122\n3344\n");
  std::filesystem::create_directory(dir_ / "folder");
  const struct {
    std::string args, message;
  } cases[] = {
      {"--bogus", "sudoku: unknown option --bogus\nTry 'sudoku --help'"},
      {"--hints", "sudoku: unknown option --hints; did you mean --hint?\n"},
      {"--limt 3", "sudoku: unknown option --limt; did you mean --limit?\n"},
      {"--cuont", "sudoku: unknown option --cuont; did you mean --count?\n"},
      {"--limit", "sudoku: the required argument for option '--limit' is missing"},
      {"--variant nope",
       "sudoku: --variant: unknown variant 'nope': use regular, hyper, x, hyper-x, jigsaw or "
       "samurai, and "
       "anti-knight or anti-king (e.g. 'x anti-king')"},
      {"--hyper --variant x", "sudoku: --hyper contradicts the variant x asked for"},
      {"--size 0", "sudoku: --size expects an integer from 1 to 35, not '0'"},
      {"--size 36", "sudoku: --size expects an integer from 1 to 35, not '36'"},
      {"--regions missing.txt", "sudoku: missing.txt: No such file or directory"},
      {"--regions map.txt", "sudoku: map.txt:1:1: the region map ends after 3 of 4 rows"},
      {"--regions folder", "sudoku: folder:1:1: read error: the region map cannot be read"},
      {"--count --all", "sudoku: --count and --all cannot be used together"},
      {"--hint --rate", "sudoku: --hint and --rate cannot be used together"},
      {"--format nope", "sudoku: --format expects pretty, line, json or fpuzzles, not 'nope'"},
      {"--limit -1", "sudoku: --limit expects an integer from 0 to"},
      {"--threads 2000", "sudoku: --threads expects an integer from 0 to 1024, not '2000'"},
      {"--color nope", "sudoku: --color expects auto, always or never, not 'nope'"},
      {"--logic nope", "sudoku: --logic expects none, singles, fast, all or full, not 'nope'"},
      {"--verbose x", "sudoku: --verbose expects an integer from 1 to 4, not 'x'"},
      {"--progress 0", "sudoku: --progress expects a positive number of seconds, not '0'"},
      {"--hint -v 2", "sudoku: -v explains solving and rating; it does not go with --hint"},
      {"-i a.txt b.txt", "sudoku: --interactive takes one puzzle file, not 'b.txt' as well"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args);
    const app_run::Outcome o = sudoku(c.args, wiki + "\n");
    expect_failure(o, exit_error, c.message);
    EXPECT_TRUE(contains(o.err, "Try 'sudoku --help' for more information."));
  }
}

TEST_F(SudokuErrors, UnreadableInputs) {
  std::filesystem::create_directory(dir_ / "folder");
  expect_failure(sudoku("missing.txt"), exit_error,
                 "sudoku: missing.txt: No such file or directory");
  expect_failure(sudoku("folder"), exit_error, "sudoku: folder: Is a directory");
  // A directory as standard input: the read itself fails (this once aborted the command).
  expect_failure(shell("'" SUDOKU_BINARY "' <folder"), exit_error, "sudoku: <stdin>: read error");
  expect_failure(sudoku(""), exit_error, "sudoku: <stdin>: no puzzle in the input");
  expect_failure(sudoku("-", "# only a comment\n\n"), exit_error,
                 "sudoku: <stdin>: no puzzle in the input");
}

// A file that cannot be read counts in the summary's errors, as the exit status says.
TEST_F(SudokuErrors, AnUnreadableFileCountsAsAnErrorInTheSummary) {
  file("one.txt", wiki + "\n" + wiki + "\n");
  const app_run::Outcome o = sudoku("-f line one.txt missing.txt");
  EXPECT_EQ(o.status, exit_error);
  EXPECT_TRUE(contains(o.err, "sudoku: missing.txt: No such file or directory\n"));
  EXPECT_TRUE(contains(o.err, "0 with several solutions, 1 error; ")) << o.err;
}

// A run slower than a puzzle a second says the seconds per puzzle, not "0 puzzles/s".
TEST_F(SudokuErrors, ASlowRunSaysTheSecondsEachPuzzleTook) {
  const app_run::Outcome o =
      shell("(echo '" + wiki + "'; sleep 2.2; echo '" + wiki + "') | '" SUDOKU_BINARY "' -f line");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_FALSE(contains(o.err, "puzzles/s"));
  EXPECT_TRUE(contains(o.err, " s/puzzle\n"));
}

TEST_F(SudokuErrors, EveryRuleOfTheFormatInEveryOutputFormat) {
  const std::string clash = "55" + wiki.substr(2);
  const struct {
    std::string text, args, message;
  } cases[] = {
      {"12345\n", "", "in.txt:1:6: this line has 5 cells: neither a one-line puzzle"},
      {wiki.substr(0, 80) + "z\n", "", "in.txt:1:81: bad character 'z': a 9x9 grid holds 1-9"},
      {"53..7....\n6..195...\n.98....6.\n", "",
       "in.txt:1:1: incomplete 9x9 grid: it ends after 3 of its 9 rows, at the end of the input"},
      {"#variant nope\n" + wiki + "\n", "",
       "in.txt:2:1: puzzle not read: the #variant line 1 before it is not valid"},
      {"#regions 1234\n" + wiki + "\n", "",
       "in.txt:2:1: puzzle not read: the #regions map at line 1 before it is not valid"},
      {"#variant jigsaw\n" + wiki + "\n", "",
       "in.txt:2:1: a jigsaw puzzle needs a region map (a #regions line before it)"},
      {"#regions 1122112233443344\n" + wiki + "\n", "",
       "in.txt:2:1: the region map is for a 4x4 grid, but this puzzle is 9x9"},
      {"#variant hyper\n" + std::string(36, '.') + "\n", "",
       "in.txt:2:1: hyper windows need square boxes"},
      {std::string(49, '.') + "\n", "--size 7", "in.txt:1:1: a 7x7 grid has no boxes"},
      {clash + "\n", "", "in.txt:1:2: givens clash: r1c1 and r1c2 both hold 5 in row 1"},
      {clash + "\n", "--hint", "in.txt:1:2: givens clash: r1c1 and r1c2 both hold 5 in row 1"},
      {clash + "\n", "--rate", "in.txt:1:2: givens clash: r1c1 and r1c2 both hold 5 in row 1"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.message);
    file("in.txt", c.text);
    expect_failure(sudoku(c.args + " in.txt"), exit_error, c.message);
    expect_failure(sudoku(c.args + " -f line in.txt"), exit_error, c.message, "error\n");
    const app_run::Outcome json = sudoku(c.args + " -f json in.txt");
    EXPECT_EQ(json.status, exit_error);
    EXPECT_TRUE(json.out.starts_with("{\"file\":\"in.txt\",\"line\":")) << json.out;
    EXPECT_TRUE(contains(json.out, "\"error\":"));
    EXPECT_EQ(std::count(json.out.begin(), json.out.end(), '\n'), 1) << json.out;
    EXPECT_FALSE(contains(json.out, "\"solution\""));
  }
}

TEST_F(SudokuErrors, ABadHeaderIsReportedButTakesNoPlaceOfAPuzzle) {
  file("in.txt", "#variant nope\n" + wiki + "\n#variant regular\n" + wiki + "\n");
  const app_run::Outcome o = sudoku("-f line in.txt");
  EXPECT_EQ(o.status, exit_error);
  EXPECT_TRUE(contains(o.err, "in.txt:1:10: unknown variant 'nope'"));
  EXPECT_TRUE(contains(o.err, "in.txt:2:1: puzzle not read"));
  // One line per puzzle: the spoilt one, then the one after the good header.
  EXPECT_EQ(o.out,
            "error\n534678912672195348198342567859761423426853791713924856961537284287419635"
            "345286179\n");
}

TEST_F(SudokuErrors, AFullDiskIsAnError) {
  file("in.txt", wiki + "\n");
  const app_run::Outcome o = shell("{ '" SUDOKU_BINARY "' in.txt >/dev/full; }");
  EXPECT_EQ(o.status, exit_error);
  EXPECT_TRUE(contains(o.err, "sudoku: cannot write the output"));
}

TEST_F(SudokuErrors, InteractiveModeFailures) {
  std::filesystem::create_directory(dir_ / "folder");
  file("bad.txt", wiki.substr(0, 80) + "z\n");
  expect_failure(sudoku("-i missing.txt"), exit_error,
                 "sudoku: missing.txt: No such file or directory");
  expect_failure(sudoku("-i folder"), exit_error, "sudoku: folder: Is a directory");
  expect_failure(sudoku("-i bad.txt"), exit_error, "bad.txt:1:81: bad character 'z'");
  expect_failure(sudoku("--size 7 -i -"), exit_error, "sudoku: a 7x7 grid has no boxes");
  // A directory as standard input, for the puzzle: an error, not a blank grid.
  expect_failure(shell("'" SUDOKU_BINARY "' -i - <folder"), exit_error,
                 "sudoku: <stdin>: read error");
  // And for the commands, after the grid from a file: an error, not the end of the session.
  file("wiki.txt", wiki + "\n");
  const app_run::Outcome o = shell("'" SUDOKU_BINARY "' -i wiki.txt <folder");
  EXPECT_EQ(o.status, exit_error) << o.err;
  EXPECT_TRUE(contains(o.err, "sudoku: <stdin>: read error")) << o.err;
  EXPECT_TRUE(contains(o.out, "Type 'help' for the commands.")) << o.out;
}

TEST_F(SudokuErrors, AGigabyteLineCostsOneErrorAndTheBatchGoesOn) {
  const app_run::Outcome o = shell("{ head -c 1073741824 /dev/zero | tr '\\0' '1'; echo; echo " +
                                   wiki + "; } | '" SUDOKU_BINARY "' -f line");
  EXPECT_EQ(o.status, exit_error);
  EXPECT_TRUE(contains(o.err, "<stdin>:1:1048577: line is longer than the limit of 1048576 bytes"));
  EXPECT_EQ(o.out,
            "error\n534678912672195348198342567859761423426853791713924856961537284287419635"
            "345286179\n");
}

TEST_F(SudokuErrors, CountStopsAtItsLimitOnAnEmptyGrid) {
  // 6,670,903,752,021,072,936,960 solutions (Felgenhauer and Jarvis, 2005).
  const app_run::Outcome o = sudoku("--count --limit 1000 -f line", empty_grid + "\n");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, "1000+\n");
  const app_run::Outcome pretty = sudoku("--count --limit 1000", empty_grid + "\n");
  EXPECT_EQ(pretty.out, "<stdin>:1: 9x9, at least 1000 solutions\n");
}

TEST_F(SudokuErrors, CtrlCPrintsTheCountSoFarMarkedIncomplete) {
  for (const std::string format : {"pretty", "line", "json"}) {
    SCOPED_TRACE(format);
    file("empty.txt", empty_grid + "\n" + empty_grid + "\n");
    const pid_t pid =
        start(SUDOKU_BINARY, {"--count", "--limit", "0", "--progress", "0.05", "-f", format},
              "empty.txt");
    // Progress lines come off a terminal only when asked for; they count what was seen so far.
    const bool counting = wait_for_stderr("solutions seen", 60);
    const app_run::Outcome o = signal_and_wait(pid, SIGINT);
    ASSERT_TRUE(counting) << o.err;
    EXPECT_EQ(o.status, 130) << o.err;
    EXPECT_TRUE(contains(o.err, "sudoku: progress: "));
    EXPECT_TRUE(contains(o.err, "sudoku: interrupted: the results are incomplete"));
    // The puzzle being counted gets its count so far, marked; the one after it is not read.
    if (format == "pretty") {
      EXPECT_TRUE(o.out.starts_with("<stdin>:1: 9x9, stopped early (interrupted): at least "))
          << o.out;
    } else if (format == "line") {
      EXPECT_TRUE(o.out.ends_with("+\n")) << o.out;
    } else {
      EXPECT_TRUE(contains(o.out, "\"complete\":false"));
    }
    EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 1) << o.out;
  }
}

// SIGTERM (a job's time limit, `kill`) ends a batch as Ctrl-C does: the count so far, marked
// incomplete, and 128 + 15.
TEST_F(SudokuErrors, SigtermPrintsTheCountSoFarMarkedIncomplete) {
  file("empty.txt", empty_grid + "\n" + empty_grid + "\n");
  const pid_t pid = start(
      SUDOKU_BINARY, {"--count", "--limit", "0", "--progress", "0.05", "-f", "line"}, "empty.txt");
  const bool counting = wait_for_stderr("solutions seen", 60);
  const app_run::Outcome o = signal_and_wait(pid, SIGTERM);
  ASSERT_TRUE(counting) << o.err;
  EXPECT_EQ(o.status, 143) << o.err;
  EXPECT_TRUE(contains(o.err, "sudoku: interrupted: the results are incomplete"));
  EXPECT_TRUE(o.out.ends_with("+\n")) << o.out;
  EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 1) << o.out;
}

// A budget that stops a search is "stopped early" (exit 3), never "no solution" (exit 1).
TEST_F(SudokuErrors, ABudgetStopsASearchEarly) {
  const app_run::Outcome line = sudoku("--max-nodes 5 -f line", empty_grid + "\n");
  EXPECT_EQ(line.status, 3) << line.err;
  EXPECT_EQ(line.out, "stopped\n");
  const app_run::Outcome count =
      sudoku("--count --limit 0 --max-nodes 100 -f line", empty_grid + "\n");
  EXPECT_EQ(count.status, 3) << count.err;
  EXPECT_TRUE(count.out.ends_with("+\n")) << count.out;
  const app_run::Outcome pretty = sudoku("--count --max-nodes 5", empty_grid + "\n");
  EXPECT_EQ(pretty.status, 3);
  EXPECT_EQ(pretty.out,
            "<stdin>:1: 9x9, stopped early after 5 nodes (--max-nodes): no solution found yet\n");
  // A bad puzzle (2) wins over a stopped one (3), which wins over one without solution (1).
  const std::string clash = "11" + empty_grid.substr(2);
  EXPECT_EQ(sudoku("--max-nodes 5 -f line", empty_grid + "\n" + clash + "\n").status, 2);
  // Within the budget the answer stands.
  EXPECT_EQ(sudoku("--max-nodes 100000 -f line", wiki + "\n").status, 0);
}

// On a terminal (script(1) gives one), the progress lines keep quiet while the command waits
// for the next puzzle to be typed: every one typed so far is answered, and nothing goes on.
TEST_F(SudokuErrors, NoProgressLinesWhileWaitingForTypedPuzzles) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  const app_run::Outcome o =
      shell("(echo '" + wiki + "'; sleep 1.5) | TERM=dumb timeout 60 script -qec \"'" +
            SUDOKU_BINARY + "' --progress 0.1 -f line\" /dev/null");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(contains(o.out,
                       "534678912672195348198342567859761423426853791713924856961537284"
                       "287419635345286179\r\n"));
  EXPECT_TRUE(contains(o.out, "reading puzzles from standard input (Ctrl-D to end)"));
  EXPECT_FALSE(contains(o.out, "progress:")) << o.out;
}

TEST_F(SudokuErrors, NoProgressLinesOffATerminalUnlessAsked) {
  const app_run::Outcome o = sudoku("--count --limit 20000 -f line", empty_grid + "\n");
  EXPECT_EQ(o.out, "20000+\n");
  EXPECT_FALSE(contains(o.err, "progress"));
}

}  // namespace
