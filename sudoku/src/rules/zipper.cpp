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

class Zipper : public Rule {
 public:
  explicit Zipper(std::vector<std::vector<int>> lines) : lines_(std::move(lines)) {}

  std::string_view keyword() const noexcept override { return "zipper"; }
  std::string describe() const override {
    return "zipper lines: digits an equal distance from the middle of a zipper line sum to the "
           "middle digit (on a line of an even length, to the two middle digits' sum)";
  }
  std::string arguments(const Geometry& geometry) const override {
    std::string out;
    for (const auto& line : lines_) {
      if (!out.empty()) out += ' ';
      out += cells_name(geometry, line);
    }
    return out;
  }
  void add_constraints(const Geometry& geometry,
                       std::vector<ConstraintPtr>& constraints) const override {
    for (const auto& line : lines_)
      constraints.push_back(
          std::make_shared<const ZipperLine>(line, "zipper line " + cells_name(geometry, line)));
  }
  RulePtr moved(const Geometry&, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!same_digits(digits)) return nullptr;
    std::vector<std::vector<int>> lines;
    for (const auto& line : lines_) lines.push_back(moved_cells(line, cells));
    return std::make_shared<const Zipper>(std::move(lines));
  }
  void draw(const Geometry&, std::vector<RuleMark>& marks) const override {
    for (const auto& line : lines_)
      marks.push_back({RuleMark::Kind::line, line, "", false, "#d8a0e0"});
  }

 private:
  std::vector<std::vector<int>> lines_;
};

}  // namespace

RulePtr read_zipper(std::string_view arguments, const Geometry& geometry) {
  std::vector<std::vector<int>> lines;
  for (const Word& word : split_words(arguments))
    lines.push_back(read_line(geometry, word, 3, "#zipper", "r1c1-r1c2-r1c3"));
  if (lines.empty()) throw RuleError{"#zipper needs its lines (e.g. r1c1-r1c2-r1c3)", 0};
  return std::make_shared<const Zipper>(std::move(lines));
}

}  // namespace sudoku::rules
