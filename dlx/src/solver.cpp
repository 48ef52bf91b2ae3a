// The dancing links, laid out as in Knuth's DLX1 and DLX2.
//
// Two contiguous arrays with 32-bit links. `items_` holds the horizontal lists: index 0 is the
// root of the active primary items, 1..n are the items (ItemId + 1), n+1 is the head of the
// secondary items. `nodes_` holds the vertical lists: node c (1 <= c <= n) is the header of
// item c, whose `top` field is the number of options left in its list; then come the options,
// each preceded by a spacer whose `top` is minus the option's id and followed by the next one:
//
//   nodes_:  [unused] [hdr 1] ... [hdr n] [spacer 0] [opt 0 ...] [spacer 1] [opt 1 ...] ... [spacer
//   m]
//
// A spacer's `up` is the first node of the option before it, its `down` the last node of the
// option after it, so that walking an option cyclically to the right or left skips over it.
// Nothing is allocated after construction except when a search is first asked for something
// bigger than before (the solution buffer); the search itself only moves links.
#include "dlx/solver.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace dlx {

namespace {

// splitmix64: a small, well-mixed generator, reproducible from its seed on every platform.
std::uint64_t next_random(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// An integer in [0, n), n > 0; the bias of the modulo is below 2^-40 for the n seen here.
std::uint64_t uniform(std::uint64_t& state, std::uint64_t n) noexcept {
  return next_random(state) % n;
}

}  // namespace

Solver::Solver(const Matrix& matrix) : matrix_(&matrix) {
  const auto n = static_cast<std::int32_t>(matrix.item_count());
  const auto m = matrix.option_count();
  root_ = 0;
  second_root_ = n + 1;
  first_spacer_ = n + 1;
  items_.resize(static_cast<std::size_t>(n) + 2);
  item_color_.assign(static_cast<std::size_t>(n) + 2, 0);
  primary_.assign(static_cast<std::size_t>(n) + 2, 0);
  for (std::int32_t c = 1; c <= n; ++c)
    primary_[static_cast<std::size_t>(c)] = matrix.item_kind(c - 1) == ItemKind::primary;

  nodes_.resize(static_cast<std::size_t>(first_spacer_) + matrix.entry_count() + m + 1);
  option_first_.resize(m + 1);
  live_.assign(m, 1);
  std::int32_t x = first_spacer_;
  std::int32_t previous_first = 0;
  for (std::size_t j = 0; j < m; ++j) {
    Node& spacer = nodes_[static_cast<std::size_t>(x)];
    spacer.top = -static_cast<std::int32_t>(j);
    spacer.up = previous_first;
    spacer.color = 0;
    const std::int32_t first = x + 1;
    option_first_[j] = first;
    for (const Entry& e : matrix.option(static_cast<OptionId>(j))) {
      Node& node = nodes_[static_cast<std::size_t>(++x)];
      node.top = e.item + 1;
      node.color = e.color;
      has_colors_ = has_colors_ || e.color != 0;
    }
    spacer.down = x;
    previous_first = first;
    ++x;
  }
  Node& last = nodes_[static_cast<std::size_t>(x)];
  last.top = -static_cast<std::int32_t>(m);
  last.up = previous_first;
  last.down = 0;
  last.color = 0;
  option_first_[m] = x + 1;

  link_items(nullptr);
  relink_columns();
  choice_.resize(matrix.primary_count() + 1);
  path_.reserve(matrix.primary_count() + 1);
  solution_.reserve(matrix.primary_count() + 1);
  profile_.assign(matrix.primary_count() + 1, 0);
}

// Rebuilds the lists of primary and secondary items, in declaration order, leaving out the
// items marked -1 in `covered` (indexed by item + 1) when given.
void Solver::link_items(const std::vector<std::int32_t>* covered) {
  const auto n = static_cast<std::int32_t>(items_.size()) - 2;
  std::int32_t last_primary = root_, last_secondary = second_root_;
  for (std::int32_t c = 1; c <= n; ++c) {
    if (covered != nullptr && (*covered)[static_cast<std::size_t>(c)] < 0) continue;
    std::int32_t& last = primary_[static_cast<std::size_t>(c)] ? last_primary : last_secondary;
    items_[static_cast<std::size_t>(last)].next = c;
    items_[static_cast<std::size_t>(c)].prev = last;
    last = c;
  }
  items_[static_cast<std::size_t>(last_primary)].next = root_;
  items_[static_cast<std::size_t>(root_)].prev = last_primary;
  items_[static_cast<std::size_t>(last_secondary)].next = second_root_;
  items_[static_cast<std::size_t>(second_root_)].prev = last_secondary;
}

// Rebuilds every item's list from the live options: in input order, or shuffled when seeded.
void Solver::relink_columns() {
  const auto n = static_cast<std::size_t>(first_spacer_) - 1;
  const std::size_t m = live_.size();
  std::vector<std::int32_t> start(n + 2, 0);
  for (std::size_t j = 0; j < m; ++j)
    if (live_[j])
      for (std::int32_t x = option_first_[j]; nodes_[static_cast<std::size_t>(x)].top > 0; ++x)
        ++start[static_cast<std::size_t>(nodes_[static_cast<std::size_t>(x)].top) + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<std::int32_t> order(static_cast<std::size_t>(start.back()));
  std::vector<std::int32_t> fill(start.begin(), start.end() - 1);
  for (std::size_t j = 0; j < m; ++j)
    if (live_[j])
      for (std::int32_t x = option_first_[j]; nodes_[static_cast<std::size_t>(x)].top > 0; ++x)
        order[static_cast<std::size_t>(
            fill[static_cast<std::size_t>(nodes_[static_cast<std::size_t>(x)].top)]++)] = x;
  for (std::size_t c = 1; c <= n; ++c) {
    auto begin = order.begin() + start[c], end = order.begin() + start[c + 1];
    if (seed_ != 0)
      for (auto i = end - begin; i > 1; --i)
        std::iter_swap(begin + (i - 1), begin + static_cast<std::ptrdiff_t>(
                                                    uniform(rng_, static_cast<std::uint64_t>(i))));
    Node& header = nodes_[c];
    header.top = static_cast<std::int32_t>(end - begin);
    header.color = 0;
    std::int32_t above = static_cast<std::int32_t>(c);
    for (auto it = begin; it != end; ++it) {
      nodes_[static_cast<std::size_t>(above)].down = *it;
      nodes_[static_cast<std::size_t>(*it)].up = above;
      above = *it;
    }
    nodes_[static_cast<std::size_t>(above)].down = static_cast<std::int32_t>(c);
    header.up = above;
  }
}

void Solver::load(std::span<const OptionId> keep, std::span<const OptionId> base) {
  if (!forced_.empty()) throw std::logic_error("dlx::Solver::load: release forced options first");
  const auto m = static_cast<OptionId>(live_.size());
  auto clash = [](OptionId o) {
    return std::invalid_argument("dlx::Solver::load: option " + std::to_string(o) +
                                 " clashes with the base partial solution");
  };
  // item_color_: 0 free, -1 covered by the base, > 0 the color the base gives it.
  std::fill(item_color_.begin(), item_color_.end(), 0);
  for (OptionId o : base) {
    if (o < 0 || o >= m) throw std::invalid_argument("dlx::Solver::load: no such option");
    for (std::int32_t x = option_first_[static_cast<std::size_t>(o)];; ++x) {
      const Node& node = nodes_[static_cast<std::size_t>(x)];
      if (node.top <= 0) break;
      std::int32_t& seen = item_color_[static_cast<std::size_t>(node.top)];
      if (node.color == 0 ? seen != 0 : (seen < 0 || (seen > 0 && seen != node.color)))
        throw clash(o);
      seen = node.color == 0 ? -1 : node.color;
    }
  }
  OptionId previous = -1;
  for (OptionId o : keep) {
    if (o <= previous || o >= m)
      throw std::invalid_argument("dlx::Solver::load: options must be valid and increasing");
    previous = o;
  }

  std::fill(live_.begin(), live_.end(), 0);
  for (OptionId o : keep) live_[static_cast<std::size_t>(o)] = 1;
  base_.assign(base.begin(), base.end());
  link_items(&item_color_);
  if (seed_ != 0) {
    for (OptionId o : keep)
      for (std::int32_t x = option_first_[static_cast<std::size_t>(o)]; nodes_[x].top > 0; ++x)
        if (const std::int32_t seen = item_color_[nodes_[x].top];
            seen < 0 || (seen > 0 && seen != nodes_[x].color)) {
          load_all();
          throw clash(o);
        }
    relink_columns();
    return;
  }
  // Appending the kept options in increasing order keeps every list in input order. The clash
  // check rides along (one pass over the kept nodes); a clash makes every option visible again.
  const auto n = static_cast<std::int32_t>(items_.size()) - 2;
  Node* nd = nodes_.data();
  const std::int32_t* seen = item_color_.data();
  for (std::int32_t c = 1; c <= n; ++c) nd[c] = Node{c, c, 0, 0};
  for (OptionId o : keep)
    for (std::int32_t x = option_first_[static_cast<std::size_t>(o)]; nd[x].top > 0; ++x) {
      const std::int32_t item = nd[x].top;
      if (seen[item] != 0 && (seen[item] < 0 || seen[item] != nd[x].color)) {
        load_all();
        throw clash(o);
      }
      Node& header = nd[item];
      nd[x].up = header.up;
      nd[x].down = item;
      nd[header.up].down = x;
      header.up = x;
      ++header.top;
    }
}

void Solver::load_all() {
  if (!forced_.empty())
    throw std::logic_error("dlx::Solver::load_all: release forced options first");
  std::fill(live_.begin(), live_.end(), 1);
  base_.clear();
  link_items(nullptr);
  relink_columns();
}

bool Solver::live_option(OptionId option) const noexcept {
  return option >= 0 && static_cast<std::size_t>(option) < live_.size() &&
         live_[static_cast<std::size_t>(option)] != 0;
}

void Solver::set_seed(std::uint64_t seed) {
  if (!forced_.empty())
    throw std::logic_error("dlx::Solver::set_seed: release forced options first");
  seed_ = seed;
  rng_ = seed;
  relink_columns();
}

void Solver::set_progress(std::uint64_t every, ProgressCallback callback) {
  progress_every_ = callback ? every : 0;
  progress_ = std::move(callback);
}

// Removes the other nodes of an option from their lists (DLX2's hide; DLX1's inner loop).
// Walks the other nodes of an option as two runs, from the node to the option's end and from
// its start back to the node, so that only one test per node looks for the spacer. A node with
// a negative color belongs to a purified item and stays (DLX2).
template <bool Colors>
inline void Solver::hide(std::int32_t node) noexcept {
  Node* nd = nodes_.data();
  std::uint64_t updates = 0;
  const auto unlink = [&](std::int32_t q) {
    if (Colors && nd[q].color < 0) return;
    const std::int32_t up = nd[q].up, down = nd[q].down;
    nd[up].down = down;
    nd[down].up = up;
    --nd[nd[q].top].top;
    ++updates;
  };
  std::int32_t q = node + 1;
  for (; nd[q].top > 0; ++q) unlink(q);
  for (q = nd[q].up; q != node; ++q) unlink(q);
  stats_.updates += updates;
}

template <bool Colors>
inline void Solver::unhide(std::int32_t node) noexcept {
  Node* nd = nodes_.data();
  const auto relink = [&](std::int32_t q) {
    if (Colors && nd[q].color < 0) return;
    nd[nd[q].up].down = q;
    nd[nd[q].down].up = q;
    ++nd[nd[q].top].top;
  };
  std::int32_t q = node - 1;
  for (; nd[q].top > 0; --q) relink(q);
  for (q = nd[q].down; q != node; --q) relink(q);
}

template <bool Colors>
inline void Solver::cover(std::int32_t item) noexcept {
  Item* it = items_.data();
  const std::int32_t l = it[item].prev, r = it[item].next;
  it[l].next = r;
  it[r].prev = l;
  ++stats_.updates;
  for (std::int32_t p = nodes_[static_cast<std::size_t>(item)].down; p != item;
       p = nodes_[static_cast<std::size_t>(p)].down)
    hide<Colors>(p);
}

template <bool Colors>
inline void Solver::uncover(std::int32_t item) noexcept {
  for (std::int32_t p = nodes_[static_cast<std::size_t>(item)].up; p != item;
       p = nodes_[static_cast<std::size_t>(p)].up)
    unhide<Colors>(p);
  Item* it = items_.data();
  const std::int32_t l = it[item].prev, r = it[item].next;
  it[l].next = item;
  it[r].prev = item;
}

// Keeps only the options that give the node's item the node's color (DLX2's purify).
inline void Solver::purify(std::int32_t node) noexcept {
  Node* nd = nodes_.data();
  const std::int32_t item = nd[node].top, color = nd[node].color;
  for (std::int32_t p = nd[item].down; p != item; p = nd[p].down) {
    if (nd[p].color != color)
      hide<true>(p);
    else if (p != node)
      nd[p].color = -1;
  }
}

inline void Solver::unpurify(std::int32_t node) noexcept {
  Node* nd = nodes_.data();
  const std::int32_t item = nd[node].top, color = nd[node].color;
  for (std::int32_t p = nd[item].up; p != item; p = nd[p].up) {
    if (nd[p].color < 0)
      nd[p].color = color;
    else if (p != node)
      unhide<true>(p);
  }
}

template <bool Colors>
inline void Solver::commit(std::int32_t node) noexcept {
  const Node& x = nodes_[static_cast<std::size_t>(node)];
  if (!Colors || x.color == 0)
    cover<Colors>(x.top);
  else if (x.color > 0)
    purify(node);
}

template <bool Colors>
inline void Solver::uncommit(std::int32_t node) noexcept {
  const Node& x = nodes_[static_cast<std::size_t>(node)];
  if (!Colors || x.color == 0)
    uncover<Colors>(x.top);
  else if (x.color > 0)
    unpurify(node);
}

// Covers the items of a chosen option other than the one branched on, left to right.
template <bool Colors>
inline void Solver::cover_others(std::int32_t node) noexcept {
  for (std::int32_t p = node + 1; p != node;) {
    const Node& x = nodes_[static_cast<std::size_t>(p)];
    if (x.top <= 0) {
      p = x.up;
    } else {
      commit<Colors>(p);
      ++p;
    }
  }
}

// Undoes cover_others, right to left.
template <bool Colors>
inline void Solver::uncover_others(std::int32_t node) noexcept {
  for (std::int32_t p = node - 1; p != node;) {
    const Node& x = nodes_[static_cast<std::size_t>(p)];
    if (x.top <= 0) {
      p = x.down;
    } else {
      uncommit<Colors>(p);
      --p;
    }
  }
}

// The MRV rule of DLX1: fewest options left, ties to the leftmost (or a random one if seeded).
inline std::int32_t Solver::choose_item() noexcept {
  const Item* it = items_.data();
  const Node* nd = nodes_.data();
  std::int32_t best = 0;
  std::int32_t fewest = std::numeric_limits<std::int32_t>::max();
  std::uint64_t ties = 0;
  const std::int32_t good_enough = take_first_single_ ? 1 : 0;
  const std::int32_t root = root_;
  if (seed_ == 0) {  // the hot case: a tight scan, leftmost of the fewest
    for (std::int32_t c = it[root].next; c != root; c = it[c].next)
      if (const std::int32_t len = nd[c].top; len < fewest) {
        best = c;
        fewest = len;
        if (len <= good_enough) break;
      }
    return best;
  }
  for (std::int32_t c = it[root].next; fewest > good_enough && c != root; c = it[c].next) {
    const std::int32_t len = nd[c].top;
    if (len < fewest) {
      best = c;
      fewest = len;
      ties = 1;
    } else if (len == fewest && uniform(rng_, ++ties) == 0) {
      best = c;
    }
  }
  return best;
}

OptionId Solver::option_of(std::int32_t node) const noexcept {
  while (nodes_[static_cast<std::size_t>(node)].top > 0) --node;
  return -nodes_[static_cast<std::size_t>(node)].top;
}

bool Solver::force(OptionId option) {
  if (option < 0 || static_cast<std::size_t>(option) >= matrix_->option_count())
    throw std::out_of_range("dlx::Solver::force: no such option");
  if (!live_option(option)) return false;  // left out by load
  const std::int32_t first = option_first_[static_cast<std::size_t>(option)];
  const Node* nd = nodes_.data();
  for (std::int32_t p = first; nd[p].top > 0; ++p) {
    const Node& x = nd[p];
    if (nd[x.up].down != p) return false;  // hidden by an option forced before
    const Item& item = items_[static_cast<std::size_t>(x.top)];
    if (x.color == 0 && items_[static_cast<std::size_t>(item.prev)].next != x.top) return false;
  }
  const std::uint64_t updates = stats_.updates;
  for (std::int32_t p = first; nodes_[static_cast<std::size_t>(p)].top > 0; ++p) commit<true>(p);
  stats_.updates = updates;
  forced_.push_back(option);
  forced_nodes_.push_back(first);
  return true;
}

void Solver::release() {
  while (!forced_nodes_.empty()) {
    std::int32_t p = forced_nodes_.back();
    while (nodes_[static_cast<std::size_t>(p) + 1].top > 0) ++p;
    for (; nodes_[static_cast<std::size_t>(p)].top > 0; --p) uncommit<true>(p);
    forced_nodes_.pop_back();
    forced_.pop_back();
  }
}

Branch Solver::next_branch() {
  Branch branch;
  if (items_[static_cast<std::size_t>(root_)].next == root_) return branch;
  const std::int32_t item = choose_item();
  branch.item = item - 1;
  for (std::int32_t p = nodes_[static_cast<std::size_t>(item)].down; p != item;
       p = nodes_[static_cast<std::size_t>(p)].down)
    branch.options.push_back(option_of(p));
  return branch;
}

void Solver::report_progress(std::uint32_t level) {
  path_.clear();
  double fraction = 0, denominator = 1;
  for (std::uint32_t l = 0; l < level; ++l) {
    const std::int32_t chosen = choice_[l];
    const std::int32_t item = nodes_[static_cast<std::size_t>(chosen)].top;
    PathStep step{1, static_cast<std::uint32_t>(nodes_[static_cast<std::size_t>(item)].top)};
    for (std::int32_t p = nodes_[static_cast<std::size_t>(item)].down; p != chosen;
         p = nodes_[static_cast<std::size_t>(p)].down)
      ++step.k;
    path_.push_back(step);
    denominator *= step.d;
    fraction += (step.k - 1) / denominator;
  }
  fraction += 0.5 / denominator;
  progress_(Progress{stats_, path_, fraction});
}

// Algorithm X as DLX1 runs it (Algorithm C when options carry colors), with Knuth's labels.
Result Solver::search(const Visitor& visit) {
  return has_colors_ ? run<true>(visit) : run<false>(visit);
}

template <bool Colors>
Result Solver::run(const Visitor& visit) {
  std::fill_n(profile_.begin(), last_depth_ + 1, 0);
  stats_ = Stats{};
  std::uint64_t next_progress = progress_every_;
  const Item* it = items_.data();
  Outcome outcome = Outcome::exhausted;
  std::uint32_t level = 0;
  std::int32_t best = 0, cur = 0;
  // Undoes the options chosen on the way to the current node, deepest first, so that a search
  // ended early, by a limit or by an exception from a callback, leaves the links as it found them.
  auto unwind_path = [&]() noexcept {
    while (level > 0) {
      --level;
      cur = choice_[level];
      uncover_others<Colors>(cur);
      uncover<Colors>(nodes_[static_cast<std::size_t>(cur)].top);
    }
    last_depth_ = stats_.max_depth;
  };

forward:
  if (level > stats_.max_depth) stats_.max_depth = level;
  if (it[root_].next == root_) {
    ++stats_.nodes;  // a solution counts as a node of the search tree
    ++profile_[level];
    ++stats_.solutions;
    if (visit) {
      solution_.assign(base_.begin(), base_.end());
      solution_.insert(solution_.end(), forced_.begin(), forced_.end());
      for (std::uint32_t l = 0; l < level; ++l) solution_.push_back(option_of(choice_[l]));
      bool go_on = true;
      try {
        go_on = visit(solution_);
      } catch (...) {
        unwind_path();
        throw;
      }
      if (!go_on) {
        outcome = Outcome::stopped;
        goto unwind;
      }
    }
    if (limits_.solutions != 0 && stats_.solutions >= limits_.solutions) {
      outcome = Outcome::solution_limit;
      goto unwind;
    }
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) {
      outcome = Outcome::stopped;
      goto unwind;
    }
    if (level == 0) goto done;
    --level;
    cur = choice_[level];
    best = nodes_[static_cast<std::size_t>(cur)].top;
    goto recover;
  }
  if (limits_.nodes != 0 && stats_.nodes >= limits_.nodes) {
    outcome = Outcome::node_limit;
    goto unwind;
  }
  if (limits_.updates != 0 && stats_.updates >= limits_.updates) {
    outcome = Outcome::update_limit;
    goto unwind;
  }
  if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) {
    outcome = Outcome::stopped;
    goto unwind;
  }
  if (progress_every_ != 0 && stats_.updates >= next_progress) {
    try {
      report_progress(level);
    } catch (...) {
      unwind_path();
      throw;
    }
    next_progress = stats_.updates + progress_every_;
  }
  ++stats_.nodes;
  ++profile_[level];
  best = choose_item();
  cover<Colors>(best);
  cur = choice_[level] = nodes_[static_cast<std::size_t>(best)].down;

advance:
  if (cur == best) goto backup;
  cover_others<Colors>(cur);
  ++level;
  goto forward;

backup:
  uncover<Colors>(best);
  if (level == 0) goto done;
  --level;
  cur = choice_[level];
  best = nodes_[static_cast<std::size_t>(cur)].top;

recover:
  uncover_others<Colors>(cur);
  cur = choice_[level] = nodes_[static_cast<std::size_t>(cur)].down;
  goto advance;

unwind:
  unwind_path();

done:
  last_depth_ = stats_.max_depth;
  return Result{outcome, stats_};
}

Result Solver::count() {
  return search(nullptr);
}

std::vector<OptionId> Solver::first(Result* result) {
  const Limits saved = limits_;
  if (limits_.solutions == 0 || limits_.solutions > 1) limits_.solutions = 1;
  std::vector<OptionId> solution;
  Result r = search([&](std::span<const OptionId> s) {
    solution.assign(s.begin(), s.end());
    return true;
  });
  limits_ = saved;
  if (result != nullptr) *result = r;
  return solution;
}

}  // namespace dlx
