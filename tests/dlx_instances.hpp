// Exact-cover instances for the split and parallel tests: generated ones with their known
// counts, and the files of tests/data and examples/.
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/reader.hpp"

namespace instances {

// A named problem; `solutions` is its known count, or -1 when the test computes it.
struct Instance {
  std::string name;
  std::shared_ptr<dlx::Matrix> matrix;
  std::int64_t solutions = -1;
};

// A name made of a letter and a number ("r3"), built without operator+ (which sets off a false
// -Wrestrict in GCC 12).
inline std::string name(char letter, int number) {
  std::string text(1, letter);
  text += std::to_string(number);
  return text;
}

// n queens: rows and columns primary, the diagonals secondary (Knuth's encoding).
inline dlx::Matrix queens(int n) {
  dlx::Matrix m;
  for (int i = 0; i < n; ++i) {
    m.add_item(name('r', i));
    m.add_item(name('c', i));
  }
  for (int d = 0; d < 2 * n - 1; ++d) {
    m.add_item(name('a', d), dlx::ItemKind::secondary);
    m.add_item(name('b', d), dlx::ItemKind::secondary);
  }
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const std::vector<dlx::Entry> option{{m.find_item(name('r', r)), 0},
                                           {m.find_item(name('c', c)), 0},
                                           {m.find_item(name('a', r + c)), 0},
                                           {m.find_item(name('b', r - c + n - 1)), 0}};
      m.add_option(option);
    }
  return m;
}

// Langford pairs of 1..n: value i at positions s and s + i + 1.
inline dlx::Matrix langford(int n) {
  dlx::Matrix m;
  for (int i = 1; i <= n; ++i) m.add_item(name('v', i));
  for (int s = 1; s <= 2 * n; ++s) m.add_item(name('s', s));
  for (int i = 1; i <= n; ++i)
    for (int s = 1; s + i + 1 <= 2 * n; ++s)
      m.add_option({name('v', i), name('s', s), name('s', s + i + 1)});
  return m;
}

// A random problem with secondary items and colors, reproducible from its seed.
inline dlx::Matrix colored(std::uint32_t seed) {
  std::mt19937 random(seed);
  dlx::Matrix m;
  const int primary = 7, secondary = 4, options = 40;
  for (int i = 0; i < primary; ++i) m.add_item(name('p', i));
  for (int i = 0; i < secondary; ++i) m.add_item(name('s', i), dlx::ItemKind::secondary);
  for (int o = 0; o < options; ++o) {
    std::vector<dlx::Entry> entries;
    for (int i = 0; i < primary; ++i)
      if (random() % 4 == 0) entries.push_back({i, 0});
    if (entries.empty()) entries.push_back({static_cast<dlx::ItemId>(random() % primary), 0});
    for (int i = 0; i < secondary; ++i)
      if (random() % 3 == 0)
        entries.push_back({primary + i, static_cast<dlx::ColorId>(random() % 3)});
    m.add_option(entries);
  }
  return m;
}

inline dlx::Matrix from_text(const std::string& text) {
  return dlx::read_problem(text).matrix;
}

inline dlx::Matrix from_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return dlx::read_problem(in).matrix;
}

// Every instance: queens 1..10 (OEIS A000170), Langford 3, 4, 7, 8 (A014552), colored ones, the
// files of tests/data, pentominoes on 3x20 (2 up to symmetry), no solution, a solution at depth 1.
inline std::vector<Instance> all(const std::string& data_dir, const std::string& examples_dir) {
  std::vector<Instance> out;
  const auto add = [&](std::string name, dlx::Matrix m, std::int64_t count) {
    out.push_back({std::move(name), std::make_shared<dlx::Matrix>(std::move(m)), count});
  };
  const std::int64_t queens_counts[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
  for (int n = 1; n <= 10; ++n) add("queens " + std::to_string(n), queens(n), queens_counts[n - 1]);
  add("langford 3", langford(3), 2);
  add("langford 4", langford(4), 2);
  add("langford 7", langford(7), 52);
  add("langford 8", langford(8), 300);
  for (std::uint32_t seed = 1; seed <= 6; ++seed)
    add("colored " + std::to_string(seed), colored(seed), -1);
  for (const char* file :
       {"hardsq-4.dlx", "langford-8.dlx", "latin-4.dlx", "queens-8.dlx", "sudoku-hard1.dlx"})
    add(file, from_file(data_dir + "/" + file), -1);
  add("colors.dlx", from_file(examples_dir + "/dlx/colors.dlx"), 1);
  add("pentominoes 3x20", from_file(examples_dir + "/pentominoes/pentomino-3x20.dlx"), 2);
  add("no solution", from_text("a b c\na b\nb c\n"), 0);
  add("solution at depth 1", from_text("a b c d\na b c d\na b\nc d\na\nb\nc\n"), 3);
  return out;
}

}  // namespace instances
