// Non-consecutive: no two orthogonal neighbours hold consecutive digits. "#non-consecutive".
#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

class NonConsecutive : public Rule {
 public:
  std::string_view keyword() const noexcept override { return "non-consecutive"; }
  std::string describe() const override {
    return "non-consecutive: no two orthogonal neighbours hold consecutive digits";
  }
  std::string arguments(const Geometry&) const override { return {}; }
  void add_relations(const Geometry& geometry, int rule,
                     std::vector<Relation>& relations) const override {
    for (const auto& [a, b] : neighbour_pairs(geometry))
      relations.push_back(relation_of(geometry, a, b, rule, "neighbours",
                                      [](int x, int y) { return x - y != 1 && y - x != 1; }));
  }
  // Any map that keeps neighbours, with the digits kept or reversed (d to size + 1 - d).
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!keeps_neighbours(geometry, cells)) return nullptr;
    const int n = geometry.size();
    bool reversed = true;
    for (int d = 1; d <= n; ++d)
      reversed = reversed && digits[static_cast<std::size_t>(d)] == n + 1 - d;
    if (!same_digits(digits) && !reversed) return nullptr;
    return std::make_shared<const NonConsecutive>();
  }
};

}  // namespace

RulePtr read_non_consecutive(std::string_view arguments, const Geometry&) {
  if (const auto words = split_words(arguments); !words.empty())
    throw RuleError{"#non-consecutive takes no arguments", words.front().offset};
  return std::make_shared<const NonConsecutive>();
}

}  // namespace sudoku::rules
