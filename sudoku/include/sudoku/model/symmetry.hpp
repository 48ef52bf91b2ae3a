// The symmetries of a sudoku shape, and the canonical form they give each puzzle: two puzzles
// are equivalent when one symmetry and a relabelling of the digits turn one into the other, and
// equivalent puzzles, and only they, have the same canonical form.
//
// The canonical form is the minlex form: of every grid equivalent to the puzzle, with its digits
// relabelled 1, 2, ... in order of first appearance in reading order, the smallest read as a
// string of cells, empty cells as 0 (so 0 < 1 < 2 ...). The groups, per variant:
//
//   regular  band permutations, rows within each band, stack permutations, columns within each
//            stack, and transposition when the boxes are square: 2 * 6^8 = 3,359,232 on 9x9
//   hyper    the row and column permutations that map rows, columns, boxes and windows onto
//            houses, and transposition (9x9: 128; 16x16: 165,888)
//   x        the same for rows, columns, boxes and both diagonals: the rows permuted
//            symmetrically about the centre, the columns as the rows or mirrored, and
//            transposition (9x9: 96); hyper-x both (9x9: 16)
//   jigsaw   the rotations and reflections that map the region map onto itself (at most 8)
//
// Regular shapes are searched row by row, keeping only the partial transforms whose rows so far
// are the smallest (about 10 microseconds a 17-clue 9x9 puzzle, a few ms a full 9x9 grid); the
// other groups are small enough to try every element. Jigsaw grids: digit relabellings and only
// the symmetries of their own region map; two maps that differ are never equivalent.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

// A position symmetry: cell (row i, column j) of the image takes the cell (rows[i], cols[j]) of
// the grid, transposed first when `transpose`.
struct Symmetry {
  bool transpose = false;
  std::vector<int> rows;  // size() entries, a permutation of 0..size()-1
  std::vector<int> cols;  // likewise
};

// A shape whose symmetry group is too large to list (x and hyper on 25x25, ...), or a grid that
// ties in too many ways to search (full grids of 16x16 and larger: 256 MB of partial symmetries).
class SymmetryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Number of elements of the shape's symmetry group (digit relabellings not counted); a double,
// as 25x25 has more than 2^64.
double symmetry_count(const Geometry& geometry);
// Every symmetry of the shape, when there are at most `limit` (throws SymmetryError otherwise).
std::vector<Symmetry> symmetries(const Geometry& geometry, std::uint64_t limit = 1000000);
// A symmetry of the shape drawn uniformly.
Symmetry random_symmetry(const Geometry& geometry, std::mt19937_64& rng);

// The grid seen through a symmetry, each digit d replaced by digits[d] when `digits` is given
// (digits[0] must be 0).
Grid apply(const Geometry& geometry, const Grid& grid, const Symmetry& symmetry,
           const std::vector<std::uint8_t>& digits = {});
// A random symmetry and a random relabelling of the digits applied to a grid.
Grid random_equivalent(const Geometry& geometry, const Grid& grid, std::mt19937_64& rng);
// The grid's digits relabelled 1, 2, ... in order of first appearance in reading order.
Grid relabelled(const Geometry& geometry, const Grid& grid);

// Finds canonical forms for one shape, keeping its tables and work space between puzzles (no
// allocation once warm). Not thread-safe: one per thread.
class Canonicalizer {
 public:
  // Throws SymmetryError when the shape's group is too large to list.
  explicit Canonicalizer(const Geometry& geometry);
  ~Canonicalizer();
  Canonicalizer(Canonicalizer&&) noexcept;
  Canonicalizer& operator=(Canonicalizer&&) noexcept;

  // The canonical form of a grid of the shape into `out` (resized to the cell count); throws
  // SymmetryError for a grid that ties in too many ways.
  void canonical(const Grid& grid, Grid& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The canonical form of a grid (a Canonicalizer per shape is kept per thread).
Grid canonical_form(const Geometry& geometry, const Grid& grid);

}  // namespace sudoku
