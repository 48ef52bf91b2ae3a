#include "io/characters.hpp"

namespace sudoku::reading {

std::string shown(std::string_view line, std::size_t pos) {
  const auto byte = static_cast<unsigned char>(line[pos]);
  // Built by appending: GCC 12 warns of an overlap (-Wrestrict) in "'" + std::string + "'".
  std::string quoted = "'";
  if (byte >= 0x20 && byte < 0x7F) return quoted.append(1, line[pos]).append(1, '\'');
  if (byte >= 0xC0 && byte < 0xF8) {
    std::size_t len = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
    if (pos + len <= line.size()) {
      bool valid = true;
      for (std::size_t i = 1; i < len; ++i)
        valid = valid && (static_cast<unsigned char>(line[pos + i]) & 0xC0) == 0x80;
      if (valid) return quoted.append(line.substr(pos, len)).append(1, '\'');
    }
  }
  constexpr std::string_view hex = "0123456789ABCDEF";
  std::string code = "byte 0x";
  code += hex[byte >> 4];
  code += hex[byte & 0xF];
  return code;
}

FormatError too_long_error(std::size_t line, std::size_t limit) {
  return FormatError(FormatErrorKind::line_too_long, line, limit + 1,
                     "line is longer than the limit of " + std::to_string(limit) + " bytes");
}

const SymbolTable& symbol_table(int size) {
  static const auto tables = [] {
    std::array<SymbolTable, largest_text_size + 1> all{};
    for (int n = 0; n <= largest_text_size; ++n)
      for (int c = 0; c < 256; ++c)
        all[static_cast<std::size_t>(n)][static_cast<std::size_t>(c)] = static_cast<std::int8_t>(
            is_ignored(static_cast<char>(c)) ? -2 : symbol_digit(n, static_cast<char>(c)));
    return all;
  }();
  return tables[static_cast<std::size_t>(std::clamp(size, 0, largest_text_size))];
}

}  // namespace sudoku::reading
