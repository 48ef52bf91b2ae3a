#include "options.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "../common/command.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"

#ifndef DLX_VERSION
#define DLX_VERSION "unknown"
#endif

namespace dlx_app {

using app::parse_count;
using app::parse_number;
using app::UsageError;

namespace {

const std::string_view usage_text = R"(Usage: dlx [options] [file...]

Counts the exact covers of problems written in Knuth's DLX format (as read by his DLX1, DLX2
and DLX3 programs). Reads each file as its own problem, or standard input when no file is given or the
file is '-'. Prints the number of solutions; with several files, each result follows a line
'==> file <=='.

Format: lines starting with '|' are comments. The first other line names the items: the primary
ones, then '|', then the secondary ones; a primary item written lo:hi|name (or hi|name, lo = hi)
must be in at least lo and at most hi of the chosen options (DLX3). Each later line is an option: the names of its items,
where a secondary item may carry a color as item:color, and '|n' words give it a cost n
(summed; --best finds the cheapest solutions).

)";

const std::string_view epilog_text = R"(
A count that does not cover the whole search says so: 'at least N (...)' names what stopped it.

Parallel search: --threads N (0: one per core) splits the search into prefixes (the options
chosen on its first levels, --split-depth levels deep, or deep enough for 16 per thread and at
least 64) and searches them on N threads; a thread left without work has a busy one cut its
search and share the rest. Counts are exact, and -s prints the solutions in the same order as
one thread. --checkpoint FILE records the prefixes and each one finished; run the same command
again after a kill or Ctrl-C and it resumes from FILE. Under MPI, 'mpirun -np N dlx --mpi FILE'
searches on N-1 worker processes, rank 0 handing out the prefixes. Not with --seed, --profile,
--max-nodes or --max-updates.

Exit status:
  0    solved: at least one solution found (also when --limit N stopped the search at N)
  1    no solution: the search was complete and found none
  2    bad input or usage (the message is on stderr as file:line:col: message)
  3    stopped early by --max-nodes or --max-updates, with or without solutions: the count
       printed is only a lower bound
  130  interrupted (Ctrl-C, or SIGTERM in a parallel search); the partial count is printed
  With several files, the worst status of any file: 2, then 3, then 1 (130 when interrupted).

Examples:
  dlx examples/dlx/queens8.dlx              count the solutions: 92
  dlx -s --limit 1 examples/dlx/knuth.dlx   print one solution
  dlx --stats --progress 10 big.dlx         statistics, and a progress line every 10 seconds
  dlx a.dlx b.dlx                           two problems, each result under its file name
  make-problem | dlx --max-nodes 1000000    read standard input; give up after 10^6 nodes
  dlx --threads 2 pentomino-6x10.dlx        count on two threads
  dlx -j 0 --checkpoint big.ckpt big.dlx    on every core; resumable after a kill
  mpirun --hostfile hosts -np 8 dlx --mpi big.dlx   on the machines of an MPI job
)";

// The options --help lists (and --mpi when built with it).
constexpr std::string_view options_text = R"(help,h
  print this help and exit
version,V
  print the version and exit
solutions,s
  print each solution, numbered, one option per line as written in the input; a blank line ends
  each solution
limit=N
  stop after N solutions (the count then says 'at least N'; exit status 0)
max-nodes=N
  stop after N search-tree nodes (a budget; the count is then a lower bound, exit status 3)
max-updates=N
  stop after N link updates (a budget; the count is then a lower bound, exit status 3)
max-input-nodes=N
  refuse a problem of more than N nodes (one per item, per option and per item of an option;
  default 50000000, about 2 GB of links) instead of running out of memory
seed=N
  break ties among items and order the options at random, reproducibly from N (0, the default: in
  input order)
stats
  print statistics on stderr as 'name: value' lines: solutions, nodes, updates, max depth, elapsed
  seconds, and why the search stopped ('stopped: complete', 'limit (N solutions)', 'max-nodes
  budget', 'max-updates budget' or 'interrupted')
profile
  print the number of search-tree nodes at each level on stderr
engine=NAME
  the representation searched: 'links' (dancing links, node counts as Knuth's DLX1-3 give them),
  'cells' (dancing cells as his SSXC1: sparse sets, faster on large matrices), 'bits' (bit sets:
  the cells' search tree at a word operation per 64 options, the fastest where a choice takes out
  many options of a few thousand; items x options bits of memory) or 'auto' (the default: chosen
  from the matrix; --stats says which and why). Cells and bits take neither bounds nor --propagate beyond singles. The solutions are the
  same; the order of ties, and so nodes, updates and the order of solutions, may differ
propagate=LIST
  reason inside the search, for problems without colors or bounds: a comma-separated list of
  'singles' (an item left with one option is taken at once, with none the branch fails), 'implied'
  (when every option left to an item holds item j, j's other options go), 'probe' (the options of
  items with two are tried ahead; one that fails goes), 'weighed' (ties among items of two options
  broken by their options' other items), 'all' (singles, implied, probe) or 'none' (the default:
  DLX1's search, node for node). The solutions are the same (with -j, possibly in another order),
  the nodes not always fewer: implied and probe often save many, singles and weighed can cost
  more (queens8.dlx: 1199 nodes without, 943 with all, 1349 with weighed; pentomino-3x20.dlx:
  8409 on links without, 8645 with weighed); --stats counts what each removed
propagator=FILE
  a constraint of your own inside the search: FILE[:ARGS], a shared library that exports
  dlx_make_propagator and dlx_destroy_propagator (dlx/plugin.hpp), given ARGS, asked at each
  node to remove the options its constraint rules out or to end the branch. On the links engine,
  one thread, problems without colors or bounds; --stats counts the options it removed
  (latin --dlx 5 | dlx --propagator build/examples/diagonal_sum_plugin.so:7: the squares whose
  diagonal sums to 7)
progress=SECONDS
  print a progress line on stderr every SECONDS seconds: elapsed time, solutions, nodes, the
  current path as k/d pairs (choice k of d at each level), estimated share done; in a parallel
  search: prefixes done of all, solutions, share done, time left
best=K
  find the K cheapest solutions of a problem whose options have costs (|n), as Knuth's DLX5: print
  each solution cheaper than the K-th best so far as it is found, with its cost, then the K best,
  cheapest first, and a line 'costs: ...'. With -j, --split-depth (0: the automatic depth) or
  --mpi the workers share the cutoff: the same costs, but not DLX5's nodes (each worker prunes
  with the cutoff known when it gets there). Not with --seed (DLX5's order of options is what
  prunes), --profile or --progress (the falling cutoff reshapes the tree as it goes), nor
  --checkpoint (the K best found so far are not recorded)
zdd=FILE
  write the zero-suppressed decision diagram of all the solutions to FILE ('-': standard output)
  as Knuth's DLX6 does, one node a line 'id: (~option?lo:hi)' (ids in hex, options numbered from
  1), and print the count; --stats adds the ZDD's nodes. One problem without colors or bounds; not
  with the options of a search (-s, --limit, -j, --engine, ...)
preprocess
  write each problem reduced by the rules of Knuth's DLX-PRE instead of solving it: options that
  cannot be in any solution removed, items that others force removed; the same solutions, in the
  same format (a comment line first says what was removed)
threads,j=N
  search on N threads (0: one per core; default 1), the solutions printed in the same order as on
  one
split-depth=D
  split the search into the prefixes D levels deep (default: the shallowest depth with 16 per
  thread and at least 64)
checkpoint=FILE
  record the prefixes and each one counted in FILE, and resume from it when it exists, saying how
  many were already done; --stats then counts the whole search (a count of one problem; not with
  -s or --limit)
)";

po::options_description visible_options() {
  po::options_description visible = app::options_from_text(options_text, 80);
#if defined(DLX_WITH_MPI) || defined(DLX_MPI_HELPER)
  visible.add_options()("mpi",
                        "search on the processes of an MPI job (mpirun -np N dlx --mpi FILE): "
                        "rank 0 hands out prefixes to the N-1 others and prints the result");
#endif
  return visible;
}

Settings parse_settings(const po::variables_map& vm, const std::vector<std::string>& files) {
  Settings settings;
  settings.show_solutions = vm.count("solutions") > 0;
  settings.stats = vm.count("stats") > 0;
  settings.profile = vm.count("profile") > 0;
  if (vm.count("limit")) settings.limits.solutions = parse_count(vm, "limit", 1);
  if (vm.count("max-nodes")) settings.limits.nodes = parse_count(vm, "max-nodes", 1);
  if (vm.count("max-updates")) settings.limits.updates = parse_count(vm, "max-updates", 1);
  if (vm.count("seed")) settings.seed = parse_count(vm, "seed", 0);
  if (vm.count("max-input-nodes"))
    settings.read_limits.max_nodes = parse_count(vm, "max-input-nodes", 1);
  if (vm.count("progress")) settings.progress_seconds = app::parse_seconds(vm, "progress");
  if (vm.count("threads"))
    settings.threads = dlx::resolve_threads(parse_number(vm, "threads", 0, dlx::max_threads));
  if (vm.count("split-depth"))
    settings.split_depth = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(parse_count(vm, "split-depth", 0), 1u << 20));
  if (vm.count("checkpoint")) settings.checkpoint = vm["checkpoint"].as<std::string>();
  settings.mpi = vm.count("mpi") > 0;
  settings.preprocess = vm.count("preprocess") > 0;
  if (vm.count("propagate")) {
    try {
      settings.propagation = dlx::parse_propagation(vm["propagate"].as<std::string>());
    } catch (const std::invalid_argument& error) {
      throw UsageError(std::string("--propagate: ") + error.what());
    }
    if (vm.count("best") && settings.propagation.any())
      throw UsageError("--propagate cannot be combined with --best: DLX5's search has its own");
  }
  if (vm.count("engine")) {
    try {
      settings.engine = dlx::parse_engine(vm["engine"].as<std::string>());
    } catch (const std::invalid_argument& error) {
      throw UsageError(std::string("--engine: ") + error.what());
    }
    const bool sets = settings.engine == dlx::Engine::cells || settings.engine == dlx::Engine::bits;
    const std::string engine(dlx::engine_name(settings.engine));
    if (sets && settings.propagation.beyond_singles())
      throw UsageError(
          "--propagate implied, probe and weighed run on the links engine: not with --engine " +
          engine + " (which takes singles by itself)");
    if (sets && (vm.count("best") || vm.count("preprocess")))
      throw UsageError("--engine " + engine + " cannot be combined with --" +
                       (vm.count("best") ? "best (DLX5 searches on links)"
                                         : "preprocess (DLX-PRE works on links)"));
  }
  if (vm.count("propagator")) {
    settings.propagator = vm["propagator"].as<std::string>();
    if (settings.propagator.empty() || settings.propagator.front() == ':')
      throw UsageError("--propagator needs a library file (FILE[:ARGS])");
    if (settings.engine == dlx::Engine::cells || settings.engine == dlx::Engine::bits)
      throw UsageError("--propagator runs on the links engine: not with --engine " +
                       std::string(dlx::engine_name(settings.engine)));
    for (const char* option : {"best", "threads", "split-depth", "checkpoint", "mpi"})
      if (vm.count(option))
        throw UsageError(std::string("--") + option +
                         " cannot be combined with --propagator (a propagator runs in one search "
                         "on one thread)");
  }
  if (vm.count("zdd")) {
    settings.zdd = vm["zdd"].as<std::string>();
    if (settings.zdd.empty()) throw UsageError("--zdd needs a file name ('-': standard output)");
    for (const char* option : {"solutions", "limit", "max-nodes", "max-updates", "best",
                               "preprocess", "threads", "split-depth", "checkpoint", "mpi", "seed",
                               "profile", "progress", "propagate", "engine", "propagator"})
      if (vm.count(option))
        throw UsageError(std::string("--") + option + " cannot be combined with --zdd");
    if (files.size() > 1) throw UsageError("--zdd writes the diagram of one problem");
  }
  if (settings.preprocess) {
    for (const char* option : {"best", "solutions", "limit", "threads", "split-depth", "checkpoint",
                               "mpi", "seed", "profile", "progress", "propagate", "propagator"})
      if (vm.count(option))
        throw UsageError(std::string("--") + option + " cannot be combined with --preprocess");
  }
  if (vm.count("best")) {
    settings.best = parse_count(vm, "best", 1);
    // Each with why it does not apply to the search of the cheapest solutions.
    const struct {
      const char* option;
      const char* why;
    } apart[] = {
        {"seed", "DLX5's order (each item's options by net cost) is what prunes the search"},
        {"profile",
         "the cutoff prunes more of the tree as it falls, so the levels' nodes "
         "depend on when the cheap solutions are found"},
        {"progress",
         "Knuth's estimate of the share done holds for a tree that does not "
         "change, and the falling cutoff changes it"},
        {"checkpoint",
         "a checkpoint resumes counts, and the K best solutions found so far "
         "are not recorded in it"},
    };
    for (const auto& [option, why] : apart)
      if (vm.count(option))
        throw UsageError(std::string("--") + option + " cannot be combined with --best: " + why);
  }
  if (settings.split()) {
    for (const char* option : {"seed", "profile", "max-nodes", "max-updates"})
      if (vm.count(option))
        throw UsageError(std::string("--") + option +
                         " cannot be combined with --threads, --split-depth, --checkpoint or "
                         "--mpi");
  }
  if (!settings.checkpoint.empty() && (settings.show_solutions || vm.count("limit")))
    throw UsageError("--checkpoint resumes counts: it cannot be combined with -s or --limit");
  if ((!settings.checkpoint.empty() || settings.mpi) && files.size() > 1)
    throw UsageError(std::string(settings.mpi ? "--mpi" : "--checkpoint") +
                     " takes one problem, not " + std::to_string(files.size()));
  return settings;
}

}  // namespace

std::optional<int> read_command_line(int argc, char** argv, Settings& settings,
                                     std::vector<std::string>& files) {
  return app::parse_command_line(argc, argv,
                                 {"dlx", DLX_VERSION, usage_text, epilog_text, visible_options()},
                                 [&](const po::variables_map& vm) {
                                   files = app::files_of(vm);
                                   settings = parse_settings(vm, files);
                                 });
}

}  // namespace dlx_app
