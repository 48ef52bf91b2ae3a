// DLX-PRE's reductions on dancing links laid out as the solvers lay them out: item headers
// 1..n, then the options one after the other between spacers. A spacer's up is the first node of
// the option before it, its down the last node of the option after it. An item taken out of an
// option leaves an empty node (item 0) whose up and down point to its right and left neighbours,
// so that walking an option, rightward by up and leftward by down at every node without an item,
// passes over it.
#include "dlx/preprocess.hpp"

#include <stdexcept>

namespace dlx {

namespace {

class Reducer {
 public:
  explicit Reducer(const Matrix& matrix) : matrix_(matrix) {
    const auto count = static_cast<std::int32_t>(matrix.item_count());
    declared_.assign(static_cast<std::size_t>(count) + 1, 0);
    std::vector<std::int32_t> internal(matrix.item_count());
    std::int32_t number = 0;
    for (ItemKind kind : {ItemKind::primary, ItemKind::secondary}) {
      for (std::int32_t i = 0; i < count; ++i) {
        if (matrix.item_kind(i) != kind) continue;
        internal[static_cast<std::size_t>(i)] = ++number;
        declared_[static_cast<std::size_t>(number)] = i;
      }
    }
    primaries_ = static_cast<std::int32_t>(matrix.primary_count());
    last_item_ = count + 1;
    len_.assign(static_cast<std::size_t>(last_item_), 0);
    aux_.assign(static_cast<std::size_t>(last_item_), -1);
    nodes_.reserve(static_cast<std::size_t>(last_item_) + matrix.entry_count() +
                   matrix.option_count() + 1);
    for (std::int32_t i = 0; i < last_item_; ++i) nodes_.push_back(Node{i, i, 0, 0});
    nodes_.push_back(Node{0, 0, 0, 0});  // the first spacer
    for (std::size_t o = 0; o < matrix.option_count(); ++o) {
      const auto spacer = static_cast<std::int32_t>(nodes_.size() - 1);
      for (const Entry& e : matrix.option(static_cast<OptionId>(o))) {
        const std::int32_t item = internal[static_cast<std::size_t>(e.item)];
        const auto node = static_cast<std::int32_t>(nodes_.size());
        const std::int32_t bottom = nodes_[static_cast<std::size_t>(item)].up;
        nodes_.push_back(Node{bottom, item, item, e.color});
        nodes_[static_cast<std::size_t>(bottom)].down = node;
        nodes_[static_cast<std::size_t>(item)].up = node;
        ++len_[static_cast<std::size_t>(item)];
      }
      nd(spacer).down = static_cast<std::int32_t>(nodes_.size() - 1);
      nodes_.push_back(Node{spacer + 1, 0, -static_cast<std::int32_t>(o) - 1, 0});
    }
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
  struct Node {
    std::int32_t up, down;
    std::int32_t itm;  // the item; 0 for an empty node; minus one more than the option for a spacer
    std::int32_t color;
  };
  Node& nd(std::int32_t i) { return nodes_[static_cast<std::size_t>(i)]; }
  std::int32_t& len(std::int32_t item) { return len_[static_cast<std::size_t>(item)]; }

  // The next node of the option, rightward (cyclically), over empty nodes and the spacer.
  std::int32_t right(std::int32_t q) {
    for (++q; nd(q).itm <= 0; q = nd(q).up) {
    }
    return q;
  }
  std::int32_t left(std::int32_t q) {
    for (--q; nd(q).itm <= 0; q = nd(q).down) {
    }
    return q;
  }
  // True when node r is the first node left in its option.
  bool first_in_option(std::int32_t r) {
    std::int32_t q = r - 1;
    while (nd(q).itm == 0 && nd(q).down == q - 1 && q >= last_item_ + 1) --q;
    return nd(q).itm <= 0;
  }

  // Takes every option with item c uncolored out of the other lists; returns a primary item
  // left without options by it (the last one met), or 0.
  std::int32_t hide(std::int32_t c) {
    std::int32_t emptied = 0;
    for (std::int32_t rr = nd(c).down; rr >= last_item_; rr = nd(rr).down) {
      if (nd(rr).color != 0) continue;
      for (std::int32_t nn = right(rr); nn != rr; nn = right(nn)) {
        unlink(nn);
        const std::int32_t cc = nd(nn).itm;
        if (--len(cc) == 0 && cc <= primaries_) emptied = cc;
      }
    }
    return emptied;
  }
  void unhide(std::int32_t c) {
    for (std::int32_t rr = nd(c).down; rr >= last_item_; rr = nd(rr).down) {
      if (nd(rr).color != 0) continue;
      for (std::int32_t nn = right(rr); nn != rr; nn = right(nn)) {
        relink(nn);
        ++len(nd(nn).itm);
      }
    }
  }
  void unlink(std::int32_t q) {
    nd(nd(q).up).down = nd(q).down;
    nd(nd(q).down).up = nd(q).up;
  }
  void relink(std::int32_t q) {
    nd(nd(q).up).down = q;
    nd(nd(q).down).up = q;
  }

  // One item's turn; returns false when a primary item is left without options.
  bool reduce(std::int32_t c, bool& change) {
    const std::int32_t forcing = hide(c);
    if (forcing != 0) {
      unhide(c);
      for (std::int32_t r = nd(c).down, next = 0; r >= last_item_; r = next) {
        next = nd(r).down;
        bool has = false;
        for (std::int32_t q = right(r); q != r && !has; q = right(q)) has = nd(q).itm == forcing;
        if (has) {  // keep the option, without c
          nd(r).up = r + 1;
          nd(r).down = r - 1;
          nd(r).itm = 0;
        } else if (!remove_others(r)) {
          return false;
        }
      }
      nd(c).up = nd(c).down = c;
      len(c) = 0;
      ++items_removed_;
      change = true;
      return true;
    }
    std::vector<std::int32_t> doomed;
    for (std::int32_t r = nd(c).down; r >= last_item_; r = nd(r).down) {
      if (nd(r).color == 0 && first_in_option(r) && blocks(r)) doomed.push_back(r);
    }
    unhide(c);
    // Last found, first removed; each option from the node after r round to r itself.
    for (auto it = doomed.rbegin(); it != doomed.rend(); ++it) {
      const std::int32_t r = *it;
      ++options_removed_;
      change = true;
      std::int32_t q = right(r);
      for (;;) {
        const std::int32_t cc = nd(q).itm;
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
      const std::int32_t cc = nd(q).itm;
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
      aux_[static_cast<std::size_t>(nd(q).itm)] = r;
    hidden_.clear();
    bool blocked = false;
    for (std::int32_t q = right(r); q != r && !blocked; q = right(q)) {
      const std::int32_t cc = nd(q).itm, x = nd(q).color;
      for (std::int32_t p = nd(cc).down; p >= last_item_; p = nd(p).down) {
        if (x > 0 && nd(p).color == x) continue;
        // Hide p, unless that empties a primary item outside r: then undo p's part and stop.
        for (std::int32_t qq = right(p); qq != p; qq = right(qq)) {
          const std::int32_t i = nd(qq).itm;
          if (len(i) == 1 && i <= primaries_ && aux_[static_cast<std::size_t>(i)] != r) {
            for (qq = left(qq); qq != p; qq = left(qq)) {
              relink(qq);
              ++len(nd(qq).itm);
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
        ++len(nd(qq).itm);
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
      for (std::int32_t r = nd(c).down; r >= last_item_; r = nd(r).down) {
        if (!first_in_option(r)) continue;
        entries.clear();
        std::int32_t q = r;
        while (nd(q).itm >= 0) {
          if (nd(q).itm > 0)
            entries.push_back({renamed[static_cast<std::size_t>(nd(q).itm)], nd(q).color});
          ++q;
        }
        const OptionId origin = -nd(q).itm - 1;
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
  std::vector<Node> nodes_;
  std::vector<std::int32_t> len_;
  std::vector<std::int32_t> aux_;
  std::vector<std::int32_t> hidden_;
  std::uint32_t rounds_ = 0;
  std::size_t options_removed_ = 0, items_removed_ = 0;
  std::int32_t infeasible_item_ = 0;
};

}  // namespace

Preprocessed preprocess(const Matrix& matrix, std::uint32_t max_rounds) {
  if (matrix.has_bounds())
    throw std::invalid_argument("dlx::preprocess: items with bounds are not preprocessed");
  return Reducer(matrix).run(max_rounds);
}

}  // namespace dlx
