#include "checkpoint.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>
#include <system_error>

namespace checkpoint {

namespace {

// The first line: the format's name and version; the older versions' lines have the same length.
constexpr std::string_view magic = "dlx-checkpoint 4";
constexpr std::string_view magic_v3 = "dlx-checkpoint 3";
constexpr std::string_view magic_v2 = "dlx-checkpoint 2";
constexpr std::string_view magic_v1 = "dlx-checkpoint 1";
// A null move of Algorithm M in a prefix (version 4).
constexpr std::string_view null_word = "null";
// What ends a version 3 record: " crc " and the CRC-32 of the text before it, 8 hex digits.
constexpr std::string_view crc_mark = " crc ";
constexpr std::size_t crc_suffix = crc_mark.size() + 8;
// The longest line read: a record names a prefix and its rest, a few numbers per option.
constexpr std::size_t max_line = std::size_t{1} << 20;

class Fnv {
 public:
  void add(std::string_view bytes) {
    for (const char c : bytes) {
      hash_ ^= static_cast<unsigned char>(c);
      hash_ *= 0x100000001b3ULL;
    }
  }
  void add(std::int64_t value) {
    char bytes[8];
    for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>((value >> (8 * i)) & 0xff);
    add(std::string_view(bytes, 8));
  }
  std::uint64_t value() const noexcept { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

std::string hex(std::uint64_t value) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
  return buffer;
}

std::string problem_line(const dlx::Matrix& matrix) {
  return "problem " + hex(fingerprint(matrix)) + " items " + std::to_string(matrix.item_count()) +
         " options " + std::to_string(matrix.option_count());
}

std::string ids(const dlx::Prefix& prefix) {
  std::string text;
  for (const dlx::OptionId option : prefix) {
    if (!text.empty()) text += ' ';
    text += option == dlx::null_move ? std::string(null_word) : std::to_string(option);
  }
  return text;
}

// Reads the words of `text` as option ids of the matrix; false on anything else.
bool parse_ids(std::string_view text, std::size_t options, dlx::Prefix& out) {
  out.clear();
  std::size_t at = 0;
  while (at < text.size()) {
    if (text[at] == ' ') {
      ++at;
      continue;
    }
    std::size_t end = text.find(' ', at);
    if (end == std::string_view::npos) end = text.size();
    if (text.substr(at, end - at) == null_word) {
      out.push_back(dlx::null_move);
      at = end;
      continue;
    }
    std::int64_t value = -1;
    const auto [ptr, ec] = std::from_chars(text.data() + at, text.data() + end, value);
    if (ec != std::errc{} || ptr != text.data() + end || value < 0 ||
        static_cast<std::size_t>(value) >= options)
      return false;
    out.push_back(static_cast<dlx::OptionId>(value));
    at = end;
  }
  return true;
}

// CRC-32 (IEEE 802.3, reflected, as zlib computes it) of a record's text.
std::uint32_t crc32(std::string_view text) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) != 0 ? 0xEDB88320U ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFU;
  for (const char ch : text) c = table[(c ^ static_cast<unsigned char>(ch)) & 0xFFU] ^ (c >> 8);
  return c ^ 0xFFFFFFFFU;
}

std::string crc_text(std::string_view text) {
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(crc32(text)));
  return std::string(crc_mark) + hex;
}

bool parse_count(std::string_view text, std::uint64_t& value) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc{} && ptr == text.data() + text.size();
}

// Reads the counts of a record, the words between its keyword and ':': "45 nodes 310 updates
// 9120 depth 12", or "45" alone (version 1; `counted` false). False on anything else.
bool parse_counts(std::string_view text, dlx::Stats& stats, bool& counted) {
  std::vector<std::string_view> words;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  stats = {};
  counted = words.size() > 1;
  if (words.size() == 1) return parse_count(words[0], stats.solutions);
  std::uint64_t depth = 0;
  if (words.size() != 7 || words[1] != "nodes" || words[3] != "updates" || words[5] != "depth" ||
      !parse_count(words[0], stats.solutions) || !parse_count(words[2], stats.nodes) ||
      !parse_count(words[4], stats.updates) || !parse_count(words[6], depth) || depth > UINT32_MAX)
    return false;
  stats.max_depth = static_cast<std::uint32_t>(depth);
  return true;
}

}  // namespace

std::uint64_t fingerprint(const dlx::Matrix& matrix) {
  Fnv fnv;
  fnv.add(static_cast<std::int64_t>(matrix.item_count()));
  fnv.add(static_cast<std::int64_t>(matrix.option_count()));
  for (dlx::ItemId item = 0; item < static_cast<dlx::ItemId>(matrix.item_count()); ++item) {
    fnv.add(matrix.item_name(item));
    fnv.add(matrix.item_kind(item) == dlx::ItemKind::primary ? 1 : 2);
    const dlx::Bounds bounds = matrix.bounds(item);
    if (bounds.lo != 1 || bounds.hi != 1) {  // a problem without bounds keeps its fingerprint
      fnv.add(bounds.lo);
      fnv.add(bounds.hi);
    }
  }
  for (dlx::OptionId option = 0; option < static_cast<dlx::OptionId>(matrix.option_count());
       ++option) {
    fnv.add(-1);
    for (const dlx::Entry& entry : matrix.option(option)) {
      fnv.add(entry.item);
      fnv.add(entry.color);
    }
  }
  return fnv.value();
}

std::optional<Resume> read(const std::string& path, const dlx::Matrix& matrix) {
  std::error_code exists_error;
  const std::filesystem::file_status status = std::filesystem::status(path, exists_error);
  if (!std::filesystem::exists(status)) return std::nullopt;
  if (!std::filesystem::is_regular_file(status))
    throw Error(path + ": not a regular file; a checkpoint is a file of its own");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (!in) throw Error(path + ": cannot read: " + std::strerror(errno));
  const std::string text = buffer.str();

  Resume resume;
  std::set<dlx::Prefix> pending;
  bool started = false;
  std::size_t line_number = 0;
  const auto fail = [&](const std::string& message) {
    return Error(path + ":" + std::to_string(line_number) + ": " + message);
  };
  dlx::Prefix prefix;
  for (std::size_t at = 0;;) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) break;  // no line, or one cut short by a kill: ignored
    std::string_view line(text.data() + at, end - at);
    ++line_number;
    if (line.size() > max_line)
      throw fail("line is longer than the limit of " + std::to_string(max_line) + " bytes");
    at = end + 1;
    if (line_number == 1) {
      if (line == magic_v1) {
        resume.version = 1;
      } else if (line == magic_v2) {
        resume.version = 2;
      } else if (line == magic_v3) {
        resume.version = 3;
      } else if (line.starts_with("dlx-checkpoint ") && line != magic) {
        throw fail("a checkpoint of another format ('" + std::string(line) +
                   "'); this dlx reads versions 1 to 4");
      } else if (line != magic) {
        throw fail("not a dlx checkpoint file (its first line is not '" + std::string(magic) +
                   "')");
      }
    } else if (line_number == 2) {
      if (resume.version < 4 && matrix.has_bounds())
        throw fail("a version " + std::to_string(resume.version) +
                   " checkpoint, which does not record the bounds of items nor the null moves "
                   "of their search; count again without it");
      if (line != problem_line(matrix))
        throw fail("the checkpoint is of another problem ('" + std::string(line) +
                   "'; this one is '" + problem_line(matrix) + "')");
    } else if (!started) {
      if (line == "start") {
        started = true;
      } else if (line.starts_with("prefix") && (line.size() == 6 || line[6] == ' ') &&
                 parse_ids(line.substr(6), matrix.option_count(), prefix)) {
        if (!pending.insert(prefix).second) throw fail("prefix listed twice");
      } else {
        throw fail("expected 'prefix' followed by option numbers (or 'null'), or 'start'");
      }
    } else {
      // Version 3: each record ends with its checksum, so that a record changed by hand or by a
      // failing disk is refused instead of giving a wrong total.
      if (resume.version >= 3) {
        if (line.size() < crc_suffix || line.substr(line.size() - crc_suffix) !=
                                            crc_text(line.substr(0, line.size() - crc_suffix)))
          throw fail("damaged record (its checksum does not match)");
        line.remove_suffix(crc_suffix);
      }
      const bool done = line.starts_with("done ");
      if (!done && !line.starts_with("split ")) throw fail("expected a 'done' or 'split' record");
      const std::size_t colon = line.find(':');
      dlx::Stats stats;
      bool counted = false;
      if (colon == std::string_view::npos ||
          !parse_counts(line.substr(done ? 5 : 6, colon - (done ? 5 : 6)), stats, counted))
        throw fail("expected '" + std::string(done ? "done" : "split") +
                   " COUNT nodes N updates N depth N : options' with a count of solutions (or '" +
                   (done ? "done" : "split") + " COUNT : options' in version 1)");
      std::vector<dlx::Prefix> parts;
      std::string_view rest = line.substr(colon + 1);
      for (;;) {
        const std::size_t slash = rest.find('/');
        if (!parse_ids(rest.substr(0, slash), matrix.option_count(), prefix))
          throw fail("expected option numbers between 0 and " +
                     std::to_string(matrix.option_count() - 1) + " (or 'null')");
        parts.push_back(prefix);
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
      }
      if (done != (parts.size() == 1))
        throw fail(done ? "a 'done' record names one prefix"
                        : "a 'split' record names a prefix and what is left of it");
      if (pending.erase(parts.front()) == 0)
        throw fail("prefix '" + ids(parts.front()) + "' is not waiting (the file is corrupt)");
      for (std::size_t i = 1; i < parts.size(); ++i)
        if (!pending.insert(parts[i]).second)
          throw fail("prefix '" + ids(parts[i]) + "' is already waiting (the file is corrupt)");
      resume.stats.solutions += stats.solutions;
      resume.stats.nodes += stats.nodes;
      resume.stats.updates += stats.updates;
      if (counted)  // a piece's depth is counted below its prefix, as dlx::Ledger counts it
        resume.stats.max_depth =
            std::max(resume.stats.max_depth,
                     static_cast<std::uint32_t>(parts.front().size()) + stats.max_depth);
      ++resume.pieces;
      if (!counted) ++resume.uncounted;
    }
    resume.valid_size = at;
  }
  if (!started) return std::nullopt;
  resume.pending.assign(pending.begin(), pending.end());
  return resume;
}

// Opens a checkpoint for appending, as a regular file locked for this run alone; once the lock
// is held, cuts it to `size` bytes and, for `mark`, writes the first line of version 2 over
// that of version 1 (of the same length), since version 2 records are appended to it.
std::FILE* open_locked(const std::string& path, off_t size, bool mark) {
  errno = 0;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw Error(path + ": cannot write: " + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd);
    throw Error(path + ": not a regular file; a checkpoint is a file of its own");
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd);
    throw Error(path + ": " +
                (error == EWOULDBLOCK ? std::string("in use by another dlx run")
                                      : "cannot lock: " + std::string(std::strerror(error))));
  }
  static_assert(magic_v2.size() == magic_v1.size());
  if (::ftruncate(fd, size) != 0 || (mark && ::pwrite(fd, magic_v2.data(), magic_v2.size(), 0) !=
                                                 static_cast<ssize_t>(magic_v2.size()))) {
    const int error = errno;
    ::close(fd);
    throw Error(path + ": cannot write: " + std::strerror(error));
  }
  ::lseek(fd, 0, SEEK_END);
  std::FILE* file = ::fdopen(fd, "ab");
  if (file == nullptr) {
    ::close(fd);
    throw Error(path + ": cannot write: " + std::strerror(errno));
  }
  return file;
}

Writer::Writer(const std::string& path, const dlx::Matrix& matrix,
               const std::vector<dlx::Subproblem>& prefixes)
    : path_(path) {
  file_ = open_locked(path, 0, false);
  std::string header = std::string(magic) + "\n" + problem_line(matrix) + "\n";
  for (const dlx::Subproblem& sub : prefixes)
    header += sub.prefix.empty() ? "prefix\n" : "prefix " + ids(sub.prefix) + "\n";
  write(header + "start\n");
}

Writer::Writer(const std::string& path, const Resume& resume)
    : path_(path), checksums_(resume.version >= 3) {
  // Locked first: a second run on the file changes nothing in it.
  file_ = open_locked(path, static_cast<off_t>(resume.valid_size), resume.version == 1);
}

Writer::~Writer() {
  if (file_ != nullptr) std::fclose(file_);
}

void Writer::record(const dlx::Piece& piece) {
  const dlx::Stats& stats = piece.stats;
  std::string line = (piece.rest.empty() ? "done " : "split ") + std::to_string(stats.solutions) +
                     " nodes " + std::to_string(stats.nodes) + " updates " +
                     std::to_string(stats.updates) + " depth " + std::to_string(stats.max_depth) +
                     " :";
  if (!piece.prefix.empty()) line += ' ' + ids(piece.prefix);
  for (const dlx::Subproblem& sub : piece.rest) line += " / " + ids(sub.prefix);
  if (checksums_) line += crc_text(line);
  write(line + "\n");
}

void Writer::write(const std::string& text) {
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0)
    throw Error(path_ + ": cannot write: " + std::strerror(errno));
}

}  // namespace checkpoint
