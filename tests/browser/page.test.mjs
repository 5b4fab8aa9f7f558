// End-to-end tests of dist/eight-puzzle.html in headless Chromium.
//
//   cd tests/browser && npm ci && node --test --test-concurrency=1 page.test.mjs
//
// PAGE=/absolute/path.html overrides the page (default ../../dist/eight-puzzle.html).
// A missing page makes every test fail (never skip).

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  runAxe,
  boardCells,
  count,
  ensureArtifacts,
  eventually,
  expectBoard,
  expectText,
  expectTextMatch,
  focusIndicator,
  launch,
  openPage,
  solve,
  text,
  texts,
  waitReady,
} from './harness.mjs';
import { pageTest } from './suite.mjs';

const TITLE = '8-puzzle and the sliding-puzzle family: solve and replay a witness';
const BASELINE_START = '[1,2,3,4,5,6,0,7,8]';
const DEFAULT_GOAL = '[1,2,3,4,5,6,7,8,0]';
const BASELINE_BOARD = ['1', '2', '3', '4', '5', '6', '', '7', '8'];
const GOAL_BOARD = ['1', '2', '3', '4', '5', '6', '7', '8', ''];
const MOVES = new Set(['Up', 'Down', 'Left', 'Right']);
const DASH = '—';

// ---------------------------------------------------------------------------
// One browser for the file, a fresh context + page per test.

// ---------------------------------------------------------------------------
// Small assertion helpers specific to this page.

async function witness(page) {
  return texts(page, '#witness li');
}

async function expectWitness(page, expected) {
  return eventually(
    () => witness(page),
    (v) => JSON.stringify(v) === JSON.stringify(expected),
    `expected #witness items ${JSON.stringify(expected)}`,
  );
}

async function expectStatusStarts(page, prefix) {
  return expectTextMatch(page, '#status', (v) => v.startsWith(prefix), `expected status to start with ${JSON.stringify(prefix)}`);
}

/** Replay table rows as arrays of normalised cell texts (th or td). */
async function replayRows(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#replay-table tbody tr')].map((tr) => ({
      cells: [...tr.children].map((c) => c.textContent.replace(/\s+/g, ' ').trim()),
      current: tr.getAttribute('aria-current'),
    })),
  );
}

/** Step number of the row marked aria-current="step" (all such rows). */
async function currentRowSteps(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#replay-table tbody tr[aria-current="step"]')].map((tr) =>
      tr.children[0] ? tr.children[0].textContent.replace(/\s+/g, ' ').trim() : null,
    ),
  );
}

async function expectReplay(page, step, of) {
  await expectTextMatch(page, '#replay-status', (v) => v.includes(`Step ${step} of ${of}`), `expected to contain "Step ${step} of ${of}"`);
  await eventually(
    () => currentRowSteps(page),
    (v) => v.length === 1 && v[0] === String(step),
    `expected exactly one #replay-table row with aria-current="step", for step ${step}`,
  );
}

async function expectBodyText(page, re, describe) {
  return eventually(
    () => page.evaluate(() => document.body.innerText),
    (v) => re.test(v),
    `expected the page to show ${describe} (${re})`,
  );
}

/**
 * No result from an earlier solve is left on screen: either #result is hidden,
 * or its values read "—". With {invalid: true} the status may instead name
 * the invalid input (it starts with "Invalid").
 */
async function assertNoOldResult(page, why, { invalid = false } = {}) {
  const r = await page.evaluate(() => {
    const res = document.querySelector('#result');
    const visible = !!res && !res.hidden && res.getClientRects().length > 0 && getComputedStyle(res).visibility !== 'hidden';
    const dd = (id) => document.querySelector(id)?.textContent.replace(/\s+/g, ' ').trim() ?? null;
    return {
      visible,
      status: dd('#status'),
      cost: dd('#cost'),
      initialH: dd('#initial-h'),
      expansions: dd('#expansions'),
      witness: document.querySelectorAll('#witness li').length,
    };
  });
  const ctx = `${why}: ${JSON.stringify(r)}`;
  assert.ok(!(r.status ?? '').startsWith('Solved'), `status must not be Solved (${ctx})`);
  assert.equal(r.witness, 0, `the witness must be empty (${ctx})`);
  if (r.visible) {
    if (invalid) {
      assert.ok(
        r.status === DASH || (r.status ?? '').startsWith('Invalid'),
        `#result is visible, so the status must be "${DASH}" or start with "Invalid" (${ctx})`,
      );
    } else {
      assert.equal(r.status, DASH, `#result is visible, so the status must be "${DASH}" (${ctx})`);
    }
    for (const k of ['cost', 'initialH', 'expansions']) {
      assert.equal(r[k], DASH, `#result is visible, so ${k} must be "${DASH}" (${ctx})`);
    }
  }
}

async function assertAlertEmpty(page, id) {
  await expectText(page, `#${id}`, '');
  const visible = await page.locator(`#${id}`).isVisible();
  assert.equal(visible, false, `#${id} should be hidden when the field is valid`);
}

// ---------------------------------------------------------------------------
// 1. Baseline on load

pageTest('baseline on load: page structure and the solved baseline', async ({ page }) => {
  assert.equal(await page.title(), TITLE, '<title>');
  assert.deepEqual(await texts(page, 'h1'), [TITLE], 'exactly one <h1> with the title text');

  // Labelled inputs, prefilled.
  for (const [id, tag, label, value] of [
    ['start', 'TEXTAREA', 'Start board', BASELINE_START],
    ['goal', 'TEXTAREA', 'Goal board', DEFAULT_GOAL],
    ['budget', 'INPUT', 'Budget', '100'],
  ]) {
    const info = await page.evaluate((id) => {
      const el = document.getElementById(id);
      if (!el) return null;
      return {
        tag: el.tagName,
        value: el.value,
        labels: [...(el.labels ?? [])].map((l) => ({
          text: l.textContent.replace(/\s+/g, ' ').trim(),
          visible: l.getClientRects().length > 0 && getComputedStyle(l).visibility !== 'hidden',
        })),
      };
    }, id);
    assert.ok(info, `#${id} exists`);
    assert.equal(info.tag, tag, `#${id} element type`);
    assert.equal(info.value, value, `#${id} prefilled value`);
    assert.ok(
      info.labels.some((l) => l.visible && l.text === label),
      `#${id} needs a visible <label> reading exactly ${JSON.stringify(label)}; labels: ${JSON.stringify(info.labels)}`,
    );
  }

  // Error elements: role=alert, empty and hidden.
  for (const id of ['start-error', 'goal-error', 'budget-error']) {
    assert.equal(await page.getAttribute(`#${id}`, 'role'), 'alert', `#${id} role`);
    await assertAlertEmpty(page, id);
  }
  assert.equal(await page.getAttribute('#fatal', 'role'), 'alert', '#fatal role');
  assert.equal(await text(page, '#fatal'), '', '#fatal is empty');

  // Buttons.
  for (const [id, label] of [
    ['solve', 'Solve'],
    ['first', 'First'],
    ['previous', 'Previous'],
    ['next', 'Next'],
    ['last', 'Last'],
  ]) {
    const b = await page.evaluate((id) => {
      const el = document.getElementById(id);
      return el && { tag: el.tagName, type: el.getAttribute('type'), text: el.textContent.replace(/\s+/g, ' ').trim() };
    }, id);
    assert.deepEqual(b, { tag: 'BUTTON', type: 'button', text: label }, `#${id} should be <button type="button">${label}</button>`);
  }
  assert.equal(await count(page, 'form'), 0, 'there is no <form>');

  // Board.
  assert.equal(await page.getAttribute('#board', 'role'), 'table', '#board role');
  assert.equal(await page.getAttribute('#board', 'aria-label'), 'Board', '#board aria-label');
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll('#board [role="row"]')].map((r) => r.querySelectorAll('[role="cell"]').length),
  );
  assert.deepEqual(rows, [3, 3, 3], 'the board has three rows of three cells');
  await expectBoard(page, BASELINE_BOARD);
  const cells = await boardCells(page);
  assert.equal(cells[6].label, 'blank', 'the blank cell has aria-label="blank"');
  assert.deepEqual(
    cells.filter((c) => c.label === 'blank').length,
    1,
    `exactly one cell is labelled blank: ${JSON.stringify(cells)}`,
  );

  await expectTextMatch(
    page,
    '#convention',
    (v) => v.includes('Right: the blank moves right; the tile on its right travels left'),
    'should state the move convention',
  );

  // Result.
  assert.equal(await page.evaluate(() => document.querySelector('#result')?.tagName), 'DL', '#result is a <dl>');
  assert.deepEqual(
    await texts(page, '#result dt'),
    ['Status', 'Path cost (g)', 'Initial Manhattan (h)', 'Expansions'],
    '#result <dt> terms',
  );
  const pairs = await page.evaluate(() =>
    ['status', 'cost', 'initial-h', 'expansions'].map((id) => {
      const dd = document.getElementById(id);
      return dd ? `${dd.tagName}:${dd.previousElementSibling?.textContent.trim()}` : null;
    }),
  );
  assert.deepEqual(
    pairs,
    ['DD:Status', 'DD:Path cost (g)', 'DD:Initial Manhattan (h)', 'DD:Expansions'],
    'each result id is the <dd> right after its <dt>',
  );
  await expectStatusStarts(page, 'Solved');
  await expectText(page, '#cost', '2');
  await expectText(page, '#initial-h', '2');
  await expectText(page, '#expansions', '2');
  await expectTextMatch(page, '#explanation', (v) => v.includes('lower bound 2'), 'should mention "lower bound 2"');
  await expectTextMatch(page, '#check', (v) => v.includes('final board equals the goal'), 'should say "final board equals the goal"');
  await expectTextMatch(page, '#check', (v) => v.includes('length 2 equals cost 2'), 'should say "length 2 equals cost 2"');

  // Witness.
  assert.equal(await page.evaluate(() => document.querySelector('#witness')?.tagName), 'OL', '#witness is an <ol>');
  assert.equal(await page.getAttribute('#witness', 'aria-label'), 'Witness', '#witness aria-label');
  await expectWitness(page, ['Right', 'Right']);

  // Replay.
  await expectReplay(page, 0, 2);
  assert.equal(await page.evaluate(() => document.querySelector('#replay-table')?.tagName), 'TABLE', '#replay-table is a <table>');
  const heads = (await texts(page, '#replay-table thead th, #replay-table thead td')).map((h) => h.toLowerCase());
  assert.equal(heads.length, 6, `replay table has 6 columns: ${JSON.stringify(heads)}`);
  ['step', 'move', 'board', 'g', 'h', 'f'].forEach((w, i) =>
    assert.ok(heads[i].startsWith(w), `replay column ${i} should be "${w}", headers ${JSON.stringify(heads)}`),
  );
  const replay = await replayRows(page);
  assert.equal(replay.length, 3, `replay table has rows for steps 0..2: ${JSON.stringify(replay)}`);
  const pick = (r) => [r.cells[0], r.cells[3], r.cells[4], r.cells[5]];
  assert.deepEqual(
    replay.map(pick),
    [
      ['0', '0', '2', '2'],
      ['1', '1', '1', '2'],
      ['2', '2', '0', '2'],
    ],
    'replay rows: step, g, h, f',
  );
  assert.deepEqual([replay[1].cells[1], replay[2].cells[1]], ['Right', 'Right'], 'replay moves for steps 1 and 2');

  // Manhattan ledger.
  assert.equal(await page.evaluate(() => document.querySelector('#ledger')?.tagName), 'TABLE', '#ledger is a <table>');
  await expectText(page, '#ledger-total', '2');
  const ledger = await page.evaluate(() =>
    [...document.querySelectorAll('#ledger tr')].map((tr) => [...tr.children].map((c) => c.textContent.replace(/\s+/g, ' ').trim())),
  );
  for (let t = 1; t <= 8; t++) {
    const re = new RegExp(`(^|\\D)${t}(\\D|$)`);
    assert.ok(ledger.some((r) => r.length && re.test(r[0])), `#ledger has a row for tile ${t}: ${JSON.stringify(ledger)}`);
  }
  assert.ok(ledger.some((r) => r.join(' ').includes('excluded')), `#ledger has a blank row saying "excluded": ${JSON.stringify(ledger)}`);

  // Parity is for unsolvable input only.
  const parityVisible = await page.locator('#parity').isVisible().catch(() => false);
  assert.ok(!parityVisible || (await text(page, '#parity')) === '', '#parity is not shown for a solvable input');

  // Worked example fixture.
  const fixture = await page.evaluate(() => {
    const f = document.querySelector('#fixture');
    if (!f) return null;
    const labelled =
      !!f.getAttribute('aria-label') || !!f.getAttribute('aria-labelledby') || !!f.querySelector('h1,h2,h3,h4,h5,h6,caption,legend');
    const rows = [...f.querySelectorAll('table tbody tr')].filter((tr) => tr.querySelector('td')).length;
    const nested = ['#result', '#witness', '#replay-table', '#board'].filter((s) => f.querySelector(s));
    return { labelled, rows, nested };
  });
  assert.ok(fixture, '#fixture exists');
  assert.ok(fixture.labelled, '#fixture is labelled (a heading, caption or aria-label)');
  assert.equal(fixture.rows, 3, "#fixture's table has the baseline's 3 steps");
  assert.deepEqual(fixture.nested, [], '#fixture is separate from the live result');
});

// ---------------------------------------------------------------------------
// 2. Replay controls

pageTest('replay: Next twice reaches the goal; guards at both ends; First and Last', async ({ page }) => {
  await expectReplay(page, 0, 2);
  await page.click('#next');
  await expectReplay(page, 1, 2);
  await expectBoard(page, ['1', '2', '3', '4', '5', '6', '7', '', '8']);
  await page.click('#next');
  await expectReplay(page, 2, 2);
  await expectBoard(page, GOAL_BOARD);
  assert.equal((await boardCells(page))[8].label, 'blank', 'blank cell at the end is labelled blank');

  await page.click('#next');
  await expectBodyText(page, /already at the last step/i, 'the last-step guard message');
  await expectReplay(page, 2, 2);
  await expectBoard(page, GOAL_BOARD);

  await page.click('#first');
  await expectReplay(page, 0, 2);
  await expectBoard(page, BASELINE_BOARD);

  await page.click('#previous');
  await expectBodyText(page, /already at the first step/i, 'the first-step guard message');
  await expectReplay(page, 0, 2);
  await expectBoard(page, BASELINE_BOARD);

  await page.click('#last');
  await expectReplay(page, 2, 2);
  await expectBoard(page, GOAL_BOARD);

  await page.click('#previous');
  await expectReplay(page, 1, 2);
  await expectBoard(page, ['1', '2', '3', '4', '5', '6', '7', '', '8']);
});

// ---------------------------------------------------------------------------
// 3. Budget cutoff

pageTest('budget 1: Unknown (BudgetExceeded), no witness, explanation says raise the budget', async ({ page }) => {
  await page.fill('#budget', '1');
  await solve(page);
  await expectText(page, '#status', 'Unknown (BudgetExceeded)');
  await expectText(page, '#expansions', '1');
  await expectText(page, '#cost', DASH);
  await expectWitness(page, []);
  await expectTextMatch(page, '#explanation', (v) => v.includes('raise the budget'), 'should tell to "raise the budget"');
  await expectTextMatch(page, '#explanation', (v) => v.includes('stopped'), 'should say the search was "stopped"');
  await expectTextMatch(page, '#explanation', (v) => /\bnot\b/.test(v), 'should say what it did not prove ("not")');
  // Nothing of the baseline's witness survives.
  const replay = await replayRows(page);
  assert.ok(!replay.some((r) => r.cells[1] === 'Right'), `the replay table still shows old moves: ${JSON.stringify(replay)}`);
  const check = await text(page, '#check');
  assert.ok(!(check ?? '').includes('length 2 equals cost 2'), `#check still shows the old witness check: ${JSON.stringify(check)}`);
  await assertAlertEmpty(page, 'budget-error');
});

// ---------------------------------------------------------------------------
// 4. Start equals goal

pageTest('start = goal: Solved with cost 0, expansions 0, empty witness', async ({ page }) => {
  await page.fill('#start', DEFAULT_GOAL);
  await expectBoard(page, GOAL_BOARD);
  await solve(page);
  await expectStatusStarts(page, 'Solved');
  await expectText(page, '#cost', '0');
  await expectText(page, '#expansions', '0');
  await expectText(page, '#initial-h', '0');
  await expectWitness(page, []);
  await expectReplay(page, 0, 0);
});

// ---------------------------------------------------------------------------
// 5. Invalid input, one test per class

const INVALID = [
  ['start', '[1,2,3,4,9,6,0,7,8]', 'value 9 at position 4 (row 2, column 2) is outside 0–8'],
  ['start', '[1,2,3,4,5,6,7,8,"0"]', 'position 8 (row 3, column 3) holds the string "0"; numbers must not be quoted'],
  [
    'start',
    '[1,2,3,4,5,6,7,7,0]',
    'value 7 appears twice, at position 6 (row 3, column 1) and at position 7 (row 3, column 2), so 8 is missing',
  ],
  ['start', '[1,2,3,4,5,6,0]', 'only 7 of nine values given; missing 7, 8'],
  ['start', '[1,2,3,4,5,6,7,8,0,0]', '10 values given; a board has exactly nine'],
  [
    'start',
    '[1.5,2,3,4,5,6,7,8,0]',
    'position 0 (row 1, column 1) holds 1.5, a fraction; each cell must be a whole number from 0 to 8',
  ],
  ['start', '[1,2,3,', { startsWith: 'not valid JSON at line 1, column 7' }],
  ['goal', '[1,2,3,4,5,6,7,8,8]', { startsWith: 'value 8 appears twice' }],
  ['budget', '0', 'the budget 0 is outside 1–10000'],
  ['budget', '10001', 'the budget 10001 is outside 1–10000'],
  ['budget', '-5', 'the budget -5 is outside 1–10000'],
  ['budget', '2.5', 'the budget 2.5 is not a whole number; enter a whole number from 1 to 10000'],
  ['budget', 'abc', 'the budget "abc" is not a number; enter a whole number from 1 to 10000'],
  ['budget', '', 'the budget is empty; enter a whole number from 1 to 10000'],
];
const VALID = { start: BASELINE_START, goal: DEFAULT_GOAL, budget: '100' };

for (const [field, value, expected] of INVALID) {
  pageTest(`invalid ${field} ${JSON.stringify(value)} is reported in #${field}-error`, async ({ page }) => {
    await page.fill(`#${field}`, value);
    const alert = `#${field}-error`;
    if (typeof expected === 'string') {
      await expectText(page, alert, expected);
    } else {
      await expectTextMatch(page, alert, (v) => v.startsWith(expected.startsWith), `expected to start with ${JSON.stringify(expected.startsWith)}`);
    }
    assert.equal(await page.getAttribute(alert, 'role'), 'alert', `${alert} role`);
    assert.ok(await page.locator(alert).isVisible(), `${alert} is visible while it holds an error`);
    for (const other of ['start', 'goal', 'budget'].filter((f) => f !== field)) {
      assert.equal(await text(page, `#${other}-error`), '', `#${other}-error stays empty`);
    }
    if (field !== 'budget') {
      assert.equal(await count(page, '#board [role="cell"]'), 0, 'an invalid board leaves #board with no cells');
    }
    await assertNoOldResult(page, `after typing invalid ${field}`, { invalid: true });

    // Typing a valid value clears the alert again.
    await page.fill(`#${field}`, VALID[field]);
    await assertAlertEmpty(page, `${field}-error`);
    await expectBoard(page, BASELINE_BOARD);
  });
}

// ---------------------------------------------------------------------------
// 6. An edit clears the old witness

pageTest('an edit clears the witness and result; Solve then solves the new start', async ({ page }) => {
  await expectWitness(page, ['Right', 'Right']);
  await page.fill('#start', '[1,2,3,4,5,6,7,0,8]');
  await expectBoard(page, ['1', '2', '3', '4', '5', '6', '7', '', '8']);
  await eventually(() => witness(page), (v) => v.length === 0, 'expected the witness to be emptied by the edit');
  await assertNoOldResult(page, 'right after editing #start');
  assert.equal(await count(page, '#replay-table tbody tr'), 0, 'the replay table has no rows after an edit');

  await solve(page);
  await expectStatusStarts(page, 'Solved');
  await expectText(page, '#cost', '1');
  await expectWitness(page, ['Right']);
  await expectReplay(page, 0, 1);
});

// ---------------------------------------------------------------------------
// 7. Unsolvable

pageTest('unsolvable start: status Unsolvable with the inversion counts', async ({ page }) => {
  await page.fill('#start', '[2,1,3,4,5,6,7,8,0]');
  await solve(page);
  await expectStatusStarts(page, 'Unsolvable');
  await expectText(page, '#expansions', '0');
  await expectWitness(page, []);
  assert.ok(await page.locator('#parity').isVisible(), '#parity is shown');
  await expectTextMatch(page, '#parity', (v) => v.includes('start has 1 inversion'), 'should contain "start has 1 inversion"');
  await expectTextMatch(page, '#parity', (v) => v.includes('goal has 0 inversions'), 'should contain "goal has 0 inversions"');
});

// ---------------------------------------------------------------------------
// 8. Custom goal (nested rows), start 134-85726 in dash notation

pageTest('custom goal [[1,2,3],[8,0,4],[7,6,5]] from 134-85726: Solved in 7; fixture unchanged', async ({ page }) => {
  await page.click('#about summary'); // the worked example sits apart, behind its summary
  const fixtureBefore = await page.evaluate(() => document.querySelector('#fixture')?.innerText ?? null);
  assert.ok(fixtureBefore, '#fixture exists and has text');

  await page.fill('#goal', '[[1,2,3],[8,0,4],[7,6,5]]');
  await page.fill('#start', '[1,3,4,0,8,5,7,2,6]');
  await expectBoard(page, ['1', '3', '4', '', '8', '5', '7', '2', '6']);
  await solve(page);
  await expectStatusStarts(page, 'Solved');
  await expectText(page, '#cost', '7');
  const moves = await eventually(() => witness(page), (v) => v.length === 7, 'expected 7 items in #witness');
  assert.ok(moves.every((m) => MOVES.has(m)), `witness items are move names: ${JSON.stringify(moves)}`);
  assert.equal(await count(page, '#replay-table tbody tr'), 8, 'replay table has steps 0..7');

  await page.click('#last');
  await expectReplay(page, 7, 7);
  await expectBoard(page, ['1', '2', '3', '8', '', '4', '7', '6', '5']);

  const fixtureAfter = await page.evaluate(() => document.querySelector('#fixture')?.innerText ?? null);
  assert.equal(fixtureAfter, fixtureBefore, '#fixture does not change when another board is solved');
});

// ---------------------------------------------------------------------------
// 9. HTML in input is shown as text

pageTest('HTML-looking input is shown literally and never becomes markup', async ({ page, dialogs }) => {
  const payload = '<img src=x onerror=alert(1)>';
  await page.fill('#start', `["${payload}",2,3,4,5,6,7,8,0]`);
  await expectTextMatch(page, '#start-error', (v) => v.includes(payload), `should quote ${JSON.stringify(payload)} literally`);
  assert.equal(await count(page, 'img'), 0, 'no <img> element on the page');
  assert.equal(await count(page, '[onerror]'), 0, 'no element with an onerror attribute');
  await page.waitForTimeout(200);
  assert.deepEqual(dialogs, [], 'no alert() ran');
});

// ---------------------------------------------------------------------------
// 10. No network

pageTest('no network: the only request is the page file itself', async (s) => {
  const { page } = s;
  // Exercise the page a little so lazily loaded resources would show up.
  await page.fill('#budget', '1');
  await solve(page);
  await page.fill('#budget', '100');
  await solve(page);
  await page.click('#next');
  await page.click('#last');
  await page.waitForTimeout(300);
  assert.deepEqual(s.blocked, [], 'requests other than the page file were made (and blocked)');
  assert.ok(s.requests.length >= 1, 'the page request itself was seen');
  assert.deepEqual([...new Set(s.requests)], [s.url], `the only request is the page: ${JSON.stringify(s.requests)}`);
});

// ---------------------------------------------------------------------------
// 11. Layout and screenshots

pageTest(
  'at 360x740: no horizontal scroll, Solve and board on the first screen, body text >= 16px',
  async ({ page }) => {
    await page.screenshot({ path: join(ensureArtifacts(), 'page-360.png'), fullPage: true });
    const m = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      fontSize: parseFloat(getComputedStyle(document.body).fontSize),
    }));
    assert.ok(m.scrollWidth <= 360, `documentElement.scrollWidth ${m.scrollWidth} > 360`);
    assert.ok(m.fontSize >= 16, `body font-size ${m.fontSize}px < 16px`);
    for (const sel of ['#solve', '#board']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box, `${sel} is rendered`);
      assert.ok(box.y >= 0 && box.y + box.height <= 740, `${sel} should be within the first screen: ${JSON.stringify(box)}`);
      assert.ok(box.x >= 0 && box.x + box.width <= 360, `${sel} should fit the width: ${JSON.stringify(box)}`);
    }
  },
  { viewport: { width: 360, height: 740 } },
);

pageTest(
  'at 1280px: no horizontal scroll (screenshot)',
  async ({ page }) => {
    await page.screenshot({ path: join(ensureArtifacts(), 'page-1280.png'), fullPage: true });
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(w <= 1280, `documentElement.scrollWidth ${w} > 1280`);
  },
  { viewport: { width: 1280, height: 800 } },
);

// ---------------------------------------------------------------------------
// 12. axe-core

pageTest(
  'axe-core finds no violations',
  async ({ page }) => {
    const { violations, report } = await runAxe(page);
    assert.equal(violations.length, 0, `axe violations:\n${report}`);
  },
  // axe is injected as an inline script; a strict CSP on the page must not block it.
  { bypassCSP: true },
);

// ---------------------------------------------------------------------------
// 13. Keyboard only

async function tabTo(page, id, { max = 40, shift = false } = {}) {
  const seen = [];
  for (let i = 0; i < max; i++) {
    const active = await page.evaluate(() => document.activeElement?.id ?? '');
    if (active === id) return seen;
    seen.push(active || '(none)');
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  const active = await page.evaluate(() => document.activeElement?.id ?? '');
  if (active === id) return seen;
  throw new Error(`could not reach #${id} with ${shift ? 'Shift+' : ''}Tab in ${max} presses; focus went through ${JSON.stringify(seen)}`);
}

async function assertFocusVisible(page, id) {
  const f = await focusIndicator(page);
  assert.equal(f.id, id, `focus should be on #${id}`);
  assert.ok(f.focusVisible, `#${id} should match :focus-visible after keyboard focus`);
  const outline = f.outlineStyle !== 'none' && parseFloat(f.outlineWidth) > 0;
  const shadow = f.boxShadow && f.boxShadow !== 'none';
  assert.ok(outline || shadow, `#${id} has no visible focus indicator: ${JSON.stringify(f)}`);
}

pageTest('keyboard: every control is reachable with Tab, in a sensible order', async ({ page }) => {
  const order = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.id ?? '');
    if (id && order.includes(id)) break; // wrapped around
    order.push(id || '(no id)');
  }
  const wanted = ['start', 'goal', 'budget', 'solve', 'first', 'previous', 'next', 'last'];
  const missing = wanted.filter((id) => !order.includes(id));
  assert.deepEqual(missing, [], `controls not reachable with Tab; tab order was ${JSON.stringify(order)}`);
  const positions = wanted.map((id) => order.indexOf(id));
  assert.deepEqual(
    [...positions].sort((a, b) => a - b),
    positions,
    `tab order should follow start, goal, budget, solve, first, previous, next, last; was ${JSON.stringify(order)}`,
  );
});

pageTest('keyboard only: budget 1 + Enter on Solve gives Unknown; Space on Next steps; focus is visible', async ({ page }) => {
  await tabTo(page, 'budget');
  await assertFocusVisible(page, 'budget');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('1');
  assert.equal(await page.inputValue('#budget'), '1', 'typed budget');

  await tabTo(page, 'solve');
  await assertFocusVisible(page, 'solve');
  await page.keyboard.press('Enter');
  await expectText(page, '#status', 'Unknown (BudgetExceeded)');
  await expectWitness(page, []);

  // Back to the budget, restore 100, solve with Space this time.
  await tabTo(page, 'budget', { shift: true });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('100');
  await tabTo(page, 'solve');
  await page.keyboard.press('Space');
  await expectStatusStarts(page, 'Solved');
  await expectWitness(page, ['Right', 'Right']);
  await expectReplay(page, 0, 2);

  await tabTo(page, 'next');
  await assertFocusVisible(page, 'next');
  await page.keyboard.press('Space');
  await expectReplay(page, 1, 2);
  await page.keyboard.press('Enter');
  await expectReplay(page, 2, 2);
  await expectBoard(page, GOAL_BOARD);
});
