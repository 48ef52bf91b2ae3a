// The killer techniques: cage combinations and the rule of 45 (innies and outies), on the cages
// of Geometry::cages(). The cells of a cage are peers, so every other technique already keeps
// its digits distinct; these two read the sums.
#include <algorithm>
#include <bit>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku {

using namespace detail;

void LogicTables::build_cage_tables(const Geometry& g) {
  const auto& cages = g.cages();
  if (cages.empty()) return;
  const int n = g.size();
  for (const Cage& cage : cages)
    combinations_.push_back(cage_combinations(n, static_cast<int>(cage.cells.size()), cage.sum));
  const int house_total = n * (n + 1) / 2;
  const auto& houses = g.houses();
  for (int h = 0; h < static_cast<int>(houses.size()); ++h)
    cage_regions_.push_back({{h}, houses[static_cast<std::size_t>(h)].cells, house_total});
  // Bands of 2 to n-1 consecutive rows (houses 0..n-1) or columns (n..2n-1).
  for (const int first_line : {0, n})
    for (int count = 2; count < n; ++count)
      for (int from = 0; from + count <= n; ++from) {
        CageRegion region;
        for (int i = from; i < from + count; ++i) {
          region.houses.push_back(first_line + i);
          const auto& cells = houses[static_cast<std::size_t>(first_line + i)].cells;
          region.cells.insert(region.cells.end(), cells.begin(), cells.end());
        }
        std::sort(region.cells.begin(), region.cells.end());
        region.total = count * house_total;
        cage_regions_.push_back(std::move(region));
      }
}

namespace {

// The fillings of a cage's open cells with the digits `rest` (one each, each once, each cell
// from its candidates), by subsets of `rest` as bits of its own numbering: from_front[i] holds
// the subsets the first i cells can take, to_end[i] those after which the cells from i on can
// take the others. Reused from cage to cage.
struct Fillings {
  std::vector<std::vector<char>> from_front, to_end;

  // The candidates each cell can take in some filling (`allowed`, added to); false when there
  // is no filling.
  bool find(const std::vector<Mask>& masks, Mask rest, std::vector<Mask>& allowed) {
    const auto k = static_cast<int>(masks.size());
    int digits[64];
    int count = 0;
    for (Mask m = rest; m != 0; m &= m - 1) digits[count++] = std::countr_zero(m) + 1;
    if (count != k) return false;
    // Each cell's candidates in the numbering of `rest`.
    std::vector<unsigned> own(static_cast<std::size_t>(k), 0);
    for (int i = 0; i < k; ++i)
      for (int j = 0; j < count; ++j)
        if (masks[static_cast<std::size_t>(i)] & digit_bit(digits[j]))
          own[static_cast<std::size_t>(i)] |= 1u << j;
    const auto subsets = std::size_t{1} << k;
    from_front.resize(static_cast<std::size_t>(k) + 1);
    to_end.resize(static_cast<std::size_t>(k) + 1);
    for (auto& v : from_front) v.assign(subsets, 0);
    for (auto& v : to_end) v.assign(subsets, 0);
    from_front[0][0] = 1;
    for (int i = 0; i < k; ++i)
      for (std::size_t u = 0; u < subsets; ++u)
        if (from_front[static_cast<std::size_t>(i)][u])
          for (unsigned m = own[static_cast<std::size_t>(i)] & ~static_cast<unsigned>(u); m != 0;
               m &= m - 1)
            from_front[static_cast<std::size_t>(i) + 1][u | (m & (~m + 1))] = 1;
    to_end[static_cast<std::size_t>(k)][subsets - 1] = 1;
    for (int i = k - 1; i >= 0; --i)
      for (std::size_t u = 0; u < subsets; ++u)
        for (unsigned m = own[static_cast<std::size_t>(i)] & ~static_cast<unsigned>(u); m != 0;
             m &= m - 1)
          if (to_end[static_cast<std::size_t>(i) + 1][u | (m & (~m + 1))]) {
            to_end[static_cast<std::size_t>(i)][u] = 1;
            break;
          }
    if (!to_end[0][0]) return false;
    for (int i = 0; i < k; ++i)
      for (std::size_t u = 0; u < subsets; ++u)
        if (from_front[static_cast<std::size_t>(i)][u])
          for (unsigned m = own[static_cast<std::size_t>(i)] & ~static_cast<unsigned>(u); m != 0;
               m &= m - 1) {
            const unsigned bit = m & (~m + 1);
            if (to_end[static_cast<std::size_t>(i) + 1][u | bit])
              allowed[static_cast<std::size_t>(i)] |= digit_bit(digits[std::countr_zero(bit)]);
          }
    return true;
  }
};

// Cages of more open cells than this are left to their sums' bounds alone.
constexpr int largest_filling = 12;

}  // namespace

Found cage_combinations(Candidates& c, const LogicTables& tables, std::vector<Step>* steps,
                        int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const auto& cages = g.cages();
  if (cages.empty()) return found;
  Fillings fillings;
  std::vector<int> open;
  std::vector<Mask> masks, allowed;
  Removed removed(steps != nullptr);
  for (int k = 0; k < static_cast<int>(cages.size()); ++k) {
    const Cage& cage = cages[static_cast<std::size_t>(k)];
    Mask placed = 0;
    open.clear();
    masks.clear();
    for (const int cell : cage.cells) {
      if (const int d = c.value(cell); d != 0) {
        placed |= digit_bit(d);
      } else {
        open.push_back(cell);
        masks.push_back(c.mask(cell));
      }
    }
    if (open.empty() || static_cast<int>(open.size()) > largest_filling) continue;
    allowed.assign(open.size(), 0);
    Mask kept = 0;
    for (const Mask combination : tables.combinations(k)) {
      if ((combination & placed) != placed) continue;
      if (fillings.find(masks, combination & ~placed, allowed)) kept |= combination;
    }
    removed.clear();
    for (std::size_t i = 0; i < open.size(); ++i)
      for (Mask m = masks[i] & ~allowed[i]; m != 0; m &= m - 1) {
        const int digit = digit_of(m & (~m + 1));
        c.eliminate(open[i], digit);
        removed.add({open[i], digit});
      }
    if (removed.empty()) continue;
    if (take(found, limit, steps, [&] {
          Step step{Technique::cage_combinations, {}, cage.cells, kept, {}, removed.list(), {}};
          step.cages = {k};
          return step;
        }))
      return found;
  }
  return found;
}

namespace {

// The smallest and the largest candidate of a cell.
int lowest(Mask m) noexcept {
  return std::countr_zero(m) + 1;
}
int highest(Mask m) noexcept {
  return 64 - std::countl_zero(m);
}

}  // namespace

Found rule_of_45(Candidates& c, const LogicTables& tables, std::vector<Step>* steps, int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const auto& cages = g.cages();
  if (cages.empty()) return found;
  const int n = g.size();
  std::vector<int> inside(cages.size(), 0);  // per cage, its cells in the region
  std::vector<char> in_region(static_cast<std::size_t>(g.cell_count()), 0);
  std::vector<int> touched, used, cells, open;
  std::vector<Candidate> gone;
  // The cells `cells` add up to `sum`: one open cell gets the sum less the placed digits; two or
  // three lose what the others' bounds leave out. True when the limit is reached.
  const auto conclude = [&](const std::vector<int>& region_houses, int sum) {
    open.clear();
    for (const int cell : cells) {
      if (c.value(cell) != 0)
        sum -= c.value(cell);
      else
        open.push_back(cell);
    }
    if (open.empty() || open.size() > 3) return false;
    if (open.size() == 1 && sum >= 1 && sum <= n && (c.mask(open[0]) & digit_bit(sum))) {
      c.assign(open[0], sum);
      return take(found, limit, steps, [&] {
        Step step{
            Technique::rule_of_45, region_houses, cells, digit_bit(sum), {{open[0], sum}}, {}, {}};
        step.cages = used;
        return step;
      });
    }
    gone.clear();
    for (const int cell : open) {
      int low = sum, high = sum;  // the bounds the other open cells leave this one
      for (const int other : open)
        if (other != cell) {
          low -= highest(c.mask(other));
          high -= lowest(c.mask(other));
        }
      for (Mask m = c.mask(cell); m != 0; m &= m - 1) {
        const int digit = digit_of(m & (~m + 1));
        if (digit < low || digit > high) gone.push_back({cell, digit});
      }
    }
    if (gone.empty()) return false;
    for (const Candidate& r : gone) c.eliminate(r.cell, r.digit);
    return take(found, limit, steps, [&] {
      Step step{Technique::rule_of_45, region_houses, cells, 0, {}, gone, {}};
      step.cages = used;
      return step;
    });
  };
  for (const LogicTables::CageRegion& region : tables.cage_regions()) {
    touched.clear();
    bool covered = true;  // every cell of the region is in a cage
    for (const int cell : region.cells) {
      in_region[static_cast<std::size_t>(cell)] = 1;
      const int k = g.cage_of(cell);
      if (k < 0) {
        covered = false;
        continue;
      }
      if (inside[static_cast<std::size_t>(k)]++ == 0) touched.push_back(k);
    }
    std::sort(touched.begin(), touched.end());
    // Innies: the cells of the region outside the cages wholly in it.
    used.clear();
    int sum = region.total;
    for (const int k : touched)
      if (inside[static_cast<std::size_t>(k)] ==
          static_cast<int>(cages[static_cast<std::size_t>(k)].cells.size())) {
        used.push_back(k);
        sum -= cages[static_cast<std::size_t>(k)].sum;
      }
    cells.clear();
    for (const int cell : region.cells) {
      const int k = g.cage_of(cell);
      if (k < 0 || inside[static_cast<std::size_t>(k)] !=
                       static_cast<int>(cages[static_cast<std::size_t>(k)].cells.size()))
        cells.push_back(cell);
    }
    bool done = !used.empty() && !cells.empty() && conclude(region.houses, sum);
    // Outies: the cells outside the region of the cages touching it, when they cover it.
    if (!done && covered && used.size() < touched.size()) {
      used = touched;
      sum = -region.total;
      cells.clear();
      for (const int k : touched) {
        sum += cages[static_cast<std::size_t>(k)].sum;
        for (const int cell : cages[static_cast<std::size_t>(k)].cells)
          if (!in_region[static_cast<std::size_t>(cell)]) cells.push_back(cell);
      }
      std::sort(cells.begin(), cells.end());
      done = conclude(region.houses, sum);
    }
    for (const int cell : region.cells) in_region[static_cast<std::size_t>(cell)] = 0;
    for (const int k : touched) inside[static_cast<std::size_t>(k)] = 0;
    if (done) return found;
  }
  return found;
}

}  // namespace sudoku
