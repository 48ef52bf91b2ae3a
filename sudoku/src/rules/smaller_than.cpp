// Smaller-than signs between two neighbours: "#less r1c1-r1c2" says r1c1 holds the smaller digit
// (drawn as '<' on their edge, its point towards the smaller).
#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

constexpr LineKind smaller_than{
    .keyword = "less",
    .sentence = "smaller-than signs: the sign between two cells points to the smaller digit",
    .label = "smaller-than sign",
    .example = "r1c1-r1c2",
    .max_cells = 2,
    .related = [](int, int, int) { return true; },
    .holds = [](int x, int y, int, int, int, int, int) { return x < y; },
    .mark = RuleMark::Kind::letter,
    .colour = "",
    .bulb = false,
    .any_relabelling = false,
};

}  // namespace

RulePtr read_smaller_than(std::string_view arguments, const Geometry& geometry) {
  return LineRule::read(smaller_than, arguments, geometry);
}

}  // namespace sudoku::rules
