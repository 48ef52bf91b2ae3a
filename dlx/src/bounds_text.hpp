// How bounds are written before an item's name on the item line, shared by the reader's
// format_items and the writer: `lo:hi|`, `hi|` when lo = hi, nothing for 1:1.
#pragma once

#include <string>

#include "dlx/matrix.hpp"

namespace dlx::detail {

inline void append_bounds(std::string& out, Bounds bounds) {
  if (bounds == Bounds{}) return;
  if (bounds.lo != bounds.hi) {
    out += std::to_string(bounds.lo);
    out += ':';
  }
  out += std::to_string(bounds.hi);
  out += '|';
}

}  // namespace dlx::detail
