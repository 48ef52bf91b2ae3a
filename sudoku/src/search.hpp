// The exact-cover search of sudoku::Solver: Knuth's dancing links (Algorithm X, as in DLX1) on the
// model of sudoku::exact_cover_matrix, with a loop of its own for the sudoku's shape of matrix.
//
// The links are DLX1's: per node its vertical links and its item, per item the number of options
// left. What differs from dlx::Solver is how the links are put back and how the item to branch
// on is found:
//
// - every node hidden goes on a log, and backing up puts the nodes back from the log's top: the
//   reverse order of their removal, as uncovering would, but in one loop over an array instead of
//   walks up the items' lists and along their options, whose ends the processor cannot foresee
//   (measured: 0.85x the time on X and hyper-X 9x9, 0.88x on hyper; docs/performance.md,
//   2026-12-03, "an undo log");
// - the covers themselves report forced moves: when hiding a node leaves its item with one option
//   or none, the item goes on a queue, so a naked or a hidden single (a cell item, or a
//   (house, digit) item, left with one option) is taken without a scan of the items, and an item
//   left with none ends the branch at once;
// - only when the queue holds no such item is the whole array of lengths scanned for the least
//   (the MRV rule, the first on a tie, as dlx::Solver);
// - with locked candidates (set_locked), the covers also queue a (house, digit) item whose length
//   falls to at most the cells its house shares with another house, and to at most max_locked (3:
//   measured as good as 4 on 16x16, the wider tests finding little). The forced moves set such
//   items aside; at the next branching each is tested once: when its options' cells all lie in
//   another house too (a box's digit in one row, a row's in one box, a window's in one box, ...),
//   that house's other options of the digit are removed (their nodes on the log, put back when
//   the search backs up over the level), which may queue new singles. No counts are kept: the test
//   ANDs the houses of the few cells.
// - with probing (set_probe_levels), at the branchings of the first levels both candidates of
//   every cell left with two are tried with their forced moves (a lookahead: covered as the
//   search covers, and put back from the log): the first candidate whose forced moves leave an item
//   with no option is removed (on the log too), and the pass stops there: its singles are taken,
//   and the next pass starts at that cell, going round the grid. When a pass removes none, the cell
//   whose candidates force the most is branched on. A candidate that an earlier probe of the
//   pass forced is not probed unless it could change that choice.
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
  // Locked candidates inside the search (see the top comment); off by default.
  void set_locked(bool on) noexcept { locked_ = on && !max_houses_exceeded_; }
  bool locked() const noexcept { return locked_; }
  // Ties in the choice of item weighed (weighed_item); off by default.
  void set_weighed(bool on) noexcept { weighed_ = on; }
  // Failed literals probed at the branchings of the first `levels` levels (probe_items); 0, the
  // default, for none.
  void set_probe_levels(int levels) noexcept { probe_levels_ = levels < 0 ? 0 : levels; }
  // Probing only once the search has taken more than `nodes` nodes (0, the default: from the
  // start): a tree smaller than that is not worth its probes.
  void set_probe_after(std::uint64_t nodes) noexcept { probe_after_ = nodes; }
  // A pass skips the candidates an earlier probe of it forced, where they cannot change the
  // outcome (probe_items); on by default. Off, every candidate is probed: the same trees, more
  // updates.
  void set_probe_skips(bool on) noexcept { probe_skips_ = on; }

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
  // Takes the kept option k out of every list (its nodes on the log).
  void remove_row(std::int32_t k) noexcept;
  // Locked candidates from the (house, digit) item t, left with few options: when they all lie
  // in another house too, that house's other options of the digit go (remove_row).
  void eliminate_locked(std::int32_t t) noexcept;
  // Puts back the nodes hidden since the log held `mark` of them, the last hidden first: each
  // list gets its nodes back in the reverse order of their removal, as uncovering would.
  void undo(std::int32_t mark) noexcept {
    std::int32_t* up = up_.data();
    std::int32_t* down = down_.data();
    const std::int32_t* top = top_.data();
    std::int32_t* len = len_.data();
    const std::int32_t* log = log_.data();
    for (std::int32_t at = log_top_; at != mark;) {
      const std::int32_t q = log[--at];
      up[down[q]] = q;
      down[up[q]] = q;
      ++len[top[q]];
    }
    log_top_ = mark;
  }
  static constexpr std::int32_t covered_bit = 1 << 30;
  static constexpr std::size_t max_locked = 3;  // the most places a locked-candidates test takes

  template <bool Locked>
  void cover(std::int32_t item) noexcept;
  // Covers the items of the option of node r other than its own, left to right.
  template <bool Locked>
  void cover_others(std::int32_t r) noexcept;
  // Marks the items of the option of node r other than its own active again (their nodes come
  // back by undo).
  void uncover_others(std::int32_t r) noexcept;
  // The active item with the fewest options, the first on a tie; -1 when none is active.
  std::int32_t least_item() const noexcept;
  // With weighed ties: among the cells with two candidates (when the least item is one), the
  // one whose candidates' (house, digit) items have the fewest places left (a weight 4096 / l²
  // per item of l places, summed), the first on a tie.
  std::int32_t weighed_item() const noexcept;
  bool weighed_ = false;
  std::vector<std::int32_t> weight_;  // per length l: 4096 / l²
  // Failed literals (a lookahead): both candidates of every cell left with two are tried with
  // their forced moves (probe), from the cell probe_start_ on and round the grid; the first that
  // meets an item left with none is removed (remove_row, as locked candidates' eliminations),
  // which queues its cell's single, and the pass ends there (true). The rest of the pass would
  // probe a position that the single is about to change; the next pass starts at that cell.
  // When none is removed (false), probe_choice_ is the cell whose two candidates force the most
  // moves (the largest (f1 + 1) * (f2 + 1)), which the search branches on.
  // A candidate that an earlier consistent probe of the pass took as a forced move cannot fail
  // (its forced moves are among that probe's) and forces at most as many moves as that probe:
  // with probe_skips_ it is probed only when that bound could still make its cell the choice.
  // The removals and the choice, and so the tree, are those of probing every candidate.
  bool probe_items() noexcept;
  // Takes the option of node r and its forced moves (singles only), covering as the search does,
  // then puts everything back (undo): how many forced moves it took, or -1 when they met an item
  // with no option left. With the log, undoing costs less than the walks past options already
  // out that a probe on marks and a copy of the lengths made (measured: 0.91x the time on 12x12,
  // 0.92x on 16x16; docs/performance.md, 2026-12-03, "an undo log").
  std::int32_t probe(std::int32_t r) noexcept;
  std::int32_t probe_choice_ = -1;
  std::int32_t probe_start_ = 0;
  std::size_t probe_levels_ = 0;
  std::uint64_t probe_after_ = 0;
  std::vector<std::int32_t> probe_taken_;  // the options a probe took
  // Per kept option: forced by a probe of pass `pass` (probe_pass_ when of this pass), which
  // forced `bound` moves.
  struct Implied {
    std::uint32_t pass = 0;
    std::int32_t bound = 0;
  };
  std::vector<Implied> implied_;
  std::uint32_t probe_pass_ = 0;
  bool probe_skips_ = true;
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
  // Items left with at most queue_at_ options, as found: one for a cell, and with locked
  // candidates the most cells its house shares with another house for a (house, digit).
  std::vector<std::int32_t> queue_;
  std::vector<std::int32_t> queue_at_;
  std::int32_t qhead_ = 0, qtail_ = 0;
  // With locked candidates: the (house, digit) items taken off the queue at a forced move, left
  // for the next branching, where each is tested once (stamp_[item] == epoch_ when it was).
  std::vector<std::int32_t> pending_;
  std::int32_t phead_ = 0, ptail_ = 0;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t epoch_ = 0;
  std::uint64_t updates_ = 0;

  bool locked_ = false;
  // Every node hidden (by the covers, eliminate_locked and the probes' removals), in order: undo
  // puts them back from the top. A node is hidden at most once at a time: as long as the nodes.
  std::vector<std::int32_t> log_;
  std::int32_t log_top_ = 0;
  // Houses as bits (at most 128: a 25x25 grid has 75 houses, and 42 windows and diagonals more
  // than any variant has). Per cell the houses holding it; per (house, digit) item its house.
  struct HouseSet {
    std::uint64_t word[2] = {0, 0};
    void set(int h) noexcept { word[h >> 6] |= std::uint64_t{1} << (h & 63); }
    void clear(int h) noexcept { word[h >> 6] &= ~(std::uint64_t{1} << (h & 63)); }
    bool has(int h) const noexcept { return (word[h >> 6] >> (h & 63) & 1) != 0; }
    bool empty() const noexcept { return (word[0] | word[1]) == 0; }
    HouseSet& operator&=(const HouseSet& o) noexcept {
      word[0] &= o.word[0];
      word[1] &= o.word[1];
      return *this;
    }
  };
  std::vector<HouseSet> cell_houses_;
  std::vector<std::int32_t> item_house_;
  bool max_houses_exceeded_ = false;  // more houses than a HouseSet holds: no locked candidates

  struct Level {
    std::int32_t item, node, qhead, qtail, phead, ptail;
    std::int32_t entry;   // the log at the level's start (before its eliminations)
    std::int32_t chosen;  // the log once the item is covered (before its option's other items)
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
  [[maybe_unused]] const std::int32_t* threshold = queue_at_.data();
  std::int32_t* log = log_.data();
  // In registers: the stores through the arrays may alias members.
  std::int32_t tail = qtail_, logged = log_top_;
  std::uint64_t updates = 1;
  const auto hide = [&](std::int32_t q) {
    log[logged++] = q;
    const std::int32_t u = up[q], d = down[q];
    down[u] = d;
    up[d] = u;
    const std::int32_t t = top[q];
    // Queued without a branch: the test goes either way at random, the store does not.
    queue[tail] = t;
    if constexpr (Locked)
      tail += --len[t] <= threshold[t];
    else
      tail += --len[t] <= 1;
  };
  for (std::int32_t r = down[item]; r != item; r = down[r]) {
    const std::int32_t k = row[r];
    const std::int32_t begin = first[k], end = first[k + 1];
    updates += static_cast<std::uint64_t>(end - begin - 1);
    // The option's nodes but r, left to right: two runs, no test of r inside them.
    for (std::int32_t q = begin; q != r; ++q) hide(q);
    for (std::int32_t q = r + 1; q != end; ++q) hide(q);
  }
  qtail_ = tail;
  log_top_ = logged;
  updates_ += updates;
}

template <bool Locked>
inline void Search::cover_others(std::int32_t r) noexcept {
  const std::int32_t k = row_[static_cast<std::size_t>(r)];
  const std::int32_t first = row_first_[static_cast<std::size_t>(k)];
  const std::int32_t end = row_first_[static_cast<std::size_t>(k) + 1];
  for (std::int32_t q = r + 1; q != end; ++q) cover<Locked>(top_[static_cast<std::size_t>(q)]);
  for (std::int32_t q = first; q != r; ++q) cover<Locked>(top_[static_cast<std::size_t>(q)]);
}

inline void Search::uncover_others(std::int32_t r) noexcept {
  const std::int32_t k = row_[static_cast<std::size_t>(r)];
  const std::int32_t first = row_first_[static_cast<std::size_t>(k)];
  const std::int32_t end = row_first_[static_cast<std::size_t>(k) + 1];
  // All of them, without a test for r's: its item, covered too, gets its mark back after.
  std::int32_t* len = len_.data();
  const std::int32_t* top = top_.data();
  for (std::int32_t q = first; q != end; ++q) len[top[q]] -= covered_bit;
  len[top[r]] += covered_bit;
  active_ += end - first - 1;
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
      undo(at.chosen);
      uncover_others(at.node);
      undo(at.entry);
      len_[static_cast<std::size_t>(at.item)] -= covered_bit;
      ++active_;
    }
    undo(0);  // what the root's eliminations hid
    result.outcome = outcome;
    stats.updates = updates_;
    return result;
  };
  for (;;) {
    // Enter a level: find the item to branch on. A budget of N nodes stops before the N+1st, as
    // dlx's search does.
    if (node_budget != 0 && stats.nodes >= node_budget) return finish(dlx::Outcome::node_limit);
    ++stats.nodes;
    if ((stats.nodes & 1023) == 0 && stopping()) return finish(dlx::Outcome::stopped);
    const std::int32_t mark = log_top_;
    std::int32_t item = -1;
    bool probed = false;  // probe_items ran at this node
    for (;;) {
      while (qhead_ < qtail_) {
        const std::int32_t t = queue_[static_cast<std::size_t>(qhead_++)];
        const std::int32_t l = len[t];
        if (l <= 1) {
          item = t;
          break;
        }
        // A (house, digit) left with few options (a cell is queued with one at most).
        if constexpr (Locked) {
          pending_[static_cast<std::size_t>(ptail_)] = t;
          ptail_ += l < covered_bit;
        }
      }
      if constexpr (Locked) {
        if (item < 0 && phead_ < ptail_) {
          // A branching: first the locked candidates of the items left with few options.
          ++epoch_;
          while (phead_ < ptail_) {
            const std::int32_t t = pending_[static_cast<std::size_t>(phead_++)];
            // Covered, or left with one option or none by an elimination: on the queue again.
            if (stamp_[static_cast<std::size_t>(t)] == epoch_ || len[t] <= 1 ||
                len[t] >= covered_bit)
              continue;
            stamp_[static_cast<std::size_t>(t)] = epoch_;
            eliminate_locked(t);
          }
          if (qhead_ < qtail_) continue;
        }
      }
      if (item < 0 && depth < probe_levels_ && active_ != 0 && stats.nodes > probe_after_) {
        probed = true;
        // An option removed: its single first, then another pass.
        if (probe_items()) continue;
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
        if (probed && probe_choice_ >= 0 && len[probe_choice_] == 2)
          item = probe_choice_;
        else
          item = weighed_ ? weighed_item() : least_item();
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
      at.phead = phead_;
      at.ptail = ptail_;
      at.entry = mark;
      at.chosen = log_top_;
      stats.max_depth = std::max<std::uint32_t>(stats.max_depth, static_cast<std::uint32_t>(depth));
      cover_others<Locked>(at.node);
      continue;
    }
    undo(mark);
    // Back up to the next option of the deepest level that has one.
    for (;;) {
      if (depth == 0) return finish(dlx::Outcome::exhausted);
      Level& at = levels_[depth - 1];
      undo(at.chosen);
      uncover_others(at.node);
      at.node = down[at.node];
      same = std::min(same, depth - 1);
      qhead_ = at.qhead;
      qtail_ = at.qtail;
      phead_ = at.phead;
      ptail_ = at.ptail;
      if (at.node != at.item) {
        cover_others<Locked>(at.node);
        break;
      }
      undo(at.entry);
      len_[static_cast<std::size_t>(at.item)] -= covered_bit;
      ++active_;
      --depth;
    }
  }
}

inline std::int32_t Search::probe(std::int32_t r) noexcept {
  // At a branching the search's queue is empty: the probe queues its singles after its end.
  const std::int32_t mark = log_top_, qhead = qhead_, qtail = qtail_;
  const std::int32_t* down = down_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* row = row_.data();
  const std::int32_t* first = row_first_.data();
  const std::int32_t* queue = queue_.data();
  std::int32_t* taken = probe_taken_.data();
  std::int32_t taken_count = 0;
  // Takes the option of node x as the search would: its item covered, then the others.
  const auto take = [&](std::int32_t x) {
    taken[taken_count++] = row[x];
    cover<false>(top[x]);
    cover_others<false>(x);
  };
  take(r);
  std::int32_t forced = 0;
  bool consistent = true;
  while (qhead_ < qtail_) {
    const std::int32_t t = queue[qhead_++];
    const std::int32_t l = len_[static_cast<std::size_t>(t)];
    if (l > 1) continue;  // covered since
    if (l == 0) {
      consistent = false;
      break;
    }
    take(down[t]);  // its one option left
    ++forced;
  }
  // Everything back: the nodes from the log, the items' marks, the queue.
  undo(mark);
  std::int32_t* len = len_.data();
  for (std::int32_t j = 0; j < taken_count; ++j) {
    const std::int32_t k = taken[j];
    for (std::int32_t q = first[k]; q != first[k + 1]; ++q) len[top[q]] -= covered_bit;
    active_ += first[k + 1] - first[k];
  }
  qhead_ = qhead;
  qtail_ = qtail;
  if (!consistent) return -1;
  // The options it forced: none of them can fail in this pass, and none forces more.
  Implied* implied = implied_.data();
  for (std::int32_t j = 1; j < taken_count; ++j) {
    Implied& at = implied[taken[j]];
    if (at.pass != probe_pass_)
      at = {probe_pass_, forced};
    else
      at.bound = std::min(at.bound, forced);
  }
  return forced;
}

inline bool Search::probe_items() noexcept {
  const std::int32_t* len = len_.data();
  const std::int32_t* down = down_.data();
  const std::int32_t* row = row_.data();
  if (++probe_pass_ == 0) {
    std::fill(implied_.begin(), implied_.end(), Implied{});
    probe_pass_ = 1;
  }
  const Implied* implied = implied_.data();
  std::int64_t best = 0;
  probe_choice_ = -1;
  for (std::int32_t c = 0, i = probe_start_; c < cells_; ++c, i = i + 1 == cells_ ? 0 : i + 1) {
    if (len[i] != 2) continue;
    const std::int32_t x[2] = {down[i], down[down[i]]};
    // A candidate forced by an earlier probe of this pass cannot fail, and forces at most what
    // that probe forced (bound): it is probed only when the cell might still be the choice.
    std::int32_t f[2];
    bool forced[2];
    for (int j = 0; j < 2; ++j) {
      const Implied& at = implied[row[x[j]]];
      forced[j] = probe_skips_ && at.pass == probe_pass_;
      f[j] = forced[j] ? at.bound : 0;
    }
    for (int j = 0; j < 2; ++j) {
      if (forced[j]) continue;
      f[j] = probe(x[j]);
      if (f[j] >= 0) continue;
      // x's option leads to a contradiction by forced moves alone: no solution holds it.
      const std::int32_t k = row[x[j]];
      remove_row(k);
      probe_start_ = i;
      return true;  // i is left with one option: a single, on the queue
    }
    if (std::int64_t{f[0] + 1} * (f[1] + 1) <= best) continue;
    for (int j = 0; j < 2; ++j)
      if (forced[j]) f[j] = probe(x[j]);
    const std::int64_t score = std::int64_t{f[0] + 1} * (f[1] + 1);
    if (score > best) {
      best = score;
      probe_choice_ = i;
    }
  }
  return false;
}

}  // namespace sudoku::detail
