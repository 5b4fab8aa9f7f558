// End-to-end tests of issue 17's page parts: the Lab's weighted A* report
// (a weight and a heuristic, the cost against the exact optimum) and the
// IDA* trace under its own budget reaching the goal on a 31-move board.
//
//   cd tests/browser && node --test --test-concurrency=1 weighted.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ensureArtifacts, expectText, pageUrl, text, texts } from './harness.mjs';
import { pageTest } from './suite.mjs';

const HARD = '[8,6,7,2,5,4,3,0,1]';

async function setStart(page, start) {
  await page.fill('#start', start);
}

pageTest('the Lab: w = 2.5 with twice Manhattan is not shortest, by 14 moves', async ({ page }) => {
  await setStart(page, HARD);
  await page.click('#tab-lab');
  await expectText(
    page,
    '#weighted-summary',
    'Not run for the current inputs: choose a weight and a heuristic, then press Run weighted A*.',
  );
  await page.selectOption('#weighted-weight', '2.5');
  await page.selectOption('#weighted-heuristic', 'twice-manhattan');
  await page.click('#weighted-run');
  await expectText(page, '#weighted-verdict', 'not shortest: 14 moves longer than optimal');
  assert.deepEqual(await texts(page, '#weighted-lines li'), [
    'Cost found: 45 moves.',
    'Optimal cost: 31 moves (the exact distance table).',
    'Excess: 14 moves.',
    'Expansions: 272; w = 1 with the same heuristic: 401 expansions; saved: 129.',
  ]);
  // Manhattan at the same weight: the optimal length, said precisely.
  await page.selectOption('#weighted-heuristic', 'manhattan');
  await page.click('#weighted-run');
  await expectText(page, '#weighted-verdict', 'shortest (checked against the distance table)');
  // An edit drops the report.
  await setStart(page, '[1,2,3,4,5,6,0,7,8]');
  await expectText(page, '#weighted-verdict', '');
  ensureArtifacts();
  for (const width of [360, 1280]) {
    await setStart(page, HARD);
    await page.setViewportSize({ width, height: 900 });
    await page.selectOption('#weighted-heuristic', 'twice-manhattan');
    await page.click('#weighted-run');
    await expectText(page, '#weighted-verdict', 'not shortest: 14 moves longer than optimal');
    await page.locator('#weighted-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join('artifacts', `weighted-lab-${width}.png`) });
  }
});

pageTest('the IDA* trace reaches the goal on a 31-move board under its own budget', async ({ page }) => {
  await setStart(page, HARD);
  await page.click('#tab-trace');
  await page.selectOption('#trace-algorithm', 'idastar');
  assert.equal(await page.inputValue('#trace-ida-budget'), '1000000');
  await expectText(
    page,
    '#trace-budget-note',
    "Budget: the IDA* budget field, 1,000,000 expansions (IDA*'s own: it enters boards again on every iteration; the Budget field is the contract A*'s).",
  );
  await page.click('#trace-run');
  await expectText(
    page,
    '#trace-status',
    'Goal entered within bound 31: Solved, cost 31 — the same cost as A*.',
    30_000,
  );
  const bounds = await texts(page, '#ida-rows tr td:nth-child(2)');
  assert.deepEqual(bounds, ['21', '23', '25', '27', '29', '31']);
  // A budget the contract would allow stops at bound 29, as before.
  await page.fill('#trace-ida-budget', '10000');
  await page.dispatchEvent('#trace-ida-budget', 'change');
  await page.click('#trace-run');
  const status = await text(page, '#trace-status');
  assert.ok(status.startsWith('Stopped: the budget of 10000 expansions was used up.'), status);
  // A bad value is named, and no trace runs.
  await page.fill('#trace-ida-budget', 'abc');
  await page.dispatchEvent('#trace-ida-budget', 'change');
  await expectText(page, '#trace-ida-budget-error', 'IDA* budget: the node budget "abc" is not a whole number; write e.g. 100000000');
  ensureArtifacts();
  await page.fill('#trace-ida-budget', '1000000');
  await page.dispatchEvent('#trace-ida-budget', 'change');
  await page.click('#trace-run');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#trace-algorithm').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join('artifacts', `weighted-trace-${width}.png`) });
  }
});

pageTest('the Trace tab steps a weighted A* and its link reopens it', async ({ page }) => {
  await setStart(page, '[1,2,3,4,5,6,0,7,8]');
  await page.click('#tab-trace');
  // The default is the contract's trace: no note.
  assert.equal(await page.inputValue('#trace-weight'), '1');
  assert.equal(await page.inputValue('#trace-heuristic'), 'manhattan');
  assert.equal(await page.isHidden('#trace-weighted-note'), true);
  await page.selectOption('#trace-weight', '2.5');
  await page.selectOption('#trace-heuristic', 'twice-manhattan');
  await expectText(
    page,
    '#trace-weighted-note',
    'Weighted A* (outside the contract): f = g + 2.5·h with h = twice Manhattan (inadmissible), order (f, h, key, seq); the f shown is this priority. Its path may not be shortest.',
  );
  await page.click('#trace-step');
  assert.deepEqual(await texts(page, '#trace-log li'), [
    '1. pop (f 10, h 4, key 123456078, seq 0), g 0: expanded',
  ]);
  assert.deepEqual(await texts(page, '#trace-next li'), [
    '(f 6, h 2, key 123456708, seq 2), g 1',
    '(f 16, h 6, key 123056478, seq 1), g 1',
  ]);
  assert.equal(
    await text(page, '#trace-code li:nth-child(3)'),
    'pop the entry with the smallest (f, h, key, seq), where f = g + w·h',
  );
  await page.click('#trace-run');
  await expectText(
    page,
    '#trace-status',
    'Goal accepted when popped: a path of cost 2 after 2 expansions — shortest (checked against the distance table). Weighted A* is not the contract\'s search, so its path may not be shortest.',
  );
  const h = await page.evaluate(() => location.hash);
  assert.ok(h.endsWith('&events=3&weight=2.5&heuristic=twice-manhattan'), h);
  // Back goes one pop back through the same weighted search.
  await page.click('#trace-back');
  assert.deepEqual(await texts(page, '#trace-next li'), [
    '(f 2, h 0, key 123456780, seq 4), g 2',
    '(f 12, h 4, key 123406758, seq 3), g 2',
    '(f 16, h 6, key 123056478, seq 1), g 1',
  ]);
  // The link reopens the weighted trace in a fresh load.
  await page.goto('about:blank');
  await page.goto(`${pageUrl()}${h}`);
  await expectText(
    page,
    '#trace-status',
    'Goal accepted when popped: a path of cost 2 after 2 expansions — shortest (checked against the distance table). Weighted A* is not the contract\'s search, so its path may not be shortest.',
  );
  assert.equal(await page.inputValue('#trace-weight'), '2.5');
  assert.equal(await page.inputValue('#trace-heuristic'), 'twice-manhattan');
  // The 31-move board under w = 5: 14 moves longer than optimal.
  await setStart(page, HARD);
  await page.fill('#budget', '10000');
  await page.selectOption('#trace-weight', '5');
  await page.selectOption('#trace-heuristic', 'manhattan');
  await page.click('#trace-run');
  await expectText(
    page,
    '#trace-status',
    'Goal accepted when popped: a path of cost 45 after 272 expansions — not shortest: 14 moves longer than optimal. Weighted A* is not the contract\'s search, so its path may not be shortest.',
  );
  ensureArtifacts();
  await page.fill('#trace-jump', '40');
  await page.click('#trace-go');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#trace-algorithm').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join('artifacts', `weighted-astar-trace-${width}.png`) });
  }
});
