"""Type stubs of the native module ``bitdoku._bitdoku`` (re-exported by ``bitdoku``).

The first line of each function's docstring in the module is its signature with the
types given here, and the tests check the two against each other and against the
module's own signatures (names, defaults). The batch calls are overloaded on
``errors``: ``'raise'`` (the default) gives results only, ``'return'`` a
``PuzzleError`` in the place of each puzzle that cannot be read.

``solve``, ``count``, ``is_unique``, ``enumerate`` and ``true_candidates`` take a
classic puzzle string or a puzzle for the general engine: an N×N line, a
sudoku-puzzle or f-puzzles JSON document (a string or a dict), or an f-puzzles or
SudokuPad link.
"""

from typing import Any, Iterable, Literal, Sequence, TypedDict, overload

__version__: str

class PuzzleError(ValueError):
    """A puzzle that could not be read."""

    line: int | None
    """1-based line inside the puzzle string (None for a general puzzle)."""
    column: int | None
    """1-based column (in characters) inside the puzzle string (a general puzzle's:
    an N×N line's, else None)."""
    path: str | None
    """The JSON path of the error in a JSON document (``rules[3].cells[1]``; ``""``
    for the document itself), else None."""
    reason: str
    """What was wrong, without the position."""
    index: int | None
    """The puzzle's index in a batch call, else None."""

class TrueCandidates(TypedDict, total=False):
    status: str
    """``unique``, ``multiple``, ``unsolvable``, or, for a run stopped early,
    ``gave-up`` (the limit)."""
    candidates: list[str]
    """Each cell's true candidates, row-major: digits ``1``-``9`` then ``A``-``P``, in
    increasing order; ``""`` for none."""
    fixed: int
    """Cells with one true candidate: the same digit in every solution."""
    solutions: int
    """The witness solutions found."""
    undecided: list[str]
    """Each cell's undecided candidates (only for a run stopped early)."""

class Rating(TypedDict, total=False):
    status: str
    """``rated``, ``solved`` (nothing left to do: ER 0.0), ``stalled`` (no technique
    finds a step: ER 20.0), ``timed-out`` (``timeout`` ran out: ``er``, ``ep``, ``ed``
    and ``level`` are lower bounds, from the ``steps`` taken), ``not-unique`` (several
    solutions: not rated) or ``unsolvable``."""
    er: float
    """Sudoku Explainer's rating: the hardest step of the solve path (20.0: stalled;
    at least this much: timed-out)."""
    ep: float
    """The hardest step up to the first placement."""
    ed: float
    """The first step's difficulty."""
    technique: str
    """The technique of the hardest step (the status word where there is no step:
    ``stalled``, ``solved``, ``timed-out``)."""
    ep_technique: str
    ed_technique: str
    level: int
    """1 (easy) to 6 (extreme), a coarse label of ER."""
    label: str
    """easy, medium, hard, expert, fiendish or extreme."""
    steps: int
    """Steps of the solve path (taken, if timed-out)."""
    solution: str
    """The one solution (a rated puzzle) or the first (not-unique)."""

class Candidate(TypedDict):
    square: str
    digit: int

class Node(TypedDict):
    square: str
    digit: int
    on: bool

# The functional form: one key is the keyword ``from``.
Link = TypedDict("Link", {"from": Node, "to": Node})

class Step(TypedDict):
    technique: str
    """Sudoku Explainer's name of the technique (``Hidden Single``, ``X-Wing``...)."""
    difficulty: float
    placement: Candidate | None
    eliminations: list[Candidate]
    cells: list[str]
    candidates: list[Candidate]
    units: list[str]
    """``row A``, ``column 1``, ``box 1``."""
    digits: list[int]
    links: list[Link]
    text: str

def solve(puzzle: str | dict[str, Any]) -> str | None:
    """The first solution as 81 digits, or None if the puzzle has none. A puzzle is 81
    squares, a boxed grid or a 729-character pencilmark line; raises PuzzleError if it
    cannot be read or gives a digit twice in a unit. A puzzle for the general engine
    (an N×N line, sudoku-puzzle or f-puzzles JSON as a string or a dict, a link) gives
    its solution as its N×N line."""

@overload
def solve_many(
    puzzles: Iterable[str | dict[str, Any]],
    threads: int | None = None,
    *,
    errors: Literal["raise"] = "raise",
) -> list[str | None]:
    """solve() of each puzzle (any puzzle solve() takes), in order, on `threads` threads
    (None: all cores; 1: the calling thread; more than the CPUs there are is read as
    that many; 0 or less: ValueError). Raises PuzzleError, with the puzzle's `index`, at
    the first puzzle that cannot be read or gives a digit twice in a unit."""

@overload
def solve_many(
    puzzles: Iterable[str | dict[str, Any]],
    threads: int | None = None,
    *,
    errors: Literal["return"],
) -> list[str | None | PuzzleError]:
    """solve() of each puzzle, in order; each puzzle that cannot be read has its
    PuzzleError in its place, and every other puzzle its result."""

def count(puzzle: str | dict[str, Any], limit: int = 2) -> int:
    """How many solutions the puzzle has, counting no further than `limit` (2 tells
    unique from not; 0 is read as 1, as everywhere in bitdoku; negative: ValueError).
    Raises PuzzleError as solve() does."""

@overload
def count_many(
    puzzles: Iterable[str | dict[str, Any]],
    limit: int = 2,
    threads: int | None = None,
    *,
    errors: Literal["raise"] = "raise",
) -> list[int]:
    """count() of each puzzle, in order, on `threads` threads. Raises PuzzleError as
    solve_many() does."""

@overload
def count_many(
    puzzles: Iterable[str | dict[str, Any]],
    limit: int = 2,
    threads: int | None = None,
    *,
    errors: Literal["return"],
) -> list[int | PuzzleError]:
    """count() of each puzzle, in order; a PuzzleError in the place of each puzzle that
    cannot be read."""

def is_unique(puzzle: str | dict[str, Any]) -> bool:
    """True if the puzzle has exactly one solution."""

def rate(puzzle: str, timeout: Optional[float] = None) -> Rating:
    """The puzzle's rating on Sudoku Explainer's scale, from its human solve path:
    ``status`` says whether it was rated (see Rating). A path where no technique finds
    a step is rated 20.0 with the technique ``stalled``. ``timeout`` (seconds) bounds
    the rating: one that runs out is ``timed-out``, with lower bounds. ValueError for a
    timeout that is not a positive number of seconds."""

@overload
def rate_many(
    puzzles: Iterable[str],
    threads: int | None = None,
    *,
    errors: Literal["raise"] = "raise",
) -> list[Rating]:
    """rate() of each puzzle, in order, on `threads` threads (one puzzle at a time per
    thread). Raises PuzzleError as solve_many() does."""

@overload
def rate_many(
    puzzles: Iterable[str],
    threads: int | None = None,
    *,
    errors: Literal["return"],
) -> list[Rating | PuzzleError]:
    """rate() of each puzzle, in order; a PuzzleError in the place of each puzzle that
    cannot be read."""

def hint(puzzle: str) -> Step | None:
    """The next step of the puzzle as it stands (a pencilmark line keeps the candidates
    already removed): the first step of its solve path, or None if it is solved.
    ValueError if it has no solution or several (the techniques assume one), or if no
    technique finds a step (``stalled: ...``)."""

def explain(puzzle: str) -> list[Step]:
    """The puzzle's solve path, step by step. ValueError if it has no solution or
    several. If no technique finds a step before the grid is solved, the list ends
    there (rate() then gives the technique ``stalled``)."""

def generate(
    n: int,
    seed: int | None = None,
    clues: int | None = None,
    symmetric: bool = False,
    minimal: bool = False,
    threads: int | None = None,
    symmetry: str | None = None,
    level: int | None = None,
    er: Sequence[float] | None = None,
    *,
    size: int | None = None,
    box: str | None = None,
    jigsaw: bool = False,
    diagonals: bool = False,
    windows: bool = False,
    disjoint_groups: bool = False,
    anti_knight: bool = False,
    anti_king: bool = False,
    non_consecutive: bool = False,
    killer: bool | int | None = None,
    thermos: int | None = None,
    arrows: int | None = None,
    whispers: int | None = None,
    renban: int | None = None,
    kropki: int | Literal["all"] | None = None,
    xv: int | Literal["all"] | None = None,
    odd_even: int | None = None,
    format: str | None = None,
) -> list[str]:
    """`n` puzzles with exactly one solution; the same seed (0 to 2**64 - 1) gives the
    same puzzles. `clues` 17 to 81; `symmetry` names the pattern of givens (`none`,
    `rotate180`, `rotate90`, `mirror`, `flip`, `diagonal`, `antidiagonal`,
    `mirror-flip`, `dihedral`; `symmetric=True` is `rotate180`, not with `symmetry`);
    `level` (1-6) or `er` (a (min, max) rating pair: a tuple or a list of two numbers)
    asks for puzzles that `rate` puts there. Every argument is checked first
    (ValueError). The keywords after `*` ask for any other board and rule elements, as
    `bitdoku generate`'s options of the same names (the same seed gives the same
    puzzles); `format` chooses how such a puzzle is written ("line",
    "sudoku-puzzle", "fpuzzles", "link")."""

def minimize(puzzle: str) -> str:
    """The puzzle with every given it does not need removed (row-major order), unique
    with its (first) solution. ValueError for a puzzle with no solution or a pencilmark
    puzzle; PuzzleError as solve() says."""

def canon(puzzle: str) -> str:
    """The puzzle's canonical form: equal for two puzzles exactly when they are the
    same up to the symmetries of Sudoku and a relabelling of the digits. ValueError for
    a pencilmark puzzle; PuzzleError as solve() says."""

def enumerate(puzzle: str | dict[str, Any], limit: int = 100) -> list[str]:
    """The puzzle's solutions in the search's order, at most `limit` (0 is read as 1;
    negative: ValueError); fewer means that was all of them. PuzzleError as solve()
    says."""

def true_candidates(puzzle: str | dict[str, Any], limit: int | None = None) -> TrueCandidates:
    """The digits each cell holds in some solution, as ``bitdoku candidates --format
    json`` gives them; `limit` caps the witness solutions (None: no limit). Any puzzle
    solve() takes. PuzzleError as solve() says."""

def _panic_for_tests() -> None: ...
