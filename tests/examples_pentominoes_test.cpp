// The pentominoes example: Knuth's encoding of Scott's problems against their known counts, and
// the pentominoes command.
//
// The counts: the 8x8 board without its centre has 65 tilings up to symmetry (Dana Scott,
// "Programming a combinatorial puzzle", Princeton University, 1958); the 6x10, 5x12, 4x15 and 3x20
// rectangles have 2339, 1010, 368 and 2 (C. B. and Jenifer Haselgrove, "A computer program for
// pentominoes", Eureka 23, 1960); all in Knuth, TAOCP Volume 4B, section 7.2.2.1. 5x12 takes
// seconds, so it is left to `pentominoes 5x12`.
#include <gtest/gtest.h>

#include <dlx/reader.hpp>
#include <map>
#include <sstream>

#include "common/cli.hpp"
#include "examples_run.hpp"
#include "pentominoes/pentominoes.hpp"

namespace {

using examples_test::count;
using examples_test::run;
namespace pentominoes = examples::pentominoes;
namespace polyomino = examples::polyomino;

std::uint64_t count_tilings(const std::string& board, bool up_to_symmetry = true) {
  return count(pentominoes::tiling(pentominoes::board(board), up_to_symmetry).matrix);
}

TEST(Pentominoes, TwelvePiecesOfFiveCellsWithTheirOrientations) {
  const std::vector<polyomino::Piece> pieces = pentominoes::pieces();
  ASSERT_EQ(pieces.size(), 12u);
  std::string names;
  std::size_t orientations = 0;
  for (const polyomino::Piece& piece : pieces) {
    names += piece.name;
    EXPECT_EQ(piece.shape.size(), 5u) << piece.name;
    orientations += polyomino::orientations(piece.shape, {}).size();
  }
  EXPECT_EQ(names, "FILNPTUVWXYZ");
  // 63 fixed pentominoes (OEIS A001168): every orientation of every piece.
  EXPECT_EQ(orientations, 63u);
}

TEST(Pentominoes, ScottsBoardsUpToSymmetry) {
  EXPECT_EQ(count_tilings("3x20"), 2u);  // X on the middle row: P breaks the tie
  EXPECT_EQ(count_tilings("8x8"), 65u);  // X on the diagonal too
}

// About a second each in Release; skipped in unoptimized builds (the sanitizer run), where 6x10
// alone takes most of a minute.
TEST(Pentominoes, LargerBoardsUpToSymmetry) {
#ifndef NDEBUG
  GTEST_SKIP() << "slow without optimization";
#endif
  EXPECT_EQ(count_tilings("6x10"), 2339u);
  EXPECT_EQ(count_tilings("4x15"), 368u);  // X on the middle column: P breaks the tie
}

TEST(Pentominoes, EveryTilingCountsFourTimesOnARectangle) {
  EXPECT_EQ(count_tilings("3x20", false), 4u * 2u);
  EXPECT_EQ(count_tilings("20x3", false), 4u * 2u);
}

TEST(Pentominoes, TheMirrorItemIsUsedOnlyWhereXCanLieOnAMirrorLine) {
  // 6x10: X's centre is never on a mirror line (both sides are even).
  const polyomino::Tiling wide = pentominoes::tiling(pentominoes::board("6x10"));
  EXPECT_EQ(wide.matrix.find_item("mirror"), -1);
  // 3x20: always on the middle row; 8x8: on the diagonal.
  EXPECT_NE(pentominoes::tiling(pentominoes::board("3x20")).matrix.find_item("mirror"), -1);
  EXPECT_NE(pentominoes::tiling(pentominoes::board("8x8")).matrix.find_item("mirror"), -1);
  EXPECT_EQ(pentominoes::tiling(pentominoes::board("8x8"), false).matrix.find_item("mirror"), -1);
}

TEST(Pentominoes, SolutionsAreTilings) {
  const polyomino::Tiling tiling = pentominoes::tiling(pentominoes::board("8x8"));
  dlx::Solver solver(tiling.matrix);
  solver.set_limits({.solutions = 5});
  solver.search([&](std::span<const dlx::OptionId> solution) {
    const std::vector<char> filled = polyomino::fill(tiling, solution);
    std::map<char, int> cells;
    for (char name : filled) ++cells[name];
    EXPECT_EQ(cells[' '], 4);  // the centre
    for (char name : std::string("FILNPTUVWXYZ")) EXPECT_EQ(cells[name], 5) << name;
    return true;
  });
}

TEST(Pentominoes, BoardsByName) {
  EXPECT_EQ(pentominoes::board("8x8").area(), 60);
  EXPECT_EQ(pentominoes::board("2x30").area(), 60);
  EXPECT_THROW(pentominoes::board("6x11"), std::invalid_argument);
  EXPECT_THROW(pentominoes::board("6x"), std::invalid_argument);
  EXPECT_THROW(pentominoes::board("square"), std::invalid_argument);
}

TEST(Pentominoes, ShippedDlxFilesAreWhatTheCommandWrites) {
  for (const std::string board : {"6x10", "3x20"}) {
    std::ostringstream text;
    examples::write_dlx(text, pentominoes::tiling(pentominoes::board(board)).matrix, "");
    const std::string shipped =
        examples_test::slurp(EXAMPLES_DIR "/pentominoes/pentomino-" + board + ".dlx");
    EXPECT_EQ(examples_test::without_comments(shipped), text.str()) << board;
  }
  const std::string small = examples_test::slurp(EXAMPLES_DIR "/pentominoes/pentomino-3x20.dlx");
  EXPECT_EQ(count(dlx::read_problem(small).matrix), 2u);
}

TEST(PentominoesCommand, CountsDrawsAndWrites) {
  EXPECT_EQ(run(PENTOMINOES_BINARY, "3x20 8x8").out, "3x20: 2\n8x8: 65\n");
  EXPECT_EQ(run(PENTOMINOES_BINARY, "--all 3x20").out, "8\n");
  const auto drawn = run(PENTOMINOES_BINARY, "-p 3x20");
  EXPECT_EQ(drawn.status, 0);
  EXPECT_EQ(drawn.out.size(), 2 * (3 * 21 + 1) + 2);     // two pictures and "2\n"
  EXPECT_EQ(drawn.out.find('\x1b'), std::string::npos);  // no colour off a terminal
  EXPECT_NE(run(PENTOMINOES_BINARY, "--color always -p --limit 1 3x20").out.find("\x1b["),
            std::string::npos);
  EXPECT_EQ(run(PENTOMINOES_BINARY, "--dlx 3x20").out,
            examples_test::slurp(EXAMPLES_DIR "/pentominoes/pentomino-3x20.dlx"));
}

TEST(PentominoesCommand, ExitStatus) {
  EXPECT_EQ(run(PENTOMINOES_BINARY, "2x30").status, 1);
  const auto bad = run(PENTOMINOES_BINARY, "7x9");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("pentominoes: no board '7x9'"), std::string::npos);
  EXPECT_EQ(run(PENTOMINOES_BINARY, "--dlx 3x20 8x8").status, 2);
}

}  // namespace
