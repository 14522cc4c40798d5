// solve, solveMany, count, countMany, isUnique on real puzzle files: every solution
// checked, every count against a known answer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as bitdoku from '../index.js';
import { GRID1, GRID1_SOLUTION, puzzleLines, root, sharedSet, solves } from './helpers.mjs';

test('the package runs the SIMD128 back-end', () => {
  assert.equal(bitdoku.backend, 'simd128');
  const cargo = readFileSync(join(root, 'Cargo.toml'), 'utf8');
  assert.equal(bitdoku.version, /^version = "(.*)"$/m.exec(cargo)[1]);
});

test('solve gives the first solution, count and isUnique agree', () => {
  assert.equal(bitdoku.solve(GRID1), GRID1_SOLUTION);
  assert.equal(bitdoku.count(GRID1), 1);
  assert.equal(bitdoku.isUnique(GRID1), true);
  // A boxed grid over several lines is one puzzle too.
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push(GRID1.slice(9 * r, 9 * r + 9).replace(/(...)(?=.)/g, '$1 | '));
  assert.equal(bitdoku.solve(rows.join('\n')), GRID1_SOLUTION);
});

test('known answers: puzzles/known-answers.txt, count and solution', () => {
  const lines = puzzleLines(join(root, 'puzzles', 'known-answers.txt'));
  assert.ok(lines.length >= 10);
  for (const line of lines) {
    const [puzzle, count, solution] = line.split(':');
    if (count === 'invalid') {
      assert.throws(() => bitdoku.count(puzzle, 2), bitdoku.PuzzleError, puzzle);
      continue;
    }
    const atLeast = count.endsWith('+');
    const n = Number.parseInt(count, 10);
    const counted = bitdoku.count(puzzle, atLeast ? n : n + 1);
    assert.equal(counted, n, puzzle);
    assert.equal(bitdoku.isUnique(puzzle), n === 1 && !atLeast, puzzle);
    const first = bitdoku.solve(puzzle);
    if (n === 0) assert.equal(first, null, puzzle);
    else assert.ok(solves(first, puzzle), puzzle);
    if (solution) assert.equal(first, solution, puzzle);
  }
});

for (const name of ['norvig-easy50.txt', 'norvig-top95.txt', 'norvig-hardest.txt', 'magictour-top1465.txt', '17-clue.txt']) {
  test(`${name}: every puzzle solved, unique, Norvig's solver agrees on the small sets`, (t) => {
    const puzzles = sharedSet(t, name);
    if (!puzzles) return;
    const solutions = bitdoku.solveMany(puzzles);
    assert.equal(solutions.length, puzzles.length);
    solutions.forEach((s, i) => assert.ok(solves(s, puzzles[i]), `${name} puzzle ${i}`));
    assert.ok(bitdoku.countMany(puzzles).every((n) => n === 1), 'every puzzle unique');
    if (puzzles.length <= 100) {
      puzzles.forEach((p, i) => assert.equal(bitdoku.norvigSolve(p), solutions[i], `${name} puzzle ${i}`));
    }
  });
}

test('multi-16-clue.txt: every puzzle has two solutions or more', (t) => {
  const puzzles = sharedSet(t, 'multi-16-clue.txt');
  if (!puzzles) return;
  const first = puzzles.slice(0, 5000);
  assert.ok(bitdoku.countMany(first).every((n) => n === 2));
  assert.ok(bitdoku.countMany(first, 1).every((n) => n === 1));
  assert.ok(first.slice(0, 200).every((p) => !bitdoku.isUnique(p)));
});

test('a limit of 0 is read as 1, as everywhere in bitdoku', () => {
  const empty = '.'.repeat(81);
  assert.equal(bitdoku.count(empty, 0), 1);
  assert.equal(bitdoku.count(empty, 5), 5);
  assert.deepEqual(bitdoku.countMany([empty, GRID1], 0), [1, 1]);
});

test('a pencilmark (729-character) puzzle is searched from its candidates', () => {
  const [line] = puzzleLines(join(root, 'puzzles', 'pencilmark-no-solution.txt'));
  assert.equal(line.length, 729);
  assert.equal(bitdoku.solve(line), null);
  assert.equal(bitdoku.count(line), 0);
  assert.equal(bitdoku.rate(line).status, 'unsolvable');
  // grid1 with every candidate left: its one solution.
  const full = [...GRID1]
    .map((c) => (c === '.' ? '123456789' : '.........'.slice(0, Number(c) - 1) + c + '.........'.slice(Number(c))))
    .join('');
  assert.equal(full.length, 729);
  assert.equal(bitdoku.solve(full), GRID1_SOLUTION);
  assert.equal(bitdoku.count(full), 1);
  assert.equal(bitdoku.norvigSolve(full), GRID1_SOLUTION);
});

test('instantiate: another instance, from bytes, gives the same answers', async () => {
  const other = await bitdoku.instantiate(readFileSync(new URL('../bitdoku.wasm', import.meta.url)));
  assert.equal(other.solve(GRID1), GRID1_SOLUTION);
  assert.equal(other.backend, 'simd128');
  const { solve } = other;
  assert.equal(solve(GRID1), GRID1_SOLUTION, 'the calls are bound');
});

test('the portable module (npm run build -- --portable), when built, gives the same answers', async (t) => {
  const url = new URL('../build/bitdoku-portable.wasm', import.meta.url);
  let bytes;
  try {
    bytes = readFileSync(url);
  } catch {
    t.skip('build/bitdoku-portable.wasm is not built');
    return;
  }
  const portable = await bitdoku.instantiate(bytes);
  assert.equal(portable.backend, 'portable');
  const lines = puzzleLines(join(root, 'puzzles', 'known-answers.txt')).map((l) => l.split(':')[0]);
  for (const p of lines) {
    let expected;
    try {
      expected = bitdoku.count(p, 3);
    } catch (e) {
      assert.throws(() => portable.count(p, 3), { message: e.message });
      continue;
    }
    assert.equal(portable.count(p, 3), expected, p);
    assert.equal(portable.solve(p), bitdoku.solve(p), p);
  }
});
