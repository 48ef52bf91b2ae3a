#!/usr/bin/env python3
"""How well our rating agrees with Sudoku Explainer's: ER of `sudoku --rate` against serate's.

usage: bench/rating_agreement.py [-n N] [--sudoku BUILD/apps/sudoku] [--serate SERATE]
                                 [-t SECONDS] FILE...

For the first N puzzles of each FILE (default 200): the rank correlation (Spearman, ties
averaged) of the two ERs, the share with the same integer part of ER, the share within 0.5, and
the mean CPU time of ours per puzzle (one thread). Sudoku Explainer's ratings come from a cache,
bench/data/serate/<file name>.txt (its lines as serate prints them: puzzle ER/EP/ED [ms]); the
puzzles missing from it are rated with serate (-t: its CPU limit per puzzle, default 60) and
added to it. serate takes about a second a puzzle: run one at a time.
"""
import argparse
import json
import resource
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else float("nan")


def read_cache(path):
    cache = {}
    if os.path.exists(path):
        for line in open(path):
            parts = line.split()
            if len(parts) >= 2:
                cache[parts[0]] = parts[1]
    return cache


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--sudoku", default=os.path.join(HERE, "..", "build", "apps", "sudoku"))
    ap.add_argument("--serate", default="/work/anchors/logic/serate")
    ap.add_argument("-t", type=float, default=60)
    ap.add_argument("--list", action="store_true", help="print each puzzle whose ER differs by 1 or more")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    print(f"{'set':32} {'puzzles':>7} {'spearman':>8} {'same int':>8} {'within .5':>9} "
          f"{'CPU ms':>8} {'no SE':>5}")
    for path in args.files:
        name = os.path.basename(path)
        puzzles = [l.split()[0] for l in open(path) if l.strip() and not l.startswith("#")][: args.n]
        cache_path = os.path.join(HERE, "data", "serate", name + ".txt")
        cache = read_cache(cache_path)
        missing = [p for p in puzzles if p not in cache]
        if missing and os.path.exists(args.serate):
            tmp = cache_path + ".todo"
            with open(tmp, "w") as f:
                f.write("\n".join(missing) + "\n")
            out = subprocess.run([args.serate, "-c", "-t", str(args.t), tmp], capture_output=True,
                                 text=True).stdout
            os.remove(tmp)
            with open(cache_path, "a") as f:
                f.write(out)
            cache = read_cache(cache_path)
        # CPU time of ours (one thread), not wall time: the machines are shared.
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        text = subprocess.run([args.sudoku, "--rate", "-f", "json", "-j", "1", "-"],
                              input="\n".join(puzzles) + "\n", capture_output=True, text=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        ms = cpu * 1000 / max(1, len(puzzles))
        ours = {}
        for line in text.splitlines():
            r = json.loads(line)
            if "er" in r:
                ours[r["puzzle"]] = r["er"]
        se, us = [], []
        for p in puzzles:
            rating = cache.get(p, "")
            if "/" not in rating or p not in ours:
                continue
            se.append(float(rating.split("/")[0]))
            us.append(ours[p])
            if args.list and abs(se[-1] - us[-1]) >= 1:
                print(f"  {p} SE {rating} ours {ours[p]}")
        n = len(se)
        same = sum(int(a) == int(b) for a, b in zip(se, us))
        near = sum(abs(a - b) <= 0.5 + 1e-9 for a, b in zip(se, us))
        print(f"{name:32} {n:7} {spearman(se, us):8.3f} {100 * same / n:7.1f}% {100 * near / n:8.1f}% "
              f"{ms:8.2f} {len(puzzles) - n:5}")


if __name__ == "__main__":
    sys.exit(main())
