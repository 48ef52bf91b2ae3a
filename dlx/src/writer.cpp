#include "dlx/writer.hpp"

#include <stdexcept>
#include <string_view>

#include "bounds_text.hpp"

namespace dlx {

namespace {

// Whether the reader reads `name` back as one name: not empty, no blank, control character,
// ':' or '|'.
bool writable(std::string_view name) noexcept {
  if (name.empty()) return false;
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == ' ' || c == ':' || c == '|' || byte < 0x20 || byte == 0x7F) return false;
  }
  return true;
}

void check_name(std::string_view name, const char* what) {
  if (!writable(name))
    throw std::invalid_argument(std::string(what) + " '" + std::string(name) +
                                "' cannot be written (empty, or with a blank, a control "
                                "character, ':' or '|')");
}

std::string color_text(ColorId color, std::span<const std::string> names) {
  if (names.empty()) return std::to_string(color);
  if (color < 0 || static_cast<std::size_t>(color) >= names.size())
    throw std::invalid_argument("color " + std::to_string(color) + " has no name");
  check_name(names[static_cast<std::size_t>(color)], "color");
  return names[static_cast<std::size_t>(color)];
}

}  // namespace

std::string format_items(const Matrix& matrix) {
  if (matrix.primary_count() == 0)
    throw std::invalid_argument(
        "a matrix without primary items cannot be "
        "written (its item line would read as a comment)");
  return detail::item_line(matrix, [](std::string_view name) { check_name(name, "item name"); });
}

std::string format_option(const Matrix& matrix, OptionId option,
                          std::span<const std::string> color_names) {
  std::string out;
  for (const Entry& entry : matrix.option(option)) {
    if (!out.empty()) out += ' ';
    out += matrix.item_name(entry.item);
    if (entry.color != 0) {
      out += ':';
      out += color_text(entry.color, color_names);
    }
  }
  if (const Cost cost = matrix.cost(option); cost != 0) {
    out += " |";
    out += std::to_string(cost);
  }
  return out;
}

void write_problem(const Matrix& matrix, std::ostream& out,
                   std::span<const std::string> color_names) {
  out << format_items(matrix) << '\n';
  for (std::size_t o = 0; o < matrix.option_count(); ++o)
    out << format_option(matrix, static_cast<OptionId>(o), color_names) << '\n';
}

void write_problem(const Problem& problem, std::ostream& out) {
  write_problem(problem.matrix, out, problem.color_names);
}

}  // namespace dlx
