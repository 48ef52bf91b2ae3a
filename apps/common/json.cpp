#include "json.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "sudoku/io/writer.hpp"
#include "sudoku/play/explain.hpp"

namespace app {

namespace {

using Json = nlohmann::ordered_json;

// Compact, as one line; bytes that are no UTF-8 (a file name, a bad character quoted in an
// error) become U+FFFD instead of an exception.
std::string text(const Json& object) {
  return object.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json start(std::string_view file, std::size_t line) {
  Json object = Json::object();
  if (!file.empty()) object["file"] = file;
  object["line"] = line;
  return object;
}

// `value` with `decimals` decimals, as a JSON number: the double nearest the decimal text, which
// the library writes back as that text (3.2, 11.0).
double rounded(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return std::strtod(buffer, nullptr);
}

// The puzzle's shape: its size, its variant in words ("hyper anti-knight", "killer"), and the
// header lines the reader needs before the puzzle's line to read it as this shape (when any).
void shape(Json& object, const sudoku::Geometry& geometry) {
  object["size"] = geometry.size();
  object["variant"] = sudoku::describe_shape(geometry);
  if (std::string header = sudoku::format_header(geometry); !header.empty())
    object["header"] = std::move(header);
}

}  // namespace

std::string json_search(std::size_t line, const sudoku::Geometry& geometry,
                        const sudoku::Grid& puzzle, const sudoku::SolveResult& result,
                        const JsonOptions& options) {
  Json object = start(options.file, line);
  shape(object, geometry);
  object["puzzle"] = sudoku::format_line(geometry, puzzle, options.symbols);
  object["solutions"] = result.solutions;
  object["complete"] = result.complete;
  if (!result.complete && !options.reason.empty()) object["reason"] = options.reason;
  // Unique: one solution and nothing more to find; not unique: none at all, or a second found.
  if (result.solutions < 2 && !result.complete)
    object["unique"] = nullptr;
  else
    object["unique"] = result.solutions == 1;
  if (result.first.empty())
    object["solution"] = nullptr;
  else
    object["solution"] = sudoku::format_line(geometry, result.first, options.symbols);
  if (options.given_solution_ok) object["given_solution_ok"] = *options.given_solution_ok;
  if (options.stats) {
    object["nodes"] = result.nodes;
    object["updates"] = result.updates;
    object["micros"] = rounded(options.micros, 1);
  }
  return text(object);
}

std::string json_solution(std::size_t line, std::uint64_t number, const sudoku::Geometry& geometry,
                          const sudoku::Grid& solution, std::string_view file,
                          const sudoku::Symbols& symbols) {
  Json object = start(file, line);
  object["number"] = number;
  object["solution"] = sudoku::format_line(geometry, solution, symbols);
  return text(object);
}

std::string json_rating(std::size_t line, const sudoku::Geometry& geometry,
                        const sudoku::Grid& puzzle, const sudoku::Rating& rating,
                        std::string_view file, const sudoku::Symbols& symbols) {
  Json object = start(file, line);
  shape(object, geometry);
  object["puzzle"] = sudoku::format_line(geometry, puzzle, symbols);
  if (rating.solvable) {
    object["er"] = rounded(rating.er, 1);
    object["ep"] = rounded(rating.ep, 1);
    object["ed"] = rounded(rating.ed, 1);
    object["qqwing"] = sudoku::qqwing_level_name(rating.qqwing);
  }
  object["rating"] = rating.solvable ? Json(sudoku::hodoku_level_name(rating.hodoku)) : Json();
  object["hardest"] = rating.used_logic ? Json(sudoku::technique_name(rating.hardest)) : Json();
  object["steps"] = rating.steps;
  if (rating.searched()) {
    object["open"] = rating.open;
    object["nodes"] = rating.search.nodes;
    object["solutions"] = rating.search.solutions;
  } else if (!rating.solvable) {
    object["solutions"] = 0;
  }
  return text(object);
}

std::string json_hint(std::size_t line, const sudoku::Geometry& geometry, const sudoku::Step* step,
                      std::string_view file, const sudoku::Symbols& symbols, int stage,
                      std::optional<int> solutions) {
  Json object = start(file, line);
  if (step == nullptr) {
    object["hint"] = nullptr;
  } else {
    const sudoku::HintStage shown = sudoku::hint_stage(geometry, *step, stage, symbols);
    object["hint"] = shown.text;
    if (stage < 3) object["stage"] = std::max(stage, 1);
    object["technique"] = sudoku::technique_name(step->technique);
    Json cells = Json::array();
    for (int cell : shown.cells) cells.push_back(sudoku::cell_name(geometry, cell));
    object["cells"] = cells;
    if (!shown.links.empty()) object["links"] = shown.links;
  }
  if (solutions) object["solutions"] = *solutions;
  return text(object);
}

std::string json_error(const sudoku::Location& where, std::string_view message,
                       std::string_view file) {
  Json object = start(file, where.line);
  object["column"] = where.column;
  object["error"] = message;
  return text(object);
}

std::string json_canonical(std::size_t line, const sudoku::Geometry& geometry,
                           const sudoku::Grid& puzzle, const sudoku::Grid& canonical,
                           std::string_view file, const sudoku::Symbols& symbols) {
  Json object = start(file, line);
  shape(object, geometry);
  object["puzzle"] = sudoku::format_line(geometry, puzzle, symbols);
  // --dedupe on a shape without canonical forms (killer, samurai, rules) has none to show.
  if (!canonical.empty()) object["canonical"] = sudoku::format_line(geometry, canonical, symbols);
  return text(object);
}

std::string json_true_candidates(std::size_t line, const sudoku::Geometry& geometry,
                                 const sudoku::Grid& puzzle, const sudoku::TrueCandidates& truth,
                                 std::string_view file, const sudoku::Symbols& symbols) {
  Json object = start(file, line);
  shape(object, geometry);
  object["puzzle"] = sudoku::format_line(geometry, puzzle, symbols);
  object["true_candidates"] = sudoku::format_candidate_line(geometry, truth.masks, symbols);
  object["complete"] = truth.complete;
  object["searches"] = truth.searches;
  return text(object);
}

std::string json_generated(std::uint64_t number, const sudoku::Geometry& geometry,
                           const sudoku::Puzzle& puzzle, int asked, const sudoku::Symbols& symbols,
                           const std::optional<std::string>& rating) {
  Json object = Json::object();
  object["number"] = number;
  shape(object, geometry);
  object["givens"] = puzzle.count;
  if (asked > 0) object["undecided"] = puzzle.undecided;
  object["puzzle"] = sudoku::format_line(geometry, puzzle.givens, symbols);
  object["solution"] = sudoku::format_line(geometry, puzzle.solution, symbols);
  if (rating) object["rating"] = *rating;
  return text(object);
}

}  // namespace app
