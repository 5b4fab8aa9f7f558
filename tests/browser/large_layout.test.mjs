// Boards past 25 cells at 360 px and 1280 px (issue 35): a 6×6 and an 8×8
// board solved in Fast, then each tab that shows them (Solution, Play,
// Lab, State space): no horizontal scroll, every cell's
// number (up to 63) inside its cell, cells wide enough to tap at 360 px;
// a screenshot of each tab (artifacts/large-<shape>-<tab>-<width>.png, and
// at 360 px large-<shape>-<tab>-panel-360.png).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageTest } from './suite.mjs';
import { ensureArtifacts, expectText, nearGoalRows } from './harness.mjs';

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
