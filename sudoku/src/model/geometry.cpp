#include "sudoku/model/geometry.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <tuple>

namespace sudoku {

namespace {

constexpr int max_size = 64;

// The box shape of a size: rows <= columns, as square as possible; {0, 0} when there is none.
std::pair<int, int> box_shape(int size) {
  for (int rows = static_cast<int>(std::sqrt(static_cast<double>(size))); rows >= 1; --rows)
    if (size % rows == 0 && (rows > 1 || size == 1)) return {rows, size / rows};
  return {0, 0};
}

}  // namespace

std::string_view variant_name(Variant variant) noexcept {
  return variant_names[static_cast<std::size_t>(variant)];
}

Variant parse_variant(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "regular" || lower == "classic" || lower == "standard") return Variant::regular;
  if (lower == "hyper" || lower == "windoku") return Variant::hyper;
  if (lower == "x" || lower == "diagonal") return Variant::x;
  if (lower == "hyper-x" || lower == "hyper_x" || lower == "hyperx" || lower == "x-hyper")
    return Variant::hyper_x;
  if (lower == "jigsaw" || lower == "irregular") return Variant::jigsaw;
  if (lower == "samurai" || lower == "gattai-5") return Variant::samurai;
  throw GeometryError("unknown variant '" + std::string(name) + "' (expected " +
                      std::string(variant_choices) + ")");
}

std::string shape_name(Variant variant, Chess chess) {
  std::string name;
  if (variant != Variant::regular || chess == Chess::none) name = variant_name(variant);
  for (const auto& [flag, word] :
       {std::pair{Chess::anti_knight, "anti-knight"}, std::pair{Chess::anti_king, "anti-king"}})
    if (has_chess(chess, flag)) name += name.empty() ? word : std::string(" ") + word;
  return name;
}

std::string shape_name(const Geometry& geometry) {
  return shape_name(geometry.variant(), geometry.chess());
}

std::string describe_shape(const Geometry& geometry) {
  const bool plain = geometry.variant() == Variant::regular && geometry.chess() == Chess::none;
  std::string words = plain ? "" : shape_name(geometry);
  const auto add = [&](std::string_view word) {
    if (!words.empty()) words += ' ';
    words += word;
  };
  if (!geometry.cages().empty()) add("killer");
  for (const RulePtr& rule : geometry.rules())
    if (words.find(rule->keyword()) == std::string::npos) add(rule->keyword());
  return words.empty() ? shape_name(geometry) : words;
}

std::vector<RulePtr> rules_of_words(const std::vector<std::string>& keywords,
                                    const Geometry& geometry) {
  std::vector<RulePtr> rules;
  for (const std::string& keyword : keywords) {
    try {
      rules.push_back(read_rule(keyword, "", geometry));
    } catch (const RuleError& e) {
      throw GeometryError(keyword + ": " + e.message + " (its marks come in a '#" + keyword +
                          "' line before a puzzle)");
    }
  }
  return rules;
}

std::pair<Variant, Chess> parse_shape(std::string_view text, std::size_t* bad_word, bool* killer,
                                      std::vector<std::string>* rules) {
  if (killer != nullptr) *killer = false;
  if (rules != nullptr) rules->clear();
  const auto separator = [](char c) {
    return c == ',' || c == '+' || std::isspace(static_cast<unsigned char>(c));
  };
  std::optional<Variant> variant;
  Chess chess = Chess::none;
  bool any = false;
  for (std::size_t i = 0; i < text.size();) {
    if (separator(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !separator(text[end])) ++end;
    const std::string_view word = text.substr(i, end - i);
    std::string lower(word);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto fail = [&](const std::string& message) {
      if (bad_word != nullptr) *bad_word = i;
      throw GeometryError(message);
    };
    any = true;
    if (lower == "anti-knight" || lower == "antiknight" || lower == "anti_knight") {
      chess = chess | Chess::anti_knight;
    } else if (lower == "anti-king" || lower == "antiking" || lower == "anti_king") {
      chess = chess | Chess::anti_king;
    } else if (is_rule_keyword(lower)) {
      if (rules == nullptr)
        fail(lower + ": a puzzle's rules come before it, in a '#" + lower + "' line");
      rules->push_back(lower);
    } else if (lower == "killer") {
      if (killer == nullptr)
        fail("killer: a killer puzzle's cages come before it, in '#cages' and '#sums' lines");
      *killer = true;
    } else {
      Variant v{};
      try {
        v = parse_variant(word);
      } catch (const GeometryError&) {
        fail("unknown variant '" + std::string(word) + "': use " + std::string(shape_choices));
      }
      // "hyper x" and "x hyper" make hyper-x; any other pair is two variants at once.
      const bool hx = variant && ((*variant == Variant::hyper && v == Variant::x) ||
                                  (*variant == Variant::x && v == Variant::hyper));
      if (variant && !hx && *variant != v)
        fail("two variants: '" + std::string(variant_name(*variant)) + "' and '" +
             std::string(word) + "'");
      variant = hx ? Variant::hyper_x : v;
    }
    i = end;
  }
  if (!any) {
    if (bad_word != nullptr) *bad_word = 0;
    throw GeometryError("no variant named: use " + std::string(shape_choices));
  }
  return {variant.value_or(Variant::regular), chess};
}

bool knight_move(const Geometry& geometry, int a, int b) noexcept {
  const int dr = std::abs(geometry.row_of(a) - geometry.row_of(b));
  const int dc = std::abs(geometry.column_of(a) - geometry.column_of(b));
  return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}

void Geometry::lay_out() {
  const int n = size_;
  if (variant_ == Variant::samurai) {
    // The corner grids lie one box-width of overlap from the middle one: offsets 0, n - b, 2(n -
    // b).
    const int step = n - box_rows_;
    grids_ = {{0, 0}, {0, 2 * step}, {step, step}, {2 * step, 0}, {2 * step, 2 * step}};
    height_ = width_ = 2 * step + n;
  } else {
    grids_ = {{0, 0}};
    height_ = width_ = n;
  }
  at_.assign(static_cast<std::size_t>(height_ * width_), -1);
  for (const auto& [top, left] : grids_)
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) at_[static_cast<std::size_t>((top + r) * width_ + left + c)] = 0;
  place_.clear();
  for (int p = 0; p < height_ * width_; ++p)
    if (at_[static_cast<std::size_t>(p)] == 0) {
      at_[static_cast<std::size_t>(p)] = static_cast<int>(place_.size());
      place_.push_back(p);
    }
  cell_count_ = static_cast<int>(place_.size());
}

Geometry::Geometry(int size, Variant variant, Chess chess)
    : size_(size), variant_(variant), chess_(chess) {
  if (size < 1 || size > max_size)
    throw GeometryError("a grid of size " + std::to_string(size) + " is not supported (1 to " +
                        std::to_string(max_size) + ")");
  if (variant == Variant::jigsaw) throw GeometryError("a jigsaw sudoku needs a region map");
  std::tie(box_rows_, box_cols_) = box_shape(size);
  if (box_rows_ == 0)
    throw GeometryError("a " + std::to_string(size) + "x" + std::to_string(size) +
                        " grid has no boxes; give it as a jigsaw with a region map");
  const bool hyper = variant == Variant::hyper || variant == Variant::hyper_x;
  if (hyper && (box_rows_ != box_cols_ || size < 4))
    throw GeometryError("hyper windows need square boxes (4x4, 9x9, 16x16, 25x25)");
  if (variant == Variant::samurai && (box_rows_ != box_cols_ || size < 4))
    throw GeometryError("a samurai's grids need square boxes (4x4, 9x9, 16x16, 25x25)");
  lay_out();
  // Boxes numbered in reading order of the picture's box lattice (a samurai's shared corner boxes
  // once).
  region_.resize(static_cast<std::size_t>(cell_count_));
  std::vector<int> box_number(
      static_cast<std::size_t>((height_ / box_rows_) * (width_ / box_cols_)), -1);
  int boxes = 0;
  for (int cell = 0; cell < cell_count_; ++cell) {
    const int r = row_of(cell), c = column_of(cell);
    int& number = box_number[static_cast<std::size_t>((r / box_rows_) * (width_ / box_cols_) +
                                                      c / box_cols_)];
    if (number < 0) number = boxes++;
    region_[static_cast<std::size_t>(cell)] = number;
  }
  finish();
}

Geometry Geometry::jigsaw(int size, std::span<const int> region, Chess chess) {
  if (size < 1 || size > max_size)
    throw GeometryError("a grid of size " + std::to_string(size) + " is not supported (1 to " +
                        std::to_string(max_size) + ")");
  Geometry g;
  g.size_ = size;
  std::tie(g.box_rows_, g.box_cols_) = box_shape(size);
  if (region.size() != static_cast<std::size_t>(size * size))
    throw GeometryError("a region map for a " + std::to_string(size) + "x" + std::to_string(size) +
                        " grid needs " + std::to_string(size * size) + " cells, not " +
                        std::to_string(region.size()));
  std::vector<int> count(static_cast<std::size_t>(size), 0);
  for (int r : region) {
    if (r < 0 || r >= size)
      throw GeometryError("region " + std::to_string(r + 1) + " is out of range 1.." +
                          std::to_string(size));
    ++count[static_cast<std::size_t>(r)];
  }
  for (int r = 0; r < size; ++r)
    if (count[static_cast<std::size_t>(r)] != size)
      throw GeometryError("region " + std::to_string(r + 1) + " has " +
                          std::to_string(count[static_cast<std::size_t>(r)]) + " cells, not " +
                          std::to_string(size));
  g.variant_ = Variant::jigsaw;
  g.chess_ = chess;
  g.lay_out();
  g.region_.assign(region.begin(), region.end());
  g.finish();
  return g;
}

Geometry Geometry::killer(const Geometry& shape, std::vector<Cage> cages) {
  Geometry g = shape;
  const int n = g.size_;
  if (!g.square() && !cages.empty())
    throw GeometryError("killer cages on a samurai are not supported");
  g.cage_of_.assign(static_cast<std::size_t>(g.cell_count()), -1);
  for (std::size_t k = 0; k < cages.size(); ++k) {
    Cage& cage = cages[k];
    const std::string name = "cage " + (cage.label.empty() ? std::to_string(k + 1) : cage.label);
    const auto count = static_cast<int>(cage.cells.size());
    if (count < 1 || count > n)
      throw GeometryError(name + " has " + std::to_string(count) + " cells; a cage holds 1 to " +
                          std::to_string(n));
    std::sort(cage.cells.begin(), cage.cells.end());
    for (int cell : cage.cells) {
      if (cell < 0 || cell >= g.cell_count())
        throw GeometryError(name + " has a cell out of the grid");
      int& owner = g.cage_of_[static_cast<std::size_t>(cell)];
      if (owner >= 0) throw GeometryError(cell_name(g, cell) + " is in two cages");
      owner = static_cast<int>(k);
    }
    if (cage.sum < least_sum(count) || cage.sum > most_sum(count, n))
      throw GeometryError(name + ": " + std::to_string(count) +
                          " different digits cannot add up to " + std::to_string(cage.sum) + " (" +
                          std::to_string(least_sum(count)) + " to " +
                          std::to_string(most_sum(count, n)) + ")");
  }
  // Cages without a label get one: A-Z, a-z, then two letters.
  constexpr std::string_view letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  for (std::size_t k = 0; k < cages.size(); ++k)
    if (cages[k].label.empty()) {
      cages[k].label = k < letters.size() ? std::string(1, letters[k]) : std::string();
      if (k >= letters.size()) {
        cages[k].label += letters[(k / letters.size() - 1) % letters.size()];
        cages[k].label += letters[k % letters.size()];
      }
    }
  if (cages.empty()) g.cage_of_.clear();
  g.cages_ = std::move(cages);
  g.finish();
  return g;
}

Geometry Geometry::with_rules(const Geometry& shape, std::vector<RulePtr> rules) {
  Geometry g = shape;
  g.rules_.insert(g.rules_.end(), rules.begin(), rules.end());
  g.finish();
  return g;
}

bool Geometry::rules_keep_uniqueness() const noexcept {
  return std::all_of(rules_.begin(), rules_.end(),
                     [](const RulePtr& rule) { return rule->keeps_uniqueness(); });
}

std::string Geometry::rules_text() const {
  std::string out;
  for (const RulePtr& rule : rules_) out += format_rule(*rule, *this);
  return out;
}

int broken_rule(const Geometry& geometry, const std::vector<std::uint8_t>& grid) {
  const auto& relations = geometry.relations();
  for (std::size_t i = 0; i < relations.size(); ++i) {
    const Relation& r = relations[i];
    const int x = grid[static_cast<std::size_t>(r.a)], y = grid[static_cast<std::size_t>(r.b)];
    if (x != 0 && y != 0 && (r.allowed[static_cast<std::size_t>(x - 1)] >> (y - 1) & 1) == 0)
      return static_cast<int>(i);
  }
  if (geometry.restricts_cells())
    for (int cell = 0; cell < geometry.cell_count(); ++cell)
      if (const int d = grid[static_cast<std::size_t>(cell)];
          d != 0 && (geometry.allowed(cell) >> (d - 1) & 1) == 0)
        return static_cast<int>(relations.size()) + cell;
  const auto& constraints = geometry.constraints();
  std::vector<std::uint64_t> masks;
  for (std::size_t i = 0; i < constraints.size(); ++i) {
    masks.clear();
    for (const int cell : constraints[i]->cells()) {
      const int d = grid[static_cast<std::size_t>(cell)];
      masks.push_back(d != 0 ? std::uint64_t{1} << (d - 1) : geometry.allowed(cell));
    }
    const std::vector<std::uint64_t> before = masks;
    constraints[i]->narrow(masks);
    for (std::size_t k = 0; k < masks.size(); ++k)
      if (masks[k] == 0 || (masks[k] != before[k] &&
                            grid[static_cast<std::size_t>(constraints[i]->cells()[k])] != 0))
        return static_cast<int>(relations.size()) + geometry.cell_count() + static_cast<int>(i);
  }
  return -1;
}

// Builds the houses from the regions and the variant, then the per-cell indices. Every vector
// is sized before it is filled: a geometry is built once per shape (sudoku/search/cache.hpp), but
// that once is on the way of the first puzzle.
void Geometry::finish() {
  const int n = size_;
  const int cells = cell_count_;
  const bool windows = variant_ == Variant::hyper || variant_ == Variant::hyper_x;
  const bool diagonals = variant_ == Variant::x || variant_ == Variant::hyper_x;
  const int b = box_rows_;
  const auto grid_count = static_cast<int>(grids_.size());
  const int regions = *std::max_element(region_.begin(), region_.end()) + 1;
  houses_.clear();
  houses_.reserve(static_cast<std::size_t>(
      2 * n * grid_count + regions + (windows ? (b - 1) * (b - 1) : 0) + (diagonals ? 2 : 0)));
  const auto add = [&](HouseKind kind, int index, int grid = 0) -> std::vector<int>& {
    houses_.push_back({kind, index, {}, grid});
    houses_.back().cells.reserve(static_cast<std::size_t>(n));
    return houses_.back().cells;
  };
  for (int g = 0; g < grid_count; ++g)
    for (int r = 0; r < n; ++r) {
      const auto [top, left] = grids_[static_cast<std::size_t>(g)];
      std::vector<int>& row = add(HouseKind::row, top + r, g);
      for (int c = 0; c < n; ++c) row.push_back(cell_at(top + r, left + c));
    }
  for (int g = 0; g < grid_count; ++g)
    for (int c = 0; c < n; ++c) {
      const auto [top, left] = grids_[static_cast<std::size_t>(g)];
      std::vector<int>& column = add(HouseKind::column, left + c, g);
      for (int r = 0; r < n; ++r) column.push_back(cell_at(top + r, left + c));
    }
  const HouseKind region_kind = variant_ == Variant::jigsaw ? HouseKind::region : HouseKind::box;
  const std::size_t first_region = houses_.size();
  for (int r = 0; r < regions; ++r) {
    // A box belongs to the first grid holding it (a samurai's shared boxes to the corner grids).
    int grid = 0;
    for (int cell = 0; cell < cells; ++cell)
      if (region_[static_cast<std::size_t>(cell)] == r) {
        while (!in_grid(grid, cell)) ++grid;
        break;
      }
    add(region_kind, r, grid);
  }
  for (int cell = 0; cell < cells; ++cell)
    houses_[first_region + static_cast<std::size_t>(region_[static_cast<std::size_t>(cell)])]
        .cells.push_back(cell);
  if (windows) {
    // Windows start one cell in from each box edge band: rows/columns 1, B+2, 2B+3, ... (0-based).
    int index = 0;
    for (int i = 0; i + 1 < b; ++i)
      for (int j = 0; j + 1 < b; ++j) {
        std::vector<int>& window = add(HouseKind::window, index++);
        for (int r = 0; r < b; ++r)
          for (int c = 0; c < b; ++c)
            window.push_back((1 + i * (b + 1) + r) * n + 1 + j * (b + 1) + c);
      }
  }
  if (diagonals) {
    std::vector<int>& main = add(HouseKind::diagonal, 0);
    for (int i = 0; i < n; ++i) main.push_back(i * n + i);
    std::vector<int>& anti = add(HouseKind::diagonal, 1);
    for (int i = 0; i < n; ++i) anti.push_back(i * n + (n - 1 - i));
  }
  // The rules' houses, each a set of size cells.
  {
    std::vector<Rule::NamedHouse> named;
    for (const RulePtr& rule : rules_) rule->add_houses(*this, named);
    int index = 0;
    for (Rule::NamedHouse& h : named) {
      std::vector<bool> in(static_cast<std::size_t>(cells), false);
      for (int cell : h.cells) {
        if (cell < 0 || cell >= cells || in[static_cast<std::size_t>(cell)])
          throw GeometryError(h.name + " is no house: a cell outside the grid, or twice");
        in[static_cast<std::size_t>(cell)] = true;
      }
      if (static_cast<int>(h.cells.size()) != n)
        throw GeometryError(h.name + " has " + std::to_string(h.cells.size()) + " cells, not " +
                            std::to_string(n));
      std::sort(h.cells.begin(), h.cells.end());
      add(HouseKind::group, index++) = std::move(h.cells);
      houses_.back().name = std::move(h.name);
    }
  }
  // The rules' relations between two cells, and the digits each cell may hold.
  all_digits_ = n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  relations_.clear();
  relation_start_.clear();
  relation_index_.clear();
  allowed_.clear();
  for (std::size_t i = 0; i < rules_.size(); ++i)
    rules_[i]->add_relations(*this, static_cast<int>(i), relations_);
  if (!relations_.empty()) {
    relation_start_.assign(static_cast<std::size_t>(cells) + 1, 0);
    for (const Relation& r : relations_) {
      ++relation_start_[static_cast<std::size_t>(r.a) + 1];
      ++relation_start_[static_cast<std::size_t>(r.b) + 1];
    }
    for (std::size_t cell = 0; cell < static_cast<std::size_t>(cells); ++cell)
      relation_start_[cell + 1] += relation_start_[cell];
    relation_index_.resize(static_cast<std::size_t>(relation_start_.back()));
    std::vector<int> at(relation_start_.begin(), relation_start_.end() - 1);
    for (std::size_t i = 0; i < relations_.size(); ++i) {
      relation_index_[static_cast<std::size_t>(at[static_cast<std::size_t>(relations_[i].a)]++)] =
          static_cast<int>(i);
      relation_index_[static_cast<std::size_t>(at[static_cast<std::size_t>(relations_[i].b)]++)] =
          static_cast<int>(i);
    }
  }
  {
    std::vector<std::uint64_t> allowed(static_cast<std::size_t>(cells), all_digits_);
    for (const RulePtr& rule : rules_) rule->restrict_cells(*this, allowed);
    if (std::any_of(allowed.begin(), allowed.end(),
                    [&](std::uint64_t m) { return m != all_digits_; }))
      allowed_ = std::move(allowed);
  }

  // The houses of each cell, ascending: counted first, then filled in place.
  house_start_.assign(static_cast<std::size_t>(cells) + 1, 0);
  std::size_t peer_bound = 0;  // sum of (house size - 1) over the houses of every cell
  for (const House& h : houses_) {
    for (int cell : h.cells) ++house_start_[static_cast<std::size_t>(cell) + 1];
    peer_bound += h.cells.size() * (h.cells.size() - 1);
  }
  for (std::size_t cell = 0; cell < static_cast<std::size_t>(cells); ++cell)
    house_start_[cell + 1] += house_start_[cell];
  house_index_.resize(static_cast<std::size_t>(house_start_.back()));
  std::vector<int> next(house_start_.begin(), house_start_.end() - 1);
  for (int h = 0; h < static_cast<int>(houses_.size()); ++h)
    for (int cell : houses_[static_cast<std::size_t>(h)].cells)
      house_index_[static_cast<std::size_t>(next[static_cast<std::size_t>(cell)]++)] = h;

  // The cells a chess move away that share no house with the cell, ascending.
  chess_start_.assign(1, 0);
  chess_index_.clear();
  {
    std::vector<std::pair<int, int>> moves;
    if (has_chess(chess_, Chess::anti_knight))
      moves.insert(moves.end(),
                   {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}});
    if (has_chess(chess_, Chess::anti_king))
      moves.insert(moves.end(),
                   {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}});
    std::vector<int> own(houses_.size() + 1, -1);
    for (int cell = 0; cell < cells; ++cell) {
      for (int h : houses_of(cell)) own[static_cast<std::size_t>(h)] = cell;
      const std::size_t first = chess_index_.size();
      for (const auto& [dr, dc] : moves) {
        const int other = cell_at(row_of(cell) + dr, column_of(cell) + dc);
        if (other < 0) continue;
        const auto theirs = houses_of(other);
        if (std::none_of(theirs.begin(), theirs.end(),
                         [&](int h) { return own[static_cast<std::size_t>(h)] == cell; }))
          chess_index_.push_back(other);
      }
      std::sort(chess_index_.begin() + static_cast<std::ptrdiff_t>(first), chess_index_.end());
      chess_start_.push_back(static_cast<int>(chess_index_.size()));
    }
  }
  // The outer peers: the chess peers and the cage mates that share no house with the cell.
  outer_start_.assign(1, 0);
  outer_index_.clear();
  {
    std::vector<int> own(houses_.size() + 1, -1);
    for (int cell = 0; cell < cells; ++cell) {
      const std::size_t first = outer_index_.size();
      for (int other : chess_peers(cell)) outer_index_.push_back(other);
      if (const int k = cage_of(cell); k >= 0) {
        for (int h : houses_of(cell)) own[static_cast<std::size_t>(h)] = cell;
        for (int other : cages_[static_cast<std::size_t>(k)].cells) {
          const auto theirs = houses_of(other);
          if (other != cell &&
              std::none_of(theirs.begin(), theirs.end(),
                           [&](int h) { return own[static_cast<std::size_t>(h)] == cell; }) &&
              std::find(outer_index_.begin() + static_cast<std::ptrdiff_t>(first),
                        outer_index_.end(), other) == outer_index_.end())
            outer_index_.push_back(other);
        }
      }
      std::sort(outer_index_.begin() + static_cast<std::ptrdiff_t>(first), outer_index_.end());
      outer_start_.push_back(static_cast<int>(outer_index_.size()));
    }
  }
  peer_bound += outer_index_.size();

  // The peers of each cell, each once (seen[other] == cell once listed), ascending.
  peer_start_.assign(1, 0);
  peer_start_.reserve(static_cast<std::size_t>(cells) + 1);
  peer_index_.clear();
  peer_index_.reserve(peer_bound);
  std::vector<int> seen(static_cast<std::size_t>(cells), -1);
  for (int cell = 0; cell < cells; ++cell) {
    seen[static_cast<std::size_t>(cell)] = cell;
    const std::size_t first = peer_index_.size();
    for (int h : houses_of(cell))
      for (int other : houses_[static_cast<std::size_t>(h)].cells)
        if (seen[static_cast<std::size_t>(other)] != cell) {
          seen[static_cast<std::size_t>(other)] = cell;
          peer_index_.push_back(other);
        }
    for (int other : outer_peers(cell)) peer_index_.push_back(other);
    std::sort(peer_index_.begin() + static_cast<std::ptrdiff_t>(first), peer_index_.end());
    peer_start_.push_back(static_cast<int>(peer_index_.size()));
  }

  // The flat copies (cells and houses fit in 16 bits: at most 64 * 64 cells).
  const auto house_count = static_cast<int>(houses_.size());
  house_stride_ = 0;
  for (int cell = 0; cell < cells; ++cell)
    house_stride_ = std::max(house_stride_, static_cast<int>(houses_of(cell).size()));
  flat_houses_.assign(static_cast<std::size_t>(cells * house_stride_),
                      static_cast<std::uint16_t>(house_count));
  for (int cell = 0; cell < cells; ++cell)
    std::copy(houses_of(cell).begin(), houses_of(cell).end(),
              flat_houses_.begin() + static_cast<std::ptrdiff_t>(cell) * house_stride_);
  flat_cells_.clear();
  flat_cells_.reserve(static_cast<std::size_t>(house_count * n));
  for (const House& h : houses_)
    flat_cells_.insert(flat_cells_.end(), h.cells.begin(), h.cells.end());

  cell_words_ = (cells + 63) / 64;
  const auto words = static_cast<std::size_t>(cell_words_);
  const auto set = [](std::uint64_t* bits, int cell) {
    bits[cell / 64] |= std::uint64_t{1} << (cell % 64);
  };
  peer_bits_.assign(static_cast<std::size_t>(cells) * words, 0);
  for (int cell = 0; cell < cells; ++cell)
    for (int peer : peers(cell))
      set(peer_bits_.data() + static_cast<std::size_t>(cell) * words, peer);
  house_bits_.assign(houses_.size() * words, 0);
  for (std::size_t h = 0; h < houses_.size(); ++h)
    for (int cell : houses_[h].cells) set(house_bits_.data() + h * words, cell);
  for (int line = 0; line < static_cast<int>(houses_.size()); ++line) {
    if (!(houses_[static_cast<std::size_t>(line)].kind == HouseKind::row ||
          houses_[static_cast<std::size_t>(line)].kind == HouseKind::column))
      continue;
    const std::uint64_t* in_line = house_bits(line);
    for (int cell = 0; cell < cells; ++cell) {
      if (in_line[cell / 64] >> (cell % 64) & 1) continue;
      int seen = 0;
      for (std::size_t w = 0; w < words; ++w)
        seen += std::popcount(peer_bits(cell)[w] & in_line[w]);
      int& sight =
          line_sight_[houses_[static_cast<std::size_t>(line)].kind == HouseKind::row ? 0 : 1];
      sight = std::max(sight, seen);
    }
  }
  // Two peers never hold one digit: said in their relations too, so that a relation asking two
  // peers for equal digits (a palindrome folded in one row) is seen to fail by itself.
  for (Relation& r : relations_)
    if (peer_bits(r.a)[r.b / 64] >> (r.b % 64) & 1)
      for (int x = 1; x <= n; ++x) r.allowed[static_cast<std::size_t>(x - 1)] &= ~(std::uint64_t{1} << (x - 1));
  // The rules' constraints over several cells, on the whole geometry (they may ask its peers).
  constraints_.clear();
  constraint_rule_.clear();
  for (std::size_t i = 0; i < rules_.size(); ++i) {
    rules_[i]->add_constraints(*this, constraints_);
    constraint_rule_.resize(constraints_.size(), static_cast<int>(i));
  }
}

bool Geometry::in_grid(int grid, int cell) const noexcept {
  const auto [top, left] = grids_[static_cast<std::size_t>(grid)];
  const int r = row_of(cell) - top, c = column_of(cell) - left;
  return r >= 0 && r < size_ && c >= 0 && c < size_;
}

std::string Geometry::house_name(int house) const {
  const House& h = houses_.at(static_cast<std::size_t>(house));
  const std::string number = std::to_string(h.index + 1);
  // A samurai's grids: "row 3 of the top-left grid", "box 9 of the middle grid".
  static constexpr std::array<std::string_view, 5> grid_names = {"top-left", "top-right", "middle",
                                                                 "bottom-left", "bottom-right"};
  const std::string of =
      grids_.size() == 5
          ? " of the " + std::string(grid_names[static_cast<std::size_t>(h.grid)]) + " grid"
          : "";
  if (!h.name.empty()) return h.name;
  switch (h.kind) {
    case HouseKind::group:
      return "group " + number;
    case HouseKind::row:
      return "row " + number + of;
    case HouseKind::column:
      return "column " + number + of;
    case HouseKind::box: {
      if (grids_.size() < 2) return "box " + number;
      // Numbered within its grid, 1-9 in reading order.
      const auto [top, left] = grids_[static_cast<std::size_t>(h.grid)];
      const int first = h.cells.front();
      const int within = (row_of(first) - top) / box_rows_ * (size_ / box_cols_) +
                         (column_of(first) - left) / box_cols_;
      return "box " + std::to_string(within + 1) + of;
    }
    case HouseKind::window:
      return "window " + number;
    case HouseKind::diagonal:
      return h.index == 0 ? "main diagonal" : "anti-diagonal";
    case HouseKind::region:
      return "region " + number;
  }
  return "house " + number;
}

std::vector<std::uint64_t> cage_combinations(int size, int count, int sum) {
  std::vector<std::uint64_t> out;
  if (count < 1 || count > size || sum < least_sum(count) || sum > most_sum(count, size))
    return out;
  // Depth-first over the digits in increasing order: the digit `from` and up, `left` to take.
  const auto walk = [&](auto&& self, int from, int left, int rest, std::uint64_t mask) -> void {
    if (left == 0) {
      if (rest == 0) out.push_back(mask);
      return;
    }
    for (int d = from; d <= size; ++d) {
      if (d * left > rest) break;  // the smallest sum of `left` digits from d on is over
      self(self, d + 1, left - 1, rest - d, mask | std::uint64_t{1} << (d - 1));
    }
  };
  walk(walk, 1, count, sum, 0);
  std::sort(out.begin(), out.end());
  return out;
}

std::string cage_name(const Geometry& geometry, int cage) {
  const Cage& c = geometry.cages().at(static_cast<std::size_t>(cage));
  return "cage " + (c.label.empty() ? std::to_string(cage + 1) : c.label) + " (" +
         std::to_string(c.sum) + ")";
}

std::string cell_name(const Geometry& geometry, int cell) {
  return place_name(geometry.row_of(cell), geometry.column_of(cell));
}

std::optional<int> parse_cell_name(const Geometry& geometry, std::string_view name) {
  const std::size_t c = name.find_first_of("cC");
  if (name.size() < 4 || (name[0] != 'r' && name[0] != 'R') || c == std::string_view::npos)
    return std::nullopt;
  const auto number = [](std::string_view text) -> std::optional<int> {
    int value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size()) return std::nullopt;
    return value;
  };
  const auto row = number(name.substr(1, c - 1)), column = number(name.substr(c + 1));
  if (!row || !column) return std::nullopt;
  const int cell = geometry.cell_at(*row - 1, *column - 1);
  return cell < 0 ? std::nullopt : std::optional<int>(cell);
}

std::string bad_cell_name(const Geometry& geometry, std::string_view name) {
  const std::string rows = std::to_string(geometry.height());
  const std::string columns = std::to_string(geometry.width());
  std::string out(1, '\'');  // appended, not "'" + ...: GCC 12 warns falsely (-Wrestrict) on that
  out += name;
  out += "' is no cell of a ";
  if (geometry.square())
    out += rows + "x" + columns + " grid (r1c1 to r" + rows + "c" + columns + ")";
  else
    out += "samurai (outside its five grids, or past r" + rows + "c" + columns + ")";
  return out;
}

std::string cell_name(int size, int cell) {
  return place_name(cell / size, cell % size);
}

std::string place_name(int row, int column) {
  std::string name(1, 'r');  // not "r" + ...: GCC 12 warns falsely (-Wrestrict) on that
  name += std::to_string(row + 1);
  name += 'c';
  name += std::to_string(column + 1);
  return name;
}

}  // namespace sudoku
