// The n queens problem as exact cover: place n queens on an n x n board, none attacking another.
//
// Items: the rows r0..r(n-1) and the columns c0..c(n-1), primary, since each holds exactly one
// queen; the diagonals a0..a(2n-2) (row + column) and b0..b(2n-2) (row - column + n - 1),
// secondary, since each holds at most one queen and most hold none. Options: one per square,
// `ri cj a(i+j) b(i-j+n-1)`.
#pragma once

#include <dlx/matrix.hpp>
#include <span>
#include <string>
#include <vector>

#include "common/text.hpp"

namespace examples::queens {

// The n queens problem; option i * n + j puts a queen on row i, column j.
inline dlx::Matrix matrix(int n) {
  dlx::Matrix matrix;
  for (int i = 0; i < n; ++i) matrix.add_item(cat('r', i));
  for (int j = 0; j < n; ++j) matrix.add_item(cat('c', j));
  for (int d = 0; d < 2 * n - 1; ++d) {
    matrix.add_item(cat('a', d), dlx::ItemKind::secondary);
  }
  for (int d = 0; d < 2 * n - 1; ++d) {
    matrix.add_item(cat('b', d), dlx::ItemKind::secondary);
  }
  const int rows = 0, columns = n, sums = 2 * n, differences = 4 * n - 1;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const dlx::Entry entries[] = {
          {rows + i}, {columns + j}, {sums + i + j}, {differences + i - j + n - 1}};
      matrix.add_option(entries);
    }
  }
  return matrix;
}

// The column of the queen on each row, for a solution of matrix(n).
inline std::vector<int> columns(int n, std::span<const dlx::OptionId> solution) {
  std::vector<int> column(static_cast<std::size_t>(n), -1);
  for (dlx::OptionId option : solution) column[static_cast<std::size_t>(option / n)] = option % n;
  return column;
}

// A board for people: a line per row, 'Q' for a queen and '.' for an empty square; in colour, a
// chequered board (ANSI escapes) with the queens in bold.
inline std::string picture(std::span<const int> columns, bool color = false) {
  const int n = static_cast<int>(columns.size());
  std::string out;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const bool queen = columns[static_cast<std::size_t>(i)] == j;
      if (color) {
        out += (i + j) % 2 == 0 ? "\x1b[30;47m" : "\x1b[37;100m";
        out += queen ? "\x1b[1m Q " : "   ";
        out += "\x1b[0m";
      } else {
        if (j > 0) out += ' ';
        out += queen ? 'Q' : '.';
      }
    }
    out += '\n';
  }
  return out;
}

}  // namespace examples::queens
