// Reading a samurai (#variant samurai): its five grids share one picture with holes, so its
// lines are counted against the picture, not against a square.
#include <algorithm>
#include <string>

#include "io/reader_state.hpp"
#include "sudoku/model/shapes.hpp"

namespace sudoku {

using namespace reading;

namespace {

// "row 10" of the picture has "9 cells (or 21 places)".
std::string row_shape(const Geometry& g, int row, int cells) {
  return "row " + std::to_string(row + 1) + " of a samurai of " + size_name(g.size()) +
         " grids has " + std::to_string(cells) + " cells (or " + std::to_string(g.width()) +
         " places, the holes empty)";
}

}  // namespace

// A line is the whole puzzle (its cells in reading order, or every place of the picture with
// the holes empty; text may follow after a blank) or the next row of a picture (the row's cells,
// blanks and borders between them ignored, or every place of the row).
std::optional<Record> PuzzleReader::Impl::samurai_line(std::string_view text, std::size_t number) {
  const int n = told_size > 0 ? told_size : 9;
  std::shared_ptr<const Geometry> shape;
  try {
    shape = shared_geometry(n, Variant::samurai, chess);
  } catch (const GeometryError& e) {
    return error(FormatError(FormatErrorKind::bad_geometry, number, 1, e.what()));
  }
  const Geometry& g = *shape;
  const SymbolTable& symbols = table(n);
  // With spaces as empty cells, a row whose end is spaces may have lost them: its places are
  // read with the missing end empty.
  std::string padded;
  if (options.blank == ' ' && text.size() < static_cast<std::size_t>(g.width())) {
    padded = std::string(text);
    padded.resize(static_cast<std::size_t>(g.width()), ' ');
    text = padded;
  }
  std::size_t count = 0, end = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (symbols[static_cast<unsigned char>(text[i])] != -2) {
      ++count;
      end = i + 1;
    }
  const auto cells_total = static_cast<std::size_t>(g.cell_count());
  const auto places = static_cast<std::size_t>(g.height() * g.width());
  if (skip_rows > 0) {
    if (count < cells_total) {
      --skip_rows;
      return std::nullopt;
    }
    skip_rows = 0;
  }
  // Reads `want` cells of the line into places of the picture from `first` on (`holes`: every
  // place, the holes checked empty; else cells): into givens/cells. Returns an error, if any.
  std::vector<std::uint8_t> digits;
  std::vector<Location> where;
  const auto read_places = [&](int first, std::size_t want,
                               bool holes) -> std::optional<FormatError> {
    digits.assign(want, 0);
    where.assign(want, Location{});
    if (const std::size_t bad =
            scan_cells(text, 0, symbols.data(), want, number, digits.data(), where.data());
        bad != std::string_view::npos)
      return bad_character(text, bad, number, n);
    for (std::size_t k = 0; k < want; ++k) {
      const int place = first + static_cast<int>(k);
      const int cell = holes ? g.cell_at(place / g.width(), place % g.width()) : place;
      if (cell >= 0) {
        givens[static_cast<std::size_t>(cell)] = digits[k];
        cells[static_cast<std::size_t>(cell)] = where[k];
      } else if (digits[k] != 0) {
        return FormatError(FormatErrorKind::bad_character, number, where[k].column,
                           place_name(place / g.width(), place % g.width()) +
                               " is outside the samurai's grids: leave it empty");
      }
    }
    return std::nullopt;
  };

  if (grid_size == 0 && count >= cells_total) {
    // The whole puzzle on one line; after its cells (or places), text set apart by a blank.
    const LineShape line = shape_of(text);
    std::size_t want = count == places || (count > places && line.lead == places) ? places
                       : count == cells_total || line.lead == cells_total         ? cells_total
                                                                                  : 0;
    if (want == 0)
      return error(FormatError(FormatErrorKind::wrong_length, number, end + 1,
                               "this line has " + std::to_string(count) + " cells; a samurai of " +
                                   size_name(n) + " grids has " + std::to_string(cells_total) +
                                   " (or " + std::to_string(places) + " places, the holes empty)"));
    givens.assign(cells_total, 0);
    cells.assign(cells_total, Location{});
    solution.clear();
    marks.clear();
    if (auto e = read_places(0, want, want == places)) return error(*e);
    return finish(number, n);
  }
  if (grid_size == 0) begin_grid(g.height(), cells_total, number, false, false);
  int row_cells = 0;
  for (int c = 0; c < g.width(); ++c) row_cells += g.cell_at(rows, c) >= 0 ? 1 : 0;
  const bool whole = count == static_cast<std::size_t>(g.width());
  if (count != static_cast<std::size_t>(row_cells) && !whole) {
    // A picture's row with something in a hole says so, at its column.
    for (std::size_t j = 0; j < text.size() && j < static_cast<std::size_t>(g.width()); ++j)
      if (g.cell_at(rows, static_cast<int>(j)) < 0 &&
          symbols[static_cast<unsigned char>(text[j])] > 0) {
        const int row = rows;
        abandon_grid();
        return error(FormatError(FormatErrorKind::bad_character, number, j + 1,
                                 place_name(row, static_cast<int>(j)) +
                                     " is outside the samurai's grids: leave it blank"));
      }
    const std::string what = row_shape(g, rows, row_cells);
    abandon_grid();
    return error(FormatError(FormatErrorKind::wrong_length, number, end + 1,
                             "this line has " + std::to_string(count) + " cells; " + what));
  }
  // The row's first place, or its first cell (a row's cells follow each other in reading order).
  int start = whole ? rows * g.width() : -1;
  for (int c = 0; start < 0 && c < g.width(); ++c) start = g.cell_at(rows, c);
  if (auto e = read_places(start, count, whole)) {
    abandon_grid();
    return error(*e);
  }
  if (++rows < grid_size) return std::nullopt;
  grid_size = 0;
  rows = 0;
  return finish(grid_line, n);
}

}  // namespace sudoku
