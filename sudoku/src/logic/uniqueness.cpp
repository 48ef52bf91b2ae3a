// Unique Rectangles, Hidden Rectangle and BUG+1: deductions that hold only when the puzzle has
// one solution, since the pattern they avoid would give it two.
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

namespace {

// The patterns assume that digits swapped among cells that keep every house valid give another
// solution; a chess constraint (sudoku::Chess) or a killer cage's sum may forbid the swap, so on
// those shapes they find nothing. Nor on a samurai, whose rectangles are not those of one grid.
bool swaps_digits(const Geometry& g) {
  return g.chess() == Chess::none && g.cages().empty() && g.square() && g.rules_keep_uniqueness();
}

// True when swapping two digits between the diagonals of the rectangle (corners 0, 3 against
// 1, 2) keeps every house valid: each house holds as many corners of one diagonal as of the
// other.
bool swappable(const Geometry& g, const int (&corner)[4]) {
  for (int i = 0; i < 4; ++i)
    for (const int h : g.houses_of(corner[i])) {
      int balance = 0;
      for (int j = 0; j < 4; ++j)
        if (in_house(g, h, corner[j])) balance += (j == 0 || j == 3) ? 1 : -1;
      if (balance != 0) return false;
    }
  return true;
}

// Calls visit(corner, common) for every rectangle of open cells that could swap, its corners
// r1c1, r1c2, r2c1, r2c2 and the digits all four share (two or more); stops when visit returns
// true.
template <typename Visit>
bool for_each_rectangle(const Candidates& c, Visit&& visit) {
  const Geometry& g = c.geometry();
  const int n = g.size();
  for (int r1 = 0; r1 < n; ++r1)
    for (int c1 = 0; c1 < n; ++c1) {
      const int a = r1 * n + c1;
      if (c.value(a) != 0) continue;
      for (int c2 = c1 + 1; c2 < n; ++c2) {
        const int b = r1 * n + c2;
        if (c.value(b) != 0 || !at_least(c.mask(a) & c.mask(b), 2)) continue;
        for (int r2 = r1 + 1; r2 < n; ++r2) {
          const int corner[4] = {a, b, r2 * n + c1, r2 * n + c2};
          if (c.value(corner[2]) != 0 || c.value(corner[3]) != 0) continue;
          const Mask common = c.mask(a) & c.mask(b) & c.mask(corner[2]) & c.mask(corner[3]);
          if (!at_least(common, 2) || !swappable(g, corner)) continue;
          if (visit(corner, common)) return true;
        }
      }
    }
  return false;
}

// True when every corner still has both digits (an elimination made in the same call may have
// taken one since the rectangle was found).
bool all_have(const Candidates& c, const int (&corner)[4], Mask ab) {
  for (const int cell : corner)
    if ((c.mask(cell) & ab) != ab) return false;
  return true;
}

// The pairs of adjacent corners (sharing a row or a column): floor, then roof.
constexpr int sides[4][4] = {{0, 1, 2, 3}, {2, 3, 0, 1}, {0, 2, 1, 3}, {1, 3, 0, 2}};

// Removes the digits from the open cells that see both cells (and are neither).
void remove_seen_by_both(Candidates& c, Mask digits, int p, int q, Removed& removed) {
  const Geometry& g = c.geometry();
  for (const int cell : g.peers(p)) {
    if (cell == q || c.value(cell) != 0 || !sees(g, cell, q)) continue;
    for (Mask m = c.mask(cell) & digits; m != 0; m &= m - 1)
      if (c.eliminate(cell, digit_of(m))) removed.add({cell, digit_of(m)});
  }
}

}  // namespace

Found unique_rectangle(Candidates& c, int type, bool unique, std::vector<Step>* steps, int limit) {
  if (type < 1 || type > 4) throw std::invalid_argument("unique rectangles have types 1 to 4");
  Found found;
  if (!unique || !swaps_digits(c.geometry())) return found;
  const Geometry& g = c.geometry();
  const Technique technique =
      static_cast<Technique>(static_cast<int>(Technique::unique_rectangle_1) + type - 1);
  Removed removed(steps != nullptr);
  for_each_rectangle(c, [&](const int(&corner)[4], Mask common) {
    for (Mask m1 = common; m1 != 0; m1 &= m1 - 1)
      for (Mask m2 = m1 & (m1 - 1); m2 != 0; m2 &= m2 - 1) {
        const Mask ab = (m1 & (~m1 + 1)) | (m2 & (~m2 + 1));
        if (!all_have(c, corner, ab)) continue;
        int exact = 0, other = -1;
        for (int i = 0; i < 4; ++i) {
          if (c.mask(corner[i]) == ab)
            ++exact;
          else
            other = i;
        }
        removed.clear();
        std::vector<int> extra_cells;  // type 3's naked subset (only when steps are listed)
        int extra_house = -1;
        if (type == 1) {
          if (exact != 3) continue;
          for (Mask m = ab; m != 0; m &= m - 1)
            if (c.eliminate(corner[other], digit_of(m))) removed.add({corner[other], digit_of(m)});
        } else {
          for (const auto& side : sides) {
            const int f1 = corner[side[0]], f2 = corner[side[1]];
            const int r1 = corner[side[2]], r2 = corner[side[3]];
            if (c.mask(f1) != ab || c.mask(f2) != ab || c.mask(r1) == ab || c.mask(r2) == ab)
              continue;
            const Mask extras = (c.mask(r1) | c.mask(r2)) & ~ab;
            if (type == 2) {
              if (!single(extras) || c.mask(r1) != (ab | extras) || c.mask(r2) != (ab | extras))
                continue;
              remove_seen_by_both(c, extras, r1, r2, removed);
            } else if (type == 3) {
              // The roof acts as one cell with candidates `extras`: with k - 1 other cells of a
              // house holding both it makes a naked subset of k digits.
              for (const int h : g.houses_of(r1)) {
                if (!in_house(g, h, r2) || !removed.empty()) continue;
                int open[64], opens = 0;
                const std::uint16_t* cells = g.house_cells(h);
                for (int i = 0; i < g.size(); ++i)
                  if (cells[i] != r1 && cells[i] != r2 && c.value(cells[i]) == 0)
                    open[opens++] = cells[i];
                for (int k = 2; k <= 4 && removed.empty(); ++k)
                  for_each_subset(opens, k - 1, [&](std::uint64_t set) {
                    Mask digits = extras;
                    for (std::uint64_t s = set; s != 0; s &= s - 1)
                      digits |= c.mask(open[std::countr_zero(s)]);
                    if (count_of(digits) != k) return false;
                    for (int i = 0; i < opens; ++i) {
                      if (set >> i & 1) continue;
                      for (Mask m = c.mask(open[i]) & digits; m != 0; m &= m - 1)
                        if (c.eliminate(open[i], digit_of(m))) removed.add({open[i], digit_of(m)});
                    }
                    if (removed.empty()) return false;
                    if (steps) {
                      extra_house = h;
                      for (std::uint64_t s = set; s != 0; s &= s - 1)
                        extra_cells.push_back(open[std::countr_zero(s)]);
                    }
                    return true;
                  });
              }
            } else {
              // Type 4: one of the two digits confined to the roof in a house: the roof cells
              // lose the other.
              for (const int h : g.houses_of(r1)) {
                if (!in_house(g, h, r2) || !removed.empty()) continue;
                for (Mask m = ab; m != 0 && removed.empty(); m &= m - 1) {
                  int places[64];
                  if (places_of(c, h, digit_of(m), places) != 2) continue;
                  const int other_digit = digit_of(ab & ~(m & (~m + 1)));
                  for (const int roof : {r1, r2})
                    if (c.eliminate(roof, other_digit)) removed.add({roof, other_digit});
                  if (!removed.empty()) extra_house = h;
                }
              }
            }
            if (!removed.empty()) break;
          }
        }
        if (removed.empty()) continue;
        if (steps) {
          Step step{technique, {}, {corner, corner + 4}, ab, {}, removed.list()};
          if (extra_house >= 0) step.houses.push_back(extra_house);
          if (type == 3) {
            step.cells.insert(step.cells.end(), extra_cells.begin(), extra_cells.end());
            step.groups = {4, static_cast<int>(step.cells.size())};
          }
          steps->push_back(std::move(step));
        }
        ++found.steps;
        if (reached(found, limit)) return true;
      }
    return false;
  });
  return found;
}

Found hidden_rectangle(Candidates& c, bool unique, std::vector<Step>* steps, int limit) {
  Found found;
  if (!unique || !swaps_digits(c.geometry())) return found;
  const Geometry& g = c.geometry();
  const int n = g.size();
  Removed removed(steps != nullptr);
  for_each_rectangle(c, [&](const int(&corner)[4], Mask common) {
    for (Mask m1 = common; m1 != 0; m1 &= m1 - 1)
      for (Mask m2 = m1 & (m1 - 1); m2 != 0; m2 &= m2 - 1) {
        const Mask ab = (m1 & (~m1 + 1)) | (m2 & (~m2 + 1));
        for (int i = 0; i < 4; ++i) {
          if (c.mask(corner[i]) != ab) continue;
          // The opposite corner: x with two places on its row and two on its column (the
          // corners, which all have x) leaves it without y.
          const int q = corner[3 - i];
          for (Mask m = ab; m != 0; m &= m - 1) {
            const int x = digit_of(m), y = digit_of(ab & ~(m & (~m + 1)));
            if (!all_have(c, corner, ab) || c.mask(corner[i]) != ab) continue;
            int places[64];
            if (places_of(c, q / n, x, places) != 2 || places_of(c, n + q % n, x, places) != 2)
              continue;
            removed.clear();
            if (c.eliminate(q, y)) removed.add({q, y});
            if (removed.empty()) continue;
            if (take(found, limit, steps, [&] {
                  return Step{Technique::hidden_rectangle,
                              {q / n, n + q % n},
                              {corner, corner + 4},
                              ab,
                              {},
                              removed.list()};
                }))
              return true;
          }
        }
      }
    return false;
  });
  return found;
}

Found bug_plus_one(Candidates& c, bool unique, std::vector<Step>* steps, int limit) {
  Found found;
  if (!unique || !swaps_digits(c.geometry())) return found;
  const Geometry& g = c.geometry();
  int odd = -1;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    const int k = count_of(c.mask(cell));
    if (k == 2) continue;
    if (k != 3 || odd >= 0) return found;
    odd = cell;
  }
  if (odd < 0) return found;
  for (Mask m = c.mask(odd); m != 0; m &= m - 1) {
    const int d = digit_of(m);
    // Without d in the odd cell, every digit would have 0 or 2 places in every house.
    bool bug = true;
    for (int h = 0; h < static_cast<int>(g.houses().size()) && bug; ++h) {
      int count[64] = {};
      const std::uint16_t* cells = g.house_cells(h);
      for (int i = 0; i < g.size(); ++i) {
        if (c.value(cells[i]) != 0) continue;
        Mask cell_mask = c.mask(cells[i]);
        if (cells[i] == odd) cell_mask &= ~digit_bit(d);
        for (Mask x = cell_mask; x != 0; x &= x - 1) ++count[std::countr_zero(x)];
      }
      for (int digit = 0; digit < g.size() && bug; ++digit)
        bug = count[digit] == 0 || count[digit] == 2;
    }
    if (!bug) continue;
    c.assign(odd, d);
    if (steps) steps->push_back({Technique::bug_plus_one, {}, {odd}, digit_bit(d), {{odd, d}}, {}});
    ++found.steps;
    return found;
  }
  (void)limit;
  return found;
}

}  // namespace sudoku
