#include "logic/implications.hpp"

#include <algorithm>
#include <bit>

#include "logic/internal.hpp"

namespace sudoku::detail {

// The houses of a shape, as bits, one after the other, then each cell's peers (which the chess
// constraints and killer cages add to): with the size, what its links and groups are made of.
template <class F>
void each_shape_word(const Geometry& g, F f) {
  const int words = g.cell_words();
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h)
    for (int w = 0; w < words; ++w) f(g.house_bits(h)[w]);
  for (int cell = 0; cell < g.cell_count(); ++cell)
    for (int w = 0; w < words; ++w) f(g.peer_bits(cell)[w]);
}

void Implications::group_by(const Geometry& g, const LogicTables& tables) {
  reshape(g, &tables);
}

bool Implications::shape(const Geometry& g) {
  if (geometry_ != nullptr && digits_ == g.size() && cells_ == g.cell_count()) {
    // Tables belong to one shape; without, the shape is compared.
    if (grouped_) return false;
    bool same = shape_bits_.size() == (g.houses().size() + static_cast<std::size_t>(cells_)) *
                                          static_cast<std::size_t>(words_);
    std::size_t i = 0;
    if (same) each_shape_word(g, [&](std::uint64_t w) { same = same && shape_bits_[i++] == w; });
    if (same) return false;
  }
  reshape(g, nullptr);
  return true;
}

void Implications::reshape(const Geometry& g, const LogicTables* tables) {
  geometry_ = &g;
  grouped_ = tables != nullptr;
  shape_bits_.clear();
  if (tables == nullptr) each_shape_word(g, [&](std::uint64_t w) { shape_bits_.push_back(w); });
  digits_ = g.size();
  cells_ = g.cell_count();
  words_ = g.cell_words();
  intersections_ = tables != nullptr ? static_cast<int>(tables->intersections().size()) : 0;
  stride_ = cells_ + intersections_;
  node_words_ = (stride_ + 63) / 64;
  intersection_cells_.assign(static_cast<std::size_t>(intersections_ * words_), 0);
  overlapping_.clear();
  for (int i = 0; i < intersections_; ++i)
    for (const int cell : tables->intersections()[static_cast<std::size_t>(i)].cells)
      set_bit(intersection_cells_.data() + static_cast<std::ptrdiff_t>(i) * words_, cell);
  for (int i = 0; i < intersections_; ++i)
    for (int j = 0; j < i; ++j) {
      int shared = 0;
      for (int w = 0; w < words_; ++w)
        shared += count_of(intersection_cells_[static_cast<std::size_t>(i * words_ + w)] &
                           intersection_cells_[static_cast<std::size_t>(j * words_ + w)]);
      if (shared >= 2) overlapping_.emplace_back(i, j);
    }
  const auto nodes = static_cast<std::size_t>(digits_) * static_cast<std::size_t>(stride_);
  const auto cands = static_cast<std::size_t>(digits_) * static_cast<std::size_t>(cells_);
  masks_.assign(static_cast<std::size_t>(cells_), ~Mask{0});  // no position matches
  board_.assign(static_cast<std::size_t>(digits_ * words_), 0);
  index_.assign(cands, -1);
  live_.reserve(cands);
  linked_.assign(static_cast<std::size_t>(digits_), 0);
  present_.assign(static_cast<std::size_t>(digits_ * node_words_), 0);
  strong_.assign(nodes * static_cast<std::size_t>(node_words_), 0);
  weak_.assign(nodes * static_cast<std::size_t>(node_words_), 0);
  group_cells_.assign(static_cast<std::size_t>(digits_ * intersections_ * words_), 0);
  group_peers_.assign(group_cells_.size(), 0);
  group_list_.assign(static_cast<std::size_t>(intersections_) + 1, 0);
  live_built_ = false;
}

void Implications::load(const Candidates& c) {
  const Geometry& g = c.geometry();
  bool same = !shape(g);
  geometry_ = &g;
  for (int cell = 0; cell < cells_; ++cell) {
    const Mask m = c.value(cell) != 0 ? 0 : c.mask(cell);
    if (masks_[static_cast<std::size_t>(cell)] != m) same = false;
    masks_[static_cast<std::size_t>(cell)] = m;
  }
  if (same) return;
  std::fill(board_.begin(), board_.end(), 0);
  for (int cell = 0; cell < cells_; ++cell)
    for (Mask bits = masks_[static_cast<std::size_t>(cell)]; bits != 0; bits &= bits - 1)
      set_bit(board_.data() + static_cast<std::ptrdiff_t>(std::countr_zero(bits)) * words_, cell);
  std::fill(linked_.begin(), linked_.end(), 0);
  if (live_built_)
    for (const int x : live_) index_[static_cast<std::size_t>(x)] = -1;
  live_built_ = on_built_ = off_built_ = groups_built_ = false;
}

const std::vector<int>& Implications::live() {
  if (live_built_) return live_;
  live_.clear();
  for (int cell = 0; cell < cells_; ++cell)
    for (Mask m = masks_[static_cast<std::size_t>(cell)]; m != 0; m &= m - 1)
      live_.push_back(cell * digits_ + std::countr_zero(m));
  for (std::size_t k = 0; k < live_.size(); ++k)
    index_[static_cast<std::size_t>(live_[k])] = static_cast<int>(k);
  live_built_ = true;
  return live_;
}

void Implications::list_on() {
  if (on_built_) return;
  live();
  const Geometry& g = *geometry_;
  const int n = digits_;
  // At most the cell's other digits and the peers, per candidate: written through a pointer.
  std::size_t bound = 0;
  for (const int x : live_)
    bound += static_cast<std::size_t>(count_of(masks_[static_cast<std::size_t>(x / n)])) - 1 +
             g.peers(x / n).size();
  if (on_to_.size() < bound) on_to_.resize(bound);
  on_start_.resize(live_.size() + 1);
  on_peers_.resize(live_.size());
  int* const to = on_to_.data();
  int size = 0;
  for (std::size_t k = 0; k < live_.size(); ++k) {
    const int x = live_[k], cell = x / n, d0 = x % n;
    on_start_[k] = size;
    for (Mask m = masks_[static_cast<std::size_t>(cell)] & ~digit_bit(d0 + 1); m != 0; m &= m - 1)
      to[size++] = cell * n + std::countr_zero(m);
    on_peers_[k] = size;
    const std::uint64_t* peers = g.peer_bits(cell);
    const std::uint64_t* left = board(d0);
    for (int w = 0; w < words_; ++w)
      for (std::uint64_t bits = left[w] & peers[w]; bits != 0; bits &= bits - 1)
        to[size++] = (w * 64 + std::countr_zero(bits)) * n + d0;
  }
  on_start_[live_.size()] = size;
  on_built_ = true;
}

int* Implications::room(std::vector<int>& list) {
  const std::size_t bound = live_.size() * static_cast<std::size_t>(1 + geometry_->house_stride());
  if (list.size() < bound) list.resize(bound);
  return list.data();
}

void Implications::list_off() {
  if (off_built_) return;
  live();
  const Geometry& g = *geometry_;
  const int n = digits_;
  int* const to = room(off_to_);  // at most one per cell and house of the candidate
  off_start_.resize(live_.size() + 1);
  int size = 0;
  for (std::size_t k = 0; k < live_.size(); ++k) {
    const int x = live_[k], cell = x / n, d0 = x % n;
    const Mask m = masks_[static_cast<std::size_t>(cell)];
    off_start_[k] = size;
    if (count_of(m) == 2) to[size++] = cell * n + std::countr_zero(m & ~digit_bit(d0 + 1));
    const std::uint64_t* left = board(d0);
    for (const int h : g.houses_of(cell)) {
      const std::uint64_t* house = g.house_bits(h);
      int other = -1, places = 0;
      for (int w = 0; w < words_ && places <= 2; ++w)
        for (std::uint64_t bits = left[w] & house[w]; bits != 0; bits &= bits - 1) {
          ++places;
          if (const int y = w * 64 + std::countr_zero(bits); y != cell) other = y;
        }
      if (places == 2) to[size++] = other * n + d0;
    }
  }
  off_start_[live_.size()] = size;
  off_built_ = true;
}

void Implications::list_groups() {
  if (groups_built_) return;
  live();
  const Geometry& g = *geometry_;
  const int n = digits_;
  int* const out = room(groups_);  // a candidate is in its cell's group and one per house
  int size = 0;
  group_start_.clear();
  group_house_.clear();
  for (int cell = 0; cell < cells_; ++cell) {
    const Mask m = masks_[static_cast<std::size_t>(cell)];
    if (m == 0) continue;
    group_start_.push_back(size);
    group_house_.push_back(-1);
    for (Mask bits = m; bits != 0; bits &= bits - 1)
      out[size++] = cell * n + std::countr_zero(bits);
  }
  cell_groups_ = static_cast<int>(group_start_.size());
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h)
    for (int d0 = 0; d0 < n; ++d0) {
      const std::uint64_t* house = g.house_bits(h);
      const std::uint64_t* left = board(d0);
      const int first = size;
      for (int w = 0; w < words_; ++w)
        for (std::uint64_t bits = left[w] & house[w]; bits != 0; bits &= bits - 1)
          out[size++] = (w * 64 + std::countr_zero(bits)) * n + d0;
      if (size != first) {
        group_start_.push_back(first);
        group_house_.push_back(h);
      }
    }
  group_start_.push_back(size);
  member_start_.assign(live_.size() + 1, 0);
  for (int e = 0; e < size; ++e)
    ++member_start_[static_cast<std::size_t>(index_[static_cast<std::size_t>(out[e])]) + 1];
  for (std::size_t k = 0; k < live_.size(); ++k) member_start_[k + 1] += member_start_[k];
  room(member_of_);  // an entry per member of a group
  fill_.assign(member_start_.begin(), member_start_.end() - 1);
  for (int gi = 0; gi < group_count(); ++gi)
    for (int e = group_start_[static_cast<std::size_t>(gi)];
         e != group_start_[static_cast<std::size_t>(gi) + 1]; ++e) {
      const int k = index_[static_cast<std::size_t>(out[e])];
      member_of_[static_cast<std::size_t>(fill_[static_cast<std::size_t>(k)]++)] = gi;
    }
  groups_built_ = true;
}

LinkLists Implications::lists(bool peers_only, bool dynamic) {
  list_on();
  if (dynamic)
    list_groups();
  else
    list_off();
  LinkLists l;
  l.ids = cells_ * digits_;
  l.rows = live_.data();
  l.row_count = static_cast<int>(live_.size());
  l.index = index_.data();
  l.on_first = on_first(peers_only);
  l.on_end = on_end();
  l.on_to = on_to();
  if (dynamic) {
    l.member_start = member_start_.data();
    l.member_of = member_of_.data();
    l.group_start = group_start_.data();
    l.groups = groups_.data();
    l.group_count = group_count();
    l.skip_first_group = peers_only;
  } else {
    l.off_start = off_start_.data();
    l.off_to = off_to_.data();
  }
  return l;
}

const std::uint64_t* Implications::group_cells(int node) const noexcept {
  return group_cells_.data() +
         static_cast<std::ptrdiff_t>((node / stride_) * intersections_ + node % stride_ - cells_) *
             words_;
}

const std::uint64_t* Implications::group_peers(int node) const noexcept {
  return group_peers_.data() +
         static_cast<std::ptrdiff_t>((node / stride_) * intersections_ + node % stride_ - cells_) *
             words_;
}

const std::uint64_t* Implications::link(int d0, bool grouped) {
  std::uint64_t* present = present_.data() + static_cast<std::ptrdiff_t>(d0) * node_words_;
  const char want = grouped ? 2 : 1;
  if (linked_[static_cast<std::size_t>(d0)] == want) return present;
  linked_[static_cast<std::size_t>(d0)] = want;
  const Geometry& g = *geometry_;
  std::fill_n(present, node_words_, 0);
  const int base = d0 * stride_;
  const std::uint64_t* board = this->board(d0);
  // Candidates: weakly linked to the peers holding the digit.
  for (int w = 0; w < words_; ++w)
    for (std::uint64_t bits = board[w]; bits != 0; bits &= bits - 1) {
      const int cell = w * 64 + std::countr_zero(bits);
      set_bit(present, cell);
      std::uint64_t* s = row(strong_, base + cell);
      std::uint64_t* k = row(weak_, base + cell);
      std::fill_n(s, node_words_, 0);
      std::fill_n(k, node_words_, 0);
      const std::uint64_t* peers = g.peer_bits(cell);
      for (int v = 0; v < words_; ++v) k[v] = peers[v] & board[v];
    }
  std::uint64_t* const gcells =
      group_cells_.data() + static_cast<std::ptrdiff_t>(d0 * intersections_) * words_;
  std::uint64_t* const gpeers =
      group_peers_.data() + static_cast<std::ptrdiff_t>(d0 * intersections_) * words_;
  const auto group_present = [&](int i) { return test_bit(present, cells_ + i); };
  // The grouped nodes of the digit, listed (most intersections hold none).
  int listed = 0;
  int* const list = group_list_.data();
  if (grouped) {
    for (int i = 0; i < intersections_; ++i) {
      std::uint64_t* cells = gcells + static_cast<std::ptrdiff_t>(i) * words_;
      const std::uint64_t* in =
          intersection_cells_.data() + static_cast<std::ptrdiff_t>(i) * words_;
      for (int w = 0; w < words_; ++w) cells[w] = in[w] & board[w];
      if (count_bits(cells, words_) < 2) continue;
      set_bit(present, cells_ + i);
    }
    // One node per set of cells: an intersection overlapping an earlier one may give the same.
    for (const auto& [i, j] : overlapping_) {
      if (!group_present(i) || !group_present(j)) continue;
      if (std::equal(gcells + static_cast<std::ptrdiff_t>(i) * words_,
                     gcells + static_cast<std::ptrdiff_t>(i + 1) * words_,
                     gcells + static_cast<std::ptrdiff_t>(j) * words_))
        present[(cells_ + i) >> 6] &= ~(std::uint64_t{1} << ((cells_ + i) & 63));
    }
    for (int i = 0; i < intersections_; ++i)
      if (group_present(i)) list[listed++] = i;
    // Weakly linked: a grouped node and the candidates and grouped nodes seeing all its cells.
    for (int x = 0; x < listed; ++x) {
      const int i = list[x];
      const std::uint64_t* cells = gcells + static_cast<std::ptrdiff_t>(i) * words_;
      std::uint64_t* peers = gpeers + static_cast<std::ptrdiff_t>(i) * words_;
      std::fill_n(peers, words_, ~std::uint64_t{0});
      for (int w = 0; w < words_; ++w)
        for (std::uint64_t bits = cells[w]; bits != 0; bits &= bits - 1) {
          const std::uint64_t* p = g.peer_bits(w * 64 + std::countr_zero(bits));
          for (int v = 0; v < words_; ++v) peers[v] &= p[v];
        }
      std::uint64_t* s = row(strong_, base + cells_ + i);
      std::uint64_t* k = row(weak_, base + cells_ + i);
      std::fill_n(s, node_words_, 0);
      std::fill_n(k, node_words_, 0);
      for (int v = 0; v < words_; ++v) k[v] = peers[v] & board[v];
      for (int w = 0; w < words_; ++w)
        for (std::uint64_t bits = peers[w] & board[w]; bits != 0; bits &= bits - 1)
          set_bit(row(weak_, base + w * 64 + std::countr_zero(bits)), cells_ + i);
    }
    for (int x = 0; x < listed; ++x) {
      const int i = list[x];
      const std::uint64_t* peers = gpeers + static_cast<std::ptrdiff_t>(i) * words_;
      for (int y = 0; y < listed; ++y) {
        const int j = list[y];
        if (j == i) continue;
        const std::uint64_t* other = gcells + static_cast<std::ptrdiff_t>(j) * words_;
        bool inside = true;
        for (int w = 0; w < words_ && inside; ++w) inside = (other[w] & ~peers[w]) == 0;
        if (inside) set_bit(row(weak_, base + cells_ + i), cells_ + j);
      }
    }
  }
  // Strongly linked: the two places of a house group of two (cells or grouped nodes).
  std::uint64_t places[64];  // at most 64 * 64 cells
  for (int h = 0; h < static_cast<int>(g.houses().size()); ++h) {
    const std::uint64_t* in = g.house_bits(h);
    for (int w = 0; w < words_; ++w) places[w] = in[w] & board[w];
    const int count = count_bits(places, words_);
    if (count < 2) continue;
    if (count == 2) {
      const int a = first_bit(places, words_);
      places[a >> 6] &= places[a >> 6] - 1;
      const int b = first_bit(places, words_);
      set_bit(row(strong_, base + a), b);
      set_bit(row(strong_, base + b), a);
      continue;
    }
    for (int x = 0; x < listed; ++x) {
      const int i = list[x];
      const std::uint64_t* cells = gcells + static_cast<std::ptrdiff_t>(i) * words_;
      bool inside = true;
      for (int w = 0; w < words_ && inside; ++w) inside = (cells[w] & ~places[w]) == 0;
      if (!inside) continue;
      std::uint64_t rest[64];
      for (int w = 0; w < words_; ++w) rest[w] = places[w] & ~cells[w];
      const int left = count_bits(rest, words_);
      if (left == 1) {
        const int cell = first_bit(rest, words_);
        set_bit(row(strong_, base + cells_ + i), cell);
        set_bit(row(strong_, base + cell), cells_ + i);
        continue;
      }
      for (int y = x + 1; y < listed; ++y)
        if (const int j = list[y];
            std::equal(rest, rest + words_, gcells + static_cast<std::ptrdiff_t>(j) * words_)) {
          set_bit(row(strong_, base + cells_ + i), cells_ + j);
          set_bit(row(strong_, base + cells_ + j), cells_ + i);
        }
    }
  }
  return present;
}

}  // namespace sudoku::detail
