#include "sudoku/play/session.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <utility>

#include "play/session_help.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/cache.hpp"
#include "sudoku/search/true_candidates.hpp"

namespace sudoku {

// The state undo and redo bring back: the shape, the givens, the digits, the candidates and the
// marks by hand.
struct Session::State {
  std::shared_ptr<const Geometry> geometry;
  std::shared_ptr<const LogicTables> tables;
  Grid givens;
  Candidates candidates;
  std::vector<Mask> marks;  // per cell: removed by hand; none on a cell with a digit

  explicit State(const Position& p)
      : geometry(p.geometry),
        tables(shared_tables(*geometry)),
        givens(p.givens),
        candidates(position_candidates(p)),
        marks(p.marks) {
    settle();
  }
  // A cell that holds a digit keeps no marks.
  void settle() {
    for (std::size_t cell = 0; cell < marks.size(); ++cell)
      if (candidates.value(static_cast<int>(cell)) != 0) marks[cell] = 0;
  }
};

// What the exact-cover search says.
struct Session::Truth {
  enum Kind { unknown, none, unique, several } kind = unknown;
  Grid solution;            // unique: the solution; several: one of them (fit(): one that fits)
  std::uint64_t nodes = 0;  // of the search
};

namespace {

std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) words.emplace_back(line.substr(start, i - start));
  }
  return words;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

Reply fail(std::string message) {
  return {std::move(message) + "\n", false};
}

std::optional<int> number(std::string_view text) {
  int value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

// A digit written as its symbol ("7", "A", in the reader's alphabet) or its number ("12").
// One character is a symbol (under 0-F, '1' is the digit 2), more are a number.
std::optional<int> parse_digit(std::string_view text, int n, const Symbols& symbols) {
  if (text.size() != 1) {
    if (const auto value = number(text); value && *value >= 1 && *value <= n) return value;
    return std::nullopt;
  }
  const int d = symbols.digit(n, text[0]);
  if (d < 1) return std::nullopt;
  return d;
}

std::string digits_of(int n, Mask mask, const Symbols& symbols = {}) {
  std::string out;
  for (int d = 1; d <= n; ++d)
    if (mask & digit_bit(d)) {
      if (!out.empty()) out += ", ";
      out += symbols.symbol(n, d);
    }
  return out.empty() ? "none" : out;
}

std::string bad_digit(const std::string& text, int n, const Symbols& symbols) {
  return "'" + text + "' is no digit of a " + std::to_string(n) + "x" + std::to_string(n) +
         " grid (" + symbols.symbol(n, 1) + " to " + symbols.symbol(n, n) + ")";
}

// "r1c3, r4c4" for cells.
std::string cell_names(const Geometry& g, const std::vector<int>& cells) {
  std::string out;
  for (int cell : cells) out += (out.empty() ? "" : ", ") + cell_name(g, cell);
  return out;
}

// The cell of a command that takes one ("clear r3c5"), or, in `why`, the reason there is none.
std::optional<int> one_cell(const std::vector<std::string>& words, const Geometry& g,
                            std::string_view command, std::string& why) {
  if (words.size() != 2) {
    why = std::string(command) + " needs a cell, e.g. '" + std::string(command) + " r3c5'";
    return std::nullopt;
  }
  const auto cell = parse_cell_name(g, words[1]);
  if (!cell) why = bad_cell_name(g, words[1]);
  return cell;
}

// "r1c3=4, r2c5=6" for the digits the steps placed.
std::string placements(const Geometry& g, const std::vector<Step>& steps) {
  std::string out;
  for (const Step& step : steps)
    for (const Candidate& p : step.placed) {
      if (!out.empty()) out += ", ";
      out += cell_name(g, p.cell) + "=" + digit_symbol(g.size(), p.digit);
    }
  return out;
}

}  // namespace

Session::Session(SessionOptions options) : options_(std::move(options)) {
  const int n = options_.reader.size != 0 ? options_.reader.size : 9;
  auto geometry = options_.reader.variant == Variant::jigsaw
                      ? shared_jigsaw(n, options_.reader.regions, options_.reader.chess)
                      : shared_geometry(n, options_.reader.variant, options_.reader.chess);
  now_ = std::make_unique<State>(blank_position(geometry));
}

Session::~Session() = default;

const Geometry& Session::geometry() const noexcept {
  return *now_->geometry;
}

const Grid& Session::givens() const noexcept {
  return now_->givens;
}

const Candidates& Session::candidates() const noexcept {
  return now_->candidates;
}

Mask Session::marks(int cell) const noexcept {
  return now_->marks[static_cast<std::size_t>(cell)];
}

Position Session::position() const {
  const State& s = *now_;
  Position p = blank_position(s.geometry);
  p.givens = s.givens;
  const Candidates plain = start_candidates(*s.geometry, s.candidates.grid());
  for (int cell = 0; cell < s.geometry->cell_count(); ++cell) {
    const auto i = static_cast<std::size_t>(cell);
    if (s.givens[i] == 0) p.placed[i] = static_cast<std::uint8_t>(s.candidates.value(cell));
    if (s.candidates.value(cell) != 0) continue;
    p.marks[i] = s.marks[i];
    p.removed[i] = plain.mask(cell) & ~s.candidates.mask(cell) & ~s.marks[i];
  }
  return p;
}

std::string Session::save_text() const {
  return write_position(position(), options_.reader.symbols);
}

std::string_view Session::help() {
  return detail::help_text;
}

void Session::change() {
  undo_.push_back(*now_);
  redo_.clear();
  ++version_;
}

Solver& Session::solver() {
  // Geometries are shared per shape (sudoku/search/cache.hpp): the same shape is the same object.
  if (!solver_ || &solver_->geometry() != now_->geometry.get()) {
    solver_ = std::make_unique<Solver>(*now_->geometry);
    solver_->set_logic(Logic::all);
  }
  solver_->set_node_budget(options_.count_nodes);
  solver_->set_stop_flag(options_.stop);
  return *solver_;
}

const Session::Truth& Session::truth() {
  if (truth_ && truth_geometry_ == now_->geometry.get() && truth_givens_ == now_->givens)
    return *truth_;
  truth_ = std::make_unique<Truth>();
  truth_geometry_ = now_->geometry.get();
  truth_givens_ = now_->givens;
  try {
    const SolveResult r = solver().count(now_->givens, 2);
    truth_->nodes = r.nodes;
    truth_->solution = r.first;
    if (r.solutions >= 2)
      truth_->kind = Truth::several;
    else if (!r.complete)
      truth_->kind = Truth::unknown;
    else
      truth_->kind = r.solutions == 1 ? Truth::unique : Truth::none;
  } catch (const ClashError&) {
    truth_->kind = Truth::none;
  }
  // A search cut short by the stop flag is asked again next time.
  if (stopped()) truth_geometry_ = nullptr;
  return *truth_;
}

void Session::set_uniqueness(Uniqueness uniqueness) noexcept {
  options_.uniqueness = uniqueness;
  hint_press_ = 0;
}

bool Session::stopped() const noexcept {
  return options_.stop != nullptr && options_.stop->load(std::memory_order_relaxed);
}

bool Session::unique() {
  return options_.uniqueness == Uniqueness::assumed ||
         (options_.uniqueness == Uniqueness::when_proved && truth().kind == Truth::unique);
}

Session::Truth Session::fit() {
  // The digits alone: a candidate removed by hand is the person's note, not a rule.
  Truth t;
  try {
    const SolveResult r = solver().solve(now_->candidates.grid(), 1);
    t.nodes = r.nodes;
    t.solution = r.first;
    t.kind = r.solutions == 1 ? Truth::several : r.complete ? Truth::none : Truth::unknown;
  } catch (const ClashError&) {
    t.kind = Truth::none;
  }
  return t;
}

std::string Session::status() const {
  const Candidates& c = now_->candidates;
  const Geometry& g = *now_->geometry;
  if (c.solved()) return "solved: every cell holds a digit\n";
  std::vector<Step> steps;
  if (find_contradiction(c, &steps).contradiction)
    return describe(g, steps.front(), options_.reader.symbols) + ": undo, or clear a digit\n";
  // In a player's words: the cells to fill, and the candidates they have left.
  int open = 0, left = 0;
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (c.value(cell) == 0) {
      ++open;
      left += count_of(c.mask(cell));
    }
  return std::to_string(open) + (open == 1 ? " cell to fill, " : " cells to fill, ") +
         std::to_string(left) + (left == 1 ? " candidate left\n" : " candidates left\n");
}

namespace {

// The widest line of a text, in characters on a terminal: colour codes take no room.
std::size_t widest_line(std::string_view text) {
  std::size_t widest = 0, width = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      widest = std::max(widest, width);
      width = 0;
    } else if (text[i] == '\x1b') {
      while (i < text.size() && text[i] != 'm') ++i;
    } else {
      ++width;
    }
  }
  return std::max(widest, width);
}

}  // namespace

std::string Session::show(const std::vector<int>& marked) const {
  CandidateOptions options;
  options.candidates = show_candidates_;
  options.color = options_.color;
  options.marked = marked;
  options.givens = now_->givens;
  options.symbols = options_.reader.symbols;
  std::string grid = format_candidates(now_->candidates, options);
  // Candidates wider than the terminal: the digits alone, and where to find the candidates.
  std::string note;
  const auto too_wide = [&] {
    return options_.width > 0 && widest_line(grid) > static_cast<std::size_t>(options_.width);
  };
  if (too_wide() && options.candidates) {
    options.candidates = false;
    grid = format_candidates(now_->candidates, options);
    note = "candidates too wide to show: 'show r3', 'show box 2', 'show r3c5' list them\n";
  }
  // Still too wide (25x25 in 80 columns): cells of two columns.
  if (too_wide()) {
    options.narrow = true;
    grid = format_candidates(now_->candidates, options);
  }
  // The rules the grid does not show (cages, chess moves, marks between cells), in words.
  return grid + note + describe_rules(now_->candidates.geometry(), true) + status();
}

std::string Session::show() const {
  return show(std::vector<int>{});
}

std::string Session::after_change(const std::vector<int>& cells) {
  if (options_.autoshow) return show(cells);
  // Without the grid, the status line only when it says what the player must know.
  if (now_->candidates.solved() || find_contradiction(now_->candidates).contradiction)
    return status();
  return "";
}

std::string Session::shown_with(const std::vector<int>& cells) {
  marked_ = cells;
  marked_version_ = version_;
  return options_.autoshow ? show(cells) : "";
}

Reply Session::show(const std::vector<std::string>& words) {
  // The cells of the last hint or check stay marked until the next change.
  if (words.size() == 1) return {show(marked_version_ == version_ ? marked_ : std::vector<int>{})};
  const Geometry& g = geometry();
  // A house by its name ("row 3", "box 2", "window 1") or as r3, c5, b2; or a cell.
  std::string name = lower(words[1]);
  for (std::size_t i = 2; i < words.size(); ++i) name.append(" ").append(lower(words[i]));
  if (words.size() == 2 && name.size() > 1 && std::isdigit(static_cast<unsigned char>(name[1])) &&
      name.find_first_not_of("0123456789", 1) == std::string::npos) {
    if (name[0] == 'r') name = "row " + name.substr(1);
    if (name[0] == 'c') name = "column " + name.substr(1);
    if (name[0] == 'b') name = "box " + name.substr(1);
  }
  std::vector<int> cells;
  std::string title;
  for (int h = 0; h < static_cast<int>(g.houses().size()) && cells.empty(); ++h)
    if (lower(g.house_name(h)) == name) {
      cells = g.houses()[static_cast<std::size_t>(h)].cells;
      title = g.house_name(h) + ":\n";
    }
  if (cells.empty() && words.size() == 2)
    if (const auto cell = parse_cell_name(g, words[1])) cells = {*cell};
  if (cells.empty())
    return fail(
        "show takes a house or a cell: 'show r3' (or 'show row 3'), 'show c5', 'show box "
        "2' (or 'show b2'), 'show r3c5'");
  const int n = g.size();
  const Candidates& c = now_->candidates;
  std::string text = title;
  for (int cell : cells) {
    text += (title.empty() ? "" : "  ") + cell_name(g, cell);
    if (const int digit = c.value(cell); digit != 0) {
      text += " = " + symbol(digit);
      if (now_->givens[static_cast<std::size_t>(cell)] != 0) text += " (given)";
    } else {
      text += ":";
      for (int d = 1; d <= n; ++d)
        if (c.mask(cell) & digit_bit(d)) text += " " + symbol(d);
      if (c.mask(cell) == 0) text += " no candidate";
    }
    text += "\n";
  }
  return {text, true, cells};
}

Reply Session::open(std::string_view name, std::string_view text) {
  return load(name, text, false);
}

Reply Session::load(std::string_view name, std::string_view text, bool keep_history) {
  std::optional<Position> read;
  try {
    read = read_position(text, options_.reader);
  } catch (const FormatError& error) {
    const auto failed = [&] {
      return fail(std::string(name) + ":" + std::to_string(error.line()) + ":" +
                  std::to_string(error.column()) + ": " + error.what());
    };
    // The size set in the options is the start's: after `new` of another size, `save` writes a
    // grid of that size, read back at the size its text has.
    if (options_.reader.size == 0) return failed();
    ReaderOptions any_size = options_.reader;
    any_size.size = 0;
    try {
      read = read_position(text, any_size);
    } catch (const FormatError&) {
      return failed();
    }
  }
  std::string note;
  if (!read) {
    if (keep_history) return fail(std::string(name) + ": no puzzle in the file");
    note = std::string(name) + ": no puzzle; a blank grid\n";
    read = blank_position(now_->geometry);
  }
  State next(*read);
  if (keep_history) {
    change();
  } else {
    undo_.clear();
    redo_.clear();
    ++version_;
  }
  *now_ = std::move(next);
  saved_version_ = version_;
  return {note + show(), true};
}

namespace {

// What a command the stop flag cut short says. Built by appending: GCC 12 warns of an overlap
// (-Wrestrict) in "'" + std::string + "'".
std::string interrupted(std::string_view command) {
  std::string text = "interrupted: '";
  return text.append(command).append("' stopped; the position is as it was");
}

}  // namespace

Reply Session::run(std::string_view line) {
  const std::vector<std::string> words = split(line);
  if (words.empty()) return {};
  const std::uint64_t before = version_;
  Reply reply = command(words);
  // A command the stop flag cut short has changed nothing (count says how far it got); one that
  // ended before it saw the flag says what it did.
  if (stopped() && version_ == before && !reply.text.starts_with("interrupted"))
    return fail(interrupted(lower(words[0])));
  return reply;
}

Reply Session::command(const std::vector<std::string>& words) {
  const std::string name = lower(words[0]);
  const std::size_t args = words.size() - 1;
  const auto no_arguments = [&]() -> std::optional<Reply> {
    if (args == 0) return std::nullopt;
    return fail("'" + name + "' takes no argument");
  };
  if (name == "set") return set(words);
  if (name == "clear") return clear(words);
  if (name == "mark") return mark(words);
  if (name == "reveal") return reveal(words);
  if (name == "solve" && args == 1 && lower(words[1]) == "search") return search();
  if (name == "new") return fresh(words);
  if (name == "save") return save(words);
  if (name == "load") {
    if (args != 1) return fail("load needs a file name, e.g. 'load puzzle.txt'");
    if (!options_.read_file) return fail("load: no files in this session");
    std::string text;
    try {
      text = options_.read_file(words[1]);
    } catch (const std::exception& error) {
      return fail(error.what());
    }
    return load(words[1], text, true);
  }
  if (name == "candidates") {
    const std::string value = args == 1 ? lower(words[1]) : "";
    if (value != "on" && value != "off") return fail("candidates takes 'on' or 'off'");
    show_candidates_ = value == "on";
    return {show(), true};
  }
  if (name == "autoshow") {
    const std::string value = args == 1 ? lower(words[1]) : "";
    if (value != "on" && value != "off") return fail("autoshow takes 'on' or 'off'");
    options_.autoshow = value == "on";
    return {options_.autoshow ? "the grid is shown after every change\n"
                              : "the grid is shown by 'show' (a change says what it did)\n",
            true};
  }
  if (name == "show") return show(words);
  static constexpr std::string_view bare[] = {"hint", "step", "singles", "soles", "solve",
                                              "count", "help", "?",       "quit",  "exit",
                                              "undo", "redo", "check",   "true"};
  if (std::find(std::begin(bare), std::end(bare), name) == std::end(bare))
    return fail("unknown command '" + words[0] + "'; 'help' lists the commands");
  if (auto error = no_arguments()) return *error;
  if (name == "hint") return hint();
  if (name == "step") return step();
  if (name == "singles") return singles(false);
  if (name == "soles") return singles(true);
  if (name == "solve") return solve();
  if (name == "count") return count();
  if (name == "true") return keep_true();
  if (name == "check") return check();
  if (name == "help" || name == "?") return {std::string(detail::help_text), true};
  if (name == "quit" || name == "exit") {
    finished_ = true;
    return {};
  }
  return name == "undo" ? undo() : redo();
}

Reply Session::undo() {
  return travel(undo_, redo_, "nothing to undo");
}

Reply Session::redo() {
  return travel(redo_, undo_, "nothing to redo");
}

Reply Session::travel(std::vector<State>& from, std::vector<State>& to, const char* none) {
  if (from.empty()) return fail(none);
  to.push_back(*now_);
  *now_ = std::move(from.back());
  from.pop_back();
  ++version_;
  if (options_.autoshow) return {show(), true};
  return {std::string(&from == &undo_ ? "undone: " : "redone: ") + status(), true};
}

Reply Session::set(const std::vector<std::string>& words) {
  const int n = geometry().size();
  if (words.size() != 3) return fail("set needs a cell and a digit, e.g. 'set r3c5 7'");
  const auto cell = parse_cell_name(geometry(), words[1]);
  if (!cell) return fail(bad_cell_name(geometry(), words[1]));
  const auto digit = parse_digit(words[2], n, options_.reader.symbols);
  if (!digit) return fail(bad_digit(words[2], n, options_.reader.symbols));
  return place(*cell, *digit);
}

std::string Session::symbol(int digit) const {
  return std::string(1, options_.reader.symbols.symbol(geometry().size(), digit));
}

std::optional<std::string> Session::peer_holds(int cell, int digit, int* holder) const {
  const Geometry& g = geometry();
  for (int h : g.houses_of(cell))
    for (int peer : g.houses()[static_cast<std::size_t>(h)].cells)
      if (peer != cell && now_->candidates.value(peer) == digit) {
        if (holder != nullptr) *holder = peer;
        return symbol(digit) + " is in " + cell_name(g, peer) + " already, in the same " +
               g.house_name(h).substr(0, g.house_name(h).find(' '));
      }
  return std::nullopt;
}

Reply Session::place(int cell, int digit) {
  const Geometry& g = geometry();
  const int n = g.size();
  if (cell < 0 || cell >= g.cell_count() || digit < 1 || digit > n)
    return fail("no cell " + std::to_string(cell) + " or digit " + std::to_string(digit) +
                " in a " + std::to_string(n) + "x" + std::to_string(n) + " grid");
  const std::string at = cell_name(g, cell);
  const Candidates& c = now_->candidates;
  if (const int held = c.value(cell); held != 0) {
    if (now_->givens[static_cast<std::size_t>(cell)] != 0)
      return fail(at + " holds the given " + symbol(held));
    return fail(at + " holds " + symbol(held) + " already; clear it first");
  }
  // A clash names both cells, so that a board can show the digit and the peer holding it.
  if (int peer = -1; auto clash = peer_holds(cell, digit, &peer)) {
    Reply refused = fail(*clash);
    refused.cells = {cell, peer};
    return refused;
  }
  if ((c.mask(cell) & digit_bit(digit)) == 0) {
    if (now_->marks[static_cast<std::size_t>(cell)] & digit_bit(digit))
      return fail(symbol(digit) + " is no candidate of " + at + ": it was removed by hand ('mark " +
                  at + " +" + symbol(digit) + "' brings it back)");
    return fail(symbol(digit) + " is no candidate of " + at +
                " any more (a step removed it); its " +
                "candidates: " + digits_of(n, c.mask(cell), options_.reader.symbols));
  }
  change();
  now_->candidates.assign(cell, digit);
  now_->settle();
  return {at + "=" + symbol(digit) + "\n" + after_change(), true, {cell}};
}

Reply Session::clear(const std::vector<std::string>& words) {
  std::string why;
  const auto cell = one_cell(words, geometry(), "clear", why);
  return cell ? erase(*cell) : fail(why);
}

void Session::rebuild(int cell, Mask restore) {
  State& s = *now_;
  const Candidates plain = start_candidates(*s.geometry, s.candidates.grid());
  Candidates next = plain;
  for (int other = 0; other < s.geometry->cell_count(); ++other) {
    if (next.value(other) != 0) continue;
    Mask gone = plain.mask(other) & ~s.candidates.mask(other);
    if (other == cell) gone &= ~restore;
    for (Mask m = gone; m != 0; m &= m - 1) next.eliminate(other, std::countr_zero(m) + 1);
  }
  s.candidates = std::move(next);
}

Reply Session::erase(int cell) {
  const Geometry& g = geometry();
  if (cell < 0 || cell >= g.cell_count()) return fail("no cell " + std::to_string(cell));
  const std::string at = cell_name(g, cell);
  if (now_->givens[static_cast<std::size_t>(cell)] != 0)
    return fail(at + " holds a given; givens cannot be cleared");
  if (now_->candidates.value(cell) == 0) return fail(at + " holds no digit");
  change();
  Grid digits = now_->candidates.grid();
  digits[static_cast<std::size_t>(cell)] = 0;
  // The candidates of the digits left, less those removed by hand.
  now_->candidates = start_candidates(g, digits);
  for (int other = 0; other < g.cell_count(); ++other)
    if (now_->candidates.value(other) == 0)
      for (Mask m = now_->marks[static_cast<std::size_t>(other)]; m != 0; m &= m - 1)
        now_->candidates.eliminate(other, std::countr_zero(m) + 1);
  return {at + " cleared\n" + after_change(), true, {cell}};
}

Reply Session::mark(const std::vector<std::string>& words) {
  const int n = geometry().size();
  const std::string usage =
      "mark needs a cell and digits to remove or bring back, e.g. 'mark r3c5 "
      "-37' or 'mark r3c5 +3'";
  if (words.size() < 3) return fail(usage);
  const auto cell = parse_cell_name(geometry(), words[1]);
  if (!cell) return fail(bad_cell_name(geometry(), words[1]));
  Mask remove = 0, restore = 0;
  for (std::size_t i = 2; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.size() < 2 || (word[0] != '-' && word[0] != '+')) return fail(usage);
    Mask* into = nullptr;
    for (char c : word) {
      if (c == '-' || c == '+') {
        into = c == '-' ? &remove : &restore;
        continue;
      }
      const auto digit = parse_digit(std::string_view(&c, 1), n, options_.reader.symbols);
      if (!digit) return fail(bad_digit(std::string(1, c), n, options_.reader.symbols));
      *into |= digit_bit(*digit);
    }
  }
  return mark(*cell, remove, restore);
}

Reply Session::mark(int cell, Mask remove, Mask restore) {
  const Geometry& g = geometry();
  const int n = g.size();
  if (cell < 0 || cell >= g.cell_count()) return fail("no cell " + std::to_string(cell));
  const Mask all = now_->candidates.all();
  if ((remove | restore) == 0 || ((remove | restore) & ~all) != 0)
    return fail("mark: no digits of a " + std::to_string(n) + "x" + std::to_string(n) +
                " grid to remove or bring back");
  const std::string at = cell_name(g, cell);
  const Candidates& c = now_->candidates;
  if (const int held = c.value(cell); held != 0)
    return fail(at + " holds " + symbol(held) + ": it has no candidates to mark");
  if (remove & restore)
    return fail("mark: " + digits_of(n, remove & restore, options_.reader.symbols) +
                " both removed and brought back");
  const Mask mask = c.mask(cell);
  if (const Mask absent = remove & ~mask; absent != 0)
    return fail(digits_of(n, absent, options_.reader.symbols) +
                (count_of(absent) == 1 ? " is no candidate of " : " are no candidates of ") + at +
                "; its candidates: " + digits_of(n, mask, options_.reader.symbols));
  if (const Mask present = restore & mask; present != 0)
    return fail(digits_of(n, present, options_.reader.symbols) +
                (count_of(present) == 1 ? " is a candidate of " : " are candidates of ") + at +
                " already");
  for (Mask m = restore; m != 0; m &= m - 1)
    if (auto clash = peer_holds(cell, std::countr_zero(m) + 1)) return fail(*clash);
  change();
  Mask& marks = now_->marks[static_cast<std::size_t>(cell)];
  marks = (marks | remove) & ~restore;
  if (restore != 0) rebuild(cell, restore);
  for (Mask m = remove; m != 0; m &= m - 1)
    now_->candidates.eliminate(cell, std::countr_zero(m) + 1);
  std::string text = at + ":";
  if (remove != 0) text += " " + digits_of(n, remove, options_.reader.symbols) + " removed";
  if (restore != 0)
    text += std::string(remove != 0 ? "," : "") + " " +
            digits_of(n, restore, options_.reader.symbols) + " back";
  return {text + "\n" + after_change(), true, {cell}};
}

void Session::mistakes(const Grid& solution, std::vector<int>& wrong,
                       std::vector<int>& lost) const {
  const Candidates& c = now_->candidates;
  // A candidate the digits rule out is no mistake of its own: the wrong digit is.
  const Candidates plain = start_candidates(geometry(), c.grid());
  for (int cell = 0; cell < geometry().cell_count(); ++cell) {
    const Mask right = digit_bit(solution[static_cast<std::size_t>(cell)]);
    if (c.value(cell) != 0 && c.mask(cell) != right)
      wrong.push_back(cell);
    else if (c.value(cell) == 0 && (c.mask(cell) & right) == 0 && (plain.mask(cell) & right) != 0)
      lost.push_back(cell);
  }
}

std::string Session::trouble(std::vector<int>& cells) {
  const Truth& t = truth();
  const Geometry& g = geometry();
  if (t.kind == Truth::none) return "the puzzle has no solution: the exact-cover search finds none";
  if (t.kind == Truth::unknown) return "";
  if (t.kind == Truth::several) {
    if (fit().kind != Truth::none) return "";
    return "no solution fits the digits placed: undo, or clear some";
  }
  std::vector<int> wrong, lost;
  mistakes(t.solution, wrong, lost);
  cells = wrong.empty() ? lost : wrong;
  if (!wrong.empty())
    return "something is wrong: " + cell_names(g, wrong) +
           (wrong.size() == 1 ? " holds a digit" : " hold digits") +
           " the solution does not have (undo, or clear it)";
  if (!lost.empty())
    return "something is wrong: the candidates of " + cell_names(g, lost) +
           " have lost the solution's digit (" + options_.phrases.bring_back + ")";
  return "";
}

bool Session::stuck() {
  return stuck_ && stuck_->same_marks(now_->candidates) && stuck_unique_ == unique();
}

void Session::remember_stuck(const Candidates& candidates) {
  stuck_ = candidates;
  stuck_unique_ = unique();
}

// The ladder's next step on the position; false, without running it again, on a position where
// it found none before.
bool Session::next_on_ladder(Step& step) {
  if (stuck()) return false;
  if (next_step(now_->candidates, *now_->tables, step, Level::full, unique(), options_.stop))
    return true;
  if (!stopped()) remember_stuck(now_->candidates);
  return false;
}

std::string Session::stalled() {
  // On a puzzle with several solutions the ladder stalls for good: say why, as --hint does.
  if (truth().kind == Truth::several)
    return "no technique applies: " + std::string(several_solutions_note) + "; " +
           options_.phrases.one_of_several + "\n";
  return "no technique applies: " + options_.phrases.reveal_or_search + "\n";
}

Reply Session::hint() {
  if (now_->candidates.solved()) return {"the grid is solved\n", true};
  if (hint_version_ != version_ || hint_press_ == 0) {
    hint_version_ = version_;
    hint_press_ = 0;
    hint_stage_ = 0;
  }
  const bool told = hint_stage_ == 3;  // the last stage was shown: say so rather than repeat it
  hint_press_ = std::min(hint_press_ + 1, 4);
  // A position gone wrong says so first, and where; the step's stages follow.
  std::vector<int> cells;
  const std::string wrong = trouble(cells);
  int stage = std::clamp(options_.hint_stage, 1, 3) + hint_press_ - 1;
  if (!wrong.empty()) {
    if (hint_press_ == 1) return {wrong + "\n" + shown_with(cells), true, cells};
    --stage;
  }
  Step step;
  const bool found = next_on_ladder(step);
  if (stopped()) {
    hint_press_ = 0;  // the next hint starts afresh
    return fail(interrupted("hint"));
  }
  if (!found) return {stalled(), true};
  hint_stage_ = std::min(stage, 3);
  HintStage shown = sudoku::hint_stage(geometry(), step, hint_stage_, options_.reader.symbols);
  std::string text = shown.text + "\n";
  for (const std::string& line : shown.links) text += "  " + line + "\n";
  Reply reply{told ? "that is the whole hint: " + options_.phrases.take_step + "\n"
                   : text + shown_with(shown.cells),
              true, shown.cells};
  if (hint_stage_ == 3) {
    reply.placed = step.placed;
    reply.removed = step.removed;
    reply.arrows = arrows_of(step);
  }
  return reply;
}

Reply Session::reveal(const std::vector<std::string>& words) {
  std::string why;
  const auto cell = one_cell(words, geometry(), "reveal", why);
  return cell ? reveal(*cell) : fail(why);
}

Reply Session::reveal(int cell) {
  const Geometry& g = geometry();
  if (cell < 0 || cell >= g.cell_count()) return fail("no cell " + std::to_string(cell));
  const std::string at = cell_name(g, cell);
  const Candidates& c = now_->candidates;
  if (now_->givens[static_cast<std::size_t>(cell)] != 0)
    return fail(at + " holds the given " + symbol(c.value(cell)));
  Truth t = truth();
  if (t.kind == Truth::several) t = fit();
  switch (t.kind) {
    case Truth::none:
      return fail(truth().kind == Truth::none
                      ? "the puzzle has no solution"
                      : "no solution fits the digits placed: undo, or clear some");
    case Truth::unknown:
      return fail("the search for the solution stopped after " + std::to_string(t.nodes) +
                  " nodes");
    default:
      break;
  }
  const int right = t.solution[static_cast<std::size_t>(cell)];
  if (const int held = c.value(cell); held != 0) {
    if (held == right)
      return {at + " holds " + symbol(held) + ", the solution's digit\n", true, {cell}};
    return fail(at + " holds " + symbol(held) + "; the solution has " + symbol(right) +
                " there: clear it first");
  }
  if (auto clash = peer_holds(cell, right))
    return fail("the solution has " + symbol(right) + " in " + at + ", but " + *clash + ": " +
                options_.phrases.show_mistakes);
  change();
  if ((c.mask(cell) & digit_bit(right)) == 0) rebuild(cell, digit_bit(right));
  now_->candidates.assign(cell, right);
  now_->settle();
  return {at + "=" + symbol(right) + " (the solution's digit)\n" + after_change(), true, {cell}};
}

Reply Session::check() {
  const Truth& t = truth();
  const Geometry& g = geometry();
  switch (t.kind) {
    case Truth::none:
      return {"the puzzle has no solution: the exact-cover search finds none\n", true};
    case Truth::unknown:
      return {"the search for the solution stopped after " + std::to_string(t.nodes) +
                  " nodes: no answer\n",
              true};
    case Truth::several:
      if (fit().kind == Truth::none)
        return {"the puzzle has several solutions, and no solution fits the digits placed\n", true};
      return {"the puzzle has several solutions; the digits placed fit one of them\n", true};
    case Truth::unique:
      break;
  }
  std::vector<int> wrong, lost;
  mistakes(t.solution, wrong, lost);
  int placed = 0;
  for (int cell = 0; cell < geometry().cell_count(); ++cell)
    placed +=
        now_->givens[static_cast<std::size_t>(cell)] == 0 && now_->candidates.value(cell) != 0;
  if (wrong.empty() && lost.empty())
    return {"no mistake: " + std::to_string(placed) +
                (placed == 1 ? " digit placed, right" : " digits placed, all right") +
                ", and every open cell keeps the solution's digit among its candidates\n",
            true};
  std::string text;
  if (!wrong.empty())
    text += cell_names(g, wrong) + (wrong.size() == 1 ? " holds a digit" : " hold digits") +
            " the solution does not have\n";
  if (!lost.empty())
    text += "the candidates of " + cell_names(g, lost) + " have lost the solution's digit\n";
  std::vector<int> cells = wrong;
  cells.insert(cells.end(), lost.begin(), lost.end());
  std::sort(cells.begin(), cells.end());
  return {text + shown_with(cells), true, cells};
}

Reply Session::search() {
  if (now_->candidates.solved()) return {"the grid is solved\n", true};
  Truth t = truth();
  bool fits = t.kind == Truth::unique;
  if (fits)
    for (int cell = 0; cell < geometry().cell_count(); ++cell)
      if (const int held = now_->candidates.value(cell);
          held != 0 && held != t.solution[static_cast<std::size_t>(cell)])
        fits = false;
  if (!fits) t = fit();
  if (t.kind == Truth::none)
    return fail("no solution fits the digits placed: " + options_.phrases.mend);
  if (t.kind == Truth::unknown)
    return fail("the search stopped after " + std::to_string(t.nodes) +
                " nodes without a solution");
  int open = 0;
  for (int cell = 0; cell < geometry().cell_count(); ++cell)
    open += now_->candidates.value(cell) == 0;
  change();
  now_->candidates = start_candidates(geometry(), t.solution);
  now_->settle();
  return {"the search filled " + std::to_string(open) + (open == 1 ? " cell" : " cells") + "\n" +
              after_change(),
          true};
}

Reply Session::step() {
  if (now_->candidates.solved()) return {"the grid is solved\n", true};
  Step step;
  const bool found = next_on_ladder(step);
  if (stopped()) return fail(interrupted("step"));
  if (!found) return {stalled(), true};
  if (step.technique == Technique::contradiction)
    return {describe(geometry(), step, options_.reader.symbols) + ": undo, or clear a digit\n",
            false};
  change();
  apply(now_->candidates, step);
  now_->settle();
  std::vector<int> cells = cells_of(step);
  std::string text =
      describe(geometry(), step, options_.reader.symbols) + "\n" + after_change(cells);
  return {std::move(text), true, std::move(cells)};
}

Reply Session::singles(bool hidden) {
  std::vector<Step> steps;
  State next = *now_;
  while (true) {
    const std::size_t before = steps.size();
    if (hidden) {
      hidden_single(next.candidates, &steps);
    } else {
      full_house(next.candidates, &steps);
      naked_single(next.candidates, &steps);
    }
    if (steps.size() == before) break;
  }
  if (steps.empty()) return {hidden ? "no hidden single\n" : "no naked single\n", true};
  change();
  *now_ = std::move(next);
  now_->settle();
  const std::string what = hidden ? " hidden single" : " naked single";
  return {std::to_string(steps.size()) + what + (steps.size() == 1 ? ": " : "s: ") +
              placements(geometry(), steps) + "\n" + after_change(),
          true};
}

Reply Session::solve() {
  if (now_->candidates.solved()) return {"the grid is solved\n", true};
  std::vector<Step> steps;
  State next = *now_;
  Technique hardest = Technique::full_house;
  const Found found = stuck() ? Found{}
                              : reduce(next.candidates, *next.tables, Level::full, &steps, &hardest,
                                       unique(), options_.stop);
  if (stopped()) return fail(interrupted("solve"));
  int taken = 0;
  for (const Step& s : steps)
    if (s.technique != Technique::contradiction) ++taken;
  // Where the ladder ran out (the position it leaves, as it leaves it).
  if (!found.contradiction && !next.candidates.solved()) remember_stuck(next.candidates);
  std::string text;
  if (taken > 0) {
    change();
    *now_ = std::move(next);
    now_->settle();
    text = std::to_string(taken) + (taken == 1 ? " step" : " steps") +
           " (the hardest: " + std::string(technique_name(hardest)) + ")\n";
  }
  if (found.contradiction) return {text + after_change(), false};
  if (!now_->candidates.solved()) {
    int open = 0;
    for (int cell = 0; cell < geometry().cell_count(); ++cell)
      open += now_->candidates.value(cell) == 0;
    text += "logic is exhausted: no technique applies, " + std::to_string(open) +
            (open == 1 ? " cell" : " cells") + " open; " + options_.phrases.reveal_or_search + "\n";
    if (truth().kind == Truth::several) text += std::string(several_solutions_note) + "\n";
  }
  return {text + after_change(), true};
}

Reply Session::count() {
  Solver& search = solver();
  // The solutions left to the position: its digits, and its candidates as they stand (one
  // removed by hand, even wrongly, is out of every solution counted); a cell without candidates
  // leaves none.
  std::vector<Step> steps;
  if (find_contradiction(now_->candidates, &steps).contradiction)
    return {
        "no solution left: " + describe(geometry(), steps.front(), options_.reader.symbols) + "\n",
        true};
  const SolveResult result = search.count(now_->candidates, options_.count_limit);
  if (result.outcome == dlx::Outcome::stopped)
    return {"interrupted: " + describe_count(result) + " left when the count stopped\n", true};
  std::string text = describe_count(result) + " left";
  if (result.outcome == dlx::Outcome::node_limit)
    text += " (the search stopped after " + std::to_string(result.nodes) + " nodes)";
  return {text + "\n", true};
}

// The true candidates of the position (its digits and its candidates as they stand): every other
// candidate goes, as one change.
Reply Session::keep_true() {
  std::vector<Step> steps;
  if (find_contradiction(now_->candidates, &steps).contradiction)
    return {
        "no solution left: " + describe(geometry(), steps.front(), options_.reader.symbols) + "\n",
        true};
  const TrueCandidates found = true_candidates(solver(), now_->candidates);
  if (stopped()) return fail(interrupted("true"));
  if (!found.complete)
    return {"the search stopped before it was done: no candidate removed\n", true};
  const Geometry& g = geometry();
  if (std::all_of(found.masks.begin(), found.masks.end(), [](Mask m) { return m == 0; }))
    return {"no solution left: no candidate is true\n", true};
  State next = *now_;
  int removed = 0, cells = 0;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (next.candidates.value(cell) != 0) continue;
    const Mask gone = next.candidates.mask(cell) & ~found.masks[static_cast<std::size_t>(cell)];
    for (Mask m = gone; m != 0; m &= m - 1) next.candidates.eliminate(cell, std::countr_zero(m) + 1);
    removed += std::popcount(gone);
    cells += gone != 0;
  }
  if (removed == 0) return {"every candidate left is true: each is in a solution\n", true};
  change();
  *now_ = std::move(next);
  now_->settle();
  return {std::to_string(removed) + (removed == 1 ? " candidate" : " candidates") + " of " +
              std::to_string(cells) + (cells == 1 ? " cell" : " cells") +
              " removed: no solution holds them\n" + after_change(),
          true};
}

Reply Session::fresh(const std::vector<std::string>& words) {
  std::shared_ptr<const Geometry> geometry = now_->geometry;
  if (words.size() > 3) return fail("new takes a size and a variant, e.g. 'new 9 hyper'");
  if (words.size() > 1) {
    const auto size = number(words[1]);
    if (!size || *size < 1 || *size > 64)
      return fail("'" + words[1] + "' is no size: new takes the cells per row, e.g. 'new 9'");
    try {
      // The variant's words joined by commas: "new 9 x,anti-king".
      const auto [variant, chess] =
          words.size() == 3 ? parse_shape(words[2]) : std::pair{Variant::regular, Chess::none};
      if (variant == Variant::jigsaw)
        return fail("a blank jigsaw needs its regions: load a jigsaw puzzle, then 'new'");
      geometry = shared_geometry(*size, variant, chess);
    } catch (const GeometryError& error) {
      return fail(std::string("new: ") + error.what());
    }
  }
  State next(blank_position(geometry));
  change();
  *now_ = std::move(next);
  saved_version_ = version_;
  if (options_.autoshow) return {show(), true};
  const std::string n = std::to_string(geometry->size());
  return {"a blank " + n + "x" + n + " grid\n" + status(), true};
}

Reply Session::save(const std::vector<std::string>& words) {
  if (words.size() != 2) return fail("save needs a file name, e.g. 'save puzzle.txt'");
  if (!options_.write_file) return fail("save: no files in this session");
  const std::string text = save_text();
  try {
    options_.write_file(words[1], text);
  } catch (const std::exception& error) {
    return fail(error.what());
  }
  saved_version_ = version_;
  return {"saved to " + words[1] + "\n", true};
}

}  // namespace sudoku
