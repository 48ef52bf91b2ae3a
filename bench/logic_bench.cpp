// Times the logical techniques over whole files of puzzles: each puzzle's givens placed, then the
// full ladder of sudoku/logic/logic.hpp (chains included) until it stops, on one thread.
//
//   logic_bench [--first N] [--runs R] FILE...
//
// For each file, one line: puzzles, how many the ladder solves without guessing, how many of
// those without a chain, how many steps of each chain technique, and the median CPU µs per puzzle
// of the reduction explained (steps listed) and unexplained (no steps, as before a search).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "nine_by_nine.hpp"
#include "sudoku/logic/chains.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"

namespace {

bool is_chain(sudoku::Technique t) {
  return t >= sudoku::Technique::remote_pair && t <= sudoku::Technique::grouped_aic;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int first = 0, runs = 3;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--first") == 0 && i + 1 < argc) {
      first = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else {
      files.emplace_back(argv[i]);
    }
  }
  const sudoku::Geometry g(9);
  const sudoku::LogicTables tables(g);
  sudoku::Candidates c(g);
  for (const auto& file : files) {
    const auto puzzles = bench::read_nine_by_nine(file, first);
    int solved = 0, without_chains = 0;
    std::map<sudoku::Technique, int> used;
    std::vector<double> explained, unexplained;
    std::vector<sudoku::Step> steps;
    for (int r = 0; r < runs; ++r) {
      double start = bench::cpu_seconds();
      for (const auto& p : puzzles) {
        c.reset(p);
        steps.clear();
        const auto found = sudoku::reduce(c, tables, sudoku::Level::all, &steps);
        if (r > 0) continue;
        if (c.solved() && !found.contradiction) {
          ++solved;
          if (std::none_of(steps.begin(), steps.end(),
                           [](const sudoku::Step& s) { return is_chain(s.technique); }))
            ++without_chains;
        }
        for (const auto& s : steps)
          if (is_chain(s.technique)) ++used[s.technique];
      }
      explained.push_back(bench::cpu_seconds() - start);
      start = bench::cpu_seconds();
      for (const auto& p : puzzles) {
        c.reset(p);
        sudoku::reduce(c, tables, sudoku::Level::all);
      }
      unexplained.push_back(bench::cpu_seconds() - start);
    }
    std::printf("%s: %zu puzzles, %d solved without guessing (%d without chains)", file.c_str(),
                puzzles.size(), solved, without_chains);
    for (const auto& [t, n] : used)
      std::printf(", %s %d", std::string(sudoku::technique_name(t)).c_str(), n);
    std::printf("; %.0f us/puzzle explained, %.0f unexplained\n",
                median(explained) * 1e6 / static_cast<double>(puzzles.size()),
                median(unexplained) * 1e6 / static_cast<double>(puzzles.size()));
  }
  return 0;
}
