#include "sudoku/candidates.hpp"

#include <bit>

namespace sudoku {

Candidates::Candidates(const Geometry& geometry) : geometry_(&geometry) {
  all_ = geometry.size() == 64 ? ~Mask{0} : (Mask{1} << geometry.size()) - 1;
  masks_.assign(static_cast<std::size_t>(geometry.cell_count()), all_);
  values_.assign(static_cast<std::size_t>(geometry.cell_count()), 0);
  open_ = geometry.cell_count();
  queue_.reserve(static_cast<std::size_t>(geometry.cell_count()));
}

bool Candidates::reset(const Grid& givens) {
  std::fill(masks_.begin(), masks_.end(), all_);
  std::fill(values_.begin(), values_.end(), 0);
  open_ = geometry_->cell_count();
  queue_.clear();
  // assign(), not place(): the singles the givens leave are queued for propagate_singles(), so
  // that a failure here means a clash between givens and nothing else.
  for (int cell = 0; cell < geometry_->cell_count(); ++cell)
    if (const int d = givens[static_cast<std::size_t>(cell)]; d != 0)
      if (!assign(cell, d)) return false;
  return true;
}

bool Candidates::place(int cell, int digit) {
  const Mask bit = digit_bit(digit);
  if ((masks_[static_cast<std::size_t>(cell)] & bit) == 0) return false;
  if (values_[static_cast<std::size_t>(cell)] != 0)
    return values_[static_cast<std::size_t>(cell)] == digit;
  queue_.push_back(cell);
  masks_[static_cast<std::size_t>(cell)] = bit;
  return settle();
}

bool Candidates::assign(int cell, int digit) {
  const Mask bit = digit_bit(digit);
  auto& value = values_[static_cast<std::size_t>(cell)];
  if ((masks_[static_cast<std::size_t>(cell)] & bit) == 0 || value != 0) return false;
  masks_[static_cast<std::size_t>(cell)] = bit;
  value = static_cast<std::uint8_t>(digit);
  --open_;
  for (int peer : geometry_->peers(cell)) {
    Mask& m = masks_[static_cast<std::size_t>(peer)];
    if ((m & bit) == 0) continue;
    m &= ~bit;
    if (m != 0 && (m & (m - 1)) == 0) queue_.push_back(peer);  // for propagate_singles()
  }
  return true;
}

// Each queued cell has one candidate left: place it and take it from the peers.
bool Candidates::settle() {
  while (!queue_.empty()) {
    const int cell = queue_.back();
    queue_.pop_back();
    auto& value = values_[static_cast<std::size_t>(cell)];
    if (value != 0) continue;
    const Mask bit = masks_[static_cast<std::size_t>(cell)];
    if (bit == 0) return false;  // emptied after it was queued
    value = static_cast<std::uint8_t>(std::countr_zero(bit) + 1);
    --open_;
    for (int peer : geometry_->peers(cell)) {
      Mask& m = masks_[static_cast<std::size_t>(peer)];
      if ((m & bit) == 0) continue;
      m &= ~bit;
      if (m == 0) return false;
      if ((m & (m - 1)) == 0) queue_.push_back(peer);
    }
  }
  return true;
}

bool Candidates::propagate_singles() {
  if (!settle()) return false;
  const auto& houses = geometry_->houses();
  bool changed = true;
  while (changed && open_ > 0) {
    changed = false;
    for (const House& house : houses) {
      // Digits placed, and digits seen in at least one and in at least two open cells. After
      // settle() every cell with a single candidate is placed, so the mask alone tells which.
      Mask once = 0, twice = 0, placed = 0;
      for (int cell : house.cells) {
        const Mask m = masks_[static_cast<std::size_t>(cell)];
        if ((m & (m - 1)) == 0) {
          placed |= m;
        } else {
          twice |= once & m;
          once |= m;
        }
      }
      if ((once | placed) != all_) return false;  // some digit has no place left in this house
      const Mask hidden = once & ~twice & ~placed;
      if (hidden == 0) continue;
      for (int cell : house.cells) {
        const Mask m = masks_[static_cast<std::size_t>(cell)] & hidden;
        if (m == 0 || values_[static_cast<std::size_t>(cell)] != 0) continue;
        if ((m & (m - 1)) != 0) return false;  // two digits that each need this one cell
        masks_[static_cast<std::size_t>(cell)] = m;
        queue_.push_back(cell);
        if (!settle()) return false;
        changed = true;
      }
    }
  }
  return true;
}

}  // namespace sudoku
