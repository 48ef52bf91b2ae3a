// The default alphabet of the digits: 1-9 then letters, A-Y for 25x25, blanks.
#include <gtest/gtest.h>

#include "sudoku/symbols.hpp"

namespace {

TEST(Symbols, DefaultAlphabet) {
  // 25x25: A = 1 ... Y = 25, and 'x' is the digit 24 there.
  EXPECT_EQ(sudoku::symbol_digit(25, 'A'), 1);
  EXPECT_EQ(sudoku::symbol_digit(25, 'x'), 24);
  EXPECT_EQ(sudoku::symbol_digit(25, 'Y'), 25);
  EXPECT_EQ(sudoku::symbol_digit(25, '1'), -1);
  EXPECT_EQ(sudoku::symbol_digit(9, 'x'), 0);
  EXPECT_EQ(sudoku::symbol_digit(16, 'g'), 16);
  EXPECT_EQ(sudoku::symbol_digit(12, 'D'), -1);
  EXPECT_EQ(sudoku::digit_symbol(25, 24), 'X');
  EXPECT_EQ(sudoku::digit_symbol(16, 10), 'A');
  EXPECT_EQ(sudoku::digit_symbol(9, 0), '.');
}

}  // namespace
