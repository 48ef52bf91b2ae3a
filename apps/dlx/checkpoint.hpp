// The checkpoint file of a split count (dlx --checkpoint FILE): the prefixes of the split, then
// one line per piece searched, appended and flushed as each piece ends, so that a count killed
// at any moment resumes where it stopped and reaches the same total.
//
//   dlx-checkpoint 4
//   problem 5f0c9b1e2d3a4f60 items 72 options 1568     fingerprint of the matrix, its size
//   prefix 3 17                                        the prefixes, as option ids (0-based)
//   prefix 3 18                                        (`null`: a null move of Algorithm M)
//   start                                              the header is complete
//   done 45 nodes 310 updates 9120 depth 12 : 3 17 crc 8a1f03c2
//                                                      a prefix searched whole: 45 solutions
//   split 12 nodes 95 updates 2711 depth 11 : 3 18 / 3 18 5 / 3 20 crc 0b7d94e1
//                                                      cut after 12; the rest is two prefixes
//
// Each record gives the counts of its piece (solutions, nodes, updates, and its deepest level
// below the prefix), so that a resumed count reports the statistics of the whole search, and
// ends with the CRC-32 of the text before ` crc `: a record that fails it is refused ("damaged
// record") instead of giving a wrong total. Version 4 added the null moves of a problem with
// bounds (split since then) and the bounds to the fingerprint; version 3 wrote the same records
// for problems without bounds, version 2 without the checksum, version 1 the solutions only
// (`done 45 : 3 17`). All are still read, and resumed in their own records (a version 1 file
// becomes version 2), except an older file of a problem with bounds, refused. A last line
// without its newline (the run was killed while writing it) is ignored.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dlx/matrix.hpp"
#include "dlx/parallel.hpp"
#include "dlx/split.hpp"

namespace checkpoint {

// A checkpoint file that cannot be used; what() is "file:line: message".
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A fingerprint of a problem: its items (names, kinds) and options (items, colors), FNV-1a.
std::uint64_t fingerprint(const dlx::Matrix& matrix);

// Where an earlier run stopped.
struct Resume {
  std::vector<dlx::Prefix> pending;  // prefixes not yet searched, in search order
  // What the pieces recorded found: solutions summed; nodes and updates summed, and the deepest
  // level from the root, over the pieces whose records give them.
  dlx::Stats stats;
  std::uint64_t pieces = 0;      // pieces recorded
  std::uint64_t uncounted = 0;   // pieces recorded without nodes, updates and depth (version 1)
  int version = 4;               // the file's format
  std::uint64_t valid_size = 0;  // bytes of the file up to its last complete line
};

// Reads a checkpoint of this problem; nullopt when the file does not exist or its header is
// incomplete (the run that wrote it died while starting). Throws Error.
std::optional<Resume> read(const std::string& path, const dlx::Matrix& matrix);

// Appends the records of a run to a checkpoint file, each line flushed as written.
class Writer {
 public:
  // Starts a new file with the header for these prefixes. Throws Error.
  Writer(const std::string& path, const dlx::Matrix& matrix,
         const std::vector<dlx::Subproblem>& prefixes);
  // Continues a file read by read(), cutting off an incomplete last line, with records of the
  // file's version (marking a version 1 file as version 2, since the records appended are).
  // Throws Error.
  Writer(const std::string& path, const Resume& resume);
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  ~Writer();

  // Appends the record of one piece. Throws Error.
  void record(const dlx::Piece& piece);

 private:
  void write(const std::string& text);

  std::string path_;
  std::FILE* file_ = nullptr;
  bool checksums_ = true;  // version 3 records
};

}  // namespace checkpoint
