#!/usr/bin/env node
// npm test: every check that gates a change, in order, stopping at the first that fails; then the time of each.
import { spawnSync } from 'node:child_process';

const STEPS = [
  ['typecheck', 'tsc --noEmit'],
  ['lint', 'eslint, with the layout rules'],
  ['check:format', 'Prettier'],
  ['check:cycles', 'no import loops'],
  ['test:unit', 'Vitest: unit and integration'],
  ['build:if-stale', 'the production build the e2e, crash and delivery tests share'],
  ['test:serving', 'what serving/ relies on in Next.js, on that build'],
  ['test:e2e', 'Playwright'],
];

const times = [];
let failed;
for (const [script, what] of STEPS) {
  console.log(`\n> npm run ${script}  (${what})`);
  const start = Date.now();
  const { status } = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  times.push([script, Math.round((Date.now() - start) / 1000)]);
  if (status !== 0) {
    failed = script;
    break;
  }
}
console.log('\nnpm test step times:');
for (const [script, seconds] of times) console.log(`  ${script.padEnd(15)} ${String(seconds).padStart(4)} s`);
if (failed) {
  console.error(`npm test: ${failed} failed`);
  process.exit(1);
}
