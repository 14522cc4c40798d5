// rate, hint, explain, propagate and generate: the Python package's vocabulary, the
// library's Step JSON, Norvig's candidate grid, seeded generation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as bitdoku from '../index.js';
import { GRID1, GRID1_SOLUTION, here, puzzleLines, root, sharedSet, solves } from './helpers.mjs';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const STEP_KEYS = ['technique', 'difficulty', 'placement', 'eliminations', 'cells', 'candidates', 'units', 'digits', 'links', 'text'];
const SQUARE = /^[A-I][1-9]$/;

test('rate: the Python package dict, in its order', () => {
  const rating = bitdoku.rate(EASY);
  assert.deepEqual(Object.keys(rating), ['status', 'er', 'ep', 'ed', 'technique', 'ep_technique', 'ed_technique', 'level', 'label', 'steps', 'solution']);
  assert.deepEqual([rating.status, rating.er, rating.ep, rating.ed, rating.level, rating.label], ['rated', 1.2, 1.2, 1.2, 1, 'easy']);
  assert.equal(rating.technique, 'Hidden Single');
  assert.ok(solves(rating.solution, EASY));
  assert.deepEqual(bitdoku.rate('.'.repeat(81)), { status: 'not-unique', solution: bitdoku.solve('.'.repeat(81)) });
});

test('rate: a solved grid is solved, ER 0.0 (issue 36, 4: it was stalled)', () => {
  const rating = bitdoku.rate(GRID1_SOLUTION);
  assert.deepEqual(
    [rating.status, rating.er, rating.ep, rating.ed, rating.steps, rating.technique],
    ['solved', 0, 0, 0, 0, 'solved'],
  );
  assert.equal(rating.solution, GRID1_SOLUTION);
  assert.equal(bitdoku.hint(GRID1_SOLUTION), null);
});

test('rate: {timeout} seconds, as the command line and Python: timed-out, with lower bounds (issue 36, 2)', () => {
  // The 11th of Norvig's top95, rated 8.5 (region forcing chains): some 50 ms here.
  const chains = '6..3.2....5.....1..........7.26............543.........8.15........4.2........7..';
  const full = bitdoku.rate(chains);
  assert.deepEqual(bitdoku.rate(chains, { timeout: 600 }), full);
  const cut = bitdoku.rate(chains, { timeout: 0.001 });
  assert.equal(cut.status, 'timed-out');
  assert.deepEqual(Object.keys(cut), Object.keys(full));
  assert.ok(cut.steps < full.steps && cut.er <= full.er && cut.level <= full.level, JSON.stringify(cut));
  assert.equal(cut.solution, full.solution);
  for (const bad of [0, -1, NaN, Infinity]) {
    assert.throws(() => bitdoku.rate(chains, { timeout: bad }), { name: 'RangeError', message: /^timeout=/ });
  }
  assert.throws(() => bitdoku.rate(chains, { timeout: '1' }), TypeError);
  assert.throws(() => bitdoku.rate(chains, { timout: 1 }), { name: 'TypeError', message: /unknown option timout/ });
  assert.throws(() => bitdoku.rate(chains, null), TypeError);
});

test("rate gives Sudoku Explainer's ER, EP, ED and technique on se-rated-public.txt", (t) => {
  const lines = sharedSet(t, 'se-rated-public.txt');
  if (!lines) return;
  let checked = 0;
  for (const line of lines) {
    const [puzzle, ratings, ...technique] = line.split(/\s+/);
    const [er, ep, ed] = ratings.split('/').map(Number);
    const rating = bitdoku.rate(puzzle);
    assert.deepEqual([rating.status, rating.er, rating.ep, rating.ed], ['rated', er, ep, ed], line);
    assert.equal(rating.technique, technique.join(' '), line);
    checked++;
  }
  assert.ok(checked >= 300, `${checked} puzzles checked`);
});

test('explain: the solve path as Step objects that replay to the solution', () => {
  const steps = bitdoku.explain(GRID1);
  assert.ok(steps.length > 20);
  const grid = [...GRID1];
  const marks = new Map();
  for (const step of steps) {
    assert.deepEqual(Object.keys(step), STEP_KEYS);
    assert.equal(typeof step.technique, 'string');
    assert.ok(step.difficulty >= 1 && step.difficulty <= 20);
    assert.ok(step.cells.every((c) => SQUARE.test(c)));
    assert.ok([...step.candidates, ...step.eliminations].every((c) => SQUARE.test(c.square) && c.digit >= 1 && c.digit <= 9));
    assert.ok(step.text.startsWith(step.technique));
    assert.ok(step.placement || step.eliminations.length > 0, step.text);
    for (const { square, digit } of step.eliminations) {
      marks.set(`${square}${digit}`, true);
      assert.notEqual(GRID1_SOLUTION[index(square)], String(digit), `${step.text} removes the solution's digit`);
    }
    if (step.placement) {
      const { square, digit } = step.placement;
      assert.equal(GRID1_SOLUTION[index(square)], String(digit), step.text);
      grid[index(square)] = String(digit);
    }
  }
  assert.equal(grid.join(''), GRID1_SOLUTION);
});

function index(square) {
  return 9 * (square.charCodeAt(0) - 65) + Number(square[1]) - 1;
}

test("path: explain's steps, each with the grid it starts from, ending solved", () => {
  const stages = bitdoku.path(GRID1);
  const steps = bitdoku.explain(GRID1);
  assert.equal(stages.length, steps.length + 1);
  assert.deepEqual(stages.slice(0, -1).map((s) => s.step), steps);
  assert.equal(stages.at(-1).step, null);
  assert.equal(stages.at(-1).values, GRID1_SOLUTION);
  assert.equal(stages[0].values, GRID1);
  stages.forEach((stage, k) => {
    assert.deepEqual(Object.keys(stage), ['values', 'candidates', 'step']);
    assert.equal(stage.candidates.length, 81);
    for (let s = 0; s < 81; s++) {
      // The solution's digit is never removed, and a solved square is its digit.
      assert.ok(stage.candidates[s].includes(GRID1_SOLUTION[s]), `stage ${k}, square ${s}`);
      if (stage.values[s] !== '.') assert.equal(stage.candidates[s], stage.values[s]);
    }
    const next = stages[k + 1];
    if (!next) return;
    // Each step's eliminations are candidates before it and gone after it.
    for (const { square, digit } of stage.step.eliminations) {
      assert.ok(stage.candidates[index(square)].includes(String(digit)), stage.step.text);
      assert.ok(!next.candidates[index(square)].includes(String(digit)), stage.step.text);
    }
    if (stage.step.placement) {
      const { square, digit } = stage.step.placement;
      assert.equal(next.values[index(square)], String(digit), stage.step.text);
    }
  });
});

test('hint: the first step of explain, null when solved', () => {
  assert.deepEqual(bitdoku.hint(GRID1), bitdoku.explain(GRID1)[0]);
  assert.equal(bitdoku.hint(GRID1_SOLUTION), null);
});

test("propagate: Norvig's candidate grid of grid2, as his essay prints it", () => {
  // "Solving Every Sudoku Puzzle", display(parse_grid(grid2)).
  const essay = `
   4      1679   12679  |  139     2369    269   |   8      1239     5
 26789     3    1256789 | 14589   24569   245689 | 12679    1249   124679
  2689   15689   125689 |   7     234569  245689 | 12369   12349   123469
------------------------+------------------------+------------------------
  3789     2     15789  |  3459   34579    4579  | 13579     6     13789
  3679   15679   15679  |  359      8     25679  |   4     12359   12379
 36789     4     56789  |  359      1     25679  | 23579   23589   23789
------------------------+------------------------+------------------------
  289      89     289   |   6      459      3    |  1259     7     12489
   5      6789     3    |   2      479      1    |   69     489     4689
   1      6789     4    |  589     579     5789  | 23569   23589   23689`;
  const expected = essay.split(/[\s|]+/).filter((w) => /^[1-9]+$/.test(w));
  assert.equal(expected.length, 81);
  assert.deepEqual(bitdoku.propagate(GRID1), expected);
  assert.ok(bitdoku.propagate(EASY).every((c) => c.length === 1));
  // The givens of a boxed grid, as a line.
  const boxed = GRID1.match(/.{9}/g).map((row) => row.replace(/(...)(?=.)/g, '$1 | ')).join('\n');
  assert.equal(bitdoku.givens(boxed), GRID1);
  assert.equal(bitdoku.givens(GRID1.replaceAll('.', '0')), GRID1);
  assert.equal(bitdoku.propagate('12345678.........9' + '.'.repeat(63)), null);
});

test('generate: unique puzzles, the same for the same seed, with the symmetry and level asked for', () => {
  const a = bitdoku.generate(3, { seed: 42 });
  assert.deepEqual(bitdoku.generate(3, { seed: 42n }), a);
  assert.notDeepEqual(bitdoku.generate(3, { seed: 43 }), a);
  assert.ok(a.every((p) => bitdoku.isUnique(p)));
  const mirrored = bitdoku.generate(2, { seed: 7, symmetry: 'mirror', level: 2 });
  for (const p of mirrored) {
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        assert.equal(p[9 * r + c] === '.', p[9 * r + 8 - c] === '.', `${p} is not mirrored`);
      }
    }
    assert.equal(bitdoku.rate(p).level, 2);
  }
  const few = bitdoku.generate(1, { seed: 1, clues: 30 })[0];
  assert.ok([...few].filter((c) => c !== '.').length <= 30);
  assert.deepEqual(bitdoku.generate(0), []);
  // Random seeds differ.
  assert.notDeepEqual(bitdoku.generate(2), bitdoku.generate(2));
});

test('generate: the known puzzles of a seed, as the command line and Python give them', () => {
  // puzzles/generated.txt (issue 36: these once differed from the others').
  const runs = new Map();
  for (const line of puzzleLines(join(root, 'puzzles', 'generated.txt'))) {
    const [seed, level, puzzle] = line.split(':');
    const options = level === '' ? { seed: Number(seed) } : { seed: Number(seed), level: Number(level) };
    const key = JSON.stringify(options);
    if (!runs.has(key)) runs.set(key, { options, puzzles: [] });
    runs.get(key).puzzles.push(puzzle);
  }
  assert.ok(runs.size >= 3);
  for (const [key, { options, puzzles }] of runs) {
    assert.deepEqual(bitdoku.generate(puzzles.length, options), puzzles, key);
  }
});

test('index.d.ts declares exactly the exports index.js has', () => {
  const types = readFileSync(join(here, 'index.d.ts'), 'utf8');
  const declared = new Set([...types.matchAll(/^export (?:const|function|class) (\w+)/gm)].map((m) => m[1]));
  declared.add('default');
  assert.deepEqual([...declared].sort(), Object.keys(bitdoku).sort());
  const methods = [...types.matchAll(/^ {2}(?:readonly )?(\w+)[(:]/gm)].map((m) => m[1]);
  const instance = bitdoku.default;
  for (const name of ['version', 'backend', 'solve', 'solveMany', 'count', 'countMany', 'isUnique', 'rate', 'hint', 'explain', 'path', 'givens', 'propagate', 'norvigSolve', 'generate']) {
    assert.ok(methods.includes(name), `index.d.ts: Bitdoku.${name}`);
    assert.ok(name in instance, `index.js: ${name}`);
  }
});
