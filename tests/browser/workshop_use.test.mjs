// The workshop's search cost and graded exercises in the Lab: the cost
// table cell for cell as `heuristic cost` prints it, an exercise link
// opened, h written and graded (pass and fail, with the counterexample),
// the grade line for line as `heuristic grade --link …` prints it, a
// teacher's made link graded identically by the CLI, the keyboard, axe
// and 360 px. Screenshots at 360 and 1280 px; the cost's time printed (not
// asserted: BENCHMARKS.md records it).
//
//   cd tests/browser && npm ci && node --test --test-concurrency=1 workshop_use.test.mjs

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pageTest } from './suite.mjs';
import { HERE, count, countWorkers, ensureArtifacts, expectText, expectTextMatch, runAxe, text, texts } from './harness.mjs';

/** The CLI built by `cargo test` (xtask passes its path); its exit code is the grade's. */
function cli(args) {
  const bin = process.env.EIGHT_PUZZLE_BIN || resolve(HERE, '..', '..', 'target', 'debug', 'eight-puzzle');
  if (!existsSync(bin)) throw new Error(`the eight-puzzle binary is missing: ${bin} (run cargo build, or set EIGHT_PUZZLE_BIN)`);
  try {
    return execFileSync(bin, args, { encoding: 'utf8' });
  } catch (e) {
    if (e.status === 1) return e.stdout; // a fail
    throw e;
  }
}

/** The grade's lines as the CLI prints them, after its `h = …` line (the page's list items carry no indent). */
function cliGrade(link, expr) {
  const lines = cli(['heuristic', 'grade', '--link', link, '--expr', expr]).trimEnd().split('\n');
  assert.equal(lines[0], `h = ${expr}`);
  return lines.slice(1).map((l) => l.trim());
}

async function grade(page, expr) {
  await page.fill('#workshop-expr', expr);
  await page.click('#grade-run');
  await expectText(page, '#grade-status', `Graded: h = ${expr}.`, 60_000);
  return texts(page, '#grade-lines li');
}

const MADE = '3x3.123456780.astar.admissible.500.867254301_123456708_123456078';

pageTest('the cost table: A* and IDA*, h against Manhattan, cell for cell as heuristic cost prints it (time printed)', async ({ page }, t) => {
  await page.click('#tab-lab');
  await page.click('#cost-box summary');
  assert.equal(await text(page, '#cost-status'), 'Not run yet: press Search cost.');
  await page.fill('#workshop-expr', 'linear_conflict');
  const t0 = Date.now();
  await page.click('#cost-run');
  await expectText(
    page,
    '#cost-status',
    'Done: the search cost of h = linear_conflict on 553 boards of 3×3 (goal [1,2,3,4,5,6,7,8,0]).',
    120_000,
  );
  t.diagnostic(`3×3 linear_conflict search cost (20 boards a depth, 553 in all) in ${Date.now() - t0} ms, click to the table (polled)`);
  assert.match((await texts(page, '#cost-about li'))[0], /^The sample: at each depth 20 boards drawn from the boards at that depth \(seed 0x5EED0FC057 xor the depth; all of them where there are fewer\), 553 in all;/);
  assert.deepEqual(await texts(page, '#cost-head th'), ['Depth', 'Boards', 'A* h', 'A* Manhattan', 'IDA* h', 'IDA* Manhattan']);
  const rows = await page.$$eval('#cost-rows tr', (r) => r.map((x) => [...x.cells].map((c) => c.textContent)));
  assert.equal(rows.length, 32);
  assert.deepEqual(rows[0], ['0', '1 of 1', '0.0 / -', '0.0 / -', '1.0 / -', '1.0 / -']);
  // The CLI's table, the same boards and the same cells.
  const out = cli(['heuristic', 'cost', '--expr', 'linear_conflict']).split('\n');
  const table = out.slice(out.findIndex((l) => l.startsWith('depth')) + 1).filter((l) => l.trim());
  assert.equal(table.length, 32);
  table.forEach((line, d) => {
    const cells = line.split('|').map((c) => c.trim());
    assert.deepEqual(rows[d].slice(2), cells.slice(1), `depth ${d}`);
    assert.equal(rows[d][1].split(' of ')[0], cells[0].split(/\s+/)[1], `boards at depth ${d}`);
  });
});

pageTest(
  'Cancel stops the search cost in its worker; nothing is claimed',
  async ({ page }) => {
    await page.click('#tab-lab');
    await page.click('#cost-box summary');
    await page.fill('#workshop-expr', 'misplaced');
    await page.click('#cost-run');
    await expectTextMatch(page, '#cost-status', (v) => v.startsWith('Running: '), 'Running', 30_000);
    assert.equal(await page.isDisabled('#cost-cancel'), false);
    await page.click('#cost-cancel');
    await expectText(page, '#cost-status', 'Cancelled; nothing is claimed. Press Search cost to start again.');
    assert.equal(await page.isDisabled('#cost-cancel'), true);
    assert.equal(await count(page, '#cost-rows tr'), 0);
    const w = await page.evaluate(() => window.__workers);
    assert.ok(w.made >= 1 && w.terminated === w.made, `the worker is stopped: ${JSON.stringify(w)}`);
  },
  { initScript: countWorkers },
);

pageTest('an exercise link: the task in words, a failing and a passing h, graded as the CLI grades the link', async ({ page }) => {
  const url = page.url().split('#')[0];
  // The link as Make link writes it: the Lab opens, its section open.
  await page.goto(`${url}#exercise=${MADE}`);
  await expectTextMatch(page, '#exercise-task', (v) => v.startsWith('Write an admissible h'), 'the task');
  assert.equal(await page.getAttribute('#tab-lab', 'aria-selected'), 'true');
  assert.equal(await page.evaluate(() => document.querySelector('#exercise-box').open), true);
  assert.equal(await page.inputValue('#exercise-pick'), 'own');
  assert.equal(
    await text(page, '#exercise-task'),
    'Write an admissible h (never above the true distance on any board that can reach the goal) with which A* expands at most 500 boards in total, searching from each of these 3 boards of 3×3 to the goal [1,2,3,4,5,6,7,8,0]: [8,6,7,2,5,4,3,0,1], [1,2,3,4,5,6,7,0,8], [1,2,3,4,5,6,0,7,8].',
  );
  const fail = await grade(page, 'manhattan');
  assert.deepEqual(fail, cliGrade(`#exercise=${MADE}`, 'manhattan'));
  assert.equal(fail.at(-1), 'Fail: 6,846 nodes, over the target of 500');
  const over = await grade(page, '3 * manhattan');
  assert.deepEqual(over, cliGrade(MADE, '3 * manhattan'));
  assert.equal(over[1], 'Admissible: no — h overestimates on 180,649 boards');
  assert.equal(over.at(-1), 'Fail: h is not admissible');
  assert.match(await text(page, '#grade-links a'), /^Open the worst overestimate \[.*\] in Solve$/);
  // A shipped exercise, picked with the keyboard, passes with Manhattan.
  await page.focus('#exercise-pick');
  await page.selectOption('#exercise-pick', '0');
  const pass = await grade(page, 'manhattan');
  assert.equal(pass.at(-1), 'Pass');
  assert.equal(await page.getAttribute('#grade-lines', 'data-pass'), 'yes');
});

pageTest('a teacher makes a link in the page; the CLI grades it as the page does', async ({ page }) => {
  await page.click('#tab-lab');
  await page.click('#exercise-box summary');
  await page.selectOption('#maker-rule', 'any');
  await page.fill('#maker-nodes', '40');
  await page.fill('#maker-boards', '123456708, 123405786');
  await page.focus('#maker-run');
  await page.keyboard.press('Enter');
  const href = await page.getAttribute('#maker-link', 'href');
  assert.equal(href, '#exercise=3x3.123456780.astar.any.40.123456708_123405786');
  assert.match(page.url(), /exercise=3x3\.123456780\.astar\.any\.40\.123456708_123405786/);
  assert.equal(await page.inputValue('#exercise-pick'), 'own');
  for (const h of ['2 * manhattan', 'misplaced']) {
    assert.deepEqual(await grade(page, h), cliGrade(href, h), h);
  }
  await page.fill('#maker-nodes', '0');
  await page.click('#maker-run');
  await expectText(page, '#maker-out', "No link made: '0' is not a node target (a whole number from 1).");
});

for (const width of [360, 1280]) {
  pageTest(
    `at ${width} px the cost table and the exercise fit (screenshot, axe)`,
    async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.click('#tab-lab');
      await page.click('#cost-box summary');
      await page.click('#exercise-box summary');
      await page.click('#cost-run');
      await expectTextMatch(page, '#cost-status', (v) => v.startsWith('Done: '), 'Done', 120_000);
      await grade(page, 'manhattan');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no horizontal scroll: ${overflow}px`);
      assert.equal(await count(page, '#cost-rows tr'), 32);
      await page.locator('#cost-box').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ensureArtifacts(), `workshop-use-${width}.png`), fullPage: true });
      const { violations, report } = await runAxe(page);
      assert.equal(violations.length, 0, report);
    },
    { bypassCSP: true },
  );
}
