// Sandwiches: the digits between the 1 and the largest digit (9 on a 9x9) of a row or column sum
// to the clue beside it. "#sandwich r0c3=15 r4c0=0": above column 3, left of row 4 (below and
// right of the grid too).
#include <algorithm>
#include <bit>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

// A row or column holds every digit once, so the digits between the crusts are a set of
// distinct digits with the clue's sum and those outside are the others: for each place of the
// crusts and each such set, the cells between must hold it and those outside the rest.
class SandwichSum : public Constraint {
 public:
  // Where the crusts can stand and which sets fill between: about a rule of 45.
  double difficulty() const noexcept override { return 2.4; }
  SandwichSum(std::vector<int> cells, std::string label, int sum, int size)
      : Constraint(std::move(cells), std::move(label)),
        size_(size),
        middle_(((std::uint64_t{1} << size) - 1) &
                ~(std::uint64_t{1} | std::uint64_t{1} << (size - 1))),
        sets_(static_cast<std::size_t>(size) - 1) {
    // The sets of middle digits (2 .. size - 1) with the clue's sum, by their size.
    for (std::uint64_t set = middle_;; set = (set - 1) & middle_) {
      int total = 0;
      for (std::uint64_t m = set; m != 0; m &= m - 1) total += std::countr_zero(m) + 1;
      if (total == sum) sets_[static_cast<std::size_t>(std::popcount(set))].push_back(set);
      if (set == 0) break;
    }
  }

  void narrow(std::span<std::uint64_t> masks) const override {
    const std::uint64_t one = 1, top = std::uint64_t{1} << (size_ - 1);
    const std::size_t length = masks.size();
    std::uint64_t keep[64] = {};
    for (std::size_t i = 0; i < length; ++i)
      for (std::size_t j = i + 1; j < length; ++j) {
        const bool one_first = (masks[i] & one) != 0 && (masks[j] & top) != 0;
        const bool top_first = (masks[i] & top) != 0 && (masks[j] & one) != 0;
        if (!one_first && !top_first) continue;
        const std::size_t between = j - i - 1;
        if (between >= sets_.size()) continue;
        for (const std::uint64_t set : sets_[between]) {
          const std::uint64_t others = middle_ & ~set;
          std::uint64_t inside = 0, outside = 0;
          bool fits = true;
          for (std::size_t k = 0; k < length && fits; ++k) {
            if (k == i || k == j) continue;
            const std::uint64_t m = masks[k] & (k > i && k < j ? set : others);
            fits = m != 0;
            (k > i && k < j ? inside : outside) |= m;
          }
          if (!fits || inside != set || outside != others) continue;
          keep[i] |= (one_first ? one : 0) | (top_first ? top : 0);
          keep[j] |= (one_first ? top : 0) | (top_first ? one : 0);
          for (std::size_t k = 0; k < length; ++k)
            if (k != i && k != j) keep[k] |= masks[k] & (k > i && k < j ? set : others);
        }
      }
    std::copy(keep, keep + length, masks.begin());
  }

 private:
  int size_;
  std::uint64_t middle_;
  std::vector<std::vector<std::uint64_t>> sets_;
};

constexpr ClueKind kind{
    "sandwich",
    "sandwiches: the digits between the smallest and the largest digit of a row or column sum to "
    "the clue beside it",
    "sandwich",
    "sandwich sum",
    [](int size) { return (size - 2) * (size + 1) / 2; },  // 2 + ... + (size - 1)
    16,
    [](std::vector<int> cells, std::string label, int sum, int size) -> ConstraintPtr {
      return std::make_shared<const SandwichSum>(std::move(cells), std::move(label), sum, size);
    }};

}  // namespace

RulePtr read_sandwich(std::string_view arguments, const Geometry& geometry) {
  return ClueRule::read(kind, arguments, geometry);
}

}  // namespace sudoku::rules
