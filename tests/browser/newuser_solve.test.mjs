// What a new user trips on around Solve: Fast mode's label says "shortest"
// only when the path meets its proved lower bound, "Use Fast instead"
// during a 5×5 optimal run cancels it and solves in Fast at once, and a
// link with an optimal 5×5 board opens with the warning, not a search.

import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { pageTest } from './suite.mjs';
import { expectText, expectTextMatch, pagePath, text } from './harness.mjs';

const KORF24_1 = '[14,5,9,2,18,8,23,19,12,17,15,0,10,20,4,6,11,21,1,7,24,3,16,22,13]';
const KORF_GOAL25 = '[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24]';

async function visible(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return !!el && !el.hidden && el.getClientRects().length > 0;
  }, selector);
}

async function solved(page, timeout = 60_000) {
  await expectTextMatch(page, '#status', (v) => v.startsWith('Solved'), 'a solved status', timeout);
}

pageTest('Fast mode: the 3×3 baseline at gap 0 is shortest, the 3×4 sample at gap 8 is not proved shortest', async ({ page }) => {
  await page.selectOption('#mode', 'fast');
  await page.click('#solve');
  await solved(page);
  assert.equal(await text(page, '#status'), 'Solved (shortest)');
  assert.equal(
    await text(page, '#summary'),
    'Shortest (proved: it meets the lower bound): a fast path of 2 moves; proved lower bound 2, gap 0. Next: replay it with Next.',
  );
  await page.selectOption('#sample', 'three-by-four');
  await page.selectOption('#mode', 'fast');
  await page.click('#solve');
  await solved(page);
  assert.equal(await text(page, '#status'), 'Solved (not proved shortest)');
  assert.equal(
    await text(page, '#summary'),
    'Not proved shortest: a fast path of 30 moves; proved lower bound 22, gap 8. Next: replay it with Next.',
  );
  assert.equal(await text(page, '#cost'), '30');
});

pageTest('"Use Fast instead" during a 5×5 optimal run cancels it and solves in Fast without Solve', async ({ page }) => {
  await page.fill('#goal', KORF_GOAL25);
  await page.fill('#start', KORF24_1);
  assert.equal(await page.inputValue('#mode'), 'optimal');
  await page.click('#solve');
  await expectText(page, '#status', 'Working…');
  assert.equal(await visible(page, '#solve-run'), true);
  await page.click('#use-fast');
  await solved(page, 30_000);
  assert.equal(await page.inputValue('#mode'), 'fast');
  assert.equal(await text(page, '#status'), 'Solved (not proved shortest)');
  assert.match(await text(page, '#summary'), /^Not proved shortest: a fast path of \d+ moves; proved lower bound \d+, gap \d+\./);
  assert.equal(await visible(page, '#solve-run'), false);
  assert.equal(await visible(page, '#warning-box'), false);
});

pageTest('a link with an optimal 5×5 board opens with the warning and a Solve button, not a running search', async ({ context }) => {
  const url = `${pathToFileURL(pagePath()).href}#start=${encodeURIComponent(KORF24_1)}&goal=${encodeURIComponent(KORF_GOAL25)}&mode=optimal`;
  const linked = await context.newPage();
  await linked.goto(url);
  // Nothing runs, so no result comes: the page is ready when it says so.
  await expectText(linked, '#summary', 'Not solved yet. Next: press Solve (IDA* in a Web Worker).', 15_000);
  assert.equal(await linked.inputValue('#start'), KORF24_1);
  assert.equal(await linked.inputValue('#mode'), 'optimal');
  assert.equal(await visible(linked, '#warning-box'), true);
  assert.match(await text(linked, '#warning'), /^A random 24-puzzle can take hours to solve optimally/);
  assert.notEqual(await text(linked, '#status'), 'Working…');
  assert.equal(await visible(linked, '#solve-run'), false, 'no progress and no Cancel');
  assert.equal(await text(linked, '#solve-progress'), '');
  assert.equal(await visible(linked, '#cancel-solve'), false);
  assert.equal(await linked.isEnabled('#solve'), true);
});
