// Tiling a board with polyominoes as exact cover, each piece used once, for any board and pieces
// drawn as pictures.
//
// Items: one per piece (its name, the character it is drawn with) and one per cell of the board
// (named by row and column in base 36, "00" .. "5j"; "r.c" in decimal on boards wider than 36),
// all primary: each piece is placed once and each cell covered once. Options: one per placement
// of a piece, `F 01 02 10 11 21`: the piece and the cells it covers, for every orientation the
// moves allow (rotations, reflections) and every position where it fits on the board.
//
// Up to symmetry: a tiling turned or mirrored by a symmetry of the board that maps the set of
// pieces onto itself is another tiling of the same problem. To count each class once, one piece A
// is restricted to one placement per class of placements equivalent under those symmetries. When a
// kept placement of A is itself left unchanged by some symmetries (X on a mirror line), those
// symmetries are broken by another piece B that no symmetry leaves in place (P, say): a secondary
// item joins A's placement with the placements of B that are not the first of their class, so
// they cannot be taken together.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <dlx/matrix.hpp>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/text.hpp"

namespace examples::polyomino {

// A square of a piece or a board: row and column from 0, top left.
struct Cell {
  int row = 0;
  int column = 0;
  auto operator<=>(const Cell&) const = default;
};

// The cells of a piece, sorted, moved to touch row 0 and column 0.
using Shape = std::vector<Cell>;

// A piece: the character its picture is drawn with, and its cells.
struct Piece {
  char name = 0;
  Shape shape;
};

// The cells of a board, within its rows x columns bounding box.
struct Board {
  int rows = 0;
  int columns = 0;
  std::vector<std::uint8_t> inside;  // per square of the box, row by row: 1 if a cell

  // Whether the square at (row, column) is a cell of the board.
  bool contains(Cell cell) const noexcept {
    return cell.row >= 0 && cell.row < rows && cell.column >= 0 && cell.column < columns &&
           inside[static_cast<std::size_t>(cell.row * columns + cell.column)] != 0;
  }
  // Number of cells.
  int area() const noexcept {
    return static_cast<int>(std::count(inside.begin(), inside.end(), 1));
  }
  // The cells, row by row.
  Shape cells() const {
    Shape out;
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < columns; ++c) {
        if (contains({r, c})) out.push_back({r, c});
      }
    }
    return out;
  }
};

// A rows x columns rectangle.
inline Board rectangle(int rows, int columns) {
  return {rows, columns, std::vector<std::uint8_t>(static_cast<std::size_t>(rows * columns), 1)};
}

// A picture that is not a board or a set of pieces; where (1-based line and column) and why.
class PictureError : public std::runtime_error {
 public:
  PictureError(std::size_t line, std::size_t column, const std::string& message)
      : std::runtime_error(message), line_(line), column_(column) {}
  // Line of the error, from 1 (0 when it is about the whole picture).
  std::size_t line() const noexcept { return line_; }
  // Column of the error, from 1 (0 when it is about a whole line or the picture).
  std::size_t column() const noexcept { return column_; }

 private:
  std::size_t line_;
  std::size_t column_;
};

namespace detail {

// The drawn squares of a picture, each with its character and where it was drawn.
struct Square {
  char symbol;
  Cell cell;
  std::size_t line;
};

// Reads a picture: lines whose first non-blank character is '|' are comments; ' ' and '.' are
// empty squares; any other visible ASCII character except ':' is a drawn square.
inline std::vector<Square> read_picture(std::string_view text) {
  std::vector<Square> squares;
  std::size_t line = 0;
  int row = -1;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view content = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++line;
    if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
    const std::size_t first = content.find_first_not_of(' ');
    if (first != std::string_view::npos && content[first] == '|') continue;
    ++row;
    for (std::size_t i = 0; i < content.size(); ++i) {
      const char symbol = content[i];
      if (symbol == ' ' || symbol == '.') continue;
      if (symbol < '!' || symbol > '~' || symbol == ':') {
        const auto code = static_cast<unsigned>(static_cast<unsigned char>(symbol));
        throw PictureError(
            line, i + 1,
            symbol == '\t' ? std::string("a tab: draw empty squares with ' ' or '.'")
            : symbol == ':'
                ? std::string("':' cannot draw a square (it is not a DLX name)")
                : cat("character ", code, " cannot draw a square: use visible ASCII characters"));
      }
      squares.push_back({symbol, {row, static_cast<int>(i)}, line});
    }
  }
  return squares;
}

// A shape moved to touch row 0 and column 0, its cells sorted.
inline Shape normalize(Shape shape) {
  if (shape.empty()) return shape;
  int top = shape[0].row, left = shape[0].column;
  for (const Cell& cell : shape) {
    top = std::min(top, cell.row);
    left = std::min(left, cell.column);
  }
  for (Cell& cell : shape) cell = {cell.row - top, cell.column - left};
  std::sort(shape.begin(), shape.end());
  return shape;
}

// Whether the cells of a shape are all joined through shared edges.
inline bool connected(const Shape& shape) {
  if (shape.empty()) return true;
  std::vector<bool> seen(shape.size());
  std::vector<std::size_t> stack{0};
  seen[0] = true;
  std::size_t reached = 1;
  while (!stack.empty()) {
    const Cell cell = shape[stack.back()];
    stack.pop_back();
    for (std::size_t i = 0; i < shape.size(); ++i) {
      const int distance =
          std::abs(shape[i].row - cell.row) + std::abs(shape[i].column - cell.column);
      if (!seen[i] && distance == 1) {
        seen[i] = true;
        ++reached;
        stack.push_back(i);
      }
    }
  }
  return reached == shape.size();
}

// An item name for a number: one base-36 digit when `count` numbers fit in one, else decimal.
inline std::string code(int i, int count) {
  if (count <= 36) return std::string(1, "0123456789abcdefghijklmnopqrstuvwxyz"[i]);
  return std::to_string(i);
}

}  // namespace detail

// The pieces of a picture: the squares drawn with one character are one piece, named by it, in
// the order the characters first appear. Throws PictureError for a bad character, no piece, or a
// piece whose squares are not joined (two pieces drawn with one character).
inline std::vector<Piece> read_pieces(std::string_view text) {
  std::vector<Piece> pieces;
  std::map<char, std::size_t> first_line;
  for (const detail::Square& square : detail::read_picture(text)) {
    auto piece = std::find_if(pieces.begin(), pieces.end(),
                              [&](const Piece& p) { return p.name == square.symbol; });
    if (piece == pieces.end()) {
      pieces.push_back({square.symbol, {}});
      first_line[square.symbol] = square.line;
      piece = pieces.end() - 1;
    }
    piece->shape.push_back(square.cell);
  }
  if (pieces.empty()) throw PictureError(0, 0, "no piece is drawn");
  for (Piece& piece : pieces) {
    piece.shape = detail::normalize(piece.shape);
    if (!detail::connected(piece.shape)) {
      throw PictureError(first_line[piece.name], 0,
                         cat("the squares drawn with '", piece.name,
                             "' are not joined: draw each piece with its own character"));
    }
  }
  return pieces;
}

// The board of a picture: every drawn square is a cell, whatever its character. Throws
// PictureError for a bad character or an empty board.
inline Board read_board(std::string_view text) {
  Shape cells;
  for (const detail::Square& square : detail::read_picture(text)) cells.push_back(square.cell);
  if (cells.empty()) throw PictureError(0, 0, "the board has no cell");
  cells = detail::normalize(cells);
  Board board;
  for (const Cell& cell : cells) {
    board.rows = std::max(board.rows, cell.row + 1);
    board.columns = std::max(board.columns, cell.column + 1);
  }
  board.inside.assign(static_cast<std::size_t>(board.rows * board.columns), 0);
  for (const Cell& cell : cells) {
    board.inside[static_cast<std::size_t>(cell.row * board.columns + cell.column)] = 1;
  }
  return board;
}

// Which moves turn a piece into another orientation of itself.
struct Moves {
  bool rotations = true;    // quarter turns
  bool reflections = true;  // turning the piece over
};

// The eight symmetries of the square, numbered 0..7: quarter turns t % 4 after a reflection
// (column -> -column) when t >= 4. 0 is the identity.
inline Cell transform(int t, Cell cell) noexcept {
  if (t >= 4) cell.column = -cell.column;
  for (int k = 0; k < t % 4; ++k) cell = {cell.column, -cell.row};
  return cell;
}

// Whether the moves allow symmetry t.
inline bool allowed(const Moves& moves, int t) noexcept {
  return (moves.rotations || t % 4 == 0) && (moves.reflections || t < 4);
}

// A shape after symmetry t, normalized.
inline Shape transformed(int t, const Shape& shape) {
  Shape out;
  for (const Cell& cell : shape) out.push_back(transform(t, cell));
  return detail::normalize(out);
}

// The distinct orientations of a shape under the moves, sorted.
inline std::vector<Shape> orientations(const Shape& shape, const Moves& moves) {
  std::vector<Shape> out;
  for (int t = 0; t < 8; ++t) {
    if (allowed(moves, t)) out.push_back(transformed(t, shape));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// A piece put on the board: which piece, and the board squares it covers (row * columns +
// column, increasing).
struct Placement {
  int piece = 0;
  std::vector<int> squares;
};

// Every placement of a piece in each orientation the moves allow, orientations in sorted order,
// positions row by row.
inline std::vector<Placement> placements(const Board& board, const Piece& piece, int index,
                                         const Moves& moves) {
  std::vector<Placement> out;
  for (const Shape& shape : orientations(piece.shape, moves)) {
    for (int dr = 0; dr < board.rows; ++dr) {
      for (int dc = 0; dc < board.columns; ++dc) {
        Placement placement{index, {}};
        for (const Cell& cell : shape) {
          const Cell at{cell.row + dr, cell.column + dc};
          if (!board.contains(at)) break;
          placement.squares.push_back(at.row * board.columns + at.column);
        }
        if (placement.squares.size() == shape.size()) out.push_back(std::move(placement));
      }
    }
  }
  return out;
}

// The item name of a board cell: row and column in base 36, or "row.column" in decimal.
inline std::string cell_name(const Board& board, Cell cell) {
  if (board.rows <= 36 && board.columns <= 36) {
    return detail::code(cell.row, 36) + detail::code(cell.column, 36);
  }
  return cat(cell.row, '.', cell.column);
}

// How a tiling problem is encoded.
struct Options {
  Moves moves = {};            // the orientations each piece may take
  bool up_to_symmetry = true;  // count tilings that differ by a symmetry of the board once
};

// A symmetry of the board that maps the pieces onto themselves: symmetry `t` of the square
// (see transform), and where it sends each square of the board's box (-1 outside the board).
struct Symmetry {
  int t = 0;
  std::vector<int> image;
};

// The symmetries of a board that send the orientations of every piece to orientations of the
// same piece, so that they send tilings to tilings; the identity first.
inline std::vector<Symmetry> symmetries(const Board& board, std::span<const Piece> pieces,
                                        const Moves& moves) {
  std::vector<Symmetry> out;
  const Shape cells = board.cells();
  for (int t = 0; t < 8; ++t) {
    Shape image;
    for (const Cell& cell : cells) image.push_back(transform(t, cell));
    if (detail::normalize(image) != cells) continue;
    bool keeps_pieces = true;
    for (const Piece& piece : pieces) {
      const std::vector<Shape> own = orientations(piece.shape, moves);
      for (const Shape& shape : own) {
        keeps_pieces =
            keeps_pieces && std::binary_search(own.begin(), own.end(), transformed(t, shape));
      }
    }
    if (!keeps_pieces) continue;
    int top = image[0].row, left = image[0].column;
    for (const Cell& cell : image) {
      top = std::min(top, cell.row);
      left = std::min(left, cell.column);
    }
    Symmetry symmetry{t, std::vector<int>(board.inside.size(), -1)};
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const Cell& from = cells[i];
      symmetry.image[static_cast<std::size_t>(from.row * board.columns + from.column)] =
          (image[i].row - top) * board.columns + image[i].column - left;
    }
    out.push_back(std::move(symmetry));
  }
  return out;
}

// A tiling problem as exact cover, with what is needed to read its solutions back.
struct Tiling {
  Board board;
  std::vector<Piece> pieces;
  dlx::Matrix matrix;
  std::vector<Placement> placements;  // the placement of each option
  int symmetries = 1;    // how many tilings each counted one stands for (1: not up to symmetry)
  std::string symmetry;  // how the symmetry was broken, for people; empty if it was not
};

// The symmetry of a problem cannot be broken exactly: some placement of every piece is left in
// place by a symmetry, and no piece can break it.
class SymmetryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace detail {

// A placement's squares after a symmetry, sorted.
inline std::vector<int> image(const Symmetry& symmetry, const std::vector<int>& squares) {
  std::vector<int> out;
  for (int square : squares) out.push_back(symmetry.image[static_cast<std::size_t>(square)]);
  std::sort(out.begin(), out.end());
  return out;
}

// For one placement under a group of symmetries: whether it is the least of its class, and
// which symmetries (bit i for group[i]) leave it in place.
struct Orbit {
  bool first = true;
  std::uint32_t stabilizer = 0;
};

inline Orbit orbit(std::span<const Symmetry> group, const std::vector<int>& squares,
                   std::uint32_t within = ~std::uint32_t{0}) {
  Orbit out;
  for (std::size_t i = 0; i < group.size(); ++i) {
    if ((within >> i & 1) == 0) continue;
    const std::vector<int> moved = image(group[i], squares);
    if (moved < squares) out.first = false;
    if (moved == squares) out.stabilizer |= std::uint32_t{1} << i;
  }
  return out;
}

}  // namespace detail

// The exact-cover problem of tiling `board` with `pieces`, each once. Up to symmetry, throws
// SymmetryError when the symmetry cannot be broken exactly (count with up_to_symmetry off).
inline Tiling tiling(const Board& board, std::vector<Piece> pieces, const Options& options = {}) {
  Tiling out{board, std::move(pieces), {}, {}, 1, {}};
  const std::size_t count = out.pieces.size();
  std::vector<std::vector<Placement>> all(count);
  for (std::size_t p = 0; p < count; ++p) {
    all[p] = placements(board, out.pieces[p], static_cast<int>(p), options.moves);
  }

  // Each piece's placements: whether each is the first of its class, and its stabilizer.
  const std::vector<Symmetry> group = options.up_to_symmetry
                                          ? symmetries(board, out.pieces, options.moves)
                                          : std::vector<Symmetry>{};
  const std::uint32_t identity = 1;
  std::vector<std::vector<detail::Orbit>> orbits(count);
  std::vector<bool> free(count, true);  // no placement is left in place by a symmetry
  const bool breaking = group.size() > 1 && count > 0;
  for (std::size_t p = 0; p < count && breaking; ++p) {
    for (const Placement& placement : all[p]) {
      orbits[p].push_back(detail::orbit(group, placement.squares));
      free[p] = free[p] && orbits[p].back().stabilizer == identity;
    }
  }

  // A: the piece with the fewest placements kept, among those whose symmetry can be broken.
  std::size_t restricted = count, breaker = count;
  std::vector<std::uint32_t> stabilizers;  // the distinct stabilizers of A's kept placements
  if (breaking) {
    std::size_t best_kept = SIZE_MAX;
    for (std::size_t p = 0; p < count; ++p) {
      std::size_t kept = 0;
      std::vector<std::uint32_t> seen;
      for (const detail::Orbit& orbit : orbits[p]) {
        if (!orbit.first) continue;
        ++kept;
        if (orbit.stabilizer != identity &&
            std::find(seen.begin(), seen.end(), orbit.stabilizer) == seen.end()) {
          seen.push_back(orbit.stabilizer);
        }
      }
      std::size_t b = count;
      for (std::size_t q = 0; q < count && !seen.empty(); ++q) {
        if (q != p && free[q]) {
          b = q;
          break;
        }
      }
      if ((seen.empty() || b < count) && kept < best_kept) {
        best_kept = kept;
        restricted = p;
        breaker = seen.empty() ? count : b;
        stabilizers = seen;
      }
    }
    if (restricted == count) {
      throw SymmetryError(
          "cannot count up to symmetry: a symmetry of the board leaves some placement of every "
          "piece in place, and no piece can break it; count every tiling with --all");
    }
    out.symmetries = static_cast<int>(group.size());
    out.symmetry = cat(out.pieces[restricted].name, ": one placement in each class of ",
                       group.size(), " symmetric ones");
    if (breaker < count) {
      out.symmetry += cat("; where a symmetry leaves it in place, ", out.pieces[breaker].name,
                          ": one placement in each class of its images by that symmetry "
                          "(secondary items sym*)");
    }
  }

  // Items: pieces, cells, then one secondary item per stabilizer to break.
  dlx::Matrix& matrix = out.matrix;
  for (const Piece& piece : out.pieces) matrix.add_item(std::string(1, piece.name));
  std::vector<dlx::ItemId> item_of_square(board.inside.size(), -1);
  for (const Cell& cell : board.cells()) {
    item_of_square[static_cast<std::size_t>(cell.row * board.columns + cell.column)] =
        matrix.add_item(cell_name(board, cell));
  }
  std::vector<dlx::ItemId> sym_item;
  for (std::size_t k = 0; k < stabilizers.size(); ++k) {
    sym_item.push_back(matrix.add_item(cat("sym", k + 1), dlx::ItemKind::secondary));
  }

  std::vector<dlx::Entry> entries;
  for (std::size_t p = 0; p < count; ++p) {
    for (std::size_t i = 0; i < all[p].size(); ++i) {
      const Placement& placement = all[p][i];
      if (p == restricted && !orbits[p][i].first) continue;
      entries.assign(1, {static_cast<dlx::ItemId>(p)});
      for (int square : placement.squares) {
        entries.push_back({item_of_square[static_cast<std::size_t>(square)]});
      }
      for (std::size_t k = 0; k < stabilizers.size(); ++k) {
        const bool joins = p == restricted ? orbits[p][i].stabilizer == stabilizers[k]
                           : p == breaker
                               ? !detail::orbit(group, placement.squares, stabilizers[k]).first
                               : false;
        if (joins) entries.push_back({sym_item[k]});
      }
      matrix.add_option(entries);
      out.placements.push_back(placement);
    }
  }
  return out;
}

// The name of the piece covering each square of the board's box, for a solution of the tiling;
// ' ' outside the board.
inline std::vector<char> fill(const Tiling& tiling, std::span<const dlx::OptionId> solution) {
  std::vector<char> out(tiling.board.inside.size(), ' ');
  for (dlx::OptionId option : solution) {
    const Placement& placement = tiling.placements[static_cast<std::size_t>(option)];
    for (int square : placement.squares) {
      out[static_cast<std::size_t>(square)] =
          tiling.pieces[static_cast<std::size_t>(placement.piece)].name;
    }
  }
  return out;
}

// A filled board for people: a line per row, each cell the name of its piece; in colour (ANSI
// escapes), each piece on its own background, two characters wide so that cells look square.
inline std::string picture(const Tiling& tiling, const std::vector<char>& filled,
                           bool color = false) {
  // Backgrounds from the 256-colour palette, far apart for neighbouring pieces.
  static constexpr std::array<int, 12> palette = {196, 226, 33,  46,  201, 208,
                                                  51,  141, 118, 214, 250, 168};
  std::string out;
  const int columns = tiling.board.columns;
  for (int r = 0; r < tiling.board.rows; ++r) {
    std::string line;
    for (int c = 0; c < columns; ++c) {
      const char name = filled[static_cast<std::size_t>(r * columns + c)];
      if (!color) {
        line += name;
        continue;
      }
      std::size_t index = 0;
      while (index < tiling.pieces.size() && tiling.pieces[index].name != name) ++index;
      if (index == tiling.pieces.size()) {
        line += "  ";
      } else {
        line += cat("\x1b[30;48;5;", palette[index % palette.size()], 'm', name, " \x1b[0m");
      }
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace examples::polyomino
