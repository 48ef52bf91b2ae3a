// The zero-suppressed decision diagram (ZDD) of all the solutions of an exact-cover problem, as
// Knuth's DLX6 builds it (after Nishino, Yasuda, Minato and Nagata, "Dancing with decision
// diagrams", 2017): Algorithm X on dancing links, whose subproblems are remembered by the items
// still open, so that a subproblem met again reuses the diagram of its solutions.
//
// Node 0 is the empty family (no solution), node 1 the family of the empty set; every other node
// stands for "option `option`, then the solutions of `hi`, or else those of `lo`". The diagram is
// not reduced: its nodes are those the search makes, the same as DLX6's.
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "dlx/matrix.hpp"

namespace dlx {

struct ZddNode {
  OptionId option = 0;  // the option chosen on the hi branch
  std::uint32_t lo = 0, hi = 0;
};

struct Zdd {
  // Node i + 2 is nodes[i]; each refers only to nodes made before it (and to 0 and 1).
  std::vector<ZddNode> nodes;
  std::uint32_t root = 0;  // 0: no solution; 1: the empty solution alone
  std::uint64_t solutions = 0;
  std::uint64_t search_nodes = 0;  // as DLX6 counts them: one per level entered or solution
  std::uint64_t memos = 0;         // subproblems remembered
  std::uint64_t hits = 0;          // subproblems met again (and solutions, as DLX6 counts them)
  // DLX6's "ZDD nodes": the nodes made and the two constants (1 when no node was made).
  std::uint64_t node_count() const noexcept { return nodes.empty() ? 1 : nodes.size() + 2; }
};

// Bounds on the building; 0: none. A ZDD stopped by one holds the solutions found until then
// (with the nodes that join them to the root, a few past the bound).
struct ZddLimits {
  std::uint64_t nodes = 0;  // ZDD nodes (as node_count counts them)
};

// Builds the ZDD of the solutions of a matrix without colors or bounds (Algorithm X, primary and
// secondary items); throws std::invalid_argument for one with colors or bounds. `stopped`, when
// given, is set when a limit stopped the building.
Zdd build_zdd(const Matrix& matrix, const ZddLimits& limits = {}, bool* stopped = nullptr);

// Writes the diagram as DLX6 does, one node a line in the order made, "id: (~option?lo:hi)" with
// the ids in hexadecimal and the option numbered from 1 in input order, then a last line for a
// root node of option 0: "id: (~0?0:root)" (Knuth's ZDDREAD format).
void write_zdd(std::ostream& out, const Zdd& zdd);

}  // namespace dlx
