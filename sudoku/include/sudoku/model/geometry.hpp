// The shape of a sudoku: its size, its boxes, and the houses of its variant.
//
// Cells are numbered in reading order from 0 (cell = row * size + column on a square grid; a
// samurai's five grids share a picture with holes, whose places hold no cell); digits run from 1
// to size. Everything downstream (the exact-cover model, the logic, the printers) works on the list
// of houses, so a variant is nothing but more houses, or other ones. The chess constraints
// (anti-knight, anti-king) are no houses: they add peers (cells a knight's or king's move apart may
// not hold the same digit), which every technique that looks at peers respects. Killer cages are
// no houses either (a cage need not hold every digit): their cells are peers, and each cage's
// sum is kept for the exact-cover model and the cage techniques.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/model/rule.hpp"

namespace sudoku {

// Which houses a grid has beyond rows and columns.
enum class Variant {
  regular,  // rows, columns, boxes
  hyper,    // plus the hyper windows (9x9: boxes at rows 2-4 / 6-8 x columns 2-4 / 6-8)
  x,        // plus both main diagonals
  hyper_x,  // plus windows and diagonals
  jigsaw,   // rows, columns and irregular regions instead of boxes
  samurai,  // five regular grids, the middle one sharing a corner box with each of the others
};

// Chess constraints that any variant may add, as a set of flags.
enum class Chess : unsigned {
  none = 0,
  anti_knight = 1,  // no two cells a knight's move apart hold the same digit
  anti_king = 2,    // no two cells a king's move apart (diagonally too) hold the same digit
};
constexpr Chess operator|(Chess a, Chess b) noexcept {
  return static_cast<Chess>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
constexpr Chess operator&(Chess a, Chess b) noexcept {
  return static_cast<Chess>(static_cast<unsigned>(a) & static_cast<unsigned>(b));
}
// True when `set` holds every flag of `flags` (and some flag at all).
constexpr bool has_chess(Chess set, Chess flags) noexcept {
  return flags != Chess::none && (set & flags) == flags;
}

// A killer cage: cells whose digits differ and add up to `sum`.
struct Cage {
  std::vector<int> cells;  // ascending
  int sum = 0;
  std::string label;  // as the input named it (one or two characters), for writing it back

  bool operator==(const Cage&) const = default;
};

// The least and the most that `count` distinct digits of 1..size add up to.
constexpr int least_sum(int count) noexcept {
  return count * (count + 1) / 2;
}
constexpr int most_sum(int count, int size) noexcept {
  return count * (2 * size - count + 1) / 2;
}

// The kind of a house.
enum class HouseKind { row, column, box, window, diagonal, region, group };  // group: a rule's

// A set of cells that must hold every digit exactly once.
struct House {
  HouseKind kind;
  int index;               // 0-based among the houses of its kind (a row's or column's: its line
                           // in the picture)
  std::vector<int> cells;  // in reading order
  int grid = 0;            // a samurai's grid holding it (0-4), 0 on other shapes
  std::string name{};      // a rule's house (HouseKind::group): its name for people
};

// A geometry that cannot be built (a size without boxes, a bad region map, ...).
class GeometryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The names of the variants, in the order of the enum, as the command line spells them.
inline constexpr std::array<std::string_view, 6> variant_names = {"regular", "hyper",  "x",
                                                                  "hyper-x", "jigsaw", "samurai"};
// Name of a variant as the command line spells it ("regular", "hyper", "x", "hyper-x", "jigsaw",
// "samurai").
std::string_view variant_name(Variant variant) noexcept;
// The names of the variants for a message: "regular, hyper, x, hyper-x, jigsaw or samurai".
inline constexpr std::string_view variant_choices = "regular, hyper, x, hyper-x, jigsaw or samurai";
// The variant with that name (also "hyper_x", "hyperx", "diagonal"); throws GeometryError.
Variant parse_variant(std::string_view name);
// The whole shape's name, as #variant and --variant spell it: the variant, then the chess
// constraints ("x anti-king", "hyper anti-knight anti-king"; "anti-knight" alone for a regular
// grid).
std::string shape_name(Variant variant, Chess chess);
// The words of a shape for a message.
inline constexpr std::string_view shape_choices =
    "regular, hyper, x, hyper-x, jigsaw or samurai, and anti-knight or anti-king (e.g. 'x "
    "anti-king')";
// A shape from words split by spaces or commas: at most one variant ("hyper" and "x" together make
// hyper-x; none: regular) and the chess constraints ("anti-knight", "anti-king"). Throws
// GeometryError; `bad_word`, when given, gets the offset in `text` of the word not understood.
// `killer`, when given, is set when the words name "killer" (for making killer puzzles, whose
// cages are drawn); without it, "killer" is an error (a killer puzzle's cages come with it).
// `rules`, when given, gets the keywords of the rules among the words (sudoku/model/rule.hpp;
// rules_of_words reads them); without it, a rule's keyword is an error (a puzzle read brings its
// rules in their header lines).
std::pair<Variant, Chess> parse_shape(std::string_view text, std::size_t* bad_word = nullptr,
                                      bool* killer = nullptr,
                                      std::vector<std::string>* rules = nullptr);
// The rules that keywords name, without marks (the rules whose header line takes none), for
// `geometry`; throws GeometryError for a rule that needs its marks.
std::vector<RulePtr> rules_of_words(const std::vector<std::string>& keywords,
                                    const Geometry& geometry);

// The cells and houses of one kind of sudoku.
class Geometry {
 public:
  // A size-by-size grid (4, 6, 8, 9, 10, 12, 15, 16, 20, 25, ...) with its usual boxes
  // (4: 2x2, 6: 2x3, 9: 3x3, 12: 3x4, 16: 4x4, 25: 5x5) and the houses of the variant.
  // Hyper windows need square boxes; jigsaw needs a region map (use Geometry::jigsaw). A samurai
  // of grids of that size (square boxes: 9x9 grids make a 21x21 picture of 369 cells).
  Geometry(int size, Variant variant = Variant::regular, Chess chess = Chess::none);
  // A jigsaw grid: region[cell] in 0..size-1, each region of size cells and connected or not.
  static Geometry jigsaw(int size, std::span<const int> region, Chess chess = Chess::none);
  // The same shape with killer cages: each of 1..size cells, no cell in two cages, a sum that
  // distinct digits of its size can make (cages without a label are named A-Z, a-z, then with two
  // letters, in order). Throws GeometryError.
  static Geometry killer(const Geometry& shape, std::vector<Cage> cages);
  // The same shape with these rules too (sudoku/model/rule.hpp), in this order. Throws
  // GeometryError when a rule's houses are not houses (a set of size cells, each once).
  static Geometry with_rules(const Geometry& shape, std::vector<RulePtr> rules);

  // Digits per house, and cells per row and column.
  int size() const noexcept { return size_; }
  // Number of cells (size * size; a samurai's: 369 for 9x9 grids).
  int cell_count() const noexcept { return cell_count_; }
  // The picture the cells sit in: its rows and columns (size and size, but for a samurai).
  int height() const noexcept { return height_; }
  int width() const noexcept { return width_; }
  // True when the cells fill a size-by-size square (cell = row * size + column): every shape but
  // a samurai.
  bool square() const noexcept { return width_ == size_; }
  // The row and column of a cell in the picture, 0-based.
  int row_of(int cell) const noexcept { return place_[static_cast<std::size_t>(cell)] / width_; }
  int column_of(int cell) const noexcept { return place_[static_cast<std::size_t>(cell)] % width_; }
  // The cell at a place of the picture; -1 outside it or in a hole.
  int cell_at(int row, int column) const noexcept {
    return row < 0 || column < 0 || row >= height_ || column >= width_
               ? -1
               : at_[static_cast<std::size_t>(row * width_ + column)];
  }
  // The grids of the picture (one but for a samurai: top left, top right, middle, bottom left,
  // bottom right), each the row and column of its top-left place.
  const std::vector<std::pair<int, int>>& grids() const noexcept { return grids_; }
  // Rows and columns of a box (for jigsaw, those of the regular boxes of that size, if any).
  int box_rows() const noexcept { return box_rows_; }
  int box_cols() const noexcept { return box_cols_; }
  // The variant this geometry was built for.
  Variant variant() const noexcept { return variant_; }
  // The chess constraints this geometry was built with.
  Chess chess() const noexcept { return chess_; }
  // The cells a knight's or king's move away (as chess() asks) that share no house with a cell,
  // ascending: the peers that the houses do not give.
  std::span<const int> chess_peers(int cell) const noexcept {
    return {chess_index_.data() + chess_start_[cell], chess_index_.data() + chess_start_[cell + 1]};
  }
  // The killer cages, in the order given; empty for other puzzles.
  const std::vector<Cage>& cages() const noexcept { return cages_; }
  // The cage of a cell (index into cages()), -1 when it is in none.
  int cage_of(int cell) const noexcept {
    return cage_of_.empty() ? -1 : cage_of_[static_cast<std::size_t>(cell)];
  }
  // The rules beyond the variant's houses, the chess constraints and the cages, in the order given.
  const std::vector<RulePtr>& rules() const noexcept { return rules_; }
  // What the rules ask of pairs of cells, and the relations of a cell (indices into relations()).
  const std::vector<Relation>& relations() const noexcept { return relations_; }
  std::span<const int> relations_of(int cell) const noexcept {
    return relation_start_.empty()
               ? std::span<const int>()
               : std::span<const int>(relation_index_.data() + relation_start_[cell],
                                      relation_index_.data() + relation_start_[cell + 1]);
  }
  // What the rules ask of several cells at once (Rule::add_constraints), in the rules' order.
  const std::vector<ConstraintPtr>& constraints() const noexcept { return constraints_; }
  // The rule a constraint comes from (an index into rules()).
  int constraint_rule(int constraint) const noexcept {
    return constraint_rule_[static_cast<std::size_t>(constraint)];
  }
  // The digits the rules let a cell hold (bit d - 1 for digit d).
  std::uint64_t allowed(int cell) const noexcept {
    return allowed_.empty() ? all_digits_ : allowed_[static_cast<std::size_t>(cell)];
  }
  // True when some rule keeps a cell from holding some digit.
  bool restricts_cells() const noexcept { return !allowed_.empty(); }
  // Whether the uniqueness techniques may reason with every rule (Rule::keeps_uniqueness).
  bool rules_keep_uniqueness() const noexcept;
  // The rules' header lines, as the text format writes them before a puzzle.
  std::string rules_text() const;
  // The peers that share no house with a cell (chess moves and cage mates), ascending.
  std::span<const int> outer_peers(int cell) const noexcept {
    return {outer_index_.data() + outer_start_[cell], outer_index_.data() + outer_start_[cell + 1]};
  }
  // True when some cell has outer peers.
  bool has_outer_peers() const noexcept { return !outer_index_.empty(); }
  // Every house, rows first, then columns, boxes or regions, windows, diagonals.
  const std::vector<House>& houses() const noexcept { return houses_; }
  // The houses holding a cell (indices into houses()).
  std::span<const int> houses_of(int cell) const noexcept {
    return {house_index_.data() + house_start_[cell], house_index_.data() + house_start_[cell + 1]};
  }
  // The other cells sharing a house with a cell, a chess move away (chess_peers) or in its cage,
  // each once.
  std::span<const int> peers(int cell) const noexcept {
    return {peer_index_.data() + peer_start_[cell], peer_index_.data() + peer_start_[cell + 1]};
  }
  // The same tables flat, for the hot loops of sudoku::Candidates and the logic: a fixed number
  // of entries per cell (or house), padded with an index that names no house (houses().size()).
  // Houses of a cell: house_stride() entries from padded_houses_of(cell).
  const std::uint16_t* padded_houses_of(int cell) const noexcept {
    return flat_houses_.data() + static_cast<std::ptrdiff_t>(cell) * house_stride_;
  }
  int house_stride() const noexcept { return house_stride_; }
  // Cells of a house: size() entries (every house has size() cells) from house_cells(house).
  const std::uint16_t* house_cells(int house) const noexcept {
    return flat_cells_.data() + static_cast<std::ptrdiff_t>(house) * size_;
  }
  // Sets of cells as bits (cell c is bit c % 64 of word c / 64), cell_words() words each: the
  // peers of a cell, the cells of a house.
  int cell_words() const noexcept { return cell_words_; }
  const std::uint64_t* peer_bits(int cell) const noexcept {
    return peer_bits_.data() + static_cast<std::ptrdiff_t>(cell) * cell_words_;
  }
  const std::uint64_t* house_bits(int house) const noexcept {
    return house_bits_.data() + static_cast<std::ptrdiff_t>(house) * cell_words_;
  }
  // The most cells of one row (or column, as line_sight(true)) that a cell outside it sees.
  int line_sight(bool columns = false) const noexcept { return line_sight_[columns ? 1 : 0]; }
  // The box (or jigsaw region) of a cell.
  int region_of(int cell) const noexcept { return region_[cell]; }
  // A house's name for people: "row 1", "column 5", "box 9", "window 2", "diagonal 1", "region 4".
  std::string house_name(int house) const;

 private:
  Geometry() = default;
  void finish();

  // Lays out the grids (a samurai's five, or one), numbering the cells in reading order.
  void lay_out();
  // True when a cell lies in a grid (an index into grids()).
  bool in_grid(int grid, int cell) const noexcept;

  int size_ = 0;
  int cell_count_ = 0;
  int height_ = 0, width_ = 0;
  std::vector<std::pair<int, int>> grids_;
  std::vector<int> place_, at_;
  int box_rows_ = 0;
  int box_cols_ = 0;
  Variant variant_ = Variant::regular;
  Chess chess_ = Chess::none;
  std::vector<House> houses_;
  std::vector<int> region_;
  std::vector<int> house_start_, house_index_;
  std::vector<int> peer_start_, peer_index_;
  std::vector<int> chess_start_, chess_index_;
  std::vector<Cage> cages_;
  std::vector<int> cage_of_;
  std::vector<int> outer_start_, outer_index_;
  std::vector<RulePtr> rules_;
  std::vector<Relation> relations_;
  std::vector<int> relation_start_, relation_index_;
  std::vector<ConstraintPtr> constraints_;
  std::vector<int> constraint_rule_;
  std::vector<std::uint64_t> allowed_;
  std::uint64_t all_digits_ = 0;
  int house_stride_ = 0;
  std::vector<std::uint16_t> flat_houses_, flat_cells_;
  int cell_words_ = 0;
  std::vector<std::uint64_t> peer_bits_, house_bits_;
  int line_sight_[2] = {0, 0};
};

// The whole shape's name of a geometry (shape_name(variant(), chess())).
std::string shape_name(const Geometry& geometry);
// The shape in words for people and JSON: shape_name(), then "killer" when it has cages, then
// its rules' keywords ("hyper anti-knight", "killer", "x killer" and a rule's keyword).
std::string describe_shape(const Geometry& geometry);
// The first relation of the geometry's rules that a grid's digits break, or a cell holding a
// digit its rules do not allow (as the cell's index + relations().size()), or a constraint that
// rules out a digit given or every digit of a cell (as its index + relations().size() +
// cell_count()); -1 when none. Exact on complete grids; on others it finds what the relations and
// the constraints' narrowing see.
int broken_rule(const Geometry& geometry, const std::vector<std::uint8_t>& grid);
// True when two cells are a knight's move apart.
bool knight_move(const Geometry& geometry, int a, int b) noexcept;

// The sets of `count` distinct digits of 1..size that add up to `sum` (bit d-1 for digit d), in
// increasing order of their masks.
std::vector<std::uint64_t> cage_combinations(int size, int count, int sum);
// A cage's name for people: "cage A (23)", its label and sum ("cage 3 (23)" without a label).
std::string cage_name(const Geometry& geometry, int cage);

// A cell's name in the solving community's notation: "r3c5" (1-based row, column; a samurai's
// from its picture, r1c1 to r21c21).
std::string cell_name(const Geometry& geometry, int cell);
// The same for a cell of a size-by-size square.
std::string cell_name(int size, int cell);
// The name of a place of the picture, a cell's or a hole's: "r1c10" (0-based row and column).
std::string place_name(int row, int column);
// The cell a name such as "r3c5" (either case) gives, if it names one of the geometry's cells.
std::optional<int> parse_cell_name(const Geometry& geometry, std::string_view name);
// Why a text names no cell: "'r0c3' is no cell of a 9x9 grid (r1c1 to r9c9)".
std::string bad_cell_name(const Geometry& geometry, std::string_view name);

}  // namespace sudoku
