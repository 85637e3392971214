#!/usr/bin/env node
// npm run bench: performance figures, each printed with its target and pass/short, written to bench/results.json.
// Not part of npm test (these machines are shared and noisy). Each part compares with baselines measured in the same
// run. Without BENCH_ONLY: frontend, notifications, payments, api, spike and visits; BENCH_ONLY=all adds the long disk, load and backup parts, and
// BENCH_ONLY=disk,load (any comma-separated list of parts) runs only those; `npm run bench -- scale` (or any list as
// the argument) the same way. The scale and buyers parts run only when named.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from '../lib/harness.mjs';
import { benchApi } from './api.mjs';
import { benchBackup } from './backup.mjs';
import { benchBuyers } from './buyers.mjs';
import { benchDisk } from './disk.mjs';
import { benchFrontend } from './frontend.mjs';
import { benchLoad } from './load.mjs';
import { benchNotifications } from './notifications.mjs';
import { benchPayments } from './payments.mjs';
import { benchScale } from './scale.mjs';
import { benchSpike } from './spike.mjs';
import { benchVisits } from './visits.mjs';

const log = (...args) => console.log('[bench]', ...args);
const PARTS = {
  frontend: benchFrontend,
  notifications: benchNotifications,
  payments: benchPayments,
  api: benchApi,
  spike: benchSpike,
  visits: benchVisits,
  disk: benchDisk,
  load: benchLoad,
  backup: benchBackup,
  // Only when asked by name (`npm run bench -- scale`): a million leads take minutes to seed and gigabytes to keep. It
  // runs the buyers part after its own.
  scale: benchScale,
  // Only when asked by name too: it copies the scale data sets (`npm run bench -- buyers`).
  buyers: benchBuyers,
};
const DEFAULT_PARTS = ['frontend', 'notifications', 'payments', 'api', 'spike', 'visits'];
const asked = process.argv[2]?.trim() || process.env.BENCH_ONLY?.trim();
const only = !asked
  ? DEFAULT_PARTS
  : asked === 'all'
    ? Object.keys(PARTS).filter((part) => part !== 'scale' && part !== 'buyers')
    : asked.split(',').map((part) => part.trim());
const unknown = only.filter((part) => !(part in PARTS));
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${Object.keys(PARTS).join(', ')}, or all)`);
  process.exit(2);
}
await buildIfStale(log);
const results = { measuredAt: new Date().toISOString(), node: process.version };
for (const [name, run] of Object.entries(PARTS)) if (only.includes(name)) results[name] = await run(log);
mkdirSync(path.join(root, 'bench'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
log('written to bench/results.json');
// Each part answers {pass} (notifications and payments: one entry per database).
const short = Object.values(results)
  .flatMap((part) => (Array.isArray(part) ? part : typeof part === 'object' && 'pass' in part ? [part] : []))
  .filter((r) => !r.pass).length;
process.exit(short ? 1 : 0);
