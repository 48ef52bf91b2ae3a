// sudoku-dlx: writes a sudoku puzzle as an exact-cover problem in Knuth's DLX format, for the
// dlx command to solve; or solves it with the dlx library directly.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <sudoku/io/reader.hpp>
#include <sudoku/io/writer.hpp>
#include <sudoku/model/grid.hpp>

#include "common/cli.hpp"
#include "sudoku-dlx/sudoku_dlx.hpp"

namespace {

using namespace examples;

constexpr std::string_view usage = R"(Usage: sudoku-dlx [options] [FILE]

Writes a sudoku puzzle of FILE (standard input when FILE is missing or '-') as an exact-cover
problem in Knuth's DLX format, so that the dlx command can solve it: an item per empty cell
(r3c5) and per house and missing digit (row3=7, col5=7, box2=7; win, diag, reg for the
variants), an option per empty cell and candidate digit (r3c5 row3=7 col5=7 box2=7). Reads
every format and variant the sudoku command reads (one-line or grid puzzles, #variant and
#regions headers). With --count or --print, solves it here instead.

Options:
  -n, --number K   the K-th puzzle of the file (default 1)
  --variant NAME   regular, hyper, x, hyper-x (until a #variant header says otherwise)
  --count          count the solutions instead of writing the problem
  -p, --print      draw each solution instead of writing the problem
  --limit N        stop after N solutions
  --stats          with --count or --print: items, options, nodes, updates and time on stderr
  --color WHEN     colour the drawn grids: auto (on a terminal, unless NO_COLOR is set),
                   always or never
  -h, --help       show this help
)";

constexpr std::string_view examples_text = R"(
Exit status: 0 written (or solutions found), 1 no solution found, 2 bad arguments, a file that
cannot be read, or a bad puzzle, givens that clash included (file:line:col: message).

Examples:
  sudoku-dlx examples/sudoku/regular.txt | dlx              1
  sudoku-dlx examples/sudoku/x.txt | dlx -s                 the solution, as options
  sudoku-dlx -n 2 --count examples/sudoku/multi.txt         8
)";

// The command: reads its arguments, then does what they ask; returns the exit status.
int command(Arguments& args) {
  CommonOptions options;
  bool count = false;
  std::uint64_t number = 1;
  sudoku::ReaderOptions reader_options;
  std::optional<std::string> file;
  while (!args.done()) {
    if (args.flag({"--dlx"})) throw UsageError("unknown option '--dlx' (see --help)");
    if (read_common_option(args, options, true)) continue;
    if (args.flag({"--count"})) {
      count = true;
    } else if (auto k = args.value({"-n", "--number"})) {
      number = parse_number(*k, "--number", 1);
    } else if (auto variant = args.value({"--variant"})) {
      try {
        reader_options.variant = sudoku::parse_variant(*variant);
      } catch (const sudoku::GeometryError& error) {
        throw UsageError(error.what());
      }
      if (reader_options.variant == sudoku::Variant::jigsaw) {
        throw UsageError("a jigsaw puzzle needs its #regions header in the file");
      }
    } else {
      if (file) throw UsageError("one FILE at most (see --help)");
      file = args.positional();
    }
  }
  if (options.help) return show_help({usage, examples_text});

  const std::string name = file.value_or("-");
  std::ifstream in_file;
  if (name != "-") {
    std::error_code ec;
    if (std::filesystem::is_directory(name, ec)) {
      std::cerr << "sudoku-dlx: " << name << ": " << std::strerror(EISDIR) << '\n';
      return exit_error;
    }
    errno = 0;
    in_file.open(name, std::ios::binary);
    if (!in_file) {
      std::cerr << "sudoku-dlx: " << name << ": " << std::strerror(errno) << '\n';
      return exit_error;
    }
  }
  std::istream& in = name == "-" ? std::cin : in_file;
  sudoku::PuzzleReader reader(in, reader_options);
  std::optional<sudoku::Record> record;
  for (std::uint64_t k = 0; k < number; ++k) {
    errno = 0;
    record = reader.next();
    // The reader stops at a read error; std::cin reads through stdio, which notes its own.
    if (in.bad() || (&in == &std::cin && std::ferror(stdin) != 0)) {
      std::cerr << "sudoku-dlx: " << name << ": " << std::strerror(errno != 0 ? errno : EIO)
                << '\n';
      return exit_error;
    }
    if (!record) {
      std::cerr << "sudoku-dlx: " << name << ": "
                << (k == 0 ? "no puzzle" : cat("only ", k, " puzzles")) << '\n';
      return exit_error;
    }
  }
  if (!record->ok()) {
    const sudoku::FormatError& error = *record->error;
    std::cerr << "sudoku-dlx: " << name << ':' << error.line() << ':' << error.column() << ": "
              << error.what() << '\n';
    return exit_error;
  }
  const sudoku::Geometry& geometry = *record->geometry;
  // Givens that clash are a bad puzzle, as the sudoku command reports them: at the later cell.
  if (const auto clash = sudoku::find_clash(geometry, record->givens)) {
    const auto cell = static_cast<std::size_t>(clash->second);
    const sudoku::Location at =
        cell < record->cells.size() ? record->cells[cell] : sudoku::Location{record->line, 1};
    std::cerr << "sudoku-dlx: " << name << ':' << at.line << ':' << at.column
              << ": givens clash: " << sudoku::describe(geometry, *clash) << '\n';
    return exit_error;
  }

  const sudoku_dlx::Problem problem = sudoku_dlx::problem(geometry, record->givens);
  if (problem.matrix.item_count() == 0) {
    std::cerr << "sudoku-dlx: " << name << ':' << record->line
              << ": the grid has no empty cell: nothing to solve\n";
    return exit_error;
  }

  if (!count && !options.print) {
    sudoku::PrettyOptions plain;
    plain.labels = plain.legend = false;
    std::string comment =
        cat("A ", geometry.size(), 'x', geometry.size(), ' ',
            sudoku::variant_name(geometry.variant()), " sudoku from ", name, " line ", record->line,
            ", written by `sudoku-dlx`:\n", sudoku::format_pretty(geometry, record->givens, plain),
            "Items: the empty cells, and each house with each digit it misses; options: each "
            "empty cell with\neach candidate digit, covering the cell and its houses' items "
            "for that digit.");
    write_dlx(std::cout, problem.matrix, comment);
    return exit_found;
  }
  sudoku::PrettyOptions pretty;
  pretty.labels = pretty.legend = false;
  pretty.color = use_color(options.color);
  return solve(problem.matrix, options, [&](std::span<const dlx::OptionId> solution) {
    std::cout << sudoku::format_pretty(
                     geometry, sudoku_dlx::solution(problem, record->givens, solution), pretty)
              << '\n';
  });
}

}  // namespace

int main(int argc, char** argv) {
  return examples::run("sudoku-dlx", argc, argv, command);
}
