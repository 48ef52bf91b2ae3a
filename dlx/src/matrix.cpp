#include "dlx/matrix.hpp"

#include <limits>

namespace dlx {

namespace {

// Node indices are 32-bit: the items, their headers, the spacers and the entries must all fit.
constexpr std::size_t max_nodes =
    static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()) / 2;

std::string quoted(std::string_view name) {
  return "'" + std::string(name) + "'";
}

void check_bounds(std::string_view name, Bounds bounds) {
  if (bounds.lo < 0 || bounds.hi < 1 || bounds.lo > bounds.hi)
    throw Error(ErrorKind::bad_bounds,
                "item " + quoted(name) + " has bounds " + std::to_string(bounds.lo) + ":" +
                    std::to_string(bounds.hi) + "; bounds lo:hi need 0 <= lo <= hi and hi >= 1");
}

}  // namespace

ItemId Matrix::add_item(std::string_view name, ItemKind kind) {
  if (name.empty()) throw Error(ErrorKind::empty_name, "an item name must not be empty");
  if (names_.size() + 2 >= max_nodes)
    throw Error(ErrorKind::too_large, "too many items for 32-bit indices");
  std::string key(name);
  if (index_.contains(key))
    throw Error(ErrorKind::duplicate_item, "item " + quoted(name) + " is declared twice");
  auto id = static_cast<ItemId>(names_.size());
  index_.emplace(key, id);
  names_.push_back(std::move(key));
  kinds_.push_back(kind);
  bounds_.push_back(Bounds{});
  seen_.push_back(0);
  if (kind == ItemKind::primary) ++primary_count_;
  return id;
}

ItemId Matrix::add_item(std::string_view name, Bounds bounds) {
  check_bounds(name, bounds);
  const ItemId id = add_item(name, ItemKind::primary);
  set_bounds(id, bounds);
  return id;
}

void Matrix::set_bounds(ItemId item, Bounds bounds) {
  const auto i = static_cast<std::size_t>(item);
  if (item < 0 || i >= names_.size())
    throw std::out_of_range("dlx::Matrix::set_bounds: no such item");
  if (kinds_[i] != ItemKind::primary)
    throw Error(ErrorKind::bad_bounds,
                "item " + quoted(names_[i]) + " is secondary; only primary items have bounds");
  check_bounds(names_[i], bounds);
  const Bounds one{};
  bounded_ -= bounds_[i] != one;
  bounds_[i] = bounds;
  bounded_ += bounds != one;
}

ItemId Matrix::find_item(std::string_view name) const {
  auto it = index_.find(name);
  return it == index_.end() ? -1 : it->second;
}

OptionId Matrix::add_option(std::span<const Entry> entries, Cost cost) {
  ++options_seen_;
  const auto number = [this] { return std::to_string(options_seen_); };
  if (entries.empty()) throw Error(ErrorKind::empty_option, "option " + number() + " has no items");
  if (names_.size() + entries_.size() + option_start_.size() + entries.size() + 2 >= max_nodes)
    throw Error(ErrorKind::too_large, "option " + number() + ": too many nodes for 32-bit indices");
  if (cost > max_total_cost - total_cost_)
    throw Error(ErrorKind::too_large, "option " + number() + ": the costs add up to more than " +
                                          std::to_string(max_total_cost));
  auto stamp = static_cast<std::uint32_t>(options_seen_);
  bool has_primary = false;
  for (const Entry& e : entries) {
    if (e.item < 0 || static_cast<std::size_t>(e.item) >= names_.size())
      throw Error(ErrorKind::unknown_item,
                  "option " + number() + " names unknown item " + std::to_string(e.item));
    auto i = static_cast<std::size_t>(e.item);
    if (seen_[i] == stamp)
      throw Error(ErrorKind::repeated_item,
                  "option " + number() + " names item " + quoted(names_[i]) + " twice");
    seen_[i] = stamp;
    if (kinds_[i] == ItemKind::primary) {
      has_primary = true;
      if (e.color != 0)
        throw Error(ErrorKind::color_on_primary,
                    "option " + number() + " gives primary item " + quoted(names_[i]) + " a color");
    } else if (e.color < 0) {
      throw Error(ErrorKind::unknown_item,
                  "option " + number() + " gives item " + quoted(names_[i]) + " a negative color");
    }
  }
  if (!has_primary) {
    warnings_.push_back("option " + number() + " has no primary item and was dropped");
    return dropped_option;
  }
  entries_.insert(entries_.end(), entries.begin(), entries.end());
  option_start_.push_back(entries_.size());
  costs_.push_back(cost);
  total_cost_ += cost;
  return static_cast<OptionId>(option_start_.size() - 2);
}

OptionId Matrix::add_option(std::initializer_list<std::string_view> names, Cost cost) {
  std::vector<Entry> entries;
  entries.reserve(names.size());
  for (std::string_view name : names) {
    ItemId id = find_item(name);
    if (id < 0) {
      ++options_seen_;  // a rejected option still counts, as in the other overload
      throw Error(ErrorKind::unknown_item, "option " + std::to_string(options_seen_) +
                                               " names unknown item " + quoted(name));
    }
    entries.push_back({id, 0});
  }
  return add_option(entries, cost);
}

std::span<const Entry> Matrix::option(OptionId id) const {
  auto k = static_cast<std::size_t>(id);
  if (id < 0 || k + 1 >= option_start_.size()) throw std::out_of_range("no such option");
  return {entries_.data() + option_start_[k], option_start_[k + 1] - option_start_[k]};
}

}  // namespace dlx
