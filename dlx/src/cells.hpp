// Algorithms X and C on dancing cells: sparse sets instead of doubly linked lists (Knuth's SSXC1,
// with Christine Solnon's stack of set sizes), behind dlx::Solver's engine choice (Engine::cells).
//
// Each item owns a stretch of one array, `set_`, holding the nodes of its options: the first
// `size` of them are the options still live for it, the rest are those taken out, in any order.
// Taking an option out of an item's set swaps its node with the last live one and shortens the
// set; the node records where it is (`loc`), so that takes no search. Nothing is ever put back
// one by one: each level saves the sizes of the active items before it changes any, and backing
// up writes them back, which brings back every node taken out since (they all sit just past the
// saved size). The active items are a sparse set too: the primary items first, then the
// secondary ones, each zone with its own count.
//
//   set_:  ... [pos cap id key size] [node node ... node] [pos cap id key size] [node ...] ...
//                                item x = the offset of its first node ^
//
// An option's nodes are consecutive in `nd_`, between spacers (a spacer's `itm` is minus the
// length of the option before it, so that a walk to the right wraps around by adding it).
//
// An option chosen makes all its items inactive first and then hides their options from the other
// sets, those of its own items included, so that an option is taken out of a set once at most.
// Without colors that holds for every set (SSXC1's order). With colors an item keeps the options
// of the color it takes, which stay live, so a choice leaves alone the sets of items that were
// inactive before it: an inactive item's set is then never touched again.
//
// Backing up restores what each set holds, not its order, nor the order of the active items. So
// that the search depends on neither (the same tree from the same position, whatever came before:
// a search split into prefixes, on threads or resumed from a checkpoint, finds the solutions in
// the order of one search), each level sorts the options of its item by rank (input order, or
// the seed's) before trying them, and the MRV rule breaks ties by a key of each item's own.
// Where a branch ends early (an item left without options) still depends on that order, so the
// updates of a split search may differ a little from one search's.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/solver.hpp"
#include "set_engine.hpp"

namespace dlx::detail {

class Cells final : public SetEngine {
 public:
  explicit Cells(const Matrix& matrix);

  void set_seed(std::uint64_t seed) override;
  // As Solver::load: the sets hold only the options `keep` (in that order), then `base` is forced.
  // Throws std::invalid_argument for an id out of range or given twice, or a clash in `base`.
  void load(std::span<const OptionId> keep, std::span<const OptionId> base) override;
  void load_all() override;
  // Chooses an option before the search (false, changing nothing, when it is no longer live).
  bool force(OptionId option) override;
  // Undoes the last force.
  void release_last() override;
  Branch next_branch() override;
  Result search(const Visitor& visit, std::span<const OptionId> prefix, const Limits& limits,
                const std::atomic<bool>* stop, std::uint64_t progress_every,
                const ProgressCallback& progress) override;
  std::vector<std::vector<OptionId>> path_options() const override;
  std::span<const std::uint64_t> profile() const noexcept override {
    return {profile_.data(), std::size_t{last_depth_} + 1};
  }

 private:
  struct Node {
    std::int32_t itm;  // the item's offset in set_ (a spacer: minus the option before's length)
    std::int32_t loc;  // where the node is in set_
  };
  // The header words before an item's set.
  std::int32_t& size(std::int32_t x) noexcept { return set_[static_cast<std::size_t>(x) - 1]; }
  std::int32_t& pos(std::int32_t x) noexcept { return set_[static_cast<std::size_t>(x) - 5]; }
  std::int32_t capacity(std::int32_t x) const noexcept {
    return set_[static_cast<std::size_t>(x) - 4];
  }
  std::int32_t id(std::int32_t x) const noexcept { return set_[static_cast<std::size_t>(x) - 3]; }
  bool active(std::int32_t x) noexcept {
    return pos(x) < (x < second_ ? pactive_ : secondary_end_);
  }
  void deactivate(std::int32_t x) noexcept;
  template <bool Colors, bool Check, bool Purify>
  bool sweep(std::int32_t x, std::int32_t color) noexcept;
  template <bool Colors>
  bool commit(std::int32_t node) noexcept;
  void commit_all(std::int32_t first) noexcept;
  std::int32_t choose() noexcept;
  void save_at(std::size_t f);
  void restore_sizes(std::size_t frame) noexcept;
  void restore_order(std::size_t frame) noexcept;
  template <bool Colors>
  Result run(const Visitor& visit, std::span<const OptionId> prefix, const Limits& limits,
             const std::atomic<bool>* stop, std::uint64_t progress_every,
             const ProgressCallback& progress);
  void report(std::uint32_t level, const ProgressCallback& progress);
  OptionId option_of(std::int32_t node) const noexcept {
    return option_[static_cast<std::size_t>(node)];
  }
  bool live(OptionId option) noexcept;
  void sort_set(std::int32_t x) noexcept;
  void relocate(std::int32_t x) noexcept;
  void sort_sets() noexcept;
  void assign_keys();

  std::vector<std::int32_t> set_;
  std::vector<Node> nd_;
  std::vector<std::int32_t> color_;          // per node (0: none)
  std::vector<OptionId> option_;             // per node: its option
  std::vector<std::int32_t> option_first_;   // per option: its first node
  std::vector<std::int32_t> item_;           // the active items: primaries_ slots, then secondary
  std::int32_t primaries_ = 0, second_ = 0;  // second_: the offset of the first secondary item
  std::int32_t pactive_ = 0;                 // active primary items: item_[0, pactive_)
  std::int32_t secondary_end_ = 0;           // active secondary ones: item_[primaries_, this)
  std::int32_t plimit_ = 0, slimit_ = 0;     // with colors: the two ends before a choice
  bool has_colors_ = false;
  std::int32_t others_ = -1;  // when every option has one length, that length - 1; else -1
  // The saved sizes: per frame (the start, the sizes before the first level, one per level,
  // one per forced option) its first entry in saved_ and the two active counts.
  struct Saved {
    std::int32_t x, size;
  };
  struct Frame {
    std::int32_t start, end, pactive, secondary_end;
  };
  std::vector<Saved> saved_;
  std::vector<Frame> frames_;  // load's base, then one per force, then the search's
  std::vector<std::int32_t> choice_;
  std::vector<OptionId> solution_;
  std::vector<PathStep> path_;
  std::uint32_t reported_level_ = 0;
  std::uint64_t seed_ = 0, rng_ = 0;
  Stats stats_;
  std::vector<std::uint64_t> profile_;
  std::uint32_t last_depth_ = 0;
  std::vector<std::uint32_t> rank_;  // per node: its place in its item's order
  LoadCheck load_check_;
};

}  // namespace dlx::detail
