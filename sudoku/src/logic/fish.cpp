// Fish on rows and columns: basic (X-Wing, Swordfish, Jellyfish), finned and sashimi.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

namespace {

// The lines of one grid that a fish takes as its base: its rows (`by_rows`) or its columns, line
// i's place j the cell at row i, column j (or the other way round), and their houses.
class Lines {
 public:
  Lines(const Geometry& g, int grid, bool by_rows)
      : g_(g),
        n_(g.size()),
        top_(g.grids()[static_cast<std::size_t>(grid)].first),
        left_(g.grids()[static_cast<std::size_t>(grid)].second),
        by_rows_(by_rows),
        rows_(grid * n_),
        columns_((static_cast<int>(g.grids().size()) + grid) * n_) {}
  int cell(int line, int i) const noexcept {
    const int r = by_rows_ ? line : i, c = by_rows_ ? i : line;
    return g_.square() ? r * n_ + c : g_.cell_at(top_ + r, left_ + c);
  }
  // The house of base line `line`, and of cover line `i` (houses: each grid's rows, then each
  // grid's columns).
  int house(int line) const noexcept { return (by_rows_ ? rows_ : columns_) + line; }
  int cover_house(int i) const noexcept { return (by_rows_ ? columns_ : rows_) + i; }

 private:
  const Geometry& g_;
  int n_, top_, left_;
  bool by_rows_;
  int rows_, columns_;
};

}  // namespace

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
  // In each grid (a samurai has five), rows as base and columns as cover, then the other way
  // round.
  for (int grid = 0; grid < static_cast<int>(g.grids().size()); ++grid)
    for (int by_rows = 1; by_rows >= 0; --by_rows) {
      const Lines on(g, grid, by_rows != 0);
      const auto cell_at = [&](int line, int i) { return on.cell(line, i); };
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
              return take(found, limit, steps, [&] {
                Step step{technique, {}, {}, digit_bit(d), {}, removed.list(), {}};
                for (std::uint64_t b = base; b != 0; b &= b - 1)
                  step.houses.push_back(on.house(std::countr_zero(b)));
                for (std::uint64_t w = cover; w != 0; w &= w - 1)
                  step.houses.push_back(on.cover_house(std::countr_zero(w)));
                for (std::uint64_t b = base; b != 0; b &= b - 1)
                  for (std::uint64_t w = cover; w != 0; w &= w - 1) {
                    const int cell = cell_at(std::countr_zero(b), std::countr_zero(w));
                    if (c.value(cell) == 0 && (c.mask(cell) & digit_bit(d)))
                      step.cells.push_back(cell);
                  }
                return step;
              });
            });
        if (stop) return found;
      }
    }
  return found;
}

Found finned_fish(Candidates& c, int size, std::vector<Step>* steps, int limit) {
  if (size < 2 || size > 4) throw std::invalid_argument("fish have 2 to 4 lines");
  Found found;
  const Geometry& g = c.geometry();
  const int n = g.size();
  const int words = g.cell_words();
  Removed removed(steps != nullptr);
  int lines[64];
  std::uint64_t spots[64];
  // In each grid (a samurai has five), rows as base and columns as cover, then the other way
  // round.
  for (int grid = 0; grid < static_cast<int>(g.grids().size()); ++grid)
    for (int by_rows = 1; by_rows >= 0; --by_rows) {
      const Lines on(g, grid, by_rows != 0);
      const auto cell_at = [&](int line, int i) { return on.cell(line, i); };
      // A line with more places than the fish's size and the most cells of it that a cell outside
      // sees can be in no fish: whatever the cover, it keeps more fins than any cell sees (on a
      // grid with few givens this leaves out nearly every line, where the subsets of lines and
      // covers would be millions).
      const int seen_max = g.line_sight(by_rows == 0);
      for (int d = 1; d <= n; ++d) {
        int count = 0;
        for (int line = 0; line < n; ++line) {
          std::uint64_t where = 0;
          for (int i = 0; i < n; ++i)
            if (has(c, cell_at(line, i), d)) where |= std::uint64_t{1} << i;
          // A single place is a hidden single.
          if (where != 0 && !single(where) && count_of(where) <= size + seen_max) {
            lines[count] = line;
            spots[count++] = where;
          }
        }
        const bool stop = for_each_subset(count, size, [&](std::uint64_t set) {
          std::uint64_t all = 0, base = 0;
          for (std::uint64_t s = set; s != 0; s &= s - 1) {
            all |= spots[std::countr_zero(s)];
            base |= std::uint64_t{1} << lines[std::countr_zero(s)];
          }
          if (count_of(all) <= size) return false;  // a basic fish, or none
          int positions[64], np = 0;
          for (std::uint64_t a = all; a != 0; a &= a - 1) positions[np++] = std::countr_zero(a);
          return for_each_subset(np, size, [&](std::uint64_t pick) {
            std::uint64_t cover = 0;
            for (std::uint64_t p = pick; p != 0; p &= p - 1)
              cover |= std::uint64_t{1} << positions[std::countr_zero(p)];
            // Every base line keeps a candidate in the cover; sashimi when one keeps only one.
            bool sashimi = false;
            std::uint64_t seen[64];
            for (int w = 0; w < words; ++w) seen[w] = ~std::uint64_t{0};
            int fins = 0;
            for (std::uint64_t s = set; s != 0; s &= s - 1) {
              const std::uint64_t where = spots[std::countr_zero(s)];
              if ((where & cover) == 0) return false;
              sashimi = sashimi || single(where & cover);
              for (std::uint64_t f = where & ~cover; f != 0; f &= f - 1) {
                const int fin = cell_at(lines[std::countr_zero(s)], std::countr_zero(f));
                const std::uint64_t* peers = g.peer_bits(fin);
                for (int w = 0; w < words; ++w) seen[w] &= peers[w];
                ++fins;
              }
            }
            if (fins == 0) return false;
            removed.clear();
            for (std::uint64_t w = cover; w != 0; w &= w - 1)
              for (int line = 0; line < n; ++line) {
                if (base >> line & 1) continue;
                const int cell = cell_at(line, std::countr_zero(w));
                if ((seen[cell >> 6] >> (cell & 63) & 1) && has(c, cell, d) && c.eliminate(cell, d))
                  removed.add({cell, d});
              }
            if (removed.empty()) return false;
            return take(found, limit, steps, [&] {
              const int kind = (size - 2) * 2 + (sashimi ? 1 : 0);
              Step step{static_cast<Technique>(static_cast<int>(Technique::finned_x_wing) + kind),
                        {},
                        {},
                        digit_bit(d),
                        {},
                        removed.list()};
              for (std::uint64_t b = base; b != 0; b &= b - 1)
                step.houses.push_back(on.house(std::countr_zero(b)));
              for (std::uint64_t w = cover; w != 0; w &= w - 1)
                step.houses.push_back(on.cover_house(std::countr_zero(w)));
              // The body (the base's candidates in the cover), then the fins, in reading order.
              for (int fin = 0; fin < 2; ++fin) {
                const auto first = static_cast<std::ptrdiff_t>(step.cells.size());
                for (std::uint64_t b = base; b != 0; b &= b - 1)
                  for (int i = 0; i < n; ++i) {
                    const int cell = cell_at(std::countr_zero(b), i);
                    if (has(c, cell, d) && ((cover >> i & 1) == (fin == 0)))
                      step.cells.push_back(cell);
                  }
                std::sort(step.cells.begin() + first, step.cells.end());
                step.groups.push_back(static_cast<int>(step.cells.size()));
              }
              return step;
            });
          });
        });
        if (stop) return found;
      }
    }
  return found;
}

}  // namespace sudoku
