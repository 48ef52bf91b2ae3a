// The reader works in two layers: a LineSource cuts the stream into lines, holding at most one
// line and never more than the length limit of it, and the reader proper classifies each line
// (blank, comment, header, border, a one-line puzzle, a row of a grid) and keeps the state of
// the grid being read between lines. Every error is turned into a record on the spot, so a bad
// puzzle costs its own lines and nothing more. This file holds the flow and the one-line
// puzzles and grids of rows; reader_state.hpp names the files of the other kinds of line.
#include "sudoku/io/reader.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "io/reader_state.hpp"
#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/model/shapes.hpp"

namespace sudoku {

using namespace reading;

namespace reading {

// Reads up to `count` cells of `text` from index `from` into `digits` and `where`; returns the
// index of the first character that is no cell of the table, or npos. Apart from the reader and
// through raw pointers, so that the loop keeps everything in registers: a store through a byte
// pointer could change a vector of the reader, for all the compiler knows.
std::size_t scan_cells(std::string_view text, std::size_t from, const std::int8_t* symbols,
                       std::size_t count, std::size_t number, std::uint8_t* digits,
                       Location* where) {
  // First the run of cells from `from` on, one test a character (a one-line puzzle is one run).
  const std::size_t run = from < text.size() ? std::min(count, text.size() - from) : 0;
  std::size_t k = 0;
  for (; k < run; ++k) {
    const int d = symbols[static_cast<unsigned char>(text[from + k])];
    if (d < 0) break;
    digits[k] = static_cast<std::uint8_t>(d);
    where[k] = Location{number, from + k + 1};
  }
  for (std::size_t i = from + k; i < text.size() && k < count; ++i) {
    const int d = symbols[static_cast<unsigned char>(text[i])];
    if (d == -2) continue;
    if (d < 0) return i;
    digits[k] = static_cast<std::uint8_t>(d);
    where[k] = Location{number, i + 1};
    ++k;
  }
  return std::string_view::npos;
}

}  // namespace reading

namespace {

// The first byte that shows a line is not text, if any: a NUL anywhere, or on the first line a
// control character other than the blanks (an executable begins with 0x7F, gzip with 0x1F).
std::optional<std::size_t> binary_byte(std::string_view text, std::size_t number) {
  if (number != 1) {
    const std::size_t nul = text.find('\0');
    return nul == std::string_view::npos ? std::nullopt : std::optional<std::size_t>(nul);
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto u = static_cast<unsigned char>(text[i]);
    // A colour code is text, of a grid printed in colour.
    if (const std::size_t end = escape_end(text, i); end > i) {
      i = end - 1;
      continue;
    }
    if ((u < 0x20 && u != '\t' && u != '\v' && u != '\f' && u != '\r') || u == 0x7F) return i;
  }
  return std::nullopt;
}

}  // namespace

PuzzleReader::Impl::Impl(std::istream& in, ReaderOptions opts)
    : source(in, opts.max_line_length, opts.max_skipped_line, opts.stop), options(std::move(opts)) {
  variant = options.variant;
  chess = options.chess;
  if (!options.regions.empty()) {
    regions = options.regions;
    std::size_t n = 1;
    while (n * n < regions.size()) ++n;
    regions_size = static_cast<int>(n);
  }
  const int count = options.symbols.count();
  if (count > 0 && options.size > 0 && options.size != count)
    throw std::invalid_argument("the symbols " + options.symbols.describe(count) + " are " +
                                std::to_string(count) + " digits, for a " + size_name(count) +
                                " grid, but the size is " + std::to_string(options.size));
  told_size = options.size > 0 ? options.size : count;
  if (const char b = options.blank; b != 0) {
    const auto u = static_cast<unsigned char>(b);
    if (b != ' ' && (u <= 0x20 || u >= 0x7F || std::isalnum(u) || is_ignored(b) ||
                     is_hard_separator(b) || b == '"'))
      throw std::invalid_argument(
          "the blank character " + shown(std::string_view(&b, 1), 0) +
          " is part of the format: use a space or a punctuation mark such as '?'");
  }
  custom_table = !options.symbols.is_default() || options.blank != 0;
}

std::optional<Record> PuzzleReader::Impl::next() {
  if (binary) return std::nullopt;
  for (;;) {
    if (!pending && !source.next(line, too_long)) {
      if (source.abandoned() && !abandoned) {
        abandoned = true;
        const std::size_t number = source.number();
        return error(FormatError(FormatErrorKind::input_given_up, number,
                                 options.max_line_length + 1,
                                 "line " + std::to_string(number) + " has no end within " +
                                     std::to_string(options.max_skipped_line) +
                                     " bytes: the rest of the input is not read"));
      }
      return at_end();
    }
    pending = false;
    const std::size_t number = source.number();
    if (const auto at = binary_byte(line, number)) {
      binary = true;
      constexpr std::string_view hex = "0123456789ABCDEF";
      const auto u = static_cast<unsigned char>(line[*at]);
      std::string byte = u == 0 ? "NUL byte" : "control character 0x";
      if (u != 0) byte += {hex[u >> 4], hex[u & 0xF]};
      return error(FormatError(FormatErrorKind::binary_input, number, *at + 1,
                               byte + ": this looks like a binary file, not puzzles; the rest "
                                      "of the input is not read"));
    }
    if (auto record = handle_line(number)) return record;
  }
}

std::optional<Record> PuzzleReader::Impl::at_end() {
  if (map) {
    const RegionMap m = *map;
    map.reset();
    bad_regions = map_line;
    return error(FormatError(FormatErrorKind::bad_regions, map_line, 1,
                             "the region map ends after " + std::to_string(m.rows()) + " of " +
                                 std::to_string(m.width()) + " rows, at the end of the input"));
  }
  if (auto record = cage_map_end("at the end of the input")) return record;
  if (cages_size > 0) {
    cages_size = 0;
    cages.clear();
    return error(FormatError(FormatErrorKind::bad_cages, cages_line, 1,
                             "cages with no puzzle after them, at the end of the input"));
  }
  if (!rule_lines.empty()) {
    const std::size_t line = rule_lines.front().line;
    rule_lines.clear();
    return error(FormatError(FormatErrorKind::bad_rule, line, 1,
                             "a rule with no puzzle after it, at the end of the input"));
  }
  if (json_line > 0) {
    const std::size_t line = json_line;
    json_line = 0;
    json_text.clear();
    return error(FormatError(FormatErrorKind::bad_fpuzzles, line, 1,
                             "f-puzzles JSON that does not end: its closing brace is missing at "
                             "the end of the input"));
  }
  if (grid_size > 0) return truncated("at the end of the input");
  if (canvas_size > 0) return canvas_truncated("at the end of the input");
  return std::nullopt;
}

Record PuzzleReader::Impl::truncated(std::string_view where) {
  const std::size_t column = options.blank == ' ' ? 1 : cells.empty() ? 1 : cells[0].column;
  Record r = error(FormatError(FormatErrorKind::truncated_grid, grid_line, column,
                               "incomplete " + size_name(grid_size) + " grid: it ends after " +
                                   std::to_string(rows) + " of its " + std::to_string(grid_size) +
                                   " rows, " + std::string(where)));
  grid_size = 0;
  rows = 0;
  return r;
}

std::optional<Record> PuzzleReader::Impl::handle_line(std::size_t number) {
  if (too_long) {
    FormatError e = too_long_error(number, options.max_line_length);
    if (map) {
      map.reset();
      bad_regions = map_line;
      return error(FormatError(FormatErrorKind::bad_regions, number, e.column(), e.what()));
    }
    if (skip_rows > 0) {
      --skip_rows;
      return std::nullopt;
    }
    if (grid_size > 0) abandon_grid();
    canvas_size = 0;
    return error(std::move(e));
  }
  const std::string_view text = line;
  if (json_line > 0) return json_line_read(text, number);
  if (canvas_size > 0) return canvas_line(text, number);
  const std::size_t start = first_non_space(text);
  if (start == text.size()) {
    // With spaces as empty cells, a blank line inside a grid is a row of empty cells, and one of
    // a row's full width may begin a grid; not after a CSV header, where each line is a record.
    if (options.blank == ' ' && !map && csv_puzzle < 0) {
      // A samurai's rows have a reader of their own: a blank line inside its picture is a row
      // of empty places.
      if (variant == Variant::samurai)
        return grid_size > 0 ? samurai_line(text, number) : std::nullopt;
      const auto n = static_cast<std::size_t>(blank_size());
      if (grid_size > 0 || text.size() == n || text.size() == 2 * n - 1)
        return blank_line(text, number);
    }
    return std::nullopt;
  }
  if (text[start] == '#') {
    const auto [keyword, rest] = header_words(text.substr(start));
    if (keyword != "variant" && keyword != "regions" && keyword != "size" && keyword != "cages" &&
        keyword != "sums" && !is_rule_keyword(keyword))
      return std::nullopt;
    if (keyword == "sums") {
      if (grid_size > 0) {
        pending = true;
        return truncated("before the header at line " + std::to_string(number));
      }
      const std::size_t arg = start + 1 + keyword.size();
      return sums_header(text, number, arg);
    }
    if (cage_map) {
      pending = true;
      return cage_map_end("before the header at line " + std::to_string(number));
    }
    if (map) {
      const RegionMap m = *map;
      map.reset();
      bad_regions = map_line;
      pending = true;
      return error(FormatError(FormatErrorKind::bad_regions, map_line, 1,
                               "the region map ends after " + std::to_string(m.rows()) + " of " +
                                   std::to_string(m.width()) + " rows, at line " +
                                   std::to_string(number)));
    }
    if (grid_size > 0) {
      pending = true;
      return truncated("before the header at line " + std::to_string(number));
    }
    skip_rows = 0;
    return header(text, number, start);
  }
  if (map) return region_row(text, number);
  if (cage_map) return cage_row(text, number);
  if (grid_size == 0 && (text[start] == '{' || is_fpuzzles_link(text))) {
    if (text[start] != '{') return fpuzzles_record(text, number);
    json_line = number;
    return json_line_read(text, number);
  }
  if (const char c = text[start]; (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
    // A CSV header line, recognised wherever it stands.
    if (const auto columns = csv_header(text)) {
      if (grid_size > 0) {
        pending = true;
        return truncated("before the CSV header at line " + std::to_string(number));
      }
      skip_rows = 0;
      csv_puzzle = columns->first;
      csv_solution = columns->second;
      csv_line = number;
      return std::nullopt;
    }
  }
  if (is_border_line(text)) {
    note_rule(text, number);
    return std::nullopt;
  }
  // HoDoKu's rules and the candidate writer's legend; a puzzle starting with '.' is tested by the
  // character after it alone.
  if (const char c = text[start];
      ((c == '.' || c == ':' || c == '\'') && start + 1 < text.size() && text[start + 1] == '-') ||
      c == '!')
    if (is_pencil_decoration(text.substr(start))) return std::nullopt;
  return data_line(text, number);
}

bool PuzzleReader::Impl::is_border_line(std::string_view text) const {
  std::size_t dashes = 0;
  bool joints = false;
  for (char c : text) {
    if (!is_border(c)) return false;
    if (c == '-' || c == '*') ++dashes;
    if (c == '+' || c == '=') joints = true;
  }
  if (joints || dashes == 0) return true;
  // A line of dashes only may be a row or a puzzle of empty cells ('-' and '*' mean empty).
  const auto count = static_cast<int>(dashes);
  if (grid_size > 0) return count != grid_size;
  if (told_size > 0) return count != told_size && count != told_size * told_size;
  return !is_known_size(count) && one_line_size(dashes) == 0;
}

// A 16-cell line: a 4x4 puzzle (returns 4) or the first row of a 16x16 grid (returns 16).
int PuzzleReader::Impl::choose16(std::string_view text) const {
  if (last_size == 4 || last_size == 16) return last_size;
  for (char c : text) {
    if (is_ignored(c)) continue;
    const int d = symbol_digit(16, c);
    if (d > 4) return 16;
  }
  return 4;
}

// The size of a one-line puzzle followed by text, or 0: its cells are the line's first run,
// which a separator ends, or all the cells before the first hard separator. `size` is the size
// told, or 0 for any.
int PuzzleReader::Impl::one_line_tail(std::string_view text, const LineShape& shape,
                                      int size) const {
  const auto fits = [&](std::size_t cells) {
    if (size > 0) return cells == static_cast<std::size_t>(size * size) ? size : 0;
    const int s = one_line_size(cells);
    // 16 cells and text: a 4x4 puzzle, unless they are a row of a 16x16 grid.
    return s == 4 && choose16(text) == 16 ? 0 : s;
  };
  if (shape.lead_end < text.size() && is_separator(text[shape.lead_end]))
    if (const int s = fits(shape.lead); s > 0) return s;
  if (shape.hard) return fits(shape.before_hard);
  return 0;
}

std::optional<Record> PuzzleReader::Impl::data_line(std::string_view text, std::size_t number) {
  if (variant == Variant::samurai) return samurai_line(text, number);
  if (csv_puzzle >= 0) return csv_record(text, number);
  if (options.blank == ' ') return blank_line(text, number);
  // Cells of the line (every character not ignored), the length of its first run of them, and
  // where the content ends.
  // A one-line puzzle is cells from its first character to its last: those before the first
  // character ignored are counted in a loop of one test each.
  std::size_t i = 0;
  while (i < text.size() && !is_ignored(text[i])) ++i;
  std::size_t count = i, run = i, end = i;
  bool in_run = true, started = i > 0;
  for (; i < text.size(); ++i) {
    if (is_ignored(text[i])) {
      if (started) in_run = false;
      continue;
    }
    started = true;
    ++count;
    if (in_run) ++run;
    end = i + 1;
  }
  // A count other than the usual may be a line in colour, read again without the colour codes
  // (nothing has changed yet), or a line with multi-byte characters: each counts once.
  if (const int usual = grid_size > 0   ? grid_size
                        : told_size > 0 ? told_size
                                        : last_size;
      count != static_cast<std::size_t>(grid_size > 0 ? usual : usual * usual)) {
    if (drop_escapes()) return handle_line(number);
    count_characters(text, count, run);
  }
  if (skip_rows > 0) {
    if (count < static_cast<std::size_t>(skip_size * skip_size)) {
      --skip_rows;
      return std::nullopt;
    }
    skip_rows = 0;
  }
  if (grid_size > 0) {
    const auto n = static_cast<std::size_t>(grid_size);
    // A row of a pencil-mark grid, unless a one-line puzzle cuts the grid short.
    if (list_grid && (count < n * n || run < count)) return list_row(text, number);
    if (count == n) return add_row(text, number);
    if (count >= n * n) {
      pending = true;
      return truncated("before the one-line puzzle at line " + std::to_string(number));
    }
    // A pencil-mark grid whose first rows hold one candidate a cell: read as rows until here.
    if (run < count && list_row_size(text) == grid_size &&
        std::find(givens.begin(), givens.begin() + rows * grid_size, 0) ==
            givens.begin() + rows * grid_size) {
      list_grid = true;
      marks.assign(givens.size(), 0);
      for (std::size_t cell = 0; cell < static_cast<std::size_t>(rows) * n; ++cell)
        marks[cell] = digit_bit(givens[cell]);
      return list_row(text, number);
    }
    const int size = grid_size;
    const bool first_spaced = grid_spaced;
    abandon_grid();
    return error(row_error(text, number, count, size, first_spaced));
  }

  // Blanks or borders between cells: perhaps column labels or a row of a pencil-mark grid.
  if (run < count)
    if (std::optional<Record> record; pencil_start(text, number, record)) return record;
  if (told_size > 0) {
    const int n = told_size;
    const auto need = static_cast<std::size_t>(n * n);
    if (count == need) return one_line(text, number, n);
    if (count == static_cast<std::size_t>(n)) return start_grid(text, number, n, false);
    if (candidate_line_size(text, count) == n) return candidate_line(text, number, n);
    if (count > need && one_line_tail(text, shape_of(text), n) == n)
      return one_line(text, number, n);
    return error(line_error(text, number, count, run));
  }
  if (count == 16 ||
      (run == 16 && one_line_size(count) == 0 && !is_known_size(static_cast<int>(count)))) {
    const int size = choose16(text);
    if (size == 4) {
      if (count == 16 || one_line_tail(text, shape_of(text), 4) == 4)
        return one_line(text, number, 4);
      return error(line_error(text, number, count, run));
    }
    if (count != 16)
      return error(FormatError(
          FormatErrorKind::wrong_length, number, end + 1,
          "this line has " + std::to_string(count) + " cells; a row of a 16x16 grid has 16"));
    return start_grid(text, number, 16, false);
  }
  if (const int s = one_line_size(count); s > 0) return one_line(text, number, s);
  if (is_known_size(static_cast<int>(count))) {
    const int size = static_cast<int>(count);
    const bool spaced = size <= 6 && shape_of(text).spaced;
    // Spaces between 4 or 6 cells unlike a row of that size, or digits it cannot hold: a row of
    // a larger grid with spaces for its empty cells.
    if (spaced && (uneven_row(text, size) || !holds_digits(text, size)))
      return error(FormatError(
          FormatErrorKind::wrong_length, number, end + 1,
          "this line has " + std::to_string(count) + " cells and spaces; " + spaces_hint));
    return start_grid(text, number, size, spaced);
  }
  if (const int s = one_line_tail(text, shape_of(text), 0); s > 0) return one_line(text, number, s);
  if (const int s = candidate_line_size(text, count); s > 0) return candidate_line(text, number, s);
  return error(line_error(text, number, count, run));
}

bool PuzzleReader::Impl::drop_escapes() {
  std::size_t at = line.find('\x1b');
  if (at == std::string::npos) return false;
  bool dropped = false;
  std::size_t kept = at;
  while (at < line.size()) {
    if (const std::size_t end = escape_end(line, at); end > at) {
      at = end;
      dropped = true;
    } else {
      line[kept++] = line[at++];
    }
  }
  line.resize(kept);
  return dropped;
}

std::optional<Record> PuzzleReader::Impl::start_grid(std::string_view text, std::size_t number,
                                                     int size, bool spaced) {
  begin_grid(size, static_cast<std::size_t>(size * size), number, spaced, false);
  return add_row(text, number);
}

FormatError PuzzleReader::Impl::bad_character(std::string_view text, std::size_t i,
                                              std::size_t number, int size,
                                              std::string_view where) const {
  std::string blanks = options.symbols.describe_blanks(size);
  if (options.blank != 0) {
    const std::size_t last = blanks.rfind(" or ");
    if (last != std::string::npos) blanks.replace(last, 4, ", ");
    blanks += " or '" + std::string(1, options.blank) + "'";
  }
  return FormatError(FormatErrorKind::bad_character, number, i + 1,
                     "bad character " + shown(text, i) + std::string(where) + ": a " +
                         size_name(size) + " grid holds " + options.symbols.describe(size) +
                         ", and " + blanks + " for an empty cell");
}

// Reads `count` cells of `text`, from index `from`, into givens/cells from `first`; throws
// FormatError.
void PuzzleReader::Impl::read_cells(std::string_view text, std::size_t from, std::size_t number,
                                    int size, std::size_t first, std::size_t count) {
  const std::size_t bad = scan_cells(text, from, table(size).data(), count, number,
                                     givens.data() + first, cells.data() + first);
  if (bad != std::string_view::npos) throw bad_character(text, bad, number, size);
}

std::optional<Record> PuzzleReader::Impl::add_row(std::string_view text, std::size_t number) {
  const auto n = static_cast<std::size_t>(grid_size);
  try {
    read_cells(text, 0, number, grid_size, static_cast<std::size_t>(rows) * n, n);
  } catch (const FormatError& e) {
    abandon_grid();
    return error(e);
  }
  if (++rows < grid_size) return std::nullopt;
  const int size = grid_size;
  grid_size = 0;
  rows = 0;
  return finish(grid_line, size);
}

std::optional<Record> PuzzleReader::Impl::one_line(std::string_view text, std::size_t number,
                                                   int size) {
  const auto cells_count = static_cast<std::size_t>(size * size);
  givens.assign(cells_count, 0);
  cells.assign(cells_count, Location{});
  solution.clear();
  marks.clear();
  try {
    read_cells(text, 0, number, size, 0, cells_count);
  } catch (const FormatError& e) {
    return error(e);
  }
  // `puzzle,solution`: a field of cells after the comma is the solution.
  if (std::size_t at = cells.back().column; at < text.size()) {
    while (at < text.size() && is_space(text[at])) ++at;
    if (at < text.size() && text[at] == ',') {
      const std::size_t to = std::min(text.find(',', at + 1), text.size());
      if (auto e = read_solution(text, at + 1, to, number, size, false)) return error(*e);
    }
  }
  return finish(number, size);
}

// Returns an optional, built in place: the record of every puzzle read passes through here, and a
// Record turned into an optional would be moved and destroyed once more.
std::optional<Record> PuzzleReader::Impl::finish(std::size_t number, int size) {
  last_size = size;
  const std::size_t column = cells.empty() ? 1 : cells.front().column;
  if (bad_size != 0)
    return error(FormatError(
        FormatErrorKind::bad_header, number, column,
        "puzzle not read: the #size line " + std::to_string(bad_size) + " before it is not valid"));
  if (bad_variant != 0)
    return error(FormatError(FormatErrorKind::bad_header, number, column,
                             "puzzle not read: the #variant line " + std::to_string(bad_variant) +
                                 " before it is not valid"));
  if (variant == Variant::jigsaw && bad_regions != 0)
    return error(FormatError(FormatErrorKind::bad_header, number, column,
                             "puzzle not read: the #regions map at line " +
                                 std::to_string(bad_regions) + " before it is not valid"));
  if (variant == Variant::jigsaw && regions.empty())
    return error(FormatError(FormatErrorKind::missing_regions, number, column,
                             "a jigsaw puzzle needs a region map (a #regions line before it)"));
  if (variant == Variant::jigsaw && regions_size != size)
    return error(FormatError(FormatErrorKind::missing_regions, number, column,
                             "the region map is for a " + size_name(regions_size) +
                                 " grid, but this puzzle is " + size_name(size)));
  const std::size_t id = variant == Variant::jigsaw ? regions_id : 0;
  std::shared_ptr<const Geometry> geometry;
  for (const Cached& c : cache)
    if (c.size == size && c.variant == variant && c.chess == chess && c.regions_id == id)
      geometry = c.geometry;
  if (!geometry) {
    try {
      // Shared by every reader of the process: reading a file builds no geometry once a shape
      // has been seen.
      geometry = variant == Variant::jigsaw ? shared_jigsaw(size, regions, chess)
                                            : shared_geometry(size, variant, chess);
    } catch (const GeometryError& e) {
      return error(FormatError(FormatErrorKind::bad_geometry, number, column, e.what()));
    }
    if (cache.size() >= 16) cache.erase(cache.begin());
    cache.push_back({size, variant, chess, id, geometry});
  }
  if (bad_cages != 0 || cages_size != 0)
    if (auto record = with_cages(geometry, number, column, size)) return record;
  if (!rule_lines.empty())
    if (auto record = with_rules(geometry)) return record;
  std::optional<Record> r(std::in_place);
  r->line = number;
  r->geometry = std::move(geometry);
  // The reader's buffers go with the record: the next puzzle allocates its own, as a copy would.
  r->givens = std::move(givens);
  r->cells = std::move(cells);
  r->solution = std::move(solution);
  r->candidates = std::move(marks);
  marks.clear();
  givens.clear();
  cells.clear();
  solution.clear();
  return r;
}

PuzzleReader::PuzzleReader(std::istream& in, ReaderOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(options))) {}

PuzzleReader::~PuzzleReader() = default;

std::optional<Record> PuzzleReader::next() {
  return impl_->next();
}

std::size_t PuzzleReader::lines_read() const noexcept {
  return impl_->source.number();
}

bool size_found_alone(int n) noexcept {
  return is_known_size(n);
}

std::vector<Record> read_all(std::string_view text, const ReaderOptions& options) {
  std::istringstream in{std::string(text)};
  PuzzleReader reader(in, options);
  std::vector<Record> out;
  while (auto r = reader.next()) out.push_back(std::move(*r));
  return out;
}

}  // namespace sudoku
