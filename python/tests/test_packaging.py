"""pip's build (python/setup.py) happens outside the source tree: `pip install ./python` once
left python/build/ and python/dlx_sudoku.egg-info/ behind, and failed on a read-only checkout."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT


def tree(path):
    return sorted(str(p.relative_to(path)) for p in path.rglob("*"))


def test_setup_writes_nothing_into_the_source_tree(tmp_path):
    pytest.importorskip("setuptools")
    source = tmp_path / "source"
    # What setup.py reads: python/ and the CMakeLists.txt files that list the sources.
    shutil.copytree(ROOT / "python", source / "python",
                    ignore=shutil.ignore_patterns("tests", "bench", "__pycache__", "build",
                                                  "*.egg-info"))
    for lib in ("dlx", "sudoku"):
        (source / lib).mkdir()
        shutil.copy(ROOT / lib / "CMakeLists.txt", source / lib / "CMakeLists.txt")
    before = tree(source)
    out = tmp_path / "out"
    env = dict(os.environ, DLX_SETUP_BUILD_DIR=str(out))
    run = subprocess.run([sys.executable, "setup.py", "-q", "egg_info"], cwd=source / "python",
                         env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert tree(source) == before
    assert (out / "dlx_sudoku.egg-info" / "PKG-INFO").exists()
    # Without the variable: a temporary directory, removed at the end.
    env.pop("DLX_SETUP_BUILD_DIR")
    run = subprocess.run([sys.executable, "setup.py", "-q", "egg_info"], cwd=source / "python",
                         env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert tree(source) == before
