// The checks a search makes before each node (its node and update budgets, the stop flag) and
// after each solution (the visitor, the solution limit, the stop flag). spent() serves the links,
// multiplicities and cost searches, after_solution() the cells and multiplicities searches; the
// others keep the check written out, where it measured more instructions (docs/performance.md).
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

}  // namespace dlx::detail
