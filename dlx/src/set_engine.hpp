// The search engines that hold the live options as sets rather than links: dancing cells
// (cells.hpp) and bit sets (bits.hpp). dlx::Solver hands them its calls through this interface
// (none of them in a hot loop); each runs its own search.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/random.hpp"
#include "dlx/solver.hpp"

namespace dlx::detail {

class SetEngine {
 public:
  virtual ~SetEngine() = default;

  // A seed orders each item's options and breaks the MRV rule's ties at random; 0 takes the
  // input's order and a fixed scramble of the items.
  virtual void set_seed(std::uint64_t seed) = 0;
  // As Solver::load: the sets hold only the options `keep`, then `base` is forced. Throws
  // std::invalid_argument for an id out of range or given twice, or a clash in `base`.
  virtual void load(std::span<const OptionId> keep, std::span<const OptionId> base) = 0;
  virtual void load_all() = 0;
  // Chooses an option before the search (false, changing nothing, when it is no longer live).
  virtual bool force(OptionId option) = 0;
  // Undoes the last force.
  virtual void release_last() = 0;
  virtual Branch next_branch() = 0;
  virtual Result search(const Visitor& visit, std::span<const OptionId> prefix,
                        const Limits& limits, const std::atomic<bool>* stop,
                        std::uint64_t progress_every, const ProgressCallback& progress) = 0;
  // For each level of the last progress report, the options it has still to try, the current
  // one first.
  virtual std::vector<std::vector<OptionId>> path_options() const = 0;
  // Nodes per level of the last search.
  virtual std::span<const std::uint64_t> profile() const noexcept = 0;
};

// Solver::load's check of the ids it is given, for the set engines: each in range, none kept
// twice. The kept ones stay marked (`marked`) until the next check.
class LoadCheck {
 public:
  explicit LoadCheck(std::size_t options) : seen_(options, 0) {}

  // Throws std::invalid_argument as Solver::load documents.
  void check(std::span<const OptionId> keep, std::span<const OptionId> base) {
    const auto m = static_cast<OptionId>(seen_.size());
    if (++stamp_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 1;
    }
    for (OptionId o : keep) {
      if (o < 0 || o >= m) throw std::invalid_argument("dlx::Solver::load: no such option");
      if (marked(o))
        throw std::invalid_argument("dlx::Solver::load: option " + std::to_string(o) +
                                    " given twice");
      mark(o);
    }
    for (OptionId o : base)
      if (o < 0 || o >= m) throw std::invalid_argument("dlx::Solver::load: no such option");
  }
  bool marked(OptionId o) const noexcept { return seen_[static_cast<std::size_t>(o)] == stamp_; }
  void mark(OptionId o) noexcept { seen_[static_cast<std::size_t>(o)] = stamp_; }
  // The error of an option of `keep` or `base` that the base leaves no room for.
  static std::invalid_argument clash(OptionId o) {
    return std::invalid_argument("dlx::Solver::load: option " + std::to_string(o) +
                                 " clashes with the base partial solution");
  }

 private:
  std::vector<std::uint32_t> seen_;  // the stamp of the check that last marked each option
  std::uint32_t stamp_ = 0;
};

// The MRV rule's tie-break key of an item, unseeded: a fixed scramble of `place`, the item's
// offset in the cells engine's array (5 + the options and headers of the primary items
// before it), so that both set engines break ties alike and make the same tree. Ties broken
// so, rather than by the order of declaration, take on average as few nodes as SSXC1's
// reshuffled ones (the counts: docs/history/2026-12-06.md, "dancing cells").
inline std::uint64_t tie_key(std::int32_t place) noexcept {
  return random_mix(static_cast<std::uint64_t>(place));
}

}  // namespace dlx::detail
