"""Every example of README.md, docs/*.md and python/README.md, run and compared with what the page
shows, so that the pages cannot go stale (ctest's Docs.examples runs it).

Shell examples: in a fenced block, each line `$ command` is run by sh, and the lines after it, up
to the next `$` line or the end of the block, are its expected output: standard output alone
(diagnostics and summaries left out), or standard output and standard error together, in either
order, since the commands write them separately. A line
`...` stands for any number of lines; times and rates (`0.001 s`, `2320 puzzles/s`, `elapsed
seconds: ...`) are compared as numbers of any value. `sudoku` and `dlx` are the built commands;
the commands run in a scratch directory that sees the repository's top-level entries (examples/,
tests/, ...) and `build` as the build directory, with the files of tests/data/docs/ beside them,
and `$ cat FILE` of a file not there writes FILE with the lines shown, for the commands after
it.

Python examples: `>>>` lines (doctest style, `...` continuing a statement) with the output after
them, run in order per page with `dlx` and `sudoku` imported; an exception is shown as
`module.Type: message`, and `...` inside expected output stands for any text. Blocks of
```python without `>>>` are run as scripts and must not raise.

A block preceded by the line `<!-- doc-test: skip (why) -->` is not run.

Usage: doc_examples_test.py --source DIR --build DIR [--python-path DIR] [page.md ...]
"""

import argparse
import contextlib
import doctest
import io
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import traceback

PAGES = ["README.md", "docs/*.md", "python/README.md"]
SKIP = re.compile(r"<!--\s*doc-test:\s*skip\b.*-->")
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")


def blocks(text):
    """(first line number, language, lines, skipped) of each fenced block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, language = opening.group(1), opening.group(2)
        previous = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        skipped = bool(SKIP.search(previous))
        body = []
        j = i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j])
            j += 1
        yield i + 2, language, body, skipped
        i = j + 1


def normalize(line):
    """Times and rates as placeholders: they differ from run to run."""
    line = re.sub(r"\b\d+(\.\d+)? (s|ms|us|µs|puzzles/s)\b", r"<n> \2", line)
    line = re.sub(r"^(elapsed seconds|seconds): .*$", r"\1: <n>", line)
    return line.rstrip()


def matches(expected, actual):
    """The lines match, a line `...` of `expected` standing for any number of lines."""
    expected = [normalize(e) for e in expected]
    actual = [normalize(a) for a in actual]

    def at(i, j):
        if i == len(expected):
            return j == len(actual)
        if expected[i] == "...":
            return any(at(i + 1, k) for k in range(j, len(actual) + 1))
        return j < len(actual) and expected[i] == actual[j] and at(i + 1, j + 1)

    return at(0, 0)


def output_lines(text):
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


class Runner:
    def __init__(self, source, build, python_path):
        self.source = source
        self.build = build
        self.python_path = python_path
        self.failures = []
        self.checked = {"shell": 0, "python": 0, "skipped": 0}

    def fail(self, where, message):
        self.failures.append(f"{where}: {message}")

    # --- shell -----------------------------------------------------------------------------

    def scratch(self):
        """A directory that sees the repository's top level, the build as `build` and the files
        of tests/data/docs/."""
        directory = pathlib.Path(tempfile.mkdtemp(prefix="doc-examples-"))
        for entry in self.source.iterdir():
            if entry.name not in ("build", ".git"):
                (directory / entry.name).symlink_to(entry)
        (directory / "build").symlink_to(self.build)
        for fixture in (self.source / "tests/data/docs").iterdir():
            (directory / fixture.name).write_bytes(fixture.read_bytes())
        return directory

    def shell_block(self, where, body, directory):
        commands = []  # (line offset, command, expected lines)
        for offset, line in enumerate(body):
            if line.startswith("$ "):
                commands.append((offset, line[2:], []))
            elif commands:
                commands[-1][2].append(line)
        env = dict(os.environ)
        env["PATH"] = f"{self.build / 'apps'}{os.pathsep}{env.get('PATH', '')}"
        env["LC_ALL"] = "C.UTF-8"
        env.pop("SUDOKU_HISTORY", None)
        for offset, command, expected in commands:
            at = f"{where[0]}:{where[1] + offset}"
            self.checked["shell"] += 1
            cat = re.fullmatch(r"cat (\S+)", command)
            if cat and not (directory / cat.group(1)).exists():
                (directory / cat.group(1)).write_text("\n".join(expected) + "\n")
                continue
            run = subprocess.run(["sh", "-c", command], cwd=directory, env=env,
                                 stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
            out = output_lines(run.stdout.decode("utf-8", "replace"))
            err = output_lines(run.stderr.decode("utf-8", "replace"))
            if any(matches(expected, lines) for lines in (out, out + err, err + out)):
                continue
            self.fail(at, f"`{command}` printed\n" + "\n".join("  | " + x for x in out + err) +
                      "\nwhere the page shows\n" + "\n".join("  | " + x for x in expected))

    # --- python ----------------------------------------------------------------------------

    def python_namespace(self):
        if self.python_path is None:
            return None
        # Only the packages of this build: an installed one of another version would answer for
        # them (a build without the Python target, such as the sanitized one, has none).
        if not (self.python_path / "dlx").is_dir():
            print(f"doc examples: no Python packages in {self.python_path}: the Python examples "
                  "are not run", file=sys.stderr)
            return None
        sys.path.insert(0, str(self.python_path))
        try:
            import dlx  # noqa: F401
            import sudoku  # noqa: F401
        except ImportError as error:
            print(f"doc examples: no Python packages in {self.python_path} ({error}): the "
                  "Python examples are not run", file=sys.stderr)
            return None
        return {"dlx": sys.modules["dlx"], "sudoku": sys.modules["sudoku"]}

    def python_examples(self, where, text, namespace, directory):
        checker = doctest.OutputChecker()
        flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        for example in doctest.DocTestParser().get_examples(text):
            at = f"{where[0]}:{where[1] + example.lineno}"
            self.checked["python"] += 1
            got = io.StringIO()
            with contextlib.redirect_stdout(got), working_directory(directory):
                try:
                    try:
                        code = compile(example.source, at, "eval")
                    except SyntaxError:
                        exec(compile(example.source, at, "exec"), namespace)
                    else:
                        value = eval(code, namespace)
                        if value is not None:
                            print(repr(value))
                except Exception as error:  # shown as the page shows it
                    kind = type(error)
                    module = kind.__module__
                    name = kind.__qualname__ if module == "builtins" else f"{module}.{kind.__qualname__}"
                    print(f"{name}: {error}")
            want = example.want
            if example.exc_msg is not None:  # a doctest traceback: compare its last line
                want = example.exc_msg
            if not checker.check_output(want, got.getvalue(), flags):
                self.fail(at, f"`{example.source.strip()}` gave\n" +
                          "\n".join("  | " + x for x in output_lines(got.getvalue())) +
                          "\nwhere the page shows\n" +
                          "\n".join("  | " + x for x in output_lines(want)))

    def python_script(self, where, body, namespace, directory):
        at = f"{where[0]}:{where[1]}"
        self.checked["python"] += 1
        with contextlib.redirect_stdout(io.StringIO()), working_directory(directory):
            try:
                exec(compile("\n".join(body), at, "exec"), dict(namespace))
            except Exception:
                self.fail(at, "the block raised\n" + traceback.format_exc())

    # --- pages -----------------------------------------------------------------------------

    def page(self, path, namespace):
        name = str(path.relative_to(self.source))
        directory = self.scratch()
        for line, language, body, skipped in blocks(path.read_text()):
            has_prompt = any(b.startswith("$ ") for b in body)
            has_doctest = any(b.lstrip().startswith(">>> ") for b in body)
            if not (has_prompt or has_doctest or language == "python"):
                continue
            if skipped:
                self.checked["skipped"] += 1
                continue
            if has_prompt:
                self.shell_block((name, line), body, directory)
            elif namespace is None:
                continue
            elif has_doctest:
                self.python_examples((name, line), "\n".join(body) + "\n", namespace, directory)
            else:
                self.python_script((name, line), body, namespace, directory)


@contextlib.contextmanager
def working_directory(directory):
    before = os.getcwd()
    os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(before)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=pathlib.Path, required=True)
    parser.add_argument("--build", type=pathlib.Path, required=True)
    parser.add_argument("--python-path", type=pathlib.Path)
    parser.add_argument("pages", nargs="*", type=pathlib.Path)
    args = parser.parse_args()
    source, build = args.source.resolve(), args.build.resolve()
    runner = Runner(source, build, args.python_path.resolve() if args.python_path else None)
    namespace = runner.python_namespace()
    pages = [p.resolve() for p in args.pages] or sorted(
        {p for pattern in PAGES for p in source.glob(pattern)})
    for page in pages:
        runner.page(page, dict(namespace) if namespace else None)
    print(f"doc examples: {runner.checked['shell']} shell and {runner.checked['python']} Python "
          f"examples checked, {runner.checked['skipped']} blocks marked to skip, "
          f"{len(runner.failures)} failed")
    for failure in runner.failures:
        print("\n" + failure, file=sys.stderr)
    return 1 if runner.failures else 0


if __name__ == "__main__":
    sys.exit(main())
