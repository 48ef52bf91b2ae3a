#include "generate.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <system_error>

#include "../common/command.hpp"
#include "../common/json.hpp"
#include "../common/progress.hpp"
#include "../common/signals.hpp"
#include "dlx/random.hpp"
#include "printer.hpp"
#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/logic/rating.hpp"
#include "sudoku/make/pool.hpp"

namespace sudoku_app {

using app::Clock;
using app::exit_error;
using app::exit_solved;
using app::fixed;
using app::interrupted;
using app::interrupted_status;
using app::stop_work;

namespace {

// The shape the options ask for (9x9 regular by default); throws sudoku::GeometryError.
std::unique_ptr<sudoku::Geometry> shape_asked(const sudoku::ReaderOptions& r, std::uint64_t seed) {
  if (r.variant == sudoku::Variant::jigsaw && r.regions.empty()) {
    // Random regions drawn from the seed, one map for the whole set.
    return std::make_unique<sudoku::Geometry>(sudoku::random_jigsaw(
        r.size != 0 ? r.size : 9, dlx::nth_random(seed, UINT64_MAX), r.chess));
  }
  if (r.variant == sudoku::Variant::jigsaw) {
    int size = 0;
    while (size * size < static_cast<int>(r.regions.size())) ++size;
    if (r.size != 0 && r.size != size)
      throw sudoku::GeometryError("--size " + std::to_string(r.size) + " contradicts the " +
                                  std::to_string(size) + "x" + std::to_string(size) +
                                  " region map");
    return std::make_unique<sudoku::Geometry>(sudoku::Geometry::jigsaw(size, r.regions, r.chess));
  }
  return std::make_unique<sudoku::Geometry>(r.size != 0 ? r.size : 9, r.variant, r.chess);
}

// The givens of the puzzles made, and of those that kept more than --givens asked.
struct Givens {
  std::uint64_t total = 0;
  int fewest = 0, most = 0;
  std::uint64_t short_of = 0, short_total = 0, undecided = 0, added = 0;

  // Counts `p`; true when it kept more than `asked` (0: none asked).
  bool add(const sudoku::Puzzle& p, int asked) {
    total += static_cast<std::uint64_t>(p.count);
    fewest = std::min(fewest, p.count);
    most = std::max(most, p.count);
    if (asked == 0 || p.count <= asked) return false;
    ++short_of;
    short_total += static_cast<std::uint64_t>(p.count);
    undecided += static_cast<std::uint64_t>(p.undecided);
    added += static_cast<std::uint64_t>(p.added);
    return true;
  }
};

// Where --givens was not reached, the puzzle says why: needed givens, or undecided ones.
std::string why_short(const sudoku::Puzzle& p, int asked, bool budget_by_default) {
  if (budget_by_default)
    return p.undecided == 0 ? " (minimal, every given is needed)"
                            : " (not proved minimal: " + std::to_string(p.undecided) +
                                  " kept when their check ran out of --check-nodes)";
  std::string why = " (not " + std::to_string(asked) + ": ";
  if (p.undecided == 0 && p.added == 0) why += "minimal, every given is needed";
  if (p.undecided > 0)
    why += std::to_string(p.undecided) + " kept when their check ran out of --check-nodes";
  if (p.added > 0)
    why += std::string(p.undecided > 0 ? ", " : "") + std::to_string(p.added) +
           " put back for the band";
  return why + ")";
}

// Never passed off as done: what was reached instead of --givens, and why.
std::string shortfall(const Givens& n, std::uint64_t done, const GenerateSettings& g,
                      const std::string& shape_name) {
  const int asked = g.options.givens;
  const auto average = [&](std::uint64_t total) {
    return app::fixed(static_cast<double>(total) / static_cast<double>(n.short_of), 1);
  };
  std::string note =
      g.budget_by_default
          ? "sudoku: " + shape_name +
                " puzzles are not made minimal by default (checking every removal to the end "
                "takes minutes to hours on this shape; --minimal asks for it): " +
                average(n.short_total) + " givens on average, "
          : "sudoku: " + std::to_string(n.short_of) + " of " + std::to_string(done) +
                (done == 1 ? " puzzle" : " puzzles") + " kept more than the " +
                std::to_string(asked) + (asked == 1 ? " given" : " givens") + " asked (" +
                average(n.short_total) + " on average): ";
  note += average(n.short_total - n.undecided - n.added) +
          (n.added > 0 ? " needed when the removal ended (without any one of them the puzzle had "
                         "another solution)"
                       : " needed (without any one of them the puzzle has another solution)");
  if (n.undecided > 0)
    note += ", " + average(n.undecided) + " kept because their check ran out of its " +
            std::to_string(g.options.check_nodes) +
            (g.options.check_nodes == 1 ? " search node" : " search nodes") +
            " (--check-nodes: a larger budget may remove some)";
  if (n.added > 0)
    note += ", " + average(n.added) +
            " put back to keep the steps within --difficulty or --rating (the puzzle is not "
            "minimal)";
  return note + "\n";
}

}  // namespace

int run_generate(GenerateSettings g, const Settings& settings) {
  std::unique_ptr<sudoku::Geometry> geometry;
  try {
    geometry = shape_asked(settings.reader, g.seed);
    if (!settings.rules.empty())
      geometry = std::make_unique<sudoku::Geometry>(sudoku::Geometry::with_rules(
          *geometry, sudoku::rules_of_words(settings.rules, *geometry)));
    sudoku::check_generable(*geometry);  // before the header is written
  } catch (const sudoku::GeometryError& error) {
    std::cerr << "sudoku: " << error.what() << "\n";
    return exit_error;
  }
  // Without --givens or --minimal, what the library does for this shape (minimal where that
  // takes seconds, else as few givens as budgeted checks reach).
  if (!g.givens_asked) {
    const std::uint64_t check_nodes = g.options.check_nodes;
    const bool symmetric = g.options.symmetric;
    const bool killer = g.options.killer;
    g.options = sudoku::default_generator_options(*geometry);
    g.options.check_nodes = check_nodes;
    g.options.symmetric = symmetric;
    g.options.killer = killer;
    g.budget_by_default = !sudoku::minimal_by_default(*geometry);
    if (g.check_nodes_asked && !g.budget_by_default) {
      std::cerr << "sudoku: --check-nodes: " << shape(*geometry)
                << " puzzles are minimal by default, every removal checked to the end; give "
                   "--givens K with it\n";
      return exit_error;
    }
  }
  app::catch_interrupts();
  const auto start = Clock::now();
  Output output;
  const unsigned threads = std::max(1u, settings.threads);
  const sudoku::PoolOptions pool_options{.puzzles = g.puzzles,
                                         .seed = g.seed,
                                         .generator = g.options,
                                         .order = g.order,
                                         .attempts = g.attempts,
                                         .threads = threads,
                                         .stop = &stop_work};
  std::unique_ptr<sudoku::GeneratorPool> pool;
  try {
    const app::SignalsToMainThread signals;
    pool = std::make_unique<sudoku::GeneratorPool>(*geometry, pool_options);
  } catch (const sudoku::GeometryError& error) {
    std::cerr << "sudoku: " << error.what() << "\n";
    return exit_error;
  } catch (const std::system_error& e) {
    std::cerr << "sudoku: cannot start " << threads << " threads: " << e.code().message() << "\n";
    return exit_error;
  }
  sudoku::PrettyOptions pretty;
  pretty.color = settings.color;
  pretty.symbols = settings.reader.symbols;
  const sudoku::Symbols& symbols = settings.reader.symbols;
  const std::string shape_name = shape(*geometry) + (g.options.killer ? " killer" : "");
  const bool ordered = !g.order.any();
  const int asked = g.options.givens;
  Givens givens{.fewest = geometry->cell_count()};
  app::ProgressLines progress;
  if (settings.progress > 0) {
    try {
      progress.start(start, settings.progress, [&](double elapsed) {
        std::string line = "sudoku: progress: " + fixed(elapsed, 1) + " s, " +
                           std::to_string(pool->generated()) + " of " + std::to_string(g.puzzles) +
                           (g.puzzles == 1 ? " puzzle" : " puzzles") + " generated";
        // Large grids take long each: where each puzzle in work stands.
        std::string in_work;
        for (const sudoku::GenerationProgress& at : pool->in_work()) {
          if (at.checked == 0) continue;
          in_work += (in_work.empty() ? "; in work: " : ", ") + std::to_string(at.givens) +
                     " givens, " + std::to_string(at.checked) + " of " + std::to_string(at.cells) +
                     " cells checked";
        }
        return line + in_work + "\n";
      });
    } catch (const std::system_error& e) {
      std::cerr << "sudoku: cannot start the progress thread: " << e.code().message() << "\n";
      return exit_error;
    }
  }
  // Each puzzle's headers (#size, #variant, #regions, its cages) as the reader needs them.
  sudoku::HeaderWriter headers;
  const auto emit = [&](std::uint64_t number, const sudoku::OrderedPuzzle& made) {
    const sudoku::Puzzle& p = made.puzzle;
    // A killer puzzle has its own shape: the generator's with its cages, written before it.
    const sudoku::Geometry& own = p.geometry ? *p.geometry : *geometry;
    const std::string rated = ordered ? ", " + sudoku::format_rating(made.rating) : "";
    const std::string why = givens.add(p, asked) ? why_short(p, asked, g.budget_by_default) : "";
    switch (settings.format) {
      case Format::line:
        output.out(headers.before(own) + sudoku::format_line(own, p.givens, symbols) + "\n");
        break;
      case Format::pretty:
        if (number > 1) output.out("\n");
        output.out("generated:" + std::to_string(number) + ": " + shape(own) + ", " +
                   std::to_string(p.count) + " givens" + why + rated + "\n");
        output.out(headers.before(own));
        output.out(sudoku::format_pretty(own, p.givens, pretty));
        break;
      case Format::fpuzzles:
        try {
          output.out(sudoku::fpuzzles_link(own, p.givens) + "\n");
        } catch (const std::invalid_argument& e) {
          output.err("sudoku: generated:" + std::to_string(number) +
                     ": cannot be written for f-puzzles: " + e.what() + "\n");
        }
        break;
      case Format::json:
        output.out(app::json_generated(
                       number, own, p, asked, symbols,
                       ordered ? std::optional(sudoku::format_rating(made.rating)) : std::nullopt) +
                   "\n");
        break;
    }
  };
  const std::uint64_t done = pool->run(emit, [&] { output.flush(); });  // each block as it is done
  const std::string error = pool->error();
  progress.stop();  // no progress line after the summary
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!error.empty()) output.err("sudoku: " + error + "\n");
  if (g.puzzles > 1 || settings.stats || interrupted.load()) {
    std::string summary = "sudoku: " + std::to_string(done) + (done == 1 ? " puzzle" : " puzzles") +
                          " generated (" + shape_name + ", seed " + std::to_string(g.seed) + ")";
    if (done > 0)
      summary += ": " + fixed(static_cast<double>(givens.total) / static_cast<double>(done), 1) +
                 " givens on average, from " + std::to_string(givens.fewest) + " to " +
                 std::to_string(givens.most);
    summary += "; " + fixed(seconds, 3) + " s";
    if (seconds > 0 && done > 0) summary += ", " + app::rate(done, seconds, "puzzle");
    output.err(summary + "\n");
  }
  if (givens.short_of > 0) output.err(shortfall(givens, done, g, shape_name));
  if (interrupted.load()) output.err("sudoku: interrupted: fewer puzzles than asked for\n");
  output.flush();
  if (output.report_failure()) return exit_error;
  if (interrupted.load()) return interrupted_status();
  return error.empty() ? exit_solved : exit_error;
}

}  // namespace sudoku_app
