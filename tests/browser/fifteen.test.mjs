// The 15-puzzle in the page: the board size follows the start field, the
// sample control, a 4×4 solve in a Web Worker with progress and Cancel (the
// pattern database built once per page session), the checked witness of
// Korf's #55, both parts of the 4×4 parity proof, the tabs that apply to
// 3×3 only, the size-mismatch error, accessibility and the narrow layout.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import {
  boardCells,
  ensureArtifacts,
  eventually,
  expectBoard,
  expectText,
  expectTextMatch,
  runAxe,
  text,
  texts,
} from './harness.mjs';

const KORF55 = '[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]';
const KORF_GOAL = '[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]';
const EASY16 = '[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15]';
const GOAL16 = '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]';
const LIMIT_NOTE =
  '4×4: the Budget field (3×3 A* expansions, 1–10000) does not apply. IDA* stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel.';
const NOTE_TAIL = 'on a 3×3 board only: the start is a 4×4 board. Type or choose a 3×3 board to use this tab.';
const NOTES = {
  trace: `The Trace tab steps the 3×3 contract A*, which exists ${NOTE_TAIL}`,
  lab: `The Lab compares searches over the 181,440 boards of the 8-puzzle and runs ${NOTE_TAIL}`,
  space: `The State space tab explores all 181,440 boards of the 8-puzzle and runs ${NOTE_TAIL}`,
};

async function type(page, selector, value) {
  await page.fill(selector, value);
}

async function visible(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return !!el && !el.hidden && el.getClientRects().length > 0;
  }, selector);
}

async function expectBaseline(page) {
  await expectText(page, '#status', 'Solved');
  assert.equal(await text(page, '#cost'), '2');
  assert.equal(await text(page, '#expansions'), '2');
  assert.equal(await text(page, '#initial-h'), '2');
  assert.deepEqual(await texts(page, '#witness li'), ['Right', 'Right']);
  await expectBoard(page, ['1', '2', '3', '4', '5', '6', '', '7', '8']);
  assert.equal(await visible(page, '#nodes-field'), false);
  assert.equal(await visible(page, '#run16'), false);
}

pageTest('typing sixteen values draws a 4×4 board, the goal follows and the 4×4 limit is stated', async ({ page }) => {
  await type(page, '#start', EASY16);
  await expectBoard(page, EASY16.slice(1, -1).split(',').map((v) => (v === '0' ? '' : v)));
  assert.equal((await boardCells(page)).length, 16);
  assert.equal(await page.inputValue('#goal'), GOAL16);
  assert.equal(await text(page, '#board-caption'), 'Start (4×4; not solved yet)');
  assert.equal(await text(page, '#status'), '—');
  assert.equal(await text(page, '#initial-h'), '2');
  assert.equal(await visible(page, '#nodes-field'), true);
  assert.equal(await page.inputValue('#node-budget'), '1000000000');
  assert.equal(await text(page, '#limit-note'), LIMIT_NOTE);
  assert.equal(await text(page, '#ledger-total'), '2');
  assert.equal(await page.locator('#ledger-rows tr').count(), 16);
  assert.match(await page.evaluate(() => location.hash), /&nodes=1000000000&/);
  // The tabs that exist for 3×3 only say why, and show nothing else.
  for (const [tab, note] of Object.entries(NOTES)) {
    await page.click(`#tab-${tab}`);
    await expectText(page, `#${tab}-size-note`, note);
    const shown = await page.evaluate(
      (id) =>
        [...document.getElementById(id).children]
          .filter((c) => c.getClientRects().length > 0)
          .map((c) => c.tagName + (c.id ? `#${c.id}` : '')),
      `${tab}-panel`,
    );
    assert.deepEqual(shown, [`H2#${tab}-title`, `P#${tab}-size-note`]);
  }
  // Back to nine values: the notes go and the goal follows back.
  await type(page, '#start', '[1,2,3,4,5,6,0,7,8]');
  assert.equal(await page.inputValue('#goal'), '[1,2,3,4,5,6,7,8,0]');
  assert.equal(await visible(page, '#space-size-note'), false);
  await page.click('#tab-solution');
  await page.click('#solve');
  await expectBaseline(page);
});

pageTest('Korf #55 from the sample control: database built with progress, Cancel, then 41 checked moves; 3×3 after is the baseline', async ({ page }, t) => {
  assert.deepEqual((await texts(page, '#sample option')).slice(0, 3), [
    'Choose a sample…',
    '3×3 baseline (2 moves)',
    '4×4 Korf #55 (41 moves, goal blank top-left)',
  ]);
  await page.selectOption('#sample', 'korf55');
  assert.equal(await page.inputValue('#start'), KORF55);
  assert.equal(await page.inputValue('#goal'), KORF_GOAL);
  await page.click('#solve');
  // Progress is visible while the database is built; Cancel stops the run.
  await expectTextMatch(
    page,
    '#progress16',
    (v) => /^Building the 6-6-3 pattern database \(once per page session\): table \d of 3, [\d,]+ of 11,534,880 entries\.$/.test(v),
    'build progress',
    15_000,
  );
  assert.equal(await text(page, '#status'), 'Working…');
  assert.equal(await page.isEnabled('#cancel16'), true);
  await page.click('#cancel16');
  await expectText(page, '#status', 'Cancelled');
  assert.equal(await visible(page, '#run16'), false);
  assert.deepEqual(await texts(page, '#witness li'), []);
  // Solve again: the build goes on where it stopped, then IDA* runs.
  await page.click('#solve');
  await expectTextMatch(page, '#status', (v) => v === 'Solved', 'Korf #55 solved', 120_000);
  assert.equal(await text(page, '#cost'), '41');
  assert.equal(await page.locator('#witness li').count(), 41);
  assert.match(
    await text(page, '#check'),
    /^Independent replay \(verify16, on the page\): all 41 moves checked as legal swaps/,
  );
  assert.equal(await page.locator('#replay-rows tr').count(), 42);
  assert.equal(await text(page, '#replay-status'), 'Step 0 of 41');
  await page.click('#last');
  await expectBoard(page, KORF_GOAL.slice(1, -1).split(',').map((v) => (v === '0' ? '' : v)));
  assert.equal(await text(page, '#board-caption'), 'Replay step 41 of 41 (the goal)');
  const figures = await page.evaluate(() => ({ ...document.documentElement.dataset }));
  t.diagnostic(`build16Ms=${figures.build16Ms} solve16Ms=${figures.solve16Ms} worker16Bytes=${figures.worker16Bytes}`);
  assert.ok(Number(figures.worker16Bytes) > 11_534_880, 'the worker holds the database');
  await page.screenshot({ path: join(ensureArtifacts(), 'fifteen-solution-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(w <= 360, `at 360 px: documentElement.scrollWidth ${w} > 360`);
  await page.screenshot({ path: join(ensureArtifacts(), 'fifteen-solution-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.match(await text(page, '#counters'), /; pattern database built for this solve$/);
  // The table stays in the worker: another solve toward the same goal
  // reuses it.
  await type(page, '#start', '[1,2,0,3,4,5,6,7,8,9,10,11,12,13,14,15]');
  assert.equal(await page.inputValue('#goal'), KORF_GOAL);
  await page.click('#solve');
  await expectText(page, '#status', 'Solved', 10_000);
  assert.deepEqual(await texts(page, '#witness li'), ['Left', 'Left']);
  assert.equal(
    await text(page, '#counters'),
    'generated 5, expanded 3, iterations 1, last bound 2; node budget 1,000,000,000; pattern database reused (built earlier in this page session)',
  );
  // Play on 4×4: the hint comes from the worker; a move clears it.
  await page.click('#tab-play');
  assert.equal(await visible(page, '#play-size-note'), false);
  await expectText(page, '#board-caption', 'Play: your board after 0 moves');
  await page.click('#hint');
  await expectText(page, '#hint-text', 'Hint: Left (the blank moves that way); the exact distance drops from 2 to 1.', 10_000);
  await page.keyboard.press('ArrowLeft');
  await expectText(page, '#board-caption', 'Play: your board after 1 move');
  assert.equal(await visible(page, '#hint-text'), false);
  await page.click('#board [data-cell="0"]');
  await expectText(page, '#board-caption', 'Play: the goal is reached');
  await expectBoard(page, KORF_GOAL.slice(1, -1).split(',').map((v) => (v === '0' ? '' : v)));
  await page.screenshot({ path: join(ensureArtifacts(), 'fifteen-play-1280.png'), fullPage: true });
  await page.click('#tab-solution');
  // A 3×3 board afterwards gives exactly the baseline.
  await page.selectOption('#sample', 'baseline');
  await expectBaseline(page);
});

pageTest('an unsolvable 4×4 pair shows both parts of the proof, with no search', async ({ page }) => {
  await type(page, '#start', '[2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0]');
  await page.click('#solve');
  await expectText(page, '#status', 'Unsolvable');
  assert.equal(
    await text(page, '#parity'),
    "Start: inversions 1 + blank row 4 = 5 (odd). Goal: inversions 0 + blank row 4 = 4 (even). On a 4-wide board a horizontal move keeps the inversions and the blank's row; a vertical move changes the inversions by 1 or 3 (odd) and the blank's row by 1, so the parity of the sum never changes: no sequence of moves joins them.",
  );
  assert.equal(await visible(page, '#run16'), false);
});

pageTest('a 3×3 goal with a 4×4 start is a size mismatch on the goal', async ({ page }) => {
  await type(page, '#goal', '[1,2,3,4,5,6,7,0,8]');
  await type(page, '#start', KORF55);
  await page.click('#solve');
  await expectText(
    page,
    '#goal-error',
    'the start is a 4×4 board (sixteen values) but the goal is a 3×3 board (nine values); start and goal must be the same size',
  );
  assert.equal(await text(page, '#status'), 'Invalid — Goal');
  assert.equal(await page.getAttribute('#goal', 'aria-invalid'), 'true');
  assert.deepEqual(await boardCells(page), []);
  await type(page, '#node-budget', '12x');
  await expectText(page, '#node-budget-error', 'the node budget "12x" is not a whole number; write e.g. 100000000');
});

pageTest(
  'axe finds nothing on the 4×4 page (Solution with the proof, and a 3×3-only tab)',
  async ({ page }) => {
    await type(page, '#start', '[2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0]');
    await page.click('#solve');
    await expectText(page, '#status', 'Unsolvable');
    let { violations, report } = await runAxe(page);
    assert.equal(violations.length, 0, report);
    await page.click('#tab-trace');
    await expectText(page, '#trace-size-note', NOTES.trace);
    ({ violations, report } = await runAxe(page));
    assert.equal(violations.length, 0, report);
  },
  { bypassCSP: true },
);

pageTest(
  'at 360 px a 4×4 board and its ledger fit without horizontal scroll',
  async ({ page }) => {
    await type(page, '#start', KORF55);
    await eventually(
      async () => (await boardCells(page)).length,
      (n) => n === 16,
      'a 4×4 board',
    );
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(w <= 360, `documentElement.scrollWidth ${w} > 360`);
    await page.screenshot({ path: join(ensureArtifacts(), 'fifteen-360.png'), fullPage: true });
  },
  { viewport: { width: 360, height: 740 } },
);
