// Up to 64 assumptions of the forcing chains and nets followed at once, a bit each (Lanes).
// Internal to forcing.cpp.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "logic/forcing_net.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku::detail {

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

}  // namespace sudoku::detail
