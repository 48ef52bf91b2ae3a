// The forcing chains and nets: assumptions followed over the implications of the position
// (logic/implications.hpp), one at a time with their parents (logic/forcing_net.hpp) or 64 at once
// (logic/spread.hpp), and the deductions their branches share.
#include "sudoku/logic/forcing.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "logic/forcing_net.hpp"

namespace sudoku {

using detail::cell_link;
using detail::house_link;
using detail::Links;
using detail::Net;
using detail::Spread;
using detail::Trace;

namespace {

// How each forcing technique follows an assumption: its links, and whether only the
// assumption's own opposite ends a branch (the forcing chains proper). The finders and
// explain_links() read it.
struct Following {
  Technique technique;
  Links links;
  bool only_opposite;
};
constexpr Following followings[] = {
    {Technique::forcing_x_chain, Links::bivalue, true},
    {Technique::forcing_y_chain, Links::bivalue, true},
    {Technique::forcing_chain, Links::bivalue, true},
    {Technique::nishio_forcing_chain, Links::nishio, false},
    {Technique::cell_forcing_chain, Links::bivalue, false},
    {Technique::region_forcing_chain, Links::bivalue, false},
    {Technique::dynamic_forcing_chain, Links::dynamic, false},
    {Technique::dynamic_forcing_chain_plus, Links::locked, false},
    {Technique::nested_forcing_chain, Links::nested_chains, false},
    {Technique::nested_multiple_forcing_chain, Links::nested_multiple, false},
    {Technique::nested_dynamic_forcing_chain, Links::nested_dynamic, false},
    {Technique::nested_dynamic_forcing_chain_plus, Links::nested_plus, false},
};
// The following of a technique (none for a technique of another family).
constexpr const Following* following_of(Technique technique) noexcept {
  for (const Following& f : followings)
    if (f.technique == technique) return &f;
  return nullptr;
}
constexpr Links links_of(Technique technique) noexcept {
  return following_of(technique)->links;
}

// A deduction found, before it is applied.
struct Conclusion {
  int fact = 0;
  int length = 0;
  Technique technique = Technique::dynamic_forcing_chain;
  int house = -1;           // region forcing: the house
  std::vector<int> cells;   // the cells of the assumptions
  Mask digits = 0;          // their digits
  std::vector<int> hidden;  // inside a branch: the outer branch's removals it rests on (Net)
};

// What the searches share: the implications of the position, the net, the bits of each branch,
// the deductions found.
// The facts each candidate forces when assumed true are kept (`on`, `on_ok`) when they fit in
// `cache_words`; larger grids follow each assumption again where it is needed. So are, once
// a length is asked of them, their parents (`traces`, valid where `trace_stamp` is
// `trace_run`), when they fit in `trace_facts`.
struct Workspace {
  detail::Implications links;
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
  Spread lanes;
  bool laned = false;
  std::vector<std::uint64_t> off;
  std::vector<char> off_bad;
  std::vector<int> clash;  // dynamic: per candidate true that leads to a contradiction, its length
  // Per live candidate: forcing chains, 1 true and 2 false lead to the opposite; nishio, 1 true
  // leads to a contradiction.
  std::vector<char> opposite;
  // Inside a branch: per step apply_found() reported, the outer branch's removals it rests on.
  std::vector<std::vector<int>> step_hidden;
};
// The lanes over the links of the position as `links` follow them.
void start_lanes(Workspace& w, Links links) {
  w.lanes.start(w.links.lists(links == Links::nishio, links != Links::bivalue));
}
// No bound on the links of a forcing chain.
constexpr int any_length = 1 << 30;

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
    start_lanes(w, links);
    const std::vector<int>& live = w.links.live();
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
    if (detail::stop_asked()) return;  // the finders after it stop too
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

// The nested levels run a forcing search inside a branch of another: each depth has its own
// workspace.
constexpr int max_depth = 4;
thread_local int depth = 0;
// The work a nested search may spend inside its branches, in assumptions followed by the
// searches it runs there (each weighed by how much one costs): the searches that solve the
// hardest puzzles tried (levels 2 and 3) take up to 0.6 million; the levels that run dynamic
// searches inside get more. A position where nothing applies (a puzzle with several solutions,
// an early position), where every branch would run a search, stops at the bound. Counted, not
// timed: a rating is the same everywhere.
constexpr std::int64_t nested_work(Links links) noexcept {
  return links == Links::nested_dynamic || links == Links::nested_plus ? 2'000'000 : 1'000'000;
}
thread_local std::int64_t work_left = 0;
// Per depth, the candidates the branch a nested search runs inside started from.
thread_local std::array<const Candidates*, max_depth> origin{};
Workspace& workspace_at(int d) {
  thread_local std::array<Workspace, max_depth> w;
  return w[static_cast<std::size_t>(d)];
}
Workspace& workspace() {
  return workspace_at(depth);
}

// The hidden reasons the net's last length met, added to a deduction's.
void add_hidden(const Workspace& w, Conclusion& f) {
  const std::vector<int>& h = w.net.hidden_found();
  f.hidden.insert(f.hidden.end(), h.begin(), h.end());
}

// Takes the position the assumptions start from: its implications, read by the net and the lanes.
void start(Workspace& w, const Candidates& c, const LogicTables* tables) {
  w.links.load(c);  // kept while the candidates stay
  w.net.start(c, tables, w.links);
  w.net.set_origin(origin[static_cast<std::size_t>(depth)]);
}

// The positions of the parents of the fact at position `p` of a trace.
std::span<const int> parents_in(const Trace& t, int p) {
  const auto at = static_cast<std::size_t>(p);
  const auto from = static_cast<std::size_t>(t.parent_start[at]);
  const std::size_t to = at + 1 < t.parent_start.size()
                             ? static_cast<std::size_t>(t.parent_start[at + 1])
                             : t.parents.size();
  return {t.parents.data() + from, to - from};
}

// The facts of the last follow() (trace `t`) that the facts at positions `ends` rest on, as a
// branch; `clashed`, when not negative, is one more fact, found but not recorded (it clashed),
// resting on the facts at `rests`.
Branch branch_of(const Trace& t, const Geometry& g, std::span<const int> ends, int clashed,
                 std::span<const int> rests) {
  const int n = g.size();
  std::vector<int> stack(ends.begin(), ends.end());
  stack.insert(stack.end(), rests.begin(), rests.end());
  stack.push_back(0);  // the assumption
  std::vector<int> index(t.order.size(), -1);
  std::vector<int> kept;
  while (!stack.empty()) {
    const int p = stack.back();
    stack.pop_back();
    if (index[static_cast<std::size_t>(p)] != -1) continue;
    index[static_cast<std::size_t>(p)] = 0;
    kept.push_back(p);
    const std::span<const int> parents = parents_in(t, p);
    stack.insert(stack.end(), parents.begin(), parents.end());
  }
  std::sort(kept.begin(), kept.end());
  Branch b;
  const auto implication = [&](int fact) {
    return Implication{(fact >> 1) / n, (fact >> 1) % n + 1, (fact & 1) != 0, {}, {}};
  };
  for (const int p : kept) {
    index[static_cast<std::size_t>(p)] = static_cast<int>(b.facts.size());
    Implication f = implication(t.order[static_cast<std::size_t>(p)]);
    if (const int id = t.nested[static_cast<std::size_t>(p)];
        id != 0 && static_cast<std::size_t>(id) <= t.nested_steps.size())
      f.inside = describe(g, t.nested_steps[static_cast<std::size_t>(id - 1)]);
    for (const int parent : parents_in(t, p))
      f.parents.push_back(index[static_cast<std::size_t>(parent)]);
    b.facts.push_back(std::move(f));
  }
  if (clashed >= 0) {
    Implication f = implication(clashed);
    for (const int p : rests) f.parents.push_back(index[static_cast<std::size_t>(p)]);
    b.ends.push_back(static_cast<int>(b.facts.size()));
    b.facts.push_back(std::move(f));
  }
  for (const int p : ends) b.ends.push_back(index[static_cast<std::size_t>(p)]);
  return b;
}

// Applies the deductions, shortest first (up to `limit`, 0: all), each fact once.
Found apply_found(Candidates& c, Workspace& w, std::vector<Step>* steps, int limit) {
  Found result;
  std::stable_sort(w.found.begin(), w.found.end(),
                   [](const Conclusion& a, const Conclusion& b) { return a.length < b.length; });
  const int n = c.geometry().size();
  w.done.assign(static_cast<std::size_t>(w.net.words()), 0);
  w.step_hidden.clear();
  for (Conclusion& f : w.found) {
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
      std::sort(f.hidden.begin(), f.hidden.end());
      f.hidden.erase(std::unique(f.hidden.begin(), f.hidden.end()), f.hidden.end());
      w.step_hidden.push_back(std::move(f.hidden));
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
  start_lanes(w, links);
  const std::vector<int>& live = w.links.live();
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
    if (detail::stop_asked()) return;
    for (Mask m = c.mask(cell); m != 0; m &= m - 1, ++k) {
      const int candidate = cell * n + std::countr_zero(m);
      // Followed again with the parents kept when it is a contradiction, for its length.
      if (!w.opposite[k]) continue;
      w.net.follow(candidate, true, links);
      w.found.push_back(
          {candidate * 2, w.net.clash_length(), technique, -1, {cell}, m & (~m + 1), {}});
      add_hidden(w, w.found.back());
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
      Conclusion f{fact, 0, technique, house, {}, digits, {}};
      for (int i = 0; i < count; ++i)
        if (f.cells.empty() || f.cells.back() != candidates[i] / n)
          f.cells.push_back(candidates[i] / n);
      w.found.push_back(std::move(f));
    }
  for (int i = 0; i < count; ++i) {
    const Trace& trace = on_trace(w, candidates[i], links);
    for (std::size_t j = first; j < w.found.size(); ++j) {
      w.found[j].length += w.net.length_in(trace, w.found[j].fact);
      add_hidden(w, w.found[j]);
    }
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
      if (detail::stop_asked()) return;
      int k = 0;
      for (const int cell : g.houses()[static_cast<std::size_t>(h)].cells)
        if (c.value(cell) == 0 && (c.mask(cell) & digit_bit(digit)))
          list[k++] = cell * n + digit - 1;
      if (k >= 2) branches(w, list, k, links, region_technique, h, digit_bit(digit), n);
    }
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    if (detail::stop_asked()) return;
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
    if (detail::stop_asked()) return;
    for (Mask m = c.mask(cell); m != 0; m &= m - 1) {
      const int candidate = cell * n + std::countr_zero(m);
      const Mask digit = m & (~m + 1);
      const std::uint64_t* on = forced_by(w, candidate, links);
      if (on == nullptr) {
        // Inside a branch, followed again for the hidden reasons of its length.
        int length = w.cached && w.laned && links == Links::dynamic && depth == 0
                         ? w.clash[static_cast<std::size_t>(candidate)]
                         : -1;
        if (length < 0) {
          w.net.follow(candidate, true, links);
          length = w.net.clash_length();
        }
        w.found.push_back({candidate * 2, length, technique, -1, {cell}, digit, {}});
        if (depth > 0) add_hidden(w, w.found.back());
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
        w.found.push_back(
            {candidate * 2 + 1, w.net.clash_length(), technique, -1, {cell}, digit, {}});
        add_hidden(w, w.found.back());
        continue;
      }
      const auto& bits = w.net.bits();
      const std::size_t first = w.found.size();
      for (std::size_t k = 0; k < bits.size(); ++k)
        for (std::uint64_t both = bits[k] & w.branch[k]; both != 0; both &= both - 1) {
          const int fact = static_cast<int>(k * 64) + std::countr_zero(both);
          w.found.push_back({fact, w.net.length_of(fact), technique, -1, {cell}, digit, {}});
          add_hidden(w, w.found.back());
        }
      if (w.found.size() == first) continue;
      const Trace& trace = on_trace(w, candidate, links);
      for (std::size_t j = first; j < w.found.size(); ++j) {
        w.found[j].length += w.net.length_in(trace, w.found[j].fact);
        add_hidden(w, w.found[j]);
      }
    }
  }
}

Found dynamic_with(Candidates& c, const LogicTables* tables, Links links, Technique technique,
                   std::vector<Step>* steps, int limit) {
  Workspace& w = workspace();
  w.found.clear();
  start(w, c, tables);
  fill_cache(c, w, links);
  binary(c, w, links, technique);
  cell_and_region(c, w, links, technique, technique);
  return apply_found(c, w, steps, limit);
}

}  // namespace

Found forcing_chain(Candidates& c, std::vector<Step>* steps, int limit) {
  Workspace& w = workspace();
  w.found.clear();
  start(w, c, nullptr);
  const int n = c.geometry().size();
  // Which assumptions lead to their own opposite, 64 at once.
  start_lanes(w, links_of(Technique::forcing_chain));
  const std::vector<int>& live = w.links.live();
  w.opposite.assign(live.size(), 0);
  for (std::size_t first = 0; first < live.size(); first += 64) {
    const int count = static_cast<int>(std::min<std::size_t>(64, live.size() - first));
    int links[64];
    for (const bool on : {true, false})
      for (std::uint64_t found =
               w.lanes.opposite(live.data() + first, count, on, any_length, links);
           found != 0; found &= found - 1)
        w.opposite[first + static_cast<std::size_t>(std::countr_zero(found))] |= on ? 1 : 2;
  }
  std::size_t k = 0;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell) {
    if (c.value(cell) != 0) continue;
    if (detail::stop_asked()) return {};
    for (Mask m = c.mask(cell); m != 0; m &= m - 1, ++k) {
      const int candidate = cell * n + std::countr_zero(m);
      for (const bool on : {true, false}) {
        // The assumption leads to its own opposite: the opposite holds.
        // Followed again with the parents kept when it is one, for its length.
        if ((w.opposite[k] & (on ? 1 : 2)) == 0) continue;
        w.net.follow(candidate, on, links_of(Technique::forcing_chain), true);
        const int length = w.net.contradiction_length() + 1;  // and the opposite itself
        const Technique technique = w.net.links_seen() == (cell_link | house_link)
                                        ? Technique::forcing_chain
                                    : w.net.links_seen() == cell_link ? Technique::forcing_y_chain
                                                                      : Technique::forcing_x_chain;
        w.found.push_back(
            {candidate * 2 + (on ? 0 : 1), length, technique, -1, {cell}, m & (~m + 1), {}});
        add_hidden(w, w.found.back());
      }
    }
  }
  return apply_found(c, w, steps, limit);
}

Found nishio_forcing_chain(Candidates& c, std::vector<Step>* steps, int limit) {
  Workspace& w = workspace();
  w.found.clear();
  start(w, c, nullptr);
  contradictions(c, w, links_of(Technique::nishio_forcing_chain), Technique::nishio_forcing_chain);
  return apply_found(c, w, steps, limit);
}

Found static_forcing_chain(Candidates& c, std::vector<Step>* steps, int limit) {
  Workspace& w = workspace();
  w.found.clear();
  start(w, c, nullptr);
  const Links links = links_of(Technique::cell_forcing_chain);
  fill_cache(c, w, links);
  cell_and_region(c, w, links, Technique::cell_forcing_chain, Technique::region_forcing_chain);
  return apply_found(c, w, steps, limit);
}

Found dynamic_forcing_chain(Candidates& c, std::vector<Step>* steps, int limit) {
  return dynamic_with(c, nullptr, links_of(Technique::dynamic_forcing_chain),
                      Technique::dynamic_forcing_chain, steps, limit);
}

Found dynamic_forcing_chain_plus(Candidates& c, const LogicTables& tables, std::vector<Step>* steps,
                                 int limit) {
  return dynamic_with(c, &tables, links_of(Technique::dynamic_forcing_chain_plus),
                      Technique::dynamic_forcing_chain_plus, steps, limit);
}

Found nested_forcing_chain(Candidates& c, const LogicTables& tables, Technique technique,
                           std::vector<Step>* steps, int limit) {
  const Following* following = following_of(technique);
  if (following == nullptr || !detail::is_nested(following->links)) return {};
  if (depth == 0) work_left = nested_work(following->links);
  return dynamic_with(c, &tables, following->links, technique, steps, limit);
}

void explain_links(const Candidates& before, const LogicTables& tables, Step& step) {
  const Geometry& g = before.geometry();
  const int n = g.size();
  step.branches.clear();
  const bool placed = !step.placed.empty();
  if (step.cells.empty() || step.digits == 0 || (!placed && step.removed.empty())) return;
  const Candidate x = placed ? step.placed.front() : step.removed.front();
  const int fact = (x.cell * n + x.digit - 1) * 2 + (placed ? 1 : 0);
  const Following* following = following_of(step.technique);
  if (following == nullptr) return;
  const Links links = following->links;
  if (depth == 0) work_left = nested_work(links);
  const bool only_opposite = following->only_opposite;
  // The assumptions, as the step names them: every place of a digit in a house, every candidate
  // of a cell, a candidate whose opposite the step concludes, or a candidate true and false.
  const int cell = step.cells.front(), digit = std::countr_zero(step.digits) + 1;
  std::vector<int> assumed;
  if (!step.houses.empty()) {
    for (const int c : g.houses()[static_cast<std::size_t>(step.houses.front())].cells)
      if (before.value(c) == 0 && (before.mask(c) & step.digits))
        assumed.push_back((c * n + digit - 1) * 2 + 1);
  } else if (count_of(step.digits) > 1) {
    for (Mask m = before.mask(cell); m != 0; m &= m - 1)
      assumed.push_back((cell * n + std::countr_zero(m)) * 2 + 1);
  } else if (x.cell == cell && x.digit == digit) {
    assumed.push_back((fact ^ 1));
  } else {
    assumed = {(cell * n + digit - 1) * 2 + 1, (cell * n + digit - 1) * 2};
  }
  Workspace& w = workspace();
  start(w, before, &tables);
  Net& net = w.net;
  for (const int a : assumed) {
    const bool open = net.follow(a >> 1, (a & 1) != 0, links, only_opposite);
    const Trace& t = net.trace();
    if (net.found(fact)) {
      const int end = t.index[static_cast<std::size_t>(fact)];
      step.branches.push_back(branch_of(t, g, {&end, 1}, -1, {}));
      continue;
    }
    if (open) continue;  // not the step's reasoning: its branch reaches neither end
    const std::vector<int>& conflict = net.conflict();
    const int clashed = net.conflict_fact();
    Branch b;
    if (clashed >= 0 && net.conflict_found())
      b = branch_of(t, g, {&conflict.back(), 1}, clashed, {conflict.data(), conflict.size() - 1});
    else if (clashed >= 0)
      b = branch_of(t, g, {}, clashed, conflict);
    else
      b = branch_of(t, g, conflict, -1, {});
    b.contradiction = true;
    step.branches.push_back(std::move(b));
  }
}

namespace detail {

bool nested_rules(Candidates& inside, const Candidates& outside, const LogicTables& tables,
                  Links links, std::vector<Step>& found, std::vector<std::vector<int>>& hidden) {
  if (depth + 1 >= max_depth || stop_asked()) return false;
  // The assumptions the searches below follow, weighed: a forcing chain's are followed 64 at
  // once over the links as they stand, a dynamic one's one by one with every single; and each
  // costs as much as the grid has candidates (counted in 9x9 ones).
  const Geometry& g = inside.geometry();
  std::int64_t assumptions = 0;
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (inside.value(cell) == 0) assumptions += count_of(inside.mask(cell));
  const int weight = links == Links::nested_chains ? 1 : links == Links::nested_multiple ? 4 : 16;
  if (work_left <= 0) return false;
  work_left -= assumptions * weight * g.cell_count() * g.size() / 729;
  ++depth;
  origin[static_cast<std::size_t>(depth)] = &outside;
  const std::size_t before = found.size();
  switch (links) {
    case Links::nested_chains:
      forcing_chain(inside, &found);
      break;
    case Links::nested_multiple:
      if (forcing_chain(inside, &found).steps == 0) static_forcing_chain(inside, &found);
      break;
    case Links::nested_dynamic:
      dynamic_forcing_chain(inside, &found);
      break;
    case Links::nested_plus:
      if (dynamic_forcing_chain(inside, &found).steps == 0)
        nested_forcing_chain(inside, tables, Technique::nested_forcing_chain, &found);
      break;
    default:
      break;
  }
  origin[static_cast<std::size_t>(depth)] = nullptr;
  hidden.swap(workspace_at(depth).step_hidden);
  --depth;
  return found.size() > before;
}

}  // namespace detail

}  // namespace sudoku
