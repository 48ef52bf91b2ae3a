// Reading sudoku puzzles from text, and writing grids and results for people and programs.
//
// Input: a stream of puzzles, read one at a time in bounded memory. Each puzzle is either
//
//   one line of N*N cells         4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.
//                                 (anything after the last cell is ignored: ratings, comments)
//   or N rows of N cells          98x 354 xxx        2...4.793        |1.2|...|...|
//                                 (blank lines between bands, as the older tools write them)
//
// Whitespace, the box separators '|' and '+', and the cell markers '[' ']' '(' ')' '{' '}' of the
// pretty writer are ignored inside a line; lines made only of '-', '+', '|', '=', '*' and blanks
// (`---+---+---`, `-----------`, `*-----------*`) are box borders and skipped. Blank lines and
// lines starting with '#' (comments, `.sdk` metadata such as `#A author`) are skipped, except the
// header lines below. CRLF line ends, a UTF-8 byte-order mark, tabs and a missing final newline
// are accepted. Columns count bytes from 1 (after the byte-order mark). The pretty writer's
// grids read back when drawn without labels.
//
// Cells: digits 1..N, with '.', '0', '*', '_', '-' and 'x' for an empty cell. Digits above 9 are
// letters in either case: 12x12 uses 1-9 and A-C, 16x16 1-9 and A-G; 25x25 uses the letters A-Y
// alone (A = 1 ... Y = 25; there 'x' is the digit 24, not an empty cell).
//
// Size: ReaderOptions::size when set; otherwise each puzzle tells it: a line of 16, 36, 81, 144,
// 256 or 625 cells is a one-line 4x4, 6x6, 9x9, 12x12, 16x16 or 25x25 puzzle, and a line of 4,
// 6, 9, 12, 16 or 25 cells the first row of a grid of that size. A line of 16 cells is read like
// the puzzle before it (a 4x4 puzzle, or a row of a 16x16 grid); when there is none, as a 4x4
// puzzle if it holds no digit above 4 and as the first row of a 16x16 grid otherwise. Set the
// size to read other sizes.
//
// Header lines, in force from where they stand to the end of the input:
//
//   #variant hyper               regular, hyper, x, hyper-x or jigsaw (overrides the options)
//   #regions 111222333111...     a jigsaw region map on one line: N*N symbols, one per cell
//   #regions                     or the map on the N lines that follow, N symbols each:
//   111222333                      (whitespace ignored)
//   ...
//
// Region symbols are 0-9, A-Z and a-z (case matters); each names one region, which must have
// exactly N cells. Regions are numbered in the order their symbols first appear. `#regions`
// also sets the variant to jigsaw.
//
// Errors: a puzzle that cannot be read comes back as a record holding a FormatError with its line
// and column, and the reader goes on with the next puzzle. A bad header line is reported once;
// then every puzzle it would have applied to is reported as not read, until a valid header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/candidates.hpp"
#include "sudoku/explain.hpp"
#include "sudoku/geometry.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

// Which rule of the input format a text broke.
enum class FormatErrorKind {
  wrong_length,     // a line with too few or too many cells for a puzzle or a row
  bad_character,    // a character that is neither a digit of the grid's size nor an empty cell
  truncated_grid,   // a grid of rows that ends (input, header or one-line puzzle) before its last
                    // row
  line_too_long,    // a line longer than ReaderOptions::max_line_length
  bad_variant,      // a #variant line naming no variant
  bad_regions,      // a #regions map (or region file) that is malformed
  missing_regions,  // a jigsaw puzzle without a region map, or with one of another size
  bad_geometry,     // a size and variant that make no sudoku (hyper on 6x6, size 7, ...)
  bad_header,       // a puzzle after a bad #variant or #regions line, not read
};

// Where (1-based line and byte column) and why a text is not a valid puzzle; what() is the
// message alone, written for the person who wrote the text.
class FormatError : public std::runtime_error {
 public:
  FormatError(FormatErrorKind kind, std::size_t line, std::size_t column,
              const std::string& message)
      : std::runtime_error(message), kind_(kind), line_(line), column_(column) {}
  // Which rule the text broke.
  FormatErrorKind kind() const noexcept { return kind_; }
  // Line of the error, from 1.
  std::size_t line() const noexcept { return line_; }
  // Byte column of the error within its line, from 1.
  std::size_t column() const noexcept { return column_; }

 private:
  FormatErrorKind kind_;
  std::size_t line_;
  std::size_t column_;
};

// A place in the input: 1-based line and byte column.
struct Location {
  std::size_t line = 0;
  std::size_t column = 0;
};

// What the reader assumes where the input does not say.
struct ReaderOptions {
  int size = 0;                        // cells per row; 0: from each puzzle (see above)
  Variant variant = Variant::regular;  // until a #variant or #regions line
  std::vector<int> regions;            // jigsaw region of each cell, 0-based (read_regions)
  std::size_t max_line_length = std::size_t{1} << 20;  // bytes in a line, its end excluded
};

// One puzzle as read, or why it could not be read.
struct Record {
  std::size_t line = 0;                      // where the puzzle (or the error's record) starts
  std::shared_ptr<const Geometry> geometry;  // its shape; shared by the puzzles of one shape
  Grid givens;                               // its digits, 0 for empty cells
  std::vector<Location> cells;               // where each cell was read, in cell order
  std::optional<FormatError> error;          // set when the puzzle could not be read

  // True when the record holds a puzzle.
  bool ok() const noexcept { return !error.has_value(); }
};

// Reads puzzles one at a time from a stream, in memory bounded by the longest line.
class PuzzleReader {
 public:
  // Reads from `in`, which must outlive the reader. A read error ends the input and sets badbit
  // on `in`.
  explicit PuzzleReader(std::istream& in, ReaderOptions options = {});
  ~PuzzleReader();
  PuzzleReader(const PuzzleReader&) = delete;
  PuzzleReader& operator=(const PuzzleReader&) = delete;

  // The next puzzle or error, or nothing at the end of the input.
  std::optional<Record> next();
  // Lines read so far.
  std::size_t lines_read() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Reads every record of a text held in memory (for tests and small inputs).
std::vector<Record> read_all(std::string_view text, const ReaderOptions& options = {});

// Reads a jigsaw region map (the symbols of a #regions header, on one line or N lines; blank and
// '#' lines skipped) and returns each cell's region, 0-based; throws FormatError.
std::vector<int> read_regions(std::istream& in);
// The same, from text held in memory.
std::vector<int> read_regions(std::string_view text);

// The symbol of a digit in a grid of `size` (0 gives '.'): 1-9 then A, B, ...; A-Y for 25x25.
char digit_symbol(int size, int digit) noexcept;
// The digit a symbol stands for in a grid of `size`: 0 for an empty cell, -1 for none.
int symbol_digit(int size, char symbol) noexcept;

// A grid on one line: N*N symbols, '.' for an empty cell.
std::string format_line(const Geometry& geometry, const Grid& grid);
// Appends format_line(geometry, grid) to `out`, without a string of its own (for output that
// collects many grids, such as every solution of a puzzle).
void append_line(std::string& out, const Geometry& geometry, const Grid& grid);

// How the pretty writer draws a grid.
struct PrettyOptions {
  bool labels = true;  // column numbers above, row numbers on the left
  bool legend = true;  // a line after the grid explaining the cell markers, when there are any
  bool color = false;  // ANSI colours on the marked cells as well (for a terminal)
};

// A grid for people: borders between cells of different boxes (or jigsaw regions), row and
// column numbers, hyper window cells as [5], diagonal cells as (5), cells of both as {5}.
void write_pretty(std::ostream& out, const Geometry& geometry, const Grid& grid,
                  const PrettyOptions& options = {});
// The same, as a string.
std::string format_pretty(const Geometry& geometry, const Grid& grid,
                          const PrettyOptions& options = {});

// How the candidate writer draws a grid.
struct CandidateOptions {
  bool labels = true;       // column numbers above, row numbers on the left
  bool candidates = true;   // the candidates of undecided cells; false: a '.' for each
  bool color = false;       // ANSI colours (for a terminal): givens bold, marked cells green,
                            // cells without candidates red
  std::vector<int> marked;  // cells to mark (the cells of a step), drawn between '*'
  Grid givens;              // the givens, drawn bold with colour; empty for none
};

// A grid of candidates for people, with the pretty writer's box (or region) borders. Up to 9x9
// each cell is a mini-grid of its candidates ('.' where a digit is gone: 3x3 for 9x9, 2x2 for
// 4x4); larger sizes list the candidates of each cell. A placed digit stands alone in its cell
// (in the middle of the mini-grid), a cell without candidates shows '!'.
void write_candidates(std::ostream& out, const Candidates& candidates,
                      const CandidateOptions& options = {});
// The same, as a string.
std::string format_candidates(const Candidates& candidates, const CandidateOptions& options = {});

// A count for a pipe: "0", "1", "2", ..., with a '+' when the limit stopped it ("2+").
std::string format_count(const SolveResult& result);
// A count for people: "no solution", "1 solution", "5 solutions", "at least 2 solutions".
std::string describe_count(const SolveResult& result);

// Extra fields of a JSON line.
struct JsonOptions {
  std::string_view file;  // "file" field, left out when empty
  bool stats = false;     // add "nodes", "updates" and "micros"
  double micros = 0;      // time of the search, for "micros"
};

// One JSON object (no newline) for a searched puzzle:
//   {"file":"a.txt","line":3,"size":9,"variant":"hyper","puzzle":"4...3..","solutions":1,
//    "complete":true,"solution":"4178356.."}
// "solutions" is the number found, "complete" says it is the exact count (false: the limit
// stopped the search, there may be more), "solution" is the first one or null.
std::string format_json(std::size_t line, const Geometry& geometry, const Grid& puzzle,
                        const SolveResult& result, const JsonOptions& options = {});
// One JSON object for the n-th (from 1) solution of the puzzle at `line`:
//   {"file":"a.txt","line":3,"number":1,"solution":"4178356.."}
std::string format_json_solution(std::size_t line, std::uint64_t number, const Geometry& geometry,
                                 const Grid& solution, std::string_view file = {});
// One JSON object for a rated puzzle:
//   {"file":"a.txt","line":3,"puzzle":"4...3..","rating":"expert","hardest":"naked pair",
//    "steps":21,"open":45,"nodes":30,"solutions":1}
// "hardest" is null when no technique applied; "open" (cells logic left open), "nodes" and
// "solutions" (up to 2) come with expert only; an unsolvable puzzle has "rating":null and
// "solutions":0.
std::string format_json_rating(std::size_t line, const Geometry& geometry, const Grid& puzzle,
                               const Rating& rating, std::string_view file = {});
// One JSON object for a hint, the next step (none: "hint":null):
//   {"file":"a.txt","line":3,"hint":"r3c5=7: hidden single in box 2",
//    "technique":"hidden single","cells":["r3c5"]}
std::string format_json_hint(std::size_t line, const Geometry& geometry, const Step* step,
                             std::string_view file = {});
// One JSON object for a puzzle that could not be read or solved:
//   {"file":"a.txt","line":3,"column":7,"error":"bad character 'z' ..."}
std::string format_json_error(const Location& where, std::string_view message,
                              std::string_view file = {});
// A string as a JSON string literal, quotes included.
std::string json_quote(std::string_view text);

}  // namespace sudoku
