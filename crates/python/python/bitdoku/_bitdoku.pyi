"""Type stubs of the native module ``bitdoku._bitdoku`` (re-exported by ``bitdoku``)."""

from typing import Iterable, List, Optional, TypedDict

__version__: str

class PuzzleError(ValueError):
    """A puzzle that could not be read."""

    line: int
    """1-based line inside the puzzle string."""
    column: int
    """1-based column (in characters) inside the puzzle string."""
    reason: str
    """What was wrong, without the position."""
    index: Optional[int]
    """The puzzle's index in a batch call, else None."""

class Rating(TypedDict):
    level: int
    """1 (easy) to 5 (deep search)."""
    label: str
    """easy, medium, hard, search or deep search."""
    technique: str
    """The hardest technique needed before the first guess: none, naked-single,
    hidden-single, locked-candidates or search."""
    guesses: int
    backtracks: int
    max_depth: int

def solve(puzzle: str) -> Optional[str]:
    """The first solution as 81 digits, or None if the puzzle has none."""

def solve_many(puzzles: Iterable[str], threads: Optional[int] = None) -> List[Optional[str]]:
    """solve() of each puzzle, in order, on `threads` threads (None: all cores)."""

def count(puzzle: str, limit: int = 2) -> int:
    """How many solutions the puzzle has, counting no further than `limit`."""

def count_many(
    puzzles: Iterable[str], limit: int = 2, threads: Optional[int] = None
) -> List[int]:
    """count() of each puzzle, in order, on `threads` threads (None: all cores)."""

def is_unique(puzzle: str) -> bool:
    """True if the puzzle has exactly one solution."""

def rate(puzzle: str) -> Optional[Rating]:
    """How much reasoning the puzzle needs, or None if it has no solution."""

def generate(
    n: int,
    seed: Optional[int] = None,
    clues: Optional[int] = None,
    symmetric: bool = False,
    minimal: bool = False,
    threads: Optional[int] = None,
    symmetry: Optional[str] = None,
    level: Optional[int] = None,
) -> List[str]:
    """`n` puzzles with exactly one solution; the same seed gives the same puzzles.
    `symmetry` names the pattern of givens (`none`, `rotate180`, `rotate90`, `mirror`,
    `flip`, `diagonal`, `antidiagonal`, `mirror-flip`, `dihedral`; `symmetric=True` is
    `rotate180`); `level` asks for puzzles that `rate` at that level (1-6)."""

def _panic_for_tests() -> None: ...
