// The dlx command's options: the table --help shows, and what they ask for, checked.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/reader.hpp"
#include "dlx/solver.hpp"

namespace dlx_app {

namespace po = boost::program_options;

// What the command line asked for, checked.
struct Settings {
  bool show_solutions = false;
  bool stats = false;
  bool profile = false;
  dlx::Limits limits;
  std::uint64_t seed = 0;
  double progress_seconds = 0;  // 0: no progress reports
  dlx::ReadLimits read_limits;
  unsigned threads = 1;                         // --threads, 0 resolved to the hardware's
  std::optional<std::uint32_t> split_depth;     // --split-depth
  std::string checkpoint;                       // --checkpoint FILE
  bool mpi = false;                             // --mpi
  std::uint64_t best = 0;                       // --best K: the K cheapest solutions (0: count)
  bool preprocess = false;                      // --preprocess: write the reduced problem instead
  std::string zdd;                              // --zdd FILE: write the ZDD of the solutions there
  dlx::Propagation propagation;                 // --propagate LIST
  dlx::Engine engine = dlx::Engine::automatic;  // --engine
  std::string propagator;                       // --propagator FILE[:ARGS]

  // Whether the search is split into prefixes (threads, checkpoint, MPI).
  bool split() const { return threads != 1 || split_depth || !checkpoint.empty() || mpi; }
};

// Reads the command line into `settings` and `files` ("-" when none); the exit status when the
// command is done (--help, --version, a usage error), nothing when it goes on.
std::optional<int> read_command_line(int argc, char** argv, Settings& settings,
                                     std::vector<std::string>& files);

}  // namespace dlx_app
