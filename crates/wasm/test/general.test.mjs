// Puzzles for the general engine: every file of ../shared/puzzles/variants in each of
// its formats (sudoku-puzzle JSON as text and as an object, f-puzzles JSON, f-puzzles
// links), true candidates as the command line gives them, parse, and the library's
// messages for bad input. The same cases as crates/python/tests/test_general.py.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as bitdoku from '../index.js';
import { GRID1, GRID1_SOLUTION, puzzleLines, shared } from './helpers.mjs';

const { PuzzleError } = bitdoku;
const variants = join(shared, 'variants');

// 25×25 boards take the longest: their file is left to the command line's tests.
const SLOW = new Set(['classic25']);

const FOUR = '4....2....43...1';
const FOUR_SOLUTION = '4312123421433421';
const OPEN4 = '4....2..........';
// `bitdoku candidates --format json` of OPEN4 and FOUR, as the command line prints them
// (as in crates/python/tests/test_general.py). Its `file`, `line`, `size`, `puzzle` (and
// a unique puzzle's `solution`) are the record's; the rest is the library's summary,
// which trueCandidates gives.
const CLI_CANDIDATES = [
  '{"file":"<stdin>","line":1,"size":4,"puzzle":"4....2..........","status":"multiple","solutions":24,"candidates":["4","13","123","123","13","2","134","134","123","134","1234","1234","123","134","1234","1234"],"fixed":2}',
  '{"file":"<stdin>","line":2,"size":4,"puzzle":"4....2....43...1","status":"unique","solution":"4312123421433421","solutions":1,"candidates":["4","3","1","2","1","2","3","4","2","1","4","3","3","4","2","1"],"fixed":16}',
];
const RECORD_FIELDS = new Set(['file', 'line', 'size', 'puzzle', 'solution']);

const digit = (d) => (d <= 9 ? String(d) : String.fromCharCode(65 + d - 10));

function caught(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail('expected an exception');
}

test('every shared variant file in every format: one solution, the file\'s', (t) => {
  const folder = join(variants, 'sudoku-puzzle');
  if (!existsSync(folder)) {
    if (process.env.CI) throw new Error(`${folder} is missing`);
    t.skip(`${folder} is not here`);
    return;
  }
  const kinds = readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => f.slice(0, -'.jsonl'.length))
    .filter((k) => !SLOW.has(k))
    .sort();
  assert.ok(kinds.length >= 10, kinds.join(' '));
  let solved = 0;
  for (const kind of kinds) {
    const docs = puzzleLines(join(folder, `${kind}.jsonl`));
    const fpuzzles = puzzleLines(join(variants, 'f-puzzles', `${kind}.jsonl`));
    const links = puzzleLines(join(variants, 'f-puzzles', `${kind}.urls`));
    assert.equal(docs.length, fpuzzles.length);
    assert.equal(docs.length, links.length);
    docs.forEach((doc, i) => {
      const solution = JSON.parse(doc).solution.map(digit).join('');
      for (const form of [doc, JSON.parse(doc), fpuzzles[i], JSON.parse(fpuzzles[i]), links[i]]) {
        assert.equal(bitdoku.count(form, 2), 1, `${kind} ${i}`);
        assert.equal(bitdoku.solve(form), solution, `${kind} ${i}`);
        solved++;
      }
    });
    // The batch calls take the same forms, mixed with a classic puzzle, in order.
    const solutions = docs.map((doc) => JSON.parse(doc).solution.map(digit).join(''));
    const mixed = [...docs, ...docs.map((doc) => JSON.parse(doc)), ...links, GRID1];
    assert.deepEqual(bitdoku.solveMany(mixed), [...solutions, ...solutions, ...solutions, GRID1_SOLUTION], kind);
    assert.deepEqual(bitdoku.countMany(mixed), mixed.map(() => 1), kind);
  }
  // Kinds with rules the engine does not read yet are refused by name (above); the
  // others, every puzzle in all five forms.
  assert.ok(solved >= 5 * 100, `${solved}`);
});

test('batch calls name a bad general puzzle by its index', () => {
  const puzzles = [FOUR, OPEN4, GRID1, '4....2....43...5', '{oops'];
  assert.deepEqual(bitdoku.countMany(puzzles.slice(0, 3), 30), [1, 24, 1]);
  assert.deepEqual(bitdoku.solveMany(puzzles.slice(0, 3)), [FOUR_SOLUTION, bitdoku.solve(OPEN4), GRID1_SOLUTION]);
  for (const call of [(p) => bitdoku.solveMany(p), (p) => bitdoku.countMany(p)]) {
    const e = caught(() => call(puzzles));
    assert.ok(e instanceof PuzzleError);
    assert.deepEqual([e.index, e.line, e.column, e.path], [3, null, 16, null]);
    assert.equal(e.message, 'puzzle 3: column 16: 5 is past the largest digit of a 4x4 board, 4');
  }
  assert.equal(caught(() => bitdoku.countMany([FOUR, '{oops'])).index, 1);
  assert.throws(() => bitdoku.solveMany([FOUR, 7]), { name: 'TypeError', message: /at index 1/ });
});

test('puzzles of one layout in turn answer for their own givens', () => {
  // The module keeps its last engine for the next puzzle of the same layout.
  for (let i = 0; i < 3; i++) {
    assert.equal(bitdoku.count(OPEN4, 1000), 24);
    assert.equal(bitdoku.count(FOUR, 1000), 1);
    assert.equal(bitdoku.trueCandidates(FOUR).status, 'unique');
    assert.equal(bitdoku.trueCandidates(OPEN4).status, 'multiple');
  }
  assert.deepEqual(bitdoku.countMany([OPEN4, FOUR, OPEN4, FOUR], 1000), [24, 1, 24, 1]);
});

test('the general engine\'s hand-made rule documents count as recorded', () => {
  // Every file of crates/variants/tests/data, each document with pencilmark's count
  // in meta.count.
  const data = new URL('../../variants/tests/data/', import.meta.url);
  const names = readdirSync(data).filter((n) => n.endsWith('.jsonl')).sort();
  assert.ok(names.length >= 4, names.join());
  for (const name of names) {
    const text = readFileSync(new URL(name, data), 'utf8');
    for (const line of text.split('\n').filter(Boolean)) {
      const doc = JSON.parse(line);
      assert.equal(bitdoku.count(line, 1000), doc.meta.count, `${name}: ${doc.meta.title}`);
    }
  }
});

test('N×N lines and classic documents', () => {
  assert.equal(bitdoku.solve(FOUR), FOUR_SOLUTION);
  assert.equal(bitdoku.count(FOUR), 1);
  assert.equal(bitdoku.isUnique(FOUR), true);
  assert.equal(bitdoku.solve(`${FOUR} my puzzle`), FOUR_SOLUTION);
  assert.equal(bitdoku.count(OPEN4, 1000), 24);
  assert.equal(bitdoku.isUnique(OPEN4), false);
  const doc = {
    format: 'sudoku-puzzle',
    format_version: 1,
    board: { rows: 9, cols: 9 },
    digits: 9,
    givens: [...GRID1].map((c) => (c === '.' ? 0 : Number(c))),
    rules: [{ type: 'box_grid', box: [3, 3], origin: 'r1c1' }],
  };
  assert.equal(bitdoku.solve(doc), GRID1_SOLUTION);
  assert.equal(bitdoku.solve(JSON.stringify(doc)), GRID1_SOLUTION);
  assert.equal(bitdoku.count(doc), 1);
  const none = '.12.....3...4...';
  assert.equal(bitdoku.solve(none), null);
  assert.equal(bitdoku.count(none), 0);
});

test('true candidates are the command line\'s', () => {
  for (const line of CLI_CANDIDATES) {
    const record = JSON.parse(line);
    const cli = Object.fromEntries(Object.entries(record).filter(([k]) => !RECORD_FIELDS.has(k)));
    assert.deepEqual(bitdoku.trueCandidates(record.puzzle), cli);
  }
  const classic = bitdoku.trueCandidates(GRID1);
  assert.equal(classic.status, 'unique');
  assert.equal(classic.candidates.join(''), GRID1_SOLUTION);
  const stopped = bitdoku.trueCandidates(OPEN4, { limit: 1 });
  assert.equal(stopped.status, 'gave-up');
  assert.equal(stopped.undecided.length, 16);
  assert.equal(bitdoku.trueCandidates('.12.....3...4...').status, 'unsolvable');
  assert.throws(() => bitdoku.trueCandidates(OPEN4, { limit: -1 }), RangeError);
  assert.throws(() => bitdoku.trueCandidates(OPEN4, { limits: 1 }), TypeError);
});

test('parse: size, format, givens, clues, title, rules and the carried solution', () => {
  assert.deepEqual(bitdoku.parse(FOUR), {
    size: 4,
    format: 'line',
    givens: FOUR,
    clues: 5,
    title: null,
    rules: 0,
    solution: null,
  });
  const classic = bitdoku.parse(GRID1);
  assert.deepEqual([classic.size, classic.format, classic.givens, classic.clues], [9, 'classic', GRID1, 17]);
  const folder = join(variants, 'f-puzzles');
  if (existsSync(folder)) {
    const link = puzzleLines(join(folder, 'killer_dig.urls'))[0];
    const read = bitdoku.parse(link);
    assert.deepEqual([read.size, read.format], [9, 'link']);
    assert.ok(read.rules > 0 && read.title.length > 0, JSON.stringify(read));
    assert.equal(read.solution, bitdoku.solve(link));
    const doc = JSON.parse(puzzleLines(join(variants, 'sudoku-puzzle', 'killer_dig.jsonl'))[0]);
    assert.equal(bitdoku.parse(doc).format, 'sudoku-puzzle');
    assert.equal(bitdoku.parse(doc).givens, read.givens);
  }
});

test('bad general input: the library\'s message, with the column or the JSON path', () => {
  let e = caught(() => bitdoku.solve('4....2....43...5'));
  assert.ok(e instanceof PuzzleError);
  assert.equal(e.message, 'column 16: 5 is past the largest digit of a 4x4 board, 4');
  assert.deepEqual([e.line, e.column, e.path, e.index], [null, 16, null, null]);
  assert.equal(e.reason, '5 is past the largest digit of a 4x4 board, 4');
  const doc = {
    format: 'sudoku-puzzle',
    format_version: 1,
    board: { rows: 4, cols: 4 },
    digits: 4,
    givens: [4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 3, 0, 0, 0, 1],
    rules: [
      { type: 'box_grid', box: [2, 2], origin: 'r1c1' },
      { type: 'region', kind: 'diagonal', cells: ['r1c1', 'r9c9'] },
    ],
  };
  for (const form of [doc, JSON.stringify(doc)]) {
    e = caught(() => bitdoku.count(form));
    assert.ok(e.message.startsWith('rules[1].cells[1]: "r9c9" is not a cell of a 4x4 board'), e.message);
    assert.deepEqual([e.path, e.column], ['rules[1].cells[1]', null]);
  }
  assert.throws(() => bitdoku.isUnique('{oops'), { name: 'PuzzleError', message: /^not JSON/ });
  assert.throws(() => bitdoku.trueCandidates({ rows: 4 }), { name: 'PuzzleError', message: /neither a sudoku-puzzle document/ });
  assert.throws(() => bitdoku.parse('44..............'), { name: 'PuzzleError' });
  assert.throws(() => bitdoku.solve('44..............'), { name: 'PuzzleError' });
  // The classic path keeps its own errors and positions.
  e = caught(() => bitdoku.solve(GRID1.slice(0, 80)));
  assert.deepEqual([e.line, e.column, e.path], [1, 1, null]);
  for (const bad of [7, null, [GRID1], undefined]) {
    assert.throws(() => bitdoku.solve(bad), TypeError);
  }
  // The classic-only calls still take strings only.
  assert.throws(() => bitdoku.rate(doc), TypeError);
});

test('generate: any board, as the command line and Python make it', () => {
  // The same seed and options give `bitdoku generate`'s puzzles (crates/cli/tests), and
  // Python's (crates/python/tests/test_general.py).
  const sixes = bitdoku.generate(2, { seed: 1, size: 6 });
  // bitdoku generate -n 2 --seed 1 --size 6
  assert.deepEqual(sixes, ['..2...5..3.643.........1.....42.....', '.6.5.....4....5.1.2......2....4..6.5']);
  for (const p of sixes) assert.equal(bitdoku.count(p, 2), 1);
  const options = { seed: 3, size: 6, killer: true, thermos: 2, kropki: 'all' };
  const [doc] = bitdoku.generate(1, options);
  const kinds = new Set(JSON.parse(doc).rules.map((r) => r.type));
  // Cages, thermometers (lines), kropki dots (edges) and no dot meaning neither.
  for (const kind of ['cage', 'line', 'edge', 'negative']) assert.ok(kinds.has(kind), [...kinds].join(' '));
  assert.equal(bitdoku.count(doc, 2), 1);
  const [link] = bitdoku.generate(1, { ...options, format: 'link' });
  assert.ok(link.startsWith('https://f-puzzles.com/?load='), link);
  assert.equal(bitdoku.count(link, 2), 1);
  assert.equal(bitdoku.solve(link), bitdoku.solve(doc));
  // The library's messages, as RangeErrors (a bad argument); wrong types are TypeErrors.
  for (const [bad, message] of [
    [{ size: 7 }, /no usual boxes/],
    [{ size: 6, level: 3 }, /^level is for classic 9x9 puzzles$/],
    [{ size: 6, minimal: true, er: [2, 3] }, /^er and minimal are for classic 9x9 puzzles$/],
    [{ size: 6, box: '2y3' }, /ROWSxCOLS/],
    [{ size: 6, format: 'svg' }, /^unknown format "svg"/],
    [{ size: 6, kropki: 'some' }, /^kropki="some": give a number of marks or "all"$/],
    [{ killer: 30 }, /killer cages of 30 cells/],
  ]) {
    assert.throws(() => bitdoku.generate(1, { seed: 1, ...bad }), { name: 'RangeError', message }, JSON.stringify(bad));
  }
  for (const bad of [{ size: '6' }, { jigsaw: 1 }, { killer: 'yes' }, { box: [2, 3] }, { xv: null }]) {
    assert.throws(() => bitdoku.generate(1, bad), TypeError, JSON.stringify(bad));
  }
});
