// The page in headless Chromium, end to end: served on 127.0.0.1 by a small static
// server, a puzzle loaded and solved, its explanation stepped with the keyboard and the
// buttons, a bad puzzle refused with its position, the comparison run on Norvig's
// top95 (the bitset solver must be at least 100x faster than the string solver in the
// same browser), the page checked at a phone's width, and a screenshot taken.
//
//   node e2e/browser.mjs [--screenshot FILE] [--set www/puzzles/norvig-top95.txt]
//
// Needs `npm run build` (the module and www/puzzles/, with Norvig's sets linked) and
// Chromium: $CHROMIUM, else /usr/bin/chromium (Debian's `chromium` package), driven
// by playwright-core (no browser download).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as bitdoku from '../index.js';
import { check, launch, serve } from './serve.mjs';

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const screenshot = option('--screenshot');
const GRID1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

for (const needed of ['bitdoku.wasm', 'www/puzzles/norvig-examples.txt', 'www/puzzles/norvig-top95.txt']) {
  if (!existsSync(join(here, needed))) {
    console.error(`e2e: ${needed} is missing: run npm run build (with Norvig's sets in $BITDOKU_PUZZLES or ../shared/puzzles)`);
    process.exit(2);
  }
}

const server = await serve(resolve(here));
const url = `http://127.0.0.1:${server.address().port}/www/`;
const browser = await launch();
const failures = [];
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && failures.push(`console error: ${m.text()}`));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  check((await page.textContent('#engine')).includes('simd128'), 'the page runs the SIMD128 module');

  // Norvig's first example is loaded: his candidate grid after propagation.
  const squares = () => page.$$eval('#grid .square', (all) => all.map((s) => s.textContent));
  const candidates = bitdoku.propagate(GRID1);
  const shown = await squares();
  check(shown.length === 81 && shown.every((text, s) => text === candidates[s]), "grid1 shows Norvig's candidate grid");

  // Solve.
  await page.click('#solve');
  check((await squares()).join('') === bitdoku.solve(GRID1), 'Solve shows the solution');
  check((await page.textContent('#view')).includes('the only one'), 'the solution is said to be unique');

  // Explain, stepped with the buttons and the arrow keys.
  const steps = bitdoku.explain(GRID1);
  await page.click('#explain');
  const at = async () => [await page.textContent('#step-count'), await page.textContent('#step-text')];
  check((await at())[0] === `step 1 of ${steps.length}`, 'Explain starts at step 1');
  await page.keyboard.press('Enter'); // the Forward button has the focus
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  check((await at()).join('|') === `step 4 of ${steps.length}|${steps[3].text}`, 'Enter and ArrowRight step forward');
  await page.keyboard.press('ArrowLeft');
  await page.click('#back');
  check((await at()).join('|') === `step 2 of ${steps.length}|${steps[1].text}`, 'ArrowLeft and Back step back');
  for (let k = 0; k < 5; k++) await page.click('#forward');
  const step = steps[6];
  const highlighted = await page.$$eval('#grid .square.pattern', (all) => all.length);
  check(highlighted >= step.cells.length && highlighted > 0, `step 7 (${step.text}) highlights its squares`);
  const marked = await page.$$eval('#grid .marks .candidate, #grid .marks .placed, #grid .marks .eliminated', (all) => all.length);
  check(marked > 0, 'and its candidates');
  await page.keyboard.press('End');
  check((await at())[0] === `solved (${steps.length} steps)`, 'End goes to the solved grid');
  await page.keyboard.press('Home');
  check((await at())[0] === `step 1 of ${steps.length}`, 'Home goes back to the start');

  // A bad puzzle: refused with its line and column.
  const mobile = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await mobile.goto(url);
  await mobile.waitForSelector('body[data-ready="true"]');
  await mobile.fill('#puzzle', GRID1.slice(0, 40) + 'x' + GRID1.slice(41));
  await mobile.click('#load');
  const refusal = await mobile.textContent('#message');
  check(refusal.startsWith('Not a puzzle: line 1, column 41: unexpected character'), `a bad puzzle is refused: ${refusal}`);
  const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, 'nothing is wider than a 360-pixel phone screen');
  const gridWidth = await mobile.$eval('#grid', (g) => g.getBoundingClientRect().width);
  check(gridWidth >= 300, `the grid fills the phone's width (${Math.round(gridWidth)} px)`);
  await mobile.selectOption('#level', '1');
  await mobile.click('#generate');
  await mobile.waitForFunction(() => document.querySelector('#message').textContent.startsWith('A new puzzle'), null, { timeout: 60_000 });
  check(true, `Generate: ${await mobile.textContent('#message')}`);
  await mobile.close();

  // The comparison on top95.
  await page.selectOption('#set', 'puzzles/norvig-top95.txt');
  await page.click('#compare');
  await page.waitForSelector('#results:not([hidden])', { timeout: 600_000 });
  const ratio = Number(await page.getAttribute('#results', 'data-ratio'));
  const puzzles = Number(await page.getAttribute('#results', 'data-puzzles'));
  const totals = await page.$$eval('#totals tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent).join(' ')));
  console.log(`# top95 in Chromium: ${totals.join('; ')}; ratio ${ratio.toFixed(1)}`);
  check(puzzles === 95, 'the comparison ran the 95 puzzles of top95');
  check(ratio >= 100, `the bitset solver is at least 100x faster than the string solver (${ratio.toFixed(0)}x)`);
  check((await page.$$('#histogram svg rect')).length > 4, 'the histogram is drawn');

  if (screenshot) {
    // The first step that removes candidates, to show a pattern at work.
    await page.keyboard.press('Home');
    const eliminating = steps.findIndex((s) => s.eliminations.length > 0);
    for (let k = 0; k < eliminating; k++) await page.keyboard.press('ArrowRight');
    await page.setViewportSize({ width: 800, height: 900 });
    // The grid at that step and the comparison: from the second section's heading to
    // the histogram.
    const clip = await page.evaluate(() => {
      const top = document.querySelector('#grid-heading').getBoundingClientRect().top + window.scrollY - 8;
      const bottom = document.querySelector('#results').getBoundingClientRect().bottom + window.scrollY + 8;
      return { x: 0, y: top, width: document.documentElement.clientWidth, height: bottom - top };
    });
    await page.screenshot({ path: screenshot, clip, fullPage: true });
    console.log(`# screenshot: ${screenshot}`);
  }
  check(failures.length === 0, `no errors in the page${failures.length ? `: ${failures.join('; ')}` : ''}`);
} finally {
  await browser.close();
  server.close();
}
