// The setter's page: a puzzle in (a link, JSON, a line), drawn as the solver reads it
// (board.js, svg.js), and its solutions counted, its true candidates and its solution
// shown. The solver's long calls run in a module worker (worker.js) that Cancel
// terminates; the page's address (`#` and the puzzle, URL-encoded) carries the puzzle.
import * as bitdoku from '../index.js';
import { boardOf } from './board.js';
import { drawBoard } from './svg.js';

const $ = (id) => document.getElementById(id);

const state = {
  board: null, // board.js's board of the puzzle shown
  classic: null, // its 81 squares, when it is a classic 9×9 puzzle
  job: null, // the worker's call under way: {id, call, resolve, reject, started}
};

// ---------------------------------------------------------------- the worker

let worker = null;
let ready = null; // a promise of the worker's first message: it has loaded the package
let nextId = 1;
let ticker = null;

function startWorker() {
  worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  let started;
  // A message sent before the worker has loaded the package would be lost.
  ready = new Promise((resolve) => (started = resolve));
  worker.onmessage = ({ data }) => {
    const job = state.job;
    if (data.ready) started();
    if (data.ready || !job || data.id !== job.id) return;
    finish();
    if (data.error) job.reject(Object.assign(new Error(data.error.message), { name: data.error.name }));
    else job.resolve(data);
  };
  worker.onerror = (e) => {
    const job = state.job;
    finish();
    job?.reject(new Error(`the worker failed: ${e.message}`));
  };
}

/** Runs `call` on the puzzle in the worker: a promise of {result, ms}. */
function run(call, puzzle) {
  if (state.job) cancel();
  const id = nextId++;
  const started = performance.now();
  const promise = new Promise((resolve, reject) => {
    state.job = { id, call, resolve, reject, started };
  });
  const to = worker;
  ready.then(() => state.job?.id === id && to.postMessage({ id, call, puzzle }));
  $('working').hidden = false;
  document.body.dataset.busy = 'true';
  const tick = () => {
    $('elapsed').textContent = `${call === 'trueCandidates' ? 'true candidates' : call}: ${((performance.now() - started) / 1000).toFixed(1)} s`;
  };
  tick();
  ticker = setInterval(tick, 100);
  return promise;
}

function finish() {
  state.job = null;
  clearInterval(ticker);
  $('working').hidden = true;
  delete document.body.dataset.busy;
}

/** Stops the call under way: the worker is terminated and a new one started. */
function cancel() {
  const job = state.job;
  if (!job) return;
  worker.terminate();
  finish();
  startWorker();
  job.reject(Object.assign(new Error(`cancelled after ${formatMs(performance.now() - job.started)}`), { name: 'Cancelled' }));
}

function formatMs(ms) {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 1) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms * 1000)} µs`;
}

// ---------------------------------------------------------------- the page

function say(id, text, error = false) {
  $(id).textContent = text;
  $(id).classList.toggle('error', error);
}

function show(overlay = {}) {
  $('board').replaceChildren(drawBoard(state.board, overlay));
}

/** Takes `text` as the puzzle: read by the solver, drawn, put in the address. */
function load(text, { remember = true } = {}) {
  text = text.trim();
  $('puzzle').value = text;
  say('answer', '');
  delete $('answer').dataset.count;
  delete $('answer').dataset.status;
  if (state.job) cancel();
  if (remember) history.replaceState(null, '', `#${encodeURIComponent(text)}`);
  let parsed;
  let board;
  try {
    parsed = bitdoku.parse(text);
    board = boardOf(text, parsed);
  } catch (e) {
    state.board = null;
    state.classic = null;
    const where = e.name === 'PuzzleError' ? 'Not a puzzle the solver reads' : 'Cannot draw this puzzle';
    say('message', `${where}: ${e.message}`, true);
    const refusal = document.createElement('p');
    refusal.className = 'refusal';
    refusal.textContent = `${where}: ${e.message}`;
    $('board').replaceChildren(refusal);
    $('summary').textContent = '';
    $('not-drawn').hidden = true;
    $('notes').hidden = true;
    $('classic').hidden = true;
    document.body.dataset.loaded = 'error';
    return;
  }
  state.board = board;
  const rules = board.elements.length;
  say('message', `${parsed.format === 'link' ? 'A link' : parsed.format === 'line' || parsed.format === 'classic' ? 'A line' : 'A document'} read: ${board.size}×${board.size}, ${parsed.clues} givens${rules ? `, ${rules} drawn rule elements` : ''}.`);
  $('summary').textContent = parsed.title ?? '';
  $('not-drawn').hidden = board.notDrawn.length === 0;
  $('not-drawn').textContent = `Not drawn (the solver reads them): ${[...new Set(board.notDrawn)].join(', ')}.`;
  $('notes').hidden = board.notes.length === 0;
  $('notes').textContent = `Also: ${board.notes.join('; ')}.`;
  show();
  const classic = board.size === 9 && board.elements.length === 0 && board.notes.length === 0 &&
    board.notDrawn.length === 0 && board.regions.every((b, i) => b === 3 * Math.floor(i / 27) + Math.floor((i % 9) / 3));
  state.classic = classic ? parsed.givens : null;
  $('classic').hidden = !classic;
  if (classic) {
    $('classic-link').href = `index.html#${encodeURIComponent(parsed.givens)}`;
  }
  document.body.dataset.loaded = 'true';
}

async function ask(call) {
  if (!state.board) return;
  const board = state.board;
  say('answer', '');
  delete $('answer').dataset.count;
  delete $('answer').dataset.status;
  let answer;
  try {
    answer = await run(call, board.solverText);
  } catch (e) {
    say('answer', e.name === 'Cancelled' ? `Cancelled (${e.message}).` : `${e.name}: ${e.message}`, e.name !== 'Cancelled');
    return;
  }
  if (board !== state.board) return;
  const { result, ms } = answer;
  const took = `(${formatMs(ms)})`;
  if (call === 'count') {
    const words = ['No solution', 'One solution: the puzzle is unique', 'At least 2 solutions: not unique'];
    say('answer', `${words[result]} ${took}.`, result !== 1);
    $('answer').dataset.count = String(result);
  } else if (call === 'solve') {
    if (result === null) say('answer', `No solution ${took}.`, true);
    else {
      show({ values: result });
      say('answer', `The first solution (digits tried in increasing order) ${took}.`);
    }
  } else if (call === 'trueCandidates') {
    show({ candidates: result.candidates });
    const open = board.givens.filter((g) => !g).length;
    const words = { unique: 'unique', multiple: 'several solutions', unsolvable: 'no solution', 'gave-up': 'stopped early' };
    say('answer', `True candidates: the digits each cell holds in some solution ${took}; ${words[result.status] ?? result.status}, ` +
      `${result.fixed - (board.size * board.size - open)} of ${open} open cells fixed (large digits), ${result.solutions} witness solutions.`);
    $('answer').dataset.status = result.status;
  } else if (call === 'rate') {
    say('answer', result.status === 'rated'
      ? `Sudoku Explainer's rating: ER ${result.er.toFixed(1)} (${result.technique}), level ${result.level} (${result.label}) ${took}.`
      : `Not rated: ${result.status} ${took}.`);
  }
}

async function main() {
  $('engine').textContent = `bitdoku ${bitdoku.version}, ${bitdoku.backend} back-end.`;
  startWorker();
  $('load').addEventListener('click', () => load($('puzzle').value));
  $('count').addEventListener('click', () => ask('count'));
  $('candidates').addEventListener('click', () => ask('trueCandidates'));
  $('solution').addEventListener('click', () => ask('solve'));
  $('clear').addEventListener('click', () => state.board && show());
  $('cancel').addEventListener('click', cancel);
  $('rate').addEventListener('click', () => ask('rate'));
  const fromAddress = () => {
    const hash = location.hash.slice(1);
    if (!hash) return false;
    let text;
    try {
      text = decodeURIComponent(hash);
    } catch {
      text = hash;
    }
    load(text, { remember: false });
    return true;
  };
  window.addEventListener('hashchange', fromAddress);
  if (!fromAddress()) {
    // An example: a 6×6 puzzle as an N×N line.
    load('...2.3.2..5..54..........4...2..3..6', { remember: false });
  }
  document.body.dataset.ready = 'true';
}

main();
