// The setter's page (www/setter.html) in headless Chromium, end to end: the first
// puzzle of several shared f-puzzles sets opened from the page's address (`#` and the
// link), at a desktop's and a phone's width; its rule elements drawn one for one with
// the document's; Count says it is unique; True candidates shows what the package's
// trueCandidates gives (itself checked against the CLI); a long call cancelled; a bad
// link and an unsupported rule refused with the solver's message; screenshots.
//
//   node e2e/setter.mjs [--screenshots DIR]
//
// Needs `npm run build`, Chromium (see serve.mjs) and the shared puzzles
// ($BITDOKU_PUZZLES, else ../shared/puzzles beside the repository).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as bitdoku from '../index.js';
import { check, launch, serve } from './serve.mjs';

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const shared = process.env.BITDOKU_PUZZLES ?? resolve(here, '../../../shared/puzzles');
const sets = join(shared, 'variants', 'f-puzzles');
const args = process.argv.slice(2);
const shots = args.includes('--screenshots') ? args[args.indexOf('--screenshots') + 1] : null;
const KINDS = ['killer_dig', 'thermo_dig', 'arrow_dig', 'kropki_dig', 'jigsaw', 'classic6', 'classic16'];
/** f-puzzles keys that are not drawn as elements (not rules, or whole-board rules). */
const NOT_ELEMENTS = new Set([
  'size', 'grid', 'title', 'author', 'ruleset', 'solution', '_solution', 'antiknight', 'antiking',
  'nonconsecutive', 'disjointgroups', 'negative',
]);

if (!existsSync(join(sets, 'killer_dig.urls'))) {
  console.error(`e2e: ${sets} is missing: the shared puzzles are needed ($BITDOKU_PUZZLES)`);
  process.exit(2);
}

const first = (file) => readFileSync(join(sets, file), 'utf8').split('\n')[0].trim();

/** How many elements of each key the document has: an entry of a list each, 1 for a
 * flag. */
function elementsOf(doc) {
  const counts = {};
  for (const [key, value] of Object.entries(doc)) {
    if (NOT_ELEMENTS.has(key)) continue;
    const n = Array.isArray(value) ? value.length : value ? 1 : 0;
    if (n) counts[key] = n;
  }
  return counts;
}

const started = performance.now();
const server = await serve(resolve(here));
const base = `http://127.0.0.1:${server.address().port}/www/setter.html`;
const browser = await launch();
const failures = [];
try {
  for (const [width, height] of [[1280, 900], [390, 844]]) {
    const page = await browser.newPage({ viewport: { width, height } });
    page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && failures.push(`console error: ${m.text()}`));
    for (const kind of KINDS) {
      const link = first(`${kind}.urls`);
      const doc = JSON.parse(first(`${kind}.jsonl`));
      const what = `${kind} at ${width} px`;
      await page.goto(`${base}#${encodeURIComponent(link)}`);
      await page.waitForSelector('body[data-ready="true"][data-loaded="true"]', { timeout: 30_000 });
      const drawn = await page.$$eval('#board [data-rule]', (all) => {
        const counts = {};
        for (const e of all) counts[e.dataset.rule] = (counts[e.dataset.rule] ?? 0) + 1;
        return counts;
      });
      const expected = elementsOf(doc);
      check(JSON.stringify(Object.entries(drawn).sort()) === JSON.stringify(Object.entries(expected).sort()),
        `${what}: one drawn element per rule element (${JSON.stringify(expected)})`);
      check(await page.$eval('#not-drawn', (e) => e.hidden), `${what}: nothing left undrawn`);
      const givens = await page.$$eval('#board .given', (all) => all.length);
      check(givens === bitdoku.parse(link).clues, `${what}: its ${givens} givens drawn`);
      if (width < 400) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        const board = await page.$eval('#board svg', (s) => s.getBoundingClientRect().width);
        check(overflow <= 0 && board >= 340, `${what}: the board fills the phone's width (${Math.round(board)} px), nothing wider`);
      }

      await page.click('#count');
      await page.waitForSelector('#answer[data-count]', { timeout: 30_000 });
      const count = await page.getAttribute('#answer', 'data-count');
      check(count === '1', `${what}: Count says unique: ${await page.textContent('#answer')}`);

      await page.click('#candidates');
      await page.waitForSelector('#answer[data-status]', { timeout: 30_000 });
      const shown = await page.$$eval('#board .cands', (all) => all.map((g) => [Number(g.dataset.cell), g.dataset.candidates]));
      const truth = bitdoku.trueCandidates(link).candidates;
      const open = truth.length - bitdoku.parse(link).clues;
      check(shown.length === open && shown.every(([i, c]) => truth[i] === c), `${what}: the true candidates of its ${open} open cells`);

      if (shots && width > 1000 && (kind === 'killer_dig' || kind === 'classic16')) {
        if (kind === 'classic16') await page.click('#clear');
        await page.setViewportSize({ width: 700, height: 900 });
        const file = join(shots, kind === 'killer_dig' ? 'setter-killer.png' : 'setter-16x16.png');
        await page.locator('#board svg').screenshot({ path: file });
        console.log(`# screenshot: ${file}`);
        await page.setViewportSize({ width, height });
      }
    }
    await page.close();
  }

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  // A long call (the true candidates of an empty 25×25 board) cancelled; the next runs.
  await page.goto(`${base}#${'.'.repeat(625)}`);
  await page.waitForSelector('body[data-ready="true"][data-loaded="true"]');
  await page.click('#candidates');
  await page.waitForFunction(() => /[1-9]\.\d s/.test(document.querySelector('#elapsed').textContent) || /0\.[3-9] s/.test(document.querySelector('#elapsed').textContent));
  check(!(await page.$eval('#working', (e) => e.hidden)), `a long call shows its progress: ${await page.textContent('#elapsed')}`);
  await page.click('#cancel');
  check((await page.textContent('#answer')).startsWith('Cancelled'), `Cancel stops it: ${await page.textContent('#answer')}`);
  await page.click('#count');
  await page.waitForSelector('#answer[data-count]', { timeout: 30_000 });
  check(await page.getAttribute('#answer', 'data-count') === '2', 'and the next call runs in a new worker');

  // Outside clues, sum clues, cell marks and given candidates (test/marks.json, the
  // node test's document): each drawn, nothing listed as not drawn.
  await page.goto(`${base}#${encodeURIComponent(readFileSync(join(here, 'test', 'marks.json'), 'utf8').trim())}`);
  await page.waitForSelector('body[data-ready="true"][data-loaded="true"]');
  const marks = await page.$$eval('#board .cell-tag, #board .outside-clue, #board .cage-sum, #board .edge-letter, #board .quad-digits', (all) => all.map((e) => e.textContent).sort());
  check(JSON.stringify(marks) === JSON.stringify(['+7', '+7', '10', '12', '12↘', '23', '3', '5', '=', '=', '{1,4}', 'Σ7', '≠3', '≤3']),
    `every mark of test/marks.json is drawn: ${marks.join(' ')}`);
  check(await page.$eval('#not-drawn', (e) => e.hidden), 'test/marks.json: nothing left undrawn');

  // Refusals: the solver's message, never an empty grid.
  for (const [input, message] of [
    ['https://f-puzzles.com/?load=N4Ig', "the link's data is not lz-string base64"],
    [JSON.stringify({ size: 4, grid: Array(4).fill(Array(4).fill({})), boxindexer: [{ cells: ['R1C1'] }] }), 'boxindexer: the f-puzzles constraint "boxindexer" is not supported yet'],
  ]) {
    await page.goto(`${base}#${encodeURIComponent(input)}`);
    await page.waitForSelector('body[data-ready="true"][data-loaded="error"]');
    const refusal = await page.textContent('#board .refusal');
    check(refusal.includes(message) && (await page.$$('#board svg')).length === 0, `refused: ${refusal}`);
  }
  // A classic puzzle: rated, and linked to the step-by-step page.
  const classic = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
  await page.goto(`${base}#${classic}`);
  await page.waitForSelector('body[data-ready="true"][data-loaded="true"]');
  await page.click('#rate');
  await page.waitForFunction(() => document.querySelector('#answer').textContent.includes('rating'), null, { timeout: 30_000 });
  const rating = bitdoku.rate(classic);
  check((await page.textContent('#answer')).includes(`ER ${rating.er.toFixed(1)}`), `a classic puzzle is rated: ${await page.textContent('#answer')}`);
  await page.click('#classic-link');
  await page.waitForSelector('body[data-ready="true"]');
  check((await page.inputValue('#puzzle')) === classic, 'and opens on the step-by-step page');
  await page.close();
  check(failures.length === 0, `no errors in the page${failures.length ? `: ${failures.join('; ')}` : ''}`);
} finally {
  await browser.close();
  server.close();
}
console.log(`# setter's page e2e: ${((performance.now() - started) / 1000).toFixed(1)} s`);
