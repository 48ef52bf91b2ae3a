// The sudoku command: solves, counts or lists the solutions of the puzzles in files or on
// standard input, one result per puzzle, in input order; or, with --generate, makes puzzles, and
// with --interactive, solves one with a person (apps/sudoku/: options, printer, generate,
// interactive).
//
// A batch streams (sudoku/search/batch.hpp): the main thread reads one record at a time and
// hands it to the batch, whose results are rendered on its workers and written here in input
// order, so memory stays bounded however long the input.
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "common/command.hpp"
#include "common/progress.hpp"
#include "common/signals.hpp"
#include "sudoku/generate.hpp"
#include "sudoku/interactive.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/options.hpp"
#include "sudoku/printer.hpp"
#include "sudoku/search/batch.hpp"

namespace {

using namespace sudoku_app;
using app::Clock;
using app::fixed;
using app::stop_work;

// Records a worker takes at once (sudoku::BatchOptions::run).
constexpr std::uint64_t claim_run = 16;

// Set while the main thread waits for a puzzle to be typed at a terminal, every puzzle before it
// answered: no progress to report, so the progress lines keep quiet.
std::atomic<bool> awaiting_typing{false};

// Reads a file descriptor for the puzzle reader. A read that a signal interrupts ends the input
// when the work is to stop (std::filebuf would read again and wait on a silent pipe forever);
// a read error throws, which the reader turns into badbit.
class InputBuffer : public std::streambuf {
 public:
  // `idle` is called when a read would wait: the input has paused. `waiting` (if given) is set
  // while the read waits after that.
  InputBuffer(int fd, std::function<void()> idle, std::atomic<bool>* waiting = nullptr)
      : fd_(fd), buffer_(std::size_t{1} << 16), idle_(std::move(idle)), waiting_(waiting) {}
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
    if (waiting_) waiting_->store(true);
    while (!stop_work.load() && (ready = ::ppoll(&wanted, 1, nullptr, &old)) < 0 &&
           errno == EINTR) {
    }
    const int error = errno;
    if (waiting_) waiting_->store(false);
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    if (stop_work.load()) return false;
    if (ready < 0) throw std::system_error(error, std::generic_category(), "poll");
    return true;
  }

  int fd_;
  std::vector<char> buffer_;
  std::function<void()> idle_;
  std::atomic<bool>* waiting_;
};

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
  const bool terminal = fd == STDIN_FILENO && ::isatty(STDIN_FILENO) != 0;
  // When the input pauses, what was read so far is answered and written out.
  InputBuffer buffer(
      fd,
      [&] {
        batch.drain();
        output.flush();
      },
      terminal ? &awaiting_typing : nullptr);
  std::istream input(&buffer);
  std::istream* in = &input;
  sudoku::ReaderOptions reader_options = settings.reader;
  reader_options.stop = &stop_work;
  sudoku::PuzzleReader reader(*in, reader_options);
  if (terminal) {
    output.err("sudoku: reading puzzles from standard input (Ctrl-D to end)\n");
    output.flush();
  }
  std::uint64_t records = 0;
  while (!stop_work.load(std::memory_order_relaxed)) {
    std::optional<sudoku::Record> record;
    try {
      app::reading_terminal.store(terminal);
      record = reader.next();
      app::reading_terminal.store(false);
    } catch (const std::bad_alloc&) {
      app::reading_terminal.store(false);
      throw app::OutOfMemory("out of memory reading " + name + " at line " +
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

}  // namespace

int main(int argc, char** argv) {
  Settings settings;
  GenerateSettings generate;
  std::vector<std::string> files;
  if (const std::optional<int> done = read_command_line(argc, argv, settings, generate, files))
    return *done;
  if (settings.interactive) return run_interactive(settings);
  if (generate.puzzles > 0) return run_generate(generate, settings);
  app::catch_interrupts();

  // Names for messages; kept here so that results may point at them while in flight.
  std::vector<std::string> names;
  names.reserve(files.size());
  for (const std::string& f : files) names.push_back(f == "-" ? "<stdin>" : f);

  // Puzzles typed at a terminal are solved one by one, not in runs.
  const bool typed =
      ::isatty(STDIN_FILENO) != 0 && std::find(files.begin(), files.end(), "-") != files.end();
  const sudoku::BatchOptions options{.task = settings.task,
                                     .limit = settings.limit,
                                     .max_nodes = settings.max_nodes,
                                     .max_seconds = settings.max_seconds,
                                     .logic = settings.logic,
                                     .uniqueness = settings.uniqueness,
                                     .threads = settings.threads,
                                     .run = typed ? 1 : claim_run,
                                     .stop = &stop_work,
                                     .check_solution = settings.check_solution,
                                     .live_progress = settings.progress > 0};

  Output output;
  Printer printer(settings, output);
  const auto start = Clock::now();
  std::uint64_t inputs_failed = 0;  // files that could not be read, or held no puzzle
  sudoku::Tally tally;
  std::string fault;  // what ran out: threads or memory
  try {
    std::optional<app::SignalsToMainThread> signals(std::in_place);
    sudoku::Batch batch(options, printer.hooks());
    signals.reset();
    app::ProgressLines progress;
    if (settings.progress > 0)
      progress.start(start, settings.progress, [&](double elapsed) -> std::string {
        if (awaiting_typing.load()) return "";
        const std::uint64_t done = batch.emitted(), seen = batch.solutions_seen();
        return "sudoku: progress: " + fixed(elapsed, 1) + " s, " + std::to_string(done) +
               (done == 1 ? " puzzle" : " puzzles") + " done, " + std::to_string(seen) +
               (seen == 1 ? " solution" : " solutions") + " seen\n";
      });
    for (std::size_t i = 0; i < files.size() && !stop_work.load(); ++i)
      if (!read_input(files[i], names[i], settings, batch, output)) ++inputs_failed;
    batch.finish();
    progress.stop();  // before the batch goes
    tally = batch.tally();
  } catch (const std::system_error& e) {
    fault = "cannot start " + std::to_string(options.threads) + " threads: " + e.code().message();
  } catch (const app::OutOfMemory& e) {
    fault = e.what();
  } catch (const std::bad_alloc&) {
    fault = "out of memory";
  }
  if (!fault.empty()) {
    output.flush();
    std::cerr << "sudoku: " << fault << "\n";
    return app::exit_error;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  // An input that could not be read is an error of the run as much as a bad puzzle.
  const std::uint64_t errors = tally.errors + inputs_failed;

  const bool forms =
      settings.task == sudoku::Task::canonical || settings.task == sudoku::Task::dedupe;
  if (forms && (tally.puzzles > 1 || settings.stats)) {
    std::string summary = "sudoku: " + std::to_string(tally.puzzles) +
                          (tally.puzzles == 1 ? " puzzle: " : " puzzles: ");
    if (settings.task == sudoku::Task::dedupe)
      summary += std::to_string(tally.forms - tally.duplicates) + " kept, " +
                 std::to_string(tally.duplicates) + " equivalent to an earlier one left out, ";
    summary += std::to_string(errors) + (errors == 1 ? " error; " : " errors; ") +
               fixed(seconds, 3) + " s";
    if (seconds > 0 && tally.puzzles > 0)
      summary += ", " + app::rate(tally.puzzles, seconds, "puzzle");
    output.err(summary + "\n");
  } else if (tally.puzzles > 1 || settings.stats) {
    std::string summary = "sudoku: " + std::to_string(tally.puzzles) +
                          (tally.puzzles == 1 ? " puzzle: " : " puzzles: ") +
                          std::to_string(tally.solved) + " solved, " + std::to_string(tally.none) +
                          " without solution, ";
    if (settings.task == sudoku::Task::hint) {
      summary = "sudoku: " + std::to_string(tally.puzzles) +
                (tally.puzzles == 1 ? " puzzle: " : " puzzles: ") + std::to_string(tally.hints) +
                (tally.hints == 1 ? " hint, " : " hints, ");
      if (tally.none > 0) summary += std::to_string(tally.none) + " without solution, ";
      if (tally.several > 0) summary += std::to_string(tally.several) + " with several solutions, ";
    } else if (settings.limit != 1 || settings.task == sudoku::Task::rate) {
      // With a limit of 1 no search looks for a second solution.
      summary += std::to_string(tally.several) + " with several solutions, ";
    }
    if (tally.stopped > 0) summary += std::to_string(tally.stopped) + " stopped early, ";
    if (settings.check_solution)
      summary += std::to_string(tally.mismatches) +
                 (tally.mismatches == 1 ? " wrong given solution, " : " wrong given solutions, ");
    summary += std::to_string(errors) + (errors == 1 ? " error; " : " errors; ");
    summary += fixed(seconds, 3) + " s";
    if (seconds > 0 && tally.puzzles > 0)
      summary += ", " + app::rate(tally.puzzles, seconds, "puzzle");
    if (settings.stats) {
      const double solved = static_cast<double>(std::max<std::uint64_t>(1, tally.puzzles));
      summary += "; " + std::to_string(tally.nodes) + " nodes (" +
                 fixed(static_cast<double>(tally.nodes) / solved, 1) + " per puzzle), " +
                 fixed(tally.seconds * 1e6 / solved, 1) + " us per puzzle in the solver";
    }
    output.err(summary + "\n");
  }
  if (app::interrupted.load())
    output.err(
        "sudoku: interrupted: the results are incomplete; a count cut short says 'at least' "
        "(or ends in '+')\n");
  output.flush();
  if (output.report_failure()) return app::exit_error;
  if (app::interrupted.load()) return app::interrupted_status();
  if (errors > 0) return app::exit_error;
  if (tally.stopped > 0) return app::exit_stopped;
  if (tally.none > 0 || tally.mismatches > 0 || (settings.unique && tally.not_unique > 0))
    return app::exit_no_solution;
  return app::exit_solved;
}
