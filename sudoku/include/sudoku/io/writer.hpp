// Writing grids: one-line grids for pipes, pretty and candidate grids for people, the header
// lines of a puzzle's shape and rules (the sudoku command builds its JSON lines from these). Every grid is written
// in the symbols the reader reads (sudoku/io/symbols.hpp): the default alphabet, or the one the
// writer is given (the alphabet the input was read in), so the output of one run is the input of
// the next.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

// A grid on one line: N*N symbols, '.' for an empty cell.
std::string format_line(const Geometry& geometry, const Grid& grid);
// The same in an alphabet of its own (the default one when `symbols` is).
std::string format_line(const Geometry& geometry, const Grid& grid, const Symbols& symbols);
// Appends format_line(geometry, grid) to `out`, without a string of its own (for output that
// collects many grids, such as every solution of a puzzle).
void append_line(std::string& out, const Geometry& geometry, const Grid& grid);
// The same in an alphabet of its own.
void append_line(std::string& out, const Geometry& geometry, const Grid& grid,
                 const Symbols& symbols);

// The header lines that make the reader read the next puzzle line as one of `geometry`, each
// ended by '\n': #size (for a size the reader does not tell alone), #variant (its variant and chess
// constraints), #regions (a jigsaw's map), the killer cages, the rules' lines. Empty for a regular grid of a size
// told alone. For one puzzle read on its own (a saved position); a sequence uses HeaderWriter.
std::string format_header(const Geometry& geometry);

// The headers of a sequence of puzzles written one after another: #size, #variant and #regions
// hold for the puzzles after them until the next, so each is written when it changes (and
// "#variant regular" when a regular puzzle follows a variant), the cages and the rules' lines
// before each puzzle.
class HeaderWriter {
 public:
  // The lines to write before the next puzzle, of `geometry`.
  std::string before(const Geometry& geometry);

 private:
  int size_ = 0;          // the #size last written, 0 for none
  std::string variant_;   // the #variant line last written (empty: none, the reader's regular)
  std::string regions_;   // the #regions line last written
};

// The killer header of a geometry's cages, as the reader reads it: "#cages", the map of labels
// (one row a line, '.' for a cell in no cage, labels padded to one width) and "#sums A=23 ...",
// each line ended by '\n'; empty for a geometry without cages.
std::string format_cages(const Geometry& geometry);

// The rules of a puzzle beyond its houses in words, a line each (a rule's description, then its
// marks as its header line writes them; "anti-knight: ..."), each line ended by '\n'; with
// `cage_map`, a killer's cages as the map and sums of its header. Under a rule with clues beside
// the grid or circles on corners, one line for each: "  15 at r0c3, down: r1c3-...-r9c3",
// "  1 2 9 on the corner of r7c7 r7c8 r8c7 r8c8". Empty without such rules.
std::string describe_rules(const Geometry& geometry, bool cage_map = false);

// The rules of a puzzle in sentences for people, each ending in '.': its houses ("Each row,
// column and box holds 1-9 once."), its variant's, the chess constraints, the killer cages, then
// each rule's own sentence (Rule::describe). What the web page states beside the board.
std::vector<std::string> rule_sentences(const Geometry& geometry);

// How the pretty writer draws a grid.
struct PrettyOptions {
  bool labels = true;  // column numbers above, row numbers on the left
  bool legend = true;  // a line after the grid explaining the cell markers, when there are any
  bool color = false;  // ANSI colours on the marked cells as well (for a terminal)
  Symbols symbols;     // the alphabet of the digits
};

// A grid for people: borders between cells of different boxes (or jigsaw regions), row and
// column numbers, hyper window cells as [5], diagonal cells as (5), cells of both as {5}; the
// legend says what the marks and the puzzle's rules are (describe_rules).
void write_pretty(std::ostream& out, const Geometry& geometry, const Grid& grid,
                  const PrettyOptions& options = {});
// The same, as a string.
std::string format_pretty(const Geometry& geometry, const Grid& grid,
                          const PrettyOptions& options = {});

// How the candidate writer draws a grid.
struct CandidateOptions {
  bool labels = true;       // column numbers above, row numbers on the left
  bool candidates = true;   // the candidates of undecided cells; false: a '.' for each, and a
                            // line a row of cells (the grid as short as the pretty writer's)
  bool color = false;       // ANSI colours (for a terminal): givens bold, marked cells green,
                            // cells without candidates red
  std::vector<int> marked;  // cells to mark (the cells of a step), drawn between '*'
  Grid givens;              // the givens, drawn bold with colour; empty for none
  Symbols symbols;          // the alphabet of the digits
  bool narrow = false;      // one margin a cell (a mark on its left only) and right-aligned
                            // column numbers: a 25x25 grid without candidates in 59 columns
};

// A grid of candidates for people, with the pretty writer's box (or region) borders. Up to 9x9
// each cell is a mini-grid of its candidates ('.' where a digit is gone: 3x3 for 9x9, 2x2 for
// 4x4); larger sizes list the candidates of each cell. A placed digit stands alone in its cell
// (in the middle of the mini-grid), a cell without candidates shows '!'.
void write_candidates(std::ostream& out, const Candidates& candidates,
                      const CandidateOptions& options = {});
// The same, as a string.
std::string format_candidates(const Candidates& candidates, const CandidateOptions& options = {});
// A candidate line, as the reader reads it: per cell its N places, the digit's symbol where the
// mask (bit d - 1 for digit d) holds it and '.' elsewhere (729 characters for 9x9).
std::string format_candidate_line(const Geometry& geometry, std::span<const Mask> masks,
                                  const Symbols& symbols = {});

}  // namespace sudoku
