// Boards past 25 cells at 360 px and 1280 px (issue 35): a 6×6 and an 8×8
// board solved in Fast, then each tab that shows them (Solution, Play,
// Lab, State space): no horizontal scroll, every cell's
// number (up to 63) inside its cell, cells wide enough to tap at 360 px;
// a screenshot of each tab (artifacts/large-<shape>-<tab>-<width>.png, and
// at 360 px large-<shape>-<tab>-panel-360.png).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, expectText, nearGoalRows, renderedLines } from './harness.mjs';

// The tabs this work touched (the Trace and the Race show their 3×3-only
// notes there, sentences this work did not change).
const TABS = ['solution', 'play', 'lab', 'space'];

for (const width of [360, 1280]) {
  pageTest(
    `at ${width} px a 6×6 and an 8×8 board read on the Solution, Play, Lab and State space tabs (screenshots)`,
    async ({ page }) => {
      for (const n of [6, 8]) {
        await page.click('#tab-solution');
        await page.fill('#start', nearGoalRows(n, 2));
        await page.selectOption('#mode', 'fast');
        await page.click('#solve');
        await expectText(page, '#status', 'Solved (shortest)', 30_000);
        for (const tab of TABS) {
          await page.click(`#tab-${tab}`);
          const m = await page.evaluate(() => {
            const cells = [...document.querySelectorAll('#board [role="cell"]')];
            return {
              scroll: document.documentElement.scrollWidth,
              cells: cells.length,
              narrowest: Math.min(...cells.map((c) => c.getBoundingClientRect().width)),
              // A number wider than its cell would overflow it.
              overflowing: cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
              // The Start and Goal fields wrap a long row instead of hiding it.
              fields: ['start', 'goal'].map((id) => {
                const f = document.getElementById(id);
                return f.scrollWidth - f.clientWidth;
              }),
              font: Math.min(...cells.filter((c) => c.textContent).map((c) => parseFloat(getComputedStyle(c).fontSize))),
            };
          });
          assert.ok(m.scroll <= width, `${n}×${n} ${tab}: documentElement.scrollWidth ${m.scroll} > ${width}`);
          assert.equal(m.cells, n * n, `${n}×${n} ${tab}: the board's cells`);
          assert.deepEqual(m.overflowing, [], `${n}×${n} ${tab}: numbers overflowing their cells`);
          assert.deepEqual(m.fields, [0, 0], `${n}×${n} ${tab}: Start and Goal scroll sideways`);
          assert.ok(m.font >= 16, `${n}×${n} ${tab}: numbers ${m.font} px`);
          if (tab === 'solution') {
            // The replay table's boards wrap between values too (8×8 at
            // 1280 px showed 29,1 / 9,56); their text is the board's JSON.
            const b = await page.evaluate(renderedLines, { cell: '#replay-rows tr td:nth-child(3)' });
            assert.equal(b.text, JSON.stringify(JSON.parse(nearGoalRows(n, 2)).flat()), `${n}×${n}: step 0's board`);
            assert.deepEqual(b.split, [], `${n}×${n}: a replay board breaks inside a number: ${JSON.stringify(b.lines)}`);
          }
          if (width === 360) assert.ok(m.narrowest >= 38, `${n}×${n} ${tab}: cells ${m.narrowest} px wide at 360 px`);
          // The first screen, and at 360 px (where the panel is below
          // it) the tab's panel, its top 1600 px.
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: join(ensureArtifacts(), `large-${n}x${n}-${tab}-${width}.png`) });
          if (width !== 360) continue;
          const box = await page.locator(`#${tab}-panel`).boundingBox();
          await page.screenshot({
            path: join(ensureArtifacts(), `large-${n}x${n}-${tab}-panel-${width}.png`),
            fullPage: true,
            clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 1600) },
          });
        }
      }
    },
    { viewport: { width, height: 800 } },
  );
}

// The Start and Goal fields break a line only between values, never inside
// a number (issue: at 360 px an 8×8 row such as `[...,23,24],` showed as
// `…,2` and `4],`, which reads as two values).
for (const width of [360, 1280]) {
  pageTest(
    `at ${width} px the Start and Goal fields of the samples 3×3 to 8×8 never break a line inside a number, and each row fits`,
    async ({ page }) => {
      const seen = {};
      for (const key of ['baseline', 'korf24-1', 'six-by-six', 'seven-by-seven', 'eight-by-eight']) {
        await page.selectOption('#sample', key);
        for (const id of ['start', 'goal']) {
          const m = await page.evaluate(renderedLines, { field: `#${id}` });
          assert.ok(m.same, `${key} #${id}: the copy wraps like the field`);
          assert.deepEqual(m.wrap, ['normal', 'normal'], `${key} #${id}: overflow-wrap, word-break`);
          assert.deepEqual(m.split, [], `${key} #${id} breaks inside a number: ${JSON.stringify(m.lines)}`);
          assert.equal(m.sideways, 0, `${key} #${id}: a row runs past the field: ${JSON.stringify(m.lines)}`);
          seen[`${key} ${id}`] = m.lines.length;
        }
        assert.ok(
          (await page.evaluate(() => document.documentElement.scrollWidth)) <= width,
          `${key}: the page scrolls sideways`,
        );
      }
      // One row a line from 6×6 (at 1280 px two short rows may share one).
      if (width === 360) {
        assert.deepEqual(seen, {
          'baseline start': 1, 'baseline goal': 1,
          'korf24-1 start': 5, 'korf24-1 goal': 5,
          'six-by-six start': 6, 'six-by-six goal': 6,
          'seven-by-seven start': 7, 'seven-by-seven goal': 7,
          'eight-by-eight start': 8, 'eight-by-eight goal': 8,
        });
      }
    },
    { viewport: { width, height: 800 } },
  );
}
