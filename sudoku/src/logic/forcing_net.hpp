// One assumption of the forcing chains and nets followed over the implications of the position
// (logic/implications.hpp) by the one propagation (logic/spread.hpp), one fact at a time, keeping
// each fact's parents (Net), and the kinds of link it follows (Links). Internal to forcing.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "logic/implications.hpp"
#include "logic/internal.hpp"
#include "logic/spread.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku::detail {

// How an assumption is followed.
enum class Links {
  nishio,   // the assumed digit only: its peers lose it, a house left with one place gets it
  bivalue,  // a cell with two candidates, a digit with two places in a house, as they stand
  dynamic,  // every single the facts so far leave
  locked,   // the same, and when the facts run out, on the candidates they leave, the first of
            // locked candidates, hidden pair, naked pair and X-Wing that finds something
  // Sudoku Explainer's nested levels: the same, and when those find nothing, a search of its
  // own run on the candidates the facts leave (nested_rules), its deductions new facts.
  nested_chains,    // forcing chains (level 2)
  nested_multiple,  // forcing chains, else cell and region forcing chains (level 3)
  nested_dynamic,   // dynamic forcing chains (level 4)
  nested_plus,      // dynamic forcing chains, else nested forcing chains of level 2 (level 5)
};
constexpr bool is_nested(Links links) noexcept {
  return links >= Links::nested_chains;
}

// Runs the techniques of a nested level on `inside` (the candidates a branch's facts leave of
// `outside`), appending one step per deduction and, per step, the candidates of `outside` missing
// inside that it rests on (`hidden`); true when it found any. Defined in forcing.cpp.
bool nested_rules(Candidates& inside, const Candidates& outside, const LogicTables& tables,
                  Links links, std::vector<Step>& found, std::vector<std::vector<int>>& hidden);

// How a fact follows from its parents: within a cell (Sudoku Explainer's Y links) or a house
// (X links), or by a nested technique run inside the branch.
constexpr int cell_link = 1, house_link = 2, nested_link = 4;

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
  std::vector<int> order;          // per position: the fact
  std::vector<int> parent_start;   // per position: where its parents start in `parents`
  std::vector<int> parents;        // the parents' positions
  std::vector<char> link;          // per position: how the fact was found (cell_link, ...)
  std::vector<int> nested;         // per position: the nested step that found it (1-based), or 0
  std::vector<int> nested_length;  // per nested step: its length
  std::vector<Step> nested_steps;  // per nested step, when the parents are kept: the step
  // Inside a branch (a net with an origin): per position, where its hidden reasons start in
  // `hidden`, the candidates of the origin missing here that the fact's link read.
  std::vector<int> hidden_start, hidden;
  std::vector<int> index;  // per fact found: its position
};

class Net {
 public:
  // Takes the candidates the assumptions start from and their implications (`links`, loaded
  // with them); `tables` for the locked links.
  void start(const Candidates& c, const LogicTables* tables, Implications& links) {
    c_ = &c;
    links_ = &links;
    tables_ = tables;
    const Geometry& g = c.geometry();
    n_ = g.size();
    cells_ = g.cell_count();
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
    // What the candidates as they stand say of each fact.
    known_.assign(facts, 0);
    for (int cell = 0; cell < cells_; ++cell)
      for (int digit = 1; digit <= n_; ++digit) {
        const auto fact = static_cast<std::size_t>(cell * n_ + digit - 1) * 2;
        known_[fact] = (c.mask(cell) & digit_bit(digit)) == 0 ? 1 : 0;
        known_[fact + 1] = c.value(cell) == digit ? 1 : 0;
      }
    listed_ = 0;
  }

  // Follows one assumption (a candidate true or false) as far as `links` go; returns false when
  // it leads to a contradiction. bits() then holds the facts found.
  // With `only_opposite`, contradictions other than the assumption's own opposite are passed
  // over (the facts are not followed), and only that one ends the search. Without `record`, the
  // facts' parents are not kept (bits() and the outcome are the same, the lengths unknown).
  bool follow(int candidate, bool on, Links links, bool only_opposite = false, bool record = true) {
    links_kind_ = links;
    // The lists the propagation follows: nishio, bivalue, or the dynamic ones.
    const int kind = links == Links::nishio ? 0 : links == Links::bivalue ? 1 : 2;
    if ((listed_ >> kind & 1) == 0) {
      lists_[kind] = links_->lists(kind == 0, kind != 1);
      listed_ |= 1 << kind;
    }
    spread_.start(lists_[kind]);
    dynamic_ = kind != 1;
    if (dynamic_) spread_.walk_start();
    record_ = record;
    target_ = only_opposite ? candidate * 2 + (on ? 0 : 1) : -1;
    if (++run_ == 0) {  // the stamps wrapped: start them afresh
      std::fill(stamp_.begin(), stamp_.end(), 0);
      run_ = 1;
    }
    std::fill(bits_.begin(), bits_.end(), 0);
    t_.order.clear();
    t_.link.clear();
    t_.nested.clear();
    t_.nested_length.clear();
    t_.nested_steps.clear();
    t_.hidden_start.clear();
    t_.hidden.clear();
    t_.parent_start.clear();
    t_.parents.clear();
    conflict_.clear();
    conflict_hidden_.clear();
    contradiction_ = false;
    for (int cell = 0; cell < cells_; ++cell) cur_[static_cast<std::size_t>(cell)] = c_->mask(cell);
    add(candidate * 2 + (on ? 1 : 0), nullptr, 0, 0);
    for (std::size_t head = 0; !contradiction_;) {
      if (head == t_.order.size()) {
        if (links_kind_ < Links::locked) break;
        if (locked_round() || inside_round()) continue;
        break;
      }
      const int fact = t_.order[head];
      const int at = static_cast<int>(head++);
      Walker w{*this, fact >> 1, (fact & 1) == 0};
      if (fact & 1)
        spread_.on_links(fact >> 1, at, w);
      else
        spread_.off_links(fact >> 1, at, w);
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
  // The positions of the facts the contradiction of the last follow() rests on; when the clashing
  // fact's opposite was found too (conflict_found()), its position comes last.
  const std::vector<int>& conflict() const noexcept { return conflict_; }
  bool conflict_found() const noexcept { return opposite_; }
  // The links the facts counted by the last length_of() or contradiction_length() use.
  int links_seen() const noexcept { return links_seen_; }

  // The facts a fact of the last follow() rests on, itself and the assumption included.
  int length_of(int fact) { return length_in(t_, fact); }
  // The same of a fact of a kept trace.
  int length_in(const Trace& t, int fact) {
    begin_count();
    begin_hidden();
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
    begin_hidden();
    hidden_of_conflict();
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
    begin_hidden();
    hidden_of_conflict();
    begin_count();
    int total = count(t_, *last);
    begin_count();
    ++total;  // the fact that clashes with it
    for (auto p = conflict_.begin(); p != conflict_.end(); ++p)
      if (p != last) total += count(t_, *p);
    return total;
  }

  // A net inside a branch of another (the nested levels): `origin` is the candidates that
  // branch started from, of which these are a part. The lengths then also gather the candidates
  // of the origin missing here that their facts' links read (hidden_found()): the facts of the
  // outer branch the deduction rests on. nullptr: none.
  void set_origin(const Candidates* origin) noexcept { origin_ = origin; }
  // The hidden reasons the last length_in(), contradiction_length() or clash_length() met.
  const std::vector<int>& hidden_found() const noexcept { return hidden_found_; }

 private:
  bool known(int fact) const { return known_[static_cast<std::size_t>(fact)] != 0; }
  bool holds(int fact) const { return found(fact) || known(fact); }

  // Records a fact found from `count` parents (and, `nested` > 0, by that nested step); a fact
  // whose opposite holds is a contradiction.
  void add(int fact, const int* parents, int count, int link, int nested = 0) {
    add_fact(fact, parents, count, link, nested);
    pending_.clear();
  }
  void add_fact(int fact, const int* parents, int count, int link, int nested) {
    if (holds(fact)) return;
    if (holds(fact ^ 1)) {
      // Looking for one fact only: a fact and its opposite may both be found, as in Sudoku
      // Explainer's chains over the links as they stand.
      if (target_ < 0 || fact == target_) {
        contradiction_ = true;
        conflict_fact_ = fact;
        conflict_link_ = link;
        conflict_.assign(parents, parents + count);
        conflict_hidden_ = pending_;
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
      t_.nested.push_back(nested);
      if (origin_) {
        t_.hidden_start.push_back(static_cast<int>(t_.hidden.size()));
        t_.hidden.insert(t_.hidden.end(), pending_.begin(), pending_.end());
      }
    }
    t_.order.push_back(fact);
    if ((fact & 1) == 0) {
      const auto cand = static_cast<std::size_t>(fact >> 1);
      cur_[static_cast<std::size_t>(cell_of_[cand])] &= ~digit_bit(digit_of_[cand]);
      if (dynamic_) spread_.taken(fact >> 1);
    }
  }
  void contradiction(const int* parents, int count) {
    conflict_hidden_.swap(pending_);
    pending_.clear();
    if (target_ >= 0) return;
    contradiction_ = true;
    conflict_fact_ = -1;
    opposite_ = false;
    conflict_.assign(parents, parents + count);
  }
  int position(int fact) const { return t_.index[static_cast<std::size_t>(fact)]; }

  // What the propagation finds a fact implies (logic/spread.hpp), with how it follows (within a
  // cell or a house) and, inside a branch, its hidden reasons; `from` is the candidate whose
  // links are followed, `off` when it is false.
  struct Walker {
    Net& net;
    int from;
    bool off;
    bool add(int fact, const int* parents, int count, int group) {
      if (net.holds(fact)) return true;  // known already: nothing to add
      const int link = net.link_of(from, fact >> 1, group);
      if (off) net.hidden_of(from, fact >> 1, group);
      net.add(fact, parents, count, link);
      return !net.contradiction_;
    }
    void emptied(const int* parents, int count, int group) {
      net.hidden_of(from, from, group);
      net.contradiction(parents, count);
    }
    bool gone(int candidate) const { return net.found(candidate * 2); }
    int position(int fact) const { return net.position(fact); }
    bool reasons() const { return net.record_; }
  };
  // A link from candidate `a` to `b` (by `group`, or a list's when -1): within a cell or a house.
  int link_of(int a, int b, int group) const {
    if (group >= 0) return group < links_->cell_groups() ? cell_link : house_link;
    return cell_of_[static_cast<std::size_t>(a)] == cell_of_[static_cast<std::size_t>(b)]
               ? cell_link
               : house_link;
  }
  // The hidden reasons of a link from candidate `a` false to `b` (pending_): its cell's or its
  // house's, `group` the cell or house group of a single (-1: a link of two as they stand).
  void hidden_of(int a, int b, int group) {
    if (!origin_ || !record_) return;
    const int cell = cell_of_[static_cast<std::size_t>(a)],
              digit = digit_of_[static_cast<std::size_t>(a)];
    const int other = cell_of_[static_cast<std::size_t>(b)];
    if (group >= 0 ? group < links_->cell_groups() : cell == other)
      hidden_of_cell(cell);
    else if (group >= 0)
      hidden_of_house(links_->group_house()[group], digit);
    else
      hidden_of_pair(cell, other, digit);
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

  // The off facts of this follow() among the candidates of `cells` whose digits are in `digits`,
  // as parents.
  void parents_among(const std::vector<int>& cells, Mask digits) {
    for (const int cell : cells) {
      if (c_->value(cell) != 0) continue;
      for (Mask gone = c_->mask(cell) & ~cur_[static_cast<std::size_t>(cell)] & digits; gone != 0;
           gone &= gone - 1)
        rule_parents_.push_back(position((cell * n_ + std::countr_zero(gone)) * 2));
    }
  }

  // On the candidates the facts leave (inside_): hidden pair, naked pair, X-Wing, the first that
  // finds something, as Sudoku Explainer's dynamic forcing chains (+) apply them; then, at the
  // nested levels, the nested search. Each deduction is a fact resting on the facts that made
  // its pattern (the digits gone from its house, its cells or its base houses); a nested step's
  // on the assumption and the facts whose removals its links read (Sudoku Explainer's hidden
  // parents), counting the step's length. True when it found a fact.
  bool inside_round() {
    if (inside_)
      *inside_ = *c_;
    else
      inside_.emplace(*c_);
    for (int cell = 0; cell < cells_; ++cell)
      if (c_->value(cell) == 0)
        for (Mask gone = c_->mask(cell) & ~cur_[static_cast<std::size_t>(cell)]; gone != 0;
             gone &= gone - 1)
          inside_->eliminate(cell, std::countr_zero(gone) + 1);
    inner_.clear();
    bool nested = false;
    if (hidden_subset(*inside_, 2, &inner_).steps == 0 &&
        naked_subset(*inside_, 2, &inner_).steps == 0 &&
        basic_fish(*inside_, 2, &inner_).steps == 0) {
      if (!is_nested(links_kind_) ||
          !nested_rules(*inside_, *c_, *tables_, links_kind_, inner_, inner_hidden_))
        return false;
      nested = true;
    }
    const Geometry& g = c_->geometry();
    const std::size_t before = t_.order.size();
    for (std::size_t i = 0; i < inner_.size(); ++i) {
      const Step& step = inner_[i];
      int id = 0;
      rule_parents_.clear();
      if (nested) {
        t_.nested_length.push_back(step.length);
        if (record_) t_.nested_steps.push_back(step);
        id = static_cast<int>(t_.nested_length.size());
        // The facts of this branch the nested step read (its candidates gone here), and the
        // assumption.
        rule_parents_.push_back(0);
        if (record_ && i < inner_hidden_.size())
          for (const int x : inner_hidden_[i])
            if (found(x * 2)) rule_parents_.push_back(position(x * 2));
      } else if (step.technique == Technique::hidden_pair) {
        parents_among(g.houses()[static_cast<std::size_t>(step.houses.front())].cells, step.digits);
      } else if (step.technique == Technique::naked_pair) {
        parents_among(step.cells, c_->all() & ~step.digits);
      } else {  // X-Wing: its base houses come first
        for (std::size_t b = 0; b < 2 && b < step.houses.size(); ++b)
          parents_among(g.houses()[static_cast<std::size_t>(step.houses[b])].cells, step.digits);
      }
      if (rule_parents_.empty()) rule_parents_.push_back(0);  // the assumption
      const int* parents = rule_parents_.data();
      const int count = static_cast<int>(rule_parents_.size());
      const int link = nested ? nested_link : house_link;
      for (const Candidate& x : step.removed) {
        add((x.cell * n_ + x.digit - 1) * 2, parents, count, link, id);
        if (contradiction_) return true;
      }
      for (const Candidate& x : step.placed) {
        add((x.cell * n_ + x.digit - 1) * 2 + 1, parents, count, link, id);
        if (contradiction_) return true;
      }
    }
    return t_.order.size() > before;
  }

  // The hidden reasons of a link (pending_, taken by the next add): the candidates of the origin
  // missing here in a cell, in a house for a digit, or in the house where two cells are the
  // digit's last two places.
  void hidden_of_cell(int cell) {
    if (!origin_ || !record_) return;
    for (Mask gone = origin_->mask(cell) & ~c_->mask(cell); gone != 0; gone &= gone - 1)
      pending_.push_back(cell * n_ + std::countr_zero(gone));
  }
  void hidden_of_house(int house, int digit) {
    if (!origin_ || !record_) return;
    const Mask bit = digit_bit(digit);
    for (const int cell : c_->geometry().houses()[static_cast<std::size_t>(house)].cells)
      if (origin_->value(cell) == 0 && (origin_->mask(cell) & bit) && !(c_->mask(cell) & bit))
        pending_.push_back(cell * n_ + digit - 1);
  }
  void hidden_of_pair(int a, int b, int digit) {
    if (!origin_ || !record_) return;
    const Geometry& g = c_->geometry();
    const Mask bit = digit_bit(digit);
    for (const int h : g.houses_of(a)) {
      const auto& cells = g.houses()[static_cast<std::size_t>(h)].cells;
      if (std::find(cells.begin(), cells.end(), b) == cells.end()) continue;
      int places = 0;
      for (const int cell : cells) places += c_->value(cell) == 0 && (c_->mask(cell) & bit) ? 1 : 0;
      if (places != 2) continue;
      return hidden_of_house(h, digit);
    }
  }

  // The hidden reasons of the cell or house the contradiction emptied.
  void hidden_of_conflict() {
    if (!origin_) return;
    for (const int x : conflict_hidden_) {
      if (hidden_stamp_.size() < static_cast<std::size_t>(cells_ * n_))
        hidden_stamp_.assign(static_cast<std::size_t>(cells_ * n_), 0);
      auto& stamp = hidden_stamp_[static_cast<std::size_t>(x)];
      if (stamp == hidden_run_) continue;
      stamp = hidden_run_;
      hidden_found_.push_back(x);
    }
  }

  void begin_hidden() {
    hidden_found_.clear();
    if (!origin_) return;
    if (++hidden_run_ == 0) {
      std::fill(hidden_stamp_.begin(), hidden_stamp_.end(), 0);
      hidden_run_ = 1;
    }
  }

  void begin_count() {
    if (++count_run_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      std::fill(nested_seen_.begin(), nested_seen_.end(), 0);
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
      // A nested step counts its own length once, however many of its facts are used.
      if (const int id = t.nested[static_cast<std::size_t>(p)]; id != 0) {
        if (nested_seen_.size() < t.nested_length.size())
          nested_seen_.resize(t.nested_length.size());
        if (nested_seen_[static_cast<std::size_t>(id - 1)] != count_run_) {
          nested_seen_[static_cast<std::size_t>(id - 1)] = count_run_;
          total += t.nested_length[static_cast<std::size_t>(id - 1)];
        }
      }
      links_seen_ |= t.link[static_cast<std::size_t>(p)];
      if (origin_ && static_cast<std::size_t>(p) < t.hidden_start.size()) {
        const auto from = static_cast<std::size_t>(t.hidden_start[static_cast<std::size_t>(p)]);
        const std::size_t to =
            static_cast<std::size_t>(p) + 1 < t.hidden_start.size()
                ? static_cast<std::size_t>(t.hidden_start[static_cast<std::size_t>(p) + 1])
                : t.hidden.size();
        if (hidden_stamp_.size() < static_cast<std::size_t>(cells_ * n_))
          hidden_stamp_.assign(static_cast<std::size_t>(cells_ * n_), 0);
        for (std::size_t i = from; i < to; ++i) {
          auto& stamp = hidden_stamp_[static_cast<std::size_t>(t.hidden[i])];
          if (stamp == hidden_run_) continue;
          stamp = hidden_run_;
          hidden_found_.push_back(t.hidden[i]);
        }
      }
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
  int n_ = 0, cells_ = 0, words_ = 0;
  Implications* links_ = nullptr;
  Links links_kind_ = Links::dynamic;
  std::uint32_t run_ = 0, count_run_ = 0;
  std::vector<std::uint32_t> stamp_, seen_, nested_seen_;
  std::vector<std::uint64_t> bits_;
  std::vector<Mask> cur_;
  std::vector<std::uint8_t> known_;     // per fact: true of the candidates as they stand
  std::vector<std::uint16_t> cell_of_;  // per candidate: its cell
  std::vector<std::uint8_t> digit_of_;  // per candidate: its digit
  // The propagation, and the lists it follows per kind of links (nishio, bivalue, dynamic), made
  // on first use in a position (listed_: a bit per kind).
  Spread spread_;
  LinkLists lists_[3];
  int listed_ = 0;
  bool dynamic_ = true;
  Trace t_;  // the facts of the last follow()
  std::vector<int> conflict_, stack_;
  std::optional<Candidates> inside_;            // (+) and nested: the candidates the facts leave
  std::vector<Step> inner_;                     // the steps found on them
  std::vector<std::vector<int>> inner_hidden_;  // per nested step: the removals it read
  std::vector<int> rule_parents_;               // the positions of the facts one of them rests on
  const Candidates* origin_ = nullptr;          // inside a branch: the candidates it started from
  std::vector<int> pending_;                    // the hidden reasons of the link being added
  std::vector<int> conflict_hidden_;         // those of the cell or house a contradiction emptied
  std::vector<int> hidden_found_;            // the hidden reasons a length met
  std::vector<std::uint32_t> hidden_stamp_;  // per candidate: hidden_run_ when met
  std::uint32_t hidden_run_ = 0;
  bool contradiction_ = false;
  bool record_ = true;     // the parents of each fact are kept
  bool opposite_ = false;  // the contradiction: a fact found whose opposite was found before
};

}  // namespace sudoku::detail
