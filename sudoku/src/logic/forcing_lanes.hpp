// Up to 64 assumptions of the forcing chains and nets followed at once over the implications of
// the position (logic/implications.hpp), a bit each (Lanes). Internal to forcing.cpp.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "logic/forcing_net.hpp"
#include "logic/implications.hpp"
#include "sudoku/logic/logic.hpp"

namespace sudoku::detail {

// Up to 64 assumptions followed at once over the links of the implications (nishio, bivalue or
// dynamic), a bit each (lane i of every word is assumption i): per candidate left, the lanes
// where it is found true (on_) and false (off_), grown to what the links force. Without a
// contradiction what an assumption forces is the least set closed under the links, whatever
// order the facts are found in, so a lane then holds what Net::follow finds; a lane that reaches
// a contradiction is reported (what Net::follow finds before it depends on the order: followed
// again there). The links are the lists of Implications: on_to, off_to (bivalue) and the groups
// (dynamic: one left true where the others went false, none left a contradiction).
class Lanes {
 public:
  // Takes the implications of the position the assumptions start from.
  void start(Implications& links, Links kind) {
    links_ = &links;
    kind_ = kind;
    links.list_on();
    if (kind == Links::bivalue)
      links.list_off();
    else
      links.list_groups();
    const auto cands =
        static_cast<std::size_t>(links.cells()) * static_cast<std::size_t>(links.size());
    on_.assign(cands, 0);
    off_.assign(cands, 0);
    sent_on_.assign(cands, 0);
    sent_off_.assign(cands, 0);
    on_queued_.assign(cands, 0);
    off_queued_.assign(cands, 0);
    for (auto* list : {&on_list_, &on_work_, &off_list_, &off_work_}) list->resize(cands);
    if (kind == Links::bivalue) return;
    const auto group_count = static_cast<std::size_t>(links.group_count());
    group_queued_.assign(group_count, 0);
    group_list_.resize(group_count);
  }

  // Follows `count` (at most 64) candidates assumed true (`on`) or false; the facts each forces go
  // to its row of `out` (candidate * words words, fact f bit f % 64 of word f / 64) unless it
  // leads to a contradiction. Returns the lanes that do (their rows left as they were).
  std::uint64_t follow(const int* candidates, int count, bool on, std::uint64_t* out,
                       std::size_t words) {
    std::uint64_t bad = grow(candidates, count, on, true);
    for (const int x : links_->live())
      bad |= on_[static_cast<std::size_t>(x)] & off_[static_cast<std::size_t>(x)];
    const std::uint64_t all = count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
    bad &= all;
    const std::uint64_t good = all & ~bad;
    for (int i = 0; i < count; ++i)
      if (good >> i & 1)
        std::fill_n(out + static_cast<std::size_t>(candidates[i]) * words, words, 0);
    for (const int x : links_->live()) {
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
    for (const int x : links_->live())
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
    Implications& links = *links_;
    const std::vector<int>& live = links.live();
    const bool bivalue = kind_ == Links::bivalue;
    const bool peers_only = kind_ == Links::nishio;  // nishio: the assumed digit only
    const int* const index = links.index();
    const int* const on_first = links.on_first(peers_only);
    const int* const on_end = links.on_end();
    const int* const on_to = links.on_to();
    const int* const off_start = links.off_start();
    const int* const off_to = links.off_to();
    const int* const member_start = links.member_start();
    const int* const member_of = links.member_of();
    const int* const group_start = links.group_start();
    const int* const groups = links.groups();
    for (const int x : live) {
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
        for (int e = on_first[k]; e != on_end[k]; ++e) {
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
          // Nishio: the cell groups left out (the assumed digit only).
          for (int e = member_start[k] + (peers_only ? 1 : 0); e != member_start[k + 1]; ++e) {
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
  const std::vector<int>& live() const noexcept { return links_->live(); }

 private:
  Implications* links_ = nullptr;
  Links kind_ = Links::dynamic;
  std::vector<std::uint64_t> on_, off_, sent_on_, sent_off_;
  std::vector<int> on_list_, on_work_, off_list_, off_work_, group_list_;
  std::vector<char> on_queued_, off_queued_, group_queued_;
};

}  // namespace sudoku::detail
