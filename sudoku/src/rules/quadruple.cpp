// Quadruples: the digits in a circle on the corner four cells share appear among those cells (a
// digit listed twice, twice). "#quadruple r1c1=1/2/9 r4c5=3/3": the corner by its upper left
// cell, then the digits.
#include <algorithm>
#include <bit>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

struct Corner {
  int cell = 0;             // the upper left of the four
  std::vector<int> digits;  // in increasing order
  bool operator==(const Corner&) const = default;
};

std::vector<int> corner_cells(const Geometry& geometry, int cell) {
  const int r = geometry.row_of(cell), c = geometry.column_of(cell);
  return {cell, geometry.cell_at(r, c + 1), geometry.cell_at(r + 1, c),
          geometry.cell_at(r + 1, c + 1)};
}

class Quad : public Constraint {
 public:
  // Digits that must go in a corner: about a hidden single in a small house.
  double difficulty() const noexcept override { return 1.5; }
  Quad(std::vector<int> cells, std::string label, std::vector<int> digits)
      : Constraint(std::move(cells), std::move(label)), digits_(std::move(digits)) {}

  // Every way to give the digits listed to distinct cells that hold them; the cells given none
  // keep all they hold.
  void narrow(std::span<std::uint64_t> masks) const override {
    std::uint64_t keep[4] = {0, 0, 0, 0};
    int at[4] = {-1, -1, -1, -1};  // the listed digit each cell is given, -1 for none
    const auto walk = [&](const auto& self, std::size_t i) -> void {
      if (i == digits_.size()) {
        for (std::size_t k = 0; k < 4; ++k)
          keep[k] |= at[k] < 0 ? masks[k] : std::uint64_t{1} << (at[k] - 1);
        return;
      }
      const std::uint64_t bit = std::uint64_t{1} << (digits_[i] - 1);
      for (std::size_t k = 0; k < 4; ++k)
        if (at[k] < 0 && (masks[k] & bit) != 0) {
          at[k] = digits_[i];
          self(self, i + 1);
          at[k] = -1;
        }
    };
    walk(walk, 0);
    for (std::size_t k = 0; k < 4; ++k) masks[k] = keep[k];
  }

 private:
  std::vector<int> digits_;
};

std::string digits_text(const std::vector<int>& digits, std::string_view separator) {
  std::string out;
  for (const int d : digits) {
    if (!out.empty()) out += separator;
    out += std::to_string(d);
  }
  return out;
}

class Quadruple : public Rule {
 public:
  explicit Quadruple(std::vector<Corner> corners) : corners_(std::move(corners)) {}

  std::string_view keyword() const noexcept override { return "quadruple"; }
  std::string describe() const override {
    return "quadruples: the digits in a circle on a corner appear among the four cells around it";
  }
  std::string arguments(const Geometry& geometry) const override {
    std::string out;
    for (const Corner& c : corners_) {
      if (!out.empty()) out += ' ';
      out += cell_name(geometry, c.cell) + "=" + digits_text(c.digits, "/");
    }
    return out;
  }
  void add_constraints(const Geometry& geometry,
                       std::vector<ConstraintPtr>& constraints) const override {
    for (const Corner& c : corners_) {
      std::vector<int> cells = corner_cells(geometry, c.cell);
      std::string label =
          "quadruple " + digits_text(c.digits, ",") + " at " + cells_name(geometry, cells);
      constraints.push_back(
          std::make_shared<const Quad>(std::move(cells), std::move(label), c.digits));
    }
  }
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!same_digits(digits)) return nullptr;
    std::vector<Corner> corners;
    for (const Corner& c : corners_) {
      const std::vector<int> four = moved_cells(corner_cells(geometry, c.cell), cells);
      corners.push_back({*std::min_element(four.begin(), four.end()), c.digits});
    }
    return std::make_shared<const Quadruple>(std::move(corners));
  }
  void draw(const Geometry& geometry, std::vector<RuleMark>& marks) const override {
    for (const Corner& c : corners_)
      marks.push_back({RuleMark::Kind::corner, corner_cells(geometry, c.cell),
                       digits_text(c.digits, geometry.size() > 9 ? " " : ""), false, ""});
  }

 private:
  std::vector<Corner> corners_;
};

}  // namespace

RulePtr read_quadruple(std::string_view arguments, const Geometry& geometry) {
  const int n = geometry.size();
  std::vector<Corner> corners;
  for (const Word& word : split_words(arguments)) {
    const std::size_t equals = word.text.find('=');
    if (equals == std::string_view::npos)
      throw RuleError{quoted(word.text) +
                          ": a quadruple is its corner's upper left cell and its digits "
                          "(e.g. r1c1=1/2/9)",
                      word.offset};
    Corner c;
    c.cell = read_cell(geometry, {word.text.substr(0, equals), word.offset});
    if (geometry.row_of(c.cell) == n - 1 || geometry.column_of(c.cell) == n - 1)
      throw RuleError{quoted(word.text.substr(0, equals)) +
                          ": a quadruple's corner needs a cell right of and below it",
                      word.offset};
    for (std::size_t at = equals + 1; at <= word.text.size();) {
      const std::size_t slash = std::min(word.text.find('/', at), word.text.size());
      c.digits.push_back(
          read_number({word.text.substr(at, slash - at), word.offset + at}, n, "digit"));
      if (c.digits.back() == 0) throw RuleError{"0 is no digit", word.offset + at};
      at = slash + 1;
    }
    if (c.digits.size() > 4)
      throw RuleError{quoted(word.text) + ": a quadruple lists at most four digits", word.offset};
    std::sort(c.digits.begin(), c.digits.end());
    corners.push_back(std::move(c));
  }
  if (corners.empty()) throw RuleError{"#quadruple needs its corners (e.g. r1c1=1/2/9)", 0};
  return std::make_shared<const Quadruple>(std::move(corners));
}

}  // namespace sudoku::rules
