import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    const env = parseEnv({
      RATE_LIMIT_INTEREST: '1000/600',
      MIN_FILL_MS: '0',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      PORT: '8080',
    });
    expect(env).toMatchObject({ RATE_LIMIT_INTEREST: { count: 1000, windowSeconds: 600 }, MIN_FILL_MS: 0, TRUST_PROXY: 1, PORT: 8080 });
  });

  it('lets INSPECTION_SCHEDULE name a district by its slug, and refuses one the district list does not have', () => {
    const slugs = ['d1', 'd2'];
    expect(
      parseEnv({ INSPECTION_SCHEDULE: 'sat 10:00 14 on_site; wed 18:00 20 video d2' }, { districtSlugs: slugs }).INSPECTION_SCHEDULE,
    ).toEqual([
      { weekday: 6, startTime: '10:00', seats: 14, kind: 'on_site' },
      { weekday: 3, startTime: '18:00', seats: 20, kind: 'video', district: 'd2' },
    ]);
    expect(() => parseEnv({ INSPECTION_SCHEDULE: 'wed 18:00 20 video d7' }, { districtSlugs: slugs })).toThrow(
      'INSPECTION_SCHEDULE names "d7", not a district: use d1 or d2, or leave it out for every district.',
    );
    expect(() => parseEnv({ INSPECTION_SCHEDULE: 'wed 18:00 20 video D 2' })).toThrow(EnvError);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        RATE_LIMIT_INTEREST: '5',
        DATABASE_URL: 'mysql://db',
        TRUST_PROXY: 'maybe',
        MIN_FILL_MS: '-1',
        LEADS_NOTIFY_TO: 'sales@example.com, nope',
        SMTP_URL: 'http://mail',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['PORT', 'RATE_LIMIT_INTEREST', 'DATABASE_URL', 'TRUST_PROXY', 'MIN_FILL_MS', 'LEADS_NOTIFY_TO', 'SMTP_URL'])
      expect(problems).toContain(name);
  });

  it('reads the production server’s own settings: port 0 for any free one, the drain after SIGTERM, visit counting', () => {
    expect(parseEnv({})).toMatchObject({ SHUTDOWN_DRAIN_SECONDS: 0, VISIT_COUNTING: true });
    expect(parseEnv({ PORT: '0', SHUTDOWN_DRAIN_SECONDS: '5', VISIT_COUNTING: 'off' })).toMatchObject({
      PORT: 0,
      SHUTDOWN_DRAIN_SECONDS: 5,
      VISIT_COUNTING: false,
    });
    expect(() => parseEnv({ SHUTDOWN_DRAIN_SECONDS: '61' })).toThrow(
      /SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60/,
    );
    expect(() => parseEnv({ VISIT_COUNTING: 'sometimes' })).toThrow(/VISIT_COUNTING must be on or off/);
    expect(() => parseEnv({ PORT: '65536' })).toThrow(/PORT must be a whole number between 0 \(any free port\) and 65535/);
  });

  it('checks variables that go together', () => {
    expect(() => parseEnv({ WEBHOOK_URL: 'https://crm.example/hook' })).toThrow(/WEBHOOK_SECRET must be set/);
    expect(() => parseEnv({ ADMIN_EMAIL: 'owner@example.com' })).toThrow(/ADMIN_PASSWORD must be set/);
  });

  it('takes a metrics token only when it is long and fit for a Bearer header', () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: ` ${'a1'.repeat(32)} ` }).METRICS_TOKEN).toBe('a1'.repeat(32));
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be 32 to 200 letters, digits or -\._~\+\/=/);
    expect(() => parseEnv({ METRICS_TOKEN: `${'a'.repeat(32)} b` })).toThrow(/METRICS_TOKEN must be/);
  });

  it('reads the owner’s exchange rates, and stops at a malformed SITE_FX_RATES naming it (issue 32, part 4)', () => {
    expect(parseEnv({}).SITE_FX_RATES).toBeUndefined();
    expect(parseEnv({ SITE_FX_RATES: ' ' }).SITE_FX_RATES).toBeUndefined();
    expect(parseEnv({ SITE_FX_RATES: 'USD=1610,GBP=2050@2026-11-01' }).SITE_FX_RATES).toEqual({
      rates: [
        { currency: 'USD', ngnPerUnit: 1610 },
        { currency: 'GBP', ngnPerUnit: 2050 },
      ],
      day: '2026-11-01',
    });
    let problems: string[] = [];
    try {
      parseEnv({ SITE_FX_RATES: 'USD=1610,GBP=2050' });
    } catch (error) {
      problems = (error as EnvError).problems;
    }
    expect(problems).toEqual([
      'SITE_FX_RATES must look like "USD=1610,GBP=2050@2026-11-01" (naira per dollar and per pound, then the day they were set): end it with one "@" and the day the rates were set (got "USD=1610,GBP=2050").',
    ]);
    expect(() => parseEnv({ SITE_FX_RATES: 'USD=0@2026-11-01' })).toThrow(/SITE_FX_RATES .*USD's rate must be more than 0 naira/);
    expect(() => parseEnv({ SITE_FX_RATES: 'EUR=1750@2026-11-01' })).toThrow(/SITE_FX_RATES .*EUR is not a currency the site shows/);
  });

  it('keeps backups 30 days by default and never longer than the privacy notice promises', () => {
    expect(parseEnv({}).BACKUP_RETENTION).toBe(30);
    expect(parseEnv({ BACKUP_RETENTION: '14d' }).BACKUP_RETENTION).toBe(14);
    expect(parseEnv({ BACKUP_RETENTION: '7' }).BACKUP_RETENTION).toBe(7);
    for (const value of ['60d', '0', 'a month']) {
      expect(() => parseEnv({ BACKUP_RETENTION: value })).toThrow(/BACKUP_RETENTION must be a number of days from 1 to 30/);
    }
    expect(() => parseEnv({ BACKUP_KEY: 'short' })).toThrow(/BACKUP_KEY must be at least 16 characters/);
  });

  it('refuses a production deployment on PostgreSQL without BACKUP_KEY: no backup of every lead is written in the clear', () => {
    const deployment = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app@db.internal:5432/districts',
      SESSION_SECRET: 'x'.repeat(48),
      SECRETS_KEY: 'k'.repeat(44),
    };
    expect(() => parseEnv(deployment)).toThrow(/BACKUP_KEY must be set in production with DATABASE_URL/);
    expect(parseEnv({ ...deployment, BACKUP_KEY: 'b'.repeat(24) }).BACKUP_KEY).toBe('b'.repeat(24));
    // The quick start and development may still back up without it.
    expect(parseEnv({ NODE_ENV: 'production' }).BACKUP_KEY).toBeUndefined();
  });

  it('reads BACKUP_KEY and SESSION_SECRET from the files BACKUP_KEY_FILE and SESSION_SECRET_FILE name (Docker secrets), not both', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'districts-secret-files-'));
    try {
      writeFileSync(path.join(dir, 'backup_key'), `${'b'.repeat(24)}\n`);
      writeFileSync(path.join(dir, 'session_secret'), `${'s'.repeat(48)}\n`);
      const deployment = {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://app@db.internal:5432/districts',
        SECRETS_KEY_FILE: path.join(dir, 'secrets_key'),
        BACKUP_KEY_FILE: path.join(dir, 'backup_key'),
        SESSION_SECRET_FILE: path.join(dir, 'session_secret'),
      };
      const env = parseEnv(deployment);
      expect([env.BACKUP_KEY, env.SESSION_SECRET]).toEqual(['b'.repeat(24), 's'.repeat(48)]);
      expect(() => parseEnv({ ...deployment, BACKUP_KEY: 'c'.repeat(24) })).toThrow(/Set BACKUP_KEY or BACKUP_KEY_FILE, not both/);
      expect(() => parseEnv({ ...deployment, SESSION_SECRET: 'x'.repeat(48) })).toThrow(
        /Set SESSION_SECRET or SESSION_SECRET_FILE, not both/,
      );
      expect(() => parseEnv({ ...deployment, BACKUP_KEY_FILE: path.join(dir, 'missing') })).toThrow(
        /BACKUP_KEY_FILE names a file that could not be read \(ENOENT\)/,
      );
      writeFileSync(path.join(dir, 'backup_key'), 'short');
      expect(() => parseEnv(deployment)).toThrow(/BACKUP_KEY must be at least 16 characters/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads SMS_COUNTRIES and SMS_DAILY_LIMIT: Nigeria and 200 a day unless set, one sentence per bad value (issue 57, item 3)', () => {
    expect(parseEnv({})).toMatchObject({ SMS_COUNTRIES: ['NG'], SMS_DAILY_LIMIT: 200 });
    expect(parseEnv({ SMS_COUNTRIES: ' ng, GH ,ng', SMS_DAILY_LIMIT: '0' })).toMatchObject({
      SMS_COUNTRIES: ['NG', 'GH'],
      SMS_DAILY_LIMIT: 0,
    });
    expect(() => parseEnv({ SMS_COUNTRIES: 'Nigeria' })).toThrow(/SMS_COUNTRIES must be two-letter country codes separated by commas/);
    expect(() => parseEnv({ SMS_DAILY_LIMIT: '-1' })).toThrow(/SMS_DAILY_LIMIT must be a whole number of SMS a day from 0/);
    expect(() => parseEnv({ SMS_DAILY_LIMIT: 'lots' })).toThrow(/SMS_DAILY_LIMIT must be a whole number/);
  });

  it('reads POSTGRES_STAFF_STATEMENTS_AT_ONCE: auto unless set, or a whole number from 1 to 64 (docs/decisions/0455)', () => {
    expect(parseEnv({})).toMatchObject({ POSTGRES_STAFF_STATEMENTS_AT_ONCE: 'auto' });
    expect(parseEnv({ POSTGRES_STAFF_STATEMENTS_AT_ONCE: ' 3 ' })).toMatchObject({ POSTGRES_STAFF_STATEMENTS_AT_ONCE: 3 });
    for (const bad of ['0', '65', '1.5', 'many'])
      expect(() => parseEnv({ POSTGRES_STAFF_STATEMENTS_AT_ONCE: bad })).toThrow(
        /POSTGRES_STAFF_STATEMENTS_AT_ONCE must be auto or a whole number from 1 to 64/,
      );
  });

  it('reads every secret setting from NAME_FILE, trimmed, and refuses both at once (issue 57, item 8)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'districts-secret-files-'));
    const secrets: Record<string, string> = {
      DATABASE_URL: 'postgres://app:pw@db.internal:5432/districts',
      SMTP_URL: 'smtps://mail:pw@smtp.example.com:465',
      WEBHOOK_URL: 'https://crm.example.com/hooks/leads',
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      METRICS_TOKEN: 'm'.repeat(40),
      WHATSAPP_TOKEN: 'EAAG' + 'w'.repeat(40),
      WHATSAPP_APP_SECRET: 'a'.repeat(32),
      WHATSAPP_VERIFY_TOKEN: 'v'.repeat(24),
      TERMII_API_KEY: 'TL' + 't'.repeat(30),
      TERMII_SECRET_KEY: 's'.repeat(32),
      SESSION_SECRET: 'x'.repeat(48),
      BACKUP_KEY: 'b'.repeat(24),
      SECRETS_KEY_PREVIOUS: 'p'.repeat(44),
    };
    try {
      const deployment: Record<string, string> = {
        NODE_ENV: 'production',
        SECRETS_KEY: 'k'.repeat(44),
        WHATSAPP_PHONE_NUMBER_ID: '1234567890',
        TERMII_SENDER_ID: 'Districts',
      };
      for (const [name, value] of Object.entries(secrets)) {
        writeFileSync(path.join(dir, name), `${value}\n`);
        deployment[`${name}_FILE`] = path.join(dir, name);
      }
      const env = parseEnv(deployment);
      for (const [name, value] of Object.entries(secrets)) expect(env[name as keyof typeof env], name).toBe(value);
      for (const name of Object.keys(secrets))
        expect(() => parseEnv({ ...deployment, [name]: secrets[name] }), name).toThrow(`Set ${name} or ${name}_FILE, not both.`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a production deployment on PostgreSQL without its own SESSION_SECRET', () => {
    const deployment = { NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db.internal:5432/districts' };
    expect(() => parseEnv(deployment)).toThrow(/SESSION_SECRET must be set in production with DATABASE_URL/);
    expect(
      parseEnv({ ...deployment, SESSION_SECRET: 'x'.repeat(48), SECRETS_KEY: 'k'.repeat(44), BACKUP_KEY: 'b'.repeat(24) }).SESSION_SECRET,
    ).toBe('x'.repeat(48));
    // The quick start (embedded database) and development keep the generated key.
    expect(parseEnv({ NODE_ENV: 'production' }).SESSION_SECRET).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: deployment.DATABASE_URL }).SESSION_SECRET).toBeUndefined();
  });

  it('refuses a production deployment on PostgreSQL without a secrets key apart from the database (issue 30, item 5)', () => {
    const deployment = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app@db.internal:5432/districts',
      SESSION_SECRET: 'x'.repeat(48),
      BACKUP_KEY: 'b'.repeat(24),
    };
    expect(() => parseEnv(deployment)).toThrow(/SECRETS_KEY \(or SECRETS_KEY_FILE, a file holding it\) must be set in production/);
    expect(parseEnv({ ...deployment, SECRETS_KEY: ` ${'k'.repeat(44)} ` }).SECRETS_KEY).toBe('k'.repeat(44));
    expect(parseEnv({ ...deployment, SECRETS_KEY_FILE: '/etc/districts/secrets.key' }).SECRETS_KEY_FILE).toBe('/etc/districts/secrets.key');
    expect(() => parseEnv({ ...deployment, SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY must be at least 32 characters/);
    expect(() => parseEnv({ ...deployment, SECRETS_KEY: 'k'.repeat(44), SECRETS_KEY_FILE: '/k' })).toThrow(/not both/);
    // The quick start keeps its key in a file beside the embedded database.
    expect(parseEnv({ NODE_ENV: 'production' }).SECRETS_KEY).toBeUndefined();
  });

  it('in production, sends leads to a webhook or mail server on another machine only encrypted, one line per problem (issue 30, item 9)', () => {
    const webhook = { WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}` };
    const production = { NODE_ENV: 'production', ...webhook };
    let problems: string[] = [];
    try {
      parseEnv({ ...production, WEBHOOK_URL: 'http://crm.example/hooks', SMTP_URL: 'smtp://mail.example:587' });
    } catch (error) {
      problems = (error as EnvError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^WEBHOOK_URL must be an https: address in production/),
      expect.stringMatching(/^SMTP_URL must use TLS in production \(smtps:.*requireTLS=true/),
    ]);
    // Encrypted: accepted.
    expect(() => parseEnv({ ...production, WEBHOOK_URL: 'https://crm.example/hooks', SMTP_URL: 'smtps://mail.example:465' })).not.toThrow();
    expect(() => parseEnv({ ...production, SMTP_URL: 'smtp://mail.example:587?requireTLS=true' })).not.toThrow();
    // This machine (a local relay) and an explicit owner's choice: accepted.
    expect(() => parseEnv({ ...production, WEBHOOK_URL: 'http://127.0.0.1:8080/hooks', SMTP_URL: 'smtp://localhost:25' })).not.toThrow();
    expect(() =>
      parseEnv({
        ...production,
        WEBHOOK_URL: 'http://crm.internal/hooks',
        SMTP_URL: 'smtp://mail.internal',
        ALLOW_INSECURE_TRANSPORT: 'true',
      }),
    ).not.toThrow();
    // Development keeps plain addresses.
    expect(() => parseEnv({ ...webhook, WEBHOOK_URL: 'http://crm.example/hooks', SMTP_URL: 'smtp://mail.example' })).not.toThrow();
  });

  it("in production, refuses an SMTP_URL whose query turns off the mail server's certificate check or TLS, as nodemailer would read it", () => {
    const production = { NODE_ENV: 'production' };
    for (const SMTP_URL of [
      'smtps://user:pass@mail.example:465?tls.rejectUnauthorized=false',
      'smtp://user:pass@mail.example:587?requireTLS=true&tls.rejectUnauthorized=false',
      'smtps://mail.example:465?tls.rejectUnauthorized=0',
      'smtps://mail.example:465?secure=false',
      'smtp://mail.example:587?requireTLS=true&ignoreTLS=true',
    ])
      expect(() => parseEnv({ ...production, SMTP_URL }), SMTP_URL).toThrow(
        /SMTP_URL must not turn off TLS or the check of the mail server's certificate/,
      );
    // Checked, on this machine, or the owner's explicit choice: accepted.
    expect(() => parseEnv({ ...production, SMTP_URL: 'smtps://mail.example:465?tls.rejectUnauthorized=true' })).not.toThrow();
    expect(() => parseEnv({ ...production, SMTP_URL: 'smtps://127.0.0.1:465?tls.rejectUnauthorized=false' })).not.toThrow();
    expect(() =>
      parseEnv({ ...production, SMTP_URL: 'smtps://mail.example:465?tls.rejectUnauthorized=false', ALLOW_INSECURE_TRANSPORT: 'true' }),
    ).not.toThrow();
    // Development may test against a server with a certificate of its own.
    expect(() => parseEnv({ SMTP_URL: 'smtps://mail.example:465?tls.rejectUnauthorized=false' })).not.toThrow();
  });

  it("reads the sales team's working time, with Monday to Friday 08:00–17:00 and a one-hour target by default", () => {
    expect(parseEnv({})).toMatchObject({
      LEAD_WORKING_DAYS: 0b0011111,
      LEAD_WORKING_HOURS: { startMinute: 480, endMinute: 1020 },
      LEAD_CONTACT_TARGET_MINUTES: 60,
    });
    expect(parseEnv({ LEAD_WORKING_DAYS: 'mon-sat', LEAD_WORKING_HOURS: '07:30-18:00', LEAD_CONTACT_TARGET_MINUTES: '30' })).toMatchObject({
      LEAD_WORKING_DAYS: 0b0111111,
      LEAD_WORKING_HOURS: { startMinute: 450, endMinute: 1080 },
      LEAD_CONTACT_TARGET_MINUTES: 30,
    });
    let error: unknown;
    try {
      parseEnv({ LEAD_WORKING_DAYS: 'weekdays', LEAD_WORKING_HOURS: '22:00-06:00', LEAD_CONTACT_TARGET_MINUTES: '0' });
    } catch (e) {
      error = e;
    }
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['LEAD_WORKING_DAYS', 'LEAD_WORKING_HOURS', 'LEAD_CONTACT_TARGET_MINUTES']) expect(problems).toContain(name);
  });
  it('takes an S3-compatible bucket for the files only with its keys (from files too), and only https: in production', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'env-s3-'));
    try {
      writeFileSync(path.join(dir, 's3_secret'), 'bucket-secret-from-a-file-0123456789\n');
      const bucket = { FILES_S3_BUCKET: 'meridian-documents', FILES_S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY000001' };
      expect(parseEnv({ ...bucket, FILES_S3_SECRET_ACCESS_KEY_FILE: path.join(dir, 's3_secret') })).toMatchObject({
        FILES_S3_SECRET_ACCESS_KEY: 'bucket-secret-from-a-file-0123456789',
        FILES_S3_REGION: 'us-east-1',
        FILES_S3_PATH_STYLE: false,
      });
      expect(() => parseEnv(bucket)).toThrow(/FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY must be set with FILES_S3_BUCKET/);
      expect(() => parseEnv({ FILES_S3_ENDPOINT: 'https://s3.example' })).toThrow(
        /FILES_S3_BUCKET must be set with the other FILES_S3_ settings/,
      );
      expect(() => parseEnv({ ...bucket, FILES_S3_SECRET_ACCESS_KEY: 'x'.repeat(20), FILES_S3_BUCKET: 'Not_A_Bucket' })).toThrow(
        /FILES_S3_BUCKET must be a bucket name/,
      );
      const production = { NODE_ENV: 'production', ...bucket, FILES_S3_SECRET_ACCESS_KEY: 'x'.repeat(20) };
      expect(() => parseEnv({ ...production, FILES_S3_ENDPOINT: 'http://minio.internal:9000' })).toThrow(
        /FILES_S3_ENDPOINT must be an https: address in production/,
      );
      expect(parseEnv({ ...production, FILES_S3_ENDPOINT: 'http://127.0.0.1:9000', FILES_S3_PATH_STYLE: 'on' }).FILES_S3_PATH_STYLE).toBe(
        true,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
