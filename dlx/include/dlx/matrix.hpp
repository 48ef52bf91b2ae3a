// An exact-cover problem as Knuth states it: items, and options that are sets of items.
//
// A Matrix only describes the problem; a dlx::Solver builds the dancing links from it once and
// searches it as often as asked. Items are declared by name; options refer to items by id.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dlx {

// Index of an item, in the order the items were declared (0-based).
using ItemId = std::int32_t;
// Index of an option, in the order the options were added (0-based, dropped options not counted).
using OptionId = std::int32_t;
// Color of a secondary item within an option; 0 means "no color".
using ColorId = std::int32_t;
// Cost of an option (DLX5's `|n`): a nonnegative integer; a solution costs the sum of its options'.
using Cost = std::uint64_t;
// The largest cost the options of one matrix may add up to, so that no sum of costs overflows.
inline constexpr Cost max_total_cost = Cost{1} << 62;

// A primary item must be covered exactly once (or as often as its bounds allow); a secondary
// item at most once.
enum class ItemKind { primary, secondary };

// How many chosen options a primary item must be in: at least lo, at most hi (Knuth's DLX3).
struct Bounds {
  std::int32_t lo = 1;
  std::int32_t hi = 1;
  friend bool operator==(const Bounds&, const Bounds&) = default;
};

// One item of an option, with its color (only secondary items may carry one).
struct Entry {
  ItemId item = 0;
  ColorId color = 0;
};

// What went wrong while building a matrix.
enum class ErrorKind {
  duplicate_item,    // an item name declared twice
  empty_name,        // an item name that is empty
  unknown_item,      // an option names an item that was never declared
  repeated_item,     // the same item twice in one option
  color_on_primary,  // a color given to a primary item
  empty_option,      // an option without items
  too_large,         // more nodes or items than 32-bit indices allow, or costs above max_total_cost
  bad_bounds,        // bounds with lo > hi, hi < 1, lo < 0, or on a secondary item
};

// A problem in the matrix a caller tried to build; what() names the item or option.
class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  // Which rule the input broke.
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

// Returned by add_option for an option that has no primary item and was dropped (as DLX1 does).
inline constexpr OptionId dropped_option = -1;

// Items and options of one exact-cover problem.
class Matrix {
 public:
  // Declares an item; throws Error on a duplicate or empty name.
  ItemId add_item(std::string_view name, ItemKind kind = ItemKind::primary);
  // Declares a primary item that the chosen options must contain between bounds.lo and
  // bounds.hi times; throws Error as above, or for bounds that are not 0 <= lo <= hi, 1 <= hi.
  ItemId add_item(std::string_view name, Bounds bounds);
  // Changes the bounds of a primary item declared before; throws Error for a secondary item or
  // bounds as above, std::out_of_range for an unknown item.
  void set_bounds(ItemId item, Bounds bounds);
  // Adds an option of this cost; returns its id, or dropped_option (with a warning) if it has no
  // primary item. Throws Error for an empty option, an unknown or repeated item, a color on a
  // primary item, or costs adding up to more than max_total_cost.
  OptionId add_option(std::span<const Entry> entries, Cost cost = 0);
  // Adds an option of uncolored items given by name, of this cost.
  OptionId add_option(std::initializer_list<std::string_view> names, Cost cost = 0);

  // The item with this name, or -1.
  ItemId find_item(std::string_view name) const;
  // Number of items declared.
  std::size_t item_count() const noexcept { return names_.size(); }
  // Number of primary items declared.
  std::size_t primary_count() const noexcept { return primary_count_; }
  // Number of options kept.
  std::size_t option_count() const noexcept { return option_start_.size() - 1; }
  // Number of item occurrences over all options (the nodes of the dancing links).
  std::size_t entry_count() const noexcept { return entries_.size(); }
  // Name of an item as declared.
  const std::string& item_name(ItemId item) const {
    return names_.at(static_cast<std::size_t>(item));
  }
  // Whether an item is primary or secondary.
  ItemKind item_kind(ItemId item) const { return kinds_.at(static_cast<std::size_t>(item)); }
  // The bounds of an item: 1:1 unless set (a secondary item's are always 1:1 and unused).
  Bounds bounds(ItemId item) const { return bounds_.at(static_cast<std::size_t>(item)); }
  // True when some primary item has bounds other than 1:1 (the search is then Knuth's
  // Algorithm M, as DLX3 runs it, instead of X or C).
  bool has_bounds() const noexcept { return bounded_ != 0; }
  // The items of an option, in the order given.
  std::span<const Entry> option(OptionId id) const;
  // The cost of an option (0 unless given).
  Cost cost(OptionId id) const { return costs_.at(static_cast<std::size_t>(id)); }
  // True when some option has a nonzero cost.
  bool has_costs() const noexcept { return total_cost_ > 0; }
  // Messages about input that was accepted but changed (dropped options).
  const std::vector<std::string>& warnings() const noexcept { return warnings_; }

 private:
  std::vector<std::string> names_;
  std::vector<ItemKind> kinds_;
  std::vector<Bounds> bounds_;
  std::size_t bounded_ = 0;  // primary items whose bounds are not 1:1
  // Heterogeneous lookup, so find_item(string_view) builds no string.
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };
  std::unordered_map<std::string, ItemId, NameHash, std::equal_to<>> index_;
  std::size_t primary_count_ = 0;
  std::vector<Entry> entries_;
  std::vector<std::size_t> option_start_{0};
  std::vector<Cost> costs_;  // per option
  Cost total_cost_ = 0;
  std::vector<std::uint32_t> seen_;  // per item: the option that last used it (repeat check)
  std::vector<std::string> warnings_;
  std::size_t options_seen_ = 0;
};

}  // namespace dlx
