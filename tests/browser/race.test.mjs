// End-to-end tests of the Race tab: two searches from the same start in
// lockstep (Step, Play/Pause at a speed), the finish line's exact costs,
// the keyboard, the sides stacked at 360 px, the link, axe.
//
//   cd tests/browser && node --test --test-concurrency=1 race.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ensureArtifacts, expectText, runAxe, text, texts } from './harness.mjs';
import { pageTest } from './suite.mjs';

// 14 moves from the goal; greedy best-first on Manhattan finds 76.
const BOARD = '[8,1,3,4,0,2,7,6,5]';

async function openRace(page) {
  await page.fill('#start', BOARD);
  await page.click('#tab-race');
  await expectText(page, '#race-status', 'Ready: each Step expands one board on each side (IDA*: enters one board).');
}

const FINISH = [
  "Left (A* (Manhattan)): Found a path of 14 moves at step 36 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
  "Right (greedy best-first (Manhattan)): Found a path of 76 moves at step 457 — not shortest: 62 moves longer than optimal. The blank's moves: RDLUULDRULDRDLUURDLURDRDLLUURDLDRRUULDDLURURDLURDDLLURDRUULDRULDLURRDLULDRRD.",
  'Left found a path first, at step 36.',
];

pageTest('the race: A* against greedy, Step, Play to the finish line with exact costs', async ({ page }) => {
  await openRace(page);
  assert.equal(await text(page, '#race-left-title'), 'Left: A* (Manhattan)');
  assert.equal(await text(page, '#race-right-title'), 'Right: breadth-first search');
  await page.selectOption('#race-right-search', 'greedy');
  await expectText(page, '#race-right-title', 'Right: greedy best-first (Manhattan)');
  // Greedy takes a heuristic and no weight: the weight picker is not shown.
  assert.equal(await page.isHidden('#race-right-weight'), true);
  assert.equal(await page.isVisible('#race-right-heuristic'), true);
  await page.click('#race-step');
  await expectText(page, '#race-status', 'Racing: 1 step so far.');
  assert.deepEqual(await texts(page, '#race-left-figures li'), [
    'Frontier: 4 entries',
    'Expansions: 1',
    'Best f = g + h: 10',
  ]);
  assert.deepEqual(await texts(page, '#race-right-figures li'), [
    'Frontier: 4 entries',
    'Expansions: 1',
    "Best h (greedy's priority): 9",
  ]);
  assert.equal(await text(page, '#race-left-boards-title'), 'The next 3 entries to pop, first first');
  assert.equal((await texts(page, '#race-left-boards li')).length, 3);
  assert.deepEqual(await texts(page, '#race-finish li'), ['No side has ended yet.']);
  // The link names both sides on this tab.
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /&left=astar_manhattan_1&right=greedy_manhattan/);
  await page.selectOption('#race-speed', 'fastest');
  await page.click('#race-play');
  await expectText(page, '#race-status', 'Both sides have ended, after 457 steps.', 15_000);
  assert.equal(await text(page, '#race-play'), 'Play');
  assert.deepEqual(await texts(page, '#race-finish li'), FINISH);
  assert.equal(await page.getAttribute('#race-step', 'aria-disabled'), 'true');
  // Ended: nothing is said to be next to pop (issue 33).
  for (const side of ['left', 'right']) {
    assert.match(await text(page, `#race-${side}-boards-title`), /^Nothing more to pop: the search ended\./);
  }
  // The link reopens the same two sides; Reset and the same race again.
  await page.goto(page.url().split('#')[0] + hash);
  await expectText(page, '#race-right-title', 'Right: greedy best-first (Manhattan)');
  assert.equal(await page.inputValue('#race-right-search'), 'greedy');
});

pageTest('the race: Play and Pause, BFS against IDA*, a weighted A* by its wording', async ({ page }) => {
  await openRace(page);
  await page.selectOption('#race-left-search', 'idastar');
  await page.selectOption('#race-speed', 'slow');
  await page.click('#race-play');
  await expectText(page, '#race-play', 'Pause');
  assert.equal(await page.getAttribute('#race-play', 'aria-pressed'), 'true');
  await page.click('#race-play');
  await expectText(page, '#race-play', 'Play');
  const paused = await text(page, '#race-status');
  await page.waitForTimeout(1200);
  assert.equal(await text(page, '#race-status'), paused, 'paused: no more steps');
  assert.match(await text(page, '#race-left-figures li:last-child'), /^Bound on f: \d+$/);
  await page.selectOption('#race-speed', 'fastest');
  await page.click('#race-play');
  await expectText(page, '#race-status', 'Both sides have ended, after 4,158 steps.', 30_000);
  assert.deepEqual(await texts(page, '#race-finish li'), [
    "Left (IDA* (Manhattan)): Found a path of 14 moves at step 181 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
    "Right (breadth-first search): Found a path of 14 moves at step 4,158 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
    'Left found a path first, at step 181.',
  ]);
  // Weighted A* at w = 3 is said as the Lab says it.
  await page.selectOption('#race-left-search', 'astar');
  await page.selectOption('#race-left-weight', '3');
  await expectText(page, '#race-left-title', 'Left: weighted A* (Manhattan, w = 3)');
  await page.click('#race-play');
  await expectText(page, '#race-status', 'Both sides have ended, after 4,158 steps.', 30_000);
  assert.equal(
    (await texts(page, '#race-finish li'))[0],
    "Left (weighted A* (Manhattan, w = 3)): Found a path of 14 moves at step 30 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
  );
});

pageTest('the race: a side on the workshop\'s written h runs to the finish line; the link carries it', async ({ page }) => {
  await page.fill('#start', BOARD);
  await page.click('#tab-lab');
  await page.fill('#workshop-expr', '2 * manhattan');
  await page.click('#tab-race');
  await page.selectOption('#race-left-heuristic', 'written');
  await expectText(page, '#race-left-title', 'Left: A* (your h = 2 * manhattan)');
  await page.selectOption('#race-right-search', 'greedy');
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /&left=astar_h%3A2%20\*%20manhattan_1&right=greedy_manhattan$/);
  await page.selectOption('#race-speed', 'fastest');
  await page.click('#race-play');
  await expectText(page, '#race-status', 'Both sides have ended, after 457 steps.', 15_000);
  // Twice Manhattan written: the built-in twice Manhattan's race (pinned natively).
  assert.deepEqual(await texts(page, '#race-finish li'), [
    "Left (A* (your h = 2 * manhattan)): Found a path of 14 moves at step 32 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
    FINISH[1],
    'Left found a path first, at step 32.',
  ]);
});

pageTest('the race with the keyboard alone', async ({ page }) => {
  await openRace(page);
  await page.focus('#race-right-search');
  // BFS → IDA* (the next option), by the arrow key on the select.
  await page.keyboard.press('ArrowDown');
  await expectText(page, '#race-right-title', 'Right: IDA* (Manhattan)');
  await page.focus('#race-step');
  await page.keyboard.press('Enter');
  await expectText(page, '#race-status', 'Racing: 1 step so far.');
  await page.keyboard.press('Space');
  await expectText(page, '#race-status', 'Racing: 2 steps so far.');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'race-play');
  await page.keyboard.press('Enter');
  await expectText(page, '#race-play', 'Pause');
  await page.keyboard.press('Enter');
  await expectText(page, '#race-play', 'Play');
});

for (const width of [360, 1280]) {
  pageTest(
    `the race at ${width} px: ${width < 900 ? 'the sides stacked' : 'side by side'}, no sideways scroll, axe-clean`,
    async ({ page }) => {
      await openRace(page);
      await page.selectOption('#race-right-search', 'greedy');
      for (let i = 0; i < 5; i++) await page.click('#race-step');
      await expectText(page, '#race-status', 'Racing: 5 steps so far.');
      const left = await page.locator('#race-left-title').boundingBox();
      const right = await page.locator('#race-right-title').boundingBox();
      if (width < 900) {
        assert.ok(right.y > left.y + 100, `stacked: ${JSON.stringify({ left, right })}`);
        assert.ok(Math.abs(right.x - left.x) < 2, `one column: ${JSON.stringify({ left, right })}`);
      } else {
        assert.ok(Math.abs(right.y - left.y) < 2, `side by side: ${JSON.stringify({ left, right })}`);
        assert.ok(right.x > left.x + 100);
      }
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= width, `scrollWidth ${w} > ${width}`);
      const { violations, report } = await runAxe(page);
      assert.equal(violations.length, 0, `axe violations on the Race tab:\n${report}`);
      await page.selectOption('#race-speed', 'fastest');
      await page.click('#race-play');
      await expectText(page, '#race-status', 'Both sides have ended, after 457 steps.', 15_000);
      await page.locator('#race-title').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ensureArtifacts(), `race-${width}.png`), fullPage: true });
    },
    { viewport: { width, height: width < 900 ? 740 : 800 } },
  );
}
