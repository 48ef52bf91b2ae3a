// The one propagation of implications: assumptions followed over links given as lists, 64 at
// once (a lane each: the forcing chains and nets, the chains' loops) or one at a time with the
// way to each fact (the chains). The links come from the implications of a position
// (logic/implications.hpp: candidates) or from the chain engine (its nodes, grouped ones
// included, under a technique's rules). Internal to the library.
//
//   x true  --on_to-->  ids false          (a cell's other candidates, the peers of its digit)
//   x false --off_to--> ids true           (alternating: the other of a strong link)
//   x false --groups--> a group left with one id makes it true, with none a contradiction
//                                          (dynamic: singles as the facts leave them)
//
// Alternating links make the facts in layers: the assumption is layer 0, what it makes false
// layer 1, what that makes true layer 2, ...; a layer is a chain of that many links.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace sudoku::detail {

// Links between facts (an id true or false) as lists. Ids run below `ids` (candidates: cell *
// size + digit - 1; the chain engine's nodes); the ids with links are `rows` (ascending), row k
// of id x being index[x]. Lists hold ids.
struct LinkLists {
  int ids = 0;
  const int* rows = nullptr;
  int row_count = 0;
  const int* index = nullptr;
  // Per row k, from the id true: on_to[on_first[k]] up to on_to[on_end[k]], made false.
  const int* on_first = nullptr;
  const int* on_end = nullptr;
  const int* on_to = nullptr;
  // Alternating (no groups): per row k, from the id false: off_to[off_start[k]] up to
  // off_to[off_start[k + 1]], made true.
  const int* off_start = nullptr;
  const int* off_to = nullptr;
  // Dynamic: per row k, the groups holding the id from member_of[member_start[k]] (the first
  // passed over with `skip_first_group`: nishio's cell groups); per group, its ids from
  // groups[group_start[g]].
  const int* member_start = nullptr;
  const int* member_of = nullptr;
  const int* group_start = nullptr;
  const int* groups = nullptr;
  int group_count = 0;
  bool skip_first_group = false;
  bool dynamic() const noexcept { return member_start != nullptr; }
};

// Without a contradiction what an assumption forces is the least set closed under the links,
// whatever order the facts are found in, so a lane holds what a one-at-a-time follow finds; a
// lane that reaches a contradiction is reported. Allocates only when the ids outgrow those
// before. Not thread-safe.
class Spread {
 public:
  // Takes the links the assumptions follow (valid until the next start).
  void start(const LinkLists& links) {
    l_ = links;
    const auto ids = static_cast<std::size_t>(links.ids);
    if (on_.size() < ids) {
      for (auto* v : {&on_, &off_, &sent_on_, &sent_off_}) v->resize(ids);
      for (auto* v : {&on_queued_, &off_queued_}) v->assign(ids, 0);
      for (auto* v : {&on_list_, &on_work_, &off_list_, &off_work_}) v->resize(ids);
    }
    if (group_queued_.size() < static_cast<std::size_t>(links.group_count)) {
      group_queued_.assign(static_cast<std::size_t>(links.group_count), 0);
      group_list_.resize(static_cast<std::size_t>(links.group_count));
    }
  }

  // Lanes. Follows `count` (at most 64) ids assumed true (`on`) or false; the facts each forces
  // (fact id * 2 + 1 true, id * 2 false) go to its row of `out` (id * words words, fact f bit
  // f % 64 of word f / 64) unless it leads to a contradiction. Returns the lanes that do (their
  // rows left as they were).
  std::uint64_t follow(const int* ids, int count, bool on, std::uint64_t* out, std::size_t words) {
    const std::uint64_t all = lanes(count);
    const std::uint64_t bad = (grow(ids, count, on, true) | clashes()) & all;
    const std::uint64_t good = all & ~bad;
    for (int i = 0; i < count; ++i)
      if (good >> i & 1) std::fill_n(out + static_cast<std::size_t>(ids[i]) * words, words, 0);
    for (int k = 0; k < l_.row_count; ++k) {
      const int x = l_.rows[k];
      const auto i = static_cast<std::size_t>(x);
      for (int side = 0; side < 2; ++side) {
        const int fact = x * 2 + side;
        for (std::uint64_t lanes = (side ? on_[i] : off_[i]) & good; lanes != 0; lanes &= lanes - 1)
          out[static_cast<std::size_t>(ids[std::countr_zero(lanes)]) * words +
              static_cast<std::size_t>(fact >> 6)] |= std::uint64_t{1} << (fact & 63);
      }
    }
    return bad;
  }

  // The lanes of `count` ids assumed true that lead to a contradiction.
  std::uint64_t contradicts(const int* ids, int count) {
    return grow(ids, count, true, true) | clashes();
  }

  // Alternating links, contradictions passed over: per id of `count` assumed true (`on`) or
  // false, the links of the shortest way round to its own opposite (out[i] for ids[i]; -1: none
  // within `max_links`). Returns the lanes that find it.
  std::uint64_t opposite(const int* ids, int count, bool on, int max_links, int* out) {
    for (int i = 0; i < count; ++i) out[i] = -1;
    grow(ids, count, on, false, out, max_links);
    std::uint64_t found = 0;
    for (int i = 0; i < count; ++i) found |= static_cast<std::uint64_t>(out[i] >= 0) << i;
    return found;
  }

  // One at a time (alternating links): breadth first from `id` assumed true (`on`) or false, at
  // most `max_links` links deep, keeping the way to each fact. Stops as soon as the fact (goal,
  // goal_on) is found (-1: none) and returns its links, or -1 when it is not found.
  int trail(int id, bool on, int max_links, int goal = -1, bool goal_on = false) {
    const auto facts = static_cast<std::size_t>(l_.ids) * 2;
    if (stamp_.size() < facts) {
      stamp_.assign(facts, 0);
      parent_.resize(facts);
      distance_.resize(facts);
      queue_.resize(facts);
      run_ = 0;
    }
    forget();
    const int target = goal >= 0 ? goal * 2 + (goal_on ? 1 : 0) : -1;
    const int first = id * 2 + (on ? 1 : 0);
    stamp_[static_cast<std::size_t>(first)] = run_;
    parent_[static_cast<std::size_t>(first)] = -1;
    distance_[static_cast<std::size_t>(first)] = 0;
    if (first == target) return 0;
    int head = 0, tail = 0;
    queue_[static_cast<std::size_t>(tail++)] = first;
    while (head < tail) {
      const int f = queue_[static_cast<std::size_t>(head++)];
      const int depth = distance_[static_cast<std::size_t>(f)];
      if (depth >= max_links) break;
      const int k = l_.index[f >> 1];
      const bool from_on = (f & 1) != 0;
      const int* to = from_on ? l_.on_to : l_.off_to;
      const int begin = from_on ? l_.on_first[k] : l_.off_start[k];
      const int end = from_on ? l_.on_end[k] : l_.off_start[k + 1];
      for (int e = begin; e != end; ++e) {
        const int t = to[e] * 2 + (from_on ? 0 : 1);
        if (stamp_[static_cast<std::size_t>(t)] == run_) continue;
        stamp_[static_cast<std::size_t>(t)] = run_;
        parent_[static_cast<std::size_t>(t)] = f;
        distance_[static_cast<std::size_t>(t)] = depth + 1;
        if (t == target) return depth + 1;
        queue_[static_cast<std::size_t>(tail++)] = t;
      }
    }
    return -1;
  }
  // Forgets the facts of the last trail().
  void forget() {
    if (++run_ == 0) {
      std::fill(stamp_.begin(), stamp_.end(), 0);
      run_ = 1;
    }
  }
  // After trail(): whether a fact was found, in how many links, and the facts on the way from the
  // assumption (fact ids: id * 2 + true; the assumption first, the fact last).
  bool reached(int id, bool on) const noexcept {
    const auto f = static_cast<std::size_t>(id * 2 + (on ? 1 : 0));
    return run_ != 0 && f < stamp_.size() && stamp_[f] == run_;
  }
  int distance(int id, bool on) const noexcept {
    return reached(id, on) ? distance_[static_cast<std::size_t>(id * 2 + (on ? 1 : 0))] : -1;
  }
  void path(int id, bool on, std::vector<int>& facts) const {
    facts.clear();
    if (!reached(id, on)) return;
    for (int f = id * 2 + (on ? 1 : 0); f >= 0; f = parent_[static_cast<std::size_t>(f)])
      facts.push_back(f);
    std::reverse(facts.begin(), facts.end());
  }

 private:
  static std::uint64_t lanes(int count) noexcept {
    return count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
  }
  // The lanes holding a fact and its opposite.
  std::uint64_t clashes() const noexcept {
    std::uint64_t bad = 0;
    for (int k = 0; k < l_.row_count; ++k) {
      const auto i = static_cast<std::size_t>(l_.rows[k]);
      bad |= on_[i] & off_[i];
    }
    return bad;
  }

  // The lanes (but `halt`) whose assumption ids[i] is in `side` (ons or offs): their links
  // (`layer`) go to watched[i].
  static std::uint64_t reached(const int* ids, int count, const std::uint64_t* side,
                               std::uint64_t halt, int layer, int* watched) noexcept {
    std::uint64_t found = 0;
    for (int i = 0; i < count; ++i) {
      const std::uint64_t bit = std::uint64_t{1} << i;
      if ((halt & bit) == 0 && (side[ids[i]] & bit) != 0) {
        watched[i] = layer;
        found |= bit;
      }
    }
    return found;
  }

  // Grows the lanes of `count` assumptions to what the links force; with `stop`, a lane that
  // holds a contradiction goes no further; with `watched` (opposite()), a lane that finds its own
  // opposite goes no further (its links in watched[i]), nor any past `max_links` links. Returns
  // the lanes found with a contradiction so far.
  std::uint64_t grow(const int* ids, int count, bool on, bool stop, int* watched = nullptr,
                     int max_links = 0) {
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
    // The lists held in locals: the stores to the char arrays could alias the members.
    const bool dynamic = l_.dynamic();
    const int skip = l_.skip_first_group ? 1 : 0;
    const int* const rows = l_.rows;
    const int row_count = l_.row_count;
    const int* const index = l_.index;
    const int* const on_first = l_.on_first;
    const int* const on_end = l_.on_end;
    const int* const on_to = l_.on_to;
    const int* const off_start = l_.off_start;
    const int* const off_to = l_.off_to;
    const int* const member_start = l_.member_start;
    const int* const member_of = l_.member_of;
    const int* const group_start = l_.group_start;
    const int* const groups = l_.groups;
    for (int k = 0; k < row_count; ++k) {
      const auto i = static_cast<std::size_t>(rows[k]);
      ons[i] = offs[i] = sent_on[i] = sent_off[i] = 0;
    }
    int on_count = 0, off_count = 0;
    for (int i = 0; i < count; ++i) {
      const int x = ids[i];
      if (on) {
        ons[x] |= std::uint64_t{1} << i;
        if (!on_queued[x]) on_queued[x] = 1, on_list[on_count++] = x;
      } else {
        offs[x] |= std::uint64_t{1} << i;
        if (!off_queued[x]) off_queued[x] = 1, off_list[off_count++] = x;
      }
    }
    // With `stop`, a lane that holds a contradiction is followed no further (`halt`); so is,
    // in opposite(), one that found its opposite. Alternating, the on facts being worked on are
    // `links` links from the assumptions (-1 when those are false).
    std::uint64_t bad = 0, halt = 0;
    int links = on ? 0 : -1;
    while (on_count != 0 || off_count != 0) {
      if (watched != nullptr && links + 1 > max_links) break;
      // The facts found true since they were last looked at: their cell and peers false.
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
      if (watched != nullptr && on && on_work_count != 0)
        halt |= reached(ids, count, offs, halt, links + 1, watched);
      if (watched != nullptr && links + 2 > max_links) break;
      // The facts found false: alternating, the other side of their links true; dynamic, their
      // groups looked at.
      std::swap(off_list, off_work);
      const int off_work_count = off_count;
      off_count = 0;
      int group_count = 0;
      for (int w = 0; w < off_work_count; ++w) {
        const int x = off_work[w];
        off_queued[x] = 0;
        const int k = index[x];
        if (dynamic) {
          for (int e = member_start[k] + skip; e != member_start[k + 1]; ++e) {
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
      if (watched != nullptr && !on && off_work_count != 0)
        halt |= reached(ids, count, ons, halt, links + 2, watched);
      links += 2;
    }
    // A lane may stop with facts still queued (opposite()): the marks go for the next grow.
    for (int w = 0; w < on_count; ++w) on_queued[on_list[w]] = 0;
    for (int w = 0; w < off_count; ++w) off_queued[off_list[w]] = 0;
    return bad;
  }

  LinkLists l_;
  std::vector<std::uint64_t> on_, off_, sent_on_, sent_off_;
  std::vector<int> on_list_, on_work_, off_list_, off_work_, group_list_;
  std::vector<char> on_queued_, off_queued_, group_queued_;
  // trail(): per fact, the run that found it, its parent and its links; the queue.
  std::vector<std::uint32_t> stamp_;
  std::uint32_t run_ = 0;
  std::vector<int> parent_, distance_, queue_;
};

}  // namespace sudoku::detail
