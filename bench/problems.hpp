// Exact-cover problems whose solution counts are known, built as dlx::Matrix: the workload of
// the benchmarks and known facts for the tests (header-only; include it from either).
//
// Item names, item order and option order follow Knuth's instances, so that queens(8),
// langford(8) and latin_square(4) equal queens-8.dlx, langford-8.dlx and latin-4.dlx and the
// search visits the same nodes as DLX1. No problem breaks a symmetry: mirror images count.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "dlx/matrix.hpp"

namespace problems {

namespace detail {

// An index as one character, 0-9 then a-z, as Knuth's generators write it; decimal when the
// indices of its kind do not fit in one character.
inline std::string code(int i, int count) {
  if (count <= 36) return std::string(1, "0123456789abcdefghijklmnopqrstuvwxyz"[i]);
  return std::to_string(i);
}

// An item name: a prefix and a code ("b7"), or two codes ("p03"; "p3,12" when they are decimal).
inline std::string name(char prefix, const std::string& code) {
  std::string result(1, prefix);
  return result += code;
}
inline std::string name(char prefix, int i, int j, int count) {
  std::string result = name(prefix, code(i, count));
  if (count > 36) result += ',';
  return result += code(j, count);
}

// Adds an option of uncolored items.
inline void add(dlx::Matrix& matrix, std::initializer_list<dlx::ItemId> items) {
  std::vector<dlx::Entry> entries;
  for (dlx::ItemId item : items) entries.push_back({item, 0});
  matrix.add_option(entries);
}

}  // namespace detail

// n queens on an n x n board: rows r* and columns c* primary (interleaved: r0 c0 r1 c1 ...),
// diagonals a* (i+j) and b* (j-i+n-1) secondary. Counts: OEIS A000170 (8: 92, 13: 73,712).
inline dlx::Matrix queens(int n) {
  dlx::Matrix matrix;
  std::vector<dlx::ItemId> row(n), column(n), a(2 * n - 1), b(2 * n - 1);
  for (int i = 0; i < n; ++i) {
    row[i] = matrix.add_item(detail::name('r', detail::code(i, n)));
    column[i] = matrix.add_item(detail::name('c', detail::code(i, n)));
  }
  for (int d = 0; d < 2 * n - 1; ++d)
    a[d] = matrix.add_item(detail::name('a', detail::code(d, 2 * n - 1)), dlx::ItemKind::secondary);
  for (int d = 0; d < 2 * n - 1; ++d)
    b[d] = matrix.add_item(detail::name('b', detail::code(d, 2 * n - 1)), dlx::ItemKind::secondary);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      detail::add(matrix, {row[i], column[j], a[i + j], b[j - i + n - 1]});
  return matrix;
}

// Langford pairs: place two copies of each value 1..n in positions 1..2n so that the copies of
// i have i values between them. Items v1..vn then s1..s2n; option `vi sj sk` with k = i+j+1.
// Mirror images are both counted: twice OEIS A014552 (8: 2 x 150, 12: 2 x 108,144).
inline dlx::Matrix langford(int n) {
  dlx::Matrix matrix;
  std::vector<dlx::ItemId> value(n + 1), slot(2 * n + 1);
  for (int i = 1; i <= n; ++i) value[i] = matrix.add_item(detail::name('v', std::to_string(i)));
  for (int j = 1; j <= 2 * n; ++j) slot[j] = matrix.add_item(detail::name('s', std::to_string(j)));
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j + i + 1 <= 2 * n; ++j)
      detail::add(matrix, {value[i], slot[j], slot[j + i + 1]});
  return matrix;
}

// Latin squares of order n: items p{r}{c} (cell filled), r{r}{v} (value v in row r), c{c}{v}
// (value v in column c), all primary. Counts: OEIS A002860 (4: 576, 5: 161,280).
inline dlx::Matrix latin_square(int n) {
  dlx::Matrix matrix;
  std::vector<dlx::ItemId> cell(n * n), in_row(n * n), in_column(n * n);
  for (int i = 0; i < n * n; ++i) cell[i] = matrix.add_item(detail::name('p', i / n, i % n, n));
  for (int i = 0; i < n * n; ++i) in_row[i] = matrix.add_item(detail::name('r', i / n, i % n, n));
  for (int i = 0; i < n * n; ++i)
    in_column[i] = matrix.add_item(detail::name('c', i / n, i % n, n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int v = 0; v < n; ++v)
        detail::add(matrix, {cell[r * n + c], in_row[r * n + v], in_column[c * n + v]});
  return matrix;
}

// A cell of a polyomino or a board: (row, column).
using Cell = std::pair<int, int>;
// The five cells of a pentomino, sorted, translated to touch row 0 and column 0.
using Shape = std::array<Cell, 5>;

// The twelve pentominoes, named by the letters they resemble (F I L N P T U V W X Y Z).
inline const std::array<std::pair<char, Shape>, 12>& pentominoes() {
  static const std::array<std::pair<char, Shape>, 12> pieces{{
      {'F', {{{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}}},
      {'I', {{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}}}},
      {'L', {{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}}}},
      {'N', {{{0, 1}, {1, 1}, {2, 0}, {2, 1}, {3, 0}}}},
      {'P', {{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}}}},
      {'T', {{{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}}}},
      {'U', {{{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}}},
      {'V', {{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}}},
      {'W', {{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}}},
      {'X', {{{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}}}},
      {'Y', {{{0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 1}}}},
      {'Z', {{{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}}}},
  }};
  return pieces;
}

// The distinct orientations of a shape under the 8 rotations and reflections of the square.
inline std::vector<Shape> orientations(const Shape& shape) {
  std::vector<Shape> result;
  Shape s = shape;
  for (int reflection = 0; reflection < 2; ++reflection) {
    for (int rotation = 0; rotation < 4; ++rotation) {
      for (Cell& cell : s) cell = {cell.second, -cell.first};  // a quarter turn
      int top = s[0].first, left = s[0].second;
      for (const Cell& cell : s)
        top = std::min(top, cell.first), left = std::min(left, cell.second);
      for (Cell& cell : s) cell = {cell.first - top, cell.second - left};
      std::sort(s.begin(), s.end());
      result.push_back(s);
    }
    for (Cell& cell : s) cell.second = -cell.second;  // a mirror image
  }
  std::sort(result.begin(), result.end());
  result.erase(std::unique(result.begin(), result.end()), result.end());
  return result;
}

// Scott's pentomino problem: the twelve pentominoes tile a rows x columns board (area 60).
// Items: the 12 piece names, then the cells named row and column ("00" .. "59" on 6x10);
// options: every placement of every orientation. The board's own symmetries are not broken, so
// each tiling counts 4 times: 6x10: 4 x 2,339; 5x12: 4 x 1,010; 4x15: 4 x 368; 3x20: 4 x 2.
inline dlx::Matrix pentomino_board(int rows, int columns) {
  dlx::Matrix matrix;
  std::vector<dlx::ItemId> piece, cell(rows * columns);
  for (const auto& [name, shape] : pentominoes())
    piece.push_back(matrix.add_item(std::string(1, name)));
  const int count = std::max(rows, columns);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c)
      cell[r * columns + c] = matrix.add_item(detail::code(r, count) + detail::code(c, count));
  std::vector<dlx::Entry> entries;
  for (std::size_t p = 0; p < pentominoes().size(); ++p) {
    for (const Shape& shape : orientations(pentominoes()[p].second)) {
      int height = 0, width = 0;
      for (const auto& [r, c] : shape)
        height = std::max(height, r + 1), width = std::max(width, c + 1);
      for (int r = 0; r + height <= rows; ++r) {
        for (int c = 0; c + width <= columns; ++c) {
          entries.assign(1, {piece[p], 0});
          for (const auto& [dr, dc] : shape)
            entries.push_back({cell[(r + dr) * columns + c + dc], 0});
          matrix.add_option(entries);
        }
      }
    }
  }
  return matrix;
}

}  // namespace problems
