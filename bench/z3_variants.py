#!/usr/bin/env python3
"""The same check as `sudoku --count --limit 2` (one solution, or more) by an SMT solver: each
puzzle of a file in the text format (9x9 grid with the line rules #thermo, #slow-thermo,
#whispers, #renban, #palindrome, #nabner; other rules are refused) as a z3 model of integer
cells, solved, then solved again with the first solution forbidden (also the rules over several
cells: #arrow, #little-killer, #sandwich, #x-sum, #between, #quadruple, #zipper, #region-sum,
#sum-cage, each written from its definition). Prints each puzzle's
solutions (1, or 2 for "more") and milliseconds of z3's work (the model built and checked, not
Python's start), then the median. Debian's python3-z3; not run by the tests.

    python3 bench/z3_variants.py bench/data/lines.txt
    python3 bench/z3_variants.py bench/data/sums.txt
"""
import statistics
import sys
import time

import z3


def cell(name):
    row, col = name[1:].split("c")
    return (int(row) - 1) * 9 + int(col) - 1


def place(word):
    """An outside place "r0c3" as (row, column) from 1, 0 and 10 beside the grid."""
    row, col = word[1:].split("c")
    return int(row), int(col)


def from_outside(row, col, dr, dc):
    cells = []
    r, c = row - 1 + dr, col - 1 + dc
    while 0 <= r < 9 and 0 <= c < 9:
        cells.append(r * 9 + c)
        r, c = r + dr, c + dc
    return cells


def into(row, col):
    return (1, 0) if row == 0 else (-1, 0) if row == 10 else (0, 1) if col == 0 else (0, -1)


SEVERAL = ("arrow", "little-killer", "sandwich", "x-sum", "between", "quadruple", "zipper",
           "region-sum", "sum-cage")


def sum_of(terms):
    return z3.Sum(terms) if terms else z3.IntVal(0)


def several(s, x, keyword, words):
    """The rules over several cells (SEVERAL), one word of a header line each."""
    for word in words:
        if keyword == "arrow":
            parts = word.split(":")
            circle = [x[cell(n)] for n in parts[0].split("-")]
            number = sum_of([v * 10 ** (len(circle) - 1 - k) for k, v in enumerate(circle)])
            s.add(number == sum_of([x[cell(n)] for line in parts[1:] for n in line.split("-")]))
        elif keyword == "little-killer":
            at, rest = word.split(":")
            way, total = rest.split("=")
            dr, dc = (1 if way[0] == "d" else -1), (1 if way[1] == "r" else -1)
            s.add(sum_of([x[c] for c in from_outside(*place(at), dr, dc)]) == int(total))
        elif keyword in ("sandwich", "x-sum"):
            at, total = word.split("=")
            v = [x[c] for c in from_outside(*place(at), *into(*place(at)))]
            if keyword == "sandwich":
                # Cell k is between the crusts when one crust is before it and the other after.
                def before(k, d):
                    return z3.Or([v[j] == d for j in range(k)]) if k else z3.BoolVal(False)
                inside = [z3.Or(z3.And(before(k, 1), z3.Not(before(k + 1, 9))),
                                z3.And(before(k, 9), z3.Not(before(k + 1, 1)))) for k in range(9)]
                s.add(sum_of([z3.If(inside[k], v[k], 0) for k in range(9)]) == int(total))
            else:
                s.add(sum_of([z3.If(v[0] > k, v[k], 0) for k in range(9)]) == int(total))
        elif keyword == "between":
            v = [x[cell(n)] for n in word.split("-")]
            lo, hi = v[0], v[-1]
            s.add([z3.Or(z3.And(lo < a, a < hi), z3.And(hi < a, a < lo)) for a in v[1:-1]])
        elif keyword == "quadruple":
            at, digits = word.split("=")
            first = cell(at)
            v = [x[first], x[first + 1], x[first + 9], x[first + 10]]
            for d in set(digits.split("/")):
                need = digits.split("/").count(d)
                s.add(sum_of([z3.If(a == int(d), 1, 0) for a in v]) >= need)
        elif keyword == "zipper":
            v = [x[cell(n)] for n in word.split("-")]
            mid = v[len(v) // 2] if len(v) % 2 else v[len(v) // 2 - 1] + v[len(v) // 2]
            s.add([v[k] + v[-1 - k] == mid for k in range(len(v) // 2)])
        elif keyword == "region-sum":
            cells = [cell(n) for n in word.split("-")]
            box = [c // 27 * 3 + c % 9 // 3 for c in cells]
            segments = []
            for k, c in enumerate(cells):
                if k == 0 or box[k] != box[k - 1]:
                    segments.append([])
                segments[-1].append(x[c])
            s.add([sum_of(seg) == sum_of(segments[0]) for seg in segments[1:]])
        elif keyword == "sum-cage":
            cells, total = word.split("=")
            s.add(sum_of([x[cell(n)] for n in cells.split("-")]) == int(total))


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
        if keyword in SEVERAL:
            several(s, x, keyword, lines)
            continue
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
