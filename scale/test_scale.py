"""Tests of the scale-out scripts' own logic, without Spark: the record checker catches
what it must, and the Python route's records equal the CLI's (when the bitdoku package
is installed). Run: python -m unittest discover -s scale -p 'test_*.py'
"""

import json
import os
import subprocess
import unittest

import check_records
import spark_local

HERE = os.path.dirname(os.path.abspath(__file__))
BITDOKU = os.environ.get("BITDOKU_BIN", os.path.join(HERE, "..", "target", "release", "bitdoku"))

SOLVED = {
    "file": "<stdin>", "line": 1, "status": "solved",
    "puzzle": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "solution": "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
}
INVALID = {
    "file": "<stdin>", "line": 2, "puzzle": None, "status": "invalid",
    "error": "line 2, column 1: digit 4 is given twice in row A (A1 and A2)",
}
UNSOLVABLE = {
    "file": "<stdin>", "line": 3, "status": "unsolvable",
    "error": "unsolvable: the puzzle has no solution",
    "puzzle": "12345678.........9...............................................................",
}
DIRECT = [SOLVED, INVALID, UNSOLVABLE]


def moved(record, line, file="<partition 3>"):
    """The record as a chunk starting elsewhere reports it."""
    out = dict(record, file=file, line=line)
    if "error" in out:
        out["error"] = out["error"].replace(f"line {record['line']},", f"line {line},")
    return out


class CheckRecords(unittest.TestCase):
    def test_equal_after_a_split(self):
        split = [moved(SOLVED, 7), moved(INVALID, 1, "<stdin>"), moved(UNSOLVABLE, 2)]
        self.assertEqual(check_records.compare(DIRECT, split, invalid=1), [])

    def test_a_null_tag_is_no_tag(self):
        self.assertEqual(check_records.compare(DIRECT, [dict(SOLVED, tag=None), INVALID, UNSOLVABLE]), [])

    def test_a_wrong_solution(self):
        wrong = dict(SOLVED, solution=SOLVED["solution"][::-1])
        self.assertTrue(check_records.compare(DIRECT, [wrong, INVALID, UNSOLVABLE]))

    def test_a_lost_record(self):
        self.assertTrue(check_records.compare(DIRECT, [SOLVED, UNSOLVABLE]))

    def test_an_extra_record(self):
        self.assertTrue(check_records.compare(DIRECT, DIRECT + [SOLVED]))

    def test_a_lost_hostile_record(self):
        problems = check_records.compare(DIRECT[:1], [SOLVED], invalid=1)
        self.assertIn("0 invalid records, expected 1", problems)

    def test_another_error(self):
        other = dict(INVALID, error="line 2, column 2: digit 4 is given twice in row A (A1 and A2)")
        self.assertTrue(check_records.compare(DIRECT, [SOLVED, other, UNSOLVABLE]))

    def test_another_order(self):
        problems = check_records.compare(DIRECT, [INVALID, SOLVED, UNSOLVABLE])
        self.assertEqual(problems, ["the same records, in another order than the input's"])

    def test_another_tag(self):
        self.assertTrue(check_records.compare([dict(SOLVED, tag="a")], [dict(SOLVED, tag="b")]))


class Addresses(unittest.TestCase):
    def test_proc_net_addresses(self):
        self.assertEqual(spark_local._address("0100007F", 8), "127.0.0.1")
        self.assertEqual(spark_local._address("00000000", 8), "0.0.0.0")
        self.assertEqual(spark_local._address("0000000000000000FFFF00000100007F", 32), "127.0.0.1")
        self.assertEqual(
            spark_local._address("00000000000000000000000001000000", 32),
            "0000:0000:0000:0000:0000:0000:0000:0001",
        )


try:
    import bitdoku  # noqa: F401

    HAVE_PACKAGE = True
except ImportError:
    HAVE_PACKAGE = False


@unittest.skipUnless(HAVE_PACKAGE, "the bitdoku Python package is not installed")
class PythonRoute(unittest.TestCase):
    """spark_python.records on awkward lines against the CLI on the same lines."""

    LINES = [
        "# a comment",
        "",
        "400000805030000000000700000020000060000080400000010000000603070500200000104000000",
        "4.....8.5.3..x.......7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "44....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "12345678.........9...............................................................",
        "   # an indented comment",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ]

    # Text after the puzzle: a tag where bitdoku echoes tags, else a comment.
    TAGGED = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... 17 clues ",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......,id-42",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\t" + "x" * 120,
        "44....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......;bad",
        "12345678.........9............................................................... none",
    ]

    @staticmethod
    def cli(lines):
        out = subprocess.run(
            [BITDOKU, "solve", "--quiet", "--format", "json", "--exit-zero", "--threads", "1"],
            input="\n".join(lines) + "\n", capture_output=True, text=True, check=True,
        ).stdout
        return [json.loads(line) for line in out.splitlines()]

    @staticmethod
    def ours(lines):
        import spark_python

        return [json.loads(r) for r in spark_python.records(0, iter(lines))]

    def test_tags_equal_the_cli(self):
        direct = self.cli(self.TAGGED)
        if not any("tag" in r for r in direct):
            self.skipTest("this bitdoku echoes no tags")
        self.assertEqual(check_records.compare(direct, self.ours(self.TAGGED), invalid=1), [])

    def test_records_equal_the_cli(self):
        ours, direct = self.ours(self.LINES), self.cli(self.LINES)
        self.assertEqual(len(ours), 6)
        self.assertEqual(check_records.compare(direct, ours, invalid=3), [])
        # Here the partition is the whole input, so even the line numbers agree.
        self.assertEqual([r["line"] for r in ours], [r["line"] for r in direct])
        self.assertEqual([r.get("error") for r in ours], [r.get("error") for r in direct])


if __name__ == "__main__":
    unittest.main()
