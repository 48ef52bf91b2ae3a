// The logic tables and the exact-cover matrix of every shape in use, built once per process and
// shared as the geometries are (sudoku/model/shapes.hpp, which this header brings along).
#pragma once

#include <memory>

#include "dlx/matrix.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/shapes.hpp"

namespace sudoku {

// The logic tables of a geometry's shape, shared.
std::shared_ptr<const LogicTables> shared_tables(const Geometry& geometry);
// The exact-cover matrix of a geometry's shape (see sudoku/search/solver.hpp), shared.
std::shared_ptr<const dlx::Matrix> shared_matrix(const Geometry& geometry);

}  // namespace sudoku
