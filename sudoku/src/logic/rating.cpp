#include "sudoku/logic/rating.hpp"

namespace sudoku {

bool left_to_forcing_chains(Technique technique) noexcept {
  switch (technique) {
    case Technique::finned_x_wing:
    case Technique::sashimi_x_wing:
    case Technique::finned_swordfish:
    case Technique::sashimi_swordfish:
    case Technique::finned_jellyfish:
    case Technique::sashimi_jellyfish:
    case Technique::hidden_rectangle:
    case Technique::multi_colours:
    case Technique::wxyz_wing:
    case Technique::sue_de_coq:
    case Technique::als_xz:
    case Technique::als_xy_wing:
      return true;
    default:
      return false;
  }
}

double base_difficulty(Technique technique) noexcept {
  // The patterns no chain of Sudoku Explainer's own can be, as its cell and region forcing chains.
  if (left_to_forcing_chains(technique)) return 8.0;
  switch (technique) {
    case Technique::full_house:
      return 1.0;
    case Technique::hidden_single_box:
      return 1.2;
    case Technique::hidden_single:
      return 1.5;
    case Technique::direct_pointing:
      return 1.7;
    case Technique::direct_claiming:
      return 1.9;
    case Technique::direct_hidden_pair:
      return 2.0;
    case Technique::naked_single:
      return 2.3;
    case Technique::direct_hidden_triple:
      return 2.5;
    case Technique::locked_pointing:
      return 2.6;
    case Technique::locked_claiming:
      return 2.8;
    case Technique::naked_pair:
      return 3.0;
    case Technique::x_wing:
      return 3.2;
    case Technique::hidden_pair:
      return 3.4;
    case Technique::naked_triple:
      return 3.6;
    case Technique::swordfish:
      return 3.8;
    case Technique::hidden_triple:
      return 4.0;
    case Technique::xy_wing:
      return 4.2;
    case Technique::xyz_wing:
      return 4.4;
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_4:
      return 4.5;
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_3:
      return 4.6;
    case Technique::naked_quad:
      return 5.0;
    case Technique::jellyfish:
      return 5.2;
    case Technique::hidden_quad:
      return 5.4;
    case Technique::bug_plus_one:
      return 5.6;
    // The patterns Sudoku Explainer has no name for, as it rates the chain each one is: four
    // nodes of one digit (its Turbot Fish), X-Chains, chains of both kinds of link.
    case Technique::skyscraper:
    case Technique::two_string_kite:
    case Technique::turbot_fish:
    case Technique::empty_rectangle:
    case Technique::simple_colours_trap:
    case Technique::simple_colours_wrap:
      return 6.6;
    case Technique::w_wing:
      return 7.1;
    case Technique::remote_pair:
    case Technique::x_chain:
    case Technique::xy_chain:
    case Technique::forcing_x_chain:
    case Technique::forcing_y_chain:
      return 6.6;
    case Technique::continuous_nice_loop:
    case Technique::aic:
    case Technique::grouped_continuous_nice_loop:
    case Technique::grouped_aic:
      return 7.0;
    case Technique::forcing_chain:
      return 7.0;
    case Technique::nishio_forcing_chain:
      return 7.5;
    case Technique::cell_forcing_chain:
    case Technique::region_forcing_chain:
      return 8.0;
    case Technique::dynamic_forcing_chain:
      return 8.5;
    case Technique::dynamic_forcing_chain_plus:
      return 9.0;
    case Technique::contradiction:
      return 0.0;
    default:
      return 6.5;  // a technique not rated here: as Sudoku Explainer's easiest chains
  }
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

// The difficulty Sudoku Explainer gives a chain of sudoku/logic/chains.hpp, by the search of its own
// that finds the same deduction. Its "forcing chains and cycles" follow one candidate at a time
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
  double base = base_difficulty(step.technique);
  int length = step.length;
  if (length <= 0 && step.chain.length() > 0) {
    switch (step.technique) {
      case Technique::remote_pair:
      case Technique::x_chain:
      case Technique::xy_chain:
      case Technique::continuous_nice_loop:
      case Technique::aic:
      case Technique::grouped_continuous_nice_loop:
      case Technique::grouped_aic:
        base = chain_difficulty(step.chain, length);
        break;
      default:  // a pattern rated as the chain it is: its nodes and the candidate it removes
        length = step.chain.length() + 2;
    }
  }
  const double total = base + (length > 0 ? length_addition(length) : 0.0);
  // Rounded to tenths, as Sudoku Explainer shows them.
  return static_cast<double>(static_cast<long>(total * 10 + 0.5)) / 10;
}

std::string_view hodoku_level_name(HodokuLevel level) noexcept {
  switch (level) {
    case HodokuLevel::easy:
      return "easy";
    case HodokuLevel::medium:
      return "medium";
    case HodokuLevel::hard:
      return "hard";
    case HodokuLevel::unfair:
      return "unfair";
    case HodokuLevel::extreme:
      return "extreme";
  }
  return "extreme";
}

HodokuLevel hodoku_level(Technique technique) noexcept {
  switch (technique) {
    case Technique::full_house:
    case Technique::naked_single:
    case Technique::hidden_single:
    case Technique::hidden_single_box:
    case Technique::contradiction:
      return HodokuLevel::easy;
    case Technique::direct_pointing:
    case Technique::direct_claiming:
    case Technique::direct_hidden_pair:
    case Technique::direct_hidden_triple:
    case Technique::locked_pointing:
    case Technique::locked_claiming:
    case Technique::naked_pair:
    case Technique::hidden_pair:
    case Technique::naked_triple:
    case Technique::hidden_triple:
      return HodokuLevel::medium;
    case Technique::naked_quad:
    case Technique::hidden_quad:
    case Technique::x_wing:
    case Technique::swordfish:
      return HodokuLevel::hard;
    case Technique::nishio_forcing_chain:
    case Technique::cell_forcing_chain:
    case Technique::region_forcing_chain:
    case Technique::dynamic_forcing_chain:
    case Technique::dynamic_forcing_chain_plus:
      return HodokuLevel::extreme;
    default: {
      // By Sudoku Explainer's difficulty: wings and rectangles are hard, chains unfair.
      const double d = base_difficulty(technique);
      return d <= 5.0 ? HodokuLevel::hard : d < 7.5 ? HodokuLevel::unfair : HodokuLevel::extreme;
    }
  }
}

std::string_view qqwing_level_name(QqwingLevel level) noexcept {
  switch (level) {
    case QqwingLevel::simple:
      return "simple";
    case QqwingLevel::easy:
      return "easy";
    case QqwingLevel::intermediate:
      return "intermediate";
    case QqwingLevel::expert:
      return "expert";
  }
  return "expert";
}

QqwingLevel qqwing_level(Technique technique) noexcept {
  switch (technique) {
    case Technique::full_house:
    case Technique::naked_single:
    case Technique::contradiction:
      return QqwingLevel::simple;
    case Technique::hidden_single:
    case Technique::hidden_single_box:
      return QqwingLevel::easy;
    case Technique::direct_pointing:
    case Technique::direct_claiming:
    case Technique::direct_hidden_pair:
    case Technique::locked_pointing:
    case Technique::locked_claiming:
    case Technique::naked_pair:
    case Technique::hidden_pair:
      return QqwingLevel::intermediate;
    default:
      return QqwingLevel::expert;
  }
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

}  // namespace sudoku
