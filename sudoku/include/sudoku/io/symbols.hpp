// The symbols of the digits in text: which character stands for which digit of a grid.
//
// The default alphabet is the one the solving community writes: 1-9 for the digits up to 9, then
// letters (A = 10, B = 11, ...; either case), and for 25x25 the letters A-Y alone (A = 1 ...
// Y = 25); '.', '0', '*', '_', '-' and 'x' are empty cells (not 'x' in 25x25, where it is 24).
//
// An alphabet of its own names the symbols of the digits 1, 2, ... in order, for grids of as many
// digits as it has symbols: `0-F` is the hexadecimal 16x16 (0 = 1, 1 = 2, ..., F = 16), `A-P` the
// 16x16 in letters, `A-Y` the 25x25. Letters match in either case and are written as the
// alphabet spells them. Its empty cells are '.' and those of '0', 'x', '-', '_', '*' that are not
// symbols: under 0-F, '0' is a digit and '.' marks an empty cell.
//
// The reader and the writers both go through it, so what one writes the other reads.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace sudoku {

// An alphabet of digit symbols: the default one, or one of its own (see above).
class Symbols {
 public:
  // The most symbols an alphabet has: the digits 0-9 and the letters A-Z.
  static constexpr int max_count = 36;

  // The default alphabet, for every size.
  constexpr Symbols() noexcept = default;
  // An alphabet of its own: characters[i] stands for the digit i + 1. Throws
  // std::invalid_argument for a character that is no digit or letter, or one given twice.
  explicit Symbols(std::string_view characters);

  // True for the default alphabet.
  bool is_default() const noexcept { return count_ == 0; }
  // How many digits the alphabet names, which is the size of its grids; 0 for the default.
  int count() const noexcept { return count_; }
  // The symbols in digit order ("" for the default).
  std::string_view characters() const noexcept {
    return {chars_.data(), static_cast<std::size_t>(count_)};
  }

  // The symbol of a digit in a grid of `size`: '.' for 0, '?' for a digit it has no symbol for.
  char symbol(int size, int digit) const noexcept;
  // The digit a character stands for in a grid of `size`: 0 for an empty cell, -1 for none.
  int digit(int size, char c) const noexcept;
  // The symbols for a message: "1-9", "1-9 and A-G", "0-9 and A-F", "A-Y".
  std::string describe(int size) const;
  // The empty-cell characters for a message: "'.' or '0'", or "'.'" when '0' is a digit.
  std::string describe_blanks(int size) const;

  friend bool operator==(const Symbols&, const Symbols&) = default;

 private:
  std::array<char, max_count> chars_{};
  std::uint8_t count_ = 0;
};

// Reads an alphabet from single symbols and ranges along 0-9 then A-Z: "1-9A-G", "0-F", "A-P",
// "A-Y", "1-9", "123456789ABC". Throws std::invalid_argument with a message for the user.
Symbols parse_symbols(std::string_view text);

// The symbol of a digit in the default alphabet for a grid of `size` (0 gives '.').
char digit_symbol(int size, int digit) noexcept;
// The digit a symbol stands for in the default alphabet for a grid of `size`: 0 for an empty
// cell, -1 for none.
int symbol_digit(int size, char symbol) noexcept;

}  // namespace sudoku
