// Odd and even cells: "#odd r1c1 r4c5 ..." (drawn as circles) holds odd digits, "#even ..."
// (drawn as squares) even ones.
#include <algorithm>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

class Parity : public Rule {
 public:
  Parity(bool odd, std::vector<int> cells) : odd_(odd), cells_(std::move(cells)) {
    std::sort(cells_.begin(), cells_.end());
  }
  std::string_view keyword() const noexcept override { return odd_ ? "odd" : "even"; }
  std::string describe() const override {
    return odd_ ? "odd cells (circles) hold odd digits" : "even cells (squares) hold even digits";
  }
  std::string arguments(const Geometry& geometry) const override {
    std::string out;
    for (int cell : cells_) {
      if (!out.empty()) out += ' ';
      out += cell_name(geometry, cell);
    }
    return out;
  }
  void restrict_cells(const Geometry& geometry,
                      std::vector<std::uint64_t>& allowed) const override {
    std::uint64_t keep = 0;
    for (int d = odd_ ? 1 : 2; d <= geometry.size(); d += 2) keep |= std::uint64_t{1} << (d - 1);
    for (int cell : cells_) allowed[static_cast<std::size_t>(cell)] &= keep;
  }
  // Swapping two digits of one parity keeps the cells' rule.
  bool keeps_uniqueness() const noexcept override { return true; }
  RulePtr moved(const Geometry&, std::span<const int> cells,
                std::span<const int> digits) const override {
    for (std::size_t d = 1; d < digits.size(); ++d)
      if (digits[d] % 2 != static_cast<int>(d) % 2) return nullptr;
    std::vector<int> moved;
    for (int cell : cells_) moved.push_back(cells[static_cast<std::size_t>(cell)]);
    return std::make_shared<const Parity>(odd_, std::move(moved));
  }
  void draw(const Geometry&, std::vector<RuleMark>& marks) const override {
    for (int cell : cells_)
      marks.push_back(
          {odd_ ? RuleMark::Kind::circle : RuleMark::Kind::square, {cell}, "", false, ""});
  }

 private:
  bool odd_;
  std::vector<int> cells_;
};

RulePtr read_parity(bool odd, std::string_view arguments, const Geometry& geometry) {
  return std::make_shared<const Parity>(odd,
                                        read_cell_words(geometry, arguments, odd ? "odd" : "even"));
}

}  // namespace

RulePtr read_odd(std::string_view arguments, const Geometry& geometry) {
  return read_parity(true, arguments, geometry);
}
RulePtr read_even(std::string_view arguments, const Geometry& geometry) {
  return read_parity(false, arguments, geometry);
}

}  // namespace sudoku::rules
