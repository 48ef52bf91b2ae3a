#!/usr/bin/env python3
"""The same check as `sudoku --count --limit 2` (one solution, or more) by an SMT solver: each
puzzle of a file in the text format (9x9 grid with the line rules #thermo, #slow-thermo,
#whispers, #renban, #palindrome, #nabner; other rules are refused) as a z3 model of integer
cells, solved, then solved again with the first solution forbidden. Prints each puzzle's
solutions (1, or 2 for "more") and milliseconds of z3's work (the model built and checked, not
Python's start), then the median. Debian's python3-z3; not run by the tests.

    python3 bench/z3_variants.py bench/data/lines.txt
"""
import statistics
import sys
import time

import z3


def cell(name):
    row, col = name[1:].split("c")
    return (int(row) - 1) * 9 + int(col) - 1


def model(rules, givens):
    x = [z3.Int("c%d" % i) for i in range(81)]
    s = z3.Solver()
    for v in x:
        s.add(v >= 1, v <= 9)
    for i in range(9):
        s.add(z3.Distinct([x[i * 9 + j] for j in range(9)]))
        s.add(z3.Distinct([x[j * 9 + i] for j in range(9)]))
        r, c = i // 3 * 3, i % 3 * 3
        s.add(z3.Distinct([x[(r + a) * 9 + c + b] for a in range(3) for b in range(3)]))
    for i, d in enumerate(givens):
        if d != ".":
            s.add(x[i] == int(d))
    for keyword, lines in rules:
        number = 5
        if lines and lines[0].isdigit():
            number = int(lines[0])
            lines = lines[1:]
        for line in lines:
            v = [x[cell(n)] for n in line.split("-")]
            pairs = list(zip(v, v[1:]))
            if keyword == "thermo":
                s.add([a < b for a, b in pairs])
            elif keyword == "slow-thermo":
                s.add([a <= b for a, b in pairs])
            elif keyword == "whispers":
                s.add([z3.Or(a - b >= number, b - a >= number) for a, b in pairs])
            elif keyword == "renban":
                s.add(z3.Distinct(v))
                lo = z3.Int("lo_" + line)
                s.add([z3.And(a >= lo, a < lo + len(v)) for a in v])
            elif keyword == "palindrome":
                s.add([v[k] == v[-1 - k] for k in range(len(v) // 2)])
            elif keyword == "nabner":
                s.add([z3.Or(a - b >= 2, b - a >= 2) for k, a in enumerate(v) for b in v[k + 1:]])
            else:
                raise SystemExit("z3_variants.py: no model for #" + keyword)
    return s, x


def count(rules, givens):
    s, x = model(rules, givens)
    if s.check() != z3.sat:
        return 0
    m = s.model()
    s.add(z3.Or([v != m.eval(v) for v in x]))
    return 1 if s.check() != z3.sat else 2


def main():
    times = []
    rules = []
    for number, text in enumerate(open(sys.argv[1]), 1):
        text = text.strip()
        if text.startswith("#"):
            words = text[1:].split()
            rules.append((words[0], words[1:]))
            continue
        if not text:
            continue
        start = time.perf_counter()
        solutions = count(rules, text)
        ms = (time.perf_counter() - start) * 1000
        times.append(ms)
        print("%s:%d: %d solution%s, %.1f ms" % (sys.argv[1], number, solutions,
                                                 "" if solutions == 1 else "s", ms))
        rules = []
    print("median %.1f ms a puzzle over %d" % (statistics.median(times), len(times)))


if __name__ == "__main__":
    main()
