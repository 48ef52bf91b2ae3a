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
  // An item's length is at most n at a branching (covered items are not read).
  weight_.resize(static_cast<std::size_t>(n_) + 1);
  for (int l = 1; l <= n_; ++l) weight_[static_cast<std::size_t>(l)] = 4096 / (l * l);
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
  pending_.resize(queue_.size());
  stamp_.assign(static_cast<std::size_t>(items_), 0);
  levels_.resize(static_cast<std::size_t>(cells_) + 1);
  chosen_.resize(static_cast<std::size_t>(cells_) + 1);

  // Per (house, digit) item, the most cells its house shares with another house: a digit left
  // with that few places may lie in one other house (a row's in one box, a box's in one row).
  queue_at_.assign(static_cast<std::size_t>(padded_), 1);
  const auto& houses = geometry.houses();
  for (std::size_t a = 0; a < houses.size(); ++a) {
    std::size_t most = 1;
    for (std::size_t b = 0; b < houses.size(); ++b) {
      if (a == b) continue;
      std::vector<int> common;
      std::set_intersection(houses[a].cells.begin(), houses[a].cells.end(), houses[b].cells.begin(),
                            houses[b].cells.end(), std::back_inserter(common));
      most = std::max(most, common.size());
    }
    // Tests over more places rarely find them in one house (and a jigsaw region may share most
    // of its cells with a row): at most max_locked.
    most = std::min<std::size_t>(most, max_locked);
    for (int d = 0; d < n_; ++d)
      queue_at_[static_cast<std::size_t>(cells_) + a * static_cast<std::size_t>(n_) +
                static_cast<std::size_t>(d)] = static_cast<std::int32_t>(most);
  }
  log_.resize(nodes);
  probe_taken_.resize(options);
  implied_.assign(options, Implied{});
  item_house_.assign(static_cast<std::size_t>(items_), -1);
  for (std::int32_t i = cells_; i < items_; ++i)
    item_house_[static_cast<std::size_t>(i)] = (i - cells_) / n_;
  cell_houses_.assign(static_cast<std::size_t>(cells_), HouseSet{});
  if (houses.size() > 128) max_houses_exceeded_ = true;
  for (int cell = 0; cell < cells_ && !max_houses_exceeded_; ++cell)
    for (int h : geometry.houses_of(cell)) cell_houses_[static_cast<std::size_t>(cell)].set(h);
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
  log_top_ = 0;
  probe_start_ = 0;
  qhead_ = qtail_ = 0;
  phead_ = ptail_ = 0;
  if (locked_) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 0;
  }
  for (std::int32_t i = 0; i < items_; ++i)
    if (len[i] <= (locked_ ? queue_at_[static_cast<std::size_t>(i)] : 1))
      queue_[static_cast<std::size_t>(qtail_++)] = i;
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
    qtail_ += --len[t] <= queue_at_[static_cast<std::size_t>(t)];
    log_[static_cast<std::size_t>(log_top_++)] = q;
    ++updates_;
  }
}

void Search::eliminate_locked(std::int32_t t) noexcept {
  const std::int32_t* len = len_.data();
  const std::int32_t* down = down_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* row = row_.data();
  const std::int32_t* first = row_first_.data();
  const HouseSet* houses = cell_houses_.data();
  // The cell of node x's option: the option's first item.
  const auto cell_of = [&](std::int32_t x) { return top[first[row[x]]]; };
  // The houses common to every option of t (the digit is the same in all), t's own left out.
  HouseSet common = houses[cell_of(down[t])];
  for (std::int32_t r = down[down[t]]; r != t; r = down[r]) common &= houses[cell_of(r)];
  const std::int32_t h = item_house_[static_cast<std::size_t>(t)];
  common.clear(h);
  if (common.empty()) return;
  const std::int32_t places = len[t];
  for (int w = 0; w < 2; ++w)
    for (std::uint64_t bits = common.word[w]; bits != 0; bits &= bits - 1) {
      const std::int32_t u = t + (w * 64 + std::countr_zero(bits) - h) * n_;
      if (len[u] == places) continue;  // t's options are all of u's
      // u's options outside t's house go.
      for (std::int32_t x = down[u]; x != u; x = down[x]) {
        if (houses[cell_of(x)].has(h)) continue;
        const std::int32_t k = row[x];
        remove_row(k);
      }
    }
}

std::int32_t Search::weighed_item() const noexcept {
  const std::int32_t first = least_item();
  // A cell with two candidates, or else the least item as least_item finds it.
  if (first < 0 || first >= cells_ || len_[static_cast<std::size_t>(first)] != 2) return first;
  const std::int32_t* len = len_.data();
  const std::int32_t* down = down_.data();
  const std::int32_t* top = top_.data();
  const std::int32_t* row = row_.data();
  const std::int32_t* row_first = row_first_.data();
  const std::int32_t* weight = weight_.data();
  std::int32_t best = first, best_score = -1;
  for (std::int32_t i = first; i < cells_; ++i) {
    if (len[i] != 2) continue;
    // The houses' items of both candidates: the fewer places each has left, the more weight.
    std::int32_t score = 0;
    for (std::int32_t x = down[i]; x != i; x = down[x]) {
      const std::int32_t k = row[x];
      for (std::int32_t q = row_first[k] + 1; q != row_first[k + 1]; ++q)
        score += weight[len[top[q]]];
    }
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
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
