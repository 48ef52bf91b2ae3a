#include "sudoku/play/position.hpp"

#include <cctype>
#include <charconv>
#include <utility>

#include "sudoku/io/writer.hpp"
#include "sudoku/play/explain.hpp"

namespace sudoku {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// " r1c3-26 r2c2-7" for the cells with digits in `masks`.
std::string mark_list(const Geometry& g, const std::vector<Mask>& masks, const Symbols& symbols) {
  const int n = g.size();
  std::string out;
  for (std::size_t cell = 0; cell < masks.size(); ++cell) {
    if (masks[cell] == 0) continue;
    out += ' ';
    out += cell_name(g, static_cast<int>(cell));
    out += '-';
    for (int d = 1; d <= n; ++d)
      if (masks[cell] & digit_bit(d)) out += symbols.symbol(n, d);
  }
  return out;
}

std::string quoted(std::string_view text) {
  std::string out = "'";
  out.append(text);
  out += '\'';
  return out;
}

// One line of the text, with its number and the offset of its first byte.
struct Line {
  std::string_view text;
  std::size_t number = 0;
};

std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> lines;
  std::size_t number = 1;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({line, number++});
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// Reads the position lines of one puzzle into `position`.
class LineReader {
 public:
  LineReader(Position& position, const Symbols& symbols, std::vector<Location> cells)
      : p_(position), symbols_(symbols), cells_(std::move(cells)) {}

  // Reads the line if it is one of the position's; false when it is some other line.
  bool read(const Line& line) {
    std::size_t at = 0;
    while (at < line.text.size() && is_space(line.text[at])) ++at;
    if (at == line.text.size() || line.text[at] != '#') return false;
    std::size_t end = at + 1;
    std::string keyword;
    while (end < line.text.size() && !is_space(line.text[end]))
      keyword += static_cast<char>(std::tolower(static_cast<unsigned char>(line.text[end++])));
    int which = keyword == "placed" ? 0 : keyword == "marks" ? 1 : keyword == "removed" ? 2 : -1;
    if (which < 0) return false;
    if (seen_[which] != 0)
      fail(line.number, at + 1,
           "a second #" + keyword + " line (the first is line " + std::to_string(seen_[which]) +
               ")");
    seen_[which] = line.number;
    if (which == 0)
      placed(line, end);
    else
      marks(line, end, which == 1 ? p_.marks : p_.removed);
    return true;
  }

  // Checks what only the whole position tells: digits that clash, marks on cells with a digit.
  void finish() {
    const Geometry& g = *p_.geometry;
    const Grid digits = position_digits(p_);
    if (const auto clash = find_clash(g, digits)) {
      // Said at a digit placed when one of the two is, else at the later given.
      const auto first = static_cast<std::size_t>(clash->first);
      const auto second = static_cast<std::size_t>(clash->second);
      const bool givens = p_.givens[first] != 0 && p_.givens[second] != 0;
      const Location at = givens                   ? cells_[second]
                          : p_.givens[second] == 0 ? placed_at_[second]
                                                   : placed_at_[first];
      fail(at.line, at.column,
           std::string(givens ? "givens clash: " : "digits clash: ") + describe(g, *clash));
    }
    for (std::size_t cell = 0; cell < digits.size(); ++cell)
      if (digits[cell] != 0 && (p_.marks[cell] | p_.removed[cell]) != 0)
        fail(marked_at_[cell].line, marked_at_[cell].column,
             cell_name(g, static_cast<int>(cell)) +
                 " holds a digit: it has no candidates to remove");
  }

 private:
  [[noreturn]] static void fail(std::size_t line, std::size_t column, const std::string& message) {
    throw FormatError(FormatErrorKind::bad_position, line, column, message);
  }

  static std::size_t skip(std::string_view text, std::size_t at) {
    while (at < text.size() && is_space(text[at])) ++at;
    return at;
  }

  std::string digit_help(int n) const { return symbols_.describe(n); }

  void placed(const Line& line, std::size_t at) {
    const Geometry& g = *p_.geometry;
    const int n = g.size();
    const std::size_t cells = static_cast<std::size_t>(g.cell_count());
    placed_at_.assign(cells, {});
    at = skip(line.text, at);
    const std::size_t start = at;
    std::size_t cell = 0;
    for (; at < line.text.size() && !is_space(line.text[at]); ++at, ++cell) {
      const char c = line.text[at];
      if (cell >= cells) break;
      const int d = c == '.' ? 0 : symbols_.digit(n, c);
      if (d < 0)
        fail(line.number, at + 1,
             std::string("bad character '") + c + "' in #placed: a digit (" + digit_help(n) +
                 ") or '.'");
      if (d == 0) continue;
      if (p_.givens[cell] != 0)
        fail(line.number, at + 1,
             cell_name(g, static_cast<int>(cell)) + " holds a given: no digit is placed there");
      p_.placed[cell] = d;
      placed_at_[cell] = {line.number, at + 1};
    }
    if (cell != cells || skip(line.text, at) != line.text.size())
      fail(line.number, start + 1,
           "#placed needs one line of " + std::to_string(cells) + " cells, one for each cell of " +
               "the " + std::to_string(n) + "x" + std::to_string(n) + " grid");
  }

  // "r1c3-26 r2c2-7": cells and the digits removed from them.
  void marks(const Line& line, std::size_t at, std::vector<Mask>& masks) {
    const int n = p_.geometry->size();
    if (marked_at_.empty()) marked_at_.assign(static_cast<std::size_t>(n * n), {});
    for (at = skip(line.text, at); at < line.text.size(); at = skip(line.text, at)) {
      const std::size_t start = at;
      while (at < line.text.size() && !is_space(line.text[at])) ++at;
      const std::string_view word = line.text.substr(start, at - start);
      const std::size_t dash = word.find('-');
      const auto cell = dash == std::string_view::npos ? std::nullopt : parse(word.substr(0, dash));
      if (!cell || dash + 1 == word.size())
        fail(line.number, start + 1,
             quoted(word) + " is no cell and digits such as r1c3-26 of a " + std::to_string(n) +
                 "x" + std::to_string(n) + " grid");
      const auto index = static_cast<std::size_t>(*cell);
      if (marked_at_[index].line == 0) marked_at_[index] = {line.number, start + 1};
      for (std::size_t i = dash + 1; i < word.size(); ++i) {
        const int d = symbols_.digit(n, word[i]);
        if (d < 1)
          fail(line.number, start + i + 1,
               std::string("bad digit '") + word[i] + "': a " + std::to_string(n) + "x" +
                   std::to_string(n) + " grid holds " + digit_help(n));
        masks[index] |= digit_bit(d);
      }
    }
  }

  // The cell named "r3c5".
  std::optional<int> parse(std::string_view name) const {
    return parse_cell_name(*p_.geometry, name);
  }

  Position& p_;
  const Symbols& symbols_;
  std::vector<Location> cells_;
  std::vector<Location> placed_at_, marked_at_;
  std::size_t seen_[3] = {0, 0, 0};
};

}  // namespace

bool is_position_line(std::string_view line) {
  // The rule under a grid (`+---+---+`, HoDoKu's `'---'---'`) closes the puzzle above it.
  if (line.find('-') != std::string_view::npos &&
      line.find_first_not_of("-+|=*.:' \t\r") == std::string_view::npos)
    return true;
  std::size_t at = 0;
  while (at < line.size() && is_space(line[at])) ++at;
  if (at == line.size() || line[at] != '#') return false;
  std::size_t end = ++at;
  while (end < line.size() && !is_space(line[end])) ++end;
  std::string keyword(line.substr(at, end - at));
  for (char& c : keyword) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return keyword == "placed" || keyword == "marks" || keyword == "removed";
}

Position blank_position(std::shared_ptr<const Geometry> geometry) {
  const auto cells = static_cast<std::size_t>(geometry->cell_count());
  return {std::move(geometry), Grid(cells, 0), Grid(cells, 0), std::vector<Mask>(cells, 0),
          std::vector<Mask>(cells, 0)};
}

Grid position_digits(const Position& position) {
  Grid digits = position.givens;
  for (std::size_t cell = 0; cell < digits.size(); ++cell)
    if (digits[cell] == 0) digits[cell] = position.placed[cell];
  return digits;
}

Candidates position_candidates(const Position& position) {
  Candidates c = start_candidates(*position.geometry, position_digits(position));
  const int n = position.geometry->size();
  for (int cell = 0; cell < position.geometry->cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    const Mask gone = position.marks[static_cast<std::size_t>(cell)] |
                      position.removed[static_cast<std::size_t>(cell)];
    for (int d = 1; d <= n; ++d)
      if (gone & digit_bit(d)) c.eliminate(cell, d);
  }
  return c;
}

std::string write_position(const Position& position, const Symbols& symbols) {
  const Geometry& g = *position.geometry;
  // Everything the reader needs to read the line as this shape, so that the text loads back
  // anywhere.
  std::string text = format_header(g);
  text += format_line(g, position.givens, symbols) + "\n";
  bool placed = false;
  for (int d : position.placed) placed = placed || d != 0;
  if (placed) text += "#placed " + format_line(g, position.placed, symbols) + "\n";
  if (const std::string marks = mark_list(g, position.marks, symbols); !marks.empty())
    text += "#marks" + marks + "\n";
  if (const std::string removed = mark_list(g, position.removed, symbols); !removed.empty())
    text += "#removed" + removed + "\n";
  return text;
}

std::optional<Position> read_position(std::string_view text, const ReaderOptions& options) {
  const std::vector<Record> records = read_all(text, options);
  if (records.empty()) return std::nullopt;
  const Record& record = records.front();
  if (!record.ok()) throw *record.error;
  Position position = blank_position(record.geometry);
  position.givens = record.givens;
  // Pencil-mark input: the candidates it leaves out are removed (by steps, not by hand).
  if (!record.candidates.empty() && !find_clash(*record.geometry, record.givens)) {
    const Candidates c = start_candidates(*record.geometry, record.givens);
    for (std::size_t cell = 0; cell < record.candidates.size(); ++cell)
      if (c.value(static_cast<int>(cell)) == 0)
        position.removed[cell] = c.mask(static_cast<int>(cell)) & ~record.candidates[cell];
  }
  // The position lines of the first puzzle: after its last cell, before the next puzzle.
  std::size_t first = record.line;
  for (const Location& at : record.cells) first = std::max(first, at.line);
  const std::size_t last = records.size() > 1 ? records[1].line : static_cast<std::size_t>(-1);
  LineReader reader(position, options.symbols, record.cells);
  for (const Line& line : lines_of(text))
    if (line.number > first && line.number < last) reader.read(line);
  reader.finish();
  return position;
}

}  // namespace sudoku
