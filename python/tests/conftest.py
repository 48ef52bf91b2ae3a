"""Shared paths and helpers of the Python tests; run them from the repository root:

    /usr/bin/python3 -m pytest python/tests

against the installed packages, or against a build tree with PYTHONPATH=build/python.
"""

import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = pathlib.Path(__file__).resolve().parent / "data"

# python/dlx and python/sudoku hold the packages' sources without their native part: never
# import them from there (as a current directory of python/ would).
_sources = str(ROOT / "python")
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _sources]

# From the repository root, the C++ library's dlx/ directory would pass for a namespace package.
try:
    import dlx
    import sudoku

    dlx.Problem, sudoku.Puzzle
except (ImportError, AttributeError) as error:
    pytest.exit(f"the dlx and sudoku packages are not installed for {sys.executable} ({error}); "
                "see python/README.md, or set PYTHONPATH=build/python", returncode=4)


@pytest.fixture
def root():
    return ROOT


@pytest.fixture
def data():
    return DATA


@pytest.fixture(scope="session")
def dlx_command():
    """The C++ dlx command, for comparisons; the test is skipped when there is none."""
    path = os.environ.get("DLX_COMMAND") or str(ROOT / "build" / "apps" / "dlx")
    if not os.access(path, os.X_OK):
        pytest.skip("no dlx command (set DLX_COMMAND, or build build/apps/dlx)")
    return path
