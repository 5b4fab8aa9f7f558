// Browser benchmark of dist/eight-puzzle.html (not a test).
//
//   node tests/browser/bench.mjs            (after `npm ci` in tests/browser)
//   PAGE=/abs/path.html node tests/browser/bench.mjs
//   BENCH_LOADS=5 BENCH_REPEATS=7 node tests/browser/bench.mjs
//
// Reports
//   (a) time from navigation start to the first shown result: the page's own
//       document.documentElement.dataset.firstResultMs (performance.now() when
//       it rendered the first result); if the page does not set it, the time a
//       MutationObserver (installed before the page's scripts) first saw
//       #status start with "Solved";
//   (b) the solve time of two 31-move boards inside the page, median of
//       BENCH_REPEATS runs: dataset.lastSolveMs (the page's own wasm timing),
//       and the wall time from the click on Solve to #status showing a result;
//   (c) the page file's size in bytes.
// Prints a table, then one JSON line starting with {"bench":"browser".

import { statSync } from 'node:fs';
import { launch, openPage, pagePath, pageUrl, waitReady } from './harness.mjs';

const LOADS = Number(process.env.BENCH_LOADS || 5);
const REPEATS = Number(process.env.BENCH_REPEATS || 7);
const BOARDS = [
  { start: '[8,6,7,2,5,4,3,0,1]', cost: 31 },
  { start: '[6,4,7,8,5,0,3,2,1]', cost: 31 },
];
const GOAL = '[1,2,3,4,5,6,7,8,0]';
const BUDGET = '10000'; // 31-move boards need about 6,800 expansions

function median(xs) {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

const round = (x) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x * 10) / 10 : null);
const fmt = (x) => (x === null || x === undefined ? 'n/a' : x.toFixed(1));

// Runs in the page before its own scripts: remember when #status first reads "Solved".
function observeFirstSolved() {
  const look = () => {
    const s = document.getElementById('status');
    if (s && s.textContent.trim().startsWith('Solved') && window.__benchFirstSolvedMs === undefined) {
      window.__benchFirstSolvedMs = performance.now();
      obs.disconnect();
    }
  };
  const obs = new MutationObserver(look);
  obs.observe(document, { childList: true, subtree: true, characterData: true });
}

async function firstResult(browser) {
  const runs = [];
  for (let i = 0; i < LOADS; i++) {
    const s = await openPage(browser, { waitReady: false, initScript: observeFirstSolved });
    try {
      await waitReady(s.page, 30_000);
      await s.page
        .waitForFunction(() => document.getElementById('status')?.textContent.trim().startsWith('Solved'), null, {
          timeout: 30_000,
        })
        .catch(() => {});
      const r = await s.page.evaluate(() => ({
        page: document.documentElement.dataset.firstResultMs,
        observed: window.__benchFirstSolvedMs,
        fatal: document.getElementById('fatal')?.textContent.trim() ?? '',
      }));
      if (r.fatal) throw new Error(`#fatal: ${r.fatal}`);
      const pageMs = r.page !== undefined && r.page !== '' && Number.isFinite(Number(r.page)) ? Number(r.page) : null;
      runs.push({ ms: round(pageMs ?? r.observed ?? null), source: pageMs !== null ? 'dataset.firstResultMs' : 'observer' });
    } finally {
      await s.context.close();
    }
  }
  return runs;
}

async function solveTimes(browser, board) {
  const s = await openPage(browser);
  const runs = [];
  try {
    const { page } = s;
    await page.fill('#goal', GOAL);
    await page.fill('#budget', BUDGET);
    for (let i = 0; i < REPEATS; i++) {
      // An edit clears the previous result, so every repetition starts from "no result".
      await page.fill('#start', '');
      await page.fill('#start', board.start);
      const r = await page.evaluate(async () => {
        const root = document.documentElement;
        delete root.dataset.lastSolveMs;
        const status = () => document.getElementById('status')?.textContent.trim() ?? '';
        const done = () => /^(Solved|Unknown|Unsolvable)/.test(status());
        const t0 = performance.now();
        document.getElementById('solve').click();
        const deadline = t0 + 60_000;
        while (!done() && performance.now() < deadline) {
          await new Promise((r) => setTimeout(r, 0));
        }
        const wall = performance.now() - t0;
        // Give the page a moment to publish its own timing if it does so after rendering.
        for (let k = 0; k < 20 && root.dataset.lastSolveMs === undefined; k++) {
          await new Promise((r) => setTimeout(r, 5));
        }
        const text = (id) => document.getElementById(id)?.textContent.trim() ?? '';
        return {
          wall,
          inPage: root.dataset.lastSolveMs,
          status: status(),
          cost: text('cost'),
          expansions: text('expansions'),
          fatal: text('fatal'),
        };
      });
      if (r.fatal) throw new Error(`#fatal: ${r.fatal}`);
      if (!r.status.startsWith('Solved') || r.cost !== String(board.cost)) {
        throw new Error(`${board.start}: expected Solved with cost ${board.cost}, got status ${JSON.stringify(r.status)} cost ${JSON.stringify(r.cost)}`);
      }
      const inPage = r.inPage !== undefined && r.inPage !== '' && Number.isFinite(Number(r.inPage)) ? Number(r.inPage) : null;
      runs.push({ wasmMs: inPage, wallMs: round(r.wall), expansions: r.expansions });
    }
  } finally {
    await s.context.close();
  }
  return runs;
}

async function main() {
  let url;
  try {
    url = pageUrl();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
  const path = pagePath();
  const bytes = statSync(path).size;
  const browser = await launch();
  try {
    const loads = await firstResult(browser);
    const solves = [];
    for (const b of BOARDS) solves.push({ board: b.start, runs: await solveTimes(browser, b) });

    const firstMs = median(loads.map((r) => r.ms));
    const firstSource = [...new Set(loads.map((r) => r.source))].join('+');

    const rows = [
      ['measure', 'median ms', 'runs', 'source'],
      ['first result after navigation', fmt(firstMs), String(loads.length), firstSource],
    ];
    const json = {
      bench: 'browser',
      page: path,
      url,
      bytes,
      first_result_ms: round(firstMs),
      first_result_source: firstSource,
      first_result_runs_ms: loads.map((r) => r.ms),
      solves: [],
    };
    for (const s of solves) {
      const wasm = median(s.runs.map((r) => r.wasmMs));
      const wall = median(s.runs.map((r) => r.wallMs));
      const haveWasm = s.runs.some((r) => r.wasmMs !== null);
      rows.push([`solve ${s.board} (dataset.lastSolveMs)`, haveWasm ? fmt(wasm) : 'n/a (not set)', String(s.runs.length), 'page']);
      rows.push([`solve ${s.board} (click to result)`, fmt(wall), String(s.runs.length), 'wall']);
      json.solves.push({
        board: s.board,
        expansions: s.runs[0]?.expansions ?? null,
        median_solve_ms: round(wasm),
        median_wall_ms: round(wall),
        solve_runs_ms: s.runs.map((r) => r.wasmMs),
        wall_runs_ms: s.runs.map((r) => r.wallMs),
      });
    }
    rows.push(['page file size', `${bytes} bytes`, '', path]);

    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    const line = (r) => r.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
    console.log(line(rows[0]));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of rows.slice(1)) console.log(line(r));
    for (const s of json.solves) console.log(`  ${s.board}: ${s.expansions} expansions`);
    console.log(JSON.stringify(json));
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
