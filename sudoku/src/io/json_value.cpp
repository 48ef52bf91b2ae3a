#include "io/json_value.hpp"

#include <cmath>
#include <cstdlib>

#include "io/utf8.hpp"

namespace sudoku::json {

namespace {

constexpr int max_depth = 64;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Value document() {
    Value v = value(0);
    blanks();
    if (at_ < text_.size()) fail("text after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const { throw Error{message, at_}; }

  void blanks() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }

  bool take(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }

  Value value(int depth) {
    blanks();
    if (at_ >= text_.size()) fail("a JSON value is missing at the end of the text");
    if (depth > max_depth) fail("JSON nested deeper than " + std::to_string(max_depth) + " levels");
    Value v;
    v.offset = at_;
    const char c = text_[at_];
    if (c == '{') {
      v.type = Value::Type::object;
      ++at_;
      blanks();
      if (take("}")) return v;
      for (;;) {
        blanks();
        if (at_ >= text_.size() || text_[at_] != '"') fail("a quoted key is expected here");
        std::string key = string();
        blanks();
        if (!take(":")) fail("':' is expected after a key");
        Value member = value(depth + 1);
        v.keys.push_back(std::move(key));
        v.items.push_back(std::move(member));
        blanks();
        if (take("}")) return v;
        if (!take(",")) fail("',' or '}' is expected here");
      }
    }
    if (c == '[') {
      v.type = Value::Type::array;
      ++at_;
      blanks();
      if (take("]")) return v;
      for (;;) {
        v.items.push_back(value(depth + 1));
        blanks();
        if (take("]")) return v;
        if (!take(",")) fail("',' or ']' is expected here");
      }
    }
    if (c == '"') {
      v.type = Value::Type::string;
      v.string = string();
      return v;
    }
    if (take("true") || take("false")) {
      v.type = Value::Type::boolean;
      v.boolean = c == 't';
      return v;
    }
    if (take("null")) return v;
    if (c == '-' || (c >= '0' && c <= '9')) {
      v.type = Value::Type::number;
      const std::size_t start = at_;
      if (text_[at_] == '-') ++at_;
      while (at_ < text_.size() &&
             ((text_[at_] >= '0' && text_[at_] <= '9') || text_[at_] == '.' || text_[at_] == 'e' ||
              text_[at_] == 'E' || text_[at_] == '+' || text_[at_] == '-'))
        ++at_;
      const std::string number(text_.substr(start, at_ - start));
      char* end = nullptr;
      v.number = std::strtod(number.c_str(), &end);
      if (end != number.c_str() + number.size() || !std::isfinite(v.number)) {
        at_ = start;
        fail("'" + number + "' is no number");
      }
      return v;
    }
    fail("a JSON value is expected here");
  }

  unsigned hex4() {
    if (at_ + 4 > text_.size()) fail("four hexadecimal digits are expected after \\u");
    unsigned code = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[at_++];
      code <<= 4;
      if (h >= '0' && h <= '9')
        code |= static_cast<unsigned>(h - '0');
      else if (h >= 'a' && h <= 'f')
        code |= static_cast<unsigned>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F')
        code |= static_cast<unsigned>(h - 'A' + 10);
      else
        fail("four hexadecimal digits are expected after \\u");
    }
    return code;
  }

  std::string string() {
    const std::size_t start = at_;
    ++at_;  // the opening quote
    std::string out;
    for (;;) {
      if (at_ >= text_.size()) {
        at_ = start;
        fail("a string that does not end");
      }
      const char c = text_[at_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) {
        --at_;
        fail("a control character inside a string");
      }
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) fail("a string that does not end");
      const char e = text_[at_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned code = hex4();
          if (code >= 0xD800 && code < 0xDC00 && text_.substr(at_, 2) == "\\u") {
            at_ += 2;
            const unsigned low = hex4();
            if (low >= 0xDC00 && low < 0xE000)
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            else
              code = 0xFFFD;
          } else if (code >= 0xD800 && code < 0xE000) {
            code = 0xFFFD;
          }
          utf8::append(out, code);
          break;
        }
        default:
          at_ -= 2;
          fail("an unknown escape in a string");
      }
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

const Value* Value::find(std::string_view key) const noexcept {
  if (type != Type::object) return nullptr;
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) return &items[i];
  return nullptr;
}

bool Value::is_integer() const noexcept {
  return type == Type::number && std::floor(number) == number && std::abs(number) < 1e15;
}

Value parse(std::string_view text) {
  return Parser(text).document();
}

std::string quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          constexpr char hex[] = "0123456789abcdef";
          out += "\\u00";
          out += hex[(c >> 4) & 0xF];
          out += hex[c & 0xF];
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace sudoku::json
