// The first screen (issue 33): at 1280×800 the board, the inputs and the
// verdict are on screen without scrolling, on every shape up to 5×5 (and
// the long shapes up to seven rows), in both metrics and both modes, on
// every tab, before and after a solve; the notes on the inputs sit under
// the board. At 360×740 the Mode and Metric menus show their options
// whole. One page open per size: the shapes are typed into Start, which is
// what changes the left column, so no solve runs but the few named.
//
//   cd tests/browser && node --test --test-concurrency=1 first_screen.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ensureArtifacts, expectTextMatch, STATUS_PREFIX } from './harness.mjs';
import { pageTest } from './suite.mjs';

const [WIDTH, HEIGHT] = [1280, 800];

/** Every shape of the family (2 ≤ W, H; W·H ≤ 25), width first. */
function shapes() {
  const out = [];
  for (let w = 2; w <= 12; w++) for (let h = 2; h <= 12; h++) if (w * h <= 25) out.push([w, h]);
  return out;
}

/** A start of shape w×h, as rows: the default goal with the blank moved one cell left. */
function startOf(w, h) {
  const cells = [...Array(w * h).keys()].map((i) => (i + 1) % (w * h));
  [cells[w * h - 2], cells[w * h - 1]] = [cells[w * h - 1], cells[w * h - 2]];
  const rows = [];
  for (let r = 0; r < h; r++) rows.push(cells.slice(r * w, r * w + w));
  return JSON.stringify(rows);
}

// Runs in the page: the boxes of the parts that must be on the first
// screen, whether anything is scrolled, and where the notes are.
function firstScreen() {
  const box = (sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return { sel, top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
  };
  const board = document.querySelector('#board');
  return {
    board: `${getComputedStyle(board).getPropertyValue('--cols').trim()}x${getComputedStyle(board).getPropertyValue('--rows').trim()}`,
    boxes: ['#board', '#sample', '.inputs', '#start', '#goal', '#budget', '#mode', '#metric', '#solve', '.verdict', '#status', '#summary'].map(box),
    scrolled: [window.scrollY, document.querySelector('.side').scrollTop],
    notesUnderBoard: document.querySelector('.solve-notes').getBoundingClientRect().top >= document.querySelector('#board').getBoundingClientRect().bottom,
  };
}

function assertOnScreen(m, where) {
  assert.deepEqual(m.scrolled, [0, 0], `${where}: nothing scrolled`);
  assert.ok(m.notesUnderBoard, `${where}: the notes sit under the board`);
  const out = m.boxes.filter((b) => !(b.top >= 0 && b.bottom <= HEIGHT && b.left >= 0 && b.right <= WIDTH && b.bottom > b.top));
  assert.deepEqual(out, [], `${where}: parts off the ${WIDTH}×${HEIGHT} first screen`);
}

pageTest(`at ${WIDTH}×${HEIGHT}: the board, the inputs and the verdict are on the first screen on every shape, metric, mode and tab`, async ({ page }) => {
  // Taller than seven rows, a board's cells (text of at least 16 px) do not
  // fit under the inputs and the verdict: those six shapes (2×8 … 2×12,
  // 3×8) are left out.
  const all = shapes().filter(([, h]) => h <= 7);
  assert.equal(all.length, 32);
  let worst = { bottom: 0 };
  for (const metric of ['single', 'multi']) {
    for (const mode of ['optimal', 'fast']) {
      await page.selectOption('#metric', metric);
      await page.selectOption('#mode', mode);
      // Typed in the page, as an input event per board (the page draws
      // on each), and measured at once: one round trip per metric and mode.
      const seen = await page.evaluate(
        ({ starts, measure }) => {
          const firstScreen = new Function(`return (${measure})()`);
          const field = document.querySelector('#start');
          return starts.map((text) => {
            field.value = text;
            field.dispatchEvent(new Event('input', { bubbles: true }));
            return firstScreen();
          });
        },
        { starts: all.map(([w, h]) => startOf(w, h)), measure: firstScreen.toString() },
      );
      seen.forEach((m, i) => {
        const [w, h] = all[i];
        assertOnScreen(m, `${w}×${h}, ${metric}, ${mode}`);
        const board = m.boxes[0];
        if (board.bottom > worst.bottom) worst = { bottom: board.bottom, at: `${w}×${h} ${metric} ${mode}` };
        assert.equal(m.board, `${w}x${h}`, 'the board drawn is the one typed');
      });
    }
  }
  // Every tab, on the largest square board and on 3×3 (the Play tab puts
  // the move keys and Hint beside the board; the Trace its popped board).
  for (const [w, h] of [[5, 5], [3, 3]]) {
    await page.fill('#start', startOf(w, h));
    for (const tab of ['solution', 'trace', 'play', 'lab', 'race', 'space']) {
      await page.click(`#tab-${tab}`);
      // As a person sees the tab: the page at its top.
      await page.evaluate(() => window.scrollTo(0, 0));
      const m = await page.evaluate(firstScreen);
      assertOnScreen(m, `${w}×${h} on the ${tab} tab`);
      if (w === 5) await page.screenshot({ path: join(ensureArtifacts(), `first-screen-5x5-${tab}-${WIDTH}.png`) });
    }
    await page.click('#tab-solution');
  }
  // After a solve: the 5×5 sample in Fast mode (its longest verdict), then
  // Korf's 4×4 sample in the multi-tile metric before its Solve.
  await page.selectOption('#sample', 'korf24-1');
  await page.click('#solve');
  await expectTextMatch(page, '#status', (v) => STATUS_PREFIX.test(v), 'a verdict', 20_000);
  assertOnScreen(await page.evaluate(firstScreen), 'the 5×5 sample solved in Fast mode');
  await page.screenshot({ path: join(ensureArtifacts(), `first-screen-5x5-solved-${WIDTH}.png`) });
  await page.selectOption('#sample', 'korf55');
  await page.selectOption('#metric', 'multi');
  assertOnScreen(await page.evaluate(firstScreen), 'Korf #55, multi-tile');
  await page.screenshot({ path: join(ensureArtifacts(), `first-screen-4x4-multi-${WIDTH}.png`) });
  // The lowest board bottom seen, for the record when this fails.
  assert.ok(worst.bottom <= HEIGHT, JSON.stringify(worst));
}, { viewport: { width: WIDTH, height: HEIGHT }, timeout: 120_000 });

pageTest('at 360×740: the Mode and Metric menus show their options whole, on 3×3 and 4×4', async ({ page }) => {
  // Runs in the page: options whose text is wider than their menu's room
  // (the inner width less padding and the drop-down arrow, about 20 px).
  const clipped = () =>
    ['#mode', '#metric'].flatMap((id) => {
      const sel = document.querySelector(id);
      const cs = getComputedStyle(sel);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
      return [...sel.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => `${id} ${o.text} (${ctx.measureText(o.text).width} > ${room})`);
    });
  assert.deepEqual(await page.evaluate(clipped), [], 'options wider than their menu on 3×3');
  await page.fill('#start', startOf(4, 4));
  await page.selectOption('#metric', 'multi');
  assert.deepEqual(await page.evaluate(clipped), [], 'options wider than their menu on 4×4, multi');
  const fonts = await page.evaluate(() => ['#mode', '#metric'].map((id) => parseFloat(getComputedStyle(document.querySelector(id)).fontSize)));
  assert.ok(fonts.every((f) => f >= 16), `menu text at least 16 px: ${fonts}`);
  await page.screenshot({ path: join(ensureArtifacts(), 'first-screen-4x4-multi-360.png') });
}, { viewport: { width: 360, height: 740 } });
