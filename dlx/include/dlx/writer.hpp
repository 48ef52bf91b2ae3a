// Writes an exact-cover problem in the text format of Knuth's DLX1, DLX2 and DLX3 (reader.hpp),
// so that read_problem reads the same matrix back: the item line, primary items first (with
// their bounds as lo:hi|name, or hi|name when lo = hi), then '|' and the secondary items, then
// one option per line, in the order of their ids, with its cost as " |n" when it has one.
#pragma once

#include <ostream>
#include <span>
#include <string>

#include "dlx/matrix.hpp"
#include "dlx/reader.hpp"

namespace dlx {

// Writes the matrix to `out`. color_names[c] is the name of ColorId c, as in
// Problem::color_names; without names, a color is written as its number. Throws
// std::invalid_argument for a matrix the format cannot hold: an item name or color name that is
// empty or contains a blank, a control character, ':' or '|'; no primary item; a color without a
// name in color_names.
void write_problem(const Matrix& matrix, std::ostream& out,
                   std::span<const std::string> color_names = {});
// Writes a problem that was read, with its color names.
void write_problem(const Problem& problem, std::ostream& out);

// The item line of a matrix as write_problem writes it: "2|a 0:3|b c | x y".
std::string format_items(const Matrix& matrix);
// An option of a matrix as write_problem writes it: "a b x:red |3" (colors named as above).
std::string format_option(const Matrix& matrix, OptionId option,
                          std::span<const std::string> color_names = {});

}  // namespace dlx
