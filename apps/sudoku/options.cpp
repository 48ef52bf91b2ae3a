#include "options.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "../common/command.hpp"
#include "dlx/parallel.hpp"
#include "sudoku/logic/rating.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/search/batch.hpp"

#ifndef SUDOKU_VERSION
#define SUDOKU_VERSION "unknown"
#endif

namespace sudoku_app {

using app::parse_number;
using app::UsageError;

namespace {
const std::string_view usage_text = R"(Usage: sudoku [options] [file...]

Solves the sudoku puzzles in each file, or in standard input when no file is given or the file
is '-', and prints one result per puzzle, in input order.

Input: one puzzle per line (81 cells for 9x9: digits, with '.', '0', 'x', '*', '_' or '-' for an
empty cell; text after the cells is allowed when a space, tab, ',', ';', '#' or ':' sets it
apart), CSV 'puzzle,solution' lines (a 'quizzes,solutions' header is skipped), or a grid over
several lines, whitespace and the box borders '|', '-', '+' ignored. Lines starting with '#' are
comments, except the headers '#variant NAME' (for the rest of the file) and '#regions MAP' (a
jigsaw region map: N*N symbols 0-9, A-Z, a-z naming regions, on that line or on the N lines that
follow); a killer puzzle has '#cages' before it (then N lines of cage labels, '.' for no cage)
and '#sums A=23 B=10 ...', and a puzzle's rules each a line before it: '#non-consecutive',
'#disjoint-groups', '#odd r1c1 ...', '#even ...', '#kropki white r1c1-r1c2 black ...', '#xv x
r5c5-r5c6 v ...' (docs/formats.md). Sizes 4x4, 6x6, 9x9, 12x12 (1-9, A-C), 16x16 (1-9, A-G) and 25x25 (A-Y) are told from
the input, and a line of another count of cells is an error; use --size for other sizes, or when
a 16-cell line is not what it seems, and --symbols for other alphabets (0-F, A-P).
Pencil marks too, kept by every mode: a 729-character candidate line (each cell's nine places,
its digit or '.'), HoDoKu's PM grid, the candidate grid --hint prints; one candidate is a given.
docs/formats.md describes every format.

)";

const std::string_view epilog_text = R"(
Output (--format):
  pretty  a header 'file:line: what was found', then the grid with box (or region) borders;
          hyper window cells are shown as [5], diagonal cells as (5), cells of both as {5}
  line    one line per puzzle: its first solution (N*N symbols), 'none' when there is none;
          with --count the count, '2+' when --limit stopped it; with --all a header line
          '# file:line' per puzzle, then each solution on a line ('none' when there is none);
          'error' for a puzzle that cannot be read or whose givens clash
  json    one JSON object per line: {"file":..,"line":3,"size":9,"variant":"hyper",
          "puzzle":"..","solutions":1,"complete":true,"unique":true,"solution":".."};
          "complete" false means the limit or a budget stopped the search, "unique" is null
          when the search could not tell. --all adds {"line":3,"number":1,"solution":".."} for each
          solution first; a bad puzzle gives {"line":3,"column":7,"error":".."}
  fpuzzles  with --generate, --canonical or --dedupe: each puzzle as a link that f-puzzles and
          SudokuPad open (https://www.f-puzzles.com/?load=...); `sudoku --dedupe -f fpuzzles
          FILE` turns puzzles into links. f-puzzles JSON and links are read as input too
With --rate: pretty 'file:line: 9x9, 3.2/1.2/1.2 hard (hardest: X-Wing; 57 steps)'; line
'ER/EP/ED level' per puzzle ('none' without a solution); json {"line":3,"er":3.2,"ep":1.2,
"ed":1.2,"qqwing":"expert","rating":"hard","hardest":"X-Wing","steps":57,..}
(with "nodes" when logic leaves cells open: ER 20.0, extreme).
With --hint: the step as a sentence ('r3c5=7: hidden single in box 2') and, in the pretty
format, the candidate grid with the cells of the step between '*'; the line format has the
sentence alone ('none' when no technique applies). --hint-level 1 tells the technique and where
to look ('hidden single in box 2'), 2 also its digits and cells ('hidden single in box 2: 7 in
r1c5'), 3 (the default) the whole deduction.
With --canonical and --dedupe the format is line unless --format says otherwise: --canonical
prints each puzzle's canonical form ('error' for a bad puzzle, as above), --dedupe each puzzle
kept as read (a bad one is only reported on stderr); pretty gives 'file:line: 9x9' and the grid,
json {"file":..,"line":3,"size":9,"variant":"regular","puzzle":"..","canonical":".."}.
Candidate grids: up to 9x9 each cell shows its candidates as a mini-grid, '.' for a digit gone;
a placed digit stands alone in its cell, '!' marks a cell without candidates.
-v writes to stderr, so that the results on stdout stay as they are.
Errors go to stderr as 'file:line:column: message', and the batch goes on. With more than one
puzzle, or with --stats, a summary line goes to stderr at the end.

Interactive mode (--interactive FILE): the grid with its candidates and a status line with the
open cells and the combinations of their candidates; then one command per line: hint (again:
one stage deeper), step, singles, soles (hidden singles), solve, solve search, set r3c5 7, clear
r3c5, mark r3c5 -37 (candidates removed by hand; +3 brings one back), reveal r3c5, check, undo,
redo, count, new, load FILE, save FILE (the whole position, which load and -i read back),
candidates on|off, show (the grid; show r3, show box 2, show r3c5: the candidates of a house or a
cell), autoshow on|off, help, quit. A change says what it did in a line; 'show' draws the grid
(after every change with 'autoshow on'), its candidates only where they fit the terminal's
width. Ctrl-C stops a command that runs long and returns to the prompt; Ctrl-D or quit ends the
session, offering on a terminal to save a position not saved. On a terminal, lines can be edited
and the Up arrow recalls earlier commands, of this session and of those before (when built with
libedit): the history is kept in $SUDOKU_HISTORY, else $XDG_STATE_HOME/sudoku/history, else
~/.local/state/sudoku/history; SUDOKU_HISTORY= (empty) keeps none. It reads commands from a
pipe as well (and keeps no history of them).

Search nodes (--stats, -v, json): the nodes of the exact-cover search tree after the logic, one
per option tried, as Knuth's DLX1 counts them, for the search up to the limit (--rate: up to 2
solutions).

Exit status:
  0    every puzzle solved (and, with --unique, each has exactly one solution); --hint: no
       error and no puzzle without a solution; --interactive, --canonical, --dedupe: no error
  1    some puzzle has no solution (also with --hint; with --unique: not exactly one; with
       --check-solution: a given solution is wrong)
  2    bad input (a puzzle that cannot be read, givens that clash, a missing file, no puzzle
       at all) or bad usage; this wins over 3 and 1
  3    a search stopped early (--max-nodes) before it proved what was asked; wins over 1
  130  interrupted (Ctrl-C); 143: terminated (SIGTERM)

Examples:
  sudoku examples/sudoku/hyper.txt              solve, and show the grid
  sudoku --format line puzzles.txt > out.txt    one solution per line, for pipes
  sudoku --count --limit 2 --format line big.txt   '1' for each proper puzzle, '2+' otherwise
  sudoku --unique -j 4 --stats big.txt          check uniqueness on 4 threads, with timings
  sudoku --all examples/sudoku/multi.txt        every solution, numbered
  sudoku --format line -x diagonal.txt          X sudokus (the diagonals are houses too)
  sudoku --regions map.txt jigsaw.txt           a jigsaw with its region map in a file
  sudoku --hint puzzle.txt                      the next step only
  sudoku --hint --hint-level 1 puzzle.txt       only the technique and where to look
  sudoku --rate -f line top1465.txt             one difficulty per line
  sudoku -v 3 puzzle.txt                        every step of the logic, on stderr
  sudoku --interactive puzzle.txt               solve it yourself, with hints
  sudoku --generate 1000 --hyper --seed 1 > hyper.txt   1000 minimal hyper puzzles, one a line
  sudoku --canonical puzzles.txt                each puzzle's canonical (minlex) form, one a line
  sudoku --dedupe a.txt b.txt > distinct.txt    the puzzles of both, those equivalent to an
                                                earlier one left out
  echo 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ | sudoku
)";

// The options --help lists.
constexpr std::string_view options_text = R"(help,h
  print this help and exit
version,V
  print the version and exit
variant=NAME
  regular (the default), hyper, x, hyper-x, jigsaw or samurai (five 9x9 grids sharing corner
  boxes, read as 21 rows with blanks outside the grids or as a line of their 369 cells), with
  anti-knight and/or anti-king (e.g. 'hyper,anti-knight', 'anti-king'); a '#variant' line in a
  file wins. With
  --generate also killer (e.g. 'killer', 'x killer'): cages drawn over each grid; killer
  puzzles read from files bring their cages in '#cages' and '#sums' lines; and the rules
  without marks, 'non-consecutive' and 'disjoint-groups' (e.g. 'x,disjoint-groups')
hyper
  same as --variant hyper (with -x: hyper-x)
x,x
  same as --variant x: both main diagonals are houses too
size=N
  cells per row, when the input does not tell it
symbols=ALPHABET
  the symbols of the digits 1, 2, ... in order, as single symbols and ranges: 0-F (hexadecimal
  16x16; '.' is then the only empty cell), A-P (16x16 in letters), A-Y, 1-9A-G; the output uses
  them too (default: 1-9 then letters, A-Y for 25x25)
blank=CHAR
  one more character for an empty cell; ' ' reads grids whose empty cells are spaces (copied from
  web pages), one row per line in fixed columns
regions=FILE
  jigsaw region map: N lines of N symbols (or one line of N*N); implies --variant jigsaw
count,c
  print the number of solutions instead of a solution
all,a
  print every solution (numbered in the pretty and json formats); runs on one thread so that the
  solutions stream
limit=N
  stop each search after N solutions; 0: no limit (default: 2, which tells whether the solution is
  unique, in every format; no limit for --count and --all: --count --limit 2 asks only whether a
  puzzle is unique)
max-nodes=N
  stop each search after N search-tree nodes; a puzzle stopped so is reported as stopped early
  (exit status 3)
max-seconds=S
  stop each search after S seconds (a decimal number); a puzzle stopped so is reported as stopped
  early (exit status 3)
check-solution
  compare the solution given with each puzzle (CSV 'puzzle,solution' input) with the puzzle: a
  wrong one is reported on stderr and makes the exit status 1
unique,u
  check that every puzzle has exactly one solution; the exit status tells
format,f=FORMAT
  pretty (the default), line or json; see below
stats
  print the search-tree nodes, link updates and time of each puzzle on stderr, and the totals in
  the summary
threads,j=N
  solve on N threads (0: one per core); the output stays in input order
color=WHEN
  colour the marked cells of pretty grids: auto (on a terminal, the default), always, never
logic=LEVEL
  reasoning before the search: none, singles (naked and hidden), fast (singles, locked candidates,
  naked and hidden pairs; the default, the fastest overall), all (and triples, quads, fish) or
  full (every technique, forcing chains and nets last: the ladder that -v, --hint, --rate and
  --interactive use). On the 17-clue set singles settle 45% of the puzzles without search, fast
  and all 85%
verbose,v=LEVEL
  explain each puzzle on stderr: 1 solved by logic alone or how many search nodes, 2 the
  techniques used with counts, 3 every step, 4 every step with the candidate grid after it
hint
  print the next step of each puzzle only (the easiest technique that applies), with the candidate
  grid and the cells of the step marked
rate
  print the difficulty of each puzzle as 'ER/EP/ED level': Sudoku Explainer's ratings (the hardest
  step; the hardest before the first placement; before the first elimination) and HoDoKu's level
  (easy, medium, hard, unfair, extreme), solving as Sudoku Explainer does (the easiest step each
  time); JSON adds QQWing's level
assume-unique
  let the uniqueness techniques (Unique Rectangles, Hidden Rectangle, BUG+1) reason on every
  puzzle, as one with a single solution; by default they take part only when counting proved a
  single solution
no-assume-unique
  never use the uniqueness techniques
hint-level=STAGE
  how much a hint tells: 1 the technique and where to look, 2 also its cells and digits, 3 the
  whole deduction (the default for --hint; --interactive starts at 1 and each 'hint' goes one
  stage deeper)
canonical
  print each puzzle's canonical form instead of solving it: of all the puzzles its variant's
  symmetries and a relabelling of the digits make of it, the smallest as a line of cells (an
  empty cell, written '.', ranking as 0) with the digits relabelled in order of first
  appearance (9x9 regular: minlex over the 3,359,232 symmetries); equivalent puzzles, and only
  they, share it (docs/design.md)
dedupe
  print each puzzle as read (in one line), unless it is equivalent to an earlier one (has its
  canonical form; for shapes without canonical forms, killer, samurai and the rules' puzzles:
  unless it repeats an earlier one); the summary on stderr counts those left out, and --stats
  names each
true-candidates
  print each puzzle's true candidates, the digits each cell holds in some solution, as setters
  check a puzzle being made: a grid of candidates (line: a candidate line of N places a cell;
  json: "true_candidates"); a cell with one is decided, and the puzzle has one solution when
  every cell has one. One search for each candidate no solution found so far holds
interactive,i=FILE
  solve the first puzzle of FILE ('-': standard input) step by step, with commands read from
  standard input; 'help' lists them
progress=SECONDS
  print a progress line on stderr every SECONDS seconds: elapsed time, puzzles done, solutions
  seen (with --generate: puzzles generated; default: every 2 seconds when stderr is a terminal)
generate=N
  make N puzzles with a unique solution instead of reading any: 9x9 regular unless --size,
  --variant, --hyper, -x or --regions say otherwise; minimal (every given needed) up to 16x16
  regular and X, 12x12 jigsaw and 9x9 hyper and hyper-X, where that takes seconds; on larger
  shapes, where it takes minutes to hours, as few givens as checks of --check-nodes nodes reach
  (--minimal asks for minimal ones there too); --givens says otherwise; in the line format unless
  --format says otherwise, after a '#variant' or '#regions' line for a variant
seed=S
  with --generate: the seed, to make the same puzzles again (default: a random one, shown in the
  summary on stderr)
givens=K
  with --generate: stop removing givens at K (a puzzle that becomes minimal first keeps more);
  each removal's check then has a budget of search nodes (--check-nodes), and a given whose check
  runs out stays: the puzzle is still unique, but may keep givens it could lose; puzzles left with
  more than K givens are reported on stderr, with how many givens are needed and how many stayed
  undecided
minimal
  with --generate: minimal puzzles on every shape, every removal checked to the end (on 20x20,
  25x25 and 16x16 hyper grids: minutes to hours a puzzle)
check-nodes=N
  with --givens, or on the shapes not minimal by default: the search nodes one removal's check may
  take (default 10000; 0: no budget, every check to the end)
symmetric
  with --generate: remove givens in pairs that a half turn swaps
difficulty=LEVEL
  with --generate: only puzzles of that level, as --rate gives it: HoDoKu's easy, medium, hard,
  unfair, extreme, or QQWing's simple, intermediate, expert (qqwing:easy for its easy); a puzzle
  too hard for the level (or for --rating's HI) keeps givens of its solution where the easiest
  step is too hard, so it need not be minimal
rating=LO:HI
  with --generate: only puzzles whose ER (Sudoku Explainer's scale, as --rate gives it) is from LO
  to HI, e.g. 7:8.5 ('8:' for 8 and more)
technique=NAME
  with --generate: only puzzles whose solution needs that technique, named as -v names it, e.g.
  X-Wing, 'naked pair', nishio_forcing_chain
attempts=N
  with --difficulty, --rating or --technique: puzzles made per puzzle asked for before giving up
  (default 1000000)
)";

// "LO:HI" (either may be left out) as an ER range.
void parse_rating(const std::string& text, sudoku::Band& band) {
  const auto colon = text.find(':');
  const auto number = [&](const std::string& part, double fallback) {
    if (part.empty()) return fallback;
    char* end = nullptr;
    const double value = std::strtod(part.c_str(), &end);
    if (end != part.c_str() + part.size() || !(value >= 0 && value <= 100))
      throw UsageError("--rating expects LO:HI, numbers from 0 to 100, not '" + text + "'");
    return value;
  };
  if (colon == std::string::npos)
    throw UsageError("--rating expects LO:HI (e.g. 7:8.5), not '" + text + "'");
  band.low = number(text.substr(0, colon), 0);
  band.high = number(text.substr(colon + 1), 1e9);
  if (band.low > band.high) throw UsageError("--rating " + text + ": LO is above HI");
}

Settings parse_settings(const po::variables_map& vm) {
  Settings s;
  std::optional<sudoku::Variant> variant;
  auto set_variant = [&](sudoku::Variant v, const char* how) {
    if (variant && *variant != v)
      throw UsageError(std::string(how) + " contradicts the variant " +
                       std::string(variant_name(*variant)) + " asked for");
    variant = v;
  };
  if (vm.count("variant")) {
    try {
      // "hyper,anti-knight", "x anti-king"; chess words alone leave the variant to the others.
      const auto [v, chess] =
          sudoku::parse_shape(vm["variant"].as<std::string>(), nullptr, &s.killer, &s.rules);
      if (v != sudoku::Variant::regular || chess == sudoku::Chess::none) variant = v;
      s.reader.chess = chess;
    } catch (const sudoku::GeometryError& e) {
      throw UsageError("--variant: " + std::string(e.what()));
    }
  }
  const bool hyper = vm.count("hyper") > 0, x = vm.count("x") > 0;
  if (hyper && x)
    set_variant(sudoku::Variant::hyper_x, "--hyper -x");
  else if (hyper)
    set_variant(sudoku::Variant::hyper, "--hyper");
  else if (x)
    set_variant(sudoku::Variant::x, "-x");
  if (vm.count("size")) s.reader.size = static_cast<int>(parse_number(vm, "size", 1, 35));
  if (vm.count("symbols")) {
    try {
      s.reader.symbols = sudoku::parse_symbols(vm["symbols"].as<std::string>());
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--symbols: ") + e.what());
    }
    const int count = s.reader.symbols.count();
    if (s.reader.size != 0 && s.reader.size != count)
      throw UsageError("--symbols names " + std::to_string(count) + " digits, not the " +
                       std::to_string(s.reader.size) + " of --size " +
                       std::to_string(s.reader.size));
  }
  if (vm.count("blank")) {
    const auto& b = vm["blank"].as<std::string>();
    if (b.size() != 1 || std::isalnum(static_cast<unsigned char>(b[0])) != 0 ||
        (b[0] != ' ' && std::isprint(static_cast<unsigned char>(b[0])) == 0))
      throw UsageError(
          "--blank expects one character that is no digit or letter, such as ' ' "
          "or '?', not '" +
          b + "'");
    s.reader.blank = b[0];
  }
  if (vm.count("regions")) {
    set_variant(sudoku::Variant::jigsaw, "--regions");
    const auto& path = vm["regions"].as<std::string>();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError(path + ": " + std::strerror(errno));
    try {
      s.reader.regions = sudoku::read_regions(in);
    } catch (const sudoku::FormatError& e) {
      throw UsageError(path + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) +
                       ": " + e.what());
    }
  }
  s.reader.variant = variant.value_or(sudoku::Variant::regular);

  // The modes: a task of the batch (solve when none is named) or a session.
  std::vector<std::string> modes;
  for (const char* name :
       {"count", "all", "hint", "rate", "interactive", "canonical", "dedupe", "true-candidates"})
    if (vm.count(name)) modes.emplace_back(name);
  if (modes.size() > 1)
    throw UsageError("--" + modes[0] + " and --" + modes[1] + " cannot be used together");
  s.interactive = !modes.empty() && modes[0] == "interactive";
  if (!modes.empty() && !s.interactive) s.task = *sudoku::parse_task(modes[0]);
  if (s.task == sudoku::Task::canonical || s.task == sudoku::Task::dedupe) {
    // Nothing is solved: the options of a search have no meaning here.
    for (const char* name : {"unique", "limit", "max-nodes", "max-seconds", "logic", "verbose",
                             "assume-unique", "no-assume-unique", "check-solution"})
      if (vm.count(name))
        throw UsageError("--" + modes[0] + " solves nothing; it does not go with --" + name);
  }
  if (vm.count("logic")) {
    const auto& l = vm["logic"].as<std::string>();
    try {
      s.logic = sudoku::parse_logic(l);
    } catch (const std::invalid_argument&) {
      throw UsageError("--logic expects " + std::string(sudoku::logic_choices) + ", not '" + l +
                       "'");
    }
    s.logic_given = true;
  }
  if (vm.count("verbose")) {
    s.verbose = static_cast<int>(parse_number(vm, "verbose", 1, 4));
    if (s.task == sudoku::Task::hint || s.interactive)
      throw UsageError("-v explains solving and rating; it does not go with --" + modes[0]);
  }
  if (vm.count("assume-unique") && vm.count("no-assume-unique"))
    throw UsageError("--assume-unique and --no-assume-unique contradict each other");
  if (vm.count("assume-unique")) s.uniqueness = sudoku::Uniqueness::assumed;
  if (vm.count("no-assume-unique")) s.uniqueness = sudoku::Uniqueness::off;
  if (vm.count("hint-level")) {
    s.hint_level = static_cast<int>(parse_number(vm, "hint-level", 1, 3));
    if (s.task != sudoku::Task::hint && !s.interactive)
      throw UsageError("--hint-level goes with --hint or --interactive");
  }
  if (s.interactive) {
    s.interactive_file = vm["interactive"].as<std::string>();
    if (vm.count("file"))
      throw UsageError("--interactive takes one puzzle file, not '" +
                       vm["file"].as<std::vector<std::string>>().front() + "' as well");
  }
  if (vm.count("format")) {
    const auto& f = vm["format"].as<std::string>();
    if (f == "pretty")
      s.format = Format::pretty;
    else if (f == "line")
      s.format = Format::line;
    else if (f == "json")
      s.format = Format::json;
    else if (f == "fpuzzles")
      s.format = Format::fpuzzles;
    else
      throw UsageError("--format expects pretty, line, json or fpuzzles, not '" + f + "'");
    if (s.format == Format::fpuzzles && !vm.count("generate") &&
        s.task != sudoku::Task::canonical && s.task != sudoku::Task::dedupe)
      throw UsageError(
          "--format fpuzzles writes puzzles: it goes with --generate, --canonical or --dedupe");
  } else if (s.task == sudoku::Task::canonical || s.task == sudoku::Task::dedupe) {
    s.format = Format::line;  // sets of puzzles, one a line
  }
  s.unique = vm.count("unique") > 0;
  s.stats = vm.count("stats") > 0;
  // Solving looks for a second solution, to tell whether the first is unique; counting and
  // listing go to the end (limit 0), with progress on a terminal and Ctrl-C saying 'at least'.
  s.limit = sudoku::default_limit(s.task);
  if (vm.count("limit")) s.limit = parse_number(vm, "limit", 0, UINT64_MAX);
  if (s.unique && s.limit == 1)
    throw UsageError("--unique needs a second solution searched for; not with --limit 1");
  if (vm.count("max-nodes")) s.max_nodes = parse_number(vm, "max-nodes", 1, UINT64_MAX);
  if (vm.count("max-seconds")) {
    s.max_seconds = app::parse_seconds(vm, "max-seconds");
    if (s.task == sudoku::Task::hint || s.interactive)
      throw UsageError("--max-seconds bounds searches; it does not go with --" + modes[0]);
  }
  s.check_solution = vm.count("check-solution") > 0;
  if (s.check_solution &&
      (s.interactive || (s.task != sudoku::Task::solve && s.task != sudoku::Task::count)))
    throw UsageError("--check-solution goes with solving and --count, not with --" + modes[0]);
  if (vm.count("threads")) {
    s.threads = dlx::resolve_threads(parse_number(vm, "threads", 0, dlx::max_threads));
  }
  const std::string color = vm.count("color") ? vm["color"].as<std::string>() : "auto";
  if (color == "always")
    s.color = true;
  else if (color == "never")
    s.color = false;
  else if (color == "auto")
    s.color = ::isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
  else
    throw UsageError("--color expects auto, always or never, not '" + color + "'");
  if (vm.count("progress")) {
    s.progress = app::parse_seconds(vm, "progress");
  } else if (::isatty(STDERR_FILENO) != 0) {
    s.progress = 2;
  }
  s.err_color = color == "always" || (color == "auto" && ::isatty(STDERR_FILENO) != 0 &&
                                      std::getenv("NO_COLOR") == nullptr);
  return s;
}

GenerateSettings parse_generate(const po::variables_map& vm, Settings& settings) {
  GenerateSettings g;
  if (!vm.count("generate")) {
    for (const char* name : {"seed", "givens", "minimal", "check-nodes", "symmetric", "difficulty",
                             "rating", "technique", "attempts"})
      if (vm.count(name)) throw UsageError("--" + std::string(name) + " goes with --generate");
    if (settings.killer)
      throw UsageError(
          "--variant killer goes with --generate: a killer puzzle read from a file brings its "
          "cages in '#cages' and '#sums' lines");
    if (!settings.rules.empty())
      throw UsageError("--variant " + settings.rules.front() +
                       " goes with --generate: a puzzle read brings its rules in header lines "
                       "('#" +
                       settings.rules.front() + "')");
    return g;
  }
  for (const char* name : {"count", "all", "limit", "unique", "hint", "rate", "interactive",
                           "verbose", "file", "canonical", "dedupe", "true-candidates"})
    if (vm.count(name))
      throw UsageError(std::string("--generate makes puzzles; it does not go with ") +
                       (std::string(name) == "file" ? "input files" : "--" + std::string(name)));
  g.puzzles = parse_number(vm, "generate", 1, UINT64_MAX);
  if (vm.count("seed")) {
    g.seed = parse_number(vm, "seed", 0, UINT64_MAX);
  } else {
    g.random_seed = true;
    std::random_device device;
    g.seed = (std::uint64_t{device()} << 32) ^ device();
  }
  if (vm.count("givens") && vm.count("minimal"))
    throw UsageError("--minimal and --givens: a minimal puzzle has the givens it needs");
  if (vm.count("givens")) g.options.givens = static_cast<int>(parse_number(vm, "givens", 0, 4096));
  g.givens_asked = vm.count("givens") || vm.count("minimal");
  if (vm.count("check-nodes")) {
    if (vm.count("minimal"))
      throw UsageError("--check-nodes and --minimal: a minimal puzzle checks every removal");
    g.options.check_nodes = parse_number(vm, "check-nodes", 0, UINT64_MAX);
    g.check_nodes_asked = true;
  }
  g.options.symmetric = vm.count("symmetric") > 0;
  g.options.killer = settings.killer;
  if (settings.killer && settings.reader.variant == sudoku::Variant::jigsaw)
    throw UsageError("--variant killer: killer jigsaw puzzles are not made");
  if (vm.count("difficulty")) {
    const auto& level = vm["difficulty"].as<std::string>();
    if (!sudoku::parse_level(level, g.order.band))
      throw UsageError(
          "--difficulty expects easy, medium, hard, unfair, extreme (HoDoKu), simple, "
          "intermediate, expert or qqwing:easy (QQWing), not '" +
          level + "'");
  }
  if (vm.count("rating")) parse_rating(vm["rating"].as<std::string>(), g.order.band);
  if (vm.count("technique")) {
    const auto& name = vm["technique"].as<std::string>();
    g.order.technique = sudoku::parse_technique(name);
    if (!g.order.technique) throw UsageError("--technique: no technique is named '" + name + "'");
  }
  if (vm.count("attempts")) g.attempts = parse_number(vm, "attempts", 1, UINT64_MAX);
  if (!vm.count("format")) settings.format = Format::line;
  return g;
}

}  // namespace

std::optional<int> read_command_line(int argc, char** argv, Settings& settings,
                                     GenerateSettings& generate, std::vector<std::string>& files) {
  return app::parse_command_line(argc, argv,
                                 {"sudoku", SUDOKU_VERSION, usage_text, epilog_text,
                                  app::options_from_text(options_text, 100)},
                                 [&](const po::variables_map& vm) {
                                   settings = parse_settings(vm);
                                   generate = parse_generate(vm, settings);
                                   files = app::files_of(vm);
                                 });
}

}  // namespace sudoku_app
