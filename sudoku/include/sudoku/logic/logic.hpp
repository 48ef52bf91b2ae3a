// The logical techniques people use, over every house of any variant, each as one function that
// applies what it finds to the candidates and reports it as steps.
//
// A technique function looks through the houses (or pairs of houses) in a fixed order, applies
// every deduction it finds (up to `limit` of them; 0 means no limit) and appends one Step per
// deduction to `steps` when given. Without `steps` nothing is allocated, so the same functions
// serve the fast reduction before the search and the explanations for people: a hint is the
// first step of the easiest technique that applies, on a copy of the candidates.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/geometry.hpp"

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
  // Fish, single-digit patterns, wings, colouring, uniqueness and almost locked sets (their
  // functions below), roughly from the easiest.
  jellyfish,        // the basic fish with four rows (or columns)
  skyscraper,       // two conjugate pairs on parallel lines whose near ends share a line
  two_string_kite,  // a conjugate pair on a row and one on a column, joined in a box
  turbot_fish,      // any other two conjugate pairs joined by two cells that see each other
  empty_rectangle,  // a box's digit on one row and one column, and a conjugate pair
  w_wing,           // two cells {x,y} joined by a conjugate pair on x
  xy_wing,          // a pivot {x,y} and pincers {x,z}, {y,z}
  xyz_wing,         // a pivot {x,y,z} and pincers {x,z}, {y,z}
  wxyz_wing,  // four cells, four digits, one of them not confined to cells that see each other
  unique_rectangle_1,  // uniqueness: a rectangle whose corners would swap two digits
  unique_rectangle_2,
  unique_rectangle_3,
  unique_rectangle_4,
  hidden_rectangle,
  bug_plus_one,    // all cells but one with two candidates, each digit twice in each house
  finned_x_wing,   // a fish with extra candidates (fins) in its base lines
  sashimi_x_wing,  // the same where a base line keeps one candidate without the fins
  finned_swordfish,
  sashimi_swordfish,
  finned_jellyfish,
  sashimi_jellyfish,
  simple_colours_trap,  // a digit's conjugate pairs in two colours: a cell sees both colours
  simple_colours_wrap,  // ... or two cells of one colour see each other
  multi_colours,        // two clusters of conjugate pairs linked to each other
  sue_de_coq,           // two houses' intersection split between two sets of their other cells
  als_xz,               // two almost locked sets with a restricted common digit
  als_xy_wing,          // three almost locked sets, two restricted common digits
  // Chains (sudoku/logic/chains.hpp), from the easiest:
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
  // Killer cages (Geometry::cages), rated on this library's own scale (Sudoku Explainer has no
  // cages): next to the techniques of a similar effort.
  cage_combinations,  // a cage's candidates that no combination of digits making its sum allows
  rule_of_45,         // a house or band's cages inside (or touching it) tell the sum of the rest
  // Sudoku Explainer's nested forcing chains (sudoku/logic/forcing.hpp): forcing nets that, when
  // the facts run out, run a search of their own on the candidates the facts leave.
  nested_forcing_chain,               // ... forcing chains
  nested_multiple_forcing_chain,      // ... forcing chains, then cell and region forcing chains
  nested_dynamic_forcing_chain,       // ... dynamic forcing chains
  nested_dynamic_forcing_chain_plus,  // ... dynamic forcing chains, then nested forcing chains
  // The rules' relations between two cells (Geometry::relations): a candidate that no candidate
  // of the other cell goes with.
  rule_relation,
  // What a rule asks of several cells at once (Geometry::constraints: a sum, digits around a
  // corner): a candidate that no filling of its cells keeping the rule gives.
  rule_constraint,
  // A candidate whose consequences through the cages and the rules (as well as the houses'
  // singles) contradict each other: a forcing chain over every rule.
  rule_forcing_chain,
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

// A fact of a forcing chain's or net's reasoning: a candidate true ("r3c5=7") or false
// ("r3c5<>7"), and the facts of its branch it follows from (none for the assumption).
struct Implication {
  int cell = 0;
  int digit = 0;
  bool on = false;
  std::vector<int> parents;  // indices into Branch::facts, all before this one
  // Found by a search run inside the branch (nested forcing chains): that step, as describe()
  // writes it; empty otherwise.
  std::string inside{};
};

// One branch of a forcing chain or net: its assumption and every fact its end rests on, in the
// order found; the end is the conclusion, or the facts that clash (a fact and its opposite, the
// last candidates of a cell, the last places of a digit in a house).
struct Branch {
  std::vector<Implication> facts;  // facts[0] is the assumption
  std::vector<int> ends;           // indices into facts
  bool contradiction = false;      // the ends clash
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
  // When the cells of the reasoning come in groups (the colours of colouring, the almost locked
  // sets), where each group ends: group i is cells[groups[i - 1] .. groups[i]) (from 0).
  std::vector<int> groups{};
  int length = 0;  // chains and nets: the assumptions and implications of the reasoning
  // Forcing chains and nets: one branch per assumption (one for a contradiction, one per
  // candidate of a cell or place of a digit in a house, two for a candidate true and false).
  std::vector<Branch> branches{};
  std::vector<int> cages{};  // killer steps: the cages the reasoning is about
  std::vector<int> relations{};  // rule steps: the relations (Geometry::relations) it is about
  std::vector<int> constraints{};  // rule steps: the constraints (Geometry::constraints)
  double difficulty = 0;           // a rule's own difficulty for its step (0: the technique's)
};

// A sentence in the solving community's notation, e.g. "r3c5=7: hidden single in box 2" or
// "naked pair {2,8} in r4c1, r4c6 removes 2 from r4c3". Digits are numbers ("12" in a 16x16),
// or the symbols of an alphabet of its own when `symbols` is one (under 0-F, "r3c5=6" for 7).
std::string describe(const Geometry& geometry, const Step& step, const Symbols& symbols = {});
// The links of a forcing chain or net, one line per path: each branch from its assumption to its
// end ("r8c9=7 -> r8c1<>7 -> r8c1=3 -> ... -> r5c5=9"), its first line naming the contradiction
// it ends in (": so r5c5 has no candidate left"), a fact that needs more than the one before it
// marked "[+ r2c7<>3]" with its own path on a line of its own ("r2c7<>3: r8c9=7 -> ..."), and,
// for several branches, a last line with the fact each forces. Empty for other steps.
std::vector<std::string> describe_links(const Geometry& geometry, const Step& step,
                                        const Symbols& symbols = {});

// Applies a step found on these candidates: places its digits (each taken from its peers) and
// removes its candidates. Returns false when a digit to place is no candidate any more.
bool apply(Candidates& candidates, const Step& step);

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
  // per-thread scratch of the chain techniques (sudoku/logic/chains.hpp) is keyed on.
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
  // Killer cages: the combinations of digits of each cage (cage_combinations), and the sets of
  // houses the rule of 45 looks at (every house, and every band of consecutive rows or columns),
  // with their cells and the sum of their digits. Empty without cages.
  const std::vector<Mask>& combinations(int cage) const {
    return combinations_.at(static_cast<std::size_t>(cage));
  }
  struct CageRegion {
    std::vector<int> houses;
    std::vector<int> cells;  // ascending
    int total = 0;           // the sum of their digits
  };
  const std::vector<CageRegion>& cage_regions() const noexcept { return cage_regions_; }
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
  void build_cage_tables(const Geometry& geometry);  // cages.cpp
  std::vector<std::vector<Mask>> combinations_;
  std::vector<CageRegion> cage_regions_;
};

// A rule's relation between two cells (Geometry::relations, sudoku/model/rule.hpp): the
// candidates of one cell that no candidate of the other goes with.
Found rule_relations(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// A rule's constraint over several cells (Geometry::constraints): the candidates of its cells
// that it rules out (Constraint::narrow).
Found rule_constraints(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Rule forcing chain: a candidate whose consequences through the singles, the cages'
// combinations, the rule of 45 and the rules' relations contradict each other is removed (for
// puzzles with cages or rules; nothing otherwise).
Found rule_forcing_chain(Candidates& c, const LogicTables& tables,
                         std::vector<Step>* steps = nullptr, int limit = 0);
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
// Basic fish of `size` rows or columns (2: X-Wing, 3: Swordfish, 4: Jellyfish).
Found basic_fish(Candidates& c, int size, std::vector<Step>* steps = nullptr, int limit = 0);

// The patterns beyond subsets and basic fish (sudoku/src/logic/). What they assume of the
// houses: fish take rows as base and columns as cover or the other way round (parallel lines,
// every variant has them); Skyscraper, 2-String Kite and Empty Rectangle are shapes of rows,
// columns and box-like houses (boxes, windows, jigsaw regions); every other pattern links cells
// through any house, and every elimination removes a candidate from the cells that see the
// pattern's ends through any house (windows and diagonals included).

// Finned and sashimi fish of `size` rows or columns (2 to 4): a basic fish but for extra
// candidates (fins) in its base lines; the cover cells that see every fin lose the digit.
Found finned_fish(Candidates& c, int size, std::vector<Step>* steps = nullptr, int limit = 0);
// Skyscraper: conjugate pairs of a digit on two parallel lines whose near ends share a line;
// cells that see both far ends lose the digit.
Found skyscraper(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// 2-String Kite: a conjugate pair on a row and one on a column whose near ends share a box-like
// house (box, window, region); cells that see both far ends lose the digit.
Found two_string_kite(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Turbot fish: any two conjugate pairs (in any houses) whose near ends see each other; cells
// that see both far ends lose the digit.
Found turbot_fish(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Empty Rectangle: a digit of a box-like house confined to one row and one column of it, and a
// conjugate pair on a line crossing one of them: the cell where the pair's other line crosses
// the other one loses the digit.
Found empty_rectangle(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// W-Wing: two cells {x,y} that do not see each other, each seeing one end of a conjugate pair
// on x; cells that see both lose y.
Found w_wing(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// XY-Wing: a pivot {x,y} seeing pincers {x,z} and {y,z}; cells that see both pincers lose z.
Found xy_wing(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// XYZ-Wing: a pivot {x,y,z} seeing pincers {x,z} and {y,z}; cells that see all three lose z.
Found xyz_wing(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// WXYZ-Wing: four cells holding four digits between them, each digit but one (z) confined to
// cells that see each other; cells that see every z of the four lose z.
Found wxyz_wing(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Simple colours: a digit's conjugate pairs chained into a cluster of two colours, one of them
// true. Wrap: two cells of one colour see each other, so that colour leaves all its cells.
// Trap: a cell outside that sees both colours loses the digit.
Found simple_colours(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Multi-colours: two clusters of one digit. A colour of one seeing both colours of the other is
// false; a colour of each seeing each other makes the two opposite colours one true, and cells
// that see both lose the digit.
Found multi_colours(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);

// Uniqueness: a rectangle of two rows and two columns whose corners could swap two digits
// (every house holds as many corners of one diagonal as of the other: two boxes, no window or
// diagonal through one corner) would give a second solution. They assume the puzzle has one
// solution and find nothing unless `unique` says it is known or declared to have one.
// Unique Rectangle of type 1 to 4 (other types throw std::invalid_argument).
Found unique_rectangle(Candidates& c, int type, bool unique, std::vector<Step>* steps = nullptr,
                       int limit = 0);
// Hidden Rectangle: a corner {x,y}, and x conjugate on both lines of the opposite corner: that
// corner loses y.
Found hidden_rectangle(Candidates& c, bool unique, std::vector<Step>* steps = nullptr,
                       int limit = 0);
// BUG+1: every open cell but one has two candidates, and without one digit of that cell every
// digit would have two places in every house: the cell holds that digit.
Found bug_plus_one(Candidates& c, bool unique, std::vector<Step>* steps = nullptr, int limit = 0);

// Almost locked sets (n cells of one house with n + 1 candidates between them).
// Sue de Coq: the cells where two houses cross, with two more candidates than cells, split
// between a set of cells of each house's rest; each house's rest loses the set's digits.
Found sue_de_coq(Candidates& c, const LogicTables& tables, std::vector<Step>* steps = nullptr,
                 int limit = 0);
// ALS-XZ: two almost locked sets with a restricted common digit x (its cells in both see each
// other); cells that see every z of both (another common digit) lose z.
Found als_xz(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// ALS-XY-Wing: sets A and B each with a restricted common digit (x, y) with a third C; cells
// that see every z of A and B lose z.
Found als_xy_wing(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);

// Killer cages (sudoku/src/logic/cages.cpp).
// Cage combinations: the combinations of distinct digits that make a cage's sum, kept when the
// placed digits and the candidates of the open cells can fill the cage with them; each open
// cell loses the candidates that no such filling gives it.
Found cage_combinations(Candidates& c, const LogicTables& tables,
                        std::vector<Step>* steps = nullptr, int limit = 0);
// Rule of 45: a house, or a band of consecutive rows or columns, holds each digit once per house,
// so its digits add up to a known total. The cages wholly inside it tell the sum of its other
// cells (innies); the cages touching it, when they cover it, the sum of their cells outside it
// (outies). One to three open cells of such a sum: one cell gets the sum, less the digits placed;
// several lose the candidates outside the bounds the others' candidates leave.
Found rule_of_45(Candidates& c, const LogicTables& tables, std::vector<Step>* steps = nullptr,
                 int limit = 0);

// A cell without candidates or a digit without a place in a house, as a step (none if neither).
Found find_contradiction(const Candidates& c, std::vector<Step>* steps = nullptr);

// How far the reduction goes.
enum class Level {
  singles,  // full house, naked and hidden singles
  fast,     // and locked candidates, naked and hidden pairs: the fastest before a search
  all,      // and triples, quads, X-Wing, Swordfish and the chains (no other pattern)
  full,     // every technique, in Sudoku Explainer's order (full_ladder()), forcing nets last
};

// Applies the techniques, easiest first and back to the easiest after every success, until none
// applies; appends every step when `steps` is given. Returns the outcome; `hardest` (if given)
// is raised to the hardest technique used (initialise it to Technique::full_house). The
// uniqueness techniques (rungs of the full ladder) take part only when `unique` says the puzzle
// has one solution. At Level::full with `steps` or `hardest`, the rounds are those of the
// rating (sudoku::EasiestFirst, sudoku/logic/rating.hpp): the explanation is the rating's path.
// A raised `stop` flag ends it between rounds and between rungs of the full ladder (the caller
// tells a reduction cut short by the flag).
Found reduce(Candidates& c, const LogicTables& tables, Level level,
             std::vector<Step>* steps = nullptr, Technique* hardest = nullptr, bool unique = false,
             const std::atomic<bool>* stop = nullptr);

// reduce at Level::fast without steps, except that the pairs are looked for only once locked
// candidates have removed something in this reduction: a puzzle they leave as it is seldom gains
// from the pairs what looking for them costs (sudoku::Solver's choice on regular 9x9 grids,
// measured in docs/history/2026-12-02.md). Every deduction it makes, reduce makes too.
Found reduce_pairs_after_locked(Candidates& c, const LogicTables& tables);

// One rung of the full ladder: a technique function with the common signature (`limit` 1 takes
// the easiest step it finds: for chains and nets, the shortest).
struct Rung {
  Technique technique;  // the easiest technique the function reports
  Found (*apply)(Candidates& c, const LogicTables& tables, std::vector<Step>* steps, int limit);
  bool assumes_unique = false;  // a uniqueness technique: a rung only for puzzles with one solution
};
// Every technique, in the order Sudoku Explainer tries them (by its difficulty, easiest first;
// the patterns it has no name for where it rates the equivalent chain). The rungs that assume a
// unique solution apply what they find whatever the puzzle: their callers skip them unless the
// puzzle is known or declared unique.
std::span<const Rung> full_ladder() noexcept;

// The next step a person could take: the first of the easiest technique that applies (a
// contradiction step when the candidates already admit no solution), up to `level`; at
// Level::full, the first step of the rating's next round (sudoku::EasiestFirst). Leaves `c`
// unchanged; returns false when no technique applies (or a raised `stop` flag cut the search
// short, as for reduce()). Uniqueness as for reduce().
bool next_step(const Candidates& c, const LogicTables& tables, Step& step,
               Level level = Level::full, bool unique = false,
               const std::atomic<bool>* stop = nullptr);

}  // namespace sudoku
