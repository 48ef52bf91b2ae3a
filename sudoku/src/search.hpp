// The exact-cover search of sudoku::Solver: Knuth's dancing links (Algorithm X, as in DLX1) on the
// model of sudoku::exact_cover_matrix, with a loop of its own for the sudoku's shape of matrix.
//
// The links are DLX1's: per node its vertical links and its item, per item the number of options
// left. What differs from dlx::Solver is how the item to branch on is found:
//
// - the covers themselves report forced moves: when hiding a node leaves its item with one option
//   or none, the item goes on a queue, so a naked or a hidden single (a cell item, or a
//   (house, digit) item, left with one option) is taken without a scan of the items, and an item
//   left with none ends the branch at once;
// - only when the queue holds no such item is the whole array of lengths scanned for the least
//   (the MRV rule, the first on a tie, as dlx::Solver).
//
// Nodes and updates are counted as DLX1 counts them: a node per item branched on (forced moves
// included) plus one per solution, an update per item covered and per node hidden. The tree is
// the one DLX1 walks with a different choice of item, so the solutions are the same.
//
// The matrix is built afresh for each puzzle from the options left (its candidates), which costs
// as much as dlx::Solver::load; nothing is allocated after construction.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "dlx/solver.hpp"
#include "sudoku/geometry.hpp"

namespace sudoku::detail {

class Search {
 public:
  explicit Search(const Geometry& geometry);

  void set_stop_flag(const std::atomic<bool>* flag) noexcept { stop_ = flag; }
  // Locked candidates at every branching (see the top comment); off by default.
  void set_locked(bool on) noexcept { locked_ = on; }

  // The options (cell * n + d - 1) the next search sees, in the order each item's list takes
  // them (and so the order in which a branching tries them), and the partial solution it starts
  // from. The options of `base` must not clash with each other nor with those
  // of `keep` (sudoku::Solver passes the candidates left beside the placed digits).
  void load(std::span<const dlx::OptionId> keep, std::span<const dlx::OptionId> base);

  // Receives the options chosen by the search (the base not included) and how many of them are
  // the same as at the last solution of this search (the first ones); false stops it.
  template <typename Visit>
  dlx::Result run(std::uint64_t limit, std::uint64_t node_budget, Visit&& visit) {
    return locked_ ? run<true>(limit, node_budget, visit) : run<false>(limit, node_budget, visit);
  }

 private:
  template <bool Locked, typename Visit>
  dlx::Result run(std::uint64_t limit, std::uint64_t node_budget, Visit& visit);
  // Takes the kept option k out of every list, and puts it back (the last taken first).
  void remove_row(std::int32_t k) noexcept;
  void restore_row(std::int32_t k) noexcept;
  // Locked candidates: removes the options that a (house, digit) confined to one segment rules
  // out of the segment's other house, recording them on trail_. True when it removed any.
  bool eliminate_locked() noexcept;
  void undo_trail(std::size_t mark) noexcept {
    while (trail_.size() > mark) {
      restore_row(trail_.back());
      trail_.pop_back();
    }
  }
  static constexpr std::int32_t covered_bit = 1 << 30;

  template <bool Locked>
  void cover(std::int32_t item) noexcept;
  template <bool Locked>
  void uncover(std::int32_t item) noexcept;
  // Covers the items of the option of node r other than its own, left to right.
  template <bool Locked>
  void cover_others(std::int32_t r) noexcept;
  template <bool Locked>
  void uncover_others(std::int32_t r) noexcept;
  // The active item with the fewest options, the first on a tie; -1 when none is active.
  std::int32_t least_item() const noexcept;
  bool stopping() const noexcept { return stop_ && stop_->load(std::memory_order_relaxed); }

  int n_ = 0, cells_ = 0;
  std::int32_t items_ = 0;
  // Per option of the model: its items, stride_ entries from option * stride_ (the cell's item,
  // then its houses' items), and how many.
  std::int32_t stride_ = 0;
  std::vector<std::int32_t> option_items_;
  std::vector<std::uint8_t> option_size_;
  std::int32_t padded_ = 0;  // items_ rounded up to 8: len_ is read 8 at a time

  // Nodes 0..items_-1 are the item headers; each kept option's nodes follow, contiguous.
  std::vector<std::int32_t> up_, down_, top_;
  std::vector<std::int32_t> row_;        // per node: its option's index among the kept ones
  std::vector<std::int32_t> row_first_;  // per kept option: its first node (and one past the last)
  std::vector<dlx::OptionId> row_id_;    // per kept option: its id in the model
  std::vector<std::int32_t> len_;        // per item: options left, plus covered_bit when covered
  std::int32_t active_ = 0;              // items not covered
  std::vector<std::int32_t> queue_;      // items left with at most one option, as found
  std::int32_t qhead_ = 0, qtail_ = 0;
  std::uint64_t updates_ = 0;

  // Segments: the cells two houses share, when they share two or more (a box and a row, ...).
  // Per segment its two houses; per (segment, digit) the options left in the segment; per
  // option of the model the counters (segment * n + digit) it counts in, seg_stride_ of them
  // padded with a counter that no test reads.
  bool locked_ = false;
  std::int32_t segments_ = 0, seg_stride_ = 0;
  std::vector<std::int32_t> seg_house_;  // per segment: its two houses
  std::vector<std::int32_t> option_segs_;
  std::vector<std::int32_t> seg_count_;
  std::vector<std::int32_t> trail_;  // kept options removed by eliminate_locked

  struct Level {
    std::int32_t item, node, qhead, qtail;
    std::size_t trail;
  };
  std::vector<Level> levels_;
  std::vector<dlx::OptionId> chosen_;
  const std::atomic<bool>* stop_ = nullptr;
};

template <bool Locked>
inline void Search::cover(std::int32_t item) noexcept {
  len_[static_cast<std::size_t>(item)] += covered_bit;
  --active_;
  std::int32_t* up = up_.data();
  std::int32_t* down = down_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* row = row_.data();
  const std::int32_t* first = row_first_.data();
  std::int32_t* len = len_.data();
  std::int32_t* queue = queue_.data();
  std::int32_t tail = qtail_;  // in a register: the stores through the arrays may alias members
  std::uint64_t updates = 1;
  for (std::int32_t r = down[item]; r != item; r = down[r]) {
    const std::int32_t k = row[r];
    const std::int32_t begin = first[k], end = first[k + 1];
    updates += static_cast<std::uint64_t>(end - begin - 1);
    for (std::int32_t q = begin; q != end; ++q) {
      if (q == r) continue;
      const std::int32_t u = up[q], d = down[q];
      down[u] = d;
      up[d] = u;
      const std::int32_t t = top[q];
      // Queued without a branch: the test goes either way at random, the store does not.
      queue[tail] = t;
      tail += --len[t] <= 1;
    }
    if constexpr (Locked) {
      const std::int32_t* seg =
          option_segs_.data() +
          static_cast<std::ptrdiff_t>(row_id_[static_cast<std::size_t>(k)]) * seg_stride_;
      for (std::int32_t j = 0; j < seg_stride_; ++j) --seg_count_[static_cast<std::size_t>(seg[j])];
    }
  }
  qtail_ = tail;
  updates_ += updates;
}

template <bool Locked>
inline void Search::uncover(std::int32_t item) noexcept {
  std::int32_t* up = up_.data();
  std::int32_t* down = down_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* row = row_.data();
  const std::int32_t* first = row_first_.data();
  std::int32_t* len = len_.data();
  for (std::int32_t r = up[item]; r != item; r = up[r]) {
    const std::int32_t k = row[r];
    for (std::int32_t q = first[k + 1] - 1, end = first[k] - 1; q != end; --q) {
      if (q == r) continue;
      up[down[q]] = q;
      down[up[q]] = q;
      ++len[top[q]];
    }
    if constexpr (Locked) {
      const std::int32_t* seg =
          option_segs_.data() +
          static_cast<std::ptrdiff_t>(row_id_[static_cast<std::size_t>(k)]) * seg_stride_;
      for (std::int32_t j = 0; j < seg_stride_; ++j) ++seg_count_[static_cast<std::size_t>(seg[j])];
    }
  }
  len_[static_cast<std::size_t>(item)] -= covered_bit;
  ++active_;
}

template <bool Locked>
inline void Search::cover_others(std::int32_t r) noexcept {
  const std::int32_t k = row_[static_cast<std::size_t>(r)];
  const std::int32_t first = row_first_[static_cast<std::size_t>(k)];
  const std::int32_t end = row_first_[static_cast<std::size_t>(k) + 1];
  for (std::int32_t q = r + 1; q != end; ++q) cover<Locked>(top_[static_cast<std::size_t>(q)]);
  for (std::int32_t q = first; q != r; ++q) cover<Locked>(top_[static_cast<std::size_t>(q)]);
}

template <bool Locked>
inline void Search::uncover_others(std::int32_t r) noexcept {
  const std::int32_t k = row_[static_cast<std::size_t>(r)];
  const std::int32_t first = row_first_[static_cast<std::size_t>(k)];
  const std::int32_t end = row_first_[static_cast<std::size_t>(k) + 1];
  for (std::int32_t q = r - 1; q >= first; --q) uncover<Locked>(top_[static_cast<std::size_t>(q)]);
  for (std::int32_t q = end - 1; q > r; --q) uncover<Locked>(top_[static_cast<std::size_t>(q)]);
}

template <bool Locked, typename Visit>
dlx::Result Search::run(std::uint64_t limit, std::uint64_t node_budget, Visit& visit) {
  dlx::Result result;
  dlx::Stats& stats = result.stats;
  updates_ = 0;
  std::size_t depth = 0;  // levels in use
  std::size_t same = 0;   // levels unchanged since the last solution
  const std::int32_t* len = len_.data();
  const std::int32_t* down = down_.data();
  const auto finish = [&](dlx::Outcome outcome) {
    // Undo every level still open, so that the links are as loaded.
    while (depth > 0) {
      const Level& at = levels_[--depth];
      uncover_others<Locked>(at.node);
      uncover<Locked>(at.item);
      if constexpr (Locked) undo_trail(at.trail);
    }
    result.outcome = outcome;
    stats.updates = updates_;
    return result;
  };
  for (;;) {
    // Enter a level: find the item to branch on.
    ++stats.nodes;
    if (node_budget != 0 && stats.nodes > node_budget) return finish(dlx::Outcome::node_limit);
    if ((stats.nodes & 1023) == 0 && stopping()) return finish(dlx::Outcome::stopped);
    const std::size_t mark = trail_.size();
    std::int32_t item = -1;
    for (;;) {
      while (qhead_ < qtail_) {
        const std::int32_t t = queue_[static_cast<std::size_t>(qhead_++)];
        if (len[t] <= 1) {
          item = t;
          break;
        }
      }
      if constexpr (Locked) {
        if (item < 0 && active_ != 0 && eliminate_locked()) continue;
      }
      break;
    }
    bool dead = false;
    if (item < 0) {
      if (active_ == 0) {
        // A solution: the items are all covered.
        ++stats.solutions;
        // Only the levels changed since the last solution are written again.
        dlx::OptionId* chosen = chosen_.data();
        for (std::size_t l = same; l < depth; ++l)
          chosen[l] =
              row_id_[static_cast<std::size_t>(row_[static_cast<std::size_t>(levels_[l].node)])];
        if (!visit(std::span<const dlx::OptionId>(chosen, depth), same))
          return finish(dlx::Outcome::stopped);
        same = depth;
        if (limit != 0 && stats.solutions >= limit) return finish(dlx::Outcome::solution_limit);
        dead = true;
      } else {
        item = least_item();
        dead = len[item] == 0;
      }
    } else {
      dead = len[item] == 0;
    }
    if (!dead) {
      cover<Locked>(item);
      same = std::min(same, depth);
      Level& at = levels_[depth++];
      at.item = item;
      at.node = down[item];
      at.qhead = qhead_;
      at.qtail = qtail_;
      at.trail = mark;
      stats.max_depth = std::max<std::uint32_t>(stats.max_depth, static_cast<std::uint32_t>(depth));
      cover_others<Locked>(at.node);
      continue;
    }
    if constexpr (Locked) undo_trail(mark);
    // Back up to the next option of the deepest level that has one.
    for (;;) {
      if (depth == 0) return finish(dlx::Outcome::exhausted);
      Level& at = levels_[depth - 1];
      uncover_others<Locked>(at.node);
      at.node = down[at.node];
      same = std::min(same, depth - 1);
      qhead_ = at.qhead;
      qtail_ = at.qtail;
      if (at.node != at.item) {
        cover_others<Locked>(at.node);
        break;
      }
      uncover<Locked>(at.item);
      if constexpr (Locked) undo_trail(at.trail);
      --depth;
    }
  }
}

}  // namespace sudoku::detail
