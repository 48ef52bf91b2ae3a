// The sudoku command: solves, counts or lists the solutions of the puzzles in files or on
// standard input, one result per puzzle, in input order.
//
// A batch streams: the main thread reads one record at a time and hands it to a worker (or
// solves it itself with --threads 1); each record's output is rendered into its own strings and
// written in input order, through a window of at most `window` records in flight, so memory
// stays bounded however long the input.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
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
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "sudoku/format.hpp"
#include "sudoku/geometry.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/solver.hpp"

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
constexpr int exit_interrupted = 130;  // the shell's convention for "ended by SIGINT"

// Bytes of output gathered before one write; a terminal gets each record at once instead.
constexpr std::size_t output_chunk = std::size_t{1} << 16;
// Records in flight per worker thread: enough to keep every worker busy, few enough to bound
// memory.
constexpr std::size_t window_per_thread = 256;

constexpr std::string_view usage_text = R"(Usage: sudoku [options] [file...]

Solves the sudoku puzzles in each file, or in standard input when no file is given or the file
is '-', and prints one result per puzzle, in input order.

Input: one puzzle per line (81 cells for 9x9: digits, with '.', '0', 'x', '*', '_' or '-' for an
empty cell; anything after the last cell is ignored), or a grid over several lines, whitespace
and the box borders '|', '-', '+' ignored. Lines starting with '#' are comments, except the
headers '#variant NAME' (for the rest of the file) and '#regions MAP' (a jigsaw region map: N*N
symbols 0-9, A-Z, a-z naming regions, on that line or on the N lines that follow). Sizes 4x4,
6x6, 9x9, 12x12 (1-9, A-C), 16x16 (1-9, A-G) and 25x25 (A-Y) are told from the input; use
--size for others, or when a 16-cell line is not what it seems.

)";

constexpr std::string_view epilog_text = R"(
Output (--format):
  pretty  a header 'file:line: what was found', then the grid with box (or region) borders;
          hyper window cells are shown as [5], diagonal cells as (5), cells of both as {5}
  line    one line per puzzle: its first solution (N*N symbols), 'none' when there is none;
          with --count the count, '2+' when --limit stopped it; with --all each solution on a
          line; 'error' for a puzzle that cannot be read or whose givens clash
  json    one JSON object per line: {"file":..,"line":3,"size":9,"variant":"hyper",
          "puzzle":"..","solutions":1,"complete":true,"solution":".."}; "complete" false means
          the limit stopped the search. --all adds {"line":3,"number":1,"solution":".."} for
          each solution first; a bad puzzle gives {"line":3,"column":7,"error":".."}
Errors go to stderr as 'file:line:column: message', and the batch goes on. With more than one
puzzle, or with --stats, a summary line goes to stderr at the end.

Exit status:
  0    every puzzle solved (and, with --unique, each has exactly one solution)
  1    some puzzle has no solution (with --unique: not exactly one)
  2    bad input (a puzzle that cannot be read, givens that clash, a missing file, no puzzle
       at all) or bad usage; this wins over 1
  130  interrupted (Ctrl-C)

Examples:
  sudoku examples/sudoku/hyper.txt              solve, and show the grid
  sudoku --format line puzzles.txt > out.txt    one solution per line, for pipes
  sudoku --count --limit 2 --format line big.txt   '1' for each proper puzzle, '2+' otherwise
  sudoku --unique -j 4 --stats big.txt          check uniqueness on 4 threads, with timings
  sudoku --all examples/sudoku/multi.txt        every solution, numbered
  sudoku --format line -x diagonal.txt          X sudokus (the diagonals are houses too)
  sudoku --regions map.txt jigsaw.txt           a jigsaw with its region map in a file
  echo 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ | sudoku
)";

std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// Set while the main thread waits for a line typed at a terminal: a read there is restarted
// after the signal, so the first Ctrl-C ends the program at once (a terminal has been given
// every result already).
std::atomic<bool> reading_terminal{false};

extern "C" void on_interrupt(int /*signal*/) {
  interrupted.store(true);
  if (reading_terminal.load()) std::_Exit(exit_interrupted);
}

// A usage error, reported as its own exception so that main maps it to exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class Mode { solve, count, all };
enum class Format { pretty, line, json };

// What the command line asked for, checked.
struct Settings {
  Mode mode = Mode::solve;
  Format format = Format::pretty;
  std::uint64_t limit = 1;  // solutions searched for per puzzle; 0: all
  bool unique = false;
  bool stats = false;
  bool color = false;
  unsigned threads = 1;
  sudoku::ReaderOptions reader;
};

// What a batch has seen; summed over records.
struct Tally {
  std::uint64_t puzzles = 0;  // records read, errors included
  std::uint64_t solved = 0;   // at least one solution
  std::uint64_t none = 0;     // no solution
  std::uint64_t several = 0;  // two or more solutions
  std::uint64_t not_unique = 0;
  std::uint64_t errors = 0;  // records that could not be read or whose givens clash
  std::uint64_t nodes = 0;
  double seconds = 0;  // time in the solver

  void add(const Tally& t) {
    puzzles += t.puzzles;
    solved += t.solved;
    none += t.none;
    several += t.several;
    not_unique += t.not_unique;
    errors += t.errors;
    nodes += t.nodes;
    seconds += t.seconds;
  }
};

// One record and what it gives.
struct Job {
  const std::string* file = nullptr;  // name for messages
  sudoku::Record record;
  std::string out, err;  // rendered output for stdout and stderr
  Tally tally;
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
  void flush() {
    if (!out_.empty()) {
      if (std::fwrite(out_.data(), 1, out_.size(), stdout) != out_.size()) failed_ = true;
      if (std::fflush(stdout) != 0) failed_ = true;
      out_.clear();
    }
    if (!err_.empty()) {
      std::fwrite(err_.data(), 1, err_.size(), stderr);
      err_.clear();
    }
  }
  // True when writing to stdout failed (a full disk, a closed pipe).
  bool failed() const noexcept { return failed_; }

 private:
  bool out_tty_;
  bool failed_ = false;
  std::string out_, err_;
};

// Solves records: one sudoku::Solver per geometry, built on first use and kept.
class Worker {
 public:
  explicit Worker(const Settings& settings) : settings_(settings) {}

  // Fills the job's output and tally. `stream`, when given, takes --all's solutions as they come.
  void run(Job& job, Output* stream = nullptr);

 private:
  sudoku::Solver& solver_for(const std::shared_ptr<const sudoku::Geometry>& geometry) {
    for (auto& [g, solver] : solvers_)
      if (g == geometry) return *solver;
    if (solvers_.size() >= 8) solvers_.erase(solvers_.begin());
    auto solver = std::make_unique<sudoku::Solver>(*geometry);
    solver->set_stop_flag(&interrupted);
    solvers_.emplace_back(geometry, std::move(solver));
    return *solvers_.back().second;
  }
  void fail(Job& job, const sudoku::Location& where, const std::string& message);

  const Settings& settings_;
  std::vector<std::pair<std::shared_ptr<const sudoku::Geometry>, std::unique_ptr<sudoku::Solver>>>
      solvers_;
};

std::string where(const std::string& file, const sudoku::Location& at) {
  return file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

void Worker::fail(Job& job, const sudoku::Location& at, const std::string& message) {
  ++job.tally.errors;
  job.err += where(*job.file, at) + ": " + message + "\n";
  if (settings_.format == Format::line) job.out += "error\n";
  if (settings_.format == Format::json)
    job.out += sudoku::format_json_error(at, message, *job.file) + "\n";
}

// "9x9", "9x9 hyper".
std::string shape(const sudoku::Geometry& g) {
  std::string s = std::to_string(g.size()) + "x" + std::to_string(g.size());
  if (g.variant() != sudoku::Variant::regular) s += " " + std::string(variant_name(g.variant()));
  return s;
}

void Worker::run(Job& job, Output* stream) {
  const sudoku::Record& record = job.record;
  if (!record.ok()) {
    // A bad header line is an error, but not a puzzle.
    const auto kind = record.error->kind();
    if (kind != sudoku::FormatErrorKind::bad_variant &&
        kind != sudoku::FormatErrorKind::bad_regions)
      ++job.tally.puzzles;
    fail(job, {record.error->line(), record.error->column()}, record.error->what());
    return;
  }
  ++job.tally.puzzles;
  const sudoku::Geometry& geometry = *record.geometry;
  const std::string& file = *job.file;
  const std::string at = file + ":" + std::to_string(record.line);
  sudoku::PrettyOptions pretty;
  pretty.color = settings_.color;

  std::uint64_t number = 0;
  sudoku::SolutionVisitor visit;
  if (settings_.mode == Mode::all) {
    visit = [&](const sudoku::Grid& solution) {
      ++number;
      switch (settings_.format) {
        case Format::pretty:
          if (number > 1) job.out += "\n";
          job.out += at + ": solution " + std::to_string(number) + "\n";
          job.out += sudoku::format_pretty(geometry, solution, pretty);
          break;
        case Format::line:
          job.out += sudoku::format_line(geometry, solution) + "\n";
          break;
        case Format::json:
          job.out += sudoku::format_json_solution(record.line, number, geometry, solution, file);
          job.out += "\n";
          break;
      }
      if (stream != nullptr && job.out.size() >= output_chunk) {
        stream->out(job.out);
        job.out.clear();
        stream->maybe_flush();
      }
      return true;
    };
  }

  sudoku::SolveResult result;
  sudoku::Solver& solver = solver_for(record.geometry);  // built on first use, not timed
  const auto start = Clock::now();
  try {
    result = solver.solve(record.givens, settings_.limit, visit);
  } catch (const sudoku::ClashError& clash) {
    const auto cell = static_cast<std::size_t>(clash.clash().second);
    fail(job, cell < record.cells.size() ? record.cells[cell] : sudoku::Location{record.line, 1},
         std::string("givens clash: ") + clash.what());
    return;
  } catch (const std::invalid_argument& bad) {  // not expected from a record the reader made
    fail(job, {record.line, 1}, bad.what());
    return;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  Tally& t = job.tally;
  t.nodes += result.nodes;
  t.seconds += seconds;
  if (result.solutions == 0) ++t.none;
  if (result.solutions > 0) ++t.solved;
  if (result.solutions > 1) ++t.several;
  if (!(result.solutions == 1 && result.complete)) ++t.not_unique;

  switch (settings_.format) {
    case Format::pretty: {
      if (settings_.mode == Mode::all) {
        if (number > 0) job.out += "\n";
        job.out += at + ": " + shape(geometry) + ", " + sudoku::describe_count(result) + "\n";
      } else if (settings_.mode == Mode::count) {
        job.out += at + ": " + shape(geometry) + ", " + sudoku::describe_count(result) + "\n";
      } else {
        std::string status;
        if (result.solutions == 0)
          status = sudoku::describe_count(result);
        else if (settings_.limit == 1)
          status = "solved";
        else if (result.solutions == 1 && result.complete)
          status = "unique solution";
        else
          status = sudoku::describe_count(result) + "; the first:";
        job.out += at + ": " + shape(geometry) + ", " + status + "\n";
        if (!result.first.empty()) job.out += sudoku::format_pretty(geometry, result.first, pretty);
      }
      break;
    }
    case Format::line:
      if (settings_.mode == Mode::count)
        job.out += sudoku::format_count(result) + "\n";
      else if (settings_.mode == Mode::solve)
        job.out += result.first.empty() ? std::string("none\n")
                                        : sudoku::format_line(geometry, result.first) + "\n";
      else if (number == 0)
        job.out += "none\n";
      break;
    case Format::json: {
      sudoku::JsonOptions json;
      json.file = file;
      json.stats = settings_.stats;
      json.micros = seconds * 1e6;
      job.out += sudoku::format_json(record.line, geometry, record.givens, result, json) + "\n";
      break;
    }
  }
  if (settings_.stats)
    job.err += at + ": " + std::to_string(result.nodes) + " nodes, " +
               std::to_string(result.updates) + " updates, " + fixed(seconds * 1e6, 1) + " us\n";
}

// Reads the records of one input and hands them on, in order; runs the batch on the workers.
class Batch {
 public:
  Batch(const Settings& settings, Output& output) : settings_(settings), output_(output) {
    if (settings.threads > 1 && settings.mode != Mode::all) {
      window_ = window_per_thread * settings.threads;
      ring_.resize(window_);
      done_.assign(window_, 0);
      for (unsigned i = 0; i < settings.threads; ++i) threads_.emplace_back([this] { work(); });
    } else {
      single_ = std::make_unique<Worker>(settings);
    }
  }
  ~Batch() { finish(); }

  // Takes one record; writes the output of those finished so far, in order.
  void add(const std::string* file, sudoku::Record record) {
    if (single_) {
      Job job;
      job.file = file;
      job.record = std::move(record);
      single_->run(job, &output_);
      emit(job);
      return;
    }
    std::unique_lock lock(mutex_);
    while (produced_ - emitted_ == window_) {
      done_cv_.wait(lock, [&] { return done_[emitted_ % window_] != 0; });
      emit_ready(lock);
    }
    Job& job = ring_[produced_ % window_];
    job = Job{};
    job.file = file;
    job.record = std::move(record);
    done_[produced_ % window_] = 0;
    ++produced_;
    lock.unlock();
    work_cv_.notify_one();
    lock.lock();
    emit_ready(lock);
  }

  // Waits for every record and writes the rest of the output.
  void finish() {
    if (single_ || threads_.empty()) return;
    {
      std::unique_lock lock(mutex_);
      closed_ = true;
    }
    work_cv_.notify_all();
    {
      std::unique_lock lock(mutex_);
      while (emitted_ < produced_) {
        done_cv_.wait(lock, [&] { return done_[emitted_ % window_] != 0; });
        emit_ready(lock);
      }
    }
    threads_.clear();  // joins
  }

  const Tally& tally() const noexcept { return tally_; }

 private:
  void work() {
    Worker worker(settings_);
    for (;;) {
      std::unique_lock lock(mutex_);
      work_cv_.wait(lock, [&] { return claimed_ < produced_ || closed_; });
      if (claimed_ == produced_) return;  // closed, nothing left
      const std::uint64_t seq = claimed_++;
      Job& job = ring_[seq % window_];
      lock.unlock();
      worker.run(job);
      lock.lock();
      done_[seq % window_] = 1;
      lock.unlock();
      done_cv_.notify_one();
    }
  }

  // Writes the finished jobs at the head of the window; the lock is held on entry and exit.
  void emit_ready(std::unique_lock<std::mutex>& lock) {
    while (emitted_ < produced_ && done_[emitted_ % window_] != 0) {
      Job& job = ring_[emitted_ % window_];
      lock.unlock();  // only this thread touches an emitted slot until it is produced again
      emit(job);
      job.record = {};
      lock.lock();
      ++emitted_;
    }
  }

  void emit(Job& job) {
    tally_.add(job.tally);
    // Pretty grids are set apart by a blank line; one-line results (counts) are not.
    const bool grid = std::count(job.out.begin(), job.out.end(), '\n') > 1;
    if (settings_.format == Format::pretty && (grid || last_grid_) && !job.out.empty() && printed_)
      output_.out("\n");
    if (!job.out.empty()) {
      printed_ = true;
      last_grid_ = grid;
    }
    output_.out(job.out);
    output_.err(job.err);
    output_.maybe_flush();
  }

  const Settings& settings_;
  Output& output_;
  Tally tally_;
  bool printed_ = false;
  bool last_grid_ = false;
  std::unique_ptr<Worker> single_;

  std::size_t window_ = 0;
  std::vector<Job> ring_;
  std::vector<char> done_;
  std::uint64_t produced_ = 0, claimed_ = 0, emitted_ = 0;
  bool closed_ = false;
  std::mutex mutex_;
  std::condition_variable work_cv_, done_cv_;
  std::vector<std::jthread> threads_;
};

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

  const bool count = vm.count("count") > 0, all = vm.count("all") > 0;
  if (count && all) throw UsageError("--count and --all cannot be used together");
  s.mode = count ? Mode::count : all ? Mode::all : Mode::solve;
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
  // Counting and listing go to the end unless limited; solving stops at the first solution, but
  // for people (pretty) and for --unique it looks for a second one to tell whether it is unique.
  if (s.mode != Mode::solve)
    s.limit = 0;
  else
    s.limit = (s.format == Format::pretty || s.unique) ? 2 : 1;
  if (vm.count("limit")) s.limit = parse_number(vm, "limit", 1, UINT64_MAX);
  if (s.unique && s.limit == 1) s.limit = 2;
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
  return s;
}

// Reads one input into the batch; false when it cannot be opened or read, or has no puzzle.
bool read_input(const std::string& path, const std::string& name, const Settings& settings,
                Batch& batch, Output& output) {
  std::ifstream file;
  std::vector<char> buffer;
  std::istream* in = &std::cin;
  if (path != "-") {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      output.err("sudoku: " + path + ": Is a directory\n");
      return false;
    }
    buffer.resize(std::size_t{1} << 16);
    file.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    file.open(path, std::ios::binary);
    if (!file) {
      output.err("sudoku: " + path + ": " + std::strerror(errno) + "\n");
      return false;
    }
    in = &file;
  }
  sudoku::PuzzleReader reader(*in, settings.reader);
  const bool terminal = in == &std::cin && ::isatty(STDIN_FILENO) != 0;
  std::uint64_t records = 0;
  while (!interrupted.load(std::memory_order_relaxed)) {
    reading_terminal.store(terminal);
    std::optional<sudoku::Record> record = reader.next();
    reading_terminal.store(false);
    if (!record) break;
    ++records;
    batch.add(&name, std::move(*record));
  }
  if (in->bad()) {
    output.err("sudoku: " + name + ": read error\n");
    return false;
  }
  if (records == 0 && !interrupted.load()) {
    output.err("sudoku: " + name + ": no puzzle in the input\n");
    return false;
  }
  return true;
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
      ("regions", po::value<std::string>()->value_name("FILE"),
       "jigsaw region map: N lines of N symbols (or one line of N*N); implies --variant "
       "jigsaw")                                                          //
      ("count,c", "print the number of solutions instead of a solution")  //
      ("all,a",
       "print every solution (numbered in the pretty and json formats); runs on one thread so "
       "that the solutions stream")  //
      ("limit", po::value<std::string>()->value_name("N"),
       "stop each search after N solutions (default: 1, but 2 in the pretty format and with "
       "--unique, to tell whether the solution is unique; no limit for --count and --all)")  //
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
       "never");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("file", -1);

  Settings settings;
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
    if (vm.count("file")) files = vm["file"].as<std::vector<std::string>>();
  } catch (const std::exception& error) {  // po::error or UsageError
    std::cout.flush();
    const std::string message =
        std::string("sudoku: ") + error.what() + "\nTry 'sudoku --help' for more information.\n";
    std::fwrite(message.data(), 1, message.size(), stderr);
    return exit_error;
  }
  if (files.empty()) files.push_back("-");
  std::signal(SIGINT, on_interrupt);

  // Names for messages; kept here so that jobs may point at them while in flight.
  std::vector<std::string> names;
  names.reserve(files.size());
  for (const std::string& f : files) names.push_back(f == "-" ? "<stdin>" : f);

  Output output;
  const auto start = Clock::now();
  bool input_failed = false;
  Tally tally;
  {
    Batch batch(settings, output);
    for (std::size_t i = 0; i < files.size() && !interrupted.load(); ++i)
      if (!read_input(files[i], names[i], settings, batch, output)) input_failed = true;
    batch.finish();
    tally = batch.tally();
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  if (tally.puzzles > 1 || settings.stats) {
    std::string summary = "sudoku: " + std::to_string(tally.puzzles) +
                          (tally.puzzles == 1 ? " puzzle: " : " puzzles: ") +
                          std::to_string(tally.solved) + " solved, " + std::to_string(tally.none) +
                          " without solution, ";
    // With a limit of 1 no search looks for a second solution.
    if (settings.limit != 1) summary += std::to_string(tally.several) + " with several solutions, ";
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
  output.flush();
  if (output.failed()) {
    const std::string message = "sudoku: cannot write the output\n";
    std::fwrite(message.data(), 1, message.size(), stderr);
    return exit_error;
  }
  if (interrupted.load()) return exit_interrupted;
  if (input_failed || tally.errors > 0) return exit_error;
  if (tally.none > 0 || (settings.unique && tally.not_unique > 0)) return exit_no_solution;
  return exit_solved;
}
