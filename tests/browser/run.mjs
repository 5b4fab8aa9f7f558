// Runs every browser test file, two at a time, longest first: `npm test`.
//
// `node --test a.mjs b.mjs …` sorts its files by name, so the longest one
// (workers.test.mjs: the whole depth table in the page's workers, minutes
// of both cores) started among the last and ran alone at the end while the
// other process slot stood idle. Here the order is ours: the files listed
// in LONGEST_FIRST first, then every other *.test.mjs of this directory by
// name, so a new test file runs without being listed. The output is TAP,
// as `node --test` writes it when its output is not a terminal; any failed
// test makes the exit status 1.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { HERE } from './harness.mjs';

// Measured in a fresh-clone `cargo xtask test` (2026-12-06, load 4-12):
// the seconds of each file's tests, summed, longest first (all 30 files:
// 1,036 s, of which the whole depth table's one test 288 s).
const LONGEST_FIRST = [
  'workers.test.mjs', // 298
  'family.test.mjs', // 74
  'page.test.mjs', // 65
  'lab.test.mjs', // 63
  'both_metrics.test.mjs', // 62
  'watch.test.mjs', // 51
  'links.test.mjs', // 41
  'workbench.test.mjs', // 39
  'newuser_inputs.test.mjs', // 33
  'race.test.mjs', // 29
  'predict.test.mjs', // 27
  'large.test.mjs', // 26
];

const all = readdirSync(HERE)
  .filter((f) => f.endsWith('.test.mjs'))
  .sort();
for (const f of LONGEST_FIRST) {
  if (!all.includes(f)) throw new Error(`run.mjs lists ${f}, which is not a test file here`);
}
const files = [...LONGEST_FIRST, ...all.filter((f) => !LONGEST_FIRST.includes(f))].map((f) => join(HERE, f));

const stream = run({ files, concurrency: 2 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(tap).pipe(process.stdout);
