// The Trace tab's search tree: small boards (up to 40 nodes) that can be
// focused and picked, the picked node's path from the start, zoom and pan
// (buttons, keys, wheel, drag) of one group, marks past 40 nodes, the list
// alternative, axe, and screenshots of a small and a large tree.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, eventually, expectText, runAxe, texts } from './harness.mjs';

const transform = (page) => page.getAttribute('#tree g.viewport', 'transform');

/** The baseline trace run to its end: five nodes. */
async function baselineTree(page) {
  await page.click('#tab-trace');
  await page.click('#trace-run');
  await eventually(() => page.locator('#tree g.node').count(), (n) => n === 5, 'five boards');
}

pageTest('tree: on the baseline trace every node is a small board with its cells and g, h, f', async ({ page }) => {
  await baselineTree(page);
  const boards = await page.evaluate(() =>
    [...document.querySelectorAll('#tree g.node')].map((n) => ({
      seq: n.getAttribute('data-seq'),
      cells: [...n.querySelectorAll('rect.cell')].length,
      digits: [...n.querySelectorAll('text.digit')].map((t) => t.textContent).join(''),
      blank: [...n.querySelectorAll('rect.cell')].findIndex((r) => r.classList.contains('blank')),
      figures: n.querySelector('text.figures').textContent,
      tabindex: n.getAttribute('tabindex'),
      role: n.getAttribute('role'),
    })),
  );
  assert.deepEqual(boards, [
    { seq: '0', cells: 9, digits: '12345678', blank: 6, figures: 'g 0 h 2 f 2', tabindex: '0', role: 'button' },
    { seq: '1', cells: 9, digits: '12356478', blank: 3, figures: 'g 1 h 3 f 4', tabindex: '0', role: 'button' },
    { seq: '2', cells: 9, digits: '12345678', blank: 7, figures: 'g 1 h 1 f 2', tabindex: '0', role: 'button' },
    { seq: '3', cells: 9, digits: '12346758', blank: 4, figures: 'g 2 h 2 f 4', tabindex: '0', role: 'button' },
    { seq: '4', cells: 9, digits: '12345678', blank: 8, figures: 'g 2 h 0 f 2', tabindex: '0', role: 'button' },
  ]);
  // The cells of a board, row by row, 18 units each, centred across the
  // 84-unit frame and 5 units from its top (the figures line below).
  const start = await page.evaluate(() =>
    [...document.querySelectorAll('#tree g.node[data-seq="0"] rect.cell')].map((r) => r.getAttribute('x') + ',' + r.getAttribute('y')),
  );
  assert.deepEqual(start, ['15,5', '33,5', '51,5', '15,23', '33,23', '51,23', '15,41', '33,41', '51,41']);
  // The list alternative is still there and says the same.
  assert.deepEqual(await texts(page, '#tree-list li'), [
    'g 0, h 2, f 2: board 123456078, seq 0, expanded, on the path to the goal',
    'g 1, h 3, f 4: board 123056478, seq 1, frontier',
    'g 1, h 1, f 2: board 123456708, seq 2, expanded, on the path to the goal',
    'g 2, h 2, f 4: board 123406758, seq 3, frontier',
    'g 2, h 0, f 2: board 123456780, seq 4, goal, the latest pop, on the path to the goal',
  ]);
  assert.equal(await page.locator('#tree circle').count(), 0, 'no marks at five nodes');
});

pageTest('tree: focus shows key, seq and state; Enter shows the path from the start', async ({ page }) => {
  await baselineTree(page);
  await page.focus('#tree g.node[data-seq="1"]');
  await expectText(page, '#tree-caption', 'g 1, h 3, f 4: board 123056478, seq 1, frontier');
  assert.equal(
    await page.getAttribute('#tree g.node[data-seq="1"]', 'aria-label'),
    'g 1, h 3, f 4: board 123056478, seq 1, frontier',
  );
  await page.hover('#tree g.node[data-seq="2"]');
  await expectText(page, '#tree-caption', 'g 1, h 1, f 2: board 123456708, seq 2, expanded, on the path to the goal');
  await page.focus('#tree g.node[data-seq="4"]');
  await page.keyboard.press('Enter');
  await expectText(page, '#tree-path-summary', 'Board 123456780 (seq 4) is 2 moves from the start: Right, Right.');
  assert.deepEqual(await texts(page, '#tree-path-boards li p'), [
    'Start: (f 2, h 2, key 123456078, seq 0), g 0',
    'Right: (f 2, h 1, key 123456708, seq 2), g 1',
    'Right: (f 2, h 0, key 123456780, seq 4), g 2',
  ]);
  assert.deepEqual(
    await page.evaluate(() => [...document.querySelectorAll('#tree-path-boards [role="table"]')].map((b) => b.getAttribute('aria-label'))),
    ['Board 123456078', 'Board 123456708', 'Board 123456780'],
  );
  // The picked node is marked, and keeps focus across the redraw.
  assert.equal(await page.getAttribute('#tree g.node[data-seq="4"]', 'class'), 'node goal latest goal-path picked');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('data-seq')), '4');
  // A click picks too: the frontier leaf seq 3.
  await page.click('#tree g.node[data-seq="3"]');
  await expectText(page, '#tree-path-summary', 'Board 123406758 (seq 3) is 2 moves from the start: Right, Up.');
});

pageTest('tree: zoom buttons and keys transform one group; the arrows pan; Fit returns', async ({ page }) => {
  await baselineTree(page);
  assert.equal(await page.getAttribute('#tree svg', 'viewBox'), '0 0 300 360');
  assert.equal(await transform(page), 'translate(0 0) scale(1)');
  const group = await page.$('#tree g.viewport');
  await page.click('#tree-zoom-in');
  assert.equal(await transform(page), 'translate(-37.5 -45) scale(1.25)');
  await page.click('#tree-zoom-out');
  assert.equal(await transform(page), 'translate(0 0) scale(1)');
  await page.click('#tree-zoom-out');
  assert.equal(await transform(page), 'translate(30 36) scale(0.8)');
  await page.click('#tree-fit');
  assert.equal(await transform(page), 'translate(0 0) scale(1)');
  await page.focus('#tree svg');
  await page.keyboard.press('+');
  assert.equal(await transform(page), 'translate(-37.5 -45) scale(1.25)');
  await page.keyboard.press('ArrowRight');
  assert.equal(await transform(page), 'translate(-77.5 -45) scale(1.25)');
  await page.keyboard.press('ArrowDown');
  assert.equal(await transform(page), 'translate(-77.5 -85) scale(1.25)');
  await page.keyboard.press('-');
  assert.equal(await transform(page), 'translate(-32 -32) scale(1)');
  await page.keyboard.press('0');
  assert.equal(await transform(page), 'translate(0 0) scale(1)');
  // Zoom and pan touched the group's attribute only: it is the same element.
  assert.ok(await group.evaluate((g) => g.isConnected), 'the group was not rebuilt');
  // The keys on a focused node work the same, and do not pick it.
  await page.focus('#tree g.node[data-seq="0"]');
  await page.keyboard.press('=');
  assert.equal(await transform(page), 'translate(-37.5 -45) scale(1.25)');
  assert.equal(await page.textContent('#tree-path-summary'), 'Pick a board in the tree (click it, or Enter on it) to see the moves and boards from the start.');
  const r = await runAxe(page);
  assert.equal(r.violations.length, 0, `axe violations on the tree:\n${r.report}`);
}, { bypassCSP: true });

pageTest('tree: 40 nodes are boards, 41 are marks; the wheel zooms and a drag pans', async ({ page }) => {
  await page.fill('#start', '[0,1,3,2,7,4,6,8,5]');
  await page.click('#tab-trace');
  await page.fill('#trace-jump', '21');
  await page.click('#trace-go');
  await eventually(() => page.locator('#tree g.node').count(), (n) => n === 40, 'forty boards');
  assert.equal(await page.locator('#tree circle').count(), 0);
  await page.fill('#start', '[0,1,2,3,4,5,6,7,8]');
  await page.fill('#trace-jump', '23');
  await page.click('#trace-go');
  await eventually(() => page.locator('#tree circle.node').count(), (n) => n === 41, 'forty-one marks');
  assert.equal(await page.locator('#tree g.node').count(), 0);
  assert.equal(await page.locator('#tree-list li').count(), 41);
  await page.locator('#tree svg').scrollIntoViewIfNeeded();
  const box = await page.locator('#tree svg').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + 20);
  await page.mouse.wheel(0, -100);
  await eventually(() => transform(page), (t) => t.endsWith('scale(1.25)'), 'one wheel notch zooms in');
  const before = await transform(page);
  const x0 = Number(/translate\((-?[\d.]+) /.exec(before)[1]);
  await page.mouse.move(box.x + 40, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + 30, { steps: 5 });
  await page.mouse.up();
  const after = await transform(page);
  const x1 = Number(/translate\((-?[\d.]+) /.exec(after)[1]);
  const [w] = (await page.getAttribute('#tree svg', 'viewBox')).split(' ').slice(2).map(Number);
  const [, h] = (await page.getAttribute('#tree svg', 'viewBox')).split(' ').slice(2).map(Number);
  const s = Math.min(box.width / w, box.height / h);
  assert.ok(Math.abs(x1 - x0 - 50 / s) < 0.01, `a 50 px drag pans ${50 / s} units: ${before} → ${after}`);
  // A click on a mark picks it.
  await page.click('#tree-fit');
  await page.click('#tree circle.node[data-seq="0"]', { force: true });
  await expectText(page, '#tree-path-summary', 'Board 012345678 (seq 0) is the start: no moves.');
});

for (const width of [360, 1280]) {
  pageTest(
    `tree screenshots at ${width} px: a small tree (boards) and a large one (marks), no sideways scroll`,
    async ({ page }) => {
      await baselineTree(page);
      await page.click('#tree g.node[data-seq="4"]');
      await expectText(page, '#tree-path-summary', 'Board 123456780 (seq 4) is 2 moves from the start: Right, Right.');
      await page.locator('#tree').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ensureArtifacts(), `tree-small-${width}.png`), fullPage: true });
      await page.locator('.tree-grid').screenshot({ path: join(ensureArtifacts(), `tree-small-${width}-region.png`) });
      let w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= width, `scrollWidth ${w} > ${width}`);
      await page.fill('#start', '[0,1,2,3,4,5,6,7,8]');
      await page.click('#tab-trace');
      await page.fill('#trace-jump', '60');
      await page.click('#trace-go');
      await eventually(() => page.locator('#tree circle.node').count(), (n) => n > 41, 'marks');
      await page.screenshot({ path: join(ensureArtifacts(), `tree-large-${width}.png`), fullPage: true });
      await page.locator('.tree-grid').screenshot({ path: join(ensureArtifacts(), `tree-large-${width}-region.png`) });
      w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= width, `scrollWidth ${w} > ${width}`);
    },
    { viewport: { width, height: width === 360 ? 740 : 800 } },
  );
}
