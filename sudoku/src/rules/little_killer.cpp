// Little killers: the digits along a diagonal sum to the clue beside the grid where it starts
// (digits may repeat where the houses allow). "#little-killer r0c1:dr=23 r10c9:ul=12": the
// clue's place beside the grid, the way its arrow points (dr, dl, ur, ul), its sum.
#include <algorithm>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

struct Clue {
  Outside at;
  int step_row = 0, step_col = 0;
  int sum = 0;
  bool operator==(const Clue&) const = default;
};

constexpr std::string_view directions[] = {"dr", "dl", "ur", "ul"};

std::string_view direction_name(int step_row, int step_col) noexcept {
  return directions[(step_row < 0 ? 2 : 0) + (step_col < 0 ? 1 : 0)];
}

class LittleKiller : public Rule {
 public:
  explicit LittleKiller(std::vector<Clue> clues) : clues_(std::move(clues)) {}

  std::string_view keyword() const noexcept override { return "little-killer"; }
  std::string describe() const override {
    return "little killers: the digits along a diagonal sum to the clue beside the grid where it "
           "starts (digits may repeat)";
  }
  std::string arguments(const Geometry&) const override {
    std::string out;
    for (const Clue& c : clues_) {
      if (!out.empty()) out += ' ';
      out += outside_name(c.at) + ":" + std::string(direction_name(c.step_row, c.step_col)) + "=" +
             std::to_string(c.sum);
    }
    return out;
  }
  void add_constraints(const Geometry& geometry,
                       std::vector<ConstraintPtr>& constraints) const override {
    for (const Clue& c : clues_) {
      std::vector<int> cells = cells_from(geometry, c.at, c.step_row, c.step_col);
      std::string label =
          "little killer " + std::to_string(c.sum) + " " + cells_name(geometry, cells);
      // A sum over cells in several boxes, digits repeating across them.
      constraints.push_back(std::make_shared<const SumConstraint>(geometry, std::move(cells),
                                                                  std::move(label), c.sum, 2.0));
    }
  }
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!same_digits(digits)) return nullptr;
    std::vector<Clue> clues;
    for (const Clue& c : clues_) {
      const std::vector<int> line =
          moved_cells(cells_from(geometry, c.at, c.step_row, c.step_col), cells);
      Clue m{{}, 0, 0, c.sum};
      if (!line_from_outside(geometry, line, m.at, m.step_row, m.step_col)) return nullptr;
      clues.push_back(m);
    }
    return std::make_shared<const LittleKiller>(std::move(clues));
  }
  void draw(const Geometry& geometry, std::vector<RuleMark>& marks) const override {
    for (const Clue& c : clues_) {
      RuleMark mark{RuleMark::Kind::outside, cells_from(geometry, c.at, c.step_row, c.step_col),
                    std::to_string(c.sum), false, ""};
      mark.arrow = true;
      mark.step_row = c.step_row;
      mark.step_col = c.step_col;
      marks.push_back(std::move(mark));
    }
  }

 private:
  std::vector<Clue> clues_;
};

}  // namespace

RulePtr read_little_killer(std::string_view arguments, const Geometry& geometry) {
  const int n = geometry.size();
  std::vector<Clue> clues;
  for (const Word& word : split_words(arguments)) {
    const std::size_t colon = word.text.find(':'), equals = word.text.find('=');
    if (colon == std::string_view::npos || equals == std::string_view::npos || equals < colon)
      throw RuleError{quoted(word.text) +
                          ": a little killer is its place, its direction and its sum "
                          "(e.g. r0c1:dr=23)",
                      word.offset};
    Clue c;
    c.at = read_outside(geometry, {word.text.substr(0, colon), word.offset}, true);
    const std::string_view direction = word.text.substr(colon + 1, equals - colon - 1);
    const auto d = std::find(std::begin(directions), std::end(directions), direction);
    if (d == std::end(directions))
      throw RuleError{quoted(direction) + " is no direction (dr, dl, ur or ul)",
                      word.offset + colon + 1};
    const auto k = d - std::begin(directions);
    c.step_row = k < 2 ? 1 : -1;
    c.step_col = k % 2 == 0 ? 1 : -1;
    const std::vector<int> cells = cells_from(geometry, c.at, c.step_row, c.step_col);
    if (cells.empty())
      throw RuleError{quoted(word.text) + ": that diagonal misses the grid", word.offset};
    c.sum = read_number({word.text.substr(equals + 1), word.offset + equals + 1},
                        static_cast<int>(cells.size()) * n, "sum for its diagonal");
    clues.push_back(c);
  }
  if (clues.empty()) throw RuleError{"#little-killer needs its clues (e.g. r0c1:dr=23)", 0};
  return std::make_shared<const LittleKiller>(std::move(clues));
}

}  // namespace sudoku::rules
