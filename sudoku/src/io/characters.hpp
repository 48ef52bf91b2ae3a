// What the reader's files share about the characters of a line: which are ignored, which count
// as cells, which end a puzzle, and the sizes a line of cells can tell. Internal to the library.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sudoku/io/reader.hpp"

namespace sudoku::reading {

// The sizes the reader tells from the input alone.
inline constexpr std::array<int, 6> known_sizes = {4, 6, 9, 12, 16, 25};

constexpr bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// Characters ignored inside a line: whitespace, box separators, the pretty writer's markers.
constexpr bool ignored_character(char c) noexcept {
  switch (c) {
    case '|':
    case '+':
    case '[':
    case ']':
    case '(':
    case ')':
    case '{':
    case '}':
      return true;
    default:
      return is_space(c);
  }
}

// The same as a table: the readers test every character of every line.
inline constexpr auto ignored_table = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[static_cast<std::size_t>(c)] = ignored_character(static_cast<char>(c));
  return table;
}();

inline bool is_ignored(char c) noexcept {
  return ignored_table[static_cast<unsigned char>(c)];
}

// How the counts of a line take each character: 0 a cell, 1 ignored (it ends a run of cells), 2
// the continuation byte of a UTF-8 sequence, which counts with the byte that starts it (so that
// a line with an 'é' is a line with a bad character, not one with a cell too many).
inline constexpr auto count_table = [] {
  std::array<std::uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[static_cast<std::size_t>(c)] = ignored_character(static_cast<char>(c)) ? 1
                                         : (c & 0xC0) == 0x80                    ? 2
                                                                                 : 0;
  return table;
}();

inline int count_class(char c) noexcept {
  return count_table[static_cast<unsigned char>(c)];
}

// True for a character that counts as a cell (it may still be a bad one).
inline bool counts_as_cell(char c) noexcept {
  return count_class(c) == 0;
}

// Characters a border line may be made of.
inline bool is_border(char c) noexcept {
  return c == '-' || c == '+' || c == '|' || c == '=' || c == '*' || is_space(c);
}

inline bool is_known_size(int n) noexcept {
  return std::find(known_sizes.begin(), known_sizes.end(), n) != known_sizes.end();
}

// The size whose one-line puzzle has exactly `cells` cells, or 0.
inline int one_line_size(std::size_t cells) noexcept {
  for (int n : known_sizes)
    if (cells == static_cast<std::size_t>(n * n)) return n;
  return 0;
}

inline std::string size_name(int n) {
  return std::to_string(n) + "x" + std::to_string(n);
}

// The end of the ANSI CSI sequence (ESC '[', parameter and intermediate bytes, a final byte from
// '@' to '~') that starts at `pos`, or `pos` when none does.
inline std::size_t escape_end(std::string_view text, std::size_t pos) noexcept {
  if (pos + 1 >= text.size() || text[pos] != '\x1b' || text[pos + 1] != '[') return pos;
  for (std::size_t i = pos + 2; i < text.size(); ++i) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u >= 0x40 && u <= 0x7E) return i + 1;
    if (u < 0x20 || u > 0x3F) return pos;
  }
  return pos;
}

// The character at `pos` for a message: 'z', 'é' (a whole UTF-8 sequence), or "byte 0x07".
std::string shown(std::string_view line, std::size_t pos);

FormatError too_long_error(std::size_t line, std::size_t limit);

inline std::size_t first_non_space(std::string_view text, std::size_t from = 0) {
  while (from < text.size() && is_space(text[from])) ++from;
  return from;
}

// symbol_digit() for every size a text grid can have and every character, as tables, with -2 for
// the characters a line ignores: the cells of every puzzle read go through it.
inline constexpr int largest_text_size = 64;
using SymbolTable = std::array<std::int8_t, 256>;
const SymbolTable& symbol_table(int size);

// What may set text apart from the one-line puzzle before it: a blank, or a character no
// alphabet holds.
constexpr bool is_hard_separator(char c) noexcept {
  return c == ',' || c == ';' || c == '#' || c == ':';
}
constexpr bool is_separator(char c) noexcept {
  return is_space(c) || is_hard_separator(c);
}

// Characters a line ignores that are no blank: the box separators and the pretty writer's
// markers (with spaces as empty cells, these alone are not cells).
inline bool is_box_character(char c) noexcept {
  return is_ignored(c) && !is_space(c);
}

// The smallest one-line size of at least `cells` cells (25 above them all).
inline int one_line_size_above(std::size_t cells) noexcept {
  for (int n : known_sizes)
    if (static_cast<std::size_t>(n * n) >= cells) return n;
  return known_sizes.back();
}

}  // namespace sudoku::reading
