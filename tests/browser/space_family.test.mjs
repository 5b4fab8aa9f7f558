// The State space tab for every board of up to 12 cells: Explore runs the
// engine's state-space search in a Web Worker of its own (the `space` task
// of the one worker protocol), with progress, Cancel and the memory stated
// up front; the chart with its table and log-scale toggle, the diameter,
// the mean, the hardest boards loaded with one click; an invalid field
// named with nothing started; the 3×3 tools saying they are 3×3 tools;
// shapes over 12 cells saying why; a refused table; screenshots at 360 and
// 1280 px, with axe-core.
//
//   cd tests/browser && npm ci && node --test --test-concurrency=1 space_family.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { pageTest } from './suite.mjs';
import {
  CHROMIUM,
  LAUNCH_ARGS,
  count,
  countWorkers,
  ensureArtifacts,
  eventually,
  expectText,
  expectTextMatch,
  openPage,
  runAxe,
  text,
  texts,
} from './harness.mjs';

const GOAL_2X3 = '[[1,2],[3,4],[5,0]]';
const START_2X3 = '[[2,1],[4,3],[0,5]]';
const GOAL_2X5 = '[[1,2],[3,4],[5,6],[7,8],[9,0]]';
const START_3X4 = '[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]';
const GOAL_3X4 = '[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]';

// Boards at each distance: the engine's (the CLI's `space` prints the
// same; src/view/explore_tests.rs pins them natively). The totals and
// diameters are the figures Karlemo & Östergård publish.
const COUNTS_2X3 = [1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1];
const COUNTS_2X5 = [
  1, 2, 3, 6, 11, 19, 30, 44, 68, 112, 176, 271, 411, 602, 851, 1232, 1783, 2530, 3567, 4996, 6838, 9279, 12463,
  16597, 21848, 28227, 35682, 44464, 54597, 65966, 78433, 91725, 104896, 116966, 126335, 131998, 133107, 128720,
  119332, 106335, 91545, 75742, 60119, 45840, 33422, 23223, 15140, 9094, 5073, 2605, 1224, 528, 225, 75, 20, 2,
];
const HARDEST_2X5 = ['[[0,8],[9,7],[5,6],[3,4],[1,2]]', '[[0,9],[8,7],[5,6],[4,3],[1,2]]'];
const TOOL_NOTE = (shape) =>
  `A 3×3 tool: it runs its searches from every one of the 181,440 starts of the 8-puzzle. The start is a ${shape} board; type or choose a 3×3 board to use it. Explore state space, above, works on every board of up to 12 cells.`;

async function visible(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return !!el && !el.hidden && el.getClientRects().length > 0;
  }, selector);
}

async function tableRows(page) {
  return page.$$eval('#space-rows tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));
}

/** Types a start (the goal follows a default goal) and opens the State space tab. */
async function openSpace(page, start, goal) {
  await page.fill('#start', start);
  if (goal) await page.fill('#goal', goal);
  await page.click('#tab-space');
}

/** Records every text #explore-status shows, from now on. */
async function recordStatus(page) {
  await page.evaluate(() => {
    window.__statuses = [];
    const el = document.querySelector('#explore-status');
    new MutationObserver(() => window.__statuses.push(el.textContent)).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
}

async function explored(page, boards, timeout = 60_000) {
  await expectTextMatch(
    page,
    '#explore-status',
    (v) => v.startsWith(`Done: ${boards} boards in `),
    `Done: ${boards} boards`,
    timeout,
  );
}

pageTest(
  '2×3: memory stated up front, explored in a worker (360 boards, diameter 21, one hardest board loaded with one click)',
  async ({ page }) => {
    await openSpace(page, START_2X3);
    assert.equal(await page.inputValue('#goal'), GOAL_2X3, 'the goal follows the start');
    assert.equal(await text(page, '#explore-memory'), '2×3: 360 boards; the search needs 104 bytes (two bits a board).');
    assert.equal(await visible(page, '#space-size-note'), false, 'the tab applies to 2×3');
    assert.equal(await visible(page, '#explore'), true);
    assert.equal(await page.isDisabled('#explore-cancel'), true, 'nothing to cancel yet');
    // The 3×3 tools say so and hide their controls.
    for (const section of ['sweep', 'depth']) {
      assert.equal(await text(page, `#${section}-size-note`), TOOL_NOTE('2×3'));
      assert.equal(await visible(page, `#${section}-start`), false, `#${section}-start hidden on 2×3`);
    }
    await page.click('#explore');
    await explored(page, '360');
    assert.equal(await text(page, '#explore-note'), '', 'the running note is gone');
    assert.equal(
      await text(page, '#space-summary'),
      '360 boards can reach the goal [[1,2],[3,4],[5,0]]; the farthest are 21 moves away (the diameter). The mean distance is 12.62 moves. The other 360 arrangements of the tiles cannot reach it: they differ in the parity invariant. Distances count single-tile moves (one tile a move).',
    );
    const rows = await tableRows(page);
    assert.deepEqual(rows.map((r) => Number(r[0])), COUNTS_2X3.map((_, d) => d));
    assert.deepEqual(rows.map((r) => Number(r[1])), COUNTS_2X3);
    assert.equal(await count(page, '#space-chart rect.bar'), 22);
    assert.equal(await text(page, '#hardest-note'), '1 board is 21 moves from the goal. Press it to load it as the start.');
    assert.deepEqual(await texts(page, '#hardest button'), [START_2X3]);
    const w = await page.evaluate(() => window.__workers);
    assert.ok(w.made >= 1 && w.terminated === w.made, `the exploration's worker is stopped: ${JSON.stringify(w)}`);
    // Load it (after editing the start away from it).
    await page.fill('#start', '[[1,2],[3,4],[0,5]]');
    await page.click('#hardest button');
    assert.equal(await page.inputValue('#start'), START_2X3);
    assert.equal(await count(page, '#space-rows tr'), 22, 'the space stays: the goal did not change');
  },
  { initScript: countWorkers },
);

pageTest(
  '2×5: progress while it runs, 1,814,400 boards, diameter 55, the log-scale toggle, a hardest board loaded with one click',
  async ({ page }, t) => {
    await openSpace(page, GOAL_2X5);
    assert.equal(await page.inputValue('#goal'), GOAL_2X5);
    assert.equal(
      await text(page, '#explore-memory'),
      '2×5: 1,814,400 boards; the search needs 454 kB (453,608 bytes: two bits a board).',
    );
    await recordStatus(page);
    const t0 = Date.now();
    await page.click('#explore');
    await explored(page, '1,814,400');
    t.diagnostic(`2×5 explored in ${Date.now() - t0} ms (wall, from the click); ${await text(page, '#explore-status')}`);
    const statuses = await page.evaluate(() => window.__statuses);
    const running = statuses.filter((s) => s.startsWith('Running: '));
    assert.ok(running.length >= 1, `progress was shown: ${JSON.stringify(statuses.slice(0, 5))}`);
    for (const s of running) {
      assert.match(s, /^Running: [\d,]+ of 1,814,400 boards reached; expanding the boards \d+ moves? from the goal\.$/);
    }
    const summary = await text(page, '#space-summary');
    assert.ok(
      summary.startsWith(
        '1,814,400 boards can reach the goal [[1,2],[3,4],[5,6],[7,8],[9,0]]; the farthest are 55 moves away (the diameter). The mean distance is 34.73 moves.',
      ),
      summary,
    );
    const rows = await tableRows(page);
    assert.deepEqual(rows.map((r) => Number(r[1])), COUNTS_2X5);
    assert.equal(COUNTS_2X5.reduce((a, b) => a + b, 0), 1814400);
    assert.equal(await count(page, '#space-chart rect.bar'), 56);
    assert.equal(await page.$eval('#explore-progress', (p) => [p.value, p.max].join('/')), '1814400/1814400');
    assert.equal(await page.isDisabled('#explore-cancel'), true, 'nothing left to cancel');

    // Linear, then log: the caption, the decade lines, and the smallest
    // counts drawn taller than on the linear scale.
    const chart = () =>
      page.evaluate(() => ({
        caption: [...document.querySelectorAll('#space-chart text')].map((x) => x.textContent).find((x) => x.includes('boards')),
        grid: document.querySelectorAll('#space-chart line.grid').length,
        label: document.querySelector('#space-chart svg').getAttribute('aria-label'),
        first: Number(document.querySelector('#space-chart rect.bar:nth-of-type(3)')?.getAttribute('height')),
      }));
    const linear = await chart();
    assert.equal(linear.caption, 'tallest bar: 133107 boards');
    assert.equal(linear.grid, 0);
    assert.equal(await page.isChecked('#space-log'), false);
    await page.check('#space-log');
    const log = await chart();
    assert.equal(log.caption, 'boards, log scale');
    assert.equal(log.grid, 7, 'decades 1 to 10⁶');
    assert.match(log.label, /log scale/);
    assert.ok(log.first > linear.first, `a small count is taller on the log scale: ${JSON.stringify({ linear, log })}`);
    assert.equal(await count(page, '#space-chart rect.bar'), 56);
    assert.equal(await count(page, '#space-rows tr'), 56, 'the table stays');
    await page.uncheck('#space-log');
    assert.equal((await chart()).grid, 0);

    assert.equal(await text(page, '#hardest-note'), '2 boards are 55 moves from the goal. Press one to load it as the start.');
    assert.deepEqual(await texts(page, '#hardest button'), HARDEST_2X5);
    await page.click(`#hardest button[data-board="${HARDEST_2X5[1]}"]`);
    assert.equal(await page.inputValue('#start'), HARDEST_2X5[1]);
    const cells = await page.$$eval('#board [role="cell"]', (c) => c.map((x) => x.textContent.trim() || '0'));
    assert.deepEqual(cells.map(Number), JSON.parse(HARDEST_2X5[1]).flat());
  },
  { timeout: 180_000 },
);

pageTest(
  '3×4: 59.9 MB stated before the run; Cancel stops it where it was and terminates its worker',
  async ({ page }, t) => {
    await openSpace(page, START_3X4, GOAL_3X4);
    assert.equal(
      await text(page, '#explore-memory'),
      '3×4: 239,500,800 boards; the search needs 59.9 MB (59,875,208 bytes: two bits a board).',
    );
    await page.click('#explore');
    await expectTextMatch(page, '#explore-status', (v) => v.startsWith('Running: '), 'progress', 30_000);
    assert.equal(await page.isDisabled('#explore-cancel'), false);
    const before = await page.$eval('#explore-progress', (p) => [p.value, p.max]);
    assert.equal(before[1], 239500800);
    await eventually(() => page.$eval('#explore-progress', (p) => p.value), (v) => v > before[0], 'progress moves', 30_000);
    const t0 = Date.now();
    await page.click('#explore-cancel');
    await expectTextMatch(page, '#explore-status', (v) => v.startsWith('Cancelled after '), 'cancelled', 30_000);
    // How long Cancel took is wall time, a diagnostic (speed belongs to the
    // benchmarks); what is pinned is that it stopped the run where it was.
    t.diagnostic(`Cancel answered ${Date.now() - t0} ms (wall) after the click`);
    const cancelled = await text(page, '#explore-status');
    const m = /^Cancelled after ([\d,]+) of 239,500,800 boards \(depth \d+\); nothing is claimed\. Press Explore state space to start again\.$/.exec(
      cancelled,
    );
    assert.ok(m, cancelled);
    const stoppedAt = await page.$eval('#explore-progress', (p) => p.value);
    assert.equal(Number(m[1].replace(/,/g, '')), stoppedAt, `the status names where the progress stopped: ${cancelled}`);
    assert.ok(stoppedAt < 239500800, `stopped before the end: ${stoppedAt}`);
    const w = await page.evaluate(() => window.__workers);
    assert.equal(w.terminated, w.made, `Cancel terminates the worker: ${JSON.stringify(w)}`);
    assert.equal(await page.isDisabled('#explore-cancel'), true);
    assert.equal(await count(page, '#space-rows tr'), 0, 'nothing claimed');
    assert.equal(await visible(page, '#explore-note'), false, 'no longer "Exploring in a Web Worker…"');
    // The status stays put: no late reply changes it.
    const after = await text(page, '#explore-status');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await text(page, '#explore-status'), after);
    assert.equal(await page.$eval('#explore-progress', (p) => p.value), stoppedAt, 'no progress after Cancel');
  },
  { initScript: countWorkers, timeout: 120_000 },
);

// A device that refuses the memory: V8 is told to let no wasm memory grow
// past 600 pages of 64 KiB (39.3 MB), so the 3×4 table (59.9 MB) is
// refused inside the worker (the engine's try_reserve_exact), and the
// engine's OutOfMemory message reaches the page through the job's error.
test('a refused 3×4 table: the engine’s message on the page, the worker stopped, the tab still answers', { timeout: 120_000 }, async () => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...LAUNCH_ARGS, '--js-flags=--wasm-max-mem-pages=600'],
    timeout: 60_000,
  });
  try {
    const { page, pageErrors } = await openPage(browser, { initScript: countWorkers });
    await openSpace(page, START_3X4, GOAL_3X4);
    await page.click('#explore');
    await expectText(
      page,
      '#explore-status',
      'The exploration stopped: the 3×4 search needs a table of 59,875,208 bytes (59.9 MB) and the memory was refused. Nothing is claimed.',
      30_000,
    );
    assert.equal(await page.getAttribute('#explore-status', 'data-error'), '', 'shown as an error');
    assert.equal(await page.isDisabled('#explore-cancel'), true);
    assert.equal(await count(page, '#space-rows tr'), 0, 'nothing claimed');
    const w = await page.evaluate(() => window.__workers);
    assert.equal(w.terminated, w.made, `the worker is stopped: ${JSON.stringify(w)}`);
    // Not frozen: a smaller board explores in the same tab.
    await page.fill('#start', START_2X3);
    assert.equal(await page.inputValue('#goal'), GOAL_2X3);
    await page.click('#explore');
    await explored(page, '360');
    assert.deepEqual(pageErrors, []);
  } finally {
    await browser.close();
  }
});

pageTest('an invalid Start or Goal: Explore names the field and starts nothing', async ({ page }) => {
  await page.click('#tab-space');
  // Ten values in a flat list: no shape, the 3×3 contract's error.
  await page.fill('#start', '[1,2,3,4,5,6,7,8,9,0]');
  const startError = await text(page, '#start-error');
  assert.ok(startError.length > 0, 'the Start field shows its error');
  await page.click('#explore');
  await expectText(
    page,
    '#explore-status',
    `Nothing explored: the Start board is invalid (${startError}). Next: correct the Start field, then press Explore state space.`,
  );
  assert.equal(await visible(page, '#explore-note'), false, 'never "Exploring in a Web Worker…"');
  assert.equal(await page.isDisabled('#explore-cancel'), true);
  assert.equal(await page.evaluate(() => window.__workers.made), 0, 'no worker started');
  // A 2×3 start with a goal whose tile repeats.
  await page.fill('#start', START_2X3);
  assert.equal(await text(page, '#explore-status'), '', 'an edit clears the refusal');
  await page.fill('#goal', '[[1,1],[3,4],[5,0]]');
  const goalError = await text(page, '#goal-error');
  assert.ok(goalError.length > 0);
  await page.click('#explore');
  await expectText(
    page,
    '#explore-status',
    `Nothing explored: the Goal board is invalid (${goalError}). Next: correct the Goal field, then press Explore state space.`,
  );
  assert.equal(await text(page, '#explore-memory'), '', 'no memory stated for an invalid goal');
  assert.equal(await page.evaluate(() => window.__workers.made), 0, 'no worker started');
  assert.equal(await count(page, '#space-rows tr'), 0);
}, { initScript: countWorkers });

pageTest('over 12 cells the tab says why, in the engine’s words', async ({ page }) => {
  await openSpace(page, '[[2,1,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]');
  const note = await text(page, '#space-size-note');
  assert.ok(
    note.startsWith(
      'Explore covers boards of at most 12 cells. A 4×4 board has 16 cells: 10,461,394,944,000 boards can reach any one goal (16!/2)',
    ),
    note,
  );
  assert.ok(note.endsWith('The heuristic sweep and the depth table are 3×3 tools.'), note);
  assert.equal(await visible(page, '#explore'), false, 'nothing to press');
});

// The note says how the run goes while it runs and is cleared when it is
// done, and on the page's thread the whole 2×5 search takes a few hundred
// ms: a poll from here can arrive after it ended. So every text the note
// and the status show is recorded in the page, from before the click.
pageTest('without Worker the 2×5 search runs in slices on the page and says so', async ({ page }) => {
  await openSpace(page, GOAL_2X5);
  await recordStatus(page);
  await page.evaluate(() => {
    window.__notes = [];
    const el = document.querySelector('#explore-note');
    new MutationObserver(() => window.__notes.push(el.textContent)).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.click('#explore');
  await explored(page, '1,814,400');
  assert.equal(await count(page, '#space-rows tr'), 56);
  const { notes, statuses } = await page.evaluate(() => ({ notes: window.__notes, statuses: window.__statuses }));
  const said = "Web Workers are not available here, so the exploration runs in slices on the page's own thread.";
  assert.ok(notes.includes(said), `the note said so while it ran: ${JSON.stringify(notes)}`);
  // The first thing the note says is where it runs: never, not even for one
  // drawing, that it runs in a Web Worker.
  assert.equal(notes.find((n) => n !== ''), said, `the first note: ${JSON.stringify(notes)}`);
  assert.ok(!notes.some((n) => n.includes('in a Web Worker')), JSON.stringify(notes));
  assert.equal(notes.at(-1), '', 'the running note is gone once done');
  // In slices: the table's allocation is a slice of its own, whose progress
  // is drawn before the search's last slice says Done.
  const done = statuses.findIndex((s) => s.startsWith('Done: '));
  assert.ok(
    statuses.slice(0, done).some((s) => s.startsWith('Running: ')),
    `progress drawn between slices: ${JSON.stringify(statuses.map((s) => s.slice(0, 40)))}`,
  );
}, { initScript: () => { delete window.Worker; } });

for (const width of [360, 1280]) {
  pageTest(
    `at ${width} px the explored 2×5 space fits (screenshot)`,
    async ({ page }) => {
      await openSpace(page, GOAL_2X5);
      await page.click('#explore');
      await explored(page, '1,814,400');
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= width, `documentElement.scrollWidth ${w} > ${width}`);
      await page.locator('#space-panel').screenshot({ path: join(ensureArtifacts(), `space-2x5-${width}.png`) });
      await page.check('#space-log');
      await page.locator('#space-chart').screenshot({ path: join(ensureArtifacts(), `space-2x5-log-${width}.png`) });
      const { violations, report } = await runAxe(page);
      assert.equal(violations.length, 0, report);
    },
    { viewport: { width, height: 900 }, bypassCSP: true },
  );
}
