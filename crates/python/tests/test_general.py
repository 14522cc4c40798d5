"""The bitdoku Python module on puzzles for the general engine: every file of
../shared/puzzles/variants in each of its formats (sudoku-puzzle JSON as a string and as
a dict, f-puzzles JSON, f-puzzles links), true candidates as the command line gives
them, and the library's messages for bad input.
"""

import json
import os
from pathlib import Path

import pytest

import bitdoku

REPO = Path(__file__).resolve().parents[3]
SHARED = Path(os.environ.get("BITDOKU_SHARED_PUZZLES", REPO.parent / "shared" / "puzzles"))
VARIANTS = SHARED / "variants"

# 25×25 boards take the longest: their file is left to the command line's tests.
SLOW = {"classic25"}

GRID1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GRID1_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
FOUR = "4....2....43...1"
FOUR_SOLUTION = "4312123421433421"
# A 4×4 with several solutions.
OPEN4 = "4....2.........."
# `bitdoku candidates --format json` of OPEN4 and FOUR, as the command line prints them.
# Its `file`, `line`, `size`, `puzzle` (and a unique puzzle's `solution`) are the
# record's; the rest is the library's summary, which true_candidates gives.
CLI_CANDIDATES = [
    '{"file":"<stdin>","line":1,"size":4,"puzzle":"4....2..........","status":"multiple",'
    '"solutions":24,"candidates":["4","13","123","123","13","2","134","134","123","134",'
    '"1234","1234","123","134","1234","1234"],"fixed":2}',
    '{"file":"<stdin>","line":2,"size":4,"puzzle":"4....2....43...1","status":"unique",'
    '"solution":"4312123421433421","solutions":1,"candidates":["4","3","1","2","1","2",'
    '"3","4","2","1","4","3","3","4","2","1"],"fixed":16}',
]
RECORD_FIELDS = {"file", "line", "size", "puzzle", "solution"}


def digit(d):
    """A digit as the N×N line writes it: 1-9, then A-P."""
    return str(d) if d <= 9 else chr(ord("A") + d - 10)


def kinds():
    folder = VARIANTS / "sudoku-puzzle"
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.jsonl") if p.stem not in SLOW)


def records(path):
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


@pytest.mark.parametrize("kind", kinds() or [pytest.param("none", marks=pytest.mark.skip)])
def test_every_shared_variant_in_every_format(kind):
    docs = records(VARIANTS / "sudoku-puzzle" / f"{kind}.jsonl")
    fpuzzles = records(VARIANTS / "f-puzzles" / f"{kind}.jsonl")
    links = records(VARIANTS / "f-puzzles" / f"{kind}.urls")
    assert len(docs) == len(fpuzzles) == len(links)
    for i, (doc, fp, link) in enumerate(zip(docs, fpuzzles, links)):
        solution = "".join(digit(d) for d in json.loads(doc)["solution"])
        for form in (doc, json.loads(doc), fp, json.loads(fp), link):
            assert bitdoku.count(form, 2) == 1, (kind, i)
            assert bitdoku.solve(form) == solution, (kind, i)


@pytest.mark.parametrize("kind", kinds() or [pytest.param("none", marks=pytest.mark.skip)])
def test_batch_calls_take_every_shared_variant(kind):
    docs = records(VARIANTS / "sudoku-puzzle" / f"{kind}.jsonl")
    links = records(VARIANTS / "f-puzzles" / f"{kind}.urls")
    solutions = ["".join(digit(d) for d in json.loads(doc)["solution"]) for doc in docs]
    # Strings, dicts and links, mixed with a classic puzzle, in order on every thread count.
    puzzles = docs + [json.loads(doc) for doc in docs] + links + [GRID1]
    expected = solutions * 3 + [GRID1_SOLUTION]
    for threads in (1, 2):
        assert bitdoku.solve_many(puzzles, threads=threads) == expected, kind
        assert bitdoku.count_many(puzzles, threads=threads) == [1] * len(puzzles), kind


def test_batch_calls_name_a_bad_general_puzzle_by_index():
    puzzles = [FOUR, OPEN4, GRID1, "4....2....43...5", "{oops"]
    assert bitdoku.count_many(puzzles[:3], limit=30) == [1, 24, 1]
    assert bitdoku.solve_many(puzzles[:3]) == [FOUR_SOLUTION, bitdoku.solve(OPEN4), GRID1_SOLUTION]
    for call in (bitdoku.solve_many, bitdoku.count_many):
        with pytest.raises(bitdoku.PuzzleError) as caught:
            call(puzzles, threads=2)
        e = caught.value
        assert (e.index, e.line, e.column, e.path) == (3, None, 16, None)
        assert str(e) == "puzzle 3: column 16: 5 is past the largest digit of a 4x4 board, 4"
    returned = bitdoku.count_many(puzzles, errors="return")
    assert returned[:3] == [1, 2, 1]
    assert [type(r) for r in returned[3:]] == [bitdoku.PuzzleError] * 2
    assert [r.index for r in returned[3:]] == [3, 4]
    assert str(returned[4]).startswith("puzzle 4: not JSON")
    with pytest.raises(TypeError):
        bitdoku.solve_many([FOUR, 7])


HAND_MADE = Path(__file__).resolve().parents[2] / "variants" / "tests" / "data"


@pytest.mark.parametrize("name", sorted(p.name for p in HAND_MADE.glob("*.jsonl")))
def test_hand_made_rule_documents_count_as_recorded(name):
    # The general engine's hand-made documents, each with pencilmark's count (meta.count).
    for line in (HAND_MADE / name).read_text().splitlines():
        doc = json.loads(line)
        assert bitdoku.count(line, 1000) == doc["meta"]["count"], doc["meta"]["title"]


def test_n_by_n_lines_and_classic_documents():
    assert bitdoku.solve(FOUR) == FOUR_SOLUTION
    assert bitdoku.count(FOUR) == 1 and bitdoku.is_unique(FOUR)
    assert bitdoku.enumerate(FOUR) == [FOUR_SOLUTION]
    # A tag after the line is the record's, as on the command line.
    assert bitdoku.solve(FOUR + " my puzzle") == FOUR_SOLUTION
    many = bitdoku.enumerate(OPEN4, limit=3)
    assert len(many) == 3 and len(set(many)) == 3 and many[0] == bitdoku.solve(OPEN4)
    assert all(s[0] == "4" and s[5] == "2" for s in many)
    assert bitdoku.count(OPEN4, 1000) == len(bitdoku.enumerate(OPEN4, 1000)) == 24
    assert not bitdoku.is_unique(OPEN4)
    # A classic puzzle written as a sudoku-puzzle document: the classic solution.
    doc = {
        "format": "sudoku-puzzle",
        "format_version": 1,
        "board": {"rows": 9, "cols": 9},
        "digits": 9,
        "givens": [0 if c == "." else int(c) for c in GRID1],
        "rules": [{"type": "box_grid", "box": [3, 3], "origin": "r1c1"}],
    }
    assert bitdoku.solve(doc) == bitdoku.solve(json.dumps(doc)) == GRID1_SOLUTION
    assert bitdoku.count(doc) == 1
    # No solution: None, 0, [].
    none = ".12." + "...." + "3..." + "4..."
    assert bitdoku.solve(none) is None
    assert bitdoku.count(none) == 0 and bitdoku.enumerate(none) == []


def test_puzzles_of_one_layout_in_turn_answer_for_their_own_givens():
    # Each thread keeps its last engine for the next puzzle of the same layout.
    for _ in range(3):
        assert bitdoku.count(OPEN4, 1000) == 24
        assert bitdoku.count(FOUR, 1000) == 1
        assert bitdoku.true_candidates(FOUR)["status"] == "unique"
        assert bitdoku.true_candidates(OPEN4)["status"] == "multiple"
    assert bitdoku.count_many([OPEN4, FOUR] * 4, 1000, threads=2) == [24, 1] * 4


def test_true_candidates_are_the_command_lines():
    for puzzle, line in zip((OPEN4, FOUR), CLI_CANDIDATES):
        cli = {k: v for k, v in json.loads(line).items() if k not in RECORD_FIELDS}
        assert bitdoku.true_candidates(puzzle) == cli
        assert bitdoku.true_candidates(json.loads(line)["puzzle"]) == cli
    # A classic puzzle is a 9×9 general one, as for `bitdoku candidates`.
    classic = bitdoku.true_candidates(GRID1)
    assert classic["status"] == "unique" and "".join(classic["candidates"]) == GRID1_SOLUTION
    # A limit that stops the run: gave-up, with what was left undecided.
    stopped = bitdoku.true_candidates(OPEN4, limit=1)
    assert stopped["status"] == "gave-up" and stopped["solutions"] == 1
    assert len(stopped["undecided"]) == 16 and any(stopped["undecided"])
    assert bitdoku.true_candidates(".12." + "...." + "3..." + "4...")["status"] == "unsolvable"
    with pytest.raises(ValueError, match="limit"):
        bitdoku.true_candidates(OPEN4, limit=-1)


def test_bad_general_input_raises_the_librarys_message():
    with pytest.raises(bitdoku.PuzzleError) as caught:
        bitdoku.solve("4....2....43...5")
    e = caught.value
    assert str(e) == "column 16: 5 is past the largest digit of a 4x4 board, 4"
    assert (e.line, e.column, e.path, e.index) == (None, 16, None, None)
    assert e.reason == "5 is past the largest digit of a 4x4 board, 4"

    doc = {
        "format": "sudoku-puzzle",
        "format_version": 1,
        "board": {"rows": 4, "cols": 4},
        "digits": 4,
        "givens": [4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 3, 0, 0, 0, 1],
        "rules": [
            {"type": "box_grid", "box": [2, 2], "origin": "r1c1"},
            {"type": "region", "kind": "diagonal", "cells": ["r1c1", "r9c9"]},
        ],
    }
    for form in (doc, json.dumps(doc)):
        with pytest.raises(bitdoku.PuzzleError) as caught:
            bitdoku.count(form)
        assert str(caught.value).startswith('rules[1].cells[1]: "r9c9" is not a cell of a 4x4 board')
        assert (caught.value.path, caught.value.column) == ("rules[1].cells[1]", None)

    with pytest.raises(bitdoku.PuzzleError, match="^not JSON"):
        bitdoku.is_unique("{oops")
    with pytest.raises(bitdoku.PuzzleError, match="neither a sudoku-puzzle document"):
        bitdoku.true_candidates({"rows": 4})
    # A given repeated in a house is refused, as a classic one is.
    with pytest.raises(bitdoku.PuzzleError, match="4"):
        bitdoku.solve("44.............." )
    # The classic path keeps its own errors and positions.
    with pytest.raises(bitdoku.PuzzleError) as caught:
        bitdoku.solve(GRID1[:80])
    assert (caught.value.line, caught.value.column, caught.value.path) == (1, 1, None)
    for bad in (7, None, [GRID1], b"4....2....43...1"):
        with pytest.raises(TypeError):
            bitdoku.solve(bad)


def test_generate_any_board_as_the_command_line_does():
    # The same seed and options give bitdoku generate's puzzles (crates/cli/tests).
    sixes = bitdoku.generate(2, seed=1, size=6)
    # bitdoku generate -n 2 --seed 1 --size 6
    assert sixes == ["..2...5..3.643.........1.....42.....", ".6.5.....4....5.1.2......2....4..6.5"]
    assert bitdoku.generate(2, seed=1, size=6, threads=1) == sixes
    for p in sixes:
        assert bitdoku.count(p, 2) == 1
    doc = bitdoku.generate(1, seed=3, size=6, killer=True, thermos=2, kropki="all")[0]
    puzzle = json.loads(doc)
    kinds = {r["type"] for r in puzzle["rules"]}
    assert "cage" in kinds, kinds
    assert bitdoku.count(doc, 2) == 1
    link = bitdoku.generate(1, seed=3, size=6, killer=True, thermos=2, kropki="all", format="link")[0]
    assert link.startswith("https://f-puzzles.com/?load=")
    assert bitdoku.solve(link) == bitdoku.solve(doc)
    for bad, message in [
        (dict(size=7), "no usual boxes"),
        (dict(size=6, level=3), "level is for classic 9x9 puzzles"),
        (dict(size=6, box="2y3"), "ROWSxCOLS"),
        (dict(size=6, format="svg"), "unknown format"),
        (dict(size=6, kropki="some"), "kropki"),
    ]:
        with pytest.raises(ValueError, match=message):
            bitdoku.generate(1, seed=1, **bad)
