// Spaces as empty cells (ReaderOptions::blank = ' '): rows whose cells sit in fixed columns,
// decoded when the grid is whole, and one-line puzzles whose missing end is empty cells.
#include "io/reader_state.hpp"

namespace sudoku {

using namespace reading;

// A line read with spaces as empty cells: a row of the grid being read, the first row of a new
// one, or a one-line puzzle.
std::optional<Record> PuzzleReader::Impl::blank_line(std::string_view text, std::size_t number) {
  if (skip_rows > 0) {  // the rest of a region map that failed
    --skip_rows;
    return std::nullopt;
  }
  const int n = blank_size();
  const auto row_width = static_cast<std::size_t>(2 * n - 1);
  std::size_t width = 0;  // cells up to the last that is no space
  for (std::size_t i = 0, w = 0; i < text.size(); ++i) {
    if (is_box_character(text[i])) continue;
    ++w;
    if (text[i] != ' ') width = w;
  }
  if (grid_size > 0 && width > row_width) {
    pending = true;
    return truncated("before the one-line puzzle at line " + std::to_string(number));
  }
  if (grid_size == 0 && width > row_width) {
    // A one-line puzzle: N*N cells, those a short line lacks empty, then text set apart.
    const auto need = static_cast<std::size_t>(n * n);
    const SymbolTable& symbols = table(n);
    givens.assign(need, 0);
    cells.assign(need, Location{});
    solution.clear();
    std::size_t k = 0, i = 0;
    for (; i < text.size() && k < need; ++i) {
      if (is_box_character(text[i])) continue;
      const int d = symbols[static_cast<unsigned char>(text[i])];
      if (d < 0) return error(bad_character(text, i, number, n));
      givens[k] = static_cast<std::uint8_t>(d);
      cells[k++] = Location{number, i + 1};
    }
    while (i < text.size() && is_box_character(text[i])) ++i;
    if (i < text.size() && !is_separator(text[i]))
      return error(FormatError(FormatErrorKind::wrong_length, number, i + 1,
                               "this line has " + std::to_string(width) +
                                   " cells, with spaces as empty cells; a one-line " +
                                   size_name(n) + " puzzle has " + std::to_string(need) +
                                   ", and text after its cells must be set apart by a space, "
                                   "tab, ',', ';', '#' or ':'"));
    for (std::size_t j = k; j < need; ++j)
      cells[j] = Location{number, (k > 0 ? cells[k - 1].column : 0) + 1 + (j - k)};
    return finish(number, n);
  }
  if (grid_size == 0) {
    grid_size = n;
    rows = 0;
    grid_line = number;
    row_texts.clear();
    row_numbers.clear();
    cells.clear();
  }
  row_texts.emplace_back(text);
  row_numbers.push_back(number);
  if (++rows < grid_size) return std::nullopt;
  grid_size = 0;
  rows = 0;
  return blank_grid();
}

// Decodes the rows of a grid read with spaces as empty cells: one cell per character, or, when
// a row is wider than N characters, a space between cells.
std::optional<Record> PuzzleReader::Impl::blank_grid() {
  const int n = blank_size();
  const auto un = static_cast<std::size_t>(n);
  // The columns of each row's characters that are cells (box characters left out), up to its
  // last that is no space.
  std::vector<std::vector<std::size_t>> at(row_texts.size());
  bool spaced = false;
  for (std::size_t r = 0; r < row_texts.size(); ++r) {
    const std::string& text = row_texts[r];
    std::size_t keep = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (is_box_character(text[i])) continue;
      at[r].push_back(i);
      if (text[i] != ' ') keep = at[r].size();
    }
    at[r].resize(keep);
    spaced = spaced || keep > un;
  }
  const SymbolTable& symbols = table(n);
  givens.assign(un * un, 0);
  cells.assign(un * un, Location{});
  solution.clear();
  for (std::size_t r = 0; r < at.size(); ++r) {
    const std::string_view text = row_texts[r];
    const std::size_t number = row_numbers[r];
    const std::vector<std::size_t>& columns = at[r];
    const std::size_t step = spaced ? 2 : 1;
    // No row is wider than 2N-1 (a wider line is a one-line puzzle), nor than N unless spaced.
    for (std::size_t c = 0; c < un; ++c) {
      const std::size_t k = c * step;
      std::size_t column = 0;
      if (k < columns.size()) {
        const std::size_t i = columns[k];
        const int d = symbols[static_cast<unsigned char>(text[i])];
        if (d < 0) return error(bad_character(text, i, number, n));
        givens[r * un + c] = static_cast<std::uint8_t>(d);
        column = i + 1;
      } else {
        column = (columns.empty() ? 0 : columns.back() + 1) + 1 + (k - columns.size());
      }
      cells[r * un + c] = Location{number, column};
      if (spaced && k + 1 < columns.size() && text[columns[k + 1]] != ' ')
        return error(FormatError(FormatErrorKind::bad_character, number, columns[k + 1] + 1,
                                 "a row of this grid is wider than " + std::to_string(n) +
                                     " characters, so a space stands between cells; here is " +
                                     shown(text, columns[k + 1]) + " instead"));
    }
  }
  return finish(row_numbers.front(), n);
}

}  // namespace sudoku
