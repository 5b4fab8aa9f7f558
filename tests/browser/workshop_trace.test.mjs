// A written h used: the workshop's expression drives the Trace (stepping
// and Predict, labelled outside the contract, the excess over the optimum
// in the one wording) and the Lab's weighted A* comparison; the link
// carries the expression and reopens it; a bad one in a link is named;
// axe at 360 px; screenshots of the Trace and the Lab at 360 and 1280 px.
//
//   cd tests/browser && npm ci && node --test --test-concurrency=1 workshop_trace.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, expectText, expectTextMatch, pageUrl, runAxe, text, texts } from './harness.mjs';

const HARD = '[8,6,7,2,5,4,3,0,1]';
const WRITTEN_NOTE =
  'Your h is the workshop\'s expression, used once it parses; the check is not required, as an overestimate is allowed here. A board where h has no value (or one above 1,000) stops the search.';
const NOTE = `Weighted A* (outside the contract): f = g + 1·h with h = your h = 3 * manhattan, order (f, h, key, seq); the f shown is this priority. Its path may not be shortest. ${WRITTEN_NOTE}`;
const EXCESS =
  'Goal accepted when popped: a path of cost 35 after 577 expansions — not shortest: 4 moves longer than optimal. Weighted A* is not the contract\'s search, so its path may not be shortest.';

/** The hard board, budget 10000, `3 * manhattan` written in the workshop and chosen in the Trace. */
async function writtenTrace(page) {
  await page.fill('#start', HARD);
  await page.fill('#budget', '10000');
  await page.click('#tab-lab');
  await page.fill('#workshop-expr', '3 * manhattan');
  await page.click('#tab-trace');
  await page.selectOption('#trace-heuristic', 'written');
  await expectText(page, '#trace-weighted-note', NOTE);
}

pageTest('the Trace steps and runs a written h, outside the contract, and states its excess; the link reopens it', async ({ page }) => {
  await writtenTrace(page);
  await page.click('#trace-step');
  assert.deepEqual(await texts(page, '#trace-log li'), ['1. pop (f 63, h 63, key 867254301, seq 0), g 0: expanded']);
  await page.click('#trace-run');
  await expectText(page, '#trace-status', EXCESS, 30_000);
  const h = await page.evaluate(() => location.hash);
  assert.ok(h.endsWith('&heuristic=h%3A3%20*%20manhattan'), h);
  await page.goto('about:blank');
  await page.goto(`${pageUrl()}${h}`);
  await expectText(page, '#trace-weighted-note', NOTE);
  assert.equal(await page.inputValue('#trace-heuristic'), 'written');
  await expectText(page, '#trace-status', EXCESS, 30_000);
  // The workshop's field holds the expression, too.
  await page.click('#tab-lab');
  assert.equal(await page.inputValue('#workshop-expr'), '3 * manhattan');
});

pageTest('Predict asks about a written h\'s pops', async ({ page }) => {
  await writtenTrace(page);
  await page.check('#predict');
  await expectTextMatch(page, '#predict-question', (v) => v.startsWith('Pop 1: which entry'), 'the first question');
  await page.click('#predict-choices button[data-answer="867254301"]');
  await expectTextMatch(page, '#predict-said', (v) => v.length > 0, 'an answer judged');
  assert.match(await text(page, '#predict-score'), /^Score: 1 right out of 1 asked\./);
});

pageTest('a written h that does not parse: the Trace says so; in a link it is named, not repaired', async ({ page }) => {
  await writtenTrace(page);
  await page.click('#tab-lab');
  await page.fill('#workshop-expr', '3 * (manhattan');
  await page.click('#tab-trace');
  await expectTextMatch(page, '#trace-status', (v) => v.startsWith('No trace: your h does not parse: at character 15:'), 'the parse error');
  await page.goto('about:blank');
  await page.goto(`${pageUrl()}#tab=trace&heuristic=h%3A3%20*%20(manhattan`);
  await expectText(
    page,
    '#link-note',
    'The link\'s heuristic value "h:3 * (manhattan" was not used: expected misplaced, manhattan, linear-conflict, twice-manhattan, manhattan-plus-misplaced, or h: and an expression of the heuristic language that parses.',
  );
  assert.equal(await page.inputValue('#trace-heuristic'), 'manhattan');
});

pageTest('the Lab compares a written h as it compares the built-ins', async ({ page }) => {
  await page.fill('#start', HARD);
  await page.click('#tab-lab');
  await page.fill('#workshop-expr', '3 * manhattan');
  await page.selectOption('#weighted-heuristic', 'written');
  await page.click('#weighted-run');
  await expectText(page, '#weighted-verdict', 'not shortest: 4 moves longer than optimal', 30_000);
  assert.deepEqual(await texts(page, '#weighted-lines li'), [
    WRITTEN_NOTE,
    'Cost found: 35 moves.',
    'Optimal cost: 31 moves (the exact distance table).',
    'Excess: 4 moves.',
    'Expansions: 577 (this is w = 1).',
  ]);
});

for (const width of [360, 1280]) {
  pageTest(
    `at ${width} px the Trace and the Lab with a written h (screenshots, axe)`,
    async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await writtenTrace(page);
      await page.click('#trace-step');
      await page.locator('#trace-weighted-note').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ensureArtifacts(), `written-trace-${width}.png`) });
      let { violations, report } = await runAxe(page);
      assert.equal(violations.length, 0, report);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no horizontal scroll: ${overflow}px`);
      await page.click('#tab-lab');
      await page.selectOption('#weighted-heuristic', 'written');
      await page.click('#weighted-run');
      await expectText(page, '#weighted-verdict', 'not shortest: 4 moves longer than optimal', 30_000);
      await page.locator('#weighted-verdict').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ensureArtifacts(), `written-lab-${width}.png`) });
      ({ violations, report } = await runAxe(page));
      assert.equal(violations.length, 0, report);
    },
    { bypassCSP: true },
  );
}
