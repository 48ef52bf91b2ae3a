// The reader's f-puzzles input (sudoku/io/reader.hpp): JSON over one or many lines, or a link on
// one; sudoku/io/fpuzzles.hpp reads them.
#include <algorithm>

#include "io/reader_state.hpp"
#include "sudoku/io/fpuzzles.hpp"

namespace sudoku {

std::optional<Record> PuzzleReader::Impl::json_line_read(std::string_view text, std::size_t) {
  if (!json_text.empty()) json_text += '\n';
  json_text += text;
  if (json_text.size() > options.max_line_length) {
    const std::size_t line = json_line;
    json_line = 0;
    json_text.clear();
    json_depth = 0;
    json_in_string = json_escape = false;
    return error(FormatError(FormatErrorKind::bad_fpuzzles, line, 1,
                             "f-puzzles JSON longer than the limit of " +
                                 std::to_string(options.max_line_length) + " bytes"));
  }
  for (const char c : text) {
    if (json_in_string) {
      if (json_escape)
        json_escape = false;
      else if (c == '\\')
        json_escape = true;
      else if (c == '"')
        json_in_string = false;
    } else if (c == '"') {
      json_in_string = true;
    } else if (c == '{' || c == '[') {
      ++json_depth;
    } else if (c == '}' || c == ']') {
      --json_depth;
    }
  }
  json_in_string = json_escape = false;  // a JSON string does not span lines
  if (json_depth > 0) return std::nullopt;
  const std::size_t line = json_line;
  std::string whole = std::move(json_text);
  json_line = 0;
  json_text.clear();
  json_depth = 0;
  json_in_string = json_escape = false;
  return fpuzzles_record(whole, line);
}

std::optional<Record> PuzzleReader::Impl::fpuzzles_record(std::string_view text, std::size_t line) {
  try {
    FPuzzle puzzle = read_fpuzzles(text);
    std::optional<Record> r(std::in_place);
    r->line = line;
    last_size = puzzle.geometry->size();
    r->geometry = std::move(puzzle.geometry);
    r->givens = std::move(puzzle.givens);
    rule_lines.clear();
    return r;
  } catch (const FPuzzlesError& e) {
    // The line and column of the value at fault, in JSON over several lines.
    const bool json =
        text.find_first_not_of(" \t") < text.size() && text[text.find_first_not_of(" \t")] == '{';
    std::size_t at_line = line, column = 1;
    if (json) {
      const std::size_t offset = std::min(e.offset(), text.size());
      const std::string_view before = text.substr(0, offset);
      at_line += static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
      const std::size_t newline = before.rfind('\n');
      column = offset - (newline == std::string_view::npos ? 0 : newline + 1) + 1;
    }
    return error(FormatError(FormatErrorKind::bad_fpuzzles, at_line, column,
                             std::string("f-puzzles: ") + e.what()));
  }
}

}  // namespace sudoku
