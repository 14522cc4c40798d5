"""Solve, count, check, rate, hint and generate Sudoku puzzles.

Norvig's constraint propagation and search on bitsets, in Rust, and Sudoku Explainer's
techniques for ratings, hints and explanations. Puzzles are strings of 81 squares
(``1``-``9`` given, ``0``, ``.``, ``_`` or ``*`` empty), boxed grids or 729-character
pencilmark lines; solutions are 81-digit strings. A puzzle that cannot be read raises
:class:`PuzzleError`, a ``ValueError`` with the line and column. The GIL is released
while solving, and the batch calls (``solve_many``, ``count_many``, ``generate``) use
all cores unless told ``threads=N``.

>>> import bitdoku
>>> bitdoku.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
'417369825632158947958724316825437169791586432346912758289643571573291684164875293'
"""

from ._bitdoku import (
    PuzzleError,
    __version__,
    count,
    count_many,
    explain,
    generate,
    hint,
    is_unique,
    rate,
    solve,
    solve_many,
)

__all__ = [
    "PuzzleError",
    "__version__",
    "count",
    "count_many",
    "explain",
    "generate",
    "hint",
    "is_unique",
    "rate",
    "solve",
    "solve_many",
]
