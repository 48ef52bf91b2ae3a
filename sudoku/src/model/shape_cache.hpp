// The process-wide caches of what every puzzle of one shape shares (sudoku/model/shapes.hpp: the
// geometries; sudoku/search/cache.hpp: the logic tables and the exact-cover matrices), keyed by
// what tells two shapes apart. Internal to the library.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/model/geometry.hpp"
#include "sudoku/model/shapes.hpp"

namespace sudoku::detail {

// What tells two geometries apart.
struct Shape {
  int size = 0;
  Variant variant = Variant::regular;
  Chess chess = Chess::none;
  std::vector<int> regions;  // jigsaw only: the region of each cell
  std::vector<Cage> cages;   // killer only
  std::string rules;         // the rules' header lines

  bool operator==(const Shape&) const = default;
};

inline Shape shape_of(const Geometry& geometry) {
  Shape shape{geometry.size(), geometry.variant(), geometry.chess(), {}, geometry.cages(),
              geometry.rules_text()};
  if (geometry.variant() == Variant::jigsaw) {
    shape.regions.resize(static_cast<std::size_t>(geometry.cell_count()));
    for (int cell = 0; cell < geometry.cell_count(); ++cell)
      shape.regions[static_cast<std::size_t>(cell)] = geometry.region_of(cell);
  }
  return shape;
}

// The most recently used shapes' objects (Entry: a struct of shared_ptr members, each built on
// its first request), at most shape_cache_capacity of them.
template <typename Entry>
class ShapeCache {
 public:
  // The `member` of the shape's entry, made by `build` on first request. `build` runs outside the
  // lock, so that a large shape does not hold up the others; when two threads build the same
  // object at once, both get the one stored first.
  template <typename T, typename Build>
  std::shared_ptr<const T> get(const Shape& shape, std::shared_ptr<const T> Entry::*member,
                               Build&& build) {
    {
      const std::lock_guard lock(mutex_);
      if (Keyed* entry = find(shape); entry != nullptr && entry->value.*member)
        return entry->value.*member;
    }
    std::shared_ptr<const T> built = build();
    const std::lock_guard lock(mutex_);
    Keyed* entry = find(shape);
    if (entry == nullptr) {
      if (entries_.size() >= shape_cache_capacity) entries_.erase(entries_.begin());
      entries_.push_back({shape, {}});
      entry = &entries_.back();
    }
    if (!(entry->value.*member)) entry->value.*member = std::move(built);
    return entry->value.*member;
  }

  std::size_t size() {
    const std::lock_guard lock(mutex_);
    return entries_.size();
  }

 private:
  struct Keyed {
    Shape shape;
    Entry value;
  };
  // The entry of a shape, moved to the back (the most recently used); nullptr when there is none.
  Keyed* find(const Shape& shape) {
    const auto found = std::find_if(entries_.begin(), entries_.end(),
                                    [&](const Keyed& entry) { return entry.shape == shape; });
    if (found == entries_.end()) return nullptr;
    std::rotate(found, found + 1, entries_.end());
    return &entries_.back();
  }

  std::mutex mutex_;
  std::vector<Keyed> entries_;  // the least recently used first
};

}  // namespace sudoku::detail
