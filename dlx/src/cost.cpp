// The search for the cheapest solutions, on the node table of core/table.hpp as DLX5 lays it
// out: each item's list sorted by net cost from the top, and each node knowing its option's net
// cost (cost_), so that a walk down a list can stop at the first option too dear for the cutoff.
// cover and uncover (and purify, unpurify) take the threshold in force when the option was
// chosen: options at or above it are never chosen while the threshold stands (the cutoff only
// falls), so they are left in the other lists.
#include "dlx/cost.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "core/budget.hpp"
#include "core/table.hpp"

namespace dlx {

namespace {
constexpr Cost infinite = std::numeric_limits<Cost>::max();
}  // namespace

BestList::BestList(std::size_t k, Cost tax) : heap_(std::max<std::size_t>(k, 1) + 1), tax_(tax) {
  heap_.back().net = 0;  // the sentinel the sift below relies on when k is even
}

bool BestList::offer(Cost net, std::span<const OptionId> solution, const CostVisitor& visit,
                     bool& keep_going) {
  keep_going = true;
  const std::lock_guard lock(mutex_);
  if (net >= cutoff_.load(std::memory_order_relaxed)) return false;
  // Replace the dearest: sift the hole at the top down (children of h: 2h+1 and 2h+2).
  const std::size_t k = heap_.size() - 1;
  std::size_t h = 0;
  for (std::size_t hh = 2; hh <= k; hh = h + h + 2) {
    if (heap_[hh].net > heap_[hh - 1].net) {
      if (net >= heap_[hh].net) break;
      heap_[h] = std::move(heap_[hh]);
      h = hh;
    } else {
      if (net >= heap_[hh - 1].net) break;
      heap_[h] = std::move(heap_[hh - 1]);
      h = hh - 1;
    }
  }
  heap_[h].net = net;
  heap_[h].order = offered_++;
  heap_[h].options.assign(solution.begin(), solution.end());
  cutoff_.store(std::min(heap_[0].net, bound_), std::memory_order_relaxed);
  if (visit) keep_going = visit(net + tax_, solution);
  return true;
}

void BestList::bound(Cost net) noexcept {
  const std::lock_guard lock(mutex_);
  bound_ = std::min(bound_, net);
  cutoff_.store(std::min(heap_[0].net, bound_), std::memory_order_relaxed);
}

std::vector<CostedSolution> BestList::sorted() const {
  const std::lock_guard lock(mutex_);
  std::vector<const Kept*> kept;
  for (std::size_t h = 0; h + 1 < heap_.size(); ++h)
    if (heap_[h].net != infinity) kept.push_back(&heap_[h]);
  std::sort(kept.begin(), kept.end(), [](const Kept* a, const Kept* b) {
    return a->net != b->net ? a->net < b->net : a->order < b->order;
  });
  std::vector<CostedSolution> out;
  out.reserve(kept.size());
  for (const Kept* k : kept) out.push_back({k->net + tax_, k->options});
  return out;
}

std::string_view best_refusal(const Matrix& matrix) noexcept {
  if (matrix.has_bounds())
    return "the cheapest solutions cover each primary item exactly once (as DLX5): items with "
           "bounds are not searched by cost";
  if (!matrix.has_costs())
    return "the cheapest solutions need costs, but no option has one (a cost is written |n at "
           "the end of an option line)";
  return {};
}

CostSolver::CostSolver(const Matrix& matrix) : matrix_(&matrix) {
  if (matrix.has_bounds()) throw std::invalid_argument(std::string(best_refusal(matrix)));
  const auto item_count = static_cast<std::int32_t>(matrix.item_count());
  // Primary items first, then secondary ones, each in the order declared.
  primaries_ = static_cast<std::int32_t>(matrix.primary_count());
  last_item_ = item_count + 1;
  internal_ = detail::number_items(matrix, primaries_ + 1);
  std::vector<ItemId> declared(static_cast<std::size_t>(item_count) + 1);
  for (ItemId i = 0; i < item_count; ++i)
    declared[static_cast<std::size_t>(internal_[static_cast<std::size_t>(i)])] = i;

  items_.assign(static_cast<std::size_t>(last_item_) + 1, Link{0, 0});
  // The primaries in a circle through the root 0; the secondaries in one through last_item_.
  const auto link_circle = [this](std::int32_t head, std::int32_t first, std::int32_t last) {
    std::int32_t before = head;
    for (std::int32_t i = first; i <= last; ++i) {
      items_[static_cast<std::size_t>(before)].down = i;
      items_[static_cast<std::size_t>(i)].up = before;
      before = i;
    }
    items_[static_cast<std::size_t>(before)].down = head;
    items_[static_cast<std::size_t>(head)].up = before;
  };
  link_circle(0, 1, primaries_);
  link_circle(last_item_, primaries_ + 1, item_count);

  // The nodes, options one after the other, and each item's nodes in input order for now.
  const std::size_t options = matrix.option_count();
  detail::lay_out(matrix, internal_, last_item_, links_, top_, color_, option_first_);
  std::vector<std::vector<std::int32_t>> lists(static_cast<std::size_t>(last_item_));
  net_.resize(options);
  for (std::size_t o = 0; o < options; ++o) {
    net_[o] = matrix.cost(static_cast<OptionId>(o));
    for (std::int32_t node = option_first_[o]; top_[static_cast<std::size_t>(node)] > 0; ++node)
      lists[static_cast<std::size_t>(top_[static_cast<std::size_t>(node)])].push_back(node);
  }
  const auto option_at = [this](std::int32_t node) {
    while (top_[static_cast<std::size_t>(node)] > 0) ++node;
    return static_cast<std::size_t>(-top_[static_cast<std::size_t>(node)] - 1);
  };

  // Taxes, item by item in order: the least net cost of its options so far.
  tax_.assign(matrix.item_count(), 0);
  for (std::int32_t item = 1; item <= primaries_; ++item) {
    const std::vector<std::int32_t>& list = lists[static_cast<std::size_t>(item)];
    if (list.empty()) continue;
    Cost least = infinite;
    for (const std::int32_t node : list) least = std::min(least, net_[option_at(node)]);
    if (least == 0) continue;
    for (const std::int32_t node : list) net_[option_at(node)] -= least;
    tax_[static_cast<std::size_t>(declared[static_cast<std::size_t>(item)])] = least;
    total_tax_ += least;
  }
  cost_.assign(top_.size(), 0);
  for (std::size_t o = 0; o < options; ++o) {
    for (std::int32_t node = option_first_[o]; top_[static_cast<std::size_t>(node)] > 0; ++node)
      cost_[static_cast<std::size_t>(node)] = net_[o];
  }

  // Each list sorted by net cost, equal costs in input order, and linked.
  len_.assign(static_cast<std::size_t>(last_item_), 0);
  for (std::int32_t item = 1; item < last_item_; ++item) {
    std::vector<std::int32_t>& list = lists[static_cast<std::size_t>(item)];
    std::stable_sort(list.begin(), list.end(), [this](std::int32_t a, std::int32_t b) {
      return cost_[static_cast<std::size_t>(a)] < cost_[static_cast<std::size_t>(b)];
    });
    detail::link_list(links_.data(), item, list);
    len_[static_cast<std::size_t>(item)] = static_cast<std::int32_t>(list.size());
  }
}

// The core's procedures on the options cheaper than the threshold (core/table.hpp), counting the
// updates and (as DLX5 does) the cleansings: one per purify and one per node it marks.
detail::Table<CostSolver::Link> CostSolver::table() noexcept {
  return {links_.data(), top_.data(), color_.data(), len_.data(), items_.data(), last_item_ - 1};
}

void CostSolver::cover(std::int32_t item, Cost thresh) noexcept {
  stats_.updates += detail::cover(table(), item, detail::CheaperThan{cost_.data(), thresh});
}

void CostSolver::uncover(std::int32_t item, Cost thresh) noexcept {
  detail::uncover(table(), item, detail::CheaperThan{cost_.data(), thresh});
}

void CostSolver::purify(std::int32_t node, Cost thresh) noexcept {
  ++cleansings_;
  stats_.updates +=
      detail::purify(table(), node, cleansings_, detail::CheaperThan{cost_.data(), thresh});
}

void CostSolver::unpurify(std::int32_t node, Cost thresh) noexcept {
  detail::unpurify(table(), node, detail::CheaperThan{cost_.data(), thresh});
}

// The other items of a node's option, left to right covering (and purifying), or right to left
// undoing that.
template <bool cover_them>
void CostSolver::walk_others(std::int32_t node, Cost thresh) noexcept {
  const Link* const ln = links_.data();
  const std::int32_t* const top = top_.data();
  const std::int32_t* const color = color_.data();
  for (std::int32_t pp = cover_them ? node + 1 : node - 1; pp != node;) {
    const std::int32_t cc = top[pp];
    if (cc <= 0) {
      pp = cover_them ? ln[pp].up : ln[pp].down;
      continue;
    }
    if (color[pp] == 0) {
      cover_them ? cover(cc, thresh) : uncover(cc, thresh);
    } else if (color[pp] > 0) {
      cover_them ? purify(pp, thresh) : unpurify(pp, thresh);
    }
    pp += cover_them ? 1 : -1;
  }
}

void CostSolver::cover_others(std::int32_t node, Cost thresh) noexcept {
  walk_others<true>(node, thresh);
}

void CostSolver::uncover_others(std::int32_t node, Cost thresh) noexcept {
  walk_others<false>(node, thresh);
}

// The branching rule: the fewest options below `room` (the cutoff less the cost so far), ties
// to the item whose cheapest option is dearest; past lenthresh_ options the item's length stands
// for the count. Returns the count (0: a dead end, best_item then the item at fault).
std::int32_t CostSolver::choose(Cost room, std::int32_t& best_item) const noexcept {
  const Link* const ln = links_.data();
  const Cost* const cost = cost_.data();
  std::int32_t t = std::numeric_limits<std::int32_t>::max();
  Cost best_least = 0;
  for (std::int32_t k = items_[0].down; k != 0; k = items_[static_cast<std::size_t>(k)].down) {
    std::int32_t p = ln[k].down;
    if (p == k) {
      best_item = k;
      return 0;
    }
    const Cost least = cost[p];
    if (least >= room) {
      best_item = k;
      return 0;
    }
    std::int32_t s = 1;
    bool more = false;  // more than t options below room: k is no better
    for (p = ln[p].down;; p = ln[p].down, ++s) {
      if (p < last_item_ || cost[p] >= room) break;
      if (s == t) {
        more = true;
        break;
      }
      if (s >= lenthresh_) {
        s = len_[static_cast<std::size_t>(k)];
        break;
      }
    }
    if (more) continue;
    if (s < t || (s == t && least > best_least)) {
      t = s;
      best_item = k;
      best_least = least;
    }
  }
  return t;
}

OptionId CostSolver::option_of(std::int32_t node) const noexcept {
  while (top_[static_cast<std::size_t>(node)] > 0) ++node;
  return -top_[static_cast<std::size_t>(node)] - 1;
}

std::int32_t CostSolver::first_primary_node(OptionId option) const {
  if (option < 0 || static_cast<std::size_t>(option) + 1 >= option_first_.size())
    throw std::invalid_argument("no such option: " + std::to_string(option));
  for (std::int32_t node = option_first_[static_cast<std::size_t>(option)];
       top_[static_cast<std::size_t>(node)] > 0; ++node)
    if (top_[static_cast<std::size_t>(node)] <= primaries_) return node;
  throw std::invalid_argument("option without a primary item");
}

template <bool Shared>
Outcome CostSolver::run(std::uint32_t floor, Cost base, BestList& list, const CostVisitor& visit) {
  Outcome outcome = Outcome::exhausted;
  std::uint32_t level = floor;
  Cost cutoff = list.cutoff();
  Cost curcost = base, nextcost = 0;
  std::int32_t best = 0, cur = 0;
  const Link* const ln = links_.data();
  const std::int32_t* const top = top_.data();
  const Cost* const cost = cost_.data();
  std::size_t depth = level;
  const auto grow = [this](std::size_t size) {
    if (choice_.size() <= size) {
      const std::size_t more = std::max<std::size_t>(2 * choice_.size(), size + 1);
      choice_.resize(more);
      partcost_.resize(more);
      thresh0_.resize(more);
      thresh_.resize(more);
    }
  };
  const auto unwind = [&]() noexcept {
    // Undoes the levels from `level` (whose option is fully covered) up to the floor.
    for (;;) {
      uncover_others(choice_[level], thresh_[level]);
      uncover(top[choice_[level]], thresh0_[level]);
      if (level == floor) break;
      --level;
    }
  };
  grow(depth);

forward:
  if (outcome = detail::spent(stats_, limits_, stop_); outcome != Outcome::exhausted) goto stop;
  ++stats_.nodes;
  if constexpr (Shared) {
    cutoff = list.cutoff();
    if (curcost >= cutoff) goto backdown;
  }
  if (choose(cutoff - curcost, best) == 0) goto backdown;
  partcost_[level] = curcost;
  cur = choice_[level] = ln[best].down;
  nextcost = curcost + cost[cur];
  thresh0_[level] = cutoff - nextcost;
  cover(best, thresh0_[level]);

advance:
  thresh_[level] = cutoff - nextcost;
  cover_others(cur, thresh_[level]);
  if (items_[0].down == 0) {
    ++stats_.nodes;  // a solution counts as a node
    if (level + 1 > stats_.max_depth) stats_.max_depth = level + 1;
    solution_.resize(level + 1);
    for (std::uint32_t l = floor; l <= level; ++l) solution_[l] = option_of(choice_[l]);
    bool keep_going = true;
    bool kept = false;
    try {
      kept = list.offer(nextcost, solution_, visit, keep_going);
    } catch (...) {
      unwind();
      throw;
    }
    cutoff = list.cutoff();
    if (kept) ++stats_.solutions;
    if (!keep_going) {
      outcome = Outcome::stopped;
      unwind();
      return outcome;
    }
    if (limits_.solutions != 0 && stats_.solutions >= limits_.solutions) {
      outcome = Outcome::solution_limit;
      unwind();
      return outcome;
    }
    goto recover;
  }
  ++level;
  if (level > stats_.max_depth) stats_.max_depth = level;
  grow(level);
  curcost = nextcost;
  goto forward;

backup:
  uncover(best, thresh0_[level]);
backdown:
  if (level == floor) return outcome;
  --level;
  cur = choice_[level];
  best = top[cur];
  curcost = partcost_[level];
recover:
  uncover_others(cur, thresh_[level]);
  cur = choice_[level] = ln[cur].down;
  if (cur == best) goto backup;
  nextcost = curcost + cost[cur];
  if constexpr (Shared) cutoff = list.cutoff();
  if (nextcost >= cutoff) goto backup;
  goto advance;

stop:
  // At the start of a node of `level`: the levels above it are covered.
  if (level > floor) {
    --level;
    unwind();
  }
  return outcome;
}

BestResult CostSolver::best(std::size_t k, const CostVisitor& visit) {
  if (k == 0) throw std::invalid_argument("k must be at least 1");
  BestList list(k, total_tax_);
  BestResult result;
  stats_ = Stats{};
  cleansings_ = 0;
  result.outcome = run<false>(0, 0, list, visit);
  result.stats = stats_;
  result.cleansings = cleansings_;
  result.best = list.sorted();
  return result;
}

Outcome CostSolver::search_below(std::span<const OptionId> prefix, BestList& list,
                                 const CostVisitor& visit, Stats& stats,
                                 std::uint64_t& cleansings) {
  // Cover the prefix with no threshold: hiding every option is always right.
  std::vector<std::int32_t> chosen;
  chosen.reserve(prefix.size());
  Cost base = 0;
  bool clash = false;
  const Link* const ln = links_.data();
  const std::int32_t* const top = top_.data();
  const Cost* const cost = cost_.data();
  for (const OptionId option : prefix) {
    const std::int32_t node = first_primary_node(option);
    const std::int32_t item = top[node];
    // An option clashes with those before it when its item is covered or it was hidden.
    bool active = false, listed = false;
    for (std::int32_t k = items_[0].down; k != 0; k = items_[static_cast<std::size_t>(k)].down)
      active = active || k == item;
    for (std::int32_t p = ln[item].down; active && p != item; p = ln[p].down)
      listed = listed || p == node;
    if (!listed) {
      clash = true;
      break;
    }
    cover(top[node], infinite);
    cover_others(node, infinite);
    chosen.push_back(node);
    base += cost[node];
  }
  const Stats saved = stats_;
  const std::uint64_t saved_cleansings = cleansings_;
  stats_ = Stats{};
  cleansings_ = 0;
  Outcome outcome = Outcome::exhausted;
  if (!clash) {
    const auto floor = static_cast<std::uint32_t>(chosen.size());
    solution_.assign(prefix.begin(), prefix.end());
    choice_.resize(std::max<std::size_t>(choice_.size(), floor + 1));
    partcost_.resize(choice_.size());
    thresh0_.resize(choice_.size());
    thresh_.resize(choice_.size());
    if (items_[0].down == 0) {  // the prefix is a solution
      ++stats_.nodes;
      bool keep_going = true;
      if (list.offer(base, prefix, visit, keep_going)) ++stats_.solutions;
      if (!keep_going) outcome = Outcome::stopped;
    } else if (base < list.cutoff()) {
      try {
        outcome = run<true>(floor, base, list, visit);
      } catch (...) {
        for (auto it = chosen.rbegin(); it != chosen.rend(); ++it) {
          uncover_others(*it, infinite);
          uncover(top[*it], infinite);
        }
        throw;
      }
    }
  }
  for (auto it = chosen.rbegin(); it != chosen.rend(); ++it) {
    uncover_others(*it, infinite);
    uncover(top[*it], infinite);
  }
  stats.solutions += stats_.solutions;
  stats.nodes += stats_.nodes;
  stats.updates += stats_.updates;
  stats.max_depth = std::max(stats.max_depth, stats_.max_depth);
  cleansings += cleansings_;
  stats_ = saved;
  cleansings_ = saved_cleansings;
  if (clash) throw std::invalid_argument("the prefix's options clash");
  return outcome;
}

std::vector<std::vector<OptionId>> CostSolver::prefixes(std::uint32_t depth) {
  std::vector<std::vector<OptionId>> out;
  std::vector<OptionId> path;
  const Link* const ln = links_.data();
  // Depth-first, in the order of the search with an infinite cutoff.
  const std::function<void()> walk = [&]() {
    if (items_[0].down == 0 || path.size() == depth) {
      out.push_back(path);
      return;
    }
    std::int32_t best = 0;
    if (choose(infinite, best) == 0) return;
    cover(best, infinite);
    for (std::int32_t cur = ln[best].down; cur != best; cur = ln[cur].down) {
      cover_others(cur, infinite);
      path.push_back(option_of(cur));
      walk();
      path.pop_back();
      uncover_others(cur, infinite);
    }
    uncover(best, infinite);
  };
  const Stats saved = stats_;
  walk();
  stats_ = saved;
  return out;
}

std::vector<std::vector<OptionId>> split_best(CostSolver& solver, std::size_t at_least,
                                              std::uint32_t depth) {
  if (depth != 0) return solver.prefixes(depth);
  std::vector<std::vector<OptionId>> work;
  for (depth = 1; depth <= 8; ++depth) {
    work = solver.prefixes(depth);
    if (work.size() >= at_least) break;
    // No deeper level splits more: every prefix is a solution or ends the search.
    bool deeper = false;
    for (const auto& prefix : work) deeper = deeper || prefix.size() == depth;
    if (!deeper) break;
  }
  return work;
}

BestResult best_parallel(const Matrix& matrix, std::size_t k, const BestParallelOptions& options,
                         const CostVisitor& visit) {
  if (k == 0) throw std::invalid_argument("k must be at least 1");
  unsigned threads = options.threads != 0 ? options.threads : std::thread::hardware_concurrency();
  threads = std::max(threads, 1u);
  CostSolver first(matrix);
  const std::vector<std::vector<OptionId>> work =
      split_best(first, 16 * static_cast<std::size_t>(threads), options.depth);

  BestList list(k, first.total_tax());
  std::atomic<bool> halt{false};
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  BestResult result;
  std::exception_ptr failure;
  std::atomic<std::uint64_t> solutions{0};
  const CostVisitor counted = [&](Cost cost, std::span<const OptionId> solution) {
    const std::uint64_t found = solutions.fetch_add(1) + 1;
    bool go_on = visit ? visit(cost, solution) : true;
    if (options.solution_limit != 0 && found >= options.solution_limit) go_on = false;
    return go_on;
  };
  const auto worker = [&](CostSolver& solver) {
    solver.set_stop_flag(&halt);
    Stats stats;
    std::uint64_t cleansings = 0;
    Outcome outcome = Outcome::exhausted;
    try {
      for (;;) {
        if (halt.load() || (options.stop != nullptr && options.stop->load())) {
          outcome = Outcome::stopped;
          break;
        }
        const std::size_t i = next.fetch_add(1);
        if (i >= work.size()) break;
        outcome = solver.search_below(work[i], list, counted, stats, cleansings);
        if (outcome != Outcome::exhausted) {
          halt.store(true);
          break;
        }
      }
    } catch (...) {
      halt.store(true);
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
    }
    const std::lock_guard lock(mutex);
    result.stats.nodes += stats.nodes;
    result.stats.updates += stats.updates;
    result.stats.max_depth = std::max(result.stats.max_depth, stats.max_depth);
    result.cleansings += cleansings;
    if (outcome != Outcome::exhausted && result.outcome == Outcome::exhausted)
      result.outcome = outcome;
  };

  // A watcher forwards the caller's stop flag to the searches.
  std::vector<std::unique_ptr<CostSolver>> solvers;
  {
    std::vector<std::jthread> pool;
    for (unsigned t = 0; t < threads; ++t) {
      solvers.push_back(t == 0 ? std::make_unique<CostSolver>(std::move(first))
                               : std::make_unique<CostSolver>(matrix));
    }
    std::atomic<bool> done{false};
    std::jthread watcher;
    if (options.stop != nullptr) {
      watcher = std::jthread([&] {
        while (!done.load()) {
          if (options.stop->load()) halt.store(true);
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
      });
    }
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker, std::ref(*solvers[t]));
    for (std::jthread& thread : pool) thread.join();
    done.store(true);
  }
  if (failure) std::rethrow_exception(failure);
  result.stats.solutions = solutions.load();
  if (result.outcome == Outcome::stopped && options.solution_limit != 0 &&
      result.stats.solutions >= options.solution_limit &&
      (options.stop == nullptr || !options.stop->load()))
    result.outcome = Outcome::solution_limit;
  result.best = list.sorted();
  return result;
}

}  // namespace dlx
