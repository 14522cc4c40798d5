// The page: a puzzle in, Norvig's candidate grid, the solution, the solve path step by
// step, and the comparison of the bitset solver with Norvig's string solver on his
// sets. Everything it knows about Sudoku comes from the package (../index.js).
import * as bitdoku from '../index.js';

const $ = (id) => document.getElementById(id);
const ROWS = 'ABCDEFGHI';

const state = {
  puzzle: null, // the puzzle's text, as given
  givens: '', // its known squares, a line of 81
  stages: null, // the solve path (bitdoku.path), while stepping
  step: 0,
};

// ---------------------------------------------------------------- the grid

const squares = [];

function buildGrid() {
  const grid = $('grid');
  for (let s = 0; s < 81; s++) {
    const square = document.createElement('div');
    const [r, c] = [Math.floor(s / 9) + 1, (s % 9) + 1];
    square.className = `square r${r} c${c}`;
    grid.append(square);
    squares.push(square);
  }
}

function index(name) {
  return 9 * ROWS.indexOf(name[0]) + Number(name[1]) - 1;
}

/** The squares of a unit named as the library names them: `row A`, `column 1`,
 * `box 1`. */
function unitSquares(name) {
  const [kind, which] = name.split(' ');
  const out = [];
  for (let k = 0; k < 9; k++) {
    if (kind === 'row') out.push(9 * ROWS.indexOf(which) + k);
    else if (kind === 'column') out.push(9 * k + Number(which) - 1);
    else {
      const b = Number(which) - 1;
      out.push(27 * Math.floor(b / 3) + 3 * (b % 3) + 9 * Math.floor(k / 3) + (k % 3));
    }
  }
  return out;
}

/**
 * Draws the grid: `values` (81 characters, `.` open) as big digits, the open squares'
 * `candidates` (81 strings) as small ones, and a step's pattern if there is one.
 */
function draw(values, candidates, step = null) {
  const mark = new Map(); // "s:d" -> class
  const shade = new Map(); // square -> class
  if (step) {
    for (const unit of step.units) for (const s of unitSquares(unit)) shade.set(s, 'unit');
    for (const c of step.cells) shade.set(index(c), 'pattern');
    for (const c of step.candidates) mark.set(`${index(c.square)}:${c.digit}`, 'candidate');
    for (const c of step.eliminations) mark.set(`${index(c.square)}:${c.digit}`, 'eliminated');
    if (step.placement) {
      const s = index(step.placement.square);
      mark.set(`${s}:${step.placement.digit}`, 'placed');
      shade.set(s, 'pattern');
    }
  }
  squares.forEach((square, s) => {
    const classes = [...square.classList].filter((c) => /^[rc]\d$/.test(c));
    square.className = ['square', ...classes, shade.get(s) ?? ''].join(' ').trim();
    square.replaceChildren();
    const name = `${ROWS[Math.floor(s / 9)]}${(s % 9) + 1}`;
    if (values[s] !== '.') {
      square.classList.add(state.givens[s] === values[s] ? 'given' : 'solved');
      square.textContent = values[s];
      square.title = `${name}: ${values[s]}`;
      return;
    }
    const marks = document.createElement('div');
    marks.className = 'marks';
    for (let d = 1; d <= 9; d++) {
      const span = document.createElement('span');
      const cls = mark.get(`${s}:${d}`);
      if (candidates[s].includes(String(d)) || cls) span.textContent = d;
      if (cls) span.className = cls;
      marks.append(span);
    }
    if (candidates[s] === '') square.classList.add('empty-contradiction');
    square.append(marks);
    square.title = `${name}: ${candidates[s] || 'no candidate'}`;
  });
}

function view(text) {
  $('view').textContent = text;
}

function message(text, error = false) {
  $('message').textContent = text;
  $('message').classList.toggle('error', error);
}

// ---------------------------------------------------------------- the puzzle

/** Takes `text` as the puzzle: Norvig's candidate grid first. */
function usePuzzle(text) {
  let givens;
  try {
    givens = bitdoku.givens(text);
  } catch (e) {
    if (!(e instanceof bitdoku.PuzzleError)) throw e;
    message(`Not a puzzle: line ${e.line}, column ${e.column}: ${e.reason}`, true);
    return;
  }
  state.puzzle = text;
  state.givens = givens;
  $('puzzle').value = text;
  message(`${[...givens].filter((c) => c !== '.').length} givens.`);
  showPropagation();
}

function stopStepping() {
  state.stages = null;
  $('stepper').hidden = true;
  $('legend').hidden = true;
  $('step-text').textContent = '';
}

function showPropagation() {
  stopStepping();
  const candidates = bitdoku.propagate(state.puzzle);
  if (candidates === null) {
    draw(state.givens, Array(81).fill('123456789'));
    view("Norvig's two rules find a contradiction: this puzzle has no solution.");
    return;
  }
  const values = candidates.map((c) => (c.length === 1 ? c : '.')).join('');
  const open = [...values].filter((c) => c === '.').length;
  draw(values, candidates);
  view(
    open === 0
      ? "Norvig's candidates after his two rules (parse_grid): solved by propagation alone."
      : `Norvig's candidates after his two rules (parse_grid): ${open} squares still open; search does the rest.`,
  );
}

function showSolution() {
  stopStepping();
  const solution = bitdoku.solve(state.puzzle);
  if (solution === null) {
    view('No solution.');
    return;
  }
  const n = bitdoku.count(state.puzzle, 2);
  draw(solution, Array(81).fill(''));
  view(n === 1 ? 'The solution (the only one).' : 'The first solution of several (digits tried in increasing order).');
}

function startExplaining() {
  try {
    state.stages = bitdoku.path(state.puzzle);
  } catch (e) {
    if (!(e instanceof bitdoku.UnansweredError)) throw e;
    view(`No step-by-step explanation: ${e.message}`);
    return;
  }
  const steps = state.stages.length - 1;
  const hardest = state.stages.reduce((h, s) => (s.step && s.step.difficulty > (h?.difficulty ?? 0) ? s.step : h), null);
  view(
    `The solve path with Sudoku Explainer's techniques: ${steps} steps` +
      (hardest ? `, the hardest ${hardest.technique} (${hardest.difficulty.toFixed(1)}).` : '.'),
  );
  $('stepper').hidden = false;
  $('legend').hidden = false;
  showStep(0);
  $('forward').focus();
}

function showStep(k) {
  const stages = state.stages;
  state.step = Math.max(0, Math.min(k, stages.length - 1));
  const stage = stages[state.step];
  draw(stage.values, stage.candidates, stage.step);
  const last = stages.length - 1;
  $('step-count').textContent = state.step < last ? `step ${state.step + 1} of ${last}` : `solved (${last} steps)`;
  $('step-text').textContent = stage.step ? stage.step.text : stage.values.includes('.') ? 'Stalled: no technique of the ladder finds a step.' : 'Solved.';
  $('back').disabled = state.step === 0;
  $('forward').disabled = state.step === last;
}

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.text();
}

/** Norvig's examples, each named by the comment above it. */
async function loadExamples() {
  const select = $('examples');
  let text;
  try {
    text = await fetchText('puzzles/norvig-examples.txt');
  } catch {
    select.append(new Option('(puzzles/norvig-examples.txt is missing: run npm run build)', ''));
    select.disabled = true;
    return [];
  }
  const examples = [];
  let name = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) name = line.replace(/^#\s*/, '');
    else if (line.trim()) examples.push([name || `example ${examples.length + 1}`, line.trim()]);
  }
  for (const [i, [label]] of examples.entries()) select.append(new Option(label, String(i)));
  select.addEventListener('change', () => usePuzzle(examples[Number(select.value)][1]));
  return examples;
}

function generateOne() {
  const button = $('generate');
  button.disabled = true;
  message('Generating…');
  // Let the message show before the work.
  setTimeout(() => {
    try {
      const [puzzle] = bitdoku.generate(1, { level: Number($('level').value), symmetry: $('symmetry').value });
      usePuzzle(puzzle);
      const rating = bitdoku.rate(puzzle);
      message(`A new puzzle: ${[...puzzle].filter((c) => c !== '.').length} givens, level ${rating.level} (${rating.label}), ER ${rating.er.toFixed(1)}, ${rating.technique}.`);
    } catch (e) {
      message(e.message, true);
    } finally {
      button.disabled = false;
    }
  }, 20);
}

// ---------------------------------------------------------------- the comparison

/** Milliseconds per call of `f(puzzle)`, the best of three rounds (a round the
 * machine spent on something else does not count). performance.now() can be as
 * coarse as 0.1 ms in a browser, so a round repeats a fast call until 2 ms have
 * passed. */
function timeIt(f, puzzle) {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    let calls = 0;
    let elapsed;
    do {
      f(puzzle);
      calls++;
      elapsed = performance.now() - start;
    } while (elapsed < 2);
    best = Math.min(best, elapsed / calls);
  }
  return best;
}

function formatMs(ms) {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 1) return `${ms.toFixed(ms >= 100 ? 0 : 1)} ms`;
  return `${(ms * 1000).toFixed(ms >= 0.1 ? 0 : 1)} µs`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function puzzleSet() {
  const choice = $('set').value;
  if (choice !== 'file') {
    try {
      return [choice, await fetchText(choice)];
    } catch (e) {
      throw new Error(`${e.message}. Norvig's sets go in puzzles/ beside this page (npm run build links them from ../shared/puzzles); or choose a file of yours.`);
    }
  }
  const input = $('set-file');
  if (!input.files?.length) {
    input.click();
    throw new Error('Choose a file of puzzles, one per line, then run again.');
  }
  return [input.files[0].name, await input.files[0].text()];
}

async function compare() {
  const button = $('compare');
  const progress = $('progress');
  const say = (text, error = false) => {
    $('compare-message').textContent = text;
    $('compare-message').classList.toggle('error', error);
  };
  let name;
  let text;
  try {
    [name, text] = await puzzleSet();
  } catch (e) {
    say(e.message, true);
    return;
  }
  const puzzles = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  if (puzzles.length === 0) {
    say(`${name} holds no puzzle.`, true);
    return;
  }
  button.disabled = true;
  $('results').hidden = true;
  progress.hidden = false;
  const times = { bitdoku: [], norvig: [] };
  try {
    // Warm both up (the engine tiers up its code on the first calls).
    bitdoku.solve(puzzles[0]);
    bitdoku.norvigSolve(puzzles[0]);
    let yielded = performance.now();
    for (const [i, puzzle] of puzzles.entries()) {
      const answer = bitdoku.solve(puzzle);
      if (bitdoku.norvigSolve(puzzle) !== answer && bitdoku.count(puzzle, 2) === 1) {
        throw new Error(`the solvers disagree on puzzle ${i + 1}`);
      }
      times.bitdoku.push(timeIt(bitdoku.solve, puzzle));
      times.norvig.push(timeIt(bitdoku.norvigSolve, puzzle));
      progress.value = (i + 1) / puzzles.length;
      if (performance.now() - yielded > 50) {
        say(`${name}: ${i + 1} of ${puzzles.length} puzzles…`);
        await new Promise((resolve) => setTimeout(resolve, 0));
        yielded = performance.now();
      }
    }
  } catch (e) {
    say(`${name}: ${e.message}`, true);
    return;
  } finally {
    button.disabled = false;
    progress.hidden = true;
  }
  const total = (xs) => xs.reduce((a, b) => a + b, 0);
  const ratio = total(times.norvig) / total(times.bitdoku);
  $('ratio').textContent = `${ratio >= 100 ? Math.round(ratio) : ratio.toFixed(1)}×`;
  const results = $('results');
  results.dataset.ratio = String(ratio);
  results.dataset.puzzles = String(puzzles.length);
  $('totals').replaceChildren(
    ...[['bitdoku (bitsets)', times.bitdoku], ["Norvig's (strings)", times.norvig]].map(([label, xs]) => {
      const row = document.createElement('tr');
      for (const cell of [label, formatMs(total(xs)), formatMs(median(xs)), formatMs(Math.max(...xs))]) {
        const td = document.createElement('td');
        td.textContent = cell;
        row.append(td);
      }
      return row;
    }),
  );
  drawHistogram(times);
  results.hidden = false;
  say(`${name}: ${puzzles.length} puzzles, each solved by both solvers in this browser.`);
}

/** Two bar series on a log scale of time, four bins to a factor of ten. */
function drawHistogram(times) {
  const NS = 'http://www.w3.org/2000/svg';
  const all = [...times.bitdoku, ...times.norvig];
  const low = Math.floor(Math.log10(Math.min(...all)));
  const high = Math.ceil(Math.log10(Math.max(...all)));
  const perDecade = 4;
  const bins = Math.max(1, (high - low) * perDecade);
  const count = (xs) => {
    const c = new Array(bins).fill(0);
    for (const x of xs) c[Math.min(bins - 1, Math.floor((Math.log10(x) - low) * perDecade))]++;
    return c;
  };
  const series = [['bitdoku', count(times.bitdoku)], ['norvig', count(times.norvig)]];
  const most = Math.max(...series.flatMap(([, c]) => c));
  const [width, height, left, bottom, top] = [600, 220, 30, 34, 10];
  const plot = { w: width - left - 30, h: height - bottom - top };
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'histogram of the time per puzzle of both solvers');
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    svg.append(el);
    return el;
  };
  const binWidth = plot.w / bins;
  series.forEach(([name, counts], k) => {
    counts.forEach((n, b) => {
      if (!n) return;
      const h = (n / most) * plot.h;
      add('rect', {
        class: `bar-${name}`,
        x: left + b * binWidth + (k * binWidth) / 2 + 1,
        y: top + plot.h - h,
        width: Math.max(1, binWidth / 2 - 2),
        height: h,
      }).append(Object.assign(document.createElementNS(NS, 'title'), { textContent: `${name}: ${n}` }));
    });
  });
  add('line', { class: 'axis', x1: left, y1: top + plot.h, x2: left + plot.w, y2: top + plot.h });
  for (let e = low; e <= high; e++) {
    const x = left + (e - low) * perDecade * binWidth;
    add('line', { class: 'axis', x1: x, y1: top + plot.h, x2: x, y2: top + plot.h + 5 });
    const tick = ['1 µs', '10 µs', '100 µs', '1 ms', '10 ms', '100 ms', '1 s', '10 s'][e + 3] ?? formatMs(10 ** e);
    add('text', { class: 'tick', x, y: top + plot.h + 18, 'text-anchor': 'middle' }, tick);
  }
  add('text', { class: 'tick', x: left - 6, y: top + 10, 'text-anchor': 'end' }, String(most));
  add('text', { class: 'tick', x: left - 6, y: top + plot.h, 'text-anchor': 'end' }, '0');
  add('rect', { class: 'bar-bitdoku', x: left + plot.w - 190, y: top, width: 10, height: 10 });
  add('text', { class: 'tick', x: left + plot.w - 175, y: top + 9 }, 'bitdoku');
  add('rect', { class: 'bar-norvig', x: left + plot.w - 110, y: top, width: 10, height: 10 });
  add('text', { class: 'tick', x: left + plot.w - 95, y: top + 9 }, 'Norvig');
  $('histogram').replaceChildren(svg);
}

// ---------------------------------------------------------------- wiring

function keys(event) {
  if (!state.stages || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest('textarea, input, select')) return;
  const moves = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0, End: state.stages.length - 1 };
  if (event.key in moves) {
    event.preventDefault();
    showStep(moves[event.key]);
  }
}

async function main() {
  $('engine').textContent = `bitdoku ${bitdoku.version}, ${bitdoku.backend} back-end.`;
  buildGrid();
  $('load').addEventListener('click', () => usePuzzle($('puzzle').value));
  $('generate').addEventListener('click', generateOne);
  $('show-propagate').addEventListener('click', () => state.puzzle && showPropagation());
  $('solve').addEventListener('click', () => state.puzzle && showSolution());
  $('explain').addEventListener('click', () => state.puzzle && startExplaining());
  $('back').addEventListener('click', () => showStep(state.step - 1));
  $('forward').addEventListener('click', () => showStep(state.step + 1));
  $('compare').addEventListener('click', compare);
  $('set').addEventListener('change', () => {
    if ($('set').value === 'file') $('set-file').click();
  });
  document.addEventListener('keydown', keys);
  const examples = await loadExamples();
  // A puzzle in the address (`#` and the puzzle, as the setter's page links here), else
  // Norvig's first example.
  const linked = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  usePuzzle(linked ?? (examples.length ? examples[0][1] : bitdoku.generate(1, { seed: 1 })[0]));
  document.body.dataset.ready = 'true';
}

main();
