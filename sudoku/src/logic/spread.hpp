// The one propagation of implications, for every technique that follows them: the chains (the
// chain engine's searches and loops), the forcing chains and nets (Net's walks, the lanes). Its
// links are lists, from the implications of a position (logic/implications.hpp: candidates) or
// from the chain engine (its nodes, grouped ones included, under a technique's rules):
//
//   x true  --on_to-->  ids false          (a cell's other candidates, the peers of its digit)
//   x false --off_to--> ids true           (alternating: the other of a strong link)
//   x false --groups--> a group left with one id makes it true, with none a contradiction
//                                          (dynamic: singles as the facts leave them)
//
// Followed three ways: a walk of one assumption takes its facts in the order found, with the way
// to each, asking of each what it implies (on_links, off_links: trail() here, the forcing nets'
// Net); the lanes take 64 assumptions at once, a bit each, to what they force (follow,
// contradicts); alternating links make the facts in layers (the assumption layer 0, what it
// makes false layer 1, what that makes true layer 2: a layer is a chain of that many links),
// which opposite() counts for 64 assumptions at once. Internal to the library.
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
  bool rows_are_ids = false;  // rows[k] == k
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
  // within `max_links`). Returns the lanes that find it. Layer by layer over every row (the
  // frontiers are dense: a scan is cheaper than queues here), a lane stopping once it is found.
  std::uint64_t opposite(const int* ids, int count, bool on, int max_links, int* out) {
    return l_.rows_are_ids ? opposite_in<true>(ids, count, on, max_links, out)
                           : opposite_in<false>(ids, count, on, max_links, out);
  }

  // One at a time. A walk takes its facts in the order found and asks of each what it implies,
  // each implied fact given in turn to the walker:
  //   bool add(int fact, const int* parents, int count, int group)  (false: stop; the group of a
  //                                            dynamic single, -1 for a list's link)
  //   void emptied(const int* parents, int count, int group)  (a group left with no id)
  //   bool gone(int id), int position(int fact)  (the walk's facts: id found false; a fact's place)
  //   bool reasons()  (the parents of a dynamic single wanted)
  // A dynamic walk calls walk_start() first and taken(id) for each id it finds false.
  void walk_start() {
    const auto groups = static_cast<std::size_t>(l_.group_count);
    if (left_.size() < groups) left_.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) left_[g] = l_.group_start[g + 1] - l_.group_start[g];
  }
  void taken(int id) {
    const int k = l_.index[id];
    if (k < 0) return;
    for (int e = l_.member_start[k]; e != l_.member_start[k + 1]; ++e) --left_[l_.member_of[e]];
  }
  // Id true: the ids of its on_to list false, each from the fact at `at`. False when the walker
  // stopped.
  template <class Walker>
  bool on_links(int id, int at, Walker& w) const {
    const int k = l_.index[id];
    if (k < 0) return true;
    for (int e = l_.on_first[k], end = l_.on_end[k]; e != end; ++e)
      if (!w.add(l_.on_to[e] * 2, &at, 1, -1)) return false;
    return true;
  }
  // Id false: alternating, the ids of its off_to list true; dynamic, each group it is in left
  // with one id (as the walk's facts leave it) makes that one true, from the facts that took the
  // others, and one left with none is a contradiction (then no more groups are looked at). False
  // when the walker stopped or a group was emptied.
  template <class Walker>
  bool off_links(int id, int at, Walker& w) const {
    const int k = l_.index[id];
    if (k < 0) return true;
    if (!l_.dynamic()) {
      for (int e = l_.off_start[k], end = l_.off_start[k + 1]; e != end; ++e)
        if (!w.add(l_.off_to[e] * 2 + 1, &at, 1, -1)) return false;
      return true;
    }
    int reasons[64];
    for (int e = l_.member_start[k] + (l_.skip_first_group ? 1 : 0); e != l_.member_start[k + 1];
         ++e) {
      const int g = l_.member_of[e];
      if (left_[static_cast<std::size_t>(g)] > 1) continue;
      int count = 0, keep = -1;
      for (int m = l_.group_start[g], end = l_.group_start[g + 1]; m != end; ++m) {
        const int p = l_.groups[m];
        if (!w.gone(p))
          keep = p;
        else if (w.reasons() && count < 64)
          reasons[count++] = w.position(p * 2);
      }
      if (keep < 0) {
        w.emptied(reasons, count, g);
        return false;
      }
      if (!w.add(keep * 2 + 1, reasons, count, g)) return false;
    }
    return true;
  }

  // Alternating links: breadth first from `id` assumed true (`on`) or false, at most `max_links`
  // links deep, keeping the way to each fact. Stops as soon as the fact (goal, goal_on) is found
  // (-1: none) and returns its links, or -1 when it is not found.
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
    struct Walker {
      Spread& s;
      int target, depth, tail = 0;
      bool hit = false;
      bool add(int fact, const int* parents, int count, int) {
        const auto f = static_cast<std::size_t>(fact);
        if (s.stamp_[f] == s.run_) return true;
        s.stamp_[f] = s.run_;
        s.parent_[f] = count > 0 ? *parents : -1;
        s.distance_[f] = depth + 1;
        s.queue_[static_cast<std::size_t>(tail++)] = fact;
        hit = fact == target;
        return !hit;
      }
      void emptied(const int*, int, int) {}
      bool gone(int) const { return false; }
      int position(int fact) const { return fact; }
      bool reasons() const { return false; }
    } walker{*this, goal >= 0 ? goal * 2 + (goal_on ? 1 : 0) : -1, 0};
    const int first = id * 2 + (on ? 1 : 0);
    stamp_[static_cast<std::size_t>(first)] = run_;
    parent_[static_cast<std::size_t>(first)] = -1;
    distance_[static_cast<std::size_t>(first)] = 0;
    if (first == walker.target) return 0;
    queue_[static_cast<std::size_t>(walker.tail++)] = first;
    for (int head = 0; head < walker.tail;) {
      const int f = queue_[static_cast<std::size_t>(head++)];
      walker.depth = distance_[static_cast<std::size_t>(f)];
      if (walker.depth >= max_links) break;
      // The parent of a fact is its fact (position() is the fact itself).
      if ((f & 1) != 0)
        on_links(f >> 1, f, walker);
      else
        off_links(f >> 1, f, walker);
      if (walker.hit) return walker.depth + 1;
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
  // opposite(), rows the ids themselves (0 to row_count - 1) or not.
  template <bool RowsAreIds>
  std::uint64_t opposite_in(const int* ids, int count, bool on, int max_links, int* out) {
    const int* const rows = l_.rows;
    const int row_count = l_.row_count;
    std::uint64_t* const ons = on_.data();
    std::uint64_t* const offs = off_.data();
    std::uint64_t* const seen_on = sent_on_.data();
    std::uint64_t* const seen_off = sent_off_.data();
    const auto row = [rows](int k) { return RowsAreIds ? k : rows[k]; };
    for (int k = 0; k < row_count; ++k) {
      const auto x = static_cast<std::size_t>(row(k));
      ons[x] = offs[x] = seen_on[x] = seen_off[x] = 0;
    }
    for (int i = 0; i < count; ++i) {
      (on ? ons : offs)[ids[i]] |= std::uint64_t{1} << i;
      (on ? seen_on : seen_off)[ids[i]] |= std::uint64_t{1} << i;
      out[i] = -1;
    }
    const std::uint64_t all = lanes(count);
    std::uint64_t done = 0;
    for (int links = 1; links <= max_links; ++links) {
      // Odd layers of a true assumption are false facts, of a false one true facts.
      const bool to_off = ((links & 1) != 0) == on;
      const std::uint64_t* const from = to_off ? ons : offs;
      std::uint64_t* const to = to_off ? offs : ons;
      std::uint64_t* const seen = to_off ? seen_off : seen_on;
      const int* const first = to_off ? l_.on_first : l_.off_start;
      const int* const last = to_off ? l_.on_end : l_.off_start + 1;
      const int* const target = to_off ? l_.on_to : l_.off_to;
      // `to` holds the layer before `from`, spent: reused.
      if (RowsAreIds)
        std::fill_n(to, row_count, 0);
      else
        for (int k = 0; k < row_count; ++k) to[rows[k]] = 0;
      for (int k = 0; k < row_count; ++k) {
        const std::uint64_t f = from[row(k)] & ~done;
        if (f == 0) continue;
        for (int e = first[k], end = last[k]; e != end; ++e) to[target[e]] |= f;
      }
      std::uint64_t any = 0;
      for (int k = 0; k < row_count; ++k) {
        const int x = row(k);
        to[x] &= ~seen[x];
        seen[x] |= to[x];
        any |= to[x];
      }
      if (to_off == on)  // the layer of the assumptions' opposites
        for (int i = 0; i < count; ++i) {
          const std::uint64_t bit = std::uint64_t{1} << i;
          if ((done & bit) == 0 && (to[ids[i]] & bit) != 0) {
            out[i] = links;
            done |= bit;
          }
        }
      if (done == all || (any & ~done) == 0) break;
    }
    return done;
  }

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

  // Grows the lanes of `count` assumptions to what the links force; with `stop`, a lane that
  // holds a contradiction goes no further. Returns the lanes found with a contradiction so far.
  std::uint64_t grow(const int* ids, int count, bool on, bool stop) {
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
    // With `stop`, a lane that holds a contradiction is followed no further (`halt`).
    std::uint64_t bad = 0, halt = 0;
    while (on_count != 0 || off_count != 0) {
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
    }
    return bad;
  }

  LinkLists l_;
  std::vector<std::uint64_t> on_, off_, sent_on_, sent_off_;
  std::vector<int> on_list_, on_work_, off_list_, off_work_, group_list_;
  std::vector<char> on_queued_, off_queued_, group_queued_;
  // Dynamic walks: per group, its ids not yet found false.
  std::vector<int> left_;
  // trail(): per fact, the run that found it, its parent and its links; the queue.
  std::vector<std::uint32_t> stamp_;
  std::uint32_t run_ = 0;
  std::vector<int> parent_, distance_, queue_;
};

}  // namespace sudoku::detail
