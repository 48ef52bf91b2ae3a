// sudoku --interactive: a session (sudoku/play/session.hpp) on the first puzzle of a file or of
// standard input, one command per line, with line editing and history on a terminal.
#pragma once

#include "options.hpp"

namespace sudoku_app {

// Runs the session until `quit` or the end of the input; returns the exit status.
int run_interactive(const Settings& settings);

}  // namespace sudoku_app
