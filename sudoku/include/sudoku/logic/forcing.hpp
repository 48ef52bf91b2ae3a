// The last resort before guessing: forcing chains and forcing nets, as Sudoku Explainer finds
// them, over every house of any variant.
//
// Each assumes candidates true (or false) and follows what they force: a digit placed leaves its
// cell's other candidates and its peers; a cell with one candidate left, or a digit with one
// place left in a house, gets it. A contradiction (a cell or a house digit left without a place,
// a candidate both true and false) proves the assumption wrong; a fact that every candidate of a
// cell, or every place of a digit in a house, forces is true. The functions follow the contract
// of sudoku/logic/logic.hpp: they apply what they find (up to `limit` deductions, the shortest
// first; 0 means all), append one Step per deduction when `steps` is given (Step::length: the
// assumptions and implications the reasoning uses) and allocate nothing without steps once
// their per-thread workspace has grown to the grid's size.
#pragma once

#include <vector>

#include "sudoku/logic/logic.hpp"
#include "sudoku/model/candidates.hpp"

namespace sudoku {

// Forcing chains over the links of the candidates as they stand: a candidate assumed true that
// forces itself false goes; one assumed false that forces itself true is placed (Sudoku
// Explainer's forcing X-chain, Y-chain and forcing chain: an alternating inference chain from
// the candidate back to it).
Found forcing_chain(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Nishio: a digit assumed in a cell, followed through that digit's places only, empties a house
// of it or fills a house twice: the digit leaves the cell.
Found nishio_forcing_chain(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Cell and region forcing chains over the links of the candidates as they stand (a cell with
// two candidates, a digit with two places in a house): what every branch forces holds.
Found static_forcing_chain(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// Dynamic forcing chains (forcing nets): every single that the assumptions leave is followed,
// whatever the cell or house had before; contradictions of one assumption, facts both a
// candidate and its absence force, and cell and region forcing.
Found dynamic_forcing_chain(Candidates& c, std::vector<Step>* steps = nullptr, int limit = 0);
// The same, with locked candidates applied to what the assumptions leave, on the way.
Found dynamic_forcing_chain_plus(Candidates& c, const LogicTables& tables,
                                 std::vector<Step>* steps = nullptr, int limit = 0);
// Sudoku Explainer's nested forcing chains (`technique` one of the four nested_* levels): the
// dynamic forcing chains (+), and when an assumption's facts run out, a search of its own run on
// the candidates they leave, whose deductions become facts of the branch (forcing chains; then
// cell and region forcing chains; dynamic forcing chains; then nested forcing chains themselves).
// A deduction's length counts the nested steps' lengths too.
Found nested_forcing_chain(Candidates& c, const LogicTables& tables, Technique technique,
                           std::vector<Step>* steps = nullptr, int limit = 0);

// Fills the branches (Step::branches) of a forcing chain or net step found on `before`: each of
// its assumptions followed again with every fact's reasons kept. Other steps are left as they
// are. The searches above leave the branches empty (most deductions they find are not taken);
// the rounds of sudoku::EasiestFirst fill them for the steps they take.
void explain_links(const Candidates& before, const LogicTables& tables, Step& step);

}  // namespace sudoku
