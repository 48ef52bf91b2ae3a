// The diagonal sum of diagonal_sum.hpp as a plugin of the dlx command (dlx/plugin.hpp), for
// Latin squares as `latin --dlx` writes them: `latin --dlx 5 | dlx --propagator
// diagonal_sum_plugin.so:7` counts those whose main diagonal sums to 7.
#include <dlx/plugin.hpp>
#include <exception>
#include <string>

#include "diagonal-sum/diagonal_sum.hpp"

namespace {

void say(char* error, std::size_t size, const std::string& message) {
  if (size == 0) return;
  const std::size_t n = std::min(size - 1, message.size());
  message.copy(error, n);
  error[n] = '\0';
}

}  // namespace

extern "C" dlx::Propagator* dlx_make_propagator(const dlx::Matrix& matrix, const char* args,
                                                char* error, std::size_t error_size) {
  try {
    const std::string text = args;
    std::size_t used = 0;
    int sum = -1;
    try {
      sum = std::stoi(text, &used);
    } catch (const std::exception&) {
    }
    if (text.empty() || used != text.size() || sum < 0) {
      say(error, error_size, "the diagonal sum takes the sum as its argument, as in FILE:10");
      return nullptr;
    }
    auto places = examples::diagonal_sum::places_by_name(matrix);
    if (!places) {
      say(error, error_size, "the diagonal sum takes Latin squares as `latin --dlx` writes them");
      return nullptr;
    }
    int cells = 0;
    for (const examples::diagonal_sum::Place& p : *places) cells = std::max(cells, p.cell + 1);
    return new examples::diagonal_sum::DiagonalSum(std::move(*places), cells, sum);
  } catch (const std::exception& e) {
    say(error, error_size, e.what());
    return nullptr;
  }
}

extern "C" void dlx_destroy_propagator(dlx::Propagator* propagator) {
  delete propagator;
}
