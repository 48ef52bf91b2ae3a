// Runs the built dlx command as a user would, checking its output, messages and exit status.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

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

class App : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("dlx_app_test." + std::to_string(::getpid()) + "." +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Writes a file in the test's directory and returns its path.
  std::string file(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return (dir_ / name).string();
  }

  // Runs dlx with these arguments (already quoted for the shell) in the test's directory.
  Outcome run(const std::string& args, const std::string& stdin_text = "") {
    const fs::path in = dir_ / "stdin", out = dir_ / "stdout", err = dir_ / "stderr";
    std::ofstream(in, std::ios::binary) << stdin_text;
    const std::string command =
        "cd '" + dir_.string() + "' && '" DLX_BINARY "' " + args + " <stdin >stdout 2>stderr";
    const int raw = std::system(command.c_str());
    Outcome result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = slurp(out);
    result.err = slurp(err);
    return result;
  }

  fs::path dir_;
};

const std::string examples = DLX_EXAMPLES_DIR;

TEST_F(App, CountsTheExamples) {
  // Knuth's example and his example of colors have one solution each; 8 queens has 92.
  for (const auto& [name, count] : {std::pair{"knuth.dlx", "1\n"}, std::pair{"colors.dlx", "1\n"},
                                    std::pair{"queens8.dlx", "92\n"}}) {
    const Outcome result = run("'" + examples + "/" + name + "'");
    EXPECT_EQ(result.status, 0) << name;
    EXPECT_EQ(result.out, count) << name;
    EXPECT_EQ(result.err, "") << name;
  }
}

// Two rooks in every row and column of 4x4: 90 ways (OEIS A001499); Knuth's DLX3 makes 300
// nodes and 973 updates.
TEST_F(App, SearchesItemsWithBoundsAsDlx3) {
  std::string text = "2|r0 2|r1 2|r2 2|r3 2|c0 2|c1 2|c2 2|c3\n";
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      text += 'r';
      text += std::to_string(i);
      text += " c";
      text += std::to_string(j);
      text += '\n';
    }
  const std::string path = file("rooks.dlx", text);
  const Outcome one = run("--stats '" + path + "'");
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, "90\n");
  EXPECT_NE(one.err.find("nodes: 300\nupdates: 973\n"), std::string::npos) << one.err;
  EXPECT_EQ(run("-j 2 '" + path + "'").out, "90\n");
  EXPECT_EQ(run("--seed 3 '" + path + "'").out, "90\n");
  EXPECT_EQ(run("--checkpoint ck '" + path + "'").out, "90\n");
  EXPECT_EQ(run("--limit 4 '" + path + "'").out, "at least 4 (stopped by --limit)\n");
  const Outcome listed = run("-s --limit 1 '" + path + "'");
  EXPECT_EQ(listed.out.substr(0, 11), "solution 1:");
}

// --propagate: the same count and solutions, fewer nodes on the X sudoku of examples/sudoku-dlx,
// what each part removed in --stats; a list it does not know and a problem with colors are errors.
TEST_F(App, PropagatesInsideTheSearch) {
  const std::string x = "'" + examples + "/../sudoku-dlx/x.dlx'";
  const Outcome plain = run("--stats -s " + x);
  const Outcome all = run("--stats -s --propagate all " + x);
  EXPECT_EQ(all.status, 0) << all.err;
  // The same solution, its options in the order each search chose them.
  const auto lines = [](const std::string& text) {
    std::multiset<std::string> set;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) set.insert(line);
    return set;
  };
  EXPECT_EQ(lines(all.out), lines(plain.out));
  EXPECT_NE(all.out.find("\n1\n"), std::string::npos);
  const auto nodes = [](const std::string& err) {
    const std::size_t at = err.find("nodes: ");
    return at == std::string::npos ? 0ul : std::stoul(err.substr(at + 7));
  };
  EXPECT_LT(nodes(all.err), nodes(plain.err));
  for (const char* line : {"propagation: singles,implied,probe\n", "forced moves: ",
                           "removed by implied items: ", "probes: ", "removed by probing: "})
    EXPECT_NE(all.err.find(line), std::string::npos) << line << " in " << all.err;
  EXPECT_EQ(plain.err.find("propagation"), std::string::npos);
  EXPECT_EQ(run("--propagate singles,weighed -j 2 '" + examples + "/queens8.dlx'").out, "92\n");
  const Outcome unknown = run("--propagate singles,locked '" + examples + "/queens8.dlx'");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown propagation 'locked'"), std::string::npos) << unknown.err;
  const Outcome colors = run("--propagate all '" + examples + "/colors.dlx'");
  EXPECT_EQ(colors.status, 2);
  EXPECT_NE(colors.err.find("without colors or bounds"), std::string::npos) << colors.err;
}

#ifdef DLX_PLUGIN
// --propagator: the diagonal sum of examples/diagonal-sum as a plugin, on the Latin squares of
// order 4 (96 of the 576 have a diagonal summing to 10, 24 to 4: the brute force of
// examples_diagonal_sum_test), and what it refuses.
TEST_F(App, TakesAPropagatorFromALibrary) {
  const std::string latin4 = "'" + examples + "/../latin/latin4.dlx'";
  const std::string plugin = std::string("'") + DLX_PLUGIN;
  const Outcome ten = run("--stats --propagator " + plugin + ":10' " + latin4);
  EXPECT_EQ(ten.status, 0) << ten.err;
  EXPECT_EQ(ten.out, "96\n");
  EXPECT_NE(ten.err.find("engine: links"), std::string::npos) << ten.err;
  EXPECT_NE(ten.err.find("removed by the propagator: "), std::string::npos) << ten.err;
  EXPECT_EQ(run("--propagator " + plugin + ":4' " + latin4).out, "24\n");
  EXPECT_EQ(run("--propagator " + plugin + ":3' " + latin4).status, 1);
  EXPECT_EQ(run("--propagate all --propagator " + plugin + ":10' " + latin4).out, "96\n");

  const auto refused = [&](const std::string& args, const std::string& message) {
    const Outcome o = run(args);
    EXPECT_EQ(o.status, 2) << args;
    EXPECT_NE(o.err.find(message), std::string::npos) << args << ": " << o.err;
  };
  refused("--propagator ./missing.so:10 " + latin4,
          "missing.so: cannot load the propagator library");
  refused("--propagator " + plugin + ":ten' " + latin4, "takes the sum as its argument");
  refused("--propagator " + plugin + ":10' '" + examples + "/knuth.dlx'", "takes Latin squares");
  refused("--engine cells --propagator " + plugin + ":10' " + latin4,
          "--propagator runs on the links engine: not with --engine cells");
  refused("-j 2 --propagator " + plugin + ":10' " + latin4, "cannot be combined with --propagator");
  refused("--propagator :10 " + latin4, "needs a library file");
  // A library without the two functions.
  const std::string empty = file("empty.cpp", "int nothing = 0;\n");
  if (std::system(("cc -shared -fPIC -x c -o '" + (dir_ / "empty.so").string() + "' '" + empty +
                   "' 2>/dev/null")
                      .c_str()) == 0)
    refused("--propagator empty.so " + latin4, "no function dlx_make_propagator");
}
#endif

// --engine: the same counts on links, cells and bits; --stats names the engine and why; the
// choice of auto follows the matrix; cells and bits refuse bounds and propagation.
TEST_F(App, SearchesOnEitherEngine) {
  const std::string queens = "'" + examples + "/queens8.dlx'";
  const std::string pentominoes = "'" + examples + "/../pentominoes/pentomino-3x20.dlx'";
  for (const std::string engine : {"links", "cells", "bits", "auto"}) {
    SCOPED_TRACE(engine);
    EXPECT_EQ(run("--engine " + engine + " " + queens).out, "92\n");
    EXPECT_EQ(run("--engine " + engine + " -j 2 " + pentominoes).out, "2\n");
    EXPECT_EQ(run("--engine " + engine + " '" + examples + "/colors.dlx'").out, "1\n");
  }
  const Outcome links = run("--stats --engine links " + queens);
  EXPECT_TRUE(links.err.starts_with("engine: links (--engine links)\n")) << links.err;
  const Outcome small = run("--stats " + queens);
  EXPECT_TRUE(
      small.err.starts_with("engine: links (256 nodes over 46 items: fewer than 8 an item)\n"))
      << small.err;
  const Outcome middle = run("--stats '" + examples + "/../langford/langford7.dlx'");
  EXPECT_TRUE(
      middle.err.starts_with("engine: cells (180 nodes over 21 items: at least 8 an item)\n"))
      << middle.err;
  const Outcome large = run("--stats " + pentominoes);
  EXPECT_TRUE(large.err.starts_with(
      "engine: bits (7481 nodes over 73 items, 1227 options: a node about 1562 word operations "
      "on bits, 3649 updates on cells)\n"))
      << large.err;
  // The listing of cells is that of one search, with or without threads.
  EXPECT_EQ(run("-s -j 2 " + pentominoes).out, run("-s " + pentominoes).out);
  EXPECT_EQ(run("-s --engine cells -j 2 --split-depth 3 " + queens).out,
            run("-s --engine cells " + queens).out);

  const std::string bounded = file("bounded.dlx", "1:2|a b\na\na b\n");
  const Outcome refused = run("--engine cells bounded.dlx");
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("--engine cells does not take bounds"), std::string::npos)
      << refused.err;
  EXPECT_EQ(run("bounded.dlx").status, 0);
  const Outcome propagating = run("--engine cells --propagate implied " + queens);
  EXPECT_EQ(propagating.status, 2);
  EXPECT_NE(propagating.err.find("run on the links engine"), std::string::npos);
  const Outcome singles = run("--stats --engine cells --propagate singles " + queens);
  EXPECT_EQ(singles.out, "92\n");
  EXPECT_NE(singles.err.find("forced moves: "), std::string::npos) << singles.err;
  const Outcome unknown = run("--engine dancing " + queens);
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown engine 'dancing'"), std::string::npos) << unknown.err;
  EXPECT_EQ(run("--engine cells --best 1 " + queens).status, 2);
  // Bits: the same listing as cells, on threads too; bounds refused; masks too large refused.
  EXPECT_EQ(run("-s --engine bits -j 2 --split-depth 3 " + queens).out,
            run("-s --engine cells " + queens).out);
  const Outcome bits_bounded = run("--engine bits bounded.dlx");
  EXPECT_EQ(bits_bounded.status, 2);
  EXPECT_NE(bits_bounded.err.find("--engine bits does not take bounds"), std::string::npos)
      << bits_bounded.err;
  EXPECT_EQ(run("--engine bits --propagate probe " + queens).status, 2);
  std::string wide = "";
  for (int i = 0; i < 50000; ++i) wide += " i" + std::to_string(i);
  wide += "\n";
  for (int i = 0; i < 50000; ++i) wide += "i" + std::to_string(i) + "\n";
  file("wide.dlx", wide);
  const Outcome too_wide = run("--engine bits wide.dlx");
  EXPECT_EQ(too_wide.status, 2);
  EXPECT_NE(too_wide.err.find("wide.dlx: the bits engine would need 596 MiB"), std::string::npos)
      << too_wide.err;
  EXPECT_EQ(run("wide.dlx").out, "1\n");
}

// --zdd writes DLX6's diagram (the same file as DLX6's): for Knuth's example, whose one solution
// is options 1, 4 and 5, a chain of three nodes; the count on stdout, the nodes in --stats.
TEST_F(App, WritesTheZddOfTheSolutions) {
  const Outcome knuth = run("--stats --zdd knuth.zdd '" + examples + "/knuth.dlx'");
  EXPECT_EQ(knuth.status, 0) << knuth.err;
  EXPECT_EQ(knuth.out, "1\n");
  EXPECT_NE(knuth.err.find("zdd nodes: 5\n"), std::string::npos) << knuth.err;
  EXPECT_EQ(slurp(dir_ / "knuth.zdd"), "2: (~1?0:1)\n3: (~5?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n");
  const Outcome queens = run("--stats --zdd - '" + examples + "/queens8.dlx'");
  EXPECT_EQ(queens.status, 0);
  EXPECT_NE(queens.err.find("solutions: 92\nzdd nodes: 474\n"), std::string::npos) << queens.err;
  EXPECT_TRUE(queens.out.ends_with("1da: (~0?0:1d9)\n")) << queens.out.substr(0, 200);
  const Outcome none = run("--zdd none.zdd", "a b\na\n");
  EXPECT_EQ(none.status, 1);
  EXPECT_EQ(slurp(dir_ / "none.zdd"), "2: (~0?0:0)\n");
  const Outcome colors = run("--zdd c.zdd '" + examples + "/colors.dlx'");
  EXPECT_EQ(colors.status, 2);
  EXPECT_NE(colors.err.find("without colors"), std::string::npos) << colors.err;
  EXPECT_EQ(run("--zdd z -s '" + examples + "/queens8.dlx'").status, 2);
  EXPECT_EQ(run("--zdd z '" + examples + "/queens8.dlx' '" + examples + "/knuth.dlx'").status, 2);
  EXPECT_EQ(run("--zdd /no/such/dir/z '" + examples + "/knuth.dlx'").status, 2);
}

TEST_F(App, ReadsStandardInput) {
  const std::string text = "a b\na\nb\na b\n";
  EXPECT_EQ(run("", text).out, "2\n");
  EXPECT_EQ(run("-", text).out, "2\n");
}

// On a terminal (script(1) gives one) dlx says it waits for the problem, and one Ctrl-D ends it:
// the typing side waits up to 5 s for the count after the Ctrl-D, then notes that none came
// (its end sends the terminal a second Ctrl-D, which a reader that needs two would take).
TEST_F(App, OnATerminalOneCtrlDEndsTheProblem) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  const std::string command =
      "cd '" + dir_.string() +
      "' && (printf 'a b\\na\\nb\\na b\\n'; sleep 0.3; printf '\\004'; n=0; while [ $n -lt "
      "100 ] && ! grep -q '^2.$' out 2>/dev/null; do sleep 0.05; n=$((n + 1)); done; [ $n -lt "
      "100 ] || echo 'no count after one Ctrl-D' >verdict) | TERM=dumb timeout 60 script -qec "
      "\"'" DLX_BINARY "'\" /dev/null >out";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string out = slurp(dir_ / "out");
  EXPECT_EQ(slurp(dir_ / "verdict"), "") << out;
  EXPECT_NE(out.find("dlx: reading the problem from standard input (Ctrl-D to end)\r\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\r\n2\r\n"), std::string::npos) << out;
  // Not on a terminal: no note.
  EXPECT_EQ(run("", "a\na\n").err, "");
}

TEST_F(App, ExitsWithOneWhenThereIsNoSolution) {
  const Outcome result = run("", "a b c\na b\nb c\n");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.out, "0\n");
}

TEST_F(App, PrintsSolutionsAsWrittenInTheInput) {
  const Outcome result = run("-s '" + examples + "/knuth.dlx'");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.out, "solution 1:\na d f\nb g\nc e\n\n1\n");
}

TEST_F(App, PrintsColorsInSolutions) {
  const Outcome result = run("--solutions '" + examples + "/colors.dlx'");
  EXPECT_EQ(result.out, "solution 1:\nq x:A\np r x:A y\n\n1\n");
}

TEST_F(App, StopsAtTheLimitAndSaysTheCountIsIncomplete) {
  const Outcome result = run("--limit 5 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.out, "at least 5 (stopped by --limit)\n");

  // It found the solutions asked for: solved, and --stats says the limit stopped it.
  const Outcome stats = run("--stats --limit 5 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(stats.status, 0);
  EXPECT_NE(stats.err.find("solutions: 5\nnodes: "), std::string::npos) << stats.err;
  EXPECT_NE(stats.err.find("stopped: limit (5 solutions)\n"), std::string::npos) << stats.err;
  EXPECT_NE(run("--stats --limit 1 '" + examples + "/queens8.dlx'")
                .err.find("stopped: limit (1 solution)\n"),
            std::string::npos);
  // A limit above the count: the search was complete, the count exact.
  const Outcome above = run("--stats --limit 100 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(above.status, 0);
  EXPECT_EQ(above.out, "92\n");
  EXPECT_NE(above.err.find("stopped: complete\n"), std::string::npos) << above.err;

  const Outcome shown = run("-s --limit 2 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(shown.out.find("solution 3:"), std::string::npos);
  EXPECT_NE(shown.out.find("solution 2:\nr0 c"), std::string::npos) << shown.out;
  EXPECT_TRUE(shown.out.ends_with("\n\nat least 2 (stopped by --limit)\n")) << shown.out;
}

TEST_F(App, ExitsWithThreeWhenABudgetStopsTheSearch) {
  // Stopped before any solution: not "no solution" (1), since the search was not complete.
  const Outcome nodes = run("--stats --max-nodes 10 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(nodes.out, "at least 0 (stopped early: --max-nodes budget used up)\n");
  EXPECT_EQ(nodes.status, 3);
  EXPECT_NE(nodes.err.find("stopped: max-nodes budget\n"), std::string::npos) << nodes.err;
  // Stopped after some solutions: still only a lower bound.
  const Outcome some = run("--max-nodes 1000 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(some.status, 3);
  EXPECT_TRUE(some.out.starts_with("at least ")) << some.out;
  EXPECT_NE(some.out, "at least 0 (stopped early: --max-nodes budget used up)\n");
  const Outcome updates = run("--stats --max-updates 1000 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(updates.status, 3);
  EXPECT_TRUE(updates.out.starts_with("at least ")) << updates.out;
  EXPECT_NE(updates.out.find("--max-updates"), std::string::npos) << updates.out;
  EXPECT_NE(updates.err.find("stopped: max-updates budget\n"), std::string::npos) << updates.err;
  // A budget the search does not use up changes nothing.
  const Outcome enough = run("--stats --max-nodes 100000 '" + examples + "/queens8.dlx'");
  EXPECT_EQ(enough.status, 0);
  EXPECT_EQ(enough.out, "92\n");
  EXPECT_NE(enough.err.find("stopped: complete\n"), std::string::npos) << enough.err;
  EXPECT_EQ(run("--max-nodes 100000", "a b c\na b\nb c\n").status, 1);
}

TEST_F(App, ReportsBadInputWithFileLineAndColumn) {
  file("bad.dlx", "a b\na c\n");
  const Outcome result = run("bad.dlx");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(result.err.starts_with("bad.dlx:2:3: unknown item 'c'")) << result.err;
}

TEST_F(App, NamesStandardInputInMessages) {
  const Outcome result = run("", "a b\nb b\n");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(result.err.starts_with("<stdin>:2:3: ")) << result.err;
}

TEST_F(App, ReportsEmptyAndBinaryInput) {
  EXPECT_TRUE(run("", "").err.starts_with("<stdin>:1:1: ")) << run("", "").err;
  file("binary.dlx", std::string("a b\nb \0 a\n", 10));
  const Outcome result = run("binary.dlx");
  EXPECT_EQ(result.status, 2);
  EXPECT_TRUE(result.err.starts_with("binary.dlx:2:3: NUL")) << result.err;
}

TEST_F(App, ReportsAMissingFile) {
  const Outcome result = run("missing.dlx");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(result.err.starts_with("missing.dlx: cannot open")) << result.err;
}

TEST_F(App, WarnsAboutDroppedOptions) {
  file("drop.dlx", "a | x\nx\na x\n");
  const Outcome result = run("drop.dlx");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.out, "1\n");
  EXPECT_TRUE(result.err.starts_with("drop.dlx:2: warning: ")) << result.err;
}

TEST_F(App, HeadsEachResultWhenGivenSeveralFiles) {
  file("one.dlx", "a\na\n");
  file("two.dlx", "a b\na b\na\nb\n");
  const Outcome result = run("one.dlx two.dlx");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.out, "==> one.dlx <==\n1\n\n==> two.dlx <==\n2\n");
}

TEST_F(App, PrintsNothingForAFileThatFailed) {
  file("good.dlx", "a\na\n");
  file("bad.dlx", "a\nb\n");
  file("none.dlx", "a b\na\n");
  const Outcome result = run("bad.dlx good.dlx none.dlx");
  EXPECT_EQ(result.status, 2);  // the highest status of the files
  EXPECT_EQ(result.out, "==> good.dlx <==\n1\n\n==> none.dlx <==\n0\n");
  EXPECT_TRUE(result.err.starts_with("bad.dlx:2:1: ")) << result.err;
}

TEST_F(App, TheWorstStatusOfSeveralFilesWins) {
  // With a budget of 50 nodes: the 8 queens stop early (3); the small ones finish (0 and 1).
  file("queens.dlx", slurp(examples + "/queens8.dlx"));
  file("good.dlx", "a\na\n");
  file("none.dlx", "a b\na\n");
  file("bad.dlx", "a\nb\n");
  const struct {
    const char* files;
    int status;
  } cases[] = {
      {"good.dlx good.dlx", 0},
      {"good.dlx none.dlx good.dlx", 1},
      {"none.dlx queens.dlx good.dlx", 3},
      {"queens.dlx none.dlx", 3},
      {"queens.dlx bad.dlx none.dlx", 2},
      {"bad.dlx good.dlx queens.dlx", 2},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(run(std::string("--max-nodes 50 ") + c.files).status, c.status) << c.files;
  }
}

TEST_F(App, PrintsStatisticsAndProfileOnStandardError) {
  const Outcome result = run("--stats --profile '" + examples + "/queens8.dlx'");
  EXPECT_EQ(result.out, "92\n");
  for (const char* line : {"solutions: 92\n", "nodes: ", "updates: ", "max depth: 8\n",
                           "elapsed seconds: ", "stopped: complete\n", "nodes at level 0: 1\n",
                           "nodes at level 8: 92\n"}) {
    EXPECT_NE(result.err.find(line), std::string::npos) << line << " in:\n" << result.err;
  }
}

TEST_F(App, CountsTheSameWithAnySeed) {
  EXPECT_EQ(run("--seed 12345 '" + examples + "/queens8.dlx'").out, "92\n");
}

TEST_F(App, RejectsBadUsage) {
  for (const char* args :
       {"--limit 0", "--limit -1", "--limit x", "--max-nodes", "--progress 0", "--frobnicate"}) {
    const Outcome result = run(args);
    EXPECT_EQ(result.status, 2) << args;
    EXPECT_EQ(result.out, "") << args;
    EXPECT_TRUE(result.err.starts_with("dlx: ")) << args << ": " << result.err;
  }
}

TEST_F(App, DocumentsItself) {
  const Outcome help = run("--help");
  EXPECT_EQ(help.status, 0);
  for (const char* text :
       {"Usage: dlx", "--solutions", "--limit", "--progress", "Exit status", "Examples",
        "\n  3    stopped early by --max-nodes or --max-updates", "stopped: complete"}) {
    EXPECT_NE(help.out.find(text), std::string::npos) << text;
  }
  const Outcome version = run("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_TRUE(version.out.starts_with("dlx ")) << version.out;
}

}  // namespace
