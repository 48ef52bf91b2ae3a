// The rules of sudoku/model/rule.hpp (non-consecutive, disjoint groups, odd and even cells,
// kropki dots, XV): read from their header lines, written back the same, and counted by the
// exact-cover search as a brute force written here counts them, on random instances of 4x4 and
// 6x6 grids; the logic's relation steps never remove a digit of a solution.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/rule.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/solver.hpp"
#include "test_share.hpp"

namespace {

using sudoku::Grid;

// A puzzle with rules, described independently of the library: the brute force checks these.
struct Instance {
  int n = 4, box_rows = 2, box_cols = 2;
  bool non_consecutive = false, disjoint = false;
  std::vector<int> odd, even;
  struct Edge {
    int a, b;
    char kind;  // 'w', 'b' (kropki), 'x', 'v'
  };
  std::vector<Edge> edges;
  bool kropki_all = false, xv_all = false;
  Grid givens;
};

std::string name(const Instance& p, int cell) {
  return "r" + std::to_string(cell / p.n + 1) + "c" + std::to_string(cell % p.n + 1);
}

bool adjacent(const Instance& p, int a, int b) {
  const int dr = std::abs(a / p.n - b / p.n), dc = std::abs(a % p.n - b % p.n);
  return dr + dc == 1;
}

bool kropki(char kind, int x, int y) {
  return kind == 'w' ? std::abs(x - y) == 1 : x == 2 * y || y == 2 * x;
}
bool xv(char kind, int x, int y) {
  return x + y == (kind == 'x' ? 10 : 5);
}

// The text the reader reads: the rules' header lines, then the line of givens.
std::string text(const Instance& p) {
  std::string out;
  if (p.non_consecutive) out += "#non-consecutive\n";
  if (p.disjoint) out += "#disjoint-groups\n";
  const auto cells = [&](const std::vector<int>& list) {
    std::string s;
    for (int c : list) s += " " + name(p, c);
    return s;
  };
  if (!p.odd.empty()) out += "#odd" + cells(p.odd) + "\n";
  if (!p.even.empty()) out += "#even" + cells(p.even) + "\n";
  for (const bool dots : {true, false}) {
    std::string line;
    for (const Instance::Edge& e : p.edges) {
      if ((e.kind == 'w' || e.kind == 'b') != dots) continue;
      line += std::string(" ") + (e.kind == 'w'   ? "white"
                                  : e.kind == 'b' ? "black"
                                  : e.kind == 'x' ? "x"
                                                  : "v") +
              " " + name(p, e.a) + "-" + name(p, e.b);
    }
    const bool all = dots ? p.kropki_all : p.xv_all;
    if (!line.empty() || all) out += (dots ? "#kropki" : "#xv") + std::string(all ? " all" : "") + line + "\n";
  }
  for (int d : p.givens) out += d == 0 ? '.' : static_cast<char>('0' + d);
  return out + "\n";
}

// Whether the digits placed so far keep every rule and house, looking at the last one placed.
bool fits(const Instance& p, const Grid& g, int cell) {
  const int n = p.n, d = g[static_cast<std::size_t>(cell)];
  const int r = cell / n, c = cell % n;
  for (int other = 0; other < cell; ++other) {
    const int e = g[static_cast<std::size_t>(other)];
    const int r2 = other / n, c2 = other % n;
    const bool same_box =
        r / p.box_rows == r2 / p.box_rows && c / p.box_cols == c2 / p.box_cols;
    const bool same_group = p.disjoint && r % p.box_rows == r2 % p.box_rows &&
                            c % p.box_cols == c2 % p.box_cols;
    if (e == d && (r == r2 || c == c2 || same_box || same_group)) return false;
    if (adjacent(p, cell, other)) {
      if (p.non_consecutive && std::abs(d - e) == 1) return false;
      bool kropki_mark = false, xv_mark = false;
      for (const Instance::Edge& edge : p.edges) {
        if (!((edge.a == cell && edge.b == other) || (edge.b == cell && edge.a == other)))
          continue;
        if (edge.kind == 'w' || edge.kind == 'b') {
          kropki_mark = true;
          if (!kropki(edge.kind, d, e)) return false;
        } else {
          xv_mark = true;
          if (!xv(edge.kind, d, e)) return false;
        }
      }
      if (p.kropki_all && !kropki_mark && (kropki('w', d, e) || kropki('b', d, e))) return false;
      if (p.xv_all && !xv_mark && (xv('x', d, e) || xv('v', d, e))) return false;
    }
  }
  if (std::find(p.odd.begin(), p.odd.end(), cell) != p.odd.end() && d % 2 == 0) return false;
  if (std::find(p.even.begin(), p.even.end(), cell) != p.even.end() && d % 2 == 1) return false;
  return true;
}

// The number of solutions, up to `limit`, by trying every digit in every cell in order.
std::uint64_t brute_count(const Instance& p, std::uint64_t limit) {
  Grid g(static_cast<std::size_t>(p.n * p.n), 0);
  std::uint64_t count = 0;
  const auto walk = [&](auto&& self, int cell) -> void {
    if (count >= limit) return;
    if (cell == p.n * p.n) {
      ++count;
      return;
    }
    const int given = p.givens[static_cast<std::size_t>(cell)];
    for (int d = given != 0 ? given : 1; d <= (given != 0 ? given : p.n); ++d) {
      g[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
      if (fits(p, g, cell)) self(self, cell + 1);
    }
    g[static_cast<std::size_t>(cell)] = 0;
  };
  walk(walk, 0);
  return count;
}

// A random grid of houses alone (no rule), to draw rules that hold on it.
Grid random_grid(const Instance& shape, std::mt19937_64& random) {
  Instance p = shape;
  p.odd.clear();
  p.even.clear();
  p.edges.clear();
  p.kropki_all = p.xv_all = false;
  Grid g(static_cast<std::size_t>(p.n * p.n), 0);
  const auto walk = [&](auto&& self, int cell) -> bool {
    if (cell == p.n * p.n) return true;
    std::vector<int> digits(static_cast<std::size_t>(p.n));
    for (int d = 1; d <= p.n; ++d) digits[static_cast<std::size_t>(d - 1)] = d;
    std::shuffle(digits.begin(), digits.end(), random);
    for (int d : digits) {
      g[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
      if (fits(p, g, cell) && self(self, cell + 1)) return true;
    }
    g[static_cast<std::size_t>(cell)] = 0;
    return false;
  };
  if (!walk(walk, 0)) g.clear();
  return g;
}

// A random instance: marks mostly true of a random grid (so that many instances have solutions),
// some drawn at random, and a few givens of the grid.
Instance random_instance(int n, std::mt19937_64& random) {
  Instance p;
  p.n = n;
  p.box_rows = 2;
  p.box_cols = n / 2;
  const auto chance = [&](int percent) {
    return static_cast<int>(random() % 100) < percent;
  };
  p.non_consecutive = chance(15);
  p.disjoint = chance(25);
  // The grid keeps the houses and the flags' rules (dropped when no grid can).
  Grid solution = random_grid(p, random);
  if (solution.empty()) {
    p.non_consecutive = false;
    solution = random_grid(p, random);
  }
  if (solution.empty()) {
    p.disjoint = false;
    solution = random_grid(p, random);
  }
  const int cells = n * n;
  for (int cell = 0; cell < cells; ++cell) {
    const int d = solution[static_cast<std::size_t>(cell)];
    if (chance(8)) (d % 2 == 1) != chance(3) ? p.odd.push_back(cell) : p.even.push_back(cell);
  }
  p.kropki_all = chance(20);
  p.xv_all = chance(20);
  for (int cell = 0; cell < cells; ++cell)
    for (const int other : {cell + 1, cell + n}) {
      if (other >= cells || !adjacent(p, cell, other)) continue;
      const int x = solution[static_cast<std::size_t>(cell)];
      const int y = solution[static_cast<std::size_t>(other)];
      const bool wrong = chance(1);
      char kind = 0;
      if (kropki('b', x, y) != wrong && chance(p.kropki_all ? 100 : 50))
        kind = 'b';
      else if (kropki('w', x, y) != wrong && chance(p.kropki_all ? 100 : 50))
        kind = 'w';
      else if (xv('x', x, y) != wrong && chance(p.xv_all ? 100 : 50))
        kind = 'x';
      else if (xv('v', x, y) != wrong && chance(p.xv_all ? 100 : 50))
        kind = 'v';
      if (kind != 0) p.edges.push_back({cell, other, kind});
    }
  p.givens.assign(static_cast<std::size_t>(cells), 0);
  for (int k = static_cast<int>(random() % static_cast<unsigned>(n + 1)); k > 0; --k) {
    const auto cell = static_cast<std::size_t>(random() % static_cast<unsigned>(cells));
    p.givens[cell] = solution[cell];
  }
  return p;
}

// Whether a complete grid keeps every rule and house (the brute force's check, cell by cell).
bool valid(const Instance& p, const Grid& g) {
  for (int cell = 0; cell < p.n * p.n; ++cell)
    if (!fits(p, g, cell)) return false;
  return true;
}

sudoku::Record read_one(const std::string& text) {
  const auto records = sudoku::read_all(text);
  EXPECT_EQ(records.size(), 1u) << text;
  return records.empty() ? sudoku::Record{} : records.front();
}

void check_sweep(int n, int instances, std::uint64_t limit) {
  std::mt19937_64 random(0x5eed + static_cast<unsigned>(n));
  int with_solutions = 0;
  for (int i = 0; i < instances; ++i) {
    const Instance p = random_instance(n, random);
    const std::string input = text(p);
    const sudoku::Record record = read_one(input);
    ASSERT_TRUE(record.ok()) << input << record.error->what();
    // Written back, the same text (the rules in the order read, their marks sorted by kind).
    const std::string written = sudoku::format_header(*record.geometry) +
                                sudoku::format_line(*record.geometry, record.givens) + "\n";
    const sudoku::Record again = read_one(written);
    ASSERT_TRUE(again.ok()) << written;
    EXPECT_EQ(again.geometry->rules_text(), record.geometry->rules_text()) << written;
    EXPECT_EQ(again.givens, record.givens);

    const std::uint64_t expected = brute_count(p, limit);
    sudoku::Solver solver(*record.geometry);
    bool all_valid = true;
    Grid first;
    std::uint64_t solutions = 0;
    try {
      solutions = solver.solve(record.givens, limit, [&](const Grid& g) {
                        all_valid = all_valid && valid(p, g);
                        if (first.empty()) first = g;
                        return true;
                      }).solutions;
    } catch (const sudoku::ClashError&) {
      // Two givens in one house (a disjoint group's, say): no solution, said as a clash.
    }
    EXPECT_EQ(solutions, expected) << input;
    EXPECT_TRUE(all_valid) << input;
    // The same without the logic: the givens' consequences alone, the rest to the search.
    sudoku::Solver plain(*record.geometry);
    plain.set_logic(sudoku::Logic::none);
    std::uint64_t plain_solutions = 0;
    try {
      plain_solutions = plain.solve(record.givens, limit, [&](const Grid& g) {
                               all_valid = all_valid && valid(p, g);
                               return true;
                             }).solutions;
    } catch (const sudoku::ClashError&) {
    }
    EXPECT_EQ(plain_solutions, expected) << input << " (--logic none)";
    EXPECT_TRUE(all_valid) << input;
    if (expected == 0) continue;
    ++with_solutions;
    // The logic (the full ladder, relation steps among its rungs) keeps a solution's digits.
    sudoku::Candidates c(*record.geometry);
    ASSERT_TRUE(c.reset(record.givens)) << input;
    const sudoku::LogicTables tables(*record.geometry);
    std::vector<sudoku::Step> steps;
    sudoku::reduce(c, tables, sudoku::Level::all, &steps);
    if (expected != 1) continue;
    for (int cell = 0; cell < n * n; ++cell)
      EXPECT_NE(c.mask(cell) & sudoku::digit_bit(first[static_cast<std::size_t>(cell)]), 0u)
          << input << " at " << name(p, cell);
  }
  // The sweep means something only if many instances have solutions.
  EXPECT_GT(with_solutions, instances / 4);
}

TEST(SudokuRules, CountsAsTheBruteForceOn4x4) {
  check_sweep(4, share_of(400), 1000);
}

TEST(SudokuRules, CountsAsTheBruteForceOn6x6) {
  check_sweep(6, share_of(150), 200);
}

// The miracle sudoku (Mitchell Lee, 2020): anti-knight, anti-king and non-consecutive with two
// givens has one solution, whose first row is 483726159.
TEST(SudokuRules, MiracleSudokuHasOneSolution) {
  const sudoku::Record r = read_one(
      std::string("#variant anti-knight anti-king\n#non-consecutive\n") +
      std::string(38, '.') + "1" + std::string(12, '.') + "2" + std::string(29, '.') + "\n");
  ASSERT_TRUE(r.ok());
  sudoku::Solver solver(*r.geometry);
  const sudoku::SolveResult result = solver.solve(r.givens, 0);
  EXPECT_EQ(result.solutions, 1u);
  EXPECT_EQ(sudoku::format_line(*r.geometry, result.first).substr(0, 9), "483726159");
  EXPECT_EQ(sudoku::describe_shape(*r.geometry), "anti-knight anti-king non-consecutive");
}

TEST(SudokuRules, HeaderErrorsNameLineAndColumn) {
  const auto error = [](const std::string& text) {
    const auto records = sudoku::read_all(text);
    EXPECT_FALSE(records.empty());
    if (records.empty() || records.front().ok()) return std::string("no error");
    const auto& e = *records.front().error;
    return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.what();
  };
  const std::string grid(81, '.');
  EXPECT_EQ(error("#odd r1c1 r10c1\n" + grid + "\n"),
            "1:11: #odd: 'r10c1' is no cell of a 9x9 grid (r1c1 to r9c9)");
  EXPECT_EQ(error("#kropki white r1c1-r2c2\n" + grid + "\n"),
            "1:15: #kropki: 'r1c1-r2c2': the two cells are not neighbours");
  EXPECT_EQ(error("#kropki r1c1-r1c2\n" + grid + "\n"),
            "1:9: #kropki: 'r1c1-r1c2': name the kind of mark first ('white', 'black')");
  EXPECT_EQ(error("#xv x r1c1-r1c2 v r1c2-r1c1\n" + grid + "\n"),
            "1:19: #xv: r1c1-r1c2 has two marks");
  EXPECT_EQ(error("#non-consecutive please\n" + grid + "\n"),
            "1:18: #non-consecutive: #non-consecutive takes no arguments");
  EXPECT_EQ(error("#even r1c1\n"), "1:1: a rule with no puzzle after it, at the end of the input");
  EXPECT_EQ(error("#kropki\n" + grid + "\n"),
            "1:1: #kropki: #kropki needs its marks (e.g. 'white r1c1-r1c2'), or 'all'");
  EXPECT_EQ(error("#regions 000111222000111222000111222333444555333444555333444555666777888666777888666777888\n#disjoint-groups\n" + grid + "\n"),
            "2:1: #disjoint-groups: disjoint groups need a grid with boxes (not a jigsaw or a "
            "samurai)");
  // The rule lines are for the next puzzle only.
  const auto records = sudoku::read_all("#odd r1c1\n" + grid + "\n" + grid + "\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].geometry->rules().size(), 1u);
  EXPECT_TRUE(records[1].geometry->rules().empty());
}

// A relation step names its mark, its cells and its rule.
TEST(SudokuRules, RelationStepsAreWorded) {
  const sudoku::Record r = read_one("#kropki black r1c1-r1c2\n#odd r1c2\n" + std::string(81, '.') + "\n");
  ASSERT_TRUE(r.ok());
  sudoku::Candidates c(*r.geometry);
  ASSERT_TRUE(c.reset(r.givens));
  std::vector<sudoku::Step> steps;
  const sudoku::Found found = sudoku::rule_relations(c, &steps);
  ASSERT_EQ(found.steps, 1);
  // r1c2 is odd (1, 3, 5, 7, 9): r1c1 is its double (2, 6) or its half (none odd... 1.5): the
  // odd digits without a double or half among the other's candidates go.
  EXPECT_EQ(sudoku::describe(*r.geometry, steps.front()).substr(0, 37),
            "black dot r1c1-r1c2 (kropki): removes");
  EXPECT_EQ(c.mask(0), sudoku::digit_bit(2) | sudoku::digit_bit(6));
  EXPECT_EQ(c.mask(1), sudoku::digit_bit(1) | sudoku::digit_bit(3));
}

}  // namespace
