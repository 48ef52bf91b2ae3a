// Nabner lines: no two digits of a line are the same or consecutive, "#nabner r1c1-r1c2 ...".
#include <cstdlib>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

constexpr LineKind nabner{
    .keyword = "nabner",
    .sentence = "nabner lines: no two digits on a line are the same or consecutive",
    .label = "nabner line",
    .example = "r1c1-r1c2-r1c3",
    .related = [](int, int, int) { return true; },
    .holds = [](int x, int y, int, int, int, int, int) { return std::abs(x - y) >= 2; },
    .colour = "#e8c040",
};

}  // namespace

RulePtr read_nabner(std::string_view arguments, const Geometry& geometry) {
  return LineRule::read(nabner, arguments, geometry);
}

}  // namespace sudoku::rules
