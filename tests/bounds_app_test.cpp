// Both commands against endless inputs, silent pipes, failing outputs and exhausted resources:
// each run ends promptly with its message and exit status, and never passes a partial answer off
// as an answer. Every run goes through `timeout`, so that a regression fails instead of hanging.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "app_run.hpp"

namespace {

using app_run::contains;

constexpr int exit_error = 2;
constexpr int exit_stopped = 3;

// The example puzzle of Wikipedia's "Sudoku" article, and its solution (same article).
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const std::string empty_grid(81, '.');
const std::string sudoku_bin = "timeout 30 '" SUDOKU_BINARY "'";
const std::string dlx_bin = "timeout 30 '" DLX_BINARY "'";
const std::string pentominoes = DLX_EXAMPLES_DIR "/../pentominoes/pentomino-6x10.dlx";

// Memory limits (prlimit --as) mean nothing under AddressSanitizer, which reserves terabytes.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

class Bounds : public app_run::Sandbox {
 protected:
  // Runs `command` in bash with SIGPIPE ignored, its stdout into a pipe that `head` closes after
  // a few bytes; gives the command's own exit status and stderr.
  app_run::Outcome into_closed_pipe(const std::string& command) {
    const app_run::Outcome o = shell("bash -c \"trap '' PIPE; " + command +
                                     " 2>err.txt | head -c 10 >/dev/null; "
                                     "echo \\${PIPESTATUS[0]} >rc.txt\"");
    app_run::Outcome result;
    result.status = std::stoi(app_run::slurp(dir_ / "rc.txt"));
    result.err = app_run::slurp(dir_ / "err.txt");
    (void)o;
    return result;
  }
  double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
};

// An input with no line end is an error at the line limit, and the input is given up after
// a bounded skip: /dev/zero ends in well under a second instead of spinning forever.
// An endless line of text (no line end, no NUL byte: /dev/zero itself is binary, below).
TEST_F(Bounds, SudokuEndlessLineIsAnErrorAtTheLimit) {
  for (const std::string args : {"-", "-f line"}) {
    SCOPED_TRACE(args);
    const app_run::Outcome o = shell("tr '\\0' x </dev/zero | " + sudoku_bin + " " + args);
    EXPECT_EQ(o.status, exit_error) << o.err;
    EXPECT_TRUE(contains(o.err, ":1:1048577: line is longer than the limit of 1048576 bytes"));
    EXPECT_TRUE(contains(o.err,
                         "line 1 has no end within 1073741824 bytes: the rest of the "
                         "input is not read"));
    // One error, counted once; not a puzzle.
    EXPECT_TRUE(contains(o.err, "1 puzzle") || !contains(o.err, "puzzles:")) << o.err;
  }
  const app_run::Outcome regions = shell(sudoku_bin + " --regions /dev/zero p.txt");
  EXPECT_EQ(regions.status, exit_error);
  EXPECT_TRUE(contains(regions.err, "/dev/zero:1:1048577: line is longer than the limit"));
}

// /dev/zero is binary: one error at its first byte, and nothing more read of it.
TEST_F(Bounds, SudokuDevZeroIsBinary) {
  for (const std::string args : {"/dev/zero", "-f line </dev/zero"}) {
    SCOPED_TRACE(args);
    const app_run::Outcome o = shell(sudoku_bin + " " + args);
    EXPECT_EQ(o.status, exit_error) << o.err;
    EXPECT_TRUE(contains(o.err,
                         ":1:1: NUL byte: this looks like a binary file, not puzzles; "
                         "the rest of the input is not read"))
        << o.err;
    EXPECT_TRUE(contains(o.err, "1 puzzle") || !contains(o.err, "puzzles:")) << o.err;
  }
}

// The error of an over-long line comes at the limit, not when its newline arrives: here it
// never does, and the pipe stays open until SIGINT.
TEST_F(Bounds, SudokuCtrlCEndsASilentPipe) {
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  // Held open for writing, so that the command's reads wait instead of ending.
  const int writer = ::open((dir_ / "fifo").c_str(), O_RDWR | O_CLOEXEC);
  ASSERT_GE(writer, 0);
  const std::string part = "53..7";  // half a puzzle: not to be read as a whole line
  ASSERT_EQ(::write(writer, part.data(), part.size()), static_cast<ssize_t>(part.size()));
  const pid_t pid = start(SUDOKU_BINARY, {"-f", "line"}, "fifo");
  const bool caught = wait_until_caught(pid, SIGINT, 60);
  const app_run::Outcome o = signal_and_wait(pid, SIGINT);
  ::close(writer);
  ASSERT_TRUE(caught) << o.err;
  EXPECT_EQ(o.status, 130) << o.err;
  EXPECT_EQ(o.out, "");
  EXPECT_FALSE(contains(o.err, "cells")) << "a line cut short was read";
  EXPECT_TRUE(contains(o.err, "sudoku: interrupted"));

  // And a line growing past the limit, never ended: its error, then SIGINT ends the run.
  const int again = ::open((dir_ / "fifo").c_str(), O_RDWR);
  ASSERT_GE(again, 0);
  const pid_t second = start(SUDOKU_BINARY, {"-f", "line"}, "fifo");
  const std::string block(1 << 16, '1');
  for (int i = 0; i < 20; ++i)
    ASSERT_EQ(::write(again, block.data(), block.size()), static_cast<ssize_t>(block.size()));
  // The error is out as soon as the limit is passed, while the rest of the line is skipped.
  const bool told = wait_for_stderr("line is longer than the limit", 60);
  const app_run::Outcome long_line = signal_and_wait(second, SIGINT);
  ASSERT_TRUE(told) << long_line.err;
  ::close(again);
  EXPECT_EQ(long_line.status, 130) << long_line.err;
  EXPECT_EQ(long_line.out, "error\n");
  EXPECT_TRUE(contains(long_line.err, "<stdin>:1:1048577: line is longer than the limit"));
}

// Puzzles that come down a pipe one at a time are answered as they come, on any number of
// threads, not when a run of them is full or the input ends.
TEST_F(Bounds, SudokuAnswersAPipeAsItFlows) {
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  for (const char* threads : {"1", "2"}) {
    SCOPED_TRACE(threads);
    const int writer = ::open((dir_ / "fifo").c_str(), O_RDWR | O_CLOEXEC);
    ASSERT_GE(writer, 0);
    const pid_t pid = start(SUDOKU_BINARY, {"-f", "line", "--threads", threads}, "fifo");
    const std::string puzzles[] = {wiki, "12345"};
    const std::string answers[] = {wiki_solution + "\n", "error\n"};
    std::string expected;
    for (int i = 0; i < 2; ++i) {
      const std::string line = puzzles[i] + "\n";
      ASSERT_EQ(::write(writer, line.data(), line.size()), static_cast<ssize_t>(line.size()));
      expected += answers[i];
      EXPECT_TRUE(wait_for_stdout(expected, 60)) << i;
    }
    ::close(writer);
    int raw = 0;
    ::waitpid(pid, &raw, 0);
    EXPECT_EQ(app_run::exit_status(raw), exit_error);  // the second line is an error
    EXPECT_EQ(app_run::slurp(dir_ / "stdout"), expected);
  }
}

// The interactive mode bounds its lines as the batch reader does, while reading.
TEST_F(Bounds, SudokuInteractiveLinesAreBoundedWhileRead) {
  file("p.txt", wiki + "\n");
  const struct {
    std::string args, message;
  } cases[] = {
      {"-i p.txt </dev/zero", "sudoku: <stdin>:1:1048577: line is longer than the limit"},
      {"-i /dev/zero", "sudoku: /dev/zero:1:1048577: line is longer than the limit"},
      {"-i - </dev/zero", "sudoku: <stdin>:1:1048577: line is longer than the limit"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args);
    const auto start = std::chrono::steady_clock::now();
    const app_run::Outcome o = shell(sudoku_bin + " " + c.args);
    EXPECT_EQ(o.status, exit_error) << o.err;
    EXPECT_TRUE(contains(o.err, c.message));
    EXPECT_LT(seconds_since(start), 10);
  }
  // A 3 MiB command: refused at the limit, not held whole.
  const app_run::Outcome o = shell(
      "{ echo show; head -c 3145728 /dev/zero | tr '\\0' x; echo; } | " + sudoku_bin + " -i p.txt");
  EXPECT_EQ(o.status, exit_error);
  EXPECT_TRUE(contains(o.err, "sudoku: <stdin>:2:1048577: line is longer than the limit"));
}

// A failed write stops the work at once: an endless --all, a big batch, to a full disk, a closed
// stdout, a pipe closed early with SIGPIPE ignored.
TEST_F(Bounds, SudokuWriteErrorsStopTheWork) {
  file("empty.txt", empty_grid + "\n");
  std::string batch;
  for (int i = 0; i < 20000; ++i) batch += wiki + "\n";
  file("batch.txt", batch);
  const struct {
    std::string command, message;
  } cases[] = {
      {sudoku_bin + " --all -f line empty.txt >/dev/full",
       "sudoku: cannot write the output: No space left on device"},
      {sudoku_bin + " --all -f line empty.txt >&-", "sudoku: cannot write the output: Bad file"},
      {sudoku_bin + " -f line -j 2 batch.txt >/dev/full",
       "sudoku: cannot write the output: No space left on device"},
      {sudoku_bin + " --generate 100000 --seed 1 >/dev/full",
       "sudoku: cannot write the output: No space left on device"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.command);
    // In braces: the helper's own redirection of stdout comes after the line.
    const app_run::Outcome o = shell("{ " + c.command + "; }");
    EXPECT_EQ(o.status, exit_error) << o.err;
    EXPECT_TRUE(contains(o.err, c.message));
  }
  const app_run::Outcome pipe = into_closed_pipe(sudoku_bin + " --all -f line empty.txt");
  EXPECT_EQ(pipe.status, exit_error) << pipe.err;
  EXPECT_TRUE(contains(pipe.err, "sudoku: cannot write the output: Broken pipe"));
}

// A time limit per puzzle: the search stops, the result says so in every format, exit status 3.
TEST_F(Bounds, SudokuMaxSecondsStopsEachSearch) {
  // An empty 9x9 grid has 6,670,903,752,021,072,936,960 solutions (Felgenhauer and Jarvis, 2005):
  // no count of them ends within the limit.
  file("empty.txt", empty_grid + "\n" + wiki + "\n");
  const auto start = std::chrono::steady_clock::now();
  const app_run::Outcome line =
      shell(sudoku_bin + " --count --limit 0 --max-seconds 0.2 -f line empty.txt");
  EXPECT_LT(seconds_since(start), 10);
  EXPECT_EQ(line.status, exit_stopped) << line.err;
  ASSERT_EQ(line.out.substr(line.out.size() - 3), "\n1\n") << line.out;
  EXPECT_EQ(line.out[line.out.find('\n') - 1], '+') << line.out;
  EXPECT_TRUE(contains(line.err, "1 stopped early"));

  const app_run::Outcome json =
      shell(sudoku_bin + " --count --limit 0 --max-seconds 0.2 -f json -j 2 empty.txt");
  EXPECT_EQ(json.status, exit_stopped) << json.err;
  EXPECT_TRUE(contains(json.out, "\"complete\":false,\"reason\":\"max-seconds\","));

  const app_run::Outcome pretty =
      shell(sudoku_bin + " --count --limit 0 --max-seconds 0.2 empty.txt");
  EXPECT_TRUE(contains(pretty.out, "<stdin>:1") || contains(pretty.out,
                                                            "empty.txt:1: 9x9, "
                                                            "stopped early after "));
  EXPECT_TRUE(contains(pretty.out, "s (--max-seconds): at least "));

  // --all: the solutions listed, then 'stopped': the list is not every solution.
  const app_run::Outcome all = shell(sudoku_bin + " --all --max-seconds 0.1 -f line empty.txt");
  EXPECT_EQ(all.status, exit_stopped);
  EXPECT_TRUE(contains(all.out, "\nstopped\n# empty.txt:2\n"));

  const app_run::Outcome usage = shell(sudoku_bin + " --max-seconds 0 empty.txt");
  EXPECT_EQ(usage.status, exit_error);
  EXPECT_TRUE(contains(usage.err, "--max-seconds expects a positive number of seconds, not '0'"));
}

// An interrupted puzzle is no answer: JSON says why it is incomplete; the summary counts it as
// stopped, not as without solution.
TEST_F(Bounds, SudokuAnInterruptedSearchIsMarked) {
  file("empty.txt", empty_grid + "\n");
  const pid_t pid = start(
      SUDOKU_BINARY, {"--count", "--limit", "0", "-f", "json", "--stats", "--progress", "0.05"},
      "empty.txt");
  const bool counting = wait_for_stderr("solutions seen", 60);
  const app_run::Outcome o = signal_and_wait(pid, SIGINT);
  ASSERT_TRUE(counting) << o.err;
  EXPECT_EQ(o.status, 130) << o.err;
  EXPECT_TRUE(contains(o.out, "\"complete\":false,\"reason\":\"interrupted\","));
  EXPECT_TRUE(contains(o.err, "0 without solution"));
  EXPECT_TRUE(contains(o.err, "1 stopped early"));
}

// A bad #regions line and a bad #variant line are two errors, not four.
TEST_F(Bounds, SudokuTheSummaryCountsErrorsOnce) {
  file("h.txt", "#regions 123\n" + wiki + "\n#variant nope\n" + wiki + "\n");
  const app_run::Outcome o = shell(sudoku_bin + " -f line h.txt");
  EXPECT_EQ(o.status, exit_error);
  EXPECT_EQ(o.out, "error\nerror\n");
  EXPECT_TRUE(contains(o.err,
                       "sudoku: 2 puzzles: 0 solved, 0 without solution, 0 with several "
                       "solutions, 2 errors;"));
}

// Out of threads: a message and exit status 2, not an abort.
TEST_F(Bounds, SudokuOutOfThreadsIsAnError) {
  if (sanitized) GTEST_SKIP() << "memory limits do not apply under AddressSanitizer";
  file("p.txt", wiki + "\n");
  const app_run::Outcome o =
      shell("prlimit --as=1000000000 " + sudoku_bin + " -j 1024 -f line p.txt");
  EXPECT_EQ(o.status, exit_error) << o.err;
  EXPECT_TRUE(contains(o.err, "sudoku: cannot start 1024 threads: "));
}

// Memory that runs out while solving: a 25x25's solver does not fit in the address space that
// just lets the command solve a 9x9 (found here, 1 MB at a time), so it is reported, with the
// puzzle, and the batch stops; the 9x9 before it keeps its answer.
TEST_F(Bounds, SudokuOutOfMemoryWhileSolvingIsAnError) {
  if (sanitized) GTEST_SKIP() << "memory limits do not apply under AddressSanitizer";
  file("p.txt", wiki + "\n");
  std::string big(625, '.');
  for (int i = 0; i < 25; ++i) big[static_cast<std::size_t>(i)] = static_cast<char>('A' + i);
  file("big.txt", big + "\n");
  long limit = 0;
  for (long mb = 4; mb <= 256 && limit == 0; ++mb)
    if (shell("prlimit --as=" + std::to_string(mb << 20) + " " + sudoku_bin + " -f line p.txt")
            .status == 0)
      limit = mb << 20;
  ASSERT_GT(limit, 0);
  // A megabyte above it, so that the 25x25 line is read before its search runs out (the shared
  // libraries, libedit's among them, leave the smallest limit no room for the reader).
  const app_run::Outcome o = shell("prlimit --as=" + std::to_string(limit + (1L << 20)) + " " +
                                   sudoku_bin + " -f line p.txt big.txt");
  EXPECT_EQ(o.status, exit_error) << o.err;
  EXPECT_TRUE(contains(o.err, "sudoku: out of memory solving big.txt:1\n")) << o.err;
  EXPECT_TRUE(o.out.starts_with(wiki_solution + "\n")) << o.out;
}

TEST_F(Bounds, DlxThreadsAreBounded) {
  const app_run::Outcome o = shell(dlx_bin + " -j 40000 '" DLX_EXAMPLES_DIR "/queens8.dlx'");
  EXPECT_EQ(o.status, exit_error);
  EXPECT_TRUE(contains(o.err, "dlx: --threads expects an integer from 0 to 1024, not '40000'"));
  if (sanitized) return;
  const app_run::Outcome limited =
      shell("prlimit --as=1000000000 " + dlx_bin + " -j 1024 '" DLX_EXAMPLES_DIR "/queens8.dlx'");
  EXPECT_EQ(limited.status, exit_error) << limited.err;
  EXPECT_TRUE(contains(limited.err, "dlx: cannot start 1024 threads: "));
}

TEST_F(Bounds, DlxOutOfMemoryIsAnError) {
  if (sanitized) GTEST_SKIP() << "memory limits do not apply under AddressSanitizer";
  // A million options over 2000 items.
  {
    std::ofstream out(dir_ / "big.dlx", std::ios::binary);
    for (int i = 0; i < 2000; ++i) out << 'i' << i << ' ';
    out << '\n';
    for (int k = 0; k < 1000000; ++k) {
      const int a = k % 2000;
      out << 'i' << a << " i" << (a + 1 + k % 7) % 2000 << " i" << (a + 9 + k % 11) % 2000 << '\n';
    }
  }
  const app_run::Outcome o = shell("prlimit --as=100000000 " + dlx_bin + " big.dlx");
  EXPECT_EQ(o.status, exit_error) << o.err;
  EXPECT_TRUE(contains(o.err, "dlx: out of memory ")) << o.err;
}

// dlx -s stops at the first failed write instead of searching on.
TEST_F(Bounds, DlxWriteErrorsStopTheSearch) {
  for (const std::string threads : {"", " -j 2"}) {
    SCOPED_TRACE(threads);
    const auto start = std::chrono::steady_clock::now();
    const app_run::Outcome o =
        shell("{ " + dlx_bin + " -s" + threads + " '" + pentominoes + "' >/dev/full; }");
    EXPECT_EQ(o.status, exit_error) << o.err;
    EXPECT_TRUE(contains(o.err, "dlx: cannot write the output: No space left on device"));
    EXPECT_LT(seconds_since(start), 10);
  }
  const app_run::Outcome closed = shell("{ " + dlx_bin + " -s '" + pentominoes + "' >&-; }");
  EXPECT_EQ(closed.status, exit_error);
  EXPECT_TRUE(contains(closed.err, "dlx: cannot write the output: Bad file descriptor"));
  const app_run::Outcome pipe = into_closed_pipe(dlx_bin + " -s '" + pentominoes + "'");
  EXPECT_EQ(pipe.status, exit_error) << pipe.err;
  EXPECT_TRUE(contains(pipe.err, "dlx: cannot write the output: Broken pipe"));
}

}  // namespace

namespace {

// A checkpoint is a regular file locked by one run; its lines are bounded.
TEST_F(Bounds, DlxCheckpointsAreLockedRegularFiles) {
  const app_run::Outcome device =
      shell(dlx_bin + " -j 2 --checkpoint /dev/full '" DLX_EXAMPLES_DIR "/queens8.dlx'");
  EXPECT_EQ(device.status, exit_error);
  EXPECT_TRUE(
      contains(device.err, "/dev/full: not a regular file; a checkpoint is a file of its own"));

  // A second run while the first holds the file: refused, and the file stays whole.
  file("ck-stdin", "");
  const pid_t first =
      start(DLX_BINARY,
            {"-j", "1", "--checkpoint", (dir_ / "ck").string(), "--progress", "0.05", pentominoes},
            "ck-stdin");
  const bool running = wait_for_stderr("progress:", 20);
  const app_run::Outcome second = shell(dlx_bin + " -j 1 --checkpoint ck '" + pentominoes + "'");
  int raw = 0;
  ::waitpid(first, &raw, 0);
  ASSERT_TRUE(running);
  EXPECT_EQ(second.status, exit_error) << second.err;
  EXPECT_TRUE(contains(second.err, "ck: in use by another dlx run"));
  // 2339 solutions (Haselgrove, 1960); the file the first run left resumes to the same count.
  const app_run::Outcome resumed = shell(dlx_bin + " -j 2 --checkpoint ck '" + pentominoes + "'");
  EXPECT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(resumed.out, "2339\n");

  std::string long_line = "dlx-checkpoint 2\n" + std::string((1 << 20) + 10, 'x') + "\n";
  file("long", long_line);
  const app_run::Outcome bounded =
      shell(dlx_bin + " -j 2 --checkpoint long '" DLX_EXAMPLES_DIR "/queens8.dlx'");
  EXPECT_EQ(bounded.status, exit_error);
  EXPECT_TRUE(contains(bounded.err, "long:2: line is longer than the limit of 1048576 bytes"));
}

}  // namespace
