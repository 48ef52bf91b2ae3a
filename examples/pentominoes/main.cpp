// pentominoes: counts or draws the tilings of Scott's boards by the twelve pentominoes.
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "common/cli.hpp"
#include "pentominoes/pentominoes.hpp"

namespace {

using namespace examples;

constexpr std::string_view usage = R"(Usage: pentominoes [options] [BOARD...]

Counts the ways the twelve pentominoes tile a board, each piece once, up to symmetry: a tiling
and its copies turned or mirrored count once. The boards are Scott's: the rectangles 6x10 (the
default), 5x12, 4x15 and 3x20 (any RxC of 60 cells), and 8x8, the square without its central
2x2. With several boards, each count follows the board's name.

The pieces (F I L N P T U V W X Y Z):
)";

constexpr std::string_view options_text = R"(
Options:
  --all            count every tiling, its turned and mirrored copies too (4 times as many on
                   a rectangle, 8 on 8x8)
)";

constexpr std::string_view examples_text = R"(
Exit status: 0 tilings found, 1 none, 2 bad arguments.

Examples:
  pentominoes                  2339
  pentominoes --all 3x20       8
  pentominoes 6x10 5x12 4x15 3x20 8x8
  pentominoes -p --limit 1 8x8 draw one tiling of the 8x8 board
  pentominoes --dlx 6x10 | dlx the same problem through the dlx command
)";

// The command: reads its arguments, then does what they ask; returns the exit status.
int command(Arguments& args) {
  CommonOptions options;
  bool all = false;
  std::vector<std::string> names;
  while (!args.done()) {
    if (read_common_option(args, options, true)) continue;
    if (args.flag({"--all"})) {
      all = true;
    } else {
      names.push_back(args.positional());
    }
  }
  if (options.help)
    return show_help(
        {usage, pentominoes::pieces_picture, options_text, options_help(true), examples_text});
  if (names.empty()) names.push_back("6x10");
  if (options.dlx && names.size() > 1) throw UsageError("--dlx writes one board at a time");
  std::vector<polyomino::Board> boards;
  for (const std::string& name : names) {
    try {
      boards.push_back(pentominoes::board(name));
    } catch (const std::invalid_argument& error) {
      throw UsageError(error.what());
    }
  }

  const bool color = use_color(options.color);
  int status = exit_found;
  for (std::size_t b = 0; b < boards.size(); ++b) {
    const polyomino::Tiling tiling = pentominoes::tiling(boards[b], !all);
    if (options.dlx) {
      write_dlx(std::cout, tiling.matrix,
                cat("Scott's pentomino problem on ", names[b],
                    names[b] == "8x8" ? " without its central 2x2" : "",
                    ", written by `pentominoes --dlx`.\nItems: the pieces, then the cells (row "
                    "and column); options: the placements of each piece.\n",
                    all ? std::string("Every tiling counts.")
                        : cat("Up to symmetry: ", tiling.symmetry, '.')));
      return exit_found;
    }
    const std::string label = boards.size() > 1 ? names[b] : std::string();
    const int result = solve(
        tiling.matrix, options,
        [&](std::span<const dlx::OptionId> solution) {
          std::cout << polyomino::picture(tiling, polyomino::fill(tiling, solution), color) << '\n';
        },
        label);
    status = std::max(status, result);
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  return examples::run("pentominoes", argc, argv, command);
}
