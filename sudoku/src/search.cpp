#include "search.hpp"

#include <algorithm>
#include <bit>
#include <iterator>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudoku::detail {

Search::Search(const Geometry& geometry)
    : n_(geometry.size()),
      cells_(geometry.cell_count()),
      items_(static_cast<std::int32_t>(geometry.cell_count() +
                                       geometry.houses().size() * geometry.size())) {
  padded_ = (items_ + 7) / 8 * 8;
  stride_ = geometry.house_stride() + 1;
  const auto options = static_cast<std::size_t>(cells_ * n_);
  option_items_.assign(options * static_cast<std::size_t>(stride_), 0);
  option_size_.assign(options, 0);
  std::size_t nodes = static_cast<std::size_t>(items_);
  for (int cell = 0; cell < cells_; ++cell)
    for (int d = 0; d < n_; ++d) {
      const auto o = static_cast<std::size_t>(cell * n_ + d);
      std::int32_t* items = option_items_.data() + o * static_cast<std::size_t>(stride_);
      int k = 0;
      items[k++] = cell;
      for (int h : geometry.houses_of(cell)) items[k++] = cells_ + h * n_ + d;
      option_size_[o] = static_cast<std::uint8_t>(k);
      nodes += static_cast<std::size_t>(k);
    }
  up_.resize(nodes);
  down_.resize(nodes);
  top_.resize(nodes);
  row_.resize(nodes);
  row_first_.resize(options + 1);
  row_id_.resize(options);
  len_.assign(static_cast<std::size_t>(padded_), covered_bit);
  queue_.resize(nodes + static_cast<std::size_t>(items_));
  levels_.resize(static_cast<std::size_t>(cells_) + 1);
  chosen_.resize(static_cast<std::size_t>(cells_) + 1);

  // The segments, and per cell those that hold it.
  const auto& houses = geometry.houses();
  std::vector<std::vector<std::int32_t>> of_cell(static_cast<std::size_t>(cells_));
  for (std::size_t a = 0; a < houses.size(); ++a)
    for (std::size_t b = a + 1; b < houses.size(); ++b) {
      std::vector<int> common;
      std::set_intersection(houses[a].cells.begin(), houses[a].cells.end(), houses[b].cells.begin(),
                            houses[b].cells.end(), std::back_inserter(common));
      if (common.size() < 2) continue;
      for (int cell : common) of_cell[static_cast<std::size_t>(cell)].push_back(segments_);
      seg_house_.push_back(static_cast<std::int32_t>(a));
      seg_house_.push_back(static_cast<std::int32_t>(b));
      ++segments_;
    }
  for (const auto& list : of_cell)
    seg_stride_ = std::max(seg_stride_, static_cast<std::int32_t>(list.size()));
  const std::int32_t sink = segments_ * n_;  // the counter no test reads
  seg_count_.assign(static_cast<std::size_t>(sink) + 1, 0);
  option_segs_.assign(options * static_cast<std::size_t>(seg_stride_), sink);
  for (int cell = 0; cell < cells_; ++cell)
    for (int d = 0; d < n_; ++d) {
      const auto& list = of_cell[static_cast<std::size_t>(cell)];
      for (std::size_t j = 0; j < list.size(); ++j)
        option_segs_[static_cast<std::size_t>(cell * n_ + d) *
                         static_cast<std::size_t>(seg_stride_) +
                     j] = list[j] * n_ + d;
    }
  trail_.reserve(options);
}

void Search::load(std::span<const dlx::OptionId> keep, std::span<const dlx::OptionId> base) {
  std::int32_t* up = up_.data();
  std::int32_t* down = down_.data();
  std::int32_t* top = top_.data();
  std::int32_t* row = row_.data();
  std::int32_t* len = len_.data();
  for (std::int32_t i = 0; i < items_; ++i) {
    up[i] = down[i] = i;
    len[i] = 0;
  }
  active_ = items_;
  const auto stride = static_cast<std::size_t>(stride_);
  for (dlx::OptionId o : base) {
    const std::int32_t* items = option_items_.data() + static_cast<std::size_t>(o) * stride;
    for (int k = 0, size = option_size_[static_cast<std::size_t>(o)]; k < size; ++k)
      len[items[k]] = covered_bit;
    active_ -= option_size_[static_cast<std::size_t>(o)];
  }
  std::int32_t node = items_, rows = 0;
  for (dlx::OptionId o : keep) {
    const std::int32_t* items = option_items_.data() + static_cast<std::size_t>(o) * stride;
    row_first_[static_cast<std::size_t>(rows)] = node;
    row_id_[static_cast<std::size_t>(rows)] = o;
    for (int k = 0, size = option_size_[static_cast<std::size_t>(o)]; k < size; ++k, ++node) {
      const std::int32_t item = items[k];
      const std::int32_t last = up[item];
      top[node] = item;
      row[node] = rows;
      up[node] = last;
      down[node] = item;
      down[last] = node;
      up[item] = node;
      ++len[item];
    }
    ++rows;
  }
  row_first_[static_cast<std::size_t>(rows)] = node;
  if (locked_) {
    std::fill(seg_count_.begin(), seg_count_.end(), 0);
    for (dlx::OptionId o : keep) {
      const std::int32_t* seg = option_segs_.data() + static_cast<std::ptrdiff_t>(o) * seg_stride_;
      for (std::int32_t j = 0; j < seg_stride_; ++j) ++seg_count_[static_cast<std::size_t>(seg[j])];
    }
  }
  trail_.clear();
  qhead_ = qtail_ = 0;
  for (std::int32_t i = 0; i < items_; ++i)
    if (len[i] <= 1) queue_[static_cast<std::size_t>(qtail_++)] = i;
}

void Search::remove_row(std::int32_t k) noexcept {
  std::int32_t* up = up_.data();
  std::int32_t* down = down_.data();
  std::int32_t* len = len_.data();
  for (std::int32_t q = row_first_[static_cast<std::size_t>(k)],
                    end = row_first_[static_cast<std::size_t>(k) + 1];
       q != end; ++q) {
    const std::int32_t u = up[q], d = down[q];
    down[u] = d;
    up[d] = u;
    const std::int32_t t = top_[static_cast<std::size_t>(q)];
    queue_[static_cast<std::size_t>(qtail_)] = t;
    qtail_ += --len[t] <= 1;
    ++updates_;
  }
  const std::int32_t* seg =
      option_segs_.data() +
      static_cast<std::ptrdiff_t>(row_id_[static_cast<std::size_t>(k)]) * seg_stride_;
  for (std::int32_t j = 0; j < seg_stride_; ++j) --seg_count_[static_cast<std::size_t>(seg[j])];
}

void Search::restore_row(std::int32_t k) noexcept {
  std::int32_t* up = up_.data();
  std::int32_t* down = down_.data();
  std::int32_t* len = len_.data();
  for (std::int32_t q = row_first_[static_cast<std::size_t>(k) + 1] - 1,
                    end = row_first_[static_cast<std::size_t>(k)] - 1;
       q != end; --q) {
    up[down[q]] = q;
    down[up[q]] = q;
    ++len[top_[static_cast<std::size_t>(q)]];
  }
  const std::int32_t* seg =
      option_segs_.data() +
      static_cast<std::ptrdiff_t>(row_id_[static_cast<std::size_t>(k)]) * seg_stride_;
  for (std::int32_t j = 0; j < seg_stride_; ++j) ++seg_count_[static_cast<std::size_t>(seg[j])];
}

bool Search::eliminate_locked() noexcept {
  const std::size_t before = trail_.size();
  const std::int32_t* len = len_.data();
  for (std::int32_t s = 0; s < segments_; ++s) {
    const std::int32_t a = cells_ + seg_house_[static_cast<std::size_t>(2 * s)] * n_;
    const std::int32_t b = cells_ + seg_house_[static_cast<std::size_t>(2 * s + 1)] * n_;
    const std::int32_t* count = seg_count_.data() + static_cast<std::ptrdiff_t>(s) * n_;
    for (std::int32_t d = 0; d < n_; ++d) {
      const std::int32_t c = count[d];
      const std::int32_t la = len[a + d], lb = len[b + d];
      // A covered item's length is at least covered_bit: never equal to a count.
      std::int32_t from = -1;
      if (c == la && lb > c && lb < covered_bit)
        from = b + d;
      else if (c == lb && la > c && la < covered_bit)
        from = a + d;
      if (from < 0) continue;
      // Every option of one item is in the segment: the other item's options outside it go.
      const std::int32_t counter = s * n_ + d;
      for (std::int32_t x = down_[static_cast<std::size_t>(from)]; x != from;
           x = down_[static_cast<std::size_t>(x)]) {
        const std::int32_t k = row_[static_cast<std::size_t>(x)];
        const std::int32_t* seg =
            option_segs_.data() +
            static_cast<std::ptrdiff_t>(row_id_[static_cast<std::size_t>(k)]) * seg_stride_;
        bool inside = false;
        for (std::int32_t j = 0; j < seg_stride_; ++j) inside |= seg[j] == counter;
        if (inside) continue;
        remove_row(k);
        trail_.push_back(k);
      }
    }
  }
  return trail_.size() != before;
}

std::int32_t Search::least_item() const noexcept {
  const std::int32_t* len = len_.data();
  // At a branching every active item has two options or more: the first with two is the least.
#if defined(__SSE2__)
  const __m128i two = _mm_set1_epi32(2);
  __m128i a = _mm_set1_epi32(covered_bit), b = a;
  for (std::int32_t i = 0; i < padded_; i += 8) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(len + i));
    const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(len + i + 4));
    const auto above = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_packs_epi32(_mm_cmpgt_epi32(v, two), _mm_cmpgt_epi32(w, two))));
    if (above != 0xFFFF) return i + std::countr_one(above) / 2;
    const __m128i va = _mm_cmpgt_epi32(a, v), wb = _mm_cmpgt_epi32(b, w);
    a = _mm_or_si128(_mm_and_si128(va, v), _mm_andnot_si128(va, a));
    b = _mm_or_si128(_mm_and_si128(wb, w), _mm_andnot_si128(wb, b));
  }
  alignas(16) std::int32_t lanes[8];
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes), a);
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes + 4), b);
  const std::int32_t least = *std::min_element(lanes, lanes + 8);
#else
  for (std::int32_t i = 0; i < items_; ++i)
    if (len[i] <= 2) return i;
  const std::int32_t least = *std::min_element(len, len + items_);
#endif
  if (least >= covered_bit) return -1;
  return static_cast<std::int32_t>(std::find(len, len + items_, least) - len);
}

}  // namespace sudoku::detail
