// The reader works in two layers: a LineSource cuts the stream into lines, holding at most one
// line and never more than the length limit of it, and the reader proper classifies each line
// (blank, comment, header, border, a one-line puzzle, a row of a grid) and keeps the state of
// the grid being read between lines. Every error is turned into a record on the spot, so a bad
// puzzle costs its own lines and nothing more.
#include "sudoku/io/reader.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "sudoku/search/cache.hpp"

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

// How the counts of a line take each character: 0 a cell, 1 ignored (it ends a run of cells), 2
// the continuation byte of a UTF-8 sequence, which counts with the byte that starts it (so that
// a line with an 'é' is a line with a bad character, not one with a cell too many).
constexpr auto count_table = [] {
  std::array<std::uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[static_cast<std::size_t>(c)] = ignored_character(static_cast<char>(c)) ? 1
                                         : (c & 0xC0) == 0x80                    ? 2
                                                                                 : 0;
  return table;
}();

int count_class(char c) noexcept {
  return count_table[static_cast<unsigned char>(c)];
}

// True for a character that counts as a cell (it may still be a bad one).
bool counts_as_cell(char c) noexcept {
  return count_class(c) == 0;
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
// needed. A line longer than the limit comes back as soon as the limit is passed, holding its
// first limit + 1 bytes; the next call skips the rest of it, up to `skip` bytes: an input with
// no line end past them (/dev/zero) ends there, and abandoned() says so. A raised stop flag ends
// the input at the next read.
class LineSource {
 public:
  LineSource(std::istream& in, std::size_t limit, std::uint64_t skip = 0,
             const std::atomic<bool>* stop = nullptr)
      : in_(in), buf_(in.rdbuf()), limit_(limit), skip_(skip), stop_(stop) {}

  // Reads the next line into `line`; false at the end of the input.
  bool next(std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    if (skipping_ && !skip_rest()) return false;
    bool any = false;
    // Bytes kept: the limit, a '\r', one more to tell a longer line, and on line 1 a byte-order
    // mark, which does not count. A line that fills them all is too long.
    const std::size_t keep = limit_ + 2 + (number_ == 0 ? byte_order_mark.size() : 0);
    for (;;) {
      if (pos_ == end_ && !fill()) {
        // Stopped: a line cut short is not read as if it were whole.
        if (!any || (stop_ != nullptr && stop_->load(std::memory_order_relaxed))) return false;
        break;
      }
      any = true;
      const char* start = chunk_.data() + pos_;
      const auto* end = static_cast<const char*>(std::memchr(start, '\n', end_ - pos_));
      const std::size_t n = end != nullptr ? static_cast<std::size_t>(end - start) : end_ - pos_;
      const std::size_t taken = std::min(n, keep - line.size());
      line.append(start, taken);
      pos_ += taken;
      if (line.size() == keep) {
        // Too long: reported now, at the limit; the rest of the line is skipped next time.
        too_long = true;
        skipping_ = true;
        break;
      }
      if (end != nullptr) {
        ++pos_;
        break;
      }
    }
    ++number_;
    if (!line.empty() && line.back() == '\r' && !too_long) line.pop_back();
    if (number_ == 1 && std::string_view(line).starts_with(byte_order_mark))
      line.erase(0, byte_order_mark.size());
    if (line.size() > limit_) {
      too_long = true;
      line.resize(limit_ + 1);
    }
    return true;
  }

  // True when the input was given up in an over-long line that had no end within the bytes
  // skipped.
  bool abandoned() const noexcept { return abandoned_; }

  // Lines read so far.
  std::size_t number() const noexcept { return number_; }

 private:
  // Skips what is left of an over-long line, up to its newline; false when the input ends first.
  bool skip_rest() {
    skipping_ = false;
    std::uint64_t skipped = 0;
    for (;;) {
      if (pos_ == end_ && !fill()) return false;
      const char* start = chunk_.data() + pos_;
      const auto* end = static_cast<const char*>(std::memchr(start, '\n', end_ - pos_));
      if (end != nullptr) {
        pos_ += static_cast<std::size_t>(end - start) + 1;
        return true;
      }
      skipped += end_ - pos_;
      pos_ = end_;
      if (skip_ != 0 && skipped > skip_) {
        abandoned_ = true;
        buf_ = nullptr;
        return false;
      }
    }
  }

  bool fill() {
    if (buf_ == nullptr) return false;
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return false;
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
  std::uint64_t skip_;
  const std::atomic<bool>* stop_;
  bool skipping_ = false;   // the last line was too long: its rest is still to skip
  bool abandoned_ = false;  // the input ended in an over-long line (see skip_rest)
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

// symbol_digit() for every size a text grid can have and every character, as tables, with -2 for
// the characters a line ignores: the cells of every puzzle read go through it.
constexpr int largest_text_size = 64;
using SymbolTable = std::array<std::int8_t, 256>;
const SymbolTable& symbol_table(int size) {
  static const auto tables = [] {
    std::array<SymbolTable, largest_text_size + 1> all{};
    for (int n = 0; n <= largest_text_size; ++n)
      for (int c = 0; c < 256; ++c)
        all[static_cast<std::size_t>(n)][static_cast<std::size_t>(c)] = static_cast<std::int8_t>(
            is_ignored(static_cast<char>(c)) ? -2 : symbol_digit(n, static_cast<char>(c)));
    return all;
  }();
  return tables[static_cast<std::size_t>(std::clamp(size, 0, largest_text_size))];
}

// What may set text apart from the one-line puzzle before it: a blank, or a character no
// alphabet holds.
constexpr bool is_hard_separator(char c) noexcept {
  return c == ',' || c == ';' || c == '#' || c == ':';
}
constexpr bool is_separator(char c) noexcept {
  return is_space(c) || is_hard_separator(c);
}

// Characters a line ignores that are no blank: the box separators and the pretty writer's
// markers (with spaces as empty cells, these alone are not cells).
bool is_box_character(char c) noexcept {
  return is_ignored(c) && !is_space(c);
}

// The smallest one-line size of at least `cells` cells (25 above them all).
int one_line_size_above(std::size_t cells) noexcept {
  for (int n : known_sizes)
    if (static_cast<std::size_t>(n * n) >= cells) return n;
  return known_sizes.back();
}

// Where the cells of a line lie, for the rules that look past a count: the first unbroken run of
// cells and what ends it, the cells before the first hard separator, and whether a space follows
// the first cell (a sign of spaces written for empty cells).
struct LineShape {
  std::size_t lead = 0;                           // cells of the first run
  std::size_t lead_end = std::string_view::npos;  // index of the character that ends it
  std::size_t before_hard = 0;                    // cells before the first ',', ';', '#' or ':'
  bool hard = false;                              // the line holds one
  bool spaced = false;                            // a space after the first cell
};

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

// The index of the k-th (from 1) character of `text` that is not ignored, or its size.
std::size_t nth_cell(std::string_view text, std::size_t k) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (counts_as_cell(text[i]) && --k == 0) return i;
  return text.size();
}

// Spacing unlike a row of `size` cells: within a box the cells of a row stand at one distance
// from each other, between boxes at one distance no smaller and at most 2 larger (a gap holding
// '|' or a marker is a box border and may be anything). "6  195" is no row of a 4x4 grid.
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

const std::string spaces_hint = "if spaces are empty cells, use --blank ' '";

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

// The puzzle and solution columns (0-based; -1 for none) a CSV header line names, if it is one.
std::optional<std::pair<int, int>> csv_header(std::string_view text) {
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

// The cells of a line and of its first run, a UTF-8 sequence counting once.
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

// Reads up to `count` cells of `text` from index `from` into `digits` and `where`; returns the
// index of the first character that is no cell of the table, or npos. Apart from the reader and
// through raw pointers, so that the loop keeps everything in registers: a store through a byte
// pointer could change a vector of the reader, for all the compiler knows.
std::size_t scan_cells(std::string_view text, std::size_t from, const std::int8_t* symbols,
                       std::size_t count, std::size_t number, std::uint8_t* digits,
                       Location* where) {
  std::size_t k = 0;
  for (std::size_t i = from; i < text.size() && k < count; ++i) {
    const int d = symbols[static_cast<unsigned char>(text[i])];
    if (d == -2) continue;
    if (d < 0) return i;
    digits[k] = static_cast<std::uint8_t>(d);
    where[k] = Location{number, i + 1};
    ++k;
  }
  return std::string_view::npos;
}

}  // namespace

struct PuzzleReader::Impl {
  Impl(std::istream& in, ReaderOptions opts)
      : source(in, opts.max_line_length, opts.max_skipped_line, opts.stop),
        options(std::move(opts)) {
    variant = options.variant;
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

  std::optional<Record> next();
  std::optional<Record> at_end();
  std::optional<Record> handle_line(std::size_t number);
  std::optional<Record> header(std::string_view text, std::size_t number, std::size_t start);
  std::optional<Record> region_row(std::string_view text, std::size_t number);
  std::optional<Record> data_line(std::string_view text, std::size_t number);
  std::optional<Record> start_grid(std::string_view text, std::size_t number, int size,
                                   bool spaced);
  std::optional<Record> add_row(std::string_view text, std::size_t number);
  std::optional<Record> one_line(std::string_view text, std::size_t number, int size);
  std::optional<Record> csv_record(std::string_view text, std::size_t number);
  std::optional<Record> blank_line(std::string_view text, std::size_t number);
  std::optional<Record> blank_grid();
  std::optional<Record> finish(std::size_t number, int size);
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
  int one_line_tail(std::string_view text, const LineShape& shape, int size) const;
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
    const SymbolTable& symbols = table(size);
    for (char c : text)
      if (symbols[static_cast<unsigned char>(c)] == -1) return false;
    return true;
  }
  int blank_size() const noexcept {
    if (told_size > 0) return told_size;
    return variant == Variant::jigsaw && regions_size > 0 ? regions_size : 9;
  }

  // The digit of each character for a grid of `size`, -2 for characters a line ignores.
  const SymbolTable& table(int size) {
    if (!custom_table) {
      if (size != last_table_size) {
        last_table_size = size;
        last_table = &symbol_table(size);
      }
      return *last_table;
    }
    if (own_size != size) {
      own_size = size;
      for (int c = 0; c < 256; ++c) {
        const char ch = static_cast<char>(c);
        own[static_cast<std::size_t>(c)] =
            static_cast<std::int8_t>(is_ignored(ch) ? -2 : options.symbols.digit(size, ch));
      }
      if (options.blank == ' ')
        for (char ch : {'\t', '\v', '\f', '\r'}) own[static_cast<unsigned char>(ch)] = -1;
      if (options.blank != 0) own[static_cast<unsigned char>(options.blank)] = 0;
    }
    return own;
  }

  LineSource source;
  ReaderOptions options;
  int told_size = 0;  // the size the options tell (ReaderOptions::size or the symbols'), or 0
  bool custom_table = false;
  SymbolTable own{};
  int own_size = -1;
  const SymbolTable* last_table = nullptr;  // symbol_table(last_table_size)
  int last_table_size = -1;
  std::string line;
  bool too_long = false;
  bool pending = false;    // `line` is to be read again
  bool abandoned = false;  // the error of an input given up in an endless line is reported
  bool binary = false;     // the input is not text (binary_byte): reported, not read further

  // Headers in force.
  Variant variant;
  std::vector<int> regions;
  int regions_size = 0;
  std::size_t regions_id = 0;    // changes with each new map, for the geometry cache
  std::size_t bad_variant = 0;   // line of a bad #variant in force, or 0
  std::size_t bad_size = 0;      // line of a bad #size in force, or 0
  std::size_t bad_regions = 0;   // line of a bad #regions in force, or 0
  std::optional<RegionMap> map;  // a #regions map being read over the following lines
  std::size_t map_line = 0;
  int csv_puzzle = -1;  // after a CSV header: the puzzle's column, and the solution's (or -1)
  int csv_solution = -1;
  std::size_t csv_line = 0;

  int last_size = 0;  // size of the last puzzle read, to settle 16-cell lines

  // The grid being read.
  int grid_size = 0;
  int rows = 0;
  std::size_t grid_line = 0;
  bool grid_spaced = false;  // its first row, of 4 or 6 cells, has spaces between them
  Grid givens;
  Grid solution;
  std::vector<Location> cells;
  int skip_rows = 0;  // rows of an abandoned grid still to skip
  int skip_size = 0;
  // With spaces as empty cells, the rows of the grid being read, decoded when it is whole.
  std::vector<std::string> row_texts;
  std::vector<std::size_t> row_numbers;

  struct Cached {
    int size;
    Variant variant;
    std::size_t regions_id;
    std::shared_ptr<const Geometry> geometry;
  };
  std::vector<Cached> cache;
};

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
    if ((u < 0x20 && u != '\t' && u != '\v' && u != '\f' && u != '\r') || u == 0x7F) return i;
  }
  return std::nullopt;
}

}  // namespace

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
  if (grid_size > 0) return truncated("at the end of the input");
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
    return error(std::move(e));
  }
  const std::string_view text = line;
  const std::size_t start = first_non_space(text);
  if (start == text.size()) {
    // With spaces as empty cells, a blank line inside a grid is a row of empty cells, and one of
    // a row's full width may begin a grid.
    if (options.blank == ' ' && !map) {
      const auto n = static_cast<std::size_t>(blank_size());
      if (grid_size > 0 || text.size() == n || text.size() == 2 * n - 1)
        return blank_line(text, number);
    }
    return std::nullopt;
  }
  if (text[start] == '#') {
    const auto [keyword, rest] = header_words(text.substr(start));
    if (keyword != "variant" && keyword != "regions" && keyword != "size") return std::nullopt;
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
  if (is_border_line(text)) return std::nullopt;
  return data_line(text, number);
}

std::optional<Record> PuzzleReader::Impl::header(std::string_view text, std::size_t number,
                                                 std::size_t start) {
  const auto [keyword, rest] = header_words(text.substr(start));
  const std::size_t arg = text.size() - rest.size() + first_non_space(rest);
  std::string_view value = text.substr(arg);
  while (!value.empty() && is_space(value.back())) value.remove_suffix(1);
  if (keyword == "size") {
    // The size of the puzzles that follow, as ReaderOptions::size tells it (and over it): for the
    // sizes a text does not show alone (8x8, 10x10, ...).
    int n = 0;
    const char* end = value.data() + value.size();
    const auto [stop, ec] = std::from_chars(value.data(), end, n);
    const bool number_ok = !value.empty() && ec == std::errc() && stop == end && n >= 1 && n <= 64;
    const int symbols = options.symbols.count();
    if (!number_ok || (symbols > 0 && n != symbols)) {
      bad_size = number;
      return error(FormatError(
          FormatErrorKind::bad_size, number, arg + 1,
          value.empty() ? "#size needs the cells of a row, e.g. '#size 8'"
          : !number_ok  ? "'" + std::string(value) + "' is no size: #size takes the cells of a " +
                             "row, 1 to 64, e.g. '#size 8'"
                       : "#size " + std::string(value) + " does not fit the symbols " +
                             options.symbols.describe(symbols) + " (" + std::to_string(symbols) +
                             " digits)"));
    }
    told_size = n;
    bad_size = 0;
    return std::nullopt;
  }
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

std::optional<Record> PuzzleReader::Impl::data_line(std::string_view text, std::size_t number) {
  if (csv_puzzle >= 0) return csv_record(text, number);
  if (options.blank == ' ') return blank_line(text, number);
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
  // A count other than the usual may be a line with multi-byte characters: each counts once.
  if (const int usual = grid_size > 0   ? grid_size
                        : told_size > 0 ? told_size
                                        : last_size;
      count != static_cast<std::size_t>(grid_size > 0 ? usual : usual * usual))
    count_characters(text, count, run);
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
    const bool first_spaced = grid_spaced;
    abandon_grid();
    return error(row_error(text, number, count, size, first_spaced));
  }

  if (told_size > 0) {
    const int n = told_size;
    const auto need = static_cast<std::size_t>(n * n);
    if (count == need) return one_line(text, number, n);
    if (count == static_cast<std::size_t>(n)) return start_grid(text, number, n, false);
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
  return error(line_error(text, number, count, run));
}

std::optional<Record> PuzzleReader::Impl::start_grid(std::string_view text, std::size_t number,
                                                     int size, bool spaced) {
  grid_size = size;
  rows = 0;
  grid_line = number;
  grid_spaced = spaced;
  givens.assign(static_cast<std::size_t>(size * size), 0);
  cells.assign(static_cast<std::size_t>(size * size), Location{});
  solution.clear();
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
  std::optional<Record> r(std::in_place);
  r->line = number;
  r->geometry = std::move(geometry);
  // The reader's buffers go with the record: the next puzzle allocates its own, as a copy would.
  r->givens = std::move(givens);
  r->cells = std::move(cells);
  r->solution = std::move(solution);
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
