#include "progress.hpp"

#include <cstdio>

#include "signals.hpp"

namespace app {

void ProgressLines::start(Clock::time_point start, double interval,
                          std::function<std::string(double)> line) {
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
      if (!text.empty()) std::fwrite(text.data(), 1, text.size(), stderr);
    }
  });
}

}  // namespace app
