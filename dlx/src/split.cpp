// Prefixes are found by forcing their options on a Solver (entering its moves, for a matrix with
// bounds) and asking it where it would branch next, so they follow the search's own choice of
// item and order without touching its loop.
#include "dlx/split.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace dlx {

namespace {

// The path of a prefix made on a solver while it lives: its options forced after the solver's
// own forced options, or, for a matrix with bounds (Algorithm M, whose levels also take the
// options tried before out of the later branches and may end with a null move), its moves
// entered. Then the solver is put back as it was.
class Descent {
 public:
  Descent(Solver& solver, std::span<const OptionId> prefix)
      : solver_(solver), bounded_(solver.matrix().has_bounds()) {
    if (!bounded_) saved_.assign(solver.forced().begin(), solver.forced().end());
    try {
      for (const OptionId move : prefix) push(move);
    } catch (...) {
      restore();
      throw;
    }
  }
  Descent(const Descent&) = delete;
  Descent& operator=(const Descent&) = delete;
  ~Descent() { restore(); }

  // Goes one level further.
  void push(OptionId move) {
    if (bounded_) {
      if (!solver_.enter(move))
        throw std::invalid_argument(
            move == null_move
                ? std::string("dlx: the null move of a prefix is not a move of the search there")
                : "dlx: option " + std::to_string(move) +
                      " of a prefix is not a move of the search at its level");
      ++entered_;
    } else if (!solver_.force(move)) {
      throw std::invalid_argument("dlx: option " + std::to_string(move) +
                                  " of a prefix clashes with the options before it");
    }
  }

 private:
  void restore() noexcept {
    if (bounded_) {
      for (; entered_ > 0; --entered_) solver_.leave();
      return;
    }
    solver_.release();
    for (const OptionId option : saved_) solver_.force(option);
  }

  Solver& solver_;
  bool bounded_;
  std::vector<OptionId> saved_;
  std::size_t entered_ = 0;
};

// Whether the search's levels are those next_moves() gives, so that a path of a progress report
// can be replayed by it: on dancing links without propagation.
bool replays_levels(const Solver& solver) {
  return solver.engine() == Engine::links && !solver.propagation().any();
}

// A node of the top of the search tree, with where the search goes from it.
struct TopNode {
  Subproblem sub;
  Branch branch;  // item -1: a solution; no options: a dead end
};

TopNode look(Solver& solver, Subproblem sub) {
  Descent descent(solver, sub.prefix);
  Branch branch = solver.next_moves();
  return {std::move(sub), std::move(branch)};
}

bool dead_end(const TopNode& node) {
  return node.branch.item >= 0 && node.branch.options.empty();
}

// The nodes one level below `level` (solutions stay as they are; dead ends are dropped).
std::vector<TopNode> deeper(Solver& solver, const std::vector<TopNode>& level) {
  std::vector<TopNode> next;
  for (const TopNode& node : level) {
    if (node.branch.item < 0) {
      next.push_back(node);
      continue;
    }
    const double share = node.sub.share / static_cast<double>(node.branch.options.size());
    for (const OptionId option : node.branch.options) {
      Subproblem child{node.sub.prefix, share};
      child.prefix.push_back(option);
      TopNode looked = look(solver, std::move(child));
      if (!dead_end(looked)) next.push_back(std::move(looked));
    }
  }
  return next;
}

std::vector<Subproblem> subproblems(std::vector<TopNode> level) {
  std::vector<Subproblem> out;
  out.reserve(level.size());
  for (TopNode& node : level) out.push_back(std::move(node.sub));
  return out;
}

bool open(const std::vector<TopNode>& level) {
  return std::any_of(level.begin(), level.end(),
                     [](const TopNode& node) { return node.branch.item >= 0; });
}

std::vector<TopNode> root(Solver& solver) {
  TopNode top = look(solver, Subproblem{});
  if (dead_end(top)) return {};
  return {std::move(top)};
}

}  // namespace

std::vector<Subproblem> split(Solver& solver, std::uint32_t depth) {
  std::vector<TopNode> level = root(solver);
  for (std::uint32_t d = 0; d < depth && open(level); ++d) level = deeper(solver, level);
  return subproblems(std::move(level));
}

std::vector<Subproblem> split_at_least(Solver& solver, std::size_t count, std::uint32_t max_depth) {
  std::vector<TopNode> level = root(solver);
  for (std::uint32_t d = 0; d < max_depth && level.size() < count && open(level); ++d)
    level = deeper(solver, level);
  return subproblems(std::move(level));
}

std::vector<Subproblem> split_for_workers(Solver& solver, std::size_t workers) {
  return split_at_least(solver, std::max<std::size_t>(64, 16 * workers));
}

double prefix_share(Solver& solver, std::span<const OptionId> prefix) {
  Descent descent(solver, {});
  // With propagation, or on dancing cells, the search's levels are not next_moves()' (a cut
  // records the options the search had left): a prefix needs only options that fit together,
  // and each level's share is estimated from the branch next_moves() would take there.
  const bool propagating = !replays_levels(solver);
  double share = 1;
  for (const OptionId option : prefix) {
    const Branch branch = solver.next_moves();
    const bool listed =
        std::find(branch.options.begin(), branch.options.end(), option) != branch.options.end();
    if (!listed && !propagating)
      throw std::invalid_argument("dlx: option " + std::to_string(option) +
                                  " is not a choice of the search at its level of the prefix");
    share /= static_cast<double>(std::max<std::size_t>(branch.options.size(), 1));
    descent.push(option);
  }
  return share;
}

Result search_prefix(Solver& solver, std::span<const OptionId> prefix, const Visitor& visit) {
  Descent descent(solver, prefix);
  return solver.search(visit);
}

Result count_prefix(Solver& solver, std::span<const OptionId> prefix) {
  return search_prefix(solver, prefix, nullptr);
}

PrefixRun search_or_cut(Solver& solver, std::span<const OptionId> prefix, const Visitor& visit,
                        std::uint64_t check_every, const CutCheck& cut) {
  // Thrown from the progress callback: the search unwinds its links and lets it through.
  struct Cut {
    Stats stats;
    std::vector<PathStep> path;
    std::vector<std::vector<OptionId>> options;  // with propagation: each level's rest
  };
  PrefixRun run;
  std::optional<Cut> cut_at;
  {
    Descent descent(solver, prefix);
    const bool propagating = !replays_levels(solver);
    solver.set_progress(check_every, [&cut, &solver, propagating](const Progress& progress) {
      if (!progress.path.empty() && cut(progress))
        throw Cut{progress.stats,
                  {progress.path.begin(), progress.path.end()},
                  propagating ? solver.path_options() : std::vector<std::vector<OptionId>>{}};
    });
    try {
      run.result = solver.search(visit);
    } catch (Cut& at) {
      cut_at = std::move(at);
    } catch (...) {
      solver.set_progress(0, nullptr);
      throw;
    }
    solver.set_progress(0, nullptr);
  }
  if (!cut_at) return run;

  run.result = Result{Outcome::stopped, cut_at->stats};
  if (!cut_at->options.empty()) {
    // With propagation the tree is not the one next_moves() walks (on dancing cells a search
    // leaves items and options in another order): the siblings are those the search had still to
    // try, each level's options with the prefix above it. The options propagation removed hold no
    // solution, so the pieces still cover the rest of the subtree.
    Prefix path(prefix.begin(), prefix.end());
    double share = 1;
    for (std::size_t l = 0; l < cut_at->options.size(); ++l) {
      const std::vector<OptionId>& level = cut_at->options[l];
      share /= static_cast<double>(std::max<std::uint32_t>(cut_at->path[l].d, 1));
      for (std::size_t i = 1; i < level.size(); ++i) {
        Subproblem sibling{path, share};
        sibling.prefix.push_back(level[i]);
        run.rest.push_back(std::move(sibling));
      }
      path.push_back(level[0]);
    }
    run.rest.push_back({std::move(path), share});
    std::sort(run.rest.begin(), run.rest.end(),
              [](const Subproblem& a, const Subproblem& b) { return a.prefix < b.prefix; });
    return run;
  }
  // Replays the path, collecting the siblings still to come on each level.
  Descent descent(solver, prefix);
  Prefix path(prefix.begin(), prefix.end());
  double share = 1;
  for (const PathStep& step : cut_at->path) {
    const Branch branch = solver.next_moves();
    if (branch.options.size() != step.d || step.k == 0 || step.k > step.d)
      throw std::logic_error("dlx::search_or_cut: the path cannot be replayed (a seeded solver?)");
    share /= static_cast<double>(step.d);
    for (std::size_t i = step.k; i < step.d; ++i) {
      Subproblem sibling{path, share};
      sibling.prefix.push_back(branch.options[i]);
      run.rest.push_back(std::move(sibling));
    }
    const OptionId chosen = branch.options[step.k - 1];
    path.push_back(chosen);
    descent.push(chosen);
  }
  run.rest.push_back({std::move(path), share});
  std::sort(run.rest.begin(), run.rest.end(),
            [](const Subproblem& a, const Subproblem& b) { return a.prefix < b.prefix; });
  return run;
}

}  // namespace dlx
