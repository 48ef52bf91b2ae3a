// A set of puzzles generated on N threads and handed back in order: the engine of
// `sudoku --generate`, for any front end (a command, a binding, a test).
//
// The i-th puzzle of a set is made from the i-th number of the set's seed's stream
// (dlx::nth_random), so that the same seed makes the same set on any number of threads, and a
// longer set begins with the puzzles of a shorter one. The puzzles are made in blocks, the
// threads claiming them one at a time; a block is handed back whole, in order, on the caller's
// thread, before the next one starts:
//
//   block 1: 1 puzzle per thread, block 2: 2 per thread, ... up to window_per_thread per thread
//   caller:  [start block] -> works as one of the N -> waits for the others -> emit(1), emit(2) ..
//
// The first puzzles come at once (and a failing output shows at once); the later ones come in
// blocks that keep every thread busy while memory stays bounded.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "sudoku/make/generator.hpp"
#include "sudoku/make/made_to_order.hpp"
#include "sudoku/model/geometry.hpp"

namespace sudoku {

// What a pool makes, and how.
struct PoolOptions {
  std::uint64_t puzzles = 1;                // puzzles in the set
  std::uint64_t seed = 0;                   // the set's seed
  GeneratorOptions generator;               // how each puzzle is made
  Order order;                              // what each must be (any puzzle: no rating)
  std::uint64_t attempts = 1000000;         // puzzles made per puzzle of an order before giving up
  unsigned threads = 1;                     // workers, the caller's thread included
  std::size_t window_per_thread = 512;      // the largest block, per thread
  const std::atomic<bool>* stop = nullptr;  // raised by another thread: the pool stops early
};

// Called on the caller's thread for each puzzle, in order; `number` counts from 1.
using PoolEmit = std::function<void(std::uint64_t number, const OrderedPuzzle& puzzle)>;

// The engine: build it (the threads start), then run it once.
class GeneratorPool {
 public:
  // Throws GeometryError for a shape the generator does not make, std::system_error when the
  // threads cannot be started (none is left running).
  GeneratorPool(const Geometry& geometry, const PoolOptions& options);
  ~GeneratorPool();
  GeneratorPool(const GeneratorPool&) = delete;
  GeneratorPool& operator=(const GeneratorPool&) = delete;

  // Makes the set, handing each puzzle to `emit` and calling `block_done` (may be empty) after
  // each block; returns how many puzzles were handed back. Fewer than asked when the stop flag
  // rose (the puzzles before the first one stopped are all handed back) or a generator failed
  // (error() says why; nothing of that block is handed back).
  std::uint64_t run(const PoolEmit& emit, const std::function<void()>& block_done = {});

  // Puzzles made so far; safe to read from any thread (for progress reports).
  std::uint64_t generated() const noexcept { return generated_.load(std::memory_order_relaxed); }
  // Where each thread's puzzle in work stands; safe to call from any thread.
  std::vector<GenerationProgress> in_work() const;
  // Why the set stopped short: a generator's message (NoPuzzleInBand, ...); empty when it did not.
  const std::string& error() const noexcept { return error_; }

 private:
  void serve(unsigned thread);
  void work(OrderedGenerator& generator);
  void stop_threads();

  PoolOptions options_;
  std::vector<std::unique_ptr<OrderedGenerator>> generators_;  // one per thread
  std::vector<OrderedPuzzle> block_;
  std::atomic<std::uint64_t> generated_{0};
  std::string error_;

  // The block in work: its first puzzle's index, its size, the next puzzle to claim, and how
  // many are made (a thread that stops lowers it to the puzzle it did not finish).
  std::uint64_t first_ = 0;
  std::size_t count_ = 0;
  std::atomic<std::size_t> next_{0};
  std::size_t made_ = 0;

  std::mutex mutex_;
  std::condition_variable start_cv_, done_cv_;
  std::uint64_t round_ = 0;  // blocks started: a helper works on each once
  unsigned busy_ = 0;        // helpers still working on the block
  bool quit_ = false;
  std::vector<std::jthread> helpers_;  // the threads beside the caller's
};

}  // namespace sudoku
