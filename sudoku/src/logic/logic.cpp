#include "sudoku/logic/logic.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <stdexcept>

#include "logic/internal.hpp"
#include "sudoku/logic/chains.hpp"
#include "sudoku/logic/forcing.hpp"
#include "sudoku/logic/rating.hpp"

namespace sudoku {

using detail::at_least;
using detail::at_most;
using detail::cell_list;
using detail::digit_list;
using detail::digit_of;
using detail::digit_text;
using detail::for_each_subset;
using detail::is_line;
using detail::reached;
using detail::removals;
using detail::Removed;
using detail::single;
using detail::two;

LogicTables::LogicTables(const Geometry& geometry) {
  static std::atomic<std::uint64_t> made{0};
  serial_ = ++made;
  const auto& houses = geometry.houses();
  const auto count = static_cast<int>(houses.size());
  // mark[cell] == a: the cell is in house a (the current a); in_b[cell] == b: it is in house b
  // (only the cells of b are ever marked b).
  std::vector<int> mark(static_cast<std::size_t>(geometry.cell_count()), -1);
  std::vector<int> in_b(mark);
  for (int a = 0; a < count; ++a) {
    const std::vector<int>& a_cells = houses[static_cast<std::size_t>(a)].cells;
    for (int cell : a_cells) mark[static_cast<std::size_t>(cell)] = a;
    for (int b = a + 1; b < count; ++b) {
      const std::vector<int>& b_cells = houses[static_cast<std::size_t>(b)].cells;
      // Counted first: most pairs share one cell or none, and need nothing built.
      std::size_t shared = 0;
      for (int cell : b_cells) shared += mark[static_cast<std::size_t>(cell)] == a ? 1 : 0;
      if (shared < 2 || shared == b_cells.size() || shared == a_cells.size()) continue;
      Intersection x{a, b, {}, {}, {}};
      x.cells.reserve(shared);
      x.b_rest.reserve(b_cells.size() - shared);
      x.a_rest.reserve(a_cells.size() - shared);
      for (int cell : b_cells) {
        in_b[static_cast<std::size_t>(cell)] = b;
        (mark[static_cast<std::size_t>(cell)] == a ? x.cells : x.b_rest).push_back(cell);
      }
      for (int cell : a_cells)
        if (in_b[static_cast<std::size_t>(cell)] != b) x.a_rest.push_back(cell);
      intersections_.push_back(std::move(x));
    }
  }

  // Each rest as other intersections (each inside the rest) and the cells they leave out.
  const auto xs = static_cast<int>(intersections_.size());
  std::vector<std::vector<int>> of_house(houses.size());
  for (int j = 0; j < xs; ++j) {
    of_house[static_cast<std::size_t>(intersections_[static_cast<std::size_t>(j)].a)].push_back(j);
    of_house[static_cast<std::size_t>(intersections_[static_cast<std::size_t>(j)].b)].push_back(j);
  }
  // Per cell: 0 outside the rest at hand, 1 in it, 2 in it and in a part taken already.
  std::vector<int> state(static_cast<std::size_t>(geometry.cell_count()), 0);
  std::vector<std::vector<int>> parts(2 * static_cast<std::size_t>(xs));
  std::vector<std::vector<int>> left(2 * static_cast<std::size_t>(xs));
  std::size_t most_cells = 0, most_parts = 0, most_left = 0;
  for (int i = 0; i < xs; ++i) {
    const Intersection& x = intersections_[static_cast<std::size_t>(i)];
    most_cells = std::max(most_cells, x.cells.size());
    for (int side = 0; side < 2; ++side) {
      const std::vector<int>& rest = side == 0 ? x.a_rest : x.b_rest;
      auto& p = parts[2 * static_cast<std::size_t>(i) + static_cast<std::size_t>(side)];
      auto& l = left[2 * static_cast<std::size_t>(i) + static_cast<std::size_t>(side)];
      for (const int r : rest) state[static_cast<std::size_t>(r)] = 1;
      for (const int j : of_house[static_cast<std::size_t>(side == 0 ? x.a : x.b)]) {
        const Intersection& y = intersections_[static_cast<std::size_t>(j)];
        bool inside = true, adds = false;
        for (const int cell : y.cells) {
          inside = inside && state[static_cast<std::size_t>(cell)] != 0;
          adds = adds || state[static_cast<std::size_t>(cell)] == 1;
        }
        if (j == i || !inside || !adds) continue;
        for (const int cell : y.cells) state[static_cast<std::size_t>(cell)] = 2;
        p.push_back(j);
      }
      for (const int r : rest) {
        if (state[static_cast<std::size_t>(r)] == 1) l.push_back(r);
        state[static_cast<std::size_t>(r)] = 0;
      }
      most_parts = std::max(most_parts, p.size());
      most_left = std::max(most_left, l.size());
    }
  }
  cells_per_record_ = static_cast<int>(most_cells);
  parts_per_rest_ = static_cast<int>(most_parts);
  cells_per_rest_ = static_cast<int>(most_left);
  record_size_ = cells_per_record_ + 2 * (parts_per_rest_ + cells_per_rest_);
  layout_.reserve(static_cast<std::size_t>(xs * record_size_));
  const auto append = [&](const std::vector<int>& list, int width, int padding) {
    layout_.insert(layout_.end(), list.begin(), list.end());
    layout_.insert(layout_.end(), static_cast<std::size_t>(width) - list.size(), padding);
  };
  for (int i = 0; i < xs; ++i) {
    append(intersections_[static_cast<std::size_t>(i)].cells, cells_per_record_,
           geometry.cell_count());
    for (std::size_t side = 0; side < 2; ++side) {
      append(parts[2 * static_cast<std::size_t>(i) + side], parts_per_rest_, xs);
      append(left[2 * static_cast<std::size_t>(i) + side], cells_per_rest_, geometry.cell_count());
    }
  }
  // The intersections of each cell, for keeping locked_candidates()'s unions up to date.
  cell_parts_start_.assign(static_cast<std::size_t>(geometry.cell_count()) + 1, 0);
  for (const Intersection& x : intersections_)
    for (const int cell : x.cells) ++cell_parts_start_[static_cast<std::size_t>(cell) + 1];
  for (std::size_t cell = 0; cell < static_cast<std::size_t>(geometry.cell_count()); ++cell)
    cell_parts_start_[cell + 1] += cell_parts_start_[cell];
  cell_parts_.resize(static_cast<std::size_t>(cell_parts_start_.back()));
  std::vector<int> next(cell_parts_start_.begin(), cell_parts_start_.end() - 1);
  for (int i = 0; i < xs; ++i)
    for (const int cell : intersections_[static_cast<std::size_t>(i)].cells)
      cell_parts_[static_cast<std::size_t>(next[static_cast<std::size_t>(cell)]++)] = i;
}

Found full_house(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    int empty = -1, count = 0;
    Mask placed = 0;
    for (int cell : g.houses()[static_cast<std::size_t>(h)].cells) {
      if (c.value(cell) != 0) {
        placed |= digit_bit(c.value(cell));
      } else {
        empty = cell;
        ++count;
      }
    }
    if (count != 1) continue;
    const Mask missing = c.all() & ~placed;
    if (!single(missing) || (c.mask(empty) & missing) == 0) continue;  // a contradiction instead
    const int digit = digit_of(missing);
    c.assign(empty, digit);
    if (steps)
      steps->push_back({Technique::full_house, {h}, {empty}, missing, {{empty, digit}}, {}, {}});
    ++found.steps;
    if (reached(found, limit)) return found;
  }
  return found;
}

Found naked_single(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell) {
    if (c.value(cell) != 0 || !single(c.mask(cell))) continue;
    const int digit = digit_of(c.mask(cell));
    c.assign(cell, digit);
    if (steps)
      steps->push_back(
          {Technique::naked_single, {}, {cell}, digit_bit(digit), {{cell, digit}}, {}, {}});
    ++found.steps;
    if (reached(found, limit)) return found;
  }
  return found;
}

Found hidden_single(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    const auto& cells = g.houses()[static_cast<std::size_t>(h)].cells;
    Mask once = 0, twice = 0, placed = 0;
    for (int cell : cells) {
      if (c.value(cell) != 0) {
        placed |= c.mask(cell);
        continue;
      }
      twice |= once & c.mask(cell);
      once |= c.mask(cell);
    }
    for (Mask hidden = once & ~twice & ~placed; hidden != 0; hidden &= hidden - 1) {
      const Mask bit = hidden & (~hidden + 1);
      for (int cell : cells) {
        if (c.value(cell) != 0 || (c.mask(cell) & bit) == 0) continue;
        if (single(c.mask(cell))) break;  // a naked single, found by the easier technique
        const int digit = digit_of(bit);
        c.assign(cell, digit);
        if (steps)
          steps->push_back({Technique::hidden_single, {h}, {cell}, bit, {{cell, digit}}, {}, {}});
        ++found.steps;
        if (reached(found, limit)) return found;
        break;
      }
    }
  }
  return found;
}

namespace {

// locked_candidates() for records of `Width` cells and rests of `Parts` parts and `Cells` cells
// (-1: as the tables say): constant counts for the common shapes let the compiler unroll.
template <int Width, int Parts, int Cells>
Found locked_scan(Candidates& c, const LogicTables& tables, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  Removed removed(steps != nullptr);
  const auto& xs = tables.intersections();
  const auto count = static_cast<int>(xs.size());
  const int* const layout = tables.layout().data();
  const int size = tables.record_size();
  const int width = Width >= 0 ? Width : tables.cells_per_record();
  const int parts = Parts >= 0 ? Parts : tables.parts_per_rest();
  const int rest_cells = Cells >= 0 ? Cells : tables.cells_per_rest();
  // The candidates of each intersection's cells, placed ones included (a placed digit is in
  // neither rest, so it is never locked), and 0 for the padding after them: kept up to date after
  // every elimination, they make each rest a few lookups (LogicTables::layout).
  Mask on_stack[256];
  std::vector<Mask> on_heap;
  if (count >= 256) on_heap.resize(static_cast<std::size_t>(count) + 1);
  Mask* const in = count >= 256 ? on_heap.data() : on_stack;
  const auto union_of = [&](int i) {
    Mask m = 0;
    for (const int *at = layout + i * size, *const end = at + width; at != end; ++at)
      m |= c.mask(*at);
    return m;
  };
  const auto rest_of = [&](const int* at) {
    Mask m = 0;
    for (const int* const end = at + parts; at != end; ++at) m |= in[*at];
    for (const int* const end = at + rest_cells; at != end; ++at) m |= c.mask(*at);
    return m;
  };
  for (int i = 0; i < count; ++i) in[i] = union_of(i);
  in[count] = 0;
  for (int i = 0; i < count; ++i) {
    const Mask shared = in[i];
    const int* const record = layout + i * size + width;
    const Mask a_rest = rest_of(record), b_rest = rest_of(record + parts + rest_cells);
    // From a house to the other: digits of `from` only in the intersection leave the other.
    if ((shared & ~a_rest & b_rest) == 0 && (shared & ~b_rest & a_rest) == 0) continue;
    const auto& x = xs[static_cast<std::size_t>(i)];
    for (int direction = 0; direction < 2; ++direction) {
      const int from = direction == 0 ? x.a : x.b, to = direction == 0 ? x.b : x.a;
      const Mask locked =
          shared & ~(direction == 0 ? a_rest : b_rest) & (direction == 0 ? b_rest : a_rest);
      for (Mask m = locked; m != 0; m &= m - 1) {
        const int digit = digit_of(m);
        removed.clear();
        // The cells of `to` outside the intersection, in reading order.
        for (int cell : direction == 0 ? x.b_rest : x.a_rest)
          if (c.eliminate(cell, digit)) {
            removed.add({cell, digit});
            for (const int j : tables.intersections_of(cell)) in[j] = union_of(j);
          }
        if (removed.empty()) continue;
        if (steps) {
          // The cells of the reasoning are the places of the digit, as for the other techniques.
          std::vector<int> places;
          for (int cell : x.cells)
            if (c.value(cell) == 0 && (c.mask(cell) & digit_bit(digit))) places.push_back(cell);
          const HouseKind kind = g.houses()[static_cast<std::size_t>(from)].kind;
          steps->push_back({is_line(kind) ? Technique::locked_claiming : Technique::locked_pointing,
                            {from, to},
                            std::move(places),
                            digit_bit(digit),
                            {},
                            removed.list(),
                            {}});
        }
        ++found.steps;
        if (reached(found, limit)) return found;
      }
    }
  }
  return found;
}

}  // namespace

Found locked_candidates(Candidates& c, const LogicTables& tables, std::vector<Step>* steps,
                        int limit) {
  // The shapes measured (docs/performance.md, 2026-12-03): a regular 9x9 grid (a box and a line
  // share 3 cells, each rest is two such intersections), X 9x9 (the diagonals' rests keep 6 cells
  // no intersection covers), regular 12x12 and 16x16 (4 cells, three intersections), hyper and
  // hyper-X 9x9 (the windows' rests keep 2 cells, with the diagonals 6).
  const int width = tables.cells_per_record(), parts = tables.parts_per_rest(),
            cells = tables.cells_per_rest();
  if (width == 3 && parts == 2 && cells == 0) return locked_scan<3, 2, 0>(c, tables, steps, limit);
  if (width == 3 && parts == 2 && cells == 6) return locked_scan<3, 2, 6>(c, tables, steps, limit);
  if (width == 4 && parts == 3 && cells == 0) return locked_scan<4, 3, 0>(c, tables, steps, limit);
  if (width == 4 && parts == 3 && cells == 2) return locked_scan<4, 3, 2>(c, tables, steps, limit);
  if (width == 4 && parts == 3 && cells == 6) return locked_scan<4, 3, 6>(c, tables, steps, limit);
  return locked_scan<-1, -1, -1>(c, tables, steps, limit);
}

namespace {

// naked_subset for size 2, with the same finds in the same order: the common case before a search,
// without the general enumeration of subsets.
Found naked_pairs(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const int n = g.size();
  Removed removed(steps != nullptr);
  const int houses = static_cast<int>(g.houses().size());
  // The open cells with at most two candidates, as bits (kept up to date below), so that only
  // houses with two of them are looked at. Whether a cell is one is a coin toss for the branch
  // predictor, so it is added, not branched on.
  const auto small = [](Mask m) { return ((m & (m - 1)) & ((m & (m - 1)) - 1)) == 0; };
  const int words = g.cell_words();
  std::uint64_t small_cells[64] = {};  // at most 64 * 64 cells
  for (int cell = 0; cell < g.cell_count(); ++cell)
    small_cells[cell >> 6] |= (static_cast<std::uint64_t>(small(c.mask(cell))) &
                               static_cast<std::uint64_t>(c.value(cell) == 0))
                              << (cell & 63);
  for (int h = 0; h < houses; ++h) {
    const std::uint64_t* const in_house = g.house_bits(h);
    std::uint64_t any = 0, two_or_more = 0;
    for (int w = 0; w < words; ++w) {
      const std::uint64_t x = small_cells[w] & in_house[w];
      two_or_more |= (x & (x - 1)) | static_cast<std::uint64_t>((any != 0) & (x != 0));
      any |= x;
    }
    if (two_or_more == 0) continue;
    const std::uint16_t* const cells = g.house_cells(h);
    // The house's open cells with at most two candidates, in house order (that of the cells'
    // numbers, in every kind of house).
    int open[64];
    int opens = 0;
    for (int w = 0; w < words; ++w)
      for (std::uint64_t x = small_cells[w] & in_house[w]; x != 0; x &= x - 1)
        open[opens++] = w * 64 + std::countr_zero(x);
    for (int i = 0; i + 1 < opens; ++i)
      for (int j = i + 1; j < opens; ++j) {
        const int a = open[i], b = open[j];
        const Mask digits = c.mask(a) | c.mask(b);
        if (!two(digits)) continue;
        removed.clear();
        for (int k = 0; k < n; ++k) {
          const int cell = cells[k];
          if (cell == a || cell == b || (c.mask(cell) & digits) == 0 || c.value(cell) != 0)
            continue;
          const bool was_small = small(c.mask(cell));
          for (Mask m = c.mask(cell) & digits; m != 0; m &= m - 1)
            if (c.eliminate(cell, digit_of(m))) removed.add({cell, digit_of(m)});
          if (!was_small && small(c.mask(cell)))
            small_cells[cell >> 6] |= std::uint64_t{1} << (cell & 63);
        }
        if (removed.empty()) continue;
        if (steps)
          steps->push_back({Technique::naked_pair, {h}, {a, b}, digits, {}, removed.list(), {}});
        ++found.steps;
        if (reached(found, limit)) return found;
      }
  }
  return found;
}

// hidden_subset for size 2, likewise: where each digit with at most two places in the house can
// go, found for those digits only.
Found hidden_pairs(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const int n = g.size();
  Removed removed(steps != nullptr);
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    const std::uint16_t* const cells = g.house_cells(h);
    // Digits seen in more than zero, one and two cells. A placed digit is seen once, in its own
    // cell (its peers lost it), and `placed` takes it out; every other digit is seen in open cells
    // only. So the masks are read as they are, with no test per cell.
    Mask seen0 = 0, seen1 = 0, seen2 = 0;
    const Mask placed = c.placed(h);
    for (int i = 0; i < n; ++i) {
      const Mask m = c.mask(cells[i]);
      seen2 |= seen1 & m;
      seen1 |= seen0 & m;
      seen0 |= m;
    }
    const Mask few = seen0 & ~seen2 & ~placed;  // digits with one or two places
    if ((few & (few - 1)) == 0 || at_most(seen0 & ~placed, 2)) continue;
    int digits[64];
    std::uint64_t places[64];
    int count = 0;
    for (Mask f = few; f != 0; f &= f - 1) {
      const Mask bit = f & (~f + 1);
      std::uint64_t where = 0;
      for (int i = 0; i < n; ++i)
        where |= static_cast<std::uint64_t>((c.mask(cells[i]) & bit) != 0) << i;  // open cells only
      digits[count] = digit_of(bit);
      places[count++] = where;
    }
    for (int i = 0; i + 1 < count; ++i)
      for (int j = i + 1; j < count; ++j) {
        const std::uint64_t where = places[i] | places[j];
        if (!two(where)) continue;
        const Mask pair = digit_bit(digits[i]) | digit_bit(digits[j]);
        removed.clear();
        int subset[2];
        int k = 0;
        for (std::uint64_t w = where; w != 0; w &= w - 1) {
          const int cell = cells[std::countr_zero(w)];
          subset[k++] = cell;
          for (Mask m = c.mask(cell) & ~pair; m != 0; m &= m - 1)
            if (c.eliminate(cell, digit_of(m))) removed.add({cell, digit_of(m)});
        }
        if (removed.empty()) continue;
        if (steps)
          steps->push_back(
              {Technique::hidden_pair, {h}, {subset, subset + 2}, pair, {}, removed.list(), {}});
        ++found.steps;
        if (reached(found, limit)) return found;
      }
  }
  return found;
}

}  // namespace

Found naked_subset(Candidates& c, int size, std::vector<Step>* steps, int limit) {
  Found found;
  if (size < 2 || size > 4) throw std::invalid_argument("subsets have 2 to 4 members");
  if (size == 2) return naked_pairs(c, steps, limit);
  const Geometry& g = c.geometry();
  const Technique technique = size == 2   ? Technique::naked_pair
                              : size == 3 ? Technique::naked_triple
                                          : Technique::naked_quad;
  int open[64];  // a house has at most 64 cells; no allocation
  Removed removed(steps != nullptr);
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    int opens = 0;
    for (int cell : g.houses()[static_cast<std::size_t>(h)].cells)
      if (c.value(cell) == 0 && at_most(c.mask(cell), size)) open[opens++] = cell;
    if (opens < size) continue;
    const bool stop = for_each_subset(opens, size, [&](std::uint64_t set) {
      Mask digits = 0;
      for (std::uint64_t s = set; s != 0; s &= s - 1) digits |= c.mask(open[std::countr_zero(s)]);
      if (count_of(digits) != size) return false;
      removed.clear();
      int subset[4];  // no allocation: most subsets found remove nothing (already applied)
      int n = 0;
      for (std::uint64_t s = set; s != 0; s &= s - 1) subset[n++] = open[std::countr_zero(s)];
      for (int cell : g.houses()[static_cast<std::size_t>(h)].cells) {
        if (c.value(cell) != 0 || std::find(subset, subset + n, cell) != subset + n) continue;
        for (Mask m = c.mask(cell) & digits; m != 0; m &= m - 1)
          if (c.eliminate(cell, digit_of(m))) removed.add({cell, digit_of(m)});
      }
      if (removed.empty()) return false;
      if (steps)
        steps->push_back({technique, {h}, {subset, subset + n}, digits, {}, removed.list(), {}});
      ++found.steps;
      return reached(found, limit);
    });
    if (stop) return found;
  }
  return found;
}

Found hidden_subset(Candidates& c, int size, std::vector<Step>* steps, int limit) {
  Found found;
  if (size < 2 || size > 4) throw std::invalid_argument("subsets have 2 to 4 members");
  if (size == 2) return hidden_pairs(c, steps, limit);
  const Geometry& g = c.geometry();
  const Technique technique = size == 2   ? Technique::hidden_pair
                              : size == 3 ? Technique::hidden_triple
                                          : Technique::hidden_quad;
  int digits[64];  // at most 64 digits; no allocation
  std::uint64_t places[64];
  Removed removed(steps != nullptr);
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    const auto& cells = g.houses()[static_cast<std::size_t>(h)].cells;
    // First a cheap filter: count each digit's places in the house, saturating past `size`
    // (seen[j]: digits seen in more than j cells); most houses hold no `size` digits with at
    // most `size` places, and need no more.
    Mask seen[5] = {};
    Mask placed = 0;
    for (int cell : cells) {
      const Mask m = c.mask(cell);
      if (c.value(cell) != 0) {
        placed |= m;
        continue;
      }
      for (int j = size; j > 0; --j) seen[j] |= seen[j - 1] & m;
      seen[0] |= m;
    }
    if (!at_least(seen[0] & ~seen[size] & ~placed, size) || at_most(seen[0] & ~placed, size))
      continue;
    int found_digits = 0;
    int open = 0;
    // Where each digit can go in the house, as a bit per position in `cells`.
    std::uint64_t where_of[64];
    std::fill_n(where_of, g.size(), std::uint64_t{0});
    placed = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (c.value(cells[i]) != 0) {
        placed |= c.mask(cells[i]);
        continue;
      }
      for (Mask m = c.mask(cells[i]); m != 0; m &= m - 1)
        where_of[std::countr_zero(m)] |= std::uint64_t{1} << i;
    }
    for (int d = 1; d <= g.size(); ++d) {
      const std::uint64_t where = where_of[d - 1];
      if ((placed & digit_bit(d)) || where == 0) continue;
      ++open;
      if (count_of(where) <= size) {
        digits[found_digits] = d;
        places[found_digits++] = where;
      }
    }
    if (open <= size || found_digits < size) continue;
    const bool stop = for_each_subset(found_digits, size, [&](std::uint64_t set) {
      std::uint64_t where = 0;
      Mask subset_digits = 0;
      for (std::uint64_t s = set; s != 0; s &= s - 1) {
        where |= places[std::countr_zero(s)];
        subset_digits |= digit_bit(digits[std::countr_zero(s)]);
      }
      if (count_of(where) != size) return false;
      removed.clear();
      int subset[4];  // no allocation, as in naked_subset
      int n = 0;
      for (std::uint64_t w = where; w != 0; w &= w - 1) {
        const int cell = cells[static_cast<std::size_t>(std::countr_zero(w))];
        subset[n++] = cell;
        for (Mask m = c.mask(cell) & ~subset_digits; m != 0; m &= m - 1)
          if (c.eliminate(cell, digit_of(m))) removed.add({cell, digit_of(m)});
      }
      if (removed.empty()) return false;
      if (steps)
        steps->push_back(
            {technique, {h}, {subset, subset + n}, subset_digits, {}, removed.list(), {}});
      ++found.steps;
      return reached(found, limit);
    });
    if (stop) return found;
  }
  return found;
}

Found basic_fish(Candidates& c, int size, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const int n = g.size();
  if (size < 2 || size > 4) throw std::invalid_argument("fish have 2 to 4 lines");
  const Technique technique = size == 2   ? Technique::x_wing
                              : size == 3 ? Technique::swordfish
                                          : Technique::jellyfish;
  std::vector<int> lines;
  std::vector<std::uint64_t> spots;
  Removed removed(steps != nullptr);
  // Rows as base and columns as cover, then the other way round; houses 0..n-1 are the rows,
  // n..2n-1 the columns.
  for (int by_rows = 1; by_rows >= 0; --by_rows) {
    const auto cell_at = [&](int line, int i) { return by_rows ? line * n + i : i * n + line; };
    for (int d = 1; d <= n; ++d) {
      lines.clear();
      spots.clear();
      for (int line = 0; line < n; ++line) {
        std::uint64_t where = 0;
        for (int i = 0; i < n; ++i) {
          const int cell = cell_at(line, i);
          if (c.value(cell) == 0 && (c.mask(cell) & digit_bit(d))) where |= std::uint64_t{1} << i;
        }
        if (count_of(where) >= 2 && count_of(where) <= size) {
          lines.push_back(line);
          spots.push_back(where);
        }
      }
      const bool stop =
          for_each_subset(static_cast<int>(lines.size()), size, [&](std::uint64_t set) {
            std::uint64_t cover = 0, base = 0;
            for (std::uint64_t s = set; s != 0; s &= s - 1) {
              cover |= spots[static_cast<std::size_t>(std::countr_zero(s))];
              base |= std::uint64_t{1} << lines[static_cast<std::size_t>(std::countr_zero(s))];
            }
            if (count_of(cover) != size) return false;
            removed.clear();
            for (std::uint64_t w = cover; w != 0; w &= w - 1)
              for (int line = 0; line < n; ++line) {
                if (base >> line & 1) continue;
                const int cell = cell_at(line, std::countr_zero(w));
                if (c.value(cell) == 0 && c.eliminate(cell, d)) removed.add({cell, d});
              }
            if (removed.empty()) return false;
            if (steps) {
              Step step{technique, {}, {}, digit_bit(d), {}, removed.list(), {}};
              for (std::uint64_t b = base; b != 0; b &= b - 1)
                step.houses.push_back((by_rows ? 0 : n) + std::countr_zero(b));
              for (std::uint64_t w = cover; w != 0; w &= w - 1)
                step.houses.push_back((by_rows ? n : 0) + std::countr_zero(w));
              for (std::uint64_t b = base; b != 0; b &= b - 1)
                for (std::uint64_t w = cover; w != 0; w &= w - 1) {
                  const int cell = cell_at(std::countr_zero(b), std::countr_zero(w));
                  if (c.value(cell) == 0 && (c.mask(cell) & digit_bit(d)))
                    step.cells.push_back(cell);
                }
              steps->push_back(std::move(step));
            }
            ++found.steps;
            return reached(found, limit);
          });
      if (stop) return found;
    }
  }
  return found;
}

Found find_contradiction(const Candidates& c, std::vector<Step>* steps) {
  Found found;
  const Geometry& g = c.geometry();
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (c.mask(cell) == 0) {
      found.contradiction = true;
      if (steps) steps->push_back({Technique::contradiction, {}, {cell}, 0, {}, {}, {}});
      return found;
    }
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    Mask seen = 0;
    for (int cell : g.houses()[static_cast<std::size_t>(h)].cells) seen |= c.mask(cell);
    if (const Mask missing = c.all() & ~seen; missing != 0) {
      found.contradiction = true;
      if (steps)
        steps->push_back({Technique::contradiction, {h}, {}, missing & (~missing + 1), {}, {}, {}});
      return found;
    }
  }
  // Two placed cells of a house with the same digit (from a naked single applied on both).
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    Mask placed = 0;
    for (int cell : g.houses()[static_cast<std::size_t>(h)].cells) {
      if (c.value(cell) == 0) continue;
      if (placed & c.mask(cell)) {
        found.contradiction = true;
        if (steps) steps->push_back({Technique::contradiction, {h}, {}, c.mask(cell), {}, {}, {}});
        return found;
      }
      placed |= c.mask(cell);
    }
  }
  return found;
}

namespace {

// One round: the easiest technique that applies, applied fully (or `limit` times).
bool apply_easiest(Candidates& c, const LogicTables& tables, Level level, bool singles,
                   std::vector<Step>* steps, int limit, Technique* used) {
  const auto try_one = [&](Technique t, Found found) {
    if (found.steps == 0) return false;
    if (used) *used = t;
    return true;
  };
  if (singles) {
    if (try_one(Technique::full_house, full_house(c, steps, limit))) return true;
    if (try_one(Technique::naked_single, naked_single(c, steps, limit))) return true;
    if (try_one(Technique::hidden_single, hidden_single(c, steps, limit))) return true;
  }
  if (level == Level::singles) return false;
  std::size_t before = steps ? steps->size() : 0;
  if (Found f = locked_candidates(c, tables, steps, limit); f.steps) {
    if (used)
      *used =
          steps && steps->size() > before ? steps->back().technique : Technique::locked_pointing;
    return true;
  }
  // Triples, quads and fish cost more time than they save the search (measured on the sample
  // sets with sudoku_bench), so the fast level stops at pairs.
  const int largest = level == Level::fast ? 2 : 4;
  for (int size = 2; size <= largest; ++size) {
    if (try_one(size == 2   ? Technique::naked_pair
                : size == 3 ? Technique::naked_triple
                            : Technique::naked_quad,
                naked_subset(c, size, steps, limit)))
      return true;
    if (try_one(size == 2   ? Technique::hidden_pair
                : size == 3 ? Technique::hidden_triple
                            : Technique::hidden_quad,
                hidden_subset(c, size, steps, limit)))
      return true;
  }
  if (level == Level::fast) return false;
  if (try_one(Technique::x_wing, basic_fish(c, 2, steps, limit))) return true;
  if (try_one(Technique::swordfish, basic_fish(c, 3, steps, limit))) return true;
  // Chains, shortest first within each technique; the nice loops report which kind they found.
  if (try_one(Technique::remote_pair, remote_pair(c, tables, steps, limit))) return true;
  if (try_one(Technique::x_chain, x_chain(c, tables, steps, limit))) return true;
  if (try_one(Technique::xy_chain, xy_chain(c, tables, steps, limit))) return true;
  for (const bool grouped : {false, true}) {
    before = steps ? steps->size() : 0;
    if (Found f = nice_loop(c, tables, grouped, steps, limit); f.steps) {
      if (used)
        *used = steps && steps->size() > before ? steps->back().technique
                : grouped                       ? Technique::grouped_aic
                                                : Technique::aic;
      return true;
    }
  }
  // The patterns of logic_*.cpp are rungs of the full ladder only: before a search they cost
  // far more than they save (finned fish and the almost locked sets above all; measured in
  // docs/performance.md).
  return false;
}

}  // namespace

namespace {

bool box_like(HouseKind kind) noexcept {
  return kind == HouseKind::box || kind == HouseKind::window || kind == HouseKind::region;
}

// Hidden singles in the box-like houses (`boxes`) or in the others, naked singles included:
// Sudoku Explainer looks for them in that order, before any naked single.
Found hidden_singles_of(Candidates& c, bool boxes, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    const House& house = g.houses()[static_cast<std::size_t>(h)];
    if (box_like(house.kind) != boxes) continue;
    Mask once = 0, twice = 0;
    for (int cell : house.cells) {
      if (c.value(cell) != 0) continue;
      twice |= once & c.mask(cell);
      once |= c.mask(cell);
    }
    for (Mask hidden = once & ~twice & ~c.placed(h); hidden != 0; hidden &= hidden - 1) {
      const Mask bit = hidden & (~hidden + 1);
      for (int cell : house.cells) {
        if (c.value(cell) != 0 || (c.mask(cell) & bit) == 0) continue;
        const int digit = digit_of(bit);
        c.assign(cell, digit);
        if (steps)
          steps->push_back({boxes ? Technique::hidden_single_box : Technique::hidden_single,
                            {h},
                            {cell},
                            bit,
                            {{cell, digit}},
                            {},
                            {}});
        ++found.steps;
        if (reached(found, limit)) return found;
        break;
      }
    }
  }
  return found;
}

// A hidden single of one of `digits` that the candidates leave in a house of `kind` holding one
// of the removed cells, which had two or more places for it before the removals (-1: none), as
// the cell; `house` and `digit` are set to its house and digit.
int hidden_single_after(const Candidates& before, const Candidates& after,
                        const std::vector<Candidate>& removed, Mask digits, HouseKind kind,
                        int& house, int& digit) {
  const Geometry& g = after.geometry();
  for (const Candidate& r : removed)
    for (const int h : g.houses_of(r.cell)) {
      if (g.houses()[static_cast<std::size_t>(h)].kind != kind) continue;
      for (Mask m = digits; m != 0; m &= m - 1) {
        const Mask bit = m & (~m + 1);
        if (after.placed(h) & bit) continue;
        int place = -1, places = 0, had = 0;
        for (const int cell : g.houses()[static_cast<std::size_t>(h)].cells) {
          if (after.value(cell) == 0 && (after.mask(cell) & bit)) {
            place = cell;
            ++places;
          }
          if (before.value(cell) == 0 && (before.mask(cell) & bit)) ++had;
        }
        if (places == 1 && had > 1) {
          house = h;
          digit = digit_of(bit);
          return place;
        }
      }
    }
  return -1;
}

// Steps of an easier-to-see kind (Sudoku Explainer's direct techniques): locked candidates or a
// hidden subset whose eliminations leave a hidden single, applied with that single.
Found direct(Candidates& c, const LogicTables& tables, Technique technique,
             std::vector<Step>* steps, int limit) {
  Found found;
  std::vector<Step> seen;
  {
    Candidates copy = c;
    if (technique == Technique::direct_pointing || technique == Technique::direct_claiming)
      locked_candidates(copy, tables, &seen);
    else
      hidden_subset(copy, technique == Technique::direct_hidden_pair ? 2 : 3, &seen);
  }
  const Technique kind = technique == Technique::direct_pointing      ? Technique::locked_pointing
                         : technique == Technique::direct_claiming    ? Technique::locked_claiming
                         : technique == Technique::direct_hidden_pair ? Technique::hidden_pair
                                                                      : Technique::hidden_triple;
  for (Step& step : seen) {
    if (step.technique != kind) continue;
    Candidates after = c;
    bool applies = false;
    for (const Candidate& r : step.removed) applies = after.eliminate(r.cell, r.digit) || applies;
    if (!applies) continue;
    // Pointing and claiming (as Sudoku Explainer sees them): the digit, in another house of the
    // kind it was confined in; a hidden subset: the other digits, in its house.
    const bool subset = kind == Technique::hidden_pair || kind == Technique::hidden_triple;
    Mask digits = step.digits;
    if (subset) {
      digits = 0;
      for (const Candidate& r : step.removed) digits |= digit_bit(r.digit);
    }
    const HouseKind house_kind =
        c.geometry().houses()[static_cast<std::size_t>(step.houses[0])].kind;
    int house = -1, digit = 0;
    const int cell = hidden_single_after(c, after, step.removed, digits, house_kind, house, digit);
    if (cell < 0 || (subset && house != step.houses.front()) ||
        (!subset && house == step.houses.front()))
      continue;
    for (const Candidate& r : step.removed) c.eliminate(r.cell, r.digit);
    c.assign(cell, digit);
    if (steps) {
      step.technique = technique;
      step.houses.resize(1);
      step.houses.push_back(house);
      step.placed = {{cell, digit}};
      steps->push_back(std::move(step));
    }
    ++found.steps;
    if (reached(found, limit)) return found;
  }
  return found;
}

// The rungs, each a technique function with the common signature.
Found rung_full_house(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return full_house(c, s, limit);
}
Found rung_hidden_single_box(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return hidden_singles_of(c, true, s, limit);
}
Found rung_hidden_single(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return hidden_singles_of(c, false, s, limit);
}
Found rung_direct_pointing(Candidates& c, const LogicTables& t, std::vector<Step>* s, int limit) {
  return direct(c, t, Technique::direct_pointing, s, limit);
}
Found rung_direct_claiming(Candidates& c, const LogicTables& t, std::vector<Step>* s, int limit) {
  return direct(c, t, Technique::direct_claiming, s, limit);
}
Found rung_direct_hidden_pair(Candidates& c, const LogicTables& t, std::vector<Step>* s,
                              int limit) {
  return direct(c, t, Technique::direct_hidden_pair, s, limit);
}
Found rung_naked_single(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return naked_single(c, s, limit);
}
Found rung_direct_hidden_triple(Candidates& c, const LogicTables& t, std::vector<Step>* s,
                                int limit) {
  return direct(c, t, Technique::direct_hidden_triple, s, limit);
}
Found rung_locked(Candidates& c, const LogicTables& t, std::vector<Step>* s, int limit) {
  return locked_candidates(c, t, s, limit);
}
Found rung_naked_pair(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return naked_subset(c, 2, s, limit);
}
Found rung_x_wing(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return basic_fish(c, 2, s, limit);
}
Found rung_hidden_pair(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return hidden_subset(c, 2, s, limit);
}
Found rung_naked_triple(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return naked_subset(c, 3, s, limit);
}
Found rung_swordfish(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return basic_fish(c, 3, s, limit);
}
Found rung_hidden_triple(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return hidden_subset(c, 3, s, limit);
}
Found rung_naked_quad(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return naked_subset(c, 4, s, limit);
}
Found rung_hidden_quad(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return hidden_subset(c, 4, s, limit);
}
Found rung_xy_wing(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return xy_wing(c, s, limit);
}
Found rung_xyz_wing(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return xyz_wing(c, s, limit);
}
template <int type>
Found rung_unique_rectangle(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return unique_rectangle(c, type, true, s, limit);
}
Found rung_hidden_rectangle(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return hidden_rectangle(c, true, s, limit);
}
Found rung_jellyfish(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return basic_fish(c, 4, s, limit);
}
Found rung_bug_plus_one(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return bug_plus_one(c, true, s, limit);
}
Found rung_skyscraper(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return skyscraper(c, s, limit);
}
Found rung_two_string_kite(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return two_string_kite(c, s, limit);
}
Found rung_turbot_fish(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return turbot_fish(c, s, limit);
}
Found rung_empty_rectangle(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return empty_rectangle(c, s, limit);
}
Found rung_simple_colours(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return simple_colours(c, s, limit);
}
Found rung_w_wing(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return w_wing(c, s, limit);
}
template <int size>
Found rung_finned_fish(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return finned_fish(c, size, s, limit);
}
Found rung_multi_colours(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return multi_colours(c, s, limit);
}
Found rung_wxyz_wing(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return wxyz_wing(c, s, limit);
}
Found rung_sue_de_coq(Candidates& c, const LogicTables& t, std::vector<Step>* s, int limit) {
  return sue_de_coq(c, t, s, limit);
}
Found rung_als_xz(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return als_xz(c, s, limit);
}
Found rung_als_xy_wing(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return als_xy_wing(c, s, limit);
}
Found rung_remote_pair(Candidates& c, const LogicTables& t, std::vector<Step>* s, int limit) {
  return remote_pair(c, t, s, limit);
}
Found rung_x_chain(Candidates& c, const LogicTables& t, std::vector<Step>* s, int limit) {
  return x_chain(c, t, s, limit);
}
Found rung_xy_chain(Candidates& c, const LogicTables& t, std::vector<Step>* s, int limit) {
  return xy_chain(c, t, s, limit);
}
Found rung_nice_loop(Candidates& c, const LogicTables& t, std::vector<Step>* s, int limit) {
  return nice_loop(c, t, false, s, limit);
}
Found rung_grouped_nice_loop(Candidates& c, const LogicTables& t, std::vector<Step>* s, int limit) {
  return nice_loop(c, t, true, s, limit);
}
Found rung_forcing_chain(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return forcing_chain(c, s, limit);
}
Found rung_nishio(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return nishio_forcing_chain(c, s, limit);
}
Found rung_static_forcing(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return static_forcing_chain(c, s, limit);
}
Found rung_dynamic_forcing(Candidates& c, const LogicTables&, std::vector<Step>* s, int limit) {
  return dynamic_forcing_chain(c, s, limit);
}
Found rung_dynamic_forcing_plus(Candidates& c, const LogicTables& t, std::vector<Step>* s,
                                int limit) {
  return dynamic_forcing_chain_plus(c, t, s, limit);
}

// Sudoku Explainer's order: by its difficulty (sudoku/logic/rating.hpp), easiest first. The patterns
// it has no name for stand where it rates the chain each one is: the single-digit patterns of
// four nodes with its Turbot Fish, colouring with the X-Chains, W-Wing with the chains of both
// kinds of link. Those no chain of its own can be (fins and a Hidden Rectangle need grouped
// nodes or uniqueness, the sets nodes of several cells) it finds only as forcing chains: they
// stand after its nishio, where they do not make a puzzle easier than it rates it.
constexpr std::array ladder{
    Rung{Technique::full_house, rung_full_house},
    Rung{Technique::hidden_single_box, rung_hidden_single_box},
    Rung{Technique::hidden_single, rung_hidden_single},
    Rung{Technique::direct_pointing, rung_direct_pointing},
    Rung{Technique::direct_claiming, rung_direct_claiming},
    Rung{Technique::direct_hidden_pair, rung_direct_hidden_pair},
    Rung{Technique::naked_single, rung_naked_single},
    Rung{Technique::direct_hidden_triple, rung_direct_hidden_triple},
    Rung{Technique::locked_pointing, rung_locked},
    Rung{Technique::naked_pair, rung_naked_pair},
    Rung{Technique::x_wing, rung_x_wing},
    Rung{Technique::hidden_pair, rung_hidden_pair},
    Rung{Technique::naked_triple, rung_naked_triple},
    Rung{Technique::swordfish, rung_swordfish},
    Rung{Technique::hidden_triple, rung_hidden_triple},
    Rung{Technique::xy_wing, rung_xy_wing},
    Rung{Technique::xyz_wing, rung_xyz_wing},
    Rung{Technique::unique_rectangle_1, rung_unique_rectangle<1>, true},
    Rung{Technique::unique_rectangle_4, rung_unique_rectangle<4>, true},
    Rung{Technique::unique_rectangle_2, rung_unique_rectangle<2>, true},
    Rung{Technique::unique_rectangle_3, rung_unique_rectangle<3>, true},
    Rung{Technique::naked_quad, rung_naked_quad},
    Rung{Technique::jellyfish, rung_jellyfish},
    Rung{Technique::hidden_quad, rung_hidden_quad},
    Rung{Technique::bug_plus_one, rung_bug_plus_one, true},
    Rung{Technique::remote_pair, rung_remote_pair},
    Rung{Technique::skyscraper, rung_skyscraper},
    Rung{Technique::two_string_kite, rung_two_string_kite},
    Rung{Technique::turbot_fish, rung_turbot_fish},
    Rung{Technique::empty_rectangle, rung_empty_rectangle},
    Rung{Technique::x_chain, rung_x_chain},
    Rung{Technique::simple_colours_trap, rung_simple_colours},
    Rung{Technique::xy_chain, rung_xy_chain},
    Rung{Technique::w_wing, rung_w_wing},
    Rung{Technique::aic, rung_nice_loop},
    Rung{Technique::grouped_aic, rung_grouped_nice_loop},
    Rung{Technique::forcing_x_chain, rung_forcing_chain},
    Rung{Technique::nishio_forcing_chain, rung_nishio},
    Rung{Technique::finned_x_wing, rung_finned_fish<2>},
    Rung{Technique::finned_swordfish, rung_finned_fish<3>},
    Rung{Technique::finned_jellyfish, rung_finned_fish<4>},
    Rung{Technique::hidden_rectangle, rung_hidden_rectangle, true},
    Rung{Technique::multi_colours, rung_multi_colours},
    Rung{Technique::wxyz_wing, rung_wxyz_wing},
    Rung{Technique::sue_de_coq, rung_sue_de_coq},
    Rung{Technique::als_xz, rung_als_xz},
    Rung{Technique::als_xy_wing, rung_als_xy_wing},
    Rung{Technique::cell_forcing_chain, rung_static_forcing},
    Rung{Technique::dynamic_forcing_chain, rung_dynamic_forcing},
    Rung{Technique::dynamic_forcing_chain_plus, rung_dynamic_forcing_plus},
};

// One round of the full ladder: the first rung that applies, applied fully (or `limit` times).
bool apply_ladder(Candidates& c, const LogicTables& tables, bool unique, std::vector<Step>* steps,
                  int limit, Technique* used) {
  for (const Rung& rung : ladder) {
    if (rung.assumes_unique && !unique) continue;
    const std::size_t before = steps ? steps->size() : 0;
    if (rung.apply(c, tables, steps, limit).steps == 0) continue;
    if (used) {
      *used = rung.technique;
      if (steps)
        for (std::size_t i = before; i < steps->size(); ++i)
          if (base_difficulty((*steps)[i].technique) > base_difficulty(*used))
            *used = (*steps)[i].technique;
    }
    return true;
  }
  return false;
}

// True when an elimination emptied a cell.
bool has_empty_cell(const Candidates& c) noexcept {
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell)
    if (c.mask(cell) == 0) return true;
  return false;
}

}  // namespace

std::span<const Rung> full_ladder() noexcept {
  return ladder;
}

Found reduce_pairs_after_locked(Candidates& c, const LogicTables& tables) {
  Found total;
  bool locked = false;  // locked candidates removed something: the pairs may pay from now on
  while (true) {
    if (!c.propagate_singles()) {
      total.contradiction = true;
      return total;
    }
    if (c.solved()) return total;
    // The order of apply_easiest at the fast level: locked candidates, naked and hidden pairs.
    if (locked_candidates(c, tables, nullptr, 0).steps != 0)
      locked = true;
    else if (!locked || (naked_subset(c, 2, nullptr, 0).steps == 0 &&
                         hidden_subset(c, 2, nullptr, 0).steps == 0))
      return total;
    ++total.steps;
    if (has_empty_cell(c)) {
      total.contradiction = true;
      return total;
    }
  }
}

Found reduce(Candidates& c, const LogicTables& tables, Level level, std::vector<Step>* steps,
             Technique* hardest, bool unique) {
  Found total;
  if (steps == nullptr && hardest == nullptr) {
    // Nothing to explain: the singles run in the fast propagation, the rest in between.
    while (true) {
      if (!c.propagate_singles()) {
        total.contradiction = true;
        return total;
      }
      if (c.solved()) return total;
      if (level == Level::full ? !apply_ladder(c, tables, unique, nullptr, 0, nullptr)
                               : !apply_easiest(c, tables, level, false, nullptr, 0, nullptr))
        return total;
      ++total.steps;
      if (has_empty_cell(c)) {
        total.contradiction = true;
        return total;
      }
    }
  }
  while (!c.solved()) {
    if (find_contradiction(c, steps).contradiction) {
      total.contradiction = true;
      return total;
    }
    Technique used = Technique::full_house;
    const std::size_t before = steps ? steps->size() : 0;
    if (level == Level::full) {
      if (!apply_ladder(c, tables, unique, steps, 0, &used)) break;
      ++total.steps;
      if (hardest && base_difficulty(used) > base_difficulty(*hardest)) *hardest = used;
      continue;
    }
    if (!apply_easiest(c, tables, level, true, steps, 0, &used)) break;
    ++total.steps;
    if (hardest) {
      if (steps)
        for (std::size_t i = before; i < steps->size(); ++i)
          used = std::max(used, (*steps)[i].technique);
      *hardest = std::max(*hardest, used);
    }
  }
  if (find_contradiction(c, steps).contradiction) total.contradiction = true;
  return total;
}

bool next_step(const Candidates& c, const LogicTables& tables, Step& step, Level level,
               bool unique) {
  std::vector<Step> steps;
  if (find_contradiction(c, &steps).contradiction) {
    step = steps.front();
    return true;
  }
  Candidates copy = c;
  if (level == Level::full ? !apply_ladder(copy, tables, unique, &steps, 1, nullptr)
                           : !apply_easiest(copy, tables, level, true, &steps, 1, nullptr))
    return false;
  if (steps.empty()) return false;
  step = steps.front();
  return true;
}

}  // namespace sudoku
