"""Peter Norvig's Sudoku solver, the baseline of the Python speed comparison.

The algorithm and names are those of Peter Norvig's essay "Solving Every Sudoku
Puzzle" (https://norvig.com/sudoku.html); his program is published in the pytudes
repository (py/sudoku.py, MIT License, Copyright (c) Peter Norvig). This file keeps
his representation and control flow so that it times the same: a dict from square
names to strings of candidate digits, assign/eliminate with his two rules, and a
depth-first search on a square with the fewest candidates over dict copies. Only the
parts the benchmark needs are here (no display, no test harness). To time his own
file instead, pass it to compare_norvig.py with --norvig PATH.
"""


def cross(A, B):
    "Every a+b for a in A and b in B."
    return [a + b for a in A for b in B]


digits = "123456789"
rows = "ABCDEFGHI"
cols = digits
squares = cross(rows, cols)
unitlist = (
    [cross(rows, c) for c in cols]
    + [cross(r, cols) for r in rows]
    + [cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")]
)
units = dict((s, [u for u in unitlist if s in u]) for s in squares)
peers = dict((s, set(sum(units[s], [])) - set([s])) for s in squares)


def parse_grid(grid):
    """The candidates of every square after assigning the givens, as
    {square: digits}; False on a contradiction."""
    values = dict((s, digits) for s in squares)
    for s, d in grid_values(grid).items():
        if d in digits and not assign(values, s, d):
            return False
    return values


def grid_values(grid):
    "The squares' characters, {square: char}; '0' or '.' is an empty square."
    chars = [c for c in grid if c in digits or c in "0."]
    assert len(chars) == 81
    return dict(zip(squares, chars))


def assign(values, s, d):
    """Put d in s by eliminating every other candidate of s, propagating each
    elimination; values, or False on a contradiction."""
    other_values = values[s].replace(d, "")
    if all(eliminate(values, s, d2) for d2 in other_values):
        return values
    else:
        return False


def eliminate(values, s, d):
    """Remove d from the candidates of s and apply the two rules; values, or
    False on a contradiction."""
    if d not in values[s]:
        return values
    values[s] = values[s].replace(d, "")
    # Rule 1: a square left with one digit removes that digit from its peers.
    if len(values[s]) == 0:
        return False
    elif len(values[s]) == 1:
        d2 = values[s]
        if not all(eliminate(values, s2, d2) for s2 in peers[s]):
            return False
    # Rule 2: a digit left with one place in a unit goes there.
    for u in units[s]:
        dplaces = [s for s in u if d in values[s]]
        if len(dplaces) == 0:
            return False
        elif len(dplaces) == 1:
            if not assign(values, dplaces[0], d):
                return False
    return values


def solve(grid):
    return search(parse_grid(grid))


def search(values):
    "Depth-first: try each digit of a square with the fewest candidates."
    if values is False:
        return False
    if all(len(values[s]) == 1 for s in squares):
        return values
    n, s = min((len(values[s]), s) for s in squares if len(values[s]) > 1)
    for d in values[s]:
        result = search(assign(values.copy(), s, d))
        if result:
            return result
