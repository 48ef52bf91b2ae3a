"""The dlx module: building, reading and writing problems, counts, solutions, errors."""

import io
import subprocess

import pytest

import dlx
from problems import is_exact_cover, langford, queens


def dlx_s_output(problem):
    """What `dlx -s` prints for a problem: each solution numbered, then the count."""
    out = []
    count = 0
    for count, solution in enumerate(problem.solutions(), 1):
        out.append(f"solution {count}:\n{solution}\n\n")
    out.append(f"{count}\n")
    return "".join(out)


def test_knuths_example_has_one_solution():
    # TAOCP 7.2.2.1, (6): the one solution is {a d f}, {b g}, {c e}.
    p = dlx.Problem(primary="a b c d e f g".split())
    for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"]:
        p.add_option(option.split())
    assert p.count() == 1
    solution = p.first()
    assert sorted(solution) == [0, 3, 4]
    assert sorted(map(sorted, solution.items)) == [["a", "d", "f"], ["b", "g"], ["c", "e"]]
    assert str(solution) == "a d f\nb g\nc e"


@pytest.mark.parametrize("n, count", [(1, 1), (2, 0), (3, 0), (4, 2), (6, 4), (8, 92), (12, 14200)])
def test_queens_counts(n, count):
    # OEIS A000170: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200.
    assert queens(n).count() == count


@pytest.mark.parametrize("n, count", [(3, 1), (4, 1), (5, 0), (7, 26), (8, 150)])
def test_langford_counts_up_to_reversal(n, count):
    # OEIS A014552 (Langford pairs up to reversal): 1, 1 for n = 3, 4; 26 and 150 for 7 and 8.
    # The encoding counts each arrangement and its reversal.
    assert langford(n).count() == 2 * count


def test_langford_file_breaks_the_symmetry(root):
    assert dlx.read(root / "examples/langford/langford7.dlx").count() == 26


@pytest.mark.parametrize("name, path", [
    ("knuth", "examples/dlx/knuth.dlx"),
    ("colors", "examples/dlx/colors.dlx"),
    ("queens8", "examples/dlx/queens8.dlx"),
    ("langford7", "examples/langford/langford7.dlx"),
    ("pentomino-3x20", "examples/pentominoes/pentomino-3x20.dlx"),
    ("regular", "examples/sudoku-dlx/regular.dlx"),
    # With bounds (Algorithm M), whose paths hold null moves the solutions do not show.
    ("dlx3-langford-gap", "tests/data/dlx3-langford-gap.dlx"),
    ("dlx3-rooks-colors", "tests/data/dlx3-rooks-colors.dlx"),
])
def test_solutions_as_the_dlx_command_lists_them(root, data, name, path):
    expected = (data / f"{name}.solutions").read_text()
    assert dlx_s_output(dlx.read(root / path)) == expected


def test_solutions_against_the_live_command(root, dlx_command):
    files = sorted((root / "examples").glob("**/*.dlx"))
    assert files
    for path in files:
        if path.stat().st_size > 30_000:  # the 6x10 pentominoes: 2339 tilings, seconds
            continue
        expected = subprocess.run([dlx_command, "-s", str(path)], capture_output=True, text=True)
        assert dlx_s_output(dlx.read(path)) == expected.stdout, path


def test_lazy_solutions_match_a_whole_search():
    p = queens(8)
    whole = p.search()
    it = p.solutions()
    solutions = list(it)
    assert len(solutions) == 92 == whole.solutions
    assert len(set(solutions)) == 92
    assert all(is_exact_cover(p, s) for s in solutions)
    # Resumed batch after batch, the search still counts the nodes of one search.
    assert it.stats.nodes == whole.nodes
    assert it.stats.outcome == "exhausted"


def test_solutions_are_lazy_and_limited():
    p = queens(20)  # far too many solutions to list: only those asked for are searched
    it = p.solutions()
    first = next(it)
    assert first == p.first()
    assert len(list(p.solutions(limit=5))) == 5
    assert [list(s) for s in p.solutions(limit=3)] == [list(s) for s in p.solutions(limit=3)]
    assert it.stats.solutions < 100


def test_an_iterator_keeps_the_problem_it_started_from():
    p = queens(6)
    it = p.solutions()
    next(it)
    p.add_item("extra")  # unsatisfiable from now on: no option covers it
    assert p.count() == 0
    assert 1 + sum(1 for _ in it) == 4


def test_limits_and_budgets():
    p = queens(8)
    assert p.count(limit=10) == 10
    assert p.search(limit=10).outcome == "solution_limit"
    r = p.search(max_nodes=100)
    assert r.outcome == "node_limit" and not r.complete and r.solutions < 92
    assert p.search(max_updates=1000).outcome == "update_limit"
    with pytest.raises(ValueError):
        p.count(limit=0)


def test_threads_count_the_same():
    assert queens(10).count(threads=2) == 724
    assert queens(10).count(threads=0) == 724
    assert queens(10).count(limit=50, threads=2) == 50
    with pytest.raises(ValueError):
        queens(8).count(threads=2, seed=1)


def test_propagation_keeps_the_solutions_in_fewer_nodes(root):
    for p in (queens(8), langford(8)):
        plain = p.search()
        for propagate in ("singles", "implied", "probe", "all", "all,weighed"):
            r = p.search(propagate=propagate)
            assert r.solutions == plain.solutions, propagate
            assert r.forced > 0, propagate
        assert p.count(propagate="all", threads=2) == plain.solutions
        assert is_exact_cover(p, p.first(propagate="all"))
    # The X sudoku of examples/sudoku-dlx: one solution, in a fifth of DLX1's nodes or fewer.
    x = dlx.read(str(root / "examples" / "sudoku-dlx" / "x.dlx"))
    plain, all_ = x.search(), x.search(propagate="all")
    assert all_.solutions == plain.solutions == 1
    assert all_.nodes * 3 < plain.nodes and all_.implied + all_.probed > 0
    assert plain.forced == plain.implied == plain.probes == plain.probed == 0
    assert sorted(x.first(propagate="all")) == sorted(x.first())
    with pytest.raises(ValueError, match="unknown propagation 'locked'"):
        queens(4).count(propagate="locked")
    colors = dlx.parse("p q | x\np x:A\nq x:A\n")
    with pytest.raises(ValueError, match="without colors or bounds"):
        colors.count(propagate="singles")
    assert colors.count(propagate="none") == 1


def test_engines_count_the_same(root):
    pentominoes = dlx.read(str(root / "examples" / "pentominoes" / "pentomino-3x20.dlx"))
    for p in (queens(8), langford(8), pentominoes, dlx.parse("p q | x\np x:A\nq x:A\n")):
        counts = {e: p.count(engine=e) for e in ("links", "cells", "bits", "auto")}
        assert len(set(counts.values())) == 1, counts
        for engine in ("cells", "bits"):
            assert p.count(engine=engine, threads=2) == counts["links"]
            assert is_exact_cover(p, p.first(engine=engine))
    # Bits make the tree of cells: the same solutions in the same order.
    listed = {e: [list(s) for s in queens(6).solutions(engine=e)] for e in ("cells", "bits")}
    assert listed["cells"] == listed["bits"] and len(listed["bits"]) == 4
    # The trees differ: dancing cells end a branch as soon as an item has no option left.
    assert queens(8).search(engine="cells").nodes < queens(8).search(engine="links").nodes
    with pytest.raises(ValueError, match="unknown engine 'dancing'"):
        queens(4).count(engine="dancing")
    with pytest.raises(ValueError, match="run on the links engine"):
        queens(4).count(engine="cells", propagate="implied")
    assert queens(8).search(engine="cells", propagate="singles").forced > 0
    bounded = dlx.Problem()
    bounded.add_item("a", bounds=(1, 2))
    bounded.add_option(["a"])
    for engine in ("cells", "bits"):
        with pytest.raises(ValueError, match="does not take bounds"):
            bounded.count(engine=engine)
    assert bounded.count() == bounded.count(engine="links") == 1


def test_zdd_holds_every_solution_as_dlx6_builds_it(root):
    p = queens(6)
    z = p.zdd()
    assert z["solutions"] == 4 and z["node_count"] == len(z["nodes"]) + 2
    # Every path to node 1 is a solution, and every solution is a path.
    def paths(node):
        if node <= 1:
            return [[]] if node == 1 else []
        option, lo, hi = z["nodes"][node - 2]
        return [[option] + rest for rest in paths(hi)] + paths(lo)
    found = sorted(sorted(s) for s in paths(z["root"]))
    assert found == sorted(sorted(s.options) for s in p.solutions())
    assert z["text"].splitlines()[-1] == "%x: (~0?0:%x)" % (len(z["nodes"]) + 2, z["root"])
    queens8 = dlx.read(str(root / "tests" / "data" / "queens-8.dlx"))
    assert queens8.zdd()["node_count"] == 469  # DLX6's figure
    with pytest.raises(ValueError, match="without colors"):
        dlx.parse("p q | x\np x:A\nq x:A\n").zdd()


def test_seed_gives_a_reproducible_random_solution():
    p = queens(12)
    a, b = p.first(seed=7), p.first(seed=7)
    assert a == b and is_exact_cover(p, a)
    assert len({tuple(p.first(seed=s)) for s in range(1, 20)}) > 1
    assert p.count(seed=3) == 14200


def test_progress_is_reported_and_its_errors_propagate():
    seen = []
    assert queens(13).count(progress=seen.append, progress_interval=0.01) == 73712
    assert seen and seen[-1].nodes > 0 and 0 <= seen[-1].fraction <= 1

    def fail(progress):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        queens(13).count(progress=fail, progress_interval=0.01)


def test_colors_built_in_python():
    # TAOCP 4B, 7.2.2.1 (colors): {q x:A} and {p r x:A y} is the one solution.
    p = dlx.Problem(primary=["p", "q", "r"], secondary=["x", "y"])
    p.add_option(["p", "q", "x", "y:A"])
    p.add_option(["p", "r", "x:A", "y"])
    p.add_option(["p", ("x", "B")])
    p.add_option(["q", "x:A"])
    p.add_option(["r", "y:B"])
    assert p.count() == 1
    assert sorted(p.first().items) == [["p", "r", "x:A", "y"], ["q", "x:A"]]


def test_text_round_trip(tmp_path):
    p = queens(6)
    text = str(p)
    assert text.splitlines()[0].startswith("r0 r1")
    again = dlx.parse(text)
    assert again.count() == 4 and again.options == p.options
    dlx.write(p, tmp_path / "q6.dlx")
    assert dlx.read(tmp_path / "q6.dlx").count() == 4
    assert dlx.read(io.StringIO(text)).count() == 4


def test_bounds_and_costs_built_in_python():
    p = dlx.Problem()
    p.add_item("a", bounds=(1, 2))  # in one or two chosen options
    p.add_item("b")
    p.add_item("x", secondary=True)
    assert p.add_option(["a"], cost=3) == 0
    p.add_option(["a", "b"], cost=5)
    p.add_option(["b", "x:r"], cost=1)
    assert (p.bounds("a"), p.bounds("b"), p.bounds("x")) == ((1, 2), (1, 1), None)
    assert [p.cost(o) for o in range(3)] == [3, 5, 1]
    assert str(p) == "1:2|a b | x\na |3\na b |5\nb x:r |1\n"
    # {a b}, {a, a b} and {a, b x}: the lazy search lists all three, as `dlx -s` does (null
    # moves of Algorithm M included), and counts them.
    assert [list(s) for s in p.solutions()] == [[1, 0], [1], [2, 0]]
    assert p.count() == 3 and dlx.parse(str(p)).count() == 3
    with pytest.raises(ValueError, match="bounds"):
        p.best()
    with pytest.raises(dlx.Error):
        p.add_item("y", secondary=True, bounds=2)
    with pytest.raises(dlx.Error):
        p.add_item("z", bounds=(3, 2))


def test_best_gives_the_cheapest_solutions(root):
    # Against every solution's cost, summed here: the k cheapest costs, cheapest first.
    p = dlx.read(root / "tests" / "data" / "cost-random-7.dlx")
    costs = sorted(sum(p.cost(o) for o in s) for s in p.solutions())
    assert len(costs) > 10
    for k in (1, 5, 10):
        best = p.best(k)
        assert [c for c, _ in best] == costs[:k]
        for cost, solution in best:
            assert sum(p.cost(o) for o in solution) == cost
        assert [c for c, _ in p.best(k, threads=2)] == costs[:k]
    assert p.best(len(costs) + 5) and len(p.best(len(costs) + 5)) == len(costs)
    with pytest.raises(ValueError):
        p.best(0)


def test_problem_accessors():
    p = dlx.Problem(["a", "b"], ["x"])
    assert p.add_option(["a", "x:red"]) == 0
    assert p.add_option(["b"]) == 1
    assert p.primary == ["a", "b"] and p.secondary == ["x"] and p.items == ["a", "b", "x"]
    assert p.option(0) == ["a", "x:red"] and p.option(-1) == ["b"] and p.option_count == 2
    assert p.add_option(["x"]) is None  # no primary item: dropped, as DLX1 does
    assert "dropped" in p.warnings[0]
    s = p.first()
    assert s == [0, 1] and s != [1, 0] and len(s) == 2 and s[-1] == 1 and s[:1] == [0]
    assert repr(s) == "dlx.Solution([0, 1])"


def test_parse_error_carries_file_line_and_column():
    with pytest.raises(dlx.ParseError) as info:
        dlx.parse("a b\na c\n", name="two.dlx")
    e = info.value
    assert (e.file, e.line, e.column, e.kind) == ("two.dlx", 2, 3, "unknown_item")
    assert str(e).startswith("two.dlx:2:3: ")
    assert isinstance(e, dlx.Error) and isinstance(e, ValueError)


def test_parse_errors_of_the_format():
    with pytest.raises(dlx.ParseError) as info:
        dlx.parse("| only a comment\n")
    assert info.value.kind == "no_items"
    with pytest.raises(dlx.ParseError) as info:
        dlx.parse("a | x | y\n")
    assert (info.value.line, info.value.kind) == (1, "second_separator")
    with pytest.raises(dlx.ParseError) as info:
        dlx.parse("a b\n" + "a b\n" * 10, max_nodes=10)
    assert info.value.kind == "too_many_nodes"


def test_read_names_the_file(tmp_path):
    bad = tmp_path / "bad.dlx"
    bad.write_text("a b | x\na x:red\nb:blue\n")
    with pytest.raises(dlx.ParseError) as info:
        dlx.read(bad)
    assert (info.value.file, info.value.line, info.value.kind) == (str(bad), 3, "color_on_primary")
    with pytest.raises(FileNotFoundError):
        dlx.read(tmp_path / "missing.dlx")


def test_building_errors():
    p = dlx.Problem(["a", "b"], ["x"])
    with pytest.raises(dlx.Error) as info:
        p.add_option(["a", "zz"])
    assert info.value.kind == "unknown_item" and "zz" in str(info.value)
    with pytest.raises(dlx.Error) as info:
        p.add_option(["a", "a"])
    assert info.value.kind == "repeated_item"
    with pytest.raises(dlx.Error) as info:
        p.add_option(["a:red"])
    assert info.value.kind == "color_on_primary"
    with pytest.raises(dlx.Error) as info:
        p.add_item("a")
    assert info.value.kind == "duplicate_item"
    with pytest.raises(dlx.Error) as info:
        p.add_item("has space")
    assert info.value.kind == "bad_name"
    with pytest.raises(dlx.Error) as info:
        p.add_option([])
    assert info.value.kind == "empty_option"
    assert p.option_count == 0


def test_best_needs_costs_as_dlx_best_does():
    # dlx --best refuses a problem without costs; best() refuses it too, in the same words.
    p = dlx.parse("a b\na\nb\na b\n")
    with pytest.raises(ValueError, match="no option has one") as caught:
        p.best(1)
    assert "::" not in str(caught.value)
    q = dlx.parse("a b\na |2\nb |3\na b |7\n")
    assert [cost for cost, _ in q.best(2)] == [5, 7]


def test_bounds_refused_by_best_without_naming_a_class():
    p = dlx.Problem()
    p.add_item("a", bounds=(1, 2))
    p.add_option(["a"], cost=1)
    with pytest.raises(ValueError, match="bounds") as caught:
        p.best()
    assert "dlx::" not in str(caught.value) and "CostSolver" not in str(caught.value)


def test_bad_arguments_are_one_line_errors_that_name_them():
    p = queens(4)
    cases = [
        (lambda: p.add_option(["r0"], cost=-1), ValueError, ["cost", "-1"]),
        (lambda: p.add_option(["r0"], cost="3"), TypeError, ["cost", "str"]),
        (lambda: p.count(threads=-1), ValueError, ["threads", "-1"]),
        (lambda: p.count(threads=5000), ValueError, ["threads", "1024", "5000"]),
        (lambda: p.count(threads=1.0), TypeError, ["threads", "float"]),
        (lambda: p.count(limit=0), ValueError, ["limit", "0"]),
        (lambda: p.count(seed=-2), ValueError, ["seed", "-2"]),
        (lambda: p.first(seed="a"), TypeError, ["seed", "str"]),
        (lambda: p.best(0), ValueError, ["k"]),
        (lambda: p.search(max_nodes=-5), ValueError, ["max_nodes"]),
        (lambda: list(p.solutions(limit="1")), TypeError, ["limit", "str"]),
        (lambda: p.count(engine=1), TypeError, ["engine", "int"]),
    ]
    for call, kind, words in cases:
        with pytest.raises(kind) as caught:
            call()
        message = str(caught.value)
        assert "\n" not in message and "incompatible function arguments" not in message, message
        for word in words:
            assert word in message, message
    assert p.count(threads=2) == 2
