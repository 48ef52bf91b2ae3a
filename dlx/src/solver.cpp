// The dancing links, laid out as in Knuth's DLX1 and DLX2, each field of the nodes in an array of
// its own.
//
// Items are numbered 1..n: the primary ones first, then unused items up to a multiple of 8 (the
// padding), then the secondary ones, each kind in declaration order (item_id_ maps an index back
// to the matrix's ItemId). Node c (1 <= c <= n) is the header of item c; then come the options,
// each preceded by a spacer whose `top` is minus the option's id and followed by the next one:
//
//   [unused] [hdr 1] ... [hdr n] [spacer 0] [opt 0 ...] [spacer 1] [opt 1 ...] ... [spacer m]
//
// links_ holds each node's vertical links, top_ its item and color_ its color. A spacer's `up` is
// the first node of the option before it, its `down` the last node of the option after it, so
// that walking an option cyclically to the right or left skips over it.
//
// There is no list of active items, as DLX1 has: len_[c] is the number of options left to item c,
// with the sign bit set while c is active, so the MRV rule reads len_[1..padded_] in order, a
// contiguous array of signed numbers, 8 at a time, instead of following links from item to item
// (a chain of dependent loads, one per active item at every node). A covered item's length does
// not change while it is covered: every option still in some list avoids it.
//
// Without colors the search backs up from a log instead of uncovering (hide, undo_to): the
// nodes come back in the reverse order of their removal, as uncover would put them back, in one
// loop over an array instead of walks up the lists and along the options, whose ends the
// processor mispredicts.
//
// load() without colors numbers afresh only the items its base leaves uncovered (in the same
// order, so the MRV rule chooses as before) and writes the new numbers into the kept nodes' top_;
// item_of_ keeps every node's item as built, from which each load starts.
//
// Nothing is allocated after construction except when a search is first asked for something
// bigger than before (the solution buffer); the search itself only moves links.
#include "dlx/solver.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

#include "bits.hpp"
#include "cells.hpp"
#include "core/budget.hpp"
#include "core/links.hpp"
#include "core/table.hpp"
#include "dlx/random.hpp"
#include "multiplicities.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if DLX_WIDE_SCAN
#include <immintrin.h>
#endif

namespace dlx {

namespace {

// choose_engine's rule (docs/history/2026-12-06.md, "links or cells"): cells when the items have on
// average at least this many options each.
constexpr std::size_t cells_from_options_an_item = 8;
// Bits on a row of at most bits_most_options, when their estimated work a node is at most
// bits_over_cells times the cells' (docs/history/2026-12-07.md, "bit sets"); not below
// bits_least_nodes, where any engine takes milliseconds and links give Knuth's node counts.
constexpr std::size_t bits_most_options = 16384;
constexpr std::size_t bits_least_nodes = 300;
constexpr double bits_over_cells = 1.25;

// The work of a node on bits and on cells, estimated from the matrix: bits count the options of
// each primary item and OR the masks of an option's items, words of the row each; cells take
// out, for each option an option shares an item with, its other nodes.
struct NodeWork {
  double bits = 0, cells = 0;
};
NodeWork node_work(const Matrix& matrix) {
  const std::size_t m = matrix.option_count();
  if (m == 0) return {};
  std::vector<double> uses(matrix.item_count(), 0);
  for (OptionId o = 0; o < static_cast<OptionId>(m); ++o)
    for (const Entry& e : matrix.option(o)) ++uses[static_cast<std::size_t>(e.item)];
  double squares = 0;
  for (const double u : uses) squares += u * u;
  const double length = static_cast<double>(matrix.entry_count()) / static_cast<double>(m);
  const double words = static_cast<double>((m + 63) / 64);
  // An option meets on average squares / m options (itself included) through its items.
  return {(static_cast<double>(matrix.primary_count()) + length) * words,
          (length - 1) * squares / static_cast<double>(m)};
}

// Numbers the items c in [from, to) that `seen` leaves free (seen[c] == 0) k + 1, k + 2, ... in
// order, and the others 0, in number[c]; returns the last number given. Without branches (the
// covered items of a sudoku come in no pattern), 4 at a time with SSE2: a prefix sum of the free.
std::int32_t number_free(const std::int32_t* seen, std::int32_t* number, std::int32_t from,
                         std::int32_t to, std::int32_t k) noexcept {
  std::int32_t c = from;
#if defined(__SSE2__)
  __m128i base = _mm_set1_epi32(k);
  for (; c + 4 <= to; c += 4) {
    const __m128i free = _mm_cmpeq_epi32(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(seen + c)), _mm_setzero_si128());
    __m128i sum = _mm_sub_epi32(_mm_setzero_si128(), free);  // 1 where free
    sum = _mm_add_epi32(sum, _mm_slli_si128(sum, 4));
    sum = _mm_add_epi32(sum, _mm_slli_si128(sum, 8));
    sum = _mm_add_epi32(sum, base);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(number + c), _mm_and_si128(sum, free));
    base = _mm_shuffle_epi32(sum, 0xFF);
  }
  k = _mm_cvtsi128_si32(base);
#endif
  for (; c < to; ++c) {
    const std::int32_t free = seen[c] == 0;
    k += free;
    number[c] = k & -free;
  }
  return k;
}

}  // namespace

#if DLX_WIDE_SCAN
namespace detail {

bool has_wide_scan() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}

namespace {

// The index of the first of key[0..n) at most `bound` (a bit per key above it), or n.
[[gnu::target("avx2")]] inline std::int32_t wide_first_at_most(const std::int32_t* key,
                                                               std::int32_t n,
                                                               std::int32_t bound) noexcept {
  const __m256i limit = _mm256_set1_epi32(bound);
  for (std::int32_t i = 0; i < n; i += 8) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(key + i));
    const auto above = static_cast<unsigned>(
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(v, limit))));
    if (above != 0xFF) return i + std::countr_one(above);
  }
  return n;
}

}  // namespace

[[gnu::target("avx2")]] std::int32_t wide_choice(const std::int32_t* key, std::int32_t n,
                                                 std::int32_t good_enough) noexcept {
  if (good_enough != std::numeric_limits<std::int32_t>::min())  // above Solver::active_bit
    if (const std::int32_t single = wide_first_at_most(key, n, good_enough); single != n)
      return single;
  __m256i least = _mm256_setzero_si256();  // no active item's key is 0 or more
  for (std::int32_t i = 0; i < n; i += 8)
    least = _mm256_min_epi32(least, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(key + i)));
  __m128i m = _mm_min_epi32(_mm256_castsi256_si128(least), _mm256_extracti128_si256(least, 1));
  m = _mm_min_epi32(m, _mm_shuffle_epi32(m, 0x4E));
  m = _mm_min_epi32(m, _mm_shuffle_epi32(m, 0xB1));
  return wide_first_at_most(key, n, _mm_cvtsi128_si32(m));
}

}  // namespace detail
#endif

std::string_view engine_name(Engine engine) noexcept {
  switch (engine) {
    case Engine::links:
      return "links";
    case Engine::cells:
      return "cells";
    case Engine::bits:
      return "bits";
    case Engine::automatic:
      return "auto";
  }
  return "links";
}

Engine parse_engine(std::string_view name) {
  for (Engine e : {Engine::links, Engine::cells, Engine::bits, Engine::automatic})
    if (name == engine_name(e)) return e;
  throw std::invalid_argument("unknown engine '" + std::string(name) +
                              "' (links, cells, bits or auto)");
}

EngineChoice choose_engine(const Matrix& matrix, const Propagation& propagation) {
  if (matrix.has_bounds()) return {Engine::links, "bounds need the links engine"};
  if (propagation.beyond_singles())
    return {Engine::links, "implied items, probing and weighed ties need the links engine"};
  // A level on cells saves the size of every active item and takes work in proportion to the
  // options it hides: the more options an item has, the more a level does besides the saving.
  const std::size_t nodes = matrix.entry_count(),
                    items = std::max<std::size_t>(matrix.item_count(), 1);
  const std::string shape = std::to_string(nodes) + " nodes over " + std::to_string(items) +
                            (items == 1 ? " item" : " items");
  const std::string bound = std::to_string(cells_from_options_an_item) + " an item";
  if (nodes >= bits_least_nodes && matrix.option_count() <= bits_most_options &&
      detail::Bits::mask_bytes(matrix) <= detail::Bits::max_bytes) {
    const NodeWork work = node_work(matrix);
    if (work.bits <= bits_over_cells * work.cells) {
      const auto round = [](double x) { return std::to_string(std::llround(x)); };
      return {Engine::bits, shape + ", " + std::to_string(matrix.option_count()) +
                                " options: a node about " + round(work.bits) +
                                " word operations on bits, " + round(work.cells) +
                                " updates on cells"};
    }
  }
  if (nodes >= cells_from_options_an_item * items)
    return {Engine::cells, shape + ": at least " + bound};
  return {Engine::links, shape + ": fewer than " + bound};
}

Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

std::span<const std::uint64_t> Solver::profile() const noexcept {
  if (bounded_) return bounded_->profile();
  if (sets_) return sets_->profile();
  return {profile_.data(), std::size_t{last_depth_} + 1};
}

Solver::Solver(const Matrix& matrix, Engine engine) : matrix_(&matrix) {
  engine_ = engine == Engine::automatic ? choose_engine(matrix).engine : engine;
  if (matrix.has_bounds()) {
    if (engine_ != Engine::links)
      throw std::invalid_argument("the " + std::string(engine_name(engine_)) +
                                  " engine does not take bounds (multiplicities): use the links "
                                  "engine");
    bounded_ = std::make_unique<detail::Multiplicities>(matrix);
    return;
  }
  if (engine_ == Engine::cells) {
    sets_ = std::make_unique<detail::Cells>(matrix);
    return;
  }
  if (engine_ == Engine::bits) {
    sets_ = std::make_unique<detail::Bits>(matrix);
    return;
  }
  const auto n = static_cast<std::int32_t>(matrix.item_count());
  const auto m = matrix.option_count();
  primaries_ = static_cast<std::int32_t>(matrix.primary_count());
  padded_ = (primaries_ + 7) / 8 * 8;
  const std::int32_t items = n + (padded_ - primaries_);  // with the padding
  first_spacer_ = items + 1;
  const std::vector<std::int32_t> number = detail::number_items(matrix, padded_ + 1);
  item_id_.assign(static_cast<std::size_t>(items) + 1, -1);
  for (ItemId i = 0; i < n; ++i)
    item_id_[static_cast<std::size_t>(number[static_cast<std::size_t>(i)])] = i;
  item_color_.assign(static_cast<std::size_t>(items) + 1, 0);
  len_.assign(static_cast<std::size_t>(items) + 4, 0);  // first_at_most reads up to 3 past
  detail::lay_out(matrix, number, first_spacer_, links_, top_, color_, option_first_);
  has_colors_ = std::any_of(color_.begin(), color_.end(), [](std::int32_t c) { return c != 0; });
  const std::size_t size = top_.size();
  live_.assign(m, 1);

  item_of_ = top_;
  declared_primaries_ = primaries_;
  declared_padded_ = padded_;
  number_.assign(item_id_.size(), 0);
  relink_columns();
  mark_active(nullptr);
#if DLX_WIDE_SCAN
  wide_scan_ = detail::has_wide_scan();
#endif
  choice_.resize(matrix.primary_count() + 1);
  // A node is hidden at most once at a time: its option is then out of every list but one.
  log_.resize(size);
  marks_.resize(2 * (matrix.primary_count() + 1));
  path_.reserve(matrix.primary_count() + 1);
  solution_.reserve(matrix.primary_count() + 1);
  profile_.assign(matrix.primary_count() + 1, 0);
}

// Marks the items active, except those covered by load's base partial solution (marked -1 in
// `covered`, indexed by item, when given) and the padding, and counts the active primary items.
void Solver::mark_active(const std::vector<std::int32_t>* covered) {
  const auto n = static_cast<std::int32_t>(item_id_.size()) - 1;
  std::int32_t* len = len_.data();
  if (covered == nullptr) {
    for (std::int32_t c = 1; c <= primaries_; ++c) len[c] |= active_bit;
    for (std::int32_t c = padded_ + 1; c <= n; ++c) len[c] |= active_bit;
    active_ = primaries_;
    return;
  }
  // Without branches: most items of a loaded sudoku are covered by its base, in no pattern.
  const std::int32_t* cov = covered->data();
  std::int32_t active = 0;
  std::int32_t c = 1;
#if defined(__SSE2__)
  const __m128i bit = _mm_set1_epi32(active_bit), none = _mm_set1_epi32(-1);
  __m128i count = _mm_setzero_si128();
  for (; c + 3 <= primaries_; c += 4) {
    const __m128i on = _mm_cmpgt_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(cov + c)),
                                       none);  // all ones where not covered
    auto* at = reinterpret_cast<__m128i*>(len + c);
    _mm_storeu_si128(at, _mm_or_si128(_mm_loadu_si128(at), _mm_and_si128(on, bit)));
    count = _mm_sub_epi32(count, on);
  }
  alignas(16) std::int32_t lanes[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes), count);
  active = lanes[0] + lanes[1] + lanes[2] + lanes[3];
#endif
  for (; c <= primaries_; ++c) {
    const std::int32_t on = cov[c] >= 0;
    len[c] |= active_bit & -on;
    active += on;
  }
  for (c = padded_ + 1; c <= n; ++c) len[c] |= active_bit & -std::int32_t{cov[c] >= 0};
  active_ = active;
}

// Back to the numbering of the items as built, after a load that numbered only some of them.
void Solver::restore_numbering() noexcept {
  if (!compact_) return;
  std::copy(item_of_.begin(), item_of_.end(), top_.begin());
  primaries_ = declared_primaries_;
  padded_ = declared_padded_;
  compact_ = false;
}

// Rebuilds every item's list from the live options: in input order, or shuffled when seeded.
// The lengths keep their active_bit.
void Solver::relink_columns() {
  detail::link_lists(links_, top_, option_first_, live_, first_spacer_ - 1, len_.data(),
                     seed_ != 0 ? &rng_ : nullptr);
}

void Solver::load(std::span<const OptionId> keep, std::span<const OptionId> base) {
  if (!forced_.empty() || !entered_.empty())
    throw std::logic_error("dlx::Solver::load: release forced options first");
  if (bounded_ || sets_) {
    if (bounded_)
      bounded_->load(keep, base);
    else
      sets_->load(keep, base);
    base_.assign(base.begin(), base.end());
    return;
  }
  // Every list is built afresh below: what a search left chosen is dropped, not undone.
  unsettled_ = 0;
  log_top_ = 0;
  const auto m = static_cast<OptionId>(live_.size());
  auto clash = [](OptionId o) {
    return std::invalid_argument("dlx::Solver::load: option " + std::to_string(o) +
                                 " clashes with the base partial solution");
  };
  const std::int32_t* top = item_of_.data();  // the declared numbering, whatever top_ holds
  const std::int32_t* color = color_.data();
  // item_color_: 0 free, -1 covered by the base, > 0 the color the base gives it.
  std::fill(item_color_.begin(), item_color_.end(), 0);
  for (OptionId o : base)
    if (o < 0 || o >= m) {
      load_all();
      throw std::invalid_argument("dlx::Solver::load: no such option");
    }
  bool checked = false;
  if (!has_colors_) {
    // Without colors, an item covered twice is looked for once at the end; the culprit is named
    // by the loop below, which stops at it.
    std::int32_t twice = 0;
    for (OptionId o : base)
      for (std::int32_t x = option_first_[static_cast<std::size_t>(o)]; top[x] > 0; ++x) {
        twice |= item_color_[static_cast<std::size_t>(top[x])];
        item_color_[static_cast<std::size_t>(top[x])] = -1;
      }
    if (twice != 0) std::fill(item_color_.begin(), item_color_.end(), 0);
    checked = twice == 0;
  }
  for (OptionId o : checked ? base.first(0) : base) {
    for (std::int32_t x = option_first_[static_cast<std::size_t>(o)]; top[x] > 0; ++x) {
      std::int32_t& seen = item_color_[static_cast<std::size_t>(top[x])];
      if (color[x] == 0 ? seen != 0 : (seen < 0 || (seen > 0 && seen != color[x]))) {
        load_all();
        throw clash(o);
      }
      seen = color[x] == 0 ? -1 : color[x];
    }
  }
  std::fill(live_.begin(), live_.end(), 0);
  for (OptionId o : keep) {
    if (o < 0 || o >= m || live_[static_cast<std::size_t>(o)] != 0) {
      load_all();
      throw std::invalid_argument("dlx::Solver::load: options must be valid, each given once");
    }
    live_[static_cast<std::size_t>(o)] = 1;
  }
  base_.assign(base.begin(), base.end());
  const std::int32_t* seen = item_color_.data();
  if (seed_ != 0) {
    std::fill(len_.begin(), len_.end(), 0);
    restore_numbering();
    for (OptionId o : keep)
      for (std::int32_t x = option_first_[static_cast<std::size_t>(o)]; top[x] > 0; ++x)
        if (seen[top[x]] < 0 || (seen[top[x]] > 0 && seen[top[x]] != color[x])) {
          load_all();
          throw clash(o);
        }
    relink_columns();
    mark_active(&item_color_);
    return;
  }
  // Appending the kept options in the order of `keep` gives every list that order. The clash
  // check rides along (one pass over the kept nodes); a clash makes every option visible again.
  Link* ln = links_.data();
  std::int32_t* len = len_.data();
  const auto append = [&](std::int32_t x, std::int32_t item) {
    Link& header = ln[item];
    ln[x] = Link{header.up, item};
    ln[header.up].down = x;
    header.up = x;
    ++len[item];
  };
  if (has_colors_) {
    std::fill(len_.begin(), len_.end(), 0);
    restore_numbering();
    const auto n = static_cast<std::int32_t>(item_id_.size()) - 1;
    for (std::int32_t c = 1; c <= n; ++c) ln[c] = Link{c, c};
    for (OptionId o : keep)
      for (std::int32_t x = option_first_[static_cast<std::size_t>(o)]; top[x] > 0; ++x) {
        const std::int32_t item = top[x];
        if (seen[item] != 0 && (seen[item] < 0 || seen[item] != color[x])) {
          load_all();
          throw clash(o);
        }
        append(x, item);
      }
    mark_active(&item_color_);
    return;
  }
  // Without colors the items the base covers take no part in the search: the others are numbered
  // afresh, in the same order (primaries, padding to 8, secondaries), so that the MRV scan reads
  // only them and chooses as it would have. Each kept node's top_ takes the new number (item_of_
  // keeps the declared one).
  const auto declared = static_cast<std::int32_t>(item_id_.size()) - 1;
  std::int32_t* number = number_.data();
  primaries_ = number_free(seen, number, 1, declared_primaries_ + 1, 0);
  padded_ = (primaries_ + 7) / 8 * 8;
  const std::int32_t items = number_free(seen, number, declared_padded_ + 1, declared + 1, padded_);
  compact_ = true;
  // Empty lists, the primary and secondary items active (not the padding between them).
  len[0] = 0;
  for (std::int32_t c = 1; c <= items; ++c) {
    ln[c] = Link{c, c};
    len[c] = c <= primaries_ || c > padded_ ? active_bit : 0;
  }
  // An option clashes when one of its items is covered by the base: that node goes to node 0 (a
  // covered item's number), whose count is looked at once at the end, and the first culprit is
  // named (load_all mends node 0).
  std::int32_t* new_top = top_.data();
  ln[0] = Link{0, 0};
  for (OptionId o : keep)
    for (std::int32_t x = option_first_[static_cast<std::size_t>(o)]; top[x] > 0; ++x) {
      const std::int32_t item = number[top[x]];
      new_top[x] = item;
      append(x, item);
    }
  if (len[0] != 0)
    for (OptionId o : keep)
      for (std::int32_t x = option_first_[static_cast<std::size_t>(o)]; top[x] > 0; ++x)
        if (seen[top[x]] != 0) {
          load_all();
          throw clash(o);
        }
  active_ = primaries_;
}

void Solver::load_all() {
  if (!forced_.empty() || !entered_.empty())
    throw std::logic_error("dlx::Solver::load_all: release forced options first");
  if (bounded_ || sets_) {
    if (bounded_)
      bounded_->load_all();
    else
      sets_->load_all();
    base_.clear();
    return;
  }
  unsettled_ = 0;  // every list is built afresh
  log_top_ = 0;
  restore_numbering();
  std::fill(live_.begin(), live_.end(), 1);
  base_.clear();
  std::fill(len_.begin(), len_.end(), 0);
  relink_columns();
  mark_active(nullptr);
}

bool Solver::live_option(OptionId option) const noexcept {
  return option >= 0 && static_cast<std::size_t>(option) < live_.size() &&
         live_[static_cast<std::size_t>(option)] != 0;
}

void Solver::set_seed(std::uint64_t seed) {
  if (!forced_.empty() || !entered_.empty())
    throw std::logic_error("dlx::Solver::set_seed: release forced options first");
  if (bounded_) {
    seed_ = seed;
    base_.clear();
    bounded_->set_seed(seed);
    return;
  }
  if (sets_) {
    seed_ = seed;
    sets_->set_seed(seed);
    return;
  }
  settle();
  seed_ = seed;
  rng_ = seed;
  relink_columns();
}

void Solver::set_progress(std::uint64_t every, ProgressCallback callback) {
  progress_every_ = callback ? every : 0;
  progress_ = std::move(callback);
}

OptionId Solver::option_of(std::int32_t node) const noexcept {
  while (top_[static_cast<std::size_t>(node)] > 0) --node;
  return -top_[static_cast<std::size_t>(node)];
}

bool Solver::force(OptionId option) {
  if (option < 0 || static_cast<std::size_t>(option) >= matrix_->option_count())
    throw std::out_of_range("dlx::Solver::force: no such option");
  if (!entered_.empty())
    throw std::logic_error("dlx::Solver::force: moves are entered; leave them first");
  if (bounded_ || sets_) {
    if (!(bounded_ ? bounded_->force(option) : sets_->force(option))) return false;
    forced_.push_back(option);
    return true;
  }
  if (!live_option(option)) return false;  // left out by load
  settle();
  const std::int32_t first = option_first_[static_cast<std::size_t>(option)];
  const Link* ln = links_.data();
  const std::int32_t* top = top_.data();
  for (std::int32_t p = first; top[p] > 0; ++p) {
    if (ln[ln[p].up].down != p) return false;  // hidden by an option forced before
    if (color_[static_cast<std::size_t>(p)] == 0 && len_[static_cast<std::size_t>(top[p])] >= 0)
      return false;  // its item is covered
  }
  const std::uint64_t updates = stats_.updates;
  for (std::int32_t p = first; top[p] > 0; ++p) commit<true>(p);
  stats_.updates = updates;
  forced_.push_back(option);
  forced_nodes_.push_back(first);
  return true;
}

void Solver::release() {
  while (!entered_.empty()) leave();
  if (bounded_) {
    for (; !forced_.empty(); forced_.pop_back()) bounded_->release_last();
    return;
  }
  if (sets_) {
    for (; !forced_.empty(); forced_.pop_back()) sets_->release_last();
    return;
  }
  while (!forced_nodes_.empty()) release_last_on_links();
}

void Solver::release_last_on_links() {
  settle();
  const std::int32_t* top = top_.data();
  std::int32_t p = forced_nodes_.back();
  while (top[p + 1] > 0) ++p;
  for (; top[p] > 0; --p) uncommit<true>(p);
  forced_nodes_.pop_back();
  forced_.pop_back();
}

Branch Solver::next_moves() {
  if (bounded_) return bounded_->next_moves();
  return next_branch();
}

bool Solver::enter(OptionId move) {
  if (bounded_) {
    if (!bounded_->enter(move)) return false;
    entered_.push_back(move);
    return true;
  }
  if (move < 0 || static_cast<std::size_t>(move) >= matrix_->option_count()) return false;
  if (sets_) {
    if (!sets_->force(move)) return false;
    forced_.push_back(move);
    entered_.push_back(move);
    return true;
  }
  std::vector<OptionId> entered;
  entered.swap(entered_);  // force() refuses while moves are entered
  const bool forced = force(move);
  entered.swap(entered_);
  if (forced) entered_.push_back(move);
  return forced;
}

void Solver::leave() {
  if (entered_.empty()) return;
  entered_.pop_back();
  if (bounded_) {
    bounded_->leave();
    return;
  }
  if (sets_) {
    sets_->release_last();
    forced_.pop_back();
    return;
  }
  release_last_on_links();
}

Branch Solver::next_branch() {
  if (bounded_) return bounded_->next_branch();
  if (sets_) return sets_->next_branch();
  settle();
  Branch branch;
  if (active_ == 0) return branch;
  const std::int32_t item = choose_item();
  std::int32_t declared = item;
  if (compact_)  // the item as built is the one load numbered `item` (not a hot path)
    declared = static_cast<std::int32_t>(std::find(number_.begin() + 1, number_.end(), item) -
                                         number_.begin());
  branch.item = item_id_[static_cast<std::size_t>(declared)];
  const Link* ln = links_.data();
  for (std::int32_t p = ln[item].down; p != item; p = ln[p].down)
    branch.options.push_back(option_of(p));
  return branch;
}

std::vector<std::vector<OptionId>> Solver::path_options() const {
  std::vector<std::vector<OptionId>> path;
  if (bounded_) return path;
  if (sets_) return sets_->path_options();
  const Link* ln = links_.data();
  for (std::uint32_t l = 0; l < reported_level_; ++l) {
    std::vector<OptionId>& options = path.emplace_back();
    const std::int32_t item = top_[static_cast<std::size_t>(choice_[l])];
    for (std::int32_t p = choice_[l]; p != item; p = ln[p].down) options.push_back(option_of(p));
  }
  return path;
}

void Solver::report_progress(std::uint32_t level) {
  reported_level_ = level;
  path_.clear();
  const Link* ln = links_.data();
  for (std::uint32_t l = 0; l < level; ++l) {
    const std::int32_t chosen = choice_[l];
    const std::int32_t item = top_[static_cast<std::size_t>(chosen)];
    PathStep step{1,
                  static_cast<std::uint32_t>(len_[static_cast<std::size_t>(item)] & ~active_bit)};
    for (std::int32_t p = ln[item].down; p != chosen; p = ln[p].down) ++step.k;
    path_.push_back(step);
  }
  progress_(Progress{stats_, path_, detail::explored(path_)});
}

// Algorithm X as DLX1 runs it (Algorithm C when options carry colors), with Knuth's labels.
Result Solver::search(const Visitor& visit) {
  if (bounded_) [[unlikely]]
    return bounded_->search(visit, limits_, stop_, progress_every_, progress_);
  if (sets_) {
    solution_.assign(base_.begin(), base_.end());
    solution_.insert(solution_.end(), forced_.begin(), forced_.end());
    return sets_->search(visit, solution_, limits_, stop_, progress_every_, progress_);
  }
  settle();
  if (propagation_.any())
    return propagation_.implied ? run_propagating<true>(visit) : run_propagating<false>(visit);
  return has_colors_ ? run<true>(visit) : run<false>(visit);
}

template <bool Colors>
Result Solver::run(const Visitor& visit) {
  std::fill_n(profile_.begin(), last_depth_ + 1, 0);
  stats_ = Stats{};
  log_top_ = 0;  // every search puts back all it hid
  std::uint64_t next_progress = progress_every_;
  Outcome outcome = Outcome::exhausted;
  std::uint32_t level = 0;
  std::int32_t best = 0, cur = 0;
  solution_.assign(base_.begin(), base_.end());
  solution_.insert(solution_.end(), forced_.begin(), forced_.end());
  const std::size_t prefix = solution_.size();
  // Levels below `named` still hold the options solution_ names for them: the next solution
  // shares that much of the path, so only the rest is looked up.
  std::uint32_t named = 0;
  // Undoes the options chosen on the way to the current node, deepest first, so that a search
  // ended early, by a limit or by an exception from a callback, leaves the links as it found them.
  auto unwind_path = [&]() noexcept {
    while (level > 0) {
      --level;
      cur = choice_[level];
      if constexpr (Colors) {
        uncover_others<Colors>(cur);
        uncover(top_[static_cast<std::size_t>(cur)]);
      } else {
        undo_to(marks_[2 * level + 1]);
        activate_others(cur);
        undo_to(marks_[2 * level]);
        activate(top_[static_cast<std::size_t>(cur)]);
      }
    }
    last_depth_ = stats_.max_depth;
  };

forward:
  if (level > stats_.max_depth) stats_.max_depth = level;
  if (active_ == 0) {
    ++stats_.nodes;  // a solution counts as a node of the search tree
    ++profile_[level];
    ++stats_.solutions;
    if (visit) {
      solution_.resize(prefix + level);  // the base and forced options stay from the start
      for (std::uint32_t l = named; l < level; ++l) solution_[prefix + l] = option_of(choice_[l]);
      named = level;
      bool go_on = true;
      try {
        go_on = visit(solution_);
      } catch (...) {
        unwind_path();
        throw;
      }
      if (!go_on) {
        outcome = Outcome::stopped;
        goto unwind;
      }
    }
    if (limits_.solutions != 0 && stats_.solutions >= limits_.solutions) {
      outcome = Outcome::solution_limit;
      goto unwind;
    }
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) {
      outcome = Outcome::stopped;
      goto unwind;
    }
    if (level == 0) goto done;
    --level;
    cur = choice_[level];
    best = top_[static_cast<std::size_t>(cur)];
    goto recover;
  }
  if (outcome = detail::spent(stats_, limits_, stop_); outcome != Outcome::exhausted) goto unwind;
  if (progress_every_ != 0 && stats_.updates >= next_progress) {
    try {
      report_progress(level);
    } catch (...) {
      unwind_path();
      throw;
    }
    next_progress = stats_.updates + progress_every_;
  }
  ++stats_.nodes;
  ++profile_[level];
  best = choose_item();
  if constexpr (!Colors) marks_[2 * level] = log_top_;
  cover<Colors>(best);
  if constexpr (!Colors) marks_[2 * level + 1] = log_top_;
  cur = choice_[level] = links_[static_cast<std::size_t>(best)].down;

advance:
  if (cur == best) goto backup;
  cover_others<Colors>(cur);
  ++level;
  goto forward;

backup:
  if constexpr (Colors) {
    uncover(best);
  } else {
    undo_to(marks_[2 * level]);
    activate(best);
  }
  if (level == 0) goto done;
  --level;
  cur = choice_[level];
  best = top_[static_cast<std::size_t>(cur)];

recover:
  named = std::min(named, level);
  if constexpr (Colors) {
    uncover_others<Colors>(cur);
  } else {
    undo_to(marks_[2 * level + 1]);
    activate_others(cur);
  }
  cur = choice_[level] = links_[static_cast<std::size_t>(cur)].down;
  goto advance;

unwind:
  if constexpr (Colors) {
    unwind_path();
  } else {
    unsettled_ = static_cast<std::int32_t>(level);  // put back by settle(), or dropped by load()
  }

done:
  last_depth_ = stats_.max_depth;
  return Result{outcome, stats_};
}

void Solver::settle() noexcept {
  while (unsettled_ > 0) {
    const std::int32_t node = choice_[static_cast<std::size_t>(--unsettled_)];
    activate(top_[static_cast<std::size_t>(node)]);
    activate_others(node);
  }
  undo_to(0);
}

Result Solver::count() {
  return search(nullptr);
}

std::vector<OptionId> Solver::first(Result* result) {
  const Limits saved = limits_;
  if (limits_.solutions == 0 || limits_.solutions > 1) limits_.solutions = 1;
  std::vector<OptionId> solution;
  Result r = search([&](std::span<const OptionId> s) {
    solution.assign(s.begin(), s.end());
    return true;
  });
  limits_ = saved;
  if (result != nullptr) *result = r;
  return solution;
}

}  // namespace dlx
