#!/usr/bin/env node
// npm test: every check that gates a change, stopping at the first group that fails; then the time of each step.
// Steps in one group run side by side (the first shows its output as it goes, the others when they end): the static
// checks are one process each and single-threaded, and the check of serving/'s assumptions mostly waits on a server.
// The unit tests and the build are not grouped: each keeps both cores busy, and side by side they are slower than one
// after the other (docs/benchmarks/serving.md). The build comes first (in CI it is already there: .ci/run builds
// before the process tests start), so that the serving check runs beside the static ones instead of on its own.
import { spawn } from 'node:child_process';

const GROUPS = [
  [['build:if-stale', 'the production build the serving, e2e, crash and delivery tests share']],
  [
    ['typecheck', 'tsc --noEmit'],
    ['lint', 'ESLint, with the layout rules'],
    ['check:format', 'Prettier'],
    ['check:cycles', 'no import loops'],
    ['test:serving', 'what serving/ relies on in Next.js, on that build'],
  ],
  [['test:unit', 'Vitest: unit and integration']],
  [['test:e2e', 'Playwright']],
];

/** Runs `npm run <script>`; resolves to [script, seconds, status]. */
function run(script, streamed) {
  const start = Date.now();
  const child = spawn('npm', ['run', '--silent', script], { stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      if (!streamed) process.stdout.write(Buffer.concat(output));
      resolve([script, Math.round((Date.now() - start) / 1000), status]);
    }),
  );
}

const times = [];
let failed = [];
for (const group of GROUPS) {
  console.log(`\n> ${group.map(([script, what]) => `npm run ${script}  (${what})`).join('\n> ')}`);
  const results = await Promise.all(group.map(([script], index) => run(script, index === 0)));
  times.push(...results);
  failed = results.filter(([, , status]) => status !== 0).map(([script]) => script);
  if (failed.length) break;
}
console.log('\nnpm test step times (a group side by side):');
for (const [script, seconds] of times) console.log(`  ${script.padEnd(15)} ${String(seconds).padStart(4)} s`);
if (failed.length) {
  console.error(`npm test: ${failed.join(', ')} failed`);
  process.exit(1);
}
