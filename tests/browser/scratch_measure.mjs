import { launch, openPage } from './harness.mjs';
const [,, width = '1280', height = '800'] = process.argv;
const b = await launch();
const s = await openPage(b, { viewport: { width: +width, height: +height } });
const p = s.page;
const shapes = [];
for (let w = 2; w <= 12; w++) for (let h = 2; h <= 12; h++) if (w * h <= 25) shapes.push([w, h]);
for (const metric of ['single', 'multi']) for (const mode of ['optimal', 'fast']) {
  await p.selectOption('#metric', metric);
  await p.selectOption('#mode', mode);
  for (const [w, h] of shapes) {
    const cells = [...Array(w * h).keys()].map((i) => (i + 1) % (w * h));
    const rows = []; for (let r = 0; r < h; r++) rows.push(cells.slice(r * w, r * w + w));
    await p.fill('#start', JSON.stringify(rows));
    const r = await p.evaluate(() => {
      const bot = (q) => Math.round(document.querySelector(q).getBoundingClientRect().bottom);
      return { board: bot('#board'), nav: bot('.board-panel .nav'), verdict: bot('.verdict'), solve: bot('#solve'), goal: bot('#goal') };
    });
    console.log(metric, mode, `${w}x${h}`, JSON.stringify(r));
  }
}
console.log('errors', s.pageErrors);
await b.close();
