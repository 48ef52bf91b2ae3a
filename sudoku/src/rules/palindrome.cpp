// Palindromes: a line reads the same both ways, "#palindrome r1c1-r1c2-r1c3 ...".
#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

constexpr LineKind palindrome{
    .keyword = "palindrome",
    .sentence = "palindromes: each line reads the same from either end",
    .label = "palindrome",
    .example = "r1c1-r1c2-r1c3",
    .related = [](int i, int j, int length) { return i + j == length - 1; },
    .holds = [](int x, int y, int, int, int, int, int) { return x == y; },
    .colour = "#a0a0a0",
    .any_relabelling = true,
};

}  // namespace

RulePtr read_palindrome(std::string_view arguments, const Geometry& geometry) {
  return LineRule::read(palindrome, arguments, geometry);
}

}  // namespace sudoku::rules
