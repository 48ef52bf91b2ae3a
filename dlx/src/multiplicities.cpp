// Algorithm M as DLX3 runs it: the same choice of item, order of options and counts (nodes:
// every node of the search tree, solutions and dead ends included; updates: one per item covered
// and one per node taken out of a list, by covering, purifying or tweaking).
#include "multiplicities.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/budget.hpp"
#include "dlx/random.hpp"

namespace dlx::detail {

Multiplicities::Multiplicities(const Matrix& matrix) {
  const auto n = static_cast<std::int32_t>(matrix.item_count());
  const std::size_t m = matrix.option_count();
  primaries_ = static_cast<std::int32_t>(matrix.primary_count());
  items_ = n;
  first_spacer_ = n + 1;
  const auto items = static_cast<std::size_t>(n) + 1;
  bound_.assign(items, 0);
  slack_.assign(items, 0);
  hi_.assign(items, 0);
  len_.assign(items, 0);
  covered_by_base_.assign(items, 0);
  item_id_.assign(items, -1);
  const std::vector<std::int32_t> number = number_items(matrix, primaries_ + 1);
  for (ItemId i = 0; i < n; ++i) {
    const std::int32_t c = number[static_cast<std::size_t>(i)];
    item_id_[static_cast<std::size_t>(c)] = i;
    if (c <= primaries_) {
      const Bounds b = matrix.bounds(i);
      hi_[static_cast<std::size_t>(c)] = b.hi;
      slack_[static_cast<std::size_t>(c)] = b.hi - b.lo;
    }
  }
  lay_out(matrix, number, first_spacer_, links_, item_, color_, option_first_);
  declared_color_ = color_;
  const std::size_t depth = m + static_cast<std::size_t>(primaries_) + 2;
  choice_.assign(depth, 0);
  first_tweak_.assign(depth, 0);
  score_.assign(depth, 0);
  profile_.assign(depth, 0);
  active_.assign(items, Link{0, 0});
  load_all();
}

void Multiplicities::relink(const std::vector<std::uint8_t>& visible) {
  link_lists(links_, item_, option_first_, visible, items_, len_.data(),
             seed_ != 0 ? &rng_ : nullptr);
  // The open items: every primary one, in order, from the root.
  for (std::int32_t c = 0; c <= primaries_; ++c)
    active_[static_cast<std::size_t>(c)] =
        Link{c == 0 ? primaries_ : c - 1, c == primaries_ ? 0 : c + 1};
  for (std::int32_t c = 1; c <= primaries_; ++c)
    bound_[static_cast<std::size_t>(c)] = hi_[static_cast<std::size_t>(c)];
  std::fill(covered_by_base_.begin(), covered_by_base_.end(), 0);
  color_ = declared_color_;  // purified nodes of a base forgotten
  entered_ = 0;
}

void Multiplicities::load_all() {
  applied_.clear();
  base_size_ = 0;
  relink(std::vector<std::uint8_t>(option_first_.size() - 1, 1));
}

void Multiplicities::set_seed(std::uint64_t seed) {
  seed_ = seed;
  rng_ = seed;
  load_all();
}

void Multiplicities::load(std::span<const OptionId> keep, std::span<const OptionId> base) {
  const std::size_t m = option_first_.size() - 1;
  std::vector<std::uint8_t> visible(m, 0);
  OptionId previous = -1;
  for (const OptionId o : keep) {
    if (o < 0 || static_cast<std::size_t>(o) >= m)
      throw std::invalid_argument("dlx::Solver::load: no option " + std::to_string(o));
    if (o <= previous)
      throw std::invalid_argument(
          "dlx::Solver::load: the options to keep are not in increasing "
          "order");
    previous = o;
    visible[static_cast<std::size_t>(o)] = 1;
  }
  for (const OptionId o : base) {
    if (o < 0 || static_cast<std::size_t>(o) >= m)
      throw std::invalid_argument("dlx::Solver::load: no option " + std::to_string(o));
    visible[static_cast<std::size_t>(o)] = 1;
  }
  applied_.clear();
  base_size_ = 0;
  relink(visible);
  const auto clash = [this](OptionId o) {
    load_all();
    return std::invalid_argument("dlx::Solver::load: option " + std::to_string(o) +
                                 " clashes with the base partial solution");
  };
  for (const OptionId o : base) {
    if (!can_force(o)) throw clash(o);
    apply(o);
  }
  base_size_ = applied_.size();
  for (const OptionId o : keep)
    if (std::find(base.begin(), base.end(), o) == base.end() && !can_force(o)) throw clash(o);
}

bool Multiplicities::linked(std::int32_t node) const noexcept {
  const Link* ln = links_.data();
  return ln[ln[node].up].down == node;
}

// An option can join the partial solution when every node of it is still in its list (or in a
// list made compatible by purifying), its primary items may take one more option and its
// uncolored secondary items are not covered yet.
bool Multiplicities::can_force(OptionId option) const noexcept {
  for (std::int32_t p = option_first_[static_cast<std::size_t>(option)]; item_[p] > 0; ++p) {
    const std::int32_t c = item_[p];
    if (color_[p] >= 0 && !linked(p)) return false;
    if (c <= primaries_ && bound_[c] == 0) return false;
    if (c > primaries_ && color_[p] == 0 && covered_by_base_[c] != 0) return false;
  }
  return true;
}

// Takes an option into the partial solution before any search: out of every list, then each of
// its items committed as a chosen option commits them.
void Multiplicities::apply(OptionId option) noexcept {
  const std::uint64_t updates = stats_.updates;
  const std::int32_t first = option_first_[static_cast<std::size_t>(option)];
  Link* ln = links_.data();
  std::int32_t last = first;
  for (std::int32_t p = first; item_[p] > 0; ++p) {
    last = p;
    if (color_[p] < 0) continue;
    unlink(ln, p);
    --len_[item_[p]];
  }
  for (std::int32_t p = first; p <= last; ++p) {
    const std::int32_t c = item_[p];
    if (c <= primaries_) {
      if (--bound_[c] == 0) cover(c);
    } else if (color_[p] == 0) {
      cover(c);
      ++covered_by_base_[c];
    } else if (color_[p] > 0) {
      purify(p);
    }
  }
  stats_.updates = updates;
  applied_.push_back(option);
}

void Multiplicities::unapply(OptionId option) noexcept {
  const std::int32_t first = option_first_[static_cast<std::size_t>(option)];
  std::int32_t last = first;
  while (item_[last + 1] > 0) ++last;
  for (std::int32_t p = last; p >= first; --p) {
    const std::int32_t c = item_[p];
    if (c <= primaries_) {
      if (bound_[c]++ == 0) uncover(c);
    } else if (color_[p] == 0) {
      uncover(c);
      --covered_by_base_[c];
    } else if (color_[p] > 0) {
      unpurify(p);
    }
  }
  Link* ln = links_.data();
  for (std::int32_t p = last; p >= first; --p) {
    if (color_[p] < 0) continue;
    detail::relink(ln, p);
    ++len_[item_[p]];
  }
  applied_.pop_back();
}

bool Multiplicities::force(OptionId option) {
  if (entered_ != 0)
    throw std::logic_error("dlx::Solver::force: moves are entered; leave them first");
  if (!can_force(option)) return false;
  apply(option);
  return true;
}

void Multiplicities::release_last() {
  while (entered_ != 0) leave();
  if (applied_.size() > base_size_) unapply(applied_.back());
}

inline void Multiplicities::deactivate(std::int32_t item) noexcept {
  unlink(active_.data(), item);
}

inline void Multiplicities::reactivate(std::int32_t item) noexcept {
  detail::relink(active_.data(), item);
}

// Takes the topmost option of an item out of the lists: the node itself and, when `block`, the
// rest of its option (when the item was covered first, the rest is hidden already).
inline void Multiplicities::tweak(std::int32_t n, bool block) noexcept {
  const Table<Link> t = table();
  if (block) stats_.updates += hide(t, n);
  unlink(t.ln, n);
  --t.len[t.top[n]];
  ++stats_.updates;
}

// Puts back the options tweaked out of item c since node `first` was on top: the tweaked nodes
// still point down to one another, so their `up` links are mended from the top.
inline void Multiplicities::untweak(std::int32_t c, std::int32_t first, bool unblock) noexcept {
  const Table<Link> t = table();
  Link* ln = t.ln;
  const std::int32_t z = ln[c].down;
  ln[c].down = first;
  std::int32_t k = 0, above = c, r = first;
  for (; r != z; above = r, r = ln[r].down) {
    ln[r].up = above;
    ++k;
    if (unblock) unhide(t, r);
  }
  ln[z].up = above;
  t.len[c] += k;
  // Without unblock, the item was covered: uncovered here without reopening it (the caller
  // reopens it when its level ends).
  if (!unblock) unhide_list(t, c);
}

// Commits the items of a chosen option other than the one branched on, left to right.
inline void Multiplicities::commit_others(std::int32_t node) noexcept {
  const std::int32_t* item = item_.data();
  for (std::int32_t p = node + 1; p != node;) {
    const std::int32_t c = item[p];
    if (c <= 0) {
      p = links_[static_cast<std::size_t>(p)].up;
      continue;
    }
    if (c <= primaries_) {
      if (--bound_[static_cast<std::size_t>(c)] == 0) cover(c);
    } else if (color_[static_cast<std::size_t>(p)] == 0) {
      cover(c);
    } else if (color_[static_cast<std::size_t>(p)] > 0) {
      purify(p);
    }
    ++p;
  }
}

// Undoes commit_others, right to left.
inline void Multiplicities::uncommit_others(std::int32_t node) noexcept {
  const std::int32_t* item = item_.data();
  for (std::int32_t p = node - 1; p != node;) {
    const std::int32_t c = item[p];
    if (c <= 0) {
      p = links_[static_cast<std::size_t>(p)].down;
      continue;
    }
    if (c <= primaries_) {
      if (bound_[static_cast<std::size_t>(c)]++ == 0) uncover(c);
    } else if (color_[static_cast<std::size_t>(p)] == 0) {
      uncover(c);
    } else if (color_[static_cast<std::size_t>(p)] > 0) {
      unpurify(p);
    }
    --p;
  }
}

// Undoes what choosing `item` did on entering `level` (its cover or its tweaks) and gives it back
// the option it took.
inline void Multiplicities::restore_level(std::int32_t c, std::uint32_t level) noexcept {
  const auto i = static_cast<std::size_t>(c);
  if (bound_[i] == 0 && slack_[i] == 0)
    uncover(c);
  else
    untweak(c, first_tweak_[level], bound_[i] != 0);
  ++bound_[i];
}

// Takes back the move made at `level`: the null move reopens its item; an option is uncommitted,
// and when its item was covered on entering the level (its last option, with slack left), the
// item is reopened too, as the null move that ends such a level would have done.
inline void Multiplicities::step_back(std::uint32_t level) noexcept {
  const std::int32_t cur = choice_[level];
  std::int32_t best = cur;
  if (cur < first_spacer_) {
    reactivate(best);
  } else {
    best = item_[static_cast<std::size_t>(cur)];
    uncommit_others(cur);
    const auto i = static_cast<std::size_t>(best);
    if (bound_[i] == 0 && slack_[i] != 0) reactivate(best);
  }
  restore_level(best, level);
}

// DLX3's choice: the open item of least branching degree len + s - bound + 1 (s the slack, at
// most the bound); among equals the one of least s, then of longest list, then the leftmost (or
// one at random when seeded). `score` is the degree, infinity when no item is open.
inline std::int32_t Multiplicities::choose(std::int32_t& score) noexcept {
  const Link* a = active_.data();
  const std::int32_t* len = len_.data();
  const std::int32_t* bound = bound_.data();
  const std::int32_t* slack = slack_.data();
  std::int32_t best = 0, best_s = 0, best_l = 0;
  std::uint64_t ties = 0;
  score = infinity;
  for (std::int32_t k = a[0].down; k != 0; k = a[k].down) {
    const std::int32_t s = std::min(slack[k], bound[k]);
    const std::int32_t t = len[k] + s - bound[k] + 1;
    if (t > score) continue;
    if (t < score || s < best_s || (s == best_s && len[k] > best_l)) {
      score = t;
      best = k;
      best_s = s;
      best_l = len[k];
      ties = 1;
    } else if (s == best_s && len[k] == best_l && seed_ != 0 && uniform(rng_, ++ties) == 0) {
      best = k;
    }
  }
  return best;
}

OptionId Multiplicities::option_of(std::int32_t node) const noexcept {
  while (item_[static_cast<std::size_t>(node)] > 0) --node;
  return -item_[static_cast<std::size_t>(node)];
}

// A level's moves are the item's options from the top of its list, then the null move, as many
// as its branching degree (the search ends the level once the item could not reach its lower
// bound any more, which the degree counts in).
Branch Multiplicities::next(bool moves) {
  Branch branch;
  std::int32_t score = 0;
  const std::int32_t c = choose(score);
  if (score == infinity) return branch;
  branch.item = item_id_[static_cast<std::size_t>(c)];
  const std::int32_t most = score <= 0 ? 0 : moves ? score : infinity;
  const Link* ln = links_.data();
  std::int32_t j = 0;
  for (std::int32_t p = ln[c].down; p != c && j < most; p = ln[p].down, ++j)
    branch.options.push_back(option_of(p));
  if (moves && j < score) branch.options.push_back(null_move);
  return branch;
}

// Makes move `move` of the next level as the search reaches it: the level entered as the search
// enters it, then each move before it made and taken back (the options tried before tweaked out
// of the item's list), then the move itself. Updates are not counted.
bool Multiplicities::enter(OptionId move) {
  std::int32_t score = 0;
  const std::int32_t best = choose(score);
  if (score == infinity || score <= 0) return false;
  const Link* ln = links_.data();
  std::int32_t target = -1;
  std::int32_t p = ln[best].down;
  for (std::int32_t j = 0; j < score; ++j, p = ln[p].down) {
    if (p == best ? move == null_move : option_of(p) == move) {
      target = j;
      break;
    }
    if (p == best) break;
  }
  if (target < 0) return false;
  const std::uint64_t updates = stats_.updates;
  const std::uint32_t level = entered_;
  const auto b = static_cast<std::size_t>(best);
  score_[level] = score;
  first_tweak_[level] = 0;
  std::int32_t cur = ln[best].down;
  if (--bound_[b] == 0 && slack_[b] == 0) {
    cover(best);
  } else {
    first_tweak_[level] = cur;
    if (bound_[b] == 0) cover(best);
  }
  for (std::int32_t j = 0;; ++j, cur = ln[cur].down) {
    if (bound_[b] == 0 && slack_[b] == 0) {
    } else if (cur != best) {
      tweak(cur, bound_[b] != 0);
    } else if (bound_[b] != 0) {
      deactivate(best);
    }
    if (j == target) break;
  }
  if (cur >= first_spacer_) commit_others(cur);
  choice_[level] = cur;
  ++entered_;
  stats_.updates = updates;
  return true;
}

void Multiplicities::leave() noexcept {
  if (entered_ == 0) return;
  const std::uint64_t updates = stats_.updates;
  step_back(--entered_);
  stats_.updates = updates;
}

void Multiplicities::report(std::uint32_t level, const ProgressCallback& progress) {
  path_.clear();
  for (std::uint32_t l = entered_; l < level; ++l) {
    const std::int32_t chosen = choice_[l];
    const std::int32_t c =
        chosen < first_spacer_ ? chosen : item_[static_cast<std::size_t>(chosen)];
    std::int32_t p =
        first_tweak_[l] != 0 ? first_tweak_[l] : links_[static_cast<std::size_t>(c)].down;
    PathStep step{1, static_cast<std::uint32_t>(std::max(score_[l], 1))};
    for (; p != chosen; p = links_[static_cast<std::size_t>(p)].down) ++step.k;
    path_.push_back(step);
  }
  progress(Progress{stats_, path_, detail::explored(path_)});
}

Result Multiplicities::search(const Visitor& visit, const Limits& limits,
                              const std::atomic<bool>* stop, std::uint64_t progress_every,
                              const ProgressCallback& progress) {
  std::fill_n(profile_.begin(), last_depth_ + 1, 0);
  stats_ = Stats{};
  std::uint64_t next_progress = progress_every;
  Outcome outcome = Outcome::exhausted;
  // The search starts below the levels entered and never climbs above them.
  const std::uint32_t root = entered_;
  std::uint32_t level = root;
  std::int32_t best = 0, cur = 0, score = 0;
  const Link* ln = links_.data();
  std::int32_t* bound = bound_.data();
  const std::int32_t* slack = slack_.data();
  const std::int32_t* len = len_.data();
  const std::int32_t last_item = first_spacer_;
  auto unwind_path = [&]() noexcept {
    while (level > root) step_back(--level);
    last_depth_ = stats_.max_depth;
  };

forward:
  if (level - root > stats_.max_depth) stats_.max_depth = level - root;
  if (outcome = spent(stats_, limits, stop); outcome != Outcome::exhausted) goto unwind;
  if (progress_every != 0 && stats_.updates >= next_progress) {
    try {
      report(level, progress);
    } catch (...) {
      unwind_path();
      throw;
    }
    next_progress = stats_.updates + progress_every;
  }
  ++stats_.nodes;
  ++profile_[level - root];
  best = choose(score);
  if (score <= 0) goto backdown;
  if (score == infinity) {
    ++stats_.solutions;
    if (visit) {
      solution_.assign(applied_.begin(), applied_.end());
      for (std::uint32_t l = 0; l < level; ++l)
        if (choice_[l] >= last_item) solution_.push_back(option_of(choice_[l]));
    }
    outcome = after_solution(visit, solution_, stats_, limits, stop, [&] { unwind_path(); });
    if (outcome != Outcome::exhausted) goto unwind;
    goto backdown;
  }
  score_[level] = score;
  first_tweak_[level] = 0;
  cur = choice_[level] = ln[best].down;
  if (--bound[best] == 0 && slack[best] == 0) {
    cover(best);
  } else {
    first_tweak_[level] = cur;
    if (bound[best] == 0) cover(best);
  }

advance:
  if (bound[best] == 0 && slack[best] == 0) {
    if (cur == best) goto backup;
  } else if (len[best] <= bound[best] - slack[best]) {
    goto backup;
  } else if (cur != best) {
    tweak(cur, bound[best] != 0);
  } else if (bound[best] != 0) {
    deactivate(best);  // the null move: the item takes no more options
  }
  if (cur >= last_item) commit_others(cur);
  ++level;
  goto forward;

backup:
  restore_level(best, level);

backdown:
  if (level == root) goto done;
  --level;
  cur = choice_[level];
  if (cur < last_item) {
    best = cur;
    reactivate(best);
    goto backup;
  }
  best = item_[static_cast<std::size_t>(cur)];
  uncommit_others(cur);
  cur = choice_[level] = ln[cur].down;
  goto advance;

unwind:
  unwind_path();

done:
  last_depth_ = stats_.max_depth;
  return Result{outcome, stats_};
}

}  // namespace dlx::detail
