// The logical techniques people use, over every house of any variant, each as one function that
// applies what it finds to the candidates and reports it as steps.
//
// A technique function looks through the houses (or pairs of houses) in a fixed order, applies
// every deduction it finds (up to `limit` of them; 0 means no limit) and appends one Step per
// deduction to `steps` when given. Without `steps` nothing is allocated, so the same functions
// serve the fast reduction before the search and the explanations for people: a hint is the
// first step of the easiest technique that applies, on a copy of the candidates.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/candidates.hpp"
#include "sudoku/geometry.hpp"
#include "sudoku/symbols.hpp"

namespace sudoku {

// The techniques, from the easiest.
enum class Technique {
  full_house,       // the last empty cell of a house
  naked_single,     // a cell with one candidate left
  hidden_single,    // a digit with one place left in a house
  locked_pointing,  // a digit of a box-like house confined to one line: gone from the rest of it
  locked_claiming,  // a digit of a line confined to one box-like house: gone from the rest of it
  naked_pair,       // two cells of a house with the same two candidates
  naked_triple,
  naked_quad,
  hidden_pair,  // two digits with the same two places in a house
  hidden_triple,
  hidden_quad,
  x_wing,         // a digit on two places in each of two rows (or columns), in the same columns
  swordfish,      // the same with three rows (or columns)
  contradiction,  // a cell without candidates or a digit without a place: no solution
  // Chains (sudoku/chains.hpp), from the easiest:
  remote_pair,                   // bivalue cells of one pair, each seeing the next
  x_chain,                       // one digit, strong links in houses
  xy_chain,                      // strong links in bivalue cells, weak ones between them
  continuous_nice_loop,          // an alternating inference chain closed into a loop
  aic,                           // an alternating inference chain (a discontinuous nice loop)
  grouped_continuous_nice_loop,  // the same with grouped nodes
  grouped_aic,
  // The full ladder's own steps (Level::full), rated as Sudoku Explainer rates them.
  hidden_single_box,      // a hidden single in a box-like house (box, window, region)
  direct_pointing,        // locked candidates (pointing) that leave a hidden single, placed
  direct_claiming,        // locked candidates (claiming) that leave a hidden single, placed
  direct_hidden_pair,     // a hidden pair that leaves a hidden single in its house, placed
  direct_hidden_triple,   // a hidden triple that leaves a hidden single in its house, placed
  forcing_x_chain,        // a candidate that forces its own opposite through one digit's places
  forcing_y_chain,        // the same through cells with two candidates
  forcing_chain,          // the same through both
  nishio_forcing_chain,   // one digit assumed in a cell leads to a contradiction
  cell_forcing_chain,     // every candidate of a cell leads to the same (bivalue/bilocal links)
  region_forcing_chain,   // every place of a digit in a house leads to the same (same links)
  dynamic_forcing_chain,  // forcing nets: the same with every single the assumption makes
  dynamic_forcing_chain_plus,  // forcing nets that also apply locked candidates on the way
};

// The technique's name as people write it ("hidden single", "naked pair", "X-Wing", ...).
std::string_view technique_name(Technique technique) noexcept;

// A candidate: a digit in a cell.
struct Candidate {
  int cell = 0;
  int digit = 0;
};

// A node of a chain: a digit in one cell, or in a group of cells of one house (true when one of
// them holds the digit).
struct ChainNode {
  int digit = 0;
  std::vector<int> cells;  // one cell, or the group's cells in reading order
};

// A chain of alternating inferences as Eureka notation writes it: nodes i and i + 1 are joined by
// a strong link ("=": not both false) when strong[i], by a weak one ("-": not both true)
// otherwise. A loop joins the last node back to the first by one more weak link.
struct Chain {
  std::vector<ChainNode> nodes;
  std::vector<bool> strong;  // one per link
  bool loop = false;
  // The number of nodes, what length-dependent ratings count (0: the step is no chain).
  int length() const noexcept { return static_cast<int>(nodes.size()); }
};

// One deduction: what was found, where, and what it changed.
struct Step {
  Technique technique = Technique::naked_single;
  std::vector<int> houses;         // the houses the reasoning is about
  std::vector<int> cells;          // the cells the reasoning is about
  Mask digits = 0;                 // the digits the reasoning is about
  std::vector<Candidate> placed;   // digits placed
  std::vector<Candidate> removed;  // candidates removed
  Chain chain{};                   // the chain of a chain technique, empty otherwise
  int length = 0;  // chains and nets: the assumptions and implications of the reasoning
};

// A sentence in the solving community's notation, e.g. "r3c5=7: hidden single in box 2" or
// "naked pair {2,8} in r4c1, r4c6 removes 2 from r4c3". Digits are numbers ("12" in a 16x16),
// or the symbols of an alphabet of its own when `symbols` is one (under 0-F, "r3c5=6" for 7).
std::string describe(const Geometry& geometry, const Step& step, const Symbols& symbols = {});

// How hard a puzzle is, by the hardest technique it needs.
enum class Difficulty { simple, easy, intermediate, hard, expert };
// Its name ("simple", "easy", "intermediate", "hard", "expert").
std::string_view difficulty_name(Difficulty difficulty) noexcept;
// The difficulty a technique stands for.
Difficulty difficulty_of(Technique technique) noexcept;

// What a technique found, applied and reported.
struct Found {
  int steps = 0;               // deductions applied
  bool contradiction = false;  // the candidates admit no solution
};

// Per-geometry tables the techniques need (pairs of houses that share cells), built once.
class LogicTables {
 public:
  explicit LogicTables(const Geometry& geometry);
  // A number that no other LogicTables built in this process has (copies keep it): what the
  // per-thread scratch of the chain techniques (sudoku/chains.hpp) is keyed on.
  std::uint64_t serial() const noexcept { return serial_; }
  // Two houses sharing two or more cells, and those cells.
  struct Intersection {
    int a = 0, b = 0;
    std::vector<int> cells;   // in both houses
    std::vector<int> a_rest;  // in a only
    std::vector<int> b_rest;  // in b only
  };
  // Every pair of houses that share two or more cells (each pair once, a < b).
  const std::vector<Intersection>& intersections() const noexcept { return intersections_; }
  // The same for the fast scan of locked_candidates(), flat: per intersection i, record_size()
  // ints from layout()[i * record_size()]: its cells (cells_per_record()), then for a and then
  // for b the intersections whose cells make up its rest (parts_per_rest()) and the cells of the
  // rest that those leave out (cells_per_rest()). Padded with cell_count() (the cells) and
  // intersections().size() (the intersections).
  const std::vector<int>& layout() const noexcept { return layout_; }
  int record_size() const noexcept { return record_size_; }
  int cells_per_record() const noexcept { return cells_per_record_; }
  int parts_per_rest() const noexcept { return parts_per_rest_; }
  int cells_per_rest() const noexcept { return cells_per_rest_; }
  // The intersections holding a cell.
  std::span<const int> intersections_of(int cell) const noexcept {
    return {cell_parts_.data() + cell_parts_start_[static_cast<std::size_t>(cell)],
            cell_parts_.data() + cell_parts_start_[static_cast<std::size_t>(cell) + 1]};
  }

 private:
  std::uint64_t serial_;
  std::vector<Intersection> intersections_;
  std::vector<int> layout_;
  int record_size_ = 0, cells_per_record_ = 0, parts_per_rest_ = 0, cells_per_rest_ = 0;
  std::vector<int> cell_parts_, cell_parts_start_;
};

// Full house: the last empty cell of a house gets the missing digit.
Found full_house(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Naked single: a cell with one candidate gets it (and its peers lose it).
Found naked_single(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Hidden single: a digit with one place in a house goes there.
Found hidden_single(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Locked candidates for any two houses that share two or more cells: pointing (the digit of a
// box, window, region or diagonal confined to a line) and claiming (the other way round).
Found locked_candidates(Candidates& c, const LogicTables& tables,
                        std::vector<Step>* steps = nullptr, int limit = 0);
// Naked subsets of `size` cells (2: pair, 3: triple, 4: quad; other sizes throw
// std::invalid_argument) in a house.
Found naked_subset(Candidates& c, int size, std::vector<Step>* steps = nullptr, int limit = 0);
// Hidden subsets of `size` digits (2: pair, 3: triple, 4: quad; other sizes throw
// std::invalid_argument) in a house.
Found hidden_subset(Candidates& c, int size, std::vector<Step>* steps = nullptr, int limit = 0);
// Basic fish of `size` rows or columns (2: X-Wing, 3: Swordfish).
Found basic_fish(Candidates& c, int size, std::vector<Step>* steps = nullptr, int limit = 0);
// A cell without candidates or a digit without a place in a house, as a step (none if neither).
Found find_contradiction(const Candidates& c, std::vector<Step>* steps = nullptr);

// How far the reduction goes.
enum class Level {
  singles,  // full house, naked and hidden singles
  fast,     // and locked candidates, naked and hidden pairs: the fastest before a search
  all,      // and triples, quads, fish
  full,     // every technique, in Sudoku Explainer's order (full_ladder()), forcing nets last
};

// Applies the techniques, easiest first and back to the easiest after every success, until none
// applies; appends every step when `steps` is given. Returns the outcome; `hardest` (if given)
// is raised to the hardest technique used (initialise it to Technique::full_house).
Found reduce(Candidates& c, const LogicTables& tables, Level level,
             std::vector<Step>* steps = nullptr, Technique* hardest = nullptr);

// One rung of the full ladder: a technique function with the common signature (`limit` 1 takes
// the easiest step it finds: for chains and nets, the shortest).
struct Rung {
  Technique technique;  // the easiest technique the function reports
  Found (*apply)(Candidates& c, const LogicTables& tables, std::vector<Step>* steps, int limit);
};
// Every technique, in the order Sudoku Explainer tries them (by its difficulty, easiest first).
std::span<const Rung> full_ladder() noexcept;

// The next step a person could take: the first of the easiest technique that applies (a
// contradiction step when the candidates already admit no solution), up to `level`. Leaves `c`
// unchanged; returns false when no technique applies.
bool next_step(const Candidates& c, const LogicTables& tables, Step& step,
               Level level = Level::full);

}  // namespace sudoku
