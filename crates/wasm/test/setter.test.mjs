// The setter's page's reading of a puzzle (www/board.js, www/lzstring.js), against the
// solver's: every shared variant puzzle, as a link, f-puzzles JSON and sudoku-puzzle
// JSON, gives the same board, and a link's data is what the solver reads in it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import * as bitdoku from '../index.js';
import { boardOf, linkData } from '../www/board.js';
import { decompressFromBase64 } from '../www/lzstring.js';
import { puzzleLines, shared } from './helpers.mjs';

const variants = join(shared, 'variants');

/** A board without its origin: what is drawn. */
function drawn(board) {
  const elements = board.elements.map(({ rule, ...e }) => JSON.stringify(e)).sort();
  return { size: board.size, regions: board.regions, givens: board.givens, elements, notes: board.notes, notDrawn: board.notDrawn };
}

test('every shared variant puzzle: the same board from a link, f-puzzles and sudoku-puzzle JSON', (t) => {
  const folder = join(variants, 'sudoku-puzzle');
  if (!existsSync(folder)) {
    if (process.env.CI) throw new Error(`${folder} is missing`);
    t.skip(`${folder} is not here`);
    return;
  }
  let boards = 0;
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.jsonl'))) {
    const kind = file.slice(0, -'.jsonl'.length);
    const docs = puzzleLines(join(folder, file));
    const fpuzzles = puzzleLines(join(variants, 'f-puzzles', `${kind}.jsonl`));
    const links = puzzleLines(join(variants, 'f-puzzles', `${kind}.urls`));
    for (const [i, link] of links.entries()) {
      // The link's data, read by the solver, is the link as the solver reads it.
      const { format, ...read } = bitdoku.parse(link);
      assert.deepEqual({ ...bitdoku.parse(linkData(link)), format }, { ...read, format }, `${kind} ${i + 1}: the link's data`);
      const [a, b, c] = [link, fpuzzles[i], docs[i]].map((text) => drawn(boardOf(text, bitdoku.parse(text))));
      assert.deepEqual(a, b, `${kind} ${i + 1}: link and f-puzzles`);
      // A few jigsaws are written in sudoku-puzzle as nine extra regions (without boxes),
      // and drawn so.
      if (c.regions.every((r) => r === 0)) {
        assert.equal(c.elements.length, 9, `${kind} ${i + 1}: a jigsaw as extra regions`);
        continue;
      }
      // The readers number jigsaw pieces in their own order: compare which cells share one.
      const same = (regions) => regions.map((r) => regions.indexOf(r));
      assert.deepEqual({ ...c, regions: same(c.regions) }, { ...b, regions: same(b.regions) }, `${kind} ${i + 1}: sudoku-puzzle and f-puzzles`);
      assert.deepEqual(b.notDrawn, [], `${kind} ${i + 1}: everything drawn`);
      boards++;
    }
  }
  assert.ok(boards >= 100, `${boards} boards`);
});

test('links the page cannot decode, and a SudokuPad link', () => {
  assert.equal(decompressFromBase64('N4Ig'), null);
  assert.equal(decompressFromBase64('not base64!'), null);
  assert.equal(linkData('https://sudokupad.app/abcdef'), null);
  const data = puzzleLines(join(variants, 'f-puzzles', 'classic4.urls'))[0].split('load=')[1];
  const text = decompressFromBase64(decodeURIComponent(data));
  assert.equal(linkData(`https://sudokupad.app/fpuzzles${data}`), text);
  assert.equal(linkData(`https://sudokupad.app/?puzzleid=fpuzzles${data}`), text);
});

test('outside clues, sum clues, cell marks and given candidates are drawn, the same from both formats', () => {
  // A 6×6 with every such mark (e2e/setter.mjs opens it in the page too).
  const text = readFileSync(new URL('./marks.json', import.meta.url), 'utf8').trim();
  const board = boardOf(text, bitdoku.parse(text));
  assert.deepEqual(board.notDrawn, []);
  const shown = (b) => b.elements.map(({ rule, ...e }) => JSON.stringify(e)).sort();
  const expected = [
    { type: 'outside', at: [-1, 1], text: '5' },
    { type: 'outside', at: [0, -1], text: '10' },
    { type: 'outside', at: [2, 6], text: '3' },
    { type: 'outside', at: [-1, 2], text: '12↘' },
    { type: 'cage', cells: [24, 31], label: 'Σ7' },
    { type: 'cage', cells: [32, 33], label: '=' },
    { type: 'cage', cells: [26], label: '=' },
    { type: 'tag', cells: [6], corner: 'top', text: '≤3' },
    { type: 'tag', cells: [8], corner: 'top', text: '{1,4}' },
    { type: 'tag', cells: [21], corner: 'top', text: '≠3' },
    { type: 'tag', cells: [29], corner: 'bottom', text: '23' },
    { type: 'letter', cells: [18, 19], text: '+7' },
    { type: 'pair', cells: [14, 28], text: '+7' },
    { type: 'quad', cells: [16, 17, 22, 23], text: '12' },
  ];
  assert.deepEqual(shown(board), expected.map((e) => JSON.stringify(e)).sort());
  assert.deepEqual(board.notes, ['negative constraint (xv)']);
  // What f-puzzles can say of it (the clues beside whole rows, columns and diagonals,
  // the given candidates) is drawn the same from f-puzzles JSON.
  const grid = Array.from({ length: 6 }, (_, r) => Array.from({ length: 6 }, (_, c) =>
    (r === 4 && c === 5 ? { givenPencilMarks: [2, 3] } : {})));
  const fpuzzles = JSON.stringify({
    size: 6,
    grid,
    sandwichsum: [{ cell: 'R0C2', value: '5' }],
    xsum: [{ cell: 'R1C0', value: '10' }],
    skyscraper: [{ cell: 'R3C7', value: '3' }],
    littlekillersum: [{ cell: 'R0C3', direction: 'DR', cells: ['R1C4', 'R2C5', 'R3C6'], value: '12' }],
    quadruple: [{ cells: ['R3C5', 'R3C6', 'R4C5', 'R4C6'], values: [1, 2] }],
    minimum: [{ cell: 'R6C6' }],
  });
  const fboard = boardOf(fpuzzles, bitdoku.parse(fpuzzles));
  assert.deepEqual(fboard.notDrawn, []);
  const minimum = JSON.stringify({ type: 'tag', cells: [35], corner: 'top', text: 'min' });
  assert.deepEqual(shown(fboard), [...shown(board).filter((e) => !/"cage"|"top"|"\+7"/.test(e)), minimum].sort());
});

test('clones, indexers, double arrows and nabner lines are drawn, the same from both formats', () => {
  const grid = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ({})));
  const fpuzzles = JSON.stringify({
    size: 4,
    grid,
    clone: [{ cells: ['R1C1', 'R1C2'], cloneCells: ['R3C3', 'R3C4'] }],
    columnindexer: [{ cells: ['R2C1'] }],
    rowindexer: [{ cells: ['R4C4'] }],
    doublearrow: [{ lines: [['R4C1', 'R4C2', 'R4C3']] }],
    nabner: [{ lines: [['R2C2', 'R2C3']] }],
    fogofwar: ['R1C1'],
    foglight: ['R1C1'],
  });
  const board = boardOf(fpuzzles, bitdoku.parse(fpuzzles));
  assert.deepEqual(board.notDrawn, []);
  assert.deepEqual(board.notes, ['fog of war (every clue shown)']);
  const shown = (b) => b.elements.map(({ rule, ...e }) => JSON.stringify(e)).sort();
  const line = { type: 'line', style: 'double_arrow', lines: [[12, 13, 14]] };
  const clone = { type: 'tag', cells: [0, 1, 10, 11], corner: 'top', text: '≡A' };
  assert.deepEqual(shown(board), [
    clone, line,
    { type: 'line', style: 'nabner', lines: [[5, 6]] },
    { type: 'tag', cells: [4], corner: 'top', text: '↔' },
    { type: 'tag', cells: [15], corner: 'top', text: '↕' },
  ].map((e) => JSON.stringify(e)).sort());
  // The clone and the line from sudoku-puzzle JSON (it has no indexers).
  const doc = JSON.stringify({
    format: 'sudoku-puzzle', format_version: 1, board: { rows: 4, cols: 4 }, digits: 4, givens: Array(16).fill(0),
    rules: [{ type: 'box_grid', box: [2, 2], origin: 'r1c1' },
      { type: 'clone', regions: [['r1c1', 'r1c2'], ['r3c3', 'r3c4']] },
      { type: 'line', kind: 'double_arrow', cells: ['r4c1', 'r4c2', 'r4c3'] }],
  });
  const sp = boardOf(doc, bitdoku.parse(doc));
  assert.deepEqual(sp.notDrawn, []);
  assert.deepEqual(shown(sp), [clone, line].map((e) => JSON.stringify(e)).sort());
});

test('counts, first-seen, appears and isomorphic rules are drawn', () => {
  const doc = JSON.stringify({
    format: 'sudoku-puzzle', format_version: 1, board: { rows: 4, cols: 4 }, digits: 4, givens: Array(16).fill(0),
    rules: [{ type: 'box_grid', box: [2, 2], origin: 'r1c1' },
      { type: 'count', kind: 'circles', cells: ['r1c1', 'r2c3'] },
      { type: 'count', counts: [[2, 1]], cells: ['r3c1', 'r3c2'] },
      { type: 'distinct_count', value: 2, side: 'top', cells: ['r1c2', 'r2c3', 'r3c4'] },
      { type: 'first_seen', value: 1, digits: [1, 2], side: 'left', cells: ['r4c1', 'r4c2', 'r4c3', 'r4c4'] },
      { type: 'appears', source: 'r1c4', cells: ['r2c1', 'r2c2'] },
      { type: 'isomorphic', regions: [['r3c3'], ['r4c4']] }],
  });
  const board = boardOf(doc, bitdoku.parse(doc));
  assert.deepEqual(board.notDrawn, []);
  const shown = board.elements.map(({ rule, ...e }) => JSON.stringify(e)).sort();
  assert.deepEqual(shown, [
    { type: 'tag', cells: [0, 6], corner: 'top', text: '○' },
    { type: 'cage', cells: [8, 9], label: '2×1' },
    { type: 'outside', at: [-1, 0], text: '#2↘' },
    { type: 'outside', at: [3, -1], text: '1st1' },
    { type: 'tag', cells: [3], corner: 'top', text: '∈' },
    { type: 'cage', cells: [4, 5], label: '∋' },
    { type: 'tag', cells: [10, 15], corner: 'top', text: '≅1' },
  ].map((e) => JSON.stringify(e)).sort());
});
