// langford: counts or lists the Langford arrangements of n pairs.
#include <iostream>
#include <string_view>

#include "common/cli.hpp"
#include "langford/langford.hpp"

namespace {

using namespace examples;

constexpr std::string_view usage = R"(Usage: langford [options] [N]

Counts the Langford arrangements of N pairs (default 8): the sequences of two 1s, two 2s, ...,
two Ns in which the copies of each value i have i others between them, such as 2 3 1 2 1 3.
An arrangement and its reversal count once, unless --mirrors is given. There are arrangements
only when N is 3, 4, 7, 8, 11, 12, ... (N % 4 is 0 or 3).

Options:
  --mirrors        count an arrangement and its reversal as two
)";

constexpr std::string_view examples_text = R"(
Exit status: 0 arrangements found, 1 none, 2 bad arguments.

Examples:
  langford 7                 26
  langford --mirrors 7       52
  langford -p 4              2 3 4 2 1 3 1 4
  langford --dlx 7 | dlx     the same problem through the dlx command
)";

// The command: reads its arguments, then does what they ask; returns the exit status.
int command(Arguments& args) {
  CommonOptions options;
  bool mirrors = false;
  int n = 8;
  while (!args.done()) {
    if (read_common_option(args, options)) continue;
    if (args.flag({"--mirrors"})) {
      mirrors = true;
    } else {
      n = static_cast<int>(parse_number(args.positional(), "N", 1, 1000));
    }
  }
  if (options.help) return show_help({usage, options_help(), examples_text});
  const langford::Problem problem = langford::problem(n, mirrors);
  if (options.dlx) {
    write_dlx(std::cout, problem.matrix,
              cat("Langford pairs of order ", n, ", written by `langford --dlx`: values v*, ",
                  "positions s*;\noption vi sj sk puts the two copies of i at positions j and ",
                  "k = j + i + 1.\n",
                  mirrors ? std::string("Arrangements and their reversals both count.")
                          : cat("Reversals are not counted: v", langford::restricted_value(n),
                                " is kept to the left half.")));
    return exit_found;
  }
  return solve(problem.matrix, options, [&](std::span<const dlx::OptionId> solution) {
    std::cout << langford::picture(langford::sequence(problem, n, solution)) << '\n';
  });
}

}  // namespace

int main(int argc, char** argv) {
  return examples::run("langford", argc, argv, command);
}
