// The searches of the `dlx` module: counts and first solutions (on one thread or several, with a
// progress callback) and the solutions one at a time, all without the GIL.
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <dlx/reader.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "interrupt.hpp"

namespace binding {

namespace py = pybind11;

// A version of a problem: the matrix and the names needed to write it back.
using Snapshot = std::shared_ptr<const dlx::Problem>;

// What a search did, as Python sees it.
struct PyResult {
  std::uint64_t solutions = 0, nodes = 0, updates = 0;
  std::uint32_t max_depth = 0;
  std::string outcome = "exhausted";
  std::uint64_t forced = 0, implied = 0, probes = 0, probed = 0;  // with propagation
  std::uint64_t pruned = 0;                                       // with a propagator
};

// A progress snapshot handed to the Python callback.
struct PyProgress {
  std::uint64_t solutions = 0;
  std::optional<std::uint64_t> nodes, updates;  // none on several threads
  double fraction = 0;
  double seconds = 0;
  std::optional<std::uint64_t> prefixes_done, prefixes_total;  // several threads only
};

// One solution: option ids in search order, with the problem they belong to.
struct Solution {
  Snapshot problem;
  std::vector<dlx::OptionId> options;

  std::string text() const {
    std::string out;
    for (dlx::OptionId o : options) {
      if (!out.empty()) out += '\n';
      out += dlx::format_option(*problem, o);
    }
    return out;
  }
};

// How a count or search runs.
struct SearchSettings {
  std::uint64_t limit = 0, max_nodes = 0, max_updates = 0, seed = 0;
  unsigned threads = 1;
  dlx::Propagation propagation;
  dlx::Engine engine = dlx::Engine::automatic;
  py::object propagator = py::none();  // a callable asked at each node (PyPropagator), or None
};

// The node a Python propagator is asked at, valid during the call only (then `node` is null).
struct PyNode {
  const dlx::SearchNode* node = nullptr;
};

// The engine an `engine` argument names; ValueError for another name.
dlx::Engine engine_of(const std::string& name);
// The engine a search runs on: `auto` resolved as the dlx command resolves it; ValueError for
// cells asked of a problem with bounds or with propagation.
dlx::Engine resolve_engine(const dlx::Matrix& matrix, const SearchSettings& s);
// The propagation a `propagate` argument names (None: none); ValueError for a part it does not
// know.
dlx::Propagation propagation_of(const std::optional<std::string>& list);
// A limit or budget: None for none (0), else positive (ValueError naming `what`).
std::uint64_t positive_or_none(const std::optional<std::int64_t>& value, const char* what);

// Counts (or, with `first`, finds the first solution) as the settings say.
PyResult run_search(const Snapshot& problem, SearchSettings s, py::object progress, double interval,
                    std::vector<dlx::OptionId>* first);

// Solutions one at a time, from a search that stops after each batch and resumes where it
// stopped. A batch ends at a solution: the visitor stops the search there, and the rest of the
// tree is the siblings still to come on each level of that solution's path, which the solver's
// own choices (next_branch) give back when the path is replayed. Those prefixes wait on a stack,
// the next in search order on top, so the solutions come in the order of one whole search.
// Batches start at one solution and double up to 4096, so that the first comes at once and the
// cost of stopping is shared by many later on.
class SolutionIterator {
 public:
  SolutionIterator(Snapshot problem, std::uint64_t limit, dlx::Engine engine)
      : problem_(std::move(problem)), limit_(limit), engine_(engine) {
    pending_.emplace_back();
  }

  Solution next() {
    Busy busy(busy_);
    if (read_ == sizes_.size()) {
      if (exhausted()) throw py::stop_iteration();
      fill();
      if (read_ == sizes_.size()) throw py::stop_iteration();
    }
    const std::size_t begin = offsets_[read_], size = sizes_[read_];
    ++read_;
    return Solution{problem_,
                    {buffer_.begin() + static_cast<std::ptrdiff_t>(begin),
                     buffer_.begin() + static_cast<std::ptrdiff_t>(begin + size)}};
  }

  PyResult stats() const {
    PyResult r;
    r.solutions = stats_.solutions;
    r.nodes = stats_.nodes;
    r.updates = stats_.updates;
    r.max_depth = stats_.max_depth;
    r.outcome = pending_.empty() ? "exhausted" : limit_reached() ? "solution_limit" : "stopped";
    return r;
  }

 private:
  bool limit_reached() const { return limit_ != 0 && found_ >= limit_; }
  bool exhausted() const { return pending_.empty() || limit_reached(); }

  void fill() {
    buffer_.clear();
    offsets_.clear();
    sizes_.clear();
    read_ = 0;
    std::uint64_t want = batch_;
    if (limit_ != 0) want = std::min(want, limit_ - found_);
    interruptible(stop_, [&] { return run(want); });
    found_ += sizes_.size();
    batch_ = std::min<std::uint64_t>(batch_ * 2, 4096);
  }

  // Without the GIL: up to `want` more solutions. Stopped by a SIGINT, it leaves everything as it
  // was before, so that the next call starts the batch again.
  bool run(std::uint64_t want) {
    if (!solver_) {
      solver_ = std::make_unique<dlx::Solver>(problem_->matrix, engine_);
      solver_->set_stop_flag(&stop_);
    }
    const std::vector<dlx::Prefix> saved_pending = pending_;
    const dlx::Stats saved_stats = stats_;
    while (sizes_.size() < want && !pending_.empty()) {
      const dlx::Prefix prefix = std::move(pending_.back());
      pending_.pop_back();
      bool cut = false;
      const auto keep = [&](std::span<const dlx::OptionId> solution) {
        offsets_.push_back(buffer_.size());
        sizes_.push_back(static_cast<std::uint32_t>(solution.size()));
        buffer_.insert(buffer_.end(), solution.begin(), solution.end());
      };
      dlx::Result r;
      if (problem_->matrix.has_bounds()) {
        // Algorithm M's path is moves, not the options of a solution (a null move leaves none),
        // so the search is cut at its next node once the batch is full and resumes from the
        // prefixes the cut gives.
        dlx::PrefixRun part = dlx::search_or_cut(
            *solver_, prefix,
            [&](std::span<const dlx::OptionId> solution) {
              keep(solution);
              return true;
            },
            1, [&](const dlx::Progress&) { return sizes_.size() >= want; });
        r = part.result;
        cut = !part.rest.empty();
        for (auto it = part.rest.rbegin(); it != part.rest.rend(); ++it)
          pending_.push_back(std::move(it->prefix));
      } else {
        r = dlx::search_prefix(*solver_, prefix, [&](std::span<const dlx::OptionId> solution) {
          keep(solution);
          if (sizes_.size() < want) return true;
          cut = true;
          return false;
        });
      }
      if (stop_.load() && !cut) {
        pending_ = saved_pending;
        stats_ = saved_stats;
        buffer_.clear();
        offsets_.clear();
        sizes_.clear();
        return false;
      }
      stats_.solutions += r.stats.solutions;
      stats_.nodes += r.stats.nodes;
      stats_.updates += r.stats.updates;
      stats_.max_depth = std::max<std::uint32_t>(
          stats_.max_depth, static_cast<std::uint32_t>(prefix.size()) + r.stats.max_depth);
      if (cut && !problem_->matrix.has_bounds()) push_rest(prefix);
    }
    // A cut search may find a few solutions past the batch; past the limit they are dropped.
    if (limit_ != 0 && found_ + sizes_.size() > limit_) {
      sizes_.resize(limit_ - found_);
      offsets_.resize(sizes_.size());
    }
    return true;
  }

  // After a cut at the last solution found below `prefix`: the prefixes of the rest of its tree.
  void push_rest(const dlx::Prefix& prefix) {
    const std::size_t size = sizes_.back();
    const dlx::OptionId* solution = buffer_.data() + offsets_.back();
    std::vector<dlx::Prefix> rest;
    dlx::Prefix path = prefix;
    for (dlx::OptionId o : prefix) solver_->force(o);
    for (std::size_t level = prefix.size(); level < size; ++level) {
      const dlx::OptionId chosen = solution[level];
      const dlx::Branch branch = solver_->next_branch();
      auto it = std::find(branch.options.begin(), branch.options.end(), chosen);
      if (it == branch.options.end()) {
        solver_->release();
        throw std::logic_error("dlx: a solution's path cannot be replayed");
      }
      for (++it; it != branch.options.end(); ++it) {
        rest.push_back(path);
        rest.back().push_back(*it);
      }
      solver_->force(chosen);
      path.push_back(chosen);
    }
    solver_->release();
    // Without a seed the search tries options in increasing id, so prefix order is search order.
    std::sort(rest.begin(), rest.end());
    for (auto it = rest.rbegin(); it != rest.rend(); ++it) pending_.push_back(std::move(*it));
  }

  Snapshot problem_;
  std::uint64_t limit_;
  dlx::Engine engine_;
  std::unique_ptr<dlx::Solver> solver_;
  std::atomic<bool> stop_{false};
  std::vector<dlx::Prefix> pending_;  // top (back) first in search order
  std::vector<dlx::OptionId> buffer_;
  std::vector<std::size_t> offsets_;
  std::vector<std::uint32_t> sizes_;
  std::size_t read_ = 0;
  std::uint64_t found_ = 0, batch_ = 1;
  dlx::Stats stats_;
  bool busy_ = false;
};

}  // namespace binding
