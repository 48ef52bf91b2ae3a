// Reading and writing sudoku text, in one include: the reader (sudoku/reader.hpp), the writers
// (sudoku/writer.hpp) and the symbols they share (sudoku/symbols.hpp). New code includes the one
// it needs.
#pragma once

#include "sudoku/reader.hpp"
#include "sudoku/symbols.hpp"
#include "sudoku/writer.hpp"
