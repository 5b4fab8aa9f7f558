// Play reads the solve back at the goal (issue 34): the worker's analysis
// of the moves made, in both metrics, on the baseline 3×3 board (a 4×4
// solve is read back in family.test.mjs, on the database Korf #55's solve
// built).
//
//   cd tests/browser && npm ci && node --test --test-concurrency=1 analysis.test.mjs

import { pageTest } from './suite.mjs';
import { expectText } from './harness.mjs';

pageTest('Play reads the solve back at the goal: distances, the wasted move, the excess', async ({ page }) => {
  await page.click('#tab-play');
  // The baseline is two moves from the goal (Right Right); Up Down wastes two.
  for (const key of ['ArrowUp', 'ArrowDown', 'ArrowRight', 'ArrowRight']) {
    await page.keyboard.press(key);
  }
  await expectText(
    page,
    '#play-analysis',
    'Your solve: 4 moves; the optimum is 2, so the excess is 2. Distance to the goal after each move, from 2: 3 2 1 0. One move did not bring the board one move closer: 1 (Up).',
    20_000,
  );
  // The multi-tile metric: Right Right is one run, so one move.
  await page.selectOption('#metric', 'multi');
  await page.click('#tab-play');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectText(
    page,
    '#play-analysis',
    'Your solve: 1 multi-tile move; the optimum is 1, so the excess is 0. (Your 2 moves count as 1: a run of moves in one direction is one multi-tile move.) Distance to the goal after each move, from 1: 0. No move was wasted: each brought the goal one move closer.',
    20_000,
  );
});
