// Algorithms X and C on bit sets (see bits.hpp for the data and the tree they make).
#include "bits.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

#include "core/budget.hpp"
#include "dlx/random.hpp"

namespace dlx::detail {

namespace {

// Rows of at most this many words are counted whole by the MRV rule.
constexpr std::size_t short_row = 8;

// The (item, color) pairs of a matrix's colored nodes, numbered in order of first use.
std::unordered_map<std::uint64_t, std::int32_t> color_pairs(const Matrix& matrix) {
  std::unordered_map<std::uint64_t, std::int32_t> pairs;
  for (OptionId o = 0; o < static_cast<OptionId>(matrix.option_count()); ++o)
    for (const Entry& e : matrix.option(o))
      if (e.color != 0)
        pairs.emplace(
            static_cast<std::uint64_t>(e.item) << 32 | static_cast<std::uint32_t>(e.color),
            static_cast<std::int32_t>(pairs.size()));
  return pairs;
}

// The MRV rule over a short row (at most short_row words): every count whole, the least taken
// without branches.
inline Bits::Least least_short(const Bits::Scan& s) noexcept {
  std::uint64_t least = ~std::uint64_t{0};
  std::int32_t best = -1;
  for (std::int32_t k = 0; k < s.pactive; ++k) {
    const std::int32_t p = s.act[k];
    const Bits::Word* mask = s.pool + s.mask_at[p];
    std::uint64_t c = 0;
    for (std::int32_t w = s.lo[p], hi = s.hi[p]; w < hi; ++w)
      c += static_cast<std::uint64_t>(std::popcount(s.live[w] & mask[w]));
    const std::uint64_t v = c << 32 | s.key[p];
    best = v < least ? p : best;
    least = v < least ? v : least;
  }
  return Bits::Least{best, best < 0 ? std::numeric_limits<std::int32_t>::max()
                                    : static_cast<std::int32_t>(least >> 32)};
}

// The MRV rule over the row: the active primary item with the fewest live options, ties to the
// least key. An item's count stops as soon as it cannot win. Inlined into two copies, one for
// processors with a popcount instruction.
inline Bits::Least least_of(const Bits::Scan& s) noexcept {
  Bits::Least best{-1, std::numeric_limits<std::int32_t>::max()};
  std::uint64_t best_key = ~std::uint64_t{0};
  // The guess first, counted whole: a low count early lets the others stop soon.
  if (s.guess >= 0) {
    const Bits::Word* mask = s.pool + s.mask_at[s.guess];
    std::int32_t c = 0;
    for (std::int32_t w = s.lo[s.guess], hi = s.hi[s.guess]; w < hi; ++w)
      c += std::popcount(s.live[w] & mask[w]);
    best = Bits::Least{s.guess, c};
    best_key = s.key[s.guess];
    if (c == 0 && s.any_empty) return best;
  }
  for (std::int32_t k = 0; k < s.pactive; ++k) {
    const std::int32_t p = s.act[k];
    if (p == s.guess) continue;
    const std::uint64_t key = s.key[p];
    // Past this count it cannot win: equal counts go to the lesser key.
    const std::int32_t most = key < best_key ? best.count : best.count - 1;
    const Bits::Word* mask = s.pool + s.mask_at[p];
    // Four words at a time between the tests.
    std::int32_t c = 0, w = s.lo[p];
    const std::int32_t hi = s.hi[p];
    for (; w + 4 <= hi && c <= most; w += 4)
      c += std::popcount(s.live[w] & mask[w]) + std::popcount(s.live[w + 1] & mask[w + 1]) +
           std::popcount(s.live[w + 2] & mask[w + 2]) + std::popcount(s.live[w + 3] & mask[w + 3]);
    for (; w < hi && c <= most; ++w) c += std::popcount(s.live[w] & mask[w]);
    if (c > most) continue;
    best = Bits::Least{p, c};
    best_key = key;
    if (c == 0 && s.any_empty) break;  // a dead end, whichever empty item it names
  }
  return best;
}

// Takes the options of `kill` out of the row `live`: how many were live.
inline std::uint64_t take_out_of(Bits::Word* live, const Bits::Word* kill,
                                 std::size_t words) noexcept {
  std::uint64_t c = 0;
  for (std::size_t w = 0; w < words; ++w) {
    c += static_cast<std::uint64_t>(std::popcount(live[w] & kill[w]));
    live[w] &= ~kill[w];
  }
  return c;
}

#if DLX_BITS_DISPATCH
[[gnu::target("popcnt")]] Bits::Least least_short_hw(const Bits::Scan& s) noexcept {
  return least_short(s);
}
[[gnu::target("popcnt")]] Bits::Least least_hw(const Bits::Scan& s) noexcept {
  return least_of(s);
}
[[gnu::target("popcnt")]] std::uint64_t take_out_hw(Bits::Word* live, const Bits::Word* kill,
                                                    std::size_t words) noexcept {
  return take_out_of(live, kill, words);
}
bool has_popcount() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("popcnt") != 0;
}
#endif

}  // namespace

std::size_t Bits::mask_bytes(const Matrix& matrix) {
  const std::size_t words = (matrix.option_count() + 63) / 64;
  // The masks, and the rows a search saves: one per level at most (a level covers a primary
  // item), and two more.
  return (matrix.item_count() + color_pairs(matrix).size() + matrix.primary_count() + 2) * words *
         sizeof(Word);
}

Bits::Bits(const Matrix& matrix) : matrix_(&matrix), load_check_(matrix.option_count()) {
  if (matrix.has_bounds())
    throw std::invalid_argument(
        "the bits engine does not take bounds (multiplicities): use the links engine");
  const std::size_t bytes = mask_bytes(matrix);
  if (bytes > max_bytes)
    throw std::invalid_argument("the bits engine would need " + std::to_string(bytes >> 20) +
                                " MiB of masks and saved rows for this matrix (at most " +
                                std::to_string(max_bytes >> 20) +
                                "): use the links or cells engine");
  const auto n = static_cast<ItemId>(matrix.item_count());
  const auto m = static_cast<OptionId>(matrix.option_count());
  words_ = (static_cast<std::size_t>(m) + 63) / 64;
  primary_of_.assign(static_cast<std::size_t>(n), -1);
  // The cells engine's offset of each primary item, for its tie-break key.
  std::vector<std::int32_t> uses(static_cast<std::size_t>(n), 0);
  for (OptionId o = 0; o < m; ++o)
    for (const Entry& e : matrix.option(o)) ++uses[static_cast<std::size_t>(e.item)];
  std::vector<std::pair<std::uint64_t, std::int32_t>> order;
  std::int32_t place = 5;
  for (ItemId i = 0; i < n; ++i) {
    if (matrix.item_kind(i) != ItemKind::primary) continue;
    primary_of_[static_cast<std::size_t>(i)] = primaries_;
    item_of_.push_back(i);
    order.emplace_back(tie_key(place), primaries_++);
    place += uses[static_cast<std::size_t>(i)] + 5;
  }
  std::sort(order.begin(), order.end());
  key_.assign(static_cast<std::size_t>(primaries_), 0);
  for (std::size_t k = 0; k < order.size(); ++k)
    key_[static_cast<std::size_t>(order[k].second)] = k;
  fixed_key_ = key_;
  place_of_.resize(static_cast<std::size_t>(m));
  for (OptionId o = 0; o < m; ++o) place_of_[static_cast<std::size_t>(o)] = o;
  live_.assign(words_, 0);
  kill_.assign(words_, 0);
  mask_at_.resize(static_cast<std::size_t>(primaries_));
  for (std::int32_t p = 0; p < primaries_; ++p)
    mask_at_[static_cast<std::size_t>(p)] =
        static_cast<std::size_t>(item_of_[static_cast<std::size_t>(p)]) * words_;
#if DLX_BITS_DISPATCH
  hardware_popcount_ = has_popcount();
#endif
  act_.resize(static_cast<std::size_t>(primaries_));
  pos_.resize(static_cast<std::size_t>(primaries_));
  level_begin_.resize(static_cast<std::size_t>(primaries_) + 1);
  level_end_.resize(static_cast<std::size_t>(primaries_) + 1);
  level_at_.resize(static_cast<std::size_t>(primaries_) + 1);
  guess_.assign(static_cast<std::size_t>(primaries_) + 1, -1);
  profile_.assign(static_cast<std::size_t>(primaries_) + 1, 0);
  lay_out();
  load_all();
}

// The row's places of the options as place_of_ says: the per-place lists and the masks.
void Bits::lay_out() {
  const Matrix& matrix = *matrix_;
  const auto m = static_cast<OptionId>(matrix.option_count());
  const std::size_t n = matrix.item_count(), w = words_;
  const auto pairs = color_pairs(matrix);
  option_at_.assign(static_cast<std::size_t>(m), 0);
  for (OptionId o = 0; o < m; ++o)
    option_at_[static_cast<std::size_t>(place_of_[static_cast<std::size_t>(o)])] = o;
  pool_.assign((n + pairs.size()) * w, 0);
  kill_begin_.assign(1, 0);
  prim_begin_.assign(1, 0);
  kills_.clear();
  prims_.clear();
  for (std::int32_t b = 0; b < m; ++b) {
    const std::span<const Entry> entries = matrix.option(option_at_[static_cast<std::size_t>(b)]);
    const Word bit = Word{1} << (b & 63);
    const std::size_t word = static_cast<std::size_t>(b) >> 6;
    for (const Entry& e : entries) {
      const auto i = static_cast<std::size_t>(e.item);
      pool_[i * w + word] |= bit;
      std::size_t kill = i * w;
      if (e.color != 0) {
        kill = (n + static_cast<std::size_t>(pairs.at(static_cast<std::uint64_t>(e.item) << 32 |
                                                      static_cast<std::uint32_t>(e.color)))) *
               w;
        pool_[kill + word] |= bit;  // for now the options of the pair: made its kill below
      }
      kills_.push_back(static_cast<std::int32_t>(kill));
      if (primary_of_[i] >= 0) prims_.push_back(primary_of_[i]);
    }
    kill_begin_.push_back(static_cast<std::int32_t>(kills_.size()));
    prim_begin_.push_back(static_cast<std::int32_t>(prims_.size()));
  }
  // Each primary item's words that hold options of it.
  lo_.assign(static_cast<std::size_t>(primaries_), 0);
  hi_.assign(static_cast<std::size_t>(primaries_), 0);
  for (std::int32_t p = 0; p < primaries_; ++p) {
    const Word* mask = pool_.data() + mask_at_[static_cast<std::size_t>(p)];
    std::int32_t lo = 0, hi = static_cast<std::int32_t>(w);
    while (lo < hi && mask[lo] == 0) ++lo;
    while (hi > lo && mask[hi - 1] == 0) --hi;
    lo_[static_cast<std::size_t>(p)] = lo;
    hi_[static_cast<std::size_t>(p)] = hi;
  }
  // A pair's kill: the options of its item that give it another color or none.
  for (const auto& [key, index] : pairs) {
    const std::size_t item = static_cast<std::size_t>(key >> 32);
    Word* kill = pool_.data() + (n + static_cast<std::size_t>(index)) * w;
    const Word* all = pool_.data() + item * w;
    for (std::size_t k = 0; k < w; ++k) kill[k] = all[k] & ~kill[k];
  }
}

void Bits::reset_active() {
  for (std::int32_t p = 0; p < primaries_; ++p) {
    act_[static_cast<std::size_t>(p)] = p;
    pos_[static_cast<std::size_t>(p)] = p;
  }
  pactive_ = primaries_;
}

void Bits::deactivate(std::int32_t p) noexcept {
  const std::int32_t last = --pactive_;
  const std::int32_t at = pos_[static_cast<std::size_t>(p)];
  const std::int32_t other = act_[static_cast<std::size_t>(last)];
  act_[static_cast<std::size_t>(last)] = p;
  act_[static_cast<std::size_t>(at)] = other;
  pos_[static_cast<std::size_t>(other)] = at;
  pos_[static_cast<std::size_t>(p)] = last;
  ++stats_.updates;
}

Bits::Least Bits::choose(std::int32_t guess) const noexcept {
  if (words_ <= short_row) {  // every count whole: no guess, no early end
    const Scan s{live_.data(),    pool_.data(), act_.data(), pactive_,
                 mask_at_.data(), lo_.data(),   hi_.data(),  key_.data(),
                 words_,          -1,           false};
#if DLX_BITS_DISPATCH
    if (hardware_popcount_) return least_short_hw(s);
#endif
    return least_short(s);
  }
  const bool any_empty = guess != no_guess;
  if (guess >= 0 && !active(guess)) guess = -1;
  const Scan s{live_.data(),    pool_.data(),        act_.data(), pactive_,
               mask_at_.data(), lo_.data(),          hi_.data(),  key_.data(),
               words_,          std::max(guess, -1), any_empty};
#if DLX_BITS_DISPATCH
  if (hardware_popcount_) return least_hw(s);
#endif
  return least_of(s);
}

// Takes the live options of `kill` out of the row (their count: the updates).
void Bits::take_out(const Word* kill) noexcept {
#if DLX_BITS_DISPATCH
  if (hardware_popcount_) {
    stats_.updates += take_out_hw(live_.data(), kill, words_);
    return;
  }
#endif
  stats_.updates += take_out_of(live_.data(), kill, words_);
}

// The level's start: x covered, its options out of the row and, in order, on the stack.
void Bits::take_out_level(std::int32_t x, std::int32_t count) {
  deactivate(x);
  const Word* mask = pool_.data() + mask_at_[static_cast<std::size_t>(x)];
  const std::size_t top = stack_.size();
  stack_.resize(top + static_cast<std::size_t>(count));
  std::int32_t* out = stack_.data() + top;
  for (std::int32_t w = lo_[static_cast<std::size_t>(x)], hi = hi_[static_cast<std::size_t>(x)];
       w < hi; ++w)
    for (Word r = live_[static_cast<std::size_t>(w)] & mask[w]; r != 0; r &= r - 1)
      *out++ = w * 64 + std::countr_zero(r);
  take_out(mask);
}

// Chooses the option at `place`: its primary items covered, every live option sharing an item
// with it out of the row.
void Bits::commit(std::int32_t place) noexcept {
  const auto at = static_cast<std::size_t>(place);
  for (std::int32_t k = prim_begin_[at], end = prim_begin_[at + 1]; k < end; ++k) {
    const std::int32_t p = prims_[static_cast<std::size_t>(k)];
    if (active(p)) deactivate(p);
  }
  Word* const kill = kill_.data();
  const Word* const pool = pool_.data();
  const std::size_t w = words_;
  const std::int32_t* k = kills_.data() + kill_begin_[at];
  const std::int32_t* const end = kills_.data() + kill_begin_[at + 1];
  if (k != end) {
    std::copy_n(pool + *k, w, kill);
    for (++k; k < end; ++k) {
      const Word* mask = pool + *k;
      for (std::size_t j = 0; j < w; ++j) kill[j] |= mask[j];
    }
    take_out(kill);
  }
  live_[at >> 6] &= ~(Word{1} << (place & 63));  // an option of secondary items of one color
}

void Bits::save_at(std::size_t f) {
  if (saved_pactive_.size() <= f) {
    const std::size_t frames = std::max(f + 1, saved_pactive_.size() * 2);
    saved_pactive_.resize(frames);
    saved_live_.resize(frames * words_);
  }
  Word* out = saved_live_.data() + f * words_;
  for (std::size_t w = 0; w < words_; ++w) out[w] = live_[w];
  saved_pactive_[f] = pactive_;
}

void Bits::restore(std::size_t f) noexcept {
  const Word* in = saved_live_.data() + f * words_;
  for (std::size_t w = 0; w < words_; ++w) live_[w] = in[w];
  pactive_ = saved_pactive_[f];
}

bool Bits::force(OptionId option) {
  const std::int32_t place = place_of_[static_cast<std::size_t>(option)];
  if (!live(place)) return false;
  save_at(frames_++);
  const std::uint64_t updates = stats_.updates;
  commit(place);
  stats_.updates = updates;
  return true;
}

void Bits::release_last() {
  restore(--frames_);
}

void Bits::load(std::span<const OptionId> keep, std::span<const OptionId> base) {
  load_check_.check(keep, base);
  frames_ = 0;
  std::fill(live_.begin(), live_.end(), 0);
  const auto put_in = [&](OptionId o) {
    const std::int32_t place = place_of_[static_cast<std::size_t>(o)];
    live_[static_cast<std::size_t>(place) >> 6] |= Word{1} << (place & 63);
  };
  for (OptionId o : keep) put_in(o);
  for (OptionId o : base) put_in(o);  // forced below
  reset_active();
  kept_.assign(keep.begin(), keep.end());
  base_.assign(base.begin(), base.end());
  all_ = false;
  const auto clash = [&](OptionId o) {
    load_all();
    return LoadCheck::clash(o);
  };
  for (OptionId o : base)
    if (!force(o)) throw clash(o);
  if (!base.empty())
    for (OptionId o : keep)
      if (std::find(base.begin(), base.end(), o) == base.end() &&
          !live(place_of_[static_cast<std::size_t>(o)]))
        throw clash(o);
}

void Bits::load_all() {
  frames_ = 0;
  std::fill(live_.begin(), live_.end(), ~Word{0});
  if (const std::size_t tail = place_of_.size() & 63; tail != 0)
    live_.back() = (Word{1} << tail) - 1;
  reset_active();
  kept_.clear();
  base_.clear();
  all_ = true;
}

// A seed places the options in the row in a random order and gives the primary items random
// tie-break keys; seed 0 the input's order and the cells engine's keys. What load kept stays.
void Bits::set_seed(std::uint64_t seed) {
  const auto m = place_of_.size();
  for (std::size_t o = 0; o < m; ++o) place_of_[o] = static_cast<std::int32_t>(o);
  key_ = fixed_key_;
  if (seed != 0) {
    std::uint64_t rng = seed;
    for (std::size_t i = m; i > 1; --i)
      std::swap(place_of_[i - 1], place_of_[static_cast<std::size_t>(uniform(rng, i))]);
    std::vector<std::pair<std::uint64_t, std::int32_t>> order;
    for (std::int32_t p = 0; p < primaries_; ++p) order.emplace_back(next_random(rng), p);
    std::sort(order.begin(), order.end());
    for (std::size_t k = 0; k < order.size(); ++k)
      key_[static_cast<std::size_t>(order[k].second)] = k;
  }
  lay_out();
  if (all_) {
    load_all();
  } else {
    const std::vector<OptionId> keep = kept_, base = base_;
    load(keep, base);
  }
}

Branch Bits::next_branch() {
  Branch branch;
  const std::int32_t x = choose().item;
  if (x < 0) return branch;
  const ItemId item = item_of_[static_cast<std::size_t>(x)];
  branch.item = item;
  const Word* mask = pool_.data() + static_cast<std::size_t>(item) * words_;
  for (std::size_t w = 0; w < words_; ++w)
    for (Word r = live_[w] & mask[w]; r != 0; r &= r - 1)
      branch.options.push_back(
          option_at_[(w << 6) + static_cast<std::size_t>(std::countr_zero(r))]);
  return branch;
}

std::vector<std::vector<OptionId>> Bits::path_options() const {
  std::vector<std::vector<OptionId>> path;
  for (std::uint32_t l = 0; l < reported_level_; ++l) {
    std::vector<OptionId>& options = path.emplace_back();
    for (std::int32_t k = level_at_[l]; k < level_end_[l]; ++k)
      options.push_back(option_at_[static_cast<std::size_t>(stack_[static_cast<std::size_t>(k)])]);
  }
  return path;
}

void Bits::report(std::uint32_t level, const ProgressCallback& progress) {
  reported_level_ = level;
  path_.clear();
  for (std::uint32_t l = 0; l < level; ++l) {
    const PathStep step{static_cast<std::uint32_t>(level_at_[l] - level_begin_[l] + 1),
                        static_cast<std::uint32_t>(level_end_[l] - level_begin_[l])};
    path_.push_back(step);
  }
  progress(Progress{stats_, path_, detail::explored(path_)});
}

// The search, as the cells engine's: each level saves the row and the counts once its item's
// options are out, and backing up to try the level's next option copies them back.
Result Bits::search(const Visitor& visit, std::span<const OptionId> prefix, const Limits& limits,
                    const std::atomic<bool>* stop, std::uint64_t progress_every,
                    const ProgressCallback& progress) {
  std::fill_n(profile_.begin(), last_depth_ + 1, 0);
  stats_ = Stats{};
  const std::size_t f0 = frames_;  // the frame that puts everything back at the end
  save_at(f0 + static_cast<std::size_t>(primaries_) + 1);  // room for every level's
  save_at(f0);
  stack_.clear();
  std::uint64_t next_progress = progress_every;
  Outcome outcome = Outcome::exhausted;
  std::uint32_t level = 0;
  Least least;
  std::int32_t at = 0;
  solution_.assign(prefix.begin(), prefix.end());
  const std::size_t fixed = solution_.size();
  auto finish = [&]() noexcept {
    restore(f0);
    last_depth_ = stats_.max_depth;
  };

forward:
  if (words_ > short_row) {
    least = choose(guess_[level]);  // an empty item found ends the count: no node either way
    guess_[level] = least.item;
  } else {
    least = choose();
  }
  if (least.count == 0 && level > 0) {  // the last choice left an item without options
    --level;
    at = level_at_[level];
    goto abort;
  }
  if (level > stats_.max_depth) stats_.max_depth = level;
  if (least.item < 0) {
    ++stats_.nodes;  // a solution counts as a node of the search tree
    ++profile_[level];
    ++stats_.solutions;
    if (visit) {
      solution_.resize(fixed + level);
      for (std::uint32_t l = 0; l < level; ++l)
        solution_[fixed + l] =
            option_at_[static_cast<std::size_t>(stack_[static_cast<std::size_t>(level_at_[l])])];
    }
    outcome = after_solution(visit, solution_, stats_, limits, stop, [&] { finish(); });
    if (outcome != Outcome::exhausted) goto done;
    goto backup;
  }
  outcome = spent(stats_, limits, stop);
  if (outcome != Outcome::exhausted) goto done;
  if (progress_every != 0 && stats_.updates >= next_progress) {
    try {
      report(level, progress);
    } catch (...) {
      finish();
      throw;
    }
    next_progress = stats_.updates + progress_every;
  }
  ++stats_.nodes;
  ++profile_[level];
  if (least.count <= 1) {
    if (least.count == 0) goto backup;  // a dead end (the root's)
    ++stats_.forced;                    // a forced move, as propagation's singles count them
  }
  level_begin_[level] = static_cast<std::int32_t>(stack_.size());
  take_out_level(least.item, least.count);
  level_end_[level] = static_cast<std::int32_t>(stack_.size());
  save_at(f0 + 1 + level);
  at = level_begin_[level];

advance:
  if (at >= level_end_[level]) goto backup;
  level_at_[level] = at;
  commit(stack_[static_cast<std::size_t>(at)]);
  ++level;
  goto forward;

backup:
  if (level == 0) goto done;
  --level;
  at = level_at_[level];
  stack_.resize(static_cast<std::size_t>(level_end_[level]));

abort:
  if (at + 1 >= level_end_[level]) goto backup;
  restore(f0 + 1 + level);
  ++at;
  goto advance;

done:
  finish();
  return Result{outcome, stats_};
}

}  // namespace dlx::detail
