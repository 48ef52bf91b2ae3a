// Chains of alternating inferences between candidates, and the techniques built on them: Remote
// Pair, X-Chain, XY-Chain and the nice loops (alternating inference chains, plain and grouped).
//
// The nodes of a chain are candidates (a digit in a cell) and, grouped, the places of a digit in
// the cells two houses share (the cells of a row in a box, of a column in a window, ...: true
// when one of them holds the digit). Two nodes are linked
//   strongly ("="): they cannot both be false: a digit's only two places in a house (cells or
//                   groups), or the two digits of a bivalue cell;
//   weakly ("-"):   they cannot both be true: one digit in nodes that see each other (every
//                   cell of the one shares a house with every cell of the other), or two digits
//                   of one cell.
// An alternating inference chain A=B-C=...=Z (it starts and ends with a strong link) proves that
// A or Z is true: a candidate weakly linked to both ends goes. When the ends are weakly linked
// too, the chain closes into a continuous nice loop, and every candidate weakly linked to both
// nodes of any of its links goes. When both ends are the same candidate, that candidate is true
// (a discontinuous nice loop with two strong links at its start).
//
// Every house of the variant takes part (windows, diagonals and jigsaw regions like rows and
// boxes); the techniques assume nothing else of the geometry.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"

namespace sudoku {

namespace detail {
class Implications;
class Spread;
}  // namespace detail

// The links a search may follow (by default those of an alternating inference chain without
// groups).
struct ChainRules {
  Mask digits = ~Mask{0};   // the digits of its nodes
  bool house_links = true;  // strong links between a digit's only two places in a house
  bool cell_links = true;   // strong links between the two digits of a bivalue cell
  bool cell_weak = true;    // weak links between two digits of one cell
  bool groups = false;      // grouped nodes
  Mask pair = 0;  // when not 0, only bivalue cells holding exactly these digits link strongly
};

// The chain engine: breadth-first searches of the implications of one position ("if this node
// is true, that one is false, so that one is true, ..."), under rules that say which links a
// chain may take. The nodes and links are the library's implication engine's (its nodes view,
// sudoku/src/logic/implications.hpp), kept while the candidates stay; the searches are its
// propagation's (sudoku/src/logic/spread.hpp), which the forcing chains and nets use too.
//
// Node ids: (digit - 1) * stride() + k, where k < cell_count() is the candidate of that digit in
// cell k and k = cell_count() + i is the group of that digit in intersection i of
// LogicTables::intersections() (its cells holding the digit, when two or more). A state is a node
// assumed true (on) or false (off). Built for one geometry; load() allocates nothing once it has
// run on that geometry, nor does search(). Not thread-safe: use one per thread (local()).
class ChainEngine {
 public:
  ChainEngine(const Geometry& geometry, const LogicTables& tables);
  ~ChainEngine();
  ChainEngine(const ChainEngine&) = delete;
  ChainEngine& operator=(const ChainEngine&) = delete;
  // This thread's engine for these tables (built on first use, kept for the thread's life).
  static ChainEngine& local(const Geometry& geometry, const LogicTables& tables);

  // Takes the nodes and links of the candidates under the rules (the open cells only).
  void load(const Candidates& c, const ChainRules& rules);
  // The id space: node ids are below node_limit().
  int stride() const noexcept { return stride_; }
  int node_limit() const noexcept { return digits_ * stride_; }
  // The node of a candidate, and whether a node exists in the loaded position.
  int node_of(int cell, int digit) const noexcept { return (digit - 1) * stride_ + cell; }
  bool exists(int node) const noexcept;
  bool is_group(int node) const noexcept { return node % stride_ >= cells_; }
  int digit_of_node(int node) const noexcept { return node / stride_ + 1; }
  // The cell of a candidate node (the first cell of a group).
  int cell_of_node(int node) const noexcept;
  // The node as a chain writes it.
  ChainNode describe_node(int node) const;
  // True when the loaded links join the two nodes strongly / weakly.
  bool strong_link(int a, int b) const noexcept;
  bool weak_link(int a, int b) const noexcept;

  // Breadth-first search from `node` assumed true (`on`) or false, alternating the links (from a
  // true node weak links lead to false ones, from a false node strong links to true ones), at most
  // `max_links` links deep. Stops as soon as the state (target, target_on) is reached (-1: none)
  // and returns its distance in links, or -1 when it is not reached.
  int search(int node, bool on, int max_links, int target = -1, bool target_on = false);
  // For each of `count` nodes, the links of the shortest way from it assumed true round to itself
  // false (the chain that removes it), or -1 when there is none within `max_links`: out[i] for
  // nodes[i]. Searches 64 nodes at once, a bit each, without the paths (search() finds the path
  // of one).
  void loops(const int* nodes, int count, int max_links, int* out);
  // After search(): whether a state was reached, in how many links, and the states on the way
  // from the start (start first, `node` last).
  bool reached(int node, bool on) const noexcept;
  int distance(int node, bool on) const noexcept;
  void path(int node, bool on, std::vector<int>& states) const;
  // A state's id and its parts (state = node * 2 + on).
  static int state(int node, bool on) noexcept { return node * 2 + (on ? 1 : 0); }
  static int node_of_state(int state) noexcept { return state >> 1; }
  static bool on_of_state(int state) noexcept { return (state & 1) != 0; }

  // The candidates weakly linked to a node (whatever the rules): per digit d, cell_words() words
  // from out + (d - 1) * cell_words(). `out` has digits * cell_words() words.
  void weak_candidates(int node, std::uint64_t* out) const noexcept;
  int cell_words() const noexcept { return words_; }

 private:
  // The links of the position, shared by the searches (logic/implications.hpp).
  std::unique_ptr<detail::Implications> links_;
  int digits_ = 0, cells_ = 0, stride_ = 0;
  int words_ = 0;       // words of a set of cells
  int node_words_ = 0;  // words of a set of nodes of one digit
  // Per load: the rules, and per digit its nodes under them (node words).
  ChainRules rules_;
  std::vector<std::uint64_t> present_;
  // Per load: the nodes (their positions in nodes_) and their links as lists of positions (from
  // a true node the weak ones, from a false node the strong ones), built for the first search,
  // which the searches follow (spread_, over positions).
  void list_links();
  int position(int node) const noexcept;  // -1: none
  bool listed_ = false;
  std::vector<int> nodes_, position_, identity_, weak_start_, weak_to_, strong_start_, strong_to_;
  std::unique_ptr<detail::Spread> spread_;
};

// Remote Pair: a chain of bivalue cells with the same two digits, each seeing the next; a cell
// seeing two cells of the chain an odd number of links apart loses both digits.
Found remote_pair(Candidates& c, const LogicTables& tables, std::vector<Step>* steps = nullptr,
                  int limit = 0);
// X-Chain: an alternating inference chain on one digit, strong links in houses.
Found x_chain(Candidates& c, const LogicTables& tables, std::vector<Step>* steps = nullptr,
              int limit = 0);
// XY-Chain: an alternating inference chain whose strong links are bivalue cells, weak links
// between them on one digit.
Found xy_chain(Candidates& c, const LogicTables& tables, std::vector<Step>* steps = nullptr,
               int limit = 0);
// Nice loops: alternating inference chains of any links (Technique::aic, or
// continuous_nice_loop when they close), with grouped nodes when `grouped` (then reported as
// the grouped techniques when a group takes part).
Found nice_loop(Candidates& c, const LogicTables& tables, bool grouped,
                std::vector<Step>* steps = nullptr, int limit = 0);

// Each technique takes the shortest chains first: over all candidates it could remove, the one
// with the shortest chain goes first (cells in reading order, then digits, among equals).

// The chain in Eureka notation: "(5)r1c2=(5)r1c8-(5)r4c8=(5)r4c2", a bivalue cell as
// "(1=2)r1c1", a group as "(5)r1c23"; a loop ends with its first node again.
std::string eureka(const Geometry& geometry, const Chain& chain, const Symbols& symbols = {});
// The sentence describe() writes for a chain step: "X-Chain: (5)r1c2=(5)r1c8-(5)r4c8=(5)r4c2 =>
// r2c2,r3c2<>5" (digits with the same cells together: "r5c5<>17"; a placement as "=> r1c2=5").
std::string describe_chain(const Geometry& geometry, const Step& step, const Symbols& symbols = {});

}  // namespace sudoku
