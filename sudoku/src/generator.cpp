#include "sudoku/generator.hpp"

#include <string>
#include <utility>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/random.hpp"
#include "dlx/solver.hpp"
#include "sudoku/cache.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

namespace {

using dlx::next_random;

// Separate streams from one seed: the solved grid's search and the order of removal.
constexpr std::uint64_t fill_stream = 0x6a09e667f3bcc908ULL;
constexpr std::uint64_t removal_stream = 0xbb67ae8584caa73bULL;

// Search-tree nodes a fill may take before it starts again from another random order: a
// random order now and then walks into a long dead end (more often on hyper and larger grids),
// and a fresh one is quicker than backing out. The budgets follow Luby's sequence (1 1 2 1 1 2 4
// 1 1 2 ...) times this many nodes per cell: within a small factor of the best fixed budget,
// and unbounded, so that a geometry without any solved grid is still searched to the end.
constexpr std::uint64_t budget_per_cell = 2;

// The i-th term of Luby's sequence, from i = 1.
std::uint64_t luby(std::uint64_t i) {
  for (;;) {
    std::uint64_t k = 1;
    while ((std::uint64_t{1} << k) - 1 < i) ++k;
    if (i == (std::uint64_t{1} << k) - 1) return std::uint64_t{1} << (k - 1);
    i -= (std::uint64_t{1} << (k - 1)) - 1;
  }
}

}  // namespace

bool minimal_by_default(const Geometry& geometry) {
  switch (geometry.variant()) {
    case Variant::regular:
    case Variant::x:
      return geometry.size() <= 16;
    default:
      return geometry.size() <= 9;
  }
}

GeneratorOptions default_generator_options(const Geometry& geometry) {
  GeneratorOptions options;
  if (!minimal_by_default(geometry)) options.givens = 1;
  return options;
}

Generator::Generator(const Geometry& geometry)
    : geometry_(shared_geometry(geometry)),
      // The model of sudoku::Solver: option cell * n + d - 1 puts the digit d in the cell.
      matrix_(shared_matrix(*geometry_)),
      fill_(std::make_unique<dlx::Solver>(*matrix_)),
      solver_(std::make_unique<Solver>(*geometry_)) {
  // The propagating search on every shape: it tries the known solution's digits first
  // (stays_unique).
  solver_->set_search_loop(SearchLoop::propagating);
  // Weighed ties were measured for the open puzzles of the regular 9x9 solve, not for checks.
  if (geometry_->variant() == Variant::regular && geometry_->size() == 9)
    solver_->set_search_weighed(false);
  // Most checks find another solution near the known one, or none, in a small tree: on regular
  // grids probing pays only in the few checks that take more than 1000 nodes (docs/performance.md,
  // "probing that stops at its first failed literal"); X 16x16 checks want it from the start.
  if (geometry_->variant() == Variant::regular) solver_->set_search_probe_after(1000);
}

Generator::~Generator() = default;

void Generator::set_stop_flag(const std::atomic<bool>* flag) noexcept {
  fill_->set_stop_flag(flag);
  solver_->set_stop_flag(flag);
}

Grid Generator::random_solution(std::uint64_t seed) {
  const int n = geometry_->size();
  std::uint64_t state = seed ^ fill_stream;
  const std::uint64_t unit = budget_per_cell * static_cast<std::uint64_t>(geometry_->cell_count());
  for (std::uint64_t attempt = 1;; ++attempt) {
    const std::uint64_t order = next_random(state);
    fill_->set_seed(order != 0 ? order : 1);  // seed 0 would mean "no randomization"
    fill_->set_limits({1, unit * luby(attempt), 0});
    dlx::Result result;
    const std::vector<dlx::OptionId> options = fill_->first(&result);
    if (!options.empty()) {
      Grid grid(static_cast<std::size_t>(geometry_->cell_count()), 0);
      for (dlx::OptionId o : options)
        grid[static_cast<std::size_t>(o / n)] = static_cast<std::uint8_t>(o % n + 1);
      return grid;
    }
    if (result.outcome == dlx::Outcome::stopped) throw GenerationStopped();
    if (result.outcome != dlx::Outcome::node_limit)
      throw GeometryError("this " + std::to_string(n) + "x" + std::to_string(n) + " " +
                          std::string(variant_name(geometry_->variant())) +
                          " grid has no solution: no puzzle can be made for it");
  }
}

Puzzle Generator::generate(std::uint64_t seed, const GeneratorOptions& options) {
  Puzzle puzzle;
  puzzle.solution = random_solution(seed);
  puzzle.givens = puzzle.solution;
  const int cells = geometry_->cell_count();
  puzzle.count = cells;

  // The cells in random order (Fisher-Yates; the modulo's bias is below 2^-50 here).
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
  std::uint64_t state = seed ^ removal_stream;
  for (std::size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[next_random(state) % i]);

  const std::uint64_t budget = options.givens > 0 ? options.check_nodes : 0;
  int checked = 0;
  for (int cell : order) {
    progress_givens_.store(puzzle.count, std::memory_order_relaxed);
    progress_checked_.store(++checked, std::memory_order_relaxed);
    if (puzzle.count <= options.givens) break;
    auto& given = puzzle.givens[static_cast<std::size_t>(cell)];
    if (given == 0) continue;  // gone already, as the partner of an earlier cell
    const int partner = options.symmetric ? cells - 1 - cell : cell;
    auto& other = puzzle.givens[static_cast<std::size_t>(partner)];
    const std::uint8_t kept = given, kept_other = other;
    given = 0;
    other = 0;
    // The puzzle stays unique when no solution puts another digit in the cell (or, for a pair,
    // in either cell): the known solution is not searched for again.
    Check check = stays_unique(puzzle.givens, puzzle.solution, cell, kept, budget);
    if (check == Check::unique && partner != cell) {
      given = kept;
      check = stays_unique(puzzle.givens, puzzle.solution, partner, kept_other, budget);
      given = 0;
    }
    if (check == Check::unique) {
      puzzle.count -= partner == cell ? 1 : 2;
    } else {
      if (check == Check::undecided) puzzle.undecided += partner == cell ? 1 : 2;
      other = kept_other;
      given = kept;
    }
  }
  progress_checked_.store(0, std::memory_order_relaxed);
  return puzzle;
}

GenerationProgress Generator::progress() const noexcept {
  return {progress_givens_.load(std::memory_order_relaxed),
          progress_checked_.load(std::memory_order_relaxed), geometry_->cell_count()};
}

Generator::Check Generator::stays_unique(const Grid& givens, const Grid& solution, int cell,
                                         int digit, std::uint64_t nodes) {
  solver_->set_node_budget(nodes);
  // Searched near the solution: another one most often differs from it in a few cells.
  const SolveResult result = solver_->solve_excluding(givens, cell, digit, 1, {}, solution);
  if (result.outcome == dlx::Outcome::stopped) throw GenerationStopped();
  if (result.outcome == dlx::Outcome::node_limit) return Check::undecided;
  return result.solutions == 0 && result.complete ? Check::unique : Check::not_unique;
}

Grid random_solution(const Geometry& geometry, std::uint64_t seed) {
  return Generator(geometry).random_solution(seed);
}

Puzzle generate(const Geometry& geometry, std::uint64_t seed, const GeneratorOptions& options) {
  return Generator(geometry).generate(seed, options);
}

}  // namespace sudoku
