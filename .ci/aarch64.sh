#!/usr/bin/env bash
# The aarch64 build and its NEON back-end, on an x86-64 machine: the solver's tests
# (kernel conformance and the whole-search property tests, over every back-end the
# emulated CPU has) under qemu, then the release binary on public sets, where the
# portable and NEON back-ends must print byte for byte what the x86-64 binary prints.
# Needs the Rust target, a cross linker and qemu-user; installs them where it can.
# qemu emulates NEON one lane at a time, so no timing here means anything.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() { echo "-- $1 ($((SECONDS - start)) s)"; }

target=aarch64-unknown-linux-gnu
if ! command -v aarch64-linux-gnu-gcc > /dev/null || ! command -v qemu-aarch64 > /dev/null; then
  if command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
    apt-get install -y -qq gcc-aarch64-linux-gnu qemu-user > /dev/null 2>&1 \
      || { apt-get update -qq > /dev/null && apt-get install -y -qq gcc-aarch64-linux-gnu qemu-user > /dev/null; }
  fi
fi
if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target" > /dev/null 2>&1 || true
fi
if ! command -v aarch64-linux-gnu-gcc > /dev/null || ! command -v qemu-aarch64 > /dev/null \
  || ! rustup target list --installed | grep -qx "$target"; then
  echo "SKIPPED: could not install the $target target, aarch64-linux-gnu-gcc or qemu-user"
  exit 0
fi

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
step "clippy for $target"
cargo clippy -q --target "$target" --all-targets -p bitdoku-solver -- -D warnings
step "the solver's tests under qemu"
# The step engine has no back-end code: a few generated puzzles for its test there.
STEPS_PUZZLES=40 cargo test -q --target "$target" -p bitdoku-solver --lib --tests
step "the release binary for $target"
# Compared for output, not timed: without the release profile's LTO and single codegen
# unit, which would cost CI minutes of cross-compiling.
CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=0 \
  cargo build -q --release --target "$target" -p bitdoku
arm="qemu-aarch64 -L /usr/aarch64-linux-gnu target/$target/release/bitdoku"
version=$($arm --version)
echo "$version"
case "$version" in
  *", neon)"*) ;;
  *) echo "the aarch64 binary does not offer the neon back-end"; exit 1 ;;
esac
step "the public sets: portable and NEON against x86-64"
x86=target/release/bitdoku
test -x "$x86" || cargo build -q --release -p bitdoku
out=$(mktemp -d)
for run in "solve 17-clue" "solve magictour-top1465" "solve norvig-top95" \
  "count multi-16-clue" "count forum-hardest-1905-11plus"; do
  set -- $run
  file=../shared/puzzles/$2.txt
  # qemu takes 18 s per back-end over all of forum-hardest: its first 10,000 puzzles.
  if [ "$2" = forum-hardest-1905-11plus ]; then
    head -n 10000 "$file" > "$out/input"
    file=$out/input
  fi
  # --exit-zero: count exits 1 on puzzles without exactly one solution.
  "$x86" "$1" -q --exit-zero --threads 1 "$file" > "$out/x86"
  for backend in portable neon; do
    $arm "$1" -q --exit-zero --threads 1 --backend "$backend" "$file" > "$out/$backend"
    cmp "$out/x86" "$out/$backend" \
      || { echo "aarch64 $backend differs from x86-64 on $1 $2"; exit 1; }
  done
  echo "aarch64 portable and neon: $1 $2, $(wc -l < "$out/x86") lines identical to x86-64"
done
rm -rf "$out"
step "done"
