// Solving for people: the candidates a person starts from, steps applied one at a time, and a
// difficulty rating from the hardest technique a puzzle needs.
//
// The fast path (Candidates::reset, the solver) places every naked single as soon as it appears;
// a person starts from the givens alone, each removed from its peers and nothing more, so that
// every later placement is a step that can be shown.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/rating.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/search/solver.hpp"

namespace sudoku {

// What a hint says of a puzzle with several solutions, in every front end (each adds how to go
// on): its steps are sound, but none finishes it.
inline constexpr std::string_view several_solutions_note =
    "the puzzle has several solutions (at least 2): no logic can finish it";

// The candidates of a grid as a person starts: each digit placed and taken from its peers, and
// the digits the rules forbid a cell (odd and even cells) taken out, no cascade of singles. A
// digit that clashes with an earlier one is left out (check find_clash).
Candidates start_candidates(const Geometry& geometry, const Grid& grid);
// The candidates a record's puzzle starts from: those of its givens, less the candidates that
// pencil-mark input leaves out (Record::candidates). The givens must not clash.
Candidates start_candidates(const Record& record);

// The cells a step is about: those of its reasoning and those it changes, each once, ascending.
std::vector<int> cells_of(const Step& step);

// What a hint shows at one stage of its step: the text and the cells to mark.
struct HintStage {
  std::string text;                // one sentence, no newline
  std::vector<int> cells;          // ascending
  std::vector<std::string> links;  // stage 3 of a forcing chain or net: describe_links()
};

// The stages of a hint, from any step (they read only the Step's fields, so every technique has
// them): 1, the technique and where to look ("hidden single in box 2", the cells of its houses);
// 2, and the digits and cells of the reasoning ("hidden single in box 2: 7 in r1c5"); 3, the
// whole deduction, describe()'s sentence, with cells_of(). Stages below 1 count as 1, above 3 as 3.
HintStage hint_stage(const Geometry& geometry, const Step& step, int stage,
                     const Symbols& symbols = {});

// A link of a step's reasoning, to draw on a board: from one candidate to another, `strong` when
// the second holds because the first does not (an AIC's "=") or is forced true by it, weak when
// it is forced false.
struct Arrow {
  Candidate from;
  Candidate to;
  bool strong = false;
};

// The links of a step: an AIC's or other chain's (a group's first cell standing for the group),
// every reason of a forcing chain's or net's branches; each once, in order. Empty for others.
std::vector<Arrow> arrows_of(const Step& step);

// How often each technique was used, easiest first: "naked single 40, hidden single 12, X-Wing 1"
// ("no step" for none).
std::string technique_counts(const std::vector<Step>& steps);

// What the rating of one puzzle found.
struct Rating {
  bool solvable = true;     // false: there is no solution (logic or search said so)
  bool used_logic = false;  // some technique applied (`hardest` is meaningful)
  Technique hardest = Technique::full_house;  // the hardest technique the reduction used
  int steps = 0;                              // steps of the reduction
  int open = 0;  // cells the reduction left open (when the search went on)
  // True when the full ladder left cells open and the search went on (a puzzle solved by
  // chains alone is expert too, but was not searched).
  bool searched() const noexcept { return open > 0; }
  SolveResult search;  // the search after the reduction (when it went on)
  // Sudoku Explainer's scale: the hardest step, the hardest before the first placement, the
  // hardest before the first elimination; unsolved_rating when the full ladder leaves cells open.
  double er = 0, ep = 0, ed = 0;
  // The puzzle's level, the project's one scale of names beside ER: HoDoKu's level of the
  // hardest technique (easy, medium, hard, unfair, extreme; extreme when the search went on).
  HodokuLevel hodoku = HodokuLevel::easy;
  QqwingLevel qqwing = QqwingLevel::simple;  // QQWing's, for making puzzles to its levels
};

// ER (and EP, ED when no placement or step came first) of a puzzle the full ladder cannot solve
// (one with several solutions; the nested forcing chains solved every puzzle with one solution
// tried): above every technique's difficulty, as Sudoku Explainer rates a puzzle it cannot solve.
inline constexpr double unsolved_rating = 20.0;

// Whether the uniqueness techniques (Unique Rectangles, Hidden Rectangle, BUG+1) take part: only
// when a count proved the puzzle has one solution, when it is declared to have one, or never.
enum class Uniqueness { when_proved, assumed, off };
// True when the uniqueness techniques may reason on these givens: `assumed`, or `when_proved`
// and `solver` counts exactly one solution within its budget.
bool uniqueness_applies(Uniqueness uniqueness, const Grid& givens, Solver& solver);
// The same for a position: its solutions are those that keep to its candidates.
bool uniqueness_applies(Uniqueness uniqueness, const Candidates& position, Solver& solver);

// Rates a puzzle whose givens do not clash as Sudoku Explainer does: from start_candidates, the
// easiest step of the full ladder each time (all the singles of a kind at once, else one step,
// the shortest chain or net first), the hardest one used giving the difficulty and levels; when
// cells stay open the puzzle is expert, and `solver` searches it for up to two solutions (its
// nodes tell how hard). Appends the steps to `steps` when given (without the links of their
// forcing chains, which a rating does not need). The uniqueness rungs take part as `uniqueness`
// says (uniqueness_applies).
Rating rate(const Grid& givens, Solver& solver, const LogicTables& tables,
            std::vector<Step>* steps = nullptr, Uniqueness uniqueness = Uniqueness::when_proved);
// The same from a position (a pencil-mark grid, a session's candidates): the steps start from its
// candidates, and the search keeps to them.
Rating rate(const Candidates& position, Solver& solver, const LogicTables& tables,
            std::vector<Step>* steps = nullptr, Uniqueness uniqueness = Uniqueness::when_proved);

// A rating as `--rate` prints it: "ER/EP/ED level" on Sudoku Explainer's scale with HoDoKu's
// level, e.g. "7.1/1.2/1.2 unfair".
std::string format_rating(const Rating& rating);

}  // namespace sudoku
