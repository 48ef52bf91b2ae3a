// Splitting one search into independent subproblems, the way Knuth's XCCDC and Hadoop's
// pentomino example do: enumerate the first levels of the search tree, then search below each
// node on its own.
//
// A prefix is the path from the root to a node: the options the search itself chooses there, in
// the order it chooses them (the MRV rule of Solver::next_branch). The subtrees of the prefixes
// of one depth are disjoint and together hold every solution, so the counts below them add up to
// the whole count. Without a seed, the search tries options in increasing id, so sorting prefixes
// as sequences of option ids sorts them in the order the search visits them.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/solver.hpp"

namespace dlx {

// The options on the path from the root of the search tree to one node, in search order. For a
// matrix with bounds, the moves of Algorithm M (Solver::enter): at each level the option chosen,
// the item's options before it being left out below it, or null_move, the item taking no more.
using Prefix = std::vector<OptionId>;

// A prefix to search, with its estimated share of the whole tree (Knuth's estimate: the product
// of 1/d over the levels of the path, d the number of options at each level).
struct Subproblem {
  Prefix prefix;     // the path to the subtree
  double share = 1;  // estimated share of the whole search tree below it
};

// The prefixes `depth` levels below the solver's forced options, in search order. A path that
// reaches a solution sooner is a prefix of its own; one that reaches an item without options is
// left out. The solver's links and forced options are left as they were.
std::vector<Subproblem> split(Solver& solver, std::uint32_t depth);
// The prefixes of the shallowest depth, at most `max_depth`, that gives at least `count` of them
// (or of the deepest depth tried, when every path ends sooner or max_depth is reached).
std::vector<Subproblem> split_at_least(Solver& solver, std::size_t count,
                                       std::uint32_t max_depth = 16);
// The split a parallel search over `workers` workers takes (the dlx command's --threads, Python's
// threads=): enough prefixes to keep each busy, 16 a worker and at least 64.
std::vector<Subproblem> split_for_workers(Solver& solver, std::size_t workers);

// The estimated share of the search tree below a prefix; throws std::invalid_argument when the
// prefix is not a path of the search (an option the search would not choose at its level). With
// propagation (Solver::set_propagation), whose levels a cut records as the search had them, the
// options need only fit together (else std::invalid_argument), and the share is an estimate.
double prefix_share(Solver& solver, std::span<const OptionId> prefix);

// Searches the subtree of one prefix, its options forced after the solver's own forced options;
// each solution reaches the visitor whole (forced options, the prefix, then the rest). Throws
// std::invalid_argument when the prefix's options clash.
Result search_prefix(Solver& solver, std::span<const OptionId> prefix, const Visitor& visit);
// Counts the solutions below one prefix.
Result count_prefix(Solver& solver, std::span<const OptionId> prefix);

// The search of one prefix, whole or cut short at a node.
struct PrefixRun {
  Result result;  // what the part searched found (outcome `stopped` when cut)
  // When cut: the prefixes whose subtrees hold the rest of the search, in search order, each
  // with its share of the prefix's subtree; empty when the search ended.
  std::vector<Subproblem> rest;
};

// Called at the search's regular progress checks; returns true to cut the search there.
using CutCheck = std::function<bool(const Progress&)>;

// Searches the subtree of one prefix like search_prefix, asking `cut` every `check_every`
// updates (through the solver's progress callback, which it replaces) whether to stop. Cut at a
// node, the search has seen exactly the solutions before it, and `rest` covers the others: the
// node itself and the siblings still to come on every level of its path. Nothing is searched
// twice, so counts stay exact. Needs an unseeded solver.
PrefixRun search_or_cut(Solver& solver, std::span<const OptionId> prefix, const Visitor& visit,
                        std::uint64_t check_every, const CutCheck& cut);

}  // namespace dlx
