#include "sudoku/make/made_to_order.hpp"

#include <bit>
#include <cctype>
#include <optional>
#include <stdexcept>
#include <string>

#include "dlx/random.hpp"

namespace sudoku {

namespace {

std::string normal(std::string_view name) {
  std::string out;
  for (const char ch : name)
    out += ch == '-' || ch == '_' ? ' '
                                  : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// True when the band has a ceiling below the hardest puzzles: a level under extreme (QQWing's
// under expert) or an ER below the unsolved rating.
bool has_ceiling(const Band& band) {
  return (band.hodoku && *band.hodoku != HodokuLevel::extreme) ||
         (band.qqwing && *band.qqwing != QqwingLevel::expert) || band.high < unsolved_rating;
}

// True when a step is harder than the band allows: a higher level, or a higher ER.
bool above(const Band& band, const Step& step) {
  if (band.hodoku && hodoku_level(step.technique) > *band.hodoku) return true;
  if (band.qqwing && qqwing_level(step.technique) > *band.qqwing) return true;
  return step_difficulty(step) > band.high + 1e-9;
}

}  // namespace

bool Order::fits(const Rating& rating, const std::vector<Step>& steps) const {
  if (!rating.solvable) return false;
  if (band.hodoku && rating.hodoku != *band.hodoku) return false;
  if (band.qqwing && rating.qqwing != *band.qqwing) return false;
  if (rating.er < band.low - 1e-9 || rating.er > band.high + 1e-9) return false;
  if (technique) {
    bool used = false;
    // By name: the hidden singles of boxes and of lines are one technique to people.
    for (const Step& step : steps)
      used = used || technique_name(step.technique) == technique_name(*technique);
    if (!used) return false;
  }
  return true;
}

std::optional<Technique> parse_technique(std::string_view name) {
  const std::string wanted = normal(name);
  // Every technique has a name; a number past the last gets the fallback "step".
  for (int t = 0; t < 256; ++t) {
    const auto technique = static_cast<Technique>(t);
    const std::string_view name = technique_name(technique);
    if (technique != Technique::contradiction && name != "step" && normal(name) == wanted)
      return technique;
  }
  return std::nullopt;
}

OrderedGenerator::OrderedGenerator(const Geometry& geometry)
    : generator_(geometry), solver_(geometry), tables_(geometry) {}

void OrderedGenerator::set_stop_flag(const std::atomic<bool>* flag) noexcept {
  generator_.set_stop_flag(flag);
  stop_ = flag;
}

// Solves the puzzle a person's way, the easiest step each time, and where the next step is
// harder than the band allows (or none applies) gives the solution's digit in the open cell with
// the fewest candidates (and, when symmetric, in its partner) as a new given, then goes on. The
// puzzle stays unique (its solution's digits are added) and its steps stay within the ceiling.
void OrderedGenerator::spare_givens(Puzzle& puzzle, const Band& band, bool symmetric,
                                    const Geometry& g, const LogicTables& tables) {
  Candidates c = start_candidates(g, puzzle.givens);
  Step step, given;
  given.placed.resize(1);
  while (!c.solved()) {
    if (stop_ && stop_->load(std::memory_order_relaxed)) throw GenerationStopped();
    if (next_step(c, tables, step, Level::full, true) && !above(band, step)) {
      apply(c, step);
      continue;
    }
    int best = -1;
    for (int cell = 0; cell < g.cell_count(); ++cell)
      if (c.value(cell) == 0 &&
          (best < 0 || std::popcount(c.mask(cell)) < std::popcount(c.mask(best))))
        best = cell;
    for (const int cell : {best, g.cell_count() - 1 - best}) {
      auto& digit = puzzle.givens[static_cast<std::size_t>(cell)];
      if (digit != 0) continue;  // the centre, its own partner
      digit = puzzle.solution[static_cast<std::size_t>(cell)];
      ++puzzle.count;
      ++puzzle.added;
      given.placed[0] = {cell, digit};
      if (c.value(cell) == 0) apply(c, given);  // the partner may be placed already
      if (!symmetric) break;
    }
  }
}

OrderedPuzzle OrderedGenerator::generate(std::uint64_t seed, const GeneratorOptions& options,
                                         const Order& order, std::uint64_t attempts) {
  OrderedPuzzle made;
  for (std::uint64_t k = 0; attempts == 0 || k < attempts; ++k) {
    made.puzzle = generator_.generate(k == 0 ? seed : dlx::nth_random(seed, k), options);
    made.attempts = k + 1;
    if (order.any()) return made;
    // A minimal puzzle of a variant is seldom easy (its extra houses leave few givens): one too
    // hard for the band gets givens to spare first.
    // A killer puzzle is rated on its own shape (its cages): a solver and tables of its own.
    std::optional<Solver> own_solver;
    std::optional<LogicTables> own_tables;
    if (made.puzzle.geometry) {
      own_solver.emplace(*made.puzzle.geometry);
      own_solver->set_stop_flag(stop_);
      own_tables.emplace(*made.puzzle.geometry);
    }
    Solver& solver = own_solver ? *own_solver : solver_;
    const LogicTables& tables = own_tables ? *own_tables : tables_;
    if (has_ceiling(order.band))
      spare_givens(made.puzzle, order.band, options.symmetric, solver.geometry(), tables);
    steps_.clear();
    made.rating = rate(made.puzzle.givens, solver, tables, &steps_, Uniqueness::assumed);
    if (order.fits(made.rating, steps_)) return made;
  }
  throw NoPuzzleInBand("no puzzle of the order in " + std::to_string(attempts) + " attempts");
}

}  // namespace sudoku
