// The iterators of the `sudoku` module: the puzzles of a text, the solutions of a puzzle (found
// on a thread of their own) and the results of a batch.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <sudoku/io/reader.hpp>
#include <sudoku/search/batch.hpp>
#include <sudoku/search/solver.hpp>
#include <thread>

#include "interrupt.hpp"
#include "sudoku_values.hpp"

namespace binding {

// The solutions of a puzzle one at a time: sudoku::Solver hands them to a visitor and cannot be
// suspended, so the search runs on a thread of its own and fills a bounded queue, waiting while
// it is full; the iterator takes from it. Dropping the iterator stops the search and joins.
class GridStream {
 public:
  GridStream(PyPuzzle puzzle, std::uint64_t limit, sudoku::Logic logic)
      : puzzle_(std::move(puzzle)), limit_(limit), logic_(logic) {}
  ~GridStream() {
    {
      std::lock_guard lock(mutex_);
      cancelled_ = true;
    }
    stop_.store(true);
    space_.notify_all();
    if (thread_.joinable()) thread_.join();  // the search never takes the GIL: no deadlock
  }

  PyGrid next() {
    if (!started_) {
      check_givens(puzzle_);
      started_ = true;
      thread_ = std::thread([this] { produce(); });
    }
    std::optional<sudoku::Grid> grid;
    bool interrupted = false;
    {
      Interrupt guard(stop_);
      {
        py::gil_scoped_release nogil;
        std::unique_lock lock(mutex_);
        items_.wait(lock, [&] { return !queue_.empty() || done_; });
        if (!queue_.empty()) {
          grid = std::move(queue_.front());
          queue_.pop_front();
          space_.notify_one();
        }
      }
      if (!grid && guard.seen()) {
        interrupted = true;
        guard.check();  // raises the handler's exception, if it raises one
      }
    }
    if (interrupted) {
      PyErr_SetNone(PyExc_KeyboardInterrupt);
      throw py::error_already_set();
    }
    if (!grid) {
      if (error_) std::rethrow_exception(error_);
      throw py::stop_iteration();
    }
    return puzzle_.solved(std::move(*grid));
  }

 private:
  static constexpr std::size_t capacity = 256;

  void produce() {
    try {
      sudoku::Solver solver(*puzzle_.geometry);
      solver.set_logic(logic_);
      solver.set_stop_flag(&stop_);
      const sudoku::SolutionVisitor visit = [this](const sudoku::Grid& solution) {
        std::unique_lock lock(mutex_);
        space_.wait(lock, [&] { return queue_.size() < capacity || cancelled_; });
        if (cancelled_) return false;
        queue_.push_back(solution);
        items_.notify_one();
        return true;
      };
      // Pencil-mark input: the solutions that keep to its candidates.
      if (puzzle_.marks.empty())
        solver.solve(puzzle_.givens, limit_, visit);
      else
        solver.solve(start_of(puzzle_), limit_, visit);
    } catch (...) {
      error_ = std::current_exception();
    }
    std::lock_guard lock(mutex_);
    done_ = true;
    items_.notify_all();
  }

  PyPuzzle puzzle_;
  std::uint64_t limit_;
  sudoku::Logic logic_;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable items_, space_;
  std::deque<sudoku::Grid> queue_;
  bool done_ = false, cancelled_ = false, started_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

// Text as the reader reads it, kept alive while it is read.
struct Text {
  std::string bytes;
  explicit Text(py::handle text) {
    if (py::isinstance<py::bytes>(text) || py::isinstance<py::str>(text))
      bytes = text.cast<std::string>();
    else
      throw py::type_error("expected str or bytes");
  }
};

// The puzzles of a text, read one at a time; a puzzle that cannot be read raises FormatError
// (with its file, line and column), and the next call goes on after it.
class PuzzleIterator {
 public:
  PuzzleIterator(py::handle text, std::string name, sudoku::ReaderOptions options)
      : text_(text),
        name_(std::move(name)),
        symbols_(options.symbols),
        stream_(text_.bytes),
        reader_(stream_, std::move(options)) {}
  PyPuzzle next() {
    Busy busy(busy_);
    std::optional<sudoku::Record> record;
    {
      py::gil_scoped_release nogil;
      record = reader_.next();
    }
    if (!record) throw py::stop_iteration();
    if (!record->ok() || !record->geometry) {
      if (!record->error) throw py::value_error(name_ + ": a record without a puzzle");
      py::object e = format_error(*record->error, name_);
      PyErr_SetObject(format_error_type.ptr(), e.ptr());
      throw py::error_already_set();
    }
    return from_record(std::move(*record), name_, symbols_);
  }

 private:
  Text text_;
  std::string name_;
  sudoku::Symbols symbols_;
  std::istringstream stream_;
  sudoku::PuzzleReader reader_;
  bool busy_ = false;
};

// The first puzzle of a text; raises sudoku.FormatError when there is none.
PyPuzzle parse_one(py::handle text, const std::string& name, sudoku::ReaderOptions options);

// A batch over sudoku::Batch: records go in one at a time (from a text, read in C++, or from
// Python puzzles), results come out in input order as the batch emits them.
class BatchIterator {
 public:
  BatchIterator(sudoku::BatchOptions options, std::string name)
      : name_(std::move(name)), options_(std::move(options)) {
    options_.stop = &stop_;
    sudoku::BatchHooks hooks;
    hooks.emit = [this](sudoku::Result& r) { ready_.push_back(std::move(r)); };
    batch_ = std::make_unique<sudoku::Batch>(options_, std::move(hooks));
  }
  ~BatchIterator() {
    stop_.store(true);  // what is still in flight ends at once
    py::gil_scoped_release nogil;
    batch_.reset();
  }

  void read_text(py::handle text, sudoku::ReaderOptions options) {
    symbols_ = options.symbols;
    text_.emplace(text);
    stream_.emplace(text_->bytes);
    reader_.emplace(*stream_, std::move(options));
  }
  void read_puzzles(py::iterator puzzles) { puzzles_ = std::move(puzzles); }

  PyBatchResult next() {
    Busy busy(busy_);
    while (ready_.empty() && !finished_) {
      std::optional<sudoku::Record> record;
      if (reader_) {
        py::gil_scoped_release nogil;
        record = reader_->next();
      } else if (puzzles_ && *puzzles_ != py::iterator::sentinel()) {
        py::handle item = **puzzles_;
        if (!py::isinstance<PyPuzzle>(item))
          throw py::type_error("a batch takes sudoku.Puzzle objects");
        record = to_record(item.cast<const PyPuzzle&>());
        ++*puzzles_;
      }
      run([&] {
        if (record)
          batch_->add(&name_, std::move(*record));
        else
          batch_->finish();
      });
      if (!record) finished_ = true;
    }
    if (ready_.empty()) throw py::stop_iteration();
    PyBatchResult out{std::move(ready_.front()), name_, options_.task, symbols_};
    ready_.pop_front();
    return out;
  }

 private:
  template <class Work>
  void run(Work&& work) {
    Interrupt guard(stop_);
    {
      py::gil_scoped_release nogil;
      work();
    }
    if (guard.seen()) {
      finished_ = true;  // the searches in flight were stopped: the batch cannot go on
      guard.check();
      PyErr_SetNone(PyExc_KeyboardInterrupt);
      throw py::error_already_set();
    }
  }

  std::string name_;  // outlives the batch, which keeps pointers to it
  sudoku::BatchOptions options_;
  std::atomic<bool> stop_{false};
  sudoku::Symbols symbols_;
  std::optional<Text> text_;
  std::optional<std::istringstream> stream_;
  std::optional<sudoku::PuzzleReader> reader_;
  std::optional<py::iterator> puzzles_;
  std::deque<sudoku::Result> ready_;
  bool finished_ = false, busy_ = false;
  std::unique_ptr<sudoku::Batch> batch_;  // destroyed first: it may still emit into ready_
};

}  // namespace binding
