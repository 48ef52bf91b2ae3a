// The one table of techniques: per technique, everything the library says about it (its name,
// its difficulty on Sudoku Explainer's scale, its levels in HoDoKu and QQWing, how its step is
// worded, how the rating treats it). The public lookups (technique_name(), base_difficulty(),
// hodoku_level(), ...) read it; nothing else lists the techniques. Internal to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/rating.hpp"

namespace sudoku::detail {

// How describe() words a step: one sentence shape per family of techniques.
enum class Wording : std::uint8_t {
  name_only,      // the name alone
  placement,      // "r3c5=7: hidden single in box 2"
  locked,         // a digit of one house confined to another
  subset,         // digits confined to as many cells of a house
  basic_fish,     // base and cover lines
  direct,         // the placement first, then the pattern that leaves it
  forcing_chain,  // a candidate that forces its own opposite
  forcing_net,    // every branch leads to the same, or one to a contradiction
  contradiction,  // a cell without candidates or a digit without a place
  chain,          // Eureka notation (describe_chain)
  finned_fish,    // a fish with its fins
  four_nodes,     // two conjugate pairs joined: Skyscraper, 2-String Kite, Turbot Fish
  empty_rectangle,
  w_wing,
  wing,  // a pivot and two pincers
  wxyz_wing,
  rectangle,              // the corners of a Unique (types 1, 2) or Hidden Rectangle
  rectangle_roof_subset,  // Unique Rectangle type 3
  rectangle_roof_locked,  // Unique Rectangle type 4
  bug_plus_one,
  simple_colours,
  multi_colours,
  sue_de_coq,
  als_xz,
  als_xy_wing,
  cage,          // a killer cage: "cage A (23) takes its digits from {6,8,9}, removes ..."
  rule_of_45,    // innies or outies of houses and their sum
  relation,      // a rule's relation between two cells: "white dot r1c1-r1c2: ..."
  constraint,    // a rule over several cells: "arrow r1c1: r1c2-r1c3: removes ..."
  rule_forcing,  // "r1c1=5 contradicts the cages and rules: removes 5 from r1c1"
};

// How the rating and the ladder treat a technique (a set of these bits).
enum TechniqueTrait : std::uint8_t {
  single_trait = 1,       // a single: Sudoku Explainer takes all of them at once
  direct_trait = 2,       // a pattern that leaves a hidden single (Sudoku Explainer's direct)
  unary_chain_trait = 4,  // found by Sudoku Explainer's one search of "forcing chains and cycles"
  rated_as_chain_trait = 8,  // rated by its chain's nodes and links (chain_difficulty)
  // A pattern Sudoku Explainer has not, that only its cell and region forcing chains find: rated
  // 8.0 as those, and left to them by the rating.
  left_to_forcing_trait = 16,
};

struct TechniqueFacts {
  Technique technique;
  std::string_view name;  // as people write it
  double difficulty;      // Sudoku Explainer's, before any addition for a chain's length
  HodokuLevel hodoku;
  QqwingLevel qqwing;
  Wording wording;
  std::uint8_t traits;  // TechniqueTrait bits
};

namespace table {
using T = Technique;
using H = HodokuLevel;
using Q = QqwingLevel;
using W = Wording;
constexpr std::uint8_t single = single_trait, direct = direct_trait, unary = unary_chain_trait,
                       chain = rated_as_chain_trait, forcing = left_to_forcing_trait;

// In the order of Technique. The difficulties of the patterns Sudoku Explainer has no name for
// are those of the chain each one is: four nodes of one digit (its Turbot Fish), X-Chains,
// chains of both kinds of link.
inline constexpr TechniqueFacts techniques[] = {
    {T::full_house, "full house", 1.0, H::easy, Q::simple, W::placement, single},
    {T::naked_single, "naked single", 2.3, H::easy, Q::simple, W::placement, single},
    {T::hidden_single, "hidden single", 1.5, H::easy, Q::easy, W::placement, single},
    {T::locked_pointing, "locked candidates (pointing)", 2.6, H::medium, Q::intermediate, W::locked,
     0},
    {T::locked_claiming, "locked candidates (claiming)", 2.8, H::medium, Q::intermediate, W::locked,
     0},
    {T::naked_pair, "naked pair", 3.0, H::medium, Q::intermediate, W::subset, 0},
    {T::naked_triple, "naked triple", 3.6, H::medium, Q::expert, W::subset, 0},
    {T::naked_quad, "naked quad", 5.0, H::hard, Q::expert, W::subset, 0},
    {T::hidden_pair, "hidden pair", 3.4, H::medium, Q::intermediate, W::subset, 0},
    {T::hidden_triple, "hidden triple", 4.0, H::medium, Q::expert, W::subset, 0},
    {T::hidden_quad, "hidden quad", 5.4, H::hard, Q::expert, W::subset, 0},
    {T::x_wing, "X-Wing", 3.2, H::hard, Q::expert, W::basic_fish, 0},
    {T::swordfish, "Swordfish", 3.8, H::hard, Q::expert, W::basic_fish, 0},
    {T::contradiction, "contradiction", 0.0, H::easy, Q::simple, W::contradiction, 0},
    {T::jellyfish, "Jellyfish", 5.2, H::unfair, Q::expert, W::basic_fish, 0},
    {T::skyscraper, "Skyscraper", 6.6, H::unfair, Q::expert, W::four_nodes, unary},
    {T::two_string_kite, "2-String Kite", 6.6, H::unfair, Q::expert, W::four_nodes, unary},
    {T::turbot_fish, "Turbot Fish", 6.6, H::unfair, Q::expert, W::four_nodes, unary},
    {T::empty_rectangle, "Empty Rectangle", 6.6, H::unfair, Q::expert, W::empty_rectangle, unary},
    {T::w_wing, "W-Wing", 7.1, H::unfair, Q::expert, W::w_wing, unary},
    {T::xy_wing, "XY-Wing", 4.2, H::hard, Q::expert, W::wing, 0},
    {T::xyz_wing, "XYZ-Wing", 4.4, H::hard, Q::expert, W::wing, 0},
    {T::wxyz_wing, "WXYZ-Wing", 8.0, H::extreme, Q::expert, W::wxyz_wing, forcing},
    {T::unique_rectangle_1, "Unique Rectangle type 1", 4.5, H::hard, Q::expert, W::rectangle, 0},
    {T::unique_rectangle_2, "Unique Rectangle type 2", 4.6, H::hard, Q::expert, W::rectangle, 0},
    {T::unique_rectangle_3, "Unique Rectangle type 3", 4.6, H::hard, Q::expert,
     W::rectangle_roof_subset, 0},
    {T::unique_rectangle_4, "Unique Rectangle type 4", 4.5, H::hard, Q::expert,
     W::rectangle_roof_locked, 0},
    {T::hidden_rectangle, "Hidden Rectangle", 8.0, H::extreme, Q::expert, W::rectangle, forcing},
    {T::bug_plus_one, "BUG+1", 5.6, H::unfair, Q::expert, W::bug_plus_one, 0},
    {T::finned_x_wing, "finned X-Wing", 8.0, H::extreme, Q::expert, W::finned_fish, forcing},
    {T::sashimi_x_wing, "sashimi X-Wing", 8.0, H::extreme, Q::expert, W::finned_fish, forcing},
    {T::finned_swordfish, "finned Swordfish", 8.0, H::extreme, Q::expert, W::finned_fish, forcing},
    {T::sashimi_swordfish, "sashimi Swordfish", 8.0, H::extreme, Q::expert, W::finned_fish,
     forcing},
    {T::finned_jellyfish, "finned Jellyfish", 8.0, H::extreme, Q::expert, W::finned_fish, forcing},
    {T::sashimi_jellyfish, "sashimi Jellyfish", 8.0, H::extreme, Q::expert, W::finned_fish,
     forcing},
    {T::simple_colours_trap, "simple colours (trap)", 6.6, H::unfair, Q::expert, W::simple_colours,
     unary},
    {T::simple_colours_wrap, "simple colours (wrap)", 6.6, H::unfair, Q::expert, W::simple_colours,
     unary},
    {T::multi_colours, "multi-colours", 8.0, H::extreme, Q::expert, W::multi_colours, forcing},
    {T::sue_de_coq, "Sue de Coq", 8.0, H::extreme, Q::expert, W::sue_de_coq, forcing},
    {T::als_xz, "ALS-XZ", 8.0, H::extreme, Q::expert, W::als_xz, forcing},
    {T::als_xy_wing, "ALS-XY-Wing", 8.0, H::extreme, Q::expert, W::als_xy_wing, forcing},
    {T::remote_pair, "Remote Pair", 6.6, H::unfair, Q::expert, W::chain, unary | chain},
    {T::x_chain, "X-Chain", 6.6, H::unfair, Q::expert, W::chain, unary | chain},
    {T::xy_chain, "XY-Chain", 6.6, H::unfair, Q::expert, W::chain, unary | chain},
    {T::continuous_nice_loop, "continuous nice loop", 7.0, H::unfair, Q::expert, W::chain, chain},
    {T::aic, "AIC", 7.0, H::unfair, Q::expert, W::chain, unary | chain},
    {T::grouped_continuous_nice_loop, "grouped continuous nice loop", 7.0, H::unfair, Q::expert,
     W::chain, chain},
    {T::grouped_aic, "grouped AIC", 7.0, H::unfair, Q::expert, W::chain, unary | chain},
    {T::hidden_single_box, "hidden single", 1.2, H::easy, Q::easy, W::placement, single},
    {T::direct_pointing, "direct pointing", 1.7, H::medium, Q::intermediate, W::direct, direct},
    {T::direct_claiming, "direct claiming", 1.9, H::medium, Q::intermediate, W::direct, direct},
    {T::direct_hidden_pair, "direct hidden pair", 2.0, H::medium, Q::intermediate, W::direct,
     direct},
    {T::direct_hidden_triple, "direct hidden triple", 2.5, H::medium, Q::expert, W::direct, direct},
    {T::forcing_x_chain, "forcing X-chain", 6.6, H::unfair, Q::expert, W::forcing_chain, 0},
    {T::forcing_y_chain, "forcing Y-chain", 6.6, H::unfair, Q::expert, W::forcing_chain, 0},
    {T::forcing_chain, "forcing chain", 7.0, H::unfair, Q::expert, W::forcing_chain, 0},
    {T::nishio_forcing_chain, "nishio forcing chain", 7.5, H::extreme, Q::expert, W::forcing_net,
     0},
    {T::cell_forcing_chain, "cell forcing chain", 8.0, H::extreme, Q::expert, W::forcing_net, 0},
    {T::region_forcing_chain, "region forcing chain", 8.0, H::extreme, Q::expert, W::forcing_net,
     0},
    {T::dynamic_forcing_chain, "dynamic forcing chain", 8.5, H::extreme, Q::expert, W::forcing_net,
     0},
    {T::dynamic_forcing_chain_plus, "dynamic forcing chain (+)", 9.0, H::extreme, Q::expert,
     W::forcing_net, 0},
    // This library's own difficulties (no Sudoku Explainer ones exist): a cage's combinations
    // read off a table of sums, as easy as a claiming; the rule of 45, adding up a house's
    // cages, as hard as a naked pair.
    {T::cage_combinations, "cage combinations", 1.8, H::easy, Q::easy, W::cage, 0},
    {T::rule_of_45, "rule of 45", 2.2, H::medium, Q::intermediate, W::rule_of_45, 0},
    {T::nested_forcing_chain, "nested forcing chain (+ forcing chains)", 9.5, H::extreme, Q::expert,
     W::forcing_net, 0},
    {T::nested_multiple_forcing_chain, "nested forcing chain (+ multiple forcing chains)", 10.0,
     H::extreme, Q::expert, W::forcing_net, 0},
    {T::nested_dynamic_forcing_chain, "nested forcing chain (+ dynamic forcing chains)", 10.5,
     H::extreme, Q::expert, W::forcing_net, 0},
    {T::nested_dynamic_forcing_chain_plus, "nested forcing chain (+ dynamic forcing chains (+))",
     11.0, H::extreme, Q::expert, W::forcing_net, 0},
    // This library's own: a rule between two cells read off its mark, as easy as a pointing.
    {T::rule_relation, "rule", 1.6, H::easy, Q::easy, W::relation, 0},
    // A sum or a count over several cells, as hard as the cages' combinations.
    {T::rule_constraint, "rule over several cells", 1.8, H::easy, Q::easy, W::constraint, 0},
    // Rated next to the nishio it is (a digit followed to a contradiction), for its sums.
    {T::rule_forcing_chain, "rule forcing chain", 7.6, H::extreme, Q::expert, W::rule_forcing, 0},
};

// What a number outside the enumeration gets: a step rated as Sudoku Explainer's easiest chains.
inline constexpr TechniqueFacts unknown = {T::contradiction, "step",       6.5, H::unfair,
                                           Q::expert,        W::name_only, 0};

constexpr bool in_order() noexcept {
  for (std::size_t i = 0; i < std::size(techniques); ++i)
    if (static_cast<std::size_t>(techniques[i].technique) != i) return false;
  return true;
}
static_assert(in_order(), "the table lists the techniques in the order of Technique");
static_assert(std::size(techniques) ==
              static_cast<std::size_t>(Technique::rule_forcing_chain) + 1);

}  // namespace table

// The facts of a technique.
constexpr const TechniqueFacts& facts(Technique technique) noexcept {
  const auto i = static_cast<std::size_t>(technique);
  return i < std::size(table::techniques) ? table::techniques[i] : table::unknown;
}

constexpr bool has_trait(Technique technique, TechniqueTrait trait) noexcept {
  return (facts(technique).traits & trait) != 0;
}

}  // namespace sudoku::detail
