#!/usr/bin/env python3
"""Makes 9x9 puzzles with the rules over several cells (arrows, little killers, sandwiches,
X-sums, between lines, quadruples, zipper and region sum lines, sum cages), for the benchmarks and the comparison with z3: a random
solution, clues drawn from it, then givens taken away in random order while the puzzle keeps one
solution (the project's own count). Reproducible from the seed; not run by the tests.

    PYTHONPATH=build/python python3 bench/make_rule_puzzles.py 12 --seed 1 > bench/data/sums.txt
"""
import argparse
import random

import sudoku


def name(cell):
    return "r%dc%d" % (cell // 9 + 1, cell % 9 + 1)


def walk(rng, start, length, taken):
    line = [start]
    while len(line) < length:
        r, c = divmod(line[-1], 9)
        nxt = [(r + dr) * 9 + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
               if (dr or dc) and 0 <= r + dr < 9 and 0 <= c + dc < 9
               and (r + dr) * 9 + c + dc not in line and (r + dr) * 9 + c + dc not in taken]
        if not nxt:
            break
        line.append(rng.choice(nxt))
    return line


def line_cells(row, col, dr, dc):
    cells = []
    r, c = row - 1 + dr, col - 1 + dc
    while 0 <= r < 9 and 0 <= c < 9:
        cells.append(r * 9 + c)
        r, c = r + dr, c + dc
    return cells


def rules_of(rng, g, kinds):
    rules = {}
    taken = set()
    for kind in kinds:
        if kind == "arrow":
            for _ in range(200):
                circle = rng.randrange(81)
                line = walk(rng, circle, rng.randint(3, 4), taken)[1:]
                if len(line) >= 2 and sum(g[c] for c in line) == g[circle] and circle not in taken:
                    taken.update(line + [circle])
                    rules.setdefault("arrow", []).append(
                        name(circle) + ":" + "-".join(name(c) for c in line))
                    break
        elif kind == "little-killer":
            dr, dc = rng.choice([(1, 1), (1, -1), (-1, 1), (-1, -1)])
            k = rng.randrange(1, 8)
            row, col = (0 if dr > 0 else 10, k) if rng.random() < 0.5 else (k, 0 if dc > 0 else 10)
            cells = line_cells(row, col, dr, dc)
            if not cells:
                continue
            way = ("d" if dr > 0 else "u") + ("r" if dc > 0 else "l")
            rules.setdefault("little-killer", []).append(
                "r%dc%d:%s=%d" % (row, col, way, sum(g[c] for c in cells)))
        elif kind in ("sandwich", "x-sum"):
            k = rng.randrange(1, 10)
            row, col, dr, dc = rng.choice([(0, k, 1, 0), (k, 0, 0, 1), (10, k, -1, 0), (k, 10, 0, -1)])
            v = [g[c] for c in line_cells(row, col, dr, dc)]
            if kind == "sandwich":
                a, b = sorted((v.index(1), v.index(9)))
                total = sum(v[a + 1:b])
            else:
                total = sum(v[:v[0]])
            rules.setdefault(kind, []).append("r%dc%d=%d" % (row, col, total))
        elif kind == "between":
            for _ in range(200):
                line = walk(rng, rng.randrange(81), rng.randint(3, 5), taken)
                v = [g[c] for c in line]
                lo, hi = sorted((v[0], v[-1]))
                if len(line) >= 3 and all(lo < x < hi for x in v[1:-1]):
                    taken.update(line)
                    rules.setdefault("between", []).append("-".join(name(c) for c in line))
                    break
        elif kind in ("zipper", "region-sum", "sum-cage"):
            for _ in range(200):
                line = walk(rng, rng.randrange(81), rng.randint(3, 5), taken)
                v = [g[c] for c in line]
                if kind == "zipper":
                    mid = v[len(v) // 2] if len(v) % 2 else v[len(v) // 2 - 1] + v[len(v) // 2]
                    ok = all(v[i] + v[-1 - i] == mid for i in range(len(v) // 2))
                elif kind == "region-sum":
                    box = [c // 27 * 3 + c % 9 // 3 for c in line]
                    sums = []
                    for i, c in enumerate(line):
                        if i == 0 or box[i] != box[i - 1]:
                            sums.append(0)
                        sums[-1] += v[i]
                    ok = len(sums) > 1 and len(set(sums)) == 1
                else:
                    ok = True
                if len(line) >= 3 and ok and line[0] not in taken:
                    taken.update(line)
                    if kind == "sum-cage":
                        line.sort()
                        rules.setdefault(kind, []).append(
                            "-".join(name(c) for c in line) + "=%d" % sum(v))
                    else:
                        rules.setdefault(kind, []).append("-".join(name(c) for c in line))
                    break
        elif kind == "quadruple":
            r, c = rng.randrange(8), rng.randrange(8)
            four = [g[r * 9 + c], g[r * 9 + c + 1], g[r * 9 + c + 9], g[r * 9 + c + 10]]
            digits = sorted(rng.sample(four, rng.randint(2, 4)))
            rules.setdefault("quadruple", []).append(
                "%s=%s" % (name(r * 9 + c), "/".join(map(str, digits))))
    return "".join("#%s %s\n" % (k, " ".join(dict.fromkeys(v))) for k, v in rules.items())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    menus = [["arrow"] * 6 + ["quadruple"] * 2, ["sandwich"] * 8, ["little-killer"] * 6 + ["arrow"] * 2,
             ["x-sum"] * 8, ["between"] * 5 + ["arrow"] * 3, ["arrow", "sandwich", "little-killer",
             "x-sum", "between", "quadruple"] * 2, ["zipper"] * 6 + ["region-sum"] * 3,
             ["sum-cage"] * 8, ["region-sum"] * 6 + ["arrow"] * 2]
    made = 0
    while made < args.count:
        g = list(sudoku.random_solution(9, seed=rng.randrange(1 << 30)).digits)
        header = rules_of(rng, g, menus[made % len(menus)])
        givens = g[:]
        if sudoku.parse(header + "".join(map(str, givens))).count(2) != 1:
            continue
        for cell in rng.sample(range(81), 81):
            keep = givens[cell]
            givens[cell] = 0
            if sudoku.parse(header + "".join(str(d) if d else "." for d in givens)).count(2) != 1:
                givens[cell] = keep
        print(header + "".join(str(d) if d else "." for d in givens))
        made += 1


if __name__ == "__main__":
    main()
