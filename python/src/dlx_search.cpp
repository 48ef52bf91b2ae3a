#include "dlx_search.hpp"

#include <chrono>
#include <dlx/parallel.hpp>
#include <limits>
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
          r.stats.probed,
          r.stats.pruned};
}

// A Python callable as the search's propagator: called with the GIL taken and a dlx.SearchNode;
// False ends the branch, None (or True) removes nothing, and an iterable of option indices
// removes those. An exception, or a result of another kind, stops the search (Raised crosses the
// solver, which leaves its links whole) and is raised after it, with the GIL.
class PyPropagator : public dlx::Propagator {
 public:
  struct Raised {};
  explicit PyPropagator(py::object callback) : callback_(std::move(callback)) {}

  bool propagate(const dlx::SearchNode& node, std::vector<dlx::OptionId>& out) override {
    py::gil_scoped_acquire gil;
    const auto handle = std::make_shared<PyNode>(PyNode{&node});
    try {
      const py::object r = callback_(handle);
      handle->node = nullptr;
      if (r.is_none()) return true;
      if (py::isinstance<py::bool_>(r)) return r.cast<bool>();
      if (!py::isinstance<py::iterable>(r) || py::isinstance<py::str>(r)) {
        wrong_ = "the propagator returned " +
                 std::string(py::str(py::type::handle_of(r).attr("__name__"))) +
                 ": return False to end the branch, or option indices to remove (None: none)";
        throw Raised{};
      }
      for (const py::handle o : r) {
        if (!py::isinstance<py::int_>(o) || py::isinstance<py::bool_>(o)) {
          wrong_ = "the propagator returned an iterable holding a " +
                   std::string(py::str(py::type::handle_of(o).attr("__name__"))) +
                   ": it gives option indices (int)";
          throw Raised{};
        }
        const long long v = o.cast<long long>();
        // Out of range: no option, so not open, and ignored as the solver ignores it.
        if (v >= 0 && v <= std::numeric_limits<dlx::OptionId>::max())
          out.push_back(static_cast<dlx::OptionId>(v));
      }
      return true;
    } catch (py::error_already_set& e) {
      handle->node = nullptr;
      error_ = std::move(e);
    }
    throw Raised{};
  }

  // With the GIL, after the search stopped with Raised: raises what stopped it.
  [[noreturn]] void rethrow() {
    if (error_) {
      py::error_already_set e = std::move(*error_);
      error_.reset();
      throw e;
    }
    throw py::type_error(wrong_);
  }

 private:
  py::object callback_;
  std::optional<py::error_already_set> error_;
  std::string wrong_;
};

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
  if (s.engine == dlx::Engine::automatic)
    return s.propagator.is_none() ? dlx::choose_engine(matrix, s.propagation).engine
                                  : dlx::Engine::links;  // a propagator runs on links
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
  std::optional<PyPropagator> propagator;
  if (!s.propagator.is_none()) {
    if (!PyCallable_Check(s.propagator.ptr()))
      throw py::type_error("propagator must be a callable (node) -> iterable of options, or False");
    if (s.threads != 1)
      throw py::value_error("a propagator runs in one search on one thread: not with threads=" +
                            std::to_string(s.threads));
    if (s.engine != dlx::Engine::links)
      throw py::value_error("a propagator runs on the links engine: not with engine='" +
                            std::string(dlx::engine_name(s.engine)) + "'");
    propagator.emplace(s.propagator);
    dlx::Solver check(problem->matrix, s.engine);
    try {
      check.set_propagator(&*propagator);
    } catch (const std::invalid_argument& e) {
      throw py::value_error(e.what());
    }
  }
  if (s.propagation.any()) {
    dlx::Solver check(problem->matrix, s.engine);  // refused before any thread starts
    set_propagation(check, s.propagation);
  }
  std::atomic<bool> stop{false};
  ProgressRelay relay(std::move(progress), interval, stop);
  std::optional<dlx::Result> finished;
  try {
    finished = interruptible(stop, [&] {
      relay.start();
      if (s.threads != 1) return count_parallel(problem->matrix, s, stop, relay);
      dlx::Solver solver(problem->matrix, s.engine);
      solver.set_limits({s.limit, s.max_nodes, s.max_updates});
      solver.set_stop_flag(&stop);
      if (s.seed != 0) solver.set_seed(s.seed);
      solver.set_propagation(s.propagation);
      if (propagator) solver.set_propagator(&*propagator);
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
  } catch (const PyPropagator::Raised&) {
    relay.rethrow();
    propagator->rethrow();
  }
  relay.rethrow();
  return to_python(*finished);
}

}  // namespace binding
