// The lower layer of the reader: a stream cut into lines, holding at most one line and never
// more than the length limit of it. Internal to the library.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::reading {

inline constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";

// Cuts a stream into lines: CRLF and LF ends, a byte-order mark at the start, no final newline
// needed. A line longer than the limit comes back as soon as the limit is passed, holding its
// first limit + 1 bytes; the next call skips the rest of it, up to `skip` bytes: an input with
// no line end past them (/dev/zero) ends there, and abandoned() says so. A raised stop flag ends
// the input at the next read.
class LineSource {
 public:
  LineSource(std::istream& in, std::size_t limit, std::uint64_t skip = 0,
             const std::atomic<bool>* stop = nullptr)
      : in_(in), buf_(in.rdbuf()), limit_(limit), skip_(skip), stop_(stop) {}

  // Reads the next line into `line`; false at the end of the input.
  bool next(std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    if (skipping_ && !skip_rest()) return false;
    bool any = false;
    // Bytes kept: the limit, a '\r', one more to tell a longer line, and on line 1 a byte-order
    // mark, which does not count. A line that fills them all is too long.
    const std::size_t keep = limit_ + 2 + (number_ == 0 ? byte_order_mark.size() : 0);
    for (;;) {
      if (pos_ == end_ && !fill()) {
        // Stopped: a line cut short is not read as if it were whole.
        if (!any || (stop_ != nullptr && stop_->load(std::memory_order_relaxed))) return false;
        break;
      }
      any = true;
      const char* start = chunk_.data() + pos_;
      const auto* end = static_cast<const char*>(std::memchr(start, '\n', end_ - pos_));
      const std::size_t n = end != nullptr ? static_cast<std::size_t>(end - start) : end_ - pos_;
      const std::size_t taken = std::min(n, keep - line.size());
      line.append(start, taken);
      pos_ += taken;
      if (line.size() == keep) {
        // Too long: reported now, at the limit; the rest of the line is skipped next time.
        too_long = true;
        skipping_ = true;
        break;
      }
      if (end != nullptr) {
        ++pos_;
        break;
      }
    }
    ++number_;
    if (!line.empty() && line.back() == '\r' && !too_long) line.pop_back();
    if (number_ == 1 && std::string_view(line).starts_with(byte_order_mark))
      line.erase(0, byte_order_mark.size());
    if (line.size() > limit_) {
      too_long = true;
      line.resize(limit_ + 1);
    }
    return true;
  }

  // True when the input was given up in an over-long line that had no end within the bytes
  // skipped.
  bool abandoned() const noexcept { return abandoned_; }

  // Lines read so far.
  std::size_t number() const noexcept { return number_; }

 private:
  // Skips what is left of an over-long line, up to its newline; false when the input ends first.
  bool skip_rest() {
    skipping_ = false;
    std::uint64_t skipped = 0;
    for (;;) {
      if (pos_ == end_ && !fill()) return false;
      const char* start = chunk_.data() + pos_;
      const auto* end = static_cast<const char*>(std::memchr(start, '\n', end_ - pos_));
      if (end != nullptr) {
        pos_ += static_cast<std::size_t>(end - start) + 1;
        return true;
      }
      skipped += end_ - pos_;
      pos_ = end_;
      if (skip_ != 0 && skipped > skip_) {
        abandoned_ = true;
        buf_ = nullptr;
        return false;
      }
    }
  }

  bool fill() {
    if (buf_ == nullptr) return false;
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return false;
    pos_ = end_ = 0;
    // A read error (a directory as standard input, a failing disk) throws from the stream
    // buffer: it ends the input and sets badbit, as the stream's own reads would.
    try {
      // Take what is already there, so that an interactive stream is read line by line.
      if (buf_->sgetc() == std::char_traits<char>::eof()) return false;
      std::streamsize want = buf_->in_avail();
      if (want <= 0) want = 1;
      want = std::min<std::streamsize>(want, static_cast<std::streamsize>(chunk_limit));
      // The buffer grows to what the stream offers, up to the limit: a short text (read_all, a
      // session's `load`) costs no buffer of the limit's size, zeroed.
      if (static_cast<std::size_t>(want) > chunk_.size())
        chunk_.resize(
            std::min(chunk_limit, std::max(static_cast<std::size_t>(want), 2 * chunk_.size())));
      const std::streamsize got = buf_->sgetn(chunk_.data(), want);
      end_ = got > 0 ? static_cast<std::size_t>(got) : 0;
    } catch (...) {
      buf_ = nullptr;
      in_.setstate(std::ios::badbit);  // rethrows as std::ios_base::failure if `in` asks for it
      return false;
    }
    return end_ > 0;
  }

  std::istream& in_;
  std::streambuf* buf_;
  std::size_t limit_;
  std::uint64_t skip_;
  const std::atomic<bool>* stop_;
  bool skipping_ = false;   // the last line was too long: its rest is still to skip
  bool abandoned_ = false;  // the input ended in an over-long line (see skip_rest)
  static constexpr std::size_t chunk_limit = std::size_t{1} << 16;  // bytes read at once, at most
  std::vector<char> chunk_;
  std::size_t pos_ = 0, end_ = 0;
  std::size_t number_ = 0;
};

}  // namespace sudoku::reading
