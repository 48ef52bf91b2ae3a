#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "dlx/cost.hpp"
#include "dlx/preprocess.hpp"
#include "dlx/reader.hpp"
#include "dlx/solver.hpp"

namespace {

using dlx::Entry;
using dlx::ItemKind;
using dlx::Matrix;
using dlx::OptionId;

// A problem as sets: its item names, and each option as its words ("x:a" for a color).
struct Shape {
  std::vector<std::string> items;
  std::multiset<std::multiset<std::string>> options;
  bool operator==(const Shape&) const = default;
};

Shape shape_of(const Matrix& m, const std::vector<std::string>& colors) {
  Shape s;
  for (std::size_t i = 0; i < m.item_count(); ++i)
    s.items.push_back(m.item_name(static_cast<dlx::ItemId>(i)));
  for (std::size_t o = 0; o < m.option_count(); ++o) {
    std::multiset<std::string> words;
    for (const Entry& e : m.option(static_cast<OptionId>(o))) {
      std::string w = m.item_name(e.item);
      if (e.color != 0) w += ":" + colors.at(static_cast<std::size_t>(e.color));
      words.insert(w);
    }
    s.options.insert(words);
  }
  return s;
}

// DLX-PRE's output read as a shape: the item line's names, then one option a line.
Shape shape_of_text(std::istream& in) {
  Shape s;
  std::string line;
  bool items = true;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string w;
    if (!(words >> w) || w.front() == '|') continue;
    std::multiset<std::string> option;
    do {
      if (items) {
        if (w != "|") s.items.push_back(w);
      } else {
        option.insert(w);
      }
    } while (words >> w);
    if (!items) s.options.insert(option);
    items = false;
  }
  return s;
}

dlx::Problem read(const std::string& file) {
  std::ifstream in(std::string(TEST_DATA_DIR) + "/" + file);
  EXPECT_TRUE(in) << file;
  return dlx::read_problem(in);
}

// The outputs of Knuth's DLX-PRE (`dlx-pre < FILE`) on the files of tests/data: the same items
// and options are left.
TEST(Preprocess, LeavesWhatKnuthsDlxPreLeaves) {
  for (const char* name :
       {"pre-knuth-1", "pre-knuth-2", "pre-random-119", "pre-random-216", "pre-random-253"}) {
    SCOPED_TRACE(name);
    const dlx::Problem problem = read(std::string(name) + ".dlx");
    const dlx::Preprocessed reduced = dlx::preprocess(problem.matrix);
    std::ifstream expected(std::string(TEST_DATA_DIR) + "/" + name + ".dlx-pre.out");
    ASSERT_TRUE(expected);
    EXPECT_EQ(shape_of(reduced.matrix, problem.color_names), shape_of_text(expected));
    EXPECT_EQ(reduced.options_removed,
              problem.matrix.option_count() - reduced.matrix.option_count());
  }
}

TEST(Preprocess, KnuthsFirstExampleBecomesThreeSingletons) {
  // DLX-PRE's documentation: A D G, then F, C, G go; A, B, E remain, each in one option.
  const dlx::Problem problem = read("pre-knuth-1.dlx");
  const dlx::Preprocessed reduced = dlx::preprocess(problem.matrix);
  EXPECT_EQ(reduced.matrix.item_count(), 3u);
  EXPECT_EQ(reduced.matrix.option_count(), 3u);
  EXPECT_EQ(reduced.rounds, 3u);
  EXPECT_EQ(reduced.origin, (std::vector<OptionId>{3, 4, 0}));  // from options 4, 5 and 1
}

TEST(Preprocess, SolvesAHardSudokuByItselfAsDlxPreDoes) {
  // dlx-pre on tests/data/sudoku-hard1.dlx: 512 options and 243 items removed in 6 rounds.
  const dlx::Problem problem = read("sudoku-hard1.dlx");
  const dlx::Preprocessed reduced = dlx::preprocess(problem.matrix);
  EXPECT_EQ(reduced.options_removed, 512u);
  EXPECT_EQ(reduced.items_removed, 243u);
  EXPECT_EQ(reduced.rounds, 6u);
  dlx::Solver solver(reduced.matrix);
  EXPECT_EQ(solver.count().stats.solutions, 1u);
}

TEST(Preprocess, AnItemWithoutOptionsLeavesItAlone) {
  Matrix m;
  m.add_item("a");
  m.add_item("b");
  m.add_item("c");
  m.add_option({"a", "b"});
  m.add_option({"a"});
  const dlx::Preprocessed reduced = dlx::preprocess(m);
  EXPECT_TRUE(reduced.infeasible);
  ASSERT_EQ(reduced.matrix.item_count(), 1u);
  EXPECT_EQ(reduced.matrix.item_name(0), "c");
  EXPECT_EQ(reduced.matrix.option_count(), 0u);
}

// Every solution of a matrix, each as the sorted set of its options.
std::set<std::vector<OptionId>> solutions(const Matrix& m,
                                          const std::vector<OptionId>* origin = nullptr) {
  std::set<std::vector<OptionId>> out;
  dlx::Solver solver(m);
  solver.search([&](std::span<const OptionId> s) {
    std::vector<OptionId> v;
    for (OptionId o : s) v.push_back(origin ? (*origin)[static_cast<std::size_t>(o)] : o);
    std::sort(v.begin(), v.end());
    out.insert(v);
    return true;
  });
  return out;
}

TEST(Preprocess, NeverChangesTheSolutions) {
  std::mt19937 rng(2026);
  int reduced_some = 0;
  for (int round = 0; round < 500; ++round) {
    SCOPED_TRACE(round);
    Matrix m;
    const int primaries = std::uniform_int_distribution<int>(2, 8)(rng);
    const int secondaries = std::uniform_int_distribution<int>(0, 3)(rng);
    for (int i = 0; i < primaries; ++i) m.add_item(std::string(1, 'p').append(std::to_string(i)));
    for (int i = 0; i < secondaries; ++i)
      m.add_item(std::string(1, 's').append(std::to_string(i)), ItemKind::secondary);
    const int options = std::uniform_int_distribution<int>(2, 24)(rng);
    for (int o = 0; o < options; ++o) {
      std::vector<Entry> entries;
      for (int i = 0; i < primaries + secondaries; ++i) {
        if (std::uniform_int_distribution<int>(0, 3)(rng) != 0) continue;
        entries.push_back({i, i >= primaries ? std::uniform_int_distribution<int>(0, 2)(rng) : 0});
      }
      entries.push_back({std::uniform_int_distribution<int>(0, primaries - 1)(rng), 0});
      std::sort(entries.begin(), entries.end(),
                [](const Entry& a, const Entry& b) { return a.item < b.item; });
      entries.erase(std::unique(entries.begin(), entries.end(),
                                [](const Entry& a, const Entry& b) { return a.item == b.item; }),
                    entries.end());
      std::shuffle(entries.begin(), entries.end(), rng);
      m.add_option(entries, std::uniform_int_distribution<dlx::Cost>(0, 5)(rng));
    }
    const dlx::Preprocessed reduced = dlx::preprocess(m);
    if (reduced.matrix.option_count() < m.option_count()) ++reduced_some;
    const auto before = solutions(m);
    if (reduced.infeasible) {
      EXPECT_TRUE(before.empty());
      continue;
    }
    // The same solutions, option for option, and the same cheapest costs.
    EXPECT_EQ(solutions(reduced.matrix, &reduced.origin), before);
    ASSERT_EQ(reduced.origin.size(), reduced.matrix.option_count());
    for (std::size_t o = 0; o < reduced.origin.size(); ++o)
      EXPECT_EQ(reduced.matrix.cost(static_cast<OptionId>(o)), m.cost(reduced.origin[o]));
    std::vector<dlx::Cost> a, b;
    for (const auto& s : dlx::CostSolver(m).best(3).best) a.push_back(s.cost);
    for (const auto& s : dlx::CostSolver(reduced.matrix).best(3).best) b.push_back(s.cost);
    EXPECT_EQ(a, b);
  }
  EXPECT_GT(reduced_some, 100);  // the rules did apply
}

}  // namespace
