// Scott's pentomino problems as exact cover: the twelve pentominoes tile a board of 60 cells,
// each piece once.
//
// Items: the twelve pieces F I L N P T U V W X Y Z and the sixty cells ("00" .. "59" on 6x10,
// row and column in base 36), all primary. Options: one per placement of a piece, `X 01 10 11 12
// 21`, in any of its orientations (rotated or turned over) and any position where it fits.
//
// Up to symmetry, as Knuth does (TAOCP 7.2.2.1): a rectangle looks the same turned by 180 degrees
// or mirrored either way, so each tiling comes in 4 copies (8 on the 8x8 board, which can also be
// turned a quarter). X, which looks the same every way, is kept to the top-left quarter of the
// board (on 8x8 to the part of it on or right of the diagonal), which leaves one copy of each
// tiling, except where X's centre lies on a mirror line of the board: then the mirror image of a
// tiling has X in the same place. There the secondary item `mirror` breaks the tie: it is in
// those placements of X and in the placements of P turned over, so that P is not turned over when
// X is on a mirror line. (A mirror image of a tiling turns every piece over, and P looks different
// turned over, so exactly one of the two keeps P unturned.)
#pragma once

#include <algorithm>
#include <charconv>
#include <dlx/matrix.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.hpp"
#include "polyomino/polyomino.hpp"

namespace examples::pentominoes {

// The twelve pentominoes, named by Golomb after the letters they look like, in the order of
// the items.
inline constexpr std::string_view pieces_picture = R"(
 FF  I  L    N  PP  TTT  U U  V      W   X    Y  ZZ
FF   I  L   NN  PP   T   UUU  V     WW  XXX  YY   Z
 F   I  L   N   P    T        VVV  WW    X    Y   ZZ
     I  LL  N                                 Y
     I
)";

// The twelve pentominoes of pieces_picture.
inline std::vector<polyomino::Piece> pieces() {
  return polyomino::read_pieces(pieces_picture);
}

// The names of the boards of Scott's problems: the four rectangles and the 8x8 square without
// its central 2x2.
inline const std::vector<std::string>& board_names() {
  static const std::vector<std::string> names = {"6x10", "5x12", "4x15", "3x20", "8x8"};
  return names;
}

// A board of Scott's problems by name: "8x8" (the square without its centre), or any rectangle
// "RxC" of 60 cells. Throws std::invalid_argument for another name.
inline polyomino::Board board(std::string_view name) {
  if (name == "8x8") {
    polyomino::Board square = polyomino::rectangle(8, 8);
    for (int r : {3, 4}) {
      for (int c : {3, 4}) square.inside[static_cast<std::size_t>(r * 8 + c)] = 0;
    }
    return square;
  }
  int rows = 0, columns = 0;
  const char* end = name.data() + name.size();
  auto [x, rows_error] = std::from_chars(name.data(), end, rows);
  if (rows_error == std::errc{} && x != end && (*x == 'x' || *x == 'X')) {
    auto [last, columns_error] = std::from_chars(x + 1, end, columns);
    if (columns_error == std::errc{} && last == end && rows > 0 && columns > 0 &&
        rows * columns == 60) {
      return polyomino::rectangle(rows, columns);
    }
  }
  throw std::invalid_argument(cat("no board '", name,
                                  "': the boards are 8x8 (without its centre) and rectangles of "
                                  "60 cells RxC, such as 6x10, 5x12, 4x15, 3x20"));
}

// Scott's problem on one of his boards (a rectangle, or the 8x8 square without its centre), up to
// symmetry as Knuth encodes it, or with every tiling counted.
inline polyomino::Tiling tiling(const polyomino::Board& board, bool up_to_symmetry = true) {
  polyomino::Tiling out{board, pieces(), {}, {}, 1, {}};
  const bool square = board.rows == board.columns;
  // Where X may go, and whether its centre is on a mirror line of the board.
  const auto keep = [&](const polyomino::Placement& x) {
    const int centre = x.squares[2], r = centre / board.columns, c = centre % board.columns;
    return 2 * r <= board.rows - 1 && 2 * c <= board.columns - 1 && (!square || r <= c);
  };
  const auto on_mirror = [&](const polyomino::Placement& x) {
    const int centre = x.squares[2], r = centre / board.columns, c = centre % board.columns;
    return 2 * r == board.rows - 1 || 2 * c == board.columns - 1 || (square && r == c);
  };

  std::vector<std::vector<polyomino::Placement>> all;
  bool mirror_needed = false;
  for (std::size_t p = 0; p < out.pieces.size(); ++p) {
    all.push_back(polyomino::placements(board, out.pieces[p], static_cast<int>(p), {}));
    if (up_to_symmetry && out.pieces[p].name == 'X') {
      std::erase_if(all.back(), [&](const polyomino::Placement& x) { return !keep(x); });
      mirror_needed = std::any_of(all.back().begin(), all.back().end(), on_mirror);
    }
  }
  if (up_to_symmetry) {
    out.symmetries = square ? 8 : 4;
    out.symmetry = mirror_needed ? "X in the top-left quarter; P not turned over when X is on a "
                                   "mirror line (secondary item mirror)"
                                 : "X in the top-left quarter";
  }

  dlx::Matrix& matrix = out.matrix;
  for (const polyomino::Piece& piece : out.pieces) matrix.add_item(std::string(1, piece.name));
  std::vector<dlx::ItemId> item_of_square(board.inside.size(), -1);
  for (const polyomino::Cell& cell : board.cells()) {
    item_of_square[static_cast<std::size_t>(cell.row * board.columns + cell.column)] =
        matrix.add_item(polyomino::cell_name(board, cell));
  }
  const dlx::ItemId mirror =
      mirror_needed ? matrix.add_item("mirror", dlx::ItemKind::secondary) : -1;

  // P's orientations that are not turned over: its rotations alone.
  const auto p_piece =
      std::find_if(out.pieces.begin(), out.pieces.end(),
                   [](const polyomino::Piece& piece) { return piece.name == 'P'; });
  const std::vector<polyomino::Shape> unturned =
      polyomino::orientations(p_piece->shape, {.rotations = true, .reflections = false});
  std::vector<dlx::Entry> entries;
  for (std::size_t p = 0; p < all.size(); ++p) {
    const char name = out.pieces[p].name;
    for (const polyomino::Placement& placement : all[p]) {
      entries.assign(1, {static_cast<dlx::ItemId>(p)});
      polyomino::Shape shape;
      for (int square_index : placement.squares) {
        entries.push_back({item_of_square[static_cast<std::size_t>(square_index)]});
        shape.push_back({square_index / board.columns, square_index % board.columns});
      }
      if (mirror_needed) {
        const bool turned_p =
            name == 'P' && std::find(unturned.begin(), unturned.end(),
                                     polyomino::detail::normalize(shape)) == unturned.end();
        if ((name == 'X' && on_mirror(placement)) || turned_p) entries.push_back({mirror});
      }
      matrix.add_option(entries);
      out.placements.push_back(placement);
    }
  }
  return out;
}

}  // namespace examples::pentominoes
