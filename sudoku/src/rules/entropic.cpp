// Entropic lines: any three cells in a row on a line hold one low, one middle and one high
// digit (1-3, 4-6, 7-9 on a 9x9 grid: the digits in thirds), "#entropic r1c1-r1c2-r1c3 ...".
// Said of pairs: cells one or two apart on a line hold digits of different thirds.
#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

constexpr LineKind entropic{
    .keyword = "entropic",
    .sentence =
        "entropic lines: any three cells in a row on a line hold a low, a middle and a "
        "high digit",
    .label = "entropic line",
    .example = "r1c1-r1c2-r1c3",
    .min_cells = 3,
    .fits_size = [](int size) { return size % 3 == 0; },
    .related = [](int i, int j, int) { return j - i <= 2; },
    .holds = [](int x, int y, int, int, int, int size,
                int) { return (x - 1) / (size / 3) != (y - 1) / (size / 3); },
    .colour = "#f0a050",
};

}  // namespace

RulePtr read_entropic(std::string_view arguments, const Geometry& geometry) {
  return LineRule::read(entropic, arguments, geometry);
}

}  // namespace sudoku::rules
