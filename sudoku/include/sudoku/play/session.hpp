// Interactive solving: a puzzle, the digits a person places and the candidates they leave, with
// undo and redo, driven by one command line at a time.
//
// A session does no I/O: each command returns the text to show, and the files of `load` and
// `save` go through functions the caller supplies, so that a test can drive a whole session.
// Each change (set, clear, mark, reveal, step, singles, soles, solve, new, load) saves the state
// before it for undo; `candidates on|off` and the other commands change nothing that undo sees.
//
// Every command has a typed form too (place, erase, mark, reveal, check, hint, undo, redo,
// save_text, open), for front ends that do not type commands (the web page): the same rules and
// the same replies. `save` writes the whole position (sudoku/play/position.hpp), which `load` and
// open() read back: the same digits, candidates and marks by hand, without the undo history.
//
// The solution the session speaks of (reveal, check, the first hint after a wrong digit) is the
// one the exact-cover search finds for the givens when it is unique; for a puzzle with several
// (a blank grid typed in), one that fits the digits placed.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/play/position.hpp"
#include "sudoku/search/solver.hpp"

namespace sudoku {

// How replies name the commands they suggest for what to do next: the terminal's command lines
// by default. A front end with buttons gives its own (the web page: "Reveal gives the selected
// cell's digit"), so that a reply never names a command its player cannot type.
struct SessionPhrases {
  // After the last stage of a hint, asked again: how to take its step.
  std::string take_step = "'step' takes it";
  // When no technique applies: how to get a cell's digit, and the rest.
  std::string reveal_or_search = "'reveal r3c5' gives a cell's digit, 'solve search' the rest";
  // The same, on a puzzle with several solutions.
  std::string one_of_several = "'solve search' fills in one of them, 'reveal r3c5' a cell of it";
  // How to see the digits placed that are wrong.
  std::string show_mistakes = "'check' shows the wrong digits";
  // When no solution fits the digits placed: how to go on.
  std::string mend = "'check' or undo, then 'solve search'";
  // How to bring back a candidate removed by hand.
  std::string bring_back = "'mark' brings a candidate back";
};

// What a session needs from its caller.
struct SessionOptions {
  ReaderOptions reader;              // how `load` reads a file, and the shape of the first grid
  bool color = false;                // ANSI colours in the grids (for a terminal)
  std::uint64_t count_limit = 1000;  // `count` stops after this many solutions
  std::uint64_t count_nodes = 2'000'000;  // and after this many search-tree nodes (also the
                                          // budget of the search for the solution)
  int hint_stage = 1;  // the stage (1 to 3, explain.hpp) of the first hint of a position
  // The grid after every change (and with hint and check); off, a change says what it did in a
  // line and `show` draws the grid (what a terminal wants: the grid takes most of a screen).
  bool autoshow = true;
  // The columns a grid may take (a terminal's width): candidates that do not fit give way to the
  // digits alone, and `show r3` lists them; 0 for no limit.
  int width = 0;
  // Whether `hint`, `step` and `solve` use the uniqueness techniques (explain.hpp): by default
  // only when counting the givens proved one solution.
  Uniqueness uniqueness = Uniqueness::when_proved;
  // The text of a file, for `load`; throws std::runtime_error with a message for people.
  std::function<std::string(const std::string& path)> read_file;
  // Writes a file, for `save`; throws std::runtime_error with a message for people.
  std::function<void(const std::string& path, const std::string& text)> write_file;
  // A flag another thread or a signal handler (Ctrl-C) may raise to stop a command that runs
  // long (solve, hint, step, count, the search for the solution): the command then changes
  // nothing and its reply starts "interrupted"; the caller lowers the flag again. nullptr: none.
  const std::atomic<bool>* stop = nullptr;
  // How replies name the commands they suggest.
  SessionPhrases phrases;
};

// The answer to one command.
struct Reply {
  Reply() = default;
  Reply(std::string text_, bool ok_ = true, std::vector<int> cells_ = {})
      : text(std::move(text_)), ok(ok_), cells(std::move(cells_)) {}
  std::string text;        // what to show; every line ends with a newline
  bool ok = true;          // false when the command was not understood or could not be done
  std::vector<int> cells;  // the cells the reply is about (a hint's, the mistakes of check, ...)
  // What a hint at its last stage would do: the digits its step places, the candidates it removes;
  // and the links of its reasoning (arrows_of, sudoku/play/explain.hpp).
  std::vector<Candidate> placed, removed;
  std::vector<Arrow> arrows;
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
  // The grid with its candidates, then the status line (the command `show` marks the cells of
  // the last hint or check as well, if nothing has changed since).
  std::string show() const;
  // The columns the grid may take from now on (SessionOptions::width).
  void set_width(int columns) noexcept { options_.width = columns; }
  // The status line in a player's words: the cells to fill and the candidates they have left
  // ("58 cells to fill, 227 candidates left"), or that the grid is solved, or what makes it
  // impossible.
  std::string status() const;
  // True once `quit` has run.
  bool finished() const noexcept { return finished_; }
  // True when the position has changed since it was opened, loaded or saved (a blank grid of
  // `new` has nothing to save).
  bool unsaved() const noexcept { return version_ != saved_version_; }

  // The shape of the grid.
  const Geometry& geometry() const noexcept;
  // The givens (0 elsewhere); they cannot be cleared.
  const Grid& givens() const noexcept;
  // The digits placed, givens included, and the candidates of the other cells.
  const Candidates& candidates() const noexcept;
  // The candidates removed from a cell by hand (none once it holds a digit).
  Mask marks(int cell) const noexcept;
  // The whole position: givens, digits placed, candidates removed by hand and by steps.
  Position position() const;
  // The text `save` writes: write_position() of position(), digits in the reader's alphabet.
  std::string save_text() const;
  // The stage the last hint showed (0 before any hint of this position).
  int hint_stage() const noexcept { return hint_stage_; }
  // Whether `hint`, `step` and `solve` use the uniqueness techniques from now on
  // (SessionOptions::uniqueness); a setting, not a change undo sees. The next hint starts afresh.
  void set_uniqueness(Uniqueness uniqueness) noexcept;
  Uniqueness uniqueness() const noexcept { return options_.uniqueness; }
  // The text of `help`: every command, one per line.
  static std::string_view help();

  // The commands, typed. Cells are 0-based in reading order, digits 1 to the size.
  Reply place(int cell, int digit);                 // set
  Reply erase(int cell);                            // clear
  Reply mark(int cell, Mask remove, Mask restore);  // mark: candidates removed, brought back
  Reply reveal(int cell);                           // reveal: the solution's digit placed
  Reply check();                                    // check: the digits that are wrong
  Reply hint();                                     // hint: one stage deeper each time
  Reply undo();
  Reply redo();

 private:
  struct State;
  // Moves the position from one history to the other (undo: from undo_ to redo_).
  Reply travel(std::vector<State>& from, std::vector<State>& to, const char* none);

  Reply load(std::string_view name, std::string_view text, bool keep_history);
  Reply command(const std::vector<std::string>& words);
  Reply set(const std::vector<std::string>& words);
  Reply clear(const std::vector<std::string>& words);
  Reply mark(const std::vector<std::string>& words);
  Reply reveal(const std::vector<std::string>& words);
  Reply step();
  Reply singles(bool hidden);
  Reply keep_true();
  Reply solve();
  Reply search();
  Reply count();
  Reply fresh(const std::vector<std::string>& words);
  Reply save(const std::vector<std::string>& words);
  void change();  // saves the state for undo, forgets redo
  std::string symbol(int digit) const;
  // Why a digit cannot go in a cell: a peer holds it (that peer in *peer, when asked).
  std::optional<std::string> peer_holds(int cell, int digit, int* peer = nullptr) const;
  void rebuild(int cell, Mask restore);  // the candidates again, with `restore` back in `cell`
  std::string show(const std::vector<int>& marked) const;
  Reply show(const std::vector<std::string>& words);  // show, show r3, show box 2, show r3c5
  // What a change's reply ends with: the grid (autoshow), or the status line when the grid is
  // solved or broken.
  std::string after_change(const std::vector<int>& cells = {});
  // The grid with `cells` marked when autoshow is on; `show` marks them until the next change.
  std::string shown_with(const std::vector<int>& cells);
  // What the search says of the puzzle, and of the digits placed.
  struct Truth;
  const Truth& truth();
  bool unique();  // whether the uniqueness techniques reason on this puzzle (options.uniqueness)
  Truth fit();    // a solution of the digits placed
  std::string trouble(std::vector<int>& cells);  // what is wrong with the position, or ""
  // The digits placed that the solution does not have, and the open cells whose candidates lost
  // its digit (by hand or by steps, not because of a digit placed).
  void mistakes(const Grid& solution, std::vector<int>& wrong, std::vector<int>& lost) const;

  SessionOptions options_;
  std::unique_ptr<State> now_;
  std::vector<State> undo_, redo_;
  bool show_candidates_ = true;
  std::vector<int> marked_;           // the cells of the last hint or check
  std::uint64_t marked_version_ = 0;  // the version they were about
  bool finished_ = false;
  std::unique_ptr<Solver> solver_;  // for `count`, kept while the shape stays the same
  Solver& solver();
  std::unique_ptr<Truth> truth_;  // of the givens of truth_givens_, on truth_geometry_
  Grid truth_givens_;
  const Geometry* truth_geometry_ = nullptr;
  std::uint64_t version_ = 0;        // raised by every change, undo and redo
  std::uint64_t saved_version_ = 0;  // the version opened, loaded or saved
  bool stopped() const noexcept;     // the stop flag is raised
  std::uint64_t hint_version_ = 0;   // the version the hints so far were about
  int hint_press_ = 0;               // hints asked on that version
  int hint_stage_ = 0;
  // A position on which the whole ladder found nothing (with uniqueness reasoning or not): hint,
  // step and solve say so again without running it, until the candidates change.
  std::optional<Candidates> stuck_;
  bool stuck_unique_ = false;
  bool stuck();
  void remember_stuck(const Candidates& candidates);
  bool next_on_ladder(Step& step);
  std::string stalled();  // what hint and step say when no technique applies
};

}  // namespace sudoku
