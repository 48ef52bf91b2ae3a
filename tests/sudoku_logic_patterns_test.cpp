// The patterns beyond subsets and basic fish: each technique on a position where it is the next
// step of the ladder (taken from real puzzles, see each case), on regular grids and on variant
// houses, and a soundness check over generated puzzles.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/logic/logic.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/search/solver.hpp"
#include "sudoku_ladder_steps.hpp"
#include "test_share.hpp"

namespace {

using namespace sudoku;

std::size_t at(int i) {
  return static_cast<std::size_t>(i);
}

// Candidates from a pencil-mark grid: one token per cell in reading order, "=d" for a placed
// digit, otherwise the digits still possible in the cell.
Candidates position(const Geometry& g, std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> tokens;
  for (std::string token; in >> token;) tokens.push_back(token);
  Candidates c(g);
  if (tokens.size() != at(g.cell_count())) {
    ADD_FAILURE() << tokens.size() << " tokens for " << g.cell_count() << " cells";
    return c;
  }
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (tokens[at(cell)][0] == '=') {
      EXPECT_TRUE(c.assign(cell, tokens[at(cell)][1] - '0')) << cell_name(g.size(), cell);
    }
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const std::string& token = tokens[at(cell)];
    if (token[0] == '=') continue;
    Mask keep = 0;
    for (char ch : token) keep |= digit_bit(ch - '0');
    EXPECT_EQ(c.mask(cell) & keep, keep)
        << "a placed peer rules out a candidate of " << cell_name(g.size(), cell);
    for (int d = 1; d <= g.size(); ++d)
      if ((keep & digit_bit(d)) == 0) c.eliminate(cell, d);
  }
  return c;
}

std::string show(const Step& s) {
  std::ostringstream out;
  out << technique_name(s.technique) << " houses";
  for (int h : s.houses) out << ' ' << h;
  out << " cells";
  for (int x : s.cells) out << ' ' << x;
  out << " groups";
  for (int x : s.groups) out << ' ' << x;
  out << " digits " << s.digits << " placed";
  for (auto p : s.placed) out << " {" << p.cell << ',' << p.digit << '}';
  out << " removed";
  for (auto r : s.removed) out << " {" << r.cell << ',' << r.digit << '}';
  return out.str();
}

bool same_step(const Step& a, const Step& b) {
  const auto same = [](const std::vector<Candidate>& x, const std::vector<Candidate>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (x[i].cell != y[i].cell || x[i].digit != y[i].digit) return false;
    return true;
  };
  return a.technique == b.technique && a.houses == b.houses && a.cells == b.cells &&
         a.groups == b.groups && a.digits == b.digits && same(a.placed, b.placed) &&
         same(a.removed, b.removed);
}

bool same_state(const Candidates& a, const Candidates& b) {
  for (int cell = 0; cell < a.geometry().cell_count(); ++cell)
    if (a.mask(cell) != b.mask(cell) || a.value(cell) != b.value(cell)) return false;
  return true;
}

using Apply = std::function<Found(Candidates&, const LogicTables&, bool, std::vector<Step>*, int)>;

struct Case {
  Technique technique;
  Variant variant;
  Apply run;
  const char* grid;
  Step expected;
  const char* text;
};

// Each position comes from a puzzle (named above it) solved by the ladder up to the first time
// the technique is its next step: every easier technique finds nothing there (the ladder before
// the chains joined it).
const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {Technique::skyscraper,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return skyscraper(c, s, l);
       },
       // puzzles3_magictour_top1465 line 1
       "=4 569 1268 5789 =3 15789 259 2567 25679 "
       "1237 359 12 =6 127 14579 =8 2357 234579 "
       "23678 3569 268 45789 278 45789 23459 23567 =1 "
       "1236 346 1246 378 =5 13678 23 =9 2378 "
       "123 =8 59 3479 17 13479 =6 12357 23457 "
       "136 =7 59 =2 168 134689 345 1358 3458 "
       "68 46 468 =1 =9 =2 =7 35 35 "
       "=5 12 =3 78 678 678 129 =4 29 "
       "=9 12 =7 35 =4 35 12 68 68",
       {Technique::skyscraper, {12, 2, 15}, {39, 21, 24, 51}, 0x8, {}, {{44, 4}, {50, 4}}, {}, {}},
       "Skyscraper on 4: (4)r5c4=(4)r3c4-(4)r3c7=(4)r6c7 removes 4 from r5c9, r6c6"},
      {Technique::two_string_kite,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return two_string_kite(c, s, l);
       },
       // puzzles3_magictour_top1465 line 13
       "=6 57 =9 234 2345 2345 1347 1245 =8 "
       "23 58 23 =7 458 =1 469 4569 569 "
       "=4 578 =1 69 2358 69 37 25 2357 "
       "157 =9 =8 123 =6 2357 17 12 =4 "
       "157 =2 46 1489 1457 45789 16789 =3 1679 "
       "17 =3 46 12489 1247 24789 =5 12689 12679 "
       "239 =1 23 =5 34 3468 34689 =7 369 "
       "=8 46 57 12346 =9 23467 1346 1456 1356 "
       "39 46 57 13468 1347 34678 =2 145689 13569",
       {Technique::two_string_kite, {16, 26, 6}, {52, 79, 60, 59}, 0x80, {}, {{50, 8}}, {}, {}},
       "2-String Kite on 8: (8)r6c8=(8)r9c8-(8)r7c7=(8)r7c6 removes 8 from r6c6"},
      {Technique::turbot_fish,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return turbot_fish(c, s, l);
       },
       // puzzles3_magictour_top1465 line 250
       "15 23 23 =4 157 17 =6 =8 =9 "
       "=4 15 =6 135 =8 =9 =2 =7 135 "
       "=7 =8 =9 135 =2 =6 145 135 1345 "
       "=2 =9 15 15 =6 =8 =3 =4 =7 "
       "=6 =7 =4 =9 15 =3 =8 15 =2 "
       "=8 13 135 =2 47 47 59 569 156 "
       "39 124 =8 =7 149 =5 149 2369 1346 "
       "159 =6 12 =8 =3 124 =7 259 145 "
       "1359 1245 =7 =6 149 124 1459 239 =8",
       {Technique::turbot_fish, {16, 4, 22}, {25, 43, 40, 30}, 0x1, {}, {{21, 1}}, {}, {}},
       "Turbot Fish on 1: (1)r3c8=(1)r5c8-(1)r5c5=(1)r4c4 removes 1 from r3c4"},
      {Technique::empty_rectangle,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return empty_rectangle(c, s, l);
       },
       // puzzles3_magictour_top1465 line 36
       "34589 459 458 469 249 469 2349 =7 =1 "
       "349 =2 67 =8 479 =1 3469 3569 34569 "
       "49 =1 67 =5 2479 =3 2469 2689 24689 "
       "=7 458 =9 =1 =6 458 234 235 2345 "
       "45 456 =3 =2 459 4579 =8 =1 45679 "
       "=1 4568 =2 349 34589 45789 4679 569 45679 "
       "489 =3 =1 4679 489 =2 =5 689 6789 "
       "=6 579 58 379 =1 589 2379 =4 23789 "
       "=2 4579 458 34679 34589 45689 =1 3689 36789",
       {Technique::empty_rectangle,
        {19, 0, 13, 11},
        {3, 4, 5, 13, 22, 2, 74},
        0x8,
        {},
        {{76, 4}},
        {},
        {5, 7}},
       "Empty Rectangle on 4 in box 2 (row 1, column 5) with conjugate pair r1c3, r9c3 (column 3) "
       "removes 4 from r9c5"},
      {Technique::xy_wing,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return xy_wing(c, s, l);
       },
       // puzzles3_magictour_top1465 line 16
       "=7 =1 =8 29 25 259 =3 46 46 "
       "=9 235 235 =6 =4 =1 25 78 78 "
       "=4 25 =6 78 =3 78 259 15 19 "
       "18 =6 17 34 =9 34 78 =2 =5 "
       "=3 257 =9 27 =8 2567 167 147 147 "
       "258 24578 2457 =1 256 2567 678 =9 =3 "
       "168 =9 1347 =5 16 3468 17 13678 =2 "
       "12568 2358 1235 2389 =7 23689 =4 13568 1689 "
       "12568 234578 123457 23489 126 234689 59 135678 16789",
       {Technique::xy_wing, {}, {33, 27, 60}, 0xc1, {}, {{54, 1}}, {}, {}},
       "XY-Wing {1,7,8} with pivot r4c7 and pincers r4c1, r7c7 removes 1 from r7c1"},
      {Technique::xyz_wing,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return xyz_wing(c, s, l);
       },
       // puzzles3_magictour_top1465 line 39
       "=8 =5 =7 69 26 269 =4 =1 =3 "
       "=9 26 14 =3 147 18 =5 2678 678 "
       "=3 26 14 147 =5 148 269 2689 6789 "
       "25 =4 =8 156 1236 =7 1369 369 169 "
       "=7 39 369 14689 13468 13469 136 =5 =2 "
       "25 =1 369 569 236 23569 =7 48 48 "
       "=6 389 39 =2 78 134 13 347 =5 "
       "14 =7 25 1456 1346 13456 =8 23469 1469 "
       "14 38 25 78 =9 13456 1236 23467 1467",
       {Technique::xyz_wing, {}, {23, 14, 20}, 0x89, {}, {{21, 1}}, {}, {}},
       "XYZ-Wing {1,4,8} with pivot r3c6 and pincers r2c6, r3c3 removes 1 from r3c4"},
      {Technique::w_wing,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return w_wing(c, s, l);
       },
       // puzzles3_magictour_top1465 line 16
       "=7 =1 =8 29 25 259 =3 46 46 "
       "=9 235 235 =6 =4 =1 25 78 78 "
       "=4 25 =6 78 =3 78 259 15 19 "
       "18 =6 17 34 =9 34 78 =2 =5 "
       "=3 257 =9 27 =8 2567 167 147 147 "
       "258 24578 2457 =1 25 2567 678 =9 =3 "
       "68 =9 1347 =5 16 348 17 13678 =2 "
       "12568 2358 1235 2389 =7 2389 =4 13568 1689 "
       "12568 234578 123457 23489 16 23489 59 135678 16789",
       {Technique::w_wing, {4}, {19, 37, 41, 49}, 0x12, {}, {{46, 2}}, {}, {}},
       "W-Wing {2,5}: (2=5)r3c2-(5)r5c2=(5)r5c6-(5=2)r6c5 removes 2 from r6c2"},
      {Technique::wxyz_wing,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return wxyz_wing(c, s, l);
       },
       // puzzles3_magictour_top1465 line 12
       "=8 =1 =9 =4 26 26 =3 =7 =5 "
       "46 =3 246 =7 =5 =1 24 =8 =9 "
       "=5 24 =7 =8 =3 =9 246 16 12 "
       "19 =7 =8 =5 =4 =3 19 =2 =6 "
       "=3 24 124 =6 =9 27 17 =5 =8 "
       "269 =5 26 =1 27 =8 79 =4 =3 "
       "=7 =6 =3 =2 =1 =5 =8 =9 =4 "
       "124 =9 124 =3 =8 467 =5 16 127 "
       "124 =8 =5 =9 67 467 26 =3 127",
       {Technique::wxyz_wing, {}, {26, 76, 78, 80}, 0x63, {}, {{71, 2}}, {}, {}},
       "WXYZ-Wing {1,2,6,7} in r3c9, r9c5, r9c7, r9c9 removes 2 from r8c9"},
      {Technique::jellyfish,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return basic_fish(c, 4, s, l);
       },
       // puzzles3_magictour_top1465 line 475
       "129 259 47 1679 456789 =3 125 89 124 "
       "=8 =3 59 =2 59 14 =6 =7 14 "
       "129 =6 47 179 45789 148 125 89 =3 "
       "=5 =1 38 679 38 =2 79 =4 679 "
       "29 289 689 1679 4678 148 =3 =5 679 "
       "=4 =7 369 =5 369 69 12 12 =8 "
       "=7 59 15 =4 26 69 =8 =3 12 "
       "=3 =4 =2 =8 =1 =5 79 =6 79 "
       "=6 89 189 =3 29 =7 =4 12 =5",
       {Technique::jellyfish,
        {1, 5, 6, 8, 10, 11, 13, 14},
        {11, 13, 47, 49, 50, 55, 59, 73, 74, 76},
        0x100,
        {},
        {{1, 9}, {37, 9}, {38, 9}, {4, 9}, {22, 9}},
        {},
        {}},
       "Jellyfish on 9 in row 2, row 6, row 7, row 9 (cover column 2, column 3, column 5, column "
       "6) removes 9 from r1c2, r5c2, r5c3, r1c5, r3c5"},
      {Technique::finned_x_wing,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 2, s, l);
       },
       // puzzles3_magictour_top1465 line 65
       "189 129 =3 =4 125 259 =6 =7 2589 "
       "=5 1269 89 189 1267 2679 =3 =4 28 "
       "=7 =4 26 89 2356 2356 189 189 25 "
       "=6 25 12459 =3 1258 2459 2589 289 =7 "
       "139 =8 =7 19 1256 2569 259 36 =4 "
       "349 235 2459 =7 2568 24569 2589 36 =1 "
       "=2 19 148 =6 37 37 1489 =5 89 "
       "134 3567 1456 25 =9 =8 1247 12 36 "
       "389 3567 5689 25 =4 =1 2789 289 36",
       {Technique::finned_x_wing,
        {10, 17, 0, 6},
        {1, 8, 55, 62, 10},
        0x100,
        {},
        {{0, 9}},
        {},
        {4, 5}},
       "finned X-Wing on 9 in column 2, column 9 (cover row 1, row 7; fin r2c2) removes 9 from "
       "r1c1"},
      {Technique::sashimi_x_wing,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 2, s, l);
       },
       // puzzles3_magictour_top1465 line 24
       "=3 168 =7 59 5689 =4 19 =2 569 "
       "456 26 2456 =1 2569 23679 =8 3456 345679 "
       "=9 1268 124568 2357 2568 235678 1347 13456 34567 "
       "1678 12678 1268 47 =3 157 147 =9 4568 "
       "167 =5 39 =8 1249 1279 12347 1346 3467 "
       "178 =4 39 =6 1259 12579 1237 1358 3578 "
       "4678 36789 468 2349 24689 23689 =5 3478 =1 "
       "=2 1368 14568 345 =7 1568 349 348 3489 "
       "14578 13789 1458 3459 14589 13589 =6 3478 =2",
       {Technique::sashimi_x_wing,
        {0, 3, 14, 17},
        {8, 32, 35, 3, 4},
        0x10,
        {},
        {{23, 5}},
        {},
        {3, 5}},
       "sashimi X-Wing on 5 in row 1, row 4 (cover column 6, column 9; fins r1c4, r1c5) removes 5 "
       "from r3c6"},
      {Technique::finned_swordfish,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 3, s, l);
       },
       // puzzles3_magictour_top1465 line 35
       "=5 =1 =8 246 2346 2346 49 2469 =7 "
       "=6 37 =2 =9 47 =1 3458 458 358 "
       "=4 37 =9 58 267 58 13 26 1236 "
       "123 =8 =7 126 =5 2369 19 29 =4 "
       "12 =6 45 12478 1249 24789 15789 =3 12589 "
       "123 =9 45 12478 1234 2348 =6 2578 1258 "
       "89 =2 =6 =3 49 4579 45789 =1 589 "
       "=7 45 13 12456 =8 24569 3459 4569 3569 "
       "89 45 13 14567 1469 45679 =2 456789 35689",
       {Technique::finned_swordfish,
        {0, 3, 7, 14, 15, 16},
        {6, 7, 32, 33, 34, 68, 69, 70, 71},
        0x100,
        {},
        {{60, 9}, {79, 9}},
        {},
        {8, 9}},
       "finned Swordfish on 9 in row 1, row 4, row 8 (cover column 6, column 7, column 8; fin "
       "r8c9) removes 9 from r7c7, r9c8"},
      {Technique::sashimi_swordfish,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 3, s, l);
       },
       // puzzles3_magictour_top1465 line 135
       "24679 12679 1246 =8 2469 57 1246 =3 12459 "
       "24689 12369 =5 2369 23469 3469 =7 24689 12489 "
       "246789 23679 23468 =1 23469 57 2468 245689 24589 "
       "2467 267 246 236 =5 1368 =9 2468 12348 "
       "=1 =8 2469 =7 2369 369 2346 2456 2345 "
       "=3 =5 269 =4 12689 1689 1268 =7 128 "
       "589 139 =7 359 14 =2 348 489 =6 "
       "2689 12369 12368 369 =7 14 =5 2489 23489 "
       "2569 =4 236 3569 3689 3689 23 =1 =7",
       {Technique::sashimi_swordfish,
        {1, 3, 6, 10, 13, 17},
        {10, 17, 35, 55, 58, 32},
        0x1,
        {},
        {{49, 1}},
        {},
        {5, 6}},
       "sashimi Swordfish on 1 in row 2, row 4, row 7 (cover column 2, column 5, column 9; fin "
       "r4c6) removes 1 from r6c5"},
      {Technique::finned_jellyfish,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 4, s, l);
       },
       // puzzles3_magictour_top1465 line 311
       "=5 78 =1 27 =9 =4 67 378 2368 "
       "3478 =2 3478 =6 18 =5 =9 478 148 "
       "46789 4789 46789 127 128 =3 17 4578 12458 "
       "689 589 5689 =3 56 =2 =4 =1 =7 "
       "17 =3 57 159 =4 78 =2 =6 89 "
       "12467 147 2467 19 67 1678 =5 389 389 "
       "134789 145789 34789 145 567 167 167 =2 14569 "
       "12479 14579 24579 1245 =3 167 =8 4579 14569 "
       "1247 =6 2457 =8 12 =9 =3 457 145",
       {Technique::finned_jellyfish,
        {1, 4, 7, 8, 9, 11, 14, 16},
        {9, 11, 16, 36, 38, 41, 63, 65, 68, 70, 72, 74, 79, 64},
        0x40,
        {},
        {{54, 7}, {56, 7}},
        {},
        {13, 14}},
       "finned Jellyfish on 7 in row 2, row 5, row 8, row 9 (cover column 1, column 3, column 6, "
       "column 8; fin r8c2) removes 7 from r7c1, r7c3"},
      {Technique::sashimi_jellyfish,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 4, s, l);
       },
       // puzzles3_magictour_top1465 line 494
       "=9 457 =1 =6 458 3478 378 78 =2 "
       "57 =8 =2 35 1359 1379 =6 =4 1379 "
       "46 467 =3 47 =2 189 =5 189 189 "
       "13468 34679 479 35 34569 3469 =2 1789 134789 "
       "348 23479 =5 =1 349 2349 3478 789 =6 "
       "1346 23469 49 =8 =7 23469 134 =5 1349 "
       "457 459 479 =2 168 168 1478 =3 1478 "
       "=2 =1 =8 =9 34 347 47 =6 =5 "
       "347 37 =6 47 18 =5 =9 =2 18",
       {Technique::sashimi_jellyfish,
        {0, 2, 4, 7, 10, 14, 15, 16},
        {1, 5, 6, 7, 19, 37, 42, 43, 68, 69, 21},
        0x40,
        {},
        {{14, 7}},
        {},
        {10, 11}},
       "sashimi Jellyfish on 7 in row 1, row 3, row 5, row 8 (cover column 2, column 6, column 7, "
       "column 8; fin r3c4) removes 7 from r2c6"},
      {Technique::simple_colours_trap,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return simple_colours(c, s, l);
       },
       // puzzles3_magictour_top1465 line 250
       "15 23 23 =4 157 17 =6 =8 =9 "
       "=4 15 =6 135 =8 =9 =2 =7 135 "
       "=7 =8 =9 135 =2 =6 145 135 1345 "
       "=2 =9 15 15 =6 =8 =3 =4 =7 "
       "=6 =7 =4 =9 15 =3 =8 15 =2 "
       "=8 135 135 =2 47 47 159 1569 156 "
       "139 124 =8 =7 149 =5 149 12369 1346 "
       "159 =6 125 =8 =3 124 =7 1259 145 "
       "1359 1245 =7 =6 149 124 1459 12359 =8",
       {Technique::simple_colours_trap,
        {},
        {0, 29, 40, 4, 10, 30, 43},
        0x10,
        {},
        {{46, 5}},
        {},
        {3, 7}},
       "simple colours (trap) on 5: (r1c1, r4c3, r5c5) / (r1c5, r2c2, r4c4, r5c8) removes 5 from "
       "r6c2"},
      {Technique::simple_colours_wrap,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return simple_colours(c, s, l);
       },
       // puzzles2_17_clue line 1771
       "=5 48 67 269 289 =1 489 27 =3 "
       "=3 489 67 2569 289 589 49 27 =1 "
       "89 =1 =2 =7 =3 =4 =6 =5 89 "
       "28 28 49 =1 =5 =6 =3 49 =7 "
       "49 =6 =3 29 278 789 =1 48 =5 "
       "=7 =5 =1 49 489 =3 89 =6 =2 "
       "249 29 45 =8 =1 59 =7 =3 =6 "
       "=1 =7 89 =3 =6 =2 =5 89 =4 "
       "=6 =3 58 459 47 579 =2 =1 89",
       {Technique::simple_colours_wrap,
        {},
        {18, 34, 36, 55, 65, 80, 10, 26, 29, 51, 70},
        0x100,
        {},
        {{18, 9}, {34, 9}, {36, 9}, {55, 9}, {65, 9}, {80, 9}},
        {},
        {6, 11}},
       "simple colours (wrap) on 9: (r3c1, r4c8, r5c1, r7c2, r8c3, r9c9) / (r2c2, r3c9, r4c3, "
       "r6c7, r8c8) removes 9 from r3c1, r4c8, r5c1, r7c2, r8c3, r9c9"},
      {Technique::multi_colours,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return multi_colours(c, s, l);
       },
       // puzzles3_magictour_top1465 line 385
       "=3 29 259 59 =4 =1 =8 =7 =6 "
       "589 =6 =1 =7 38 59 359 24 24 "
       "589 47 47 =2 38 =6 =1 59 359 "
       "59 78 78 =6 59 =2 =4 =3 =1 "
       "=2 =1 3569 458 =7 3459 569 5689 589 "
       "=4 39 3569 58 =1 359 5679 25689 25789 "
       "=6 =5 2349 =1 29 =8 379 49 347 "
       "=7 389 389 459 =6 49 =2 =1 3589 "
       "=1 2489 2489 =3 259 =7 569 45689 4589",
       {Technique::multi_colours,
        {},
        {3, 2, 14, 31, 66, 27, 71, 76},
        0x10,
        {},
        {{9, 5}, {18, 5}, {38, 5}, {47, 5}},
        {},
        {1, 3, 5, 8}},
       "multi-colours on 5: (r1c4) / (r1c3, r2c6), (r4c5, r8c4) / (r4c1, r8c9, r9c5) removes 5 "
       "from r2c1, r3c1, r5c3, r6c3"},
      {Technique::unique_rectangle_1,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return unique_rectangle(c, 1, u, s, l);
       },
       // puzzles3_magictour_top1465 line 1
       "=4 569 1268 5789 =3 15789 259 2567 25679 "
       "1237 359 12 =6 127 14579 =8 2357 234579 "
       "23678 3569 268 45789 278 45789 23459 23567 =1 "
       "1236 346 1246 378 =5 13678 23 =9 2378 "
       "123 =8 59 3479 17 13479 =6 12357 2357 "
       "136 =7 59 =2 168 13689 345 1358 3458 "
       "68 46 468 =1 =9 =2 =7 35 35 "
       "=5 12 =3 78 678 678 129 =4 29 "
       "=9 12 =7 35 =4 35 12 68 68",
       {Technique::unique_rectangle_1, {}, {64, 69, 73, 78}, 0x3, {}, {{69, 1}, {69, 2}}, {}, {}},
       "Unique Rectangle type 1 {1,2} in r8c2, r8c7, r9c2, r9c7 removes 1 from r8c7; 2 from r8c7"},
      {Technique::unique_rectangle_2,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return unique_rectangle(c, 2, u, s, l);
       },
       // puzzles3_magictour_top1465 line 39
       "=8 =5 =7 69 26 269 =4 =1 =3 "
       "=9 26 14 =3 1478 148 =5 2678 678 "
       "=3 26 14 1478 =5 148 269 2689 6789 "
       "25 =4 =8 1569 1236 =7 1369 369 169 "
       "=7 39 369 14689 13468 134689 1369 =5 =2 "
       "25 =1 369 569 236 23569 =7 48 48 "
       "=6 389 39 =2 13478 1348 13 347 =5 "
       "14 =7 25 1456 1346 13456 =8 23469 1469 "
       "14 38 25 145678 =9 134568 1236 23467 1467",
       {Technique::unique_rectangle_2,
        {},
        {11, 14, 20, 23},
        0x9,
        {},
        {{13, 8}, {21, 8}, {41, 8}, {59, 8}, {77, 8}},
        {},
        {}},
       "Unique Rectangle type 2 {1,4} in r2c3, r2c6, r3c3, r3c6 removes 8 from r2c5, r3c4, r5c6, "
       "r7c6, r9c6"},
      {Technique::unique_rectangle_3,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return unique_rectangle(c, 3, u, s, l);
       },
       // puzzles3_magictour_top1465 line 71
       "=4 89 =1 38 =6 =2 359 3579 579 "
       "=3 89 57 148 45789 457 =2 =6 14 "
       "27 =6 257 134 34579 3457 =8 39 14 "
       "=1 =5 789 =2 3478 =6 349 3789 789 "
       "=6 34 2789 348 4578 3457 3459 =1 25789 "
       "27 34 278 =9 34578 =1 =6 23578 2578 "
       "59 =2 34 =7 34 =8 =1 59 =6 "
       "=8 =1 =6 =5 =2 =9 =7 =4 =3 "
       "59 =7 34 =6 =1 34 59 28 28",
       {Technique::unique_rectangle_3,
        {12},
        {12, 17, 21, 26, 3},
        0x9,
        {},
        {{39, 3}, {39, 8}},
        {},
        {4, 5}},
       "Unique Rectangle type 3 {1,4} in r2c4, r2c9, r3c4, r3c9, the roof a naked subset with r1c4 "
       "(column 4) removes 3 from r5c4; 8 from r5c4"},
      {Technique::unique_rectangle_4,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return unique_rectangle(c, 4, u, s, l);
       },
       // puzzles3_magictour_top1465 line 12
       "=8 =1 =9 46 26 246 =3 57 57 "
       "246 234 2346 =7 =5 =1 24 89 89 "
       "=5 24 =7 89 =3 89 246 16 12 "
       "19 =7 18 35 =4 35 189 =2 =6 "
       "=3 248 12468 68 =9 2678 178 1578 1578 "
       "269 2589 2568 =1 267 2678 789 =4 =3 "
       "179 =6 1358 =2 17 3579 178 13789 =4 "
       "12479 2349 1234 3469 =8 34679 =5 13679 1279 "
       "12479 234589 123458 34569 167 345679 26 136789 12789",
       {Technique::unique_rectangle_4, {4}, {7, 8, 43, 44}, 0x50, {}, {{43, 7}, {44, 7}}, {}, {}},
       "Unique Rectangle type 4 {5,7} in r1c8, r1c9, r5c8, r5c9, 5 only in the roof in row 5, "
       "removes 7 from r5c8, r5c9"},
      {Technique::hidden_rectangle,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return hidden_rectangle(c, u, s, l);
       },
       // puzzles3_magictour_top1465 line 1
       "=4 569 1268 5789 =3 15789 25 2567 5679 "
       "1237 359 12 =6 127 14579 =8 2357 34579 "
       "23678 3569 268 45789 278 45789 2345 23567 =1 "
       "1236 346 1246 378 =5 13678 23 =9 378 "
       "123 =8 59 3479 17 13479 =6 12357 357 "
       "136 =7 59 =2 168 13689 345 1358 3458 "
       "68 46 468 =1 =9 =2 =7 35 35 "
       "=5 =1 =3 78 678 678 =9 =4 =2 "
       "=9 =2 =7 35 =4 35 =1 68 68",
       {Technique::hidden_rectangle, {3, 11}, {28, 29, 55, 56}, 0x28, {}, {{29, 6}}, {}, {}},
       "Hidden Rectangle {4,6} in r4c2, r4c3, r7c2, r7c3 removes 6 from r4c3"},
      {Technique::bug_plus_one,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return bug_plus_one(c, u, s, l);
       },
       // puzzles3_magictour_top1465 line 65
       "18 129 =3 =4 12 =5 =6 =7 89 "
       "=5 16 89 89 16 =7 =3 =4 =2 "
       "=7 =4 26 89 =3 26 18 19 =5 "
       "=6 25 =1 =3 25 =4 =9 =8 =7 "
       "=9 =8 =7 =1 56 26 25 =3 =4 "
       "=4 =3 25 =7 =8 =9 25 =6 =1 "
       "=2 19 =4 =6 =7 =3 18 =5 89 "
       "13 =7 56 25 =9 =8 =4 12 36 "
       "38 56 89 25 =4 =1 =7 29 36",
       {Technique::bug_plus_one, {}, {1}, 0x1, {{1, 1}}, {}, {}, {}},
       "r1c2=1: BUG+1"},
      {Technique::sue_de_coq,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return sue_de_coq(c, t, s, l);
       },
       // puzzles3_magictour_top1465 line 13
       "=6 57 =9 234 2345 2345 1347 1245 =8 "
       "=2 58 =3 =7 458 =1 469 4569 569 "
       "=4 578 =1 69 238 69 37 25 2357 "
       "157 =9 =8 123 =6 2357 17 12 =4 "
       "157 =2 46 1489 1457 45789 16789 =3 1679 "
       "17 =3 46 12489 1247 2479 =5 12689 12679 "
       "=9 =1 =2 =5 34 3468 3468 =7 36 "
       "=8 46 57 12346 =9 23467 1346 1456 1356 "
       "=3 46 57 1468 147 4678 =2 145689 1569",
       {Technique::sue_de_coq,
        {16, 20},
        {7, 16, 25, 34, 15, 17},
        0x13b,
        {},
        {{52, 1}, {52, 2}, {70, 1}, {79, 1}, {6, 4}, {26, 5}},
        {},
        {3, 4, 6}},
       "Sue de Coq {1,2,4,5,6,9}: r1c8, r2c8, r3c8 (column 8, box 3) with r4c8 (column 8) and "
       "r2c7, r2c9 (box 3) removes 1 from r6c8, r8c8, r9c8; 2 from r6c8; 4 from r1c7; 5 from r3c9"},
      {Technique::als_xz,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return als_xz(c, s, l);
       },
       // puzzles3_magictour_top1465 line 1
       "=4 569 1268 5789 =3 15789 25 2567 5679 "
       "1237 359 12 =6 127 14579 =8 2357 34579 "
       "23678 3569 268 45789 278 45789 2345 23567 =1 "
       "1236 346 124 378 =5 13678 23 =9 378 "
       "123 =8 59 3479 17 13479 =6 12357 357 "
       "136 =7 59 =2 168 13689 345 1358 3458 "
       "68 46 468 =1 =9 =2 =7 35 35 "
       "=5 =1 =3 78 678 678 =9 =4 =2 "
       "=9 =2 =7 35 =4 35 =1 68 68",
       {Technique::als_xz,
        {12, 20},
        {3, 21, 30, 66, 75, 6, 7, 8, 16, 24, 25},
        0x108,
        {},
        {{5, 9}},
        {},
        {5, 11}},
       "ALS-XZ: A = r1c4, r3c4, r4c4, r8c4, r9c4 (column 4), B = r1c7, r1c8, r1c9, r2c8, r3c7, "
       "r3c8 (box 3), x = 4, removes 9 from r1c6"},
      {Technique::als_xy_wing,
       Variant::regular,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return als_xy_wing(c, s, l);
       },
       // puzzles3_magictour_top1465 line 1
       "=4 569 1268 5789 =3 1578 25 2567 5679 "
       "1237 359 12 =6 127 14579 =8 2357 34579 "
       "23678 3569 268 45789 278 45789 2345 23567 =1 "
       "1236 346 124 378 =5 13678 23 =9 378 "
       "123 =8 59 3479 17 13479 =6 12357 357 "
       "136 =7 59 =2 168 13689 345 1358 3458 "
       "68 46 468 =1 =9 =2 =7 35 35 "
       "=5 =1 =3 78 678 678 =9 =4 =2 "
       "=9 =2 =7 35 =4 35 =1 68 68",
       {Technique::als_xy_wing,
        {1, 23, 0},
        {9, 11, 13, 16, 33, 35, 44, 51, 53, 6},
        0x52,
        {},
        {{17, 7}},
        {},
        {4, 9, 10}},
       "ALS-XY-Wing: A = r2c1, r2c3, r2c5, r2c8 (row 2), B = r4c7, r4c9, r5c9, r6c7, r6c9 (box 6), "
       "C = r1c7 (row 1), x, y = {2,5}, removes 7 from r2c9"},
      // On variant houses.
      {Technique::skyscraper,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return skyscraper(c, s, l);
       },
       // hyper puzzle of Generator seed 1
       "45679 =8 4679 =2 3467 3457 3457 1347 145 "
       "4567 467 =3 468 467 =1 4578 =9 =2 "
       "=1 47 =2 489 479 34578 34578 =6 458 "
       "46789 1467 146789 =5 4679 478 248 248 =3 "
       "=2 =5 4689 134689 13469 3489 69 48 =7 "
       "346789 346 468 468 =2 4789 =1 =5 69 "
       "347 =9 =5 134 =8 =6 2347 2347 14 "
       "3468 =2 1468 =7 13459 349 3489 348 145689 "
       "34678 13467 14678 1349 13459 =2 3456789 13478 145689",
       {Technique::skyscraper, {9, 0, 14}, {9, 0, 5, 23}, 0x10, {}, {{15, 5}}, {}, {}},
       "Skyscraper on 5: (5)r2c1=(5)r1c1-(5)r1c6=(5)r3c6 removes 5 from r2c7"},
      {Technique::two_string_kite,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return two_string_kite(c, s, l);
       },
       // hyper puzzle of Generator seed 1
       "4679 =8 4679 =2 3467 3457 3457 =1 45 "
       "=5 467 =3 468 467 =1 478 =9 =2 "
       "=1 47 =2 489 479 35 35 =6 48 "
       "46789 1467 14679 =5 4679 478 248 248 =3 "
       "=2 =5 469 13469 13469 3489 69 48 =7 "
       "346789 346 468 46 =2 4789 =1 =5 69 "
       "347 =9 =5 134 =8 =6 24 2347 14 "
       "3468 =2 1468 =7 3459 349 489 348 145689 "
       "34678 13467 1467 1349 13459 =2 45689 3478 45689",
       {Technique::two_string_kite, {5, 30, 16}, {45, 50, 61, 79}, 0x40, {}, {{72, 7}}, {}, {}},
       "2-String Kite on 7: (7)r6c1=(7)r6c6-(7)r7c8=(7)r9c8 removes 7 from r9c1"},
      {Technique::turbot_fish,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return turbot_fish(c, s, l);
       },
       // hyper puzzle of Generator seed 1
       "45679 =8 4679 =2 3467 3457 3457 1347 145 "
       "4567 467 =3 1468 1467 14578 4578 =9 =2 "
       "=1 47 =2 489 479 34578 34578 =6 458 "
       "46789 1467 146789 =5 14679 1478 248 248 =3 "
       "=2 =5 14689 134689 13469 3489 69 48 =7 "
       "346789 346 468 468 =2 4789 =1 =5 69 "
       "347 =9 =5 134 =8 =6 2347 2347 14 "
       "3468 =2 1468 =7 13459 349 3489 348 145689 "
       "34678 13467 14678 1349 13459 =2 3456789 13478 145689",
       {Technique::turbot_fish, {10, 24, 29}, {28, 73, 65, 57}, 0x1, {}, {{12, 1}}, {}, {}},
       "Turbot Fish on 1: (1)r4c2=(1)r9c2-(1)r8c3=(1)r7c4 removes 1 from r2c4"},
      {Technique::empty_rectangle,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return empty_rectangle(c, s, l);
       },
       // hyper puzzle of Generator seed 2
       "=8 2579 5679 =4 15679 12567 =3 125 1256 "
       "23569 35 =4 368 135689 12358 12589 =7 12568 "
       "235679 =1 567 3678 356789 2358 2589 =4 2568 "
       "357 3578 =2 =9 1378 138 =6 135 =4 "
       "345679 35789 156789 13678 =2 134678 157 1359 13579 "
       "34679 479 16 =5 13467 137 127 =8 12379 "
       "=1 2478 =3 278 4578 =9 257 =6 2578 "
       "2579 2789 789 16 135678 1357 =4 1235 1235789 "
       "24579 =6 5789 12378 134578 134578 12578 12359 1235789",
       {Technique::empty_rectangle,
        {27, 2, 12, 7},
        {12, 20, 21, 66, 67},
        0x20,
        {},
        {{22, 6}},
        {},
        {3, 5}},
       "Empty Rectangle on 6 in window 1 (row 3, column 4) with conjugate pair r8c4, r8c5 (row 8) "
       "removes 6 from r3c5"},
      {Technique::xy_wing,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return xy_wing(c, s, l);
       },
       // hyper puzzle of Generator seed 56
       "=7 15 =6 =8 25 2459 49 34 13 "
       "18 35 3458 =7 =6 49 =2 148 59 "
       "=2 =9 48 =1 =3 45 58 =6 =7 "
       "18 =6 58 =2 =4 =7 =3 19 59 "
       "=4 235 =9 35 =8 =1 56 =7 26 "
       "35 12 =7 35 =9 =6 14 24 =8 "
       "=6 =8 12 =9 12 =3 =7 =5 =4 "
       "35 =4 35 =6 =7 =8 19 29 12 "
       "=9 =7 12 =4 125 25 68 38 36",
       {Technique::xy_wing, {}, {14, 17, 23}, 0x118, {}, {{24, 5}}, {}, {}},
       "XY-Wing {4,5,9} with pivot r2c6 and pincers r2c9, r3c6 removes 5 from r3c7"},
      {Technique::xyz_wing,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return xyz_wing(c, s, l);
       },
       // hyper puzzle of Generator seed 6
       "4678 4678 =9 678 3567 35678 25678 25678 =1 "
       "=3 =5 =1 678 =2 =4 678 =9 78 "
       "678 678 =2 =9 =1 578 =3 5678 =4 "
       "5689 368 368 =4 5679 67 12 12 578 "
       "59 =2 =7 =1 =8 359 459 345 =6 "
       "=1 689 =4 =2 35679 35679 5789 3578 3578 "
       "24678 13678 368 5678 467 12678 145678 1345678 =9 "
       "246789 136789 368 5678 467 126789 145678 1345678 23578 "
       "246789 4678 =5 =3 4679 16789 1678 1678 278",
       {Technique::xyz_wing, {}, {15, 17, 32}, 0xe0, {}, {{25, 7}}, {}, {}},
       "XYZ-Wing {6,7,8} with pivot r2c7 and pincers r2c9, r4c6 removes 7 from r3c8"},
      {Technique::w_wing,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return w_wing(c, s, l);
       },
       // hyper puzzle of Generator seed 14
       "79 =2 =1 789 =5 89 =6 =4 =3 "
       "=3 69 68 =1 79 =4 =2 78 =5 "
       "478 47 =5 =2 =6 =3 =9 78 =1 "
       "2479 347 347 89 48 =6 =5 =1 29 "
       "=1 69 46 =5 49 =2 =7 =3 =8 "
       "=5 =8 29 =3 17 17 =4 =6 29 "
       "28 =5 247 47 178 17 =3 =9 =6 "
       "479 =1 79 =6 =3 =5 =8 =2 47 "
       "=6 347 3478 4789 =2 89 =1 =5 47",
       {Technique::w_wing, {1}, {5, 13, 10, 30}, 0x180, {}, {{3, 8}}, {}, {}},
       "W-Wing {8,9}: (8=9)r1c6-(9)r2c5=(9)r2c2-(9=8)r4c4 removes 8 from r1c4"},
      {Technique::wxyz_wing,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return wxyz_wing(c, s, l);
       },
       // hyper puzzle of Generator seed 1
       "469 =8 4679 =2 3467 3457 3457 =1 45 "
       "=5 467 =3 =8 467 =1 47 =9 =2 "
       "=1 47 =2 =9 47 35 35 =6 =8 "
       "469 1467 146 =5 479 478 48 =2 =3 "
       "=2 =5 49 1346 1349 3489 69 48 =7 "
       "47 =3 =8 46 =2 479 =1 =5 69 "
       "37 =9 =5 14 =8 =6 =2 37 14 "
       "346 =2 146 =7 359 349 489 348 14569 "
       "=8 146 467 134 13459 =2 4569 347 4569",
       {Technique::wxyz_wing, {}, {2, 10, 19, 38}, 0x168, {}, {{29, 4}}, {}, {}},
       "WXYZ-Wing {4,6,7,9} in r1c3, r2c2, r3c2, r5c3 removes 4 from r4c3"},
      {Technique::finned_x_wing,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 2, s, l);
       },
       // hyper puzzle of Generator seed 1
       "469 =8 4679 =2 3467 3457 3457 =1 45 "
       "=5 467 =3 468 467 =1 478 =9 =2 "
       "=1 47 =2 489 479 35 35 =6 48 "
       "4689 1467 1469 =5 4679 478 48 =2 =3 "
       "=2 =5 469 13469 13469 3489 69 48 =7 "
       "4678 =3 468 46 =2 4789 =1 =5 69 "
       "37 =9 =5 14 =8 =6 =2 37 14 "
       "3468 =2 1468 =7 3459 349 489 348 145689 "
       "3468 146 1467 1349 13459 =2 45689 3478 45689",
       {Technique::finned_x_wing,
        {2, 6, 12, 17},
        {21, 26, 57, 62, 19, 22},
        0x8,
        {},
        {{12, 4}},
        {},
        {4, 6}},
       "finned X-Wing on 4 in row 3, row 7 (cover column 4, column 9; fins r3c2, r3c5) removes 4 "
       "from r2c4"},
      {Technique::sashimi_x_wing,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 2, s, l);
       },
       // hyper puzzle of Generator seed 3
       "123478 13457 1234578 124567 12457 =9 13468 23468 123467 "
       "12478 147 =9 12467 =3 126 1468 24678 =5 "
       "=6 13457 123457 =8 12457 125 134 2347 =9 "
       "13478 13467 1347 123567 1257 123568 34589 23456789 23467 "
       "=9 =2 378 3567 57 =4 3568 =1 367 "
       "=5 13467 1347 123679 1279 12368 3468 23468 23467 "
       "12347 =8 1234567 123459 12459 1235 134569 34569 1346 "
       "1234 1345 12345 123459 =6 1235 =7 3459 =8 "
       "134 =9 13456 1345 =8 =7 =2 3456 1346",
       {Technique::sashimi_x_wing,
        {1, 4, 12, 16},
        {12, 16, 39, 14, 15, 42, 44},
        0x20,
        {},
        {{34, 6}},
        {},
        {3, 7}},
       "sashimi X-Wing on 6 in row 2, row 5 (cover column 4, column 8; fins r2c6, r2c7, r5c7, "
       "r5c9) removes 6 from r4c8"},
      {Technique::finned_swordfish,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 3, s, l);
       },
       // hyper puzzle of Generator seed 8
       "1356 =9 =7 13568 368 123568 13456 12456 13456 "
       "1346 345 1345 135 =7 1236 =9 126 =8 "
       "1356 =8 =2 =9 36 =4 136 =7 1356 "
       "=2 =7 =6 134 34 138 158 158 =9 "
       "=9 34 134 168 =5 168 =7 48 =2 "
       "145 45 =8 =7 =2 =9 146 =3 146 "
       "3458 =1 3459 =2 34689 =7 4568 4568 3456 "
       "=7 =6 3459 345 3489 58 =2 1458 1345 "
       "3458 =2 345 34568 =1 3568 34568 =9 =7",
       {Technique::finned_swordfish,
        {2, 5, 7, 9, 16, 17},
        {18, 26, 45, 53, 70, 71, 24, 51},
        0x1,
        {},
        {{34, 1}},
        {},
        {6, 8}},
       "finned Swordfish on 1 in row 3, row 6, row 8 (cover column 1, column 8, column 9; fins "
       "r3c7, r6c7) removes 1 from r4c8"},
      {Technique::sashimi_swordfish,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 3, s, l);
       },
       // hyper puzzle of Generator seed 1
       "469 =8 4679 =2 3467 3457 3457 =1 45 "
       "=5 467 =3 468 467 =1 478 =9 =2 "
       "=1 47 =2 489 479 35 35 =6 48 "
       "4689 1467 14679 =5 4679 478 248 28 =3 "
       "=2 =5 469 13469 13469 3489 69 48 =7 "
       "346789 346 468 46 =2 4789 =1 =5 69 "
       "347 =9 =5 134 =8 =6 24 2347 14 "
       "3468 =2 1468 =7 3459 349 489 348 145689 "
       "3468 13467 1467 1349 13459 =2 45689 3478 45689",
       {Technique::sashimi_swordfish,
        {9, 10, 16, 3, 6, 8},
        {28, 54, 61, 73, 79, 10, 19, 45},
        0x40,
        {},
        {{29, 7}},
        {},
        {5, 8}},
       "sashimi Swordfish on 7 in column 1, column 2, column 8 (cover row 4, row 7, row 9; fins "
       "r2c2, r3c2, r6c1) removes 7 from r4c3"},
      {Technique::finned_jellyfish,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 4, s, l);
       },
       // hyper puzzle of Generator seed 18
       "249 246 =8 =7 =1 249 =5 2469 =3 "
       "2349 2346 =7 =5 2346 =8 249 2469 =1 "
       "=5 2346 =1 239 2346 2349 249 =7 =8 "
       "234 =8 246 239 =7 =1 36 =5 2469 "
       "2347 =1 2346 23 =5 2349 367 =8 24679 "
       "2347 =5 =9 =8 234 =6 =1 24 247 "
       "=1 =7 234 =6 =9 =5 =8 234 24 "
       "=6 234 234 =1 =8 =7 249 2349 =5 "
       "=8 =9 =5 =4 23 23 67 =1 67",
       {Technique::finned_jellyfish,
        {1, 2, 5, 8, 9, 12, 13, 14},
        {9, 13, 21, 22, 23, 45, 49, 76, 77, 10, 19},
        0x4,
        {},
        {{30, 3}},
        {},
        {9, 11}},
       "finned Jellyfish on 3 in row 2, row 3, row 6, row 9 (cover column 1, column 4, column 5, "
       "column 6; fins r2c2, r3c2) removes 3 from r4c4"},
      {Technique::sashimi_jellyfish,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return finned_fish(c, 4, s, l);
       },
       // hyper puzzle of Generator seed 1
       "469 =8 4679 =2 3467 3457 3457 =1 45 "
       "=5 467 =3 =8 467 =1 47 =9 =2 "
       "=1 47 =2 =9 47 35 35 =6 =8 "
       "469 1467 16 =5 479 478 48 =2 =3 "
       "=2 =5 49 1346 1349 3489 69 48 =7 "
       "47 =3 =8 46 =2 479 =1 =5 69 "
       "37 =9 =5 14 =8 =6 =2 37 14 "
       "346 =2 146 =7 359 349 489 348 14569 "
       "=8 16 467 134 13459 =2 4569 347 4569",
       {Technique::sashimi_jellyfish,
        {1, 2, 3, 5, 9, 10, 13, 15},
        {10, 13, 15, 19, 22, 27, 28, 31, 33, 45, 32, 48, 50},
        0x8,
        {},
        {{40, 4}},
        {},
        {10, 13}},
       "sashimi Jellyfish on 4 in row 2, row 3, row 4, row 6 (cover column 1, column 2, column 5, "
       "column 7; fins r4c6, r6c4, r6c6) removes 4 from r5c5"},
      {Technique::simple_colours_trap,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return simple_colours(c, s, l);
       },
       // hyper puzzle of Generator seed 6
       "4678 4678 =9 678 3567 35678 25678 25678 =1 "
       "=3 =5 =1 678 =2 =4 678 =9 78 "
       "678 678 =2 6789 15679 15678 =3 5678 =4 "
       "5689 3689 368 =4 15679 1567 12578 12578 578 "
       "59 =2 =7 19 =8 1359 1459 1345 =6 "
       "=1 689 =4 =2 35679 35679 5789 3578 3578 "
       "24678 13678 368 15678 1467 12678 145678 1345678 =9 "
       "246789 136789 368 156789 14679 126789 145678 1345678 23578 "
       "246789 146789 =5 =3 14679 16789 1678 1678 278",
       {Technique::simple_colours_trap, {}, {12, 15}, 0x20, {}, {{23, 6}}, {}, {1, 2}},
       "simple colours (trap) on 6: (r2c4) / (r2c7) removes 6 from r3c6"},
      {Technique::simple_colours_wrap,
       Variant::x,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return simple_colours(c, s, l);
       },
       // x puzzle of Generator seed 8
       "248 =3 124689 12468 =7 =5 4689 24689 268 "
       "124789 246 124689 12468 268 12468 =5 =3 26789 "
       "24578 2456 24568 2468 =3 =9 468 =1 2678 "
       "159 =8 =7 =3 56 16 =2 569 =4 "
       "1245 12456 2346 12468 =9 12468 =7 568 13 "
       "12459 124569 23469 =7 2568 2468 689 5689 13 "
       "=6 =7 2458 289 28 =3 =1 2489 2589 "
       "=3 24 2489 =5 =1 268 4689 =7 2689 "
       "1258 129 1289 2689 =4 =7 =3 268 2568",
       {Technique::simple_colours_wrap, {}, {27, 72, 32}, 0x1, {}, {{27, 1}, {72, 1}}, {}, {2, 3}},
       "simple colours (wrap) on 1: (r4c1, r9c1) / (r4c6) removes 1 from r4c1, r9c1"},
      {Technique::multi_colours,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return multi_colours(c, s, l);
       },
       // hyper puzzle of Generator seed 71
       "24 =6 35 14589 1359 4589 =7 2359 29 "
       "27 =9 =1 256 356 567 =8 356 =4 "
       "247 =8 35 2456 3569 4567 356 =1 269 "
       "=5 347 467 46 18 =2 3469 69 18 "
       "169 1234 2469 145689 145679 5689 23456 23568 1267 "
       "=8 12 269 1569 145679 =3 2456 256 1267 "
       "169 12457 24679 569 24569 45689 1269 26789 =3 "
       "169 1247 =8 =3 2469 469 1269 2679 =5 "
       "=3 25 269 =7 25689 =1 269 =4 2689",
       {Technique::multi_colours,
        {},
        {20, 33, 37, 2, 28, 16, 13},
        0x4,
        {},
        {{4, 3}},
        {},
        {3, 5, 6, 7}},
       "multi-colours on 3: (r3c3, r4c7, r5c2) / (r1c3, r4c2), (r2c8) / (r2c5) removes 3 from "
       "r1c5"},
      {Technique::unique_rectangle_2,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return unique_rectangle(c, 2, u, s, l);
       },
       // hyper puzzle of Generator seed 55
       "2479 2479 =8 279 =3 =6 27 =5 =1 "
       "12379 12379 1279 2789 2789 =5 =4 89 =6 "
       "=5 =6 279 =4 2789 =1 38 389 27 "
       "38 38 19 =5 19 =2 =6 =7 =4 "
       "1267 =5 12467 167 1467 =3 28 18 =9 "
       "12679 1279 124679 1679 14679 =8 35 13 25 "
       "12789 12789 =3 128 1258 =4 1579 =6 578 "
       "146789 14789 =5 168 168 79 179 =2 =3 "
       "126789 12789 12679 =3 12568 79 179 =4 578",
       {Technique::unique_rectangle_2, {}, {68, 69, 77, 78}, 0x140, {}, {{60, 1}}, {}, {}},
       "Unique Rectangle type 2 {7,9} in r8c6, r8c7, r9c6, r9c7 removes 1 from r7c7"},
      {Technique::sue_de_coq,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return sue_de_coq(c, t, s, l);
       },
       // hyper puzzle of Generator seed 9
       "34569 3456 456 =1 3459 =8 =2 =7 346 "
       "234579 23457 2457 2345 2459 =6 =8 =1 34 "
       "2346 =1 =8 234 234 =7 =5 =9 346 "
       "57 567 =9 56 =1 =3 =4 =2 =8 "
       "246 2468 246 2468 =7 =9 =1 =3 =5 "
       "23458 23458 =1 2458 245 25 =7 =6 =9 "
       "245 24567 24567 235 2356 25 =9 =8 =1 "
       "258 2568 256 =9 256 =1 =3 =4 =7 "
       "=1 =9 =3 =7 =8 =4 =6 =5 =2",
       {Technique::sue_de_coq,
        {1, 27},
        {10, 11, 12, 17, 28, 30},
        0x7e,
        {},
        {{9, 2}, {9, 3}, {9, 4}, {13, 2}, {13, 4}, {21, 2}},
        {},
        {3, 4, 6}},
       "Sue de Coq {2,3,4,5,6,7}: r2c2, r2c3, r2c4 (row 2, window 1) with r2c9 (row 2) and r4c2, "
       "r4c4 (window 1) removes 2 from r2c1, r2c5, r3c4; 3 from r2c1; 4 from r2c1, r2c5"},
      {Technique::als_xz,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return als_xz(c, s, l);
       },
       // hyper puzzle of Generator seed 1
       "469 =8 4679 =2 3467 3457 3457 =1 45 "
       "=5 467 =3 468 467 =1 478 =9 =2 "
       "=1 47 =2 489 479 35 35 =6 48 "
       "4689 1467 1469 =5 4679 478 248 28 =3 "
       "=2 =5 469 13469 13469 3489 69 48 =7 "
       "346789 346 468 46 =2 4789 =1 =5 69 "
       "347 =9 =5 134 =8 =6 24 2347 14 "
       "3468 =2 1468 =7 3459 349 489 348 145689 "
       "3468 1346 1467 1349 13459 =2 45689 3478 45689",
       {Technique::als_xz, {2, 21}, {19, 27, 28, 29, 38, 47}, 0x48, {}, {{46, 4}}, {}, {1, 6}},
       "ALS-XZ: A = r3c2 (row 3), B = r4c1, r4c2, r4c3, r5c3, r6c3 (box 4), x = 7, removes 4 from "
       "r6c2"},
      {Technique::als_xy_wing,
       Variant::hyper,
       [](Candidates& c, const LogicTables& t, bool u, std::vector<Step>* s, int l) {
         (void)t;
         (void)u;
         return als_xy_wing(c, s, l);
       },
       // hyper puzzle of Generator seed 4
       "=4 127 =5 1278 1278 =3 1279 =6 1789 "
       "=9 1267 =3 12678 =5 1267 127 1278 =4 "
       "2678 1267 2678 =4 1267 =9 =3 =5 17 "
       "267 =5 =9 12678 =3 12467 167 12478 1678 "
       "=1 =8 267 =9 267 24567 2567 247 =3 "
       "=3 267 =4 12678 12678 12567 125679 1279 16789 "
       "2678 =3 12678 =5 12679 1267 =4 179 1679 "
       "=5 =9 167 167 =4 167 =8 =3 =2 "
       "267 =4 1267 =3 12679 =8 1679 179 =5",
       {Technique::als_xy_wing,
        {1, 16, 29},
        {10, 12, 14, 15, 52, 61, 79, 46, 48, 65, 66},
        0xc3,
        {},
        {{16, 1}, {16, 7}},
        {},
        {4, 7, 11}},
       "ALS-XY-Wing: A = r2c2, r2c4, r2c6, r2c7 (row 2), B = r6c8, r7c8, r9c8 (column 8), C = "
       "r6c2, r6c4, r8c3, r8c4 (window 3), x, y = {2,8}, removes 1 from r2c8; 7 from r2c8"},
  };
  return all;
}

bool uniqueness(Technique t) {
  return t == Technique::unique_rectangle_1 || t == Technique::unique_rectangle_2 ||
         t == Technique::unique_rectangle_3 || t == Technique::unique_rectangle_4 ||
         t == Technique::hidden_rectangle || t == Technique::bug_plus_one;
}

TEST(LogicPatterns, EachTechniqueIsTheNextStepOfItsPosition) {
  for (const Case& k : cases()) {
    const std::string context = std::string(technique_name(k.technique)) + " (" +
                                std::string(variant_name(k.variant)) + "): " + k.text;
    const Geometry g(9, k.variant);
    const LogicTables tables(g);
    const Candidates before = position(g, k.grid);
    Candidates c = before;
    std::vector<Step> steps;
    const Found found = k.run(c, tables, true, &steps, 1);
    EXPECT_EQ(found.steps, 1) << context;
    ASSERT_EQ(steps.size(), 1u) << context;
    EXPECT_TRUE(same_step(steps[0], k.expected)) << context << "\n  got " << show(steps[0]);
    EXPECT_EQ(describe(g, steps[0]), k.text);
    for (const Candidate& r : k.expected.removed)
      EXPECT_EQ(c.mask(r.cell) & digit_bit(r.digit), 0u) << context;
    for (const Candidate& p : k.expected.placed) EXPECT_EQ(c.value(p.cell), p.digit) << context;
    // Without steps: the same change, nothing listed.
    Candidates quiet = before;
    EXPECT_EQ(k.run(quiet, tables, true, nullptr, 1).steps, 1) << context;
    EXPECT_TRUE(same_state(quiet, c)) << context;
    if (uniqueness(k.technique)) {
      // Not known to be unique: nothing found, and the ladder does not use it.
      Candidates unsure = before;
      EXPECT_EQ(k.run(unsure, tables, false, nullptr, 0).steps, 0) << context;
      EXPECT_TRUE(same_state(unsure, before)) << context;
    }
  }
}

// The rung of the full ladder that reports a technique (sashimi fish with the finned, the wrap of
// simple colours with the trap, ...), as its index.
std::size_t rung_of(Technique t) {
  switch (t) {
    case Technique::sashimi_x_wing:
      t = Technique::finned_x_wing;
      break;
    case Technique::sashimi_swordfish:
      t = Technique::finned_swordfish;
      break;
    case Technique::sashimi_jellyfish:
      t = Technique::finned_jellyfish;
      break;
    case Technique::simple_colours_wrap:
      t = Technique::simple_colours_trap;
      break;
    case Technique::continuous_nice_loop:
      t = Technique::aic;
      break;
    case Technique::grouped_continuous_nice_loop:
      t = Technique::grouped_aic;
      break;
    case Technique::locked_claiming:
      t = Technique::locked_pointing;
      break;
    default:
      break;
  }
  const auto ladder = full_ladder();
  for (std::size_t i = 0; i < ladder.size(); ++i)
    if (ladder[i].technique == t) return i;
  return ladder.size();
}

TEST(LogicPatterns, EachTechniqueIsARungOfTheFullLadder) {
  for (const Case& k : cases()) {
    const std::string context = std::string(technique_name(k.technique)) + " (" +
                                std::string(variant_name(k.variant)) + "): " + k.text;
    const std::size_t rung = rung_of(k.technique);
    ASSERT_LT(rung, full_ladder().size()) << context;
    EXPECT_EQ(full_ladder()[rung].assumes_unique, uniqueness(k.technique)) << context;
    const Geometry g(9, k.variant);
    const LogicTables tables(g);
    const Candidates before = position(g, k.grid);
    // The full ladder's first step in its order comes from its first rung that finds one: the
    // technique's own (then it is the position's step) or an easier one, never a harder one.
    Step next;
    ASSERT_TRUE(test_ladder::first_rung_step(before, tables, next, true)) << context;
    const std::size_t taken = rung_of(next.technique);
    EXPECT_LE(taken, rung) << context << "\n  next " << show(next);
    if (taken == rung) {
      EXPECT_TRUE(same_step(next, k.expected)) << context << "\n  next " << show(next);
    }
    for (std::size_t i = 0; i < taken; ++i) {
      Candidates copy = before;
      EXPECT_EQ(full_ladder()[i].apply(copy, tables, nullptr, 1).steps, 0)
          << context << ": rung " << technique_name(full_ladder()[i].technique);
    }
    if (uniqueness(k.technique)) {
      // Not known to be unique: the full ladder takes no uniqueness rung.
      if (test_ladder::first_rung_step(before, tables, next, false)) {
        EXPECT_FALSE(uniqueness(next.technique)) << context;
      }
    }
  }
}

TEST(LogicPatterns, TheRungsAssumingUniquenessAreTheUniquenessTechniques) {
  for (const Rung& rung : full_ladder())
    EXPECT_EQ(rung.assumes_unique, uniqueness(rung.technique)) << technique_name(rung.technique);
}

TEST(LogicPatterns, EveryTechniqueHasARegularAndAVariantCase) {
  std::vector<int> regular(64), variant(64);
  for (const Case& k : cases())
    ++(k.variant == Variant::regular ? regular : variant)[at(static_cast<int>(k.technique))];
  // Not yet found on a variant house by the search over generated hyper and X puzzles.
  const std::vector<Technique> regular_only = {
      Technique::jellyfish,          Technique::unique_rectangle_1, Technique::unique_rectangle_3,
      Technique::unique_rectangle_4, Technique::hidden_rectangle,   Technique::bug_plus_one};
  for (int t = static_cast<int>(Technique::jellyfish);
       t <= static_cast<int>(Technique::als_xy_wing); ++t) {
    const auto technique = static_cast<Technique>(t);
    EXPECT_EQ(regular[at(t)], 1) << technique_name(technique);
    const bool listed =
        std::find(regular_only.begin(), regular_only.end(), technique) != regular_only.end();
    EXPECT_EQ(variant[at(t)], listed ? 0 : 1) << technique_name(technique);
  }
}

TEST(LogicPatterns, TheSizesAndTypesOutsideTheirRangesThrow) {
  const Geometry g(9);
  Candidates c(g);
  EXPECT_THROW(finned_fish(c, 1), std::invalid_argument);
  EXPECT_THROW(finned_fish(c, 5), std::invalid_argument);
  EXPECT_THROW(basic_fish(c, 5), std::invalid_argument);
  EXPECT_THROW(unique_rectangle(c, 0, true), std::invalid_argument);
  EXPECT_THROW(unique_rectangle(c, 5, true), std::invalid_argument);
}

// On an empty grid every line has every place: far more fins than any cell sees, so no line is a
// base of a finned fish, and the search of subsets ends at once (it ran 45 s on an empty 16x16).
TEST(LogicPatterns, FinnedFishLeaveOutLinesWithMoreFinsThanACellSees) {
  EXPECT_EQ(Geometry(9).line_sight(), 3);
  EXPECT_EQ(Geometry(9).line_sight(true), 3);
  EXPECT_EQ(Geometry(16).line_sight(), 4);
  EXPECT_EQ(Geometry(9, Variant::x).line_sight(), 3);      // a diagonal meets a line in its box
  EXPECT_EQ(Geometry(9, Variant::hyper).line_sight(), 5);  // r2c4 sees r3c2-r3c6
  for (int n : {9, 16, 25}) {
    const Geometry g(n);
    Candidates c(g);
    const auto start = std::chrono::steady_clock::now();
    for (int size = 2; size <= 4; ++size) EXPECT_EQ(finned_fish(c, size).steps, 0) << n;
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0)
        << n;
  }
}

// Every technique, applied wherever the ladder stops before it, keeps every digit of the
// solution: over generated puzzles of each variant (their solution known), the full ladder's
// steps, and each technique's own steps at the point where the easier techniques end.
TEST(LogicPatterns, NoStepRemovesASolutionDigit) {
  const std::vector<Apply> all = {
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return basic_fish(c, 4, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return finned_fish(c, 2, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return finned_fish(c, 3, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return finned_fish(c, 4, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return skyscraper(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return two_string_kite(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return turbot_fish(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return empty_rectangle(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return xy_wing(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return xyz_wing(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return w_wing(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return wxyz_wing(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return simple_colours(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return multi_colours(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool u, std::vector<Step>* s, int l) {
        Found f;
        for (int type = 1; type <= 4; ++type) f.steps += unique_rectangle(c, type, u, s, l).steps;
        f.steps += hidden_rectangle(c, u, s, l).steps;
        f.steps += bug_plus_one(c, u, s, l).steps;
        return f;
      },
      [](Candidates& c, const LogicTables& t, bool, std::vector<Step>* s, int l) {
        return sue_de_coq(c, t, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return als_xz(c, s, l);
      },
      [](Candidates& c, const LogicTables&, bool, std::vector<Step>* s, int l) {
        return als_xy_wing(c, s, l);
      },
  };
  struct Kind {
    Variant variant;
    int puzzles;
  };
  int checked = 0, stuck = 0;
  for (const Kind kind :
       {Kind{Variant::regular, 300}, Kind{Variant::hyper, 25}, Kind{Variant::x, 25}}) {
    const Geometry g(9, kind.variant);
    const LogicTables tables(g);
    Generator generator(g);
    for (int seed = 1; seed <= share_of(kind.puzzles); ++seed) {
      const Puzzle puzzle = generator.generate(static_cast<std::uint64_t>(seed));
      const std::string context =
          std::string(variant_name(kind.variant)) + " seed " + std::to_string(seed) + ": ";
      const auto sound = [&](const Step& step) {
        for (const Candidate& p : step.placed)
          EXPECT_EQ(puzzle.solution[at(p.cell)], p.digit) << context << describe(g, step);
        for (const Candidate& r : step.removed)
          EXPECT_NE(puzzle.solution[at(r.cell)], r.digit) << context << describe(g, step);
        ++checked;
      };
      // Where the fast level stops, each technique on its own.
      Candidates c(g);
      ASSERT_TRUE(c.reset(puzzle.givens));
      reduce(c, tables, Level::fast);
      if (!c.solved()) {
        ++stuck;
        for (const Apply& run : all) {
          Candidates copy = c;
          std::vector<Step> steps;
          run(copy, tables, true, &steps, 0);
          for (const Step& step : steps) sound(step);
        }
      }
      // The full ladder.
      std::vector<Step> steps;
      reduce(c, tables, Level::full, &steps, nullptr, true);
      for (const Step& step : steps) sound(step);
    }
  }
  EXPECT_GT(stuck, 0);
  RecordProperty("steps_checked", checked);
}

}  // namespace
