// What the setter's page draws: a puzzle's board read from the same text the solver
// reads (an f-puzzles or SudokuPad link, f-puzzles JSON, sudoku-puzzle JSON, an N×N or
// classic line), as a plain object:
//
//   {size, regions, givens, elements, notes, notDrawn, solverText}
//
// `regions` is each cell's house (box or jigsaw piece, row-major), `givens` each
// cell's given digit (0 for none), `elements` the marks to draw, each
// `{rule, type, ...}` (`rule` the document's key or rule type, one element a cage, a
// line, a dot...), `notes` the rules that have no mark on the board (anti-knight...),
// `notDrawn` the keys of rules the page cannot draw: the page says so, never drops them.
// The solver itself decides what the puzzle means (bitdoku.parse is asked first, and its
// error is the page's); this file only reads the geometry.
import { decompressFromBase64 } from './lzstring.js';

/** The box of an N×N board without regions: f-puzzles' and the engine's rule (the
 * tallest rectangle of rows × columns that divides N, rows ≤ columns). */
export function defaultBox(n) {
  for (let r = Math.floor(Math.sqrt(n)); r > 1; r--) if (n % r === 0) return [r, n / r];
  return null;
}

/** Each cell's box of a board of side `n` with boxes of `h` × `w`. */
function boxRegions(n, [h, w]) {
  return Array.from({ length: n * n }, (_, i) => Math.floor(Math.floor(i / n) / h) * (n / w) + Math.floor((i % n) / w));
}

/** A cell name (`R1C2`, `r1c2`) as [row, column], 0-based; rows and columns just
 * outside the board (0 and N+1 in the name) are allowed, for clues outside it. */
export function rowCol(name) {
  const m = /^r(\d+)c(\d+)$/i.exec(String(name));
  if (!m) throw new Error(`not a cell: ${name}`);
  return [Number(m[1]) - 1, Number(m[2]) - 1];
}

/** The f-puzzles JSON text a link carries (as crates/variants/src/format/link.rs
 * finds it), or null. */
export function linkData(link) {
  const t = link.trim();
  let data = null;
  const bare = /^(fpuzzles|fpuz)(.*)$/.exec(t);
  if (bare) data = bare[2];
  else if (/f-puzzles\.com/i.test(t)) {
    const query = t.split('?').slice(1).join('?');
    data = query.split(/[&#]/).find((p) => p.startsWith('load='))?.slice(5) ?? null;
  } else if (/sudokupad|crackingthecryptic\.com/i.test(t)) {
    const tail = (t.includes('puzzleid=') ? t.split('puzzleid=')[1] : t.split('/').pop()).split(/[&#]/)[0];
    data = /^(fpuzzles|fpuz)(.*)$/.exec(tail)?.[2] ?? null;
  }
  if (data === null) return null;
  let unescaped;
  try {
    unescaped = decodeURIComponent(data);
  } catch {
    unescaped = data;
  }
  return decompressFromBase64(unescaped.replaceAll(' ', '+'));
}

/** f-puzzles keys whose entries are lines, with the style they are drawn in. */
const FPUZZLES_LINES = {
  thermometer: 'thermo',
  slowthermometer: 'slow_thermo',
  whispers: 'whisper',
  renban: 'renban',
  palindrome: 'palindrome',
  betweenline: 'between',
  entropicline: 'entropic',
  modularline: 'modular',
  zipperline: 'zipper',
  lockout: 'lockout',
  regionsumline: 'region_sum',
  doublearrow: 'double_arrow',
  nabner: 'nabner',
};

/** f-puzzles keys that mark the whole board: written under the grid. */
const FPUZZLES_NOTES = {
  antiknight: 'anti-knight',
  antiking: 'anti-king',
  nonconsecutive: 'non-consecutive',
  disjointgroups: 'disjoint groups',
  fogofwar: 'fog of war (every clue shown)',
};

/** f-puzzles keys that describe or decorate the puzzle and are no rule. */
const FPUZZLES_QUIET = new Set([
  'size', 'grid', 'title', 'author', 'ruleset', 'solution', '_solution', 'highlightConflicts',
  'text', 'rectangle', 'disabledlogic', 'truecandidatesoptions', 'successMessage', 'metaData',
  'foglight',
]);

/** Indexer cells: a tag with the way they point. */
const INDEXERS = { columnindexer: '↔', rowindexer: '↕' };

/** Clones: each cell of the `k`-th clone tagged with its letter. */
function cloneTags(rule, k, regions) {
  return { rule, type: 'tag', cells: regions.flat(), corner: 'top', text: `≡${String.fromCharCode(65 + (k % 26))}` };
}

const LITTLE_KILLER = { UL: '↖', UR: '↗', DL: '↙', DR: '↘' };

function isEmpty(v) {
  return v === null || v === false || v === undefined || (Array.isArray(v) && v.length === 0) ||
    (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
}

/** A cell's given candidates: a tag at the foot of the cell. */
function candidatesTag(rule, cell, digits) {
  return { rule, type: 'tag', cells: [cell], corner: 'bottom', text: digits.join('') };
}

/** One step from the board towards a side, [rows, columns]. */
const OUTWARD = { top: [-1, 0], bottom: [1, 0], left: [0, -1], right: [0, 1] };

/** The place of a clue outside the board (as f-puzzles places it: `R0C3` above column
 * 3) for a sudoku-puzzle rule along `cells` ([row, column] from the clue inwards) from
 * `side`, and the arrow a little killer's clue carries. */
function outsideClue(n, side, cells, diagonal) {
  const [r0, c0] = cells[0];
  if (!diagonal) {
    const [dr, dc] = OUTWARD[side] ?? [0, 0];
    return { at: [r0 + dr, c0 + dc], arrow: '' };
  }
  let step;
  if (cells.length > 1) step = [cells[1][0] - r0, cells[1][1] - c0];
  else if (side === 'top' || side === 'bottom') step = [side === 'top' ? 1 : -1, c0 === n - 1 ? 1 : -1];
  else step = [r0 === n - 1 ? 1 : -1, side === 'left' ? 1 : -1];
  const arrow = LITTLE_KILLER[`${step[0] > 0 ? 'D' : 'U'}${step[1] > 0 ? 'R' : 'L'}`];
  return { at: [r0 - step[0], c0 - step[1]], arrow };
}

/** The label of a sudoku-puzzle pair relation (`op` and its `params`). */
function relationLabel(op, [k] = []) {
  const labels = {
    different: '≠', equal: '=', less: '<', less_equal: '≤', not_consecutive: '¬±1',
    parity_differs: '≠2', difference: `Δ${k}`, not_difference: `¬Δ${k}`,
    difference_at_least: `Δ≥${k}`, difference_at_most: `Δ≤${k}`, ratio: `÷${k}`,
    not_ratio: `¬÷${k}`, sum: `+${k}`, not_sum: `¬+${k}`, product: `×${k}`, not_product: `¬×${k}`,
  };
  return labels[op] ?? op;
}

/** A quadruple (digits that appear among cells): a circle on the corner of a 2×2
 * block, else the cells outlined with the digits. */
function quadruple(rule, n, cells, digits) {
  const sorted = [...cells].sort((a, b) => a - b);
  const c = sorted[0];
  const block = sorted.length === 4 && c % n + 1 < n && [c, c + 1, c + n, c + n + 1].every((x, i) => sorted[i] === x);
  const text = digits.join('');
  return block ? { rule, type: 'quad', cells: sorted, text } : { rule, type: 'cage', cells, label: text };
}

/** The text of a sudoku-puzzle corner mark (battenburg, mathrax, exclude). */
function cornerText(rule) {
  if (rule.kind === 'battenburg') return '▚';
  if (rule.kind === 'exclude') return `≠${rule.value}`;
  if (rule.op === 'even' || rule.op === 'odd') return rule.op === 'even' ? 'E' : 'O';
  return `${{ x: '×', '/': '÷', '-': '−' }[rule.op] ?? rule.op}${rule.value ?? ''}`;
}

/** A rossini arrow as the clue beside the board: where the digits increase. */
function rossiniArrow(side, arrow) {
  const inward = { top: '↓', bottom: '↑', left: '→', right: '←' };
  const outward = { top: '↑', bottom: '↓', left: '←', right: '→' };
  return (arrow === 'out' ? outward : inward)[side] ?? '?';
}

/** The tag of a sudoku-puzzle cell mark other than odd and even. */
function cellTag(rule) {
  const values = rule.values ?? [];
  switch (rule.kind) {
    case 'low': return `≤${rule.split}`;
    case 'high': return `>${rule.split}`;
    case 'set': return `{${values.join(',')}}`;
    case 'exclude': return `≠${values.join(',')}`;
    default: return null;
  }
}

/** The board of an f-puzzles document. */
function fromFpuzzles(doc, board) {
  const n = board.size;
  const cellsOf = (names) => names.map((name) => {
    const [r, c] = rowCol(name);
    return r * n + c;
  });
  const box = defaultBox(n);
  const byBox = box ? boxRegions(n, box) : null;
  board.regions = doc.grid.flatMap((row, r) => row.map((cell, c) =>
    cell.region === undefined ? byBox?.[r * n + c] ?? 0 : cell.region === null ? -1 : cell.region));
  doc.grid.forEach((row, r) => row.forEach((cell, c) => {
    if (!isEmpty(cell.givenPencilMarks)) board.elements.push(candidatesTag('givenPencilMarks', r * n + c, cell.givenPencilMarks));
  }));
  for (const [key, value] of Object.entries(doc)) {
    if (FPUZZLES_QUIET.has(key) || isEmpty(value)) continue;
    const list = Array.isArray(value) ? value : [value];
    if (key in FPUZZLES_NOTES) board.notes.push(FPUZZLES_NOTES[key]);
    else if (key === 'diagonal+' || key === 'diagonal-') {
      const cells = Array.from({ length: n }, (_, k) => (key === 'diagonal-' ? k * n + k : (n - 1 - k) * n + k));
      board.elements.push({ rule: key, type: 'diagonal', cells });
    } else if (key === 'killercage') {
      for (const e of list) board.elements.push({ rule: key, type: 'cage', cells: cellsOf(e.cells), label: String(e.value ?? '') });
    } else if (key === 'extraregion') {
      for (const e of list) board.elements.push({ rule: key, type: 'region', cells: cellsOf(e.cells) });
    } else if (key === 'arrow') {
      for (const e of list) {
        const bulb = cellsOf(e.cells);
        board.elements.push({ rule: key, type: 'arrow', bulb, lines: e.lines.map(cellsOf) });
      }
    } else if (key in FPUZZLES_LINES) {
      for (const e of list) {
        board.elements.push({ rule: key, type: 'line', style: FPUZZLES_LINES[key], lines: e.lines.map(cellsOf) });
      }
    } else if (key === 'difference' || key === 'ratio') {
      for (const e of list) {
        const label = e.value === undefined || String(e.value) === (key === 'ratio' ? '2' : '1') ? '' : String(e.value);
        board.elements.push({ rule: key, type: 'dot', cells: cellsOf(e.cells), colour: key === 'ratio' ? 'black' : 'white', label });
      }
    } else if (key === 'xv') {
      for (const e of list) board.elements.push({ rule: key, type: 'letter', cells: cellsOf(e.cells), text: String(e.value).toUpperCase() });
    } else if (key === 'odd' || key === 'even') {
      for (const e of list) board.elements.push({ rule: key, type: 'parity', cells: cellsOf([e.cell]), parity: key });
    } else if (key === 'littlekillersum' || key === 'sandwichsum' || key === 'xsum' || key === 'skyscraper') {
      for (const e of list) {
        const [r, c] = rowCol(e.cell);
        const text = `${e.value ?? ''}${key === 'littlekillersum' ? LITTLE_KILLER[e.direction] ?? '' : ''}`;
        board.elements.push({ rule: key, type: 'outside', at: [r, c], text });
      }
    } else if (key === 'minimum' || key === 'maximum') {
      for (const e of list) board.elements.push({ rule: key, type: 'tag', cells: cellsOf([e.cell]), corner: 'top', text: key.slice(0, 3) });
    } else if (key in INDEXERS) {
      for (const e of list) board.elements.push({ rule: key, type: 'tag', cells: cellsOf(e.cells), corner: 'top', text: INDEXERS[key] });
    } else if (key === 'clone') {
      list.forEach((e, k) => board.elements.push(cloneTags(key, k, [cellsOf(e.cells), cellsOf(e.cloneCells)])));
    } else if (key === 'quadruple') {
      for (const e of list) {
        if (!isEmpty(e.values)) board.elements.push(quadruple(key, n, cellsOf(e.cells), e.values));
      }
    } else if (key === 'negative') {
      board.notes.push(`negative constraint (${list.join(', ')})`);
    } else {
      board.notDrawn.push(key);
    }
  }
}

/** sudoku-puzzle `line` kinds, drawn as lines of their own colour. */
const SP_NOTES = { antiknight: 'anti-knight', antiking: 'anti-king', nonconsecutive: 'non-consecutive' };

/** The board of a sudoku-puzzle document. */
function fromSudokuPuzzle(doc, board) {
  const n = board.size;
  const cellsOf = (names) => names.map((name) => {
    const [r, c] = rowCol(name);
    return r * n + c;
  });
  const regions = new Array(n * n).fill(-1);
  let pieces = 0;
  let clones = 0;
  for (const rule of doc.rules ?? []) {
    const { type, kind } = rule;
    const name = kind ? `${type}:${kind}` : type;
    if (type === 'grid' || type === 'row' || type === 'column') continue;
    if (type === 'box_grid') {
      boxRegions(n, rule.box).forEach((b, i) => (regions[i] = b));
      pieces = n;
    } else if (type === 'box') {
      for (const i of cellsOf(rule.cells)) regions[i] = pieces;
      pieces++;
    } else if (type === 'region' && kind === 'diagonal') {
      board.elements.push({ rule: name, type: 'diagonal', cells: cellsOf(rule.cells) });
    } else if (type === 'region') {
      board.elements.push({ rule: name, type: 'region', cells: cellsOf(rule.cells) });
    } else if (type === 'neighbours') {
      board.notes.push(SP_NOTES[kind] ?? `neighbours ${kind ?? rule.op ?? ''}`.trim());
    } else if (type === 'cage') {
      board.elements.push({ rule: name, type: 'cage', cells: cellsOf(rule.cells), label: String(rule.sum ?? '') });
    } else if (type === 'arrow') {
      const bulb = cellsOf(rule.bulb);
      // A shaft starts from the bulb's cell next to it.
      const lines = rule.lines.map((l) => {
        const cells = cellsOf(l);
        const near = bulb.reduce((best, b) => (distance(b, cells[0], n) < distance(best, cells[0], n) ? b : best), bulb[0]);
        return [near, ...cells];
      });
      board.elements.push({ rule: name, type: 'arrow', bulb, lines });
    } else if (type === 'line') {
      const cells = cellsOf(rule.cells);
      board.elements.push({ rule: name, type: 'line', style: kind, lines: [rule.closed ? [...cells, cells[0]] : cells] });
    } else if (type === 'edge' && (kind === 'kropki' || kind === 'difference' || kind === 'ratio')) {
      const colour = kind === 'kropki' ? rule.color : kind === 'ratio' ? 'black' : 'white';
      board.elements.push({ rule: name, type: 'dot', cells: cellsOf(rule.cells), colour, label: kind === 'kropki' ? '' : String(rule.value ?? '') });
    } else if (type === 'edge' && kind === 'xv') {
      board.elements.push({ rule: name, type: 'letter', cells: cellsOf(rule.cells), text: rule.letter });
    } else if (type === 'edge' && (kind === 'sum' || kind === 'product')) {
      board.elements.push({ rule: name, type: 'letter', cells: cellsOf(rule.cells), text: `${kind === 'product' ? '×' : ''}${rule.sum ?? rule.value}` });
    } else if (type === 'edge' && kind === 'less') {
      board.elements.push({ rule: name, type: 'letter', cells: cellsOf(rule.cells), text: '<', less: true });
    } else if (type === 'cell' && (kind === 'odd' || kind === 'even')) {
      board.elements.push({ rule: name, type: 'parity', cells: cellsOf(rule.cells), parity: kind });
    } else if (type === 'cell' && cellTag(rule) !== null) {
      board.elements.push({ rule: name, type: 'tag', cells: cellsOf(rule.cells), corner: 'top', text: cellTag(rule) });
    } else if (type === 'sandwich' || type === 'xsum' || type === 'skyscraper' || (type === 'sum' && rule.side)) {
      const cells = cellsOf(rule.cells).map((i) => [Math.floor(i / n), i % n]);
      const { at, arrow } = outsideClue(n, rule.side, cells, kind === 'little_killer');
      board.elements.push({ rule: name, type: 'outside', at, text: `${rule.sum ?? rule.value ?? ''}${arrow}` });
    } else if (type === 'sum') {
      // A group or corner sum: its cells outlined, the sum written as a cage's.
      board.elements.push({ rule: name, type: 'cage', cells: cellsOf(rule.cells), label: `Σ${rule.sum}` });
    } else if (type === 'relation') {
      // Each pair: a mark on the edge between neighbours, else a dashed link.
      const text = relationLabel(rule.op, rule.params);
      for (const pair of rule.pairs) {
        const cells = cellsOf(pair);
        const [a, b] = cells.map((i) => [Math.floor(i / n), i % n]);
        const beside = Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
        board.elements.push({ rule: name, type: beside ? 'letter' : 'pair', cells, text });
      }
    } else if (type === 'first_seen' || (type === 'distinct_count' && rule.side)) {
      // A clue outside the grid: the digit met first (after a '1st' mark), or the
      // count of different digits along its line (after a '#').
      const cells = cellsOf(rule.cells).map((i) => [Math.floor(i / n), i % n]);
      const { at, arrow } = outsideClue(n, rule.side, cells, type === 'distinct_count');
      board.elements.push({ rule: name, type: 'outside', at, text: `${type === 'first_seen' ? '1st' : '#'}${rule.value}${arrow}` });
    } else if (type === 'distinct_count') {
      board.elements.push({ rule: name, type: 'cage', cells: cellsOf(rule.cells), label: `#${rule.value}` });
    } else if (type === 'count') {
      // Counting circles: a circle tag in each; counts: the cells outlined, the digits
      // and how many times each in the corner.
      if (kind === 'circles') board.elements.push({ rule: name, type: 'tag', cells: cellsOf(rule.cells), corner: 'top', text: '○' });
      else {
        const label = rule.each !== undefined ? `×${rule.each}` : rule.counts.map(([d, k]) => `${d}×${k}`).join(' ');
        board.elements.push({ rule: name, type: 'cage', cells: cellsOf(rule.cells), label });
      }
    } else if (type === 'appears') {
      const [source] = cellsOf([rule.source]);
      board.elements.push({ rule: name, type: 'tag', cells: [source], corner: 'top', text: '∈' });
      board.elements.push({ rule: name, type: 'cage', cells: cellsOf(rule.cells), label: '∋' });
    } else if (type === 'clone') {
      board.elements.push(cloneTags(name, clones++, rule.regions.map(cellsOf)));
    } else if (type === 'isomorphic') {
      // Twins: the first region's cells tagged ≅1, ≅2, ... and their partners alike.
      const [a, b] = rule.regions.map(cellsOf);
      a.forEach((cell, i) => board.elements.push({ rule: name, type: 'tag', cells: [cell, b[i]], corner: 'top', text: `≅${i + 1}` }));
    } else if (type === 'contains') {
      board.elements.push(quadruple(name, n, cellsOf(rule.cells), rule.digits));
    } else if (type === 'negative') {
      board.notes.push(`negative constraint (${rule.of})`);
    } else if (type === 'equal_sum') {
      for (const segment of rule.segments) board.elements.push({ rule: name, type: 'cage', cells: cellsOf(segment), label: '=' });
    } else if (type === 'corner') {
      // A circle on the block's corner, as a quadruple's, with the clue inside.
      board.elements.push({ rule: name, type: 'quad', cells: cellsOf(rule.cells), text: cornerText(rule) });
    } else if (type === 'vudoku') {
      // The vertex tagged V, its arms v.
      const [vertex, ...arms] = cellsOf(rule.cells);
      board.elements.push({ rule: name, type: 'tag', cells: [vertex], corner: 'top', text: 'V' });
      board.elements.push({ rule: name, type: 'tag', cells: arms, corner: 'top', text: 'v' });
    } else if (type === 'rossini') {
      const cells = cellsOf(rule.cells).map((i) => [Math.floor(i / n), i % n]);
      const { at } = outsideClue(n, rule.side, cells, false);
      board.elements.push({ rule: name, type: 'outside', at, text: rossiniArrow(rule.side, rule.arrow) });
    } else if (type === 'global_entropy') {
      board.notes.push('global entropy');
    } else if (type === 'table') {
      board.notes.push(`table of ${(rule.cells ?? rule.where ?? []).length} cells${rule.where ? ' everywhere' : ''}`);
    } else {
      board.notDrawn.push(name);
    }
  }
  board.regions = pieces ? regions : new Array(n * n).fill(0);
  for (const [name, digits] of Object.entries(doc.candidates ?? {})) {
    const [r, c] = rowCol(name);
    board.elements.push(candidatesTag('candidates', r * n + c, digits));
  }
}

function distance(a, b, n) {
  return Math.max(Math.abs(Math.floor(a / n) - Math.floor(b / n)), Math.abs((a % n) - (b % n)));
}

/**
 * The board of `text`, which bitdoku.parse has read as `parsed` ({size, format,
 * givens, title}). Throws an Error if the text is a document the page cannot take
 * apart (it then says so instead of drawing).
 */
export function boardOf(text, parsed) {
  const n = parsed.size;
  const board = {
    size: n,
    title: parsed.title,
    format: parsed.format,
    regions: null,
    givens: [...parsed.givens].map((ch) => (ch === '.' ? 0 : parseInt(ch, 36))),
    elements: [],
    notes: [],
    notDrawn: [],
    solverText: text,
  };
  if (parsed.format === 'link' || parsed.format === 'fpuzzles') {
    const json = parsed.format === 'link' ? linkData(text) : text;
    if (json === null) throw new Error('the link could not be decoded for drawing');
    // The solver reads the text drawn: for a link, the JSON it carries.
    board.solverText = json;
    fromFpuzzles(JSON.parse(json), board);
  } else if (parsed.format === 'sudoku-puzzle') {
    fromSudokuPuzzle(JSON.parse(text), board);
  } else {
    const box = defaultBox(n);
    board.regions = box ? boxRegions(n, box) : new Array(n * n).fill(0);
  }
  return board;
}
