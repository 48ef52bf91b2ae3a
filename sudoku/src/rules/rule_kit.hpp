// What the rules of sudoku/src/rules/ share: reading their arguments (words, cells, pairs and
// lists of cells, each with its offset for the messages), orthogonal neighbours, the rules of
// marks on the edges between two cells (kropki dots, XV) and the rules of lines drawn through
// cells (thermometers, whispers, renban, ...), whose files give only their kinds of mark or line.
// Internal to the library.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/model/geometry.hpp"
#include "sudoku/model/rule.hpp"

namespace sudoku::rules {

// A word of a rule's arguments and where it starts in them.
struct Word {
  std::string_view text;
  std::size_t offset = 0;
};
// The words of a text, split by spaces, tabs and commas.
std::vector<Word> split_words(std::string_view text);
// A word in quotes for a message, "'r1c1=x'" (appended: GCC 12 warns falsely (-Wrestrict) on
// "'" + std::string).
std::string quoted(std::string_view text);
// The cell a word names ("r3c5"); throws RuleError at the word.
int read_cell(const Geometry& geometry, const Word& word);
// Two orthogonally adjacent cells a word names ("r3c5-r3c6"), the smaller first; throws RuleError.
std::pair<int, int> read_edge(const Geometry& geometry, const Word& word);
// "r3c5-r3c6".
std::string edge_name(const Geometry& geometry, int a, int b);
// The cells the words of a rule's arguments name, one a word ("r1c1 r5c5"), none twice, at
// least one (`keyword` names the rule in the message); throws RuleError.
std::vector<int> read_cell_words(const Geometry& geometry, std::string_view arguments,
                                 std::string_view keyword);
// The cells a word lists, joined by '-' ("r1c1-r1c2-r2c2"), none twice; throws RuleError.
std::vector<int> read_cells(const Geometry& geometry, const Word& word);
// "r1c1-r1c2-r2c2".
std::string cells_name(const Geometry& geometry, std::span<const int> cells);
// True when two cells touch, orthogonally or diagonally.
bool touching(const Geometry& geometry, int a, int b) noexcept;
// The cells a map of cells takes `cells` to, in their order.
std::vector<int> moved_cells(std::span<const int> cells, std::span<const int> map);
// True when two cells are orthogonal neighbours.
bool adjacent(const Geometry& geometry, int a, int b) noexcept;
// Every pair of orthogonal neighbours, the smaller cell first, in reading order.
std::vector<std::pair<int, int>> neighbour_pairs(const Geometry& geometry);
// True when the map of cells keeps every pair of orthogonal neighbours a pair of neighbours.
bool keeps_neighbours(const Geometry& geometry, std::span<const int> cells);
// The cells of a line a word lists, each touching the next (orthogonally or diagonally), at
// least min_cells of them; `name` ("#between") and `example` for the message. Throws RuleError.
std::vector<int> read_line(const Geometry& geometry, const Word& word, int min_cells,
                           std::string_view name, std::string_view example);
// A place outside the grid that a clue stands on, next to it: row or column 0 or size + 1.
struct Outside {
  int row = 0, column = 0;  // from 1 inside the grid, as cell names count
  bool operator==(const Outside&) const = default;
};
// Reads "r0c3" (a place outside the grid, corners only when `corners`); throws RuleError.
Outside read_outside(const Geometry& geometry, const Word& word, bool corners);
// "r0c3".
std::string outside_name(const Outside& at);
// The cells from a place outside, one step (row, column) at a time, until the grid ends.
std::vector<int> cells_from(const Geometry& geometry, const Outside& at, int step_row,
                            int step_col);
// The step from a clue beside the grid (not on a corner) into it, along its row or column.
std::pair<int, int> step_into(const Geometry& geometry, const Outside& at) noexcept;
// The place outside and the step of a line of cells that runs straight from beside the grid to
// its edge (what a clue's cells become under a symmetry); false when they do not (one cell, a
// bend, an end inside).
bool line_from_outside(const Geometry& geometry, std::span<const int> cells, Outside& at,
                       int& step_row, int& step_col);
// A non-negative number a word gives ("15"), at most `most`; throws RuleError naming `what`.
int read_number(const Word& word, int most, std::string_view what);
// Sums over cells whose digits may repeat, except within runs of cells that are peers: keeps in
// each of `masks` the digits that some choice of one digit from every mask (distinct within each
// run) completes to a total t with totals[t] != 0, and sets reached[t] (sized as totals) for each
// total some choice from the narrowed masks makes. `runs` gives the runs' lengths, in order,
// summing to the masks' number (peer_runs); empty: every cell a run of its own.
void narrow_sum(std::span<std::uint64_t> masks, std::span<const char> totals,
                std::vector<char>* reached = nullptr, std::span<const int> runs = {});
// The lengths of the runs of consecutive cells that are each other's peers (each run as long as
// it can be, at most 6 cells), for narrow_sum.
std::vector<int> peer_runs(const Geometry& geometry, std::span<const int> cells);
// True when the map of digits is the identity.
bool same_digits(std::span<const int> digits) noexcept;
// A relation whose allowed pairs are those `holds` accepts.
template <typename Holds>
Relation relation_of(const Geometry& geometry, int a, int b, int rule, std::string label,
                     Holds holds) {
  const int n = geometry.size();
  Relation r{a, b, std::vector<std::uint64_t>(static_cast<std::size_t>(n), 0), rule,
             std::move(label)};
  for (int x = 1; x <= n; ++x)
    for (int y = 1; y <= n; ++y)
      if (holds(x, y)) r.allowed[static_cast<std::size_t>(x - 1)] |= std::uint64_t{1} << (y - 1);
  return r;
}

// A kind of mark on an edge: its words in the header, what it asks of the two digits, how it is
// drawn.
struct EdgeKind {
  std::string_view word;   // "white", "x"
  std::string_view alias;  // "w", "" for none
  std::string_view label;  // "white dot", "X"
  bool (*holds)(int x, int y, int size);
  RuleMark::Kind mark;
  std::string_view text;  // the letter drawn, for RuleMark::Kind::letter
  bool filled;
};

// Marks on edges between neighbours: "#<keyword> [all] <kind> r1c1-r1c2 ... <kind> ...". With
// "all" every mark is given: two neighbours without one hold digits that no kind allows.
class EdgeRule : public Rule {
 public:
  struct Edge {
    int a = 0, b = 0;  // a < b
    int kind = 0;      // index into the kinds
    bool operator==(const Edge&) const = default;
  };
  EdgeRule(std::string_view keyword, std::string_view sentence, std::span<const EdgeKind> kinds,
           std::vector<Edge> edges, bool all_given);
  // Reads the arguments; throws RuleError.
  static std::shared_ptr<const EdgeRule> read(std::string_view keyword, std::string_view sentence,
                                              std::span<const EdgeKind> kinds,
                                              std::string_view arguments, const Geometry& geometry);

  std::string_view keyword() const noexcept override { return keyword_; }
  std::string describe() const override;
  std::string arguments(const Geometry& geometry) const override;
  void add_relations(const Geometry& geometry, int rule,
                     std::vector<Relation>& relations) const override;
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int> digits) const override;
  void draw(const Geometry& geometry, std::vector<RuleMark>& marks) const override;

 private:
  std::string_view keyword_, sentence_;
  std::span<const EdgeKind> kinds_;
  std::vector<Edge> edges_;
  bool all_given_;
};

// A kind of line drawn through the centres of cells, each cell touching the next: what it asks of
// the digits of two of its cells, how it is written and drawn.
struct LineKind {
  std::string_view keyword;   // "thermo"
  std::string_view sentence;  // what it asks, for describe(); a '#' in it is the lines' number
  std::string_view label;     // the relations' label, what people call the line: "thermometer"
  std::string_view example;   // its arguments in the messages: "r1c1-r1c2-r1c3"
  int min_cells = 2, max_cells = 0;  // 0: no upper bound
  // The lines' number (whispers' least difference) when the header gives none, from the grid's
  // size; nullptr when the line takes no number.
  int (*default_number)(int size) = nullptr;
  // The grid sizes the line makes sense on (entropic lines: a multiple of 3); nullptr: all.
  bool (*fits_size)(int size) = nullptr;
  // Whether cells i < j of a line of `length` cells are related, and the digits they may then
  // hold: x at i, y at j (`number` as above, `size` the grid's).
  bool (*related)(int i, int j, int length);
  bool (*holds)(int x, int y, int i, int j, int length, int size, int number);
  RuleMark::Kind mark = RuleMark::Kind::line;  // a line, or (two cells) a sign on their edge
  std::string_view colour;                     // the line's colour
  bool bulb = false;             // a filled circle on its first cell (a thermometer's bulb)
  bool any_relabelling = false;  // it asks only equalities, which every relabelling keeps
};

// Lines of one kind: "#<keyword> [number] r1c1-r1c2-r1c3 r5c5-r6c6 ...". Lines may cross and
// share cells.
class LineRule : public Rule {
 public:
  LineRule(const LineKind& kind, std::vector<std::vector<int>> lines, int number);
  // Reads the arguments; throws RuleError.
  static std::shared_ptr<const LineRule> read(const LineKind& kind, std::string_view arguments,
                                              const Geometry& geometry);

  std::string_view keyword() const noexcept override { return kind_.keyword; }
  std::string describe() const override;
  std::string arguments(const Geometry& geometry) const override;
  void add_relations(const Geometry& geometry, int rule,
                     std::vector<Relation>& relations) const override;
  bool follows_relabelling() const noexcept override { return kind_.any_relabelling; }
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int> digits) const override;
  void draw(const Geometry& geometry, std::vector<RuleMark>& marks) const override;

 private:
  const LineKind& kind_;
  std::vector<std::vector<int>> lines_;
  int number_;
};

// The digits of cells sum to a number, repeating except within runs of peers (narrow_sum): a
// little killer's diagonal, a sum cage.
class SumConstraint : public Constraint {
 public:
  SumConstraint(const Geometry& geometry, std::vector<int> cells, std::string label, int sum,
                double difficulty);
  void narrow(std::span<std::uint64_t> masks) const override;
  double difficulty() const noexcept override { return difficulty_; }

 private:
  int sum_;
  std::vector<int> runs_;
  double difficulty_;
};

// A kind of clue beside a row or column: its words in the header, what it asks of the row's or
// column's cells, seen from the clue.
struct ClueKind {
  std::string_view keyword;   // "sandwich"
  std::string_view sentence;  // what it asks, for describe()
  std::string_view label;     // its constraints' labels: "sandwich 15 above column 3"
  std::string_view what;      // the number, in messages: "sandwich sum"
  int (*most)(int size);      // the largest clue on a grid of `size` digits
  // The largest grid it is read on: its constraint walks the sets of a row's digits, 2^size.
  int largest_size;
  // The constraint of a clue: `cells` from the clue on.
  ConstraintPtr (*make)(std::vector<int> cells, std::string label, int sum, int size);
};

// Clues of one kind beside rows and columns: "#<keyword> r0c3=15 r4c10=20 ..." (a place beside
// the grid, not a corner, then the clue).
class ClueRule : public Rule {
 public:
  struct Clue {
    Outside at;
    int sum = 0;
    bool operator==(const Clue&) const = default;
  };
  ClueRule(const ClueKind& kind, std::vector<Clue> clues);
  // Reads the arguments; throws RuleError.
  static std::shared_ptr<const ClueRule> read(const ClueKind& kind, std::string_view arguments,
                                              const Geometry& geometry);

  std::string_view keyword() const noexcept override { return kind_.keyword; }
  std::string describe() const override { return std::string(kind_.sentence); }
  std::string arguments(const Geometry& geometry) const override;
  void add_constraints(const Geometry& geometry,
                       std::vector<ConstraintPtr>& constraints) const override;
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int> digits) const override;
  void draw(const Geometry& geometry, std::vector<RuleMark>& marks) const override;

 private:
  const ClueKind& kind_;
  std::vector<Clue> clues_;
};

// A kind of line whose rule is over its cells at once (not pairs of them): between, zipper and
// region sum lines.
struct SpanKind {
  std::string_view keyword;   // "zipper"
  std::string_view sentence;  // what it asks, for describe()
  std::string_view label;     // its constraints' labels: "zipper line r1c1-r1c2-r1c3"
  std::string_view example;   // its arguments in the messages: "r1c1-r1c2-r1c3"
  int min_cells = 2;
  std::string_view colour;    // the line's colour
  bool circled_ends = false;  // circles on its two ends (a between line's)
  // The constraint of a line.
  ConstraintPtr (*make)(const Geometry& geometry, std::vector<int> line, std::string label);
};

// Lines of one such kind: "#<keyword> r1c1-r1c2-r1c3 r5c5-r6c6 ...".
class SpanRule : public Rule {
 public:
  SpanRule(const SpanKind& kind, std::vector<std::vector<int>> lines);
  // Reads the arguments; throws RuleError.
  static std::shared_ptr<const SpanRule> read(const SpanKind& kind, std::string_view arguments,
                                              const Geometry& geometry);

  std::string_view keyword() const noexcept override { return kind_.keyword; }
  std::string describe() const override { return std::string(kind_.sentence); }
  std::string arguments(const Geometry& geometry) const override;
  void add_constraints(const Geometry& geometry,
                       std::vector<ConstraintPtr>& constraints) const override;
  RulePtr moved(const Geometry& geometry, std::span<const int> cells,
                std::span<const int> digits) const override;
  void draw(const Geometry& geometry, std::vector<RuleMark>& marks) const override;

 private:
  const SpanKind& kind_;
  std::vector<std::vector<int>> lines_;
};

}  // namespace sudoku::rules
