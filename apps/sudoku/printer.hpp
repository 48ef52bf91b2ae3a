// The text of the sudoku command: its output gathered and written in chunks, and each result of
// a batch rendered in the format asked for.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "../common/signals.hpp"
#include "options.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/search/batch.hpp"

namespace sudoku_app {

// Bytes of output gathered before one write; a terminal gets each record at once instead.
constexpr std::size_t output_chunk = std::size_t{1} << 16;

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
        app::stop_work.store(true);
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

// "9x9", "9x9 hyper".
std::string shape(const sudoku::Geometry& g);

// The text of each result: rendered on the batch's worker threads (render, on_solution) and
// written in input order on the main thread (emit).
class Printer {
 public:
  Printer(const Settings& settings, Output& output) : settings_(settings), output_(output) {}

  sudoku::BatchHooks hooks() {
    sudoku::BatchHooks h;
    h.render = [this](sudoku::Result& r, const sudoku::WorkerTools& tools) { render(r, tools); };
    if (settings_.task == sudoku::Task::all)
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
  // --canonical, --dedupe: the form, or the puzzle (dropped on emit when a duplicate).
  void canonical(sudoku::Result& r);
  void true_candidates(sudoku::Result& r);
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
  sudoku::HeaderWriter headers_;  // the headers written so far (--canonical, --dedupe lines)
  bool out_of_memory_ = false;
};

}  // namespace sudoku_app
