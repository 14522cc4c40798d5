// `npm run build`: the package's WebAssembly module, `bitdoku.wasm`, built by cargo
// for wasm32-unknown-unknown with SIMD128 (profile `wasm`: release, stripped), and the
// page's puzzle files in www/puzzles/.
//
//   node scripts/build.mjs             bitdoku.wasm (SIMD128), www/puzzles/
//   node scripts/build.mjs --portable  also build/bitdoku-portable.wasm, the same module
//                                      without SIMD128 (for bench/ and the tests)
//
// Needs `rustup target add wasm32-unknown-unknown`, nothing else (no wasm-bindgen).
// Norvig's sets for the page's comparison (norvig-top95, norvig-easy50,
// norvig-hardest) are linked into www/puzzles/ from $BITDOKU_PUZZLES, else from
// ../shared/puzzles beside the repository, when there; they are never copied into
// the repository.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, realpathSync, rmSync, symlinkSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const root = resolve(here, '../..');
const portable = process.argv.includes('--portable');

const metadata = JSON.parse(
  execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: root }),
);
const target = 'wasm32-unknown-unknown';
const rustflagsVar = 'CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS';

function build(features, targetDir, out) {
  const flags = [process.env[rustflagsVar], `-C target-feature=${features}`]
    .filter(Boolean)
    .join(' ');
  execFileSync(
    'cargo',
    ['build', '--profile', 'wasm', '--target', target, '-p', 'bitdoku-wasm', '--target-dir', targetDir],
    { cwd: root, stdio: 'inherit', env: { ...process.env, [rustflagsVar]: flags } },
  );
  mkdirSync(dirname(out), { recursive: true });
  copyFileSync(join(targetDir, target, 'wasm', 'bitdoku_wasm.wasm'), out);
  console.log(`${out}: ${statSync(out).size} bytes`);
}

build('+simd128', metadata.target_directory, join(here, 'bitdoku.wasm'));
if (portable) {
  // A target directory of its own: the flags differ, and sharing one would rebuild
  // each module in turn.
  build('-simd128', join(metadata.target_directory, 'wasm-portable'), join(here, 'build', 'bitdoku-portable.wasm'));
}

const puzzles = join(here, 'www', 'puzzles');
mkdirSync(puzzles, { recursive: true });
copyFileSync(join(root, 'puzzles', 'norvig-examples.txt'), join(puzzles, 'norvig-examples.txt'));
const shared = process.env.BITDOKU_PUZZLES ?? resolve(root, '..', 'shared', 'puzzles');
for (const name of ['norvig-top95.txt', 'norvig-easy50.txt', 'norvig-hardest.txt']) {
  const from = join(shared, name);
  const link = join(puzzles, name);
  rmSync(link, { force: true });
  if (existsSync(from)) symlinkSync(realpathSync(from), link);
}
