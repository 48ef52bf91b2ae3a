#include "sudoku/io/symbols.hpp"

#include <stdexcept>
#include <vector>

namespace sudoku {
namespace {

// The order that ranges run along: 0-F is 0-9 then A-F.
constexpr std::string_view order = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

char upper(char c) noexcept {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

bool is_symbol_character(char c) noexcept {
  return order.find(upper(c)) != std::string_view::npos;
}

// The empty cells of every alphabet, where they are no symbol ('.' always is one).
constexpr std::string_view usual_blanks = ".0x-_*";

std::string quoted(char c) {
  return "'" + std::string(1, c) + "'";
}

}  // namespace

Symbols::Symbols(std::string_view characters) {
  if (characters.empty())
    throw std::invalid_argument("no symbols: name the digits 1, 2, ... in order, as 1-9 or 0-F");
  for (char c : characters) {
    if (!is_symbol_character(c))
      throw std::invalid_argument("bad symbol " + quoted(c) +
                                  ": the symbols of the digits are digits and letters");
    for (int i = 0; i < count_; ++i)
      if (upper(chars_[static_cast<std::size_t>(i)]) == upper(c))
        throw std::invalid_argument(quoted(c) +
                                    " stands for two digits (letters count in either case)");
    if (count_ == max_count)
      throw std::invalid_argument("more than " + std::to_string(max_count) + " symbols");
    chars_[count_++] = c;
  }
}

char Symbols::symbol(int size, int digit) const noexcept {
  if (is_default()) return digit_symbol(size, digit);
  if (digit <= 0) return '.';
  return digit <= count_ ? chars_[static_cast<std::size_t>(digit - 1)] : '?';
}

int Symbols::digit(int size, char c) const noexcept {
  if (is_default()) return symbol_digit(size, c);
  for (int i = 0; i < count_; ++i)
    if (upper(chars_[static_cast<std::size_t>(i)]) == upper(c)) return i + 1;
  if (usual_blanks.find(c == 'X' ? 'x' : c) != std::string_view::npos) return 0;
  return -1;
}

std::string Symbols::describe(int size) const {
  if (is_default()) {
    if (size == 25) return "A-Y";
    if (size <= 9) return size == 1 ? "1" : "1-" + std::string(1, static_cast<char>('0' + size));
    const std::string letters =
        size == 10 ? "A" : "A-" + std::string(1, static_cast<char>('A' + size - 10));
    return "1-9 and " + letters;
  }
  // Runs of symbols that follow each other in `order`, digits and letters apart.
  std::vector<std::string> runs;
  for (int i = 0; i < count_;) {
    int j = i + 1;
    const auto at = [&](int k) { return order.find(upper(chars_[static_cast<std::size_t>(k)])); };
    const bool digits = at(i) < 10;
    while (j < count_ && at(j) == at(j - 1) + 1 && (at(j) < 10) == digits) ++j;
    std::string run(1, chars_[static_cast<std::size_t>(i)]);
    if (j - i >= 3) run += "-";
    if (j - i >= 3) run += chars_[static_cast<std::size_t>(j - 1)];
    if (j - i == 2) run += chars_[static_cast<std::size_t>(j - 1)];
    runs.push_back(run);
    i = j;
  }
  std::string text;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    if (k > 0) text += k + 1 == runs.size() ? " and " : ", ";
    text += runs[k];
  }
  return text;
}

std::string Symbols::describe_blanks(int size) const {
  return digit(size, '0') == 0 ? "'.' or '0'" : "'.'";
}

Symbols parse_symbols(std::string_view text) {
  std::string spec = "'";
  spec.append(text);
  spec += '\'';
  if (text.empty())
    throw std::invalid_argument(
        "no symbols: name the digits 1, 2, ... in order, with ranges such as 1-9, 1-9A-G, 0-F, "
        "A-P or A-Y");
  std::string characters;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char first = text[i];
    if (first == '-')
      throw std::invalid_argument("bad symbols " + spec +
                                  ": a range needs a symbol at each end, as in 1-9 or A-P");
    if (!is_symbol_character(first))
      throw std::invalid_argument("bad symbol " + quoted(first) + " in " + spec +
                                  ": the symbols of the digits are digits and letters, as in "
                                  "1-9A-G, 0-F or A-P");
    if (i + 1 >= text.size() || text[i + 1] != '-') {
      characters += first;
      continue;
    }
    if (i + 2 >= text.size() || !is_symbol_character(text[i + 2]))
      throw std::invalid_argument("bad symbols " + spec +
                                  ": a range needs a symbol at each end, as in 1-9 or A-P");
    const char last = text[i + 2];
    const std::size_t from = order.find(upper(first)), to = order.find(upper(last));
    if (to < from)
      throw std::invalid_argument("bad range " + std::string(text.substr(i, 3)) + " in " + spec +
                                  ": ranges run along 0-9 then A-Z, as in 0-F or A-P");
    // Letters take the case of the range's ends: a-p is written in lower case.
    const bool lower = (last >= 'a' && last <= 'z') || (first >= 'a' && first <= 'z');
    for (std::size_t k = from; k <= to; ++k) {
      const char c = order[k];
      characters += lower && c >= 'A' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    i += 2;
  }
  try {
    return Symbols(characters);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("bad symbols " + spec + ": " + e.what());
  }
}

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
