// f-puzzles (sudoku/io/fpuzzles.hpp): lz-string as the links compress (vectors of lz-string
// 1.5.0's compressToBase64), the JSON read into a grid and its rules (every constraint the
// format and the library share, solved), errors that name the JSON path and the line and
// column, constraints the library does not know refused by name, and puzzles written as JSON
// and as links read back the same.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/lz_string.hpp"
#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/search/solver.hpp"

namespace {

using sudoku::lz_string::compress_to_base64;
using sudoku::lz_string::decompress_from_base64;

struct Vector {
  std::string text, base64;
};

const std::vector<Vector> vectors = {
    {"", "Q==="},
    {"a", "IZA="},
    {"Hello, world", "BIUwNmD2A0AEDukBOYAmQ==="},
    {std::string(64, 'a'), "IY18ZXT1A==="},
    {"{\"size\":9,\"grid\":[[{\"value\":5,\"given\":true},{}]],\"title\":\"Caf\u00e9 \u2603 "
     "\U0001F600\"}",
     "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BWVNCImAOwQBcMqBfZYLgXX6o2ENmWogAwiQBmAS4AEgYDIFgX"
     "g3AAHsguQA="},
};

TEST(LzString, CompressesAsLzStringDoes) {
  for (const Vector& v : vectors) EXPECT_EQ(compress_to_base64(v.text), v.base64) << v.text;
}

TEST(LzString, DecompressesWhatLzStringWrites) {
  for (const Vector& v : vectors) EXPECT_EQ(decompress_from_base64(v.base64), v.text) << v.base64;
  // A repetitive text of 740 characters, compressed by lz-string.
  std::string long_text;
  for (int i = 0; i < 20; ++i) long_text += "abcabcabcabcabcabcxyzxyzxyz0123456789";
  EXPECT_EQ(decompress_from_base64(compress_to_base64(long_text)), long_text);
  EXPECT_EQ(compress_to_base64(long_text).substr(0, 24), "IYIwxqHpPgHgTwF6JcgDARgE");
  // A link's query may turn '+' into a space.
  const std::string packed = compress_to_base64("{\"size\":4,\"grid\":[]}");
  std::string spaced = packed;
  for (char& c : spaced)
    if (c == '+') c = ' ';
  EXPECT_EQ(decompress_from_base64(spaced), "{\"size\":4,\"grid\":[]}");
  EXPECT_FALSE(decompress_from_base64("").has_value());
  EXPECT_FALSE(decompress_from_base64("////").has_value());
}

// The grid of a 9x9 f-puzzles document: `givens` as a line of 81 cells.
std::string grid_json(const std::string& givens, int n = 9) {
  std::string out = "[";
  for (int r = 0; r < n; ++r) {
    out += r == 0 ? "[" : ",[";
    for (int c = 0; c < n; ++c) {
      const char d = givens[static_cast<std::size_t>(r * n + c)];
      out += c == 0 ? "" : ",";
      out += d == '.' ? "{}" : "{\"value\":" + std::string(1, d) + ",\"given\":true}";
    }
    out += "]";
  }
  return out + "]";
}

sudoku::Record read_one(const std::string& text) {
  const auto records = sudoku::read_all(text);
  EXPECT_EQ(records.size(), 1u) << text;
  return records.empty() ? sudoku::Record{} : records.front();
}

std::string error_of(const std::string& text) {
  const sudoku::Record r = read_one(text);
  if (r.ok()) return "no error";
  return std::to_string(r.error->line()) + ":" + std::to_string(r.error->column()) + ": " +
         r.error->what();
}

// A puzzle drawn with every shared constraint, each true of this solution:
//   123456789 456789123 789123456 214365897 365897214 897214365 531642978 642978531 978531642
const std::string solution =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

TEST(FPuzzles, ReadsTheGridAndEveryConstraintItShares) {
  std::string givens = solution;
  for (std::size_t i = 0; i < givens.size(); ++i)
    if (i % 3 != 0) givens[i] = '.';
  const std::string json =
      "{\"size\":9,\"title\":\"All of them\",\"author\":\"tests\",\"grid\":" + grid_json(givens) +
      ",\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R1C3\"]]}]"
      ",\"palindrome\":[{\"lines\":[[\"R2C3\",\"R3C4\",\"R4C5\"]]}]"
      ",\"renban\":[{\"lines\":[[\"R1C7\",\"R1C8\",\"R1C9\"]]}]"
      ",\"whispers\":[{\"lines\":[[\"R7C3\",\"R8C4\"]]}]"
      ",\"minimum\":[{\"cell\":\"R7C3\"}],\"maximum\":[{\"cell\":\"R3C3\"}]"
      ",\"odd\":[{\"cell\":\"R1C1\"}],\"even\":[{\"cell\":\"R1C2\"}]"
      ",\"extraregion\":[{\"cells\":[\"R2C2\",\"R2C3\"]}]"
      ",\"clone\":[{\"cells\":[\"R1C1\"],\"cloneCells\":[\"R5C8\"]}]"
      ",\"difference\":[{\"cells\":[\"R1C1\",\"R1C2\"]}],\"ratio\":[{\"cells\":[\"R7C3\",\"R8C3\"],"
      "\"value\":\"2\"}]"
      ",\"xv\":[{\"cells\":[\"R1C1\",\"R2C1\"],\"value\":\"V\"}]"
      ",\"killercage\":[{\"cells\":[\"R9C8\",\"R9C9\"],\"value\":\"6\"},{\"cells\":[\"R9C1\","
      "\"R9C2\"]}]"
      ",\"antiking\":false,\"text\":[{\"cells\":[\"R5C5\"],\"value\":\"hello\"}]}";
  const sudoku::FPuzzle p = sudoku::read_fpuzzles(json);
  EXPECT_EQ(p.title, "All of them");
  EXPECT_EQ(p.author, "tests");
  EXPECT_EQ(sudoku::format_line(*p.geometry, p.givens), givens);
  EXPECT_EQ(p.geometry->rules_text(),
            "#thermo r1c1-r1c2-r1c3\n#palindrome r2c3-r3c4-r4c5\n#renban r1c7-r1c8-r1c9\n"
            "#whispers r7c3-r8c4\n#minimum r7c3\n#maximum r3c3\n#odd r1c1\n#even r1c2\n"
            "#extra-region r2c2-r2c3 r9c1-r9c2\n#clone r1c1=r5c8\n"
            "#kropki white r1c1-r1c2 black r7c3-r8c3\n#xv v r1c1-r2c1\n");
  ASSERT_EQ(p.geometry->cages().size(), 1u);
  EXPECT_EQ(p.geometry->cages()[0].sum, 6);
  // The solution the marks were drawn from is among the puzzle's, and every one keeps them.
  sudoku::Solver solver(*p.geometry);
  bool found = false;
  const sudoku::SolveResult result = solver.solve(p.givens, 100000, [&](const sudoku::Grid& g) {
    found = found || sudoku::format_line(*p.geometry, g) == solution;
    EXPECT_LT(sudoku::broken_rule(*p.geometry, g), 0);
    return true;
  });
  EXPECT_TRUE(found);
  EXPECT_GT(result.solutions, 0u);
  EXPECT_LT(result.solutions, 100000u);
}

// Arrows (f-puzzles' lines start in the circle), little killers, sandwiches, X-sums, between
// lines and quadruples, each true of the solution above.
TEST(FPuzzles, ReadsTheRulesOverSeveralCells) {
  const std::string json =
      "{\"size\":9,\"grid\":" + grid_json(std::string(81, '.')) +
      ",\"arrow\":[{\"lines\":[[\"R2C6\",\"R1C5\",\"R1C4\"]],\"cells\":[\"R2C6\"]}]"
      ",\"littlekillersum\":[{\"cell\":\"R0C7\",\"cells\":[\"R1C8\",\"R2C9\"],"
      "\"direction\":\"DR\",\"value\":\"11\"}]"
      ",\"sandwichsum\":[{\"cell\":\"R0C1\",\"value\":\"35\"},{\"cell\":\"R3C0\",\"value\":0}]"
      ",\"xsum\":[{\"cell\":\"R4C0\",\"value\":\"3\"}]"
      ",\"betweenline\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R1C3\"]]}]"
      ",\"quadruple\":[{\"cells\":[\"R7C1\",\"R7C2\",\"R8C1\",\"R8C2\"],\"values\":[3,6]}]}";
  const sudoku::FPuzzle p = sudoku::read_fpuzzles(json);
  EXPECT_EQ(p.geometry->rules_text(),
            "#arrow r2c6:r1c5-r1c4\n#little-killer r0c7:dr=11\n#sandwich r0c1=35 r3c0=0\n"
            "#between r1c1-r1c2-r1c3\n#quadruple r7c1=3/6\n#x-sum r4c0=3\n");
  sudoku::Grid g(81);
  for (std::size_t i = 0; i < 81; ++i) g[i] = static_cast<std::uint8_t>(solution[i] - '0');
  EXPECT_LT(sudoku::broken_rule(*p.geometry, g), 0);
  // One digit changed breaks the arrow (r1c4 4 -> 5 makes 10).
  g[3] = 5;
  EXPECT_GE(sudoku::broken_rule(*p.geometry, g), 0);
}

TEST(FPuzzles, ReadsRegionsDiagonalsAndFlags) {
  // Regions as f-puzzles writes them on every cell: here the boxes, so a regular grid.
  std::string grid = "[";
  for (int r = 0; r < 9; ++r) {
    grid += r == 0 ? "[" : ",[";
    for (int c = 0; c < 9; ++c)
      grid +=
          std::string(c == 0 ? "" : ",") + "{\"region\":" + std::to_string(r / 3 * 3 + c / 3) + "}";
    grid += "]";
  }
  grid += "]";
  const sudoku::FPuzzle x = sudoku::read_fpuzzles(
      "{\"size\":9,\"grid\":" + grid +
      ",\"diagonal+\":true,\"diagonal-\":true,\"antiknight\":true,\"nonconsecutive\":true}");
  EXPECT_EQ(sudoku::describe_shape(*x.geometry), "x anti-knight non-consecutive");
  // One diagonal: a house of its own.
  const sudoku::FPuzzle one =
      sudoku::read_fpuzzles("{\"size\":6,\"grid\":" + grid_json(std::string(36, '.'), 6) +
                            ",\"diagonal+\":true,\"disjointgroups\":true}");
  EXPECT_EQ(one.geometry->rules_text(),
            "#disjoint-groups\n#extra-region r6c1-r5c2-r4c3-r3c4-r2c5-r1c6\n");
}

TEST(FPuzzles, ErrorsNameTheJsonPathAndThePlace) {
  const std::string grid = grid_json(std::string(81, '.'));
  EXPECT_EQ(
      error_of("{\"size\":9,\"grid\":" + grid + ",\"doublearrow\":[{\"cells\":[\"R1C1\"]}]}\n"),
      "1:295: f-puzzles: $.doublearrow: 'doublearrow' is a constraint this version does not read: "
      "the puzzle is not solved without it");
  EXPECT_EQ(error_of("{\"size\":9,\"grid\":" + grid +
                     ",\"littlekillersum\":[{\"cell\":\"R5C5\",\"direction\":\"DR\",\"value\":"
                     "\"5\"}]}\n"),
            "1:308: f-puzzles: $.littlekillersum[0].cell: 'R5C5' is no place beside a 9x9 grid "
            "(R0C1 above it, R1C0 left of it, ...)");
  EXPECT_EQ(error_of("{\"size\":9,\"grid\":" + grid +
                     ",\"quadruple\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R2C1\",\"R3C3\"],"
                     "\"values\":[1]}]}\n"),
            "1:303: f-puzzles: $.quadruple[0].cells: a quadruple's four cells are the four around "
            "a corner");
  EXPECT_EQ(error_of("{\"size\":9,\"grid\":" + grid +
                     ",\n\"thermometer\":[{\"lines\":[[\"R1C1\",\"R10C1\"]]}]}\n"),
            "2:34: f-puzzles: $.thermometer[0].lines[0][1]: 'R10C1' is no cell of a 9x9 grid (R1C1 "
            "to R9C9)");
  EXPECT_EQ(error_of("{\"size\":9,\"grid\":" + grid +
                     ",\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C3\"]]}]}\n"),
            "1:296: f-puzzles: $.thermometer[0]: 'r1c1-r1c3': r1c1 and r1c3 do not touch");
  EXPECT_EQ(error_of("{\"size\":9,\n\"grid\":[1,]}\n"),
            "2:11: f-puzzles: malformed JSON: a JSON value is expected here");
  EXPECT_EQ(error_of("{\"size\":9,\n\"grid\":[\n"),
            "1:1: f-puzzles JSON that does not end: its closing brace is missing at the end of the "
            "input");
  EXPECT_EQ(error_of("{\"size\":3,\"grid\":[]}\n"),
            "1:9: f-puzzles: $.size: the size is a whole number from 4 to 16");
  EXPECT_EQ(error_of("{\"size\":9,\"grid\":" + grid +
                     ",\"difference\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]}\n"),
            "1:328: f-puzzles: $.difference[0].value: a difference of 3: only 1 is read (a kropki "
            "dot)");
  EXPECT_EQ(error_of("https://www.f-puzzles.com/?load=!!!!\n"),
            "1:1: f-puzzles: the link's load= parameter is no f-puzzles puzzle (no lz-string "
            "text)");
}

// Written as JSON and as a link, then read back by the reader: the same puzzle.
TEST(FPuzzles, WrittenAndReadBackTheSame) {
  const std::string blank(81, '.');
  const std::vector<std::string> puzzles = {
      "#thermo r1c1-r1c2-r1c3 r9c9-r8c8\n#palindrome r4c1-r5c2-r6c3\n#renban r1c7-r1c8-r1c9\n"
      "#whispers r7c1-r8c2\n#whispers 3 r7c5-r7c6\n#minimum r4c1\n#maximum r3c3\n#odd r1c1\n"
      "#even r1c2\n#extra-region r2c2-r2c3\n#clone r1c1=r5c8\n"
      "#kropki all white r1c1-r1c2 black r1c2-r2c2\n"
      "#xv all v r1c4-r2c4 x r9c1-r9c2\n#slow-thermo r6c6-r6c7\n#nabner r3c5-r4c5\n"
      "#entropic r9c4-r9c5-r9c6\n#less r2c9-r3c9\n" +
          solution.substr(0, 9) + blank.substr(9) + "\n",
      "#arrow r2c6:r1c5-r1c4 r5c5-r5c6:r6c7-r7c8:r4c4\n#little-killer r0c7:dr=11 r10c1:ur=20\n"
      "#sandwich r0c1=35 r3c0=0 r10c4=12 r5c10=7\n#between r1c1-r1c2-r1c3\n"
      "#quadruple r7c1=3/6 r1c8=1/1\n#x-sum r4c0=3 r0c9=15\n#zipper r3c1-r3c2-r3c3\n"
      "#region-sum r2c3-r2c4-r2c5\n#sum-cage r8c8-r8c9-r9c9=12 r5c1-r6c1=18\n" +
          blank + "\n",
      "#variant hyper anti-king\n#non-consecutive\n" + blank + "\n",
      "#variant x\n#disjoint-groups\n5" + blank.substr(1) + "\n",
      "#cages\nA A B B . . . . .\n" + std::string(8 * 18, ' ') + "\n",
  };
  // The killer's map lines: the rest of the grid in no cage.
  std::vector<std::string> inputs = puzzles;
  std::string killer = "#cages\nA A B B . . . . .\n";
  for (int r = 1; r < 9; ++r) killer += ". . . . . . . . .\n";
  inputs[4] = killer + "#sums A=3 B=17\n" + blank + "\n";
  inputs.push_back(
      "#regions "
      "111222333111222333111222333444555666444555666444555666777888999777888999777889899\n" +
      blank + "\n");
  for (const std::string& input : inputs) {
    const sudoku::Record r = read_one(input);
    ASSERT_TRUE(r.ok()) << input << r.error->what();
    const std::string json = sudoku::write_fpuzzles(*r.geometry, r.givens);
    const std::string link = sudoku::fpuzzles_link(*r.geometry, r.givens);
    EXPECT_EQ(link.substr(0, 32), "https://www.f-puzzles.com/?load=");
    for (const std::string& written : {json, link}) {
      const sudoku::Record back = read_one(written + "\n");
      ASSERT_TRUE(back.ok()) << written << "\n" << back.error->what();
      EXPECT_EQ(back.givens, r.givens) << input;
      EXPECT_EQ(sudoku::describe_shape(*back.geometry), sudoku::describe_shape(*r.geometry))
          << input;
      EXPECT_EQ(back.geometry->cages(), r.geometry->cages()) << input;
      std::vector<std::vector<int>> houses, houses_back;
      for (const auto& h : r.geometry->houses()) houses.push_back(h.cells);
      for (const auto& h : back.geometry->houses()) houses_back.push_back(h.cells);
      std::sort(houses.begin(), houses.end());
      std::sort(houses_back.begin(), houses_back.end());
      EXPECT_EQ(houses_back, houses) << input;
      EXPECT_EQ(back.geometry->rules_text(), r.geometry->rules_text()) << input;
    }
  }
  // What f-puzzles cannot say is refused by name.
  const sudoku::Record samurai =
      read_one("#size 4\n#variant samurai\n" + std::string(64, '.') + "\n");
  ASSERT_TRUE(samurai.ok()) << samurai.error->what();
  EXPECT_THROW(sudoku::write_fpuzzles(*samurai.geometry, samurai.givens), std::invalid_argument);
}

// Through the reader: JSON over many lines between puzzles of the text format, one bad in the
// middle reported and the next read.
TEST(FPuzzles, TheReaderTakesJsonAndLinksAmongOtherPuzzles) {
  const std::string blank(81, '.');
  const sudoku::Record thermo = read_one("#thermo r1c1-r1c2\n" + blank + "\n");
  const std::string json = sudoku::write_fpuzzles(*thermo.geometry, thermo.givens);
  std::string pretty;  // a line break after each comma between members
  for (char c : json) {
    pretty += c;
    if (c == ']') pretty += "\n";
  }
  const auto records = sudoku::read_all(blank + "\n" + pretty + "\n{\"size\":9}\n" +
                                        sudoku::fpuzzles_link(*thermo.geometry, thermo.givens) +
                                        "\n" + blank + "\n");
  ASSERT_EQ(records.size(), 5u);
  EXPECT_TRUE(records[0].ok());
  ASSERT_TRUE(records[1].ok()) << records[1].error->what();
  EXPECT_EQ(records[1].line, 2u);
  EXPECT_EQ(records[1].geometry->rules_text(), "#thermo r1c1-r1c2\n");
  EXPECT_FALSE(records[2].ok());
  EXPECT_TRUE(records[3].ok());
  EXPECT_EQ(records[3].geometry->rules_text(), "#thermo r1c1-r1c2\n");
  EXPECT_TRUE(records[4].ok());
  EXPECT_TRUE(records[4].geometry->rules().empty());
}

}  // namespace
