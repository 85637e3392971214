import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../src/lib/env-schema';
import { SMALL_HEAP_BELOW_BYTES, v8FlagsFor } from './memory-settings.mjs';

const GIB = 2 ** 30;
/** What a 1 GB VPS and a 2 GB one report as their memory. */
const ONE_GB_VPS = 0.95 * GIB;
const TWO_GB_VPS = 1.9 * GIB;
const flags = (env: Record<string, string>, memory: number) => v8FlagsFor(parseEnv(env), memory);
const SMALL = ['--optimize-for-size', '--liftoff-only'];
const HELD = ['--heap-growing-percent=30', '--max-semi-space-size=8', '--liftoff-only'];
const POSTGRES = { DATABASE_URL: 'postgres://u@localhost/db', SESSION_SECRET: 's'.repeat(40) };

describe('the flags npm start runs Node.js with (docs/decisions/0105, 0446, 0452)', () => {
  it('keeps the embedded database’s heap small on a 1 GB server and holds it to 1.3× its live data on a larger one', () => {
    expect(flags({}, ONE_GB_VPS)).toEqual(SMALL);
    expect(flags({ PGLITE_SMALL_HEAP: 'auto' }, SMALL_HEAP_BELOW_BYTES - 1)).toEqual(SMALL);
    expect(flags({}, TWO_GB_VPS)).toEqual(HELD);
  });

  it('follows PGLITE_SMALL_HEAP=on or off whatever the memory, and refuses another word', () => {
    expect(flags({ PGLITE_SMALL_HEAP: 'on' }, 16 * GIB)).toEqual(SMALL);
    expect(flags({ PGLITE_SMALL_HEAP: 'off' }, ONE_GB_VPS)).toEqual(HELD);
    expect(() => parseEnv({ PGLITE_SMALL_HEAP: 'small' })).toThrow(/PGLITE_SMALL_HEAP must be on, off or auto/);
  });

  it('on PostgreSQL, holds the heap to 1.3× its live data with a young generation of 4 MB semi-spaces', () => {
    expect(flags(POSTGRES, ONE_GB_VPS)).toEqual(['--heap-growing-percent=30', '--max-semi-space-size=4']);
  });

  // ASSUMPTION (V8 in Node.js 24): `--optimize-for-size` sets 1 MB semi-spaces and overrides `--max-semi-space-size`;
  // without it, the semi-spaces grow to the size asked for. The memory and speed figures of each list rest on it.
  it.each([
    { heap: 'the small heap', list: SMALL, semiSpaces: '1 MB', youngMb: [2, 4] },
    { heap: 'the held heap', list: HELD, semiSpaces: '8 MB', youngMb: [16, 16] },
    { heap: 'PostgreSQL’s', list: ['--heap-growing-percent=30', '--max-semi-space-size=4'], semiSpaces: '4 MB', youngMb: [8, 8] },
  ])('$heap gets the young generation its flags make: $semiSpaces semi-spaces', ({ list, youngMb: [least, most] }) => {
    // Objects kept alive make the young generation (two semi-spaces, and pages being promoted) grow to its largest.
    const grow = `const v8 = require('v8'); let most = 0; const kept = [];
      for (let i = 0; i < 2e6; i++) { const o = { i, s: 'x' + i }; if (i % 50 === 0) kept.push(o);
        if (i % 10000 === 0) most = Math.max(most, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size); }
      console.log(most)`;
    const youngest = Number(execFileSync(process.execPath, [...list, '-e', grow], { encoding: 'utf8' })) / 2 ** 20;
    const changed = `V8 gave ${list.join(' ')} a young generation of ${youngest} MB: re-measure docs/decisions/0452`;
    expect(youngest, changed).toBeGreaterThanOrEqual(least);
    expect(youngest, changed).toBeLessThanOrEqual(most);
  });
});
