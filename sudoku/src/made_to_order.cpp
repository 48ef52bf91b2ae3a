#include "sudoku/made_to_order.hpp"

#include <cctype>
#include <string>

namespace sudoku {

namespace {

// splitmix64's step, for the seeds of the attempts after the first.
std::uint64_t mix(std::uint64_t seed, std::uint64_t i) {
  std::uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::string normal(std::string_view name) {
  std::string out;
  for (const char ch : name)
    out += ch == '-' || ch == '_' ? ' '
                                  : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

}  // namespace

bool Order::fits(const Rating& rating, const std::vector<Step>& steps) const {
  if (!rating.solvable) return false;
  if (band.hodoku && rating.hodoku != *band.hodoku) return false;
  if (band.qqwing && rating.qqwing != *band.qqwing) return false;
  if (rating.er < band.low - 1e-9 || rating.er > band.high + 1e-9) return false;
  if (technique) {
    bool used = false;
    // By name: the hidden singles of boxes and of lines are one technique to people.
    for (const Step& step : steps)
      used = used || technique_name(step.technique) == technique_name(*technique);
    if (!used) return false;
  }
  return true;
}

std::optional<Technique> parse_technique(std::string_view name) {
  const std::string wanted = normal(name);
  // Every technique has a name; a number past the last gets the fallback "step".
  for (int t = 0; t < 256; ++t) {
    const auto technique = static_cast<Technique>(t);
    const std::string_view name = technique_name(technique);
    if (technique != Technique::contradiction && name != "step" && normal(name) == wanted)
      return technique;
  }
  return std::nullopt;
}

OrderedGenerator::OrderedGenerator(const Geometry& geometry)
    : generator_(geometry), solver_(geometry), tables_(geometry) {}

void OrderedGenerator::set_stop_flag(const std::atomic<bool>* flag) noexcept {
  generator_.set_stop_flag(flag);
}

OrderedPuzzle OrderedGenerator::generate(std::uint64_t seed, const GeneratorOptions& options,
                                         const Order& order, std::uint64_t attempts) {
  OrderedPuzzle made;
  for (std::uint64_t k = 0; attempts == 0 || k < attempts; ++k) {
    made.puzzle = generator_.generate(k == 0 ? seed : mix(seed, k), options);
    made.attempts = k + 1;
    if (order.any()) return made;
    steps_.clear();
    made.rating = rate(made.puzzle.givens, solver_, tables_, &steps_, Uniqueness::assumed);
    if (order.fits(made.rating, steps_)) return made;
  }
  throw NoPuzzleInBand("no puzzle of the order in " + std::to_string(attempts) + " attempts");
}

}  // namespace sudoku
