#include "sudoku_values.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <random>
#include <sudoku/search/cache.hpp>
#include <tuple>

#include "arguments.hpp"
#include "errors.hpp"
#include "interrupt.hpp"
#include "sudoku_streams.hpp"

namespace binding {

py::handle error_type, format_error_type, clash_error_type, geometry_error_type;

namespace {

// The names of the kinds, in the order of the enum: FormatError's `kind` attribute.
std::string kind_name(sudoku::FormatErrorKind kind) {
  static constexpr std::array<std::string_view, 17> names = {
      "wrong_length", "bad_character", "truncated_grid",  "line_too_long", "input_given_up",
      "bad_variant",  "bad_regions",   "missing_regions", "bad_geometry",  "bad_header",
      "bad_solution", "bad_position",  "bad_size",        "binary_input",  "bad_cages",
      "bad_rule",     "bad_fpuzzles"};
  static_assert(names.size() ==
                static_cast<std::size_t>(sudoku::FormatErrorKind::bad_fpuzzles) + 1);
  return std::string(names.at(static_cast<std::size_t>(kind)));
}

py::object clash_error(const sudoku::Geometry& geometry, const sudoku::Clash& clash,
                       const std::string& file, std::size_t line,
                       const std::vector<sudoku::Location>& cells) {
  sudoku::Location at{line, 0};
  if (static_cast<std::size_t>(clash.second) < cells.size())
    at = cells[static_cast<std::size_t>(clash.second)];
  py::object e =
      located_error(clash_error_type, "givens clash: " + sudoku::describe(geometry, clash), "clash",
                    file, at.line, at.column);
  e.attr("cells") = py::make_tuple(sudoku::cell_name(geometry, clash.first),
                                   sudoku::cell_name(geometry, clash.second));
  e.attr("house") = clash.house == sudoku::chess_clash ? sudoku::clash_place(geometry, clash)
                                                       : geometry.house_name(clash.house);
  e.attr("digit") = clash.digit;
  return e;
}

// A puzzle from a sequence of digits (0 for empty), or from rows of digits.
PyPuzzle from_digits(py::handle digits, const std::string& variant, const std::vector<int>& regions,
                     std::optional<int> size) {
  std::vector<int> cells;
  // A cell is an int; a bool, a float or a str is a mistake said in one line.
  const auto digit = [](py::handle d) {
    if (!PyLong_Check(d.ptr()) || PyBool_Check(d.ptr()))
      throw py::type_error("a puzzle's cells are ints (0 for empty), not " +
                           py::str(py::type::handle_of(d).attr("__name__")).cast<std::string>() +
                           " (" + py::repr(d).cast<std::string>() + ")");
    const long long value = PyLong_AsLongLong(d.ptr());
    if (PyErr_Occurred() != nullptr) PyErr_Clear();
    return static_cast<int>(std::clamp<long long>(value, -1, 1 << 20));
  };
  if (py::isinstance<py::str>(digits) || !py::isinstance<py::iterable>(digits))
    throw py::type_error("a puzzle is text, a Grid or its cells as ints (flat or as rows), not " +
                         py::str(py::type::handle_of(digits).attr("__name__")).cast<std::string>());
  for (py::handle item : digits) {
    if (PyLong_Check(item.ptr()) || !py::isinstance<py::iterable>(item) ||
        py::isinstance<py::str>(item)) {
      cells.push_back(digit(item));
    } else {
      for (py::handle d : item) cells.push_back(digit(d));
    }
  }
  int n = size.value_or(0);
  PyPuzzle p;
  if (variant_of(variant).first == sudoku::Variant::samurai) {
    // A samurai's cells in reading order: 369 for grids of 9x9.
    if (n == 0) n = 9;
    p.geometry = geometry_of(n, variant, regions);
    if (static_cast<int>(cells.size()) != p.geometry->cell_count())
      throw py::value_error("a samurai of " + std::to_string(n) + "x" + std::to_string(n) +
                            " grids has " + std::to_string(p.geometry->cell_count()) +
                            " cells, not " + std::to_string(cells.size()));
  } else {
    if (n == 0)
      while (n * n < static_cast<int>(cells.size())) ++n;
    if (n * n != static_cast<int>(cells.size()))
      throw py::value_error(std::to_string(cells.size()) + " cells make no square grid");
    p.geometry = geometry_of(n, variant, regions);
  }
  p.file = "<digits>";
  for (int d : cells) {
    if (d < 0 || d > n)
      throw py::value_error("a digit of a " + std::to_string(n) + "x" + std::to_string(n) +
                            " grid runs from 1 to " + std::to_string(n) + " (0: empty), not " +
                            std::to_string(d));
    p.givens.push_back(static_cast<std::uint8_t>(d));
  }
  return p;
}

}  // namespace

py::object format_error(const sudoku::FormatError& e, const std::string& file) {
  return located_error(format_error_type, e.what(), kind_name(e.kind()), file, e.line(),
                       e.column());
}

[[noreturn]] void raise_geometry(const std::string& message) {
  raise_located(geometry_error_type, message, "bad_geometry", "", 0, 0);
}

std::pair<sudoku::Variant, sudoku::Chess> variant_of(const std::string& name) {
  try {
    return sudoku::parse_shape(name);
  } catch (const sudoku::GeometryError& e) {
    raise_geometry(e.what());
  }
}

// The library's parser: std::invalid_argument reaches Python as ValueError.
sudoku::Logic logic_of(py::handle name) {
  return sudoku::parse_logic(text(name, "logic"));
}

sudoku::Uniqueness uniqueness_of(py::handle assume_unique) {
  const std::optional<bool> flag = optional_flag(assume_unique, "assume_unique");
  if (!flag) return sudoku::Uniqueness::when_proved;
  return *flag ? sudoku::Uniqueness::assumed : sudoku::Uniqueness::off;
}

std::uint64_t limit_of(py::handle limit, sudoku::Task task) {
  return optional_natural(limit, "limit").value_or(sudoku::default_limit(task));
}

std::uint64_t budget_of(py::handle budget, const char* name) {
  return optional_natural(budget, name, 1).value_or(0);
}

std::vector<int> regions_of(py::handle regions) {
  if (py::isinstance<py::str>(regions)) {
    try {
      return sudoku::read_regions(regions.cast<std::string>());
    } catch (const sudoku::FormatError& e) {
      py::object error = format_error(e, "<regions>");
      PyErr_SetObject(format_error_type.ptr(), error.ptr());
      throw py::error_already_set();
    }
  }
  return regions.cast<std::vector<int>>();
}

GeometryPtr geometry_of(int size, const std::string& variant, const std::vector<int>& regions) {
  try {
    const auto [v, chess] = variant_of(variant);
    if (!regions.empty()) return sudoku::shared_jigsaw(size, regions, chess);
    if (v == sudoku::Variant::jigsaw) raise_geometry("a jigsaw needs its regions (regions=...)");
    return sudoku::shared_geometry(size, v, chess);
  } catch (const sudoku::GeometryError& e) {
    raise_geometry(e.what());
  }
}

std::string html(const PyGrid& g) {
  const sudoku::Geometry& geometry = *g.geometry;
  const int n = geometry.size();
  std::vector<char> window(static_cast<std::size_t>(geometry.cell_count()), 0),
      diagonal(window.size(), 0);
  for (const sudoku::House& house : geometry.houses())
    for (int cell : house.cells) {
      if (house.kind == sudoku::HouseKind::window) window[static_cast<std::size_t>(cell)] = 1;
      if (house.kind == sudoku::HouseKind::diagonal) diagonal[static_cast<std::size_t>(cell)] = 1;
    }
  std::string out = "<table style=\"border-collapse:collapse;" +
                    std::string(geometry.square() ? "border:2px solid #000;" : "") +
                    "font-family:monospace;"
                    "font-size:" +
                    std::string(n > 9 ? "0.9em" : "1.2em") + "\">";
  for (int r = 0; r < geometry.height(); ++r) {
    out += "<tr>";
    for (int c = 0; c < geometry.width(); ++c) {
      const int cell = geometry.cell_at(r, c);
      if (cell < 0) {  // a samurai's hole
        out += "<td style=\"border:none\"></td>";
        continue;
      }
      const auto i = static_cast<std::size_t>(cell);
      const auto border = [&](int dr, int dc) {
        const int other = geometry.cell_at(r + dr, c + dc);
        return other < 0 || geometry.region_of(other) != geometry.region_of(cell)
                   ? "2px solid #000"
                   : "1px solid #999";
      };
      out += "<td style=\"width:1.8em;height:1.8em;text-align:center;padding:0;";
      out += std::string("border-top:") + border(-1, 0) + ";";
      out += std::string("border-bottom:") + border(1, 0) + ";";
      out += std::string("border-left:") + border(0, -1) + ";";
      out += std::string("border-right:") + border(0, 1) + ";";
      if (window[i] && diagonal[i])
        out += "background:#d9c9e8;";
      else if (window[i])
        out += "background:#dde6f0;";
      else if (diagonal[i])
        out += "background:#f3e4cf;";
      const bool given = !g.givens.empty() && g.givens[i] != 0;
      if (!g.givens.empty() && !given) out += "color:#1f5fa8;";
      if (given) out += "font-weight:bold;";
      out += "\">";
      if (g.digits[i] != 0) out += g.symbols.symbol(n, g.digits[i]);
      out += "</td>";
    }
    out += "</tr>";
  }
  return out + "</table>";
}

bool grid_equal(const PyGrid& g, py::handle other) {
  if (py::isinstance<PyGrid>(other)) {
    const PyGrid& o = other.cast<const PyGrid&>();
    return g.digits == o.digits && g.geometry->size() == o.geometry->size();
  }
  if (py::isinstance<py::str>(other)) return g.line() == other.cast<std::string>();
  if (!py::isinstance<py::sequence>(other)) return false;
  py::sequence seq = py::reinterpret_borrow<py::sequence>(other);
  if (seq.size() != g.digits.size()) return false;
  for (std::size_t i = 0; i < g.digits.size(); ++i) {
    py::object d = seq[i];
    if (!py::isinstance<py::int_>(d) || d.cast<int>() != g.digits[i]) return false;
  }
  return true;
}

PyPuzzle from_record(sudoku::Record&& record, const std::string& file,
                     const sudoku::Symbols& symbols) {
  PyPuzzle p;
  p.symbols = symbols;
  p.geometry = std::move(record.geometry);
  p.givens = std::move(record.givens);
  p.file = file;
  p.line = record.line;
  p.cells = std::move(record.cells);
  p.solution = std::move(record.solution);
  p.marks = std::move(record.candidates);
  return p;
}

sudoku::Record to_record(const PyPuzzle& p) {
  sudoku::Record r;
  r.line = p.line;
  r.geometry = p.geometry;
  r.givens = p.givens;
  r.cells = p.cells;
  r.solution = p.solution;
  r.candidates = p.marks;
  return r;
}

sudoku::Candidates start_of(const PyPuzzle& p) {
  if (p.marks.empty()) return sudoku::start_candidates(*p.geometry, p.givens);
  return sudoku::start_candidates(to_record(p));
}

void check_givens(const PyPuzzle& p) {
  if (auto clash = sudoku::find_clash(*p.geometry, p.givens)) {
    py::object e = clash_error(*p.geometry, *clash, p.file, p.line, p.cells);
    PyErr_SetObject(clash_error_type.ptr(), e.ptr());
    throw py::error_already_set();
  }
}

std::string repr_puzzle(const PyPuzzle& p) {
  // A shape that a variant's name does not say (a size not told alone, jigsaw regions, killer
  // cages, rules): the whole text, which Puzzle() reads back.
  const std::string header = sudoku::format_header(*p.geometry);
  const bool named = header.empty() || (header.starts_with("#variant ") &&
                                        header.find('\n') + 1 == header.size() &&
                                        p.geometry->variant() != sudoku::Variant::jigsaw);
  if (!named)
    return "sudoku.Puzzle(" +
           py::repr(py::str(header + sudoku::format_line(*p.geometry, p.givens, p.symbols)))
               .cast<std::string>() +
           ")";
  std::string out = "sudoku.Puzzle('" + sudoku::format_line(*p.geometry, p.givens, p.symbols) + "'";
  if (p.geometry->variant() != sudoku::Variant::regular ||
      p.geometry->chess() != sudoku::Chess::none)
    out += ", variant='" + sudoku::shape_name(*p.geometry) + "'";
  return out + ")";
}

PyPuzzle make_puzzle(py::handle source, std::optional<int> size, std::optional<std::string> variant,
                     py::object regions, std::optional<std::string> symbols,
                     std::optional<std::string> blank) {
  if (py::isinstance<PyGrid>(source)) {
    const PyGrid& g = source.cast<const PyGrid&>();
    PyPuzzle p;
    p.geometry = g.geometry;
    p.givens = g.digits;
    p.symbols = g.symbols;
    p.file = "<grid>";
    return p;
  }
  if (py::isinstance<py::str>(source) || py::isinstance<py::bytes>(source))
    return parse_one(source, "<string>", reader_options(size, variant, regions, symbols, blank));
  std::vector<int> map;
  if (!regions.is_none()) map = regions_of(regions);
  return from_digits(source, variant.value_or(map.empty() ? "regular" : "jigsaw"), map, size);
}

sudoku::ReaderOptions reader_options(std::optional<int> size, std::optional<std::string> variant,
                                     py::object regions, std::optional<std::string> symbols,
                                     std::optional<std::string> blank) {
  sudoku::ReaderOptions options;
  if (symbols) {
    try {
      options.symbols = sudoku::parse_symbols(*symbols);
    } catch (const std::invalid_argument& e) {
      throw py::value_error(e.what());
    }
  }
  if (blank) {
    if (blank->size() != 1) throw py::value_error("blank is one character, such as ' '");
    options.blank = (*blank)[0];
  }
  if (size) {
    if (*size <= 0) throw py::value_error("size must be positive");
    options.size = *size;
  }
  if (variant) std::tie(options.variant, options.chess) = variant_of(*variant);
  if (!regions.is_none()) {
    options.regions = regions_of(regions);
    options.variant = sudoku::Variant::jigsaw;
  }
  return options;
}

SolverPool& pool() {
  static SolverPool* p = new SolverPool;  // never destroyed: nothing runs at exit
  return *p;
}

std::vector<PyStep> wrap(const GeometryPtr& geometry, const std::vector<sudoku::Step>& steps,
                         const sudoku::Symbols& symbols) {
  std::vector<PyStep> out;
  out.reserve(steps.size());
  for (const sudoku::Step& s : steps) out.push_back({geometry, s, symbols});
  return out;
}

namespace {

// Runs `search` on a pooled solver of the puzzle's shape, set to the logic and node budget
// asked, without the GIL; Ctrl-C raises its stop flag.
template <typename Search>
auto on_pooled_solver(const PyPuzzle& p, py::handle logic, py::handle max_nodes, Search&& search) {
  const sudoku::Logic level = logic_of(logic);
  const std::uint64_t budget = budget_of(max_nodes, "max_nodes");
  check_givens(p);
  SolverPool::Lease lease = pool().take(p.geometry);
  sudoku::Solver& solver = *lease.solver;
  solver.set_logic(level);
  solver.set_node_budget(budget);
  std::atomic<bool> stop{false};
  solver.set_stop_flag(&stop);
  struct Reset {
    sudoku::Solver& s;
    ~Reset() { s.set_stop_flag(nullptr); }
  } reset{solver};
  return interruptible(stop, [&] { return search(solver); });
}

}  // namespace

sudoku::SolveResult solve(const PyPuzzle& p, std::uint64_t limit, py::handle logic,
                          py::handle max_nodes) {
  return on_pooled_solver(p, logic, max_nodes, [&](sudoku::Solver& solver) {
    return p.marks.empty() ? solver.solve(p.givens, limit) : solver.solve(start_of(p), limit);
  });
}

sudoku::TrueCandidates true_candidates(const PyPuzzle& p, py::handle logic, py::handle max_nodes) {
  const sudoku::Candidates start = start_of(p);
  return on_pooled_solver(p, logic, max_nodes, [&](sudoku::Solver& solver) {
    return sudoku::true_candidates(solver, start);
  });
}

sudoku::Task task_of(const std::string& name) {
  const auto task = sudoku::parse_task(name);
  if (!task || *task == sudoku::Task::all || *task == sudoku::Task::true_candidates)
    throw py::value_error(
        "task is 'solve', 'count', 'rate', 'hint', 'canonical' or 'dedupe', not '" + name + "'");
  return *task;
}

std::uint64_t random_seed() {
  std::random_device device;
  return (std::uint64_t{device()} << 32) ^ device();
}

PyPuzzle parse_one(py::handle text, const std::string& name, sudoku::ReaderOptions options) {
  PuzzleIterator puzzles(text, name, std::move(options));
  try {
    return puzzles.next();
  } catch (py::stop_iteration&) {
    raise_located(format_error_type, "no puzzle in the text", "no_puzzle", name, 0, 0);
  }
}

}  // namespace binding
