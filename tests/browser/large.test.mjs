// Boards past 25 cells in the page (issue 35): the Sample menu's 6×6 and
// 8×8 in Fast mode, solved in the session's Web Worker and replayed by the
// page's own check; Optimal refused with the engine's sentence beside the
// Mode control; Cancel of a fast solve; Play with a move, the counter and a
// hint from fast mode. Boards near the goal keep each solve short.

import assert from 'node:assert/strict';
import { pageTest } from './suite.mjs';
import { expectBoard, expectText, expectTextMatch, nearGoalRows, runAxe, text } from './harness.mjs';

const BOUND_SOURCE =
  "The page's lower bound is Manhattan distance plus linear conflicts, computed without tables; the command line's pattern databases stay out of the page.";
const REFUSED36 =
  'A 6×6 board has 36 cells and optimal search stops at 25 (5×5), past which an exact search cannot be expected to finish; fast mode gives a verified path with a proved lower bound.';

pageTest('the Sample menu offers 6×6, 7×7 and 8×8 in Fast; an 8×8 near the goal is solved and replayed by the page', async ({ page }) => {
  const options = await page.$$eval('#sample option', (o) => o.map((x) => [x.value, x.textContent]));
  assert.deepEqual(options.slice(-3), [
    ['six-by-six', '6×6 random (seed 35), Fast: the 35-puzzle'],
    ['seven-by-seven', '7×7 random (seed 48), Fast: the 48-puzzle'],
    ['eight-by-eight', '8×8 random (seed 63), Fast: the 63-puzzle'],
  ]);
  await page.selectOption('#sample', 'eight-by-eight');
  assert.equal(await page.inputValue('#mode'), 'fast');
  assert.equal(await page.inputValue('#goal'), nearGoalRows(8));
  assert.equal(await page.locator('#board [role="cell"]').count(), 64);
  // Three moves from the goal: Fast finds them, the page checks them.
  await page.fill('#start', nearGoalRows(8, 3));
  await page.click('#solve');
  await expectText(page, '#status', 'Solved (shortest)', 30_000);
  assert.equal(await text(page, '#cost'), '3');
  assert.deepEqual(await page.$$eval('#witness li', (l) => l.map((x) => x.textContent)), ['Right', 'Right', 'Right']);
  assert.equal(
    await text(page, '#check'),
    'Independent replay (verify, on the page): all 3 moves checked as legal swaps of the blank with a grid neighbour on the 8×8 board, every board a permutation of 0–63; the final board equals the goal; length 3 equals cost 3.',
  );
  assert.ok((await text(page, '#explanation')).endsWith(BOUND_SOURCE), await text(page, '#explanation'));
  await page.click('#last');
  await expectBoard(page, JSON.parse(nearGoalRows(8)).flat().map((v) => (v === 0 ? '' : String(v))));
});

pageTest('6×6: Optimal is refused with the engine\'s sentence beside the Mode control, Fast solves', async ({ page }) => {
  await page.selectOption('#sample', 'six-by-six');
  await page.fill('#start', nearGoalRows(6, 2));
  await page.selectOption('#mode', 'optimal');
  await expectText(page, '#warning', REFUSED36);
  assert.equal(await page.locator('#warning-box').isVisible(), true);
  assert.equal(await text(page, '#status'), 'Refused — Optimal on 6×6');
  assert.equal(await page.locator('#board [role="cell"]').count(), 36, 'the board still shows');
  // Optimal stays in the menu: it is refused, not hidden.
  assert.deepEqual(await page.$$eval('#mode option', (o) => o.map((x) => x.value)), ['optimal', 'fast']);
  const { violations, report } = await runAxe(page);
  assert.equal(violations.length, 0, report);
  await page.click('#use-fast');
  await expectText(page, '#status', 'Solved (shortest)', 30_000);
  assert.equal(await page.inputValue('#mode'), 'fast');
  assert.equal(await text(page, '#cost'), '2');
  assert.equal(await page.locator('#warning-box').isVisible(), false);
}, { bypassCSP: true });

pageTest('8×8 sample: a fast solve shows its progress and Cancel stops it at once', async ({ page }) => {
  await page.selectOption('#sample', 'eight-by-eight');
  await page.click('#solve');
  await expectText(
    page,
    '#solve-progress',
    'Fast mode on this 8×8 board: one beam search in the Web Worker, then the page checks the path (Cancel stops waiting for it).',
  );
  assert.equal(await text(page, '#status'), 'Working…');
  await page.click('#cancel-solve');
  await expectText(page, '#status', 'Cancelled');
  await expectText(
    page,
    '#explanation',
    'The fast solve was cancelled; nothing is claimed. The Web Worker finishes the beam search it is running (a fast solve is one piece of work) before it takes the next job.',
  );
  assert.equal(await text(page, '#cost'), '—');
});

pageTest('Play on 6×6: a key and a click move the blank, the counter counts, Hint gives fast mode\'s next move', async ({ page }) => {
  await page.selectOption('#sample', 'six-by-six');
  await page.fill('#start', nearGoalRows(6, 2));
  await page.click('#tab-play');
  await expectText(page, '#board-caption', 'Play: your board after 0 moves');
  await expectText(page, '#play-counter', 'Moves: 0');
  await page.click('#move-up');
  await expectText(page, '#play-counter', 'Moves: 1');
  await page.click('#hint');
  const hint = await expectTextMatch(page, '#hint-text', (v) => v.startsWith('Hint from fast mode'), 'the fast-mode hint', 30_000);
  assert.equal(
    hint,
    'Hint from fast mode (not necessarily on a shortest path): Down (the blank moves that way), the first move of a fast-mode path of 3 moves; no path is shorter than 3 moves (Manhattan + linear conflict). Optimal search stops at 25 cells, so no move is proved shortest on this board.',
  );
  await page.click('#move-down');
  await expectText(page, '#play-counter', 'Moves: 2');
  // A click on the last cell of the blank's row slides the two tiles between.
  await page.locator('#board [role="cell"]').nth(35).click();
  await expectText(page, '#play-counter', 'Moves: 4');
  await expectTextMatch(page, '#play-message', (v) => v.startsWith('Goal reached in 4 moves'), 'the goal');
  await expectText(
    page,
    '#play-analysis',
    'No analysis: the page analyses solves on boards of at most 16 cells (4×4), and this one has 36.',
  );
});
