#include "sudoku/io/fpuzzles.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <vector>

#include "io/json_value.hpp"
#include "io/lz_string.hpp"
#include "sudoku/model/rule.hpp"

namespace sudoku {

namespace {

using json::Value;

constexpr std::string_view link_base = "https://www.f-puzzles.com/?load=";

// How the entries of an f-puzzles constraint list are written, and the rule they are.
enum class Form {
  lines,          // {"lines": [["R1C1", "R1C2", ...], ...]}
  cell,           // {"cell": "R1C1"}
  cells,          // {"cells": ["R1C1", ...]}
  clone,          // {"cells": [...], "cloneCells": [...]}
  white,          // {"cells": [a, b]}, a kropki white dot (f-puzzles' difference of 1)
  black,          // {"cells": [a, b]}, a kropki black dot (f-puzzles' ratio of 2)
  xv,             // {"cells": [a, b], "value": "X" or "V"}
  pair,           // {"cells": [a, b]}, in order (a smaller-than sign: a holds the smaller digit)
  arrow,          // {"cells": [circle], "lines": [[a cell of the circle, then the arrow's], ...]}
  little_killer,  // {"cell": "R0C1", "direction": "DR", "value": "23", "cells": [...]}
  outside,        // {"cell": "R0C3", "value": "15"}: a clue beside a row or column
  quadruple,      // {"cells": [four around a corner], "values": [1, 2]}
  cage,           // {"cells": [...], "value": "15"}, as a killer cage
};

struct Key {
  std::string_view key;      // f-puzzles' key
  std::string_view keyword;  // the rule's (sudoku/model/rule.hpp)
  Form form;
};

// The constraints f-puzzles and the rules share, in the order the rules are made.
constexpr Key keys[] = {
    {"thermometer", "thermo", Form::lines},
    {"palindrome", "palindrome", Form::lines},
    {"renban", "renban", Form::lines},
    {"whispers", "whispers", Form::lines},
    {"minimum", "minimum", Form::cell},
    {"maximum", "maximum", Form::cell},
    {"odd", "odd", Form::cell},
    {"even", "even", Form::cell},
    {"extraregion", "extra-region", Form::cells},
    {"clone", "clone", Form::clone},
    {"difference", "kropki", Form::white},
    {"ratio", "kropki", Form::black},
    {"xv", "xv", Form::xv},
    {"arrow", "arrow", Form::arrow},
    {"littlekillersum", "little-killer", Form::little_killer},
    {"sandwichsum", "sandwich", Form::outside},
    {"betweenline", "between", Form::lines},
    {"quadruple", "quadruple", Form::quadruple},
    // Lines and signs f-puzzles has no key of its own for, in the shapes of its keys.
    {"slowthermometer", "slow-thermo", Form::lines},
    {"nabner", "nabner", Form::lines},
    {"entropic", "entropic", Form::lines},
    {"smallerthan", "less", Form::pair},
    {"xsum", "x-sum", Form::outside},
    {"zipper", "zipper", Form::lines},
    {"regionsumline", "region-sum", Form::lines},
    {"sumcage", "sum-cage", Form::cage},
};

// Keys that draw without asking anything of the digits, or say who made the puzzle.
constexpr std::string_view cosmetic[] = {
    "size",          "grid",
    "title",         "author",
    "ruleset",       "solution",
    "text",          "line",
    "circle",        "rectangle",
    "cage",          "highlightConflicts",
    "disabledlogic", "truecandidatesoptions",
    "version",
};

[[noreturn]] void fail(const std::string& message, const std::string& path, const Value& at) {
  throw FPuzzlesError(path.empty() ? message : path + ": " + message, path, at.offset);
}

std::string at_index(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

const Value& member(const Value& object, std::string_view key, const std::string& path,
                    Value::Type type, std::string_view what) {
  const Value* v = object.type == Value::Type::object ? object.find(key) : nullptr;
  if (v == nullptr)
    fail(std::string(what) + " is missing (\"" + std::string(key) + "\")", path, object);
  if (v->type != type)
    fail(std::string(what) + " has the wrong type", path + "." + std::string(key), *v);
  return *v;
}

// "R3C5" (either case) as the rules write it, "r3c5", checked against the size.
std::string cell_word(const Value& v, const std::string& path, int size) {
  if (v.type != Value::Type::string) fail("a cell name such as \"R1C1\" is expected", path, v);
  std::string word = v.string;
  std::transform(word.begin(), word.end(), word.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  int row = 0, column = 0;
  std::size_t i = 0;
  const auto number = [&](int& out) {
    const std::size_t start = i;
    while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i])) != 0 &&
           i - start < 3)
      out = out * 10 + (word[i++] - '0');
    return i > start;
  };
  const bool ok = i < word.size() && word[i++] == 'r' && number(row) && i < word.size() &&
                  word[i++] == 'c' && number(column) && i == word.size();
  if (!ok || row < 1 || row > size || column < 1 || column > size)
    fail("'" + v.string + "' is no cell of a " + std::to_string(size) + "x" + std::to_string(size) +
             " grid (R1C1 to R" + std::to_string(size) + "C" + std::to_string(size) + ")",
         path, v);
  return word;
}

// "R0C3", a place beside the grid (row or column 0 or size + 1), as the rules write it.
std::string outside_word(const Value& v, const std::string& path, int size) {
  if (v.type != Value::Type::string) fail("a place such as \"R0C1\" is expected", path, v);
  std::string word = v.string;
  std::transform(word.begin(), word.end(), word.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  int row = -1, column = -1;
  char r = 0, c = 0, rest = 0;
  const bool ok = std::sscanf(word.c_str(), "%c%3d%c%3d%c", &r, &row, &c, &column, &rest) == 4 &&
                  r == 'r' && c == 'c' && row >= 0 && column >= 0 && row <= size + 1 &&
                  column <= size + 1 &&
                  (row == 0 || column == 0 || row == size + 1 || column == size + 1);
  if (!ok)
    fail("'" + v.string + "' is no place beside a " + std::to_string(size) + "x" +
             std::to_string(size) + " grid (R0C1 above it, R1C0 left of it, ...)",
         path, v);
  std::string out(1, 'r');  // appended: GCC 12 warns falsely (-Wrestrict) on "r" + ...
  out += std::to_string(row);
  out += 'c';
  out += std::to_string(column);
  return out;
}

std::string cells_word(const Value& list, const std::string& path, int size) {
  if (list.type != Value::Type::array) fail("a list of cells is expected", path, list);
  std::string out;
  for (std::size_t i = 0; i < list.items.size(); ++i) {
    if (!out.empty()) out += '-';
    out += cell_word(list.items[i], at_index(path, i), size);
  }
  return out;
}

// The value of a constraint ("15", 15, "X"), as text; "" when it has none.
std::string value_text(const Value& entry) {
  const Value* v = entry.find("value");
  if (v == nullptr || v->type == Value::Type::null) return "";
  if (v->type == Value::Type::string) return v->string;
  if (v->is_integer()) return std::to_string(static_cast<long long>(v->number));
  return "?";
}

// One entry of a constraint list as a rule's words (several for lines), checked by the rule.
std::string entry_words(const Key& c, const Value& entry, const std::string& path, int size) {
  if (entry.type != Value::Type::object) fail("an object is expected", path, entry);
  switch (c.form) {
    case Form::lines: {
      const Value& lines = member(entry, "lines", path, Value::Type::array, "the lines");
      std::string out;
      for (std::size_t i = 0; i < lines.items.size(); ++i) {
        if (!out.empty()) out += ' ';
        out += cells_word(lines.items[i], path + ".lines" + "[" + std::to_string(i) + "]", size);
      }
      return out;
    }
    case Form::cell:
      return cell_word(member(entry, "cell", path, Value::Type::string, "the cell"), path + ".cell",
                       size);
    case Form::cells:
    case Form::pair:
      return cells_word(member(entry, "cells", path, Value::Type::array, "the cells"),
                        path + ".cells", size);
    case Form::clone:
      return cells_word(member(entry, "cells", path, Value::Type::array, "the cells"),
                        path + ".cells", size) +
             "=" +
             cells_word(member(entry, "cloneCells", path, Value::Type::array, "the clone's cells"),
                        path + ".cloneCells", size);
    case Form::white:
    case Form::black: {
      const std::string value = value_text(entry);
      const std::string wanted = c.form == Form::white ? "1" : "2";
      if (!value.empty() && value != wanted)
        fail(std::string(c.form == Form::white ? "a difference" : "a ratio") + " of " + value +
                 ": only " + wanted + " is read (a kropki dot)",
             path + ".value", *entry.find("value"));
      return std::string(c.form == Form::white ? "white " : "black ") +
             cells_word(member(entry, "cells", path, Value::Type::array, "the cells"),
                        path + ".cells", size);
    }
    case Form::arrow: {
      const Value& circle = member(entry, "cells", path, Value::Type::array, "the circle");
      std::string out = cells_word(circle, path + ".cells", size);
      std::vector<std::string> circle_cells;
      for (std::size_t i = 0; i < circle.items.size(); ++i)
        circle_cells.push_back(cell_word(circle.items[i], at_index(path + ".cells", i), size));
      const Value& lines = member(entry, "lines", path, Value::Type::array, "the lines");
      for (std::size_t i = 0; i < lines.items.size(); ++i) {
        const std::string line_path = at_index(path + ".lines", i);
        const Value& line = lines.items[i];
        if (line.type != Value::Type::array) fail("a list of cells is expected", line_path, line);
        // f-puzzles starts a line in the circle: those cells are the circle's.
        std::string cells;
        for (std::size_t k = 0; k < line.items.size(); ++k) {
          const std::string cell = cell_word(line.items[k], at_index(line_path, k), size);
          if (cells.empty() &&
              std::find(circle_cells.begin(), circle_cells.end(), cell) != circle_cells.end())
            continue;
          if (!cells.empty()) cells += '-';
          cells += cell;
        }
        if (!cells.empty()) out += ":" + cells;
      }
      return out;
    }
    case Form::little_killer: {
      const std::string at =
          outside_word(member(entry, "cell", path, Value::Type::string, "the clue's place"),
                       path + ".cell", size);
      const Value& direction =
          member(entry, "direction", path, Value::Type::string, "the direction");
      std::string way = direction.string;
      std::transform(way.begin(), way.end(), way.begin(),
                     [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
      if (way != "dr" && way != "dl" && way != "ur" && way != "ul")
        fail("a direction is \"DR\", \"DL\", \"UR\" or \"UL\"", path + ".direction", direction);
      const std::string value = value_text(entry);
      if (value.empty()) fail("a little killer needs its sum (\"value\")", path, entry);
      return at + ":" + way + "=" + value;
    }
    case Form::cage: {
      const std::string value = value_text(entry);
      if (value.empty()) fail("a sum cage needs its sum (\"value\")", path, entry);
      return cells_word(member(entry, "cells", path, Value::Type::array, "the cells"),
                        path + ".cells", size) +
             "=" + value;
    }
    case Form::outside: {
      const std::string at =
          outside_word(member(entry, "cell", path, Value::Type::string, "the clue's place"),
                       path + ".cell", size);
      const std::string value = value_text(entry);
      if (value.empty()) fail("a clue needs its sum (\"value\")", path, entry);
      return at + "=" + value;
    }
    case Form::quadruple: {
      const Value& cells = member(entry, "cells", path, Value::Type::array, "the cells");
      if (cells.items.size() != 4) fail("a quadruple has four cells", path + ".cells", cells);
      int row = size, column = size;
      std::vector<std::pair<int, int>> places;
      for (std::size_t i = 0; i < 4; ++i) {
        const std::string cell = cell_word(cells.items[i], at_index(path + ".cells", i), size);
        int r = 0, c = 0;
        std::sscanf(cell.c_str(), "r%dc%d", &r, &c);
        places.emplace_back(r, c);
        row = std::min(row, r);
        column = std::min(column, c);
      }
      std::sort(places.begin(), places.end());
      const std::vector<std::pair<int, int>> square = {
          {row, column}, {row, column + 1}, {row + 1, column}, {row + 1, column + 1}};
      if (places != square)
        fail("a quadruple's four cells are the four around a corner", path + ".cells", cells);
      const Value& values = member(entry, "values", path, Value::Type::array, "the digits");
      std::string digits;
      for (std::size_t i = 0; i < values.items.size(); ++i) {
        const Value& v = values.items[i];
        const std::string text = v.is_integer() ? std::to_string(static_cast<long long>(v.number))
                                 : v.type == Value::Type::string ? v.string
                                                                 : "";
        if (text.empty()) fail("a digit is expected", at_index(path + ".values", i), v);
        if (!digits.empty()) digits += '/';
        digits += text;
      }
      return "r" + std::to_string(row) + "c" + std::to_string(column) + "=" + digits;
    }
    case Form::xv: {
      std::string value = value_text(entry);
      std::transform(value.begin(), value.end(), value.begin(),
                     [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
      if (value != "x" && value != "v")
        fail("an XV mark's value is \"X\" or \"V\"", path + ".value", entry);
      return value + " " +
             cells_word(member(entry, "cells", path, Value::Type::array, "the cells"),
                        path + ".cells", size);
    }
  }
  return "";
}

bool flag(const Value& root, std::string_view key) {
  const Value* v = root.find(key);
  return v != nullptr && v->type == Value::Type::boolean && v->boolean;
}

// The rule a keyword and its words make on the shape; a RuleError is said at `path`.
RulePtr make_rule(std::string_view keyword, const std::string& words, const Geometry& shape,
                  const std::string& path, const Value& at) {
  try {
    return read_rule(keyword, words, shape);
  } catch (const RuleError& e) {
    fail(e.message, path, at);
  }
}

FPuzzle convert(const Value& root) {
  if (root.type != Value::Type::object) fail("f-puzzles JSON is an object", "$", root);
  const Value& size_value = member(root, "size", "$", Value::Type::number, "the size");
  if (!size_value.is_integer() || size_value.number < 4 || size_value.number > 16)
    fail("the size is a whole number from 4 to 16", "$.size", size_value);
  const int n = static_cast<int>(size_value.number);
  const Value& grid = member(root, "grid", "$", Value::Type::array, "the grid");
  if (grid.items.size() != static_cast<std::size_t>(n))
    fail("the grid has " + std::to_string(grid.items.size()) + " rows, not " + std::to_string(n),
         "$.grid", grid);

  // Anything that asks something of the digits must be read, or the puzzle is not.
  for (std::size_t m = 0; m < root.keys.size(); ++m) {
    const std::string& key = root.keys[m];
    const Value& value = root.items[m];
    if (std::find(std::begin(cosmetic), std::end(cosmetic), key) != std::end(cosmetic)) continue;
    if (std::any_of(std::begin(keys), std::end(keys), [&](const Key& c) { return c.key == key; }))
      continue;
    static constexpr std::string_view flags[] = {"diagonal+",  "diagonal-",      "antiknight",
                                                 "antiking",   "nonconsecutive", "disjointgroups",
                                                 "killercage", "negative"};
    if (std::find(std::begin(flags), std::end(flags), key) != std::end(flags)) continue;
    const bool empty = value.type == Value::Type::null ||
                       (value.type == Value::Type::boolean && !value.boolean) ||
                       (value.type == Value::Type::array && value.items.empty());
    if (!empty)
      fail("'" + key +
               "' is a constraint this version does not read: the puzzle is not solved "
               "without it",
           "$." + key, value);
  }

  Geometry box_shape(n);
  std::vector<int> regions(static_cast<std::size_t>(n * n));
  Grid givens(static_cast<std::size_t>(n * n), 0);
  bool jigsaw = false;
  for (int r = 0; r < n; ++r) {
    const Value& row = grid.items[static_cast<std::size_t>(r)];
    const std::string row_path = "$.grid[" + std::to_string(r) + "]";
    if (row.type != Value::Type::array || row.items.size() != static_cast<std::size_t>(n))
      fail("a row of " + std::to_string(n) + " cells is expected", row_path, row);
    for (int c = 0; c < n; ++c) {
      const Value& cell = row.items[static_cast<std::size_t>(c)];
      const std::string path = row_path + "[" + std::to_string(c) + "]";
      const int index = r * n + c;
      if (cell.type != Value::Type::object) fail("a cell object is expected", path, cell);
      regions[static_cast<std::size_t>(index)] = box_shape.region_of(index);
      if (const Value* region = cell.find("region");
          region != nullptr && region->type != Value::Type::null) {
        if (!region->is_integer() || region->number < 0 || region->number >= n)
          fail("a region is a number from 0 to " + std::to_string(n - 1), path + ".region",
               *region);
        regions[static_cast<std::size_t>(index)] = static_cast<int>(region->number);
        jigsaw = jigsaw || regions[static_cast<std::size_t>(index)] != box_shape.region_of(index);
      } else if (region != nullptr) {
        fail("a cell in no region: this version reads grids whose cells all have one",
             path + ".region", *region);
      }
      const Value* value = cell.find("value");
      if (value != nullptr && value->type != Value::Type::null && flag(cell, "given")) {
        if (!value->is_integer() || value->number < 1 || value->number > n)
          fail("a given is a digit from 1 to " + std::to_string(n), path + ".value", *value);
        givens[static_cast<std::size_t>(index)] = static_cast<std::uint8_t>(value->number);
      }
    }
  }

  // Extra regions that are a hyper puzzle's four windows (as write_fpuzzles writes them) make the
  // grid a hyper one again.
  std::vector<bool> window_entry;
  if (const Value* list = root.find("extraregion");
      !jigsaw && list != nullptr && list->type == Value::Type::array) {
    try {
      const Geometry hyper(n, Variant::hyper);
      std::vector<std::vector<int>> windows;
      for (const House& h : hyper.houses())
        if (h.kind == HouseKind::window) windows.push_back(h.cells);
      window_entry.assign(list->items.size(), false);
      std::size_t found = 0;
      for (std::size_t i = 0; i < list->items.size(); ++i) {
        const Value* cells =
            list->items[i].type == Value::Type::object ? list->items[i].find("cells") : nullptr;
        if (cells == nullptr || cells->type != Value::Type::array) continue;
        std::vector<int> set;
        for (const Value& v : cells->items) {
          const std::optional<int> cell =
              v.type == Value::Type::string ? parse_cell_name(box_shape, v.string) : std::nullopt;
          if (cell) set.push_back(*cell);
        }
        std::sort(set.begin(), set.end());
        if (std::find(windows.begin(), windows.end(), set) != windows.end()) {
          window_entry[i] = true;
          ++found;
        }
      }
      if (found != windows.size()) window_entry.clear();
    } catch (const GeometryError&) {
      // No hyper windows on this size.
    }
  }
  const bool hyper = !window_entry.empty();

  Chess chess = Chess::none;
  if (flag(root, "antiknight")) chess = chess | Chess::anti_knight;
  if (flag(root, "antiking")) chess = chess | Chess::anti_king;
  const bool both_diagonals = flag(root, "diagonal+") && flag(root, "diagonal-");
  std::shared_ptr<const Geometry> shape;
  try {
    const Variant variant = hyper ? (both_diagonals ? Variant::hyper_x : Variant::hyper)
                                  : (both_diagonals ? Variant::x : Variant::regular);
    shape = jigsaw ? std::make_shared<const Geometry>(Geometry::jigsaw(n, regions, chess))
                   : std::make_shared<const Geometry>(n, variant, chess);
  } catch (const GeometryError& e) {
    fail(e.what(), jigsaw ? "$.grid" : "$.size", jigsaw ? grid : size_value);
  }

  // The rules' words, keyword by keyword in the order of the table; each entry checked alone
  // first, so that an error names its place.
  // Whispers lines of another least difference than the default (f-puzzles' "value") are a rule
  // of their own: its number leads its arguments.
  struct Words {
    std::string keyword, number, arguments;
  };
  std::vector<Words> words;
  const auto add = [&](std::string_view keyword, const std::string& more,
                       const std::string& number = "") {
    const auto it = std::find_if(words.begin(), words.end(), [&](const Words& w) {
      return w.keyword == keyword && w.number == number;
    });
    if (it == words.end()) {
      words.push_back({std::string(keyword), number, more});
    } else if (!more.empty()) {
      if (!it->arguments.empty()) it->arguments += ' ';
      it->arguments += more;
    }
  };
  const auto with_number = [](const std::string& number, const std::string& arguments) {
    return number.empty() ? arguments : number + " " + arguments;
  };
  if (flag(root, "nonconsecutive")) add("non-consecutive", "");
  if (flag(root, "disjointgroups")) add("disjoint-groups", "");
  // One diagonal, or two on a jigsaw: each a house of its own.
  for (const bool positive : {true, false}) {
    if (!flag(root, positive ? "diagonal+" : "diagonal-") || (both_diagonals && !jigsaw)) continue;
    std::string cells;
    for (int i = 0; i < n; ++i) {
      if (!cells.empty()) cells += '-';
      const int row = positive ? n - 1 - i : i;
      cells += cell_name(n, row * n + i);
    }
    add("extra-region", cells);
  }
  for (const Key& c : keys) {
    const Value* list = root.find(c.key);
    if (list == nullptr || list->type == Value::Type::null) continue;
    const std::string path = "$." + std::string(c.key);
    if (list->type != Value::Type::array) fail("a list is expected", path, *list);
    for (std::size_t i = 0; i < list->items.size(); ++i) {
      const std::string entry_path = at_index(path, i);
      const Value& entry = list->items[i];
      if (c.key == "extraregion" && i < window_entry.size() && window_entry[i]) continue;
      const std::string one = entry_words(c, entry, entry_path, n);
      // An extra region of one cell asks nothing.
      if (c.form == Form::cells && one.find('-') == std::string::npos) continue;
      const std::string number = c.key == "whispers" ? value_text(entry) : "";
      make_rule(c.keyword, with_number(number, one), *shape, entry_path, entry);
      add(c.keyword, one, number);
    }
  }
  if (const Value* negative = root.find("negative");
      negative != nullptr && negative->type == Value::Type::array) {
    bool ratio = false, difference = false;
    for (std::size_t i = 0; i < negative->items.size(); ++i) {
      const Value& v = negative->items[i];
      const std::string what = v.type == Value::Type::string ? v.string : "";
      if (what == "xv") {
        add("xv", "all");
      } else if (what == "ratio" || what == "difference") {
        (what == "ratio" ? ratio : difference) = true;
      } else {
        fail("a negative constraint on '" + what + "' is not read", at_index("$.negative", i), v);
      }
    }
    if (ratio != difference)
      fail(
          "a negative constraint on kropki dots is read for both kinds together (ratio and "
          "difference)",
          "$.negative", *negative);
    if (ratio) add("kropki", "all");
  }

  // Killer cages: with a sum, cages; without, cells whose digits differ (an extra region).
  std::vector<Cage> cages;
  if (const Value* list = root.find("killercage");
      list != nullptr && list->type == Value::Type::array) {
    for (std::size_t i = 0; i < list->items.size(); ++i) {
      const std::string path = at_index("$.killercage", i);
      const Value& entry = list->items[i];
      if (entry.type != Value::Type::object) fail("an object is expected", path, entry);
      const std::string cells = cells_word(
          member(entry, "cells", path, Value::Type::array, "the cells"), path + ".cells", n);
      const std::string value = value_text(entry);
      if (value.empty()) {
        if (cells.find('-') == std::string::npos) continue;
        make_rule("extra-region", cells, *shape, path, entry);
        add("extra-region", cells);
        continue;
      }
      Cage cage;
      for (std::size_t at = 0; at <= cells.size();) {
        const std::size_t dash = std::min(cells.find('-', at), cells.size());
        cage.cells.push_back(*parse_cell_name(*shape, cells.substr(at, dash - at)));
        at = dash + 1;
      }
      std::sort(cage.cells.begin(), cage.cells.end());
      if (value.find_first_not_of("0123456789") != std::string::npos || value.size() > 4)
        fail("a cage's sum is a whole number, not '" + value + "'", path + ".value", entry);
      cage.sum = std::stoi(value);
      cages.push_back(std::move(cage));
    }
  }

  FPuzzle out;
  try {
    Geometry g = cages.empty() ? *shape : Geometry::killer(*shape, std::move(cages));
    std::vector<RulePtr> rules;
    for (const Words& w : words)
      rules.push_back(make_rule(w.keyword, with_number(w.number, w.arguments), *shape, "$", root));
    if (!rules.empty()) g = Geometry::with_rules(g, std::move(rules));
    out.geometry = std::make_shared<const Geometry>(std::move(g));
  } catch (const GeometryError& e) {
    fail(e.what(), "$.killercage", root);
  }
  out.givens = std::move(givens);
  if (const Value* t = root.find("title"); t != nullptr && t->type == Value::Type::string)
    out.title = t->string;
  if (const Value* a = root.find("author"); a != nullptr && a->type == Value::Type::string)
    out.author = a->string;
  return out;
}

// The load= parameter of a link, percent-decoded; the text itself when it is no link.
std::string load_parameter(std::string_view text) {
  std::size_t at = text.find("load=");
  std::string_view value = at == std::string_view::npos ? text : text.substr(at + 5);
  value = value.substr(0, value.find_first_of("&# \t\r\n"));
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto hex = [](char h) {
      return h >= '0' && h <= '9'   ? h - '0'
             : h >= 'a' && h <= 'f' ? h - 'a' + 10
             : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                    : -1;
    };
    if (value[i] == '%' && i + 2 < value.size() && hex(value[i + 1]) >= 0 &&
        hex(value[i + 2]) >= 0) {
      out += static_cast<char>(hex(value[i + 1]) * 16 + hex(value[i + 2]));
      i += 2;
    } else {
      out += value[i];
    }
  }
  return out;
}

}  // namespace

bool is_fpuzzles_link(std::string_view line) noexcept {
  const std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos) return false;
  line = line.substr(start);
  return (line.substr(0, 8) == "https://" || line.substr(0, 7) == "http://") &&
         (line.find("?load=") != std::string_view::npos ||
          line.find("&load=") != std::string_view::npos);
}

std::string fpuzzles_json_of_link(std::string_view link) {
  const std::optional<std::string> json = lz_string::decompress_from_base64(load_parameter(link));
  if (!json || json->empty())
    throw FPuzzlesError("the link's load= parameter is no f-puzzles puzzle (no lz-string text)", "",
                        0);
  return *json;
}

FPuzzle read_fpuzzles(std::string_view text) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  const bool is_json = start != std::string_view::npos && text[start] == '{';
  const std::string decoded = is_json ? std::string() : fpuzzles_json_of_link(text);
  const std::string_view json_text = is_json ? text : std::string_view(decoded);
  Value root;
  try {
    root = json::parse(json_text);
  } catch (const json::Error& e) {
    throw FPuzzlesError("malformed JSON: " + e.message, "", e.offset);
  }
  return convert(root);
}

namespace {

std::string upper_cell(int size, int cell) {
  std::string name = cell_name(size, cell);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return name;
}

std::string cell_list(const Geometry& g, std::string_view cells_text) {
  std::string out = "[";
  for (std::size_t at = 0; at <= cells_text.size();) {
    const std::size_t dash = std::min(cells_text.find('-', at), cells_text.size());
    const std::optional<int> cell = parse_cell_name(g, cells_text.substr(at, dash - at));
    if (out.size() > 1) out += ',';
    out += json::quote(upper_cell(g.size(), cell.value_or(0)));
    at = dash + 1;
  }
  return out + "]";
}

std::string upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return text;
}

// An arrow's word "circle:line:line" as f-puzzles' entry: each line from the circle's cell it
// leaves.
std::string arrow_entry(const Geometry& g, std::string_view word) {
  const std::size_t colon = word.find(':');
  const std::string_view circle = word.substr(0, colon);
  std::vector<int> circle_cells;
  for (std::size_t at = 0; at <= circle.size();) {
    const std::size_t dash = std::min(circle.find('-', at), circle.size());
    circle_cells.push_back(parse_cell_name(g, circle.substr(at, dash - at)).value_or(0));
    at = dash + 1;
  }
  std::string lines;
  for (std::size_t at = colon + 1; at <= word.size();) {
    const std::size_t end = std::min(word.find(':', at), word.size());
    const std::string_view line = word.substr(at, end - at);
    const int first = parse_cell_name(g, line.substr(0, line.find('-'))).value_or(0);
    int from = circle_cells.front();
    for (const int cell : circle_cells)
      if (std::abs(g.row_of(cell) - g.row_of(first)) <= 1 &&
          std::abs(g.column_of(cell) - g.column_of(first)) <= 1) {
        from = cell;
        break;
      }
    if (!lines.empty()) lines += ',';
    lines += cell_list(g, cell_name(g, from) + "-" + std::string(line));
    at = end + 1;
  }
  return "{\"cells\":" + cell_list(g, circle) + ",\"lines\":[" + lines + "]}";
}

// A little killer's word "r0c1:dr=23" as f-puzzles' entry, with the cells of its diagonal.
std::string little_killer_entry(const Geometry& g, std::string_view word) {
  const std::size_t colon = word.find(':'), equals = word.find('=');
  int row = 0, column = 0;
  std::sscanf(std::string(word.substr(0, colon)).c_str(), "r%dc%d", &row, &column);
  const std::string way(word.substr(colon + 1, equals - colon - 1));
  const int dr = way[0] == 'd' ? 1 : -1, dc = way[1] == 'r' ? 1 : -1;
  std::string cells = "[";
  for (int r = row - 1 + dr, c = column - 1 + dc; g.cell_at(r, c) >= 0; r += dr, c += dc) {
    if (cells.size() > 1) cells += ',';
    cells += json::quote(upper_cell(g.size(), g.cell_at(r, c)));
  }
  return "{\"cell\":" + json::quote(upper(std::string(word.substr(0, colon)))) +
         ",\"cells\":" + cells + "],\"direction\":" + json::quote(upper(way)) + ",\"value\":\"" +
         std::string(word.substr(equals + 1)) + "\"}";
}

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) out.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

}  // namespace

std::string write_fpuzzles(const Geometry& g, const Grid& givens) {
  const int n = g.size();
  if (g.variant() == Variant::samurai)
    throw std::invalid_argument("f-puzzles has no samurai grids");
  if (n > 16) throw std::invalid_argument("f-puzzles grids have at most 16 rows");
  std::map<std::string, std::vector<std::string>> lists;  // key -> its entries' JSON
  std::vector<std::string> negative;
  std::string flags;
  const auto set_flag = [&](std::string_view key) {
    flags += ",";
    flags += json::quote(key);
    flags += ":true";
  };
  if (g.variant() == Variant::x || g.variant() == Variant::hyper_x) {
    set_flag("diagonal+");
    set_flag("diagonal-");
  }
  if (g.variant() == Variant::hyper || g.variant() == Variant::hyper_x)
    for (const House& h : g.houses())
      if (h.kind == HouseKind::window) {
        std::string cells = "[";
        for (int cell : h.cells) {
          if (cells.size() > 1) cells += ',';
          cells += json::quote(upper_cell(n, cell));
        }
        lists["extraregion"].push_back("{\"cells\":" + cells + "]}");
      }
  if (has_chess(g.chess(), Chess::anti_knight)) set_flag("antiknight");
  if (has_chess(g.chess(), Chess::anti_king)) set_flag("antiking");
  for (const Cage& cage : g.cages()) {
    std::string cells = "[";
    for (int cell : cage.cells) {
      if (cells.size() > 1) cells += ',';
      cells += json::quote(upper_cell(n, cell));
    }
    lists["killercage"].push_back("{\"cells\":" + cells + "],\"value\":\"" +
                                  std::to_string(cage.sum) + "\"}");
  }
  for (const RulePtr& rule : g.rules()) {
    const std::string_view keyword = rule->keyword();
    const std::vector<std::string> words = words_of(rule->arguments(g));
    if (keyword == "non-consecutive") {
      set_flag("nonconsecutive");
      continue;
    }
    if (keyword == "disjoint-groups") {
      set_flag("disjointgroups");
      continue;
    }
    if (keyword == "kropki" || keyword == "xv") {
      std::string kind;
      for (const std::string& w : words) {
        if (w == "all") {
          if (keyword == "xv") {
            negative.emplace_back("xv");
          } else {
            negative.emplace_back("ratio");
            negative.emplace_back("difference");
          }
        } else if (w == "white" || w == "black" || w == "x" || w == "v") {
          kind = w;
        } else if (keyword == "kropki") {
          lists[kind == "white" ? "difference" : "ratio"].push_back(
              "{\"cells\":" + cell_list(g, w) + "}");
        } else {
          lists["xv"].push_back("{\"cells\":" + cell_list(g, w) + ",\"value\":\"" +
                                (kind == "x" ? "X" : "V") + "\"}");
        }
      }
      continue;
    }
    const auto c = std::find_if(std::begin(keys), std::end(keys),
                                [&](const Key& k) { return k.keyword == keyword; });
    if (c == std::end(keys))
      throw std::invalid_argument("f-puzzles has no constraint for the rule '" +
                                  std::string(keyword) + "'");
    // Whispers of another least difference say it in each line's "value".
    std::string value;
    auto& list = lists[std::string(c->key)];
    for (const std::string& w : words) {
      if (std::isdigit(static_cast<unsigned char>(w.front())) != 0) {
        value = ",\"value\":\"" + w + "\"";
        continue;
      }
      switch (c->form) {
        case Form::lines:
          list.push_back("{\"lines\":[" + cell_list(g, w) + "]" + value + "}");
          break;
        case Form::cell:
          list.push_back("{\"cell\":" + json::quote(upper_cell(n, *parse_cell_name(g, w))) + "}");
          break;
        case Form::cells:
        case Form::pair:
          list.push_back("{\"cells\":" + cell_list(g, w) + "}");
          break;
        case Form::clone: {
          const std::size_t equals = w.find('=');
          list.push_back("{\"cells\":" + cell_list(g, w.substr(0, equals)) +
                         ",\"cloneCells\":" + cell_list(g, w.substr(equals + 1)) + "}");
          break;
        }
        case Form::arrow:
          list.push_back(arrow_entry(g, w));
          break;
        case Form::little_killer:
          list.push_back(little_killer_entry(g, w));
          break;
        case Form::cage: {
          const std::size_t equals = w.find('=');
          list.push_back("{\"cells\":" + cell_list(g, w.substr(0, equals)) + ",\"value\":\"" +
                         w.substr(equals + 1) + "\"}");
          break;
        }
        case Form::outside: {
          const std::size_t equals = w.find('=');
          list.push_back("{\"cell\":" + json::quote(upper(w.substr(0, equals))) + ",\"value\":\"" +
                         w.substr(equals + 1) + "\"}");
          break;
        }
        case Form::quadruple: {
          const std::size_t equals = w.find('=');
          const int corner = *parse_cell_name(g, w.substr(0, equals));
          const int right = corner + 1, below = corner + n;
          std::string values = w.substr(equals + 1);
          std::replace(values.begin(), values.end(), '/', ',');
          list.push_back("{\"cells\":[" + json::quote(upper_cell(n, corner)) + "," +
                         json::quote(upper_cell(n, right)) + "," +
                         json::quote(upper_cell(n, below)) + "," +
                         json::quote(upper_cell(n, below + 1)) + "],\"values\":[" + values + "]}");
          break;
        }
        default:
          break;
      }
    }
  }
  std::string out = "{\"size\":" + std::to_string(n) + ",\"grid\":[";
  const bool regions = g.variant() == Variant::jigsaw;
  for (int r = 0; r < n; ++r) {
    out += r == 0 ? "[" : ",[";
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c;
      std::string one;
      if (const int d = givens[static_cast<std::size_t>(cell)]; d != 0)
        one = "\"value\":" + std::to_string(d) + ",\"given\":true";
      if (regions) {
        if (!one.empty()) one += ',';
        one += "\"region\":" + std::to_string(g.region_of(cell));
      }
      out += (c == 0 ? "{" : ",{") + one + "}";
    }
    out += "]";
  }
  out += "]" + flags;
  for (const auto& [key, entries] : lists) {
    out += ',';
    out += json::quote(key);
    out += ":[";
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (i > 0) out += ',';
      out += entries[i];
    }
    out += "]";
  }
  if (!negative.empty()) {
    out += ",\"negative\":[";
    for (std::size_t i = 0; i < negative.size(); ++i) {
      if (i > 0) out += ',';
      out += json::quote(negative[i]);
    }
    out += "]";
  }
  return out + "}";
}

std::string fpuzzles_link(const Geometry& geometry, const Grid& givens) {
  return std::string(link_base) + lz_string::compress_to_base64(write_fpuzzles(geometry, givens));
}

}  // namespace sudoku
