// Browser benchmark of dist/eight-puzzle.html (not a test).
//
//   node tests/browser/bench.mjs            (after `npm ci` in tests/browser)
//   PAGE=/abs/path.html node tests/browser/bench.mjs
//   BENCH_LOADS=5 BENCH_REPEATS=7 node tests/browser/bench.mjs
//   BENCH_SWEEP=1 node tests/browser/bench.mjs   (adds (e), the full heuristic sweep, ~30 s or more)
//   EIGHT_PUZZLE_RELEASE_BIN=/abs/target/release/eight-puzzle   (default ../../target/release/eight-puzzle)
//
// Environment
//   PAGE           absolute path of the page (default ../../dist/eight-puzzle.html)
//   BENCH_LOADS    fresh page loads for (a), (d) and (f) (default 5)
//   BENCH_REPEATS  solves per board for (b) (default 7); (f) repeats Compare all
//                  min(BENCH_REPEATS, 3) more times on the same page
//   BENCH_SWEEP=1  also run (e); it is off by default so the bench stays short
//   BENCH_DEPTH=1  also run (g), the whole depth table (minutes)
//   BENCH_FIFTEEN  fresh page loads for (h) (default 3; 0 skips it)
//   BENCH_LARGE    fresh page loads per shape for (j) (default 1; 0 skips it)
//   BENCH_ANALYSE  fresh page loads per metric for (k) (default 1; 0 skips it)
//   BENCH_ONLY=analyse  run (k) alone
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
//   (c) the page file's size in bytes;
//   (d) the whole-space breadth-first search in the page: on a fresh page (so
//       the goal's distance table is not cached yet) a click on #explore, then
//       dataset.exploreMs (ms inside wasm), median of BENCH_LOADS fresh loads;
//   (e) only with BENCH_SWEEP=1: the heuristic sweep on a fresh page: click
//       #sweep-start, wait (up to 10 minutes) until #sweep-status starts with
//       "Done", then dataset.sweepPhasesMs (comma-separated ms of the three
//       phases: Manhattan over 181,440 starts, linear conflict over 181,440,
//       misplaced tiles over 2,000), dataset.sweepMs (total), the wall time
//       from the click to "Done", and the final #sweep-rows table;
//   (f) dataset.compareMs after Compare all (default lab budget) on the
//       baseline [1,2,3,4,5,6,0,7,8] and on [8,6,7,2,5,4,3,0,1]: median of the
//       first Compare all on BENCH_LOADS fresh pages (includes building the
//       exact distance table) and median of the repeats on the same page.
//   (g) only with BENCH_DEPTH=1: the depth table on a fresh page, in Web
//       Workers: dataset.depthMs (click to the last answer merged) and the
//       wall time from the click to "Done".
//   (h) the 15-puzzle on BENCH_FIFTEEN fresh pages: the sample control's
//       Korf #55, Solve, wait (up to 3 minutes) for "Solved"; then
//       dataset.build16Ms (post of the task to the last build line: the 6-6-3
//       database built in the page's worker, with the worker's start),
//       dataset.solve16Ms (last build line to the answer: IDA* after the
//       build), dataset.worker16Bytes (the worker's whole wasm memory, which
//       never shrinks, so it is the peak), the cost and the wall time from
//       the click to "Solved".
//   (j) boards past 25 cells on BENCH_LARGE fresh pages each: the sample
//       control's 6×6, 7×7 and 8×8 (seeded random boards, Fast), Solve, wait
//       (up to 3 minutes) for "Solved"; the wall time from the click to the
//       result (the worker's start, the fast solve, the page's replay check
//       and the drawing of the path), the cost and the stated lower bound.
//   (i) when the release CLI exists: the same 31-move solves inside the
//       page's wasm and natively, in this run. In the page, a Web Worker
//       started like the page's own (its script, the module compiled from the
//       page's bytes) answers a sweep task listing the board N times (the
//       contract A*, one Solver reused); natively, `eight-puzzle batch` solves
//       a file with the board on N lines. Each side: (wall of N solves - wall
//       of 1) / (N - 1), so start-up and messaging cancel; median of
//       BENCH_REPEATS. With BENCH_SWEEP=1 also the CLI's `sweep` wall time,
//       next to the page's Manhattan phase.
//   (k) Play's analysis of a 60-move 4×4 solve (Korf #4, optimum 56, solved
//       by the CLI's fast mode in 60 moves) in each metric, BENCH_ANALYSE fresh
//       pages each: the solve pasted in Play, then dataset.analysisBuildMs
//       (post of the task to the last slice of the tables' build, the worker's
//       start included) and dataset.analysisMs (from there to the analysis),
//       the wall time from the click to the analysis shown, the worker's wasm
//       memory; then the same solve pasted again on that page (the tables
//       kept): dataset.analysisMs. Every distance must be exact.
// (d) and (f) run in Web Workers: each waits for the page's mark, set when
// the last answer is merged (ms from the click).
// Prints a table, then one JSON line starting with {"bench":"browser".

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { HERE, ensureArtifacts, launch, openPage, pagePath, pageUrl, waitReady } from './harness.mjs';

const LOADS = Number(process.env.BENCH_LOADS || 5);
const REPEATS = Number(process.env.BENCH_REPEATS || 7);
const BOARDS = [
  { start: '[8,6,7,2,5,4,3,0,1]', cost: 31, rank: 357478, expansions: 6843 },
  { start: '[6,4,7,8,5,0,3,2,1]', cost: 31, rank: 266381, expansions: 6826 },
];
const RELEASE_BIN = process.env.EIGHT_PUZZLE_RELEASE_BIN || resolve(HERE, '..', '..', 'target', 'release', 'eight-puzzle');
/** Solves per timed batch in (g). */
const SOLVES = 200;
const GOAL = '[1,2,3,4,5,6,7,8,0]';
const BUDGET = '10000'; // 31-move boards need about 6,800 expansions
const SWEEP = process.env.BENCH_SWEEP === '1';
const DEPTH = process.env.BENCH_DEPTH === '1';
const FIFTEEN_LOADS = Number(process.env.BENCH_FIFTEEN ?? 3);
const LARGE_LOADS = Number(process.env.BENCH_LARGE ?? 1);
const LARGE_SAMPLES = ['six-by-six', 'seven-by-seven', 'eight-by-eight'];
const SWEEP_TIMEOUT_MS = 10 * 60_000;
const COMPARE_REPEATS = Math.min(REPEATS, 3);
const COMPARE_BOARDS = [
  { start: '[1,2,3,4,5,6,0,7,8]', cost: 2 },
  { start: '[8,6,7,2,5,4,3,0,1]', cost: 31 },
];

function median(xs) {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

const round = (x) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x * 10) / 10 : null);
const fmt3 = (x) => (x === null || x === undefined ? 'n/a' : x.toFixed(3));
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

const num = (v) => (v !== undefined && v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** Normalised cell texts of every row of a tbody. */
function tableRows(page, tbody) {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll(`${sel} tr`)].map((tr) =>
        [...tr.cells].map((c) => c.textContent.replace(/\s+/g, ' ').trim()),
      ),
    tbody,
  );
}

async function checkFatal(page) {
  const fatal = await page.evaluate(() => document.getElementById('fatal')?.textContent.trim() ?? '');
  if (fatal) throw new Error(`#fatal: ${fatal}`);
}

/** (d) Explore state space on fresh pages: dataset.exploreMs. */
async function exploreTimes(browser) {
  const runs = [];
  for (let i = 0; i < LOADS; i++) {
    const s = await openPage(browser);
    try {
      const { page } = s;
      await page.evaluate(() => {
        const root = document.documentElement;
        delete root.dataset.exploreMs;
        // As a person would: show the tab first (hidden tabs are drawn when shown).
        document.getElementById('tab-space').click();
        window.__benchT0 = performance.now();
        document.getElementById('explore').click();
      });
      // The exploration runs in a Web Worker: wait for its mark.
      await page.waitForFunction(() => document.documentElement.dataset.exploreMs !== undefined, null, { timeout: 60_000 });
      const r = await page.evaluate(() => {
        const root = document.documentElement;
        return {
          wall: performance.now() - window.__benchT0,
          inPage: root.dataset.exploreMs,
          summary: document.getElementById('space-summary')?.textContent.trim() ?? '',
          bars: document.querySelectorAll('#space-chart rect.bar').length,
        };
      });
      await checkFatal(page);
      if (!r.summary.startsWith('181,440 boards can reach the goal') || r.bars !== 32) {
        throw new Error(`explore: unexpected summary ${JSON.stringify(r.summary)} with ${r.bars} bars`);
      }
      runs.push({ ms: num(r.inPage), wallMs: round(r.wall) });
    } finally {
      await s.context.close();
    }
  }
  return runs;
}

/** The page's wasm module bytes: the text of its script #wasm as written by
 * `cargo xtask dist` (raw gzip bytes, NUL, CR, "<" and 0x01 escaped as 0x01
 * and the byte XOR 0x40), read from the file itself. */
function pageWasm(path) {
  const file = readFileSync(path);
  const open = Buffer.from('<script type="application/octet-stream" id="wasm">');
  const start = file.indexOf(open) + open.length;
  const end = file.indexOf(Buffer.from('</script>'), start);
  if (start < open.length || end < 0) throw new Error('the page has no #wasm script');
  const out = [];
  for (let i = start; i < end; i++) out.push(file[i] === 1 ? file[++i] ^ 0x40 : file[i]);
  return gunzipSync(Buffer.from(out));
}

/** (g) in the page: ms per contract solve of `rank` in a worker of the page. */
async function wasmSolveMs(browser, wasm, rank) {
  const s = await openPage(browser);
  try {
    return await s.page.evaluate(
      async ({ b64, rank, n, reps }) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const module = await WebAssembly.compile(bytes);
        const script = new Blob([document.getElementById('app').textContent], { type: 'text/javascript' });
        const worker = new Worker(URL.createObjectURL(script));
        worker.postMessage({ job: 0, kind: 'module', text: '', module });
        // The page's one worker protocol: envelopes {job, kind, text}.
        const ask = (count) =>
          new Promise((ok, fail) => {
            worker.onmessage = (e) => (e.data.kind === 'done' ? ok(e.data.text) : fail(new Error(e.data.text)));
            worker.postMessage({ job: 0, kind: 'task', text: 'sweep 1 123456780 manhattan 0 0 ' + Array(count).fill(rank).join(' ') });
          });
        const check = await ask(n); // also the warm-up
        const runs = [];
        for (let i = 0; i < reps; i++) {
          const t0 = performance.now();
          await ask(1);
          const t1 = performance.now();
          await ask(n);
          runs.push((performance.now() - t1 - (t1 - t0)) / (n - 1));
        }
        worker.terminate();
        return { check, runs };
      },
      { b64: wasm.toString('base64'), rank, n: SOLVES, reps: REPEATS },
    );
  } finally {
    await s.context.close();
  }
}

/** Wall ms of one run of the release CLI; throws unless it exits 0. */
function cliWallMs(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(RELEASE_BIN, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${RELEASE_BIN} ${args.join(' ')}: exit ${r.status} ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

/** (g) natively: ms per solve of `board` through `eight-puzzle batch`. */
function nativeSolveMs(board) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const one = join(dir, 'one.txt');
  const many = join(dir, 'many.txt');
  writeFileSync(one, board.start + '\n');
  writeFileSync(many, (board.start + '\n').repeat(SOLVES));
  const out = cliWallMs(['batch', '--json', many]).stdout.trim().split('\n');
  if (out.length !== SOLVES || !out.every((l) => JSON.parse(l).cost === board.cost)) {
    throw new Error(`batch ${board.start}: expected ${SOLVES} solves of cost ${board.cost}`);
  }
  const runs = [];
  for (let i = 0; i < REPEATS; i++) {
    const a = cliWallMs(['batch', '--json', one]).ms;
    const b = cliWallMs(['batch', '--json', many]).ms;
    runs.push((b - a) / (SOLVES - 1));
  }
  return runs;
}

/** (f) Compare all on fresh pages: the first dataset.compareMs and the repeats. */
async function compareTimes(browser, board) {
  const first = [];
  const repeats = [];
  let rows = null;
  for (let i = 0; i < LOADS; i++) {
    const s = await openPage(browser);
    try {
      const { page } = s;
      if ((await page.inputValue('#start')) !== board.start) await page.fill('#start', board.start);
      await page.click('#tab-lab');
      for (let k = 0; k <= COMPARE_REPEATS; k++) {
        await page.evaluate(() => {
          const root = document.documentElement;
          delete root.dataset.compareMs;
          document.getElementById('compare').click();
        });
        // Compare all runs in Web Workers: wait for its mark.
        await page.waitForFunction(() => document.documentElement.dataset.compareMs !== undefined, null, { timeout: 120_000 });
        const r = await page.evaluate(() => {
          const root = document.documentElement;
          return {
            inPage: root.dataset.compareMs,
            summary: document.getElementById('compare-summary')?.textContent.trim() ?? '',
          };
        });
        await checkFatal(page);
        const want = `Optimum from the exact table (breadth-first search of the whole space): ${board.cost} moves.`;
        if (r.summary !== want) throw new Error(`compare ${board.start}: summary ${JSON.stringify(r.summary)}, expected ${JSON.stringify(want)}`);
        (k === 0 ? first : repeats).push(num(r.inPage));
      }
      rows ??= await tableRows(page, '#compare-rows');
    } finally {
      await s.context.close();
    }
  }
  return { board: board.start, first, repeats, rows };
}

/** (g) The whole depth table on a fresh page: dataset.depthMs and the wall time. */
async function depthRun(browser) {
  const s = await openPage(browser);
  try {
    const { page } = s;
    const t0 = Date.now();
    await page.click('#tab-space');
    await page.click('#depth-start');
    await page.waitForFunction(
      () => {
        const fatal = document.getElementById('fatal')?.textContent.trim();
        return !!fatal || /^(Done|Stopped)/.test(document.getElementById('depth-status')?.textContent.trim() ?? '');
      },
      null,
      { timeout: 60 * 60_000, polling: 500 },
    );
    const wallMs = Date.now() - t0;
    await checkFatal(page);
    const r = await page.evaluate(() => ({
      ms: document.documentElement.dataset.depthMs,
      status: document.getElementById('depth-status')?.textContent.trim() ?? '',
      note: document.getElementById('depth-note')?.textContent.trim() ?? '',
    }));
    const rows = await tableRows(page, '#depth-rows');
    // Pictures of the finished table for a person to look at.
    const dir = ensureArtifacts();
    await page.screenshot({ path: join(dir, 'bench-depth-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: join(dir, 'bench-depth-360.png'), fullPage: true });
    return { totalMs: num(r.ms), wallMs, status: r.status, note: r.note, rows };
  } finally {
    await s.context.close();
  }
}

/** (e) The whole heuristic sweep on a fresh page. */
async function sweepRun(browser) {
  const s = await openPage(browser);
  try {
    const { page } = s;
    const t0 = Date.now();
    await page.click('#tab-space');
    await page.click('#sweep-start');
    await page.waitForFunction(
      () => {
        const fatal = document.getElementById('fatal')?.textContent.trim();
        return !!fatal || (document.getElementById('sweep-status')?.textContent.trim() ?? '').startsWith('Done');
      },
      null,
      { timeout: SWEEP_TIMEOUT_MS, polling: 250 },
    );
    const wallMs = Date.now() - t0;
    await checkFatal(page);
    // The page marks sweepMs right after its last slice; give it a moment.
    await page.waitForFunction(() => document.documentElement.dataset.sweepMs !== undefined, null, { timeout: 5_000 }).catch(() => {});
    const r = await page.evaluate(() => {
      const p = document.getElementById('sweep-progress');
      // In workers the phases' times are the table's last column (s).
      const fromTable = [...document.querySelectorAll('#sweep-rows tr')].map((tr) => Number(tr.cells[5].textContent) * 1000).join(',');
      return {
        phases: document.documentElement.dataset.sweepPhasesMs ?? fromTable,
        total: document.documentElement.dataset.sweepMs,
        status: document.getElementById('sweep-status')?.textContent.trim() ?? '',
        value: p?.value,
        max: p?.max,
      };
    });
    const rows = await tableRows(page, '#sweep-rows');
    return {
      status: r.status,
      progress: `${r.value}/${r.max}`,
      phasesMs: (r.phases ?? '').split(',').filter((x) => x !== '').map(Number),
      totalMs: num(r.total),
      wallMs,
      rows,
    };
  } finally {
    await s.context.close();
  }
}

/** (h) Korf #55 in the page, database built first: fresh pages. */
async function fifteenRuns(browser) {
  const runs = [];
  for (let i = 0; i < FIFTEEN_LOADS; i++) {
    const s = await openPage(browser);
    try {
      const { page } = s;
      await page.selectOption('#sample', 'korf55');
      const t0 = Date.now();
      await page.click('#solve');
      await page.waitForFunction(
        () => {
          const fatal = document.getElementById('fatal')?.textContent.trim();
          const status = document.getElementById('status')?.textContent.trim() ?? '';
          return !!fatal || status === 'Solved' || status.startsWith('Invalid') || status.startsWith('Unknown');
        },
        null,
        { timeout: 180_000, polling: 100 },
      );
      const wallMs = Date.now() - t0;
      await checkFatal(page);
      const r = await page.evaluate(() => ({
        build: document.documentElement.dataset.build16Ms,
        solve: document.documentElement.dataset.solve16Ms,
        bytes: document.documentElement.dataset.worker16Bytes,
        status: document.getElementById('status')?.textContent.trim(),
        cost: document.getElementById('cost')?.textContent.trim(),
      }));
      runs.push({ buildMs: num(r.build), solveMs: num(r.solve), bytes: num(r.bytes), status: r.status, cost: r.cost, wallMs });
    } finally {
      await s.context.close();
    }
  }
  return runs;
}

/** (j) The 6×6, 7×7 and 8×8 samples in Fast mode: fresh pages. */
async function largeRuns(browser) {
  const runs = [];
  for (const sample of LARGE_LOADS > 0 ? LARGE_SAMPLES : []) {
    for (let i = 0; i < LARGE_LOADS; i++) {
      const s = await openPage(browser);
      try {
        const { page } = s;
        await page.selectOption('#sample', sample);
        const t0 = Date.now();
        await page.click('#solve');
        await page.waitForFunction(
          () => {
            const fatal = document.getElementById('fatal')?.textContent.trim();
            const status = document.getElementById('status')?.textContent.trim() ?? '';
            return !!fatal || status.startsWith('Solved') || status.startsWith('Invalid') || status.startsWith('Error');
          },
          null,
          { timeout: 180_000, polling: 50 },
        );
        const wallMs = Date.now() - t0;
        await checkFatal(page);
        const r = await page.evaluate(() => ({
          status: document.getElementById('status')?.textContent.trim(),
          cost: document.getElementById('cost')?.textContent.trim(),
          summary: document.getElementById('summary')?.textContent.trim(),
        }));
        const bound = /proved lower bound (\d+), gap (\d+)/.exec(r.summary ?? '');
        runs.push({ sample, status: r.status, cost: Number(r.cost), bound: bound ? Number(bound[1]) : null, gap: bound ? Number(bound[2]) : null, wallMs });
      } finally {
        await s.context.close();
      }
    }
  }
  return runs;
}

/** (k) the 60-move 4×4 solve analysed in Play, per metric. */
const ANALYSE_LOADS = Number(process.env.BENCH_ANALYSE ?? 1);
const ANALYSE_START = '[5,12,10,7,15,11,14,0,8,2,1,13,3,4,9,6]';
const ANALYSE_GOAL = '[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]';
const ANALYSE_MOVES =
  'L D L D L U R U U R D D L D R R U L L U U R D D D L U U L U R R D L L D D R R U R U L D D R U U L D L D R R U U U L L L';

async function analyseRuns(browser, metric) {
  const runs = [];
  const shown = async (page) => {
    await page.waitForFunction(
      () => {
        const fatal = document.getElementById('fatal')?.textContent.trim();
        const text = document.getElementById('play-analysis')?.textContent.trim() ?? '';
        return !!fatal || text.startsWith('Your solve') || text.startsWith('No analysis');
      },
      null,
      { timeout: 180_000, polling: 50 },
    );
    await checkFatal(page);
    return page.evaluate(() => ({
      build: document.documentElement.dataset.analysisBuildMs,
      ms: document.documentElement.dataset.analysisMs,
      bytes: document.documentElement.dataset.worker16Bytes,
      text: document.getElementById('play-analysis')?.textContent.trim(),
    }));
  };
  const paste = async (page) => {
    await page.evaluate(() => {
      delete document.documentElement.dataset.analysisBuildMs;
      delete document.documentElement.dataset.analysisMs;
    });
    await page.fill('#play-paste', ANALYSE_MOVES);
    await page.selectOption('#play-notation', 'blank');
    const t0 = Date.now();
    await page.click('#play-paste-go');
    const r = await shown(page);
    return { ...r, wallMs: Date.now() - t0 };
  };
  for (let i = 0; i < ANALYSE_LOADS; i++) {
    const s = await openPage(browser);
    try {
      const { page } = s;
      await page.fill('#start', ANALYSE_START);
      await page.fill('#goal', ANALYSE_GOAL);
      await page.selectOption('#metric', metric);
      await page.click('#tab-play');
      const first = await paste(page);
      const again = await paste(page);
      for (const r of [first, again]) {
        if (!r.text.startsWith('Your solve') || r.text.includes('≥')) {
          throw new Error(`analysis in ${metric}: ${r.text}`);
        }
      }
      runs.push({
        buildMs: num(first.build),
        analysisMs: num(first.ms),
        wallMs: first.wallMs,
        againMs: num(again.ms),
        againWallMs: again.wallMs,
        bytes: num(again.bytes),
        text: first.text,
      });
    } finally {
      await s.context.close();
    }
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
    if (process.env.BENCH_ONLY === 'analyse') {
      for (const metric of ['single', 'multi']) {
        const runs = await analyseRuns(browser, metric);
        console.log(JSON.stringify({ bench: 'analyse', page: path, bytes, metric, runs }));
      }
      return;
    }
    const loads = await firstResult(browser);
    const solves = [];
    for (const b of BOARDS) solves.push({ board: b.start, runs: await solveTimes(browser, b) });
    const explores = await exploreTimes(browser);
    const compares = [];
    for (const b of COMPARE_BOARDS) compares.push(await compareTimes(browser, b));
    const sweep = SWEEP ? await sweepRun(browser) : null;
    const depth = DEPTH ? await depthRun(browser) : null;
    const fifteen = await fifteenRuns(browser);
    const large = await largeRuns(browser);
    const analyses = [];
    if (ANALYSE_LOADS > 0) {
      for (const metric of ['single', 'multi']) analyses.push({ metric, runs: await analyseRuns(browser, metric) });
    }
    const cliSweepMs = SWEEP && existsSync(RELEASE_BIN) ? cliWallMs(['sweep', '--json']).ms : null;
    const versus = [];
    if (existsSync(RELEASE_BIN)) {
      const wasm = pageWasm(path);
      for (const b of BOARDS) {
        const inPage = await wasmSolveMs(browser, wasm, b.rank);
        if (inPage.check !== `${SOLVES} ${SOLVES * b.expansions} ${b.expansions} 0`) {
          throw new Error(`worker answer for ${b.start}: ${inPage.check}`);
        }
        versus.push({ board: b.start, wasm: inPage.runs, native: nativeSolveMs(b) });
      }
    }

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

    const exploreMs = median(explores.map((r) => r.ms));
    rows.push(['explore state space, fresh page (dataset.exploreMs)', fmt(exploreMs), String(explores.length), 'page']);
    json.explore_ms = round(exploreMs);
    json.explore_runs_ms = explores.map((r) => r.ms);
    json.explore_wall_runs_ms = explores.map((r) => r.wallMs);

    json.compares = [];
    for (const c of compares) {
      const f = median(c.first);
      const r = median(c.repeats);
      rows.push([`compare all ${c.board}, first on a fresh page (dataset.compareMs)`, fmt(f), String(c.first.length), 'page']);
      rows.push([`compare all ${c.board}, repeated (dataset.compareMs)`, fmt(r), String(c.repeats.length), 'page']);
      json.compares.push({
        board: c.board,
        lab_budget: 200000,
        median_first_ms: round(f),
        median_repeat_ms: round(r),
        first_runs_ms: c.first,
        repeat_runs_ms: c.repeats,
        rows: c.rows,
      });
    }

    if (depth) {
      rows.push(['depth table (dataset.depthMs)', fmt(depth.totalMs), '1', 'page']);
      rows.push(['depth table click to "Done"', fmt(depth.wallMs), '1', 'wall']);
      json.depth = { status: depth.status, note: depth.note, total_ms: depth.totalMs, wall_ms: depth.wallMs, rows: depth.rows.length };
    } else {
      json.depth = null;
    }
    json.versus = [];
    for (const v of versus) {
      const w = median(v.wasm);
      const n = median(v.native);
      rows.push([`solve ${v.board} x${SOLVES} in a page worker, per solve`, fmt3(w), String(v.wasm.length), 'wall']);
      rows.push([`solve ${v.board} x${SOLVES} by the CLI's batch, per solve`, fmt3(n), String(v.native.length), 'wall']);
      rows.push([`  wasm / native`, (w / n).toFixed(2), '', 'ratio of medians']);
      json.versus.push({ board: v.board, solves: SOLVES, wasm_ms: v.wasm, native_ms: v.native, ratio: w / n });
    }
    if (!versus.length) rows.push([`wasm vs native (needs ${RELEASE_BIN})`, 'skipped', '', '']);

    if (sweep) {
      const names = ['Manhattan (181,440)', 'linear conflict (181,440)', 'misplaced tiles (2,000)'];
      sweep.phasesMs.forEach((ms, i) => rows.push([`sweep phase ${i + 1}: ${names[i] ?? '?'} (dataset.sweepPhasesMs)`, fmt(ms), '1', 'page']));
      rows.push(['sweep total (dataset.sweepMs)', fmt(sweep.totalMs), '1', 'page']);
      rows.push(['sweep click to "Done"', fmt(sweep.wallMs), '1', 'wall']);
      if (cliSweepMs !== null) {
        rows.push(['CLI sweep (eight-puzzle sweep --json)', fmt(cliSweepMs), '1', 'wall']);
        rows.push(['  page Manhattan phase / CLI sweep', (sweep.phasesMs[0] / cliSweepMs).toFixed(2), '', 'ratio']);
      }
      json.sweep = {
        status: sweep.status,
        progress: sweep.progress,
        phases_ms: sweep.phasesMs,
        total_ms: sweep.totalMs,
        wall_ms: sweep.wallMs,
        cli_sweep_wall_ms: cliSweepMs,
        rows: sweep.rows,
      };
    } else {
      rows.push(['sweep (set BENCH_SWEEP=1 to run it)', 'skipped', '', '']);
      json.sweep = null;
    }

    if (fifteen.length) {
      const b = median(fifteen.map((r) => r.buildMs));
      const v = median(fifteen.map((r) => r.solveMs));
      const w = median(fifteen.map((r) => r.wallMs));
      const m = median(fifteen.map((r) => r.bytes));
      rows.push(['4x4 Korf #55: database build (dataset.build16Ms)', fmt(b), String(fifteen.length), 'page']);
      rows.push(['4x4 Korf #55: IDA* after the build (dataset.solve16Ms)', fmt(v), String(fifteen.length), 'page']);
      rows.push(['4x4 Korf #55: click to "Solved"', fmt(w), String(fifteen.length), 'wall']);
      rows.push(['4x4 worker wasm memory (dataset.worker16Bytes)', `${m} bytes`, String(fifteen.length), 'page']);
      json.fifteen = {
        median_build_ms: round(b),
        median_solve_ms: round(v),
        median_wall_ms: round(w),
        median_worker_bytes: m,
        runs: fifteen,
      };
    } else {
      json.fifteen = null;
    }

    json.large = [];
    for (const sample of LARGE_SAMPLES) {
      const rs = large.filter((r) => r.sample === sample);
      if (!rs.length) continue;
      const w = median(rs.map((r) => r.wallMs));
      rows.push([`${sample} Fast: click to "Solved" (cost ${rs[0].cost}, bound ${rs[0].bound}, gap ${rs[0].gap})`, fmt(w), String(rs.length), 'wall']);
      json.large.push({ sample, median_wall_ms: round(w), runs: rs });
    }
    json.analyses = [];
    for (const a of analyses) {
      const pick = (k) => median(a.runs.map((r) => r[k]));
      const n = String(a.runs.length);
      rows.push([`analysis of a 60-move 4x4 solve, ${a.metric}: tables' build (dataset.analysisBuildMs)`, fmt(pick('buildMs')), n, 'page']);
      rows.push([`analysis of a 60-move 4x4 solve, ${a.metric}: after the build (dataset.analysisMs)`, fmt(pick('analysisMs')), n, 'page']);
      rows.push([`analysis of a 60-move 4x4 solve, ${a.metric}: click to the analysis`, fmt(pick('wallMs')), n, 'wall']);
      rows.push([`analysis of a 60-move 4x4 solve, ${a.metric}: again, tables kept (dataset.analysisMs)`, fmt(pick('againMs')), n, 'page']);
      rows.push([`analysis of a 60-move 4x4 solve, ${a.metric}: again, click to the analysis`, fmt(pick('againWallMs')), n, 'wall']);
      rows.push([`analysis of a 60-move 4x4 solve, ${a.metric}: worker wasm memory`, `${pick('bytes')} bytes`, n, 'page']);
      json.analyses.push({ metric: a.metric, runs: a.runs });
    }
    if (!analyses.length) rows.push(['analysis of a 60-move 4x4 solve (BENCH_ANALYSE=0)', 'skipped', '', '']);

    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    const line = (r) => r.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
    console.log(line(rows[0]));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of rows.slice(1)) console.log(line(r));
    for (const s of json.solves) console.log(`  ${s.board}: ${s.expansions} expansions`);
    for (const c of json.compares) {
      console.log(`  Compare all ${c.board} (lab budget ${c.lab_budget}), first fresh page:`);
      for (const r of c.rows ?? []) console.log(`    ${r.join(' | ')}`);
    }
    if (json.sweep) {
      console.log(`  sweep: ${json.sweep.status} (progress ${json.sweep.progress}); phases ms ${json.sweep.phases_ms.join(', ')}; total ${json.sweep.total_ms} ms`);
      console.log('    Heuristic | Starts | Mean expansions | Max expansions | Over 10,000');
      for (const r of json.sweep.rows) console.log(`    ${r.join(' | ')}`);
    }
    console.log(JSON.stringify(json));
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
