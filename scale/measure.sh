#!/usr/bin/env bash
# Wall time and puzzles/s of each scale-out route against `bitdoku solve -j 2`, on one
# file, 8 chunks or partitions for every route, 2 workers each (the machine's 2 cores),
# medians of RUNS runs. Run it on a quiet machine, after .ci/spark.sh and .ci/ssh.sh
# (they install Java, pyspark, sshd, rsync and parallel).
#
#   scale/measure.sh [FILE [RUNS]]   defaults: ../shared/puzzles/forum-hardest-1905-11plus.txt, 3
#
# "wall" is the whole process: for Spark the JVM's start included, for ssh the whole test
# (keys, sshd, a direct run to compare with). "job" is the part after the Spark context
# is up, or the parallel command alone.
set -euo pipefail
cd "$(dirname "$0")/.."
file=$(realpath "${1:-../shared/puzzles/forum-hardest-1905-11plus.txt}")
runs=${2:-3}
cargo build --release -q -p bitdoku
bin=$(realpath -m "${CARGO_TARGET_DIR:-target}")/release/bitdoku
python=$(scale/venv.sh)
puzzles=$(grep -cv '^[[:space:]]*\(#\|$\)' "$file")
block=$(( $(wc -c < "$file") / 8 + 1 ))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "file: $file ($puzzles puzzles), 8 chunks of about $block bytes, median of $runs runs, $(nproc) cores"
echo "| route | wall | puzzles/s | job | puzzles/s (job) |"
echo "|---|---:|---:|---:|---:|"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
now() { date +%s.%N; }
row() { # label, wall seconds, job seconds or -
  awk -v l="$1" -v w="$2" -v j="$3" -v n="$puzzles" 'BEGIN {
    printf "| %s | %.2f s | %.0f |", l, w, n / w
    if (j == "-") printf " | |\n"; else printf " %.2f s | %.0f |\n", j, n / j }'
}
# label, a regex whose first number on stderr is the job time ("" for none), command...
measure() {
  local label=$1 pattern=$2; shift 2
  local walls=() jobs=() start
  for i in $(seq "$runs"); do
    rm -rf "$tmp/out"
    start=$(now)
    "$@" > "$tmp/stdout" 2> "$tmp/stderr" || { cat "$tmp/stderr" >&2; exit 1; }
    walls+=("$(echo "$(now) - $start" | python3 -c 'print(eval(input()))')")
    if [ -n "$pattern" ]; then
      jobs+=("$(cat "$tmp/stdout" "$tmp/stderr" | sed -n "s/.*$pattern.*/\1/p" | tail -1)")
    fi
  done
  local job=-
  [ -z "$pattern" ] || job=$(printf '%s\n' "${jobs[@]}" | median)
  row "$label" "$(printf '%s\n' "${walls[@]}" | median)" "$job"
}

measure '`bitdoku solve -j 2`' '' "$bin" solve -j 2 --quiet --exit-zero "$file"
measure 'GNU parallel `--pipe`, 2 local jobs' '' sh -c \
  "parallel --will-cite --pipe --keep-order --block $block -j 2 $bin solve --threads 1 --quiet --exit-zero < $file"
measure 'GNU parallel over ssh to 127.0.0.1, 2 slots' ' \([0-9.]*\) s (parallel)' \
  scale/ssh_parallel.sh "$bin" "$file" "$block"
measure 'Spark `RDD.pipe`, local[2], 8 partitions' ' \([0-9.]*\) s (job)' \
  "$python" scale/spark_pipe.py "$file" "$tmp/out" --partitions 8 --bitdoku "$bin"
if "$python" -c 'import bitdoku' 2> /dev/null; then
  measure 'Spark `mapPartitions` + `bitdoku.solve_many`, local[2], 8 partitions' ' \([0-9.]*\) s (job)' \
    "$python" scale/spark_python.py "$file" "$tmp/out" --partitions 8
else
  echo "(the bitdoku Python package is not built here: crates/python is not in this tree)"
fi
