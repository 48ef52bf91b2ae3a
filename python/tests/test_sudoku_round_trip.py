"""The round trip of issue 58 on the Python side: every puzzle of the corpus of every variant and
rule (tests/data/round_trip) read by sudoku.Puzzle, written back as its text (and its repr) and
read again is the same puzzle: the same header lines, givens and count (one solution each). The
sudoku command's side is tests/sudoku_round_trip_test.cpp."""

import pathlib

import pytest
import sudoku

from conftest import ROOT

CORPUS = sorted((ROOT / "tests" / "data" / "round_trip").glob("*.txt"))


def same(a, b):
    """Whether two puzzles are the same: shape, header lines and givens."""
    return (a.text, a.size, a.variant, a.regions, a.cages, list(a.givens.digits)) == \
        (b.text, b.size, b.variant, b.regions, b.cages, list(b.givens.digits))


def test_corpus_is_whole():
    assert len(CORPUS) == 30


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_text_reads_back(path: pathlib.Path):
    puzzle = next(sudoku.read(str(path)))
    assert puzzle.count() == 1
    again = sudoku.Puzzle(puzzle.text)
    assert same(again, puzzle), puzzle.text
    assert again.count() == 1
    # The text holds every header line the file has (comments aside), and the givens' line.
    header = [line for line in path.read_text().splitlines()
              if line.startswith("#") and not line.startswith("# ")]
    for line in header:
        if line.startswith(("#cages", "#sums", "#regions", "#variant", "#size")):
            continue  # written in the writer's own form (checked by same())
        assert line + "\n" in puzzle.text, (line, puzzle.text)
    # repr() is Python that makes the same puzzle.
    assert same(eval(repr(puzzle), {"sudoku": sudoku}), puzzle), repr(puzzle)

