// Reading sudoku puzzles from text: every input format, one puzzle at a time.
//
// Input: a stream of puzzles, read one at a time in bounded memory. Each puzzle is either
//
//   one line of N*N cells         4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.
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
// A one-line puzzle has exactly the cells of its size. Text may follow it (a rating, a comment)
// when something that cannot be a cell sets it apart: a space or a tab right after an unbroken
// run of the N*N cells, or a ',', ';', '#' or ':' after the N*N cells (spaced or not). Anything
// else is an error: a line of 50 cells is no 6x6 puzzle with text after it, but a 9x9 puzzle
// with cells missing.
//
// CSV: `puzzle,solution` lines, as the Kaggle sets write them. A field after the puzzle's comma
// that holds at least N cells and nothing else is its solution (Record::solution), which must
// then fill every cell of a grid of the puzzle's size. A header line naming the columns,
// `quizzes,solutions` or `puzzle,solution` (also `id,puzzle,solution,...`: puzzle, puzzles,
// quiz or quizzes names the puzzle column, solution or solutions the solution's), is skipped
// and makes every later line a CSV record: the puzzle is that field, on one line, and the
// solution field, when not empty, is always read as one.
//
// Cells: digits 1..N, with '.', '0', '*', '_', '-' and 'x' for an empty cell. Digits above 9 are
// letters in either case: 12x12 uses 1-9 and A-C, 16x16 1-9 and A-G; 25x25 uses the letters A-Y
// alone (A = 1 ... Y = 25; there 'x' is the digit 24, not an empty cell). ReaderOptions::symbols
// names other alphabets (sudoku/io/symbols.hpp: 0-F, A-P, ...); then the puzzles are of its size,
// and the empty cells are '.' and those of '0', 'x', '-', '_', '*' that are not symbols.
// ReaderOptions::blank adds a character for an empty cell.
//
// Spaces as empty cells (grids copied from web pages): with ReaderOptions::blank = ' ', every
// character of a line is a cell except '|', '+' and the pretty writer's markers, and a line
// holds either a one-line puzzle or a row of a grid, whose cells sit in fixed columns:
//
//   53  7                      one cell per character
//   5 3     7                  or a space between cells (when some row of the grid is wider
//                                than N characters, every row is read so)
//
// Spaces at the end of a line may be missing: the cells they stood for are empty. Inside a grid a
// blank line is a row of empty cells (bands cannot be set apart by blank lines then); a grid may
// begin with an empty row only when it is written in full width (N spaces, or 2N-1). A line
// wider than 2N-1 is a one-line puzzle. The size is ReaderOptions::size, the alphabet's, a
// #regions map's, or 9. Without the option, a line with spaces between cells that makes no row or
// puzzle comes back as an error saying to read with spaces as empty cells (--blank ' ').
//
// Size: ReaderOptions::size when set (or the size of ReaderOptions::symbols); otherwise each
// puzzle tells it: a line of 16, 36, 81, 144, 256 or 625 cells is a one-line 4x4, 6x6, 9x9,
// 12x12, 16x16 or 25x25 puzzle, and a line of 4, 6, 9, 12, 16 or 25 cells the first row of a grid
// of that size. A line of 16 cells is read like the puzzle before it (a 4x4 puzzle, or a row of a
// 16x16 grid); when there is none, as a 4x4 puzzle if it holds no digit above 4 and as the first
// row of a 16x16 grid otherwise. Set the size, or write a #size line, to read other sizes. A line
// of 4 or 6 cells with spaces between them unlike a row of that size (`6  195`: cells side by
// side and apart in one box), or with digits that size has not (`5 3 7 1`), is taken for a row
// of a larger grid with spaces as empty cells, and is an error.
//
// Pencil marks (each cell's candidates; Record::candidates keeps them, and a cell with one
// candidate is a given as well):
//
//   a candidate line             N*N*N characters, per cell its N places: the digit of the place,
//                                or '.'/'0' when it is no candidate (9x9: 729, as Sudoku Explainer
//                                and tdoku read; 64 for 4x4 only when it is one, each cell with a
//                                candidate); text may follow as after a one-line puzzle
//   candidate lists              N lines of N words, each a cell's candidates (HoDoKu's PM grid,
//   | 5  3  124 | 26  7  2468 |    the candidate writer's grids above 9x9): words set apart by
//                                blanks, '|' and '*'; a number before the first '|' is a row label;
//                                HoDoKu's rules (.---.  :---+---:  '---') are skipped
//   the candidate writer's grid  up to 9x9, a mini-grid a cell (writer.hpp), read by column from
//                                its '|' borders, from the '+---' rule above its first row (its
//                                column labels skipped); not for jigsaw grids
//
// A cell without a candidate is an error (bad_position).
//
// Header lines, in force from where they stand to the end of the input:
//
//   #variant hyper               regular, hyper, x, hyper-x, jigsaw or samurai (overrides the
//                                options)
//   #size 8                      the cells of a row, 1 to 64 (overrides the options' size)
//   #regions 111222333111...     a jigsaw region map on one line: N*N symbols, one per cell
//   #regions                     or the map on the N lines that follow, N symbols each:
//   111222333                      (whitespace ignored)
//   ...
//   quizzes,solutions            the CSV header (above)
//
// Region symbols are 0-9, A-Z and a-z (case matters); each names one region, which must have
// exactly N cells. Regions are numbered in the order their symbols first appear. `#regions`
// also sets the variant to jigsaw.
//
// Samurai (#variant samurai, or ReaderOptions::variant): five grids of the size (9 unless told)
// in a picture of 21x21 places with holes between them. A puzzle is one line of its 369 cells in
// reading order (what format_line writes), or of all 441 places with the holes empty, or the
// picture's 21 rows: each row's cells in order (18, 21 or 9 for 9x9 grids; blanks, '|' and '+'
// between them ignored, so the pretty grid without labels reads back) or all 21 places of the
// row, the holes blank or empty. A digit in a hole is an error at its column.
//
// f-puzzles (sudoku/io/fpuzzles.hpp), a puzzle each: its JSON, from a line starting with '{' to
// the brace that closes it (on one line or many, at most ReaderOptions::max_line_length bytes in
// all), or a link with its load= parameter (https://www.f-puzzles.com/?load=N4Ig...), on a line.
// An error names the JSON path of what is at fault ("$.thermometer[0].lines[0][3]: ...") and
// points at its line and column.
//
// Killer cages, for the next puzzle only (it combines with the headers above):
//
//   #cages                       a map of cage labels on the N lines that follow: per cell a
//   A  A  B  B  .  ...             label of one or two letters or digits, or '.' for a cell in
//   ...                            no cage, set apart by blanks
//   #sums A=23 B=10 ...          then each label's sum, on the next line
//
// Every label needs a sum and every sum a label; a cage holds 1 to N cells, and its sum must be
// one that distinct digits of its size can make. The cages are kept in Geometry::cages().
//
// Bounds: a line longer than ReaderOptions::max_line_length is an error as soon as the limit is
// passed, without waiting for its end; the rest of it is skipped, and an input with no line end
// within ReaderOptions::max_skipped_line bytes more is given up with a second error.
//
// Errors: a puzzle that cannot be read comes back as a record holding a FormatError with its line
// and column, and the reader goes on with the next puzzle. A bad header line is reported once;
// then every puzzle it would have applied to is reported as not read, until a valid header.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/text_error.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

// Which rule of the input format a text broke.
enum class FormatErrorKind {
  wrong_length,     // a line with too few or too many cells for a puzzle or a row
  bad_character,    // a character that is neither a digit of the grid's size nor an empty cell
  truncated_grid,   // a grid of rows that ends (input, header or one-line puzzle) before its last
                    // row
  line_too_long,    // a line longer than ReaderOptions::max_line_length
  input_given_up,   // no line end within ReaderOptions::max_skipped_line past an over-long line:
                    // the rest of the input is not read (the line has had its error)
  bad_variant,      // a #variant line naming no variant
  bad_regions,      // a #regions map (or region file) that is malformed
  missing_regions,  // a jigsaw puzzle without a region map, or with one of another size
  bad_geometry,     // a size and variant that make no sudoku (hyper on 6x6, size 7, ...)
  bad_header,       // a puzzle after a bad #variant, #regions or #size line, not read
  bad_solution,     // a CSV solution that is not a full grid of the puzzle's size
  bad_position,     // a position that cannot be (sudoku/play/position.hpp): digits that clash, a
                    // digit placed on a given, a malformed #placed, #marks or #removed line, a
                    // cell of pencil-mark input without a candidate
  bad_size,         // a #size line naming no size (or not the size of the symbols)
  binary_input,     // a NUL byte, or a control character on the first line: not text; the rest
                    // of the input is not read
  bad_cages,        // a #cages map or #sums line that is malformed, or cages that cannot be (a
                    // label without a sum, a sum without cells, a cage too large, a sum that
                    // distinct digits cannot make)
  bad_rule,         // a rule's header line (sudoku/model/rule.hpp) that does not fit the puzzle
                    // after it, or one with no puzzle after it
  bad_fpuzzles,     // f-puzzles JSON or a link that cannot be read, or a constraint it asks that
                    // this version does not know (sudoku/io/fpuzzles.hpp); the message names the
                    // JSON path
};

// Where (1-based line and byte column) and why a text is not a valid puzzle; what() is the
// message alone, written for the person who wrote the text.
using FormatError = dlx::TextError<FormatErrorKind>;

// A place in the input: 1-based line and byte column.
struct Location {
  std::size_t line = 0;
  std::size_t column = 0;
};

// What the reader assumes where the input does not say.
struct ReaderOptions {
  int size = 0;                        // cells per row; 0: from each puzzle (see above)
  Variant variant = Variant::regular;  // until a #variant or #regions line
  Chess chess = Chess::none;           // chess constraints, until a #variant line
  std::vector<int> regions;            // jigsaw region of each cell, 0-based (read_regions)
  std::size_t max_line_length = std::size_t{1} << 20;  // bytes in a line, its end excluded
  // Bytes of an over-long line skipped, past the limit, looking for its end; an input with no
  // line end within them (an endless line) ends there, with an error. 0: no bound.
  std::uint64_t max_skipped_line = std::uint64_t{1} << 30;
  const std::atomic<bool>* stop = nullptr;  // raised by another thread or a signal handler: the
                                            // input ends at the next read
  Symbols symbols;  // the digits' characters (parse_symbols); of its own, it sets the size too
  char blank = 0;   // one more character for an empty cell, 0 for none; ' ': spaces are empty
                    // cells, in fixed columns (see above)
};

// One puzzle as read, or why it could not be read.
struct Record {
  std::size_t line = 0;                      // where the puzzle (or the error's record) starts
  std::shared_ptr<const Geometry> geometry;  // its shape; shared by the puzzles of one shape
  Grid givens;                               // its digits, 0 for empty cells
  std::vector<Location> cells;               // where each cell was read, in cell order
  Grid solution;                             // the solution given with the puzzle (CSV: a full
                                             // grid of its size), empty when none was given
  std::optional<FormatError> error;          // set when the puzzle could not be read
  std::vector<Mask> candidates;  // pencil-mark input: each cell's candidates as read (a cell
                                 // with one is also a given); empty for a plain puzzle

  // True when the record holds a puzzle.
  bool ok() const noexcept { return !error.has_value(); }
};

// Reads puzzles one at a time from a stream, in memory bounded by the longest line.
class PuzzleReader {
 public:
  // Reads from `in`, which must outlive the reader. A read error ends the input and sets badbit
  // on `in`. Throws std::invalid_argument when the options contradict each other (a size other
  // than the symbols', a blank character that is a symbol or part of the format).
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

// Whether the reader tells a grid of n x n cells from the input alone (4, 6, 9, 12, 16 and 25);
// other sizes are read only when ReaderOptions::size gives them.
bool size_found_alone(int n) noexcept;

// Reads every record of a text held in memory (for tests and small inputs).
std::vector<Record> read_all(std::string_view text, const ReaderOptions& options = {});

// Reads a jigsaw region map (the symbols of a #regions header, on one line or N lines; blank and
// '#' lines skipped) and returns each cell's region, 0-based; throws FormatError.
std::vector<int> read_regions(std::istream& in);
// The same, from text held in memory.
std::vector<int> read_regions(std::string_view text);

}  // namespace sudoku
