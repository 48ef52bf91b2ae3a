// What the 9x9 logic benchmarks share: their puzzles read from a file of lines, and CPU time.
#pragma once

#include <time.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "sudoku/model/grid.hpp"

namespace bench {

// The first `first` puzzles (0: all) of a file of 81-character lines; shorter lines are skipped.
inline std::vector<sudoku::Grid> read_nine_by_nine(const std::string& path, int first) {
  std::vector<sudoku::Grid> out;
  std::ifstream in(path);
  for (std::string line;
       std::getline(in, line) && (first == 0 || static_cast<int>(out.size()) < first);) {
    if (line.size() < 81) continue;
    sudoku::Grid g(81, 0);
    for (std::size_t i = 0; i < 81; ++i)
      g[i] = line[i] >= '1' && line[i] <= '9' ? static_cast<std::uint8_t>(line[i] - '0') : 0;
    out.push_back(g);
  }
  return out;
}

// CPU time of this thread, in seconds: the machine may be shared, wall time is not the cost.
inline double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace bench
