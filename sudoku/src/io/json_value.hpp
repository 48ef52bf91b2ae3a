// A small JSON reader for the formats the library reads (f-puzzles): values with the byte offset
// where each starts, for messages that name the place. Internal to the library; the commands
// write their JSON with nlohmann-json, which the library does not depend on.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::json {

struct Value {
  enum class Type { null, boolean, number, string, array, object };
  Type type = Type::null;
  bool boolean = false;
  double number = 0;
  std::string string;             // UTF-8
  std::vector<Value> items;       // an array's; an object's values, in their order
  std::vector<std::string> keys;  // an object's keys, one per value
  std::size_t offset = 0;         // where it starts in the text

  // An object's member, or nullptr.
  const Value* find(std::string_view key) const noexcept;
  bool is_integer() const noexcept;
};

// Malformed JSON: what and where (a byte offset).
struct Error {
  std::string message;
  std::size_t offset = 0;
};

// Reads one JSON value, the whole text (blanks around it allowed); throws Error. Nesting is
// bounded (at most 64 levels).
Value parse(std::string_view text);

// A string as a JSON string, quoted and escaped.
std::string quote(std::string_view text);

}  // namespace sudoku::json
