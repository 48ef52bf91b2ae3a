// Knuth's seven-item example (TAOCP 7.2.2.1; "Dancing links", 2000).
// Its one solution is `a d f`, `b g`, `c e`.
#include <dlx/matrix.hpp>
#include <dlx/solver.hpp>
#include <iostream>

int main() {
  dlx::Matrix matrix;
  for (const char* name : {"a", "b", "c", "d", "e", "f", "g"}) matrix.add_item(name);
  matrix.add_option({"c", "e"});
  matrix.add_option({"a", "d", "g"});
  matrix.add_option({"b", "c", "f"});
  matrix.add_option({"a", "d", "f"});
  matrix.add_option({"b", "g"});
  matrix.add_option({"d", "e", "g"});

  dlx::Solver solver(matrix);
  const dlx::Result result = solver.count();
  std::cout << result.stats.solutions << " solution(s), " << result.stats.nodes << " nodes, "
            << result.stats.updates << " updates\n";
  return result.stats.solutions == 1 ? 0 : 1;
}
