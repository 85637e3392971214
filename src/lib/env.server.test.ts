import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.server';

describe('parseEnv', () => {
  it('has working defaults for the quick start', () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      TRUST_PROXY: 0,
      RATE_LIMIT_INTEREST: { count: 5, windowSeconds: 600 },
      RATE_LIMIT_NEWSLETTER: { count: 5, windowSeconds: 600 },
      MIN_FILL_MS: 1500,
    });
  });

  it('reads the values the e2e and crash tests pass', () => {
    const env = parseEnv({ RATE_LIMIT_INTEREST: '1000/600', MIN_FILL_MS: '0', TRUST_PROXY: 'true', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', PORT: '8080' });
    expect(env).toMatchObject({ RATE_LIMIT_INTEREST: { count: 1000, windowSeconds: 600 }, MIN_FILL_MS: 0, TRUST_PROXY: 1, PORT: 8080 });
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', RATE_LIMIT_INTEREST: '5', DATABASE_URL: 'mysql://db', TRUST_PROXY: 'maybe', MIN_FILL_MS: '-1', LEADS_NOTIFY_TO: 'sales@example.com, nope', SMTP_URL: 'http://mail' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['PORT', 'RATE_LIMIT_INTEREST', 'DATABASE_URL', 'TRUST_PROXY', 'MIN_FILL_MS', 'LEADS_NOTIFY_TO', 'SMTP_URL']) expect(problems).toContain(name);
  });

  it('checks variables that go together', () => {
    expect(() => parseEnv({ WEBHOOK_URL: 'https://crm.example/hook' })).toThrow(/WEBHOOK_SECRET must be set/);
    expect(() => parseEnv({ ADMIN_EMAIL: 'owner@example.com' })).toThrow(/ADMIN_PASSWORD must be set/);
  });
});
