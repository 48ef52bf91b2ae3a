// The puzzles of one file for the sudoku benchmarks: read first, so that only the solving is
// timed.
#pragma once

#include <cstddef>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/io/reader.hpp"

namespace bench {

// The puzzles of a file that share the shape (size and variant) of its first good one.
struct PuzzleFile {
  std::shared_ptr<const sudoku::Geometry> geometry;  // null when the file has no good puzzle
  std::vector<sudoku::Grid> puzzles;
};

// Reads the puzzles of `path`, the first `first` of them (0: all); bad records are skipped.
// Nothing when the file cannot be opened.
inline std::optional<PuzzleFile> read_puzzle_file(const std::string& path, std::size_t first = 0) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  sudoku::PuzzleReader reader(in);
  PuzzleFile out;
  while (auto record = reader.next()) {
    if (!record->ok()) continue;
    if (!out.geometry) out.geometry = record->geometry;
    if (record->geometry->size() == out.geometry->size() &&
        record->geometry->variant() == out.geometry->variant() &&
        record->geometry->chess() == out.geometry->chess())
      out.puzzles.push_back(record->givens);
    if (first != 0 && out.puzzles.size() == first) break;
  }
  return out;
}

}  // namespace bench
