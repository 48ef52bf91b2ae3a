#include "dlx_search.hpp"

#include <chrono>
#include <dlx/parallel.hpp>
#include <thread>

namespace binding {

namespace {

PyResult to_python(const dlx::Result& r) {
  return {r.stats.solutions,
          r.stats.nodes,
          r.stats.updates,
          r.stats.max_depth,
          std::string(dlx::outcome_name(r.outcome)),
          r.stats.forced,
          r.stats.implied,
          r.stats.probes,
          r.stats.probed};
}

// Calls a Python progress callback from the search, at most every `interval` seconds, taking the
// GIL for the call. An exception from the callback stops the search and is raised after it.
class ProgressRelay {
 public:
  ProgressRelay(py::object callback, double interval, std::atomic<bool>& stop)
      : callback_(std::move(callback)), interval_(interval), stop_(stop) {}
  bool active() const { return !callback_.is_none(); }
  void start() {
    start_ = std::chrono::steady_clock::now();
    next_ = start_ + period();
  }
  // Without the GIL, from the search.
  void report(PyProgress progress) {
    const auto now = std::chrono::steady_clock::now();
    if (now < next_ || error_) return;
    next_ = now + period();
    progress.seconds = std::chrono::duration<double>(now - start_).count();
    py::gil_scoped_acquire gil;
    try {
      callback_(progress);
    } catch (py::error_already_set& e) {
      error_ = std::move(e);
      stop_.store(true);
    }
  }
  // With the GIL: raises what the callback raised, if anything.
  void rethrow() {
    if (error_) {
      py::error_already_set e = std::move(*error_);
      error_.reset();
      throw e;
    }
  }
  // Interval between progress checks, in link updates: a few milliseconds of search.
  static constexpr std::uint64_t every = std::uint64_t{1} << 18;

 private:
  std::chrono::steady_clock::duration period() const {
    return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(interval_));
  }

  py::object callback_;
  double interval_;
  std::atomic<bool>& stop_;
  std::chrono::steady_clock::time_point start_, next_;
  std::optional<py::error_already_set> error_;
};

// A Solver with the settings' propagation; ValueError for a problem with colors or bounds.
void set_propagation(dlx::Solver& solver, const dlx::Propagation& propagation) {
  try {
    solver.set_propagation(propagation);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

dlx::Result count_parallel(const dlx::Matrix& matrix, const SearchSettings& s,
                           std::atomic<bool>& stop, ProgressRelay& relay) {
  dlx::Solver solver(matrix, s.engine);
  const unsigned threads =
      s.threads == 0 ? std::max(1u, std::thread::hardware_concurrency()) : s.threads;
  std::vector<dlx::Subproblem> prefixes = dlx::split_for_workers(solver, threads);
  dlx::ParallelOptions options;
  options.threads = threads;
  options.solution_limit = s.limit;
  options.propagation = s.propagation;
  options.engine = s.engine;
  options.stop = &stop;
  if (relay.active()) {
    options.progress_seconds = 0.1;
    options.on_progress = [&relay](const dlx::ParallelProgress& p) {
      PyProgress progress;
      progress.solutions = p.solutions;
      progress.fraction = p.fraction;
      progress.prefixes_done = p.prefixes_done;
      progress.prefixes_total = p.prefixes_total;
      relay.report(progress);
    };
  }
  return dlx::search_parallel(matrix, std::move(prefixes), options);
}

}  // namespace

dlx::Engine engine_of(const std::string& name) {
  try {
    return dlx::parse_engine(name);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

dlx::Engine resolve_engine(const dlx::Matrix& matrix, const SearchSettings& s) {
  if (s.engine == dlx::Engine::automatic) return dlx::choose_engine(matrix, s.propagation).engine;
  if (s.engine == dlx::Engine::links) return s.engine;
  const std::string name(dlx::engine_name(s.engine));
  if (matrix.has_bounds())
    throw py::value_error("engine='" + name + "' does not take bounds: use 'links' or 'auto'");
  if (s.propagation.beyond_singles())
    throw py::value_error(
        "propagate's implied, probe and weighed run on the links engine: not with engine='" + name +
        "'");
  return s.engine;
}

dlx::Propagation propagation_of(const std::optional<std::string>& list) {
  if (!list) return {};
  try {
    return dlx::parse_propagation(*list);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

std::uint64_t positive_or_none(const std::optional<std::int64_t>& value, const char* what) {
  if (!value) return 0;
  if (*value <= 0) throw py::value_error(std::string(what) + " must be a positive number or None");
  return static_cast<std::uint64_t>(*value);
}

PyResult run_search(const Snapshot& problem, SearchSettings s, py::object progress, double interval,
                    std::vector<dlx::OptionId>* first) {
  s.engine = resolve_engine(problem->matrix, s);
  if (s.threads != 1 && (s.seed != 0 || s.max_nodes != 0 || s.max_updates != 0))
    throw py::value_error("threads cannot be combined with seed, max_nodes or max_updates");
  if (interval <= 0) throw py::value_error("progress_interval must be positive");
  if (s.propagation.any()) {
    dlx::Solver check(problem->matrix, s.engine);  // refused before any thread starts
    set_propagation(check, s.propagation);
  }
  std::atomic<bool> stop{false};
  ProgressRelay relay(std::move(progress), interval, stop);
  const dlx::Result result = interruptible(stop, [&] {
    relay.start();
    if (s.threads != 1) return count_parallel(problem->matrix, s, stop, relay);
    dlx::Solver solver(problem->matrix, s.engine);
    solver.set_limits({s.limit, s.max_nodes, s.max_updates});
    solver.set_stop_flag(&stop);
    if (s.seed != 0) solver.set_seed(s.seed);
    solver.set_propagation(s.propagation);
    if (relay.active())
      solver.set_progress(ProgressRelay::every, [&relay](const dlx::Progress& p) {
        PyProgress progress;
        progress.solutions = p.stats.solutions;
        progress.nodes = p.stats.nodes;
        progress.updates = p.stats.updates;
        progress.fraction = p.fraction;
        relay.report(progress);
      });
    if (first == nullptr) return solver.count();
    dlx::Result r;
    *first = solver.first(&r);
    return r;
  });
  relay.rethrow();
  return to_python(result);
}

}  // namespace binding
