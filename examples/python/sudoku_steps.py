"""A sudoku solved the way a person would: every step of the logic, then the grid; a puzzle that
logic alone does not finish is completed by the search.

    /usr/bin/python3 examples/python/sudoku_steps.py examples/sudoku/regular.txt
"""
import sys

import sudoku

puzzle = next(sudoku.read(sys.argv[1] if len(sys.argv) > 1 else "examples/sudoku/regular.txt"))
print(puzzle)
rating = puzzle.rate()
for number, step in enumerate(rating.steps, 1):
    print(f"{number:3}. {step}")
print(f"difficulty: {rating.difficulty}" + (f" (hardest: {rating.hardest})" if rating.hardest else ""))
print(puzzle.solve())
