// Latin squares as exact cover: fill an n x n square with the symbols 1..n so that each row and
// each column holds every symbol once, perhaps with some cells given.
//
// Items, all primary: p(r,c) (cell r,c is filled), r(r,v) (row r holds symbol v + 1) and c(c,v)
// (column c holds symbol v + 1), all from 0 and named like Knuth's p01, r13, c22 (digits 0-9
// then a-z; with commas past order 36).
// Options: `p(r,c) r(r,v) c(c,v)`, one per cell and symbol; a given cell keeps only the option
// of its symbol. Sudoku is this problem with one more item per box and symbol.
#pragma once

#include <dlx/matrix.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/encoding.hpp"
#include "common/text.hpp"

namespace examples::latin {

// The symbol of value v (1..n) in a square of order n: 1-9, then A, B, ... ('.' for 0).
inline char symbol(int value) noexcept {
  if (value == 0) return '.';
  return value <= 9 ? static_cast<char>('0' + value) : static_cast<char>('A' + value - 10);
}

// The value of a symbol ('.' or '0' for an empty cell: 0), or -1 for none.
inline int value(char symbol) noexcept {
  if (symbol == '.' || symbol == '0') return 0;
  if (symbol >= '1' && symbol <= '9') return symbol - '0';
  if (symbol >= 'A' && symbol <= 'Z') return symbol - 'A' + 10;
  if (symbol >= 'a' && symbol <= 'z') return symbol - 'a' + 10;
  return -1;
}

// A partial square: n x n values row by row, 0 for an empty cell.
struct Square {
  int order = 0;
  std::vector<int> cells;
};

// A partial square that cannot be read; line (from 1) and what is wrong.
class SquareError : public std::runtime_error {
 public:
  SquareError(std::size_t line, const std::string& message)
      : std::runtime_error(message), line_(line) {}
  // Line of the error, from 1 (0 for the whole text).
  std::size_t line() const noexcept { return line_; }

 private:
  std::size_t line_;
};

// Reads a partial square: one row per line, a symbol per cell ('.' empty), blanks ignored;
// lines starting with '|' are comments. Its order is its number of rows (at most 35).
inline Square read_square(std::string_view text) {
  std::vector<std::pair<std::size_t, std::vector<int>>> rows;
  std::size_t line = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view content = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++line;
    std::vector<int> row;
    bool comment = false;
    for (char c : content) {
      if (c == ' ' || c == '\t' || c == '\r') continue;
      if (row.empty() && c == '|') {
        comment = true;
        break;
      }
      const int v = value(c);
      if (v < 0) throw SquareError(line, cat("'", c, "' is not a symbol: use 1-9, A-Z or '.'"));
      row.push_back(v);
    }
    if (!comment && !row.empty()) rows.push_back({line, std::move(row)});
  }
  Square square{static_cast<int>(rows.size()), {}};
  if (square.order == 0) throw SquareError(0, "no row: write one row of the square per line");
  if (square.order > 35) throw SquareError(rows[35].first, "more than 35 rows");
  for (const auto& [at, row] : rows) {
    if (static_cast<int>(row.size()) != square.order) {
      throw SquareError(
          at, cat("a row of ", row.size(), " cells in a square of ", square.order, " rows"));
    }
    for (int v : row) {
      if (v > square.order) {
        throw SquareError(at, cat("symbol ", symbol(v), " in a square of order ", square.order));
      }
    }
    square.cells.insert(square.cells.end(), row.begin(), row.end());
  }
  return square;
}

// One option of the problem: symbol `value` in cell (row, column).
struct Entry {
  int row = 0;
  int column = 0;
  int value = 0;
};

// The problem of completing a partial square (an empty one: every Latin square of its order).
struct Problem : Encoding<Entry> {
  int order = 0;
};

// The Latin squares that complete `givens`.
inline Problem problem(const Square& givens) {
  const int n = givens.order;
  Problem out;
  out.order = n;
  const auto name = [n](char kind, int i, int j) {
    constexpr std::string_view digits = "0123456789abcdefghijklmnopqrstuvwxyz";
    return n <= 36
               ? cat(kind, digits[static_cast<std::size_t>(i)], digits[static_cast<std::size_t>(j)])
               : cat(kind, i, ',', j);
  };
  for (char kind : {'p', 'r', 'c'}) {
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) out.matrix.add_item(name(kind, i, j));
    }
  }
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int given = givens.cells[static_cast<std::size_t>(r * n + c)];
      for (int v = 1; v <= n; ++v) {
        if (given != 0 && v != given) continue;
        const dlx::Entry items[] = {
            {r * n + c}, {n * n + r * n + v - 1}, {2 * n * n + c * n + v - 1}};
        out.add_option(items, {r, c, v});
      }
    }
  }
  return out;
}

// The problem of every Latin square of order n.
inline Problem problem(int n) {
  return problem(Square{n, std::vector<int>(static_cast<std::size_t>(n * n), 0)});
}

// The square of a solution.
inline Square square(const Problem& problem, std::span<const dlx::OptionId> solution) {
  Square out{problem.order,
             std::vector<int>(static_cast<std::size_t>(problem.order * problem.order), 0)};
  for (dlx::OptionId option : solution) {
    const Entry& entry = problem.meaning(option);
    out.cells[static_cast<std::size_t>(entry.row * problem.order + entry.column)] = entry.value;
  }
  return out;
}

// A square for people: a line per row, symbols separated by spaces.
inline std::string picture(const Square& square) {
  std::string out;
  for (int r = 0; r < square.order; ++r) {
    for (int c = 0; c < square.order; ++c) {
      if (c > 0) out += ' ';
      out += symbol(square.cells[static_cast<std::size_t>(r * square.order + c)]);
    }
    out += '\n';
  }
  return out;
}

}  // namespace examples::latin
