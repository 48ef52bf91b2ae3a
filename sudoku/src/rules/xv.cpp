// XV: an X between two neighbours says their digits sum to 10, a V that they sum to 5.
// "#xv [all] x r1c1-r1c2 ... v r3c3-r4c3 ..."; with "all" every mark is given, so neighbours
// without one sum to neither.
#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

constexpr EdgeKind kinds[] = {
    {"x", "", "X", [](int x, int y, int) { return x + y == 10; }, RuleMark::Kind::letter, "X",
     false},
    {"v", "", "V", [](int x, int y, int) { return x + y == 5; }, RuleMark::Kind::letter, "V",
     false},
};

}  // namespace

RulePtr read_xv(std::string_view arguments, const Geometry& geometry) {
  return EdgeRule::read("xv", "XV: the digits either side of an X sum to 10, of a V to 5", kinds,
                        arguments, geometry);
}

}  // namespace sudoku::rules
