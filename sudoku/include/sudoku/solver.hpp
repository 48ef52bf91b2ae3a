// Solving, counting and listing sudoku solutions with the exact-cover search of dlx.
//
// The exact-cover model: a primary item per cell and per (house, digit); an option per
// (cell, digit) covering its cell item and the (house, digit) item of every house holding the
// cell. The matrix is built once per shape (sudoku/cache.hpp). Each puzzle first goes through the
// propagation of singles; its placed digits become the partial solution the search starts from, and
// only the candidates left become options (dlx::Solver::load), so a batch never rebuilds the
// matrix.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>

#include "dlx/solver.hpp"
#include "sudoku/candidates.hpp"
#include "sudoku/geometry.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/logic.hpp"

namespace sudoku {

namespace detail {
class Search;
}

// Givens that break the rules before any search; carries the clash.
class ClashError : public std::runtime_error {
 public:
  ClashError(const Clash& clash, const std::string& message)
      : std::runtime_error(message), clash_(clash) {}
  // The two cells, the house and the digit.
  const Clash& clash() const noexcept { return clash_; }

 private:
  Clash clash_;
};

// How much reasoning runs before the exact-cover search.
enum class Logic {
  none,     // the search starts from the givens alone
  singles,  // naked and hidden singles to a fixpoint first
  fast,     // singles, locked candidates and pairs first: the fastest overall (the default)
  all,      // the techniques of sudoku/logic.hpp up to fish to a fixpoint first
  full,     // the full ladder (forcing nets included) to a fixpoint first: slow, for explaining
};

// The loop that searches the exact-cover matrix (Solver::set_search_loop).
enum class SearchLoop { automatic, dlx, own };

// What one puzzle's search found.
struct SolveResult {
  std::uint64_t solutions = 0;  // solutions seen (at most the limit)
  bool complete = false;        // the whole search tree was seen: `solutions` is the exact count
  dlx::Outcome outcome = dlx::Outcome::exhausted;  // why the search ended
  bool by_logic = false;      // the reasoning alone settled it (no search was needed)
  std::uint64_t nodes = 0;    // DLX search-tree nodes
  std::uint64_t updates = 0;  // DLX link updates
  Grid first;                 // the first solution, empty when there is none
};

// The exact-cover model of a geometry, as above: items cell_count() (cells) then, per house h
// and digit d, item cell_count() + h * size + d - 1; option cell * size + d - 1 puts d in the
// cell. Build it once per shape: shared_matrix (sudoku/cache.hpp) keeps it.
dlx::Matrix exact_cover_matrix(const Geometry& geometry);

// Receives each solution; returning false stops the search.
using SolutionVisitor = std::function<bool(const Grid& solution)>;

// The exact-cover solver for one geometry, reused for any number of puzzles.
class Solver {
 public:
  explicit Solver(const Geometry& geometry);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // The geometry this solver was built for (the shared one of its shape, see sudoku/cache.hpp).
  const Geometry& geometry() const noexcept { return *geometry_; }
  // A flag another thread may raise to stop the search; nullptr for none.
  void set_stop_flag(const std::atomic<bool>* flag) noexcept;
  // The reasoning that runs before the search (default: fast).
  void set_logic(Logic logic) noexcept { logic_ = logic; }
  // At the fast level, the pairs only once locked candidates have removed something
  // (reduce_pairs_after_locked, sudoku/logic.hpp): the same solutions, less reasoning on puzzles
  // where it finds little. Default: on for regular 9x9 grids, as measured (docs/performance.md),
  // off elsewhere.
  void set_pairs_after_locked(bool on) noexcept { pairs_after_locked_ = on; }
  // Which loop searches the exact-cover matrix: dlx::Solver's, or the solver's own (the same
  // dancing links, with forced moves reported by the covers; sudoku/src/search.hpp). Both find
  // the same solutions; their trees, and so nodes, differ. automatic (the default): on regular
  // 9x9 grids dlx's, or the own loop with weighed ties and probing for a puzzle left with many
  // open cells and candidates (set_own_loop_from); the own loop on every other shape; the faster
  // on each as measured (docs/performance.md).
  void set_search_loop(SearchLoop loop);
  // Locked candidates inside the own loop: at every branching, a (house, digit) left with few
  // options, all in one other house, takes the digit out of that house's other cells until the
  // search backs up. Default: on for hyper and hyper-X 9x9 grids and regular and X 16x16 ones,
  // off elsewhere, as measured (docs/performance.md: fewer nodes on every shape, less time only
  // on those). Only the own loop has it: turning it on does not change the loop chosen.
  void set_search_locked(bool on) noexcept;
  // Ties weighed in the own loop's choice of a cell to branch on: among the cells with two
  // candidates, the one whose digits have the fewest places left in its houses. Default: on for
  // X, hyper and hyper-X grids and regular 12x12 and 16x16 ones, as measured
  // (docs/performance.md). Only the own loop has it.
  void set_search_weighed(bool on) noexcept;
  // Failed literals probed in the own loop at the branchings of the first `levels` levels (forced
  // moves are levels too): both candidates of each cell left with two are tried with their forced
  // moves, the first candidate whose moves meet a contradiction is removed until the search backs
  // up (and its single taken before the next pass), and when none does, the cell whose
  // candidates force the most is branched on. 0 for none. Default: 100 on regular and X 16x16
  // grids and regular 12x12 and 9x9 ones, 0 elsewhere, as measured (docs/performance.md). Only
  // the own loop has it (on regular 9x9, the loop of the puzzles set_own_loop_from sends to it).
  void set_search_probe_levels(int levels) noexcept;
  // Probing only once a puzzle's search has taken more than `nodes` nodes: small trees are not
  // worth the probes. Default: 300 on regular 9x9 grids, 0 (from the start) elsewhere.
  void set_search_probe_after(std::uint64_t nodes) noexcept;
  // A pass of probes skips the candidates that an earlier probe of the pass forced, unless they
  // could still make their cell the one branched on: the same trees as probing them all, with
  // fewer updates. On by default; off to measure it.
  void set_search_probe_skips(bool on) noexcept;
  // With the automatic loop on regular 9x9 grids: the puzzles that the logic leaves with at least
  // `open_cells` open cells and 3.5 candidates a cell are searched by the own loop with weighed
  // ties, the others by dlx's loop (default 30, as measured in docs/performance.md; 0: dlx's loop
  // for every puzzle).
  // Other shapes and loops, and searches with a node budget, ignore it.
  void set_own_loop_from(int open_cells) noexcept { own_from_ = open_cells; }
  // A budget of search-tree nodes per puzzle; 0 for none.
  void set_node_budget(std::uint64_t nodes) noexcept { node_budget_ = nodes; }

  // Searches the puzzle for up to `limit` solutions (0: all), handing each to `visit` if given.
  // Throws ClashError when the givens clash, std::invalid_argument for a grid of the wrong size
  // or a digit out of range.
  SolveResult solve(const Grid& givens, std::uint64_t limit = 1, const SolutionVisitor& visit = {});
  // The number of solutions, up to `limit` (0: all); limit 2 answers "is it unique?".
  SolveResult count(const Grid& givens, std::uint64_t limit = 2) { return solve(givens, limit); }
  // Searches, as solve, for the solutions that do not put `digit` in `cell` (an empty cell of
  // `givens`). When the puzzle with `digit` given there has one solution, none found means the
  // puzzle without it has one too: the check a generator makes after removing a given, without
  // finding the known solution first.
  // `near`, when not empty, is a solved grid whose digits the search tries first on every
  // branching of the own loop (another solution is most often found near the known one); the
  // solutions found are the same, their order and the nodes are not.
  SolveResult solve_excluding(const Grid& givens, int cell, int digit, std::uint64_t limit = 1,
                              const SolutionVisitor& visit = {}, const Grid& near = {});

 private:
  // solve with the option `excluded` (cell * n + digit - 1) taken out first; -1 for none.
  SolveResult search(const Grid& givens, std::uint64_t limit, const SolutionVisitor& visit,
                     int excluded, const Grid& near);

  // Shared with every solver of the same shape: built once per process (sudoku/cache.hpp).
  std::shared_ptr<const Geometry> geometry_;
  std::shared_ptr<const dlx::Matrix> matrix_;
  std::shared_ptr<const LogicTables> tables_;
  std::unique_ptr<dlx::Solver> dlx_;  // one of the two loops: the other is null
  std::unique_ptr<detail::Search> search_;
  // With the automatic loop on a regular 9x9 grid: the own loop with weighed ties, for the
  // puzzles left with own_from_ open cells or more (0: none) and 3.5 candidates a cell.
  std::unique_ptr<detail::Search> open_search_;
  int own_from_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool locked_ = false;
  bool weighed_ = false;
  int probe_levels_ = 0;
  std::uint64_t probe_after_ = 0;
  bool probe_skips_ = true;
  bool pairs_after_locked_ = false;
  Candidates candidates_;
  Logic logic_ = Logic::fast;
  std::uint64_t node_budget_ = 0;
  Grid scratch_;
  std::vector<std::uint32_t> placement_;  // per option: its cell << 8 | its digit
  std::vector<dlx::OptionId> keep_, base_, later_;
};

}  // namespace sudoku
