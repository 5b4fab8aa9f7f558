// Links that follow the address bar, and the verdict in view (issue 17).
//
//   cd tests/browser && node --test --test-concurrency=1 links.test.mjs
//
// A link opened in a tab that already shows the page reopens its state
// (hashchange / popstate); each new solved state is a history entry, steps
// and tabs replace the current one; the Trace's algorithm is in the link;
// the verdict line (#status and #summary) is on the first screen after
// Solve at 1280×800 and 360×740.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  boardCells,
  eventually,
  ensureArtifacts,
  expectBoard,
  expectText,
  expectTextMatch,
  runAxe,
  text,
} from './harness.mjs';
import { pageTest } from './suite.mjs';

const enc = encodeURIComponent;
const GOAL_LINK = `goal=${enc('[1,2,3,4,5,6,7,8,0]')}`;
const ONE_MOVE = '[1,2,3,4,5,6,7,0,8]';
const BASELINE = '[1,2,3,4,5,6,0,7,8]';
const ONE_MOVE_BOARD = ['1', '2', '3', '4', '5', '6', '7', '', '8'];
const BASELINE_BOARD = ['1', '2', '3', '4', '5', '6', '', '7', '8'];
const DOWN_ONE = '[1,2,3,4,5,0,7,8,6]';
const DOWN_ONE_BOARD = ['1', '2', '3', '4', '5', '', '7', '8', '6'];

const hash = (page) => page.evaluate(() => location.hash);
const historyLength = (page) => page.evaluate(() => history.length);

/** The state a test compares: start field, board, verdict line, cost. */
async function shown(page) {
  return {
    start: await page.inputValue('#start'),
    board: (await boardCells(page)).map((c) => c.text),
    status: await text(page, '#status'),
    summary: await text(page, '#summary'),
    cost: await text(page, '#cost'),
  };
}

pageTest('setting location.hash to a new #start=… reopens that state in the open page', async ({ page }) => {
  const before = await historyLength(page);
  const link = `start=${enc(ONE_MOVE)}&${GOAL_LINK}&budget=100&tab=solution&step=0`;
  await page.evaluate((h) => {
    location.hash = h;
  }, `#${link}`);
  await expectBoard(page, ONE_MOVE_BOARD);
  assert.deepEqual(await shown(page), {
    start: ONE_MOVE,
    board: ONE_MOVE_BOARD,
    status: 'Solved',
    summary: 'Optimal: cost 1 equals the lower bound 1. Next: replay it with Next.',
    cost: '1',
  });
  // The browser made one entry for the new fragment; the page made none.
  assert.equal(await historyLength(page), before + 1);
  assert.equal(await hash(page), `#${link}`);
  // A link naming only the start and a step: the rest is the baseline's,
  // and the address is rewritten in place to the whole link.
  await page.evaluate((h) => {
    location.hash = h;
  }, `#start=${enc(DOWN_ONE)}&step=1`);
  await expectBoard(page, ['1', '2', '3', '4', '5', '6', '7', '8', '']);
  assert.equal(await text(page, '#replay-status'), 'Step 1 of 1');
  assert.equal(await hash(page), `#start=${enc(DOWN_ONE)}&${GOAL_LINK}&budget=100&tab=solution&step=1`);
  assert.equal(await historyLength(page), before + 2);
});

pageTest('an invalid value in a link is named as on a fresh load and loses nothing', async ({ page }) => {
  // Typed: the error a three-cell start shows.
  await page.fill('#start', '[1,2,3]');
  const typedError = await text(page, '#start-error');
  assert.ok(typedError.length > 0, 'typing [1,2,3] shows an error');
  await page.fill('#start', BASELINE);
  await page.click('#solve');
  await expectText(page, '#status', 'Solved');
  await page.evaluate((h) => {
    location.hash = h;
  }, `#start=${enc('[1,2,3]')}&tab=trace&algo=dfs`);
  await expectText(page, '#start-error', typedError);
  assert.equal(await page.inputValue('#start'), '[1,2,3]');
  assert.equal(await page.locator('#tab-trace').getAttribute('aria-selected'), 'true');
  assert.equal(await page.inputValue('#trace-algorithm'), 'astar');
  assert.equal(
    await text(page, '#link-note'),
    'The link\'s algo value "dfs" was not used: expected astar or idastar.',
  );
  // A fresh load of the same link shows the same.
  const url = page.url().split('#')[0];
  await page.goto(`${url}#start=${enc('[1,2,3]')}&tab=trace&algo=dfs`);
  await expectText(page, '#start-error', typedError);
  assert.equal(
    await text(page, '#link-note'),
    'The link\'s algo value "dfs" was not used: expected astar or idastar.',
  );
  // The next edit drops the note.
  await page.fill('#start', BASELINE);
  await expectTextMatch(page, '#link-note', (v) => v === '', 'the note is gone');
  assert.equal(await page.locator('#link-note').isVisible(), false);
});

pageTest('Solve twice, then Back restores the first solved state and Forward the second', async ({ page }) => {
  const start = await historyLength(page);
  const baseline = await shown(page);
  await page.fill('#start', DOWN_ONE);
  await page.click('#solve');
  await expectBoard(page, DOWN_ONE_BOARD);
  const first = await shown(page);
  assert.deepEqual(first, {
    start: DOWN_ONE,
    board: DOWN_ONE_BOARD,
    status: 'Solved',
    summary: 'Optimal: cost 1 equals the lower bound 1. Next: replay it with Next.',
    cost: '1',
  });
  const firstHash = await hash(page);
  await page.fill('#start', ONE_MOVE);
  await page.click('#solve');
  await expectBoard(page, ONE_MOVE_BOARD);
  const second = await shown(page);
  assert.equal(second.start, ONE_MOVE);
  const secondHash = await hash(page);
  // One entry per solved state.
  assert.equal(await historyLength(page), start + 2);

  await page.evaluate(() => history.back());
  await expectBoard(page, DOWN_ONE_BOARD);
  await expectText(page, '#summary', first.summary);
  assert.deepEqual(await shown(page), first);
  assert.equal(await hash(page), firstHash);

  await page.evaluate(() => history.forward());
  await expectBoard(page, ONE_MOVE_BOARD);
  assert.deepEqual(await shown(page), second);
  assert.equal(await hash(page), secondHash);

  await page.evaluate(() => history.go(-2));
  await expectBoard(page, BASELINE_BOARD);
  assert.deepEqual(await shown(page), baseline);
  // Reopening from history added nothing: Forward still leads to both.
  assert.equal(await historyLength(page), start + 2);
  await page.evaluate(() => history.go(2));
  await expectBoard(page, ONE_MOVE_BOARD);
  assert.equal(await historyLength(page), start + 2);
});

pageTest('Back reopens the step and the tab of the solved state', async ({ page }) => {
  await page.click('#next');
  await page.click('#tab-lab');
  const firstHash = await hash(page);
  assert.match(firstHash, /&tab=lab&step=1$/);
  await page.fill('#start', ONE_MOVE);
  await page.click('#solve');
  await expectBoard(page, ONE_MOVE_BOARD);
  await page.evaluate(() => history.back());
  await expectText(page, '#replay-status', 'Step 1 of 2');
  assert.equal(await page.locator('#tab-lab').getAttribute('aria-selected'), 'true');
  assert.equal(await page.inputValue('#start'), BASELINE);
  assert.deepEqual((await boardCells(page)).map((c) => c.text), ['1', '2', '3', '4', '5', '6', '7', '', '8']);
  assert.equal(await hash(page), firstHash);
});

pageTest('steps and tab changes replace the current history entry', async ({ page }) => {
  const before = await historyLength(page);
  await page.click('#next');
  await expectText(page, '#replay-status', 'Step 1 of 2');
  await page.click('#last');
  await expectText(page, '#replay-status', 'Step 2 of 2');
  assert.match(await hash(page), /&tab=solution&step=2$/);
  await page.click('#tab-trace');
  await page.click('#trace-step');
  await page.click('#trace-step');
  assert.match(await hash(page), /&tab=trace&step=2&events=2$/);
  await page.click('#tab-lab');
  await page.click('#tab-space');
  await page.click('#tab-solution');
  await page.click('#first');
  await expectText(page, '#replay-status', 'Step 0 of 2');
  assert.match(await hash(page), /&tab=solution&step=0$/);
  assert.equal(await historyLength(page), before);
  // Solve of the unchanged state names the same link: no entry either.
  await page.click('#solve');
  await expectText(page, '#status', 'Solved');
  assert.equal(await historyLength(page), before);
});

pageTest('the Trace algorithm is in the link and a link reopens it', async ({ page }) => {
  await page.click('#tab-trace');
  await page.selectOption('#trace-algorithm', 'idastar');
  await page.click('#trace-step');
  await page.click('#trace-step');
  const h = await hash(page);
  assert.equal(h, `#start=${enc(BASELINE)}&${GOAL_LINK}&budget=100&tab=trace&step=0&events=2&algo=idastar`);
  const url = page.url().split('#')[0];
  await page.goto(`${url}#start=${enc(ONE_MOVE)}&tab=solution`);
  await expectBoard(page, ONE_MOVE_BOARD);
  // Opening the IDA* link in the open page switches the Trace to IDA*.
  await page.evaluate((x) => {
    location.hash = x;
  }, h);
  await expectBoard(page, BASELINE_BOARD);
  assert.equal(await page.inputValue('#trace-algorithm'), 'idastar');
  assert.equal(await page.locator('#tab-trace').getAttribute('aria-selected'), 'true');
  assert.equal(await hash(page), h);
  // Back to A*: the key leaves the link.
  await page.selectOption('#trace-algorithm', 'astar');
  assert.equal(await hash(page), `#start=${enc(BASELINE)}&${GOAL_LINK}&budget=100&tab=trace&step=0`);
});

async function inView(page, selector, width, height) {
  const box = await page.locator(selector).boundingBox();
  assert.ok(box, `${selector} is rendered`);
  assert.ok(
    box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width,
    `${selector} should be inside the ${width}×${height} viewport: ${JSON.stringify(box)}`,
  );
}

for (const [width, height] of [
  [1280, 800],
  [360, 740],
]) {
  pageTest(
    `at ${width}×${height} the verdict line is on screen after Solve (3×3 and the 4×4 sample)`,
    async ({ page }) => {
      await page.fill('#start', '[8,6,7,2,5,4,3,0,1]');
      await page.fill('#budget', '10000');
      await page.click('#solve');
      await expectText(page, '#status', 'Solved');
      await expectTextMatch(page, '#summary', (v) => v.startsWith('Shortest: A* accepted the goal at cost 31'), 'summary');
      // At 360 px a three-line summary pushes the board's last row below
      // the first screen; the baseline's board stays on it (page.test.mjs).
      const wanted = width === 360 ? ['#status', '#summary', '#solve'] : ['#status', '#summary', '#solve', '#board'];
      for (const sel of wanted) await inView(page, sel, width, height);
      const scrollY = await page.evaluate(() => window.scrollY);
      assert.equal(scrollY, 0, 'nothing scrolled');
      await page.selectOption('#sample', 'korf55');
      await page.click('#solve');
      await expectText(page, '#status', 'Working…');
      await expectTextMatch(page, '#summary', (v) => v.length > 0, 'a summary while working');
      for (const sel of ['#status', '#summary', '#solve']) await inView(page, sel, width, height);
      await page.click('#cancel-solve');
      await expectText(page, '#status', 'Cancelled');
      for (const sel of ['#status', '#summary']) await inView(page, sel, width, height);
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= width, `scrollWidth ${w} > ${width}`);
    },
    { viewport: { width, height } },
  );

  pageTest(
    `every tab at ${width} px after a Solve (screenshots), no sideways scroll`,
    async ({ page }) => {
      await page.fill('#start', '[4,1,3,0,2,6,7,5,8]');
      await page.click('#solve');
      await expectText(page, '#status', 'Solved');
      for (const tab of ['solution', 'trace', 'play', 'lab', 'race', 'space']) {
        await page.click(`#tab-${tab}`);
        if (tab === 'trace') for (let i = 0; i < 3; i++) await page.click('#trace-step');
        if (tab === 'race') for (let i = 0; i < 3; i++) await page.click('#race-step');
        await page.screenshot({ path: join(ensureArtifacts(), `links-${tab}-${width}.png`), fullPage: true });
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(w <= width, `${tab}: scrollWidth ${w} > ${width}`);
      }
    },
    { viewport: { width, height } },
  );
}

pageTest(
  'axe finds nothing with a link note shown and after Back',
  async ({ page }) => {
    await page.fill('#start', ONE_MOVE);
    await page.click('#solve');
    await expectBoard(page, ONE_MOVE_BOARD);
    await page.evaluate(() => history.back());
    await expectBoard(page, BASELINE_BOARD);
    await page.evaluate(() => {
      location.hash = '#tab=nowhere&step=x';
    });
    await expectTextMatch(page, '#link-note', (v) => v.startsWith('The link\'s tab value "nowhere"'), 'the note');
    const r = await runAxe(page);
    assert.equal(r.violations.length, 0, `axe violations:\n${r.report}`);
  },
  { bypassCSP: true },
);

// Issue 33, item 7: the link Make link writes, clicked in the page, opens
// the Lab with that exercise shown and the Graded exercises section open,
// and the address keeps it; a bad exercise link names its field and
// changes nothing else; a start alone takes its shape's default goal.
pageTest('an exercise link opens the Lab with the exercise shown; a bad one is named', async ({ page }) => {
  const open = () => page.evaluate(() => document.querySelector('#exercise-box').open);
  await page.click('#tab-lab');
  await page.click('#exercise-box summary');
  await page.fill('#maker-nodes', '400');
  await page.fill('#maker-boards', '867254301');
  await page.click('#maker-run');
  const href = await page.getAttribute('#maker-link', 'href');
  assert.equal(href, '#exercise=3x3.123456780.astar.admissible.400.867254301');
  // Clicked in the page, with another exercise picked: the link's again.
  await page.selectOption('#exercise-pick', '1');
  await page.click('#maker-link');
  await eventually(() => page.inputValue('#exercise-pick'), (v) => v === 'own', 'the link\'s exercise picked');
  assert.match(await text(page, '#exercise-task'), /at most 400 boards in total, searching from each of these 1 boards? of 3×3/);
  assert.equal(await page.inputValue('#start'), '[8,6,7,2,5,4,3,0,1]');
  assert.equal(await text(page, '#link-note'), '');
  assert.match(await hash(page), /&tab=lab&exercise=3x3\.123456780\.astar\.admissible\.400\.867254301$/);
  // From another tab, the section closed: pasted, the link opens the Lab
  // and the section.
  await page.selectOption('#exercise-pick', '1');
  await page.click('#exercise-box summary');
  await page.click('#tab-solution');
  assert.equal(await open(), false);
  await page.evaluate((h) => {
    location.hash = h;
  }, href);
  await eventually(() => page.getAttribute('#tab-lab', 'aria-selected'), (v) => v === 'true', 'the Lab tab');
  await eventually(open, (v) => v === true, 'the Graded exercises section open');
  assert.equal(await page.inputValue('#exercise-pick'), 'own');
  // A bad one: named, and the exercise picked stays.
  await page.selectOption('#exercise-pick', '2');
  await page.evaluate(() => {
    location.hash = '#exercise=3x3.123456780.astar.admissible.0.867254301';
  });
  await expectText(
    page,
    '#link-note',
    'The link\'s exercise value "3x3.123456780.astar.admissible.0.867254301" was not used: its nodes field is wrong: \'0\' is not a node target (a whole number from 1).',
  );
  assert.equal(await page.inputValue('#exercise-pick'), '2');
  assert.equal(await open(), true);
  // A start alone, of another shape: its default goal, no error; on the
  // Play tab an invalid board disables Hint with its reason.
  await page.evaluate((s) => {
    location.hash = `#start=${encodeURIComponent(s)}&mode=fast`;
  }, '[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]');
  await eventually(() => page.inputValue('#goal'), (v) => v === '[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]', 'the 4×4 default goal');
  await expectTextMatch(page, '#status', (v) => v.startsWith('Solved'), 'the 4×4 board solved');
  assert.equal(await page.isVisible('#goal-error'), false);
  await page.evaluate(() => {
    location.hash = `#start=${encodeURIComponent('[1,2,3,4,5,6,7,8,8]')}&tab=play`;
  });
  await expectText(page, '#hint-reason', 'Hint and the move keys need a game: the start and goal boards must be valid.');
  assert.equal(await page.isDisabled('#hint'), true);
  assert.equal(await page.isDisabled('#move-up'), true);
  assert.equal(
    await page.evaluate(() => document.querySelector('#hint').getAttribute('aria-describedby')),
    'hint-reason',
  );
});
