#include "io/lz_string.hpp"

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "io/utf8.hpp"

namespace sudoku::lz_string {

namespace {

constexpr std::string_view alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

// UTF-8 to UTF-16 code units (what lz-string compresses), and back; a malformed byte becomes
// U+FFFD.
std::u16string to_utf16(std::string_view text) {
  std::u16string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    unsigned code = 0xFFFD;
    std::size_t length = 1;
    if (b < 0x80) {
      code = b;
    } else if ((b >> 5) == 6 || (b >> 4) == 14 || (b >> 3) == 30) {
      length = (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : 4;
      code = b & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
      for (std::size_t k = 1; k < length; ++k) {
        if (i + k >= text.size() || (static_cast<unsigned char>(text[i + k]) >> 6) != 2) {
          code = 0xFFFD;
          length = k;
          break;
        }
        code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
      }
    }
    i += length;
    if (code >= 0x10000) {
      code -= 0x10000;
      out += static_cast<char16_t>(0xD800 + (code >> 10));
      out += static_cast<char16_t>(0xDC00 + (code & 0x3FF));
    } else {
      out += static_cast<char16_t>(code);
    }
  }
  return out;
}

std::string to_utf8(const std::u16string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned code = text[i];
    if (code >= 0xD800 && code < 0xDC00 && i + 1 < text.size() && text[i + 1] >= 0xDC00 &&
        text[i + 1] < 0xE000) {
      code = 0x10000 + ((code - 0xD800) << 10) + (text[i + 1] - 0xDC00u);
      ++i;
    } else if (code >= 0xD800 && code < 0xE000) {
      code = 0xFFFD;
    }
    utf8::append(out, code);
  }
  return out;
}

// The bits of the Base64 text, six a character, most significant first.
class BitReader {
 public:
  explicit BitReader(std::vector<int> values) : values_(std::move(values)) {}
  // The next `count` bits, the first read the lowest (as lz-string writes them).
  unsigned read(int count) {
    unsigned bits = 0;
    for (int k = 0; k < count; ++k) {
      const int value = index_ < values_.size() ? values_[index_] : 0;
      if ((value & position_) != 0) bits |= 1u << k;
      position_ >>= 1;
      if (position_ == 0) {
        position_ = 32;
        ++index_;
      }
    }
    return bits;
  }
  bool past_end() const noexcept { return index_ >= values_.size(); }

 private:
  std::vector<int> values_;
  std::size_t index_ = 0;
  int position_ = 32;
};

}  // namespace

std::optional<std::string> decompress_from_base64(std::string_view base64) {
  std::vector<int> values;
  for (const char c : base64) {
    const std::size_t at = alphabet.find(c == ' ' ? '+' : c);
    if (at != std::string_view::npos) values.push_back(static_cast<int>(at));
  }
  if (values.empty()) return std::nullopt;
  BitReader in(std::move(values));
  std::vector<std::u16string> dictionary(3);
  std::size_t enlarge = 4, bits = 3;
  const auto first = in.read(2);
  if (first == 2) return std::string();
  if (first > 2) return std::nullopt;
  std::u16string w(1, static_cast<char16_t>(in.read(first == 0 ? 8 : 16)));
  dictionary.push_back(w);
  std::u16string result = w;
  // Bounded: a Base64 text of n characters holds at most 6n bits, so a few codes a character.
  for (std::size_t steps = 0; steps < 8 * base64.size() + 16; ++steps) {
    if (in.past_end()) return std::nullopt;
    std::size_t code = in.read(static_cast<int>(bits));
    if (code == 2) return to_utf8(result);
    if (code < 2) {
      dictionary.emplace_back(1, static_cast<char16_t>(in.read(code == 0 ? 8 : 16)));
      code = dictionary.size() - 1;
      if (--enlarge == 0) {
        enlarge = std::size_t{1} << bits;
        ++bits;
      }
    }
    std::u16string entry;
    if (code < dictionary.size() && code >= 3) {
      entry = dictionary[code];
    } else if (code == dictionary.size()) {
      entry = w + w.front();
    } else {
      return std::nullopt;
    }
    result += entry;
    dictionary.push_back(w + entry.front());
    if (--enlarge == 0) {
      enlarge = std::size_t{1} << bits;
      ++bits;
    }
    w = std::move(entry);
    if (bits > 24) return std::nullopt;  // no dictionary this large fits a link
  }
  return std::nullopt;
}

std::string compress_to_base64(std::string_view text) {
  const std::u16string input = to_utf16(text);
  std::string out;
  unsigned value = 0;
  int position = 0;
  const auto put = [&](unsigned bit) {
    value = (value << 1) | (bit & 1);
    if (position == 5) {
      position = 0;
      out += alphabet[value];
      value = 0;
    } else {
      ++position;
    }
  };
  const auto put_bits = [&](unsigned bits, std::size_t count) {
    for (std::size_t k = 0; k < count; ++k, bits >>= 1) put(bits & 1);
  };
  std::unordered_map<std::u16string, unsigned> dictionary;
  std::unordered_set<std::u16string> to_create;
  std::size_t enlarge = 2, bits = 2;
  unsigned size = 3;
  const auto grow = [&] {
    if (--enlarge == 0) {
      enlarge = std::size_t{1} << bits;
      ++bits;
    }
  };
  // The code of w: a new character spelled out the first time, else its dictionary entry.
  const auto emit = [&](const std::u16string& w) {
    if (to_create.count(w) != 0) {
      const unsigned c = w.front();
      if (c < 256) {
        put_bits(0, bits);
        put_bits(c, 8);
      } else {
        put_bits(1, bits);
        put_bits(c, 16);
      }
      grow();
      to_create.erase(w);
    } else {
      put_bits(dictionary.at(w), bits);
    }
    grow();
  };
  std::u16string w;
  for (const char16_t c : input) {
    const std::u16string one(1, c);
    if (dictionary.count(one) == 0) {
      dictionary[one] = size++;
      to_create.insert(one);
    }
    std::u16string wc = w + c;
    if (dictionary.count(wc) != 0) {
      w = std::move(wc);
      continue;
    }
    emit(w);
    dictionary[wc] = size++;
    w = one;
  }
  if (!w.empty()) emit(w);
  put_bits(2, bits);
  // The last character, its bits moved to the top.
  for (;;) {
    value <<= 1;
    if (position == 5) {
      out += alphabet[value];
      break;
    }
    ++position;
  }
  while (out.size() % 4 != 0) out += '=';
  return out;
}

}  // namespace sudoku::lz_string
