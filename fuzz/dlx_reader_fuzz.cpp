// Fuzz target: the DLX text reader, then searches with a small budget.
//
// Each input is read twice, from memory and from a stream, and both readers must agree; a text
// that reads is written back with format_items and format_option and must read back to the same
// problem; every solution the search reports must be an exact cover of the problem, on each
// engine, and the engines that finish must agree.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "check.hpp"
#include "dlx/reader.hpp"
#include "dlx/solver.hpp"

namespace {

struct Outcome {
  bool ok = false;
  dlx::ParseErrorKind kind{};
  std::size_t line = 0, column = 0;
  std::size_t items = 0, options = 0, entries = 0;
};

template <typename Read>
Outcome attempt(Read read, dlx::Problem* kept = nullptr) {
  Outcome o;
  try {
    dlx::Problem p = read();
    o.ok = true;
    o.items = p.matrix.item_count();
    o.options = p.matrix.option_count();
    o.entries = p.matrix.entry_count();
    CHECK(p.option_lines.size() == o.options);
    if (kept != nullptr) *kept = std::move(p);
  } catch (const dlx::ParseError& e) {
    o.kind = e.kind();
    o.line = e.line();
    o.column = e.column();
    CHECK(e.line() >= 1 && e.column() >= 1);
    CHECK(std::string_view(e.what()).size() > 0);
  }
  return o;
}

bool same(const Outcome& a, const Outcome& b) {
  if (a.ok != b.ok) return false;
  if (!a.ok) return a.kind == b.kind && a.line == b.line && a.column == b.column;
  return a.items == b.items && a.options == b.options && a.entries == b.entries;
}

// True when `solution` covers each primary item within its bounds (once, without bounds) and
// each secondary item at most once or always with the same color.
bool is_exact_cover(const dlx::Matrix& m, std::span<const dlx::OptionId> solution) {
  std::vector<int> uses(m.item_count(), 0);
  std::vector<dlx::ColorId> color(m.item_count(), 0);
  for (const dlx::OptionId o : solution) {
    for (const dlx::Entry& e : m.option(o)) {
      const auto i = static_cast<std::size_t>(e.item);
      if (uses[i]++ > 0 && m.item_kind(e.item) == dlx::ItemKind::secondary &&
          (e.color == 0 || color[i] != e.color))
        return false;
      color[i] = e.color;
    }
  }
  for (std::size_t i = 0; i < m.item_count(); ++i) {
    const auto item = static_cast<dlx::ItemId>(i);
    if (m.item_kind(item) != dlx::ItemKind::primary) continue;
    const dlx::Bounds b = m.bounds(item);
    if (uses[i] < b.lo || uses[i] > b.hi) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // The first byte picks the line limit (small ones reach the too-long paths) and the seed.
  const std::uint8_t control = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  dlx::ReadLimits limits;
  if (control & 1) limits.max_line_length = 1 + (control >> 2) % 48;

  dlx::Problem problem;
  const Outcome from_memory = attempt([&] { return dlx::read_problem(text, limits); }, &problem);
  const Outcome from_stream = attempt([&] {
    std::istringstream in{std::string(text)};
    return dlx::read_problem(in, limits);
  });
  CHECK(same(from_memory, from_stream));
  if (!from_memory.ok) return 0;

  // Written back, the problem reads back the same.
  std::string written = dlx::format_items(problem) + "\n";
  for (std::size_t o = 0; o < problem.matrix.option_count(); ++o)
    written += dlx::format_option(problem, static_cast<dlx::OptionId>(o)) + "\n";
  const Outcome again = attempt([&] { return dlx::read_problem(written); });
  CHECK(again.ok && again.items == from_memory.items && again.options == from_memory.options &&
        again.entries == from_memory.entries);

  dlx::Solver solver(problem.matrix);
  solver.set_limits({4, 500, 5000});
  const bool seeded = (control & 2) != 0;
  if (seeded) solver.set_seed(control);
  const auto exact = [&](std::span<const dlx::OptionId> solution) {
    CHECK(is_exact_cover(problem.matrix, solution));
    return true;
  };
  const dlx::Result result = solver.search(exact);
  CHECK(result.stats.solutions <= 4);
  // A search leaves the links as it found them: without a seed (whose generator moves on), a
  // second search finds the same.
  if (!seeded) {
    const dlx::Result repeat = solver.count();
    CHECK(repeat.stats.solutions == result.stats.solutions && repeat.outcome == result.outcome);
  }
  // A partial solution: every solution found holds the forced option, and is still a cover.
  if ((control & 4) != 0 && problem.matrix.option_count() > 0) {
    const auto option = static_cast<dlx::OptionId>(control % problem.matrix.option_count());
    CHECK(solver.force(option));
    solver.search([&](std::span<const dlx::OptionId> solution) {
      CHECK(std::find(solution.begin(), solution.end(), option) != solution.end());
      return exact(solution);
    });
    solver.release();
    if (!seeded) CHECK(solver.count().stats.solutions == result.stats.solutions);
  }

  // The set engines: where the links, cells and bits all finish within a budget they count the
  // same, and bits list the cells' solutions in the cells' order in no more nodes.
  if (!problem.matrix.has_bounds()) {
    const dlx::Limits budget{0, 2000, 0};
    dlx::Solver links(problem.matrix);
    links.set_limits(budget);
    const dlx::Result whole = links.count();
    std::vector<std::vector<dlx::OptionId>> listed[2];
    dlx::Result found[2];
    int k = 0;
    for (const dlx::Engine engine : {dlx::Engine::cells, dlx::Engine::bits}) {
      try {
        dlx::Solver other(problem.matrix, engine);
        other.set_limits(budget);
        found[k] = other.search([&](std::span<const dlx::OptionId> solution) {
          listed[k].emplace_back(solution.begin(), solution.end());
          return exact(solution);
        });
      } catch (const std::invalid_argument&) {  // masks too large for bits: nothing to compare
        return 0;
      }
      ++k;
    }
    const auto done = [](const dlx::Result& r) { return r.outcome == dlx::Outcome::exhausted; };
    if (done(whole) && done(found[0])) CHECK(found[0].stats.solutions == whole.stats.solutions);
    if (done(found[0]) && done(found[1])) {
      CHECK(listed[0] == listed[1]);
      CHECK(found[1].stats.nodes <= found[0].stats.nodes);
    }
  }
  return 0;
}
