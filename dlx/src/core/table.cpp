#include "table.hpp"

namespace dlx::detail {

std::vector<std::int32_t> number_items(const Matrix& matrix, std::int32_t first_secondary) {
  std::vector<std::int32_t> number(matrix.item_count());
  std::int32_t next_primary = 1, next_secondary = first_secondary;
  for (std::size_t i = 0; i < number.size(); ++i)
    number[i] = matrix.item_kind(static_cast<ItemId>(i)) == ItemKind::primary ? next_primary++
                                                                              : next_secondary++;
  return number;
}

}  // namespace dlx::detail
