"""The module's overhead against the C++ call on the same dlx::Solver (see python/README.md).

    cmake --build build --target python dlx_python_bench
    PYTHONPATH=build/python /usr/bin/python3 python/bench/overhead.py build/python/dlx_python_bench

Each problem is written to a file that the C++ program (search.cpp) reads, so that both search
the same matrix; the two sides alternate, each taking the fastest of a few runs per round, and
the medians over the rounds are printed:

- count 12-queens (14,200 solutions): Problem.count() against dlx::Solver::count();
- iterate the first million solutions of 15-queens: Problem.solutions() against a C++ visitor
  that copies each solution out;
- iterate the million solutions of 6 items with 10 options each, a search that costs almost
  nothing per solution: the iteration's own cost.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

import dlx

# The tests' problems (python/tests/problems.py): the same n queens as they count.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from problems import queens  # noqa: E402


def product(items, options):
    """`items` independent items of `options` options each: options ** items solutions."""
    p = dlx.Problem([f"i{k}" for k in range(items)])
    for k in range(items):
        for _ in range(options):
            p.add_option([f"i{k}"])
    return p


def cxx(binary, path, runs, limit=0):
    out = subprocess.run([binary, path, str(runs), str(limit)], capture_output=True, text=True,
                         check=True)
    solutions, seconds = out.stdout.split()
    return int(solutions), float(seconds)


def python(problem, runs, limit=0):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        if limit == 0:
            solutions = problem.count()
        else:
            solutions = 0
            for _ in problem.solutions(limit=limit):
                solutions += 1
        best = min(best, time.perf_counter() - start)
    return solutions, best


def compare(binary, name, problem, rounds, runs, limit=0):
    with tempfile.NamedTemporaryFile("w", suffix=".dlx", delete=False) as f:
        f.write(str(problem))
    try:
        c, p = [], []
        for _ in range(rounds):
            c.append(cxx(binary, f.name, runs, limit))
            p.append(python(problem, runs, limit))
    finally:
        os.unlink(f.name)
    assert len({s for s, _ in c + p}) == 1, name
    mc, mp = statistics.median(s for _, s in c), statistics.median(s for _, s in p)
    solutions = c[0][0]
    print(f"{name:34} {solutions:>9} solutions: C++ {mc * 1e3:8.1f} ms, Python {mp * 1e3:8.1f} ms, "
          f"{mp / mc:.3f}x, {(mp - mc) / solutions * 1e9:6.0f} ns more per solution "
          f"(medians of {rounds} rounds, best of {runs})")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "build/python/dlx_python_bench"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    compare(binary, "count 12-queens", queens(12), rounds, 5)
    compare(binary, "iterate 1M solutions of 15-queens", queens(15), max(3, rounds // 2), 1, 1_000_000)
    compare(binary, "iterate 1M solutions of 10^6", product(6, 10), rounds, 1, 1_000_000)


if __name__ == "__main__":
    main()
