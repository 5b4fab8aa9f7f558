// Seeing the search: the tree after N steps, Back, IDA* stepping, the trace
// downloads (byte-identical to the CLI's), the homework checker, and the
// count of shortest paths.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pageTest } from './suite.mjs';
import { HERE, ensureArtifacts, eventually, expectText, expectTextMatch, texts } from './harness.mjs';

/** The CLI built by `cargo test` (xtask passes its path); a missing binary fails the test. */
function cli(args) {
  const bin = process.env.EIGHT_PUZZLE_BIN || resolve(HERE, '..', '..', 'target', 'debug', 'eight-puzzle');
  if (!existsSync(bin)) throw new Error(`the eight-puzzle binary is missing: ${bin} (run cargo build, or set EIGHT_PUZZLE_BIN)`);
  return execFileSync(bin, args, { encoding: 'utf8' });
}

async function treeKeys(page) {
  return page.evaluate(() => [...document.querySelectorAll('#tree .node')].map((c) => c.getAttribute('data-key')));
}

pageTest('tree: after one step the start and its two children, named and listed', async ({ page }) => {
  await page.click('#tab-trace');
  await page.click('#trace-step');
  await eventually(() => treeKeys(page), (k) => k.length === 3, 'three nodes');
  assert.deepEqual(await treeKeys(page), ['123456078', '123056478', '123456708']);
  const label = await page.getAttribute('#tree svg', 'aria-label');
  assert.ok(/search tree/i.test(label), label);
  assert.deepEqual(await texts(page, '#tree-list li'), [
    'g 0, h 2, f 2: board 123456078, seq 0, expanded, the latest pop',
    'g 1, h 3, f 4: board 123056478, seq 1, frontier',
    'g 1, h 1, f 2: board 123456708, seq 2, frontier',
  ]);
  assert.equal(await page.getAttribute('#tree .node[data-key="123456078"]', 'class'), 'node expanded latest');
  assert.equal(await page.getAttribute('#tree .node[data-key="123056478"]', 'class'), 'node frontier');
  // The latest pop and its neighbours as small boards.
  assert.equal(await page.locator('#trace-boards li').count(), 3);
  assert.equal(await page.getAttribute('#trace-boards li:first-child [role="table"]', 'aria-label'), 'Board 123456078');
});

pageTest('tree: Back gives exactly the state stepping forward gave; Go to event jumps', async ({ page }) => {
  await page.fill('#start', '[4,1,3,0,2,6,7,5,8]');
  await page.click('#tab-trace');
  const state = async () => ({
    latest: await page.textContent('#trace-latest'),
    list: await texts(page, '#tree-list li'),
    next: await texts(page, '#trace-next li'),
    frontier: await page.textContent('#trace-frontier'),
  });
  const seen = [];
  for (let i = 0; i < 5; i++) {
    await page.click('#trace-step');
    await expectTextMatch(page, '#trace-latest', (v) => v.startsWith(`${i + 1}. pop`), `event ${i + 1}`);
    seen.push(await state());
  }
  for (let i = 3; i >= 0; i--) {
    await page.click('#trace-back');
    await expectTextMatch(page, '#trace-latest', (v) => v.startsWith(`${i + 1}. pop`), `back to event ${i + 1}`);
    assert.deepEqual(await state(), seen[i], `state at event ${i + 1}`);
  }
  await page.fill('#trace-jump', '4');
  await page.click('#trace-go');
  await expectTextMatch(page, '#trace-latest', (v) => v.startsWith('4. pop'), 'jumped to event 4');
  assert.deepEqual(await state(), seen[3]);
  await page.fill('#trace-jump', 'four');
  await page.click('#trace-go');
  await expectTextMatch(page, '#trace-jump-error', (v) => v.includes('"four" is not a whole number'), 'a refused jump');
});

pageTest('IDA*: iterations with their bounds, ending at the cost A* finds', async ({ page }) => {
  await page.fill('#start', '[4,1,3,0,2,6,7,5,8]');
  await page.click('#tab-trace');
  await page.selectOption('#trace-algorithm', 'idastar');
  await expectTextMatch(page, '#trace-status', (v) => v.startsWith('Ready: the first bound'), 'IDA* ready');
  await page.click('#trace-step');
  await expectTextMatch(page, '#ida-latest', (v) => v.startsWith('1. enter 413026758 at g 0'), 'first event');
  await page.click('#trace-run');
  await expectText(page, '#trace-status', 'Goal entered within bound 5: Solved, cost 5 — the same cost as A*.');
  const rows = await texts(page, '#ida-rows tr');
  assert.ok(rows.length >= 1, JSON.stringify(rows));
  assert.equal(await page.isHidden('#astar-trace'), true);
  await page.screenshot({ path: join(ensureArtifacts(), 'ida-1280.png'), fullPage: true });
});

for (const [button, format] of [
  ['#download-csv', 'csv'],
  ['#download-json', 'json'],
]) {
  pageTest(`downloads: the ${format.toUpperCase()} trace equals the CLI's bytes`, async ({ page }) => {
    const start = '[8,6,7,2,5,4,3,0,1]';
    await page.fill('#start', start);
    await page.fill('#budget', '10000');
    await page.click('#tab-trace');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    assert.equal(download.suggestedFilename(), `trace-astar.${format}`);
    const bytes = readFileSync(await download.path(), 'utf8');
    const expected = cli(['trace', '--start', start, '--budget', '10000', '--format', format]);
    assert.equal(bytes.length, expected.length, 'same length');
    assert.ok(bytes === expected, 'the page and the CLI give the same bytes');
  });
}

pageTest('Check my order: a good paste matches, a swapped one names pop and rule and marks the tree', async ({ page }) => {
  await page.click('#tab-trace');
  await page.fill('#check-input', '123456078\n123456708\n123456780\n');
  await page.click('#check-run');
  await expectText(page, '#check-result', 'Matches the contract order for all 3 pops.');
  await page.fill('#check-input', '123456078\n123056478\n');
  await page.click('#check-run');
  await expectText(
    page,
    '#check-result',
    'First difference at pop 2: the contract pops (f 2, h 1, key 123456708, seq 2), you popped 123056478 (f 4, h 3, key 123056478, seq 1): f decides (2 < 4).',
  );
  const marked = await page.evaluate(() => [...document.querySelectorAll('#tree .node.marked')].map((c) => c.getAttribute('data-key')));
  assert.deepEqual(marked, ['123456708']);
  await page.fill('#check-input', '12345678');
  await page.click('#check-run');
  await expectTextMatch(page, '#check-result', (v) => v.startsWith('Nothing checked: '), 'a bad paste is refused');
});

pageTest('Solution: the number of shortest paths, and the witness is one of them', async ({ page }) => {
  await expectText(page, '#paths', 'Exactly 1 shortest path joins start and goal: the witness.');
  await page.fill('#start', '[8,6,7,2,5,4,3,0,1]');
  await page.fill('#budget', '10000');
  await page.click('#solve');
  await expectText(
    page,
    '#paths',
    '40 distinct shortest paths join start and goal (counted exactly over the goal\'s distance layers); the witness is one of them.',
  );
});

for (const width of [360, 1280]) {
  pageTest(
    `Trace tab at ${width} px: the tree after eight steps (screenshot), no sideways scroll`,
    async ({ page }) => {
      await page.fill('#start', '[4,1,3,0,2,6,7,5,8]');
      await page.click('#tab-trace');
      for (let i = 0; i < 8; i++) await page.click('#trace-step');
      await expectTextMatch(page, '#trace-status', (v) => v.startsWith('Goal accepted'), 'the goal');
      await page.screenshot({ path: join(ensureArtifacts(), `tree-${width}.png`), fullPage: true });
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= width, `scrollWidth ${w} > ${width}`);
    },
    { viewport: { width, height: width === 360 ? 740 : 800 } },
  );
}
