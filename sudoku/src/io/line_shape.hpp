// Where the cells of a line lie, beyond their count: what the reader looks at to tell a one-line
// puzzle with text after it from a row, and to say why a line is neither. Internal to the library.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sudoku::reading {

// Where the cells of a line lie, for the rules that look past a count: the first unbroken run of
// cells and what ends it, the cells before the first hard separator, and whether a space follows
// the first cell (a sign of spaces written for empty cells).
struct LineShape {
  std::size_t lead = 0;                           // cells of the first run
  std::size_t lead_end = std::string_view::npos;  // index of the character that ends it
  std::size_t before_hard = 0;                    // cells before the first ',', ';', '#' or ':'
  bool hard = false;                              // the line holds one
  bool spaced = false;                            // a space after the first cell
};

LineShape shape_of(std::string_view text);

// The index of the k-th (from 1) character of `text` that is not ignored, or its size.
std::size_t nth_cell(std::string_view text, std::size_t k);

// Spacing unlike a row of `size` cells: within a box the cells of a row stand at one distance
// from each other, between boxes at one distance no smaller and at most 2 larger (a gap holding
// '|' or a marker is a box border and may be anything). "6  195" is no row of a 4x4 grid.
bool uneven_row(std::string_view text, int size);

// The cells of a line and of its first run, a UTF-8 sequence counting once.
void count_characters(std::string_view text, std::size_t& count, std::size_t& run);

// The advice for a line whose spaces may be empty cells.
extern const std::string spaces_hint;

}  // namespace sudoku::reading
