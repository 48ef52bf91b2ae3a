// latin: counts or draws the Latin squares of an order, or the completions of a partial one.
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "common/cli.hpp"
#include "latin/latin.hpp"

namespace {

using namespace examples;

constexpr std::string_view usage = R"(Usage: latin [options] [N]

Counts the Latin squares of order N (default 4): N x N squares of the symbols 1..N (then A, B,
...) in which every row and every column holds each symbol once. With --givens, counts the ways
to complete a partial square instead.

Options:
  --givens FILE    complete the partial square in FILE ('-': standard input): one row per
                   line, a symbol per cell, '.' for an empty cell, blanks ignored, '|' starts a
                   comment line; its order is its number of rows
)";

constexpr std::string_view examples_text = R"(
Exit status: 0 squares found, 1 none, 2 bad arguments or square (file:line: message).

Examples:
  latin 4                           576
  latin 5                           161280
  latin -p --limit 2 3              draw two squares of order 3
  printf '12..\n....\n....\n....\n' | latin --givens -      48
  latin --dlx 4 | dlx               the same problem through the dlx command
)";

// The command: reads its arguments, then does what they ask; returns the exit status.
int command(Arguments& args) {
  CommonOptions options;
  std::optional<int> order;
  std::optional<std::string> givens_file;
  while (!args.done()) {
    if (read_common_option(args, options)) continue;
    if (auto file = args.value({"--givens", "-g"})) {
      givens_file = *file;
    } else {
      order = static_cast<int>(parse_number(args.positional(), "N", 1, 35));
    }
  }
  if (options.help) return show_help({usage, options_help(), examples_text});
  if (order && givens_file) throw UsageError("give N or --givens, not both");

  latin::Square givens{order.value_or(4), {}};
  givens.cells.assign(static_cast<std::size_t>(givens.order * givens.order), 0);
  if (givens_file) {
    std::ostringstream text;
    if (*givens_file == "-") {
      text << std::cin.rdbuf();
    } else {
      std::ifstream in(*givens_file, std::ios::binary);
      if (!in) throw UsageError(*givens_file + ": cannot open the file");
      text << in.rdbuf();
    }
    try {
      givens = latin::read_square(text.str());
    } catch (const latin::SquareError& error) {
      std::cerr << "latin: " << *givens_file;
      if (error.line() > 0) std::cerr << ':' << error.line();
      std::cerr << ": " << error.what() << '\n';
      return exit_error;
    }
  }
  const latin::Problem problem = latin::problem(givens);
  if (options.dlx) {
    std::string comment = cat("Latin squares of order ", givens.order,
                              ", written by `latin --dlx`: cells p(row)(column), rows ",
                              "r(row)(symbol), columns c(column)(symbol),\nall from 0.");
    if (givens_file) comment += "\nCompleting:\n" + latin::picture(givens);
    if (comment.back() == '\n') comment.pop_back();
    write_dlx(std::cout, problem.matrix, comment);
    return exit_found;
  }
  return solve(problem.matrix, options, [&](std::span<const dlx::OptionId> solution) {
    std::cout << latin::picture(latin::square(problem, solution)) << '\n';
  });
}

}  // namespace

int main(int argc, char** argv) {
  return examples::run("latin", argc, argv, command);
}
