#!/usr/bin/env python3
"""Solve a puzzle file on Spark (local mode, 127.0.0.1 only) through RDD.pipe.

    spark_pipe.py INPUT OUTPUT [--partitions N] [--bitdoku PATH] [--cores N]

textFile(INPUT) split into at least N partitions -> pipe("bitdoku solve --threads 1
--quiet --format json --exit-zero"), one bitdoku process per partition -> saveAsTextFile
(OUTPUT): JSON Lines in part-* files, in input order. checkCode is on: a bitdoku that
exits non-zero fails its task, and --exit-zero keeps bad puzzles from doing that (they
come back as records with status "invalid").
"""

import argparse
import shlex

import spark_local


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input", help="one puzzle per line")
    ap.add_argument("output", help="output directory (must not exist)")
    ap.add_argument("--partitions", type=int, default=8, help="at least this many (8)")
    ap.add_argument("--bitdoku", default="bitdoku", help="the binary (default: on PATH)")
    ap.add_argument("--cores", type=int, default=2, help="local[N] (2)")
    args = ap.parse_args()

    command = [args.bitdoku, "solve", "--threads", "1", "--quiet", "--format", "json", "--exit-zero"]
    spark_local.run_job(
        "bitdoku-pipe",
        "spark pipe",
        args,
        lambda puzzles: puzzles.pipe(shlex.join(command), checkCode=True),
    )

if __name__ == "__main__":
    main()
