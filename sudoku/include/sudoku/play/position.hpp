// A position: a puzzle part way solved (its givens, the digits placed since, and the candidates
// removed), and the text that keeps one in a file.
//
// The text is a puzzle file that every reader of puzzles reads as the puzzle alone (its lines of
// `#` are comments to them), followed by the lines that the position adds (docs/formats.md):
//
//   #size 8                                 a size the reader does not tell alone (8, 10, ...)
//   #variant hyper                          the shape, as in any puzzle file (jigsaw: #regions)
//   53..7....6..195....98....6.8...         the givens, one line of N*N cells
//   #placed ..4.......8......               the digits placed since, '.' elsewhere
//   #marks r1c3-26 r2c2-7                   candidates removed by hand
//   #removed r1c4-2                         candidates removed otherwise (by steps)
//
// The candidates of a position are those the digits leave (each digit taken from its peers, no
// singles placed), less the marks and the removed ones; so writing a position and reading it
// back gives the same digits and the same candidates.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

// A puzzle part way solved.
struct Position {
  std::shared_ptr<const Geometry> geometry;  // its shape
  Grid givens;                               // the puzzle's digits, 0 elsewhere
  Grid placed;                               // digits placed since, 0 elsewhere (and on givens)
  std::vector<Mask> marks;    // per cell: candidates removed by hand (none on cells with a digit)
  std::vector<Mask> removed;  // per cell: other candidates removed beyond what the digits rule out
};

// A blank position of a shape: no digits, every candidate.
Position blank_position(std::shared_ptr<const Geometry> geometry);

// The givens and the digits placed, in one grid.
Grid position_digits(const Position& position);

// The candidates of a position, as described above. The digits must not clash.
Candidates position_candidates(const Position& position);

// The text of a position, as described above; digits in `symbols`. Lines that would say nothing
// (no digit placed, no mark) are left out, so a position without them is a plain puzzle file.
std::string write_position(const Position& position, const Symbols& symbols = {});

// True for a line that a position adds to its puzzle (#placed, #marks, #removed), or for the
// rule under a grid (`+---+---+`): a reader of one puzzle from a stream reads on through them.
bool is_position_line(std::string_view line);

// Reads the first puzzle of a text and the position lines after it (those before the next
// puzzle); nothing when the text holds no puzzle. A plain puzzle file gives its givens alone;
// pencil-mark input (sudoku/io/reader.hpp) its givens, and the candidates it leaves out removed.
// Throws FormatError with the line and column: a puzzle that cannot be read, digits that clash,
// a digit placed on a given, a malformed position line or one given twice, a mark on a cell that
// holds a digit.
std::optional<Position> read_position(std::string_view text, const ReaderOptions& options = {});

}  // namespace sudoku
