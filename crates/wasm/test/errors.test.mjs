// Bad input: PuzzleError with line, column and reason (the Python package's words),
// index in batches; TypeError and RangeError for bad arguments; a trap does not break
// the next call.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import bitdokuDefault, * as bitdoku from '../index.js';
import { GRID1, GRID1_SOLUTION, root } from './helpers.mjs';

const { PuzzleError, UnansweredError } = bitdoku;

function caught(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail('expected an exception');
}

test('a short puzzle: PuzzleError at its start, with the reason', () => {
  const e = caught(() => bitdoku.solve(GRID1.slice(0, 80)));
  assert.ok(e instanceof PuzzleError && e instanceof Error);
  assert.equal(e.name, 'PuzzleError');
  assert.deepEqual([e.line, e.column, e.index], [1, 1, null]);
  assert.equal(e.reason, 'too few squares: found 80, a puzzle has 81');
  assert.equal(e.message, 'line 1, column 1: too few squares: found 80, a puzzle has 81');
});

test('a repeated given: at the second one', () => {
  const repeated = GRID1.replace('4.....8.5', '4....48.5');
  const e = caught(() => bitdoku.solve(repeated));
  assert.deepEqual([e.line, e.column], [1, 6]);
  assert.equal(e.reason, 'digit 4 is given twice in row A (A1 and A6)');
  for (const call of [bitdoku.count, bitdoku.isUnique, bitdoku.rate, bitdoku.explain, bitdoku.hint, bitdoku.propagate, bitdoku.norvigSolve]) {
    assert.throws(() => call(repeated), { name: 'PuzzleError', line: 1, column: 6 });
  }
});

test('a bad character inside a boxed grid: its line and column', () => {
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push(GRID1.slice(9 * r, 9 * r + 9));
  rows[2] = rows[2].slice(0, 4) + 'x' + rows[2].slice(5);
  const e = caught(() => bitdoku.solve(rows.join('\n')));
  assert.deepEqual([e.line, e.column], [3, 5]);
  assert.match(e.reason, /^unexpected character 'x'/);
});

test('batch calls: the first bad puzzle, with its index', () => {
  const e = caught(() => bitdoku.solveMany([GRID1, GRID1, 'x' + GRID1.slice(1)]));
  assert.equal(e.index, 2);
  assert.deepEqual([e.line, e.column], [1, 1]);
  assert.match(e.message, /^puzzle 2: line 1, column 1: unexpected character 'x'/);
  assert.equal(caught(() => bitdoku.countMany(['', GRID1])).index, 0);
});

test('every hostile record either answers or throws PuzzleError', () => {
  const text = readFileSync(join(root, 'puzzles', 'hostile.txt'), 'utf8');
  let answered = 0;
  let refused = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.startsWith('\ufeff#') || !line.trim()) continue;
    try {
      bitdoku.solve(line);
      answered++;
    } catch (e) {
      assert.ok(e instanceof PuzzleError, `${JSON.stringify(line)}: ${e}`);
      assert.ok(e.line >= 1 && e.column >= 1 && e.reason);
      refused++;
    }
  }
  assert.ok(answered > 0 && refused > 10, `${answered} answered, ${refused} refused`);
});

test('arguments: TypeError for the wrong type, RangeError for the wrong value', () => {
  assert.throws(() => bitdoku.solve(42), TypeError);
  assert.throws(() => bitdoku.solve(), TypeError);
  assert.throws(() => bitdoku.solveMany(GRID1), { name: 'TypeError', message: /not one string/ });
  assert.throws(() => bitdoku.solveMany([GRID1, 7]), { name: 'TypeError', message: /at index 1/ });
  assert.throws(() => bitdoku.count(GRID1, -1), RangeError);
  assert.throws(() => bitdoku.count(GRID1, 1.5), TypeError);
  assert.throws(() => bitdoku.generate(1, { clues: 5 }), { name: 'RangeError', message: 'clues=5: a unique puzzle has 17 to 81 givens' });
  assert.throws(() => bitdoku.generate(1, { level: 7 }), { name: 'RangeError', message: 'level=7: levels go from 1 to 6' });
  assert.throws(() => bitdoku.generate(1, { level: 2, er: [1, 2] }), { name: 'RangeError', message: 'give level or er, not both' });
  assert.throws(() => bitdoku.generate(1, { er: [5, 4] }), RangeError);
  assert.throws(() => bitdoku.generate(1, { symmetry: 'spiral' }), { name: 'RangeError', message: /^unknown symmetry "spiral" \(one of none, rotate180/ });
  assert.throws(() => bitdoku.generate(1, { simetry: 'mirror' }), { name: 'TypeError', message: /unknown option simetry/ });
  assert.throws(() => bitdoku.generate(1, { seed: -1 }), RangeError);
  assert.throws(() => bitdoku.generate(1, { seed: 2n ** 64n }), RangeError);
});

test('explain and hint of a puzzle without one solution: UnansweredError with the status', () => {
  const none = '12345678.........9' + '.'.repeat(63);
  for (const [puzzle, status] of [['.'.repeat(81), 'not-unique'], [none, 'unsolvable']]) {
    for (const call of [bitdoku.explain, bitdoku.hint]) {
      const e = caught(() => call(puzzle));
      assert.ok(e instanceof UnansweredError && e instanceof Error);
      assert.equal(e.status, status);
      assert.ok(e.message.startsWith(`${status}: `), e.message);
    }
  }
});

test('a trap inside the module throws, and the next call runs on a fresh instance', () => {
  const e = caught(() => bitdokuDefault._panicForTests());
  assert.match(e.message, /internal error in bd_panic_for_tests \(a bug/);
  assert.ok(e.cause instanceof WebAssembly.RuntimeError);
  assert.equal(bitdoku.solve(GRID1), GRID1_SOLUTION);
  assert.equal(bitdoku.explain(GRID1).length > 0, true);
});
