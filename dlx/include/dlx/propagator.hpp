// A constraint of the user's inside the search: what exact cover cannot say by itself (a sum, a
// count, an order between the options chosen) checked at the nodes of the search, where it
// removes the options it rules out until the search backs up, or ends the branch. In the spirit
// of the filters of libexact and of the propagators of constraint solvers.
//
// A propagator is asked at every node of the propagating search once the forced moves are taken
// (so also just before a solution is accepted, when every option is chosen or ruled out). It
// must be exact on complete solutions (refuse, by returning false, a set of chosen options its
// constraint does not accept) and sound elsewhere (never rule out an option that some solution
// below the node holds); between the two it may do as little or as much as pays.
#pragma once

#include <span>
#include <vector>

#include "dlx/matrix.hpp"

namespace dlx {

class Solver;

// The node of the search a propagator is asked at.
class SearchNode {
 public:
  // True when the option may still be chosen below this node: not chosen on the way here and
  // not ruled out (by a chosen option that shares an item, a forced move, a propagator, ...).
  bool open(OptionId option) const noexcept;
  // The options chosen on the way to this node, from the root (load's base and the forced
  // options first).
  std::span<const OptionId> chosen() const noexcept { return chosen_; }

 private:
  friend class Solver;
  SearchNode(const Solver& solver, std::span<const OptionId> chosen) noexcept
      : solver_(&solver), chosen_(chosen) {}
  const Solver* solver_;
  std::span<const OptionId> chosen_;
};

class Propagator {
 public:
  virtual ~Propagator() = default;
  // Appends to `out` open options the constraint rules out below this node (others are
  // ignored); returns false when no solution lies below it.
  virtual bool propagate(const SearchNode& node, std::vector<OptionId>& out) = 0;
};

}  // namespace dlx
