"""The bitdoku Python module on real puzzle files.

The project's files in puzzles/ are always there; the public sets in ../shared/puzzles
(beside the repository) are used when present and skipped when not.
"""

import ast
import inspect
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import bitdoku

REPO = Path(__file__).resolve().parents[3]
PUZZLES = REPO / "puzzles"
# Other programs' formats, written for the reader's tests (see its README).
FORMATS = REPO / "crates" / "core" / "tests" / "data"
SHARED = Path(os.environ.get("BITDOKU_SHARED_PUZZLES", REPO.parent / "shared" / "puzzles"))

GRID1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GRID1_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
TWO = "9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8"
# Fits every rule but has no solution (A9 can hold no digit).
NONE = "12345678" + "." * 9 + "9" + "." * 63
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def lines(path):
    """The puzzle lines of a file: no blank lines, no # comments."""
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]


def shared(name):
    """The puzzles of a public set, or a skip when ../shared/puzzles is absent."""
    path = SHARED / name
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    return [line[:81] for line in lines(path)]


UNITS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [
        [(br + r) * 9 + bc + c for r in range(3) for c in range(3)]
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
)


def assert_solves(solution, puzzle):
    """`solution` is a full valid grid that keeps every given of `puzzle`."""
    assert solution is not None, puzzle
    assert len(solution) == 81 and set(solution) <= set("123456789"), solution
    for unit in UNITS:
        assert {solution[i] for i in unit} == set("123456789"), (puzzle, solution)
    for given, digit in zip(puzzle, solution):
        assert given in ".0" or given == digit, (puzzle, solution)


def test_norvigs_examples_are_solved():
    puzzles = lines(PUZZLES / "norvig-examples.txt")
    assert len(puzzles) == 4
    for puzzle in puzzles:
        assert_solves(bitdoku.solve(puzzle), puzzle)
    assert bitdoku.solve(GRID1) == GRID1_SOLUTION


def test_known_answers():
    checked = 0
    for line in lines(PUZZLES / "known-answers.txt"):
        puzzle, count, solution = line.split(":")
        if count == "invalid":
            with pytest.raises(bitdoku.PuzzleError):
                bitdoku.count(puzzle)
            with pytest.raises(ValueError):
                bitdoku.solve(puzzle)
            checked += 1
            continue
        at_least = int(count.rstrip("+"))
        found = bitdoku.count(puzzle, limit=at_least + 1)
        if count.endswith("+"):
            assert found >= at_least, puzzle
        else:
            assert found == at_least, puzzle
        assert bitdoku.is_unique(puzzle) == (count == "1"), puzzle
        first = bitdoku.solve(puzzle)
        if at_least == 0:
            assert first is None, puzzle
            assert bitdoku.rate(puzzle)["status"] == "unsolvable", puzzle
        else:
            assert_solves(first, puzzle)
        if solution:
            assert first == solution, puzzle
        checked += 1
    assert checked >= 14


def test_two_solutions_counted():
    for puzzle in lines(PUZZLES / "two-solutions.txt"):
        assert bitdoku.count(puzzle) == 2
        assert bitdoku.count(puzzle, limit=10) == 2
        assert bitdoku.count(puzzle, limit=1) == 1
        assert not bitdoku.is_unique(puzzle)


@pytest.mark.parametrize(
    "name", ["norvig-easy50.txt", "norvig-top95.txt", "norvig-hardest.txt", "magictour-top1465.txt"]
)
def test_public_sets_are_solved(name):
    puzzles = shared(name)
    solutions = bitdoku.solve_many(puzzles)
    assert len(solutions) == len(puzzles)
    for puzzle, solution in zip(puzzles, solutions):
        assert_solves(solution, puzzle)


def test_every_17_clue_puzzle_is_solved_and_unique():
    puzzles = shared("17-clue.txt")
    assert len(puzzles) == 49158
    solutions = bitdoku.solve_many(puzzles)
    for puzzle, solution in zip(puzzles, solutions):
        assert_solves(solution, puzzle)
    assert bitdoku.count_many(puzzles) == [1] * len(puzzles)


def test_every_multi_16_clue_puzzle_has_two_or_more_solutions():
    puzzles = shared("multi-16-clue.txt")
    assert len(puzzles) == 20000
    assert bitdoku.count_many(puzzles, limit=2) == [2] * len(puzzles)
    assert not any(bitdoku.is_unique(p) for p in puzzles[:200])
    for puzzle, solution in zip(puzzles[:200], bitdoku.solve_many(puzzles[:200])):
        assert_solves(solution, puzzle)


def test_a_bad_puzzle_raises_value_error_with_its_position():
    bad = GRID1[:40] + "x" + GRID1[41:]
    with pytest.raises(ValueError) as caught:
        bitdoku.solve(bad)
    error = caught.value
    assert isinstance(error, bitdoku.PuzzleError)
    assert (error.line, error.column, error.index) == (1, 41, None)
    assert "unexpected character 'x'" in error.reason
    assert str(error).startswith("line 1, column 41: unexpected character 'x'")

    with pytest.raises(bitdoku.PuzzleError, match="too few squares: found 80") as caught:
        bitdoku.is_unique(GRID1[:80])
    assert (caught.value.line, caught.value.column) == (1, 1)

    # A boxed grid: the position is inside the multi-line string.
    boxed = "4 . . |. . . |8 . 5\n. 3 . |. . . |. . .\n. . . |7 ? . |. . .\n" + "\n".join(
        [". . . |. . . |. . ."] * 6
    )
    with pytest.raises(bitdoku.PuzzleError) as caught:
        bitdoku.count(boxed)
    assert (caught.value.line, caught.value.column) == (3, 10)

    # Two equal givens in a unit.
    with pytest.raises(bitdoku.PuzzleError, match="digit 4 is given twice in row A"):
        bitdoku.rate("44" + GRID1[2:])


def test_other_programs_empty_marks_and_files_are_read():
    # Issue 27: `_` and `*` for empty squares, as `.` and `0`.
    for mark in "0._*":
        assert bitdoku.solve(GRID1.replace(".", mark)) == GRID1_SOLUTION
    with pytest.raises(bitdoku.PuzzleError) as caught:
        bitdoku.solve(GRID1.replace(".", "x", 1))
    assert "(squares are 1-9, with 0, ., _ or * for empty)" in caught.value.reason

    # The sudoku crate's blocks (nine lines, `_` for empty): the puzzles of the `*` lines.
    stars = lines(FORMATS / "lines_star.txt")
    text = (FORMATS / "blocks_underscore.txt").read_text(encoding="utf-8")
    blocks = [block for block in text.split("\n\n") if block.strip()]
    assert len(stars) == len(blocks) == 50
    assert blocks[0].splitlines()[0] == stars[0][:9].replace("*", "_")
    solutions = bitdoku.solve_many(blocks, threads=2)
    assert solutions == bitdoku.solve_many(stars, threads=2)
    for solution, puzzle in zip(solutions, stars):
        assert_solves(solution, puzzle.replace("*", "."))

    # A SadMan .sdk file (`[Puzzle]`, nine rows, CRLF) and a SudoCue one (`#` metadata).
    for name, index in [("sadman.sdk", 0), ("sudocue.sdk", 1)]:
        sdk = (FORMATS / name).read_bytes().decode("utf-8")
        assert bitdoku.solve(sdk) == solutions[index], name
    assert "[Puzzle]\r\n" in (FORMATS / "sadman.sdk").read_bytes().decode("utf-8")


def test_a_bad_puzzle_in_a_batch_names_its_index():
    puzzles = [GRID1, EASY, GRID1[:80] + "?", TWO]
    for call in (bitdoku.solve_many, bitdoku.count_many):
        with pytest.raises(bitdoku.PuzzleError) as caught:
            call(puzzles, threads=2)
        assert (caught.value.index, caught.value.line, caught.value.column) == (2, 1, 81)
        assert str(caught.value).startswith("puzzle 2: line 1, column 81:")


def test_batch_calls_take_any_iterable_but_not_one_string():
    assert bitdoku.solve_many(iter([GRID1, TWO])) == [GRID1_SOLUTION, bitdoku.solve(TWO)]
    assert bitdoku.count_many((p for p in [GRID1, TWO, NONE])) == [1, 2, 0]
    assert bitdoku.solve_many([]) == []
    with pytest.raises(TypeError):
        bitdoku.solve_many(GRID1)
    with pytest.raises(TypeError):
        bitdoku.solve_many([GRID1, 7])


def test_solve_many_gives_the_same_in_order_at_every_thread_count():
    puzzles = lines(PUZZLES / "norvig-examples.txt") + [TWO, NONE, EASY] * 50
    if (SHARED / "magictour-top1465.txt").is_file():
        puzzles += shared("magictour-top1465.txt")
    one = bitdoku.solve_many(puzzles, threads=1)
    assert one == [bitdoku.solve(p) for p in puzzles]
    assert bitdoku.solve_many(puzzles, threads=2) == one
    assert bitdoku.solve_many(puzzles, threads=3) == one
    assert bitdoku.solve_many(puzzles) == one
    counts = bitdoku.count_many(puzzles, limit=3, threads=1)
    assert bitdoku.count_many(puzzles, limit=3, threads=2) == counts


def solver_threads():
    """(thread id, name) of this process's threads that are bitdoku pool threads."""
    found = set()
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/comm", encoding="utf-8") as f:
                name = f.read().strip()
        except OSError:  # the thread ended meanwhile
            continue
        if name.startswith("bitdoku-"):
            found.add((task, name))
    return found


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
def test_solve_many_runs_on_its_threads_with_the_gil_released():
    # While a Python thread is inside solve_many(threads=2), this thread keeps running
    # Python code (the GIL is released) and sees the batch's two new pool threads
    # (threads of earlier batches that are still exiting are there before it starts,
    # so they do not count). Each round lasts as long as the batch; the checks hold in
    # any round where the batch outlasts a few polls, so a slow or busy machine only
    # makes the rounds longer.
    puzzles = [INKALA, GRID1, EASY] * 20000
    names, polls_during = set(), 0
    for _ in range(5):
        running = threading.Event()
        done = threading.Event()
        results = []

        def work():
            running.set()
            results.append(bitdoku.solve_many(puzzles, threads=2))
            done.set()

        before = solver_threads()
        worker = threading.Thread(target=work)
        worker.start()
        running.wait()
        polls = 0
        while not done.is_set():
            names |= {name for _, name in solver_threads() - before}
            polls += 1
            time.sleep(0.001)
        worker.join()
        assert len(results[0]) == len(puzzles)
        polls_during = max(polls_during, polls)
        if names == {"bitdoku-0", "bitdoku-1"} and polls_during >= 10:
            break
    assert names == {"bitdoku-0", "bitdoku-1"}
    assert polls_during >= 10, "this thread did not run while solve_many held the GIL"


def test_generate_is_reproducible_and_unique():
    puzzles = bitdoku.generate(20, seed=7)
    assert len(puzzles) == 20
    assert bitdoku.generate(20, seed=7, threads=1) == puzzles
    assert bitdoku.generate(20, seed=8) != puzzles
    assert bitdoku.count_many(puzzles) == [1] * 20
    for p in bitdoku.generate(5, seed=3, clues=26, symmetric=True):
        assert sum(c != "." for c in p) <= 26
        assert all((p[i] == ".") == (p[80 - i] == ".") for i in range(81))
        assert bitdoku.is_unique(p)
    minimal = bitdoku.generate(2, seed=1, minimal=True)[0]
    for i, c in enumerate(minimal):
        if c != ".":
            assert not bitdoku.is_unique(minimal[:i] + "." + minimal[i + 1 :])
    assert bitdoku.generate(0) == []


def test_generate_gives_the_known_puzzles_of_a_seed():
    # puzzles/generated.txt: what the command line and JavaScript give for the same
    # seed (issue 36: JavaScript's once differed).
    runs = {}
    for line in lines(PUZZLES / "generated.txt"):
        seed, level, puzzle = line.split(":")
        runs.setdefault((int(seed), level), []).append(puzzle)
    assert len(runs) >= 3
    for (seed, level), puzzles in runs.items():
        options = {"level": int(level)} if level else {}
        assert bitdoku.generate(len(puzzles), seed=seed, **options) == puzzles, (seed, level)


def test_generate_reports_unreachable_clue_counts():
    with pytest.raises(ValueError, match="clues=5"):
        bitdoku.generate(1, seed=1, clues=5)


def test_generate_checks_its_arguments_first():
    # Each of these is refused before any work, as the command line refuses it.
    for kwargs in [
        {"symmetry": "mirror", "symmetric": True},
        {"level": 0},
        {"level": 7},
        {"clues": 82},
        {"threads": 0},
        {"level": 2, "er": (1.0, 2.0)},
        {"er": (4.4, 3.0)},
        {"symmetry": "sideways"},
    ]:
        with pytest.raises(ValueError):
            bitdoku.generate(1, seed=1, **kwargs)
    easy = bitdoku.generate(2, seed=4, level=1)
    assert all(bitdoku.rate(p)["level"] == 1 for p in easy)
    rated = bitdoku.generate(1, seed=4, er=(2.6, 2.8))[0]
    assert 2.6 <= bitdoku.rate(rated)["er"] <= 2.8


def test_threads_beyond_the_cpus_are_the_cpus():
    # 100,000 threads would take minutes to start; the library clamps to the CPUs.
    start = time.monotonic()
    assert bitdoku.solve_many([GRID1] * 10, threads=100_000) == [GRID1_SOLUTION] * 10
    assert time.monotonic() - start < 10


def test_a_limit_of_zero_is_read_as_one():
    assert bitdoku.count(TWO, limit=0) == 1
    assert bitdoku.count_many([TWO], limit=0) == [1]


def test_rate():
    # As SukakuExplainer's serate rates them.
    easy = bitdoku.rate(EASY)
    assert {k: easy[k] for k in ("status", "er", "ep", "ed", "level", "label")} == {
        "status": "rated",
        "er": 1.2,
        "ep": 1.2,
        "ed": 1.2,
        "level": 1,
        "label": "easy",
    }
    assert easy["technique"] == "Hidden Single"
    assert_solves(easy["solution"], EASY)
    grid1 = bitdoku.rate(GRID1)
    assert (grid1["er"], grid1["technique"], grid1["solution"]) == (2.6, "Pointing", GRID1_SOLUTION)
    hard = bitdoku.rate(INKALA)
    assert (hard["status"], hard["er"], hard["ep"], hard["ed"]) == ("rated", 10.7, 10.7, 9.7)
    assert hard["technique"] == "Dynamic Contradiction Forcing Chains (+ Forcing Chains)"
    assert bitdoku.rate(NONE) == {"status": "unsolvable"}
    two = bitdoku.rate(TWO)
    assert two["status"] == "not-unique" and two["solution"] == bitdoku.solve(TWO)


def test_a_solved_grid_is_solved_not_stalled():
    # Issue 36, 4: it was `stalled`, while hint() said solved; the same word as the
    # command line's and JavaScript's.
    rating = bitdoku.rate(GRID1_SOLUTION)
    assert rating["status"] == "solved"
    assert (rating["er"], rating["ep"], rating["ed"], rating["steps"]) == (0.0, 0.0, 0.0, 0)
    assert rating["technique"] == "solved" and rating["solution"] == GRID1_SOLUTION
    assert bitdoku.hint(GRID1_SOLUTION) is None


def test_rate_takes_a_timeout():
    # Issue 36, 2: the command line's --timeout, with the same status and a lower bound.
    full = bitdoku.rate(INKALA)
    assert bitdoku.rate(INKALA, timeout=600) == full
    cut = bitdoku.rate(INKALA, timeout=0.001)
    assert cut["status"] == "timed-out"
    assert cut["solution"] == full["solution"]
    assert cut["steps"] < full["steps"] and cut["er"] <= full["er"]
    assert cut["level"] <= full["level"]
    assert set(cut) == set(full)
    for bad in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="timeout"):
            bitdoku.rate(INKALA, timeout=bad)
    with pytest.raises(TypeError):
        bitdoku.rate(INKALA, timeout="1")


def test_hint_and_explain():
    step = bitdoku.hint(GRID1)
    assert step["technique"] == "Hidden Single" and step["difficulty"] == 1.2
    assert step["placement"] == {"square": "F2", "digit": 4}
    assert step["units"] == ["box 4"] and step["text"].startswith("Hidden Single (1.2)")
    path = bitdoku.explain(GRID1)
    assert path[0] == step and len(path) == 69
    assert max(s["difficulty"] for s in path) == 2.6
    assert bitdoku.hint(GRID1_SOLUTION) is None
    for bad in (TWO, NONE):
        with pytest.raises(ValueError):
            bitdoku.hint(bad)
        with pytest.raises(ValueError):
            bitdoku.explain(bad)


def test_the_pencilmark_puzzle_without_a_solution():
    # grid1 as a pencilmark line, less its solution's digit in A2: no solution, though
    # its squares with one candidate alone would have grid1's.
    pm = lines(PUZZLES / "pencilmark-no-solution.txt")[0]
    assert len(pm) == 729
    assert bitdoku.solve(pm) is None
    assert bitdoku.count(pm) == 0
    assert bitdoku.is_unique(pm) is False
    assert bitdoku.solve_many([pm, GRID1]) == [None, GRID1_SOLUTION]
    assert bitdoku.count_many([pm]) == [0]
    assert bitdoku.rate(pm) == {"status": "unsolvable"}
    with pytest.raises(ValueError):
        bitdoku.hint(pm)


def test_a_panic_becomes_an_exception_not_an_abort():
    # In a child interpreter, so that a build that aborts fails this test, not the run.
    code = (
        "import bitdoku\n"
        "try:\n"
        "    bitdoku._bitdoku._panic_for_tests()\n"
        "except BaseException as e:\n"
        "    print(type(e).__name__)\n"
        "print(bitdoku.solve('" + GRID1 + "'))\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.split() == ["PanicException", GRID1_SOLUTION]


def test_bad_numbers_are_value_errors_that_name_the_argument():
    # Issue 36: these were OverflowError (PyO3's conversion of a negative or huge int).
    cases = [
        (lambda: bitdoku.count(GRID1, limit=-1), "limit=-1: "),
        (lambda: bitdoku.count_many([GRID1], limit=-1), "limit=-1: "),
        (lambda: bitdoku.enumerate(TWO, limit=-1), "limit=-1: "),
        (lambda: bitdoku.generate(1, seed=-1), "seed=-1: "),
        (lambda: bitdoku.generate(1, seed=2**64), f"seed={2**64}: "),
        (lambda: bitdoku.generate(1, seed=10**40), f"seed={10**40}: "),
        (lambda: bitdoku.generate(-1), "n=-1: "),
        (lambda: bitdoku.generate(1, clues=-1), "clues=-1: "),
        (lambda: bitdoku.generate(1, level=-1), "level=-1: "),
        (lambda: bitdoku.generate(1, level=300), "level=300: "),
        (lambda: bitdoku.solve_many([GRID1], threads=-1), "threads=-1: "),
        (lambda: bitdoku.solve_many([GRID1], threads=0), "threads=0: "),
        (lambda: bitdoku.count_many([GRID1], threads=-1), "threads=-1: "),
        (lambda: bitdoku.rate_many([GRID1], threads=0), "threads=0: "),
        (lambda: bitdoku.generate(1, seed=1, threads=-1), "threads=-1: "),
    ]
    for call, start in cases:
        with pytest.raises(ValueError) as caught:
            call()
        assert type(caught.value) is ValueError, caught.value
        assert str(caught.value).startswith(start), caught.value
    # A limit or thread count beyond any machine's is read as the most there can be.
    assert bitdoku.count(TWO, limit=10**40) == 2
    assert bitdoku.count_many([TWO], limit=2**64) == [2]
    assert bitdoku.solve_many([GRID1], threads=2**70) == [GRID1_SOLUTION]
    assert bitdoku.generate(1, seed=2**64 - 1) == bitdoku.generate(1, seed=2**64 - 1, threads=1)
    # What is not a number at all stays a TypeError.
    with pytest.raises(TypeError):
        bitdoku.count(GRID1, limit=2.5)
    with pytest.raises(TypeError):
        bitdoku.solve_many([GRID1], threads="2")


def test_er_is_any_sequence_of_two_ratings():
    # Issue 36: a list raised a TypeError about lists.
    as_tuple = bitdoku.generate(2, seed=4, er=(2.6, 2.8))
    assert bitdoku.generate(2, seed=4, er=[2.6, 2.8]) == as_tuple
    assert all(2.6 <= bitdoku.rate(p)["er"] <= 2.8 for p in as_tuple)
    assert bitdoku.generate(1, seed=4, er=[1, 2]) == bitdoku.generate(1, seed=4, er=(1.0, 2.0))
    for bad in ([2.6], (2.6, 2.7, 2.8), []):
        with pytest.raises(ValueError, match="er=.*: give two ratings"):
            bitdoku.generate(1, seed=4, er=bad)
    for bad in ("26", 2.6, {2.6, 2.8}):
        with pytest.raises(TypeError):
            bitdoku.generate(1, seed=4, er=bad)
    with pytest.raises(ValueError, match="ratings go from 1.0 to 20.0"):
        bitdoku.generate(1, seed=4, er=[4.4, 3.0])


BATCHES = [
    (bitdoku.solve_many, bitdoku.solve),
    (bitdoku.count_many, bitdoku.count),
    (bitdoku.rate_many, bitdoku.rate),
]


@pytest.mark.parametrize("many, one", BATCHES, ids=lambda f: f.__name__)
def test_a_batch_returns_every_result_with_the_errors_in_place(many, one):
    # Issue 36: solve_many([g, "x", g]) raised and lost the good puzzles' results.
    repeated = "44" + GRID1[2:]
    puzzles = [GRID1, "x", EASY, repeated, TWO, NONE, GRID1[:80] + "?"]
    for threads in (1, 2, None):
        got = many(puzzles, threads=threads, errors="return")
        assert len(got) == len(puzzles)
        for i, (puzzle, result) in enumerate(zip(puzzles, got)):
            try:
                expected = one(puzzle)
            except bitdoku.PuzzleError as e:
                assert isinstance(result, bitdoku.PuzzleError), (i, result)
                assert result.index == i
                assert (result.line, result.column, result.reason) == (e.line, e.column, e.reason)
                assert str(result) == f"puzzle {i}: {e}"
            else:
                assert result == expected, i
        # The default raises the first bad puzzle's error, as errors="raise" does.
        for kwargs in ({}, {"errors": "raise"}):
            with pytest.raises(bitdoku.PuzzleError) as caught:
                many(puzzles, threads=threads, **kwargs)
            assert caught.value.index == 1
    assert many([GRID1, EASY], errors="return") == many([GRID1, EASY])
    assert many([], errors="return") == []
    with pytest.raises(ValueError, match="errors='ignore': give 'raise' or 'return'"):
        many([GRID1], errors="ignore")
    errors = inspect.signature(many).parameters["errors"]
    assert (errors.kind, errors.default) == (inspect.Parameter.KEYWORD_ONLY, "raise")
    with pytest.raises(TypeError):
        many([GRID1, 7], errors="return")  # not a string at all


def test_rate_many_is_rate_of_each_in_order():
    pm = lines(PUZZLES / "pencilmark-no-solution.txt")[0]
    puzzles = [EASY, GRID1, TWO, NONE, pm, GRID1_SOLUTION]
    one = [bitdoku.rate(p) for p in puzzles]
    assert bitdoku.rate_many(puzzles, threads=1) == one
    assert bitdoku.rate_many(puzzles, threads=2) == one
    assert bitdoku.rate_many(iter(puzzles)) == one
    hard = bitdoku.rate_many([INKALA, EASY], threads=2)[0]
    assert (hard["status"], hard["er"], hard["ep"], hard["ed"]) == ("rated", 10.7, 10.7, 9.7)


def test_minimize():
    for puzzle in [EASY, GRID1, GRID1_SOLUTION, INKALA]:
        minimal = bitdoku.minimize(puzzle)
        assert bitdoku.solve(minimal) == bitdoku.solve(puzzle)
        assert all(m == "." or m == p for m, p in zip(minimal, puzzle))
        for i, c in enumerate(minimal):
            if c != ".":
                assert not bitdoku.is_unique(minimal[:i] + "." + minimal[i + 1 :]), (puzzle, i)
        assert bitdoku.minimize(minimal) == minimal
    assert sum(c != "." for c in bitdoku.minimize(EASY)) < sum(c != "." for c in EASY)
    # Several solutions: unique, with the first one.
    unique = bitdoku.minimize(TWO)
    assert bitdoku.is_unique(unique) and bitdoku.solve(unique) == bitdoku.solve(TWO)
    with pytest.raises(ValueError, match="unsolvable"):
        bitdoku.minimize(NONE)
    with pytest.raises(ValueError, match="a pencilmark puzzle: minimize works on givens"):
        bitdoku.minimize(lines(PUZZLES / "pencilmark-no-solution.txt")[0])
    with pytest.raises(bitdoku.PuzzleError):
        bitdoku.minimize(GRID1[:80])


def relabel_and_transpose(puzzle, digits):
    """`puzzle` transposed, with digit d renamed digits[d-1]: an isomorphic puzzle."""
    names = {str(d): str(n) for d, n in zip(range(1, 10), digits)}
    return "".join(names.get(puzzle[c * 9 + r], ".") for r in range(9) for c in range(9))


def test_canon():
    # The form crates/core/src/canon.rs documents for grid1.
    form = "12.3.....3............4.5...56..7.....4.............18..7...6.....2........8....3"
    assert bitdoku.canon(GRID1) == form
    copy = relabel_and_transpose(GRID1, [9, 8, 7, 6, 5, 4, 3, 2, 1])
    assert copy != GRID1 and bitdoku.solve(copy) is not None
    assert bitdoku.canon(copy) == form
    assert bitdoku.canon(GRID1.replace(".", "0")) == form
    assert bitdoku.canon(form) == form
    assert bitdoku.canon(EASY) != form
    with pytest.raises(ValueError, match="a pencilmark puzzle: canon works on givens"):
        bitdoku.canon(lines(PUZZLES / "pencilmark-no-solution.txt")[0])
    with pytest.raises(bitdoku.PuzzleError):
        bitdoku.canon("44" + GRID1[2:])


def test_enumerate():
    two = bitdoku.enumerate(TWO)
    assert len(two) == 2 and len(set(two)) == 2
    assert two[0] == bitdoku.solve(TWO)
    for solution in two:
        assert_solves(solution, TWO)
    assert bitdoku.enumerate(TWO, limit=1) == two[:1]
    assert bitdoku.enumerate(TWO, limit=0) == two[:1]
    assert bitdoku.enumerate(GRID1) == [GRID1_SOLUTION]
    assert bitdoku.enumerate(NONE) == []
    assert bitdoku.enumerate(lines(PUZZLES / "pencilmark-no-solution.txt")[0]) == []
    sparse = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3............1.4......"
    many = bitdoku.enumerate(sparse, limit=500)
    assert len(many) == 500 and len(set(many)) == 500
    assert bitdoku.enumerate(sparse) == many[:100]
    for solution in many:
        assert_solves(solution, sparse)
    with pytest.raises(bitdoku.PuzzleError):
        bitdoku.enumerate("x")


def stub_functions():
    """{name: [ast.FunctionDef, ...]} of the stubs' functions (several if overloaded)."""
    package = Path(bitdoku.__file__).parent
    tree = ast.parse((package / "_bitdoku.pyi").read_text(encoding="utf-8"))
    found = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found.setdefault(node.name, []).append(node)
    return found


def parameters(arguments):
    """[(name, kind, default or inspect.Parameter.empty)] of an ast.arguments."""
    out = []
    positional = arguments.posonlyargs + arguments.args
    defaults = [None] * (len(positional) - len(arguments.defaults)) + arguments.defaults
    for arg, default in zip(positional, defaults):
        value = inspect.Parameter.empty if default is None else ast.literal_eval(default)
        out.append((arg.arg, "positional", value))
    for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        value = inspect.Parameter.empty if default is None else ast.literal_eval(default)
        out.append((arg.arg, "keyword", value))
    return out


def runtime_parameters(function):
    kinds = {inspect.Parameter.KEYWORD_ONLY: "keyword"}
    return [
        (p.name, kinds.get(p.kind, "positional"), p.default)
        for p in inspect.signature(function).parameters.values()
    ]


def test_the_package_is_typed():
    package = Path(bitdoku.__file__).parent
    assert (package / "py.typed").is_file()
    assert bitdoku.__version__.count(".") == 2
    stubs = stub_functions()
    public = {n for n in dir(bitdoku._bitdoku) if not n.startswith("_")} | {"_panic_for_tests"}
    functions = {n for n in public if inspect.isbuiltin(getattr(bitdoku._bitdoku, n))}
    assert functions == set(stubs), "functions without stubs, or stubs without functions"
    assert set(bitdoku.__all__) | {"enumerate", "_panic_for_tests"} == public | {"__version__"}
    for name in bitdoku.__all__ + ["enumerate"]:
        assert getattr(bitdoku, name) is getattr(bitdoku._bitdoku, name), name
    for name in sorted(functions):
        function = getattr(bitdoku._bitdoku, name)
        runtime = runtime_parameters(function)  # from the text signature
        for stub in stubs[name]:
            declared = parameters(stub.args)
            assert [p[:2] for p in declared] == [p[:2] for p in runtime], name
            # An overload may drop a default (errors: Literal["return"]), never change it.
            for (_, _, want), (_, _, got) in zip(declared, runtime):
                assert want is inspect.Parameter.empty or want == got, (name, want, got)
            assert all(a.annotation is not None for a in stub.args.args + stub.args.kwonlyargs)
            assert stub.returns is not None, name
        if name in ("_panic_for_tests", "rate"):
            # rate()'s docstring is rewritten with its time budget (issue 36, item 2).
            continue
        # help() shows the types: the docstring opens with the typed signature, whose
        # names and defaults are the function's, and equal to the stub's when there is
        # one stub (an overloaded batch call's line has the union of its overloads).
        first = function.__doc__.split("\n", 1)[0]
        assert first.startswith(name + "("), (name, first)
        typed = ast.parse("def " + first + ": ...").body[0]
        assert parameters(typed.args) == runtime, name
        assert typed.returns is not None and all(
            a.annotation is not None for a in typed.args.args + typed.args.kwonlyargs
        ), first
        if len(stubs[name]) == 1:
            stub = stubs[name][0]
            assert ast.dump(typed.args) == ast.dump(stub.args), name
            assert ast.dump(typed.returns) == ast.dump(stub.returns), name
