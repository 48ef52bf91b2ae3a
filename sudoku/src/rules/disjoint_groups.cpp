// Disjoint groups: the cells at one place of each box (every box's top-left cell, ...) form a
// house, which holds every digit once. "#disjoint-groups"; on grids with boxes.
#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

class DisjointGroups : public Rule {
 public:
  std::string_view keyword() const noexcept override { return "disjoint-groups"; }
  std::string describe() const override {
    return "disjoint groups: the cells at one place of each box hold every digit once";
  }
  std::string arguments(const Geometry&) const override { return {}; }
  void add_houses(const Geometry& geometry, std::vector<NamedHouse>& houses) const override {
    const int rows = geometry.box_rows(), cols = geometry.box_cols(), n = geometry.size();
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        NamedHouse group{{}, "disjoint group " + std::to_string(i * cols + j + 1)};
        for (int r = i; r < n; r += rows)
          for (int c = j; c < n; c += cols) group.cells.push_back(geometry.cell_at(r, c));
        houses.push_back(std::move(group));
      }
  }
  // The uniqueness techniques check every house, the groups among them.
  bool keeps_uniqueness() const noexcept override { return true; }
  bool follows_relabelling() const noexcept override { return true; }
  // A map that takes each group to a group.
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int>) const override {
    const int rows = geometry.box_rows(), cols = geometry.box_cols();
    const auto place = [&](int cell) {
      return geometry.row_of(cell) % rows * cols + geometry.column_of(cell) % cols;
    };
    std::vector<int> image(static_cast<std::size_t>(geometry.size()), -1);
    for (int cell = 0; cell < geometry.cell_count(); ++cell) {
      int& to = image[static_cast<std::size_t>(place(cell))];
      const int there = place(cells[static_cast<std::size_t>(cell)]);
      if (to >= 0 && to != there) return nullptr;
      to = there;
    }
    return std::make_shared<const DisjointGroups>();
  }
};

}  // namespace

RulePtr read_disjoint_groups(std::string_view arguments, const Geometry& geometry) {
  if (const auto words = split_words(arguments); !words.empty())
    throw RuleError{"#disjoint-groups takes no arguments", words.front().offset};
  if (!geometry.square() || geometry.variant() == Variant::jigsaw)
    throw RuleError{"disjoint groups need a grid with boxes (not a jigsaw or a samurai)", 0};
  return std::make_shared<const DisjointGroups>();
}

}  // namespace sudoku::rules
