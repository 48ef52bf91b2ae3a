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

class Between : public Rule {
 public:
  explicit Between(std::vector<std::vector<int>> lines) : lines_(std::move(lines)) {}

  std::string_view keyword() const noexcept override { return "between"; }
  std::string describe() const override {
    return "between lines: the digits along a between line lie strictly between the digits of "
           "its two ends";
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
          std::make_shared<const BetweenLine>(line, "between line " + cells_name(geometry, line)));
  }
  RulePtr moved(const Geometry&, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!same_digits(digits)) return nullptr;
    std::vector<std::vector<int>> lines;
    for (const auto& line : lines_) lines.push_back(moved_cells(line, cells));
    return std::make_shared<const Between>(std::move(lines));
  }
  void draw(const Geometry&, std::vector<RuleMark>& marks) const override {
    for (const auto& line : lines_) {
      marks.push_back({RuleMark::Kind::line, line, "", false, "#c0c0c0"});
      marks.push_back({RuleMark::Kind::circle, {line.front()}, "", false, ""});
      marks.push_back({RuleMark::Kind::circle, {line.back()}, "", false, ""});
    }
  }

 private:
  std::vector<std::vector<int>> lines_;
};

}  // namespace

RulePtr read_between(std::string_view arguments, const Geometry& geometry) {
  std::vector<std::vector<int>> lines;
  for (const Word& word : split_words(arguments))
    lines.push_back(read_line(geometry, word, 3, "#between", "r1c1-r1c2-r1c3"));
  if (lines.empty()) throw RuleError{"#between needs its lines (e.g. r1c1-r1c2-r1c3)", 0};
  return std::make_shared<const Between>(std::move(lines));
}

}  // namespace sudoku::rules
