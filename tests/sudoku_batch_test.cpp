#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "sudoku/io/writer.hpp"
#include "sudoku/search/batch.hpp"

namespace {

// The example puzzle of Wikipedia's "Sudoku" article and its solution (same article).
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// A 1 in r1c3, where the only solution has a 4: no clash, but no solution.
const std::string no_solution =
    "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
// Without its 6 in r3c8 (2 solutions), and without r3c3's 8 as well (8 solutions): the puzzles
// of examples/sudoku/multi.txt, counted by brute force.
const std::string two_solutions =
    "53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string eight_solutions =
    "53..7....6..195....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
// r1c2 changed from 3 to 5: two 5s in row 1.
const std::string clash = [] {
  std::string s = wiki;
  s[1] = '5';
  return s;
}();
const std::string empty_grid(81, '.');

// Every record of `text`, fed to a batch; the results as emitted.
std::vector<sudoku::Result> run(const std::string& text, sudoku::BatchOptions options,
                                sudoku::BatchHooks hooks = {}) {
  static const std::string source = "test";
  std::vector<sudoku::Result> emitted;
  hooks.emit = [&](sudoku::Result& r) { emitted.push_back(r); };
  sudoku::Batch batch(options, hooks);
  for (sudoku::Record& record : sudoku::read_all(text)) batch.add(&source, std::move(record));
  batch.finish();
  return emitted;
}

TEST(Batch, ResultsComeBackInInputOrderOnAnyNumberOfThreads) {
  // A batch longer than the smallest window, with errors and unsolvable puzzles among them.
  std::string text;
  std::vector<std::uint64_t> counts;  // -1: an error
  for (int i = 0; i < 60; ++i) {
    const std::string* p[] = {&wiki, &no_solution, &two_solutions, &eight_solutions, &clash};
    text += *p[i % 5] + "\n";
    counts.push_back(std::vector<std::uint64_t>{1, 0, 2, 8, ~0ULL}[i % 5]);
  }
  text += "12345\n";  // cannot be read
  counts.push_back(~0ULL);
  for (unsigned threads : {1u, 2u, 3u}) {
    for (std::uint64_t run_length : {1u, 16u}) {
      SCOPED_TRACE(testing::Message() << threads << " threads, runs of " << run_length);
      sudoku::BatchOptions options;
      options.task = sudoku::Task::count;
      options.limit = 0;
      options.threads = threads;
      options.window_per_thread = 2;  // the window fills again and again
      options.run = run_length;
      std::atomic<int> rendered{0};
      sudoku::BatchHooks hooks;
      hooks.render = [&](sudoku::Result& r, const sudoku::WorkerTools& tools) {
        ++rendered;
        if (r.status == sudoku::Result::Status::ok) {
          EXPECT_NE(tools.solver, nullptr);
        }
        r.out = std::to_string(r.index);
      };
      const std::vector<sudoku::Result> results = run(text, options, hooks);
      ASSERT_EQ(results.size(), counts.size());
      EXPECT_EQ(rendered.load(), static_cast<int>(counts.size()));
      for (std::size_t i = 0; i < results.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(results[i].index, i);
        EXPECT_EQ(results[i].out, std::to_string(i));  // rendered text travels with its result
        if (counts[i] == ~0ULL) {
          EXPECT_NE(results[i].status, sudoku::Result::Status::ok);
        } else {
          ASSERT_EQ(results[i].status, sudoku::Result::Status::ok);
          EXPECT_EQ(results[i].search.solutions, counts[i]);
          EXPECT_TRUE(results[i].search.complete);
          EXPECT_FALSE(results[i].stopped);
        }
      }
    }
  }
}

TEST(Batch, TalliesWhatItSaw) {
  sudoku::BatchOptions options;  // solve, limit 2
  options.threads = 2;
  const std::string text = wiki + "\n" + no_solution + "\n" + two_solutions + "\n" + clash +
                           "\n#variant nope\n" + wiki + "\n";
  std::vector<sudoku::Result> results;
  sudoku::Tally tally;
  {
    static const std::string source = "t";
    sudoku::BatchHooks hooks;
    hooks.emit = [&](sudoku::Result& r) { results.push_back(r); };
    sudoku::Batch batch(options, hooks);
    for (sudoku::Record& record : sudoku::read_all(text)) batch.add(&source, std::move(record));
    batch.finish();
    tally = batch.tally();
    EXPECT_EQ(batch.emitted(), results.size());
  }
  // wiki, no solution, two, clash, the bad header, the puzzle it spoils.
  ASSERT_EQ(results.size(), 6u);
  EXPECT_EQ(results[0].search.solutions, 1u);
  EXPECT_TRUE(results[0].search.complete);  // limit 2: unique
  EXPECT_EQ(results[2].search.solutions, 2u);
  EXPECT_FALSE(results[2].search.complete);
  EXPECT_EQ(results[3].status, sudoku::Result::Status::clash);
  EXPECT_EQ(results[3].error, "givens clash: r1c1 and r1c2 both hold 5 in row 1");
  EXPECT_EQ(results[3].error_at.column, 2u);
  EXPECT_EQ(results[4].status, sudoku::Result::Status::header_error);
  EXPECT_EQ(results[5].status, sudoku::Result::Status::read_error);
  EXPECT_EQ(tally.puzzles, 5u);  // the header line is not a puzzle
  EXPECT_EQ(tally.solved, 2u);
  EXPECT_EQ(tally.none, 1u);
  EXPECT_EQ(tally.several, 1u);
  EXPECT_EQ(tally.not_unique, 2u);
  EXPECT_EQ(tally.errors, 2u);  // the clash and the header, once: not the puzzle it spoils
  EXPECT_EQ(tally.solutions, 3u);
  EXPECT_EQ(tally.stopped, 0u);
}

TEST(Batch, ListsEverySolutionThroughTheHook) {
  sudoku::BatchOptions options;
  options.task = sudoku::Task::all;
  options.limit = 0;
  options.threads = 4;  // --all runs on one thread whatever is asked: the solutions stream
  std::vector<std::string> seen;
  sudoku::BatchHooks hooks;
  hooks.on_solution = [&](sudoku::Result& r, const sudoku::Grid& solution) {
    EXPECT_EQ(r.listed, seen.size() + 1);
    EXPECT_TRUE(sudoku::is_solution(*r.record.geometry, r.record.givens, solution));
    seen.push_back(sudoku::format_line(*r.record.geometry, solution));
    return true;
  };
  const auto results = run(eight_solutions + "\n", options, hooks);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].listed, 8u);
  EXPECT_EQ(seen.size(), 8u);
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_NE(seen[i], seen[i - 1]);
}

TEST(Batch, ABudgetOrTheStopFlagEndsASearchEarly) {
  sudoku::BatchOptions options;
  options.task = sudoku::Task::count;
  options.limit = 0;
  options.max_nodes = 50;
  auto results = run(empty_grid + "\n" + wiki + "\n", options);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_TRUE(results[0].stopped);
  EXPECT_EQ(results[0].search.outcome, dlx::Outcome::node_limit);
  EXPECT_FALSE(results[0].search.complete);
  EXPECT_FALSE(results[1].stopped);  // Wikipedia's puzzle needs no search
  EXPECT_EQ(results[1].search.solutions, 1u);

  std::atomic<bool> stop{true};
  options.max_nodes = 0;
  options.stop = &stop;
  sudoku::Tally tally;
  {
    static const std::string source = "t";
    sudoku::Batch batch(options, {});
    for (sudoku::Record& record : sudoku::read_all(empty_grid + "\n"))
      batch.add(&source, std::move(record));
    batch.finish();
    tally = batch.tally();
  }
  EXPECT_EQ(tally.stopped, 1u);
  EXPECT_EQ(tally.none, 0u);  // stopped is not "no solution"
}

TEST(Batch, ChecksAGivenSolution) {
  std::string wrong = wiki_solution;
  std::swap(wrong[2], wrong[3]);  // r1c3 and r1c4 swapped: the givens agree, the columns do not
  const std::string text = wiki + "," + wiki_solution + "\n" + wiki + "," + wrong + "\n" + wiki;
  sudoku::BatchOptions options;
  options.check_solution = true;
  const auto results = run(text + "\n", options);
  ASSERT_EQ(results.size(), 3u);
  ASSERT_EQ(results[0].status, sudoku::Result::Status::ok) << results[0].record.error->what();
  EXPECT_EQ(results[0].solution_ok, true);
  EXPECT_EQ(results[1].solution_ok, false);
  EXPECT_FALSE(results[2].solution_ok.has_value());  // none given
  options.check_solution = false;
  EXPECT_FALSE(run(text + "\n", options)[1].solution_ok.has_value());
}

TEST(Batch, HintsAndRatings) {
  sudoku::BatchOptions options;
  options.task = sudoku::Task::hint;
  auto results = run(wiki + "\n" + wiki_solution + "\n" + clash + "\n", options);
  ASSERT_EQ(results.size(), 3u);
  ASSERT_TRUE(results[0].reasoning->hint.has_value());
  EXPECT_EQ(sudoku::describe(*results[0].record.geometry, *results[0].reasoning->hint),
            "r1c6=8: hidden single in box 2");
  EXPECT_TRUE(results[1].reasoning->full);
  EXPECT_FALSE(results[1].reasoning->hint.has_value());
  EXPECT_EQ(results[2].status, sudoku::Result::Status::clash);
  EXPECT_EQ(results[2].reasoning, nullptr);

  options.task = sudoku::Task::rate;
  results = run(wiki + "\n" + two_solutions + "\n", options);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].reasoning->rating.hodoku, sudoku::HodokuLevel::easy);
  EXPECT_DOUBLE_EQ(results[0].reasoning->rating.er, 1.2);
  EXPECT_FALSE(results[0].reasoning->steps.empty());
  EXPECT_EQ(results[1].reasoning->rating.hodoku, sudoku::HodokuLevel::extreme);
  EXPECT_EQ(results[1].reasoning->rating.search.solutions, 2u);
}

// With live_progress, solutions_seen() grows during a search (what progress lines show), so that
// a count that runs for a long time shows that it is working.
TEST(Batch, LiveProgressCountsSolutionsDuringTheSearch) {
  std::atomic<bool> stop{false};
  sudoku::BatchOptions options;
  options.task = sudoku::Task::count;
  options.limit = 0;  // the empty grid: no end in sight
  options.stop = &stop;
  options.live_progress = true;
  options.threads = 2;
  static const std::string source = "t";
  sudoku::Batch batch(options, {});
  bool seen = false;
  std::thread watcher([&] {
    for (int i = 0; i < 2000 && !seen; ++i) {
      seen = batch.solutions_seen() >= 1000;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    stop = true;
  });
  for (sudoku::Record& record : sudoku::read_all(empty_grid + "\n"))
    batch.add(&source, std::move(record));
  batch.finish();
  watcher.join();
  EXPECT_TRUE(seen);
  EXPECT_EQ(batch.tally().stopped, 1u);
}

}  // namespace

TEST(Tally, AddsEveryCount) {
  sudoku::Tally a{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0.5, 12, 13};
  const sudoku::Tally b{10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 0.25, 120, 130};
  a.add(b);
  EXPECT_EQ(a.puzzles, 11u);
  EXPECT_EQ(a.solved, 22u);
  EXPECT_EQ(a.none, 33u);
  EXPECT_EQ(a.several, 44u);
  EXPECT_EQ(a.not_unique, 55u);
  EXPECT_EQ(a.stopped, 66u);
  EXPECT_EQ(a.errors, 77u);
  EXPECT_EQ(a.hints, 88u);
  EXPECT_EQ(a.mismatches, 99u);
  EXPECT_EQ(a.nodes, 110u);
  EXPECT_EQ(a.solutions, 121u);
  EXPECT_DOUBLE_EQ(a.seconds, 0.75);
  EXPECT_EQ(a.forms, 132u);
  EXPECT_EQ(a.duplicates, 143u);
}
