// Almost locked sets: n open cells of one house with n + 1 candidates between them. ALS-XZ,
// ALS-XY-Wing and Sue de Coq.
#include <bit>
#include <cstdint>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

namespace {

// An almost locked set: its cells (up to 8), their candidates and the house holding them.
struct Als {
  Mask digits = 0;
  int house = 0;
  int size = 0;
  std::uint16_t cells[8] = {};
};

// Every almost locked set of the grid, each set of cells once (under the first house holding
// all of them). Kept per thread from call to call, so that only the first call allocates.
const std::vector<Als>& all_sets(const Candidates& c) {
  thread_local std::vector<Als> sets;
  sets.clear();
  const Geometry& g = c.geometry();
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    int open[64], opens = 0;
    const std::uint16_t* cells = g.house_cells(h);
    for (int i = 0; i < g.size(); ++i)
      if (c.value(cells[i]) == 0) open[opens++] = cells[i];
    // Regular sizes take sets of every size; large grids stop at four cells (the count of sets
    // grows as the binomial coefficients).
    const int largest = std::min(opens - 1, opens <= 9 ? 8 : 4);
    for (int k = 1; k <= largest; ++k)
      for_each_subset(opens, k, [&](std::uint64_t set) {
        Als als;
        for (std::uint64_t s = set; s != 0; s &= s - 1) {
          const int cell = open[std::countr_zero(s)];
          als.digits |= c.mask(cell);
          als.cells[als.size++] = static_cast<std::uint16_t>(cell);
        }
        if (count_of(als.digits) != k + 1) return false;
        for (const int other : g.houses_of(als.cells[0])) {
          if (other >= h) break;
          bool all = true;
          for (int i = 1; i < k && all; ++i) all = in_house(g, other, als.cells[i]);
          if (all) return false;  // listed under that house already
        }
        als.house = h;
        sets.push_back(als);
        return false;
      });
  }
  return sets;
}

// True when the set still has the candidates it was found with (an elimination made in the same
// call may have taken one).
bool intact(const Candidates& c, const Als& a) {
  Mask m = 0;
  for (int i = 0; i < a.size; ++i) m |= c.mask(a.cells[i]);
  return m == a.digits;
}

bool overlap(const Als& a, const Als& b) {
  for (int i = 0; i < a.size; ++i)
    for (int j = 0; j < b.size; ++j)
      if (a.cells[i] == b.cells[j]) return true;
  return false;
}

// The restricted common digits of two disjoint sets: in both, and every cell of one holding it
// sees every cell of the other holding it.
Mask restricted_common(const Candidates& c, const Als& a, const Als& b) {
  const Geometry& g = c.geometry();
  Mask out = 0;
  for (Mask m = a.digits & b.digits; m != 0; m &= m - 1) {
    const Mask bit = m & (~m + 1);
    bool all = true;
    for (int i = 0; i < a.size && all; ++i) {
      if ((c.mask(a.cells[i]) & bit) == 0) continue;
      for (int j = 0; j < b.size && all; ++j)
        all = (c.mask(b.cells[j]) & bit) == 0 || sees(g, a.cells[i], b.cells[j]);
    }
    if (all) out |= bit;
  }
  return out;
}

// Removes z from the open cells that see every cell of the sets holding z.
void remove_seen_by_sets(Candidates& c, int z, const Als* const* sets, int count,
                         Removed& removed) {
  const Geometry& g = c.geometry();
  const int words = g.cell_words();
  std::uint64_t seen[64];
  for (int w = 0; w < words; ++w) seen[w] = ~std::uint64_t{0};
  for (int s = 0; s < count; ++s)
    for (int i = 0; i < sets[s]->size; ++i) {
      const int cell = sets[s]->cells[i];
      if ((c.mask(cell) & digit_bit(z)) == 0) continue;
      const std::uint64_t* peers = g.peer_bits(cell);
      for (int w = 0; w < words; ++w) seen[w] &= peers[w];
    }
  for (int w = 0; w < words; ++w)
    for (std::uint64_t bits = seen[w]; bits != 0; bits &= bits - 1) {
      const int cell = w * 64 + std::countr_zero(bits);
      if (cell < g.cell_count() && has(c, cell, z) && c.eliminate(cell, z)) removed.add({cell, z});
    }
}

Step set_step(Technique t, const Als* const* sets, int count, Mask digits,
              const std::vector<Candidate>& removed) {
  Step step{t, {}, {}, digits, {}, removed};
  for (int s = 0; s < count; ++s) {
    step.houses.push_back(sets[s]->house);
    step.cells.insert(step.cells.end(), sets[s]->cells, sets[s]->cells + sets[s]->size);
    step.groups.push_back(static_cast<int>(step.cells.size()));
  }
  return step;
}

}  // namespace

Found als_xz(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  Removed removed(steps != nullptr);
  const std::vector<Als>& sets = all_sets(c);
  for (std::size_t i = 0; i < sets.size(); ++i)
    for (std::size_t j = i + 1; j < sets.size(); ++j) {
      const Als &a = sets[i], &b = sets[j];
      const Mask common = a.digits & b.digits;
      if (!at_least(common, 2) || overlap(a, b) || !intact(c, a) || !intact(c, b)) continue;
      for (Mask x = restricted_common(c, a, b); x != 0; x &= x - 1) {
        removed.clear();
        const Als* pair[2] = {&a, &b};
        Mask zs = 0;
        for (Mask z = common & ~(x & (~x + 1)); z != 0; z &= z - 1) {
          const std::size_t before = removed.list().size();
          remove_seen_by_sets(c, digit_of(z), pair, 2, removed);
          if (!steps || removed.list().size() > before) zs |= z & (~z + 1);
        }
        if (removed.empty()) continue;
        if (take(found, limit, steps, [&] {
              return set_step(Technique::als_xz, pair, 2, (x & (~x + 1)) | zs, removed.list());
            }))
          return found;
      }
    }
  return found;
}

Found als_xy_wing(Candidates& c, std::vector<Step>* steps, int limit) {
  Found found;
  Removed removed(steps != nullptr);
  const std::vector<Als>& sets = all_sets(c);
  // Per pivot set C, the sets with a restricted common digit with it.
  thread_local std::vector<std::pair<int, Mask>> linked;
  for (std::size_t k = 0; k < sets.size(); ++k) {
    const Als& pivot = sets[k];
    linked.clear();
    for (std::size_t i = 0; i < sets.size(); ++i) {
      if (i == k || !at_least(sets[i].digits & pivot.digits, 1) || overlap(sets[i], pivot))
        continue;
      if (const Mask r = restricted_common(c, sets[i], pivot); r != 0)
        linked.emplace_back(static_cast<int>(i), r);
    }
    for (std::size_t i = 0; i < linked.size(); ++i)
      for (std::size_t j = i + 1; j < linked.size(); ++j) {
        const Als &a = sets[static_cast<std::size_t>(linked[i].first)],
                  &b = sets[static_cast<std::size_t>(linked[j].first)];
        const Mask common = a.digits & b.digits;
        if (common == 0 || overlap(a, b) || !intact(c, a) || !intact(c, b) || !intact(c, pivot))
          continue;
        for (Mask xs = linked[i].second; xs != 0; xs &= xs - 1)
          for (Mask ys = linked[j].second & ~(xs & (~xs + 1)); ys != 0; ys &= ys - 1) {
            const Mask x = xs & (~xs + 1), y = ys & (~ys + 1);
            removed.clear();
            const Als* three[3] = {&a, &b, &pivot};
            for (Mask z = common & ~x & ~y; z != 0; z &= z - 1)
              remove_seen_by_sets(c, digit_of(z), three, 2, removed);
            if (removed.empty()) continue;
            if (take(found, limit, steps, [&] {
                  Mask zs = 0;
                  for (const Candidate& r : removed.list()) zs |= digit_bit(r.digit);
                  return set_step(Technique::als_xy_wing, three, 3, x | y | zs, removed.list());
                }))
              return found;
          }
      }
  }
  return found;
}

Found sue_de_coq(Candidates& c, const LogicTables& tables, std::vector<Step>* steps, int limit) {
  Found found;
  Removed removed(steps != nullptr);
  for (const LogicTables::Intersection& x : tables.intersections()) {
    int inner[64], inners = 0;
    for (const int cell : x.cells)
      if (c.value(cell) == 0) inner[inners++] = cell;
    if (inners < 2) continue;
    int rest_a[64], as = 0, rest_b[64], bs = 0;
    for (const int cell : x.a_rest)
      if (c.value(cell) == 0) rest_a[as++] = cell;
    for (const int cell : x.b_rest)
      if (c.value(cell) == 0) rest_b[bs++] = cell;
    for (int k = 2; k <= inners; ++k) {
      const bool stop = for_each_subset(inners, k, [&](std::uint64_t iset) {
        Mask v = 0;
        for (std::uint64_t s = iset; s != 0; s &= s - 1) v |= c.mask(inner[std::countr_zero(s)]);
        if (count_of(v) < k + 2) return false;
        for (int ka = 1; ka <= 3 && ka <= as; ++ka) {
          const bool done = for_each_subset(as, ka, [&](std::uint64_t aset) {
            Mask da = 0;
            for (std::uint64_t s = aset; s != 0; s &= s - 1)
              da |= c.mask(rest_a[std::countr_zero(s)]);
            if ((da & v) == 0 || count_of(da | v) > k + ka + 3) return false;
            for (int kb = 1; kb <= 3 && kb <= bs; ++kb) {
              const bool hit = for_each_subset(bs, kb, [&](std::uint64_t bset) {
                Mask db = 0;
                for (std::uint64_t s = bset; s != 0; s &= s - 1)
                  db |= c.mask(rest_b[std::countr_zero(s)]);
                if ((db & v) == 0 || (db & da) != 0 || count_of(v | da | db) != k + ka + kb)
                  return false;
                removed.clear();
                const Mask from_a = (da | v) & ~db, from_b = (db | v) & ~da;
                const auto clear = [&](int cell, Mask digits) {
                  for (Mask m = c.mask(cell) & digits; m != 0; m &= m - 1)
                    if (c.eliminate(cell, digit_of(m))) removed.add({cell, digit_of(m)});
                };
                for (int i = 0; i < inners; ++i)
                  if ((iset >> i & 1) == 0) clear(inner[i], from_a | from_b);
                for (int i = 0; i < as; ++i)
                  if ((aset >> i & 1) == 0) clear(rest_a[i], from_a);
                for (int i = 0; i < bs; ++i)
                  if ((bset >> i & 1) == 0) clear(rest_b[i], from_b);
                if (removed.empty()) return false;
                return take(found, limit, steps, [&] {
                  Step step{Technique::sue_de_coq, {x.a, x.b}, {}, v | da | db, {}, removed.list()};
                  for (const auto& [set, list] :
                       {std::pair{iset, inner}, std::pair{aset, rest_a}, std::pair{bset, rest_b}}) {
                    for (std::uint64_t s = set; s != 0; s &= s - 1)
                      step.cells.push_back(list[std::countr_zero(s)]);
                    step.groups.push_back(static_cast<int>(step.cells.size()));
                  }
                  return step;
                });
              });
              if (hit) return true;
            }
            return false;
          });
          if (done) return true;
        }
        return false;
      });
      if (stop) return found;
    }
  }
  return found;
}

}  // namespace sudoku
