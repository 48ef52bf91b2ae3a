// Runs the built sudoku command as a user would, checking its output, messages and exit status.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

// What one run of the command printed, and its exit status.
struct Outcome {
  int status = -1;
  std::string out;
  std::string err;
};

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The example puzzle of Wikipedia's "Sudoku" article and its solution (same article).
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// The same with a 1 in r1c3, where the only solution has a 4: no clash, but no solution.
const std::string no_solution =
    "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
// The same without its 6 in r3c8: two solutions (examples/sudoku/multi.txt).
const std::string two_solutions =
    "53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const std::string examples = SUDOKU_EXAMPLES_DIR;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class App : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("sudoku_app_test." + std::to_string(::getpid()) + "." +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Writes a file in the test's directory and returns its name.
  std::string file(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return name;
  }

  // Runs sudoku with these arguments (already quoted for the shell) in the test's directory.
  Outcome run(const std::string& args, const std::string& stdin_text = "") {
    const fs::path in = dir_ / "stdin", out = dir_ / "stdout", err = dir_ / "stderr";
    std::ofstream(in, std::ios::binary) << stdin_text;
    const std::string command =
        "cd '" + dir_.string() + "' && '" SUDOKU_BINARY "' " + args + " <stdin >stdout 2>stderr";
    const int raw = std::system(command.c_str());
    Outcome result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = slurp(out);
    result.err = slurp(err);
    return result;
  }

  fs::path dir_;
};

std::string example(const std::string& name) {
  return "'" + examples + "/" + name + "'";
}

TEST_F(App, SolvesTheHyperExampleAndShowsTheGrid) {
  const Outcome result = run(example("hyper.txt"));
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.err, "");
  EXPECT_NE(result.out.find("hyper.txt:5: 9x9 hyper, unique solution\n"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("  +---------+---------+---------+\n"), std::string::npos);
  EXPECT_NE(result.out.find("[5]: in a hyper window\n"), std::string::npos) << result.out;
}

TEST_F(App, EveryExampleHasOneSolutionButTheMultiOne) {
  for (const char* name : {"regular.txt", "hyper.txt", "x.txt", "16x16.txt", "jigsaw.txt",
                           "anti-knight.txt", "killer.txt", "lines.txt"}) {
    const Outcome result = run("--unique --count --format line " + example(name));
    EXPECT_EQ(result.status, 0) << name << result.err;
    EXPECT_EQ(result.out, "1\n") << name;
  }
  // --count counts them all; --limit 2 answers only "unique?".
  Outcome multi = run("--count --format line " + example("multi.txt"));
  EXPECT_EQ(multi.status, 0);
  EXPECT_EQ(multi.out, "2\n8\n");
  multi = run("--count --limit 2 --format line " + example("multi.txt"));
  EXPECT_EQ(multi.out, "2+\n2+\n");
}

// A puzzle with rules (kropki, odd and even cells) through the command: counted, solved, shown
// with its rules in words, hinted, and written back in JSON with its header.
TEST_F(App, RulesAreCountedShownAndWrittenBack) {
  // Wikipedia's puzzle, with marks true of its solution (534678912 / 672195348 / ...).
  const std::string rules =
      "#kropki white r1c2-r1c3 r2c1-r2c2\n#odd r1c1 r1c2\n#even r1c3\n";
  file("rules.txt", rules + wiki + "\n");
  auto r = run("-f line rules.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, wiki_solution + "\n");
  r = run("--color never rules.txt");
  EXPECT_TRUE(contains(r.out, "9x9 kropki odd even, unique solution")) << r.out;
  EXPECT_TRUE(contains(r.out, "kropki dots: a white dot joins consecutive digits, a black dot a "
                              "digit and its double: white r1c2-r1c3 r2c1-r2c2\n"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "odd cells (circles) hold odd digits: r1c1 r1c2\n")) << r.out;
  r = run("--count -f json rules.txt");
  EXPECT_TRUE(contains(r.out, "\"variant\":\"kropki odd even\",\"header\":\"#kropki white "
                              "r1c2-r1c3 r2c1-r2c2\\n#odd r1c1 r1c2\\n#even r1c3\\n\","))
      << r.out;
  // A dot that the solution breaks: no solution, from the relations of the exact cover.
  file("broken.txt", "#kropki black r1c1-r1c2\n" + wiki + "\n");
  r = run("--count -f line broken.txt");
  EXPECT_EQ(r.out, "0\n");
  EXPECT_EQ(r.status, 1);
}

// f-puzzles through the command: a JSON file over many lines and a link are read among other
// puzzles, a constraint it cannot read is an error at its place and the batch goes on, and
// --generate, --dedupe write links that read back as the same puzzles.
TEST_F(App, ReadsAndWritesFPuzzles) {
  std::string grid = "[";
  for (int r = 0; r < 9; ++r) {
    grid += r == 0 ? "\n [" : ",\n [";
    for (int c = 0; c < 9; ++c) {
      const char d = wiki[static_cast<std::size_t>(r * 9 + c)];
      grid += c == 0 ? "" : ",";
      grid += d == '.' ? "{}" : "{\"value\":" + std::string(1, d) + ",\"given\":true}";
    }
    grid += "]";
  }
  grid += "]";
  file("puzzle.json", "{\"size\": 9,\n \"grid\": " + grid +
                          ",\n \"thermometer\": [{\"lines\": [[\"R1C2\", \"R1C3\"]]}]\n}\n" +
                          "{\"size\": 9, \"grid\": " + grid + ", \"doublearrow\": [{}]}\n" + wiki +
                          "\n");
  auto r = run("-f line puzzle.json");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, wiki_solution + "\nerror\n" + wiki_solution + "\n");
  EXPECT_TRUE(contains(r.err, "puzzle.json:23:114: f-puzzles: $.doublearrow")) << r.err;
  EXPECT_TRUE(contains(r.err, ": f-puzzles: $.doublearrow: 'doublearrow' is a constraint this "
                              "version does not read"))
      << r.err;
  r = run("--color never puzzle.json");
  EXPECT_TRUE(contains(r.out, "puzzle.json:1: 9x9 thermo, unique solution")) << r.out;
  // Links: made, read back the same, and written again the same.
  r = run("--generate 3 --seed 7 --variant x -f fpuzzles");
  EXPECT_EQ(r.status, 0) << r.err;
  file("links.txt", r.out);
  const auto lines = std::count(r.out.begin(), r.out.end(), '\n');
  EXPECT_EQ(lines, 3);
  EXPECT_EQ(r.out.rfind("https://www.f-puzzles.com/?load=", 0), 0u) << r.out;
  const auto again = run("--dedupe -f fpuzzles links.txt");
  EXPECT_EQ(again.out, r.out);
  const auto plain = run("--generate 3 --seed 7 --variant x -f line");
  EXPECT_EQ(run("--dedupe -f line links.txt").out, plain.out);
  EXPECT_EQ(run("--count --unique -f line links.txt").out, "1\n1\n1\n");
  // What f-puzzles cannot say: an error for that puzzle.
  r = run("--dedupe -f fpuzzles " + example("samurai.txt"));
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "f-puzzles has no samurai grids")) << r.err;
  r = run("--count -f fpuzzles puzzle.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "--format fpuzzles writes puzzles")) << r.err;
}

// --true-candidates: each cell's digits over every solution, as a grid, a candidate line and
// JSON; one a cell for a unique puzzle, 'none' without a solution, and the summary counts them.
TEST_F(App, TrueCandidatesShowWhatTheSolutionsHold) {
  file("thermo.txt", "#thermo r1c1-r1c2-r1c3\n" + std::string(81, '.') + "\n" + wiki + "\n" +
                         "11" + std::string(79, '.') + "\n");
  auto r = run("--true-candidates -f line thermo.txt");
  EXPECT_EQ(r.status, 2) << r.err;  // the clash
  const std::vector<std::string> lines = [&] {
    std::vector<std::string> out;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }();
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0].size(), 729u);
  EXPECT_EQ(lines[0].substr(0, 27), "1234567...2345678...3456789");  // r1c1, r1c2, r1c3
  std::string solution_line;
  for (char d : wiki_solution) {
    std::string place(9, '.');
    place[static_cast<std::size_t>(d - '1')] = d;
    solution_line += place;
  }
  EXPECT_EQ(lines[1], solution_line);
  EXPECT_EQ(lines[2], "error");
  EXPECT_TRUE(contains(r.err, "3 puzzles: 2 solved, 0 without solution, 1 with several "
                              "solutions, 1 error"))
      << r.err;
  r = run("--true-candidates --color never thermo.txt");
  EXPECT_TRUE(contains(r.out, "thermo.txt:2: 9x9 thermo, true candidates: 0 of 81 cells decided;"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "thermo.txt:3: 9x9, true candidates: 81 of 81 cells decided; 1 "
                              "search\n"))
      << r.out;
  r = run("--true-candidates -f json thermo.txt");
  EXPECT_TRUE(contains(r.out, "\"true_candidates\":\"1234567...2345678...3456789")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"complete\":true,\"searches\":1}")) << r.out;
  EXPECT_EQ(run("--true-candidates --count thermo.txt").status, 2);
}

TEST_F(App, KillerPuzzlesCountAndReportBadCages) {
  // A 4x4 killer with one solution (without its given, two: r1c3, r1c4 and r3c3, r3c4 swap),
  // and a batch that goes on after bad cages.
  const std::string killer =
      "#cages\nA A B B\nC D D B\nC E F F\nG E E H\n#sums A=3 B=9 C=5 D=5 E=6 F=7 G=4 H=1\n"
      "..3.............\n";
  const std::string bad =
      "#cages\nA A B B\nC D D B\nC E F F\nG E E H\n#sums A=3 B=9\n"
      "................\n";
  file("killer.txt", killer + bad + killer);
  const Outcome counted = run("--count -f line killer.txt");
  EXPECT_EQ(counted.status, 2) << counted.err;
  EXPECT_EQ(counted.out, "1\nerror\n1\n");
  EXPECT_TRUE(contains(counted.err, "killer.txt:10:1: cage 'C' has no sum in the #sums line 13"))
      << counted.err;
  EXPECT_TRUE(contains(counted.err, "killer.txt:14:1: puzzle not read: the cages at line 8"))
      << counted.err;
  // The solution keeps the sums; JSON has the cages.
  file("one.txt", killer);
  EXPECT_EQ(run("-f line one.txt").out, "1234341221434321\n");
  const Outcome json = run("-f json one.txt");
  EXPECT_TRUE(contains(json.out, "\"variant\":\"killer\",\"header\":\"#cages\\nA A B B"))
      << json.out;
  EXPECT_TRUE(contains(run("one.txt").out, "4x4 killer, unique solution"));
  // --variant killer is for --generate; canonical forms are refused.
  const Outcome asked = run("--variant killer one.txt");
  EXPECT_EQ(asked.status, 2);
  EXPECT_TRUE(contains(asked.err, "--variant killer goes with --generate")) << asked.err;
  const Outcome canonical = run("--canonical -f line one.txt");
  EXPECT_TRUE(contains(canonical.err, "no canonical form: killer cages")) << canonical.err;
  // Hints and ratings read the cages.
  const Outcome hint = run("--hint one.txt");
  EXPECT_TRUE(contains(hint.out + hint.err, "cage")) << hint.out << hint.err;
  EXPECT_EQ(run("--rate -f line one.txt").status, 0);
}

TEST_F(App, LineFormatPrintsOneLinePerPuzzle) {
  file("batch.txt", wiki + "\n" + no_solution + "\n" + two_solutions + "\n");
  const Outcome result = run("--format line batch.txt");
  EXPECT_EQ(result.status, 1);  // one puzzle has no solution
  ASSERT_EQ(result.out.size(), 82u + 5u + 82u) << result.out;
  EXPECT_TRUE(result.out.starts_with(wiki_solution + "\nnone\n")) << result.out;
  EXPECT_NE(result.err.find("sudoku: 3 puzzles: 2 solved, 1 without solution, 1 with several "
                            "solutions, 0 errors;"),
            std::string::npos)
      << result.err;
  EXPECT_EQ(run("-f line " + example("regular.txt")).out, wiki_solution + "\n");
}

TEST_F(App, CountsUpToTheLimit) {
  file("batch.txt", wiki + "\n" + no_solution + "\n" + two_solutions + "\n");
  Outcome result = run("--count --limit 2 --format line batch.txt");
  EXPECT_EQ(result.out, "1\n0\n2+\n");
  EXPECT_EQ(result.status, 1);
  // Every solution is counted by default.
  EXPECT_EQ(run("--count --format line batch.txt").out, "1\n0\n2\n");
  result = run("--count --limit 0 --format line batch.txt");
  EXPECT_EQ(result.out, "1\n0\n2\n");
  result = run("--count --limit 2 " + example("multi.txt"));
  EXPECT_NE(result.out.find("multi.txt:3: 9x9, at least 2 solutions\n"), std::string::npos)
      << result.out;
  result = run("--count --limit 0 " + example("multi.txt"));
  EXPECT_NE(result.out.find("multi.txt:4: 9x9, 8 solutions\n"), std::string::npos) << result.out;
}

TEST_F(App, ListsEverySolution) {
  file("two.txt", two_solutions + "\n");
  Outcome result = run("--all --format line two.txt");
  EXPECT_EQ(result.status, 0);
  // A header line names the puzzle, then one line per solution.
  const std::string header = "# two.txt:1\n";
  ASSERT_EQ(result.out.size(), header.size() + 2u * 82u) << result.out;
  ASSERT_TRUE(result.out.starts_with(header)) << result.out;
  EXPECT_NE(result.out.substr(header.size(), 81), result.out.substr(header.size() + 82, 81));
  result = run("--all two.txt");
  EXPECT_NE(result.out.find("two.txt:1: solution 1\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("two.txt:1: solution 2\n"), std::string::npos) << result.out;
  EXPECT_TRUE(result.out.ends_with("two.txt:1: 9x9, 2 solutions\n")) << result.out;
  result = run("--all --limit 1 --format json two.txt");
  EXPECT_EQ(result.out.find("\"number\":2"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("{\"file\":\"two.txt\",\"line\":1,\"number\":1,\"solution\":\""),
            std::string::npos)
      << result.out;
}

TEST_F(App, UniqueSaysWhetherEveryPuzzleHasExactlyOneSolution) {
  file("one.txt", wiki + "\n");
  file("two.txt", two_solutions + "\n");
  file("none.txt", no_solution + "\n");
  EXPECT_EQ(run("--unique one.txt").status, 0);
  EXPECT_EQ(run("--unique two.txt").status, 1);
  EXPECT_EQ(run("--unique none.txt").status, 1);
  EXPECT_EQ(run("--unique one.txt two.txt").status, 1);
  EXPECT_EQ(run("two.txt").status, 0);  // without --unique, a solution is enough
  EXPECT_NE(run("two.txt").out.find("at least 2 solutions; the first:"), std::string::npos);
}

TEST_F(App, JsonLines) {
  file("batch.txt", "#variant regular\n" + wiki + "\n" + no_solution + "\n");
  const Outcome result = run("--format json batch.txt");
  EXPECT_TRUE(result.out.starts_with(
      "{\"file\":\"batch.txt\",\"line\":2,\"size\":9,\"variant\":\"regular\",\"puzzle\":\"" + wiki +
      "\",\"solutions\":1,\"complete\":true,\"unique\":true,"))
      << result.out;
  EXPECT_NE(result.out.find(",\"solution\":\"" + wiki_solution + "\"}\n{"), std::string::npos);
  EXPECT_TRUE(result.out.ends_with(
      "\n{\"file\":\"batch.txt\",\"line\":3,\"size\":9,\"variant\":\"regular\",\"puzzle\":\"" +
      no_solution + "\",\"solutions\":0,\"complete\":true,\"unique\":false,\"solution\":null}\n"))
      << result.out;
  const Outcome stats = run("--format json --stats --count batch.txt");
  EXPECT_NE(stats.out.find("\"complete\":true,\"unique\":true,\"solution\":\"" + wiki_solution +
                           "\",\"nodes\":"),
            std::string::npos)
      << stats.out;
}

TEST_F(App, ReportsBadPuzzlesWithFileLineAndColumn) {
  std::string bad = wiki;
  bad[4] = 'z';
  file("bad.txt", "# one bad puzzle\n" + bad + "\n");
  Outcome result = run("bad.txt");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err,
            "bad.txt:2:5: bad character 'z': a 9x9 grid holds 1-9, and '.' or '0' "
            "for an empty cell\n");
  // In the line format a marker keeps one line per puzzle; it cannot pass for a result.
  result = run("--format line bad.txt");
  EXPECT_EQ(result.out, "error\n");
  result = run("--count --format line bad.txt");
  EXPECT_EQ(result.out, "error\n");
  result = run("--format json bad.txt");
  EXPECT_EQ(result.out,
            "{\"file\":\"bad.txt\",\"line\":2,\"column\":5,\"error\":\"bad character 'z': a 9x9 "
            "grid holds 1-9, and '.' or '0' for an empty cell\"}\n");

  file("short.txt", wiki.substr(0, 80) + "\n");
  result = run("short.txt");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.err, "short.txt:1:81: this line has 80 cells; a one-line 9x9 puzzle has 81\n");

  file("truncated.txt", "53..7....\n6..195...\n.98....6.\n");
  result = run("truncated.txt");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(result.err.starts_with("truncated.txt:1:1: incomplete 9x9 grid")) << result.err;

  file("crlf.txt",
       "53..7....\r\n6..195...\r\n.98....6.\r\n8...6...3\r\n4..8.3..1\r\n"
       "7...2...6\r\n.6....28.\r\n...419..5\r\n....8..79\r\n");
  result = run("-f line crlf.txt");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out, wiki_solution + "\n");
}

TEST_F(App, NamesBothCellsAndTheHouseOfAClash) {
  file("row.txt", "55" + wiki.substr(2) + "\n");
  Outcome result = run("row.txt");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "row.txt:1:2: givens clash: r1c1 and r1c2 both hold 5 in row 1\n");

  // r2c2 and r4c4: different rows, columns and boxes, but both in hyper window 1.
  std::string window(81, '.');
  window[10] = '1';
  window[30] = '1';
  file("window.txt", "#variant hyper\n" + window + "\n");
  result = run("window.txt");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.err, "window.txt:2:31: givens clash: r2c2 and r4c4 both hold 1 in window 1\n");

  // A clash on a grid of rows points at the line and column of the later cell.
  file("diagonal.txt",
       "1........\n.........\n.........\n.........\n.........\n.........\n"
       ".........\n.........\n........1\n");
  result = run("-x diagonal.txt");
  EXPECT_EQ(result.status, 2);
  EXPECT_TRUE(
      result.err.starts_with("diagonal.txt:9:9: givens clash: r1c1 and r9c9 both hold 1 "
                             "in "))
      << result.err;
}

TEST_F(App, ABatchGoesOnAfterBadPuzzles) {
  std::string bad = wiki;
  bad[40] = '?';
  file("batch.txt", wiki + "\n" + bad + "\n" + "55" + wiki.substr(2) + "\n" + wiki + "\n");
  const Outcome result = run("--format line batch.txt");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, wiki_solution + "\nerror\nerror\n" + wiki_solution + "\n");
  EXPECT_TRUE(result.err.starts_with("batch.txt:2:41: bad character '?'")) << result.err;
  EXPECT_NE(result.err.find("\nbatch.txt:3:2: givens clash: "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("sudoku: 4 puzzles: 2 solved, 0 without solution, 0 with several "
                            "solutions, 2 errors; "),
            std::string::npos)
      << result.err;
}

TEST_F(App, ReportsAMissingFileAndGoesOn) {
  file("one.txt", wiki + "\n");
  const Outcome result = run("-f line missing.txt one.txt");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, wiki_solution + "\n");
  EXPECT_TRUE(result.err.starts_with("sudoku: missing.txt: No such file or directory\n"))
      << result.err;
}

TEST_F(App, ReportsEmptyInput) {
  Outcome result = run("", "");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "sudoku: <stdin>: no puzzle in the input\n");
  file("comments.txt", "# nothing here\n\n");
  result = run("comments.txt");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.err, "sudoku: comments.txt: no puzzle in the input\n");
}

TEST_F(App, ReadsStandardInput) {
  EXPECT_EQ(run("-f line", wiki + "\n").out, wiki_solution + "\n");
  EXPECT_EQ(run("-f line -", wiki).out, wiki_solution + "\n");
  EXPECT_TRUE(run("", "55" + wiki.substr(2)).err.starts_with("<stdin>:1:2: givens clash"));
}

TEST_F(App, VariantsFromOptionsAndHeaders) {
  // examples/sudoku/x.txt without its header, given the variant on the command line.
  const std::string x =
      ".....81.....76......23....5..3.7.....7.2.....856...........1.484.................";
  file("x.txt", x + "\n");
  const std::string with_header = run("-f line " + example("x.txt")).out;
  EXPECT_EQ(run("-f line --variant x x.txt").out, with_header);
  // examples/sudoku/anti-knight.txt without its header: two solutions as a regular puzzle, one
  // with the chess constraint asked for (alone or with a variant's word, comma-joined).
  const std::string knight =
      ".....91......4...2.7..1............5.........9............3..4.4...9......36.....";
  file("knight.txt", knight + "\n");
  EXPECT_EQ(run("--count --limit 2 -f line knight.txt").out, "2+\n");
  EXPECT_EQ(run("-f line --variant anti-knight knight.txt").out,
            run("-f line " + example("anti-knight.txt")).out);
  EXPECT_EQ(run("--count -f line --variant regular,anti-knight knight.txt").out, "1\n");
  EXPECT_EQ(run("--count -f line --variant x,anti-knight knight.txt").out, "0\n");
  EXPECT_EQ(run("-f line -x x.txt").out, with_header);
  EXPECT_EQ(run("-c --limit 2 -f line x.txt").out, "2+\n");  // as a regular sudoku, far from unique
  // The hyper example's grid, with --hyper instead of its header.
  std::string hyper = slurp(examples + "/hyper.txt");
  hyper.erase(hyper.find("#variant hyper\n"), 15);
  file("hyper.txt", hyper);
  EXPECT_EQ(run("-f line --hyper hyper.txt").out, run("-f line " + example("hyper.txt")).out);
  // A jigsaw with its map in a file.
  file("map.txt",
       "112222333\n111112333\n142222633\n144555636\n444585666\n444585969\n777785969\n777885969\n"
       "778888999\n");
  file("jigsaw.txt",
       "71..8.9.....3...47.6............3.5..5..91.7...4......5..21.7...............2....\n");
  EXPECT_EQ(run("-f line --regions map.txt jigsaw.txt").out,
            run("-f line " + example("jigsaw.txt")).out);
  file("badmap.txt", "112222333\n11111233\n");
  const Outcome bad = run("--regions badmap.txt jigsaw.txt");
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(bad.err.starts_with("sudoku: badmap.txt:2:9: ")) << bad.err;
}

TEST_F(App, ThreadsGiveTheSameOutput) {
  // A batch of relabelled copies of the Wikipedia puzzle (the digits permuted), with puzzles
  // without solution, with two, and bad ones among them.
  std::string batch;
  unsigned state = 12345;
  for (int i = 0; i < 3000; ++i) {
    std::string digits = "123456789";
    for (int k = 8; k > 0; --k) {
      state = state * 1103515245u + 12345u;
      std::swap(digits[static_cast<std::size_t>(k)], digits[(state >> 16) % (k + 1)]);
    }
    const std::string& source = i % 7 == 3 ? no_solution : i % 11 == 5 ? two_solutions : wiki;
    std::string puzzle = source;
    for (char& c : puzzle)
      if (c != '.') c = digits[static_cast<std::size_t>(c - '1')];
    if (i % 97 == 13) puzzle[20] = 'q';
    batch += puzzle + "\n";
  }
  file("batch.txt", batch);
  for (const char* args : {"--format line", "--count --limit 2 --format line", "--format json",
                           "--count", "--unique --format line"}) {
    const Outcome one = run(std::string(args) + " --threads 1 batch.txt");
    const Outcome two = run(std::string(args) + " --threads 2 batch.txt");
    const Outcome four = run(std::string(args) + " -j 4 batch.txt");
    EXPECT_EQ(one.status, 2) << args;
    EXPECT_EQ(two.status, one.status) << args;
    EXPECT_EQ(two.out, one.out) << args;
    EXPECT_EQ(four.out, one.out) << args;
    // The messages too, up to the summary's timing.
    const auto messages = [](const std::string& err) { return err.substr(0, err.rfind(';')); };
    EXPECT_EQ(messages(two.err), messages(one.err)) << args;
    if (std::string(args) != "--count") {  // pretty output prints nothing for a bad puzzle
      EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 3000) << args;
    }
  }
}

TEST_F(App, PrintsStatisticsOnStandardError) {
  file("one.txt", wiki + "\n");
  const Outcome result = run("--stats -f line one.txt");
  EXPECT_EQ(result.out, wiki_solution + "\n");
  EXPECT_TRUE(result.err.starts_with("one.txt:1: ")) << result.err;
  EXPECT_NE(result.err.find(" nodes, "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("sudoku: 1 puzzle: 1 solved"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("per puzzle"), std::string::npos) << result.err;
  // One puzzle without --stats: no summary.
  EXPECT_EQ(run("-f line one.txt").err, "");
}

// One path: -v 3 lists the steps the rating takes, as many and the same techniques, and the
// interactive solve takes as many (puzzles3_magictour_top1465's first puzzle).
TEST_F(App, TheExplanationTakesTheRatingsSteps) {
  file("hard.txt",
       "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n");
  const Outcome rated = run("--rate -v 2 hard.txt");
  const std::size_t at = rated.out.find("; ");
  ASSERT_NE(at, std::string::npos) << rated.out;
  const int steps = std::stoi(rated.out.substr(at + 2));
  const Outcome explained = run("-v 3 hard.txt");
  int listed = 0;
  for (std::size_t line = explained.err.find("\n  "); line != std::string::npos;
       line = explained.err.find("\n  ", line + 1))
    listed += std::isdigit(static_cast<unsigned char>(explained.err[line + 3])) ? 1 : 0;
  EXPECT_EQ(listed, steps) << explained.err;
  // The lists alone: the explanation says after its list that the ladder solves it alone.
  const auto techniques = [](const std::string& err) {
    const std::size_t from = err.find("techniques: ");
    return err.substr(from, std::min(err.find('\n', from), err.find("; ", from)) - from);
  };
  EXPECT_EQ(techniques(explained.err), techniques(rated.err));
  const Outcome solved = run("-i hard.txt", "solve\n");
  EXPECT_NE(solved.out.find(std::to_string(steps) + " steps"), std::string::npos) << solved.out;
}

TEST_F(App, UniquenessTechniquesTakePartOnlyWhenTheSolutionIsProvedOrDeclaredUnique) {
  // puzzles3_magictour_top1465: its rating takes a Unique Rectangle once the count proved one
  // solution; without the given r1c9 it has several, and only --assume-unique lets one reason.
  const std::string unique =
      "6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..";
  const std::string several =
      "6.9.........7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..";
  file("unique.txt", unique + "\n");
  file("several.txt", several + "\n");
  const std::string rectangle = "Unique Rectangle type 1 1";
  EXPECT_NE(run("--rate -v 2 unique.txt").err.find(rectangle), std::string::npos);
  EXPECT_NE(run("--rate -v 2 --assume-unique unique.txt").err.find(rectangle), std::string::npos);
  EXPECT_EQ(run("--rate -v 2 --no-assume-unique unique.txt").err.find(rectangle),
            std::string::npos);
  EXPECT_EQ(run("--rate -v 2 several.txt").err.find(rectangle), std::string::npos);
  const Outcome declared = run("--rate -v 2 --assume-unique several.txt");
  EXPECT_NE(declared.err.find(rectangle), std::string::npos) << declared.err;
  // Solving explains with the full ladder as well: the search counted the solutions first.
  EXPECT_NE(run("-v 2 unique.txt").err.find(rectangle), std::string::npos);
  EXPECT_EQ(run("-v 2 --no-assume-unique unique.txt").err.find(rectangle), std::string::npos);
  // The interactive session: `solve` goes as far as the uniqueness allows (a Unique Rectangle
  // and the steps it opens).
  const auto steps_of = [](const std::string& out) {
    const std::size_t at = out.find(" steps (the hardest: ");
    return at == std::string::npos ? 0 : std::stoi(out.substr(out.rfind('\n', at) + 1));
  };
  const int plain = steps_of(run("-i several.txt", "solve\n").out);
  EXPECT_GT(plain, 0);
  EXPECT_GT(steps_of(run("--assume-unique -i several.txt", "solve\n").out), plain);
}

TEST_F(App, RejectsBadUsage) {
  for (const char* args : {"--limit -1",
                           "--unique --limit 1",
                           "--max-nodes 0",
                           "--check-solution --rate",
                           "--threads x",
                           "--format xml",
                           "--variant hexagonal",
                           "--count --all",
                           "--size 0",
                           "--frobnicate",
                           "--hyper --variant x",
                           "--regions missing.txt",
                           "--color sometimes",
                           "--logic some",
                           "-v 5",
                           "-v 0",
                           "--hint --rate",
                           "--rate --count",
                           "--hint -v 2",
                           "-i p.txt q.txt",
                           "-i p.txt --all",
                           "--assume-unique --no-assume-unique"}) {
    const Outcome result = run(args, wiki);
    EXPECT_EQ(result.status, 2) << args;
    EXPECT_EQ(result.out, "") << args;
    EXPECT_TRUE(result.err.starts_with("sudoku: ")) << args << ": " << result.err;
  }
}

TEST_F(App, DocumentsItself) {
  const Outcome help = run("--help");
  EXPECT_EQ(help.status, 0);
  for (const char* text :
       {"Usage: sudoku", "--variant", "--count", "--limit", "--all", "--unique", "--format",
        "--stats", "--threads", "--logic", "--verbose", "--hint", "--rate", "--interactive",
        "--assume-unique", "--no-assume-unique", "Exit status:", "Examples:"})
    EXPECT_NE(help.out.find(text), std::string::npos) << text;
  const Outcome version = run("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_TRUE(version.out.starts_with("sudoku ")) << version.out;
}

// A 4x4 puzzle with one solution, 1234 / 3412 / 2341 / 4123 (checked with --count).
const std::string small = ".2.43......14...";
// Its candidates, as the candidate grid draws them.
const std::string small_grid =
    "    1   2    3   4\n"
    "  +--------+--------+\n"
    "1 | 1.  2  | 1.  4  |\n"
    "  | ..     | 3.     |\n"
    "  |        |        |\n"
    "2 | 3   1. | 12  .2 |\n"
    "  |     .4 | ..  .. |\n"
    "  +--------+--------+\n"
    "3 | .2  .. | .2  1  |\n"
    "  | ..  3. | 34     |\n"
    "  |        |        |\n"
    "4 | 4   1. | .2  .2 |\n"
    "  |     3. | 3.  3. |\n"
    "  +--------+--------+\n";
// The first of magictour's top 1465, a classic list of hard puzzles: the techniques stall on it.
const std::string hard =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

TEST_F(App, HintGivesTheNextStepOnly) {
  file("small.txt", small + "\n");
  Outcome result = run("--hint small.txt");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  // Sudoku Explainer's order: a hidden single in a box before any naked single.
  std::string marked = small_grid;
  marked.replace(marked.find("2 | 3   1. "), 11, "2 | 3  *1.*");
  EXPECT_EQ(result.out, "small.txt:1: r2c2=4: hidden single in box 1\n" + marked);
  // Nothing of the solution is revealed but the step.
  EXPECT_EQ(result.out.find("1234"), std::string::npos);

  file("batch.txt",
       small + "\n" + wiki + "\n" + wiki_solution + "\n" + "55" + wiki.substr(2) + "\n");
  result = run("--hint -f line batch.txt");
  EXPECT_EQ(result.status, 2);  // the clash
  EXPECT_EQ(result.out,
            "r2c2=4: hidden single in box 1\nr1c6=8: hidden single in box 2\nnone\nerror\n");
  EXPECT_NE(result.err.find("batch.txt:4:2: givens clash: r1c1 and r1c2 both hold 5 in row 1\n"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("sudoku: 4 puzzles: 2 hints, 1 error; "), std::string::npos)
      << result.err;
  result = run("--hint -f json small.txt");
  EXPECT_EQ(result.out,
            "{\"file\":\"small.txt\",\"line\":1,\"hint\":\"r2c2=4: hidden single in box 1\","
            "\"technique\":\"hidden single\",\"cells\":[\"r2c2\"]}\n");
  file("full.txt", wiki_solution + "\n");
  EXPECT_EQ(run("--hint full.txt").out, "full.txt:1: the grid is full; nothing left to do\n");

  // A puzzle with several solutions: the step logic can take, and that no logic finishes it.
  const std::string several_line =
      "  the puzzle has several solutions (at least 2): no logic can finish it; add givens, or "
      "list them with --all\n";
  result = run("--hint " + example("multi.txt"));
  EXPECT_NE(result.out.find(":3: r1c6=8: hidden single in box 2\n" + several_line),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.err.find(" 2 hints, 2 with several solutions, "), std::string::npos)
      << result.err;
  file("empty.txt", std::string(81, '.') + "\n");
  result = run("--hint empty.txt");
  EXPECT_TRUE(result.out.starts_with("empty.txt:1: no technique applies\n" + several_line))
      << result.out;
  EXPECT_EQ(run("--hint -f line empty.txt").out, "none (several solutions)\n");
  EXPECT_EQ(run("--hint -f json empty.txt").out,
            "{\"file\":\"empty.txt\",\"line\":1,\"hint\":null,\"solutions\":2}\n");
}

TEST_F(App, EachExplainingCommandSaysFirstThatAPuzzleHasNoSolution) {
  // no_solution: no clash, and its first steps are ordinary ones, yet the search finds none.
  file("none.txt", no_solution + "\n");
  Outcome result = run("--hint none.txt");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.out, "none.txt:1: no solution: the exact-cover search finds none\n");
  EXPECT_EQ(run("--hint --hint-level 1 -f line none.txt").out, "no solution\n");
  EXPECT_EQ(run("--hint -f json none.txt").out,
            "{\"file\":\"none.txt\",\"line\":1,\"hint\":null,\"solutions\":0}\n");
  file("batch.txt", wiki + "\n" + no_solution + "\n");
  result = run("--hint -f line batch.txt");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.out, "r1c6=8: hidden single in box 2\nno solution\n");
  EXPECT_NE(result.err.find("sudoku: 2 puzzles: 1 hint, 1 without solution, 0 errors; "),
            std::string::npos)
      << result.err;
  // The other explaining commands say it too.
  result = run("-v 2 none.txt");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.out, "none.txt:1: 9x9, no solution\n");
  EXPECT_TRUE(result.err.starts_with("none.txt:1: no solution")) << result.err;
  result = run("--rate -v 2 none.txt");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.out, "none.txt:1: 9x9, no solution\n");
  EXPECT_TRUE(result.err.starts_with("none.txt:1: no solution")) << result.err;
  // As the session's first hint does.
  EXPECT_NE(run("-i none.txt", "hint\n").out.find("the puzzle has no solution"), std::string::npos);
}

TEST_F(App, RateGivesTheDifficultyOfEachPuzzle) {
  // Several solutions (top1465's first without its given r7c6): the full ladder stops, and the
  // search finishes it.
  const std::string several =
      "4...3.......6..8..........1....5..9..8....6...7.2........1..7..5.3....4.9........";
  file("batch.txt", wiki + "\n" + hard + "\n" + no_solution + "\n" + several + "\n");
  Outcome result = run("--rate -f line batch.txt");
  EXPECT_EQ(result.status, 1);  // one puzzle has no solution
  // ER/EP/ED and HoDoKu's level: singles (hidden singles in boxes, 1.2), forcing nets (8 to 9).
  EXPECT_TRUE(result.out.starts_with("1.2/1.2/1.2 easy\n")) << result.out;
  EXPECT_TRUE(result.out.substr(17, 2) == "8." || result.out.substr(17, 2) == "9.") << result.out;
  EXPECT_NE(result.out.find("/1.2/1.2 extreme\nnone\n20.0/1.2/1.2 extreme\n"), std::string::npos)
      << result.out;
  EXPECT_TRUE(result.out.ends_with(" extreme\n")) << result.out;
  EXPECT_EQ(std::count(result.out.begin(), result.out.end(), '\n'), 4);
  // The same on two threads.
  EXPECT_EQ(run("--rate -f line -j 2 batch.txt").out, result.out);

  result = run("--rate batch.txt");
  EXPECT_TRUE(
      result.out.starts_with("batch.txt:1: 9x9, 1.2/1.2/1.2 easy (hardest: hidden single; 51 "
                             "steps)\nbatch.txt:2: 9x9, "))
      << result.out;
  EXPECT_NE(result.out.find(" extreme (hardest: "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\nbatch.txt:3: 9x9, no solution\nbatch.txt:4: 9x9, 20.0/1.2/1.2 "),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find(" extreme: logic leaves "), std::string::npos) << result.out;
  EXPECT_TRUE(result.out.ends_with(" search nodes; at least 2 solutions\n")) << result.out;

  result = run("--rate -f json batch.txt");
  EXPECT_TRUE(result.out.starts_with("{\"file\":\"batch.txt\",\"line\":1,\"size\":9,"
                                     "\"variant\":\"regular\",\"puzzle\":\"" + wiki +
                                     "\",\"er\":1.2,\"ep\":1.2,\"ed\":1.2,"
                                     "\"qqwing\":\"easy\",\"rating\":\"easy\","
                                     "\"hardest\":\"hidden single\",\"steps\":51}\n"))
      << result.out;
  EXPECT_NE(result.out.find("\"rating\":\"extreme\""), std::string::npos);
  EXPECT_NE(result.out.find("\"solutions\":2}\n"), std::string::npos);
  EXPECT_NE(result.out.find("\"rating\":null"), std::string::npos);
}

TEST_F(App, VerboseExplainsOnStandardError) {
  file("one.txt", wiki + "\n");
  Outcome result = run("-v 1 -f line one.txt");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.out, wiki_solution + "\n");  // the results stay as they are
  EXPECT_EQ(result.err, "one.txt:1: solved by logic alone\n");

  result = run("-v 2 -f line one.txt");
  EXPECT_TRUE(result.err.starts_with("one.txt:1: solved by logic alone\n  techniques: "))
      << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 2);

  // Level 3: one line per step, one step per empty cell here.
  result = run("-v 3 -f line one.txt");
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 2 + 51) << result.err;
  EXPECT_NE(result.err.find("\n  1. r1c6=8: hidden single in box 2\n"), std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("\n  51. "), std::string::npos) << result.err;

  // Level 4: the candidate grid after each step, the step's cells marked.
  file("small.txt", small + "\n");
  result = run("-v 4 -f line small.txt");
  EXPECT_EQ(result.out, "1234341223414123\n");
  EXPECT_NE(result.err.find("  1. r2c2=4: hidden single in box 1\n    1   2    3   4\n"
                            "  +--------+--------+\n"
                            "1 | 1.  2  | 1.  4  |\n"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("\n2 | 3  *4 *| 12  .2 |\n"), std::string::npos) << result.err;

  // A direct technique names its house once and then where the single it leaves is; the counts
  // of -v 2 name each technique once (hidden singles in boxes and in lines are one technique).
  // top1465's first puzzle
  file("top.txt",
       "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n");
  result = run("-v 3 -f line top.txt");
  EXPECT_NE(result.err.find("\n  23. r7c5=4: direct hidden triple {5,7,9} in box 8 rules out 4 in "
                            "r8c5, leaving a hidden single in box 8\n"),
            std::string::npos)
      << result.err;
  EXPECT_EQ(result.err.find("(with "), std::string::npos) << result.err;
  result = run("-v 2 -f line " + example("x.txt"));  // hidden singles of both kinds
  const std::size_t counts = result.err.find("  techniques: ");
  ASSERT_NE(counts, std::string::npos) << result.err;
  std::string line = result.err.substr(counts, result.err.find('\n', counts) - counts);
  EXPECT_EQ(line.find("hidden single"), line.rfind("hidden single")) << line;

  // With the search: its nodes.
  file("hard.txt", hard + "\n");
  result = run("-v 1 -f line hard.txt");
  EXPECT_TRUE(result.err.starts_with("hard.txt:1: ")) << result.err;
  EXPECT_TRUE(result.err.ends_with(" search nodes (--logic fast)\n")) << result.err;
  result = run("-v 2 --logic none -f line one.txt");
  EXPECT_TRUE(result.err.ends_with(
      " search nodes (--logic none)\n  no logic before the search (--logic none)\n"))
      << result.err;
}

// What -v says about examples/sudoku/hyper.txt (issue 61): the first line is the search after the
// fast logic, the techniques line says the full ladder solves it alone; the techniques come
// easiest first; no step claims to remove what the step before it removed (the direct
// techniques rule candidates out without removing them); a claiming step names its window.
TEST_F(App, VerboseIsConsistentOnTheHyperExample) {
  const Outcome result = run("-v 3 -f line " + example("hyper.txt"));
  EXPECT_EQ(result.status, 0) << result.err;
  std::istringstream lines(result.err);
  std::string first, techniques, line;
  std::getline(lines, first);
  std::getline(lines, techniques);
  EXPECT_TRUE(first.ends_with(" search nodes (--logic fast)")) << first;
  EXPECT_TRUE(
      techniques.ends_with("; every technique solves it by logic alone (the search above "
                           "ran after --logic fast)"))
      << techniques;
  EXPECT_LT(techniques.find("hidden single"), techniques.find("naked pair")) << techniques;
  EXPECT_LT(techniques.find("naked pair"), techniques.find("grouped AIC")) << techniques;
  EXPECT_LT(techniques.find("grouped AIC"), techniques.find("nishio forcing chain")) << techniques;
  // Each candidate a step says it removes ("removes 3 from r6c8; 8 from r6c8, r6c9"), once.
  std::set<std::string> removed;
  while (std::getline(lines, line)) {
    const std::size_t removes = line.find(" removes ");
    if (removes == std::string::npos) continue;
    std::string what = line.substr(removes + 9);
    what = what.substr(0, std::min(what.find(", leaving"), what.find(" (")));
    for (std::size_t from = 0; from <= what.size();) {
      const std::size_t end = std::min(what.find("; ", from), what.size());
      const std::string part = what.substr(from, end - from);
      const std::size_t split = part.find(" from ");
      ASSERT_NE(split, std::string::npos) << line;
      std::istringstream cells(part.substr(split + 6));
      for (std::string cell; std::getline(cells >> std::ws, cell, ',');)
        EXPECT_TRUE(removed.insert(cell + "<>" + part.substr(0, split)).second)
            << "removed twice: " << part.substr(0, split) << " from " << cell << "\n"
            << line;
      from = end + 2;
    }
  }
  EXPECT_NE(result.err.find(": direct claiming: 1 in row 6 is confined to window 4, rules out 1 in "
                            "r7c6, r7c7, r7c8, leaving a hidden single in row 7\n"),
            std::string::npos)
      << result.err;
}

// --help describes the output as it is: no "hodoku" key in --rate's JSON (it has "rating"), and
// canonical forms write an empty cell as '.', not 0.
TEST_F(App, HelpSaysWhatTheOutputHas) {
  const std::string help = run("--help").out;
  EXPECT_EQ(help.find("\"hodoku\""), std::string::npos);
  EXPECT_EQ(run("--rate -f json " + example("regular.txt")).out.find("\"hodoku\""),
            std::string::npos);
  EXPECT_EQ(help.find("empty\n  cells as 0"), std::string::npos);
  EXPECT_NE(help.find("empty cell, written '.'"), std::string::npos);
}

// A killer hint says what the cells keep when that is shorter than what they lose.
TEST_F(App, KillerHintIsCompact) {
  EXPECT_EQ(run("--hint -f line " + example("killer.txt")).out,
            "cage combinations: cage A (16) takes its digits from {7,9}: r1c1, r1c2 keep only 7 "
            "and 9\n");
}

TEST_F(App, LogicLevelsGiveTheSameSolutions) {
  file("batch.txt", wiki + "\n" + hard + "\n" + two_solutions + "\n" + no_solution + "\n");
  const Outcome base = run("-c --limit 0 -f line batch.txt");
  EXPECT_EQ(base.out, "1\n1\n2\n0\n");
  for (const char* level : {"none", "singles", "fast", "all"}) {
    EXPECT_EQ(run(std::string("-c --limit 0 -f line --logic ") + level + " batch.txt").out,
              base.out)
        << level;
    EXPECT_EQ(run(std::string("-f line --logic ") + level + " batch.txt").out,
              run("-f line batch.txt").out)
        << level;
  }
  // Without logic every puzzle needs the search; with all of it Wikipedia's needs none.
  file("one.txt", wiki + "\n");
  EXPECT_NE(run("-v 1 --logic none one.txt").err, "one.txt:1: solved by logic alone\n");
  EXPECT_EQ(run("-v 1 --logic all one.txt").err, "one.txt:1: solved by logic alone\n");
}

TEST_F(App, InteractiveSessionFromStandardInput) {
  file("small.txt", "# a small one\n" + small + "\n");
  const Outcome result = run("--interactive small.txt",
                             "hint\nshow\nautoshow on\nset r1c1 1\nset r1c1 2\nfoo\nautoshow "
                             "off\nundo\ncount\nquit\nhint\n");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  // The first hint names the technique and where to look; `show` marks its house.
  std::string marked = small_grid;
  marked.replace(marked.find("1 | 1.  2  |"), 12, "1 |*1.**2 *|");
  marked.replace(marked.find("2 | 3   1. |"), 12, "2 |*3 **1.*|");
  std::string placed = small_grid;
  placed.replace(placed.find("1 | 1.  2  | 1."), 15, "1 | 1   2  | ..");
  placed.replace(placed.find("  | ..     | 3."), 15, "  |        | 3.");
  placed.replace(placed.find("2 | 3   1."), 10, "2 | 3   ..");
  const std::string start = "11 cells to fill, 19 candidates left\n";
  // A change draws the grid with autoshow on, and says what it did in a line with it off.
  EXPECT_EQ(result.out, small_grid + start +
                            "Type 'help' for the commands.\n"
                            "> hint\n"
                            "hidden single in box 1\n"
                            "> show\n" +
                            marked + start +
                            "> autoshow on\n"
                            "the grid is shown after every change\n"
                            "> set r1c1 1\n"
                            "r1c1=1\n" +
                            placed +
                            "10 cells to fill, 16 candidates left\n"
                            "> set r1c1 2\n"
                            "r1c1 holds 1 already; clear it first\n"
                            "> foo\n"
                            "unknown command 'foo'; 'help' lists the commands\n"
                            "> autoshow off\n"
                            "the grid is shown by 'show' (a change says what it did)\n"
                            "> undo\n"
                            "undone: " +
                            start +
                            "> count\n"
                            "1 solution left\n"
                            "> quit\n");
}

TEST_F(App, InteractiveReadsThePuzzleFromStandardInputToo) {
  // The lines up to the end of the puzzle hold it; the commands follow.
  Outcome result = run("-i -", "12.4\n3...\n...1\n4...\nsolve\nsave out.txt\n");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("solved: every cell holds a digit\n> save out.txt\nsaved to out.txt\n"),
            std::string::npos)
      << result.out;
  // The position: the givens, then the digits placed.
  EXPECT_EQ(slurp(dir_ / "out.txt"), "12.43......14...\n#placed ..3..412234..123\n");
  // The end of the input ends the session.
  result = run("-i -", small + "\n");
  EXPECT_EQ(result.status, 0);
  EXPECT_TRUE(result.out.ends_with("Type 'help' for the commands.\n")) << result.out;

  result = run("-i missing.txt", "quit\n");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.err, "sudoku: missing.txt: No such file or directory\n");
  file("bad.txt", "12z4\n");
  result = run("-i bad.txt", "quit\n");
  EXPECT_EQ(result.status, 2);
  EXPECT_TRUE(result.err.starts_with("bad.txt:1:3: ")) << result.err;
  EXPECT_EQ(result.out, "");
}

}  // namespace

namespace {

// On a terminal with nothing piped in, the command says where it reads from; off a terminal it
// says nothing. `script` (util-linux) gives the command a terminal.
TEST_F(App, SaysItReadsStandardInputOnATerminal) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  file("typed", wiki + "\n");
  // The puzzle is typed once the command has said it reads, then Ctrl-D.
  const std::string command =
      "cd '" + dir_.string() +
      "' && rm -f stdout && (n=0; until grep -q 'Ctrl-D to end' stdout 2>/dev/null; do "
      "[ $n -lt 3000 ] || exit 1; n=$((n + 1)); sleep 0.02; done; cat typed; printf '\\004') | "
      "timeout 60 script -qec \"'" SUDOKU_BINARY "' -f line\" /dev/null >stdout 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string out = slurp(dir_ / "stdout");
  EXPECT_TRUE(out.starts_with("sudoku: reading puzzles from standard input (Ctrl-D to end)\r\n"))
      << out;
  EXPECT_NE(out.find(wiki_solution), std::string::npos) << out;
  EXPECT_EQ(run("-f line", wiki + "\n").err, "");
}

// Every format says by default whether the solution is unique, with the same count of nodes.
TEST_F(App, EveryFormatTellsUniquenessAndTheSameNodes) {
  file("batch.txt", wiki + "\n" + two_solutions + "\n" + no_solution + "\n");
  const Outcome json = run("-f json --stats batch.txt");
  const std::vector<std::string> lines = [&] {
    std::vector<std::string> v;
    std::istringstream in(json.out);
    for (std::string line; std::getline(in, line);) v.push_back(line);
    return v;
  }();
  ASSERT_EQ(lines.size(), 3u) << json.out;
  EXPECT_NE(lines[0].find("\"solutions\":1,\"complete\":true,\"unique\":true"), std::string::npos)
      << lines[0];
  EXPECT_NE(lines[1].find("\"solutions\":2,\"complete\":false,\"unique\":false"), std::string::npos)
      << lines[1];
  EXPECT_NE(lines[2].find("\"solutions\":0,\"complete\":true,\"unique\":false"), std::string::npos)
      << lines[2];
  const Outcome pretty = run("batch.txt");
  EXPECT_NE(pretty.out.find("batch.txt:1: 9x9, unique solution\n"), std::string::npos);
  EXPECT_NE(pretty.out.find("batch.txt:2: 9x9, at least 2 solutions; the first:\n"),
            std::string::npos);
  EXPECT_EQ(run("--count --limit 2 -f line batch.txt").out, "1\n2+\n0\n");
  // The nodes: one definition, the same in json, --stats and -v (a puzzle that needs search).
  file("hard.txt", hard + "\n");
  const Outcome j = run("-f json --stats hard.txt");
  const std::size_t at = j.out.find("\"nodes\":");
  ASSERT_NE(at, std::string::npos) << j.out;
  const std::string nodes = j.out.substr(at + 8, j.out.find(',', at) - at - 8);
  EXPECT_NE(
      run("-v 1 hard.txt").err.find("hard.txt:1: " + nodes + " search nodes (--logic fast)\n"),
      std::string::npos);
  EXPECT_NE(run("-v 1 -f line hard.txt")
                .err.find("hard.txt:1: " + nodes + " search nodes (--logic fast)\n"),
            std::string::npos);
  EXPECT_NE(run("--stats -f line hard.txt").err.find("hard.txt:1: " + nodes + " nodes, "),
            std::string::npos);
}

// --symbols: a hexadecimal 16x16 reads with 0 as a digit and comes back in the same alphabet;
// without it the 0s would be empty cells and the puzzle another one.
TEST_F(App, ReadsAndWritesAnAlphabetOfItsOwn) {
  const Outcome made = run("--generate 1 --size 16 --seed 3 --symbols 0-F");
  ASSERT_EQ(made.status, 0) << made.err;
  ASSERT_EQ(made.out.size(), 257u);
  EXPECT_NE(made.out.find('0'), std::string::npos);  // 0 is the digit 1
  EXPECT_EQ(made.out.find('G'), std::string::npos);
  file("hex.txt", made.out);
  const Outcome solved = run("--symbols 0-F -f line hex.txt");
  EXPECT_EQ(solved.status, 0) << solved.err;
  ASSERT_EQ(solved.out.size(), 257u) << solved.out;
  EXPECT_EQ(solved.out.find_first_not_of("0123456789ABCDEF\n"), std::string::npos) << solved.out;
  for (std::size_t i = 0; i < 256; ++i)
    if (made.out[i] != '.') {
      EXPECT_EQ(solved.out[i], made.out[i]) << i;
    }
  EXPECT_EQ(run("--symbols 0-F --count -f line hex.txt").out, "1\n");
  // The steps name digits by the same symbols ('r8c3=1' places the digit 2, and no step says
  // '16'): each digit a step places is the solution's symbol in that cell.
  // (At the fast level: the full ladder's nested forcing chains take 5 s on this 16x16.)
  const std::string steps = run("--symbols 0-F -v 3 --logic fast -f line hex.txt").err;
  int placed = 0;
  for (std::size_t at = steps.find(". r"); at != std::string::npos;
       at = steps.find(". r", at + 1)) {
    const std::size_t c = steps.find('c', at), eq = steps.find('=', at);
    if (eq == std::string::npos || steps.find('\n', at) < eq) continue;
    if (std::isdigit(static_cast<unsigned char>(steps[at + 3])) == 0) continue;  // not a cell
    ++placed;
    const int row = std::stoi(steps.substr(at + 3, c - at - 3));
    const int column = std::stoi(steps.substr(c + 1, eq - c - 1));
    EXPECT_EQ(steps[eq + 2], ':') << steps.substr(at, 30);
    EXPECT_EQ(steps[eq + 1], solved.out[static_cast<std::size_t>((row - 1) * 16 + column - 1)])
        << steps.substr(at, 30);
  }
  EXPECT_GE(placed, 5) << steps;
  EXPECT_NE(run("--count --limit 2 -f line hex.txt").out, "1\n");  // read as 1-9A-G: another puzzle
  // The same puzzle in letters.
  std::string letters = made.out;
  for (char& c : letters)
    if (c != '.' && c != '\n') c = static_cast<char>('A' + (c <= '9' ? c - '0' : c - 'A' + 10));
  file("letters.txt", letters);
  const Outcome in_letters = run("--symbols A-P -f line letters.txt");
  EXPECT_EQ(in_letters.status, 0) << in_letters.err;
  EXPECT_EQ(in_letters.out.find_first_not_of("ABCDEFGHIJKLMNOP\n"), std::string::npos);
  EXPECT_EQ(run("--symbols 0-Z").status, 2);
}

// CSV puzzle,solution: the puzzle is read, and --check-solution compares the given solution.
TEST_F(App, ChecksTheSolutionGivenWithEachPuzzle) {
  std::string wrong = wiki_solution;
  std::swap(wrong[2], wrong[3]);  // r1c3 and r1c4: the givens still agree
  file("set.csv",
       "quizzes,solutions\n" + wiki + "," + wiki_solution + "\n" + wiki + "," + wrong + "\n");
  const Outcome plain = run("-f line set.csv");
  EXPECT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(plain.out, wiki_solution + "\n" + wiki_solution + "\n");
  const Outcome checked = run("--check-solution -f line set.csv");
  EXPECT_EQ(checked.status, 1);
  EXPECT_EQ(checked.out, plain.out);
  EXPECT_NE(checked.err.find("set.csv:3: the solution given with the puzzle is wrong: r1c3 holds 6 "
                             "there, 4 in the solution found\n"),
            std::string::npos)
      << checked.err;
  EXPECT_EQ(checked.err.find("set.csv:2:"), std::string::npos) << checked.err;
  EXPECT_NE(checked.err.find(" 1 wrong given solution, "), std::string::npos) << checked.err;
  file("good.csv", wiki + "," + wiki_solution + "\n");
  EXPECT_EQ(run("--check-solution --count good.csv").status, 0);
  // JSON says it too, with --check-solution only.
  const Outcome json = run("--check-solution -f json set.csv");
  EXPECT_NE(json.out.find("\"given_solution_ok\":true}\n{"), std::string::npos) << json.out;
  EXPECT_TRUE(json.out.ends_with("\"given_solution_ok\":false}\n")) << json.out;
  EXPECT_EQ(run("-f json set.csv").out.find("given_solution_ok"), std::string::npos);
}

}  // namespace
