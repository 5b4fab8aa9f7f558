import { launch, openPage, text } from './harness.mjs';
const b = await launch();
const out = '/tmp/shots';
async function run(width, sample, name) {
  const s = await openPage(b, { viewport: { width, height: 800 } });
  const p = s.page;
  await p.selectOption('#sample', sample);
  await p.click('#solve');
  const t0 = Date.now();
  for (let i = 0; i < 240; i++) {
    const st = await text(p, '#status');
    if (/^(Solved|Unknown|Unsolvable|Invalid|Error)/.test(st)) break;
    await p.waitForTimeout(250);
  }
  console.log(width, sample, await text(p, '#status'), await text(p, '#cost'), (Date.now() - t0) + 'ms', '|', await text(p, '#summary'));
  await p.screenshot({ path: `${out}/${name}-solution-${width}.png`, fullPage: false });
  await p.click('#tab-play');
  await p.click('#hint');
  await p.waitForTimeout(1500);
  console.log('  hint:', await text(p, '#hint'), '| progress:', await text(p, '#solve-progress'));
  await p.screenshot({ path: `${out}/${name}-play-${width}.png`, fullPage: false });
  console.log('  errors', s.pageErrors, s.consoleErrors, await text(p, '#fatal'));
  await s.context.close();
}
for (const w of [360, 1280]) {
  await run(w, 'three-by-four', '3x4');
  await run(w, 'korf24-1', '5x5');
}
await b.close();
