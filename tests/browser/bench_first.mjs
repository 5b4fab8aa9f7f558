// Browser benchmark (not a test): where the time to the first result goes.
//
//   cargo xtask dist && (cd tests/browser && node bench_first.mjs)
//   BENCH_LOADS=9 PAGE=/abs/path.html node tests/browser/bench_first.mjs
//   PAGES=/abs/a.html,/abs/b.html node tests/browser/bench_first.mjs   (interleaved loads of several builds)
//
// Opens the page BENCH_LOADS times (default 5), each in a fresh browser
// context, and reads, per load, the page's own performance marks (ms from
// navigation start): "loader" (the loader script starts), "decoded" (the
// page's text is turned back into the gzip stream's bytes), "compiled" (the
// module is compiled from the inflating stream), "booted" (the page is
// mounted and its baseline verdict is in the document, the same moment as
// dataset.firstResultMs, which bench.mjs reports), plus the browser's first
// contentful paint. Prints the median of each, then one JSON line starting
// with {"bench":"first".

import { launch, openPage, pagePath, waitReady } from './harness.mjs';

const LOADS = Number(process.env.BENCH_LOADS || 5);
const MARKS = ['loader', 'decoded', 'compiled', 'app', 'instantiated', 'booted'];

function median(xs) {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

const PAGES = process.env.PAGES ? process.env.PAGES.split(',') : [pagePath()];
const browser = await launch();
const runsOf = PAGES.map(() => []);
try {
  for (let i = 0; i < LOADS; i++) {
   for (const [p, path] of PAGES.entries()) {
    process.env.PAGE = path;
    const runs = runsOf[p];
    const s = await openPage(browser, { waitReady: false, intercept: false });
    try {
      await waitReady(s.page, 30_000);
      // The first contentful paint is reported after the frame it is in.
      await s.page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
        timeout: 5_000,
      }).catch(() => {});
      const r = await s.page.evaluate((names) => {
        const at = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null;
        const out = Object.fromEntries(names.map((n) => [n, at(n)]));
        out.firstResultMs = Number(document.documentElement.dataset.firstResultMs);
        out.fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        out.status = document.getElementById('status')?.textContent.trim() ?? '';
        out.fatal = document.getElementById('fatal')?.textContent.trim() ?? '';
        return out;
      }, MARKS);
      if (r.fatal) throw new Error(`#fatal: ${r.fatal}`);
      if (!r.status.startsWith('Solved')) throw new Error(`first result is not "Solved": ${r.status}`);
      runs.push(r);
    } finally {
      await s.context.close();
    }
   }
  }
} finally {
  await browser.close();
}

const keys = [...MARKS, 'firstResultMs', 'fcp'];
for (const [p, path] of PAGES.entries()) {
  const runs = runsOf[p];
  const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))]));
  console.log(path);
  for (const k of keys) {
    const all = runs.map((r) => (r[k] === null ? 'n/a' : r[k].toFixed(1))).join(', ');
    console.log(`  ${k.padEnd(14)} median ${med[k] === null ? 'n/a' : med[k].toFixed(1)} ms   (${all})`);
  }
  console.log(JSON.stringify({ bench: 'first', page: path, loads: LOADS, median: med, runs }));
}
