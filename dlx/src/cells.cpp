// Algorithms X and C on dancing cells (see cells.hpp for the data and the rules they keep).
#include "cells.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/budget.hpp"
#include "dlx/random.hpp"

namespace dlx::detail {

Cells::Cells(const Matrix& matrix) : load_check_(matrix.option_count()) {
  const auto n = static_cast<std::int32_t>(matrix.item_count());
  const auto m = static_cast<OptionId>(matrix.option_count());
  // Options per item, the capacity of its set.
  std::vector<std::int32_t> uses(static_cast<std::size_t>(n), 0);
  for (OptionId o = 0; o < m; ++o)
    for (const Entry& e : matrix.option(o)) ++uses[static_cast<std::size_t>(e.item)];
  // The primary items' sets first, then the secondary ones', each in declaration order.
  std::vector<std::int32_t> offset(static_cast<std::size_t>(n), 0);
  std::int32_t next = 5, secondaries = 0;
  item_.assign(static_cast<std::size_t>(n), 0);
  for (int pass = 0; pass < 2; ++pass) {
    const ItemKind kind = pass == 0 ? ItemKind::primary : ItemKind::secondary;
    if (pass == 1) second_ = next;
    for (ItemId i = 0; i < n; ++i) {
      if (matrix.item_kind(i) != kind) continue;
      offset[static_cast<std::size_t>(i)] = next;
      const std::int32_t slot = pass == 0 ? primaries_++ : n - 1 - secondaries++;
      item_[static_cast<std::size_t>(slot)] = next;
      next += uses[static_cast<std::size_t>(i)] + 5;
    }
  }
  // The secondary slots were filled from the end; put them in declaration order.
  std::reverse(item_.begin() + primaries_, item_.end());
  set_.assign(static_cast<std::size_t>(next - 5), 0);
  for (ItemId i = 0; i < n; ++i) {
    const std::int32_t x = offset[static_cast<std::size_t>(i)];
    set_[static_cast<std::size_t>(x) - 4] = uses[static_cast<std::size_t>(i)];
    set_[static_cast<std::size_t>(x) - 3] = i;
  }
  for (std::int32_t k = 0; k < n; ++k) pos(item_[static_cast<std::size_t>(k)]) = k;
  assign_keys();
  pactive_ = primaries_;
  secondary_end_ = n;

  const std::size_t nodes = matrix.entry_count() + static_cast<std::size_t>(m) + 1;
  nd_.assign(nodes, Node{0, 0});
  color_.assign(nodes, 0);
  option_.assign(nodes, -1);
  option_first_.resize(static_cast<std::size_t>(m));
  std::int32_t q = 1;
  for (OptionId o = 0; o < m; ++o) {
    option_first_[static_cast<std::size_t>(o)] = q;
    const std::span<const Entry> entries = matrix.option(o);
    for (const Entry& e : entries) {
      const std::int32_t x = offset[static_cast<std::size_t>(e.item)];
      nd_[static_cast<std::size_t>(q)] = Node{x, x + size(x)};
      set_[static_cast<std::size_t>(x + size(x)++)] = q;
      color_[static_cast<std::size_t>(q)] = e.color;
      if (e.color != 0) has_colors_ = true;
      option_[static_cast<std::size_t>(q)] = o;
      ++q;
    }
    nd_[static_cast<std::size_t>(q)].itm = -static_cast<std::int32_t>(entries.size());
    ++q;
    const auto others = static_cast<std::int32_t>(entries.size()) - 1;
    others_ = o == 0 || others_ == others ? others : -1;
  }
  rank_.resize(nodes);
  for (std::size_t node = 0; node < nodes; ++node) rank_[node] = static_cast<std::uint32_t>(node);
  choice_.resize(static_cast<std::size_t>(primaries_) + 1);
  profile_.assign(static_cast<std::size_t>(primaries_) + 1, 0);
}

void Cells::deactivate(std::int32_t x) noexcept {
  const std::int32_t p = x < second_ ? --pactive_ : --secondary_end_;
  const std::int32_t pp = pos(x);
  const std::int32_t other = item_[static_cast<std::size_t>(p)];
  item_[static_cast<std::size_t>(p)] = x;
  item_[static_cast<std::size_t>(pp)] = other;
  pos(other) = pp;
  pos(x) = p;
  ++stats_.updates;
}

// Hides the options of x (with Purify, those that do not give x the color `color`): takes each
// out of the sets of its other items, by swapping its node there with the set's last live node.
// With colors only the sets of items active before the option being chosen change (below plimit_
// and slimit_). With Check, false as soon as an active primary item would be left without
// options (found as it goes, told once the set of x is done). The set of x itself does not
// change meanwhile: no option holds x twice.
template <bool Colors, bool Check, bool Purify>
bool Cells::sweep(std::int32_t x, std::int32_t color) noexcept {
  // Locals (64-bit, so that indices need no widening), so that the stores into the sets do not
  // make the compiler read the members again.
  std::int32_t* const set = set_.data();
  Node* const nd = nd_.data();
  const std::ptrdiff_t second = second_, pactive = pactive_, plimit = plimit_, slimit = slimit_;
  // Without colors every other node of an option hidden is taken out: the updates are counted by
  // option; with colors, by node.
  std::uint64_t updates = 0;
  // With Check, set when an active primary item loses its last option. The sweep still ends its
  // walk over the set of x, so that the updates do not depend on the order of the set.
  bool emptied = false;
  // Takes node q of item u out of u's set.
  const auto take_out = [&](std::ptrdiff_t q, std::ptrdiff_t u) noexcept {
    if constexpr (Colors) {
      if (set[u - 5] >= (u < second ? plimit : slimit)) return;
      ++updates;
    }
    const std::ptrdiff_t last = u + set[u - 1] - 1;
    if constexpr (Check) {
      if (last == u) [[unlikely]]
        emptied = emptied || (u < second && set[u - 5] < pactive);
    }
    const std::ptrdiff_t loc = nd[q].loc;
    const std::ptrdiff_t other = set[last];
    set[u - 1] = static_cast<std::int32_t>(last - u);
    set[last] = static_cast<std::int32_t>(q);
    set[loc] = static_cast<std::int32_t>(other);
    nd[other].loc = static_cast<std::int32_t>(loc);
    nd[q].loc = static_cast<std::int32_t>(last);
  };
  // Takes the option of `node` out of its other items' sets: the nodes after `node` up to the
  // spacer, then from the option's first node to `node`. Returns the spacer.
  const auto hide = [&](std::ptrdiff_t node) noexcept {
    std::ptrdiff_t q = node + 1;
    for (std::ptrdiff_t u; (u = nd[q].itm) >= 0; ++q) take_out(q, u);
    const std::ptrdiff_t spacer = q;
    for (q += nd[q].itm; q != node; ++q) take_out(q, nd[q].itm);
    return spacer;
  };
  const std::ptrdiff_t end = x + set[x - 1];
  if constexpr (Colors) {
    for (std::ptrdiff_t r = x; r < end; ++r) {
      const std::ptrdiff_t node = set[r];
      if constexpr (Purify)
        if (color_[static_cast<std::size_t>(node)] == color) continue;
      hide(node);
    }
  } else if (others_ >= 0) {
    // Options of one length: the updates counted once for the whole set.
    for (std::ptrdiff_t r = x; r < end; ++r) hide(set[r]);
    updates = static_cast<std::uint64_t>(others_) * static_cast<std::uint64_t>(end - x);
  } else {
    for (std::ptrdiff_t r = x; r < end; ++r)
      updates += static_cast<std::uint64_t>(-nd[hide(set[r])].itm - 1);
  }
  stats_.updates += updates;
  return !emptied;
}

// Chooses the option of `node` below the item of `node`, already inactive and hidden: false when
// an active primary item is left without options.
template <bool Colors>
bool Cells::commit(std::int32_t node) noexcept {
  if constexpr (!Colors) {
    for (std::int32_t q = node + 1; q != node;) {
      const std::int32_t x = nd_[static_cast<std::size_t>(q)].itm;
      if (x < 0) {
        q += x;
        continue;
      }
      deactivate(x);
      ++q;
    }
    for (std::int32_t q = node + 1; q != node;) {
      const std::int32_t x = nd_[static_cast<std::size_t>(q)].itm;
      if (x < 0) {
        q += x;
        continue;
      }
      if (!sweep<false, true, false>(x, 0)) return false;
      ++q;
    }
    return true;
  } else {
    plimit_ = pactive_;
    slimit_ = secondary_end_;
    for (std::int32_t q = node + 1; q != node;) {
      const std::int32_t x = nd_[static_cast<std::size_t>(q)].itm;
      if (x < 0) {
        q += x;
        continue;
      }
      if (active(x)) deactivate(x);  // else it took this option's color before
      ++q;
    }
    for (std::int32_t q = node + 1; q != node;) {
      const std::int32_t x = nd_[static_cast<std::size_t>(q)].itm;
      if (x < 0) {
        q += x;
        continue;
      }
      if (pos(x) < (x < second_ ? plimit_ : slimit_)) {
        const std::int32_t color = color_[static_cast<std::size_t>(q)];
        if (!(color == 0 ? sweep<true, true, false>(x, 0) : sweep<true, true, true>(x, color)))
          return false;
      }
      ++q;
    }
    return true;
  }
}

// Chooses a whole option outside the search (force), as commit<true> chooses the rest of one.
void Cells::commit_all(std::int32_t first) noexcept {
  plimit_ = pactive_;
  slimit_ = secondary_end_;
  const auto items = [&](auto f) {
    for (std::int32_t q = first; nd_[static_cast<std::size_t>(q)].itm > 0; ++q)
      f(q, nd_[static_cast<std::size_t>(q)].itm);
  };
  items([&](std::int32_t, std::int32_t x) {
    if (active(x)) deactivate(x);
  });
  items([&](std::int32_t q, std::int32_t x) {
    if (pos(x) >= (x < second_ ? plimit_ : slimit_)) return;
    const std::int32_t color = color_[static_cast<std::size_t>(q)];
    if (color == 0)
      sweep<true, false, false>(x, 0);
    else
      sweep<true, false, true>(x, color);
  });
}

// The MRV rule: the active primary item with the fewest options, ties to the least key (a fixed
// scramble of the item, or when seeded a random one); -1 when none is active. The order of the
// active items is a matter of history: the rule does not depend on it.
std::int32_t Cells::choose() noexcept {
  // Size and key in one number, the least taken without branches (conditional moves): which item
  // wins is data the processor cannot predict.
  // Two chains of comparisons, the even and the odd places, merged at the end: each comparison
  // waits for the one before it in its chain only. (No two keys are equal, so the least of the
  // two is the least of all.)
  std::uint64_t least[2] = {~std::uint64_t{0}, ~std::uint64_t{0}};
  std::int32_t best[2] = {-1, -1};
  const std::int32_t* item = item_.data();
  const std::int32_t* set = set_.data();
  const auto look = [&](int chain, std::int32_t x) {
    std::uint64_t v;  // the key (low half) and the size, adjacent: one load
    std::memcpy(&v, set + x - 2, sizeof v);
    best[chain] = v < least[chain] ? x : best[chain];
    least[chain] = v < least[chain] ? v : least[chain];
  };
  std::int32_t k = 0;
  for (; k + 2 <= pactive_; k += 2) {
    look(0, item[k]);
    look(1, item[k + 1]);
  }
  if (k < pactive_) look(0, item[k]);
  return least[1] < least[0] ? best[1] : best[0];
}

// Saves the sizes of the active items and the active counts as frame `f` (after frame f - 1).
inline void Cells::save_at(std::size_t f) {
  const std::int32_t start = f == 0 ? 0 : frames_[f - 1].end;
  const std::int32_t count = pactive_ + (secondary_end_ - primaries_);
  if (saved_.size() < static_cast<std::size_t>(start + count))
    saved_.resize(std::max(saved_.size() * 2, static_cast<std::size_t>(start + count)));
  Saved* out = saved_.data() + start;
  const std::int32_t* item = item_.data();
  for (std::int32_t k = 0; k < pactive_; ++k) {
    const std::int32_t x = item[k];
    *out++ = Saved{x, size(x)};
  }
  for (std::int32_t k = primaries_; k < secondary_end_; ++k) {
    const std::int32_t x = item[k];
    *out++ = Saved{x, size(x)};
  }
  frames_[f] = Frame{start, start + count, pactive_, secondary_end_};
}

inline void Cells::restore_sizes(std::size_t f) noexcept {
  const Frame& frame = frames_[f];
  for (const Saved *s = saved_.data() + frame.start, *end = saved_.data() + frame.end; s < end; ++s)
    size(s->x) = s->size;
  pactive_ = frame.pactive;
  secondary_end_ = frame.secondary_end;
}

// restore_sizes, and the active items back in the order they had: a search or a force undone
// leaves the same MRV ties as before it.
void Cells::restore_order(std::size_t f) noexcept {
  const Frame& frame = frames_[f];
  const Saved* s = saved_.data() + frame.start;
  for (std::int32_t k = 0; k < frame.pactive; ++k, ++s) {
    item_[static_cast<std::size_t>(k)] = s->x;
    pos(s->x) = k;
    size(s->x) = s->size;
  }
  for (std::int32_t k = primaries_; k < frame.secondary_end; ++k, ++s) {
    item_[static_cast<std::size_t>(k)] = s->x;
    pos(s->x) = k;
    size(s->x) = s->size;
  }
  pactive_ = frame.pactive;
  secondary_end_ = frame.secondary_end;
}

bool Cells::live(OptionId option) noexcept {
  for (std::int32_t q = option_first_[static_cast<std::size_t>(option)];
       nd_[static_cast<std::size_t>(q)].itm > 0; ++q) {
    const Node& n = nd_[static_cast<std::size_t>(q)];
    if (active(n.itm)) {
      if (n.loc >= n.itm + size(n.itm)) return false;  // hidden
    } else if (color_[static_cast<std::size_t>(q)] == 0) {
      return false;  // its item is covered (a colored one took this color: see cells.hpp)
    }
  }
  return true;
}

bool Cells::force(OptionId option) {
  if (!live(option)) return false;
  const std::size_t f = frames_.size();
  frames_.emplace_back();
  save_at(f);
  commit_all(option_first_[static_cast<std::size_t>(option)]);
  return true;
}

void Cells::release_last() {
  restore_order(frames_.size() - 1);
  frames_.pop_back();
}

void Cells::load(std::span<const OptionId> keep, std::span<const OptionId> base) {
  load_check_.check(keep, base);
  frames_.clear();  // the ids are good: from here on the sets are rebuilt
  const auto n = static_cast<std::int32_t>(item_.size());
  for (std::int32_t k = 0; k < n; ++k) size(item_[static_cast<std::size_t>(k)]) = 0;
  // Each node of the option into the next place of its item's live part.
  const auto put_in = [&](OptionId o) {
    for (std::int32_t q = option_first_[static_cast<std::size_t>(o)];
         nd_[static_cast<std::size_t>(q)].itm > 0; ++q) {
      Node& node = nd_[static_cast<std::size_t>(q)];
      const std::int32_t place = node.itm + size(node.itm)++;
      const std::int32_t other = set_[static_cast<std::size_t>(place)];
      set_[static_cast<std::size_t>(place)] = q;
      set_[static_cast<std::size_t>(node.loc)] = other;
      nd_[static_cast<std::size_t>(other)].loc = node.loc;
      node.loc = place;
    }
  };
  for (OptionId o : keep) put_in(o);
  for (OptionId o : base)  // the base's options too: they are forced below
    if (!load_check_.marked(o)) {
      load_check_.mark(o);
      put_in(o);
    }
  pactive_ = primaries_;
  secondary_end_ = n;
  sort_sets();
  for (OptionId o : base) {
    if (!force(o)) {
      load_all();
      throw LoadCheck::clash(o);
    }
  }
  // As the links engine: a kept option that the base leaves no room for is an error.
  if (!base.empty())
    for (OptionId o : keep)
      if (std::find(base.begin(), base.end(), o) == base.end() && !live(o)) {
        load_all();
        throw LoadCheck::clash(o);
      }
}

void Cells::load_all() {
  frames_.clear();
  const auto n = static_cast<std::int32_t>(item_.size());
  for (std::int32_t k = 0; k < n; ++k) {
    const std::int32_t x = item_[static_cast<std::size_t>(k)];
    size(x) = capacity(x);
  }
  pactive_ = primaries_;
  secondary_end_ = n;
  sort_sets();
}

// Tells each live node of x where it now is.
inline void Cells::relocate(std::int32_t x) noexcept {
  const std::int32_t* set = set_.data();
  Node* nd = nd_.data();
  for (std::int32_t r = x, end = x + set[x - 1]; r < end; ++r) nd[set[r]].loc = r;
}

// Puts an item's live options in the order of their ranks: input order, or the seed's.
void Cells::sort_set(std::int32_t x) noexcept {
  std::int32_t* first = set_.data() + x;
  const std::int32_t n = size(x);
  // Insertion sort: the sets the MRV rule picks are short, and often in order already. Only
  // the nodes from the first one moved are told where they now are.
  std::int32_t from = n;
  for (std::int32_t i = 1; i < n; ++i) {
    const std::int32_t node = first[i];
    const std::uint32_t r = rank_[static_cast<std::size_t>(node)];
    std::int32_t j = i;
    for (; j > 0 && rank_[static_cast<std::size_t>(first[j - 1])] > r; --j) first[j] = first[j - 1];
    first[j] = node;
    from = j < from ? j : from;
  }
  Node* nd = nd_.data();
  for (std::int32_t k = from; k < n; ++k) nd[first[k]].loc = x + k;
}

void Cells::sort_sets() noexcept {
  for (const std::int32_t x : item_) {
    std::int32_t* first = set_.data() + x;
    std::sort(first, first + size(x), [&](std::int32_t a, std::int32_t b) {
      return rank_[static_cast<std::size_t>(a)] < rank_[static_cast<std::size_t>(b)];
    });
    relocate(x);
  }
}

// A seed gives the nodes random ranks and the items random tie-break keys; seed 0 the input's
// order and the fixed keys.
void Cells::set_seed(std::uint64_t seed) {
  seed_ = seed;
  rng_ = seed;
  // The ranks a permutation of the nodes (no two equal, so that no order but theirs decides).
  for (std::size_t node = 0; node < rank_.size(); ++node)
    rank_[node] = static_cast<std::uint32_t>(node);
  if (seed != 0)
    for (std::size_t i = rank_.size(); i > 1; --i)
      std::swap(rank_[i - 1], rank_[static_cast<std::size_t>(uniform(rng_, i))]);
  assign_keys();
  sort_sets();
}

// The MRV rule's tie-break keys: the items numbered 0, 1, ... in the order of a scramble of each
// (tie_key, or when seeded random numbers), so that no two keys are equal and no order but
// theirs decides a tie.
void Cells::assign_keys() {
  std::vector<std::pair<std::uint64_t, std::int32_t>> order;
  order.reserve(item_.size());
  for (const std::int32_t x : item_)
    order.emplace_back(seed_ == 0 ? tie_key(x) : next_random(rng_), x);
  std::sort(order.begin(), order.end());
  for (std::size_t k = 0; k < order.size(); ++k)
    set_[static_cast<std::size_t>(order[k].second) - 2] = static_cast<std::int32_t>(k);
}

Branch Cells::next_branch() {
  Branch branch;
  const std::int32_t x = choose();
  if (x < 0) return branch;
  branch.item = id(x);
  sort_set(x);  // the order the search takes them in
  for (std::int32_t r = x; r < x + size(x); ++r)
    branch.options.push_back(option_of(set_[static_cast<std::size_t>(r)]));
  return branch;
}

std::vector<std::vector<OptionId>> Cells::path_options() const {
  std::vector<std::vector<OptionId>> path;
  for (std::uint32_t l = 0; l < reported_level_; ++l) {
    std::vector<OptionId>& options = path.emplace_back();
    const Node& chosen = nd_[static_cast<std::size_t>(choice_[l])];
    const std::int32_t end = chosen.itm + set_[static_cast<std::size_t>(chosen.itm) - 1];
    for (std::int32_t r = chosen.loc; r < end; ++r)
      options.push_back(option_of(set_[static_cast<std::size_t>(r)]));
  }
  return path;
}

void Cells::report(std::uint32_t level, const ProgressCallback& progress) {
  reported_level_ = level;
  path_.clear();
  for (std::uint32_t l = 0; l < level; ++l) {
    const Node& chosen = nd_[static_cast<std::size_t>(choice_[l])];
    const PathStep step{static_cast<std::uint32_t>(chosen.loc - chosen.itm + 1),
                        static_cast<std::uint32_t>(size(chosen.itm))};
    path_.push_back(step);
  }
  progress(Progress{stats_, path_, detail::explored(path_)});
}

Result Cells::search(const Visitor& visit, std::span<const OptionId> prefix, const Limits& limits,
                     const std::atomic<bool>* stop, std::uint64_t progress_every,
                     const ProgressCallback& progress) {
  return has_colors_ ? run<true>(visit, prefix, limits, stop, progress_every, progress)
                     : run<false>(visit, prefix, limits, stop, progress_every, progress);
}

// The search, with SSXC1's labels: each level saves the sizes after its item is hidden, and
// backing up to try the level's next option writes them back.
template <bool Colors>
Result Cells::run(const Visitor& visit, std::span<const OptionId> prefix, const Limits& limits,
                  const std::atomic<bool>* stop, std::uint64_t progress_every,
                  const ProgressCallback& progress) {
  std::fill_n(profile_.begin(), last_depth_ + 1, 0);
  stats_ = Stats{};
  const std::size_t f0 = frames_.size();  // the frame that puts everything back at the end
  frames_.resize(f0 + static_cast<std::size_t>(primaries_) + 2);
  save_at(f0);
  std::uint64_t next_progress = progress_every;
  Outcome outcome = Outcome::exhausted;
  std::uint32_t level = 0;
  std::int32_t x = 0, cur = 0;
  solution_.assign(prefix.begin(), prefix.end());
  const std::size_t fixed = solution_.size();
  auto finish = [&]() noexcept {
    restore_order(f0);
    frames_.resize(f0);
    last_depth_ = stats_.max_depth;
  };

forward:
  if (level > stats_.max_depth) stats_.max_depth = level;
  x = choose();
  if (x < 0) {
    ++stats_.nodes;  // a solution counts as a node of the search tree
    ++profile_[level];
    ++stats_.solutions;
    if (visit) {
      solution_.resize(fixed + level);
      for (std::uint32_t l = 0; l < level; ++l) solution_[fixed + l] = option_of(choice_[l]);
    }
    outcome = after_solution(visit, solution_, stats_, limits, stop, [&] { finish(); });
    if (outcome != Outcome::exhausted) goto done;
    goto backup;
  }
  if (limits.nodes != 0 && stats_.nodes >= limits.nodes) {
    outcome = Outcome::node_limit;
    goto done;
  }
  if (limits.updates != 0 && stats_.updates >= limits.updates) {
    outcome = Outcome::update_limit;
    goto done;
  }
  if (stop != nullptr && stop->load(std::memory_order_relaxed)) {
    outcome = Outcome::stopped;
    goto done;
  }
  if (progress_every != 0 && stats_.updates >= next_progress) {
    try {
      report(level, progress);
    } catch (...) {
      finish();
      throw;
    }
    next_progress = stats_.updates + progress_every;
  }
  ++stats_.nodes;
  ++profile_[level];
  if (size(x) <= 1) {
    if (size(x) == 0) goto backup;  // a dead end: nothing to hide
    ++stats_.forced;                // a forced move, as propagation's singles count them
  }
  // The options in input order (or the seed's): the order of a set is a matter of history, and
  // the search must not depend on it (see cells.hpp).
  sort_set(x);
  deactivate(x);
  plimit_ = pactive_;
  slimit_ = secondary_end_;
  sweep<Colors, false, false>(x, 0);
  save_at(f0 + 1 + level);
  cur = x;

advance:
  if (cur >= x + size(x)) goto backup;
  choice_[level] = set_[static_cast<std::size_t>(cur)];
  if (!commit<Colors>(choice_[level])) goto abort;
  ++level;
  goto forward;

backup:
  if (level == 0) goto done;
  --level;
  x = nd_[static_cast<std::size_t>(choice_[level])].itm;
  cur = nd_[static_cast<std::size_t>(choice_[level])].loc;

abort:
  if (cur + 1 >= x + size(x)) goto backup;
  restore_sizes(f0 + 1 + level);
  ++cur;
  goto advance;

done:
  finish();
  return Result{outcome, stats_};
}

}  // namespace dlx::detail
