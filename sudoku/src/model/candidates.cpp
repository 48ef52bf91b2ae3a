#include "sudoku/model/candidates.hpp"

#include <algorithm>
#include <bit>

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace sudoku {

namespace {

// Calls f(i) for i from 0 to n - 1, unrolled for the houses of a regular grid's cell (3).
template <typename F>
void each_of(int n, F&& f) {
  if (n == 3) {
    f(0);
    f(1);
    f(2);
  } else {
    for (int i = 0; i < n; ++i) f(i);
  }
}

// The digits seen in at least one (`once`) and in at least two (`twice`) of n cells.
void count_digits(const Mask* masks, const std::uint16_t* cells, int n, Mask& once, Mask& twice) {
  int i = 0;
  once = 0;
  twice = 0;
#if defined(__SSE2__) && defined(__x86_64__)
  // Two cells at a time, one per 64-bit lane, the lanes merged at the end: fewer instructions
  // than a cell at a time (docs/history/2026-12-01.md, "notes moved from the code").
  __m128i o = _mm_setzero_si128(), t = o;
  const auto pair = [&](int at) {
    const __m128i m = _mm_set_epi64x(static_cast<long long>(masks[cells[at + 1]]),
                                     static_cast<long long>(masks[cells[at]]));
    t = _mm_or_si128(t, _mm_and_si128(o, m));
    o = _mm_or_si128(o, m);
  };
  for (; i + 4 <= n; i += 4) {
    pair(i);
    pair(i + 2);
  }
  if (i + 2 <= n) {
    pair(i);
    i += 2;
  }
  const auto o0 = static_cast<Mask>(_mm_cvtsi128_si64(o));
  const auto o1 = static_cast<Mask>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(o, o)));
  const auto t0 = static_cast<Mask>(_mm_cvtsi128_si64(t));
  const auto t1 = static_cast<Mask>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(t, t)));
  once = o0 | o1;
  twice = t0 | t1 | (o0 & o1);
  if (i < n) {
    const Mask m = masks[cells[i]];
    twice |= once & m;
    once |= m;
  }
#else
  for (; i < n; ++i) {
    const Mask m = masks[cells[i]];
    twice |= once & m;
    once |= m;
  }
#endif
}

#if defined(__SSE2__) && defined(__x86_64__)
// Adds two masks, one per lane, to the digits seen once (o) and twice (t) per lane.
inline void add_pair(__m128i m, __m128i& o, __m128i& t) {
  t = _mm_or_si128(t, _mm_and_si128(o, m));
  o = _mm_or_si128(o, m);
}
inline Mask low(__m128i v) {
  return static_cast<Mask>(_mm_cvtsi128_si64(v));
}
inline Mask high(__m128i v) {
  return static_cast<Mask>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)));
}

// count_digits() for the cells of a rectangle (`rows` runs of `cols` adjacent masks, `stride`
// apart), read straight from the masks. Rows and Cols > 0 fix the shape (unrolled).
template <int Rows = 0, int Cols = 0>
void count_rectangle(const Mask* first, int rows, int cols, int stride, Mask& once, Mask& twice) {
  if constexpr (Rows > 0) rows = Rows;
  if constexpr (Cols > 0) cols = Cols;
  __m128i o = _mm_setzero_si128(), t = o;
  for (int r = 0; r < rows; ++r, first += stride) {
    int j = 0;
    for (; j + 2 <= cols; j += 2)
      add_pair(_mm_loadu_si128(reinterpret_cast<const __m128i*>(first + j)), o, t);
    if (j < cols) add_pair(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(first + j)), o, t);
  }
  const Mask o0 = low(o), o1 = high(o);
  once = o0 | o1;
  twice = low(t) | high(t) | (o0 & o1);
}

// count_digits() for two adjacent columns of `rows` cells at once, the left one in lane 0; Rows > 0
// fixes their height (unrolled).
template <int Rows = 0>
void count_columns(const Mask* top, int rows, int stride, Mask& once0, Mask& twice0, Mask& once1,
                   Mask& twice1) {
  if constexpr (Rows > 0) rows = Rows;
  __m128i o = _mm_setzero_si128(), t = o;
  for (int r = 0; r < rows; ++r, top += stride)
    add_pair(_mm_loadu_si128(reinterpret_cast<const __m128i*>(top)), o, t);
  once0 = low(o);
  twice0 = low(t);
  once1 = high(o);
  twice1 = high(t);
}
#endif

}  // namespace

Candidates::Candidates(const Geometry& geometry) : geometry_(&geometry) {
  all_ = geometry.size() == 64 ? ~Mask{0} : (Mask{1} << geometry.size()) - 1;
  // One more house than there are, where the padding of the flat house lists
  // (Geometry::padded_houses_of) points; and one more mask, which stays empty.
  masks_.assign(static_cast<std::size_t>(geometry.cell_count()) + 1, all_);
  masks_.back() = 0;
  values_.assign(static_cast<std::size_t>(geometry.cell_count()), 0);
  open_ = geometry.cell_count();
  placed_.assign(geometry.houses().size() + 1, 0);
  queue_.assign(static_cast<std::size_t>(geometry.cell_count()) + 1, 0);
  const int n = geometry.size();
  words_ = geometry.cell_words();
  boards_.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(words_), 0);
  seen_.assign(boards_.size(), 0);
  open_cells_.assign(static_cast<std::size_t>(words_), 0);
  every_cell_.assign(static_cast<std::size_t>(words_), 0);
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    every_cell_[static_cast<std::size_t>(cell >> 6)] |= std::uint64_t{1} << (cell & 63);
  for (int d = 0; d < n; ++d)
    std::copy(every_cell_.begin(), every_cell_.end(), boards_.begin() + d * words_);
  const auto& houses = geometry.houses();
  const auto count = static_cast<int>(houses.size());
  // Each house's shape: its bounding box holds it exactly when it is as large as the house.
  std::vector<Run> shape(static_cast<std::size_t>(count));
  corner_.assign(static_cast<std::size_t>(count), 0);
  for (int h = 0; h < count; ++h) {
    int top = geometry.height(), bottom = -1, left = geometry.width(), right = -1;
    for (int cell : houses[static_cast<std::size_t>(h)].cells) {
      top = std::min(top, geometry.row_of(cell));
      bottom = std::max(bottom, geometry.row_of(cell));
      left = std::min(left, geometry.column_of(cell));
      right = std::max(right, geometry.column_of(cell));
    }
    [[maybe_unused]] const int rows = bottom - top + 1, cols = right - left + 1;
    corner_[static_cast<std::size_t>(h)] = geometry.square() ? top * n + left : 0;
#if defined(__SSE2__) && defined(__x86_64__)
    // The rectangles are read row by row from the cell bits: on a square grid only.
    if (rows * cols == n && geometry.square())
      shape[static_cast<std::size_t>(h)] = {Run::rectangles, rows, cols, h, h + 1};
#endif
  }
  // Two columns side by side are read as one pair; then runs of consecutive houses alike.
  for (int h = 0; h < count;) {
    Run unit = shape[static_cast<std::size_t>(h)];
    unit.first = h;
    unit.end = h + 1;
    if (h + 1 < count && unit.kind == Run::rectangles && unit.cols == 1) {
      const Run& next = shape[static_cast<std::size_t>(h) + 1];
      if (next.kind == Run::rectangles && next.cols == 1 &&
          corner_[static_cast<std::size_t>(h) + 1] == corner_[static_cast<std::size_t>(h)] + 1) {
        unit.kind = Run::column_pairs;
        unit.end = h + 2;
      }
    }
    if (!runs_.empty() && runs_.back().kind == unit.kind && runs_.back().rows == unit.rows &&
        runs_.back().cols == unit.cols)
      runs_.back().end = unit.end;
    else
      runs_.push_back(unit);
    h = unit.end;
  }
}

bool Candidates::reset(const Grid& givens) {
  const int cells = geometry_->cell_count();
  Mask* const masks = masks_.data();
  Mask* const placed = placed_.data();
  std::fill(placed_.begin(), placed_.end(), 0);
  // The givens' digits per house first (two in one house clash), then each open cell's candidates
  // from its houses: as assign() on every given would leave them, with a few operations per cell
  // instead of a pass over the peers of every given. The singles this leaves are queued for
  // propagate_singles(), not placed, so that a failure here means a clash and nothing else.
  const int words = words_;
  std::uint64_t* const boards = boards_.data();
  std::uint64_t* const seen = seen_.data();        // per digit, the peers of its givens
  std::uint64_t* const open = open_cells_.data();  // the givens first, then the other cells
  std::fill(boards_.begin(), boards_.end(), 0);
  std::fill(seen_.begin(), seen_.end(), 0);
  std::fill(open_cells_.begin(), open_cells_.end(), 0);
  int given = 0;
  // Chess constraints and cages add peers that are no houses: their givens are read after the
  // houses'.
  const bool chess = geometry_->has_outer_peers();
  for (int cell = 0; cell < cells; ++cell) {
    const int d = givens[static_cast<std::size_t>(cell)];
    if (d == 0) continue;
    const Mask bit = digit_bit(d);
    if ((bit & all_) == 0) return false;  // no digit of this size: as assign() would refuse it
    for (int h : geometry_->houses_of(cell)) {
      if (placed[h] & bit) return false;
      placed[h] |= bit;
    }
    boards[(d - 1) * words + (cell >> 6)] |= std::uint64_t{1} << (cell & 63);
    open[cell >> 6] |= std::uint64_t{1} << (cell & 63);
    const std::uint64_t* const peers = geometry_->peer_bits(cell);
    for (int w = 0; w < words; ++w) seen[(d - 1) * words + w] |= peers[w];
    ++given;
  }
  std::copy_n(givens.begin(), cells, values_.begin());
  open_ = cells - given;
  int* const queue = queue_.data();
  int queued = 0;
  // The padding house of the flat lists holds no digit here: the loop above wrote real houses only.
  const int stride = geometry_->house_stride();
  const std::uint16_t* houses = geometry_->padded_houses_of(0);
  for (int cell = 0; cell < cells; ++cell, houses += stride) {
    if (const int d = givens[static_cast<std::size_t>(cell)]; d != 0) {
      masks[cell] = digit_bit(d);
      continue;
    }
    Mask used = 0;
    each_of(stride, [&](int i) { used |= placed[houses[i]]; });
    const Mask m = all_ & ~used;
    masks[cell] = m;
    if (m != 0 && (m & (m - 1)) == 0) queue[queued++] = cell;
  }
  if (chess) {
    // The outer peers' givens: a clash, or digits taken from the open cells (each becomes a
    // single at most once, so the queue holds every cell at most once).
    for (int cell = 0; cell < cells; ++cell) {
      const int d = givens[static_cast<std::size_t>(cell)];
      Mask used = 0;
      for (int other : geometry_->outer_peers(cell)) {
        const int e = givens[static_cast<std::size_t>(other)];
        if (d != 0 && e == d) return false;
        used |= e != 0 ? digit_bit(e) : 0;
      }
      const Mask m = masks[cell];
      if (d != 0 || (m & used) == 0) continue;
      masks[cell] = m & ~used;
      if ((m & (m - 1)) != 0 && masks[cell] != 0 && (masks[cell] & (masks[cell] - 1)) == 0)
        queue[queued++] = cell;
    }
  }
  queued_ = queued;
  // Each digit's board: its givens (above), and the open cells that see none of them, as the
  // masks have it.
  for (int w = 0; w < words; ++w) open[w] = every_cell_[static_cast<std::size_t>(w)] & ~open[w];
  for (int d = 0, n = geometry_->size(); d < n; ++d)
    for (int w = 0; w < words; ++w) boards[d * words + w] |= open[w] & ~seen[d * words + w];
  // The digits the rules forbid a cell (odd and even cells, ...); a given breaking them stays
  // (no clash of two cells: the search finds no solution, broken_rule says why).
  if (geometry_->restricts_cells()) {
    for (int cell = 0; cell < cells; ++cell) {
      const Mask m = masks[cell], keep = m & geometry_->allowed(cell);
      if (keep == m || givens[static_cast<std::size_t>(cell)] != 0) continue;
      masks[cell] = keep;
      leave(cell, m & ~keep);
      if ((m & (m - 1)) != 0 && keep != 0 && (keep & (keep - 1)) == 0) push(cell);
    }
  }
  return true;
}

void Candidates::leave(int cell, Mask digits) {
  for (; digits != 0; digits &= digits - 1)
    boards_[static_cast<std::size_t>(std::countr_zero(digits) * words_ + (cell >> 6))] &=
        ~(std::uint64_t{1} << (cell & 63));
}

void Candidates::mark_placed(int cell) {
  const Mask bit = masks_[static_cast<std::size_t>(cell)];
  Mask* const placed = placed_.data();
  const std::uint16_t* const houses = geometry_->padded_houses_of(cell);
  each_of(geometry_->house_stride(), [&](int i) { placed[houses[i]] |= bit; });
}

void Candidates::push(int cell) {
  // Room for this cell and for every later first-time single (at most one per cell), which the
  // hot paths queue without a check.
  const auto needed = static_cast<std::size_t>(queued_ + geometry_->cell_count() + 1);
  if (queue_.size() < needed) queue_.resize(2 * needed);
  queue_[static_cast<std::size_t>(queued_++)] = cell;
}

bool Candidates::place(int cell, int digit) {
  const Mask bit = digit_bit(digit);
  if ((masks_[static_cast<std::size_t>(cell)] & bit) == 0) return false;
  if (values_[static_cast<std::size_t>(cell)] != 0)
    return values_[static_cast<std::size_t>(cell)] == digit;
  push(cell);
  leave(cell, masks_[static_cast<std::size_t>(cell)] & ~bit);
  masks_[static_cast<std::size_t>(cell)] = bit;
  return settle();
}

bool Candidates::assign(int cell, int digit) {
  const Mask bit = digit_bit(digit);
  Mask* const masks = masks_.data();
  auto& value = values_[static_cast<std::size_t>(cell)];
  if ((masks[cell] & bit) == 0 || value != 0) return false;
  leave(cell, masks[cell] & ~bit);
  masks[cell] = bit;
  value = static_cast<std::uint8_t>(digit);
  --open_;
  mark_placed(cell);
  int* const queue = queue_.data();
  int queued = queued_;
  std::uint64_t* const board = boards_.data() + (digit - 1) * words_;
  const std::uint64_t* const peers = geometry_->peer_bits(cell);
  for (int w = 0; w < words_; ++w) {
    std::uint64_t holding = board[w] & peers[w];  // the peers that have the digit
    board[w] &= ~holding;
    for (; holding != 0; holding &= holding - 1) {
      const int peer = w * 64 + std::countr_zero(holding);
      const Mask left = masks[peer] & ~bit;
      masks[peer] = left;
      if (left != 0 && (left & (left - 1)) == 0) queue[queued++] = peer;  // for propagate_singles()
    }
  }
  queued_ = queued;
  return true;
}

// Each queued cell has one candidate left: place it and take it from the peers.
bool Candidates::settle() {
  Mask* const masks = masks_.data();
  int* const queue = queue_.data();
  std::uint8_t* const values = values_.data();
  std::uint64_t* const boards = boards_.data();
  const int words = words_;
  int queued = queued_;
  while (queued > 0) {
    const int cell = queue[--queued];
    if (values[cell] != 0) continue;
    const Mask bit = masks[cell];
    if (bit == 0) {  // emptied after it was queued
      queued_ = queued;
      return false;
    }
    const int digit = std::countr_zero(bit);
    values[cell] = static_cast<std::uint8_t>(digit + 1);
    --open_;
    mark_placed(cell);
    // The peers that still have the digit, straight from its board: no test of the others, and no
    // branch per peer (each is queued when it has just become a single, without a test).
    std::uint64_t* const board = boards + digit * words;
    const std::uint64_t* const peers = geometry_->peer_bits(cell);
    bool emptied = false;
    for (int w = 0; w < words; ++w) {
      std::uint64_t holding = board[w] & peers[w];
      board[w] &= ~holding;
      for (; holding != 0; holding &= holding - 1) {
        const int peer = w * 64 + std::countr_zero(holding);
        const Mask left = masks[peer] & ~bit;
        masks[peer] = left;
        queue[queued] = peer;
        queued += (left != 0) & ((left & (left - 1)) == 0);
        emptied |= left == 0;
      }
    }
    if (emptied) {
      queued_ = queued;
      return false;
    }
  }
  queued_ = 0;
  return true;
}

// Places the digits that have one place left in a house; false on a contradiction.
bool Candidates::place_hidden(int house, Mask hidden) {
  // Each digit's place, from its board: the one cell of the house that has it. The digits were
  // counted before earlier placements of this pass, so a digit may have been placed since (its
  // only place then holds it) or have lost its place (a contradiction), or two of them may have
  // needed the same cell (the first placed takes the place of the second: the same).
  const std::uint64_t* const in_house = geometry_->house_bits(house);
  for (; hidden != 0; hidden &= hidden - 1) {
    const int digit = std::countr_zero(hidden);
    const std::uint64_t* const board = boards_.data() + digit * words_;
    int cell = -1;
    for (int w = 0; w < words_; ++w) {
      const std::uint64_t x = board[w] & in_house[w];
      cell = x != 0 ? w * 64 + std::countr_zero(x) : cell;
    }
    if (cell < 0) return false;
    if (values_[static_cast<std::size_t>(cell)] != 0) continue;
    const Mask bit = Mask{1} << digit;
    leave(cell, masks_[static_cast<std::size_t>(cell)] & ~bit);
    masks_[static_cast<std::size_t>(cell)] = bit;
    queue_[0] = cell;  // settle() left the queue empty
    queued_ = 1;
    if (!settle()) return false;
  }
  return true;
}

bool Candidates::propagate_singles() {
  if (!settle()) return false;
  const int n = geometry_->size();
  const Mask* const masks = masks_.data();
  [[maybe_unused]] const int* const corner = corner_.data();
  const Mask* const placed = placed_.data();
  bool changed = true;
  // Digits seen in at least one and in at least two cells of house h, placed ones included: a
  // placed digit is a candidate of no other cell of the house, so it is seen once, and `placed`
  // takes it out of the hidden singles. Places those; false on a contradiction.
  const auto look = [&](int h, Mask once, Mask twice) {
    if (once != all_) return false;  // some digit has no place left in this house
    const Mask hidden = once & ~twice & ~placed[h];
    if (hidden == 0) return true;
    changed = true;
    return place_hidden(h, hidden);
  };
  // Counts each house of a run with `count` and looks at it; false on a contradiction. Houses
  // already full are counted too: skipping them cost more in branch misses than it saved.
  const auto sweep = [&](const Run& run, auto count) {
    for (int h = run.first; h < run.end; ++h) {
      Mask once, twice;
      count(h, once, twice);
      if (!look(h, once, twice)) return false;
    }
    return true;
  };
  while (changed && open_ > 0) {
    changed = false;
    for (const Run& run : runs_) {
      bool ok = true;
#if defined(__SSE2__) && defined(__x86_64__)
      if (run.kind == Run::column_pairs) {
        for (int h = run.first; ok && h < run.end; h += 2) {
          // Both columns counted before either is looked at: after a placement in the left one
          // the right one's counts may be out of date, which only delays what they show to the
          // next pass (a placement makes one; candidates only shrink, and look() reads the
          // masks).
          Mask once0, twice0, once1, twice1;
          if (n == 9)
            count_columns<9>(masks + corner[h], n, n, once0, twice0, once1, twice1);
          else
            count_columns(masks + corner[h], n, n, once0, twice0, once1, twice1);
          ok = look(h, once0, twice0) && look(h + 1, once1, twice1);
        }
      } else if (run.kind == Run::rectangles) {
        // The shapes of a 9x9 grid's rows, boxes and windows unrolled, any other in loops.
        if (run.rows == 1 && run.cols == 9)
          ok = sweep(run, [&](int h, Mask& once, Mask& twice) {
            count_rectangle<1, 9>(masks + corner[h], 1, 9, n, once, twice);
          });
        else if (run.rows == 3 && run.cols == 3)
          ok = sweep(run, [&](int h, Mask& once, Mask& twice) {
            count_rectangle<3, 3>(masks + corner[h], 3, 3, n, once, twice);
          });
        else
          ok = sweep(run, [&](int h, Mask& once, Mask& twice) {
            count_rectangle(masks + corner[h], run.rows, run.cols, n, once, twice);
          });
      } else
#endif
        ok = sweep(run, [&](int h, Mask& once, Mask& twice) {
          count_digits(masks, geometry_->house_cells(h), n, once, twice);
        });
      if (!ok) return false;
    }
  }
  return true;
}

}  // namespace sudoku
