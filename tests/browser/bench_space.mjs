// Browser benchmark of Explore state space on boards other than 3×3 (not a
// test): the engine's state-space search in the page's Web Worker, against
// the same search natively.
//
//   node tests/browser/bench_space.mjs        (after `npm ci` in tests/browser
//                                              and `cargo xtask dist`)
//
// Environment
//   PAGE              absolute path of the page (default ../../dist/eight-puzzle.html)
//   BENCH_LOADS       fresh page loads for 2×5 (default 3; the median is reported)
//   BENCH_3X4=0       skips 3×4 (one fresh page, about a minute)
//   SPACE_BENCH_BIN   the native example (default ../../target/release/examples/space_bench;
//                     build it with `cargo build --release -p eight-puzzle-engine --example space_bench`);
//                     run with `3x4 --threads 2` when it exists
//
// Reports, per shape: dataset.exploreMs (the page's clock from the click on
// Explore to the result merged), the wall time from the click to "Done",
// dataset.spaceWorkerBytes (the worker's whole wasm memory, which never
// shrinks, so its peak), the counts checked against the published totals;
// the native time; the machine's load (uptime) before and after.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { HERE, launch, openPage } from './harness.mjs';

const SHAPES = [
  { name: '2×5', goal: '[[1,2],[3,4],[5,6],[7,8],[9,0]]', boards: '1,814,400', diameter: 55, target: 'page ≤ 2 s' },
  { name: '3×4', goal: '[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]', boards: '239,500,800', diameter: 53, target: 'page ≤ 3× native' },
];

const loads = Number(process.env.BENCH_LOADS ?? 3);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function explore(browser, shape) {
  // The start is the goal (0 moves), so the link's solve is over at once.
  const s = await openPage(browser, { waitReady: false });
  // A fresh page of its own opened at the link (a fragment change alone
  // would not reload the page).
  const page = await s.context.newPage();
  try {
    const hash = `#start=${encodeURIComponent(shape.goal)}&goal=${encodeURIComponent(shape.goal)}&tab=space`;
    await page.goto(s.url + hash);
    await page.waitForFunction(() => /^Solved/.test(document.querySelector('#status')?.textContent.trim() ?? ''), null, {
      timeout: 60_000,
    });
    const t0 = Date.now();
    await page.click('#explore');
    await page.waitForFunction(() => document.documentElement.dataset.exploreMs !== undefined, null, {
      timeout: 15 * 60_000,
      polling: 200,
    });
    const wallMs = Date.now() - t0;
    const r = await page.evaluate(() => ({
      ms: Number(document.documentElement.dataset.exploreMs),
      bytes: Number(document.documentElement.dataset.spaceWorkerBytes ?? 0),
      status: document.querySelector('#explore-status').textContent.trim(),
      summary: document.querySelector('#space-summary').textContent.trim(),
      hardest: document.querySelector('#hardest-note').textContent.trim(),
    }));
    const want = `${shape.boards} boards can reach the goal`;
    if (!r.summary.startsWith(want) || !r.summary.includes(`the farthest are ${shape.diameter} moves away`)) {
      throw new Error(`${shape.name}: unexpected result ${JSON.stringify(r)}`);
    }
    return { ...r, wallMs };
  } finally {
    await s.context.close();
  }
}

function native() {
  const bin = process.env.SPACE_BENCH_BIN ?? resolve(HERE, '..', '..', 'target', 'release', 'examples', 'space_bench');
  if (!existsSync(bin)) return null;
  const t0 = Date.now();
  const out = execFileSync(bin, ['3x4', '--threads', '2'], { encoding: 'utf8' });
  return { wallMs: Date.now() - t0, out: out.trim() };
}

const browser = await launch();
const rows = [];
console.log(`load before: ${uptime()}`);
try {
  const runs = [];
  for (let i = 0; i < loads; i++) runs.push(await explore(browser, SHAPES[0]));
  rows.push({ shape: '2×5', runs });
  if (process.env.BENCH_3X4 !== '0') rows.push({ shape: '3×4', runs: [await explore(browser, SHAPES[1])] });
} finally {
  await browser.close();
}
console.log(`load after the page runs: ${uptime()}`);
const nat = process.env.BENCH_3X4 !== '0' ? native() : null;
if (nat) console.log(`load after native: ${uptime()}`);

for (const { shape, runs } of rows) {
  const ms = median(runs.map((r) => r.ms));
  const wall = median(runs.map((r) => r.wallMs));
  const last = runs[runs.length - 1];
  console.log(
    `${shape}: exploreMs ${ms.toFixed(0)} (median of ${runs.length}: ${runs.map((r) => r.ms.toFixed(0)).join(', ')}), ` +
      `wall ${wall} ms, worker memory ${(last.bytes / 1e6).toFixed(1)} MB; ${last.status} ${last.hardest}`,
  );
}
if (nat) {
  console.log(`native space_bench 3x4 --threads 2: wall ${nat.wallMs} ms\n${nat.out}`);
  const page = rows.find((r) => r.shape === '3×4');
  if (page) console.log(`3×4 page / native (wall of the process): ${(page.runs[0].ms / nat.wallMs).toFixed(2)}×`);
}
