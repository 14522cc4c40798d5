// What the tests share: the repository's and the shared puzzle files, and a checker of
// solutions written here, independent of the solver.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = dirname(dirname(fileURLToPath(import.meta.url)));
export const root = resolve(here, '../..');
/** The public puzzle sets: $BITDOKU_PUZZLES, else ../shared/puzzles beside the
 * repository. */
export const shared = process.env.BITDOKU_PUZZLES ?? resolve(root, '..', 'shared', 'puzzles');

/** The puzzle lines of a file (no comments, no blank lines). */
export function puzzleLines(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** A shared set's puzzles, or null (with the test skipped) when the sets are not
 * there; under CI their absence fails the test. */
export function sharedSet(t, name) {
  const path = join(shared, name);
  if (existsSync(path)) return puzzleLines(path);
  if (process.env.CI) throw new Error(`${path} is missing`);
  t.skip(`${path} is not here`);
  return null;
}

/** True if `solution` (81 digits) fills `puzzle` (81 squares) by the rules. */
export function solves(solution, puzzle) {
  if (!/^[1-9]{81}$/.test(solution) || puzzle.length !== 81) return false;
  for (let s = 0; s < 81; s++) {
    if (/[1-9]/.test(puzzle[s]) && puzzle[s] !== solution[s]) return false;
  }
  for (let u = 0; u < 9; u++) {
    const row = new Set();
    const col = new Set();
    const box = new Set();
    for (let k = 0; k < 9; k++) {
      row.add(solution[9 * u + k]);
      col.add(solution[9 * k + u]);
      box.add(solution[27 * Math.floor(u / 3) + 3 * (u % 3) + 9 * Math.floor(k / 3) + (k % 3)]);
    }
    if (row.size !== 9 || col.size !== 9 || box.size !== 9) return false;
  }
  return true;
}

export const GRID1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
export const GRID1_SOLUTION =
  '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
