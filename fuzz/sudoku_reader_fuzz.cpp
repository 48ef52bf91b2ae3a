// Fuzz target: the sudoku reader in all its formats, sizes and variants, then a solve with a
// node budget.
//
// The first two bytes pick the reader's options (size, variant, an alphabet of its own or spaces
// as empty cells, a small line limit) and the solver's logic; the rest is the text. The text is
// read twice, from a string stream and from a stream that hands out a few bytes at a time, and both
// must give the same records. The first two puzzles read are written back (one as a line, one as
// the pretty grid) and must read back the same, then solved at two logic levels: each solution
// found must solve its puzzle, and two levels that both finish must agree on the count.
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <sstream>
#include <streambuf>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "check.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/search/solver.hpp"

namespace {

// A stream buffer that makes at most `step` bytes available at a time, as a pipe may.
class Trickle : public std::streambuf {
 public:
  Trickle(std::string_view text, std::size_t step) : text_(text), step_(step) {}

 protected:
  int_type underflow() override {
    if (pos_ >= text_.size()) return traits_type::eof();
    const std::size_t n = std::min(step_, text_.size() - pos_);
    char* start = const_cast<char*>(text_.data() + pos_);
    setg(start, start, start + n);
    pos_ += n;
    return traits_type::to_int_type(*start);
  }

 private:
  std::string_view text_;
  std::size_t step_;
  std::size_t pos_ = 0;
};

std::vector<sudoku::Record> read_stream(std::istream& in, const sudoku::ReaderOptions& options) {
  sudoku::PuzzleReader reader(in, options);
  std::vector<sudoku::Record> out;
  while (auto r = reader.next()) out.push_back(std::move(*r));
  return out;
}

bool same_records(const std::vector<sudoku::Record>& a, const std::vector<sudoku::Record>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const sudoku::Record &x = a[i], &y = b[i];
    if (x.line != y.line || x.ok() != y.ok()) return false;
    if (!x.ok()) {
      if (x.error->kind() != y.error->kind() || x.error->line() != y.error->line() ||
          x.error->column() != y.error->column() ||
          std::string_view(x.error->what()) != y.error->what())
        return false;
      continue;
    }
    if (x.givens != y.givens || x.solution != y.solution ||
        x.geometry->size() != y.geometry->size() ||
        x.geometry->variant() != y.geometry->variant() ||
        x.geometry->chess() != y.geometry->chess())
      return false;
  }
  return true;
}

std::vector<int> region_map(const sudoku::Geometry& g) {
  std::vector<int> regions(static_cast<std::size_t>(g.cell_count()));
  for (int cell = 0; cell < g.cell_count(); ++cell)
    regions[static_cast<std::size_t>(cell)] = g.region_of(cell);
  return regions;
}

// Reads `text` as the puzzle of `record` would be read (in the same alphabet, with the same
// blank), and checks it gives the same givens.
void reads_back(const sudoku::Record& record, const std::string& text,
                const sudoku::ReaderOptions& first) {
  const sudoku::Geometry& g = *record.geometry;
  sudoku::ReaderOptions options;
  options.size = g.size();
  options.variant = g.variant();
  options.chess = g.chess();
  options.symbols = first.symbols;
  options.blank = first.blank;
  if (g.variant() == sudoku::Variant::jigsaw) options.regions = region_map(g);
  // A killer's cages and the rules come before the puzzle, as the writers put them.
  const std::vector<sudoku::Record> again =
      sudoku::read_all(sudoku::format_cages(g) + g.rules_text() + text, options);
  CHECK(again.size() == 1 && again.front().ok() && again.front().givens == record.givens);
  CHECK(again.front().geometry->rules_text() == g.rules_text());
  CHECK(again.front().geometry->cages() == g.cages());
}

// One solver per shape, built once: building one costs far more than solving with a budget.
sudoku::Solver& solver_for(const sudoku::Geometry& g) {
  using Key = std::tuple<int, sudoku::Variant, sudoku::Chess, std::vector<int>, std::string>;
  static std::map<Key, std::unique_ptr<sudoku::Solver>> solvers;
  Key key{g.size(), g.variant(), g.chess(),
          g.variant() == sudoku::Variant::jigsaw ? region_map(g) : std::vector<int>{},
          sudoku::format_cages(g) + g.rules_text()};
  auto found = solvers.find(key);
  if (found != solvers.end()) return *found->second;
  if (solvers.size() >= 32) solvers.clear();
  auto solver = std::make_unique<sudoku::Solver>(g);
  // A node costs about one pass over the grid's items, so the budget shrinks as the grid grows:
  // about the same work for every size (99 nodes for 9x9, 13 for 25x25).
  solver->set_node_budget(static_cast<std::uint64_t>(8000 / g.cell_count() + 1));
  return *solvers.emplace(std::move(key), std::move(solver)).first->second;
}

struct Count {
  bool clash = false;
  sudoku::SolveResult result;
};

Count solve(const sudoku::Record& record, sudoku::Logic logic) {
  sudoku::Solver& solver = solver_for(*record.geometry);
  solver.set_logic(logic);
  Count c;
  std::uint64_t seen = 0;
  try {
    c.result = solver.solve(record.givens, 3, [&](const sudoku::Grid& solution) {
      ++seen;
      CHECK(sudoku::is_solution(*record.geometry, record.givens, solution));
      return true;
    });
  } catch (const sudoku::ClashError&) {
    c.clash = true;
    CHECK(sudoku::find_clash(*record.geometry, record.givens).has_value());
    return c;
  }
  CHECK(c.result.solutions == seen && seen <= 3);
  CHECK(c.result.first.empty() == (seen == 0));
  return c;
}

constexpr std::array<int, 16> sizes = {0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 6, 8, 9, 12, 16, 25};
constexpr std::array<sudoku::Variant, 5> variants = {
    sudoku::Variant::regular, sudoku::Variant::hyper, sudoku::Variant::x, sudoku::Variant::hyper_x,
    sudoku::Variant::jigsaw};
constexpr std::array<sudoku::Logic, 3> logics = {sudoku::Logic::none, sudoku::Logic::singles,
                                                 sudoku::Logic::all};
// Alphabets of their own, which set the size: hexadecimal and letters for 16x16, and others.
constexpr std::array<const char*, 6> alphabets = {"0-F", "A-P", "1-9", "A-Y", "1-4", "1-6"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::uint8_t pick = data[0], flags = data[1];
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);

  // Region maps have a reader of their own (the command's --regions FILE).
  if ((pick & 0xF0) == 0xF0) {
    try {
      const std::vector<int> regions = sudoku::read_regions(text);
      std::size_t n = 1;
      while (n * n < regions.size()) ++n;
      CHECK(n * n == regions.size());
      for (int r : regions) CHECK(r >= 0 && static_cast<std::size_t>(r) < n);
    } catch (const sudoku::FormatError& e) {
      CHECK(e.line() >= 1 && e.column() >= 1);
    }
    return 0;
  }

  sudoku::ReaderOptions options;
  options.size = sizes[pick % sizes.size()];
  options.variant = variants[(pick >> 4) % variants.size()];
  // The high half of `pick` (below 15) also tells the alphabet: 0-4 the default, 5-9 one of its
  // own (which tells the size), 10-14 the default with spaces as empty cells.
  if ((pick >> 4) / 5 == 1) {
    options.symbols = sudoku::parse_symbols(alphabets[(pick & 0x0F) % alphabets.size()]);
    options.size = 0;
  } else if ((pick >> 4) / 5 == 2) {
    options.blank = ' ';
  }
  if (options.variant == sudoku::Variant::jigsaw && (flags & 1)) {
    // The boxes of a 9x9 grid as a jigsaw map; without it a puzzle needs a #regions header.
    for (int cell = 0; cell < 81; ++cell) options.regions.push_back(cell / 27 * 3 + cell % 9 / 3);
  }
  if (flags & 2) options.max_line_length = 1 + (flags >> 2) % 100;

  std::istringstream whole{std::string(text)};
  const std::vector<sudoku::Record> records = read_stream(whole, options);
  Trickle trickle(text, 1 + flags % 7);
  std::istream trickled(&trickle);
  CHECK(same_records(records, read_stream(trickled, options)));

  std::size_t last_line = 0, checked = 0;
  for (const sudoku::Record& record : records) {
    CHECK(record.line >= 1);
    if (!record.ok()) {
      CHECK(record.error->line() >= 1 && record.error->column() >= 1);
      CHECK(!std::string_view(record.error->what()).empty());
      continue;
    }
    CHECK(record.line >= last_line);
    last_line = record.line;
    const sudoku::Geometry& g = *record.geometry;
    const auto cells = static_cast<std::size_t>(g.cell_count());
    CHECK(record.givens.size() == cells && record.cells.size() == cells);
    for (std::uint8_t d : record.givens) CHECK(d <= g.size());
    for (const sudoku::Location& at : record.cells) CHECK(at.line >= record.line && at.column >= 1);
    // A solution given with the puzzle fills a grid of its size.
    CHECK(record.solution.empty() || record.solution.size() == cells);
    for (std::uint8_t d : record.solution) CHECK(d >= 1 && d <= g.size());
    if (!options.symbols.is_default()) CHECK(g.size() == options.symbols.count());
    // The round trips and the solves cost far more than the reading: two puzzles are enough,
    // and each goes round in one of the two layouts (the other puzzle, or the next input, takes
    // the other).
    if (++checked > 2) continue;

    // With spaces as empty cells the pretty grid, which has spaces between cells, does not read
    // back: the line does.
    if ((checked + flags) % 2 == 0 || options.blank == ' ') {
      reads_back(record, sudoku::format_line(g, record.givens, options.symbols) + "\n", options);
    } else {
      sudoku::PrettyOptions pretty;
      pretty.labels = false;
      pretty.legend = false;
      pretty.symbols = options.symbols;
      reads_back(record, sudoku::format_pretty(g, record.givens, pretty), options);
    }

    const Count a = solve(record, logics[flags % logics.size()]);
    const Count b = solve(record, logics[(flags + 1) % logics.size()]);
    CHECK(a.clash == b.clash);
    if (!a.clash && a.result.complete && b.result.complete)
      CHECK(a.result.solutions == b.result.solutions);
  }
  return 0;
}
