#include "sudoku/logic/chains.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>
#include <string>

#include "logic/implications.hpp"
#include "logic/internal.hpp"
#include "logic/spread.hpp"

namespace sudoku {

using detail::first_bit;
using detail::set_bit;
using detail::test_bit;
using detail::two;

namespace {

// The other digits of a cell with candidates `m` that the node of digit d0 + 1 there links to
// within the cell: strongly, the other of a bivalue cell (of the pair, when the rules name one);
// weakly, every other one.
Mask cell_partners(const ChainRules& rules, Mask m, int d0, bool strong) noexcept {
  const bool links =
      strong ? rules.cell_links && two(m) && (rules.pair == 0 || m == rules.pair) : rules.cell_weak;
  return links ? m & ~digit_bit(d0 + 1) & rules.digits : 0;
}

// Chains longer than this many links are not looked for (the longest found on the sample sets are
// far shorter).
constexpr int max_links = 40;

}  // namespace

ChainEngine::ChainEngine(const Geometry& geometry, const LogicTables& tables)
    : links_(std::make_unique<detail::Implications>()),
      digits_(geometry.size()),
      cells_(geometry.cell_count()),
      stride_(cells_ + static_cast<int>(tables.intersections().size())),
      words_(geometry.cell_words()),
      node_words_((stride_ + 63) / 64) {
  links_->group_by(geometry, tables);
  const auto nodes = static_cast<std::size_t>(digits_) * static_cast<std::size_t>(stride_);
  spread_ = std::make_unique<detail::Spread>();
  present_.assign(static_cast<std::size_t>(digits_ * node_words_), 0);
  position_.assign(nodes, -1);
  nodes_.reserve(nodes);
  weak_start_.reserve(nodes + 1);
  strong_start_.reserve(nodes + 1);
}

ChainEngine::~ChainEngine() = default;

ChainEngine& ChainEngine::local(const Geometry& geometry, const LogicTables& tables) {
  // A few engines per thread, the most recently used first: a batch may alternate shapes.
  struct Entry {
    std::uint64_t serial = 0;
    std::unique_ptr<ChainEngine> engine;
  };
  thread_local Entry entries[4];
  for (Entry& e : entries)
    if (e.engine && e.serial == tables.serial()) {
      if (&e != &entries[0]) std::swap(e, entries[0]);
      return *entries[0].engine;
    }
  std::rotate(entries, entries + 3, entries + 4);
  entries[0].serial = tables.serial();
  entries[0].engine = std::make_unique<ChainEngine>(geometry, tables);
  return *entries[0].engine;
}

bool ChainEngine::exists(int node) const noexcept {
  if (node < 0 || node >= node_limit()) return false;
  return test_bit(present_.data() + static_cast<std::ptrdiff_t>(node / stride_) * node_words_,
                  node % stride_);
}

int ChainEngine::cell_of_node(int node) const noexcept {
  const int k = node % stride_;
  if (k < cells_) return k;
  return first_bit(links_->group_cells(node), words_);
}

ChainNode ChainEngine::describe_node(int node) const {
  ChainNode out{digit_of_node(node), {}};
  const int k = node % stride_;
  if (k < cells_) {
    out.cells.push_back(k);
    return out;
  }
  const std::uint64_t* cells = links_->group_cells(node);
  for (int w = 0; w < words_; ++w)
    for (std::uint64_t bits = cells[w]; bits != 0; bits &= bits - 1)
      out.cells.push_back(w * 64 + std::countr_zero(bits));
  return out;
}

void ChainEngine::load(const Candidates& c, const ChainRules& rules) {
  rules_ = rules;
  listed_ = false;
  // The links of a digit are kept while the candidates stay (the X-chains' digits, then the
  // XY-chains and nice loops of one position read the same).
  links_->load(c);
  std::fill(present_.begin(), present_.end(), 0);
  for (int d = 1; d <= digits_; ++d)
    if ((rules.digits & digit_bit(d)) != 0)
      std::copy_n(links_->link(d - 1, rules.groups), node_words_,
                  present_.data() + static_cast<std::ptrdiff_t>(d - 1) * node_words_);
}

bool ChainEngine::strong_link(int a, int b) const noexcept {
  if (!exists(a) || !exists(b) || a == b) return false;
  const int da = a / stride_, db = b / stride_, ka = a % stride_, kb = b % stride_;
  if (da == db) return rules_.house_links && test_bit(links_->strong(a), kb);
  if (ka != kb || ka >= cells_ || !rules_.cell_links) return false;
  const Mask m = links_->mask(ka);
  return two(m) && (rules_.pair == 0 || m == rules_.pair);
}

bool ChainEngine::weak_link(int a, int b) const noexcept {
  if (!exists(a) || !exists(b) || a == b) return false;
  const int da = a / stride_, db = b / stride_, ka = a % stride_, kb = b % stride_;
  if (da == db) return test_bit(links_->weak(a), kb);
  return rules_.cell_weak && ka == kb && ka < cells_;
}

int ChainEngine::position(int node) const noexcept {
  return exists(node) ? position_[static_cast<std::size_t>(node)] : -1;
}

int ChainEngine::search(int node, bool on, int max_links, int target, bool target_on) {
  if (!listed_) list_links();
  const int from = position(node);
  if (from < 0) {
    spread_->forget();
    return -1;
  }
  return spread_->trail(from, on, max_links, position(target), target_on);
}

void ChainEngine::list_links() {
  nodes_.clear();
  weak_start_.clear();
  weak_to_.clear();
  strong_start_.clear();
  strong_to_.clear();
  for (int d0 = 0; d0 < digits_; ++d0) {
    const std::uint64_t* present = present_.data() + static_cast<std::ptrdiff_t>(d0) * node_words_;
    for (int w = 0; w < node_words_; ++w)
      for (std::uint64_t bits = present[w]; bits != 0; bits &= bits - 1) {
        const int node = d0 * stride_ + w * 64 + std::countr_zero(bits);
        position_[static_cast<std::size_t>(node)] = static_cast<int>(nodes_.size());
        nodes_.push_back(node);
      }
  }
  for (const int node : nodes_) {
    const int d0 = node / stride_, k = node % stride_;
    const Mask m = k < cells_ ? links_->mask(k) : 0;
    for (int pass = 0; pass < 2; ++pass) {
      const bool strong = pass == 1;
      std::vector<int>& to = strong ? strong_to_ : weak_to_;
      (strong ? strong_start_ : weak_start_).push_back(static_cast<int>(to.size()));
      if (!strong || rules_.house_links) {
        const std::uint64_t* links = strong ? links_->strong(node) : links_->weak(node);
        for (int w = 0; w < node_words_; ++w)
          for (std::uint64_t bits = links[w]; bits != 0; bits &= bits - 1)
            to.push_back(position_[static_cast<std::size_t>(d0 * stride_ + w * 64 +
                                                            std::countr_zero(bits))]);
      }
      for (Mask others = cell_partners(rules_, m, d0, strong); others != 0; others &= others - 1)
        to.push_back(position_[static_cast<std::size_t>(std::countr_zero(others) * stride_ + k)]);
    }
  }
  weak_start_.push_back(static_cast<int>(weak_to_.size()));
  strong_start_.push_back(static_cast<int>(strong_to_.size()));
  listed_ = true;
  // The propagation's ids are the positions: its arrays as small as the nodes.
  const auto count = static_cast<int>(nodes_.size());
  for (int p = static_cast<int>(identity_.size()); p < count; ++p) identity_.push_back(p);
  detail::LinkLists lists;
  lists.ids = count;
  lists.rows = identity_.data();
  lists.row_count = count;
  lists.index = identity_.data();
  lists.rows_are_ids = true;
  lists.on_first = weak_start_.data();
  lists.on_end = weak_start_.data() + 1;
  lists.on_to = weak_to_.data();
  lists.off_start = strong_start_.data();
  lists.off_to = strong_to_.data();
  spread_->start(lists);
}

void ChainEngine::loops(const int* starts, int count, int max_links, int* out) {
  if (!listed_) list_links();
  // 64 starts at a time; a node the position lacks has no chain.
  int from[64], at[64], found[64];
  for (int i = 0; i < count; ++i) out[i] = -1;
  for (int first = 0; first < count;) {
    int batch = 0;
    for (; first < count && batch < 64; ++first)
      if (const int p = position(starts[first]); p >= 0) {
        from[batch] = p;
        at[batch++] = first;
      }
    spread_->opposite(from, batch, true, max_links, found);
    for (int i = 0; i < batch; ++i) out[at[i]] = found[i];
  }
}

bool ChainEngine::reached(int node, bool on) const noexcept {
  const int p = position(node);
  return p >= 0 && spread_->reached(p, on);
}

int ChainEngine::distance(int node, bool on) const noexcept {
  const int p = position(node);
  return p >= 0 ? spread_->distance(p, on) : -1;
}

void ChainEngine::path(int node, bool on, std::vector<int>& states) const {
  states.clear();
  const int p = position(node);
  if (p < 0) return;
  spread_->path(p, on, states);
  for (int& f : states) f = state(nodes_[static_cast<std::size_t>(f >> 1)], (f & 1) != 0);
}

void ChainEngine::weak_candidates(int node, std::uint64_t* out) const noexcept {
  std::fill_n(out, digits_ * words_, 0);
  const int d0 = node / stride_, k = node % stride_;
  const std::uint64_t* board = links_->board(d0);
  const std::uint64_t* peers =
      k < cells_ ? links_->geometry().peer_bits(k) : links_->group_peers(node);
  std::uint64_t* mine = out + static_cast<std::ptrdiff_t>(d0) * words_;
  for (int w = 0; w < words_; ++w) mine[w] = peers[w] & board[w];
  if (k >= cells_) return;
  for (Mask m = links_->mask(k) & ~digit_bit(d0 + 1); m != 0; m &= m - 1)
    set_bit(out + static_cast<std::ptrdiff_t>(std::countr_zero(m)) * words_, k);
}

namespace {

std::string digit_text(int size, int digit, const Symbols& symbols) {
  return symbols.is_default() ? std::to_string(digit) : std::string(1, symbols.symbol(size, digit));
}

// A node's cells: "r1c2", "r1c23" (a group in a row), "r23c1" (in a column), else listed.
std::string cells_text(const Geometry& g, const std::vector<int>& cells) {
  if (cells.size() == 1) return cell_name(g, cells.front());
  bool one_row = true, one_column = true;
  for (const int cell : cells) {
    one_row = one_row && g.row_of(cell) == g.row_of(cells.front());
    one_column = one_column && g.column_of(cell) == g.column_of(cells.front());
  }
  if (g.width() <= 9 && (one_row || one_column)) {
    std::string rows, columns;
    for (const int cell : cells) {
      if (!one_row || rows.empty()) rows += std::to_string(g.row_of(cell) + 1);
      if (!one_column || columns.empty()) columns += std::to_string(g.column_of(cell) + 1);
    }
    return "r" + rows + "c" + columns;
  }
  std::string out = "{";
  for (const int cell : cells) {
    if (out.size() > 1) out += ',';
    out += cell_name(g, cell);
  }
  return out + "}";
}

}  // namespace

std::string eureka(const Geometry& geometry, const Chain& chain, const Symbols& symbols) {
  const int n = geometry.size();
  const auto& nodes = chain.nodes;
  std::string out;
  const auto same_cell = [&](std::size_t a, std::size_t b) {
    return nodes[a].cells.size() == 1 && nodes[b].cells == nodes[a].cells;
  };
  const auto link = [&](std::size_t i) {
    return i < chain.strong.size() && chain.strong[i] ? "=" : "-";
  };
  // Appended piece by piece (GCC 12 warns wrongly about "(" + a temporary string).
  const auto node = [&](std::size_t i, const char* inner, std::size_t j) {
    out += '(';
    out += digit_text(n, nodes[i].digit, symbols);
    if (inner != nullptr) {
      out += inner;
      out += digit_text(n, nodes[j].digit, symbols);
    }
    out += ')';
    out += cells_text(geometry, nodes[i].cells);
  };
  for (std::size_t i = 0; i < nodes.size();) {
    if (i + 1 < nodes.size() && same_cell(i, i + 1)) {
      node(i, link(i), i + 1);
      i += 2;
    } else {
      node(i, nullptr, i);
      i += 1;
    }
    if (i < nodes.size()) out += link(i - 1);
  }
  if (chain.loop && !nodes.empty()) {
    out += '-';
    node(0, nullptr, 0);
  }
  return out;
}

std::string describe_chain(const Geometry& geometry, const Step& step, const Symbols& symbols) {
  const int n = geometry.size();
  std::string out = std::string(technique_name(step.technique)) + ": " +
                    eureka(geometry, step.chain, symbols) + " => ";
  bool first = true;
  for (const Candidate& p : step.placed) {
    if (!first) out += ", ";
    first = false;
    out += cell_name(geometry, p.cell) + "=" + digit_text(n, p.digit, symbols);
  }
  // Eliminations by digit, digits with the same cells together: "r2c2,r3c2<>5; r5c5<>17".
  std::map<int, std::vector<int>> by_digit;
  for (const Candidate& r : step.removed) by_digit[r.digit].push_back(r.cell);
  std::vector<std::pair<std::vector<int>, std::string>> groups;
  for (auto& [digit, cells] : by_digit) {
    std::sort(cells.begin(), cells.end());
    // Captured by name: clang 14 (em++, the fuzz build) cannot capture a structured binding.
    auto same = std::find_if(groups.begin(), groups.end(),
                             [&c = cells](const auto& g) { return g.first == c; });
    if (same != groups.end() && n <= 9) {
      same->second += digit_text(n, digit, symbols);
    } else {
      groups.emplace_back(cells, digit_text(n, digit, symbols));
    }
  }
  for (const auto& [cells, digits] : groups) {
    if (!first) out += "; ";
    first = false;
    std::string list;
    for (const int cell : cells) {
      if (!list.empty()) list += ',';
      list += cell_name(geometry, cell);
    }
    out += list + "<>" + digits;
  }
  return out;
}

namespace {

enum class Kind { remote_pair, x_chain, xy_chain, nice_loop, grouped_nice_loop };

// A candidate a chain removes, found in the first pass: the chain is found again, on the
// candidates of the moment, when its turn comes.
struct Record {
  int links = 0;
  int configuration = 0;
  int cell = 0, digit = 0;
};

// The rules of a technique's configuration (one per digit for X-Chains, one per pair for Remote
// Pairs, else one); false when there is no such configuration.
bool configure(const Candidates& c, Kind kind, int index, ChainRules& rules) {
  const int n = c.geometry().size();
  rules = ChainRules{};
  switch (kind) {
    case Kind::x_chain:
      if (index >= n) return false;
      rules.digits = digit_bit(index + 1);
      rules.cell_links = false;
      rules.cell_weak = false;
      return true;
    case Kind::remote_pair: {
      if (index >= n * n) return false;
      const int a = index / n + 1, b = index % n + 1;
      rules.digits = digit_bit(a) | digit_bit(b);
      rules.pair = rules.digits;
      rules.house_links = false;
      rules.cell_weak = false;
      if (a >= b) rules.pair = 0;  // each pair once: an empty configuration, skipped below
      return true;
    }
    case Kind::xy_chain:
      if (index > 0) return false;
      rules.house_links = false;
      rules.cell_weak = false;
      return true;
    case Kind::nice_loop:
    case Kind::grouped_nice_loop:
      if (index > 0) return false;
      rules.groups = kind == Kind::grouped_nice_loop;
      return true;
  }
  return false;
}

// Whether a configuration can hold a chain at all (remote pairs: four cells of the pair).
bool worth(const Candidates& c, Kind kind, const ChainRules& rules) {
  if (kind != Kind::remote_pair) return true;
  if (rules.pair == 0) return false;
  int cells = 0;
  for (int cell = 0; cell < c.geometry().cell_count(); ++cell)
    cells += c.value(cell) == 0 && c.mask(cell) == rules.pair ? 1 : 0;
  return cells >= 4;
}

// The fewest links from a candidate around its chain and back: a Remote Pair has four cells or
// more (two are a naked pair), other chains one node or more.
int shortest(Kind kind) {
  return kind == Kind::remote_pair ? 9 : 0;
}

struct Scratch {
  std::vector<Record> records;
  std::vector<int> states, starts, links;
  std::vector<std::uint64_t> a, z, weak, removals;
};

Found run(Candidates& c, const LogicTables& tables, Kind kind, std::vector<Step>* steps,
          int limit) {
  Found found;
  const Geometry& g = c.geometry();
  const int n = g.size();
  ChainEngine& engine = ChainEngine::local(g, tables);
  thread_local Scratch scratch;
  const auto words = static_cast<std::size_t>(engine.cell_words());
  const auto all_words = static_cast<std::size_t>(n) * words;
  if (scratch.a.size() < all_words) {
    scratch.a.resize(all_words);
    scratch.z.resize(all_words);
    scratch.weak.resize(all_words);
    scratch.removals.resize(all_words);
  }
  auto& records = scratch.records;
  records.clear();
  ChainRules rules;
  // First pass: the shortest chain removing each candidate (with limit 1, only chains shorter
  // than the best so far are looked for).
  int best = max_links + 1;
  int loaded = -1;  // the configuration the engine holds, on the candidates of the moment
  for (int index = 0; configure(c, kind, index, rules); ++index) {
    if (!worth(c, kind, rules)) continue;
    engine.load(c, rules);
    loaded = index;
    auto& starts = scratch.starts;
    starts.clear();
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      if (c.value(cell) != 0) continue;
      for (Mask m = c.mask(cell) & rules.digits; m != 0; m &= m - 1)
        starts.push_back(engine.node_of(cell, std::countr_zero(m) + 1));
    }
    scratch.links.resize(starts.size());
    // With limit 1, 64 starts at a time (as loops() takes them): those after look only for
    // chains shorter than the best so far.
    const std::size_t chunk = limit == 1 ? 64 : std::max<std::size_t>(starts.size(), 1);
    for (std::size_t first = 0; first < starts.size(); first += chunk) {
      const std::size_t count = std::min(chunk, starts.size() - first);
      engine.loops(starts.data() + first, static_cast<int>(count),
                   limit == 1 ? std::min(best - 1, max_links) : max_links,
                   scratch.links.data() + first);
      for (std::size_t i = first; i < first + count; ++i) {
        const int links = scratch.links[i];
        if (links < shortest(kind) || (limit == 1 && links >= best)) continue;
        if (limit == 1) {
          best = links;
          records.clear();
        }
        records.push_back(
            {links, index, engine.cell_of_node(starts[i]), engine.digit_of_node(starts[i])});
      }
    }
  }
  if (records.empty()) return found;
  std::stable_sort(records.begin(), records.end(),
                   [](const Record& x, const Record& y) { return x.links < y.links; });
  // Second pass: each chain found again on the candidates of the moment, and applied.
  auto& states = scratch.states;
  for (const Record& record : records) {
    if ((c.mask(record.cell) & digit_bit(record.digit)) == 0 || c.value(record.cell) != 0) continue;
    configure(c, kind, record.configuration, rules);
    if (loaded != record.configuration) {
      engine.load(c, rules);
      loaded = record.configuration;
    }
    const int node = engine.node_of(record.cell, record.digit);
    if (engine.search(node, true, max_links, node, false) < shortest(kind)) continue;
    engine.path(node, false, states);
    // states: the candidate (on), the chain's nodes, the candidate (off).
    const std::size_t first = 1, last = states.size() - 2;
    if (last <= first) continue;
    // A node twice would make the chain a lasso; only the ends may be the same node.
    bool simple = true;
    for (std::size_t i = first; i <= last && simple; ++i)
      for (std::size_t j = i + 1; j <= last && simple; ++j)
        if (ChainEngine::node_of_state(states[i]) == ChainEngine::node_of_state(states[j]) &&
            !(i == first && j == last))
          simple = false;
    if (!simple) continue;
    const int a = ChainEngine::node_of_state(states[first]);
    const int z = ChainEngine::node_of_state(states[last]);
    std::uint64_t* const removals = scratch.removals.data();
    std::fill_n(removals, all_words, 0);
    int place_cell = -1, place_digit = 0;
    bool loop = false;
    if (a == z) {
      if (engine.is_group(a)) {
        engine.weak_candidates(a, removals);
      } else {
        place_cell = engine.cell_of_node(a);
        place_digit = engine.digit_of_node(a);
      }
    } else {
      loop = last - first + 1 >= 4 && engine.weak_link(z, a);
      const auto add_common = [&](int p, int q) {
        engine.weak_candidates(p, scratch.a.data());
        engine.weak_candidates(q, scratch.z.data());
        for (std::size_t w = 0; w < all_words; ++w) removals[w] |= scratch.a[w] & scratch.z[w];
      };
      if (loop) {
        for (std::size_t i = first; i < last; ++i)
          add_common(ChainEngine::node_of_state(states[i]),
                     ChainEngine::node_of_state(states[i + 1]));
      }
      add_common(a, z);
      if (kind == Kind::remote_pair) {
        // The chain read with the other digit of the pair: its ends are the same two cells.
        const int other = std::countr_zero(rules.pair & ~digit_bit(engine.digit_of_node(a))) + 1;
        add_common(engine.node_of(engine.cell_of_node(a), other),
                   engine.node_of(engine.cell_of_node(z), other));
      }
    }
    // Apply.
    Step step;
    const bool listed = steps != nullptr;
    int removed = 0;
    if (place_cell >= 0) {
      if (!c.assign(place_cell, place_digit)) continue;
      if (listed) step.placed.push_back({place_cell, place_digit});
    } else {
      for (int d = 1; d <= n; ++d) {
        const std::uint64_t* set = removals + static_cast<std::ptrdiff_t>(d - 1) * words;
        for (std::size_t w = 0; w < words; ++w)
          for (std::uint64_t bits = set[w]; bits != 0; bits &= bits - 1) {
            const int cell = static_cast<int>(w) * 64 + std::countr_zero(bits);
            if (c.value(cell) == 0 && c.eliminate(cell, d)) {
              ++removed;
              if (listed) step.removed.push_back({cell, d});
            }
          }
      }
      if (removed == 0) continue;
    }
    loaded = -1;  // the candidates changed
    if (listed) {
      bool grouped = false;
      for (std::size_t i = first; i <= last; ++i) {
        const int node = ChainEngine::node_of_state(states[i]);
        grouped = grouped || engine.is_group(node);
        step.chain.nodes.push_back(engine.describe_node(node));
        if (i < last) step.chain.strong.push_back(!ChainEngine::on_of_state(states[i]));
        step.digits |= digit_bit(engine.digit_of_node(node));
        for (const int cell : step.chain.nodes.back().cells)
          if (std::find(step.cells.begin(), step.cells.end(), cell) == step.cells.end())
            step.cells.push_back(cell);
      }
      step.chain.loop = loop;
      if (loop) step.chain.strong.push_back(false);
      // The houses of the links between cells, in the chain's order (where a hint says to look).
      const auto& nodes = step.chain.nodes;
      for (std::size_t i = 0; i < step.chain.strong.size(); ++i) {
        const ChainNode& p = nodes[i];
        const ChainNode& q = nodes[(i + 1) % nodes.size()];
        if (p.digit != q.digit) continue;
        for (const int h : g.houses_of(p.cells.front())) {
          const std::uint64_t* in = g.house_bits(h);
          const auto inside = [&](int cell) { return test_bit(in, cell); };
          if (!std::all_of(p.cells.begin(), p.cells.end(), inside) ||
              !std::all_of(q.cells.begin(), q.cells.end(), inside))
            continue;
          if (std::find(step.houses.begin(), step.houses.end(), h) == step.houses.end())
            step.houses.push_back(h);
          break;
        }
      }
      switch (kind) {
        case Kind::remote_pair:
          step.technique = Technique::remote_pair;
          break;
        case Kind::x_chain:
          step.technique = Technique::x_chain;
          break;
        case Kind::xy_chain:
          step.technique = Technique::xy_chain;
          break;
        case Kind::nice_loop:
        case Kind::grouped_nice_loop:
          step.technique =
              grouped ? (loop ? Technique::grouped_continuous_nice_loop : Technique::grouped_aic)
                      : (loop ? Technique::continuous_nice_loop : Technique::aic);
          break;
      }
      steps->push_back(std::move(step));
    }
    ++found.steps;
    if (limit != 0 && found.steps >= limit) return found;
  }
  return found;
}

}  // namespace

Found remote_pair(Candidates& c, const LogicTables& tables, std::vector<Step>* steps, int limit) {
  return run(c, tables, Kind::remote_pair, steps, limit);
}

Found x_chain(Candidates& c, const LogicTables& tables, std::vector<Step>* steps, int limit) {
  return run(c, tables, Kind::x_chain, steps, limit);
}

Found xy_chain(Candidates& c, const LogicTables& tables, std::vector<Step>* steps, int limit) {
  return run(c, tables, Kind::xy_chain, steps, limit);
}

Found nice_loop(Candidates& c, const LogicTables& tables, bool grouped, std::vector<Step>* steps,
                int limit) {
  return run(c, tables, grouped ? Kind::grouped_nice_loop : Kind::nice_loop, steps, limit);
}

}  // namespace sudoku
