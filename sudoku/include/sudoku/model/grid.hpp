// A grid of digits, and the checks every grid must pass: no clash among givens, and what makes
// a solution.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/model/geometry.hpp"

namespace sudoku {

// One digit per cell in reading order, 0 for an empty cell.
using Grid = std::vector<std::uint8_t>;

// Two cells of one house holding the same digit.
struct Clash {
  int first = 0;   // the earlier cell in reading order
  int second = 0;  // the later cell
  int house = 0;   // index into Geometry::houses()
  int digit = 0;
};

// The first clash among the digits of a grid (houses in Geometry order), if any.
std::optional<Clash> find_clash(const Geometry& geometry, const Grid& grid);
// A sentence for people: "r1c2 and r1c7 both hold 7 in row 1".
std::string describe(const Geometry& geometry, const Clash& clash);
// True when `solution` is full, keeps every given of `givens`, and holds each digit once per house.
bool is_solution(const Geometry& geometry, const Grid& givens, const Grid& solution);

}  // namespace sudoku
