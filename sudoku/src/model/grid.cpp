#include "sudoku/model/grid.hpp"

namespace sudoku {

std::optional<Clash> find_clash(const Geometry& geometry, const Grid& grid) {
  const auto& houses = geometry.houses();
  std::vector<int> where(static_cast<std::size_t>(geometry.size()) + 1);
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    std::fill(where.begin(), where.end(), -1);
    for (int cell : houses[static_cast<std::size_t>(h)].cells) {
      const int d = grid[static_cast<std::size_t>(cell)];
      if (d == 0) continue;
      int& seen = where[static_cast<std::size_t>(d)];
      if (seen >= 0) return Clash{seen, cell, h, d};
      seen = cell;
    }
  }
  // Then the chess constraints: cells a knight's or king's move apart.
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    if (const int d = grid[static_cast<std::size_t>(cell)]; d != 0)
      for (int other : geometry.chess_peers(cell))
        if (other > cell && grid[static_cast<std::size_t>(other)] == d)
          return Clash{cell, other, chess_clash, d};
  return std::nullopt;
}

std::string describe(const Geometry& geometry, const Clash& clash) {
  const int n = geometry.size();
  return cell_name(n, clash.first) + " and " + cell_name(n, clash.second) + " both hold " +
         std::to_string(clash.digit) + " " + clash_place(geometry, clash);
}

std::string clash_place(const Geometry& geometry, const Clash& clash) {
  if (clash.house != chess_clash) return "in " + geometry.house_name(clash.house);
  return knight_move(geometry.size(), clash.first, clash.second) ? "a knight's move apart"
                                                                 : "a king's move apart";
}

bool is_solution(const Geometry& geometry, const Grid& givens, const Grid& solution) {
  const auto cells = static_cast<std::size_t>(geometry.cell_count());
  if (solution.size() != cells || givens.size() != cells) return false;
  for (std::size_t i = 0; i < cells; ++i) {
    if (solution[i] < 1 || solution[i] > geometry.size()) return false;
    if (givens[i] != 0 && givens[i] != solution[i]) return false;
  }
  return !find_clash(geometry, solution).has_value();
}

}  // namespace sudoku
