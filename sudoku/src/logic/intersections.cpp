// The pairs of houses that share cells (LogicTables) and the technique they make: locked
// candidates, pointing and claiming.
#include <algorithm>
#include <atomic>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

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
  build_cage_tables(geometry);
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
        if (take(found, limit, steps, [&] {
              // The cells of the reasoning are the places of the digit, as for the other
              // techniques.
              std::vector<int> places;
              for (int cell : x.cells)
                if (c.value(cell) == 0 && (c.mask(cell) & digit_bit(digit))) places.push_back(cell);
              const HouseKind kind = g.houses()[static_cast<std::size_t>(from)].kind;
              return Step{is_line(kind) ? Technique::locked_claiming : Technique::locked_pointing,
                          {from, to},
                          std::move(places),
                          digit_bit(digit),
                          {},
                          removed.list(),
                          {}};
            }))
          return found;
      }
    }
  }
  return found;
}

}  // namespace

Found locked_candidates(Candidates& c, const LogicTables& tables, std::vector<Step>* steps,
                        int limit) {
  // The shapes unrolled, where the counts are constants (docs/history/2026-12-03.md, "locked
  // candidates before the search, unrolled"): a regular 9x9 grid (a box and a line
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

}  // namespace sudoku
