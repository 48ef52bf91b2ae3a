// The puzzle reader: every input form, sizes, headers, errors with their place, and the region
// map reader.
#include <gtest/gtest.h>

#include <cctype>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "sudoku/reader.hpp"
#include "sudoku/writer.hpp"

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

}  // namespace
