// The node table every search of the links engine runs on, and the link procedures written once
// for all of them: Algorithms X and C (solver.cpp), M (multiplicities.cpp), the cost search
// (cost.cpp) and preprocessing (preprocess.cpp).
//
// The layout is Knuth's (DLX1 to DLX5), one array per field: node c (1 <= c <= n) heads the list
// of item c; then come the options, each preceded by a spacer and followed by the next one:
//
//   [unused] [hdr 1] ... [hdr n] [spacer 0] [opt 0 ...] [spacer 1] [opt 1 ...] ... [spacer m]
//
// top is a node's item; a spacer's is minus the id of the option after it (so 0 for the first,
// -m for the last, never positive). A spacer's up is the first node of the option before it, its
// down the last node of the option after it, so that walking an option cyclically, right or
// left, skips over it. color is 0 for none, a positive color, or -1 for a node whose item has
// been purified to that node's color already (the node stays in every list while it is so).
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/random.hpp"

namespace dlx::detail {

// A view of one search's table. Link is any struct with int32 up and down.
template <class Link>
struct Table {
  Link* ln;                 // per node: its neighbours in its item's list
  const std::int32_t* top;  // per node: its item, or a spacer's non-positive number
  std::int32_t* color;      // per node
  std::int32_t* len;        // per item: the options in its list
  Link* open = nullptr;     // the doubly linked list of open items (up: the one before), if any
  std::int32_t listed = 0;  // items 1..listed are on it, and leave it when covered
};

// How far down an item's list the procedures go: all of it, or (the cost search, whose lists are
// sorted by cost) the options cheaper than a threshold.
struct WholeList {
  [[gnu::always_inline]] bool operator()(std::int32_t) const noexcept { return true; }
};
struct CheaperThan {
  const Cost* cost;  // per node: its option's cost
  Cost threshold;
  [[gnu::always_inline]] bool operator()(std::int32_t node) const noexcept {
    return cost[node] < threshold;
  }
};

// The number of each item (by ItemId): primary items 1, 2, ... in declaration order, secondary
// ones first_secondary, first_secondary + 1, ... in declaration order.
std::vector<std::int32_t> number_items(const Matrix& matrix, std::int32_t first_secondary);

// Lays out the options of `matrix` from node `first_spacer` (one past the last header) on, as
// above, the items numbered by `number`: sizes links, top and color (headers zeroed) and fills
// option_first (per option its first node, then one past the last spacer). The lists are left
// unlinked: each search links them in its own order (link_lists).
template <class Link>
void lay_out(const Matrix& matrix, std::span<const std::int32_t> number, std::int32_t first_spacer,
             std::vector<Link>& links, std::vector<std::int32_t>& top,
             std::vector<std::int32_t>& color, std::vector<std::int32_t>& option_first) {
  const std::size_t m = matrix.option_count();
  const std::size_t size = static_cast<std::size_t>(first_spacer) + matrix.entry_count() + m + 1;
  links.assign(size, Link{0, 0});
  top.assign(size, 0);
  color.assign(size, 0);
  option_first.resize(m + 1);
  std::int32_t x = first_spacer, previous_first = 0;
  for (std::size_t j = 0; j < m; ++j) {
    top[static_cast<std::size_t>(x)] = -static_cast<std::int32_t>(j);
    links[static_cast<std::size_t>(x)].up = previous_first;
    const std::int32_t spacer = x;
    previous_first = option_first[j] = x + 1;
    for (const Entry& e : matrix.option(static_cast<OptionId>(j))) {
      const auto node = static_cast<std::size_t>(++x);
      top[node] = number[static_cast<std::size_t>(e.item)];
      color[node] = e.color;
    }
    links[static_cast<std::size_t>(spacer)].down = x;
    ++x;
  }
  top[static_cast<std::size_t>(x)] = -static_cast<std::int32_t>(m);
  links[static_cast<std::size_t>(x)].up = previous_first;
  option_first[m] = x + 1;
}

// Links item's list in a circle: its header, then the nodes of `list`, top to bottom.
template <class Link>
void link_list(Link* ln, std::int32_t item, std::span<const std::int32_t> list) noexcept {
  std::int32_t above = item;
  for (const std::int32_t node : list) {
    ln[above].down = node;
    ln[node].up = above;
    above = node;
  }
  ln[above].down = item;
  ln[item].up = above;
}

// Links the lists of items 1..items from the nodes of the options laid out by lay_out that
// `visible` shows (every option when it is empty), each list in option order, or shuffled from
// *rng when rng is given, and sets each item's length (keeping its sign bit, which the links
// search uses as a mark).
template <class Link>
void link_lists(std::vector<Link>& links, const std::vector<std::int32_t>& top,
                std::span<const std::int32_t> option_first, std::span<const std::uint8_t> visible,
                std::int32_t items, std::int32_t* len, std::uint64_t* rng) {
  const std::size_t m = option_first.size() - 1;
  const auto n = static_cast<std::size_t>(items);
  const std::int32_t* tp = top.data();
  // The nodes of each list, gathered by a counting sort on their items.
  std::vector<std::int32_t> start(n + 2, 0);
  for (std::size_t j = 0; j < m; ++j)
    if (visible.empty() || visible[j])
      for (std::int32_t x = option_first[j]; tp[x] > 0; ++x)
        ++start[static_cast<std::size_t>(tp[x]) + 1];
  for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  std::vector<std::int32_t> order(static_cast<std::size_t>(start.back()));
  std::vector<std::int32_t> fill(start.begin(), start.end() - 1);
  for (std::size_t j = 0; j < m; ++j)
    if (visible.empty() || visible[j])
      for (std::int32_t x = option_first[j]; tp[x] > 0; ++x)
        order[static_cast<std::size_t>(fill[static_cast<std::size_t>(tp[x])]++)] = x;
  for (std::size_t c = 1; c <= n; ++c) {
    const std::span<std::int32_t> list(order.data() + start[c], order.data() + start[c + 1]);
    if (rng != nullptr)
      for (std::size_t i = list.size(); i > 1; --i)
        std::swap(list[i - 1], list[static_cast<std::size_t>(uniform(*rng, i))]);
    len[c] = static_cast<std::int32_t>(list.size()) | (len[c] & INT32_MIN);
    link_list(links.data(), static_cast<std::int32_t>(c), list);
  }
}

// Takes node q out of its list, or puts it back where it was.
template <class Link>
[[gnu::always_inline]] inline void unlink(Link* ln, std::int32_t q) noexcept {
  const Link x = ln[q];
  ln[x.up].down = x.down;
  ln[x.down].up = x.up;
}
template <class Link>
[[gnu::always_inline]] inline void relink(Link* ln, std::int32_t q) noexcept {
  const Link x = ln[q];
  ln[x.up].down = q;
  ln[x.down].up = q;
}

// Takes the nodes of node's option other than node itself out of their lists, except nodes of a
// purified item (negative color); returns how many it took out (DLX2's hide). Two runs, from the
// node to the option's end and from its start (the spacer's up) back to the node, so that only
// the first looks for the spacer, each node's item read once for that test and its length.
template <class Link>
inline std::uint64_t hide(Table<Link> t, std::int32_t node) noexcept {
  std::uint64_t updates = 0;
  const auto take = [&](std::int32_t q, std::int32_t item) {
    if (t.color[q] < 0) return;
    unlink(t.ln, q);
    --t.len[item];
    ++updates;
  };
  std::int32_t q = node + 1;
  for (std::int32_t item = t.top[q]; item > 0; item = t.top[++q]) take(q, item);
  for (q = t.ln[q].up; q != node; ++q) take(q, t.top[q]);
  return updates;
}

// Undoes hide, right to left.
template <class Link>
inline void unhide(Table<Link> t, std::int32_t node) noexcept {
  const auto put = [&](std::int32_t q, std::int32_t item) {
    if (t.color[q] < 0) return;
    relink(t.ln, q);
    ++t.len[item];
  };
  std::int32_t q = node - 1;
  for (std::int32_t item = t.top[q]; item > 0; item = t.top[--q]) put(q, item);
  for (q = t.ln[q].down; q != node; --q) put(q, t.top[q]);
}

// Hides the options of item's list from the top while `within` holds; returns the updates.
template <class Link, class Within = WholeList>
inline std::uint64_t hide_list(Table<Link> t, std::int32_t item, Within within = {}) noexcept {
  std::uint64_t updates = 0;
  for (std::int32_t p = t.ln[item].down; p != item && within(p); p = t.ln[p].down)
    updates += hide(t, p);
  return updates;
}

// Undoes hide_list, in the same order: the removals from one list may be undone in the order
// they were made (Knuth shows it for DLX3), which lets a walk bounded by a threshold (the cost
// search) stop where the hiding stopped.
template <class Link, class Within = WholeList>
inline void unhide_list(Table<Link> t, std::int32_t item, Within within = {}) noexcept {
  for (std::int32_t p = t.ln[item].down; p != item && within(p); p = t.ln[p].down) unhide(t, p);
}

// Covers an item: off the list of open items (when it is on one), its options hidden. Returns the
// updates: one for the item, one per node taken out.
template <class Link, class Within = WholeList>
inline std::uint64_t cover(Table<Link> t, std::int32_t item, Within within = {}) noexcept {
  if (item <= t.listed) unlink(t.open, item);
  return 1 + hide_list(t, item, within);
}

template <class Link, class Within = WholeList>
inline void uncover(Table<Link> t, std::int32_t item, Within within = {}) noexcept {
  unhide_list(t, item, within);
  if (item <= t.listed) relink(t.open, item);
}

// Keeps only the options that give node's item node's color (DLX2's purify): the others are
// hidden, those of the same color marked -1. Returns the updates; adds the nodes marked to
// `marked`.
template <class Link, class Within = WholeList>
inline std::uint64_t purify(Table<Link> t, std::int32_t node, std::uint64_t& marked,
                            Within within = {}) noexcept {
  const std::int32_t item = t.top[node], c = t.color[node];
  std::uint64_t updates = 0;
  for (std::int32_t p = t.ln[item].down; p != item && within(p); p = t.ln[p].down) {
    if (t.color[p] != c) {
      updates += hide(t, p);
    } else if (p != node) {
      t.color[p] = -1;
      ++marked;
    }
  }
  return updates;
}

template <class Link, class Within = WholeList>
inline void unpurify(Table<Link> t, std::int32_t node, Within within = {}) noexcept {
  const std::int32_t item = t.top[node], c = t.color[node];
  for (std::int32_t p = t.ln[item].down; p != item && within(p); p = t.ln[p].down) {
    if (t.color[p] < 0)
      t.color[p] = c;
    else if (p != node)
      unhide(t, p);
  }
}

}  // namespace dlx::detail
