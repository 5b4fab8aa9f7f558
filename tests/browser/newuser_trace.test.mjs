// Issue 26 in the Trace tab, as a new user meets it: counts that agree with
// their nouns ("1 event so far"), a search tree past 40 nodes whose marks
// are still buttons (one Tab stop, arrows between nodes, Enter and a click
// show the path), and Predict's right and wrong answers told apart by word,
// icon and class, in colours of sufficient contrast.

import assert from 'node:assert/strict';
import { pageTest } from './suite.mjs';
import { eventually, expectText, expectTextMatch, runAxe } from './harness.mjs';

const focusedSeq = (page) => page.evaluate(() => document.activeElement?.getAttribute('data-seq') ?? null);
const transform = (page) => page.getAttribute('#tree g.viewport', 'transform');

pageTest('item 10: one event, then two events', async ({ page }) => {
  await page.click('#tab-trace');
  await page.click('#trace-step');
  await expectText(page, '#trace-status', 'Running: 1 event so far. Step pops the next entry; Run to end finishes the search.');
  await page.click('#trace-step');
  await expectText(page, '#trace-status', 'Running: 2 events so far. Step pops the next entry; Run to end finishes the search.');
});

pageTest('item 14: after Run to end the marks are buttons, one Tab stop, arrows move, Enter and a click show the path', async ({ page }) => {
  await page.fill('#start', '[8,6,7,2,5,4,3,0,1]');
  await page.click('#tab-trace');
  await page.click('#trace-run');
  await eventually(() => page.locator('#tree circle.node').count(), (n) => n > 40, 'marks past 40 nodes');
  assert.equal(await page.locator('#tree g.node').count(), 0);
  const marks = await page.evaluate(() =>
    [...document.querySelectorAll('#tree circle.node')].map((c) => ({
      role: c.getAttribute('role'),
      tabindex: c.getAttribute('tabindex'),
      label: c.getAttribute('aria-label'),
    })),
  );
  assert.ok(marks.every((m) => m.role === 'button'), 'every mark is a button');
  assert.ok(marks.every((m) => /^g \d+, h \d+, f \d+: board \d{9}, seq \d+, /.test(m.label)), 'every mark names its g, h, f and board');
  assert.equal(marks.filter((m) => m.tabindex === '0').length, 1, 'one Tab stop among the marks');
  assert.equal(marks.filter((m) => m.tabindex === '-1').length, marks.length - 1);
  assert.equal(
    await page.textContent('#tree-keys'),
    'While the picture has focus, + and − zoom, the arrow keys pan and 0 fits the whole tree; drag to pan, the wheel zooms. Tab moves on to the nodes (past 40 nodes, to one mark: the picked or the latest node). On a node, ↑ goes to its parent, ↓ to its first child, ← and → along its row, + − 0 still zoom, and Enter or a click shows its path from the start.',
  );
  // Tab from the picture reaches the one mark: the latest pop.
  await page.focus('#tree svg');
  await page.keyboard.press('Tab');
  const latest = await focusedSeq(page);
  assert.ok(latest !== null, 'Tab reached a mark');
  assert.match(await page.getAttribute(`#tree circle.node[data-seq="${latest}"]`, 'class'), /\blatest\b/);
  // ↑ moves to its parent without panning the picture; it becomes the Tab stop.
  const before = await transform(page);
  await page.keyboard.press('ArrowUp');
  const parent = await eventually(() => focusedSeq(page), (s) => s !== latest, '↑ moved the focus');
  assert.equal(await transform(page), before, 'the arrows on a node do not pan');
  assert.equal(await page.getAttribute(`#tree circle.node[data-seq="${parent}"]`, 'tabindex'), '0');
  assert.equal(await page.getAttribute(`#tree circle.node[data-seq="${latest}"]`, 'tabindex'), '-1');
  await expectTextMatch(page, '#tree-caption', (v) => v.includes(`seq ${parent},`), 'the caption names the focused mark');
  // Enter shows its path, and the focus stays on it across the redraw.
  await page.keyboard.press('Enter');
  await expectTextMatch(page, '#tree-path-summary', (v) => v.startsWith('Board ') && v.includes(`(seq ${parent})`), 'Enter showed the path');
  assert.ok((await page.locator('#tree-path-boards li').count()) > 1, 'the path has its boards');
  assert.equal(await focusedSeq(page), parent);
  assert.match(await page.getAttribute(`#tree circle.node[data-seq="${parent}"]`, 'class'), /\bpicked\b/);
  // ↓ goes back to a child; ← and → stay in the row.
  await page.keyboard.press('ArrowDown');
  const child = await eventually(() => focusedSeq(page), (s) => s !== parent, '↓ moved the focus');
  assert.equal(await page.getAttribute(`#tree circle.node[data-seq="${child}"]`, 'tabindex'), '0');
  // A click on the root mark shows its path too.
  await page.click('#tree circle.node[data-seq="0"]', { force: true });
  await expectText(page, '#tree-path-summary', 'Board 867254301 (seq 0) is the start: no moves.');
  const r = await runAxe(page);
  assert.equal(r.violations.length, 0, `axe violations on the tree of marks:\n${r.report}`);
}, { bypassCSP: true });

pageTest('item 15: Predict right and wrong differ by word, icon and class, in colours of sufficient contrast', async ({ page }) => {
  await page.click('#tab-trace');
  await page.check('#predict');
  await expectTextMatch(page, '#predict-question', (v) => v.startsWith('Pop 1: which entry'), 'the first question');
  const look = () =>
    page.evaluate(() => {
      const el = document.querySelector('#predict-said');
      const before = getComputedStyle(el, '::before');
      const s = getComputedStyle(el);
      return {
        text: el.textContent,
        cls: el.className,
        mark: el.getAttribute('data-mark'),
        icon: before.content,
        iconColor: before.color,
        color: s.color,
        background: s.backgroundColor,
        border: s.borderLeftColor,
      };
    });
  await page.click('#predict-choices button[data-answer="123456078"]');
  await expectTextMatch(page, '#predict-said', (v) => v.startsWith('Right: '), 'a right answer');
  const right = await look();
  await page.fill('#predict-answer', '123056478');
  await page.click('#predict-go');
  await expectTextMatch(page, '#predict-said', (v) => v.startsWith('Not this one: '), 'a wrong answer');
  const wrong = await look();
  assert.equal(right.cls, 'check predict-said said-right');
  assert.equal(wrong.cls, 'check predict-said said-wrong');
  assert.equal(right.mark, '✓');
  assert.equal(wrong.mark, '✗');
  assert.equal(right.icon, '"✓ "');
  assert.equal(wrong.icon, '"✗ "');
  assert.notEqual(right.background, wrong.background);
  assert.notEqual(right.border, wrong.border);
  const rgb = (c) => c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  for (const [name, v] of [['right', right], ['wrong', wrong]]) {
    assert.ok(contrast(v.color, v.background) >= 4.5, `${name}: text ${v.color} on ${v.background}`);
    assert.ok(contrast(v.iconColor, v.background) >= 4.5, `${name}: icon ${v.iconColor} on ${v.background}`);
  }
  // A sentence that judges nothing carries neither mark nor colour.
  await page.click('#trace-step');
  await page.click('#trace-step');
  await expectTextMatch(page, '#predict-said', (v) => v.startsWith('Predict is on: '), 'a note');
  const note = await look();
  assert.equal(note.cls, 'check predict-said');
  assert.equal(note.mark, null);
});
