// X-sums: the clue beside a row or column is the sum of its first X digits from that side, X
// being the first of them. "#x-sum r0c3=15 r4c10=20": above column 3, right of row 4.
#include <algorithm>
#include <bit>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

// A row or column holds every digit once: for each X the first cell may hold, the X - 1 cells
// after it hold a set of distinct digits (X not among them) with the clue's sum less X, and the
// cells after those the other digits.
class XSum : public Constraint {
 public:
  // The first digit sets the count of the sum: about a rule of 45.
  double difficulty() const noexcept override { return 2.4; }
  XSum(std::vector<int> cells, std::string label, int sum)
      : Constraint(std::move(cells), std::move(label)), sets_(this->cells().size() + 1) {
    const int n = static_cast<int>(this->cells().size());
    const std::uint64_t all = (std::uint64_t{1} << n) - 1;
    for (int x = 1; x <= n; ++x)
      for (std::uint64_t set = all & ~(std::uint64_t{1} << (x - 1));;
           set = (set - 1) & all & ~(std::uint64_t{1} << (x - 1))) {
        int total = x;
        for (std::uint64_t m = set; m != 0; m &= m - 1) total += std::countr_zero(m) + 1;
        if (total == sum && std::popcount(set) == x - 1)
          sets_[static_cast<std::size_t>(x)].push_back(set);
        if (set == 0) break;
      }
  }

  void narrow(std::span<std::uint64_t> masks) const override {
    const std::size_t length = masks.size();
    const std::uint64_t all = (std::uint64_t{1} << length) - 1;
    std::uint64_t keep[64] = {};
    for (std::uint64_t first = masks[0]; first != 0; first &= first - 1) {
      const int x = std::countr_zero(first) + 1;
      const std::uint64_t bit = std::uint64_t{1} << (x - 1);
      for (const std::uint64_t set : sets_[static_cast<std::size_t>(x)]) {
        const std::uint64_t others = all & ~set & ~bit;
        std::uint64_t inside = 0, outside = 0;
        bool fits = true;
        for (std::size_t k = 1; k < length && fits; ++k) {
          const bool in = k < static_cast<std::size_t>(x);
          const std::uint64_t m = masks[k] & (in ? set : others);
          fits = m != 0;
          (in ? inside : outside) |= m;
        }
        if (!fits || inside != set || outside != others) continue;
        keep[0] |= bit;
        for (std::size_t k = 1; k < length; ++k)
          keep[k] |= masks[k] & (k < static_cast<std::size_t>(x) ? set : others);
      }
    }
    std::copy(keep, keep + length, masks.begin());
  }

 private:
  std::vector<std::vector<std::uint64_t>> sets_;  // per X: the sets of the X - 1 digits after it
};

constexpr ClueKind kind{
    "x-sum",
    "X-sums: the clue beside a row or column is the sum of its first X digits from that side, X "
    "being the first of them",
    "x-sum",
    "x-sum",
    [](int size) { return size * (size + 1) / 2; },
    16,
    [](std::vector<int> cells, std::string label, int sum, int) -> ConstraintPtr {
      return std::make_shared<const XSum>(std::move(cells), std::move(label), sum);
    }};

}  // namespace

RulePtr read_x_sum(std::string_view arguments, const Geometry& geometry) {
  return ClueRule::read(kind, arguments, geometry);
}

}  // namespace sudoku::rules
