"""Propagators in Python: a callable asked at each node of the search (count, search, first),
on Latin squares whose main diagonal sums to S, counted against a brute force."""

import itertools
from collections import Counter

import pytest

import dlx


def latin(n):
    """Latin squares of order n: option (r * n + c) * n + v puts symbol v + 1 in cell (r, c)."""
    p = dlx.Problem([f"p{r}{c}" for r in range(n) for c in range(n)]
                    + [f"r{r}{v}" for r in range(n) for v in range(n)]
                    + [f"c{c}{v}" for c in range(n) for v in range(n)])
    for r, c, v in itertools.product(range(n), repeat=3):
        p.add_option([f"p{r}{c}", f"r{r}{v}", f"c{c}{v}"])
    return p


def brute_force(n):
    """The Latin squares of order n by the sum of their diagonal: rows as permutations, each
    kept when no column repeats a symbol."""
    sums = Counter()

    def extend(rows):
        if len(rows) == n:
            sums[sum(rows[i][i] for i in range(n))] += 1
            return
        for row in itertools.permutations(range(1, n + 1)):
            if all(row[c] != above[c] for above in rows for c in range(n)):
                extend(rows + [row])

    extend([])
    return sums


def diagonal_sum(n, target):
    """A propagator for "the diagonal sums to target": the sum's range from the symbols each
    diagonal cell may still take; a node outside it is refused, a symbol out of reach removed."""

    def options(i):
        return [(i * n + i) * n + v for v in range(n)]

    def propagate(node):
        fixed = {o // (n * n): o % n + 1 for o in node.chosen if o // (n * n) == o // n % n}
        least, most, open_ = {}, {}, {}
        for i in range(n):
            if i in fixed:
                least[i] = most[i] = fixed[i]
                continue
            open_[i] = [o for o in options(i) if node.open(o)]
            if not open_[i]:
                return False
            least[i] = min(o % n for o in open_[i]) + 1
            most[i] = max(o % n for o in open_[i]) + 1
        low, high = sum(least.values()), sum(most.values())
        if not low <= target <= high:
            return False
        return [o for i, opts in open_.items() for o in opts
                if low - least[i] + o % n + 1 > target or high - most[i] + o % n + 1 < target]

    return propagate


def at_the_end(n, target):
    """The same constraint on complete squares only."""

    def propagate(node):
        diagonal = [o % n + 1 for o in node.chosen if o // (n * n) == o // n % n]
        return len(diagonal) < n or sum(diagonal) == target

    return propagate


def test_counts_are_the_brute_forces():
    n = 4
    known = brute_force(n)
    assert sum(known.values()) == 576  # OEIS A002860
    p = latin(n)
    for target in range(n - 1, n * n + 2):
        pruned = p.search(propagator=diagonal_sum(n, target))
        checked = p.search(propagator=at_the_end(n, target))
        assert pruned.solutions == checked.solutions == known[target], target
        assert pruned.nodes < checked.nodes
        assert checked.pruned == 0
        if known[target]:
            assert pruned.pruned > 0
        assert p.count(propagator=diagonal_sum(n, target)) == known[target]


def test_first_keeps_the_constraint():
    n = 4
    solution = latin(n).first(propagator=diagonal_sum(n, 6))
    assert solution is not None
    assert sum(o % n + 1 for o in solution if o // (n * n) == o // n % n) == 6
    assert latin(n).first(propagator=diagonal_sum(n, 3)) is None


def test_what_a_propagator_returns():
    p = latin(3)
    assert p.count(propagator=lambda node: None) == 12
    assert p.count(propagator=lambda node: True) == 12
    assert p.count(propagator=lambda node: []) == 12
    assert p.count(propagator=lambda node: False) == 0
    assert p.count(propagator=lambda node: iter([10**12, -1])) == 12  # no such options: ignored
    with pytest.raises(TypeError, match="option indices"):
        p.count(propagator=lambda node: 3)
    with pytest.raises(TypeError, match="int"):
        p.count(propagator=lambda node: ["a"])


def test_open_and_chosen_agree_with_the_chosen_options():
    n = 3
    p = latin(n)
    items = [set(p.option(o)) for o in range(n ** 3)]
    seen = []

    def check(node):
        chosen = node.chosen
        used = set().union(*(items[o] for o in chosen)) if chosen else set()
        for o in range(n ** 3):
            assert node.open(o) == (not items[o] & used), (chosen, o)
        assert not node.open(-1) and not node.open(n ** 3)
        seen.append(node)
        return None

    assert p.count(propagator=check) == 12
    with pytest.raises(ValueError, match="only during"):
        seen[0].open(0)


def test_exceptions_propagate_and_the_problem_searches_again():
    p = latin(4)
    calls = 0

    def failing(node):
        nonlocal calls
        calls += 1
        if calls == 30:
            raise RuntimeError("the rule failed")

    with pytest.raises(RuntimeError, match="the rule failed"):
        p.count(propagator=failing)
    assert p.count() == 576
    assert p.count(propagator=diagonal_sum(4, 10)) == brute_force(4)[10]


def test_refused_searches():
    p = latin(3)
    with pytest.raises(ValueError, match="one thread"):
        p.count(threads=2, propagator=lambda node: None)
    with pytest.raises(ValueError, match="links"):
        p.count(engine="cells", propagator=lambda node: None)
    with pytest.raises(TypeError, match="callable"):
        p.count(propagator=3)
    colors = dlx.parse("p q | x\np x:A\nq x:A\n")
    with pytest.raises(ValueError, match="colors or bounds"):
        colors.count(propagator=lambda node: None)
