// Runs a wasm32-wasip1 program (a test binary cargo built) under Node's WASI, so that
// `cargo test --target wasm32-wasip1` runs the solver's tests in V8, the engine the
// package runs in:
//
//   CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings crates/wasm/scripts/wasi-run.mjs" \
//   RUSTFLAGS="-C target-feature=+simd128" \
//   cargo test -p bitdoku-solver --target wasm32-wasip1
//
// The program sees the host's file system at `/` (tests read puzzle files by absolute
// paths: env!("CARGO_MANIFEST_DIR")), the environment and its arguments; its exit
// status is the process's.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error('usage: node wasi-run.mjs PROGRAM.wasm [ARGS...]');
  process.exit(2);
}
const wasi = new WASI({
  version: 'preview1',
  args: [program, ...args],
  env: process.env,
  preopens: { '/': '/' },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
