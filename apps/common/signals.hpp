// Ctrl-C and SIGTERM in the commands: the flags a signal raises, which the searches and readers
// watch, and the threads that leave the signals to the main one.
#pragma once

#include <pthread.h>
#include <signal.h>

#include <atomic>

namespace app {

// A signal came: SIGINT or SIGTERM.
extern std::atomic<bool> interrupted;
// The signal that ended the run (0: none).
extern std::atomic<int> interrupt_signal;
// Raised to stop the work: by a signal, a failed write or running out of memory.
extern std::atomic<bool> stop_work;
// Set while the main thread waits for a line typed at a terminal: a read there is restarted
// after the signal, so the signal ends the program at once (a terminal has every result already).
extern std::atomic<bool> reading_terminal;

// The handler: raises the flags (and ends the program while reading a terminal).
extern "C" void on_interrupt(int signal);

// Catches SIGINT and SIGTERM without SA_RESTART: a read blocked on a pipe that never ends
// returns, and the reader sees the flag.
void catch_interrupts();

// The exit status of an interrupted run: 130 for SIGINT, 143 for SIGTERM (128 + the signal).
int interrupted_status();

// Blocks SIGINT and SIGTERM on the threads started while it lives, so that the signals reach the
// main thread, the one that reads.
class SignalsToMainThread {
 public:
  SignalsToMainThread();
  ~SignalsToMainThread();
  SignalsToMainThread(const SignalsToMainThread&) = delete;
  SignalsToMainThread& operator=(const SignalsToMainThread&) = delete;

 private:
  sigset_t old_;
};

}  // namespace app
