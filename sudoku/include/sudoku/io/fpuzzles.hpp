// f-puzzles (https://www.f-puzzles.com/), the editor setters draw variant puzzles in: its JSON,
// and its links, whose load= parameter is that JSON compressed with lz-string in Base64
// (SudokuPad opens the same links). The reader (sudoku/io/reader.hpp) reads both among other
// puzzles; this is the format's one home.
//
// Read: the size (4 to 16), the grid's givens and irregular regions, the diagonals, anti-knight,
// anti-king, non-consecutive and disjoint groups, killer cages (a cage without a sum: its digits
// differ), and the rules of sudoku/src/rules/ f-puzzles draws: thermometers, palindromes, renban
// and whispers lines, minimum and maximum cells, odd and even cells, extra regions, clones,
// kropki dots (difference 1, ratio 2) and XV, with their negative constraints; and the rules it
// has no key for, in keys of the same shapes (slowthermometer, nabner, entropic, smallerthan,
// whispers with a "value"). Cosmetic marks
// (text, lines, shapes, cages without a rule) are skipped; a constraint this library does not
// know yet (arrows, little killers, sandwiches, ...) is an error that names it, never a puzzle
// solved without it.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

// A puzzle read from f-puzzles.
struct FPuzzle {
  std::shared_ptr<const Geometry> geometry;
  Grid givens;
  std::string title, author;
};

// f-puzzles input that cannot be read: the message, the JSON path of the value at fault
// ("$.thermometer[2].lines[0][1]", "" for the text itself) and its byte offset in the JSON text.
class FPuzzlesError : public std::runtime_error {
 public:
  FPuzzlesError(const std::string& message, std::string path, std::size_t offset)
      : std::runtime_error(message), path_(std::move(path)), offset_(offset) {}
  const std::string& path() const noexcept { return path_; }
  std::size_t offset() const noexcept { return offset_; }

 private:
  std::string path_;
  std::size_t offset_;
};

// True when a line is an f-puzzles or SudokuPad link with a load= parameter.
bool is_fpuzzles_link(std::string_view line) noexcept;
// Reads f-puzzles JSON, or a link (the JSON compressed in its load= parameter); throws
// FPuzzlesError.
FPuzzle read_fpuzzles(std::string_view text);
// The JSON the decompressed load= parameter of a link holds; throws FPuzzlesError.
std::string fpuzzles_json_of_link(std::string_view link);

// The puzzle as f-puzzles JSON (one line); throws std::invalid_argument for what f-puzzles
// cannot say (samurai grids, grids over 16x16).
std::string write_fpuzzles(const Geometry& geometry, const Grid& givens);
// The same as a link that opens it in f-puzzles.
std::string fpuzzles_link(const Geometry& geometry, const Grid& givens);

}  // namespace sudoku
