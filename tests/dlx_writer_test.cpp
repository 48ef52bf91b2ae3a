#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "dlx/reader.hpp"
#include "dlx/writer.hpp"

namespace {

using dlx::Bounds;
using dlx::Entry;
using dlx::ItemKind;
using dlx::Matrix;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot open " << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string written(const Matrix& matrix, std::span<const std::string> colors = {}) {
  std::ostringstream out;
  dlx::write_problem(matrix, out, colors);
  return out.str();
}

// Two matrices with the same items (names, kinds, bounds) and options (items and colors), in order.
void expect_same(const Matrix& a, const Matrix& b) {
  ASSERT_EQ(a.item_count(), b.item_count());
  for (std::size_t i = 0; i < a.item_count(); ++i) {
    const auto item = static_cast<dlx::ItemId>(i);
    EXPECT_EQ(a.item_name(item), b.item_name(item));
    EXPECT_EQ(a.item_kind(item), b.item_kind(item));
    EXPECT_EQ(a.bounds(item), b.bounds(item));
  }
  ASSERT_EQ(a.option_count(), b.option_count());
  for (std::size_t o = 0; o < a.option_count(); ++o) {
    EXPECT_EQ(a.cost(static_cast<dlx::OptionId>(o)), b.cost(static_cast<dlx::OptionId>(o)));
    const auto x = a.option(static_cast<dlx::OptionId>(o));
    const auto y = b.option(static_cast<dlx::OptionId>(o));
    ASSERT_EQ(x.size(), y.size()) << "option " << o;
    for (std::size_t j = 0; j < x.size(); ++j) {
      EXPECT_EQ(x[j].item, y[j].item) << "option " << o;
      EXPECT_EQ(x[j].color, y[j].color) << "option " << o;
    }
  }
}

std::string name(char letter, int number) {
  std::string text(1, letter);
  text += std::to_string(number);
  return text;
}

TEST(Writer, WritesItemsBoundsColorsAndOptions) {
  Matrix m;
  m.add_item("a");
  m.add_item("b", Bounds{0, 3});
  m.add_item("c", Bounds{2, 2});
  m.add_item("x", ItemKind::secondary);
  const Entry first[] = {{0, 0}, {3, 2}};
  const Entry second[] = {{1, 0}, {2, 0}};
  m.add_option(first);
  m.add_option(second, 7);
  EXPECT_EQ(written(m), "a 0:3|b 2|c | x\na x:2\nb c |7\n");
  const std::vector<std::string> colors{"", "red", "blue"};
  EXPECT_EQ(written(m, colors), "a 0:3|b 2|c | x\na x:blue\nb c |7\n");
  EXPECT_EQ(dlx::format_option(m, 0, colors), "a x:blue");
  EXPECT_EQ(dlx::format_items(m), "a 0:3|b 2|c | x");
}

TEST(Writer, RoundTripsTheDataFiles) {
  for (const char* file :
       {"dlx3-colors.dlx", "dlx3-rooks5.dlx", "dlx3-langford-gap.dlx", "dlx3-rooks-colors.dlx",
        "hardsq-4.dlx", "queens-8.dlx", "cost-random-7.dlx"}) {
    SCOPED_TRACE(file);
    const dlx::Problem p = dlx::read_problem(read_file(std::string(TEST_DATA_DIR "/") + file));
    std::ostringstream out;
    dlx::write_problem(p, out);
    const dlx::Problem q = dlx::read_problem(out.str());
    expect_same(p.matrix, q.matrix);
    EXPECT_EQ(p.color_names, q.color_names);
  }
}

// Random matrices built in code, primary items first (as a file declares them): read back, the
// same matrix; secondary items before primary ones come back after them, with the same names.
TEST(Writer, RoundTripsRandomMatrices) {
  std::mt19937 rng(17);
  const auto pick = [&rng](int lo, int hi) { return std::uniform_int_distribution<>(lo, hi)(rng); };
  for (int round = 0; round < 200; ++round) {
    Matrix m;
    const int primaries = pick(1, 6), secondaries = pick(0, 4);
    for (int i = 0; i < primaries; ++i) {
      const int lo = pick(0, 3);
      m.add_item(name('p', i), Bounds{lo, pick(std::max(lo, 1), 4)});
    }
    for (int i = 0; i < secondaries; ++i) m.add_item(name('s', i), ItemKind::secondary);
    for (int o = pick(0, 10); o > 0; --o) {
      const dlx::Cost cost = pick(0, 1) == 0 ? 0 : pick(1, 50);
      std::vector<Entry> entries{{pick(0, primaries - 1), 0}};
      for (int i = 0; i < primaries + secondaries; ++i)
        if (i != entries[0].item && pick(0, 2) == 0)
          entries.push_back({i, i >= primaries ? pick(0, 3) : 0});
      std::shuffle(entries.begin(), entries.end(), rng);
      m.add_option(entries, cost);
    }
    const std::string text = written(m);
    const dlx::Problem back = dlx::read_problem(text);
    SCOPED_TRACE(text);
    ASSERT_EQ(back.matrix.option_count(), m.option_count());
    // Colors come back numbered in order of first use; compare them through their names.
    for (std::size_t o = 0; o < m.option_count(); ++o)
      EXPECT_EQ(dlx::format_option(back, static_cast<dlx::OptionId>(o)),
                dlx::format_option(m, static_cast<dlx::OptionId>(o)));
    std::ostringstream again;
    dlx::write_problem(back, again);
    EXPECT_EQ(again.str(), text);
    expect_same(dlx::read_problem(again.str()).matrix, back.matrix);
  }
  Matrix mixed;
  mixed.add_item("x", ItemKind::secondary);
  mixed.add_item("a", Bounds{1, 2});
  const Entry both[] = {{1, 0}, {0, 0}};
  mixed.add_option(both);
  EXPECT_EQ(written(mixed), "1:2|a | x\na x\n");
}

TEST(Writer, RefusesWhatTheFormatCannotHold) {
  for (const char* bad : {"a b", "a:b", "a|b", "a\tb"}) {
    Matrix m;
    m.add_item(bad);
    EXPECT_THROW(written(m), std::invalid_argument) << bad;
  }
  Matrix secondary_only;
  secondary_only.add_item("x", ItemKind::secondary);
  EXPECT_THROW(written(secondary_only), std::invalid_argument);
  Matrix colored;
  colored.add_item("a");
  colored.add_item("x", ItemKind::secondary);
  const Entry entries[] = {{0, 0}, {1, 3}};
  colored.add_option(entries);
  const std::vector<std::string> too_few{"", "red"};
  EXPECT_THROW(written(colored, too_few), std::invalid_argument);
}

}  // namespace
