// A sudoku puzzle as exact cover, written out so that the dlx command can solve it and people can
// read the encoding; for any geometry of the sudoku library (sizes, hyper, X, jigsaw, samurai).
//
// Items, all primary: each empty cell (`r3c5`: it gets exactly one digit), and each house with
// each digit it still misses (`row3=7`, `col5=7`, `box2=7`, and for the variants `win1=7`,
// `diag2=7`, `reg4=7`; a samurai's rows and columns name their grid, `row3g2=7`: the house gets
// that digit exactly once). Options: one per empty cell and
// candidate digit, a digit that no given peer holds: `r3c5 row3=7 col5=7 box2=7`, the cell and
// the (house, digit) items of its houses. The givens are left out, with the items they settle,
// so that a solution lists exactly the digits to write in.
#pragma once

#include <dlx/matrix.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sudoku/io/symbols.hpp>
#include <sudoku/model/geometry.hpp>
#include <sudoku/model/grid.hpp>
#include <vector>

#include "common/encoding.hpp"
#include "common/text.hpp"

namespace examples::sudoku_dlx {

// One option of the problem: a digit in a cell.
struct Candidate {
  int cell = 0;
  int digit = 0;
};

// The problem of completing one puzzle: the candidate of each option.
using Problem = Encoding<Candidate>;

// The short name of a house kind in item names.
inline std::string_view house_prefix(sudoku::HouseKind kind) noexcept {
  // In the order of sudoku::HouseKind.
  constexpr std::string_view prefixes[] = {"row", "col", "box", "win", "diag", "reg"};
  const auto i = static_cast<std::size_t>(kind);
  return i < std::size(prefixes) ? prefixes[i] : "house";
}

// The item name of a house and a digit: "row3=7" (houses from 1, digits as the puzzle writes
// them; a samurai's rows and columns with their grid, "row3g2=7", its boxes numbered across).
inline std::string house_digit_name(const sudoku::Geometry& geometry, int house, int digit) {
  const sudoku::House& h = geometry.houses()[static_cast<std::size_t>(house)];
  const bool lines = h.kind == sudoku::HouseKind::row || h.kind == sudoku::HouseKind::column;
  const std::string grid = geometry.grids().size() > 1 && lines ? cat('g', h.grid + 1) : "";
  return cat(house_prefix(h.kind), h.index + 1, grid, '=',
             sudoku::digit_symbol(geometry.size(), digit));
}

// The problem of completing `givens`. Throws std::invalid_argument when two givens clash (the
// puzzle has no solution, but leaving the givens out would hide it).
inline Problem problem(const sudoku::Geometry& geometry, const sudoku::Grid& givens) {
  if (const auto clash = sudoku::find_clash(geometry, givens)) {
    throw std::invalid_argument(sudoku::describe(geometry, *clash));
  }
  const int size = geometry.size();
  const auto houses = static_cast<int>(geometry.houses().size());
  // missing[house * size + digit - 1]: the house has no given of that digit.
  std::vector<bool> missing(static_cast<std::size_t>(houses * size), true);
  for (int h = 0; h < houses; ++h) {
    for (int cell : geometry.houses()[static_cast<std::size_t>(h)].cells) {
      const int digit = givens[static_cast<std::size_t>(cell)];
      if (digit != 0) missing[static_cast<std::size_t>(h * size + digit - 1)] = false;
    }
  }

  Problem out;
  std::vector<dlx::ItemId> cell_item(givens.size(), -1);
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    if (givens[static_cast<std::size_t>(cell)] == 0) {
      cell_item[static_cast<std::size_t>(cell)] =
          out.matrix.add_item(sudoku::cell_name(geometry, cell));
    }
  }
  std::vector<dlx::ItemId> house_item(missing.size(), -1);
  for (int h = 0; h < houses; ++h) {
    for (int digit = 1; digit <= size; ++digit) {
      const auto index = static_cast<std::size_t>(h * size + digit - 1);
      if (missing[index])
        house_item[index] = out.matrix.add_item(house_digit_name(geometry, h, digit));
    }
  }

  std::vector<dlx::Entry> entries;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    if (givens[static_cast<std::size_t>(cell)] != 0) continue;
    for (int digit = 1; digit <= size; ++digit) {
      entries.assign(1, {cell_item[static_cast<std::size_t>(cell)]});
      bool candidate = true;
      for (int h : geometry.houses_of(cell)) {
        const auto index = static_cast<std::size_t>(h * size + digit - 1);
        candidate = candidate && missing[index];
        entries.push_back({house_item[index]});
      }
      if (!candidate) continue;
      out.add_option(entries, {cell, digit});
    }
  }
  return out;
}

// The grid of a solution: the givens with the digits of the chosen options written in.
inline sudoku::Grid solution(const Problem& problem, const sudoku::Grid& givens,
                             std::span<const dlx::OptionId> options) {
  sudoku::Grid out = givens;
  for (dlx::OptionId option : options) {
    const Candidate& candidate = problem.meaning(option);
    out[static_cast<std::size_t>(candidate.cell)] = static_cast<std::uint8_t>(candidate.digit);
  }
  return out;
}

}  // namespace examples::sudoku_dlx
