// Solving, counting and listing sudoku solutions with the exact-cover search of dlx.
//
// The exact-cover model: a primary item per cell and per (house, digit); an option per
// (cell, digit) covering its cell item and the (house, digit) item of every house holding the
// cell. The matrix is built once per shape (sudoku/search/cache.hpp). Each puzzle first goes
// through the propagation of singles; its placed digits become the partial solution the search
// starts from, and only the candidates left become options (dlx::Solver::load), so a batch never
// rebuilds the matrix.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "dlx/solver.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

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
  all,      // the techniques of sudoku/logic/logic.hpp up to fish to a fixpoint first
  full,     // the full ladder (forcing nets included) to a fixpoint first: slow, for explaining
};

// The names of the levels, in order, as every front end spells them ("none" ... "full").
inline constexpr std::array<std::string_view, 5> logic_names = {"none", "singles", "fast", "all",
                                                                "full"};
// The accepted names for a message: "none, singles, fast, all or full".
inline constexpr std::string_view logic_choices = "none, singles, fast, all or full";
// Name of a level.
std::string_view logic_name(Logic logic) noexcept;
// The level with that name; throws std::invalid_argument naming the accepted names.
Logic parse_logic(std::string_view name);

// How dlx::Solver searches the exact-cover matrix (Solver::set_search_loop): Algorithm X taking
// the first item left with one option (plain), or with dlx::Propagation (propagating).
enum class SearchLoop { automatic, plain, propagating };

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
// and digit d, item cell_count() + h * size + d - 1; then, for chess constraints, a secondary
// item per digit and pair of chess peers (Geometry::chess_peers); for killer cages, a primary
// item per cage, then a primary item per cage and digit; option cell * size + d - 1 puts d in
// the cell (and covers its cage's item of d), and after those, per cage, an option per
// combination of distinct digits that makes its sum (cage_combinations), which covers the cage's
// item and the cage's items of the digits it leaves out. Build it once per shape:
// shared_matrix (sudoku/search/cache.hpp) keeps it.
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

  // The geometry this solver was built for (the shared one of its shape, see
  // sudoku/search/cache.hpp).
  const Geometry& geometry() const noexcept { return *geometry_; }
  // A flag another thread may raise to stop the search; nullptr for none.
  void set_stop_flag(const std::atomic<bool>* flag) noexcept;
  // The reasoning that runs before the search (default: fast).
  void set_logic(Logic logic) noexcept { logic_ = logic; }
  // At the fast level, the pairs only once locked candidates have removed something
  // (reduce_pairs_after_locked, sudoku/logic/logic.hpp): the same solutions, less reasoning on
  // puzzles where it finds little. Default: on for regular 9x9 grids, as measured
  // (docs/history/2026-12-02.md), off elsewhere.
  void set_pairs_after_locked(bool on) noexcept { pairs_after_locked_ = on; }
  // How dlx::Solver searches the matrix: plain Algorithm X (the first single taken at once), or
  // with the propagation below (dlx::Propagation). Both find the same solutions; their trees,
  // and so nodes, differ. automatic (the default): on regular 9x9 grids plain, or propagating
  // for a puzzle left with many open cells and candidates (set_propagating_from); propagating on
  // every other shape; the faster on each as measured (docs/history/2026-12-01.md, 2026-12-02.md).
  void set_search_loop(SearchLoop loop);
  // Implied items in the propagating search: a (house, digit) left with options all in one other
  // house takes the digit out of that house's other cells (locked candidates) until the search
  // backs up. Default: on for hyper and hyper-X 9x9 grids, regular and X 16x16 ones and killer
  // puzzles, off elsewhere, as measured (docs/history/2026-12-01.md: fewer nodes on every shape,
  // less time only on those).
  void set_search_locked(bool on);
  // Weighed ties in the propagating search: among the items with two options, the one whose
  // options' other items have the fewest options left. Default: on for X, hyper and hyper-X
  // grids, regular 12x12 and 16x16 ones, and the open puzzles of regular 9x9 grids (killer
  // puzzles excepted), as measured.
  void set_search_weighed(bool on);
  // Probing in the propagating search at the branchings of the first `levels` levels (forced
  // moves are levels too): both options of each item left with two are tried with their forced
  // moves, the first whose moves meet a contradiction is removed until the search backs up, and
  // when none does, the item whose options force the most is branched on. 0 for none. Default:
  // 100 on regular and X 16x16 grids and regular 12x12 and 9x9 ones, 0 elsewhere, as measured.
  void set_search_probe_levels(int levels);
  // Probing only once a puzzle's search has taken more than `nodes` nodes: small trees are not
  // worth the probes. Default: 300 on regular 9x9 grids, 0 (from the start) elsewhere.
  void set_search_probe_after(std::uint64_t nodes);
  // A pass of probes skips the options an earlier probe of the pass forced, where they cannot
  // change the outcome (dlx::Propagation::probe_skips): the same trees. On by default.
  void set_search_probe_skips(bool on);
  // With the automatic loop on regular 9x9 grids: the puzzles that the logic leaves with at least
  // `open_cells` open cells and 3.5 candidates a cell are searched with propagation, the others
  // plainly (default 30, as measured in docs/history/2026-12-02.md; 0: plainly for every puzzle).
  // Other shapes and loops, and searches with a node budget, ignore it.
  void set_propagating_from(int open_cells) noexcept { propagating_from_ = open_cells; }
  // The propagation of the propagating search, as the settings above make it.
  const dlx::Propagation& search_propagation() const noexcept { return propagation_; }
  // A budget of search-tree nodes per puzzle; 0 for none.
  void set_node_budget(std::uint64_t nodes) noexcept { node_budget_ = nodes; }

  // Searches the puzzle for up to `limit` solutions (0: all), handing each to `visit` if given.
  // Throws ClashError when the givens clash, std::invalid_argument for a grid of the wrong size
  // or a digit out of range.
  SolveResult solve(const Grid& givens, std::uint64_t limit = 1, const SolutionVisitor& visit = {});
  // The number of solutions, up to `limit` (0: all); limit 2 answers "is it unique?".
  SolveResult count(const Grid& givens, std::uint64_t limit = 2) { return solve(givens, limit); }
  // Searches from a position: its digits placed and only its candidates left (a candidate
  // removed by hand or by a pencil-mark grid stays removed), so the solutions are those of the
  // digits that keep to the candidates. Throws std::invalid_argument for a position of another
  // shape.
  SolveResult solve(const Candidates& position, std::uint64_t limit = 1,
                    const SolutionVisitor& visit = {});
  SolveResult count(const Candidates& position, std::uint64_t limit = 2) {
    return solve(position, limit);
  }
  // Searches, as solve, for the solutions that do not put `digit` in `cell` (an empty cell of
  // `givens`). When the puzzle with `digit` given there has one solution, none found means the
  // puzzle without it has one too: the check a generator makes after removing a given, without
  // finding the known solution first.
  // `near`, when not empty, is a solved grid whose digits the search tries first on every
  // branching of the propagating search (another solution is most often found near the known
  // one); the
  // solutions found are the same, their order and the nodes are not.
  SolveResult solve_excluding(const Grid& givens, int cell, int digit, std::uint64_t limit = 1,
                              const SolutionVisitor& visit = {}, const Grid& near = {});

 private:
  // solve with the option `excluded` (cell * n + digit - 1) taken out first; -1 for none.
  SolveResult search(const Grid& givens, std::uint64_t limit, const SolutionVisitor& visit,
                     int excluded, const Grid& near);
  // The logic on candidates_ (set from givens or a position), then the exact-cover search.
  SolveResult reason_and_search(std::uint64_t limit, const SolutionVisitor& visit, int excluded,
                                const Grid& near);
  // The exact-cover search of the options keep_ with base_ chosen.
  SolveResult search_options(std::uint64_t limit, const SolutionVisitor& visit, const Grid& near);

  // Shared with every solver of the same shape: built once per process (sudoku/search/cache.hpp).
  std::shared_ptr<const Geometry> geometry_;
  std::shared_ptr<const dlx::Matrix> matrix_;
  std::shared_ptr<const LogicTables> tables_;
  // Applies propagation_ to the propagating search, when there is one.
  void configure();

  // The plain search, the propagating one, or both (automatic on regular 9x9: plain for the
  // puzzles left with fewer than propagating_from_ open cells or candidates, 0: all).
  std::unique_ptr<dlx::Solver> plain_;
  std::unique_ptr<dlx::Solver> propagating_;
  // The rules' constraints over several cells, asked by the propagating search.
  class RulePropagator;
  std::unique_ptr<RulePropagator> rule_propagator_;
  int propagating_from_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  dlx::Propagation propagation_;
  bool pairs_after_locked_ = false;
  Candidates candidates_;
  Logic logic_ = Logic::fast;
  std::uint64_t node_budget_ = 0;
  Grid scratch_;
  // Appends to keep_ the cages' combinations that agree with the placed digits `values` and
  // the candidates `masks` of the open cells (nullptr: any digit).
  void keep_cage_options(const Grid& values, const Mask* masks);
  static constexpr std::uint32_t no_placement = ~std::uint32_t{0};  // a cage's option
  std::vector<std::uint32_t> placement_;  // per option: its cell << 8 | its digit
  struct CageOptions {
    dlx::OptionId first;                      // the option of the first combination
    std::vector<std::uint64_t> combinations;  // their digits
  };
  std::vector<CageOptions> cage_options_;
  std::vector<Mask> masks_;  // scratch: the candidates of every cell
  std::vector<dlx::OptionId> keep_, base_, later_;
  std::size_t prefix_ = 0;  // the options before those the search chose in a solution
};

// A count for a pipe: "0", "1", "2", ..., with a '+' when the limit stopped it ("2+").
std::string format_count(const SolveResult& result);
// A count for people: "no solution", "1 solution", "5 solutions", "at least 2 solutions".
std::string describe_count(const SolveResult& result);

}  // namespace sudoku
