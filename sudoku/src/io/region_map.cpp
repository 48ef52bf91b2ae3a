#include "io/region_map.hpp"

#include <array>
#include <cctype>
#include <optional>
#include <sstream>

#include "io/characters.hpp"
#include "io/line_source.hpp"

namespace sudoku {
namespace reading {

void RegionMap::add_line(std::string_view text, std::size_t line, bool whole) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (is_space(text[i])) continue;
    const auto c = static_cast<unsigned char>(text[i]);
    if (!std::isalnum(c) || c >= 0x80)
      throw FormatError(FormatErrorKind::bad_regions, line, i + 1,
                        "bad region symbol " + shown(text, i) + ": use 0-9, A-Z or a-z");
    symbols_ += text[i];
    where_.push_back({line, i + 1});
    ++count;
  }
  if (whole) {
    std::size_t n = 1;
    while (n * n < count) ++n;
    if (n * n != count)
      throw FormatError(
          FormatErrorKind::bad_regions, line, 1,
          "a region map needs N*N symbols, one per cell; this one has " + std::to_string(count));
    width_ = n;
    rows_ = n;
    return;
  }
  if (width_ == 0) width_ = count;
  if (count != width_)
    throw FormatError(FormatErrorKind::bad_regions, line, text.size() + 1,
                      "a row of this region map needs " + std::to_string(width_) +
                          " symbols, like its first row; this one has " + std::to_string(count));
  ++rows_;
}

std::vector<int> RegionMap::regions() const {
  const std::size_t n = width_;
  std::array<int, 128> index;
  index.fill(-1);
  std::array<std::size_t, 128> count{}, first{};
  std::vector<int> out;
  out.reserve(symbols_.size());
  int next = 0;
  for (std::size_t i = 0; i < symbols_.size(); ++i) {
    const auto c = static_cast<unsigned char>(symbols_[i]);
    if (index[c] < 0) {
      index[c] = next++;
      first[c] = i;
    }
    ++count[c];
    out.push_back(index[c]);
  }
  if (static_cast<std::size_t>(next) != n)
    throw FormatError(FormatErrorKind::bad_regions, where_.front().line, where_.front().column,
                      "the region map names " + std::to_string(next) + " regions; a " +
                          size_name(static_cast<int>(n)) + " grid has " + std::to_string(n));
  for (std::size_t i = 0; i < symbols_.size(); ++i) {
    const auto c = static_cast<unsigned char>(symbols_[i]);
    if (first[c] != i || count[c] == n) continue;
    throw FormatError(FormatErrorKind::bad_regions, where_[i].line, where_[i].column,
                      "region '" + std::string(1, symbols_[i]) + "' has " +
                          std::to_string(count[c]) + " cells; each region of a " +
                          size_name(static_cast<int>(n)) + " grid needs " + std::to_string(n));
  }
  return out;
}

}  // namespace reading

using namespace reading;

std::vector<int> read_regions(std::istream& in) {
  LineSource source(in, std::size_t{1} << 20);
  std::string text;
  bool too_long = false;
  std::optional<RegionMap> map;
  std::size_t first = 0;
  while (source.next(text, too_long)) {
    const std::size_t number = source.number();
    if (too_long) throw too_long_error(number, std::size_t{1} << 20);
    const std::size_t start = first_non_space(text);
    if (start == text.size() || text[start] == '#') continue;
    if (!map) {
      map.emplace();
      first = number;
      // A line that holds a whole map (more than 16 symbols that are a square) is the map.
      std::size_t count = 0;
      for (char c : text) count += is_space(c) ? 0 : 1;
      std::size_t n = 1;
      while (n * n < count) ++n;
      if (count > 16 && n * n == count) {
        map->add_line(text, number, true);
        break;
      }
    }
    map->add_line(text, number, false);
    if (map->done()) break;
  }
  if (in.bad())
    throw FormatError(FormatErrorKind::bad_regions, source.number() + 1, 1,
                      "read error: the region map cannot be read");
  if (!map)
    throw FormatError(FormatErrorKind::bad_regions, source.number() + 1, 1,
                      "no region map: the input is empty or only comments");
  if (!map->done())
    throw FormatError(FormatErrorKind::bad_regions, first, 1,
                      "the region map ends after " + std::to_string(map->rows()) + " of " +
                          std::to_string(map->width()) + " rows");
  return map->regions();
}

std::vector<int> read_regions(std::string_view text) {
  std::istringstream in{std::string(text)};
  return read_regions(in);
}

}  // namespace sudoku
