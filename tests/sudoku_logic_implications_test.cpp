// The implication engine (sudoku/src/logic/implications.hpp): its lists against the rules read
// off the candidates directly, the chain engine's links against its lists, the 64-lane closure
// against the net followed one assumption at a time, and a shape change with the same candidates.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "logic/forcing_net.hpp"
#include "logic/implications.hpp"
#include "logic/spread.hpp"
#include "sudoku/logic/chains.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/play/explain.hpp"

namespace {

using sudoku::Candidates;
using sudoku::digit_bit;
using sudoku::Geometry;
using sudoku::Grid;
using sudoku::Level;
using sudoku::LogicTables;
using sudoku::Mask;
using sudoku::detail::Implications;
using sudoku::detail::Links;
using sudoku::detail::Net;
using sudoku::detail::Spread;

std::size_t at(int i) {
  return static_cast<std::size_t>(i);
}

// Hard puzzles (the first of top1465) reduced by every technique short of chains: positions
// with many candidates left.
std::vector<Candidates> positions(const Geometry& g, const LogicTables& tables) {
  const std::vector<std::string> puzzles = {
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
      "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
      ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
  };
  std::vector<Candidates> out;
  for (const std::string& text : puzzles) {
    Grid givens;
    for (char ch : text) givens.push_back(ch == '.' ? 0 : static_cast<std::uint8_t>(ch - '0'));
    Candidates c = sudoku::start_candidates(g, givens);
    sudoku::reduce(c, tables, sudoku::Level::fast);
    out.push_back(c);
  }
  return out;
}

std::set<int> list(const int* first, const int* last) {
  return {first, last};
}

TEST(LogicImplications, ListsAreTheRulesOfTheCandidates) {
  const Geometry g(9);
  const LogicTables tables(g);
  Implications links;
  for (const Candidates& c : positions(g, tables)) {
    links.load(c);
    links.list_on();
    links.list_off();
    links.list_groups();
    const int n = g.size();
    const std::vector<int>& live = links.live();
    ASSERT_FALSE(live.empty());
    for (std::size_t k = 0; k < live.size(); ++k) {
      const int x = live[k], cell = x / n, digit = x % n + 1;
      ASSERT_EQ(links.index(x), static_cast<int>(k));
      std::set<int> peers, cell_rest, strong;
      for (const int p : g.peers(cell))
        if (c.value(p) == 0 && (c.mask(p) & digit_bit(digit))) peers.insert(p * n + digit - 1);
      for (int d = 1; d <= n; ++d)
        if (d != digit && (c.mask(cell) & digit_bit(d))) cell_rest.insert(cell * n + d - 1);
      if (sudoku::count_of(c.mask(cell)) == 2) strong = cell_rest;
      for (const int h : g.houses_of(cell)) {
        std::vector<int> places;
        for (const int p : g.houses()[at(h)].cells)
          if (c.value(p) == 0 && (c.mask(p) & digit_bit(digit))) places.push_back(p);
        if (places.size() == 2)
          strong.insert((places[0] == cell ? places[1] : places[0]) * n + digit - 1);
      }
      std::set<int> on = cell_rest;
      on.insert(peers.begin(), peers.end());
      const int* to = links.on_to();
      EXPECT_EQ(list(to + links.on_first(false)[k], to + links.on_end()[k]), on);
      EXPECT_EQ(list(to + links.on_first(true)[k], to + links.on_end()[k]), peers);
      EXPECT_EQ(
          list(links.off_to() + links.off_start()[k], links.off_to() + links.off_start()[k + 1]),
          strong);
      // Its groups: its cell's first, then one per house of its cell.
      const int first = links.member_start()[k], last = links.member_start()[k + 1];
      ASSERT_EQ(last - first, 1 + static_cast<int>(g.houses_of(cell).size()));
      EXPECT_LT(links.member_of()[first], links.cell_groups());
      for (int e = first; e < last; ++e) {
        const int group = links.member_of()[e];
        const int* members = links.groups() + links.group_start()[group];
        const int* end = links.groups() + links.group_start()[group + 1];
        EXPECT_NE(std::find(members, end, x), end);
      }
    }
  }
}

TEST(LogicImplications, TheChainEnginesLinksAreTheLists) {
  const Geometry g(9);
  const LogicTables tables(g);
  Implications links;
  sudoku::ChainEngine engine(g, tables);
  for (const Candidates& c : positions(g, tables)) {
    links.load(c);
    links.list_on();
    links.list_off();
    engine.load(c, sudoku::ChainRules{});
    const int n = g.size();
    const std::vector<int>& live = links.live();
    for (std::size_t k = 0; k < live.size(); ++k) {
      const int x = live[k];
      const int node = engine.node_of(x / n, x % n + 1);
      ASSERT_TRUE(engine.exists(node));
      std::set<int> weak, strong;
      for (const int y : live) {
        const int other = engine.node_of(y / n, y % n + 1);
        if (engine.weak_link(node, other)) weak.insert(y);
        if (engine.strong_link(node, other)) strong.insert(y);
      }
      const int* to = links.on_to();
      EXPECT_EQ(weak, list(to + links.on_first(false)[k], to + links.on_end()[k]));
      EXPECT_EQ(strong, list(links.off_to() + links.off_start()[k],
                             links.off_to() + links.off_start()[k + 1]));
    }
  }
}

TEST(LogicImplications, LanesFindWhatTheNetFinds) {
  const Geometry g(9);
  const LogicTables tables(g);
  Implications links;
  Net net;
  Spread lanes;
  int compared = 0;
  for (const Candidates& c : positions(g, tables)) {
    links.load(c);
    net.start(c, nullptr, links);
    const auto words = static_cast<std::size_t>(net.words());
    const std::vector<int> live = links.live();
    std::vector<std::uint64_t> rows(at(g.cell_count() * g.size()) * words);
    for (const Links kind : {Links::nishio, Links::bivalue, Links::dynamic}) {
      lanes.start(links.lists(kind == Links::nishio, kind != Links::bivalue));
      for (std::size_t first = 0; first < live.size(); first += 64) {
        const int count = static_cast<int>(std::min<std::size_t>(64, live.size() - first));
        const std::uint64_t bad =
            lanes.follow(live.data() + first, count, true, rows.data(), words);
        for (int i = 0; i < count; ++i) {
          const int x = live[first + at(i)];
          const bool open = net.follow(x, true, kind, false, false);
          EXPECT_EQ(open, (bad >> i & 1) == 0) << x;
          if (!open) continue;
          const std::uint64_t* row = rows.data() + at(x) * words;
          EXPECT_TRUE(std::equal(row, row + words, net.bits().begin())) << x;
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 100);
}

TEST(LogicImplications, TheLanesWayToTheOppositeIsTheTrailsAndTheNetsFindsIt) {
  // Over the links as they stand, 64 assumptions at once find the links round to their own
  // opposite that one at a time, breadth first, finds; the net, looking for that one fact, finds
  // it exactly then.
  const Geometry g(9);
  const LogicTables tables(g);
  Implications links;
  Net net;
  Spread lanes, one;
  int found = 0;
  std::vector<Candidates> more = positions(g, tables);
  for (const char* text : {
           "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
           "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
           "8.5.....2...4.1...3.........6.7..4..2...5...........6....38.....1....9...9.....7.",
           ".2.....8.....4.6......1.....3.2.74..1.....5.....8.....2..3...7.4.5......6........",
           "......31.7..5.....2...4.....39..8..........62.1.......5..6....7.8....9......5....",
       }) {
    Grid givens;
    for (const char* p = text; *p != 0; ++p)
      givens.push_back(*p == '.' ? 0 : static_cast<std::uint8_t>(*p - '0'));
    for (const Level level : {Level::singles, Level::fast}) {
      Candidates c = sudoku::start_candidates(g, givens);
      sudoku::reduce(c, tables, level);
      more.push_back(c);
    }
  }
  for (const Candidates& c : more) {
    links.load(c);
    net.start(c, nullptr, links);
    const std::vector<int> live = links.live();
    lanes.start(links.lists(false, false));
    one.start(links.lists(false, false));
    for (const bool on : {true, false})
      for (std::size_t first = 0; first < live.size(); first += 64) {
        const int count = static_cast<int>(std::min<std::size_t>(64, live.size() - first));
        int out[64];
        const std::uint64_t lanes_found =
            lanes.opposite(live.data() + first, count, on, 1 << 30, out);
        for (int i = 0; i < count; ++i) {
          const int x = live[first + at(i)];
          const int links_round = one.trail(x, on, 1 << 30, x, !on);
          EXPECT_EQ(out[i], links_round) << x << on;
          EXPECT_EQ((lanes_found >> i & 1) != 0, links_round >= 0) << x << on;
          EXPECT_EQ(!net.follow(x, on, Links::bivalue, true), links_round >= 0) << x << on;
          if (links_round < 0) continue;
          ++found;
          // The way: alternating facts, each linked to the one before.
          std::vector<int> way;
          one.path(x, !on, way);
          ASSERT_EQ(way.size(), at(links_round) + 1);
          for (std::size_t k = 1; k < way.size(); ++k) EXPECT_NE(way[k] & 1, way[k - 1] & 1);
          // Shorter bounds find nothing.
          EXPECT_EQ(one.trail(x, on, links_round - 1, x, !on), -1);
          int bounded[64];
          lanes.opposite(live.data() + first, count, on, links_round - 1, bounded);
          EXPECT_EQ(bounded[i], -1);
        }
      }
  }
  EXPECT_GT(found, 20);
}

TEST(LogicImplications, AnotherShapeWithTheSameCandidatesIsBuiltAfresh) {
  // Empty grids: every candidate everywhere, but the diagonals of the x variant are houses and
  // anti-knight adds the knight's moves outside r5c5's houses to its peers, a killer cage its
  // other cells.
  const Geometry regular(9);
  const Geometry x(9, sudoku::Variant::x);
  const Geometry knight(9, sudoku::Variant::regular, sudoku::Chess::anti_knight);
  Implications links;
  const auto peers_of = [&](const Geometry& g, int cell) {
    const Candidates c(g);
    links.load(c);
    links.list_on();
    const int k = links.index(cell * 9);  // digit 1
    return links.on_end()[k] - links.on_first(true)[k];
  };
  EXPECT_EQ(peers_of(regular, 0), 20);
  EXPECT_EQ(peers_of(x, 0), 26);  // and six more cells of the main diagonal
  EXPECT_EQ(peers_of(regular, 0), 20);
  EXPECT_EQ(peers_of(knight, 40), 28);  // r3c4, r3c6, r4c3, r4c7, r6c3, r6c7, r7c4, r7c6
  EXPECT_EQ(peers_of(regular, 40), 20);
  // A killer cage r4c6, r4c7, r5c7 (sum 6) makes r5c7 a peer of r4c6 too.
  const Geometry killer = Geometry::killer(regular, {sudoku::Cage{{32, 33, 42}, 6, "A"}});
  EXPECT_EQ(peers_of(killer, 32), 21);
  EXPECT_EQ(peers_of(regular, 32), 20);
}

}  // namespace
