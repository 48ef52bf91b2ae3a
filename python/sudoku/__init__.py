"""Sudoku on the dlx exact-cover core: 4x4 to 25x25 (other sizes with boxes), regular, hyper,
X, hyper-X, jigsaw and samurai; solving, counting, listing, logical steps, hints, rating, generation and
batches on several threads. The C++ library (sudoku/) decides everything; this is its front end.

    >>> import sudoku
    >>> p = sudoku.Puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> p.count()                  # all of them, as sudoku --count; count(2): "is it unique?"
    1
    >>> print(p.solve().line)      # print(p.solve()) draws the grid with box borders
    417369825632158947958724316825437169791586432346912758289643571573291684164875293
    >>> print(p.steps()[0])        # the logical solution, step by step
    r6c2=4: hidden single in box 4

Errors are sudoku.FormatError, ClashError and GeometryError (ValueError), with file, line and
column where the input has them. Ctrl-C stops a search cleanly (KeyboardInterrupt).
"""

import os as _os

from dlx._native import sudoku as _native

Puzzle = _native.Puzzle
Grid = _native.Grid
Step = _native.Step
Rating = _native.Rating
Result = _native.Result
BatchResult = _native.BatchResult
Error = _native.Error
FormatError = _native.FormatError
ClashError = _native.ClashError
GeometryError = _native.GeometryError
parse = _native.parse
puzzles = _native.puzzles
generate = _native.generate
random_solution = _native.random_solution
variants = _native.variants
logic_levels = _native.logic_levels

__all__ = ["Puzzle", "Grid", "Step", "Rating", "Result", "BatchResult", "Error", "FormatError",
           "ClashError", "GeometryError", "parse", "puzzles", "read", "batch", "generate",
           "random_solution", "variants", "logic_levels"]


def _text(file):
    if hasattr(file, "read"):
        return file.read(), str(getattr(file, "name", "<stream>"))
    name = _os.fspath(file)
    with open(name, "rb") as f:
        return f.read(), str(name)


def read(file, *, size=None, variant=None, regions=None, symbols=None, blank=None):
    """The puzzles of a file (a path or an open file), one at a time: an iterator of Puzzle.
    A puzzle that cannot be read raises FormatError with the file's name, line and column.
    size, variant, regions, symbols and blank say what the text does not (see Puzzle)."""
    text, name = _text(file)
    return puzzles(text, size=size, variant=variant, regions=regions, symbols=symbols,
                   blank=blank, name=name)


def batch(source, task="solve", *, limit=None, threads=1, logic="fast", max_nodes=None,
          size=None, variant=None, regions=None, symbols=None, blank=None, assume_unique=None):
    """Works on many puzzles on `threads` threads (0: one per core) with the library's batch
    engine (sudoku::Batch) and yields a BatchResult per puzzle, in input order.

    source: a path or an open file (read by the library's reader; a puzzle that cannot be read
    gives a result whose `error` says why, and the batch goes on), or an iterable of Puzzle.
    task: 'solve' (up to `limit` solutions, the first kept), 'count', 'rate', 'hint',
    'canonical' (each result's `canonical` form) or 'dedupe' (the same, and `duplicate` True when
    an earlier puzzle is equivalent).
    limit: the solutions searched for per puzzle; None, as the sudoku command: all of them for
    'count', 2 for 'solve' (which tells whether the first is unique); 0: all.
    threads: 0 (one per core) to 1024, as the command's --threads.
    assume_unique (rate, hint): whether the uniqueness techniques reason, as for Puzzle.rate.
    """
    if isinstance(source, (str, bytes, _os.PathLike)) or hasattr(source, "read"):
        text, name = _text(source)
    else:
        text, name = source, "<puzzles>"
    return _native._batch(text, task, limit, threads, logic, max_nodes, size, variant, regions,
                          symbols, blank, name, assume_unique)


for _cls in (Puzzle, Grid, Step, Rating, Result, BatchResult, _native.Solutions,
             _native.Puzzles, _native.Batch):
    _cls.__module__ = "sudoku"
del _cls
