#!/usr/bin/env node
// npm run bench: performance figures, each printed with its target and pass/short, written to bench/results.json.
// Not part of npm test (these machines are shared and noisy). Each part compares with baselines measured in the same
// run. Without BENCH_ONLY: frontend, notifications, api, spike and visits; BENCH_ONLY=all adds the long disk, load and backup parts, and
// BENCH_ONLY=disk,load (any comma-separated list of parts) runs only those.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from '../lib/harness.mjs';
import { benchApi } from './api.mjs';
import { benchBackup } from './backup.mjs';
import { benchDisk } from './disk.mjs';
import { benchFrontend } from './frontend.mjs';
import { benchLoad } from './load.mjs';
import { benchNotifications } from './notifications.mjs';
import { benchSpike } from './spike.mjs';
import { benchVisits } from './visits.mjs';

const log = (...args) => console.log('[bench]', ...args);
const PARTS = {
  frontend: benchFrontend,
  notifications: benchNotifications,
  api: benchApi,
  spike: benchSpike,
  visits: benchVisits,
  disk: benchDisk,
  load: benchLoad,
  backup: benchBackup,
};
const DEFAULT_PARTS = ['frontend', 'notifications', 'api', 'spike', 'visits'];
const asked = process.env.BENCH_ONLY?.trim();
const only = !asked ? DEFAULT_PARTS : asked === 'all' ? Object.keys(PARTS) : asked.split(',').map((part) => part.trim());
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
// Each part answers {pass} (notifications: one entry per database).
const short = Object.values(results)
  .flatMap((part) => (Array.isArray(part) ? part : typeof part === 'object' && 'pass' in part ? [part] : []))
  .filter((r) => !r.pass).length;
process.exit(short ? 1 : 0);
