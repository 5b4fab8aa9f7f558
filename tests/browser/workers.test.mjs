// End-to-end tests of the page's long work in Web Workers: the depth table
// (the whole table once, rows compared with the values pinned natively in
// tests/depth_table.rs and src/view/tests.rs), Compare all, the blog
// experiment and Explore state space; that the work runs in workers (every
// row arrives as a worker's message), that the page answers a click
// meanwhile, that Cancel terminates the workers, and the fallback without
// `Worker`. The main thread's long tasks (over 50 ms, Long Tasks API) are
// reported as diagnostics, not asserted: their length is wall time, which a
// busy machine stretches (tasks of 20 ms measured over 50 at load 7), so
// the speed belongs to the benchmarks; what the tests pin is where the work
// runs.
//
//   cd tests/browser && npm ci && node --test --test-concurrency=1 workers.test.mjs
//
// The whole depth table takes a few minutes of both cores.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  count,
  countWorkers,
  ensureArtifacts,
  eventually,
  expectText,
  expectTextMatch,
  observeLongTasks,
  text,
} from './harness.mjs';
import { pageTest } from './suite.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Starts per depth from the default goal (the distance histogram).
const SPACE_COUNTS = [
  1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
  23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];
const DEPTH_HEADERS = ['Depth', 'Starts', 'A* misplaced', 'A* Manhattan', 'A* linear conflict', 'IDA* Manhattan'];
// Exact rows: depth 0 and 1 as tests/depth_table.rs (the_whole_table) pins
// their totals (depth 0: nothing expanded; depth 1: 2 expansions and 6
// generated over 2 starts, b* = 3), depth 31 as src/view/tests.rs
// (the_depth_tables_deepest_row_as_the_page_shows_it) pins it.
const PINNED_ROWS = {
  0: ['0', '1', '0.0 / 0.0 / —', '0.0 / 0.0 / —', '0.0 / 0.0 / —', '0.0 / 0.0 / —'],
  1: ['1', '2', '1.0 / 3.0 / 3.000', '1.0 / 3.0 / 3.000', '1.0 / 3.0 / 3.000', '1.0 / 3.0 / 3.000'],
  31: [
    '31',
    '2',
    '121526.0 / 326747.0 / 1.450',
    '6834.5 / 17982.5 / 1.309',
    '3854.5 / 10148.5 / 1.282',
    '16006.5 / 41781.0 / 1.349',
  ],
};

// Runs in the page before its own scripts: count workers made and stopped,
// and record every long task.
const instrument = `(${countWorkers})(); (${observeLongTasks})();`;

async function rows(page, tbody) {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll(`${sel} tr`)].map((tr) =>
        [...tr.cells].map((c) => c.textContent.replace(/\s+/g, ' ').trim()),
      ),
    tbody,
  );
}

async function depthState(page) {
  return page.evaluate(() => {
    const p = document.querySelector('#depth-progress');
    return {
      value: p.value,
      max: p.max,
      status: document.querySelector('#depth-status').textContent.trim(),
      rows: document.querySelectorAll('#depth-rows tr').length,
    };
  });
}

/** Long tasks (> 50 ms) that ended after `t0`, as "+offset: duration" strings. */
async function longTasksSince(page, t0) {
  await sleep(100); // let the observer deliver the last entries
  const tasks = await page.evaluate(() => window.__longTasks);
  return tasks.filter((e) => e.start + e.duration >= t0 && e.duration > 50).map((e) => `+${(e.start - t0).toFixed(0)} ms: ${e.duration.toFixed(0)} ms`);
}

async function clickAt(page, selector) {
  const t0 = await page.evaluate(() => performance.now());
  await page.click(selector);
  return t0;
}

pageTest(
  'depth table: the whole table in Web Workers, rows equal to the pinned values, the page answers meanwhile',
  async ({ page }, t) => {
    await page.click('#tab-space');
    assert.deepEqual(await page.$$eval('#depth-table thead th', (th) => th.map((x) => x.textContent)), DEPTH_HEADERS);
    assert.equal(await text(page, '#depth-status'), 'Not run yet.');
    await sleep(300);
    const t0 = await clickAt(page, '#depth-start');
    const note = await expectTextMatch(page, '#depth-note', (v) => v.startsWith('Split between '), 'the workers note');
    const n = Number(/^Split between (\d+) Web Workers/.exec(note)[1]);
    assert.ok(n >= 2, `at least two workers: ${note}`);
    assert.equal(await page.evaluate(() => window.__workers.made), n, 'the page made as many workers as it says');
    const a = await eventually(() => depthState(page), (s) => s.value > 0, 'progress from the workers', 30_000);
    assert.equal(a.max, 181440);
    assert.match(a.status, /^Running: \d+ of 181440 starts; the table appears when every start is in\.$/);
    assert.equal(a.rows, 0, 'no partial table');
    // The page answers while the workers run.
    const c0 = Date.now();
    await page.click('#next');
    await expectTextMatch(page, '#replay-status', (v) => v.includes('Step 1 of 2'), 'Next answered', 30_000);
    // How soon is a diagnostic (wall time); that it came while the table
    // still runs is the behaviour.
    t.diagnostic(`click on Next while the depth table runs: ${Date.now() - c0} ms wall`);
    const meanwhile = await depthState(page);
    assert.ok(
      /^Running: /.test(meanwhile.status) && meanwhile.rows === 0,
      `Next was answered while the depth table runs: ${JSON.stringify(meanwhile)}`,
    );

    const started = Date.now();
    await eventually(() => depthState(page), (s) => s.status.startsWith('Done'), 'the whole depth table', 15 * 60_000);
    t.diagnostic(`depth table: ${((Date.now() - started) / 1000).toFixed(0)} s after the first progress`);
    t.diagnostic(`main-thread tasks over 50 ms while the depth table ran: ${JSON.stringify(await longTasksSince(page, t0))}`);
    const w = await page.evaluate(() => window.__workers);
    assert.equal(w.terminated, w.made, `the finished work stops its workers: ${JSON.stringify(w)}`);
    // Every worker got its module and at least one task, and answered.
    assert.ok(w.posted >= 2 * w.made && w.answers >= w.made, `the work went through the workers: ${JSON.stringify(w)}`);

    const table = await rows(page, '#depth-rows');
    assert.equal(table.length, 32);
    assert.deepEqual(table.map((r) => Number(r[1])), SPACE_COUNTS, 'starts per depth are the histogram');
    for (const [d, row] of Object.entries(PINNED_ROWS)) assert.deepEqual(table[Number(d)], row, `depth ${d}`);
    assert.match(await text(page, '#depth-status'), /^Done: 181440 starts, every one through the four searches in \d+\.\d s\.$/);
    // The chart: four series on a log scale, a point per depth from 1 (the
    // depth-0 means are 0, below the log axis), and a legend.
    assert.deepEqual(
      await page.$$eval('#depth-chart .legend li', (li) => li.map((x) => x.textContent)),
      DEPTH_HEADERS.slice(2),
    );
    for (let s = 0; s < 4; s++) assert.equal(await count(page, `#depth-chart circle.s${s}`), 31, `series ${s} points`);
    assert.equal(
      await page.$$eval('#depth-chart circle.s0 title', (x) => x.at(-1).textContent),
      'A* misplaced, 31 moves: 326747.0 mean nodes generated',
    );
    await page.screenshot({ path: join(ensureArtifacts(), 'depth-1280.png'), fullPage: true });
    // The finished table and chart at 360 px: no horizontal scroll of the page.
    await page.setViewportSize({ width: 360, height: 740 });
    await sleep(200);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.screenshot({ path: join(ensureArtifacts(), 'depth-360.png'), fullPage: true });
    assert.ok(width <= 360, `at 360 px the page is ${width} px wide`);
  },
  { initScript: instrument, timeout: 20 * 60_000 },
);

pageTest(
  'depth table: Cancel terminates every worker at once and shows no table',
  async ({ page }) => {
    await page.click('#tab-space');
    await page.click('#depth-start');
    await eventually(() => depthState(page), (s) => s.value > 0, 'progress from the workers', 30_000);
    await page.click('#depth-cancel');
    const c = await eventually(() => depthState(page), (s) => s.status.startsWith('Cancelled after'), 'cancelled');
    assert.match(c.status, /^Cancelled after \d+ of 181440 starts; a partial table would mislead, so none is shown\.$/);
    assert.equal(Number(/after (\d+)/.exec(c.status)[1]), c.value);
    const w = await page.evaluate(() => window.__workers);
    assert.ok(w.made >= 2 && w.terminated === w.made, `every worker terminated: ${JSON.stringify(w)}`);
    assert.equal(c.rows, 0);
    assert.equal(await count(page, '#depth-chart svg'), 0, 'no chart');
    await sleep(1000);
    assert.deepEqual(await depthState(page), c, 'nothing changes after Cancel');
  },
  { initScript: instrument },
);

pageTest(
  'Compare all: Cancel terminates its workers and shows no partial table',
  async ({ page }) => {
    await page.click('#tab-lab');
    await page.fill('#start', '[8,6,7,2,5,4,3,0,1]');
    await page.fill('#lab-budget', '5000000');
    // Cancel as soon as the workers exist (checked every event-loop turn in
    // the page): the depth-limited DFS row alone takes far longer than that
    // at this budget, so no comparison can be complete.
    await page.evaluate(async () => {
      document.getElementById('compare').click();
      const t0 = performance.now();
      while (window.__workers.made < 2 && performance.now() - t0 < 10_000) {
        await new Promise((r) => setTimeout(r, 0));
      }
      document.getElementById('compare-cancel').click();
    });
    await expectText(
      page,
      '#compare-summary',
      'Cancelled before every algorithm had answered, so no row is shown: press Compare all to run it again.',
    );
    const w = await page.evaluate(() => window.__workers);
    assert.ok(w.made >= 2 && w.terminated === w.made, `every worker terminated: ${JSON.stringify(w)}`);
    await sleep(1000);
    assert.equal(await count(page, '#compare-rows tr'), 0, 'no row, now or later');
  },
  { initScript: instrument },
);

/** The worker counts now, and what changed since `before`. */
async function workersSince(page, before) {
  const now = await page.evaluate(() => ({ ...window.__workers }));
  const d = Object.fromEntries(Object.keys(now).map((k) => [k, now[k] - (before?.[k] ?? 0)]));
  return { now, d };
}

pageTest(
  'Compare all, the blog experiment and Explore run in Web Workers: every row a worker’s answer, every worker stopped',
  async ({ page }, t) => {
    await page.click('#tab-lab');
    await page.fill('#start', '[8,6,7,2,5,4,3,0,1]');
    let before = (await workersSince(page)).now;
    let t0 = await clickAt(page, '#compare');
    await eventually(() => count(page, '#compare-rows tr'), (v) => v === 7, 'seven compare rows', 30_000);
    assert.equal(
      await text(page, '#compare-summary'),
      'Optimum from the exact table (breadth-first search of the whole space): 31 moves.',
    );
    assert.match(await text(page, '#compare-note'), /^Split between \d+ Web Workers/);
    const cmp = await rows(page, '#compare-rows');
    // BFS, IDA*, A* Manhattan and A* linear conflict are optimal.
    assert.deepEqual([0, 2, 4, 5].map((i) => cmp[i][3]), ['yes', 'yes', 'yes', 'yes']);
    assert.deepEqual([0, 2, 4, 5].map((i) => cmp[i][2]), ['31', '31', '31', '31']);
    t.diagnostic(`main-thread tasks over 50 ms during Compare all: ${JSON.stringify(await longTasksSince(page, t0))}`);
    let { now, d } = await workersSince(page, before);
    assert.ok(d.made >= 2 && now.terminated === now.made, `Compare all's workers, all stopped: ${JSON.stringify(d)}`);
    assert.ok(d.answers >= 7, `each of the seven rows is a worker's answer: ${JSON.stringify(d)}`);

    before = now;
    t0 = await clickAt(page, '#experiment-run');
    await expectText(page, '#experiment-status', 'Done: 15 rows.', 120_000);
    const exp = await rows(page, '#experiment-rows');
    assert.deepEqual(exp.filter((r) => r[2] === 'A* (Manhattan)').map((r) => r[3]), ['7', '30', '28', '29', '30']);
    assert.equal(exp.length, 15);
    t.diagnostic(`main-thread tasks over 50 ms during the experiment: ${JSON.stringify(await longTasksSince(page, t0))}`);
    ({ now, d } = await workersSince(page, before));
    // Its 6.6 M-board DFS row among them.
    assert.ok(d.made >= 2 && now.terminated === now.made, `the experiment's workers, all stopped: ${JSON.stringify(d)}`);
    assert.ok(d.answers >= 15, `each of the 15 rows is a worker's answer: ${JSON.stringify(d)}`);

    before = now;
    await page.click('#tab-space');
    t0 = await clickAt(page, '#explore');
    await expectTextMatch(page, '#space-summary', (v) => v.startsWith('181,440 boards can reach the goal'), 'explored');
    assert.equal(await count(page, '#space-chart rect.bar'), 32);
    t.diagnostic(`main-thread tasks over 50 ms during Explore: ${JSON.stringify(await longTasksSince(page, t0))}`);
    ({ now, d } = await workersSince(page, before));
    assert.ok(d.made >= 1 && d.answers >= 1, `the exploration is a worker's answer: ${JSON.stringify(d)}`);
    t.diagnostic(`workers made ${now.made}, terminated ${now.terminated}`);
    assert.equal(now.terminated, now.made, 'finished work stops its workers');
  },
  { initScript: instrument, timeout: 300_000 },
);

pageTest(
  'without Worker: Compare all, Explore and the depth table run on the page and say so',
  async ({ page }) => {
    await page.click('#tab-lab');
    await page.click('#compare');
    await eventually(() => count(page, '#compare-rows tr'), (v) => v === 7, 'seven compare rows');
    assert.equal(
      await text(page, '#compare-note'),
      "Web Workers are not available here, so Compare all runs on the page's own thread.",
    );
    await page.click('#tab-space');
    await page.click('#explore');
    await expectTextMatch(page, '#space-summary', (v) => v.startsWith('181,440 boards can reach the goal'), 'explored');
    assert.equal(
      await text(page, '#explore-note'),
      "Web Workers are not available here, so the exploration runs on the page's own thread.",
    );
    await page.click('#depth-start');
    await expectText(
      page,
      '#depth-note',
      "Web Workers are not available here, so the depth table runs in slices on the page's own thread.",
    );
    await eventually(() => depthState(page), (s) => s.value > 0, 'progress in slices', 10_000);
    await page.click('#depth-cancel');
    await expectTextMatch(page, '#depth-status', (v) => v.startsWith('Cancelled after '), 'cancelled');
  },
  { initScript: () => { delete window.Worker; } },
);
