// The symbols of the digits in text: which character stands for which digit of a grid.
//
// The default alphabet is the one the solving community writes: 1-9 for the digits up to 9, then
// letters (A = 10, B = 11, ...; either case), and for 25x25 the letters A-Y alone (A = 1 ...
// Y = 25). The reader and the writers both go through it, so what one writes the other reads.
#pragma once

namespace sudoku {

// The symbol of a digit in a grid of `size` (0 gives '.'): 1-9 then A, B, ...; A-Y for 25x25.
char digit_symbol(int size, int digit) noexcept;
// The digit a symbol stands for in a grid of `size`: 0 for an empty cell, -1 for none.
int symbol_digit(int size, char symbol) noexcept;

}  // namespace sudoku
