#include "interrupt.hpp"

#include <pythread.h>
#include <signal.h>

namespace binding {

namespace {

namespace py = pybind11;

// What SIGINT ran before our handler (Python's), called after ours.
struct sigaction python_action {};
// The guard of the search running on the main thread, if any.
std::atomic<Interrupt::Armed*> armed{nullptr};
unsigned long main_thread = 0;

extern "C" void on_sigint(int signal, siginfo_t* info, void* context) {
  if (Interrupt::Armed* a = armed.load(std::memory_order_acquire)) {
    a->seen->store(true, std::memory_order_relaxed);
    a->stop->store(true, std::memory_order_relaxed);
  }
  if ((python_action.sa_flags & SA_SIGINFO) != 0) {
    if (python_action.sa_sigaction != nullptr) python_action.sa_sigaction(signal, info, context);
  } else if (python_action.sa_handler != SIG_DFL && python_action.sa_handler != SIG_IGN &&
             python_action.sa_handler != nullptr) {
    python_action.sa_handler(signal);
  }
}

bool ours(const struct sigaction& action) {
  return (action.sa_flags & SA_SIGINFO) != 0 && action.sa_sigaction == on_sigint;
}

// Puts our handler in front of the one installed now, unless it is there already. Nothing to do
// when SIGINT has no handler to call (SIG_DFL ends the process, SIG_IGN ignores it).
void hook() {
  struct sigaction current {};
  if (sigaction(SIGINT, nullptr, &current) != 0 || ours(current)) return;
  if ((current.sa_flags & SA_SIGINFO) == 0 &&
      (current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN))
    return;
  python_action = current;
  struct sigaction action = current;
  action.sa_flags = (current.sa_flags | SA_SIGINFO) & ~SA_RESETHAND;
  action.sa_sigaction = on_sigint;
  sigaction(SIGINT, &action, nullptr);
}

}  // namespace

void init_interrupt() {
  main_thread =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
}

Interrupt::Interrupt(std::atomic<bool>& stop) : armed_{&stop, &seen_} {
  if (PyThread_get_thread_ident() != main_thread) return;
  hook();
  previous_ = armed.exchange(&armed_, std::memory_order_acq_rel);
  active_ = true;
  // A SIGINT that came before the guard was armed was only noted by Python, and the search would
  // not see it: run Python's handlers now (KeyboardInterrupt, before the search starts).
  if (PyErr_CheckSignals() != 0) {
    armed.store(previous_, std::memory_order_release);
    active_ = false;
    throw py::error_already_set();
  }
}

Interrupt::~Interrupt() {
  if (active_) armed.store(previous_, std::memory_order_release);
}

bool Interrupt::check() {
  if (!seen()) return false;
  if (active_) {
    armed.store(previous_, std::memory_order_release);
    active_ = false;
  }
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  return true;
}

}  // namespace binding
