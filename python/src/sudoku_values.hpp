// The values of the `sudoku` module: grids, puzzles, steps, ratings and results as Python sees
// them, the solver pool, and the conversions between Python arguments and the library's types.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <sudoku/io/reader.hpp>
#include <sudoku/io/symbols.hpp>
#include <sudoku/io/writer.hpp>
#include <sudoku/logic/logic.hpp>
#include <sudoku/logic/rating.hpp>
#include <sudoku/model/geometry.hpp>
#include <sudoku/model/grid.hpp>
#include <sudoku/search/batch.hpp>
#include <sudoku/search/solver.hpp>
#include <utility>
#include <vector>

namespace binding {

namespace py = pybind11;

using GeometryPtr = std::shared_ptr<const sudoku::Geometry>;

// Owned by the module (and one leaked reference each, so that exit destroys nothing).
extern py::handle error_type, format_error_type, clash_error_type, geometry_error_type;

// A FormatError of the reader as a sudoku.FormatError, not raised.
py::object format_error(const sudoku::FormatError& e, const std::string& file);
// Raises sudoku.GeometryError.
[[noreturn]] void raise_geometry(const std::string& message);
std::pair<sudoku::Variant, sudoku::Chess> variant_of(const std::string& name);
sudoku::Logic logic_of(py::handle name);
// assume_unique: None, the uniqueness techniques reason when a count proves one solution (as the
// sudoku command does by default); True, on every puzzle (--assume-unique); False, never.
sudoku::Uniqueness uniqueness_of(py::handle assume_unique);
// The solutions a task searches for: None, the command's default for the task
// (sudoku::default_limit: all for count and listing, 2 for solving); else 0 (all) or more, as
// the command's --limit.
std::uint64_t limit_of(py::handle limit, sudoku::Task task);
// A budget (max_nodes): None for none (0), else positive.
std::uint64_t budget_of(py::handle budget, const char* name);
// A jigsaw region map: the text of a #regions header (symbols) or a region per cell, from 0.
std::vector<int> regions_of(py::handle regions);
GeometryPtr geometry_of(int size, const std::string& variant, const std::vector<int>& regions);

// A grid with its shape; `givens` (same size, or empty) only marks the givens when drawn.
struct PyGrid {
  GeometryPtr geometry;
  sudoku::Grid digits;
  sudoku::Grid givens;
  sudoku::Symbols symbols;  // the alphabet it was read in, written back in

  int size() const { return geometry->size(); }
  std::string line() const { return sudoku::format_line(*geometry, digits, symbols); }
  std::string pretty(bool labels, bool legend) const {
    sudoku::PrettyOptions options;
    options.labels = labels;
    options.legend = legend;
    options.symbols = symbols;
    return sudoku::format_pretty(*geometry, digits, options);
  }
  std::size_t index(std::int64_t cell) const {
    const auto n = static_cast<std::int64_t>(digits.size());
    if (cell < 0) cell += n;
    if (cell < 0 || cell >= n) throw py::index_error("no such cell");
    return static_cast<std::size_t>(cell);
  }
  std::size_t index(std::int64_t row, std::int64_t column) const {
    const std::int64_t height = geometry->height(), width = geometry->width();
    if (row < 0 || row >= height || column < 0 || column >= width)
      throw py::index_error("row and column run from 0 to " + std::to_string(width - 1));
    const int cell = geometry->cell_at(static_cast<int>(row), static_cast<int>(column));
    if (cell < 0) throw py::index_error("no cell there: a hole between the samurai's grids");
    return static_cast<std::size_t>(cell);
  }
};

// An HTML table for Jupyter: thick borders between boxes (or jigsaw regions), hyper windows
// shaded, diagonal cells tinted, givens in bold.
std::string html(const PyGrid& g);
bool grid_equal(const PyGrid& g, py::handle other);

// A puzzle: its shape, its givens, and where it was read.
struct PyPuzzle {
  GeometryPtr geometry;
  sudoku::Grid givens;
  std::string file;
  std::size_t line = 0;
  std::vector<sudoku::Location> cells;  // where each cell was read; empty when not read
  sudoku::Grid solution;                // given with the puzzle (CSV, generated), or empty
  sudoku::Symbols symbols;              // the alphabet it was read in
  std::optional<int> undecided;         // generated: givens kept because a check ran out
  std::vector<sudoku::Mask> marks;      // pencil-mark input: each cell's candidates, else empty

  PyGrid grid() const { return {geometry, givens, {}, symbols}; }
  PyGrid solved(sudoku::Grid digits) const {
    return {geometry, std::move(digits), givens, symbols};
  }
};

PyPuzzle from_record(sudoku::Record&& record, const std::string& file,
                     const sudoku::Symbols& symbols);
sudoku::Record to_record(const PyPuzzle& p);
// The candidates the puzzle starts from: its givens', less those pencil-mark input left out.
sudoku::Candidates start_of(const PyPuzzle& p);
// Raises sudoku.ClashError when the givens clash.
void check_givens(const PyPuzzle& p);
std::string repr_puzzle(const PyPuzzle& p);
// Puzzle(source, ...): a Grid, a text, or digits.
PyPuzzle make_puzzle(py::handle source, std::optional<int> size, std::optional<std::string> variant,
                     py::object regions, std::optional<std::string> symbols,
                     std::optional<std::string> blank);
sudoku::ReaderOptions reader_options(std::optional<int> size, std::optional<std::string> variant,
                                     py::object regions, std::optional<std::string> symbols,
                                     std::optional<std::string> blank);

// Solvers kept between calls, one per shape in use (building one links the whole exact-cover
// matrix): taken and given back with the GIL held, so that threads never share one.
class SolverPool {
 public:
  struct Lease {
    SolverPool* pool;
    GeometryPtr geometry;
    std::unique_ptr<sudoku::Solver> solver;
    Lease(SolverPool* p, GeometryPtr g, std::unique_ptr<sudoku::Solver> s)
        : pool(p), geometry(std::move(g)), solver(std::move(s)) {}
    Lease(Lease&&) = default;
    ~Lease() {
      if (solver) pool->give(std::move(geometry), std::move(solver));
    }
  };
  Lease take(const GeometryPtr& geometry) {
    for (auto it = free_.begin(); it != free_.end(); ++it)
      if (it->first == geometry) {
        Lease lease{this, geometry, std::move(it->second)};
        free_.erase(it);
        return lease;
      }
    return {this, geometry, std::make_unique<sudoku::Solver>(*geometry)};
  }

 private:
  void give(GeometryPtr geometry, std::unique_ptr<sudoku::Solver> solver) {
    if (free_.size() >= 16) free_.erase(free_.begin());
    free_.emplace_back(std::move(geometry), std::move(solver));
  }
  std::vector<std::pair<GeometryPtr, std::unique_ptr<sudoku::Solver>>> free_;
};

SolverPool& pool();

// A step with the geometry that names its cells and houses.
struct PyStep {
  GeometryPtr geometry;
  sudoku::Step step;
  sudoku::Symbols symbols;  // the alphabet its text names digits in

  std::string text() const { return sudoku::describe(*geometry, step, symbols); }
  std::string technique() const { return std::string(sudoku::technique_name(step.technique)); }
  std::vector<std::string> names(const std::vector<int>& cells) const {
    std::vector<std::string> out;
    for (int cell : cells) out.push_back(sudoku::cell_name(*geometry, cell));
    return out;
  }
  std::vector<std::pair<std::string, int>> candidates(
      const std::vector<sudoku::Candidate>& list) const {
    std::vector<std::pair<std::string, int>> out;
    for (const sudoku::Candidate& c : list)
      out.emplace_back(sudoku::cell_name(*geometry, c.cell), c.digit);
    return out;
  }
};

struct PyRating {
  GeometryPtr geometry;
  sudoku::Rating rating;
  std::vector<sudoku::Step> steps;
  sudoku::Symbols symbols;
};

std::vector<PyStep> wrap(const GeometryPtr& geometry, const std::vector<sudoku::Step>& steps,
                         const sudoku::Symbols& symbols);

// What one puzzle's search found.
struct PySolveResult {
  GeometryPtr geometry;
  sudoku::Grid givens;
  sudoku::SolveResult result;
  sudoku::Symbols symbols;
};

// Runs one search of a puzzle on a pooled solver, without the GIL; Ctrl-C interrupts it.
sudoku::SolveResult solve(const PyPuzzle& p, std::uint64_t limit, py::handle logic,
                          py::handle max_nodes);

// The true candidates of a puzzle (sudoku/search/true_candidates.hpp) on a pooled solver,
// without the GIL; Ctrl-C interrupts it.
sudoku::TrueCandidates true_candidates(const PyPuzzle& p, py::handle logic, py::handle max_nodes);

// One batch result as Python sees it: the library's sudoku::Result, read on demand.
struct PyBatchResult {
  sudoku::Result result;
  std::string file;
  sudoku::Task task;
  sudoku::Symbols symbols;
};

sudoku::Task task_of(const std::string& name);
std::uint64_t random_seed();

}  // namespace binding
