// XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing: a few cells with few candidates, one digit of which
// must be somewhere among them.
#include <bit>
#include <cstdint>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

namespace {

// Removes the digit from the open cells that see every cell of `ends` (and are none of
// `skip`); returns false when none had it.
bool remove_seen(Candidates& c, int digit, const int* ends, int count, const int* skip, int skips,
                 Removed& removed) {
  const Geometry& g = c.geometry();
  bool any = false;
  for (const int cell : g.peers(ends[0])) {
    if (!has(c, cell, digit)) continue;
    bool all = true;
    for (int i = 1; i < count && all; ++i) all = cell != ends[i] && sees(g, cell, ends[i]);
    for (int i = 0; i < skips && all; ++i) all = cell != skip[i];
    if (all && c.eliminate(cell, digit)) {
      removed.add({cell, digit});
      any = true;
    }
  }
  return any;
}

}  // namespace

Found xy_wing(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  Removed removed(steps != nullptr);
  for (int pivot = 0; pivot < g.cell_count(); ++pivot) {
    const Mask xy = c.mask(pivot);
    if (c.value(pivot) != 0 || !two(xy)) continue;
    const auto peers = g.peers(pivot);
    for (const int a : peers) {
      const Mask ma = c.mask(a);
      if (c.value(a) != 0 || !two(ma) || !single(ma & xy)) continue;
      const Mask z = ma & ~xy;
      for (const int b : peers) {
        const Mask mb = c.mask(b);
        if (b <= a || c.value(b) != 0 || mb != (z | (xy & ~ma))) continue;
        removed.clear();
        const int ends[2] = {a, b};
        if (!remove_seen(c, digit_of(z), ends, 2, &pivot, 1, removed)) continue;
        if (take(found, limit, steps, [&] {
              return Step{Technique::xy_wing, {}, {pivot, a, b}, xy | z, {}, removed.list()};
            }))
          return found;
      }
    }
  }
  return found;
}

Found xyz_wing(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  Removed removed(steps != nullptr);
  for (int pivot = 0; pivot < g.cell_count(); ++pivot) {
    const Mask xyz = c.mask(pivot);
    if (c.value(pivot) != 0 || count_of(xyz) != 3) continue;
    const auto peers = g.peers(pivot);
    for (const int a : peers) {
      const Mask ma = c.mask(a);
      if (c.value(a) != 0 || !two(ma) || (ma & ~xyz) != 0) continue;
      for (const int b : peers) {
        const Mask mb = c.mask(b);
        if (b <= a || c.value(b) != 0 || !two(mb) || (mb & ~xyz) != 0 || !single(ma & mb)) continue;
        removed.clear();
        const int ends[3] = {pivot, a, b};
        if (!remove_seen(c, digit_of(ma & mb), ends, 3, nullptr, 0, removed)) continue;
        if (take(found, limit, steps, [&] {
              return Step{Technique::xyz_wing, {}, {pivot, a, b}, xyz, {}, removed.list()};
            }))
          return found;
      }
    }
  }
  return found;
}

Found w_wing(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const auto houses = static_cast<int>(g.houses().size());
  Removed removed(steps != nullptr);
  for (int p = 0; p < g.cell_count(); ++p) {
    const Mask xy = c.mask(p);
    if (c.value(p) != 0 || !two(xy)) continue;
    for (int q = p + 1; q < g.cell_count(); ++q) {
      if (c.value(q) != 0 || c.mask(q) != xy || sees(g, p, q)) continue;
      for (Mask m = xy; m != 0; m &= m - 1) {
        const int x = digit_of(m), y = digit_of(xy & ~(m & (~m + 1)));
        for (int h = 0; h < houses; ++h) {
          int pair[64];
          if (places_of(c, h, x, pair) != 2) continue;
          for (int e = 0; e < 2; ++e) {
            const int a = pair[e], b = pair[1 - e];
            if (a == p || a == q || b == p || b == q || !sees(g, p, a) || !sees(g, q, b)) continue;
            removed.clear();
            const int ends[2] = {p, q};
            if (!remove_seen(c, y, ends, 2, nullptr, 0, removed)) continue;
            if (take(found, limit, steps, [&] {
                  return Step{Technique::w_wing, {h}, {p, a, b, q}, xy, {}, removed.list()};
                }))
              return found;
          }
        }
      }
    }
  }
  return found;
}

Found wxyz_wing(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  Removed removed(steps != nullptr);
  // The open cells with two to four candidates, and every four of them with four digits.
  int open[4096];
  int count = 0;
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (c.value(cell) == 0 && count_of(c.mask(cell)) >= 2 && count_of(c.mask(cell)) <= 4)
      open[count++] = cell;
  int pick[4];
  // Returns true to stop.
  const auto check = [&]() {
    Mask all = 0;
    for (const int cell : pick) all |= c.mask(cell);
    if (count_of(all) != 4) return false;
    // The one digit whose cells do not all see each other.
    int loose = 0;
    for (Mask m = all; m != 0; m &= m - 1) {
      const Mask bit = m & (~m + 1);
      bool restricted = true;
      for (int i = 0; i < 4 && restricted; ++i)
        for (int j = i + 1; j < 4 && restricted; ++j)
          restricted =
              !((c.mask(pick[i]) & bit) && (c.mask(pick[j]) & bit)) || sees(g, pick[i], pick[j]);
      if (!restricted) {
        if (loose != 0) return false;
        loose = digit_of(bit);
      }
    }
    if (loose == 0) return false;
    int ends[4], k = 0;
    for (const int cell : pick)
      if (c.mask(cell) & digit_bit(loose)) ends[k++] = cell;
    removed.clear();
    if (!remove_seen(c, loose, ends, k, pick, 4, removed)) return false;
    return take(found, limit, steps, [&] {
      return Step{Technique::wxyz_wing, {}, {pick, pick + 4}, all, {}, removed.list()};
    });
  };
  for (int i = 0; i < count; ++i) {
    pick[0] = open[i];
    const Mask m0 = c.mask(pick[0]);
    for (int j = i + 1; j < count; ++j) {
      pick[1] = open[j];
      const Mask m1 = m0 | c.mask(pick[1]);
      if (!at_most(m1, 4)) continue;
      for (int k = j + 1; k < count; ++k) {
        pick[2] = open[k];
        const Mask m2 = m1 | c.mask(pick[2]);
        if (!at_most(m2, 4)) continue;
        for (int l = k + 1; l < count; ++l) {
          pick[3] = open[l];
          if (!at_most(m2 | c.mask(pick[3]), 4)) continue;
          if (check()) return found;
        }
      }
    }
  }
  return found;
}

}  // namespace sudoku
