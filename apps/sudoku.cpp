// The sudoku command: solves, counts or lists the solutions of the puzzles in files or on
// standard input, one result per puzzle, in input order.
//
// A batch streams: the main thread reads one record at a time and hands it to a worker (or
// solves it itself with --threads 1; with N threads it is one of them, solving whenever the
// records it has read fill the window); each record's output is rendered into its own strings and
// written in input order, through a window of at most `window` records in flight, so memory
// stays bounded however long the input.
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "dlx/random.hpp"
#include "sudoku/search/batch.hpp"
#include "sudoku/search/cache.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/make/made_to_order.hpp"
#include "sudoku/play/position.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/play/session.hpp"
#include "sudoku/search/solver.hpp"
#include "sudoku/io/writer.hpp"
#include "unknown_option.hpp"

#ifdef SUDOKU_WITH_LIBEDIT
#include <editline/readline.h>
#endif

#ifndef SUDOKU_VERSION
#define SUDOKU_VERSION "unknown"
#endif

namespace {

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

// Exit statuses, as --help documents them.
constexpr int exit_solved = 0;
constexpr int exit_no_solution = 1;
constexpr int exit_error = 2;
constexpr int exit_stopped = 3;  // a budget stopped a search before it proved what was asked

// Bytes of output gathered before one write; a terminal gets each record at once instead.
constexpr std::size_t output_chunk = std::size_t{1} << 16;
// Records in flight per worker thread (for --generate, as in sudoku::Batch): enough to keep every
// worker busy, few enough to bound memory.
constexpr std::size_t window_per_thread = 512;
// Records a worker takes at once (sudoku::BatchOptions::run).
constexpr std::uint64_t claim_run = 16;

constexpr std::string_view usage_text = R"(Usage: sudoku [options] [file...]

Solves the sudoku puzzles in each file, or in standard input when no file is given or the file
is '-', and prints one result per puzzle, in input order.

Input: one puzzle per line (81 cells for 9x9: digits, with '.', '0', 'x', '*', '_' or '-' for an
empty cell; text after the cells is allowed when a space, tab, ',', ';', '#' or ':' sets it
apart), CSV 'puzzle,solution' lines (a 'quizzes,solutions' header is skipped), or a grid over
several lines, whitespace and the box borders '|', '-', '+' ignored. Lines starting with '#' are
comments, except the headers '#variant NAME' (for the rest of the file) and '#regions MAP' (a
jigsaw region map: N*N symbols 0-9, A-Z, a-z naming regions, on that line or on the N lines that
follow). Sizes 4x4, 6x6, 9x9, 12x12 (1-9, A-C), 16x16 (1-9, A-G) and 25x25 (A-Y) are told from
the input, and a line of another count of cells is an error; use --size for other sizes, or when
a 16-cell line is not what it seems, and --symbols for other alphabets (0-F, A-P).
docs/formats.md describes every format.

)";

constexpr std::string_view epilog_text = R"(
Output (--format):
  pretty  a header 'file:line: what was found', then the grid with box (or region) borders;
          hyper window cells are shown as [5], diagonal cells as (5), cells of both as {5}
  line    one line per puzzle: its first solution (N*N symbols), 'none' when there is none;
          with --count the count, '2+' when --limit stopped it; with --all a header line
          '# file:line' per puzzle, then each solution on a line ('none' when there is none);
          'error' for a puzzle that cannot be read or whose givens clash
  json    one JSON object per line: {"file":..,"line":3,"size":9,"variant":"hyper",
          "puzzle":"..","solutions":1,"complete":true,"unique":true,"solution":".."};
          "complete" false means the limit or a budget stopped the search, "unique" is null
          when the search could not tell. --all adds {"line":3,"number":1,"solution":".."} for each
          solution first; a bad puzzle gives {"line":3,"column":7,"error":".."}
With --rate: pretty 'file:line: 9x9, 3.2/1.2/1.2 hard (hardest: X-Wing; 57 steps)'; line
'ER/EP/ED level' per puzzle ('none' without a solution); json {"line":3,"er":3.2,"ep":1.2,
"ed":1.2,"hodoku":"hard","qqwing":"expert","rating":"hard","hardest":"X-Wing","steps":57,..}
(with "nodes" when logic leaves cells open: ER 11.0, extreme).
With --hint: the step as a sentence ('r3c5=7: hidden single in box 2') and, in the pretty
format, the candidate grid with the cells of the step between '*'; the line format has the
sentence alone ('none' when no technique applies). --hint-level 1 tells the technique and where
to look ('hidden single in box 2'), 2 also its digits and cells ('hidden single in box 2: 7 in
r1c5'), 3 (the default) the whole deduction.
Candidate grids: up to 9x9 each cell shows its candidates as a mini-grid, '.' for a digit gone;
a placed digit stands alone in its cell, '!' marks a cell without candidates.
-v writes to stderr, so that the results on stdout stay as they are.
Errors go to stderr as 'file:line:column: message', and the batch goes on. With more than one
puzzle, or with --stats, a summary line goes to stderr at the end.

Interactive mode (--interactive FILE): the grid with its candidates and a status line with the
open cells and the combinations of their candidates; then one command per line: hint (again:
one stage deeper), step, singles, soles (hidden singles), solve, solve search, set r3c5 7, clear
r3c5, mark r3c5 -37 (candidates removed by hand; +3 brings one back), reveal r3c5, check, undo,
redo, count, new, load FILE, save FILE (the whole position, which load and -i read back),
candidates on|off, show, help, quit. On a terminal, lines can be edited and the Up arrow recalls
earlier commands, of this session and of those before (when built with libedit): the history is
kept in $SUDOKU_HISTORY, else $XDG_STATE_HOME/sudoku/history, else
~/.local/state/sudoku/history; SUDOKU_HISTORY= (empty) keeps none. It reads commands from a
pipe as well (and keeps no history of them).

Search nodes (--stats, -v, json): the nodes of the exact-cover search tree after the logic, one
per option tried, as Knuth's DLX1 counts them, for the search up to the limit (--rate: up to 2
solutions).

Exit status:
  0    every puzzle solved (and, with --unique, each has exactly one solution); --hint: no
       error and no puzzle without a solution; --interactive: no error
  1    some puzzle has no solution (also with --hint; with --unique: not exactly one; with
       --check-solution: a given solution is wrong)
  2    bad input (a puzzle that cannot be read, givens that clash, a missing file, no puzzle
       at all) or bad usage; this wins over 3 and 1
  3    a search stopped early (--max-nodes) before it proved what was asked; wins over 1
  130  interrupted (Ctrl-C); 143: terminated (SIGTERM)

Examples:
  sudoku examples/sudoku/hyper.txt              solve, and show the grid
  sudoku --format line puzzles.txt > out.txt    one solution per line, for pipes
  sudoku --count --limit 2 --format line big.txt   '1' for each proper puzzle, '2+' otherwise
  sudoku --unique -j 4 --stats big.txt          check uniqueness on 4 threads, with timings
  sudoku --all examples/sudoku/multi.txt        every solution, numbered
  sudoku --format line -x diagonal.txt          X sudokus (the diagonals are houses too)
  sudoku --regions map.txt jigsaw.txt           a jigsaw with its region map in a file
  sudoku --hint puzzle.txt                      the next step only
  sudoku --hint --hint-level 1 puzzle.txt       only the technique and where to look
  sudoku --rate -f line top1465.txt             one difficulty per line
  sudoku -v 3 puzzle.txt                        every step of the logic, on stderr
  sudoku --interactive puzzle.txt               solve it yourself, with hints
  sudoku --generate 1000 --hyper --seed 1 > hyper.txt   1000 minimal hyper puzzles, one a line
  echo 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ | sudoku
)";

std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);
// The signal that ended the run: SIGINT or SIGTERM (0: none).
std::atomic<int> interrupt_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

// Set while the main thread waits for a line typed at a terminal: a read there is restarted
// after the signal, so the first Ctrl-C ends the program at once (a terminal has been given
// every result already).
std::atomic<bool> reading_terminal{false};

// Raised to stop the work: by a signal, a failed write or running out of memory. The batch's
// searches and the reader watch it.
std::atomic<bool> stop_work{false};

extern "C" void on_interrupt(int signal) {
  interrupt_signal.store(signal);
  interrupted.store(true);
  stop_work.store(true);
  if (reading_terminal.load()) std::_Exit(128 + signal);
}

// The exit status of an interrupted run: 130 for SIGINT, 143 for SIGTERM (128 + the signal).
int interrupted_status() {
  return 128 + (interrupt_signal.load() != 0 ? interrupt_signal.load() : SIGINT);
}

// Without SA_RESTART: a read blocked on a pipe that never ends returns, and the reader sees the
// flag (see InputBuffer).
void catch_interrupts() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

// Blocks SIGINT and SIGTERM on the threads started while it lives, so that the signals reach the
// main thread, the one that reads.
class SignalsToMainThread {
 public:
  SignalsToMainThread() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~SignalsToMainThread() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  SignalsToMainThread(const SignalsToMainThread&) = delete;
  SignalsToMainThread& operator=(const SignalsToMainThread&) = delete;

 private:
  sigset_t old_;
};

// --progress: from a thread of its own, a line on stderr every `interval` seconds after `start`,
// each written whole, until stop() (or the end of the object). `line` gets the seconds since
// `start`; the thread leaves SIGINT and SIGTERM to the main one.
class ProgressLines {
 public:
  ProgressLines() = default;
  ProgressLines(const ProgressLines&) = delete;
  ProgressLines& operator=(const ProgressLines&) = delete;

  void start(Clock::time_point start, double interval, std::function<std::string(double)> line) {
    line_ = std::move(line);
    const SignalsToMainThread signals;
    thread_ = std::jthread([this, start, interval](std::stop_token stop) {
      const auto step =
          std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(interval));
      std::unique_lock lock(mutex_);
      for (auto next = start + step;
           !cv_.wait_until(lock, stop, next, [] { return false; }) && !stop.stop_requested();
           next += step) {
        const std::chrono::duration<double> elapsed = Clock::now() - start;
        const std::string text = line_(elapsed.count());
        std::fwrite(text.data(), 1, text.size(), stderr);
      }
    });
  }
  // Stops the thread and waits for it: no line comes after.
  void stop() { thread_ = {}; }

 private:
  std::function<std::string(double)> line_;
  std::mutex mutex_;
  std::condition_variable_any cv_;
  std::jthread thread_;  // declared last: it ends before what it uses
};

// Reads a file descriptor for the puzzle reader. A read that a signal interrupts ends the input
// when the work is to stop (std::filebuf would read again and wait on a silent pipe forever);
// a read error throws, which the reader turns into badbit.
class InputBuffer : public std::streambuf {
 public:
  // `idle` is called when a read would wait: the input has paused.
  InputBuffer(int fd, std::function<void()> idle)
      : fd_(fd), buffer_(std::size_t{1} << 16), idle_(std::move(idle)) {}
  ~InputBuffer() override {
    if (fd_ > STDIN_FILENO) ::close(fd_);
  }
  InputBuffer(const InputBuffer&) = delete;
  InputBuffer& operator=(const InputBuffer&) = delete;

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    for (;;) {
      if (!wait_readable()) return traits_type::eof();
      const ssize_t got = ::read(fd_, buffer_.data(), buffer_.size());
      if (got > 0) {
        setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
        return traits_type::to_int_type(*gptr());
      }
      if (got == 0) return traits_type::eof();
      if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "read");
    }
  }

 private:
  // Waits until a read will not block, calling idle_ first if it would; false when the work is
  // to stop. SIGINT and SIGTERM are held from the test of the flag until ppoll waits, which lets
  // them in: one that came between the test and a plain read would leave that read waiting on a
  // silent pipe for good.
  bool wait_readable() const {
    pollfd now{fd_, POLLIN, 0};
    if (::poll(&now, 1, 0) == 1) return !stop_work.load();
    if (idle_) idle_();
    sigset_t held, old;
    sigemptyset(&held);
    sigaddset(&held, SIGINT);
    sigaddset(&held, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &held, &old);
    pollfd wanted{fd_, POLLIN, 0};
    int ready = 0;
    while (!stop_work.load() && (ready = ::ppoll(&wanted, 1, nullptr, &old)) < 0 &&
           errno == EINTR) {
    }
    const int error = errno;
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    if (stop_work.load()) return false;
    if (ready < 0) throw std::system_error(error, std::generic_category(), "poll");
    return true;
  }

  int fd_;
  std::vector<char> buffer_;
  std::function<void()> idle_;
};

// Memory ran out where the message says; main reports it, exit status 2.
struct OutOfMemory : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A usage error, reported as its own exception so that main maps it to exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class Mode { solve, count, all, hint, rate, interactive };
enum class Format { pretty, line, json };

// What the command line asked for, checked.
struct Settings {
  Mode mode = Mode::solve;
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
  bool logic_given = false;  // --logic was given (else -v explains with the full ladder)
  double progress = 0;       // seconds between progress lines on stderr; 0: none
  int verbose = 0;           // -v LEVEL, 0 for none
  std::string interactive;   // the file of --interactive
  int hint_level = 0;        // --hint-level: the stage of a hint (1 to 3), 0 when not given
  // --assume-unique, --no-assume-unique: whether the uniqueness techniques take part
  sudoku::Uniqueness uniqueness = sudoku::Uniqueness::when_proved;
  sudoku::ReaderOptions reader;
};

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

// Gathers output and writes it in large chunks; stdout before stderr at each write.
class Output {
 public:
  Output() : out_tty_(::isatty(STDOUT_FILENO) != 0) {}

  void out(std::string_view text) { out_ += text; }
  void err(std::string_view text) { err_ += text; }
  // Writes when enough is gathered, or at once on a terminal.
  void maybe_flush() {
    if (out_tty_ || out_.size() >= output_chunk || err_.size() >= output_chunk) flush();
  }
  // A failed write stops the work at once (stop_work); nothing more goes to stdout.
  void flush() {
    if (!out_.empty()) {
      if (!failed_ && (std::fwrite(out_.data(), 1, out_.size(), stdout) != out_.size() ||
                       std::fflush(stdout) != 0)) {
        failed_ = true;
        error_ = errno;
        stop_work.store(true);
      }
      out_.clear();
    }
    if (!err_.empty()) {
      std::fwrite(err_.data(), 1, err_.size(), stderr);
      err_.clear();
    }
  }
  // True when writing to stdout failed (a full disk, a closed pipe).
  bool failed() const noexcept { return failed_; }
  // Writes why stdout failed to stderr; true when it did.
  bool report_failure() const {
    if (!failed_) return false;
    const std::string message = std::string("sudoku: cannot write the output: ") +
                                (error_ != 0 ? std::strerror(error_) : "write error") + "\n";
    std::fwrite(message.data(), 1, message.size(), stderr);
    return true;
  }

 private:
  bool out_tty_;
  bool failed_ = false;
  int error_ = 0;
  std::string out_, err_;
};

std::string where(const std::string& file, const sudoku::Location& at) {
  return file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

// "9x9", "9x9 hyper".
std::string shape(const sudoku::Geometry& g) {
  std::string s = std::to_string(g.size()) + "x" + std::to_string(g.size());
  if (g.variant() != sudoku::Variant::regular) s += " " + std::string(variant_name(g.variant()));
  return s;
}

// The candidates a person starts from, for -v and --hint grids.
sudoku::CandidateOptions grid_options(const sudoku::Grid& givens, bool color,
                                      const sudoku::Symbols& symbols) {
  sudoku::CandidateOptions options;
  options.color = color;
  options.symbols = symbols;
  options.givens = givens;
  return options;
}

sudoku::Task task_of(Mode mode) {
  switch (mode) {
    case Mode::count:
      return sudoku::Task::count;
    case Mode::all:
      return sudoku::Task::all;
    case Mode::hint:
      return sudoku::Task::hint;
    case Mode::rate:
      return sudoku::Task::rate;
    default:
      return sudoku::Task::solve;
  }
}

// The text of each result: rendered on the batch's worker threads (render, on_solution) and
// written in input order on the main thread (emit).
class Printer {
 public:
  Printer(const Settings& settings, Output& output) : settings_(settings), output_(output) {}

  sudoku::BatchHooks hooks() {
    sudoku::BatchHooks h;
    h.render = [this](sudoku::Result& r, const sudoku::WorkerTools& tools) { render(r, tools); };
    if (settings_.mode == Mode::all)
      h.on_solution = [this](sudoku::Result& r, const sudoku::Grid& s) { return solution(r, s); };
    h.emit = [this](sudoku::Result& r) { emit(r); };
    return h;
  }

 private:
  void render(sudoku::Result& r, const sudoku::WorkerTools& tools);
  bool solution(sudoku::Result& r, const sudoku::Grid& solution);
  void emit(sudoku::Result& r);
  void fail(sudoku::Result& r, const sudoku::Location& at, const std::string& message);
  void hint(sudoku::Result& r);
  void rate(sudoku::Result& r, const sudoku::WorkerTools& tools);
  void check(sudoku::Result& r);
  // -v: what the logic did before the search, on stderr; `steps` when already found.
  void explain(sudoku::Result& r, const sudoku::WorkerTools& tools, const std::string& summary,
               const std::vector<sudoku::Step>* steps);
  // "file:line"
  static std::string at(const sudoku::Result& r) {
    return *r.source + ":" + std::to_string(r.record.line);
  }

  const Settings& settings_;
  Output& output_;
  bool printed_ = false;
  bool last_grid_ = false;
  bool out_of_memory_ = false;
};

void Printer::fail(sudoku::Result& r, const sudoku::Location& at, const std::string& message) {
  r.err += where(*r.source, at) + ": " + message + "\n";
  if (settings_.format == Format::line) r.out += "error\n";
  if (settings_.format == Format::json)
    r.out += sudoku::format_json_error(at, message, *r.source) + "\n";
}

// What stopped a search early, for JSON's "reason".
std::string_view stop_reason(const sudoku::Result& r) {
  if (r.search.outcome == dlx::Outcome::node_limit) return "max-nodes";
  return r.timed_out ? "max-seconds" : "interrupted";
}

// Adds "reason" after "complete":false to the JSON object of a search stopped early.
void add_reason(std::string& json, const sudoku::Result& r) {
  if (!r.stopped) return;
  constexpr std::string_view incomplete = "\"complete\":false";
  const std::size_t at = json.find(incomplete);
  if (at == std::string::npos) return;
  json.insert(at + incomplete.size(), ",\"reason\":\"" + std::string(stop_reason(r)) + "\"");
}

// A count for people, with what stopped a search early.
std::string describe_search(const sudoku::Result& r) {
  if (!r.stopped) return sudoku::describe_count(r.search);
  const std::uint64_t s = r.search.solutions;
  const std::string why = r.search.outcome == dlx::Outcome::node_limit
                              ? "after " + std::to_string(r.search.nodes) + " nodes (--max-nodes)"
                          : r.timed_out ? "after " + fixed(r.seconds, 3) + " s (--max-seconds)"
                                        : "(interrupted)";
  return "stopped early " + why + ": " +
         (s == 0 ? std::string("no solution found yet")
                 : "at least " + std::to_string(s) + (s == 1 ? " solution" : " solutions"));
}

bool Printer::solution(sudoku::Result& r, const sudoku::Grid& solution) {
  const sudoku::Geometry& geometry = *r.record.geometry;
  const std::uint64_t number = r.listed;
  switch (settings_.format) {
    case Format::pretty: {
      sudoku::PrettyOptions pretty;
      pretty.color = settings_.color;
      pretty.symbols = settings_.reader.symbols;
      if (number > 1) r.out += "\n";
      r.out += at(r) + ": solution " + std::to_string(number) + "\n";
      r.out += sudoku::format_pretty(geometry, solution, pretty);
      break;
    }
    case Format::line:
      if (number == 1) r.out += "# " + at(r) + "\n";
      sudoku::append_line(r.out, geometry, solution, settings_.reader.symbols);
      r.out += '\n';
      break;
    case Format::json:
      r.out += sudoku::format_json_solution(r.record.line, number, geometry, solution, *r.source,
                                            settings_.reader.symbols);
      r.out += "\n";
      break;
  }
  // --all runs on the main thread: a puzzle with many solutions streams out as it goes.
  if (r.out.size() >= output_chunk) {
    output_.out(r.out);
    r.out.clear();
    output_.maybe_flush();
  }
  return !stop_work.load();
}

void Printer::render(sudoku::Result& r, const sudoku::WorkerTools& tools) {
  using Status = sudoku::Result::Status;
  const sudoku::Record& record = r.record;
  switch (r.status) {
    case Status::header_error:
      // Not a puzzle: its message goes to stderr only, so that stdout keeps one result per
      // puzzle (each puzzle it spoils gets its own error).
      r.err += where(*r.source, {record.error->line(), record.error->column()}) + ": " +
               record.error->what() + "\n";
      return;
    case Status::read_error:
      fail(r, {record.error->line(), record.error->column()}, record.error->what());
      return;
    case Status::clash:
      fail(r, r.error_at, r.error);
      return;
    case Status::no_memory:  // not rendered: emit says it
      return;
    case Status::ok:
      break;
  }
  if (settings_.mode == Mode::hint) return hint(r);
  if (settings_.mode == Mode::rate) return rate(r, tools);

  const sudoku::Geometry& geometry = *record.geometry;
  const sudoku::SolveResult& result = r.search;
  switch (settings_.format) {
    case Format::pretty: {
      if (settings_.mode == Mode::all) {
        if (result.solutions > 0) r.out += "\n";
        r.out += at(r) + ": " + shape(geometry) + ", " + describe_search(r) + "\n";
      } else if (settings_.mode == Mode::count) {
        r.out += at(r) + ": " + shape(geometry) + ", " + describe_search(r) + "\n";
      } else {
        std::string status;
        if (result.solutions == 0 || r.stopped)
          status = describe_search(r) + (result.solutions > 0 ? "; the first:" : "");
        else if (settings_.limit == 1)
          status = "solved (not checked for a second solution: --limit 1)";
        else if (result.solutions == 1 && result.complete)
          status = "unique solution";
        else
          status = describe_search(r) + "; the first:";
        r.out += at(r) + ": " + shape(geometry) + ", " + status + "\n";
        sudoku::PrettyOptions pretty;
        pretty.color = settings_.color;
        pretty.symbols = settings_.reader.symbols;
        if (!result.first.empty()) r.out += sudoku::format_pretty(geometry, result.first, pretty);
      }
      break;
    }
    case Format::line:
      if (settings_.mode == Mode::count)
        r.out += sudoku::format_count(result) + "\n";
      else if (settings_.mode == Mode::solve)
        r.out += result.first.empty()
                     ? std::string(r.stopped ? "stopped\n" : "none\n")
                     : sudoku::format_line(geometry, result.first, settings_.reader.symbols) + "\n";
      else if (result.solutions == 0)
        r.out += "# " + at(r) + "\n" + (r.stopped ? "stopped\n" : "none\n");
      else if (r.stopped)
        r.out += "stopped\n";  // the list above is not every solution
      break;
    case Format::json: {
      sudoku::JsonOptions json;
      json.file = *r.source;
      json.symbols = settings_.reader.symbols;
      json.given_solution_ok = r.solution_ok;
      json.stats = settings_.stats;
      json.micros = r.seconds * 1e6;
      std::string object = sudoku::format_json(record.line, geometry, record.givens, result, json);
      add_reason(object, r);
      r.out += object + "\n";
      break;
    }
  }
  if (r.solution_ok) check(r);
  if (settings_.stats)
    r.err += at(r) + ": " + std::to_string(result.nodes) + " nodes, " +
             std::to_string(result.updates) + " updates, " + fixed(r.seconds * 1e6, 1) + " us\n";
  if (settings_.verbose > 0) {
    std::string summary;
    if (result.by_logic)
      summary = result.solutions > 0 ? "solved by logic alone"
                                     : "no solution: logic found a contradiction";
    else
      summary = std::to_string(result.nodes) + " search nodes";
    explain(r, tools, summary, nullptr);
  }
}

// --check-solution: says on stderr when the solution given with the puzzle is wrong.
void Printer::check(sudoku::Result& r) {
  if (*r.solution_ok) return;
  const sudoku::Geometry& geometry = *r.record.geometry;
  const sudoku::Grid& given = r.record.solution;
  const sudoku::Grid& ours = r.search.first;
  std::string why = "the solution given with the puzzle is wrong";
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    const auto i = static_cast<std::size_t>(cell);
    if (!ours.empty() && given[i] != ours[i]) {
      const int n = geometry.size();
      const sudoku::Symbols& symbols = settings_.reader.symbols;
      why += ": " + sudoku::cell_name(n, cell) + " holds " + symbols.symbol(n, given[i]) +
             " there, " + symbols.symbol(n, ours[i]) + " in the solution found";
      break;
    }
  }
  if (ours.empty()) why += ": the puzzle has no solution";
  r.err += at(r) + ": " + why + "\n";
}

void Printer::explain(sudoku::Result& r, const sudoku::WorkerTools& tools,
                      const std::string& summary, const std::vector<sudoku::Step>* steps) {
  const sudoku::Record& record = r.record;
  const sudoku::Geometry& geometry = *record.geometry;
  std::string& err = r.err;
  err += at(r) + ": " + summary + "\n";
  if (settings_.verbose < 2) return;
  const sudoku::Candidates start = sudoku::start_candidates(geometry, record.givens);
  std::vector<sudoku::Step> own;
  if (steps == nullptr) {
    if (settings_.logic == sudoku::Logic::none) {
      err += "  no logic before the search (--logic none)\n";
      return;
    }
    const sudoku::Level level = !settings_.logic_given                      ? sudoku::Level::full
                                : settings_.logic == sudoku::Logic::singles ? sudoku::Level::singles
                                : settings_.logic == sudoku::Logic::fast    ? sudoku::Level::fast
                                : settings_.logic == sudoku::Logic::all     ? sudoku::Level::all
                                                                            : sudoku::Level::full;
    // The search above counted up to two solutions: the uniqueness techniques take part when it
    // proved one (or as --assume-unique says).
    const bool unique = settings_.uniqueness == sudoku::Uniqueness::assumed ||
                        (settings_.uniqueness == sudoku::Uniqueness::when_proved &&
                         r.search.solutions == 1 && r.search.complete && settings_.limit != 1);
    sudoku::Candidates c = start;
    sudoku::reduce(c, *tools.tables, level, &own, nullptr, unique);
    steps = &own;
  }
  // Replayed, the steps give the cells they leave to the search and the grids of level 4.
  sudoku::Candidates c = start;
  sudoku::CandidateOptions options =
      grid_options(record.givens, settings_.err_color, settings_.reader.symbols);
  std::string lines;
  for (std::size_t i = 0; i < steps->size(); ++i) {
    const sudoku::Step& step = (*steps)[i];
    sudoku::apply(c, step);
    if (settings_.verbose < 3) continue;
    lines += "  " + std::to_string(i + 1) + ". " +
             sudoku::describe(geometry, step, settings_.reader.symbols) + "\n";
    if (settings_.verbose < 4) continue;
    options.marked = sudoku::cells_of(step);
    lines += sudoku::format_candidates(c, options);
  }
  int open = 0;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) open += c.value(cell) == 0;
  err += "  techniques: " + sudoku::technique_counts(*steps);
  if (open > 0) err += "; " + std::to_string(open) + " open cells left";
  err += "\n" + lines;
}

void Printer::hint(sudoku::Result& r) {
  const sudoku::Record& record = r.record;
  const sudoku::Geometry& geometry = *record.geometry;
  const sudoku::Reasoning& reasoning = *r.reasoning;
  const std::optional<sudoku::Step>& hint = reasoning.hint;
  const bool found = hint.has_value();
  const int stage = settings_.hint_level != 0 ? settings_.hint_level : 3;
  const sudoku::HintStage shown =
      found ? sudoku::hint_stage(geometry, *hint, stage, settings_.reader.symbols)
            : sudoku::HintStage{};
  // A puzzle without a solution says so first, as the session's hint does, and gets no step.
  const std::string none = "no solution: the exact-cover search finds none";
  switch (settings_.format) {
    case Format::pretty: {
      if (reasoning.full) {
        r.out += at(r) + ": the grid is full; nothing left to do\n";
        break;
      }
      if (reasoning.no_solution) {
        r.out += at(r) + ": " + none + "\n";
        break;
      }
      if (found)
        r.out += at(r) + ": " + shown.text + "\n";
      else if (reasoning.several)
        r.out += at(r) + ": no technique applies\n";
      else
        r.out += at(r) + ": no technique applies; the puzzle needs search\n";
      // Logic can still take steps on such a puzzle, but none finishes it.
      if (reasoning.several)
        r.out +=
            "  the puzzle has several solutions (at least 2): no logic can finish it; add "
            "givens, or list them with --all\n";
      sudoku::CandidateOptions options =
          grid_options(record.givens, settings_.color, settings_.reader.symbols);
      if (found) options.marked = shown.cells;
      r.out +=
          sudoku::format_candidates(sudoku::start_candidates(geometry, record.givens), options);
      break;
    }
    case Format::line:
      r.out += (found                   ? shown.text
                : reasoning.no_solution ? "no solution"
                : reasoning.several     ? "none (several solutions)"
                                        : std::string("none")) +
               "\n";
      break;
    case Format::json: {
      std::string json = sudoku::format_json_hint(record.line, geometry, found ? &*hint : nullptr,
                                                  *r.source, settings_.reader.symbols, stage);
      // Only a puzzle without exactly one solution says how many it has (2: at least two).
      if (reasoning.no_solution) json.insert(json.size() - 1, ",\"solutions\":0");
      if (reasoning.several) json.insert(json.size() - 1, ",\"solutions\":2");
      r.out += json + "\n";
      break;
    }
  }
}

void Printer::rate(sudoku::Result& r, const sudoku::WorkerTools& tools) {
  const sudoku::Record& record = r.record;
  const sudoku::Geometry& geometry = *record.geometry;
  const sudoku::Rating& rating = r.reasoning->rating;
  const std::vector<sudoku::Step>& steps = r.reasoning->steps;
  const bool expert = rating.searched();  // logic left cells open, then the search
  const std::string nodes = std::to_string(rating.search.nodes) + " search nodes";
  const std::string hardest =
      rating.used_logic ? std::string(sudoku::technique_name(rating.hardest)) : "none";
  const std::string steps_text =
      std::to_string(rating.steps) + (rating.steps == 1 ? " step" : " steps");
  std::string text;  // for people
  if (!rating.solvable && r.stopped) {
    text = "expert: logic leaves " + std::to_string(rating.open) + " open cells, then " +
           describe_search(r);
  } else if (!rating.solvable) {
    text = "no solution";
    if (!expert && !steps.empty() && steps.back().technique == sudoku::Technique::contradiction)
      text += " (" + sudoku::describe(geometry, steps.back(), settings_.reader.symbols) + ")";
    else if (expert)
      text += " (" + nodes + ")";
  } else if (expert) {
    text = sudoku::format_rating(rating) + ": logic leaves " + std::to_string(rating.open) +
           " open cells after " + steps_text + " (hardest: " + hardest + "), then " + nodes;
    if (rating.search.solutions > 1) text += "; " + sudoku::describe_count(rating.search);
  } else {
    text = sudoku::format_rating(rating) + " (hardest: " + hardest + "; " + steps_text + ")";
  }
  switch (settings_.format) {
    case Format::pretty:
      r.out += at(r) + ": " + shape(geometry) + ", " + text + "\n";
      break;
    case Format::line:
      // The level alone, so that `sort | uniq -c` makes a histogram; nodes go to json and -v.
      r.out += (rating.solvable ? sudoku::format_rating(rating)
                : r.stopped     ? std::string("stopped")
                                : std::string("none")) +
               "\n";
      break;
    case Format::json:
      std::string object = sudoku::format_json_rating(record.line, geometry, record.givens, rating,
                                                      *r.source, settings_.reader.symbols);
      add_reason(object, r);
      r.out += object + "\n";
      break;
  }
  if (settings_.verbose > 0) {
    const std::string summary = !rating.solvable ? "no solution"
                                : expert         ? nodes
                                                 : "solved by logic alone";
    explain(r, tools, summary, &steps);
  }
}

void Printer::emit(sudoku::Result& r) {
  if (r.status == sudoku::Result::Status::no_memory) {
    // Said once; the work stops, and the records after it come back stopped.
    stop_work.store(true);
    if (!out_of_memory_)
      output_.err("sudoku: out of memory solving " + *r.source + ":" +
                  std::to_string(r.record.line) + "\n");
    out_of_memory_ = true;
    if (settings_.format == Format::line) output_.out("error\n");
    return;
  }
  // Pretty grids are set apart by a blank line; one-line results (counts) are not. Only the
  // pretty format asks, and only up to a second line: --all's results are long.
  const std::size_t line_end = r.out.find('\n');
  const bool grid = settings_.format == Format::pretty && line_end != std::string::npos &&
                    r.out.find('\n', line_end + 1) != std::string::npos;
  if (settings_.format == Format::pretty && (grid || last_grid_) && !r.out.empty() && printed_)
    output_.out("\n");
  if (!r.out.empty()) {
    printed_ = true;
    last_grid_ = grid;
  }
  output_.out(r.out);
  output_.err(r.err);
  output_.maybe_flush();
}

std::uint64_t parse_number(const po::variables_map& vm, const char* option, std::uint64_t least,
                           std::uint64_t most) {
  const auto& text = vm[option].as<std::string>();
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value < least || value > most) {
    throw UsageError("--" + std::string(option) + " expects an integer from " +
                     std::to_string(least) + " to " + std::to_string(most) + ", not '" + text +
                     "'");
  }
  return value;
}

Settings parse_settings(const po::variables_map& vm) {
  Settings s;
  std::optional<sudoku::Variant> variant;
  auto set_variant = [&](sudoku::Variant v, const char* how) {
    if (variant && *variant != v)
      throw UsageError(std::string(how) + " contradicts the variant " +
                       std::string(variant_name(*variant)) + " asked for");
    variant = v;
  };
  if (vm.count("variant")) {
    try {
      variant = sudoku::parse_variant(vm["variant"].as<std::string>());
    } catch (const sudoku::GeometryError&) {
      throw UsageError("--variant expects regular, hyper, x, hyper-x or jigsaw, not '" +
                       vm["variant"].as<std::string>() + "'");
    }
  }
  const bool hyper = vm.count("hyper") > 0, x = vm.count("x") > 0;
  if (hyper && x)
    set_variant(sudoku::Variant::hyper_x, "--hyper -x");
  else if (hyper)
    set_variant(sudoku::Variant::hyper, "--hyper");
  else if (x)
    set_variant(sudoku::Variant::x, "-x");
  if (vm.count("size")) s.reader.size = static_cast<int>(parse_number(vm, "size", 1, 35));
  if (vm.count("symbols")) {
    try {
      s.reader.symbols = sudoku::parse_symbols(vm["symbols"].as<std::string>());
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--symbols: ") + e.what());
    }
    const int count = s.reader.symbols.count();
    if (s.reader.size != 0 && s.reader.size != count)
      throw UsageError("--symbols names " + std::to_string(count) + " digits, not the " +
                       std::to_string(s.reader.size) + " of --size " +
                       std::to_string(s.reader.size));
  }
  if (vm.count("blank")) {
    const auto& b = vm["blank"].as<std::string>();
    if (b.size() != 1 || std::isalnum(static_cast<unsigned char>(b[0])) != 0 ||
        (b[0] != ' ' && std::isprint(static_cast<unsigned char>(b[0])) == 0))
      throw UsageError(
          "--blank expects one character that is no digit or letter, such as ' ' "
          "or '?', not '" +
          b + "'");
    s.reader.blank = b[0];
  }
  if (vm.count("regions")) {
    set_variant(sudoku::Variant::jigsaw, "--regions");
    const auto& path = vm["regions"].as<std::string>();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError(path + ": " + std::strerror(errno));
    try {
      s.reader.regions = sudoku::read_regions(in);
    } catch (const sudoku::FormatError& e) {
      throw UsageError(where(path, {e.line(), e.column()}) + ": " + e.what());
    }
  }
  s.reader.variant = variant.value_or(sudoku::Variant::regular);

  std::vector<std::pair<Mode, const char*>> modes;
  for (const auto& [mode, name] :
       {std::pair{Mode::count, "count"}, std::pair{Mode::all, "all"}, std::pair{Mode::hint, "hint"},
        std::pair{Mode::rate, "rate"}, std::pair{Mode::interactive, "interactive"}})
    if (vm.count(name)) modes.emplace_back(mode, name);
  if (modes.size() > 1)
    throw UsageError("--" + std::string(modes[0].second) + " and --" + modes[1].second +
                     " cannot be used together");
  s.mode = modes.empty() ? Mode::solve : modes[0].first;
  if (vm.count("logic")) {
    const auto& l = vm["logic"].as<std::string>();
    if (l == "none")
      s.logic = sudoku::Logic::none;
    else if (l == "singles")
      s.logic = sudoku::Logic::singles;
    else if (l == "fast")
      s.logic = sudoku::Logic::fast;
    else if (l == "all")
      s.logic = sudoku::Logic::all;
    else if (l == "full")
      s.logic = sudoku::Logic::full;
    else
      throw UsageError("--logic expects none, singles, fast, all or full, not '" + l + "'");
    s.logic_given = true;
  }
  if (vm.count("verbose")) {
    s.verbose = static_cast<int>(parse_number(vm, "verbose", 1, 4));
    if (s.mode == Mode::hint || s.mode == Mode::interactive)
      throw UsageError("-v explains solving and rating; it does not go with --" +
                       std::string(modes[0].second));
  }
  if (vm.count("assume-unique") && vm.count("no-assume-unique"))
    throw UsageError("--assume-unique and --no-assume-unique contradict each other");
  if (vm.count("assume-unique")) s.uniqueness = sudoku::Uniqueness::assumed;
  if (vm.count("no-assume-unique")) s.uniqueness = sudoku::Uniqueness::off;
  if (vm.count("hint-level")) {
    s.hint_level = static_cast<int>(parse_number(vm, "hint-level", 1, 3));
    if (s.mode != Mode::hint && s.mode != Mode::interactive)
      throw UsageError("--hint-level goes with --hint or --interactive");
  }
  if (s.mode == Mode::interactive) {
    s.interactive = vm["interactive"].as<std::string>();
    if (vm.count("file"))
      throw UsageError("--interactive takes one puzzle file, not '" +
                       vm["file"].as<std::vector<std::string>>().front() + "' as well");
  }
  if (vm.count("format")) {
    const auto& f = vm["format"].as<std::string>();
    if (f == "pretty")
      s.format = Format::pretty;
    else if (f == "line")
      s.format = Format::line;
    else if (f == "json")
      s.format = Format::json;
    else
      throw UsageError("--format expects pretty, line or json, not '" + f + "'");
  }
  s.unique = vm.count("unique") > 0;
  s.stats = vm.count("stats") > 0;
  // Solving looks for a second solution, to tell whether the first is unique; counting and
  // listing go to the end (limit 0), with progress on a terminal and Ctrl-C saying 'at least'.
  s.limit = s.mode == Mode::all || s.mode == Mode::count ? 0 : 2;
  if (vm.count("limit")) s.limit = parse_number(vm, "limit", 0, UINT64_MAX);
  if (s.unique && s.limit == 1)
    throw UsageError("--unique needs a second solution searched for; not with --limit 1");
  if (vm.count("max-nodes")) s.max_nodes = parse_number(vm, "max-nodes", 1, UINT64_MAX);
  if (vm.count("max-seconds")) {
    const auto& text = vm["max-seconds"].as<std::string>();
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, s.max_seconds);
    if (text.empty() || ec != std::errc{} || ptr != end || !(s.max_seconds > 0) ||
        s.max_seconds > 1e9)
      throw UsageError("--max-seconds expects a positive number of seconds, not '" + text + "'");
    if (s.mode == Mode::hint || s.mode == Mode::interactive)
      throw UsageError("--max-seconds bounds searches; it does not go with --" +
                       std::string(modes[0].second));
  }
  s.check_solution = vm.count("check-solution") > 0;
  if (s.check_solution && s.mode != Mode::solve && s.mode != Mode::count)
    throw UsageError("--check-solution goes with solving and --count, not with --" +
                     std::string(modes[0].second));
  if (vm.count("threads")) {
    s.threads = static_cast<unsigned>(parse_number(vm, "threads", 0, 1024));
    if (s.threads == 0) s.threads = std::max(1u, std::thread::hardware_concurrency());
  }
  const std::string color = vm.count("color") ? vm["color"].as<std::string>() : "auto";
  if (color == "always")
    s.color = true;
  else if (color == "never")
    s.color = false;
  else if (color == "auto")
    s.color = ::isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
  else
    throw UsageError("--color expects auto, always or never, not '" + color + "'");
  if (vm.count("progress")) {
    const auto& text = vm["progress"].as<std::string>();
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, s.progress);
    if (text.empty() || ec != std::errc{} || ptr != end || !(s.progress > 0) || s.progress > 1e9)
      throw UsageError("--progress expects a positive number of seconds, not '" + text + "'");
  } else if (::isatty(STDERR_FILENO) != 0) {
    s.progress = 2;
  }
  s.err_color = color == "always" || (color == "auto" && ::isatty(STDERR_FILENO) != 0 &&
                                      std::getenv("NO_COLOR") == nullptr);
  return s;
}

// Reads one input into the batch; false when it cannot be opened or read, or has no puzzle.
bool read_input(const std::string& path, const std::string& name, const Settings& settings,
                sudoku::Batch& batch, Output& output) {
  int fd = STDIN_FILENO;
  if (path != "-") {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      output.err("sudoku: " + path + ": Is a directory\n");
      return false;
    }
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      output.err("sudoku: " + path + ": " + std::strerror(errno) + "\n");
      return false;
    }
  }
  // When the input pauses, what was read so far is answered and written out.
  InputBuffer buffer(fd, [&] {
    batch.drain();
    output.flush();
  });
  std::istream input(&buffer);
  std::istream* in = &input;
  sudoku::ReaderOptions reader_options = settings.reader;
  reader_options.stop = &stop_work;
  sudoku::PuzzleReader reader(*in, reader_options);
  const bool terminal = fd == STDIN_FILENO && ::isatty(STDIN_FILENO) != 0;
  if (terminal) {
    output.err("sudoku: reading puzzles from standard input (Ctrl-D to end)\n");
    output.flush();
  }
  std::uint64_t records = 0;
  while (!stop_work.load(std::memory_order_relaxed)) {
    std::optional<sudoku::Record> record;
    try {
      reading_terminal.store(terminal);
      record = reader.next();
      reading_terminal.store(false);
    } catch (const std::bad_alloc&) {
      reading_terminal.store(false);
      throw OutOfMemory("out of memory reading " + name + " at line " +
                        std::to_string(reader.lines_read() + 1));
    }
    if (!record) break;
    ++records;
    batch.add(&name, std::move(*record));
  }
  if (in->bad()) {
    output.err("sudoku: " + name + ": read error\n");
    return false;
  }
  if (records == 0 && !stop_work.load()) {
    output.err("sudoku: " + name + ": no puzzle in the input\n");
    return false;
  }
  return true;
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

// --interactive: a session on the first puzzle of a file (or of standard input, whose later
// lines are then the commands), one command per line, until `quit` or the end of the input.
int run_interactive(const Settings& settings) {
  sudoku::SessionOptions options;
  options.reader = settings.reader;
  options.color = settings.color;
  if (settings.hint_level != 0) options.hint_stage = settings.hint_level;
  options.uniqueness = settings.uniqueness;
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
  std::string name = settings.interactive, text;
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
  std::string line;
  while (!session->finished()) {
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
    std::cout << session->run(line).text;
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "sudoku: cannot write the output\n";
    return exit_error;
  }
  return exit_solved;
}

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

// "LO:HI" (either may be left out) as an ER range.
void parse_rating(const std::string& text, sudoku::Band& band) {
  const auto colon = text.find(':');
  const auto number = [&](const std::string& part, double fallback) {
    if (part.empty()) return fallback;
    char* end = nullptr;
    const double value = std::strtod(part.c_str(), &end);
    if (end != part.c_str() + part.size() || !(value >= 0 && value <= 100))
      throw UsageError("--rating expects LO:HI, numbers from 0 to 100, not '" + text + "'");
    return value;
  };
  if (colon == std::string::npos)
    throw UsageError("--rating expects LO:HI (e.g. 7:8.5), not '" + text + "'");
  band.low = number(text.substr(0, colon), 0);
  band.high = number(text.substr(colon + 1), 1e9);
  if (band.low > band.high) throw UsageError("--rating " + text + ": LO is above HI");
}

// Reads --generate, --seed, --givens, --check-nodes and --symmetric; the format defaults to line.
GenerateSettings parse_generate(const po::variables_map& vm, Settings& settings) {
  GenerateSettings g;
  if (!vm.count("generate")) {
    for (const char* name : {"seed", "givens", "minimal", "check-nodes", "symmetric", "difficulty",
                             "rating", "technique", "attempts"})
      if (vm.count(name)) throw UsageError("--" + std::string(name) + " goes with --generate");
    return g;
  }
  for (const char* name :
       {"count", "all", "limit", "unique", "hint", "rate", "interactive", "verbose", "file"})
    if (vm.count(name))
      throw UsageError(std::string("--generate makes puzzles; it does not go with ") +
                       (std::string(name) == "file" ? "input files" : "--" + std::string(name)));
  g.puzzles = parse_number(vm, "generate", 1, UINT64_MAX);
  if (vm.count("seed")) {
    g.seed = parse_number(vm, "seed", 0, UINT64_MAX);
  } else {
    g.random_seed = true;
    std::random_device device;
    g.seed = (std::uint64_t{device()} << 32) ^ device();
  }
  if (vm.count("givens") && vm.count("minimal"))
    throw UsageError("--minimal and --givens: a minimal puzzle has the givens it needs");
  if (vm.count("givens")) g.options.givens = static_cast<int>(parse_number(vm, "givens", 0, 4096));
  g.givens_asked = vm.count("givens") || vm.count("minimal");
  if (vm.count("check-nodes")) {
    if (vm.count("minimal"))
      throw UsageError("--check-nodes and --minimal: a minimal puzzle checks every removal");
    g.options.check_nodes = parse_number(vm, "check-nodes", 0, UINT64_MAX);
    g.check_nodes_asked = true;
  }
  g.options.symmetric = vm.count("symmetric") > 0;
  if (vm.count("difficulty")) {
    const auto& level = vm["difficulty"].as<std::string>();
    if (!sudoku::parse_level(level, g.order.band))
      throw UsageError(
          "--difficulty expects easy, medium, hard, unfair, extreme (HoDoKu), simple, "
          "intermediate, expert or qqwing:easy (QQWing), not '" +
          level + "'");
  }
  if (vm.count("rating")) parse_rating(vm["rating"].as<std::string>(), g.order.band);
  if (vm.count("technique")) {
    const auto& name = vm["technique"].as<std::string>();
    g.order.technique = sudoku::parse_technique(name);
    if (!g.order.technique) throw UsageError("--technique: no technique is named '" + name + "'");
  }
  if (vm.count("attempts")) g.attempts = parse_number(vm, "attempts", 1, UINT64_MAX);
  if (!vm.count("format")) settings.format = Format::line;
  return g;
}

// The seed of the i-th puzzle of a set: the i-th number of the set's seed's stream, so that a
// longer set begins with the puzzles of a shorter one.
std::uint64_t puzzle_seed(std::uint64_t seed, std::uint64_t i) {
  return dlx::nth_random(seed, i);
}

// Prints `g.puzzles` puzzles of the shape the options ask for (9x9 regular by default), in
// blocks generated on the worker threads and written in order.
int run_generate(GenerateSettings g, const Settings& settings) {
  std::unique_ptr<sudoku::Geometry> geometry;
  try {
    const sudoku::ReaderOptions& r = settings.reader;
    if (r.variant == sudoku::Variant::jigsaw && r.regions.empty()) {
      // Random regions drawn from the seed, one map for the whole set.
      geometry = std::make_unique<sudoku::Geometry>(
          sudoku::random_jigsaw(r.size != 0 ? r.size : 9, dlx::nth_random(g.seed, UINT64_MAX)));
    } else if (r.variant == sudoku::Variant::jigsaw) {
      int size = 0;
      while (size * size < static_cast<int>(r.regions.size())) ++size;
      if (r.size != 0 && r.size != size)
        throw sudoku::GeometryError("--size " + std::to_string(r.size) + " contradicts the " +
                                    std::to_string(size) + "x" + std::to_string(size) +
                                    " region map");
      geometry = std::make_unique<sudoku::Geometry>(sudoku::Geometry::jigsaw(size, r.regions));
    } else {
      geometry = std::make_unique<sudoku::Geometry>(r.size != 0 ? r.size : 9, r.variant);
    }
  } catch (const sudoku::GeometryError& error) {
    std::cerr << "sudoku: " << error.what() << "\n";
    return exit_error;
  }
  const int size = geometry->size();
  // Without --givens or --minimal, what the library does for this shape (minimal where that
  // takes seconds, else as few givens as budgeted checks reach).
  if (!g.givens_asked) {
    const std::uint64_t check_nodes = g.options.check_nodes;
    const bool symmetric = g.options.symmetric;
    g.options = sudoku::default_generator_options(*geometry);
    g.options.check_nodes = check_nodes;
    g.options.symmetric = symmetric;
    g.budget_by_default = !sudoku::minimal_by_default(*geometry);
    if (g.check_nodes_asked && !g.budget_by_default) {
      std::cerr << "sudoku: --check-nodes: " << shape(*geometry)
                << " puzzles are minimal by default, every removal checked to the end; give "
                   "--givens K with it\n";
      return exit_error;
    }
  }
  catch_interrupts();
  const auto start = Clock::now();
  Output output;
  // A header that tells readers (this command, sudoku_bench) the variant of the lines below.
  if (settings.format != Format::json) {
    if (geometry->variant() == sudoku::Variant::jigsaw) {
      constexpr std::string_view symbols =
          "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
      std::string map;
      for (int cell = 0; cell < geometry->cell_count(); ++cell)
        map += symbols[static_cast<std::size_t>(geometry->region_of(cell)) % symbols.size()];
      output.out("#regions " + map + "\n");
    } else if (geometry->variant() != sudoku::Variant::regular) {
      output.out("#variant " + std::string(sudoku::variant_name(geometry->variant())) + "\n");
    }
  }
  const unsigned threads = std::max(1u, settings.threads);
  std::vector<std::unique_ptr<sudoku::OrderedGenerator>> generators;
  try {
    for (unsigned t = 0; t < threads; ++t) {
      generators.push_back(std::make_unique<sudoku::OrderedGenerator>(*geometry));
      generators.back()->set_stop_flag(&stop_work);
    }
  } catch (const sudoku::GeometryError& error) {
    std::cerr << "sudoku: " << error.what() << "\n";
    return exit_error;
  }
  sudoku::PrettyOptions pretty;
  pretty.color = settings.color;
  pretty.symbols = settings.reader.symbols;
  const sudoku::Symbols& symbols = settings.reader.symbols;
  const std::string shape_name = shape(*geometry);
  std::vector<sudoku::OrderedPuzzle> block(window_per_thread * threads);
  const bool ordered = !g.order.any();
  std::uint64_t done = 0, givens = 0;
  int fewest = geometry->cell_count(), most = 0;
  // --givens not reached: how many puzzles, and their givens kept undecided (a check ran out).
  const int asked = g.options.givens;
  std::uint64_t short_of = 0, short_givens = 0, undecided = 0, added = 0;
  std::string error;
  std::atomic<std::uint64_t> generated{0};
  ProgressLines progress;
  if (settings.progress > 0) {
    try {
      progress.start(start, settings.progress, [&](double elapsed) {
        std::string line = "sudoku: progress: " + fixed(elapsed, 1) + " s, " +
                           std::to_string(generated.load()) + " of " + std::to_string(g.puzzles) +
                           (g.puzzles == 1 ? " puzzle" : " puzzles") + " generated";
        // Large grids take long each: where each puzzle in work stands.
        std::string in_work;
        for (const auto& generator : generators) {
          const sudoku::GenerationProgress at = generator->progress();
          if (at.checked == 0) continue;
          in_work += (in_work.empty() ? "; in work: " : ", ") + std::to_string(at.givens) +
                     " givens, " + std::to_string(at.checked) + " of " + std::to_string(at.cells) +
                     " cells checked";
        }
        return line + in_work + "\n";
      });
    } catch (const std::system_error& e) {
      std::cerr << "sudoku: cannot start the progress thread: " << e.code().message() << "\n";
      return exit_error;
    }
  }
  // Blocks of a puzzle per thread at first, doubling up to the window: the first puzzles come at
  // once (and a failing output shows at once), the later ones in blocks that keep threads busy.
  std::size_t block_size = threads;
  while (done < g.puzzles && !stop_work.load() && error.empty()) {
    const std::uint64_t first = done;
    const auto count =
        static_cast<std::size_t>(std::min<std::uint64_t>(block_size, g.puzzles - done));
    block_size = std::min(block.size(), 2 * block_size);
    // Every puzzle below `made` is finished once the threads are joined: a thread either
    // finishes the index it claims or, interrupted or failing, lowers `made` to it.
    std::atomic<std::size_t> next{0};
    std::size_t made = count;
    std::mutex made_mutex;
    auto work = [&](sudoku::OrderedGenerator& generator) {
      for (std::size_t i; (i = next.fetch_add(1)) < count;) {
        try {
          if (stop_work.load()) {
            std::lock_guard lock(made_mutex);
            made = std::min(made, i);
            return;
          }
          block[i] =
              generator.generate(puzzle_seed(g.seed, first + i), g.options, g.order, g.attempts);
          generated.fetch_add(1);
        } catch (const sudoku::GenerationStopped&) {
          std::lock_guard lock(made_mutex);
          made = std::min(made, i);
          return;
        } catch (const std::exception& e) {
          std::lock_guard lock(made_mutex);
          if (error.empty()) error = e.what();
          made = 0;
          return;
        }
      }
    };
    try {
      std::vector<std::jthread> helpers;
      {
        const SignalsToMainThread signals;
        for (unsigned t = 1; t < threads; ++t)
          helpers.emplace_back([&, t] { work(*generators[t]); });
      }
      work(*generators[0]);
    } catch (const std::system_error& e) {
      std::cerr << "sudoku: cannot start " << threads << " threads: " << e.code().message() << "\n";
      return exit_error;
    }
    const std::size_t ready = made;
    for (std::size_t i = 0; i < ready; ++i) {
      const sudoku::Puzzle& p = block[i].puzzle;
      const std::string rated = ordered ? ", " + sudoku::format_rating(block[i].rating) : "";
      const std::uint64_t number = first + i + 1;
      givens += static_cast<std::uint64_t>(p.count);
      fewest = std::min(fewest, p.count);
      most = std::max(most, p.count);
      const bool short_here = asked > 0 && p.count > asked;
      if (short_here) {
        ++short_of;
        short_givens += static_cast<std::uint64_t>(p.count);
        undecided += static_cast<std::uint64_t>(p.undecided);
        added += static_cast<std::uint64_t>(p.added);
      }
      // Where --givens was not reached, the puzzle says why: needed givens, or undecided ones.
      std::string why;
      if (short_here && g.budget_by_default) {
        why = p.undecided == 0 ? " (minimal, every given is needed)"
                               : " (not proved minimal: " + std::to_string(p.undecided) +
                                     " kept when their check ran out of --check-nodes)";
      } else if (short_here) {
        why = " (not " + std::to_string(asked) + ": ";
        if (p.undecided == 0 && p.added == 0) why += "minimal, every given is needed";
        if (p.undecided > 0)
          why += std::to_string(p.undecided) + " kept when their check ran out of --check-nodes";
        if (p.added > 0)
          why += std::string(p.undecided > 0 ? ", " : "") + std::to_string(p.added) +
                 " put back for the band";
        why += ")";
      }
      switch (settings.format) {
        case Format::line:
          output.out(sudoku::format_line(*geometry, p.givens, symbols) + "\n");
          break;
        case Format::pretty:
          if (number > 1) output.out("\n");
          output.out("generated:" + std::to_string(number) + ": " + shape_name + ", " +
                     std::to_string(p.count) + " givens" + why + rated + "\n");
          output.out(sudoku::format_pretty(*geometry, p.givens, pretty));
          break;
        case Format::json:
          output.out(
              "{\"number\":" + std::to_string(number) + ",\"size\":" + std::to_string(size) +
              ",\"variant\":" + sudoku::json_quote(sudoku::variant_name(geometry->variant())) +
              ",\"givens\":" + std::to_string(p.count) +
              (asked > 0 ? ",\"undecided\":" + std::to_string(p.undecided) : std::string()) +
              ",\"puzzle\":" +
              sudoku::json_quote(sudoku::format_line(*geometry, p.givens, symbols)) +
              ",\"solution\":" +
              sudoku::json_quote(sudoku::format_line(*geometry, p.solution, symbols)) +
              (ordered ? ",\"rating\":" + sudoku::json_quote(sudoku::format_rating(block[i].rating))
                       : std::string()) +
              "}\n");
          break;
      }
    }
    done += ready;
    output.flush();  // each block as it is done
  }
  progress.stop();  // no progress line after the summary
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!error.empty()) output.err("sudoku: " + error + "\n");
  if (g.puzzles > 1 || settings.stats || interrupted.load()) {
    std::string summary = "sudoku: " + std::to_string(done) + (done == 1 ? " puzzle" : " puzzles") +
                          " generated (" + shape_name + ", seed " + std::to_string(g.seed) + ")";
    if (done > 0)
      summary += ": " + fixed(static_cast<double>(givens) / static_cast<double>(done), 1) +
                 " givens on average, from " + std::to_string(fewest) + " to " +
                 std::to_string(most);
    summary += "; " + fixed(seconds, 3) + " s";
    if (seconds > 0) summary += ", " + fixed(static_cast<double>(done) / seconds, 0) + " puzzles/s";
    output.err(summary + "\n");
  }
  if (short_of > 0) {
    // Never passed off as done: what was reached instead of --givens, and why.
    const auto average = [&](std::uint64_t total) {
      return fixed(static_cast<double>(total) / static_cast<double>(short_of), 1);
    };
    std::string note =
        g.budget_by_default
            ? "sudoku: " + shape_name +
                  " puzzles are not made minimal by default (checking every removal to the end "
                  "takes minutes to hours on this shape; --minimal asks for it): " +
                  average(short_givens) + " givens on average, "
            : "sudoku: " + std::to_string(short_of) + " of " + std::to_string(done) +
                  (done == 1 ? " puzzle" : " puzzles") + " kept more than the " +
                  std::to_string(asked) + (asked == 1 ? " given" : " givens") + " asked (" +
                  average(short_givens) + " on average): ";
    note += average(short_givens - undecided - added) +
            (added > 0 ? " needed when the removal ended (without any one of them the puzzle had "
                         "another solution)"
                       : " needed (without any one of them the puzzle has another solution)");
    if (undecided > 0)
      note += ", " + average(undecided) + " kept because their check ran out of its " +
              std::to_string(g.options.check_nodes) +
              (g.options.check_nodes == 1 ? " search node" : " search nodes") +
              " (--check-nodes: a larger budget may remove some)";
    if (added > 0)
      note += ", " + average(added) +
              " put back to keep the steps within --difficulty or --rating (the puzzle is not "
              "minimal)";
    output.err(note + "\n");
  }
  if (interrupted.load()) output.err("sudoku: interrupted: fewer puzzles than asked for\n");
  output.flush();
  if (output.report_failure()) return exit_error;
  if (interrupted.load()) return interrupted_status();
  return error.empty() ? exit_solved : exit_error;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);

  po::options_description visible("Options", 100);
  visible.add_options()                            //
      ("help,h", "print this help and exit")       //
      ("version,V", "print the version and exit")  //
      ("variant", po::value<std::string>()->value_name("NAME"),
       "regular (the default), hyper, x, hyper-x or jigsaw; a '#variant' line in a file wins")  //
      ("hyper", "same as --variant hyper (with -x: hyper-x)")                                   //
      ("x,x", "same as --variant x: both main diagonals are houses too")                        //
      ("size", po::value<std::string>()->value_name("N"),
       "cells per row, when the input does not tell it")  //
      ("symbols", po::value<std::string>()->value_name("ALPHABET"),
       "the symbols of the digits 1, 2, ... in order, as single symbols and ranges: 0-F "
       "(hexadecimal 16x16; '.' is then the only empty cell), A-P (16x16 in letters), A-Y, "
       "1-9A-G; the output uses them too (default: 1-9 then letters, A-Y for 25x25)")  //
      ("blank", po::value<std::string>()->value_name("CHAR"),
       "one more character for an empty cell; ' ' reads grids whose empty cells are spaces "
       "(copied from web pages), one row per line in fixed columns")  //
      ("regions", po::value<std::string>()->value_name("FILE"),
       "jigsaw region map: N lines of N symbols (or one line of N*N); implies --variant "
       "jigsaw")                                                          //
      ("count,c", "print the number of solutions instead of a solution")  //
      ("all,a",
       "print every solution (numbered in the pretty and json formats); runs on one thread so "
       "that the solutions stream")  //
      ("limit", po::value<std::string>()->value_name("N"),
       "stop each search after N solutions; 0: no limit (default: 2, which tells whether the "
       "solution is unique, in every format; no limit for --count and --all: --count "
       "--limit 2 asks only whether a puzzle is unique)")  //
      ("max-nodes", po::value<std::string>()->value_name("N"),
       "stop each search after N search-tree nodes; a puzzle stopped so is reported as "
       "stopped early (exit status 3)")  //
      ("max-seconds", po::value<std::string>()->value_name("S"),
       "stop each search after S seconds (a decimal number); a puzzle stopped so is reported as "
       "stopped early (exit status 3)")  //
      ("check-solution",
       "compare the solution given with each puzzle (CSV 'puzzle,solution' input) with the "
       "puzzle: a wrong one is reported on stderr and makes the exit status 1")  //
      ("unique,u",
       "check that every puzzle has exactly one solution; the exit status tells")  //
      ("format,f", po::value<std::string>()->value_name("FORMAT"),
       "pretty (the default), line or json; see below")  //
      ("stats",
       "print the search-tree nodes, link updates and time of each puzzle on stderr, and the "
       "totals in the summary")  //
      ("threads,j", po::value<std::string>()->value_name("N"),
       "solve on N threads (0: one per core); the output stays in input order")  //
      ("color", po::value<std::string>()->value_name("WHEN"),
       "colour the marked cells of pretty grids: auto (on a terminal, the default), always, "
       "never")  //
      ("logic", po::value<std::string>()->value_name("LEVEL"),
       "reasoning before the search: none, singles (naked and hidden), fast (singles, locked "
       "candidates, naked and hidden pairs; the default, the fastest overall), all (and "
       "triples, quads, fish) or full (every technique, forcing chains and nets last: the "
       "ladder that -v, --hint, --rate and --interactive use). On the 17-clue set singles "
       "settle 45% of the puzzles without search, fast and all 85%")  //
      ("verbose,v", po::value<std::string>()->value_name("LEVEL"),
       "explain each puzzle on stderr: 1 solved by logic alone or how many search nodes, 2 "
       "the techniques used with counts, 3 every step, 4 every step with the candidate grid "
       "after it")  //
      ("hint",
       "print the next step of each puzzle only (the easiest technique that applies), with the "
       "candidate grid and the cells of the step marked")  //
      ("rate",
       "print the difficulty of each puzzle as 'ER/EP/ED level': Sudoku Explainer's ratings "
       "(the hardest step; the hardest before the first placement; before the first "
       "elimination) and HoDoKu's level (easy, medium, hard, unfair, extreme), solving as "
       "Sudoku Explainer does (the easiest step each time); JSON adds QQWing's level")  //
      ("assume-unique",
       "let the uniqueness techniques (Unique Rectangles, Hidden Rectangle, BUG+1) reason on "
       "every puzzle, as one with a single solution; by default they take part only when "
       "counting proved a single solution")                        //
      ("no-assume-unique", "never use the uniqueness techniques")  //
      ("hint-level", po::value<std::string>()->value_name("STAGE"),
       "how much a hint tells: 1 the technique and where to look, 2 also its cells and digits, "
       "3 the whole deduction (the default for --hint; --interactive starts at 1 and each "
       "'hint' goes one stage deeper)")  //
      ("interactive,i", po::value<std::string>()->value_name("FILE"),
       "solve the first puzzle of FILE ('-': standard input) step by step, with commands read "
       "from standard input; 'help' lists them")  //
      ("progress", po::value<std::string>()->value_name("SECONDS"),
       "print a progress line on stderr every SECONDS seconds: elapsed time, puzzles done, "
       "solutions seen (with --generate: puzzles generated; default: every 2 seconds when stderr "
       "is a terminal)")  //
      ("generate", po::value<std::string>()->value_name("N"),
       "make N puzzles with a unique solution instead of reading any: 9x9 regular unless "
       "--size, --variant, --hyper, -x or --regions say otherwise; minimal (every given needed) "
       "up to 16x16 regular and X, 12x12 jigsaw and 9x9 hyper and hyper-X, where that takes "
       "seconds; "
       "on larger shapes, where it takes minutes to hours, as few givens as checks of "
       "--check-nodes nodes reach (--minimal asks for minimal ones there too); --givens says "
       "otherwise; in the line format unless --format says otherwise, after a '#variant' or "
       "'#regions' line for a variant")  //
      ("seed", po::value<std::string>()->value_name("S"),
       "with --generate: the seed, to make the same puzzles again (default: a random one, shown "
       "in the summary on stderr)")  //
      ("givens", po::value<std::string>()->value_name("K"),
       "with --generate: stop removing givens at K (a puzzle that becomes minimal first keeps "
       "more); each removal's check then has a budget of search nodes (--check-nodes), and a "
       "given whose check runs out stays: the puzzle is still unique, but may keep givens it "
       "could lose; puzzles left with more than K givens are reported on stderr, with how many "
       "givens are needed and how many stayed undecided")  //
      ("minimal",
       "with --generate: minimal puzzles on every shape, every removal checked to the "
       "end (on 20x20, 25x25 and 16x16 hyper grids: minutes to hours a puzzle)")  //
      ("check-nodes", po::value<std::string>()->value_name("N"),
       "with --givens, or on the shapes not minimal by default: the search nodes one removal's "
       "check may take (default 10000; 0: no budget, every check to the end)")         //
      ("symmetric", "with --generate: remove givens in pairs that a half turn swaps")  //
      ("difficulty", po::value<std::string>()->value_name("LEVEL"),
       "with --generate: only puzzles of that level, as --rate gives it: HoDoKu's easy, "
       "medium, hard, unfair, extreme, or QQWing's simple, intermediate, expert (qqwing:easy "
       "for its easy); a puzzle too hard for the level (or for --rating's HI) keeps givens of "
       "its solution where the easiest step is too hard, so it need not be minimal")  //
      ("rating", po::value<std::string>()->value_name("LO:HI"),
       "with --generate: only puzzles whose ER (Sudoku Explainer's scale, as --rate gives it) "
       "is from LO to HI, e.g. 7:8.5 ('8:' for 8 and more)")  //
      ("technique", po::value<std::string>()->value_name("NAME"),
       "with --generate: only puzzles whose solution needs that technique, named as -v names "
       "it, e.g. X-Wing, 'naked pair', nishio_forcing_chain")  //
      ("attempts", po::value<std::string>()->value_name("N"),
       "with --difficulty, --rating or --technique: puzzles made per puzzle asked for before "
       "giving up (default 1000000)");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("file", -1);

  Settings settings;
  GenerateSettings generate;
  std::vector<std::string> files;
  try {
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << usage_text << visible << epilog_text;
      return exit_solved;
    }
    if (vm.count("version")) {
      std::cout << "sudoku " SUDOKU_VERSION "\n";
      return exit_solved;
    }
    settings = parse_settings(vm);
    generate = parse_generate(vm, settings);
    if (vm.count("file")) files = vm["file"].as<std::vector<std::string>>();
  } catch (const po::unknown_option& error) {
    const std::string message = "sudoku: " + unknown_option_text(error.get_option_name(), visible) +
                                "\nTry 'sudoku --help' for more information.\n";
    std::fwrite(message.data(), 1, message.size(), stderr);
    return exit_error;
  } catch (const std::exception& error) {  // po::error or UsageError
    std::cout.flush();
    const std::string message =
        std::string("sudoku: ") + error.what() + "\nTry 'sudoku --help' for more information.\n";
    std::fwrite(message.data(), 1, message.size(), stderr);
    return exit_error;
  }
  if (settings.mode == Mode::interactive) return run_interactive(settings);
  if (generate.puzzles > 0) return run_generate(generate, settings);
  if (files.empty()) files.push_back("-");
  catch_interrupts();

  // Names for messages; kept here so that results may point at them while in flight.
  std::vector<std::string> names;
  names.reserve(files.size());
  for (const std::string& f : files) names.push_back(f == "-" ? "<stdin>" : f);

  sudoku::BatchOptions options;
  options.task = task_of(settings.mode);
  options.limit = settings.limit;
  options.max_nodes = settings.max_nodes;
  options.max_seconds = settings.max_seconds;
  options.logic = settings.logic;
  options.uniqueness = settings.uniqueness;
  options.threads = settings.threads;
  options.stop = &stop_work;
  options.check_solution = settings.check_solution;
  options.live_progress = settings.progress > 0;
  // Puzzles typed at a terminal are solved one by one, not in runs.
  const bool typed =
      ::isatty(STDIN_FILENO) != 0 && std::find(files.begin(), files.end(), "-") != files.end();
  options.run = typed ? 1 : claim_run;

  Output output;
  Printer printer(settings, output);
  const auto start = Clock::now();
  bool input_failed = false;
  sudoku::Tally tally;
  std::string fault;  // what ran out: threads or memory
  try {
    std::optional<SignalsToMainThread> signals(std::in_place);
    sudoku::Batch batch(options, printer.hooks());
    signals.reset();
    ProgressLines progress;
    if (settings.progress > 0)
      progress.start(start, settings.progress, [&](double elapsed) {
        const std::uint64_t done = batch.emitted(), seen = batch.solutions_seen();
        return "sudoku: progress: " + fixed(elapsed, 1) + " s, " + std::to_string(done) +
               (done == 1 ? " puzzle" : " puzzles") + " done, " + std::to_string(seen) +
               (seen == 1 ? " solution" : " solutions") + " seen\n";
      });
    for (std::size_t i = 0; i < files.size() && !stop_work.load(); ++i)
      if (!read_input(files[i], names[i], settings, batch, output)) input_failed = true;
    batch.finish();
    progress.stop();  // before the batch goes
    tally = batch.tally();
  } catch (const std::system_error& e) {
    fault = "cannot start " + std::to_string(options.threads) + " threads: " + e.code().message();
  } catch (const OutOfMemory& e) {
    fault = e.what();
  } catch (const std::bad_alloc&) {
    fault = "out of memory";
  }
  if (!fault.empty()) {
    output.flush();
    std::cerr << "sudoku: " << fault << "\n";
    return exit_error;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  if (tally.puzzles > 1 || settings.stats) {
    std::string summary = "sudoku: " + std::to_string(tally.puzzles) +
                          (tally.puzzles == 1 ? " puzzle: " : " puzzles: ") +
                          std::to_string(tally.solved) + " solved, " + std::to_string(tally.none) +
                          " without solution, ";
    if (settings.mode == Mode::hint) {
      summary = "sudoku: " + std::to_string(tally.puzzles) +
                (tally.puzzles == 1 ? " puzzle: " : " puzzles: ") + std::to_string(tally.hints) +
                (tally.hints == 1 ? " hint, " : " hints, ");
      if (tally.none > 0) summary += std::to_string(tally.none) + " without solution, ";
      if (tally.several > 0) summary += std::to_string(tally.several) + " with several solutions, ";
    } else if (settings.limit != 1 || settings.mode == Mode::rate) {
      // With a limit of 1 no search looks for a second solution.
      summary += std::to_string(tally.several) + " with several solutions, ";
    }
    if (tally.stopped > 0) summary += std::to_string(tally.stopped) + " stopped early, ";
    if (settings.check_solution)
      summary += std::to_string(tally.mismatches) +
                 (tally.mismatches == 1 ? " wrong given solution, " : " wrong given solutions, ");
    summary += std::to_string(tally.errors) + (tally.errors == 1 ? " error; " : " errors; ");
    summary += fixed(seconds, 3) + " s";
    if (seconds > 0)
      summary += ", " + fixed(static_cast<double>(tally.puzzles) / seconds, 0) + " puzzles/s";
    if (settings.stats) {
      const double solved = static_cast<double>(std::max<std::uint64_t>(1, tally.puzzles));
      summary += "; " + std::to_string(tally.nodes) + " nodes (" +
                 fixed(static_cast<double>(tally.nodes) / solved, 1) + " per puzzle), " +
                 fixed(tally.seconds * 1e6 / solved, 1) + " us per puzzle in the solver";
    }
    output.err(summary + "\n");
  }
  if (interrupted.load())
    output.err(
        "sudoku: interrupted: the results are incomplete; a count cut short says 'at least' "
        "(or ends in '+')\n");
  output.flush();
  if (output.report_failure()) return exit_error;
  if (interrupted.load()) return interrupted_status();
  if (input_failed || tally.errors > 0) return exit_error;
  if (tally.stopped > 0) return exit_stopped;
  if (tally.none > 0 || tally.mismatches > 0 || (settings.unique && tally.not_unique > 0))
    return exit_no_solution;
  return exit_solved;
}
