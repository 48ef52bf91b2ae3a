#include "sudoku/logic/rating.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "logic/internal.hpp"
#include "logic/techniques.hpp"
#include "sudoku/logic/forcing.hpp"

namespace sudoku {

bool left_to_forcing_chains(Technique technique) noexcept {
  return detail::has_trait(technique, detail::left_to_forcing_trait);
}

double base_difficulty(Technique technique) noexcept {
  return detail::facts(technique).difficulty;
}

double length_addition(int length) noexcept {
  double added = 0;
  int ceiling = 4;
  bool odd = false;
  for (int rest = length - 2; rest > ceiling;) {
    added += 0.1;
    ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
    odd = !odd;
  }
  return added;
}

namespace {

// The difficulty Sudoku Explainer gives a chain of sudoku/logic/chains.hpp, by the search of its
// own that finds the same deduction. Its "forcing chains and cycles" follow one candidate at a time
// over links as they stand, in three passes: one digit only (X), cells with two candidates only
// (Y: a strong link inside a cell), and both. A loop of one kind is a cycle (6.5), of both 7.0;
// an open chain of one digit a forcing X-chain (6.6), any other 7.0 (the XY pass, where
// XY-chains and remote pairs are found). It has no grouped nodes: a grouped chain of one digit is
// found there by nishio (7.5, a digit followed through its places), of several digits by cell and
// region forcing chains (8.0). Its length counts the nodes and, for an open chain, the
// eliminated candidate assumed at the start and refuted at the end.
double chain_difficulty(const Chain& chain, int& length) noexcept {
  bool grouped = false, one_digit = true, cell_strong_only = true;
  for (std::size_t i = 0; i < chain.nodes.size(); ++i) {
    const ChainNode& node = chain.nodes[i];
    grouped = grouped || node.cells.size() > 1;
    one_digit = one_digit && node.digit == chain.nodes.front().digit;
    if (i + 1 < chain.nodes.size() && i < chain.strong.size() && chain.strong[i]) {
      const ChainNode& next = chain.nodes[i + 1];
      cell_strong_only = cell_strong_only && node.cells == next.cells && node.digit != next.digit;
    }
  }
  length = chain.length() + (chain.loop ? 0 : 2);
  if (grouped) return one_digit ? 7.5 : 8.0;
  if (chain.loop) return one_digit || cell_strong_only ? 6.5 : 7.0;
  return one_digit ? 6.6 : 7.0;
}

}  // namespace

double step_difficulty(const Step& step) noexcept {
  double base = step.difficulty > 0 ? step.difficulty : base_difficulty(step.technique);
  int length = step.length;
  if (length <= 0 && step.chain.length() > 0) {
    if (detail::has_trait(step.technique, detail::rated_as_chain_trait))
      base = chain_difficulty(step.chain, length);
    else  // a pattern rated as the chain it is: its nodes and the candidate it removes
      length = step.chain.length() + 2;
  }
  const double total = base + (length > 0 ? length_addition(length) : 0.0);
  // Rounded to tenths, as Sudoku Explainer shows them.
  return static_cast<double>(static_cast<long>(total * 10 + 0.5)) / 10;
}

namespace {

constexpr std::string_view hodoku_names[] = {"easy", "medium", "hard", "unfair", "extreme"};
constexpr std::string_view qqwing_names[] = {"simple", "easy", "intermediate", "expert"};

// The name of a level, the last one's for a number past the last.
template <std::size_t N>
std::string_view level_name(const std::string_view (&names)[N], int level) noexcept {
  return names[level >= 0 && static_cast<std::size_t>(level) < N ? static_cast<std::size_t>(level)
                                                                 : N - 1];
}

}  // namespace

std::string_view hodoku_level_name(HodokuLevel level) noexcept {
  return level_name(hodoku_names, static_cast<int>(level));
}

HodokuLevel hodoku_level(Technique technique) noexcept {
  return detail::facts(technique).hodoku;
}

std::string_view qqwing_level_name(QqwingLevel level) noexcept {
  return level_name(qqwing_names, static_cast<int>(level));
}

QqwingLevel qqwing_level(Technique technique) noexcept {
  return detail::facts(technique).qqwing;
}

bool parse_level(std::string_view name, Band& band) {
  static constexpr HodokuLevel hodoku[] = {HodokuLevel::easy, HodokuLevel::medium,
                                           HodokuLevel::hard, HodokuLevel::unfair,
                                           HodokuLevel::extreme};
  static constexpr QqwingLevel qqwing[] = {QqwingLevel::simple, QqwingLevel::easy,
                                           QqwingLevel::intermediate, QqwingLevel::expert};
  const bool only_qqwing = name.starts_with("qqwing:");
  const bool only_hodoku = name.starts_with("hodoku:");
  if (only_qqwing || only_hodoku) name.remove_prefix(7);
  if (!only_qqwing)
    for (const HodokuLevel level : hodoku)
      if (hodoku_level_name(level) == name) {
        band.hodoku = level;
        return true;
      }
  if (!only_hodoku)
    for (const QqwingLevel level : qqwing)
      if (qqwing_level_name(level) == name) {
        band.qqwing = level;
        return true;
      }
  return false;
}

namespace {

// The chains Sudoku Explainer finds in one search, its "forcing chains and cycles" (one candidate
// followed over the links as they stand). The forcing chains of sudoku/logic/forcing.hpp find the
// same deductions as these do, slower: they are left to their rung, after these.
bool is_unary_chain(Technique technique) noexcept {
  return detail::has_trait(technique, detail::unary_chain_trait);
}

// Sudoku Explainer's direct techniques: a pattern that leaves a hidden single.
bool is_direct(Technique technique) noexcept {
  return detail::has_trait(technique, detail::direct_trait);
}

// Applies the steps of `found` as easy as the easiest of them or as the hardest step so far
// (`hardest`), and lists them. Each is true of the candidates as they stand; Sudoku Explainer
// takes the easiest only and looks again, which can only find steps as easy, and those already
// as easy as the hardest so far leave the rating as it is: taken together they save searches.
// With `tables`, the forcing chains and nets taken get their links (explain_links), on the
// candidates they were found on.
void take_easiest(Candidates& c, const LogicTables* tables, std::vector<Step>& found,
                  std::vector<Step>& list, double hardest) {
  double easiest = 1e9;
  for (const Step& step : found) easiest = std::min(easiest, step_difficulty(step));
  easiest = std::max(easiest, hardest);
  const std::size_t first = list.size();
  for (Step& step : found)
    if (step_difficulty(step) <= easiest + 1e-9) {
      if (tables) explain_links(c, *tables, step);
      list.push_back(std::move(step));
    }
  for (std::size_t i = first; i < list.size(); ++i) apply(c, list[i]);
}

}  // namespace

EasiestFirst::EasiestFirst(const LogicTables& tables, bool unique, bool links, bool nested)
    : tables_(&tables), unique_(unique), links_(links), nested_(nested) {}

int EasiestFirst::round(Candidates& c, std::vector<Step>& steps, double hardest) {
  if (!scratch_) scratch_.emplace(c);
  Candidates& scratch = *scratch_;
  const std::size_t before = steps.size();
  bool chains_tried = false;
  const detail::StopScope scope(stop_);  // the long rungs look at it too
  for (const Rung& rung : full_ladder()) {
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return 0;
    if ((rung.assumes_unique && !unique_) || left_to_forcing_chains(rung.technique)) continue;
    if (!nested_ && rung.technique >= Technique::nested_forcing_chain &&
        rung.technique <= Technique::nested_dynamic_forcing_chain_plus)
      continue;
    if (detail::has_trait(rung.technique, detail::single_trait)) {
      if (rung.apply(c, *tables_, &steps, 0).steps == 0) continue;
    } else if (is_unary_chain(rung.technique)) {
      // Sudoku Explainer finds these chains in one search and takes the easiest by its
      // difficulty, whatever their kind: the shortest of each kind is found, and the easiest of
      // those taken.
      if (chains_tried) continue;
      chains_tried = true;
      found_.clear();
      for (const Rung& chain : full_ladder()) {
        if (!is_unary_chain(chain.technique)) continue;
        scratch = c;
        chain.apply(scratch, *tables_, &found_, 1);
      }
      if (found_.empty()) continue;
      std::size_t easiest = 0;
      for (std::size_t i = 1; i < found_.size(); ++i)
        if (step_difficulty(found_[i]) < step_difficulty(found_[easiest]) - 1e-9) easiest = i;
      if (links_) explain_links(c, *tables_, found_[easiest]);
      apply(c, found_[easiest]);
      steps.push_back(std::move(found_[easiest]));
    } else if (is_direct(rung.technique)) {
      // A direct technique places the single it leaves and nothing else: Sudoku Explainer keeps
      // the candidates it removes on the way, which an indirect step may remove later.
      found_.clear();
      scratch = c;
      if (rung.apply(scratch, *tables_, &found_, 1).steps == 0) continue;
      Step& step = found_.front();
      std::vector<Candidate> removed = std::move(step.removed);
      step.removed.clear();
      apply(c, step);
      step.removed = std::move(removed);
      steps.push_back(std::move(step));
    } else {
      found_.clear();
      scratch = c;
      if (rung.apply(scratch, *tables_, &found_, 0).steps == 0) continue;
      take_easiest(c, links_ ? tables_ : nullptr, found_, steps, hardest);
    }
    return static_cast<int>(steps.size() - before);
  }
  return 0;
}

}  // namespace sudoku
