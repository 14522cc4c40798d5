// Types of the `bitdoku` package (index.js). Puzzles are strings: 81 squares on one
// line (`1`-`9` given; `0`, `.`, `_` or `*` empty), a boxed grid over several lines, or
// a 729-character pencilmark line. Solutions are strings of 81 digits. solve, count,
// isUnique, trueCandidates and parse also take any puzzle of the general engine
// (AnyPuzzle): an N×N line, sudoku-puzzle or f-puzzles JSON (a string or an object),
// or an f-puzzles or SudokuPad link; its solution is its N×N line (`1`-`9`, then
// `A`-`P`).

/** A classic puzzle string, or a puzzle for the general engine: an N×N line, a
 * sudoku-puzzle or f-puzzles JSON document (as a string, or as an object), or an
 * f-puzzles or SudokuPad link. */
export type AnyPuzzle = string | { [key: string]: unknown };

/** A puzzle that could not be read. */
export class PuzzleError extends Error {
  name: 'PuzzleError';
  /** 1-based line inside the puzzle string (null for a general puzzle). */
  line: number | null;
  /** 1-based column (in characters) inside the puzzle string (a general puzzle's: an
   * N×N line's, else null). */
  column: number | null;
  /** Where in a JSON document (`rules[3].cells[1]`; `""` for the document itself),
   * else null. */
  path: string | null;
  /** What was wrong, without the position. */
  reason: string;
  /** The puzzle's index in a batch call (solveMany, countMany), else null. */
  index: number | null;
}

/** A puzzle with no answer to the question asked (explain or hint of a puzzle without
 * exactly one solution; generate that could not reach its target). */
export class UnansweredError extends Error {
  name: 'UnansweredError';
  /** `unsolvable`, `not-unique`, `stalled` or `gave-up`. */
  status: 'unsolvable' | 'not-unique' | 'stalled' | 'gave-up';
}

/** A rating on Sudoku Explainer's scale (the Python package's `rate` dict). */
export interface Rating {
  /** `rated`, `solved` (nothing left to do: ER 0.0), `stalled` (no technique finds a
   * step: ER 20.0), `timed-out` (the `timeout` ran out: `er`, `ep`, `ed` and `level`
   * are lower bounds, from the `steps` taken), `not-unique` (several solutions: not
   * rated) or `unsolvable`. */
  status: 'rated' | 'solved' | 'stalled' | 'timed-out' | 'not-unique' | 'unsolvable';
  /** The hardest step of the solve path (20.0: stalled; at least this: timed-out). */
  er?: number;
  /** The hardest step up to the first placement. */
  ep?: number;
  /** The first step's difficulty. */
  ed?: number;
  /** The technique of the hardest step (the status word where there is no step:
   * `stalled`, `solved`, `timed-out`). */
  technique?: string;
  ep_technique?: string;
  ed_technique?: string;
  /** 1 (easy) to 6 (extreme), a coarse label of ER. */
  level?: number;
  /** easy, medium, hard, expert, fiendish or extreme. */
  label?: string;
  /** Steps of the solve path (taken, if timed-out). */
  steps?: number;
  /** The one solution (rated) or the first (not-unique). */
  solution?: string;
}

/** What rate takes beside the puzzle. */
export interface RateOptions {
  /** Seconds (decimals allowed) the rating may take, as the command line's
   * `--timeout` and Python's `timeout=`: a rating that runs out is `timed-out`. */
  timeout?: number;
}

/** True candidates, as `bitdoku candidates --format json` and Python's
 * `true_candidates` give them. */
export interface TrueCandidates {
  /** `unique`, `multiple`, `unsolvable`, or `gave-up` (the limit stopped the run). */
  status: 'unique' | 'multiple' | 'unsolvable' | 'gave-up' | 'timed-out';
  /** Each cell's true candidates, row-major: digits `1`-`9` then `A`-`P`, in
   * increasing order; `""` for none. */
  candidates: string[];
  /** Cells with one true candidate: the same digit in every solution. */
  fixed: number;
  /** The witness solutions found. */
  solutions: number;
  /** Each cell's undecided candidates (only for a run stopped early). */
  undecided?: string[];
}

/** What trueCandidates takes beside the puzzle. */
export interface CandidatesOptions {
  /** At most this many witness solutions (default: no limit; 0 is read as 1). */
  limit?: number;
}

/** A puzzle read (parse). */
export interface Parsed {
  /** The board's side, N. */
  size: number;
  /** The format it came in. */
  format: 'classic' | 'line' | 'sudoku-puzzle' | 'fpuzzles' | 'link';
  /** The givens as an N×N line (`.` for empty). */
  givens: string;
  /** How many givens. */
  clues: number;
  /** Its title, if it has one. */
  title: string | null;
  /** How many variant rules beside its houses (cages, lines, dots...). */
  rules: number;
  /** The solution the document carries (an N×N line), if any. */
  solution: string | null;
}

/** A digit in a square: `{square: "A1", digit: 5}`. */
export interface Candidate {
  square: string;
  digit: number;
}

/** A candidate in a chain, on or off. */
export interface Node extends Candidate {
  on: boolean;
}

/** One implication of a chain. */
export interface Link {
  from: Node;
  to: Node;
}

/** One step of a solve path, as every bitdoku front end gives it. */
export interface Step {
  /** Sudoku Explainer's name of the technique (`Hidden Single`, `X-Wing`...). */
  technique: string;
  difficulty: number;
  placement: Candidate | null;
  eliminations: Candidate[];
  /** The squares of the pattern (`A1`...). */
  cells: string[];
  /** The candidates of the pattern. */
  candidates: Candidate[];
  /** `row A`, `column 1`, `box 1`. */
  units: string[];
  digits: number[];
  /** A chain's implications, in order. */
  links: Link[];
  /** The step in words: `X-Wing (3.2): remove 4 from A3, G3`. */
  text: string;
}

/** What generate aims for. The board options (`size` to `xv`) and `format` make
 * puzzles of the general engine, as `bitdoku generate` and Python's `generate` do
 * (the same seed and options, the same puzzles); `level`, `er` and `minimal` are for
 * classic 9×9 puzzles only. */
export interface GenerateOptions {
  /** The same seed gives the same puzzles (default: a random seed). */
  seed?: number | bigint;
  /** Remove givens until at most this many are left (17 to 81 on a classic board; at
   * most the cells on another). */
  clues?: number;
  /** The pattern of givens: none, rotate180, rotate90, mirror, flip, diagonal,
   * antidiagonal, mirror-flip, dihedral. */
  symmetry?: string;
  /** No given can be removed without losing uniqueness (classic 9×9 only). */
  minimal?: boolean;
  /** A level, 1 to 6, as rate gives it (not with er; classic 9×9 only). */
  level?: number;
  /** An ER range [lowest, highest], 1.0 to 20.0 (not with level; classic 9×9 only). */
  er?: [number, number];
  /** N, 4 to 25 (default 9). */
  size?: number;
  /** Boxes of ROWSxCOLS cells, such as `"2x3"` (their product is the size). */
  box?: string;
  /** Random jigsaw regions instead of boxes. */
  jigsaw?: boolean;
  /** The two diagonals (X-Sudoku). */
  diagonals?: boolean;
  /** The windows (Windoku). */
  windows?: boolean;
  /** The disjoint groups. */
  disjointGroups?: boolean;
  /** No two cells a knight's move apart hold the same digit. */
  antiKnight?: boolean;
  /** No two cells a king's move apart hold the same digit. */
  antiKing?: boolean;
  /** Orthogonal neighbours are not consecutive. */
  nonConsecutive?: boolean;
  /** A killer puzzle without givens: cages of at most 5 cells (true) or of at most
   * this many. */
  killer?: boolean | number;
  /** Thermometers drawn from the solution. */
  thermos?: number;
  /** Arrows drawn from the solution. */
  arrows?: number;
  /** German whispers drawn from the solution. */
  whispers?: number;
  /** Renban lines drawn from the solution. */
  renban?: number;
  /** Cells marked odd or even. */
  oddEven?: number;
  /** Kropki dots: this many, or `"all"` (every dot that holds, and no dot means
   * neither relation). */
  kropki?: number | 'all';
  /** X and V marks: this many, or `"all"` (with the negative constraint). */
  xv?: number | 'all';
  /** How a general puzzle is written: `line` (its N×N line of givens), `sudoku-puzzle`
   * or `fpuzzles` (JSON text, with the solution), `link` (an f-puzzles link); by
   * default the N×N line when it says everything, else sudoku-puzzle JSON. */
  format?: 'line' | 'sudoku-puzzle' | 'fpuzzles' | 'link';
}

/** The grid at one point of a solve path, and the step taken from there. */
export interface Stage {
  /** The solved squares: 81 characters, `1`-`9` or `.` for an open square. */
  values: string;
  /** Each square's candidates (a solved square's being its digit), row by row. */
  candidates: string[];
  /** The step taken from here; null at the end of the path. */
  step: Step | null;
}

/** The calls of one instance of the module. */
export interface Bitdoku {
  /** The package's version. */
  readonly version: string;
  /** The solver's back-end in this module: `simd128` (the package's) or `portable`. */
  readonly backend: string;
  /** The first solution (digits tried in increasing order), or null if none; a
   * general puzzle's as its N×N line. */
  solve(puzzle: AnyPuzzle): string | null;
  /** solve() of each puzzle (any puzzle solve() takes), in order. */
  solveMany(puzzles: Iterable<AnyPuzzle>): (string | null)[];
  /** How many solutions, counting no further than `limit` (default 2; 0 is read as 1). */
  count(puzzle: AnyPuzzle, limit?: number): number;
  /** count() of each puzzle (any puzzle count() takes), in order. */
  countMany(puzzles: Iterable<AnyPuzzle>, limit?: number): number[];
  /** True if the puzzle has exactly one solution. */
  isUnique(puzzle: AnyPuzzle): boolean;
  /** The digits each cell holds in some solution. */
  trueCandidates(puzzle: AnyPuzzle, options?: CandidatesOptions): TrueCandidates;
  /** The puzzle read: size, format, givens, clues, title, rules and the solution it
   * carries. */
  parse(puzzle: AnyPuzzle): Parsed;
  /** The rating on Sudoku Explainer's scale, from the human solve path. */
  rate(puzzle: string, options?: RateOptions): Rating;
  /** The next step of the puzzle as it stands, or null if it is solved. */
  hint(puzzle: string): Step | null;
  /** The whole solve path. */
  explain(puzzle: string): Step[];
  /** The solve path with the grid before each step, and the grid at its end. */
  path(puzzle: string): Stage[];
  /** The squares known at the start (the givens; a pencilmark puzzle's squares with
   * one candidate) as a line of 81, `.` for the others. */
  givens(puzzle: string): string;
  /** Norvig's candidate grid after his two rules: 81 strings of digits, row by row,
   * or null on a contradiction. */
  propagate(puzzle: string): string[] | null;
  /** The first solution by Norvig's string solver (the baseline). */
  norvigSolve(puzzle: string): string | null;
  /** `n` puzzles with exactly one solution: classic 81-character lines, or a general
   * board's in its `format`. */
  generate(n?: number, options?: GenerateOptions): string[];
}

/** Loads the module from a URL, bytes or a compiled module (default: bitdoku.wasm
 * beside index.js): an instance with its own memory. */
export function instantiate(
  source?: URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module,
): Promise<Bitdoku>;

export const version: Bitdoku['version'];
export const backend: Bitdoku['backend'];
export const solve: Bitdoku['solve'];
export const solveMany: Bitdoku['solveMany'];
export const count: Bitdoku['count'];
export const countMany: Bitdoku['countMany'];
export const isUnique: Bitdoku['isUnique'];
export const trueCandidates: Bitdoku['trueCandidates'];
export const parse: Bitdoku['parse'];
export const rate: Bitdoku['rate'];
export const hint: Bitdoku['hint'];
export const explain: Bitdoku['explain'];
export const path: Bitdoku['path'];
export const givens: Bitdoku['givens'];
export const propagate: Bitdoku['propagate'];
export const norvigSolve: Bitdoku['norvigSolve'];
export const generate: Bitdoku['generate'];

declare const bitdoku: Bitdoku;
export default bitdoku;
