// What the commands share: exit statuses, usage errors, number options, the command line with
// --help and --version, and messages on stderr.
#pragma once

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace app {

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

// Exit statuses, as each command's --help documents them.
constexpr int exit_solved = 0;
constexpr int exit_no_solution = 1;
constexpr int exit_error = 2;
constexpr int exit_stopped = 3;        // a budget stopped a search before it proved what was asked
constexpr int exit_interrupted = 130;  // the shell's convention for "ended by SIGINT"

// A usage error, reported as its own exception so that main maps it to exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Memory ran out where the message says; main reports it, exit status 2.
struct OutOfMemory : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The integer of --OPTION, from `least` to `most`; a UsageError otherwise.
std::uint64_t parse_number(const po::variables_map& vm, const char* option, std::uint64_t least,
                           std::uint64_t most);
// The integer of --OPTION, at least `least`; a UsageError otherwise.
std::uint64_t parse_count(const po::variables_map& vm, const char* option, std::uint64_t least);
// The positive number of seconds of --OPTION (a decimal number, up to 1e9).
double parse_seconds(const po::variables_map& vm, const char* option);

// `value` with `decimals` decimals ("%.*f").
std::string fixed(double value, int decimals);
// A summary's speed for people: "2320 puzzles/s", "2.5 puzzles/s", or for fewer than one a second
// the time each took, "1.8 s/puzzle"; never 0. `one` names a unit of work ("puzzle").
std::string rate(std::uint64_t count, double seconds, std::string_view one);

// Writes one message to stderr in a single call, so that messages do not interleave; what was
// printed on stdout so far goes first.
void diagnose(const std::string& message);

// A table of options written as text, for --help: a line "NAMES" (a switch) or "NAMES=VALUE" (an
// option with a value), NAMES as Boost takes them ("count,c"), then its help on the lines after
// it, each indented by two spaces (joined with single spaces). `width`: of the --help lines.
po::options_description options_from_text(std::string_view text, unsigned width);

// What a command's command line is: its name, version, help texts and visible options; the
// positional arguments are the files.
struct CommandLine {
  std::string_view name;
  std::string_view version;
  std::string_view usage, epilog;  // --help: usage, the options, epilog
  po::options_description visible;
};

// Parses the command line and hands it to `read` (which throws UsageError or po::error); prints
// --help and --version. Returns the exit status when the command is done (help, version, a
// usage error reported on stderr), nothing when it goes on. Unties the standard streams from C's
// first: the commands write through both, never mixed.
std::optional<int> parse_command_line(int argc, char** argv, const CommandLine& command,
                                      const std::function<void(const po::variables_map&)>& read);

// The files named on the command line, "-" (standard input) when none.
std::vector<std::string> files_of(const po::variables_map& vm);

}  // namespace app
