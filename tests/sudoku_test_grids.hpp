// Grids and texts that the reader and writer tests share: Wikipedia's example, grids made by
// construction, and reading helpers.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/symbols.hpp"

namespace test_grids {

// The example puzzle of Wikipedia's "Sudoku" article and its solution (same article).
inline const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
inline const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// The digits of a line in the default alphabet.
inline sudoku::Grid digits(const std::string& line, int size = 9) {
  sudoku::Grid grid;
  for (char c : line) grid.push_back(static_cast<std::uint8_t>(sudoku::symbol_digit(size, c)));
  return grid;
}

// A full grid of a size with r x c boxes, valid by construction (shifted rows).
inline sudoku::Grid pattern(int size, int box_rows, int box_cols) {
  sudoku::Grid grid;
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c)
      grid.push_back(
          static_cast<std::uint8_t>((box_cols * (r % box_rows) + r / box_rows + c) % size + 1));
  return grid;
}

// The pattern with every third cell emptied.
inline sudoku::Grid holes(sudoku::Grid grid) {
  for (std::size_t i = 0; i < grid.size(); i += 3) grid[i] = 0;
  return grid;
}

inline std::vector<sudoku::Record> read(const std::string& text,
                                        const sudoku::ReaderOptions& options = {}) {
  return sudoku::read_all(text, options);
}

// Reads a text that must hold exactly one good puzzle.
inline sudoku::Record one(const std::string& text, const sudoku::ReaderOptions& options = {}) {
  std::vector<sudoku::Record> records = read(text, options);
  EXPECT_EQ(records.size(), 1u) << text;
  if (records.empty()) return {};
  EXPECT_TRUE(records[0].ok()) << text << "\n" << records[0].error->what();
  return records[0];
}

}  // namespace test_grids
