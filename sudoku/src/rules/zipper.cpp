// Zipper lines: digits an equal distance from the middle of the line sum to the digit in the
// middle, or, on a line of an even length, to the two middle digits' sum.
// "#zipper r1c1-r1c2-r1c3 r5c5-r5c6-r6c6-r6c5".
#include <algorithm>
#include <bit>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

class ZipperLine : public Constraint {
 public:
  // Pairs summing to the middle: about a little killer.
  double difficulty() const noexcept override { return 2.0; }
  using Constraint::Constraint;

  // For each total the middle can make, every pair around it must make it too.
  void narrow(std::span<std::uint64_t> masks) const override {
    const std::size_t length = masks.size(), pairs = length / 2;
    const bool odd = length % 2 == 1;
    std::uint64_t keep[64] = {};
    const auto pair_makes = [&](std::size_t i, int total, std::uint64_t* into) {
      const std::size_t j = length - 1 - i;
      bool made = false;
      for (std::uint64_t a = masks[i]; a != 0; a &= a - 1) {
        const int x = std::countr_zero(a) + 1, y = total - x;
        if (y < 1 || y > 64 || (masks[j] >> (y - 1) & 1) == 0) continue;
        made = true;
        if (into != nullptr) {
          into[i] |= a & -a;
          into[j] |= std::uint64_t{1} << (y - 1);
        }
      }
      return made;
    };
    const std::uint64_t middle = odd ? masks[pairs] : 0;
    for (int total = 2; total <= 128; ++total) {
      if (odd && (total > 64 || (middle >> (total - 1) & 1) == 0)) continue;
      bool all = true;
      for (std::size_t i = 0; i < pairs && all; ++i) all = pair_makes(i, total, nullptr);
      if (!all) continue;
      for (std::size_t i = 0; i < pairs; ++i) pair_makes(i, total, keep);
      if (odd) keep[pairs] |= std::uint64_t{1} << (total - 1);
    }
    std::copy(keep, keep + length, masks.begin());
  }
};

constexpr SpanKind kind{
    "zipper",
    "zipper lines: digits an equal distance from the middle of a zipper line sum to the middle "
    "digit (on a line of an even length, to the two middle digits' sum)",
    "zipper line",
    "r1c1-r1c2-r1c3",
    3,
    "#d8a0e0",
    false,
    [](const Geometry&, std::vector<int> line, std::string label) -> ConstraintPtr {
      return std::make_shared<const ZipperLine>(std::move(line), std::move(label));
    }};

}  // namespace

RulePtr read_zipper(std::string_view arguments, const Geometry& geometry) {
  return SpanRule::read(kind, arguments, geometry);
}

}  // namespace sudoku::rules
