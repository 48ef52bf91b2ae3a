// The `sudoku` module: puzzles read by the library's reader, solved, counted, listed, explained,
// rated and made by the library, one puzzle at a time or in batches (sudoku::Batch).
//
// Everything here translates: the rules, the techniques, the reader and the writers are the
// library's. The one thing drawn here is the HTML table for Jupyter, from the geometry's regions.
// This file binds the classes and functions; sudoku_values.hpp holds the values and conversions,
// sudoku_streams.hpp the iterators.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstdint>
#include <dlx/random.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <stdexcept>
#include <sudoku/io/fpuzzles.hpp>
#include <sudoku/make/generator.hpp>
#include <sudoku/model/candidates.hpp>
#include <sudoku/model/symmetry.hpp>
#include <sudoku/play/explain.hpp>
#include <sudoku/search/cache.hpp>
#include <thread>
#include <vector>

#include "arguments.hpp"
#include "errors.hpp"
#include "interrupt.hpp"
#include "sudoku_streams.hpp"
#include "sudoku_values.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace binding {

namespace {

template <class T>
T generate_interruptibly(const GeometryPtr& geometry,
                         const std::function<T(sudoku::Generator&)>& make) {
  std::atomic<bool> stop{false};
  std::optional<T> out;
  std::optional<std::string> error;
  interruptible(stop, [&] {
    try {
      sudoku::Generator generator(*geometry);
      generator.set_stop_flag(&stop);
      out = make(generator);
    } catch (const sudoku::GenerationStopped&) {
    } catch (const sudoku::GeometryError& e) {
      error = e.what();
    }
    return 0;
  });
  if (error) raise_geometry(*error);
  if (!out) {
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
  }
  return std::move(*out);
}

// A pooled solver for the reasoning of rate(), steps() and hint(): the fast logic, no node
// budget, and a stop flag for Ctrl-C, taken off again when done.
struct ReasoningSolver {
  SolverPool::Lease lease;
  std::atomic<bool> stop{false};
  explicit ReasoningSolver(const GeometryPtr& geometry) : lease(pool().take(geometry)) {
    lease.solver->set_logic(sudoku::Logic::fast);
    lease.solver->set_node_budget(0);
    lease.solver->set_stop_flag(&stop);
  }
  ~ReasoningSolver() { lease.solver->set_stop_flag(nullptr); }
  sudoku::Solver& operator*() const { return *lease.solver; }
};

// Getters of the library's fields, for the read-only properties.
template <auto Field>
auto of_rating() {
  return [](const PyRating& r) { return r.rating.*Field; };
}
template <auto Field>
auto of_result() {
  return [](const PySolveResult& r) { return r.result.*Field; };
}
template <auto Field>
auto of_search() {
  return [](const PyBatchResult& r) { return r.result.search.*Field; };
}

const char* puzzle_doc =
    "A sudoku puzzle: its shape (size, variant, jigsaw regions) and its givens.\n\n"
    "Puzzle(text) reads the first puzzle of a text in any format the sudoku command reads (one "
    "line of cells, a grid over several lines, '#variant' and '#regions' headers); Puzzle(digits) "
    "takes the cells as numbers (0 for empty), flat or as rows. size, variant ('regular', "
    "'hyper', 'x', 'hyper-x', 'jigsaw') and regions (a '#regions' map, or a region per cell) say "
    "what the text does not; symbols an alphabet of its own ('0-F', 'A-P'; sudoku/io/symbols.hpp), "
    "blank one more character for an empty cell (' ': spaces, in fixed columns). str() draws the "
    "givens; in Jupyter it shows as a table.";

}  // namespace
void bind_sudoku(py::module_& m) {
  m.doc() = "Sudoku on the dlx exact-cover core: 4x4 to 25x25, hyper, X, hyper-X and jigsaw.";

  error_type = exception_class(m, "sudoku.Error",
                               "Base of the sudoku module's errors; message, kind, file, line "
                               "and column (None when unknown) say what and where.",
                               PyExc_ValueError)
                   .release();
  format_error_type =
      exception_class(
          m, "sudoku.FormatError",
          "Text that is not a puzzle; str() is 'file:line:column: message' (the column counts "
          "bytes, from 1).",
          error_type)
          .release();
  clash_error_type =
      exception_class(
          m, "sudoku.ClashError",
          "Givens that break the rules: `cells` names both cells, `house` the house, `digit` the "
          "digit; line and column point at the second cell when the puzzle was read from text.",
          error_type)
          .release();
  geometry_error_type =
      exception_class(
          m, "sudoku.GeometryError",
          "A size and variant that make no sudoku (hyper on 6x6, a bad region map, ...).",
          error_type)
          .release();

  // The names the library accepts, from the library.
  py::tuple variants(sudoku::variant_names.size()), levels(sudoku::logic_names.size());
  for (std::size_t i = 0; i < sudoku::variant_names.size(); ++i)
    variants[i] = std::string(sudoku::variant_names[i]);
  for (std::size_t i = 0; i < sudoku::logic_names.size(); ++i)
    levels[i] = std::string(sudoku::logic_names[i]);
  m.attr("variants") = variants;
  m.attr("logic_levels") = levels;

  py::class_<PyGrid>(m, "Grid",
                     "A grid of digits with its shape: a puzzle's givens or a solution.\n\n"
                     "grid[cell] (cells from 0, row by row) or grid[row, column] (from 0) is a "
                     "digit, 0 for an empty cell. str() draws it with box borders, row and "
                     "column numbers; `line` is the one-line form; in Jupyter it shows as a "
                     "table. Compares equal to a Grid, a list of digits or a one-line string.")
      .def_property_readonly("size", &PyGrid::size, "Cells per row (and digits per house).")
      .def_property_readonly(
          "variant", [](const PyGrid& g) { return sudoku::shape_name(*g.geometry); },
          "'regular', 'hyper', 'x', 'hyper-x' or 'jigsaw', then 'anti-knight' and 'anti-king' "
          "when they apply ('x anti-king'; 'anti-knight' alone on a regular grid).")
      .def_property_readonly(
          "digits",
          [](const PyGrid& g) { return std::vector<int>(g.digits.begin(), g.digits.end()); },
          "The digits row by row, 0 for an empty cell.")
      .def_property_readonly(
          "rows",
          [](const PyGrid& g) {
            std::vector<std::vector<int>> rows(static_cast<std::size_t>(g.geometry->height()));
            for (std::size_t i = 0; i < g.digits.size(); ++i)
              rows[static_cast<std::size_t>(g.geometry->row_of(static_cast<int>(i)))].push_back(
                  g.digits[i]);
            return rows;
          },
          "The digits as a list of rows (a samurai's: its 21 rows, each of the cells it has).")
      .def_property_readonly(
          "line", &PyGrid::line,
          "The grid on one line, '.' for an empty cell (the reader reads it back).")
      .def("pretty", &PyGrid::pretty, py::kw_only(), "labels"_a = true, "legend"_a = true,
           "The grid for people, as str() draws it; labels: row and column numbers; legend: "
           "the line explaining marked cells ([5] hyper window, (5) diagonal).")
      .def("__len__", [](const PyGrid& g) { return g.digits.size(); })
      .def("__getitem__",
           [](const PyGrid& g, std::int64_t cell) { return int{g.digits[g.index(cell)]}; })
      .def("__getitem__",
           [](const PyGrid& g, std::pair<std::int64_t, std::int64_t> at) {
             return int{g.digits[g.index(at.first, at.second)]};
           })
      .def("__iter__",
           [](const PyGrid& g) {
             return py::iter(py::cast(std::vector<int>(g.digits.begin(), g.digits.end())));
           })
      .def("__eq__", &grid_equal)
      .def("__ne__", [](const PyGrid& g, py::handle o) { return !grid_equal(g, o); })
      .def("__hash__", [](const PyGrid& g) { return py::hash(py::str(g.line())); })
      .def("__str__", [](const PyGrid& g) { return g.pretty(true, true); })
      .def("__repr__", [](const PyGrid& g) { return "sudoku.Grid('" + g.line() + "')"; })
      .def("_repr_html_", &html);

  py::class_<PyStep>(m, "Step",
                     "One deduction of a logical technique: what was found, where, and what it "
                     "changed. str() is the sentence, e.g. 'r3c5=7: hidden single in box 2'.")
      .def_property_readonly("technique", &PyStep::technique,
                             "The technique's name: 'full house', 'naked single', 'hidden "
                             "single', 'locked candidates (pointing)', ..., 'X-Wing', "
                             "'Swordfish', 'contradiction'.")
      .def_property_readonly(
          "difficulty",
          [](const PyStep& s) {
            return std::string(sudoku::hodoku_level_name(sudoku::hodoku_level(s.step.technique)));
          },
          "The level the technique stands for: 'easy', 'medium', 'hard', 'unfair' or 'extreme' "
          "(HoDoKu's names, the scale of Rating.difficulty).")
      .def_property_readonly("text", &PyStep::text, "The step as a sentence.")
      .def_property_readonly(
          "cells", [](const PyStep& s) { return s.names(sudoku::cells_of(s.step)); },
          "The cells the step is about or changes ('r3c5'), ascending.")
      .def_property_readonly(
          "houses",
          [](const PyStep& s) {
            std::vector<std::string> out;
            for (int h : s.step.houses) out.push_back(s.geometry->house_name(h));
            return out;
          },
          "The houses of the reasoning ('row 3', 'box 2', 'window 1', ...).")
      .def_property_readonly(
          "digits",
          [](const PyStep& s) {
            std::vector<int> out;
            for (int d = 1; d <= s.geometry->size(); ++d)
              if ((s.step.digits & sudoku::digit_bit(d)) != 0) out.push_back(d);
            return out;
          },
          "The digits of the reasoning.")
      .def_property_readonly(
          "placed", [](const PyStep& s) { return s.candidates(s.step.placed); },
          "Digits placed, as (cell, digit) pairs.")
      .def_property_readonly(
          "removed", [](const PyStep& s) { return s.candidates(s.step.removed); },
          "Candidates removed, as (cell, digit) pairs.")
      .def_property_readonly(
          "links",
          [](const PyStep& s) { return sudoku::describe_links(*s.geometry, s.step, s.symbols); },
          "Forcing chains and nets: their links, one line per path, from each assumption to the "
          "contradiction or the fact every branch forces (given by steps() and hint(); a "
          "Rating's steps leave them out); empty for other steps.")
      .def(
          "hint",
          [](const PyStep& s, int stage) {
            const sudoku::HintStage shown =
                sudoku::hint_stage(*s.geometry, s.step, stage, s.symbols);
            return std::make_pair(shown.text, s.names(shown.cells));
          },
          py::arg("stage"),
          "The hint of this step at a stage, as (text, cells) - as the sudoku command's "
          "--hint-level gives it: 1 the technique and where to look ('hidden single in box 2'), "
          "2 also its digits and cells, 3 the whole sentence.")
      .def("__str__", &PyStep::text)
      .def("__repr__", [](const PyStep& s) { return "<sudoku.Step " + s.text() + ">"; });

  py::class_<PyRating>(m, "Rating",
                       "How hard a puzzle is: Sudoku Explainer's ER/EP/ED and the level of the "
                       "hardest technique it needs, 'easy' (singles), 'medium' (locked "
                       "candidates, subsets), 'hard' (fish, wings, uniqueness), 'unfair' "
                       "(chains, ALS) or 'extreme' (forcing chains and nets, or search), "
                       "HoDoKu's names: the scale the command and the web page print too.")
      .def_property_readonly(
          "difficulty",
          [](const PyRating& r) -> std::optional<std::string> {
            if (!r.rating.solvable) return std::nullopt;
            return std::string(sudoku::hodoku_level_name(r.rating.hodoku));
          },
          "The level's name ('easy' ... 'extreme'), or None when the puzzle has no solution.")
      .def_property_readonly("solvable", of_rating<&sudoku::Rating::solvable>(),
                             "False when logic or search proved there is no solution.")
      .def_property_readonly(
          "er", of_rating<&sudoku::Rating::er>(),
          "Sudoku Explainer's ER: the difficulty of the hardest step (20.0: logic leaves cells "
          "open).")
      .def_property_readonly("ep", of_rating<&sudoku::Rating::ep>(),
                             "Sudoku Explainer's EP: the hardest step before the first placement.")
      .def_property_readonly(
          "ed", of_rating<&sudoku::Rating::ed>(),
          "Sudoku Explainer's ED: the hardest step before the first elimination.")
      .def_property_readonly(
          "qqwing",
          [](const PyRating& r) { return std::string(sudoku::qqwing_level_name(r.rating.qqwing)); },
          "QQWing's level, a scale of its own: 'simple', 'easy', 'intermediate' or 'expert'.")
      .def_property_readonly(
          "hardest",
          [](const PyRating& r) -> std::optional<std::string> {
            if (!r.rating.used_logic) return std::nullopt;
            return std::string(sudoku::technique_name(r.rating.hardest));
          },
          "The hardest technique used, or None when none applied.")
      .def_property_readonly(
          "steps", [](const PyRating& r) { return wrap(r.geometry, r.steps, r.symbols); },
          "The steps of the logical solution, in order (sudoku.Step).")
      .def_property_readonly("open", of_rating<&sudoku::Rating::open>(),
                             "The cells logic left open (0 unless the search went on).")
      .def_property_readonly(
          "nodes", [](const PyRating& r) { return r.rating.search.nodes; },
          "The search-tree nodes of the search after the logic (0 unless it went on).")
      .def_property_readonly(
          "solutions", [](const PyRating& r) { return r.rating.search.solutions; },
          "The solutions the search after the logic found, up to 2 (0 unless it went on).")
      .def("__str__",
           [](const PyRating& r) {
             return r.rating.solvable ? std::string(sudoku::hodoku_level_name(r.rating.hodoku))
                                      : std::string("no solution");
           })
      .def("__repr__", [](const PyRating& r) {
        std::string out = "<sudoku.Rating ";
        out += r.rating.solvable ? sudoku::format_rating(r.rating) : "no solution";
        if (r.rating.used_logic)
          out += ", hardest: " + std::string(sudoku::technique_name(r.rating.hardest));
        return out + ">";
      });

  py::class_<PySolveResult>(m, "Result", "What one puzzle's search found.")
      .def_property_readonly("solutions", of_result<&sudoku::SolveResult::solutions>(),
                             "Solutions found (at most the limit).")
      .def_property_readonly(
          "complete", of_result<&sudoku::SolveResult::complete>(),
          "True when `solutions` is the exact count (False: the limit or a budget stopped it).")
      .def_property_readonly(
          "outcome",
          [](const PySolveResult& r) { return std::string(dlx::outcome_name(r.result.outcome)); },
          "Why the search ended: 'exhausted', 'solution_limit', 'node_limit' or 'stopped'.")
      .def_property_readonly("by_logic", of_result<&sudoku::SolveResult::by_logic>(),
                             "True when the logic before the search settled it.")
      .def_property_readonly("nodes", of_result<&sudoku::SolveResult::nodes>(),
                             "Search-tree nodes.")
      .def_property_readonly("updates", of_result<&sudoku::SolveResult::updates>(), "Link updates.")
      .def_property_readonly(
          "solution",
          [](const PySolveResult& r) -> std::optional<PyGrid> {
            if (r.result.first.empty()) return std::nullopt;
            return PyGrid{r.geometry, r.result.first, r.givens, r.symbols};
          },
          "The first solution (a Grid), or None.")
      .def("__repr__", [](const PySolveResult& r) {
        return "<sudoku.Result solutions=" + std::to_string(r.result.solutions) +
               (r.result.complete ? "" : "+") + ", nodes=" + std::to_string(r.result.nodes) + ">";
      });

  py::class_<GridStream>(m, "Solutions",
                         "The solutions of a puzzle (Grids), found lazily by a search on a "
                         "thread of its own that stays a bounded queue ahead.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &GridStream::next);

  py::class_<PuzzleIterator>(m, "Puzzles",
                             "The puzzles of a text, read one at a time; a puzzle that cannot "
                             "be read raises FormatError, and next() goes on after it.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &PuzzleIterator::next);

  py::class_<PyPuzzle>(m, "Puzzle", puzzle_doc)
      .def(py::init(&make_puzzle), "source"_a, py::kw_only(), "size"_a = py::none(),
           "variant"_a = py::none(), "regions"_a = py::none(), "symbols"_a = py::none(),
           "blank"_a = py::none())
      .def_property_readonly(
          "symbols",
          [](const PyPuzzle& p) -> std::optional<std::string> {
            if (p.symbols.is_default()) return std::nullopt;
            return std::string(p.symbols.characters());
          },
          "The alphabet it was read in (symbols=), written back in; None for the default.")
      .def_static(
          "empty",
          [](int size, const std::string& variant, py::object regions) {
            PyPuzzle p;
            std::vector<int> map;
            if (!regions.is_none()) map = regions_of(regions);
            p.geometry = geometry_of(size, map.empty() ? variant : "jigsaw", map);
            p.givens.assign(static_cast<std::size_t>(p.geometry->cell_count()), 0);
            p.file = "<empty>";
            return p;
          },
          "size"_a = 9, "variant"_a = "regular", "regions"_a = py::none(),
          "A puzzle without givens, of this shape.")
      .def_property_readonly(
          "size", [](const PyPuzzle& p) { return p.geometry->size(); }, "Cells per row.")
      .def_property_readonly(
          "variant", [](const PyPuzzle& p) { return sudoku::describe_shape(*p.geometry); },
          "'regular', 'hyper', 'x', 'hyper-x', 'jigsaw' or 'samurai', then 'anti-knight' and "
          "'anti-king', 'killer' and the rules' keywords when they apply ('x anti-king', "
          "'killer', 'kropki odd'; 'anti-knight' alone on a regular grid).")
      .def_property_readonly(
          "rules",
          [](const PyPuzzle& p) {
            py::list out;
            for (const sudoku::RulePtr& rule : p.geometry->rules()) {
              std::vector<sudoku::RuleMark> marks;
              rule->draw(*p.geometry, marks);
              py::list drawn;
              for (const sudoku::RuleMark& m : marks) {
                py::dict mark;
                mark["kind"] = std::string(sudoku::mark_kind_name(m.kind));
                mark["cells"] = m.cells;
                if (!m.text.empty()) mark["text"] = m.text;
                if (m.kind == sudoku::RuleMark::Kind::dot || m.filled) mark["filled"] = m.filled;
                if (!m.colour.empty()) mark["colour"] = m.colour;
                if (m.arrow) mark["arrow"] = true;
                if (m.kind == sudoku::RuleMark::Kind::outside) {
                  mark["step_row"] = m.step_row;
                  mark["step_col"] = m.step_col;
                }
                drawn.append(mark);
              }
              py::dict r;
              r["keyword"] = std::string(rule->keyword());
              r["arguments"] = rule->arguments(*p.geometry);
              r["description"] = rule->describe();
              r["marks"] = drawn;
              out.append(r);
            }
            return out;
          },
          "The puzzle's rules beyond its variant (non-consecutive, kropki, xv, odd, even, "
          "disjoint-groups, thermo, whispers, renban, arrow, sandwich, ...), each a dict: "
          "'keyword' and 'arguments' (its header line in the text), 'description' (a sentence), "
          "'marks' (what it draws: dicts of 'kind' dot, letter, circle, square, shade, line, "
          "outside (a clue beside the grid) or corner (a circle with digits on the corner of four "
          "cells), 'cells' from 0 in reading order (a line's in its order, an outside clue's from "
          "the nearest to it, a corner's four from the upper left), a dot's 'filled' (and a "
          "filled circle's, a thermometer's bulb), the 'text' of a letter, an outside clue or a "
          "corner, a line's or shade's 'colour' when it has one, 'arrow': True for an arrow's "
          "line (its head on the last cell) and a little killer's clue, and an outside clue's "
          "'step_row' and 'step_col', the step from the clue to its first cell (1, 0 from above, "
          "1, 1 down and right)).")
      .def_property_readonly(
          "regions",
          [](const PyPuzzle& p) -> std::optional<std::vector<int>> {
            if (p.geometry->variant() != sudoku::Variant::jigsaw) return std::nullopt;
            std::vector<int> out;
            for (int c = 0; c < p.geometry->cell_count(); ++c)
              out.push_back(p.geometry->region_of(c));
            return out;
          },
          "A jigsaw's region of each cell (from 0), or None.")
      .def_property_readonly(
          "cages",
          [](const PyPuzzle& p) -> std::optional<py::list> {
            if (p.geometry->cages().empty()) return std::nullopt;
            py::list out;
            for (const sudoku::Cage& cage : p.geometry->cages())
              out.append(py::make_tuple(cage.label, cage.sum, cage.cells));
            return out;
          },
          "A killer puzzle's cages as (label, sum, cells) tuples, cells numbered from 0 in "
          "reading order; None for other puzzles.")
      .def_property_readonly(
          "text",
          [](const PyPuzzle& p) {
            return sudoku::format_header(*p.geometry) +
                   sudoku::format_line(*p.geometry, p.givens, p.symbols) + "\n";
          },
          "The givens on one line, after the header lines the shape needs (#size, #variant, "
          "#regions, a killer puzzle's '#cages' and '#sums', the rules' lines): text that "
          "Puzzle() reads back as the same puzzle.")
      .def_property_readonly(
          "fpuzzles",
          [](const PyPuzzle& p) {
            try {
              return sudoku::fpuzzles_link(*p.geometry, p.givens);
            } catch (const std::invalid_argument& e) {
              throw py::value_error(e.what());
            }
          },
          "The puzzle as a link that f-puzzles and SudokuPad open "
          "(https://www.f-puzzles.com/?load=...); parse() reads such links and f-puzzles JSON "
          "back. Raises ValueError for what f-puzzles cannot say (samurai grids, grids over "
          "16x16).")
      .def(
          "true_candidates",
          [](const PyPuzzle& p, py::handle logic, py::handle max_nodes) {
            const sudoku::TrueCandidates truth = binding::true_candidates(p, logic, max_nodes);
            if (!truth.complete)
              throw py::value_error("true_candidates: the node budget ran out (max_nodes)");
            py::list out;
            for (const sudoku::Mask mask : truth.masks) {
              py::list digits;
              for (int d = 1; d <= p.geometry->size(); ++d)
                if ((mask & sudoku::digit_bit(d)) != 0) digits.append(d);
              out.append(digits);
            }
            return out;
          },
          py::kw_only(), "logic"_a = "fast", "max_nodes"_a = py::none(),
          "The digits each cell holds in at least one solution, a list per cell in reading order "
          "(all empty without a solution), as setters check a puzzle being made: a cell with one "
          "is decided, and the puzzle has one solution when every cell has one. Raises "
          "ValueError when max_nodes stops a search.")
      .def_property_readonly("givens", &PyPuzzle::grid, "The givens, as a Grid.")
      .def_property_readonly(
          "given_count",
          [](const PyPuzzle& p) {
            int n = 0;
            for (auto d : p.givens) n += d != 0;
            return n;
          },
          "The number of givens.")
      .def_property_readonly(
          "file", [](const PyPuzzle& p) { return p.file; }, "Where it was read ('<string>' ...).")
      .def_property_readonly(
          "line",
          [](const PyPuzzle& p) -> std::optional<std::size_t> {
            if (p.line == 0) return std::nullopt;
            return p.line;
          },
          "The line it starts on, or None.")
      .def_property_readonly(
          "solution",
          [](const PyPuzzle& p) -> std::optional<PyGrid> {
            if (p.solution.empty()) return std::nullopt;
            return p.solved(p.solution);
          },
          "The solution that came with it (a generated puzzle's, a CSV record's), or None.")
      .def_property_readonly(
          "undecided", [](const PyPuzzle& p) { return p.undecided; },
          "A generated puzzle's givens kept because their check ran out of `check_nodes` (it "
          "might do without them; the other givens are needed), or None for a puzzle read.")
      .def(
          "solve",
          [](const PyPuzzle& p, py::handle logic, py::handle max_nodes) -> std::optional<PyGrid> {
            sudoku::SolveResult r = solve(p, 1, logic, max_nodes);
            if (r.first.empty()) return std::nullopt;
            return p.solved(std::move(r.first));
          },
          py::kw_only(), "logic"_a = "fast", "max_nodes"_a = py::none(),
          "The first solution (a Grid), or None when there is none. Raises ClashError when "
          "givens clash. logic: the reasoning before the search ('none', 'singles', 'fast', "
          "'all', 'full': sudoku.logic_levels); max_nodes: a budget of search-tree nodes.")
      .def(
          "count",
          [](const PyPuzzle& p, py::handle limit, py::handle logic, py::handle max_nodes) {
            return solve(p, limit_of(limit, sudoku::Task::count), logic, max_nodes).solutions;
          },
          "limit"_a = py::none(), py::kw_only(), "logic"_a = "fast", "max_nodes"_a = py::none(),
          "The number of solutions, up to `limit`: None or 0 counts them all (as sudoku --count); "
          "limit=2 answers 'is it unique?'.")
      .def(
          "search",
          [](const PyPuzzle& p, py::handle limit, py::handle logic, py::handle max_nodes) {
            return PySolveResult{p.geometry, p.givens,
                                 solve(p, limit_of(limit, sudoku::Task::count), logic, max_nodes),
                                 p.symbols};
          },
          "limit"_a = py::none(), py::kw_only(), "logic"_a = "fast", "max_nodes"_a = py::none(),
          "Searches as count() does and returns what it found: a sudoku.Result (solutions, "
          "complete, nodes, by_logic, the first solution).")
      .def(
          "is_unique",
          [](const PyPuzzle& p) {
            const sudoku::SolveResult r = solve(p, 2, py::str("fast"), py::none());
            return r.solutions == 1 && r.complete;
          },
          "True when the puzzle has exactly one solution.")
      .def(
          "solutions",
          [](const PyPuzzle& p, py::handle limit, py::handle logic) {
            return std::make_unique<GridStream>(p, limit_of(limit, sudoku::Task::all),
                                                logic_of(logic));
          },
          "limit"_a = py::none(), py::kw_only(), "logic"_a = "fast",
          "An iterator over the solutions (Grids, at most `limit`), in the order the sudoku "
          "command lists them, found as they are asked for.")
      .def(
          "rate",
          [](const PyPuzzle& p, py::handle assume_unique) {
            const sudoku::Uniqueness uniqueness = uniqueness_of(assume_unique);
            check_givens(p);
            PyRating out{p.geometry, {}, {}, p.symbols};
            const auto tables = sudoku::shared_tables(*p.geometry);
            ReasoningSolver solver(p.geometry);
            out.rating = interruptible(solver.stop, [&] {
              out.steps.clear();
              return p.marks.empty()
                         ? sudoku::rate(p.givens, *solver, *tables, &out.steps, uniqueness)
                         : sudoku::rate(start_of(p), *solver, *tables, &out.steps, uniqueness);
            });
            return out;
          },
          py::kw_only(), "assume_unique"_a = py::none(),
          "The difficulty (a sudoku.Rating): every technique to a fixpoint from the givens, "
          "the hardest one used giving the level; 'expert' when search is needed. The "
          "uniqueness techniques (Unique Rectangles, Hidden Rectangle, BUG+1) reason when "
          "assume_unique is True, never when False, and when None (the default) only if a "
          "count proves one solution.")
      .def(
          "steps",
          [](const PyPuzzle& p, py::handle assume_unique) {
            const sudoku::Uniqueness uniqueness = uniqueness_of(assume_unique);
            check_givens(p);
            const auto tables = sudoku::shared_tables(*p.geometry);
            sudoku::Candidates c = start_of(p);
            std::vector<sudoku::Step> steps;
            ReasoningSolver solver(p.geometry);
            interruptible(
                solver.stop,
                [&] {
                  const bool unique =
                      p.marks.empty() ? sudoku::uniqueness_applies(uniqueness, p.givens, *solver)
                                      : sudoku::uniqueness_applies(uniqueness, c, *solver);
                  return sudoku::reduce(c, *tables, sudoku::Level::full, &steps, nullptr, unique);
                },
                [&] {
                  c = start_of(p);
                  steps.clear();
                });
            return wrap(p.geometry, steps, p.symbols);
          },
          py::kw_only(), "assume_unique"_a = py::none(),
          "The logical solution: every step of the full ladder (the techniques of -v, --hint and "
          "--rate, easiest first), from the givens until the grid is solved or no technique "
          "applies (list of sudoku.Step); assume_unique as for rate().")
      .def(
          "hint",
          [](const PyPuzzle& p, py::handle assume_unique) -> std::optional<PyStep> {
            const sudoku::Uniqueness uniqueness = uniqueness_of(assume_unique);
            check_givens(p);
            const auto tables = sudoku::shared_tables(*p.geometry);
            const sudoku::Candidates c = start_of(p);
            sudoku::Step step;
            bool several = false;
            bool found = false;
            {
              ReasoningSolver solver(p.geometry);
              found = interruptible(solver.stop, [&] {
                several = (p.marks.empty() ? (*solver).count(p.givens, 2) : (*solver).count(c, 2))
                              .solutions > 1;
                const bool unique = p.marks.empty()
                                        ? sudoku::uniqueness_applies(uniqueness, p.givens, *solver)
                                        : sudoku::uniqueness_applies(uniqueness, c, *solver);
                return sudoku::next_step(c, *tables, step, sudoku::Level::full, unique);
              });
            }
            // Logic can still take steps on such a puzzle, but none finishes it: say so, as the
            // command does, without changing what is returned.
            const std::string note = std::string(sudoku::several_solutions_note) +
                                     "; add givens, or list them with solutions()";
            if (several && PyErr_WarnEx(PyExc_UserWarning, note.c_str(), 1) != 0)
              throw py::error_already_set();  // warnings turned into errors
            if (!found) return std::nullopt;
            return PyStep{p.geometry, std::move(step), p.symbols};
          },
          py::kw_only(), "assume_unique"_a = py::none(),
          "The next step a person could take from the givens (the first of the easiest "
          "technique of the full ladder that applies), or None when none applies (the puzzle "
          "then needs search); assume_unique as for rate(). A puzzle with several solutions "
          "gives a UserWarning saying so: its steps are sound, but none finishes it.")
      .def(
          "canonical",
          [](const PyPuzzle& p) {
            check_givens(p);
            try {
              return PyGrid{
                  p.geometry, sudoku::canonical_form(*p.geometry, p.givens), {}, p.symbols};
            } catch (const sudoku::SymmetryError& e) {
              throw py::value_error(e.what());
            }
          },
          "The canonical form (a Grid): of all the puzzles the symmetries of its variant and a "
          "relabelling of the digits make of it, the smallest read as a line of cells (an empty "
          "cell ranking as 0, written '.'), digits relabelled in order of first appearance (9x9 "
          "regular: minlex). "
          "Equivalent puzzles, and only they, have equal forms. Raises ClashError when givens "
          "clash, ValueError for a shape whose group is too large to list (25x25 hyper).")
      .def(
          "candidates",
          [](const PyPuzzle& p) {
            const sudoku::Candidates c = start_of(p);
            std::vector<std::vector<int>> out;
            for (int cell = 0; cell < p.geometry->cell_count(); ++cell) {
              std::vector<int> digits;
              for (int d = 1; d <= p.geometry->size(); ++d)
                if ((c.mask(cell) & sudoku::digit_bit(d)) != 0) digits.push_back(d);
              out.push_back(std::move(digits));
            }
            return out;
          },
          "Each cell's candidates as a person starts: the givens, each taken from its peers, "
          "less those that pencil-mark input (a 729-character line, a PM grid) left out.")
      .def(
          "candidates_text",
          [](const PyPuzzle& p) {
            const sudoku::Candidates c = start_of(p);
            sudoku::CandidateOptions options;
            options.givens = p.givens;
            options.symbols = p.symbols;
            return sudoku::format_candidates(c, options);
          },
          "The candidate grid as the sudoku command's --hint draws it.")
      .def("__str__", [](const PyPuzzle& p) { return p.grid().pretty(true, true); })
      .def("__repr__", &repr_puzzle)
      .def("_repr_html_", [](const PyPuzzle& p) { return html(p.grid()); });

  py::class_<PyBatchResult>(m, "BatchResult", "What a batch found for one puzzle.")
      .def_property_readonly(
          "index", [](const PyBatchResult& r) { return r.result.index; },
          "The record's position in the input, from 0.")
      .def_property_readonly(
          "line", [](const PyBatchResult& r) { return r.result.record.line; },
          "The line it starts on (0 when it came from a Puzzle not read from text).")
      .def_property_readonly(
          "puzzle",
          [](const PyBatchResult& r) -> std::optional<PyPuzzle> {
            if (!r.result.record.geometry || !r.result.record.ok()) return std::nullopt;
            sudoku::Record copy = r.result.record;
            return from_record(std::move(copy), r.file, r.symbols);
          },
          "The puzzle, or None when it could not be read.")
      .def_property_readonly(
          "error",
          [](const PyBatchResult& r) -> py::object {
            using Status = sudoku::Result::Status;
            const sudoku::Record& record = r.result.record;
            if (r.result.status == Status::read_error || r.result.status == Status::header_error)
              return format_error(*record.error, r.file);
            if (r.result.status == Status::clash)
              return located_error(clash_error_type, r.result.error, "clash", r.file,
                                   r.result.error_at.line, r.result.error_at.column);
            if (r.result.status == Status::unsupported)
              return py::module_::import("builtins").attr("ValueError")(r.result.error);
            return py::none();
          },
          "Why the record could not be worked on (a FormatError or ClashError, not raised), or "
          "None.")
      .def_property_readonly("solutions", of_search<&sudoku::SolveResult::solutions>(),
                             "solve and count: the solutions found, up to the limit.")
      .def_property_readonly("complete", of_search<&sudoku::SolveResult::complete>(),
                             "solve and count: True when `solutions` is the exact count.")
      .def_property_readonly(
          "solution",
          [](const PyBatchResult& r) -> std::optional<PyGrid> {
            if (r.result.search.first.empty()) return std::nullopt;
            return PyGrid{r.result.record.geometry, r.result.search.first, r.result.record.givens,
                          r.symbols};
          },
          "solve and count: the first solution, or None.")
      .def_property_readonly("nodes", of_search<&sudoku::SolveResult::nodes>(),
                             "solve and count: search-tree nodes.")
      .def_property_readonly(
          "stopped", [](const PyBatchResult& r) { return r.result.stopped; },
          "True when a budget (max_nodes) ended the search early.")
      .def_property_readonly(
          "seconds", [](const PyBatchResult& r) { return r.result.seconds; }, "Time in the solver.")
      .def_property_readonly(
          "rating",
          [](const PyBatchResult& r) -> std::optional<PyRating> {
            if (r.task != sudoku::Task::rate || !r.result.reasoning) return std::nullopt;
            const sudoku::Reasoning& found = *r.result.reasoning;
            return PyRating{r.result.record.geometry, found.rating, found.steps, r.symbols};
          },
          "rate: the Rating (its steps included).")
      .def_property_readonly(
          "canonical",
          [](const PyBatchResult& r) -> std::optional<PyGrid> {
            if (r.result.canonical.empty()) return std::nullopt;
            return PyGrid{r.result.record.geometry, r.result.canonical, {}, r.symbols};
          },
          "canonical and dedupe: the canonical form (see Puzzle.canonical), or None.")
      .def_property_readonly(
          "duplicate", [](const PyBatchResult& r) { return r.result.duplicate; },
          "dedupe: True when an earlier puzzle of the batch is equivalent.")
      .def_property_readonly(
          "hint",
          [](const PyBatchResult& r) -> std::optional<PyStep> {
            if (!r.result.reasoning || !r.result.reasoning->hint) return std::nullopt;
            return PyStep{r.result.record.geometry, *r.result.reasoning->hint, r.symbols};
          },
          "hint: the next step, or None.")
      .def("__repr__", [](const PyBatchResult& r) {
        const sudoku::Result& x = r.result;
        const std::string at =
            "<sudoku.BatchResult " + r.file + ":" + std::to_string(x.record.line);
        if (x.status == sudoku::Result::Status::read_error ||
            x.status == sudoku::Result::Status::header_error)
          return at + " error=" + std::string(x.record.error->what()) + ">";
        if (x.status == sudoku::Result::Status::clash) return at + " error=" + x.error + ">";
        return at + " solutions=" + std::to_string(x.search.solutions) +
               (x.search.complete ? "" : "+") + (x.stopped ? " stopped" : "") + ">";
      });

  py::class_<BatchIterator>(m, "Batch", "Results of a batch, in input order (see sudoku.batch).")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &BatchIterator::next);

  m.def(
      "parse",
      [](py::handle text, std::optional<int> size, std::optional<std::string> variant,
         py::object regions, std::optional<std::string> symbols, std::optional<std::string> blank,
         const std::string& name) {
        return parse_one(text, name, reader_options(size, variant, regions, symbols, blank));
      },
      "text"_a, py::kw_only(), "size"_a = py::none(), "variant"_a = py::none(),
      "regions"_a = py::none(), "symbols"_a = py::none(), "blank"_a = py::none(),
      "name"_a = "<string>",
      "The first puzzle of a text (str or bytes), in any format the reader reads; raises "
      "FormatError (file `name`, line, column).");
  m.def(
      "puzzles",
      [](py::handle text, std::optional<int> size, std::optional<std::string> variant,
         py::object regions, std::optional<std::string> symbols, std::optional<std::string> blank,
         const std::string& name) {
        return std::make_unique<PuzzleIterator>(
            text, name, reader_options(size, variant, regions, symbols, blank));
      },
      "text"_a, py::kw_only(), "size"_a = py::none(), "variant"_a = py::none(),
      "regions"_a = py::none(), "symbols"_a = py::none(), "blank"_a = py::none(),
      "name"_a = "<string>", "An iterator over the puzzles of a text (see sudoku.read for files).");
  m.def(
      "_batch",
      [](py::object source, py::handle task, py::handle limit, py::handle threads, py::handle logic,
         py::handle max_nodes, std::optional<int> size, std::optional<std::string> variant,
         py::object regions, std::optional<std::string> symbols, std::optional<std::string> blank,
         const std::string& name, py::handle assume_unique) {
        sudoku::BatchOptions options;
        options.task = task_of(text(task, "task"));
        options.uniqueness = uniqueness_of(assume_unique);
        options.limit = limit_of(limit, options.task);
        options.max_nodes = budget_of(max_nodes, "max_nodes");
        options.logic = logic_of(logic);
        options.threads = binding::threads(threads);
        auto batch = std::make_unique<BatchIterator>(options, name);
        if (py::isinstance<py::str>(source) || py::isinstance<py::bytes>(source))
          batch->read_text(source, reader_options(size, variant, regions, symbols, blank));
        else
          batch->read_puzzles(py::iter(source));
        return batch;
      },
      "source"_a, "task"_a, "limit"_a, "threads"_a, "logic"_a, "max_nodes"_a, "size"_a, "variant"_a,
      "regions"_a, "symbols"_a, "blank"_a, "name"_a, "assume_unique"_a);
  m.def(
      "generate",
      [](py::handle size_arg, py::handle variant_arg, py::object regions, py::handle seed,
         py::handle givens_arg, py::handle symmetric_arg, py::handle check_nodes_arg) {
        const int size = static_cast<int>(natural(size_arg, "size", 1, 64));
        const std::string variant = text(variant_arg, "variant");
        const std::optional<std::uint64_t> givens =
            optional_natural(givens_arg, "givens", 0, static_cast<std::uint64_t>(size) * size);
        const bool symmetric = optional_flag(symmetric_arg, "symmetric").value_or(false);
        const std::optional<std::uint64_t> check_nodes =
            optional_natural(check_nodes_arg, "check_nodes", 1);
        std::vector<int> map;
        if (!regions.is_none()) map = regions_of(regions);
        const std::uint64_t s = optional_natural(seed, "seed").value_or(random_seed());
        // "killer" among the words: cages drawn over the solved grid.
        bool killer = false;
        std::vector<std::string> rules;  // "non-consecutive", "disjoint-groups"
        std::string shape = variant;
        try {
          const auto [v, chess] = sudoku::parse_shape(variant, nullptr, &killer, &rules);
          if (killer || !rules.empty()) {
            if (v == sudoku::Variant::jigsaw) raise_geometry("killer jigsaw puzzles are not made");
            shape = sudoku::shape_name(v, chess);
          }
        } catch (const sudoku::GeometryError& e) {
          raise_geometry(e.what());
        }
        // A jigsaw without regions: random ones from the seed, as `sudoku --generate` draws them.
        if (map.empty() && variant_of(shape).first == sudoku::Variant::jigsaw) {
          try {
            const sudoku::Geometry drawn = sudoku::random_jigsaw(
                size, dlx::nth_random(s, UINT64_MAX), variant_of(shape).second);
            for (int cell = 0; cell < drawn.cell_count(); ++cell)
              map.push_back(drawn.region_of(cell));
          } catch (const sudoku::GeometryError& e) {
            raise_geometry(e.what());
          }
        }
        GeometryPtr geometry = geometry_of(size, shape, map);
        if (!rules.empty()) {
          try {
            geometry = sudoku::shared_geometry(
                sudoku::Geometry::with_rules(*geometry, sudoku::rules_of_words(rules, *geometry)));
          } catch (const sudoku::GeometryError& e) {
            raise_geometry(e.what());
          }
        }
        // Without `givens`, what the command does for this shape (the library's policy).
        sudoku::GeneratorOptions options = sudoku::default_generator_options(*geometry);
        if (givens) options.givens = static_cast<int>(*givens);
        options.symmetric = symmetric;
        options.check_nodes = check_nodes.value_or(0);
        options.killer = killer;
        sudoku::Puzzle made = generate_interruptibly<sudoku::Puzzle>(
            geometry, [&](sudoku::Generator& g) { return g.generate(s, options); });
        PyPuzzle p;
        p.geometry = made.geometry ? made.geometry : geometry;
        p.givens = std::move(made.givens);
        p.solution = std::move(made.solution);
        p.undecided = made.undecided;
        p.file = "<generated, seed " + std::to_string(s) + ">";
        return p;
      },
      "size"_a = 9, "variant"_a = "regular", py::kw_only(), "regions"_a = py::none(),
      "seed"_a = py::none(), "givens"_a = py::none(), "symmetric"_a = false,
      "check_nodes"_a = sudoku::GeneratorOptions{}.check_nodes,
      "A new puzzle with a unique solution (its `solution` attribute): givens taken from a "
      "random solved grid for as long as the puzzle stays unique, down to a minimal puzzle "
      "(givens=0), or to `givens` givens; by default, as the sudoku command: minimal up to "
      "16x16 regular and X, 12x12 jigsaw and 9x9 hyper and hyper-X, and on larger shapes (where a "
      "minimal puzzle takes minutes to hours) as few givens as checks of `check_nodes` nodes "
      "reach. symmetric: in pairs that a half turn swaps. The same seed "
      "makes the same puzzle. With `givens`, a removal whose check takes more than "
      "`check_nodes` search nodes (None: no budget) keeps its given, and the puzzle's "
      "`undecided` counts those: more givens than asked with undecided 0 are all needed. "
      "variant 'killer' (also 'x killer', 'killer anti-king', ...): random cages of 2 to 5 cells "
      "drawn over the solved grid first (the puzzle's `cages`), often no givens left. The rules "
      "without marks join the variant's words: 'non-consecutive', 'x disjoint-groups'. "
      "Ctrl-C raises KeyboardInterrupt.");
  m.def(
      "random_solution",
      [](py::handle size, py::handle variant, py::object regions, py::handle seed) {
        std::vector<int> map;
        if (!regions.is_none()) map = regions_of(regions);
        const GeometryPtr geometry = geometry_of(static_cast<int>(natural(size, "size", 1, 64)),
                                                 text(variant, "variant"), map);
        const std::uint64_t s = optional_natural(seed, "seed").value_or(random_seed());
        sudoku::Grid grid = generate_interruptibly<sudoku::Grid>(
            geometry, [&](sudoku::Generator& g) { return g.random_solution(s); });
        return PyGrid{geometry, std::move(grid), {}, {}};
      },
      "size"_a = 9, "variant"_a = "regular", py::kw_only(), "regions"_a = py::none(),
      "seed"_a = py::none(), "A random solved grid of this shape, the same for the same seed.");
}

}  // namespace binding
