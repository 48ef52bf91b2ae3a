// DLX-PRE's reductions on the node table the searches use (core/table.hpp). An item taken out of an
// option leaves an empty node (item 0) whose up and down point to its right and left neighbours,
// so that walking an option, rightward by up and leftward by down at every node without an item,
// passes over it.
#include "dlx/preprocess.hpp"

#include <stdexcept>

#include "core/table.hpp"

namespace dlx {

namespace {

class Reducer {
 public:
  explicit Reducer(const Matrix& matrix) : matrix_(matrix) {
    const auto count = static_cast<std::int32_t>(matrix.item_count());
    primaries_ = static_cast<std::int32_t>(matrix.primary_count());
    last_item_ = count + 1;
    const std::vector<std::int32_t> number = detail::number_items(matrix, primaries_ + 1);
    declared_.assign(static_cast<std::size_t>(count) + 1, 0);
    for (ItemId i = 0; i < count; ++i)
      declared_[static_cast<std::size_t>(number[static_cast<std::size_t>(i)])] = i;
    len_.assign(static_cast<std::size_t>(last_item_), 0);
    aux_.assign(static_cast<std::size_t>(last_item_), -1);
    std::vector<std::int32_t> option_first;
    detail::lay_out(matrix, number, last_item_, links_, top_, color_, option_first);
    detail::link_lists(links_, top_, option_first, {}, count, len_.data(), nullptr);
  }

  Preprocessed run(std::uint32_t max_rounds) {
    Preprocessed out;
    for (std::int32_t c = 1; c < last_item_; ++c) {
      if (len_[static_cast<std::size_t>(c)] == 0 && no_options(c)) return infeasible(out);
    }
    for (rounds_ = 1; max_rounds == 0 || rounds_ <= max_rounds; ++rounds_) {
      bool change = false;
      for (std::int32_t c = 1; c < last_item_; ++c) {
        if (len_[static_cast<std::size_t>(c)] == 0) continue;
        if (!reduce(c, change)) return infeasible(out);
      }
      if (!change) break;
    }
    if (max_rounds != 0 && rounds_ > max_rounds) rounds_ = max_rounds;
    return result(out);
  }

 private:
  struct Link {
    std::int32_t up, down;
  };
  Link& ln(std::int32_t i) { return links_[static_cast<std::size_t>(i)]; }
  // A node's item: 0 for an empty node, not positive for a spacer (as laid out by the core).
  std::int32_t& top(std::int32_t i) { return top_[static_cast<std::size_t>(i)]; }
  std::int32_t color(std::int32_t i) const { return color_[static_cast<std::size_t>(i)]; }
  std::int32_t& len(std::int32_t item) { return len_[static_cast<std::size_t>(item)]; }

  // The next node of the option, rightward (cyclically), over empty nodes and the spacer.
  std::int32_t right(std::int32_t q) {
    for (++q; top(q) <= 0; q = ln(q).up) {
    }
    return q;
  }
  std::int32_t left(std::int32_t q) {
    for (--q; top(q) <= 0; q = ln(q).down) {
    }
    return q;
  }
  // True when node r is the first node left in its option.
  bool first_in_option(std::int32_t r) {
    std::int32_t q = r - 1;
    while (top(q) == 0 && ln(q).down == q - 1 && q >= last_item_ + 1) --q;
    return top(q) <= 0;
  }

  // Takes every option with item c uncolored out of the other lists; returns a primary item
  // left without options by it (the last one met), or 0.
  std::int32_t hide(std::int32_t c) {
    std::int32_t emptied = 0;
    for (std::int32_t rr = ln(c).down; rr >= last_item_; rr = ln(rr).down) {
      if (color(rr) != 0) continue;
      for (std::int32_t nn = right(rr); nn != rr; nn = right(nn)) {
        unlink(nn);
        const std::int32_t cc = top(nn);
        if (--len(cc) == 0 && cc <= primaries_) emptied = cc;
      }
    }
    return emptied;
  }
  void unhide(std::int32_t c) {
    for (std::int32_t rr = ln(c).down; rr >= last_item_; rr = ln(rr).down) {
      if (color(rr) != 0) continue;
      for (std::int32_t nn = right(rr); nn != rr; nn = right(nn)) {
        relink(nn);
        ++len(top(nn));
      }
    }
  }
  void unlink(std::int32_t q) { detail::unlink(links_.data(), q); }
  void relink(std::int32_t q) { detail::relink(links_.data(), q); }

  // One item's turn; returns false when a primary item is left without options.
  bool reduce(std::int32_t c, bool& change) {
    const std::int32_t forcing = hide(c);
    if (forcing != 0) {
      unhide(c);
      for (std::int32_t r = ln(c).down, next = 0; r >= last_item_; r = next) {
        next = ln(r).down;
        bool has = false;
        for (std::int32_t q = right(r); q != r && !has; q = right(q)) has = top(q) == forcing;
        if (has) {  // keep the option, without c
          ln(r).up = r + 1;
          ln(r).down = r - 1;
          top(r) = 0;
        } else if (!remove_others(r)) {
          return false;
        }
      }
      ln(c).up = ln(c).down = c;
      len(c) = 0;
      ++items_removed_;
      change = true;
      return true;
    }
    std::vector<std::int32_t> doomed;
    for (std::int32_t r = ln(c).down; r >= last_item_; r = ln(r).down) {
      if (color(r) == 0 && first_in_option(r) && blocks(r)) doomed.push_back(r);
    }
    unhide(c);
    // Last found, first removed; each option from the node after r round to r itself.
    for (auto it = doomed.rbegin(); it != doomed.rend(); ++it) {
      const std::int32_t r = *it;
      ++options_removed_;
      change = true;
      std::int32_t q = right(r);
      for (;;) {
        const std::int32_t cc = top(q);
        const std::int32_t after = right(q);
        unlink(q);
        if (--len(cc) == 0 && no_options(cc)) return false;
        if (q == r) break;
        q = after;
      }
    }
    return true;
  }

  // Removes option r's nodes other than r from their lists (r is in the list being emptied).
  bool remove_others(std::int32_t r) {
    ++options_removed_;
    for (std::int32_t q = right(r); q != r; q = right(q)) {
      const std::int32_t cc = top(q);
      unlink(q);
      if (--len(cc) == 0 && no_options(cc)) return false;
    }
    return true;
  }

  // An item just left without options: a secondary one is gone; a primary one makes the problem
  // infeasible (returns true then).
  bool no_options(std::int32_t item) {
    ++items_removed_;
    if (item > primaries_) return false;
    infeasible_item_ = item;
    return true;
  }

  // True when every option of some primary item outside option r clashes with r (c, r's item
  // being reduced, is hidden already).
  bool blocks(std::int32_t r) {
    for (std::int32_t q = right(r); q != r; q = right(q))
      aux_[static_cast<std::size_t>(top(q))] = r;
    hidden_.clear();
    bool blocked = false;
    for (std::int32_t q = right(r); q != r && !blocked; q = right(q)) {
      const std::int32_t cc = top(q), x = color(q);
      for (std::int32_t p = ln(cc).down; p >= last_item_; p = ln(p).down) {
        if (x > 0 && color(p) == x) continue;
        // Hide p, unless that empties a primary item outside r: then undo p's part and stop.
        for (std::int32_t qq = right(p); qq != p; qq = right(qq)) {
          const std::int32_t i = top(qq);
          if (len(i) == 1 && i <= primaries_ && aux_[static_cast<std::size_t>(i)] != r) {
            for (qq = left(qq); qq != p; qq = left(qq)) {
              relink(qq);
              ++len(top(qq));
            }
            blocked = true;
            break;
          }
          unlink(qq);
          --len(i);
        }
        if (blocked) break;
        hidden_.push_back(p);
      }
    }
    for (auto it = hidden_.rbegin(); it != hidden_.rend(); ++it) {
      const std::int32_t p = *it;
      for (std::int32_t qq = left(p); qq != p; qq = left(qq)) {
        relink(qq);
        ++len(top(qq));
      }
    }
    return blocked;
  }

  Preprocessed& infeasible(Preprocessed& out) {
    const ItemId item = declared_[static_cast<std::size_t>(infeasible_item_)];
    out.matrix.add_item(matrix_.item_name(item));
    out.infeasible = true;
    out.options_removed = matrix_.option_count();
    out.items_removed = matrix_.item_count() - 1;
    out.rounds = rounds_;
    return out;
  }

  Preprocessed& result(Preprocessed& out) {
    std::vector<ItemId> renamed(static_cast<std::size_t>(last_item_), -1);
    for (std::int32_t c = 1; c < last_item_; ++c) {
      if (len(c) == 0) continue;
      const ItemId item = declared_[static_cast<std::size_t>(c)];
      renamed[static_cast<std::size_t>(c)] = out.matrix.add_item(
          matrix_.item_name(item), c <= primaries_ ? ItemKind::primary : ItemKind::secondary);
    }
    std::vector<Entry> entries;
    for (std::int32_t c = 1; c < last_item_; ++c) {
      if (len(c) == 0) continue;
      for (std::int32_t r = ln(c).down; r >= last_item_; r = ln(r).down) {
        if (!first_in_option(r)) continue;
        entries.clear();
        std::int32_t q = r;
        while (top(q) >= 0) {
          if (top(q) > 0) entries.push_back({renamed[static_cast<std::size_t>(top(q))], color(q)});
          ++q;
        }
        const OptionId origin = -top(q) - 1;
        out.matrix.add_option(entries, matrix_.cost(origin));
        out.origin.push_back(origin);
      }
    }
    out.options_removed = matrix_.option_count() - out.matrix.option_count();
    out.items_removed = matrix_.item_count() - out.matrix.item_count();
    out.rounds = rounds_;
    return out;
  }

  const Matrix& matrix_;
  std::vector<ItemId> declared_;  // per internal item number: its ItemId
  std::int32_t primaries_ = 0;
  std::int32_t last_item_ = 0;
  std::vector<Link> links_;
  std::vector<std::int32_t> top_, color_;
  std::vector<std::int32_t> len_;
  std::vector<std::int32_t> aux_;
  std::vector<std::int32_t> hidden_;
  std::uint32_t rounds_ = 0;
  std::size_t options_removed_ = 0, items_removed_ = 0;
  std::int32_t infeasible_item_ = 0;
};

}  // namespace

Preprocessed preprocess(const Matrix& matrix, std::uint32_t max_rounds) {
  if (matrix.has_bounds()) throw std::invalid_argument("items with bounds are not preprocessed");
  return Reducer(matrix).run(max_rounds);
}

}  // namespace dlx
