// Renban lines: the digits of a line are consecutive, in any order, none twice,
// "#renban r1c1-r1c2-r1c3 ...". Said of pairs: the digits of a line of n cells differ and no two
// are more than n - 1 apart (n different digits within n - 1 of each other are n consecutive
// ones).
#include <cstdlib>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

constexpr LineKind renban{
    .keyword = "renban",
    .sentence = "renban lines: the digits on a line are a set of consecutive digits in any order",
    .label = "renban line",
    .example = "r1c1-r1c2-r1c3",
    .related = [](int, int, int) { return true; },
    .holds = [](int x, int y, int, int, int length, int,
                int) { return x != y && std::abs(x - y) <= length - 1; },
    .colour = "#d080e0",
};

}  // namespace

RulePtr read_renban(std::string_view arguments, const Geometry& geometry) {
  return LineRule::read(renban, arguments, geometry);
}

}  // namespace sudoku::rules
