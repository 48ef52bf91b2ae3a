// What every puzzle of one shape shares, built once per process: the geometry, the tables of the
// logic and the exact-cover matrix of the solver.
//
// A shape is a size, a variant, the chess constraints, (for jigsaw) a region map and (for killer)
// the cages. The first request for a shape
// builds its objects; later requests, from any thread, get the same immutable objects, so that
// a reader, a session or a batch on several threads builds each shape once instead of once per
// file, puzzle or command. The cache holds the most recently used shapes (a bounded number, so a
// stream of distinct region maps cannot grow it without end); an object it has let go lives on
// for as long as someone holds it.
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "dlx/matrix.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/geometry.hpp"

namespace sudoku {

// The geometry of a size, variant and chess constraints (Geometry(size, variant, chess)),
// shared; throws GeometryError as the constructor does.
std::shared_ptr<const Geometry> shared_geometry(int size, Variant variant = Variant::regular,
                                                Chess chess = Chess::none);
// The jigsaw geometry of a region map (Geometry::jigsaw), shared; throws GeometryError.
std::shared_ptr<const Geometry> shared_jigsaw(int size, std::span<const int> region,
                                              Chess chess = Chess::none);
// The shared geometry of the same shape as `geometry` (the same object when it is the shared one).
std::shared_ptr<const Geometry> shared_geometry(const Geometry& geometry);
// The logic tables of a geometry's shape, shared.
std::shared_ptr<const LogicTables> shared_tables(const Geometry& geometry);
// The exact-cover matrix of a geometry's shape (see sudoku/search/solver.hpp), shared.
std::shared_ptr<const dlx::Matrix> shared_matrix(const Geometry& geometry);

// How many shapes the cache keeps at most.
inline constexpr std::size_t shape_cache_capacity = 32;
// How many shapes the cache holds now (for tests).
std::size_t shape_cache_size();

}  // namespace sudoku
