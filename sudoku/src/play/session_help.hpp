// The interactive session's commands, as 'help' lists them.
#pragma once

#include <string_view>

namespace sudoku::detail {

constexpr std::string_view help_text =
    R"(Commands (a cell is named r3c5: row 3, column 5):
  hint                 the next step, in stages: the technique and where to look; again: its
                       cells and digits; again: the deduction, its cells marked (* *); again:
                       says that was all
  step                 take the next step
  singles              place naked singles (and full houses) until there are none
  soles                place hidden singles until there are none
  solve                take every step the techniques find, until none applies
  solve search         fill the grid with the solution the exact-cover search finds
  set r3c5 7           place 7 in r3c5
  clear r3c5           take back a digit placed (not a given); the candidates are worked out
                       again from the digits left (the marks by hand stay)
  mark r3c5 -37        remove the candidates 3 and 7 of r3c5 by hand; 'mark r3c5 +3' brings 3
                       back (both in one: 'mark r3c5 -7 +3')
  reveal r3c5          place the solution's digit in r3c5
  check                which digits placed are wrong (without the right ones)
  undo, redo           take back the last change, or make it again
  count                the number of solutions left (up to 1000)
  true                 remove every candidate that no solution left holds (the true
                       candidates stay)
  new [SIZE [VARIANT]] a blank grid to type a puzzle into (default: the same shape)
  load FILE            a puzzle, or a position saved
  save FILE            the position: givens, digits placed, candidates removed
  candidates on|off    show or hide the candidates of undecided cells
  autoshow on|off      draw the grid after every change, or not (a line says what changed)
  show                 the grid (the cells of the last hint or check marked)
  show r3, show box 2  the candidates of a house (also c5, b2, 'row 3'), or of a cell (r3c5)
  help                 this list
  quit                 end the session (Ctrl-D too; Ctrl-C stops a command that runs long)
)";

}  // namespace sudoku::detail
