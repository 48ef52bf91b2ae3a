// Samurai sudoku: the five grids' picture and houses, the reader and the writers, the search's
// counts and the generator's puzzles against a brute force written here from coordinates alone,
// the logic, and a session on the picture's cell names.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/play/session.hpp"
#include "sudoku/search/cache.hpp"
#include "sudoku/search/solver.hpp"
#include "test_share.hpp"

namespace {

using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Variant;

// The grids' top-left places in the 21x21 picture, as samurai puzzles are drawn.
constexpr int corners[5][2] = {{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}};

// An independent model of the 9x9 samurai: the picture's places that hold cells, each grid's
// rows, columns and boxes, and for each cell the cells it may not share a digit with, from
// coordinates alone.
struct Picture {
  std::vector<int> place;  // per cell, row * 21 + column, in reading order
  std::vector<std::vector<int>> houses, peers;

  Picture() {
    std::vector<int> cell_of(21 * 21, -1);
    for (const auto& [top, left] : corners)
      for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c)
          cell_of[static_cast<std::size_t>((top + r) * 21 + left + c)] = 0;
    for (int p = 0; p < 21 * 21; ++p)
      if (cell_of[static_cast<std::size_t>(p)] == 0) {
        cell_of[static_cast<std::size_t>(p)] = static_cast<int>(place.size());
        place.push_back(p);
      }
    const auto at = [&](int r, int c) { return cell_of[static_cast<std::size_t>(r * 21 + c)]; };
    for (const auto& [top, left] : corners)
      for (int i = 0; i < 9; ++i) {
        std::vector<int> row, column, box;
        for (int j = 0; j < 9; ++j) {
          row.push_back(at(top + i, left + j));
          column.push_back(at(top + j, left + i));
          box.push_back(at(top + i / 3 * 3 + j / 3, left + i % 3 * 3 + j % 3));
        }
        houses.insert(houses.end(), {row, column, box});
      }
    peers.resize(place.size());
    for (const auto& h : houses)
      for (int a : h)
        for (int b : h)
          if (a != b) peers[static_cast<std::size_t>(a)].push_back(b);
    for (auto& list : peers) {
      std::sort(list.begin(), list.end());
      list.erase(std::unique(list.begin(), list.end()), list.end());
    }
  }
  // Two places of one grid, in a row, a column or a box of it.
  static bool sees(int p, int q) {
    const int rp = p / 21, cp = p % 21, rq = q / 21, cq = q % 21;
    for (const auto& corner : corners) {
      const int top = corner[0], left = corner[1];
      const auto inside = [&](int r, int c) {
        return r >= top && r < top + 9 && c >= left && c < left + 9;
      };
      if (!inside(rp, cp) || !inside(rq, cq)) continue;
      if (rp == rq || cp == cq) return true;
      if ((rp - top) / 3 == (rq - top) / 3 && (cp - left) / 3 == (cq - left) / 3) return true;
    }
    return false;
  }
  // Every grid holds 1-9 once in each row, column and box, and the givens are kept.
  bool solves(const Grid& givens, const Grid& grid) const {
    for (std::size_t a = 0; a < place.size(); ++a) {
      if (grid[a] < 1 || grid[a] > 9) return false;
      if (givens[a] != 0 && givens[a] != grid[a]) return false;
      for (int b : peers[a])
        if (grid[a] == grid[static_cast<std::size_t>(b)]) return false;
    }
    return true;
  }
};

const Picture& picture() {
  static const Picture p;
  return p;
}

// Counts the solutions of a grid up to `cap`: the singles placed (a cell with one digit left, a
// house's digit with one place), then a guess on the cell or the house's digit with the fewest
// choices.
class BruteForce {
 public:
  std::uint64_t count(const Grid& grid, std::uint64_t cap) {
    count_ = 0;
    cap_ = cap;
    search(grid);
    return count_;
  }

 private:
  void search(Grid grid) {
    const Picture& p = picture();
    std::vector<unsigned> free(grid.size(), 0);
    int best = -1, fewest = 10, digit = 0;
    std::vector<int> places;
    for (bool changed = true; changed;) {
      changed = false;
      best = -1;
      fewest = 10;
      digit = 0;
      for (std::size_t cell = 0; cell < grid.size(); ++cell) {
        if (grid[cell] != 0) continue;
        unsigned used = 0;
        for (int q : p.peers[cell]) used |= 1u << grid[static_cast<std::size_t>(q)];
        free[cell] = ~used & 0x3FEu;
        const int k = __builtin_popcount(free[cell]);
        if (k == 0) return;
        if (k == 1) {
          grid[cell] = static_cast<std::uint8_t>(__builtin_ctz(free[cell]));
          changed = true;
        } else if (k < fewest) {
          fewest = k;
          best = static_cast<int>(cell);
        }
      }
      if (changed) continue;
      for (const auto& h : p.houses)
        for (int d = 1; d <= 9 && !changed; ++d) {  // one hidden single, then `free` again
          int n = 0, last = -1;
          bool placed = false;
          for (int c : h) {
            const auto i = static_cast<std::size_t>(c);
            placed = placed || grid[i] == d;
            if (grid[i] == 0 && (free[i] >> d & 1)) {
              ++n;
              last = c;
            }
          }
          if (placed) continue;
          if (n == 0) return;
          if (n == 1 && grid[static_cast<std::size_t>(last)] == 0) {
            grid[static_cast<std::size_t>(last)] = static_cast<std::uint8_t>(d);
            changed = true;
          } else if (n < fewest) {
            fewest = n;
            digit = d;
            places.clear();
            for (int c : h)
              if (grid[static_cast<std::size_t>(c)] == 0 &&
                  (free[static_cast<std::size_t>(c)] >> d & 1))
                places.push_back(c);
          }
        }
    }
    if (best < 0 && digit == 0) {
      ++count_;
      return;
    }
    if (digit != 0) {
      for (int c : places) {
        if (count_ >= cap_) return;
        Grid next = grid;
        next[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(digit);
        search(next);
      }
      return;
    }
    for (int d = 1; d <= 9 && count_ < cap_; ++d)
      if (free[static_cast<std::size_t>(best)] >> d & 1) {
        Grid next = grid;
        next[static_cast<std::size_t>(best)] = static_cast<std::uint8_t>(d);
        search(next);
      }
  }

  std::uint64_t count_ = 0, cap_ = 0;
};

// The example of examples/sudoku/samurai.txt as a picture: spaces outside the grids.
const char* const example_picture =
    ".32....8.   ..26.7...\n"
    "59..46...   58...1...\n"
    "7.....5..   ...2....5\n"
    "......2..   .39..5.4.\n"
    ".48..3...   ....4..7.\n"
    "3.....9.1   6...7...8\n"
    ".....1...6..4..82..56\n"
    "....6.7..4.........9.\n"
    ".2..5.............7..\n"
    "      .6......9\n"
    "      ..71.9.8.\n"
    "      .........\n"
    ".3.........7....5.4..\n"
    "....2.........3.2..7.\n"
    ".....8..9.8....8.....\n"
    "9....5...   .3...1...\n"
    "48...9..5   7..9...2.\n"
    ".7..3....   ...53....\n"
    "..7......   .46...3..\n"
    "321...9..   .......47\n"
    "....4..1.   ...6.3...\n";

sudoku::Record example() {
  auto records = sudoku::read_all(std::string("#variant samurai\n") + example_picture);
  EXPECT_EQ(records.size(), 1u);
  return records.empty() ? sudoku::Record{} : records.front();
}

TEST(SamuraiGeometry, FiveGridsInAPictureWithHoles) {
  const Geometry g(9, Variant::samurai);
  EXPECT_EQ(g.cell_count(), 369);
  EXPECT_EQ(g.height(), 21);
  EXPECT_EQ(g.width(), 21);
  EXPECT_FALSE(g.square());
  EXPECT_EQ(g.grids().size(), 5u);
  // 5 grids' rows and columns, and 5 * 9 - 4 boxes (the middle grid's corners are shared).
  EXPECT_EQ(g.houses().size(), 45u + 45u + 41u);
  for (const sudoku::House& h : g.houses()) EXPECT_EQ(h.cells.size(), 9u);
  EXPECT_EQ(g.cell_at(0, 9), -1);   // between the top grids
  EXPECT_EQ(g.cell_at(10, 0), -1);  // beside the middle grid
  EXPECT_EQ(g.cell_at(0, 12), 9);   // the top-right grid's first cell follows the top row's nine
  EXPECT_EQ(g.cell_at(20, 20), 368);
  // The places and the peers against the model above.
  const Picture& p = picture();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    EXPECT_EQ(g.row_of(cell) * 21 + g.column_of(cell), p.place[static_cast<std::size_t>(cell)]);
    const auto peers = g.peers(cell);
    ASSERT_EQ(std::vector<int>(peers.begin(), peers.end()), p.peers[static_cast<std::size_t>(cell)])
        << sudoku::cell_name(g, cell);
  }
  // r7c7: in the top-left grid's box 9 and the middle grid's box 1, one house.
  const int shared = g.cell_at(6, 6);
  EXPECT_EQ(g.houses_of(shared).size(), 5u);
  EXPECT_EQ(sudoku::cell_name(g, shared), "r7c7");
  EXPECT_EQ(sudoku::cell_name(g, g.cell_at(20, 14)), "r21c15");
  EXPECT_EQ(g.house_name(0), "row 1 of the top-left grid");
  EXPECT_EQ(g.house_name(9), "row 1 of the top-right grid");
  EXPECT_EQ(g.house_name(45 + 2 * 9), "column 7 of the middle grid");
  EXPECT_EQ(g.house_name(g.houses_of(shared).back()), "box 9 of the top-left grid");
  EXPECT_EQ(sudoku::parse_cell_name(g, "R10c8"), g.cell_at(9, 7));
  EXPECT_FALSE(sudoku::parse_cell_name(g, "r10c1"));  // a hole
  EXPECT_FALSE(sudoku::parse_cell_name(g, "r22c1"));
  // Any grid size with square boxes: 4x4 grids make an 8x8 picture, the middle grid sharing 2x2
  // corners.
  const Geometry small(4, Variant::samurai);
  EXPECT_EQ(small.height(), 8);
  EXPECT_EQ(small.cell_count(), 5 * 16 - 4 * 4);
  EXPECT_THROW(Geometry(6, Variant::samurai), sudoku::GeometryError);
  EXPECT_THROW(Geometry::killer(g, {{{0, 1}, 3, "A"}}), sudoku::GeometryError);
  // Chess constraints reach across the picture: a knight's move from each cell to every cell
  // that shares no house with it, holes left out.
  const Geometry knight(9, Variant::samurai, sudoku::Chess::anti_knight);
  for (int cell = 0; cell < knight.cell_count(); ++cell) {
    std::vector<int> want;
    for (const auto& [dr, dc] :
         {std::pair{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}) {
      const int other = knight.cell_at(knight.row_of(cell) + dr, knight.column_of(cell) + dc);
      if (other >= 0 && !Picture::sees(p.place[static_cast<std::size_t>(cell)],
                                       p.place[static_cast<std::size_t>(other)]))
        want.push_back(other);
    }
    std::sort(want.begin(), want.end());
    const auto got = knight.chess_peers(cell);
    EXPECT_EQ(std::vector<int>(got.begin(), got.end()), want) << sudoku::cell_name(knight, cell);
  }
  EXPECT_EQ(sudoku::parse_variant("samurai"), Variant::samurai);
  EXPECT_EQ(sudoku::shape_name(Variant::samurai, sudoku::Chess::anti_knight),
            "samurai anti-knight");
}

TEST(SamuraiReader, ThePictureTheLineAndThePlaces) {
  const sudoku::Record picture_record = example();
  ASSERT_TRUE(picture_record.ok()) << picture_record.error->what();
  EXPECT_EQ(picture_record.geometry->variant(), Variant::samurai);
  EXPECT_EQ(picture_record.givens.size(), 369u);
  EXPECT_EQ(std::count_if(picture_record.givens.begin(), picture_record.givens.end(),
                          [](int d) { return d != 0; }),
            94);
  // r10c8 (line 11 of the text, after the header) holds the 6 at column 8.
  const int cell = picture_record.geometry->cell_at(9, 7);
  EXPECT_EQ(picture_record.givens[static_cast<std::size_t>(cell)], 6);
  EXPECT_EQ(picture_record.cells[static_cast<std::size_t>(cell)].line, 11u);
  EXPECT_EQ(picture_record.cells[static_cast<std::size_t>(cell)].column, 8u);

  // The same as a line of its 369 cells (as -f line writes it), with text after it.
  const std::string line = sudoku::format_line(*picture_record.geometry, picture_record.givens);
  EXPECT_EQ(line.size(), 369u);
  auto records = sudoku::read_all("#variant samurai\n" + line + " a comment\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].ok()) << records[0].error->what();
  EXPECT_EQ(records[0].givens, picture_record.givens);

  // Every place of the picture on one line, the holes empty ('.').
  std::string places(21 * 21, '.');
  for (int c = 0; c < 369; ++c)
    places[static_cast<std::size_t>(picture().place[static_cast<std::size_t>(c)])] =
        line[static_cast<std::size_t>(c)];
  records = sudoku::read_all("#variant samurai\n" + places + "\n");
  ASSERT_TRUE(records[0].ok()) << records[0].error->what();
  EXPECT_EQ(records[0].givens, picture_record.givens);

  // The pretty grid without labels reads back (borders and blanks ignored, row by row).
  sudoku::PrettyOptions plain;
  plain.labels = false;
  const std::string pretty =
      sudoku::format_pretty(*picture_record.geometry, picture_record.givens, plain);
  records = sudoku::read_all("#variant samurai\n" + pretty);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].ok()) << records[0].error->what();
  EXPECT_EQ(records[0].givens, picture_record.givens);
  // Rows 10-12 hold the middle grid alone; the holes are drawn blank.
  EXPECT_NE(pretty.find("\n                    | .  6  . | .  .  . | .  .  9 |\n"),
            std::string::npos)
      << pretty;
}

TEST(SamuraiReader, SpacesAsEmptyCells) {
  // The picture with spaces for its empty cells, each row's end of spaces cut off (as editors
  // do): rows are read at their places, the missing end empty.
  std::string spaced;
  for (std::string_view rest = example_picture; !rest.empty();) {
    std::string row(rest.substr(0, rest.find('\n')));
    rest.remove_prefix(std::min(rest.size(), row.size() + 1));
    std::replace(row.begin(), row.end(), '.', ' ');
    row.erase(row.find_last_not_of(' ') + 1);
    spaced += row + "\n";
  }
  sudoku::ReaderOptions options;
  options.blank = ' ';
  auto records = sudoku::read_all("#variant samurai\n\n" + spaced + "\n\n" + spaced, options);
  ASSERT_EQ(records.size(), 2u);
  for (const sudoku::Record& record : records) {
    ASSERT_TRUE(record.ok()) << record.error->what();
    EXPECT_EQ(record.givens, example().givens);
  }
  // A blank line inside the picture is a row of empty places: here it pushes row 10 (the middle
  // grid's alone) to where a hole holds a digit. Every record read has the picture's cells.
  const std::size_t third_row = spaced.find('\n', spaced.find('\n') + 1) + 1;
  records = sudoku::read_all(
      "#variant samurai\n" + spaced.substr(0, third_row) + "\n" + spaced.substr(third_row) + "\n",
      options);
  ASSERT_FALSE(records.empty());
  EXPECT_FALSE(records[0].ok());
  for (const sudoku::Record& record : records)
    EXPECT_TRUE(!record.ok() || record.givens.size() == 369u) << record.givens.size();
}

TEST(SamuraiReader, ErrorsNameTheirLineAndColumn) {
  // A digit in a hole: the top row's place 10.
  std::string text = std::string("#variant samurai\n") + example_picture;
  text[17 + 9] = '5';
  auto records = sudoku::read_all(text);
  ASSERT_FALSE(records.empty());
  ASSERT_FALSE(records[0].ok());
  EXPECT_EQ(records[0].error->line(), 2u);
  EXPECT_EQ(records[0].error->column(), 10u);
  EXPECT_NE(std::string(records[0].error->what()).find("r1c10 is outside the samurai's grids"),
            std::string::npos)
      << records[0].error->what();

  // A row with a cell too few, then the next puzzle is read.
  records =
      sudoku::read_all("#variant samurai\n.32....8.   ..26.7..\n" + std::string(400, '.') + "\n");
  ASSERT_GE(records.size(), 1u);
  ASSERT_FALSE(records[0].ok());
  EXPECT_EQ(records[0].error->kind(), sudoku::FormatErrorKind::wrong_length);
  EXPECT_EQ(records[0].error->line(), 2u);
  EXPECT_NE(std::string(records[0].error->what()).find("row 1 of a samurai of 9x9 grids has 18"),
            std::string::npos)
      << records[0].error->what();

  // A line of 400 cells: neither 369 nor 441.
  records = sudoku::read_all("#variant samurai\n" + std::string(400, '.') + "\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].error->kind(), sudoku::FormatErrorKind::wrong_length);

  // A picture cut short by the end of the input.
  records = sudoku::read_all("#variant samurai\n.32....8.   ..26.7...\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_FALSE(records[0].ok());
  EXPECT_EQ(records[0].error->kind(), sudoku::FormatErrorKind::truncated_grid);

  // Samurai takes no hyper windows nor diagonals.
  records = sudoku::read_all("#variant samurai x\n" + std::string(369, '.') + "\n");
  ASSERT_FALSE(records.empty());
  EXPECT_FALSE(records[0].ok());
}

TEST(SamuraiSearch, CountsAsTheBruteForceDoes) {
  const sudoku::Record record = example();
  sudoku::Solver solver(*record.geometry);
  const sudoku::SolveResult result = solver.count(record.givens, 2);
  EXPECT_EQ(result.solutions, 1u);
  ASSERT_EQ(result.first.size(), 369u);
  EXPECT_TRUE(picture().solves(record.givens, result.first));
  EXPECT_TRUE(sudoku::is_solution(*record.geometry, record.givens, result.first));
  EXPECT_EQ(BruteForce().count(record.givens, 2), 1u);
  // Without a few givens of the middle grid: as many solutions as the brute force finds.
  Grid fewer = record.givens;
  int removed = 0;
  for (std::size_t cell = 180; cell < fewer.size() && removed < 4; ++cell)
    if (fewer[cell] != 0) {
      fewer[cell] = 0;
      ++removed;
    }
  EXPECT_EQ(solver.count(fewer, 50).solutions, BruteForce().count(fewer, 50));
}

TEST(SamuraiGenerator, UniqueMinimalReproducible) {
  const auto g = sudoku::shared_geometry(9, Variant::samurai);
  EXPECT_TRUE(sudoku::minimal_by_default(*g));
  sudoku::Solver solver(*g);
  for (int seed = 1; seed <= share_of(2); ++seed) {  // one under the sanitizers (test_share.hpp)
    const sudoku::Puzzle puzzle = sudoku::generate(*g, static_cast<std::uint64_t>(seed));
    ASSERT_EQ(puzzle.givens.size(), 369u);
    EXPECT_TRUE(picture().solves(puzzle.givens, puzzle.solution));
    EXPECT_EQ(solver.count(puzzle.givens, 2).solutions, 1u);
    // Minimal: without any one given, a solution with another digit there. (Counting to two
    // takes up to a second a given: the second solution differs in one grid, and the search
    // goes through the other grids' branches before it comes back to that one.)
    for (std::size_t cell = 0; cell < puzzle.givens.size(); ++cell) {
      if (puzzle.givens[cell] == 0) continue;
      Grid less = puzzle.givens;
      less[cell] = 0;
      EXPECT_EQ(solver
                    .solve_excluding(less, static_cast<int>(cell), puzzle.givens[cell], 1, {},
                                     puzzle.solution)
                    .solutions,
                1u)
          << seed << " " << cell;
    }
    EXPECT_EQ(sudoku::generate(*g, static_cast<std::uint64_t>(seed)).givens, puzzle.givens);
  }
  // With chess constraints a solved grid may not exist, or take minutes to find: refused.
  EXPECT_THROW(
      sudoku::generate(*sudoku::shared_geometry(9, Variant::samurai, sudoku::Chess::anti_king), 1),
      sudoku::GeometryError);
  // One solution by the brute force as well: on these minimal puzzles it takes ten seconds (on
  // others from milliseconds to a second), so on puzzles stopped at 130 givens, and on the
  // example (a minimal one the generator made) in SamuraiSearch.
  sudoku::GeneratorOptions options;
  options.givens = 130;
  for (int seed = 1; seed <= share_of(6); ++seed) {
    const sudoku::Puzzle puzzle = sudoku::generate(*g, static_cast<std::uint64_t>(seed), options);
    EXPECT_LE(puzzle.count, 130);
    EXPECT_EQ(BruteForce().count(puzzle.givens, 2), 1u) << seed;
  }
}

// The steps of the rating of a puzzle, each checked against its solution; the techniques used.
std::vector<sudoku::Technique> checked_steps(const Geometry& g, const Grid& givens,
                                             sudoku::Rating* rating = nullptr,
                                             std::vector<sudoku::Step>* out = nullptr) {
  sudoku::Solver solver(g);
  const Grid solution = solver.count(givens, 2).first;
  const sudoku::LogicTables tables(g);
  std::vector<sudoku::Step> steps;
  const sudoku::Rating r = sudoku::rate(givens, solver, tables, &steps);
  if (rating) *rating = r;
  std::vector<sudoku::Technique> used;
  for (const sudoku::Step& step : steps) {
    used.push_back(step.technique);
    for (const sudoku::Candidate& p : step.placed)
      EXPECT_EQ(solution[static_cast<std::size_t>(p.cell)], p.digit) << sudoku::describe(g, step);
    for (const sudoku::Candidate& x : step.removed)
      EXPECT_NE(solution[static_cast<std::size_t>(x.cell)], x.digit) << sudoku::describe(g, step);
  }
  if (out) *out = std::move(steps);
  return used;
}

TEST(SamuraiLogic, TheLadderSolvesItAndEveryStepKeepsTheSolution) {
  const sudoku::Record record = example();
  sudoku::Rating rating;
  std::vector<sudoku::Step> steps;
  checked_steps(*record.geometry, record.givens, &rating, &steps);
  EXPECT_TRUE(rating.solvable);
  EXPECT_EQ(rating.open, 0);
  EXPECT_GT(rating.er, 1.0);
  ASSERT_FALSE(steps.empty());
  // The first step speaks of the picture's cells and the grids' houses.
  EXPECT_EQ(sudoku::describe(*record.geometry, steps.front()),
            "r3c2=8: hidden single in box 1 of the top-left grid");
  // Generated puzzles: every step keeps the solution; fish are found in each grid (their base
  // and cover lines one grid's rows and columns).
  const auto g = sudoku::shared_geometry(9, Variant::samurai);
  bool fish = false;
  for (int seed = 1; seed <= share_of(12); ++seed) {
    const sudoku::Puzzle puzzle = sudoku::generate(*g, static_cast<std::uint64_t>(seed));
    std::vector<sudoku::Step> found;
    for (const sudoku::Technique t : checked_steps(*g, puzzle.givens, nullptr, &found))
      fish = fish || t == sudoku::Technique::x_wing || t == sudoku::Technique::swordfish ||
             t == sudoku::Technique::finned_x_wing || t == sudoku::Technique::sashimi_x_wing;
    for (const sudoku::Step& step : found) {
      if (step.technique != sudoku::Technique::x_wing) continue;
      for (const int h : step.houses) {
        EXPECT_EQ(g->houses()[static_cast<std::size_t>(h)].grid,
                  g->houses()[static_cast<std::size_t>(step.houses.front())].grid);
      }
    }
  }
  if (share_of(12) == 12) {
    EXPECT_TRUE(fish);
  }
}

TEST(SamuraiSession, CommandsNameThePicturesCells) {
  sudoku::Session session;
  const std::string text = std::string("#variant samurai\n") + example_picture;
  ASSERT_TRUE(session.open("samurai.txt", text).ok);
  EXPECT_EQ(session.geometry().variant(), Variant::samurai);
  const sudoku::Reply set = session.run("set r10c7 3");  // the solution's digit
  EXPECT_TRUE(set.ok) << set.text;
  const sudoku::Reply hole = session.run("set r10c1 5");
  EXPECT_FALSE(hole.ok);
  EXPECT_NE(hole.text.find("'r10c1' is no cell of a samurai"), std::string::npos) << hole.text;
  EXPECT_TRUE(session.run("solve").ok);
  EXPECT_TRUE(session.candidates().solved());
}

}  // namespace
