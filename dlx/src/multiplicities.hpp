// Knuth's Algorithm M (DLX3): exact cover with multiplicities, where each primary item j must be
// in at least lo_j and at most hi_j of the chosen options (and secondary items keep their colors).
//
// The links are laid out as DLX3 lays them out (core/table.hpp), primary items first, then the
// secondary ones, each in declaration order.
//
// Each primary item has a `bound` (how many more options may contain it) and a `slack`
// (hi - lo); the primary items still open are kept in a doubly linked list from the root, item 0.
// Choosing an item with bound > 1 or slack > 0 *tweaks* it: the option tried is taken out of the
// item's list for the rest of that level, so that no multiset of options is reached twice, and
// the level may end with the "null" move that leaves the item with fewer options.
//
// Solver hands a matrix with bounds to this search; a matrix without bounds never reaches it,
// so the searches of Algorithms X and C stay as they were.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "core/table.hpp"
#include "dlx/matrix.hpp"
#include "dlx/solver.hpp"

namespace dlx::detail {

class Multiplicities {
 public:
  explicit Multiplicities(const Matrix& matrix);

  void set_seed(std::uint64_t seed);
  void load(std::span<const OptionId> keep, std::span<const OptionId> base);
  void load_all();
  bool force(OptionId option);
  // Undoes the last force.
  void release_last();
  Branch next_branch() { return next(false); }
  // The moves at the next level: the options of the item chosen, then null_move when the item
  // may take no more; only those the search makes (it ends a level once the item cannot reach
  // its lower bound).
  Branch next_moves() { return next(true); }
  // Makes one move of the search at the next level, as the search makes it (the item's options
  // before it left out of the levels below); false, changing nothing, when it is not a move there.
  bool enter(OptionId move);
  // Undoes the last enter.
  void leave() noexcept;
  // Levels entered.
  std::uint32_t entered() const noexcept { return entered_; }
  Result search(const Visitor& visit, const Limits& limits, const std::atomic<bool>* stop,
                std::uint64_t progress_every, const ProgressCallback& progress);
  std::span<const std::uint64_t> profile() const noexcept {
    return {profile_.data(), std::size_t{last_depth_} + 1};
  }

 private:
  // The item the search chooses next with all its options, or (`moves`) with its moves.
  Branch next(bool moves);
  struct Link {
    std::int32_t up, down;
  };
  static constexpr std::int32_t infinity = INT32_MAX;

  // The table for the core's link procedures (core/table.hpp), with the open primary items.
  Table<Link> table() noexcept {
    return {links_.data(), item_.data(), color_.data(), len_.data(), active_.data(), primaries_};
  }
  // The core's procedures, counting the updates (a cover closes a primary item too).
  void cover(std::int32_t item) noexcept { stats_.updates += detail::cover(table(), item); }
  void uncover(std::int32_t item) noexcept { detail::uncover(table(), item); }
  void purify(std::int32_t node) noexcept {
    std::uint64_t marked = 0;
    stats_.updates += detail::purify(table(), node, marked);
  }
  void unpurify(std::int32_t node) noexcept { detail::unpurify(table(), node); }
  void tweak(std::int32_t node, bool block) noexcept;
  void untweak(std::int32_t item, std::int32_t first, bool unblock) noexcept;
  void commit_others(std::int32_t node) noexcept;
  void uncommit_others(std::int32_t node) noexcept;
  void restore_level(std::int32_t item, std::uint32_t level) noexcept;
  void deactivate(std::int32_t item) noexcept;
  void reactivate(std::int32_t item) noexcept;
  std::int32_t choose(std::int32_t& score) noexcept;
  OptionId option_of(std::int32_t node) const noexcept;
  void relink(const std::vector<std::uint8_t>& visible);
  bool linked(std::int32_t node) const noexcept;
  bool can_force(OptionId option) const noexcept;
  void apply(OptionId option) noexcept;
  void unapply(OptionId option) noexcept;
  void report(std::uint32_t level, const ProgressCallback& progress);
  void step_back(std::uint32_t level) noexcept;

  std::vector<Link> links_;          // per node
  std::vector<std::int32_t> item_;   // per node: its item, or minus the option id for a spacer
  std::vector<std::int32_t> color_;  // per node: its color (0 none, -1 already made compatible)
  std::vector<std::int32_t> declared_color_;  // color_ as built
  std::vector<std::int32_t> len_;             // per item: the options in its list
  std::vector<std::int32_t> bound_;  // per primary item: how many more options may contain it
  std::vector<std::int32_t> slack_;  // per primary item: hi - lo
  std::vector<Link> active_;         // per primary item: the list of open items (up: prev)
  std::vector<std::int32_t> hi_;     // per primary item: its upper bound, as declared
  std::vector<std::int32_t> option_first_;     // first node of each option
  std::vector<std::int32_t> covered_by_base_;  // per item: forced options covering it
  std::vector<ItemId> item_id_;                // per item index: the matrix's ItemId
  std::int32_t items_ = 0, primaries_ = 0, first_spacer_ = 0;
  std::vector<OptionId> applied_;  // load's base, then the forced options, in order
  std::size_t base_size_ = 0;
  std::uint32_t entered_ = 0;  // levels entered (choice_ and first_tweak_ hold them)
  std::vector<std::int32_t> choice_, first_tweak_, score_;
  std::vector<OptionId> solution_;
  std::vector<PathStep> path_;
  std::uint64_t seed_ = 0, rng_ = 0;
  Stats stats_;
  std::vector<std::uint64_t> profile_;
  std::uint32_t last_depth_ = 0;
};

}  // namespace dlx::detail
