// Predict mode and the pseudocode of the Trace tab: a round answered right
// and one answered wrong (score, announced sentence, the right entry shown),
// the highlighted lines following Step and Back, one round by keyboard
// alone, axe with Predict on, and screenshots at 360 px and 1280 px.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, eventually, expectText, expectTextMatch, runAxe, texts } from './harness.mjs';

const RIGHT_1 =
  'Right: the frontier pops (f 2, h 2, key 123456078, seq 0) next, and it is popped now. Score: 1 right out of 1 asked.';
const WRONG_2 =
  'Not this one: the frontier pops (f 2, h 1, key 123456708, seq 2) before (f 4, h 3, key 123056478, seq 1): f decides (2 < 4). Step pops it. Score: 1 right out of 2 asked.';

async function predictOn(page) {
  await page.click('#tab-trace');
  await page.check('#predict');
  await expectTextMatch(page, '#predict-question', (v) => v.startsWith('Pop 1: which entry'), 'the first question');
}

async function currentLines(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#trace-code li[aria-current="step"]')].map((li) => Number(li.dataset.line)),
  );
}

async function expectLines(page, want, describe) {
  return eventually(() => currentLines(page), (v) => JSON.stringify(v) === JSON.stringify(want), `${describe}: lines ${JSON.stringify(want)}`);
}

pageTest('predict: a right answer pops, a wrong one shows the right entry and the rule', async ({ page }) => {
  await predictOn(page);
  assert.equal(
    await page.textContent('#predict-question'),
    'Pop 1: which entry does the frontier pop next? 1 entry has the smallest f, 2; choose one, or type any key.',
  );
  await expectText(page, '#predict-score', 'Score: 0 right out of 0 asked.');
  assert.equal(await page.getAttribute('#predict-said', 'aria-live'), 'polite');
  await page.click('#predict-choices button[data-answer="123456078"]');
  await expectText(page, '#predict-said', RIGHT_1);
  await expectText(page, '#predict-score', 'Score: 1 right out of 1 asked.');
  await expectTextMatch(page, '#trace-latest', (v) => v.startsWith('1. pop'), 'the right answer popped');
  // Pop 2: one entry has the smallest f; the typed 123056478 loses on f.
  assert.deepEqual(
    await page.evaluate(() => [...document.querySelectorAll('#predict-choices button')].map((b) => b.dataset.answer)),
    ['123456708'],
  );
  await page.fill('#predict-answer', '123056478');
  await page.click('#predict-go');
  await expectText(page, '#predict-said', WRONG_2);
  await expectText(page, '#predict-score', 'Score: 1 right out of 2 asked.');
  await expectText(page, '#predict-shown-title', 'The entry popped next');
  assert.deepEqual(await texts(page, '#predict-shown li p'), ['(f 2, h 1, key 123456708, seq 2), g 1']);
  assert.equal(await page.getAttribute('#predict-shown li [role="table"]', 'aria-label'), 'Board 123456708');
  assert.equal(await page.locator('#predict-choices button').count(), 0);
  assert.ok((await page.textContent('#trace-latest')).startsWith('1. pop'), 'a wrong answer does not pop');
  // Step pops the entry shown; the link carries the mode and the score.
  await page.click('#trace-step');
  await expectTextMatch(page, '#trace-latest', (v) => v.startsWith('2. pop (f 2, h 1, key 123456708'), 'Step popped it');
  await eventually(() => page.evaluate(() => location.hash), (h) => h.endsWith('&events=2&predict=1&score=1%2F2'), 'the link');
});

pageTest('pseudocode: the marked lines follow Step and Back exactly', async ({ page }) => {
  await page.click('#tab-trace');
  await expectText(page, '#trace-code-title', 'A* in pseudocode');
  assert.equal(await page.locator('#trace-code li').count(), 9);
  await expectLines(page, [1], 'before the first pop');
  await page.click('#trace-step');
  await expectLines(page, [3, 7, 8], 'event 1');
  await page.click('#trace-step');
  await expectLines(page, [3, 7, 8, 9], 'event 2');
  await expectText(page, '#trace-code-note', 'Event 2 ran lines 3, 7, 8 and 9 (marked).');
  await page.click('#trace-step');
  await expectLines(page, [3, 5], 'event 3, the goal');
  await page.click('#trace-back');
  await expectLines(page, [3, 7, 8, 9], 'back to event 2');
  await page.click('#trace-back');
  await expectLines(page, [3, 7, 8], 'back to event 1');
  await page.click('#trace-back');
  await expectLines(page, [1], 'back to event 0');
  await page.selectOption('#trace-algorithm', 'idastar');
  await expectText(page, '#trace-code-title', 'IDA* in pseudocode');
  await page.click('#trace-step');
  await page.click('#trace-step');
  await expectLines(page, [4, 5], 'IDA* event 2, a cut-off');
  await page.click('#trace-back');
  await expectLines(page, [3, 4, 8], 'IDA* back to event 1');
});

async function activeAnswer(page) {
  return page.evaluate(() => document.activeElement?.dataset?.answer ?? document.activeElement?.id ?? '');
}

async function tabUntil(page, want, max = 40) {
  for (let i = 0; i < max; i++) {
    if ((await activeAnswer(page)) === want) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${want} with Tab; at ${await activeAnswer(page)}`);
}

pageTest('predict: one round by keyboard alone', async ({ page }) => {
  await page.focus('#tab-solution');
  await page.keyboard.press('ArrowRight');
  await expectTextMatch(page, '#trace-code-title', (v) => v === 'A* in pseudocode', 'the Trace tab is open');
  await tabUntil(page, 'predict');
  await page.keyboard.press('Space');
  await expectTextMatch(page, '#predict-question', (v) => v.startsWith('Pop 1: which entry'), 'Predict on');
  await tabUntil(page, '123456078');
  await page.keyboard.press('Enter');
  await expectText(page, '#predict-said', RIGHT_1);
  // Focus moved to the next question's first answer.
  await eventually(() => activeAnswer(page), (a) => a === '123456708', 'focus on the first new answer');
  await page.keyboard.press('Space');
  await expectTextMatch(page, '#predict-said', (v) => v.startsWith('Right: the frontier pops (f 2, h 1, key 123456708, seq 2) next'), 'Space answered');
  // The typed answer: a key and Enter.
  await tabUntil(page, 'predict-answer');
  await page.keyboard.type('123456780');
  await page.keyboard.press('Enter');
  await expectText(
    page,
    '#predict-said',
    'Right: the frontier pops (f 2, h 0, key 123456780, seq 4) next, and it is popped now. Score: 3 right out of 3 asked.',
  );
  await expectText(page, '#predict-question', 'No question: the search has ended. Back or Reset trace to predict again.');
});

pageTest(
  'axe: no violations on the Trace tab with Predict on (a question, then a wrong answer shown)',
  async ({ page }) => {
    await predictOn(page);
    let r = await runAxe(page);
    assert.equal(r.violations.length, 0, `axe violations with a question open:\n${r.report}`);
    await page.click('#predict-choices button[data-answer="123456078"]');
    await expectText(page, '#predict-said', RIGHT_1);
    await page.fill('#predict-answer', '123056478');
    await page.keyboard.press('Enter');
    await expectText(page, '#predict-said', WRONG_2);
    r = await runAxe(page);
    assert.equal(r.violations.length, 0, `axe violations after a wrong answer:\n${r.report}`);
    await page.selectOption('#trace-algorithm', 'idastar');
    await expectTextMatch(page, '#predict-question', (v) => v.startsWith('Next board: 123456078'), 'the IDA* question');
    r = await runAxe(page);
    assert.equal(r.violations.length, 0, `axe violations on the IDA* question:\n${r.report}`);
  },
  { bypassCSP: true },
);

for (const width of [360, 1280]) {
  pageTest(
    `predict at ${width}px: no horizontal scroll (screenshot)`,
    async ({ page }) => {
      await page.fill('#start', '[8,6,7,2,5,4,3,0,1]');
      await page.fill('#budget', '10000');
      await predictOn(page);
      await page.click('#predict-choices button[data-answer="867254301"]');
      await expectTextMatch(page, '#predict-question', (v) => v.startsWith('Pop 2:'), 'pop 2 asked');
      await page.locator('#trace-status').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ensureArtifacts(), `predict-${width}.png`), fullPage: false });
      await page.click('#predict-choices button[data-answer="867254310"]');
      await expectTextMatch(page, '#predict-said', (v) => v.startsWith('Not this one'), 'a wrong answer');
      await page.locator('#predict-box').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ensureArtifacts(), `predict-${width}-wrong.png`), fullPage: false });
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= width, `documentElement.scrollWidth ${w} > ${width}`);
    },
    { viewport: { width, height: 900 } },
  );
}
