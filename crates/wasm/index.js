// bitdoku for JavaScript: Norvig's constraint propagation and search on bitsets, and
// Sudoku Explainer's techniques for ratings, hints and explanations, compiled from
// Rust to WebAssembly (SIMD128). One ES module for Node and browsers; the calls are
// synchronous once the module has loaded (top-level await).
//
// The loader is written by hand (no wasm-bindgen): the module exports a small C ABI
// (crates/wasm/src/lib.rs) that takes text and answers JSON, and this file turns that
// into functions, values and Errors.

const DEFAULT_URL = new URL('./bitdoku.wasm', import.meta.url);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A puzzle that could not be read: where (line and column, 1-based, inside the
 * puzzle string; for a general puzzle, `line` is null, `column` an N×N line's and
 * `path` a JSON document's) and what (`reason`); `index` is its place in a batch call,
 * else null. The message is the one the Python package's `PuzzleError` carries. */
export class PuzzleError extends Error {
  constructor(message, { line, column, path = null, reason, index = null } = {}) {
    super(message);
    this.name = 'PuzzleError';
    this.line = line;
    this.column = column;
    this.path = path;
    this.reason = reason;
    this.index = index;
  }
}

/** A puzzle that has no answer to the question asked: `status` is the vocabulary's
 * word (`unsolvable`, `not-unique`, `stalled`). */
export class UnansweredError extends Error {
  constructor(message, status) {
    super(message);
    this.name = 'UnansweredError';
    this.status = status;
  }
}

const OK = 0;
const PUZZLE_ERROR = 1;

const GENERATE_OPTIONS = new Set(['seed', 'clues', 'symmetry', 'minimal', 'level', 'er']);
/** generate's options that go to the module as a JSON object, by type: the board's
 * (the command line's `generate --size --box ...`, Python's keywords) and `format`. */
const BOARD_FLAGS = ['jigsaw', 'diagonals', 'windows', 'disjointGroups', 'antiKnight', 'antiKing', 'nonConsecutive'];
const BOARD_COUNTS = ['size', 'thermos', 'arrows', 'whispers', 'renban', 'oddEven'];
const BOARD_TEXTS = ['symmetry', 'box', 'format'];
const BOARD_MARKS = ['kropki', 'xv'];
for (const name of [...BOARD_FLAGS, ...BOARD_COUNTS, ...BOARD_TEXTS, ...BOARD_MARKS, 'killer']) {
  GENERATE_OPTIONS.add(name);
}
const RATE_OPTIONS = new Set(['timeout']);
const CANDIDATES_OPTIONS = new Set(['limit']);

/** What the module imports: the host's clock in milliseconds (WebAssembly has none),
 * for time budgets. */
const IMPORTS = { bitdoku: { now: () => globalThis.performance?.now() ?? Date.now() } };

/** Checks a call's options object against the names it takes. */
function optionsOf(options, names) {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`options must be an object, not ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!names.has(key)) {
      throw new TypeError(`unknown option ${key} (expected ${[...names].join(', ')})`);
    }
  }
  return options;
}

/** A time budget for the module: seconds (decimals allowed), NaN for none. */
function timeoutOf(timeout) {
  if (timeout === undefined) return NaN;
  if (typeof timeout !== 'number') {
    throw new TypeError(`timeout must be a number of seconds, not ${describe(timeout)}`);
  }
  if (!(Number.isFinite(timeout) && timeout > 0 && timeout < 1e9)) {
    throw new RangeError(`timeout=${timeout}: must be a positive number of seconds`);
  }
  return timeout;
}

function describe(value) {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

function puzzleText(puzzle, index) {
  if (typeof puzzle !== 'string') {
    const where = index === undefined ? '' : ` at index ${index}`;
    throw new TypeError(`expected a puzzle string${where}, not ${describe(puzzle)}`);
  }
  return puzzle;
}

/** The text of a puzzle for a call that takes any puzzle: a string (classic, an N×N
 * line, JSON, a link), or an object (a JSON document), sent as its JSON. */
function anyPuzzle(puzzle) {
  if (puzzle !== null && typeof puzzle === 'object' && !Array.isArray(puzzle)) {
    return JSON.stringify(puzzle);
  }
  if (typeof puzzle !== 'string') {
    throw new TypeError(`expected a puzzle string or object, not ${describe(puzzle)}`);
  }
  return puzzle;
}

/** The texts of a batch call's puzzles: each a string or an object, as `anyPuzzle`
 * takes it. */
function puzzleList(puzzles) {
  if (typeof puzzles === 'string') {
    throw new TypeError('expected an iterable of puzzle strings, not one string');
  }
  if (puzzles === null || typeof puzzles?.[Symbol.iterator] !== 'function') {
    throw new TypeError(`expected an iterable of puzzle strings, not ${describe(puzzles)}`);
  }
  return Array.from(puzzles, (p, i) => {
    if (p !== null && typeof p === 'object' && !Array.isArray(p)) return JSON.stringify(p);
    return puzzleText(p, i);
  });
}

function integer(name, value, low, high) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer, not ${describe(value)}`);
  }
  if (value < low || value > high) {
    throw new RangeError(`${name}=${value}: must be from ${low} to ${high}`);
  }
  return value;
}

/** A limit for the module: an integer from 0 (read as 1) up, counted in 32 bits. */
function limitOf(limit) {
  return Math.min(integer('limit', limit, 0, Number.MAX_SAFE_INTEGER), 0xffffffff);
}

function seedOf(seed) {
  if (seed === undefined || seed === null) {
    const words = new Uint32Array(2);
    globalThis.crypto.getRandomValues(words);
    return (BigInt(words[0]) << 32n) | BigInt(words[1]);
  }
  if (typeof seed === 'number') {
    return BigInt(integer('seed', seed, 0, Number.MAX_SAFE_INTEGER));
  }
  if (typeof seed === 'bigint' && seed >= 0n && seed < 1n << 64n) {
    return seed;
  }
  throw new RangeError(`seed must be an integer from 0 to 2**64 - 1, not ${String(seed)}`);
}

async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return WebAssembly.compile(source);
  }
  const url = new URL(source, DEFAULT_URL);
  if (url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`bitdoku: cannot load ${url}: ${response.status} ${response.statusText}`);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** One instance of the module and the calls on it. */
class Bitdoku {
  #module;
  #exports;

  constructor(module) {
    this.#module = module;
    this.#exports = new WebAssembly.Instance(module, IMPORTS).exports;
    this.version = this.#call('bd_version', '');
    this.backend = this.#call('bd_backend', '');
    // The calls, bound, so that they can be taken off the object.
    for (const name of [
      'solve', 'solveMany', 'count', 'countMany', 'isUnique', 'trueCandidates', 'parse',
      'rate', 'hint', 'explain', 'path', 'givens', 'propagate', 'generate', 'norvigSolve',
      '_panicForTests',
    ]) {
      this[name] = this[name].bind(this);
    }
  }

  /** Writes `input`, calls export `name` with `args`, reads and decodes its answer. */
  #call(name, input, ...args) {
    const bytes = encoder.encode(input);
    let status;
    try {
      const at = this.#exports.bd_input(bytes.length);
      new Uint8Array(this.#exports.memory.buffer, at, bytes.length).set(bytes);
      status = this.#exports[name](...args);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        // A trap: a bug (the solver never panics on input). The instance's stack
        // and heap may be left mid-call, so the next call gets a fresh instance.
        this.#exports = new WebAssembly.Instance(this.#module, IMPORTS).exports;
        throw new Error(`bitdoku: internal error in ${name} (a bug: please report it): ${e.message}`, {
          cause: e,
        });
      }
      throw e;
    }
    const at = this.#exports.bd_output_ptr();
    const length = this.#exports.bd_output_len();
    const answer = JSON.parse(decoder.decode(new Uint8Array(this.#exports.memory.buffer, at, length)));
    if (status === OK) return answer;
    if (status === PUZZLE_ERROR) throw new PuzzleError(answer.message, answer);
    if (answer.status) throw new UnansweredError(answer.message, answer.status);
    throw new RangeError(answer.message);
  }

  /** The first solution (digits tried in increasing order) as 81 digits, or null if
   * the puzzle has none. A puzzle for the general engine (an N×N line, sudoku-puzzle
   * or f-puzzles JSON as a string or an object, a link) gives its N×N line. */
  solve(puzzle) {
    return this.#call('bd_solve', anyPuzzle(puzzle));
  }

  /** solve() of each puzzle (any puzzle solve() takes), in order. */
  solveMany(puzzles) {
    return this.#call('bd_solve_many', JSON.stringify(puzzleList(puzzles)));
  }

  /** How many solutions the puzzle has, counting no further than `limit` (0 is read
   * as 1). */
  count(puzzle, limit = 2) {
    return this.#call('bd_count', anyPuzzle(puzzle), limitOf(limit));
  }

  /** count() of each puzzle (any puzzle count() takes), in order. */
  countMany(puzzles, limit = 2) {
    return this.#call('bd_count_many', JSON.stringify(puzzleList(puzzles)), limitOf(limit));
  }

  /** True if the puzzle has exactly one solution. */
  isUnique(puzzle) {
    return this.#call('bd_is_unique', anyPuzzle(puzzle));
  }

  /** The digits each cell holds in some solution, as `bitdoku candidates --format
   * json` and Python's `true_candidates` give them; `{limit}` caps the witness
   * solutions (default: no limit). */
  trueCandidates(puzzle, options = {}) {
    const { limit } = optionsOf(options, CANDIDATES_OPTIONS);
    return this.#call(
      'bd_true_candidates',
      anyPuzzle(puzzle),
      limit === undefined ? 0xffffffff : limitOf(limit),
    );
  }

  /** The puzzle read: its size, format (`classic`, `line`, `sudoku-puzzle`,
   * `fpuzzles`, `link`), givens (an N×N line), clues, title, rules (how many beside the
   * houses) and the solution it carries (an N×N line, or null). */
  parse(puzzle) {
    return this.#call('bd_parse', anyPuzzle(puzzle));
  }

  /** The rating on Sudoku Explainer's scale, from the human solve path; with
   * `{timeout}` (seconds), within that budget: a rating that runs out is `timed-out`,
   * its numbers lower bounds from the `steps` taken. */
  rate(puzzle, options = {}) {
    const { timeout } = optionsOf(options, RATE_OPTIONS);
    return this.#call('bd_rate', puzzleText(puzzle), timeoutOf(timeout));
  }

  /** The next step of the puzzle as it stands, or null if it is solved. */
  hint(puzzle) {
    return this.#call('bd_hint', puzzleText(puzzle));
  }

  /** The whole solve path, step by step. */
  explain(puzzle) {
    return this.#call('bd_explain', puzzleText(puzzle));
  }

  /** The solve path with the grid before each step (for showing it): an array of
   * `{values, candidates, step}`, `values` the solved squares (81 characters, `.`
   * open), `candidates` each square's (81 strings), `step` the step taken from there;
   * the last entry is the grid where the path ends, with `step` null. */
  path(puzzle) {
    return this.#call('bd_path', puzzleText(puzzle));
  }

  /** The squares known at the start as a line of 81 (`.` for the others): the
   * givens, or a pencilmark puzzle's squares with one candidate. */
  givens(puzzle) {
    return this.#call('bd_givens', puzzleText(puzzle));
  }

  /** Norvig's candidate grid after his two rules: 81 strings of digits (row by row),
   * or null if they find a contradiction. */
  propagate(puzzle) {
    return this.#call('bd_propagate', puzzleText(puzzle));
  }

  /** The first solution by Norvig's string solver (the `bitdoku-norvig` crate), the
   * baseline the bitset solver is compared with. */
  norvigSolve(puzzle) {
    return this.#call('bd_norvig_solve', puzzleText(puzzle));
  }

  /** `n` puzzles with exactly one solution; the same seed gives the same puzzles.
   * Board options (`size`, `box`, `jigsaw`, `killer`, `thermos`, ...) make puzzles of
   * the general engine, as `bitdoku generate` and Python's `generate` do: the same
   * seed and options give the same puzzles. */
  generate(n = 1, options = {}) {
    integer('n', n, 0, 0xffffffff);
    const { seed, clues, minimal = false, level, er } = optionsOf(options, GENERATE_OPTIONS);
    const board = {};
    for (const name of BOARD_TEXTS) {
      const value = options[name];
      if (value === undefined) continue;
      if (typeof value !== 'string') {
        throw new TypeError(`${name} must be a string, not ${describe(value)}`);
      }
      board[name] = value;
    }
    for (const name of BOARD_FLAGS) {
      const value = options[name];
      if (value === undefined) continue;
      if (typeof value !== 'boolean') {
        throw new TypeError(`${name} must be true or false, not ${describe(value)}`);
      }
      board[name] = value;
    }
    for (const name of BOARD_COUNTS) {
      if (options[name] !== undefined) board[name] = integer(name, options[name], 0, 0x7fffffff);
    }
    for (const name of BOARD_MARKS) {
      const value = options[name];
      if (value === undefined) continue;
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw new TypeError(`${name} must be a number of marks or "all", not ${describe(value)}`);
      }
      board[name] = typeof value === 'string' ? value : integer(name, value, 0, 0x7fffffff);
    }
    const { killer } = options;
    if (killer !== undefined) {
      if (typeof killer !== 'boolean' && typeof killer !== 'number') {
        throw new TypeError(`killer must be true or the largest cage, not ${describe(killer)}`);
      }
      board.killer = typeof killer === 'boolean' ? killer : integer('killer', killer, 0, 0x7fffffff);
    }
    if (typeof minimal !== 'boolean') {
      throw new TypeError(`minimal must be true or false, not ${describe(minimal)}`);
    }
    if (er !== undefined && !(Array.isArray(er) && er.length === 2 && er.every((v) => typeof v === 'number' && Number.isFinite(v)))) {
      throw new TypeError('er must be a [lowest, highest] pair of numbers');
    }
    return this.#call(
      'bd_generate',
      JSON.stringify(board),
      n,
      BigInt.asIntN(64, seedOf(seed)),
      clues === undefined ? -1 : integer('clues', clues, 0, 0x7fffffff),
      minimal ? 1 : 0,
      level === undefined ? -1 : integer('level', level, 0, 0x7fffffff),
      er === undefined ? NaN : er[0],
      er === undefined ? NaN : er[1],
    );
  }

  /** Traps inside the module, for the tests: the call throws, and the next call
   * runs on a fresh instance. */
  _panicForTests() {
    return this.#call('bd_panic_for_tests', '');
  }
}

/** Loads the module from `source` (a URL, bytes or a compiled WebAssembly.Module; by
 * default `bitdoku.wasm` beside this file) and gives its calls. Each instance has its
 * own memory; the package's own functions are those of one made on import. */
export async function instantiate(source = DEFAULT_URL) {
  return new Bitdoku(await compile(source));
}

const bitdoku = await instantiate();

export const {
  version, backend, solve, solveMany, count, countMany, isUnique, trueCandidates, parse,
  rate, hint, explain, path, givens, propagate, norvigSolve, generate,
} = bitdoku;

export default bitdoku;
