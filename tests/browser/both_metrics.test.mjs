// The page in both metrics (issue 33 item 2), as a person sees it: the
// replay's h column and the verdict's initial h are the chosen metric's
// estimate and name it (on the 3×3 baseline in the multi-tile metric f
// never exceeds the optimum, 1); the note under the inputs names the
// heuristic the worker really uses; the Trace and the Race say beside
// their controls that they count single-tile moves; a link whose metric
// the opened tool does not support opens with a sentence naming the
// field. Screenshots of every tab at 360 and 1280 px in the multi-tile
// metric, with no horizontal scroll.
//
//   cd tests/browser && node --test --test-concurrency=1 both_metrics.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, expectText, text, texts, waitReady } from './harness.mjs';

const SIXTEEN = '[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]';
const TRACE_NOTE =
  "The Trace steps the 3×3 contract's single-tile searches: its moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.";
const SPACE_NOTE =
  'The heuristic sweep and the depth table run single-tile searches: their moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.';
const RACE_NOTE =
  'The Race runs single-tile searches: its moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.';

async function shown(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return !!el && !el.hidden && el.getClientRects().length > 0;
  }, selector);
}

/** The replay table's rows as [g, h, f] numbers. */
async function replayGhf(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#replay-rows tr')].map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent);
      return [Number(cells[3]), Number(cells[4]), Number(cells[5])];
    }),
  );
}

pageTest('the replay and the verdict name the estimate of the chosen metric; in multi f never exceeds the optimum', async ({ page }) => {
  // Single-tile: Manhattan, as before.
  await page.click('#solve');
  await expectText(page, '#status', 'Solved', 30_000);
  assert.equal(await text(page, '#initial-h-label'), 'Initial Manhattan (h)');
  assert.equal(await text(page, '#initial-h'), '2');
  assert.deepEqual(await texts(page, '#replay-head th'), ['Step', 'Move', 'Board', 'g', 'h', 'f = g + h']);
  assert.deepEqual(await replayGhf(page), [[0, 2, 2], [1, 1, 2], [2, 0, 2]]);
  // Multi-tile: one slide of two tiles; h is the multi-tile estimate.
  await page.selectOption('#metric', 'multi');
  await page.click('#solve');
  await expectText(page, '#status', 'Solved', 30_000);
  assert.equal(await text(page, '#cost'), '1');
  assert.equal(await text(page, '#initial-h-label'), 'Initial multi-tile Manhattan (h)');
  assert.equal(await text(page, '#initial-h'), '1');
  assert.deepEqual(await texts(page, '#replay-head th'), [
    'Step',
    'Move',
    'Board',
    'g',
    'h (multi-tile Manhattan)',
    'f = g + h',
  ]);
  const rows = await replayGhf(page);
  assert.deepEqual(rows, [[0, 1, 1], [1, 0, 1]]);
  assert.ok(rows.every(([, , f]) => f <= 1), 'f never exceeds the optimum 1');
  // The cells' labels (the narrow layout) name the estimate too.
  assert.equal(
    await page.getAttribute('#replay-rows tr:first-child td:nth-child(5)', 'data-label'),
    'h (multi-tile Manhattan)',
  );
});

pageTest('the note under the inputs names the multi-tile pattern tables in the multi-tile metric', async ({ page }) => {
  await page.fill('#start', SIXTEEN);
  await expectText(
    page,
    '#limit-note',
    '4×4: IDA* with the pdb-663 pattern database stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel.',
  );
  await page.selectOption('#metric', 'multi');
  await expectText(
    page,
    '#limit-note',
    '4×4: IDA* with the multi-tile pattern tables stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel.',
  );
});

pageTest('the Trace, the Race and the sweep say beside their controls that they count single-tile moves', async ({ page }) => {
  for (const tab of ['trace', 'race', 'space']) {
    await page.click(`#tab-${tab}`);
    assert.equal(await shown(page, `#${tab}-metric-note`), false, `no ${tab} note in the single-tile metric`);
  }
  await page.selectOption('#metric', 'multi');
  await page.click('#tab-trace');
  await expectText(page, '#trace-metric-note', TRACE_NOTE);
  assert.equal(await shown(page, '#trace-metric-note'), true);
  await page.click('#tab-race');
  await expectText(page, '#race-metric-note', RACE_NOTE);
  assert.equal(await shown(page, '#race-metric-note'), true);
  await page.click('#tab-space');
  await expectText(page, '#space-metric-note', SPACE_NOTE);
  assert.equal(await shown(page, '#space-metric-note'), true);
  await page.selectOption('#metric', 'single');
  assert.equal(await shown(page, '#space-metric-note'), false);
});

pageTest('a link in the multi-tile metric on the Race opens with a sentence naming the metric field', async ({ page }) => {
  const base = page.url().split('#')[0];
  await page.goto('about:blank');
  await page.goto(`${base}#metric=multi&tab=race`);
  await waitReady(page);
  assert.equal(
    await text(page, '#link-note'),
    "The link's metric is multi, but the Race runs single-tile searches: its moves and figures count single-tile moves.",
  );
  assert.equal(await page.inputValue('#metric'), 'multi');
  await expectText(page, '#race-metric-note', RACE_NOTE);
});

for (const [width, height] of [
  [360, 740],
  [1280, 800],
]) {
  pageTest(
    `at ${width} px in the multi-tile metric: every tab (screenshots, no horizontal scroll)`,
    async ({ page }) => {
      await page.selectOption('#metric', 'multi');
      await page.click('#solve');
      await expectText(page, '#status', 'Solved', 30_000);
      for (const tab of ['solution', 'trace', 'play', 'lab', 'race', 'space']) {
        await page.click(`#tab-${tab}`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(ensureArtifacts(), `both-metrics-${tab}-${width}.png`), fullPage: true });
        const scroll = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.equal(scroll, 0, `no horizontal scroll on the ${tab} tab at ${width} px`);
      }
    },
    { viewport: { width, height } },
  );
}
