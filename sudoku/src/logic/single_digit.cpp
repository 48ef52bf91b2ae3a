// Skyscraper, 2-String Kite, Turbot fish and Empty Rectangle: patterns of one digit built on
// conjugate pairs (a house where the digit has exactly two places).
#include <bit>
#include <cstdint>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

namespace {

// A conjugate pair: the two places of a digit in a house.
struct Link {
  int a = 0, b = 0, house = 0;
};

bool box_like(HouseKind kind) noexcept {
  return kind == HouseKind::box || kind == HouseKind::window || kind == HouseKind::region;
}

// The first house holding both cells, of the kinds `accept` allows (-1 when none).
template <typename Accept>
int common_house(const Geometry& g, int x, int y, Accept&& accept) {
  for (const int h : g.houses_of(x))
    if (in_house(g, h, y) && accept(g.houses()[static_cast<std::size_t>(h)].kind)) return h;
  return -1;
}

enum class Shape { skyscraper, kite, turbot };

// The shape of the chain p=x-y=q with strong links in houses h1 (p, x) and h2 (y, q), or none
// of `want` (returns the house of the weak link x-y, -1 when it is not of that shape).
int shape_house(const Geometry& g, Shape want, int h1, int x, int y, int h2) {
  const HouseKind k1 = g.houses()[static_cast<std::size_t>(h1)].kind;
  const HouseKind k2 = g.houses()[static_cast<std::size_t>(h2)].kind;
  const auto line_across = [&](HouseKind k) {
    return common_house(g, x, y, [&](HouseKind kind) { return is_line(kind) && kind != k; });
  };
  const bool sky = is_line(k1) && k1 == k2 && line_across(k1) >= 0;
  const bool kite = is_line(k1) && is_line(k2) && k1 != k2 && common_house(g, x, y, box_like) >= 0;
  switch (want) {
    case Shape::skyscraper:
      return sky ? line_across(k1) : -1;
    case Shape::kite:
      return kite ? common_house(g, x, y, box_like) : -1;
    case Shape::turbot:
      return sky || kite ? -1 : common_house(g, x, y, [](HouseKind) { return true; });
  }
  return -1;
}

// Every chain p=x-y=q of one digit on two conjugate pairs, of one shape: cells that see both p
// and q lose the digit.
Found two_links(Candidates& c, Shape shape, Technique technique, std::vector<Step>* steps,
                int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const int n = g.size();
  const auto houses = static_cast<int>(g.houses().size());
  Removed removed(steps != nullptr);
  // At most one link per house; 64 * 64 cells have at most 4 * 64 + 2 houses of other kinds.
  Link stack[512];
  std::vector<Link> heap;
  if (houses > 512) heap.resize(static_cast<std::size_t>(houses));
  Link* const links = houses > 512 ? heap.data() : stack;
  for (int d = 1; d <= n; ++d) {
    int count = 0;
    for (int h = 0; h < houses; ++h) {
      int places[64];
      if (places_of(c, h, d, places) == 2) links[count++] = {places[0], places[1], h};
    }
    for (int i = 0; i < count; ++i)
      for (int j = 0; j < count; ++j) {
        if (i == j) continue;
        const Link& l1 = links[i];
        const Link& l2 = links[j];
        // The weak link x-y joins an end of each.
        if (!sees(g, l1.a, l2.a) && !sees(g, l1.a, l2.b) && !sees(g, l1.b, l2.a) &&
            !sees(g, l1.b, l2.b))
          continue;
        for (int e1 = 0; e1 < 2; ++e1)
          for (int e2 = 0; e2 < 2; ++e2) {
            const int p = e1 ? l1.b : l1.a, x = e1 ? l1.a : l1.b;
            const int y = e2 ? l2.b : l2.a, q = e2 ? l2.a : l2.b;
            // Four different cells; each chain once (the mirror image q=y-x=p is skipped).
            if (p == y || p == q || x == y || x == q || !sees(g, x, y) || p > q) continue;
            const int weak = shape_house(g, shape, l1.house, x, y, l2.house);
            if (weak < 0) continue;
            removed.clear();
            for (const int cell : g.peers(p))
              if (cell != x && cell != y && cell != q && sees(g, cell, q) && has(c, cell, d) &&
                  c.eliminate(cell, d))
                removed.add({cell, d});
            if (removed.empty()) continue;
            if (take(found, limit, steps, [&] {
                  return Step{technique,    {l1.house, weak, l2.house},
                              {p, x, y, q}, digit_bit(d),
                              {},           removed.list()};
                }))
              return found;
          }
      }
  }
  return found;
}

}  // namespace

Found skyscraper(Candidates& c, std::vector<Step>* steps, int limit) {
  return two_links(c, Shape::skyscraper, Technique::skyscraper, steps, limit);
}

Found two_string_kite(Candidates& c, std::vector<Step>* steps, int limit) {
  return two_links(c, Shape::kite, Technique::two_string_kite, steps, limit);
}

Found turbot_fish(Candidates& c, std::vector<Step>* steps, int limit) {
  return two_links(c, Shape::turbot, Technique::turbot_fish, steps, limit);
}

Found empty_rectangle(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const int n = g.size();
  if (!g.square()) return found;  // rows and columns of one square grid
  Removed removed(steps != nullptr);
  const auto row_of = [n](int cell) { return cell / n; };
  const auto col_of = [n](int cell) { return cell % n; };
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    if (!box_like(g.houses()[static_cast<std::size_t>(h)].kind)) continue;
    const std::uint16_t* cells = g.house_cells(h);
    // The lines that cross the house.
    std::uint64_t rows = 0, cols = 0;
    for (int i = 0; i < n; ++i) {
      rows |= std::uint64_t{1} << row_of(cells[i]);
      cols |= std::uint64_t{1} << col_of(cells[i]);
    }
    for (int d = 1; d <= n; ++d) {
      int places[64];
      const int k = places_of(c, h, d, places);
      if (k < 2) continue;
      for (std::uint64_t rs = rows; rs != 0; rs &= rs - 1)
        for (std::uint64_t cs = cols; cs != 0; cs &= cs - 1) {
          const int r = std::countr_zero(rs), col = std::countr_zero(cs);
          bool on_cross = true, off_row = false, off_col = false;
          for (int i = 0; i < k; ++i) {
            const bool in_row = row_of(places[i]) == r, in_col = col_of(places[i]) == col;
            on_cross = on_cross && (in_row || in_col);
            off_row = off_row || !in_row;
            off_col = off_col || !in_col;
          }
          if (!on_cross || !off_row || !off_col) continue;
          // A conjugate pair on a column (then a row) that misses the house, one end on the
          // cross's row: the cell of the cross's column on the other end's row loses the digit.
          for (int by_columns = 1; by_columns >= 0; --by_columns) {
            for (int line = 0; line < n; ++line) {
              if ((by_columns ? cols : rows) >> line & 1) continue;
              const int house = by_columns ? n + line : line;
              int pair[64];
              if (places_of(c, house, d, pair) != 2) continue;
              for (int e = 0; e < 2; ++e) {
                const int a = pair[e], b = pair[1 - e];
                if ((by_columns ? row_of(a) : col_of(a)) != (by_columns ? r : col)) continue;
                const int target = by_columns ? row_of(b) * n + col : r * n + col_of(b);
                if (in_house(g, h, target) || target == a || target == b || !has(c, target, d))
                  continue;
                removed.clear();
                if (c.eliminate(target, d)) removed.add({target, d});
                if (removed.empty()) continue;
                if (take(found, limit, steps, [&] {
                      Step step{Technique::empty_rectangle,
                                {h, r, n + col, house},
                                {},
                                digit_bit(d),
                                {},
                                removed.list()};
                      step.cells.assign(places, places + k);
                      step.cells.push_back(a);
                      step.cells.push_back(b);
                      step.groups = {k, k + 2};
                      return step;
                    }))
                  return found;
              }
            }
          }
        }
    }
  }
  return found;
}

}  // namespace sudoku
