// Shared helpers for the browser tests (page.test.mjs) and the benchmark (bench.mjs).
//
// The page under test is one self-contained file, opened from file://.
// Its path comes from the PAGE environment variable (an absolute path), or
// defaults to ../../dist/eight-puzzle.html relative to this directory.

import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS = join(HERE, 'artifacts');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Absolute path of the page under test. */
export function pagePath() {
  return process.env.PAGE
    ? resolve(process.env.PAGE)
    : resolve(HERE, '..', '..', 'dist', 'eight-puzzle.html');
}

/** file:// URL of the page under test; throws (so a test fails, never skips) when it is missing. */
export function pageUrl() {
  const path = pagePath();
  if (!existsSync(path) || !statSync(path).isFile()) {
    throw new Error(
      `page under test not found: ${path}\n` +
        '  build it with `cargo xtask dist`, or set PAGE=/absolute/path/to/page.html',
    );
  }
  return pathToFileURL(path).href;
}

/** Drop the fragment so URLs from the browser compare equal to ours. */
function sameDocument(a, b) {
  const strip = (u) => {
    try {
      const x = new URL(u);
      x.hash = '';
      return x.href;
    } catch {
      return u;
    }
  };
  return strip(a) === strip(b);
}

/** URLs that never reach the network and are not reported as requests we care about. */
export function isLocalScheme(url) {
  return url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:');
}

/**
 * Launch headless Chromium. Playwright gives every launch a fresh, empty
 * temporary profile (it refuses --user-data-dir with launch()), and deletes it
 * on close. Returns the Browser.
 */
export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: LAUNCH_ARGS,
    timeout: 60_000,
  });
}

/**
 * Open the page in a fresh context.
 *
 * Every request other than the page's own file URL is aborted and recorded
 * in `blocked`; every request the page makes (minus data:/blob:) is recorded
 * in `requests`. Uncaught page errors, console errors and dialogs are
 * recorded too. Waits until the page shows its first result (or #fatal).
 *
 * @param {import('playwright-core').Browser} browser
 * @param {{viewport?: {width:number,height:number}, bypassCSP?: boolean, waitReady?: boolean,
 *          initScript?: Function|string, reducedMotion?: 'reduce'|'no-preference'}} [opts]
 *   initScript runs in the page before its own scripts; reducedMotion sets the
 *   context's prefers-reduced-motion (left at the browser default when absent)
 */
export async function openPage(browser, opts = {}) {
  const url = pageUrl();
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    bypassCSP: opts.bypassCSP ?? false,
    serviceWorkers: 'block',
    ...(opts.reducedMotion ? { reducedMotion: opts.reducedMotion } : {}),
  });
  const requests = [];
  const blocked = [];
  const pageErrors = [];
  const consoleErrors = [];
  const dialogs = [];

  // Benchmarks of the load itself pass intercept: false: Playwright's
  // interception delays the file's response by 5-25 ms here, which a
  // person opening the file does not pay (the page's CSP allows no request
  // anyway; the tests keep the check).
  if (opts.intercept !== false) await context.route('**/*', async (route) => {
    const u = route.request().url();
    if (sameDocument(u, url)) {
      await route.continue();
    } else {
      blocked.push(u);
      await route.abort('blockedbyclient');
    }
  });

  context.on('request', (r) => {
    if (!isLocalScheme(r.url())) requests.push(r.url());
  });
  if (opts.initScript) await context.addInitScript(opts.initScript);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => pageErrors.push(String(e && e.stack ? e.stack : e)));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('dialog', async (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss().catch(() => {});
  });

  const session = { context, page, url, requests, blocked, pageErrors, consoleErrors, dialogs };
  try {
    await page.goto(url, { waitUntil: 'load' });
    if (opts.waitReady !== false) await waitReady(page);
  } catch (e) {
    e.session = session; // let the caller screenshot and close it
    throw e;
  }
  return session;
}

export const STATUS_PREFIX = /^(Solved|Unknown|Unsolvable|Invalid)/;

/**
 * Wait until the page has rendered a result (#status starts with a known word)
 * or reported a fatal error. Throws a descriptive error on timeout.
 */
export async function waitReady(page, timeout = 15_000) {
  try {
    await page.waitForFunction(
      (src) => {
        const re = new RegExp(src);
        const fatal = document.querySelector('#fatal');
        if (fatal && fatal.textContent.trim() !== '') return true;
        const s = document.querySelector('#status');
        return !!s && re.test(s.textContent.trim());
      },
      STATUS_PREFIX.source,
      { timeout, polling: 50 },
    );
  } catch (e) {
    const state = await page
      .evaluate(() => ({
        status: document.querySelector('#status')?.textContent ?? '(no #status element)',
        fatal: document.querySelector('#fatal')?.textContent ?? '(no #fatal element)',
      }))
      .catch(() => ({}));
    throw new Error(
      `page did not show a result within ${timeout} ms: #status=${JSON.stringify(state.status)} ` +
        `#fatal=${JSON.stringify(state.fatal)}`,
    );
  }
}

/** textContent with runs of white space collapsed and trimmed ('' when absent). */
export async function text(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return el ? el.textContent.replace(/\s+/g, ' ').trim() : null;
  }, selector);
}

/** Normalised texts of every element matching selector. */
export async function texts(page, selector) {
  return page.evaluate(
    (sel) => [...document.querySelectorAll(sel)].map((el) => el.textContent.replace(/\s+/g, ' ').trim()),
    selector,
  );
}

export async function count(page, selector) {
  return page.evaluate((sel) => document.querySelectorAll(sel).length, selector);
}

/**
 * Poll `read()` until `ok(value)` holds; otherwise throw with the last value.
 * Used for every positive assertion so asynchronous rendering is tolerated.
 */
export async function eventually(read, ok, describe, timeout = 5_000) {
  const deadline = Date.now() + timeout;
  let last;
  let lastErr;
  for (;;) {
    try {
      last = await read();
      lastErr = undefined;
      if (ok(last)) return last;
    } catch (e) {
      lastErr = e;
    }
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const got = lastErr ? `error ${lastErr.message}` : JSON.stringify(last);
  throw new Error(`${describe}\n  last seen: ${got}`);
}

/** Poll until the element's normalised text equals `expected`. */
export async function expectText(page, selector, expected, timeout) {
  return eventually(
    () => text(page, selector),
    (v) => v === expected,
    `expected ${selector} text to be ${JSON.stringify(expected)}`,
    timeout,
  );
}

/** Poll until the element's normalised text satisfies pred. */
export async function expectTextMatch(page, selector, pred, describe, timeout) {
  return eventually(() => text(page, selector), (v) => v !== null && pred(v), `${selector}: ${describe}`, timeout);
}

/** Click #solve and wait for #status to show a result word. */
export async function solve(page) {
  await page.click('#solve');
  await expectTextMatch(page, '#status', (v) => STATUS_PREFIX.test(v), 'expected a result after Solve');
}

/** Board cells in reading order: [{text, label}] (label = aria-label or null). */
export async function boardCells(page) {
  return page.evaluate(() => {
    const board = document.querySelector('#board');
    if (!board) return null;
    return [...board.querySelectorAll('[role="cell"]')].map((c) => ({
      text: c.textContent.replace(/\s+/g, ' ').trim(),
      label: c.getAttribute('aria-label'),
    }));
  });
}

/** Poll until the board's cell texts equal `expected` (array of 9 strings, '' = blank). */
export async function expectBoard(page, expected, timeout) {
  return eventually(
    async () => (await boardCells(page))?.map((c) => c.text) ?? null,
    (v) => Array.isArray(v) && JSON.stringify(v) === JSON.stringify(expected),
    `expected #board cells ${JSON.stringify(expected)}`,
    timeout,
  );
}

/** Computed focus indicator of the active element. */
export async function focusIndicator(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const cs = getComputedStyle(el);
    return {
      id: el.id,
      focusVisible: el.matches(':focus-visible'),
      outlineStyle: cs.outlineStyle,
      outlineWidth: cs.outlineWidth,
      boxShadow: cs.boxShadow,
    };
  });
}

export function ensureArtifacts() {
  mkdirSync(ARTIFACTS, { recursive: true });
  return ARTIFACTS;
}

export function axeSource() {
  return readFileSync(join(HERE, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
}

/**
 * Run axe-core on the whole document (injecting it once per page; the page
 * must be opened with bypassCSP so the inline script is allowed). Returns
 * {violations, report}: the violations array and a readable multi-line report.
 */
export async function runAxe(page) {
  const loaded = await page.evaluate(() => typeof window.axe === 'object' && !!window.axe);
  if (!loaded) await page.addScriptTag({ content: axeSource() });
  const result = await page.evaluate(() => window.axe.run(document));
  const report = result.violations
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' | ')}\n      ${n.html}`).join('\n'),
    )
    .join('\n');
  return { violations: result.violations, report };
}

// Runs in the page before its own scripts: count workers made and stopped,
// the messages the page posted to them and the messages it got from them
// (whatever their format: the count says where the work ran, not what it was).
export function countWorkers() {
  const Real = window.Worker;
  window.__workers = { made: 0, terminated: 0, posted: 0, answers: 0 };
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      window.__workers.made += 1;
      this.addEventListener('message', () => {
        window.__workers.answers += 1;
      });
    }
    postMessage(...args) {
      window.__workers.posted += 1;
      return super.postMessage(...args);
    }
    terminate() {
      window.__workers.terminated += 1;
      super.terminate();
    }
  };
}

// Runs in the page before its own scripts: the workers' replies are held
// (queued, not delivered) while window.__hold is an array, so a job stays
// in progress for as long as a test needs; window.__release() delivers
// the held replies in order and stops holding.
export function holdWorkerReplies() {
  const Real = window.Worker;
  window.__hold = null;
  window.__release = () => {
    const held = window.__hold || [];
    window.__hold = null;
    for (const deliver of held) deliver();
    return held.length;
  };
  window.Worker = class extends Real {
    set onmessage(handler) {
      super.onmessage = handler && ((event) => {
        if (window.__hold) window.__hold.push(() => handler.call(this, event));
        else handler.call(this, event);
      });
    }
    get onmessage() {
      return super.onmessage;
    }
  };
}

// Runs in the page before its own scripts: record every long task.
export function observeLongTasks() {
  window.__longTasks = [];
  window.__longTaskSupport = false;
  try {
    window.__longTaskSupport =
      typeof PerformanceObserver === 'function' &&
      Array.isArray(PerformanceObserver.supportedEntryTypes) &&
      PerformanceObserver.supportedEntryTypes.includes('longtask');
    if (window.__longTaskSupport) {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    }
  } catch (e) {
    window.__longTaskSupport = false;
    window.__longTaskError = String(e);
  }
}

/**
 * An n×n board as the Start field takes it (rows): the default goal with the
 * blank moved `k` cells left along the bottom row, `k` moves from the goal
 * (k = 0: the goal). The boards past 25 cells near their goal.
 */
export function nearGoalRows(n, k = 0) {
  const cells = Array.from({ length: n * n }, (_, i) => (i + 1) % (n * n));
  for (let i = 0; i < k; i++) {
    const b = n * n - 1 - i;
    [cells[b], cells[b - 1]] = [cells[b - 1], cells[b]];
  }
  return JSON.stringify(Array.from({ length: n }, (_, r) => cells.slice(r * n, r * n + n)));
}

/**
 * For page.evaluate: the lines a text is drawn on, by a Range over each of
 * its characters: of a table cell with `cell`, or of a textarea with `field`
 * (selectors). A textarea's lines are not in the DOM, so it is copied into a
 * hidden element with every computed style (the same width, font, padding
 * and wrapping rules); the copy must be as tall as the field (`same`), so it
 * wraps the same. A line that ends in a digit followed by one that starts
 * with a digit splits a number (`split`).
 */
export function renderedLines({ cell, field }) {
  let el = cell && document.querySelector(cell);
  let f, cs;
  if (field) {
    f = document.querySelector(field);
    cs = getComputedStyle(f);
    el = document.createElement('div');
    for (const p of cs) el.style.setProperty(p, cs.getPropertyValue(p));
    Object.assign(el.style, { position: 'absolute', left: '0px', top: '0px', visibility: 'hidden' });
    el.append(f.value);
    document.body.append(el);
  }
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const lines = [];
  let top = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const t = Math.round(range.getClientRects()[0].top);
      if (top === null || t > top) lines.push('');
      top = t;
      lines[lines.length - 1] += node.data[i];
    }
  }
  const out = {
    text: el.textContent,
    lines,
    split: lines.slice(1).filter((l, k) => /\d$/.test(lines[k]) && /^\d/.test(l)),
  };
  if (field) {
    Object.assign(out, {
      same: el.offsetHeight === f.offsetHeight,
      sideways: f.scrollWidth - f.clientWidth,
      wrap: [cs.overflowWrap, cs.wordBreak],
    });
    el.remove();
  }
  return out;
}
