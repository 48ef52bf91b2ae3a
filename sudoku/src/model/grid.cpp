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
  // Then the cages.
  for (const Cage& cage : geometry.cages())
    for (std::size_t i = 0; i < cage.cells.size(); ++i)
      if (const int d = grid[static_cast<std::size_t>(cage.cells[i])]; d != 0)
        for (std::size_t j = i + 1; j < cage.cells.size(); ++j)
          if (grid[static_cast<std::size_t>(cage.cells[j])] == d)
            return Clash{cage.cells[i], cage.cells[j], cage_clash, d};
  return std::nullopt;
}

int broken_cage(const Geometry& geometry, const Grid& grid) {
  const auto& cages = geometry.cages();
  for (std::size_t k = 0; k < cages.size(); ++k) {
    int sum = 0;
    bool full = true;
    for (int cell : cages[k].cells) {
      sum += grid[static_cast<std::size_t>(cell)];
      full = full && grid[static_cast<std::size_t>(cell)] != 0;
    }
    if (sum > cages[k].sum || (full && sum != cages[k].sum)) return static_cast<int>(k);
  }
  return -1;
}

std::string describe(const Geometry& geometry, const Clash& clash) {
  return cell_name(geometry, clash.first) + " and " + cell_name(geometry, clash.second) +
         " both hold " + std::to_string(clash.digit) + " " + clash_place(geometry, clash);
}

std::string clash_place(const Geometry& geometry, const Clash& clash) {
  if (clash.house == cage_clash) return "in " + cage_name(geometry, geometry.cage_of(clash.first));
  if (clash.house != chess_clash) return "in " + geometry.house_name(clash.house);
  return knight_move(geometry, clash.first, clash.second) ? "a knight's move apart"
                                                          : "a king's move apart";
}

bool is_solution(const Geometry& geometry, const Grid& givens, const Grid& solution) {
  const auto cells = static_cast<std::size_t>(geometry.cell_count());
  if (solution.size() != cells || givens.size() != cells) return false;
  for (std::size_t i = 0; i < cells; ++i) {
    if (solution[i] < 1 || solution[i] > geometry.size()) return false;
    if (givens[i] != 0 && givens[i] != solution[i]) return false;
  }
  return !find_clash(geometry, solution).has_value() && broken_cage(geometry, solution) < 0 &&
         broken_rule(geometry, solution) < 0;
}

}  // namespace sudoku
