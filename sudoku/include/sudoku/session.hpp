// Interactive solving: a puzzle, the digits a person places and the candidates they leave, with
// undo and redo, driven by one command line at a time.
//
// A session does no I/O: each command returns the text to show, and the files of `load` and
// `save` go through functions the caller supplies, so that a test can drive a whole session.
// Each change (set, clear, step, singles, soles, solve, new, load) saves the state before it for
// undo; `candidates on|off` and the other commands change nothing that undo sees.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/candidates.hpp"
#include "sudoku/geometry.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

// What a session needs from its caller.
struct SessionOptions {
  ReaderOptions reader;              // how `load` reads a file, and the shape of the first grid
  bool color = false;                // ANSI colours in the grids (for a terminal)
  std::uint64_t count_limit = 1000;  // `count` stops after this many solutions
  std::uint64_t count_nodes = 2'000'000;  // and after this many search-tree nodes
  // The text of a file, for `load`; throws std::runtime_error with a message for people.
  std::function<std::string(const std::string& path)> read_file;
  // Writes a file, for `save`; throws std::runtime_error with a message for people.
  std::function<void(const std::string& path, const std::string& text)> write_file;
};

// The answer to one command.
struct Reply {
  std::string text;  // what to show; every line ends with a newline
  bool ok = true;    // false when the command was not understood or could not be done
};

// One puzzle being solved by a person.
class Session {
 public:
  // Starts on a blank grid: ReaderOptions::size (9 when 0) and its variant.
  explicit Session(SessionOptions options = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Starts afresh on the first puzzle of a text (its digits are the givens), with no history;
  // `name` names the text in messages. A text without a puzzle gives a blank grid; an error is
  // reported as "name:line:column: message" and leaves the session as it was.
  Reply open(std::string_view name, std::string_view text);
  // Runs one command line ("set r3c5 7", "hint", ...); see help().
  Reply run(std::string_view line);
  // The grid with its candidates, then the status line.
  std::string show() const;
  // The status line: the open cells and the combinations of their candidates (the product of
  // the candidate counts), or that the grid is solved, or what makes it impossible.
  std::string status() const;
  // True once `quit` has run.
  bool finished() const noexcept { return finished_; }

  // The shape of the grid.
  const Geometry& geometry() const noexcept;
  // The givens (0 elsewhere); they cannot be cleared.
  const Grid& givens() const noexcept;
  // The digits placed, givens included, and the candidates of the other cells.
  const Candidates& candidates() const noexcept;
  // The text of `help`: every command, one per line.
  static std::string_view help();

 private:
  struct State;

  Reply load(std::string_view name, std::string_view text, bool keep_history);
  Reply command(const std::vector<std::string>& words);
  Reply set(const std::vector<std::string>& words);
  Reply clear(const std::vector<std::string>& words);
  Reply hint();
  Reply step();
  Reply singles(bool hidden);
  Reply solve();
  Reply count();
  Reply fresh(const std::vector<std::string>& words);
  Reply save(const std::vector<std::string>& words);
  void change();  // saves the state for undo, forgets redo
  std::string show(const std::vector<int>& marked) const;

  SessionOptions options_;
  std::unique_ptr<State> now_;
  std::vector<State> undo_, redo_;
  bool show_candidates_ = true;
  bool finished_ = false;
  std::unique_ptr<Solver> solver_;  // for `count`, kept while the shape stays the same
};

}  // namespace sudoku
