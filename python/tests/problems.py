"""Exact-cover problems built through the module, for the tests."""

import dlx


def queens(n):
    """The n queens: rows and columns primary, diagonals secondary; option i*n+j: square (i, j)."""
    p = dlx.Problem([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)],
                    [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)])
    for i in range(n):
        for j in range(n):
            p.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"])
    return p


def langford(n):
    """Langford pairs: the two k's of 1..n are k positions apart; every arrangement and its
    reversal are both counted."""
    p = dlx.Problem([str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(1, 2 * n + 1)])
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            p.add_option([str(k), f"s{i}", f"s{i + k + 1}"])
    return p


def is_exact_cover(problem, solution):
    """Every primary item exactly once, every secondary item at most once or in one color."""
    seen = {}
    for items in solution.items:
        for item in items:
            name, _, color = item.partition(":")
            if name in seen and (not color or seen[name] != color):
                return False
            seen[name] = color or None
    return set(problem.primary) <= set(seen)
