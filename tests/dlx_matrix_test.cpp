#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dlx/matrix.hpp"

namespace {

using dlx::Entry;
using dlx::Error;
using dlx::ErrorKind;
using dlx::ItemKind;
using dlx::Matrix;

// Runs `build` and returns the dlx::Error it throws; fails the test if it throws nothing.
template <class F>
Error error_of(F build) {
  try {
    build();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no dlx::Error thrown";
  return Error(ErrorKind::too_large, "");
}

bool mentions(const Error& e, const std::string& text) {
  return std::string(e.what()).find(text) != std::string::npos;
}

TEST(Matrix, ItemsGetIdsInDeclarationOrder) {
  Matrix m;
  EXPECT_EQ(m.add_item("a"), 0);
  EXPECT_EQ(m.add_item("b"), 1);
  EXPECT_EQ(m.add_item("x", ItemKind::secondary), 2);
  EXPECT_EQ(m.add_item("c"), 3);
  EXPECT_EQ(m.item_count(), 4u);
  EXPECT_EQ(m.primary_count(), 3u);
  EXPECT_EQ(m.item_name(2), "x");
  EXPECT_EQ(m.item_kind(2), ItemKind::secondary);
  EXPECT_EQ(m.item_kind(3), ItemKind::primary);
  EXPECT_EQ(m.find_item("c"), 3);
  EXPECT_EQ(m.find_item("nope"), -1);
  EXPECT_EQ(m.find_item(""), -1);
}

TEST(Matrix, NamesAreArbitraryText) {
  Matrix m;
  EXPECT_EQ(m.add_item("r1c1"), 0);
  EXPECT_EQ(m.add_item("\xc3\xa9t\xc3\xa9"), 1);  // UTF-8 "été"
  EXPECT_EQ(m.add_item("A"), 2);
  EXPECT_EQ(m.add_item("a"), 3);  // names are case-sensitive
  EXPECT_EQ(m.find_item("\xc3\xa9t\xc3\xa9"), 1);
}

TEST(Matrix, OptionsKeepTheirItemsAndColorsInOrder) {
  Matrix m;
  m.add_item("a");
  m.add_item("b");
  m.add_item("x", ItemKind::secondary);
  m.add_item("y", ItemKind::secondary);
  const std::vector<Entry> first{{1, 0}, {2, 3}, {0, 0}};
  EXPECT_EQ(m.add_option(first), 0);
  EXPECT_EQ(m.add_option({"a", "y"}), 1);
  EXPECT_EQ(m.option_count(), 2u);
  EXPECT_EQ(m.entry_count(), 5u);

  auto o0 = m.option(0);
  ASSERT_EQ(o0.size(), 3u);
  EXPECT_EQ(o0[0].item, 1);
  EXPECT_EQ(o0[0].color, 0);
  EXPECT_EQ(o0[1].item, 2);
  EXPECT_EQ(o0[1].color, 3);
  EXPECT_EQ(o0[2].item, 0);
  auto o1 = m.option(1);
  ASSERT_EQ(o1.size(), 2u);
  EXPECT_EQ(o1[0].item, 0);
  EXPECT_EQ(o1[1].item, 3);
  EXPECT_EQ(o1[1].color, 0);
  EXPECT_TRUE(m.warnings().empty());
}

TEST(Matrix, OptionOutOfRangeThrows) {
  Matrix m;
  m.add_item("a");
  m.add_option({"a"});
  EXPECT_THROW(m.option(1), std::out_of_range);
  EXPECT_THROW(m.option(-1), std::out_of_range);
}

TEST(Matrix, DuplicateItemNamesTheItem) {
  Matrix m;
  m.add_item("r1c1");
  Error e = error_of([&] { m.add_item("r1c1", ItemKind::secondary); });
  EXPECT_EQ(e.kind(), ErrorKind::duplicate_item);
  EXPECT_TRUE(mentions(e, "'r1c1'")) << e.what();
  EXPECT_EQ(m.item_count(), 1u);  // the failed declaration added nothing
  EXPECT_EQ(m.primary_count(), 1u);
}

TEST(Matrix, EmptyNameIsRejected) {
  Matrix m;
  Error e = error_of([&] { m.add_item(""); });
  EXPECT_EQ(e.kind(), ErrorKind::empty_name);
  EXPECT_EQ(m.item_count(), 0u);
}

TEST(Matrix, UnknownItemByNameNamesTheItem) {
  Matrix m;
  m.add_item("a");
  Error e = error_of([&] { m.add_option({"a", "zz"}); });
  EXPECT_EQ(e.kind(), ErrorKind::unknown_item);
  EXPECT_TRUE(mentions(e, "'zz'")) << e.what();
  EXPECT_TRUE(mentions(e, "option 1")) << e.what();
  EXPECT_EQ(m.option_count(), 0u);
}

TEST(Matrix, UnknownItemByIdNamesTheId) {
  Matrix m;
  m.add_item("a");
  const std::vector<Entry> bad{{0, 0}, {7, 0}};
  Error e = error_of([&] { m.add_option(bad); });
  EXPECT_EQ(e.kind(), ErrorKind::unknown_item);
  EXPECT_TRUE(mentions(e, "7")) << e.what();
  const std::vector<Entry> negative{{-1, 0}};
  EXPECT_EQ(error_of([&] { m.add_option(negative); }).kind(), ErrorKind::unknown_item);
  EXPECT_EQ(m.option_count(), 0u);
  EXPECT_EQ(m.entry_count(), 0u);
}

TEST(Matrix, RepeatedItemNamesTheItemAndOption) {
  Matrix m;
  m.add_item("a");
  m.add_item("b");
  m.add_option({"a"});
  Error e = error_of([&] { m.add_option({"b", "a", "b"}); });
  EXPECT_EQ(e.kind(), ErrorKind::repeated_item);
  EXPECT_TRUE(mentions(e, "'b'")) << e.what();
  EXPECT_TRUE(mentions(e, "option 2")) << e.what();
  EXPECT_EQ(m.option_count(), 1u);
  // The same item in two different options is fine.
  EXPECT_EQ(m.add_option({"a", "b"}), 1);
}

TEST(Matrix, RepeatedSecondaryItemIsRejectedEvenWithOtherColor) {
  Matrix m;
  m.add_item("a");
  m.add_item("x", ItemKind::secondary);
  const std::vector<Entry> twice{{0, 0}, {1, 1}, {1, 2}};
  Error e = error_of([&] { m.add_option(twice); });
  EXPECT_EQ(e.kind(), ErrorKind::repeated_item);
  EXPECT_TRUE(mentions(e, "'x'")) << e.what();
}

TEST(Matrix, ColorOnPrimaryNamesTheItem) {
  Matrix m;
  m.add_item("p");
  m.add_item("x", ItemKind::secondary);
  const std::vector<Entry> bad{{1, 1}, {0, 2}};
  Error e = error_of([&] { m.add_option(bad); });
  EXPECT_EQ(e.kind(), ErrorKind::color_on_primary);
  EXPECT_TRUE(mentions(e, "'p'")) << e.what();
  EXPECT_EQ(m.option_count(), 0u);
}

TEST(Matrix, EmptyOptionIsRejected) {
  Matrix m;
  m.add_item("a");
  m.add_option({"a"});
  m.add_option({"a"});
  Error e = error_of([&] { m.add_option(std::span<const Entry>{}); });
  EXPECT_EQ(e.kind(), ErrorKind::empty_option);
  EXPECT_TRUE(mentions(e, "option 3")) << e.what();
  EXPECT_EQ(m.option_count(), 2u);
}

TEST(Matrix, OptionNumbersInMessagesCountEveryOptionGiven) {
  // "option N" is the N-th option the caller gave, whether it was kept, dropped or rejected.
  Matrix m;
  m.add_item("a");
  m.add_item("x", ItemKind::secondary);
  m.add_option({"a"});                                  // option 1
  EXPECT_EQ(m.add_option({"x"}), dlx::dropped_option);  // option 2
  EXPECT_THROW(m.add_option({"nope"}), Error);          // option 3
  EXPECT_TRUE(mentions(error_of([&] { m.add_option({"a", "a"}); }), "option 4"));
  EXPECT_TRUE(mentions(error_of([&] { m.add_option({"b"}); }), "option 5"));
}

TEST(Matrix, OptionWithoutPrimaryItemIsDroppedWithWarning) {
  Matrix m;
  m.add_item("a");
  m.add_item("x", ItemKind::secondary);
  m.add_item("y", ItemKind::secondary);
  EXPECT_EQ(m.add_option({"a", "x"}), 0);
  const std::vector<Entry> secondary_only{{1, 2}, {2, 0}};
  EXPECT_EQ(m.add_option(secondary_only), dlx::dropped_option);
  EXPECT_EQ(m.add_option({"y", "a"}), 1);  // ids count kept options only
  EXPECT_EQ(m.option_count(), 2u);
  EXPECT_EQ(m.entry_count(), 4u);
  ASSERT_EQ(m.warnings().size(), 1u);
  EXPECT_NE(m.warnings()[0].find("option 2"), std::string::npos) << m.warnings()[0];
  EXPECT_NE(m.warnings()[0].find("dropped"), std::string::npos) << m.warnings()[0];
  EXPECT_EQ(m.option(1)[0].item, 2);
}

TEST(Matrix, FailedOptionDoesNotPoisonTheNext) {
  // A rejected option leaves no trace: the repeat check starts afresh for the next one.
  Matrix m;
  m.add_item("a");
  m.add_item("b");
  EXPECT_THROW(m.add_option({"a", "b", "b"}), Error);
  EXPECT_EQ(m.add_option({"b", "a"}), 0);
  EXPECT_EQ(m.option_count(), 1u);
  EXPECT_EQ(m.entry_count(), 2u);
}

TEST(Matrix, ErrorIsARuntimeError) {
  Matrix m;
  m.add_item("a");
  EXPECT_THROW(m.add_item("a"), std::runtime_error);
}

TEST(Matrix, PrimaryItemsCarryBounds) {
  Matrix m;
  m.add_item("a");
  m.add_item("b", dlx::Bounds{0, 3});
  m.add_item("x", ItemKind::secondary);
  EXPECT_EQ(m.bounds(0), (dlx::Bounds{1, 1}));
  EXPECT_EQ(m.bounds(1), (dlx::Bounds{0, 3}));
  EXPECT_EQ(m.bounds(2), (dlx::Bounds{1, 1}));
  EXPECT_EQ(m.item_kind(1), ItemKind::primary);
  EXPECT_EQ(m.primary_count(), 2U);
  EXPECT_TRUE(m.has_bounds());
  m.set_bounds(1, dlx::Bounds{1, 1});
  EXPECT_FALSE(m.has_bounds());
  m.set_bounds(0, dlx::Bounds{2, 2});
  EXPECT_TRUE(m.has_bounds());
}

TEST(Matrix, BadBoundsAreRejected) {
  for (const dlx::Bounds b : {dlx::Bounds{3, 2}, dlx::Bounds{-1, 1}, dlx::Bounds{0, 0}}) {
    Matrix m;
    const Error e = error_of([&] { m.add_item("a", b); });
    EXPECT_EQ(e.kind(), ErrorKind::bad_bounds);
    EXPECT_TRUE(mentions(e, "'a'")) << e.what();
    EXPECT_EQ(m.item_count(), 0U);
  }
  Matrix m;
  m.add_item("x", ItemKind::secondary);
  const Error e = error_of([&] { m.set_bounds(0, dlx::Bounds{0, 1}); });
  EXPECT_EQ(e.kind(), ErrorKind::bad_bounds);
  EXPECT_TRUE(mentions(e, "secondary")) << e.what();
  EXPECT_THROW(m.set_bounds(5, dlx::Bounds{}), std::out_of_range);
}

}  // namespace
