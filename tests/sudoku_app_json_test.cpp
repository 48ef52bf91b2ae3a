// The JSON lines of the sudoku command (apps/common/json.hpp): keys in order, compact, numbers
// and escapes as the command writes them.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "../apps/common/json.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku_test_grids.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Variant;
using namespace test_grids;

TEST(AppJson, Search) {
  const Geometry hyper(9, Variant::hyper);
  sudoku::SolveResult result;
  result.solutions = 1;
  result.complete = true;
  result.first = digits(wiki_solution);
  result.nodes = 12;
  result.updates = 345;
  app::JsonOptions options;
  options.file = "a \"b\".txt";
  EXPECT_EQ(
      app::json_search(3, hyper, digits(wiki), result, options),
      "{\"file\":\"a \\\"b\\\".txt\",\"line\":3,\"size\":9,\"variant\":\"hyper\","
      "\"header\":\"#variant hyper\\n\",\"puzzle\":\"" +
          wiki + "\",\"solutions\":1,\"complete\":true,\"unique\":true,\"solution\":\"" +
          wiki_solution + "\"}");
  options = {};
  options.stats = true;
  options.micros = 12.34;
  result = {};
  result.solutions = 2;
  EXPECT_EQ(app::json_search(7, Geometry(9), digits(wiki), result, options),
            "{\"line\":7,\"size\":9,\"variant\":\"regular\",\"puzzle\":\"" + wiki +
                "\",\"solutions\":2,\"complete\":false,\"unique\":false,\"solution\":null,"
                "\"nodes\":0,"
                "\"updates\":0,\"micros\":12.3}");
  // A search stopped early says why, after "complete".
  options = {};
  options.reason = "max-nodes";
  result = {};
  EXPECT_NE(app::json_search(7, Geometry(9), digits(wiki), result, options)
                .find("\"complete\":false,\"reason\":\"max-nodes\",\"unique\":null,"),
            std::string::npos);
  options.micros = 1e6 + 0.05;
  options.stats = true;
  EXPECT_TRUE(app::json_search(7, Geometry(9), digits(wiki), result, options)
                  .ends_with(",\"micros\":1000000.1}"));
  options.micros = 7;
  EXPECT_TRUE(app::json_search(7, Geometry(9), digits(wiki), result, options)
                  .ends_with(",\"micros\":7.0}"));
  EXPECT_EQ(app::json_solution(3, 2, hyper, digits(wiki_solution), "f"),
            "{\"file\":\"f\",\"line\":3,\"number\":2,\"solution\":\"" + wiki_solution + "\"}");
  EXPECT_EQ(app::json_error({4, 7}, "bad character 'z'"),
            "{\"line\":4,\"column\":7,\"error\":\"bad character 'z'\"}");
  EXPECT_EQ(app::json_error({4, 7}, "a\\b\n\x01\t\r\""),
            "{\"line\":4,\"column\":7,\"error\":\"a\\\\b\\n\\u0001\\t\\r\\\"\"}");
  // Bytes that are no UTF-8 become U+FFFD: the line stays JSON.
  EXPECT_EQ(app::json_error({1, 1}, "bad character '\xff'"),
            "{\"line\":1,\"column\":1,\"error\":\"bad character '\xEF\xBF\xBD'\"}");
  // The grids in a JSON line read back as the same puzzle.
  const std::string json = app::json_search(1, Geometry(9), digits(wiki), result);
  const std::size_t at = json.find("\"puzzle\":\"") + 10;
  EXPECT_EQ(one(json.substr(at, 81)).givens, digits(wiki));
}

// "unique" for each outcome of a search: it says what the count proves, and null when it proves
// nothing either way.
TEST(AppJson, SaysWhetherTheSolutionIsUnique) {
  const Geometry nine(9);
  const auto unique = [&](std::uint64_t solutions, bool complete) {
    sudoku::SolveResult result;
    result.solutions = solutions;
    result.complete = complete;
    if (solutions > 0) result.first = digits(wiki_solution);
    const std::string json = app::json_search(1, nine, digits(wiki), result);
    const std::size_t at = json.find("\"unique\":");
    EXPECT_NE(
        json.find("\"complete\":" + std::string(complete ? "true" : "false") + ",\"unique\":"),
        std::string::npos)
        << json;
    return json.substr(at + 9, json.find(',', at) - at - 9);
  };
  EXPECT_EQ(unique(1, true), "true");    // one solution, and the search saw there is no other
  EXPECT_EQ(unique(1, false), "null");   // a limit of 1 stopped at the first
  EXPECT_EQ(unique(2, false), "false");  // a second one found
  EXPECT_EQ(unique(5, true), "false");
  EXPECT_EQ(unique(0, true), "false");  // no solution
  EXPECT_EQ(unique(0, false), "null");  // a budget stopped the search before any
}

// The grids of a JSON line in the alphabet they were read in: a 16x16 grid in letters (A = 1, ...,
// P = 16).
TEST(AppJson, GridsInTheAlphabetTheyWereReadIn) {
  const sudoku::Symbols letters = sudoku::parse_symbols("A-P");
  sudoku::SolveResult result;
  result.first = pattern(16, 4, 4);
  result.solutions = 1;
  result.complete = true;
  const Geometry sixteen(16);
  const Grid puzzle = holes(result.first);
  const std::string line = sudoku::format_line(sixteen, puzzle, letters);
  const std::string solution = sudoku::format_line(sixteen, result.first, letters);
  EXPECT_EQ(solution.substr(0, 16), "ABCDEFGHIJKLMNOP");
  app::JsonOptions json;
  json.symbols = letters;
  EXPECT_EQ(app::json_search(1, sixteen, puzzle, result, json),
            "{\"line\":1,\"size\":16,\"variant\":\"regular\",\"puzzle\":\"" + line +
                "\",\"solutions\":1,\"complete\":true,\"unique\":true,\"solution\":\"" + solution +
                "\"}");
  EXPECT_EQ(app::json_solution(1, 1, sixteen, result.first, "", letters),
            "{\"line\":1,\"number\":1,\"solution\":\"" + solution + "\"}");
  EXPECT_NE(app::json_rating(1, sixteen, puzzle, sudoku::Rating{}, "", letters).find(line),
            std::string::npos);
}

TEST(AppJson, RatingAndHint) {
  const Geometry g(9);
  sudoku::Rating rating;
  rating.used_logic = true;
  rating.hardest = sudoku::Technique::x_wing;
  rating.steps = 57;
  rating.er = 3.2;
  rating.ep = 1.2;
  rating.ed = 1.2;
  rating.hodoku = sudoku::HodokuLevel::hard;
  rating.qqwing = sudoku::QqwingLevel::expert;
  EXPECT_EQ(app::json_rating(3, g, digits(wiki), rating, "a.txt"),
            "{\"file\":\"a.txt\",\"line\":3,\"size\":9,\"variant\":\"regular\",\"puzzle\":\"" +
                wiki +
                "\",\"er\":3.2,\"ep\":1.2,\"ed\":1.2,\"qqwing\":\"expert\","
                "\"rating\":\"hard\",\"hardest\":\"X-Wing\",\"steps\":57}");
  // One decimal, as --rate writes ratings: 11.0, not 11 nor 10.999999.
  rating.er = 10.9999999;
  rating.ep = 11;
  EXPECT_NE(app::json_rating(3, g, digits(wiki), rating).find("\"er\":11.0,\"ep\":11.0,"),
            std::string::npos);
  rating.hodoku = sudoku::HodokuLevel::extreme;
  rating.open = 45;
  rating.search.nodes = 30;
  rating.search.solutions = 1;
  EXPECT_TRUE(app::json_rating(3, g, digits(wiki), rating)
                  .ends_with("\"rating\":\"extreme\",\"hardest\":\"X-Wing\",\"steps\":57,"
                             "\"open\":45,\"nodes\":30,\"solutions\":1}"));
  rating = {};
  rating.solvable = false;
  EXPECT_TRUE(app::json_rating(3, g, digits(wiki), rating)
                  .ends_with("\"rating\":null,\"hardest\":null,\"steps\":0,\"solutions\":0}"));

  sudoku::Step step;
  step.technique = sudoku::Technique::hidden_single;
  step.houses = {19};  // box 2
  step.cells = {22};
  step.digits = sudoku::digit_bit(7);
  step.placed = {{22, 7}};
  EXPECT_EQ(app::json_hint(3, g, &step, "a.txt"),
            "{\"file\":\"a.txt\",\"line\":3,\"hint\":\"r3c5=7: hidden single in box 2\","
            "\"technique\":\"hidden single\",\"cells\":[\"r3c5\"]}");
  // Stage 1 says where to look: the cells of the box.
  EXPECT_TRUE(app::json_hint(3, g, &step, "", {}, 1)
                  .starts_with("{\"line\":3,\"hint\":\"hidden single in box 2\",\"stage\":1,"
                               "\"technique\":\"hidden single\",\"cells\":[\"r1c4\",\"r1c5\","));
  EXPECT_EQ(app::json_hint(3, g, nullptr), "{\"line\":3,\"hint\":null}");
  EXPECT_EQ(app::json_hint(3, g, nullptr, "", {}, 3, 0),
            "{\"line\":3,\"hint\":null,\"solutions\":0}");
}

TEST(AppJson, Generated) {
  const Geometry g(9);
  sudoku::Puzzle p;
  p.givens = digits(wiki);
  p.solution = digits(wiki_solution);
  p.count = 24;
  p.undecided = 2;
  EXPECT_EQ(app::json_generated(5, g, p, 0, {}, std::nullopt),
            "{\"number\":5,\"size\":9,\"variant\":\"regular\",\"givens\":24,\"puzzle\":\"" + wiki +
                "\",\"solution\":\"" + wiki_solution + "\"}");
  EXPECT_EQ(app::json_generated(5, g, p, 20, {}, std::string("3.2/1.2/1.2 hard")),
            "{\"number\":5,\"size\":9,\"variant\":\"regular\",\"givens\":24,\"undecided\":2,"
            "\"puzzle\":\"" +
                wiki + "\",\"solution\":\"" + wiki_solution +
                "\",\"rating\":\"3.2/1.2/1.2 hard\"}");
}

}  // namespace
