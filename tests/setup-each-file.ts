import { afterAll } from 'vitest';
import { resetEnvCache } from '@/lib/env.server';

// Test files share their worker's process and modules (vitest.config.ts, isolate: false): each file leaves
// process.env, and so the validated environment, as it found them.
const before = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
  resetEnvCache();
});
