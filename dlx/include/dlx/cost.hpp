// The k cheapest exact covers of a Matrix whose options have costs, by the method of Knuth's
// DLX5 (Algorithm C with a cost cutoff).
//
// Each primary item is taxed the least cost of its options, in the order the items were
// declared, and every option's cost is lowered by the taxes of its items: its *net cost*. A
// solution's net cost is its cost less the total tax, the same for all, so the cheapest
// solutions are those of least net cost, and the options of large net cost can be cut early.
// Every item's options are sorted by net cost; the search branches on the item with the fewest
// options cheap enough to beat the *cutoff* (the k-th best net cost found so far), ties going to
// the one whose cheapest option costs most, and tries them cheapest first until one is too dear.
// The nodes and updates are those DLX5 counts on the same input with the same k.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <mutex>
#include <span>
#include <string_view>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/solver.hpp"

namespace dlx {

// One solution and what it costs.
struct CostedSolution {
  Cost cost = 0;                  // the sum of its options' costs
  std::vector<OptionId> options;  // in the order the search chose them
};

// What a search for the cheapest solutions did and found.
struct BestResult {
  Outcome outcome = Outcome::exhausted;
  // solutions: the solutions found that beat the cutoff (DLX5's count); nodes and updates as
  // DLX5 counts them.
  Stats stats;
  std::uint64_t cleansings = 0;  // options made compatible with a chosen color (DLX5's count)
  // The k cheapest solutions found, cheapest first (equal costs: in the order found).
  std::vector<CostedSolution> best;
};

// Receives each solution that beats the cutoff, when found, with its cost; returning false stops
// the search.
using CostVisitor = std::function<bool(Cost cost, std::span<const OptionId> solution)>;

// The k best solutions known, kept as DLX5 keeps their costs (a heap whose top is the cutoff).
// Thread-safe: several searches of one problem share one, each pruning with its cutoff.
class BestList {
 public:
  // Keeps the k (at least 1) best; `tax` is added to net costs to give costs.
  BestList(std::size_t k, Cost tax);

  // The net cost a new solution must be below to be kept: the k-th best so far, or infinity.
  Cost cutoff() const noexcept { return cutoff_.load(std::memory_order_relaxed); }
  // Keeps a solution of this net cost if it beats the cutoff, calling `visit` (when set) with
  // its cost under the list's lock, so that calls come one at a time; returns false when not kept.
  // `keep_going` is set to what the visitor returned (true without one).
  bool offer(Cost net, std::span<const OptionId> solution, const CostVisitor& visit,
             bool& keep_going);
  // Lowers the cutoff to `net` if it is higher (a bound learnt elsewhere, without its solution).
  void bound(Cost net) noexcept;
  // The solutions kept, cheapest first (equal costs: in the order offered).
  std::vector<CostedSolution> sorted() const;

 private:
  struct Kept {
    Cost net = infinity;
    std::uint64_t order = 0;
    std::vector<OptionId> options;
  };
  static constexpr Cost infinity = std::numeric_limits<Cost>::max();

  mutable std::mutex mutex_;
  std::vector<Kept> heap_;  // heap_[0] has the largest net cost; one more slot, net 0, at the end
  std::atomic<Cost> cutoff_{infinity};
  Cost bound_ = infinity;  // the least bound() learnt
  Cost tax_ = 0;
  std::uint64_t offered_ = 0;
};

// Why the cheapest solutions of `matrix` cannot be searched for, or empty when they can: no
// option has a cost (every solution would be the cheapest), or items have bounds (DLX5 covers
// each primary item exactly once). The one check of dlx --best and Python's Problem.best.
std::string_view best_refusal(const Matrix& matrix) noexcept;

// Searches the cheapest exact covers of a Matrix with costs (with colors, as DLX2 and DLX5).
class CostSolver {
 public:
  // Builds the links, assesses the taxes and sorts the options by net cost; the matrix must
  // outlive the solver and not change meanwhile. Throws std::invalid_argument for a matrix with
  // bounds (each primary item is covered exactly once, as in DLX5).
  explicit CostSolver(const Matrix& matrix);

  // The matrix being searched.
  const Matrix& matrix() const noexcept { return *matrix_; }
  // Bounds for the following searches (solutions: stop after that many beat the cutoff).
  void set_limits(const Limits& limits) noexcept { limits_ = limits; }
  // A flag another thread may raise to stop the search; nullptr for none.
  void set_stop_flag(const std::atomic<bool>* flag) noexcept { stop_ = flag; }
  // How far down an item's options the branching rule counts before taking the item's length
  // as the count (DLX5's h, default 10).
  void set_length_threshold(std::int32_t options) noexcept { lenthresh_ = options; }

  // The sum of the taxes: a solution's cost is its net cost plus this.
  Cost total_tax() const noexcept { return total_tax_; }
  // The tax on an item (0 for secondary items and for primary items without options).
  Cost tax(ItemId item) const { return tax_.at(static_cast<std::size_t>(item)); }
  // An option's cost less the taxes of its items.
  Cost net_cost(OptionId option) const { return net_.at(static_cast<std::size_t>(option)); }

  // Finds the k cheapest solutions, handing each that beats the cutoff to the visitor.
  BestResult best(std::size_t k, const CostVisitor& visit = nullptr);

  // Searches the subtree below `prefix` (options in the order chosen, no two clashing), keeping
  // solutions in `list` and pruning with its cutoff, which other searches may lower meanwhile.
  // Returns the outcome and adds what was counted to `stats` and `cleansings`.
  Outcome search_below(std::span<const OptionId> prefix, BestList& list, const CostVisitor& visit,
                       Stats& stats, std::uint64_t& cleansings);
  // The prefixes of the search `depth` levels deep without a cutoff, in search order (a dead
  // end above that depth gives no prefix; a solution above it gives a shorter one).
  std::vector<std::vector<OptionId>> prefixes(std::uint32_t depth);

 private:
  // A node's neighbours in its item's list, or an item's in its list of open items.
  struct Link {
    std::int32_t up, down;
  };

  detail::Table<Link> table() noexcept;

  void cover(std::int32_t item, Cost thresh) noexcept;
  void uncover(std::int32_t item, Cost thresh) noexcept;
  void purify(std::int32_t node, Cost thresh) noexcept;
  void unpurify(std::int32_t node, Cost thresh) noexcept;
  void cover_others(std::int32_t node, Cost thresh) noexcept;
  void uncover_others(std::int32_t node, Cost thresh) noexcept;
  template <bool cover_them>
  void walk_others(std::int32_t node, Cost thresh) noexcept;
  std::int32_t choose(Cost room, std::int32_t& best_item) const noexcept;
  OptionId option_of(std::int32_t node) const noexcept;
  std::int32_t first_primary_node(OptionId option) const;
  template <bool Shared>
  Outcome run(std::uint32_t floor, Cost base, BestList& list, const CostVisitor& visit);

  const Matrix* matrix_;
  // The node table (laid out as in dlx/src/core/table.hpp), one array per field.
  std::vector<Link> links_;          // per node
  std::vector<std::int32_t> top_;    // per node: its item (a spacer's: minus the next option)
  std::vector<std::int32_t> color_;  // per node: 0 none, -1 made compatible already
  std::vector<Cost> cost_;           // per node: its option's net cost
  std::vector<Link> items_;  // the open items (up: the one before); 0: the root of the primaries,
                             // items + 1: of the secondaries
  std::vector<std::int32_t> len_;           // per item: the nodes in its list
  std::int32_t primaries_ = 0;              // items 1..primaries_ are primary
  std::int32_t last_item_ = 0;              // one past the last item: the first spacer
  std::vector<std::int32_t> internal_;      // per ItemId: its number here
  std::vector<std::int32_t> option_first_;  // per option: its first node; then one past the end
  std::vector<Cost> tax_;                   // per ItemId
  std::vector<Cost> net_;                   // per option
  Cost total_tax_ = 0;
  std::int32_t lenthresh_ = 10;
  Limits limits_;
  const std::atomic<bool>* stop_ = nullptr;

  // The state of one search.
  std::vector<std::int32_t> choice_;
  std::vector<Cost> partcost_, thresh0_, thresh_;
  std::vector<OptionId> solution_;
  Stats stats_;
  std::uint64_t cleansings_ = 0;
};

// The prefixes a split search of the cheapest solutions hands out: `depth` levels deep, or
// (depth 0) the shallowest split with at least `at_least` prefixes, at most 8 levels deep.
std::vector<std::vector<OptionId>> split_best(CostSolver& solver, std::size_t at_least,
                                              std::uint32_t depth = 0);

// How to run best_parallel.
struct BestParallelOptions {
  unsigned threads = 0;  // threads that search; 0: as many as the hardware runs at once
  // Levels of the split (0: the shallowest with 16 prefixes a thread, at most 8 deep).
  std::uint32_t depth = 0;
  std::uint64_t solution_limit = 0;         // stop after this many solutions beat the cutoff
  const std::atomic<bool>* stop = nullptr;  // raised by another thread to stop
};

// The k cheapest solutions, searched on threads: the tree is split into prefixes, which the
// threads take in search order, every thread pruning with the cutoff of one shared BestList.
// The costs found are those of a single search; the nodes are not (the cutoff falls sooner or
// later). Throws std::system_error when the threads cannot be started.
BestResult best_parallel(const Matrix& matrix, std::size_t k, const BestParallelOptions& options,
                         const CostVisitor& visit = nullptr);

}  // namespace dlx
