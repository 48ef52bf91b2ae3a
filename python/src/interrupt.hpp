// Ctrl-C during a search that runs without the GIL.
//
// Python's SIGINT handler only notes the signal; the main thread runs the Python-level handler
// (KeyboardInterrupt by default) between bytecodes, which a search in C++ never reaches. So while
// a search runs on the main thread, a C handler of ours stands in front of Python's: it raises
// the search's stop flag (the solvers check it at every node and leave their links as they found
// them) and then calls Python's handler. Once the search has returned and the GIL is back,
// Interrupt::check runs the Python-level handler, and its exception propagates.
//
//   SIGINT --> on_sigint: stop = true, seen = true --> Python's C handler (notes the signal)
//   search returns (outcome "stopped") --> check(): PyErr_CheckSignals() --> KeyboardInterrupt
//
// Our handler is put back in front whenever Python has installed its own again (signal.signal
// does), at the start of every search. Other signals wait for the end of the search.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>

namespace binding {

// One search's registration with the SIGINT handler, for the time the guard lives.
class Interrupt {
 public:
  // With the GIL held: a SIGINT raises `stop` until the guard ends. Off the main thread it does
  // nothing, since Python raises KeyboardInterrupt in the main thread only.
  explicit Interrupt(std::atomic<bool>& stop);
  ~Interrupt();
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;

  // True when a SIGINT came while the guard lived.
  bool seen() const noexcept { return seen_.load(std::memory_order_relaxed); }
  // With the GIL held, after the search: when a SIGINT came, runs Python's signal handlers and
  // throws pybind11::error_already_set if one raises (KeyboardInterrupt). Returns true when a
  // SIGINT came and no handler raised: the search was stopped for nothing and should run again.
  bool check();

  // Where the handler finds the guard of the running search (internal).
  struct Armed {
    std::atomic<bool>* stop;
    std::atomic<bool>* seen;
  };

 private:
  Armed armed_;
  std::atomic<bool> seen_{false};
  Armed* previous_ = nullptr;
  bool active_ = false;
};

// Records the main thread; called once when the module is imported.
void init_interrupt();

// Runs `search` without the GIL, with a SIGINT stopping it through `stop`, and returns what it
// returns. A SIGINT whose handler raises propagates (after `search` has returned); one whose
// handler does not raise runs `search` again from the start, after `reset`.
template <class Search, class Reset>
auto interruptible(std::atomic<bool>& stop, Search&& search, Reset&& reset) {
  for (;;) {
    stop.store(false, std::memory_order_relaxed);
    Interrupt guard(stop);
    auto result = [&] {
      pybind11::gil_scoped_release nogil;
      return search();
    }();
    if (!guard.check()) return result;
    reset();
  }
}

template <class Search>
auto interruptible(std::atomic<bool>& stop, Search&& search) {
  return interruptible(stop, std::forward<Search>(search), [] {});
}

// Marks an iterator as running while its next() works without the GIL, so that a second thread
// calling it meanwhile gets an error instead of a data race (as a running generator does).
class Busy {
 public:
  explicit Busy(bool& flag) : flag_(flag) {
    if (flag_) throw pybind11::value_error("iterator already executing (in another thread)");
    flag_ = true;
  }
  ~Busy() { flag_ = false; }
  Busy(const Busy&) = delete;
  Busy& operator=(const Busy&) = delete;

 private:
  bool& flag_;
};

}  // namespace binding
