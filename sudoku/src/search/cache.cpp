#include "sudoku/search/cache.hpp"

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

#include "sudoku/search/solver.hpp"

namespace sudoku {

namespace {

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

Shape shape_of(const Geometry& geometry) {
  Shape shape{geometry.size(), geometry.variant(), geometry.chess(), {}, geometry.cages(),
              geometry.rules_text()};
  if (geometry.variant() == Variant::jigsaw) {
    shape.regions.resize(static_cast<std::size_t>(geometry.cell_count()));
    for (int cell = 0; cell < geometry.cell_count(); ++cell)
      shape.regions[static_cast<std::size_t>(cell)] = geometry.region_of(cell);
  }
  return shape;
}

// One shape's objects, each built on its first request.
struct Entry {
  Shape shape;
  std::shared_ptr<const Geometry> geometry;
  std::shared_ptr<const LogicTables> tables;
  std::shared_ptr<const dlx::Matrix> matrix;
};

class Cache {
 public:
  // The `member` of the shape's entry, made by `build` on first request. `build` runs outside the
  // lock, so that a large shape does not hold up the others; when two threads build the same
  // object at once, both get the one stored first.
  template <typename T, typename Build>
  std::shared_ptr<const T> get(const Shape& shape, std::shared_ptr<const T> Entry::*member,
                               Build&& build) {
    {
      const std::lock_guard lock(mutex_);
      if (Entry* entry = find(shape); entry != nullptr && entry->*member) return entry->*member;
    }
    std::shared_ptr<const T> built = build();
    const std::lock_guard lock(mutex_);
    Entry* entry = find(shape);
    if (entry == nullptr) {
      if (entries_.size() >= shape_cache_capacity) entries_.erase(entries_.begin());
      entries_.push_back({shape, {}, {}, {}});
      entry = &entries_.back();
    }
    if (!(entry->*member)) entry->*member = std::move(built);
    return entry->*member;
  }

  std::size_t size() {
    const std::lock_guard lock(mutex_);
    return entries_.size();
  }

 private:
  // The entry of a shape, moved to the back (the most recently used); nullptr when there is none.
  Entry* find(const Shape& shape) {
    const auto found = std::find_if(entries_.begin(), entries_.end(),
                                    [&](const Entry& entry) { return entry.shape == shape; });
    if (found == entries_.end()) return nullptr;
    std::rotate(found, found + 1, entries_.end());
    return &entries_.back();
  }

  std::mutex mutex_;
  std::vector<Entry> entries_;  // the least recently used first
};

Cache& cache() {
  static Cache instance;
  return instance;
}

}  // namespace

std::shared_ptr<const Geometry> shared_geometry(int size, Variant variant, Chess chess) {
  return cache().get(Shape{size, variant, chess, {}, {}, {}}, &Entry::geometry,
                     [&] { return std::make_shared<const Geometry>(size, variant, chess); });
}

std::shared_ptr<const Geometry> shared_jigsaw(int size, std::span<const int> region, Chess chess) {
  Shape shape{size, Variant::jigsaw, chess, {region.begin(), region.end()}, {}, {}};
  return cache().get(shape, &Entry::geometry, [&] {
    return std::make_shared<const Geometry>(Geometry::jigsaw(size, region, chess));
  });
}

std::shared_ptr<const Geometry> shared_geometry(const Geometry& geometry) {
  return cache().get(shape_of(geometry), &Entry::geometry,
                     [&] { return std::make_shared<const Geometry>(geometry); });
}

std::shared_ptr<const LogicTables> shared_tables(const Geometry& geometry) {
  return cache().get(shape_of(geometry), &Entry::tables,
                     [&] { return std::make_shared<const LogicTables>(geometry); });
}

std::shared_ptr<const dlx::Matrix> shared_matrix(const Geometry& geometry) {
  return cache().get(shape_of(geometry), &Entry::matrix, [&] {
    return std::make_shared<const dlx::Matrix>(exact_cover_matrix(geometry));
  });
}

std::size_t shape_cache_size() {
  return cache().size();
}

}  // namespace sudoku
