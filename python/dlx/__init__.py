"""Exact cover with Knuth's dancing links: Algorithm X (DLX1), and Algorithm C (DLX2) for
secondary items with colors, in C++ (dlx::Solver) without the GIL.

    >>> import dlx
    >>> p = dlx.Problem(primary=["a", "b", "c"], secondary=["x"])
    >>> p.add_option(["a", "b"])       # the option's index
    0
    >>> p.add_option(["c", "x:red"])
    1
    >>> p.count()
    1
    >>> for solution in p.solutions():  # lazily, in search order
    ...     print(solution.items)
    [['a', 'b'], ['c', 'x:red']]

Ctrl-C stops a search cleanly (KeyboardInterrupt). Errors are dlx.Error and dlx.ParseError
(ValueError), with file, line and column where the input has them.
"""

import os as _os

from ._native import dlx as _native

Problem = _native.Problem
Solution = _native.Solution
Solutions = _native.Solutions
Result = _native.Result
Progress = _native.Progress
SearchNode = _native.SearchNode
Error = _native.Error
ParseError = _native.ParseError
parse = _native.parse

__all__ = ["Problem", "Solution", "Solutions", "Result", "Progress", "SearchNode", "Error",
           "ParseError", "parse", "read", "write"]


def read(file, *, max_nodes=50_000_000):
    """Reads a problem in Knuth's format from a path or an open file; raises dlx.ParseError
    with the file's name, line and column, OSError when the file cannot be read."""
    if hasattr(file, "read"):
        return parse(file.read(), getattr(file, "name", "<stream>"), max_nodes=max_nodes)
    name = _os.fspath(file)
    with open(name, "rb") as f:
        return parse(f.read(), str(name), max_nodes=max_nodes)


def write(problem, file):
    """Writes a problem in Knuth's format to a path or an open text file."""
    if hasattr(file, "write"):
        file.write(str(problem))
        return
    with open(_os.fspath(file), "w", encoding="utf-8") as f:
        f.write(str(problem))


for _cls in (Problem, Solution, Solutions, Result, Progress):
    _cls.__module__ = "dlx"
del _cls
