"""Ctrl-C during a search: a SIGINT (sent to ourselves from a timer thread) stops the search in
C++ and raises KeyboardInterrupt; the links are left as they were, so the same problem searches
correctly afterwards."""

import faulthandler
import os
import signal
import threading
import time

import pytest

import sudoku
from problems import is_exact_cover, queens


@pytest.fixture(autouse=True)
def python_handles_sigint():
    """Python's own SIGINT handler, as in an interactive session, even when this process was
    started with SIGINT ignored (as a background job is); and a watchdog, so that a search the
    signal failed to stop ends the test run with a traceback instead of hanging it."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    faulthandler.dump_traceback_later(120, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()
    signal.signal(signal.SIGINT, previous)


def sigint_after(seconds):
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def interrupted(call, after=0.2):
    """Runs call() with a SIGINT after `after` seconds; returns the seconds it took to stop.
    The bounds below leave room for a loaded machine; a search that ran on would take longer."""
    start = time.monotonic()
    timer = sigint_after(after)
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.join()
    return time.monotonic() - start


def test_count_is_interrupted_then_counts_correctly():
    p = queens(15)  # 2,279,184 solutions (OEIS A000170): several seconds
    assert interrupted(p.count) < 2.0
    p = queens(14)  # 365,596 solutions: about a second and a half
    assert interrupted(p.count) < 2.0
    assert p.count() == 365596  # OEIS A000170


def test_count_on_two_threads_is_interrupted():
    p = queens(14)
    assert interrupted(lambda: p.count(threads=2)) < 2.0
    assert p.count(threads=2) == 365596


def test_an_interrupted_iterator_goes_on_where_it_stopped(root):
    import dlx

    p = dlx.read(root / "examples/pentominoes/pentomino-6x10.dlx")  # 2339 tilings, a second
    it = p.solutions()
    got = []

    def take():
        for solution in it:
            got.append(solution)

    interrupted(take, after=0.3)
    before = len(got)
    assert 0 < before < 2339
    take()
    # A SIGINT landing between next() and append() would lose one from `got`, not from the search.
    assert it.stats.solutions == 2339 and it.stats.outcome == "exhausted"
    assert len(got) >= 2338 and len(set(got)) == len(got)
    assert all(is_exact_cover(p, s) for s in got[before - 1:before + 2])


def test_a_handler_that_does_not_raise_lets_the_search_run_again():
    calls = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: calls.append(number))
    try:
        timer = sigint_after(0.1)
        assert queens(13).count() == 73712
        timer.join()
        time.sleep(0.05)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert calls == [signal.SIGINT]


def test_sudoku_count_is_interrupted():
    empty = sudoku.Puzzle.empty(9)  # 6.67e21 solutions: no end in sight
    assert interrupted(lambda: empty.count(limit=None)) < 2.0
    assert empty.count(limit=2) == 2


def test_sudoku_solutions_are_interrupted():
    solutions = sudoku.Puzzle.empty(9).solutions()
    assert len(next(solutions).line) == 81

    def drain():
        for _ in solutions:
            pass

    interrupted(drain)


def test_generation_and_batches_are_interrupted():
    # A minimal 16x16 X puzzle takes up to a minute to make.
    interrupted(lambda: sudoku.generate(16, "x", seed=1))
    puzzles = [sudoku.Puzzle.empty(9)] * 3
    interrupted(lambda: list(sudoku.batch(puzzles, "count", limit=None)))
    interrupted(lambda: list(sudoku.batch(puzzles, "count", limit=None, threads=2)))
