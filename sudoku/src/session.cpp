#include "sudoku/session.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <utility>

#include "sudoku/cache.hpp"
#include "sudoku/explain.hpp"
#include "sudoku/writer.hpp"

namespace sudoku {

// The state undo and redo bring back: the shape, the givens, the digits and the candidates.
struct Session::State {
  std::shared_ptr<const Geometry> geometry;
  std::shared_ptr<const LogicTables> tables;
  Grid givens;
  Candidates candidates;

  State(std::shared_ptr<const Geometry> g, Grid given)
      : geometry(std::move(g)),
        tables(shared_tables(*geometry)),
        givens(std::move(given)),
        candidates(start_candidates(*geometry, givens)) {}
};

namespace {

constexpr std::string_view help_text =
    R"(Commands (a cell is named r3c5: row 3, column 5):
  hint                 the next step, with its cells marked (* *); nothing changes
  step                 take the next step
  singles              place naked singles (and full houses) until there are none
  soles                place hidden singles until there are none
  solve                take every step the techniques find, until none applies
  set r3c5 7           place 7 in r3c5
  clear r3c5           take back a digit placed (not a given); the candidates are worked out
                       again from the digits left
  undo, redo           take back the last change, or make it again
  count                the number of solutions left (up to 1000)
  new [SIZE [VARIANT]] a blank grid to type a puzzle into (default: the same shape)
  load FILE            the first puzzle of a file
  save FILE            the digits placed so far, on one line
  candidates on|off    show or hide the candidates of undecided cells
  show                 the grid again
  help                 this list
  quit                 end the session
)";

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

// The cell named "r3c5" (either case), if it is one of a grid of size n.
std::optional<int> parse_cell(std::string_view text, int n) {
  const std::string name = lower(std::string(text));
  const std::size_t c = name.find('c');
  if (name.size() < 4 || name[0] != 'r' || c == std::string::npos) return std::nullopt;
  const auto row = number(std::string_view(name).substr(1, c - 1));
  const auto column = number(std::string_view(name).substr(c + 1));
  if (!row || !column || *row < 1 || *row > n || *column < 1 || *column > n) return std::nullopt;
  return (*row - 1) * n + (*column - 1);
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

std::string digits_of(int n, Mask mask) {
  std::string out;
  for (int d = 1; d <= n; ++d)
    if (mask & digit_bit(d)) {
      if (!out.empty()) out += ", ";
      out += digit_symbol(n, d);
    }
  return out.empty() ? "none" : out;
}

std::string bad_cell(std::string_view text, int n) {
  const std::string size = std::to_string(n);
  std::string out = "'";
  out += text;
  return out + "' is no cell of a " + size + "x" + size + " grid (r1c1 to r" + size + "c" + size +
         ")";
}

// "4.91e+21" above what a double holds exactly, the exact count below.
std::string combinations(double log10_count) {
  char buffer[64];
  if (log10_count < 15) {
    std::snprintf(buffer, sizeof buffer, "%.0f", std::round(std::pow(10.0, log10_count)));
  } else {
    const double exponent = std::floor(log10_count);
    double mantissa = std::pow(10.0, log10_count - exponent);
    std::snprintf(buffer, sizeof buffer, "%.2fe+%.0f", mantissa, exponent);
  }
  return buffer;
}

// "r1c3=4, r2c5=6" for the digits the steps placed.
std::string placements(const Geometry& g, const std::vector<Step>& steps) {
  std::string out;
  for (const Step& step : steps)
    for (const Candidate& p : step.placed) {
      if (!out.empty()) out += ", ";
      out += cell_name(g.size(), p.cell) + "=" + digit_symbol(g.size(), p.digit);
    }
  return out;
}

}  // namespace

Session::Session(SessionOptions options) : options_(std::move(options)) {
  const int n = options_.reader.size != 0 ? options_.reader.size : 9;
  auto geometry = options_.reader.variant == Variant::jigsaw
                      ? shared_jigsaw(n, options_.reader.regions)
                      : shared_geometry(n, options_.reader.variant);
  now_ = std::make_unique<State>(geometry, Grid(static_cast<std::size_t>(n * n), 0));
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

std::string_view Session::help() {
  return help_text;
}

void Session::change() {
  undo_.push_back(*now_);
  redo_.clear();
}

std::string Session::status() const {
  const Candidates& c = now_->candidates;
  const Geometry& g = *now_->geometry;
  if (c.solved()) return "solved: every cell holds a digit\n";
  std::vector<Step> steps;
  if (find_contradiction(c, &steps).contradiction)
    return describe(g, steps.front(), options_.reader.symbols) + ": undo, or clear a digit\n";
  int open = 0;
  double log10_count = 0;
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (c.value(cell) == 0) {
      ++open;
      log10_count += std::log10(static_cast<double>(count_of(c.mask(cell))));
    }
  const std::string count = combinations(log10_count);
  return std::to_string(open) + (open == 1 ? " open cell, " : " open cells, ") + count +
         (count == "1" ? " combination" : " combinations") + " of candidates\n";
}

std::string Session::show(const std::vector<int>& marked) const {
  CandidateOptions options;
  options.candidates = show_candidates_;
  options.color = options_.color;
  options.marked = marked;
  options.givens = now_->givens;
  options.symbols = options_.reader.symbols;
  return format_candidates(now_->candidates, options) + status();
}

std::string Session::show() const {
  return show({});
}

Reply Session::open(std::string_view name, std::string_view text) {
  return load(name, text, false);
}

Reply Session::load(std::string_view name, std::string_view text, bool keep_history) {
  const std::vector<Record> records = read_all(text, options_.reader);
  std::string note;
  std::optional<State> next;
  if (records.empty()) {
    if (keep_history) return fail(std::string(name) + ": no puzzle in the file");
    note = std::string(name) + ": no puzzle; a blank grid\n";
    const int n = geometry().size();
    next.emplace(now_->geometry, Grid(static_cast<std::size_t>(n * n), 0));
  } else {
    const Record& record = records.front();
    if (!record.ok())
      return fail(std::string(name) + ":" + std::to_string(record.error->line()) + ":" +
                  std::to_string(record.error->column()) + ": " + record.error->what());
    if (const auto clash = find_clash(*record.geometry, record.givens)) {
      const Location at = record.cells[static_cast<std::size_t>(clash->second)];
      return fail(std::string(name) + ":" + std::to_string(at.line) + ":" +
                  std::to_string(at.column) +
                  ": givens clash: " + describe(*record.geometry, *clash));
    }
    next.emplace(record.geometry, record.givens);
  }
  if (keep_history) {
    change();
  } else {
    undo_.clear();
    redo_.clear();
  }
  *now_ = std::move(*next);
  return {note + show(), true};
}

Reply Session::run(std::string_view line) {
  const std::vector<std::string> words = split(line);
  if (words.empty()) return {};
  return command(words);
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
  static constexpr std::string_view bare[] = {"hint",  "step", "singles", "soles", "solve",
                                              "count", "show", "help",    "?",     "quit",
                                              "exit",  "undo", "redo"};
  if (std::find(std::begin(bare), std::end(bare), name) == std::end(bare))
    return fail("unknown command '" + words[0] + "'; 'help' lists the commands");
  if (auto error = no_arguments()) return *error;
  if (name == "hint") return hint();
  if (name == "step") return step();
  if (name == "singles") return singles(false);
  if (name == "soles") return singles(true);
  if (name == "solve") return solve();
  if (name == "count") return count();
  if (name == "show") return {show(), true};
  if (name == "help" || name == "?") return {std::string(help_text), true};
  if (name == "quit" || name == "exit") {
    finished_ = true;
    return {};
  }
  // undo or redo
  auto& from = name == "undo" ? undo_ : redo_;
  auto& to = name == "undo" ? redo_ : undo_;
  if (from.empty()) return fail("nothing to " + name);
  to.push_back(*now_);
  *now_ = std::move(from.back());
  from.pop_back();
  return {show(), true};
}

Reply Session::set(const std::vector<std::string>& words) {
  const Geometry& g = geometry();
  const int n = g.size();
  if (words.size() != 3) return fail("set needs a cell and a digit, e.g. 'set r3c5 7'");
  const auto cell = parse_cell(words[1], n);
  if (!cell) return fail(bad_cell(words[1], n));
  const Symbols& symbols = options_.reader.symbols;
  const auto digit = parse_digit(words[2], n, symbols);
  if (!digit)
    return fail("'" + words[2] + "' is no digit of a " + std::to_string(n) + "x" +
                std::to_string(n) + " grid (" + symbols.symbol(n, 1) + " to " +
                symbols.symbol(n, n) + ")");
  const std::string at = cell_name(n, *cell);
  const std::string symbol(1, symbols.symbol(n, *digit));
  const Candidates& c = now_->candidates;
  if (const int held = c.value(*cell); held != 0) {
    const std::string what = std::string(1, symbols.symbol(n, held));
    if (now_->givens[static_cast<std::size_t>(*cell)] != 0)
      return fail(at + " holds the given " + what);
    return fail(at + " holds " + what + " already; clear it first");
  }
  for (int h : g.houses_of(*cell))
    for (int peer : g.houses()[static_cast<std::size_t>(h)].cells)
      if (peer != *cell && c.value(peer) == *digit)
        return fail(symbol + " is in " + cell_name(n, peer) + " already, in the same " +
                    g.house_name(h).substr(0, g.house_name(h).find(' ')));
  if ((c.mask(*cell) & digit_bit(*digit)) == 0)
    return fail(symbol + " is no candidate of " + at + " any more (a step removed it); its " +
                "candidates: " + digits_of(n, c.mask(*cell)));
  change();
  now_->candidates.assign(*cell, *digit);
  return {at + "=" + symbol + "\n" + show(), true};
}

Reply Session::clear(const std::vector<std::string>& words) {
  const Geometry& g = geometry();
  const int n = g.size();
  if (words.size() != 2) return fail("clear needs a cell, e.g. 'clear r3c5'");
  const auto cell = parse_cell(words[1], n);
  if (!cell) return fail(bad_cell(words[1], n));
  const std::string at = cell_name(n, *cell);
  if (now_->givens[static_cast<std::size_t>(*cell)] != 0)
    return fail(at + " holds a given; givens cannot be cleared");
  if (now_->candidates.value(*cell) == 0) return fail(at + " holds no digit");
  change();
  Grid digits = now_->candidates.grid();
  digits[static_cast<std::size_t>(*cell)] = 0;
  now_->candidates = start_candidates(g, digits);
  return {at + " cleared\n" + show(), true};
}

Reply Session::hint() {
  if (now_->candidates.solved()) return {"the grid is solved\n", true};
  Step step;
  if (!next_step(now_->candidates, *now_->tables, step))
    return {"no technique applies: 'count' tells whether the puzzle can still be solved\n", true};
  return {describe(geometry(), step, options_.reader.symbols) + "\n" + show(cells_of(step)), true};
}

Reply Session::step() {
  if (now_->candidates.solved()) return {"the grid is solved\n", true};
  Step step;
  if (!next_step(now_->candidates, *now_->tables, step))
    return {"no technique applies: 'count' tells whether the puzzle can still be solved\n", true};
  if (step.technique == Technique::contradiction)
    return {describe(geometry(), step, options_.reader.symbols) + ": undo, or clear a digit\n",
            false};
  change();
  apply(now_->candidates, step);
  return {describe(geometry(), step, options_.reader.symbols) + "\n" + show(cells_of(step)), true};
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
  const std::string what = hidden ? " hidden single" : " naked single";
  return {std::to_string(steps.size()) + what + (steps.size() == 1 ? ": " : "s: ") +
              placements(geometry(), steps) + "\n" + show(),
          true};
}

Reply Session::solve() {
  if (now_->candidates.solved()) return {"the grid is solved\n", true};
  std::vector<Step> steps;
  State next = *now_;
  Technique hardest = Technique::full_house;
  const Found found = reduce(next.candidates, *next.tables, Level::all, &steps, &hardest);
  int taken = 0;
  for (const Step& s : steps)
    if (s.technique != Technique::contradiction) ++taken;
  std::string text;
  if (taken > 0) {
    change();
    *now_ = std::move(next);
    text = std::to_string(taken) + (taken == 1 ? " step" : " steps") +
           " (the hardest: " + std::string(technique_name(hardest)) + ")\n";
  }
  if (found.contradiction) return {text + show(), false};
  if (!now_->candidates.solved())
    text += "no technique applies any more: 'count' tells whether the puzzle can still be solved\n";
  return {text + show(), true};
}

Reply Session::count() {
  // Geometries are shared per shape (sudoku/cache.hpp): the same shape is the same object.
  if (!solver_ || &solver_->geometry() != now_->geometry.get()) {
    solver_ = std::make_unique<Solver>(*now_->geometry);
    solver_->set_logic(Logic::all);
  }
  solver_->set_node_budget(options_.count_nodes);
  // Every candidate the steps removed is one no solution of these digits has, so the digits
  // alone tell the solutions left; a cell without candidates leaves none.
  std::vector<Step> steps;
  if (find_contradiction(now_->candidates, &steps).contradiction)
    return {
        "no solution left: " + describe(geometry(), steps.front(), options_.reader.symbols) + "\n",
        true};
  const SolveResult result = solver_->count(now_->candidates.grid(), options_.count_limit);
  std::string text = describe_count(result) + " left";
  if (result.outcome == dlx::Outcome::node_limit)
    text += " (the search stopped after " + std::to_string(result.nodes) + " nodes)";
  return {text + "\n", true};
}

Reply Session::fresh(const std::vector<std::string>& words) {
  std::shared_ptr<const Geometry> geometry = now_->geometry;
  if (words.size() > 3) return fail("new takes a size and a variant, e.g. 'new 9 hyper'");
  if (words.size() > 1) {
    const auto size = number(words[1]);
    if (!size || *size < 1 || *size > 64)
      return fail("'" + words[1] + "' is no size: new takes the cells per row, e.g. 'new 9'");
    try {
      const Variant variant = words.size() == 3 ? parse_variant(words[2]) : Variant::regular;
      if (variant == Variant::jigsaw)
        return fail("a blank jigsaw needs its regions: load a jigsaw puzzle, then 'new'");
      geometry = shared_geometry(*size, variant);
    } catch (const GeometryError& error) {
      return fail(std::string("new: ") + error.what());
    }
  }
  const int n = geometry->size();
  State next(geometry, Grid(static_cast<std::size_t>(n * n), 0));
  change();
  *now_ = std::move(next);
  return {show(), true};
}

Reply Session::save(const std::vector<std::string>& words) {
  if (words.size() != 2) return fail("save needs a file name, e.g. 'save puzzle.txt'");
  if (!options_.write_file) return fail("save: no files in this session");
  const Geometry& g = geometry();
  std::string text;
  if (g.variant() == Variant::jigsaw) {
    text = "#regions ";
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      const int r = g.region_of(cell);
      text += static_cast<char>(r < 10 ? '0' + r : r < 36 ? 'A' + r - 10 : 'a' + r - 36);
    }
    text += "\n";
  } else if (g.variant() != Variant::regular) {
    text = "#variant " + std::string(variant_name(g.variant())) + "\n";
  }
  text += format_line(g, now_->candidates.grid(), options_.reader.symbols) + "\n";
  try {
    options_.write_file(words[1], text);
  } catch (const std::exception& error) {
    return fail(error.what());
  }
  return {"saved to " + words[1] + "\n", true};
}

}  // namespace sudoku
