// The header lines: #size, #variant and #regions (on one line, or over the lines that follow).
#include <cctype>
#include <charconv>
#include <tuple>

#include "io/reader_state.hpp"
#include "sudoku/model/shapes.hpp"

namespace sudoku {

using namespace reading;

std::pair<std::string, std::string_view> reading::header_words(std::string_view text) {
  std::size_t i = 1;
  std::string keyword;
  while (i < text.size() && !is_space(text[i])) {
    keyword += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    ++i;
  }
  return {keyword, text.substr(i)};
}

std::optional<Record> PuzzleReader::Impl::header(std::string_view text, std::size_t number,
                                                 std::size_t start) {
  const auto [keyword, rest] = header_words(text.substr(start));
  const std::size_t arg = text.size() - rest.size() + first_non_space(rest);
  std::string_view value = text.substr(arg);
  while (!value.empty() && is_space(value.back())) value.remove_suffix(1);
  if (keyword == "size") {
    // The size of the puzzles that follow, as ReaderOptions::size tells it (and over it): for the
    // sizes a text does not show alone (8x8, 10x10, ...).
    int n = 0;
    const char* end = value.data() + value.size();
    const auto [stop, ec] = std::from_chars(value.data(), end, n);
    const bool number_ok = !value.empty() && ec == std::errc() && stop == end && n >= 1 && n <= 64;
    const int symbols = options.symbols.count();
    if (!number_ok || (symbols > 0 && n != symbols)) {
      bad_size = number;
      return error(FormatError(FormatErrorKind::bad_size, number, arg + 1,
                               value.empty() ? "#size needs the cells of a row, e.g. '#size 8'"
                               : !number_ok
                                   ? std::string(1, '\'').append(value) +
                                         "' is no size: #size takes the cells of a " +
                                         "row, 1 to 64, e.g. '#size 8'"
                                   : "#size " + std::string(value) + " does not fit the symbols " +
                                         options.symbols.describe(symbols) + " (" +
                                         std::to_string(symbols) + " digits)"));
    }
    told_size = n;
    bad_size = 0;
    return std::nullopt;
  }
  if (keyword == "variant") {
    // The words of a shape (parse_shape): "x anti-king", "hyper,anti-knight", "anti-knight".
    std::size_t bad_word = 0;
    try {
      if (value.empty()) throw GeometryError("");
      std::tie(variant, chess) = parse_shape(value, &bad_word);
      bad_variant = 0;
      return std::nullopt;
    } catch (const GeometryError& e) {
      bad_variant = number;
      const std::string choices(shape_choices);
      return error(FormatError(FormatErrorKind::bad_variant, number, arg + 1 + bad_word,
                               value.empty() ? "#variant needs a name: " + choices : e.what()));
    }
  }
  if (keyword == "cages") return cages_header(number);
  if (is_rule_keyword(keyword)) {
    // Read with the puzzle after it, whose shape it needs (with_rules).
    rule_lines.push_back({keyword, std::string(value), number, arg + 1});
    return std::nullopt;
  }
  // #regions
  variant = Variant::jigsaw;
  bad_variant = 0;
  if (value.empty()) {
    map.emplace();
    map_line = number;
    return std::nullopt;
  }
  try {
    RegionMap m;
    m.add_line(text.substr(arg), number, true);
    // Columns of the map's errors count within the map; the catch below shifts them.
    regions = m.regions();
    regions_size = static_cast<int>(m.width());
    ++regions_id;
    bad_regions = 0;
    return std::nullopt;
  } catch (const FormatError& e) {
    bad_regions = number;
    return error(FormatError(e.kind(), e.line(), e.column() + arg, e.what()));
  }
}

std::optional<Record> PuzzleReader::Impl::region_row(std::string_view text, std::size_t number) {
  try {
    map->add_line(text, number, false);
    if (!map->done()) return std::nullopt;
    regions = map->regions();
    regions_size = static_cast<int>(map->width());
    ++regions_id;
    bad_regions = 0;
    map.reset();
    return std::nullopt;
  } catch (const FormatError& e) {
    // The rest of the map's rows would read as puzzles: skip them as an abandoned grid's.
    skip_rows = map->width() > map->rows() ? static_cast<int>(map->width() - map->rows()) - 1 : 0;
    skip_size = static_cast<int>(map->width());
    map.reset();
    bad_regions = map_line;
    return error(e);
  }
}

std::optional<Record> PuzzleReader::Impl::with_rules(std::shared_ptr<const Geometry>& geometry) {
  std::vector<RuleLine> lines = std::move(rule_lines);
  rule_lines.clear();
  std::vector<RulePtr> rules;
  for (const RuleLine& r : lines) {
    try {
      rules.push_back(read_rule(r.keyword, r.arguments, *geometry));
    } catch (const RuleError& e) {
      // A rule without arguments is named at its keyword.
      const std::size_t column = r.arguments.empty() ? 1 : r.column + e.offset;
      return error(FormatError(FormatErrorKind::bad_rule, r.line, column,
                               "#" + r.keyword + ": " + e.message));
    }
  }
  try {
    geometry = shared_geometry(Geometry::with_rules(*geometry, std::move(rules)));
  } catch (const GeometryError& e) {
    return error(FormatError(FormatErrorKind::bad_rule, lines.front().line, 1, e.what()));
  }
  return std::nullopt;
}

}  // namespace sudoku
