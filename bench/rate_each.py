#!/usr/bin/env python3
"""CPU time of `sudoku --rate` on each puzzle of a file alone, slowest first.

usage: bench/rate_each.py [--sudoku BUILD/apps/sudoku] [-r RUNS] [-j THREADS] FILE

Each puzzle is rated by a process of its own (`sudoku --rate -f line -j 1 -`, the puzzle on
stdin), RUNS times (default 5), the runs of all puzzles alternated; prints per puzzle the median
CPU time (user + system, the whole process: start-up included), its rating and its line, then the
median and slowest of the medians. The CPU time, not the wall time: the machines are shared.
bench/data/hardest.txt holds a set to run it on: the ten highest ER of top1465 by our rating and
by Sudoku Explainer's (bench/data/serate), and famous hard puzzles (Inkala's of 2012, AI
Escargot, Easter Monster, Norvig's two).
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def rate(sudoku, puzzle):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sudoku, "--rate", "-f", "line", "-j", "1", "-"], input=puzzle + "\n",
                         capture_output=True, text=True, check=True).stdout.strip()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sudoku", default=os.path.join(HERE, "..", "build", "apps", "sudoku"))
    ap.add_argument("-r", "--runs", type=int, default=5)
    ap.add_argument("file")
    args = ap.parse_args()
    puzzles = [l.split()[0] for l in open(args.file) if l.strip() and not l.startswith("#")]
    times = [[] for _ in puzzles]
    ratings = [""] * len(puzzles)
    for _ in range(args.runs):
        for i, p in enumerate(puzzles):
            seconds, ratings[i] = rate(args.sudoku, p)
            times[i].append(seconds)
    medians = [statistics.median(t) for t in times]
    print(f"{'CPU ms':>8}  {'rating':14}  line")
    for i in sorted(range(len(puzzles)), key=lambda i: -medians[i]):
        print(f"{medians[i] * 1000:8.1f}  {ratings[i]:14}  {i + 1}")
    print(f"median {statistics.median(medians) * 1000:.1f} ms, slowest {max(medians) * 1000:.1f} ms "
          f"({len(puzzles)} puzzles, median of {args.runs} runs each)")


if __name__ == "__main__":
    sys.exit(main())
