// The sliding-puzzle family in the page: boards of other shapes drawn W×H
// with sliding tiles, solved in the session's Web Worker through the one
// envelope protocol (2×3, 3×4 and Korf's 4×4 #55 optimally, Korf's 5×5 #1
// in Fast mode, verified and labelled not proved shortest), the 5×5 warning that
// offers Fast, links with mode=, a refused worker shown on the page,
// Cancel, Play with worker hints, the engine's parity text, accessibility
// and the narrow layout.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageTest } from './suite.mjs';
import {
  boardCells,
  ensureArtifacts,
  holdWorkerReplies,
  eventually,
  expectBoard,
  expectText,
  expectTextMatch,
  pagePath,
  runAxe,
  text,
  texts,
  waitReady,
} from './harness.mjs';

const KORF_GOAL16 = '[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]';
// Korf #55 solved in 43 moves: a shortest path (41) with a detour, Down Up,
// after its move 12. Its distances after each move are pinned from the
// command line (`eight-puzzle analyse --start '[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]'
// --goal KORF_GOAL16 --moves KORF55_DETOUR --heuristic pdb-78 --json`), not
// from the page.
const KORF55_DETOUR =
  'D L D R U L L U U R R D D U L U R D D D L U U L U R R D D D L U U R D R D L L U L U U';
const KORF55_DETOUR_DISTANCES = [
  40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19,
  18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
];
const KORF24_1 = '[14,5,9,2,18,8,23,19,12,17,15,0,10,20,4,6,11,21,1,7,24,3,16,22,13]';
const START_3X4 = '[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]';
const GOAL_3X4 = '[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]';
const WARNING =
  "A random 24-puzzle can take hours to solve optimally (Korf and Felner's solver took about two days per instance); Solve may run until the node budget. Fast gives a verified path in about a second, with its gap to the proved lower bound.";

async function visible(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return !!el && !el.hidden && el.getClientRects().length > 0;
  }, selector);
}

/** The board's rows as the page draws them: cell texts per row. */
async function boardRows(page) {
  return page.$$eval('#board [role="row"]', (rows) =>
    rows.map((r) => [...r.querySelectorAll('[role="cell"]')].map((c) => c.textContent)),
  );
}

async function solved(page, timeout = 60_000) {
  await expectTextMatch(page, '#status', (v) => v.startsWith('Solved'), 'a solved status', timeout);
}

pageTest('the samples: 3×3 first, then 2×3, 3×4, Korf #55, Korf 24 #1 in Fast, and 6×6, 7×7, 8×8 in Fast', async ({ page }) => {
  assert.deepEqual(await texts(page, '#sample option'), [
    'Choose a sample…',
    '3×3 baseline (2 moves)',
    '2×3, two wide and three tall (21 moves, the farthest)',
    '3×4, three wide and four tall (30 moves)',
    '4×4 Korf #55 (41 moves, goal blank top-left)',
    '5×5 Korf #1, Fast (optimal 95, goal blank top-left)',
    '6×6 random (seed 35), Fast: the 35-puzzle',
    '7×7 random (seed 48), Fast: the 48-puzzle',
    '8×8 random (seed 63), Fast: the 63-puzzle',
  ]);
  assert.equal(await page.inputValue('#mode'), 'optimal');
});

pageTest('a 2×3 board is drawn 2 wide and 3 tall, solved optimally in the worker, and its tiles slide', async ({ page }) => {
  await page.selectOption('#sample', 'two-by-three');
  assert.deepEqual(await boardRows(page), [['2', '1'], ['4', '3'], ['', '5']]);
  assert.equal(await text(page, '#board-caption'), 'Start (2×3; not solved yet)');
  await page.click('#solve');
  await solved(page);
  assert.equal(await text(page, '#status'), 'Solved');
  assert.equal(await text(page, '#cost'), '21');
  assert.equal(await page.locator('#witness li').count(), 21);
  assert.match(await text(page, '#check'), /^Independent replay \(verify, on the page\): all 21 moves checked .* on the 2×3 board/);
  await page.click('#next');
  const slides = await eventually(
    () => page.$$eval('#board .slide', (c) => c.map((x) => x.textContent)),
    (v) => v.length === 1,
    'one sliding tile',
  );
  assert.equal(slides.length, 1);
  assert.equal(await text(page, '#replay-status'), 'Step 1 of 21');
  assert.match(await page.evaluate(() => location.hash), /&mode=optimal&/);
});

pageTest('a 3×4 board is solved optimally (30 moves) and a link with mode= reopens it', async ({ page, context }) => {
  await page.selectOption('#sample', 'three-by-four');
  assert.equal(await page.inputValue('#start'), START_3X4);
  assert.equal(await page.inputValue('#goal'), GOAL_3X4);
  await page.click('#solve');
  await solved(page);
  assert.equal(await text(page, '#cost'), '30');
  assert.equal((await boardRows(page)).map((r) => r.length).join(','), '3,3,3,3');
  assert.match(await text(page, '#summary'), /^Shortest: IDA\* with the pdb-65 database found cost 30/);
  // The link names the mode; opened in a new page it validates and solves
  // exactly as typing does.
  const url = `${pathToFileURL(pagePath()).href}#start=${encodeURIComponent(START_3X4)}&goal=${encodeURIComponent(GOAL_3X4)}&mode=fast&tab=solution`;
  const linked = await context.newPage();
  await linked.goto(url);
  await waitReady(linked, 60_000);
  assert.equal(await linked.inputValue('#mode'), 'fast');
  assert.equal(await linked.inputValue('#start'), START_3X4);
  await solved(linked);
  assert.equal(await text(linked, '#status'), 'Solved (not proved shortest)');
  assert.equal((await boardCells(linked)).length, 12);
  assert.match(await linked.evaluate(() => location.hash), /&mode=fast&tab=solution&step=0$/);
});

pageTest('Korf #55: database build with progress, Cancel, then 41 checked moves; the 3×3 baseline after', async ({ page }, t) => {
  await page.selectOption('#sample', 'korf55');
  // The sample's text reads as rows; the boards are Korf's.
  assert.equal(await page.inputValue('#start'), '[[13,8,14,3],[9,1,0,7],[15,5,4,10],[12,2,6,11]]');
  assert.equal(await page.inputValue('#goal'), '[[0,1,2,3],[4,5,6,7],[8,9,10,11],[12,13,14,15]]');
  await page.click('#solve');
  await expectTextMatch(
    page,
    '#solve-progress',
    (v) => /^Building the pdb-663 pattern database for this 4×4 goal \(once per page session\): table \d of 3, [\d,]+ of 11,534,880 entries\.$/.test(v),
    'build progress',
    15_000,
  );
  assert.equal(await text(page, '#status'), 'Working…');
  await page.click('#cancel-solve');
  await expectText(page, '#status', 'Cancelled');
  assert.equal(await visible(page, '#solve-run'), false);
  await page.click('#solve');
  await solved(page, 120_000);
  assert.equal(await text(page, '#cost'), '41');
  assert.equal(await page.locator('#witness li').count(), 41);
  await page.click('#last');
  await expectBoard(page, KORF_GOAL16.slice(1, -1).split(',').map((v) => (v === '0' ? '' : v)));
  const figures = await page.evaluate(() => ({ ...document.documentElement.dataset }));
  t.diagnostic(`build16Ms=${figures.build16Ms} solve16Ms=${figures.solve16Ms} worker16Bytes=${figures.worker16Bytes}`);
  // Play reads a pasted solve of this board back, every distance exact, on
  // the database the solve built (kept: no build is said again).
  await page.click('#tab-play');
  await page.evaluate(() => {
    window.__analysisTexts = [];
    const el = document.getElementById('play-analysis');
    new MutationObserver(() => window.__analysisTexts.push(el.textContent.trim())).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.fill('#play-paste', KORF55_DETOUR);
  await page.selectOption('#play-notation', 'blank');
  await page.click('#play-paste-go');
  await expectText(
    page,
    '#play-analysis',
    `Your solve: 43 moves; the optimum is 41, so the excess is 2. Distance to the goal after each move, from 41: ${KORF55_DETOUR_DISTANCES.join(' ')}. One move did not bring the board one move closer: 13 (Down).`,
    30_000,
  );
  const said = await page.evaluate(() => window.__analysisTexts);
  assert.ok(said.length > 0, 'the analysis was shown');
  assert.ok(!said.some((v) => v.startsWith('Building')), `no second build: ${said.join(' | ')}`);
  await page.click('#tab-solution');
  await page.selectOption('#sample', 'baseline');
  await expectText(page, '#status', 'Solved');
  assert.equal(await text(page, '#cost'), '2');
  assert.deepEqual(await texts(page, '#witness li'), ['Right', 'Right']);
  assert.equal(await visible(page, '#solve-run'), false);
  assert.equal(await visible(page, '#nodes-field'), false);
});

pageTest('Korf 24 #1 in Fast mode: verified, labelled not proved shortest with its lower bound and gap', async ({ page }) => {
  await page.selectOption('#sample', 'korf24-1');
  assert.equal(await page.inputValue('#mode'), 'fast');
  assert.equal(await visible(page, '#warning-box'), false);
  assert.equal(await visible(page, '#nodes-field'), false);
  await page.click('#solve');
  await solved(page, 30_000);
  assert.equal(await text(page, '#status'), 'Solved (not proved shortest)');
  const cost = Number(await text(page, '#cost'));
  assert.ok(cost >= 95, `Korf's #1 needs at least 95 moves; got ${cost}`);
  const m = /^Not proved shortest: a fast path of (\d+) moves; proved lower bound (\d+), gap (\d+)\./.exec(await text(page, '#summary'));
  assert.ok(m, await text(page, '#summary'));
  assert.equal(Number(m[1]), cost);
  assert.equal(Number(m[3]), cost - Number(m[2]));
  assert.equal(await page.locator('#witness li').count(), cost);
  assert.match(await text(page, '#check'), new RegExp(`^Independent replay \\(verify, on the page\\): all ${cost} moves checked`));
  assert.equal((await boardCells(page)).length, 25);
});

pageTest('Optimal on a 5×5 board warns that it can take hours and offers Fast', async ({ page }) => {
  await page.fill('#start', KORF24_1);
  await expectText(page, '#warning', WARNING);
  assert.equal(await visible(page, '#warning-box'), true);
  await page.click('#use-fast');
  assert.equal(await page.inputValue('#mode'), 'fast');
  assert.equal(await visible(page, '#warning-box'), false);
  // Back to Optimal: the warning returns.
  await page.selectOption('#mode', 'optimal');
  await expectText(page, '#warning', WARNING);
});

pageTest(
  'a Worker the browser refuses (its error event) ends the solve with the error on the page',
  async ({ page }) => {
    await page.selectOption('#sample', 'three-by-four');
    await page.click('#solve');
    await expectText(page, '#status', 'Error — the Web Worker failed');
    assert.match(await text(page, '#summary'), /^The solve did not finish: the Web Worker stopped: refused by the test\./);
    assert.equal(await visible(page, '#solve-run'), false);
  },
  {
    initScript: () => {
      window.Worker = class extends EventTarget {
        constructor() {
          super();
          setTimeout(() => this.onerror?.(new ErrorEvent('error', { message: 'refused by the test' })), 20);
        }
        postMessage() {}
        terminate() {}
      };
    },
  },
);

pageTest(
  'a Worker constructor that throws ends the solve with its error, and a 3×3 board still works',
  async ({ page }) => {
    await page.selectOption('#sample', 'two-by-three');
    await page.click('#solve');
    await expectText(page, '#status', 'Error — the Web Worker failed');
    assert.match(await text(page, '#summary'), /no workers in this test/);
    await page.selectOption('#sample', 'baseline');
    await expectText(page, '#status', 'Solved');
  },
  {
    initScript: () => {
      window.Worker = class {
        constructor() {
          throw new Error('no workers in this test');
        }
      };
    },
  },
);

pageTest('Play on 2×3: taps move tiles and the hint comes from the worker', async ({ page }) => {
  await page.selectOption('#sample', 'two-by-three');
  await page.click('#tab-play');
  await expectText(page, '#board-caption', 'Play: your board after 0 moves');
  await page.click('#hint');
  await expectText(page, '#hint-text', 'Hint: Up or Right (the blank moves that way); the exact distance drops from 21 to 20.', 20_000);
  await page.click('#board [data-cell="2"]');
  await expectText(page, '#board-caption', 'Play: your board after 1 move');
  assert.equal(await visible(page, '#hint-text'), false);
  assert.deepEqual(await boardRows(page), [['2', '1'], ['', '3'], ['4', '5']]);
  // The 3×3 tools say plainly that they do not apply to this shape.
  await page.click('#tab-trace');
  await expectText(
    page,
    '#trace-size-note',
    'The Trace tab steps the 3×3 contract A*, which exists on a 3×3 board only: the start is a 2×3 board. Type or choose a 3×3 board to use this tab.',
  );
});

pageTest('Play on 5×5: the hint answers with a fast move not proved optimal, and the page stays responsive', async ({ page }) => {
  await page.fill('#start', KORF24_1);
  await page.click('#tab-play');
  await expectText(page, '#board-caption', 'Play: your board after 0 moves');
  await page.click('#hint');
  // While the worker searches, the page answers at once and shows progress.
  const progress = await expectTextMatch(page, '#hint-text', (v) => v.startsWith('Working out the hint'), 'the hint in progress');
  assert.ok(progress.startsWith('Working out the hint'), progress);
  assert.equal(await page.evaluate(() => 6 * 7), 42, 'the page answers while the hint is worked out');
  const hint = await expectTextMatch(page, '#hint-text', (v) => v.startsWith('Hint (not proved optimal): '), 'the fast-mode hint', 60_000);
  assert.equal(
    hint,
    "Hint (not proved optimal): Left (the blank moves that way), the first move of a fast-mode path of 107 moves. IDA* did not finish within the hint's budget of 2,000,000 nodes; no path is shorter than 89 moves.",
  );
  assert.equal(await visible(page, '#hint-cancel'), false, 'Cancel hidden once the hint is in');
  // The named move is a move of the board: the game goes on from it.
  await page.click('#move-left');
  await expectText(page, '#board-caption', 'Play: your board after 1 move');
  assert.equal(await visible(page, '#hint-text'), false);
});

pageTest('Play on 5×5: Cancel stops a hint being worked out, and its late replies are ignored', async ({ page }) => {
  await page.fill('#start', KORF24_1);
  await page.click('#tab-play');
  await expectText(page, '#board-caption', 'Play: your board after 0 moves');
  await page.evaluate(() => {
    window.__hold = [];
  });
  await page.click('#hint');
  await expectText(page, '#hint-text', 'Working out the hint in the Web Worker…');
  await eventually(() => page.evaluate(() => window.__hold.length), (n) => n > 0, 'a reply from the worker held', 30_000);
  await page.click('#hint-cancel');
  await expectText(page, '#hint-text', 'Hint cancelled.');
  assert.equal(await visible(page, '#hint-cancel'), false, 'Cancel hidden again');
  const late = await page.evaluate(() => window.__release());
  assert.ok(late > 0, `held replies delivered: ${late}`);
  await page.waitForTimeout(300);
  assert.equal(await text(page, '#hint-text'), 'Hint cancelled.', 'a late reply changes nothing');
}, { initScript: holdWorkerReplies });

pageTest('an unsolvable 4×4 pair shows the engine\'s parity text with both parts', async ({ page }) => {
  await page.fill('#start', '[2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0]');
  await page.click('#solve');
  await expectText(page, '#status', 'Unsolvable');
  assert.equal(
    await text(page, '#parity'),
    'On a board of even width the parity of inversions (blank excluded) + the blank\'s row counted from the bottom never changes: a sideways move keeps both, an up or down move changes the inversions by an odd amount and the row by one. Here: inversions 1 + blank row 1 = 2 (even) for the start, inversions 0 + blank row 1 = 1 (odd) for the goal. The parities differ, so no sequence of moves joins start and goal. The proof is the same in both metrics: a multi-tile move is a run of single-tile moves, so it keeps the invariant too.',
  );
});

pageTest(
  'axe finds nothing on a 3×4 page (solved, with the mode control) and on the 5×5 warning',
  async ({ page }) => {
    await page.selectOption('#sample', 'three-by-four');
    await page.click('#solve');
    await solved(page);
    let { violations, report } = await runAxe(page);
    assert.equal(violations.length, 0, report);
    await page.fill('#start', KORF24_1);
    await expectText(page, '#warning', WARNING);
    ({ violations, report } = await runAxe(page));
    assert.equal(violations.length, 0, report);
  },
  { bypassCSP: true },
);

for (const width of [360, 1280]) {
  pageTest(
    `at ${width} px a 5×5 and a 3×4 board fit with tap targets of at least 40 px (screenshots of Solution and Play)`,
    async ({ page }) => {
      for (const [sample, name, cells] of [
        ['korf24-1', '5x5', 25],
        ['three-by-four', '3x4', 12],
      ]) {
        await page.click('#tab-solution');
        await page.selectOption('#sample', sample);
        await page.click('#solve');
        await solved(page);
        const boxes = await page.$$eval('#board [role="cell"]', (c) => c.map((x) => x.getBoundingClientRect().width));
        assert.equal(boxes.length, cells);
        if (width === 360) assert.ok(Math.min(...boxes) >= 40, `${name} cells ${Math.min(...boxes)} px wide`);
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(w <= width, `${name}: documentElement.scrollWidth ${w} > ${width}`);
        // What a person sees first. A full-page picture of a solved 5×5 (a
        // replay table tens of thousands of pixels tall at 360 px) took
        // longer than the 10 s default on a loaded machine.
        await page.screenshot({ path: join(ensureArtifacts(), `family-${name}-solution-${width}.png`) });
        await page.click('#tab-play');
        await expectText(page, '#board-caption', 'Play: your board after 0 moves');
        await page.screenshot({ path: join(ensureArtifacts(), `family-${name}-play-${width}.png`) });
      }
    },
    { viewport: { width, height: 800 } },
  );
}
