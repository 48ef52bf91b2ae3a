// The round trip of issue 58, run as a user would run the sudoku command: every mode that writes
// a puzzle (--dedupe, --canonical, -f json, --generate, the interactive mode's save) writes one
// that reads back as the same puzzle, for a corpus of every variant and rule
// (tests/data/round_trip: one unique puzzle a file, each saying how it was made). Two texts hold
// the same puzzle when the -f json lines of both have the same "header" and "puzzle" fields: the
// same givens and the same header lines as the writer normalises them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app_run.hpp"
#include "test_share.hpp"

namespace {

namespace fs = std::filesystem;
using app_run::contains;
using app_run::Outcome;

// One puzzle as -f json gives it: its header lines ("" for a plain grid) and its givens.
struct Form {
  std::string header, puzzle;
  bool operator==(const Form&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Form& form) {
  return out << "{" << form.header << form.puzzle << "}";
}

// The corpus's files, by name, in order.
std::vector<std::string> corpus() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(ROUND_TRIP_DIR))
    if (entry.path().extension() == ".txt") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Every test_share-th file of the corpus, for the modes that run the command several times a
// puzzle (under the sanitizers, where each run is slow; every file otherwise).
std::vector<std::string> shared_corpus() {
  std::vector<std::string> out;
  const std::vector<std::string> all = corpus();
  for (std::size_t i = 0; i < all.size(); i += static_cast<std::size_t>(test_share))
    out.push_back(all[i]);
  return out;
}

// A corpus file's puzzle without its comment lines ("# ..."), to put several in one file.
std::string body(const std::string& name) {
  std::istringstream lines(app_run::slurp(fs::path(ROUND_TRIP_DIR) / name));
  std::string out;
  for (std::string line; std::getline(lines, line);)
    if (!line.starts_with("# ")) out += line + "\n";
  return out;
}

// The puzzles of the corpus whose shape has no canonical form today: killer cages (relabelling
// the digits changes the sums), samurai (too many symmetries to list), and every rule (the
// shape's symmetries would have to move its marks).
const std::set<std::string> without_canonical_form = {
    "combination.txt", "disjoint-groups.txt",  "killer-anti-knight.txt",
    "killer-x.txt",    "killer.txt",           "kropki-all.txt",
    "kropki.txt",      "non-consecutive.txt",  "odd-even.txt",
    "samurai.txt",     "xv-all.txt",           "xv.txt",
    "lines.txt",       "samurai-4x4.txt",      "sums.txt",
    "sum-cages.txt",   "zipper-region-sum.txt"};

class RoundTrip : public app_run::Sandbox {
 protected:
  Outcome sudoku(const std::string& args, const std::string& input = "") {
    return run(SUDOKU_BINARY, args, input);
  }

  // A corpus file copied into the test's directory; returns its name there.
  std::string copy(const std::string& name) { return file(name, app_run::slurp(source(name))); }
  static fs::path source(const std::string& name) { return fs::path(ROUND_TRIP_DIR) / name; }

  // The puzzles of a file of the test's directory as -f json reads them (a puzzle that cannot be
  // read gives its error as its header).
  std::vector<Form> forms(const std::string& name) {
    const Outcome r = sudoku("-f json --limit 1 '" + name + "'");
    std::vector<Form> out;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
      const auto json = nlohmann::json::parse(line);
      if (json.contains("error"))
        out.push_back({"error: " + json["error"].get<std::string>(), ""});
      else
        out.push_back({json.value("header", ""), json["puzzle"].get<std::string>()});
    }
    return out;
  }

  // The counts of the puzzles of a file of the test's directory, one a line.
  std::string counts(const std::string& name) {
    return sudoku("--count -f line '" + name + "'").out;
  }

  // Writes `text` as a file and checks that it holds the puzzles of `name` (a file of the test's
  // directory), each with one solution.
  void same_puzzles(const std::string& text, const std::string& name, const std::string& what) {
    const std::string written = file("written.txt", text);
    const std::vector<Form> want = forms(name);
    EXPECT_EQ(forms(written), want) << what << " of " << name << " wrote:\n" << text;
    std::string ones;
    for (std::size_t i = 0; i < want.size(); ++i) ones += "1\n";
    EXPECT_EQ(counts(written), ones) << what << " of " << name << " wrote:\n" << text;
  }
};

TEST_F(RoundTrip, TheCorpusCoversEveryVariantAndRuleWithUniquePuzzles) {
  const std::vector<std::string> names = corpus();
  ASSERT_EQ(names.size(), 30u);
  std::string shapes;
  for (const std::string& name : names) {
    EXPECT_EQ(counts(copy(name)), "1\n") << name;
    const Outcome json = sudoku("-f json '" + name + "'");
    shapes += nlohmann::json::parse(json.out)["variant"].get<std::string>() + ";";
  }
  // Every variant, chess rule, killer and rule of the text format, some together.
  for (const char* word :
       {"regular",     "hyper",     "x",         "hyper-x",         "jigsaw",          "samurai",
        "anti-knight", "anti-king", "killer",    "non-consecutive", "disjoint-groups", "odd",
        "even",        "kropki",    "xv",        "arrow",           "little-killer",   "sandwich",
        "x-sum",       "between",   "quadruple", "zipper",          "region-sum",      "sum-cage"})
    EXPECT_TRUE(contains(shapes, word)) << word;
  EXPECT_TRUE(contains(shapes, "x killer")) << shapes;
  EXPECT_TRUE(contains(shapes, "x disjoint-groups odd even kropki xv")) << shapes;
}

TEST_F(RoundTrip, DedupeWritesEachPuzzleAsRead) {
  for (const std::string& name : corpus()) {
    copy(name);
    const Outcome r = sudoku("--dedupe '" + name + "'");
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    same_puzzles(r.out, name, "--dedupe");
  }
}

TEST_F(RoundTrip, DedupeLeavesOutOnlyRepeatsOfShapesWithoutCanonicalForms) {
  // The same killer puzzle twice: the second is left out. The same givens with other rules
  // (every kropki dot, then non-consecutive alone): both stay.
  const std::string killer = body("killer.txt");
  const std::string kropki = body("kropki-all.txt");
  const std::string grid = kropki.substr(kropki.rfind('\n', kropki.size() - 2) + 1);
  file("repeats.txt", killer + killer + kropki + "#non-consecutive\n" + grid);
  const Outcome r = sudoku("--dedupe --stats repeats.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "3 kept, 1 equivalent to an earlier one left out")) << r.err;
  EXPECT_TRUE(contains(r.err, "repeats.txt:24: equivalent to repeats.txt:12, left out")) << r.err;
  file("kept.txt", killer + kropki + "#non-consecutive\n" + grid);
  EXPECT_EQ(forms(file("out.txt", r.out)), forms("kept.txt")) << r.out;
}

TEST_F(RoundTrip, CanonicalWritesAnEquivalentPuzzleOrSaysItHasNone) {
  for (const std::string& name : corpus()) {
    copy(name);
    const Outcome r = sudoku("--canonical '" + name + "'");
    if (without_canonical_form.count(name) != 0) {
      // Refused with an error, never a different puzzle.
      EXPECT_EQ(r.status, 2) << name;
      EXPECT_EQ(r.out, "error\n") << name;
      EXPECT_TRUE(contains(r.err, "no canonical form")) << name;
      continue;
    }
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    // The form keeps the shape (its header lines) and the count, and is its own form.
    const std::string form = file("form.txt", r.out);
    const std::vector<Form> read = forms(form), asked = forms(name);
    ASSERT_EQ(read.size(), 1u) << name << ":\n" << r.out;
    EXPECT_EQ(read[0].header, asked[0].header) << name;
    EXPECT_EQ(counts(form), "1\n") << name << ":\n" << r.out;
    EXPECT_EQ(sudoku("--canonical form.txt").out, r.out) << name;
  }
}

TEST_F(RoundTrip, JsonHeaderAndPuzzleReadBack) {
  for (const std::string& name : shared_corpus()) {
    copy(name);
    const Outcome r = sudoku("-f json '" + name + "'");
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    const auto json = nlohmann::json::parse(r.out);
    // No "header": a plain grid, read as such.
    same_puzzles(json.value("header", "") + json["puzzle"].get<std::string>() + "\n", name,
                 "-f json");
  }
  // The canonical and dedupe JSON lines carry the same fields.
  copy("jigsaw.txt");
  const auto json = nlohmann::json::parse(sudoku("--dedupe -f json jigsaw.txt").out);
  same_puzzles(json["header"].get<std::string>() + json["puzzle"].get<std::string>() + "\n",
               "jigsaw.txt", "--dedupe -f json");
}

TEST_F(RoundTrip, GeneratedPuzzlesReadBackAsGenerated) {
  // Each shape --generate makes: its line output reads back as the puzzles its JSON describes,
  // each with one solution.
  for (const std::string shape :
       {"--size 4", "--size 6", "--size 8", "--size 12", "--variant hyper", "--variant x",
        "--variant hyper-x", "--variant jigsaw", "--size 6 --variant jigsaw", "--variant samurai",
        "--variant anti-knight", "--variant anti-king", "--variant 'x anti-king'",
        "--variant killer", "--variant 'x killer'", "--variant 'killer anti-knight'"}) {
    const std::string args = "--generate 2 --seed 11 " + shape;
    const Outcome line = sudoku(args);
    const Outcome json = sudoku(args + " -f json");
    ASSERT_EQ(line.status, 0) << shape << ": " << line.err;
    ASSERT_EQ(json.status, 0) << shape << ": " << json.err;
    std::vector<Form> made;
    std::istringstream lines(json.out);
    for (std::string text; std::getline(lines, text);) {
      const auto j = nlohmann::json::parse(text);
      made.push_back({j.value("header", ""), j["puzzle"].get<std::string>()});
    }
    const std::string written = file("generated.txt", line.out);
    EXPECT_EQ(forms(written), made) << shape << ":\n" << line.out;
    EXPECT_EQ(counts(written), "1\n1\n") << shape << ":\n" << line.out;
  }
}

TEST_F(RoundTrip, InteractiveSaveLoadsBack) {
  for (const std::string& name : shared_corpus()) {
    copy(name);
    // A step taken, then the position saved: the givens and headers as read, and the step.
    const Outcome saved = sudoku("-i '" + name + "'", "step\nsave saved.txt\nquit\n");
    EXPECT_EQ(saved.status, 0) << name << ": " << saved.err;
    const std::string text = app_run::slurp(dir_ / "saved.txt");
    EXPECT_EQ(forms("saved.txt"), forms(name)) << name << " saved:\n" << text;
    EXPECT_EQ(counts("saved.txt"), "1\n") << name << " saved:\n" << text;
    // Loaded again, by -i and by the load command, it saves the same position.
    const Outcome again = sudoku("-i saved.txt", "count\nsave again.txt\nquit\n");
    EXPECT_EQ(again.status, 0) << name << ": " << again.err;
    EXPECT_TRUE(contains(again.out, "1 solution left")) << name << ":\n" << again.out;
    EXPECT_EQ(app_run::slurp(dir_ / "again.txt"), text) << name;
    const std::string other = name == "regular-9x9.txt" ? "x.txt" : "regular-9x9.txt";
    copy(other);
    const Outcome loaded = sudoku("-i '" + other + "'", "load saved.txt\nsave loaded.txt\nquit\n");
    EXPECT_EQ(loaded.status, 0) << name << ": " << loaded.err;
    EXPECT_EQ(app_run::slurp(dir_ / "loaded.txt"), text) << name;
  }
}

TEST_F(RoundTrip, MixedShapesKeepTheirHeadersThroughDedupe) {
  // #variant and #size hold until the next: the writer must tell each change, back to regular
  // and back to a size told alone.
  file("mixed.txt", body("hyper.txt") + "#variant regular\n" + body("regular-9x9.txt") +
                        body("regular-8x8.txt") + "#size 9\n" + body("jigsaw.txt") + body("x.txt") +
                        "#variant regular\n#size 4\n" + body("regular-4x4.txt") + "#size 9\n" +
                        body("killer.txt") + body("kropki.txt") + body("samurai.txt") +
                        "#variant regular\n" + body("odd-even.txt") + "#size 16\n" +
                        body("regular-16x16.txt"));
  const std::vector<Form> read = forms("mixed.txt");
  ASSERT_EQ(read.size(), 11u);
  for (const Form& form : read) EXPECT_FALSE(form.header.starts_with("error")) << form.header;
  const Outcome r = sudoku("--dedupe mixed.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  same_puzzles(r.out, "mixed.txt", "--dedupe");
}

}  // namespace
