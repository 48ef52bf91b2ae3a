// Naked and hidden subsets: pairs, triples and quads of cells or digits in a house.
#include <algorithm>
#include <bit>
#include <span>
#include <stdexcept>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

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
        if (take(found, limit, steps, [&] {
              return Step{Technique::naked_pair, {h}, {a, b}, digits, {}, removed.list(), {}};
            }))
          return found;
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
        if (take(found, limit, steps, [&] {
              return Step{Technique::hidden_pair, {h}, {subset, subset + 2}, pair, {},
                          removed.list(),         {}};
            }))
          return found;
      }
  }
  return found;
}

// Takes the step of a subset in house h that removed something (none when it removed nothing).
bool take_subset(Found& found, int limit, std::vector<Step>* steps, Technique technique, int h,
                 std::span<const int> subset, Mask digits, const Removed& removed) {
  if (removed.empty()) return false;
  return take(found, limit, steps, [&] {
    return Step{technique, {h}, {subset.begin(), subset.end()}, digits, {}, removed.list(), {}};
  });
}

// The technique of a subset of `size` members; std::invalid_argument unless 2 to 4.
Technique subset_technique(bool hidden, int size) {
  constexpr Technique naked[] = {Technique::naked_pair, Technique::naked_triple,
                                 Technique::naked_quad};
  constexpr Technique hidden_ones[] = {Technique::hidden_pair, Technique::hidden_triple,
                                       Technique::hidden_quad};
  if (size < 2 || size > 4) throw std::invalid_argument("subsets have 2 to 4 members");
  return (hidden ? hidden_ones : naked)[size - 2];
}

}  // namespace

Found naked_subset(Candidates& c, int size, std::vector<Step>* steps, int limit) {
  const Technique technique = subset_technique(false, size);
  if (size == 2) return naked_pairs(c, steps, limit);
  Found found;
  const Geometry& g = c.geometry();
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
      return take_subset(found, limit, steps, technique, h, {subset, subset + n}, digits, removed);
    });
    if (stop) return found;
  }
  return found;
}

Found hidden_subset(Candidates& c, int size, std::vector<Step>* steps, int limit) {
  const Technique technique = subset_technique(true, size);
  if (size == 2) return hidden_pairs(c, steps, limit);
  Found found;
  const Geometry& g = c.geometry();
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
      return take_subset(found, limit, steps, technique, h, {subset, subset + n}, subset_digits,
                         removed);
    });
    if (stop) return found;
  }
  return found;
}

}  // namespace sudoku
