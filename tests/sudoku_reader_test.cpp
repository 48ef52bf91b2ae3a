// The puzzle reader: every input form, sizes, headers, errors with their place, and the region
// map reader.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku_test_grids.hpp"

namespace {

using sudoku::FormatErrorKind;
using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Record;
using sudoku::Variant;
using namespace test_grids;

// A line with '0' for its empty cells.
std::string zeros_for_blanks(std::string line) {
  for (char& c : line)
    if (c == '.') c = '0';
  return line;
}

// Reads a text that must hold exactly one record, an error; checks its kind and place.
sudoku::FormatError one_error(const std::string& text, FormatErrorKind kind, std::size_t line,
                              std::size_t column, const sudoku::ReaderOptions& options = {}) {
  std::vector<Record> records = read(text, options);
  EXPECT_EQ(records.size(), 1u) << text;
  if (records.empty() || records[0].ok()) {
    ADD_FAILURE() << "no error for: " << text;
    return sudoku::FormatError(kind, 0, 0, "");
  }
  const sudoku::FormatError& e = *records[0].error;
  EXPECT_EQ(e.kind(), kind) << e.what();
  EXPECT_EQ(e.line(), line) << e.what();
  EXPECT_EQ(e.column(), column) << e.what();
  return e;
}

// A binary file is one error, not one per line of bytes, and the rest of it is not read: an
// executable begins with 0x7F "ELF", gzip with 0x1F 0x8B; a NUL byte is in no text.
TEST(Reader, BinaryInputIsOneError) {
  const std::string elf(
      "\x7F"
      "ELF\x02\x01\x01\0\0\n",
      10);
  const sudoku::FormatError elf_error =
      one_error(elf + wiki + "\n" + std::string(900, 'x'), FormatErrorKind::binary_input, 1, 1);
  EXPECT_STREQ(elf_error.what(),
               "control character 0x7F: this looks like a binary file, not puzzles; the rest of "
               "the input is not read");
  one_error("\x1F\x8B\x08\n", FormatErrorKind::binary_input, 1, 1);
  // After puzzles: they are read, then the error, then nothing more.
  const std::vector<Record> records = read(wiki + "\n" + std::string("ab\0cd\n", 6) + wiki + "\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_TRUE(records[0].ok());
  ASSERT_FALSE(records[1].ok());
  EXPECT_EQ(records[1].error->kind(), FormatErrorKind::binary_input);
  EXPECT_EQ(records[1].error->line(), 2u);
  EXPECT_EQ(records[1].error->column(), 3u);
  EXPECT_STREQ(records[1].error->what(),
               "NUL byte: this looks like a binary file, not puzzles; the rest of the input is not "
               "read");
  // Tabs, carriage returns and form feeds on the first line are text.
  EXPECT_TRUE(read(wiki + "\t\r\n").at(0).ok());
}

TEST(Reader, OneLinePerPuzzle) {
  const Record r = one(wiki + "\n");
  EXPECT_EQ(r.givens, digits(wiki));
  EXPECT_EQ(r.line, 1u);
  ASSERT_TRUE(r.geometry);
  EXPECT_EQ(r.geometry->size(), 9);
  EXPECT_EQ(r.geometry->variant(), Variant::regular);
}

TEST(Reader, EveryBlankSymbol) {
  for (char blank : std::string(".0x*_-X")) {
    std::string line = wiki;
    for (char& c : line)
      if (c == '.') c = blank;
    EXPECT_EQ(one(line).givens, digits(wiki)) << blank;
  }
}

TEST(Reader, IgnoresWhatFollowsTheLastCell) {
  for (const std::string tail :
       {"  # the Wikipedia example", ";3.4", "\t12 rating", " 12", ",rated 3", ":x", "#12"})
    EXPECT_EQ(one(wiki + tail + "\n").givens, digits(wiki)) << tail;
  // Until this reader, text glued to the cells ("...8..7912") was taken for a rating after them.
  const sudoku::FormatError e = one_error(wiki + "12\n", FormatErrorKind::wrong_length, 1, 82);
  EXPECT_STREQ(e.what(),
               "this line has 83 cells; a one-line 9x9 puzzle has 81, and text after its cells "
               "must be set apart by a space, tab, ',', ';', '#' or ':'");
  // A puzzle written with spaces takes text after a ',', ';', '#' or ':' only.
  const std::string spaced =
      "53. .7. ... 6.. 195 ... .98 ... .6. 8.. .6. ..3 4.. 8.3 ..1 7.. "
      ".2. ..6 .6. ... 28. ... 419 ..5 ... .8. .79";
  EXPECT_EQ(one(spaced + " # Wikipedia\n").givens, digits(wiki));
  EXPECT_EQ(one(spaced + "; 12\n").givens, digits(wiki));
  const sudoku::FormatError glued =
      one_error(spaced + " 12\n", FormatErrorKind::wrong_length, 1, spaced.size() + 2);
  EXPECT_STREQ(glued.what(),
               "this line has 83 cells; a one-line 9x9 puzzle has 81, and text after a puzzle "
               "written with spaces must follow a ',', ';', '#' or ':'");
}

TEST(Reader, AOneLinePuzzleHasTheCellsOfItsSize) {
  // 50 cells are no 6x6 puzzle with text after it: they are a 9x9 puzzle with cells missing.
  sudoku::FormatError e =
      one_error(std::string(50, '.') + "\n", FormatErrorKind::wrong_length, 1, 51);
  EXPECT_STREQ(e.what(), "this line has 50 cells; a one-line 9x9 puzzle has 81");
  // A 9x9 line cut short is too short, not a 6x6 grid with a bad '8'.
  e = one_error(wiki.substr(0, 50) + "\n", FormatErrorKind::wrong_length, 1, 51);
  EXPECT_STREQ(e.what(), "this line has 50 cells; a one-line 9x9 puzzle has 81");
  // The same, cut short with text after it.
  e = one_error(wiki.substr(0, 50) + " rated 3\n", FormatErrorKind::wrong_length, 1, 51);
  EXPECT_STREQ(e.what(), "this line has 50 cells; a one-line 9x9 puzzle has 81");
  // Between 81 and 144 cells: a 12x12 puzzle with cells missing.
  e = one_error(std::string(100, '.') + "\n", FormatErrorKind::wrong_length, 1, 101);
  EXPECT_STREQ(e.what(), "this line has 100 cells; a one-line 12x12 puzzle has 144");
  // The size the options tell.
  sudoku::ReaderOptions sixteen;
  sixteen.size = 16;
  e = one_error(std::string(200, '.') + "\n", FormatErrorKind::wrong_length, 1, 201, sixteen);
  EXPECT_STREQ(e.what(),
               "this line has 200 cells; a 16x16 puzzle needs 256 on one line, or rows of 16");
  sudoku::ReaderOptions nine;
  nine.size = 9;
  e = one_error(wiki + "5\n", FormatErrorKind::wrong_length, 1, 82, nine);
  EXPECT_NE(std::string(e.what()).find("text after its cells must be set apart"), std::string::npos)
      << e.what();
  EXPECT_EQ(one(wiki + " 5\n", nine).givens, digits(wiki));
  // Whole grids still read, with text set apart or not; a 6x6 puzzle and a rating.
  EXPECT_EQ(one(std::string(36, '.') + " 3.5\n").geometry->size(), 6);
  EXPECT_EQ(one(std::string(36, '.') + ";3.5\n").geometry->size(), 6);
  one_error(std::string(36, '.') + "35\n", FormatErrorKind::wrong_length, 1, 37);
}

TEST(Reader, GridFormsOfTheOlderTools) {
  const Grid expected = digits(wiki);
  // Rows of three groups, blank lines between bands.
  const std::string groups =
      "53x x7x xxx\n6xx 195 xxx\nx98 xxx x6x\n\n8xx x6x xx3\n4xx 8x3 xx1\n7xx x2x xx6\n\n"
      "x6x xxx 28x\nxxx 419 xx5\nxxx x8x x79\n";
  // .sdk: metadata lines, then plain rows.
  const std::string sdk =
      "#A Wikipedia\n#D example puzzle\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
      "7...2...6\n.6....28.\n...419..5\n....8..79\n";
  // Simple Sudoku, with its frame and joints.
  const std::string simple =
      "*-----------*\n|53.|.7.|...|\n|6..|195|...|\n|.98|...|.6.|\n|---+---+---|\n"
      "|8..|.6.|..3|\n|4..|8.3|..1|\n|7..|.2.|..6|\n|---+---+---|\n|.6.|...|28.|\n"
      "|...|419|..5|\n|...|.8.|.79|\n*-----------*\n";
  // Spaced cells and dashed separator lines.
  const std::string spaced =
      "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n"
      "------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n"
      "7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n"
      ". . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n";
  // A one-line puzzle with spaces between the boxes.
  const std::string spaced_line =
      "53. .7. ... 6.. 195 ... .98 ... .6. 8.. .6. ..3 4.. 8.3 ..1 7.. .2. ..6 .6. ... 28. "
      "... 419 ..5 ... .8. .79\n";
  for (const std::string& text : {groups, sdk, simple, spaced, spaced_line})
    EXPECT_EQ(one(text).givens, expected) << text;
  EXPECT_EQ(one(sdk).line, 3u);
  EXPECT_EQ(one(simple).line, 2u);
}

TEST(Reader, RemembersWhereEachCellWas) {
  const Record r =
      one("# comment\n\n53x x7x xxx\n6xx 195 xxx\nx98 xxx x6x\n8xx x6x xx3\n"
          "4xx 8x3 xx1\n7xx x2x xx6\nx6x xxx 28x\nxxx 419 xx5\nxxx x8x x79\n");
  ASSERT_EQ(r.cells.size(), 81u);
  EXPECT_EQ(r.cells[0].line, 3u);
  EXPECT_EQ(r.cells[0].column, 1u);
  EXPECT_EQ(r.cells[4].line, 3u);
  EXPECT_EQ(r.cells[4].column, 6u);
  EXPECT_EQ(r.cells[80].line, 11u);
  EXPECT_EQ(r.cells[80].column, 11u);
  EXPECT_EQ(one(wiki).cells[80].column, 81u);
}

TEST(Reader, EverySizeOnOneLineAndAsRows) {
  // size, box rows, box columns
  for (const auto& [size, br, bc] : std::vector<std::tuple<int, int, int>>{
           {4, 2, 2}, {6, 2, 3}, {9, 3, 3}, {12, 3, 4}, {16, 4, 4}, {25, 5, 5}}) {
    const Grid full = pattern(size, br, bc);
    const Grid puzzle = holes(full);
    const Geometry geometry(size);
    const std::string line = sudoku::format_line(geometry, puzzle);
    Record r = one(line + "\n");
    EXPECT_EQ(r.givens, puzzle) << size;
    EXPECT_EQ(r.geometry->size(), size);
    // As rows; the full grid so that a 16-cell row shows digits above 4.
    std::string rows;
    const std::string full_line = sudoku::format_line(geometry, full);
    for (int i = 0; i < size; ++i)
      rows += full_line.substr(static_cast<std::size_t>(i * size), static_cast<std::size_t>(size)) +
              "\n";
    r = one(rows);
    EXPECT_EQ(r.givens, full) << size;
    EXPECT_EQ(r.geometry->size(), size);
  }
}

TEST(Reader, LettersInEitherCase) {
  const Geometry geometry(16);
  const Grid puzzle = holes(pattern(16, 4, 4));
  std::string line = sudoku::format_line(geometry, puzzle);
  for (char& c : line) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  EXPECT_EQ(one(line).givens, puzzle);
}

TEST(Reader, SixteenCellLines) {
  // Only digits up to 4: a 4x4 puzzle; with larger digits: the first row of a 16x16 grid.
  Record r = one("1.3.3.1..1.33.1.\n");
  EXPECT_EQ(r.geometry->size(), 4);
  // The size option settles it the other way.
  sudoku::ReaderOptions sixteen;
  sixteen.size = 16;
  std::string rows;
  for (int i = 0; i < 16; ++i) rows += "1234............\n";
  r = one(rows, sixteen);
  EXPECT_EQ(r.geometry->size(), 16);
  // Once a file has shown 4x4 puzzles, a 16-cell line with a 5 is a bad 4x4 puzzle.
  const std::vector<Record> records = read("1.3.3.1..1.33.1.\n1.3.3.1..1.33.15\n");
  ASSERT_EQ(records.size(), 2u);
  ASSERT_FALSE(records[1].ok());
  EXPECT_EQ(records[1].error->kind(), FormatErrorKind::bad_character);
  EXPECT_EQ(records[1].error->column(), 16u);
}

TEST(Reader, LineEndsByteOrderMarkTabsAndNoFinalNewline) {
  const Grid expected = digits(wiki);
  EXPECT_EQ(one(wiki + "\r\n").givens, expected);
  EXPECT_EQ(one("\xEF\xBB\xBF" + wiki + "\n").givens, expected);
  EXPECT_EQ(one(wiki).givens, expected);
  EXPECT_EQ(one("\t" + wiki + "\t\r\n").givens, expected);
  const std::string rows =
      "53..7....\r\n6..195...\r\n.98....6.\r\n8...6...3\r\n4..8.3..1\r\n"
      "7...2...6\r\n.6....28.\r\n...419..5\r\n....8..79";
  EXPECT_EQ(one("\xEF\xBB\xBF" + rows).givens, expected);
  // Columns count from after the byte-order mark.
  one_error(
      "\xEF\xBB\xBF"
      "53..z....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
      FormatErrorKind::bad_character, 1, 5);
}

TEST(Reader, ErrorsCarryTheirPlace) {
  sudoku::FormatError e =
      one_error(wiki.substr(0, 80) + "\n", FormatErrorKind::wrong_length, 1, 81);
  EXPECT_STREQ(e.what(), "this line has 80 cells; a one-line 9x9 puzzle has 81");

  std::string bad = wiki;
  bad[4] = 'z';
  e = one_error(bad, FormatErrorKind::bad_character, 1, 5);
  EXPECT_STREQ(e.what(),
               "bad character 'z': a 9x9 grid holds 1-9, and '.' or '0' for an empty cell");

  bad = wiki;
  bad[10] = '?';
  one_error("\n" + bad, FormatErrorKind::bad_character, 2, 11);

  // A digit too large for the size.
  e = one_error("123456......................7.......\n", FormatErrorKind::bad_character, 1, 29);
  EXPECT_NE(std::string(e.what()).find("6x6 grid holds 1-6"), std::string::npos) << e.what();

  // A non-ASCII character is shown whole.
  e = one_error(
      "53..\xC3\xA9....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
      FormatErrorKind::bad_character, 1, 5);
  EXPECT_NE(std::string(e.what()).find("'\xC3\xA9'"), std::string::npos) << e.what();

  // A line that is no puzzle at all.
  e = one_error("12345\n", FormatErrorKind::wrong_length, 1, 6);
  EXPECT_NE(std::string(e.what()).find("neither a one-line puzzle"), std::string::npos);
}

TEST(Reader, TruncatedGrids) {
  // At the end of the input.
  sudoku::FormatError e =
      one_error("# five rows\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n",
                FormatErrorKind::truncated_grid, 2, 1);
  EXPECT_STREQ(e.what(),
               "incomplete 9x9 grid: it ends after 5 of its 9 rows, at the end of the input");
  // Followed by a one-line puzzle, which is still read.
  std::vector<Record> records = read("53..7....\n6..195...\n" + wiki + "\n");
  ASSERT_EQ(records.size(), 2u);
  ASSERT_FALSE(records[0].ok());
  EXPECT_EQ(records[0].error->kind(), FormatErrorKind::truncated_grid);
  EXPECT_EQ(records[0].error->line(), 1u);
  ASSERT_TRUE(records[1].ok());
  EXPECT_EQ(records[1].line, 3u);
  EXPECT_EQ(records[1].givens, digits(wiki));
}

TEST(Reader, ABadRowSkipsTheRestOfItsGrid) {
  const std::string text =
      "53..7....\n6..195...\n.98...6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n"
      "....8..79\n" +
      wiki + "\n";
  const std::vector<Record> records = read(text);
  ASSERT_EQ(records.size(), 2u);
  ASSERT_FALSE(records[0].ok());
  EXPECT_EQ(records[0].error->kind(), FormatErrorKind::wrong_length);
  EXPECT_EQ(records[0].error->line(), 3u);
  EXPECT_EQ(records[0].error->column(), 9u);
  EXPECT_STREQ(records[0].error->what(), "this row has 8 cells; a row of a 9x9 grid has 9");
  ASSERT_TRUE(records[1].ok());
  EXPECT_EQ(records[1].line, 10u);
}

TEST(Reader, LongLinesFailEarlyAndTheBatchGoesOn) {
  sudoku::ReaderOptions small;
  small.max_line_length = 100;
  std::vector<Record> records = read(std::string(150, '1') + "\n" + wiki + "\n", small);
  ASSERT_EQ(records.size(), 2u);
  ASSERT_FALSE(records[0].ok());
  EXPECT_EQ(records[0].error->kind(), FormatErrorKind::line_too_long);
  EXPECT_EQ(records[0].error->line(), 1u);
  EXPECT_EQ(records[0].error->column(), 101u);
  EXPECT_TRUE(records[1].ok());
  EXPECT_EQ(records[1].line, 2u);
  // The default limit of 1 MiB, on a line of 3 MiB without a newline.
  records = read(wiki + "\n" + std::string(3 << 20, '.'));
  ASSERT_EQ(records.size(), 2u);
  EXPECT_TRUE(records[0].ok());
  ASSERT_FALSE(records[1].ok());
  EXPECT_EQ(records[1].error->kind(), FormatErrorKind::line_too_long);
  EXPECT_EQ(records[1].error->column(), (std::size_t{1} << 20) + 1);
}

TEST(Reader, ABatchWithBadPuzzlesKeepsGoingInOrder) {
  std::string bad_char = wiki, short_line = wiki.substr(0, 70);
  bad_char[40] = 'q';
  const std::string text = "# batch\n" + wiki + "\n" + bad_char + "\n" + wiki_solution + "\n\n" +
                           short_line + "\n" + wiki + "\n";
  const std::vector<Record> records = read(text);
  ASSERT_EQ(records.size(), 5u);
  const std::vector<std::size_t> lines = {2, 3, 4, 6, 7};
  const std::vector<bool> ok = {true, false, true, false, true};
  for (std::size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].line, lines[i]) << i;
    EXPECT_EQ(records[i].ok(), ok[i]) << i;
  }
  EXPECT_EQ(records[2].givens, digits(wiki_solution));
  EXPECT_EQ(records[1].error->column(), 41u);
  // Puzzles of one shape share their geometry.
  EXPECT_EQ(records[0].geometry, records[4].geometry);
}

TEST(Reader, VariantHeader) {
  std::vector<Record> records = read(wiki + "\n#variant hyper\n" + wiki + "\n#VARIANT x\n" + wiki +
                                     "\n#variant hyper-x\n" + wiki);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].geometry->variant(), Variant::regular);
  EXPECT_EQ(records[1].geometry->variant(), Variant::hyper);
  EXPECT_EQ(records[2].geometry->variant(), Variant::x);
  EXPECT_EQ(records[3].geometry->variant(), Variant::hyper_x);
  // The header wins over the option.
  sudoku::ReaderOptions x;
  x.variant = Variant::x;
  EXPECT_EQ(one(wiki, x).geometry->variant(), Variant::x);
  EXPECT_EQ(one("#variant regular\n" + wiki, x).geometry->variant(), Variant::regular);
}

TEST(Reader, BadVariantHeader) {
  std::vector<Record> records =
      read("#variant  windokux\n" + wiki + "\n#variant hyper\n" + wiki + "\n");
  ASSERT_EQ(records.size(), 3u);
  ASSERT_FALSE(records[0].ok());
  EXPECT_EQ(records[0].error->kind(), FormatErrorKind::bad_variant);
  EXPECT_EQ(records[0].error->line(), 1u);
  EXPECT_EQ(records[0].error->column(), 11u);
  EXPECT_STREQ(records[0].error->what(),
               "unknown variant 'windokux': use regular, hyper, x, hyper-x, jigsaw or samurai, and "
               "anti-knight or anti-king (e.g. 'x anti-king')");
  // The puzzle it would have applied to is not read; a good header mends it.
  ASSERT_FALSE(records[1].ok());
  EXPECT_EQ(records[1].error->kind(), FormatErrorKind::bad_header);
  EXPECT_EQ(records[1].error->line(), 2u);
  ASSERT_TRUE(records[2].ok());
  EXPECT_EQ(records[2].geometry->variant(), Variant::hyper);
  one_error("#variant\n", FormatErrorKind::bad_variant, 1, 9);
  // A variant the size cannot have.
  one_error("#variant hyper\n123456......................6.......\n", FormatErrorKind::bad_geometry,
            2, 1);
}

// #size tells the size of the puzzles after it, for sizes a text does not show alone, over the
// option; a bad one is reported, and the puzzles after it are not read until a good one.
TEST(Reader, SizeHeader) {
  const std::string blank8 = std::string(64, '.') + "\n";
  const Record line = one("#size 8\n" + blank8);
  ASSERT_TRUE(line.ok()) << line.error->what();
  EXPECT_EQ(line.geometry->size(), 8);
  EXPECT_EQ(line.givens, Grid(64, 0));
  // Rows of a grid too, and over the option's size.
  std::string rows = "#size 8\n1.......\n";
  for (int r = 1; r < 8; ++r) rows += "........\n";
  sudoku::ReaderOptions four;
  four.size = 4;
  const Record grid = one(rows, four);
  ASSERT_TRUE(grid.ok()) << grid.error->what();
  EXPECT_EQ(grid.geometry->size(), 8);
  EXPECT_EQ(grid.givens[0], 1);
  // Without it, a line of 64 cells is no puzzle.
  one_error(blank8, FormatErrorKind::wrong_length, 1, 65);

  // A puzzle after a bad one is not read (one of a size it cannot place is a wrong length).
  std::vector<Record> records = read("#size eight\n" + wiki + "\n#size 8\n" + blank8);
  ASSERT_EQ(records.size(), 3u);
  ASSERT_FALSE(records[0].ok());
  EXPECT_EQ(records[0].error->kind(), FormatErrorKind::bad_size);
  EXPECT_EQ(records[0].error->line(), 1u);
  EXPECT_EQ(records[0].error->column(), 7u);
  EXPECT_STREQ(records[0].error->what(),
               "'eight' is no size: #size takes the cells of a row, 1 to 64, e.g. '#size 8'");
  ASSERT_FALSE(records[1].ok());
  EXPECT_EQ(records[1].error->kind(), FormatErrorKind::bad_header);
  EXPECT_STREQ(records[1].error->what(),
               "puzzle not read: the #size line 1 before it is not valid");
  ASSERT_TRUE(records[2].ok());
  EXPECT_EQ(records[2].geometry->size(), 8);
  one_error("#size\n", FormatErrorKind::bad_size, 1, 6);
  one_error("#size 0\n", FormatErrorKind::bad_size, 1, 7);
  sudoku::ReaderOptions hex;
  hex.symbols = sudoku::parse_symbols("0-F");
  one_error("#size 8\n", FormatErrorKind::bad_size, 1, 7, hex);
  // A size with no boxes: the puzzle says so.
  one_error("#size 7\n" + std::string(49, '.') + "\n", FormatErrorKind::bad_geometry, 2, 1);
}

// A jigsaw region map (the one of examples/sudoku/jigsaw.txt).
const std::string map_rows =
    "112222333\n111112333\n142222633\n144555636\n444585666\n444585969\n777785969\n777885969\n"
    "778888999\n";

std::string map_line() {
  std::string line;
  for (char c : map_rows)
    if (c != '\n') line += c;
  return line;
}

TEST(Reader, RegionsHeader) {
  const std::string puzzle =
      "71..8.9.....3...47.6............3.5..5..91.7...4......5..21.7...............2....";
  const Record on_lines = one("#regions\n" + map_rows + puzzle + "\n");
  const Record on_one_line = one("#regions " + map_line() + "\n" + puzzle + "\n");
  ASSERT_TRUE(on_lines.geometry && on_one_line.geometry);
  EXPECT_EQ(on_lines.geometry->variant(), Variant::jigsaw);
  EXPECT_EQ(on_lines.line, 11u);
  // Regions are numbered by the first appearance of their symbols.
  std::string order;
  for (char c : map_line())
    if (order.find(c) == std::string::npos) order += c;
  for (int cell = 0; cell < 81; ++cell) {
    EXPECT_EQ(on_lines.geometry->region_of(cell), on_one_line.geometry->region_of(cell));
    EXPECT_EQ(on_lines.geometry->region_of(cell),
              static_cast<int>(order.find(map_line()[static_cast<std::size_t>(cell)])));
  }
  // The map from the options.
  sudoku::ReaderOptions options;
  options.variant = Variant::jigsaw;
  options.regions = sudoku::read_regions(map_rows);
  EXPECT_EQ(one(puzzle, options).geometry->region_of(10), 0);
}

TEST(Reader, BadRegions) {
  const std::string puzzle =
      "71..8.9.....3...47.6............3.5..5..91.7...4......5..21.7...............2....";
  // A region of 8 cells and one of 10.
  std::string uneven = map_line();
  uneven[1] = '2';
  sudoku::FormatError e =
      one_error("#regions " + uneven + "\n", FormatErrorKind::bad_regions, 1, 10);
  EXPECT_STREQ(e.what(), "region '1' has 8 cells; each region of a 9x9 grid needs 9");
  // Not a square number of symbols.
  one_error("#regions 112\n", FormatErrorKind::bad_regions, 1, 10);
  // A bad symbol, with its column.
  one_error("#regions 11?2\n", FormatErrorKind::bad_regions, 1, 12);
  // A short row in a map on lines, then the puzzle after it is not read.
  std::vector<Record> records = read("#regions\n112222333\n11111233\n" + puzzle + "\n");
  ASSERT_GE(records.size(), 1u);
  ASSERT_FALSE(records[0].ok());
  EXPECT_EQ(records[0].error->kind(), FormatErrorKind::bad_regions);
  EXPECT_EQ(records[0].error->line(), 3u);
  // A map that ends early.
  one_error("#regions\n112222333\n111112333\n", FormatErrorKind::bad_regions, 1, 1);
  // Jigsaw without a map, or with a map of another size.
  one_error("#variant jigsaw\n" + puzzle + "\n", FormatErrorKind::missing_regions, 2, 1);
  one_error("#regions 1122112233443344\n" + puzzle + "\n", FormatErrorKind::missing_regions, 2, 1);
  // A puzzle after a bad map is not read.
  records = read("#regions 11?2\n" + puzzle + "\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1].error->kind(), FormatErrorKind::bad_header);
}

TEST(RegionFile, OneLineOrRows) {
  const std::vector<int> rows = sudoku::read_regions("# a map\n\n" + map_rows);
  EXPECT_EQ(rows.size(), 81u);
  EXPECT_EQ(rows, sudoku::read_regions(map_line() + "\n"));
  std::istringstream in(map_rows);
  EXPECT_EQ(rows, sudoku::read_regions(in));
  EXPECT_THROW(sudoku::read_regions(""), sudoku::FormatError);
  try {
    sudoku::read_regions("112222333\n11111233\n");
    FAIL();
  } catch (const sudoku::FormatError& e) {
    EXPECT_EQ(e.line(), 2u);
    EXPECT_EQ(e.kind(), FormatErrorKind::bad_regions);
  }
}

// The Kaggle set "1 million Sudoku games" (Kyubyong Park) is a CSV of quizzes and solutions, '0'
// for an empty cell; here its form with Wikipedia's puzzle.
TEST(Reader, CsvPuzzleAndSolution) {
  std::string zeros = wiki;
  for (char& c : zeros)
    if (c == '.') c = '0';
  std::vector<Record> records = read("quizzes,solutions\n" + zeros + "," + wiki_solution + "\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].ok()) << records[0].error->what();
  EXPECT_EQ(records[0].line, 2u);
  EXPECT_EQ(records[0].givens, digits(wiki));
  EXPECT_EQ(records[0].solution, digits(wiki_solution));
  // The header words puzzle,solution, and other columns around them.
  EXPECT_EQ(one("puzzle,solution\n" + wiki + "," + wiki_solution + "\n").solution,
            digits(wiki_solution));
  const Record r = one("id,puzzle,solution,clues\n7," + wiki + "," + wiki_solution + ",30\n");
  EXPECT_EQ(r.givens, digits(wiki));
  EXPECT_EQ(r.solution, digits(wiki_solution));
  EXPECT_EQ(r.cells[0].column, 3u);
  // Without a header: a field of cells after the puzzle's comma is its solution; other text
  // after a comma is not.
  EXPECT_EQ(one(wiki + "," + wiki_solution + "\n").solution, digits(wiki_solution));
  EXPECT_EQ(one(wiki + " , " + wiki_solution + " \n").solution, digits(wiki_solution));
  EXPECT_TRUE(one(wiki + ",12\n").solution.empty());
  EXPECT_TRUE(one(wiki + ",rated hard\n").solution.empty());
  EXPECT_TRUE(one(wiki + "\n").solution.empty());
  // A puzzle of rows has no solution.
  EXPECT_TRUE(one("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                  ".6....28.\n...419..5\n....8..79\n")
                  .solution.empty());
  // 16x16: the solution in the puzzle's letters.
  const Geometry sixteen(16);
  const Grid full = pattern(16, 4, 4);
  const Record big = one(sudoku::format_line(sixteen, holes(full)) + "," +
                         sudoku::format_line(sixteen, full) + "\n");
  EXPECT_EQ(big.solution, full);
}

TEST(Reader, CsvSolutionThatIsNoFullGrid) {
  // One cell short: the column after the last.
  sudoku::FormatError e = one_error(wiki + "," + wiki_solution.substr(0, 80) + "\n",
                                    FormatErrorKind::bad_solution, 1, 163);
  EXPECT_STREQ(e.what(), "the solution has 80 cells; a 9x9 grid has 81");
  // One cell too many: the column of the extra cell.
  e = one_error(wiki + "," + wiki_solution + "1\n", FormatErrorKind::bad_solution, 1, 164);
  EXPECT_STREQ(e.what(), "the solution has 82 cells; a 9x9 grid has 81");
  // An empty cell, with its column.
  std::string holed = wiki_solution;
  holed[9] = '.';
  e = one_error(wiki + "," + holed + "\n", FormatErrorKind::bad_solution, 1, 92);
  EXPECT_STREQ(e.what(),
               "the solution has an empty cell ('.'); a solution fills every cell of its 9x9 grid "
               "with 1-9");
  // After a header every solution field is read as one, short or not.
  e = one_error("quizzes,solutions\n" + wiki + ",12\n", FormatErrorKind::bad_solution, 2, 85);
  EXPECT_STREQ(e.what(), "the solution has 2 cells; a 9x9 grid has 81");
  e = one_error("quizzes,solutions\n" + wiki + ",12z\n", FormatErrorKind::bad_solution, 2, 85);
  EXPECT_STREQ(e.what(), "bad character 'z' in the solution: a 9x9 grid holds 1-9");
  // An empty solution field is no solution; a missing puzzle field is an error.
  EXPECT_TRUE(one("quizzes,solutions\n" + wiki + ",\n").solution.empty());
  e = one_error("id,quizzes\n7\n", FormatErrorKind::wrong_length, 2, 2);
  EXPECT_STREQ(e.what(),
               "this line has 1 field; the CSV header at line 1 puts the puzzle in field 2");
  // The puzzle field must be a whole one-line puzzle.
  e = one_error("quizzes,solutions\n" + wiki.substr(0, 80) + "," + wiki_solution + "\n",
                FormatErrorKind::wrong_length, 2, 81);
  EXPECT_STREQ(e.what(), "this puzzle has 80 cells; a one-line 9x9 puzzle has 81");
  // The batch goes on after a bad record.
  const std::vector<Record> records =
      read(wiki + "," + holed + "\n" + wiki + "," + wiki_solution + "\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_FALSE(records[0].ok());
  EXPECT_EQ(records[1].solution, digits(wiki_solution));
}

// A 16x16 grid written in hexadecimal, as many sites do: 0 = 1, ..., F = 16.
std::string hexadecimal(const Grid& grid) {
  std::string line;
  for (std::uint8_t d : grid) line += d == 0 ? '.' : "0123456789ABCDEF"[d - 1];
  return line;
}

TEST(Reader, AnAlphabetOfItsOwn) {
  const Grid puzzle = holes(pattern(16, 4, 4));
  sudoku::ReaderOptions hex;
  hex.symbols = sudoku::parse_symbols("0-F");
  // '0' is the digit 1 there, not an empty cell; the grid reads whole, on a line or as rows.
  Record r = one(hexadecimal(puzzle) + "\n", hex);
  EXPECT_EQ(r.givens, puzzle);
  EXPECT_EQ(r.geometry->size(), 16);
  std::string rows;
  for (int i = 0; i < 16; ++i)
    rows += hexadecimal(puzzle).substr(static_cast<std::size_t>(16 * i), 16) + "\n";
  EXPECT_EQ(one(rows, hex).givens, puzzle);
  // Letters in either case; 'x' is still an empty cell, and '.'.
  std::string lower = hexadecimal(puzzle);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  lower[0] = 'x';
  EXPECT_EQ(one(lower, hex).givens, puzzle);
  // A character out of the alphabet.
  std::string bad = hexadecimal(puzzle);
  bad[1] = 'G';
  sudoku::FormatError e = one_error(bad, FormatErrorKind::bad_character, 1, 2, hex);
  EXPECT_STREQ(e.what(),
               "bad character 'G': a 16x16 grid holds 0-9 and A-F, and '.' for an empty cell");
  // Without the alphabet, '0' is an empty cell and the line is some other puzzle (at least
  // 2 solutions, as the reader used to leave it): the alphabet is what tells them apart.
  EXPECT_NE(one(hexadecimal(puzzle)).givens, puzzle);

  // A-P: the 16x16 of contest sets; A-Y: 25x25.
  sudoku::ReaderOptions letters;
  letters.symbols = sudoku::parse_symbols("A-P");
  std::string in_letters;
  for (std::uint8_t d : puzzle) in_letters += d == 0 ? '0' : static_cast<char>('A' + d - 1);
  EXPECT_EQ(one(in_letters, letters).givens, puzzle);
  sudoku::ReaderOptions y;
  y.symbols = sudoku::parse_symbols("A-Y");
  const Grid big = holes(pattern(25, 5, 5));
  EXPECT_EQ(one(sudoku::format_line(Geometry(25), big), y).givens, big);
  // 1-9: a 9x9 grid, '0' still empty.
  sudoku::ReaderOptions nine;
  nine.symbols = sudoku::parse_symbols("1-9");
  EXPECT_EQ(one(zeros_for_blanks(wiki), nine).givens, digits(wiki));
  // The alphabet tells the size: 16 cells are a row of a 16x16 grid, not a 4x4 puzzle.
  const std::vector<Record> records = read("0123456789ABCDEF\n", hex);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].error->kind(), FormatErrorKind::truncated_grid);
}

TEST(Reader, OptionsThatContradictThemselves) {
  sudoku::ReaderOptions options;
  options.symbols = sudoku::parse_symbols("0-F");
  options.size = 9;
  EXPECT_THROW(read(wiki, options), std::invalid_argument);
  try {
    read(wiki, options);
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "the symbols 0-9 and A-F are 16 digits, for a 16x16 grid, but the size is 9");
  }
  for (char blank : std::string("1a|#,(")) {
    sudoku::ReaderOptions b;
    b.blank = blank;
    EXPECT_THROW(read(wiki, b), std::invalid_argument) << blank;
  }
}

TEST(Reader, AnotherBlankCharacter) {
  sudoku::ReaderOptions question;
  question.blank = '?';
  std::string line = wiki;
  for (char& c : line)
    if (c == '.') c = '?';
  EXPECT_EQ(one(line, question).givens, digits(wiki));
  line[1] = 'z';
  const sudoku::FormatError e = one_error(line, FormatErrorKind::bad_character, 1, 2, question);
  EXPECT_STREQ(e.what(),
               "bad character 'z': a 9x9 grid holds 1-9, and '.', '0' or '?' for an empty cell");
}

// Wikipedia's puzzle with spaces for its empty cells: one character per cell, or a space
// between cells, with the spaces at the ends of rows lost, as copies from web pages have them.
const std::string wiki_blank_rows =
    "53  7\n6  195\n 98    6\n8   6   3\n4  8 3  1\n7   2   6\n 6    28\n   419  5\n    8  79\n";
const std::string wiki_spaced_rows =
    "5 3     7\n6     1 9 5\n  9 8         6\n8       6       3\n4     8   3     1\n"
    "7       2       6\n  6         2 8\n      4 1 9     5\n        8     7 9\n";

TEST(Reader, SpacesAsEmptyCells) {
  sudoku::ReaderOptions spaces;
  spaces.blank = ' ';
  Record r = one(wiki_blank_rows, spaces);
  EXPECT_EQ(r.givens, digits(wiki));
  EXPECT_EQ(r.line, 1u);
  EXPECT_EQ(r.cells[4].column, 5u);
  EXPECT_EQ(r.cells[8].column, 9u);  // lost with the end of its row, where it would stand
  EXPECT_EQ(one(wiki_spaced_rows, spaces).givens, digits(wiki));
  // Rows written in full, and the pretty writer's box separators.
  EXPECT_EQ(one("53  7    \n6  195   \n 98    6 \n8   6   3\n4  8 3  1\n7   2   6\n"
                " 6    28 \n   419  5\n    8  79\n",
                spaces)
                .givens,
            digits(wiki));
  EXPECT_EQ(one("53 | 7 |   \n6  |195|   \n 98|   | 6 \n---+---+---\n8  | 6 |  3\n4  |8 3|  1\n"
                "7  | 2 |  6\n---+---+---\n 6 |   |28 \n   |419|  5\n   | 8 | 79\n",
                spaces)
                .givens,
            digits(wiki));
  // One line, cells in fixed columns, and a rating after it.
  std::string line = wiki;
  for (char& c : line)
    if (c == '.') c = ' ';
  EXPECT_EQ(one(line + "\n", spaces).givens, digits(wiki));
  EXPECT_EQ(one(line + "\t3.4\n", spaces).givens, digits(wiki));
  // An empty row inside a grid is a blank line; an empty first row must be written in full.
  const std::string empty_rows = "\n         \n" + std::string("53  7\n\n") +
                                 " 98    6\n8   6   3\n4  8 3  1\n7   2   6\n 6    28\n   419  5\n";
  r = one(empty_rows, spaces);
  Grid want = digits(wiki);
  // Rows: empty, 53  7, empty, then rows 3 to 8 of the puzzle.
  Grid shifted(81, 0);
  std::copy(want.begin(), want.begin() + 9, shifted.begin() + 9);
  std::copy(want.begin() + 18, want.begin() + 72, shifted.begin() + 27);
  EXPECT_EQ(r.givens, shifted);
  EXPECT_EQ(r.line, 2u);
  // Other sizes, with the size option.
  sudoku::ReaderOptions four = spaces;
  four.size = 4;
  EXPECT_EQ(one("1 3\n 4\n\n  1\n", four).givens, digits("1.3..4........1.", 4));
}

// After a CSV header every line is a record, also a blank line of a row's width with spaces as
// empty cells (it began a grid whose record came after the lines it spanned: found by fuzzing).
TEST(Reader, SpacesAsEmptyCellsAfterACsvHeaderKeepTheLineOrder) {
  sudoku::ReaderOptions spaces;
  spaces.blank = ' ';
  const std::vector<Record> records = read(
      "id,puzzle\n1," + wiki + "\n         \n53 | 7 |   \nno fields\n2," + wiki + "\n", spaces);
  ASSERT_EQ(records.size(), 4u);
  std::size_t last = 0;
  for (const Record& r : records) {
    EXPECT_GT(r.line, last);
    last = r.line;
  }
  EXPECT_TRUE(records[0].ok() && records[3].ok());
  EXPECT_EQ(records[3].line, 6u);
}

TEST(Reader, SpacesAsEmptyCellsErrors) {
  sudoku::ReaderOptions spaces;
  spaces.blank = ' ';
  // A row wider than 9 characters: the grid has a space between cells, everywhere.
  sudoku::FormatError e = one_error("53  7    1\n6\n7\n8\n9\n1\n2\n3\n4\n",
                                    FormatErrorKind::bad_character, 1, 2, spaces);
  EXPECT_STREQ(e.what(),
               "a row of this grid is wider than 9 characters, so a space stands between cells; "
               "here is '3' instead");
  std::string last_row_glued = wiki_spaced_rows;
  last_row_glued.replace(last_row_glued.rfind("7 9"), 3, "79");
  e = one_error(last_row_glued, FormatErrorKind::bad_character, 9, 16, spaces);
  e = one_error("53z 7\n6\n7\n8\n9\n1\n2\n3\n4\n", FormatErrorKind::bad_character, 1, 3, spaces);
  EXPECT_STREQ(e.what(),
               "bad character 'z': a 9x9 grid holds 1-9, and '.', '0' or ' ' for an empty cell");
  // A grid cut short.
  one_error("53  7\n6  195\n", FormatErrorKind::truncated_grid, 1, 1, spaces);
  // A one-line puzzle with text glued to it.
  std::string line = wiki;
  for (char& c : line)
    if (c == '.') c = ' ';
  e = one_error(line + "12\n", FormatErrorKind::wrong_length, 1, 82, spaces);
  EXPECT_STREQ(e.what(),
               "this line has 83 cells, with spaces as empty cells; a one-line 9x9 puzzle has 81, "
               "and text after its cells must be set apart by a space, tab, ',', ';', '#' or ':'");
}

TEST(Reader, SpacesForEmptyCellsWithoutTheOptionSayWhatToDo) {
  // Every line is an error that says so; none of them speaks of a 4x4 or 6x6 grid.
  const std::vector<Record> records = read(wiki_blank_rows);
  ASSERT_FALSE(records.empty());
  for (const Record& record : records) {
    ASSERT_FALSE(record.ok());
    const std::string message = record.error->what();
    EXPECT_EQ(message.find("4x4"), std::string::npos) << message;
    EXPECT_EQ(message.find("6x6"), std::string::npos) << message;
  }
  EXPECT_STREQ(records[0].error->what(),
               "this line has 3 cells and spaces; if spaces are empty cells, use --blank ' '");
  // "6  195": four cells, but not as a row of a 4x4 grid has them (nor its digits).
  EXPECT_STREQ(records[1].error->what(),
               "this line has 4 cells and spaces; if spaces are empty cells, use --blank ' '");
  EXPECT_EQ(records[1].error->column(), 7u);
  // Evenly spaced, but with digits a 4x4 grid does not have.
  one_error("5 3 7 1\n", FormatErrorKind::wrong_length, 1, 8);
  EXPECT_EQ(read(wiki_spaced_rows)[0].error->kind(), FormatErrorKind::wrong_length);
  // A short row with spaces inside a grid of rows.
  sudoku::FormatError e = one_error("53..7....\n6  195   \n", FormatErrorKind::wrong_length, 2, 7);
  EXPECT_STREQ(e.what(),
               "this row has 4 cells and spaces; a row of a 9x9 grid has 9; if spaces are empty "
               "cells, use --blank ' '");
  // A grid of rows of 4 cells begun by a row with spaces: its size is not told as a fact.
  e = one_error("1 3 4 2\n4 2 1\n", FormatErrorKind::wrong_length, 2, 6);
  EXPECT_STREQ(e.what(),
               "this row has 3 cells and spaces, the first row of its grid 4; if spaces are empty "
               "cells, use --blank ' '");
  // Rows of 4x4 and 6x6 grids written with even spaces still read.
  EXPECT_EQ(one("1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3\n4 3 | 2 1\n").geometry->size(), 4);
  EXPECT_EQ(one("12 34\n34 12\n21 43\n43 21\n").geometry->size(), 4);
  EXPECT_EQ(one("1 2 3  4 5 6\n4 5 6  1 2 3\n2 3 1  5 6 4\n5 6 4  2 3 1\n3 1 2  6 4 5\n"
                "6 4 5  3 1 2\n")
                .geometry->size(),
            6);
}

// Colour codes (ANSI CSI sequences, as a terminal's grid has them) are read through, on the
// first line too (where other control characters mean a binary file); a lone ESC is still a bad
// character.
TEST(Reader, ColourCodesAreReadThrough) {
  const std::string bold = "\x1b[1m", green = "\x1b[1;32m", reset = "\x1b[0m";
  const std::string line = bold + wiki.substr(0, 40) + reset + green + wiki.substr(40) + reset;
  std::vector<Record> records = read(line + "\n" + wiki + "\n");
  ASSERT_EQ(records.size(), 2u);
  ASSERT_TRUE(records[0].ok()) << records[0].error->what();
  EXPECT_EQ(records[0].givens, records[1].givens);
  // A grid of rows, one of them in colour, and a colour code alone on a line.
  std::string rows;
  for (int r = 0; r < 9; ++r) {
    const std::string row = wiki.substr(static_cast<std::size_t>(r) * 9, 9);
    rows += (r == 4 ? green + row.substr(0, 3) + reset + " " + row.substr(3) : row) + "\n";
    if (r == 2) rows += reset + "\n";
  }
  records = read(rows);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].ok()) << records[0].error->what();
  EXPECT_EQ(records[0].givens, read(wiki)[0].givens);
  one_error(
      "5\x1b"
      "3" +
          wiki.substr(2) + "\n",
      FormatErrorKind::binary_input, 1, 2);
}

TEST(Reader, StreamsOneRecordAtATime) {
  std::stringstream in;
  in << wiki << "\n" << wiki_solution << "\n";
  sudoku::PuzzleReader reader(in);
  auto first = reader.next();
  ASSERT_TRUE(first && first->ok());
  EXPECT_EQ(reader.lines_read(), 1u);
  auto second = reader.next();
  ASSERT_TRUE(second && second->ok());
  EXPECT_FALSE(reader.next());
  EXPECT_FALSE(reader.next());
  // Empty input is no record and no error.
  EXPECT_TRUE(read("").empty());
  EXPECT_TRUE(read("# only comments\n\n").empty());
}

}  // namespace
