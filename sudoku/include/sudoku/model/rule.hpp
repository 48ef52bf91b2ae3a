// A rule of a puzzle beyond its grid: what it asks of the digits, how it is written and read, how
// a symmetry moves it and how it is drawn, all in the rule's own file (sudoku/src/rules/). The
// rest of the library asks a rule through this interface and never switches over kinds of
// rules: the geometry gathers what each asks (houses, relations between two cells, the digits a
// cell may hold), the exact-cover model, the candidates and the logic read those, the text
// format reads and writes each rule's header line, and the printers draw its marks.
//
// A rule's header in the text format is one line before the puzzle, for that puzzle only (as a
// killer's cages): "#<keyword> <arguments>", e.g. "#kropki white r1c1-r1c2 black r3c3-r4c3".
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sudoku {

class Geometry;

// Two cells and the digits they may hold together: bit y - 1 of allowed[x - 1] is set when the
// first cell may hold x while the second holds y.
struct Relation {
  int a = 0, b = 0;
  std::vector<std::uint64_t> allowed;  // one mask per digit of the first cell
  int rule = 0;                        // the rule that asks it (an index into Geometry::rules())
  std::string label;                   // what people call it: "white dot", "X", "neighbours"

  bool operator==(const Relation&) const = default;
};

// What a rule asks of several cells at once that no set of relations between two says (a sum
// along a line, digits around a corner), given as a narrowing of their candidates. The logic
// takes it as a step, the search asks it at each node (a dlx::Propagator), and a complete grid
// breaks the rule exactly when it clears a digit.
class Constraint {
 public:
  Constraint(std::vector<int> cells, std::string label) noexcept
      : cells_(std::move(cells)), label_(std::move(label)) {}
  virtual ~Constraint() = default;
  // Its cells, each once.
  const std::vector<int>& cells() const noexcept { return cells_; }
  // What people call it, with its place: "arrow r1c1: r1c2-r1c3", "sandwich 15 in column 3".
  const std::string& label() const noexcept { return label_; }
  // Clears from masks (one per cell of cells(), bit d - 1 for digit d) the digits that no
  // filling of the cells from the masks that keeps the rule gives their cell. It may keep
  // some such digits (it need not look at every filling), never clears one a filling keeping
  // the rule gives, and when every mask holds one digit and those break the rule, clears one.
  virtual void narrow(std::span<std::uint64_t> masks) const = 0;
  // How hard its step is to see, on Sudoku Explainer's scale (the logic's rating of a step
  // that narrows its cells): as hard as a killer cage's combinations unless the rule says.
  virtual double difficulty() const noexcept { return 1.8; }

 private:
  std::vector<int> cells_;
  std::string label_;
};

using ConstraintPtr = std::shared_ptr<const Constraint>;

// A mark a rule draws on the grid, in shapes that every front end draws without knowing the
// rule (the terminal as a legend of cells, the web page on the board).
struct RuleMark {
  enum class Kind {
    dot,      // a dot on the edge between two cells (filled: black, else white)
    letter,   // a letter or number on the edge between two cells ("X", "V")
    circle,   // a circle in a cell
    square,   // a square in a cell
    shade,    // a tint over a set of cells
    line,     // a line through the centres of the cells, in their order
    outside,  // a clue outside the grid, before the first of the cells it speaks of
    corner,   // a circle with digits on the corner the four cells share
    cage,     // a dashed outline round the cells with its number in a notch, as a killer cage's
  };
  Kind kind = Kind::dot;
  std::vector<int> cells;  // one cell, the two cells of an edge, the shaded cells, a line's,
                           // an outside clue's from the nearest, a corner's four
  std::string text;        // the letter of Kind::letter, the clue, the corner's digits
  bool filled = false;     // a black dot, a filled circle
  std::string colour;      // a line's colour ("#b0b0b0"); "" for the front end's own
  bool arrow = false;      // a line drawn with an arrowhead on its last cell; an outside clue
                           // with a small arrow pointing along its cells
  // An outside clue's direction: the step from the clue to cells[0] (row, column), e.g. 1, 0
  // for a clue above its column, 1, 1 for a little killer's clue pointing down and right.
  int step_row = 0, step_col = 0;

  bool operator==(const RuleMark&) const = default;
};

// The name of a kind of mark, as the web page and Python give it: "dot", "letter", "circle",
// "square", "shade", "line", "outside", "corner" or "cage".
std::string_view mark_kind_name(RuleMark::Kind kind) noexcept;

// A rule of a puzzle. Immutable once made; shared between the geometries of one puzzle.
class Rule {
 public:
  virtual ~Rule() = default;

  // Its keyword: the header line "#<keyword> ..." in the text format, also its name in messages.
  virtual std::string_view keyword() const noexcept = 0;
  // What it asks, in a sentence for people ("no two orthogonal neighbours hold consecutive
  // digits").
  virtual std::string describe() const = 0;
  // Its arguments as its header line writes them, after the keyword (empty when it has none).
  virtual std::string arguments(const Geometry& geometry) const = 0;

  // What it asks of the digits, in the forms the model knows. The geometry is being built: its
  // cells, rows, columns and regions are there, its houses, peers and relations not yet.
  // Houses it adds (sets of size cells that hold every digit once), each with a name for people.
  struct NamedHouse {
    std::vector<int> cells;
    std::string name;  // "disjoint group 5"
  };
  virtual void add_houses(const Geometry& geometry, std::vector<NamedHouse>& houses) const;
  // Relations between two cells it asks (`rule` is its index, for Relation::rule).
  virtual void add_relations(const Geometry& geometry, int rule,
                             std::vector<Relation>& relations) const;
  // The digits each cell may hold (allowed[cell], bit d - 1 for digit d): clears the bits of
  // what it forbids.
  virtual void restrict_cells(const Geometry& geometry, std::vector<std::uint64_t>& allowed) const;
  // What it asks of several cells at once (Constraint). Asked last: the geometry is whole.
  virtual void add_constraints(const Geometry& geometry,
                               std::vector<ConstraintPtr>& constraints) const;

  // Whether the uniqueness techniques (Unique Rectangles, BUG+1) may reason with it: true when
  // swapping two digits between the corners of a rectangle (or a BUG's cells) that the houses
  // allow always keeps it.
  virtual bool keeps_uniqueness() const noexcept { return false; }
  // The same rule after a symmetry (cell c moves to cells[c], digit d is written digits[d],
  // digits[0] == 0), or nullptr when the rule does not follow that symmetry (a relabelling of
  // digits breaks "consecutive").
  virtual std::shared_ptr<const Rule> moved(const Geometry& geometry, std::span<const int> cells,
                                            std::span<const int> digits) const = 0;
  // Whether it follows every relabelling of the digits (canonical forms relabel them).
  virtual bool follows_relabelling() const noexcept { return false; }
  // What it draws on the grid.
  virtual void draw(const Geometry& geometry, std::vector<RuleMark>& marks) const;
};

using RulePtr = std::shared_ptr<const Rule>;

// A header line that names no rule, or a rule's arguments that do not fit the grid: the message
// and the byte offset in the arguments where the trouble starts.
struct RuleError {
  std::string message;
  std::size_t offset = 0;
};

// The rule a header line gives ("#kropki white r1c1-r1c2" is keyword "kropki" and its
// arguments), for a puzzle of `geometry`. Throws RuleError.
RulePtr read_rule(std::string_view keyword, std::string_view arguments, const Geometry& geometry);
// True when a keyword names a rule (lowercase, as header_words gives it).
bool is_rule_keyword(std::string_view keyword) noexcept;
// The keywords of every rule, for messages and --help ("non-consecutive, kropki, ...").
std::string rule_keywords();
// A rule's header line, "#<keyword> <arguments>\n".
std::string format_rule(const Rule& rule, const Geometry& geometry);

}  // namespace sudoku
