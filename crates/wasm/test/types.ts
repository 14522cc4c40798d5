// Compiled by `npm run typecheck` (tsc --strict, no output) against index.d.ts: the
// package's calls as a TypeScript user writes them. A declaration that drifts from
// this use fails the check; test/techniques.test.mjs checks the names against
// index.js.
import bitdoku, {
  count,
  explain,
  generate,
  hint,
  instantiate,
  propagate,
  PuzzleError,
  rate,
  solve,
  solveMany,
  trueCandidates,
  parse,
  isUnique,
  UnansweredError,
  type AnyPuzzle,
  type Bitdoku,
  type Parsed,
  type TrueCandidates,
  type Rating,
  type Step,
} from '../index.js';

const grid1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const solution: string | null = solve(grid1);
const solutions: (string | null)[] = solveMany(new Set([grid1]));
const counted: number = count(grid1, 0) + bitdoku.countMany([grid1])[0];
const rating: Rating = rate(grid1);
const bounded: Rating = rate(grid1, { timeout: 1.5 });
const late: boolean = bounded.status === 'timed-out' || bounded.status === 'solved';
const level: number | undefined = rating.level;
const steps: Step[] = explain(grid1);
const first: string | undefined = steps[0]?.placement?.square;
const next: Step | null = hint(grid1);
const grid: string[] | null = propagate(grid1);
const made: string[] = generate(2, { seed: 7n, symmetry: 'mirror', level: 2 });
const ranged: string[] = generate(1, { er: [3.0, 4.4], minimal: true, clues: 30 });
const boards: string[] = generate(1, { seed: 1, size: 6, box: '3x2', killer: 4, thermos: 2, kropki: 'all', xv: 3, format: 'link' });
const rules: string[] = generate(1, { jigsaw: true, diagonals: true, windows: false, disjointGroups: false, antiKnight: true, antiKing: false, nonConsecutive: false, killer: true, arrows: 1, whispers: 1, renban: 1, oddEven: 2, symmetry: 'rotate180', clues: 30, format: 'sudoku-puzzle' });
try {
  solve('12');
} catch (e) {
  if (e instanceof PuzzleError) {
    const where: [number | null, number | null, string | null, string, number | null] = [
      e.line,
      e.column,
      e.path,
      e.reason,
      e.index,
    ];
    console.log(where);
  } else if (e instanceof UnansweredError) {
    const status: string = e.status;
    console.log(status);
  }
}

async function another(bytes: Uint8Array): Promise<Bitdoku> {
  const other = await instantiate(bytes);
  const backend: string = other.backend;
  console.log(backend, other.version);
  return other;
}

// Puzzles for the general engine: N×N lines, JSON as text or as an object, links.
const four: string | null = solve('4....2....43...1');
const doc: AnyPuzzle = { size: 4, grid: [[{ value: 4, given: true }, {}, {}, {}]] };
const docCount: number = count(doc, 2);
const unique: boolean = isUnique('https://f-puzzles.com/?load=N4Ig');
const tc: TrueCandidates = trueCandidates('4....2..........', { limit: 10 });
const digits: string | undefined = tc.candidates[1];
const undecided: string[] | undefined = tc.undecided;
const parsed: Parsed = parse(doc);
const facts: [number, string, string, number] = [parsed.size, parsed.format, parsed.givens, parsed.clues];
const carried: string | null = parsed.solution ?? parsed.title;

console.log(solution, solutions, counted, level, first, next, grid, made, ranged, boards, rules, another);
console.log(four, docCount, unique, tc.status, digits, undecided, facts, carried, parsed.rules);
