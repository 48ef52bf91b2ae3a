// The dlx command split over threads, resumed from checkpoints, and (when built with MPI) run on
// the processes of an MPI job: the same counts and the same printed solutions as one thread.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app_run.hpp"
#include "test_share.hpp"

namespace {

using app_run::contains;

const std::string examples = DLX_EXAMPLES_DIR;
const std::string pentominoes_3x20 = examples + "/../pentominoes/pentomino-3x20.dlx";

class DlxParallel : public app_run::Sandbox {
 protected:
  app_run::Outcome dlx(const std::string& args, const std::string& stdin_text = "") {
    return run(DLX_BINARY, args, stdin_text);
  }
  std::string read(const std::string& name) { return app_run::slurp(dir_ / name); }
};

// n queens in the DLX format: rows and columns primary, diagonals secondary.
std::string queens(int n) {
  std::ostringstream text;
  for (int i = 0; i < n; ++i) text << "r" << i << " c" << i << ' ';
  text << '|';
  for (int d = 0; d < 2 * n - 1; ++d) text << " a" << d << " b" << d;
  text << '\n';
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      text << 'r' << r << " c" << c << " a" << r + c << " b" << r - c + n - 1 << '\n';
  return text.str();
}

// One or two rooks in every row and column of an n x n board: rows and columns 1:2|, a cell an
// option. The search has a null move on every level (a row or column left with one rook).
std::string rooks(int n) {
  std::ostringstream text;
  for (int i = 0; i < n; ++i) text << "1:2|r" << i << ' ';
  for (int j = 0; j < n; ++j) text << "1:2|c" << j << ' ';
  text << '\n';
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) text << 'r' << i << " c" << j << '\n';
  return text.str();
}

// The lines of --stats that count the search (solutions, nodes, updates, max depth, stopped),
// without the time.
std::string counted_stats(const std::string& err) {
  std::istringstream lines(err);
  std::string out;
  for (std::string line; std::getline(lines, line);)
    for (const char* name : {"solutions: ", "nodes: ", "updates: ", "max depth: ", "stopped: "})
      if (line.starts_with(name)) out += line + '\n';
  return out;
}

// The number of lines of `text` that start with `word`.
std::size_t lines_starting(const std::string& text, const std::string& word) {
  std::istringstream lines(text);
  std::size_t n = 0;
  for (std::string line; std::getline(lines, line);) n += line.starts_with(word) ? 1 : 0;
  return n;
}

// `text` without its last `n` lines.
std::string drop_last_lines(const std::string& text, std::size_t n) {
  std::size_t end = text.size();
  for (std::size_t i = 0; i < n; ++i) end = text.rfind('\n', end - 2) + 1;
  return text.substr(0, end);
}

const std::vector<std::string>& files() {
  static const std::vector<std::string> list{
      examples + "/knuth.dlx", examples + "/colors.dlx", examples + "/queens8.dlx",
      std::string(TEST_DATA_DIR) + "/hardsq-4.dlx", std::string(TEST_DATA_DIR) + "/langford-8.dlx",
      std::string(TEST_DATA_DIR) + "/latin-4.dlx",
      // with bounds (Algorithm M), colors on one
      std::string(TEST_DATA_DIR) + "/dlx3-rooks5.dlx",
      std::string(TEST_DATA_DIR) + "/dlx3-langford-gap.dlx",
      std::string(TEST_DATA_DIR) + "/dlx3-rooks-colors.dlx", pentominoes_3x20};
  return list;
}

TEST_F(DlxParallel, CountsTheSameOnAnyNumberOfThreads) {
  for (const std::string& file : files()) {
    const app_run::Outcome one = dlx("'" + file + "'");
    ASSERT_EQ(one.status, 0) << file << one.err;
    for (const char* args : {"--threads 2", "-j 3 --split-depth 1", "-j 2 --split-depth 0",
                             "--threads 1 --split-depth 3", "-j 0"}) {
      const app_run::Outcome o = dlx(std::string(args) + " '" + file + "'");
      EXPECT_EQ(o.status, 0) << file << " " << args << o.err;
      EXPECT_EQ(o.out, one.out) << file << " " << args;
      EXPECT_EQ(o.err, "");
    }
  }
}

TEST_F(DlxParallel, PrintsTheSolutionsInTheOrderOfOneThread) {
  for (const std::string& file : files()) {
    const app_run::Outcome one = dlx("-s '" + file + "'");
    for (const char* args : {"-s -j 2", "-s -j 3 --split-depth 2"}) {
      const app_run::Outcome o = dlx(std::string(args) + " '" + file + "'");
      EXPECT_EQ(o.status, one.status);
      EXPECT_EQ(o.out, one.out) << file << " " << args;
    }
    const app_run::Outcome limited = dlx("-s --limit 7 '" + file + "'");
    EXPECT_EQ(dlx("-s --limit 7 -j 3 '" + file + "'").out, limited.out) << file;
  }
}

TEST_F(DlxParallel, NoSolutionAndStatisticsAsOnOneThread) {
  const app_run::Outcome none = dlx("-j 2", "a b c\na b\nb c\n");
  EXPECT_EQ(none.status, 1);
  EXPECT_EQ(none.out, "0\n");
  const app_run::Outcome stats = dlx("--stats -j 2 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(stats.out, "92\n");
  EXPECT_TRUE(contains(stats.err, "solutions: 92\n"));
  EXPECT_TRUE(contains(stats.err, "stopped: complete\n"));
}

TEST_F(DlxParallel, ALimitReachedIsSolvedAndSaysSo) {
  for (const char* args :
       {"--limit 3 -j 2", "--limit 3 -j 3 --split-depth 1", "-s --limit 3 -j 2"}) {
    const app_run::Outcome o =
        dlx("--stats " + std::string(args) + " '" + examples + "/queens8.dlx'");
    EXPECT_EQ(o.status, 0) << args << o.err;
    EXPECT_TRUE(o.out.ends_with("at least 3 (stopped by --limit)\n")) << args << o.out;
    EXPECT_TRUE(contains(o.err, "solutions: 3\n")) << args;
    EXPECT_TRUE(contains(o.err, "stopped: limit (3 solutions)\n")) << args;
  }
}

TEST_F(DlxParallel, RejectsWhatASplitSearchCannotDo) {
  const std::string file = "'" + examples + "/queens8.dlx'";
  const struct {
    std::string args;
    std::string message;
  } cases[] = {
      {"--seed 3 -j 2 " + file, "--seed cannot be combined with --threads"},
      {"--profile --checkpoint c " + file, "--profile cannot be combined"},
      {"--max-nodes 10 --split-depth 2 " + file, "--max-nodes cannot be combined"},
      {"--checkpoint c -s " + file, "--checkpoint resumes counts"},
      {"--checkpoint c --limit 3 " + file, "--checkpoint resumes counts"},
      {"--checkpoint c " + file + " " + file, "--checkpoint takes one problem, not 2"},
      {"--threads x " + file, "--threads expects an integer from 0 to 1024, not 'x'"},
      {"--split-depth -1 " + file, "--split-depth expects an integer"},
  };
  for (const auto& c : cases) {
    const app_run::Outcome o = dlx(c.args);
    EXPECT_EQ(o.status, 2) << c.args;
    EXPECT_TRUE(contains(o.err, c.message)) << c.args;
    EXPECT_EQ(o.out, "");
  }
}

TEST_F(DlxParallel, ACheckpointRecordsEveryPrefixAndAFinishedOneAnswersAtOnce) {
  const std::string file = "'" + examples + "/queens8.dlx'";
  const app_run::Outcome first = dlx("--stats --checkpoint ckpt --split-depth 2 " + file);
  EXPECT_EQ(first.out, "92\n");
  const std::string text = read("ckpt");
  EXPECT_TRUE(text.starts_with("dlx-checkpoint 4\nproblem ")) << text;
  EXPECT_TRUE(contains(text, "\nstart\n"));
  // Two options per prefix, one record per prefix ('done COUNT nodes N updates N depth N :
  // OPTIONS'), and the records add up to the count and the statistics.
  std::istringstream lines(text);
  std::string line;
  int prefixes = 0, records = 0;
  std::uint64_t solutions = 0, nodes = 0, updates = 0;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string word;
    words >> word;
    if (word == "prefix") {
      std::vector<long> numbers;
      for (std::string w; words >> w;) numbers.push_back(std::stol(w));
      ++prefixes;
      EXPECT_EQ(numbers.size(), 2u) << line;
    } else if (word == "done") {
      std::uint64_t count = 0, n = 0, u = 0, depth = 0;
      std::string nodes_word, updates_word, depth_word, colon;
      words >> count >> nodes_word >> n >> updates_word >> u >> depth_word >> depth >> colon;
      EXPECT_TRUE(words && nodes_word == "nodes" && updates_word == "updates" &&
                  depth_word == "depth" && colon == ":")
          << line;
      // ... and its checksum: ' crc ' and 8 hex digits.
      EXPECT_EQ(line.substr(line.size() - 13, 5), " crc ") << line;
      ++records;
      solutions += count;
      nodes += n;
      updates += u;
    }
  }
  EXPECT_GT(prefixes, 8);
  EXPECT_EQ(records, prefixes);
  EXPECT_EQ(solutions, 92u);
  EXPECT_TRUE(contains(first.err, "\nnodes: " + std::to_string(nodes) + "\n"));
  EXPECT_TRUE(contains(first.err, "\nupdates: " + std::to_string(updates) + "\n"));
  EXPECT_FALSE(contains(first.err, "resumed"));
  const app_run::Outcome again = dlx("--stats --checkpoint ckpt -j 2 " + file);
  EXPECT_EQ(again.status, 0);
  EXPECT_EQ(again.out, "92\n");
  const std::string all = std::to_string(prefixes);
  EXPECT_TRUE(
      again.err.starts_with("dlx: resumed: " + all + " of " + all + " prefixes already done\n"))
      << again.err;
  EXPECT_EQ(counted_stats(again.err), counted_stats(first.err));
  EXPECT_EQ(read("ckpt"), text);  // nothing left to do, nothing written
}

TEST_F(DlxParallel, AResumedCountReportsTheStatisticsOfTheWholeSearch) {
  // One thread: no search is cut, so the pieces, and their nodes and updates, are those of an
  // uninterrupted run.
  const std::string problem = "'" + pentominoes_3x20 + "'";
  const app_run::Outcome whole = dlx("--stats -j 1 --split-depth 2 --checkpoint full " + problem);
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(counted_stats(dlx("--stats -j 1 --split-depth 2 " + problem).err),
            counted_stats(whole.err));
  const std::string text = read("full");
  const std::size_t prefixes = lines_starting(text, "prefix");
  ASSERT_GT(prefixes, 12u);
  for (const std::size_t left : {std::size_t{1}, std::size_t{12}, prefixes}) {
    SCOPED_TRACE(left);
    file("ckpt", drop_last_lines(text, left));
    const app_run::Outcome resumed = dlx("--stats -j 1 --checkpoint ckpt " + problem);
    EXPECT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(resumed.out, "2\n");
    EXPECT_TRUE(resumed.err.starts_with("dlx: resumed: " + std::to_string(prefixes - left) +
                                        " of " + std::to_string(prefixes) +
                                        " prefixes already done\n"))
        << resumed.err;
    EXPECT_EQ(counted_stats(resumed.err), counted_stats(whole.err));
    EXPECT_EQ(read("ckpt"), text) << "the records appended are those of the run not stopped";
  }
}

TEST_F(DlxParallel, ACheckpointOfTheFirstFormatIsResumedAndSaysWhatItLacks) {
  // Version 1 records gave the solutions only: 'done COUNT : OPTIONS'.
  const std::string problem = "'" + pentominoes_3x20 + "'";
  ASSERT_EQ(dlx("-j 1 --split-depth 2 --checkpoint full " + problem).status, 0);
  const std::string text = read("full");
  std::istringstream lines(text);
  std::string old;
  std::string v2;  // the same records as version 2 wrote them: without their checksums
  for (std::string line; std::getline(lines, line);) {
    if (const std::size_t crc = line.find(" crc "); crc != std::string::npos) line.erase(crc);
    if (line == "dlx-checkpoint 4") line = "dlx-checkpoint 2";
    v2 += line + '\n';
    if (line == "dlx-checkpoint 2") line = "dlx-checkpoint 1";
    if (const std::size_t counts = line.find(" nodes "); counts != std::string::npos)
      line.erase(counts, line.find(" :") - counts);
    old += line + '\n';
  }
  const std::size_t prefixes = lines_starting(text, "prefix");
  file("ckpt", drop_last_lines(old, 5));
  const app_run::Outcome resumed = dlx("--stats -j 1 --checkpoint ckpt " + problem);
  EXPECT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(resumed.out, "2\n");
  const std::string done = std::to_string(prefixes - 5);
  EXPECT_TRUE(contains(resumed.err, "dlx: resumed: " + done + " of " + std::to_string(prefixes) +
                                        " prefixes already done\n"));
  EXPECT_TRUE(contains(resumed.err, "\nsolutions: 2\n"));
  for (const char* what : {"nodes: at least ", "updates: at least ", "max depth: at least "})
    EXPECT_TRUE(contains(resumed.err, what));
  EXPECT_TRUE(contains(resumed.err,
                       " (ckpt does not record the nodes of " + done + " prefixes done before)\n"));
  EXPECT_TRUE(contains(resumed.err, "\nstopped: complete\n"));
  // The file is now of version 2: its old records as they were, the new ones with counts (and
  // without checksums, as version 2 writes them).
  const std::string kept = drop_last_lines(old, 5);
  const std::string appended = v2.substr(drop_last_lines(v2, 5).size());
  EXPECT_EQ(read("ckpt"), "dlx-checkpoint 2\n" + kept.substr(17) + appended);
  // A version 2 file resumes in version 2 records.
  file("ckpt2", drop_last_lines(v2, 5));
  EXPECT_EQ(dlx("-j 1 --checkpoint ckpt2 " + problem).out, "2\n");
  EXPECT_EQ(read("ckpt2"), v2);
  // A later format is not taken for something else.
  file("later", "dlx-checkpoint 5\n");
  const app_run::Outcome later = dlx("--checkpoint later " + problem);
  EXPECT_EQ(later.status, 2);
  EXPECT_TRUE(contains(later.err,
                       "later:1: a checkpoint of another format ('dlx-checkpoint 5'); "
                       "this dlx reads versions 1 to 4\n"));
}

TEST_F(DlxParallel, ALastLineCutShortByAKillIsIgnored) {
  const std::string problem = "'" + pentominoes_3x20 + "'";
  dlx("--checkpoint full --split-depth 2 " + problem);
  const std::string text = read("full");
  // The header, two records, and half of the third.
  std::size_t at = text.find("\nstart\n") + 7;
  for (int record = 0; record < 2; ++record) at = text.find('\n', at) + 1;
  const std::size_t next = text.find('\n', at);
  ASSERT_NE(next, std::string::npos);
  file("ckpt", text.substr(0, at + (next - at) / 2));
  const app_run::Outcome o = dlx("--checkpoint ckpt " + problem);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, "2\n");
  EXPECT_EQ(o.err, "dlx: resumed: 2 of " + std::to_string(lines_starting(text, "prefix")) +
                       " prefixes already done\n");
  const std::string resumed = read("ckpt");
  EXPECT_TRUE(resumed.starts_with(text.substr(0, at)));
  EXPECT_EQ(resumed.find('\n', at), at + (next - at)) << "the cut line was not replaced";
  EXPECT_EQ(dlx("--checkpoint ckpt " + problem).out, "2\n");
}

TEST_F(DlxParallel, AKilledCountResumesWithTheSameTotal) {
  // 13 queens take a few tenths of a second: killed as soon as a prefix is recorded.
  file("stdin", "");
  file("queens13.dlx", queens(13));
  const pid_t pid = start(DLX_BINARY,
                          {"--checkpoint", (dir_ / "ckpt").string(), "--split-depth", "3", "-j",
                           "1", (dir_ / "queens13.dlx").string()},
                          "stdin");
  const bool recorded = wait_for_file("ckpt", "\ndone ", 60);
  const app_run::Outcome killed = signal_and_wait(pid, SIGKILL);
  ASSERT_TRUE(recorded) << killed.err;
  if (killed.status != -1) std::cerr << "note: the count ended before the kill\n";
  const std::string prefixes = std::to_string(lines_starting(read("ckpt"), "prefix"));
  const std::string done = std::to_string(lines_starting(read("ckpt"), "done "));
  // On one thread, as the killed run: the statistics of the whole search are those of one run
  // not stopped.
  const app_run::Outcome resumed = dlx("--stats --checkpoint ckpt -j 1 queens13.dlx");
  EXPECT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(resumed.out, "73712\n");  // OEIS A000170
  EXPECT_TRUE(resumed.err.starts_with("dlx: resumed: " + done + " of " + prefixes +
                                      " prefixes already done\n"))
      << resumed.err;
  const app_run::Outcome whole = dlx("--stats --split-depth 3 -j 1 queens13.dlx");
  EXPECT_EQ(whole.out, "73712\n");
  EXPECT_EQ(counted_stats(resumed.err), counted_stats(whole.err));
  // The estimated work of a node: 90 word operations on bits, 130 updates on cells.
  EXPECT_TRUE(whole.err.starts_with("engine: bits (")) << whole.err;
  EXPECT_NE(whole.err.find("\nsolutions: 73712\nnodes: "), std::string::npos) << whole.err;
}

// The same with bounds: the prefixes are Algorithm M's moves, null moves among them.
TEST_F(DlxParallel, AKilledCountWithBoundsResumesWithTheSameTotal) {
  file("stdin", "");
  file("rooks6.dlx", rooks(6));
  const pid_t pid = start(DLX_BINARY,
                          {"--checkpoint", (dir_ / "ckpt").string(), "--split-depth", "3", "-j",
                           "1", (dir_ / "rooks6.dlx").string()},
                          "stdin");
  const bool recorded = wait_for_file("ckpt", "\ndone ", 60);
  const app_run::Outcome killed = signal_and_wait(pid, SIGKILL);
  ASSERT_TRUE(recorded) << killed.err;
  if (killed.status != -1) std::cerr << "note: the count ended before the kill\n";
  const std::string text = read("ckpt");
  EXPECT_TRUE(contains(text, " null")) << "no null move among the prefixes";
  const std::string prefixes = std::to_string(lines_starting(text, "prefix"));
  const std::string done = std::to_string(lines_starting(text, "done "));
  const app_run::Outcome resumed = dlx("--stats --checkpoint ckpt -j 2 rooks6.dlx");
  EXPECT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(resumed.out, dlx("rooks6.dlx").out);
  EXPECT_EQ(resumed.out, "5464710\n");
  EXPECT_TRUE(resumed.err.starts_with("dlx: resumed: " + done + " of " + prefixes +
                                      " prefixes already done\n"))
      << resumed.err;
  // The nodes of the pieces, whoever searched them, are those of one thread's split search.
  const app_run::Outcome whole = dlx("--stats --split-depth 3 -j 1 rooks6.dlx");
  const std::string resumed_nodes = resumed.err.substr(resumed.err.find("nodes: "));
  EXPECT_EQ(
      resumed_nodes.substr(0, resumed_nodes.find('\n')),
      whole.err.substr(whole.err.find("nodes: "), whole.err.find('\n', whole.err.find("nodes: ")) -
                                                      whole.err.find("nodes: ")));
  // A checkpoint of an older version does not record the bounds: refused, not misread.
  file("old", "dlx-checkpoint 3\n" + text.substr(text.find('\n') + 1));
  const app_run::Outcome old = dlx("--checkpoint old rooks6.dlx");
  EXPECT_EQ(old.status, 2);
  EXPECT_TRUE(contains(old.err, "old:2: a version 3 checkpoint, which does not record the bounds"))
      << old.err;
  // The bounds are part of the problem's fingerprint.
  std::string other = rooks(6);
  other.replace(0, 6, "0:2|r0");
  file("other.dlx", other);
  EXPECT_TRUE(contains(dlx("--checkpoint ckpt other.dlx").err,
                       "ckpt:2: the checkpoint is of another problem"));
}

TEST_F(DlxParallel, AnInterruptedCountRecordsTheSearchesItCutAndResumes) {
  file("stdin", "");
  // 15 prefixes of about half a second each: once the first is recorded as done, the
  // signal finds both threads inside one, however loaded the machine. Under the sanitizers
  // (about ten times slower) 14 queens give prefixes as long, and the count a sixth of the time.
  const bool sanitized = test_share > 1;
  file("queens.dlx", queens(sanitized ? 14 : 15));
  const pid_t pid = start(DLX_BINARY,
                          {"--checkpoint", (dir_ / "ckpt").string(), "--progress", "0.001", "-j",
                           "2", "--split-depth", "1", (dir_ / "queens.dlx").string()},
                          "stdin");
  const bool searching = wait_for_file("ckpt", "\ndone ", 60) && wait_for_stderr("progress:", 60);
  const app_run::Outcome o = signal_and_wait(pid, SIGTERM);
  ASSERT_TRUE(searching) << o.err;
  ASSERT_EQ(o.status, 130) << o.err;
  EXPECT_TRUE(o.out.starts_with("at least ")) << o.out;
  EXPECT_TRUE(contains(o.err, "the same command resumes the count from "));
  EXPECT_TRUE(contains(o.err, "prefixes done, "));
  EXPECT_TRUE(contains(read("ckpt"), "\nsplit ")) << "the running searches were not recorded";
  const app_run::Outcome resumed = dlx("--checkpoint ckpt -j 2 queens.dlx");
  EXPECT_EQ(resumed.out, sanitized ? "365596\n" : "2279184\n");  // OEIS A000170
}

// With --propagate the searches cut are recorded with the options they had left (their levels
// are not those next_moves() replays: forced moves come first), and the count resumes from them
// to the same total. Singles: the cheapest part, the same paths as the others' to check.
TEST_F(DlxParallel, AnInterruptedCountWithPropagationResumes) {
  // Under the sanitizers the count takes minutes; dlx_propagate_test cuts and checks the same
  // prefixes there in the library.
  if (test_share > 1) GTEST_SKIP() << "a full count of 15 queens, too slow under the sanitizers";
  file("stdin", "");
  file("queens15.dlx", queens(15));
  const pid_t pid =
      start(DLX_BINARY,
            {"--checkpoint", (dir_ / "ckpt").string(), "--progress", "0.001", "-j", "2",
             "--split-depth", "1", "--propagate", "singles", (dir_ / "queens15.dlx").string()},
            "stdin");
  const bool searching = wait_for_file("ckpt", "\ndone ", 60) && wait_for_stderr("progress:", 60);
  const app_run::Outcome o = signal_and_wait(pid, SIGTERM);
  ASSERT_TRUE(searching) << o.err;
  ASSERT_EQ(o.status, 130) << o.err;
  EXPECT_TRUE(contains(read("ckpt"), "\nsplit ")) << "the running searches were not recorded";
  const app_run::Outcome resumed = dlx("--checkpoint ckpt -j 2 --propagate singles queens15.dlx");
  EXPECT_EQ(resumed.out, "2279184\n") << resumed.err;
}

TEST_F(DlxParallel, ABadCheckpointIsReportedWithFileAndLine) {
  const std::string queens = "'" + examples + "/queens8.dlx'";
  dlx("--checkpoint good --split-depth 1 " + queens);
  const std::string checked = read("good");
  // The parser's rules on version 2 records (version 3 checks each record's checksum first).
  std::string good;
  {
    std::istringstream lines(checked);
    for (std::string line; std::getline(lines, line);) {
      if (const std::size_t crc = line.find(" crc "); crc != std::string::npos) line.erase(crc);
      good += (line == "dlx-checkpoint 4" ? std::string("dlx-checkpoint 2") : line) + '\n';
    }
  }
  const std::size_t records = good.find("\nstart\n") + 7;
  const auto start_line = std::count(good.begin(), good.begin() + static_cast<long>(records), '\n');
  const std::string first_record = good.substr(records, good.find('\n', records) + 1 - records);
  const struct {
    std::string text;
    std::string message;
  } cases[] = {
      {"hello\n", "bad:1: not a dlx checkpoint file"},
      {good.substr(0, records) + "done x : 0\n",
       "bad:" + std::to_string(start_line + 1) +
           ": expected 'done COUNT nodes N updates N depth N : options' with a count of "
           "solutions (or 'done COUNT : options' in version 1)"},
      {good.substr(0, records) + "done 1 nodes 2 updates x depth 3 : 0\n",
       "bad:" + std::to_string(start_line + 1) + ": expected 'done COUNT nodes N"},
      {good.substr(0, records) + "split 1 nodes 2 depth 3 : 0 / 0 1\n",
       "bad:" + std::to_string(start_line + 1) + ": expected 'split COUNT nodes N"},
      {good.substr(0, records) + first_record + first_record,
       "bad:" + std::to_string(start_line + 2) + ": prefix '"},
      {good.substr(0, records) + "done 1 : 9999\n", "expected option numbers between 0 and 63"},
      {good.substr(0, records) + "rubbish\n", "expected a 'done' or 'split' record"},
  };
  // Version 3: a record edited by hand ('done 4' made 'done 5'), or without its checksum, is
  // damaged, not a wrong total.
  const std::size_t first = checked.find("\nstart\n") + 7;
  std::string edited = checked;
  ASSERT_EQ(edited.compare(first, 5, "done "), 0) << checked;
  edited[first + 5] = edited[first + 5] == '9' ? '8' : static_cast<char>(edited[first + 5] + 1);
  const std::string unchecked =
      checked.substr(0, first) + good.substr(records, good.find('\n', records) + 1 - records);
  for (const std::string& text : {edited, unchecked}) {
    file("bad", text);
    const app_run::Outcome o = dlx("--checkpoint bad " + queens);
    EXPECT_EQ(o.status, 2);
    EXPECT_TRUE(contains(o.err, "bad:" + std::to_string(start_line + 1) +
                                    ": damaged record (its checksum does not match)\n"))
        << o.err;
    EXPECT_EQ(o.out, "");
  }
  for (const auto& c : cases) {
    file("bad", c.text);
    const app_run::Outcome o = dlx("--checkpoint bad " + queens);
    EXPECT_EQ(o.status, 2) << c.message;
    EXPECT_TRUE(contains(o.err, c.message)) << c.message;
    EXPECT_EQ(o.out, "");
  }
  // A checkpoint of another problem.
  const app_run::Outcome other = dlx("--checkpoint good '" + examples + "/knuth.dlx'");
  EXPECT_EQ(other.status, 2);
  EXPECT_TRUE(contains(other.err, "good:2: the checkpoint is of another problem"));
}

TEST_F(DlxParallel, RunsOnTheProcessesOfAnMpiJob) {
#ifndef DLX_MPIEXEC
  GTEST_SKIP() << "built without MPI";
#else
  // timeout: a job whose ranks wait for each other forever fails here instead of hanging.
  const std::string mpirun = "ASAN_OPTIONS=detect_leaks=0 timeout 300 '" DLX_MPIEXEC
                             "' --oversubscribe --allow-run-as-root -np 3 '" DLX_BINARY "' --mpi ";
  for (const std::string& file : {examples + "/queens8.dlx", pentominoes_3x20,
                                  std::string(TEST_DATA_DIR) + "/dlx3-rooks5.dlx",
                                  std::string(TEST_DATA_DIR) + "/dlx3-langford-gap.dlx"}) {
    const app_run::Outcome one = dlx("-s '" + file + "'");
    const app_run::Outcome o = shell(mpirun + "-s '" + file + "'");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.out, one.out) << file;
  }
  // Rank 0's exit status is the job's: no solution, and a limit reached.
  file("none.dlx", "a b c\na b\nb c\n");
  const app_run::Outcome none = shell(mpirun + "--stats none.dlx");
  EXPECT_EQ(none.status, 1) << none.err;
  EXPECT_EQ(none.out, "0\n");
  EXPECT_TRUE(contains(none.err, "stopped: complete\n"));
  const app_run::Outcome limited =
      shell(mpirun + "--stats --limit 3 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(limited.status, 0) << limited.err;
  EXPECT_EQ(limited.out, "at least 3 (stopped by --limit)\n");
  EXPECT_TRUE(contains(limited.err, "stopped: limit (3 solutions)\n"));
  const app_run::Outcome counted = shell(mpirun + "--checkpoint ckpt '" + pentominoes_3x20 + "'");
  EXPECT_EQ(counted.out, "2\n") << counted.err;
  EXPECT_TRUE(contains(read("ckpt"), "\nstart\ndone "));
  // Rank 0 gives up before handing out work: the workers are told, nothing hangs.
  file("bad", "hello\n");
  const app_run::Outcome bad = shell(mpirun + "--checkpoint bad '" + pentominoes_3x20 + "'");
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(contains(bad.err, "bad:1: not a dlx checkpoint file"));
#endif
}

}  // namespace
