// A position (a puzzle part way solved) written and read back, and what the reader refuses.
#include <gtest/gtest.h>

#include <string>

#include "sudoku/io/writer.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/play/position.hpp"
#include "sudoku/search/cache.hpp"

namespace {

using sudoku::digit_bit;
using sudoku::Position;

// A 4x4 puzzle with one solution, 1234 / 3412 / 2341 / 4123 (checked with `sudoku --count`).
const std::string small = ".2.43......14...";

Position small_position() {
  Position p = sudoku::blank_position(sudoku::shared_geometry(4));
  for (std::size_t i = 0; i < small.size(); ++i)
    p.givens[i] = static_cast<std::uint8_t>(std::max(0, sudoku::symbol_digit(4, small[i])));
  p.placed[0] = 1;              // r1c1
  p.marks[15] = digit_bit(2);   // r4c4: 2 by hand
  p.removed[6] = digit_bit(2);  // r2c3: 2 by a step
  return p;
}

TEST(Position, WritesTheGivensThenWhatWasDone) {
  EXPECT_EQ(sudoku::write_position(small_position()),
            ".2.43......14...\n#placed 1...............\n#marks r4c4-2\n#removed r2c3-2\n");
  // Nothing done: the plain puzzle line.
  Position plain = small_position();
  plain.placed[0] = 0;
  plain.marks[15] = plain.removed[6] = 0;
  EXPECT_EQ(sudoku::write_position(plain), small + "\n");
}

TEST(Position, ReadsBackTheSameDigitsAndCandidates) {
  const Position p = small_position();
  const std::string text = sudoku::write_position(p);
  const auto back = sudoku::read_position(text);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->givens, p.givens);
  EXPECT_EQ(back->placed, p.placed);
  EXPECT_EQ(back->marks, p.marks);
  EXPECT_EQ(back->removed, p.removed);
  const sudoku::Candidates c = sudoku::position_candidates(*back);
  EXPECT_EQ(c.value(0), 1);
  EXPECT_EQ(c.mask(15), digit_bit(3));  // r4c4 had 2 and 3
  EXPECT_EQ(c.mask(6), digit_bit(1));   // r2c3 had 1 and 2
  EXPECT_EQ(sudoku::write_position(*back), text);
  // Other shapes keep their header; keywords are case-blind; a file without a puzzle gives none.
  Position x = sudoku::blank_position(sudoku::shared_geometry(9, sudoku::Variant::x));
  x.placed[80] = 9;
  const std::string x_text = sudoku::write_position(x);
  EXPECT_TRUE(x_text.starts_with("#variant x\n")) << x_text;
  EXPECT_EQ(sudoku::read_position(x_text)->geometry->variant(), sudoku::Variant::x);
  EXPECT_EQ(sudoku::read_position(small + "\n#PLACED 1...............\n")->placed[0], 1);
  EXPECT_FALSE(sudoku::read_position("# nothing\n").has_value());
}

TEST(Position, RefusesWhatCannotBe) {
  const auto error = [](const std::string& text) {
    try {
      sudoku::read_position(text);
    } catch (const sudoku::FormatError& e) {
      EXPECT_EQ(e.kind(), sudoku::FormatErrorKind::bad_position);
      return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.what();
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(small + "\n#placed ..2.............\n"),
            "2:11: digits clash: r1c2 and r1c3 both hold 2 in row 1");
  EXPECT_EQ(error(small + "\n#removed r1c1-1 r1c1-3\n#placed 1...............\n"),
            "2:10: r1c1 holds a digit: it has no candidates to remove");
  EXPECT_EQ(error(small + "\n#marks r1c1\n"),
            "2:8: 'r1c1' is no cell and digits such as r1c3-26 of a 4x4 grid");
  EXPECT_EQ(error("55" + std::string(79, '.') + "\n"),
            "1:2: givens clash: r1c1 and r1c2 both hold 5 in row 1");
  EXPECT_TRUE(sudoku::is_position_line("  #Marks r1c1-2"));
  EXPECT_FALSE(sudoku::is_position_line("#variant x"));
  EXPECT_FALSE(sudoku::is_position_line("mark r1c1 -2"));
  EXPECT_TRUE(sudoku::is_position_line("  +---------------+---------------+"));
  EXPECT_TRUE(sudoku::is_position_line("'------'------'------'"));
}

}  // namespace
