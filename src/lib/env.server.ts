import 'server-only';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { parseFxRates } from '@/domain/indicative-prices';
import { BACKUP_RETENTION } from '@/domain/retention/periods';
import { DEFAULT_WORKING_TIME, parseWorkingDays, parseWorkingHours, type WorkingTime } from '@/domain/working-time';

/**
 * The server's configuration, read from the environment and validated ONCE (at start-up through
 * src/instrumentation.ts, or on first use). Every bad value gets its own sentence naming the variable.
 * All variables are optional for the quick start.
 */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

const rate = (name: string, fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(fallback)
      .transform((value, ctx) => {
        const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(value);
        const count = match ? Number(match[1]) : NaN;
        const seconds = match ? Number(match[2]) : NaN;
        if (!match || count < 1 || seconds < 1) {
          ctx.addIssue({ code: 'custom', message: `${name} must look like "count/seconds", e.g. "${fallback}" (got "${value}").` });
          return z.NEVER;
        }
        return { count, windowSeconds: seconds };
      }),
  );

const url = (name: string, protocols: string[]) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `${name} must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL.`,
      )
      .optional(),
  );

const emailList = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((item) => z.email().safeParse(item).success),
        `${name} must be one e-mail address or several separated by commas.`,
      )
      .optional(),
  );

const YES = ['1', 'true', 'yes', 'on'];
const NO = ['0', 'false', 'no', 'off'];

const booleanFlag = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('false')
      .transform((value, ctx) => {
        const v = value.trim().toLowerCase();
        if (YES.includes(v)) return 1;
        if (NO.includes(v)) return 0;
        if (/^\d{1,2}$/.test(v)) return Number(v);
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be true, false, or the number of trusted proxies in front of the server (got "${value}").`,
        });
        return z.NEVER;
      }),
  );

const onOff = (name: string, fallback: boolean) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const v = value?.trim().toLowerCase();
        if (v === undefined) return fallback;
        if (YES.includes(v)) return true;
        if (NO.includes(v)) return false;
        ctx.addIssue({ code: 'custom', message: `${name} must be on or off (got "${value}").` });
        return z.NEVER;
      }),
  );

/** A URL whose traffic is encrypted by `encrypted`, or that stays on this machine (loopback). */
function isEncryptedOrLocal(value: string, encrypted: (url: URL) => boolean): boolean {
  const url = new URL(value);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return encrypted(url) || host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Standard Webhooks secret: `whsec_` + base64 of 24 to 64 bytes. */
function isWebhookSecret(value: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match) return false;
  const bytes = Buffer.from(match[1], 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(blankToUndefined, z.enum(['development', 'production', 'test']).default('development')),
    PORT: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'PORT must be a whole number between 1 and 65535.' })
        .int('PORT must be a whole number between 1 and 65535.')
        .min(1, 'PORT must be a whole number between 1 and 65535.')
        .max(65535, 'PORT must be a whole number between 1 and 65535.')
        .default(3000),
    ),
    HOST: optionalText,
    DATA_DIR: z.preprocess(blankToUndefined, z.string().trim().default('./data')),
    DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    // Backups (src/lib/backup): where they go (default DATA_DIR/backups), the passphrase that encrypts them, how long
    // they are kept. The privacy notice promises at most
    // BACKUP_RETENTION of src/domain/retention/periods.ts, so a longer period is refused.
    BACKUP_DIR: optionalText,
    BACKUP_KEY: z.preprocess(blankToUndefined, z.string().min(16, 'BACKUP_KEY must be at least 16 characters long.').optional()),
    BACKUP_RETENTION: z.preprocess(
      blankToUndefined,
      z
        .string()
        .default(`${BACKUP_RETENTION.days}d`)
        .transform((value, ctx) => {
          const match = /^\s*(\d{1,3})\s*d?\s*$/i.exec(value);
          const days = match ? Number(match[1]) : NaN;
          if (!(days >= 1 && days <= BACKUP_RETENTION.days)) {
            ctx.addIssue({
              code: 'custom',
              message: `BACKUP_RETENTION must be a number of days from 1 to ${BACKUP_RETENTION.days} (the privacy notice's promise), e.g. "${BACKUP_RETENTION.days}d" (got "${value}").`,
            });
            return z.NEVER;
          }
          return days;
        }),
    ),
    // The embedded database fsyncs its WAL before a write is answered (docs/decisions/0106-durability-of-an-answered-lead.md).
    PGLITE_FSYNC: onOff('PGLITE_FSYNC', true),
    // The database's fast path (src/lib/db/README.md); off runs only what the libraries document, slower.
    DB_FAST_PATH: onOff('DB_FAST_PATH', true),
    SITE_URL: url('SITE_URL', ['http:', 'https:']),
    SITE_BRAND: z.preprocess(blankToUndefined, z.string().trim().max(80, 'SITE_BRAND must be at most 80 characters.').optional()),
    SITE_EMAIL: z.preprocess(blankToUndefined, z.email({ error: 'SITE_EMAIL must be an e-mail address.' }).optional()),
    SITE_PHONE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()\-.]{7,24}$/, 'SITE_PHONE must be a phone number as it should be shown, e.g. "+234 803 123 4567".')
        .optional(),
    ),
    SITE_WHATSAPP: z.preprocess(
      blankToUndefined,
      z
        .string()
        .transform((value) => value.replace(/\D/g, ''))
        .refine(
          (digits) => digits.length >= 8 && digits.length <= 15,
          'SITE_WHATSAPP must be an international number with its country code, e.g. "2348031234567".',
        )
        .optional(),
    ),
    // Indicative $ and £ beside each naira price (docs/decisions/0355-indicative-prices-abroad.md); none when unset.
    SITE_FX_RATES: z.preprocess(
      blankToUndefined,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          if (value === undefined) return undefined;
          const reading = parseFxRates(value);
          if (reading.ok) return reading.rates;
          ctx.addIssue({
            code: 'custom',
            message: `SITE_FX_RATES must look like "USD=1610,GBP=2050@2026-11-01" (naira per dollar and per pound, then the day they were set): ${reading.problem} (got "${value}").`,
          });
          return z.NEVER;
        }),
    ),
    SESSION_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'SESSION_SECRET must be at least 32 characters long.').optional()),
    // The key of the site's own secrets, apart from the data (docs/decisions/0346-keys-apart-from-the-data.md): given,
    // or read from a file; without either (the quick start) it is made once in DATA_DIR/secrets.key.
    SECRETS_KEY: z.preprocess(
      blankToUndefined,
      z.string().trim().min(32, 'SECRETS_KEY must be at least 32 characters long, e.g. `openssl rand -base64 32`.').optional(),
    ),
    SECRETS_KEY_FILE: z.preprocess(blankToUndefined, z.string().trim().optional()),
    /** The key before a rotation: secrets sealed with it are still read until `npm run secrets:rotate` seals them anew. */
    SECRETS_KEY_PREVIOUS: z.preprocess(
      blankToUndefined,
      z.string().trim().min(32, 'SECRETS_KEY_PREVIOUS must be at least 32 characters long (the SECRETS_KEY it was).').optional(),
    ),
    ADMIN_EMAIL: z.preprocess(blankToUndefined, z.email({ error: 'ADMIN_EMAIL must be an e-mail address.' }).optional()),
    ADMIN_PASSWORD: z.preprocess(blankToUndefined, z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters long.').optional()),
    SESSION_TTL_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'SESSION_TTL_SECONDS must be a whole number of seconds between 5 and 28800 (8 hours).' })
        .int('SESSION_TTL_SECONDS must be a whole number of seconds between 5 and 28800 (8 hours).')
        .min(5, 'SESSION_TTL_SECONDS must be a whole number of seconds between 5 and 28800 (8 hours).')
        .max(28_800, 'SESSION_TTL_SECONDS must be a whole number of seconds between 5 and 28800 (8 hours).')
        .default(28_800),
    ),
    // The cost of a staff password's hash, as log2 of scrypt's N. 17 is the strong production setting; test servers
    // lower it so their many sign-ins stay cheap.
    STAFF_PASSWORD_SCRYPT_LOG2N: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'STAFF_PASSWORD_SCRYPT_LOG2N must be a whole number between 10 and 20 (17 unless testing).' })
        .int('STAFF_PASSWORD_SCRYPT_LOG2N must be a whole number between 10 and 20 (17 unless testing).')
        .min(10, 'STAFF_PASSWORD_SCRYPT_LOG2N must be a whole number between 10 and 20 (17 unless testing).')
        .max(20, 'STAFF_PASSWORD_SCRYPT_LOG2N must be a whole number between 10 and 20 (17 unless testing).')
        .default(17),
    ),
    STAFF_REAUTH_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'STAFF_REAUTH_SECONDS must be a whole number of seconds between 10 and 3600.' })
        .int('STAFF_REAUTH_SECONDS must be a whole number of seconds between 10 and 3600.')
        .min(10, 'STAFF_REAUTH_SECONDS must be a whole number of seconds between 10 and 3600.')
        .max(3600, 'STAFF_REAUTH_SECONDS must be a whole number of seconds between 10 and 3600.')
        .default(600),
    ),
    SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
    MAIL_FROM: optionalText,
    LEADS_NOTIFY_TO: emailList('LEADS_NOTIFY_TO'),
    WEBHOOK_URL: url('WEBHOOK_URL', ['http:', 'https:']),
    /**
     * Host names of push services to send alerts to besides the browsers' own (docs/decisions/0364): a private one, or
     * the test service on 127.0.0.1. Comma-separated.
     */
    PUSH_SERVICE_HOSTS: z.preprocess(
      blankToUndefined,
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((part) => part.trim().toLowerCase())
            .filter(Boolean),
        )
        .refine((list) => list.every((host) => /^[a-z0-9.-]+$/.test(host)), 'PUSH_SERVICE_HOSTS must be host names separated by commas.')
        .default([]),
    ),
    /** In production, lets WEBHOOK_URL and SMTP_URL go unencrypted to another machine (docs/decisions/0342-encrypted-transport.md). */
    ALLOW_INSECURE_TRANSPORT: onOff('ALLOW_INSECURE_TRANSPORT', false),
    WEBHOOK_SECRET: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .refine(
          isWebhookSecret,
          'WEBHOOK_SECRET must be "whsec_" followed by 24 to 64 random bytes in base64 (Standard Webhooks), e.g. whsec_$(openssl rand -base64 32).',
        )
        .optional(),
    ),
    // GET /metrics answers only with this token as `Authorization: Bearer …`; without it there are no metrics
    // (docs/decisions/0112-health-metrics-and-owner-alerts.md).
    METRICS_TOKEN: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(
          /^[A-Za-z0-9._~+/=-]{32,200}$/,
          'METRICS_TOKEN must be 32 to 200 letters, digits or -._~+/= (a Bearer token), e.g. $(openssl rand -hex 32).',
        )
        .optional(),
    ),
    TRUST_PROXY: booleanFlag('TRUST_PROXY'),
    RATE_LIMIT_INTEREST: rate('RATE_LIMIT_INTEREST', '5/600'),
    // The same posts per IPv6 /56 and /48 of the client's /64 (docs/decisions/0343-a-flood-is-held-not-refused.md).
    RATE_LIMIT_INTEREST_56: rate('RATE_LIMIT_INTEREST_56', '10/600'),
    RATE_LIMIT_INTEREST_48: rate('RATE_LIMIT_INTEREST_48', '20/600'),
    RATE_LIMIT_INTEREST_SITE: rate('RATE_LIMIT_INTEREST_SITE', '30/60'),
    RATE_LIMIT_NEWSLETTER: rate('RATE_LIMIT_NEWSLETTER', '5/600'),
    RATE_LIMIT_SIGN_IN: rate('RATE_LIMIT_SIGN_IN', '20/600'),
    // The sales team's working time in Lagos (docs/decisions/0206-overdue-leads.md): when the first-contact clock runs.
    LEAD_WORKING_DAYS: z.preprocess(
      blankToUndefined,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          const days = value === undefined ? DEFAULT_WORKING_TIME.days : parseWorkingDays(value);
          if (days === undefined) {
            ctx.addIssue({
              code: 'custom',
              message: `LEAD_WORKING_DAYS must list days as mon, tue, … sun, with ranges, e.g. "mon-fri" or "mon-sat" (got "${value}").`,
            });
            return z.NEVER;
          }
          return days;
        }),
    ),
    LEAD_WORKING_HOURS: z.preprocess(
      blankToUndefined,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          const hours = value === undefined ? DEFAULT_WORKING_TIME : parseWorkingHours(value);
          if (hours === undefined) {
            ctx.addIssue({
              code: 'custom',
              message: `LEAD_WORKING_HOURS must look like "08:00-17:00", the start before the end, Lagos time (got "${value}").`,
            });
            return z.NEVER;
          }
          return { startMinute: hours.startMinute, endMinute: hours.endMinute };
        }),
    ),
    LEAD_CONTACT_TARGET_MINUTES: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'LEAD_CONTACT_TARGET_MINUTES must be a whole number of working minutes between 1 and 1440.' })
        .int('LEAD_CONTACT_TARGET_MINUTES must be a whole number of working minutes between 1 and 1440.')
        .min(1, 'LEAD_CONTACT_TARGET_MINUTES must be a whole number of working minutes between 1 and 1440.')
        .max(1440, 'LEAD_CONTACT_TARGET_MINUTES must be a whole number of working minutes between 1 and 1440.')
        .default(DEFAULT_WORKING_TIME.targetMinutes),
    ),
    LEAD_CLAIM_MINUTES: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'LEAD_CLAIM_MINUTES must be a whole number of working minutes between 0 (leads never move on) and 1440.' })
        .int('LEAD_CLAIM_MINUTES must be a whole number of working minutes between 0 (leads never move on) and 1440.')
        .min(0, 'LEAD_CLAIM_MINUTES must be a whole number of working minutes between 0 (leads never move on) and 1440.')
        .max(1440, 'LEAD_CLAIM_MINUTES must be a whole number of working minutes between 0 (leads never move on) and 1440.')
        .default(5),
    ),
    MIN_FILL_MS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'MIN_FILL_MS must be a whole number of milliseconds (0 turns the check off).' })
        .int('MIN_FILL_MS must be a whole number of milliseconds (0 turns the check off).')
        .min(0, 'MIN_FILL_MS must be a whole number of milliseconds (0 turns the check off).')
        .max(600_000, 'MIN_FILL_MS must be at most 600000 (10 minutes).')
        .default(1500),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD)
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_PASSWORD must be set when ADMIN_EMAIL is set.' });
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL)
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'ADMIN_EMAIL must be set when ADMIN_PASSWORD is set.' });
    if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SECRET'],
        message: 'WEBHOOK_SECRET must be set when WEBHOOK_URL is set (webhooks are signed).',
      });
    // Lead details leave the machine in webhooks and e-mails: in production only encrypted, unless to this machine
    // itself (a local mail relay) or the owner says otherwise (docs/decisions/0342-encrypted-transport.md).
    if (env.NODE_ENV === 'production' && !env.ALLOW_INSECURE_TRANSPORT) {
      if (env.WEBHOOK_URL && !isEncryptedOrLocal(env.WEBHOOK_URL, (u) => u.protocol === 'https:'))
        ctx.addIssue({
          code: 'custom',
          path: ['WEBHOOK_URL'],
          message: 'WEBHOOK_URL must be an https: address in production (each lead is sent in it), or set ALLOW_INSECURE_TRANSPORT=true.',
        });
      if (env.SMTP_URL && !isEncryptedOrLocal(env.SMTP_URL, (u) => u.protocol === 'smtps:' || u.searchParams.get('requireTLS') === 'true'))
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message:
            'SMTP_URL must use TLS in production (smtps://… on port 465, or smtp://…:587?requireTLS=true for STARTTLS), or set ALLOW_INSECURE_TRANSPORT=true.',
        });
    }
    // Generated, the session key would be kept in the database, and so in every dump and backup of it: whoever holds
    // a copy could sign staff sessions. A real deployment sets its own.
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET must be set in production with DATABASE_URL (the same on every instance), e.g. `openssl rand -base64 48`.',
      });
    // The same for the key of second-factor secrets: made in a file it would be on one instance only.
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SECRETS_KEY && !env.SECRETS_KEY_FILE)
      ctx.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message:
          'SECRETS_KEY (or SECRETS_KEY_FILE, a file holding it) must be set in production with DATABASE_URL, the same on every instance and kept apart from the database and its backups, e.g. `openssl rand -base64 32`.',
      });
    if (env.SECRETS_KEY && env.SECRETS_KEY_FILE)
      ctx.addIssue({ code: 'custom', path: ['SECRETS_KEY_FILE'], message: 'Set SECRETS_KEY or SECRETS_KEY_FILE, not both.' });
  });

export type ServerEnv = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Validates an environment object; throws EnvError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
      }),
    );
  }
  return result.data;
}

let cached: ServerEnv | undefined;

/** The validated environment of this process (validated on the first call, then cached). */
export function getEnv(): ServerEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The sales team's working time and first-contact target, from LEAD_WORKING_DAYS, _HOURS and LEAD_CONTACT_TARGET_MINUTES. */
export function getWorkingTime(): WorkingTime {
  const env = getEnv();
  return { days: env.LEAD_WORKING_DAYS, ...env.LEAD_WORKING_HOURS, targetMinutes: env.LEAD_CONTACT_TARGET_MINUTES };
}

/** Tests change process.env between cases; this forgets the cached result. */
export function resetEnvCache(): void {
  cached = undefined;
}
