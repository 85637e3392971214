#!/usr/bin/env node
// `npm run build`, only when .next is missing or older than its sources: the e2e server, the crash and delivery
// tests and the bench then share one build (`.ci/run` builds once).
import { buildIfStale } from './lib/harness.mjs';

await buildIfStale((...args) => console.log('[build]', ...args));
