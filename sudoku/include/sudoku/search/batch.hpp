// A batch of puzzles solved on N threads, each result handed back in input order, in bounded
// memory: the engine of the sudoku command, for any front end (a command, a binding, a test).
//
// The caller feeds records one at a time (add), as a reader makes them; each is worked on (solved,
// counted, listed, rated, hinted or put in canonical form, as BatchOptions::task says) by one of
// the workers, which keep one sudoku::Solver per shape; the results come back through the `emit`
// callback on the caller's thread, in input order. At most `window` records are in flight, so
// memory stays bounded however long the input:
//
//   caller:  add(r0) add(r1) ... add(rk)          ring of `window` Results          emit(r0) ...
//              |                                 [r0 done][r1 ..][r2 done]...          ^
//              +--> staged ---> produced ---> claimed by a worker ---> done ---> emitted (in order)
//
// With N > 1 threads the caller's thread is one of the N: while the window is full it works on
// records itself instead of sleeping beside N busy workers on N cores. Workers take runs of
// `run` records at once, one lock per run. A front end renders its text on the worker threads
// (the `render` hook), so that formatting runs in parallel too, and writes it in `emit`.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/solver.hpp"
#include "sudoku/search/true_candidates.hpp"

namespace sudoku {

// What the batch does with each puzzle.
enum class Task {
  solve,      // search for up to `limit` solutions, keep the first
  count,      // the same, the count being what matters
  all,        // hand every solution (up to `limit`) to the on_solution hook; runs on one thread
  hint,       // the next logical step only (next_step), no search
  rate,       // the difficulty (sudoku::rate)
  canonical,  // the canonical form (sudoku/model/symmetry.hpp), no search
  dedupe,     // the same, and whether an earlier record had it (Result::duplicate)
  true_candidates,  // the digits each cell holds in some solution (sudoku/search/true_candidates.hpp)
};
// The tasks' names in the order of the enum, as the command line (--count, ...) and Python say.
inline constexpr std::array<std::string_view, 8> task_names = {
    "solve", "count", "all", "hint", "rate", "canonical", "dedupe", "true-candidates"};
// The task of a name, or none.
std::optional<Task> parse_task(std::string_view name) noexcept;
// The solutions a task searches for by default (BatchOptions::limit; 0: all), the one policy of
// the command's --limit and Python's limit=None: counting and listing go to the end, solving
// stops at a second solution, which tells whether the first is unique.
constexpr std::uint64_t default_limit(Task task) noexcept {
  return task == Task::count || task == Task::all ? 0 : 2;
}

// How a batch works.
struct BatchOptions {
  Task task = Task::solve;
  std::uint64_t limit = 2;      // solutions searched for per puzzle; 0: all. 2 tells "unique?"
  std::uint64_t max_nodes = 0;  // search-tree nodes per puzzle before it stops early; 0: none
  double max_seconds = 0;       // time per puzzle's search before it stops early; 0: none
  Logic logic = Logic::fast;    // the reasoning before the search
  // hint, rate: whether the uniqueness techniques take part (sudoku/play/explain.hpp)
  Uniqueness uniqueness = Uniqueness::when_proved;
  unsigned threads = 1;                     // workers, the caller's thread included
  std::size_t window_per_thread = 512;      // records in flight per thread
  std::uint64_t run = 16;                   // records a worker takes at once (1: typed input)
  const std::atomic<bool>* stop = nullptr;  // raised by another thread: searches stop early
  bool check_solution = false;  // compare a record's given solution (Record::solution) with ours
  bool live_progress = false;   // solutions_seen() counts each solution as it is found (a call
                                // per solution), not each puzzle's when it ends
};

// What the batch has seen, summed over the records emitted.
struct Tally {
  std::uint64_t puzzles = 0;     // puzzle records, those that could not be read included
  std::uint64_t solved = 0;      // at least one solution
  std::uint64_t none = 0;        // proved to have no solution
  std::uint64_t several = 0;     // two or more solutions
  std::uint64_t not_unique = 0;  // not proved to have exactly one solution
  std::uint64_t stopped = 0;     // searches a budget or the stop flag ended before they proved
                                 // what was asked
  std::uint64_t errors = 0;      // bad header lines, records that could not be read (but not
                                 // those a bad header spoiled: its error), givens that clash
  std::uint64_t hints = 0;       // Task::hint: puzzles with a next step
  std::uint64_t mismatches = 0;  // puzzles whose given solution (Record::solution) is wrong
  std::uint64_t nodes = 0;       // search-tree nodes (see Result::search)
  std::uint64_t solutions = 0;   // solutions found
  double seconds = 0;            // time in the solver
  std::uint64_t forms = 0;       // Task::canonical, dedupe: puzzles given their canonical form
  std::uint64_t duplicates = 0;  // Task::dedupe: puzzles equivalent to an earlier one

  void add(const Tally& other) noexcept;
};

// What the logic found for Task::hint and Task::rate.
struct Reasoning {
  Rating rating;             // rate
  std::vector<Step> steps;   // rate: the steps of the reduction
  std::optional<Step> hint;  // hint: the next step, when one applies
  bool full = false;         // hint: the grid is already full
  bool no_solution = false;  // hint: the search proved that the givens have no solution
  bool several = false;      // hint: the search found two solutions or more: no logic finishes it
};

// What one record gave. The fields that hold depend on the task and on `status`. Kept small: a
// batch holds a window of them.
struct Result {
  enum class Status {
    ok,            // worked on; see the task's fields
    read_error,    // the record could not be read: record.error
    header_error,  // a bad #variant or #regions line: no puzzle, record.error says why
    clash,         // the givens break the rules: error, error_at
    no_memory,     // working on it ran out of memory (std::bad_alloc); a front end should stop
    unsupported,   // the task cannot be done on this shape (canonical forms of 25x25 hyper
                   // grids): error
  };

  std::uint64_t index = 0;              // position among the records added, from 0
  const std::string* source = nullptr;  // the name given to add(), for messages
  Record record;                        // the record as read
  Status status = Status::ok;
  std::string error;  // Status::clash, unsupported: the message
  Location error_at;  // Status::clash: the second cell of the clash

  // solve, count, all: the search. Its `nodes` are the exact-cover search-tree nodes after the
  // logic (DLX1's count, one per option tried), for the count up to the limit; rate reports the
  // nodes of its own search (up to two solutions) in `reasoning->rating.search`.
  SolveResult search;
  std::uint64_t listed = 0;              // all: solutions handed to on_solution so far (its number)
  double seconds = 0;                    // time in the solver
  bool stopped = false;                  // a budget or the stop flag ended the search early
  bool timed_out = false;                // ... and it was BatchOptions::max_seconds
  std::optional<bool> solution_ok;       // check_solution and Record::solution given: whether it
                                         // solves the puzzle
  std::shared_ptr<Reasoning> reasoning;  // hint, rate (with Status::ok): what the logic found
  TrueCandidates truth;                  // true_candidates: each cell's, and the searches made
  Grid canonical;                        // canonical, dedupe: the puzzle's canonical form;
                                         // dedupe: empty for a shape that has none
  bool duplicate = false;                // dedupe: an earlier record is equivalent (set on emit)
  const std::string* first_source = nullptr;  // dedupe, duplicate: where that record was read
  std::size_t first_line = 0;

  std::string out, err;  // text a front end renders (render, on_solution) and emits
};

// The working parts of one worker, handed to the hooks: the solver and logic tables of the
// record's shape.
struct WorkerTools {
  Solver* solver = nullptr;
  const LogicTables* tables = nullptr;
};

// Called on a worker thread after a record is worked on (text rendering goes here).
using RenderHook = std::function<void(Result&, const WorkerTools&)>;
// Called on a worker thread for each solution of Task::all; false stops that puzzle's search.
using SolutionHook = std::function<bool(Result&, const Grid& solution)>;
// Called on the caller's thread for each record, in input order.
using EmitHook = std::function<void(Result&)>;

// The hooks a batch calls; each may be empty.
struct BatchHooks {
  RenderHook render;
  SolutionHook on_solution;
  EmitHook emit;
};

// The engine: feed records with add, then call finish (the destructor does too).
class Batch {
 public:
  // Throws std::system_error when the threads cannot be started (none is left running).
  Batch(const BatchOptions& options, BatchHooks hooks);
  ~Batch();
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;

  // Takes one record read from `source` (a name that must outlive the batch); emits the records
  // finished so far, in order. With one thread it is worked on and emitted before add returns.
  void add(const std::string* source, Record record);
  // Works on every record added so far and emits them all, in order; more may be added after.
  // For a front end whose input pauses (a pipe, a terminal): what was read is answered now, not
  // when a run is full or the input ends.
  void drain();
  // Waits for every record and emits the rest, in order.
  void finish();

  // The tally of the records emitted so far.
  const Tally& tally() const noexcept { return tally_; }
  // Records emitted so far; safe to read from any thread (for progress reports).
  std::uint64_t emitted() const noexcept { return emitted_count_.load(std::memory_order_relaxed); }
  // Solutions found so far, those of puzzles still in progress included; any thread.
  std::uint64_t solutions_seen() const noexcept {
    return solutions_seen_.load(std::memory_order_relaxed);
  }

 private:
  class Worker;
  struct Watch;
  void work(Watch* watch);
  void watch(std::stop_token stop);
  bool help(std::unique_lock<std::mutex>& lock);
  void publish(std::unique_lock<std::mutex>& lock);
  void wait_for_head(std::unique_lock<std::mutex>& lock);
  bool head_ready() const;
  void emit_ready(std::unique_lock<std::mutex>& lock);
  // Works on (with the workers) and emits every record produced; the lock is held.
  void emit_all(std::unique_lock<std::mutex>& lock);
  void emit(Result& result);
  // Task::dedupe: marks a result whose canonical form an earlier one had.
  void note_duplicate(Result& result);

  BatchOptions options_;
  BatchHooks hooks_;
  Tally tally_;
  // Task::dedupe: the forms seen (with the shape), and where each was first read.
  std::unordered_map<std::string, std::pair<const std::string*, std::size_t>> seen_;
  std::uint64_t added_ = 0;
  std::atomic<std::uint64_t> emitted_count_{0};
  std::atomic<std::uint64_t> solutions_seen_{0};
  std::unique_ptr<Worker> single_;  // one thread: the caller's worker
  std::unique_ptr<Worker> helper_;  // several threads: the caller's worker

  std::size_t window_ = 0;
  std::vector<Result> ring_;
  std::vector<char> done_;
  std::uint64_t produced_ = 0, claimed_ = 0, emitted_ = 0;
  std::uint64_t staged_ = 0;  // records added; those past produced_ are not handed over yet
  bool closed_ = false;
  bool finished_ = false;
  bool reading_ = true;          // the caller is adding: workers wait for whole runs
  bool head_waiting_ = false;    // the caller waits for the oldest record
  std::uint64_t wake_mark_ = 0;  // ... and for this one
  unsigned idle_workers_ = 0;    // workers waiting for records
  std::mutex mutex_;
  std::condition_variable work_cv_, done_cv_;
  std::vector<std::jthread> threads_;
  // With a time limit: one watch per worker (the caller's first), and the thread that raises a
  // watch's flag when its puzzle's time is up (or the batch's stop flag is raised).
  std::vector<std::unique_ptr<Watch>> watches_;
  std::jthread watchdog_;
};

}  // namespace sudoku
