// --progress: from a thread of its own, a line on stderr every `interval` seconds after `start`,
// each written whole, until stop() (or the end of the object). `line` gets the seconds since
// `start` and returns the line, or "" for none this time; the thread leaves SIGINT and SIGTERM to
// the main one.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "command.hpp"

namespace app {

class ProgressLines {
 public:
  ProgressLines() = default;
  ProgressLines(const ProgressLines&) = delete;
  ProgressLines& operator=(const ProgressLines&) = delete;

  // Throws std::system_error when the thread cannot be started.
  void start(Clock::time_point start, double interval, std::function<std::string(double)> line);
  // Stops the thread and waits for it: no line comes after.
  void stop() { thread_ = {}; }

 private:
  std::function<std::string(double)> line_;
  std::mutex mutex_;
  std::condition_variable_any cv_;
  std::jthread thread_;  // declared last: it ends before what it uses
};

}  // namespace app
