// The shared wrapper of the browser test files: one browser per test file
// (node --test runs each file in its own process), a fresh context and page
// per test, a screenshot on failure, and the checks every test ends with.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ensureArtifacts, launch, openPage, text, waitReady } from './harness.mjs';

let browserPromise;
function browser() {
  browserPromise ??= launch();
  return browserPromise;
}
after(async () => {
  if (browserPromise) {
    const b = await browserPromise.catch(() => null);
    await b?.close().catch(() => {});
  }
});

function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
}

/**
 * Define a test that gets a freshly opened page. On failure a screenshot is
 * saved to artifacts/failure-<name>.png and page errors are appended to the
 * message. Every test also requires that no uncaught error or dialog occurred
 * and that #fatal stayed empty. fn receives (session, t) (t for t.diagnostic).
 * opts.timeout overrides the 120 s limit (the depth table runs for minutes).
 */
export function pageTest(name, fn, opts = {}) {
  test(name, { timeout: opts.timeout ?? 120_000 }, async (t) => {
    const b = await browser();
    let s;
    try {
      s = await openPage(b, { ...opts, waitReady: false });
      await waitReady(s.page);
      await fn(s, t);
      const fatal = await text(s.page, '#fatal');
      assert.equal(fatal, '', `#fatal should stay empty, got ${JSON.stringify(fatal)}`);
      assert.deepEqual(s.pageErrors, [], 'the page threw uncaught errors');
      assert.deepEqual(s.dialogs, [], 'the page opened dialogs');
    } catch (e) {
      if (s) {
        try {
          const file = join(ensureArtifacts(), `failure-${slug(name)}.png`);
          await s.page.screenshot({ path: file, fullPage: true });
          e.message += `\n  screenshot: ${file}`;
        } catch {
          /* page may be gone */
        }
        if (s.pageErrors.length) e.message += `\n  page errors:\n    ${s.pageErrors.join('\n    ')}`;
        if (s.consoleErrors.length) e.message += `\n  console errors:\n    ${s.consoleErrors.join('\n    ')}`;
      }
      throw e;
    } finally {
      await s?.context.close().catch(() => {});
    }
  });
}

