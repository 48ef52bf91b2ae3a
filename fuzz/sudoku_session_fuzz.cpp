// Fuzz target: the interactive mode's command reader (sudoku::Session), driven like a person at
// the keyboard would drive it.
//
// The input is a puzzle text, a line "%%", then commands, one per line; the first byte picks the
// session's options (its top bit: a line limit of 78 to 84 bytes, near a 9x9 puzzle's 81). Files
// live in memory, so that `save` and `load` go round. After each command the reply and the state
// must be well formed, and an `undo` followed by `redo` must give back the grid (shape, givens,
// digits, candidates and marks by hand) that was there before the undo; the text `save` writes,
// opened in a new session, must give back the same grid.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "check.hpp"
#include "sudoku/play/session.hpp"

namespace {

void check_reply(const sudoku::Reply& reply) {
  CHECK(reply.text.empty() || reply.text.back() == '\n');
  CHECK(reply.ok || !reply.text.empty());
}

void check_state(const sudoku::Session& session) {
  const sudoku::Geometry& g = session.geometry();
  const auto cells = static_cast<std::size_t>(g.cell_count());
  CHECK(session.givens().size() == cells);
  for (std::size_t cell = 0; cell < cells; ++cell) {
    const int given = session.givens()[cell];
    CHECK(given >= 0 && given <= g.size());
    if (given != 0) CHECK(session.candidates().value(static_cast<int>(cell)) == given);
    // Marks only on open cells, and a candidate marked is gone.
    const sudoku::Mask marks = session.marks(static_cast<int>(cell));
    if (session.candidates().value(static_cast<int>(cell)) != 0) CHECK(marks == 0);
    CHECK((marks & session.candidates().mask(static_cast<int>(cell))) == 0);
  }
  CHECK(session.hint_stage() >= 0 && session.hint_stage() <= 3);
  const std::string status = session.status();
  CHECK(!status.empty() && status.back() == '\n');
}

// What the grid shows: its shape (and region map), the givens, and each cell's digit or candidates.
// Cheaper to compare than the drawn grid, and it changes whenever the drawing does.
struct Snapshot {
  Snapshot() = default;
  explicit Snapshot(const sudoku::Session& session)
      : size(session.geometry().size()),
        variant(session.geometry().variant()),
        chess(session.geometry().chess()),
        givens(session.givens()),
        digits(session.candidates().grid()) {
    const sudoku::Geometry& g = session.geometry();
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      masks.push_back(session.candidates().mask(cell));
      marks.push_back(session.marks(cell));
      if (variant == sudoku::Variant::jigsaw) regions.push_back(g.region_of(cell));
    }
  }
  bool operator==(const Snapshot&) const = default;

  int size = 0;
  sudoku::Variant variant = sudoku::Variant::regular;
  sudoku::Chess chess = sudoku::Chess::none;
  sudoku::Grid givens, digits;
  std::vector<sudoku::Mask> masks, marks;
  std::vector<int> regions;  // jigsaw only
};

// The size a `new` command asks for, or 0.
int new_size(std::string_view line) {
  std::istringstream words{std::string(line)};
  std::string command;
  int size = 0;
  words >> command >> size;
  for (char& c : command) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return command == "new" ? size : 0;
}

// True for the commands that run the full ladder: `hint`, `step` and `solve` (not `solve search`).
bool ladder_command(std::string_view line) {
  std::istringstream words{std::string(line)};
  std::string command, argument;
  words >> command >> argument;
  for (std::string* word : {&command, &argument})
    for (char& c : *word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return command == "hint" || command == "step" || (command == "solve" && argument != "search");
}

// The budget of a ladder command: on a grid with many open cells the forcing nets try every
// candidate, which under the sanitizers and the fuzzer's coverage takes seconds (a blank 4x4
// grid's `solve` 2 to 3 s, a blank 6x6 X grid's 36 s, 0.07 s and 0.66 s without them) to minutes
// (a 16x16 one's `hint`). So they run with at most four fifths of the cells open up to 9x9 (a 9x9
// puzzle of 17 givens or more), half above, and on 4x4 grids however open; and, so that one
// input stays well under the fuzzer's timeout (a hard 9x9 puzzle's `solve` and `hint` took 17 s
// there), twice an input above 4x4, six times in all (`used` counts them).
bool within_budget(const sudoku::Session& session, int& used) {
  const sudoku::Geometry& g = session.geometry();
  if (g.size() <= 4) return ++used <= 6;
  int open = 0;
  for (int cell = 0; cell < g.cell_count(); ++cell) open += session.candidates().value(cell) == 0;
  if (g.cell_count() > 81 ? 2 * open > g.cell_count() : 5 * open > 4 * g.cell_count()) return false;
  return ++used <= 2;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t pick = data[0];
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  std::map<std::string, std::string> files;
  sudoku::SessionOptions options;
  options.color = (pick & 1) != 0;
  constexpr int sizes[] = {0, 4, 6, 9};
  options.reader.size = sizes[(pick >> 1) % 4];
  options.count_limit = 1 + (pick >> 3) % 4;
  options.count_nodes = 100;
  // Lines near the reader's limit, in the puzzle text and in files loaded: a small limit around
  // the length of a 9x9 one-line puzzle, so that inputs of a few bytes reach it (and pass it).
  if ((pick & 0x80) != 0) options.reader.max_line_length = 78 + ((pick >> 5) & 3) * 2;
  options.read_file = [&files](const std::string& path) {
    const auto found = files.find(path);
    if (found == files.end()) throw std::runtime_error(path + ": no such file");
    return found->second;
  };
  options.write_file = [&files](const std::string& path, const std::string& contents) {
    if (files.size() >= 8 && !files.contains(path)) throw std::runtime_error(path + ": disk full");
    files[path] = contents;
  };
  sudoku::Session session(options);

  const std::size_t split = text.find("\n%%\n");
  if (split != std::string_view::npos) {
    check_reply(session.open("puzzle", text.substr(0, split)));
    text.remove_prefix(split + 4);
  }
  check_state(session);

  // Sixteen commands: enough for any sequence worth trying (undo, redo, save and load around a
  // change), few enough to stay fast: most commands answer with the whole grid drawn.
  int ladders = 0;  // ladder commands run
  for (int commands = 0; commands < 16 && !text.empty() && !session.finished(); ++commands) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);

    // Grids above 16x16 take from 45 ms (25x25) to seconds to set up under the sanitizers; the
    // tests have them.
    if (new_size(line) > 16) continue;
    if (ladder_command(line) && !within_budget(session, ladders)) continue;
    const bool undo = line == "undo";
    const Snapshot before = undo ? Snapshot(session) : Snapshot();
    const sudoku::Reply reply = session.run(line);
    check_reply(reply);
    check_state(session);
    for (int cell : reply.cells) CHECK(cell >= 0 && cell < session.geometry().cell_count());
    if (reply.ok && line.starts_with("save ")) {
      // Without the small line limit: a 9x9 grid is written on one line of 81 cells.
      sudoku::SessionOptions whole = options;
      whole.reader.max_line_length = sudoku::ReaderOptions{}.max_line_length;
      sudoku::Session reopened(whole);
      CHECK(reopened.open("saved", session.save_text()).ok);
      CHECK(Snapshot(reopened) == Snapshot(session));
    }
    if (undo && reply.ok) {
      CHECK(session.run("redo").ok);
      CHECK(Snapshot(session) == before);
      CHECK(session.run("undo").ok);
    }
  }
  return 0;
}
