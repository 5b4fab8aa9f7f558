// The page in both metrics (issue 33 item 2), as a person sees it: the
// replay's h column and the verdict's initial h are the chosen metric's
// estimate and name it (on the 3×3 baseline in the multi-tile metric f
// never exceeds the optimum, 1); the note under the inputs names the
// heuristic the worker really uses; the Trace's A*, the Race, the
// workshop (check, search cost, Make link), Play's distance and the Lab's
// weighted A* take the chosen metric (figures as the plain multi-tile BFS
// and `heuristic check --metric multi` give them); the tools that cannot
// (the Trace's IDA*, Compare all, the sweep) say so in one sentence; a
// link whose metric the opened tool does not support opens with a
// sentence naming the field. Screenshots of every tab at 360 and 1280 px
// in the multi-tile metric, before and after a run, with no horizontal
// scroll.
//
//   cd tests/browser && node --test --test-concurrency=1 both_metrics.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, eventually, expectText, expectTextMatch, text, texts, waitReady } from './harness.mjs';

const SIXTEEN = '[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]';
const TRACE_NOTE =
  "The Trace's IDA* is the teaching IDA* (Manhattan): its moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.";
const LAB_NOTE =
  'Compare all and the blog experiment run single-tile searches: their moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.';
const SPACE_NOTE =
  'The heuristic sweep and the depth table run single-tile searches: their moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.';
const RACE_NOTE =
  "The Race counts multi-tile moves: a slide of 1 or 2 tiles is one move, and each side's path is checked as slides.";

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

pageTest('in multi only the tools that cannot take the metric say so: the Trace\'s IDA*, Compare all, the sweep', async ({ page }) => {
  for (const tab of ['trace', 'race', 'space']) {
    await page.click(`#tab-${tab}`);
    assert.equal(await shown(page, `#${tab}-metric-note`), false, `no ${tab} note in the single-tile metric`);
  }
  await page.click('#tab-lab');
  assert.equal(await shown(page, '#compare-metric-note'), false);
  await page.selectOption('#metric', 'multi');
  await page.click('#tab-trace');
  assert.equal(await shown(page, '#trace-metric-note'), false, 'the A* trace takes the metric');
  await page.selectOption('#trace-algorithm', 'idastar');
  await expectText(page, '#trace-metric-note', TRACE_NOTE);
  assert.equal(await shown(page, '#trace-metric-note'), true);
  await page.selectOption('#trace-algorithm', 'astar');
  await eventually(() => shown(page, '#trace-metric-note'), (v) => v === false, 'no note for A*');
  await page.click('#tab-race');
  await expectText(page, '#race-metric-note', RACE_NOTE);
  await page.click('#tab-lab');
  await expectText(page, '#compare-metric-note', LAB_NOTE);
  await page.click('#tab-space');
  await expectText(page, '#space-metric-note', SPACE_NOTE);
  assert.equal(await shown(page, '#space-metric-note'), true);
  await page.selectOption('#metric', 'single');
  assert.equal(await shown(page, '#space-metric-note'), false);
});

pageTest('a link in the multi-tile metric with an IDA* side on the Race names the field, and the race says why it does not run', async ({ page }) => {
  const base = page.url().split('#')[0];
  await page.goto('about:blank');
  await page.goto(`${base}#metric=multi&tab=race&right=idastar`);
  await waitReady(page);
  assert.equal(
    await text(page, '#link-note'),
    "The link's metric is multi, but the Race's IDA* side is the teaching IDA* (Manhattan): its moves and figures count single-tile moves.",
  );
  assert.equal(await page.inputValue('#metric'), 'multi');
  // Refused as it opens: Step has nothing to run.
  assert.equal(await page.getAttribute('#race-step', 'aria-disabled'), 'true');
  await expectText(
    page,
    '#race-status',
    'No race: the teaching IDA* (Manhattan) counts single-tile moves only; it does not take the multi-tile metric. Choose another search for that side, or the single-tile metric.',
  );
});

pageTest('the Trace steps A* in multi: slides as neighbours, Manhattan named not admissible, the exact multi-tile distance', async ({ page }) => {
  await page.selectOption('#metric', 'multi');
  await page.click('#tab-trace');
  await expectText(
    page,
    '#trace-weighted-note',
    'Weighted A* (outside the contract) in the multi-tile metric (a slide of 1 or 2 tiles is one move): f = g + 1·h with h = Manhattan, order (f, h, key, seq); the f shown is this priority. Its path may not be shortest. This h is not admissible in the multi-tile metric.',
  );
  await page.click('#trace-step');
  await eventually(() => texts(page, '#trace-neighbours li'), (v) => v.length === 4, 'four neighbours');
  assert.deepEqual(await texts(page, '#trace-neighbours li'), [
    'Up×1 → 123056478 (f 4, h 3, g 1): pushed as seq 1',
    'Up×2 → 023156478 (f 5, h 4, g 1): pushed as seq 2',
    'Right×1 → 123456708 (f 2, h 1, g 1): pushed as seq 3',
    'Right×2 → 123456780 (f 1, h 0, g 1): pushed as seq 4',
  ]);
  await page.click('#trace-run');
  await expectText(
    page,
    '#trace-status',
    "Goal accepted when popped: a path of cost 1 after 1 expansion — not admissible in the multi-tile metric: a path of 1 move, the exact distance 1. Weighted A* is not the contract's search, so its path may not be shortest.",
  );
  // Multi-tile Manhattan, the metric's lower bound, is in the menu.
  await page.fill('#start', '[8,1,3,4,0,2,7,6,5]');
  await page.selectOption('#trace-heuristic', 'multi-tile-manhattan');
  await page.click('#trace-run');
  await expectTextMatch(
    page,
    '#trace-status',
    (v) => /^Goal accepted when popped: a path of cost \d+ after [\d,]+ expansions — shortest \(checked against the distance table\)\./.test(v),
    'a shortest multi-tile path',
  );
});

pageTest('the Race in multi: A* on Manhattan is named not admissible, breadth-first is shortest, both one slide', async ({ page }) => {
  await page.selectOption('#metric', 'multi');
  await page.click('#tab-race');
  await page.selectOption('#race-speed', 'fastest');
  await page.click('#race-play');
  await expectTextMatch(page, '#race-status', (v) => v.startsWith('Both sides have ended'), 'the race ends', 30_000);
  assert.deepEqual(await texts(page, '#race-finish li'), [
    "Left (A* (Manhattan)): Found a path of 1 move at step 2 — not admissible in the multi-tile metric: a path of 1 move, the exact distance 1. The blank's moves, a letter a tile slid: RR.",
    "Right (breadth-first search): Found a path of 1 move at step 5 — shortest (checked against the distance table). The blank's moves, a letter a tile slid: RR.",
    'Left found a path first, at step 2.',
  ]);
});

pageTest('the workshop in multi checks against the multi-tile distances; the cost counts slides; a made exercise carries its metric and reopens in it', async ({ page }) => {
  await page.selectOption('#metric', 'multi');
  await page.click('#tab-lab');
  await expectText(
    page,
    '#workshop-target',
    'h is checked against the goal [1,2,3,4,5,6,7,8,0] (3×3): every one of the 181,440 boards that can reach it, each against its exact multi-tile distance, and every move between them.',
  );
  await page.click('#workshop-run');
  await expectTextMatch(page, '#workshop-status', (v) => v.startsWith('Done: 181,440 boards'), 'the check', 60_000);
  assert.deepEqual((await texts(page, '#workshop-figures li')).slice(0, 2), [
    "Distances checked against the multi-tile distances: a slide of any number of tiles of the blank's row or column is one move.",
    'Admissible: no. h overestimates the true distance on 24,650 of 181,440 boards; the worst: h = 20 where the distance is 10 (by 10), on [0,6,8,3,5,7,2,1,4].',
  ]);
  // The search cost on 3×2, in slides.
  await page.fill('#start', '[[1,2,3],[4,0,5]]');
  await page.click('#cost-box summary');
  await page.click('#cost-run');
  await expectText(
    page,
    '#cost-status',
    'Done: the search cost of h = manhattan on 263 boards of 3×2 (goal [[1,2,3],[4,5,0]]) in the multi-tile metric.',
    60_000,
  );
  assert.deepEqual(await texts(page, '#cost-head th'), ['Depth', 'Boards', 'IDA* h', 'IDA* multi-tile Manhattan']);
  // Make link: the exercise ends .multi; opened, the page is in multi.
  await page.click('#exercise-box summary');
  await page.selectOption('#maker-search', 'idastar');
  await page.fill('#maker-nodes', '60');
  await page.click('#maker-run');
  const href = await page.getAttribute('#maker-link', 'href');
  assert.equal(href, '#exercise=3x2.123450.idastar.admissible.60.123405.multi');
  const base = page.url().split('#')[0];
  await page.goto('about:blank');
  await page.goto(`${base}${href}`);
  await waitReady(page);
  assert.equal(await page.inputValue('#metric'), 'multi');
  assert.equal(await page.inputValue('#exercise-pick'), 'own');
  assert.equal(await text(page, '#link-note'), '');
  await page.click('#grade-run');
  await expectTextMatch(page, '#grade-status', (v) => v.startsWith('Graded'), 'the grade', 60_000);
  const lines = await texts(page, '#grade-lines li');
  assert.match(lines[0], / in the multi-tile metric/);
  assert.match(lines[1], /^Admissible: no — h overestimates on \d+ boards, checked against the multi-tile distances$/);
});

pageTest('the Lab\'s weighted A* runs in multi; the Solution tab labels its ledger as the single-tile Manhattan', async ({ page }) => {
  await page.selectOption('#metric', 'multi');
  await page.click('#solve');
  await expectText(page, '#status', 'Solved', 30_000);
  await expectText(
    page,
    '#ledger-note',
    'Multi-tile metric: this ledger is the single-tile Manhattan, 2 here, not the h above. The verdict and the replay use multi-tile Manhattan (1 here): one slide can move several tiles, so Manhattan may overestimate.',
  );
  assert.equal(await text(page, '#ledger-total'), '2');
  await page.click('#tab-lab');
  await page.click('#weighted-run');
  await expectText(
    page,
    '#weighted-summary',
    'Weighted A* (outside the contract) in the multi-tile metric: f = g + 1·h with h = Manhattan, order (f, h, key, seq), lab budget 200,000 expansions.',
  );
  await expectText(page, '#weighted-verdict', 'not admissible in the multi-tile metric: a path of 1 move, the exact distance 1');
  await page.selectOption('#metric', 'single');
  await page.click('#tab-solution');
  assert.equal(await shown(page, '#ledger-note'), false);
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
  pageTest(
    `at ${width} px in the multi-tile metric: the Trace, Race, Lab and Solution after a run (screenshots, no horizontal scroll)`,
    async ({ page }) => {
      await page.selectOption('#metric', 'multi');
      await page.click('#solve');
      await expectText(page, '#status', 'Solved', 30_000);
      await page.click('#tab-trace');
      await page.click('#trace-step');
      await page.click('#tab-race');
      await page.selectOption('#race-speed', 'fastest');
      await page.click('#race-play');
      await expectTextMatch(page, '#race-status', (v) => v.startsWith('Both sides have ended'), 'the race ends', 30_000);
      await page.click('#tab-lab');
      await page.click('#workshop-run');
      await expectTextMatch(page, '#workshop-status', (v) => v.startsWith('Done: '), 'the check', 60_000);
      await page.click('#weighted-run');
      for (const tab of ['solution', 'trace', 'race', 'lab']) {
        await page.click(`#tab-${tab}`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(ensureArtifacts(), `both-metrics-run-${tab}-${width}.png`), fullPage: true });
        const scroll = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.equal(scroll, 0, `no horizontal scroll on the ${tab} tab at ${width} px`);
      }
    },
    { viewport: { width, height } },
  );
}
