// Whispers lines: neighbours on the line differ by at least a number, "#whispers r1c1-r1c2 ..."
// (German whispers: 5 on a 9x9 grid, half the digits rounded up), "#whispers 4 ..." (Dutch
// whispers).
#include <cstdlib>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

constexpr LineKind whispers{
    .keyword = "whispers",
    .sentence = "whispers lines: neighbours on a line differ by at least #",
    .label = "whispers line",
    .example = "r1c1-r1c2-r1c3",
    .default_number = [](int size) { return (size + 1) / 2; },
    .related = [](int i, int j, int) { return j == i + 1; },
    .holds = [](int x, int y, int, int, int, int, int number) { return std::abs(x - y) >= number; },
    .colour = "#60c060",
};

}  // namespace

RulePtr read_whispers(std::string_view arguments, const Geometry& geometry) {
  return LineRule::read(whispers, arguments, geometry);
}

}  // namespace sudoku::rules
