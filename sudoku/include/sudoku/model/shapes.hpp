// The geometries of the shapes in use, built once per process: a shape is a size, a variant,
// the chess constraints, (for jigsaw) a region map, (for killer) the cages and the rules. The
// first request for a shape builds its geometry; later requests, from any thread, get the same
// immutable object, so that a reader, a session or a batch on several threads builds each shape
// once instead of once per file, puzzle or command. The cache holds the most recently used shapes
// (a bounded number, so a stream of distinct region maps cannot grow it without end); a geometry
// it has let go lives on for as long as someone holds it. (sudoku/search/cache.hpp does the same
// for the logic tables and the exact-cover matrices.)
#pragma once

#include <cstddef>
#include <memory>
#include <span>

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

// How many shapes each cache keeps at most.
inline constexpr std::size_t shape_cache_capacity = 32;
// How many shapes' geometries the cache holds now (for tests).
std::size_t shape_cache_size();

}  // namespace sudoku
