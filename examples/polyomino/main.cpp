// polyomino: counts or draws the tilings of any board by any set of pieces, each used once,
// both given as pictures in text files.
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "common/cli.hpp"
#include "polyomino/polyomino.hpp"

namespace {

using namespace examples;

constexpr std::string_view usage = R"(Usage: polyomino [options] BOARD PIECES

Counts the ways the pieces drawn in the file PIECES tile the board drawn in the file BOARD, each
piece used once, up to symmetry: a tiling and its copies turned or mirrored (by the symmetries
of the board that the pieces allow) count once. '-' reads a file from standard input.

Pictures: lines starting with '|' are comments; ' ' and '.' are empty squares; every other
visible character draws a square. On the board any character is a cell; in PIECES the squares
drawn with one character are one piece, named by it. For example, with these two files,
`polyomino -p board.txt pieces.txt` draws 8 tilings, the first on the right:

  board.txt   pieces.txt
  ####        AAA  B  CC       AABB
  ####        A    BB  C       ACCB
  ##..                         AC

Options:
  --all            count every tiling, its turned and mirrored copies too
  --no-rotations   pieces keep the orientation they are drawn in (no quarter turns)
  --no-reflections pieces are not turned over (one-sided pieces)
)";

constexpr std::string_view examples_text = R"(
Exit status: 0 tilings found, 1 none, 2 bad arguments or pictures (file:line:col: message).

Examples (in examples/polyomino):
  polyomino 6x10.txt pentominoes.txt              2339
  polyomino --all 3x20.txt pentominoes.txt        8
  polyomino -p --limit 1 8x8.txt pentominoes.txt  draw one tiling of Scott's 8x8 board
  polyomino 4x5.txt tetrominoes.txt               0
)";

// A file's text ('-' for standard input); throws UsageError when it cannot be read.
std::string read_text(const std::string& path) {
  if (path == "-") {
    return {std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw examples::UsageError(path + ": cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A picture error as file:line:col: message.
std::string where(const std::string& path, const examples::polyomino::PictureError& error) {
  std::string out = path;
  if (error.line() > 0) out += examples::cat(':', error.line());
  if (error.column() > 0) out += examples::cat(':', error.column());
  return out + ": " + error.what();
}

// The command: reads its arguments, then does what they ask; returns the exit status.
int command(Arguments& args) {
  CommonOptions options;
  polyomino::Options encoding;
  std::vector<std::string> files;
  while (!args.done()) {
    if (read_common_option(args, options, true)) continue;
    if (args.flag({"--all"})) {
      encoding.up_to_symmetry = false;
    } else if (args.flag({"--no-rotations"})) {
      encoding.moves.rotations = false;
    } else if (args.flag({"--no-reflections"})) {
      encoding.moves.reflections = false;
    } else {
      files.push_back(args.positional());
    }
  }
  if (options.help) return show_help({usage, options_help(true), examples_text});
  if (files.size() != 2) throw UsageError("expected two files, BOARD and PIECES (see --help)");
  if (files[0] == "-" && files[1] == "-") throw UsageError("only one file can be '-'");

  polyomino::Board board;
  std::vector<polyomino::Piece> pieces;
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string text = read_text(files[i]);
    try {
      if (i == 0) {
        board = polyomino::read_board(text);
      } else {
        pieces = polyomino::read_pieces(text);
      }
    } catch (const polyomino::PictureError& error) {
      std::cerr << "polyomino: " << where(files[i], error) << '\n';
      return exit_error;
    }
  }
  int area = 0;
  for (const polyomino::Piece& piece : pieces) area += static_cast<int>(piece.shape.size());
  if (area != board.area()) {
    std::cerr << "polyomino: the pieces have " << area << " squares and the board " << board.area()
              << " cells: no tiling\n";
  }

  polyomino::Tiling tiling;
  try {
    tiling = polyomino::tiling(board, pieces, encoding);
  } catch (const polyomino::SymmetryError& error) {
    std::cerr << "polyomino: " << error.what() << '\n';
    return exit_error;
  }
  if (options.dlx) {
    write_dlx(std::cout, tiling.matrix,
              cat("Tiling ", files[0], " with the pieces of ", files[1],
                  ", written by `polyomino --dlx`.\nItems: the pieces, then the cells (row and "
                  "column); options: the placements of each piece.\n",
                  tiling.symmetry.empty() ? std::string("Every tiling counts.")
                                          : cat("Up to symmetry: ", tiling.symmetry, '.')));
    return exit_found;
  }
  const bool color = use_color(options.color);
  return solve(tiling.matrix, options, [&](std::span<const dlx::OptionId> solution) {
    std::cout << polyomino::picture(tiling, polyomino::fill(tiling, solution), color) << '\n';
  });
}

}  // namespace

int main(int argc, char** argv) {
  return examples::run("polyomino", argc, argv, command);
}
