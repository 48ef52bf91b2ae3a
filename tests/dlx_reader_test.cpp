#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/reader.hpp"

namespace {

using dlx::ParseError;
using dlx::ParseErrorKind;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot open " << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::string examples_dir = TEST_DATA_DIR "/../../examples/dlx";

// The error that reading `text` throws, from a string and from a stream (which must agree).
ParseError error_of(std::string_view text, const dlx::ReadLimits& limits = {}) {
  std::optional<ParseError> from_string;
  try {
    dlx::read_problem(text, limits);
  } catch (const ParseError& error) {
    from_string = error;
  }
  std::optional<ParseError> from_stream;
  try {
    std::istringstream in{std::string(text)};
    dlx::read_problem(in, limits);
  } catch (const ParseError& error) {
    from_stream = error;
  }
  if (!from_string || !from_stream) {
    ADD_FAILURE() << "no error for: " << text;
    return ParseError(ParseErrorKind::no_items, 0, 0, "no error");
  }
  EXPECT_EQ(from_string->kind(), from_stream->kind());
  EXPECT_EQ(from_string->line(), from_stream->line());
  EXPECT_EQ(from_string->column(), from_stream->column());
  EXPECT_STREQ(from_string->what(), from_stream->what());
  return *from_string;
}

// Expects reading `text` to fail with this kind of error at this line and column.
void expect_error(std::string_view text, ParseErrorKind kind, std::size_t line, std::size_t column,
                  const dlx::ReadLimits& limits = {}) {
  const ParseError error = error_of(text, limits);
  EXPECT_EQ(error.kind(), kind) << error.what();
  EXPECT_EQ(error.line(), line) << error.what();
  EXPECT_EQ(error.column(), column) << error.what();
}

std::vector<std::string> all_options(const dlx::Problem& problem) {
  std::vector<std::string> options;
  for (std::size_t i = 0; i < problem.matrix.option_count(); ++i) {
    options.push_back(dlx::format_option(problem, static_cast<dlx::OptionId>(i)));
  }
  return options;
}

// Two problems declare the same items and options, with the same color names.
void expect_same(const dlx::Problem& a, const dlx::Problem& b) {
  ASSERT_EQ(a.matrix.item_count(), b.matrix.item_count());
  EXPECT_EQ(a.matrix.primary_count(), b.matrix.primary_count());
  for (std::size_t i = 0; i < a.matrix.item_count(); ++i) {
    const auto item = static_cast<dlx::ItemId>(i);
    EXPECT_EQ(a.matrix.item_name(item), b.matrix.item_name(item));
    EXPECT_EQ(a.matrix.item_kind(item), b.matrix.item_kind(item));
  }
  EXPECT_EQ(a.color_names, b.color_names);
  ASSERT_EQ(a.matrix.option_count(), b.matrix.option_count());
  for (std::size_t i = 0; i < a.matrix.option_count(); ++i) {
    const auto x = a.matrix.option(static_cast<dlx::OptionId>(i));
    const auto y = b.matrix.option(static_cast<dlx::OptionId>(i));
    ASSERT_EQ(x.size(), y.size()) << "option " << i;
    for (std::size_t j = 0; j < x.size(); ++j) {
      EXPECT_EQ(x[j].item, y[j].item) << "option " << i;
      EXPECT_EQ(x[j].color, y[j].color) << "option " << i;
    }
  }
}

// Knuth's first example of exact cover (TAOCP Volume 4B, section 7.2.2.1).
TEST(Reader, ReadsKnuthsExample) {
  const dlx::Problem problem = dlx::read_problem(read_file(examples_dir + "/knuth.dlx"));
  EXPECT_EQ(problem.matrix.item_count(), 7u);
  EXPECT_EQ(problem.matrix.primary_count(), 7u);
  EXPECT_EQ(all_options(problem),
            (std::vector<std::string>{"c e", "a d g", "b c f", "a d f", "b g", "d e g"}));
  EXPECT_EQ(problem.option_lines, (std::vector<std::size_t>{5, 6, 7, 8, 9, 10}));
  EXPECT_TRUE(problem.warnings.empty());
  EXPECT_EQ(problem.color_names, std::vector<std::string>{""});
}

TEST(Reader, SkipsCommentsAndBlankLines) {
  const dlx::Problem problem =
      dlx::read_problem("| a comment\n\n   \t\n  | an indented comment\na b\n\n| x\nb\n  a  \n");
  EXPECT_EQ(all_options(problem), (std::vector<std::string>{"b", "a"}));
  EXPECT_EQ(problem.option_lines, (std::vector<std::size_t>{8, 9}));
}

TEST(Reader, AcceptsCrlfAndByteOrderMark) {
  const dlx::Problem problem = dlx::read_problem(
      "\xEF\xBB\xBF"
      "a b | x\r\na x:1\r\nb\r\n");
  EXPECT_EQ(problem.matrix.item_name(0), "a");
  EXPECT_EQ(all_options(problem), (std::vector<std::string>{"a x:1", "b"}));
  EXPECT_EQ(problem.color_names, (std::vector<std::string>{"", "1"}));
}

TEST(Reader, AcceptsALastLineWithoutLineEnd) {
  const dlx::Problem problem = dlx::read_problem("a b\na b");
  EXPECT_EQ(all_options(problem), std::vector<std::string>{"a b"});
}

TEST(Reader, SeparatesPrimaryFromSecondaryItems) {
  const dlx::Problem problem = dlx::read_problem("a b | x y\na x\n");
  EXPECT_EQ(problem.matrix.primary_count(), 2u);
  EXPECT_EQ(problem.matrix.item_kind(problem.matrix.find_item("b")), dlx::ItemKind::primary);
  EXPECT_EQ(problem.matrix.item_kind(problem.matrix.find_item("x")), dlx::ItemKind::secondary);
  EXPECT_EQ(problem.matrix.item_kind(problem.matrix.find_item("y")), dlx::ItemKind::secondary);
}

// DLX1 reads a '|' at the start of a word as the separator even without a blank after it.
TEST(Reader, AcceptsASeparatorGluedToTheFirstSecondaryItem) {
  const dlx::Problem problem = dlx::read_problem("a |x y\na x\n");
  EXPECT_EQ(problem.matrix.primary_count(), 1u);
  EXPECT_EQ(problem.matrix.find_item("x"), 1);
  EXPECT_EQ(dlx::format_items(problem), "a | x y");
}

TEST(Reader, AcceptsLongNamesOfAnyCharacters) {
  const std::string name(1000, 'n');
  const dlx::Problem problem =
      dlx::read_problem(name + " \xC3\xA9t\xC3\xA9 #$%&()[]\n" + name + " #$%&()[]\n");
  EXPECT_EQ(problem.matrix.item_name(1), "\xC3\xA9t\xC3\xA9");
  EXPECT_EQ(all_options(problem), std::vector<std::string>{name + " #$%&()[]"});
}

TEST(Reader, NumbersColorsInOrderOfFirstUse) {
  const dlx::Problem problem =
      dlx::read_problem("a b c | x y\na x:red y:blue\nb x:blue\nc x:red y:green\nc y\n");
  EXPECT_EQ(problem.color_names, (std::vector<std::string>{"", "red", "blue", "green"}));
  const auto first = problem.matrix.option(0);
  EXPECT_EQ(first[1].color, 1);
  EXPECT_EQ(first[2].color, 2);
  EXPECT_EQ(problem.matrix.option(3)[1].color, 0);
  EXPECT_EQ(all_options(problem),
            (std::vector<std::string>{"a x:red y:blue", "b x:blue", "c x:red y:green", "c y"}));
}

// DLX1 drops an option that has no primary item, and says so.
TEST(Reader, DropsOptionsWithoutPrimaryItemWithAWarning) {
  const dlx::Problem problem = dlx::read_problem("a | x y\nx y:only\na x:kept\n| c\ny\na\n");
  EXPECT_EQ(all_options(problem), (std::vector<std::string>{"a x:kept", "a"}));
  EXPECT_EQ(problem.option_lines, (std::vector<std::size_t>{3, 6}));
  ASSERT_EQ(problem.warnings.size(), 2u);
  EXPECT_EQ(problem.warnings[0].line, 2u);
  EXPECT_EQ(problem.warnings[1].line, 5u);
  EXPECT_NE(problem.warnings[0].message.find("no primary item"), std::string::npos);
  // The color used only by the dropped option gets no id.
  EXPECT_EQ(problem.color_names, (std::vector<std::string>{"", "kept"}));
}

TEST(Reader, ReadsAStreamWhoseLinesCrossBlocks) {
  std::string text = "a b c | x\n";
  const std::string long_name(100000, 'z');  // longer than the reader's 64 KiB block
  text.replace(text.find(" |"), 0, " " + long_name);
  for (int i = 0; i < 20000; ++i) text += i % 2 ? "a b x:c" + std::to_string(i) + "\n" : "c\n";
  text += long_name + " a\n";
  std::istringstream in(text);
  const dlx::Problem from_stream = dlx::read_problem(in);
  const dlx::Problem from_string = dlx::read_problem(text);
  expect_same(from_stream, from_string);
  EXPECT_EQ(from_stream.option_lines, from_string.option_lines);
  EXPECT_EQ(from_stream.matrix.option_count(), 20001u);
  EXPECT_EQ(from_stream.option_lines.back(), 20002u);
}

TEST(Reader, FormatsTheItemLine) {
  EXPECT_EQ(dlx::format_items(dlx::read_problem("a  b\t| x\na\n")), "a b | x");
  EXPECT_EQ(dlx::format_items(dlx::read_problem("a b |\na\n")), "a b");
}

TEST(Reader, RoundTripsTheExamplesAndTestData) {
  for (const std::string& path :
       {examples_dir + "/knuth.dlx", examples_dir + "/colors.dlx", examples_dir + "/queens8.dlx",
        std::string(TEST_DATA_DIR "/hardsq-4.dlx"), std::string(TEST_DATA_DIR "/queens-8.dlx"),
        std::string(TEST_DATA_DIR "/langford-8.dlx")}) {
    SCOPED_TRACE(path);
    const dlx::Problem problem = dlx::read_problem(read_file(path));
    std::string text = dlx::format_items(problem) + "\n";
    for (const std::string& option : all_options(problem)) text += option + "\n";
    expect_same(problem, dlx::read_problem(text));
  }
}

TEST(Reader, ReportsEmptyInput) {
  expect_error("", ParseErrorKind::no_items, 1, 1);
  expect_error("| only\n\n| comments\n", ParseErrorKind::no_items, 3, 1);
  expect_error("   \n", ParseErrorKind::no_items, 1, 1);
}

TEST(Reader, ReportsASecondSeparator) {
  expect_error("a | b | c\n", ParseErrorKind::second_separator, 1, 7);
  expect_error("a | b |c\n", ParseErrorKind::second_separator, 1, 7);
}

TEST(Reader, ReportsASeparatorInsideAnOption) {
  expect_error("a b\na | b\n", ParseErrorKind::separator_in_option, 2, 3);
  expect_error("a b\na b|\n", ParseErrorKind::separator_in_option, 2, 4);
}

TEST(Reader, ReportsBadItemNames) {
  expect_error("a b:c\n", ParseErrorKind::bad_name, 1, 4);
  expect_error("a b|c\n", ParseErrorKind::bad_bounds, 1, 3);
  expect_error("a 2|b:c\n", ParseErrorKind::bad_name, 1, 6);
  expect_error("a 2|b|c\n", ParseErrorKind::bad_name, 1, 6);
  expect_error("a 2|\n", ParseErrorKind::bad_name, 1, 5);
}

// DLX3's item line: hi|name (lo = hi), lo:hi|name, plain name for 1:1.
TEST(Reader, ReadsBoundsOnPrimaryItems) {
  const dlx::Problem p = dlx::read_problem("2|a 0:3|b c 1:1|d | x\na b\n");
  const dlx::Matrix& m = p.matrix;
  ASSERT_EQ(m.item_count(), 5U);
  EXPECT_EQ(m.item_name(0), "a");
  EXPECT_EQ(m.bounds(0), (dlx::Bounds{2, 2}));
  EXPECT_EQ(m.item_name(1), "b");
  EXPECT_EQ(m.bounds(1), (dlx::Bounds{0, 3}));
  EXPECT_EQ(m.bounds(2), (dlx::Bounds{1, 1}));
  EXPECT_EQ(m.bounds(3), (dlx::Bounds{1, 1}));
  EXPECT_EQ(m.item_kind(4), dlx::ItemKind::secondary);
  EXPECT_TRUE(m.has_bounds());
  EXPECT_EQ(dlx::format_items(p), "2|a 0:3|b c d | x");
  EXPECT_FALSE(dlx::read_problem("1|a 1:1|b\na b\n").matrix.has_bounds());
}

TEST(Reader, ReportsBadBounds) {
  expect_error("a 3:2|x\n", ParseErrorKind::bad_bounds, 1, 3);
  expect_error("a -1|x\n", ParseErrorKind::bad_bounds, 1, 3);
  expect_error("a 0|x\n", ParseErrorKind::bad_bounds, 1, 3);
  expect_error("a 1:0|x\n", ParseErrorKind::bad_bounds, 1, 5);
  expect_error("a 1x|x\n", ParseErrorKind::bad_bounds, 1, 4);
  expect_error("a :2|x\n", ParseErrorKind::bad_bounds, 1, 3);
  expect_error("a 1:|x\n", ParseErrorKind::bad_bounds, 1, 5);
  expect_error("a 1:2:3|x\n", ParseErrorKind::bad_bounds, 1, 6);
  expect_error("a 99999999999|x\n", ParseErrorKind::bad_bounds, 1, 3);
  expect_error("a | 2|x\n", ParseErrorKind::bad_bounds, 1, 5);
  expect_error("a | y 1:2|x\n", ParseErrorKind::bad_bounds, 1, 7);
  const ParseError inverted = error_of("a 3:2|x\n");
  EXPECT_STREQ(inverted.what(), "lower bound 3 exceeds upper bound 2 in '3:2|x'");
  const ParseError secondary = error_of("a | 2|x\n");
  EXPECT_STREQ(secondary.what(),
               "bounds on secondary item 'x'; only primary items (before '|' on the item line) "
               "have bounds");
}

TEST(Reader, ReportsADuplicateItem) {
  expect_error("a b a\n", ParseErrorKind::duplicate_item, 1, 5);
  expect_error("a b | c b\n", ParseErrorKind::duplicate_item, 1, 9);
  EXPECT_NE(std::string(error_of("a b a\n").what()).find("'a'"), std::string::npos);
}

TEST(Reader, ReportsAnUnknownItem) {
  expect_error("a b\na\na  cc\n", ParseErrorKind::unknown_item, 3, 4);
  const std::string message = error_of("a b\na  cc\n").what();
  EXPECT_NE(message.find("'cc'"), std::string::npos) << message;
}

TEST(Reader, ShortensLongNamesInMessages) {
  const std::string message = error_of("a\n" + std::string(5000, 'q') + "\n").what();
  EXPECT_LT(message.size(), 200u) << message;
  EXPECT_NE(message.find("qqq..."), std::string::npos) << message;
}

TEST(Reader, ReportsAnItemRepeatedInAnOption) {
  expect_error("a b\na b a\n", ParseErrorKind::repeated_item, 2, 5);
  expect_error("a | x\na x:1 x:2\n", ParseErrorKind::repeated_item, 2, 7);
}

TEST(Reader, ReportsAColorOnAPrimaryItem) {
  expect_error("a | x\nx a:red\n", ParseErrorKind::color_on_primary, 2, 3);
}

TEST(Reader, ReportsBadColorSyntax) {
  expect_error("a | x\na x:\n", ParseErrorKind::bad_color, 2, 4);
  expect_error("a | x\na :x\n", ParseErrorKind::bad_color, 2, 3);
  expect_error("a | x\na x:b:c\n", ParseErrorKind::bad_color, 2, 6);
  expect_error("a | x\na :\n", ParseErrorKind::bad_color, 2, 3);
}

TEST(Reader, ReportsBinaryInput) {
  using namespace std::string_literals;
  expect_error("a b\na \0b\n"s, ParseErrorKind::bad_character, 2, 3);
  expect_error("a\x1B[0m b\n", ParseErrorKind::bad_character, 1, 2);
  expect_error("a b\x7F\n", ParseErrorKind::bad_character, 1, 4);
  expect_error("a b\fc\n", ParseErrorKind::bad_character, 1, 4);
  // Even inside a comment: the input is not text.
  expect_error("| \x01\na\n", ParseErrorKind::bad_character, 1, 3);
  EXPECT_NE(std::string(error_of("\0"s).what()).find("NUL"), std::string::npos);
}

TEST(Reader, ReportsALineLongerThanTheLimit) {
  const dlx::ReadLimits limits{10};
  expect_error("a b c d e f g h\n", ParseErrorKind::line_too_long, 1, 11, limits);
  expect_error("a b\n" + std::string(11, 'a') + "\n", ParseErrorKind::line_too_long, 2, 11, limits);
  EXPECT_NO_THROW(dlx::read_problem("a b c d e\n", limits));  // exactly the limit
  // Binary without line ends: the reader names the real problem, and stops at the limit.
  expect_error("a b c\x02 d e f g h i j k\n", ParseErrorKind::bad_character, 1, 6, limits);
}

TEST(Reader, StopsReadingALongLineAtTheLimit) {
  // A stream of 3 MiB with no line end fails after the default limit of 1 MiB.
  std::istringstream in(std::string(3 << 20, 'x'));
  try {
    dlx::read_problem(in);
    FAIL() << "no error";
  } catch (const ParseError& error) {
    EXPECT_EQ(error.kind(), ParseErrorKind::line_too_long);
    EXPECT_EQ(error.column(), (std::size_t{1} << 20) + 1);
    EXPECT_LT(in.tellg(), std::streampos(2 << 20));
  }
}

TEST(Reader, CountsColumnsAfterTheByteOrderMarkAndWithCrlf) {
  expect_error(
      "\xEF\xBB\xBF"
      "a a\r\n",
      ParseErrorKind::duplicate_item, 1, 3);
  expect_error("a b\r\nb c\r\n", ParseErrorKind::unknown_item, 2, 3);
}

}  // namespace
