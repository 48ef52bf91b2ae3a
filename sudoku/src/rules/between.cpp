// Between lines: the digits along a line lie strictly between the digits of its two ends (the
// circles). "#between r1c1-r1c2-r1c3 r5c5-r6c6-r7c7-r8c8".
#include <algorithm>
#include <bit>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

class BetweenLine : public Constraint {
 public:
  // Read off the two ends: about a pointing.
  double difficulty() const noexcept override { return 1.7; }
  using Constraint::Constraint;

  void narrow(std::span<std::uint64_t> masks) const override {
    const std::size_t last = masks.size() - 1;
    std::uint64_t keep_first = 0, keep_last = 0;
    thread_local std::vector<std::uint64_t> keep;
    keep.assign(masks.size(), 0);
    for (std::uint64_t a = masks.front(); a != 0; a &= a - 1)
      for (std::uint64_t b = masks[last]; b != 0; b &= b - 1) {
        const int x = std::countr_zero(a), y = std::countr_zero(b);
        const int low = std::min(x, y), high = std::max(x, y);
        if (high - low < 2) continue;
        // The digits strictly between, as bits low + 1 .. high - 1.
        const std::uint64_t inside =
            ((std::uint64_t{1} << high) - 1) & ~((std::uint64_t{2} << low) - 1);
        bool open = true;
        for (std::size_t k = 1; k < last && open; ++k) open = (masks[k] & inside) != 0;
        if (!open) continue;
        keep_first |= a & -a;
        keep_last |= b & -b;
        for (std::size_t k = 1; k < last; ++k) keep[k] |= masks[k] & inside;
      }
    keep.front() = keep_first;
    keep[last] = keep_last;
    std::copy(keep.begin(), keep.end(), masks.begin());
  }
};

constexpr SpanKind kind{
    "between",
    "between lines: the digits along a between line lie strictly between the digits of its two "
    "ends",
    "between line",
    "r1c1-r1c2-r1c3",
    3,
    "#c0c0c0",
    true,
    [](const Geometry&, std::vector<int> line, std::string label) -> ConstraintPtr {
      return std::make_shared<const BetweenLine>(std::move(line), std::move(label));
    }};

}  // namespace

RulePtr read_between(std::string_view arguments, const Geometry& geometry) {
  return SpanRule::read(kind, arguments, geometry);
}

}  // namespace sudoku::rules
