#include "sudoku/symbols.hpp"

namespace sudoku {

char digit_symbol(int size, int digit) noexcept {
  if (digit <= 0) return '.';
  if (size == 25) return static_cast<char>('A' + digit - 1);
  if (digit <= 9) return static_cast<char>('0' + digit);
  if (digit <= 35) return static_cast<char>('A' + digit - 10);
  return '?';
}

int symbol_digit(int size, char symbol) noexcept {
  if (symbol == '.' || symbol == '0' || symbol == '*' || symbol == '_' || symbol == '-') return 0;
  const auto u = static_cast<unsigned char>(symbol);
  const int upper = (u >= 'a' && u <= 'z') ? u - 'a' + 'A' : u;
  if (size == 25) return (upper >= 'A' && upper <= 'Y') ? upper - 'A' + 1 : -1;
  if (upper == 'X' && size < 33) return 0;
  int digit = -1;
  if (u >= '1' && u <= '9') digit = u - '0';
  if (upper >= 'A' && upper <= 'Z') digit = upper - 'A' + 10;
  return digit >= 1 && digit <= size ? digit : -1;
}

}  // namespace sudoku
