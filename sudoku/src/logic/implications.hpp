// The implications between the candidates of a position: what a candidate true makes false and
// what a candidate false makes true. One engine for every technique that follows them: the chains
// (sudoku/logic/chains.hpp: ChainEngine), the forcing chains and nets (logic/forcing_net.hpp: one
// assumption with its parents), followed by one propagation (logic/spread.hpp: 64 assumptions at
// once, or one with the way to each fact). Internal to the library.
//
// A position is held as two pictures of its candidates (load()):
//
//   masks:  per open cell, its candidates          -> the cell group of the cell
//   board:  per digit, the open cells holding it    -> the house groups: board & house
//
//     digit 5 board, row 4:  . 5 . | 5 . . | . 5 .    house group (r4, 5) = {r4c2, r4c4, r4c8}
//     r4c4 mask {1,5,8}                               cell group r4c4 = {1r4c4, 5r4c4, 8r4c4}
//
// and the implications come from the groups, each holding exactly one true candidate:
//
//   x true   => the rest of its cell group, and its digit in its peers, false      (on_to)
//   x false  => as they stand: the other of its cell group or of a house group of
//               two true                                                        (off_to)
//               dynamically: a group of x left with one candidate makes that one true (groups)
//
// Views built from the pictures on first use, kept until the candidates or the shape change:
//
//   candidates (x = cell * size + digit - 1): live, on_to, off_to, groups  -> Net, Spread
//   nodes, per digit: its candidates, then its grouped nodes (the cells of an intersection of
//     LogicTables holding it, two or more), a bit row per node of the nodes of its digit
//     strongly (off => on) and weakly (on => off) linked to it             -> ChainEngine
//
// Allocates only when a position needs more room than those before it on its shape. Not
// thread-safe: one per thread.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "logic/spread.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"

namespace sudoku::detail {

class Implications {
 public:
  // Grouped nodes: the intersections of `tables`, whose shape every load then has (none
  // without this).
  void group_by(const Geometry& g, const LogicTables& tables);
  // Takes a position (its open cells). Views already built stay when the candidates and the
  // shape are those of the last load (the techniques of one position share them).
  void load(const Candidates& c);

  // The position.
  const Geometry& geometry() const noexcept { return *geometry_; }
  int size() const noexcept { return digits_; }
  int cells() const noexcept { return cells_; }
  int cell_words() const noexcept { return words_; }
  // The candidates of an open cell (0 for a placed one).
  Mask mask(int cell) const noexcept { return masks_[static_cast<std::size_t>(cell)]; }
  // The open cells holding digit d0 + 1 (cell_words() words).
  const std::uint64_t* board(int d0) const noexcept {
    return board_.data() + static_cast<std::ptrdiff_t>(d0) * words_;
  }

  // Candidates view. The candidates left, ascending; a candidate's place among them (-1: none).
  const std::vector<int>& live();
  int index(int candidate) const noexcept { return index_[static_cast<std::size_t>(candidate)]; }
  const int* index() const noexcept { return index_.data(); }
  // Per live candidate k (lists of candidates): true, what goes false (from on_first(k, false):
  // its cell, then its peers; from on_first(k, true): its peers only); false, what goes true as
  // the candidates stand (off_to: its cell's other, then each house's other, houses in order).
  void list_on();
  void list_off();
  const int* on_to() const noexcept { return on_to_.data(); }
  // Per live candidate k, its list runs from on_first(peers_only)[k] to on_end()[k].
  const int* on_first(bool peers_only) const noexcept {
    return peers_only ? on_peers_.data() : on_start_.data();
  }
  const int* on_end() const noexcept { return on_start_.data() + 1; }
  const int* off_to() const noexcept { return off_to_.data(); }
  const int* off_start() const noexcept { return off_start_.data(); }
  // The groups (a cell's candidates, a digit's places in a house): cell groups first
  // (cell_groups() of them), each group's candidates from groups()[group_start()[g]], and per live
  // candidate k the groups holding it from member_of()[member_start()[k]] (its cell's first).
  void list_groups();
  int group_count() const noexcept { return static_cast<int>(group_start_.size()) - 1; }
  int cell_groups() const noexcept { return cell_groups_; }
  const int* group_start() const noexcept { return group_start_.data(); }
  const int* groups() const noexcept { return groups_.data(); }
  const int* member_start() const noexcept { return member_start_.data(); }
  const int* member_of() const noexcept { return member_of_.data(); }
  // Per group, its house (-1 for a cell's).
  const int* group_house() const noexcept { return group_house_.data(); }
  // The lists as the propagation takes them (logic/spread.hpp): on_to (from on_first(peers_only)),
  // and off_to or, `dynamic`, the groups (nishio, `peers_only`, passing over the cell groups).
  LinkLists lists(bool peers_only, bool dynamic);

  // Nodes view. Node ids: (digit - 1) * stride() + k, k < cells() a candidate, k = cells() + i
  // the grouped node of intersection i. link(d0, grouped): the nodes of digit d0 + 1 (grouped
  // ones when asked) and their links, kept until the candidates change; returns its nodes
  // (node_words() words, bit k).
  int stride() const noexcept { return stride_; }
  int node_words() const noexcept { return node_words_; }
  const std::uint64_t* link(int d0, bool grouped);
  const std::uint64_t* strong(int node) const noexcept { return row(strong_, node); }
  const std::uint64_t* weak(int node) const noexcept { return row(weak_, node); }
  // The cells of a grouped node (cell_words() words), and the cells seeing all of them.
  const std::uint64_t* group_cells(int node) const noexcept;
  const std::uint64_t* group_peers(int node) const noexcept;

 private:
  // Room in `list` for an entry per live candidate and per cell or house of one (the most
  // off_to and the groups hold).
  int* room(std::vector<int>& list);
  const std::uint64_t* row(const std::vector<std::uint64_t>& table, int node) const noexcept {
    return table.data() + static_cast<std::ptrdiff_t>(node) * node_words_;
  }
  std::uint64_t* row(std::vector<std::uint64_t>& table, int node) noexcept {
    return table.data() + static_cast<std::ptrdiff_t>(node) * node_words_;
  }
  // Takes the shape of a load (false: the one held), and builds for a shape.
  bool shape(const Geometry& g);
  void reshape(const Geometry& g, const LogicTables* tables);

  const Geometry* geometry_ = nullptr;
  bool grouped_ = false;  // grouped nodes from tables (whose shape every load has)
  int digits_ = 0, cells_ = 0, intersections_ = 0, stride_ = 0, words_ = 0, node_words_ = 0;
  // Per geometry: the cells of each intersection, and pairs of intersections sharing two cells
  // or more (a grouped node may be found twice).
  std::vector<std::uint64_t> intersection_cells_;
  std::vector<std::pair<int, int>> overlapping_;
  // Without tables, the houses (as bits) and chess constraints of the shape held: a load on
  // another shape builds afresh.
  std::vector<std::uint64_t> shape_bits_;
  // The pictures.
  std::vector<Mask> masks_;
  std::vector<std::uint64_t> board_;
  // Candidates view.
  bool live_built_ = false, on_built_ = false, off_built_ = false, groups_built_ = false;
  std::vector<int> live_, index_;
  std::vector<int> on_start_, on_peers_, on_to_, off_start_, off_to_;
  int cell_groups_ = 0;
  std::vector<int> group_start_, group_house_, groups_, member_start_, member_of_, fill_;
  // Nodes view: per digit, its links made (0: not, 1: without groups, 2: with) and its nodes.
  std::vector<char> linked_;
  std::vector<std::uint64_t> present_;
  std::vector<std::uint64_t> strong_, weak_;              // per node: the nodes of its digit
  std::vector<std::uint64_t> group_cells_, group_peers_;  // per grouped node: cells, common peers
  std::vector<int> group_list_;                           // the grouped nodes of one digit
};

}  // namespace sudoku::detail
