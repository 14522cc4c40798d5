// Puzzles per second in Node: the package's module (SIMD128) and the same module built
// without SIMD128 (portable WebAssembly, `npm run build -- --portable`), on puzzle
// files, one thread, first solution (solveMany over the whole file, as
// `bitdoku solve --threads 1 FILE` reads and solves a file).
//
//   node bench/bench.mjs [--runs N] [FILE ...]
//
// Default files: 17-clue and forum-hardest-1905-11plus from $BITDOKU_PUZZLES, else
// ../shared/puzzles beside the repository. Each (module, file) pair runs N times
// (default 3), in turns, and reports its best run in CPU time (the process's user and
// system time, steadier than wall time on a shared machine); every solution is
// checked against its puzzle.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instantiate } from '../index.js';

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
let runs = 3;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0) {
  const shared = process.env.BITDOKU_PUZZLES ?? resolve(here, '../../../shared/puzzles');
  files.push(join(shared, '17-clue.txt'), join(shared, 'forum-hardest-1905-11plus.txt'));
}

const modules = [['simd128', join(here, 'bitdoku.wasm')], ['portable', join(here, 'build', 'bitdoku-portable.wasm')]];
const solvers = [];
for (const [name, path] of modules) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: run \`npm run build -- --portable\` first`);
    process.exit(2);
  }
  const solver = await instantiate(readFileSync(path));
  if (solver.backend !== name) throw new Error(`${path} runs ${solver.backend}, not ${name}`);
  solvers.push([name, solver]);
}

/** The solution's givens agree with the puzzle and every unit holds 1-9. */
function solves(solution, puzzle) {
  if (!/^[1-9]{81}$/.test(solution)) return false;
  for (let s = 0; s < 81; s++) {
    if (/[1-9]/.test(puzzle[s]) && puzzle[s] !== solution[s]) return false;
  }
  for (let u = 0; u < 9; u++) {
    const row = new Set(), col = new Set(), box = new Set();
    for (let k = 0; k < 9; k++) {
      row.add(solution[9 * u + k]);
      col.add(solution[9 * k + u]);
      box.add(solution[27 * Math.floor(u / 3) + 3 * (u % 3) + 9 * Math.floor(k / 3) + (k % 3)]);
    }
    if (row.size !== 9 || col.size !== 9 || box.size !== 9) return false;
  }
  return true;
}

console.log(`node ${process.version}, ${runs} runs each, best reported, seconds of CPU time`);
for (const file of files) {
  const puzzles = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const best = new Map();
  for (let run = 0; run < runs; run++) {
    for (const [name, solver] of solvers) {
      // CPU time of the process (this thread solves; V8's helpers add little): on a
      // loaded machine it varies far less than wall time.
      const start = process.cpuUsage();
      const solutions = solver.solveMany(puzzles);
      const used = process.cpuUsage(start);
      const seconds = (used.user + used.system) / 1e6;
      if (run === 0) {
        const wrong = solutions.findIndex((s, i) => s === null || !solves(s, puzzles[i].replace(/[^1-9.0_*]/g, '')));
        if (wrong >= 0) throw new Error(`${name}: puzzle ${wrong} of ${file} not solved`);
      }
      best.set(name, Math.min(best.get(name) ?? Infinity, seconds));
    }
  }
  for (const [name, seconds] of best) {
    const rate = Math.round(puzzles.length / seconds);
    console.log(`${basename(file)}\t${name}\t${puzzles.length} puzzles\t${seconds.toFixed(3)} s\t${rate} puzzles/s`);
  }
}
