// What the technique files share: the removal list, small set helpers and the pieces of the
// sentences describe() writes. Internal to the library.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/geometry.hpp"

namespace sudoku::detail {

// The candidates a step removes: listed when the step is explained, only counted otherwise (the
// fast reduction allocates nothing).
class Removed {
 public:
  explicit Removed(bool listed) : listed_(listed) {}
  void clear() noexcept {
    list_.clear();
    count_ = 0;
  }
  void add(Candidate removed) {
    ++count_;
    if (listed_) list_.push_back(removed);
  }
  bool empty() const noexcept { return count_ == 0; }
  const std::vector<Candidate>& list() const noexcept { return list_; }

 private:
  bool listed_;
  int count_ = 0;
  std::vector<Candidate> list_;
};

constexpr bool single(Mask m) noexcept {
  return m != 0 && (m & (m - 1)) == 0;
}
// True when the set has exactly two members.
constexpr bool two(std::uint64_t m) noexcept {
  const std::uint64_t rest = m & (m - 1);
  return rest != 0 && (rest & (rest - 1)) == 0;
}
constexpr int digit_of(Mask m) noexcept {
  return std::countr_zero(m) + 1;
}
// Sets of cells (or nodes) as bits: bit b is bit b % 64 of word b / 64.
inline int count_bits(const std::uint64_t* set, int words) noexcept {
  int n = 0;
  for (int w = 0; w < words; ++w) n += std::popcount(set[w]);
  return n;
}
// The lowest member, or -1 for an empty set.
inline int first_bit(const std::uint64_t* set, int words) noexcept {
  for (int w = 0; w < words; ++w)
    if (set[w] != 0) return w * 64 + std::countr_zero(set[w]);
  return -1;
}
inline bool test_bit(const std::uint64_t* set, int bit) noexcept {
  return (set[bit >> 6] >> (bit & 63) & 1) != 0;
}
inline void set_bit(std::uint64_t* set, int bit) noexcept {
  set[bit >> 6] |= std::uint64_t{1} << (bit & 63);
}
// True when the set has at most / at least k members (k small: cheaper than a count).
constexpr bool at_most(Mask m, int k) noexcept {
  for (; k > 0 && m != 0; --k) m &= m - 1;
  return m == 0;
}
constexpr bool at_least(Mask m, int k) noexcept {
  for (; k > 0 && m != 0; --k) m &= m - 1;
  return k == 0;
}

// The stop flag of the ladder running on this thread (EasiestFirst::round sets it), or nullptr:
// the long techniques (forcing nets, nested forcing chains, rule forcing chains) look at it
// between assumptions and, when it is raised, end early as if they found nothing (the caller
// checks the flag next and drops the round).
inline thread_local const std::atomic<bool>* running_stop = nullptr;
inline bool stop_asked() noexcept {
  return running_stop != nullptr && running_stop->load(std::memory_order_relaxed);
}
// Sets running_stop for a scope (when a flag is given), and puts the one before back.
class StopScope {
 public:
  explicit StopScope(const std::atomic<bool>* flag) noexcept : saved_(running_stop) {
    if (flag != nullptr) running_stop = flag;
  }
  ~StopScope() { running_stop = saved_; }
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

 private:
  const std::atomic<bool>* saved_;
};

inline bool reached(const Found& found, int limit) noexcept {
  return limit != 0 && found.steps >= limit;
}

// Counts a step found and, when the steps are listed, appends it as `make` builds it (nothing is
// built otherwise); true when the count reaches the limit.
template <typename Make>
bool take(Found& found, int limit, std::vector<Step>* steps, Make&& make) {
  if (steps) steps->push_back(make());
  ++found.steps;
  return reached(found, limit);
}

inline bool is_line(HouseKind kind) noexcept {
  return kind == HouseKind::row || kind == HouseKind::column;
}

// True when two different cells share a house.
inline bool sees(const Geometry& g, int a, int b) noexcept {
  return (g.peer_bits(a)[b >> 6] >> (b & 63) & 1) != 0;
}
// True when the cell lies in the house.
inline bool in_house(const Geometry& g, int house, int cell) noexcept {
  return (g.house_bits(house)[cell >> 6] >> (cell & 63) & 1) != 0;
}
// True when the open cell has the digit as a candidate.
inline bool has(const Candidates& c, int cell, int digit) noexcept {
  return c.value(cell) == 0 && (c.mask(cell) & digit_bit(digit)) != 0;
}
// The open cells of a house with the digit as a candidate, in house order; returns how many
// (`out` has room for a house).
inline int places_of(const Candidates& c, int house, int digit, int* out) noexcept {
  const Geometry& g = c.geometry();
  const std::uint16_t* cells = g.house_cells(house);
  int n = 0;
  for (int i = 0; i < g.size(); ++i)
    if (has(c, cells[i], digit)) out[n++] = cells[i];
  return n;
}

// Calls visit(set) for every k-subset of 0..n-1 given as a bitmask; stops when it returns
// true. The subsets come in lexicographic order of their members.
template <typename Visit>
bool for_each_subset(int n, int k, Visit&& visit) {
  if (k > n || k <= 0) return false;
  int index[16];
  for (int i = 0; i < k; ++i) index[i] = i;
  while (true) {
    std::uint64_t set = 0;
    for (int i = 0; i < k; ++i) set |= std::uint64_t{1} << index[i];
    if (visit(set)) return true;
    int i = k - 1;
    while (i >= 0 && index[i] == n - k + i) --i;
    if (i < 0) return false;
    ++index[i];
    for (int j = i + 1; j < k; ++j) index[j] = index[j - 1] + 1;
  }
}

// A digit in a sentence: its number, or its symbol in an alphabet of its own.
inline std::string digit_text(int size, int digit, const Symbols& symbols) {
  return symbols.is_default() ? std::to_string(digit) : std::string(1, symbols.symbol(size, digit));
}

inline std::string digit_list(int size, Mask digits, const Symbols& symbols) {
  std::string out = "{";
  for (Mask m = digits; m != 0; m &= m - 1) {
    if (out.size() > 1) out += ',';
    out += digit_text(size, digit_of(m), symbols);
  }
  return out + "}";
}

template <typename Cells>
std::string cell_list(const Geometry& g, const Cells& cells) {
  std::string out;
  for (int cell : cells) {
    if (!out.empty()) out += ", ";
    out += cell_name(g, cell);
  }
  return out;
}

// "removes 2 from r4c3, r4c9; 8 from r4c5", grouped by digit.
inline std::string removals(const Geometry& g, const std::vector<Candidate>& removed,
                            const Symbols& symbols) {
  std::map<int, std::vector<int>> by_digit;
  for (const Candidate& c : removed) by_digit[c.digit].push_back(c.cell);
  std::string out = "removes ";
  bool first = true;
  for (const auto& [digit, cells] : by_digit) {
    if (!first) out += "; ";
    first = false;
    out += digit_text(g.size(), digit, symbols) + " from " + cell_list(g, cells);
  }
  return out;
}

}  // namespace sudoku::detail
