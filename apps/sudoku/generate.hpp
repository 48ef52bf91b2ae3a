// sudoku --generate: a set of puzzles made by the library's generation pool
// (sudoku/make/pool.hpp), written in order as they come, with a summary on stderr.
#pragma once

#include "options.hpp"

namespace sudoku_app {

// Prints `g.puzzles` puzzles of the shape the options ask for (9x9 regular by default); returns
// the exit status.
int run_generate(GenerateSettings g, const Settings& settings);

}  // namespace sudoku_app
