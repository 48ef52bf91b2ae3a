// queens: counts or draws the ways to put n queens on an n x n board, none attacking another.
#include <iostream>
#include <string_view>

#include "common/cli.hpp"
#include "queens/queens.hpp"

namespace {

using namespace examples;

constexpr std::string_view usage = R"(Usage: queens [options] [N]

Counts the ways to put N queens (default 8) on an N x N board so that no two share a row, a
column or a diagonal, by exact cover: rows and columns are primary items (one queen each),
diagonals secondary (at most one queen each). Prints the count.

Options:
)";

constexpr std::string_view examples_text = R"(
Exit status: 0 solutions found, 1 none, 2 bad arguments.

Examples:
  queens                     92
  queens 12                  14200
  queens -p --limit 1 8      draw one solution of the eight queens problem
  queens --dlx 8 | dlx       the same problem through the dlx command
)";

// The command: reads its arguments, then does what they ask; returns the exit status.
int command(Arguments& args) {
  CommonOptions options;
  int n = 8;
  while (!args.done()) {
    if (!read_common_option(args, options, true)) {
      n = static_cast<int>(parse_number(args.positional(), "N", 1, 1000));
    }
  }
  if (options.help) return show_help({usage, options_help(true), examples_text});
  const dlx::Matrix matrix = queens::matrix(n);
  if (options.dlx) {
    write_dlx(std::cout, matrix,
              cat("The ", n, " queens problem, written by `queens --dlx`: rows r* and columns c*",
                  " primary,\ndiagonals a* (row + column) and b* (row - column + ", n - 1,
                  ") secondary."));
    return exit_found;
  }
  const bool color = use_color(options.color);
  return solve(matrix, options, [&](std::span<const dlx::OptionId> solution) {
    std::cout << queens::picture(queens::columns(n, solution), color) << '\n';
  });
}

}  // namespace

int main(int argc, char** argv) {
  return examples::run("queens", argc, argv, command);
}
