// The sudoku command's --generate, run as a user would run it: what it prints reads back with
// the library's reader, every puzzle has one solution, and a seed gives the same set again.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "app_run.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/search/solver.hpp"
#include "test_share.hpp"

namespace {

using app_run::contains;

class Generate : public app_run::Sandbox {
 protected:
  app_run::Outcome sudoku(const std::string& args) { return run(SUDOKU_BINARY, args); }
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Reads the puzzles of a text and checks that each has exactly one solution; returns them.
std::vector<sudoku::Record> read_unique(const std::string& text) {
  std::vector<sudoku::Record> records = sudoku::read_all(text);
  std::unique_ptr<sudoku::Solver> solver;
  for (const sudoku::Record& r : records) {
    EXPECT_TRUE(r.ok()) << "line " << r.line << ": " << (r.ok() ? "" : r.error->what());
    if (!r.ok()) continue;
    if (!solver || solver->geometry().variant() != r.geometry->variant() ||
        solver->geometry().chess() != r.geometry->chess() ||
        solver->geometry().size() != r.geometry->size() ||
        solver->geometry().cages() != r.geometry->cages())
      solver = std::make_unique<sudoku::Solver>(*r.geometry);
    const sudoku::SolveResult result = solver->count(r.givens, 2);
    EXPECT_EQ(result.solutions, 1u) << "line " << r.line;
    EXPECT_TRUE(result.complete) << "line " << r.line;
  }
  return records;
}

TEST_F(Generate, ChessVariantsWithTheirHeader) {
  // Under the sanitizers (test_share.hpp) two of the five shapes.
  const std::vector<std::string> variants =
      test_share > 1 ? std::vector<std::string>{"anti-knight", "'x anti-king'"}
                     : std::vector<std::string>{"anti-knight", "anti-king", "hyper,anti-knight",
                                                "'x anti-king'", "jigsaw,anti-king"};
  for (const std::string& variant : variants) {
    const auto r = sudoku("--generate 2 --seed 3 --variant " + variant);
    EXPECT_EQ(r.status, 0) << r.err;
    const auto records = read_unique(r.out);
    ASSERT_EQ(records.size(), 2u) << r.out;
    EXPECT_NE(records[0].geometry->chess(), sudoku::Chess::none) << r.out;
    EXPECT_EQ(sudoku::shape_name(*records[0].geometry), lines_of(r.out)[0].substr(9)) << r.out;
    EXPECT_EQ(sudoku("--generate 2 --seed 3 --variant " + variant).out, r.out);
  }
}

TEST_F(Generate, SamuraiPuzzlesReadBackAndSolve) {
  const auto r = sudoku("--generate 2 --seed 1 --variant samurai");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out)[0], "#variant samurai");
  const auto records = read_unique(r.out);
  ASSERT_EQ(records.size(), 2u) << r.out;
  EXPECT_EQ(records[0].givens.size(), 369u);
  // The first is the example's puzzle (examples/sudoku/samurai.txt says it was made so).
  const auto example = sudoku::read_all(app_run::slurp(SUDOKU_EXAMPLES_DIR "/samurai.txt"));
  ASSERT_EQ(example.size(), 1u);
  EXPECT_EQ(example[0].givens, records[0].givens);
  // Solved in the line format: the 369 cells of the solution.
  const auto solved = sudoku("-f line " SUDOKU_EXAMPLES_DIR "/samurai.txt");
  EXPECT_EQ(solved.status, 0) << solved.err;
  ASSERT_EQ(lines_of(solved.out).size(), 1u) << solved.out;
  EXPECT_EQ(lines_of(solved.out)[0].size(), 369u);
  EXPECT_EQ(lines_of(solved.out)[0].find('.'), std::string::npos);
  // With chess constraints: refused before anything is written.
  const auto refused = sudoku("--generate 1 --variant samurai,anti-king");
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.out, "");
  EXPECT_TRUE(contains(refused.err, "read and solved, not made")) << refused.err;
}

TEST_F(Generate, KillerPuzzlesWithTheirCages) {
  const auto r = sudoku("--generate 3 --seed 5 --variant killer");
  EXPECT_EQ(r.status, 0) << r.err;
  const auto records = read_unique(r.out);
  ASSERT_EQ(records.size(), 3u) << r.out;
  for (const sudoku::Record& record : records) {
    ASSERT_TRUE(record.ok());
    EXPECT_FALSE(record.geometry->cages().empty()) << r.out;
    for (const sudoku::Cage& cage : record.geometry->cages()) EXPECT_LE(cage.cells.size(), 5u);
  }
  EXPECT_EQ(lines_of(r.out)[0], "#cages") << r.out;
  EXPECT_TRUE(contains(r.err, "3 puzzles generated (9x9 killer, seed 5)")) << r.err;
  EXPECT_EQ(sudoku("--generate 3 --seed 5 --variant killer").out, r.out);
  // With a chess constraint, and on a smaller grid.
  const auto king = sudoku("--generate 1 --seed 2 --variant killer,anti-king --size 6");
  EXPECT_EQ(king.status, 0) << king.err;
  const auto kings = read_unique(king.out);
  ASSERT_EQ(kings.size(), 1u) << king.out;
  EXPECT_EQ(kings[0].geometry->chess(), sudoku::Chess::anti_king);
  EXPECT_FALSE(kings[0].geometry->cages().empty());
  // Made to order: rated on their own cages, every one of the level asked.
  const auto ordered = sudoku("--generate 2 --seed 3 --variant killer --difficulty medium");
  EXPECT_EQ(ordered.status, 0) << ordered.err;
  const auto made = read_unique(ordered.out);
  ASSERT_EQ(made.size(), 2u) << ordered.out;
  file("killers.txt", ordered.out);
  const auto rated = sudoku("--rate -f line killers.txt");
  const auto lines = lines_of(rated.out);
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const std::string& l) { return contains(l, " medium"); }),
            2)
      << rated.out;
}

// The rules without marks join --variant's words for --generate; the others come with their
// puzzles.
TEST_F(Generate, RulesWithoutMarks) {
  const auto r = sudoku("--generate 2 --seed 1 --variant x,disjoint-groups");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.out.starts_with("#variant x\n#disjoint-groups\n")) << r.out;
  const auto made = read_unique(r.out);
  ASSERT_EQ(made.size(), 2u) << r.out;
  for (const auto& record : made) EXPECT_EQ(record.geometry->rules().size(), 1u);
  EXPECT_TRUE(contains(r.err, "2 puzzles generated (9x9 x disjoint-groups, seed 1)")) << r.err;
  const auto marks = sudoku("--generate 1 --variant kropki");
  EXPECT_EQ(marks.status, 2);
  EXPECT_TRUE(contains(marks.err, "kropki: #kropki needs its marks")) << marks.err;
  const auto read = sudoku("--variant non-consecutive --count");
  EXPECT_EQ(read.status, 2);
  EXPECT_TRUE(contains(read.err, "--variant non-consecutive goes with --generate")) << read.err;
}

TEST_F(Generate, PrintsOneUniquePuzzlePerLine) {
  const auto r = sudoku("--generate 5 --seed 1");
  EXPECT_EQ(r.status, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;
  for (const auto& line : lines) EXPECT_EQ(line.size(), 81u) << line;
  const auto records = read_unique(r.out);
  ASSERT_EQ(records.size(), 5u);
  EXPECT_EQ(records[0].geometry->size(), 9);
  EXPECT_TRUE(contains(r.err, "5 puzzles generated (9x9, seed 1)"));
}

TEST_F(Generate, TheCommandAgreesThatEachPuzzleIsUnique) {
  file("set.txt", sudoku("--generate 4 --seed 3 -x").out);
  const auto r = sudoku("--count --limit 2 -f line set.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1\n1\n1\n1\n");
}

TEST_F(Generate, TheSameSeedGivesTheSameSet) {
  const auto a = sudoku("--generate 6 --seed 42");
  const auto b = sudoku("--generate 6 --seed 42 -j 2");
  const auto c = sudoku("--generate 3 --seed 42");
  const auto d = sudoku("--generate 6 --seed 43");
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(a.out.substr(0, c.out.size()), c.out);  // a longer set begins with a shorter one
  EXPECT_NE(a.out, d.out);
  // Without --seed, a random one, named in the summary.
  const auto e = sudoku("--generate 2"), f = sudoku("--generate 2");
  EXPECT_NE(e.out, f.out);
  EXPECT_TRUE(contains(e.err, ", seed "));
}

TEST_F(Generate, ProgressLinesCountThePuzzlesGenerated) {
  const auto quiet = sudoku("--generate 200 --seed 2");
  const auto r = sudoku("--generate 200 --seed 2 --progress 0.001");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, quiet.out);  // stdout is the same
  const auto lines = lines_of(r.err);
  ASSERT_GE(lines.size(), 2u) << r.err;
  const std::regex line(R"(sudoku: progress: [0-9]+\.[0-9] s, [0-9]+ of 200 puzzles generated)"
                        R"((; in work: [0-9]+ givens, [0-9]+ of 81 cells checked)?)");
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    EXPECT_TRUE(std::regex_match(lines[i], line)) << lines[i];
  // The summary comes last, after every progress line.
  EXPECT_TRUE(contains(lines.back(), "200 puzzles generated (9x9, seed 2)")) << r.err;
}

TEST_F(Generate, ProgressLinesShowWhereALargePuzzleStands) {
  // One 16x16 puzzle takes tens of milliseconds: the lines show its givens left as it goes.
  const auto r = sudoku("--generate 1 --seed 1 --size 16 --progress 0.001");
  EXPECT_EQ(r.status, 0) << r.err;
  const std::regex line(
      R"(sudoku: progress: [0-9]+\.[0-9] s, 0 of 1 puzzle generated; in work: ([0-9]+) givens, )"
      R"(([0-9]+) of 256 cells checked)");
  int shown = 0;
  for (const auto& text : lines_of(r.err)) {
    std::smatch m;
    if (!std::regex_match(text, m, line)) continue;
    ++shown;
    EXPECT_LE(std::stoi(m[1]), 256);
    EXPECT_LE(std::stoi(m[2]), 256);
  }
  EXPECT_GT(shown, 0) << r.err;
}

TEST_F(Generate, LargeShapesAreNotMinimalByDefaultAndSaySo) {
  // A minimal 25x25 puzzle takes minutes to hours; by default budgeted checks stop in a second,
  // and the note says what was done instead.
  auto r = sudoku("--generate 1 --seed 3 --size 25 -f pretty");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.out.starts_with("generated:1: 25x25, ")) << r.out;
  EXPECT_TRUE(contains(r.out, " givens (not proved minimal: ")) << r.out;
  EXPECT_TRUE(contains(r.err,
                       "sudoku: 25x25 puzzles are not made minimal by default (checking "
                       "every removal to the end takes minutes to hours on this shape; "
                       "--minimal asks for it): "))
      << r.err;
  EXPECT_TRUE(contains(r.err, " kept because their check ran out of its 10000 search nodes"))
      << r.err;
  // --check-nodes sets the budget of that default; the puzzle reads back, with one solution.
  r = sudoku("--generate 1 --seed 3 --size 25 --check-nodes 100");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.err, " kept because their check ran out of its 100 search nodes"))
      << r.err;
  file("big.txt", r.out);
  EXPECT_EQ(sudoku("--count -f line big.txt").out, "1\n");
  // A 9x9 puzzle has no budget to set: --check-nodes alone is refused there.
  r = sudoku("--generate 1 --seed 3 --check-nodes 100");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "9x9 puzzles are minimal by default")) << r.err;
  // A 9x9 puzzle is minimal by default: --minimal changes nothing there, and nothing is noted.
  r = sudoku("--generate 3 --seed 3");
  EXPECT_EQ(sudoku("--generate 3 --seed 3 --minimal").out, r.out);
  EXPECT_FALSE(contains(r.err, "minimal")) << r.err;
}

TEST_F(Generate, VariantsAndSizesReadBack) {
  struct Case {
    std::string args;
    int size;
    sudoku::Variant variant;
    std::string header;
  };
  const Case cases[] = {
      {"--hyper", 9, sudoku::Variant::hyper, "#variant hyper"},
      {"-x", 9, sudoku::Variant::x, "#variant x"},
      {"--hyper -x", 9, sudoku::Variant::hyper_x, "#variant hyper-x"},
      {"--size 6", 6, sudoku::Variant::regular, ""},
      {"--size 4 --variant x", 4, sudoku::Variant::x, "#variant x"},
  };
  for (const Case& c : cases) {
    const auto r = sudoku("--generate 3 --seed 7 " + c.args);
    EXPECT_EQ(r.status, 0) << c.args << ": " << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), c.header.empty() ? 3u : 4u) << c.args;
    if (!c.header.empty()) {
      EXPECT_EQ(lines[0], c.header);
    }
    const auto records = read_unique(r.out);
    ASSERT_EQ(records.size(), 3u) << c.args;
    for (const auto& record : records) {
      EXPECT_EQ(record.geometry->size(), c.size) << c.args;
      EXPECT_EQ(record.geometry->variant(), c.variant) << c.args;
    }
  }
}

TEST_F(Generate, AJigsawComesWithItsRegionMap) {
  // The region map of examples/sudoku/jigsaw.txt.
  file("map.txt",
       "112222333\n111112333\n142222633\n144555636\n444585666\n444585969\n777785969\n"
       "777885969\n778888999\n");
  const auto r = sudoku("--generate 2 --seed 1 --regions map.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "#regions 001111222"));
  const auto records = read_unique(r.out);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].geometry->variant(), sudoku::Variant::jigsaw);
  EXPECT_EQ(records[0].geometry->region_of(10), 0);  // r2c2, region 1 of the map
}

TEST_F(Generate, AJigsawWithoutAMapGetsRandomRegionsFromTheSeed) {
  const auto r = sudoku("--generate 3 --seed 5 --variant jigsaw");
  EXPECT_EQ(r.status, 0) << r.err;
  ASSERT_TRUE(r.out.starts_with("#variant jigsaw\n#regions ")) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '#'), 2) << "one map for the set";
  const auto records = read_unique(r.out);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].geometry->variant(), sudoku::Variant::jigsaw);
  EXPECT_EQ(sudoku("--generate 3 --seed 5 --variant jigsaw").out, r.out);  // reproducible
  EXPECT_NE(sudoku("--generate 3 --seed 6 --variant jigsaw").out.substr(0, 107),
            r.out.substr(0, 107));
  EXPECT_TRUE(sudoku("--generate 1 --seed 5 --variant jigsaw --size 6")
                  .out.starts_with("#variant jigsaw\n#regions "));
}

TEST_F(Generate, GivensSymmetryAndTheOtherFormats) {
  auto r = sudoku("--generate 3 --seed 2 --givens 40");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const auto& record : read_unique(r.out)) {
    int givens = 0;
    for (auto d : record.givens) givens += d != 0;
    EXPECT_EQ(givens, 40);
  }
  EXPECT_TRUE(contains(r.err, "40.0 givens on average, from 40 to 40"));
  EXPECT_FALSE(contains(r.err, "asked")) << r.err;  // reached: nothing to report

  // Fewer givens than a minimal puzzle has: never passed off as done.
  r = sudoku("--generate 3 --seed 2 --givens 20");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_unique(r.out).size(), 3u);
  EXPECT_TRUE(contains(r.err,
                       "sudoku: 3 of 3 puzzles kept more than the 20 givens asked (24.7 "
                       "on average): 24.7 needed (without any one of them the puzzle "
                       "has another solution)\n"))
      << r.err;
  r = sudoku("--generate 1 --seed 2 --givens 20 -f pretty --color never");
  EXPECT_TRUE(contains(r.out, " givens (not 20: minimal, every given is needed)\n")) << r.out;
  EXPECT_TRUE(contains(r.err, "1 of 1 puzzle kept more than the 20 givens asked")) << r.err;
  // Givens put back to keep an easy puzzle easy are no needed ones.
  r = sudoku("--generate 3 --seed 1 --givens 20 --difficulty easy -f pretty --color never");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, " put back for the band)")) << r.out;
  EXPECT_TRUE(contains(r.err,
                       " needed when the removal ended (without any one of them the puzzle "
                       "had another solution), "))
      << r.err;
  EXPECT_TRUE(contains(r.err,
                       " put back to keep the steps within --difficulty or --rating (the "
                       "puzzle is not minimal)\n"))
      << r.err;

  // A budget of one node a check keeps givens the search alone could remove, and the puzzles
  // stay unique (read_unique); no budget gives the minimal puzzles.
  r = sudoku("--generate 3 --seed 2 --variant hyper-x --givens 1 --check-nodes 1");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_unique(r.out).size(), 3u);
  EXPECT_TRUE(contains(r.err,
                       " kept because their check ran out of its 1 search node "
                       "(--check-nodes: a larger budget may remove some)\n"))
      << r.err;
  EXPECT_NE(r.out, sudoku("--generate 3 --seed 2 --variant hyper-x").out);
  r = sudoku("--generate 1 --seed 2 --variant hyper-x --givens 1 --check-nodes 1 -f json");
  EXPECT_TRUE(contains(r.out, ",\"undecided\":")) << r.out;
  EXPECT_FALSE(contains(r.out, ",\"undecided\":0,")) << r.out;
  EXPECT_FALSE(contains(sudoku("--generate 1 --seed 2 -f json").out, "undecided"));
  EXPECT_EQ(sudoku("--generate 3 --seed 2 --variant hyper-x --givens 1 --check-nodes 0").out,
            sudoku("--generate 3 --seed 2 --variant hyper-x").out);

  r = sudoku("--generate 2 --seed 2 --symmetric");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const auto& record : read_unique(r.out))
    for (int cell = 0; cell < 81; ++cell)
      EXPECT_EQ(record.givens[cell] != 0, record.givens[80 - cell] != 0);

  r = sudoku("--generate 2 --seed 2 -f json");
  EXPECT_EQ(r.status, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(contains(lines[1], "{\"number\":2,\"size\":9,\"variant\":\"regular\",\"givens\":"));
  EXPECT_TRUE(contains(lines[1], ",\"solution\":\""));

  r = sudoku("--generate 1 --seed 2 -f pretty --color never");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "generated:1: 9x9, "));
  EXPECT_TRUE(contains(r.out, "+---------+---------+---------+")) << r.out;
  EXPECT_EQ(r.err, "");  // one puzzle: no summary
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST_F(Generate, PuzzlesToOrder) {
  // A level: each puzzle rated as --rate rates it.
  auto r = sudoku("--generate 3 --seed 5 --difficulty medium -f json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 3);
  EXPECT_EQ(occurrences(r.out, " medium\"}"), 3u) << r.out;
  file("made.txt", sudoku("--generate 3 --seed 5 --difficulty medium").out);
  r = sudoku("--rate -f line made.txt");
  EXPECT_EQ(occurrences(r.out, " medium\n"), 3u) << r.out;
  // An ER range, a technique, a variant.
  r = sudoku("--generate 2 --seed 5 --rating 3:4 -f pretty --color never");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "generated:1: 9x9, ")) << r.out;
  EXPECT_TRUE(contains(r.out, " givens, 3.")) << r.out;
  r = sudoku("--generate 1 --seed 5 --technique naked_pair -x");
  EXPECT_EQ(r.status, 0) << r.err;
  file("pair.txt", r.out);
  EXPECT_TRUE(contains(sudoku("-v 2 pair.txt").err, "naked pair")) << r.out;
  // An order no puzzle fits: an error once the attempts are spent.
  r = sudoku("--generate 1 --seed 5 --size 4 --rating 20: --attempts 10");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "no puzzle of the order in 10 attempts")) << r.err;
}

TEST_F(Generate, BadUsageExitsWith2) {
  file("p.txt", std::string(81, '.') + "\n");
  for (const std::string args : {"--generate 0",
                                 "--generate x",
                                 "--generate 2 --hyper --size 6",
                                 "--generate 1 --count",
                                 "--generate 1 --rate",
                                 "--generate 1 p.txt",
                                 "--seed 1",
                                 "--givens 30 p.txt",
                                 "--generate 1 --variant jigsaw --size 25",
                                 "--generate 1 --size 7",
                                 "--difficulty easy",
                                 "--generate 1 --difficulty tricky",
                                 "--generate 1 --rating 5",
                                 "--generate 1 --rating 5:4",
                                 "--generate 1 --rating a:b",
                                 "--generate 1 --technique tricky",
                                 "--rating 1:2 p.txt",
                                 "--generate 1 --check-nodes 5",
                                 "--generate 1 --minimal --givens 30",
                                 "--generate 1 --minimal --check-nodes 5",
                                 "--minimal p.txt",
                                 "--generate 1 --givens 30 --check-nodes x",
                                 "--check-nodes 5 p.txt"}) {
    const auto r = sudoku(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_TRUE(contains(r.err, "sudoku: ")) << args;
  }
}

}  // namespace
