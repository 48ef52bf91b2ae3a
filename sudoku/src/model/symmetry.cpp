#include "sudoku/model/symmetry.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>

namespace sudoku {

namespace {

using Perm = std::vector<int>;

// The most symmetries a group tried element by element may have (16x16 hyper: 165,888).
constexpr std::uint64_t list_limit = 200000;

// Output cell (i, j) of a symmetry takes the input cell cell_map[i * n + j].
void cell_map(int n, const Symmetry& s, std::vector<int>& map) {
  map.resize(static_cast<std::size_t>(n * n));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const int r = s.rows[static_cast<std::size_t>(i)], c = s.cols[static_cast<std::size_t>(j)];
      map[static_cast<std::size_t>(i * n + j)] = s.transpose ? c * n + r : r * n + c;
    }
}

// The sets of lines (as bit masks of row or column indices) that the boxes span: the bands.
std::vector<std::uint64_t> bands(int n, int width) {
  std::vector<std::uint64_t> family;
  for (int first = 0; first < n; first += width)
    family.push_back(((width == 64 ? 0 : std::uint64_t{1} << width) - 1) << first);
  return family;
}

// Permutations p of 0..n-1 that map every set of `family` onto a set of `family` (line i of the
// image is line p[i]); with `centre`, only those that commute with the reversal (p[n-1-i] =
// n-1-p[i]), which the diagonals need.
// Throws SymmetryError past `limit` permutations.
void family_perms(int n, const std::vector<std::uint64_t>& family, bool centre, Perm& p,
                  std::uint64_t used, int i, std::uint64_t limit, std::vector<Perm>& out) {
  if (i == n) {
    if (out.size() >= limit) throw SymmetryError("too many");
    out.push_back(p);
    return;
  }
  for (int target = 0; target < n; ++target) {
    if (used >> target & 1) continue;
    if (centre && n - 1 - i < i && target != n - 1 - p[static_cast<std::size_t>(n - 1 - i)])
      continue;
    p[static_cast<std::size_t>(i)] = target;
    bool fits = true;
    for (std::uint64_t set : family) {
      if (!(set >> i & 1)) continue;
      std::uint64_t image = 0;
      for (int k = 0; k <= i; ++k)
        if (set >> k & 1) image |= std::uint64_t{1} << p[static_cast<std::size_t>(k)];
      fits = std::any_of(family.begin(), family.end(), [&](std::uint64_t other) {
        return std::popcount(other) == std::popcount(set) && (image & ~other) == 0;
      });
      if (!fits) break;
    }
    if (fits)
      family_perms(n, family, centre, p, used | std::uint64_t{1} << target, i + 1, limit, out);
  }
}

std::vector<Perm> family_perms(int n, const std::vector<std::uint64_t>& family, bool centre,
                               std::uint64_t limit = UINT64_MAX) {
  std::vector<Perm> out;
  Perm p(static_cast<std::size_t>(n));
  family_perms(n, family, centre, p, 0, 0, limit, out);
  return out;
}

// True when a symmetry maps every house of the geometry onto a house (and, on a shape with chess
// constraints, every cell's peers onto its image's: a knight's or king's move onto another).
bool keeps_houses(const Geometry& g, const Symmetry& s, std::vector<int>& map) {
  const int n = g.size(), words = g.cell_words();
  cell_map(n, s, map);
  std::vector<std::uint64_t> image(static_cast<std::size_t>(words));
  if (g.chess() != Chess::none)
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      std::fill(image.begin(), image.end(), 0);
      for (const int peer : g.peers(cell)) {
        const int to = map[static_cast<std::size_t>(peer)];
        image[static_cast<std::size_t>(to / 64)] |= std::uint64_t{1} << (to % 64);
      }
      if (!std::equal(image.begin(), image.end(), g.peer_bits(map[static_cast<std::size_t>(cell)])))
        return false;
    }
  for (const House& h : g.houses()) {
    std::fill(image.begin(), image.end(), 0);
    for (int cell : h.cells) {
      const int to = map[static_cast<std::size_t>(cell)];
      image[static_cast<std::size_t>(to / 64)] |= std::uint64_t{1} << (to % 64);
    }
    const int first = map[static_cast<std::size_t>(h.cells.front())];
    bool found = false;
    for (int other : g.houses_of(first))
      if (std::equal(image.begin(), image.end(), g.house_bits(other))) found = true;
    if (!found) return false;
  }
  return true;
}

bool regular(const Geometry& g) {
  return g.variant() == Variant::regular && g.chess() == Chess::none;
}

// The line families of a shape: the bands, and the lines of the hyper windows.
std::vector<std::uint64_t> line_family(const Geometry& g, bool columns) {
  const int n = g.size();
  std::vector<std::uint64_t> family = bands(n, columns ? g.box_cols() : g.box_rows());
  if (g.variant() == Variant::hyper || g.variant() == Variant::hyper_x) {
    const int b = g.box_rows();
    for (int i = 0; i + 1 < b; ++i)
      family.push_back(((std::uint64_t{1} << b) - 1) << (1 + i * (b + 1)));
  }
  return family;
}

[[noreturn]] void too_many(const Geometry& g) {
  const std::string n = std::to_string(g.size());
  throw SymmetryError("the symmetries of a " + n + "x" + n + " " + shape_name(g) +
                      " sudoku are too many to list");
}

// Every symmetry of a shape that is not regular, each checked to keep the houses.
std::vector<Symmetry> listed_symmetries(const Geometry& g, std::uint64_t limit) {
  const int n = g.size();
  std::vector<Perm> rows, cols;
  const bool diagonals = g.variant() == Variant::x || g.variant() == Variant::hyper_x;
  // A jigsaw, or a regular shape with chess constraints (no permutation of bands or lines but
  // their reversal keeps a knight's or king's move): the symmetries of the square, filtered.
  if (g.variant() == Variant::jigsaw || g.variant() == Variant::regular) {
    Perm id(static_cast<std::size_t>(n)), rev(static_cast<std::size_t>(n));
    std::iota(id.begin(), id.end(), 0);
    std::iota(rev.rbegin(), rev.rend(), 0);
    rows = cols = {id, rev};
  } else {
    try {
      rows = family_perms(n, line_family(g, false), diagonals, limit);
      if (!diagonals) cols = family_perms(n, line_family(g, true), false, limit);
    } catch (const SymmetryError&) {
      too_many(g);
    }
  }
  if (rows.size() * (diagonals ? 2 : cols.size()) * 2 > 8 * limit) too_many(g);
  std::vector<Symmetry> out;
  std::vector<int> map;
  for (int t = 0; t < 2; ++t)
    for (const Perm& p : rows) {
      const auto consider = [&](const Perm& q) {
        Symmetry s{t == 1, p, q};
        if (keeps_houses(g, s, map)) out.push_back(std::move(s));
      };
      if (diagonals) {
        // A diagonal's image is a diagonal: the columns follow the rows, or their reversal.
        Perm anti(p.size());
        for (std::size_t j = 0; j < p.size(); ++j) anti[j] = n - 1 - p[j];
        consider(p);
        consider(anti);
      } else {
        for (const Perm& q : cols) consider(q);
      }
      if (out.size() > limit) too_many(g);
    }
  return out;
}

double factorial(int k) {
  double f = 1;
  for (int i = 2; i <= k; ++i) f *= i;
  return f;
}

void relabel_into(const Grid& grid, Grid& out) {
  std::array<std::uint8_t, 65> label{};
  std::uint8_t next = 1;
  out.resize(grid.size());
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const std::uint8_t v = grid[i];
    if (v != 0 && label[v] == 0) label[v] = next++;
    out[i] = v == 0 ? 0 : label[v];
  }
}

// A way to find canonical forms.
class Finder {
 public:
  virtual ~Finder() = default;
  virtual void run(const Grid& grid, Grid& out) = 0;
};

// Tries every listed symmetry; each stops at the first cell where it is larger than the best.
class ListFinder : public Finder {
 public:
  ListFinder(const Geometry& g) : n_(g.size()) {
    for (const Symmetry& s : listed_symmetries(g, list_limit)) {
      transposed_.push_back(s.transpose);
      for (int i = 0; i < n_; ++i)
        rows_.push_back(static_cast<std::uint16_t>(s.rows[static_cast<std::size_t>(i)] * n_));
      for (int j = 0; j < n_; ++j)
        cols_.push_back(static_cast<std::uint16_t>(s.cols[static_cast<std::size_t>(j)]));
    }
  }

  void run(const Grid& grid, Grid& out) override {
    const auto n = static_cast<std::size_t>(n_);
    transposed_grid_.resize(n * n);
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t c = 0; c < n; ++c) transposed_grid_[c * n + r] = grid[r * n + c];
    out.assign(n * n, 0);
    candidate_.resize(n * n);
    bool have = false;
    for (std::size_t s = 0; s < transposed_.size(); ++s) {
      const std::uint8_t* w = transposed_[s] ? transposed_grid_.data() : grid.data();
      const std::uint16_t* rows = rows_.data() + s * n;
      const std::uint16_t* cols = cols_.data() + s * n;
      std::array<std::uint8_t, 65> label{};
      std::uint8_t next = 1;
      int cmp = have ? 0 : -1;
      std::size_t p = 0;
      for (std::size_t i = 0; i < n && cmp <= 0; ++i)
        for (std::size_t j = 0; j < n; ++j, ++p) {
          const std::uint8_t v = w[rows[i] + cols[j]];
          std::uint8_t x = 0;
          if (v != 0) {
            if (label[v] == 0) label[v] = next++;
            x = label[v];
          }
          candidate_[p] = x;
          if (cmp == 0) {
            if (x < out[p])
              cmp = -1;
            else if (x > out[p]) {
              cmp = 1;
              break;
            }
          }
        }
      if (cmp < 0) {
        std::swap(out, candidate_);
        candidate_.resize(n * n);
        have = true;
      }
    }
  }

 private:
  int n_;
  std::vector<char> transposed_;
  std::vector<std::uint16_t> rows_, cols_;
  Grid transposed_grid_, candidate_;
};

// Regular shapes: the image is built row by row. The partial transforms kept after row i are
// those whose rows 0..i are the smallest possible; each fixes the transposition, the order of the
// stacks, the input rows of rows 0..i and the labels of the digits seen, and leaves the columns
// free within cells: runs of columns of one stack that are empty in every row so far. The
// smallest next row of such a transform puts, within each cell, the empty cells first, then the
// labelled digits by label, then the new ones; new digits of one cell can come in any order,
// which gives their labels, so each order is a transform of its own.
template <int MaxN>
class RowFinder : public Finder {
  struct State {
    std::array<std::uint8_t, MaxN> cols;       // column order: image column -> input column
    std::array<std::uint8_t, MaxN + 1> label;  // digit -> label, 0 for none yet
    std::uint64_t cell_start = 0;              // bit j: a cell starts at image column j
    std::uint64_t used_rows = 0, used_bands = 0;
    std::uint8_t next_label = 1;
    std::uint8_t band = 0;  // input band of the current band of the image
    std::uint8_t grid = 0;  // 1: the transposed grid
  };

 public:
  RowFinder(const Geometry& g) : n_(g.size()), r_(g.box_rows()), c_(g.box_cols()) {
    square_ = r_ == c_;
    Perm stacks(static_cast<std::size_t>(n_ / c_));
    std::iota(stacks.begin(), stacks.end(), 0);
    do {
      State s{};
      int j = 0;
      for (int stack : stacks)
        for (int k = 0; k < c_; ++k, ++j) {
          s.cols[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(stack * c_ + k);
          if (k == 0) s.cell_start |= std::uint64_t{1} << j;
        }
      roots_.push_back(s);
    } while (std::next_permutation(stacks.begin(), stacks.end()));
  }

  void run(const Grid& grid, Grid& out) override {
    const int n = n_;
    const auto cells = static_cast<std::size_t>(n * n);
    work_[0].assign(grid.begin(), grid.end());
    work_[1].resize(cells);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        work_[1][static_cast<std::size_t>(c * n + r)] = grid[static_cast<std::size_t>(r * n + c)];
    for (int t = 0; t < 2; ++t) {
      empty_[t] = 0;
      for (int r = 0; r < n; ++r) {
        const auto* row = work_[t].data() + r * n;
        if (std::all_of(row, row + n, [](std::uint8_t v) { return v == 0; }))
          empty_[t] |= std::uint64_t{1} << r;
      }
    }
    beam_.clear();
    for (int t = 0; t < (square_ ? 2 : 1); ++t)
      for (State s : roots_) {
        s.grid = static_cast<std::uint8_t>(t);
        beam_.push_back(s);
      }
    out.resize(cells);
    best_.resize(static_cast<std::size_t>(n));
    row_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      const bool new_band = i % r_ == 0;
      next_.clear();
      have_best_ = false;
      for (const State& s : beam_) {
        const std::uint8_t* w = work_[s.grid].data();
        std::uint64_t empty_seen = 0;  // bands whose one empty row was tried
        for (int row = 0; row < n; ++row) {
          const int band = row / r_;
          if (s.used_rows >> row & 1) continue;
          if (new_band ? (s.used_bands >> band & 1) != 0 : band != s.band) continue;
          if (empty_[s.grid] >> row & 1) {
            // Two empty rows of one band give the same image.
            if (empty_seen >> band & 1) continue;
            empty_seen |= std::uint64_t{1} << band;
          }
          const int cmp = evaluate(s, w + row * n);
          if (cmp > 0) continue;
          if (cmp < 0) {
            next_.clear();
            best_ = row_;
            have_best_ = true;
          }
          expand(s, w + row * n, row, new_band);
        }
      }
      std::swap(beam_, next_);
      std::copy(best_.begin(), best_.end(), out.begin() + static_cast<std::ptrdiff_t>(i * n));
    }
  }

 private:
  int cell_end(const State& s, int j) const {
    const std::uint64_t later = s.cell_start >> (j + 1);
    return later == 0 ? n_ : j + 1 + std::countr_zero(later);
  }

  // The smallest image row of an input row under a transform into row_: -1 smaller than best_, 0
  // equal, 1 larger (row_ then incomplete).
  int evaluate(const State& s, const std::uint8_t* row) {
    int cmp = have_best_ ? 0 : -1;
    int next = s.next_label;
    std::array<std::uint8_t, MaxN> values;
    for (int j = 0; j < n_;) {
      const int end = cell_end(s, j);
      int zeros = 0, old = 0, fresh = 0;
      for (int k = j; k < end; ++k) {
        const std::uint8_t v = row[s.cols[static_cast<std::size_t>(k)]];
        if (v == 0)
          ++zeros;
        else if (s.label[v] != 0)
          values[static_cast<std::size_t>(old++)] = s.label[v];
        else
          ++fresh;
      }
      for (int a = 1; a < old; ++a)  // a handful: insertion sort
        for (int b = a;
             b > 0 && values[static_cast<std::size_t>(b - 1)] > values[static_cast<std::size_t>(b)];
             --b)
          std::swap(values[static_cast<std::size_t>(b - 1)], values[static_cast<std::size_t>(b)]);
      int p = j;
      const auto put = [&](int x) {
        row_[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(x);
        if (cmp == 0) {
          if (x < best_[static_cast<std::size_t>(p)])
            cmp = -1;
          else if (x > best_[static_cast<std::size_t>(p)])
            cmp = 1;
        }
        ++p;
      };
      for (int k = 0; k < zeros; ++k) put(0);
      for (int k = 0; k < old; ++k) put(values[static_cast<std::size_t>(k)]);
      for (int k = 0; k < fresh; ++k) put(next++);
      if (cmp > 0) return 1;
      j = end;
    }
    return cmp;
  }

  // Adds the transforms that take `row` as the next image row, as evaluate() ordered it.
  void expand(const State& s, const std::uint8_t* row, int input_row, bool new_band) {
    State child = s;
    child.used_rows |= std::uint64_t{1} << input_row;
    if (new_band) {
      child.band = static_cast<std::uint8_t>(input_row / r_);
      child.used_bands |= std::uint64_t{1} << child.band;
    }
    std::array<std::pair<int, int>, MaxN> runs;  // new digits of one cell: first column, count
    int run_count = 0;
    for (int j = 0; j < n_;) {
      const int end = cell_end(s, j);
      if (end - j > 1) {
        // Stable order: empty, labelled by label, new.
        std::array<std::uint8_t, MaxN> order;
        int p = 0;
        const auto key = [&](std::uint8_t col) {
          const std::uint8_t v = row[col];
          return v == 0 ? 0 : s.label[v] != 0 ? s.label[v] : MaxN + 1;
        };
        for (int k = j; k < end; ++k)
          order[static_cast<std::size_t>(p++)] = s.cols[static_cast<std::size_t>(k)];
        for (int a = 1; a < p; ++a)  // insertion sort: stable, and no buffer to allocate
          for (int b = a; b > 0 && key(order[static_cast<std::size_t>(b - 1)]) >
                                       key(order[static_cast<std::size_t>(b)]);
               --b)
            std::swap(order[static_cast<std::size_t>(b - 1)], order[static_cast<std::size_t>(b)]);
        int zeros = 0, fresh = 0;
        for (int k = 0; k < p; ++k) {
          child.cols[static_cast<std::size_t>(j + k)] = order[static_cast<std::size_t>(k)];
          const int kk = key(order[static_cast<std::size_t>(k)]);
          if (kk == 0) {
            ++zeros;
          } else {
            child.cell_start |= std::uint64_t{1} << (j + k);
            fresh += kk == MaxN + 1;
          }
        }
        if (fresh > 1) runs[static_cast<std::size_t>(run_count++)] = {end - fresh, fresh};
      }
      j = end;
    }
    const std::size_t first = next_.size();
    reserve_one();
    next_.push_back(child);
    // Each order of the new digits of a cell is a transform of its own.
    for (int k = 0; k < run_count; ++k) {
      const auto [start, count] = runs[static_cast<std::size_t>(k)];
      const std::size_t last = next_.size();
      for (std::size_t c = first; c < last; ++c) {
        std::array<std::uint8_t, MaxN> base;
        std::copy_n(next_[c].cols.begin() + start, count, base.begin());
        std::array<int, MaxN> idx;
        std::iota(idx.begin(), idx.begin() + count, 0);
        while (std::next_permutation(idx.begin(), idx.begin() + count)) {
          reserve_one();
          State copy = next_[c];
          for (int q = 0; q < count; ++q)
            copy.cols[static_cast<std::size_t>(start + q)] =
                base[static_cast<std::size_t>(idx[static_cast<std::size_t>(q)])];
          next_.push_back(copy);
        }
      }
    }
    for (std::size_t c = first; c < next_.size(); ++c) {
      State& t = next_[c];
      for (int j = 0; j < n_; ++j) {
        const std::uint8_t v = row[t.cols[static_cast<std::size_t>(j)]];
        if (v != 0 && t.label[v] == 0) t.label[v] = t.next_label++;
      }
    }
  }

  // Bounds the transforms kept: full grids of 16x16 and larger tie in billions of ways on their
  // first row (each order of each stack's digits).
  void reserve_one() {
    if (next_.size() >= max_states)
      throw SymmetryError("this grid ties in too many ways to search (more than " +
                          std::to_string(max_states) + " partial symmetries at once)");
  }
  static constexpr std::size_t max_states = (std::size_t{256} << 20) / sizeof(State);

  int n_, r_, c_;
  bool square_ = false;
  std::vector<State> roots_, beam_, next_;
  std::array<std::vector<std::uint8_t>, 2> work_;
  std::array<std::uint64_t, 2> empty_{};
  std::vector<std::uint8_t> best_, row_;
  bool have_best_ = false;
};

// What tells shapes apart: size, variant, chess constraints, box rows and, for jigsaw, the
// regions.
struct ShapeKey {
  int size = 0;
  Variant variant = Variant::regular;
  Chess chess = Chess::none;
  int box_rows = 0;
  std::vector<int> regions;
  bool operator==(const ShapeKey&) const = default;
};

ShapeKey key_of(const Geometry& g) {
  ShapeKey key{g.size(), g.variant(), g.chess(), g.box_rows(), {}};
  if (g.variant() == Variant::jigsaw)
    for (int cell = 0; cell < g.cell_count(); ++cell) key.regions.push_back(g.region_of(cell));
  return key;
}

}  // namespace

double symmetry_count(const Geometry& g) {
  const int n = g.size();
  if (regular(g)) {
    const int r = g.box_rows(), c = g.box_cols();
    double count = (r == c ? 2 : 1) * factorial(n / r) * factorial(n / c);
    for (int b = 0; b < n / r; ++b) count *= factorial(r);
    for (int s = 0; s < n / c; ++s) count *= factorial(c);
    return count;
  }
  return static_cast<double>(listed_symmetries(g, list_limit).size());
}

std::vector<Symmetry> symmetries(const Geometry& g, std::uint64_t limit) {
  if (!regular(g)) return listed_symmetries(g, limit);
  if (symmetry_count(g) > static_cast<double>(limit))
    throw SymmetryError("the " + std::to_string(symmetry_count(g)) + " symmetries of a " +
                        std::to_string(g.size()) + "x" + std::to_string(g.size()) +
                        " sudoku are too many to list");
  const int n = g.size();
  const std::vector<Perm> rows = family_perms(n, bands(n, g.box_rows()), false);
  const std::vector<Perm> cols = family_perms(n, bands(n, g.box_cols()), false);
  std::vector<Symmetry> out;
  for (int t = 0; t < (g.box_rows() == g.box_cols() ? 2 : 1); ++t)
    for (const Perm& p : rows)
      for (const Perm& q : cols) out.push_back({t == 1, p, q});
  return out;
}

Symmetry random_symmetry(const Geometry& g, std::mt19937_64& rng) {
  if (!regular(g)) {
    // The group of the last shape asked for, kept per thread.
    thread_local std::pair<ShapeKey, std::vector<Symmetry>> last;
    if (!(last.first == key_of(g)) || last.second.empty())
      last = {key_of(g), listed_symmetries(g, list_limit)};
    const std::vector<Symmetry>& all = last.second;
    return all[std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng)];
  }
  const int n = g.size();
  // Lines in bands of `width`: the bands shuffled, then the lines within each.
  const auto lines = [&](int width) {
    Perm band(static_cast<std::size_t>(n / width));
    std::iota(band.begin(), band.end(), 0);
    std::shuffle(band.begin(), band.end(), rng);
    Perm p;
    for (int b : band) {
      Perm in(static_cast<std::size_t>(width));
      std::iota(in.begin(), in.end(), b * width);
      std::shuffle(in.begin(), in.end(), rng);
      p.insert(p.end(), in.begin(), in.end());
    }
    return p;
  };
  Symmetry s;
  s.transpose = g.box_rows() == g.box_cols() && (rng() & 1) != 0;
  s.rows = lines(g.box_rows());
  s.cols = lines(g.box_cols());
  return s;
}

Grid apply(const Geometry& g, const Grid& grid, const Symmetry& s,
           const std::vector<std::uint8_t>& digits) {
  std::vector<int> map;
  cell_map(g.size(), s, map);
  Grid out(grid.size());
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const std::uint8_t v = grid[static_cast<std::size_t>(map[i])];
    out[i] = digits.empty() ? v : digits[v];
  }
  return out;
}

Grid random_equivalent(const Geometry& g, const Grid& grid, std::mt19937_64& rng) {
  std::vector<std::uint8_t> digits(static_cast<std::size_t>(g.size()) + 1);
  std::iota(digits.begin(), digits.end(), 0);
  std::shuffle(digits.begin() + 1, digits.end(), rng);
  return apply(g, grid, random_symmetry(g, rng), digits);
}

Grid relabelled(const Geometry& g, const Grid& grid) {
  Grid out;
  relabel_into(grid, out);
  (void)g;
  return out;
}

struct Canonicalizer::Impl {
  std::unique_ptr<Finder> finder;
};

Canonicalizer::Canonicalizer(const Geometry& g) : impl_(std::make_unique<Impl>()) {
  if (!regular(g))
    impl_->finder = std::make_unique<ListFinder>(g);
  else if (g.size() <= 9)
    impl_->finder = std::make_unique<RowFinder<9>>(g);
  else if (g.size() <= 16)
    impl_->finder = std::make_unique<RowFinder<16>>(g);
  else if (g.size() <= 32)
    impl_->finder = std::make_unique<RowFinder<32>>(g);
  else
    impl_->finder = std::make_unique<RowFinder<64>>(g);
}
Canonicalizer::~Canonicalizer() = default;
Canonicalizer::Canonicalizer(Canonicalizer&&) noexcept = default;
Canonicalizer& Canonicalizer::operator=(Canonicalizer&&) noexcept = default;

void Canonicalizer::canonical(const Grid& grid, Grid& out) {
  impl_->finder->run(grid, out);
}

Grid canonical_form(const Geometry& g, const Grid& grid) {
  // The forms are of square grids: a samurai's five grids are not one.
  if (g.variant() == Variant::samurai)
    throw SymmetryError("samurai grids: canonical forms are of one square grid");
  // Relabelling digits changes a cage's sum: a killer puzzle has no form of its class here.
  if (!g.cages().empty())
    throw SymmetryError("killer cages: relabelling the digits would change the cages' sums");
  // The shape's symmetries move the cells a rule marks: its form would have to move the rule too.
  if (!g.rules().empty())
    throw SymmetryError("the rules (" + describe_shape(g) +
                        ") are not kept by the shape's symmetries here");
  // One finder per shape and thread: listing a group, or the roots of a search, is done once.
  // A shape refused is remembered too: finding a group too large to list can take seconds.
  struct Entry {
    ShapeKey key;
    std::unique_ptr<Canonicalizer> finder;
    std::string refused;
  };
  thread_local std::vector<Entry> cache;
  const ShapeKey key = key_of(g);
  auto it = std::find_if(cache.begin(), cache.end(), [&](const Entry& e) { return e.key == key; });
  if (it == cache.end()) {
    if (cache.size() >= 8) cache.erase(cache.begin());
    Entry entry{key, nullptr, {}};
    try {
      entry.finder = std::make_unique<Canonicalizer>(g);
    } catch (const SymmetryError& e) {
      entry.refused = e.what();
    }
    cache.push_back(std::move(entry));
    it = cache.end() - 1;
  }
  if (!it->finder) throw SymmetryError(it->refused);
  Grid out;
  it->finder->canonical(grid, out);
  return out;
}

}  // namespace sudoku
