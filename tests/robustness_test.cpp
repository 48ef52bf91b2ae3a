// The readers against input that would need unbounded memory, against streams that fail, and the
// inputs the fuzz targets (fuzz/) once failed on, each stated as the fact it broke.
//
// Large inputs come from a generator stream, never from a file: a 1 GB line or 10^8 nodes cost
// the test a few seconds of reading at most, and no disk.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dlx/reader.hpp"
#include "sudoku/io/reader.hpp"

namespace {

// A stream of `head`, then `unit` repeated `count` times, then `tail`, made as it is read.
class Generator : public std::streambuf {
 public:
  Generator(std::string head, std::string unit, std::uint64_t count, std::string tail)
      : head_(std::move(head)), unit_(std::move(unit)), tail_(std::move(tail)), count_(count) {
    // Many units per refill, so that reading costs about what a file of that size would.
    while (block_.size() < (std::size_t{1} << 16)) block_ += unit_;
    per_block_ = block_.size() / unit_.size();
  }

  // Bytes handed out so far.
  std::uint64_t produced() const noexcept { return produced_; }

 protected:
  int_type underflow() override {
    for (;;) {
      std::string_view next;
      switch (stage_) {
        case 0:
          next = head_;
          stage_ = 1;
          break;
        case 1:
          if (count_ == 0) {
            stage_ = 2;
            continue;
          }
          {
            const std::uint64_t units = std::min<std::uint64_t>(count_, per_block_);
            count_ -= units;
            next =
                std::string_view(block_).substr(0, static_cast<std::size_t>(units) * unit_.size());
          }
          break;
        case 2:
          next = tail_;
          stage_ = 3;
          break;
        default:
          return traits_type::eof();
      }
      if (next.empty()) continue;
      char* start = const_cast<char*>(next.data());
      setg(start, start, start + next.size());
      produced_ += next.size();
      return traits_type::to_int_type(*start);
    }
  }

 private:
  std::string head_, unit_, tail_, block_;
  std::uint64_t count_;
  std::uint64_t per_block_ = 0;
  std::uint64_t produced_ = 0;
  int stage_ = 0;  // what comes next: 0 the head, 1 the units, 2 the tail, 3 the end
};

// A stream buffer that fails as a disk or a directory does: the read throws.
class Failing : public std::streambuf {
 public:
  explicit Failing(std::string before) : before_(std::move(before)) {}

 protected:
  int_type underflow() override {
    if (!given_) {
      given_ = true;
      setg(before_.data(), before_.data(), before_.data() + before_.size());
      return traits_type::to_int_type(before_.front());
    }
    throw std::ios_base::failure("read error");
  }

 private:
  std::string before_;
  bool given_ = false;
};

constexpr std::uint64_t gigabyte = std::uint64_t{1} << 30;

// The options of a problem with 1000 items, each option naming all of them: 10^8 nodes in
// 100,000 options.
std::string thousand_items() {
  std::string line;
  for (int i = 0; i < 1000; ++i) line += (i == 0 ? "i" : " i") + std::to_string(i);
  return line + "\n";
}

TEST(DlxReaderLimits, DefaultBoundsTheNodesAtFiftyMillion) {
  EXPECT_EQ(dlx::ReadLimits{}.max_nodes, 50'000'000u);
}

TEST(DlxReaderLimits, AHundredMillionNodesFailEarlyWithAClearMessage) {
  const std::string items = thousand_items();
  Generator source(items, items, 100'000, "");
  std::istream in(&source);
  dlx::ReadLimits limits;
  limits.max_nodes = 200'000;
  try {
    dlx::read_problem(in, limits);
    FAIL() << "no error";
  } catch (const dlx::ParseError& error) {
    EXPECT_EQ(error.kind(), dlx::ParseErrorKind::too_many_nodes);
    // 1000 items, then options of 1001 nodes each (their items and a spacer): the 199th option
    // (line 200) is the first past 200,000 nodes.
    EXPECT_EQ(error.line(), 200u);
    EXPECT_EQ(error.column(), 1u);
    EXPECT_NE(std::string(error.what()).find("limit of 200000 nodes"), std::string::npos)
        << error.what();
  }
  // It stopped where the limit was reached, not at the end of the 400 MB.
  EXPECT_LT(source.produced(), std::uint64_t{4} << 20);
}

TEST(DlxReaderLimits, AnItemLineOverTheLimitFails) {
  dlx::ReadLimits limits;
  limits.max_nodes = 10;
  try {
    dlx::read_problem("a b c d e f g h i j k\na\n", limits);
    FAIL() << "no error";
  } catch (const dlx::ParseError& error) {
    EXPECT_EQ(error.kind(), dlx::ParseErrorKind::too_many_nodes);
    EXPECT_EQ(error.line(), 1u);
  }
  // At the limit exactly it reads: 3 items, 2 options of 2 items (3 + 2 + 4 + the root = 10).
  const dlx::Problem at_limit = dlx::read_problem("a b c\na b\nb c\n", limits);
  EXPECT_EQ(at_limit.matrix.entry_count(), 4u);
}

TEST(DlxReaderLimits, AGigabyteLineFailsAfterReadingLittleMoreThanTheLimit) {
  Generator source("", "abcdefgh ", gigabyte / 9, "\n");
  std::istream in(&source);
  try {
    dlx::read_problem(in);
    FAIL() << "no error";
  } catch (const dlx::ParseError& error) {
    EXPECT_EQ(error.kind(), dlx::ParseErrorKind::line_too_long);
    EXPECT_EQ(error.line(), 1u);
    EXPECT_EQ(error.column(), (std::size_t{1} << 20) + 1);
  }
  EXPECT_LT(source.produced(), std::uint64_t{2} << 20);
}

TEST(DlxReaderLimits, AFailingStreamIsAReadErrorNotACrash) {
  Failing source("a b c\na b\n");
  std::istream in(&source);
  EXPECT_THROW(dlx::read_problem(in), std::ios_base::failure);
}

// fuzz/regressions/dlx_reader_fuzz/bom-in-first-item-name: an item name may start with the bytes
// of a byte-order mark when the line does not; written first on the item line, the name lost
// them when read back, and clashed with the next item.
TEST(DlxReaderFuzzed, AnItemNameStartingWithAByteOrderMarkReadsBack) {
  const dlx::Problem problem = dlx::read_problem(" \xEF\xBB\xBF\xC1 \xC1\n");
  ASSERT_EQ(problem.matrix.item_count(), 2u);
  const std::string written = dlx::format_items(problem);
  const dlx::Problem again = dlx::read_problem(written + "\n");
  ASSERT_EQ(again.matrix.item_count(), 2u);
  EXPECT_EQ(again.matrix.item_name(0), "\xEF\xBB\xBF\xC1");
  EXPECT_EQ(again.matrix.item_name(1), "\xC1");
}

const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

TEST(SudokuReaderLimits, AGigabyteLineCostsOneErrorAndTheBatchGoesOn) {
  Generator source("", "123456789", gigabyte / 9, "\n" + wiki + "\n");
  std::istream in(&source);
  sudoku::PuzzleReader reader(in);
  const std::optional<sudoku::Record> first = reader.next();
  ASSERT_TRUE(first.has_value());
  ASSERT_FALSE(first->ok());
  EXPECT_EQ(first->error->kind(), sudoku::FormatErrorKind::line_too_long);
  EXPECT_EQ(first->error->line(), 1u);
  EXPECT_EQ(first->error->column(), (std::size_t{1} << 20) + 1);
  const std::optional<sudoku::Record> second = reader.next();
  ASSERT_TRUE(second.has_value());
  ASSERT_TRUE(second->ok()) << second->error->what();
  EXPECT_EQ(second->line, 2u);
  EXPECT_FALSE(reader.next().has_value());
  EXPECT_GT(source.produced(), gigabyte - 9);  // the whole line was read through, in passing
}

TEST(SudokuReaderLimits, AFailingStreamEndsTheInputWithBadbit) {
  Failing source(wiki + "\n");
  std::istream in(&source);
  sudoku::PuzzleReader reader(in);
  const std::optional<sudoku::Record> first = reader.next();
  ASSERT_TRUE(first.has_value());
  EXPECT_TRUE(first->ok());
  EXPECT_FALSE(reader.next().has_value());
  EXPECT_TRUE(in.bad());
}

TEST(SudokuReaderLimits, AFailingRegionFileIsAFormatError) {
  Failing source("112222333\n");
  std::istream in(&source);
  try {
    sudoku::read_regions(in);
    FAIL() << "no error";
  } catch (const sudoku::FormatError& error) {
    EXPECT_EQ(error.kind(), sudoku::FormatErrorKind::bad_regions);
    EXPECT_NE(std::string(error.what()).find("read error"), std::string::npos) << error.what();
  }
}

// fuzz/regressions/sudoku_reader_fuzz/bom-line-over-limit: a first line with a byte-order mark
// and more than the limit was cut to the limit and read as if it were whole when it came in one
// piece, and reported as too long when it came in small pieces (as from a pipe).
TEST(SudokuReaderFuzzed, AByteOrderMarkDoesNotCountTowardTheLineLimit) {
  sudoku::ReaderOptions options;
  options.max_line_length = 81;
  const std::string bom = "\xEF\xBB\xBF";
  const std::vector<sudoku::Record> exact = sudoku::read_all(bom + wiki + "\r\n", options);
  ASSERT_EQ(exact.size(), 1u);
  EXPECT_TRUE(exact[0].ok()) << exact[0].error->what();

  const std::vector<sudoku::Record> longer = sudoku::read_all(bom + wiki + "1\n", options);
  ASSERT_EQ(longer.size(), 1u);
  ASSERT_FALSE(longer[0].ok());
  EXPECT_EQ(longer[0].error->kind(), sudoku::FormatErrorKind::line_too_long);
  EXPECT_EQ(longer[0].error->column(), 82u);

  options.max_line_length = 1;
  const std::vector<sudoku::Record> tiny = sudoku::read_all(bom + "4\n", options);
  ASSERT_EQ(tiny.size(), 1u);
  ASSERT_FALSE(tiny[0].ok());
  // Not "too long": the line is the one cell '4', a line of neither a puzzle nor a row.
  EXPECT_EQ(tiny[0].error->kind(), sudoku::FormatErrorKind::wrong_length);
}

}  // namespace
