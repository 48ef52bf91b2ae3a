// The techniques' names and the sentences of their steps, in the solving community's notation:
// chains of conjugate pairs in Eureka notation ("(4)r1c5=(4)r1c2-(4)r6c2=(4)r6c6"), sets of cells
// by name.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "logic/internal.hpp"
#include "logic/techniques.hpp"
#include "sudoku/logic/chains.hpp"
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

// "7", "7 and 9", "1, 2 and 4".
std::string digit_words(int n, Mask digits, const Symbols& symbols) {
  std::vector<std::string> words;
  for (int d = 1; d <= n; ++d)
    if (digits & digit_bit(d)) words.push_back(digit_text(n, d, symbols));
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return out;
}

// Removals as what the reasoning rules out, digits ruled out of the same cells together:
// "rules out 3 and 8 in r6c8; 2 in r6c9".
std::string ruled_out(const Geometry& g, const std::vector<Candidate>& removed,
                      const Symbols& symbols) {
  std::map<int, std::vector<int>> by_digit;
  for (const Candidate& c : removed) by_digit[c.digit].push_back(c.cell);
  std::vector<std::pair<std::vector<int>, Mask>> groups;  // cells, digits
  // By name, not as a structured binding: Debian's em++ (Clang 14) does not let a lambda capture
  // a binding.
  for (const auto& entry : by_digit) {
    const int digit = entry.first;
    const std::vector<int>& cells = entry.second;
    const auto same = std::find_if(groups.begin(), groups.end(),
                                   [&](const auto& group) { return group.first == cells; });
    if (same == groups.end())
      groups.push_back({cells, digit_bit(digit)});
    else
      same->second |= digit_bit(digit);
  }
  std::string out = "rules out ";
  for (std::size_t i = 0; i < groups.size(); ++i)
    out += (i == 0 ? "" : "; ") + digit_words(g.size(), groups[i].second, symbols) + " in " +
           cell_list(g, groups[i].first);
  return out;
}

// A cage step's removals, compact: cells that lose the same digits together, and where a cell
// loses more digits than it may keep, what it keeps ("r1c1, r1c2 keep only 7 and 9": at most
// the cage's digits less those removed from it). Starts with ": " or ", ".
std::string cage_removals(const Geometry& g, const Step& step, const Symbols& symbols) {
  const int n = g.size();
  std::vector<int> cells;  // in the order of their first removal
  std::map<int, Mask> lost;
  for (const Candidate& r : step.removed) {
    if (lost.find(r.cell) == lost.end()) cells.push_back(r.cell);
    lost[r.cell] |= digit_bit(r.digit);
  }
  struct Group {
    bool keeps;  // said as the digits kept, else as those removed
    Mask digits;
    std::vector<int> cells;
  };
  std::vector<Group> groups;
  for (const int cell : cells) {
    const Mask kept = step.digits & ~lost[cell];
    const bool keeps = kept != 0 && count_of(lost[cell]) > count_of(kept);
    const Mask digits = keeps ? kept : lost[cell];
    const auto same = std::find_if(groups.begin(), groups.end(), [&](const Group& group) {
      return group.keeps == keeps && group.digits == digits;
    });
    if (same == groups.end())
      groups.push_back({keeps, digits, {cell}});
    else
      same->cells.push_back(cell);
  }
  std::string out;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const Group& group = groups[i];
    out += i == 0 ? (group.keeps ? ": " : ", ") : "; ";
    if (group.keeps)
      out += cell_list(g, group.cells) +
             (group.cells.size() == 1 ? " keeps only " : " keep only ") +
             digit_words(n, group.digits, symbols);
    else
      out += (i > 0 && !groups[i - 1].keeps ? "" : "removes ") +
             digit_words(n, group.digits, symbols) + " from " + cell_list(g, group.cells);
  }
  return out;
}

// The sentence of a step (describe()).
std::string describe_step(const Geometry& g, const Step& step, const Symbols& symbols) {
  const auto name = std::string(technique_name(step.technique));
  const int n = g.size();
  const auto digit = [&](int d) { return digit_text(n, d, symbols); };
  const auto cell = [&](std::size_t i) {
    return i < step.cells.size() ? cell_name(g, step.cells[i]) : std::string("?");
  };
  const auto house = [&](std::size_t i) {
    return i < step.houses.size() ? g.house_name(step.houses[i]) : std::string("?");
  };
  const auto gone = [&] { return removals(g, step.removed, symbols); };
  const int d = step.digits != 0 ? digit_of(step.digits) : 0;
  const std::string dd = std::string("(").append(digit(d)).append(")");
  switch (facts(step.technique).wording) {
    case Wording::placement: {
      if (step.placed.empty()) return name;
      const Candidate& p = step.placed.front();
      std::string out = cell_name(g, p.cell) + "=" + digit(p.digit) + ": " + name;
      if (!step.houses.empty()) out += " in " + house(0);
      return out;
    }
    case Wording::locked:
      return name + ": " + digit(digit_of(step.digits)) + " in " + house(0) + " is confined to " +
             house(1) + ", " + gone();
    case Wording::subset:
      return name + " " + digit_list(n, step.digits, symbols) + " in " + cell_list(g, step.cells) +
             " (" + house(0) + ") " + gone();
    case Wording::basic_fish: {
      std::string base, cover;
      for (std::size_t i = 0; i < step.houses.size(); ++i) {
        std::string& list = i < step.houses.size() / 2 ? base : cover;
        if (!list.empty()) list += ", ";
        list += g.house_name(step.houses[i]);
      }
      return name + " on " + digit(digit_of(step.digits)) + " in " + base + " (cover " + cover +
             ") " + gone();
    }
    case Wording::direct: {
      // The placement it leads to first, then the reasoning. The path places the single and
      // keeps the candidates the reasoning rules out (as Sudoku Explainer does), so the sentence
      // says they are ruled out, not removed: a later step may rule them out again.
      std::string out = step.placed.empty() ? std::string()
                                            : cell_name(g, step.placed.front().cell) + "=" +
                                                  digit(step.placed.front().digit) + ": ";
      if (step.houses.size() > 2)  // pointing, claiming: the lock's two houses, then the single's
        out += name + ": " + digit(d) + " in " + house(0) + " is confined to " + house(1) + ", ";
      else
        out += name + " " + digit_list(n, step.digits, symbols) + " in " + house(0) + " ";
      out += ruled_out(g, step.removed, symbols) + ", leaving a hidden single";
      return step.houses.empty() ? out : out + " in " + house(step.houses.size() - 1);
    }
    case Wording::forcing_chain: {
      if (step.cells.empty()) return name;
      const std::string start = cell_name(g, step.cells.front());
      const std::string x = digit(digit_of(step.digits));
      const bool placed = !step.placed.empty();
      return name + ": " + start + (placed ? "<>" : "=") + x + " forces " + start +
             (placed ? "=" : "<>") + x + ", so " + (placed ? "places " + start + "=" + x : gone()) +
             " (" + std::to_string(step.length) + " links)";
    }
    case Wording::forcing_net: {
      std::string what;
      if (!step.houses.empty())
        what = "every place of " + digit_list(n, step.digits, symbols) + " in " + house(0) + " (" +
               cell_list(g, step.cells) + ")";
      else if (count_of(step.digits) > 1)
        what = "every candidate " + digit_list(n, step.digits, symbols) + " of " +
               cell_list(g, step.cells);
      else if (!step.cells.empty())
        what = cell_name(g, step.cells.front()) + "=" + digit(digit_of(step.digits)) +
               " and its absence";
      std::string result;
      if (!step.placed.empty())
        result = "places " + cell_name(g, step.placed.front().cell) + "=" +
                 digit(step.placed.front().digit);
      else
        result = gone();
      if (step.technique == Technique::nishio_forcing_chain ||
          (step.houses.empty() && count_of(step.digits) == 1 && !step.cells.empty() &&
           ((!step.removed.empty() && step.removed.front().cell == step.cells.front() &&
             digit_bit(step.removed.front().digit) == step.digits) ||
            (!step.placed.empty() && step.placed.front().cell == step.cells.front()))))
        what = cell_name(g, step.cells.front()) + (step.placed.empty() ? "=" : "<>") +
               digit(digit_of(step.digits)) + " leads to a contradiction";
      else
        what += " leads to the same";
      return name + ": " + what + ", " + result + " (" + std::to_string(step.length) + " links)";
    }
    case Wording::contradiction:
      if (!step.cells.empty())
        return "contradiction: " + cell_name(g, step.cells.front()) + " has no candidate left";
      return "contradiction: " + digit(digit_of(step.digits)) + " has no place left in " + house(0);
    case Wording::chain:
      return describe_chain(g, step, symbols);
    case Wording::finned_fish: {
      const std::size_t half = step.houses.size() / 2;
      const std::vector<int> fins = group(step, 1);
      return name + " on " + digit(d) + " in " + house_list(g, step.houses, 0, half) + " (cover " +
             house_list(g, step.houses, half, step.houses.size()) +
             (fins.size() == 1 ? "; fin " : "; fins ") + cell_list(g, fins) + ") " + gone();
    }
    case Wording::four_nodes:
      return name + " on " + digit(d) + ": " + dd + cell(0) + "=" + dd + cell(1) + "-" + dd +
             cell(2) + "=" + dd + cell(3) + " " + gone();
    case Wording::empty_rectangle: {
      const std::vector<int> pair = group(step, 1);
      return name + " on " + digit(d) + " in " + house(0) + " (" + house(1) + ", " + house(2) +
             ") with conjugate pair " + cell_list(g, pair) + " (" + house(3) + ") " + gone();
    }
    case Wording::w_wing: {
      const Mask y = removed_digits(step) & step.digits;
      const int wy = y != 0 ? digit_of(y) : d;
      const Mask xm = step.digits & ~digit_bit(wy);
      const int x = xm != 0 ? digit_of(xm) : d;
      const std::string xx = std::string("(").append(digit(x)).append(")");
      return name + " " + digit_list(n, step.digits, symbols) + ": (" + digit(wy) + "=" + digit(x) +
             ")" + cell(0) + "-" + xx + cell(1) + "=" + xx + cell(2) + "-(" + digit(x) + "=" +
             digit(wy) + ")" + cell(3) + " " + gone();
    }
    case Wording::wing:
      return name + " " + digit_list(n, step.digits, symbols) + " with pivot " + cell(0) +
             " and pincers " + cell(1) + ", " + cell(2) + " " + gone();
    case Wording::wxyz_wing:
      return name + " " + digit_list(n, step.digits, symbols) + " in " + cell_list(g, step.cells) +
             " " + gone();
    case Wording::rectangle:
      return name + " " + digit_list(n, step.digits, symbols) + " in " +
             cell_list(g, group(step, 0).size() >= 4
                              ? std::vector<int>(step.cells.begin(), step.cells.begin() + 4)
                              : step.cells) +
             " " + gone();
    case Wording::rectangle_roof_subset: {
      const std::vector<int> corners(
          step.cells.begin(),
          step.cells.begin() +
              std::min<std::ptrdiff_t>(4, static_cast<std::ptrdiff_t>(step.cells.size())));
      return name + " " + digit_list(n, step.digits, symbols) + " in " + cell_list(g, corners) +
             ", the roof a naked subset with " + cell_list(g, group(step, 1)) + " (" + house(0) +
             ") " + gone();
    }
    case Wording::rectangle_roof_locked: {
      const Mask y = removed_digits(step) & step.digits;
      const Mask x = step.digits & ~y;
      return name + " " + digit_list(n, step.digits, symbols) + " in " + cell_list(g, step.cells) +
             ", " + digit(x != 0 ? digit_of(x) : d) + " only in the roof in " + house(0) + ", " +
             gone();
    }
    case Wording::bug_plus_one:
      if (step.placed.empty()) return name;
      return cell_name(g, step.placed.front().cell) + "=" + digit(step.placed.front().digit) +
             ": " + name;
    case Wording::simple_colours:
      return name + " on " + digit(d) + ": (" + cell_list(g, group(step, 0)) + ") / (" +
             cell_list(g, group(step, 1)) + ") " + gone();
    case Wording::multi_colours:
      return name + " on " + digit(d) + ": (" + cell_list(g, group(step, 0)) + ") / (" +
             cell_list(g, group(step, 1)) + "), (" + cell_list(g, group(step, 2)) + ") / (" +
             cell_list(g, group(step, 3)) + ") " + gone();
    case Wording::sue_de_coq:
      return name + " " + digit_list(n, step.digits, symbols) + ": " +
             cell_list(g, group(step, 0)) + " (" + house(0) + ", " + house(1) + ") with " +
             cell_list(g, group(step, 1)) + " (" + house(0) + ") and " +
             cell_list(g, group(step, 2)) + " (" + house(1) + ") " + gone();
    case Wording::als_xz: {
      const Mask x = step.digits & ~removed_digits(step);
      return name + ": A = " + cell_list(g, group(step, 0)) + " (" + house(0) +
             "), B = " + cell_list(g, group(step, 1)) + " (" + house(1) +
             "), x = " + digit(x != 0 ? digit_of(x) : d) + ", " + gone();
    }
    case Wording::als_xy_wing:
      return name + ": A = " + cell_list(g, group(step, 0)) + " (" + house(0) +
             "), B = " + cell_list(g, group(step, 1)) + " (" + house(1) +
             "), C = " + cell_list(g, group(step, 2)) + " (" + house(2) +
             "), x, y = " + digit_list(n, step.digits & ~removed_digits(step), symbols) + ", " +
             gone();
    case Wording::cage: {
      if (step.cages.empty()) return name;
      return name + ": " + cage_name(g, step.cages.front()) + " takes its digits from " +
             digit_list(n, step.digits, symbols) + cage_removals(g, step, symbols);
    }
    case Wording::relation: {
      // "<label> r1c1-r1c2 (<rule>): removes 5 from r1c1"
      std::string out;
      for (const int i : step.relations) {
        const Relation& r = g.relations()[static_cast<std::size_t>(i)];
        out += (out.empty() ? "" : "; ") + r.label + " " + cell_name(g, r.a) + "-" +
               cell_name(g, r.b) + " (" +
               std::string(g.rules()[static_cast<std::size_t>(r.rule)]->keyword()) + ")";
      }
      return (out.empty() ? name : out) + ": " + gone();
    }
    case Wording::constraint: {
      // "<label> (<rule>): removes 5 from r1c1"
      std::string out;
      for (const int i : step.constraints) {
        if (!out.empty()) out += "; ";
        out += g.constraints()[static_cast<std::size_t>(i)]->label();
      }
      return (out.empty() ? name : out) + ": " + gone();
    }
    case Wording::rule_forcing: {
      if (step.removed.empty()) return name;
      const Candidate& r = step.removed.front();
      return name + ": " + cell_name(g, r.cell) + "=" + digit(r.digit) +
             " leads to a contradiction through the singles, cages and rules, so " +
             cell_name(g, r.cell) + "<>" + digit(r.digit);
    }
    case Wording::rule_of_45: {
      // The houses' total, the cages' sum, and the innies or outies (step.cells) with theirs.
      const int total = static_cast<int>(step.houses.size()) * n * (n + 1) / 2;
      int cages = 0;
      std::string list;
      for (const int k : step.cages) {
        cages += g.cages()[static_cast<std::size_t>(k)].sum;
        list += (list.empty() ? "" : ", ") + cage_name(g, k).substr(5);  // without "cage "
      }
      bool inside = false;
      for (const int h : step.houses)
        for (const int cell : g.houses()[static_cast<std::size_t>(h)].cells)
          inside = inside || (!step.cells.empty() && cell == step.cells.front());
      const int sum = inside ? total - cages : cages - total;
      std::string region = house_list(g, step.houses, 0, step.houses.size());
      std::string out = name + " on " + region + " (" + std::to_string(total) +
                        "): " + (step.cages.size() == 1 ? "cage " : "cages ") + list +
                        (inside ? " inside it" : " over it") + " add up to " +
                        std::to_string(cages) + ", so " + (inside ? "the innie" : "the outie") +
                        (step.cells.size() == 1 ? " " : "s ") + cell_list(g, step.cells) +
                        (step.cells.size() == 1 ? " holds " : " add up to ") + std::to_string(sum);
      if (!step.placed.empty())
        out +=
            ": " + cell_name(g, step.placed.front().cell) + "=" + digit(step.placed.front().digit);
      else if (!step.removed.empty())
        out += ", " + gone();
      return out;
    }
    case Wording::name_only:
      return name;
  }
  return name;
}

// A fact of a branch: "r3c5=7" or "r3c5<>7".
std::string fact_name(const Geometry& g, const Implication& f, const Symbols& symbols) {
  return cell_name(g, f.cell) + (f.on ? "=" : "<>") + digit_text(g.size(), f.digit, symbols);
}

// What the ends of a branch that leads to a contradiction say.
std::string clash_of(const Geometry& g, const Branch& b, const Symbols& symbols) {
  const int n = g.size();
  const auto digit = [&](int d) { return digit_text(n, d, symbols); };
  std::vector<const Implication*> ends;
  for (const int e : b.ends) ends.push_back(&b.facts[static_cast<std::size_t>(e)]);
  if (ends.empty()) return "a contradiction";
  const Implication& a = *ends.front();
  if (ends.size() == 1)
    return a.on ? "but " + cell_name(g, a.cell) + " has no candidate " + digit(a.digit)
                : "but " + cell_name(g, a.cell) + " holds " + digit(a.digit);
  if (ends.size() == 2 && ends[1]->cell == a.cell && ends[1]->digit == a.digit)
    return "so " + cell_name(g, a.cell) + " both holds " + digit(a.digit) + " and not";
  bool one_cell = true, one_digit = true;
  for (const Implication* e : ends) {
    one_cell = one_cell && e->cell == a.cell;
    one_digit = one_digit && e->digit == a.digit;
  }
  if (one_cell) return "so " + cell_name(g, a.cell) + " has no candidate left";
  if (one_digit)
    for (const int h : g.houses_of(a.cell)) {
      const std::vector<int>& cells = g.houses()[static_cast<std::size_t>(h)].cells;
      bool all = true;
      for (const Implication* e : ends)
        all = all && std::find(cells.begin(), cells.end(), e->cell) != cells.end();
      if (all) return "so " + digit(a.digit) + " has no place left in " + g.house_name(h);
    }
  return "a contradiction";
}

}  // namespace

std::vector<std::string> describe_branches(const Geometry& g, const Step& step,
                                           const Symbols& symbols) {
  const int n = g.size();
  std::vector<std::string> lines;
  for (const Branch& b : step.branches) {
    const std::size_t first_line = lines.size();
    std::vector<char> shown(b.facts.size(), 0);
    // Each end's path, then the path of every fact a shown path needs beside the one before it.
    std::vector<int> todo(b.ends.rbegin(), b.ends.rend());
    bool first = true;
    while (!todo.empty()) {
      const int end = todo.back();
      todo.pop_back();
      if (!first && shown[static_cast<std::size_t>(end)]) continue;
      std::vector<int> path;
      for (int f = end;; f = b.facts[static_cast<std::size_t>(f)].parents.front()) {
        path.push_back(f);
        if (b.facts[static_cast<std::size_t>(f)].parents.empty()) break;
      }
      std::string line =
          first ? "" : fact_name(g, b.facts[static_cast<std::size_t>(end)], symbols) + ": ";
      std::vector<int> more;
      for (auto it = path.rbegin(); it != path.rend(); ++it) {
        const Implication& f = b.facts[static_cast<std::size_t>(*it)];
        shown[static_cast<std::size_t>(*it)] = 1;
        if (it != path.rbegin()) line += " -> ";
        line += fact_name(g, f, symbols);
        if (!f.inside.empty()) line += " (inside: " + f.inside + ")";
        if (f.parents.size() < 2) continue;
        line += " [+";
        for (std::size_t k = 1; k < f.parents.size(); ++k) {
          line += (k == 1 ? " " : ", ") +
                  fact_name(g, b.facts[static_cast<std::size_t>(f.parents[k])], symbols);
          more.push_back(f.parents[k]);
        }
        line += "]";
      }
      todo.insert(todo.end(), more.rbegin(), more.rend());
      lines.push_back(std::move(line));
      first = false;
    }
    if (b.contradiction && first_line < lines.size())
      lines[first_line] += ": " + clash_of(g, b, symbols);
  }
  if (step.branches.size() > 1 && (!step.placed.empty() || !step.removed.empty())) {
    const Candidate& x = step.placed.empty() ? step.removed.front() : step.placed.front();
    lines.push_back("each branch forces " + cell_name(g, x.cell) +
                    (step.placed.empty() ? "<>" : "=") + digit_text(n, x.digit, symbols));
  }
  return lines;
}

}  // namespace sudoku::detail

namespace sudoku {

std::string_view technique_name(Technique technique) noexcept {
  return detail::facts(technique).name;
}

std::string describe(const Geometry& geometry, const Step& step, const Symbols& symbols) {
  return detail::describe_step(geometry, step, symbols);
}

std::vector<std::string> describe_links(const Geometry& geometry, const Step& step,
                                        const Symbols& symbols) {
  return detail::describe_branches(geometry, step, symbols);
}

}  // namespace sudoku
