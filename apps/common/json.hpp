// The JSON lines of the sudoku command (--format json), one object a line without its newline,
// written with nlohmann::ordered_json from the library's plain results: the keys in the order
// shown, compact, strings escaped as JSON asks (bytes that are no UTF-8 become U+FFFD).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/rating.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/solver.hpp"
#include "sudoku/search/true_candidates.hpp"

namespace app {

// Extra fields of a searched puzzle's line.
struct JsonOptions {
  std::string_view file;                  // "file" field, left out when empty
  bool stats = false;                     // add "nodes", "updates" and "micros"
  double micros = 0;                      // time of the search, for "micros"
  sudoku::Symbols symbols;                // the alphabet of "puzzle" and "solution"
  std::optional<bool> given_solution_ok;  // "given_solution_ok": whether the solution given with
                                          // the puzzle solves it (--check-solution); none: left out
  std::string_view reason;  // "reason" after "complete":false: what stopped the search early
};

// A searched puzzle:
//   {"file":"a.txt","line":3,"size":9,"variant":"hyper","puzzle":"4...3..","solutions":1,
//    "complete":true,"unique":true,"solution":"4178356.."}
// "solutions" is the number found, "complete" says it is the exact count (false: the limit or a
// budget stopped the search, there may be more), "unique" says whether the puzzle has exactly
// one solution: true for a complete count of 1, false for 2 or more found or a complete count
// of 0, null when the search stopped before it could tell (a limit of 1 after the first
// solution, a budget before any). "solution" is the first one found, or null.
std::string json_search(std::size_t line, const sudoku::Geometry& geometry,
                        const sudoku::Grid& puzzle, const sudoku::SolveResult& result,
                        const JsonOptions& options = {});
// The n-th (from 1) solution of the puzzle at `line`:
//   {"file":"a.txt","line":3,"number":1,"solution":"4178356.."}
std::string json_solution(std::size_t line, std::uint64_t number, const sudoku::Geometry& geometry,
                          const sudoku::Grid& solution, std::string_view file = {},
                          const sudoku::Symbols& symbols = {});
// A rated puzzle:
//   {"file":"a.txt","line":3,"puzzle":"4...3..","er":20.0,"ep":20.0,"ed":2.3,
//    "qqwing":"expert","rating":"extreme","hardest":"naked pair",
//    "steps":21,"open":45,"nodes":30,"solutions":1}
// "rating" is the puzzle's level (HoDoKu's names: easy, medium, hard, unfair, extreme), the
// scale the pretty output, Python and the web page use too; "er", "ep", "ed" (Sudoku Explainer's
// scale, one decimal) and "qqwing" (QQWing's level, which --difficulty also takes) come with a
// solvable puzzle; "hardest" is null when no technique applied; "open" (cells logic left open),
// "nodes" and "solutions" (up to 2) come when the search went on after the logic; an unsolvable
// puzzle has "rating":null and "solutions":0.
std::string json_rating(std::size_t line, const sudoku::Geometry& geometry,
                        const sudoku::Grid& puzzle, const sudoku::Rating& rating,
                        std::string_view file = {}, const sudoku::Symbols& symbols = {});
// A hint, the next step (none: "hint":null):
//   {"file":"a.txt","line":3,"hint":"r3c5=7: hidden single in box 2",
//    "technique":"hidden single","cells":["r3c5"]}
// The hint names digits as describe() (sudoku/logic/logic.hpp) does. A `stage` below 3 gives that
// stage's text and cells (hint_stage() of sudoku/play/explain.hpp) and adds "stage":N;
// `solutions` adds "solutions" last (for a puzzle without exactly one).
std::string json_hint(std::size_t line, const sudoku::Geometry& geometry, const sudoku::Step* step,
                      std::string_view file = {}, const sudoku::Symbols& symbols = {},
                      int stage = 3, std::optional<int> solutions = {});
// A puzzle that could not be read or solved:
//   {"file":"a.txt","line":3,"column":7,"error":"bad character 'z' ..."}
std::string json_error(const sudoku::Location& where, std::string_view message,
                       std::string_view file = {});
// A puzzle and its canonical form (--canonical, --dedupe):
//   {"file":"a.txt","line":3,"size":9,"variant":"regular","puzzle":"4...3..","canonical":"000.."}
// --true-candidates: {"file":..,"line":3,"size":9,"variant":..,"puzzle":"..",
// "true_candidates":"<a candidate line>","complete":true,"searches":12}.
std::string json_true_candidates(std::size_t line, const sudoku::Geometry& geometry,
                                 const sudoku::Grid& puzzle, const sudoku::TrueCandidates& truth,
                                 std::string_view file, const sudoku::Symbols& symbols);
std::string json_canonical(std::size_t line, const sudoku::Geometry& geometry,
                           const sudoku::Grid& puzzle, const sudoku::Grid& canonical,
                           std::string_view file = {}, const sudoku::Symbols& symbols = {});
// The n-th generated puzzle:
//   {"number":1,"size":9,"variant":"regular","givens":24,"puzzle":"..","solution":".."}
// with "undecided" after "givens" when `asked` (--givens) is not 0, and "rating" last when given.
std::string json_generated(std::uint64_t number, const sudoku::Geometry& geometry,
                           const sudoku::Puzzle& puzzle, int asked, const sudoku::Symbols& symbols,
                           const std::optional<std::string>& rating);

}  // namespace app
