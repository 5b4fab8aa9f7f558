// The Metric control beside Mode (single | multi): the link's metric=,
// the notes that say what it changes, Play's click that slides a whole run
// of the blank's row or column (3×3 and 4×4), the State space tab in the
// multi-tile metric on 2×3 (exact figures), a multi-tile Solve answered by
// the worker's multi-tile search and checked slide by slide, and screenshots of the Solution,
// Play and State space tabs at 360 and 1280 px with the control.
//
//   cd tests/browser && npm ci && node --test --test-concurrency=1 metric.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, expectBoard, expectText, expectTextMatch, text, texts, waitReady } from './harness.mjs';

const GOAL_2X3 = '[[1,2],[3,4],[5,0]]';
const GOAL_4X4 = '[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]';
const NEAR_4X4 = '[[1,2,3,0],[5,6,7,4],[9,10,11,8],[13,14,15,12]]';
const SOLVED_3X3 = ['1', '2', '3', '4', '5', '6', '7', '8', ''];
const SOLVED_4X4 = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', ''];

// `eight-puzzle space --shape 2x3 --metric multi`: boards at each distance.
const MULTI_2X3 = [1, 3, 4, 6, 8, 12, 15, 18, 22, 30, 36, 45, 42, 30, 28, 24, 18, 9, 5, 3, 1];

const NOTE_3X3 =
  'The 3×3 contract A* counts single-tile moves, so a multi-tile Solve runs in the Web Worker instead.';
const NOTE_OTHER = "Multi-tile metric: sliding one or more tiles along the blank's row or column is one move.";
const RULE_SINGLE =
  "A click on a tile in the blank's row or column slides the whole run, one move per tile (single-tile metric); an arrow key moves one tile.";
const RULE_MULTI =
  "A click on a tile in the blank's row or column slides the whole run as one move (multi-tile metric); an arrow key moves one tile.";

const hash = (page) => page.evaluate(() => location.hash);

async function shown(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return !!el && !el.hidden && el.getClientRects().length > 0;
  }, selector);
}

/** A fresh load of the page's own file with this fragment. */
async function openLink(page, fragment) {
  const base = page.url().split('#')[0];
  await page.goto('about:blank');
  await page.goto(`${base}#${fragment}`);
  await waitReady(page);
}

pageTest('the Metric control: single by default, multi in the link and its notes, a bad link value named', async ({ page }) => {
  assert.equal(await page.inputValue('#metric'), 'single');
  assert.deepEqual(await texts(page, '#metric option'), ['Single', 'Multi']);
  assert.equal(await shown(page, '#metric-note'), false);
  assert.doesNotMatch(await hash(page), /metric=/);
  await page.selectOption('#metric', 'multi');
  await expectText(page, '#metric-note', NOTE_3X3);
  assert.equal(
    await text(page, '#budget-reason'),
    'Does not apply in the multi-tile metric: the Budget limits the single-tile 3×3 A* only.',
  );
  // The contract's answer is dropped: the multi-tile solve waits for Solve.
  await expectText(page, '#status', '—');
  const link = await hash(page);
  assert.match(link, /&metric=multi&tab=solution$/);
  // The link reopens multi.
  await openLink(page, link.slice(1));
  assert.equal(await page.inputValue('#metric'), 'multi');
  await expectText(page, '#metric-note', NOTE_3X3);
  // On 4×4 the note says what a move is.
  await page.fill('#start', NEAR_4X4);
  await expectText(page, '#metric-note', NOTE_OTHER);
  // Back to single: no note, and the link drops the key.
  await page.selectOption('#metric', 'single');
  assert.equal(await shown(page, '#metric-note'), false);
  assert.doesNotMatch(await hash(page), /metric=/);
  // A value no control writes is named and not used.
  await openLink(page, 'metric=MTM');
  assert.equal(await page.inputValue('#metric'), 'single');
  await expectText(page, '#link-note', 'The link\'s metric value "MTM" was not used: expected single or multi.');
});

pageTest('Play on 3×3: a click two tiles from the blank slides both (two moves single, one move multi); a key moves one', async ({ page }) => {
  await page.click('#tab-play');
  await expectTextMatch(page, '#play-status', (v) => v.endsWith(RULE_SINGLE), 'the single-tile rule');
  await page.click('#board [data-cell="8"]');
  await expectBoard(page, SOLVED_3X3);
  assert.deepEqual(await texts(page, '#play-moves li'), ['Right', 'Right']);
  await expectText(page, '#play-message', 'Goal reached in 2 moves; the optimum from this start is 2, so that is optimal.');
  await expectText(page, '#board-caption', 'Play: the goal is reached');

  await page.selectOption('#metric', 'multi');
  await expectTextMatch(page, '#play-status', (v) => v.endsWith(RULE_MULTI), 'the multi-tile rule');
  await expectTextMatch(page, '#play-status', (v) => v.includes('exact multi-tile distance to the goal 1.'), 'the distance is the multi-tile table\'s, named');
  // Each tile of the run slides (the animation classes of the redraw).
  const slid = page.evaluate(
    () =>
      new Promise((resolve) => {
        const board = document.querySelector('#board');
        new MutationObserver((_, o) => {
          const tiles = [...board.querySelectorAll('.cell.slide')].map((c) => c.textContent);
          if (tiles.length) {
            o.disconnect();
            resolve(tiles);
          }
        }).observe(board, { childList: true, subtree: true });
      }),
  );
  await page.click('#board [data-cell="8"]');
  assert.deepEqual(await slid, ['7', '8'], 'both tiles of the run slide');
  await expectBoard(page, SOLVED_3X3);
  assert.deepEqual(await texts(page, '#play-moves li'), ['Right×2']);
  await expectText(page, '#play-message', 'Goal reached in 1 move (multi-tile).');
  // A new game: the arrow key moves one tile.
  await page.click('#tab-solution');
  await page.click('#tab-play');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await texts(page, '#play-moves li'), ['Right×1']);
  await expectBoard(page, ['1', '2', '3', '4', '5', '6', '7', '', '8']);
});

pageTest('Play\'s Hint in the multi-tile metric on 3×3 is the worker\'s shortest slide; single-tile, the table\'s move', async ({ page }) => {
  await page.click('#tab-play');
  await page.click('#hint');
  await expectText(page, '#hint-text', 'Hint: Right (the blank moves right); the exact distance drops from 2 to 1.');
  await page.selectOption('#metric', 'multi');
  await page.click('#tab-play');
  await page.click('#hint');
  await expectText(page, '#hint-text', 'Hint: Right×2 (the blank slides that way) starts a shortest multi-tile path; the exact multi-tile distance drops from 1 to 0.');
});

pageTest('Play on 4×4: a tap on the bottom tile of the blank\'s column slides three tiles', async ({ page }) => {
  await page.fill('#start', NEAR_4X4);
  assert.equal(await page.inputValue('#goal'), GOAL_4X4, 'the goal follows the start');
  await page.click('#tab-play');
  await page.click('#board [data-cell="15"]');
  await expectBoard(page, SOLVED_4X4);
  assert.deepEqual(await texts(page, '#play-moves li'), ['Down', 'Down', 'Down']);
  await expectText(page, '#play-message', 'Goal reached in 3 moves.');
  await page.selectOption('#metric', 'multi');
  await page.click('#board [data-cell="15"]');
  await expectBoard(page, SOLVED_4X4);
  assert.deepEqual(await texts(page, '#play-moves li'), ['Down×3']);
  await expectText(page, '#play-message', 'Goal reached in 1 move (multi-tile).');
  // A tile outside the blank's row and column does not move.
  await page.click('#tab-solution');
  await page.click('#tab-play');
  await page.click('#board [data-cell="4"]');
  await expectText(
    page,
    '#play-message',
    "Tile 5 is not in the blank's row or column (the blank is at row 1, column 4); only the tiles of its row or column can slide.",
  );
});

pageTest('State space on 2×3 in the multi-tile metric: 360 boards, diameter 20, mean 10.81, the one hardest board', async ({ page }) => {
  await page.fill('#start', GOAL_2X3);
  await page.selectOption('#metric', 'multi');
  await page.click('#tab-space');
  await page.click('#explore');
  await expectTextMatch(page, '#explore-status', (v) => v.startsWith('Done: 360 boards in '), 'explored', 60_000);
  assert.equal(
    await text(page, '#space-summary'),
    "360 boards can reach the goal [[1,2],[3,4],[5,0]]; the farthest are 20 moves away (the diameter). The mean distance is 10.81 moves. The other 360 arrangements of the tiles cannot reach it: they differ in the parity invariant. Distances count multi-tile moves (sliding one or more tiles of the blank's row or column is one move).",
  );
  const rows = await page.$$eval('#space-rows tr', (rs) => rs.map((r) => Number(r.cells[1].textContent.trim())));
  assert.deepEqual(rows, MULTI_2X3);
  assert.deepEqual(await texts(page, '#hardest button'), ['[[5,0],[3,4],[1,2]]']);
  // The single-tile metric drops the multi-tile result.
  await page.selectOption('#metric', 'single');
  assert.equal(await page.$$eval('#space-rows tr', (rs) => rs.length), 0);
});

pageTest('a multi-tile Solve runs the optimal multi-tile search in the worker and checks its slides', async ({ page }) => {
  // The baseline [1,2,3,4,5,6,0,7,8]: Right, Right in the single-tile
  // metric, one slide of two tiles in the multi-tile metric.
  await page.selectOption('#metric', 'multi');
  await page.click('#solve');
  await expectText(page, '#status', 'Solved', 30_000);
  assert.deepEqual(await texts(page, '#witness li'), ['Right×2']);
  assert.equal(await text(page, '#cost'), '1');
  // Back to single: the contract's two moves.
  await page.selectOption('#metric', 'single');
  await page.click('#solve');
  await expectText(page, '#status', 'Solved', 30_000);
  assert.deepEqual(await texts(page, '#witness li'), ['Right', 'Right']);
  assert.equal(await text(page, '#cost'), '2');
});

for (const [width, height] of [
  [360, 740],
  [1280, 800],
]) {
  pageTest(
    `at ${width} px: the Solution, Play and State space tabs with the Metric control (screenshots, no horizontal scroll)`,
    async ({ page }) => {
      await page.fill('#start', NEAR_4X4);
      await page.selectOption('#metric', 'multi');
      for (const tab of ['solution', 'play', 'space']) {
        await page.click(`#tab-${tab}`);
        if (tab === 'play') await page.click('#board [data-cell="15"]');
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(ensureArtifacts(), `metric-${tab}-${width}.png`) });
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.equal(scroll, 0, `no horizontal scroll on the ${tab} tab at ${width} px`);
      }
      const box = await page.locator('#metric').boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= width, `the Metric control is on screen: ${JSON.stringify(box)}`);
    },
    { viewport: { width, height } },
  );
}
