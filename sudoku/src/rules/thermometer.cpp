// Thermometers: the digits rise along the line from its bulb, "#thermo r1c1-r1c2-r1c3 ...";
// on a slow thermometer they never fall (a digit may repeat where the houses allow),
// "#slow-thermo ...". Two cells of a thermometer that are j - i apart differ by at least j - i,
// which the relations of every pair say, not only of neighbours.
#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

bool every_pair(int, int, int) {
  return true;
}

constexpr LineKind thermometer{
    .keyword = "thermo",
    .sentence = "thermometers: the digits rise along each thermometer from its bulb",
    .label = "thermometer",
    .example = "r1c1-r1c2-r1c3",
    .related = every_pair,
    .holds = [](int x, int y, int i, int j, int, int, int) { return y - x >= j - i; },
    .colour = "#b8b8b8",
    .bulb = true,
};

constexpr LineKind slow_thermometer{
    .keyword = "slow-thermo",
    .sentence = "slow thermometers: the digits never fall along each thermometer from its bulb",
    .label = "slow thermometer",
    .example = "r1c1-r1c2-r1c3",
    .related = every_pair,
    .holds = [](int x, int y, int, int, int, int, int) { return y >= x; },
    .colour = "#c8c8c8",
    .bulb = true,
};

}  // namespace

RulePtr read_thermometer(std::string_view arguments, const Geometry& geometry) {
  return LineRule::read(thermometer, arguments, geometry);
}
RulePtr read_slow_thermometer(std::string_view arguments, const Geometry& geometry) {
  return LineRule::read(slow_thermometer, arguments, geometry);
}

}  // namespace sudoku::rules
