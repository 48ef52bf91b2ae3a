"""Ctrl-C during a search: a SIGINT stops the search in C++ and raises KeyboardInterrupt; the links
are left as they were, so the same problem searches correctly afterwards.

No test here races a clock. Every search that a signal must interrupt is one that cannot end by
itself in the test's lifetime (counting all of the 20 queens, a blank 9x9 grid, ...), and where
the search takes a progress callback the signal is sent only once that callback has run, that is,
once the search is running. The signal comes from a thread that is always joined, under a handler
that is always put back, so no SIGINT reaches a later test."""

import contextlib
import faulthandler
import itertools
import signal
import threading
import time

import pytest

import sudoku
from problems import is_exact_cover, queens

# A generous bound on the time from the signal to the search's stop: the searches check at every
# node, so milliseconds are usual; a loaded machine may be slow to schedule the threads.
STOPS_WITHIN = 10.0


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


class Sender:
    """One SIGINT for the main thread, sent from a thread of its own when `ready` is set or, for
    calls that take no callback, `after` seconds after the start."""

    def __init__(self, ready=None, after=0.2):
        self.ready = threading.Event() if ready is None else ready
        self.after = after
        self.sent = threading.Event()
        self.sent_at = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._send, daemon=True)

    def _send(self):
        start = time.monotonic()
        while not self.ready.wait(0.01):
            if self.done.is_set():
                return
            if self.after is not None and time.monotonic() - start >= self.after:
                break
        if not self.done.is_set():
            self.sent_at = time.monotonic()
            signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
            self.sent.set()


@contextlib.contextmanager
def sigint(ready=None, after=0.2, handler=None):
    """Within the block, one SIGINT (see Sender). By default it raises KeyboardInterrupt once, in
    the block only: a signal that lands as the block ends is counted and dropped. On leaving, the
    sender is stopped and joined, then the handler is put back."""
    sender = Sender(ready, after)
    sender.received = 0

    def raise_once(number, frame):
        sender.received += 1
        if sender.received == 1 and not sender.done.is_set():
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, handler or raise_once)
    sender.thread.start()
    try:
        yield sender
    finally:
        sender.done.set()
        sender.thread.join()
        settle()  # a signal sent just before `done` has its Python handler run here
        signal.signal(signal.SIGINT, previous)


def settle():
    """Python runs the Python-level handlers of signals already received on entering a function."""


def interrupted(call, ready=None, after=0.2):
    """Runs call() until a SIGINT stops it with KeyboardInterrupt; returns the seconds from the
    signal to the stop. `ready`: an Event that the call's progress callback sets."""
    with sigint(ready, after) as sender:
        with pytest.raises(KeyboardInterrupt):
            call()
        stopped_at = time.monotonic()
    assert sender.sent.is_set(), "KeyboardInterrupt without the test's signal"
    return stopped_at - sender.sent_at


def started(event):
    """A progress callback that tells `event` the search runs."""
    return lambda progress: event.set()


def test_count_is_interrupted_then_counts_correctly():
    p = queens(20)  # 39,029,188,884 solutions (OEIS A000170): hours of search
    ready = threading.Event()
    count = lambda: p.count(progress=started(ready), progress_interval=0.01)
    assert interrupted(count, ready, after=None) < STOPS_WITHIN
    # The links are as they were: the same search as on a problem never interrupted.
    assert p.search(limit=500).nodes == queens(20).search(limit=500).nodes
    assert queens(12).count() == 14200  # OEIS A000170


def test_count_on_two_threads_is_interrupted():
    p = queens(20)
    ready = threading.Event()
    count = lambda: p.count(threads=2, progress=started(ready), progress_interval=0.01)
    assert interrupted(count, ready, after=None) < STOPS_WITHIN
    assert queens(12).count(threads=2) == 14200


def test_an_interrupted_iterator_goes_on_where_it_stopped():
    p = queens(20)
    it = p.solutions()
    got = []
    ready = threading.Event()

    def take():
        for solution in it:
            got.append(solution)
            if len(got) == 10:
                ready.set()

    interrupted(take, ready, after=None)
    before = len(got)
    assert before >= 10
    got.extend(itertools.islice(it, 20))
    # The same solutions, in the same order, as one search never interrupted; a SIGINT landing
    # between next() and append() loses one from `got`, not from the search.
    fresh = list(itertools.islice(p.solutions(), len(got) + 1))
    remaining = iter(fresh)
    assert all(any(s == f for f in remaining) for s in got)
    assert got[-1] in fresh[-2:]
    assert all(is_exact_cover(p, s) for s in got[before - 1:before + 2])


def test_a_handler_that_does_not_raise_lets_the_search_run_again():
    calls = []
    ready = threading.Event()

    def on_progress(progress):
        # The first call waits for the signal, so that it lands while the search runs.
        if not ready.is_set():
            ready.set()
            sender.sent.wait(STOPS_WITHIN)

    with sigint(ready, after=None, handler=lambda number, frame: calls.append(number)) as sender:
        # 73,712 solutions (OEIS A000170); the progress callback runs every few milliseconds.
        assert queens(13).count(progress=on_progress, progress_interval=0.001) == 73712
    assert sender.sent.is_set()
    assert calls == [signal.SIGINT]


def test_sudoku_count_is_interrupted():
    empty = sudoku.Puzzle.empty(9)  # 6.67e21 solutions: no end in sight
    assert interrupted(lambda: empty.count(limit=None)) < STOPS_WITHIN
    assert empty.count(limit=2) == 2


def test_sudoku_solutions_are_interrupted():
    solutions = sudoku.Puzzle.empty(9).solutions()
    assert len(next(solutions).line) == 81

    def drain():
        for _ in solutions:
            pass

    assert interrupted(drain) < STOPS_WITHIN


def test_generation_and_batches_are_interrupted():
    # 150 givens of 625 with no budget on the proofs of uniqueness: each proof near the end takes
    # millions of nodes, and there are hundreds of them.
    generate = lambda: sudoku.generate(25, seed=1, givens=150, check_nodes=None)
    assert interrupted(generate) < STOPS_WITHIN
    puzzles = [sudoku.Puzzle.empty(9)] * 3
    assert interrupted(lambda: list(sudoku.batch(puzzles, "count", limit=None))) < STOPS_WITHIN
    assert interrupted(
        lambda: list(sudoku.batch(puzzles, "count", limit=None, threads=2))) < STOPS_WITHIN
