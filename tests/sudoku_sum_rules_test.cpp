// The rules over several cells at once (arrows, little killers, sandwiches, X-sums, between
// lines, quadruples): read from their header lines and written back the same, and counted by the
// exact-cover search (asking each rule's constraint at every node) as a brute force written here
// from each rule's definition counts them, on random instances of 4x4 and 6x6 grids; the logic
// never removes a digit of the one solution, and the true candidates are every solution's digits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/rule.hpp"
#include "sudoku/search/solver.hpp"
#include "sudoku/search/true_candidates.hpp"
#include "test_share.hpp"

namespace {

using sudoku::Grid;

enum class Kind {
  arrow,
  little_killer,
  sandwich,
  x_sum,
  between,
  quadruple,
  zipper,
  region_sum,
  sum_cage
};
constexpr int kinds = 9;

// One clue or line of a rule: its cells (an arrow's circle first, `circle` of them; a clue's
// cells from its place outside the grid on), its number (an arrow's none), and for a quadruple
// its digits.
struct Clue {
  Kind kind;
  std::vector<int> cells;
  int circle = 0;
  int number = 0;
  int out_row = 0, out_col = 0, step_row = 0, step_col = 0;  // a clue's place outside
  std::vector<int> digits;
};

struct Instance {
  int n = 4, box_rows = 2, box_cols = 2;
  std::vector<Clue> clues;
  Grid givens;
};

std::string place(int row, int col) {
  std::string out(1, 'r');
  out += std::to_string(row);
  out += 'c';
  out += std::to_string(col);
  return out;
}

std::string name(const Instance& p, int cell) {
  return place(cell / p.n + 1, cell % p.n + 1);
}

std::string joined(const Instance& p, std::vector<int>::const_iterator from,
                   std::vector<int>::const_iterator to) {
  std::string out;
  for (auto it = from; it != to; ++it) {
    if (!out.empty()) out += '-';
    out += name(p, *it);
  }
  return out;
}

std::string text(const Instance& p) {
  static const char* keywords[kinds] = {"arrow",  "little-killer", "sandwich",
                                        "x-sum",  "between",       "quadruple",
                                        "zipper", "region-sum",    "sum-cage"};
  std::string out;
  for (const Clue& c : p.clues) {
    out += '#';
    out += keywords[static_cast<int>(c.kind)];
    out += ' ';
    switch (c.kind) {
      case Kind::arrow:
        out += joined(p, c.cells.begin(), c.cells.begin() + c.circle);
        out += ':';
        out += joined(p, c.cells.begin() + c.circle, c.cells.end());
        break;
      case Kind::little_killer:
        out += place(c.out_row, c.out_col);
        out += c.step_row > 0 ? ":d" : ":u";
        out += c.step_col > 0 ? "r=" : "l=";
        out += std::to_string(c.number);
        break;
      case Kind::sandwich:
      case Kind::x_sum:
        out += place(c.out_row, c.out_col);
        out += '=';
        out += std::to_string(c.number);
        break;
      case Kind::between:
      case Kind::zipper:
      case Kind::region_sum:
        out += joined(p, c.cells.begin(), c.cells.end());
        break;
      case Kind::sum_cage:
        out += joined(p, c.cells.begin(), c.cells.end());
        out += '=';
        out += std::to_string(c.number);
        break;
      case Kind::quadruple:
        out += name(p, c.cells.front());
        out += '=';
        for (std::size_t i = 0; i < c.digits.size(); ++i) {
          if (i > 0) out += '/';
          out += std::to_string(c.digits[i]);
        }
        break;
    }
    out += '\n';
  }
  for (int d : p.givens) out += d == 0 ? '.' : static_cast<char>('0' + d);
  return out + "\n";
}

// Whether a clue holds on the digits `v` of its cells, by the rule's definition.
bool holds(const Instance& p, const Clue& c, const std::vector<int>& v) {
  const int length = static_cast<int>(v.size());
  int sum = 0;
  switch (c.kind) {
    case Kind::arrow: {
      int number = 0;
      for (int i = 0; i < c.circle; ++i) number = number * 10 + v[i];
      for (int i = c.circle; i < length; ++i) sum += v[i];
      return sum == number;
    }
    case Kind::little_killer:
    case Kind::sum_cage:
      for (int d : v) sum += d;
      return sum == c.number;
    case Kind::sandwich: {
      const auto one = std::find(v.begin(), v.end(), 1) - v.begin();
      const auto top = std::find(v.begin(), v.end(), p.n) - v.begin();
      for (auto i = std::min(one, top) + 1; i < std::max(one, top); ++i) sum += v[i];
      return sum == c.number;
    }
    case Kind::x_sum:
      for (int i = 0; i < v[0]; ++i) sum += v[i];
      return sum == c.number;
    case Kind::between:
      for (int i = 1; i + 1 < length; ++i)
        if (v[i] <= std::min(v[0], v[length - 1]) || v[i] >= std::max(v[0], v[length - 1]))
          return false;
      return true;
    case Kind::zipper:
      for (int i = 0; i < length / 2; ++i) {
        const int total = length % 2 == 1 ? v[length / 2] : v[length / 2 - 1] + v[length / 2];
        if (v[i] + v[length - 1 - i] != total) return false;
      }
      return true;
    case Kind::region_sum: {
      // The segments the boxes cut the line into.
      const auto box = [&](int x) {
        return x / p.n / p.box_rows * (p.n / p.box_cols) + x % p.n / p.box_cols;
      };
      std::vector<int> sums;
      for (int i = 0; i < length; ++i) {
        if (i == 0 || box(c.cells[i]) != box(c.cells[i - 1])) sums.push_back(0);
        sums.back() += v[i];
      }
      return std::all_of(sums.begin(), sums.end(), [&](int s) { return s == sums.front(); });
    }
    case Kind::quadruple: {
      std::vector<int> left = v;
      for (int d : c.digits) {
        const auto it = std::find(left.begin(), left.end(), d);
        if (it == left.end()) return false;
        left.erase(it);
      }
      return true;
    }
  }
  return true;
}

bool clues_hold(const Instance& p, const Grid& g) {
  for (const Clue& c : p.clues) {
    std::vector<int> v;
    for (int cell : c.cells) v.push_back(g[static_cast<std::size_t>(cell)]);
    if (std::find(v.begin(), v.end(), 0) != v.end()) continue;
    if (!holds(p, c, v)) return false;
  }
  return true;
}

bool houses_hold(const Instance& p, const Grid& g, int cell) {
  const int n = p.n, d = g[static_cast<std::size_t>(cell)], r = cell / n, c = cell % n;
  for (int other = 0; other < n * n; ++other) {
    if (other == cell || g[static_cast<std::size_t>(other)] != d) continue;
    const int r2 = other / n, c2 = other % n;
    if (r == r2 || c == c2 ||
        (r / p.box_rows == r2 / p.box_rows && c / p.box_cols == c2 / p.box_cols))
      return false;
  }
  return true;
}

// The number of solutions up to `limit`, the first in `first`, and in `seen` each cell's digits
// over the solutions found.
std::uint64_t brute_count(const Instance& p, std::uint64_t limit, Grid* first,
                          std::vector<sudoku::Mask>* seen) {
  Grid g(static_cast<std::size_t>(p.n * p.n), 0);
  std::uint64_t count = 0;
  const auto walk = [&](auto&& self, int cell) -> void {
    if (count >= limit) return;
    if (cell == p.n * p.n) {
      if (count++ == 0) *first = g;
      for (int c = 0; c < p.n * p.n; ++c)
        (*seen)[static_cast<std::size_t>(c)] |= sudoku::digit_bit(g[static_cast<std::size_t>(c)]);
      return;
    }
    const int given = p.givens[static_cast<std::size_t>(cell)];
    for (int d = given != 0 ? given : 1; d <= (given != 0 ? given : p.n); ++d) {
      g[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
      if (houses_hold(p, g, cell) && clues_hold(p, g)) self(self, cell + 1);
    }
    g[static_cast<std::size_t>(cell)] = 0;
  };
  walk(walk, 0);
  return count;
}

Grid random_grid(const Instance& shape, std::mt19937_64& random) {
  Instance p = shape;
  Grid g(static_cast<std::size_t>(p.n * p.n), 0);
  const auto walk = [&](auto&& self, int cell) -> bool {
    if (cell == p.n * p.n) return true;
    std::vector<int> digits;
    for (int d = 1; d <= p.n; ++d) digits.push_back(d);
    std::shuffle(digits.begin(), digits.end(), random);
    for (int d : digits) {
      g[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
      if (houses_hold(p, g, cell) && self(self, cell + 1)) return true;
    }
    g[static_cast<std::size_t>(cell)] = 0;
    return false;
  };
  walk(walk, 0);
  return g;
}

// A random walk of `length` cells, each touching the last, none twice; shorter when stuck.
std::vector<int> random_walk(const Instance& p, int start, int length, std::mt19937_64& random) {
  std::vector<int> line{start};
  while (static_cast<int>(line.size()) < length) {
    std::vector<int> next;
    const int r = line.back() / p.n, c = line.back() % p.n;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r2 = r + dr, c2 = c + dc, cell = r2 * p.n + c2;
        if ((dr == 0 && dc == 0) || r2 < 0 || r2 >= p.n || c2 < 0 || c2 >= p.n) continue;
        if (std::find(line.begin(), line.end(), cell) == line.end()) next.push_back(cell);
      }
    if (next.empty()) break;
    line.push_back(next[random() % next.size()]);
  }
  return line;
}

// A random clue of a kind, true of the solution unless `wrong`; false when none was made.
bool random_clue(const Instance& p, const Grid& solution, Kind kind, bool wrong,
                 std::mt19937_64& random, Clue& c) {
  const int n = p.n;
  const auto at = [&](int cell) {
    return static_cast<int>(solution[static_cast<std::size_t>(cell)]);
  };
  const auto any_cell = [&] { return static_cast<int>(random() % static_cast<unsigned>(n * n)); };
  c = Clue{kind, {}, 0, 0, 0, 0, 0, 0, {}};
  switch (kind) {
    case Kind::arrow: {
      // A circle of one cell, or of two side by side, and a line of one to three cells.
      c.circle = random() % 4 == 0 ? 2 : 1;
      const int first = any_cell();
      c.cells.push_back(first);
      if (c.circle == 2) {
        if (first % n == n - 1) return false;
        c.cells.push_back(first + 1);
      }
      std::vector<int> line =
          random_walk(p, c.cells.back(), 2 + static_cast<int>(random() % 3), random);
      line.erase(line.begin());
      for (int cell : line)
        if (std::find(c.cells.begin(), c.cells.end(), cell) != c.cells.end()) return false;
      if (line.empty()) return false;
      c.cells.insert(c.cells.end(), line.begin(), line.end());
      break;
    }
    case Kind::little_killer: {
      // A place on the ring round the grid and a diagonal direction that meets the grid.
      c.step_row = random() % 2 == 0 ? 1 : -1;
      c.step_col = random() % 2 == 0 ? 1 : -1;
      const int k = static_cast<int>(random() % static_cast<unsigned>(n + 2));
      if (random() % 2 == 0) {
        c.out_row = c.step_row > 0 ? 0 : n + 1;
        c.out_col = k;
      } else {
        c.out_col = c.step_col > 0 ? 0 : n + 1;
        c.out_row = k;
      }
      for (int r = c.out_row - 1 + c.step_row, col = c.out_col - 1 + c.step_col;
           r >= 0 && r < n && col >= 0 && col < n; r += c.step_row, col += c.step_col)
        c.cells.push_back(r * n + col);
      if (c.cells.empty()) return false;
      for (int cell : c.cells) c.number += at(cell);
      break;
    }
    case Kind::sandwich:
    case Kind::x_sum: {
      const int k = 1 + static_cast<int>(random() % static_cast<unsigned>(n));
      switch (random() % 4) {
        case 0:
          c.out_row = 0, c.out_col = k, c.step_row = 1;
          break;
        case 1:
          c.out_row = n + 1, c.out_col = k, c.step_row = -1;
          break;
        case 2:
          c.out_row = k, c.out_col = 0, c.step_col = 1;
          break;
        default:
          c.out_row = k, c.out_col = n + 1, c.step_col = -1;
          break;
      }
      for (int r = c.out_row - 1 + c.step_row, col = c.out_col - 1 + c.step_col;
           r >= 0 && r < n && col >= 0 && col < n; r += c.step_row, col += c.step_col)
        c.cells.push_back(r * n + col);
      std::vector<int> v;
      for (int cell : c.cells) v.push_back(at(cell));
      c.number = 0;
      if (kind == Kind::sandwich) {
        const auto one = std::find(v.begin(), v.end(), 1) - v.begin();
        const auto top = std::find(v.begin(), v.end(), n) - v.begin();
        for (auto i = std::min(one, top) + 1; i < std::max(one, top); ++i) c.number += v[i];
      } else {
        for (int i = 0; i < v[0]; ++i) c.number += v[i];
      }
      break;
    }
    case Kind::between:
    case Kind::zipper:
      c.cells = random_walk(p, any_cell(), 3 + static_cast<int>(random() % 3), random);
      if (c.cells.size() < 3) return false;
      break;
    case Kind::region_sum:
      c.cells = random_walk(p, any_cell(), 2 + static_cast<int>(random() % 4), random);
      if (c.cells.size() < 2) return false;
      break;
    case Kind::sum_cage:
      // In reading order, as the rule writes it back.
      c.cells = random_walk(p, any_cell(), 2 + static_cast<int>(random() % 4), random);
      std::sort(c.cells.begin(), c.cells.end());
      for (const Clue& other : p.clues)
        if (other.kind == Kind::sum_cage)
          for (int cell : other.cells)
            if (std::find(c.cells.begin(), c.cells.end(), cell) != c.cells.end()) return false;
      for (int cell : c.cells) c.number += at(cell);
      break;
    case Kind::quadruple: {
      const int r = static_cast<int>(random() % static_cast<unsigned>(n - 1));
      const int col = static_cast<int>(random() % static_cast<unsigned>(n - 1));
      c.cells = {r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1};
      std::vector<int> v;
      for (int cell : c.cells) v.push_back(at(cell));
      std::shuffle(v.begin(), v.end(), random);
      v.resize(1 + random() % 3);
      if (wrong) v.back() = 1 + static_cast<int>(random() % static_cast<unsigned>(n));
      std::sort(v.begin(), v.end());
      c.digits = v;
      break;
    }
  }
  if (wrong && (kind == Kind::little_killer || kind == Kind::sandwich || kind == Kind::x_sum ||
                kind == Kind::sum_cage)) {
    // Off by a little, within what the rule reads.
    const int most = kind == Kind::little_killer || kind == Kind::sum_cage
                         ? static_cast<int>(c.cells.size()) * n
                     : kind == Kind::sandwich ? (n - 2) * (n + 1) / 2
                                              : n * (n + 1) / 2;
    c.number = std::clamp(c.number + static_cast<int>(random() % 5) - 2, 0, most);
  }
  if (wrong) return true;
  std::vector<int> v;
  for (int cell : c.cells) v.push_back(at(cell));
  return holds(p, c, v);
}

Instance random_instance(int n, std::mt19937_64& random) {
  Instance p;
  p.n = n;
  p.box_cols = n / 2;
  const Grid solution = random_grid(p, random);
  const int clue_count = 1 + static_cast<int>(random() % 3);
  for (int k = 0, tries = 0; k < clue_count && tries < 500; ++tries) {
    const auto kind = static_cast<Kind>(random() % kinds);
    const bool wrong = random() % 10 == 0;
    Clue c;
    if (!random_clue(p, solution, kind, wrong, random, c)) continue;
    p.clues.push_back(std::move(c));
    ++k;
  }
  p.givens.assign(static_cast<std::size_t>(n * n), 0);
  for (int k = static_cast<int>(random() % static_cast<unsigned>(n + 2)) + (n > 4 ? 2 * n : 0);
       k > 0; --k) {
    const auto cell = static_cast<std::size_t>(random() % static_cast<unsigned>(n * n));
    p.givens[cell] = solution[cell];
  }
  return p;
}

sudoku::Record read_one(const std::string& text) {
  const auto records = sudoku::read_all(text);
  EXPECT_EQ(records.size(), 1u) << text;
  return records.empty() ? sudoku::Record{} : records.front();
}

void check_sweep(int n, int instances, std::uint64_t limit) {
  std::mt19937_64 random(0x5a7d + static_cast<unsigned>(n));
  int with_solutions = 0, unique = 0;
  for (int i = 0; i < instances; ++i) {
    const Instance p = random_instance(n, random);
    const std::string input = text(p);
    const sudoku::Record record = read_one(input);
    ASSERT_TRUE(record.ok()) << input << record.error->what();
    const std::string written = sudoku::format_header(*record.geometry) +
                                sudoku::format_line(*record.geometry, record.givens) + "\n";
    const sudoku::Record again = read_one(written);
    ASSERT_TRUE(again.ok()) << written;
    EXPECT_EQ(again.geometry->rules_text(), record.geometry->rules_text()) << written;

    Grid first;
    std::vector<sudoku::Mask> seen(static_cast<std::size_t>(n * n), 0);
    const std::uint64_t expected = brute_count(p, limit, &first, &seen);
    if (expected < limit) {
      sudoku::Solver solver(*record.geometry);
      sudoku::Candidates start(*record.geometry);
      if (start.reset(record.givens)) {
        const sudoku::TrueCandidates truth = sudoku::true_candidates(solver, start);
        EXPECT_TRUE(truth.complete);
        EXPECT_EQ(truth.masks, seen) << input;
      } else {
        EXPECT_EQ(expected, 0u) << input;
      }
    }
    for (const sudoku::Logic logic :
         {sudoku::Logic::fast, sudoku::Logic::singles, sudoku::Logic::none}) {
      sudoku::Solver solver(*record.geometry);
      solver.set_logic(logic);
      bool all_valid = true;
      std::uint64_t solutions = 0;
      try {
        solutions = solver
                        .solve(record.givens, limit,
                               [&](const Grid& g) {
                                 all_valid = all_valid && clues_hold(p, g);
                                 return true;
                               })
                        .solutions;
      } catch (const sudoku::ClashError&) {
      }
      EXPECT_EQ(solutions, expected) << input << " logic " << static_cast<int>(logic);
      EXPECT_TRUE(all_valid) << input;
    }
    if (expected == 0) continue;
    ++with_solutions;
    if (expected != 1) continue;
    ++unique;
    sudoku::Candidates c(*record.geometry);
    ASSERT_TRUE(c.reset(record.givens)) << input;
    const sudoku::LogicTables tables(*record.geometry);
    sudoku::reduce(c, tables, sudoku::Level::all, nullptr);
    for (int cell = 0; cell < n * n; ++cell)
      EXPECT_NE(c.mask(cell) & sudoku::digit_bit(first[static_cast<std::size_t>(cell)]), 0u)
          << input << " at " << name(p, cell);
  }
  EXPECT_GT(with_solutions, instances / 3);
  EXPECT_GT(unique, 0);
  std::printf("%dx%d: %d instances, %d with solutions, %d with one\n", n, n, instances,
              with_solutions, unique);
}

TEST(SudokuSumRules, CountsAsTheBruteForceOn4x4) {
  check_sweep(4, share_of(600), 1000);
}

TEST(SudokuSumRules, CountsAsTheBruteForceOn6x6) {
  check_sweep(6, share_of(300), 50);
}

}  // namespace

namespace {

// Each rule's reading errors name the word and say what is wanted.
TEST(SudokuSumRules, HeaderErrorsNameTheWord) {
  const auto error = [](const std::string& header) {
    const auto records = sudoku::read_all(header + "\n" + std::string(81, '.') + "\n");
    if (records.empty() || records.front().ok()) return std::string("no error");
    const auto& e = *records.front().error;
    return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.what();
  };
  EXPECT_EQ(error("#arrow r1c1:r1c3"),
            "1:13: #arrow: 'r1c3': the arrow does not start beside its circle r1c1");
  EXPECT_EQ(error("#arrow r1c1"),
            "1:8: #arrow: 'r1c1': an arrow is its circle, then ':' and its "
            "cells (e.g. r1c1:r1c2-r1c3)");
  EXPECT_EQ(error("#little-killer r0c1:dd=5"),
            "1:21: #little-killer: 'dd' is no direction (dr, dl, ur or ul)");
  EXPECT_EQ(error("#little-killer r1c10:ur=5"),
            "1:16: #little-killer: 'r1c10:ur=5': that diagonal misses the grid");
  EXPECT_EQ(error("#sandwich r5c5=3"),
            "1:11: #sandwich: 'r5c5' is no place beside the grid (r0c1 to r0c9 above it, r10c1 "
            "below, r1c0 left, r1c10 right)");
  EXPECT_EQ(error("#sandwich r0c3=36"), "1:16: #sandwich: '36' is no sandwich sum (0 to 35)");
  EXPECT_EQ(error("#x-sum r0c3"),
            "1:8: #x-sum: 'r0c3': a clue is its place beside the grid and its number (e.g. "
            "r0c3=15)");
  EXPECT_EQ(error("#between r1c1-r1c2"),
            "1:10: #between: 'r1c1-r1c2': #between takes at least 3 cells (e.g. r1c1-r1c2-r1c3)");
  EXPECT_EQ(error("#quadruple r9c1=1/2"),
            "1:12: #quadruple: 'r9c1': a quadruple's corner needs a cell right of and below it");
  EXPECT_EQ(error("#quadruple r1c1=1/2/3/4/5"),
            "1:12: #quadruple: 'r1c1=1/2/3/4/5': a quadruple lists at most four digits");
  EXPECT_EQ(error("#sum-cage r1c1-r1c2=5 r1c2-r1c3=4"),
            "1:23: #sum-cage: r1c2 is in two sum cages");
  EXPECT_EQ(error("#zipper"), "1:1: #zipper: #zipper needs its lines (e.g. r1c1-r1c2-r1c3)");
  // Sandwiches and X-sums reason with the sets of a row's digits: grids up to 16x16.
  const auto records = sudoku::read_all("#x-sum r0c1=15\n" + std::string(625, '.') + "\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_FALSE(records.front().ok());
  EXPECT_EQ(std::string(records.front().error->what()),
            "#x-sum: #x-sum is read on grids up to 16x16");
}

// The marks of the rules over several cells: clues beside the grid, a corner's circle, an
// arrow's circle and line, a sum cage.
TEST(SudokuSumRules, MarksAreCluesCornersArrowsAndCages) {
  const auto records = sudoku::read_all(
      "#sandwich r0c3=15\n#little-killer r10c9:ul=12\n#quadruple r7c7=1/2/9\n"
      "#arrow r1c1:r1c2-r2c3\n#sum-cage r5c5-r5c6=7\n" +
      std::string(81, '.') + "\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records.front().ok());
  const sudoku::Geometry& g = *records.front().geometry;
  std::vector<sudoku::RuleMark> marks;
  for (const auto& rule : g.rules()) rule->draw(g, marks);
  ASSERT_EQ(marks.size(), 6u);
  EXPECT_EQ(marks[0].kind, sudoku::RuleMark::Kind::outside);
  EXPECT_EQ(marks[0].cells.front(), 2);  // r1c3, below its clue
  EXPECT_EQ(marks[0].step_row, 1);
  EXPECT_FALSE(marks[0].arrow);
  EXPECT_EQ(marks[1].text, "12");
  EXPECT_TRUE(marks[1].arrow);
  EXPECT_EQ(marks[1].cells.front(), 79);  // r9c8, up and left of r10c9
  EXPECT_EQ(marks[1].step_col, -1);
  EXPECT_EQ(marks[2].kind, sudoku::RuleMark::Kind::corner);
  EXPECT_EQ(marks[2].text, "129");
  EXPECT_EQ(marks[3].kind, sudoku::RuleMark::Kind::circle);
  EXPECT_EQ(marks[4].kind, sudoku::RuleMark::Kind::line);
  EXPECT_TRUE(marks[4].arrow);
  EXPECT_EQ(marks[4].cells, (std::vector<int>{0, 1, 11}));
  EXPECT_EQ(marks[5].kind, sudoku::RuleMark::Kind::cage);
  EXPECT_EQ(marks[5].text, "7");
}

}  // namespace
