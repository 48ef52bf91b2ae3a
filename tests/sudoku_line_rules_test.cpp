// The rules of lines and cells that setters draw (thermometers, slow thermometers, whispers,
// palindromes, renban, nabner and entropic lines, smaller-than signs, minimum and maximum cells,
// clones, extra regions): read from their header lines and written back the same, and counted
// by the exact-cover search as a brute force written here from each rule's definition counts
// them, on random instances of 4x4 and 6x6 grids; the logic never removes a digit of the one
// solution, and the true candidates are every solution's digits.
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
  thermo,
  slow_thermo,
  whispers,
  palindrome,
  renban,
  nabner,
  entropic,
  less,
  minimum,
  maximum,
  clone,
  extra_region,
};
constexpr int kinds = 12;
constexpr const char* keywords[kinds] = {"thermo",  "slow-thermo", "whispers", "palindrome",
                                         "renban",  "nabner",      "entropic", "less",
                                         "minimum", "maximum",     "clone",    "extra-region"};

// One rule: its lines (a clone's two sides are lines 0 and 1 of each pair; minimum and maximum
// cells are lines of one cell), and a whispers line's least difference (0: the default).
struct RuleSpec {
  Kind kind;
  std::vector<std::vector<int>> lines;
  int number = 0;
};

struct Instance {
  int n = 4, box_rows = 2, box_cols = 2;
  std::vector<RuleSpec> rules;
  Grid givens;
};

// Strings appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "r" + std::string.
std::string name(const Instance& p, int cell) {
  std::string out(1, 'r');
  out += std::to_string(cell / p.n + 1);
  out += 'c';
  out += std::to_string(cell % p.n + 1);
  return out;
}

std::string joined(const Instance& p, const std::vector<int>& cells) {
  std::string out;
  for (int c : cells) {
    if (!out.empty()) out += '-';
    out += name(p, c);
  }
  return out;
}

std::string text(const Instance& p) {
  std::string out;
  for (const RuleSpec& r : p.rules) {
    out += '#';
    out += keywords[static_cast<int>(r.kind)];
    if (r.number != 0) (out += ' ') += std::to_string(r.number);
    if (r.kind == Kind::clone) {
      for (std::size_t i = 0; i + 1 < r.lines.size(); i += 2)
        (((out += ' ') += joined(p, r.lines[i])) += '=') += joined(p, r.lines[i + 1]);
    } else if (r.kind == Kind::minimum || r.kind == Kind::maximum) {
      for (const auto& line : r.lines) (out += ' ') += name(p, line.front());
    } else {
      for (const auto& line : r.lines) (out += ' ') += joined(p, line);
    }
    out += '\n';
  }
  for (int d : p.givens) out += d == 0 ? '.' : static_cast<char>('0' + d);
  return out + "\n";
}

// Whether one line of a rule holds on the digits `v` of its cells, by the rule's definition.
bool line_holds(const Instance& p, const RuleSpec& r, const std::vector<int>& v) {
  const int length = static_cast<int>(v.size());
  switch (r.kind) {
    case Kind::thermo:
      for (int i = 1; i < length; ++i)
        if (v[i] <= v[i - 1]) return false;
      return true;
    case Kind::slow_thermo:
      for (int i = 1; i < length; ++i)
        if (v[i] < v[i - 1]) return false;
      return true;
    case Kind::whispers: {
      const int least = r.number != 0 ? r.number : (p.n + 1) / 2;
      for (int i = 1; i < length; ++i)
        if (std::abs(v[i] - v[i - 1]) < least) return false;
      return true;
    }
    case Kind::palindrome:
      for (int i = 0; i < length; ++i)
        if (v[i] != v[length - 1 - i]) return false;
      return true;
    case Kind::renban: {
      std::vector<int> s = v;
      std::sort(s.begin(), s.end());
      for (int i = 1; i < length; ++i)
        if (s[i] != s[i - 1] + 1) return false;
      return true;
    }
    case Kind::nabner:
      for (int i = 0; i < length; ++i)
        for (int j = i + 1; j < length; ++j)
          if (std::abs(v[i] - v[j]) <= 1) return false;
      return true;
    case Kind::entropic: {
      const int third = p.n / 3;
      for (int i = 0; i + 2 < length; ++i) {
        bool seen[3] = {false, false, false};
        for (int k = i; k < i + 3; ++k) seen[(v[k] - 1) / third] = true;
        if (!(seen[0] && seen[1] && seen[2])) return false;
      }
      return true;
    }
    case Kind::less:
      return v[0] < v[1];
    case Kind::extra_region:
      for (int i = 0; i < length; ++i)
        for (int j = i + 1; j < length; ++j)
          if (v[i] == v[j]) return false;
      return true;
    default:
      return true;  // minimum, maximum and clone: checked by the grid, below
  }
}

// Whether the grid keeps every rule whose cells are all filled (0: empty).
bool rules_hold(const Instance& p, const Grid& g) {
  const auto at = [&](int cell) { return static_cast<int>(g[static_cast<std::size_t>(cell)]); };
  for (const RuleSpec& r : p.rules) {
    if (r.kind == Kind::minimum || r.kind == Kind::maximum) {
      for (const auto& line : r.lines) {
        const int cell = line.front(), row = cell / p.n, col = cell % p.n;
        if (at(cell) == 0) continue;
        const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int k = 0; k < 4; ++k) {
          const int r2 = row + dr[k], c2 = col + dc[k];
          if (r2 < 0 || r2 >= p.n || c2 < 0 || c2 >= p.n || at(r2 * p.n + c2) == 0) continue;
          const int other = at(r2 * p.n + c2);
          if (r.kind == Kind::minimum ? at(cell) >= other : at(cell) <= other) return false;
        }
      }
      continue;
    }
    if (r.kind == Kind::clone) {
      for (std::size_t i = 0; i + 1 < r.lines.size(); i += 2)
        for (std::size_t k = 0; k < r.lines[i].size(); ++k) {
          const int x = at(r.lines[i][k]), y = at(r.lines[i + 1][k]);
          if (x != 0 && y != 0 && x != y) return false;
        }
      continue;
    }
    for (const auto& line : r.lines) {
      std::vector<int> v;
      for (int c : line) v.push_back(at(c));
      if (std::find(v.begin(), v.end(), 0) != v.end()) continue;
      if (!line_holds(p, r, v)) return false;
    }
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

// The number of solutions up to `limit`, the first in `first`, and in `seen` (when given) each
// cell's digits over the solutions found.
std::uint64_t brute_count(const Instance& p, std::uint64_t limit, Grid* first,
                          std::vector<sudoku::Mask>* seen = nullptr) {
  Grid g(static_cast<std::size_t>(p.n * p.n), 0);
  std::uint64_t count = 0;
  const auto walk = [&](auto&& self, int cell) -> void {
    if (count >= limit) return;
    if (cell == p.n * p.n) {
      if (count++ == 0 && first != nullptr) *first = g;
      if (seen != nullptr)
        for (int c = 0; c < p.n * p.n; ++c)
          (*seen)[static_cast<std::size_t>(c)] |= sudoku::digit_bit(g[static_cast<std::size_t>(c)]);
      return;
    }
    const int given = p.givens[static_cast<std::size_t>(cell)];
    for (int d = given != 0 ? given : 1; d <= (given != 0 ? given : p.n); ++d) {
      g[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
      if (houses_hold(p, g, cell) && rules_hold(p, g)) self(self, cell + 1);
    }
    g[static_cast<std::size_t>(cell)] = 0;
  };
  walk(walk, 0);
  return count;
}

Grid random_grid(const Instance& shape, std::mt19937_64& random) {
  Instance p = shape;
  p.rules.clear();
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

// A random walk of `length` cells, each touching the last (orthogonally only when `orthogonal`),
// none twice; shorter when it is stuck.
std::vector<int> random_walk(const Instance& p, int length, bool orthogonal,
                             std::mt19937_64& random) {
  std::vector<int> line{static_cast<int>(random() % static_cast<unsigned>(p.n * p.n))};
  while (static_cast<int>(line.size()) < length) {
    std::vector<int> next;
    const int r = line.back() / p.n, c = line.back() % p.n;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if ((dr == 0 && dc == 0) || (orthogonal && dr != 0 && dc != 0)) continue;
        const int r2 = r + dr, c2 = c + dc, cell = r2 * p.n + c2;
        if (r2 < 0 || r2 >= p.n || c2 < 0 || c2 >= p.n) continue;
        if (std::find(line.begin(), line.end(), cell) == line.end()) next.push_back(cell);
      }
    if (next.empty()) break;
    line.push_back(next[random() % next.size()]);
  }
  return line;
}

Instance random_instance(int n, std::mt19937_64& random) {
  Instance p;
  p.n = n;
  p.box_cols = n / 2;
  const Grid solution = random_grid(p, random);
  const auto chance = [&](int percent) { return static_cast<int>(random() % 100) < percent; };
  const int rule_count = 1 + static_cast<int>(random() % 3);
  for (int k = 0; k < rule_count; ++k) {
    RuleSpec r{static_cast<Kind>(random() % kinds), {}, 0};
    if (r.kind == Kind::entropic && n % 3 != 0) r.kind = Kind::renban;
    if (r.kind == Kind::whispers && chance(30)) r.number = 1 + static_cast<int>(random() % 2);
    const bool wrong = chance(10);  // a rule that need not hold of the grid
    for (int tries = 0, lines = 1 + static_cast<int>(random() % 2);
         tries < 200 && static_cast<int>(r.lines.size()) < lines * (r.kind == Kind::clone ? 2 : 1);
         ++tries) {
      const int shortest = r.kind == Kind::entropic ? 3 : 2;
      const int length = r.kind == Kind::less ? 2 : shortest + static_cast<int>(random() % 3);
      RuleSpec one{r.kind, {}, r.number};
      if (r.kind == Kind::minimum || r.kind == Kind::maximum) {
        const int cell = static_cast<int>(random() % static_cast<unsigned>(n * n));
        if (std::any_of(r.lines.begin(), r.lines.end(),
                        [&](const std::vector<int>& l) { return l.front() == cell; }))
          continue;
        one.lines.push_back({cell});
      } else if (r.kind == Kind::clone) {
        one.lines.push_back(random_walk(p, length, false, random));
        one.lines.push_back(random_walk(p, static_cast<int>(one.lines[0].size()), false, random));
        if (one.lines[0].size() != one.lines[1].size() ||
            std::any_of(one.lines[0].begin(), one.lines[0].end(), [&](int c) {
              return std::find(one.lines[1].begin(), one.lines[1].end(), c) != one.lines[1].end();
            }))
          continue;
      } else {
        one.lines.push_back(random_walk(p, length, r.kind == Kind::less, random));
        if (static_cast<int>(one.lines[0].size()) < shortest) continue;
      }
      Instance alone = p;
      alone.rules = {one};
      if (!wrong && !rules_hold(alone, solution)) continue;
      r.lines.insert(r.lines.end(), one.lines.begin(), one.lines.end());
    }
    if (!r.lines.empty()) p.rules.push_back(std::move(r));
  }
  p.givens.assign(static_cast<std::size_t>(n * n), 0);
  // A few givens on 4x4; on 6x6 enough that some instances have one solution.
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
  std::mt19937_64 random(0x11e5 + static_cast<unsigned>(n));
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
    // The true candidates: every solution's digits, when the brute force saw every solution.
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
    for (const sudoku::Logic logic : {sudoku::Logic::singles, sudoku::Logic::none}) {
      sudoku::Solver solver(*record.geometry);
      solver.set_logic(logic);
      bool all_valid = true;
      std::uint64_t solutions = 0;
      try {
        solutions = solver
                        .solve(record.givens, limit,
                               [&](const Grid& g) {
                                 all_valid = all_valid && rules_hold(p, g);
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

TEST(SudokuLineRules, CountsAsTheBruteForceOn4x4) {
  check_sweep(4, share_of(600), 1000);
}

TEST(SudokuLineRules, CountsAsTheBruteForceOn6x6) {
  check_sweep(6, share_of(300), 50);
}

// Each rule's reading errors name the word and say what is wanted.
TEST(SudokuLineRules, HeaderErrorsNameTheWord) {
  const auto error = [](const std::string& header) {
    const auto records = sudoku::read_all(header + "\n" + std::string(81, '.') + "\n");
    if (records.empty() || records.front().ok()) return std::string("no error");
    const auto& e = *records.front().error;
    return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.what();
  };
  EXPECT_EQ(error("#thermo r1c1-r1c3"), "1:9: #thermo: 'r1c1-r1c3': r1c1 and r1c3 do not touch");
  EXPECT_EQ(error("#thermo r1c1"),
            "1:9: #thermo: 'r1c1': #thermo takes at least 2 cells (e.g. r1c1-r1c2-r1c3)");
  EXPECT_EQ(error("#renban r1c1-r1c2-r1c1"), "1:19: #renban: r1c1 is listed twice");
  EXPECT_EQ(error("#less r1c1-r2c2"), "1:7: #less: 'r1c1-r2c2': r1c1 and r2c2 do not touch");
  EXPECT_EQ(error("#whispers 12 r1c1-r1c2"), "1:11: #whispers: '12' is no number from 1 to 8");
  EXPECT_EQ(error("#clone r1c1-r1c2=r5c5"),
            "1:8: #clone: 'r1c1-r1c2=r5c5': the two sides have 2 and 1 cells");
  EXPECT_EQ(error("#extra-region r1c1"),
            "1:15: #extra-region: 'r1c1': an extra region has 2 to 9 cells");
  EXPECT_EQ(error("#palindrome"),
            "1:1: #palindrome: #palindrome needs its cells (e.g. r1c1-r1c2-r1c3)");
}

// A line's marks: a thermometer's bulb and line, a sign pointing to the smaller digit.
TEST(SudokuLineRules, MarksAreLinesBulbsAndSigns) {
  const sudoku::Record r =
      read_one("#thermo r2c2-r1c1\n#less r5c5-r5c4 r5c5-r6c5\n" + std::string(81, '.') + "\n");
  ASSERT_TRUE(r.ok());
  std::vector<sudoku::RuleMark> marks;
  for (const auto& rule : r.geometry->rules()) rule->draw(*r.geometry, marks);
  ASSERT_EQ(marks.size(), 4u);
  EXPECT_EQ(marks[0].kind, sudoku::RuleMark::Kind::circle);
  EXPECT_TRUE(marks[0].filled);
  EXPECT_EQ(marks[0].cells, std::vector<int>{10});
  EXPECT_EQ(marks[1].kind, sudoku::RuleMark::Kind::line);
  EXPECT_EQ(marks[1].cells, (std::vector<int>{10, 0}));
  EXPECT_EQ(marks[2].text, ">");
  EXPECT_EQ(marks[3].text, "\u2227");
}

}  // namespace
