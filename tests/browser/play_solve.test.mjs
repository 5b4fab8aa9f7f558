// Play records a solve and, at the goal, shows the worker's analysis
// (issue 34 item 4): on the 3×3 baseline, Right, Left, Right, Right by
// clicks (4 moves, optimum 2, excess 2; move 2 wasted, as the native view
// test checks against a BFS); a pasted solve in either notation, and the
// parser's error on bad text. Screenshots at 360 and 1280 px.
//
//   cd tests/browser && node --test play_solve.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, expectText, text, texts } from './harness.mjs';

const BASELINE = '[1,2,3,4,5,6,0,7,8]';

for (const width of [360, 1280]) {
  pageTest(`at ${width} px a solve played by clicks is counted and analysed`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.fill('#start', BASELINE);
    await page.click('#tab-play');
    await expectText(page, '#play-counter', 'Moves: 0');
    // The blank is at cell 6: Right, Left, Right, Right (the blank's way).
    for (const [cell, count] of [[7, 1], [6, 2], [7, 3], [8, 4]]) {
      await page.click(`#board [data-cell="${cell}"]`);
      await expectText(page, '#play-counter', `Moves: ${count}`);
    }
    await expectText(
      page,
      '#play-analysis',
      'Your solve: 4 moves; the optimum is 2, so the excess is 2. Distance to the goal after each move, from 2: 1 2 1 0. One move did not bring the board one move closer: 2 (Left).',
      20_000,
    );
    assert.deepEqual(await texts(page, '#play-steps li'), [
      'Right — distance 1',
      'Left — distance 2 — wasted',
      'Right — distance 1',
      'Right — distance 0',
    ]);
    assert.equal(await page.locator('#play-chart svg rect').count() >= 5, true, 'a bar per board');
    assert.ok((await texts(page, '#play-chart text')).includes('tallest bar: 2 moves from the goal'), 'the chart names its scale');
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(scroll <= 0, `no horizontal scroll at ${width} px (${scroll} px over)`);
    await page.locator('#play-panel').screenshot({ path: join(ensureArtifacts(), `play-solve-${width}.png`) });
  });
}

pageTest('a pasted solve is replayed in the tiles\' notation, and bad text shows the parser\'s error', async ({ page }) => {
  await page.fill('#start', BASELINE);
  await page.click('#tab-play');
  await page.fill('#play-paste', 'R X');
  await page.click('#play-paste-go');
  await expectText(
    page,
    '#play-message',
    "The pasted solve was not replayed: move 2, 'X': not a move letter; write U, D, L or R, each optionally followed by a count (R3), separated by spaces or nothing.",
  );
  await expectText(page, '#play-counter', 'Moves: 0');
  await page.fill('#play-paste', 'L R L L');
  await page.selectOption('#play-notation', 'tile');
  await page.click('#play-paste-go');
  await expectText(page, '#play-counter', 'Moves: 4');
  await expectText(
    page,
    '#play-analysis',
    'Your solve: 4 moves; the optimum is 2, so the excess is 2. Distance to the goal after each move, from 2: 1 2 1 0. One move did not bring the board one move closer: 2 (Left).',
    20_000,
  );
});
