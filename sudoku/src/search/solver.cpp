#include "sudoku/search/solver.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "sudoku/search/cache.hpp"

namespace sudoku {

std::string_view logic_name(Logic logic) noexcept {
  return logic_names[static_cast<std::size_t>(logic)];
}

Logic parse_logic(std::string_view name) {
  for (std::size_t i = 0; i < logic_names.size(); ++i)
    if (name == logic_names[i]) return static_cast<Logic>(i);
  throw std::invalid_argument("unknown logic '" + std::string(name) + "' (expected " +
                              std::string(logic_choices) + ")");
}

dlx::Matrix exact_cover_matrix(const Geometry& geometry) {
  dlx::Matrix matrix;
  const int n = geometry.size();
  const int cells = geometry.cell_count();
  const auto houses = static_cast<int>(geometry.houses().size());
  for (int cell = 0; cell < cells; ++cell) matrix.add_item(cell_name(geometry, cell));
  for (int h = 0; h < houses; ++h)
    for (int d = 1; d <= n; ++d) matrix.add_item(std::to_string(d) + "@h" + std::to_string(h));
  // The chess constraints, as secondary items (at most one option holds each): per digit, a
  // pair of cells a knight's or king's move apart that share no house. (For anti-king, an item
  // per digit and 2x2 square took more instructions: docs/history/2026-12-06.md.)
  std::vector<std::vector<int>> chess(static_cast<std::size_t>(cells));  // each cell's pairs
  int groups = 0;
  for (int cell = 0; cell < cells; ++cell)
    for (int other : geometry.chess_peers(cell)) {
      if (other < cell) continue;
      for (int d = 1; d <= n; ++d)
        matrix.add_item(
            std::to_string(d) + "@" + cell_name(geometry, cell) + cell_name(geometry, other),
            dlx::ItemKind::secondary);
      chess[static_cast<std::size_t>(cell)].push_back(groups);
      chess[static_cast<std::size_t>(other)].push_back(groups);
      ++groups;
    }
  const int first_group = cells + houses * n;
  // Killer cages: a primary item per cage, which one option per combination of digits covers,
  // and a primary item per cage and digit, covered by a cell option of the digit in the cage or
  // by a combination without it: the cage's digits are then distinct and exactly those of one
  // combination, whose sum is the cage's. (Secondary items per cage and digit, at most once,
  // keep the same rule; primary ones let the search see a digit with one place left in the
  // cage, or one that every combination left holds, as a forced move or a small branching: far
  // fewer nodes, docs/history/2026-12-06.md, "killer cages".)
  const auto& cages = geometry.cages();
  const int first_cage = first_group + groups * n;
  const int first_cage_digit = first_cage + static_cast<int>(cages.size());
  for (std::size_t k = 0; k < cages.size(); ++k) matrix.add_item("cage" + std::to_string(k + 1));
  for (std::size_t k = 0; k < cages.size(); ++k)
    for (int d = 1; d <= n; ++d)
      matrix.add_item(std::to_string(d) + "@cage" + std::to_string(k + 1), dlx::ItemKind::primary);
  // The rules' relations between two cells: a secondary item per pair of digits a relation
  // forbids, in the options of both (at most one holds), as the chess constraints' items are.
  // Pairs of one digit in cells that are peers are left to their houses.
  // Relations of one pair of cells (two rules marking the same neighbours) share items.
  std::vector<std::vector<int>> forbidden(static_cast<std::size_t>(cells * n));
  {
    std::vector<Relation> pairs;
    for (Relation r : geometry.relations()) {
      if (r.a > r.b) {
        Relation flipped{r.b, r.a, std::vector<std::uint64_t>(r.allowed.size(), 0), r.rule, {}};
        for (int x = 0; x < n; ++x)
          for (int y = 0; y < n; ++y)
            if (r.allowed[static_cast<std::size_t>(x)] >> y & 1)
              flipped.allowed[static_cast<std::size_t>(y)] |= std::uint64_t{1} << x;
        r = std::move(flipped);
      }
      const auto same = std::find_if(pairs.begin(), pairs.end(), [&](const Relation& p) {
        return p.a == r.a && p.b == r.b;
      });
      if (same == pairs.end()) {
        pairs.push_back(std::move(r));
        continue;
      }
      for (std::size_t x = 0; x < r.allowed.size(); ++x) same->allowed[x] &= r.allowed[x];
    }
    int item = first_cage_digit + static_cast<int>(cages.size()) * n;
    for (const Relation& r : pairs) {
      const bool peers = (geometry.peer_bits(r.a)[r.b / 64] >> (r.b % 64) & 1) != 0;
      for (int x = 1; x <= n; ++x) {
        if ((geometry.allowed(r.a) >> (x - 1) & 1) == 0) continue;
        for (int y = 1; y <= n; ++y) {
          if ((r.allowed[static_cast<std::size_t>(x - 1)] >> (y - 1) & 1) != 0 ||
              (geometry.allowed(r.b) >> (y - 1) & 1) == 0 || (peers && x == y))
            continue;
          matrix.add_item(cell_name(geometry, r.a) + "=" + std::to_string(x) + "," +
                              cell_name(geometry, r.b) + "=" + std::to_string(y),
                          dlx::ItemKind::secondary);
          forbidden[static_cast<std::size_t>(r.a * n + x - 1)].push_back(item);
          forbidden[static_cast<std::size_t>(r.b * n + y - 1)].push_back(item);
          ++item;
        }
      }
    }
  }
  // Option cell * n + (d - 1): the digit d in the cell.
  std::vector<dlx::Entry> entries;
  for (int cell = 0; cell < cells; ++cell)
    for (int d = 1; d <= n; ++d) {
      entries.assign(1, dlx::Entry{cell, 0});
      for (int h : geometry.houses_of(cell)) entries.push_back({cells + h * n + (d - 1), 0});
      for (int k : chess[static_cast<std::size_t>(cell)])
        entries.push_back({first_group + k * n + (d - 1), 0});
      if (const int k = geometry.cage_of(cell); k >= 0)
        entries.push_back({first_cage_digit + k * n + (d - 1), 0});
      for (int item : forbidden[static_cast<std::size_t>(cell * n + d - 1)])
        entries.push_back({item, 0});
      matrix.add_option(entries);
    }
  // Then the combinations, cage by cage, in the order of cage_combinations.
  for (std::size_t k = 0; k < cages.size(); ++k) {
    const auto count = static_cast<int>(cages[k].cells.size());
    for (const std::uint64_t combination : cage_combinations(n, count, cages[k].sum)) {
      entries.assign(1, dlx::Entry{first_cage + static_cast<int>(k), 0});
      for (int d = 1; d <= n; ++d)
        if ((combination >> (d - 1) & 1) == 0)
          entries.push_back({first_cage_digit + static_cast<int>(k) * n + (d - 1), 0});
      matrix.add_option(entries);
    }
  }
  return matrix;
}

// The rules' constraints over several cells inside the search: at each node, the candidates of
// their cells (the cell options still open, the digits chosen) narrowed by each constraint, the
// options of the digits it clears removed; a digit chosen that it clears ends the branch.
class Solver::RulePropagator final : public dlx::Propagator {
 public:
  explicit RulePropagator(const Geometry& geometry)
      : geometry_(geometry),
        masks_(static_cast<std::size_t>(geometry.cell_count()), 0),
        placed_(static_cast<std::size_t>(geometry.cell_count()), 0) {
    std::vector<bool> in(static_cast<std::size_t>(geometry.cell_count()), false);
    for (const ConstraintPtr& k : geometry.constraints())
      for (const int cell : k->cells()) in[static_cast<std::size_t>(cell)] = true;
    for (int cell = 0; cell < geometry.cell_count(); ++cell)
      if (in[static_cast<std::size_t>(cell)]) cells_.push_back(cell);
    for (const ConstraintPtr& k : geometry.constraints()) {
      memo_start_.push_back(memo_in_.size());
      memo_in_.resize(memo_in_.size() + k->cells().size(), 0);  // no candidates: never asked
    }
    memo_out_.resize(memo_in_.size(), 0);
  }

  bool propagate(const dlx::SearchNode& node, std::vector<dlx::OptionId>& out) override {
    const int n = geometry_.size();
    const dlx::OptionId cell_options = geometry_.cell_count() * n;
    for (const int cell : cells_) placed_[static_cast<std::size_t>(cell)] = 0;
    for (const dlx::OptionId o : node.chosen())
      if (o < cell_options)
        placed_[static_cast<std::size_t>(o / n)] = static_cast<std::uint8_t>(o % n + 1);
    for (const int cell : cells_) {
      Mask m = 0;
      if (const int d = placed_[static_cast<std::size_t>(cell)]; d != 0)
        m = digit_bit(d);
      else
        for (int d = 1; d <= n; ++d)
          if (node.open(cell * n + d - 1)) m |= digit_bit(d);
      masks_[static_cast<std::size_t>(cell)] = m;
    }
    const auto& constraints = geometry_.constraints();
    for (std::size_t i = 0; i < constraints.size(); ++i) {
      const auto& cells = constraints[i]->cells();
      scratch_.clear();
      for (const int cell : cells) scratch_.push_back(masks_[static_cast<std::size_t>(cell)]);
      // Narrowing is a function of the candidates alone: the same as last time, the same answer
      // (most nodes change few cells, so most constraints are asked again as they were).
      const auto asked = memo_in_.begin() + static_cast<std::ptrdiff_t>(memo_start_[i]);
      const auto answer = memo_out_.begin() + static_cast<std::ptrdiff_t>(memo_start_[i]);
      if (std::equal(scratch_.begin(), scratch_.end(), asked)) {
        std::copy(answer, answer + static_cast<std::ptrdiff_t>(cells.size()), scratch_.begin());
      } else {
        std::copy(scratch_.begin(), scratch_.end(), asked);
        constraints[i]->narrow(scratch_);
        std::copy(scratch_.begin(), scratch_.end(), answer);
      }
      for (std::size_t j = 0; j < cells.size(); ++j) {
        const auto cell = static_cast<std::size_t>(cells[j]);
        const Mask gone = masks_[cell] & ~scratch_[j];
        if (gone == 0) continue;
        if (scratch_[j] == 0 || placed_[cell] != 0) return false;
        masks_[cell] = scratch_[j];
        for (Mask m = gone; m != 0; m &= m - 1) out.push_back(cells[j] * n + std::countr_zero(m));
      }
    }
    return true;
  }

 private:
  const Geometry& geometry_;
  std::vector<int> cells_;  // the cells of some constraint
  std::vector<Mask> masks_;
  std::vector<std::uint8_t> placed_;
  std::vector<Mask> scratch_;
  // Per constraint, from memo_start_: the candidates it was last asked with and its answer.
  std::vector<std::size_t> memo_start_;
  std::vector<Mask> memo_in_, memo_out_;
};

Solver::Solver(const Geometry& geometry)
    : geometry_(shared_geometry(geometry)),
      matrix_(shared_matrix(*geometry_)),
      tables_(shared_tables(*geometry_)),
      candidates_(*geometry_) {
  // Implied items (locked candidates) inside the search pay where hyper windows overlap the
  // boxes and on 16x16 grids, and cost more than they save on X, 9x9 and 12x12 grids; weighed
  // ties pay on the variants, 12x12 and 16x16 (docs/history/2026-12-01.md, "branching and locked
  // candidates inside the own loop"). Other sizes (jigsaw too) were not measured and keep singles
  // alone.
  const Variant variant = geometry_->variant();
  const int size = geometry_->size();
  // Regular and X 16x16 grids, where the trees are large, also probe, regular 12x12 grids probe
  // from the start, and regular 9x9 grids once a search has taken 300 nodes: probing costs more
  // than it saves on smaller trees, and on the 9x9 variants (docs/history/2026-12-02.md and
  // 2026-12-03.md, the notes on probing).
  // Chess constraints (not measured apart) take the settings of the variants: the regular
  // grids' rules were measured without them.
  // Killer cages take the settings of the chess constraints.
  const bool chess = geometry_->chess() != Chess::none || !geometry_->cages().empty() ||
                     !geometry_->rules().empty();
  const bool large = !chess && size == 16 && (variant == Variant::regular || variant == Variant::x);
  const bool regular_9x9 = !chess && variant == Variant::regular && size == 9;
  const bool regular_12x12 = !chess && variant == Variant::regular && size == 12;
  propagation_.singles = true;
  // Weighed ties and probing look at the cells (the first items): their options are candidates.
  propagation_.focus = static_cast<std::uint32_t>(geometry_->cell_count());
  // Killer puzzles: implied items, no weighed ties. On generated 9x9 ones (few givens) implied
  // items take far fewer nodes, weighed ties and probing cost more than they save
  // (docs/history/2026-12-06.md, "killer cages").
  const bool killer = !geometry_->cages().empty();
  propagation_.implied =
      variant == Variant::hyper || variant == Variant::hyper_x || large || killer;
  propagation_.weighed =
      !killer &&
      (chess || variant == Variant::x || variant == Variant::hyper || variant == Variant::hyper_x ||
       regular_9x9 || (variant == Variant::regular && (size == 12 || size == 16) && !chess));
  propagation_.probe = large || regular_12x12 || regular_9x9;
  propagation_.probe_levels = 100;
  propagation_.probe_after = regular_9x9 ? 300 : 0;
  // On regular 9x9 the pairs cost more than they save on puzzles where locked candidates find
  // nothing (the multi-solution serg set), and are as good elsewhere (docs/history/2026-12-02.md,
  // "regular 9x9: the reasoning before the search"). Other shapes not measured.
  pairs_after_locked_ = regular_9x9;
  // On regular 9x9 the propagating search is the faster on puzzles that the logic leaves with 30
  // open cells or more and 3.5 candidates a cell or more (the hard ones), the plain one on the
  // others (the multi-solution serg set above all): docs/history/2026-12-02.md, "the loop per
  // puzzle".
  propagating_from_ = regular_9x9 ? 30 : 0;
  set_search_loop(SearchLoop::automatic);
  scratch_.resize(static_cast<std::size_t>(geometry_->cell_count()));
  masks_.resize(static_cast<std::size_t>(geometry_->cell_count()));
  const int n = geometry_->size();
  const auto cell_options = static_cast<std::size_t>(geometry_->cell_count() * n);
  placement_.assign(matrix_->option_count(), no_placement);
  for (std::size_t o = 0; o < cell_options; ++o)
    placement_[o] = static_cast<std::uint32_t>(o / static_cast<std::size_t>(n)) << 8 |
                    static_cast<std::uint32_t>(o % static_cast<std::size_t>(n) + 1);
  // The cages' combination options, after the cell options (exact_cover_matrix).
  auto next = static_cast<dlx::OptionId>(cell_options);
  for (const Cage& cage : geometry_->cages()) {
    CageOptions c{next, cage_combinations(n, static_cast<int>(cage.cells.size()), cage.sum)};
    next += static_cast<dlx::OptionId>(c.combinations.size());
    cage_options_.push_back(std::move(c));
  }
}

void Solver::keep_cage_options(const Grid& values, const Mask* masks) {
  const auto& cages = geometry_->cages();
  for (std::size_t k = 0; k < cages.size(); ++k) {
    // A combination holds every digit placed in the cage, and its others are candidates of the
    // open cells.
    Mask placed = 0, open = 0;
    for (int cell : cages[k].cells) {
      if (const int d = values[static_cast<std::size_t>(cell)]; d != 0)
        placed |= digit_bit(d);
      else
        open |= masks != nullptr ? masks[cell] : ~Mask{0};
    }
    const CageOptions& c = cage_options_[k];
    for (std::size_t i = 0; i < c.combinations.size(); ++i) {
      const Mask m = c.combinations[i];
      if ((m & placed) == placed && (m & ~placed & ~open) == 0)
        keep_.push_back(c.first + static_cast<dlx::OptionId>(i));
    }
  }
}

Solver::~Solver() = default;

void Solver::set_search_loop(SearchLoop loop) {
  // The plain search is the faster on regular 9x9 grids, where most nodes are forced moves found
  // by its scan, the propagating one on every other shape (docs/history/2026-12-01.md, "the
  // solver's own search loop").
  const bool regular_9x9 = geometry_->size() == 9 && geometry_->variant() == Variant::regular &&
                           geometry_->chess() == Chess::none && geometry_->cages().empty() &&
                           geometry_->rules().empty();
  // The rules' constraints over several cells are asked by the propagating search alone.
  const bool constraints = !geometry_->constraints().empty();
  const bool plain =
      !constraints && (loop == SearchLoop::plain || (loop == SearchLoop::automatic && regular_9x9));
  const bool propagating =
      constraints || loop == SearchLoop::propagating || loop == SearchLoop::automatic;
  if (plain && !plain_) {
    plain_ = std::make_unique<dlx::Solver>(*matrix_);
    plain_->set_take_first_single(true);
  }
  if (!plain) plain_.reset();
  if (propagating && !propagating_) {
    propagating_ = std::make_unique<dlx::Solver>(*matrix_);
    if (constraints) {
      if (!rule_propagator_) rule_propagator_ = std::make_unique<RulePropagator>(*geometry_);
      propagating_->set_propagator(rule_propagator_.get());
    }
  }
  if (!propagating) propagating_.reset();
  configure();
  set_stop_flag(stop_);
}

void Solver::configure() {
  if (propagating_) propagating_->set_propagation(propagation_);
}

void Solver::set_search_weighed(bool on) {
  propagation_.weighed = on;
  configure();
}

void Solver::set_search_probe_levels(int levels) {
  propagation_.probe = levels > 0;
  propagation_.probe_levels = levels > 0 ? static_cast<std::uint32_t>(levels) : 0;
  configure();
}

void Solver::set_search_probe_after(std::uint64_t nodes) {
  propagation_.probe_after = nodes;
  configure();
}

void Solver::set_search_probe_skips(bool on) {
  propagation_.probe_skips = on;
  configure();
}

void Solver::set_search_locked(bool on) {
  propagation_.implied = on;
  configure();
}

void Solver::set_stop_flag(const std::atomic<bool>* flag) noexcept {
  stop_ = flag;
  if (plain_) plain_->set_stop_flag(flag);
  if (propagating_) propagating_->set_stop_flag(flag);
}

SolveResult Solver::solve(const Grid& givens, std::uint64_t limit, const SolutionVisitor& visit) {
  return search(givens, limit, visit, -1, {});
}

SolveResult Solver::solve_excluding(const Grid& givens, int cell, int digit, std::uint64_t limit,
                                    const SolutionVisitor& visit, const Grid& near) {
  const int n = geometry_->size();
  if (cell < 0 || cell >= geometry_->cell_count() || digit < 1 || digit > n)
    throw std::invalid_argument("no candidate " + std::to_string(digit) + " in cell " +
                                std::to_string(cell) + " of a " + std::to_string(n) + "x" +
                                std::to_string(n) + " sudoku");
  if (givens.size() == static_cast<std::size_t>(geometry_->cell_count()) &&
      givens[static_cast<std::size_t>(cell)] != 0)
    throw std::invalid_argument("cell " + cell_name(*geometry_, cell) + " holds a given");
  if (!near.empty() && near.size() != static_cast<std::size_t>(geometry_->cell_count()))
    throw std::invalid_argument("a grid of " + std::to_string(near.size()) +
                                " cells given as the solution to search near");
  return search(givens, limit, visit, cell * n + digit - 1, near);
}

SolveResult Solver::search(const Grid& givens, std::uint64_t limit, const SolutionVisitor& visit,
                           int excluded, const Grid& near) {
  const int n = geometry_->size();
  if (givens.size() != static_cast<std::size_t>(geometry_->cell_count()))
    throw std::invalid_argument("a grid of " + std::to_string(givens.size()) +
                                " cells given for a " + std::to_string(n) + "x" +
                                std::to_string(n) + " sudoku");
  for (std::uint8_t d : givens)
    if (d > n) throw std::invalid_argument("digit " + std::to_string(d) + " is out of range");
  const auto check_clash = [&] {
    if (auto clash = find_clash(*geometry_, givens))
      throw ClashError(*clash, describe(*geometry_, *clash));
  };

  const int cells = geometry_->cell_count();
  if (logic_ == Logic::none) {
    check_clash();
    // Givens that break a rule (a given on a cell of the other parity, two marked neighbours
    // that do not fit): no solution.
    if (!geometry_->rules().empty() && broken_rule(*geometry_, givens) >= 0) {
      SolveResult none;
      none.complete = true;
      none.by_logic = true;
      return none;
    }
    // Only what the givens rule out directly: a digit given in a house leaves its other cells,
    // a cell keeps the digits its rules allow and that go with the givens it is related to (the
    // options kept must not clash with the givens, the search's base).
    const auto& relations = geometry_->relations();
    const auto fits_givens = [&](int cell, int d) {
      for (const int i : geometry_->relations_of(cell)) {
        const Relation& r = relations[static_cast<std::size_t>(i)];
        const int other = r.a == cell ? r.b : r.a;
        const int e = givens[static_cast<std::size_t>(other)];
        if (e == 0) continue;
        const int x = r.a == cell ? d : e, y = r.a == cell ? e : d;
        if ((r.allowed[static_cast<std::size_t>(x - 1)] >> (y - 1) & 1) == 0) return false;
      }
      return true;
    };
    keep_.clear();
    base_.clear();
    for (int cell = 0; cell < cells; ++cell) {
      if (const int d = givens[static_cast<std::size_t>(cell)]; d != 0) {
        base_.push_back(cell * n + d - 1);
        continue;
      }
      Mask used = ~geometry_->allowed(cell);
      for (int peer : geometry_->peers(cell))
        used |= givens[static_cast<std::size_t>(peer)]
                    ? digit_bit(givens[static_cast<std::size_t>(peer)])
                    : 0;
      for (int d = 1; d <= n; ++d)
        if ((used & digit_bit(d)) == 0 && cell * n + d - 1 != excluded && fits_givens(cell, d))
          keep_.push_back(cell * n + d - 1);
    }
    keep_cage_options(givens, nullptr);
  } else {
    // Placing the givens fails only when two of them clash: then find which, for the message.
    if (!candidates_.reset(givens)) {
      check_clash();
      throw std::logic_error("sudoku::Solver: givens rejected without a clash");
    }
    return reason_and_search(limit, visit, excluded, near);
  }
  return search_options(limit, visit, near);
}

SolveResult Solver::solve(const Candidates& position, std::uint64_t limit,
                          const SolutionVisitor& visit) {
  const Geometry& g = position.geometry();
  bool same = g.size() == geometry_->size() && g.chess() == geometry_->chess() &&
              g.houses().size() == geometry_->houses().size() && g.cages() == geometry_->cages() &&
              g.relations() == geometry_->relations() &&
              g.constraints().size() == geometry_->constraints().size() &&
              (g.constraints().empty() || g.rules_text() == geometry_->rules_text());
  for (std::size_t h = 0; same && h < g.houses().size(); ++h)
    same = g.houses()[h].cells == geometry_->houses()[h].cells;
  if (!same)
    throw std::invalid_argument("a position of another shape than the solver's " +
                                std::to_string(geometry_->size()) + "x" +
                                std::to_string(geometry_->size()));
  candidates_ = position;
  return reason_and_search(limit, visit, -1, {});
}

SolveResult Solver::reason_and_search(std::uint64_t limit, const SolutionVisitor& visit,
                                      int excluded, const Grid& near) {
  const int n = geometry_->size();
  const int cells = geometry_->cell_count();
  SolveResult result;
  if (excluded >= 0 && candidates_.eliminate(excluded / n, excluded % n + 1) &&
      candidates_.mask(excluded / n) == 0) {
    // The excluded digit was the cell's last candidate: no solution is left.
    result.complete = true;
    result.by_logic = true;
    return result;
  }
  const bool consistent = !(logic_ == Logic::fast && pairs_after_locked_
                                ? reduce_pairs_after_locked(candidates_, *tables_)
                                : reduce(candidates_, *tables_,
                                         logic_ == Logic::full   ? Level::full
                                         : logic_ == Logic::all  ? Level::all
                                         : logic_ == Logic::fast ? Level::fast
                                                                 : Level::singles))
                               .contradiction;
  if (!consistent) {
    result.complete = true;
    result.by_logic = true;
    return result;
  }
  // A digit placed against a rule (a given on a cell of the other parity, two marked neighbours
  // that do not fit): no solution.
  if (!geometry_->rules().empty() && broken_rule(*geometry_, candidates_.grid()) >= 0) {
    result.complete = true;
    result.by_logic = true;
    return result;
  }
  // The rules' relations to a fixed point with the singles (whatever the logic's level): the
  // search's base (the digits placed) must not clash with an option it keeps.
  for (bool more = !geometry_->relations().empty(); more && consistent;) {
    const Found f = rule_relations(candidates_);
    if (f.contradiction || (f.steps > 0 && !candidates_.propagate_singles())) {
      result.complete = true;
      result.by_logic = true;
      return result;
    }
    more = f.steps > 0;
  }
  for (int cell = 0; cell < cells && !geometry_->relations().empty(); ++cell)
    if (candidates_.mask(cell) == 0) {
      result.complete = true;
      result.by_logic = true;
      return result;
    }
  if (candidates_.solved() && (broken_cage(*geometry_, candidates_.grid()) >= 0 ||
                                broken_rule(*geometry_, candidates_.grid()) >= 0)) {
    // Every digit placed, but a cage's sum or a rule broken: no solution.
    result.complete = true;
    result.by_logic = true;
    return result;
  }
  if (candidates_.solved()) {
    result.by_logic = true;
    result.solutions = 1;
    result.first = candidates_.grid();
    // The deductions are sound: every solution agrees with them, so this one is the only one.
    const bool go_on = visit ? visit(result.first) : true;
    result.complete = go_on;
    result.outcome = go_on ? dlx::Outcome::exhausted : dlx::Outcome::stopped;
    return result;
  }
  keep_.clear();
  base_.clear();
  for (int cell = 0; cell < cells; ++cell) {
    if (const int d = candidates_.value(cell); d != 0) {
      base_.push_back(cell * n + d - 1);
      continue;
    }
    for (Mask m = candidates_.mask(cell); m != 0; m &= m - 1)
      keep_.push_back(cell * n + std::countr_zero(m));
  }
  if (!cage_options_.empty()) {
    for (int cell = 0; cell < cells; ++cell)
      masks_[static_cast<std::size_t>(cell)] = candidates_.mask(cell);
    keep_cage_options(candidates_.grid(), masks_.data());
  }
  return search_options(limit, visit, near);
}

SolveResult Solver::search_options(std::uint64_t limit, const SolutionVisitor& visit,
                                   const Grid& near) {
  const int n = geometry_->size();
  const int cells = geometry_->cell_count();
  SolveResult result;
  // Every solution starts with the base: its digits are written once, here, and each solution
  // writes only the digits the search chose.
  for (dlx::OptionId o : base_)
    scratch_[static_cast<std::size_t>(o / n)] = static_cast<std::uint8_t>(o % n + 1);
  dlx::Solver* dlx = propagating_ ? propagating_.get() : plain_.get();
  // (Under a node budget, the plain search as before this choice: the rule was measured without
  // one.)
  if (const int open = cells - static_cast<int>(base_.size());
      plain_ && (propagating_from_ == 0 || node_budget_ != 0 || open < propagating_from_ ||
                 2 * static_cast<int>(keep_.size()) < 7 * open))
    dlx = plain_.get();
  if (dlx == propagating_.get() && !near.empty()) {
    // The options of `near` first: each item's list starts with them, so every branching
    // tries near's digit (or cell) first.
    later_.clear();
    std::size_t kept = 0;
    const auto cell_options = static_cast<dlx::OptionId>(cells * n);  // then cage combinations
    for (dlx::OptionId o : keep_) {
      if (o < cell_options && near[static_cast<std::size_t>(o / n)] == o % n + 1)
        keep_[kept++] = o;
      else
        later_.push_back(o);
    }
    std::copy(later_.begin(), later_.end(), keep_.begin() + static_cast<std::ptrdiff_t>(kept));
  }
  dlx->load(keep_, base_);
  dlx->set_limits({limit, node_budget_, 0});
  prefix_ = base_.size();
  // The visitor captures one pointer, which std::function holds without allocating.
  struct Context {
    Solver* solver;
    SolveResult* result;
    const SolutionVisitor* visit;
  } context{this, &result, &visit};
  const dlx::Result r = dlx->search([at = &context](std::span<const dlx::OptionId> options) {
    Grid& grid = at->solver->scratch_;
    const std::uint32_t* placement = at->solver->placement_.data();
    for (dlx::OptionId o : options.subspan(at->solver->prefix_)) {
      const std::uint32_t p = placement[o];
      if (p != no_placement) grid[p >> 8] = static_cast<std::uint8_t>(p);
    }
    if (at->result->first.empty()) at->result->first = grid;
    return *at->visit ? (*at->visit)(grid) : true;
  });
  result.solutions = r.stats.solutions;
  result.outcome = r.outcome;
  result.complete = r.outcome == dlx::Outcome::exhausted;
  result.nodes = r.stats.nodes;
  result.updates = r.stats.updates;
  return result;
}

std::string format_count(const SolveResult& result) {
  return std::to_string(result.solutions) + (result.complete ? "" : "+");
}

std::string describe_count(const SolveResult& result) {
  const std::uint64_t s = result.solutions;
  if (s == 0) return result.complete ? "no solution" : "no solution found (the search stopped)";
  const std::string count = std::to_string(s) + (s == 1 ? " solution" : " solutions");
  return result.complete ? count : "at least " + count;
}

}  // namespace sudoku
