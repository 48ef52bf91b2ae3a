// An exact-cover problem together with what each of its options stands for, kept in step as it
// is built, so that a solution (a list of option ids) can be read back.
#pragma once

#include <cstddef>
#include <dlx/matrix.hpp>
#include <span>
#include <vector>

namespace examples {

// A matrix and the meaning of each of its options (a pair placed, a digit in a cell, ...).
template <typename Meaning>
struct Encoding {
  dlx::Matrix matrix;
  std::vector<Meaning> meanings;  // by OptionId

  // Adds an option standing for `meaning` (none for an option the matrix drops).
  void add_option(std::span<const dlx::Entry> entries, const Meaning& meaning) {
    if (matrix.add_option(entries) != dlx::dropped_option) meanings.push_back(meaning);
  }
  // What an option stands for.
  const Meaning& meaning(dlx::OptionId option) const {
    return meanings[static_cast<std::size_t>(option)];
  }
};

}  // namespace examples
