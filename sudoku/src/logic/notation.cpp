// The sentences of the patterns of logic_*.cpp, in the solving community's notation: chains of
// conjugate pairs in Eureka notation ("(4)r1c5=(4)r1c2-(4)r6c2=(4)r6c6"), sets of cells by name.
#include <string>
#include <vector>

#include "logic/internal.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku::detail {

namespace {

// The cells of group i of a step (all cells when the step has no groups).
std::vector<int> group(const Step& step, std::size_t i) {
  if (step.groups.empty()) return step.cells;
  const auto from = static_cast<std::size_t>(i == 0 ? 0 : step.groups[i - 1]);
  const auto to = static_cast<std::size_t>(i < step.groups.size() ? step.groups[i] : 0);
  if (from >= to || to > step.cells.size()) return {};
  return {step.cells.begin() + static_cast<std::ptrdiff_t>(from),
          step.cells.begin() + static_cast<std::ptrdiff_t>(to)};
}

std::string house_list(const Geometry& g, const std::vector<int>& houses, std::size_t from,
                       std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < houses.size(); ++i) {
    if (!out.empty()) out += ", ";
    out += g.house_name(houses[i]);
  }
  return out;
}

Mask removed_digits(const Step& step) {
  Mask m = 0;
  for (const Candidate& r : step.removed) m |= digit_bit(r.digit);
  return m;
}

}  // namespace

std::string describe_pattern(const Geometry& g, const Step& step, const Symbols& symbols) {
  const auto name = std::string(technique_name(step.technique));
  const int n = g.size();
  const auto digit = [&](int d) { return digit_text(n, d, symbols); };
  const auto cell = [&](std::size_t i) {
    return i < step.cells.size() ? cell_name(n, step.cells[i]) : std::string("?");
  };
  const auto house = [&](std::size_t i) {
    return i < step.houses.size() ? g.house_name(step.houses[i]) : std::string("?");
  };
  const std::string gone = removals(g, step.removed, symbols);
  const int d = step.digits != 0 ? digit_of(step.digits) : 0;
  const std::string dd = std::string("(").append(digit(d)).append(")");
  switch (step.technique) {
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing:
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish:
    case Technique::finned_jellyfish:
    case Technique::sashimi_jellyfish: {
      const std::size_t half = step.houses.size() / 2;
      const std::vector<int> fins = group(step, 1);
      return name + " on " + digit(d) + " in " + house_list(g, step.houses, 0, half) + " (cover " +
             house_list(g, step.houses, half, step.houses.size()) +
             (fins.size() == 1 ? "; fin " : "; fins ") + cell_list(g, fins) + ") " + gone;
    }
    case Technique::skyscraper:
    case Technique::two_string_kite:
    case Technique::turbot_fish:
      return name + " on " + digit(d) + ": " + dd + cell(0) + "=" + dd + cell(1) + "-" + dd +
             cell(2) + "=" + dd + cell(3) + " " + gone;
    case Technique::empty_rectangle: {
      const std::vector<int> pair = group(step, 1);
      return name + " on " + digit(d) + " in " + house(0) + " (" + house(1) + ", " + house(2) +
             ") with conjugate pair " + cell_list(g, pair) + " (" + house(3) + ") " + gone;
    }
    case Technique::w_wing: {
      const Mask y = removed_digits(step) & step.digits;
      const int wy = y != 0 ? digit_of(y) : d;
      const Mask xm = step.digits & ~digit_bit(wy);
      const int x = xm != 0 ? digit_of(xm) : d;
      const std::string xx = std::string("(").append(digit(x)).append(")");
      return name + " " + digit_list(n, step.digits, symbols) + ": (" + digit(wy) + "=" + digit(x) +
             ")" + cell(0) + "-" + xx + cell(1) + "=" + xx + cell(2) + "-(" + digit(x) + "=" +
             digit(wy) + ")" + cell(3) + " " + gone;
    }
    case Technique::xy_wing:
    case Technique::xyz_wing:
      return name + " " + digit_list(n, step.digits, symbols) + " with pivot " + cell(0) +
             " and pincers " + cell(1) + ", " + cell(2) + " " + gone;
    case Technique::wxyz_wing:
      return name + " " + digit_list(n, step.digits, symbols) + " in " + cell_list(g, step.cells) +
             " " + gone;
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_2:
    case Technique::hidden_rectangle:
      return name + " " + digit_list(n, step.digits, symbols) + " in " +
             cell_list(g, group(step, 0).size() >= 4
                              ? std::vector<int>(step.cells.begin(), step.cells.begin() + 4)
                              : step.cells) +
             " " + gone;
    case Technique::unique_rectangle_3: {
      const std::vector<int> corners(
          step.cells.begin(),
          step.cells.begin() +
              std::min<std::ptrdiff_t>(4, static_cast<std::ptrdiff_t>(step.cells.size())));
      return name + " " + digit_list(n, step.digits, symbols) + " in " + cell_list(g, corners) +
             ", the roof a naked subset with " + cell_list(g, group(step, 1)) + " (" + house(0) +
             ") " + gone;
    }
    case Technique::unique_rectangle_4: {
      const Mask y = removed_digits(step) & step.digits;
      const Mask x = step.digits & ~y;
      return name + " " + digit_list(n, step.digits, symbols) + " in " + cell_list(g, step.cells) +
             ", " + digit(x != 0 ? digit_of(x) : d) + " only in the roof in " + house(0) + ", " +
             gone;
    }
    case Technique::bug_plus_one:
      if (step.placed.empty()) return name;
      return cell_name(n, step.placed.front().cell) + "=" + digit(step.placed.front().digit) +
             ": " + name;
    case Technique::simple_colours_trap:
    case Technique::simple_colours_wrap:
      return name + " on " + digit(d) + ": (" + cell_list(g, group(step, 0)) + ") / (" +
             cell_list(g, group(step, 1)) + ") " + gone;
    case Technique::multi_colours:
      return name + " on " + digit(d) + ": (" + cell_list(g, group(step, 0)) + ") / (" +
             cell_list(g, group(step, 1)) + "), (" + cell_list(g, group(step, 2)) + ") / (" +
             cell_list(g, group(step, 3)) + ") " + gone;
    case Technique::sue_de_coq:
      return name + " " + digit_list(n, step.digits, symbols) + ": " +
             cell_list(g, group(step, 0)) + " (" + house(0) + ", " + house(1) + ") with " +
             cell_list(g, group(step, 1)) + " (" + house(0) + ") and " +
             cell_list(g, group(step, 2)) + " (" + house(1) + ") " + gone;
    case Technique::als_xz: {
      const Mask x = step.digits & ~removed_digits(step);
      return name + ": A = " + cell_list(g, group(step, 0)) + " (" + house(0) +
             "), B = " + cell_list(g, group(step, 1)) + " (" + house(1) +
             "), x = " + digit(x != 0 ? digit_of(x) : d) + ", " + gone;
    }
    case Technique::als_xy_wing:
      return name + ": A = " + cell_list(g, group(step, 0)) + " (" + house(0) +
             "), B = " + cell_list(g, group(step, 1)) + " (" + house(1) +
             "), C = " + cell_list(g, group(step, 2)) + " (" + house(2) +
             "), x, y = " + digit_list(n, step.digits & ~removed_digits(step), symbols) + ", " +
             gone;
    default:
      return name;
  }
}

}  // namespace sudoku::detail
