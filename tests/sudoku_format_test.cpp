// The puzzle reader (every input form, sizes, headers, errors with their place) and the writers
// (line, pretty, JSON), with round trips of the writers through the reader.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "sudoku/format.hpp"

namespace {

using sudoku::FormatErrorKind;
using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Record;
using sudoku::Variant;

// The example puzzle of Wikipedia's "Sudoku" article and its solution (same article).
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

Grid digits(const std::string& line, int size = 9) {
  Grid grid;
  for (char c : line) grid.push_back(static_cast<std::uint8_t>(sudoku::symbol_digit(size, c)));
  return grid;
}

// A full grid of a size with r x c boxes, valid by construction (shifted rows).
Grid pattern(int size, int box_rows, int box_cols) {
  Grid grid;
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c)
      grid.push_back(
          static_cast<std::uint8_t>((box_cols * (r % box_rows) + r / box_rows + c) % size + 1));
  return grid;
}

// The pattern with every third cell emptied.
Grid holes(Grid grid) {
  for (std::size_t i = 0; i < grid.size(); i += 3) grid[i] = 0;
  return grid;
}

std::vector<Record> read(const std::string& text, const sudoku::ReaderOptions& options = {}) {
  return sudoku::read_all(text, options);
}

// Reads a text that must hold exactly one good puzzle.
Record one(const std::string& text, const sudoku::ReaderOptions& options = {}) {
  std::vector<Record> records = read(text, options);
  EXPECT_EQ(records.size(), 1u) << text;
  if (records.empty()) return {};
  EXPECT_TRUE(records[0].ok()) << text << "\n" << records[0].error->what();
  return records[0];
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
  for (const std::string tail : {"  # the Wikipedia example", ";3.4", "\t12 rating", "12"})
    EXPECT_EQ(one(wiki + tail + "\n").givens, digits(wiki)) << tail;
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
  // 25x25: A = 1 ... Y = 25, and 'x' is the digit 24 there.
  EXPECT_EQ(sudoku::symbol_digit(25, 'A'), 1);
  EXPECT_EQ(sudoku::symbol_digit(25, 'x'), 24);
  EXPECT_EQ(sudoku::symbol_digit(25, 'Y'), 25);
  EXPECT_EQ(sudoku::symbol_digit(25, '1'), -1);
  EXPECT_EQ(sudoku::symbol_digit(9, 'x'), 0);
  EXPECT_EQ(sudoku::symbol_digit(16, 'g'), 16);
  EXPECT_EQ(sudoku::symbol_digit(12, 'D'), -1);
  EXPECT_EQ(sudoku::digit_symbol(25, 24), 'X');
  EXPECT_EQ(sudoku::digit_symbol(16, 10), 'A');
  EXPECT_EQ(sudoku::digit_symbol(9, 0), '.');
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
               "unknown variant 'windokux': use regular, hyper, x, hyper-x or jigsaw");
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

TEST(Writer, Line) {
  const Geometry nine(9);
  EXPECT_EQ(sudoku::format_line(nine, digits(wiki)), wiki);
  const Geometry sixteen(16);
  const std::string line = sudoku::format_line(sixteen, pattern(16, 4, 4));
  EXPECT_EQ(line.substr(0, 16), "123456789ABCDEFG");
  const Geometry twenty_five(25);
  EXPECT_EQ(sudoku::format_line(twenty_five, pattern(25, 5, 5)).substr(0, 25),
            "ABCDEFGHIJKLMNOPQRSTUVWXY");
}

TEST(Writer, AppendLineAddsTheLineToWhatIsThere) {
  const Geometry nine(9), sixteen(16);
  std::string out = "x\n";
  sudoku::append_line(out, nine, digits(wiki));
  out += '\n';
  sudoku::append_line(out, sixteen, pattern(16, 4, 4));
  EXPECT_EQ(out,
            "x\n" + std::string(wiki) + "\n" + sudoku::format_line(sixteen, pattern(16, 4, 4)));
}

TEST(Writer, PrettyGrid) {
  const Geometry four(4);
  const Grid grid = digits("12343.1.2...4...", 4);
  EXPECT_EQ(sudoku::format_pretty(four, grid),
            "    1  2   3  4\n"
            "  +------+------+\n"
            "1 | 1  2 | 3  4 |\n"
            "2 | 3  . | 1  . |\n"
            "  +------+------+\n"
            "3 | 2  . | .  . |\n"
            "4 | 4  . | .  . |\n"
            "  +------+------+\n");
}

TEST(Writer, PrettyMarksVariantHouses) {
  const Geometry hyper_x(9, Variant::hyper_x);
  const std::string text = sudoku::format_pretty(hyper_x, digits(wiki_solution));
  // r1c1 is on the main diagonal; r2c2 in window 1 and on the main diagonal, r2c3 in window 1
  // only, r2c8 in window 2 and on the anti-diagonal.
  EXPECT_NE(text.find("1 |(5) 3  4 |"), std::string::npos) << text;
  EXPECT_NE(text.find("2 | 6 {7}[2]|[1] 9 [5]|[3]{4} 8 |"), std::string::npos) << text;
  EXPECT_NE(text.find("[5]: in a hyper window, (5): on a diagonal, {5}: both\n"),
            std::string::npos);
  sudoku::PrettyOptions color;
  color.color = true;
  EXPECT_NE(sudoku::format_pretty(hyper_x, digits(wiki_solution), color).find("\x1b["),
            std::string::npos);
  // No legend for a regular grid, nor when asked not to.
  EXPECT_EQ(sudoku::format_pretty(Geometry(9), digits(wiki)).find("hyper"), std::string::npos);
  sudoku::PrettyOptions quiet;
  quiet.legend = false;
  EXPECT_EQ(sudoku::format_pretty(hyper_x, digits(wiki), quiet).find("hyper"), std::string::npos);
}

TEST(Writer, PrettyDrawsJigsawRegions) {
  const Geometry jigsaw = Geometry::jigsaw(9, sudoku::read_regions(map_rows));
  const std::string text = sudoku::format_pretty(jigsaw, digits(wiki_solution));
  // Row 1 of the map is 112222333: borders after column 2 and after column 6.
  EXPECT_NE(text.find("1 | 5   3 | 4   6   7   8 | 9   1   2 |"), std::string::npos) << text;
  std::ostringstream out;
  sudoku::write_pretty(out, jigsaw, digits(wiki_solution));
  EXPECT_EQ(out.str(), text);
}

TEST(Writer, RoundTripsThroughTheReader) {
  sudoku::PrettyOptions plain;
  plain.labels = false;
  plain.legend = false;
  std::vector<Geometry> geometries = {Geometry(4),
                                      Geometry(6),
                                      Geometry(9),
                                      Geometry(12),
                                      Geometry(16),
                                      Geometry(25),
                                      Geometry(9, Variant::hyper),
                                      Geometry(9, Variant::hyper_x),
                                      Geometry::jigsaw(9, sudoku::read_regions(map_rows))};
  for (const Geometry& g : geometries) {
    const Grid full = g.variant() == Variant::regular
                          ? pattern(g.size(), g.box_rows(), g.box_cols())
                          : digits(wiki_solution);
    const Grid puzzle = holes(full);
    sudoku::ReaderOptions options;
    options.size = g.size();
    EXPECT_EQ(one(sudoku::format_line(g, puzzle), options).givens, puzzle) << g.size();
    EXPECT_EQ(one(sudoku::format_pretty(g, puzzle, plain), options).givens, puzzle)
        << sudoku::format_pretty(g, puzzle, plain);
  }
}

TEST(Writer, Json) {
  const Geometry hyper(9, Variant::hyper);
  sudoku::SolveResult result;
  result.solutions = 1;
  result.complete = true;
  result.first = digits(wiki_solution);
  result.nodes = 12;
  result.updates = 345;
  sudoku::JsonOptions options;
  options.file = "a \"b\".txt";
  EXPECT_EQ(
      sudoku::format_json(3, hyper, digits(wiki), result, options),
      "{\"file\":\"a \\\"b\\\".txt\",\"line\":3,\"size\":9,\"variant\":\"hyper\",\"puzzle\":\"" +
          wiki + "\",\"solutions\":1,\"complete\":true,\"solution\":\"" + wiki_solution + "\"}");
  options = {};
  options.stats = true;
  options.micros = 12.34;
  result = {};
  result.solutions = 2;
  EXPECT_EQ(sudoku::format_json(7, Geometry(9), digits(wiki), result, options),
            "{\"line\":7,\"size\":9,\"variant\":\"regular\",\"puzzle\":\"" + wiki +
                "\",\"solutions\":2,\"complete\":false,\"solution\":null,\"nodes\":0,"
                "\"updates\":0,\"micros\":12.3}");
  EXPECT_EQ(sudoku::format_json_solution(3, 2, hyper, digits(wiki_solution), "f"),
            "{\"file\":\"f\",\"line\":3,\"number\":2,\"solution\":\"" + wiki_solution + "\"}");
  EXPECT_EQ(sudoku::format_json_error({4, 7}, "bad character 'z'"),
            "{\"line\":4,\"column\":7,\"error\":\"bad character 'z'\"}");
  EXPECT_EQ(sudoku::json_quote("a\\b\n\x01"), "\"a\\\\b\\n\\u0001\"");
  // The grids in a JSON line read back as the same puzzle.
  const std::string json = sudoku::format_json(1, Geometry(9), digits(wiki), result);
  const std::size_t at = json.find("\"puzzle\":\"") + 10;
  EXPECT_EQ(one(json.substr(at, 81)).givens, digits(wiki));
}

TEST(Writer, Counts) {
  sudoku::SolveResult r;
  r.complete = true;
  EXPECT_EQ(sudoku::format_count(r), "0");
  EXPECT_EQ(sudoku::describe_count(r), "no solution");
  r.solutions = 1;
  EXPECT_EQ(sudoku::format_count(r), "1");
  EXPECT_EQ(sudoku::describe_count(r), "1 solution");
  r.solutions = 2;
  r.complete = false;
  EXPECT_EQ(sudoku::format_count(r), "2+");
  EXPECT_EQ(sudoku::describe_count(r), "at least 2 solutions");
}

}  // namespace

namespace {

TEST(Writer, CandidatesAsMiniGrids) {
  const Geometry g(9);
  const sudoku::Candidates c = sudoku::start_candidates(g, digits(wiki));
  const std::string text = sudoku::format_candidates(c);
  // Row 1 of Wikipedia's puzzle: 5 and 3 given; r1c3 may hold 1, 2 or 4; r1c7 1, 4, 8 or 9.
  EXPECT_TRUE(
      text.starts_with("     1    2    3     4    5    6     7    8    9\n"
                       "  +---------------+---------------+---------------+\n"
                       "  |           12. | .2.       .2. | 1..  12.  .2. |\n"
                       "1 |  5    3   4.. | ..6   7   4.6 | 4..  4..  4.. |\n"
                       "  |           ... | ...       .8. | .89  ..9  .8. |\n"
                       "  |               |               |               |\n"))
      << text;
  // Labels, 4 border lines, 3 lines per row and a blank line between the rows of a box.
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1 + 4 + 27 + 6);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  std::ostringstream out;
  sudoku::write_candidates(out, c);
  EXPECT_EQ(out.str(), text);
}

TEST(Writer, CandidatesMarkCellsAndShowACellWithoutCandidates) {
  const Geometry g(4);
  // .2.43......14... with 1 in r1c1 and 3 in r4c3: r1c3, which could hold 1 or 3, holds nothing.
  sudoku::Candidates c = sudoku::start_candidates(g, digits("12.43......14.3.", 4));
  sudoku::CandidateOptions options;
  options.marked = {0};
  const std::string text = sudoku::format_candidates(c, options);
  EXPECT_EQ(text,
            "    1   2    3   4\n"
            "  +--------+--------+\n"
            "1 |*1 * 2  | !   4  |\n"
            "  |        |        |\n"
            "  |        |        |\n"
            "2 | 3   .. | 12  .2 |\n"
            "  |     .4 | ..  .. |\n"
            "  +--------+--------+\n"
            "3 | .2  .. | .2  1  |\n"
            "  | ..  3. | .4     |\n"
            "  |        |        |\n"
            "4 | 4   1. | 3   .2 |\n"
            "  |     .. |     .. |\n"
            "  +--------+--------+\n"
            "!: a cell without candidates\n");
  options.labels = false;
  options.candidates = false;
  options.marked.clear();
  EXPECT_TRUE(sudoku::format_candidates(c, options)
                  .starts_with("+--------+--------+\n"
                               "| 1   2  | !   4  |\n"
                               "|        |        |\n"
                               "|        |        |\n"
                               "| 3   .  | .   .  |\n"))
      << sudoku::format_candidates(c, options);
}

TEST(Writer, CandidatesInColour) {
  const Geometry g(4);
  const sudoku::Candidates c = sudoku::start_candidates(g, digits("12.43......14.3.", 4));
  sudoku::CandidateOptions options;
  options.color = true;
  options.marked = {5};
  options.givens = digits(".2.43......14...", 4);
  const std::string text = sudoku::format_candidates(c, options);
  EXPECT_NE(text.find("\x1b[1;32m*..*\x1b[0m"), std::string::npos) << text;       // marked
  EXPECT_NE(text.find("\x1b[1;31m !  \x1b[0m"), std::string::npos) << text;       // no candidate
  EXPECT_NE(text.find("\x1b[1m 2  \x1b[0m"), std::string::npos) << text;          // a given
  EXPECT_NE(text.find("1 | 1  \x1b[1m 2  \x1b[0m|"), std::string::npos) << text;  // placed
}

TEST(Writer, CandidatesAsListsAboveNineByNine) {
  const Geometry g(16);
  Grid grid(256, 0);
  for (int c = 0; c < 16; ++c) grid[static_cast<std::size_t>(c)] = (c * 5) % 16 + 1;
  const sudoku::Candidates c = sudoku::start_candidates(g, grid);
  const std::string text = sudoku::format_candidates(c);
  // Each column as wide as its longest list; row 2 lacks the digits of row 1's first box.
  EXPECT_TRUE(text.starts_with("            1                2 ")) << text.substr(0, 2000);
  EXPECT_NE(text.find("\n 1 | 1                6                B "), std::string::npos)
      << text.substr(0, 2000);
  EXPECT_NE(text.find("\n 2 | 2345789ACDEF     2345789ACDEF "), std::string::npos)
      << text.substr(0, 2000);
}

TEST(Writer, CandidatesFollowJigsawRegions) {
  const std::string map =
      "112222333111112333142222633144555636444585666444585969777785969777885969778888999";
  std::vector<int> regions;
  for (char c : map) regions.push_back(c - '1');
  const Geometry g = Geometry::jigsaw(9, regions);
  const std::string text = sudoku::format_candidates(sudoku::Candidates(g));
  // Row 1: cells 1-2 in region 1, 3-6 in region 2, 7-9 in region 3; every column has a border
  // somewhere, so each gets a column of its own.
  EXPECT_NE(text.find("\n1 | 456   456 | 456   456   456   456 | 456   456   456 |\n"),
            std::string::npos)
      << text;
}

TEST(Writer, JsonRatingAndHint) {
  const Geometry g(9);
  sudoku::Rating rating;
  rating.difficulty = sudoku::Difficulty::hard;
  rating.used_logic = true;
  rating.hardest = sudoku::Technique::x_wing;
  rating.steps = 57;
  EXPECT_EQ(sudoku::format_json_rating(3, g, digits(wiki), rating, "a.txt"),
            "{\"file\":\"a.txt\",\"line\":3,\"puzzle\":\"" + wiki +
                "\",\"rating\":\"hard\",\"hardest\":\"X-Wing\",\"steps\":57}");
  rating.difficulty = sudoku::Difficulty::expert;
  rating.open = 45;
  rating.search.nodes = 30;
  rating.search.solutions = 1;
  EXPECT_TRUE(sudoku::format_json_rating(3, g, digits(wiki), rating)
                  .ends_with("\"rating\":\"expert\",\"hardest\":\"X-Wing\",\"steps\":57,"
                             "\"open\":45,\"nodes\":30,\"solutions\":1}"));
  rating = {};
  rating.solvable = false;
  EXPECT_TRUE(sudoku::format_json_rating(3, g, digits(wiki), rating)
                  .ends_with("\"rating\":null,\"hardest\":null,\"steps\":0,\"solutions\":0}"));

  sudoku::Step step;
  step.technique = sudoku::Technique::hidden_single;
  step.houses = {19};  // box 2
  step.cells = {22};
  step.digits = sudoku::digit_bit(7);
  step.placed = {{22, 7}};
  EXPECT_EQ(sudoku::format_json_hint(3, g, &step, "a.txt"),
            "{\"file\":\"a.txt\",\"line\":3,\"hint\":\"r3c5=7: hidden single in box 2\","
            "\"technique\":\"hidden single\",\"cells\":[\"r3c5\"]}");
  EXPECT_EQ(sudoku::format_json_hint(3, g, nullptr), "{\"line\":3,\"hint\":null}");
}

}  // namespace
