// How hard a step and a puzzle are, on Sudoku Explainer's scale (the rating the solving community
// quotes: 1.0 for a full house up to 10 and more for nested forcing nets) and by the level names
// of HoDoKu and QQWing.
//
// A puzzle's ratings come from solving it as Sudoku Explainer does (sudoku::rate in
// sudoku/play/explain.hpp): always the easiest step of the full ladder (Level::full), the hardest
// step giving ER, the hardest before the first placement EP, the hardest before the first
// elimination (the first step) ED.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/logic/logic.hpp"

namespace sudoku {

// A technique's difficulty on Sudoku Explainer's scale, before any addition for the length of a
// chain (its published table: 1.0 full house, 1.2 hidden single in a box, 1.5 hidden single,
// 1.7 direct pointing, ..., 2.3 naked single, ..., 7.5 nishio, 8.0 cell and region forcing
// chains, 8.5 dynamic forcing chains, 9.0 dynamic forcing chains (+)).
double base_difficulty(Technique technique) noexcept;
// The patterns Sudoku Explainer has not, that only its cell and region forcing chains find
// (finned and sashimi fish, Hidden Rectangle, multi-colours, WXYZ-Wing, Sue de Coq, the ALS
// techniques): rated 8.0 as those chains; the rating leaves them to the chains, which rate them
// as Sudoku Explainer does, by their length.
bool left_to_forcing_chains(Technique technique) noexcept;
// What Sudoku Explainer adds for a chain or net of `length` links: 0.1 for each of the
// thresholds 4, 6, 8, 12, 16, 24, 32, ... (alternately times 3/2 and 4/3) that length - 2 passes.
double length_addition(int length) noexcept;
// A step's difficulty: its technique's, plus the addition for its length.
double step_difficulty(const Step& step) noexcept;

// Solving as Sudoku Explainer does, one round at a time: the easiest rung of the full ladder that
// applies. The singles of a kind are taken all at once (the same difficulty whatever their
// order); the patterns Sudoku Explainer has not are left to its chains (left_to_forcing_chains);
// of its "forcing chains and cycles", found in one search, the easiest by difficulty; a direct
// technique places the single it leaves and keeps the candidates it removes on the way; of any
// other rung every step as easy as the easiest found, or as the hardest step so far. rate(),
// reduce() and next_step() at Level::full (with steps: the explanations and hints) all take these
// rounds, so an explanation follows the path the rating takes.
class EasiestFirst {
 public:
  // Rounds on candidates of `tables`' geometry; the uniqueness rungs take part when `unique`;
  // with `links`, the forcing chains and nets taken get their links (explain_links,
  // sudoku/logic/forcing.hpp), which a rating alone does not need; without `nested`, the nested
  // forcing chains take no part (on a puzzle known to have several solutions, which logic cannot
  // finish, they would only search at length before the ladder stops).
  EasiestFirst(const LogicTables& tables, bool unique, bool links = true, bool nested = true);
  // Takes one round on `c`, appending its steps to `steps`; `hardest` is the difficulty of the
  // hardest step taken so far. Returns the number of steps taken, 0 when no rung applies.
  int round(Candidates& c, std::vector<Step>& steps, double hardest = 0);
  // A flag another thread (or a signal handler) may raise to cut a round short, between rungs:
  // the round then returns 0 having changed nothing; nullptr for none.
  void set_stop_flag(const std::atomic<bool>* flag) noexcept { stop_ = flag; }

 private:
  const LogicTables* tables_;
  bool unique_;
  bool links_;
  bool nested_;
  std::optional<Candidates> scratch_;  // the candidates a rung is tried on
  std::vector<Step> found_;            // the steps a rung found there
  const std::atomic<bool>* stop_ = nullptr;
};

// HoDoKu's levels.
enum class HodokuLevel { easy, medium, hard, unfair, extreme };
// Its name ("easy", "medium", "hard", "unfair", "extreme").
std::string_view hodoku_level_name(HodokuLevel level) noexcept;
// The level a technique stands for in HoDoKu (forcing chains and nets: extreme).
HodokuLevel hodoku_level(Technique technique) noexcept;

// QQWing's levels: naked singles only, with hidden singles, with locked candidates and pairs,
// anything more (QQWing guesses then).
enum class QqwingLevel { simple, easy, intermediate, expert };
// Its name ("simple", "easy", "intermediate", "expert").
std::string_view qqwing_level_name(QqwingLevel level) noexcept;
// The level a technique stands for in QQWing.
QqwingLevel qqwing_level(Technique technique) noexcept;

// A band of puzzles to make: a level of either scale or a range of ER.
struct Band {
  std::optional<HodokuLevel> hodoku;
  std::optional<QqwingLevel> qqwing;
  double low = 0, high = 1e9;  // ER, both ends included
};
// Reads a level name: HoDoKu's (easy, medium, hard, unfair, extreme), QQWing's (simple,
// intermediate, expert, and "qqwing:easy" for its easy) or either prefixed ("hodoku:hard").
// Returns false when the name is none of those.
bool parse_level(std::string_view name, Band& band);

}  // namespace sudoku
