// Puzzles made to order: generated and rated (sudoku::rate, Sudoku Explainer's way) until one is
// in the band asked for: a level of HoDoKu's or QQWing's scale, a range of ER, a technique that
// the solution needs.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/rating.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/search/solver.hpp"

namespace sudoku {

// What a puzzle made to order must be; each part left empty takes any puzzle.
struct Order {
  Band band;                           // level and ER range (sudoku/logic/rating.hpp)
  std::optional<Technique> technique;  // a technique its rating's path uses
  // True when no part is set: every puzzle fits.
  bool any() const noexcept {
    return !band.hodoku && !band.qqwing && band.low <= 0 && band.high >= 1e9 && !technique;
  }
  // True when a rated puzzle fits.
  bool fits(const Rating& rating, const std::vector<Step>& steps) const;
};

// The technique with that name, as technique_name() spells it, in any case, with '-' or '_' for
// spaces ("x-wing", "naked_pair", "dynamic forcing chain"); nullopt when none has it.
std::optional<Technique> parse_technique(std::string_view name);

// Raised when no puzzle of the order came from the attempts allowed.
class NoPuzzleInBand : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A puzzle made to order, with its rating and how many puzzles were made to find it.
struct OrderedPuzzle {
  Puzzle puzzle;
  Rating rating;
  std::uint64_t attempts = 0;
};

// Makes puzzles to order for one geometry; reuse it for many.
class OrderedGenerator {
 public:
  explicit OrderedGenerator(const Geometry& geometry);
  // A flag another thread may raise to stop the work (GenerationStopped); nullptr for none.
  void set_stop_flag(const std::atomic<bool>* flag) noexcept;
  // The first puzzle that fits, of those made from `seed` (the first attempt: the puzzle
  // Generator::generate makes from it; then seeds drawn from it), the same for the same seed.
  // An order that takes any puzzle takes the first without rating it. For a band with a ceiling
  // (a level below extreme, an ER range that ends), a puzzle whose steps go above it gets
  // givens from its solution back until they do not: such puzzles are not minimal. Throws
  // NoPuzzleInBand after `attempts` puzzles (0: no limit).
  OrderedPuzzle generate(std::uint64_t seed, const GeneratorOptions& options, const Order& order,
                         std::uint64_t attempts = 0);
  // Where the puzzle in work stands (Generator::progress), safe to call from any thread.
  GenerationProgress progress() const noexcept { return generator_.progress(); }

 private:
  void spare_givens(Puzzle& puzzle, const Band& band, bool symmetric, const Geometry& g,
                    const LogicTables& tables);

  Generator generator_;
  const std::atomic<bool>* stop_ = nullptr;
  Solver solver_;
  LogicTables tables_;
  std::vector<Step> steps_;
};

}  // namespace sudoku
