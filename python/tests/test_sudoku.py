"""The sudoku module on the example puzzles, against the sudoku command's answers."""

import io
import json
import warnings

import pytest

import sudoku

# The first puzzle of examples/sudoku/regular.txt and its solution (the sudoku command's).
REGULAR = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
REGULAR_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def command_listing(data):
    """sudoku --all --limit 0 -f line over the examples: {(file, line): [solutions]}."""
    listing, key = {}, None
    for line in (data / "sudoku-all.txt").read_text().splitlines():
        if line.startswith("# "):
            file, number = line[2:].rsplit(":", 1)
            key = (file, int(number))
            listing[key] = []
        else:
            listing[key].append(line)
    return listing


def example_puzzles(root):
    for path in sorted((root / "examples/sudoku").glob("*.txt")):
        for puzzle in sudoku.read(path):
            yield f"examples/sudoku/{path.name}", puzzle


def test_every_example_solves_as_the_command_lists(root, data):
    listing = command_listing(data)
    seen = 0
    for file, puzzle in example_puzzles(root):
        expected = listing[(file, puzzle.line)]
        assert [g.line for g in puzzle.solutions()] == expected
        assert puzzle.solve().line == expected[0]
        assert puzzle.count(2) == min(len(expected), 2)
        assert puzzle.count() == puzzle.count(limit=None) == len(expected)
        assert puzzle.is_unique() == (len(expected) == 1)
        seen += 1
    assert seen == len(listing) == 12


def test_ratings_and_hints_as_the_command_gives_them(root, data):
    rates = {(r["file"], r["line"]): r for r in map(json.loads, open(data / "sudoku-rate.jsonl"))}
    hints = {(r["file"], r["line"]): r for r in map(json.loads, open(data / "sudoku-hint.jsonl"))}
    for file, puzzle in example_puzzles(root):
        rate, hint = rates[(file, puzzle.line)], hints[(file, puzzle.line)]
        rating = puzzle.rate()
        assert (rating.difficulty, rating.hardest) == (rate["rating"], rate["hardest"])
        assert len(rating.steps) == rate["steps"]
        if rating.solvable:
            assert (f"{rating.er:.1f}/{rating.ep:.1f}/{rating.ed:.1f}", rating.qqwing) == (
                f'{rate["er"]:.1f}/{rate["ep"]:.1f}/{rate["ed"]:.1f}', rate["qqwing"])
            assert repr(rating).startswith(f"<sudoku.Rating {rating.er:.1f}/{rating.ep:.1f}/{rating.ed:.1f} {rate['rating']}")
        if "open" in rate:  # logic left cells open, then the search
            assert (rating.open, rating.nodes, rating.solutions) == (rate["open"], rate["nodes"], rate["solutions"])
        else:
            assert rating.open == 0
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            step = puzzle.hint()
        assert (str(step), step.technique, step.cells) == (hint["hint"], hint["technique"], hint["cells"])
        # A puzzle with several solutions says so, as the command does ("solutions":2).
        said = [str(w.message) for w in caught if issubclass(w.category, UserWarning)]
        assert bool(said) == (hint.get("solutions") == 2), (file, puzzle.line, said)
        assert all(m.startswith("the puzzle has several solutions") for m in said)


def test_a_hint_on_a_puzzle_of_several_solutions_says_so():
    empty = sudoku.Puzzle("." * 81)
    with pytest.warns(UserWarning, match="several solutions"):
        assert empty.hint() is None  # no technique applies to an empty grid
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a unique puzzle warns of nothing
        assert sudoku.Puzzle(REGULAR).hint() is not None


@pytest.mark.filterwarnings("ignore:the puzzle has several solutions")
def test_uniqueness_techniques_take_part_as_assume_unique_says(tmp_path):
    # puzzles3_magictour_top1465: its rating takes a Unique Rectangle once a count proves one
    # solution; without the given r1c9 it has several, and only assume_unique=True lets one reason
    # (as sudoku --rate with --assume-unique and --no-assume-unique).
    unique = "6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2.."
    several = "6.9.........7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2.."
    rectangle = "Unique Rectangle type 1"

    def uses(rating):
        return any(s.technique == rectangle for s in rating.steps)

    assert uses(sudoku.Puzzle(unique).rate())
    assert uses(sudoku.Puzzle(unique).rate(assume_unique=True))
    assert not uses(sudoku.Puzzle(unique).rate(assume_unique=False))
    assert not uses(sudoku.Puzzle(several).rate())
    declared = sudoku.Puzzle(several).rate(assume_unique=True)
    plain = sudoku.Puzzle(several).rate(assume_unique=False)
    assert uses(declared) and len(declared.steps) > len(plain.steps)
    assert plain.hardest == "dynamic forcing chain (+)"
    # The batch engine takes the same choice, for rating and hints.
    path = tmp_path / "several.txt"
    path.write_text(several + "\n")
    for assume, expected in ((None, plain.hardest), (False, plain.hardest), (True, declared.hardest)):
        [r] = sudoku.batch(path, "rate", assume_unique=assume)
        assert r.rating.hardest == expected
        [h] = sudoku.batch(path, "hint", assume_unique=assume)
        assert str(h.hint) == str(sudoku.Puzzle(several).hint(assume_unique=assume))
    # The logical solution takes the same choice.
    assert any(s.technique == rectangle for s in sudoku.Puzzle(several).steps(assume_unique=True))
    assert not any(s.technique == rectangle for s in sudoku.Puzzle(several).steps())
    assert any(s.technique == rectangle for s in sudoku.Puzzle(unique).steps())
    # A hint from the givens is the full ladder's first step whatever the choice.
    assert str(sudoku.Puzzle(unique).hint(assume_unique=True)) == str(sudoku.Puzzle(unique).hint())
    with pytest.raises(TypeError):
        sudoku.Puzzle(unique).rate(assume_unique="yes")


def test_steps_take_the_ratings_path():
    # puzzles3_magictour_top1465's first puzzle: the explanation is the rating's path.
    puzzle = sudoku.Puzzle(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
    rating = puzzle.rate()
    steps = puzzle.steps()
    assert [s.text for s in steps] == [s.text for s in rating.steps]
    assert str(puzzle.hint()) == str(rating.steps[0])
    # Its forcing chains list their links, from an assumption on; other steps have none.
    forcing = [s for s in steps if "forcing chain" in s.technique]
    assert forcing and all(s.links and " -> " in s.links[0] for s in forcing)
    assert all(s.links == [] for s in steps if "forcing chain" not in s.technique)


def test_steps_solve_a_simple_puzzle():
    puzzle = sudoku.Puzzle(REGULAR)
    steps = puzzle.steps()
    assert steps and all(isinstance(str(s), str) for s in steps)
    placed = dict.fromkeys(range(81), 0)
    for i, digit in enumerate(puzzle.givens):
        placed[i] = digit
    for step in steps:
        for cell, digit in step.placed:
            row, column = int(cell[1:cell.index("c")]), int(cell[cell.index("c") + 1:])
            placed[(row - 1) * 9 + column - 1] = digit
    assert "".join(map(str, placed.values())) == REGULAR_SOLUTION
    # The full ladder, as sudoku -v: Sudoku Explainer's order, hidden singles before naked ones.
    assert steps[0].technique == "hidden single" and steps[0].placed == [("r1c6", 8)]
    assert steps[0].text == "r1c6=8: hidden single in box 2"


def test_variants_and_sizes(root):
    hyper = next(sudoku.read(root / "examples/sudoku/hyper.txt"))
    assert (hyper.size, hyper.variant) == (9, "hyper")
    assert "[5]: in a hyper window" in str(hyper.solve())
    jigsaw = next(sudoku.read(root / "examples/sudoku/jigsaw.txt"))
    assert jigsaw.variant == "jigsaw" and sorted(set(jigsaw.regions)) == list(range(9))
    big = next(sudoku.read(root / "examples/sudoku/16x16.txt"))
    assert big.size == 16 and big.solve().line.count("G") == 16
    # The same givens as another variant: the hyper windows are houses only for hyper.
    assert sudoku.Puzzle(REGULAR, variant="x").count() == 0
    assert sudoku.Puzzle.empty(4).count(limit=None) == 288  # the 4x4 grids (Shidoku)
    assert sudoku.Puzzle.empty(6).count(limit=5) == 5
    assert sudoku.variants == ("regular", "hyper", "x", "hyper-x", "jigsaw", "samurai")


def test_chess_variants():
    # Anti-knight and anti-king combine with every variant, in any of the spellings.
    assert sudoku.Puzzle.empty(4, "anti-knight").count(limit=None) == 24  # by brute force
    assert sudoku.Puzzle.empty(4, "anti-king").count(limit=None) == 0
    assert sudoku.Puzzle.empty(9, "x,anti-king").variant == "x anti-king"
    assert sudoku.Puzzle.empty(9, "hyper anti-knight").variant == "hyper anti-knight"
    knight = sudoku.generate(9, "anti-knight", seed=1)
    assert knight.variant == "anti-knight" and knight.is_unique()
    assert sudoku.generate(9, "anti-knight", seed=1).givens == knight.givens
    assert knight.solve() == knight.solution
    # The same givens without the knight's rule have more solutions.
    assert sudoku.Puzzle(knight.givens.line).count(2) == 2
    assert "anti-knight" in repr(knight)
    with pytest.raises(sudoku.GeometryError, match="anti-queen"):
        sudoku.Puzzle.empty(9, "anti-queen")
    digits = [0] * 81
    digits[2], digits[13] = 7, 7  # r1c3 and r2c5
    with pytest.raises(sudoku.ClashError) as clash:
        sudoku.Puzzle(digits, variant="anti-knight").solve()
    assert clash.value.house == "a knight's move apart"


def test_samurai(root):
    # Five 9x9 grids in a 21x21 picture: read from the example, solved, rated, made again.
    puzzle = sudoku.Puzzle((root / "examples/sudoku/samurai.txt").read_text())
    assert puzzle.variant == "samurai" and puzzle.size == 9
    assert len(puzzle.givens) == 369 and len(puzzle.givens.line) == 369
    solution = puzzle.solve()
    assert puzzle.count() == 1 and "." not in solution.line
    assert [len(row) for row in solution.rows] == [18] * 6 + [21] * 3 + [9] * 3 + [21] * 3 + [18] * 6
    assert solution[9, 6] == solution.rows[9][0]  # r10c7, the middle grid's first cell in row 10
    with pytest.raises(IndexError, match="hole"):
        solution[9, 0]
    assert "top-left grid" in puzzle.hint().text
    assert puzzle.rate().er > 1.0
    assert sudoku.Puzzle(solution.line, variant="samurai").count() == 1
    assert sudoku.Puzzle(list(puzzle.givens.digits), variant="samurai").count() == 1
    with pytest.raises(ValueError, match="369 cells"):
        sudoku.Puzzle([0] * 81, variant="samurai")
    made = sudoku.generate(9, "samurai", seed=1)
    assert made.variant == "samurai" and made.is_unique() and made.solve() == made.solution
    assert sudoku.generate(9, "samurai", seed=1).givens == made.givens
    assert sudoku.Puzzle.empty(9, "samurai").count(limit=2) == 2
    assert "<table" in solution._repr_html_()


KILLER_4X4 = (
    "#cages\nA A B B\nC D D B\nC E F F\nG E E H\n"
    "#sums A=3 B=9 C=5 D=5 E=6 F=7 G=4 H=1\n"
)


def test_killer():
    # Cages come in '#cages' and '#sums' lines; without a given this 4x4 has two solutions.
    open_killer = sudoku.Puzzle(KILLER_4X4 + "................\n")
    assert open_killer.count(limit=None) == 2
    assert open_killer.cages[0] == ("A", 3, [0, 1])
    puzzle = sudoku.Puzzle(KILLER_4X4 + "..3.............\n")
    assert puzzle.solve() == "1234341221434321" and puzzle.is_unique()
    assert sudoku.Puzzle(puzzle.text).cages == puzzle.cages  # written back as read
    assert eval(repr(puzzle), {"sudoku": sudoku}).cages == puzzle.cages
    assert sudoku.Puzzle("..3.............").cages is None
    # Errors carry line and column.
    with pytest.raises(sudoku.FormatError) as error:
        sudoku.Puzzle(KILLER_4X4.replace("A=3", "A=30") + "................\n")
    assert (error.value.kind, error.value.line, error.value.column) == ("bad_cages", 6, 9)
    # Generated killer puzzles: cages over the grid, one solution, the same from the same seed.
    made = sudoku.generate(9, "killer", seed=4)
    assert made.cages and all(2 <= len(cells) <= 5 for _, _, cells in made.cages)
    assert made.is_unique() and made.solve() == made.solution
    solution = made.solution.line
    for _, total, cells in made.cages:
        assert sum(int(solution[c]) for c in cells) == total
    assert sudoku.generate(9, "killer", seed=4).text == made.text
    assert sudoku.generate(6, "killer anti-king", seed=1).variant == "anti-king killer"
    assert made.variant == "killer"
    # Hints and ratings read the cages; canonical forms are refused.
    assert "cage" in made.hint().text
    assert made.rate().solvable
    with pytest.raises(ValueError, match="killer"):
        made.canonical()


# The miracle sudoku (Mitchell Lee, 2020): anti-knight, anti-king, non-consecutive, two givens.
MIRACLE = (
    "#variant anti-knight anti-king\n#non-consecutive\n"
    + "." * 38 + "1" + "." * 12 + "2" + "." * 29 + "\n"
)


def test_rules():
    miracle = sudoku.Puzzle(MIRACLE)
    assert miracle.variant == "anti-knight anti-king non-consecutive"
    assert miracle.count() == 1 and miracle.solve().line.startswith("483726159")
    assert [r["keyword"] for r in miracle.rules] == ["non-consecutive"]
    # Marks: a rule's description, its header line's arguments and what it draws.
    dots = sudoku.Puzzle("#kropki white r1c1-r1c2 black r2c1-r3c1\n#odd r9c9\n" + "." * 81)
    kropki, odd = dots.rules
    assert kropki["arguments"] == "white r1c1-r1c2 black r2c1-r3c1"
    assert kropki["marks"] == [
        {"kind": "dot", "cells": [0, 1], "filled": False},
        {"kind": "dot", "cells": [9, 18], "filled": True},
    ]
    assert odd["marks"] == [{"kind": "circle", "cells": [80]}]
    assert "odd" in odd["description"]
    # Written back with every header, read again: the same puzzle.
    assert sudoku.Puzzle(dots.text).rules == dots.rules
    assert sudoku.Puzzle(miracle.text).text == miracle.text
    # Made: the rules without marks join the variant's words.
    made = sudoku.generate(9, "x disjoint-groups", seed=2)
    assert made.variant == "x disjoint-groups" and made.is_unique()
    assert made.text.startswith("#variant x\n#disjoint-groups\n")
    with pytest.raises(sudoku.GeometryError, match="kropki"):
        sudoku.generate(9, "kropki")
    with pytest.raises(sudoku.FormatError) as error:
        sudoku.Puzzle("#xv x r1c1-r2c2\n" + "." * 81)
    assert (error.value.kind, error.value.line, error.value.column) == ("bad_rule", 1, 7)


def test_marks_beside_the_grid_and_on_corners():
    # Sandwich and little killer clues stand beside the grid, a step before their first cell;
    # a quadruple's circle on the corner of its four cells.
    p = sudoku.Puzzle(
        "#sandwich r0c3=15 r4c0=0\n#little-killer r0c1:dr=23 r10c9:ul=12\n"
        "#quadruple r7c7=1/2/9\n" + "." * 81
    )
    sandwich, little_killer, quadruple = p.rules
    assert sandwich["marks"] == [
        {"kind": "outside", "cells": list(range(2, 81, 9)), "text": "15", "step_row": 1, "step_col": 0},
        {"kind": "outside", "cells": list(range(27, 36)), "text": "0", "step_row": 0, "step_col": 1},
    ]
    assert little_killer["marks"] == [
        {"kind": "outside", "cells": list(range(1, 72, 10)), "text": "23", "arrow": True,
         "step_row": 1, "step_col": 1},
        {"kind": "outside", "cells": list(range(79, 8, -10)), "text": "12", "arrow": True,
         "step_row": -1, "step_col": -1},
    ]
    assert quadruple["marks"] == [{"kind": "corner", "cells": [60, 61, 69, 70], "text": "129"}]
    # An arrow's line carries its head; its circle is a mark of its own.
    arrow = sudoku.Puzzle("#arrow r1c1:r1c2-r1c3\n" + "." * 81).rules[0]
    assert arrow["marks"] == [
        {"kind": "circle", "cells": [0]},
        {"kind": "line", "cells": [0, 1, 2], "colour": "#a0a0a0", "arrow": True},
    ]


def test_puzzles_from_digits_and_grids():
    grid = sudoku.Puzzle(REGULAR).givens
    assert sudoku.Puzzle(list(grid)).givens == grid
    assert sudoku.Puzzle(grid.rows).givens == grid
    assert sudoku.Puzzle(grid).solve() == REGULAR_SOLUTION
    assert grid[0] == 5 and grid[0, 1] == 3 and grid[8, 8] == 9 and len(grid) == 81
    with pytest.raises(IndexError):
        grid[9, 0]
    with pytest.raises(ValueError):
        sudoku.Puzzle([0] * 80)


def test_grid_shows_as_text_and_html():
    solution = sudoku.Puzzle(REGULAR).solve()
    text = str(solution)
    assert text.splitlines()[0].split() == [str(c) for c in range(1, 10)]
    assert "| 5  3  4 |" in text
    assert solution.pretty(labels=False, legend=False).splitlines()[1] == "| 5  3  4 | 6  7  8 | 9  1  2 |"
    html = solution._repr_html_()
    assert html.startswith("<table") and html.count("<td") == 81 and "font-weight:bold" in html
    assert repr(solution) == f"sudoku.Grid('{REGULAR_SOLUTION}')"


def test_search_result():
    r = sudoku.Puzzle(REGULAR).search()
    assert (r.solutions, r.complete, r.outcome) == (1, True, "exhausted")
    assert r.solution == REGULAR_SOLUTION
    r = sudoku.Puzzle.empty(9).search(limit=3)
    assert (r.solutions, r.complete, r.outcome) == (3, False, "solution_limit")
    assert sudoku.Puzzle.empty(9).search(limit=None, max_nodes=50).outcome == "node_limit"
    assert sudoku.Puzzle(REGULAR).search(logic="none").nodes > sudoku.Puzzle(REGULAR).search().nodes


def test_logic_levels_are_the_library_names():
    assert sudoku.logic_levels == ("none", "singles", "fast", "all", "full")
    assert sudoku.variants == ("regular", "hyper", "x", "hyper-x", "jigsaw", "samurai")
    for level in sudoku.logic_levels:
        assert sudoku.Puzzle(REGULAR).solve(logic=level) == REGULAR_SOLUTION
    # The full ladder settles this puzzle before any search.
    assert sudoku.Puzzle(REGULAR).search(logic="full").by_logic
    assert [r.solutions for r in sudoku.batch([sudoku.Puzzle(REGULAR)], logic="full")] == [1]
    with pytest.raises(ValueError, match="expected none, singles, fast, all or full"):
        sudoku.Puzzle(REGULAR).solve(logic="most")


def test_generate_is_reproducible_and_unique():
    a, b = sudoku.generate(seed=1), sudoku.generate(seed=1)
    assert a.givens == b.givens and a.is_unique()
    assert a.solve() == a.solution
    symmetric = sudoku.generate(9, "hyper", seed=2, symmetric=True)
    cells = symmetric.givens.digits
    assert all((cells[i] == 0) == (cells[80 - i] == 0) for i in range(81))
    assert symmetric.variant == "hyper" and symmetric.is_unique()
    assert sudoku.generate(6, seed=3, givens=20).given_count >= 20
    # Givens kept because a check ran out of nodes are counted, not passed off as needed.
    assert a.undecided == 0 and sudoku.Puzzle(REGULAR).undecided is None
    loose = sudoku.generate(9, "hyper-x", seed=2, givens=1, check_nodes=1)
    assert loose.is_unique() and loose.undecided > 0
    exact = sudoku.generate(9, "hyper-x", seed=2, givens=1, check_nodes=None)
    assert exact.undecided == 0 and exact.given_count < loose.given_count
    # By default as the command: minimal where that takes seconds, else budgeted checks (a
    # minimal 20x20 puzzle takes about ten seconds, this well under one).
    jigsaw = sudoku.generate(9, "jigsaw", seed=5)  # random regions drawn from the seed
    assert jigsaw.variant == "jigsaw" and jigsaw.is_unique()
    assert sudoku.generate(9, "jigsaw", seed=5).givens == jigsaw.givens
    large = sudoku.generate(20, seed=1)
    assert large.is_unique() and large.undecided > 0
    assert sudoku.generate(20, seed=1, check_nodes=100).undecided > 0
    assert sudoku.random_solution(seed=4) == sudoku.random_solution(seed=4)


def test_batch_in_input_order_on_two_threads(root):
    path = root / "examples/sudoku/multi.txt"
    results = list(sudoku.batch(path, "count", threads=2))
    assert [r.line for r in results] == [3, 4]
    assert [r.solutions for r in results] == [2, 8]  # all of them, as sudoku --count
    assert all(r.complete and r.error is None for r in results)
    many = [sudoku.generate(seed=s) for s in range(20)]
    solved = list(sudoku.batch(many, "solve", threads=2))
    assert [r.index for r in solved] == list(range(20))
    assert [r.solution for r in solved] == [p.solution for p in many]
    rated = list(sudoku.batch(root / "examples/sudoku/regular.txt", "rate"))
    assert rated[0].rating.difficulty == "easy" and rated[0].rating.er == 1.2
    hinted = list(sudoku.batch(root / "examples/sudoku/regular.txt", "hint"))
    assert str(hinted[0].hint) == "r1c6=8: hidden single in box 2"
    # The stages of a hint, as sudoku --hint-level gives them.
    box2 = [f"r{r}c{c}" for r in (1, 2, 3) for c in (4, 5, 6)]
    assert hinted[0].hint.hint(1) == ("hidden single in box 2", box2)
    assert hinted[0].hint.hint(2) == ("hidden single in box 2: 8 in r1c6", ["r1c6"])
    assert hinted[0].hint.hint(3) == ("r1c6=8: hidden single in box 2", ["r1c6"])


def test_batch_reports_bad_records_and_goes_on():
    text = "12\n" + "11" + "." * 79 + "\n" + REGULAR + "\n"
    results = list(sudoku.batch(io.StringIO(text), "solve"))
    assert [type(r.error) for r in results] == [sudoku.FormatError, sudoku.ClashError, type(None)]
    assert (results[0].error.line, results[0].error.column) == (1, 3)
    assert (results[1].error.line, results[1].error.column) == (2, 2)
    assert results[2].solution == REGULAR_SOLUTION
    # The repr says what came of each: the error, or the count ('+' when the limit stopped it).
    assert repr(results[0]).startswith("<sudoku.BatchResult <stream>:1 error=this line has 2 cells")
    assert repr(results[1]).startswith("<sudoku.BatchResult <stream>:2 error=givens clash: r1c1")
    assert repr(results[2]) == "<sudoku.BatchResult <stream>:3 solutions=1>"


def test_format_error_carries_file_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(REGULAR + "\n" + "." * 80 + "z\n")
    puzzles = sudoku.read(bad)
    assert next(puzzles).givens.line.startswith("53..7")
    with pytest.raises(sudoku.FormatError) as info:
        next(puzzles)
    e = info.value
    assert (e.file, e.line, e.column, e.kind) == (str(bad), 2, 81, "bad_character")
    assert str(e).startswith(f"{bad}:2:81: bad character 'z'")
    with pytest.raises(sudoku.FormatError) as info:
        sudoku.parse("")
    assert info.value.kind == "no_puzzle"
    with pytest.raises(sudoku.FormatError) as info:
        sudoku.parse("#size x\n" + "." * 81)
    assert (info.value.line, info.value.column, info.value.kind) == (1, 7, "bad_size")
    with pytest.raises(sudoku.FormatError) as info:
        sudoku.parse(b"\x7fELF\x02\x01\x01\x00")
    assert (info.value.line, info.value.column, info.value.kind) == (1, 1, "binary_input")
    # A size the text does not tell alone, told by its header.
    assert sudoku.parse("#size 8\n" + "." * 64).size == 8


def test_clash_error_names_both_cells():
    with pytest.raises(sudoku.ClashError) as info:
        sudoku.Puzzle("5" + "." * 7 + "5" + "." * 72).solve()
    e = info.value
    assert e.cells == ("r1c1", "r1c9") and e.house == "row 1" and e.digit == 5
    assert (e.line, e.column) == (1, 9)
    assert "r1c1 and r1c9 both hold 5 in row 1" in str(e)


def test_geometry_errors():
    with pytest.raises(sudoku.GeometryError):
        sudoku.Puzzle.empty(6, "hyper")
    with pytest.raises(sudoku.GeometryError):
        sudoku.Puzzle.empty(9, "nonsense")
    with pytest.raises(sudoku.GeometryError):
        sudoku.Puzzle.empty(9, "jigsaw")


def test_alphabets_and_blanks(root):
    big = next(sudoku.read(root / "examples/sudoku/16x16.txt"))
    # The same puzzle in the hexadecimal alphabet, 0 = 1 ... F = 16 (sudoku/io/symbols.hpp).
    hexadecimal = "".join(c if c == "." else "0123456789ABCDEF"[int(c, 17) - 1]
                          for c in big.givens.line)
    p = sudoku.Puzzle(hexadecimal, symbols="0-F")
    assert p.symbols == "0123456789ABCDEF" and p.givens.line == hexadecimal
    assert p.solve().digits == big.solve().digits
    # Steps name digits in the puzzle's alphabet: the same step, its digit one symbol lower.
    step, hex_step = big.hint(), p.hint()
    assert step.cells == hex_step.cells
    digit = step.placed[0][1]
    assert str(hex_step) == str(step).replace(f"={digit}:", "=" + "0123456789ABCDEF"[digit - 1] + ":")
    assert big.symbols is None
    assert sudoku.Puzzle(REGULAR.replace(".", " "), blank=" ").solve() == REGULAR_SOLUTION
    with pytest.raises(ValueError):
        sudoku.Puzzle(REGULAR, symbols="1-1")


# Two puzzles of Gordon Royle's 17-clue collection (inequivalent), each in its minlex form, and
# the first transposed with its digits 1 and 9 swapped.
SEVENTEEN = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
SEVENTEEN_2 = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
SEVENTEEN_AGAIN = "........6......372....95................4..8...23....7...........32.6....9....41."


def test_canonical_form_is_shared_by_equivalent_puzzles_only():
    form = sudoku.Puzzle(SEVENTEEN_AGAIN).canonical()
    assert isinstance(form, sudoku.Grid)
    assert form.line == SEVENTEEN
    assert form == sudoku.Puzzle(SEVENTEEN).canonical()
    assert sudoku.Puzzle(SEVENTEEN_2).canonical().line == SEVENTEEN_2
    # A half turn is a symmetry of a hyper grid too.
    line = ".1.....4......4..1..3.......4.........8..7...9...4.6..........28.1.7......7..65.."
    hyper = sudoku.Puzzle(line, variant="hyper")
    assert hyper.canonical() == sudoku.Puzzle(line[::-1], variant="hyper").canonical()
    with pytest.raises(sudoku.ClashError):
        sudoku.Puzzle("11" + "." * 79).canonical()


def test_batch_dedupe_marks_equivalent_puzzles():
    text = "\n".join([SEVENTEEN_AGAIN, SEVENTEEN_2, SEVENTEEN]) + "\n"
    results = list(sudoku.batch(io.StringIO(text), "dedupe"))
    assert [r.duplicate for r in results] == [False, False, True]
    assert [r.canonical.line for r in results] == [SEVENTEEN, SEVENTEEN_2, SEVENTEEN]
    assert [r.canonical.line for r in sudoku.batch(io.StringIO(text), "canonical")] == [
        SEVENTEEN, SEVENTEEN_2, SEVENTEEN]


def test_counts_go_to_the_end_as_the_command_counts(root):
    # sudoku --count -f line examples/sudoku/multi.txt prints 2 and 8: the command counts every
    # solution, and so do count() and batch(..., "count"); limit 0 is no limit there and here.
    first, second = sudoku.read(root / "examples/sudoku/multi.txt")
    assert (first.count(), second.count()) == (2, 8)
    assert second.count(limit=0) == second.count(limit=None) == 8
    assert second.count(2) == 2 and not second.search(2).complete
    assert second.search().complete and second.search().solutions == 8
    assert len(list(second.solutions(limit=0))) == 8
    counted = list(sudoku.batch(root / "examples/sudoku/multi.txt", "count", limit=0))
    assert [(r.solutions, r.complete) for r in counted] == [(2, True), (8, True)]
    # Solving stops at a second solution, which tells whether the first is unique.
    solved = list(sudoku.batch(root / "examples/sudoku/multi.txt", "solve"))
    assert [(r.solutions, r.complete) for r in solved] == [(2, False), (2, False)]


def one_line_error(call, kind, *words):
    """The call raises `kind` with one line naming each of `words`, no signature dump."""
    with pytest.raises(kind) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message and "incompatible function arguments" not in message, message
    assert "::" not in message, message  # no C++ class names
    for word in words:
        assert word in message, message
    return message


def test_bad_arguments_are_one_line_errors_that_name_them(root):
    p = sudoku.Puzzle(REGULAR)
    one_line_error(lambda: sudoku.generate(9, seed=-1), ValueError, "seed", "-1")
    one_line_error(lambda: sudoku.generate(9, seed="x"), TypeError, "seed", "str")
    one_line_error(lambda: sudoku.generate("9"), TypeError, "size", "str")
    one_line_error(lambda: sudoku.generate(9, givens=-3), ValueError, "givens")
    one_line_error(lambda: sudoku.random_solution(9, seed=1.5), TypeError, "seed", "float")
    one_line_error(lambda: p.hint(assume_unique="yes"), TypeError, "assume_unique", "str")
    one_line_error(lambda: p.steps(assume_unique=1), TypeError, "assume_unique", "int")
    one_line_error(lambda: p.rate(assume_unique="no"), TypeError, "assume_unique")
    one_line_error(lambda: sudoku.Puzzle([1.5] + [0] * 80), TypeError, "int", "float", "1.5")
    one_line_error(lambda: sudoku.Puzzle(7), TypeError, "int")
    one_line_error(lambda: p.count(limit=-1), ValueError, "limit", "-1")
    one_line_error(lambda: p.count(limit="2"), TypeError, "limit", "str")
    one_line_error(lambda: p.solve(logic=3), TypeError, "logic", "int")
    one_line_error(lambda: p.solve(max_nodes=0), ValueError, "max_nodes")
    path = root / "examples/sudoku/multi.txt"
    one_line_error(lambda: list(sudoku.batch(path, "count", threads=-1)), ValueError, "threads")
    one_line_error(lambda: list(sudoku.batch(path, "count", threads="2")), TypeError, "threads")


def test_threads_are_capped_as_the_command_caps_them(root):
    # sudoku --threads takes 0 to 1024; a million once ran out of memory (std::bad_alloc).
    path = root / "examples/sudoku/multi.txt"
    one_line_error(lambda: list(sudoku.batch(path, "count", threads=10**6)), ValueError,
                   "threads", "1024", "1000000")
    one_line_error(lambda: list(sudoku.batch(path, "count", threads=1025)), ValueError, "1024")
    assert [r.solutions for r in sudoku.batch(path, "count", threads=0)] == [2, 8]


def test_fpuzzles_links_and_json_read_and_write():
    blank = "." * 81
    p = sudoku.parse("#thermo r1c1-r1c2-r1c3\n#renban r5c5-r5c6\n" + blank)
    link = p.fpuzzles
    assert link.startswith("https://www.f-puzzles.com/?load=")
    back = sudoku.parse(link)
    assert back.text == p.text
    assert [r["keyword"] for r in back.rules] == ["thermo", "renban"]
    assert back.rules[0]["marks"][1] == {"kind": "line", "cells": [0, 1, 2], "colour": "#b8b8b8"}
    grid = [[{} for _ in range(9)] for _ in range(9)]
    grid[0][0] = {"value": 5, "given": True}
    json_text = '{"size": 9, "grid": %s, "antiknight": true}' % str(grid).replace("'", '"').replace("True", "true")
    q = sudoku.parse(json_text)
    assert q.variant == "anti-knight"
    assert q.text.startswith("#variant anti-knight\n5")
    with pytest.raises(sudoku.FormatError, match=r"\$\.doublearrow: 'doublearrow' is a constraint"):
        sudoku.parse('{"size": 9, "grid": %s, "doublearrow": [{}]}' % str(grid).replace("'", '"').replace("True", "true"))
    with pytest.raises(ValueError, match="samurai"):
        sudoku.parse("#size 4\n#variant samurai\n" + "." * 64).fpuzzles


def test_true_candidates_are_the_digits_of_some_solution():
    blank = "." * 81
    thermo = sudoku.parse("#thermo r1c1-r1c2-r1c3\n" + blank)
    truth = thermo.true_candidates()
    assert len(truth) == 81
    assert truth[0] == [1, 2, 3, 4, 5, 6, 7]  # the bulb leaves room for two larger digits
    assert truth[2] == [3, 4, 5, 6, 7, 8, 9]
    assert truth[80] == list(range(1, 10))
    # One solution: one true candidate a cell, the solution's.
    p = sudoku.parse(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert [c for (c,) in p.true_candidates()] == list(p.solve())
    # Two solutions (the multi example's first): the cells that differ hold both digits.
    two = sudoku.parse(
        "53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert any(len(c) > 1 for c in two.true_candidates())
    with pytest.raises(ValueError, match="max_nodes"):
        sudoku.parse(blank, size=9).true_candidates(max_nodes=1)
