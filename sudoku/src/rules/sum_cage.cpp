// Sum cages: the digits in a cage sum to its number, and unlike a killer cage's they may repeat
// where the houses allow. "#sum-cage r1c1-r1c2-r2c1=15 r5c5-r5c6=3".
#include <algorithm>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

struct Cage {
  std::vector<int> cells;  // in reading order
  int sum = 0;
  bool operator==(const Cage&) const = default;
};

class SumCage : public Rule {
 public:
  explicit SumCage(std::vector<Cage> cages) : cages_(std::move(cages)) {}

  std::string_view keyword() const noexcept override { return "sum-cage"; }
  std::string describe() const override {
    return "sum cages: the digits in a cage sum to its number (digits may repeat in a cage where "
           "the houses allow)";
  }
  std::string arguments(const Geometry& geometry) const override {
    std::string out;
    for (const Cage& c : cages_) {
      if (!out.empty()) out += ' ';
      out += cells_name(geometry, c.cells);
      out += '=';
      out += std::to_string(c.sum);
    }
    return out;
  }
  void add_constraints(const Geometry& geometry,
                       std::vector<ConstraintPtr>& constraints) const override {
    for (const Cage& c : cages_) {
      std::string label = "sum cage " + std::to_string(c.sum) + " " + cells_name(geometry, c.cells);
      constraints.push_back(
          std::make_shared<const SumConstraint>(geometry, c.cells, std::move(label), c.sum, 1.8));
    }
  }
  RulePtr moved(const Geometry&, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!same_digits(digits)) return nullptr;
    std::vector<Cage> cages;
    for (const Cage& c : cages_) {
      Cage m{moved_cells(c.cells, cells), c.sum};
      std::sort(m.cells.begin(), m.cells.end());
      cages.push_back(std::move(m));
    }
    return std::make_shared<const SumCage>(std::move(cages));
  }
  void draw(const Geometry&, std::vector<RuleMark>& marks) const override {
    for (const Cage& c : cages_)
      marks.push_back({RuleMark::Kind::cage, c.cells, std::to_string(c.sum), false, ""});
  }

 private:
  std::vector<Cage> cages_;
};

}  // namespace

RulePtr read_sum_cage(std::string_view arguments, const Geometry& geometry) {
  const int n = geometry.size();
  std::vector<Cage> cages;
  std::vector<bool> caged(static_cast<std::size_t>(geometry.cell_count()), false);
  for (const Word& word : split_words(arguments)) {
    const std::size_t equals = word.text.find('=');
    if (equals == std::string_view::npos)
      throw RuleError{quoted(word.text) +
                          ": a sum cage is its cells and its sum (e.g. "
                          "r1c1-r1c2=15)",
                      word.offset};
    Cage c;
    c.cells = read_cells(geometry, {word.text.substr(0, equals), word.offset});
    for (const int cell : c.cells) {
      if (caged[static_cast<std::size_t>(cell)])
        throw RuleError{cell_name(geometry, cell) + " is in two sum cages", word.offset};
      caged[static_cast<std::size_t>(cell)] = true;
    }
    std::sort(c.cells.begin(), c.cells.end());
    c.sum = read_number({word.text.substr(equals + 1), word.offset + equals + 1},
                        static_cast<int>(c.cells.size()) * n, "sum for its cells");
    cages.push_back(std::move(c));
  }
  if (cages.empty()) throw RuleError{"#sum-cage needs its cages (e.g. r1c1-r1c2=15)", 0};
  return std::make_shared<const SumCage>(std::move(cages));
}

}  // namespace sudoku::rules
