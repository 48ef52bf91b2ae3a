// Pencil-mark input: the candidates of every cell written out, in three forms (reader.hpp).
//
//   candidate line   N*N*N characters, per cell its N places: the digit of the place or '.'/'0'
//                    (Sudoku Explainer's and tdoku's 729-character lines)
//   candidate lists  a row a line, each cell its candidates written together, cells set apart by
//                    blanks or '|' (HoDoKu's PM grid; the candidate writer above 9x9)
//   mini-grids       the candidate writer's grid up to 9x9: each cell a mini-grid of its digits
//                    over several lines, read by column from the box borders '|'
//
// A cell with one candidate is a given. The record keeps every cell's candidates.
#include <bit>
#include <cctype>

#include "io/reader_state.hpp"

namespace sudoku {

using namespace reading;

namespace {

bool word_break(char c) {
  return is_space(c) || c == '|' || c == '*';
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// The words of a line, as (begin, end) indices: runs of characters other than blanks, '|' and
// '*'. A number before the first '|' is a row label and left out.
void words_of(std::string_view text, std::vector<std::pair<std::size_t, std::size_t>>& out) {
  out.clear();
  std::size_t i = first_non_space(text);
  if (i < text.size() && text[i] != '|') {
    const std::size_t bar = text.find('|', i);
    if (bar != std::string_view::npos) {
      std::size_t j = i;
      while (j < bar && is_digit(text[j])) ++j;
      if (j > i && first_non_space(text, j) == bar) i = bar;
    }
  }
  while (i < text.size()) {
    while (i < text.size() && word_break(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !word_break(text[i])) ++i;
    if (i > start) out.emplace_back(start, i);
  }
}

// A character in quotes for a message (built by appending: GCC 12 warns of an overlap in
// "'" + std::string + "'").
std::string quote(char c) {
  std::string out = "'";
  return out.append(1, c).append(1, '\'');
}

int lowest_digit(Mask m) {
  return std::countr_zero(m) + 1;
}

// The mini-grid of a cell in the candidate writer's grid of size n (sudoku/io/writer.hpp): `across`
// digits a line, `down` lines, a placed digit alone on line `middle`; `box_cols` cells between
// two '|', each `across` + 2 characters wide.
struct MiniGrid {
  explicit MiniGrid(int n) {
    while (across * across < n) ++across;
    down = (n + across - 1) / across;
    middle = (down - 1) / 2;
    box_cols = n == 4 ? 2 : 3;
    slot = across + 2;
    gap = box_cols * slot + 1;
  }
  int across = 1, down = 1, middle = 0, box_cols = 1, slot = 3, gap = 4;
};

}  // namespace

bool reading::is_pencil_decoration(std::string_view text) {
  if (text.starts_with("!:")) return text.starts_with("!: a cell without candidates");
  if (text.size() < 3 || text[1] != '-' || text.find("---") == std::string_view::npos) return false;
  for (char c : text)
    if (c != '.' && c != ':' && c != '\'' && c != '-' && c != '+' && c != '|' && !is_space(c))
      return false;
  return true;
}

// The size of a candidate line of `count` cells, or with text after its N*N*N cells (set apart
// as after a one-line puzzle); 0 when it is none.
int PuzzleReader::Impl::candidate_line_size(std::string_view text, std::size_t count) const {
  const auto cube = [&](std::size_t cells) {
    const auto fits = [&](int n) { return cells == static_cast<std::size_t>(n * n * n); };
    if (told_size > 0) return fits(told_size) ? told_size : 0;
    for (int n : known_sizes)
      if (fits(n)) return n;
    return 0;
  };
  int size = cube(count);
  if (size == 0) {
    const LineShape shape = shape_of(text);
    if (shape.lead_end < text.size() && is_separator(text[shape.lead_end])) size = cube(shape.lead);
    if (size == 0 && shape.hard) size = cube(shape.before_hard);
  }
  // 64 cells are also an 8x8 puzzle (with --size 8): a 4x4 candidate line only when it is one,
  // each place its digit or empty and each cell a candidate.
  if (size == 4 && told_size == 0) {
    const SymbolTable& symbols = reading::symbol_table(4);
    std::size_t k = 0;
    Mask cell = 0;
    for (std::size_t i = 0; i < text.size() && k < 64; ++i) {
      const int d = symbols[static_cast<unsigned char>(text[i])];
      if (d == -2) continue;
      if (d != 0 && d != static_cast<int>(k % 4) + 1) return 0;
      if (d != 0) cell |= digit_bit(d);
      if (++k % 4 == 0) {
        if (cell == 0) return 0;
        cell = 0;
      }
    }
  }
  return size;
}

std::optional<Record> PuzzleReader::Impl::candidate_line(std::string_view text, std::size_t number,
                                                         int size) {
  const auto n = static_cast<std::size_t>(size);
  givens.assign(n * n, 0);
  cells.assign(n * n, Location{});
  marks.assign(n * n, 0);
  solution.clear();
  const SymbolTable& symbols = table(size);
  std::size_t k = 0;
  for (std::size_t i = 0; i < text.size() && k < n * n * n; ++i) {
    const int d = symbols[static_cast<unsigned char>(text[i])];
    if (d == -2) continue;
    const std::size_t cell = k / n;
    const int place = static_cast<int>(k % n) + 1;
    if (place == 1) cells[cell] = Location{number, i + 1};
    if (d == place) {
      marks[cell] |= digit_bit(d);
    } else if (d != 0) {
      return error(FormatError(FormatErrorKind::bad_character, number, i + 1,
                               "bad character " + shown(text, i) + " in a candidate line: place " +
                                   std::to_string(place) + " of cell " +
                                   cell_name(size, static_cast<int>(cell)) + " holds the digit " +
                                   std::string(1, options.symbols.symbol(size, place)) +
                                   " when it is a candidate, else '.' or '0'"));
    }
    ++k;
  }
  for (std::size_t cell = 0; cell < n * n; ++cell) {
    if (marks[cell] == 0)
      return error(FormatError(FormatErrorKind::bad_position, number, cells[cell].column,
                               cell_name(size, static_cast<int>(cell)) +
                                   " has no candidate: each cell needs at least one"));
    if (count_of(marks[cell]) == 1) givens[cell] = lowest_digit(marks[cell]);
  }
  return finish(number, size);
}

bool PuzzleReader::Impl::pencil_start(std::string_view text, std::size_t number,
                                      std::optional<Record>& out) {
  // Column labels (`1    2    3 ...`, as the writers draw them): gaps of two blanks or more,
  // wider at a box border.
  {
    int expected = 1;
    bool wide = false, labels = true;
    std::size_t i = first_non_space(text), last = std::string_view::npos;
    while (labels && i < text.size()) {
      std::size_t e = i;
      int value = 0;
      while (e < text.size() && is_digit(text[e]) && value < 100)
        value = value * 10 + text[e++] - '0';
      labels = e > i && value == expected && (e == text.size() || is_space(text[e])) &&
               (last == std::string_view::npos || i - last >= 2);
      wide = wide || (last != std::string_view::npos && i - last >= 3);
      ++expected;
      last = e;
      i = first_non_space(text, e);
    }
    const int n = expected - 1;
    if (labels && wide && (told_size > 0 ? n == told_size : is_known_size(n))) return true;
  }
  if (const int n = list_row_size(text); n > 0) {
    begin_grid(n, static_cast<std::size_t>(n * n), number, false, true);
    out = list_row(text, number);
    return true;
  }
  if (last_rule_line == 0 || number <= last_rule_line) return false;
  const int n = canvas_size_of(text);
  if (n == 0) return false;
  // The first row of the grid: the lines since the rule above it are blank rows of it.
  const MiniGrid mini(n);
  const std::size_t k = number - last_rule_line;
  if (k - 1 != pipes_since_rule || k > static_cast<std::size_t>(mini.down)) return false;
  canvas_size = n;
  canvas_first = last_rule_line;
  canvas.assign(k, std::string());
  canvas.emplace_back(text);
  if (canvas.size() == static_cast<std::size_t>(n * (mini.down + 1))) out = decode_canvas();
  return true;
}

int PuzzleReader::Impl::list_row_size(std::string_view text) {
  words_of(text, tokens);
  const int n = static_cast<int>(tokens.size());
  if (told_size > 0 ? n != told_size : !is_known_size(n)) return 0;
  const SymbolTable& symbols = table(n);
  bool several = false;
  for (const auto& [begin, end] : tokens) {
    if (end - begin > static_cast<std::size_t>(n)) return 0;
    Mask seen = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const int d = symbols[static_cast<unsigned char>(text[i])];
      if (d < 1 || (seen & digit_bit(d)) != 0) return 0;
      seen |= digit_bit(d);
    }
    several = several || end - begin > 1;
  }
  return several ? n : 0;
}

std::optional<Record> PuzzleReader::Impl::list_row(std::string_view text, std::size_t number) {
  const int n = grid_size;
  const auto fail = [&](FormatError e) {
    abandon_grid();
    list_grid = false;
    return error(std::move(e));
  };
  words_of(text, tokens);
  if (tokens.size() != static_cast<std::size_t>(n)) {
    const std::size_t column = tokens.size() > static_cast<std::size_t>(n)
                                   ? tokens[static_cast<std::size_t>(n)].first + 1
                                   : text.size() + 1;
    return fail(FormatError(FormatErrorKind::wrong_length, number, column,
                            "this row of a pencil-mark grid has " + std::to_string(tokens.size()) +
                                " cells; a row of a " + size_name(n) + " grid has " +
                                std::to_string(n) +
                                " (each cell its candidates written together, cells set apart "
                                "by blanks)"));
  }
  const SymbolTable& symbols = table(n);
  for (std::size_t j = 0; j < tokens.size(); ++j) {
    const auto [begin, end] = tokens[j];
    const std::size_t cell = static_cast<std::size_t>(rows * n) + j;
    cells[cell] = Location{number, begin + 1};
    Mask m = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const int d = symbols[static_cast<unsigned char>(text[i])];
      if (text[i] == '!' || d < 1)
        return fail(FormatError(
            text[i] == '!' ? FormatErrorKind::bad_position : FormatErrorKind::bad_character, number,
            i + 1,
            text[i] == '!' ? cell_name(n, static_cast<int>(cell)) +
                                 " has no candidate: each cell needs at least one"
                           : "bad character " + shown(text, i) +
                                 " in a pencil-mark grid: a cell lists its candidates, " +
                                 options.symbols.describe(n)));
      m |= digit_bit(d);
    }
    marks[cell] = m;
    givens[cell] = count_of(m) == 1 ? lowest_digit(m) : 0;
  }
  if (++rows < n) return std::nullopt;
  grid_size = 0;
  rows = 0;
  list_grid = false;
  return finish(grid_line, n);
}

// The size of the candidate writer's grid a line is a row of: '|' at even distances, what they
// enclose blanks, '*', '.', '!' and digits; 0 when it is none.
int PuzzleReader::Impl::canvas_size_of(std::string_view text) const {
  if (variant == Variant::jigsaw) return 0;
  const std::size_t first = text.find('|');
  if (first == std::string_view::npos) return 0;
  for (std::size_t i = 0; i < first; ++i)
    if (!is_space(text[i]) && !is_digit(text[i])) return 0;
  std::size_t pipes = 0, gap = 0, last = first;
  for (std::size_t i = first + 1; i < text.size(); ++i) {
    if (text[i] != '|') continue;
    if (gap == 0) gap = i - last;
    if (i - last != gap) return 0;
    last = i;
    ++pipes;
  }
  if (first_non_space(text, last + 1) != text.size()) return 0;
  int n = 0;
  for (int size : {4, 6, 9}) {
    const MiniGrid mini(size);
    if (gap == static_cast<std::size_t>(mini.gap) &&
        pipes == static_cast<std::size_t>(size / mini.box_cols))
      n = size;
  }
  if (n == 0 || (told_size > 0 && told_size != n)) return 0;
  bool any = false;
  for (std::size_t i = first + 1; i < last; ++i) {
    const char c = text[i];
    if (c == '|' || c == '*' || is_space(c)) continue;
    if (c != '.' && c != '!' && options.symbols.digit(n, c) < 1) return 0;
    any = true;
  }
  return any ? n : 0;
}

std::optional<Record> PuzzleReader::Impl::canvas_line(std::string_view text, std::size_t number) {
  // Read by column: a grid in colour is read without its colour codes.
  if (drop_escapes()) text = line;
  const std::size_t start = first_non_space(text);
  const bool part = (start == text.size() || text[start] != '#') &&
                    text.find_first_of("|+") != std::string_view::npos;
  if (!part) {
    pending = true;
    return canvas_truncated("before line " + std::to_string(number));
  }
  canvas.emplace_back(text);
  if (canvas.size() < static_cast<std::size_t>(canvas_size * (MiniGrid(canvas_size).down + 1)))
    return std::nullopt;
  return decode_canvas();
}

Record PuzzleReader::Impl::canvas_truncated(std::string_view where) {
  const MiniGrid mini(canvas_size);
  const std::size_t done = (canvas.size() - 1) / static_cast<std::size_t>(mini.down + 1);
  Record r =
      error(FormatError(FormatErrorKind::truncated_grid, canvas_first + 1, 1,
                        "incomplete " + size_name(canvas_size) + " candidate grid: it ends after " +
                            std::to_string(done) + " of its " + std::to_string(canvas_size) +
                            " rows, " + std::string(where)));
  canvas_size = 0;
  canvas.clear();
  return r;
}

std::optional<Record> PuzzleReader::Impl::decode_canvas() {
  const int n = canvas_size;
  const MiniGrid mini(n);
  canvas_size = 0;
  const auto cells_count = static_cast<std::size_t>(n * n);
  givens.assign(cells_count, 0);
  cells.assign(cells_count, Location{});
  marks.assign(cells_count, 0);
  solution.clear();
  const SymbolTable& symbols = table(n);
  const auto fail = [&](FormatErrorKind kind, std::size_t index, std::size_t column,
                        const std::string& message) {
    canvas.clear();
    return error(FormatError(kind, canvas_first + index, column, message));
  };
  for (int i = 0; i < n; ++i) {
    const auto first = static_cast<std::size_t>(1 + i * (mini.down + 1));
    const std::size_t centre = first + static_cast<std::size_t>(mini.middle);
    const std::string_view row = canvas[centre];
    const std::size_t left = row.find('|');
    for (int s = 0; s <= n / mini.box_cols; ++s) {
      const std::size_t at = left == std::string_view::npos
                                 ? row.size()
                                 : left + static_cast<std::size_t>(s * mini.gap);
      if (at >= row.size() || row[at] != '|')
        return fail(FormatErrorKind::wrong_length, centre, std::min(at, row.size()) + 1,
                    "row " + std::to_string(i + 1) + " of the " + size_name(n) +
                        " candidate grid is not drawn as a row of it: a '|' is missing here");
    }
    for (int j = 0; j < n; ++j) {
      const std::size_t body = left +
                               static_cast<std::size_t>((j / mini.box_cols) * mini.gap + 1 +
                                                        (j % mini.box_cols) * mini.slot) +
                               1;
      const std::size_t cell = static_cast<std::size_t>(i * n + j);
      cells[cell] = Location{canvas_first + centre, body + 1};
      const auto at = [&](int line, int k) {
        const std::string& t = canvas[first + static_cast<std::size_t>(line)];
        const std::size_t p = body + static_cast<std::size_t>(k);
        return p < t.size() ? t[p] : ' ';
      };
      int shown_chars = 0, line_of = 0, place = 0;
      for (int line = 0; line < mini.down; ++line)
        for (int k = 0; k < mini.across; ++k)
          if (at(line, k) != ' ') {
            ++shown_chars;
            line_of = line;
            place = k;
          }
      const std::string name = cell_name(n, static_cast<int>(cell));
      // A digit alone in the middle of the cell: placed.
      if (shown_chars == 1 && line_of == mini.middle && place == (mini.across - 1) / 2 &&
          at(line_of, place) != '.') {
        const char c = at(line_of, place);
        const int d = symbols[static_cast<unsigned char>(c)];
        if (c == '!' || d < 1)
          return fail(c == '!' ? FormatErrorKind::bad_position : FormatErrorKind::bad_character,
                      centre, body + static_cast<std::size_t>(place) + 1,
                      c == '!' ? name + " has no candidate: each cell needs at least one"
                               : "bad character " + quote(c) + " for the digit of " + name +
                                     " in the candidate grid");
        givens[cell] = d;
        marks[cell] = digit_bit(d);
        continue;
      }
      Mask m = 0;
      for (int line = 0; line < mini.down; ++line)
        for (int k = 0; k < mini.across; ++k) {
          const int d = line * mini.across + k + 1;
          const char c = at(line, k);
          if (c == '.' || (c == ' ' && d > n)) continue;
          if (d > n || symbols[static_cast<unsigned char>(c)] != d)
            return fail(FormatErrorKind::bad_character, first + static_cast<std::size_t>(line),
                        body + static_cast<std::size_t>(k) + 1,
                        "bad character " + quote(c) + " in the mini-grid of " + name +
                            ": this place holds " +
                            (d > n ? std::string("nothing")
                                   : "the digit " + std::string(1, options.symbols.symbol(n, d)) +
                                         " or '.'"));
          m |= digit_bit(d);
        }
      if (m == 0)
        return fail(FormatErrorKind::bad_position, centre, body + 1,
                    name + " has no candidate: each cell needs at least one");
      marks[cell] = m;
      if (count_of(m) == 1) givens[cell] = lowest_digit(m);
    }
  }
  canvas.clear();
  return finish(canvas_first + 1, n);
}

}  // namespace sudoku
