"""The extension module dlx._native for pip (pyproject.toml): the sources and flags of CMake's
`python` target, read from the CMakeLists.txt files so that there is one list of each."""

import atexit
import concurrent.futures
import os
import pathlib
import re
import shutil
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def cmake_sources(cmake_file, command, target):
    """The .cpp files of `command(target ...)` in a CMakeLists.txt, relative to this directory
    (setuptools takes no absolute source paths; the objects of ../dlx/src/ go to build/dlx/src/)."""
    text = (ROOT / cmake_file).read_text()
    match = re.search(r"\b" + command + r"\(\s*" + re.escape(target) + r"\b([^)]*)\)", text)
    if match is None:
        raise RuntimeError(f"setup.py: no {command}({target} ...) in {cmake_file}")
    words = re.sub(r"#[^\n]*", "", match.group(1)).split()
    base = (ROOT / cmake_file).parent
    return [os.path.relpath(base / w, HERE) for w in words if w.endswith(".cpp")]


def pybind11_include():
    """The pybind11 headers: Debian's pybind11-dev puts them on the compiler's own path; the
    pybind11 package (pip's) knows where its are."""
    try:
        import pybind11
    except ImportError:
        return []
    return [pybind11.get_include()]


class parallel_build_ext(build_ext):
    """Compiles the sources on every core, as `cmake --build -j` would (setuptools compiles one
    extension's sources one after another)."""

    def build_extensions(self):
        compiler = self.compiler

        def compile(sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                    extra_preargs=None, extra_postargs=None, depends=None):
            macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                output_dir, macros, include_dirs, sources, depends, extra_postargs)
            cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

            def one(obj):
                src, ext = build[obj]
                compiler._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

            with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                list(pool.map(one, objects))
            return objects

        compiler.compile = compile
        super().build_extensions()


sources = (cmake_sources("python/CMakeLists.txt", "pybind11_add_module", "dlx_python")
           + cmake_sources("dlx/CMakeLists.txt", "add_library", "dlx")
           + cmake_sources("sudoku/CMakeLists.txt", "add_library", "sudoku"))

native = Extension(
    "dlx._native",
    sources=sources,
    include_dirs=[os.path.relpath(ROOT / "dlx" / "include", HERE),
                  os.path.relpath(ROOT / "sudoku" / "include", HERE),
                  os.path.relpath(ROOT / "sudoku" / "src", HERE),
                  *pybind11_include()],
    language="c++",
    # The Release flags of the CMake build (-O3, C++20), symbols hidden as pybind11 wants.
    extra_compile_args=["-std=c++20", "-O3", "-DNDEBUG", "-fvisibility=hidden",
                        "-fno-semantic-interposition", "-pthread"],
    extra_link_args=["-pthread", "-s"],
)

# Everything built goes to a directory of its own outside the source tree (build/ and the
# .egg-info would land in python/, and a read-only checkout could not be built at all):
# $DLX_SETUP_BUILD_DIR, or a fresh temporary directory.
if os.environ.get("DLX_SETUP_BUILD_DIR"):
    BUILD_DIR = pathlib.Path(os.environ["DLX_SETUP_BUILD_DIR"])
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
else:
    BUILD_DIR = pathlib.Path(tempfile.mkdtemp(prefix="dlx-sudoku-build-"))
    atexit.register(shutil.rmtree, BUILD_DIR, ignore_errors=True)

setup(ext_modules=[native], cmdclass={"build_ext": parallel_build_ext},
      options={"build": {"build_base": str(BUILD_DIR / "build")},
               "egg_info": {"egg_base": str(BUILD_DIR)}})
