// Making puzzles: a random solved grid, then givens removed in random order for as long as the
// puzzle keeps a unique solution.
//
// The solved grid is the first solution of the exact-cover search on an empty grid with its
// options in random order (dlx::Solver::set_seed), so every geometry works the same way: every
// size, every variant, any jigsaw region map. Everything is reproducible from the seed, on every
// platform: the random numbers are splitmix64's, drawn without the standard library's
// distributions.
//
// Removal visits every cell once, in random order, and takes a given away when the puzzle stays
// unique: when no solution puts another digit in that cell (a search for one solution with the
// given's digit excluded there; the known solution is not found again). Removing givens never makes
// a puzzle with several solutions unique again, so once every cell has been visited each given left
// is needed: the puzzle is minimal.
//
// Killer puzzles (GeneratorOptions::killer) get random cages over the solved grid first; the
// removal then checks uniqueness with the cages' sums.
//
// With a number of givens to stop at, each check has a budget of search-tree nodes
// (GeneratorOptions::check_nodes): a check that runs out keeps its given. The puzzle stays unique
// (a given goes only when a finished search proved it may), but may keep givens it could lose: the
// logic settles most checks, and the few it leaves can cost millions of nodes on 25x25 grids.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"

namespace dlx {
class Matrix;
class Solver;
}  // namespace dlx

namespace sudoku {

class Solver;

// How generate() removes givens.
struct GeneratorOptions {
  int givens = 0;  // stop once at most this many givens are left; 0: go on to a minimal puzzle
  // Remove givens in pairs that a half turn of the grid swaps (180° rotational symmetry); the
  // puzzle is then minimal among symmetric puzzles, not necessarily given by given.
  bool symmetric = false;
  // With `givens`: search-tree nodes one check may take; a check that runs out keeps its given
  // (the puzzle stays unique, and may keep givens it could lose). 0: no budget. A minimal puzzle
  // (givens 0) checks every removal to the end.
  std::uint64_t check_nodes = 10000;
  // Killer: cages drawn at random over the solved grid (random_cages), each puzzle with its own
  // (Puzzle::geometry); the givens then go as for any puzzle, often all of them.
  bool killer = false;
};

// What a generation of this shape does when not told otherwise, for the command, Python and the
// web page alike: a minimal puzzle where that takes at most seconds (regular and X grids up to
// 16x16, jigsaw ones up to 12x12, hyper and hyper-X ones up to 9x9); elsewhere, where checking
// every removal to the end takes minutes (20x20, jigsaw 16x16) to hours (25x25, hyper 16x16), as
// few givens as checks
// of check_nodes nodes reach (givens 1): unique, not proved minimal. Measured in
// docs/history/2026-12-06.md, "what --generate does by default on large shapes".
GeneratorOptions default_generator_options(const Geometry& geometry);
// Whether default_generator_options makes minimal puzzles of this shape.
bool minimal_by_default(const Geometry& geometry);

// A jigsaw grid of random regions, the same for the same seed: from the boxes, cells traded
// between neighbouring regions at random (each trade keeps both regions connected and of `size`
// cells), until the regions have moved well away from the boxes; a map whose grid has no
// solution (the search finds none within a budget) is drawn again. For size 4 to 16 with boxes
// (Geometry(size)); throws GeometryError for another size. With chess constraints, whose grids
// many maps do not admit, GeometryError after 100 maps without a solution.
Geometry random_jigsaw(int size, std::uint64_t seed, Chess chess = Chess::none);

// A puzzle with a unique solution, and that solution.
struct Puzzle {
  Grid givens;    // the puzzle, 0 for an empty cell
  Grid solution;  // its only solution: the solved grid the givens were taken from
  int count = 0;  // number of givens
  // Givens kept because their check ran out of its budget (GeneratorOptions::check_nodes): the
  // puzzle might do without them. The others left are needed: removing one leaves two solutions.
  int undecided = 0;
  // Givens put back after the removal (OrderedGenerator, to keep the steps within a band).
  int added = 0;
  // A killer puzzle's shape: the generator's with the puzzle's cages; empty for other puzzles.
  std::shared_ptr<const Geometry> geometry;
};

// Random killer cages over a solved grid of `shape`, the same for the same seed: cells taken in
// random order, each open one starting a cage of smallest to largest cells (a random size) that
// grows through random neighbours (left, right, up, down) holding digits it has not; a cage left
// with one cell joins a neighbouring cage that can take it, when there is one. Each cage's sum is
// its digits' in `solution`.
std::vector<Cage> random_cages(const Geometry& shape, const Grid& solution, std::uint64_t seed,
                               int smallest = 2, int largest = 5);

// Where the puzzle a Generator is making stands, for progress reports from another thread.
struct GenerationProgress {
  int givens = 0;   // givens left so far
  int checked = 0;  // cells whose removal was decided so far; 0: no puzzle in work
  int cells = 0;    // cells of the grid
};

// Raised by a Generator whose stop flag was raised while it worked.
class GenerationStopped : public std::runtime_error {
 public:
  GenerationStopped() : std::runtime_error("generation stopped") {}
};

// Throws GeometryError for a shape puzzles are not made for (a samurai with chess constraints:
// read and solved, not made). The Generator checks it; a front end may ask before it starts.
void check_generable(const Geometry& geometry);

// Makes solved grids and puzzles for one geometry; reuse it for many puzzles of that shape.
class Generator {
 public:
  explicit Generator(const Geometry& geometry);
  ~Generator();
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  // The geometry this generator was built for.
  const Geometry& geometry() const noexcept { return *geometry_; }
  // A flag another thread may raise to stop the work (GenerationStopped); nullptr for none.
  void set_stop_flag(const std::atomic<bool>* flag) noexcept;
  // A random solved grid, the same for the same seed; throws GeometryError when the geometry
  // has no solved grid at all (a jigsaw region map that admits none). Most shapes take well
  // under a millisecond up to 16x16; 16x16 hyper takes seconds.
  Grid random_solution(std::uint64_t seed);
  // A puzzle with a unique solution made from random_solution(seed), the same for the same seed.
  Puzzle generate(std::uint64_t seed, const GeneratorOptions& options = {});
  // Where generate() stands, safe to call from any thread while it works.
  GenerationProgress progress() const noexcept;

 private:
  // Whether the puzzle `givens`, unique (its solution `solution`) with `digit` given in the
  // empty `cell`, has a solution with another digit there; undecided when the search ran out of
  // its budget of `nodes` (0: none). None: it stays unique without that given.
  enum class Check { unique, not_unique, undecided };
  Check stays_unique(Solver& solver, const Grid& givens, const Grid& solution, int cell, int digit,
                     std::uint64_t nodes);
  // The search of the checks, set up for a shape (the generator's, or a killer puzzle's).
  void set_up(Solver& solver) const;

  // Shared per shape, as the matrix (sudoku/search/cache.hpp).
  std::shared_ptr<const Geometry> geometry_;
  std::shared_ptr<const dlx::Matrix> matrix_;
  std::unique_ptr<dlx::Solver> fill_;
  std::unique_ptr<Solver> solver_;
  std::atomic<int> progress_givens_{0}, progress_checked_{0};
  const std::atomic<bool>* stop_ = nullptr;
};

// A random solved grid of a geometry (see Generator::random_solution).
Grid random_solution(const Geometry& geometry, std::uint64_t seed);
// A puzzle with a unique solution (see Generator::generate).
Puzzle generate(const Geometry& geometry, std::uint64_t seed, const GeneratorOptions& options = {});

}  // namespace sudoku
