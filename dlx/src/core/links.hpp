// The link procedures of dlx::Solver's searches (Algorithms X and C, plain and propagating): its
// cover and commit over the core's (table.hpp), DLX1's hide with the log that puts hidden nodes
// back (undo_to), and the scans of the item lengths that find the item to branch on. The data
// layout is described at the top of solver.cpp and in table.hpp.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "dlx/random.hpp"
#include "dlx/solver.hpp"
#include "table.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// On x86-64, the unseeded MRV scans also have a copy on 256-bit vectors (AVX2), chosen at run
// time where the processor has them (the build's x86-64 baseline has SSE2 only).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__)
#define DLX_WIDE_SCAN 1
#else
#define DLX_WIDE_SCAN 0
#endif

namespace dlx {

namespace detail {

#if DLX_WIDE_SCAN
// Whether the processor runs wide_choice.
bool has_wide_scan() noexcept;
// choose_item's unseeded rule on 8 keys a vector: the index in key[0..n) of the first key at most
// `good_enough` when good_enough is above Solver::active_bit and one is, else of the first of
// the least keys (which the caller makes sure is an active item's). n is a multiple of 8.
std::int32_t wide_choice(const std::int32_t* key, std::int32_t n,
                         std::int32_t good_enough) noexcept;
#endif

// Item lengths are scanned as signed keys (see Solver::active_bit): an active item's key is
// negative and grows with its length, a covered item's is not negative. The scans read 8 keys at
// a time, so n is a multiple of 8.

// The least of key[0..n) and `least`.
inline std::int32_t least_key(const std::int32_t* key, std::int32_t n,
                              std::int32_t least) noexcept {
  std::int32_t i = 0;
#if defined(__SSE2__)
  __m128i a = _mm_set1_epi32(least), b = a;
  for (; i < n; i += 8) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key + i));
    const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key + i + 4));
    const __m128i va = _mm_cmpgt_epi32(a, v), wb = _mm_cmpgt_epi32(b, w);
    a = _mm_or_si128(_mm_and_si128(va, v), _mm_andnot_si128(va, a));
    b = _mm_or_si128(_mm_and_si128(wb, w), _mm_andnot_si128(wb, b));
  }
  alignas(16) std::int32_t lanes[8];
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes), a);
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes + 4), b);
  return *std::min_element(lanes, lanes + 8);
#else
  for (; i < n; ++i) least = std::min(least, key[i]);
  return least;
#endif
}

// The index of the first of key[0..n) that is at most `bound`, or n when none is: one comparison
// per key, for the search of a forced move, which finds one at most nodes of a sudoku.
inline std::int32_t find_at_most(const std::int32_t* key, std::int32_t n,
                                 std::int32_t bound) noexcept {
  std::int32_t i = 0;
#if defined(__SSE2__)
  const __m128i limit = _mm_set1_epi32(bound);
  for (; i < n; i += 8) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key + i));
    const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key + i + 4));
    // Two bytes per key, set when the key is above the bound.
    const auto above = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_packs_epi32(_mm_cmpgt_epi32(v, limit), _mm_cmpgt_epi32(w, limit))));
    if (above != 0xFFFF) return i + std::countr_one(above) / 2;
  }
#else
  for (; i < n && key[i] > bound; ++i) {
  }
#endif
  return i;
}

// The index of the first of key[0..) that is at most `bound`; there must be one.
inline std::int32_t first_at_most(const std::int32_t* key, std::int32_t bound) noexcept {
  std::int32_t i = 0;
#if defined(__SSE2__)
  const __m128i limit = _mm_set1_epi32(bound);
  for (;; i += 4) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key + i));
    const int above = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpgt_epi32(v, limit)));
    if (above != 0xF) return i + std::countr_one(static_cast<unsigned>(above));
  }
#else
  while (key[i] > bound) ++i;
  return i;
#endif
}

}  // namespace detail

// The view of the table that the procedures of core/table.hpp work on (no list of open items:
// an active item is marked by the sign bit of its length).
inline detail::Table<Solver::Link> Solver::table() noexcept {
  return {links_.data(), top_.data(), color_.data(), len_.data()};
}

// DLX1's hide without colors: every other node of the option goes, so the updates are counted
// once per option, and each node goes on the log (undo_to puts it back). The two runs of
// detail::hide, written out with the log.
inline void Solver::hide_logged(std::int32_t node) noexcept {
  Link* ln = links_.data();
  const std::int32_t* top = top_.data();
  std::int32_t* len = len_.data();
  std::int32_t* log = log_.data();
  std::int32_t logged = log_top_;
  const auto unlink = [&](std::int32_t q, std::int32_t item) {
    log[logged++] = q;
    detail::unlink(ln, q);
    --len[item];
  };
  std::int32_t q = node + 1;
  for (std::int32_t item = top[q]; item > 0; item = top[++q]) unlink(q, item);
  const std::int32_t first = ln[q].up;
  stats_.updates += static_cast<std::uint64_t>(q - first - 1);
  for (q = first; q != node; ++q) unlink(q, top[q]);
  log_top_ = logged;
}

// Covers an item: inactive, its options hidden (with colors by the core's cover, which counts
// the item's update too).
template <bool Colors>
inline void Solver::cover(std::int32_t item) noexcept {
  len_[static_cast<std::size_t>(item)] ^= active_bit;
  active_ -= item <= primaries_;
  if constexpr (Colors) {
    stats_.updates += detail::cover(table(), item);
  } else {
    ++stats_.updates;
    const Link* ln = links_.data();
    for (std::int32_t p = ln[item].down; p != item; p = ln[p].down) hide_logged(p);
  }
}

// Undoes a cover with colors (without them, undo_to and activate do).
inline void Solver::uncover(std::int32_t item) noexcept {
  detail::uncover(table(), item);
  len_[static_cast<std::size_t>(item)] ^= active_bit;
  active_ += item <= primaries_;
}

template <bool Colors>
[[gnu::always_inline]] inline void Solver::commit(std::int32_t node) noexcept {
  const std::int32_t c = color_[static_cast<std::size_t>(node)];
  if (!Colors || c == 0) {
    cover<Colors>(top_[static_cast<std::size_t>(node)]);
  } else if (c > 0) {
    std::uint64_t marked = 0;
    stats_.updates += detail::purify(table(), node, marked);
  }
}

template <bool Colors>
[[gnu::always_inline]] inline void Solver::uncommit(std::int32_t node) noexcept {
  const std::int32_t c = color_[static_cast<std::size_t>(node)];
  if (!Colors || c == 0)
    uncover(top_[static_cast<std::size_t>(node)]);
  else if (c > 0)
    detail::unpurify(table(), node);
}

// Covers the items of a chosen option other than the one branched on, left to right.
template <bool Colors>
inline void Solver::cover_others(std::int32_t node) noexcept {
  // Two runs, from the node to the option's end and from its start (the spacer's up) back to the
  // node, so that only the first looks for the spacer; written out, as activate_others is.
  const std::int32_t* top = top_.data();
  std::int32_t p = node + 1;
  for (; top[p] > 0; ++p) commit<Colors>(p);
  for (p = links_[static_cast<std::size_t>(p)].up; p != node; ++p) commit<Colors>(p);
}

// Undoes cover_others, right to left.
template <bool Colors>
inline void Solver::uncover_others(std::int32_t node) noexcept {
  for (std::int32_t p = node - 1; p != node;) {
    if (top_[static_cast<std::size_t>(p)] <= 0) {
      p = links_[static_cast<std::size_t>(p)].down;
    } else {
      uncommit<Colors>(p);
      --p;
    }
  }
}

// Puts back the nodes hidden since the log held `mark`, the last first: each list gets its
// nodes back in the reverse order of their removal, which is what uncovering does, in one loop
// over an array instead of walks whose ends the processor cannot foresee.
inline void Solver::undo_to(std::int32_t mark) noexcept {
  Link* ln = links_.data();
  const std::int32_t* top = top_.data();
  std::int32_t* len = len_.data();
  const std::int32_t* log = log_.data();
  for (std::int32_t at = log_top_; at != mark;) {
    const std::int32_t q = log[--at];
    const Link x = ln[q];
    ln[x.up].down = q;
    ln[x.down].up = q;
    ++len[top[q]];
  }
  log_top_ = mark;
}

// An item covered without colors made active again (its options come back by undo_to).
inline void Solver::activate(std::int32_t item) noexcept {
  len_[static_cast<std::size_t>(item)] ^= active_bit;
  active_ += item <= primaries_;
}

// The items of node's option but node's own made active again, in the two runs of
// cover_others, written out: a callback is not inlined by every build (the sanitizers' -O1),
// with the count of active primary items in a local.
inline void Solver::activate_others(std::int32_t node) noexcept {
  std::int32_t* len = len_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t primaries = primaries_;
  std::int32_t active = active_;
  std::int32_t p = node + 1;
  for (std::int32_t item = top[p]; item > 0; item = top[++p]) {
    len[item] ^= active_bit;
    active += item <= primaries;
  }
  for (p = links_[static_cast<std::size_t>(p)].up; p != node; ++p) {
    const std::int32_t item = top[p];
    len[item] ^= active_bit;
    active += item <= primaries;
  }
  active_ = active;
}

// The MRV rule of DLX1: fewest options left, ties to the leftmost (or a random one if seeded).
// The caller makes sure that an item is active.
inline std::int32_t Solver::choose_item() noexcept {
  const std::int32_t* key = len_.data();
  const std::int32_t good_enough = active_bit + (take_first_single_ ? 1 : 0);
  if (seed_ == 0) {
#if DLX_WIDE_SCAN
    if (wide_scan_) return 1 + detail::wide_choice(key + 1, padded_, good_enough);
#endif
    // With take_first_single, first the leftmost item with at most one option, if any.
    if (good_enough != active_bit) {
      const std::int32_t single = detail::find_at_most(key + 1, padded_, good_enough);
      if (single != padded_) return 1 + single;
    }
    // The hot case of DLX1's rule, in two passes without unpredictable branches: the fewest
    // options, then the leftmost item with that many.
    return 1 + detail::first_at_most(key + 1, detail::least_key(key + 1, padded_, 0));
  }
  std::int32_t best = 0, fewest = 0;
  std::uint64_t ties = 0;
  for (std::int32_t c = 1; fewest > good_enough && c <= primaries_; ++c) {
    const std::int32_t l = key[c];
    if (l >= 0) continue;  // covered
    if (l < fewest) {
      best = c;
      fewest = l;
      ties = 1;
    } else if (l == fewest && uniform(rng_, ++ties) == 0) {
      best = c;
    }
  }
  return best;
}

}  // namespace dlx
