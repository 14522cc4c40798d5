"""The bitdoku Python module on real puzzle files.

The project's files in puzzles/ are always there; the public sets in ../shared/puzzles
(beside the repository) are used when present and skipped when not.
"""

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


def test_the_package_is_typed():
    package = Path(bitdoku.__file__).parent
    assert (package / "py.typed").is_file()
    stubs = (package / "_bitdoku.pyi").read_text(encoding="utf-8")
    for name in bitdoku.__all__:
        assert name in stubs, name
    assert bitdoku.__version__.count(".") == 2
