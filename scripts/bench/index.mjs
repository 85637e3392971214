#!/usr/bin/env node
// npm run bench: performance figures, each printed with its target and pass/short, written to bench/results.json.
// Not part of npm test (these machines are shared and noisy). Parts: front end (Lighthouse and GET / load against an
// empty Next.js page, built in the same run) and notifications (speed-to-lead). BENCH_ONLY=frontend|notifications.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from '../lib/harness.mjs';
import { benchFrontend } from './frontend.mjs';
import { benchNotifications } from './notifications.mjs';

const log = (...args) => console.log('[bench]', ...args);
await buildIfStale(log);
const only = process.env.BENCH_ONLY;
const results = { measuredAt: new Date().toISOString(), node: process.version };
if (!only || only === 'frontend') results.frontend = await benchFrontend(log);
if (!only || only === 'notifications') results.notifications = await benchNotifications(log);
mkdirSync(path.join(root, 'bench'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
log('written to bench/results.json');
const short = (results.frontend && !results.frontend.pass ? 1 : 0) + (results.notifications ?? []).filter((r) => !r.pass).length;
process.exit(short ? 1 : 0);
