#!/usr/bin/env bash
# 1 thread against 2 (or N) on one file: alternating whole-process runs of the release
# binary, medians and the speed-up.
#
#   benches/threads.sh [FILE [RUNS [THREADS]]]   defaults: 17-clue, 9 runs, 2 threads
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-../shared/puzzles/17-clue.txt}
runs=${2:-9}
threads=${3:-2}
cargo build --release -q -p bitdoku
bin=target/release/bitdoku
for _ in $(seq "$runs"); do
  for t in 1 "$threads"; do
    s=$(date +%s%N); "$bin" solve --quiet --threads "$t" "$file" > /dev/null; e=$(date +%s%N)
    echo "$t $(( (e - s) / 1000 ))"
  done
done | sort -k1,1n -k2,2n | awk -v n="$threads" '
  { c[$1]++; v[$1, c[$1]] = $2; all[$1] = all[$1] " " $2 }
  END {
    m1 = v[1, int((c[1] + 1) / 2)]; mn = v[n, int((c[n] + 1) / 2)]
    printf "1 thread:  median %d us (%s)\n", m1, all[1]
    printf "%d threads: median %d us (%s)\n", n, mn, all[n]
    printf "speed-up %.2fx\n", m1 / mn
  }'
