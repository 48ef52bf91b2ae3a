// What every example command shares: reading its arguments, writing a problem in Knuth's DLX
// text format, reporting a count, and deciding when to use colour.
//
// The examples parse argv by hand to stay free of dependencies other than dlx itself.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <dlx/matrix.hpp>
#include <dlx/parallel.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>
#include <dlx/writer.hpp>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common/text.hpp"

namespace examples {

// Exit statuses, the same for every example.
inline constexpr int exit_found = 0;  // at least one solution (or the output was written)
inline constexpr int exit_none = 1;   // no solution
inline constexpr int exit_error = 2;  // bad arguments or input

// A command line that cannot be followed; what() is the message for the user.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The arguments of a command, read front to back: options as `--name value`, `--name=value`
// or `-n value`, flags as `--name` or `-n`, everything else (and `-` alone) positional.
class Arguments {
 public:
  Arguments(int argc, char** argv) : args_(argv + 1, argv + argc) {}

  // True when every argument has been read.
  bool done() const noexcept { return next_ >= args_.size(); }
  // The argument about to be read.
  const std::string& current() const { return args_.at(next_); }

  // Reads the current argument if it is one of these flags.
  bool flag(std::initializer_list<std::string_view> names) {
    for (std::string_view name : names) {
      if (current() == name) {
        ++next_;
        return true;
      }
    }
    return false;
  }

  // Reads the current argument and its value if it is one of these options.
  std::optional<std::string> value(std::initializer_list<std::string_view> names) {
    const std::string& arg = current();
    for (std::string_view name : names) {
      if (arg == name) {
        if (next_ + 1 >= args_.size()) throw UsageError(std::string(name) + " needs a value");
        next_ += 2;
        return args_[next_ - 1];
      }
      if (name.starts_with("--") && arg.size() > name.size() && arg.starts_with(name) &&
          arg[name.size()] == '=') {
        ++next_;
        return arg.substr(name.size() + 1);
      }
    }
    return std::nullopt;
  }

  // Reads the current argument as a positional one; throws UsageError for an unknown option.
  std::string positional() {
    const std::string& arg = current();
    if (arg.size() > 1 && arg[0] == '-') {
      throw UsageError("unknown option '" + arg + "' (see --help)");
    }
    ++next_;
    return arg;
  }

 private:
  std::vector<std::string> args_;
  std::size_t next_ = 0;
};

// A whole number in [low, high] given for `what`; throws UsageError otherwise.
inline std::uint64_t parse_number(std::string_view text, std::string_view what,
                                  std::uint64_t low = 0, std::uint64_t high = UINT64_MAX) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < low ||
      value > high) {
    throw UsageError(std::string(what) + " expects a whole number from " + std::to_string(low) +
                     (high == UINT64_MAX ? " up" : " to " + std::to_string(high)) + ", not '" +
                     std::string(text) + "'");
  }
  return value;
}

// When to colour the output: only on a terminal (and not under NO_COLOR), always, or never.
enum class ColorMode { automatic, always, never };

// The colour mode named by --color's value; throws UsageError.
inline ColorMode parse_color_mode(std::string_view text) {
  if (text == "auto") return ColorMode::automatic;
  if (text == "always") return ColorMode::always;
  if (text == "never") return ColorMode::never;
  throw UsageError("--color expects auto, always or never, not '" + std::string(text) + "'");
}

// Whether standard output gets colours under this mode.
inline bool use_color(ColorMode mode) {
  if (mode != ColorMode::automatic) return mode == ColorMode::always;
  const char* no_color = std::getenv("NO_COLOR");
  return ::isatty(STDOUT_FILENO) == 1 && (no_color == nullptr || *no_color == '\0');
}

// A problem in Knuth's DLX text format: `comment` as '|' lines, then the problem as
// dlx::write_problem writes it.
inline void write_dlx(std::ostream& out, const dlx::Matrix& matrix, std::string_view comment) {
  while (!comment.empty()) {
    const std::size_t end = comment.find('\n');
    out << "| " << comment.substr(0, end) << '\n';
    comment = end == std::string_view::npos ? std::string_view{} : comment.substr(end + 1);
  }
  dlx::write_problem(matrix, out);
}

// A count for the user: "92", or "at least 10 (stopped by --limit)".
inline std::string describe_count(const dlx::Result& result) {
  const std::string count = std::to_string(result.stats.solutions);
  if (result.outcome == dlx::Outcome::solution_limit) {
    return "at least " + count + " (stopped by --limit)";
  }
  if (dlx::stopped_early(result.outcome)) return "at least " + count + " (stopped early)";
  return count;
}

// What --stats prints on standard error: the search's counts and its time.
inline void write_stats(std::ostream& err, const dlx::Matrix& matrix, const dlx::Result& result,
                        std::chrono::steady_clock::duration elapsed, dlx::Engine engine) {
  const double seconds = std::chrono::duration<double>(elapsed).count();
  err << matrix.item_count() << " items (" << matrix.primary_count() << " primary), "
      << matrix.option_count() << " options; " << result.stats.solutions << " solutions, "
      << result.stats.nodes << " nodes, " << result.stats.updates << " updates on dancing "
      << dlx::engine_name(engine) << ", " << seconds << " s\n";
  if (result.stats.pruned != 0) err << result.stats.pruned << " options pruned by the propagator\n";
}

// The exit status for a search that found this many solutions.
inline int exit_status(const dlx::Result& result) noexcept {
  return result.stats.solutions > 0 ? exit_found : exit_none;
}

// The options every example takes.
struct CommonOptions {
  bool help = false;        // -h, --help
  bool print = false;       // -p, --print: draw each solution
  std::uint64_t limit = 0;  // --limit N: stop after N solutions (0: no limit)
  bool dlx = false;         // --dlx: write the problem in Knuth's format instead of solving it
  bool stats = false;       // --stats: counts of the search and its time on stderr
  unsigned threads = 1;     // -j, --threads N: search on N threads (0 on the command line: all)
  ColorMode color = ColorMode::automatic;  // --color WHEN
};

// Reads the current argument if it is one of the common options (--color only when the command
// draws in colour).
inline bool read_common_option(Arguments& args, CommonOptions& options, bool color = false) {
  if (args.flag({"-h", "--help"})) {
    options.help = true;
  } else if (args.flag({"-p", "--print"})) {
    options.print = true;
  } else if (auto limit = args.value({"--limit"})) {
    options.limit = parse_number(*limit, "--limit", 1);
  } else if (args.flag({"--dlx"})) {
    options.dlx = true;
  } else if (args.flag({"--stats"})) {
    options.stats = true;
  } else if (auto threads = args.value({"-j", "--threads"})) {
    options.threads = static_cast<unsigned>(parse_number(*threads, "--threads", 0, 1024));
    if (options.threads == 0) options.threads = std::max(1u, std::thread::hardware_concurrency());
  } else if (auto mode = color ? args.value({"--color"}) : std::nullopt) {
    options.color = parse_color_mode(*mode);
  } else {
    return false;
  }
  return true;
}

// The lines of --help for the common options (and --color for a command that draws in colour).
inline std::string options_help(bool color = false) {
  std::string out = R"(  -p, --print      draw each solution
  --limit N        stop after N solutions
  --dlx            write the problem in Knuth's DLX format on stdout instead of solving it
  --stats          print items, options, nodes, updates, the engine and time on stderr
  -j, --threads N  search on N threads (0: one per core); the same count, and the solutions
                   drawn in the same order
)";
  if (color) {
    out += R"(  --color WHEN     colour the pictures: auto (on a terminal, unless NO_COLOR is set),
                   always or never
)";
  }
  return out += "  -h, --help       show this help\n";
}

// Searches `matrix` as the options ask: counts, or hands each solution to `draw` as it is found
// with --print; with --threads, on several threads (split into prefixes, in the same order). Prints
// the count as the last line of stdout, after "label: " when a label is given (and statistics on
// stderr with --stats); returns the exit status. A propagator (a constraint beyond exact cover)
// runs on the links engine and one thread.
inline int solve(const dlx::Matrix& matrix, const CommonOptions& options,
                 const std::function<void(std::span<const dlx::OptionId>)>& draw,
                 std::string_view label = {}, dlx::Propagator* propagator = nullptr) {
  if (propagator != nullptr && options.threads > 1)
    throw UsageError("--threads: this search runs on one thread (its propagator is not shared)");
  // Links or cells, as the matrix suits (dlx::choose_engine; `dlx --engine auto`).
  dlx::Solver solver(matrix, propagator != nullptr ? dlx::Engine::links : dlx::Engine::automatic);
  solver.set_propagator(propagator);
  solver.set_limits({.solutions = options.limit});
  const auto visit = [&draw](std::span<const dlx::OptionId> solution) {
    draw(solution);
    return true;
  };
  const auto start = std::chrono::steady_clock::now();
  dlx::Result result;
  if (options.threads > 1) {
    // Enough prefixes that every thread starts at once; idle threads cut busy ones later.
    std::vector<dlx::Subproblem> prefixes = dlx::split_at_least(solver, 16 * options.threads);
    dlx::ParallelOptions parallel;
    parallel.threads = options.threads;
    parallel.solution_limit = options.limit;
    parallel.engine = solver.engine();
    result = dlx::search_parallel(matrix, std::move(prefixes), parallel,
                                  options.print ? dlx::Visitor(visit) : nullptr);
  } else {
    result = options.print ? solver.search(visit) : solver.count();
  }
  const auto elapsed = std::chrono::steady_clock::now() - start;
  if (!label.empty()) std::cout << label << ": ";
  std::cout << describe_count(result) << '\n';
  if (options.stats) {
    if (!label.empty()) std::cerr << label << ": ";
    write_stats(std::cerr, matrix, result, elapsed, solver.engine());
  }
  return exit_status(result);
}

// Writes --help (the pieces one after another) on stdout; returns exit_found.
inline int show_help(std::initializer_list<std::string_view> pieces) {
  for (std::string_view piece : pieces) std::cout << piece;
  return exit_found;
}

// The whole of an example's main: runs `command` on the arguments and returns its exit status,
// or, when the command line cannot be followed, writes "name: message" on stderr and returns
// exit_error.
inline int run(std::string_view name, int argc, char** argv,
               const std::function<int(Arguments&)>& command) {
  try {
    Arguments args(argc, argv);
    return command(args);
  } catch (const UsageError& error) {
    std::cerr << name << ": " << error.what() << '\n';
    return exit_error;
  }
}

}  // namespace examples
