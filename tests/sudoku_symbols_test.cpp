// The alphabets of the digits: the default one (1-9 then letters, A-Y for 25x25), alphabets of
// their own read from ranges, and their empty cells.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "sudoku/io/symbols.hpp"

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
  // The default Symbols object is the same alphabet.
  const sudoku::Symbols standard;
  EXPECT_TRUE(standard.is_default());
  EXPECT_EQ(standard.count(), 0);
  for (int size : {4, 9, 16, 25})
    for (int d = 0; d <= size; ++d) {
      EXPECT_EQ(standard.symbol(size, d), sudoku::digit_symbol(size, d));
      EXPECT_EQ(standard.digit(size, sudoku::digit_symbol(size, d)), d);
    }
  EXPECT_EQ(standard.describe(9), "1-9");
  EXPECT_EQ(standard.describe(16), "1-9 and A-G");
  EXPECT_EQ(standard.describe(25), "A-Y");
  EXPECT_EQ(standard.describe_blanks(9), "'.' or '0'");
}

TEST(Symbols, RangesAsSitesWriteThem) {
  EXPECT_EQ(sudoku::parse_symbols("1-9A-G").characters(), "123456789ABCDEFG");
  EXPECT_EQ(sudoku::parse_symbols("0-F").characters(), "0123456789ABCDEF");
  EXPECT_EQ(sudoku::parse_symbols("A-P").characters(), "ABCDEFGHIJKLMNOP");
  EXPECT_EQ(sudoku::parse_symbols("A-Y").count(), 25);
  EXPECT_EQ(sudoku::parse_symbols("1-9").characters(), "123456789");
  EXPECT_EQ(sudoku::parse_symbols("1-9A-C").characters(), "123456789ABC");
  EXPECT_EQ(sudoku::parse_symbols("1234").characters(), "1234");
  EXPECT_EQ(sudoku::parse_symbols("a-p").characters(), "abcdefghijklmnop");
  EXPECT_EQ(sudoku::parse_symbols("0-F").describe(16), "0-9 and A-F");
  EXPECT_EQ(sudoku::parse_symbols("A-P").describe(16), "A-P");
  EXPECT_EQ(sudoku::parse_symbols("1-9A-C").describe(12), "1-9 and A-C");
  EXPECT_EQ(sudoku::parse_symbols("12A").describe(3), "12 and A");
  EXPECT_EQ(sudoku::parse_symbols("0-F"), sudoku::Symbols("0123456789ABCDEF"));
}

TEST(Symbols, DigitsAndEmptyCellsOfAnAlphabet) {
  // 0-F: '0' is the digit 1 and F the digit 16; '.' is an empty cell, and so are 'x', '-', '_'
  // and '*', which are no symbols.
  const sudoku::Symbols hex = sudoku::parse_symbols("0-F");
  EXPECT_EQ(hex.digit(16, '0'), 1);
  EXPECT_EQ(hex.digit(16, '9'), 10);
  EXPECT_EQ(hex.digit(16, 'a'), 11);
  EXPECT_EQ(hex.digit(16, 'F'), 16);
  EXPECT_EQ(hex.digit(16, '.'), 0);
  EXPECT_EQ(hex.digit(16, 'x'), 0);
  EXPECT_EQ(hex.digit(16, 'G'), -1);
  EXPECT_EQ(hex.symbol(16, 1), '0');
  EXPECT_EQ(hex.symbol(16, 16), 'F');
  EXPECT_EQ(hex.symbol(16, 0), '.');
  EXPECT_EQ(hex.symbol(16, 17), '?');
  EXPECT_EQ(hex.describe_blanks(16), "'.'");
  // A-Y: 'x' is the digit 24; '0' an empty cell.
  const sudoku::Symbols letters = sudoku::parse_symbols("A-Y");
  EXPECT_EQ(letters.digit(25, 'x'), 24);
  EXPECT_EQ(letters.digit(25, '0'), 0);
  EXPECT_EQ(letters.describe_blanks(25), "'.' or '0'");
  // Written as the alphabet spells them.
  EXPECT_EQ(sudoku::parse_symbols("a-p").symbol(16, 1), 'a');
  EXPECT_EQ(sudoku::parse_symbols("a-p").digit(16, 'B'), 2);
}

TEST(Symbols, BadAlphabetsSayWhy) {
  const auto message = [](const std::string& text) -> std::string {
    try {
      sudoku::parse_symbols(text);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(message(""),
            "no symbols: name the digits 1, 2, ... in order, with ranges such as 1-9, 1-9A-G, "
            "0-F, A-P or A-Y");
  EXPECT_EQ(message("F-0"),
            "bad range F-0 in 'F-0': ranges run along 0-9 then A-Z, as in 0-F or A-P");
  EXPECT_EQ(message("1-"),
            "bad symbols '1-': a range needs a symbol at each end, as in 1-9 or A-P");
  EXPECT_EQ(message("-9"),
            "bad symbols '-9': a range needs a symbol at each end, as in 1-9 or A-P");
  EXPECT_EQ(message("1-9."),
            "bad symbol '.' in '1-9.': the symbols of the digits are digits and letters, as in "
            "1-9A-G, 0-F or A-P");
  EXPECT_EQ(message("1-9A-GA"),
            "bad symbols '1-9A-GA': 'A' stands for two digits (letters count in either case)");
  EXPECT_EQ(message("A-Fa-f"),
            "bad symbols 'A-Fa-f': 'a' stands for two digits (letters count in either case)");
  EXPECT_THROW(sudoku::Symbols("12#"), std::invalid_argument);
}

}  // namespace
