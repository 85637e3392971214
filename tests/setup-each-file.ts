import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll } from 'vitest';
import { resetEnvCache } from '@/lib/env.server';

// As the Next.js server does at start (next/dist/server/node-environment-baseline.js), before any of its modules load:
// its request storage is then real, so a test may run a page's code as one request (tests/integration/get-never-writes.test.ts).
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;

// Test files share their worker's process and modules (vitest.config.ts, isolate: false): each file leaves
// process.env, and so the validated environment, as it found them.
const before = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
  resetEnvCache();
});
