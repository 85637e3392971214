#!/usr/bin/env node
// npm run bench: performance figures, each printed with its target and pass/short, written to bench/results.json.
// Not part of npm test (these machines are shared and noisy). Parts so far: notifications (speed-to-lead).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from '../lib/harness.mjs';
import { benchNotifications } from './notifications.mjs';

const log = (...args) => console.log('[bench]', ...args);
await buildIfStale(log);
const results = { measuredAt: new Date().toISOString(), node: process.version, notifications: await benchNotifications(log) };
mkdirSync(path.join(root, 'bench'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
log('written to bench/results.json');
const short = results.notifications.filter((r) => !r.pass).length;
process.exit(short ? 1 : 0);
