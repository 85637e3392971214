import { z } from 'zod';

/**
 * Every setting the server reads from its environment: its name, format, default and limits, checked in one pass so
 * that a bad deployment hears of every problem at once, one sentence each naming the variable. All are optional for
 * the quick start.
 *
 * Both the app (through src/lib/env.server.ts, which caches the result) and the production server in front of it
 * (serving/server.mjs, plain Node.js, which strips this file's types itself) read their settings here. So this file
 * imports nothing but Zod, uses only types Node.js can strip, and leaves out Zod's project configuration
 * (src/lib/validation/zod-config.ts, for browsers' CSP: these schemas never run in one). What a setting means for the
 * business (working time, indicative prices, retention) is src/domain's; how the owner writes it is here.
 */

// ---- formats of settings that src/domain gives a meaning -----------------------------------------------------------

/** The days as LEAD_WORKING_DAYS names them, Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * The sales team's working time when LEAD_WORKING_DAYS, LEAD_WORKING_HOURS and LEAD_CONTACT_TARGET_MINUTES are unset:
 * Monday to Friday (a bit mask, bit 0 = Monday), 08:00 to 17:00 Lagos time, first contact within 60 working minutes.
 */
export const WORKING_TIME_DEFAULTS = { days: 0b0011111, startMinute: 8 * 60, endMinute: 17 * 60, targetMinutes: 60 } as const;

/** `mon-fri`, `mon-sat`, `mon,wed,fri`, `mon-fri,sun`: the mask, or undefined when it cannot be read. */
export function parseWorkingDays(text: string): number | undefined {
  let mask = 0;
  for (const part of text.toLowerCase().split(',')) {
    const ends = part.split('-').map((name) => WEEKDAYS.indexOf(name.trim() as (typeof WEEKDAYS)[number]));
    const [first, last = first] = ends;
    if (ends.length > 2 || first < 0 || last < first) return undefined;
    for (let day = first; day <= last; day++) mask |= 1 << day;
  }
  return mask || undefined;
}

/** `08:00-17:00` (24:00 allowed as the end): start and end minutes, or undefined when it cannot be read. */
export function parseWorkingHours(text: string): { startMinute: number; endMinute: number } | undefined {
  const match = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) return undefined;
  const [startH, startM, endH, endM] = match.slice(1).map(Number);
  const startMinute = startH * 60 + startM;
  const endMinute = endH * 60 + endM;
  if (startM > 59 || endM > 59 || startMinute >= endMinute || endMinute > 1440) return undefined;
  return { startMinute, endMinute };
}

/** One weekly site inspection as INSPECTION_SCHEDULE gives it; `district` (a district's slug) undefined: every district. */
export interface ScheduledInspection {
  weekday: number;
  startTime: string;
  seats: number;
  kind: 'on_site' | 'video';
  district?: string;
}

/** The longest cut-off before an inspection for buyers' own changes: a week (the setting and the owners' choice alike). */
export const MAX_INSPECTION_CUTOFF_HOURS = 168;

/** The schedule a fresh install offers (docs/decisions/0391): every Saturday at 10:00 Lagos time, 14 seats, on site, both districts. */
export const DEFAULT_INSPECTION_SCHEDULE = 'sat 10:00 14 on_site';

/**
 * `sat 10:00 14 on_site; wed 18:00 20 video d1`: entries separated by `;`, each a day, a Lagos time, the seats, the
 * kind and, optionally, one district by its slug (every district when left out). Undefined when it cannot be read. The
 * slugs themselves are checked against the district list by the app (src/lib/env.server.ts): this file imports no content.
 */
export function parseInspectionSchedule(text: string): ScheduledInspection[] | undefined {
  const entries: ScheduledInspection[] = [];
  for (const entry of text.split(';')) {
    if (entry.trim() === '') continue;
    const match = /^(mon|tue|wed|thu|fri|sat|sun)\s+(\d{1,2}):(\d{2})\s+(\d{1,3})\s+(on_site|video)(?:\s+([a-z][a-z0-9-]*))?$/.exec(
      entry.trim().toLowerCase(),
    );
    if (!match) return undefined;
    const [, day, hours, minutes, seats, kind, district] = match;
    if (Number(hours) > 23 || Number(minutes) > 59 || Number(seats) < 1 || Number(seats) > 500) return undefined;
    entries.push({
      // 0 = Sunday, as the schedule's rows count (WEEKDAYS starts on Monday).
      weekday: (WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]) + 1) % 7,
      startTime: `${hours.padStart(2, '0')}:${minutes}`,
      seats: Number(seats),
      kind: kind as ScheduledInspection['kind'],
      ...(district ? { district } : {}),
    });
  }
  return entries;
}

/** The currencies SITE_FX_RATES may give (src/domain/indicative-prices.ts has their symbols). */
export const FX_CURRENCIES = ['USD', 'GBP'] as const;
export type FxCurrency = (typeof FX_CURRENCIES)[number];

export interface FxRate {
  currency: FxCurrency;
  /** Naira for one unit of the currency (1610: ₦1,610 to the dollar). */
  ngnPerUnit: number;
}

/** What `SITE_FX_RATES` gives: its rates in the owner's order, and the day they were set (YYYY-MM-DD). */
export interface FxRates {
  rates: FxRate[];
  day: string;
}

export type FxRatesReading = { ok: true; rates: FxRates } | { ok: false; problem: string };

const isCurrency = (code: string): code is FxCurrency => (FX_CURRENCIES as readonly string[]).includes(code);

/** A real calendar day written YYYY-MM-DD. */
function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Reads `USD=1610,GBP=2050@2026-11-01` (currency codes in any case, spaces allowed, at most 2 decimals). A problem is
 * a phrase to follow "SITE_FX_RATES …:" in the start-up error.
 */
export function parseFxRates(text: string): FxRatesReading {
  const fail = (problem: string): FxRatesReading => ({ ok: false, problem });
  const parts = text.trim().split('@');
  if (parts.length !== 2) return fail('end it with one "@" and the day the rates were set');
  const [list, day] = [parts[0].trim(), parts[1].trim()];
  if (!isDay(day)) return fail(`"${day}" is not a day written YYYY-MM-DD`);
  if (!list) return fail('give at least one rate before the "@"');
  const rates: FxRate[] = [];
  for (const item of list.split(',')) {
    const match = /^\s*([A-Za-z]+)\s*=\s*(-?[\d.]+)\s*$/.exec(item);
    if (!match) return fail(`"${item.trim()}" is not CURRENCY=naira, e.g. USD=1610 (no thousands separators)`);
    const currency = match[1].toUpperCase();
    if (!isCurrency(currency)) return fail(`${currency} is not a currency the site shows (${FX_CURRENCIES.join(', ')})`);
    if (rates.some((rate) => rate.currency === currency)) return fail(`${currency} is given twice`);
    if (!/^-?\d+(\.\d+)?$/.test(match[2])) return fail(`${currency}'s rate "${match[2]}" is not a number of naira`);
    const ngnPerUnit = Number(match[2]);
    if (ngnPerUnit <= 0) return fail(`${currency}'s rate must be more than 0 naira`);
    // Fewer than one naira to the dollar or pound is a rate written the wrong way round (dollars per naira).
    if (ngnPerUnit < 1)
      return fail(`${currency}=${match[2]} is less than one naira per ${currency}: give naira per ${currency}, e.g. ${currency}=1610`);
    if (/\.\d{3}/.test(match[2])) return fail(`${currency}'s rate "${match[2]}" has more than 2 decimals (kobo)`);
    rates.push({ currency, ngnPerUnit });
  }
  return { ok: true, rates: { rates, day } };
}

/**
 * The longest BACKUP_RETENTION: the privacy notice promises that backups are overwritten within this many days, and
 * states it from here (src/domain/retention/periods.ts), so the setting and the promise are one number.
 */
export const MAX_BACKUP_RETENTION_DAYS = 30;

// ---- the settings ------------------------------------------------------------------------------------------------

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

/** Meta's Graph API, its version pinned (WHATSAPP_API_BASE). */
export const WHATSAPP_GRAPH_API = 'https://graph.facebook.com/v23.0';
/** Termii's API (TERMII_API_BASE). */
export const TERMII_API = 'https://api.ng.termii.com';

/** A credential given by a provider: any printable text without spaces. */
const secretText = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\S{8,1024}$/, `${name} must be the credential the provider gave, without spaces (8 characters or more).`)
      .optional(),
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

/** Whether an SMTP_URL's query leaves TLS on and its certificate check as nodemailer does by default. */
function smtpTlsChecked(url: URL): boolean {
  const query = url.searchParams;
  const rejectUnauthorized = query.getAll('tls.rejectUnauthorized');
  return (
    rejectUnauthorized.every((value) => value === 'true') &&
    !(url.protocol === 'smtps:' && query.getAll('secure').some((value) => value !== 'true')) &&
    !query.getAll('ignoreTLS').some((value) => value !== 'false')
  );
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
        .number({ error: 'PORT must be a whole number between 0 (any free port) and 65535.' })
        .int('PORT must be a whole number between 0 (any free port) and 65535.')
        .min(0, 'PORT must be a whole number between 0 (any free port) and 65535.')
        .max(65535, 'PORT must be a whole number between 0 (any free port) and 65535.')
        .default(3000),
    ),
    HOST: optionalText,
    DATA_DIR: z.preprocess(blankToUndefined, z.string().trim().default('./data')),
    DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    // Backups (src/lib/backup): where they go (default DATA_DIR/backups), the passphrase that encrypts them, how long
    // they are kept. The privacy notice promises at most MAX_BACKUP_RETENTION_DAYS, so a longer period is refused.
    BACKUP_DIR: optionalText,
    BACKUP_KEY: z.preprocess(blankToUndefined, z.string().min(16, 'BACKUP_KEY must be at least 16 characters long.').optional()),
    BACKUP_RETENTION: z.preprocess(
      blankToUndefined,
      z
        .string()
        .default(`${MAX_BACKUP_RETENTION_DAYS}d`)
        .transform((value, ctx) => {
          const match = /^\s*(\d{1,3})\s*d?\s*$/i.exec(value);
          const days = match ? Number(match[1]) : NaN;
          if (!(days >= 1 && days <= MAX_BACKUP_RETENTION_DAYS)) {
            ctx.addIssue({
              code: 'custom',
              message: `BACKUP_RETENTION must be a number of days from 1 to ${MAX_BACKUP_RETENTION_DAYS} (the privacy notice's promise), e.g. "${MAX_BACKUP_RETENTION_DAYS}d" (got "${value}").`,
            });
            return z.NEVER;
          }
          return days;
        }),
    ),
    // After SIGTERM the server keeps answering this long while /api/health says 503, so a load balancer moves new
    // requests away before the port closes (serving/server.mjs, deploy/).
    SHUTDOWN_DRAIN_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60.' })
        .int('SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60.')
        .min(0, 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60.')
        .max(60, 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60.')
        .default(0),
    ),
    // Visits to the public pages counted on the server (docs/decisions/0350-visits-counted-on-the-server.md).
    VISIT_COUNTING: onOff('VISIT_COUNTING', true),
    // npm start moves the scripts of public pages rendered per request behind their largest paint (serving/per-request-pages.mjs).
    PAGES_PAINT_FIRST: onOff('PAGES_PAINT_FIRST', true),
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
    // WhatsApp Business Cloud API (docs/decisions/0394-whatsapp-and-sms.md): the channel is on when the token and the
    // phone number's id are set; its webhook (/api/webhooks/whatsapp) needs the app secret and the verify token too.
    WHATSAPP_TOKEN: secretText('WHATSAPP_TOKEN'),
    WHATSAPP_PHONE_NUMBER_ID: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{5,30}$/, 'WHATSAPP_PHONE_NUMBER_ID must be the digits of the phone number ID Meta shows.')
        .optional(),
    ),
    WHATSAPP_APP_SECRET: secretText('WHATSAPP_APP_SECRET'),
    WHATSAPP_VERIFY_TOKEN: secretText('WHATSAPP_VERIFY_TOKEN'),
    /** Meta's Graph API with its version pinned; a fake on this machine in tests and checks. */
    WHATSAPP_API_BASE: z.preprocess(blankToUndefined, url('WHATSAPP_API_BASE', ['http:', 'https:']).default(WHATSAPP_GRAPH_API)),
    /** The approved utility template of the first reply, and its language code. */
    WHATSAPP_FIRST_REPLY_TEMPLATE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_FIRST_REPLY_TEMPLATE must be a template name (lower case, digits, _).')
        .default('lead_first_reply'),
    ),
    /** The approved template an agent sends once WhatsApp's 24-hour window has closed (free text cannot go then). */
    WHATSAPP_FOLLOW_UP_TEMPLATE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_FOLLOW_UP_TEMPLATE must be a template name (lower case, digits, _).')
        .default('lead_follow_up'),
    ),
    /** The approved utility template of a site inspection's reminders (24 and 2 hours before). */
    WHATSAPP_REMINDER_TEMPLATE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_REMINDER_TEMPLATE must be a template name (lower case, digits, _).')
        .default('inspection_reminder'),
    ),
    WHATSAPP_TEMPLATE_LANGUAGE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'WHATSAPP_TEMPLATE_LANGUAGE must be a language code such as en or en_GB.')
        .default('en'),
    ),
    // SMS through Termii's transactional (DND) route, where WhatsApp cannot reach: on when the key and sender ID are set;
    // its webhook (/api/webhooks/sms) checks events with the account's secret key.
    TERMII_API_KEY: secretText('TERMII_API_KEY'),
    TERMII_SENDER_ID: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9 ]{3,11}$/, 'TERMII_SENDER_ID must be the 3 to 11 letters or digits of an approved sender ID.')
        .optional(),
    ),
    TERMII_SECRET_KEY: secretText('TERMII_SECRET_KEY'),
    TERMII_API_BASE: z.preprocess(blankToUndefined, url('TERMII_API_BASE', ['http:', 'https:']).default(TERMII_API)),
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
    // The same requests per IPv6 /56 and /48 of the client's /64, as the lead form counts (docs/decisions/0386).
    RATE_LIMIT_SIGN_IN_56: rate('RATE_LIMIT_SIGN_IN_56', '30/600'),
    RATE_LIMIT_SIGN_IN_48: rate('RATE_LIMIT_SIGN_IN_48', '40/600'),
    // The site inspections a fresh install offers until an owner sets the schedule (docs/decisions/0391); "" offers none.
    INSPECTION_SCHEDULE: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const schedule = parseInspectionSchedule(value ?? DEFAULT_INSPECTION_SCHEDULE);
        if (!schedule) {
          ctx.addIssue({
            code: 'custom',
            message: `INSPECTION_SCHEDULE must list inspections as "<day> <HH:MM> <seats> <on_site|video> [district]", separated by ";", e.g. "sat 10:00 14 on_site" (got "${value}").`,
          });
          return z.NEVER;
        }
        return schedule;
      }),
    // How long before an inspection a buyer may still move or cancel it from the e-mail's link, unless an owner set it.
    INSPECTION_CHANGE_CUTOFF_HOURS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'INSPECTION_CHANGE_CUTOFF_HOURS must be a whole number of hours between 0 and 168.' })
        .int('INSPECTION_CHANGE_CUTOFF_HOURS must be a whole number of hours between 0 and 168.')
        .min(0, 'INSPECTION_CHANGE_CUTOFF_HOURS must be a whole number of hours between 0 and 168.')
        .max(MAX_INSPECTION_CUTOFF_HOURS, 'INSPECTION_CHANGE_CUTOFF_HOURS must be a whole number of hours between 0 and 168.')
        .default(12),
    ),
    // The sales team's working time in Lagos (docs/decisions/0206-overdue-leads.md): when the first-contact clock runs.
    LEAD_WORKING_DAYS: z.preprocess(
      blankToUndefined,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          const days = value === undefined ? WORKING_TIME_DEFAULTS.days : parseWorkingDays(value);
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
          const hours = value === undefined ? WORKING_TIME_DEFAULTS : parseWorkingHours(value);
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
        .default(WORKING_TIME_DEFAULTS.targetMinutes),
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
    // A channel half set up would fail every message: its settings come together (docs/decisions/0394).
    if (Boolean(env.WHATSAPP_TOKEN) !== Boolean(env.WHATSAPP_PHONE_NUMBER_ID))
      ctx.addIssue({
        code: 'custom',
        path: [env.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_NUMBER_ID' : 'WHATSAPP_TOKEN'],
        message: 'WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID must be set together (WhatsApp is off without both).',
      });
    if (env.WHATSAPP_TOKEN && !(env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN))
      ctx.addIssue({
        code: 'custom',
        path: [env.WHATSAPP_APP_SECRET ? 'WHATSAPP_VERIFY_TOKEN' : 'WHATSAPP_APP_SECRET'],
        message:
          'WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN must be set with WHATSAPP_TOKEN (replies and statuses come by the signed webhook).',
      });
    if (Boolean(env.TERMII_API_KEY) !== Boolean(env.TERMII_SENDER_ID))
      ctx.addIssue({
        code: 'custom',
        path: [env.TERMII_API_KEY ? 'TERMII_SENDER_ID' : 'TERMII_API_KEY'],
        message: 'TERMII_API_KEY and TERMII_SENDER_ID must be set together (SMS is off without both).',
      });
    if (env.TERMII_API_KEY && !env.TERMII_SECRET_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['TERMII_SECRET_KEY'],
        message: 'TERMII_SECRET_KEY must be set with TERMII_API_KEY (delivery reports and replies are checked with it).',
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
      for (const name of ['WHATSAPP_API_BASE', 'TERMII_API_BASE'] as const)
        if (!isEncryptedOrLocal(env[name], (u) => u.protocol === 'https:'))
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${name} must be an https: address in production (buyers' phone numbers and messages go in it), or set ALLOW_INSECURE_TRANSPORT=true.`,
          });
      if (env.SMTP_URL && !isEncryptedOrLocal(env.SMTP_URL, (u) => u.protocol === 'smtps:' || u.searchParams.get('requireTLS') === 'true'))
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message:
            'SMTP_URL must use TLS in production (smtps://… on port 465, or smtp://…:587?requireTLS=true for STARTTLS), or set ALLOW_INSECURE_TRANSPORT=true.',
        });
      // TLS without the server's certificate checked (nodemailer reads these from the query) is no better than plain:
      // anyone on the path may pose as the mail server (docs/decisions/0385-backups-and-secrets-round-3.md).
      else if (env.SMTP_URL && !isEncryptedOrLocal(env.SMTP_URL, smtpTlsChecked))
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message:
            "SMTP_URL must not turn off TLS or the check of the mail server's certificate in production (tls.rejectUnauthorized=false, secure=false or ignoreTLS=true in its query), or set ALLOW_INSECURE_TRANSPORT=true.",
        });
    }
    // Generated, the session key would be kept in the database, and so in every dump and backup of it: whoever holds
    // a copy could sign staff sessions. A real deployment sets its own.
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'SESSION_SECRET must be set in production with DATABASE_URL (the same on every instance), e.g. `openssl rand -base64 48`; or SESSION_SECRET_FILE, a file holding it.',
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
    // A backup is the whole database: in production every file is encrypted (docs/decisions/0385-backups-and-secrets-round-3.md).
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.BACKUP_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_KEY'],
        message:
          'BACKUP_KEY must be set in production with DATABASE_URL (every backup holds every lead and is encrypted with it), at least 16 characters kept away from the server, e.g. `openssl rand -base64 32`; or BACKUP_KEY_FILE, a file holding it.',
      });
  });

export type ServerEnv = z.infer<typeof envSchema>;

export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/**
 * Secrets that may come from a file instead (Docker secrets, systemd credentials): NAME_FILE names the file, read once
 * here at start, so the secret itself need not sit in the environment (docs/decisions/0385-backups-and-secrets-round-3.md).
 * SECRETS_KEY_FILE is read where the key is made (src/lib/security/secrets-key.server.ts).
 */
const SECRETS_FROM_FILES = ['BACKUP_KEY', 'SESSION_SECRET'] as const;

function withSecretFiles(source: Record<string, string | undefined>): { env: Record<string, string | undefined>; problems: string[] } {
  const env = { ...source };
  const problems: string[] = [];
  for (const name of SECRETS_FROM_FILES) {
    const file = source[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (source[name]?.trim()) {
      problems.push(`Set ${name} or ${name}_FILE, not both.`);
      continue;
    }
    try {
      // No import: this file imports nothing but Zod (serving/server.mjs strips its types itself).
      env[name] = process.getBuiltinModule('node:fs').readFileSync(file, 'utf8').trim();
    } catch (error) {
      problems.push(`${name}_FILE names a file that could not be read (${(error as { code?: string }).code ?? 'error'}): ${file}`);
    }
  }
  return { env, problems };
}

/**
 * Validates an environment object; throws EnvError listing every bad variable. `districtSlugs`: the districts the app
 * lists (src/content/districts.ts), which INSPECTION_SCHEDULE may name; the production server in front does not read it.
 */
export function parseEnv(
  source: Record<string, string | undefined>,
  { districtSlugs }: { districtSlugs?: readonly string[] } = {},
): ServerEnv {
  const files = withSecretFiles(source);
  if (files.problems.length) throw new EnvError(files.problems);
  const result = envSchema.safeParse(files.env);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
      }),
    );
  }
  const unknown = districtSlugs ? result.data.INSPECTION_SCHEDULE.filter((e) => e.district && !districtSlugs.includes(e.district)) : [];
  if (unknown.length) {
    throw new EnvError([
      `INSPECTION_SCHEDULE names ${unknown.map((e) => `"${e.district}"`).join(', ')}, not a district: use ${districtSlugs!.join(' or ')}, or leave it out for every district.`,
    ]);
  }
  return result.data;
}
