// Sandwiches: the digits between the 1 and the largest digit (9 on a 9x9) of a row or column sum
// to the clue beside it. "#sandwich r0c3=15 r4c0=0": above column 3, left of row 4 (below and
// right of the grid too).
#include <algorithm>
#include <bit>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

struct Clue {
  Outside at;
  int sum = 0;
  bool operator==(const Clue&) const = default;
};

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

class Sandwich : public Rule {
 public:
  explicit Sandwich(std::vector<Clue> clues) : clues_(std::move(clues)) {}

  std::string_view keyword() const noexcept override { return "sandwich"; }
  std::string describe() const override {
    return "sandwiches: the digits between the smallest and the largest digit of a row or column "
           "sum to the clue beside it";
  }
  std::string arguments(const Geometry&) const override {
    std::string out;
    for (const Clue& c : clues_) {
      if (!out.empty()) out += ' ';
      out += outside_name(c.at) + "=" + std::to_string(c.sum);
    }
    return out;
  }
  void add_constraints(const Geometry& geometry,
                       std::vector<ConstraintPtr>& constraints) const override {
    for (const Clue& c : clues_) {
      const auto [dr, dc] = step_into(geometry, c.at);
      std::string label =
          "sandwich " + std::to_string(c.sum) + " in " +
          (dc == 0 ? "column " + std::to_string(c.at.column) : "row " + std::to_string(c.at.row));
      constraints.push_back(std::make_shared<const SandwichSum>(
          cells_from(geometry, c.at, dr, dc), std::move(label), c.sum, geometry.size()));
    }
  }
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!same_digits(digits)) return nullptr;
    std::vector<Clue> clues;
    for (const Clue& c : clues_) {
      const auto [dr, dc] = step_into(geometry, c.at);
      Clue m{{}, c.sum};
      int sr = 0, sc = 0;
      if (!line_from_outside(geometry, moved_cells(cells_from(geometry, c.at, dr, dc), cells), m.at,
                             sr, sc))
        return nullptr;
      clues.push_back(m);
    }
    return std::make_shared<const Sandwich>(std::move(clues));
  }
  void draw(const Geometry& geometry, std::vector<RuleMark>& marks) const override {
    for (const Clue& c : clues_) {
      const auto [dr, dc] = step_into(geometry, c.at);
      RuleMark mark{RuleMark::Kind::outside, cells_from(geometry, c.at, dr, dc),
                    std::to_string(c.sum), false, ""};
      mark.step_row = dr;
      mark.step_col = dc;
      marks.push_back(std::move(mark));
    }
  }

 private:
  std::vector<Clue> clues_;
};

}  // namespace

RulePtr read_sandwich(std::string_view arguments, const Geometry& geometry) {
  const int n = geometry.size();
  std::vector<Clue> clues;
  for (const Word& word : split_words(arguments)) {
    const std::size_t equals = word.text.find('=');
    if (equals == std::string_view::npos)
      throw RuleError{
          quoted(word.text) + ": a sandwich clue is its place and its sum (e.g. r0c3=15)",
          word.offset};
    Clue c;
    c.at = read_outside(geometry, {word.text.substr(0, equals), word.offset}, false);
    c.sum = read_number({word.text.substr(equals + 1), word.offset + equals + 1},
                        (n - 1) * n / 2 - 1, "sandwich sum");
    clues.push_back(c);
  }
  if (clues.empty()) throw RuleError{"#sandwich needs its clues (e.g. r0c3=15)", 0};
  return std::make_shared<const Sandwich>(std::move(clues));
}

}  // namespace sudoku::rules
