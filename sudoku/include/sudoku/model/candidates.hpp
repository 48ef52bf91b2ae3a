// Candidates of every cell as bitmasks, and the fast propagation of singles that runs before
// the exact-cover search.
#pragma once

#include <cstdint>
#include <vector>

#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

// A set of digits: bit d-1 stands for digit d.
using Mask = std::uint64_t;

// The number of digits in a set (without relying on a popcount instruction, which the default
// x86-64 target lacks).
constexpr int count_of(Mask m) noexcept {
  m = m - ((m >> 1) & 0x5555555555555555ULL);
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
  m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((m * 0x0101010101010101ULL) >> 56);
}

// The bit of one digit.
constexpr Mask digit_bit(int digit) noexcept {
  return Mask{1} << (digit - 1);
}

// What each cell may still hold, for one geometry; reused from puzzle to puzzle.
class Candidates {
 public:
  explicit Candidates(const Geometry& geometry);

  // Starts from a grid: givens placed, their digits removed from their peers (the singles this
  // leaves are queued for propagate_singles(), not placed). Returns false when two givens clash.
  bool reset(const Grid& givens);
  // Places a digit (it must be a candidate) and removes it from the peers, placing every naked
  // single that appears on the way. Returns false on a contradiction.
  bool place(int cell, int digit);
  // Places a digit and removes it from the peers, nothing more (no cascade): the move of one
  // explained step. Returns false when the digit is no candidate of the cell.
  bool assign(int cell, int digit);
  // Removes a candidate; returns true when it was one. A cell left with one candidate is queued
  // for propagate_singles().
  bool eliminate(int cell, int digit) {
    Mask& m = masks_[static_cast<std::size_t>(cell)];
    if ((m & digit_bit(digit)) == 0) return false;
    m &= ~digit_bit(digit);
    if (m != 0 && (m & (m - 1)) == 0) queue_[queued_++] = cell;
    boards_[static_cast<std::size_t>((digit - 1) * words_ + (cell >> 6))] &=
        ~(std::uint64_t{1} << (cell & 63));
    return true;
  }
  // Naked singles (a cell with one candidate) and hidden singles (a digit with one place in a
  // house) until neither applies. Returns false on a contradiction.
  bool propagate_singles();

  // The candidates of a cell (one bit once the cell is placed); none for cell_count().
  Mask mask(int cell) const noexcept { return masks_[static_cast<std::size_t>(cell)]; }
  // The digits placed in a house (no open cell of the house has one of them as a candidate).
  Mask placed(int house) const noexcept { return placed_[static_cast<std::size_t>(house)]; }
  // The digit placed in a cell, 0 when none.
  int value(int cell) const noexcept { return values_[static_cast<std::size_t>(cell)]; }
  // Every digit of the grid's size.
  Mask all() const noexcept { return all_; }
  // True when every cell holds a digit.
  bool solved() const noexcept { return open_ == 0; }
  // The placed digits as a grid (0 where none).
  const Grid& grid() const noexcept { return values_; }
  // Whether `other` has the same digits and candidates in every cell.
  bool same_marks(const Candidates& other) const noexcept {
    return values_ == other.values_ && masks_ == other.masks_;
  }
  // The geometry.
  const Geometry& geometry() const noexcept { return *geometry_; }

 private:
  bool settle();                      // places the naked singles queued so far
  void mark_placed(int cell);         // records the digit of a newly placed cell in its houses
  void leave(int cell, Mask digits);  // takes the cell from the boards of those digits
  void push(int cell);                // queues a cell outside the hot paths (see queue_)

  const Geometry* geometry_;
  Mask all_ = 0;
  std::vector<Mask> masks_;
  // Per digit, the cells that have it as a candidate (placed ones included), as bits
  // (Geometry::cell_words() words per digit): placing a digit visits only the peers that hold it.
  // reset() builds them in seen_ (per digit, the peers of its givens) and open_cells_, kept here
  // so that it allocates nothing; every_cell_ has a bit for each cell.
  int words_ = 0;
  std::vector<std::uint64_t> boards_, seen_, open_cells_, every_cell_;
  Grid values_;
  int open_ = 0;
  // Per house, the digits placed in it: lets the hidden-single sweep treat placed and open
  // cells alike, without a test per cell.
  std::vector<Mask> placed_;
  // Cells whose mask became a single digit, not placed yet. A cell enters when its mask first
  // becomes a single digit (masks only shrink), so the hot paths queue without a check; the
  // other ways in (push) keep room for that.
  std::vector<int> queue_;
  int queued_ = 0;
  // How the hidden-single sweep reads the houses' masks, in runs of consecutive houses read
  // alike (one loop each, no choice per house): the cells of a rectangle (rows, boxes, windows)
  // are lines of adjacent masks, read without an index; two adjacent columns are read together,
  // one per half of a vector register; other houses through their cell lists.
  struct Run {
    enum Kind : std::uint8_t { listed, rectangles, column_pairs } kind = listed;
    int rows = 0, cols = 0;  // of each rectangle
    int first = 0, end = 0;  // its houses
  };
  bool place_hidden(int house, Mask hidden);  // places a house's hidden singles (see runs_)
  std::vector<Run> runs_;
  std::vector<int> corner_;  // per house, its top left cell (rectangles, column pairs)
};

}  // namespace sudoku
