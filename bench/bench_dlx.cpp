// Micro-benchmarks of the DLX search: each counts every solution of a problem whose count is
// known, and reports the search rate in DLX1's units (nodes/s, updates/s).
//   ./build/bench/bench_dlx [--benchmark_filter=REGEX]
#include <benchmark/benchmark.h>

#include <cstdint>

#include "dlx/solver.hpp"
#include "problems.hpp"

namespace {

// Searches the whole tree of `matrix` once per iteration; an error if the count is not `expected`.
void count_solutions(benchmark::State& state, const dlx::Matrix& matrix, std::uint64_t expected) {
  dlx::Solver solver(matrix);
  std::uint64_t nodes = 0, updates = 0;
  for (auto _ : state) {
    const dlx::Result result = solver.count();
    if (result.stats.solutions != expected) {
      state.SkipWithError("wrong number of solutions");
      break;
    }
    nodes += result.stats.nodes;
    updates += result.stats.updates;
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
  state.counters["updates/s"] = benchmark::Counter(double(updates), benchmark::Counter::kIsRate);
}

// OEIS A000170.
void queens_13(benchmark::State& state) {
  count_solutions(state, problems::queens(13), 73'712);
}
// OEIS A014552, twice: each arrangement and its mirror image.
void langford_12(benchmark::State& state) {
  count_solutions(state, problems::langford(12), 2 * 108'144);
}
// OEIS A002860.
void latin_square_5(benchmark::State& state) {
  count_solutions(state, problems::latin_square(5), 161'280);
}
// Haselgrove (1960): 2,339 tilings up to symmetry, each seen in its 4 symmetric positions.
void pentomino_6x10(benchmark::State& state) {
  count_solutions(state, problems::pentomino_board(6, 10), 4 * 2'339);
}

}  // namespace

BENCHMARK(queens_13)->Unit(benchmark::kMillisecond);
BENCHMARK(langford_12)->Unit(benchmark::kMillisecond);
BENCHMARK(latin_square_5)->Unit(benchmark::kMillisecond);
BENCHMARK(pentomino_6x10)->Unit(benchmark::kMillisecond);
