// The threads share one Ledger under one mutex and touch it only between searches, so the lock
// is taken once per piece; while searching, a thread reads two atomics at its regular checks:
// whether a thread waits for work (then it cuts its search and hands the rest over), and whether
// to stop.
#include "dlx/parallel.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

namespace dlx {

unsigned resolve_threads(std::uint64_t requested, std::string_view name) {
  if (requested > max_threads)
    throw std::invalid_argument(std::string(name) + " must be from 0 (one per core) to " +
                                std::to_string(max_threads) + ", not " + std::to_string(requested));
  if (requested == 0) return std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(requested);
}

Ledger::Ledger(std::vector<Subproblem> prefixes, bool keep_solutions) : keep_(keep_solutions) {
  double share = 0;
  for (Subproblem& sub : prefixes) {
    share += sub.share;
    waiting_.emplace(std::move(sub.prefix), sub.share);
  }
  start_share_ = std::clamp(1 - share, 0.0, 1.0);
}

std::optional<Subproblem> Ledger::take() {
  if (waiting_.empty()) return std::nullopt;
  auto node = waiting_.extract(waiting_.begin());
  Subproblem sub{node.key(), node.mapped()};
  running_.insert(std::move(node));
  return sub;
}

void Ledger::put_back(Subproblem subproblem) {
  running_.erase(subproblem.prefix);
  waiting_.emplace(std::move(subproblem.prefix), subproblem.share);
}

void Ledger::finish(Piece piece) {
  double share = 0;
  if (const auto it = running_.find(piece.prefix); it != running_.end()) {
    share = it->second;
    running_.erase(it);
  }
  ++done_;
  stats_.solutions += piece.stats.solutions;
  stats_.nodes += piece.stats.nodes;
  stats_.updates += piece.stats.updates;
  stats_.forced += piece.stats.forced;
  stats_.implied += piece.stats.implied;
  stats_.probes += piece.stats.probes;
  stats_.probed += piece.stats.probed;
  stats_.max_depth = std::max(
      stats_.max_depth, static_cast<std::uint32_t>(piece.prefix.size()) + piece.stats.max_depth);
  for (Subproblem& sub : piece.rest) {
    share -= sub.share;
    waiting_.emplace(std::move(sub.prefix), sub.share);
  }
  share_done_ += std::max(share, 0.0);
  if (keep_ && !piece.sizes.empty()) {
    Chunk& chunk = chunks_[std::move(piece.prefix)];
    chunk.solutions.insert(chunk.solutions.end(), piece.solutions.begin(), piece.solutions.end());
    chunk.sizes.insert(chunk.sizes.end(), piece.sizes.begin(), piece.sizes.end());
  }
}

bool Ledger::release(const Visitor& visit) {
  while (!chunks_.empty()) {
    const auto first = chunks_.begin();
    // Solutions wait while a prefix before them is still waiting or being searched.
    const Prefix* bound = waiting_.empty() ? nullptr : &waiting_.begin()->first;
    if (!running_.empty() && (bound == nullptr || running_.begin()->first < *bound))
      bound = &running_.begin()->first;
    if (bound != nullptr && !(first->first < *bound)) break;
    const Chunk chunk = std::move(first->second);
    chunks_.erase(first);
    std::size_t at = 0;
    for (const std::uint32_t size : chunk.sizes) {
      if (!visit(std::span<const OptionId>(chunk.solutions.data() + at, size))) return false;
      at += size;
    }
  }
  return true;
}

std::vector<Subproblem> Ledger::waiting_list() const {
  std::vector<Subproblem> out;
  out.reserve(waiting_.size());
  for (const auto& [prefix, share] : waiting_) out.push_back({prefix, share});
  return out;
}

ParallelProgress Ledger::progress() const {
  ParallelProgress p;
  p.prefixes_done = done_;
  p.prefixes_total = done_ + running_.size() + waiting_.size();
  p.solutions = stats_.solutions;
  p.start_fraction = start_share_;
  p.fraction = std::min(1.0, start_share_ + share_done_);
  return p;
}

namespace {

using Clock = std::chrono::steady_clock;

// What each thread is searching right now, for progress reports.
struct Live {
  std::atomic<std::uint64_t> solutions{0};
  std::atomic<double> share{0};
};

// The state the threads share.
class Pool {
 public:
  Pool(const Matrix& matrix, std::vector<Subproblem> prefixes, const ParallelOptions& options,
       const Visitor& visit, unsigned threads)
      : matrix_(matrix),
        options_(options),
        visit_(visit),
        ledger_(std::move(prefixes), static_cast<bool>(visit)),
        live_(threads) {
    const auto interval = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(options.progress_seconds));
    interval_ = interval.count();
    next_report_.store((Clock::now() + interval).time_since_epoch().count());
  }

  Result run() {
    {
      std::vector<std::jthread> threads;
      try {
        for (unsigned i = 0; i < live_.size(); ++i) threads.emplace_back([this, i] { work(i); });
      } catch (...) {
        // Out of threads or memory: the threads started stop and are joined, then the error
        // goes on (std::system_error); the pieces finished so far have been handed over.
        {
          std::lock_guard lock(mutex_);
          halt_.store(true);
        }
        wake_.notify_all();
        throw;
      }
    }
    if (error_) std::rethrow_exception(error_);
    Result result;
    result.stats = ledger_.stats();
    if (limit_hit_.load()) {
      result.outcome = Outcome::solution_limit;
      result.stats.solutions = options_.solution_limit;
    } else if (!ledger_.finished() || visitor_stopped_) {
      result.outcome = Outcome::stopped;
    }
    return result;
  }

 private:
  bool stopping() const {
    return halt_.load() || (options_.stop != nullptr && options_.stop->load());
  }

  // Under the lock: one cut is wanted per idle thread while nothing waits.
  void update_want() { want_.store(options_.cut_on_demand && ledger_.waiting() == 0 ? idle_ : 0); }

  bool take_want() {
    int wanted = want_.load();
    while (wanted > 0)
      if (want_.compare_exchange_weak(wanted, wanted - 1)) return true;
    return false;
  }

  // Calls on_progress when it is due; `locked`: the caller holds the lock.
  void maybe_report(bool locked) {
    if (!options_.on_progress || options_.progress_seconds <= 0) return;
    const Clock::rep now = Clock::now().time_since_epoch().count();
    if (now < next_report_.load()) return;
    std::unique_lock lock(mutex_, std::defer_lock);
    if (!locked && !lock.try_lock()) return;
    if (now < next_report_.load()) return;
    next_report_.store(now + interval_);
    ParallelProgress progress = ledger_.progress();
    for (const Live& live : live_) {
      progress.solutions += live.solutions.load();
      progress.fraction += live.share.load();
    }
    progress.fraction = std::min(progress.fraction, 1.0);
    options_.on_progress(progress);
  }

  // Hands kept solutions to the caller's visitor; counts them against the limit.
  bool emit(std::span<const OptionId> solution) {
    if (limit_hit_.load() || visitor_stopped_) return false;  // stopped by an earlier release
    ++released_;
    if (!visit_(solution)) {
      visitor_stopped_ = true;
      return false;
    }
    if (options_.solution_limit != 0 && released_ >= options_.solution_limit) {
      limit_hit_.store(true);
      return false;
    }
    return true;
  }

  void work(unsigned index) {
    try {
      Solver solver(matrix_, options_.engine == Engine::automatic
                                 ? choose_engine(matrix_, options_.propagation).engine
                                 : options_.engine);
      solver.set_stop_flag(&halt_);
      solver.set_propagation(options_.propagation);
      Live& live = live_[index];
      for (;;) {
        Subproblem task;
        {
          std::unique_lock lock(mutex_);
          for (;;) {
            if (stopping() || ledger_.finished()) {
              wake_.notify_all();
              return;
            }
            if (std::optional<Subproblem> next = ledger_.take()) {
              task = std::move(*next);
              break;
            }
            ++idle_;
            update_want();
            wake_.wait(lock);
            --idle_;
          }
          update_want();
        }
        search(solver, live, std::move(task));
        wake_.notify_all();
      }
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
      halt_.store(true);
      wake_.notify_all();
    }
  }

  void search(Solver& solver, Live& live, Subproblem task) {
    Piece piece;
    Visitor collect;
    if (visit_) {
      collect = [&piece](std::span<const OptionId> solution) {
        piece.solutions.insert(piece.solutions.end(), solution.begin(), solution.end());
        piece.sizes.push_back(static_cast<std::uint32_t>(solution.size()));
        return true;
      };
    } else if (options_.solution_limit != 0) {
      collect = [this](std::span<const OptionId>) {
        if (found_.fetch_add(1) + 1 >= options_.solution_limit) {
          limit_hit_.store(true);
          halt_.store(true);
        }
        return true;
      };
    }
    const double share = task.share;
    const CutCheck check = [&](const Progress& progress) {
      live.solutions.store(progress.stats.solutions);
      live.share.store(share * progress.fraction);
      maybe_report(false);
      if (options_.stop != nullptr && options_.stop->load()) return true;
      return take_want();
    };
    PrefixRun run = search_or_cut(solver, task.prefix, collect, options_.check_every, check);
    live.solutions.store(0);
    live.share.store(0);

    std::lock_guard lock(mutex_);
    if (run.result.outcome == Outcome::stopped && run.rest.empty()) {
      ledger_.put_back(std::move(task));  // halted: the piece is incomplete
    } else {
      piece.prefix = std::move(task.prefix);
      piece.stats = run.result.stats;
      for (Subproblem& sub : run.rest) sub.share *= share;
      piece.rest = std::move(run.rest);
      if (options_.on_piece) options_.on_piece(piece);
      ledger_.finish(std::move(piece));
      if (visit_ && !ledger_.release([this](std::span<const OptionId> s) { return emit(s); }))
        halt_.store(true);
    }
    update_want();
    maybe_report(true);
  }

  const Matrix& matrix_;
  const ParallelOptions& options_;
  const Visitor& visit_;
  Ledger ledger_;
  std::mutex mutex_;
  std::condition_variable wake_;
  int idle_ = 0;
  std::atomic<int> want_{0};
  std::atomic<bool> halt_{false};
  std::atomic<bool> limit_hit_{false};
  bool visitor_stopped_ = false;
  std::atomic<std::uint64_t> found_{0};
  std::uint64_t released_ = 0;
  std::vector<Live> live_;
  Clock::rep interval_ = 0;
  std::atomic<Clock::rep> next_report_{0};
  std::exception_ptr error_;
};

}  // namespace

Result search_parallel(const Matrix& matrix, std::vector<Subproblem> prefixes,
                       const ParallelOptions& options, const Visitor& visit) {
  unsigned threads = options.threads;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  Pool pool(matrix, std::move(prefixes), options, visit, threads);
  return pool.run();
}

}  // namespace dlx
