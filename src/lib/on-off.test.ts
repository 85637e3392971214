import { describe, expect, it } from 'vitest';
import { switchFrom } from './on-off';
import { parseEnv } from './env-schema';
import { fastPathOn } from './db/fast-path';

describe('a switch setting', () => {
  it('reads each word of either side in any case, blank as its default, and nothing else', () => {
    for (const word of ['on', 'ON', ' yes ', 'true', '1']) expect([word, switchFrom(word, false)]).toEqual([word, true]);
    for (const word of ['off', 'Off', ' no ', 'false', '0']) expect([word, switchFrom(word, true)]).toEqual([word, false]);
    for (const blank of [undefined, '', '  ']) expect(switchFrom(blank, true)).toBe(true);
    expect(switchFrom('maybe', true)).toBeUndefined();
  });

  it('means the same to the start-up check and to the database, which reads it before (DB_FAST_PATH=false is off for both)', () => {
    const before = process.env.DB_FAST_PATH;
    try {
      process.env.DB_FAST_PATH = 'false';
      expect(parseEnv({ DB_FAST_PATH: 'false' }).DB_FAST_PATH).toBe(false);
      expect(fastPathOn()).toBe(false);
    } finally {
      if (before === undefined) delete process.env.DB_FAST_PATH;
      else process.env.DB_FAST_PATH = before;
    }
  });
});
