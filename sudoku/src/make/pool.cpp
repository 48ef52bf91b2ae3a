#include "sudoku/make/pool.hpp"

#include <algorithm>
#include <exception>

#include "dlx/random.hpp"

namespace sudoku {

GeneratorPool::GeneratorPool(const Geometry& geometry, const PoolOptions& options)
    : options_(options) {
  options_.threads = std::max(1u, options_.threads);
  for (unsigned t = 0; t < options_.threads; ++t) {
    generators_.push_back(std::make_unique<OrderedGenerator>(geometry));
    generators_.back()->set_stop_flag(options_.stop);
  }
  block_.resize(std::max<std::size_t>(1, options_.window_per_thread) * options_.threads);
  try {
    for (unsigned t = 1; t < options_.threads; ++t) helpers_.emplace_back([this, t] { serve(t); });
  } catch (...) {
    stop_threads();
    throw;
  }
}

GeneratorPool::~GeneratorPool() {
  stop_threads();
}

void GeneratorPool::stop_threads() {
  {
    const std::lock_guard lock(mutex_);
    quit_ = true;
  }
  start_cv_.notify_all();
  helpers_.clear();
}

void GeneratorPool::serve(unsigned thread) {
  std::uint64_t seen = 0;
  std::unique_lock lock(mutex_);
  for (;;) {
    start_cv_.wait(lock, [&] { return quit_ || round_ != seen; });
    if (quit_) return;
    seen = round_;
    lock.unlock();
    work(*generators_[thread]);
    lock.lock();
    if (--busy_ == 0) done_cv_.notify_all();
  }
}

void GeneratorPool::work(OrderedGenerator& generator) {
  const auto stopped_at = [this](std::size_t i) {
    const std::lock_guard lock(mutex_);
    made_ = std::min(made_, i);
  };
  for (std::size_t i; (i = next_.fetch_add(1)) < count_;) {
    try {
      if (options_.stop != nullptr && options_.stop->load()) return stopped_at(i);
      block_[i] = generator.generate(dlx::nth_random(options_.seed, first_ + i), options_.generator,
                                     options_.order, options_.attempts);
      generated_.fetch_add(1, std::memory_order_relaxed);
    } catch (const GenerationStopped&) {
      return stopped_at(i);
    } catch (const std::exception& e) {
      const std::lock_guard lock(mutex_);
      if (error_.empty()) error_ = e.what();
      made_ = 0;
      return;
    }
  }
}

std::uint64_t GeneratorPool::run(const PoolEmit& emit, const std::function<void()>& block_done) {
  const auto stopped = [this] { return options_.stop != nullptr && options_.stop->load(); };
  std::uint64_t done = 0;
  std::size_t block_size = options_.threads;
  while (done < options_.puzzles && !stopped() && error_.empty()) {
    {
      const std::lock_guard lock(mutex_);
      first_ = done;
      count_ =
          static_cast<std::size_t>(std::min<std::uint64_t>(block_size, options_.puzzles - done));
      next_.store(0);
      made_ = count_;
      busy_ = options_.threads - 1;
      ++round_;
    }
    block_size = std::min(block_.size(), 2 * block_size);
    start_cv_.notify_all();
    work(*generators_[0]);
    std::size_t ready = 0;
    {
      std::unique_lock lock(mutex_);
      done_cv_.wait(lock, [this] { return busy_ == 0; });
      ready = made_;
    }
    for (std::size_t i = 0; i < ready; ++i) emit(first_ + i + 1, block_[i]);
    done += ready;
    if (block_done) block_done();
  }
  return done;
}

std::vector<GenerationProgress> GeneratorPool::in_work() const {
  std::vector<GenerationProgress> progress;
  for (const auto& generator : generators_) progress.push_back(generator->progress());
  return progress;
}

}  // namespace sudoku
