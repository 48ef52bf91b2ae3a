// The singles (full house, naked and hidden singles) and the contradictions: a cell without
// candidates, a digit without a place.
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

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
    if (take(found, limit, steps, [&] {
          return Step{Technique::full_house, {h}, {empty}, missing, {{empty, digit}}, {}, {}};
        }))
      return found;
  }
  return found;
}

Found naked_single(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell) {
    if (c.value(cell) != 0 || !single(c.mask(cell))) continue;
    const int digit = digit_of(c.mask(cell));
    c.assign(cell, digit);
    if (take(found, limit, steps, [&] {
          return Step{Technique::naked_single, {}, {cell}, digit_bit(digit),
                      {{cell, digit}},         {}, {}};
        }))
      return found;
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
        if (take(found, limit, steps, [&] {
              return Step{Technique::hidden_single, {h}, {cell}, bit, {{cell, digit}}, {}, {}};
            }))
          return found;
        break;
      }
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

}  // namespace sudoku
