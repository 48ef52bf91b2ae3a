// X-sums: the clue beside a row or column is the sum of its first X digits from that side, X
// being the first of them. "#x-sum r0c3=15 r4c10=20": above column 3, right of row 4.
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

class XSums : public Rule {
 public:
  explicit XSums(std::vector<Clue> clues) : clues_(std::move(clues)) {}

  std::string_view keyword() const noexcept override { return "x-sum"; }
  std::string describe() const override {
    return "X-sums: the clue beside a row or column is the sum of its first X digits from that "
           "side, X being the first of them";
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
      std::vector<int> cells = cells_from(geometry, c.at, dr, dc);
      std::string label =
          "x-sum " + std::to_string(c.sum) + " from " + cell_name(geometry, cells.front());
      constraints.push_back(
          std::make_shared<const XSum>(std::move(cells), std::move(label), c.sum));
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
    return std::make_shared<const XSums>(std::move(clues));
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

RulePtr read_x_sum(std::string_view arguments, const Geometry& geometry) {
  const int n = geometry.size();
  std::vector<Clue> clues;
  for (const Word& word : split_words(arguments)) {
    const std::size_t equals = word.text.find('=');
    if (equals == std::string_view::npos)
      throw RuleError{quoted(word.text) + ": an x-sum clue is its place and its sum (e.g. r0c3=15)",
                      word.offset};
    Clue c;
    c.at = read_outside(geometry, {word.text.substr(0, equals), word.offset}, false);
    c.sum = read_number({word.text.substr(equals + 1), word.offset + equals + 1}, n * (n + 1) / 2,
                        "x-sum");
    clues.push_back(c);
  }
  if (clues.empty()) throw RuleError{"#x-sum needs its clues (e.g. r0c3=15)", 0};
  return std::make_shared<const XSums>(std::move(clues));
}

}  // namespace sudoku::rules
