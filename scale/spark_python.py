#!/usr/bin/env python3
"""Solve a puzzle file on Spark (local mode, 127.0.0.1 only) with the bitdoku package.

    spark_python.py INPUT OUTPUT [--partitions N] [--cores N]

textFile(INPUT) split into at least N partitions -> mapPartitions: each partition's
puzzles go to one `bitdoku.solve_many(..., threads=1)` call -> saveAsTextFile(OUTPUT).
The records are those of spark_pipe.py (`bitdoku solve --format json`): `tag` (the
text after the puzzle, when a separator follows its 81st square), `puzzle`, `status`
(solved, unsolvable, invalid), `solution` or `error`; `file` names the partition and
`line` counts lines within it, as the pipe route's do. A puzzle that cannot
be read becomes an `invalid` record, not a failed task. Needs the `bitdoku` package on
the workers' Python (the wheel built from crates/python).
"""

import argparse
import json

import spark_local

SQUARES = set("0123456789.")
# bitdoku's reader: layout between squares, the separators that start a tag, the
# whitespace trimmed around it, and the most bytes of it a record keeps.
LAYOUT = set(" \t|+-")
SEPARATORS = set(" \t\r\v\f,:;|\u00a0")
SPACE = " \t\r\v\f\u00a0"
TAG_CAPACITY = 95


def is_puzzle_line(line):
    """False for the lines bitdoku skips: blank, or starting with `#`."""
    text = line.lstrip(" \t")
    return bool(text) and not text.startswith("#")


def normal_puzzle(line):
    """The puzzle of a line that parsed, as bitdoku prints it: 81 squares, `.` empty."""
    squares = [c for c in line if c in SQUARES][:81]
    return "".join(squares).replace("0", ".")


def tag_of(line):
    """The line's tag as `bitdoku solve` echoes it, for a puzzle written as 81 squares
    in a row: the text after a separator that follows the 81st square, trimmed, at most
    TAG_CAPACITY bytes; None if there is none (or the squares are spaced out)."""
    body = line.lstrip("\ufeff").lstrip(" \t")
    squares, rest = body[:81], body[81:]
    if len(squares) < 81 or LAYOUT & set(squares) or not rest or rest[0] not in SEPARATORS:
        return None
    tag = rest[1:].strip(SPACE).encode()[:TAG_CAPACITY].decode("utf-8", "ignore")
    return tag or None


def solve_all(puzzles):
    """[(solution or None, error or None)] for each puzzle, in order: one solve_many
    call, which puts each unreadable puzzle's PuzzleError in its place."""
    import bitdoku

    results = bitdoku.solve_many(puzzles, threads=1, errors="return")
    return [(None, r) if isinstance(r, bitdoku.PuzzleError) else (r, None) for r in results]


def records(partition, lines):
    """The JSON records of one partition's lines."""
    numbered = [(n, line) for n, line in enumerate(lines, 1) if is_puzzle_line(line)]
    answers = solve_all([line for _, line in numbered])
    for (n, line), (solution, error) in zip(numbered, answers):
        record = {"file": f"<partition {partition}>", "line": n}
        tag = tag_of(line)
        if tag is not None:
            record["tag"] = tag
        if error is not None:
            # The CLI's message: the position within the input it was handed, then why.
            record.update(puzzle=None, status="invalid")
            record["error"] = f"line {n}, column {error.column}: {error.reason}"
        elif solution is None:
            record.update(
                puzzle=normal_puzzle(line),
                status="unsolvable",
                error="unsolvable: the puzzle has no solution",
            )
        else:
            record.update(puzzle=normal_puzzle(line), status="solved", solution=solution)
        yield json.dumps(record, separators=(",", ":"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input", help="one puzzle per line")
    ap.add_argument("output", help="output directory (must not exist)")
    ap.add_argument("--partitions", type=int, default=8, help="at least this many (8)")
    ap.add_argument("--cores", type=int, default=2, help="local[N] (2)")
    args = ap.parse_args()

    spark_local.run_job(
        "bitdoku-python",
        "spark python",
        args,
        lambda puzzles: puzzles.mapPartitionsWithIndex(records),
    )

if __name__ == "__main__":
    main()
