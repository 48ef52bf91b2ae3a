// The rules the text format knows, one line each, and what every rule does by default.
#include <algorithm>
#include <iterator>

#include "rules/rules.hpp"

namespace sudoku {

namespace {

constexpr rules::RuleKind kinds[] = {
    {"non-consecutive", rules::read_non_consecutive},
    {"disjoint-groups", rules::read_disjoint_groups},
    {"odd", rules::read_odd},
    {"even", rules::read_even},
    {"kropki", rules::read_kropki},
    {"xv", rules::read_xv},
    {"thermo", rules::read_thermometer},
    {"slow-thermo", rules::read_slow_thermometer},
    {"whispers", rules::read_whispers},
    {"palindrome", rules::read_palindrome},
    {"renban", rules::read_renban},
    {"nabner", rules::read_nabner},
    {"entropic", rules::read_entropic},
    {"less", rules::read_smaller_than},
    {"minimum", rules::read_minimum},
    {"maximum", rules::read_maximum},
    {"clone", rules::read_clone},
    {"extra-region", rules::read_extra_region},
    {"arrow", rules::read_arrow},
    {"little-killer", rules::read_little_killer},
    {"sandwich", rules::read_sandwich},
    {"x-sum", rules::read_x_sum},
    {"between", rules::read_between},
    {"quadruple", rules::read_quadruple},
    {"zipper", rules::read_zipper},
    {"region-sum", rules::read_region_sum},
    {"sum-cage", rules::read_sum_cage},
};

const rules::RuleKind* find(std::string_view keyword) noexcept {
  const auto it = std::find_if(std::begin(kinds), std::end(kinds),
                               [&](const rules::RuleKind& k) { return k.keyword == keyword; });
  return it == std::end(kinds) ? nullptr : it;
}

}  // namespace

std::string_view mark_kind_name(RuleMark::Kind kind) noexcept {
  switch (kind) {
    case RuleMark::Kind::dot:
      return "dot";
    case RuleMark::Kind::letter:
      return "letter";
    case RuleMark::Kind::circle:
      return "circle";
    case RuleMark::Kind::square:
      return "square";
    case RuleMark::Kind::shade:
      return "shade";
    case RuleMark::Kind::line:
      return "line";
    case RuleMark::Kind::outside:
      return "outside";
    case RuleMark::Kind::corner:
      return "corner";
    case RuleMark::Kind::cage:
      return "cage";
  }
  return "";
}

void Rule::add_houses(const Geometry&, std::vector<NamedHouse>&) const {}
void Rule::add_relations(const Geometry&, int, std::vector<Relation>&) const {}
void Rule::restrict_cells(const Geometry&, std::vector<std::uint64_t>&) const {}
void Rule::add_constraints(const Geometry&, std::vector<ConstraintPtr>&) const {}
void Rule::draw(const Geometry&, std::vector<RuleMark>&) const {}

RulePtr read_rule(std::string_view keyword, std::string_view arguments, const Geometry& geometry) {
  const rules::RuleKind* kind = find(keyword);
  if (kind == nullptr)
    throw RuleError{"unknown rule '" + std::string(keyword) + "' (rules: " + rule_keywords() + ")",
                    0};
  return kind->read(arguments, geometry);
}

bool is_rule_keyword(std::string_view keyword) noexcept {
  return find(keyword) != nullptr;
}

std::string rule_keywords() {
  std::string out;
  for (const rules::RuleKind& k : kinds) {
    if (!out.empty()) out += ", ";
    out += k.keyword;
  }
  return out;
}

std::string format_rule(const Rule& rule, const Geometry& geometry) {
  std::string out(1, '#');  // appended, not "#" + ...: GCC 12 warns falsely (-Wrestrict) on that
  out += rule.keyword();
  if (const std::string arguments = rule.arguments(geometry); !arguments.empty()) {
    out += ' ';
    out += arguments;
  }
  out += '\n';
  return out;
}

}  // namespace sudoku
