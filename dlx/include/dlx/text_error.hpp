// An error in a text that a program reads: which rule it broke, where (1-based line and byte
// column) and why; what() is the message alone, written for the person who wrote the text.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace dlx {

// Kind: an enum of the rules a format has (dlx::ParseErrorKind, sudoku::FormatErrorKind).
template <class Kind>
class TextError : public std::runtime_error {
 public:
  // An error of this kind at this line and column, with its message for the user.
  TextError(Kind kind, std::size_t line, std::size_t column, const std::string& message)
      : std::runtime_error(message), kind_(kind), line_(line), column_(column) {}
  // Which rule the text broke.
  Kind kind() const noexcept { return kind_; }
  // Line of the error, from 1.
  std::size_t line() const noexcept { return line_; }
  // Byte column of the error within its line, from 1.
  std::size_t column() const noexcept { return column_; }

 private:
  Kind kind_;
  std::size_t line_;
  std::size_t column_;
};

}  // namespace dlx
