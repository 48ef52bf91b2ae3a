// Extra regions: no digit repeats in a set of cells, "#extra-region r1c1-r1c2-r2c1-r2c2 ...";
// a set of as many cells as digits is a house (it holds every digit once).
#include <algorithm>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

class ExtraRegion : public Rule {
 public:
  ExtraRegion(std::vector<std::vector<int>> regions, bool all_houses)
      : regions_(std::move(regions)), all_houses_(all_houses) {}
  std::string_view keyword() const noexcept override { return "extra-region"; }
  std::string describe() const override {
    return "extra regions: no digit repeats in a shaded region";
  }
  std::string arguments(const Geometry& geometry) const override {
    std::string out;
    for (const std::vector<int>& region : regions_) {
      if (!out.empty()) out += ' ';
      out += cells_name(geometry, region);
    }
    return out;
  }
  void add_houses(const Geometry& geometry, std::vector<NamedHouse>& houses) const override {
    for (std::size_t i = 0; i < regions_.size(); ++i)
      if (static_cast<int>(regions_[i].size()) == geometry.size())
        houses.push_back({regions_[i], "extra region " + std::to_string(i + 1)});
  }
  void add_relations(const Geometry& geometry, int rule,
                     std::vector<Relation>& relations) const override {
    for (const std::vector<int>& region : regions_) {
      if (static_cast<int>(region.size()) == geometry.size()) continue;
      for (std::size_t i = 0; i < region.size(); ++i)
        for (std::size_t j = i + 1; j < region.size(); ++j)
          relations.push_back(relation_of(geometry, region[i], region[j], rule, "extra region",
                                          [](int x, int y) { return x != y; }));
    }
  }
  // Houses only: the uniqueness techniques check every house.
  bool keeps_uniqueness() const noexcept override { return all_houses_; }
  bool follows_relabelling() const noexcept override { return true; }
  RulePtr moved(const Geometry&, std::span<const int> cells, std::span<const int>) const override {
    std::vector<std::vector<int>> regions;
    for (const std::vector<int>& region : regions_) regions.push_back(moved_cells(region, cells));
    return std::make_shared<const ExtraRegion>(std::move(regions), all_houses_);
  }
  void draw(const Geometry&, std::vector<RuleMark>& marks) const override {
    for (const std::vector<int>& region : regions_)
      marks.push_back({RuleMark::Kind::shade, region, "", false, "#c8c8e8"});
  }

 private:
  std::vector<std::vector<int>> regions_;
  bool all_houses_;
};

}  // namespace

RulePtr read_extra_region(std::string_view arguments, const Geometry& geometry) {
  std::vector<std::vector<int>> regions;
  bool all_houses = true;
  for (const Word& word : split_words(arguments)) {
    std::vector<int> region = read_cells(geometry, word);
    if (region.size() < 2 || static_cast<int>(region.size()) > geometry.size())
      throw RuleError{"'" + std::string(word.text) + "': an extra region has 2 to " +
                          std::to_string(geometry.size()) + " cells",
                      word.offset};
    all_houses = all_houses && static_cast<int>(region.size()) == geometry.size();
    regions.push_back(std::move(region));
  }
  if (regions.empty())
    throw RuleError{"#extra-region needs its cells (e.g. r1c1-r1c2-r2c1-r2c2)", 0};
  return std::make_shared<const ExtraRegion>(std::move(regions), all_houses);
}

}  // namespace sudoku::rules
