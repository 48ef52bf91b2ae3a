// The writers draw from one picture of a grid: the borders run between cells of different boxes
// (or jigsaw regions), so one routine draws every variant, and the candidate grid is the pretty
// grid with wider cells.
#include "sudoku/io/writer.hpp"

#include <algorithm>
#include <cctype>
#include <array>
#include <cstdio>

namespace sudoku {

std::string format_line(const Geometry& geometry, const Grid& grid) {
  std::string out;
  append_line(out, geometry, grid);
  return out;
}

std::string format_cages(const Geometry& geometry) {
  const auto& cages = geometry.cages();
  if (cages.empty()) return {};
  std::size_t width = 1;
  for (const Cage& cage : cages) width = std::max(width, cage.label.size());
  const int n = geometry.size();  // cages are on square grids only
  std::string out = "#cages\n";
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int k = geometry.cage_of(geometry.cell_at(r, c));
      const std::string label = k < 0 ? "." : cages[static_cast<std::size_t>(k)].label;
      out += label;
      if (c + 1 < n) out.append(width + 1 - label.size(), ' ');
    }
    out += '\n';
  }
  out += "#sums";
  for (const Cage& cage : cages) out += " " + cage.label + "=" + std::to_string(cage.sum);
  out += '\n';
  return out;
}

namespace {

// The #variant line of a geometry (its variant and chess constraints), empty for a regular grid.
std::string variant_line(const Geometry& geometry) {
  if (geometry.variant() == Variant::regular && geometry.chess() == Chess::none) return {};
  return "#variant " + shape_name(geometry) + "\n";
}

// The #regions line of a jigsaw (one symbol a cell, region 1 as '0'), empty for other shapes.
std::string regions_line(const Geometry& geometry) {
  if (geometry.variant() != Variant::jigsaw) return {};
  constexpr std::string_view symbols =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  // The regions labelled in order of first appearance, as the reader numbers them: one map, one
  // line, whichever numbering the geometry was made with (the generator's, a map read).
  std::vector<int> label(static_cast<std::size_t>(geometry.size()), -1);
  int labels = 0;
  std::string line = "#regions ";
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    int& l = label[static_cast<std::size_t>(geometry.region_of(cell))];
    if (l < 0) l = labels++;
    line += symbols[static_cast<std::size_t>(l) % symbols.size()];
  }
  return line + "\n";
}

}  // namespace

namespace {

// Whether the reader tells the puzzle's size without a #size line: a samurai's grids are 9x9
// unless told.
bool size_read_alone(const Geometry& geometry) noexcept {
  return geometry.variant() == Variant::samurai ? geometry.size() == 9
                                                : size_found_alone(geometry.size());
}

}  // namespace

std::string format_header(const Geometry& geometry) {
  const int n = geometry.size();
  std::string out = size_read_alone(geometry) ? "" : "#size " + std::to_string(n) + "\n";
  return out + variant_line(geometry) + regions_line(geometry) + format_cages(geometry) +
         geometry.rules_text();
}

std::string HeaderWriter::before(const Geometry& geometry) {
  std::string out;
  const int n = geometry.size();
  // A #size holds until the next: once one is written, every size change is told.
  if ((size_ != 0 || !size_read_alone(geometry)) && size_ != n) {
    out += "#size " + std::to_string(n) + "\n";
    size_ = n;
  }
  std::string variant = variant_line(geometry);
  if (variant.empty() && !variant_.empty()) variant = "#variant regular\n";
  std::string regions = regions_line(geometry);
  if (!variant.empty() && variant != variant_) {
    out += variant;
    variant_ = variant;
    regions_.clear();  // a jigsaw's map is told again after its #variant line
  }
  if (!regions.empty() && regions != regions_) {
    out += regions;
    regions_ = regions;
  }
  return out + format_cages(geometry) + geometry.rules_text();
}

namespace {

// The digits of a size as people read them: "1-9", "1-9 and A-G" (runs of the symbols).
std::string digit_range(int size) {
  std::string out;
  for (int d = 1; d <= size;) {
    int last = d;
    while (last < size && digit_symbol(size, last + 1) == digit_symbol(size, last) + 1)
      ++last;
    if (!out.empty()) out += " and ";
    out += digit_symbol(size, d);
    if (last > d) out += std::string("-") + digit_symbol(size, last);
    d = last + 1;
  }
  return out;
}

// The chess constraints' sentences and the killer's, each from its mark in the shape.
void chess_and_cage_sentences(const Geometry& g, std::vector<std::string>& out) {
  if (has_chess(g.chess(), Chess::anti_knight))
    out.push_back("Anti-knight: two cells a knight's move apart (as in chess) never hold the "
                  "same digit.");
  if (has_chess(g.chess(), Chess::anti_king))
    out.push_back("Anti-king: two cells a king's move apart (diagonal neighbours too) never "
                  "hold the same digit.");
  if (!g.cages().empty())
    out.push_back("Killer: the digits of each cage are all different and add up to its sum.");
}

// A direction on the grid in words, from a step's signs: "down", "up and left".
std::string_view step_name(int step_row, int step_col) {
  static constexpr std::string_view names[3][3] = {{"up and left", "up", "up and right"},
                                                   {"left", "", "right"},
                                                   {"down and left", "down", "down and right"}};
  const auto sign = [](int v) { return v < 0 ? 0 : v > 0 ? 2 : 1; };
  return names[sign(step_row)][sign(step_col)];
}

// The marks a rule's header line gives by their places alone, a line each: a clue beside the
// grid with its place, the way it looks and the cells it speaks of ("  15 at r0c3, down:
// r1c3-r2c3-..."), a corner's digits with its four cells ("  1 2 9 on the corner of r7c7 r7c8
// r8c7 r8c8"). Empty for the other marks, which their header line shows as they are drawn.
std::string placed_marks(const Geometry& g, const Rule& rule) {
  std::vector<RuleMark> marks;
  rule.draw(g, marks);
  std::string out;
  for (const RuleMark& m : marks) {
    if (m.cells.empty()) continue;
    const char* const apart = m.kind == RuleMark::Kind::corner ? " " : "-";
    std::string cells;
    for (const int cell : m.cells) {
      if (!cells.empty()) cells += apart;
      cells += cell_name(g, cell);
    }
    if (m.kind == RuleMark::Kind::outside) {
      // The clue's place in the header's words: row 0 above the grid, column 0 left of it.
      const int row = g.row_of(m.cells.front()) - m.step_row;
      const int col = g.column_of(m.cells.front()) - m.step_col;
      out += "  ";
      out += m.text;
      out += " at r" + std::to_string(row + 1) + "c" + std::to_string(col + 1) + ", ";
      out += step_name(m.step_row, m.step_col);
      out += ": " + cells + '\n';
    } else if (m.kind == RuleMark::Kind::corner) {
      // Its digits apart ("1 2 9", not "129"); above 9x9 the text has them apart already.
      std::string digits = m.text;
      if (digits.find(' ') == std::string::npos)
        for (std::size_t i = digits.size(); i > 1; --i) digits.insert(i - 1, 1, ' ');
      out += "  ";
      out += digits;
      out += " on the corner of " + cells + '\n';
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> rule_sentences(const Geometry& g) {
  std::vector<std::string> out;
  const std::string digits = digit_range(g.size());
  int windows = 0, diagonals = 0;
  for (const House& house : g.houses()) {
    windows += house.kind == HouseKind::window;
    diagonals += house.kind == HouseKind::diagonal;
  }
  switch (g.variant()) {
    case Variant::jigsaw:
      out.push_back("Each row, column and outlined region holds " + digits + " once.");
      break;
    case Variant::samurai:
      out.push_back("Five grids, the middle one sharing a corner box with each of the others: "
                    "each row, column and box of each grid holds " + digits + " once.");
      break;
    default:
      out.push_back("Each row, column and box holds " + digits + " once.");
  }
  if (windows > 0)
    out.push_back("Each of the " + std::to_string(windows) +
                  " shaded windows holds " + digits + " once too.");
  if (diagonals > 0)
    out.push_back(diagonals == 2 ? "Both main diagonals hold " + digits + " once too."
                                 : "Each diagonal holds " + digits + " once too.");
  chess_and_cage_sentences(g, out);
  for (const RulePtr& rule : g.rules()) {
    std::string sentence = rule->describe();
    if (!sentence.empty()) sentence[0] = static_cast<char>(std::toupper(sentence[0]));
    out.push_back(sentence + ".");
  }
  return out;
}

std::string describe_rules(const Geometry& geometry, bool cage_map) {
  std::string out;
  std::vector<std::string> sentences;
  chess_and_cage_sentences(geometry, sentences);
  for (const std::string& sentence : sentences) out += sentence + '\n';
  if (!geometry.cages().empty()) {
    if (cage_map) {
      std::string map = format_cages(geometry);
      map.erase(0, map.find('\n') + 1);  // the map without its "#cages" line
      const std::size_t sums = map.rfind("#sums");
      if (sums != std::string::npos) map.replace(sums, 5, "sums:");
      out += map;
    }
  }
  for (const RulePtr& rule : geometry.rules()) {
    out += rule->describe();
    if (const std::string marks = rule->arguments(geometry); !marks.empty()) {
      out += ": ";
      out += marks;
    }
    out += '\n';
    out += placed_marks(geometry, *rule);
  }
  return out;
}

void append_line(std::string& out, const Geometry& geometry, const Grid& grid) {
  // One store per cell, no growth beyond one resize: this runs once per solution in --all.
  const int n = geometry.size();
  const std::size_t at = out.size(), size = grid.size();
  out.resize(at + size);
  // Apart, and with a count known before the loop: it vectorizes.
  char* __restrict const p = out.data() + at;
  const std::uint8_t* __restrict const cells = grid.data();
  if (n <= 9) {
    for (std::size_t i = 0; i < size; ++i)
      p[i] = static_cast<char>(cells[i] == 0 ? '.' : '0' + cells[i]);
  } else {
    for (std::size_t i = 0; i < size; ++i) p[i] = digit_symbol(n, cells[i]);
  }
}

std::string format_line(const Geometry& geometry, const Grid& grid, const Symbols& symbols) {
  std::string out;
  append_line(out, geometry, grid, symbols);
  return out;
}

void append_line(std::string& out, const Geometry& geometry, const Grid& grid,
                 const Symbols& symbols) {
  if (symbols.is_default()) return append_line(out, geometry, grid);
  const int n = geometry.size();
  std::array<char, Symbols::max_count + 1> table{};
  for (int d = 0; d <= Symbols::max_count; ++d)
    table[static_cast<std::size_t>(d)] = symbols.symbol(n, d);
  const std::size_t at = out.size(), size = grid.size();
  out.resize(at + size);
  char* __restrict const p = out.data() + at;
  const std::uint8_t* __restrict const cells = grid.data();
  for (std::size_t i = 0; i < size; ++i)
    p[i] = cells[i] <= Symbols::max_count ? table[cells[i]] : '?';
}

void write_pretty(std::ostream& out, const Geometry& geometry, const Grid& grid,
                  const PrettyOptions& options) {
  out << format_pretty(geometry, grid, options);
}

namespace {

// Where the borders of a drawn grid run: between cells of different boxes (or jigsaw regions),
// and around it (and a samurai's holes). A border column or row exists where any border runs, so
// every line lines up. The picture is height_ rows of width_ places.
class Borders {
 public:
  explicit Borders(const Geometry& geometry)
      : geometry_(geometry),
        height_(geometry.height()),
        width_(geometry.width()),
        column_line_(static_cast<std::size_t>(width_) + 1),
        row_line_(static_cast<std::size_t>(height_) + 1) {
    for (int j = 0; j <= width_; ++j)
      for (int r = 0; r < height_; ++r)
        if (left(r, j)) column_line_[static_cast<std::size_t>(j)] = true;
    for (int i = 0; i <= height_; ++i)
      for (int c = 0; c < width_; ++c)
        if (above(i, c)) row_line_[static_cast<std::size_t>(i)] = true;
  }
  // A border left of cell (r, c), and above cell (r, c); the outside is a region of its own.
  bool left(int r, int c) const noexcept { return region(r, c - 1) != region(r, c); }
  bool above(int r, int c) const noexcept { return region(r - 1, c) != region(r, c); }
  // A border column left of column j (j = width: the right edge), a border line above row i.
  bool column_line(int j) const noexcept { return column_line_[static_cast<std::size_t>(j)]; }
  bool row_line(int i) const noexcept { return row_line_[static_cast<std::size_t>(i)]; }
  // The border line above row i (i = height: below the grid), column j `width(j)` characters
  // wide.
  template <typename Width>
  std::string line(int i, Width&& width) const {
    std::string text;
    for (int j = 0; j <= width_; ++j) {
      if (column_line(j)) {
        const bool up = i > 0 && left(i - 1, j), down = i < height_ && left(i, j);
        const bool west = j > 0 && above(i, j - 1), east = j < width_ && above(i, j);
        const bool vertical = up || down, horizontal = west || east;
        text += vertical && horizontal ? '+' : vertical ? '|' : horizontal ? '-' : ' ';
      }
      if (j < width_) text.append(static_cast<std::size_t>(width(j)), above(i, j) ? '-' : ' ');
    }
    return text;
  }

 private:
  // The region of a place; -1 outside the picture and in its holes.
  int region(int r, int c) const noexcept {
    const int cell = geometry_.cell_at(r, c);
    return cell < 0 ? -1 : geometry_.region_of(cell);
  }

  const Geometry& geometry_;
  int height_, width_;
  std::vector<bool> column_line_, row_line_;
};

// Ends a line of a drawn grid: trailing blanks go.
void end_line(std::string& text) {
  while (!text.empty() && text.back() == ' ') text.pop_back();
  text += '\n';
}

}  // namespace

std::string format_pretty(const Geometry& geometry, const Grid& grid,
                          const PrettyOptions& options) {
  const int n = geometry.size(), height = geometry.height(), wide = geometry.width();
  const Borders borders(geometry);
  const auto left = [&](int r, int c) { return borders.left(r, c); };
  // Cell markers: bit 1 in a window, bit 2 on a diagonal.
  std::vector<int> mark(static_cast<std::size_t>(geometry.cell_count()), 0);
  for (const House& h : geometry.houses()) {
    const int bit = h.kind == HouseKind::window ? 1 : h.kind == HouseKind::diagonal ? 2 : 0;
    for (int cell : h.cells) mark[static_cast<std::size_t>(cell)] |= bit;
  }
  const int width = options.labels ? (height >= 10 ? 2 : 1) + 1 : 0;
  const std::string margin(static_cast<std::size_t>(width), ' ');
  std::string text;
  if (options.labels) {
    text += margin;
    for (int j = 0; j < wide; ++j) {
      if (borders.column_line(j)) text += ' ';
      const std::string label = std::to_string(j + 1);
      text += label.size() == 1 ? " " + label + " " : label + " ";
    }
    end_line(text);
  }
  static constexpr std::string_view colors[] = {"", "\x1b[1;33m", "\x1b[1;36m", "\x1b[1;35m"};
  static constexpr std::string_view open = " [({", close = " ])}";
  for (int i = 0; i <= height; ++i) {
    if (borders.row_line(i)) {
      text += margin + borders.line(i, [](int) { return 3; });
      end_line(text);
    }
    if (i == height) break;
    if (options.labels) {
      const std::string label = std::to_string(i + 1);
      text += std::string(static_cast<std::size_t>(width - 1) - label.size(), ' ') + label + ' ';
    }
    for (int j = 0; j <= wide; ++j) {
      if (borders.column_line(j)) text += left(i, j) ? '|' : ' ';
      if (j == wide) break;
      const int cell = geometry.cell_at(i, j);
      if (cell < 0) {  // a samurai's hole
        text += "   ";
        continue;
      }
      const int m = mark[static_cast<std::size_t>(cell)];
      if (options.color && m != 0) text += colors[m];
      text += open[static_cast<std::size_t>(m)];
      text += options.symbols.symbol(n, grid[static_cast<std::size_t>(cell)]);
      text += close[static_cast<std::size_t>(m)];
      if (options.color && m != 0) text += "\x1b[0m";
    }
    end_line(text);
  }
  int marks = 0;
  for (int m : mark) marks |= m;
  if (options.legend && marks != 0) {
    std::string legend;
    if (marks & 1) legend += "[5]: in a hyper window";
    if (marks & 2) legend += std::string(legend.empty() ? "" : ", ") + "(5): on a diagonal";
    if (marks == 3) legend += ", {5}: both";
    text += legend + '\n';
  }
  if (options.legend) text += describe_rules(geometry);
  return text;
}

void write_candidates(std::ostream& out, const Candidates& candidates,
                      const CandidateOptions& options) {
  out << format_candidates(candidates, options);
}

std::string format_candidates(const Candidates& candidates, const CandidateOptions& options) {
  const Geometry& geometry = candidates.geometry();
  const int n = geometry.size(), height = geometry.height(), wide = geometry.width();
  const int cell_count = geometry.cell_count();
  const Borders borders(geometry);
  // Up to 9x9 a cell is a mini-grid of `across` x `down` digits; above, one line of candidates;
  // without candidates, a line a row (the digits alone).
  const bool mini = n <= 9 && options.candidates;
  int across = 1;
  while (mini && across * across < n) ++across;
  const int down = mini ? (n + across - 1) / across : 1;
  const int middle = (down - 1) / 2;  // the line of a cell with its digit, mark and row label

  const auto at = [](const auto& v, int i) { return v[static_cast<std::size_t>(i)]; };
  std::vector<char> marked(static_cast<std::size_t>(cell_count), 0);
  for (int cell : options.marked)
    if (cell >= 0 && cell < cell_count) marked[static_cast<std::size_t>(cell)] = 1;
  // What a cell shows when it is not a mini-grid of candidates: its digit, '!' or '.'.
  const auto alone = [&](int cell) -> char {
    if (candidates.value(cell) != 0) return options.symbols.symbol(n, candidates.value(cell));
    if (candidates.mask(cell) == 0) return '!';
    return options.candidates ? '\0' : '.';
  };
  // The candidate list of a cell for sizes above 9.
  const auto listed = [&](int cell) {
    if (const char c = alone(cell); c != '\0') return std::string(1, c);
    std::string list;
    for (int d = 1; d <= n; ++d)
      if (candidates.mask(cell) & digit_bit(d)) list += options.symbols.symbol(n, d);
    return list;
  };
  // Characters per column of cells, their two margins (where the marks go) excluded.
  std::vector<int> body(static_cast<std::size_t>(wide), mini ? across : 1);
  if (!mini)
    for (int cell = 0; cell < cell_count; ++cell) {
      int& w = body[static_cast<std::size_t>(geometry.column_of(cell))];
      w = std::max(w, static_cast<int>(listed(cell).size()));
    }
  const int margins = options.narrow ? 1 : 2;
  const auto slot = [&](int j) { return at(body, j) + margins; };
  // Appends line `line` of a cell, margins included, to `text` (no string of its own: a grid is
  // drawn after every command of a session).
  const auto draw = [&](std::string& text, int cell, int line) {
    const std::size_t start = text.size();
    const char m = at(marked, cell) && line == middle ? '*' : ' ';
    text += m;
    const std::size_t inner = text.size();
    if (!mini) {
      if (line == 0) {
        if (const char c = alone(cell); c != '\0') {
          text += c;
        } else {
          for (int d = 1; d <= n; ++d)
            if (candidates.mask(cell) & digit_bit(d)) text += options.symbols.symbol(n, d);
        }
      }
    } else if (const char c = alone(cell); c != '\0') {
      if (line == middle) {
        text.append(static_cast<std::size_t>((across - 1) / 2), ' ');
        text += c;
      }
    } else {
      for (int k = 0; k < across; ++k) {
        const int d = line * across + k + 1;
        text += d > n                                    ? ' '
                : (candidates.mask(cell) & digit_bit(d)) ? options.symbols.symbol(n, d)
                                                         : '.';
      }
    }
    text.resize(inner + static_cast<std::size_t>(at(body, geometry.column_of(cell))), ' ');
    if (!options.narrow) text += m;
    if (!options.color || text.find_first_not_of(' ', start) == std::string::npos) return;
    const char* color = nullptr;
    if (candidates.value(cell) == 0 && candidates.mask(cell) == 0)
      color = "\x1b[1;31m";
    else if (at(marked, cell))
      color = "\x1b[1;32m";
    else if (candidates.value(cell) != 0 && !options.givens.empty() &&
             at(options.givens, cell) == candidates.value(cell))
      color = "\x1b[1m";
    if (color == nullptr) return;
    text.insert(start, color);
    text += "\x1b[0m";
  };

  const int width = options.labels ? (height >= 10 ? 2 : 1) + 1 : 0;
  const std::string margin(static_cast<std::size_t>(width), ' ');
  std::string text;
  // Room for every line at its widest (colours aside): the margin, the borders, the cells.
  std::size_t line_width = static_cast<std::size_t>(width + wide + 2);
  for (int j = 0; j < wide; ++j) line_width += static_cast<std::size_t>(slot(j));
  text.reserve(line_width * static_cast<std::size_t>(height * (down + 1) + 3));
  if (options.labels) {
    // Narrow cells take two-digit numbers on two lines, the tens above the ones.
    const int label_lines = options.narrow && wide >= 10 ? 2 : 1;
    for (int k = 0; k < label_lines; ++k) {
      text += margin;
      for (int j = 0; j < wide; ++j) {
        if (borders.column_line(j)) text += ' ';
        std::string label = std::to_string(j + 1);
        if (label_lines == 2)
          label = k == 0 ? (j + 1 >= 10 ? std::to_string((j + 1) / 10) : std::string(" "))
                         : std::to_string((j + 1) % 10);
        std::string cell(static_cast<std::size_t>(slot(j)), ' ');
        const int start =
            options.narrow ? std::max(0, slot(j) - static_cast<int>(label.size()))
                           : 1 + std::max(0, (at(body, j) - static_cast<int>(label.size())) / 2);
        cell.replace(static_cast<std::size_t>(start), label.size(), label);
        text += cell;
      }
      end_line(text);
    }
  }
  bool empty = false;
  for (int i = 0; i <= height; ++i) {
    if (borders.row_line(i)) {
      text += margin + borders.line(i, slot);
      end_line(text);
    } else if (mini && down > 1) {  // a blank line between the rows of a box
      text += margin;
      for (int j = 0; j <= wide; ++j) {
        if (borders.column_line(j)) text += borders.left(i - 1, j) ? '|' : ' ';
        if (j < wide) text.append(static_cast<std::size_t>(slot(j)), ' ');
      }
      end_line(text);
    }
    if (i == height) break;
    for (int line = 0; line < down; ++line) {
      if (options.labels) {
        const std::string label = line == middle ? std::to_string(i + 1) : "";
        text += std::string(static_cast<std::size_t>(width - 1) - label.size(), ' ') + label + ' ';
      }
      for (int j = 0; j <= wide; ++j) {
        if (borders.column_line(j)) text += borders.left(i, j) ? '|' : ' ';
        if (j == wide) break;
        const int cell = geometry.cell_at(i, j);
        if (cell < 0) {  // a samurai's hole
          text.append(static_cast<std::size_t>(slot(j)), ' ');
          continue;
        }
        draw(text, cell, line);
        if (candidates.value(cell) == 0 && candidates.mask(cell) == 0) empty = true;
      }
      end_line(text);
    }
  }
  if (empty) text += "!: a cell without candidates\n";
  return text;
}

std::string format_candidate_line(const Geometry& geometry, std::span<const Mask> masks,
                                  const Symbols& symbols) {
  const int n = geometry.size();
  std::string out;
  out.reserve(masks.size() * static_cast<std::size_t>(n));
  for (const Mask mask : masks)
    for (int d = 1; d <= n; ++d) out += (mask & digit_bit(d)) != 0 ? symbols.symbol(n, d) : '.';
  return out;
}

}  // namespace sudoku
