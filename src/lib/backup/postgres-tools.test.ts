import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgDump } from './postgres-tools';

/**
 * pg_dump gets only the environment it needs (docs/decisions/0385-backups-and-secrets-round-3.md): a stand-in pg_dump
 * first on PATH prints the environment it was started with, as the real one would see it.
 */
const SECRETS = {
  SECRETS_KEY: 'secrets-key-that-must-not-reach-a-child-0123',
  SESSION_SECRET: 'session-secret-that-must-not-reach-a-child-0123',
  BACKUP_KEY: 'backup-key-that-must-not-reach-a-child',
  SMTP_URL: 'smtps://user:mail-password@mail.example:465',
  WEBHOOK_SECRET: 'whsec_bm90LWEtcmVhbC1zZWNyZXQtYnV0LWxvbmctZW5vdWdo',
  METRICS_TOKEN: 'metrics-token-that-must-not-reach-a-child-0123',
  DATABASE_URL: 'postgres://app:db-password@db.internal:5432/districts',
  PGSERVICE: 'a-service-that-would-override-the-url',
};
let bin = '';
const saved: Record<string, string | undefined> = {};

beforeAll(() => {
  bin = mkdtempSync(path.join(tmpdir(), 'districts-fake-pg-'));
  writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\nexec env\n');
  chmodSync(path.join(bin, 'pg_dump'), 0o755);
  for (const [name, value] of Object.entries({ ...SECRETS, PATH: `${bin}${path.delimiter}${process.env.PATH}` })) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(bin, { recursive: true, force: true });
});

it("pg_dump's environment holds the database's libpq settings and PATH, and none of the server's secrets", async () => {
  const printed = await text(pgDump('postgres://backup:pass%20word@db.internal:5433/districts?sslmode=verify-full'));
  const env = Object.fromEntries(
    printed
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  expect(env).toMatchObject({
    PGHOST: 'db.internal',
    PGPORT: '5433',
    PGDATABASE: 'districts',
    PGUSER: 'backup',
    PGPASSWORD: 'pass word',
    PGSSLMODE: 'verify-full',
    PATH: process.env.PATH,
  });
  for (const name of Object.keys(SECRETS)) expect(env, name).not.toHaveProperty(name);
  for (const value of Object.values(SECRETS)) expect(printed).not.toContain(value);
});
