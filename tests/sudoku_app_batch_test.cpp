// Batch integrity of the sudoku command: for any input file, every puzzle gets exactly one result
// or one error, in input order, whatever the line ends, byte-order mark, tabs, line lengths and
// number of threads. The expected records come from the library's reader and solver; the command
// must agree with them line for line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app_run.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/search/solver.hpp"
#include "test_share.hpp"

namespace {

using app_run::contains;

// The example puzzle of Wikipedia's "Sudoku" article, and variations on it (see
// sudoku_app_test.cpp): a 1 in r1c3 leaves no solution; without the 6 in r3c8 it has two
// solutions, without the 8 in r3c3 eight (examples/sudoku/multi.txt).
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string no_solution =
    "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string two_solutions =
    "53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string eight_solutions =
    "53..7....6..195....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string clash = std::string("55") + wiki.substr(2);
const std::string bad_character = wiki.substr(0, 40) + "?" + wiki.substr(41);
const std::string x_puzzle =
    ".....81.....76......23....5..3.7.....7.2.....856...........1.484.................";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// What the command must print for each record of a text, in the line format.
struct Expected {
  bool error = false;
  std::uint64_t solutions = 0;  // exact count (the test puzzles have few)
  sudoku::Record record;
};

// The records of a text that take a place on stdout; `headers` counts the bad header lines,
// which only have a message on stderr.
std::vector<Expected> expected_for(const std::string& text, std::size_t& headers) {
  std::vector<Expected> out;
  std::vector<std::pair<const sudoku::Geometry*, std::unique_ptr<sudoku::Solver>>> solvers;
  headers = 0;
  for (sudoku::Record& record : sudoku::read_all(text)) {
    Expected e;
    if (record.error) {
      const auto kind = record.error->kind();
      if (kind == sudoku::FormatErrorKind::bad_variant ||
          kind == sudoku::FormatErrorKind::bad_regions ||
          kind == sudoku::FormatErrorKind::bad_size) {
        ++headers;
        continue;
      }
      e.error = true;
    } else {
      const sudoku::Geometry* g = record.geometry.get();
      auto found =
          std::find_if(solvers.begin(), solvers.end(), [g](const auto& s) { return s.first == g; });
      if (found == solvers.end())
        found = solvers.emplace(solvers.end(), g, std::make_unique<sudoku::Solver>(*g));
      try {
        e.solutions = found->second->solve(record.givens, 0).solutions;
      } catch (const sudoku::ClashError&) {
        e.error = true;
      }
    }
    e.record = std::move(record);
    out.push_back(std::move(e));
  }
  return out;
}

class Batch : public app_run::Sandbox {
 protected:
  app_run::Outcome sudoku(const std::string& args) { return run(SUDOKU_BINARY, args); }

  // Checks the line format's solutions and --count's counts against the library, and that every
  // format (--rate too, when `rate`) gives the same output on 1, 2 and 3 threads.
  void check_file(const std::string& name, const std::string& text, bool rate = true) {
    file(name, text);
    std::size_t headers = 0;
    const std::vector<Expected> expected = expected_for(text, headers);
    ASSERT_FALSE(expected.empty());

    const app_run::Outcome solved = sudoku("-f line " + name);
    const std::vector<std::string> lines = lines_of(solved.out);
    ASSERT_EQ(lines.size(), expected.size()) << solved.out << solved.err;
    std::size_t errors = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      SCOPED_TRACE("record " + std::to_string(i) + " at line " +
                   std::to_string(expected[i].record.line));
      const Expected& e = expected[i];
      if (e.error) {
        ++errors;
        EXPECT_EQ(lines[i], "error");
      } else if (e.solutions == 0) {
        EXPECT_EQ(lines[i], "none");
      } else {
        const sudoku::Geometry& g = *e.record.geometry;
        const std::vector<sudoku::Record> read = sudoku::read_all(lines[i] + "\n");
        ASSERT_EQ(read.size(), 1u);
        ASSERT_TRUE(read[0].ok()) << lines[i];
        EXPECT_TRUE(sudoku::is_solution(g, e.record.givens, read[0].givens)) << lines[i];
      }
    }
    // One message on stderr per error (the summary line says "sudoku:"), in input order.
    std::size_t messages = 0, last_line = 0;
    for (const std::string& line : lines_of(solved.err)) {
      if (line.starts_with("sudoku:")) continue;
      ++messages;
      const std::size_t at = std::stoul(line.substr(name.size() + 1));
      EXPECT_GE(at, last_line) << line;
      last_line = at;
    }
    EXPECT_EQ(messages, errors + headers) << solved.err;

    const app_run::Outcome counted = sudoku("--count --limit 0 -f line " + name);
    const std::vector<std::string> counts = lines_of(counted.out);
    ASSERT_EQ(counts.size(), expected.size()) << counted.out;
    for (std::size_t i = 0; i < expected.size(); ++i)
      EXPECT_EQ(counts[i], expected[i].error ? "error" : std::to_string(expected[i].solutions))
          << "record " << i;

    for (const std::string args : {"-f line", "--count -f line", "-f json", "", "--count -f json",
                                   "--unique -f line", "--rate -f line"}) {
      if (!rate && args.starts_with("--rate")) continue;
      SCOPED_TRACE(args);
      const app_run::Outcome one = sudoku(args + " -j 1 " + name);
      for (const char* threads : {" -j 2 ", " -j 3 "}) {
        const app_run::Outcome more = sudoku(args + threads + name);
        EXPECT_EQ(more.out, one.out) << threads;
        EXPECT_EQ(more.status, one.status) << threads;
      }
    }
  }
};

TEST_F(Batch, AMixOfGoodBadUnsolvableAndMultiSolutionPuzzles) {
  const std::string long_comment(200'000, 'x');
  std::string text = std::string("\xEF\xBB\xBF") + wiki + "\r\n";  // byte-order mark, CRLF
  text += bad_character + "\n";                                    // bad character
  text += no_solution + "\r\n";                                    // no solution
  text += two_solutions + "\n";                                    // two solutions
  text += "# a comment\r\n\r\n";                                   // comment, blank line
  text += wiki.substr(0, 27) + "\t" + wiki.substr(27) + "\t# tab inside\n";
  text += clash + "\n";                // givens clash
  for (int row = 0; row < 9; ++row) {  // a grid of rows, CRLF, borders
    if (row == 3 || row == 6) text += "------+-------+------\r\n";
    const std::string r = eight_solutions.substr(static_cast<std::size_t>(row) * 9, 9);
    text += r.substr(0, 3) + " | " + r.substr(3, 3) + " | " + r.substr(6, 3) + "\r\n";
  }
  text += std::string(2 << 20, '1') + "\n";  // a line over the limit
  text += wiki + " " + long_comment + "\n";  // a long line within it
  text += "12345\n";                         // wrong length
  text += std::string("#variant x\n") + x_puzzle + "\n#variant nope\n" + x_puzzle +
          "\n#variant regular\n";
  text += "53..7....\n6..195...\n.98....6.\n";  // a grid cut short by a puzzle
  text += eight_solutions;                      // no final newline
  check_file("mix.txt", text);
}

TEST_F(Batch, RandomMixesGiveOneResultPerPuzzleInOrderOnAnyNumberOfThreads) {
  // Pieces, each one record; joined with random line ends, tabs and comments.
  const std::vector<std::string> pieces = {
      wiki,
      no_solution,
      two_solutions,
      eight_solutions,
      clash,
      bad_character,
      "12345",
      std::string(16, '.'),
      std::string("1234") + std::string(12, '.'),
      wiki.substr(0, 80),
      std::string("#variant x\n") + x_puzzle + "\n#variant regular",
      "#variant bogus\n" + wiki + "\n#variant regular",
  };
  std::mt19937 random(20240607);
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    std::string text = round == 1 ? "\xEF\xBB\xBF" : "";
    for (int i = 0; i < share_of(200); ++i) {
      std::string piece = pieces[random() % pieces.size()];
      // A tab anywhere in a line of cells (in a header it would make a comment of it, and an X
      // sudoku read as a regular one has more solutions than a test can count).
      if (piece[0] != '#' && random() % 4 == 0) {
        const std::size_t at = random() % (piece.size() + 1);  // not inline: GCC 12 -Wrestrict
        piece = piece.substr(0, at) + '\t' + piece.substr(at);
      }
      const char* end = random() % 3 == 0 ? "\r\n" : "\n";
      std::size_t at = 0;
      while ((at = piece.find('\n', at)) != std::string::npos) {
        piece.replace(at, 1, end);
        at += std::string(end).size();
      }
      text += piece + end;
      if (random() % 10 == 0) text += "# comment\n\n";
    }
    if (round == 2) text.erase(text.find_last_not_of("\r\n") + 1);  // no final newline
    // Not rated: the X puzzle rates in 0.5 s (nested forcing chains), a minute for the 17 or so
    // of a round on 3 thread counts; the mix above rates each kind of record.
    check_file("random" + std::to_string(round) + ".txt", text, false);
  }
}

}  // namespace
