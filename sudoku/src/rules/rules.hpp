// The list of rules: each rule's reader, declared here and defined in the rule's own file; the
// table in list.cpp names them. Internal to the library.
#pragma once

#include <string_view>

#include "sudoku/model/geometry.hpp"
#include "sudoku/model/rule.hpp"

namespace sudoku::rules {

// A rule's header keyword and the reader of its arguments (which throws RuleError).
struct RuleKind {
  std::string_view keyword;
  RulePtr (*read)(std::string_view arguments, const Geometry& geometry);
};

RulePtr read_non_consecutive(std::string_view arguments, const Geometry& geometry);
RulePtr read_disjoint_groups(std::string_view arguments, const Geometry& geometry);
RulePtr read_odd(std::string_view arguments, const Geometry& geometry);
RulePtr read_even(std::string_view arguments, const Geometry& geometry);
RulePtr read_kropki(std::string_view arguments, const Geometry& geometry);
RulePtr read_xv(std::string_view arguments, const Geometry& geometry);
RulePtr read_thermometer(std::string_view arguments, const Geometry& geometry);
RulePtr read_slow_thermometer(std::string_view arguments, const Geometry& geometry);
RulePtr read_whispers(std::string_view arguments, const Geometry& geometry);
RulePtr read_palindrome(std::string_view arguments, const Geometry& geometry);
RulePtr read_renban(std::string_view arguments, const Geometry& geometry);
RulePtr read_nabner(std::string_view arguments, const Geometry& geometry);
RulePtr read_entropic(std::string_view arguments, const Geometry& geometry);
RulePtr read_smaller_than(std::string_view arguments, const Geometry& geometry);
RulePtr read_minimum(std::string_view arguments, const Geometry& geometry);
RulePtr read_maximum(std::string_view arguments, const Geometry& geometry);
RulePtr read_clone(std::string_view arguments, const Geometry& geometry);
RulePtr read_extra_region(std::string_view arguments, const Geometry& geometry);
RulePtr read_arrow(std::string_view arguments, const Geometry& geometry);
RulePtr read_little_killer(std::string_view arguments, const Geometry& geometry);
RulePtr read_sandwich(std::string_view arguments, const Geometry& geometry);
RulePtr read_x_sum(std::string_view arguments, const Geometry& geometry);
RulePtr read_between(std::string_view arguments, const Geometry& geometry);
RulePtr read_quadruple(std::string_view arguments, const Geometry& geometry);
RulePtr read_zipper(std::string_view arguments, const Geometry& geometry);
RulePtr read_region_sum(std::string_view arguments, const Geometry& geometry);
RulePtr read_sum_cage(std::string_view arguments, const Geometry& geometry);

}  // namespace sudoku::rules
