#!/usr/bin/env bash
# CI: Spark in local mode, listening on 127.0.0.1 only, solves the public top1465 set with
# hostile lines mixed in, split into 8 partitions, through RDD.pipe (scale/spark_pipe.py)
# and through the bitdoku Python package in mapPartitions (scale/spark_python.py); the
# records of each must equal `bitdoku solve` on the whole file (scale/check_records.py).
# Installs a JRE (Debian's) if java is missing, and pyspark (PyPI) and the wheel built
# from crates/python into target/scale/venv (scale/venv.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Spark in local mode on 127.0.0.1: RDD.pipe and the Python package, records against bitdoku solve"
if ! java -version > /dev/null 2>&1; then
  echo "installing openjdk-17-jre-headless"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless > /dev/null
fi
java -version 2>&1 | head -1
python=$(scale/venv.sh)

# The binary CI built (BITDOKU_BIN, from .ci/run), or the release build.
bin=${BITDOKU_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release -q -p bitdoku
  bin=$(realpath -m "${CARGO_TARGET_DIR:-target}")/release/bitdoku
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
BITDOKU_BIN=$bin "$python" -m unittest discover -s scale -p 'test_*.py'
invalid=$(scale/mixed_input.sh ../shared/puzzles/magictour-top1465.txt "$tmp/mixed.txt")
"$bin" solve --quiet --format json --exit-zero "$tmp/mixed.txt" > "$tmp/direct.jsonl"

"$python" scale/spark_pipe.py "$tmp/mixed.txt" "$tmp/pipe" --partitions 8 --bitdoku "$bin"
"$python" scale/check_records.py "$tmp/direct.jsonl" "$tmp/pipe" --invalid "$invalid"
if [ -f crates/python/pyproject.toml ]; then
  "$python" scale/spark_python.py "$tmp/mixed.txt" "$tmp/python" --partitions 8
  "$python" scale/check_records.py "$tmp/direct.jsonl" "$tmp/python" --invalid "$invalid"
else
  echo "crates/python is not in this tree: the Python-package route was not run"
fi
