// The polyomino example: pictures, orientations, the general symmetry breaking, Scott's boards
// read from the shipped files, and the polyomino command.
//
// The counts of Scott's problems: 8x8 without its centre, 65 up to symmetry (Dana Scott,
// "Programming a combinatorial puzzle", Princeton University, 1958); 6x10, 5x12, 4x15, 3x20: 2339,
// 1010, 368, 2 (C. B. and Jenifer Haselgrove, Eureka 23, 1960); Knuth, TAOCP Volume 4B, 7.2.2.1.
#include <gtest/gtest.h>

#include <algorithm>
#include <dlx/reader.hpp>
#include <sstream>

#include "common/cli.hpp"
#include "examples_run.hpp"
#include "pentominoes/pentominoes.hpp"
#include "polyomino/polyomino.hpp"

namespace {

using examples_test::count;
using examples_test::run;
namespace polyomino = examples::polyomino;

std::string shipped(const std::string& name) {
  return examples_test::slurp(EXAMPLES_DIR "/polyomino/" + name);
}

std::uint64_t count_tilings(const std::string& board, const std::string& pieces,
                            const polyomino::Options& options = {}) {
  return count(
      polyomino::tiling(polyomino::read_board(board), polyomino::read_pieces(pieces), options)
          .matrix);
}

TEST(Polyomino, PicturesMakePiecesAndBoards) {
  const std::vector<polyomino::Piece> pieces =
      polyomino::read_pieces("| two pieces\n  AAA  B\r\n  A    BB\n");
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0].name, 'A');
  EXPECT_EQ(pieces[0].shape, (polyomino::Shape{{0, 0}, {0, 1}, {0, 2}, {1, 0}}));
  EXPECT_EQ(pieces[1].shape, (polyomino::Shape{{0, 0}, {1, 0}, {1, 1}}));

  const polyomino::Board board = polyomino::read_board("\n ##.#\n ####\n");
  EXPECT_EQ(board.rows, 2);
  EXPECT_EQ(board.columns, 4);
  EXPECT_EQ(board.area(), 7);
  EXPECT_FALSE(board.contains({0, 2}));
}

TEST(Polyomino, BadPicturesSayWhere) {
  try {
    polyomino::read_pieces("AA\nA\tB\n");
    FAIL() << "no error";
  } catch (const polyomino::PictureError& error) {
    EXPECT_EQ(error.line(), 2u);
    EXPECT_EQ(error.column(), 2u);
  }
  EXPECT_THROW(polyomino::read_pieces("A.A\n"), polyomino::PictureError);  // not joined
  EXPECT_THROW(polyomino::read_pieces("A:\n"), polyomino::PictureError);
  EXPECT_THROW(polyomino::read_board("| nothing\n...\n"), polyomino::PictureError);
}

TEST(Polyomino, OrientationsFollowTheMoves) {
  const polyomino::Shape l = polyomino::read_pieces("L\nL\nLL\n")[0].shape;
  EXPECT_EQ(polyomino::orientations(l, {}).size(), 8u);
  EXPECT_EQ(polyomino::orientations(l, {.rotations = true, .reflections = false}).size(), 4u);
  EXPECT_EQ(polyomino::orientations(l, {.rotations = false, .reflections = true}).size(), 2u);
  EXPECT_EQ(polyomino::orientations(l, {.rotations = false, .reflections = false}).size(), 1u);
}

TEST(Polyomino, ShippedFilesAreScottsProblem) {
  const std::vector<polyomino::Piece> pieces = polyomino::read_pieces(shipped("pentominoes.txt"));
  const std::vector<polyomino::Piece> builtin = examples::pentominoes::pieces();
  ASSERT_EQ(pieces.size(), builtin.size());
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    EXPECT_EQ(pieces[i].name, builtin[i].name);
    EXPECT_EQ(pieces[i].shape, builtin[i].shape);
  }
  for (const std::string name : {"6x10", "5x12", "4x15", "3x20", "8x8"}) {
    const polyomino::Board board = polyomino::read_board(shipped(name + ".txt"));
    const polyomino::Board builtin_board = examples::pentominoes::board(name);
    EXPECT_EQ(board.rows, builtin_board.rows) << name;
    EXPECT_EQ(board.columns, builtin_board.columns) << name;
    EXPECT_EQ(board.inside, builtin_board.inside) << name;
  }
}

TEST(Polyomino, EveryTilingIsTheSameProblemAsThePentominoesExample) {
  for (const std::string name : {"6x10", "8x8"}) {
    std::ostringstream general, knuth;
    examples::write_dlx(general,
                        polyomino::tiling(polyomino::read_board(shipped(name + ".txt")),
                                          polyomino::read_pieces(shipped("pentominoes.txt")),
                                          {.up_to_symmetry = false})
                            .matrix,
                        "");
    examples::write_dlx(
        knuth, examples::pentominoes::tiling(examples::pentominoes::board(name), false).matrix, "");
    EXPECT_EQ(general.str(), knuth.str()) << name;
  }
}

TEST(Polyomino, ScottsBoardsComeOutTheSame) {
  const std::string pieces = shipped("pentominoes.txt");
  EXPECT_EQ(count_tilings(shipped("3x20.txt"), pieces), 2u);
  EXPECT_EQ(count_tilings(shipped("8x8.txt"), pieces), 65u);
  EXPECT_EQ(count_tilings(shipped("3x20.txt"), pieces, {.up_to_symmetry = false}), 4u * 2u);
}

// Counting up to symmetry and dividing the count of every tiling agree, whatever the
// stabilizers: 5x5 puts X in the centre, where all 8 symmetries leave it in place.
TEST(Polyomino, UpToSymmetryTimesTheSymmetriesIsEveryTiling) {
  struct Case {
    std::string board, pieces;
    polyomino::Moves moves;
    int symmetries;
  };
  const std::vector<Case> cases = {
      {"#####\n#####\n#####\n#####\n#####\n",
       ".X...FF.L..PP.U.U\nXXX.FF..L..PP.UUU\n.X...F..L..P\n........LL\n",
       {},
       8},
      {"#####\n#####\n#####\n#####\n",
       ".FF.L..U.U..Y\nFF..L..UUU.YY\n.F..L.......Y\n....LL......Y\n",
       {},
       4},
      {"#####\n#####\n#####\n#####\n",
       ".FF.L..U.U..Y\nFF..L..UUU.YY\n.F..L.......Y\n....LL......Y\n",
       {.rotations = true, .reflections = false},
       2},
      // Two straight trominoes and four L trominoes: A, straight, lies on the middle row, where
      // the top-bottom mirror leaves it in place, and B breaks the tie.
      {"######\n######\n######\n", "AAA.BB.CC.D..EE.GGG\n....B...C.DD.E\n", {}, 4},
  };
  for (const Case& c : cases) {
    const polyomino::Board board = polyomino::read_board(c.board);
    const std::vector<polyomino::Piece> pieces = polyomino::read_pieces(c.pieces);
    const polyomino::Tiling up_to = polyomino::tiling(board, pieces, {.moves = c.moves});
    const std::uint64_t every =
        count(polyomino::tiling(board, pieces, {.moves = c.moves, .up_to_symmetry = false}).matrix);
    EXPECT_EQ(up_to.symmetries, c.symmetries) << c.board;
    EXPECT_GT(every, 0u) << c.board;
    EXPECT_EQ(count(up_to.matrix) * static_cast<std::uint64_t>(c.symmetries), every) << c.board;
  }
  const polyomino::Tiling trominoes = polyomino::tiling(polyomino::read_board(cases[3].board),
                                                        polyomino::read_pieces(cases[3].pieces));
  EXPECT_EQ(trominoes.matrix.item_kind(trominoes.matrix.find_item("sym1")),
            dlx::ItemKind::secondary);
}

TEST(Polyomino, SymmetryThatCannotBeBrokenIsAnError) {
  // Two dominoes on a 2x2 square: every placement is its own mirror image, and no piece can
  // tell a tiling from its mirror image.
  const polyomino::Board board = polyomino::read_board("##\n##\n");
  const std::vector<polyomino::Piece> pieces = polyomino::read_pieces("AB\nAB\n");
  EXPECT_THROW(polyomino::tiling(board, pieces), polyomino::SymmetryError);
  EXPECT_EQ(count(polyomino::tiling(board, pieces, {.up_to_symmetry = false}).matrix), 4u);
}

TEST(Polyomino, TetrominoesTileNoRectangle) {
  // The chessboard colouring argument of tetrominoes.txt.
  EXPECT_EQ(
      count_tilings(shipped("4x5.txt"), shipped("tetrominoes.txt"), {.up_to_symmetry = false}), 0u);
}

TEST(PolyominoCommand, CountsDrawsAndWrites) {
  const std::string dir = EXAMPLES_DIR "/polyomino";
  EXPECT_EQ(run(POLYOMINO_BINARY, "8x8.txt pentominoes.txt", "", dir).out, "65\n");
  EXPECT_EQ(run(POLYOMINO_BINARY, "--all 3x20.txt pentominoes.txt", "", dir).out, "8\n");
  const auto small = run(POLYOMINO_BINARY, "-p - tetrominoes.txt", "####\n####\n", dir);
  EXPECT_EQ(small.status, 1);
  EXPECT_EQ(small.out, "0\n");
  EXPECT_NE(small.err.find("the pieces have 20 squares and the board 8 cells"), std::string::npos);
  const auto written = run(POLYOMINO_BINARY, "--dlx 3x20.txt pentominoes.txt", "", dir);
  EXPECT_EQ(written.status, 0);
  EXPECT_EQ(count(dlx::read_problem(written.out).matrix), 2u);
}

TEST(PolyominoCommand, DrawsEachTiling) {
  const std::string dir = EXAMPLES_DIR "/polyomino";
  const auto drawn = run(POLYOMINO_BINARY, "-p 3x20.txt pentominoes.txt", "", dir);
  EXPECT_EQ(drawn.status, 0);
  EXPECT_EQ(drawn.out.size(), 2 * (3 * 21 + 1) + 2);  // two pictures of 3 rows, and "2\n"
  for (char name : std::string("FILNPTUVWXYZ")) {
    EXPECT_EQ(std::count(drawn.out.begin(), drawn.out.end(), name), 10) << name;
  }
}

TEST(PolyominoCommand, BadPicturesAreFileLineColumn) {
  const std::string dir = EXAMPLES_DIR "/polyomino";
  const auto bad = run(POLYOMINO_BINARY, "6x10.txt -", "AA\nA\tB\n", dir);
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err.substr(0, 16), "polyomino: -:2:2");
  EXPECT_EQ(run(POLYOMINO_BINARY, "6x10.txt", "", dir).status, 2);
  EXPECT_EQ(run(POLYOMINO_BINARY, "- -", "", dir).status, 2);
  EXPECT_EQ(run(POLYOMINO_BINARY, "nofile.txt pentominoes.txt", "", dir).status, 2);
}

}  // namespace
