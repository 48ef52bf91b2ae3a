// A jigsaw region map as the reader collects it from a #regions header or a region file.
// Internal to the library.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/reader.hpp"

namespace sudoku::reading {

// Collects a region map from one line or N lines of symbols and checks it.
class RegionMap {
 public:
  // Adds the symbols of one line; `whole` means the line is the whole map. Throws FormatError.
  void add_line(std::string_view text, std::size_t line, bool whole);

  // True when the map has as many rows as symbols per row.
  bool done() const noexcept { return width_ > 0 && rows_ == width_; }
  // Rows read, and rows needed.
  std::size_t rows() const noexcept { return rows_; }
  std::size_t width() const noexcept { return width_; }

  // Each cell's region, numbered in order of first appearance; throws FormatError.
  std::vector<int> regions() const;

 private:
  std::string symbols_;
  std::vector<Location> where_;
  std::size_t width_ = 0, rows_ = 0;
};

}  // namespace sudoku::reading
