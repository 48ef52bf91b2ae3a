// One search on several threads, or on several machines through a caller's transport.
//
// The search is split into prefixes (split.hpp). A Ledger keeps the books of such a search:
// the prefixes waiting, those being searched, the counts found, and the solutions of finished
// prefixes, handed on in the order a single search would find them. search_parallel runs a
// Ledger on threads, each with its own Solver on the shared Matrix; a thread left without work
// asks a busy one to cut its search (search_or_cut), so one huge subtree does not leave a core
// idle.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/solver.hpp"
#include "dlx/split.hpp"

namespace dlx {

// What the search of one prefix found: its whole subtree, or the part before a cut.
struct Piece {
  Prefix prefix;                     // the prefix searched
  Stats stats;                       // what its search counted
  std::vector<OptionId> solutions;   // the solutions kept, one after the other
  std::vector<std::uint32_t> sizes;  // the number of options of each kept solution
  std::vector<Subproblem> rest;      // when cut: the prefixes left, shares of the whole tree
};

// A snapshot of a split search, for progress reports.
struct ParallelProgress {
  std::uint64_t prefixes_done = 0;   // prefixes searched (whole or up to a cut)
  std::uint64_t prefixes_total = 0;  // done, being searched, and waiting
  std::uint64_t solutions = 0;       // solutions found so far
  double fraction = 0;        // estimated share of the whole tree searched (Knuth's estimate)
  double start_fraction = 0;  // the share already searched before this run (a resumed one)
};

// The books of a split search. Not thread-safe: callers serialize their calls.
class Ledger {
 public:
  // Starts from these prefixes, in search order; keeps the solutions of pieces when asked.
  Ledger(std::vector<Subproblem> prefixes, bool keep_solutions);

  // The first waiting prefix in search order, now being searched; none when nothing waits.
  std::optional<Subproblem> take();
  // Puts a prefix taken but not searched back with those waiting.
  void put_back(Subproblem subproblem);
  // Records a searched piece of a prefix taken before; its rest, if any, waits.
  void finish(Piece piece);
  // Hands the kept solutions whose turn has come (every prefix before them is finished) to the
  // visitor, in search order; returns false as soon as the visitor does.
  bool release(const Visitor& visit);

  // Prefixes waiting.
  std::size_t waiting() const noexcept { return waiting_.size(); }
  // Prefixes being searched.
  std::size_t running() const noexcept { return running_.size(); }
  // True when nothing waits and nothing is being searched.
  bool finished() const noexcept { return waiting_.empty() && running_.empty(); }
  // The prefixes waiting, in search order.
  std::vector<Subproblem> waiting_list() const;
  // The counts of every piece finished so far (solutions, nodes, updates, deepest level).
  const Stats& stats() const noexcept { return stats_; }
  // Progress so far (the share of the pieces running is not known here and not counted).
  ParallelProgress progress() const;

 private:
  struct Chunk {
    std::vector<OptionId> solutions;
    std::vector<std::uint32_t> sizes;
  };
  std::map<Prefix, double> waiting_;
  std::map<Prefix, double> running_;
  std::map<Prefix, Chunk> chunks_;  // kept solutions not yet released, by the prefix they are of
  bool keep_ = false;
  Stats stats_;
  std::uint64_t done_ = 0;
  double share_done_ = 0;
  double start_share_ = 0;
};

// The most threads a search is split over: the commands' --threads and Python's threads= take
// 0 (one per core) to this many; more is a typing mistake, not a machine.
inline constexpr unsigned max_threads = 1024;
// The threads that a request for `requested` means: 0 is one per core (at least one). Throws
// std::invalid_argument, its message naming `name` and the range, when it is over max_threads.
unsigned resolve_threads(std::uint64_t requested, std::string_view name = "threads");

// How to run search_parallel.
struct ParallelOptions {
  unsigned threads = 0;              // threads that search; 0: as many as the hardware runs at once
  std::uint64_t solution_limit = 0;  // stop after this many solutions (0: no limit)
  // Raised by another thread to stop: every running search is cut and recorded (its rest
  // reported through on_piece), and the result's outcome is `stopped`.
  const std::atomic<bool>* stop = nullptr;
  bool cut_on_demand = true;  // cut a running search when a thread is idle and nothing waits
  std::uint64_t check_every = std::uint64_t{1} << 16;  // updates between a thread's checks
  // Called for each piece once it is recorded, one call at a time (for a checkpoint file).
  std::function<void(const Piece&)> on_piece;
  double progress_seconds = 0;  // seconds between calls of on_progress (0: never)
  // Called with a snapshot, one call at a time, from a searching thread.
  std::function<void(const ParallelProgress&)> on_progress;
  Propagation propagation;  // the reasoning inside each thread's search (Solver::set_propagation)
  Engine engine = Engine::links;  // each thread's (Engine::automatic: choose_engine's)
};

// Searches the subtrees of `prefixes` (in search order, as split() gives them) on threads, each
// with its own Solver. With a visitor, the solutions reach it one at a time and in the order a
// single search finds them; without one, they are only counted. The stats add up those of the
// pieces (the nodes above the prefixes are not counted). Stopped by the solution limit, the
// count is the limit, as a single search's would be. Throws std::system_error when the threads
// cannot be started (those started are stopped and joined first).
Result search_parallel(const Matrix& matrix, std::vector<Subproblem> prefixes,
                       const ParallelOptions& options, const Visitor& visit = nullptr);

}  // namespace dlx
