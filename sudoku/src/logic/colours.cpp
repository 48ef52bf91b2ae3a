// Simple colours and multi-colours: the conjugate pairs of one digit joined into clusters, each
// cluster's cells in two colours of which exactly one holds the digit.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

namespace {

// The clusters of one digit: cell_of_cluster[cell] (-1 outside), colour_of[cell] (0 or 1), and
// the cells of each cluster in reading order (members[start[k] .. start[k + 1])). Sized for
// 64 x 64 cells, on the caller's stack frame: nothing is allocated.
struct Clusters {
  std::int16_t cluster[4096];
  std::uint8_t colour[4096];
  std::int16_t members[4096];
  int start[4097];
  int count = 0;
};

void find_clusters(const Candidates& c, int d, Clusters& out) {
  const Geometry& g = c.geometry();
  const int cells = g.cell_count();
  std::fill_n(out.cluster, cells, std::int16_t{-1});
  // A cell is linked when some house holds it and one other place of the digit only.
  const auto linked = [&](int cell, auto&& visit) {
    for (const int h : g.houses_of(cell)) {
      int places[64];
      if (places_of(c, h, d, places) == 2) visit(places[0] == cell ? places[1] : places[0]);
    }
  };
  out.count = 0;
  int queue[4096];
  int filled = 0;
  for (int seed = 0; seed < cells; ++seed) {
    if (out.cluster[seed] >= 0 || !has(c, seed, d)) continue;
    bool any = false;
    linked(seed, [&](int) { any = true; });
    if (!any) continue;
    const int k = out.count++;
    out.start[k] = filled;
    int head = 0, tail = 0;
    queue[tail++] = seed;
    out.cluster[seed] = static_cast<std::int16_t>(k);
    out.colour[seed] = 0;
    while (head < tail) {
      const int cell = queue[head++];
      out.members[filled++] = static_cast<std::int16_t>(cell);
      linked(cell, [&](int other) {
        if (out.cluster[other] >= 0) return;
        out.cluster[other] = static_cast<std::int16_t>(k);
        out.colour[other] = static_cast<std::uint8_t>(1 - out.colour[cell]);
        queue[tail++] = other;
      });
    }
    std::sort(out.members + out.start[k], out.members + filled);
  }
  out.start[out.count] = filled;
}

// The cells of a cluster's colour, in reading order, appended to `cells`.
void colour_cells(const Clusters& k, int cluster, int colour, std::vector<int>& cells) {
  for (int i = k.start[cluster]; i < k.start[cluster + 1]; ++i)
    if (k.colour[k.members[i]] == colour) cells.push_back(k.members[i]);
}

// True when a cell sees a cell of the cluster's colour.
bool sees_colour(const Geometry& g, const Clusters& k, int cell, int cluster, int colour) {
  for (int i = k.start[cluster]; i < k.start[cluster + 1]; ++i) {
    const int other = k.members[i];
    if (k.colour[other] == colour && other != cell && sees(g, cell, other)) return true;
  }
  return false;
}

Step colour_step(Technique t, const Clusters& k, int d, const int* order, int pairs,
                 const std::vector<Candidate>& removed) {
  Step step{t, {}, {}, digit_bit(d), {}, removed};
  for (int i = 0; i < pairs; ++i) {
    colour_cells(k, order[2 * i], order[2 * i + 1], step.cells);
    step.groups.push_back(static_cast<int>(step.cells.size()));
  }
  return step;
}

}  // namespace

Found simple_colours(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  Removed removed(steps != nullptr);
  Clusters k;
  for (int d = 1; d <= g.size(); ++d) {
    find_clusters(c, d, k);
    for (int x = 0; x < k.count; ++x) {
      // Wrap: two cells of one colour that see each other.
      bool wrapped = false;
      for (int colour = 0; colour < 2 && !wrapped; ++colour) {
        for (int i = k.start[x]; i < k.start[x + 1] && !wrapped; ++i)
          for (int j = i + 1; j < k.start[x + 1] && !wrapped; ++j)
            wrapped = k.colour[k.members[i]] == colour && k.colour[k.members[j]] == colour &&
                      sees(g, k.members[i], k.members[j]);
        if (!wrapped) continue;
        removed.clear();
        for (int i = k.start[x]; i < k.start[x + 1]; ++i)
          if (k.colour[k.members[i]] == colour && c.eliminate(k.members[i], d))
            removed.add({k.members[i], d});
        const int order[4] = {x, colour, x, 1 - colour};
        if (take(found, limit, steps, [&] {
              return colour_step(Technique::simple_colours_wrap, k, d, order, 2, removed.list());
            }))
          return found;
      }
      if (wrapped) continue;
      // Trap: a cell outside the cluster that sees both colours.
      removed.clear();
      for (int cell = 0; cell < g.cell_count(); ++cell)
        if (has(c, cell, d) && k.cluster[cell] != x && sees_colour(g, k, cell, x, 0) &&
            sees_colour(g, k, cell, x, 1) && c.eliminate(cell, d))
          removed.add({cell, d});
      if (removed.empty()) continue;
      const int order[4] = {x, 0, x, 1};
      if (take(found, limit, steps, [&] {
            return colour_step(Technique::simple_colours_trap, k, d, order, 2, removed.list());
          }))
        return found;
    }
  }
  return found;
}

Found multi_colours(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  Removed removed(steps != nullptr);
  Clusters k;
  for (int d = 1; d <= g.size(); ++d) {
    find_clusters(c, d, k);
    for (int x = 0; x < k.count; ++x)
      for (int y = 0; y < k.count; ++y) {
        if (x == y) continue;
        for (int a = 0; a < 2; ++a) {
          // Whether colour a of x sees colour b of y, for b = 0, 1.
          bool meets[2] = {false, false};
          for (int i = k.start[x]; i < k.start[x + 1]; ++i) {
            const int cell = k.members[i];
            if (k.colour[cell] != a) continue;
            for (int b = 0; b < 2; ++b) meets[b] = meets[b] || sees_colour(g, k, cell, y, b);
          }
          removed.clear();
          int order[8];
          if (meets[0] && meets[1]) {
            // Colour a of x sees both colours of y: it is false.
            for (int i = k.start[x]; i < k.start[x + 1]; ++i)
              if (k.colour[k.members[i]] == a && c.eliminate(k.members[i], d))
                removed.add({k.members[i], d});
            const int o[8] = {x, a, x, 1 - a, y, 0, y, 1};
            std::copy(o, o + 8, order);
          } else {
            for (int b = 0; b < 2 && removed.empty(); ++b) {
              if (!meets[b] || y < x) continue;  // each pair of clusters once
              // a and b exclude each other: the opposite colours have one true.
              for (int cell = 0; cell < g.cell_count(); ++cell)
                if (has(c, cell, d) && sees_colour(g, k, cell, x, 1 - a) &&
                    sees_colour(g, k, cell, y, 1 - b) && c.eliminate(cell, d))
                  removed.add({cell, d});
              const int o[8] = {x, a, x, 1 - a, y, b, y, 1 - b};
              std::copy(o, o + 8, order);
            }
          }
          if (removed.empty()) continue;
          if (take(found, limit, steps, [&] {
                return colour_step(Technique::multi_colours, k, d, order, 4, removed.list());
              }))
            return found;
        }
      }
  }
  return found;
}

}  // namespace sudoku
