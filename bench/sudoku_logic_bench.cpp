// The logic ladder over whole files of puzzles: how many it solves without guessing, how long
// it takes, which techniques it uses, and whether any step removes a solution's digit.
//
//   sudoku_logic_bench [--first N] [--no-unique] FILE...
//
// Per file: puzzles, solved by logic (count and share), ms per puzzle (the reduction with its
// steps listed, one thread), unsound steps (should be 0), then the steps per technique. The
// uniqueness techniques take part when the puzzle has one solution, unless --no-unique.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "puzzle_file.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/search/solver.hpp"

int main(int argc, char** argv) {
  std::size_t first = 0;
  bool use_unique = true;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--first") == 0 && i + 1 < argc)
      first = std::stoul(argv[++i]);
    else if (std::strcmp(argv[i], "--no-unique") == 0)
      use_unique = false;
    else
      files.emplace_back(argv[i]);
  }
  if (files.empty()) {
    std::cerr << "usage: sudoku_logic_bench [--first N] [--no-unique] FILE...\n";
    return 2;
  }
  for (const auto& file : files) {
    const std::optional<bench::PuzzleFile> read = bench::read_puzzle_file(file, first);
    if (!read) {
      std::cerr << "sudoku_logic_bench: " << file << ": cannot open\n";
      return 2;
    }
    const std::vector<sudoku::Grid>& puzzles = read->puzzles;
    if (puzzles.empty()) continue;
    const sudoku::Geometry& g = *read->geometry;
    sudoku::Solver solver(g);
    const sudoku::LogicTables tables(g);
    std::map<std::string, long> used;
    long solved = 0, unsound = 0;
    double seconds = 0;
    for (const auto& puzzle : puzzles) {
      const auto result = solver.solve(puzzle, 2);
      const bool unique = result.solutions == 1;
      sudoku::Candidates c(g);
      if (!c.reset(puzzle)) continue;
      std::vector<sudoku::Step> steps;
      const auto start = std::chrono::steady_clock::now();
      sudoku::reduce(c, tables, sudoku::Level::all, &steps, nullptr, use_unique && unique);
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (c.solved()) ++solved;
      for (const auto& step : steps) {
        ++used[std::string(sudoku::technique_name(step.technique))];
        bool bad = false;
        for (const auto& p : step.placed) bad = bad || result.first[p.cell] != p.digit;
        for (const auto& r : step.removed) bad = bad || result.first[r.cell] == r.digit;
        if (bad && result.solutions >= 1) {
          ++unsound;
          std::cerr << "unsound: " << sudoku::describe(g, step) << "\n";
        }
      }
    }
    const std::string name = file.substr(file.find_last_of('/') + 1);
    std::printf("%s: %zu puzzles, %ld solved by logic (%.1f%%), %.3f ms/puzzle, %ld unsound\n",
                name.c_str(), puzzles.size(), solved, 100.0 * solved / puzzles.size(),
                1000 * seconds / puzzles.size(), unsound);
    for (const auto& [technique, count] : used)
      std::printf("  %-30s %ld\n", technique.c_str(), count);
  }
  return 0;
}
