// The seeded random numbers of the whole tree: splitmix64 (Steele, Lea and Flood, 2014), a small,
// well-mixed generator that gives the same numbers from the same seed on every platform, with no
// distribution of the standard library in between (their results differ between libraries).
// The searches' seeds (Solver::set_seed), the sudoku generator and the seeds of a set of puzzles
// all draw from here, so a seed means the same thing in the command, the web page and Python.
#pragma once

#include <cstdint>

namespace dlx {

// The step between the states of one stream: 2^64 divided by the golden ratio, made odd.
inline constexpr std::uint64_t random_step = 0x9e3779b97f4a7c15ULL;

// splitmix64's finalizer: a state scrambled into the number it stands for.
constexpr std::uint64_t random_mix(std::uint64_t z) noexcept {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The next number of the stream whose state is `state`, which it advances.
constexpr std::uint64_t next_random(std::uint64_t& state) noexcept {
  return random_mix(state += random_step);
}

// The number at position i (from 0) of the stream that starts at `seed`, without a state: what
// next_random returns after i earlier calls. Seeds for the i-th of a set of jobs.
constexpr std::uint64_t nth_random(std::uint64_t seed, std::uint64_t i) noexcept {
  return random_mix(seed + (i + 1) * random_step);
}

// A number in [0, n), n > 0, from the stream `state`; the bias of the modulo is below 2^-40 for
// n below 2^24, which covers every choice among options or cells made with it.
constexpr std::uint64_t uniform(std::uint64_t& state, std::uint64_t n) noexcept {
  return next_random(state) % n;
}

}  // namespace dlx
