#include "printer.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "../common/command.hpp"
#include "../common/json.hpp"
#include "../common/signals.hpp"
#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/logic/rating.hpp"

namespace sudoku_app {

using app::fixed;
using app::stop_work;

std::string where(const std::string& file, const sudoku::Location& at) {
  return file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

// "9x9", "9x9 hyper", "9x9 killer", "21x21 samurai of 9x9 grids".
std::string shape(const sudoku::Geometry& g) {
  const std::string n = std::to_string(g.size());
  if (!g.square())
    return std::to_string(g.height()) + "x" + std::to_string(g.width()) + " " +
           sudoku::describe_shape(g) + " of " + n + "x" + n + " grids";
  std::string s = n + "x" + n;
  if (const std::string words = sudoku::describe_shape(g); words != "regular") s += " " + words;
  return s;
}

// The candidates a person starts from, for -v and --hint grids.
sudoku::CandidateOptions grid_options(const sudoku::Grid& givens, bool color,
                                      const sudoku::Symbols& symbols) {
  sudoku::CandidateOptions options;
  options.color = color;
  options.symbols = symbols;
  options.givens = givens;
  return options;
}

void Printer::fail(sudoku::Result& r, const sudoku::Location& at, const std::string& message) {
  r.err += where(*r.source, at) + ": " + message + "\n";
  if (settings_.task == sudoku::Task::dedupe) return;  // stdout holds puzzles only
  if (settings_.format == Format::line || settings_.format == Format::fpuzzles) r.out += "error\n";
  if (settings_.format == Format::json) r.out += app::json_error(at, message, *r.source) + "\n";
}

// What stopped a search early, for JSON's "reason".
std::string_view stop_reason(const sudoku::Result& r) {
  if (r.search.outcome == dlx::Outcome::node_limit) return "max-nodes";
  return r.timed_out ? "max-seconds" : "interrupted";
}

// A count for people, with what stopped a search early.
std::string describe_search(const sudoku::Result& r) {
  if (!r.stopped) return sudoku::describe_count(r.search);
  const std::uint64_t s = r.search.solutions;
  const std::string why = r.search.outcome == dlx::Outcome::node_limit
                              ? "after " + std::to_string(r.search.nodes) + " nodes (--max-nodes)"
                          : r.timed_out ? "after " + fixed(r.seconds, 3) + " s (--max-seconds)"
                                        : "(interrupted)";
  return "stopped early " + why + ": " +
         (s == 0 ? std::string("no solution found yet")
                 : "at least " + std::to_string(s) + (s == 1 ? " solution" : " solutions"));
}

bool Printer::solution(sudoku::Result& r, const sudoku::Grid& solution) {
  const sudoku::Geometry& geometry = *r.record.geometry;
  const std::uint64_t number = r.listed;
  switch (settings_.format) {
    case Format::fpuzzles:  // only with the tasks that write puzzles (options.cpp)
      break;
    case Format::pretty: {
      sudoku::PrettyOptions pretty;
      pretty.color = settings_.color;
      pretty.symbols = settings_.reader.symbols;
      if (number > 1) r.out += "\n";
      r.out += at(r) + ": solution " + std::to_string(number) + "\n";
      r.out += sudoku::format_pretty(geometry, solution, pretty);
      break;
    }
    case Format::line:
      if (number == 1) r.out += "# " + at(r) + "\n";
      sudoku::append_line(r.out, geometry, solution, settings_.reader.symbols);
      r.out += '\n';
      break;
    case Format::json:
      r.out += app::json_solution(r.record.line, number, geometry, solution, *r.source,
                                  settings_.reader.symbols);
      r.out += "\n";
      break;
  }
  // --all runs on the main thread: a puzzle with many solutions streams out as it goes.
  if (r.out.size() >= output_chunk) {
    output_.out(r.out);
    r.out.clear();
    output_.maybe_flush();
  }
  return !stop_work.load();
}

void Printer::render(sudoku::Result& r, const sudoku::WorkerTools& tools) {
  using Status = sudoku::Result::Status;
  const sudoku::Record& record = r.record;
  switch (r.status) {
    case Status::header_error:
      // Not a puzzle: its message goes to stderr only, so that stdout keeps one result per
      // puzzle (each puzzle it spoils gets its own error).
      r.err += where(*r.source, {record.error->line(), record.error->column()}) + ": " +
               record.error->what() + "\n";
      return;
    case Status::read_error:
      fail(r, {record.error->line(), record.error->column()}, record.error->what());
      return;
    case Status::clash:
      fail(r, r.error_at, r.error);
      return;
    case Status::unsupported:
      fail(r, {record.line, 1}, r.error);
      return;
    case Status::no_memory:  // not rendered: emit says it
      return;
    case Status::ok:
      break;
  }
  if (settings_.task == sudoku::Task::hint) return hint(r);
  if (settings_.task == sudoku::Task::rate) return rate(r, tools);
  if (settings_.task == sudoku::Task::canonical || settings_.task == sudoku::Task::dedupe)
    return canonical(r);
  if (settings_.task == sudoku::Task::true_candidates) return true_candidates(r);

  const sudoku::Geometry& geometry = *record.geometry;
  const sudoku::SolveResult& result = r.search;
  switch (settings_.format) {
    case Format::fpuzzles:  // only with the tasks that write puzzles (options.cpp)
      break;
    case Format::pretty: {
      if (settings_.task == sudoku::Task::all) {
        if (result.solutions > 0) r.out += "\n";
        r.out += at(r) + ": " + shape(geometry) + ", " + describe_search(r) + "\n";
      } else if (settings_.task == sudoku::Task::count) {
        r.out += at(r) + ": " + shape(geometry) + ", " + describe_search(r) + "\n";
      } else {
        std::string status;
        if (result.solutions == 0 || r.stopped)
          status = describe_search(r) + (result.solutions > 0 ? "; the first:" : "");
        else if (settings_.limit == 1)
          status = "solved (not checked for a second solution: --limit 1)";
        else if (result.solutions == 1 && result.complete)
          status = "unique solution";
        else
          status = describe_search(r) + "; the first:";
        r.out += at(r) + ": " + shape(geometry) + ", " + status + "\n";
        sudoku::PrettyOptions pretty;
        pretty.color = settings_.color;
        pretty.symbols = settings_.reader.symbols;
        if (!result.first.empty()) r.out += sudoku::format_pretty(geometry, result.first, pretty);
      }
      break;
    }
    case Format::line:
      if (settings_.task == sudoku::Task::count)
        r.out += sudoku::format_count(result) + "\n";
      else if (settings_.task == sudoku::Task::solve)
        r.out += result.first.empty()
                     ? std::string(r.stopped ? "stopped\n" : "none\n")
                     : sudoku::format_line(geometry, result.first, settings_.reader.symbols) + "\n";
      else if (result.solutions == 0)
        r.out += "# " + at(r) + "\n" + (r.stopped ? "stopped\n" : "none\n");
      else if (r.stopped)
        r.out += "stopped\n";  // the list above is not every solution
      break;
    case Format::json: {
      app::JsonOptions json;
      json.file = *r.source;
      json.symbols = settings_.reader.symbols;
      json.given_solution_ok = r.solution_ok;
      json.stats = settings_.stats;
      json.micros = r.seconds * 1e6;
      if (r.stopped) json.reason = stop_reason(r);
      r.out += app::json_search(record.line, geometry, record.givens, result, json) + "\n";
      break;
    }
  }
  if (r.solution_ok) check(r);
  if (settings_.stats)
    r.err += at(r) + ": " + std::to_string(result.nodes) + " nodes, " +
             std::to_string(result.updates) + " updates, " + fixed(r.seconds * 1e6, 1) + " us\n";
  if (settings_.verbose > 0) {
    std::string summary;
    if (result.by_logic)
      summary = result.solutions > 0 ? "solved by logic alone"
                                     : "no solution: logic found a contradiction";
    else
      summary = std::to_string(result.nodes) + " search nodes (--logic " +
                std::string(sudoku::logic_names[static_cast<std::size_t>(settings_.logic)]) + ")";
    explain(r, tools, summary, nullptr);
  }
}

void Printer::canonical(sudoku::Result& r) {
  const sudoku::Geometry& geometry = *r.record.geometry;
  const sudoku::Grid& shown =
      settings_.task == sudoku::Task::canonical ? r.canonical : r.record.givens;
  switch (settings_.format) {
    case Format::pretty: {
      sudoku::PrettyOptions pretty;
      pretty.color = settings_.color;
      pretty.symbols = settings_.reader.symbols;
      r.out += at(r) + ": " + shape(geometry) +
               (settings_.task == sudoku::Task::canonical ? ", canonical form" : "") + "\n";
      r.out += sudoku::format_pretty(geometry, shown, pretty);
      break;
    }
    case Format::line:
      // The headers its shape needs come before it, in emit (they depend on the puzzles before).
      r.out += sudoku::format_line(geometry, shown, settings_.reader.symbols) + "\n";
      break;
    case Format::json:
      r.out += app::json_canonical(r.record.line, geometry, r.record.givens, r.canonical, *r.source,
                                   settings_.reader.symbols) +
               "\n";
      break;
    case Format::fpuzzles:
      try {
        r.out += sudoku::fpuzzles_link(geometry, shown) + "\n";
      } catch (const std::invalid_argument& e) {
        r.status = sudoku::Result::Status::unsupported;
        fail(r, {r.record.line, 1}, std::string("cannot be written for f-puzzles: ") + e.what());
      }
      break;
  }
  if (settings_.stats) r.err += at(r) + ": " + fixed(r.seconds * 1e6, 1) + " us\n";
}

// --true-candidates: each cell's digits that some solution holds, as a grid of candidates, a
// candidate line or JSON; a puzzle without a solution has none.
void Printer::true_candidates(sudoku::Result& r) {
  const sudoku::Geometry& geometry = *r.record.geometry;
  const sudoku::TrueCandidates& truth = r.truth;
  const bool none = std::all_of(truth.masks.begin(), truth.masks.end(),
                                [](sudoku::Mask m) { return m == 0; });
  switch (settings_.format) {
    case Format::pretty: {
      std::size_t decided = 0;
      for (const sudoku::Mask m : truth.masks) decided += std::popcount(m) == 1;
      r.out += at(r) + ": " + shape(geometry) + ", ";
      if (none) {
        r.out += truth.complete ? "no solution\n" : "stopped before a solution was found\n";
        break;
      }
      r.out += "true candidates" +
               std::string(truth.complete ? "" : " (stopped early: some may be missing)") + ": " +
               std::to_string(decided) + " of " + std::to_string(truth.masks.size()) +
               " cells decided; " + std::to_string(truth.searches) +
               (truth.searches == 1 ? " search\n" : " searches\n");
      sudoku::Candidates c(geometry);
      c.reset(r.record.givens);
      for (int cell = 0; cell < geometry.cell_count(); ++cell)
        for (int d = 1; d <= geometry.size(); ++d)
          if ((truth.masks[static_cast<std::size_t>(cell)] & sudoku::digit_bit(d)) == 0 &&
              c.value(cell) == 0)
            c.eliminate(cell, d);
      sudoku::CandidateOptions options;
      options.color = settings_.color;
      options.givens = r.record.givens;
      options.symbols = settings_.reader.symbols;
      r.out += sudoku::format_candidates(c, options);
      break;
    }
    case Format::line:
      r.out += (none ? std::string(truth.complete ? "none" : "stopped")
                     : sudoku::format_candidate_line(geometry, truth.masks,
                                                     settings_.reader.symbols)) +
               "\n";
      break;
    case Format::json:
      r.out += app::json_true_candidates(r.record.line, geometry, r.record.givens, truth,
                                         *r.source, settings_.reader.symbols) +
               "\n";
      break;
    case Format::fpuzzles:  // only with the tasks that write puzzles (options.cpp)
      break;
  }
  if (settings_.stats) r.err += at(r) + ": " + fixed(r.seconds * 1e6, 1) + " us\n";
}

// --check-solution: says on stderr when the solution given with the puzzle is wrong.
void Printer::check(sudoku::Result& r) {
  if (*r.solution_ok) return;
  const sudoku::Geometry& geometry = *r.record.geometry;
  const sudoku::Grid& given = r.record.solution;
  const sudoku::Grid& ours = r.search.first;
  std::string why = "the solution given with the puzzle is wrong";
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    const auto i = static_cast<std::size_t>(cell);
    if (!ours.empty() && given[i] != ours[i]) {
      const int n = geometry.size();
      const sudoku::Symbols& symbols = settings_.reader.symbols;
      why += ": " + sudoku::cell_name(geometry, cell) + " holds " + symbols.symbol(n, given[i]) +
             " there, " + symbols.symbol(n, ours[i]) + " in the solution found";
      break;
    }
  }
  if (ours.empty()) why += ": the puzzle has no solution";
  r.err += at(r) + ": " + why + "\n";
}

void Printer::explain(sudoku::Result& r, const sudoku::WorkerTools& tools,
                      const std::string& summary, const std::vector<sudoku::Step>* steps) {
  const sudoku::Record& record = r.record;
  const sudoku::Geometry& geometry = *record.geometry;
  std::string& err = r.err;
  err += at(r) + ": " + summary + "\n";
  if (settings_.verbose < 2) return;
  const sudoku::Candidates start = sudoku::start_candidates(record);
  std::vector<sudoku::Step> own;
  if (steps == nullptr) {
    if (settings_.logic == sudoku::Logic::none) {
      err += "  no logic before the search (--logic none)\n";
      return;
    }
    const sudoku::Level level = !settings_.logic_given                      ? sudoku::Level::full
                                : settings_.logic == sudoku::Logic::singles ? sudoku::Level::singles
                                : settings_.logic == sudoku::Logic::fast    ? sudoku::Level::fast
                                : settings_.logic == sudoku::Logic::all     ? sudoku::Level::all
                                                                            : sudoku::Level::full;
    // The search above counted up to two solutions: the uniqueness techniques take part when it
    // proved one (or as --assume-unique says).
    const bool unique = settings_.uniqueness == sudoku::Uniqueness::assumed ||
                        (settings_.uniqueness == sudoku::Uniqueness::when_proved &&
                         r.search.solutions == 1 && r.search.complete && settings_.limit != 1);
    sudoku::Candidates c = start;
    sudoku::reduce(c, *tools.tables, level, &own, nullptr, unique);
    steps = &own;
  }
  // Replayed, the steps give the cells they leave to the search and the grids of level 4.
  sudoku::Candidates c = start;
  sudoku::CandidateOptions options =
      grid_options(record.givens, settings_.err_color, settings_.reader.symbols);
  std::string lines;
  for (std::size_t i = 0; i < steps->size(); ++i) {
    const sudoku::Step& step = (*steps)[i];
    sudoku::apply(c, step);
    if (settings_.verbose < 3) continue;
    lines += "  " + std::to_string(i + 1) + ". " +
             sudoku::describe(geometry, step, settings_.reader.symbols) + "\n";
    if (settings_.verbose < 4) continue;
    options.marked = sudoku::cells_of(step);
    lines += sudoku::format_candidates(c, options);
  }
  int open = 0;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) open += c.value(cell) == 0;
  err += "  techniques: " + sudoku::technique_counts(*steps);
  if (open > 0)
    err += "; " + std::to_string(open) + " open cells left";
  else if (!own.empty() && !r.search.by_logic && !settings_.logic_given)
    // The steps are the full ladder's, the search ran after the faster logic of --logic: say
    // which solved what, so that the first line and these do not seem to disagree.
    err += "; every technique solves it by logic alone (the search above ran after --logic " +
           std::string(sudoku::logic_names[static_cast<std::size_t>(settings_.logic)]) + ")";
  err += "\n" + lines;
}

void Printer::hint(sudoku::Result& r) {
  const sudoku::Record& record = r.record;
  const sudoku::Geometry& geometry = *record.geometry;
  const sudoku::Reasoning& reasoning = *r.reasoning;
  const std::optional<sudoku::Step>& hint = reasoning.hint;
  const bool found = hint.has_value();
  const int stage = settings_.hint_level != 0 ? settings_.hint_level : 3;
  const sudoku::HintStage shown =
      found ? sudoku::hint_stage(geometry, *hint, stage, settings_.reader.symbols)
            : sudoku::HintStage{};
  // A puzzle without a solution says so first, as the session's hint does, and gets no step.
  const std::string none = "no solution: the exact-cover search finds none";
  switch (settings_.format) {
    case Format::fpuzzles:  // only with the tasks that write puzzles (options.cpp)
      break;
    case Format::pretty: {
      if (reasoning.full) {
        r.out += at(r) + ": the grid is full; nothing left to do\n";
        break;
      }
      if (reasoning.no_solution) {
        r.out += at(r) + ": " + none + "\n";
        break;
      }
      if (found) {
        r.out += at(r) + ": " + shown.text + "\n";
        for (const std::string& line : shown.links) r.out += "  " + line + "\n";
      } else if (reasoning.several)
        r.out += at(r) + ": no technique applies\n";
      else
        r.out += at(r) + ": no technique applies; the puzzle needs search\n";
      // Logic can still take steps on such a puzzle, but none finishes it.
      if (reasoning.several)
        r.out += "  " + std::string(sudoku::several_solutions_note) +
                 "; add givens, or list them with --all\n";
      sudoku::CandidateOptions options =
          grid_options(record.givens, settings_.color, settings_.reader.symbols);
      if (found) options.marked = shown.cells;
      r.out += sudoku::format_candidates(sudoku::start_candidates(record), options);
      break;
    }
    case Format::line:
      r.out += (found                   ? shown.text
                : reasoning.no_solution ? "no solution"
                : reasoning.several     ? "none (several solutions)"
                                        : std::string("none")) +
               "\n";
      break;
    case Format::json: {
      // Only a puzzle without exactly one solution says how many it has (2: at least two).
      const std::optional<int> solutions = reasoning.no_solution ? std::optional<int>(0)
                                           : reasoning.several   ? std::optional<int>(2)
                                                                 : std::nullopt;
      r.out += app::json_hint(record.line, geometry, found ? &*hint : nullptr, *r.source,
                              settings_.reader.symbols, stage, solutions) +
               "\n";
      break;
    }
  }
}

void Printer::rate(sudoku::Result& r, const sudoku::WorkerTools& tools) {
  const sudoku::Record& record = r.record;
  const sudoku::Geometry& geometry = *record.geometry;
  const sudoku::Rating& rating = r.reasoning->rating;
  const std::vector<sudoku::Step>& steps = r.reasoning->steps;
  const bool expert = rating.searched();  // logic left cells open, then the search
  const std::string nodes = std::to_string(rating.search.nodes) + " search nodes";
  const std::string hardest =
      rating.used_logic ? std::string(sudoku::technique_name(rating.hardest)) : "none";
  const std::string steps_text =
      std::to_string(rating.steps) + (rating.steps == 1 ? " step" : " steps");
  std::string text;  // for people
  if (!rating.solvable && r.stopped) {
    text = "expert: logic leaves " + std::to_string(rating.open) + " open cells, then " +
           describe_search(r);
  } else if (!rating.solvable) {
    text = "no solution";
    if (!expert && !steps.empty() && steps.back().technique == sudoku::Technique::contradiction)
      text += " (" + sudoku::describe(geometry, steps.back(), settings_.reader.symbols) + ")";
    else if (expert)
      text += " (" + nodes + ")";
  } else if (expert) {
    text = sudoku::format_rating(rating) + ": logic leaves " + std::to_string(rating.open) +
           " open cells after " + steps_text + " (hardest: " + hardest + "), then " + nodes;
    if (rating.search.solutions > 1) text += "; " + sudoku::describe_count(rating.search);
  } else {
    text = sudoku::format_rating(rating) + " (hardest: " + hardest + "; " + steps_text + ")";
  }
  switch (settings_.format) {
    case Format::fpuzzles:  // only with the tasks that write puzzles (options.cpp)
      break;
    case Format::pretty:
      r.out += at(r) + ": " + shape(geometry) + ", " + text + "\n";
      break;
    case Format::line:
      // The level alone, so that `sort | uniq -c` makes a histogram; nodes go to json and -v.
      r.out += (rating.solvable ? sudoku::format_rating(rating)
                : r.stopped     ? std::string("stopped")
                                : std::string("none")) +
               "\n";
      break;
    case Format::json:
      r.out += app::json_rating(record.line, geometry, record.givens, rating, *r.source,
                                settings_.reader.symbols) +
               "\n";
      break;
  }
  if (settings_.verbose > 0) {
    const std::string summary = !rating.solvable ? "no solution"
                                : expert         ? nodes
                                                 : "solved by logic alone";
    explain(r, tools, summary, &steps);
  }
}

void Printer::emit(sudoku::Result& r) {
  if (r.status == sudoku::Result::Status::no_memory) {
    // Said once; the work stops, and the records after it come back stopped.
    stop_work.store(true);
    if (!out_of_memory_)
      output_.err("sudoku: out of memory solving " + *r.source + ":" +
                  std::to_string(r.record.line) + "\n");
    out_of_memory_ = true;
    if (settings_.format == Format::line) output_.out("error\n");
    return;
  }
  if (r.duplicate) {
    // --dedupe: a puzzle equivalent to an earlier one is left out.
    r.out.clear();
    if (settings_.stats)
      output_.err(at(r) + ": equivalent to " + *r.first_source + ":" +
                  std::to_string(r.first_line) + ", left out\n");
  }
  // A puzzle written as a line for the reader (--canonical, --dedupe) keeps its shape: the
  // headers it needs after the puzzles written before it.
  if ((settings_.task == sudoku::Task::canonical || settings_.task == sudoku::Task::dedupe) &&
      settings_.format == Format::line && r.status == sudoku::Result::Status::ok && !r.out.empty())
    r.out.insert(0, headers_.before(*r.record.geometry));
  // Pretty grids are set apart by a blank line; one-line results (counts) are not. Only the
  // pretty format asks, and only up to a second line: --all's results are long.
  const std::size_t line_end = r.out.find('\n');
  const bool grid = settings_.format == Format::pretty && line_end != std::string::npos &&
                    r.out.find('\n', line_end + 1) != std::string::npos;
  if (settings_.format == Format::pretty && (grid || last_grid_) && !r.out.empty() && printed_)
    output_.out("\n");
  if (!r.out.empty()) {
    printed_ = true;
    last_grid_ = grid;
  }
  output_.out(r.out);
  output_.err(r.err);
  output_.maybe_flush();
}

}  // namespace sudoku_app
