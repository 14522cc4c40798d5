#!/usr/bin/env python3
"""Check that the records of a scaled-out run equal `bitdoku solve` on the whole file.

    check_records.py DIRECT OUTPUT [--invalid N]

DIRECT: the JSON Lines of `bitdoku solve --format json` on the whole input.
OUTPUT: a Spark output directory (its part-* files in order) or a JSON Lines file.

Each record is matched to its direct record by its tag (when the CLI echoes one) and its
puzzle, or, for a record whose puzzle could not be read (`"puzzle": null`), by its error
with the line number taken off: `line` and the line in `error` count lines within the
chunk a partition handed to bitdoku, so they differ after a split and are not compared.
Everything else (status, solution, the rest of the error, tag) must be equal, the counts
must be equal, and the order must be the input's. --invalid N asks that N records have
the status "invalid" (the hostile lines mixed in came back as records).
"""

import argparse
import collections
import json
import os
import re
import sys

LINE_PREFIX = re.compile(r"^line \d+, ")


def records(path):
    """The JSON records of a file, or of a Spark output directory's part files in order."""
    if os.path.isdir(path):
        if not os.path.exists(os.path.join(path, "_SUCCESS")):
            raise SystemExit(f"{path}: no _SUCCESS: the job did not complete")
        files = sorted(os.path.join(path, f) for f in os.listdir(path) if f.startswith("part-"))
    else:
        files = [path]
    out = []
    for name in files:
        with open(name, encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError as e:
                    raise SystemExit(f"{name}:{number}: not a JSON record ({e}): {line!r}")
    return out


def normal(record):
    """(key, rest): the record without its chunk-relative position, split for matching."""
    rest = {k: v for k, v in record.items() if k not in ("file", "line")}
    if rest.get("tag") is None:
        rest.pop("tag", None)  # no tag and a null tag are the same
    if "error" in rest:
        rest["error"] = LINE_PREFIX.sub("", rest["error"])
    if rest.get("puzzle") is not None:
        key = (rest.get("tag"), rest["puzzle"])
    else:
        key = (rest.get("tag"), None, rest.get("error"))
    return key, json.dumps(rest, sort_keys=True)


def compare(direct, scaled, invalid=None):
    """The problems of `scaled` against `direct` (lists of JSON records): none if equal."""
    direct = [normal(r) for r in direct]
    scaled = [normal(r) for r in scaled]
    problems = []
    if len(direct) != len(scaled):
        problems.append(f"{len(scaled)} records, the direct run has {len(direct)}")
    # Matched by key: every direct record has its answer, nothing is left over.
    want = collections.defaultdict(collections.Counter)
    for key, rest in direct:
        want[key][rest] += 1
    got = collections.defaultdict(collections.Counter)
    for key, rest in scaled:
        got[key][rest] += 1
    for key in sorted(set(want) | set(got), key=repr):
        if want[key] != got[key]:
            problems.append(f"{key}: direct {dict(want[key])}, scaled {dict(got[key])}")
    if not problems and direct != scaled:
        problems.append("the same records, in another order than the input's")
    found = sum(1 for _, rest in scaled if json.loads(rest)["status"] == "invalid")
    if invalid is not None and found != invalid:
        problems.append(f"{found} invalid records, expected {invalid}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("direct")
    ap.add_argument("output")
    ap.add_argument("--invalid", type=int, default=None, help="expected invalid records")
    args = ap.parse_args()

    scaled = records(args.output)
    problems = compare(records(args.direct), scaled, args.invalid)
    if problems:
        for p in problems[:20]:
            print(f"{args.output}: {p}", file=sys.stderr)
        raise SystemExit(1)
    statuses = collections.Counter(r["status"] for r in scaled)
    summary = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    print(f"{args.output}: {len(scaled)} records ({summary}), each equal to the direct run's")


if __name__ == "__main__":
    main()
