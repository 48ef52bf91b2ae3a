// CSV: the header line that names the columns, and the `puzzle,solution` records after it.
#include <algorithm>
#include <cctype>

#include "io/reader_state.hpp"

namespace sudoku {

using namespace reading;

namespace {

// One CSV header field, trimmed and in lower case; empty when it is not a word.
std::string header_field(std::string_view field) {
  std::size_t b = 0, e = field.size();
  while (b < e && (is_space(field[b]) || field[b] == '"')) ++b;
  while (e > b && (is_space(field[e - 1]) || field[e - 1] == '"')) --e;
  std::string word;
  for (std::size_t i = b; i < e; ++i) {
    const auto c = static_cast<unsigned char>(field[i]);
    if (!std::isalnum(c) && c != '_' && c != ' ' && c != '-') return {};
    word += static_cast<char>(std::tolower(c));
  }
  return word;
}

// The bounds of field `column` (0-based) of a CSV line, whitespace trimmed; nothing when the line
// has fewer fields.
std::optional<std::pair<std::size_t, std::size_t>> csv_field(std::string_view text, int column) {
  std::size_t b = 0;
  for (int k = 0; k < column; ++k) {
    const std::size_t comma = text.find(',', b);
    if (comma == std::string_view::npos) return std::nullopt;
    b = comma + 1;
  }
  std::size_t e = std::min(text.find(',', b), text.size());
  while (b < e && is_space(text[b])) ++b;
  while (e > b && is_space(text[e - 1])) --e;
  return std::pair{b, e};
}

}  // namespace

std::optional<std::pair<int, int>> reading::csv_header(std::string_view text) {
  if (text.find(',') == std::string_view::npos) return std::nullopt;
  int puzzle = -1, solution = -1, column = 0;
  for (std::size_t b = 0;; ++column) {
    const std::size_t e = std::min(text.find(',', b), text.size());
    const std::string word = header_field(text.substr(b, e - b));
    if (word.empty()) return std::nullopt;
    if (puzzle < 0 &&
        (word == "quizzes" || word == "quiz" || word == "puzzle" || word == "puzzles"))
      puzzle = column;
    if (solution < 0 && (word == "solutions" || word == "solution")) solution = column;
    if (e == text.size()) break;
    b = e + 1;
  }
  if (puzzle < 0) return std::nullopt;
  return std::pair{puzzle, solution};
}

// Reads the solution in text[from, to) (whitespace around it ignored) into `solution`. Unless
// `always`, a field that is not made of at least N cells is text after the puzzle, not read.
std::optional<FormatError> PuzzleReader::Impl::read_solution(std::string_view text,
                                                             std::size_t from, std::size_t to,
                                                             std::size_t number, int size,
                                                             bool always) {
  while (from < to && is_space(text[from])) ++from;
  while (to > from && is_space(text[to - 1])) --to;
  if (from == to) return std::nullopt;
  const SymbolTable& symbols = table(size);
  const auto n = static_cast<std::size_t>(size);
  if (!always) {
    if (to - from < n) return std::nullopt;
    for (std::size_t i = from; i < to; ++i)
      if (symbols[static_cast<unsigned char>(text[i])] < 0) return std::nullopt;
  }
  const std::size_t need = n * n;
  std::size_t k = 0;
  solution.assign(need, 0);
  for (std::size_t i = from; i < to; ++i) {
    const int d = symbols[static_cast<unsigned char>(text[i])];
    if (d == 0)
      return FormatError(FormatErrorKind::bad_solution, number, i + 1,
                         "the solution has an empty cell (" + shown(text, i) +
                             "); a solution fills every cell of its " + size_name(size) +
                             " grid with " + options.symbols.describe(size));
    if (d < 0)
      return FormatError(FormatErrorKind::bad_solution, number, i + 1,
                         "bad character " + shown(text, i) + " in the solution: a " +
                             size_name(size) + " grid holds " + options.symbols.describe(size));
    if (k == need)
      return FormatError(FormatErrorKind::bad_solution, number, i + 1,
                         "the solution has " + std::to_string(to - from) + " cells; a " +
                             size_name(size) + " grid has " + std::to_string(need));
    solution[k++] = static_cast<std::uint8_t>(d);
  }
  if (k < need) {
    solution.clear();
    return FormatError(FormatErrorKind::bad_solution, number, to + 1,
                       "the solution has " + std::to_string(k) + " cells; a " + size_name(size) +
                           " grid has " + std::to_string(need));
  }
  return std::nullopt;
}

// A line after a CSV header: the puzzle field, on one line, and the solution field.
std::optional<Record> PuzzleReader::Impl::csv_record(std::string_view text, std::size_t number) {
  const auto field = csv_field(text, csv_puzzle);
  if (!field)
    return error(FormatError(FormatErrorKind::wrong_length, number, text.size() + 1,
                             "this line has " +
                                 std::to_string(std::count(text.begin(), text.end(), ',') + 1) +
                                 (text.find(',') == std::string_view::npos ? " field" : " fields") +
                                 "; the CSV header at line " + std::to_string(csv_line) +
                                 " puts the puzzle in field " + std::to_string(csv_puzzle + 1)));
  const auto [from, to] = *field;
  const std::string_view puzzle = text.substr(0, to);
  std::size_t count = 0;
  for (std::size_t i = from; i < to; ++i) count += counts_as_cell(text[i]) ? 1 : 0;
  int size = told_size;
  if (size == 0) size = one_line_size(count);
  if (size == 0 || count != static_cast<std::size_t>(size * size)) {
    const int n = size > 0 ? size : one_line_size_above(count);
    const std::size_t column =
        count == 0 ? from + 1 : nth_cell(puzzle.substr(from), count) + from + 2;
    return error(FormatError(FormatErrorKind::wrong_length, number, column,
                             "this puzzle has " + std::to_string(count) + " cells; a one-line " +
                                 size_name(n) + " puzzle has " + std::to_string(n * n)));
  }
  const auto cells_count = static_cast<std::size_t>(size * size);
  givens.assign(cells_count, 0);
  cells.assign(cells_count, Location{});
  solution.clear();
  try {
    read_cells(puzzle, from, number, size, 0, cells_count);
  } catch (const FormatError& e) {
    return error(e);
  }
  if (csv_solution >= 0)
    if (const auto s = csv_field(text, csv_solution))
      if (auto e = read_solution(text, s->first, s->second, number, size, true)) return error(*e);
  return finish(number, size);
}

}  // namespace sudoku
