// Writing grids and results: one-line grids for pipes, pretty and candidate grids for people,
// counts, and JSON lines for programs. Every grid is written in the symbols the reader reads
// (sudoku/io/symbols.hpp): the default alphabet, or the one the writer is given (the alphabet the
// input was read in), so the output of one run is the input of the next.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/candidates.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/search/solver.hpp"
#include "sudoku/io/symbols.hpp"

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

// How the pretty writer draws a grid.
struct PrettyOptions {
  bool labels = true;  // column numbers above, row numbers on the left
  bool legend = true;  // a line after the grid explaining the cell markers, when there are any
  bool color = false;  // ANSI colours on the marked cells as well (for a terminal)
  Symbols symbols;     // the alphabet of the digits
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
  Symbols symbols;          // the alphabet of the digits
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
  std::string_view file;                  // "file" field, left out when empty
  bool stats = false;                     // add "nodes", "updates" and "micros"
  double micros = 0;                      // time of the search, for "micros"
  Symbols symbols;                        // the alphabet of "puzzle" and "solution"
  std::optional<bool> given_solution_ok;  // "given_solution_ok": whether the solution given with
                                          // the puzzle solves it (--check-solution); none: left out
};

// A rating as `--rate` prints it: "ER/EP/ED level" on Sudoku Explainer's scale with HoDoKu's
// level, e.g. "7.1/1.2/1.2 unfair".
std::string format_rating(const Rating& rating);

// One JSON object (no newline) for a searched puzzle:
//   {"file":"a.txt","line":3,"size":9,"variant":"hyper","puzzle":"4...3..","solutions":1,
//    "complete":true,"unique":true,"solution":"4178356.."}
// "solutions" is the number found, "complete" says it is the exact count (false: the limit or a
// budget stopped the search, there may be more), "unique" says whether the puzzle has exactly
// one solution: true for a complete count of 1, false for 2 or more found or a complete count
// of 0, null when the search stopped before it could tell (a limit of 1 after the first
// solution, a budget before any). "solution" is the first one found, or null.
std::string format_json(std::size_t line, const Geometry& geometry, const Grid& puzzle,
                        const SolveResult& result, const JsonOptions& options = {});
// One JSON object for the n-th (from 1) solution of the puzzle at `line`:
//   {"file":"a.txt","line":3,"number":1,"solution":"4178356.."}
std::string format_json_solution(std::size_t line, std::uint64_t number, const Geometry& geometry,
                                 const Grid& solution, std::string_view file = {},
                                 const Symbols& symbols = {});
// One JSON object for a rated puzzle:
//   {"file":"a.txt","line":3,"puzzle":"4...3..","er":11.0,"ep":11.0,"ed":2.3,
//    "qqwing":"expert","rating":"extreme","hardest":"naked pair",
//    "steps":21,"open":45,"nodes":30,"solutions":1}
// "rating" is the puzzle's level (HoDoKu's names: easy, medium, hard, unfair, extreme), the
// scale the pretty output, Python and the web page use too; "er", "ep", "ed" (Sudoku Explainer's
// scale) and "qqwing" (QQWing's level, which --difficulty also takes) come with a solvable puzzle;
// "hardest" is null when no technique applied; "open" (cells logic left open), "nodes" and
// "solutions" (up to 2) come when the search went on after the logic; an unsolvable puzzle has
// "rating":null and "solutions":0.
std::string format_json_rating(std::size_t line, const Geometry& geometry, const Grid& puzzle,
                               const Rating& rating, std::string_view file = {},
                               const Symbols& symbols = {});
// One JSON object for a hint, the next step (none: "hint":null):
//   {"file":"a.txt","line":3,"hint":"r3c5=7: hidden single in box 2",
//    "technique":"hidden single","cells":["r3c5"]}
// The hint names digits as describe() (sudoku/logic/logic.hpp) does: numbers, or the symbols of an
// alphabet of its own. A `stage` below 3 gives that stage's text and cells (hint_stage() of
// sudoku/play/explain.hpp) and adds "stage":N.
std::string format_json_hint(std::size_t line, const Geometry& geometry, const Step* step,
                             std::string_view file = {}, const Symbols& symbols = {},
                             int stage = 3);
// One JSON object for a puzzle that could not be read or solved:
//   {"file":"a.txt","line":3,"column":7,"error":"bad character 'z' ..."}
std::string format_json_error(const Location& where, std::string_view message,
                              std::string_view file = {});
// A string as a JSON string literal, quotes included.
std::string json_quote(std::string_view text);

}  // namespace sudoku
