// Browser benchmark (not a test): how long a Play hint takes in the page
// on seeded random 5×5 and 4×4 boards (the hint answers within its node
// budget: exact moves, a proved first move, or a fast-mode move).
//
//   cargo xtask dist && (cd tests/browser && node bench_hint.mjs)
//   BENCH_HINTS=5 BENCH_SEED=7 PAGE=/abs/path.html node tests/browser/bench_hint.mjs
//
// For each shape, BENCH_HINTS boards (default 4) made by a seeded random
// walk of 1,000 moves from the shape's default goal (so every board is
// solvable) are typed into Start one after another in one page; for each,
// Play's Hint is pressed and the time until the hint's answer is shown is
// read (ms, polled every frame). Prints one line per board (shape, kind of
// answer, ms), then the median per shape and one JSON line starting with
// {"bench":"hint".

import { launch, openPage, waitReady } from './harness.mjs';

const HINTS = Number(process.env.BENCH_HINTS || 4);
const SEED = Number(process.env.BENCH_SEED || 1);

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function walk(width, height, steps, next) {
  const n = width * height;
  const cells = [...Array(n).keys()].map((i) => (i + 1) % n);
  let blank = n - 1;
  let last = -1;
  for (let s = 0; s < steps; s++) {
    const r = Math.floor(blank / width);
    const c = blank % width;
    const options = [];
    if (r > 0) options.push(blank - width);
    if (r < height - 1) options.push(blank + width);
    if (c > 0) options.push(blank - 1);
    if (c < width - 1) options.push(blank + 1);
    const choices = options.filter((o) => o !== last);
    const to = choices[Math.floor(next() * choices.length)];
    cells[blank] = cells[to];
    cells[to] = 0;
    last = blank;
    blank = to;
  }
  const rows = [];
  for (let r = 0; r < height; r++) rows.push(cells.slice(r * width, (r + 1) * width));
  return JSON.stringify(rows);
}

function median(xs) {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

const next = rng(SEED);
const browser = await launch();
const results = {};
try {
  const s = await openPage(browser, { waitReady: false, intercept: false });
  const { page } = s;
  await waitReady(page, 30_000);
  for (const size of [5, 4]) {
    const shape = `${size}x${size}`;
    results[shape] = [];
    for (let i = 0; i < HINTS; i++) {
      const board = walk(size, size, 1000, next);
      await page.click('#tab-solution');
      await page.fill('#start', board);
      await page.click('#tab-play');
      await page.waitForFunction(() => document.querySelector('#play-status')?.textContent.startsWith('g = 0 moves so far'));
      const t0 = await page.evaluate(() => {
        const t = performance.now();
        document.querySelector('#hint').click();
        return t;
      });
      await page.waitForFunction(
        () => /^(Hint|No hint)/.test(document.querySelector('#hint-text')?.textContent ?? ''),
        null,
        { polling: 'raf', timeout: 120_000 },
      );
      const r = await page.evaluate((start) => ({ ms: performance.now() - start, hint: document.querySelector('#hint-text').textContent }), t0);
      const kind = r.hint.startsWith('Hint (not proved optimal)') ? 'fast' : r.hint.includes('starts a shortest path') ? 'shortest' : 'exact';
      results[shape].push({ board, ms: Math.round(r.ms), kind });
      console.log(`${shape} ${board} ${kind} ${Math.round(r.ms)} ms: ${r.hint}`);
    }
  }
  await s.context.close();
} finally {
  await browser.close();
}
for (const [shape, rs] of Object.entries(results)) {
  console.log(`${shape}: median ${median(rs.map((r) => r.ms))} ms, max ${Math.max(...rs.map((r) => r.ms))} ms over ${rs.length} boards`);
}
console.log(JSON.stringify({ bench: 'hint', seed: SEED, results }));
