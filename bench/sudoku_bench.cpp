// Times the sudoku solve loop over whole files of puzzles, as tdoku's benchmark does: puzzles
// are read first, then solved on one thread, several runs; the median run is reported.
//
//   sudoku_bench [--runs R] [--logic none|singles|fast|all] [--loop automatic|plain|propagating]
//                [--limit L] [--locked on|off] [--weighed on|off] [--probe LEVELS]
//                [--probe-after NODES] [--probe-skips on|off] [--pairs-after-locked on|off]
//                [--propagating-from OPEN_CELLS]
//                FILE...
//
// --loop dlx and own, and --own-from, are the older names of plain, propagating and
// --propagating-from (the commands of docs/history/ use them).
//
// For each file and limit (1: first solution; 2: uniqueness; or the one --limit gives, 0 for
// every solution), one line: puzzles, µs/puzzle (median over runs, solve loop only), DLX
// nodes/puzzle, solutions/puzzle and the share settled by logic alone.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "puzzle_file.hpp"
#include "sudoku/search/solver.hpp"

namespace {

struct Run {
  double seconds = 0;
  std::uint64_t nodes = 0;
  std::uint64_t by_logic = 0;
  std::uint64_t solutions = 0;
};

Run run_once(sudoku::Solver& solver, const std::vector<sudoku::Grid>& puzzles,
             std::uint64_t limit) {
  Run run;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& puzzle : puzzles) {
    const auto r = solver.solve(puzzle, limit);
    run.nodes += r.nodes;
    run.by_logic += r.by_logic;
    run.solutions += r.solutions;
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  sudoku::Logic logic = sudoku::Logic::fast;
  sudoku::SearchLoop loop = sudoku::SearchLoop::automatic;
  std::vector<std::uint64_t> limits{1, 2};
  int locked = -1;  // the solver's default
  int weighed = -1;
  int probe = -1;
  long long probe_after = -1;
  int probe_skips = -1;
  int pairs_after_locked = -1;
  int propagating_from = -1;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--logic") == 0 && i + 1 < argc) {
      const std::string level = argv[++i];
      logic = level == "none"      ? sudoku::Logic::none
              : level == "singles" ? sudoku::Logic::singles
              : level == "all"     ? sudoku::Logic::all
                                   : sudoku::Logic::fast;
    } else if (std::strcmp(argv[i], "--loop") == 0 && i + 1 < argc) {
      const std::string name = argv[++i];
      // dlx and own: the names of the older commands in docs/history/.
      if (name == "plain" || name == "dlx") {
        loop = sudoku::SearchLoop::plain;
      } else if (name == "propagating" || name == "own") {
        loop = sudoku::SearchLoop::propagating;
      } else if (name == "automatic") {
        loop = sudoku::SearchLoop::automatic;
      } else {
        std::cerr << "sudoku_bench: --loop takes automatic, plain or propagating, not '" << name
                  << "'\n";
        return 2;
      }
    } else if (std::strcmp(argv[i], "--locked") == 0 && i + 1 < argc) {
      locked = std::strcmp(argv[++i], "on") == 0 ? 1 : 0;
    } else if (std::strcmp(argv[i], "--weighed") == 0 && i + 1 < argc) {
      weighed = std::strcmp(argv[++i], "on") == 0 ? 1 : 0;
    } else if (std::strcmp(argv[i], "--probe") == 0 && i + 1 < argc) {
      probe = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--probe-after") == 0 && i + 1 < argc) {
      probe_after = std::atoll(argv[++i]);
    } else if (std::strcmp(argv[i], "--probe-skips") == 0 && i + 1 < argc) {
      probe_skips = std::strcmp(argv[++i], "on") == 0 ? 1 : 0;
    } else if (std::strcmp(argv[i], "--pairs-after-locked") == 0 && i + 1 < argc) {
      pairs_after_locked = std::strcmp(argv[++i], "on") == 0 ? 1 : 0;
    } else if ((std::strcmp(argv[i], "--propagating-from") == 0 ||
                std::strcmp(argv[i], "--own-from") == 0) &&
               i + 1 < argc) {
      propagating_from = std::max(0, std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--limit") == 0 && i + 1 < argc) {
      limits.assign(1, std::strtoull(argv[++i], nullptr, 10));
    } else {
      files.emplace_back(argv[i]);
    }
  }
  if (files.empty()) {
    std::cerr
        << "usage: sudoku_bench [--runs R] [--logic none|singles|fast|all] "
           "[--loop automatic|plain|propagating] [--limit L] [--locked on|off] [--weighed on|off] "
           "[--probe LEVELS] [--probe-after NODES] [--probe-skips on|off] "
           "[--pairs-after-locked on|off] [--propagating-from OPEN_CELLS] FILE...\n";
    return 2;
  }
  std::printf("%-28s %8s %5s %10s %10s %10s %8s\n", "file", "puzzles", "limit", "us/puzzle",
              "nodes/pz", "sols/pz", "logic%");
  for (const auto& file : files) {
    const std::optional<bench::PuzzleFile> read = bench::read_puzzle_file(file);
    if (!read) {
      std::cerr << "sudoku_bench: " << file << ": cannot open\n";
      return 2;
    }
    const std::vector<sudoku::Grid>& puzzles = read->puzzles;
    if (puzzles.empty()) continue;
    sudoku::Solver solver(*read->geometry);
    solver.set_logic(logic);
    solver.set_search_loop(loop);
    if (locked >= 0) solver.set_search_locked(locked == 1);
    if (weighed >= 0) solver.set_search_weighed(weighed == 1);
    if (probe >= 0) solver.set_search_probe_levels(probe);
    if (probe_after >= 0) solver.set_search_probe_after(static_cast<std::uint64_t>(probe_after));
    if (probe_skips >= 0) solver.set_search_probe_skips(probe_skips == 1);
    if (pairs_after_locked >= 0) solver.set_pairs_after_locked(pairs_after_locked == 1);
    if (propagating_from >= 0) solver.set_propagating_from(propagating_from);
    const std::string name = file.substr(file.find_last_of('/') + 1);
    for (std::uint64_t limit : limits) {
      std::vector<Run> all;
      for (int r = 0; r < runs; ++r) all.push_back(run_once(solver, puzzles, limit));
      std::sort(all.begin(), all.end(),
                [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
      const Run& median = all[all.size() / 2];
      const double n = static_cast<double>(puzzles.size());
      std::printf("%-28s %8zu %5llu %10.2f %10.1f %10.1f %7.1f%%\n", name.c_str(), puzzles.size(),
                  static_cast<unsigned long long>(limit), median.seconds * 1e6 / n,
                  static_cast<double>(median.nodes) / n, static_cast<double>(median.solutions) / n,
                  100.0 * static_cast<double>(median.by_logic) / n);
    }
  }
  return 0;
}
