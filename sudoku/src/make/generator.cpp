#include "sudoku/make/generator.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/random.hpp"
#include "dlx/solver.hpp"
#include "sudoku/search/cache.hpp"
#include "sudoku/search/solver.hpp"

namespace sudoku {

namespace {

using dlx::next_random;
using dlx::uniform;

// Separate streams from one seed: the solved grid's search and the order of removal.
constexpr std::uint64_t fill_stream = 0x6a09e667f3bcc908ULL;
constexpr std::uint64_t removal_stream = 0xbb67ae8584caa73bULL;
constexpr std::uint64_t cage_stream = 0x3c6ef372fe94f82cULL;

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
    case Variant::jigsaw:
      return geometry.size() <= 12;
    default:
      return geometry.size() <= 9;
  }
}

GeneratorOptions default_generator_options(const Geometry& geometry) {
  GeneratorOptions options;
  if (!minimal_by_default(geometry)) options.givens = 1;
  return options;
}

namespace {

// Whether the cells of `region` in `map` are connected (4-neighbours), with `size` of them.
bool connected(const std::vector<int>& map, int n, int region, std::vector<int>& stack,
               std::vector<std::uint8_t>& seen) {
  std::fill(seen.begin(), seen.end(), 0);
  stack.clear();
  int start = -1;
  for (int cell = 0; cell < n * n && start < 0; ++cell)
    if (map[static_cast<std::size_t>(cell)] == region) start = cell;
  stack.push_back(start);
  seen[static_cast<std::size_t>(start)] = 1;
  int reached = 0;
  while (!stack.empty()) {
    const int cell = stack.back();
    stack.pop_back();
    ++reached;
    const int r = cell / n, c = cell % n;
    for (const auto& [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
      const int rr = r + dr, cc = c + dc;
      if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
      const int next = rr * n + cc;
      if (map[static_cast<std::size_t>(next)] != region || seen[static_cast<std::size_t>(next)])
        continue;
      seen[static_cast<std::size_t>(next)] = 1;
      stack.push_back(next);
    }
  }
  return reached == n;
}

// Random regions of an n x n grid: the boxes, then trades of two cells between neighbouring
// regions A and B (a cell of A next to B goes to B, a cell of B next to A goes to A) that leave
// both connected.
std::vector<int> random_regions(const Geometry& boxes, std::uint64_t& state) {
  const int n = boxes.size();
  std::vector<int> map(static_cast<std::size_t>(n * n));
  for (int cell = 0; cell < n * n; ++cell)
    map[static_cast<std::size_t>(cell)] = boxes.region_of(cell);
  std::vector<int> stack, edge;
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(n * n));
  const auto next_to = [&](int cell, int region) {
    const int r = cell / n, c = cell % n;
    return (r > 0 && map[static_cast<std::size_t>(cell - n)] == region) ||
           (r < n - 1 && map[static_cast<std::size_t>(cell + n)] == region) ||
           (c > 0 && map[static_cast<std::size_t>(cell - 1)] == region) ||
           (c < n - 1 && map[static_cast<std::size_t>(cell + 1)] == region);
  };
  constexpr int row_step[] = {-1, 1, 0, 0}, col_step[] = {0, 0, -1, 1};
  int trades = 0;
  for (int attempt = 0; attempt < 200 * n * n && trades < 4 * n * n; ++attempt) {
    // A cell x and a neighbour of it in another region: A is x's region, B the neighbour's.
    const int x = static_cast<int>(uniform(state, static_cast<std::uint64_t>(n * n)));
    const auto dir = static_cast<std::size_t>(uniform(state, 4));
    const int r = x / n + row_step[dir], c = x % n + col_step[dir];
    if (r < 0 || r >= n || c < 0 || c >= n) continue;
    const int a = map[static_cast<std::size_t>(x)], b = map[static_cast<std::size_t>(r * n + c)];
    if (b == a) continue;
    // In exchange, a cell of B next to A (the neighbour itself, or another) goes to A.
    edge.clear();
    for (int cell = 0; cell < n * n; ++cell)
      if (map[static_cast<std::size_t>(cell)] == b && next_to(cell, a)) edge.push_back(cell);
    const int y = edge[static_cast<std::size_t>(uniform(state, edge.size()))];
    map[static_cast<std::size_t>(x)] = b;
    map[static_cast<std::size_t>(y)] = a;
    if (connected(map, n, a, stack, seen) && connected(map, n, b, stack, seen)) {
      ++trades;
    } else {
      map[static_cast<std::size_t>(x)] = a;
      map[static_cast<std::size_t>(y)] = b;
    }
  }
  return map;
}

}  // namespace

Geometry random_jigsaw(int size, std::uint64_t seed, Chess chess) {
  if (size < 4 || size > 16)
    throw GeometryError("random jigsaw regions are drawn for sizes 4 to 16 with boxes, not " +
                        std::to_string(size));
  const Geometry boxes(size);  // GeometryError for a size without boxes
  std::uint64_t state = seed ^ 0x3c6ef372fe94f82bULL;
  for (int draws = 1;; ++draws) {
    Geometry g = Geometry::jigsaw(size, random_regions(boxes, state), chess);
    // A map without a solved grid is drawn again; one the budget cannot settle, too.
    const dlx::Matrix matrix = exact_cover_matrix(g);
    dlx::Solver search(matrix);
    search.set_propagation(dlx::parse_propagation("singles"));
    search.set_limits({1, 200000, 0});
    if (search.count().stats.solutions == 1) return g;
    if (chess != Chess::none && draws == 100)
      throw GeometryError("none of 100 random region maps admits a solved " + std::to_string(size) +
                          "x" + std::to_string(size) + " " + shape_name(Variant::jigsaw, chess) +
                          " grid: give a region map");
  }
}

std::vector<Cage> random_cages(const Geometry& shape, const Grid& solution, std::uint64_t seed,
                               int smallest, int largest) {
  const int n = shape.size(), cells = shape.cell_count();
  if (solution.size() != static_cast<std::size_t>(cells))
    throw GeometryError("random_cages: the solved grid is not of the shape's size");
  smallest = std::clamp(smallest, 1, n);
  largest = std::clamp(largest, smallest, n);
  std::uint64_t state = seed ^ cage_stream;
  // Cages drawn until none is left below the smallest size (a cell walled in by full cages),
  // or the draw with the fewest such after 100.
  std::vector<std::vector<int>> cages;
  std::size_t fewest = SIZE_MAX;
  const auto digit = [&](int cell) { return solution[static_cast<std::size_t>(cell)]; };
  const auto holds = [&](const std::vector<int>& cage, int d) {
    return std::any_of(cage.begin(), cage.end(), [&](int c) { return digit(c) == d; });
  };
  const auto neighbours = [&](int cell, auto&& visit) {
    const int r = cell / n, c = cell % n;
    if (c + 1 < n) visit(cell + 1);
    if (c > 0) visit(cell - 1);
    if (r + 1 < n) visit(cell + n);
    if (r > 0) visit(cell - n);
  };
  for (int draw = 0; draw < 100 && fewest > 0; ++draw) {
    std::vector<int> order(static_cast<std::size_t>(cells));
    for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
    for (std::size_t i = order.size(); i > 1; --i)
      std::swap(order[i - 1], order[next_random(state) % i]);
    std::vector<int> owner(static_cast<std::size_t>(cells), -1);
    std::vector<std::vector<int>> drawn;
    std::vector<int> next;
    for (const int start : order) {
      if (owner[static_cast<std::size_t>(start)] >= 0) continue;
      const int k = static_cast<int>(drawn.size());
      const int want = smallest + static_cast<int>(uniform(
                                      state, static_cast<std::uint64_t>(largest - smallest + 1)));
      std::vector<int> cage{start};
      owner[static_cast<std::size_t>(start)] = k;
      while (static_cast<int>(cage.size()) < want) {
        next.clear();
        for (const int cell : cage)
          neighbours(cell, [&](int other) {
            if (owner[static_cast<std::size_t>(other)] < 0 && !holds(cage, digit(other)) &&
                std::find(next.begin(), next.end(), other) == next.end())
              next.push_back(other);
          });
        if (next.empty()) break;
        const int pick = next[static_cast<std::size_t>(uniform(state, next.size()))];
        owner[static_cast<std::size_t>(pick)] = k;
        cage.push_back(pick);
      }
      drawn.push_back(std::move(cage));
    }
    // A cage of one cell below the smallest size joins a neighbouring cage that has room and not
    // its digit.
    for (std::size_t k = 0; k < drawn.size(); ++k) {
      if (drawn[k].size() != 1 || smallest <= 1) continue;
      const int cell = drawn[k].front();
      int into = -1;
      neighbours(cell, [&](int other) {
        const int j = owner[static_cast<std::size_t>(other)];
        if (into < 0 && j != static_cast<int>(k) &&
            static_cast<int>(drawn[static_cast<std::size_t>(j)].size()) < largest &&
            !holds(drawn[static_cast<std::size_t>(j)], digit(cell)))
          into = j;
      });
      if (into < 0) continue;
      drawn[static_cast<std::size_t>(into)].push_back(cell);
      owner[static_cast<std::size_t>(cell)] = into;
      drawn[k].clear();
    }
    std::size_t short_ones = 0;
    for (const auto& cage : drawn)
      short_ones += !cage.empty() && static_cast<int>(cage.size()) < smallest ? 1 : 0;
    if (short_ones < fewest) {
      fewest = short_ones;
      cages = std::move(drawn);
    }
  }
  std::vector<Cage> out;
  for (auto& cells_of : cages) {
    if (cells_of.empty()) continue;
    Cage cage;
    std::sort(cells_of.begin(), cells_of.end());
    for (const int cell : cells_of) cage.sum += digit(cell);
    cage.cells = std::move(cells_of);
    out.push_back(std::move(cage));
  }
  // In reading order of their first cells, so that labels run down the grid.
  std::sort(out.begin(), out.end(),
            [](const Cage& a, const Cage& b) { return a.cells.front() < b.cells.front(); });
  return out;
}

namespace {

// The geometry, once check_generable has passed it.
const Geometry& generable(const Geometry& geometry) {
  check_generable(geometry);
  return geometry;
}

}  // namespace

void check_generable(const Geometry& geometry) {
  // A samurai with chess constraints may have no solved grid at all, and where it has one the
  // restarts may not find it in any time one would wait (docs/history/2026-12-07.md, "samurai").
  if (!geometry.square() && geometry.chess() != Chess::none)
    throw GeometryError(
        "samurai puzzles with chess constraints are read and solved, not made (a solved grid may "
        "not exist: an anti-knight one was not found in a minute's search)");
}

Generator::Generator(const Geometry& geometry)
    : geometry_(shared_geometry(generable(geometry))),
      // The model of sudoku::Solver: option cell * n + d - 1 puts the digit d in the cell.
      matrix_(shared_matrix(*geometry_)),
      fill_(std::make_unique<dlx::Solver>(*matrix_)),
      solver_(std::make_unique<Solver>(*geometry_)) {
  set_up(*solver_);
}

void Generator::set_up(Solver& solver) const {
  // The propagating search on every shape: it tries the known solution's digits first
  // (stays_unique).
  solver.set_search_loop(SearchLoop::propagating);
  const Geometry& g = solver.geometry();
  // Weighed ties were measured for the open puzzles of the regular 9x9 solve, not for checks.
  if (g.variant() == Variant::regular && g.size() == 9 && g.cages().empty())
    solver.set_search_weighed(false);
  // Most checks find another solution near the known one, or none, in a small tree: on regular
  // grids probing pays only in the few checks that take more than 1000 nodes
  // (docs/history/2026-12-02.md, "probing that stops at its first failed literal"); X 16x16
  // checks want it from the start.
  if (g.variant() == Variant::regular) solver.set_search_probe_after(1000);
}

Generator::~Generator() = default;

void Generator::set_stop_flag(const std::atomic<bool>* flag) noexcept {
  stop_ = flag;
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
        if (o < geometry_->cell_count() * n)  // not a killer cage's combination
          grid[static_cast<std::size_t>(o / n)] = static_cast<std::uint8_t>(o % n + 1);
      return grid;
    }
    if (result.outcome == dlx::Outcome::stopped) throw GenerationStopped();
    if (result.outcome != dlx::Outcome::node_limit)
      throw GeometryError("this " + std::to_string(n) + "x" + std::to_string(n) + " " +
                          shape_name(*geometry_) +
                          " grid has no solution: no puzzle can be made for it");
  }
}

Puzzle Generator::generate(std::uint64_t seed, const GeneratorOptions& options) {
  Puzzle puzzle;
  puzzle.solution = random_solution(seed);
  puzzle.givens = puzzle.solution;
  // A killer puzzle's checks search with its cages, on a solver of its own shape.
  std::unique_ptr<Solver> own;
  if (options.killer) {
    if (!geometry_->cages().empty())
      throw GeometryError("a killer puzzle is made on a shape without cages");
    puzzle.geometry = shared_geometry(
        Geometry::killer(*geometry_, random_cages(*geometry_, puzzle.solution, seed)));
    own = std::make_unique<Solver>(*puzzle.geometry);
    set_up(*own);
    own->set_stop_flag(stop_);
  }
  Solver& solver = own ? *own : *solver_;
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
    Check check = stays_unique(solver, puzzle.givens, puzzle.solution, cell, kept, budget);
    if (check == Check::unique && partner != cell) {
      given = kept;
      check = stays_unique(solver, puzzle.givens, puzzle.solution, partner, kept_other, budget);
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

Generator::Check Generator::stays_unique(Solver& solver, const Grid& givens, const Grid& solution,
                                         int cell, int digit, std::uint64_t nodes) {
  solver.set_node_budget(nodes);
  // Searched near the solution: another one most often differs from it in a few cells.
  const SolveResult result = solver.solve_excluding(givens, cell, digit, 1, {}, solution);
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
