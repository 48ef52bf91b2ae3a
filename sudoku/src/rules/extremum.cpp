// Minimum and maximum cells: a minimum holds a smaller digit than each of its orthogonal
// neighbours, "#minimum r1c1 r5c5 ..."; a maximum a larger one, "#maximum ...".
#include <algorithm>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

class Extremum : public Rule {
 public:
  Extremum(bool minimum, std::vector<int> cells) : minimum_(minimum), cells_(std::move(cells)) {
    std::sort(cells_.begin(), cells_.end());
  }
  std::string_view keyword() const noexcept override { return minimum_ ? "minimum" : "maximum"; }
  std::string describe() const override {
    return minimum_ ? "minimum cells hold a smaller digit than each orthogonal neighbour"
                    : "maximum cells hold a larger digit than each orthogonal neighbour";
  }
  std::string arguments(const Geometry& geometry) const override {
    std::string out;
    for (const int cell : cells_) {
      if (!out.empty()) out += ' ';
      out += cell_name(geometry, cell);
    }
    return out;
  }
  void add_relations(const Geometry& geometry, int rule,
                     std::vector<Relation>& relations) const override {
    const std::string label = minimum_ ? "minimum" : "maximum";
    for (const int cell : cells_) {
      const int r = geometry.row_of(cell), c = geometry.column_of(cell);
      for (const int other : {geometry.cell_at(r - 1, c), geometry.cell_at(r + 1, c),
                              geometry.cell_at(r, c - 1), geometry.cell_at(r, c + 1)}) {
        if (other < 0) continue;
        relations.push_back(relation_of(geometry, cell, other, rule, label,
                                        [&](int x, int y) { return minimum_ ? x < y : x > y; }));
      }
    }
  }
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!same_digits(digits) || !keeps_neighbours(geometry, cells)) return nullptr;
    return std::make_shared<const Extremum>(minimum_, moved_cells(cells_, cells));
  }
  void draw(const Geometry&, std::vector<RuleMark>& marks) const override {
    marks.push_back({RuleMark::Kind::shade, cells_, "", false, minimum_ ? "#a8d0f0" : "#f0b0a8"});
  }

 private:
  bool minimum_;
  std::vector<int> cells_;
};

RulePtr read_extremum(bool minimum, std::string_view arguments, const Geometry& geometry) {
  return std::make_shared<const Extremum>(
      minimum, read_cell_words(geometry, arguments, minimum ? "minimum" : "maximum"));
}

}  // namespace

RulePtr read_minimum(std::string_view arguments, const Geometry& geometry) {
  return read_extremum(true, arguments, geometry);
}
RulePtr read_maximum(std::string_view arguments, const Geometry& geometry) {
  return read_extremum(false, arguments, geometry);
}

}  // namespace sudoku::rules
