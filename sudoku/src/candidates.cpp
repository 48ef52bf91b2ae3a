#include "sudoku/candidates.hpp"

#include <bit>

namespace sudoku {

Candidates::Candidates(const Geometry& geometry) : geometry_(&geometry) {
  all_ = geometry.size() == 64 ? ~Mask{0} : (Mask{1} << geometry.size()) - 1;
  masks_.assign(static_cast<std::size_t>(geometry.cell_count()), all_);
  values_.assign(static_cast<std::size_t>(geometry.cell_count()), 0);
  open_ = geometry.cell_count();
  placed_.assign(geometry.houses().size(), 0);
  queue_.assign(static_cast<std::size_t>(geometry.cell_count()) + 1, 0);
}

bool Candidates::reset(const Grid& givens) {
  std::fill(masks_.begin(), masks_.end(), all_);
  std::fill(values_.begin(), values_.end(), 0);
  std::fill(placed_.begin(), placed_.end(), 0);
  open_ = geometry_->cell_count();
  queued_ = 0;
  // assign(), not place(): the singles the givens leave are queued for propagate_singles(), so
  // that a failure here means a clash between givens and nothing else.
  for (int cell = 0; cell < geometry_->cell_count(); ++cell)
    if (const int d = givens[static_cast<std::size_t>(cell)]; d != 0)
      if (!assign(cell, d)) return false;
  return true;
}

void Candidates::mark_placed(int cell) {
  const Mask bit = masks_[static_cast<std::size_t>(cell)];
  Mask* const placed = placed_.data();
  for (int h : geometry_->houses_of(cell)) placed[h] |= bit;
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
  masks_[static_cast<std::size_t>(cell)] = bit;
  return settle();
}

bool Candidates::assign(int cell, int digit) {
  const Mask bit = digit_bit(digit);
  Mask* const masks = masks_.data();
  auto& value = values_[static_cast<std::size_t>(cell)];
  if ((masks[cell] & bit) == 0 || value != 0) return false;
  masks[cell] = bit;
  value = static_cast<std::uint8_t>(digit);
  --open_;
  mark_placed(cell);
  int* const queue = queue_.data();
  int queued = queued_;
  for (int peer : geometry_->peers(cell)) {
    const Mask m = masks[peer];
    if ((m & bit) == 0) continue;
    masks[peer] = m & ~bit;
    if ((m & ~bit) != 0 && ((m & ~bit) & ((m & ~bit) - 1)) == 0)
      queue[queued++] = peer;  // for propagate_singles()
  }
  queued_ = queued;
  return true;
}

// Each queued cell has one candidate left: place it and take it from the peers.
bool Candidates::settle() {
  Mask* const masks = masks_.data();
  int* const queue = queue_.data();
  int queued = queued_;
  bool ok = true;
  while (queued > 0) {
    const int cell = queue[--queued];
    auto& value = values_[static_cast<std::size_t>(cell)];
    if (value != 0) continue;
    const Mask bit = masks[cell];
    if (bit == 0) {  // emptied after it was queued
      ok = false;
      break;
    }
    value = static_cast<std::uint8_t>(std::countr_zero(bit) + 1);
    --open_;
    mark_placed(cell);
    for (int peer : geometry_->peers(cell)) {
      const Mask m = masks[peer];
      if ((m & bit) == 0) continue;
      const Mask left = m & ~bit;
      masks[peer] = left;
      if ((left & (left - 1)) == 0) {
        if (left == 0) {
          ok = false;
          break;
        }
        queue[queued++] = peer;
      }
    }
    if (!ok) break;
  }
  queued_ = ok ? 0 : queued;
  return ok;
}

bool Candidates::propagate_singles() {
  if (!settle()) return false;
  const auto& houses = geometry_->houses();
  const Mask* const masks = masks_.data();
  bool changed = true;
  while (changed && open_ > 0) {
    changed = false;
    for (std::size_t h = 0; h < houses.size(); ++h) {
      const Mask placed = placed_[h];
      if (placed == all_) continue;
      // Digits seen in at least one and in at least two cells, placed ones included: a placed
      // digit is a candidate of no other cell of the house, so it is seen once, and `placed`
      // takes it out of the hidden singles.
      Mask once = 0, twice = 0;
      for (int cell : houses[h].cells) {
        const Mask m = masks[cell];
        twice |= once & m;
        once |= m;
      }
      if (once != all_) return false;  // some digit has no place left in this house
      const Mask hidden = once & ~twice & ~placed;
      if (hidden == 0) continue;
      for (int cell : houses[h].cells) {
        const Mask m = masks[cell] & hidden;
        if (m == 0 || values_[static_cast<std::size_t>(cell)] != 0) continue;
        if ((m & (m - 1)) != 0) return false;  // two digits that each need this one cell
        masks_[static_cast<std::size_t>(cell)] = m;
        push(cell);
        if (!settle()) return false;
        changed = true;
      }
    }
  }
  return true;
}

}  // namespace sudoku
