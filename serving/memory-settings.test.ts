import { describe, expect, it } from 'vitest';
import { parseEnv } from '../src/lib/env-schema';
import { v8FlagsFor } from './memory-settings.mjs';

const flags = (env: Record<string, string>) => v8FlagsFor(parseEnv(env));

describe('the flags npm start runs Node.js with (docs/decisions/0105, 0446)', () => {
  it('keeps the embedded database’s heap small by default', () => {
    expect(flags({})).toEqual(['--optimize-for-size', '--max-semi-space-size=8', '--liftoff-only']);
  });

  it('with PGLITE_SMALL_HEAP=off, holds the heap to 1.3× its live data instead, as on PostgreSQL', () => {
    expect(flags({ PGLITE_SMALL_HEAP: 'off' })).toEqual(['--heap-growing-percent=30', '--max-semi-space-size=8', '--liftoff-only']);
    expect(flags({ DATABASE_URL: 'postgres://u@localhost/db', SESSION_SECRET: 's'.repeat(40) })).toEqual([
      '--heap-growing-percent=30',
      '--max-semi-space-size=4',
    ]);
  });
});
