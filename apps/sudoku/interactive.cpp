#include "interactive.hpp"

#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "../common/command.hpp"
#include "sudoku/play/session.hpp"

#ifdef SUDOKU_WITH_LIBEDIT
#include <editline/readline.h>
#endif

namespace sudoku_app {

using app::exit_error;
using app::exit_solved;

namespace {

// Raised by Ctrl-C: the session's stop flag, lowered before each command.
std::atomic<bool> interrupt_command{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interactive_interrupt(int) {
  interrupt_command.store(true);
}

// Ctrl-C stops the command running and the session goes on, as in any REPL; caught without
// SA_RESTART, so that a line being typed is given up (libedit returns, and says so below).
void catch_ctrl_c() {
  struct sigaction action {};
  action.sa_handler = on_interactive_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, nullptr);
}

// The most a file or standard input may hold for the interactive mode, which reads one puzzle.
constexpr std::size_t max_interactive_text = std::size_t{16} << 20;

// Reads one line of at most `limit` bytes (its end excluded) into `line`; false at the end of
// the input. A longer line throws at the limit, naming `name` and the line `number`.
bool read_bounded_line(std::istream& in, std::string& line, std::size_t limit,
                       const std::string& name, std::size_t number) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  for (;;) {
    int c = 0;
    try {
      c = buf->sbumpc();
    } catch (...) {
      in.setstate(std::ios::badbit);
      return !line.empty();
    }
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !line.empty();
    }
    if (c == '\n') return true;
    line += static_cast<char>(c);
    // A '\r' before the newline does not count.
    if (line.size() > limit + 1 || (line.size() == limit + 1 && line.back() != '\r'))
      throw std::runtime_error(name + ":" + std::to_string(number) + ":" +
                               std::to_string(limit + 1) + ": line is longer than the limit of " +
                               std::to_string(limit) + " bytes");
  }
}

// The text of a file, for the interactive mode and the session's `load`: its lines bounded as the
// batch reader bounds them, its size by max_interactive_text, each checked while reading.
std::string read_text(const std::string& path, std::size_t limit) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::runtime_error(path + ": Is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": " + std::strerror(errno));
  std::string text, line;
  for (std::size_t number = 1; read_bounded_line(in, line, limit, path, number); ++number) {
    if (text.size() + line.size() + 1 > max_interactive_text)
      throw std::runtime_error(path + ": larger than " +
                               std::to_string(max_interactive_text >> 20) +
                               " MiB; the interactive mode reads one puzzle");
    text += line;
    text += '\n';
  }
  if (in.bad()) throw std::runtime_error(path + ": read error");
  return text;
}

// The file that keeps the commands typed at a terminal from one session to the next:
// $SUDOKU_HISTORY (set but empty: none), else $XDG_STATE_HOME/sudoku/history (an absolute
// path, as the XDG base directories ask), else ~/.local/state/sudoku/history; "" for none.
std::string history_file() {
  if (const char* set = std::getenv("SUDOKU_HISTORY")) return set;
  std::filesystem::path dir;
  if (const char* state = std::getenv("XDG_STATE_HOME");
      state != nullptr && std::filesystem::path(state).is_absolute())
    dir = state;
  else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    dir = std::filesystem::path(home) / ".local" / "state";
  else
    return "";
  return (dir / "sudoku" / "history").string();
}

// The columns of the terminal standard output is, or 0 when it is none.
int terminal_width() {
  winsize size{};
  if (::isatty(STDOUT_FILENO) == 0 || ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

// The last commands kept in the history file.
constexpr int history_lines = 1000;

// Reads one command typed at a terminal, with line editing and history (libedit); false at the
// end of the input (Ctrl-D). A line over `limit` bytes throws, as read_bounded_line does. Each
// command goes into the history file `history` ("" for none) as it is typed, so that a session
// that ends anyhow keeps it; a file that cannot be written is reported once.
bool edit_line(std::string& line, std::size_t limit, std::size_t number,
               const std::string& history) {
#ifdef SUDOKU_WITH_LIBEDIT
  char* typed = ::readline("> ");
  if (typed == nullptr) return false;
  line = typed;
  std::free(typed);
  if (line.size() > limit)
    throw std::runtime_error("<stdin>:" + std::to_string(number) + ":" + std::to_string(limit + 1) +
                             ": line is longer than the limit of " + std::to_string(limit) +
                             " bytes");
  if (line.find_first_not_of(" \t") == std::string::npos) return true;
  ::add_history(line.c_str());
  static bool reported = false;
  if (!history.empty() && !reported) {
    std::error_code error;
    const auto parent = std::filesystem::path(history).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, error);
    if (::write_history(history.c_str()) != 0) {
      reported = true;
      std::cerr << "sudoku: cannot keep the history in " << history << ": " << std::strerror(errno)
                << " (SUDOKU_HISTORY= keeps none)\n";
    }
  }
  return true;
#else
  (void)line, (void)limit, (void)number, (void)history;
  return false;
#endif
}

// At the end of a session on a terminal with a position not saved: asks for a file to save it in
// (an empty line, Ctrl-D or Ctrl-C: none), until one is written.
void offer_to_save(sudoku::Session& session, std::size_t limit) {
  for (;;) {
    interrupt_command.store(false);
    std::cout << "The position is not saved. A file to save it in (Enter: none): " << std::flush;
    std::string name;
    bool typed = false;
    try {
      typed = read_bounded_line(std::cin, name, limit, "<stdin>", 0);
    } catch (const std::exception&) {
      typed = false;
    }
    const std::size_t start = name.find_first_not_of(" \t");
    if (!typed || interrupt_command.load() || start == std::string::npos) {
      std::cout << (typed ? "" : "\n") << "not saved\n";
      return;
    }
    const sudoku::Reply reply = session.run("save " + name.substr(start));
    std::cout << reply.text;
    if (reply.ok) return;
  }
}

}  // namespace

// --interactive: a session on the first puzzle of a file (or of standard input, whose later
// lines are then the commands), one command per line, until `quit` or the end of the input.
int run_interactive(const Settings& settings) {
  sudoku::SessionOptions options;
  options.reader = settings.reader;
  options.color = settings.color;
  if (settings.hint_level != 0) options.hint_stage = settings.hint_level;
  options.uniqueness = settings.uniqueness;
  // A change says what it did in a line; `show` draws the grid (`autoshow on` after each change),
  // the candidates only if they fit the terminal.
  options.autoshow = false;
  options.width = terminal_width();
  options.stop = &interrupt_command;
  const std::size_t limit = settings.reader.max_line_length;
  options.read_file = [limit](const std::string& path) { return read_text(path, limit); };
  options.write_file = [](const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    if (!(out << text) || !out.flush())
      throw std::runtime_error(path + ": " + std::strerror(errno));
  };
  std::unique_ptr<sudoku::Session> session;
  try {
    session = std::make_unique<sudoku::Session>(options);
  } catch (const sudoku::GeometryError& error) {
    std::cerr << "sudoku: " << error.what() << "\n";
    return exit_error;
  }
  std::string name = settings.interactive_file, text;
  std::optional<std::string> first_command;  // read from standard input after the puzzle
  std::size_t number = 0;  // lines read from standard input: the puzzle's, then the commands
  if (name == "-") {
    // Lines up to the end of the first puzzle (or of the first bad one) hold the puzzle.
    name = "<stdin>";
    std::string line;
    for (;;) {
      try {
        if (!read_bounded_line(std::cin, line, limit, name, ++number)) break;
      } catch (const std::exception& error) {
        std::cerr << "sudoku: " << error.what() << "\n";
        return exit_error;
      }
      if (text.size() + line.size() + 1 > max_interactive_text) {
        std::cerr << "sudoku: <stdin>: the puzzle is not over within "
                  << (max_interactive_text >> 20) << " MiB\n";
        return exit_error;
      }
      text += line + "\n";
      const std::vector<sudoku::Record> records = sudoku::read_all(text, settings.reader);
      if (!records.empty() && (records.front().ok() || records.front().error->kind() !=
                                                           sudoku::FormatErrorKind::truncated_grid))
        break;
    }
    // A position saved goes on with its own lines (#placed, #marks, #removed); the first other
    // line is the first command.
    while (!std::cin.eof() && !std::cin.bad()) {
      try {
        if (!read_bounded_line(std::cin, line, limit, name, ++number)) break;
      } catch (const std::exception& error) {
        std::cerr << "sudoku: " << error.what() << "\n";
        return exit_error;
      }
      if (!sudoku::is_position_line(line) || text.size() + line.size() + 1 > max_interactive_text) {
        first_command = line;
        break;
      }
      text += line + "\n";
    }
    // A directory or a failing device as standard input: no blank grid as if the input were empty.
    if (std::cin.bad()) {
      std::cerr << "sudoku: <stdin>: read error\n";
      return exit_error;
    }
  } else {
    try {
      text = read_text(name, limit);
    } catch (const std::exception& error) {
      std::cerr << "sudoku: " << error.what() << "\n";
      return exit_error;
    }
  }
  const sudoku::Reply opened = session->open(name, text);
  if (!opened.ok) {
    std::cerr << opened.text;
    return exit_error;
  }
  std::cout << opened.text << "Type 'help' for the commands.\n";
  // On a terminal the person types after the prompt; commands from a pipe are echoed after it,
  // so that the output reads as the same transcript.
  const bool terminal = ::isatty(STDIN_FILENO) != 0;
#ifdef SUDOKU_WITH_LIBEDIT
  // Line editing and history (the Up arrow recalls a command) when both ends are a terminal.
  const bool editing = terminal && ::isatty(STDOUT_FILENO) != 0;
  // The history of the sessions before, on a terminal only (commands from a pipe are no
  // history of a person's).
  const std::string history = editing ? history_file() : "";
  if (!history.empty()) {
    ::stifle_history(history_lines);
    ::read_history(history.c_str());  // none yet: an empty history
  }
#else
  const bool editing = false;
  const std::string history;
#endif
  // On a terminal Ctrl-C stops a command; through a pipe it ends the session, as before.
  if (terminal) catch_ctrl_c();
  std::string line;
  while (!session->finished()) {
    interrupt_command.store(false);
    if (terminal && !editing) std::cout << "> ";
    std::cout.flush();
    if (!std::cout) break;
    bool more = false;
    try {
      if (first_command) {
        line = *first_command;
        first_command.reset();
        more = true;
      } else {
        more = editing ? edit_line(line, limit, ++number, history)
                       : read_bounded_line(std::cin, line, limit, "<stdin>", ++number);
      }
    } catch (const std::exception& error) {
      std::cout.flush();
      std::cerr << "sudoku: " << error.what() << "\n";
      return exit_error;
    }
    // Ctrl-C while a line is typed gives it up, and a fresh prompt comes.
    if (!more && interrupt_command.load() && !std::cin.bad()) {
      std::cout << "\n";
      continue;
    }
    if (!more) {
      if (terminal) std::cout << "\n";
      if (std::cin.bad()) {
        std::cout.flush();
        std::cerr << "sudoku: <stdin>: read error\n";
        return exit_error;
      }
      break;
    }
    if (!terminal) std::cout << "> " << line << "\n";
    session->set_width(terminal_width());  // the terminal may have been resized
    interrupt_command.store(false);
    std::cout << session->run(line).text;
  }
  if (terminal && session->unsaved()) offer_to_save(*session, limit);
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "sudoku: cannot write the output\n";
    return exit_error;
  }
  return exit_solved;
}

}  // namespace sudoku_app
