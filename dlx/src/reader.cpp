// Reading is done in two layers: a driver cuts the input into lines, holding at most one line
// (and never more than the length limit of it), and a LineParser turns each line into the item
// declarations or into one option. The parser checks everything it can point at itself, so
// that each error carries the column of the word at fault; the Matrix's own errors (only
// "too large" in practice) are converted with the line of the option.
#include "dlx/reader.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <unordered_map>
#include <utility>

#include "bounds_text.hpp"

namespace dlx {
namespace {

using detail::byte_order_mark;

bool is_blank(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r';
}

bool is_control(char c) noexcept {
  const auto byte = static_cast<unsigned char>(c);
  return (byte < 0x20 && c != '\t' && c != '\r') || byte == 0x7F;
}

// A name quoted for a message, shortened when long so that one bad word cannot flood a terminal.
std::string quoted(std::string_view name) {
  constexpr std::size_t longest = 60;
  std::string out = "'";
  if (name.size() <= longest) {
    out += name;
  } else {
    std::size_t cut = longest;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    out += name.substr(0, cut);
    out += "...";
  }
  out += '\'';
  return out;
}

// Throws for the first NUL or control character of a line: the input is not DLX text.
void check_characters(std::string_view text, std::size_t line) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!is_control(text[i])) continue;
    if (text[i] == '\0') {
      throw ParseError(ParseErrorKind::bad_character, line, i + 1,
                       "NUL byte in the input; this looks like a binary file, not DLX text");
    }
    constexpr std::string_view hex = "0123456789ABCDEF";
    const auto byte = static_cast<unsigned char>(text[i]);
    std::string code = "0x";
    code += hex[byte >> 4];
    code += hex[byte & 0xF];
    throw ParseError(ParseErrorKind::bad_character, line, i + 1,
                     "control character " + code +
                         " in the input; DLX text may contain only printable characters, "
                         "spaces and tabs");
  }
}

[[noreturn]] void line_too_long(std::string_view start, std::size_t line,
                                const ReadLimits& limits) {
  // A binary file often has no line ends at all; saying so is more helpful than the length.
  if (line == 1 && start.starts_with(byte_order_mark)) start.remove_prefix(byte_order_mark.size());
  check_characters(start, line);
  throw ParseError(
      ParseErrorKind::line_too_long, line, limits.max_line_length + 1,
      "line is longer than the limit of " + std::to_string(limits.max_line_length) + " bytes");
}

// The blank-separated words of a line, with their 1-based columns.
class Words {
 public:
  explicit Words(std::string_view text) : text_(text) {}

  bool next(std::string_view& word, std::size_t& column) {
    while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
    if (pos_ == text_.size()) return false;
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !is_blank(text_[pos_])) ++pos_;
    word = text_.substr(start, pos_ - start);
    column = start + 1;
    return true;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

// A cost word: '|' and decimal digits, as "|12".
bool is_cost(std::string_view word) noexcept {
  return word.size() > 1 && word.front() == '|' &&
         word.find_first_not_of("0123456789", 1) == std::string_view::npos;
}

struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view name) const noexcept {
    return std::hash<std::string_view>{}(name);
  }
};

// Item ids by name, for the lookup of every word of every option: open addressing over one flat
// array, several times faster than the Matrix's map, which serves occasional lookups.
class ItemIndex {
 public:
  void build(const Matrix& matrix) {
    std::size_t capacity = 16;
    while (capacity < 2 * matrix.item_count()) capacity *= 2;
    matrix_ = &matrix;
    mask_ = capacity - 1;
    slots_.assign(capacity, Slot{});
    for (std::size_t i = 0; i < matrix.item_count(); ++i) {
      const auto item = static_cast<ItemId>(i);
      const std::size_t hash = hash_of(matrix.item_name(item));
      std::size_t s = hash & mask_;
      while (slots_[s].item >= 0) s = (s + 1) & mask_;
      slots_[s] = Slot{hash, item};
    }
  }

  // The item of this name, or -1.
  ItemId find(std::string_view name) const {
    const std::size_t hash = hash_of(name);
    for (std::size_t s = hash & mask_;; s = (s + 1) & mask_) {
      const Slot& slot = slots_[s];
      if (slot.item < 0) return -1;
      if (slot.hash == hash && matrix_->item_name(slot.item) == name) return slot.item;
    }
  }

 private:
  struct Slot {
    std::size_t hash = 0;
    ItemId item = -1;
  };
  static std::size_t hash_of(std::string_view name) noexcept {
    return std::hash<std::string_view>{}(name);
  }

  const Matrix* matrix_ = nullptr;
  std::size_t mask_ = 0;
  std::vector<Slot> slots_;
};

class LineParser {
 public:
  LineParser(Problem& problem, std::size_t max_nodes) : problem_(problem), max_nodes_(max_nodes) {
    problem_.color_names.assign(1, "");
  }

  // Takes line number `line` of the input, its line end removed.
  void line(std::string_view text, std::size_t line) {
    if (line == 1 && text.starts_with(byte_order_mark)) text.remove_prefix(byte_order_mark.size());
    check_characters(text, line);
    std::size_t first = 0;
    while (first < text.size() && is_blank(text[first])) ++first;
    if (first == text.size() || text[first] == '|') return;  // blank or comment
    if (item_line_ == 0) {
      items(text, line);
    } else {
      option(text, line);
    }
  }

  // Ends the input after `lines` lines.
  void finish(std::size_t lines) const {
    if (item_line_ == 0) {
      throw ParseError(ParseErrorKind::no_items, lines == 0 ? 1 : lines, 1,
                       lines == 0 ? "the input is empty; expected a line naming the items"
                                  : "the input has no item line, only comments or blank lines; "
                                    "the first other line must name the items");
    }
  }

 private:
  void items(std::string_view text, std::size_t line) {
    Matrix& matrix = problem_.matrix;
    ItemKind kind = ItemKind::primary;
    std::size_t separator = 0;
    Words words(text);
    std::string_view name;
    std::size_t column = 0;
    while (words.next(name, column)) {
      if (is_cost(name)) {
        throw ParseError(ParseErrorKind::cost_on_item_line, line, column,
                         "a cost (" + quoted(name) +
                             ") on the item line; costs end option lines (write '| " +
                             std::string(name.substr(1)) + "' for a secondary item of that name)");
      }
      if (name.front() == '|') {  // DLX1 also accepts the '|' glued to the first secondary item
        if (separator != 0) {
          throw ParseError(ParseErrorKind::second_separator, line, column,
                           "a second '|' on the item line (the first is at column " +
                               std::to_string(separator) +
                               "); one '|' separates the primary items from the secondary ones");
        }
        separator = column;
        kind = ItemKind::secondary;
        name.remove_prefix(1);
        ++column;
        if (name.empty()) continue;
      }
      Bounds bounds;
      bool bounded = false;
      if (const std::size_t bar = name.find('|'); bar != std::string_view::npos) {
        if (kind == ItemKind::secondary) {
          throw ParseError(ParseErrorKind::bad_bounds, line, column,
                           "bounds on secondary item " + quoted(name.substr(bar + 1)) +
                               "; only primary items (before '|' on the item line) have bounds");
        }
        bounds = read_bounds(name, bar, line, column);
        bounded = true;
        name.remove_prefix(bar + 1);
        column += bar + 1;
        if (name.empty()) {
          throw ParseError(ParseErrorKind::bad_name, line, column,
                           "no item name after the bounds; bounds are written lo:hi|name or "
                           "hi|name");
        }
      }
      if (const std::size_t bad = name.find_first_of(":|"); bad != std::string_view::npos) {
        throw ParseError(ParseErrorKind::bad_name, line, column + bad,
                         "item name " + quoted(name) + " contains '" + name[bad] +
                             "'; item names cannot contain ':' or '|' (bounds are written "
                             "lo:hi|name or hi|name)");
      }
      try {
        if (bounded) {
          matrix.add_item(name, bounds);
        } else {
          matrix.add_item(name, kind);
        }
      } catch (const Error& error) {
        if (error.kind() == ErrorKind::duplicate_item) {
          throw ParseError(ParseErrorKind::duplicate_item, line, column,
                           "item " + quoted(name) + " is declared twice");
        }
        throw ParseError(ParseErrorKind::too_large, line, column, error.what());
      }
    }
    if (matrix.item_count() > max_nodes_) too_many_nodes(line);
    item_line_ = line;
    used_on_.assign(matrix.item_count(), 0);
    index_.build(matrix);
  }

  // The bounds "lo:hi" or "hi" before the '|' at `bar` of `word`, which starts at `column`.
  static Bounds read_bounds(std::string_view word, std::size_t bar, std::size_t line,
                            std::size_t column) {
    const std::string_view spec = word.substr(0, bar);
    const std::size_t colon = spec.find(':');
    const auto number = [&](std::string_view digits, std::size_t at, const char* what) {
      const auto malformed = [&](std::size_t where) {
        throw ParseError(ParseErrorKind::bad_bounds, line, column + where,
                         std::string("malformed ") + what + " " + quoted(digits) + " in " +
                             quoted(word) +
                             "; bounds are written lo:hi|name or hi|name, with nonnegative "
                             "decimal numbers");
      };
      if (digits.empty()) malformed(at);
      std::int64_t value = 0;
      for (std::size_t i = 0; i < digits.size(); ++i) {
        const char c = digits[i];
        if (c < '0' || c > '9') malformed(at + i);
        value = 10 * value + (c - '0');
        if (value > std::numeric_limits<std::int32_t>::max()) {
          throw ParseError(ParseErrorKind::bad_bounds, line, column + at,
                           std::string(what) + " " + quoted(digits) + " in " + quoted(word) +
                               " is too large (at most " +
                               std::to_string(std::numeric_limits<std::int32_t>::max()) + ")");
        }
      }
      return static_cast<std::int32_t>(value);
    };
    Bounds bounds;
    if (colon == std::string_view::npos) {
      bounds.hi = bounds.lo = number(spec, 0, "bound");
    } else {
      bounds.lo = number(spec.substr(0, colon), 0, "lower bound");
      bounds.hi = number(spec.substr(colon + 1), colon + 1, "upper bound");
    }
    if (bounds.hi == 0) {
      throw ParseError(ParseErrorKind::bad_bounds, line,
                       column + (colon == spec.npos ? 0 : colon + 1),
                       "upper bound 0 in " + quoted(word) +
                           "; an item's upper bound must be at "
                           "least 1");
    }
    if (bounds.lo > bounds.hi) {
      throw ParseError(ParseErrorKind::bad_bounds, line, column,
                       "lower bound " + std::to_string(bounds.lo) + " exceeds upper bound " +
                           std::to_string(bounds.hi) + " in " + quoted(word));
    }
    return bounds;
  }

  void option(std::string_view text, std::size_t line) {
    Matrix& matrix = problem_.matrix;
    const std::size_t colors_before = problem_.color_names.size();
    entries_.clear();
    Words words(text);
    std::string_view word;
    std::size_t column = 0;
    Cost cost = 0;
    while (words.next(word, column)) {
      if (word.size() > 1 && word.front() == '|') {
        cost = add_cost(cost, word, line, column);
        continue;
      }
      if (const std::size_t bar = word.find('|'); bar != std::string_view::npos) {
        throw ParseError(ParseErrorKind::separator_in_option, line, column + bar,
                         "'|' inside an option; '|' may only start a comment line or separate "
                         "the primary from the secondary items on the item line");
      }
      const std::size_t colon = word.find(':');
      const std::string_view name = word.substr(0, colon);
      std::string_view color;
      if (colon != std::string_view::npos) {
        color = word.substr(colon + 1);
        if (colon == 0) {
          throw ParseError(ParseErrorKind::bad_color, line, column,
                           "':' without an item name before it; a colored item is written "
                           "item:color");
        }
        if (color.empty()) {
          throw ParseError(ParseErrorKind::bad_color, line, column + colon,
                           "':' without a color after it in " + quoted(word) +
                               "; a colored item is written item:color");
        }
        if (const std::size_t again = color.find(':'); again != std::string_view::npos) {
          throw ParseError(
              ParseErrorKind::bad_color, line, column + colon + 1 + again,
              "more than one ':' in " + quoted(word) + "; a colored item is written item:color");
        }
      }
      const ItemId item = index_.find(name);
      if (item < 0) {
        throw ParseError(ParseErrorKind::unknown_item, line, column,
                         "unknown item " + quoted(name) + "; the item line (line " +
                             std::to_string(item_line_) + ") does not declare it");
      }
      std::size_t& used = used_on_[static_cast<std::size_t>(item)];
      if (used == line) {
        throw ParseError(ParseErrorKind::repeated_item, line, column,
                         "item " + quoted(name) + " appears twice in this option");
      }
      used = line;
      ColorId color_id = 0;
      if (colon != std::string_view::npos) {
        if (matrix.item_kind(item) == ItemKind::primary) {
          throw ParseError(ParseErrorKind::color_on_primary, line, column,
                           "item " + quoted(name) +
                               " is primary and cannot have a color; only secondary items "
                               "(those after '|' on the item line) can");
        }
        color_id = intern(color, line, column + colon + 1);
      }
      entries_.push_back(Entry{item, color_id});
    }

    const Matrix& m = matrix;
    if (m.item_count() + m.option_count() + m.entry_count() + 1 + entries_.size() > max_nodes_)
      too_many_nodes(line);
    OptionId id = dropped_option;
    try {
      id = matrix.add_option(entries_, cost);
    } catch (const Error& error) {
      throw ParseError(ParseErrorKind::too_large, line, 1, error.what());
    }
    if (id == dropped_option) {
      // Forget colors that only the dropped option used, so that ids follow the kept options.
      for (std::size_t c = colors_before; c < problem_.color_names.size(); ++c) {
        colors_.erase(problem_.color_names[c]);
      }
      problem_.color_names.resize(colors_before);
      problem_.warnings.push_back(
          Warning{line, "option has no primary item and was dropped (as DLX1 does)"});
      return;
    }
    problem_.option_lines.push_back(line);
  }

  // The cost so far plus that of the word "|n".
  static Cost add_cost(Cost cost, std::string_view word, std::size_t line, std::size_t column) {
    const std::string_view digits = word.substr(1);
    if (!is_cost(word)) {
      const std::size_t bad = digits.find_first_not_of("0123456789");
      throw ParseError(ParseErrorKind::bad_cost, line, column + 1 + bad,
                       "the cost " + quoted(word) +
                           " is not a nonnegative integer; a cost is written |n, as |3");
    }
    Cost value = 0;
    for (const char digit : digits) {
      value = 10 * value + static_cast<Cost>(digit - '0');
      if (value > max_total_cost) break;
    }
    if (value > max_total_cost - cost) {
      throw ParseError(ParseErrorKind::bad_cost, line, column,
                       "the cost " + quoted(word) + " makes the option cost more than " +
                           std::to_string(max_total_cost));
    }
    return cost + value;
  }

  [[noreturn]] void too_many_nodes(std::size_t line) const {
    throw ParseError(ParseErrorKind::too_many_nodes, line, 1,
                     "the problem is larger than the limit of " + std::to_string(max_nodes_) +
                         " nodes (one per item, per option and per item of an option)");
  }

  ColorId intern(std::string_view color, std::size_t line, std::size_t column) {
    if (const auto found = colors_.find(color); found != colors_.end()) return found->second;
    if (problem_.color_names.size() >
        static_cast<std::size_t>(std::numeric_limits<ColorId>::max())) {
      throw ParseError(ParseErrorKind::too_large, line, column,
                       "too many different colors for 32-bit color ids");
    }
    const auto id = static_cast<ColorId>(problem_.color_names.size());
    problem_.color_names.emplace_back(color);
    colors_.emplace(std::string(color), id);
    return id;
  }

  Problem& problem_;
  std::size_t max_nodes_;
  std::size_t item_line_ = 0;         // line of the item declarations; 0 until seen
  std::vector<std::size_t> used_on_;  // for each item, the last line whose option named it
  ItemIndex index_;                   // the items by name, once the item line is read
  std::vector<Entry> entries_;        // the option being read, reused from line to line
  std::unordered_map<std::string, ColorId, NameHash, std::equal_to<>> colors_;
};

}  // namespace

Problem read_problem(std::istream& in, const ReadLimits& limits) {
  Problem problem;
  LineParser parser(problem, limits.max_nodes);
  std::vector<char> block(std::size_t{1} << 16);
  std::string pending;  // the start of a line that continues in the next block
  std::size_t line = 0;
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    std::string_view chunk(block.data(), static_cast<std::size_t>(in.gcount()));
    while (!chunk.empty()) {
      const std::size_t end = chunk.find('\n');
      const std::string_view piece = chunk.substr(0, end);
      if (piece.size() > limits.max_line_length - pending.size()) {
        pending.append(piece.substr(0, limits.max_line_length - pending.size()));
        line_too_long(pending, line + 1, limits);
      }
      if (end == std::string_view::npos) {
        pending.append(piece);
        break;
      }
      ++line;
      if (pending.empty()) {
        parser.line(piece, line);
      } else {
        pending.append(piece);
        parser.line(pending, line);
        pending.clear();
      }
      chunk.remove_prefix(end + 1);
    }
  }
  if (in.bad()) throw std::ios_base::failure("cannot read the input");
  if (!pending.empty()) parser.line(pending, ++line);
  parser.finish(line);
  return problem;
}

Problem read_problem(std::string_view text, const ReadLimits& limits) {
  Problem problem;
  LineParser parser(problem, limits.max_nodes);
  std::size_t line = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view piece = text.substr(0, end);
    ++line;
    if (piece.size() > limits.max_line_length) {
      line_too_long(piece.substr(0, limits.max_line_length), line, limits);
    }
    parser.line(piece, line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  parser.finish(line);
  return problem;
}

std::string format_items(const Problem& problem) {
  return detail::item_line(problem.matrix, [](std::string_view) {});
}

std::string format_option(const Problem& problem, OptionId option) {
  std::string out;
  for (const Entry& entry : problem.matrix.option(option)) {
    if (!out.empty()) out += ' ';
    out += problem.matrix.item_name(entry.item);
    if (entry.color != 0) {
      out += ':';
      out += problem.color_names.at(static_cast<std::size_t>(entry.color));
    }
  }
  if (const Cost cost = problem.matrix.cost(option); cost != 0) out += " |" + std::to_string(cost);
  return out;
}

}  // namespace dlx
