#!/usr/bin/env bash
# End-to-end throughput of the release binary on a large file: whole-process wall time
# and peak memory at 1 thread and at all cores, medians of RUNS runs, and the same file
# through GNU parallel when it is installed.
#
#   benches/throughput.sh [PUZZLES [RUNS]]     defaults: 1000000 puzzles, 5 runs
#
# The file is target/throughput/PUZZLES.txt: ../shared/puzzles/17-clue.txt repeated
# until it has PUZZLES lines (made once, reused).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
runs=${2:-5}
src=../shared/puzzles/17-clue.txt
test -f "$src" || { echo "$src is missing" >&2; exit 1; }
cargo build --release -q -p bitdoku
bin=target/release/bitdoku
mkdir -p target/throughput
file=target/throughput/$n.txt
if [ ! -f "$file" ] || [ "$(wc -l < "$file")" -ne "$n" ]; then
  per=$(wc -l < "$src")
  # `head` closes the pipe early on purpose: no pipefail here.
  (set +o pipefail; for _ in $(seq $(( (n + per - 1) / per ))); do cat "$src"; done \
    | head -n "$n" > "$file")
fi
cores=$(nproc)
echo "file: $file ($n puzzles, $(du -h "$file" | cut -f1)), $runs runs each, $cores cores"

# median of the numbers on stdin
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

measure() { # label, command...
  local label=$1; shift
  local times=() rss=()
  for _ in $(seq "$runs"); do
    out=$( { /usr/bin/time -f "%e %M" "$@" > /dev/null; } 2>&1 | tail -1 )
    times+=("${out% *}"); rss+=("${out#* }")
  done
  local t m
  t=$(printf '%s\n' "${times[@]}" | median)
  m=$(printf '%s\n' "${rss[@]}" | sort -n | tail -1)
  awk -v l="$label" -v t="$t" -v n="$n" -v m="$m" \
    'BEGIN {printf "%-28s %8.2f s  %10.0f puzzles/s  peak RSS %6.1f MiB\n", l, t, n/t, m/1024}'
}

measure "bitdoku solve --threads 1" "$bin" solve --threads 1 "$file"
measure "bitdoku solve --threads $cores" "$bin" solve --threads "$cores" "$file"
if command -v parallel > /dev/null; then
  measure "GNU parallel, $cores jobs" sh -c \
    "parallel --pipe --keep-order --block 4M -j $cores $bin solve --threads 1 < $file"
else
  echo "GNU parallel is not installed: skipped"
fi
