// Play for speedsolvers (issue 34 items 2 and 4): a solve played by clicks
// is timed and counted, and at the goal its link reopens the start and the
// solve in a new page with the count and time as recorded; the start's
// shortest solutions are counted in the worker and stepped through; New
// scramble deals a solvable board of the shape and clears the old solve.
// Screenshots of Play at the goal at 360 and 1280 px.
//
//   cd tests/browser && node --test speed.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, expectText, expectTextMatch, pageUrl, runAxe, text, texts, waitReady } from './harness.mjs';

const BASELINE = '[1,2,3,4,5,6,0,7,8]';
const ANALYSIS =
  'Your solve: 4 moves; the optimum is 2, so the excess is 2. Distance to the goal after each move, from 2: 1 2 1 0. One move did not bring the board one move closer: 2 (Left).';

pageTest('a timed solve gives a link that reopens it with its count and time (at 360 and 1280 px)', async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 900 });
  await page.fill('#start', BASELINE);
  await page.click('#tab-play');
  await expectText(page, '#play-timer', 'Time: 0.0 s');
  // Right, Left, Right, Right by clicks, with a pause: the timer runs.
  for (const [cell, count] of [[7, 1], [6, 2], [7, 3]]) {
    await page.click(`#board [data-cell="${cell}"]`);
    await expectText(page, '#play-counter', `Moves: ${count}`);
  }
  await page.waitForTimeout(600);
  await expectTextMatch(page, '#play-timer', (v) => /^Time: (0\.[3-9]|[1-9]\d*\.\d) s$/.test(v), 'the timer runs', 3_000);
  await page.click('#board [data-cell="8"]');
  await expectText(page, '#play-counter', 'Moves: 4');
  await expectText(page, '#play-analysis', ANALYSIS, 20_000);
  // Stopped at the goal: the same time a moment later.
  const time = await text(page, '#play-timer');
  assert.match(time, /^Time: \d+\.\d s$/);
  await page.waitForTimeout(300);
  assert.equal(await text(page, '#play-timer'), time, 'the timer stopped at the goal');
  const seconds = time.replace(/^Time: /, '').replace(/ s$/, '');
  const href = await page.getAttribute('#play-link', 'href');
  assert.equal(
    href,
    `#start=%5B1%2C2%2C3%2C4%2C5%2C6%2C0%2C7%2C8%5D&goal=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C0%5D&tab=play&solve=R%20L%20R%20R&moves=4&time=${seconds}`,
  );
  assert.equal(await text(page, '#play-link'), href, 'the link shows itself');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(scroll <= 0, `no horizontal scroll at ${width} px (${scroll} px over)`);
    await page.locator('#play-panel').screenshot({ path: join(ensureArtifacts(), `play-speed-${width}.png`) });
  }

  // A new page opens the link: the solve replayed, analysed, recorded.
  const other = await context.newPage();
  await other.goto(pageUrl() + href);
  await waitReady(other);
  await expectText(other, '#play-recorded', `Recorded: 4 moves in ${seconds} s`);
  await expectText(other, '#play-counter', 'Moves: 4');
  assert.deepEqual(await texts(other, '#play-moves li'), ['Right', 'Left', 'Right', 'Right']);
  await expectText(other, '#play-analysis', ANALYSIS, 20_000);
  assert.equal(await other.isHidden('#play-timer'), true, 'a replayed solve is not timed');
  assert.equal(await other.getAttribute('#play-link', 'href'), href);
  assert.equal(await text(other, '#link-note'), '');
  await other.close();
});

pageTest('the start\'s shortest solutions are counted in the worker and stepped through', async ({ page }) => {
  // 31 moves from the goal: 40 shortest solutions (the native test checks
  // the count against a plain breadth-first count).
  await page.setViewportSize({ width: 360, height: 900 });
  await page.fill('#start', '[8,6,7,2,5,4,3,0,1]');
  await page.click('#tab-play');
  await page.click('#play-count');
  await expectText(page, '#play-shortest', 'From the start: 40 shortest solutions of 31 moves (an exact count).', 20_000);
  await expectText(page, '#play-shortest-at', 'Solution 1 of 40');
  assert.equal(await page.isDisabled('#play-shortest-prev'), true);
  const first = await text(page, '#play-shortest-moves');
  assert.equal(first.split(' ').length, 31);
  await page.click('#play-shortest-next');
  await page.click('#play-shortest-next');
  await expectText(page, '#play-shortest-at', 'Solution 3 of 40');
  await page.click('#play-shortest-prev');
  await expectText(page, '#play-shortest-at', 'Solution 2 of 40');
  const second = await text(page, '#play-shortest-moves');
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(scroll <= 0, `no horizontal scroll at 360 px (${scroll} px over)`);
  await page.locator('.play-shortest').screenshot({ path: join(ensureArtifacts(), 'play-shortest-360.png') });
  assert.notEqual(second, first);
  // Replayed on the board: 31 moves to the goal, an excess of 0.
  await page.click('#play-shortest-replay');
  await expectText(page, '#play-counter', 'Moves: 31');
  await expectTextMatch(page, '#play-analysis', (v) => v.startsWith('Your solve: 31 moves; the optimum is 31, so the excess is 0.'), 'an optimal solve', 20_000);
  assert.equal(await text(page, '#play-shortest-at'), 'Solution 2 of 40', 'the count stays');
  // At the goal with the link, the count and its steps shown: axe finds nothing.
  assert.equal(await page.isVisible('#play-link'), true);
  const { violations, report } = await runAxe(page);
  assert.equal(violations.length, 0, report);
}, { bypassCSP: true });

/** Whether `cells` (row-major, 0 the blank) of width `w` reaches the goal 1..n-1, 0:
 * the inversions' parity, and on an even width the blank's row from the bottom. */
function solvable(cells, w) {
  const tiles = cells.filter((c) => c !== 0);
  let inversions = 0;
  for (let i = 0; i < tiles.length; i++) for (let j = i + 1; j < tiles.length; j++) if (tiles[i] > tiles[j]) inversions++;
  if (w % 2 === 1) return inversions % 2 === 0;
  const rowFromBottom = cells.length / w - Math.floor(cells.indexOf(0) / w);
  return (inversions + rowFromBottom) % 2 === 1;
}

pageTest('New scramble deals a solvable board of the shape and clears the old solve', async ({ page }) => {
  // One move first (the tile right of the blank), then New scramble.
  for (const [start, w, cell] of [[BASELINE, 3, 7], ['[[1,2,3,4],[5,6,0,7]]', 4, 7]]) {
    await page.fill('#start', start);
    await page.click('#tab-play');
    await page.click(`#board [data-cell="${cell}"]`);
    await expectText(page, '#play-counter', 'Moves: 1');
    await page.click('#play-scramble');
    await expectText(page, '#play-counter', 'Moves: 0');
    const dealt = JSON.parse(await page.inputValue('#start'));
    const cells = Array.isArray(dealt[0]) ? dealt.flat() : dealt;
    const size = JSON.parse(start).flat().length;
    assert.equal(cells.length, size, 'the shape is kept');
    assert.equal(Array.isArray(dealt[0]) ? dealt[0].length : 3, w, 'the width is kept');
    assert.deepEqual([...cells].sort((a, b) => a - b), [...Array(size).keys()]);
    assert.ok(solvable(cells, w), `${JSON.stringify(cells)} reaches the goal`);
    assert.notEqual(JSON.stringify(cells), JSON.stringify(JSON.parse(start).flat()));
    assert.deepEqual(await texts(page, '#play-moves li'), []);
    assert.equal(await text(page, '#play-timer'), 'Time: 0.0 s');
    assert.equal(await page.isHidden('#play-analysis'), true);
    assert.equal(await page.isHidden('#play-share'), true);
  }
});
