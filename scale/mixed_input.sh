#!/usr/bin/env bash
# The scale-out tests' input: a public puzzle file with hostile lines mixed in, one in
# the middle and one at the end, so that some partition or chunk holds each.
#
#   scale/mixed_input.sh SRC OUT      prints the number of hostile lines (2)
#
# The hostile lines are one-line puzzles bitdoku answers `invalid`: a digit given twice
# in a row, and a letter among the squares.
set -euo pipefail
src=$1 out=$2
twice='44....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
letter='4.....8.5.3..x.......7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
half=$(( $(wc -l < "$src") / 2 ))
{
  head -n "$half" "$src"
  echo "$twice"
  tail -n +"$(( half + 1 ))" "$src"
  echo "$letter"
} > "$out"
echo 2
