#include "rules/rule_kit.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdlib>

namespace sudoku::rules {

std::vector<Word> split_words(std::string_view text) {
  std::vector<Word> words;
  const auto separator = [](char c) { return c == ' ' || c == '\t' || c == ',' || c == '\r'; };
  for (std::size_t i = 0; i < text.size();) {
    if (separator(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !separator(text[end])) ++end;
    words.push_back({text.substr(i, end - i), i});
    i = end;
  }
  return words;
}

std::string quoted(std::string_view text) {
  std::string out(1, '\'');
  out += text;
  out += '\'';
  return out;
}

int read_cell(const Geometry& geometry, const Word& word) {
  if (const auto cell = parse_cell_name(geometry, word.text)) return *cell;
  throw RuleError{bad_cell_name(geometry, word.text), word.offset};
}

bool adjacent(const Geometry& geometry, int a, int b) noexcept {
  const int dr = std::abs(geometry.row_of(a) - geometry.row_of(b));
  const int dc = std::abs(geometry.column_of(a) - geometry.column_of(b));
  return dr + dc == 1;
}

std::pair<int, int> read_edge(const Geometry& geometry, const Word& word) {
  const std::size_t dash = word.text.find('-');
  if (dash == std::string_view::npos)
    throw RuleError{"'" + std::string(word.text) + "' is no pair of cells (e.g. r1c1-r1c2)",
                    word.offset};
  const int a = read_cell(geometry, {word.text.substr(0, dash), word.offset});
  const int b = read_cell(geometry, {word.text.substr(dash + 1), word.offset + dash + 1});
  if (!adjacent(geometry, a, b))
    throw RuleError{"'" + std::string(word.text) + "': the two cells are not neighbours",
                    word.offset};
  return {std::min(a, b), std::max(a, b)};
}

std::string edge_name(const Geometry& geometry, int a, int b) {
  return cell_name(geometry, a) + "-" + cell_name(geometry, b);
}

std::vector<int> read_cell_words(const Geometry& geometry, std::string_view arguments,
                                 std::string_view keyword) {
  std::vector<int> cells;
  std::vector<bool> seen(static_cast<std::size_t>(geometry.cell_count()), false);
  for (const Word& word : split_words(arguments)) {
    const int cell = read_cell(geometry, word);
    if (seen[static_cast<std::size_t>(cell)])
      throw RuleError{cell_name(geometry, cell) + " is listed twice", word.offset};
    seen[static_cast<std::size_t>(cell)] = true;
    cells.push_back(cell);
  }
  if (cells.empty())
    throw RuleError{"#" + std::string(keyword) + " needs cells (e.g. r1c1 r5c5)", 0};
  return cells;
}

std::vector<int> read_cells(const Geometry& geometry, const Word& word) {
  std::vector<int> cells;
  for (std::size_t at = 0; at <= word.text.size();) {
    const std::size_t dash = std::min(word.text.find('-', at), word.text.size());
    const int cell = read_cell(geometry, {word.text.substr(at, dash - at), word.offset + at});
    if (std::find(cells.begin(), cells.end(), cell) != cells.end())
      throw RuleError{cell_name(geometry, cell) + " is listed twice", word.offset + at};
    cells.push_back(cell);
    at = dash + 1;
  }
  return cells;
}

std::string cells_name(const Geometry& geometry, std::span<const int> cells) {
  std::string out;
  for (const int cell : cells) {
    if (!out.empty()) out += '-';
    out += cell_name(geometry, cell);
  }
  return out;
}

bool touching(const Geometry& geometry, int a, int b) noexcept {
  const int dr = std::abs(geometry.row_of(a) - geometry.row_of(b));
  const int dc = std::abs(geometry.column_of(a) - geometry.column_of(b));
  return a != b && dr <= 1 && dc <= 1;
}

std::vector<int> moved_cells(std::span<const int> cells, std::span<const int> map) {
  std::vector<int> out;
  out.reserve(cells.size());
  for (const int cell : cells) out.push_back(map[static_cast<std::size_t>(cell)]);
  return out;
}

std::vector<std::pair<int, int>> neighbour_pairs(const Geometry& geometry) {
  std::vector<std::pair<int, int>> pairs;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    const int r = geometry.row_of(cell), c = geometry.column_of(cell);
    for (const int other : {geometry.cell_at(r, c + 1), geometry.cell_at(r + 1, c)})
      if (other >= 0) pairs.emplace_back(cell, other);
  }
  return pairs;
}

bool keeps_neighbours(const Geometry& geometry, std::span<const int> cells) {
  for (const auto& [a, b] : neighbour_pairs(geometry))
    if (!adjacent(geometry, cells[static_cast<std::size_t>(a)], cells[static_cast<std::size_t>(b)]))
      return false;
  return true;
}

bool same_digits(std::span<const int> digits) noexcept {
  for (std::size_t d = 0; d < digits.size(); ++d)
    if (digits[d] != static_cast<int>(d)) return false;
  return true;
}

EdgeRule::EdgeRule(std::string_view keyword, std::string_view sentence,
                   std::span<const EdgeKind> kinds, std::vector<Edge> edges, bool all_given)
    : keyword_(keyword),
      sentence_(sentence),
      kinds_(kinds),
      edges_(std::move(edges)),
      all_given_(all_given) {
  std::sort(edges_.begin(), edges_.end(), [](const Edge& x, const Edge& y) {
    return x.kind != y.kind ? x.kind < y.kind : x.a != y.a ? x.a < y.a : x.b < y.b;
  });
}

std::shared_ptr<const EdgeRule> EdgeRule::read(std::string_view keyword, std::string_view sentence,
                                               std::span<const EdgeKind> kinds,
                                               std::string_view arguments,
                                               const Geometry& geometry) {
  std::vector<Edge> edges;
  bool all = false;
  int kind = -1;
  std::vector<int> marked(static_cast<std::size_t>(geometry.cell_count()) * 2, -1);
  for (const Word& word : split_words(arguments)) {
    std::string lower(word.text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "all") {
      all = true;
      continue;
    }
    const auto named = std::find_if(kinds.begin(), kinds.end(), [&](const EdgeKind& k) {
      return lower == k.word || (!k.alias.empty() && lower == k.alias);
    });
    if (named != kinds.end()) {
      kind = static_cast<int>(named - kinds.begin());
      continue;
    }
    if (kind < 0) {
      std::string choices;
      for (const EdgeKind& k : kinds) {
        choices += choices.empty() ? "'" : ", '";
        choices += k.word;
        choices += '\'';
      }
      throw RuleError{
          "'" + std::string(word.text) + "': name the kind of mark first (" + choices + ")",
          word.offset};
    }
    const auto [a, b] = read_edge(geometry, word);
    // One mark an edge: the right neighbour's edge or the lower one's, by the direction.
    const std::size_t slot = static_cast<std::size_t>(a) * 2 + (b == a + 1 ? 0 : 1);
    if (marked[slot] >= 0)
      throw RuleError{edge_name(geometry, a, b) + " has two marks", word.offset};
    marked[slot] = kind;
    edges.push_back({a, b, kind});
  }
  if (edges.empty() && !all)
    throw RuleError{"#" + std::string(keyword) + " needs its marks (e.g. '" +
                        std::string(kinds.front().word) + " r1c1-r1c2'), or 'all'",
                    arguments.size()};
  return std::make_shared<const EdgeRule>(keyword, sentence, kinds, std::move(edges), all);
}

std::string EdgeRule::describe() const {
  return std::string(sentence_) +
         (all_given_ ? "; every mark is given: neighbours without one hold no such pair" : "");
}

std::string EdgeRule::arguments(const Geometry& geometry) const {
  std::string out = all_given_ ? "all" : "";
  int kind = -1;
  for (const Edge& e : edges_) {
    if (e.kind != kind) {
      kind = e.kind;
      if (!out.empty()) out += ' ';
      out += kinds_[static_cast<std::size_t>(kind)].word;
    }
    out += ' ';
    out += edge_name(geometry, e.a, e.b);
  }
  return out;
}

void EdgeRule::add_relations(const Geometry& geometry, int rule,
                             std::vector<Relation>& relations) const {
  const int n = geometry.size();
  for (const Edge& e : edges_) {
    const EdgeKind& k = kinds_[static_cast<std::size_t>(e.kind)];
    relations.push_back(relation_of(geometry, e.a, e.b, rule, std::string(k.label),
                                    [&](int x, int y) { return k.holds(x, y, n); }));
  }
  if (!all_given_) return;
  // The pair's cells by name, not as a structured binding: Debian's em++ (Clang 14) does not let
  // a lambda capture a binding.
  for (const auto& pair : neighbour_pairs(geometry)) {
    const int a = pair.first, b = pair.second;
    if (std::any_of(edges_.begin(), edges_.end(),
                    [&](const Edge& e) { return e.a == a && e.b == b; }))
      continue;
    relations.push_back(relation_of(geometry, a, b, rule, "no mark", [&](int x, int y) {
      return std::none_of(kinds_.begin(), kinds_.end(),
                          [&](const EdgeKind& k) { return k.holds(x, y, n); });
    }));
  }
}

RulePtr EdgeRule::moved(const Geometry& geometry, std::span<const int> cells,
                        std::span<const int> digits) const {
  if (!same_digits(digits) || !keeps_neighbours(geometry, cells)) return nullptr;
  std::vector<Edge> edges;
  for (const Edge& e : edges_) {
    const int a = cells[static_cast<std::size_t>(e.a)], b = cells[static_cast<std::size_t>(e.b)];
    edges.push_back({std::min(a, b), std::max(a, b), e.kind});
  }
  return std::make_shared<const EdgeRule>(keyword_, sentence_, kinds_, std::move(edges),
                                          all_given_);
}

void EdgeRule::draw(const Geometry&, std::vector<RuleMark>& marks) const {
  for (const Edge& e : edges_) {
    const EdgeKind& k = kinds_[static_cast<std::size_t>(e.kind)];
    marks.push_back({k.mark, {e.a, e.b}, std::string(k.text), k.filled, ""});
  }
}

LineRule::LineRule(const LineKind& kind, std::vector<std::vector<int>> lines, int number)
    : kind_(kind), lines_(std::move(lines)), number_(number) {}

std::shared_ptr<const LineRule> LineRule::read(const LineKind& kind, std::string_view arguments,
                                               const Geometry& geometry) {
  const std::vector<Word> words = split_words(arguments);
  std::string name(1, '#');  // appended: GCC 12 warns falsely (-Wrestrict) on "#" + ...
  name += kind.keyword;
  if (kind.fits_size != nullptr && !kind.fits_size(geometry.size()))
    throw RuleError{name + " does not fit a grid of " + std::to_string(geometry.size()) + " digits",
                    0};
  std::size_t first = 0;
  int number = kind.default_number != nullptr ? kind.default_number(geometry.size()) : 0;
  if (kind.default_number != nullptr && !words.empty() &&
      std::isdigit(static_cast<unsigned char>(words.front().text.front())) != 0) {
    const Word& word = words.front();
    number = 0;
    for (const char c : word.text) {
      if (std::isdigit(static_cast<unsigned char>(c)) == 0 || number > geometry.size())
        throw RuleError{"'" + std::string(word.text) + "' is no number from 1 to " +
                            std::to_string(geometry.size() - 1),
                        word.offset};
      number = number * 10 + (c - '0');
    }
    if (number < 1 || number >= geometry.size())
      throw RuleError{"'" + std::string(word.text) + "' is no number from 1 to " +
                          std::to_string(geometry.size() - 1),
                      word.offset};
    first = 1;
  }
  std::vector<std::vector<int>> lines;
  for (std::size_t w = first; w < words.size(); ++w) {
    const Word& word = words[w];
    std::vector<int> cells = read_cells(geometry, word);
    const int length = static_cast<int>(cells.size());
    if (length < kind.min_cells || (kind.max_cells > 0 && length > kind.max_cells))
      throw RuleError{
          "'" + std::string(word.text) + "': " + name + " takes " +
              (kind.max_cells == kind.min_cells ? std::to_string(kind.min_cells)
                                                : "at least " + std::to_string(kind.min_cells)) +
              " cells (e.g. " + std::string(kind.example) + ")",
          word.offset};
    for (std::size_t i = 1; i < cells.size(); ++i) {
      const bool next = kind.mark == RuleMark::Kind::line
                            ? touching(geometry, cells[i - 1], cells[i])
                            : adjacent(geometry, cells[i - 1], cells[i]);
      if (!next)
        throw RuleError{"'" + std::string(word.text) + "': " + cell_name(geometry, cells[i - 1]) +
                            " and " + cell_name(geometry, cells[i]) + " do not touch",
                        word.offset};
    }
    lines.push_back(std::move(cells));
  }
  if (lines.empty())
    throw RuleError{name + " needs its cells (e.g. " + std::string(kind.example) + ")",
                    arguments.size()};
  return std::make_shared<const LineRule>(kind, std::move(lines), number);
}

std::string LineRule::describe() const {
  std::string out(kind_.sentence);
  if (kind_.default_number != nullptr) {
    const std::size_t at = out.find('#');
    if (at != std::string::npos) out.replace(at, 1, std::to_string(number_));
  }
  return out;
}

std::string LineRule::arguments(const Geometry& geometry) const {
  std::string out;
  if (kind_.default_number != nullptr && number_ != kind_.default_number(geometry.size()))
    out = std::to_string(number_);
  for (const std::vector<int>& line : lines_) {
    if (!out.empty()) out += ' ';
    out += cells_name(geometry, line);
  }
  return out;
}

void LineRule::add_relations(const Geometry& geometry, int rule,
                             std::vector<Relation>& relations) const {
  const int n = geometry.size();
  for (const std::vector<int>& line : lines_) {
    const int length = static_cast<int>(line.size());
    for (int i = 0; i < length; ++i)
      for (int j = i + 1; j < length; ++j) {
        if (!kind_.related(i, j, length)) continue;
        relations.push_back(
            relation_of(geometry, line[static_cast<std::size_t>(i)],
                        line[static_cast<std::size_t>(j)], rule, std::string(kind_.label),
                        [&](int x, int y) { return kind_.holds(x, y, i, j, length, n, number_); }));
      }
  }
}

RulePtr LineRule::moved(const Geometry& geometry, std::span<const int> cells,
                        std::span<const int> digits) const {
  if (!kind_.any_relabelling && !same_digits(digits)) return nullptr;
  std::vector<std::vector<int>> lines;
  for (const std::vector<int>& line : lines_) {
    lines.push_back(moved_cells(line, cells));
    for (std::size_t i = 1; i < line.size(); ++i)
      if (kind_.mark == RuleMark::Kind::line
              ? !touching(geometry, lines.back()[i - 1], lines.back()[i])
              : !adjacent(geometry, lines.back()[i - 1], lines.back()[i]))
        return nullptr;
  }
  return std::make_shared<const LineRule>(kind_, std::move(lines), number_);
}

void LineRule::draw(const Geometry& geometry, std::vector<RuleMark>& marks) const {
  for (const std::vector<int>& line : lines_) {
    if (kind_.mark == RuleMark::Kind::letter) {
      // A sign on the edge, its point towards the smaller digit's cell.
      const int a = line[0], b = line[1];
      const bool across = geometry.row_of(a) == geometry.row_of(b);
      const bool first_before = across ? geometry.column_of(a) < geometry.column_of(b)
                                       : geometry.row_of(a) < geometry.row_of(b);
      const char* sign = across ? (first_before ? "<" : ">") : (first_before ? "\u2227" : "\u2228");
      marks.push_back({RuleMark::Kind::letter, line, sign, false, ""});
      continue;
    }
    if (kind_.bulb)
      marks.push_back(
          {RuleMark::Kind::circle, {line.front()}, "", true, std::string(kind_.colour)});
    marks.push_back({RuleMark::Kind::line, line, "", false, std::string(kind_.colour)});
  }
}

std::vector<int> read_line(const Geometry& geometry, const Word& word, int min_cells,
                           std::string_view name, std::string_view example) {
  std::vector<int> cells = read_cells(geometry, word);
  if (static_cast<int>(cells.size()) < min_cells)
    throw RuleError{"'" + std::string(word.text) + "': " + std::string(name) + " takes at least " +
                        std::to_string(min_cells) + " cells (e.g. " + std::string(example) + ")",
                    word.offset};
  for (std::size_t i = 1; i < cells.size(); ++i)
    if (!touching(geometry, cells[i - 1], cells[i]))
      throw RuleError{"'" + std::string(word.text) + "': " + cell_name(geometry, cells[i - 1]) +
                          " and " + cell_name(geometry, cells[i]) + " do not touch",
                      word.offset};
  return cells;
}

Outside read_outside(const Geometry& geometry, const Word& word, bool corners) {
  const int n = geometry.size();
  const std::string_view t = word.text;
  Outside at;
  std::size_t i = 0;
  const auto number = [&](int& out) {
    const std::size_t start = i;
    while (i < t.size() && i - start < 3 && std::isdigit(static_cast<unsigned char>(t[i])) != 0)
      out = out * 10 + (t[i++] - '0');
    return i > start;
  };
  const bool ok = i < t.size() && (t[i] == 'r' || t[i] == 'R') && (++i, number(at.row)) &&
                  i < t.size() && (t[i] == 'c' || t[i] == 'C') && (++i, number(at.column)) &&
                  i == t.size();
  const bool outside = at.row == 0 || at.row == n + 1 || at.column == 0 || at.column == n + 1;
  const bool corner = (at.row == 0 || at.row == n + 1) && (at.column == 0 || at.column == n + 1);
  if (!ok || at.row > n + 1 || at.column > n + 1 || !outside || (corner && !corners))
    throw RuleError{"'" + std::string(t) + "' is no place beside the grid (r0c1 to r0c" +
                        std::to_string(n) + " above it, r" + std::to_string(n + 1) +
                        "c1 below, r1c0 left, r1c" + std::to_string(n + 1) + " right" +
                        (corners ? ", r0c0 and the other corners" : "") + ")",
                    word.offset};
  return at;
}

std::string outside_name(const Outside& at) {
  std::string out(1, 'r');  // appended: GCC 12 warns falsely (-Wrestrict) on "r" + ...
  out += std::to_string(at.row);
  out += 'c';
  out += std::to_string(at.column);
  return out;
}

std::vector<int> cells_from(const Geometry& geometry, const Outside& at, int step_row,
                            int step_col) {
  std::vector<int> cells;
  for (int r = at.row - 1 + step_row, c = at.column - 1 + step_col;; r += step_row, c += step_col) {
    const int cell = geometry.cell_at(r, c);
    if (cell < 0) break;
    cells.push_back(cell);
  }
  return cells;
}

std::pair<int, int> step_into(const Geometry& geometry, const Outside& at) noexcept {
  const int n = geometry.size();
  if (at.row == 0) return {1, 0};
  if (at.row == n + 1) return {-1, 0};
  if (at.column == 0) return {0, 1};
  return {0, -1};
}

bool line_from_outside(const Geometry& geometry, std::span<const int> cells, Outside& at,
                       int& step_row, int& step_col) {
  if (cells.size() < 2) return false;
  const int r0 = geometry.row_of(cells[0]), c0 = geometry.column_of(cells[0]);
  step_row = geometry.row_of(cells[1]) - r0;
  step_col = geometry.column_of(cells[1]) - c0;
  if (std::abs(step_row) > 1 || std::abs(step_col) > 1) return false;
  at = {r0 - step_row + 1, c0 - step_col + 1};
  if (geometry.cell_at(r0 - step_row, c0 - step_col) >= 0) return false;
  const std::vector<int> line = cells_from(geometry, at, step_row, step_col);
  return std::equal(line.begin(), line.end(), cells.begin(), cells.end());
}

int read_number(const Word& word, int most, std::string_view what) {
  int value = 0;
  for (const char c : word.text) {
    if (std::isdigit(static_cast<unsigned char>(c)) == 0 || value > most) {
      value = -1;
      break;
    }
    value = value * 10 + (c - '0');
  }
  if (word.text.empty() || value < 0 || value > most)
    throw RuleError{"'" + std::string(word.text) + "' is no " + std::string(what) + " (0 to " +
                        std::to_string(most) + ")",
                    word.offset};
  return value;
}

std::vector<int> peer_runs(const Geometry& geometry, std::span<const int> cells) {
  const auto peers = [&](int a, int b) {
    return (geometry.peer_bits(a)[b / 64] >> (b % 64) & 1) != 0;
  };
  std::vector<int> runs;
  for (std::size_t i = 0; i < cells.size();) {
    std::size_t end = i + 1;
    while (end < cells.size() && end - i < 6 &&
           std::all_of(cells.begin() + static_cast<std::ptrdiff_t>(i),
                       cells.begin() + static_cast<std::ptrdiff_t>(end),
                       [&](int c) { return peers(c, cells[end]); }))
      ++end;
    runs.push_back(static_cast<int>(end - i));
    i = end;
  }
  return runs;
}

namespace {

// Sets of sums as bit sets of `words` words (bit s: the sum s): to |= from << t, to |= from >> t.
void or_shifted_up(std::uint64_t* to, const std::uint64_t* from, std::size_t t,
                   std::size_t words) noexcept {
  const std::size_t q = t / 64, r = t % 64;
  for (std::size_t i = q; i < words; ++i) {
    std::uint64_t v = from[i - q] << r;
    if (r != 0 && i > q) v |= from[i - q - 1] >> (64 - r);
    to[i] |= v;
  }
}

void or_shifted_down(std::uint64_t* to, const std::uint64_t* from, std::size_t t,
                     std::size_t words) noexcept {
  const std::size_t q = t / 64, r = t % 64;
  for (std::size_t i = 0; i + q < words; ++i) {
    std::uint64_t v = from[i + q] >> r;
    if (r != 0 && i + q + 1 < words) v |= from[i + q + 1] << (64 - r);
    to[i] |= v;
  }
}

}  // namespace

void narrow_sum(std::span<std::uint64_t> masks, std::span<const char> totals,
                std::vector<char>* reached, std::span<const int> runs) {
  // Per run, the sums its distinct digits can make and, for each sum, the digits each of its
  // cells takes in some filling that makes it (keep[cell * width + sum]). Then, as bit sets of
  // sums: forward[r], the sums some filling of the first r runs makes; back[r], the sums of the
  // first r runs from which some filling of the others ends on a total that totals holds.
  const std::size_t cells = masks.size();
  const std::size_t width = totals.size();
  const std::size_t words = (width + 63) / 64;
  const std::uint64_t top =
      width % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (width % 64)) - 1;
  thread_local std::vector<int> lengths;
  lengths.assign(runs.begin(), runs.end());
  if (lengths.empty()) lengths.assign(cells, 1);
  const std::size_t count = lengths.size();
  thread_local std::vector<std::uint64_t> forward, back, keep, line;
  thread_local std::vector<std::vector<std::size_t>> sums;
  forward.assign((count + 1) * words, 0);
  back.assign((count + 1) * words, 0);
  keep.assign(cells * width, 0);
  if (sums.size() < count) sums.resize(count);
  std::size_t first = 0;
  for (std::size_t r = 0; r < count; ++r) {
    const auto length = static_cast<std::size_t>(lengths[r]);
    sums[r].clear();
    int digit[8] = {};
    const auto walk = [&](const auto& self, std::size_t k, std::size_t sum,
                          std::uint64_t used) -> void {
      if (sum >= width) return;
      if (k == length) {
        bool seen = false;
        for (std::size_t j = 0; j < length; ++j) {
          std::uint64_t& at = keep[(first + j) * width + sum];
          seen = seen || at != 0;
          at |= std::uint64_t{1} << (digit[j] - 1);
        }
        if (!seen) sums[r].push_back(sum);
        return;
      }
      for (std::uint64_t m = masks[first + k] & ~used; m != 0; m &= m - 1) {
        digit[k] = std::countr_zero(m) + 1;
        self(self, k + 1, sum + static_cast<std::size_t>(digit[k]), used | (m & -m));
      }
    };
    walk(walk, 0, 0, 0);
    first += length;
  }
  forward[0] = 1;
  for (std::size_t r = 0; r < count; ++r)
    for (const std::size_t t : sums[r])
      or_shifted_up(forward.data() + (r + 1) * words, forward.data() + r * words, t, words);
  for (std::size_t t = 0; t < width; ++t)
    if (totals[t] != 0) back[count * words + t / 64] |= std::uint64_t{1} << (t % 64);
  for (std::size_t r = count; r-- > 0;)
    for (const std::size_t t : sums[r])
      or_shifted_down(back.data() + r * words, back.data() + (r + 1) * words, t, words);
  first = 0;
  line.assign(words, 0);
  for (std::size_t r = 0; r < count; ++r) {
    const auto length = static_cast<std::size_t>(lengths[r]);
    std::uint64_t kept[8] = {};
    for (const std::size_t t : sums[r]) {
      // t is used when some sum s of the runs before goes on from s + t to an allowed total.
      std::fill(line.begin(), line.end(), 0);
      or_shifted_up(line.data(), forward.data() + r * words, t, words);
      line[words - 1] &= top;
      bool used = false;
      for (std::size_t w = 0; w < words && !used; ++w)
        used = (line[w] & back[(r + 1) * words + w]) != 0;
      if (!used) continue;
      for (std::size_t j = 0; j < length; ++j) kept[j] |= keep[(first + j) * width + t];
    }
    for (std::size_t j = 0; j < length; ++j) masks[first + j] = kept[j];
    first += length;
  }
  if (reached != nullptr) {
    reached->assign(width, 0);
    if ((back[0] & 1) != 0)
      for (std::size_t t = 0; t < width; ++t)
        (*reached)[t] = static_cast<char>((forward[count * words + t / 64] >> (t % 64) & 1) != 0 &&
                                          totals[t] != 0);
  }
}

SumConstraint::SumConstraint(const Geometry& geometry, std::vector<int> cells, std::string label,
                             int sum, double difficulty)
    : Constraint(std::move(cells), std::move(label)),
      sum_(sum),
      runs_(peer_runs(geometry, this->cells())),
      difficulty_(difficulty) {}

void SumConstraint::narrow(std::span<std::uint64_t> masks) const {
  thread_local std::vector<char> totals;
  totals.assign(static_cast<std::size_t>(sum_) + 1, 0);
  totals.back() = 1;
  narrow_sum(masks, totals, nullptr, runs_);
}

ClueRule::ClueRule(const ClueKind& kind, std::vector<Clue> clues)
    : kind_(kind), clues_(std::move(clues)) {}

std::shared_ptr<const ClueRule> ClueRule::read(const ClueKind& kind, std::string_view arguments,
                                               const Geometry& geometry) {
  if (geometry.size() > kind.largest_size)
    throw RuleError{"#" + std::string(kind.keyword) + " is read on grids up to " +
                        std::to_string(kind.largest_size) + "x" + std::to_string(kind.largest_size),
                    0};
  std::vector<Clue> clues;
  for (const Word& word : split_words(arguments)) {
    const std::size_t equals = word.text.find('=');
    if (equals == std::string_view::npos)
      throw RuleError{quoted(word.text) + ": a clue is its place beside the grid and its number " +
                          "(e.g. r0c3=15)",
                      word.offset};
    Clue c;
    c.at = read_outside(geometry, {word.text.substr(0, equals), word.offset}, false);
    c.sum = read_number({word.text.substr(equals + 1), word.offset + equals + 1},
                        kind.most(geometry.size()), kind.what);
    clues.push_back(c);
  }
  if (clues.empty())
    throw RuleError{"#" + std::string(kind.keyword) + " needs its clues (e.g. r0c3=15)", 0};
  return std::make_shared<const ClueRule>(kind, std::move(clues));
}

std::string ClueRule::arguments(const Geometry&) const {
  std::string out;
  for (const Clue& c : clues_) {
    if (!out.empty()) out += ' ';
    out += outside_name(c.at);
    out += '=';
    out += std::to_string(c.sum);
  }
  return out;
}

void ClueRule::add_constraints(const Geometry& geometry,
                               std::vector<ConstraintPtr>& constraints) const {
  const int n = geometry.size();
  for (const Clue& c : clues_) {
    const auto [dr, dc] = step_into(geometry, c.at);
    std::string label(kind_.label);
    label += ' ';
    label += std::to_string(c.sum);
    label += dr > 0   ? " above column "
             : dr < 0 ? " below column "
             : dc > 0 ? " left of row "
                      : " right of row ";
    label += std::to_string(dc == 0 ? c.at.column : c.at.row);
    constraints.push_back(
        kind_.make(cells_from(geometry, c.at, dr, dc), std::move(label), c.sum, n));
  }
}

RulePtr ClueRule::moved(const Geometry& geometry, std::span<const int> cells,
                        std::span<const int> digits) const {
  if (!same_digits(digits)) return nullptr;
  std::vector<Clue> clues;
  for (const Clue& c : clues_) {
    const auto [dr, dc] = step_into(geometry, c.at);
    Clue m{{}, c.sum};
    int step_row = 0, step_col = 0;
    if (!line_from_outside(geometry, moved_cells(cells_from(geometry, c.at, dr, dc), cells), m.at,
                           step_row, step_col))
      return nullptr;
    clues.push_back(m);
  }
  return std::make_shared<const ClueRule>(kind_, std::move(clues));
}

void ClueRule::draw(const Geometry& geometry, std::vector<RuleMark>& marks) const {
  for (const Clue& c : clues_) {
    const auto [dr, dc] = step_into(geometry, c.at);
    RuleMark mark{RuleMark::Kind::outside, cells_from(geometry, c.at, dr, dc),
                  std::to_string(c.sum), false, ""};
    mark.step_row = dr;
    mark.step_col = dc;
    marks.push_back(std::move(mark));
  }
}

SpanRule::SpanRule(const SpanKind& kind, std::vector<std::vector<int>> lines)
    : kind_(kind), lines_(std::move(lines)) {}

std::shared_ptr<const SpanRule> SpanRule::read(const SpanKind& kind, std::string_view arguments,
                                               const Geometry& geometry) {
  std::string name(1, '#');  // appended: GCC 12 warns falsely (-Wrestrict) on "#" + ...
  name += kind.keyword;
  std::vector<std::vector<int>> lines;
  for (const Word& word : split_words(arguments))
    lines.push_back(read_line(geometry, word, kind.min_cells, name, kind.example));
  if (lines.empty())
    throw RuleError{name + " needs its lines (e.g. " + std::string(kind.example) + ")", 0};
  return std::make_shared<const SpanRule>(kind, std::move(lines));
}

std::string SpanRule::arguments(const Geometry& geometry) const {
  std::string out;
  for (const auto& line : lines_) {
    if (!out.empty()) out += ' ';
    out += cells_name(geometry, line);
  }
  return out;
}

void SpanRule::add_constraints(const Geometry& geometry,
                               std::vector<ConstraintPtr>& constraints) const {
  for (const auto& line : lines_) {
    std::string label(kind_.label);
    label += ' ';
    label += cells_name(geometry, line);
    constraints.push_back(kind_.make(geometry, line, std::move(label)));
  }
}

RulePtr SpanRule::moved(const Geometry&, std::span<const int> cells,
                        std::span<const int> digits) const {
  if (!same_digits(digits)) return nullptr;
  std::vector<std::vector<int>> lines;
  for (const auto& line : lines_) lines.push_back(moved_cells(line, cells));
  return std::make_shared<const SpanRule>(kind_, std::move(lines));
}

void SpanRule::draw(const Geometry&, std::vector<RuleMark>& marks) const {
  for (const auto& line : lines_) {
    marks.push_back({RuleMark::Kind::line, line, "", false, std::string(kind_.colour)});
    if (!kind_.circled_ends) continue;
    marks.push_back({RuleMark::Kind::circle, {line.front()}, "", false, ""});
    marks.push_back({RuleMark::Kind::circle, {line.back()}, "", false, ""});
  }
}

}  // namespace sudoku::rules
