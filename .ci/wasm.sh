#!/usr/bin/env bash
# The JavaScript package from a fresh checkout: the WebAssembly targets, the package
# built with SIMD128 and its size checked, its Node tests on
# the public sets, its TypeScript types, the solver's own tests under Node with the
# SIMD128 back-end (wasm32-wasip1), clippy for both wasm targets, the page end to end
# in headless Chromium, and `npm pack` installed in a fresh folder running the README's
# example. Needs Node 20 or later, rustup, npm's registry (playwright-core and
# typescript, from the lockfile), and Chromium (Debian's `chromium`, installed here
# when missing). With --install, only installs what is missing (.ci/run does that first,
# then runs the rest in the background, where no apt-get may run beside another).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
start=$SECONDS
step() { echo "-- $1 ($((SECONDS - start)) s)"; }

test -d ../shared/puzzles || { echo "../shared/puzzles is missing"; exit 1; }
export BITDOKU_PUZZLES="$(cd ../shared/puzzles && pwd)" CI=true
node_major=$(node -p 'process.versions.node.split(".")[0]' 2> /dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "Node 20 or later is needed (found: $(node --version 2> /dev/null || echo none))"
  exit 1
fi
for target in wasm32-unknown-unknown wasm32-wasip1; do
  rustup target list --installed | grep -qx "$target" || rustup target add "$target"
done
if ! command -v "${CHROMIUM:-chromium}" > /dev/null && [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
  apt-get install -y -qq chromium > /dev/null 2>&1 \
    || { apt-get update -qq > /dev/null && apt-get install -y -qq chromium > /dev/null; }
fi
export CHROMIUM="$(command -v "${CHROMIUM:-chromium}")"
[ "${1:-}" = --install ] && exit 0
simd="-C target-feature=+simd128"

step "npm ci, then the module (SIMD128)"
cd crates/wasm
npm ci --no-audit --no-fund --loglevel=error
# Not the portable module (`--portable`, for the benchmark): the solver's tests under
# wasm32-wasip1 below check the portable back-end against SIMD128 in WebAssembly.
node scripts/build.mjs
gz=$(gzip -9 -c bitdoku.wasm | wc -c)
# 300 KB held the classic engines (about 229 KB); the general engine, its rules and its
# generator (built at opt-level "z") brought the module to 392 KB, and every rule type of
# the sudoku-puzzle format to 424 KB (448 KB by session 25), and true candidates'
# first search on the fast engines (session 26) to 457 KB: 475 KB bounds its growth.
echo "bitdoku.wasm: $(wc -c < bitdoku.wasm) bytes, $gz gzipped (at most 475 KB)"
[ "$gz" -le 486400 ] || { echo "bitdoku.wasm is over 475 KB gzipped"; exit 1; }

step "Node tests on the public sets, and the TypeScript types"
node --test --test-reporter=spec test/
npm run --silent typecheck

step "the solver's back-end tests under Node: wasm32-wasip1 with SIMD128"
cd "$root"
export CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings $root/crates/wasm/scripts/wasi-run.mjs"
export CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="$simd"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$simd"
# As under qemu (.ci/aarch64.sh): the kernel conformance tests (--lib), the whole
# search against a naive solver over every back-end (reference, no_panic), SIMD128
# against portable on the public sets (backends), the known answers and the time
# limit. The generator, the rating and the human steps have no back-end code; the
# package's Node tests above run them in WebAssembly.
solver_tests=(cargo test -q -p bitdoku-solver --target wasm32-wasip1 --lib --test reference
  --test no_panic --test backends --test known_answers --test time_limit)
if ! "${solver_tests[@]}"; then
  # A failing test aborts the WebAssembly process, and the captured output with it:
  # run again uncaptured to show the panic.
  "${solver_tests[@]}" -- --nocapture || true
  exit 1
fi

step "clippy for wasm32 with SIMD128"
# The package's target: the solver's wasm32 code and the package's own (the
# solver's tests for wasm32 have no code of their own).
cargo clippy -q --target wasm32-unknown-unknown -p bitdoku-solver -p bitdoku-wasm -- -D warnings

step "the page in headless Chromium"
cd crates/wasm
shot=$(mktemp -d)
node e2e/browser.mjs --screenshot "$shot/page.png"

step "the setter's page in headless Chromium (shared f-puzzles sets, desktop and phone widths)"
node e2e/setter.mjs

step "npm pack, installed in a fresh folder, runs the README's example"
node -e 'const p = require("./package.json"); if (p.version !== process.argv[1]) { console.error(`package.json ${p.version}, Cargo.toml ${process.argv[1]}`); process.exit(1); }' \
  "$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)"
npm pack --pack-destination "$shot" --silent > "$shot/name"
tarball="$shot/$(tail -1 "$shot/name")"
echo "$(basename "$tarball"): $(wc -c < "$tarball") bytes"
mkdir "$shot/fresh"
awk '/^```js$/{f=1;next} f && /^```$/{exit} f' README.md > "$shot/fresh/example.mjs"
awk '/^```text$/{f=1;next} f && /^```$/{exit} f' README.md > "$shot/expected"
test -s "$shot/fresh/example.mjs" || { echo "no JavaScript example in crates/wasm/README.md"; exit 1; }
(
  cd "$shot/fresh"
  npm init -y > /dev/null
  npm install --no-audit --no-fund --loglevel=error "$tarball"
  node example.mjs > "$shot/got"
)
diff "$shot/expected" "$shot/got"
echo "README example: output as in crates/wasm/README.md"
rm -rf "$shot"
step "done"
