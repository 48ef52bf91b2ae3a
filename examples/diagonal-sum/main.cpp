// diagonal-sum: counts or draws the Latin squares whose main diagonal sums to S, the sum being a
// dlx::Propagator of the search.
#include <iostream>
#include <optional>
#include <string_view>

#include "common/cli.hpp"
#include "diagonal-sum/diagonal_sum.hpp"

namespace {

using namespace examples;

// The sum checked on complete squares alone: what exact cover with a filter would do.
class CheckedAtTheEnd : public dlx::Propagator {
 public:
  CheckedAtTheEnd(const latin::Problem& problem, int sum) : problem_(problem), sum_(sum) {}
  bool propagate(const dlx::SearchNode& node, std::vector<dlx::OptionId>&) override {
    int filled = 0, total = 0;
    for (const dlx::OptionId o : node.chosen()) {
      const latin::Entry& e = problem_.meaning(o);
      if (e.row != e.column) continue;
      ++filled;
      total += e.value;
    }
    return filled < problem_.order || total == sum_;
  }

 private:
  const latin::Problem& problem_;
  int sum_;
};

constexpr std::string_view usage = R"(Usage: diagonal-sum [options] N S

Counts the Latin squares of order N (1 to 35) whose main diagonal, from the top left, sums to S:
the exact cover of `latin N`, and the sum as a propagator that the search asks at each node,
which removes the symbols that would take the sum out of reach.

Options:
  --at-the-end     check the sum on complete squares only (the same count, many more nodes)
)";

constexpr std::string_view examples_text = R"(
Exit status: 0 squares found, 1 none, 2 bad arguments.

Examples:
  diagonal-sum 4 10                 96
  diagonal-sum --stats 5 7          480, in 5036 nodes
  diagonal-sum --stats --at-the-end 5 7
  diagonal-sum -p --limit 1 5 15    draw one square
  latin --dlx 5 | dlx --propagator build/examples/diagonal_sum_plugin.so:7
)";

int command(Arguments& args) {
  CommonOptions options;
  std::optional<int> order, sum;
  bool at_the_end = false;
  while (!args.done()) {
    if (read_common_option(args, options)) continue;
    if (args.flag({"--at-the-end"})) {
      at_the_end = true;
    } else if (!order) {
      order = static_cast<int>(parse_number(args.positional(), "N", 1, 35));
    } else {
      sum = static_cast<int>(parse_number(args.positional(), "S", 0, 35 * 35));
    }
  }
  if (options.help) return show_help({usage, options_help(), examples_text});
  if (!sum) throw UsageError("give the order N and the sum S");

  const latin::Problem problem = latin::problem(*order);
  if (options.dlx) {
    write_dlx(std::cout, problem.matrix,
              cat("Latin squares of order ", *order, ", written by `diagonal-sum --dlx`; the sum",
                  " is dlx --propagator diagonal_sum_plugin.so:", *sum, "'s"));
    return exit_found;
  }
  diagonal_sum::DiagonalSum pruning = diagonal_sum::diagonal_sum(problem, *sum);
  CheckedAtTheEnd checking(problem, *sum);
  return solve(
      problem.matrix, options,
      [&](std::span<const dlx::OptionId> solution) {
        std::cout << latin::picture(latin::square(problem, solution)) << '\n';
      },
      {}, at_the_end ? static_cast<dlx::Propagator*>(&checking) : &pruning);
}

}  // namespace

int main(int argc, char** argv) {
  return examples::run("diagonal-sum", argc, argv, command);
}
