// The checks a search makes before each node (its node and update budgets, the stop flag) and
// after each solution (the visitor, the solution limit, the stop flag). spent() serves the links,
// multiplicities, cost and bits searches, after_solution() the cells, bits and multiplicities
// searches; the others keep the check written out, where the helper took more instructions
// (docs/history/2026-12-06.md). explored() is every search's progress estimate.
#pragma once

#include <atomic>
#include <vector>

#include "dlx/solver.hpp"

namespace dlx::detail {

// Why the search must stop before its next node; Outcome::exhausted when it may go on.
inline Outcome spent(const Stats& stats, const Limits& limits,
                     const std::atomic<bool>* stop) noexcept {
  if (limits.nodes != 0 && stats.nodes >= limits.nodes) return Outcome::node_limit;
  if (limits.updates != 0 && stats.updates >= limits.updates) return Outcome::update_limit;
  if (stop != nullptr && stop->load(std::memory_order_relaxed)) return Outcome::stopped;
  return Outcome::exhausted;
}

// After a solution: hands it to the visitor, if any (`cleanup` runs before an exception the
// visitor throws goes on), and says why the search must stop there (the visitor asked, the
// solution limit, the stop flag); Outcome::exhausted when it may go on.
template <class Cleanup>
Outcome after_solution(const Visitor& visit, const std::vector<OptionId>& solution,
                       const Stats& stats, const Limits& limits, const std::atomic<bool>* stop,
                       Cleanup&& cleanup) {
  if (visit) {
    bool go_on = true;
    try {
      go_on = visit(solution);
    } catch (...) {
      cleanup();
      throw;
    }
    if (!go_on) return Outcome::stopped;
  }
  if (limits.solutions != 0 && stats.solutions >= limits.solutions) return Outcome::solution_limit;
  if (stop != nullptr && stop->load(std::memory_order_relaxed)) return Outcome::stopped;
  return Outcome::exhausted;
}

// Knuth's estimate of the share of the tree explored, from the path of a progress report: each
// level's options before the one it tries, weighed by the share of the tree each stands for,
// and half of the node it is at.
inline double explored(const std::vector<PathStep>& path) noexcept {
  double fraction = 0, denominator = 1;
  for (const PathStep& step : path) {
    denominator *= step.d;
    fraction += (step.k - 1) / denominator;
  }
  return fraction + 0.5 / denominator;
}

}  // namespace dlx::detail
