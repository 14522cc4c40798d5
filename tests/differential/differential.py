#!/usr/bin/env python3
"""Differential test of bitdoku against an independent solver (the `sudoku` crate behind
../shared/tools/peer-bench), on every solving back-end this CPU has.

Inputs (seeded, so every run makes the same files):
  dug       solutions of the public puzzles with random squares emptied, 17 to 80 givens
            left: unique, multi-solution and easy puzzles
  noise     random givens (5 to 40); half are placed only where they repeat nothing, the
            rest anywhere: mostly no solution or a repeated given
  multi     public puzzles with 1 to 3 givens removed: often more than one solution
  permuted  relabelled and permuted copies of the public sets (../shared/tools/permute)
  generated `bitdoku generate` output, which the peer must find unique

Checks, per puzzle and back-end:
  count   `bitdoku count --limit 2` says 0 unsolvable / 1 unique / 2+ multiple as the peer's
          `count` says 0 / 1 / 2; a puzzle that repeats a given is `invalid` for bitdoku
          and has 0 solutions for the peer, and only such a puzzle is `invalid`.
  solve   one solution: bitdoku's equals the peer's; several: bitdoku's is a valid grid
          that keeps the givens; none: both say so (bitdoku `invalid` for a repeated given).

Any disagreement is printed (up to 20) and makes the exit status 1.
"""

import argparse
import os
import random
import subprocess
import sys
import time
from operator import itemgetter

KINDS = ("dug", "noise", "multi", "permuted", "generated")
DIGITS = "123456789"

UNITS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [
        [(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
        for br in range(3)
        for bc in range(3)
    ]
)
UNIT_GETTERS = [itemgetter(*u) for u in UNITS]
PEERS = [
    sorted({j for u in UNITS if i in u for j in u} - {i}) for i in range(81)
]
FULL = frozenset(DIGITS)
# The peer exits 1 when some puzzle is not unique (or not solved).
PEER_OK = (0, 1)


def read_public(directory):
    """Every puzzle of the public sets, as 81 characters with `.` for empty."""
    puzzles = []
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".txt"):
            continue
        with open(os.path.join(directory, name)) as f:
            for line in f:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                p = line[:81].replace("0", ".")
                if len(p) == 81 and all(ch in ".123456789" for ch in p):
                    puzzles.append(p)
    return puzzles


def repeats_a_given(p):
    """True when some digit is given twice in a row, column or box."""
    for get in UNIT_GETTERS:
        ds = [d for d in get(p) if d != "."]
        if len(ds) != len(set(ds)):
            return True
    return False


def is_solution_of(s, p):
    """True when `s` is a filled valid grid that keeps every given of `p`."""
    if len(s) != 81:
        return False
    for get in UNIT_GETTERS:
        if frozenset(get(s)) != FULL:
            return False
    return all(g == "." or g == d for g, d in zip(p, s))


def dug(rng, solutions, n):
    out = []
    cells = list(range(81))
    for _ in range(n):
        s = rng.choice(solutions)
        keep = rng.randint(17, 80)
        g = ["."] * 81
        for i in rng.sample(cells, keep):
            g[i] = s[i]
        out.append("".join(g))
    return out


def noise(rng, n):
    out = []
    cells = list(range(81))
    for k in range(n):
        givens = rng.randint(5, 40)
        g = ["."] * 81
        careful = k % 2 == 0
        for i in rng.sample(cells, givens):
            if careful:
                used = {g[j] for j in PEERS[i]}
                free = [d for d in DIGITS if d not in used]
                if free:
                    g[i] = rng.choice(free)
            else:
                g[i] = rng.choice(DIGITS)
        out.append("".join(g))
    return out


def multi(rng, public, n):
    out = []
    for _ in range(n):
        p = rng.choice(public)
        given = [i for i, ch in enumerate(p) if ch != "."]
        g = list(p)
        for i in rng.sample(given, min(len(given), rng.randint(1, 3))):
            g[i] = "."
        out.append("".join(g))
    return out


def run(cmd, ok=(0,)):
    """Runs `cmd` and returns its stdout lines; any exit status not in `ok` is fatal."""
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode not in ok:
        sys.exit(f"differential: {' '.join(cmd)} exited {r.returncode}: {r.stderr.strip()}")
    return r.stdout.splitlines()


def write_lines(path, lines):
    with open(path, "w") as f:
        f.write("\n".join(lines))
        f.write("\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bitdoku", required=True)
    ap.add_argument("--peer", required=True)
    ap.add_argument("--shared", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--per-kind", type=int, default=200_000)
    ap.add_argument("--generated", type=int, default=2_000)
    ap.add_argument("--seed", type=int, default=18)
    a = ap.parse_args()
    start = time.monotonic()
    rng = random.Random(a.seed)
    w = a.work

    public = read_public(os.path.join(a.shared, "puzzles"))
    rng.shuffle(public)  # so the permuted copies mix every set, at any count
    write_lines(os.path.join(w, "public.txt"), public)
    solutions = [
        s for s in run([a.peer, "solve", os.path.join(w, "public.txt")], PEER_OK) if len(s) == 81
    ]
    if len(solutions) < 1000:
        sys.exit(f"differential: the peer solved only {len(solutions)} public puzzles")

    inputs = {
        "dug": dug(rng, solutions, a.per_kind),
        "noise": noise(rng, a.per_kind),
        "multi": multi(rng, public, a.per_kind),
    }
    # Relabelled and permuted copies of the public sets, by the shared tool, as many
    # rounds (seeds) as it takes to reach the count.
    permuted = []
    round_ = 0
    while len(permuted) < a.per_kind:
        dst = os.path.join(w, f"permuted-{round_}.txt")
        run(["python3", os.path.join(a.shared, "tools", "permute"),
             os.path.join(w, "public.txt"), dst, str(a.seed * 1000 + round_)])
        with open(dst) as f:
            permuted += [line.strip() for line in f if line.strip()]
        round_ += 1
    inputs["permuted"] = permuted[: a.per_kind]
    inputs["generated"] = run([a.bitdoku, "generate", "--count", str(a.generated),
                               "--seed", str(a.seed), "--threads", "2", "--quiet"])
    if len(inputs["generated"]) != a.generated:
        sys.exit(f"differential: bitdoku generate gave {len(inputs['generated'])} lines")

    puzzles, kinds = [], []
    for kind in KINDS:
        puzzles += inputs[kind]
        kinds += [kind] * len(inputs[kind])
    path = os.path.join(w, "all.txt")
    write_lines(path, puzzles)
    made = time.monotonic()
    print(f"differential: {len(puzzles):,} puzzles made in {made - start:.1f} s", flush=True)

    repeated = [repeats_a_given(p) for p in puzzles]
    peer_count = run([a.peer, "count", path], PEER_OK)
    peer_solve = run([a.peer, "solve", path], PEER_OK)
    if len(peer_count) != len(puzzles) or len(peer_solve) != len(puzzles):
        sys.exit("differential: the peer did not give one line per puzzle")

    version = run([a.bitdoku, "--version"])[0]
    backends = [b.strip() for b in version.split("this CPU has", 1)[1].rstrip(")").split(",")]
    if not backends or not all(backends):
        sys.exit(f"differential: no back-ends in {version!r}")

    failures = []

    def fail(backend, what, i, got, want):
        failures.append(f"{backend} {what} {kinds[i]} #{i}: {puzzles[i]}: bitdoku {got!r}, peer {want!r}")

    # The peer's own answers, per kind: its count must match the repeated-given check
    # (a repeated given has no solution), and every generated puzzle must be unique.
    tally = {k: {"unique": 0, "multiple": 0, "none": 0, "repeated": 0} for k in KINDS}
    for i, n in enumerate(peer_count):
        t = tally[kinds[i]]
        if repeated[i]:
            t["repeated"] += 1
            if n != "0":
                fail("peer", "count", i, "repeated given", n)
        else:
            t[{"0": "none", "1": "unique", "2": "multiple"}.get(n, "none")] += 1
        if kinds[i] == "generated" and n != "1":
            fail("peer", "generated", i, "unique", n)

    word = {"0 unsolvable": "0", "1 unique": "1", "2+ multiple": "2"}
    per_backend = {}
    for backend in backends:
        t0 = time.monotonic()
        common = ["--threads", "2", "--quiet", "--exit-zero", "--backend", backend]
        counts = run([a.bitdoku, "count", "--limit", "2", *common, path])
        solved = run([a.bitdoku, "solve", *common, path])
        if len(counts) != len(puzzles) or len(solved) != len(puzzles):
            sys.exit(f"differential: {backend}: bitdoku did not give one line per puzzle "
                     f"({len(counts)} counts, {len(solved)} solutions, {len(puzzles)} puzzles)")
        before = len(failures)
        for i, (got, want, sol, peer_sol) in enumerate(zip(counts, peer_count, solved, peer_solve)):
            if repeated[i]:
                if got != "invalid" or want != "0":
                    fail(backend, "count", i, got, want)
                if sol != "invalid" or peer_sol != "unsolvable":
                    fail(backend, "solve", i, sol, peer_sol)
                continue
            if word.get(got) != want:
                fail(backend, "count", i, got, want)
            if want == "1":
                if sol != peer_sol:
                    fail(backend, "solve", i, sol, peer_sol)
            elif want == "2":
                if not is_solution_of(sol, puzzles[i]):
                    fail(backend, "solve", i, sol, "a solution keeping the givens")
            elif sol != "unsolvable" or peer_sol != "unsolvable":
                fail(backend, "solve", i, sol, peer_sol)
        per_backend[backend] = (len(failures) - before, time.monotonic() - t0)

    def fmt(n):
        return f"{n:,}"

    print(f"differential: back-ends this CPU has: {', '.join(backends)}")
    for kind in KINDS:
        t = tally[kind]
        n = sum(t.values())
        print(f"  {kind:9} {fmt(n):>8} puzzles (peer: {fmt(t['unique'])} unique, "
              f"{fmt(t['multiple'])} multiple, {fmt(t['none'])} none, "
              f"{fmt(t['repeated'])} with a repeated given)")
    for backend, (bad, secs) in per_backend.items():
        print(f"  --backend {backend}: {fmt(len(puzzles))} puzzles counted and solved, "
              f"{bad} disagreements ({secs:.1f} s)")
    for line in failures[:20]:
        print("  DISAGREEMENT " + line)
    total = len(puzzles) * len(backends)
    print(f"differential: {fmt(len(puzzles))} puzzles x {len(backends)} back-ends "
          f"({', '.join(backends)}) = {fmt(total)} count+solve checks, "
          f"{len(failures)} disagreements, {time.monotonic() - start:.0f} s")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
