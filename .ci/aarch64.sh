#!/usr/bin/env bash
# The aarch64 build and its NEON back-end, on an x86-64 machine: clippy, then the
# solver's tests under qemu (kernel conformance, the whole-search property tests over
# every back-end the emulated CPU has, and NEON against portable on the public sets).
# Needs the Rust target, a cross linker and qemu-user; installs them where it can.
# qemu emulates NEON one lane at a time, so no timing here means anything.
# With --install, only installs them (.ci/run does that first, then runs the rest in the
# background, where no apt-get may run beside another).
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
[ "${1:-}" = --install ] && exit 0

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
step "clippy for $target"
cargo clippy -q --target "$target" --all-targets -p bitdoku-solver -- -D warnings
step "the solver's tests under qemu"
# The kernel conformance tests (--lib), the whole search against a naive solver on
# random puzzles over every back-end (reference, no_panic), and every back-end against
# the portable one on the public sets (backends), with the known answers and the time
# limit. The generator, the rating and the step engine have no back-end code: their
# tests run natively.
CI=true cargo test -q --target "$target" -p bitdoku-solver --lib --test reference \
  --test no_panic --test backends --test known_answers --test time_limit
step "done"
