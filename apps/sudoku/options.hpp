// The sudoku command's options: the table --help shows, and what they ask for, checked.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/make/made_to_order.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/batch.hpp"
#include "sudoku/search/solver.hpp"

namespace sudoku_app {

namespace po = boost::program_options;

enum class Format { pretty, line, json, fpuzzles };  // fpuzzles: puzzles as f-puzzles links

// What the command line asked for, checked.
struct Settings {
  sudoku::Task task = sudoku::Task::solve;  // what the batch does with each puzzle
  bool interactive = false;                 // a session on one puzzle instead of a batch
  bool killer = false;                      // --variant killer: for --generate only
  std::vector<std::string> rules;           // --variant's rule keywords: --generate only
  Format format = Format::pretty;
  std::uint64_t limit = 2;      // solutions searched for per puzzle; 0: all
  std::uint64_t max_nodes = 0;  // search-tree nodes per puzzle; 0: no budget
  double max_seconds = 0;       // seconds per puzzle's search; 0: no limit
  bool unique = false;
  bool check_solution = false;
  bool stats = false;
  bool color = false;      // colours on stdout
  bool err_color = false;  // colours in the -v grids on stderr
  unsigned threads = 1;
  sudoku::Logic logic = sudoku::Logic::fast;
  bool logic_given = false;      // --logic was given (else -v explains with the full ladder)
  double progress = 0;           // seconds between progress lines on stderr; 0: none
  int verbose = 0;               // -v LEVEL, 0 for none
  std::string interactive_file;  // the file of --interactive
  int hint_level = 0;            // --hint-level: the stage of a hint (1 to 3), 0 when not given
  // --assume-unique, --no-assume-unique: whether the uniqueness techniques take part
  sudoku::Uniqueness uniqueness = sudoku::Uniqueness::when_proved;
  sudoku::ReaderOptions reader;
};

// --generate: what to make, checked.
struct GenerateSettings {
  std::uint64_t puzzles = 0;  // 0: not generating
  std::uint64_t seed = 0;
  bool random_seed = false;  // no --seed: one from the system, shown in the summary
  sudoku::GeneratorOptions options;
  bool givens_asked = false;  // --givens or --minimal; else the shape's default (the library's)
  bool budget_by_default = false;    // the shape's default: as few givens as budgeted checks reach
  bool check_nodes_asked = false;    // --check-nodes
  sudoku::Order order;               // --difficulty, --rating, --technique
  std::uint64_t attempts = 1000000;  // per puzzle, for an order
};

// Reads the command line into `settings`, `generate` (--generate and what goes with it) and
// `files` ("-" when none); the exit status when the command is done (--help, --version, a usage
// error), nothing when it goes on.
std::optional<int> read_command_line(int argc, char** argv, Settings& settings,
                                     GenerateSettings& generate, std::vector<std::string>& files);

}  // namespace sudoku_app
