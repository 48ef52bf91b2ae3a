// The sudoku library from another project: README's "The sudoku library" example, on the first
// puzzle of examples/sudoku/hyper.txt, which has one solution.
#include <iostream>
#include <sudoku/io/reader.hpp>
#include <sudoku/io/writer.hpp>
#include <sudoku/search/solver.hpp>

int main() {
  const char* text =
      "#variant hyper\n"
      ".1.....4......4..1..3.......4.........8..7...9...4.6..........28.1.7......7..65..\n";
  const std::vector<sudoku::Record> records = sudoku::read_all(text);
  if (records.size() != 1 || !records[0].ok()) return 1;
  const sudoku::Record& record = records[0];
  sudoku::Solver solver(*record.geometry);                       // the exact-cover skeleton
  const sudoku::SolveResult r = solver.count(record.givens, 2);  // 2: is it unique?
  std::cout << sudoku::format_line(*record.geometry, r.first) << "\n"
            << sudoku::describe_count(r) << ", " << r.nodes << " nodes\n";
  return r.solutions == 1 && r.complete ? 0 : 1;
}
