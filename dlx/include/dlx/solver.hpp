// Knuth's Algorithm X (DLX1) and, with colors, Algorithm C (DLX2), on dancing links.
//
// A Solver builds the links of a Matrix once and can search them any number of times: every
// search, finished or stopped early, leaves each link exactly as it found it. Options can be
// forced before a search (a partial solution), so a caller that solves many instances of one
// problem covers their fixed parts instead of rebuilding the matrix.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/propagator.hpp"

namespace dlx {

namespace detail {
class SetEngine;
class Multiplicities;
template <class Link>
struct Table;
}  // namespace detail

// Why a search ended.
enum class Outcome {
  exhausted,       // the whole tree was searched: every solution has been seen
  solution_limit,  // Limits::solutions solutions were found
  node_limit,      // the node budget ran out
  update_limit,    // the update budget ran out
  stopped,         // the visitor returned false, or the stop flag was raised
};

// True when the search stopped before it saw the whole tree.
constexpr bool stopped_early(Outcome outcome) noexcept {
  return outcome != Outcome::exhausted;
}

// The outcome's name as spelt above: "exhausted", "solution_limit", "node_limit", ...
constexpr std::string_view outcome_name(Outcome outcome) noexcept {
  constexpr std::string_view names[] = {"exhausted", "solution_limit", "node_limit", "update_limit",
                                        "stopped"};
  const auto i = static_cast<std::size_t>(outcome);
  return i < std::size(names) ? names[i] : "stopped";
}

// Bounds on one search; 0 means "no bound".
struct Limits {
  std::uint64_t solutions = 0;  // stop after this many solutions
  std::uint64_t nodes = 0;      // stop once this many search-tree nodes have been counted
  std::uint64_t updates = 0;    // stop once this many link updates have been counted
};

// What one search did, counted as Knuth's DLX1 counts it (DLX3, for a matrix with bounds).
struct Stats {
  std::uint64_t solutions = 0;  // solutions found
  // Search-tree nodes: one per item branched on, plus one per solution (DLX1's "nodes").
  std::uint64_t nodes = 0;
  // Link updates: one per item removed from the item list, plus one per node removed from an
  // item's list (DLX1's "updates"; with colors, DLX2's).
  std::uint64_t updates = 0;
  // Most options chosen at once by the search (forced not counted). With bounds, the deepest
  // level of Algorithm M, its null moves counted as levels as DLX3's maxl counts them.
  std::uint32_t max_depth = 0;
  // With propagation (Solver::set_propagation); 0 without.
  std::uint64_t forced = 0;   // nodes whose item had one option left, taken as forced moves
  std::uint64_t implied = 0;  // options removed by implied items
  std::uint64_t probes = 0;   // options tried ahead by probing
  std::uint64_t probed = 0;   // options removed by probing (their forced moves failed)
  std::uint64_t pruned = 0;   // options removed by the propagator (Solver::set_propagator)
};

// Reasoning inside the search, each part off by default (then the search is DLX1's, node for
// node). Every part keeps the set of solutions exact; the tree is smaller, its nodes dearer.
// Matrices without colors or bounds only (Algorithm X). It takes about 12 bytes a node more
// (20 with implied items), allocated when it is first turned on.
struct Propagation {
  // Forced moves: an item left with one option is branched on at once and an item left with
  // none ends the branch, found by the covers as they shorten the lists (no scan of the items).
  bool singles = false;
  // Implied items: when every option left to a primary item i also holds item j, j's other
  // options are removed (until the search backs up); sudoku's locked candidates and pointing.
  // Tested at each branching on the items left with at most implied_at options (and at most
  // as many as i shares with another item in the matrix). Takes singles with it.
  bool implied = false;
  std::uint32_t implied_at = 3;
  // Probing (failed options): at a branching, each option of every primary item left with two
  // is tried ahead with its forced moves; one that empties an item is removed, and when none
  // is, the search branches on the item whose two options force the most. Takes singles.
  bool probe = false;
  std::uint32_t probe_levels = std::numeric_limits<std::uint32_t>::max();  // at levels below it
  std::uint64_t probe_after = 0;  // only once the search has taken more nodes than this
  // A pass skips the options an earlier probe of it forced, unless they could change the item
  // chosen (such an option cannot fail, and forces at most what that probe forced): the same
  // tree as probing them all, with fewer updates. Off only to check that.
  bool probe_skips = true;
  // Weighed ties: when the fewest options left is two, the item of two options whose options'
  // other items have the fewest options left (a weight 4096 / l^2 for l left) is branched on.
  bool weighed = false;
  // Weighed ties and probing look only at the first `focus` primary items, in declaration order
  // (0: at every one): for a model whose first items stand for its positions, such as a
  // sudoku's cells, whose options are its candidates.
  std::uint32_t focus = 0;

  // True when any part is on.
  bool any() const noexcept { return singles || implied || probe || weighed; }
  // True when a part other than singles is on: those run on the links engine only (the cells
  // engine takes forced moves and ends a branch at an empty item by itself).
  bool beyond_singles() const noexcept { return implied || probe || weighed; }
};

// The parts of a propagation list such as "singles,implied,probe" ("all": every part but
// weighed ties; "none" or "": none). Throws std::invalid_argument naming an unknown part.
Propagation parse_propagation(std::string_view list);
// The list of parts that are on, as parse_propagation reads it ("none" when none is).
std::string propagation_name(const Propagation& propagation);

// The result of one search.
struct Result {
  Outcome outcome = Outcome::exhausted;
  Stats stats;
};

// One level of the current path: the k-th (1-based) of the d options of the item branched on.
struct PathStep {
  std::uint32_t k = 0;
  std::uint32_t d = 0;
};

// A snapshot of a running search, handed to the progress callback.
struct Progress {
  const Stats& stats;              // counts so far (solutions, nodes, updates)
  std::span<const PathStep> path;  // the current path, from the root
  double fraction = 0;             // Knuth's estimate of the share of the tree already explored
};

// A move of Algorithm M that is no option: the item branched on takes no more options. It is
// greater than every option id, so that it sorts after the options of its level, as the search
// makes it after them.
inline constexpr OptionId null_move = std::numeric_limits<OptionId>::max();

// Where the search would branch next: an item and its options.
struct Branch {
  ItemId item = -1;  // the primary item chosen by the MRV rule; -1 when none is left (a solution)
  std::vector<OptionId> options;  // its options, in search order (none: a dead end)
};

// Receives each solution (load's base first, then forced options, then those chosen by level);
// returning false stops the search.
using Visitor = std::function<bool(std::span<const OptionId> solution)>;
// Receives a progress snapshot.
using ProgressCallback = std::function<void(const Progress&)>;

// How a Solver holds the matrix while it searches.
enum class Engine {
  // Dancing links (DLX1, DLX2, DLX3): doubly linked lists, node counts as Knuth's programs give.
  links,
  // Dancing cells (SSXC1, with colors as in Solnon's XCC): sparse sets whose sizes each level
  // saves and restores; less work per node on large matrices, and a branch ends as soon as an
  // item loses its last option. Ties of the MRV rule go another way than in DLX1, so the tree
  // (nodes, updates) differs; the solutions are the same. A search leaves the options of an
  // item in another order (load, load_all and set_seed put them back in order), so the next
  // search, and a search split over threads, may visit the solutions in another order. Neither
  // bounds nor propagation.
  cells,
  // Bit sets: the live options as a row of bits, each item's options as a mask over it; a
  // level copies the row, and the MRV rule counts each item's options in it. The cells engine's
  // tree (the same solutions in the same order, as many nodes or fewer) at a word operation per
  // 64 options: the fastest where a choice takes out many options of a short row. Neither
  // bounds nor propagation; (items + colors + primary items) x options bits of memory (the
  // masks and a saved row per level: at most 256 MiB).
  bits,
  // One of the three, chosen from the matrix by choose_engine.
  automatic,
};

// "links", "cells", "bits", "auto".
std::string_view engine_name(Engine engine) noexcept;
// Reads an engine's name as engine_name spells it; throws std::invalid_argument otherwise.
Engine parse_engine(std::string_view name);

// The engine for a matrix, and why, in a few words (as `dlx --stats` prints it).
struct EngineChoice {
  Engine engine = Engine::links;
  std::string why;
};
// The rule of Engine::automatic: links for a matrix with bounds or when propagation is asked
// for (cells and bits take neither), else the engine measured faster on matrices of its shape
// (see docs/history/2026-12-06.md, "links or cells", and docs/history/2026-12-07.md, "bit sets").
EngineChoice choose_engine(const Matrix& matrix, const Propagation& propagation = {});

// Searches the exact covers of a Matrix.
class Solver {
 public:
  // Builds the dancing links (or cells, or bits); the matrix must outlive the solver and not
  // change meanwhile. A matrix with bounds (Matrix::has_bounds) is searched by Knuth's Algorithm
  // M, as DLX3 runs it: the same solutions, nodes and updates. Engine::automatic takes
  // choose_engine(matrix); Engine::cells or Engine::bits with bounds, and Engine::bits with masks
  // and rows over 256 MiB, throw std::invalid_argument.
  explicit Solver(const Matrix& matrix, Engine engine = Engine::links);

  // The engine the solver runs on (links, cells or bits).
  Engine engine() const noexcept { return engine_; }
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  // The matrix being searched.
  const Matrix& matrix() const noexcept { return *matrix_; }

  // Bounds for the following searches.
  void set_limits(const Limits& limits) noexcept { limits_ = limits; }
  // A flag another thread may raise to stop the search (checked at every node and solution);
  // nullptr for none.
  void set_stop_flag(const std::atomic<bool>* flag) noexcept { stop_ = flag; }
  // Calls back every `every` updates with a progress snapshot; every == 0 turns it off.
  void set_progress(std::uint64_t every, ProgressCallback callback);
  // Randomizes tie-breaking among the best items and the order of options, reproducibly from
  // the seed (like DLX1's `s`); seed 0 restores the deterministic order of the input.
  void set_seed(std::uint64_t seed);

  // Branches at once on the first item left with a single option, instead of looking further
  // for one with none: fewer steps per node on problems full of forced moves, such as sudoku,
  // at the price of node counts that differ from DLX1's (the solutions are the same). The cells
  // engine always does.
  void set_take_first_single(bool on) noexcept { take_first_single_ = on; }

  // Reasoning inside the following searches (see Propagation). Throws std::invalid_argument when
  // a part is asked of a matrix with colors or bounds, or a part beyond singles of the cells
  // engine (whose search always takes singles: Stats::forced counts them).
  void set_propagation(const Propagation& propagation);
  const Propagation& propagation() const noexcept { return propagation_; }
  // A constraint of the user's checked inside the following searches (see propagator.hpp;
  // nullptr for none), which must outlive them. It runs in the propagating search, so on the
  // links engine and a matrix without colors or bounds (it turns forced moves on when no part
  // of Propagation is; nullptr goes back to the propagation set_propagation asked for); it throws
  // std::invalid_argument otherwise. Parallel and split searches do not take it.
  void set_propagator(Propagator* propagator);

  // Makes the following searches see only the options `keep` (each id once; in increasing order
  // for a matrix with bounds), starting from the partial solution `base`: as if the matrix had
  // been built from those options alone, in that order, with the items of `base` removed, at a
  // cost proportional to the items and kept options, not to the whole matrix. Each item's list
  // takes the kept options in the order of `keep` (unless seeded), so a branching tries them in
  // that order. Throws std::invalid_argument for an id out of range or given twice, or an option
  // that clashes with `base` (every option is visible afterwards, as after load_all), and
  // std::logic_error while options are forced (changing nothing).
  void load(std::span<const OptionId> keep, std::span<const OptionId> base = {});
  // Makes every option visible again, with no base partial solution.
  void load_all();

  // Adds an option to the partial solution every search starts from. Returns false, changing
  // nothing, when the option clashes with an option already forced.
  bool force(OptionId option);
  // Removes every forced option.
  void release();
  // The options forced with force(), in the order they were forced (not those of load's base).
  std::span<const OptionId> forced() const noexcept {
    return {forced_.data(), forced_.size() - (bounded_ ? 0 : entered_.size())};
  }

  // The item the search would branch on first from the forced options, and its options.
  Branch next_branch();

  // The moves of the search at the next level, below the forced options and the moves entered:
  // the options of the item it branches on, in search order, and for a matrix with bounds only
  // those the search makes there, then null_move when the item may also take no more options.
  // Without bounds, the same as next_branch().
  Branch next_moves();
  // Goes down one level of the search tree by one of next_moves(), so that the following searches
  // search the subtree below it. Without bounds this is forcing the option; with bounds it is
  // Algorithm M's move, which also leaves the item's options before it out of the subtree, so
  // that the subtrees of one level's moves are disjoint. Returns false, changing nothing, when it
  // is not one of next_moves() (without bounds: when the option clashes). Entered moves are not
  // in forced(); release() leaves them too, and load() and set_seed() need them left first.
  bool enter(OptionId move);
  // Goes back up the last level entered.
  void leave();
  // The moves entered, from the top.
  std::span<const OptionId> entered() const noexcept { return entered_; }

  // Searches for solutions, handing each to the visitor.
  Result search(const Visitor& visit);
  // Counts the solutions (up to Limits::solutions when set).
  Result count();
  // The first solution, or an empty vector when there is none or the search stopped before one
  // (result->outcome tells which).
  std::vector<OptionId> first(Result* result = nullptr);
  // Inside a progress callback of a search without bounds: for each level of the current path,
  // from the root, the option chosen there and the options its item has still to try, in the
  // order the search takes them (with propagation, those it has not removed).
  std::vector<std::vector<OptionId>> path_options() const;
  // Nodes counted at each depth by the last search, from the root (DLX1's profile).
  std::span<const std::uint64_t> profile() const noexcept;

 private:
  // Takes back the last forced option of the links (release and leave without bounds or cells).
  void release_last_on_links();
  // The vertical links of a node (an item's header or an option's node).
  struct Link {
    std::int32_t up, down;
  };
  // Set in an item's length while the item is active (the sign bit: an item never has 2^31
  // options), so that, read as signed numbers, active items come before covered ones and in the
  // order of their lengths.
  static constexpr std::int32_t active_bit = std::numeric_limits<std::int32_t>::min();

  detail::Table<Link> table() noexcept;
  // Colors == false: a faster variant for matrices without colors.
  template <bool Colors>
  void cover(std::int32_t item) noexcept;
  void uncover(std::int32_t item) noexcept;
  void hide_logged(std::int32_t node) noexcept;
  template <bool Colors>
  void commit(std::int32_t node) noexcept;
  template <bool Colors>
  void uncommit(std::int32_t node) noexcept;
  template <bool Colors>
  void cover_others(std::int32_t node) noexcept;
  template <bool Colors>
  void uncover_others(std::int32_t node) noexcept;
  // Without colors hide_logged logs every node it takes out, and the search backs up by putting
  // the nodes back from the log's top (undo_to), the reverse order of their removal, as uncover
  // would; uncover serves the search with colors.
  void undo_to(std::int32_t mark) noexcept;
  void activate(std::int32_t item) noexcept;
  void activate_others(std::int32_t node) noexcept;
  void settle() noexcept;
  template <bool Colors>
  Result run(const Visitor& visit);
  // The search with propagation (propagate.cpp).
  template <bool Implied>
  Result run_propagating(const Visitor& visit);
  void apply_propagation(const Propagation& propagation);
  template <bool Implied>
  void cover_queued(std::int32_t item) noexcept;
  template <bool Implied>
  void cover_others_queued(std::int32_t node) noexcept;
  std::int32_t least_item() noexcept;
  void remove_option(std::int32_t node) noexcept;
  void eliminate_implied(std::int32_t item) noexcept;
  std::int32_t weighed_item() noexcept;
  std::int32_t probe(std::int32_t node) noexcept;
  bool probe_items() noexcept;
  void set_thresholds();
  std::int32_t option_start(std::int32_t node) const noexcept;
  template <typename F>
  void for_option(std::int32_t node, F f) const noexcept;
  void activate_others_one_run(std::int32_t node) noexcept;
  std::int32_t choose_item() noexcept;
  OptionId option_of(std::int32_t node) const noexcept;
  void relink_columns();
  void mark_active(const std::vector<std::int32_t>* covered);
  void restore_numbering() noexcept;
  bool live_option(OptionId option) const noexcept;
  friend class SearchNode;
  bool open_option(OptionId option) const noexcept;
  bool ask_propagator(std::uint32_t depth);
  void report_progress(std::uint32_t level);

  const Matrix* matrix_;
  std::vector<Link> links_;            // per node
  std::vector<std::int32_t> top_;      // per node: its item, or minus the option id for a spacer
  std::vector<std::int32_t> item_of_;  // top_ as built, in the declared numbering (see load)
  std::vector<std::int32_t> color_;    // per node: its color (0 none, -1 already made compatible)
  std::vector<std::int32_t> len_;      // per item: options left, plus active_bit while active
  std::int32_t primaries_ = 0;         // items 1..primaries_ are primary, in declaration order
  std::int32_t padded_ = 0;            // primaries_ rounded up to 8: items up to it never active
  std::int32_t active_ = 0;            // primary items not covered
  std::int32_t first_spacer_ = 0;
  std::vector<ItemId> item_id_;  // per item index as built: the matrix's ItemId
  // The numbering as built; load may number only the items its base leaves uncovered (compact_).
  std::int32_t declared_primaries_ = 0, declared_padded_ = 0;
  std::vector<std::int32_t> number_;  // load's scratch: per declared item, its number (0: covered)
  bool compact_ = false;
  std::vector<std::int32_t> option_first_;  // first node of each option
  std::vector<std::uint8_t> live_;          // per option: visible to the search (see load)
  std::vector<std::int32_t> item_color_;    // per item: scratch for load's clash checks
  std::vector<OptionId> base_;
  bool has_colors_ = false;
  std::vector<std::int32_t> choice_;
  std::vector<std::int32_t> log_;  // without colors: the nodes hidden by the search, in order
  std::int32_t log_top_ = 0;
  // Without colors, a search that stops early (a limit, the stop flag, the visitor) leaves its
  // choices in place: choice_[0, unsettled_) and the log. load() builds every list afresh and
  // drops them (a sudoku counted to 2 loads next, so undoing them would be wasted); every other
  // call that reads the links puts them back first (settle).
  std::int32_t unsettled_ = 0;
  std::vector<std::int32_t> marks_;  // per level: the log before its item's cover, and after
  std::vector<OptionId> forced_;     // without bounds, the entered moves follow the forced options
  std::vector<OptionId> entered_;
  std::vector<std::int32_t> forced_nodes_;
  std::vector<OptionId> solution_;
  std::vector<PathStep> path_;
  Limits limits_;
  const std::atomic<bool>* stop_ = nullptr;
  std::uint64_t progress_every_ = 0;
  ProgressCallback progress_;
  bool take_first_single_ = false;
  bool wide_scan_ = false;  // the MRV scans on 256-bit vectors (core/links.hpp)
  std::uint64_t seed_ = 0;
  std::uint64_t rng_ = 0;
  Stats stats_;
  std::vector<std::uint64_t> profile_;
  std::uint32_t last_depth_ = 0;
  std::uint32_t reported_level_ = 0;  // the depth of the path at the last progress callback
  std::unique_ptr<detail::Multiplicities> bounded_;  // the search of a matrix with bounds
  std::unique_ptr<detail::SetEngine> sets_;          // the search on dancing cells or bits
  Engine engine_ = Engine::links;

  // Propagation (propagate.cpp). Items are queued by the covers when their key len_ falls to at
  // most key_at_ (active_bit + 1 for a single; more for implied items).
  Propagation propagation_;
  // As set_propagation was given it: what the search goes back to when the propagator goes (which
  // turns forced moves on).
  Propagation asked_;
  std::vector<std::int32_t> key_at_;           // per item as numbered now
  std::vector<std::int32_t> declared_key_at_;  // per item as built
  std::vector<std::int32_t> queue_;
  std::int32_t qhead_ = 0, qtail_ = 0;
  std::vector<std::int32_t> pending_;  // items to test for implied items at the next branching
  std::int32_t phead_ = 0, ptail_ = 0;
  std::vector<std::uint32_t> tested_;      // per item: the branching it was tested at
  std::vector<std::uint64_t> signature_;   // per node: its option's items, a hashed bit each
  std::vector<std::int32_t> node_option_;  // per node: its option's id (-1 for a header)
  std::uint32_t round_ = 0;
  struct Level {
    std::int32_t item, node, qhead, qtail, phead, ptail;
    std::int32_t entry;   // the log at the level's start (before its eliminations)
    std::int32_t chosen;  // the log once the item is covered
  };
  std::vector<Level> levels_;
  std::vector<std::int32_t> weight_;  // per length l: 4096 / l^2
  // Probing: per option, the pass in which a consistent probe forced it and the fewest moves
  // such a probe forced (a bound on what its own probe forces), and the options a probe took.
  struct ForcedBy {
    std::uint32_t pass = 0;
    std::int32_t bound = 0;
  };
  std::vector<ForcedBy> forced_by_;
  std::vector<std::int32_t> probe_taken_;
  std::uint32_t probe_pass_ = 0;
  std::int32_t probe_start_ = 1;
  std::int32_t probe_choice_ = 0;
  std::int32_t focus_ = 0;  // Propagation::focus in the numbering of the items now
  Propagator* propagator_ = nullptr;
  std::vector<OptionId> propagator_chosen_, propagator_out_;  // its scratch
};

}  // namespace dlx
