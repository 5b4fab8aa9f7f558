// Layout and reading as a new user meets them (issue 26, items 4-9 and 11),
// at 1280×800 and 360×740: nothing wider than its container, readable text
// of at least 16 px, a 5×5 board's text in rows, the Play board with its
// keys, Hint and Cancel on one screen, and the title (the menus' words whole
// and the first desktop screen: first_screen.test.mjs). Screenshots of every tab
// at both sizes go to artifacts/ (layout-<tab>-<width>.png).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { count, ensureArtifacts, eventually, expectText, expectTextMatch, holdWorkerReplies, renderedLines, text } from './harness.mjs';
import { pageTest } from './suite.mjs';

const TITLE = '8-puzzle and the sliding-puzzle family: solve and replay a witness';
const TABS = ['solution', 'trace', 'play', 'lab', 'race', 'space'];
const SIZES = [
  [1280, 800],
  [360, 740],
];
const KORF24_1_ROWS = ['[[14,5,9,2,18],', '[8,23,19,12,17],', '[15,0,10,20,4],', '[6,11,21,1,7],', '[24,3,16,22,13]]'];

// Runs in the page: every rendered panel, the verdict and its cards, every
// table and every scrolling wrapper whose content is wider than its box, or
// which sticks out of its parent. Visually hidden parts (clipped to 1 px)
// are not drawn and are left out.
function overflows() {
  const hidden = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.clip === 'rect(0px, 0px, 0px, 0px)' || cs.display === 'none') return true;
    }
    return false;
  };
  const name = (el) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + (el.className && typeof el.className === 'string' ? `.${el.className.trim().replace(/\s+/g, '.')}` : '');
  const out = [];
  const selector = '.panel, .result, .result > div, .result dt, .result dd, table, .table-scroll, .space-table-scroll, .play-controls';
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length || hidden(el)) continue;
    if (el.scrollWidth > el.clientWidth) out.push(`${name(el)}: scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
    const r = el.getBoundingClientRect();
    const p = el.parentElement.getBoundingClientRect();
    if (r.right > p.right + 0.5 || r.left < p.left - 0.5) out.push(`${name(el)}: [${r.left}, ${r.right}] outside its parent [${p.left}, ${p.right}]`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page: scrollWidth ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  return out;
}

// Runs in the page: the computed font size of every rendered element with
// text of its own (outside the SVG charts and tree, which scale), below 16 px;
// and the named parts the issue measured, each present and at least 16 px.
function smallText() {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    if (!el.getClientRects().length || el.closest('svg, script, style')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '');
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (own && size < 16) out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${el.textContent.trim().slice(0, 30)}": ${size}px`);
  }
  return out;
}

function namedSizes(parts) {
  return Object.fromEntries(
    Object.entries(parts).map(([what, sel]) => {
      const els = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
      return [what, els.length ? Math.min(...els.map((e) => parseFloat(getComputedStyle(e).fontSize))) : null];
    }),
  );
}

async function assertFits(page, where) {
  const bad = await page.evaluate(overflows);
  assert.deepEqual(bad, [], `${where}: elements wider than their container`);
  const small = await page.evaluate(smallText);
  assert.deepEqual(small, [], `${where}: text under 16 px`);
}

// The visual lines of a text field (harness.mjs's renderedLines).
async function visualLines(page, sel) {
  const m = await page.evaluate(renderedLines, { field: sel });
  assert.ok(m.same, `${sel}: the copy wraps like the field`);
  return m.lines;
}

for (const [width, height] of SIZES) {
  const viewport = { width, height };

  pageTest(`at ${width}×${height}: every tab fits its container, text is at least 16 px (screenshots)`, async ({ page }) => {
    assert.equal(await page.title(), TITLE, '<title>');
    assert.equal(await text(page, 'h1'), TITLE, 'the heading');
    for (const tab of TABS) {
      await page.click(`#tab-${tab}`);
      if (tab === 'lab') {
        // The Compare table with its rows, as a user sees it after Compare all.
        await page.click('#compare');
        await eventually(() => count(page, '#compare-rows tr'), (n) => n === 7, 'seven compare rows', 20_000);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(ensureArtifacts(), `layout-${tab}-${width}.png`), fullPage: true });
      await assertFits(page, `the ${tab} tab`);
    }
    await page.click('#tab-trace');
    const sizes = await page.evaluate(namedSizes, {
      body: 'body',
      labels: 'label',
      'verdict labels': '.result dt',
      'the budget hint': '#budget-help',
      'the pseudocode': '#trace-code li',
      'the subtitle': '.subtitle',
      'table cells': 'td',
    });
    for (const [what, size] of Object.entries(sizes)) {
      assert.ok(size !== null && size >= 16, `${what}: ${size} px`);
    }
  }, { viewport, timeout: 180_000 });

  pageTest(`at ${width}×${height}: the Lab's Compare table fits with its longest verdicts`, async ({ page }) => {
    // The farthest 3×3 start under a small lab budget: every column's
    // widest content (Unknown verdicts, long names, large counts).
    await page.fill('#start', '[8,6,7,2,5,4,3,0,1]');
    await page.click('#tab-lab');
    await page.fill('#lab-budget', '1000');
    await page.click('#compare');
    await eventually(() => count(page, '#compare-rows tr'), (n) => n === 7, 'seven compare rows', 20_000);
    await expectTextMatch(page, '#compare-rows', (v) => v.includes('Unknown'), 'an Unknown row');
    await page.screenshot({ path: join(ensureArtifacts(), `layout-compare-${width}.png`), fullPage: true });
    await assertFits(page, 'the Compare table');
  }, { viewport });

  pageTest(`at ${width}×${height}: the budget-exceeded verdict fits its panel`, async ({ page }) => {
    await page.fill('#start', '[1,2,3,4,5,6,0,7,8]');
    await page.fill('#budget', '1');
    await page.click('#solve');
    await expectText(page, '#status', 'Unknown (BudgetExceeded)');
    await expectText(page, '#expansions', '1');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ensureArtifacts(), `layout-unknown-${width}.png`) });
    await assertFits(page, 'the budget-exceeded state');
    const card = await page.evaluate(() => {
      const c = document.querySelector('#expansions').parentElement.getBoundingClientRect();
      const p = document.querySelector('.verdict').getBoundingClientRect();
      return { card: [c.left, c.right], panel: [p.left, p.right] };
    });
    assert.ok(card.card[1] <= card.panel[1] && card.card[0] >= card.panel[0], `the Expansions card inside the verdict panel: ${JSON.stringify(card)}`);
  }, { viewport });

  pageTest(`at ${width}×${height}: the 5×5 sample's start text breaks only between rows`, async ({ page }) => {
    await page.selectOption('#sample', 'korf24-1');
    assert.equal(await page.inputValue('#start'), KORF24_1_ROWS.join(''));
    const style = await page.evaluate(() => {
      const cs = getComputedStyle(document.querySelector('#start'));
      const ta = document.querySelector('#start');
      return { overflowWrap: cs.overflowWrap, wordBreak: cs.wordBreak, fits: ta.scrollWidth <= ta.clientWidth, whole: ta.scrollHeight <= ta.clientHeight };
    });
    // normal: a line breaks only between rows, never inside a number (a
    // longer row scrolls inside the field: large_layout.test.mjs).
    assert.deepEqual(style, { overflowWrap: 'normal', wordBreak: 'normal', fits: true, whole: true }, '#start wraps only between values, no sideways scroll, every line shown');
    const lines = await visualLines(page, '#start');
    if (width === 360) {
      assert.deepEqual(lines, KORF24_1_ROWS, 'each row on its own line at 360 px');
    } else {
      // Wider: whole rows per line, never a number split.
      assert.ok(lines.every((l) => /^\[?(\[\d+(,\d+){4}\],?)+\]?$/.test(l)), `whole rows per line: ${JSON.stringify(lines)}`);
    }
  }, { viewport });

  pageTest(`at ${width}×${height}: Play keeps the board, the move keys, Hint and its Cancel on one screen`, async ({ page }) => {
    await page.selectOption('#sample', 'korf24-1');
    await page.click('#tab-play');
    await expectTextMatch(page, '#play-status', (v) => v.startsWith('g = 0 moves so far'), 'a new game');
    // The Cancel beside Hint shows only while a hint is being worked out.
    assert.equal(await page.isVisible('#hint-cancel'), false, 'no Cancel before Hint');
    // The worker's replies are held: the hint (an answer within about two
    // seconds) stays in progress while the layout is measured.
    await page.evaluate(() => {
      window.__hold = [];
    });
    await page.click('#hint');
    await expectTextMatch(page, '#hint-text', (v) => v.startsWith('Working out the hint'), 'a hint being worked out', 20_000);
    // Scrolled to the board, in one frame (the hint's progress above may
    // change the page's height between two separate measurements).
    const boxes = await page.evaluate((sels) => {
      document.querySelector('.board-panel').scrollIntoView({ block: 'start' });
      return sels.map((sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return { sel, top: r.top, bottom: r.bottom, left: r.left, right: r.right, shown: r.width > 0 && r.height > 0 };
      });
    }, ['#board', '#move-up', '#move-left', '#move-down', '#move-right', '#hint', '#hint-cancel']);
    await page.screenshot({ path: join(ensureArtifacts(), `layout-play-hint-${width}.png`) });
    for (const b of boxes) {
      assert.ok(b.shown && b.top >= 0 && b.bottom <= height && b.left >= 0 && b.right <= width, `${b.sel} inside the ${width}×${height} viewport: ${JSON.stringify(b)}`);
    }
    await page.click('#hint-cancel');
    await expectText(page, '#hint-text', 'Hint cancelled.');
    assert.equal(await page.isVisible('#hint-cancel'), false, 'Cancel hidden again');
    // The move keys move the blank (15 cells: the blank at row 3, column 2).
    await page.click('#move-up');
    await expectTextMatch(page, '#play-status', (v) => v.startsWith('g = 1 move so far') || v.startsWith('g = 1 moves so far'), 'one move made');
    assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('#play-moves li')].map((li) => li.textContent)), ['Up']);
  }, { viewport, timeout: 60_000, initScript: holdWorkerReplies });
}

// The Mode and Metric menus whole at 360 px, and the Sample menu, Solve and
// the board on the first desktop screen: first_screen.test.mjs.
