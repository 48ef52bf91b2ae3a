#include "sudoku/logic/forcing.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace sudoku {

namespace {

// How an assumption is followed.
enum class Links {
  nishio,   // the assumed digit only: its peers lose it, a house left with one place gets it
  bivalue,  // a cell with two candidates, a digit with two places in a house, as they stand
  dynamic,  // every single the facts so far leave
  locked,   // the same, and locked candidates on what the facts leave
};

// How a fact follows from its parents: within a cell (Sudoku Explainer's Y links) or a house
// (X links).
constexpr int cell_link = 1, house_link = 2;

constexpr bool single(Mask m) noexcept {
  return m != 0 && (m & (m - 1)) == 0;
}

// A fact is a candidate (cell * size + digit - 1) true (fact * 2 + 1) or false (fact * 2): the
// facts an assumption forces, each with the facts it follows from (its parents), kept in the order
// found, which is the order they are followed in (breadth first: the shortest reasons first).
//
//   position:  0            1              2 ...
//   fact:      r1c2=5 (on)  r1c2<>3 (off)  r1c7<>5 ...
//   parents:   -            {0}            {0}
// The facts one follow() found, in order, and (when followed with their parents kept) the
// positions of their parents and how each was found.
struct Trace {
  std::vector<int> order;         // per position: the fact
  std::vector<int> parent_start;  // per position: where its parents start in `parents`
  std::vector<int> parents;       // the parents' positions
  std::vector<char> link;         // per position: how the fact was found (cell_link, house_link)
  std::vector<int> index;         // per fact found: its position
};

class Net {
 public:
  // Takes the candidates the assumptions start from.
  void start(const Candidates& c, const LogicTables* tables) {
    c_ = &c;
    tables_ = tables;
    const Geometry& g = c.geometry();
    n_ = g.size();
    cells_ = g.cell_count();
    cell_words_ = g.cell_words();
    const auto facts = static_cast<std::size_t>(cells_) * static_cast<std::size_t>(n_) * 2;
    if (stamp_.size() != facts) {
      stamp_.assign(facts, 0);
      t_.index.assign(facts, 0);
      seen_.assign(facts, 0);
      run_ = 0;
      cell_of_.resize(facts / 2);
      digit_of_.resize(facts / 2);
      for (int cand = 0; cand < cells_ * n_; ++cand) {
        cell_of_[static_cast<std::size_t>(cand)] = static_cast<std::uint16_t>(cand / n_);
        digit_of_[static_cast<std::size_t>(cand)] = static_cast<std::uint8_t>(cand % n_ + 1);
      }
    }
    words_ = static_cast<int>((facts + 63) / 64);
    bits_.assign(static_cast<std::size_t>(words_), 0);
    cur_.resize(static_cast<std::size_t>(cells_));
    // What the candidates as they stand say of each fact, and per digit the cells whose mask has
    // it (placed ones included), as bits.
    known_.assign(facts, 0);
    const auto board_words = static_cast<std::size_t>(n_) * static_cast<std::size_t>(cell_words_);
    base_.assign(board_words, 0);
    board_.resize(board_words);
    for (int cell = 0; cell < cells_; ++cell)
      for (int digit = 1; digit <= n_; ++digit) {
        const auto fact = static_cast<std::size_t>(cell * n_ + digit - 1) * 2;
        const bool in = (c.mask(cell) & digit_bit(digit)) != 0;
        known_[fact] = in ? 0 : 1;
        known_[fact + 1] = c.value(cell) == digit ? 1 : 0;
        if (in)
          base_[board(digit) + static_cast<std::size_t>(cell >> 6)] |= std::uint64_t{1}
                                                                       << (cell & 63);
      }
  }

  // Follows one assumption (a candidate true or false) as far as `links` go; returns false when
  // it leads to a contradiction. bits() then holds the facts found.
  // With `only_opposite`, contradictions other than the assumption's own opposite are passed
  // over (the facts are not followed), and only that one ends the search. Without `record`, the
  // facts' parents are not kept (bits() and the outcome are the same, the lengths unknown).
  bool follow(int candidate, bool on, Links links, bool only_opposite = false, bool record = true) {
    links_ = links;
    record_ = record;
    target_ = only_opposite ? candidate * 2 + (on ? 0 : 1) : -1;
    digit_ = candidate % n_ + 1;
    if (++run_ == 0) {  // the stamps wrapped: start them afresh
      std::fill(stamp_.begin(), stamp_.end(), 0);
      run_ = 1;
    }
    std::fill(bits_.begin(), bits_.end(), 0);
    t_.order.clear();
    t_.link.clear();
    t_.parent_start.clear();
    t_.parents.clear();
    conflict_.clear();
    contradiction_ = false;
    for (int cell = 0; cell < cells_; ++cell) cur_[static_cast<std::size_t>(cell)] = c_->mask(cell);
    std::copy(base_.begin(), base_.end(), board_.begin());
    add(candidate * 2 + (on ? 1 : 0), nullptr, 0, 0);
    for (std::size_t head = 0; !contradiction_;) {
      if (head == t_.order.size()) {
        if (links_ != Links::locked || !locked_round()) break;
        continue;
      }
      const int fact = t_.order[head];
      const int at = static_cast<int>(head++);
      if (fact & 1)
        follow_on(fact >> 1, at);
      else
        follow_off(fact >> 1, at);
    }
    return !contradiction_;
  }

  // The facts found by the last follow(), as bits (fact f is bit f % 64 of word f / 64).
  const std::vector<std::uint64_t>& bits() const noexcept { return bits_; }
  int words() const noexcept { return words_; }
  // True when the last follow() found the fact.
  bool found(int fact) const noexcept { return stamp_[static_cast<std::size_t>(fact)] == run_; }

  // The fact whose opposite held when the last follow() found a contradiction (-1: a cell or a
  // house digit left without a place).
  int conflict_fact() const noexcept { return conflict_fact_; }
  // The links the facts counted by the last length_of() or contradiction_length() use.
  int links_seen() const noexcept { return links_seen_; }

  // The facts a fact of the last follow() rests on, itself and the assumption included.
  int length_of(int fact) { return length_in(t_, fact); }
  // The same of a fact of a kept trace.
  int length_in(const Trace& t, int fact) {
    begin_count();
    links_seen_ = 0;
    return count(t, t.index[static_cast<std::size_t>(fact)]);
  }
  // The facts of the last follow().
  const Trace& trace() const noexcept { return t_; }
  // Moves the facts of the last follow() into `kept`, the net taking kept's buffers.
  void keep(Trace& kept) {
    std::swap(t_, kept);
    if (t_.index.size() != stamp_.size()) t_.index.assign(stamp_.size(), 0);
  }
  // The facts the contradiction of the last follow() rests on.
  int contradiction_length() {
    begin_count();
    links_seen_ = conflict_link_;
    int total = 0;
    for (const int p : conflict_) total += count(t_, p);
    return total;
  }
  // The same as Sudoku Explainer counts a contradiction: the two facts that clash, each with all
  // it rests on, counted apart (what both rest on counts twice). A cell or a house digit left
  // without a place clashes with the last fact that emptied it.
  int clash_length() {
    links_seen_ = conflict_link_;
    if (conflict_.empty()) return 0;
    const auto last =
        opposite_ ? conflict_.end() - 1 : std::max_element(conflict_.begin(), conflict_.end());
    begin_count();
    int total = count(t_, *last);
    begin_count();
    ++total;  // the fact that clashes with it
    for (auto p = conflict_.begin(); p != conflict_.end(); ++p)
      if (p != last) total += count(t_, *p);
    return total;
  }

 private:
  // The first word of a digit's board in base_ and board_.
  std::size_t board(int digit) const noexcept {
    return static_cast<std::size_t>(digit - 1) * static_cast<std::size_t>(cell_words_);
  }
  bool known(int fact) const { return known_[static_cast<std::size_t>(fact)] != 0; }
  bool holds(int fact) const { return found(fact) || known(fact); }

  // Records a fact found from `count` parents; a fact whose opposite holds is a contradiction.
  void add(int fact, const int* parents, int count, int link) {
    if (holds(fact)) return;
    if (holds(fact ^ 1)) {
      // Looking for one fact only: a fact and its opposite may both be found, as in Sudoku
      // Explainer's chains over the links as they stand.
      if (target_ < 0 || fact == target_) {
        contradiction_ = true;
        conflict_fact_ = fact;
        conflict_link_ = link;
        conflict_.assign(parents, parents + count);
        opposite_ = found(fact ^ 1);
        if (opposite_) conflict_.push_back(t_.index[static_cast<std::size_t>(fact ^ 1)]);
        return;
      }
    }
    stamp_[static_cast<std::size_t>(fact)] = run_;
    bits_[static_cast<std::size_t>(fact >> 6)] |= std::uint64_t{1} << (fact & 63);
    if (record_) {
      t_.index[static_cast<std::size_t>(fact)] = static_cast<int>(t_.order.size());
      t_.parent_start.push_back(static_cast<int>(t_.parents.size()));
      if (count == 1)
        t_.parents.push_back(*parents);
      else
        t_.parents.insert(t_.parents.end(), parents, parents + count);
      t_.link.push_back(static_cast<char>(link));
    }
    t_.order.push_back(fact);
    if ((fact & 1) == 0) {
      const auto cand = static_cast<std::size_t>(fact >> 1);
      const int cell = cell_of_[cand], digit = digit_of_[cand];
      cur_[static_cast<std::size_t>(cell)] &= ~digit_bit(digit);
      board_[board(digit) + static_cast<std::size_t>(cell >> 6)] &=
          ~(std::uint64_t{1} << (cell & 63));
    }
  }
  void contradiction(const int* parents, int count) {
    if (target_ >= 0) return;
    contradiction_ = true;
    conflict_fact_ = -1;
    opposite_ = false;
    conflict_.assign(parents, parents + count);
  }
  int position(int fact) const { return t_.index[static_cast<std::size_t>(fact)]; }

  void follow_on(int candidate, int at) {
    const int cell = cell_of_[static_cast<std::size_t>(candidate)];
    const int digit = digit_of_[static_cast<std::size_t>(candidate)];
    if (links_ != Links::nishio)
      for (Mask m = cur_[static_cast<std::size_t>(cell)] & ~digit_bit(digit);
           m != 0 && !contradiction_; m &= m - 1)
        add((cell * n_ + std::countr_zero(m)) * 2, &at, 1, cell_link);
    // The peers that still have the digit, in ascending order (the order of Geometry::peers).
    const std::uint64_t* peers = c_->geometry().peer_bits(cell);
    const std::uint64_t* left = board_.data() + board(digit);
    for (int w = 0; w < cell_words_; ++w)
      for (std::uint64_t bits = left[w] & peers[w]; bits != 0; bits &= bits - 1) {
        if (contradiction_) return;
        add(((w * 64 + std::countr_zero(bits)) * n_ + digit - 1) * 2, &at, 1, house_link);
      }
  }

  void follow_off(int candidate, int at) {
    const int cell = cell_of_[static_cast<std::size_t>(candidate)];
    const int digit = digit_of_[static_cast<std::size_t>(candidate)];
    const Geometry& g = c_->geometry();
    if (links_ == Links::bivalue) return follow_link(cell, digit, at);
    int reasons[64];
    if (links_ != Links::nishio && c_->value(cell) == 0) {
      const Mask before = c_->mask(cell), left = cur_[static_cast<std::size_t>(cell)];
      if (left == 0 || single(left)) {
        int k = 0;
        if (record_)
          for (Mask m = before & ~left; m != 0; m &= m - 1)
            reasons[k++] = position((cell * n_ + std::countr_zero(m)) * 2);
        if (left == 0) return contradiction(reasons, k);
        add((cell * n_ + std::countr_zero(left)) * 2 + 1, reasons, k, cell_link);
        if (contradiction_) return;
      }
    }
    if (links_ == Links::nishio && digit != digit_) return;
    const Mask bit = digit_bit(digit);
    const std::uint64_t* had = base_.data() + board(digit);
    const std::uint64_t* left = board_.data() + board(digit);
    for (const int h : g.houses_of(cell)) {
      if (c_->placed(h) & bit) continue;
      // The places left in the house: none, one (`place`) or more.
      const std::uint64_t* house = g.house_bits(h);
      int place = -1, places = 0;
      for (int w = 0; w < cell_words_ && places < 2; ++w)
        if (const std::uint64_t bits = left[w] & house[w]; bits != 0) {
          places += (bits & (bits - 1)) != 0 ? 2 : 1;
          place = w * 64 + std::countr_zero(bits);
        }
      if (places > 1) continue;
      // The reasons: the places the facts took.
      int k = 0;
      for (int w = 0; w < cell_words_ && record_; ++w)
        for (std::uint64_t gone = had[w] & ~left[w] & house[w]; gone != 0; gone &= gone - 1)
          reasons[k++] = position(((w * 64 + std::countr_zero(gone)) * n_ + digit - 1) * 2);
      if (places == 0) return contradiction(reasons, k);
      add((place * n_ + digit - 1) * 2 + 1, reasons, k, house_link);
      if (contradiction_) return;
    }
  }

  // The links of the candidates as they stand: the other candidate of a cell with two, the
  // other place of a digit with two places in a house, whatever the facts found so far.
  void follow_link(int cell, int digit, int at) {
    const Geometry& g = c_->geometry();
    const Mask bit = digit_bit(digit);
    if (c_->value(cell) == 0 && count_of(c_->mask(cell)) == 2) {
      add((cell * n_ + std::countr_zero(c_->mask(cell) & ~bit)) * 2 + 1, &at, 1, cell_link);
      if (contradiction_) return;
    }
    const std::uint64_t* had = base_.data() + board(digit);
    for (const int h : g.houses_of(cell)) {
      if (c_->placed(h) & bit) continue;  // then no cell of the house has the digit
      const std::uint64_t* house = g.house_bits(h);
      int other = -1, places = 0;
      for (int w = 0; w < cell_words_ && places <= 2; ++w)
        for (std::uint64_t bits = had[w] & house[w]; bits != 0 && places <= 2; bits &= bits - 1) {
          ++places;
          if (const int x = w * 64 + std::countr_zero(bits); x != cell) other = x;
        }
      if (places != 2) continue;
      add((other * n_ + digit - 1) * 2 + 1, &at, 1, house_link);
      if (contradiction_) return;
    }
  }

  // Locked candidates on the candidates the facts leave; true when it found a fact.
  bool locked_round() {
    const std::size_t before = t_.order.size();
    int reasons[256];
    for (const LogicTables::Intersection& x : tables_->intersections()) {
      Mask shared = 0;
      for (const int cell : x.cells)
        if (c_->value(cell) == 0) shared |= cur_[static_cast<std::size_t>(cell)];
      for (int side = 0; side < 2; ++side) {
        const std::vector<int>& from = side == 0 ? x.a_rest : x.b_rest;
        const std::vector<int>& to = side == 0 ? x.b_rest : x.a_rest;
        Mask rest = 0;
        for (const int cell : from) rest |= cur_[static_cast<std::size_t>(cell)];
        for (Mask m = shared & ~rest; m != 0; m &= m - 1) {
          const int digit = std::countr_zero(m) + 1;
          const Mask bit = digit_bit(digit);
          bool any = false;
          for (const int cell : to) any = any || (cur_[static_cast<std::size_t>(cell)] & bit);
          if (!any) continue;
          int k = 0;
          for (const int cell : from)
            if ((c_->mask(cell) & bit) && k < 256)
              reasons[k++] = position((cell * n_ + digit - 1) * 2);
          if (k == 0) continue;  // locked in the candidates as they stand: for the easier steps
          for (const int cell : to)
            if (cur_[static_cast<std::size_t>(cell)] & bit) {
              add((cell * n_ + digit - 1) * 2, reasons, k, house_link);
              if (contradiction_) return true;
            }
        }
      }
    }
    return t_.order.size() > before;
  }

  void begin_count() {
    if (++count_run_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      count_run_ = 1;
    }
  }
  // The facts at and above a position not counted yet in this count.
  int count(const Trace& t, int at) {
    int total = 0;
    stack_.clear();
    stack_.push_back(at);
    while (!stack_.empty()) {
      const int p = stack_.back();
      stack_.pop_back();
      auto& seen = seen_[static_cast<std::size_t>(t.order[static_cast<std::size_t>(p)])];
      if (seen == count_run_) continue;
      seen = count_run_;
      ++total;
      links_seen_ |= t.link[static_cast<std::size_t>(p)];
      const int end = static_cast<std::size_t>(p) + 1 < t.parent_start.size()
                          ? t.parent_start[static_cast<std::size_t>(p) + 1]
                          : static_cast<int>(t.parents.size());
      for (int i = t.parent_start[static_cast<std::size_t>(p)]; i < end; ++i)
        stack_.push_back(t.parents[static_cast<std::size_t>(i)]);
    }
    return total;
  }

  int links_seen_ = 0, conflict_link_ = 0, conflict_fact_ = -1, target_ = -1;
  const Candidates* c_ = nullptr;
  const LogicTables* tables_ = nullptr;
  int n_ = 0, cells_ = 0, words_ = 0, digit_ = 0, cell_words_ = 0;
  Links links_ = Links::dynamic;
  std::uint32_t run_ = 0, count_run_ = 0;
  std::vector<std::uint32_t> stamp_, seen_;
  std::vector<std::uint64_t> bits_;
  std::vector<Mask> cur_;
  std::vector<std::uint8_t> known_;     // per fact: true of the candidates as they stand
  std::vector<std::uint16_t> cell_of_;  // per candidate: its cell
  std::vector<std::uint8_t> digit_of_;  // per candidate: its digit
  // Per digit (cell_words_ words each), the cells whose mask has it: as they stand (base_) and
  // as the facts of this follow() leave them (board_).
  std::vector<std::uint64_t> base_, board_;
  Trace t_;  // the facts of the last follow()
  std::vector<int> conflict_, stack_;
  bool contradiction_ = false;
  bool record_ = true;     // the parents of each fact are kept
  bool opposite_ = false;  // the contradiction: a fact found whose opposite was found before
};

// Up to 64 assumptions followed at once over the dynamic or bivalue links, a bit each (lane i
// of every word is assumption i): per candidate left, the lanes where it is found true (on_)
// and false (off_), grown to what the links force. Without a contradiction what an assumption
// forces is the least set closed under the links, whatever order the facts are found in, so a
// lane then holds what Net::follow finds; a lane that reaches a contradiction is reported (what
// Net::follow finds before it depends on the order: followed again there).
//
//   live_:    the candidates left (cell * size + digit - 1), ascending
//   on_to_:   per live candidate, the candidates a true one makes false (its cell, its peers)
//   off_to_:  bivalue: the candidates a false one makes true (its cell's other, its houses')
//   groups_:  dynamic: the candidates of each open cell and of each house and digit left;
//             one left true where another went false, none left a contradiction
class Lanes {
 public:
  // Takes the candidates the assumptions start from.
  void start(const Candidates& c, Links links) {
    const Geometry& g = c.geometry();
    const int n = g.size(), cells = g.cell_count();
    const int cw = g.cell_words();
    links_ = links;
    const auto cands = static_cast<std::size_t>(cells) * static_cast<std::size_t>(n);
    on_.assign(cands, 0);
    off_.assign(cands, 0);
    sent_on_.assign(cands, 0);
    sent_off_.assign(cands, 0);
    live_.clear();
    on_start_.clear();
    on_to_.clear();
    off_start_.clear();
    off_to_.clear();
    group_start_.clear();
    groups_.clear();
    for (int cell = 0; cell < cells; ++cell) {
      if (c.value(cell) != 0) continue;
      for (Mask m = c.mask(cell); m != 0; m &= m - 1)
        live_.push_back(cell * n + std::countr_zero(m));
    }
    index_.assign(cands, -1);
    for (std::size_t k = 0; k < live_.size(); ++k)
      index_[static_cast<std::size_t>(live_[k])] = static_cast<int>(k);
    on_queued_.assign(cands, 0);
    off_queued_.assign(cands, 0);
    for (auto* list : {&on_list_, &on_work_, &off_list_, &off_work_}) list->resize(cands);
    // Per digit, the open cells that have it.
    board_.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(cw), 0);
    for (const int x : live_)
      board_[static_cast<std::size_t>(x % n) * static_cast<std::size_t>(cw) +
             static_cast<std::size_t>((x / n) >> 6)] |= std::uint64_t{1} << ((x / n) & 63);
    for (const int x : live_) {
      const int cell = x / n, d0 = x % n;
      on_start_.push_back(static_cast<int>(on_to_.size()));
      if (links != Links::nishio)
        for (Mask m = c.mask(cell) & ~digit_bit(d0 + 1); m != 0; m &= m - 1)
          on_to_.push_back(cell * n + std::countr_zero(m));
      const std::uint64_t* peers = g.peer_bits(cell);
      const std::uint64_t* left = board_.data() + static_cast<std::ptrdiff_t>(d0) * cw;
      for (int w = 0; w < cw; ++w)
        for (std::uint64_t bits = left[w] & peers[w]; bits != 0; bits &= bits - 1)
          on_to_.push_back((w * 64 + std::countr_zero(bits)) * n + d0);
      if (links != Links::bivalue) continue;
      off_start_.push_back(static_cast<int>(off_to_.size()));
      if (count_of(c.mask(cell)) == 2)
        off_to_.push_back(cell * n + std::countr_zero(c.mask(cell) & ~digit_bit(d0 + 1)));
      for (const int h : g.houses_of(cell)) {
        if (c.placed(h) & digit_bit(d0 + 1)) continue;
        const std::uint64_t* house = g.house_bits(h);
        int other = -1, places = 0;
        for (int w = 0; w < cw; ++w)
          for (std::uint64_t bits = left[w] & house[w]; bits != 0; bits &= bits - 1) {
            ++places;
            if (const int y = w * 64 + std::countr_zero(bits); y != cell) other = y;
          }
        if (places == 2) off_to_.push_back(other * n + d0);
      }
    }
    on_start_.push_back(static_cast<int>(on_to_.size()));
    off_start_.push_back(static_cast<int>(off_to_.size()));
    if (links == Links::bivalue) return;
    for (int cell = 0; cell < cells && links != Links::nishio; ++cell) {
      if (c.value(cell) != 0 || c.mask(cell) == 0) continue;
      group_start_.push_back(static_cast<int>(groups_.size()));
      for (Mask m = c.mask(cell); m != 0; m &= m - 1)
        groups_.push_back(cell * n + std::countr_zero(m));
    }
    for (int h = 0; h < static_cast<int>(g.houses().size()); ++h)
      for (int d0 = 0; d0 < n; ++d0) {
        if (c.placed(h) & digit_bit(d0 + 1)) continue;
        const std::uint64_t* house = g.house_bits(h);
        const std::uint64_t* left = board_.data() + static_cast<std::ptrdiff_t>(d0) * cw;
        const auto first = groups_.size();
        for (int w = 0; w < cw; ++w)
          for (std::uint64_t bits = left[w] & house[w]; bits != 0; bits &= bits - 1)
            groups_.push_back((w * 64 + std::countr_zero(bits)) * n + d0);
        if (groups_.size() == first) continue;
        group_start_.push_back(static_cast<int>(first));
      }
    group_start_.push_back(static_cast<int>(groups_.size()));
    const std::size_t group_count = group_start_.size() - 1;
    group_queued_.assign(group_count, 0);
    group_list_.resize(group_count);
    member_start_.assign(live_.size() + 1, 0);
    for (const int x : groups_)
      ++member_start_[static_cast<std::size_t>(index_[static_cast<std::size_t>(x)]) + 1];
    for (std::size_t k = 0; k < live_.size(); ++k) member_start_[k + 1] += member_start_[k];
    member_of_.resize(groups_.size());
    std::vector<int>& fill = on_work_;  // scratch: the next free place of each candidate's list
    fill.assign(member_start_.begin(), member_start_.end() - 1);
    for (std::size_t gi = 0; gi < group_count; ++gi)
      for (int e = group_start_[gi]; e != group_start_[gi + 1]; ++e) {
        const int k = index_[static_cast<std::size_t>(groups_[static_cast<std::size_t>(e)])];
        member_of_[static_cast<std::size_t>(fill[static_cast<std::size_t>(k)]++)] =
            static_cast<int>(gi);
      }
    on_work_.resize(cands);
  }

  // Follows `count` (at most 64) candidates assumed true (`on`) or false; the facts each forces go
  // to its row of `out` (candidate * words words, fact f bit f % 64 of word f / 64) unless it
  // leads to a contradiction. Returns the lanes that do (their rows left as they were).
  std::uint64_t follow(const int* candidates, int count, bool on, std::uint64_t* out,
                       std::size_t words) {
    std::uint64_t bad = grow(candidates, count, on, true);
    for (const int x : live_)
      bad |= on_[static_cast<std::size_t>(x)] & off_[static_cast<std::size_t>(x)];
    const std::uint64_t all = count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
    bad &= all;
    const std::uint64_t good = all & ~bad;
    for (int i = 0; i < count; ++i)
      if (good >> i & 1)
        std::fill_n(out + static_cast<std::size_t>(candidates[i]) * words, words, 0);
    for (const int x : live_) {
      const auto i = static_cast<std::size_t>(x);
      for (int side = 0; side < 2; ++side) {
        const int fact = x * 2 + side;
        for (std::uint64_t lanes = (side ? on_[i] : off_[i]) & good; lanes != 0; lanes &= lanes - 1)
          out[static_cast<std::size_t>(candidates[std::countr_zero(lanes)]) * words +
              static_cast<std::size_t>(fact >> 6)] |= std::uint64_t{1} << (fact & 63);
      }
    }
    return bad;
  }

  // The lanes of `count` candidates assumed true that lead to a contradiction.
  std::uint64_t contradicts(const int* candidates, int count) {
    std::uint64_t bad = grow(candidates, count, true, true);
    for (const int x : live_)
      bad |= on_[static_cast<std::size_t>(x)] & off_[static_cast<std::size_t>(x)];
    return bad;
  }

  // Bivalue links, contradictions passed over (Net::follow's `only_opposite`): the lanes of
  // `count` candidates assumed true (`on`) or false that find their own opposite.
  std::uint64_t opposite(const int* candidates, int count, bool on) {
    grow(candidates, count, on, false);
    std::uint64_t found = 0;
    for (int i = 0; i < count; ++i)
      found |= ((on ? off_ : on_)[static_cast<std::size_t>(candidates[i])] >> i & 1) << i;
    return found;
  }

 private:
  // Grows the lanes of `count` assumptions to what the links force; with `stop`, a lane that
  // holds a contradiction goes no further. Returns the lanes found with a contradiction so far.
  std::uint64_t grow(const int* candidates, int count, bool on, bool stop) {
    // Raw pointers and counts: the lists are pushed to in the inner loops.
    std::uint64_t* const ons = on_.data();
    std::uint64_t* const offs = off_.data();
    std::uint64_t* const sent_on = sent_on_.data();
    std::uint64_t* const sent_off = sent_off_.data();
    char* const on_queued = on_queued_.data();
    char* const off_queued = off_queued_.data();
    char* const group_queued = group_queued_.data();
    int* on_list = on_list_.data();
    int* on_work = on_work_.data();
    int* off_list = off_list_.data();
    int* off_work = off_work_.data();
    int* const group_list = group_list_.data();
    const int* const index = index_.data();
    const int* const on_start = on_start_.data();
    const int* const on_to = on_to_.data();
    const int* const off_start = off_start_.data();
    const int* const off_to = off_to_.data();
    const int* const member_start = member_start_.data();
    const int* const member_of = member_of_.data();
    const int* const group_start = group_start_.data();
    const int* const groups = groups_.data();
    const bool bivalue = links_ == Links::bivalue;
    for (const int x : live_) {
      const auto i = static_cast<std::size_t>(x);
      ons[i] = offs[i] = sent_on[i] = sent_off[i] = 0;
    }
    int on_count = 0, off_count = 0;
    for (int i = 0; i < count; ++i) {
      const int x = candidates[i];
      if (on) {
        ons[x] |= std::uint64_t{1} << i;
        if (!on_queued[x]) on_queued[x] = 1, on_list[on_count++] = x;
      } else {
        offs[x] |= std::uint64_t{1} << i;
        if (!off_queued[x]) off_queued[x] = 1, off_list[off_count++] = x;
      }
    }
    // With `stop`, a lane that holds a contradiction is followed no further (`halt`).
    std::uint64_t bad = 0, halt = 0;
    while (on_count != 0 || off_count != 0) {
      // The candidates found true since they were last looked at: their cell and peers false.
      std::swap(on_list, on_work);
      const int on_work_count = on_count;
      on_count = 0;
      for (int w = 0; w < on_work_count; ++w) {
        const int x = on_work[w];
        on_queued[x] = 0;
        const std::uint64_t fresh = ons[x] & ~sent_on[x] & ~halt;
        sent_on[x] |= fresh;
        if (fresh == 0) continue;
        const int k = index[x];
        for (int e = on_start[k]; e != on_start[k + 1]; ++e) {
          const int t = on_to[e];
          const std::uint64_t add = fresh & ~offs[t];
          if (add == 0) continue;
          offs[t] |= add;
          bad |= add & ons[t];
          if (!off_queued[t]) off_queued[t] = 1, off_list[off_count++] = t;
        }
        if (stop) halt = bad;
      }
      // The candidates found false: bivalue, the other side of their links true; dynamic, their
      // cell and houses looked at.
      std::swap(off_list, off_work);
      const int off_work_count = off_count;
      off_count = 0;
      int group_count = 0;
      for (int w = 0; w < off_work_count; ++w) {
        const int x = off_work[w];
        off_queued[x] = 0;
        const int k = index[x];
        if (!bivalue) {
          for (int e = member_start[k]; e != member_start[k + 1]; ++e) {
            const int gi = member_of[e];
            if (!group_queued[gi]) group_queued[gi] = 1, group_list[group_count++] = gi;
          }
          continue;
        }
        const std::uint64_t fresh = offs[x] & ~sent_off[x] & ~halt;
        sent_off[x] |= fresh;
        if (fresh == 0) continue;
        for (int e = off_start[k]; e != off_start[k + 1]; ++e) {
          const int t = off_to[e];
          const std::uint64_t add = fresh & ~ons[t];
          if (add == 0) continue;
          ons[t] |= add;
          bad |= add & offs[t];
          if (!on_queued[t]) on_queued[t] = 1, on_list[on_count++] = t;
        }
        if (stop) halt = bad;
      }
      for (int w = 0; w < group_count; ++w) {
        const int gi = group_list[w];
        group_queued[gi] = 0;
        const int* first = groups + group_start[gi];
        const int* last = groups + group_start[gi + 1];
        std::uint64_t one = 0, two = 0, gone = 0;
        for (const int* p = first; p != last; ++p) {
          const std::uint64_t f = offs[*p];
          two |= one & ~f;
          one |= ~f;
          gone |= f;
        }
        bad |= gone & ~one;
        if (stop) halt = bad;
        const std::uint64_t fire = one & ~two & gone & ~halt;
        if (fire == 0) continue;
        for (const int* p = first; p != last; ++p) {
          const int x = *p;
          const std::uint64_t add = fire & ~offs[x] & ~ons[x];
          if (add == 0) continue;
          ons[x] |= add;
          if (!on_queued[x]) on_queued[x] = 1, on_list[on_count++] = x;
        }
      }
    }
    return bad;
  }

 public:
  // The candidates left, ascending.
  const std::vector<int>& live() const noexcept { return live_; }

 private:
  Links links_ = Links::dynamic;
  std::vector<std::uint64_t> on_, off_, sent_on_, sent_off_, board_;
  std::vector<int> live_, on_start_, on_to_, off_start_, off_to_, group_start_, groups_;
  std::vector<int> index_;                     // per candidate: its place in live_
  std::vector<int> member_start_, member_of_;  // per live candidate: the groups it is in
  std::vector<int> on_list_, on_work_, off_list_, off_work_, group_list_;
  std::vector<char> on_queued_, off_queued_, group_queued_;
};

// A deduction found, before it is applied.
struct Conclusion {
  int fact = 0;
  int length = 0;
  Technique technique = Technique::dynamic_forcing_chain;
  int house = -1;          // region forcing: the house
  std::vector<int> cells;  // the cells of the assumptions
  Mask digits = 0;         // their digits
};

// What the searches share: the net, the bits of each branch, the deductions found.
// The facts each candidate forces when assumed true are kept (`on`, `on_ok`) when they fit in
// `cache_words`; larger grids follow each assumption again where it is needed. So are, once
// a length is asked of them, their parents (`traces`, valid where `trace_stamp` is
// `trace_run`), when they fit in `trace_facts`.
struct Workspace {
  Net net;
  std::vector<std::uint64_t> common, branch, done, on;
  std::vector<char> on_ok;
  bool cached = false;
  std::vector<Trace> traces;
  std::vector<std::uint32_t> trace_stamp;
  std::uint32_t trace_run = 0;
  bool traced = false;
  std::vector<Conclusion> found;
  // Links::dynamic and bivalue: the same facts followed 64 assumptions at once, and, for the
  // dynamic ones, what each candidate assumed false forces (`off`, `off_bad`: it leads to a
  // contradiction), where cached.
  Lanes lanes;
  bool laned = false;
  std::vector<std::uint64_t> off;
  std::vector<char> off_bad;
  std::vector<int> clash;  // dynamic: per candidate true that leads to a contradiction, its length
  // Per live candidate: forcing chains, 1 true and 2 false lead to the opposite; nishio, 1 true
  // leads to a contradiction.
  std::vector<char> opposite;
};
constexpr std::size_t cache_words = std::size_t{1} << 22;
constexpr std::size_t trace_facts = std::size_t{1} << 21;

// Forgets the traces kept (the candidates changed), and whether they fit.
void clear_traces(const Candidates& c, Workspace& w) {
  const auto cands = static_cast<std::size_t>(c.geometry().cell_count()) *
                     static_cast<std::size_t>(c.geometry().size());
  w.traced = cands * cands * 2 <= trace_facts;
  if (!w.traced) return;
  if (w.traces.size() != cands) {
    w.traces.assign(cands, Trace{});
    w.trace_stamp.assign(cands, 0);
    w.trace_run = 0;
  }
  if (++w.trace_run == 0) {
    std::fill(w.trace_stamp.begin(), w.trace_stamp.end(), 0);
    w.trace_run = 1;
  }
}

// The facts a candidate assumed true forces, with their parents: kept from the first time it is
// asked for in a search when it fits, or followed now (then valid until the next follow).
const Trace& on_trace(Workspace& w, int candidate, Links links) {
  if (!w.traced) {
    w.net.follow(candidate, true, links);
    return w.net.trace();
  }
  const auto i = static_cast<std::size_t>(candidate);
  if (w.trace_stamp[i] != w.trace_run) {
    w.net.follow(candidate, true, links);
    w.net.keep(w.traces[i]);
    w.trace_stamp[i] = w.trace_run;
  }
  return w.traces[i];
}

// Follows every candidate assumed true, keeping what each forces when it fits.
void fill_cache(const Candidates& c, Workspace& w, Links links) {
  const int n = c.geometry().size();
  const auto cands =
      static_cast<std::size_t>(c.geometry().cell_count()) * static_cast<std::size_t>(n);
  const auto words = static_cast<std::size_t>(w.net.words());
  w.cached = cands * words <= cache_words;
  clear_traces(c, w);
  if (!w.cached) return;
  w.on.resize(cands * words);
  w.on_ok.assign(cands, 0);
  w.laned = links == Links::dynamic || links == Links::bivalue;
  if (w.laned) {
    w.clash.assign(cands, -1);
    w.lanes.start(c, links);
    const std::vector<int>& live = w.lanes.live();
    for (std::size_t first = 0; first < live.size(); first += 64) {
      const int count = static_cast<int>(std::min<std::size_t>(64, live.size() - first));
      std::uint64_t bad = w.lanes.follow(live.data() + first, count, true, w.on.data(), words);
      for (int i = 0; i < count; ++i) w.on_ok[static_cast<std::size_t>(live[first + i])] = 1;
      // What an assumption that leads to a contradiction finds on the way: followed one by one,
      // the dynamic ones with the parents kept, for the contradiction's length (binary).
      for (; bad != 0; bad &= bad - 1) {
        const auto candidate = static_cast<std::size_t>(live[first + std::countr_zero(bad)]);
        const bool dynamic = links == Links::dynamic;
        w.on_ok[candidate] =
            w.net.follow(static_cast<int>(candidate), true, links, false, dynamic) ? 1 : 0;
        std::copy(w.net.bits().begin(), w.net.bits().end(),
                  w.on.begin() + static_cast<std::ptrdiff_t>(candidate * words));
        if (!dynamic) continue;
        if (!w.on_ok[candidate]) w.clash[candidate] = w.net.clash_length();
        if (w.traced) {  // kept for on_trace
          w.net.keep(w.traces[candidate]);
          w.trace_stamp[candidate] = w.trace_run;
        }
      }
    }
    if (links != Links::dynamic) return;
    w.off.resize(cands * words);
    w.off_bad.assign(cands, 0);
    for (std::size_t first = 0; first < live.size(); first += 64) {
      const int count = static_cast<int>(std::min<std::size_t>(64, live.size() - first));
      for (std::uint64_t bad =
               w.lanes.follow(live.data() + first, count, false, w.off.data(), words);
           bad != 0; bad &= bad - 1)
        w.off_bad[static_cast<std::size_t>(live[first + std::countr_zero(bad)])] = 1;
    }
    return;
  }
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    for (Mask m = c.mask(cell); m != 0; m &= m - 1) {
      const auto candidate = static_cast<std::size_t>(cell * n + std::countr_zero(m));
      w.on_ok[candidate] =
          w.net.follow(static_cast<int>(candidate), true, links, false, false) ? 1 : 0;
      std::copy(w.net.bits().begin(), w.net.bits().end(),
                w.on.begin() + static_cast<std::ptrdiff_t>(candidate * words));
    }
  }
}

// The facts a candidate assumed true forces (nullptr: a contradiction), from the cache or followed
// now (then valid until the next follow).
const std::uint64_t* forced_by(Workspace& w, int candidate, Links links) {
  if (w.cached) {
    if (!w.on_ok[static_cast<std::size_t>(candidate)]) return nullptr;
    return w.on.data() + static_cast<std::ptrdiff_t>(candidate) * w.net.words();
  }
  return w.net.follow(candidate, true, links, false, false) ? w.net.bits().data() : nullptr;
}

// The facts a candidate assumed true forces, up to a contradiction if it leads to one (`open`
// counts those that do not), from the cache or followed now (then valid until the next follow).
const std::uint64_t* facts_of(Workspace& w, int candidate, Links links, int& open) {
  if (w.cached) {
    open += w.on_ok[static_cast<std::size_t>(candidate)];
    return w.on.data() + static_cast<std::ptrdiff_t>(candidate) * w.net.words();
  }
  open += w.net.follow(candidate, true, links, false, false) ? 1 : 0;
  return w.net.bits().data();
}

Workspace& workspace() {
  thread_local Workspace w;
  return w;
}

// Applies the deductions, shortest first (up to `limit`, 0: all), each fact once.
Found apply_found(Candidates& c, Workspace& w, std::vector<Step>* steps, int limit) {
  Found result;
  std::stable_sort(w.found.begin(), w.found.end(),
                   [](const Conclusion& a, const Conclusion& b) { return a.length < b.length; });
  const int n = c.geometry().size();
  w.done.assign(static_cast<std::size_t>(w.net.words()), 0);
  for (const Conclusion& f : w.found) {
    std::uint64_t& done = w.done[static_cast<std::size_t>(f.fact >> 6)];
    if (done & (std::uint64_t{1} << (f.fact & 63))) continue;
    done |= std::uint64_t{1} << (f.fact & 63);
    const int cell = (f.fact >> 1) / n, digit = (f.fact >> 1) % n + 1;
    if (f.fact & 1) {
      if (c.value(cell) != 0 || !c.assign(cell, digit)) continue;
    } else if (!c.eliminate(cell, digit)) {
      continue;
    }
    if (steps) {
      Step step{f.technique, {}, f.cells, f.digits, {}, {}, {}, {}, f.length};
      if (f.house >= 0) step.houses.push_back(f.house);
      if (f.fact & 1)
        step.placed.push_back({cell, digit});
      else
        step.removed.push_back({cell, digit});
      steps->push_back(std::move(step));
    }
    ++result.steps;
    if (limit != 0 && result.steps >= limit) break;
  }
  w.found.clear();
  return result;
}

// Every candidate assumed true: those that lead to a contradiction are false.
void contradictions(const Candidates& c, Workspace& w, Links links, Technique technique) {
  const int n = c.geometry().size();
  // Which lead to a contradiction, 64 at once.
  w.lanes.start(c, links);
  const std::vector<int>& live = w.lanes.live();
  w.opposite.assign(live.size(), 0);
  for (std::size_t first = 0; first < live.size(); first += 64) {
    const int count = static_cast<int>(std::min<std::size_t>(64, live.size() - first));
    for (std::uint64_t bad = w.lanes.contradicts(live.data() + first, count); bad != 0;
         bad &= bad - 1)
      w.opposite[first + static_cast<std::size_t>(std::countr_zero(bad))] = 1;
  }
  std::size_t k = 0;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    for (Mask m = c.mask(cell); m != 0; m &= m - 1, ++k) {
      const int candidate = cell * n + std::countr_zero(m);
      // Followed again with the parents kept when it is a contradiction, for its length.
      if (!w.opposite[k]) continue;
      w.net.follow(candidate, true, links);
      w.found.push_back({candidate * 2, w.net.clash_length(), technique, -1, {cell}, m & (~m + 1)});
    }
  }
}

// Branches on each of `count` candidates (one of which holds): the facts all of them force
// (a branch that leads to a contradiction forces everything) are recorded.
void branches(Workspace& w, const int* candidates, int count, Links links, Technique technique,
              int house, Mask digits, int n) {
  auto& common = w.common;
  common.assign(static_cast<std::size_t>(w.net.words()), ~std::uint64_t{0});
  // A branch that leads to a contradiction takes part with the facts it found on the way, as in
  // Sudoku Explainer (what it refutes is a contradiction of its own, counted as such).
  int open = 0;
  for (int i = 0; i < count; ++i) {
    const std::uint64_t* bits = facts_of(w, candidates[i], links, open);
    bool any = false;
    for (std::size_t k = 0; k < common.size(); ++k) any |= (common[k] &= bits[k]) != 0;
    if (!any) return;
  }
  if (open == 0) return;  // no solution: for find_contradiction
  // Each deduction's length: the facts it rests on in every branch.
  const std::size_t first = w.found.size();
  for (std::size_t k = 0; k < common.size(); ++k)
    for (std::uint64_t bits = common[k]; bits != 0; bits &= bits - 1) {
      const int fact = static_cast<int>(k * 64) + std::countr_zero(bits);
      Conclusion f{fact, 0, technique, house, {}, digits};
      for (int i = 0; i < count; ++i)
        if (f.cells.empty() || f.cells.back() != candidates[i] / n)
          f.cells.push_back(candidates[i] / n);
      w.found.push_back(std::move(f));
    }
  for (int i = 0; i < count; ++i) {
    const Trace& trace = on_trace(w, candidates[i], links);
    for (std::size_t j = first; j < w.found.size(); ++j)
      w.found[j].length += w.net.length_in(trace, w.found[j].fact);
  }
}

// Region forcing (every place of a digit in a house) and cell forcing (every candidate of a cell).
void cell_and_region(const Candidates& c, Workspace& w, Links links, Technique cell_technique,
                     Technique region_technique) {
  const Geometry& g = c.geometry();
  const int n = g.size();
  int list[64];
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h)
    for (int digit = 1; digit <= n; ++digit) {
      if (c.placed(h) & digit_bit(digit)) continue;
      int k = 0;
      for (const int cell : g.houses()[static_cast<std::size_t>(h)].cells)
        if (c.value(cell) == 0 && (c.mask(cell) & digit_bit(digit)))
          list[k++] = cell * n + digit - 1;
      if (k >= 2) branches(w, list, k, links, region_technique, h, digit_bit(digit), n);
    }
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    int k = 0;
    for (Mask m = c.mask(cell); m != 0; m &= m - 1) list[k++] = cell * n + std::countr_zero(m);
    if (k >= 2) branches(w, list, k, links, cell_technique, -1, c.mask(cell), n);
  }
}

// Each candidate true and false: a contradiction either way, or a fact both force.
void binary(const Candidates& c, Workspace& w, Links links, Technique technique) {
  const int n = c.geometry().size();
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    for (Mask m = c.mask(cell); m != 0; m &= m - 1) {
      const int candidate = cell * n + std::countr_zero(m);
      const Mask digit = m & (~m + 1);
      const std::uint64_t* on = forced_by(w, candidate, links);
      if (on == nullptr) {
        int length = w.cached && w.laned && links == Links::dynamic
                         ? w.clash[static_cast<std::size_t>(candidate)]
                         : -1;
        if (length < 0) {
          w.net.follow(candidate, true, links);
          length = w.net.clash_length();
        }
        w.found.push_back({candidate * 2, length, technique, -1, {cell}, digit});
        continue;
      }
      // Without a contradiction the candidate false and true force nothing in common: nothing
      // to follow with the parents kept.
      if (w.cached && w.laned && links == Links::dynamic &&
          !w.off_bad[static_cast<std::size_t>(candidate)]) {
        const std::uint64_t* off =
            w.off.data() + static_cast<std::ptrdiff_t>(candidate) * w.net.words();
        std::uint64_t any = 0;
        for (int k = 0; k < w.net.words(); ++k) any |= off[k] & on[k];
        if (any == 0) continue;
      }
      w.branch.assign(on, on + w.net.words());
      if (!w.net.follow(candidate, false, links)) {
        w.found.push_back({candidate * 2 + 1, w.net.clash_length(), technique, -1, {cell}, digit});
        continue;
      }
      const auto& bits = w.net.bits();
      const std::size_t first = w.found.size();
      for (std::size_t k = 0; k < bits.size(); ++k)
        for (std::uint64_t both = bits[k] & w.branch[k]; both != 0; both &= both - 1) {
          const int fact = static_cast<int>(k * 64) + std::countr_zero(both);
          w.found.push_back({fact, w.net.length_of(fact), technique, -1, {cell}, digit});
        }
      if (w.found.size() == first) continue;
      const Trace& trace = on_trace(w, candidate, links);
      for (std::size_t j = first; j < w.found.size(); ++j)
        w.found[j].length += w.net.length_in(trace, w.found[j].fact);
    }
  }
}

Found dynamic_with(Candidates& c, const LogicTables* tables, Links links, Technique technique,
                   std::vector<Step>* steps, int limit) {
  Workspace& w = workspace();
  w.found.clear();
  w.net.start(c, tables);
  fill_cache(c, w, links);
  binary(c, w, links, technique);
  cell_and_region(c, w, links, technique, technique);
  return apply_found(c, w, steps, limit);
}

}  // namespace

Found forcing_chain(Candidates& c, std::vector<Step>* steps, int limit) {
  Workspace& w = workspace();
  w.found.clear();
  w.net.start(c, nullptr);
  const int n = c.geometry().size();
  // Which assumptions lead to their own opposite, 64 at once.
  w.lanes.start(c, Links::bivalue);
  const std::vector<int>& live = w.lanes.live();
  w.opposite.assign(live.size(), 0);
  for (std::size_t first = 0; first < live.size(); first += 64) {
    const int count = static_cast<int>(std::min<std::size_t>(64, live.size() - first));
    for (const bool on : {true, false})
      for (std::uint64_t found = w.lanes.opposite(live.data() + first, count, on); found != 0;
           found &= found - 1)
        w.opposite[first + static_cast<std::size_t>(std::countr_zero(found))] |= on ? 1 : 2;
  }
  std::size_t k = 0;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    for (Mask m = c.mask(cell); m != 0; m &= m - 1, ++k) {
      const int candidate = cell * n + std::countr_zero(m);
      for (const bool on : {true, false}) {
        // The assumption leads to its own opposite: the opposite holds.
        // Followed again with the parents kept when it is one, for its length.
        if ((w.opposite[k] & (on ? 1 : 2)) == 0) continue;
        w.net.follow(candidate, on, Links::bivalue, true);
        const int length = w.net.contradiction_length() + 1;  // and the opposite itself
        const Technique technique = w.net.links_seen() == (cell_link | house_link)
                                        ? Technique::forcing_chain
                                    : w.net.links_seen() == cell_link ? Technique::forcing_y_chain
                                                                      : Technique::forcing_x_chain;
        w.found.push_back(
            {candidate * 2 + (on ? 0 : 1), length, technique, -1, {cell}, m & (~m + 1)});
      }
    }
  }
  return apply_found(c, w, steps, limit);
}

Found nishio_forcing_chain(Candidates& c, std::vector<Step>* steps, int limit) {
  Workspace& w = workspace();
  w.found.clear();
  w.net.start(c, nullptr);
  contradictions(c, w, Links::nishio, Technique::nishio_forcing_chain);
  return apply_found(c, w, steps, limit);
}

Found static_forcing_chain(Candidates& c, std::vector<Step>* steps, int limit) {
  Workspace& w = workspace();
  w.found.clear();
  w.net.start(c, nullptr);
  fill_cache(c, w, Links::bivalue);
  cell_and_region(c, w, Links::bivalue, Technique::cell_forcing_chain,
                  Technique::region_forcing_chain);
  return apply_found(c, w, steps, limit);
}

Found dynamic_forcing_chain(Candidates& c, std::vector<Step>* steps, int limit) {
  return dynamic_with(c, nullptr, Links::dynamic, Technique::dynamic_forcing_chain, steps, limit);
}

Found dynamic_forcing_chain_plus(Candidates& c, const LogicTables& tables, std::vector<Step>* steps,
                                 int limit) {
  return dynamic_with(c, &tables, Links::locked, Technique::dynamic_forcing_chain_plus, steps,
                      limit);
}

}  // namespace sudoku
