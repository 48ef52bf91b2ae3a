// Messages are arrays of 64-bit integers (a share travels as the bits of its double):
//   work    rank 0 -> worker   share, the prefix's options
//   cut     rank 0 -> worker   (empty) cut the current search and send what is left
//   stop    rank 0 -> worker   (empty) no more work
//   result  worker -> rank 0   solutions, nodes, updates, max depth, forced moves, implied
//                              removals, probes, probed removals; the kept solutions (count,
//                              their sizes, their options); the rest (count, then for each:
//                              share within the piece, length, options)
// With --best K, the cost search has messages of its own:
//   best work  rank 0 -> worker   the prefix's options
//   bound      rank 0 -> worker   the cutoff (the K-th best net cost known), each time it falls
//   found      worker -> rank 0   a solution that beat the worker's cutoff: net cost, options
//   best done  worker -> rank 0   the prefix is searched: solutions, nodes, updates, max depth,
//                                 cleansings
// A worker searches on a thread of its own while its main thread, the only one to call MPI,
// passes bounds in and solutions out.
// Ranks wait by polling with short sleeps, so that an idle rank leaves its core to the others
// (Open MPI's blocking calls spin).
#include "mpi.hpp"

#include <mpi.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

namespace dlx_mpi {

namespace {

using Clock = std::chrono::steady_clock;
using Message = std::vector<std::int64_t>;

enum Tag : int {
  work_tag = 1,
  cut_tag = 2,
  stop_tag = 3,
  result_tag = 4,
  best_work_tag = 5,
  bound_tag = 6,
  found_tag = 7,
  best_done_tag = 8,
};

bool workers_stopped = false;  // rank 0: the workers were told to stop

void check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

void send(const Message& message, int to, int tag) {
  check(MPI_Send(message.data(), static_cast<int>(message.size()), MPI_INT64_T, to, tag,
                 MPI_COMM_WORLD),
        "MPI_Send");
}

// Waits, sleeping between looks, for a message; true when one came (always, unless `once`).
bool probe(int from, int tag, MPI_Status& status, bool once = false) {
  for (;;) {
    int flag = 0;
    check(MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, &status), "MPI_Iprobe");
    if (flag != 0) return true;
    if (once) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

Message receive(const MPI_Status& status) {
  int count = 0;
  check(MPI_Get_count(&status, MPI_INT64_T, &count), "MPI_Get_count");
  Message message(static_cast<std::size_t>(count));
  check(MPI_Recv(message.data(), count, MPI_INT64_T, status.MPI_SOURCE, status.MPI_TAG,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE),
        "MPI_Recv");
  return message;
}

// Reads a message front to back.
class Reader {
 public:
  explicit Reader(const Message& message) : message_(message) {}
  std::int64_t next() {
    if (at_ >= message_.size()) throw std::runtime_error("MPI: a message ended too soon");
    return message_[at_++];
  }
  double share() { return std::bit_cast<double>(next()); }

 private:
  const Message& message_;
  std::size_t at_ = 0;
};

Message result_message(const dlx::PrefixRun& run, const std::vector<dlx::OptionId>& solutions,
                       const std::vector<std::uint32_t>& sizes) {
  const dlx::Stats& stats = run.result.stats;
  Message m{static_cast<std::int64_t>(stats.solutions), static_cast<std::int64_t>(stats.nodes),
            static_cast<std::int64_t>(stats.updates),   static_cast<std::int64_t>(stats.max_depth),
            static_cast<std::int64_t>(stats.forced),    static_cast<std::int64_t>(stats.implied),
            static_cast<std::int64_t>(stats.probes),    static_cast<std::int64_t>(stats.probed),
            static_cast<std::int64_t>(sizes.size())};
  m.insert(m.end(), sizes.begin(), sizes.end());
  m.insert(m.end(), solutions.begin(), solutions.end());
  m.push_back(static_cast<std::int64_t>(run.rest.size()));
  for (const dlx::Subproblem& sub : run.rest) {
    m.push_back(std::bit_cast<std::int64_t>(sub.share));
    m.push_back(static_cast<std::int64_t>(sub.prefix.size()));
    m.insert(m.end(), sub.prefix.begin(), sub.prefix.end());
  }
  return m;
}

dlx::Piece read_piece(const Message& message, const dlx::Subproblem& task) {
  Reader in(message);
  dlx::Piece piece;
  piece.prefix = task.prefix;
  piece.stats.solutions = static_cast<std::uint64_t>(in.next());
  piece.stats.nodes = static_cast<std::uint64_t>(in.next());
  piece.stats.updates = static_cast<std::uint64_t>(in.next());
  piece.stats.max_depth = static_cast<std::uint32_t>(in.next());
  piece.stats.forced = static_cast<std::uint64_t>(in.next());
  piece.stats.implied = static_cast<std::uint64_t>(in.next());
  piece.stats.probes = static_cast<std::uint64_t>(in.next());
  piece.stats.probed = static_cast<std::uint64_t>(in.next());
  const auto kept = static_cast<std::size_t>(in.next());
  std::size_t total = 0;
  for (std::size_t i = 0; i < kept; ++i) {
    piece.sizes.push_back(static_cast<std::uint32_t>(in.next()));
    total += piece.sizes.back();
  }
  for (std::size_t i = 0; i < total; ++i)
    piece.solutions.push_back(static_cast<dlx::OptionId>(in.next()));
  const auto rest = static_cast<std::size_t>(in.next());
  for (std::size_t i = 0; i < rest; ++i) {
    dlx::Subproblem sub;
    sub.share = in.share() * task.share;
    const auto length = static_cast<std::size_t>(in.next());
    for (std::size_t j = 0; j < length; ++j)
      sub.prefix.push_back(static_cast<dlx::OptionId>(in.next()));
    piece.rest.push_back(std::move(sub));
  }
  return piece;
}

}  // namespace

int start(int* argc, char*** argv) {
  check(MPI_Init(argc, argv), "MPI_Init");
  int rank = 0;
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  return rank;
}

void finish() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // Rank 0 gave up before handing out work (a bad checkpoint): the workers wait for a word.
  if (rank == 0 && !workers_stopped)
    for (int r = 1; r < size(); ++r) send({}, r, stop_tag);
  MPI_Finalize();
}

void abort(int status) {
  MPI_Abort(MPI_COMM_WORLD, status);
}

int size() {
  int n = 1;
  check(MPI_Comm_size(MPI_COMM_WORLD, &n), "MPI_Comm_size");
  return n;
}

bool broadcast(std::string& text, bool ok) {
  std::int64_t header[2] = {ok ? 1 : 0, static_cast<std::int64_t>(text.size())};
  check(MPI_Bcast(header, 2, MPI_INT64_T, 0, MPI_COMM_WORLD), "MPI_Bcast");
  if (header[0] == 0) return false;
  text.resize(static_cast<std::size_t>(header[1]));
  constexpr std::size_t chunk = std::size_t{1} << 30;
  for (std::size_t at = 0; at < text.size(); at += chunk) {
    const auto n = static_cast<int>(std::min(chunk, text.size() - at));
    check(MPI_Bcast(text.data() + at, n, MPI_CHAR, 0, MPI_COMM_WORLD), "MPI_Bcast");
  }
  return true;
}

dlx::Result coordinate(std::vector<dlx::Subproblem> prefixes, const dlx::ParallelOptions& options,
                       const dlx::Visitor& visit) {
  const int ranks = size();
  const bool keep = static_cast<bool>(visit);
  dlx::Ledger ledger(std::move(prefixes), keep);
  struct Worker {
    std::optional<dlx::Subproblem> task;
    bool cut_sent = false;
  };
  std::vector<Worker> workers(static_cast<std::size_t>(ranks));
  bool halt = false, limit_hit = false, visitor_stopped = false;
  std::uint64_t released = 0;
  const auto emit = [&](std::span<const dlx::OptionId> solution) {
    if (limit_hit || visitor_stopped) return false;  // stopped by an earlier release
    ++released;
    if (!visit(solution)) {
      visitor_stopped = true;
      return false;
    }
    if (options.solution_limit != 0 && released >= options.solution_limit) {
      limit_hit = true;
      return false;
    }
    return true;
  };
  const auto stopping = [&] { return halt || (options.stop != nullptr && options.stop->load()); };
  const auto interval = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.progress_seconds));
  Clock::time_point next_report = Clock::now() + interval;
  const auto report = [&] {
    if (!options.on_progress || options.progress_seconds <= 0) return;
    const Clock::time_point now = Clock::now();
    if (now < next_report) return;
    next_report = now + interval;
    options.on_progress(ledger.progress());
  };

  for (;;) {
    if (!stopping()) {
      for (int r = 1; r < ranks; ++r) {
        Worker& worker = workers[static_cast<std::size_t>(r)];
        if (worker.task) continue;
        std::optional<dlx::Subproblem> task = ledger.take();
        if (!task) break;
        Message message{std::bit_cast<std::int64_t>(task->share)};
        message.insert(message.end(), task->prefix.begin(), task->prefix.end());
        send(message, r, work_tag);
        worker.task = std::move(task);
        worker.cut_sent = false;
      }
    }
    std::vector<int> busy;
    int cutting = 0;
    for (int r = 1; r < ranks; ++r) {
      const Worker& worker = workers[static_cast<std::size_t>(r)];
      if (!worker.task) continue;
      busy.push_back(r);
      cutting += worker.cut_sent ? 1 : 0;
    }
    if (busy.empty()) break;
    // An idle rank and nothing waiting: cut the searches with the largest shares, one per rank.
    const int idle = ranks - 1 - static_cast<int>(busy.size());
    int wanted = 0;
    if (stopping())
      wanted = static_cast<int>(busy.size());
    else if (ledger.waiting() == 0)
      wanted = idle - cutting;
    std::sort(busy.begin(), busy.end(), [&](int a, int b) {
      return workers[static_cast<std::size_t>(a)].task->share >
             workers[static_cast<std::size_t>(b)].task->share;
    });
    for (const int r : busy) {
      Worker& worker = workers[static_cast<std::size_t>(r)];
      if (wanted <= 0) break;
      if (worker.cut_sent) continue;
      send({}, r, cut_tag);
      worker.cut_sent = true;
      --wanted;
    }

    MPI_Status status;
    if (!probe(MPI_ANY_SOURCE, result_tag, status, true)) {
      report();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    const Message message = receive(status);
    Worker& worker = workers[static_cast<std::size_t>(status.MPI_SOURCE)];
    if (!worker.task) throw std::runtime_error("MPI: a result from a rank without work");
    const dlx::Subproblem task = std::move(*worker.task);
    worker.task.reset();
    worker.cut_sent = false;
    dlx::Piece piece = read_piece(message, task);
    if (options.on_piece) options.on_piece(piece);
    ledger.finish(std::move(piece));
    if (keep && !ledger.release(emit)) halt = true;
    if (!keep && options.solution_limit != 0 &&
        ledger.stats().solutions >= options.solution_limit) {
      limit_hit = true;
      halt = true;
    }
    report();
  }
  for (int r = 1; r < ranks; ++r) send({}, r, stop_tag);
  workers_stopped = true;

  dlx::Result result;
  result.stats = ledger.stats();
  if (limit_hit) {
    result.outcome = dlx::Outcome::solution_limit;
    result.stats.solutions = options.solution_limit;
  } else if (!ledger.finished() || visitor_stopped) {
    result.outcome = dlx::Outcome::stopped;
  }
  return result;
}

void serve(const dlx::Matrix& matrix, bool keep, std::uint64_t check_every,
           const dlx::Propagation& propagation, dlx::Engine engine) {
  dlx::Solver solver(matrix, engine == dlx::Engine::automatic
                                 ? dlx::choose_engine(matrix, propagation).engine
                                 : engine);
  solver.set_propagation(propagation);
  std::vector<dlx::OptionId> solutions;
  std::vector<std::uint32_t> sizes;
  const dlx::Visitor collect = [&](std::span<const dlx::OptionId> solution) {
    solutions.insert(solutions.end(), solution.begin(), solution.end());
    sizes.push_back(static_cast<std::uint32_t>(solution.size()));
    return true;
  };
  const dlx::CutCheck cut = [](const dlx::Progress&) {
    MPI_Status status;
    if (!probe(0, cut_tag, status, true)) return false;
    receive(status);
    return true;
  };
  for (;;) {
    MPI_Status status;
    probe(0, MPI_ANY_TAG, status);
    const Message message = receive(status);
    if (status.MPI_TAG == stop_tag) return;
    if (status.MPI_TAG != work_tag) continue;  // a cut that came after the search it was for
    if (message.empty()) throw std::runtime_error("MPI: an empty work message");
    const dlx::Prefix prefix(message.begin() + 1, message.end());
    solutions.clear();
    sizes.clear();
    const dlx::PrefixRun run =
        dlx::search_or_cut(solver, prefix, keep ? collect : nullptr, check_every, cut);
    send(result_message(run, solutions, sizes), 0, result_tag);
  }
}

dlx::BestResult coordinate_best(const dlx::Matrix& matrix, std::size_t k,
                                std::uint64_t solution_limit, const std::atomic<bool>* stop,
                                const dlx::CostVisitor& visit, std::uint32_t depth) {
  const int ranks = size();
  dlx::CostSolver solver(matrix);
  const std::vector<std::vector<dlx::OptionId>> prefixes =
      dlx::split_best(solver, 16 * static_cast<std::size_t>(ranks - 1), depth);
  dlx::BestList list(k, solver.total_tax());
  dlx::BestResult result;
  std::vector<bool> busy(static_cast<std::size_t>(ranks), false);
  std::size_t next = 0;
  bool halt = false;
  for (;;) {
    if (stop != nullptr && stop->load()) {
      result.outcome = dlx::Outcome::stopped;
      halt = true;
    }
    if (halt) break;
    for (int r = 1; r < ranks; ++r) {
      if (busy[static_cast<std::size_t>(r)] || next == prefixes.size()) continue;
      const std::vector<dlx::OptionId>& prefix = prefixes[next++];
      send(Message(prefix.begin(), prefix.end()), r, best_work_tag);
      busy[static_cast<std::size_t>(r)] = true;
    }
    if (std::find(busy.begin(), busy.end(), true) == busy.end()) break;
    MPI_Status status;
    if (!probe(MPI_ANY_SOURCE, MPI_ANY_TAG, status, true)) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      continue;
    }
    const Message message = receive(status);
    if (status.MPI_TAG == found_tag) {
      if (message.empty()) throw std::runtime_error("MPI: an empty solution message");
      const dlx::Cost before = list.cutoff();
      const std::vector<dlx::OptionId> options(message.begin() + 1, message.end());
      bool keep_going = true;
      if (list.offer(static_cast<dlx::Cost>(message[0]), options, visit, keep_going))
        ++result.stats.solutions;
      if (!keep_going) {
        result.outcome = dlx::Outcome::stopped;
        halt = true;
      } else if (solution_limit != 0 && result.stats.solutions >= solution_limit) {
        result.outcome = dlx::Outcome::solution_limit;
        halt = true;
      }
      if (const dlx::Cost cutoff = list.cutoff(); cutoff < before && !halt)
        for (int r = 1; r < ranks; ++r) send({static_cast<std::int64_t>(cutoff)}, r, bound_tag);
    } else if (status.MPI_TAG == best_done_tag) {
      Reader in(message);
      in.next();  // the worker's own count of solutions: rank 0 counts those it kept
      result.stats.nodes += static_cast<std::uint64_t>(in.next());
      result.stats.updates += static_cast<std::uint64_t>(in.next());
      result.stats.max_depth =
          std::max(result.stats.max_depth, static_cast<std::uint32_t>(in.next()));
      result.cleansings += static_cast<std::uint64_t>(in.next());
      busy[static_cast<std::size_t>(status.MPI_SOURCE)] = false;
    }
  }
  for (int r = 1; r < ranks; ++r) send({}, r, stop_tag);
  workers_stopped = true;
  result.best = list.sorted();
  return result;
}

void serve_best(const dlx::Matrix& matrix, std::size_t k) {
  if (!matrix.has_costs() || matrix.has_bounds()) {
    // Rank 0 refuses such a problem before handing out work: wait for its word to stop.
    MPI_Status status;
    probe(0, stop_tag, status);
    receive(status);
    return;
  }
  dlx::CostSolver solver(matrix);
  std::atomic<bool> stop{false};
  solver.set_stop_flag(&stop);
  dlx::BestList list(k, solver.total_tax());
  const dlx::Cost tax = solver.total_tax();
  std::mutex mutex;
  std::vector<Message> found;  // solutions waiting to go to rank 0
  const dlx::CostVisitor collect = [&](dlx::Cost cost, std::span<const dlx::OptionId> solution) {
    Message m{static_cast<std::int64_t>(cost - tax)};
    m.insert(m.end(), solution.begin(), solution.end());
    const std::lock_guard lock(mutex);
    found.push_back(std::move(m));
    return true;
  };
  const auto flush = [&] {
    std::vector<Message> out;
    {
      const std::lock_guard lock(mutex);
      out.swap(found);
    }
    for (const Message& m : out) send(m, 0, found_tag);
  };
  // Takes the messages rank 0 sent meanwhile; false when one said stop.
  const auto listen = [&](bool wait, std::optional<Message>& work) {
    MPI_Status status;
    while (probe(0, MPI_ANY_TAG, status, !wait)) {
      const Message message = receive(status);
      if (status.MPI_TAG == stop_tag) return false;
      if (status.MPI_TAG == bound_tag && !message.empty())
        list.bound(static_cast<dlx::Cost>(message[0]));
      if (status.MPI_TAG == best_work_tag) {
        work = message;
        return true;
      }
      wait = false;
    }
    return true;
  };
  for (;;) {
    std::optional<Message> work;
    if (!listen(true, work)) return;
    if (!work) continue;
    const std::vector<dlx::OptionId> prefix(work->begin(), work->end());
    dlx::Stats stats;
    std::uint64_t cleansings = 0;
    std::atomic<bool> done{false};
    std::exception_ptr failure;
    std::thread search([&] {
      try {
        solver.search_below(prefix, list, collect, stats, cleansings);
      } catch (...) {
        failure = std::current_exception();
      }
      done.store(true);
    });
    bool stopped = false;
    while (!done.load()) {
      std::optional<Message> unexpected;
      if (!stopped && !listen(false, unexpected)) {
        stopped = true;
        stop.store(true);
      }
      flush();
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    search.join();
    if (failure) std::rethrow_exception(failure);
    if (stopped) return;
    flush();
    send({static_cast<std::int64_t>(stats.solutions), static_cast<std::int64_t>(stats.nodes),
          static_cast<std::int64_t>(stats.updates), static_cast<std::int64_t>(stats.max_depth),
          static_cast<std::int64_t>(cleansings)},
         0, best_done_tag);
  }
}

}  // namespace dlx_mpi
