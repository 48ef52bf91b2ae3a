// The search with propagation (dlx::Propagation): Algorithm X on the links of solver.cpp, where
// the covers also report what they leave behind.
//
// - Forced moves: hiding a node that leaves its item with one option or none puts the item on a
//   queue (without a branch: the store is made always, the tail moves by the test), so a forced
//   move is taken without a scan of the items, and an item left with none ends the branch.
// - Implied items: the covers also queue a primary item whose options fall to its threshold
//   (key_at_: the most options it shares with another item, at most implied_at). The forced
//   moves set such items aside; at the next branching each is tested once: the items j held by
//   every option it has left (found by ANDing signatures, then checked) lose their options
//   outside them (remove_option: their nodes on the log), which may queue new forced moves.
// - Probing: at a branching, both options of every primary item left with two are taken with
//   their forced moves and put back (probe); the first whose moves empty an item is removed and
//   the pass ends (its item now has a forced move). When none is removed, the search branches on
//   the item whose two options force the most. An option that an earlier probe of the pass
//   forced is not probed unless it could change the choice (it cannot fail, and forces at most
//   what that probe forced).
//
// - A propagator (Solver::set_propagator): asked at each node once the forced moves are taken,
//   after implied items and before probing; the options it rules out are removed as implied
//   items' are (remove_option), and a refusal ends the branch.
//
// Everything hidden goes on the log: backing up a level puts back, from the log's top, what its
// option hid, and when its item has no option left, what the item's cover and the level's
// removals hid. Nodes and updates are counted as DLX1 counts them (a node per item branched on,
// forced moves included, and one per solution); the tree is smaller than DLX1's, the solutions
// the same.
#include <limits>
#include <stdexcept>

#include "core/links.hpp"

namespace dlx {

namespace {

constexpr std::int32_t least_key_value = std::numeric_limits<std::int32_t>::min();

// An item's bit in the signature of an option (Fibonacci hashing of its number as built).
inline std::uint64_t item_bit(std::int32_t item) noexcept {
  return std::uint64_t{1} << (static_cast<std::uint64_t>(item) * 0x9E3779B97F4A7C15u >> 58);
}

}  // namespace

Propagation parse_propagation(std::string_view list) {
  Propagation p;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view part = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    if (part == "singles") {
      p.singles = true;
    } else if (part == "implied") {
      p.implied = p.singles = true;
    } else if (part == "probe") {
      p.probe = p.singles = true;
    } else if (part == "weighed") {
      p.weighed = true;
    } else if (part == "all") {
      p.singles = p.implied = p.probe = true;
    } else if (part == "none" || part.empty()) {
    } else {
      throw std::invalid_argument("unknown propagation '" + std::string(part) +
                                  "' (singles, implied, probe, weighed, all or none)");
    }
  }
  return p;
}

std::string propagation_name(const Propagation& p) {
  std::string name;
  const auto add = [&](bool on, const char* part) {
    if (!on) return;
    if (!name.empty()) name += ',';
    name += part;
  };
  add(p.singles, "singles");
  add(p.implied, "implied");
  add(p.probe, "probe");
  add(p.weighed, "weighed");
  return name.empty() ? "none" : name;
}

void Solver::set_propagation(const Propagation& propagation) {
  settle();
  apply_propagation(propagation);
  asked_ = propagation;
}

void Solver::apply_propagation(const Propagation& propagation) {
  if (!propagation.any() && propagator_ == nullptr) {
    propagation_ = propagation;
    return;
  }
  if (sets_) {
    if (propagation.beyond_singles())
      throw std::invalid_argument(
          "implied items, probing and weighed ties run on the links engine, not on cells");
    propagation_ = propagation;  // the cells search takes singles anyway
    return;
  }
  if (bounded_ || has_colors_)
    throw std::invalid_argument(
        "propagation takes matrices without colors or bounds (Algorithm X)");
  if (propagator_ != nullptr && sets_)
    throw std::invalid_argument("a propagator runs on the links engine, not on cells or bits");
  const bool thresholds = key_at_.empty() || propagation.implied != propagation_.implied ||
                          propagation.implied_at != propagation_.implied_at;
  propagation_ = propagation;
  propagation_.singles = true;  // every other part builds on the queue of forced moves
  if (thresholds) set_thresholds();
}

void Solver::set_propagator(Propagator* propagator) {
  settle();
  if (propagator != nullptr) {
    if (sets_)
      throw std::invalid_argument("a propagator runs on the links engine, not on cells or bits");
    if (bounded_ || has_colors_)
      throw std::invalid_argument(
          "a propagator takes matrices without colors or bounds (Algorithm X)");
  }
  propagator_ = propagator;
  apply_propagation(asked_);  // with a propagator, forced moves on at least
}

bool SearchNode::open(OptionId option) const noexcept {
  return solver_->open_option(option);
}

// An option is open when it was loaded and its first node is still in the list of an active
// item: a cover hides an option from every list but the covered item's, which is then inactive,
// and remove_option takes it out of all.
bool Solver::open_option(OptionId option) const noexcept {
  if (!live_option(option)) return false;
  const std::int32_t q = option_first_[static_cast<std::size_t>(option)];
  const Link& x = links_[static_cast<std::size_t>(q)];
  return links_[static_cast<std::size_t>(x.up)].down == q &&
         len_[static_cast<std::size_t>(top_[static_cast<std::size_t>(q)])] < 0;
}

// Asks the propagator at a node `depth` levels down and removes the open options it rules out:
// false when it refuses the node.
bool Solver::ask_propagator(std::uint32_t depth) {
  propagator_chosen_.assign(base_.begin(), base_.end());
  propagator_chosen_.insert(propagator_chosen_.end(), forced_.begin(), forced_.end());
  for (std::uint32_t l = 0; l < depth; ++l)
    propagator_chosen_.push_back(node_option_[static_cast<std::size_t>(levels_[l].node)]);
  propagator_out_.clear();
  if (!propagator_->propagate(SearchNode(*this, propagator_chosen_), propagator_out_)) return false;
  for (const OptionId option : propagator_out_) {
    if (!open_option(option)) continue;
    remove_option(option_first_[static_cast<std::size_t>(option)]);
    ++stats_.pruned;
  }
  return true;
}

// The declared items' thresholds: a primary item is queued with one option left, or with
// implied items with as many as it shares with another item (at most implied_at).
void Solver::set_thresholds() {
  const auto n = static_cast<std::size_t>(item_id_.size());  // items as built, from 1
  const std::size_t m = live_.size();
  const std::int32_t* item = item_of_.data();
  std::vector<std::int32_t> most(n, 1);
  if (propagation_.implied && propagation_.implied_at > 1) {
    // The options of each item (as built), then for each item the most it shares with another.
    std::vector<std::int32_t> start(n + 1, 0);
    for (std::size_t j = 0; j < m; ++j)
      for (std::int32_t x = option_first_[j]; item[x] > 0; ++x)
        ++start[static_cast<std::size_t>(item[x]) + 1];
    for (std::size_t c = 1; c <= n; ++c) start[c] += start[c - 1];
    std::vector<std::int32_t> options(static_cast<std::size_t>(start[n]));
    std::vector<std::int32_t> fill(start.begin(), start.end() - 1);
    for (std::size_t j = 0; j < m; ++j)
      for (std::int32_t x = option_first_[j]; item[x] > 0; ++x)
        options[static_cast<std::size_t>(fill[static_cast<std::size_t>(item[x])]++)] =
            static_cast<std::int32_t>(j);
    std::vector<std::int32_t> shared(n, 0);
    std::vector<std::int32_t> touched;
    const auto cap = static_cast<std::int32_t>(
        std::min<std::uint32_t>(propagation_.implied_at, std::numeric_limits<std::int32_t>::max()));
    for (std::size_t c = 1; c <= static_cast<std::size_t>(declared_primaries_); ++c) {
      std::int32_t best = 1;
      for (std::int32_t k = start[c]; k < start[c + 1]; ++k)
        for (std::int32_t x = option_first_[static_cast<std::size_t>(options[k])]; item[x] > 0;
             ++x) {
          const auto j = static_cast<std::size_t>(item[x]);
          if (j == c) continue;
          if (shared[j]++ == 0) touched.push_back(item[x]);
          best = std::max(best, shared[j]);
        }
      for (std::int32_t j : touched) shared[static_cast<std::size_t>(j)] = 0;
      touched.clear();
      most[c] = std::min(best, cap);
    }
  }
  declared_key_at_.assign(n, least_key_value);
  for (std::size_t c = 1; c <= static_cast<std::size_t>(declared_primaries_); ++c)
    declared_key_at_[c] = active_bit + most[c];
  key_at_.assign(n, least_key_value);
  const std::size_t nodes = top_.size();
  queue_.assign(nodes + n + 1, 0);
  pending_.assign(nodes + n + 1, 0);
  tested_.assign(n, 0);
  round_ = 0;
  node_option_.assign(top_.size(), -1);
  for (std::size_t j = 0; j < m; ++j)
    for (std::int32_t x = option_first_[j]; item[x] > 0; ++x)
      node_option_[static_cast<std::size_t>(x)] = static_cast<std::int32_t>(j);
  signature_.clear();
  if (propagation_.implied) {
    signature_.assign(top_.size(), 0);
    for (std::size_t j = 0; j < m; ++j) {
      // The option's other items: a node of t carries no bit for t itself, unless another item
      // of the option shares it (`twice`).
      std::uint64_t all = 0, twice = 0;
      for (std::int32_t x = option_first_[j]; item[x] > 0; ++x) {
        const std::uint64_t bit = item_bit(item[x]);
        twice |= all & bit;
        all |= bit;
      }
      for (std::int32_t x = option_first_[j]; item[x] > 0; ++x) {
        const std::uint64_t bit = item_bit(item[x]);
        signature_[static_cast<std::size_t>(x)] = (all & ~bit) | (twice & bit);
      }
    }
  }
  levels_.resize(static_cast<std::size_t>(declared_primaries_) + 1);
  // Per length l, 4096 / l^2 (0 from 65 on), up to the longest item's options.
  std::size_t longest = 0;
  {
    std::vector<std::int32_t> length(n, 0);
    for (std::size_t j = 0; j < m; ++j)
      for (std::int32_t x = option_first_[j]; item[x] > 0; ++x)
        longest = std::max<std::size_t>(
            longest, static_cast<std::size_t>(++length[static_cast<std::size_t>(item[x])]));
  }
  weight_.assign(longest + 1, 0);
  for (std::size_t l = 1; l <= std::min<std::size_t>(longest, 64); ++l)
    weight_[l] = static_cast<std::int32_t>(4096 / (l * l));
  forced_by_.assign(m, ForcedBy{});
  probe_taken_.assign(static_cast<std::size_t>(declared_primaries_) + 1, 0);
}

// The first node of the option of `node`.
inline std::int32_t Solver::option_start(std::int32_t node) const noexcept {
  return option_first_[static_cast<std::size_t>(node_option_[static_cast<std::size_t>(node)])];
}

// Calls f on every node of node's option, from its first: one run as long as the option, whose
// end the processor foresees when options have one length (no test for node inside).
template <typename F>
inline void Solver::for_option(std::int32_t node, F f) const noexcept {
  const auto option = static_cast<std::size_t>(node_option_[static_cast<std::size_t>(node)]);
  const std::int32_t end = option_first_[option + 1] - 1;
  for (std::int32_t q = option_first_[option]; q != end; ++q) f(q);
}

// activate_others in one run: every item of the option, then node's own back.
inline void Solver::activate_others_one_run(std::int32_t node) noexcept {
  std::int32_t* len = len_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t primaries = primaries_;
  const auto option = static_cast<std::size_t>(node_option_[static_cast<std::size_t>(node)]);
  const std::int32_t end = option_first_[option + 1] - 1;
  std::int32_t active = active_;
  for (std::int32_t q = option_first_[option]; q != end; ++q) {
    const std::int32_t item = top[q];
    len[item] ^= active_bit;
    active += item <= primaries;
  }
  const std::int32_t own = top[node];
  len[own] ^= active_bit;
  active_ = active - (own <= primaries);
}

// cover<false> whose hides also queue the items they leave at their threshold (with Implied) or
// with one option or none. The arrays and the tops of the log and the queue are held in locals
// over the whole cover: stores through the arrays could alias the members.
template <bool Implied>
inline void Solver::cover_queued(std::int32_t item) noexcept {
  Link* ln = links_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* key_at = key_at_.data();
  std::int32_t* len = len_.data();
  std::int32_t* log = log_.data() + log_top_;
  std::int32_t* queue = queue_.data() + qtail_;
  std::uint64_t updates = 1;
  len[item] ^= active_bit;
  active_ -= item <= primaries_;
  const auto unlink = [&](std::int32_t q, std::int32_t other) {
    *log++ = q;
    const Link x = ln[q];
    ln[x.up].down = x.down;
    ln[x.down].up = x.up;
    *queue = other;
    if constexpr (Implied)
      queue += --len[other] <= key_at[other];
    else
      queue += --len[other] <= active_bit + 1;
  };
  for (std::int32_t node = ln[item].down; node != item; node = ln[node].down) {
    std::int32_t q = node + 1;
    for (std::int32_t other = top[q]; other > 0; other = top[++q]) unlink(q, other);
    const std::int32_t first = ln[q].up;
    updates += static_cast<std::uint64_t>(q - first - 1);
    for (q = first; q != node; ++q) unlink(q, top[q]);
  }
  log_top_ = static_cast<std::int32_t>(log - log_.data());
  qtail_ = static_cast<std::int32_t>(queue - queue_.data());
  stats_.updates += updates;
}

// Covers the items of node's option but its own, left to right: two counted runs.
template <bool Implied>
[[gnu::always_inline]] inline void Solver::cover_others_queued(std::int32_t node) noexcept {
  const std::int32_t* top = top_.data();
  const auto option = static_cast<std::size_t>(node_option_[static_cast<std::size_t>(node)]);
  const std::int32_t first = option_first_[option], end = option_first_[option + 1] - 1;
  for (std::int32_t q = node + 1; q != end; ++q) cover_queued<Implied>(top[q]);
  for (std::int32_t q = first; q != node; ++q) cover_queued<Implied>(top[q]);
}

// Takes the option of `node` out of every list, its own item's too (its nodes on the log).
void Solver::remove_option(std::int32_t node) noexcept {
  Link* ln = links_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* key_at = key_at_.data();
  std::int32_t* len = len_.data();
  std::int32_t* log = log_.data();
  std::int32_t* queue = queue_.data();
  std::int32_t logged = log_top_, tail = qtail_;
  const std::int32_t start = option_start(node);
  std::int32_t q = start;
  for (std::int32_t item = top[q]; item > 0; item = top[++q]) {
    const Link x = ln[q];
    ln[x.up].down = x.down;
    ln[x.down].up = x.up;
    queue[tail] = item;
    tail += --len[item] <= key_at[item];
    log[logged++] = q;
  }
  stats_.updates += static_cast<std::uint64_t>(q - start);
  log_top_ = logged;
  qtail_ = tail;
}

// Implied items of the active primary item t: the items held by every option it has left lose
// their other options. Each node carries a 64-bit signature of its option's other items (a bit
// per item as built, hashed), so the common case, no item but t in every option, costs an AND
// per option.
// Otherwise the items of t's first option whose bits survive are the candidates (at most 8: a
// longer option has some left out, which loses eliminations, not solutions), and each other
// option keeps those it holds.
void Solver::eliminate_implied(std::int32_t t) noexcept {
  const Link* ln = links_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* len = len_.data();
  const std::uint64_t* signature = signature_.data();
  const std::int32_t first = ln[t].down;
  std::uint64_t shared = ~std::uint64_t{0};
  for (std::int32_t x = first; x != t; x = ln[x].down) shared &= signature[x];
  if (shared == 0) return;
  // The candidates: with t's options all of its own (as often), an item has nothing to lose.
  const std::int32_t left = len[t];
  std::int32_t common[8];
  int count = 0;
  for_option(first, [&](std::int32_t q) {
    // Without branches: which items pass comes in no pattern.
    const std::int32_t j = top[q];
    common[count] = j;
    count += static_cast<int>(count < 7) &
             static_cast<int>((shared & item_bit(item_of_[static_cast<std::size_t>(q)])) != 0) &
             static_cast<int>(len[j] != left);
  });
  for (std::int32_t x = ln[first].down; x != t && count > 0; x = ln[x].down) {
    unsigned held = 0;
    for_option(x, [&](std::int32_t q) {
      for (int k = 0; k < count; ++k) held |= static_cast<unsigned>(top[q] == common[k]) << k;
    });
    int kept = 0;
    for (int k = 0; k < count; ++k)
      if ((held >> k & 1) != 0) common[kept++] = common[k];
    count = kept;
  }
  for (int k = 0; k < count; ++k) {
    const std::int32_t j = common[k];
    for (std::int32_t y = ln[j].down; y != j; y = ln[y].down) {
      bool holds = false;
      for_option(y, [&](std::int32_t r) { holds = holds || top[r] == t; });
      if (holds) continue;
      remove_option(y);
      ++stats_.implied;
    }
  }
}

// Among the items of two options (when no item has fewer), the one whose options' other items
// have the fewest options left; the MRV choice otherwise.
std::int32_t Solver::weighed_item() noexcept {
  const std::int32_t first = least_item();
  const std::int32_t* len = len_.data();
  if (len[first] != active_bit + 2 || first > focus_) return first;
  const Link* ln = links_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* weight = weight_.data();
  std::int32_t best = first, best_score = -1;
  for (std::int32_t i = first; i <= focus_; ++i) {
    if (len[i] != active_bit + 2) continue;
    // i's own weight, the same for every item of two options, rides along.
    std::int32_t score = 0;
    for (std::int32_t x = ln[i].down; x != i; x = ln[x].down)
      for_option(x, [&](std::int32_t q) { score += weight[len[top[q]] & ~active_bit]; });
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

// The MRV choice at a branching, where no item has fewer than two options left: the first item
// with two when there is one (a scan that stops there), else choose_item's.
inline std::int32_t Solver::least_item() noexcept {
  if (seed_ == 0) {
    const std::int32_t two = detail::find_at_most(len_.data() + 1, padded_, active_bit + 2);
    if (two != padded_) return 1 + two;
  }
  return choose_item();
}

// Takes the option of `node` and its forced moves, then puts everything back: the number of
// forced moves, or -1 when they emptied an item.
std::int32_t Solver::probe(std::int32_t node) noexcept {
  const std::int32_t mark = log_top_, qhead = qhead_, qtail = qtail_;
  const Link* ln = links_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* len = len_.data();
  std::int32_t* taken = probe_taken_.data();
  std::int32_t count = 0;
  const auto take = [&](std::int32_t x) {
    taken[count++] = x;
    cover_queued<false>(top[x]);
    cover_others_queued<false>(x);
  };
  ++stats_.probes;
  take(node);
  std::int32_t forced = 0;
  bool consistent = true;
  while (qhead_ < qtail_) {
    const std::int32_t t = queue_[static_cast<std::size_t>(qhead_++)];
    if (t > primaries_ || len[t] > active_bit + 1) continue;  // covered since, or not a single
    if (len[t] == active_bit) {
      consistent = false;
      break;
    }
    take(ln[t].down);
    ++forced;
  }
  undo_to(mark);
  for (std::int32_t j = 0; j < count; ++j) {
    activate(top[taken[j]]);
    activate_others_one_run(taken[j]);
  }
  qhead_ = qhead;
  qtail_ = qtail;
  if (!consistent) return -1;
  for (std::int32_t j = 1; j < count; ++j) {
    ForcedBy& at =
        forced_by_[static_cast<std::size_t>(node_option_[static_cast<std::size_t>(taken[j])])];
    if (at.pass != probe_pass_)
      at = {probe_pass_, forced};
    else
      at.bound = std::min(at.bound, forced);
  }
  return forced;
}

// One pass of probes, from the item probe_start_ on and round the items: true when an option was
// removed (its item then has a forced move), else probe_choice_ is the item to branch on.
bool Solver::probe_items() noexcept {
  const Link* ln = links_.data();
  const std::int32_t* len = len_.data();
  if (++probe_pass_ == 0) {
    std::fill(forced_by_.begin(), forced_by_.end(), ForcedBy{});
    probe_pass_ = 1;
  }
  std::int64_t best = 0;
  probe_choice_ = 0;
  if (probe_start_ > focus_) probe_start_ = 1;
  for (std::int32_t k = 0, i = probe_start_; k < focus_; ++k, i = i == focus_ ? 1 : i + 1) {
    if (len[i] != active_bit + 2) continue;
    const std::int32_t x[2] = {ln[i].down, ln[ln[i].down].down};
    std::int32_t f[2];
    bool forced[2];
    for (int j = 0; j < 2; ++j) {
      const ForcedBy& at =
          forced_by_[static_cast<std::size_t>(node_option_[static_cast<std::size_t>(x[j])])];
      forced[j] = propagation_.probe_skips && at.pass == probe_pass_;
      f[j] = forced[j] ? at.bound : 0;
    }
    for (int j = 0; j < 2; ++j) {
      if (forced[j]) continue;
      f[j] = probe(x[j]);
      if (f[j] >= 0) continue;
      remove_option(x[j]);
      ++stats_.probed;
      probe_start_ = i;
      return true;
    }
    if (std::int64_t{f[0] + 1} * (f[1] + 1) <= best) continue;
    for (int j = 0; j < 2; ++j)
      if (forced[j]) f[j] = probe(x[j]);
    const std::int64_t score = std::int64_t{f[0] + 1} * (f[1] + 1);
    if (score > best) {
      best = score;
      probe_choice_ = i;
    }
  }
  return false;
}

template <bool Implied>
Result Solver::run_propagating(const Visitor& visit) {
  std::fill_n(profile_.begin(), last_depth_ + 1, 0);
  stats_ = Stats{};
  log_top_ = 0;
  // The thresholds in the numbering of the items now (load may have numbered them afresh).
  if (compact_) {
    std::fill(key_at_.begin(), key_at_.end(), least_key_value);
    for (std::size_t c = 1; c < number_.size(); ++c)
      if (number_[c] != 0) key_at_[static_cast<std::size_t>(number_[c])] = declared_key_at_[c];
  } else {
    std::copy(declared_key_at_.begin(), declared_key_at_.end(), key_at_.begin());
  }
  // The items weighed ties and probing look at, in the numbering of the items now.
  focus_ = primaries_;
  if (const auto focus = propagation_.focus;
      focus != 0 && focus < static_cast<std::uint32_t>(declared_primaries_)) {
    focus_ = static_cast<std::int32_t>(focus);
    if (compact_) {
      focus_ = 0;
      for (std::uint32_t c = 1; c <= focus; ++c) focus_ = std::max(focus_, number_[c]);
    }
  }
  const std::int32_t* len = len_.data();
  const std::int32_t* key_at = key_at_.data();
  const Link* ln = links_.data();
  qhead_ = qtail_ = phead_ = ptail_ = 0;
  for (std::int32_t c = 1; c <= primaries_; ++c)
    if (len[c] <= key_at[c]) queue_[static_cast<std::size_t>(qtail_++)] = c;
  probe_start_ = 1;
  const std::uint64_t probe_after =
      propagation_.probe ? propagation_.probe_after : ~std::uint64_t{0};
  const std::uint32_t probe_levels = propagation_.probe ? propagation_.probe_levels : 0;
  std::uint64_t next_progress = progress_every_;
  solution_.assign(base_.begin(), base_.end());
  solution_.insert(solution_.end(), forced_.begin(), forced_.end());
  const std::size_t prefix = solution_.size();
  std::uint32_t depth = 0, named = 0;

  // The levels still chosen are left for settle() (or load) to put back: choice_ holds their
  // nodes.
  const auto finish = [&](Outcome outcome) noexcept {
    unsettled_ = static_cast<std::int32_t>(depth);
    last_depth_ = stats_.max_depth;
    return Result{outcome, stats_};
  };
  for (;;) {
    if (limits_.nodes != 0 && stats_.nodes >= limits_.nodes) return finish(Outcome::node_limit);
    if (limits_.updates != 0 && stats_.updates >= limits_.updates)
      return finish(Outcome::update_limit);
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return finish(Outcome::stopped);
    if (progress_every_ != 0 && stats_.updates >= next_progress) {
      try {
        report_progress(depth);
      } catch (...) {
        finish(Outcome::stopped);
        settle();
        throw;
      }
      next_progress = stats_.updates + progress_every_;
    }
    ++stats_.nodes;
    ++profile_[depth];
    const std::int32_t mark = log_top_;
    std::int32_t item = 0;
    bool probed = false, refused = false;
    for (;;) {
      while (qhead_ < qtail_) {
        const std::int32_t t = queue_[static_cast<std::size_t>(qhead_++)];
        if (t > primaries_) continue;  // a secondary item left with none
        const std::int32_t l = len[t];
        if (l <= active_bit + 1) {
          item = t;
          break;
        }
        if constexpr (Implied) {
          pending_[static_cast<std::size_t>(ptail_)] = t;
          ptail_ += l < 0;  // still active
        }
      }
      if constexpr (Implied) {
        if (item == 0 && phead_ < ptail_) {
          // A branching: first the implied items of those set aside.
          if (++round_ == 0) {
            std::fill(tested_.begin(), tested_.end(), 0);
            round_ = 1;
          }
          while (phead_ < ptail_) {
            const std::int32_t t = pending_[static_cast<std::size_t>(phead_++)];
            if (tested_[static_cast<std::size_t>(t)] == round_ || len[t] <= active_bit + 1 ||
                len[t] >= 0)
              continue;
            tested_[static_cast<std::size_t>(t)] = round_;
            eliminate_implied(t);
          }
          if (qhead_ < qtail_) continue;
        }
      }
      if (item == 0 && propagator_ != nullptr) {
        bool ok = false;
        try {
          ok = ask_propagator(depth);
        } catch (...) {
          finish(Outcome::stopped);
          settle();
          throw;
        }
        if (!ok) {
          refused = true;
          break;
        }
        if (qhead_ < qtail_) continue;
      }
      if (item == 0 && depth < probe_levels && active_ != 0 && stats_.nodes > probe_after) {
        probed = true;
        if (probe_items()) continue;
      }
      break;
    }
    bool dead = refused;  // the propagator ended the branch
    if (!refused && item == 0) {
      if (active_ == 0) {
        ++stats_.solutions;
        if (visit) {
          solution_.resize(prefix + depth);
          for (std::uint32_t l = named; l < depth; ++l)
            solution_[prefix + l] = node_option_[static_cast<std::size_t>(levels_[l].node)];
          named = depth;
          bool go_on = true;
          try {
            go_on = visit(solution_);
          } catch (...) {
            finish(Outcome::stopped);
            settle();
            throw;
          }
          if (!go_on) return finish(Outcome::stopped);
        }
        if (limits_.solutions != 0 && stats_.solutions >= limits_.solutions)
          return finish(Outcome::solution_limit);
        dead = true;
      } else {
        if (probed && probe_choice_ > 0 && len[probe_choice_] == active_bit + 2)
          item = probe_choice_;
        else
          item = propagation_.weighed ? weighed_item() : least_item();
        dead = len[item] == active_bit;
      }
    } else if (!refused) {
      dead = len[item] == active_bit;
      stats_.forced += !dead;
    }
    if (!dead) {
      cover_queued<Implied>(item);
      Level& at = levels_[depth];
      at.item = item;
      at.node = choice_[depth] = ln[item].down;
      at.qhead = qhead_;
      at.qtail = qtail_;
      at.phead = phead_;
      at.ptail = ptail_;
      at.entry = mark;
      at.chosen = log_top_;
      ++depth;
      named = std::min(named, depth - 1);
      if (depth > stats_.max_depth) stats_.max_depth = depth;
      cover_others_queued<Implied>(at.node);
      continue;
    }
    undo_to(mark);
    // Back up to the next option of the deepest level that has one.
    for (;;) {
      if (depth == 0) return finish(Outcome::exhausted);
      Level& at = levels_[depth - 1];
      undo_to(at.chosen);
      activate_others_one_run(at.node);
      at.node = choice_[depth - 1] = ln[at.node].down;
      named = std::min(named, depth - 1);
      qhead_ = at.qhead;
      qtail_ = at.qtail;
      phead_ = at.phead;
      ptail_ = at.ptail;
      if (at.node != at.item) {
        cover_others_queued<Implied>(at.node);
        break;
      }
      undo_to(at.entry);
      activate(at.item);
      --depth;
    }
  }
}

template Result Solver::run_propagating<true>(const Visitor&);
template Result Solver::run_propagating<false>(const Visitor&);

}  // namespace dlx
