// Clones: two sets of cells of the same shape hold the same digits at the same places,
// "#clone r1c1-r1c2-r2c1=r5c5-r5c6-r6c5 ..." (the cells of each side in matching order).
#include <algorithm>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

class Clone : public Rule {
 public:
  using Pair = std::pair<std::vector<int>, std::vector<int>>;
  explicit Clone(std::vector<Pair> pairs) : pairs_(std::move(pairs)) {}
  std::string_view keyword() const noexcept override { return "clone"; }
  std::string describe() const override {
    return "clones: cells at the same place of two shaded shapes hold the same digit";
  }
  std::string arguments(const Geometry& geometry) const override {
    std::string out;
    for (const auto& [a, b] : pairs_) {
      if (!out.empty()) out += ' ';
      out += cells_name(geometry, a) + "=" + cells_name(geometry, b);
    }
    return out;
  }
  void add_relations(const Geometry& geometry, int rule,
                     std::vector<Relation>& relations) const override {
    for (const auto& [a, b] : pairs_)
      for (std::size_t i = 0; i < a.size(); ++i)
        relations.push_back(
            relation_of(geometry, a[i], b[i], rule, "clone", [](int x, int y) { return x == y; }));
  }
  bool follows_relabelling() const noexcept override { return true; }
  RulePtr moved(const Geometry&, std::span<const int> cells, std::span<const int>) const override {
    std::vector<Pair> pairs;
    for (const auto& [a, b] : pairs_)
      pairs.emplace_back(moved_cells(a, cells), moved_cells(b, cells));
    return std::make_shared<const Clone>(std::move(pairs));
  }
  void draw(const Geometry&, std::vector<RuleMark>& marks) const override {
    for (const auto& [a, b] : pairs_) {
      std::vector<int> both = a;
      both.insert(both.end(), b.begin(), b.end());
      marks.push_back({RuleMark::Kind::shade, std::move(both), "", false, "#d8d8d8"});
    }
  }

 private:
  std::vector<Pair> pairs_;
};

}  // namespace

RulePtr read_clone(std::string_view arguments, const Geometry& geometry) {
  std::vector<Clone::Pair> pairs;
  for (const Word& word : split_words(arguments)) {
    const std::size_t equals = word.text.find('=');
    if (equals == std::string_view::npos)
      throw RuleError{"'" + std::string(word.text) +
                          "' is no clone: two lists of cells joined by '=' (e.g. "
                          "r1c1-r1c2=r5c5-r5c6)",
                      word.offset};
    std::vector<int> a = read_cells(geometry, {word.text.substr(0, equals), word.offset});
    std::vector<int> b =
        read_cells(geometry, {word.text.substr(equals + 1), word.offset + equals + 1});
    if (a.size() != b.size())
      throw RuleError{"'" + std::string(word.text) + "': the two sides have " +
                          std::to_string(a.size()) + " and " + std::to_string(b.size()) + " cells",
                      word.offset};
    for (const int cell : a)
      if (std::find(b.begin(), b.end(), cell) != b.end())
        throw RuleError{
            "'" + std::string(word.text) + "': " + cell_name(geometry, cell) + " is on both sides",
            word.offset};
    pairs.emplace_back(std::move(a), std::move(b));
  }
  if (pairs.empty()) throw RuleError{"#clone needs its cells (e.g. r1c1-r1c2=r5c5-r5c6)", 0};
  return std::make_shared<const Clone>(std::move(pairs));
}

}  // namespace sudoku::rules
