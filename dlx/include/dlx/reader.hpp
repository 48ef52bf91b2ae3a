// Reads an exact-cover problem written in the text format of Knuth's DLX1, DLX2 and DLX3.
//
//   | A line whose first non-blank character is '|' is a comment; blank lines are ignored.
//   a b c | x y          the item line: primary items, then '|', then secondary items
//   2|a 0:3|b c | x      bounds on primary items (DLX3): hi|name (lo = hi) or lo:hi|name
//   a b x:red            an option: items by name; a secondary item may carry a color
//   a c |3 |2            an option of cost 5: `|n` words give it a cost, summed (as DLX5 reads)
//
// Names are any non-blank printable characters except ':' and '|', of any length. CRLF line
// ends and a UTF-8 byte-order mark are accepted. Columns in errors count bytes from 1.
#pragma once

#include <cstddef>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/text_error.hpp"

namespace dlx {

// Which rule of the format a text broke.
enum class ParseErrorKind {
  no_items,             // no item line: the input is empty or only comments
  bad_character,        // a NUL or other control character (not text)
  line_too_long,        // a line longer than ReadLimits::max_line_length
  second_separator,     // a second '|' on the item line
  separator_in_option,  // a '|' inside an option
  bad_name,             // an item name on the item line containing ':' or '|'
  duplicate_item,       // an item declared twice
  unknown_item,         // an option names an item that the item line does not declare
  repeated_item,        // the same item twice in one option
  color_on_primary,     // a color on a primary item
  bad_color,            // color syntax other than name:color ("a:", ":x", "a:b:c")
  too_large,            // more items or nodes than 32-bit indices allow
  too_many_nodes,       // more nodes than ReadLimits::max_nodes
  bad_bounds,           // bounds that are malformed, lo > hi, hi = 0, or on a secondary item
  bad_cost,             // a cost that is not a nonnegative integer ("|x", "|-1"), or too large
  cost_on_item_line,    // a cost ("|n") on the item line
};

// Where (1-based line and byte column) and why a text is not a valid problem; what() is the
// message alone, written for the person who wrote the text.
using ParseError = TextError<ParseErrorKind>;

// Input that was accepted but changed, such as an option dropped for having no primary item.
struct Warning {
  std::size_t line = 0;  // line of the input it is about, from 1
  std::string message;   // what happened, for the user
};

// Bounds on the text a reader accepts, so that a wrong file fails early instead of filling memory.
struct ReadLimits {
  std::size_t max_line_length = std::size_t{1} << 20;  // bytes in one line, its '\n' excluded
  // Nodes of the dancing links: one per item, per option and per item of an option. The links
  // take about 40 bytes a node, so the default bounds them near 2 GB.
  std::size_t max_nodes = 50'000'000;
};

// An exact-cover problem read from text, with what is needed to write its options back.
struct Problem {
  Matrix matrix;                          // the items and the options kept
  std::vector<std::string> color_names;   // name of each ColorId; [0] is "" (no color)
  std::vector<std::size_t> option_lines;  // for each OptionId, its line in the input
  std::vector<Warning> warnings;          // accepted input that was changed, in input order
};

// Reads a problem from a stream; throws ParseError for invalid text, std::ios_base::failure
// when the stream itself fails.
Problem read_problem(std::istream& in, const ReadLimits& limits = {});
// Reads a problem from text held in memory; throws ParseError for invalid text.
Problem read_problem(std::string_view text, const ReadLimits& limits = {});

// The item line of a problem as the format writes it: "a b c | x y".
std::string format_items(const Problem& problem);
// An option as the format writes it, its items separated by spaces, then its cost if it has
// one: "a b x:red |3".
std::string format_option(const Problem& problem, OptionId option);

}  // namespace dlx
