// Arrows: the digits along an arrow sum to the number in its circle; a circle of two or three
// cells (a pill) reads its digits as a decimal number, the first worth ten times the next.
// "#arrow r1c1:r1c2-r1c3 r5c5-r5c6:r6c7-r7c8:r4c7" gives each arrow's circle, then after each ':'
// a line of cells leading away from it (several lines of one circle sum to it together). Digits
// may repeat along an arrow where the houses allow.
#include <algorithm>
#include <bit>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

struct Arrow {
  std::vector<int> circle;
  std::vector<std::vector<int>> lines;
  bool operator==(const Arrow&) const = default;
};

// Calls f(number, digits) for every reading of the circle's masks (at most three cells).
template <typename F>
void for_each_reading(std::span<const std::uint64_t> circle, F f) {
  int digits[3] = {0, 0, 0};
  const auto walk = [&](const auto& self, std::size_t i, int number) -> void {
    if (i == circle.size() || i == 3) {
      f(number, digits);
      return;
    }
    for (std::uint64_t m = circle[i]; m != 0; m &= m - 1) {
      digits[i] = std::countr_zero(m) + 1;
      self(self, i + 1, number * 10 + digits[i]);
    }
  };
  walk(walk, 0, 0);
}

class ArrowSum : public Constraint {
 public:
  // A sum whose total is open too: a little harder than a cage's combinations.
  double difficulty() const noexcept override { return 1.9; }
  ArrowSum(std::vector<int> cells, std::string label, std::size_t circle, std::vector<int> runs)
      : Constraint(std::move(cells), std::move(label)), circle_(circle), runs_(std::move(runs)) {}

  void narrow(std::span<std::uint64_t> masks) const override {
    const std::span<std::uint64_t> circle = masks.first(circle_), arrow = masks.subspan(circle_);
    int most = 0;  // the largest sum the arrow can make
    for (const std::uint64_t m : arrow) most += 64 - std::countl_zero(m);
    thread_local std::vector<char> totals, reached;
    totals.assign(static_cast<std::size_t>(most) + 1, 0);
    for_each_reading(circle, [&](int number, const int*) {
      if (number <= most) totals[static_cast<std::size_t>(number)] = 1;
    });
    narrow_sum(arrow, totals, &reached, runs_);
    std::uint64_t keep[3] = {0, 0, 0};
    for_each_reading(circle, [&](int number, const int* digits) {
      if (number > most || reached[static_cast<std::size_t>(number)] == 0) return;
      for (std::size_t j = 0; j < circle_; ++j) keep[j] |= std::uint64_t{1} << (digits[j] - 1);
    });
    for (std::size_t j = 0; j < circle_; ++j) circle[j] = keep[j];
  }

 private:
  std::size_t circle_;
  std::vector<int> runs_;  // the arrow's runs of cells that are peers (peer_runs)
};

class ArrowRule : public Rule {
 public:
  explicit ArrowRule(std::vector<Arrow> arrows) : arrows_(std::move(arrows)) {}

  std::string_view keyword() const noexcept override { return "arrow"; }
  std::string describe() const override {
    return "arrows: the digits along an arrow sum to the number in its circle (a circle of two "
           "or three cells reads as a number; digits may repeat along an arrow)";
  }
  std::string arguments(const Geometry& geometry) const override {
    std::string out;
    for (const Arrow& a : arrows_) {
      if (!out.empty()) out += ' ';
      out += word(geometry, a);
    }
    return out;
  }
  void add_constraints(const Geometry& geometry,
                       std::vector<ConstraintPtr>& constraints) const override {
    for (const Arrow& a : arrows_) {
      std::vector<int> cells = a.circle;
      for (const auto& line : a.lines) cells.insert(cells.end(), line.begin(), line.end());
      std::string label = "arrow " + cells_name(geometry, a.circle) + ":";
      for (std::size_t i = 0; i < a.lines.size(); ++i) {
        label += i == 0 ? " " : ", ";
        label += cells_name(geometry, a.lines[i]);
      }
      std::vector<int> runs =
          peer_runs(geometry, std::span<const int>(cells).subspan(a.circle.size()));
      constraints.push_back(std::make_shared<const ArrowSum>(std::move(cells), std::move(label),
                                                             a.circle.size(), std::move(runs)));
    }
  }
  RulePtr moved(const Geometry&, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!same_digits(digits)) return nullptr;
    std::vector<Arrow> arrows;
    for (const Arrow& a : arrows_) {
      Arrow m{moved_cells(a.circle, cells), {}};
      for (const auto& line : a.lines) m.lines.push_back(moved_cells(line, cells));
      arrows.push_back(std::move(m));
    }
    return std::make_shared<const ArrowRule>(std::move(arrows));
  }
  void draw(const Geometry& geometry, std::vector<RuleMark>& marks) const override {
    for (const Arrow& a : arrows_) {
      for (const int cell : a.circle)
        marks.push_back({RuleMark::Kind::circle, {cell}, "", false, ""});
      for (const auto& line : a.lines) {
        // From the circle's cell the line leaves.
        int from = a.circle.front();
        for (const int cell : a.circle)
          if (touching(geometry, cell, line.front())) {
            from = cell;
            break;
          }
        RuleMark mark{RuleMark::Kind::line, {from}, "", false, "#a0a0a0"};
        mark.cells.insert(mark.cells.end(), line.begin(), line.end());
        mark.arrow = true;
        marks.push_back(std::move(mark));
      }
    }
  }

 private:
  static std::string word(const Geometry& geometry, const Arrow& a) {
    std::string out = cells_name(geometry, a.circle);
    for (const auto& line : a.lines) {
      out += ':';
      out += cells_name(geometry, line);
    }
    return out;
  }
  std::vector<Arrow> arrows_;
};

}  // namespace

RulePtr read_arrow(std::string_view arguments, const Geometry& geometry) {
  std::vector<Arrow> arrows;
  for (const Word& word : split_words(arguments)) {
    Arrow a;
    std::vector<bool> seen(static_cast<std::size_t>(geometry.cell_count()), false);
    const auto take = [&](const std::vector<int>& cells, std::size_t offset) {
      for (const int cell : cells) {
        if (seen[static_cast<std::size_t>(cell)])
          throw RuleError{cell_name(geometry, cell) + " is twice in one arrow", offset};
        seen[static_cast<std::size_t>(cell)] = true;
      }
    };
    std::size_t at = 0;
    for (int part = 0; at <= word.text.size(); ++part) {
      const std::size_t colon = std::min(word.text.find(':', at), word.text.size());
      const Word piece{word.text.substr(at, colon - at), word.offset + at};
      if (part == 0) {
        a.circle = read_cells(geometry, piece);
        if (a.circle.size() > 3)
          throw RuleError{quoted(piece.text) + ": a circle has one to three cells", piece.offset};
        for (std::size_t i = 1; i < a.circle.size(); ++i)
          if (!adjacent(geometry, a.circle[i - 1], a.circle[i]))
            throw RuleError{quoted(piece.text) + ": a circle's cells are neighbours", piece.offset};
        take(a.circle, piece.offset);
      } else {
        std::vector<int> line = read_line(geometry, piece, 1, "an arrow", "r1c1:r1c2-r1c3");
        if (std::none_of(a.circle.begin(), a.circle.end(),
                         [&](int cell) { return touching(geometry, cell, line.front()); }))
          throw RuleError{quoted(piece.text) + ": the arrow does not start beside " +
                              "its circle " + cells_name(geometry, a.circle),
                          piece.offset};
        take(line, piece.offset);
        a.lines.push_back(std::move(line));
      }
      at = colon + 1;
    }
    if (a.lines.empty())
      throw RuleError{quoted(word.text) +
                          ": an arrow is its circle, then ':' and its cells (e.g. r1c1:r1c2-r1c3)",
                      word.offset};
    arrows.push_back(std::move(a));
  }
  if (arrows.empty()) throw RuleError{"#arrow needs its arrows (e.g. r1c1:r1c2-r1c3)", 0};
  return std::make_shared<const ArrowRule>(std::move(arrows));
}

}  // namespace sudoku::rules
