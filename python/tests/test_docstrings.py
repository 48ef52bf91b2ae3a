"""The examples in the modules' docstrings (what help(dlx) and help(sudoku) show) run as written."""

import doctest

import dlx
import sudoku


def test_module_docstring_examples_run():
    for module in (dlx, sudoku):
        failed, attempted = doctest.testmod(module, verbose=False)
        assert attempted > 0, f"{module.__name__} has no example to run"
        assert failed == 0, f"{module.__name__}: {failed} of {attempted} examples failed"
