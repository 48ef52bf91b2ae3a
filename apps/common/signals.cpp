#include "signals.hpp"

#include <cstdlib>

namespace app {

std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<int> interrupt_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);
std::atomic<bool> stop_work{false};
std::atomic<bool> reading_terminal{false};

extern "C" void on_interrupt(int signal) {
  interrupt_signal.store(signal);
  interrupted.store(true);
  stop_work.store(true);
  if (reading_terminal.load()) std::_Exit(128 + signal);
}

void catch_interrupts() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int interrupted_status() {
  return 128 + (interrupt_signal.load() != 0 ? interrupt_signal.load() : SIGINT);
}

SignalsToMainThread::SignalsToMainThread() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, &old_);
}

SignalsToMainThread::~SignalsToMainThread() {
  pthread_sigmask(SIG_SETMASK, &old_, nullptr);
}

}  // namespace app
