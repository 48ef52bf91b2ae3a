// The reader proper: the state kept between lines (the headers in force, the grid being read)
// and the steps that read each kind of line, defined across the reader's files by concern
// (reader.cpp, headers.cpp, csv.cpp, blank_cells.cpp, line_shape.cpp, pencil_marks.cpp).
// Internal to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/characters.hpp"
#include "io/line_shape.hpp"
#include "io/line_source.hpp"
#include "io/region_map.hpp"
#include "sudoku/io/reader.hpp"

namespace sudoku {
namespace reading {

// Splits "#keyword rest" into the keyword (lower case, without '#') and the rest.
std::pair<std::string, std::string_view> header_words(std::string_view text);

// Reads up to `count` cells of `text` from index `from` into `digits` and `where`; returns the
// index of the first character that is no cell of the table, or npos.
std::size_t scan_cells(std::string_view text, std::size_t from, const std::int8_t* symbols,
                       std::size_t count, std::size_t number, std::uint8_t* digits,
                       Location* where);

// True for the lines of a pencil-mark grid that hold no cell: HoDoKu's rules (`.---.---.`,
// `:---+---:`, `'---'---'`) and the writer's legend of '!'. `text` starts at the first non-blank.
bool is_pencil_decoration(std::string_view text);

// The puzzle and solution columns (0-based; -1 for none) a CSV header line names, if it is one.
std::optional<std::pair<int, int>> csv_header(std::string_view text);

// A killer cage map being read: from its #cages header until its #sums line.
struct CageMap {
  std::size_t line = 0;  // of the #cages header
  std::size_t width = 0, rows = 0;
  bool sums_wanted = false;  // whole: the #sums line comes next
  std::vector<std::string> labels;
  std::vector<Location> where;
};

}  // namespace reading

struct PuzzleReader::Impl {
  Impl(std::istream& in, ReaderOptions opts);

  std::optional<Record> next();
  std::optional<Record> at_end();
  std::optional<Record> handle_line(std::size_t number);
  std::optional<Record> header(std::string_view text, std::size_t number, std::size_t start);
  std::optional<Record> region_row(std::string_view text, std::size_t number);
  // Killer cages (cages.cpp): the #cages header, a row of its map, the #sums line, the map cut
  // short (`where`: at the end of the input, before a header), and the puzzle's geometry with the
  // cages read before it (a record when they do not fit it).
  std::optional<Record> cages_header(std::size_t number);
  std::optional<Record> cage_row(std::string_view text, std::size_t number);
  std::optional<Record> sums_header(std::string_view text, std::size_t number, std::size_t arg);
  std::optional<Record> cage_map_end(std::string_view where);
  std::optional<Record> with_cages(std::shared_ptr<const Geometry>& geometry, std::size_t number,
                                   std::size_t column, int size);
  Record cage_error(FormatError e);
  std::optional<Record> data_line(std::string_view text, std::size_t number);
  // Takes the terminal's colour codes (ANSI CSI sequences, ESC '[' ... final byte) out of the line
  // being read, so that a grid printed in colour reads as the same grid; false when it has none.
  // Looked for only where a line is not what it should be, so plain input pays nothing.
  bool drop_escapes();
  std::optional<Record> start_grid(std::string_view text, std::size_t number, int size,
                                   bool spaced);
  std::optional<Record> add_row(std::string_view text, std::size_t number);
  std::optional<Record> one_line(std::string_view text, std::size_t number, int size);
  std::optional<Record> csv_record(std::string_view text, std::size_t number);
  std::optional<Record> blank_line(std::string_view text, std::size_t number);
  std::optional<Record> samurai_line(std::string_view text, std::size_t number);  // samurai.cpp
  std::optional<Record> blank_grid();
  std::optional<Record> finish(std::size_t number, int size);
  // Pencil-mark input (pencil_marks.cpp): candidate lines, grids of candidate lists (one row a
  // line) and the candidate grid of the writer (a mini-grid a cell, several lines a row).
  int candidate_line_size(std::string_view text, std::size_t count) const;
  std::optional<Record> candidate_line(std::string_view text, std::size_t number, int size);
  // Reads a line that may begin a pencil-mark grid (or be its column labels): true when it did,
  // with the record, if any, in `out`.
  bool pencil_start(std::string_view text, std::size_t number, std::optional<Record>& out);
  int list_row_size(std::string_view text);
  std::optional<Record> list_row(std::string_view text, std::size_t number);
  int canvas_size_of(std::string_view text) const;
  std::optional<Record> canvas_line(std::string_view text, std::size_t number);
  std::optional<Record> decode_canvas();
  Record canvas_truncated(std::string_view where);
  void note_rule(std::string_view text, std::size_t number) {
    if (text.find('-') != std::string_view::npos) {
      last_rule_line = number;
      pipes_since_rule = 0;
    } else {
      ++pipes_since_rule;
    }
  }
  Record error(FormatError e) {
    // A puzzle that cannot be read takes the cages before it along.
    if (const auto k = e.kind();
        k != FormatErrorKind::bad_cages && k != FormatErrorKind::bad_variant &&
        k != FormatErrorKind::bad_regions && k != FormatErrorKind::bad_size) {
      cages.clear();
      cages_size = 0;
      bad_cages = 0;
      rule_lines.clear();
    }
    Record r;
    r.line = e.line();
    r.error = std::move(e);
    return r;
  }
  Record truncated(std::string_view where);
  // Begins a grid of `rows_in_all` rows and `cell_count` cells at line `number`: its buffers
  // cleared (the pencil marks kept for a grid of candidate lists).
  void begin_grid(int rows_in_all, std::size_t cell_count, std::size_t number, bool spaced,
                  bool lists) {
    grid_size = rows_in_all;
    rows = 0;
    grid_line = number;
    grid_spaced = spaced;
    list_grid = lists;
    givens.assign(cell_count, 0);
    cells.assign(cell_count, Location{});
    if (lists)
      marks.assign(cell_count, 0);
    else
      marks.clear();
    solution.clear();
  }
  void abandon_grid() {
    skip_rows = grid_size - rows - 1;
    skip_size = grid_size;
    grid_size = 0;
    rows = 0;
  }
  bool is_border_line(std::string_view text) const;
  int choose16(std::string_view text) const;
  int one_line_tail(std::string_view text, const reading::LineShape& shape, int size) const;
  FormatError line_error(std::string_view text, std::size_t number, std::size_t count,
                         std::size_t run) const;
  FormatError row_error(std::string_view text, std::size_t number, std::size_t count, int size,
                        bool first_spaced) const;
  std::optional<FormatError> read_solution(std::string_view text, std::size_t from, std::size_t to,
                                           std::size_t number, int size, bool always);
  void read_cells(std::string_view text, std::size_t from, std::size_t number, int size,
                  std::size_t first, std::size_t count);
  FormatError bad_character(std::string_view text, std::size_t i, std::size_t number, int size,
                            std::string_view where = {}) const;
  // True when every cell of the line is a digit or an empty cell of a grid of `size`.
  bool holds_digits(std::string_view text, int size) {
    const reading::SymbolTable& symbols = table(size);
    for (char c : text)
      if (symbols[static_cast<unsigned char>(c)] == -1) return false;
    return true;
  }
  int blank_size() const noexcept {
    if (told_size > 0) return told_size;
    return variant == Variant::jigsaw && regions_size > 0 ? regions_size : 9;
  }

  // The digit of each character for a grid of `size`, -2 for characters a line ignores.
  const reading::SymbolTable& table(int size) {
    if (!custom_table) {
      if (size != last_table_size) {
        last_table_size = size;
        last_table = &reading::symbol_table(size);
      }
      return *last_table;
    }
    if (own_size != size) {
      own_size = size;
      for (int c = 0; c < 256; ++c) {
        const char ch = static_cast<char>(c);
        own[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(
            reading::is_ignored(ch) ? -2 : options.symbols.digit(size, ch));
      }
      if (options.blank == ' ')
        for (char ch : {'\t', '\v', '\f', '\r'}) own[static_cast<unsigned char>(ch)] = -1;
      if (options.blank != 0) own[static_cast<unsigned char>(options.blank)] = 0;
    }
    return own;
  }

  reading::LineSource source;
  ReaderOptions options;
  int told_size = 0;  // the size the options tell (ReaderOptions::size or the symbols'), or 0
  bool custom_table = false;
  reading::SymbolTable own{};
  int own_size = -1;
  const reading::SymbolTable* last_table = nullptr;  // symbol_table(last_table_size)
  int last_table_size = -1;
  std::string line;
  bool too_long = false;
  bool pending = false;    // `line` is to be read again
  bool abandoned = false;  // the error of an input given up in an endless line is reported
  bool binary = false;     // the input is not text (binary_byte): reported, not read further

  // Headers in force.
  Variant variant;
  Chess chess = Chess::none;
  std::vector<int> regions;
  int regions_size = 0;
  std::size_t regions_id = 0;             // changes with each new map, for the geometry cache
  std::size_t bad_variant = 0;            // line of a bad #variant in force, or 0
  std::size_t bad_size = 0;               // line of a bad #size in force, or 0
  std::size_t bad_regions = 0;            // line of a bad #regions in force, or 0
  std::optional<reading::RegionMap> map;  // a #regions map being read over the following lines
  std::size_t map_line = 0;
  // A #cages map being read: its labels ("" for '.'), where each was read, its rows.
  std::optional<reading::CageMap> cage_map;
  std::vector<Cage> cages;     // the cages for the next puzzle (cages_size > 0)
  int cages_size = 0;          // the size of their map, 0 when there are none
  std::size_t cages_line = 0;  // the line of their #cages header
  std::size_t bad_cages = 0;   // the line of bad cages, which spoil the next puzzle, or 0
  // The rules' header lines (sudoku/model/rule.hpp) for the next puzzle, read once its shape is
  // known: the keyword, the arguments, and where the arguments start.
  struct RuleLine {
    std::string keyword, arguments;
    std::size_t line = 0, column = 0;
  };
  std::vector<RuleLine> rule_lines;
  // f-puzzles JSON being read (fpuzzles_input.cpp): its text so far, its first line (0: none),
  // and the depth of its braces and brackets outside strings.
  std::string json_text;
  std::size_t json_line = 0;
  int json_depth = 0;
  bool json_in_string = false, json_escape = false;
  std::optional<Record> json_line_read(std::string_view text, std::size_t number);
  std::optional<Record> fpuzzles_record(std::string_view text, std::size_t line);
  // The puzzle's geometry with the rules read before it (a record when one does not fit it).
  std::optional<Record> with_rules(std::shared_ptr<const Geometry>& geometry);
  int csv_puzzle = -1;  // after a CSV header: the puzzle's column, and the solution's (or -1)
  int csv_solution = -1;
  std::size_t csv_line = 0;

  int last_size = 0;  // size of the last puzzle read, to settle 16-cell lines

  // The grid being read.
  int grid_size = 0;
  int rows = 0;
  std::size_t grid_line = 0;
  bool grid_spaced = false;  // its first row, of 4 or 6 cells, has spaces between them
  bool list_grid = false;    // its rows are candidate lists (a pencil-mark grid, one row a line)
  std::vector<Mask> marks;   // pencil-mark input: the candidates of each cell, else empty
  Grid givens;
  Grid solution;
  std::vector<Location> cells;
  int skip_rows = 0;  // rows of an abandoned grid still to skip
  int skip_size = 0;
  // With spaces as empty cells, the rows of the grid being read, decoded when it is whole.
  std::vector<std::string> row_texts;
  std::vector<std::size_t> row_numbers;

  // The writer's candidate grid being read (canvas_size > 0): its lines from the rule above it
  // (line 0, not kept), decoded when whole; the rule lines seen before one, to find its start.
  int canvas_size = 0;
  std::size_t canvas_first = 0;  // line number of canvas line 0
  std::vector<std::string> canvas;
  std::size_t last_rule_line = 0;
  std::size_t pipes_since_rule = 0;  // lines of '|' and blanks alone since that rule
  std::vector<std::pair<std::size_t, std::size_t>> tokens;  // scratch: a line's words

  struct Cached {
    int size;
    Variant variant;
    Chess chess;
    std::size_t regions_id;
    std::shared_ptr<const Geometry> geometry;
  };
  std::vector<Cached> cache;
};

}  // namespace sudoku
