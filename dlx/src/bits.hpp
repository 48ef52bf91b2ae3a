// Algorithms X and C on bit sets (Engine::bits): the live options as one row of bits, and per item
// a mask of the options that hold it, over the same row.
//
//   live_:  [ word 0 | word 1 | ... | word W-1 ]   bit b: the option at place b is live
//   pool_:  item 0's mask (W words) | item 1's | ... | then one per (item, color) in use
//
// Choosing an option takes out of the row every live option that shares an item with it: the
// OR of its items' masks (for an item it gives a color, the mask of the options that give it
// another color or none), one word operation per 64 options, where dancing links and cells
// write links or set entries per node. Nothing counts the options of each item: the MRV rule
// counts them when it chooses (popcount(live_ & mask), for the active primary items, each
// count given up as soon as it cannot win), and finds an item left without options there.
// A level saves the row and the count of active items, and backing up copies them back: W
// words. So the engine pays where an item has many options (a count is a few words, and a
// choice takes out many options at once) and the row is short: pentominoes, not Latin squares.
//
// The tree is the cells engine's: the MRV rule with the same tie-break keys, the options of an
// item in input order (a seed's order when seeded), the options of the item branched on taken
// out before they are tried, a branch ended before its node when a choice leaves an active
// primary item without options (cells count a node there when the item was left so before the
// choice). So: the same solutions in the same order, and as many nodes or fewer. Updates count
// the items covered and the options taken out of the row.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/solver.hpp"
#include "set_engine.hpp"

// The MRV rule counts with the processor's popcount instruction where it has one: a copy of the
// count compiled for it, chosen at run time (the x86-64 baseline the build targets lacks it).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__)
#define DLX_BITS_DISPATCH 1
#else
#define DLX_BITS_DISPATCH 0
#endif

namespace dlx::detail {

class Bits final : public SetEngine {
 public:
  // Throws std::invalid_argument when the masks and saved rows would take more than max_bytes.
  explicit Bits(const Matrix& matrix);
  // The memory the masks of a matrix and the rows its search saves take, in bytes.
  static std::size_t mask_bytes(const Matrix& matrix);
  static constexpr std::size_t max_bytes = std::size_t{1} << 28;

  void set_seed(std::uint64_t seed) override;
  void load(std::span<const OptionId> keep, std::span<const OptionId> base) override;
  void load_all() override;
  bool force(OptionId option) override;
  void release_last() override;
  Branch next_branch() override;
  Result search(const Visitor& visit, std::span<const OptionId> prefix, const Limits& limits,
                const std::atomic<bool>* stop, std::uint64_t progress_every,
                const ProgressCallback& progress) override;
  std::vector<std::vector<OptionId>> path_options() const override;
  std::span<const std::uint64_t> profile() const noexcept override {
    return {profile_.data(), std::size_t{last_depth_} + 1};
  }

  // The MRV rule's pick: a primary item (-1: none active) and its live options.
  struct Least {
    std::int32_t item = -1, count = 0;
  };
  using Word = std::uint64_t;
  // What the MRV rule reads.
  struct Scan {
    const Word* live;
    const Word* pool;
    const std::int32_t* act;
    std::int32_t pactive;
    const std::size_t* mask_at;
    const std::int32_t *lo, *hi;
    const std::uint64_t* key;
    std::size_t words;
    std::int32_t guess;  // an active primary to count first, or -1
    bool any_empty;      // any item left without options will do (the search's dead ends)
  };

 private:
  void lay_out();
  void reset_active();
  void deactivate(std::int32_t p) noexcept;
  bool active(std::int32_t p) const noexcept {
    return pos_[static_cast<std::size_t>(p)] < pactive_;
  }
  void take_out(const Word* kill) noexcept;
  void take_out_level(std::int32_t x, std::int32_t count);
  void commit(std::int32_t place) noexcept;
  // The MRV rule's item, counting `guess` first (-1: none). With a guess, the first item found
  // empty may stand for the least one (the search ends there whichever it is); next_branch
  // (no_guess) takes the exact one.
  static constexpr std::int32_t no_guess = -2;
  Least choose(std::int32_t guess = no_guess) const noexcept;
  void save_at(std::size_t f);
  void restore(std::size_t f) noexcept;
  void report(std::uint32_t level, const ProgressCallback& progress);
  bool live(std::int32_t place) const noexcept {
    return (live_[static_cast<std::size_t>(place) >> 6] >> (place & 63) & 1) != 0;
  }

  const Matrix* matrix_;
  std::size_t words_ = 0;                 // W: words of the row
  std::int32_t primaries_ = 0;            // P
  std::vector<std::int32_t> primary_of_;  // per item: its primary index, or -1
  std::vector<ItemId> item_of_;           // per primary index: the item
  std::vector<std::uint64_t> key_;        // per primary: its MRV tie-break rank
  std::vector<std::uint64_t> fixed_key_;  // the unseeded ones
  std::vector<std::int32_t> place_of_;    // per option: its place in the row
  std::vector<OptionId> option_at_;       // per place: its option
  // Per place: its kill masks (offsets into pool_) and its primary items, from *_begin_[place].
  std::vector<std::int32_t> kill_begin_, kills_, prim_begin_, prims_;
  std::vector<Word> pool_;
  std::vector<std::size_t> mask_at_;     // per primary: its mask's offset in pool_
  std::vector<std::int32_t> lo_, hi_;    // per primary: the words its mask does not leave 0
  std::vector<Word> live_, kill_;        // kill_: the OR being built
  std::vector<std::int32_t> act_, pos_;  // the active primaries first (a sparse set)
  std::int32_t pactive_ = 0;
  // Saved states: frame f's row at f * W of saved_live_.
  std::vector<Word> saved_live_;
  std::vector<std::int32_t> saved_pactive_;
  std::size_t frames_ = 0;  // load's base, then one per force, then the search's
  // The search's levels: each one's options (places) on a stack, the one being tried.
  std::vector<std::int32_t> stack_, level_begin_, level_end_, level_at_;
  std::vector<std::int32_t> guess_;  // per level: the item the MRV rule took there last
  std::vector<OptionId> solution_;
  std::vector<PathStep> path_;
  std::uint32_t reported_level_ = 0;
  Stats stats_;
  std::vector<std::uint64_t> profile_;
  std::uint32_t last_depth_ = 0;
  // What the last load kept (all_: every option), for set_seed to load again.
  std::vector<OptionId> kept_, base_;
  bool all_ = true;
  LoadCheck load_check_;
#if DLX_BITS_DISPATCH
  bool hardware_popcount_ = false;  // the processor has a popcount instruction
#endif
};

}  // namespace dlx::detail
