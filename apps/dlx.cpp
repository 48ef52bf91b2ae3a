// The dlx command: counts or lists the exact covers of problems written in the text format of
// Knuth's DLX1 and DLX2 programs (options in apps/dlx/options.cpp, checkpoints and MPI beside).
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "common/command.hpp"
#include "common/signals.hpp"
#include "dlx/checkpoint.hpp"
#include "dlx/cost.hpp"
#include "dlx/loader.hpp"
#include "dlx/options.hpp"
#include "dlx/parallel.hpp"
#include "dlx/preprocess.hpp"
#include "dlx/reader.hpp"
#include "dlx/solver.hpp"
#include "dlx/split.hpp"
#include "dlx/writer.hpp"
#include "dlx/zdd.hpp"
#ifdef DLX_WITH_MPI
#include "dlx/mpi.hpp"
#endif
#ifdef DLX_MPI_HELPER
#include <unistd.h>
#endif

namespace {

using namespace dlx_app;
using app::Clock;
using app::diagnose;
using app::exit_error;
using app::exit_interrupted;
using app::exit_no_solution;
using app::exit_solved;
using app::fixed;
using app::on_interrupt;
using app::OutOfMemory;
using app::stop_work;
constexpr int exit_partial = app::exit_stopped;  // a budget stopped the search: a lower bound

// How bad a file's status is, for the status of several files: the worst one wins.
int severity(int status) {
  switch (status) {
    case exit_solved:
      return 0;
    case exit_no_solution:
      return 1;
    case exit_partial:
      return 2;
    case exit_error:
      return 3;
    default:  // interrupted
      return 4;
  }
}

// Updates between two looks at the clock for --progress: often enough for a timely report,
// rarely enough to cost nothing.
constexpr std::uint64_t progress_check_every = std::uint64_t{1} << 16;

// Set when writing to stdout failed, with errno then.
std::atomic<int> write_error{0};

// Passes a stream through and counts the lines it has handed out, so that running out of
// memory while reading can say where.
class LineCounter : public std::streambuf {
 public:
  explicit LineCounter(std::streambuf* source) : source_(source), buffer_(std::size_t{1} << 16) {}
  // The line being read, from 1.
  std::uint64_t line() const {
    return before_ + static_cast<std::uint64_t>(std::count(eback(), gptr(), '\n')) + 1;
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    before_ += static_cast<std::uint64_t>(std::count(eback(), egptr(), '\n'));
    if (ended_) return traits_type::eof();
    const auto wanted = static_cast<std::streamsize>(buffer_.size());
    const std::streamsize got = source_->sgetn(buffer_.data(), wanted);
    // A file buffer fills the whole block unless the input ended: the end is kept, so that the
    // one Ctrl-D typed at a terminal ends the input (asking the source again would wait for
    // another).
    ended_ = got < wanted;
    if (got <= 0) {
      setg(buffer_.data(), buffer_.data(), buffer_.data());
      return traits_type::eof();
    }
    setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::streambuf* source_;
  std::vector<char> buffer_;
  std::uint64_t before_ = 0;
  bool ended_ = false;
};

// Why the search stopped, as the --stats line 'stopped: ...' says it.
std::string stop_reason(const dlx::Result& result) {
  switch (result.outcome) {
    case dlx::Outcome::exhausted:
      return "complete";
    case dlx::Outcome::solution_limit:
      return "limit (" + std::to_string(result.stats.solutions) +
             (result.stats.solutions == 1 ? " solution)" : " solutions)");
    case dlx::Outcome::node_limit:
      return "max-nodes budget";
    case dlx::Outcome::update_limit:
      return "max-updates budget";
    case dlx::Outcome::stopped:
      return "interrupted";
  }
  return "unknown";
}

// The exit status of one problem's search.
int exit_status(const dlx::Result& result) {
  switch (result.outcome) {
    case dlx::Outcome::exhausted:
      return result.stats.solutions > 0 ? exit_solved : exit_no_solution;
    case dlx::Outcome::solution_limit:  // it found the N solutions asked for
      return exit_solved;
    case dlx::Outcome::node_limit:
    case dlx::Outcome::update_limit:
      return exit_partial;
    case dlx::Outcome::stopped:
      return exit_interrupted;
  }
  return exit_error;
}

// The count line: the number alone when the search was complete.
std::string count_line(const dlx::Result& result) {
  const std::string count = std::to_string(result.stats.solutions);
  switch (result.outcome) {
    case dlx::Outcome::exhausted:
      return count;
    case dlx::Outcome::solution_limit:
      return "at least " + count + " (stopped by --limit)";
    case dlx::Outcome::node_limit:
      return "at least " + count + " (stopped early: --max-nodes budget used up)";
    case dlx::Outcome::update_limit:
      return "at least " + count + " (stopped early: --max-updates budget used up)";
    case dlx::Outcome::stopped:
      return "at least " + count + " (interrupted)";
  }
  return count;
}

void report_parse_error(const dlx::ParseError& error, const std::string& name) {
  const bool cap = error.kind() == dlx::ParseErrorKind::too_many_nodes;
  diagnose(name + ":" + std::to_string(error.line()) + ":" + std::to_string(error.column()) + ": " +
           error.what() + (cap ? "; --max-input-nodes raises the limit" : "") + "\n");
}

// Reads one problem, reporting errors and warnings on stderr under the name `name`.
std::optional<dlx::Problem> read(const std::string& path, const std::string& name,
                                 const dlx::ReadLimits& limits) {
  errno = 0;
  try {
    if (path == "-") {
      if (::isatty(STDIN_FILENO) != 0)
        diagnose("dlx: reading the problem from standard input (Ctrl-D to end)\n");
      LineCounter counter(std::cin.rdbuf());
      std::istream in(&counter);
      in.exceptions(std::cin.exceptions());
      try {
        return dlx::read_problem(in, limits);
      } catch (const std::bad_alloc&) {
        throw OutOfMemory("out of memory reading " + name + " at line " +
                          std::to_string(counter.line()));
      }
    }
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      diagnose(name + ": cannot read: it is a directory\n");
      return std::nullopt;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      diagnose(name + ": cannot open: " + std::strerror(errno) + "\n");
      return std::nullopt;
    }
    LineCounter counter(file.rdbuf());
    std::istream in(&counter);
    try {
      return dlx::read_problem(in, limits);
    } catch (const std::bad_alloc&) {
      throw OutOfMemory("out of memory reading " + name + " at line " +
                        std::to_string(counter.line()));
    }
  } catch (const dlx::ParseError& error) {
    report_parse_error(error, name);
  } catch (const std::ios_base::failure&) {
    diagnose(name + ": cannot read: " + (errno != 0 ? std::strerror(errno) : "input error") + "\n");
  }
  return std::nullopt;
}

// A --progress line: elapsed time, solutions, the path as k/d pairs, and the estimated share done.
std::string progress_line(const dlx::Progress& progress, double seconds) {
  constexpr std::size_t shown_levels = 32;
  std::string line = "progress: " + fixed(seconds, 1) + "s, " +
                     std::to_string(progress.stats.solutions) + " solutions, " +
                     std::to_string(progress.stats.nodes) + " nodes, path";
  for (std::size_t level = 0; level < progress.path.size() && level < shown_levels; ++level) {
    line +=
        ' ' + std::to_string(progress.path[level].k) + '/' + std::to_string(progress.path[level].d);
  }
  if (progress.path.size() > shown_levels) line += " ...";
  line += ", " + fixed(progress.fraction * 100, 3) + "% done (estimate)\n";
  return line;
}

// What a resumed search's statistics lack: the checkpoint's records without nodes, updates and
// depth (written by a dlx before version 2 of the format).
struct Unrecorded {
  std::uint64_t prefixes = 0;
  std::string checkpoint;
};

std::string stats_text(const dlx::Result& result, double seconds, const std::string& name,
                       bool named, const Unrecorded& unrecorded,
                       const dlx::Propagation& propagation, const dlx::EngineChoice& engine,
                       bool propagator = false) {
  // A count the checkpoint does not give for every prefix is only a lower bound.
  const auto bound = [&](std::uint64_t value, const char* what) {
    if (unrecorded.prefixes == 0) return std::to_string(value);
    return "at least " + std::to_string(value) + " (" + unrecorded.checkpoint +
           " does not record the " + what + " of " + std::to_string(unrecorded.prefixes) +
           (unrecorded.prefixes == 1 ? " prefix" : " prefixes") + " done before)";
  };
  std::string text;
  if (named) text += "file: " + name + "\n";
  text += "engine: " + std::string(dlx::engine_name(engine.engine)) + " (" + engine.why + ")\n";
  text += "solutions: " + std::to_string(result.stats.solutions) + "\n";
  text += "nodes: " + bound(result.stats.nodes, "nodes") + "\n";
  text += "updates: " + bound(result.stats.updates, "updates") + "\n";
  text += "max depth: " + bound(result.stats.max_depth, "depth") + "\n";
  if (propagation.any()) {
    text += "propagation: " + dlx::propagation_name(propagation) + "\n";
    text += "forced moves: " + std::to_string(result.stats.forced) + "\n";
    if (propagation.implied)
      text += "removed by implied items: " + std::to_string(result.stats.implied) + "\n";
    if (propagation.probe)
      text += "probes: " + std::to_string(result.stats.probes) +
              "\nremoved by probing: " + std::to_string(result.stats.probed) + "\n";
  }
  if (propagator)
    text += "removed by the propagator: " + std::to_string(result.stats.pruned) + "\n";
  text += "elapsed seconds: " + fixed(seconds, 6) + "\n";
  text += "stopped: " + stop_reason(result) + "\n";
  return text;
}

std::string profile_text(const dlx::Solver& solver, const std::string& name, bool named) {
  std::string text;
  if (named) text += "file: " + name + "\n";
  const std::span<const std::uint64_t> levels = solver.profile();
  for (std::size_t level = 0; level < levels.size(); ++level) {
    text += "nodes at level " + std::to_string(level) + ": " + std::to_string(levels[level]) + "\n";
  }
  return text;
}

// A progress line of a split search: prefixes done, solutions, share done and time left; the
// counts include those of the prefixes done before a resume.
std::string split_progress_line(const dlx::ParallelProgress& p, const checkpoint::Resume* earlier,
                                double seconds) {
  const std::uint64_t pieces = earlier != nullptr ? earlier->pieces : 0;
  const std::uint64_t solutions = earlier != nullptr ? earlier->stats.solutions : 0;
  std::string line = "progress: " + fixed(seconds, 1) + "s, " +
                     std::to_string(p.prefixes_done + pieces) + " of " +
                     std::to_string(p.prefixes_total + pieces) + " prefixes done, " +
                     std::to_string(p.solutions + solutions) + " solutions, " +
                     fixed(p.fraction * 100, 3) + "% done (estimate)";
  if (p.fraction > p.start_fraction) {
    const double left = seconds * (1 - p.fraction) / (p.fraction - p.start_fraction);
    line += ", about " + fixed(left, 0) + "s left";
  }
  return line + "\n";
}

// Searches one problem split into prefixes: on threads, or on the ranks of an MPI job; resumes
// from and records to the checkpoint file when one is given. After a resume, the result counts
// the whole search, the prefixes done before included; `unrecorded` says what it lacks.
dlx::Result search_split(dlx::Solver& solver, const Settings& settings, const dlx::Visitor& print,
                         Clock::time_point start, Unrecorded& unrecorded) {
  const dlx::Matrix& matrix = solver.matrix();
  const unsigned threads = settings.threads;
  bool on_mpi = false;
#ifdef DLX_WITH_MPI
  on_mpi = settings.mpi && dlx_mpi::size() > 1;
  const unsigned workers = on_mpi ? static_cast<unsigned>(dlx_mpi::size() - 1) : threads;
#else
  const unsigned workers = threads;
#endif

  std::vector<dlx::Subproblem> prefixes;
  std::optional<checkpoint::Resume> resume;
  std::unique_ptr<checkpoint::Writer> writer;
  if (!settings.checkpoint.empty()) resume = checkpoint::read(settings.checkpoint, matrix);
  if (resume) {
    for (dlx::Prefix& prefix : resume->pending) {
      double share = 0;
      try {
        share = dlx::prefix_share(solver, prefix);
      } catch (const std::invalid_argument& error) {
        throw checkpoint::Error(settings.checkpoint + ": a prefix is not a path of the search (" +
                                error.what() + ")");
      }
      prefixes.push_back({std::move(prefix), share});
    }
    writer = std::make_unique<checkpoint::Writer>(settings.checkpoint, *resume);
    diagnose("dlx: resumed: " + std::to_string(resume->pieces) + " of " +
             std::to_string(resume->pieces + prefixes.size()) + " prefixes already done\n");
    unrecorded = {resume->uncounted, settings.checkpoint};
  } else {
    prefixes = settings.split_depth ? dlx::split(solver, *settings.split_depth)
                                    : dlx::split_for_workers(solver, workers);
    if (!settings.checkpoint.empty())
      writer = std::make_unique<checkpoint::Writer>(settings.checkpoint, matrix, prefixes);
  }

  dlx::ParallelOptions options;
  options.threads = threads;
  options.propagation = settings.propagation;
  options.engine = solver.engine();
  options.solution_limit = settings.limits.solutions;
  options.stop = &stop_work;
  options.check_every = progress_check_every;
  if (writer) options.on_piece = [&writer](const dlx::Piece& piece) { writer->record(piece); };
  if (settings.progress_seconds > 0) {
    options.progress_seconds = settings.progress_seconds;
    options.on_progress = [start,
                           earlier = resume ? &*resume : nullptr](const dlx::ParallelProgress& p) {
      const std::chrono::duration<double> elapsed = Clock::now() - start;
      const std::string line = split_progress_line(p, earlier, elapsed.count());
      std::fwrite(line.data(), 1, line.size(), stderr);
    };
  }
  dlx::Result result;
#ifdef DLX_WITH_MPI
  if (on_mpi) result = dlx_mpi::coordinate(std::move(prefixes), options, print);
#endif
  if (!on_mpi) result = dlx::search_parallel(matrix, std::move(prefixes), options, print);
  if (resume) {
    result.stats.solutions += resume->stats.solutions;
    result.stats.nodes += resume->stats.nodes;
    result.stats.updates += resume->stats.updates;
    result.stats.max_depth = std::max(result.stats.max_depth, resume->stats.max_depth);
  }
  if (writer && result.outcome == dlx::Outcome::stopped)
    diagnose("dlx: the same command resumes the count from " + settings.checkpoint + "\n");
  return result;
}

// Runs `search` with Ctrl-C (and SIGTERM when `catch_term`) caught, then gives the signals back
// to their defaults; false, with the message on stderr, when the threads could not be started, a
// checkpoint failed or the output could not be written.
bool run_search(const Settings& settings, bool catch_term, const std::function<void()>& search) {
  std::signal(SIGINT, on_interrupt);
  if (catch_term) std::signal(SIGTERM, on_interrupt);
  std::string failure;
  try {
    search();
  } catch (const checkpoint::Error& error) {
    failure = error.what();
  } catch (const std::system_error& error) {
    failure = "dlx: cannot start " + std::to_string(settings.threads) +
              " threads: " + error.code().message();
  }
  std::signal(SIGINT, SIG_DFL);
  if (catch_term) std::signal(SIGTERM, SIG_DFL);
  if (failure.empty() && write_error.load() != 0)
    failure = "dlx: cannot write the output: " + std::string(std::strerror(write_error.load()));
  if (!failure.empty()) diagnose(failure + "\n");
  return failure.empty();
}

// Prints the options of a solution, one a line as written in the input, then a blank line.
void print_options(std::ostream& out, const dlx::Problem& problem,
                   std::span<const dlx::OptionId> solution) {
  for (const dlx::OptionId option : solution) out << dlx::format_option(problem, option) << '\n';
  out << '\n';
}

// The K cheapest solutions of one problem (--best K): each that beats the K-th best so far as it
// is found, then the K best, then their costs; returns the exit status.
int solve_best(const dlx::Problem& problem, const std::string& name, const Settings& settings) {
  if (const std::string_view refusal = dlx::best_refusal(problem.matrix); !refusal.empty()) {
    diagnose(name + ":1:1: --best: " + std::string(refusal) + "\n");
    return exit_error;
  }
  std::ostream& out = std::cout;
  std::uint64_t number = 0;
  const dlx::CostVisitor print = [&](dlx::Cost cost, std::span<const dlx::OptionId> solution) {
    out << "solution " << ++number << ", cost " << cost << ":\n";
    print_options(out, problem, solution);
    if (!out) {
      write_error.store(errno != 0 ? errno : EIO);
      stop_work.store(true);
      return false;
    }
    return true;
  };
  const Clock::time_point start = Clock::now();
  dlx::BestResult result;
  const bool searched = run_search(settings, false, [&] {
#ifdef DLX_WITH_MPI
    if (settings.mpi && dlx_mpi::size() > 1) {
      result = dlx_mpi::coordinate_best(problem.matrix, settings.best, settings.limits.solutions,
                                        &stop_work, print, settings.split_depth.value_or(0));
    } else
#endif
        if (settings.threads != 1 || settings.split_depth) {
      dlx::BestParallelOptions options;
      options.threads = settings.threads;
      options.depth = settings.split_depth.value_or(0);
      options.solution_limit = settings.limits.solutions;
      options.stop = &stop_work;
      result = dlx::best_parallel(problem.matrix, settings.best, options, print);
    } else {
      dlx::CostSolver solver(problem.matrix);
      solver.set_limits(settings.limits);
      solver.set_stop_flag(&stop_work);
      result = solver.best(settings.best, print);
    }
  });
  if (!searched) return exit_error;
  const std::chrono::duration<double> elapsed = Clock::now() - start;
  std::string costs;
  for (std::size_t i = 0; i < result.best.size(); ++i) {
    out << "best " << i + 1 << " of " << result.best.size() << ", cost " << result.best[i].cost
        << ":\n";
    print_options(out, problem, result.best[i].options);
    costs += (i == 0 ? "" : " ") + std::to_string(result.best[i].cost);
  }
  dlx::Result summary{result.outcome, result.stats};
  if (result.best.empty()) {
    out << (stopped_early(result.outcome) ? "no solution found (" + stop_reason(summary) + ")"
                                          : std::string("no solution"))
        << '\n';
  } else {
    out << (result.best.size() == 1 ? "cost: " : "costs: ") << costs;
    if (stopped_early(result.outcome) && result.outcome != dlx::Outcome::solution_limit)
      out << " (stopped early: " << stop_reason(summary) << "; cheaper ones may exist)";
    out << '\n';
  }
  if (settings.stats) {
    diagnose("solutions: " + std::to_string(result.stats.solutions) + "\n" +
             "nodes: " + std::to_string(result.stats.nodes) + "\n" +
             "updates: " + std::to_string(result.stats.updates) + "\n" +
             "cleansings: " + std::to_string(result.cleansings) + "\n" +
             "max depth: " + std::to_string(result.stats.max_depth) + "\n" + "elapsed seconds: " +
             fixed(elapsed.count(), 6) + "\n" + "stopped: " + stop_reason(summary) + "\n");
  }
  if (result.outcome == dlx::Outcome::exhausted || result.outcome == dlx::Outcome::solution_limit)
    return result.best.empty() ? exit_no_solution : exit_solved;
  return exit_status(summary);
}

// dlx --preprocess: writes the equivalent smaller problem (DLX-PRE's reductions); returns the
// exit status.
int write_preprocessed(const dlx::Problem& problem, const std::string& name,
                       const Settings& settings) {
  if (problem.matrix.has_bounds()) {
    diagnose(name +
             ": --preprocess applies DLX-PRE's rules, which know no bounds: items with "
             "bounds are not preprocessed\n");
    return exit_error;
  }
  const Clock::time_point start = Clock::now();
  const dlx::Preprocessed reduced = dlx::preprocess(problem.matrix);
  const std::chrono::duration<double> elapsed = Clock::now() - start;
  std::cout << "| " << name << " preprocessed: " << reduced.options_removed << " of "
            << problem.matrix.option_count() << " options and " << reduced.items_removed << " of "
            << problem.matrix.item_count() << " items removed, " << reduced.rounds
            << (reduced.rounds == 1 ? " round" : " rounds")
            << (reduced.infeasible ? "; a primary item can have no option: no solution" : "")
            << '\n';
  dlx::write_problem(reduced.matrix, std::cout, problem.color_names);
  if (settings.stats) {
    diagnose("options: " + std::to_string(problem.matrix.option_count()) + " -> " +
             std::to_string(reduced.matrix.option_count()) + "\n" +
             "items: " + std::to_string(problem.matrix.item_count()) + " -> " +
             std::to_string(reduced.matrix.item_count()) + "\n" +
             "rounds: " + std::to_string(reduced.rounds) + "\n" +
             "elapsed seconds: " + fixed(elapsed.count(), 6) + "\n");
  }
  return exit_solved;
}

// dlx --zdd FILE: writes the ZDD of the solutions (DLX6's) to FILE ('-': standard output, and
// the count goes to --stats only); returns the exit status.
int write_zdd_file(const dlx::Problem& problem, const std::string& name, const Settings& settings) {
  const Clock::time_point start = Clock::now();
  dlx::Zdd zdd;
  try {
    zdd = dlx::build_zdd(problem.matrix);
  } catch (const std::invalid_argument& error) {
    diagnose(name + ": --zdd: " + error.what() + "\n");
    return exit_error;
  }
  const std::chrono::duration<double> elapsed = Clock::now() - start;
  if (settings.zdd == "-") {
    dlx::write_zdd(std::cout, zdd);
    std::cout.flush();
  } else {
    std::ofstream file(settings.zdd);
    if (file) dlx::write_zdd(file, zdd);
    file.close();
    if (!file) {
      diagnose("dlx: cannot write " + settings.zdd + ": " + std::strerror(errno) + "\n");
      return exit_error;
    }
    std::cout << zdd.solutions << '\n';
  }
  if (!std::cout) {
    diagnose("dlx: cannot write the output\n");
    return exit_error;
  }
  if (settings.stats)
    diagnose("solutions: " + std::to_string(zdd.solutions) + "\n" +
             "zdd nodes: " + std::to_string(zdd.node_count()) + "\n" +
             "search nodes: " + std::to_string(zdd.search_nodes) + "\n" +
             "memos: " + std::to_string(zdd.memos) + "\n" + "hits: " + std::to_string(zdd.hits) +
             "\n" + "elapsed seconds: " + fixed(elapsed.count(), 6) + "\n");
  return zdd.solutions > 0 ? exit_solved : exit_no_solution;
}

// Solves one problem and prints its result; returns its exit status. `printed` tells whether
// an earlier file printed a result.
int solve(const dlx::Problem& problem, const std::string& name, const Settings& settings,
          bool named, bool& printed) {
  for (const dlx::Warning& warning : problem.warnings) {
    diagnose(name + ":" + std::to_string(warning.line) + ": warning: " + warning.message + "\n");
  }

  std::ostream& out = std::cout;
  if (named) {
    if (printed) out << '\n';
    out << "==> " << name << " <==\n";
  }
  printed = true;
  if (settings.preprocess) return write_preprocessed(problem, name, settings);
  if (!settings.zdd.empty()) return write_zdd_file(problem, name, settings);
  if (settings.best != 0) return solve_best(problem, name, settings);

  const dlx::EngineChoice engine =
      !settings.propagator.empty() && settings.engine == dlx::Engine::automatic
          ? dlx::EngineChoice{dlx::Engine::links, "a propagator runs on links"}
      : settings.engine == dlx::Engine::automatic
          ? dlx::choose_engine(problem.matrix, settings.propagation)
          : dlx::EngineChoice{settings.engine,
                              "--engine " + std::string(dlx::engine_name(settings.engine))};
  if (engine.engine != dlx::Engine::links && problem.matrix.has_bounds()) {
    diagnose(name + ": --engine " + std::string(dlx::engine_name(engine.engine)) +
             " does not take bounds (multiplicities, DLX3); use --engine links or auto\n");
    return exit_error;
  }
  std::optional<dlx::Solver> built;
  try {
    built.emplace(problem.matrix, engine.engine);
  } catch (const std::invalid_argument& error) {  // masks too large for the bits engine
    diagnose(name + ": " + error.what() + "\n");
    return exit_error;
  }
  dlx::Solver& solver = *built;
  solver.set_limits(settings.limits);
  solver.set_stop_flag(&stop_work);
  solver.set_seed(settings.seed);
  try {
    solver.set_propagation(settings.propagation);
  } catch (const std::invalid_argument&) {
    diagnose(name + ": --propagate takes problems without colors or bounds (Algorithm X)\n");
    return exit_error;
  }
  std::optional<dlx_app::Plugin> plugin;
  dlx_app::Plugin::Made propagator(nullptr, {nullptr});
  if (!settings.propagator.empty()) {
    try {
      plugin.emplace(settings.propagator);
      propagator = plugin->make(problem.matrix);
    } catch (const dlx_app::PluginError& error) {
      diagnose(name + ": --propagator: " + error.what() + "\n");
      return exit_error;
    }
    try {
      solver.set_propagator(propagator.get());
    } catch (const std::invalid_argument&) {
      diagnose(name + ": --propagator takes problems without colors or bounds (Algorithm X)\n");
      return exit_error;
    }
  }
  const Clock::time_point start = Clock::now();
  if (settings.progress_seconds > 0 && !settings.split()) {
    const auto interval = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(settings.progress_seconds));
    solver.set_progress(progress_check_every,
                        [start, interval, next = start + interval](const dlx::Progress& p) mutable {
                          const Clock::time_point now = Clock::now();
                          if (now < next) return;
                          next = now + interval;
                          const std::chrono::duration<double> elapsed = now - start;
                          const std::string line = progress_line(p, elapsed.count());
                          std::fwrite(line.data(), 1, line.size(), stderr);
                        });
  }

  std::vector<std::string> written(problem.matrix.option_count());  // formatted on first use
  std::uint64_t number = 0;
  const dlx::Visitor print = [&](std::span<const dlx::OptionId> solution) {
    out << "solution " << ++number << ":\n";
    for (const dlx::OptionId option : solution) {
      std::string& text = written[static_cast<std::size_t>(option)];
      if (text.empty()) text = dlx::format_option(problem, option);
      out << text << '\n';
    }
    out << '\n';
    // A failed write (a full disk, a closed pipe) stops the search at once.
    if (!out) {
      write_error.store(errno != 0 ? errno : EIO);
      stop_work.store(true);
      return false;
    }
    return true;
  };

  dlx::Result result;
  Unrecorded unrecorded;
  const bool searched = run_search(settings, settings.split(), [&] {
    if (settings.split())
      result = search_split(solver, settings, settings.show_solutions ? print : nullptr, start,
                            unrecorded);
    else
      result = settings.show_solutions ? solver.search(print) : solver.count();
  });
  if (!searched) return exit_error;
  const std::chrono::duration<double> elapsed = Clock::now() - start;

  out << count_line(result) << '\n';
  if (settings.stats)
    diagnose(stats_text(result, elapsed.count(), name, named, unrecorded, settings.propagation,
                        engine, propagator != nullptr));
  if (settings.profile) diagnose(profile_text(solver, name, named));

  return exit_status(result);
}

// Solves one file and prints its result; returns its exit status.
int run(const std::string& path, const Settings& settings, bool named, bool& printed) {
  const std::string name = path == "-" ? "<stdin>" : path;
  const std::optional<dlx::Problem> problem = read(path, name, settings.read_limits);
  if (!problem) return exit_error;
  return solve(*problem, name, settings, named, printed);
}

#ifdef DLX_MPI_HELPER
// dlx --mpi is the program DLX_MPI_HELPER beside this one (the same dlx, linked with MPI), run in
// this process's place with the same arguments: the dozen libraries of MPI stay out of the
// start-up of every other dlx run. Returns only when it cannot be run.
int run_mpi_helper(char** argv) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::string helper =
      (error ? std::filesystem::path(argv[0]).parent_path() : self.parent_path()) / DLX_MPI_HELPER;
  ::execv(helper.c_str(), argv);
  diagnose("dlx: --mpi runs " + helper + ", which cannot be run: " + std::strerror(errno) + "\n");
  return exit_error;
}
#endif

#ifdef DLX_WITH_MPI
// Reads a whole file (or standard input for "-") as text; reports failures on stderr.
bool read_text(const std::string& path, const std::string& name, std::string& text) {
  errno = 0;
  std::ostringstream buffer;
  if (path == "-") {
    buffer << std::cin.rdbuf();
  } else {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      diagnose(name + ": cannot read: it is a directory\n");
      return false;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      diagnose(name + ": cannot open: " + std::strerror(errno) + "\n");
      return false;
    }
    buffer << file.rdbuf();
  }
  text = buffer.str();
  return true;
}

// One rank's part of dlx --mpi; returns its exit status.
int run_rank(int rank, const Settings& settings, const std::string& path, const std::string& name) {
  std::string text;
  if (rank == 0) {
    std::optional<dlx::Problem> problem;
    if (read_text(path, name, text)) {
      try {
        problem = dlx::read_problem(std::string_view(text), settings.read_limits);
      } catch (const dlx::ParseError& error) {
        report_parse_error(error, name);
      }
    }
    if (!dlx_mpi::broadcast(text, problem.has_value())) return exit_error;
    bool printed = false;
    return solve(*problem, name, settings, false, printed);
  }
  if (!dlx_mpi::broadcast(text, false)) return exit_error;
  const dlx::Problem problem = dlx::read_problem(std::string_view(text), settings.read_limits);
  if (settings.best != 0) {
    dlx_mpi::serve_best(problem.matrix, settings.best);
    return exit_solved;
  }
  dlx_mpi::serve(problem.matrix, settings.show_solutions, progress_check_every,
                 settings.propagation, settings.engine);
  return exit_solved;
}

// dlx --mpi: rank 0 reads, splits, prints; the other ranks search what it hands out.
int run_mpi(int& argc, char**& argv, const Settings& settings, const std::string& path) {
  const int rank = dlx_mpi::start(&argc, &argv);
  int status = exit_solved;
  const std::string name = path == "-" ? "<stdin>" : path;
  try {
    status = run_rank(rank, settings, path, name);
  } catch (const std::exception& error) {
    diagnose("dlx: rank " + std::to_string(rank) + ": " + error.what() + "\n");
    dlx_mpi::abort(exit_error);
  }
  std::cout.flush();
  dlx_mpi::finish();
  return status;
}

#endif

}  // namespace

int main(int argc, char** argv) {
  Settings settings;
  std::vector<std::string> files;
  if (const std::optional<int> done = read_command_line(argc, argv, settings, files)) return *done;
#ifdef DLX_WITH_MPI
  if (settings.mpi) return run_mpi(argc, argv, settings, files.front());
#elif defined(DLX_MPI_HELPER)
  if (settings.mpi) return run_mpi_helper(argv);
#endif

  int status = exit_solved;
  bool printed = false;
  for (const std::string& file : files) {
    int file_status = exit_error;
    try {
      file_status = run(file, settings, files.size() > 1, printed);
    } catch (const OutOfMemory& error) {
      diagnose(std::string("dlx: ") + error.what() + "\n");
    } catch (const std::bad_alloc&) {
      diagnose("dlx: out of memory solving " + std::string(file == "-" ? "<stdin>" : file) + "\n");
    }
    if (severity(file_status) > severity(status)) status = file_status;
    if (file_status == exit_interrupted || write_error.load() != 0) break;
  }
  std::cout.flush();
  if (!std::cout) {
    if (write_error.load() == 0)
      diagnose("dlx: cannot write the output: " +
               std::string(errno != 0 ? std::strerror(errno) : "write error") + "\n");
    return exit_error;
  }
  return status;
}
