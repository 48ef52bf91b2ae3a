#include "sudoku/search/cache.hpp"

#include "model/shape_cache.hpp"
#include "sudoku/search/solver.hpp"

namespace sudoku {

namespace {

struct Objects {
  std::shared_ptr<const LogicTables> tables;
  std::shared_ptr<const dlx::Matrix> matrix;
};

detail::ShapeCache<Objects>& cache() {
  static detail::ShapeCache<Objects> instance;
  return instance;
}

}  // namespace

std::shared_ptr<const LogicTables> shared_tables(const Geometry& geometry) {
  return cache().get(detail::shape_of(geometry), &Objects::tables,
                     [&] { return std::make_shared<const LogicTables>(geometry); });
}

std::shared_ptr<const dlx::Matrix> shared_matrix(const Geometry& geometry) {
  return cache().get(detail::shape_of(geometry), &Objects::matrix, [&] {
    return std::make_shared<const dlx::Matrix>(exact_cover_matrix(geometry));
  });
}

}  // namespace sudoku
