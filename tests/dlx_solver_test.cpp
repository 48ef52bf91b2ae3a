#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/solver.hpp"
#include "dlx/zdd.hpp"

#if __has_include(<pthread.h>)
#include <pthread.h>
#endif

namespace {

using dlx::ColorId;
using dlx::Entry;
using dlx::ItemId;
using dlx::ItemKind;
using dlx::Limits;
using dlx::Matrix;
using dlx::OptionId;
using dlx::Outcome;
using dlx::Result;
using dlx::Solver;

// A solution as a set: its option ids in increasing order.
using Solution = std::vector<OptionId>;

// A minimal reader for Knuth's DLX text format, private to this test so that it does not depend
// on the library's reader: lines whose first non-blank character is '|' are comments; the first
// other line lists the primary items, then '|', then the secondary items; every further line is
// an option of names, each optionally followed by ':' and a color name.
Matrix parse_dlx(std::istream& in) {
  Matrix m;
  std::map<std::string, ColorId> colors;
  bool have_items = false;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string word;
    if (!(words >> word) || word.front() == '|') continue;
    if (!have_items) {
      ItemKind kind = ItemKind::primary;
      do {
        if (word == "|")
          kind = ItemKind::secondary;
        else
          m.add_item(word, kind);
      } while (words >> word);
      have_items = true;
      continue;
    }
    std::vector<Entry> option;
    do {
      const auto colon = word.find(':');
      ColorId color = 0;
      if (colon != std::string::npos) {
        const auto next = static_cast<ColorId>(colors.size() + 1);
        color = colors.try_emplace(word.substr(colon + 1), next).first->second;
      }
      const ItemId item = m.find_item(word.substr(0, colon));
      if (item < 0) throw std::runtime_error("test parser: unknown item in '" + line + "'");
      option.push_back({item, color});
    } while (words >> word);
    m.add_option(option);
  }
  return m;
}

Matrix parse(std::string_view text) {
  std::istringstream in{std::string(text)};
  return parse_dlx(in);
}

Matrix load(const std::string& file) {
  std::ifstream in(std::string(TEST_DATA_DIR) + "/" + file);
  if (!in) throw std::runtime_error("cannot open test data " + file);
  return parse_dlx(in);
}

// Whether two options may be in one solution: no common primary item, and every common
// secondary item given the same color (not "no color") by both.
bool compatible(const Matrix& m, OptionId a, OptionId b) {
  for (const Entry& x : m.option(a))
    for (const Entry& y : m.option(b))
      if (x.item == y.item &&
          (m.item_kind(x.item) == ItemKind::primary || x.color == 0 || x.color != y.color))
        return false;
  return true;
}

// Whether a set of options is an exact cover of `m`, checked from the definition.
bool is_exact_cover(const Matrix& m, std::span<const OptionId> solution) {
  for (std::size_t i = 0; i < solution.size(); ++i)
    for (std::size_t j = i + 1; j < solution.size(); ++j)
      if (solution[i] == solution[j] || !compatible(m, solution[i], solution[j])) return false;
  std::vector<int> uses(m.item_count(), 0);
  for (OptionId o : solution)
    for (const Entry& e : m.option(o)) ++uses[static_cast<std::size_t>(e.item)];
  for (std::size_t i = 0; i < uses.size(); ++i)
    if (m.item_kind(static_cast<ItemId>(i)) == ItemKind::primary && uses[i] != 1) return false;
  return true;
}

// Every exact cover of `m`, by trying the subsets of its options in id order and abandoning a
// subset as soon as two of its options clash. No links, no choice of item: nothing in common with
// the solver but the definition. Returned sorted.
std::vector<Solution> brute_force(const Matrix& m) {
  const auto option_count = static_cast<OptionId>(m.option_count());
  std::vector<int> uses(m.item_count(), 0);
  std::vector<ColorId> color(m.item_count(), 0);  // color of the uses of an item in use
  std::vector<Solution> found;
  Solution chosen;
  auto fits = [&](OptionId o) {
    for (const Entry& e : m.option(o)) {
      const auto i = static_cast<std::size_t>(e.item);
      if (uses[i] == 0) continue;
      if (m.item_kind(e.item) == ItemKind::primary || e.color == 0 || color[i] != e.color)
        return false;
    }
    return true;
  };
  std::function<void(OptionId)> extend = [&](OptionId o) {
    if (o == option_count) {
      for (std::size_t i = 0; i < uses.size(); ++i)
        if (m.item_kind(static_cast<ItemId>(i)) == ItemKind::primary && uses[i] != 1) return;
      found.push_back(chosen);
      return;
    }
    extend(o + 1);
    if (!fits(o)) return;
    for (const Entry& e : m.option(o)) {
      ++uses[static_cast<std::size_t>(e.item)];
      color[static_cast<std::size_t>(e.item)] = e.color;
    }
    chosen.push_back(o);
    extend(o + 1);
    chosen.pop_back();
    for (const Entry& e : m.option(o)) --uses[static_cast<std::size_t>(e.item)];
  };
  extend(0);
  std::sort(found.begin(), found.end());
  return found;
}

// The solutions a search visits, each as handed to the visitor (forced first, then by level).
std::vector<Solution> visit_all(Solver& solver, Result* result = nullptr) {
  std::vector<Solution> visited;
  Result r = solver.search([&](std::span<const OptionId> s) {
    visited.emplace_back(s.begin(), s.end());
    return true;
  });
  if (result != nullptr) *result = r;
  return visited;
}

// Solutions as a sorted list of sets, for comparing searches that visit them in other orders.
std::vector<Solution> as_sets(std::vector<Solution> solutions) {
  for (Solution& s : solutions) std::sort(s.begin(), s.end());
  std::sort(solutions.begin(), solutions.end());
  return solutions;
}

std::vector<Solution> containing(const std::vector<Solution>& solutions,
                                 std::span<const OptionId> options) {
  std::vector<Solution> kept;
  for (const Solution& s : solutions)
    if (std::all_of(options.begin(), options.end(),
                    [&](OptionId o) { return std::binary_search(s.begin(), s.end(), o); }))
      kept.push_back(s);
  return kept;
}

void expect_same_stats(const dlx::Stats& a, const dlx::Stats& b) {
  EXPECT_EQ(a.solutions, b.solutions);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.updates, b.updates);
  EXPECT_EQ(a.max_depth, b.max_depth);
}

// An item name: a prefix and a number ("r3"); or two numbers ("p1_2").
std::string label(std::string_view prefix, int a) {
  std::string name(prefix);
  name += std::to_string(a);
  return name;
}

std::string label(std::string_view prefix, int a, int b) {
  std::string name = label(prefix, a);
  name += '_';
  name += std::to_string(b);
  return name;
}

// n queens on an n x n board: ranks r and files c primary (every rank and file holds exactly
// one queen), the 2n-1 diagonals a and anti-diagonals b secondary (at most one queen).
Matrix queens(int n) {
  Matrix m;
  for (int i = 0; i < n; ++i) {
    m.add_item(label("r", i));
    m.add_item(label("c", i));
  }
  for (int d = 0; d < 2 * n - 1; ++d) m.add_item(label("a", d), ItemKind::secondary);
  for (int d = 0; d < 2 * n - 1; ++d) m.add_item(label("b", d), ItemKind::secondary);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      m.add_option({label("r", r), label("c", c), label("a", r + c), label("b", r - c + n - 1)});
  return m;
}

// Langford pairs as Knuth encodes them: value items v1..vn and position items s1..s2n, and for
// each value i an option "vi sj sk" with k = j + i + 1 (the two i's have i numbers between them).
Matrix langford(int n) {
  Matrix m;
  for (int i = 1; i <= n; ++i) m.add_item(label("v", i));
  for (int j = 1; j <= 2 * n; ++j) m.add_item(label("s", j));
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j + i + 1 <= 2 * n; ++j)
      m.add_option({label("v", i), label("s", j), label("s", j + i + 1)});
  return m;
}

// Latin squares of order n: cell pr_c, row-symbol rr_s and column-symbol cc_s, all primary; the
// option "pr_c rr_s cc_s" puts symbol s in row r, column c.
Matrix latin(int n) {
  Matrix m;
  for (const char* kind : {"p", "r", "c"})
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) m.add_item(label(kind, a, b));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int s = 0; s < n; ++s)
        m.add_option({label("p", r, c), label("r", r, s), label("c", c, s)});
  return m;
}

// A small random problem: 3-8 primary and 0-4 secondary items declared in random order, 1-15
// options of 1-3 primary items and some secondary ones, colored with up to 3 colors in half of
// the problems. Now and then an option has secondary items only, to exercise dropped options.
// The generator is spelled out (no std::uniform_int_distribution) so that every platform builds
// the same problems from a seed.
Matrix random_matrix(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto below = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
  const int primaries = 3 + below(6), secondaries = below(5);
  const int colors = below(2) == 0 ? 0 : 1 + below(3);
  std::vector<ItemKind> kinds(static_cast<std::size_t>(primaries), ItemKind::primary);
  kinds.resize(static_cast<std::size_t>(primaries + secondaries), ItemKind::secondary);
  for (int i = static_cast<int>(kinds.size()) - 1; i > 0; --i)
    std::swap(kinds[static_cast<std::size_t>(i)], kinds[static_cast<std::size_t>(below(i + 1))]);
  Matrix m;
  std::vector<ItemId> primary, secondary;
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    const ItemId id = m.add_item(label("i", static_cast<int>(i)), kinds[i]);
    (kinds[i] == ItemKind::primary ? primary : secondary).push_back(id);
  }
  const int options = 1 + below(15);
  std::size_t dropped = 0;
  for (int k = 0; k < options; ++k) {
    std::vector<Entry> option;
    const int wanted = below(12) == 0 ? 0 : 1 + below(3);
    for (int j = 0; j < wanted; ++j) {
      const ItemId item = primary[static_cast<std::size_t>(below(primaries))];
      if (std::none_of(option.begin(), option.end(), [&](Entry e) { return e.item == item; }))
        option.push_back({item, 0});
    }
    for (ItemId item : secondary)
      if (below(3) == 0)
        option.push_back({item, colors > 0 && below(3) != 0 ? 1 + below(colors) : 0});
    if (option.empty()) option.push_back({primary[0], 0});
    std::swap(option.front(),
              option[static_cast<std::size_t>(below(static_cast<int>(option.size())))]);
    const bool has_primary = std::any_of(option.begin(), option.end(), [&](Entry e) {
      return kinds[static_cast<std::size_t>(e.item)] == ItemKind::primary;
    });
    const OptionId id = m.add_option(option);
    if (has_primary) {
      EXPECT_EQ(id, static_cast<OptionId>(k) - static_cast<OptionId>(dropped));
    } else {
      EXPECT_EQ(id, dlx::dropped_option);
      ++dropped;
    }
  }
  EXPECT_EQ(m.warnings().size(), dropped);
  return m;
}

// Every search of a random problem finds exactly the exact covers of the definition, however it
// is constrained (forced options, seeds), and leaves the links as it found them.
TEST(SolverDifferential, RandomProblemsMatchBruteForce) {
  std::uint64_t with_solutions = 0, total_solutions = 0, clashes = 0, colored = 0, shared = 0;
  for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Matrix m = random_matrix(seed);
    const std::vector<Solution> expected = brute_force(m);
    with_solutions += expected.empty() ? 0 : 1;
    total_solutions += expected.size();
    for (const Solution& s : expected) {  // secondary items shared (by color) within a solution
      std::vector<int> uses(m.item_count(), 0);
      for (OptionId o : s)
        for (const Entry& e : m.option(o)) shared += ++uses[static_cast<std::size_t>(e.item)] == 2;
    }
    for (std::size_t o = 0; o < m.option_count(); ++o)
      for (const Entry& e : m.option(static_cast<OptionId>(o))) colored += e.color != 0 ? 1 : 0;

    Solver solver(m);
    Result first_run;
    const std::vector<Solution> visited = visit_all(solver, &first_run);
    ASSERT_EQ(as_sets(visited), expected);
    EXPECT_EQ(first_run.outcome, Outcome::exhausted);
    EXPECT_EQ(first_run.stats.solutions, expected.size());
    for (const Solution& s : visited) EXPECT_TRUE(is_exact_cover(m, s));

    // Links restored: the same search again visits the same solutions in the same order.
    Result second_run;
    EXPECT_EQ(visit_all(solver, &second_run), visited);
    expect_same_stats(second_run.stats, first_run.stats);
    const Result counted = solver.count();
    EXPECT_EQ(counted.outcome, Outcome::exhausted);
    expect_same_stats(counted.stats, first_run.stats);

    if (m.option_count() == 0) continue;
    std::mt19937_64 rng(seed * 7919);
    const auto pick = [&] { return static_cast<OptionId>(rng() % m.option_count()); };

    // Forcing an option keeps exactly the solutions that contain it, listing it first.
    const OptionId a = pick();
    ASSERT_TRUE(solver.force(a));
    std::vector<OptionId> forced{a};
    std::vector<Solution> with_forced = visit_all(solver);
    EXPECT_EQ(as_sets(with_forced), containing(expected, forced));
    for (const Solution& s : with_forced) EXPECT_EQ(s.front(), a);

    // A second option is accepted exactly when it is compatible with the first.
    const OptionId b = pick();
    const bool fits = b != a && compatible(m, a, b);
    EXPECT_EQ(solver.force(b), fits);
    if (fits) {
      forced.push_back(b);
    } else {
      ++clashes;
    }
    EXPECT_TRUE(
        std::equal(forced.begin(), forced.end(), solver.forced().begin(), solver.forced().end()));
    with_forced = visit_all(solver);
    EXPECT_EQ(as_sets(with_forced), containing(expected, forced));
    for (const Solution& s : with_forced)
      EXPECT_TRUE(std::equal(forced.begin(), forced.end(), s.begin()));

    solver.release();
    EXPECT_TRUE(solver.forced().empty());
    Result released;
    EXPECT_EQ(visit_all(solver, &released), visited);
    expect_same_stats(released.stats, first_run.stats);

    // A seed changes the order of the search, never what it finds.
    solver.set_seed(seed);
    Result seeded;
    EXPECT_EQ(as_sets(visit_all(solver, &seeded)), expected);
    EXPECT_EQ(seeded.stats.solutions, expected.size());
    solver.set_seed(0);
    EXPECT_EQ(visit_all(solver), visited);

    // So does branching on the first item with a single option.
    solver.set_take_first_single(true);
    Result single;
    EXPECT_EQ(as_sets(visit_all(solver, &single)), expected);
    EXPECT_EQ(single.stats.solutions, expected.size());
    solver.set_take_first_single(false);
    EXPECT_EQ(visit_all(solver), visited);
  }
  // The generator must produce problems that exercise the solver, not just empty ones.
  EXPECT_GT(with_solutions, 1000u);
  EXPECT_GT(total_solutions, 5000u);
  EXPECT_GT(clashes, 500u);
  EXPECT_GT(colored, 3000u);
  EXPECT_GT(shared, 200u);
}

// A random load of a problem with options: a base of up to two compatible options, the options
// that fit it kept with probability 3/4, and the solutions (of `all`) such a load must find.
struct LoadCase {
  std::vector<OptionId> base, keep;
  std::vector<Solution> expected;
};

LoadCase random_load(const Matrix& m, const std::vector<Solution>& all, std::uint64_t seed) {
  std::mt19937_64 rng(seed * 104729);
  LoadCase c;
  auto fits_base = [&](OptionId o) {
    return std::all_of(c.base.begin(), c.base.end(),
                       [&](OptionId b) { return b != o && compatible(m, b, o); });
  };
  for (int k = 0; k < 2; ++k) {
    const auto o = static_cast<OptionId>(rng() % m.option_count());
    if (rng() % 3 != 0 && fits_base(o)) c.base.push_back(o);
  }
  for (OptionId o = 0; o < static_cast<OptionId>(m.option_count()); ++o)
    if (fits_base(o) && rng() % 4 != 0) c.keep.push_back(o);
  for (const Solution& s : containing(all, c.base))
    if (std::all_of(s.begin(), s.end(), [&](OptionId o) {
          return std::find(c.base.begin(), c.base.end(), o) != c.base.end() ||
                 std::binary_search(c.keep.begin(), c.keep.end(), o);
        }))
      c.expected.push_back(s);
  return c;
}

// load(keep, base) searches as if the matrix held only the kept options and the base were
// already chosen: the solutions are those that contain the base and otherwise kept options only.
TEST(SolverDifferential, LoadMatchesBruteForce) {
  std::uint64_t with_solutions = 0, with_base = 0;
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Matrix m = random_matrix(seed);
    if (m.option_count() == 0) continue;
    const std::vector<Solution> all = brute_force(m);
    Solver solver(m);
    const std::vector<Solution> unloaded = visit_all(solver);

    const auto option_count = static_cast<OptionId>(m.option_count());
    const auto [base, keep, expected] = random_load(m, all, seed);
    with_base += base.empty() ? 0 : 1;
    with_solutions += expected.empty() ? 0 : 1;

    solver.load(keep, base);
    const std::vector<Solution> visited = visit_all(solver);
    ASSERT_EQ(as_sets(visited), expected);
    for (const Solution& s : visited) EXPECT_TRUE(std::equal(base.begin(), base.end(), s.begin()));
    EXPECT_EQ(visit_all(solver), visited);

    // Forcing works within what was loaded, and only there.
    for (OptionId o = 0; o < option_count; ++o) {
      const bool kept = std::binary_search(keep.begin(), keep.end(), o);
      ASSERT_EQ(solver.force(o), kept);
      if (!kept) continue;
      const std::vector<Solution> forced = visit_all(solver);
      EXPECT_EQ(as_sets(forced), containing(expected, std::vector<OptionId>{o}));
      for (const Solution& s : forced) EXPECT_EQ(s[base.size()], o);  // after the base
      solver.release();
    }

    solver.set_seed(seed);
    EXPECT_EQ(as_sets(visit_all(solver)), expected);
    solver.set_seed(0);
    EXPECT_EQ(visit_all(solver), visited);

    solver.load_all();
    EXPECT_EQ(visit_all(solver), unloaded);
  }
  EXPECT_GT(with_base, 1000u);
  EXPECT_GT(with_solutions, 250u);
}

// Without colors, load numbers only the items the base leaves uncovered: the search must count
// nodes and updates, choose items and name them exactly as a solver of the smaller matrix built
// from the kept options alone (the covered items left out) does.
TEST(SolverLoad, SearchesAsTheSmallerMatrixWould) {
  std::uint64_t compared = 0, with_base = 0;
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Matrix m = random_matrix(seed);
    bool colored = false;
    for (OptionId o = 0; o < static_cast<OptionId>(m.option_count()); ++o)
      for (const Entry& e : m.option(o)) colored = colored || e.color != 0;
    if (m.option_count() == 0 || colored) continue;
    std::mt19937_64 rng(seed * 7919);
    std::vector<OptionId> base, keep;
    const auto fits_base = [&](OptionId o) {
      return std::all_of(base.begin(), base.end(),
                         [&](OptionId b) { return b != o && compatible(m, b, o); });
    };
    for (int k = 0; k < 2; ++k) {
      const auto o = static_cast<OptionId>(rng() % m.option_count());
      if (rng() % 2 == 0 && fits_base(o)) base.push_back(o);
    }
    for (OptionId o = 0; o < static_cast<OptionId>(m.option_count()); ++o)
      if (fits_base(o) && rng() % 4 != 0) keep.push_back(o);
    std::vector<bool> covered(m.item_count(), false);
    for (OptionId b : base)
      for (const Entry& e : m.option(b)) covered[static_cast<std::size_t>(e.item)] = true;
    Matrix smaller;
    std::vector<ItemId> renamed(m.item_count(), -1);
    for (ItemId i = 0; i < static_cast<ItemId>(m.item_count()); ++i)
      if (!covered[static_cast<std::size_t>(i)])
        renamed[static_cast<std::size_t>(i)] = smaller.add_item(m.item_name(i), m.item_kind(i));
    for (OptionId o : keep) {
      std::vector<Entry> entries;
      for (const Entry& e : m.option(o))
        entries.push_back({renamed[static_cast<std::size_t>(e.item)], 0});
      ASSERT_NE(smaller.add_option(entries), dlx::dropped_option);
    }
    Solver loaded(m), alone(smaller);
    loaded.load_all();  // a solver loaded before, then again
    loaded.load(keep, base);
    for (const bool first_single : {false, true}) {
      loaded.set_take_first_single(first_single);
      alone.set_take_first_single(first_single);
      const dlx::Branch a = loaded.next_branch(), b = alone.next_branch();
      ASSERT_EQ(a.item < 0, b.item < 0);
      if (a.item >= 0) {
        EXPECT_EQ(m.item_name(a.item), smaller.item_name(b.item));
      }
      ASSERT_EQ(a.options.size(), b.options.size());
      for (std::size_t i = 0; i < a.options.size(); ++i)
        EXPECT_EQ(a.options[i], keep[static_cast<std::size_t>(b.options[i])]);
      const Result x = loaded.count(), y = alone.count();
      EXPECT_EQ(x.stats.solutions, y.stats.solutions);
      EXPECT_EQ(x.stats.nodes, y.stats.nodes);
      EXPECT_EQ(x.stats.updates, y.stats.updates);
      EXPECT_EQ(std::vector<std::uint64_t>(loaded.profile().begin(), loaded.profile().end()),
                std::vector<std::uint64_t>(alone.profile().begin(), alone.profile().end()));
    }
    ++compared;
    with_base += base.empty() ? 0 : 1;
  }
  EXPECT_GT(compared, 500u);
  EXPECT_GT(with_base, 300u);
}

TEST(SolverLoad, RejectsWhatCannotBeLoaded) {
  const Matrix m = load("queens-8.dlx");  // option 8r + c is the queen at rank r, file c
  Solver solver(m);
  const std::vector<OptionId> r0c0{0}, r0c1{1}, r1c1{9}, clashing_base{0, 9};
  const std::vector<OptionId> keep_r1c1{9}, keep_r1c2{10}, repeated{10, 10};
  EXPECT_THROW(solver.load(keep_r1c1, r0c0), std::invalid_argument);  // same diagonal
  EXPECT_THROW(solver.load(r0c1, r0c0), std::invalid_argument);       // same rank
  EXPECT_THROW(solver.load(keep_r1c2, clashing_base), std::invalid_argument);
  try {  // the message names the option of the base that clashes with those before it
    solver.load(keep_r1c2, clashing_base);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("option 9 clashes"), std::string::npos) << e.what();
  }
  EXPECT_THROW(solver.load(repeated), std::invalid_argument);
  EXPECT_THROW(solver.load(std::vector<OptionId>{64}), std::invalid_argument);
  EXPECT_THROW(solver.load({}, std::vector<OptionId>{-1}), std::invalid_argument);
  EXPECT_EQ(solver.count().stats.nodes, 1223u);  // a rejected load changes nothing

  // An option that clashes with the base is found while linking: every option is visible after.
  solver.load(std::vector<OptionId>{0, 1, 2});
  EXPECT_THROW(solver.load(keep_r1c1, r0c0), std::invalid_argument);
  EXPECT_EQ(solver.count().stats.nodes, 1223u);
  solver.set_seed(7);
  solver.load(std::vector<OptionId>{0, 1, 2});
  EXPECT_THROW(solver.load(keep_r1c1, r0c0), std::invalid_argument);
  EXPECT_EQ(solver.count().stats.solutions, 92u);
  solver.set_seed(0);
  // So do ids repeated or out of range, found while marking the kept options.
  for (const auto& bad : {repeated, std::vector<OptionId>{0, 64}}) {
    solver.load(std::vector<OptionId>{0, 1, 2});
    EXPECT_THROW(solver.load(bad), std::invalid_argument);
    EXPECT_EQ(solver.count().stats.nodes, 1223u);
  }
  solver.load(std::vector<OptionId>{0, 1, 2});
  EXPECT_THROW(solver.load({}, std::vector<OptionId>{-1}), std::invalid_argument);
  EXPECT_EQ(solver.count().stats.nodes, 1223u);

  ASSERT_TRUE(solver.force(0));
  EXPECT_THROW(solver.load(keep_r1c2), std::logic_error);
  EXPECT_THROW(solver.load_all(), std::logic_error);
  solver.release();

  // With nothing kept, no option is left for the ranks the base leaves open.
  solver.load(std::vector<OptionId>{}, r0c0);
  EXPECT_EQ(solver.count().stats.solutions, 0u);
  // With every option that fits, the placements (of A000170's 92) with a queen at r0c0.
  std::vector<OptionId> fitting;
  for (OptionId o = 1; o < 64; ++o)
    if (compatible(m, 0, o)) fitting.push_back(o);
  solver.load(fitting, r0c0);
  EXPECT_EQ(solver.count().stats.solutions, containing(brute_force(m), r0c0).size());
  solver.load_all();
  EXPECT_EQ(solver.count().stats.nodes, 1223u);
}

// OEIS A000170: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200 for n = 1..12.
TEST(SolverKnownCounts, Queens) {
  const std::uint64_t expected[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
  for (int n = 1; n <= 12; ++n) {
    const Matrix m = queens(n);
    Solver solver(m);
    const Result r = solver.count();
    EXPECT_EQ(r.outcome, Outcome::exhausted) << "n = " << n;
    EXPECT_EQ(r.stats.solutions, expected[n - 1]) << "n = " << n;
  }
}

// OEIS A014552 counts Langford pairings up to reversal: 1, 1, 26, 150 for n = 3, 4, 7, 8 (and
// none for n = 5, 6, as n must be 0 or 3 mod 4). The encoding counts each with its mirror image.
TEST(SolverKnownCounts, LangfordPairs) {
  const std::pair<int, std::uint64_t> cases[] = {{3, 2}, {4, 2}, {5, 0}, {6, 0}, {7, 52}, {8, 300}};
  for (const auto& [n, expected] : cases) {
    const Matrix m = langford(n);
    Solver solver(m);
    EXPECT_EQ(solver.count().stats.solutions, expected) << "n = " << n;
  }
}

// OEIS A002860: 1, 2, 12, 576, 161280 Latin squares of order 1..5.
TEST(SolverKnownCounts, LatinSquares) {
  const std::uint64_t expected[] = {1, 2, 12, 576, 161280};
  for (int n = 1; n <= 5; ++n) {
    const Matrix m = latin(n);
    Solver solver(m);
    EXPECT_EQ(solver.count().stats.solutions, expected[n - 1]) << "n = " << n;
  }
}

// Knuth's figures for DLX1 and DLX2 on these files (see tests/data, copied from the shared
// data set whose README lists them): the search must make the same choices in the same order.
TEST(SolverDlx1Figures, MatchKnuthsCounts) {
  struct Case {
    const char* file;
    std::uint64_t solutions, nodes, updates;
  };
  const Case cases[] = {
      {"queens-8.dlx", 92, 1223, 21456},     // DLX1
      {"langford-8.dlx", 300, 2789, 37241},  // DLX1
      {"latin-4.dlx", 576, 4745, 34017},     // DLX1
      {"sudoku-hard1.dlx", 1, 403, 9183},    // DLX1
      {"hardsq-4.dlx", 1234, 3928, 17863},   // DLX2 (colors); A006506(4) = 1234
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    const Matrix m = load(c.file);
    Solver solver(m);
    const Result r = solver.count();
    EXPECT_EQ(r.outcome, Outcome::exhausted);
    EXPECT_EQ(r.stats.solutions, c.solutions);
    EXPECT_EQ(r.stats.nodes, c.nodes);
    EXPECT_EQ(r.stats.updates, c.updates);
  }
}

TEST(SolverDlx1Figures, SudokuSolutionIsAnExactCover) {
  const Matrix m = load("sudoku-hard1.dlx");
  Solver solver(m);
  const std::vector<Solution> solutions = visit_all(solver);
  ASSERT_EQ(solutions.size(), 1u);
  EXPECT_EQ(solutions[0].size(), 81u);
  EXPECT_TRUE(is_exact_cover(m, solutions[0]));
}

// Knuth's running example of exact cover (TAOCP 7.2.2.1): items a..g and the options
//   0 "c e", 1 "a d g", 2 "b c f", 3 "a d f", 4 "b g", 5 "d e g";
// its only solution is {0, 3, 4}. DLX1's search, by hand (lengths at the start: a2 b2 c2 d3 e2
// f2 g3; "hide o (x y)" unlinks the nodes x and y of option o, one update each):
//   level 0, node 1: a (leftmost of length 2). cover a: 1 + hide 1 (d g) 2 + hide 3 (d f) 2 = 5.
//     option 1 "a d g": cover d: 1 + hide 5 (e g) 2 = 3; cover g: 1 + hide 4 (b) 1 = 2.      5
//     level 1, node 2: b1 c2 e1 f1, so b. cover b: 1 + hide 2 (c f) 2 = 3.
//       option 2 "b c f": cover c: 1 + hide 0 (e) 1 = 2; cover f: 1 (list empty) = 1.       3
//       level 2, node 3: e has length 0. cover e: 1. No option: back up to level 0.
//     option 3 "a d f": cover d: 1 + hide 5 (e g) 2 = 3; cover f: 1 + hide 2 (b c) 2 = 3.   6
//     level 1, node 4: b1 c1 e1 g1, so b. cover b: 1 + hide 4 (g) 1 = 2.
//       option 4 "b g": cover g: 1.                                                          1
//       level 2, node 5: c1 e1, so c. cover c: 1 + hide 0 (e) 1 = 2.
//         option 0 "c e": cover e: 1.                                                         1
//         level 3: no item left, a solution: node 6.
// Nodes 6 (1, 2, 2, 1 at levels 0..3); updates 5 + 5 + 3 + 3 + 1 + 6 + 2 + 1 + 2 + 1 = 29.
TEST(SolverByHand, KnuthsExample) {
  const Matrix m = parse(
      "a b c d e f g\n"
      "c e\n"
      "a d g\n"
      "b c f\n"
      "a d f\n"
      "b g\n"
      "d e g\n");
  Solver solver(m);
  Result r;
  const std::vector<Solution> solutions = visit_all(solver, &r);
  EXPECT_EQ(solutions, (std::vector<Solution>{{3, 4, 0}}));  // by level: a, then b, then c
  EXPECT_EQ(r.outcome, Outcome::exhausted);
  EXPECT_EQ(r.stats.solutions, 1u);
  EXPECT_EQ(r.stats.nodes, 6u);
  EXPECT_EQ(r.stats.updates, 29u);
  EXPECT_EQ(r.stats.max_depth, 3u);
  const auto profile = solver.profile();
  EXPECT_EQ(std::vector<std::uint64_t>(profile.begin(), profile.end()),
            (std::vector<std::uint64_t>{1, 2, 2, 1}));
}

// A colored problem (DLX2): primary p q, secondary x; options 0 "p x:A", 1 "p x:B", 2 "q x:A",
// 3 "q x". Options 0 and 2 share x with the same color, so {0, 2} is the only solution. By hand,
// where purify keeps the options giving x the chosen color (marking them, no update) and hides
// the others without unlinking x itself:
//   level 0, node 1: p (p2 q2). cover p: 1 + hide 0 (x) 1 + hide 1 (x) 1 = 3.
//     option 0 "p x:A": purify x/A: 2 has A, marked; 3 has no color: hide 3 (q) 1.         1
//     level 1, node 2: q (length 1). cover q: 1 + hide 2 (its x is marked: skipped) 0 = 1.
//       option 2 "q x:A": x is marked, nothing to do.
//       level 2: a solution, node 3.
//     option 1 "p x:B": purify x/B: hide 2 (q) 1, hide 3 (q) 1 = 2.                           2
//     level 1, node 4: q has length 0. cover q: 1. No option: back up.
// Nodes 4; updates 3 + 1 + 1 + 2 + 1 = 8.
TEST(SolverByHand, ColoredExample) {
  const Matrix m = parse(
      "p q | x\n"
      "p x:A\n"
      "p x:B\n"
      "q x:A\n"
      "q x\n");
  Solver solver(m);
  Result r;
  const std::vector<Solution> solutions = visit_all(solver, &r);
  EXPECT_EQ(solutions, (std::vector<Solution>{{0, 2}}));
  EXPECT_EQ(r.stats.solutions, 1u);
  EXPECT_EQ(r.stats.nodes, 4u);
  EXPECT_EQ(r.stats.updates, 8u);
  EXPECT_EQ(r.stats.max_depth, 2u);
}

// The empty set is the one exact cover of a problem without primary items.
TEST(SolverByHand, NoPrimaryItemsHasTheEmptySolution) {
  Matrix m;
  m.add_item("x", ItemKind::secondary);
  Solver solver(m);
  Result r;
  EXPECT_EQ(visit_all(solver, &r), (std::vector<Solution>{{}}));
  EXPECT_EQ(r.outcome, Outcome::exhausted);
  EXPECT_EQ(r.stats.nodes, 1u);
  EXPECT_EQ(r.stats.updates, 0u);
}

// A primary item that no option covers: the root is the only node, and it covers that item.
TEST(SolverByHand, UncoverableItemHasNoSolution) {
  Matrix m;
  m.add_item("a");
  m.add_item("b");
  m.add_option({"a"});
  Solver solver(m);
  const Result r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::exhausted);
  EXPECT_FALSE(dlx::stopped_early(r.outcome));
  EXPECT_EQ(r.stats.solutions, 0u);
  EXPECT_EQ(r.stats.nodes, 1u);
  EXPECT_EQ(r.stats.updates, 1u);
}

class SolverLimits : public ::testing::Test {
 protected:
  // Knuth's DLX1 figures for queens-8.dlx.
  static constexpr std::uint64_t solutions = 92, nodes = 1223, updates = 21456;

  // After any early stop, an unbounded search must still see the whole tree, link for link.
  void expect_full_search() {
    solver.set_limits({});
    solver.set_stop_flag(nullptr);
    solver.set_progress(0, nullptr);
    const Result r = solver.count();
    EXPECT_EQ(r.outcome, Outcome::exhausted);
    EXPECT_EQ(r.stats.solutions, solutions);
    EXPECT_EQ(r.stats.nodes, nodes);
    EXPECT_EQ(r.stats.updates, updates);
  }

  Matrix m = load("queens-8.dlx");
  Solver solver{m};
};

TEST_F(SolverLimits, SolutionLimit) {
  solver.set_limits({.solutions = 10});
  const Result r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::solution_limit);
  EXPECT_TRUE(dlx::stopped_early(r.outcome));
  EXPECT_EQ(r.stats.solutions, 10u);
  expect_full_search();
}

TEST_F(SolverLimits, SolutionLimitEqualToTheCount) {
  solver.set_limits({.solutions = solutions});
  const Result r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::solution_limit);
  EXPECT_EQ(r.stats.solutions, solutions);
  expect_full_search();
}

TEST_F(SolverLimits, SolutionLimitAboveTheCount) {
  solver.set_limits({.solutions = solutions + 1});
  const Result r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::exhausted);
  EXPECT_EQ(r.stats.nodes, nodes);
}

TEST_F(SolverLimits, NodeLimit) {
  solver.set_limits({.nodes = 100});
  const Result r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::node_limit);
  EXPECT_GE(r.stats.nodes, 100u);
  EXPECT_LT(r.stats.nodes, nodes);
  EXPECT_LT(r.stats.solutions, solutions);
  expect_full_search();
}

TEST_F(SolverLimits, UpdateLimit) {
  solver.set_limits({.updates = 5000});
  const Result r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::update_limit);
  EXPECT_GE(r.stats.updates, 5000u);
  EXPECT_LT(r.stats.updates, updates);
  expect_full_search();
}

TEST_F(SolverLimits, VisitorReturningFalseStops) {
  std::uint64_t seen = 0;
  const Result r = solver.search([&](std::span<const OptionId>) { return ++seen < 5; });
  EXPECT_EQ(r.outcome, Outcome::stopped);
  EXPECT_EQ(seen, 5u);
  EXPECT_EQ(r.stats.solutions, 5u);
  expect_full_search();
}

TEST_F(SolverLimits, StopFlagRaisedByTheVisitor) {
  std::atomic<bool> stop{false};
  solver.set_stop_flag(&stop);
  std::uint64_t seen = 0;
  const Result r = solver.search([&](std::span<const OptionId>) {
    if (++seen == 7) stop = true;
    return true;
  });
  EXPECT_EQ(r.outcome, Outcome::stopped);
  EXPECT_GE(r.stats.solutions, 7u);
  EXPECT_LT(r.stats.solutions, solutions);
  expect_full_search();
}

TEST_F(SolverLimits, StopFlagRaisedByProgress) {
  std::atomic<bool> stop{false};
  solver.set_stop_flag(&stop);
  solver.set_progress(3000, [&](const dlx::Progress&) { stop = true; });
  const Result r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::stopped);
  EXPECT_LT(r.stats.updates, updates);
  expect_full_search();
}

TEST_F(SolverLimits, StopFlagRaisedBeforeTheSearch) {
  std::atomic<bool> stop{true};
  solver.set_stop_flag(&stop);
  const Result r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::stopped);
  EXPECT_EQ(r.stats.solutions, 0u);
  EXPECT_EQ(r.stats.nodes, 0u);
  expect_full_search();
}

TEST_F(SolverLimits, LimitsStayForLaterSearches) {
  solver.set_limits({.solutions = 3});
  EXPECT_EQ(solver.count().stats.solutions, 3u);
  EXPECT_EQ(solver.count().stats.solutions, 3u);
  expect_full_search();
}

// A visitor or progress callback that throws ends the search like any early stop: the links are
// restored before the exception leaves search().
TEST_F(SolverLimits, VisitorThrowing) {
  std::uint64_t seen = 0;
  EXPECT_THROW(solver.search([&](std::span<const OptionId>) -> bool {
    if (++seen == 3) throw std::runtime_error("visitor failed");
    return true;
  }),
               std::runtime_error);
  expect_full_search();
}

TEST_F(SolverLimits, ProgressThrowing) {
  solver.set_progress(2000,
                      [](const dlx::Progress&) { throw std::runtime_error("progress failed"); });
  EXPECT_THROW(solver.count(), std::runtime_error);
  expect_full_search();
}

// No solution is a finished search (exhausted), not a stopped one. OEIS A000170: none for n = 3.
TEST(SolverOutcome, NoSolutionIsExhausted) {
  const Matrix m = queens(3);
  Solver solver(m);
  bool visited = false;
  const Result r = solver.search([&](std::span<const OptionId>) { return visited = true; });
  EXPECT_FALSE(visited);
  EXPECT_EQ(r.outcome, Outcome::exhausted);
  EXPECT_EQ(r.stats.solutions, 0u);
  EXPECT_GT(r.stats.nodes, 0u);
}

TEST(SolverFirst, ReturnsAValidSolution) {
  const Matrix m = load("queens-8.dlx");
  Solver solver(m);
  Result r;
  const std::vector<OptionId> solution = solver.first(&r);
  ASSERT_EQ(solution.size(), 8u);
  EXPECT_TRUE(is_exact_cover(m, solution));
  EXPECT_EQ(r.stats.solutions, 1u);
  EXPECT_EQ(solution, visit_all(solver).front());  // the first one the full search visits
  EXPECT_EQ(solver.count().stats.solutions, 92u);  // first() left no limit behind
}

TEST(SolverFirst, EmptyWhenThereIsNone) {
  const Matrix m = queens(2);
  Solver solver(m);
  Result r;
  EXPECT_TRUE(solver.first(&r).empty());
  EXPECT_EQ(r.outcome, Outcome::exhausted);
  EXPECT_EQ(r.stats.solutions, 0u);
  EXPECT_TRUE(solver.first().empty());
}

TEST(SolverFirst, EmptyWhenStoppedBeforeOne) {
  const Matrix m = load("queens-8.dlx");
  Solver solver(m);
  solver.set_limits({.nodes = 2});
  Result r;
  EXPECT_TRUE(solver.first(&r).empty());
  EXPECT_EQ(r.outcome, Outcome::node_limit);
  solver.set_limits({});
  EXPECT_EQ(solver.first().size(), 8u);
}

// A search stopped deep in the tree (by each kind of stop) leaves its choices for the next call
// to put back, or for load to drop: whatever comes next sees the whole matrix again. Plain and
// propagating searches on the links.
TEST(SolverStopped, EveryCallAfterAStopSeesTheWholeMatrix) {
  const Matrix m = load("queens-8.dlx");
  Solver fresh(m);
  const Result whole = fresh.count();
  const dlx::Branch root = fresh.next_branch();
  ASSERT_TRUE(fresh.force(10));
  const std::uint64_t with_10 = fresh.count().stats.solutions;
  fresh.release();
  for (const char* propagation : {"none", "all,weighed"}) {
    SCOPED_TRACE(propagation);
    const dlx::Propagation parts = dlx::parse_propagation(propagation);
    Solver solver(m);
    solver.set_propagation(parts);
    const Result own = solver.count();  // this search's own tree, as a reference
    // Each stop leaves the solver deep in the tree: at the 7th solution, at a node budget, or
    // where the visitor says no more.
    const std::function<Result()> stops[] = {
        [&] {
          solver.set_limits({.solutions = 7});
          const Result r = solver.count();
          solver.set_limits({});
          return r;
        },
        [&] {
          solver.set_limits({.nodes = 60});
          const Result r = solver.count();
          solver.set_limits({});
          return r;
        },
        [&] {
          std::uint64_t seen = 0;
          return solver.search([&](std::span<const OptionId>) { return ++seen < 3; });
        },
    };
    std::vector<OptionId> but_r0c0(m.option_count() - 1);
    std::iota(but_r0c0.begin(), but_r0c0.end(), 1);
    for (std::size_t k = 0; k < std::size(stops); ++k) {
      SCOPED_TRACE(k);
      ASSERT_NE(stops[k]().outcome, Outcome::exhausted);
      expect_same_stats(solver.count().stats, own.stats);  // a search

      ASSERT_NE(stops[k]().outcome, Outcome::exhausted);
      const dlx::Branch branch = solver.next_branch();  // the root's branching
      EXPECT_EQ(branch.item, root.item);
      EXPECT_EQ(branch.options, root.options);

      ASSERT_NE(stops[k]().outcome, Outcome::exhausted);
      ASSERT_TRUE(solver.force(10));  // a force, and a release after a stop below it
      EXPECT_EQ(solver.count().stats.solutions, with_10);
      ASSERT_NE(stops[k]().outcome, Outcome::exhausted);
      solver.release();
      expect_same_stats(solver.count().stats, own.stats);

      ASSERT_NE(stops[k]().outcome, Outcome::exhausted);
      solver.set_seed(5);  // a seed relinks the lists
      EXPECT_EQ(solver.count().stats.solutions, whole.stats.solutions);
      ASSERT_NE(stops[k]().outcome, Outcome::exhausted);
      solver.set_seed(0);
      expect_same_stats(solver.count().stats, own.stats);

      ASSERT_NE(stops[k]().outcome, Outcome::exhausted);
      solver.set_propagation({});  // another search loop
      expect_same_stats(solver.count().stats, whole.stats);
      solver.set_propagation(parts);

      ASSERT_NE(stops[k]().outcome, Outcome::exhausted);
      solver.load(but_r0c0);                           // a load drops what the search left
      EXPECT_EQ(solver.count().stats.solutions, 88u);  // the 92 but the 4 with a queen at r0c0
      solver.load_all();
      ASSERT_NE(stops[k]().outcome, Outcome::exhausted);
      solver.load_all();
      expect_same_stats(solver.count().stats, own.stats);
    }
  }
}

// 92 queen placements (A000170); a queen on a given square is in some of them.
TEST(SolverForce, RestrictsToSolutionsContainingTheOption) {
  const Matrix m = load("queens-8.dlx");
  const std::vector<Solution> all = brute_force(m);
  ASSERT_EQ(all.size(), 92u);
  Solver solver(m);
  std::uint64_t total = 0;
  for (std::size_t o = 0; o < m.option_count(); ++o) {
    const OptionId option = static_cast<OptionId>(o);
    ASSERT_TRUE(solver.force(option));
    const std::vector<Solution> visited = visit_all(solver);
    EXPECT_EQ(as_sets(visited), containing(all, std::vector<OptionId>{option}));
    for (const Solution& s : visited) EXPECT_EQ(s.front(), option);
    total += visited.size();
    solver.release();
  }
  EXPECT_EQ(total, 92u * 8u);  // each solution has one queen on each of 8 ranks
  EXPECT_EQ(solver.count().stats.solutions, 92u);
}

TEST(SolverForce, ClashingOptionChangesNothing) {
  const Matrix m = load("queens-8.dlx");
  Solver solver(m);
  // Options 0 and 1 are queens at r0c0 and r0c1: the same rank. Option 9 is r1c1: same diagonal
  // as r0c0. Option 10 is r1c2: a knight's move away, compatible.
  ASSERT_TRUE(solver.force(0));
  const dlx::Stats before = solver.count().stats;
  EXPECT_FALSE(solver.force(1));
  EXPECT_FALSE(solver.force(9));
  EXPECT_FALSE(solver.force(0));
  ASSERT_EQ(solver.forced().size(), 1u);
  expect_same_stats(solver.count().stats, before);
  EXPECT_TRUE(solver.force(10));
  EXPECT_EQ(solver.forced().size(), 2u);
  solver.release();
  EXPECT_EQ(solver.count().stats.nodes, 1223u);
  EXPECT_THROW(solver.force(-1), std::out_of_range);
  EXPECT_THROW(solver.force(64), std::out_of_range);
}

TEST(SolverForce, ColoredOptionsShareTheirColor) {
  const Matrix m = parse(
      "p q r | x\n"
      "p x:A\n"  // 0
      "q x:A\n"  // 1
      "q x:B\n"  // 2
      "q x\n"    // 3
      "r\n");    // 4
  Solver solver(m);
  ASSERT_TRUE(solver.force(0));
  EXPECT_FALSE(solver.force(2));
  EXPECT_FALSE(solver.force(3));
  EXPECT_TRUE(solver.force(1));
  EXPECT_EQ(visit_all(solver), (std::vector<Solution>{{0, 1, 4}}));
  solver.release();
  EXPECT_EQ(as_sets(visit_all(solver)), brute_force(m));
}

TEST(SolverForce, EverythingForcedIsOneSolution) {
  const Matrix m = parse("a b\na\nb\na b\n");
  Solver solver(m);
  ASSERT_TRUE(solver.force(1));
  ASSERT_TRUE(solver.force(0));
  Result r;
  EXPECT_EQ(visit_all(solver, &r), (std::vector<Solution>{{1, 0}}));
  EXPECT_EQ(r.stats.nodes, 1u);
  EXPECT_EQ(r.stats.max_depth, 0u);
  solver.release();
  EXPECT_EQ(solver.count().stats.solutions, 2u);
}

TEST(SolverForce, SeedNeedsNothingForced) {
  const Matrix m = parse("a b\na\nb\n");
  Solver solver(m);
  ASSERT_TRUE(solver.force(0));
  EXPECT_THROW(solver.set_seed(1), std::logic_error);
  solver.release();
  EXPECT_NO_THROW(solver.set_seed(1));
}

// Runs `f` on a thread with a stack of `bytes` where the platform lets us choose, so that a
// search that recursed per level would overflow it.
void run_on_stack(std::size_t bytes, const std::function<void()>& f) {
#if __has_include(<pthread.h>)
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, bytes), 0);
  pthread_t thread;
  auto call = [](void* arg) -> void* {
    (*static_cast<const std::function<void()>*>(arg))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, call, const_cast<std::function<void()>*>(&f)), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
#else
  (void)bytes;
  f();
#endif
}

// The search keeps its path in arrays, not on the call stack. MRV scans every active item at each
// level (as DLX1 does), so a d-level search costs d^2/2 steps: rather than 100,000 levels on the
// usual 8 MiB stack (seconds of scanning, 84 bytes per level) this runs 10,000 levels on a
// 128 KiB stack, 13 bytes per level, less than any recursive call needs.
TEST(SolverDeep, TenThousandLevelsOnASmallStack) {
  constexpr int depth = 10'000;
  Matrix m;
  for (int i = 0; i < depth; ++i) m.add_item(label("i", i));
  for (ItemId i = 0; i < depth; ++i) m.add_option(std::vector<Entry>{{i, 0}});
  Solver solver(m);
  Result r;
  std::vector<OptionId> solution;
  run_on_stack(std::max<std::size_t>(128 * 1024, PTHREAD_STACK_MIN), [&] {
    r = solver.search([&](std::span<const OptionId> s) {
      solution.assign(s.begin(), s.end());
      return true;
    });
  });
  EXPECT_EQ(r.outcome, Outcome::exhausted);
  EXPECT_EQ(r.stats.solutions, 1u);
  EXPECT_EQ(r.stats.max_depth, static_cast<std::uint32_t>(depth));
  EXPECT_EQ(r.stats.nodes, depth + 1u);  // one item per level, then the solution
  EXPECT_EQ(r.stats.updates, static_cast<std::uint64_t>(depth));  // each cover unlinks one item
  std::vector<OptionId> in_order(depth);
  std::iota(in_order.begin(), in_order.end(), 0);
  EXPECT_EQ(solution, in_order);  // all ties, so the leftmost item each time
  EXPECT_EQ(solver.profile().size(), depth + 1u);
}

// The 100,000 levels: with set_take_first_single the scan stops at the first item (each
// has one option), so the depth itself is what is tested, again on a 128 KiB stack.
TEST(SolverDeep, HundredThousandLevelsOnASmallStack) {
  constexpr int depth = 100'000;
  Matrix m;
  for (int i = 0; i < depth; ++i) m.add_item(label("i", i));
  for (ItemId i = 0; i < depth; ++i) m.add_option(std::vector<Entry>{{i, 0}});
  Solver solver(m);
  solver.set_take_first_single(true);
  Result r;
  run_on_stack(std::max<std::size_t>(128 * 1024, PTHREAD_STACK_MIN), [&] { r = solver.count(); });
  EXPECT_EQ(r.outcome, Outcome::exhausted);
  EXPECT_EQ(r.stats.solutions, 1u);
  EXPECT_EQ(r.stats.max_depth, static_cast<std::uint32_t>(depth));
  EXPECT_EQ(r.stats.nodes, depth + 1u);
}

TEST(SolverSeed, SameSolutionsInAnotherOrder) {
  for (const char* file : {"queens-8.dlx", "langford-8.dlx", "hardsq-4.dlx"}) {
    SCOPED_TRACE(file);
    const Matrix m = load(file);
    Solver solver(m);
    Result plain;
    const std::vector<Solution> unseeded = visit_all(solver, &plain);
    bool order_changed = false;
    for (std::uint64_t seed : {1u, 2u, 3u, 12345u}) {
      solver.set_seed(seed);
      Result r;
      const std::vector<Solution> seeded = visit_all(solver, &r);
      EXPECT_EQ(r.stats.solutions, plain.stats.solutions);
      EXPECT_EQ(as_sets(seeded), as_sets(unseeded));
      order_changed = order_changed || seeded != unseeded;

      // The same seed again, on this solver or another, repeats the search exactly.
      solver.set_seed(seed);
      Result again;
      EXPECT_EQ(visit_all(solver, &again), seeded);
      expect_same_stats(again.stats, r.stats);
      Solver other(m);
      other.set_seed(seed);
      EXPECT_EQ(visit_all(other), seeded);
    }
    EXPECT_TRUE(order_changed);

    solver.set_seed(0);
    Result restored;
    const std::vector<Solution> unseeded_again = visit_all(solver, &restored);
    EXPECT_EQ(unseeded_again.front(), unseeded.front());
    EXPECT_EQ(unseeded_again, unseeded);
    expect_same_stats(restored.stats, plain.stats);
  }
}

TEST(SolverProgress, ReportsThePathAndAFraction) {
  const Matrix m = load("queens-8.dlx");
  Solver solver(m);
  std::uint64_t calls = 0, last_updates = 0;
  solver.set_progress(500, [&](const dlx::Progress& p) {
    ++calls;
    EXPECT_GE(p.stats.updates, last_updates);
    last_updates = p.stats.updates;
    EXPECT_LE(p.path.size(), 8u);
    for (const dlx::PathStep& step : p.path) {
      EXPECT_GE(step.k, 1u);
      EXPECT_LE(step.k, step.d);
    }
    EXPECT_GE(p.fraction, 0.0);
    EXPECT_LE(p.fraction, 1.0);
  });
  const Result r = solver.count();
  EXPECT_GE(calls, 10u);  // 21,456 updates, a report every 500 or more
  EXPECT_LE(calls, r.stats.updates / 500 + 1);
  EXPECT_EQ(r.stats.nodes, 1223u);  // reporting does not change the search

  calls = 0;
  solver.set_progress(0, [&](const dlx::Progress&) { ++calls; });
  solver.count();
  EXPECT_EQ(calls, 0u);
}

TEST(SolverProfile, CountsEveryNodeByDepth) {
  const Matrix m = load("queens-8.dlx");
  Solver solver(m);
  const Result r = solver.count();
  const auto profile = solver.profile();
  ASSERT_EQ(profile.size(), r.stats.max_depth + 1u);
  EXPECT_EQ(profile.size(), 9u);
  EXPECT_EQ(std::accumulate(profile.begin(), profile.end(), std::uint64_t{0}), r.stats.nodes);
  EXPECT_EQ(profile[0], 1u);
  EXPECT_EQ(profile[8], 92u);  // a queen on each rank: every solution is 8 levels deep

  solver.set_limits({.nodes = 50});
  const Result stopped = solver.count();
  const auto partial = solver.profile();
  ASSERT_EQ(partial.size(), stopped.stats.max_depth + 1u);
  EXPECT_EQ(std::accumulate(partial.begin(), partial.end(), std::uint64_t{0}), stopped.stats.nodes);
}

}  // namespace

namespace {

// Each outcome by the name its enumerator has (the Python module reports these).
TEST(Outcome, Names) {
  EXPECT_EQ(dlx::outcome_name(dlx::Outcome::exhausted), "exhausted");
  EXPECT_EQ(dlx::outcome_name(dlx::Outcome::solution_limit), "solution_limit");
  EXPECT_EQ(dlx::outcome_name(dlx::Outcome::node_limit), "node_limit");
  EXPECT_EQ(dlx::outcome_name(dlx::Outcome::update_limit), "update_limit");
  EXPECT_EQ(dlx::outcome_name(dlx::Outcome::stopped), "stopped");
}

}  // namespace

// The set engines (dancing cells, bit sets) find what the links engine finds, whatever the
// constraints; only the order of the tree and of the solutions may differ.
namespace {

using dlx::Engine;

class SetEngines : public ::testing::TestWithParam<Engine> {};
INSTANTIATE_TEST_SUITE_P(CellsAndBits, SetEngines, ::testing::Values(Engine::cells, Engine::bits),
                         [](const ::testing::TestParamInfo<Engine>& info) {
                           return std::string(dlx::engine_name(info.param));
                         });

TEST_P(SetEngines, DifferentialRandomProblemsMatchBruteForce) {
  std::uint64_t clashes = 0, colored_problems = 0;
  for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Matrix m = random_matrix(seed);
    const std::vector<Solution> expected = brute_force(m);
    Solver solver(m, GetParam());
    ASSERT_EQ(solver.engine(), GetParam());
    Result first_run;
    const std::vector<Solution> visited = visit_all(solver, &first_run);
    ASSERT_EQ(as_sets(visited), expected);
    EXPECT_EQ(first_run.outcome, Outcome::exhausted);
    EXPECT_EQ(first_run.stats.solutions, expected.size());
    for (const Solution& s : visited) EXPECT_TRUE(is_exact_cover(m, s));
    // Every set restored: the next searches find the same.
    EXPECT_EQ(as_sets(visit_all(solver)), expected);
    EXPECT_EQ(solver.count().stats.solutions, expected.size());
    for (OptionId o = 0; o < static_cast<OptionId>(m.option_count()); ++o)
      for (const Entry& e : m.option(o)) colored_problems += e.color != 0 && o == 0 ? 1 : 0;

    if (m.option_count() == 0) continue;
    std::mt19937_64 rng(seed * 7919);
    const auto pick = [&] { return static_cast<OptionId>(rng() % m.option_count()); };
    const OptionId a = pick();
    ASSERT_TRUE(solver.force(a));
    std::vector<OptionId> forced{a};
    std::vector<Solution> with_forced = visit_all(solver);
    EXPECT_EQ(as_sets(with_forced), containing(expected, forced));
    for (const Solution& s : with_forced) EXPECT_EQ(s.front(), a);
    const OptionId b = pick();
    const bool fits = b != a && compatible(m, a, b);
    EXPECT_EQ(solver.force(b), fits);
    if (fits)
      forced.push_back(b);
    else
      ++clashes;
    EXPECT_EQ(as_sets(visit_all(solver)), containing(expected, forced));
    solver.release();
    EXPECT_EQ(as_sets(visit_all(solver)), expected);

    solver.set_seed(seed);
    Result seeded;
    EXPECT_EQ(as_sets(visit_all(solver, &seeded)), expected);
    solver.set_seed(0);
    EXPECT_EQ(as_sets(visit_all(solver)), expected);

    // A limit of one solution stops at one when there is one; the search after it sees all.
    solver.set_limits({.solutions = 1});
    EXPECT_EQ(solver.count().stats.solutions, std::min<std::size_t>(1, expected.size()));
    solver.set_limits({});
    EXPECT_EQ(solver.count().stats.solutions, expected.size());
  }
  EXPECT_GT(clashes, 500u);
  EXPECT_GT(colored_problems, 300u);
}

TEST_P(SetEngines, DifferentialLoadMatchesBruteForce) {
  std::uint64_t with_base = 0;
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Matrix m = random_matrix(seed);
    if (m.option_count() == 0) continue;
    const std::vector<Solution> all = brute_force(m);
    Solver solver(m, GetParam());
    const auto option_count = static_cast<OptionId>(m.option_count());
    const auto [base, keep, expected] = random_load(m, all, seed);
    with_base += base.empty() ? 0 : 1;

    solver.load(keep, base);
    const std::vector<Solution> visited = visit_all(solver);
    ASSERT_EQ(as_sets(visited), expected);
    for (const Solution& s : visited) EXPECT_TRUE(std::equal(base.begin(), base.end(), s.begin()));
    for (OptionId o = 0; o < option_count; ++o) {
      const bool kept = std::binary_search(keep.begin(), keep.end(), o);
      ASSERT_EQ(solver.force(o), kept);
      if (!kept) continue;
      EXPECT_EQ(as_sets(visit_all(solver)), containing(expected, std::vector<OptionId>{o}));
      solver.release();
    }
    solver.load_all();
    EXPECT_EQ(as_sets(visit_all(solver)), all);
  }
  EXPECT_GT(with_base, 1000u);
}

// load, load_all and set_seed put the options back in order: a seed repeats its search exactly,
// on this solver or another, and an unseeded solver searches as a new one does.
TEST_P(SetEngines, DifferentialASeedRepeatsItsSearch) {
  for (const char* file : {"queens-8.dlx", "langford-8.dlx", "hardsq-4.dlx"}) {
    SCOPED_TRACE(file);
    const Matrix m = load(file);
    Solver solver(m, GetParam());
    const std::vector<Solution> plain = visit_all(solver);
    for (std::uint64_t seed : {1u, 7u}) {
      solver.set_seed(seed);
      const std::vector<Solution> seeded = visit_all(solver);
      EXPECT_EQ(as_sets(seeded), as_sets(plain));
      solver.set_seed(seed);
      EXPECT_EQ(visit_all(solver), seeded);
      Solver other(m, GetParam());
      other.set_seed(seed);
      EXPECT_EQ(visit_all(other), seeded);
    }
    solver.set_seed(0);
    EXPECT_EQ(visit_all(solver), plain);
    solver.load_all();
    EXPECT_EQ(visit_all(solver), plain);
  }
}

TEST_P(SetEngines, KnownCountsQueensLangfordLatinAndKnuthsFiles) {
  const std::uint64_t queens_counts[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680};
  for (int n = 1; n <= 11; ++n) {
    const Matrix m = queens(n);
    Solver solver(m, GetParam());
    EXPECT_EQ(solver.count().stats.solutions, queens_counts[n - 1]) << "queens " << n;
  }
  for (const auto& [n, expected] : {std::pair<int, std::uint64_t>{7, 52}, {8, 300}, {6, 0}}) {
    const Matrix m = langford(n);
    Solver solver(m, GetParam());
    EXPECT_EQ(solver.count().stats.solutions, expected) << "langford " << n;
  }
  const Matrix latin5 = latin(5);
  Solver latin_solver(latin5, GetParam());
  EXPECT_EQ(latin_solver.count().stats.solutions, 161280u);
  for (const auto& [file, expected] :
       {std::pair<const char*, std::uint64_t>{"sudoku-hard1.dlx", 1}, {"hardsq-4.dlx", 1234}}) {
    const Matrix m = load(file);
    Solver solver(m, GetParam());
    const std::vector<OptionId> first = solver.first();
    EXPECT_TRUE(is_exact_cover(m, first)) << file;
    EXPECT_EQ(solver.count().stats.solutions, expected) << file;
  }
}

// The figures of Knuth's SSXC1 on queens-8.dlx (this engine makes SSXC1's tree).
TEST_P(SetEngines, KnownCountsSsxc1Figures) {
  const Matrix m = load("queens-8.dlx");
  Solver solver(m, GetParam());
  const Result r = solver.count();
  EXPECT_EQ(r.stats.solutions, 92u);
  const auto profile = solver.profile();
  EXPECT_EQ(std::accumulate(profile.begin(), profile.end(), std::uint64_t{0}), r.stats.nodes);
  EXPECT_EQ(profile[8], 92u);
  EXPECT_LT(r.stats.nodes, 1223u);  // fewer than DLX1: a branch ends when an item empties
}

TEST_P(SetEngines, LimitsEveryStopLeavesTheSetsWhole) {
  const Matrix m = load("queens-8.dlx");
  Solver solver(m, GetParam());
  const auto expect_full = [&] {
    solver.set_limits({});
    solver.set_stop_flag(nullptr);
    solver.set_progress(0, nullptr);
    const Result r = solver.count();
    EXPECT_EQ(r.outcome, Outcome::exhausted);
    EXPECT_EQ(r.stats.solutions, 92u);
  };
  solver.set_limits({.solutions = 10});
  Result r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::solution_limit);
  EXPECT_EQ(r.stats.solutions, 10u);
  expect_full();
  solver.set_limits({.nodes = 100});
  r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::node_limit);
  EXPECT_LT(r.stats.solutions, 92u);
  expect_full();
  solver.set_limits({.updates = 2000});
  r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::update_limit);
  EXPECT_GE(r.stats.updates, 2000u);
  expect_full();
  std::uint64_t seen = 0;
  r = solver.search([&](std::span<const OptionId>) { return ++seen < 5; });
  EXPECT_EQ(r.outcome, Outcome::stopped);
  EXPECT_EQ(seen, 5u);
  expect_full();
  EXPECT_THROW(
      solver.search([](std::span<const OptionId>) -> bool { throw std::runtime_error("x"); }),
      std::runtime_error);
  expect_full();
  std::atomic<bool> stop{false};
  solver.set_stop_flag(&stop);
  std::uint64_t calls = 0;
  solver.set_progress(300, [&](const dlx::Progress& p) {
    ++calls;
    for (const dlx::PathStep& step : p.path) {
      EXPECT_GE(step.k, 1u);
      EXPECT_LE(step.k, step.d);
    }
    EXPECT_GE(p.fraction, 0.0);
    EXPECT_LE(p.fraction, 1.0);
    const auto path = solver.path_options();
    EXPECT_EQ(path.size(), p.path.size());
    for (std::size_t l = 0; l < path.size(); ++l)
      EXPECT_EQ(path[l].size(), p.path[l].d - p.path[l].k + 1);
    if (calls == 3) stop = true;
  });
  r = solver.count();
  EXPECT_EQ(r.outcome, Outcome::stopped);
  EXPECT_EQ(calls, 3u);
  expect_full();
}

// Entering moves is forcing them, and leaving undoes them: the counts below the moves of one
// level add up to the whole count.
TEST_P(SetEngines, BranchesMovesOfOneLevelShareTheTree) {
  for (const char* file : {"queens-8.dlx", "hardsq-4.dlx", "langford-8.dlx"}) {
    SCOPED_TRACE(file);
    const Matrix m = load(file);
    Solver solver(m, GetParam());
    const std::uint64_t total = solver.count().stats.solutions;
    const dlx::Branch branch = solver.next_branch();
    ASSERT_GE(branch.item, 0);
    std::size_t fewest = m.option_count();
    for (ItemId i = 0; i < static_cast<ItemId>(m.item_count()); ++i) {
      if (m.item_kind(i) != ItemKind::primary) continue;
      std::size_t uses = 0;
      for (OptionId o = 0; o < static_cast<OptionId>(m.option_count()); ++o)
        for (const Entry& e : m.option(o)) uses += e.item == i ? 1 : 0;
      fewest = std::min(fewest, uses);
    }
    EXPECT_EQ(branch.options.size(), fewest);
    std::uint64_t sum = 0;
    for (OptionId o : branch.options) {
      ASSERT_TRUE(solver.enter(o));
      EXPECT_EQ(solver.entered().size(), 1u);
      sum += solver.count().stats.solutions;
      solver.leave();
    }
    EXPECT_EQ(sum, total);
    EXPECT_EQ(solver.count().stats.solutions, total);
  }
}

TEST_P(SetEngines, RefusesBoundsAndPropagation) {
  Matrix bounded;
  bounded.add_item("a", dlx::Bounds{1, 2});
  bounded.add_option({"a"});
  EXPECT_THROW(Solver(bounded, GetParam()), std::invalid_argument);
  EXPECT_EQ(Solver(bounded, Engine::automatic).engine(), Engine::links);
  const Matrix m = queens(6);
  Solver solver(m, GetParam());
  for (const char* part : {"implied", "probe", "weighed", "all"})
    EXPECT_THROW(solver.set_propagation(dlx::parse_propagation(part)), std::invalid_argument);
  solver.set_propagation(dlx::parse_propagation("singles"));  // what the cells search does
  const Result r = solver.count();
  EXPECT_EQ(r.stats.solutions, 4u);
  EXPECT_GT(r.stats.forced, 0u);
  EXPECT_NO_THROW(solver.set_propagation(dlx::Propagation{}));
}

TEST(ChooseEngine, NamesAndRule) {
  for (Engine e : {Engine::links, Engine::cells, Engine::bits, Engine::automatic})
    EXPECT_EQ(dlx::parse_engine(dlx::engine_name(e)), e);
  EXPECT_THROW(dlx::parse_engine("dancing"), std::invalid_argument);
  Matrix bounded;
  bounded.add_item("a", dlx::Bounds{0, 2});
  bounded.add_option({"a"});
  EXPECT_EQ(dlx::choose_engine(bounded).engine, Engine::links);
  EXPECT_NE(dlx::choose_engine(bounded).why.find("bounds"), std::string::npos);
  const Matrix big = load("hardsq-4.dlx");
  const dlx::EngineChoice with_propagation =
      dlx::choose_engine(big, dlx::parse_propagation("implied"));
  EXPECT_EQ(with_propagation.engine, Engine::links);
  EXPECT_NE(with_propagation.why.find("implied items"), std::string::npos);
  // The rule's choice is the one the solver takes.
  for (const Matrix& m : {queens(4), queens(12), latin(5), langford(12)})
    EXPECT_EQ(Solver(m, Engine::automatic).engine(), dlx::choose_engine(m).engine);
  // Bits where the estimated work of a node is less than the cells' (pentominoes: 1,562 word
  // operations against 3,649 updates; 13 queens: 90 against 130), not on Latin squares (156
  // against 30: few options an item) nor on problems under 300 nodes (8 queens: links).
  const dlx::EngineChoice pentominoes =
      dlx::choose_engine(load("../../examples/pentominoes/pentomino-3x20.dlx"));
  EXPECT_EQ(pentominoes.engine, Engine::bits) << pentominoes.why;
  EXPECT_NE(pentominoes.why.find("1562 word operations on bits, 3649 updates on cells"),
            std::string::npos)
      << pentominoes.why;
  EXPECT_EQ(dlx::choose_engine(queens(13)).engine, Engine::bits);
  EXPECT_EQ(dlx::choose_engine(latin(5)).engine, Engine::links);
  EXPECT_EQ(dlx::choose_engine(queens(8)).engine, Engine::links);
}

// The bits engine makes the cells engine's tree: the same solutions in the same order, and
// no more nodes (a choice that empties an item ends there, where cells may count one more).
TEST(BitsEngine, MakesTheTreeOfCells) {
  std::vector<Matrix> problems = {queens(8), langford(8), latin(4), load("hardsq-4.dlx"),
                                  load("sudoku-hard1.dlx")};
  for (std::uint64_t seed = 1; seed <= 300; ++seed) problems.push_back(random_matrix(seed));
  for (const Matrix& m : problems) {
    Solver cells(m, Engine::cells), bits(m, Engine::bits);
    Result rc, rb;
    EXPECT_EQ(visit_all(bits, &rb), visit_all(cells, &rc));
    EXPECT_LE(rb.stats.nodes, rc.stats.nodes);
    EXPECT_EQ(rb.stats.forced, rc.stats.forced);
    EXPECT_EQ(rb.stats.max_depth, rc.stats.max_depth);
  }
}

// Masks too large are refused before they are made, with the size they would take.
TEST(BitsEngine, RefusesMasksTooLarge) {
  Matrix m;
  for (int i = 0; i < 6000; ++i) m.add_item("i" + std::to_string(i));
  for (int o = 0; o < 6000; ++o) m.add_option({"i" + std::to_string(o)});
  // (6,000 items + 6,002 saved rows) x 94 words of 8 bytes: 9 MB, taken.
  EXPECT_EQ(Solver(m, Engine::bits).count().stats.solutions, 1u);
  Matrix big;
  for (int i = 0; i < 50000; ++i) big.add_item("i" + std::to_string(i));
  for (int o = 0; o < 50000; ++o) big.add_option({"i" + std::to_string(o)});
  try {
    Solver solver(big, Engine::bits);
    ADD_FAILURE() << "masks and rows of 596 MiB were made";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("MiB"), std::string::npos) << e.what();
  }
  EXPECT_NE(dlx::choose_engine(big).engine, Engine::bits);
}

}  // namespace

namespace {

TEST_P(SetEngines, LoadRejectsWhatCannotBeLoaded) {
  const Matrix m = load("queens-8.dlx");  // option 8r + c is the queen at rank r, file c
  Solver solver(m, GetParam());
  const std::vector<OptionId> r0c0{0}, r0c1{1}, keep_r1c1{9}, keep_r1c2{10}, clashing_base{0, 9};
  EXPECT_THROW(solver.load(keep_r1c1, r0c0), std::invalid_argument);  // same diagonal
  EXPECT_THROW(solver.load(r0c1, r0c0), std::invalid_argument);       // same rank
  try {
    solver.load(keep_r1c2, clashing_base);
    ADD_FAILURE() << "a base that clashes with itself was loaded";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("option 9 clashes"), std::string::npos) << e.what();
  }
  EXPECT_EQ(solver.count().stats.solutions, 92u);  // every option visible again
  solver.load(std::vector<OptionId>{0, 1, 2});
  EXPECT_THROW(solver.load(std::vector<OptionId>{10, 10}), std::invalid_argument);
  EXPECT_THROW(solver.load(std::vector<OptionId>{64}), std::invalid_argument);
  EXPECT_THROW(solver.load({}, std::vector<OptionId>{-1}), std::invalid_argument);
  ASSERT_TRUE(solver.force(0));
  EXPECT_THROW(solver.load(keep_r1c2), std::logic_error);
  EXPECT_THROW(solver.load_all(), std::logic_error);
  solver.release();
  solver.load(std::vector<OptionId>{}, r0c0);
  EXPECT_EQ(solver.count().stats.solutions, 0u);
  std::vector<OptionId> fitting;
  for (OptionId o = 1; o < 64; ++o)
    if (compatible(m, 0, o)) fitting.push_back(o);
  solver.load(fitting, r0c0);
  EXPECT_EQ(solver.count().stats.solutions, containing(brute_force(m), r0c0).size());
  solver.load_all();
  EXPECT_EQ(solver.count().stats.solutions, 92u);
}

}  // namespace

namespace {

// The solutions a ZDD holds: every path from the root to node 1, as a set of options.
void zdd_paths(const dlx::Zdd& zdd, std::uint32_t node, Solution& path,
               std::vector<Solution>& out) {
  if (node == 0) return;
  if (node == 1) {
    Solution s = path;
    std::sort(s.begin(), s.end());
    out.push_back(s);
    return;
  }
  const dlx::ZddNode& n = zdd.nodes[node - 2];
  ASSERT_LT(n.lo, node);
  ASSERT_LT(n.hi, node);
  path.push_back(n.option);
  zdd_paths(zdd, n.hi, path, out);
  path.pop_back();
  zdd_paths(zdd, n.lo, path, out);
}

TEST(Zdd, HoldsExactlyTheSolutionsOfRandomProblems) {
  std::uint64_t compared = 0;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Matrix m = random_matrix(seed);
    bool colored = false;
    for (OptionId o = 0; o < static_cast<OptionId>(m.option_count()); ++o)
      for (const Entry& e : m.option(o)) colored = colored || e.color != 0;
    if (colored) {
      EXPECT_THROW(dlx::build_zdd(m), std::invalid_argument);
      continue;
    }
    const dlx::Zdd zdd = dlx::build_zdd(m);
    std::vector<Solution> held;
    Solution path;
    zdd_paths(zdd, zdd.root, path, held);
    std::sort(held.begin(), held.end());
    const std::vector<Solution> expected = brute_force(m);
    ASSERT_EQ(held, expected);
    EXPECT_EQ(zdd.solutions, expected.size());
    ++compared;
  }
  EXPECT_GT(compared, 800u);
}

// DLX6's figures (its "ZDD nodes", the two constants included) on these files.
TEST(Zdd, HasTheNodesOfKnuthsDlx6) {
  const std::pair<const char*, std::uint64_t> cases[] = {{"queens-8.dlx", 469},
                                                         {"langford-8.dlx", 1329},
                                                         {"latin-4.dlx", 1490},
                                                         {"sudoku-hard1.dlx", 83}};
  for (const auto& [file, nodes] : cases) {
    const dlx::Zdd zdd = dlx::build_zdd(load(file));
    EXPECT_EQ(zdd.node_count(), nodes) << file;
  }
  const dlx::Zdd limited = dlx::build_zdd(load("queens-8.dlx"), {.nodes = 100});
  EXPECT_LE(limited.node_count(), 100u + 8);  // and the nodes that close the path (8 levels)
  std::vector<Solution> held;
  Solution path;
  zdd_paths(limited, limited.root, path, held);
  EXPECT_EQ(held.size(), limited.solutions);
  EXPECT_LT(held.size(), 92u);
  bool stopped = false;
  dlx::build_zdd(load("queens-8.dlx"), {.nodes = 100}, &stopped);
  EXPECT_TRUE(stopped);
  Matrix bounded;
  bounded.add_item("a", dlx::Bounds{0, 2});
  bounded.add_option({"a"});
  EXPECT_THROW(dlx::build_zdd(bounded), std::invalid_argument);
}

}  // namespace
