// The reader works in two layers: a LineSource cuts the stream into lines, holding at most one
// line and never more than the length limit of it, and the reader proper classifies each line
// (blank, comment, header, border, a one-line puzzle, a row of a grid) and keeps the state of
// the grid being read between lines. Every error is turned into a record on the spot, so a bad
// puzzle costs its own lines and nothing more.
#include "sudoku/reader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <utility>

#include "sudoku/cache.hpp"

namespace sudoku {
namespace {

constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";

// The sizes the reader tells from the input alone.
constexpr std::array<int, 6> known_sizes = {4, 6, 9, 12, 16, 25};

constexpr bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// Characters ignored inside a line: whitespace, box separators, the pretty writer's markers.
constexpr bool ignored_character(char c) noexcept {
  switch (c) {
    case '|':
    case '+':
    case '[':
    case ']':
    case '(':
    case ')':
    case '{':
    case '}':
      return true;
    default:
      return is_space(c);
  }
}

// The same as a table: the readers test every character of every line.
constexpr auto ignored_table = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[static_cast<std::size_t>(c)] = ignored_character(static_cast<char>(c));
  return table;
}();

bool is_ignored(char c) noexcept {
  return ignored_table[static_cast<unsigned char>(c)];
}

// Characters a border line may be made of.
bool is_border(char c) noexcept {
  return c == '-' || c == '+' || c == '|' || c == '=' || c == '*' || is_space(c);
}

bool is_known_size(int n) noexcept {
  return std::find(known_sizes.begin(), known_sizes.end(), n) != known_sizes.end();
}

// The size whose one-line puzzle has exactly `cells` cells, or 0.
int one_line_size(std::size_t cells) noexcept {
  for (int n : known_sizes)
    if (cells == static_cast<std::size_t>(n * n)) return n;
  return 0;
}

std::string size_name(int n) {
  return std::to_string(n) + "x" + std::to_string(n);
}

// The digits of a size as a message names them: "1-9", "1-9 and A-G", "A-Y".
std::string alphabet(int size) {
  if (size == 25) return "A-Y";
  if (size <= 9) return size == 1 ? "1" : "1-" + std::string(1, static_cast<char>('0' + size));
  const std::string letters =
      size == 10 ? "A" : "A-" + std::string(1, static_cast<char>('A' + size - 10));
  return "1-9 and " + letters;
}

// The character at `pos` for a message: 'z', 'é' (a whole UTF-8 sequence), or "byte 0x07".
std::string shown(std::string_view line, std::size_t pos) {
  const auto byte = static_cast<unsigned char>(line[pos]);
  if (byte >= 0x20 && byte < 0x7F) return "'" + std::string(1, line[pos]) + "'";
  if (byte >= 0xC0 && byte < 0xF8) {
    std::size_t len = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
    if (pos + len <= line.size()) {
      bool valid = true;
      for (std::size_t i = 1; i < len; ++i)
        valid = valid && (static_cast<unsigned char>(line[pos + i]) & 0xC0) == 0x80;
      if (valid) return "'" + std::string(line.substr(pos, len)) + "'";
    }
  }
  constexpr std::string_view hex = "0123456789ABCDEF";
  std::string code = "byte 0x";
  code += hex[byte >> 4];
  code += hex[byte & 0xF];
  return code;
}

FormatError too_long_error(std::size_t line, std::size_t limit) {
  return FormatError(FormatErrorKind::line_too_long, line, limit + 1,
                     "line is longer than the limit of " + std::to_string(limit) + " bytes");
}

// Cuts a stream into lines: CRLF and LF ends, a byte-order mark at the start, no final newline
// needed. A line longer than the limit keeps only its first limit + 1 bytes; the rest is skipped.
class LineSource {
 public:
  LineSource(std::istream& in, std::size_t limit) : in_(in), buf_(in.rdbuf()), limit_(limit) {}

  // Reads the next line into `line`; false at the end of the input.
  bool next(std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    bool any = false;
    // Bytes kept: the limit, a '\r', one more to tell a longer line, and on line 1 a byte-order
    // mark, which does not count. A line that fills them all is too long.
    const std::size_t keep = limit_ + 2 + (number_ == 0 ? byte_order_mark.size() : 0);
    for (;;) {
      if (pos_ == end_ && !fill()) {
        if (!any) return false;
        break;
      }
      any = true;
      const char* start = chunk_.data() + pos_;
      const auto* end = static_cast<const char*>(std::memchr(start, '\n', end_ - pos_));
      const std::size_t n = end != nullptr ? static_cast<std::size_t>(end - start) : end_ - pos_;
      if (!too_long) {
        line.append(start, std::min(n, keep - line.size()));
        too_long = line.size() == keep;
      }
      pos_ += n;
      if (end != nullptr) {
        ++pos_;
        break;
      }
    }
    ++number_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number_ == 1 && std::string_view(line).starts_with(byte_order_mark))
      line.erase(0, byte_order_mark.size());
    if (line.size() > limit_) {
      too_long = true;
      line.resize(limit_ + 1);
    }
    return true;
  }

  // Lines read so far.
  std::size_t number() const noexcept { return number_; }

 private:
  bool fill() {
    if (buf_ == nullptr) return false;
    pos_ = end_ = 0;
    // A read error (a directory as standard input, a failing disk) throws from the stream
    // buffer: it ends the input and sets badbit, as the stream's own reads would.
    try {
      // Take what is already there, so that an interactive stream is read line by line.
      if (buf_->sgetc() == std::char_traits<char>::eof()) return false;
      std::streamsize want = buf_->in_avail();
      if (want <= 0) want = 1;
      want = std::min<std::streamsize>(want, static_cast<std::streamsize>(chunk_limit));
      // The buffer grows to what the stream offers, up to the limit: a short text (read_all, a
      // session's `load`) costs no buffer of the limit's size, zeroed.
      if (static_cast<std::size_t>(want) > chunk_.size())
        chunk_.resize(
            std::min(chunk_limit, std::max(static_cast<std::size_t>(want), 2 * chunk_.size())));
      const std::streamsize got = buf_->sgetn(chunk_.data(), want);
      end_ = got > 0 ? static_cast<std::size_t>(got) : 0;
    } catch (...) {
      buf_ = nullptr;
      in_.setstate(std::ios::badbit);  // rethrows as std::ios_base::failure if `in` asks for it
      return false;
    }
    return end_ > 0;
  }

  std::istream& in_;
  std::streambuf* buf_;
  std::size_t limit_;
  static constexpr std::size_t chunk_limit = std::size_t{1} << 16;  // bytes read at once, at most
  std::vector<char> chunk_;
  std::size_t pos_ = 0, end_ = 0;
  std::size_t number_ = 0;
};

// Collects a region map from one line or N lines of symbols and checks it.
class RegionMap {
 public:
  // Adds the symbols of one line; `whole` means the line is the whole map. Throws FormatError.
  void add_line(std::string_view text, std::size_t line, bool whole) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (is_space(text[i])) continue;
      const auto c = static_cast<unsigned char>(text[i]);
      if (!std::isalnum(c) || c >= 0x80)
        throw FormatError(FormatErrorKind::bad_regions, line, i + 1,
                          "bad region symbol " + shown(text, i) + ": use 0-9, A-Z or a-z");
      symbols_ += text[i];
      where_.push_back({line, i + 1});
      ++count;
    }
    if (whole) {
      std::size_t n = 1;
      while (n * n < count) ++n;
      if (n * n != count)
        throw FormatError(
            FormatErrorKind::bad_regions, line, 1,
            "a region map needs N*N symbols, one per cell; this one has " + std::to_string(count));
      width_ = n;
      rows_ = n;
      return;
    }
    if (width_ == 0) width_ = count;
    if (count != width_)
      throw FormatError(FormatErrorKind::bad_regions, line, text.size() + 1,
                        "a row of this region map needs " + std::to_string(width_) +
                            " symbols, like its first row; this one has " + std::to_string(count));
    ++rows_;
  }

  // True when the map has as many rows as symbols per row.
  bool done() const noexcept { return width_ > 0 && rows_ == width_; }
  // Rows read, and rows needed.
  std::size_t rows() const noexcept { return rows_; }
  std::size_t width() const noexcept { return width_; }

  // Each cell's region, numbered in order of first appearance; throws FormatError.
  std::vector<int> regions() const {
    const std::size_t n = width_;
    std::array<int, 128> index;
    index.fill(-1);
    std::array<std::size_t, 128> count{}, first{};
    std::vector<int> out;
    out.reserve(symbols_.size());
    int next = 0;
    for (std::size_t i = 0; i < symbols_.size(); ++i) {
      const auto c = static_cast<unsigned char>(symbols_[i]);
      if (index[c] < 0) {
        index[c] = next++;
        first[c] = i;
      }
      ++count[c];
      out.push_back(index[c]);
    }
    if (static_cast<std::size_t>(next) != n)
      throw FormatError(FormatErrorKind::bad_regions, where_.front().line, where_.front().column,
                        "the region map names " + std::to_string(next) + " regions; a " +
                            size_name(static_cast<int>(n)) + " grid has " + std::to_string(n));
    for (std::size_t i = 0; i < symbols_.size(); ++i) {
      const auto c = static_cast<unsigned char>(symbols_[i]);
      if (first[c] != i || count[c] == n) continue;
      throw FormatError(FormatErrorKind::bad_regions, where_[i].line, where_[i].column,
                        "region '" + std::string(1, symbols_[i]) + "' has " +
                            std::to_string(count[c]) + " cells; each region of a " +
                            size_name(static_cast<int>(n)) + " grid needs " + std::to_string(n));
    }
    return out;
  }

 private:
  std::string symbols_;
  std::vector<Location> where_;
  std::size_t width_ = 0, rows_ = 0;
};

// Splits "#keyword rest" into the keyword (lower case, without '#') and the rest.
std::pair<std::string, std::string_view> header_words(std::string_view text) {
  std::size_t i = 1;
  std::string keyword;
  while (i < text.size() && !is_space(text[i])) {
    keyword += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    ++i;
  }
  return {keyword, text.substr(i)};
}

std::size_t first_non_space(std::string_view text, std::size_t from = 0) {
  while (from < text.size() && is_space(text[from])) ++from;
  return from;
}

// Reads `count` cells of `text` into givens/cells from `first`; throws FormatError.
// symbol_digit() for every size a text grid can have and every character, as tables, with -2 for
// the characters a line ignores: the cells of every puzzle read go through it.
constexpr int largest_text_size = 64;
const std::array<std::int8_t, 256>& symbol_table(int size) {
  static const auto tables = [] {
    std::array<std::array<std::int8_t, 256>, largest_text_size + 1> all{};
    for (int n = 0; n <= largest_text_size; ++n)
      for (int c = 0; c < 256; ++c)
        all[static_cast<std::size_t>(n)][static_cast<std::size_t>(c)] = static_cast<std::int8_t>(
            is_ignored(static_cast<char>(c)) ? -2 : symbol_digit(n, static_cast<char>(c)));
    return all;
  }();
  return tables[static_cast<std::size_t>(std::clamp(size, 0, largest_text_size))];
}

void read_cells(std::string_view text, std::size_t number, int size, std::size_t first,
                std::size_t count, Grid& givens, std::vector<Location>& cells) {
  const std::array<std::int8_t, 256>& symbols = symbol_table(size);
  std::size_t k = 0;
  for (std::size_t i = 0; i < text.size() && k < count; ++i) {
    const int d = symbols[static_cast<unsigned char>(text[i])];
    if (d == -2) continue;
    if (d < 0)
      throw FormatError(FormatErrorKind::bad_character, number, i + 1,
                        "bad character " + shown(text, i) + ": a " + size_name(size) +
                            " grid holds " + alphabet(size) + ", and '.' or '0' for an empty cell");
    givens[first + k] = static_cast<std::uint8_t>(d);
    cells[first + k] = Location{number, i + 1};
    ++k;
  }
}

}  // namespace

struct PuzzleReader::Impl {
  Impl(std::istream& in, ReaderOptions opts)
      : source(in, opts.max_line_length), options(std::move(opts)) {
    variant = options.variant;
    if (!options.regions.empty()) {
      regions = options.regions;
      std::size_t n = 1;
      while (n * n < regions.size()) ++n;
      regions_size = static_cast<int>(n);
    }
  }

  std::optional<Record> next();
  std::optional<Record> at_end();
  std::optional<Record> handle_line(std::size_t number);
  std::optional<Record> header(std::string_view text, std::size_t number, std::size_t start);
  std::optional<Record> region_row(std::string_view text, std::size_t number);
  std::optional<Record> data_line(std::string_view text, std::size_t number);
  std::optional<Record> add_row(std::string_view text, std::size_t number);
  std::optional<Record> one_line(std::string_view text, std::size_t number, int size);
  Record finish(std::size_t number, int size);
  Record error(FormatError e) {
    Record r;
    r.line = e.line();
    r.error = std::move(e);
    return r;
  }
  Record truncated(std::string_view where);
  void abandon_grid() {
    skip_rows = grid_size - rows - 1;
    skip_size = grid_size;
    grid_size = 0;
    rows = 0;
  }
  bool is_border_line(std::string_view text) const;
  int choose16(std::string_view text) const;

  LineSource source;
  ReaderOptions options;
  std::string line;
  bool too_long = false;
  bool pending = false;  // `line` is to be read again

  // Headers in force.
  Variant variant;
  std::vector<int> regions;
  int regions_size = 0;
  std::size_t regions_id = 0;    // changes with each new map, for the geometry cache
  std::size_t bad_variant = 0;   // line of a bad #variant in force, or 0
  std::size_t bad_regions = 0;   // line of a bad #regions in force, or 0
  std::optional<RegionMap> map;  // a #regions map being read over the following lines
  std::size_t map_line = 0;

  int last_size = 0;  // size of the last puzzle read, to settle 16-cell lines

  // The grid being read.
  int grid_size = 0;
  int rows = 0;
  std::size_t grid_line = 0;
  Grid givens;
  std::vector<Location> cells;
  int skip_rows = 0;  // rows of an abandoned grid still to skip
  int skip_size = 0;

  struct Cached {
    int size;
    Variant variant;
    std::size_t regions_id;
    std::shared_ptr<const Geometry> geometry;
  };
  std::vector<Cached> cache;
};

std::optional<Record> PuzzleReader::Impl::next() {
  for (;;) {
    if (!pending && !source.next(line, too_long)) return at_end();
    pending = false;
    if (auto record = handle_line(source.number())) return record;
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
  if (grid_size > 0) return truncated("at the end of the input");
  return std::nullopt;
}

Record PuzzleReader::Impl::truncated(std::string_view where) {
  Record r = error(FormatError(
      FormatErrorKind::truncated_grid, grid_line, cells.empty() ? 1 : cells.front().column,
      "incomplete " + size_name(grid_size) + " grid: it ends after " + std::to_string(rows) +
          " of its " + std::to_string(grid_size) + " rows, " + std::string(where)));
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
    return error(std::move(e));
  }
  const std::string_view text = line;
  const std::size_t start = first_non_space(text);
  if (start == text.size()) return std::nullopt;
  if (text[start] == '#') {
    const auto [keyword, rest] = header_words(text.substr(start));
    if (keyword != "variant" && keyword != "regions") return std::nullopt;
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
  if (is_border_line(text)) return std::nullopt;
  return data_line(text, number);
}

std::optional<Record> PuzzleReader::Impl::header(std::string_view text, std::size_t number,
                                                 std::size_t start) {
  const auto [keyword, rest] = header_words(text.substr(start));
  const std::size_t arg = text.size() - rest.size() + first_non_space(rest);
  std::string_view value = text.substr(arg);
  while (!value.empty() && is_space(value.back())) value.remove_suffix(1);
  if (keyword == "variant") {
    try {
      if (value.empty()) throw GeometryError("");
      variant = parse_variant(value);
      bad_variant = 0;
      return std::nullopt;
    } catch (const GeometryError&) {
      bad_variant = number;
      return error(FormatError(FormatErrorKind::bad_variant, number, arg + 1,
                               value.empty()
                                   ? "#variant needs a name: regular, hyper, x, hyper-x or jigsaw"
                                   : "unknown variant '" + std::string(value) +
                                         "': use regular, hyper, x, hyper-x or jigsaw"));
    }
  }
  // #regions
  variant = Variant::jigsaw;
  bad_variant = 0;
  if (value.empty()) {
    map.emplace();
    map_line = number;
    return std::nullopt;
  }
  try {
    RegionMap m;
    m.add_line(text.substr(arg), number, true);
    // Columns of the map's errors count within the map; the catch below shifts them.
    regions = m.regions();
    regions_size = static_cast<int>(m.width());
    ++regions_id;
    bad_regions = 0;
    return std::nullopt;
  } catch (const FormatError& e) {
    bad_regions = number;
    return error(FormatError(e.kind(), e.line(), e.column() + arg, e.what()));
  }
}

std::optional<Record> PuzzleReader::Impl::region_row(std::string_view text, std::size_t number) {
  try {
    map->add_line(text, number, false);
    if (!map->done()) return std::nullopt;
    regions = map->regions();
    regions_size = static_cast<int>(map->width());
    ++regions_id;
    bad_regions = 0;
    map.reset();
    return std::nullopt;
  } catch (const FormatError& e) {
    // The rest of the map's rows would read as puzzles: skip them as an abandoned grid's.
    skip_rows = map->width() > map->rows() ? static_cast<int>(map->width() - map->rows()) - 1 : 0;
    skip_size = static_cast<int>(map->width());
    map.reset();
    bad_regions = map_line;
    return error(e);
  }
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
  if (options.size > 0) return count != options.size && count != options.size * options.size;
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

std::optional<Record> PuzzleReader::Impl::data_line(std::string_view text, std::size_t number) {
  // Cells of the line (every character not ignored), the length of its first run of them, and
  // where the content ends.
  std::size_t count = 0, run = 0, end = 0;
  bool in_run = true, started = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (is_ignored(text[i])) {
      if (started) in_run = false;
      continue;
    }
    started = true;
    ++count;
    if (in_run) ++run;
    end = i + 1;
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
    if (count == n) return add_row(text, number);
    if (count >= n * n) {
      pending = true;
      return truncated("before the one-line puzzle at line " + std::to_string(number));
    }
    const int size = grid_size;
    abandon_grid();
    if (count < n)
      return error(FormatError(FormatErrorKind::wrong_length, number, end + 1,
                               "this row has " + std::to_string(count) + " cells; a row of a " +
                                   size_name(size) + " grid has " + std::to_string(size)));
    std::size_t seen = 0, column = 1;
    for (std::size_t i = 0; i < text.size(); ++i)
      if (!is_ignored(text[i]) && ++seen == n + 1) column = i + 1;
    return error(FormatError(FormatErrorKind::wrong_length, number, column,
                             "this row has " + std::to_string(count) + " cells; a row of a " +
                                 size_name(size) + " grid has " + std::to_string(size)));
  }

  int size = options.size;
  bool whole = false;
  if (size > 0) {
    const auto n = static_cast<std::size_t>(size);
    if (count >= n * n) {
      whole = true;
    } else if (count != n) {
      return error(FormatError(FormatErrorKind::wrong_length, number, end + 1,
                               "this line has " + std::to_string(count) + " cells; a " +
                                   size_name(size) + " puzzle needs " + std::to_string(n * n) +
                                   " on one line, or rows of " + std::to_string(n)));
    }
  } else if (count == 16 ||
             (run == 16 && one_line_size(count) == 0 && !is_known_size(static_cast<int>(count)))) {
    size = choose16(text);
    whole = size == 4;
    if (size == 16 && count != 16)
      return error(FormatError(
          FormatErrorKind::wrong_length, number, end + 1,
          "this line has " + std::to_string(count) + " cells; a row of a 16x16 grid has 16"));
  } else if (const int s = one_line_size(count); s > 0) {
    size = s;
    whole = true;
  } else if (is_known_size(static_cast<int>(count))) {
    size = static_cast<int>(count);
  } else if (const int r = one_line_size(run); r > 0) {
    size = r;
    whole = true;
  } else if (run > 16 || count > 25) {
    // The nearest one-line size: a longer first run is a puzzle with text after it, a shorter
    // line a puzzle with cells missing.
    const std::size_t x = run > 16 ? run : count;
    int best = known_sizes.front();
    for (int n : known_sizes) {
      const auto sq = static_cast<std::size_t>(n * n);
      const auto bsq = static_cast<std::size_t>(best * best);
      if ((sq > x ? sq - x : x - sq) < (bsq > x ? bsq - x : x - bsq)) best = n;
    }
    const auto need = static_cast<std::size_t>(best * best);
    if (x < need)
      return error(FormatError(FormatErrorKind::wrong_length, number, end + 1,
                               "this line has " + std::to_string(x) + " cells; a one-line " +
                                   size_name(best) + " puzzle has " + std::to_string(need)));
    size = best;
    whole = true;
  } else {
    return error(FormatError(FormatErrorKind::wrong_length, number, end + 1,
                             "this line has " + std::to_string(count) +
                                 " cells: neither a one-line puzzle (16, 36, 81, 144, 256 or 625 "
                                 "cells) nor a row of a grid (4, 6, 9, 12, 16 or 25 cells)"));
  }
  if (whole) return one_line(text, number, size);
  grid_size = size;
  rows = 0;
  grid_line = number;
  givens.assign(static_cast<std::size_t>(size * size), 0);
  cells.assign(static_cast<std::size_t>(size * size), Location{});
  return add_row(text, number);
}

std::optional<Record> PuzzleReader::Impl::add_row(std::string_view text, std::size_t number) {
  const auto n = static_cast<std::size_t>(grid_size);
  try {
    read_cells(text, number, grid_size, static_cast<std::size_t>(rows) * n, n, givens, cells);
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
  try {
    read_cells(text, number, size, 0, cells_count, givens, cells);
  } catch (const FormatError& e) {
    return error(e);
  }
  return finish(number, size);
}

Record PuzzleReader::Impl::finish(std::size_t number, int size) {
  last_size = size;
  const std::size_t column = cells.empty() ? 1 : cells.front().column;
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
    if (c.size == size && c.variant == variant && c.regions_id == id) geometry = c.geometry;
  if (!geometry) {
    try {
      // Shared by every reader of the process: reading a file builds no geometry once a shape
      // has been seen.
      geometry = variant == Variant::jigsaw ? shared_jigsaw(size, regions)
                                            : shared_geometry(size, variant);
    } catch (const GeometryError& e) {
      return error(FormatError(FormatErrorKind::bad_geometry, number, column, e.what()));
    }
    if (cache.size() >= 16) cache.erase(cache.begin());
    cache.push_back({size, variant, id, geometry});
  }
  Record r;
  r.line = number;
  r.geometry = std::move(geometry);
  r.givens = givens;
  r.cells = cells;
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

std::vector<Record> read_all(std::string_view text, const ReaderOptions& options) {
  std::istringstream in{std::string(text)};
  PuzzleReader reader(in, options);
  std::vector<Record> out;
  while (auto r = reader.next()) out.push_back(std::move(*r));
  return out;
}

std::vector<int> read_regions(std::istream& in) {
  LineSource source(in, std::size_t{1} << 20);
  std::string text;
  bool too_long = false;
  std::optional<RegionMap> map;
  std::size_t first = 0;
  while (source.next(text, too_long)) {
    const std::size_t number = source.number();
    if (too_long) throw too_long_error(number, std::size_t{1} << 20);
    const std::size_t start = first_non_space(text);
    if (start == text.size() || text[start] == '#') continue;
    if (!map) {
      map.emplace();
      first = number;
      // A line that holds a whole map (more than 16 symbols that are a square) is the map.
      std::size_t count = 0;
      for (char c : text) count += is_space(c) ? 0 : 1;
      std::size_t n = 1;
      while (n * n < count) ++n;
      if (count > 16 && n * n == count) {
        map->add_line(text, number, true);
        break;
      }
    }
    map->add_line(text, number, false);
    if (map->done()) break;
  }
  if (in.bad())
    throw FormatError(FormatErrorKind::bad_regions, source.number() + 1, 1,
                      "read error: the region map cannot be read");
  if (!map)
    throw FormatError(FormatErrorKind::bad_regions, source.number() + 1, 1,
                      "no region map: the input is empty or only comments");
  if (!map->done())
    throw FormatError(FormatErrorKind::bad_regions, first, 1,
                      "the region map ends after " + std::to_string(map->rows()) + " of " +
                          std::to_string(map->width()) + " rows");
  return map->regions();
}

std::vector<int> read_regions(std::string_view text) {
  std::istringstream in{std::string(text)};
  return read_regions(in);
}

}  // namespace sudoku
