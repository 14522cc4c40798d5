"""Solve, count, check, rate, hint, explain, generate, minimize and canonicalize Sudoku
puzzles.

Norvig's constraint propagation and search on bitsets, in Rust, and Sudoku Explainer's
techniques for ratings, hints and explanations. Puzzles are strings of 81 squares
(``1``-``9`` given, ``0``, ``.``, ``_`` or ``*`` empty), boxed grids or 729-character
pencilmark lines; solutions are 81-digit strings. ``solve``, ``count``, ``is_unique``,
``enumerate`` and ``true_candidates`` also take any puzzle of the general engine (any
size, jigsaw and extra regions, variant rules): an N×N line, a sudoku-puzzle or
f-puzzles JSON document (a string or a dict), or an f-puzzles or SudokuPad link; its
solutions are N×N lines (``1``-``9``, then ``A``-``P``). A puzzle that cannot be read raises
:class:`PuzzleError`, a ``ValueError`` with the line and column; the batch calls
(``solve_many``, ``count_many``, ``rate_many``) raise it for the first such puzzle, or,
with ``errors="return"``, put each one in its puzzle's place in the list. A bad number
(a negative limit, seed or thread count) is a ``ValueError`` that names it. The GIL is
released while solving, and the batch calls and ``generate`` use all cores unless told
``threads=N``. Each function's docstring starts with its signature, with types (the
package ships stubs and ``py.typed``).

``bitdoku.enumerate`` (every solution, up to a limit) is left out of ``__all__``, so
that ``from bitdoku import *`` does not hide Python's ``enumerate``.

>>> import bitdoku
>>> bitdoku.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
'417369825632158947958724316825437169791586432346912758289643571573291684164875293'
"""

from ._bitdoku import (
    PuzzleError,
    __version__,
    canon,
    count,
    count_many,
    enumerate as enumerate,  # exported, though not in __all__ (see above)
    explain,
    generate,
    hint,
    is_unique,
    minimize,
    rate,
    rate_many,
    solve,
    solve_many,
    true_candidates,
)

__all__ = [
    "PuzzleError",
    "__version__",
    "canon",
    "count",
    "count_many",
    "explain",
    "generate",
    "hint",
    "is_unique",
    "minimize",
    "rate",
    "rate_many",
    "solve",
    "solve_many",
    "true_candidates",
]
