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

// The Clash::house of two cells a chess move apart (Geometry::chess_peers).
inline constexpr int chess_clash = -1;
// The Clash::house of two cells of one killer cage (Geometry::cages).
inline constexpr int cage_clash = -2;

// Two cells of one house (or a chess move apart) holding the same digit.
struct Clash {
  int first = 0;   // the earlier cell in reading order
  int second = 0;  // the later cell
  int house = 0;   // index into Geometry::houses(), chess_clash or cage_clash
  int digit = 0;
};

// The first clash among the digits of a grid (houses in Geometry order, then chess moves, then
// cages), if any.
std::optional<Clash> find_clash(const Geometry& geometry, const Grid& grid);
// A sentence for people: "r1c2 and r1c7 both hold 7 in row 1" (or "... a knight's move apart").
std::string describe(const Geometry& geometry, const Clash& clash);
// Where the clash is, for people: "in row 1", "a knight's move apart", "a king's move apart".
std::string clash_place(const Geometry& geometry, const Clash& clash);
// The first killer cage (index into Geometry::cages()) whose cells are all filled and add up to
// another sum than its own, or whose filled cells already add up to more; -1 when none.
int broken_cage(const Geometry& geometry, const Grid& grid);
// True when `solution` is full, keeps every given of `givens`, and holds each digit once per house
// (and never a chess move apart, never twice in a cage), with every cage's sum, keeping every
// rule (broken_rule).
bool is_solution(const Geometry& geometry, const Grid& givens, const Grid& solution);

}  // namespace sudoku
