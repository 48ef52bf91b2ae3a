"""Pencil-mark input in Python: a Puzzle read from a 729-character candidate line or a PM grid
keeps the candidates it leaves out, in its search, count, hints, rating and candidates."""

import sudoku

# Wikipedia's example puzzle without its 6 in r3c8: two solutions, 4 or 3 in r2c7
# (examples/sudoku/multi.txt).
TWO = "53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79"
FIRST = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def candidate_line(puzzle, removed=()):
    """The 729-character line of a puzzle's start, less the (cell, digit) pairs removed."""
    cells = sudoku.Puzzle(puzzle).candidates()
    for cell, digit in removed:
        cells[cell].remove(digit)
    return "".join(str(d) if d in c else "." for c in cells for d in range(1, 10))


def test_a_candidate_line_keeps_its_candidates():
    both = sudoku.Puzzle(candidate_line(TWO))
    assert both.count(None) == 2
    one = sudoku.Puzzle(candidate_line(TWO, [(15, 4)]))
    assert one.count(None) == 1
    assert one.solve() == sudoku.Puzzle(FIRST).solve()
    assert [list(g) for g in one.solutions()] == [list(sudoku.Puzzle(FIRST).givens)]
    assert 4 not in one.candidates()[15]


def test_hints_and_rating_start_from_the_candidates():
    line = sudoku.Puzzle(candidate_line(WIKI))
    assert str(line.hint()) == str(sudoku.Puzzle(WIKI).hint())
    assert line.rate().er == sudoku.Puzzle(WIKI).rate().er
    cut = sudoku.Puzzle(candidate_line(WIKI, [(5, 8)]))
    assert cut.count() == 0
    assert not cut.rate().solvable


def test_a_pm_grid_reads():
    rows = [" ".join("".join(map(str, c)) for c in sudoku.Puzzle(WIKI).candidates()[r * 9:r * 9 + 9])
            for r in range(9)]
    puzzle = sudoku.Puzzle("\n".join(rows) + "\n")
    assert puzzle.solve() == sudoku.Puzzle(WIKI).solve()
