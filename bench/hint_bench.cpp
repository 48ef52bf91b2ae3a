// How often a hint names a step: walks puzzles step by step and asks for the next step (the full
// ladder's, as --hint and the session's `hint`) at every position on the way, on one thread.
//
//   hint_bench [--first N] [--seed S] FILE...
//
// Two walks per puzzle, both from the givens (as a person starts, sudoku::start_candidates):
//   ladder: the position after each step the ladder takes (the hints' own path);
//   player: a person who places the solution's digits one at a time in a random order and
//           notes no candidate: the position is the givens and the digits placed so far.
// For each file, one line per walk: positions, those with a hint (a step, not "no technique
// applies"), the share, and the median and largest CPU milliseconds of a hint. The uniqueness
// techniques take part (the puzzles have one solution, counted before the walk).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "nine_by_nine.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/solver.hpp"

namespace {

struct Walk {
  std::uint64_t positions = 0, hinted = 0;
  std::vector<double> ms;
  // Asks for a hint at this position; true when one names a step.
  bool ask(const sudoku::Candidates& c, const sudoku::LogicTables& tables, sudoku::Step& step) {
    ++positions;
    const double start = bench::cpu_seconds();
    const bool found = sudoku::next_step(c, tables, step, sudoku::Level::full, true) &&
                       step.technique != sudoku::Technique::contradiction;
    ms.push_back((bench::cpu_seconds() - start) * 1e3);
    hinted += found;
    return found;
  }
  void print(const char* file, const char* name) {
    std::sort(ms.begin(), ms.end());
    std::printf(
        "%-34s %-6s %9llu %9llu %8.2f%% %8.3f %9.1f\n", file, name,
        static_cast<unsigned long long>(positions), static_cast<unsigned long long>(hinted),
        positions ? 100.0 * static_cast<double>(hinted) / static_cast<double>(positions) : 0.0,
        ms.empty() ? 0.0 : ms[ms.size() / 2], ms.empty() ? 0.0 : ms.back());
  }
};

}  // namespace

int main(int argc, char** argv) {
  int first = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--first") == 0 && i + 1 < argc)
      first = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
      seed = std::strtoull(argv[++i], nullptr, 10);
    else
      files.emplace_back(argv[i]);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: hint_bench [--first N] [--seed S] FILE...\n");
    return 2;
  }
  const sudoku::Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Solver solver(g);
  std::printf("%-34s %-6s %9s %9s %9s %8s %9s\n", "set", "walk", "positions", "hinted", "share",
              "med ms", "max ms");
  for (const std::string& path : files) {
    const std::vector<sudoku::Grid> puzzles = bench::read_nine_by_nine(path, first);
    Walk ladder, player;
    std::mt19937_64 random(seed);
    for (const sudoku::Grid& givens : puzzles) {
      const sudoku::SolveResult r = solver.count(givens, 2);
      if (r.solutions != 1 || !r.complete) continue;  // the walks need the one solution
      sudoku::Step step;
      sudoku::Candidates c = sudoku::start_candidates(g, givens);
      while (!c.solved() && ladder.ask(c, tables, step)) sudoku::apply(c, step);
      std::vector<int> open;
      for (int cell = 0; cell < 81; ++cell)
        if (givens[static_cast<std::size_t>(cell)] == 0) open.push_back(cell);
      std::shuffle(open.begin(), open.end(), random);
      sudoku::Grid grid = givens;
      for (const int cell : open) {
        player.ask(sudoku::start_candidates(g, grid), tables, step);
        grid[static_cast<std::size_t>(cell)] = r.first[static_cast<std::size_t>(cell)];
      }
    }
    const std::string name = path.substr(path.find_last_of('/') + 1);
    ladder.print(name.c_str(), "ladder");
    player.print(name.c_str(), "player");
  }
  return 0;
}
