// How the item line is written, shared by the reader's format_items and the writer's: the
// names in order, primary then secondary, each after its bounds (`lo:hi|`, `hi|` when lo = hi,
// nothing for 1:1).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

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

inline constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";

// The item line of `matrix`: "2|a 0:3|b c | x y"; `check` sees each name before it is written.
template <typename Check>
std::string item_line(const Matrix& matrix, Check check) {
  std::string out;
  for (ItemKind kind : {ItemKind::primary, ItemKind::secondary}) {
    if (kind == ItemKind::secondary && matrix.primary_count() < matrix.item_count()) out += " |";
    for (std::size_t i = 0; i < matrix.item_count(); ++i) {
      const auto item = static_cast<ItemId>(i);
      if (matrix.item_kind(item) != kind) continue;
      check(matrix.item_name(item));
      if (!out.empty()) out += ' ';
      append_bounds(out, matrix.bounds(item));
      out += matrix.item_name(item);
    }
  }
  // A first name that starts like a byte-order mark would lose it when read back as line 1.
  if (out.starts_with(byte_order_mark)) out.insert(0, 1, ' ');
  return out;
}

}  // namespace dlx::detail
