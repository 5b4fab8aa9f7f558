// The smaller things of issue 33, as a person meets them, in one page: the
// Trace tree's small boards (the spoken name starts with the g, h, f they
// show, and those figures stay inside the board's outline, also when long)
// and the workshop's caret line on a 2,000-character expression (scrolled
// to the error). The Race's end (race.test.mjs), the space summary's
// separators (lab.test.mjs, space_family.test.mjs), the Metric menu at
// 360 px (first_screen.test.mjs), links of a start alone and Hint on an
// invalid board (links.test.mjs) are pinned beside their panels' tests.
//
//   cd tests/browser && node --test --test-concurrency=1 polish.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { axeSource, ensureArtifacts, eventually, expectTextMatch, text } from './harness.mjs';
import { pageTest } from './suite.mjs';

// Runs in the page: each small board of the tree, its figures line and
// whether that line's box lies inside the frame, clear of its outline.
function treeFigures() {
  return [...document.querySelectorAll('#tree g.node')].map((g) => {
    const frame = g.querySelector('.frame').getBBox();
    const line = g.querySelector('.figures');
    const b = line.getBBox();
    const stroke = parseFloat(getComputedStyle(g.querySelector('.frame')).strokeWidth) || 0;
    const inset = stroke / 2 + 1;
    return {
      figures: line.textContent,
      name: g.getAttribute('aria-label'),
      inside: b.x >= frame.x + inset && b.x + b.width <= frame.x + frame.width - inset && b.y + b.height <= frame.y + frame.height - inset,
      box: [b.x, b.width, frame.width],
    };
  });
}

pageTest('the tree names each board by its visible g, h, f and keeps them inside its outline; the caret line scrolls to the error', async ({ page }) => {
  await page.fill('#start', '[8,6,7,2,5,4,3,0,1]');
  await page.fill('#budget', '10000');
  await page.click('#tab-trace');
  await page.click('#trace-step');
  await expectTextMatch(page, '#trace-latest', (v) => v.startsWith('1. pop'), 'the first pop');
  await eventually(() => page.locator('#tree g.node').count(), (n) => n === 4, 'the start and its three children');
  let nodes = await page.evaluate(treeFigures);
  assert.deepEqual(
    nodes.map((n) => n.figures),
    ['g 0 h 21 f 21', 'g 1 h 22 f 23', 'g 1 h 20 f 21', 'g 1 h 20 f 21'],
  );
  for (const n of nodes) {
    assert.ok(n.inside, `the figures inside the frame: ${JSON.stringify(n)}`);
    assert.ok(n.name.startsWith(`${n.figures.replace(/ (\d+) /g, ' $1, ')}:`), `the name starts with the figures: ${n.name}`);
  }
  // axe's check that a name contains the visible text (an experimental
  // rule, so asked for by name) on the tree's buttons.
  await page.addScriptTag({ content: axeSource() });
  const mismatch = await page.evaluate(() =>
    window.axe.run('#tree', { runOnly: { type: 'rule', values: ['label-content-name-mismatch'] } }).then((r) => ({
      violations: r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
      checked: r.passes.flatMap((v) => v.nodes).length,
    })),
  );
  assert.deepEqual(mismatch, { violations: [], checked: 4 });
  await page.locator('.tree-grid').screenshot({ path: join(ensureArtifacts(), 'polish-tree-1280.png') });
  // A long line: weighted A* with your h = 40 · Manhattan (h in the
  // hundreds) is narrowed to the frame.
  await page.click('#tab-lab');
  await page.fill('#workshop-expr', '40 * manhattan');
  await page.click('#tab-trace');
  await page.selectOption('#trace-heuristic', 'written');
  await page.click('#trace-step');
  await eventually(() => page.locator('#tree g.node').count(), (n) => n === 4, 'a new tree');
  nodes = await page.evaluate(treeFigures);
  assert.equal(nodes[1].figures, 'g 1 h 880 f 881');
  for (const n of nodes) assert.ok(n.inside, `the long figures inside the frame: ${JSON.stringify(n)}`);

  // The workshop: an error at character 2,001 of a 2,003-character h.
  await page.click('#tab-lab');
  const expr = `${'manhattan + '.repeat(166)}manhattan + * 2`;
  assert.equal(expr.length, 2007);
  await page.fill('#workshop-expr', expr);
  await expectTextMatch(page, '#workshop-error', (v) => v.startsWith('at character 2005:'), 'the error near the end');
  const caret = await page.evaluate(() => {
    const pre = document.querySelector('#workshop-marker');
    const c = pre.querySelector('span').getBoundingClientRect();
    const p = pre.getBoundingClientRect();
    return { scrolled: pre.scrollLeft, caret: pre.querySelector('span').textContent, inView: c.left >= p.left && c.right <= p.right, text: pre.textContent.length };
  });
  assert.ok(caret.scrolled > 0 && caret.inView && caret.caret === '^', `the caret in view: ${JSON.stringify(caret)}`);
  assert.equal(caret.text, expr.length + 1 + 2004 + 1, 'the expression, a new line, the spaces and the caret');
  await page.locator('#workshop-marker').screenshot({ path: join(ensureArtifacts(), 'polish-caret-1280.png') });
  assert.match(await text(page, '#workshop-error'), /found `\*`/);
}, { bypassCSP: true });
