// Times the logical techniques over whole files of puzzles: each puzzle's givens placed, then the
// full ladder of sudoku/logic.hpp (chains included) until it stops, on one thread.
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

#include "sudoku/candidates.hpp"
#include "sudoku/chains.hpp"
#include "sudoku/logic.hpp"

namespace {

bool is_chain(sudoku::Technique t) {
  return t >= sudoku::Technique::remote_pair && t <= sudoku::Technique::grouped_aic;
}

std::vector<sudoku::Grid> read(const std::string& path, int first) {
  std::vector<sudoku::Grid> out;
  std::ifstream in(path);
  for (std::string line;
       std::getline(in, line) && (first == 0 || static_cast<int>(out.size()) < first);) {
    if (line.size() < 81) continue;
    sudoku::Grid g(81, 0);
    for (int i = 0; i < 81; ++i)
      g[static_cast<std::size_t>(i)] =
          line[static_cast<std::size_t>(i)] >= '1' && line[static_cast<std::size_t>(i)] <= '9'
              ? static_cast<std::uint8_t>(line[static_cast<std::size_t>(i)] - '0')
              : 0;
    out.push_back(g);
  }
  return out;
}

// CPU time of this thread, in seconds: the machine may be shared, wall time is not the cost.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
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
    const auto puzzles = read(file, first);
    int solved = 0, without_chains = 0;
    std::map<sudoku::Technique, int> used;
    std::vector<double> explained, unexplained;
    std::vector<sudoku::Step> steps;
    for (int r = 0; r < runs; ++r) {
      double start = cpu_seconds();
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
      explained.push_back(cpu_seconds() - start);
      start = cpu_seconds();
      for (const auto& p : puzzles) {
        c.reset(p);
        sudoku::reduce(c, tables, sudoku::Level::all);
      }
      unexplained.push_back(cpu_seconds() - start);
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
