// The check a search makes before each node: its node and update budgets, and the stop flag.
// The links engine calls it; the cells, multiplicities and cost searches keep it written out,
// where it measured more instructions (docs/performance.md).
#pragma once

#include <atomic>

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

}  // namespace dlx::detail
