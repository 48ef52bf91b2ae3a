// The writers: one-line grids, pretty and candidate grids and counts, with round trips of the
// writers through the reader.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku_test_grids.hpp"

namespace {

using sudoku::FormatErrorKind;
using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Record;
using sudoku::Variant;
using namespace test_grids;

// A jigsaw region map (the one of examples/sudoku/jigsaw.txt).
const std::string map_rows =
    "112222333\n111112333\n142222633\n144555636\n444585666\n444585969\n777785969\n777885969\n"
    "778888999\n";

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

// Clues beside the grid and circles on corners, which the pretty grid has no room for: the
// legend says each one's place, the way it looks and the cells it speaks of.
TEST(Writer, LegendSaysWhereCluesBesideTheGridAndOnCornersAre) {
  const std::vector<Record> records = sudoku::read_all(
      "#sandwich r0c3=15 r6c10=20\n#little-killer r0c1:dr=23 r10c9:ul=12\n"
      "#quadruple r7c7=1/2/9\n" +
      std::string(81, '.') + "\n");
  ASSERT_EQ(records.size(), 1U);
  const Geometry& g = *records.front().geometry;
  const std::string legend = sudoku::describe_rules(g);
  EXPECT_NE(legend.find(": r0c3=15 r6c10=20\n"
                        "  15 at r0c3, down: r1c3-r2c3-r3c3-r4c3-r5c3-r6c3-r7c3-r8c3-r9c3\n"
                        "  20 at r6c10, left: r6c9-r6c8-r6c7-r6c6-r6c5-r6c4-r6c3-r6c2-r6c1\n"),
            std::string::npos)
      << legend;
  EXPECT_NE(legend.find("  23 at r0c1, down and right: r1c2-r2c3-r3c4-r4c5-r5c6-r6c7-r7c8-r8c9\n"
                        "  12 at r10c9, up and left: r9c8-r8c7-r7c6-r6c5-r5c4-r4c3-r3c2-r2c1\n"),
            std::string::npos)
      << legend;
  EXPECT_NE(legend.find("  1 2 9 on the corner of r7c7 r7c8 r8c7 r8c8\n"), std::string::npos)
      << legend;
  // The pretty grid's legend is the same.
  EXPECT_NE(sudoku::format_pretty(g, records.front().givens).find(legend), std::string::npos);
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

// A 16x16 grid written in hexadecimal (0 = 1, ..., F = 16) and in letters (A = 1, ..., P = 16).
TEST(Writer, GridsInTheAlphabetTheyWereReadIn) {
  const Geometry sixteen(16);
  const Grid full = pattern(16, 4, 4);
  const Grid puzzle = holes(full);
  const sudoku::Symbols hex = sudoku::parse_symbols("0-F");
  const std::string line = sudoku::format_line(sixteen, puzzle, hex);
  EXPECT_EQ(sudoku::format_line(sixteen, full, hex).substr(0, 16), "0123456789ABCDEF");
  EXPECT_EQ(line[0], '.');
  // The default alphabet, given or not, writes as before.
  EXPECT_EQ(sudoku::format_line(sixteen, full, sudoku::Symbols()),
            sudoku::format_line(sixteen, full));
  std::string out = "x";
  sudoku::append_line(out, sixteen, full, sudoku::parse_symbols("A-P"));
  EXPECT_EQ(out.substr(0, 17), "xABCDEFGHIJKLMNOP");
  // Read back in the same alphabet, the grid is the same.
  sudoku::ReaderOptions options;
  options.symbols = hex;
  EXPECT_EQ(one(line, options).givens, puzzle);

  sudoku::PrettyOptions pretty;
  pretty.labels = false;
  pretty.symbols = hex;
  const std::string drawn = sudoku::format_pretty(sixteen, full, pretty);
  EXPECT_TRUE(drawn.find("| 0  1  2  3 | 4  5  6  7 | 8  9  A  B | C  D  E  F |") !=
              std::string::npos)
      << drawn;
  EXPECT_EQ(one(drawn, options).givens, full);

  sudoku::CandidateOptions candidates;
  candidates.labels = false;
  candidates.symbols = hex;
  Grid first_row(256, 0);
  std::copy(full.begin(), full.begin() + 15, first_row.begin());
  const std::string listed =
      sudoku::format_candidates(sudoku::start_candidates(sixteen, first_row), candidates);
  // Row 1 holds 1 to 15, written 0 to E, and r1c16 can only hold 16, written F; the cells below
  // list their candidates in the same symbols.
  EXPECT_NE(listed.find("\n| 0                1 "), std::string::npos) << listed;
  EXPECT_NE(listed.find("| C                D                E                F                |"),
            std::string::npos)
      << listed;
  EXPECT_NE(listed.find("| 456789ABCDEF     "), std::string::npos) << listed;
  EXPECT_EQ(listed.find('G'), std::string::npos) << listed;
}

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
  // Without candidates, a line a row: as short as the pretty grid.
  EXPECT_EQ(sudoku::format_candidates(c, options),
            "+------+------+\n"
            "| 1  2 | !  4 |\n"
            "| 3  . | .  . |\n"
            "+------+------+\n"
            "| .  . | .  1 |\n"
            "| 4  . | 3  . |\n"
            "+------+------+\n"
            "!: a cell without candidates\n");
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

}  // namespace

// Narrow cells (a mark on the left only): a 25x25 grid without candidates fits 80 columns.
TEST(Writer, NarrowCellsFitA25x25GridIn80Columns) {
  const sudoku::Geometry g(25);
  sudoku::Candidates c(g);
  sudoku::Grid givens(625, 0);
  givens[0] = 1;
  ASSERT_TRUE(c.reset(givens));
  sudoku::CandidateOptions options;
  options.candidates = false;
  options.marked = {1};
  const std::string wide = sudoku::format_candidates(c, options);
  options.narrow = true;
  const std::string narrow = sudoku::format_candidates(c, options);
  const auto widest = [](const std::string& text) {
    std::size_t most = 0;
    for (std::size_t at = 0, end = 0; at < text.size(); at = end + 1) {
      end = std::min(text.find('\n', at), text.size());
      most = std::max(most, end - at);
    }
    return most;
  };
  EXPECT_EQ(widest(wide), 84u) << wide;
  EXPECT_LE(widest(narrow), 60u) << narrow;
  // Column numbers of two digits on two lines, the tens above the ones; r1c2 marked on its left.
  EXPECT_NE(narrow.find(" 1 1 1 1 2  2 2 2 2 2\n"), std::string::npos) << narrow;
  EXPECT_NE(narrow.find(" 6 7 8 9 0  1 2 3 4 5\n"), std::string::npos) << narrow;
  EXPECT_NE(narrow.find("| A*."), std::string::npos) << narrow;
}
