// Anti-knight and anti-king sudoku: the chess peers, the names, the reader and writer, the
// search's counts and the generator's puzzles against a brute force written here, and the
// soundness of every technique of the ladder on chess shapes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/play/position.hpp"
#include "sudoku/search/cache.hpp"
#include "sudoku/search/solver.hpp"
#include "test_share.hpp"

namespace {

using sudoku::Chess;
using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Variant;

// An independent model of a shape: which cells may not share a digit, from coordinates alone.
struct Rules {
  int n = 9, box_rows = 3, box_cols = 3;
  bool hyper = false, x = false, knight = false, king = false;

  bool sees(int a, int b) const {
    if (a == b) return false;
    const int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    const int dr = std::abs(ra - rb), dc = std::abs(ca - cb);
    if (ra == rb || ca == cb) return true;
    if (ra / box_rows == rb / box_rows && ca / box_cols == cb / box_cols) return true;
    if (x && ((ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1))) return true;
    if (hyper) {
      // Windows at rows and columns 1..b, b+2..2b+1, ... (0-based), b the box side.
      const auto window = [&](int r, int c) {
        const int b = box_rows, i = (r - 1) / (b + 1), j = (c - 1) / (b + 1);
        const bool in = r >= 1 && c >= 1 && (r - 1) % (b + 1) < b && (c - 1) % (b + 1) < b &&
                        i < b - 1 && j < b - 1;
        return in ? i * (b - 1) + j : -1;
      };
      if (window(ra, ca) >= 0 && window(ra, ca) == window(rb, cb)) return true;
    }
    if (knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1))) return true;
    if (king && dr <= 1 && dc <= 1) return true;
    return false;
  }
};

// Counts the solutions of a grid up to `cap` by plain backtracking (the cell with the fewest
// digits first).
class BruteForce {
 public:
  explicit BruteForce(const Rules& rules) : rules_(rules) {
    const int cells = rules.n * rules.n;
    peers_.resize(static_cast<std::size_t>(cells));
    for (int a = 0; a < cells; ++a)
      for (int b = 0; b < cells; ++b)
        if (rules.sees(a, b)) peers_[static_cast<std::size_t>(a)].push_back(b);
  }
  std::uint64_t count(Grid grid, std::uint64_t cap) {
    count_ = 0;
    cap_ = cap;
    for (std::size_t a = 0; a < grid.size(); ++a)
      for (int b : peers_[a])
        if (grid[a] != 0 && grid[a] == grid[static_cast<std::size_t>(b)]) return 0;
    search(grid);
    return count_;
  }

 private:
  void search(Grid& grid) {
    int best = -1, fewest = rules_.n + 1;
    unsigned best_free = 0;
    for (std::size_t cell = 0; cell < grid.size(); ++cell) {
      if (grid[cell] != 0) continue;
      unsigned used = 0;
      for (int p : peers_[cell]) used |= 1u << grid[static_cast<std::size_t>(p)];
      const unsigned free = ~used & (((1u << rules_.n) - 1) << 1);
      const int k = __builtin_popcount(free);
      if (k < fewest) {
        fewest = k;
        best = static_cast<int>(cell);
        best_free = free;
      }
      if (k == 0) return;
    }
    if (best < 0) {
      ++count_;
      return;
    }
    for (int d = 1; d <= rules_.n && count_ < cap_; ++d)
      if (best_free >> d & 1) {
        grid[static_cast<std::size_t>(best)] = static_cast<std::uint8_t>(d);
        search(grid);
        grid[static_cast<std::size_t>(best)] = 0;
      }
  }

  Rules rules_;
  std::vector<std::vector<int>> peers_;
  std::uint64_t count_ = 0, cap_ = 0;
};

struct Shape {
  Geometry geometry;
  Rules rules;
};

// Under the sanitizers (test_share.hpp) the slow sweeps take fewer shapes: every test_share-th,
// the first (anti-knight) always.
bool swept(std::size_t shape) {
  return shape % static_cast<std::size_t>(test_share) == 0;
}

std::vector<Shape> chess_shapes() {
  return {
      {Geometry(9, Variant::regular, Chess::anti_knight), {9, 3, 3, false, false, true, false}},
      {Geometry(9, Variant::regular, Chess::anti_king), {9, 3, 3, false, false, false, true}},
      {Geometry(9, Variant::x, Chess::anti_king), {9, 3, 3, false, true, false, true}},
      {Geometry(9, Variant::hyper, Chess::anti_knight), {9, 3, 3, true, false, true, false}},
      {Geometry(9, Variant::regular, Chess::anti_knight | Chess::anti_king),
       {9, 3, 3, false, false, true, true}},
      {Geometry(6, Variant::regular, Chess::anti_knight), {6, 2, 3, false, false, true, false}},
  };
}

TEST(ChessGeometry, PeersAddTheChessMovesOutsideTheHouses) {
  const Geometry knight(9, Variant::regular, Chess::anti_knight);
  // r5c5: its 8 knight's moves all leave its box.
  EXPECT_EQ(knight.chess_peers(40).size(), 8u);
  EXPECT_EQ(knight.peers(40).size(), 28u);
  EXPECT_EQ(knight.houses().size(), Geometry(9).houses().size());
  const Geometry king(9, Variant::regular, Chess::anti_king);
  EXPECT_TRUE(king.chess_peers(40).empty());  // its 8 neighbours are in its box
  // r3c3: r2c4, r4c2 and r4c4 are diagonal neighbours in other boxes.
  EXPECT_EQ(std::vector<int>(king.chess_peers(20).begin(), king.chess_peers(20).end()),
            (std::vector<int>{12, 28, 30}));
  for (const Shape& s : chess_shapes())
    for (int a = 0; a < s.geometry.cell_count(); ++a) {
      std::vector<int> want;
      for (int b = 0; b < s.geometry.cell_count(); ++b)
        if (s.rules.sees(a, b)) want.push_back(b);
      EXPECT_EQ(std::vector<int>(s.geometry.peers(a).begin(), s.geometry.peers(a).end()), want)
          << sudoku::shape_name(s.geometry) << " cell " << a;
    }
}

TEST(ChessGeometry, NamesAndParsing) {
  EXPECT_EQ(sudoku::shape_name(Variant::regular, Chess::none), "regular");
  EXPECT_EQ(sudoku::shape_name(Variant::regular, Chess::anti_knight), "anti-knight");
  EXPECT_EQ(sudoku::shape_name(Variant::x, Chess::anti_king), "x anti-king");
  EXPECT_EQ(sudoku::shape_name(Variant::hyper, Chess::anti_knight | Chess::anti_king),
            "hyper anti-knight anti-king");
  using P = std::pair<Variant, Chess>;
  EXPECT_EQ(sudoku::parse_shape("hyper,anti-knight"), P(Variant::hyper, Chess::anti_knight));
  EXPECT_EQ(sudoku::parse_shape("x anti-king"), P(Variant::x, Chess::anti_king));
  EXPECT_EQ(sudoku::parse_shape("anti-knight"), P(Variant::regular, Chess::anti_knight));
  EXPECT_EQ(sudoku::parse_shape("Hyper X, Anti-King"), P(Variant::hyper_x, Chess::anti_king));
  EXPECT_EQ(sudoku::parse_shape("jigsaw"), P(Variant::jigsaw, Chess::none));
  for (Variant v : {Variant::regular, Variant::hyper, Variant::x, Variant::hyper_x})
    for (Chess c :
         {Chess::none, Chess::anti_knight, Chess::anti_king, Chess::anti_knight | Chess::anti_king})
      EXPECT_EQ(sudoku::parse_shape(sudoku::shape_name(v, c)), P(v, c));
  std::size_t at = 99;
  EXPECT_THROW(sudoku::parse_shape("hyper anti-queen", &at), sudoku::GeometryError);
  EXPECT_EQ(at, 6u);
  EXPECT_THROW(sudoku::parse_shape("hyper jigsaw"), sudoku::GeometryError);
  EXPECT_THROW(sudoku::parse_shape(" , "), sudoku::GeometryError);
}

TEST(ChessGeometry, ClashesAKnightsMoveApart) {
  const Geometry g(9, Variant::regular, Chess::anti_knight);
  Grid grid(81, 0);
  grid[0] = 5;   // r1c1
  grid[11] = 5;  // r2c3: a knight's move, but in the same box
  auto clash = sudoku::find_clash(g, grid);
  ASSERT_TRUE(clash);
  EXPECT_EQ(clash->house, 2 * 9);  // box 1
  grid[0] = 0;
  grid[11] = 0;
  grid[2] = 7;   // r1c3
  grid[13] = 7;  // r2c5: a knight's move, in another box
  clash = sudoku::find_clash(g, grid);
  ASSERT_TRUE(clash);
  EXPECT_EQ(clash->house, sudoku::chess_clash);
  EXPECT_EQ(sudoku::describe(g, *clash), "r1c3 and r2c5 both hold 7 a knight's move apart");
  EXPECT_FALSE(sudoku::find_clash(Geometry(9), grid));
  sudoku::Solver solver(g);
  EXPECT_THROW(solver.solve(grid), sudoku::ClashError);
  sudoku::Candidates c(g);
  EXPECT_FALSE(c.reset(grid));
  const Geometry king(9, Variant::regular, Chess::anti_king);
  Grid k(81, 0);
  k[20] = 3;  // r3c3
  k[30] = 3;  // r4c4
  clash = sudoku::find_clash(king, k);
  ASSERT_TRUE(clash);
  EXPECT_EQ(sudoku::describe(king, *clash), "r3c3 and r4c4 both hold 3 a king's move apart");
  // A given takes its digit from its chess peers.
  k[30] = 0;
  sudoku::Candidates kc(king);
  ASSERT_TRUE(kc.reset(k));
  EXPECT_EQ(kc.mask(30) & sudoku::digit_bit(3), 0u);
  EXPECT_NE(kc.mask(31) & sudoku::digit_bit(3), 0u);
}

TEST(ChessReader, VariantHeaderAndRoundTrip) {
  const std::string puzzle(81, '.');
  const auto records =
      sudoku::read_all("#variant x anti-king\n" + puzzle + "\n#variant hyper,anti-knight\n" +
                       puzzle + "\n#variant anti-knight anti-king\n" + puzzle + "\n");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].geometry->variant(), Variant::x);
  EXPECT_EQ(records[0].geometry->chess(), Chess::anti_king);
  EXPECT_EQ(records[1].geometry->variant(), Variant::hyper);
  EXPECT_EQ(records[1].geometry->chess(), Chess::anti_knight);
  EXPECT_EQ(records[2].geometry->variant(), Variant::regular);
  EXPECT_EQ(records[2].geometry->chess(), Chess::anti_knight | Chess::anti_king);
  const auto bad = sudoku::read_all("#variant hyper anti-queen\n" + puzzle + "\n");
  ASSERT_EQ(bad.size(), 2u);
  ASSERT_TRUE(bad[0].error);
  EXPECT_EQ(bad[0].error->line(), 1u);
  EXPECT_EQ(bad[0].error->column(), 16u);
  EXPECT_NE(std::string(bad[0].error->what()).find("anti-queen"), std::string::npos);
  // The writer says the shape again, so that the text reads back the same.
  for (const Shape& s : chess_shapes()) {
    sudoku::Position p = sudoku::blank_position(sudoku::shared_geometry(s.geometry));
    const std::string text = sudoku::write_position(p);
    const auto back = sudoku::read_position(text);
    ASSERT_TRUE(back) << text;
    EXPECT_EQ(back->geometry->variant(), s.geometry.variant()) << text;
    EXPECT_EQ(back->geometry->chess(), s.geometry.chess()) << text;
    EXPECT_EQ(back->geometry->size(), s.geometry.size()) << text;
  }
  // A jigsaw keeps its chess constraints through the #variant line before its #regions.
  std::vector<int> regions(81);
  for (int cell = 0; cell < 81; ++cell) regions[static_cast<std::size_t>(cell)] = cell / 9;
  sudoku::Position p = sudoku::blank_position(sudoku::shared_jigsaw(9, regions, Chess::anti_king));
  const auto back = sudoku::read_position(sudoku::write_position(p));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->geometry->variant(), Variant::jigsaw);
  EXPECT_EQ(back->geometry->chess(), Chess::anti_king);
}

// A solved grid with only `kept` of its cells (the same for the same seed): one solution or
// many, for the counts.
Grid thinned(const Grid& solution, int kept, std::uint64_t seed) {
  Grid g(solution.size(), 0);
  std::uint64_t state = seed * 0x9E3779B97F4A7C15u + 1;
  for (int k = 0; k < kept; ++k) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    const std::size_t cell = (state >> 33) % solution.size();
    g[cell] = solution[cell];
  }
  return g;
}

TEST(ChessSearch, CountsAgreeWithBruteForce) {
  int several = 0;  // counts compared of grids with more than one solution
  const std::vector<Shape> shapes = chess_shapes();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (!swept(i)) continue;
    const Shape& s = shapes[i];
    BruteForce brute(s.rules);
    sudoku::Generator generator(s.geometry);
    sudoku::Solver solver(s.geometry);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Grid solution = generator.random_solution(seed);
      const int cells = s.geometry.cell_count();
      for (int kept : {cells / 2, cells / 3, cells / 4}) {
        const Grid givens = thinned(solution, kept, seed);
        const std::uint64_t want = brute.count(givens, 3000);
        if (want >= 3000) continue;
        for (sudoku::Logic logic : {sudoku::Logic::none, sudoku::Logic::singles,
                                    sudoku::Logic::fast, sudoku::Logic::all}) {
          solver.set_logic(logic);
          for (sudoku::SearchLoop loop :
               {sudoku::SearchLoop::plain, sudoku::SearchLoop::propagating}) {
            solver.set_search_loop(loop);
            solver.set_search_locked(true);
            const sudoku::SolveResult r = solver.solve(givens, 0);
            EXPECT_EQ(r.solutions, want)
                << sudoku::shape_name(s.geometry) << " seed " << seed << " kept " << kept;
            several += want > 1;
          }
        }
        solver.set_search_loop(sudoku::SearchLoop::automatic);
      }
    }
  }
  EXPECT_GT(several, 20 / test_share);
}

TEST(ChessSearch, SecondaryItemsPerPairAndDigit) {
  // 224 knight's pairs on a 9x9 board, 8 inside each box: 152 that no house already covers.
  const dlx::Matrix m =
      sudoku::exact_cover_matrix(Geometry(9, Variant::regular, Chess::anti_knight));
  EXPECT_EQ(m.primary_count(), 81u + 27u * 9u);
  EXPECT_EQ(m.item_count() - m.primary_count(), 152u * 9u);
  // 128 diagonal king's pairs, 8 inside each box: 56 left.
  const dlx::Matrix k = sudoku::exact_cover_matrix(Geometry(9, Variant::regular, Chess::anti_king));
  EXPECT_EQ(k.item_count() - k.primary_count(), 56u * 9u);
  EXPECT_EQ(sudoku::exact_cover_matrix(Geometry(9)).item_count(), 81u + 27u * 9u);
}

TEST(ChessSearch, SmallBlankGridsCountedInFull) {
  // Every 4x4 and 6x6 anti-king grid, and every 4x4 anti-knight one.
  const std::vector<Shape> small = {
      {Geometry(4, Variant::regular, Chess::anti_king), {4, 2, 2, false, false, false, true}},
      {Geometry(4, Variant::regular, Chess::anti_knight), {4, 2, 2, false, false, true, false}},
      {Geometry(6, Variant::regular, Chess::anti_king), {6, 2, 3, false, false, false, true}},
  };
  for (const Shape& s : small) {
    BruteForce brute(s.rules);
    const Grid blank(static_cast<std::size_t>(s.geometry.cell_count()), 0);
    const std::uint64_t want = brute.count(blank, 1u << 30);
    sudoku::Solver solver(s.geometry);
    EXPECT_EQ(solver.solve(blank, 0).solutions, want) << sudoku::shape_name(s.geometry);
  }
}

TEST(ChessGenerator, UniqueMinimalReproducible) {
  const std::vector<Shape> shapes = chess_shapes();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (!swept(i)) continue;
    const Shape& s = shapes[i];
    BruteForce brute(s.rules);
    sudoku::Generator generator(s.geometry);
    sudoku::Solver solver(s.geometry);
    for (std::uint64_t seed = 11; seed <= (test_share > 1 ? 11u : 12u); ++seed) {
      const sudoku::Puzzle puzzle = generator.generate(seed);
      EXPECT_EQ(brute.count(puzzle.givens, 2), 1u) << sudoku::shape_name(s.geometry);
      EXPECT_EQ(brute.count(puzzle.solution, 2), 1u);
      EXPECT_TRUE(sudoku::is_solution(s.geometry, puzzle.givens, puzzle.solution));
      // Minimal: without any one given, two solutions (the search, checked above against the
      // brute force, is fast enough for every given).
      if (puzzle.undecided == 0)
        for (std::size_t i = 0; i < puzzle.givens.size(); ++i)
          if (puzzle.givens[i] != 0) {
            Grid less = puzzle.givens;
            less[i] = 0;
            EXPECT_EQ(solver.count(less, 2).solutions, 2u) << "a given not needed";
          }
      EXPECT_EQ(generator.generate(seed).givens, puzzle.givens);
    }
  }
}

// Every rung of the ladder, tried at every position of a walk to the end, removes no candidate
// of the solution and places only its digits; the uniqueness rungs find nothing at all.
TEST(ChessLogic, EveryTechniqueIsSound) {
  const std::vector<Shape> shapes = chess_shapes();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const Shape& s = shapes[i];
    if (s.geometry.size() != 9 || !swept(i)) continue;
    sudoku::Generator generator(s.geometry);
    const auto tables = sudoku::shared_tables(s.geometry);
    for (std::uint64_t seed = 21; seed <= (test_share > 1 ? 21u : 22u); ++seed) {
      const sudoku::Puzzle puzzle = generator.generate(seed);
      sudoku::Candidates c(s.geometry);
      ASSERT_TRUE(c.reset(puzzle.givens));
      for (int round = 0; round < 400 && !c.solved(); ++round) {
        bool advanced = false;
        for (const sudoku::Rung& rung : sudoku::full_ladder()) {
          // The nested forcing chains run a search inside every branch: on these early positions
          // each takes up to its whole bound of work (sudoku_logic_nested_test tests them).
          if (rung.technique >= sudoku::Technique::nested_forcing_chain) continue;
          sudoku::Candidates copy = c;
          std::vector<sudoku::Step> steps;
          const sudoku::Found found = rung.apply(copy, *tables, &steps, 0);
          if (rung.assumes_unique) {
            EXPECT_EQ(found.steps, 0) << sudoku::technique_name(rung.technique);
          }
          for (const sudoku::Step& step : steps) {
            for (const sudoku::Candidate& r : step.removed)
              EXPECT_NE(puzzle.solution[static_cast<std::size_t>(r.cell)], r.digit)
                  << sudoku::shape_name(s.geometry) << ": " << sudoku::describe(s.geometry, step);
            for (const sudoku::Candidate& p : step.placed)
              EXPECT_EQ(puzzle.solution[static_cast<std::size_t>(p.cell)], p.digit)
                  << sudoku::shape_name(s.geometry) << ": " << sudoku::describe(s.geometry, step);
          }
          for (int cell = 0; cell < s.geometry.cell_count(); ++cell)
            EXPECT_NE(copy.mask(cell) &
                          sudoku::digit_bit(puzzle.solution[static_cast<std::size_t>(cell)]),
                      0u)
                << sudoku::shape_name(s.geometry) << " after "
                << sudoku::technique_name(rung.technique);
          if (!advanced && found.steps > 0) {
            c = copy;
            advanced = true;
          }
        }
        if (!advanced) break;
      }
    }
  }
}

}  // namespace
