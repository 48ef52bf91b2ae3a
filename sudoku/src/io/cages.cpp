// The killer header lines: #cages (a map of cage labels over the N lines that follow) and #sums
// (each label's sum). They apply to the next puzzle only: a killer puzzle's cages are its own.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

#include "io/reader_state.hpp"
#include "sudoku/model/shapes.hpp"

namespace sudoku {

using namespace reading;

namespace {

// The words of a line set apart by blanks: [begin, end) byte offsets.
void words_of(std::string_view text, std::vector<std::pair<std::size_t, std::size_t>>& out) {
  out.clear();
  for (std::size_t i = 0; i < text.size();) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !is_space(text[end])) ++end;
    out.emplace_back(i, end);
    i = end;
  }
}

bool label_character(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 && static_cast<unsigned char>(c) < 0x80;
}

}  // namespace

std::optional<Record> PuzzleReader::Impl::cages_header(std::size_t number) {
  cage_map.emplace();
  cage_map->line = number;
  cages.clear();
  cages_line = 0;
  cages_size = 0;
  bad_cages = 0;
  return std::nullopt;
}

Record PuzzleReader::Impl::cage_error(FormatError e) {
  const std::size_t line = cage_map ? cage_map->line : cages_line;
  cage_map.reset();
  cages.clear();
  cages_size = 0;
  bad_cages = line;
  return error(std::move(e));
}

std::optional<Record> PuzzleReader::Impl::cage_row(std::string_view text, std::size_t number) {
  reading::CageMap& m = *cage_map;
  if (m.sums_wanted) {
    // The map is whole: the next line must be its #sums.
    const std::size_t at = first_non_space(text);
    return cage_error(FormatError(FormatErrorKind::bad_cages, number, at + 1,
                                  "the cages of line " + std::to_string(m.line) +
                                      " need a #sums line here, e.g. '#sums A=23 B=10'"));
  }
  words_of(text, tokens);
  if (m.width == 0) {
    if (tokens.size() > 64)
      return cage_error(FormatError(FormatErrorKind::bad_cages, number, tokens[64].first + 1,
                                    "a cage map has at most 64 labels a row"));
    m.width = tokens.size();
  }
  if (tokens.size() != m.width) {
    const std::size_t column =
        tokens.size() > m.width ? tokens[m.width].first + 1 : text.size() + 1;
    return cage_error(FormatError(FormatErrorKind::bad_cages, number, column,
                                  "a row of this cage map needs " + std::to_string(m.width) +
                                      " labels, like its first row; this one has " +
                                      std::to_string(tokens.size())));
  }
  for (const auto& [begin, end] : tokens) {
    const std::string_view label = text.substr(begin, end - begin);
    const bool none = label == ".";
    if (!none && (label.size() > 2 || !std::all_of(label.begin(), label.end(), label_character)))
      return cage_error(
          FormatError(FormatErrorKind::bad_cages, number, begin + 1,
                      "bad cage label '" + std::string(label) +
                          "': one or two letters or digits a cell, or '.' for a cell in no cage"));
    m.labels.emplace_back(none ? std::string() : std::string(label));
    m.where.push_back({number, begin + 1});
  }
  if (++m.rows == m.width) m.sums_wanted = true;
  return std::nullopt;
}

std::optional<Record> PuzzleReader::Impl::sums_header(std::string_view text, std::size_t number,
                                                      std::size_t arg) {
  if (!cage_map || !cage_map->sums_wanted) {
    const std::string what = cage_map ? "the cage map of line " + std::to_string(cage_map->line) +
                                            " is not whole before this #sums line"
                                      : "#sums without a #cages map before it";
    const std::size_t line = cage_map ? cage_map->line : number;
    cage_map.reset();
    bad_cages = line;
    return error(FormatError(FormatErrorKind::bad_cages, number, 1, what));
  }
  const reading::CageMap& m = *cage_map;
  const int n = static_cast<int>(m.width);
  // The cells of each label, in order of first appearance.
  std::map<std::string, std::size_t> index;
  std::vector<Cage> found;
  std::vector<Location> first;
  for (std::size_t cell = 0; cell < m.labels.size(); ++cell) {
    if (m.labels[cell].empty()) continue;
    const auto [it, added] = index.try_emplace(m.labels[cell], found.size());
    if (added) {
      found.push_back({{}, 0, m.labels[cell]});
      first.push_back(m.where[cell]);
    }
    found[it->second].cells.push_back(static_cast<int>(cell));
  }
  std::vector<bool> summed(found.size(), false);
  words_of(text.substr(arg), tokens);
  for (const auto& [b, e] : tokens) {
    const std::size_t begin = arg + b, end = arg + e;
    const std::string_view word = text.substr(begin, end - begin);
    const std::size_t equals = word.find('=');
    int sum = 0;
    const char* stop = word.data() + word.size();
    const char* digits = equals == std::string_view::npos ? stop : word.data() + equals + 1;
    if (equals == std::string_view::npos || equals == 0 || digits == stop ||
        std::from_chars(digits, stop, sum).ptr != stop) {
      std::string message(1, '\'');  // not "'" + ...: GCC 12 warns falsely (-Wrestrict) on that
      message.append(word).append("' is no cage sum: write a label, '=' and a number, e.g. 'A=23'");
      return cage_error(FormatError(FormatErrorKind::bad_cages, number, begin + 1, message));
    }
    const std::string label(word.substr(0, equals));
    const auto it = index.find(label);
    if (it == index.end())
      return cage_error(FormatError(FormatErrorKind::bad_cages, number, begin + 1,
                                    "a sum for cage '" + label +
                                        "', which has no cells in the map of line " +
                                        std::to_string(m.line)));
    if (summed[it->second])
      return cage_error(FormatError(FormatErrorKind::bad_cages, number, begin + 1,
                                    "a second sum for cage '" + label + "'"));
    Cage& cage = found[it->second];
    const auto count = static_cast<int>(cage.cells.size());
    if (count > n) {
      const Location at = first[it->second];
      return cage_error(FormatError(FormatErrorKind::bad_cages, at.line, at.column,
                                    "cage '" + label + "' has " + std::to_string(count) +
                                        " cells; a cage of a " + size_name(n) +
                                        " grid holds at most " + std::to_string(n)));
    }
    if (sum < least_sum(count) || sum > most_sum(count, n))
      return cage_error(FormatError(FormatErrorKind::bad_cages, number, begin + equals + 2,
                                    "cage '" + label + "': " + std::to_string(count) +
                                        " different digits of 1-" + std::to_string(n) +
                                        " cannot add up to " + std::to_string(sum) + " (" +
                                        std::to_string(least_sum(count)) + " to " +
                                        std::to_string(most_sum(count, n)) + ")"));
    cage.sum = sum;
    summed[it->second] = true;
  }
  for (std::size_t k = 0; k < found.size(); ++k)
    if (!summed[k])
      return cage_error(FormatError(
          FormatErrorKind::bad_cages, first[k].line, first[k].column,
          "cage '" + found[k].label + "' has no sum in the #sums line " + std::to_string(number)));
  cages = std::move(found);
  cages_size = n;
  cages_line = m.line;
  cage_map.reset();
  return std::nullopt;
}

std::optional<Record> PuzzleReader::Impl::cage_map_end(std::string_view where) {
  if (!cage_map) return std::nullopt;
  const std::string what =
      cage_map->sums_wanted
          ? "the cages of line " + std::to_string(cage_map->line) + " have no #sums line"
          : "the cage map ends after " + std::to_string(cage_map->rows) + " of " +
                std::to_string(cage_map->width) + " rows";
  const std::size_t line = cage_map->line;
  return cage_error(
      FormatError(FormatErrorKind::bad_cages, line, 1, what + ", " + std::string(where)));
}

std::optional<Record> PuzzleReader::Impl::with_cages(std::shared_ptr<const Geometry>& geometry,
                                                     std::size_t number, std::size_t column,
                                                     int size) {
  if (bad_cages != 0) {
    const std::size_t line = bad_cages;
    bad_cages = 0;
    return error(FormatError(
        FormatErrorKind::bad_header, number, column,
        "puzzle not read: the cages at line " + std::to_string(line) + " before it are not valid"));
  }
  if (cages_size == 0) return std::nullopt;
  std::vector<Cage> taken = std::move(cages);
  const int taken_size = cages_size;
  const std::size_t line = cages_line;
  cages.clear();
  cages_size = 0;
  if (taken_size != size)
    return error(FormatError(FormatErrorKind::bad_header, number, column,
                             "the cages at line " + std::to_string(line) + " are for a " +
                                 size_name(taken_size) + " grid, but this puzzle is " +
                                 size_name(size)));
  try {
    geometry = shared_geometry(Geometry::killer(*geometry, std::move(taken)));
  } catch (const GeometryError& e) {
    return error(FormatError(FormatErrorKind::bad_header, number, column, e.what()));
  }
  return std::nullopt;
}

}  // namespace sudoku
