// The C++ side of python/bench/overhead.py: the same problem (read from a file in Knuth's
// format), the same dlx::Solver, the same call as the module makes. Prints the solutions and the
// seconds of the fastest of RUNS searches (each with a new Solver, as the module builds one).
//   search FILE RUNS          count the solutions
//   search FILE RUNS LIMIT    visit the first LIMIT solutions, each copied out as the module
//                             copies it into a dlx.Solution
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <dlx/reader.hpp>
#include <dlx/solver.hpp>
#include <fstream>
#include <iostream>
#include <span>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: search FILE RUNS [LIMIT]\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const dlx::Problem problem = dlx::read_problem(in);
  const int runs = std::atoi(argv[2]);
  const std::uint64_t limit = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 0;
  double best = 1e300;
  std::uint64_t solutions = 0;
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    dlx::Solver solver(problem.matrix);
    if (limit == 0) {
      solutions = solver.count().stats.solutions;
    } else {
      solver.set_limits({limit, 0, 0});
      std::vector<dlx::OptionId> copy;
      solutions = solver
                      .search([&copy](std::span<const dlx::OptionId> s) {
                        copy.assign(s.begin(), s.end());
                        return true;
                      })
                      .stats.solutions;
    }
    const auto end = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(end - start).count());
  }
  std::cout << solutions << " " << best << "\n";
}
