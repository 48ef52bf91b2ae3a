#include "sudoku/model/shapes.hpp"

#include "model/shape_cache.hpp"

namespace sudoku {

namespace {

struct Geometries {
  std::shared_ptr<const Geometry> geometry;
};

detail::ShapeCache<Geometries>& cache() {
  static detail::ShapeCache<Geometries> instance;
  return instance;
}

}  // namespace

std::shared_ptr<const Geometry> shared_geometry(int size, Variant variant, Chess chess) {
  return cache().get(detail::Shape{size, variant, chess, {}, {}, {}}, &Geometries::geometry,
                     [&] { return std::make_shared<const Geometry>(size, variant, chess); });
}

std::shared_ptr<const Geometry> shared_jigsaw(int size, std::span<const int> region, Chess chess) {
  const detail::Shape shape{size, Variant::jigsaw, chess, {region.begin(), region.end()}, {}, {}};
  return cache().get(shape, &Geometries::geometry, [&] {
    return std::make_shared<const Geometry>(Geometry::jigsaw(size, region, chess));
  });
}

std::shared_ptr<const Geometry> shared_geometry(const Geometry& geometry) {
  return cache().get(detail::shape_of(geometry), &Geometries::geometry,
                     [&] { return std::make_shared<const Geometry>(geometry); });
}

std::size_t shape_cache_size() {
  return cache().size();
}

}  // namespace sudoku
