// Pencil-mark input: candidate lines, candidate lists (HoDoKu's PM grid) and the candidate
// writer's own grid read into Record::candidates, their errors with their place, and every use
// of a position so read (search, count, rating, hints, positions) keeping to its candidates.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/play/position.hpp"
#include "sudoku/search/cache.hpp"

namespace {

using sudoku::FormatErrorKind;
using sudoku::Mask;
using sudoku::Record;

// The example puzzle of Wikipedia's "Sudoku" article (one solution), and the same without its 6
// in r3c8, which has two solutions: 4 or 3 in r2c7 (examples/sudoku/multi.txt).
const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string two_solutions =
    "53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string first_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

sudoku::Grid grid_of(const std::string& line) {
  std::vector<Record> records = sudoku::read_all(line);
  return records.at(0).givens;
}

// The candidates of a puzzle as a person starts: its givens, each taken from its peers.
sudoku::Candidates start_of(const std::string& line) {
  return sudoku::start_candidates(*sudoku::shared_geometry(9), grid_of(line));
}

// A candidate line of N*N*N characters: per cell, the digit of each place or '.'.
std::string candidate_line(const sudoku::Candidates& c) {
  const int n = c.geometry().size();
  std::string line;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell)
    for (int d = 1; d <= n; ++d)
      line += (c.mask(cell) & sudoku::digit_bit(d)) ? sudoku::digit_symbol(n, d) : '.';
  return line;
}

std::vector<Mask> masks_of(const sudoku::Candidates& c) {
  std::vector<Mask> masks;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell) masks.push_back(c.mask(cell));
  return masks;
}

// The one record of a text, which must be read.
Record one(const std::string& text) {
  std::vector<Record> records = sudoku::read_all(text);
  EXPECT_EQ(records.size(), 1u) << text;
  if (records.empty()) return {};
  EXPECT_TRUE(records[0].ok()) << records[0].error->line() << ":" << records[0].error->column()
                               << ": " << records[0].error->what();
  return records[0];
}

// The one error of a text, of this kind, at this place.
void one_error(const std::string& text, FormatErrorKind kind, std::size_t line,
               std::size_t column) {
  std::vector<Record> records = sudoku::read_all(text);
  ASSERT_EQ(records.size(), 1u) << text;
  ASSERT_FALSE(records[0].ok()) << text;
  EXPECT_EQ(records[0].error->kind(), kind) << records[0].error->what();
  EXPECT_EQ(records[0].error->line(), line) << records[0].error->what();
  EXPECT_EQ(records[0].error->column(), column) << records[0].error->what();
}

TEST(PencilMarks, APlainPuzzleHasNoCandidates) {
  EXPECT_TRUE(one(wiki).candidates.empty());
}

TEST(PencilMarks, CandidateLineKeepsEveryCellsCandidates) {
  sudoku::Candidates c = start_of(wiki);
  c.eliminate(2, 4);  // r1c3: 1, 2
  const Record r = one(candidate_line(c));
  ASSERT_EQ(r.candidates.size(), 81u);
  EXPECT_EQ(r.candidates, masks_of(c));
  EXPECT_EQ(r.givens[0], 5);
  EXPECT_EQ(r.givens[2], 0);
  // A cell with one candidate is a given: r5c5 can only be 5.
  EXPECT_EQ(r.givens[40], 5);
  EXPECT_EQ(r.cells[1].column, 10u);
  // Text after it, set apart as after a one-line puzzle; '0' for a place without its digit.
  std::string zeros = candidate_line(c);
  for (char& ch : zeros)
    if (ch == '.') ch = '0';
  EXPECT_EQ(one(zeros + " # a comment").candidates, masks_of(c));
}

TEST(PencilMarks, CandidateLinesOfOtherSizes) {
  // 4x4: 64 characters, every candidate in every cell.
  std::string all;
  for (int cell = 0; cell < 16; ++cell) all += "1234";
  const Record r = one(all);
  EXPECT_EQ(r.geometry->size(), 4);
  EXPECT_EQ(r.candidates, std::vector<Mask>(16, 0xF));
}

TEST(PencilMarks, CandidateLineErrorsSayWhere) {
  std::string line = candidate_line(start_of(wiki));
  std::string bad = line;
  bad[9 + 2] = '7';  // place 3 of r1c2
  one_error("# comment\n" + bad + "\n", FormatErrorKind::bad_character, 2, 12);
  std::string empty = line;
  for (int k = 0; k < 9; ++k) empty[static_cast<std::size_t>(2 * 9 + k)] = '.';  // r1c3
  one_error(empty, FormatErrorKind::bad_position, 1, 19);
  one_error(line.substr(0, 728), FormatErrorKind::wrong_length, 1, 729);
  // The batch goes on after a bad line.
  const std::vector<Record> records = sudoku::read_all(bad + "\n" + line + "\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_FALSE(records[0].ok());
  EXPECT_TRUE(records[1].ok());
}

// HoDoKu's PM grid of Wikipedia's puzzle: the candidates of each cell written together.
const std::string hodoku =
    ".------------------.----------------.-------------------.\n"
    "| 5    3     124   | 26    7   2468 | 1489   1249  248  |\n"
    "| 6    247   247   | 1     9   5    | 3478   234   2478 |\n"
    "| 12   9     8     | 23    34  24   | 13457  6     247  |\n"
    ":------------------+----------------+-------------------:\n"
    "| 8    125   1259  | 579   6   147  | 4579   2459  3    |\n"
    "| 4    25    2569  | 8     5   3    | 579    259   1    |\n"
    "| 7    15    1359  | 59    2   14   | 4589   459   6    |\n"
    ":------------------+----------------+-------------------:\n"
    "| 139  6     13457 | 357   35  7    | 2      8     4    |\n"
    "| 23   278   237   | 4     1   9    | 36     3     5    |\n"
    "| 123  1245  12345 | 2356  8   26   | 1346   7     9    |\n"
    "'------------------'----------------'-------------------'\n";

TEST(PencilMarks, HodokuGridKeepsTheCandidates) {
  const Record r = one(hodoku);
  EXPECT_EQ(r.line, 2u);
  ASSERT_EQ(r.candidates.size(), 81u);
  EXPECT_EQ(r.candidates[2], 0b1011u);      // r1c3: 1, 2, 4
  EXPECT_EQ(r.candidates[56], 0b1011101u);  // r7c3: 1, 3, 4, 5, 7
  EXPECT_EQ(r.givens[40], 5);
  EXPECT_EQ(r.cells[2].line, 2u);
  EXPECT_EQ(r.cells[2].column, 14u);
  // Without rules and '|', and a first row whose cells hold one candidate each.
  const Record plain =
      one("5 3 4 6 7 8 9 1 2\n"
          "6 247 247 1 9 5 3478 234 2478\n"
          "12 9 8 23 34 24 13457 6 247\n"
          "8 125 1259 579 6 147 4579 2459 3\n"
          "4 25 2569 8 5 3 579 259 1\n"
          "7 15 1359 59 2 14 4589 459 6\n"
          "139 6 13457 357 35 7 2 8 4\n"
          "23 278 237 4 1 9 36 3 5\n"
          "123 1245 12345 2356 8 26 1346 7 9\n");
  EXPECT_EQ(plain.givens[2], 4);
  EXPECT_EQ(plain.candidates[10], 0b1001010u);  // r2c2: 2, 4, 7
}

TEST(PencilMarks, HodokuGridErrorsSayWhere) {
  std::string bad = hodoku;
  bad.replace(bad.find("2459"), 4, "24x9");
  one_error(bad, FormatErrorKind::bad_character, 6, 48);
  std::string short_row = hodoku;
  short_row.replace(short_row.find("| 4    25 "), 10, "|         ");
  one_error(short_row, FormatErrorKind::wrong_length, 7, 58);
  // A grid cut short, then a puzzle: both reported.
  const std::string cut = hodoku.substr(0, hodoku.find(":---"));
  const std::vector<Record> records = sudoku::read_all(cut + wiki + "\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].error->kind(), FormatErrorKind::truncated_grid);
  EXPECT_TRUE(records[1].ok());
}

TEST(PencilMarks, TheCandidateWritersGridReadsBack) {
  for (int size : {4, 6, 9, 16}) {
    const auto g = sudoku::shared_geometry(size);
    sudoku::Candidates c = sudoku::start_candidates(*g, sudoku::Grid(g->cell_count(), 0));
    c.assign(0, 1);
    c.eliminate(1, 2);
    c.eliminate(size + 2, size);
    for (bool labels : {true, false}) {
      sudoku::CandidateOptions options;
      options.labels = labels;
      options.marked = {0, 1, 5};
      const std::string text = sudoku::format_candidates(c, options);
      const std::vector<Record> records = sudoku::read_all(text + wiki + "\n" + text);
      ASSERT_EQ(records.size(), 3u) << text;
      for (std::size_t i : {0u, 2u}) {
        ASSERT_TRUE(records[i].ok())
            << text << records[i].error->line() << ":" << records[i].error->column() << ": "
            << records[i].error->what();
        EXPECT_EQ(records[i].candidates, masks_of(c)) << text;
        EXPECT_EQ(records[i].givens[0], 1);
      }
      EXPECT_EQ(records[1].givens, grid_of(wiki));
    }
  }
}

// The candidate grid a terminal shows (in colour: givens bold, marked cells green, cells without
// candidates red) reads back as the grid without colours.
TEST(PencilMarks, TheCandidateWritersGridReadsBackInColour) {
  const sudoku::Candidates c = start_of(wiki);
  sudoku::CandidateOptions options;
  options.marked = {2, 5, 40};
  options.givens = grid_of(wiki);
  const std::string plain = sudoku::format_candidates(c, options);
  options.color = true;
  const std::string colour = sudoku::format_candidates(c, options);
  ASSERT_NE(colour, plain);
  const std::vector<Record> records = sudoku::read_all(colour + plain);
  ASSERT_EQ(records.size(), 2u);
  ASSERT_TRUE(records[0].ok()) << records[0].error->line() << ":" << records[0].error->column()
                               << ": " << records[0].error->what();
  EXPECT_EQ(records[0].candidates, records[1].candidates);
  EXPECT_EQ(records[0].givens, records[1].givens);
}

TEST(PencilMarks, CandidateWriterGridErrorsSayWhere) {
  const sudoku::Candidates c = start_of(wiki);
  const std::string text = sudoku::format_candidates(c, {});
  // r1c3's mini-grid, top line: "12." at columns 15-17 of line 3.
  std::string bad = text;
  const std::size_t line3 = bad.find('\n', bad.find('\n') + 1) + 1;
  bad[line3 + 14] = '7';
  one_error(bad, FormatErrorKind::bad_character, 3, 15);
  // Cut after its third row: incomplete.
  std::size_t cut = 0;
  for (int i = 0; i < 14; ++i) cut = text.find('\n', cut) + 1;
  one_error(text.substr(0, cut), FormatErrorKind::truncated_grid, 3, 1);
}

TEST(PencilMarks, TheSearchKeepsToTheCandidates) {
  const auto g = sudoku::shared_geometry(9);
  sudoku::Solver solver(*g);
  sudoku::Candidates c = start_of(two_solutions);
  EXPECT_EQ(solver.count(sudoku::start_candidates(one(candidate_line(c))), 0).solutions, 2u);
  // Without the 4 of r2c7, one solution is left.
  c.eliminate(15, 4);
  const Record r = one(candidate_line(c));
  const sudoku::SolveResult result = solver.solve(sudoku::start_candidates(r), 0);
  EXPECT_EQ(result.solutions, 1u);
  EXPECT_TRUE(result.complete);
  EXPECT_EQ(result.first, grid_of(first_solution));
}

TEST(PencilMarks, RatingAndHintsStartFromTheCandidates) {
  const auto g = sudoku::shared_geometry(9);
  sudoku::Solver solver(*g);
  const auto tables = sudoku::shared_tables(*g);
  // The candidates a person starts with rate as the puzzle.
  const Record r = one(candidate_line(start_of(wiki)));
  const sudoku::Rating from_line = sudoku::rate(sudoku::start_candidates(r), solver, *tables);
  const sudoku::Rating from_givens = sudoku::rate(grid_of(wiki), solver, *tables);
  EXPECT_EQ(sudoku::format_rating(from_line), sudoku::format_rating(from_givens));
  // r1c6 = 8 is Wikipedia's first hidden single; without 8 there, the next step is elsewhere, and
  // the position has no solution.
  sudoku::Candidates c = start_of(wiki);
  c.eliminate(5, 8);
  const Record cut = one(candidate_line(c));
  EXPECT_EQ(solver.count(sudoku::start_candidates(cut), 2).solutions, 0u);
  const sudoku::Rating none = sudoku::rate(sudoku::start_candidates(cut), solver, *tables);
  EXPECT_FALSE(none.solvable);
  sudoku::Step step;
  ASSERT_TRUE(sudoku::next_step(sudoku::start_candidates(r), *tables, step));
  EXPECT_EQ(sudoku::describe(*g, step), "r1c6=8: hidden single in box 2");
}

TEST(PencilMarks, APositionReadKeepsTheCandidatesRemoved) {
  sudoku::Candidates c = start_of(wiki);
  c.eliminate(2, 4);
  const std::optional<sudoku::Position> p = sudoku::read_position(candidate_line(c));
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->removed[2], sudoku::digit_bit(4));
  // The cells with one candidate are givens, taken from their peers too.
  EXPECT_EQ(p->givens[40], 5);
  c = sudoku::start_candidates(one(candidate_line(c)));
  EXPECT_EQ(masks_of(sudoku::position_candidates(*p)), masks_of(c));
  // Written and read back: the same.
  const std::optional<sudoku::Position> again = sudoku::read_position(sudoku::write_position(*p));
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(masks_of(sudoku::position_candidates(*again)), masks_of(c));
}

}  // namespace
