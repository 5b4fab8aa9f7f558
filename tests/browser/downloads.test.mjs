// Pictures to take away: every drawn picture (the board, the search tree,
// the f and g contours, the distance histogram, the heat map, the race) downloads
// as SVG and PNG. Each SVG parses, has its size, viewBox and a white
// background, and no CSS variable; each PNG has the PNG signature and
// twice the SVG's size; each file is named after what it shows. The
// buttons are named after their picture, work with the keyboard, pass
// axe, and fit 360 px. (The depth table's chart takes minutes to compute;
// it is offered by the same call, not downloaded here.)
//
//   cd tests/browser && npm ci && node --test --test-concurrency=1 downloads.test.mjs

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pageTest } from './suite.mjs';
import { expectBoard, expectTextMatch, runAxe } from './harness.mjs';

const START = '[8,6,7,2,5,4,3,0,1]';

/** Clicks (or, with `key`, focuses and presses Enter on) the picture's button; the file's name and bytes. */
async function take(page, holder, format, key = false) {
  const button = page.locator(`.downloads[data-for="${holder}"] button[data-format="${format}"]`);
  const act = key ? button.focus().then(() => page.keyboard.press('Enter')) : button.click();
  const [download] = await Promise.all([page.waitForEvent('download'), act]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** What the page's own parser finds in an SVG file. */
async function inspectSvg(page, text) {
  return page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    const root = doc.documentElement;
    const back = [...root.children].find((c) => c.localName === 'rect');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: root.localName,
      ns: root.namespaceURI,
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      viewBox: root.getAttribute('viewBox'),
      title: root.querySelector('title')?.textContent ?? '',
      background: back ? [back.getAttribute('width'), back.getAttribute('height'), back.getAttribute('fill')] : null,
      backgroundFirst: [...root.children].filter((c) => c.localName !== 'title')[0] === back,
      elements: root.querySelectorAll('*').length,
    };
  }, text);
}

/** Downloads the picture after `holder` in both formats and checks both files. */
async function both(page, holder, file, label, key = false) {
  const names = await page.$$eval(`.downloads[data-for="${holder}"] button`, (b) =>
    b.map((x) => [x.textContent, x.getAttribute('aria-label')]),
  );
  assert.deepEqual(names, [
    ['Download SVG', `Download SVG of ${label}`],
    ['Download PNG', `Download PNG of ${label}`],
  ]);
  const svg = await take(page, holder, 'svg', key);
  assert.equal(svg.name, `${file}.svg`);
  const text = svg.bytes.toString('utf8');
  assert.ok(!text.includes('var('), 'no CSS variable in the SVG');
  assert.ok(!/<svg[^>]* style="/.test(text), 'the page-only style of the root is left out');
  const s = await inspectSvg(page, text);
  assert.equal(s.error, null, 'the SVG parses');
  assert.equal(s.root, 'svg');
  assert.equal(s.ns, 'http://www.w3.org/2000/svg');
  assert.ok(s.width > 50 && s.height > 50, `a sensible size: ${s.width}×${s.height}`);
  assert.match(s.viewBox ?? '', /^-?\d+ -?\d+ \d+ \d+$/, `a viewBox: ${s.viewBox}`);
  assert.deepEqual(s.background, ['100%', '100%', '#ffffff'], 'a white background');
  assert.ok(s.backgroundFirst, 'the background is drawn first');
  assert.ok(s.title.length > 0, 'a title (the text alternative)');
  assert.ok(s.elements > 5, `something drawn: ${s.elements} elements`);
  const png = await take(page, holder, 'png', key);
  assert.equal(png.name, `${file}.png`);
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
  const [w, h] = [png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)];
  assert.deepEqual([w, h], [2 * s.width, 2 * s.height], 'the PNG is the SVG at twice its size');
  return s;
}

async function fits(page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scroll: ${overflow}px`);
}

for (const width of [360, 1280]) {
  pageTest(
    `at ${width} px the board, the search tree and the contours download as SVG and PNG, named after what they show`,
    async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.fill('#start', START);
      await page.fill('#budget', '10000');
      await expectBoard(page, ['8', '6', '7', '2', '5', '4', '3', '', '1']);
      const board = await both(page, 'board-view', 'board-3x3-867254301', 'the board', width === 360);
      assert.equal(board.title, 'Board 3×3, rows: 8 6 7 / 2 5 4 / 3 blank 1');
      assert.equal(await page.locator('.downloads[data-for="tree"]').count(), 0, 'no tree, no buttons');
      await page.click('#tab-trace');
      await page.fill('#trace-jump', '12');
      await page.click('#trace-go');
      await expectTextMatch(page, '#tree-summary', (v) => v.length > 0, 'the tree');
      const tree = await both(page, 'tree', 'astar-tree-3x3-step-12', 'the search tree');
      assert.ok(tree.title.startsWith('Search tree: '), tree.title);
      await fits(page);
      const { violations, report } = await runAxe(page);
      assert.equal(violations.length, 0, report);
      assert.ok(await page.locator('.downloads[data-for="contour-f"]').isHidden(), 'no contours before the tree is reduced');
      await page.fill('#trace-jump', '300');
      await page.click('#trace-go');
      await page.locator('#tree-contours').waitFor({ state: 'visible', timeout: 60_000 });
      await both(page, 'contour-f', 'astar-expansions-per-f-3x3-step-300', 'the chart of expansions per f');
      await both(page, 'contour-g', 'astar-expansions-per-g-3x3-step-300', 'the chart of expansions per depth g');
      await fits(page);
    },
    { bypassCSP: true },
  );
}

pageTest('the histogram (linear and log) and the heat map download as SVG and PNG', async ({ page }) => {
  await page.click('#tab-space');
  await page.click('#explore');
  await expectTextMatch(page, '#space-summary', (v) => v.includes('boards can reach the goal'), 'the space');
  const chart = await both(page, 'space-chart', 'state-space-3x3-histogram', 'the histogram of distances');
  assert.match(chart.title, /^Bar chart of the number of boards/);
  await page.check('#space-log');
  await both(page, 'space-chart', 'state-space-3x3-histogram-log', 'the histogram of distances');
  // A chart of several series (the depth table's, which takes minutes to
  // compute) has its legend as HTML beside the SVG; the export draws it
  // inside, each swatch with its series' colour and dashes. Checked here on
  // the histogram with two planted series lines and their legend.
  await page.evaluate(() => {
    const svg = document.querySelector('#space-chart svg');
    for (const i of [0, 1]) {
      const l = document.createElementNS('http://www.w3.org/2000/svg', 'line');
      l.setAttribute('class', `line s${i}`);
      for (const [k, v] of [['x1', '10%'], ['x2', '20%'], ['y1', '50'], ['y2', '60']]) l.setAttribute(k, v);
      svg.append(l);
    }
    const ul = document.createElement('ul');
    ul.className = 'legend';
    for (const name of ['first', 'second']) ul.append(Object.assign(document.createElement('li'), { textContent: name }));
    svg.after(ul);
  });
  const onScreen = await page.evaluate(() => document.querySelector('#space-chart svg').getBoundingClientRect().height);
  const legend = await take(page, 'space-chart', 'svg');
  const drawn = await page.evaluate((t) => {
    const root = new DOMParser().parseFromString(t, 'image/svg+xml').documentElement;
    const kids = [...root.children];
    return {
      height: Number(root.getAttribute('height')),
      texts: kids.filter((c) => c.localName === 'text').slice(-2).map((c) => c.textContent),
      marks: kids.filter((c) => c.localName === 'line').slice(-2).map((c) => [c.getAttribute('stroke'), c.getAttribute('stroke-dasharray')]),
    };
  }, legend.bytes.toString('utf8'));
  assert.deepEqual(drawn.texts, ['first', 'second']);
  assert.deepEqual(drawn.marks, [['rgb(179, 38, 30)', 'none'], ['rgb(26, 95, 180)', '6px, 3px']]);
  assert.equal(drawn.height, Math.round(onScreen) + 16 + 2 * 22, 'the legend adds its rows below the chart');
  await page.click('#tab-lab');
  assert.ok(await page.locator('.downloads[data-for="workshop-heat"]').isHidden(), 'no heat map, no buttons');
  await page.fill('#workshop-expr', 'max(manhattan, 2 * misplaced - 1)');
  await page.click('#workshop-run');
  await expectTextMatch(page, '#workshop-status', (v) => v.startsWith('Done: '), 'the check', 60_000);
  const heat = await both(page, 'workshop-heat', 'heat-map-written-max-manhattan-2-misplaced-1-3x3', 'the heat map');
  assert.match(heat.title, /^Heat map of h against the true distance/);
});

pageTest('the race downloads as SVG and PNG, drawn from both sides and the finish line, named after its searches and step', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.fill('#start', '[8,1,3,4,0,2,7,6,5]');
  await page.click('#tab-race');
  await page.selectOption('#race-right-search', 'greedy');
  await expectTextMatch(page, '#race-right-title', (v) => v === 'Right: greedy best-first (Manhattan)', 'the right side');
  assert.ok(await page.locator('.downloads[data-for="race-finish"]').isHidden(), 'nothing drawn before the first step, no buttons');
  for (let i = 0; i < 5; i++) await page.click('#race-step');
  await expectTextMatch(page, '#race-status', (v) => v === 'Racing: 5 steps so far.', 'five steps');
  const mid = await both(page, 'race-finish', 'race-3x3-astar-manhattan-vs-greedy-manhattan-step-5', 'the race', true);
  assert.equal(mid.title, 'Race after 5 steps: Left: A* (Manhattan); Right: greedy best-first (Manhattan). No side has ended yet.');
  await fits(page);
  const { violations, report } = await runAxe(page);
  assert.equal(violations.length, 0, report);
  await page.selectOption('#race-speed', 'fastest');
  await page.click('#race-play');
  await expectTextMatch(page, '#race-status', (v) => v === 'Both sides have ended, after 457 steps.', 'the finish', 15_000);
  const end = await both(page, 'race-finish', 'race-3x3-astar-manhattan-vs-greedy-manhattan-step-457', 'the race');
  assert.ok(end.title.endsWith(' Left found a path first, at step 36.'), end.title);
  // Every sentence of the finish line is drawn, the long path cut into lines.
  const svg = (await take(page, 'race-finish', 'svg')).bytes.toString('utf8');
  const drawn = await page.evaluate((t) => {
    const root = new DOMParser().parseFromString(t, 'image/svg+xml').documentElement;
    return [...root.querySelectorAll('text')].map((x) => x.textContent).join(' ');
  }, svg);
  for (const line of await page.$$eval('#race-finish li', (l) => l.map((x) => x.textContent))) {
    assert.ok(drawn.replace(/\s+/g, ' ').includes(line.split(' The blank')[0]), line);
  }
  assert.ok(drawn.includes('Finish line'));
});
