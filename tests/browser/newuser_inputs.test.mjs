// What a new user sees in the left column (issue 26, items 2 and 3): a field
// that does not apply is disabled with its reason beside it (and as its
// accessible description), an invalid start says nothing about which fields
// apply, and a goal that follows the start's shape says so where the goal
// is, with Undo, and Back, bringing the person's goal text back.

import assert from 'node:assert/strict';
import { pageTest } from './suite.mjs';
import { eventually, expectText, text } from './harness.mjs';

const START_3X4 = '[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]';
const GOAL_3X4 = '[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]';
const BASELINE_GOAL = '[1,2,3,4,5,6,7,8,0]';
const REASON_3X4 = 'Does not apply to a 3×4 board: the Budget limits the 3×3 A* only.';

/** Whether the element is shown (not hidden, laid out). */
async function shown(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return !!el && !el.closest('[hidden]') && el.getClientRects().length > 0;
  }, selector);
}

/** The texts of the elements an element's aria-describedby names, joined. */
async function description(page, selector) {
  return page.evaluate((sel) => {
    const ids = (document.querySelector(sel).getAttribute('aria-describedby') || '').split(/\s+/);
    return ids
      .map((id) => document.getElementById(id))
      .filter((el) => el && !el.hidden)
      .map((el) => el.textContent.trim())
      .filter((t) => t)
      .join(' ');
  }, selector);
}

pageTest('item 2: the Budget field is disabled on a 3×4 board, with its reason beside it and as its description', async ({ page }) => {
  assert.equal(await page.isDisabled('#budget'), false);
  assert.equal(await shown(page, '#budget-reason'), false);
  await page.fill('#start', START_3X4);
  await expectText(page, '#budget-reason', REASON_3X4);
  assert.equal(await page.isDisabled('#budget'), true);
  assert.equal(await shown(page, '#budget-reason'), true);
  assert.ok((await description(page, '#budget')).startsWith(REASON_3X4), await description(page, '#budget'));
  // Said once: the limit note does not repeat it.
  assert.match(
    await text(page, '#limit-note'),
    /^3×4: IDA\* with the pdb-\d+ pattern database stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel\.$/,
  );
  const left = await page.evaluate(() => document.querySelector('.side').innerText);
  assert.equal(left.match(/does not apply/gi)?.length, 1, left);
  // Fast on 3×3: the Budget does not apply either.
  await page.fill('#start', '[1,2,3,4,5,6,0,7,8]');
  await page.selectOption('#mode', 'fast');
  await expectText(page, '#budget-reason', 'Does not apply in Fast mode: the Budget limits the optimal 3×3 A* only.');
  assert.equal(await page.isDisabled('#budget'), true);
  await page.selectOption('#mode', 'optimal');
  await eventually(() => page.isDisabled('#budget'), (v) => v === false, 'the Budget enabled again');
  assert.equal(await shown(page, '#budget-reason'), false);
});

pageTest('item 2: with an invalid start the left column says nothing about which fields apply', async ({ page }) => {
  await page.fill('#start', '[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,14]');
  await eventually(() => shown(page, '#start-error'), (v) => v, 'the start error');
  assert.equal(await shown(page, '#budget-reason'), false);
  assert.equal(await shown(page, '#limit-note'), false);
  assert.equal(await page.isDisabled('#budget'), false);
  const left = await page.evaluate(() => document.querySelector('.side').innerText);
  assert.ok(!/does not apply/i.test(left), left);
});

pageTest('item 3: the goal that follows the start says so, and Undo (or Back) brings the goal text back', async ({ page }) => {
  assert.equal(await shown(page, '#goal-note'), false);
  await page.fill('#start', START_3X4);
  await expectText(page, '#goal-note-text', 'Goal set to the 3×4 default.');
  assert.equal(await page.inputValue('#goal'), GOAL_3X4);
  assert.equal(await shown(page, '#goal-undo'), true);
  assert.equal(await text(page, '#goal-undo'), 'Undo');
  await page.click('#goal-undo');
  await eventually(() => page.inputValue('#goal'), (v) => v === BASELINE_GOAL, 'the goal text back');
  assert.equal(await shown(page, '#goal-note'), false);
  assert.equal(await page.inputValue('#start'), START_3X4);
  // The goal stays as the person had it while the start changes.
  await page.fill('#start', '[[6,4,3],[1,10,0],[2,9,11],[8,5,7]]');
  assert.equal(await page.inputValue('#goal'), BASELINE_GOAL);
});

pageTest('item 3: Back returns to the goal the person had before it followed the start', async ({ page }) => {
  // A half-typed start first (the state before the change), then the 3×4 board.
  await page.fill('#start', '[[6,4,3],[1,10,0],[2,9,11],[8,7');
  await eventually(() => shown(page, '#start-error'), (v) => v, 'the start error');
  await page.fill('#start', START_3X4);
  await expectText(page, '#goal-note-text', 'Goal set to the 3×4 default.');
  await page.evaluate(() => history.back());
  await eventually(() => page.inputValue('#goal'), (v) => v === BASELINE_GOAL, 'the goal text back after Back');
  assert.equal(await page.inputValue('#start'), '[[6,4,3],[1,10,0],[2,9,11],[8,7');
  assert.equal(await shown(page, '#goal-note'), false);
});
