// scratch: screenshots and box measurements (not a test)
import { launch, openPage } from './harness.mjs';
const [,, width = '1280', height = '800', ...cmds] = process.argv;
const b = await launch();
const s = await openPage(b, { viewport: { width: +width, height: +height } });
const p = s.page;
for (const c of cmds) {
  const [op, a, v] = c.split('|');
  if (op === 'fill') await p.fill(a, v);
  else if (op === 'select') await p.selectOption(a, v);
  else if (op === 'click') await p.click(a);
  else if (op === 'wait') await p.waitForTimeout(+a);
  else if (op === 'goto') { await p.goto(s.url + a); await p.waitForTimeout(1500); }
  else if (op === 'shot') await p.screenshot({ path: `/tmp/shots/${a}.png`, fullPage: v === 'full' });
  else if (op === 'boxes') {
    const r = await p.evaluate((sels) => sels.map((q) => { const e = document.querySelector(q); if (!e) return [q, null]; const r = e.getBoundingClientRect(); return [q, Math.round(r.top), Math.round(r.bottom)]; }), a.split(','));
    console.log(JSON.stringify(r));
  } else if (op === 'eval') console.log(await p.evaluate(a));
}
console.log('errors', s.pageErrors);
await b.close();
