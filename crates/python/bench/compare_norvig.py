#!/usr/bin/env python3
"""Puzzles per second: bitdoku.solve_many against Norvig's Python solver, in one process.

    python crates/python/bench/compare_norvig.py ../shared/puzzles/17-clue.txt

Norvig's solver is slow (milliseconds a puzzle), so it gets an evenly spaced sample of
the file (--sample, default 1000 puzzles); bitdoku solves the whole file, once on one
thread and once on all cores, best of --runs. Every solution of both is checked, and
on the sample the two must agree (the puzzles have one solution each). By default
Norvig's solver is norvig_sudoku.py beside this script; --norvig PATH times another
file with the same solve(grid) -> dict-or-False, such as his own py/sudoku.py.
"""

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path

import bitdoku

HERE = Path(__file__).resolve().parent


def load_norvig(path):
    spec = importlib.util.spec_from_file_location("norvig_sudoku", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_puzzles(path):
    with open(path, encoding="utf-8") as f:
        return [line[:81] for line in f if line.strip() and not line.startswith("#")]


def is_solution(solution, puzzle):
    if solution is None or len(solution) != 81:
        return False
    for i in range(9):
        row = {solution[i * 9 + c] for c in range(9)}
        col = {solution[r * 9 + i] for r in range(9)}
        box = {solution[(i // 3 * 3 + r) * 9 + i % 3 * 3 + c] for r in range(3) for c in range(3)}
        if not row == col == box == set("123456789"):
            return False
    return all(g in ".0" or g == s for g, s in zip(puzzle, solution))


def best_of(runs, f):
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = f()
        best = min(best, time.perf_counter() - start)
    return best, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="a puzzle file, one 81-character puzzle per line")
    parser.add_argument("--sample", type=int, default=1000, help="puzzles for Norvig's solver")
    parser.add_argument("--runs", type=int, default=3, help="runs of bitdoku, best kept")
    parser.add_argument("--norvig", default=HERE / "norvig_sudoku.py", help="Norvig's solver")
    args = parser.parse_args()

    puzzles = read_puzzles(args.file)
    step = max(1, len(puzzles) // max(1, args.sample))
    sample = puzzles[::step][: args.sample]
    norvig = load_norvig(args.norvig)

    start = time.perf_counter()
    norvig_solutions = []
    for p in sample:
        values = norvig.solve(p)
        norvig_solutions.append(
            "".join(values[s] for s in norvig.squares) if values else None
        )
    norvig_secs = time.perf_counter() - start

    one_secs, one = best_of(args.runs, lambda: bitdoku.solve_many(puzzles, threads=1))
    all_secs, every = best_of(args.runs, lambda: bitdoku.solve_many(puzzles))
    assert one == every, "thread counts disagree"
    assert all(is_solution(s, p) for s, p in zip(one, puzzles)), "bitdoku: a wrong solution"
    assert all(is_solution(s, p) for s, p in zip(norvig_solutions, sample)), "norvig: wrong"
    by_puzzle = dict(zip(puzzles, one))
    assert all(by_puzzle[p] == s for p, s in zip(sample, norvig_solutions)), "disagree"

    norvig_rate = len(sample) / norvig_secs
    one_rate = len(puzzles) / one_secs
    all_rate = len(puzzles) / all_secs
    name = os.path.basename(args.file)
    print(f"Python {sys.version.split()[0]}, bitdoku {bitdoku.__version__}, {os.cpu_count()} cores")
    print(f"{name}: Norvig's Python {norvig_rate:,.0f}/s ({len(sample):,} puzzles in {norvig_secs:.2f} s)")
    print(f"{name}: bitdoku.solve_many, 1 thread {one_rate:,.0f}/s ({len(puzzles):,} in {one_secs:.3f} s, best of {args.runs})")
    print(f"{name}: bitdoku.solve_many, all cores {all_rate:,.0f}/s ({all_secs:.3f} s)")
    print(
        f"| {name} | {norvig_rate:,.0f}/s | {one_rate:,.0f}/s | {all_rate:,.0f}/s "
        f"| {one_rate / norvig_rate:,.0f}x | {all_rate / norvig_rate:,.0f}x |"
    )


if __name__ == "__main__":
    main()
