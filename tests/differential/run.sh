#!/usr/bin/env bash
# The differential test: bitdoku's `count --limit 2` and `solve` against the independent
# peer in ../shared/tools/peer-bench (the `sudoku` crate, built there into target/peer-bench,
# never copied), on every back-end this CPU has, over 800,000 seeded puzzles (200,000 each
# dug, noise, multi-solution, permuted) and 2,000 from `bitdoku generate`. Fails on any
# disagreement. See tests/differential/differential.py for what is compared.
set -euo pipefail
cd "$(dirname "$0")/../.."

test -f ../shared/tools/peer-bench/Cargo.toml || { echo "../shared/tools/peer-bench is missing"; exit 1; }
# The binary CI built (BITDOKU_BIN, from .ci/run), or the release build.
bin=${BITDOKU_BIN:-}
if [ -z "$bin" ]; then
  cargo build -q --release -p bitdoku
  bin=$PWD/target/release/bitdoku
fi
CARGO_TARGET_DIR="$PWD/target/peer-bench" \
  cargo build -q --release --manifest-path ../shared/tools/peer-bench/Cargo.toml

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 tests/differential/differential.py \
  --bitdoku "$bin" \
  --peer "$PWD/target/peer-bench/release/peer-bench" \
  --shared ../shared --work "$work" "$@"
