// Kropki dots: a white dot between two neighbours joins consecutive digits (they differ by 1), a
// black dot a digit and its double. "#kropki [all] white r1c1-r1c2 ... black r3c3-r4c3 ...";
// with "all" every dot is given, so neighbours without one are neither.
#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

constexpr EdgeKind kinds[] = {
    {"white", "w", "white dot", [](int x, int y, int) { return x - y == 1 || y - x == 1; },
     RuleMark::Kind::dot, "", false},
    {"black", "b", "black dot", [](int x, int y, int) { return x == 2 * y || y == 2 * x; },
     RuleMark::Kind::dot, "", true},
};

}  // namespace

RulePtr read_kropki(std::string_view arguments, const Geometry& geometry) {
  return EdgeRule::read("kropki",
                        "kropki dots: a white dot joins consecutive digits, a black dot a digit "
                        "and its double",
                        kinds, arguments, geometry);
}

}  // namespace sudoku::rules
