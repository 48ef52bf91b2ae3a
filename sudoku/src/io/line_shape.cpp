#include "io/line_shape.hpp"

#include "io/characters.hpp"
#include "io/reader_state.hpp"

namespace sudoku {
namespace reading {

const std::string spaces_hint = "if spaces are empty cells, use --blank ' '";

LineShape shape_of(std::string_view text) {
  LineShape s;
  bool started = false, in_lead = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (count_class(c) == 2) continue;
    const bool cell = counts_as_cell(c) && !is_hard_separator(c);
    if (started && c == ' ') s.spaced = true;
    if (is_hard_separator(c) && !s.hard) s.hard = true;
    if (cell && !s.hard) ++s.before_hard;
    if (!started && !cell && is_ignored(c)) continue;
    started = true;
    if (in_lead) {
      if (cell) {
        ++s.lead;
      } else {
        in_lead = false;
        s.lead_end = i;
      }
    }
  }
  return s;
}

std::size_t nth_cell(std::string_view text, std::size_t k) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (counts_as_cell(text[i]) && --k == 0) return i;
  return text.size();
}

bool uneven_row(std::string_view text, int size) {
  const int box_cols = size == 4 ? 2 : size == 6 ? 3 : size;
  int within = -1, between = -1, k = 0;
  std::size_t last = std::string_view::npos;
  bool border = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (count_class(text[i]) == 2) continue;
    if (is_ignored(text[i])) {
      border = border || is_box_character(text[i]);
      continue;
    }
    if (last != std::string_view::npos && !border) {
      const int gap = static_cast<int>(i - last - 1);
      int& expected = k % box_cols == 0 ? between : within;
      if (expected < 0) expected = gap;
      if (expected != gap) return true;
    }
    last = i;
    border = false;
    ++k;
  }
  if (within >= 0 && between >= 0 && (between < within || between > within + 2)) return true;
  return false;
}

void count_characters(std::string_view text, std::size_t& count, std::size_t& run) {
  count = run = 0;
  bool in_run = true, started = false;
  for (char c : text) {
    const int k = count_class(c);
    if (k == 2) continue;
    if (k == 1) {
      if (started) in_run = false;
      continue;
    }
    started = true;
    ++count;
    if (in_run) ++run;
  }
}

}  // namespace reading

using namespace reading;

// Why a line (outside a grid) is neither a one-line puzzle nor a row: its cells make no whole
// grid of the size it would be.
FormatError PuzzleReader::Impl::line_error(std::string_view text, std::size_t number,
                                           std::size_t count, std::size_t run) const {
  const LineShape shape = shape_of(text);
  const std::string has = "this line has " + std::to_string(count) + " cells";
  // Spaces may stand for empty cells when they break the line into runs shorter than a row.
  const auto spaced = [&](int n) { return shape.spaced && run < static_cast<std::size_t>(n); };
  const auto hint = [&](int n) { return spaced(n) ? "; " + spaces_hint : std::string(); };
  // A puzzle written with spaces between its cells cannot be told from what follows by a space.
  const std::string apart =
      shape.lead < 16 ? ", and text after a puzzle written with spaces must follow a ',', ';', "
                        "'#' or ':'"
                      : ", and text after its cells must be set apart by a space, tab, ',', "
                        "';', '#' or ':'";
  const auto after = [&](std::size_t k) { return nth_cell(text, k) + 1; };
  if (told_size > 0) {
    const int n = told_size;
    const auto need = static_cast<std::size_t>(n * n);
    if (count < need)
      return FormatError(FormatErrorKind::wrong_length, number, after(count) + 1,
                         has + (spaced(n) ? " and spaces" : "") + "; a " + size_name(n) +
                             " puzzle needs " + std::to_string(need) + " on one line, or rows of " +
                             std::to_string(n) + hint(n));
    return FormatError(
        FormatErrorKind::wrong_length, number, after(need + 1),
        has + "; a one-line " + size_name(n) + " puzzle has " + std::to_string(need) + apart);
  }
  if (run <= 16 && count <= 25) {
    if (shape.spaced)
      return FormatError(FormatErrorKind::wrong_length, number, after(count) + 1,
                         has + " and spaces; " + spaces_hint);
    return FormatError(FormatErrorKind::wrong_length, number, after(count) + 1,
                       has +
                           ": neither a one-line puzzle (16, 36, 81, 144, 256 or 625 cells) nor "
                           "a row of a grid (4, 6, 9, 12, 16 or 25 cells)");
  }
  // Near a candidate line's N*N*N cells: a candidate line with cells missing or too many.
  for (int n : known_sizes) {
    if (n == 4) continue;  // near 64 cells lies the one-line 9x9 puzzle
    const auto cube = static_cast<std::size_t>(n * n * n);
    if (count + static_cast<std::size_t>(n * n) > cube &&
        count < cube + static_cast<std::size_t>(n))
      return FormatError(
          FormatErrorKind::wrong_length, number, count < cube ? after(count) + 1 : after(cube + 1),
          has + "; a candidate line of a " + size_name(n) + " grid has " + std::to_string(cube) +
              " (" + std::to_string(n) + " a cell)" + (count < cube ? std::string() : apart));
  }
  // A first run longer than a row is the puzzle, with what follows glued to it or not.
  const std::size_t x = run > 16 ? run : count;
  const std::string cells_x = "this line has " + std::to_string(x) + " cells";
  // A few cells more than a whole grid: text glued to a puzzle.
  for (int n : known_sizes) {
    const auto sq = static_cast<std::size_t>(n * n);
    if (x > sq && x - sq < static_cast<std::size_t>(n))
      return FormatError(
          FormatErrorKind::wrong_length, number, after(sq + 1),
          cells_x + "; a one-line " + size_name(n) + " puzzle has " + std::to_string(sq) + apart);
  }
  const int n = one_line_size_above(x);
  const auto need = static_cast<std::size_t>(n * n);
  if (x > need)
    return FormatError(
        FormatErrorKind::wrong_length, number, after(need + 1),
        cells_x + "; a one-line " + size_name(n) + " puzzle has " + std::to_string(need) + apart);
  return FormatError(FormatErrorKind::wrong_length, number, after(x) + 1,
                     cells_x + (spaced(n) ? " and spaces" : "") + "; a one-line " + size_name(n) +
                         " puzzle has " + std::to_string(need) + hint(n));
}

// Why a row does not fit the grid being read.
FormatError PuzzleReader::Impl::row_error(std::string_view text, std::size_t number,
                                          std::size_t count, int size, bool first_spaced) const {
  const auto n = static_cast<std::size_t>(size);
  const bool spaced = shape_of(text).spaced;
  const std::size_t column = count < n ? nth_cell(text, count) + 2 : nth_cell(text, n + 1) + 1;
  const std::string has = "this row has " + std::to_string(count) + " cells";
  // A grid begun by a short row with spaces may be a larger grid with spaces for empty cells:
  // its size is no fact to tell the user.
  if (spaced && first_spaced)
    return FormatError(FormatErrorKind::wrong_length, number, column,
                       has + " and spaces, the first row of its grid " + std::to_string(size) +
                           "; " + spaces_hint);
  if (spaced && count < n)
    return FormatError(FormatErrorKind::wrong_length, number, column,
                       has + " and spaces; a row of a " + size_name(size) + " grid has " +
                           std::to_string(size) + "; " + spaces_hint);
  return FormatError(FormatErrorKind::wrong_length, number, column,
                     has + "; a row of a " + size_name(size) + " grid has " + std::to_string(size));
}

}  // namespace sudoku
