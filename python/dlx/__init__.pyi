"""Type stubs of the dlx package (the native part is dlx._native.dlx)."""

import os
from typing import IO, Callable, Iterable, Iterator, Optional, Sequence, Tuple, Union, overload

from dlx._errors import LocatedError

__all__ = ["Problem", "Solution", "Solutions", "Result", "Progress", "Error", "ParseError",
           "parse", "read", "write"]

# An item of an option: "a", "x:red", or ("x", "red").
OptionItem = Union[str, Tuple[str, str]]

class Error(LocatedError):
    """A problem that cannot be built: a duplicate or unknown item, a color on a primary item."""

class ParseError(Error):
    """Text that is not a valid problem in Knuth's format; str() is 'file:line:column: message'."""

class Result:
    """What one search did, counted as Knuth's DLX1 counts it."""
    @property
    def solutions(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def updates(self) -> int: ...
    @property
    def max_depth(self) -> int: ...
    @property
    def outcome(self) -> str:
        """'exhausted', 'solution_limit', 'node_limit', 'update_limit' or 'stopped'."""
    @property
    def complete(self) -> bool:
        """True when the whole tree was searched: `solutions` is the exact count."""
    @property
    def forced(self) -> int:
        """With propagate: the forced moves taken (an item left with one option)."""
    @property
    def implied(self) -> int:
        """With propagate: the options implied items removed."""
    @property
    def probes(self) -> int: ...
    @property
    def probed(self) -> int:
        """With propagate: the options probing removed."""
    @property
    def pruned(self) -> int:
        """With a propagator: the options it removed."""

class SearchNode:
    """The node of the search a propagator is asked at; valid during that call only."""
    def open(self, option: int) -> bool:
        """True when the option may still be chosen below this node."""
    @property
    def chosen(self) -> list[int]:
        """The options chosen on the way here, from the root (forced moves too)."""

class Progress:
    """A snapshot of a running search, handed to a progress callback."""
    @property
    def solutions(self) -> int: ...
    @property
    def nodes(self) -> Optional[int]: ...
    @property
    def updates(self) -> Optional[int]: ...
    @property
    def fraction(self) -> float:
        """Knuth's estimate of the share of the tree already searched."""
    @property
    def seconds(self) -> float: ...
    @property
    def prefixes_done(self) -> Optional[int]: ...
    @property
    def prefixes_total(self) -> Optional[int]: ...

class Solution(Sequence[int]):
    """One exact cover: option indices in the order the search chose them."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def __iter__(self) -> Iterator[int]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    @property
    def options(self) -> list[int]: ...
    @property
    def items(self) -> list[list[str]]:
        """The items of each option, as written ('x:red' for a colored one)."""

class Solutions(Iterator[Solution]):
    """The solutions of a problem, found lazily; usable again after a KeyboardInterrupt."""
    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> Solution: ...
    @property
    def stats(self) -> Result: ...

ProgressCallback = Callable[[Progress], object]
# A constraint of the user's: False ends the branch, None (or True) removes nothing, and option
# indices are removed until the search backs up.
Propagator = Callable[[SearchNode], Union[None, bool, Iterable[int]]]

class Problem:
    """An exact-cover problem: primary items, secondary items, and options (sets of items)."""
    def __init__(self, primary: Iterable[str] = ..., secondary: Iterable[str] = ...) -> None: ...
    def add_item(self, name: str, *, secondary: bool = False,
                 bounds: Union[None, int, tuple[int, int]] = None) -> int: ...
    def add_option(self, items: Iterable[OptionItem], *, cost: int = 0) -> Optional[int]:
        """Returns the option's index, or None when it has no primary item (dropped)."""
    def add_options(self, options: Iterable[Iterable[OptionItem]]) -> list[Optional[int]]: ...
    @property
    def primary(self) -> list[str]: ...
    @property
    def secondary(self) -> list[str]: ...
    @property
    def items(self) -> list[str]: ...
    @property
    def option_count(self) -> int: ...
    def option(self, index: int) -> list[str]: ...
    @property
    def options(self) -> list[list[str]]: ...
    def cost(self, index: int) -> int: ...
    def bounds(self, name: str) -> Optional[tuple[int, int]]: ...
    @property
    def warnings(self) -> list[str]: ...
    @property
    def name(self) -> str: ...
    def count(self, limit: Optional[int] = None, *, threads: int = 1, seed: Optional[int] = None,
              max_nodes: Optional[int] = None, max_updates: Optional[int] = None,
              progress: Optional[ProgressCallback] = None,
              progress_interval: float = 1.0, propagate: Optional[str] = None,
              engine: str = "auto", propagator: Optional[Propagator] = None) -> int: ...
    def search(self, limit: Optional[int] = None, *, threads: int = 1, seed: Optional[int] = None,
               max_nodes: Optional[int] = None, max_updates: Optional[int] = None,
               progress: Optional[ProgressCallback] = None,
               progress_interval: float = 1.0, propagate: Optional[str] = None,
               engine: str = "auto", propagator: Optional[Propagator] = None) -> Result: ...
    def first(self, *, seed: Optional[int] = None, max_nodes: Optional[int] = None,
              max_updates: Optional[int] = None,
              propagate: Optional[str] = None, engine: str = "auto",
              propagator: Optional[Propagator] = None) -> Optional[Solution]: ...
    def best(self, k: int = 1, *, threads: int = 1,
             max_nodes: Optional[int] = None) -> list[tuple[int, Solution]]: ...
    def solutions(self, limit: Optional[int] = None) -> Solutions: ...

def parse(text: Union[str, bytes], name: str = "<string>", *,
          max_nodes: int = 50_000_000) -> Problem: ...
def read(file: Union[str, os.PathLike[str], IO[str], IO[bytes]], *,
         max_nodes: int = 50_000_000) -> Problem: ...
def write(problem: Problem, file: Union[str, os.PathLike[str], IO[str]]) -> None: ...
