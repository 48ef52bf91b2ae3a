#include "sudoku/search/batch.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <new>
#include <stdexcept>
#include <thread>
#include <utility>

#include "sudoku/model/symmetry.hpp"
#include "sudoku/search/cache.hpp"

namespace sudoku {

std::optional<Task> parse_task(std::string_view name) noexcept {
  for (std::size_t i = 0; i < task_names.size(); ++i)
    if (task_names[i] == name) return static_cast<Task>(i);
  return std::nullopt;
}

namespace {

using Clock = std::chrono::steady_clock;

// Where a clash is reported: the later of its two cells, as read.
Location clash_location(const Record& record, const Clash& clash) {
  const auto cell = static_cast<std::size_t>(clash.second);
  return cell < record.cells.size() ? record.cells[cell] : Location{record.line, 1};
}

void set_clash(Result& result, const Clash& clash, const std::string& message) {
  result.status = Result::Status::clash;
  result.error = "givens clash: " + message;
  result.error_at = clash_location(result.record, clash);
}

// A record's share of the tally.
Tally tally_of(const Result& r, Task task) {
  Tally t;
  switch (r.status) {
    case Result::Status::header_error:
      t.errors += r.record.error->kind() != FormatErrorKind::input_given_up;
      return t;
    case Result::Status::read_error:
      ++t.puzzles;
      // A puzzle not read for a bad header before it is that header's error, counted once.
      t.errors += r.record.error->kind() != FormatErrorKind::bad_header;
      return t;
    case Result::Status::clash:
    case Result::Status::no_memory:
    case Result::Status::unsupported:
      ++t.puzzles;
      ++t.errors;
      return t;
    case Result::Status::ok:
      ++t.puzzles;
      break;
  }
  t.seconds = r.seconds;
  t.stopped = r.stopped;
  if (task == Task::canonical || task == Task::dedupe) {
    t.forms = 1;
    t.duplicates = r.duplicate;
    return t;
  }
  if (task == Task::hint) {
    t.hints = r.reasoning->hint.has_value();
    t.none = r.reasoning->no_solution;
    t.several = r.reasoning->several;
    t.not_unique = r.reasoning->several || r.reasoning->no_solution;
    return t;
  }
  if (task == Task::rate) {
    const Rating& rating = r.reasoning->rating;
    const bool expert = rating.searched();
    t.nodes = rating.search.nodes;
    t.solved = rating.solvable;
    t.none = !rating.solvable && (!expert || rating.search.complete);
    t.several = expert && rating.search.solutions > 1;
    t.not_unique = expert && !(rating.search.solutions == 1 && rating.search.complete);
    return t;
  }
  const SolveResult& s = r.search;
  t.nodes = s.nodes;
  t.solutions = s.solutions;
  t.none = s.solutions == 0 && !r.stopped;
  t.solved = s.solutions > 0;
  t.several = s.solutions > 1;
  t.not_unique = !(s.solutions == 1 && s.complete);
  t.mismatches = r.solution_ok == false;
  return t;
}

}  // namespace

void Tally::add(const Tally& other) noexcept {
  for (std::uint64_t Tally::*count :
       {&Tally::puzzles, &Tally::solved, &Tally::none, &Tally::several, &Tally::not_unique,
        &Tally::stopped, &Tally::errors, &Tally::hints, &Tally::mismatches, &Tally::forms,
        &Tally::duplicates, &Tally::nodes, &Tally::solutions})
    this->*count += other.*count;
  seconds += other.seconds;
}

// A worker's clock, for BatchOptions::max_seconds: the deadline of the puzzle it works on (in
// steady-clock ticks; 0 while idle, -1 once the watchdog has fired) and the flag its solvers
// watch instead of the batch's. The search itself reads no clock.
struct Batch::Watch {
  std::atomic<bool> flag{false};
  std::atomic<Clock::rep> deadline{0};
};

// Works on records: one sudoku::Solver per shape, built on first use and kept.
class Batch::Worker {
 public:
  Worker(const BatchOptions& options, const BatchHooks& hooks,
         std::atomic<std::uint64_t>& solutions_seen, Watch* watch)
      : options_(options), hooks_(hooks), solutions_seen_(solutions_seen), watch_(watch) {}

  void run(Result& result) {
    WorkerTools tools;
    try {
      if (result.record.ok()) {
        Tools& t = tools_for(result.record.geometry);  // a new shape's solver may not fit
        tools = {t.solver.get(), t.tables.get()};
      }
      work(result, tools);
    } catch (const std::bad_alloc&) {
      // Nothing here may allocate: the record says what happened, and the front end stops.
      result.status = Result::Status::no_memory;
      return;
    }
    if (hooks_.render) hooks_.render(result, tools);
  }

 private:
  void work(Result& result, const WorkerTools& tools) {
    if (watch_ != nullptr && result.record.ok()) {
      watch_->flag.store(false, std::memory_order_relaxed);
      const auto limit = std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double>(options_.max_seconds));
      watch_->deadline.store((Clock::now() + limit).time_since_epoch().count(),
                             std::memory_order_release);
      work_on(result, tools);
      if (watch_->deadline.exchange(0) == -1) {
        // The watchdog fired: wait for its flag, so that it cannot land on the next puzzle.
        while (!watch_->flag.load(std::memory_order_acquire)) std::this_thread::yield();
        const bool interrupted = options_.stop != nullptr && options_.stop->load();
        result.timed_out = result.stopped && !interrupted;
      }
    } else {
      work_on(result, tools);
    }
  }

  struct Tools {
    std::shared_ptr<const Geometry> geometry;
    std::unique_ptr<Solver> solver;
    std::shared_ptr<const LogicTables> tables;  // shared by the workers (sudoku/search/cache.hpp)
  };
  // A few shapes are kept: a batch rarely mixes more, and a stream of jigsaws cannot grow this.
  Tools& tools_for(const std::shared_ptr<const Geometry>& geometry) {
    for (Tools& t : tools_)
      if (t.geometry == geometry) return t;
    if (tools_.size() >= 8) tools_.erase(tools_.begin());
    Tools t{geometry, std::make_unique<Solver>(*geometry), shared_tables(*geometry)};
    t.solver->set_stop_flag(watch_ != nullptr ? &watch_->flag : options_.stop);
    t.solver->set_logic(options_.logic);
    t.solver->set_node_budget(options_.max_nodes);
    tools_.push_back(std::move(t));
    return tools_.back();
  }
  void work_on(Result& result, const WorkerTools& tools);

  const BatchOptions& options_;
  const BatchHooks& hooks_;
  std::atomic<std::uint64_t>& solutions_seen_;
  Watch* watch_;
  std::vector<Tools> tools_;
};

void Batch::Worker::work_on(Result& result, const WorkerTools& tools) {
  const BatchOptions& options = options_;
  const Record& record = result.record;
  if (!record.ok()) {
    const auto kind = record.error->kind();
    // A bad header line is an error but not a puzzle (each puzzle it spoils says so), and so is
    // an input given up in an endless line (the line has had its error) or a binary file.
    const bool header =
        kind == FormatErrorKind::bad_variant || kind == FormatErrorKind::bad_regions ||
        kind == FormatErrorKind::bad_size || kind == FormatErrorKind::bad_cages ||
        kind == FormatErrorKind::input_given_up || kind == FormatErrorKind::binary_input;
    result.status = header ? Result::Status::header_error : Result::Status::read_error;
    return;
  }
  const Geometry& geometry = *record.geometry;
  Solver& solver = *tools.solver;
  // Pencil-mark input: every search and step keeps to the candidates read.
  const bool marks = !record.candidates.empty();

  if (options.task == Task::canonical || options.task == Task::dedupe) {
    if (const auto clash = find_clash(geometry, record.givens)) {
      set_clash(result, *clash, describe(geometry, *clash));
      return;
    }
    const auto start = Clock::now();
    try {
      result.canonical = canonical_form(geometry, record.givens);
    } catch (const SymmetryError& e) {
      // A shape without canonical forms (killer cages, samurai, rules that the symmetries move)
      // is still deduplicated, by its givens (note_duplicate): only a repeat of the same puzzle
      // is left out, and no puzzle is lost.
      if (options.task != Task::dedupe) {
        result.status = Result::Status::unsupported;
        result.error = std::string("no canonical form: ") + e.what();
      }
    }
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return;
  }

  if (options.task == Task::true_candidates) {
    if (const auto clash = find_clash(geometry, record.givens)) {
      set_clash(result, *clash, describe(geometry, *clash));
      return;
    }
    const auto start = Clock::now();
    result.truth = true_candidates(solver, start_candidates(record));
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    result.stopped = !result.truth.complete;
    // What the summary counts: no solution, one (a true candidate a cell), or several.
    const auto& masks = result.truth.masks;
    const bool none = std::all_of(masks.begin(), masks.end(), [](Mask m) { return m == 0; });
    const bool one = !none && std::all_of(masks.begin(), masks.end(),
                                          [](Mask m) { return std::popcount(m) == 1; });
    result.search.solutions = none ? 0 : one ? 1 : 2;
    result.search.complete = result.truth.complete && !(!none && !one);
    result.search.outcome = result.stopped ? dlx::Outcome::stopped
                            : none || one  ? dlx::Outcome::exhausted
                                           : dlx::Outcome::solution_limit;
    return;
  }

  if (options.task == Task::hint || options.task == Task::rate || marks) {
    if (const auto clash = find_clash(geometry, record.givens)) {
      set_clash(result, *clash, describe(geometry, *clash));
      return;
    }
  }
  if (options.task == Task::hint || options.task == Task::rate) {
    auto reasoning = std::make_shared<Reasoning>();
    if (options.task == Task::hint) {
      const Candidates c = start_candidates(record);
      reasoning->full = c.solved();
      // The count tells a puzzle without a solution, which gets no hint (a person would chase
      // steps that cannot end), and whether the uniqueness techniques may reason.
      const SolveResult count = marks ? solver.count(c, 2) : solver.count(record.givens, 2);
      reasoning->no_solution = count.solutions == 0 && count.complete;
      reasoning->several = count.solutions > 1;
      const bool unique =
          options.uniqueness == Uniqueness::assumed ||
          (options.uniqueness == Uniqueness::when_proved && count.solutions == 1 && count.complete);
      Step step;
      if (!reasoning->full && !reasoning->no_solution &&
          next_step(c, *tools.tables, step, Level::full, unique))
        reasoning->hint = std::move(step);
    } else {
      const auto start = Clock::now();
      reasoning->rating =
          marks ? rate(start_candidates(record), solver, *tools.tables, &reasoning->steps,
                       options.uniqueness)
                : rate(record.givens, solver, *tools.tables, &reasoning->steps, options.uniqueness);
      result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      const Rating& rating = reasoning->rating;
      result.stopped = rating.searched() && rating.search.outcome != dlx::Outcome::exhausted &&
                       rating.search.outcome != dlx::Outcome::solution_limit;
    }
    result.reasoning = std::move(reasoning);
    return;
  }

  const auto start = Clock::now();
  try {
    SolutionVisitor visit;
    if (options.task == Task::all)
      visit = [&](const Grid& solution) {
        solutions_seen_.fetch_add(1, std::memory_order_relaxed);
        ++result.listed;
        return hooks_.on_solution ? hooks_.on_solution(result, solution) : true;
      };
    else if (options.live_progress)
      visit = [&](const Grid&) {
        solutions_seen_.fetch_add(1, std::memory_order_relaxed);
        return true;
      };
    result.search = marks ? solver.solve(start_candidates(record), options.limit, visit)
                          : solver.solve(record.givens, options.limit, visit);
  } catch (const ClashError& clash) {
    set_clash(result, clash.clash(), clash.what());
    return;
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const SolveResult& s = result.search;
  // Stopped early: not by the limit (which proves at least that many solutions) but by a budget
  // or the stop flag, before the count was known.
  result.stopped =
      s.outcome != dlx::Outcome::exhausted && s.outcome != dlx::Outcome::solution_limit;
  if (options.task != Task::all && !options.live_progress)
    solutions_seen_.fetch_add(s.solutions, std::memory_order_relaxed);
  if (options.check_solution && !record.solution.empty())
    result.solution_ok = is_solution(geometry, record.givens, record.solution);
}

Batch::Batch(const BatchOptions& options, BatchHooks hooks)
    : options_(options), hooks_(std::move(hooks)) {
  options_.threads = std::max(1u, options_.threads);
  options_.run = std::max<std::uint64_t>(1, options_.run);
  // Every solution of a puzzle streams out as it is found: one thread, no window.
  if (options_.task == Task::all) options_.threads = 1;
  if (options_.max_seconds > 0) {
    for (unsigned i = 0; i < options_.threads; ++i) watches_.push_back(std::make_unique<Watch>());
    watchdog_ = std::jthread([this](std::stop_token stop) { watch(stop); });
  }
  auto watch_of = [this](unsigned i) { return watches_.empty() ? nullptr : watches_[i].get(); };
  if (options_.threads > 1) {
    window_ = std::max<std::size_t>(1, options_.window_per_thread) * options_.threads;
    ring_.resize(window_);
    done_.assign(window_, 0);
    helper_ = std::make_unique<Worker>(options_, hooks_, solutions_seen_, watch_of(0));
    try {
      for (unsigned i = 1; i < options_.threads; ++i)
        threads_.emplace_back([this, w = watch_of(i)] { work(w); });
    } catch (...) {
      // Out of threads (std::system_error) or memory: the threads started end before the
      // error goes on, so that no destructor waits for them forever.
      {
        std::lock_guard lock(mutex_);
        closed_ = true;
      }
      work_cv_.notify_all();
      threads_.clear();
      watchdog_ = {};
      throw;
    }
  } else {
    single_ = std::make_unique<Worker>(options_, hooks_, solutions_seen_, watch_of(0));
  }
}

Batch::~Batch() {
  finish();
  watchdog_ = {};
}

// Raises the flag of each worker whose puzzle is past its deadline, and of every worker once the
// batch's stop flag is raised; it looks a hundred times a second, or more often for short limits.
void Batch::watch(std::stop_token stop) {
  const auto tick =
      std::clamp<Clock::duration>(std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(options_.max_seconds / 20)),
                                  std::chrono::milliseconds(1), std::chrono::milliseconds(10));
  std::mutex mutex;
  std::condition_variable_any cv;
  std::unique_lock lock(mutex);
  while (!cv.wait_for(lock, stop, tick, [] { return false; }) && !stop.stop_requested()) {
    const Clock::rep now = Clock::now().time_since_epoch().count();
    const bool all = options_.stop != nullptr && options_.stop->load(std::memory_order_relaxed);
    for (const auto& w : watches_) {
      Clock::rep deadline = w->deadline.load(std::memory_order_acquire);
      if (deadline > 0 && (all || now >= deadline) &&
          w->deadline.compare_exchange_strong(deadline, -1))
        w->flag.store(true, std::memory_order_release);
    }
  }
}

void Batch::add(const std::string* source, Record record) {
  if (single_) {
    Result result;
    result.index = added_++;
    result.source = source;
    result.record = std::move(record);
    single_->run(result);
    emit(result);
    return;
  }
  // Records are staged without the lock (no worker looks past produced_) and handed over in
  // runs: one lock per run, not per record.
  if (staged_ - emitted_ == window_) {
    std::unique_lock lock(mutex_);
    publish(lock);
    while (staged_ - emitted_ == window_) {
      if (!help(lock)) wait_for_head(lock);
      emit_ready(lock);
    }
  }
  Result& result = ring_[staged_ % window_];  // emptied when it was emitted
  result.index = added_++;
  result.source = source;
  result.record = std::move(record);
  done_[staged_ % window_] = 0;
  ++staged_;
  if (staged_ - produced_ >= options_.run) {
    std::unique_lock lock(mutex_);
    publish(lock);
    emit_ready(lock);
  }
}

void Batch::drain() {
  if (single_ || finished_ || threads_.empty()) return;
  std::unique_lock lock(mutex_);
  publish(lock);
  emit_all(lock);
}

void Batch::finish() {
  if (finished_) return;
  finished_ = true;
  if (single_ || threads_.empty()) return;
  {
    std::unique_lock lock(mutex_);
    publish(lock);
    closed_ = true;
  }
  work_cv_.notify_all();
  {
    std::unique_lock lock(mutex_);
    emit_all(lock);
  }
  threads_.clear();  // joins
}

// Each worker takes a run of records at once: one lock and at most one wake-up per run instead
// of per record, which keeps two threads near twice as fast as one.
void Batch::work(Watch* watch) {
  Worker worker(options_, hooks_, solutions_seen_, watch);
  const std::uint64_t run = options_.run;
  std::unique_lock lock(mutex_);
  for (;;) {
    ++idle_workers_;
    work_cv_.wait(lock, [&] {
      return produced_ - claimed_ >= run || (claimed_ < produced_ && !reading_) || closed_;
    });
    --idle_workers_;
    if (claimed_ == produced_) return;  // closed, nothing left
    const std::uint64_t first = claimed_;
    const std::uint64_t last = first + std::min<std::uint64_t>(run, produced_ - first);
    claimed_ = last;
    lock.unlock();
    for (std::uint64_t seq = first; seq < last; ++seq) worker.run(ring_[seq % window_]);
    lock.lock();
    for (std::uint64_t seq = first; seq < last; ++seq) done_[seq % window_] = 1;
    if (head_waiting_ && head_ready()) done_cv_.notify_one();
  }
}

// The caller's thread works on a run of the records no worker has taken; false when there is
// none. The lock is held on entry and exit.
bool Batch::help(std::unique_lock<std::mutex>& lock) {
  if (claimed_ == produced_) return false;
  const std::uint64_t first = claimed_;
  const std::uint64_t last = first + std::min<std::uint64_t>(options_.run, produced_ - first);
  claimed_ = last;
  lock.unlock();
  for (std::uint64_t seq = first; seq < last; ++seq) helper_->run(ring_[seq % window_]);
  lock.lock();
  for (std::uint64_t seq = first; seq < last; ++seq) done_[seq % window_] = 1;
  return true;
}

// Hands the staged records to the workers; the lock is held on entry and exit.
void Batch::publish(std::unique_lock<std::mutex>& lock) {
  if (staged_ == produced_) return;
  produced_ = staged_;
  // Waking a worker is a system call: only when one sleeps.
  if (idle_workers_ == 0) return;
  lock.unlock();
  work_cv_.notify_one();
  lock.lock();
}

// Sleeps until the oldest record not yet emitted is finished; the lock is held. It waits for a
// quarter of the window to be finished as well, so that one wake-up emits many records.
void Batch::wait_for_head(std::unique_lock<std::mutex>& lock) {
  if (done_[emitted_ % window_] != 0) return;
  // The caller is blocked: every record it has added may go to the workers, even a short run.
  reading_ = false;
  if (idle_workers_ > 0) work_cv_.notify_all();
  wake_mark_ = std::min(emitted_ + window_ / 4, produced_ - 1);
  head_waiting_ = true;
  done_cv_.wait(lock, [&] { return head_ready(); });
  head_waiting_ = false;
  reading_ = !closed_;
}

bool Batch::head_ready() const {
  return done_[emitted_ % window_] != 0 && done_[wake_mark_ % window_] != 0;
}

void Batch::emit_all(std::unique_lock<std::mutex>& lock) {
  while (emitted_ < produced_) {
    if (!help(lock)) wait_for_head(lock);
    emit_ready(lock);
  }
}

// Emits the finished records at the head of the window; the lock is held on entry and exit.
void Batch::emit_ready(std::unique_lock<std::mutex>& lock) {
  for (;;) {
    // The finished run at the head, emitted without the lock: only this thread touches an
    // emitted slot until it is produced again.
    std::uint64_t end = emitted_;
    while (end < produced_ && done_[end % window_] != 0) ++end;
    if (end == emitted_) return;
    lock.unlock();
    for (std::uint64_t seq = emitted_; seq < end; ++seq) {
      Result& result = ring_[seq % window_];
      emit(result);
      result = Result{};  // what it holds goes now, not when the slot is reused
    }
    lock.lock();
    emitted_ = end;
  }
}

void Batch::note_duplicate(Result& result) {
  // The shape is part of the key: equal forms of a hyper and a regular grid are not equivalent,
  // nor those of shapes with other chess constraints, or jigsaws with other regions.
  const Geometry& g = *result.record.geometry;
  std::string key(1, static_cast<char>(g.variant()));
  key += static_cast<char>(g.chess());
  key += static_cast<char>(g.size());
  if (g.variant() == Variant::jigsaw)
    for (int cell = 0; cell < g.cell_count(); ++cell) key += static_cast<char>(g.region_of(cell));
  // Killer cages and rules: puzzles with the same givens and other cages or rules differ.
  for (const Cage& cage : g.cages()) {
    key += std::to_string(cage.sum) + ':';
    for (int cell : cage.cells) key += std::to_string(cell) + ',';
    key += ';';
  }
  key += g.rules_text();
  // No canonical form: the givens as read, marked apart from the forms.
  const bool form = !result.canonical.empty();
  key += form ? 'f' : 'g';
  const Grid& cells = form ? result.canonical : result.record.givens;
  key.append(cells.begin(), cells.end());
  const auto [it, added] = seen_.try_emplace(std::move(key), result.source, result.record.line);
  if (added) return;
  result.duplicate = true;
  result.first_source = it->second.first;
  result.first_line = it->second.second;
}

void Batch::emit(Result& result) {
  if (options_.task == Task::dedupe && result.status == Result::Status::ok) note_duplicate(result);
  tally_.add(tally_of(result, options_.task));
  if (hooks_.emit) hooks_.emit(result);
  emitted_count_.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace sudoku
