import { z } from 'zod';
import { BACKUP_RETENTION } from '../content/retention.ts';
import { countOrAuto, NO, STAFF_STATEMENTS_AT_ONCE_MAX, switchFrom, YES } from './on-off.ts';

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

/** The currencies SITE_FX_RATES may give (src/modules/districts/indicative-prices.ts has their symbols). */
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
 * states it from here (src/content/retention.ts), so the setting and the promise are one number.
 */
export const MAX_BACKUP_RETENTION_DAYS = BACKUP_RETENTION.days;

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

/** A whole number from `min` to `max`, `fallback` when unset; its message says the range. */
const wholeNumber = (name: string, unit: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a whole number of ${unit} from ${min} to ${max}.`;
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );
};

/** Meta's Graph API, its version pinned (WHATSAPP_API_BASE). */
export const WHATSAPP_GRAPH_API = 'https://graph.facebook.com/v23.0';
/** Termii's API (TERMII_API_BASE). */
export const TERMII_API = 'https://api.ng.termii.com';
/** Paystack's API (PAYSTACK_API_BASE). */
export const PAYSTACK_API = 'https://api.paystack.co';
/** SMS a Lagos day when SMS_DAILY_LIMIT is unset (docs/decisions/0402). */
export const SMS_DAILY_LIMIT_DEFAULT = 200;

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
        const on = switchFrom(value, fallback);
        if (on !== undefined) return on;
        ctx.addIssue({ code: 'custom', message: `${name} must be on or off (got "${value}").` });
        return z.NEVER;
      }),
  );

/** on, off, or auto (also when unset): the setting's reader decides what auto means. */
const onOffAuto = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim().toLowerCase() === 'auto') return 'auto' as const;
        const on = switchFrom(value, false);
        if (on !== undefined) return on;
        ctx.addIssue({ code: 'custom', message: `${name} must be on, off or auto (got "${value}").` });
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

/**
 * The settings, in the order docs/configuration.md lists them. Each one's description is the comment just above it
 * (what it does, its format, what happens when it is unset): `npm run docs:config` writes the reference from these
 * (scripts/config-docs.mjs), and src/lib/env-docs.test.ts fails when one lacks it or the reference is stale.
 */
export const envSchema = z
  .object({
    // `development`, `production` or `test`. `npm start` sets `production` unless told otherwise, before the settings
    // are checked: some settings are required in production only.
    NODE_ENV: z.preprocess(blankToUndefined, z.enum(['development', 'production', 'test']).default('development')),
    // Where `npm start` listens (`npm start -- -p 8080 -H 127.0.0.1` also works); 0: any free port.
    PORT: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'PORT must be a whole number between 0 (any free port) and 65535.' })
        .int('PORT must be a whole number between 0 (any free port) and 65535.')
        .min(0, 'PORT must be a whole number between 0 (any free port) and 65535.')
        .max(65535, 'PORT must be a whole number between 0 (any free port) and 65535.')
        .default(3000),
    ),
    // The interface `npm start` listens on; unset: all interfaces.
    HOST: optionalText,
    // The embedded database's directory (PGlite files in `DATA_DIR/pglite`, its lock in `DATA_DIR/pglite.lock`), and
    // the home of the quick start's other files (`secrets.key`, `backups/`, `outbox-mail/`, `run/`).
    DATA_DIR: z.preprocess(blankToUndefined, z.string().trim().default('./data')),
    // `postgres://…`: use this PostgreSQL server (13 or newer) instead of the embedded database. Queries run without
    // parallel workers unless the URL's `options` say otherwise (docs/decisions/0436).
    DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    // Where buyers' document files (signed scans staff upload) are kept, outside the web root; in the backup beside
    // the database (BACKUP_DIR/files). Unset: `DATA_DIR/files`.
    FILES_DIR: optionalText,
    // An S3-compatible bucket for buyers' document files instead of FILES_DIR (docs/decisions/0424-files-in-a-bucket.md):
    // its name. Set, the files go there (the backup still copies them into BACKUP_DIR/files); a private bucket, kept
    // for these files alone.
    FILES_S3_BUCKET: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'FILES_S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes.',
        )
        .optional(),
    ),
    // The bucket's service, e.g. `https://<account>.r2.cloudflarestorage.com`, `https://s3.us-west-004.backblazeb2.com`,
    // `https://fra1.digitaloceanspaces.com`, `http://127.0.0.1:9000` (MinIO). Unset: AWS S3 in FILES_S3_REGION. In
    // production `https:` unless it is this machine or `ALLOW_INSECURE_TRANSPORT` is on.
    FILES_S3_ENDPOINT: url('FILES_S3_ENDPOINT', ['http:', 'https:']),
    // The bucket's region as its service names it (`auto` on Cloudflare R2, `us-east-1` on MinIO).
    FILES_S3_REGION: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9-]{2,40}$/, 'FILES_S3_REGION must be a region name such as eu-west-1, auto or us-east-1.')
        .default('us-east-1'),
    ),
    // Required with the bucket: an access key allowed to put, get, delete and list objects in it (and nothing else).
    FILES_S3_ACCESS_KEY_ID: secretText('FILES_S3_ACCESS_KEY_ID'),
    // Required with the bucket: that access key's secret.
    FILES_S3_SECRET_ACCESS_KEY: secretText('FILES_S3_SECRET_ACCESS_KEY'),
    // `on`: the bucket in the path (`<endpoint>/<bucket>/<key>`), as MinIO and some self-hosted services need; off (the
    // default): in the host name (`<bucket>.<endpoint host>`), as AWS, R2, Spaces and Backblaze B2 answer.
    FILES_S3_PATH_STYLE: onOff('FILES_S3_PATH_STYLE', false),
    // The largest signed scan staff may upload to a buyer's document stage, in megabytes (PDF, JPEG or PNG).
    DOCUMENT_UPLOAD_MAX_MB: wholeNumber('DOCUMENT_UPLOAD_MAX_MB', 'megabytes', 1, 50, 10),
    // Where `npm run backup` and the nightly backup write their files, and the restore ledger (`BACKUP_DIR/ledger/`);
    // shared by every instance. Unset: `DATA_DIR/backups`.
    BACKUP_DIR: optionalText,
    // The passphrase (16+ characters) that encrypts every backup (AES-256-GCM); needed again to restore, so keep a copy
    // off the server. Required in production with `DATABASE_URL`: the server refuses to start without it. Only
    // encrypted files are downloadable from the System page.
    BACKUP_KEY: z.preprocess(blankToUndefined, z.string().min(16, 'BACKUP_KEY must be at least 16 characters long.').optional()),
    // Days a backup is kept (1 to 30, e.g. `14d`: the privacy notice promises at most 30, so a longer period is
    // refused); older backups are deleted after each backup.
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
    // Behind a load balancer (`5` in `deploy/`): after SIGTERM the server keeps answering this long while its
    // `/api/health` says 503, so the balancer moves new requests away before the port closes (`serving/server.mjs`).
    SHUTDOWN_DRAIN_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60.' })
        .int('SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60.')
        .min(0, 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60.')
        .max(60, 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 60.')
        .default(0),
    ),
    // `npm start` counts visits to the public pages per day, page and source, with no script or cookie (bots and
    // prefetches left out; visitors told apart by a fingerprint under a salt of the day, both deleted when the Lagos
    // day ends); a source (campaign or referring site) never counted before needs an allowance, 10 a day per client and
    // 60 a day in all, else the visit counts as `other` (`docs/decisions/0387-public-surface-round-3.md`); `off` counts
    // nothing (`docs/decisions/0350-visits-counted-on-the-server.md`).
    VISIT_COUNTING: onOff('VISIT_COUNTING', true),
    // `npm start` moves the scripts of the public pages rendered per request (the booking pages, a booking's page, the
    // form pages) behind their largest paint, as the build does for prerendered pages
    // (`serving/per-request-pages.mjs`); `off` sends them as Next.js makes them
    // (`docs/decisions/0393-pages-rendered-per-request-paint-first.md`).
    PAGES_PAINT_FIRST: onOff('PAGES_PAINT_FIRST', true),
    // Embedded database: each answer waits until its write is fsynced to disk (survives a power loss); `off` answers
    // once the write reached the operating system (survives a crash of the server process only;
    // `docs/decisions/0106-durability-of-an-answered-lead.md`).
    PGLITE_FSYNC: onOff('PGLITE_FSYNC', true),
    // The database's fast path (`src/lib/db/README.md`: PGlite's statements in fewer calls, read by pg-protocol's
    // parser, and its grouped WAL fsyncs, statements built once); `off` runs only what PGlite and Drizzle document, with
    // the same results and slower: try it when you suspect the database layer or an upgrade of either.
    DB_FAST_PATH: onOff('DB_FAST_PATH', true),
    // Embedded database: a buyer's form or booking goes ahead of staff pages' and jobs' statements waiting on the one
    // connection (`src/lib/db/priority.ts`, `docs/decisions/0440-buyers-first-on-pglite.md`); `off` keeps them all in
    // arrival order. PostgreSQL ignores it: there buyers' calls always have connections of their own.
    PGLITE_BUYERS_FIRST: onOff('PGLITE_BUYERS_FIRST', true),
    // PostgreSQL: how many statements outside a transaction one instance runs at once for the staff (pages, exports);
    // more wait in line, 2 s at most each. Buyers' forms and bookings, jobs (a buyer's first reply among them) and
    // health checks never wait in it. PostgreSQL shares the CPU evenly between its sessions, so this leaves cores free
    // for a buyer on a small machine where the database runs beside the server (`src/lib/db/priority.ts`,
    // `docs/decisions/0455-staff-statements-in-line-on-postgresql.md`). `auto`: half this machine's cores, at least 1;
    // with the database on a machine of its own, set about half of its cores. Unset: `auto`. The embedded database
    // ignores it.
    POSTGRES_STAFF_STATEMENTS_AT_ONCE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          const count = countOrAuto(value, STAFF_STATEMENTS_AT_ONCE_MAX);
          if (count !== undefined) return count;
          ctx.addIssue({
            code: 'custom',
            message: `POSTGRES_STAFF_STATEMENTS_AT_ONCE must be auto or a whole number from 1 to ${STAFF_STATEMENTS_AT_ONCE_MAX} (got "${value}").`,
          });
          return z.NEVER;
        }),
    ),
    // Embedded database: `on` runs Node.js with `--optimize-for-size`, which keeps the server near 256 MB after 10,000
    // leads on a 1 GB VPS; `off` lets the heap grow to 1.3× its live data instead (as on PostgreSQL): about 20–40 MB
    // more, staff pages such as a year's dashboard with about a third less CPU, and a buyer who waits less while staff
    // work. `auto` is on with less than 1.5 GiB of memory (the machine's, or the container's limit) and off with more
    // (`docs/decisions/0452-the-small-heap-by-the-machine.md`); `npm start` says which it chose. Unset: `auto`.
    PGLITE_SMALL_HEAP: onOffAuto('PGLITE_SMALL_HEAP'),
    // The dashboard's charts are drawn into linkedom nodes made without event-listener maps, which a chart drawn on the
    // server never uses (`src/modules/insights/chart-dom.server.ts`, `docs/decisions/0444-chart-nodes-without-listener-maps.md`);
    // `off` draws with linkedom as shipped: the same charts, slower. Try it when an upgrade of linkedom breaks the charts.
    CHARTS_FAST_PATH: onOff('CHARTS_FAST_PATH', true),
    // The canonical origin for links (e-mails, password resets, invitations), metadata, sitemap and JSON-LD; its host
    // is the relying party of staff passkeys (a name, not an IP address): set it to the address staff open, or passkeys
    // made elsewhere are refused. Unset: `http://localhost:3000`. The public pages are prerendered, so set it when you
    // run `npm run build`.
    SITE_URL: url('SITE_URL', ['http:', 'https:']),
    // The brand shown on the site (at most 80 characters); unset: the placeholder "Meridian Districts"
    // (`docs/decisions/0005-brand-and-facts.md`). Read by `npm run build`: set it when you build.
    SITE_BRAND: z.preprocess(blankToUndefined, z.string().trim().max(80, 'SITE_BRAND must be at most 80 characters.').optional()),
    // The contact e-mail address shown on the site, the sender of its e-mails and the default recipient of the sales
    // e-mail; unset: a placeholder. Read by `npm run build`.
    SITE_EMAIL: z.preprocess(blankToUndefined, z.email({ error: 'SITE_EMAIL must be an e-mail address.' }).optional()),
    // The phone number as the site shows it, e.g. `+234 803 123 4567`; unset: a placeholder. Read by `npm run build`.
    SITE_PHONE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()\-.]{7,24}$/, 'SITE_PHONE must be a phone number as it should be shown, e.g. "+234 803 123 4567".')
        .optional(),
    ),
    // The WhatsApp number of the site's links, international with its country code, e.g. `2348031234567`; unset: a
    // placeholder. Read by `npm run build`.
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
    // Exchange rates for buyers abroad, naira per unit and the day they were set: `USD=1610,GBP=2050@2026-11-01`.
    // Beside each naira price on `/`, `/d1` and `/d2` (hero, about, offer, instalment view) the pages then show its
    // indicative dollars and pounds, rounded to two figures, with the rates and their day ("≈ $6,200 · £4,900 … at
    // ₦1,610/$ and ₦2,050/£ on 1 Nov 2026"); the naira price stays the price. USD and GBP, one or both, in the order
    // given; unset, no figures. Read by `npm run build` like the other site facts: to change the rates (say with each
    // month's campaigns), set them and build again (`docs/decisions/0355-indicative-prices-abroad.md`).
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
    // Signs staff session tokens (HS256); at least 32 characters, e.g. `openssl rand -base64 48`. Required with
    // `NODE_ENV=production` and `DATABASE_URL`, the same on every instance: the server refuses to start without it
    // (generated, it would be kept in the database and so in every dump and backup). Unset on the embedded database:
    // derived from the secrets key. Change it to sign everyone out.
    SESSION_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'SESSION_SECRET must be at least 32 characters long.').optional()),
    // The key of the site's own secrets (staff second-factor secrets, and sessions without `SESSION_SECRET`), kept
    // apart from the database and its backups: at least 32 characters, e.g. `openssl rand -base64 32`. Required in
    // production with `DATABASE_URL`, the same on every instance. Unset (the quick start, embedded database only): made
    // once in `DATA_DIR/secrets.key` (`docs/decisions/0346-keys-apart-from-the-data.md`).
    SECRETS_KEY: z.preprocess(
      blankToUndefined,
      z.string().trim().min(32, 'SECRETS_KEY must be at least 32 characters long, e.g. `openssl rand -base64 32`.').optional(),
    ),
    // A file holding `SECRETS_KEY` (e.g. a Docker secret), read where the key is made; not both.
    SECRETS_KEY_FILE: z.preprocess(blankToUndefined, z.string().trim().optional()),
    // The key before a change of `SECRETS_KEY`: secrets sealed with it are still read, and sealed anew at start-up or
    // by `npm run secrets:rotate`; remove it afterwards.
    SECRETS_KEY_PREVIOUS: z.preprocess(
      blankToUndefined,
      z.string().trim().min(32, 'SECRETS_KEY_PREVIOUS must be at least 32 characters long (the SECRETS_KEY it was).').optional(),
    ),
    // With `ADMIN_PASSWORD` (both or neither): the first staff owner, created at start-up when no staff account exists.
    ADMIN_EMAIL: z.preprocess(blankToUndefined, z.email({ error: 'ADMIN_EMAIL must be an e-mail address.' }).optional()),
    // The first owner's password (12+ characters, not a common one), with `ADMIN_EMAIL`.
    ADMIN_PASSWORD: z.preprocess(blankToUndefined, z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters long.').optional()),
    // A staff session's absolute lifetime, 5 seconds to 8 hours (a session also ends after 30 minutes without a
    // request).
    SESSION_TTL_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'SESSION_TTL_SECONDS must be a whole number of seconds between 5 and 28800 (8 hours).' })
        .int('SESSION_TTL_SECONDS must be a whole number of seconds between 5 and 28800 (8 hours).')
        .min(5, 'SESSION_TTL_SECONDS must be a whole number of seconds between 5 and 28800 (8 hours).')
        .max(28_800, 'SESSION_TTL_SECONDS must be a whole number of seconds between 5 and 28800 (8 hours).')
        .default(28_800),
    ),
    // The cost of a staff password's hash, as log2 of scrypt's N (17: N = 2^17, 128 MiB, the strong production
    // setting). Leave it unset: only test servers lower it, so their many sign-ins stay cheap; existing hashes keep the
    // cost they were made with.
    STAFF_PASSWORD_SCRYPT_LOG2N: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'STAFF_PASSWORD_SCRYPT_LOG2N must be a whole number between 10 and 20 (17 unless testing).' })
        .int('STAFF_PASSWORD_SCRYPT_LOG2N must be a whole number between 10 and 20 (17 unless testing).')
        .min(10, 'STAFF_PASSWORD_SCRYPT_LOG2N must be a whole number between 10 and 20 (17 unless testing).')
        .max(20, 'STAFF_PASSWORD_SCRYPT_LOG2N must be a whole number between 10 and 20 (17 unless testing).')
        .default(17),
    ),
    // Password changes, new staff accounts, role and other staff changes, second-factor changes, privacy erasure and
    // the exports (lead CSV, newsletter CSV, a person's data, backups) need the password typed within this many seconds
    // (10 to 3600); otherwise the page asks for it again (`docs/decisions/0323-recent-password.md`,
    // `0345-fresh-password-for-bulk-and-irreversible.md`).
    STAFF_REAUTH_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'STAFF_REAUTH_SECONDS must be a whole number of seconds between 10 and 3600.' })
        .int('STAFF_REAUTH_SECONDS must be a whole number of seconds between 10 and 3600.')
        .min(10, 'STAFF_REAUTH_SECONDS must be a whole number of seconds between 10 and 3600.')
        .max(3600, 'STAFF_REAUTH_SECONDS must be a whole number of seconds between 10 and 3600.')
        .default(600),
    ),
    // The mail server for the sales e-mail, receipts and staff links: `smtps://user:pass@host:465`, or
    // `smtp://user:pass@host:587?requireTLS=true` for STARTTLS. Without it every e-mail is kept as an `.eml` file in
    // `DATA_DIR/outbox-mail/` (deleted after 30 days). In production it must use TLS and check the server's certificate
    // unless it is this machine or `ALLOW_INSECURE_TRANSPORT` is on.
    SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
    // The sender of the site's e-mails; unset: `"<brand>" <SITE_EMAIL>`.
    MAIL_FROM: optionalText,
    // Who gets the sales e-mail of each lead (besides its agent): one address or several separated by commas; unset:
    // `SITE_EMAIL`.
    LEADS_NOTIFY_TO: emailList('LEADS_NOTIFY_TO'),
    // The CRM's address: a signed webhook per lead (Standard Webhooks; see docs/messaging-setup.md). Needs
    // `WEBHOOK_SECRET`; in production `https:` unless it is this machine or `ALLOW_INSECURE_TRANSPORT` is on.
    WEBHOOK_URL: url('WEBHOOK_URL', ['http:', 'https:']),
    // Host names of push services to send staff alerts to besides the browsers' own (FCM, Mozilla, Apple, Windows),
    // comma-separated: a private one, or the tests' service on `127.0.0.1` (`docs/decisions/0364`).
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
    // WhatsApp Business Cloud API (`docs/decisions/0394-whatsapp-and-sms.md`, docs/messaging-setup.md): the access
    // token (a system user's), from Meta's WhatsApp Manager. The channel is on when it and `WHATSAPP_PHONE_NUMBER_ID`
    // are set (both or neither); its webhook needs `WHATSAPP_APP_SECRET` and `WHATSAPP_VERIFY_TOKEN` too.
    WHATSAPP_TOKEN: secretText('WHATSAPP_TOKEN'),
    // The sending number's id (its digits, as Meta's WhatsApp Manager shows it); with `WHATSAPP_TOKEN`.
    WHATSAPP_PHONE_NUMBER_ID: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{5,30}$/, 'WHATSAPP_PHONE_NUMBER_ID must be the digits of the phone number ID Meta shows.')
        .optional(),
    ),
    // Required with the token: the app secret that checks `X-Hub-Signature-256` on every event of the webhook
    // (`https://<site>/api/webhooks/whatsapp`, field `messages`).
    WHATSAPP_APP_SECRET: secretText('WHATSAPP_APP_SECRET'),
    // Required with the token: answers Meta's subscription handshake of the webhook (`GET /api/webhooks/whatsapp`).
    WHATSAPP_VERIFY_TOKEN: secretText('WHATSAPP_VERIFY_TOKEN'),
    // Meta's Graph API with its version pinned; a fake's address on this machine in tests and checks. In production
    // `https:` unless it is this machine or `ALLOW_INSECURE_TRANSPORT` is on.
    WHATSAPP_API_BASE: z.preprocess(blankToUndefined, url('WHATSAPP_API_BASE', ['http:', 'https:']).default(WHATSAPP_GRAPH_API)),
    // The approved utility template of the first reply; its body, approved as: `Hello {{1}}, thank you for your
    // interest in {{2}}. {{3}} of {{4}} will call you shortly from {{5}}. Reply here with any question, or STOP to get
    // no more messages.` (buyer, district, agent or "Our sales team", `SITE_BRAND`, `SITE_PHONE`).
    WHATSAPP_FIRST_REPLY_TEMPLATE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_FIRST_REPLY_TEMPLATE must be a template name (lower case, digits, _).')
        .default('lead_first_reply'),
    ),
    // The approved template an agent sends once WhatsApp's 24-hour window has closed (free text cannot go then): `Hello
    // {{1}}, {{2}} of {{3}} tried to reach you about your plot enquiry. Reply here whenever it suits you, or STOP to
    // get no more messages.`
    WHATSAPP_FOLLOW_UP_TEMPLATE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_FOLLOW_UP_TEMPLATE must be a template name (lower case, digits, _).')
        .default('lead_follow_up'),
    ),
    // The approved utility template of a site inspection's two reminders (24 and 2 hours before), sent beside the
    // e-mail: `Hello {{1}}, a reminder: your {{2}} is on {{3}}. Reply here with any question, or STOP to get no more
    // messages.` (the buyer's first name, "site inspection of District 1", "Saturday 5 December 2026 at 10:00 (Lagos
    // time)"); by SMS where WhatsApp cannot reach.
    WHATSAPP_REMINDER_TEMPLATE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_REMINDER_TEMPLATE must be a template name (lower case, digits, _).')
        .default('inspection_reminder'),
    ),
    // The approved utility template of a payment's receipt on WhatsApp, sent beside its e-mail: `Hello {{1}}, we have
    // received {{2}} for {{3}}. Left to pay: {{4}}. Your receipt: {{5}}` (the buyer's first name, the amount, the plot,
    // what is left, the receipt's link; docs/decisions/0414-the-money-core.md).
    WHATSAPP_RECEIPT_TEMPLATE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_RECEIPT_TEMPLATE must be a template name (lower case, digits, _).')
        .default('payment_receipt'),
    ),
    // The approved utility template of an instalment's reminders (three days before, on the day, three days after),
    // sent beside the e-mail: `Hello {{1}}, {{2}} for {{3}} {{4}}. Left to pay in all: {{5}}. Pay here: {{6}}` (the
    // buyer's first name, the amount due, the plot, "falls due on Friday 1 January 2027" or the like, what is left, the
    // pay link; docs/decisions/0415).
    WHATSAPP_INSTALMENT_TEMPLATE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_INSTALMENT_TEMPLATE must be a template name (lower case, digits, _).')
        .default('instalment_reminder'),
    ),
    // The approved authentication template of a buyer's sign-in code on WhatsApp: `{{1}} is your sign-in code. It
    // expires in 15 minutes.` (the 6-digit code; docs/decisions/0418).
    WHATSAPP_SIGN_IN_TEMPLATE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_SIGN_IN_TEMPLATE must be a template name (lower case, digits, _).')
        .default('sign_in_code'),
    ),
    // The language code the templates were approved in, such as `en` or `en_GB`.
    WHATSAPP_TEMPLATE_LANGUAGE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'WHATSAPP_TEMPLATE_LANGUAGE must be a language code such as en or en_GB.')
        .default('en'),
    ),
    // SMS through Termii's transactional (DND) route, where WhatsApp cannot reach (docs/messaging-setup.md): Termii's
    // API key. On when it and `TERMII_SENDER_ID` are set (both or neither).
    TERMII_API_KEY: secretText('TERMII_API_KEY'),
    // An approved Termii sender ID (3 to 11 letters or digits); with `TERMII_API_KEY`.
    TERMII_SENDER_ID: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9 ]{3,11}$/, 'TERMII_SENDER_ID must be the 3 to 11 letters or digits of an approved sender ID.')
        .optional(),
    ),
    // Required with the key: the account's secret key, which checks `X-Termii-Signature` on delivery reports and
    // replies; point Termii's webhook at `https://<site>/api/webhooks/sms`.
    TERMII_SECRET_KEY: secretText('TERMII_SECRET_KEY'),
    // Termii's API; a fake's address in tests. In production `https:` unless it is this machine or
    // `ALLOW_INSECURE_TRANSPORT` is on.
    TERMII_API_BASE: z.preprocess(blankToUndefined, url('TERMII_API_BASE', ['http:', 'https:']).default(TERMII_API)),
    // SMS goes only to numbers of these countries (two-letter codes, comma-separated, e.g. `NG,GH`), so the form cannot
    // send texts abroad at the owner's cost (docs/decisions/0402). WhatsApp is not limited by it.
    SMS_COUNTRIES: z.preprocess(
      blankToUndefined,
      z
        .string()
        .default('NG')
        .transform((value, ctx) => {
          const codes = value
            .split(',')
            .map((part) => part.trim().toUpperCase())
            .filter(Boolean);
          if (!codes.length || !codes.every((code) => /^[A-Z]{2}$/.test(code))) {
            ctx.addIssue({
              code: 'custom',
              message: `SMS_COUNTRIES must be two-letter country codes separated by commas, e.g. "NG" or "NG,GH" (got "${value}").`,
            });
            return z.NEVER;
          }
          return [...new Set(codes)];
        }),
    ),
    // SMS sent in a Lagos day, every kind together (first replies, reminders, agents' replies, STOP/START answers); past
    // it SMS pauses until midnight in Lagos, each withheld SMS is marked on its lead and owners get one e-mail. `0` sends
    // no SMS (docs/decisions/0402).
    SMS_DAILY_LIMIT: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'SMS_DAILY_LIMIT must be a whole number of SMS a day from 0 (no SMS) to 100000.' })
        .int('SMS_DAILY_LIMIT must be a whole number of SMS a day from 0 (no SMS) to 100000.')
        .min(0, 'SMS_DAILY_LIMIT must be a whole number of SMS a day from 0 (no SMS) to 100000.')
        .max(100_000, 'SMS_DAILY_LIMIT must be a whole number of SMS a day from 0 (no SMS) to 100000.')
        .default(SMS_DAILY_LIMIT_DEFAULT),
    ),
    // Payments by Paystack (docs/payments-setup.md, docs/decisions/0414-the-money-core.md): the secret key (`sk_live_…`,
    // or `sk_test_…` to rehearse) from Paystack's dashboard, Settings → API Keys & Webhooks. It signs our calls and checks
    // `x-paystack-signature` on the webhook `https://<site>/api/webhooks/paystack`. Without it buyers are offered only a
    // bank transfer to `PAYMENT_BANK_ACCOUNT`, which staff record and an owner approves.
    PAYSTACK_SECRET_KEY: secretText('PAYSTACK_SECRET_KEY'),
    // Paystack's API; a fake's address in tests. In production `https:` unless it is this machine or
    // `ALLOW_INSECURE_TRANSPORT` is on.
    PAYSTACK_API_BASE: z.preprocess(blankToUndefined, url('PAYSTACK_API_BASE', ['http:', 'https:']).default(PAYSTACK_API)),
    // The bank of the dedicated virtual accounts Paystack opens for buyers' transfers (its slug: `wema-bank`,
    // `titan-paystack`; `test-bank` with a test key). Unset: no dedicated accounts, transfers go to `PAYMENT_BANK_ACCOUNT`.
    PAYSTACK_DEDICATED_BANK: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9-]{2,40}$/, 'PAYSTACK_DEDICATED_BANK must be a bank slug such as wema-bank.')
        .optional(),
    ),
    // The company's account a buyer may transfer to, as the buyer reads it, e.g. `Zenith Bank · 1012345678 · Meridian
    // Districts Ltd`; each transfer quotes the reference the site gives. Unset: the sales line is named instead.
    PAYMENT_BANK_ACCOUNT: z.preprocess(blankToUndefined, z.string().trim().min(5).max(200).optional()),
    // In production the server refuses to start when `WEBHOOK_URL` (or `WHATSAPP_API_BASE`, `TERMII_API_BASE`) is not
    // `https:`, or `SMTP_URL` has no TLS (`smtps:` or `requireTLS=true`) or turns off its certificate check
    // (`tls.rejectUnauthorized=false`, `secure=false`, `ignoreTLS=true` in its query), unless they point at this
    // machine (`localhost`, `127.x`, `::1`); `on` allows plain transport to another machine
    // (`docs/decisions/0342-encrypted-transport.md`).
    ALLOW_INSECURE_TRANSPORT: onOff('ALLOW_INSECURE_TRANSPORT', false),
    // Signs the webhooks (Standard Webhooks), required with `WEBHOOK_URL`: `whsec_` followed by base64 of 24 to 64
    // random bytes, e.g. `echo whsec_$(openssl rand -base64 32)`.
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
    // Serves `GET /metrics` (Prometheus) to `Authorization: Bearer <token>` only: 32 to 200 letters, digits or
    // `-._~+/=`, e.g. `openssl rand -hex 32`. Without it there are no metrics (404). The same token reads
    // `/api/health`'s details and `?deep=1` from another machine (an uptime monitor;
    // `docs/decisions/0112-health-metrics-and-owner-alerts.md`).
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
    // `true` (or the number of proxies in front, e.g. `2` for a CDN and a load balancer) when they append
    // `X-Forwarded-For`: the per-client limits then use the address the outermost of them appended, and ignore anything
    // the client put further left. Only let the proxies reach the server (docs/operations.md).
    TRUST_PROXY: booleanFlag('TRUST_PROXY'),
    // Interest posts per client (an IPv4 address or an IPv6 /64), as `count/seconds`; beyond it 429.
    RATE_LIMIT_INTEREST: rate('RATE_LIMIT_INTEREST', '5/600'),
    // The same posts per IPv6 /56 of the client (one home's or office's block of addresses); beyond it 429
    // (`docs/decisions/0343-a-flood-is-held-not-refused.md`).
    RATE_LIMIT_INTEREST_56: rate('RATE_LIMIT_INTEREST_56', '10/600'),
    // The same posts per IPv6 /48 of the client; beyond it 429. A second /64 of one /48 within the window is a flood:
    // its lead is held, with the block's earlier leads whose messages still wait (an IPv6 lead's messages wait 15 s for
    // this).
    RATE_LIMIT_INTEREST_48: rate('RATE_LIMIT_INTEREST_48', '20/600'),
    // Leads per window from all clients together that are taken as usual (spam and resent forms not counted). Beyond it
    // nobody is refused: new leads are stored and answered as usual but held (no sales e-mail, receipt or webhook)
    // until an owner releases or discards them; owners get one e-mail per flood
    // (`docs/decisions/0343-a-flood-is-held-not-refused.md`).
    RATE_LIMIT_INTEREST_SITE: rate('RATE_LIMIT_INTEREST_SITE', '30/60'),
    // Newsletter sign-ups per client, as `count/seconds`.
    RATE_LIMIT_NEWSLETTER: rate('RATE_LIMIT_NEWSLETTER', '5/600'),
    // Staff sign-in requests per client (passwords, second-factor codes, password confirmations, password-reset
    // requests), whatever their outcome, as `count/seconds`.
    RATE_LIMIT_SIGN_IN: rate('RATE_LIMIT_SIGN_IN', '20/600'),
    // The same sign-in requests per IPv6 /56 of the client, counted as the lead form counts them
    // (`docs/decisions/0386`).
    RATE_LIMIT_SIGN_IN_56: rate('RATE_LIMIT_SIGN_IN_56', '30/600'),
    // The same sign-in requests per IPv6 /48 of the client: one holder of a /48 has 65,536 /64s to spray passwords
    // from.
    RATE_LIMIT_SIGN_IN_48: rate('RATE_LIMIT_SIGN_IN_48', '40/600'),
    // The site inspections a fresh install offers until an owner sets the schedule (staff area, Inspections;
    // `docs/decisions/0391`): entries `<day> <HH:MM> <seats> <on_site|video> [d1|d2]` separated by `;`, Lagos time,
    // both districts unless one is named (`sat 10:00 14 on_site; wed 18:00 20 video d1`); unset: `sat 10:00 14
    // on_site`; empty offers none.
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
    // How long before an inspection (0 to 168 hours) a buyer may still move or cancel it from the link in their e-mail,
    // until an owner sets it in the staff area (after it, they call their agent).
    INSPECTION_CHANGE_CUTOFF_HOURS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'INSPECTION_CHANGE_CUTOFF_HOURS must be a whole number of hours between 0 and 168.' })
        .int('INSPECTION_CHANGE_CUTOFF_HOURS must be a whole number of hours between 0 and 168.')
        .min(0, 'INSPECTION_CHANGE_CUTOFF_HOURS must be a whole number of hours between 0 and 168.')
        .max(MAX_INSPECTION_CUTOFF_HOURS, 'INSPECTION_CHANGE_CUTOFF_HOURS must be a whole number of hours between 0 and 168.')
        .default(12),
    ),
    // The share of one inspection's seats (percent) one client network may hold: its IPv6 /48 (so its /56 and /64 too) or
    // its IPv4 address. Never all of them, since a carrier's NAT puts many real buyers behind one address (0401).
    INSPECTION_NETWORK_SHARE: wholeNumber('INSPECTION_NETWORK_SHARE', "percent of a slot's seats", 1, 100, 50),
    // The seats one client network may hold of every inspection still to come together (docs/decisions/0401).
    INSPECTION_NETWORK_SEATS: wholeNumber('INSPECTION_NETWORK_SEATS', 'seats', 1, 500, 8),
    // Owners hear when a slot fills and its seats came from this many client networks or fewer.
    INSPECTION_FEW_NETWORKS: wholeNumber('INSPECTION_FEW_NETWORKS', 'networks', 1, 50, 3),
    // Changes from a buyer's booking links (book-by-link, move, cancel) per client address or /64 (docs/decisions/0401).
    RATE_LIMIT_INSPECTION_CHANGE: rate('RATE_LIMIT_INSPECTION_CHANGE', '10/3600'),
    // The same per client /56.
    RATE_LIMIT_INSPECTION_CHANGE_56: rate('RATE_LIMIT_INSPECTION_CHANGE_56', '20/3600'),
    // The same per client /48.
    RATE_LIMIT_INSPECTION_CHANGE_48: rate('RATE_LIMIT_INSPECTION_CHANGE_48', '30/3600'),
    // Changes to one lead's booking, whatever the client.
    RATE_LIMIT_INSPECTION_CHANGE_BOOKING: rate('RATE_LIMIT_INSPECTION_CHANGE_BOOKING', '6/86400'),
    // How long a plot stays held for a buyer (hours) before it lapses and returns to the plan, unless reserved first
    // (docs/decisions/0412-plots-never-sold-twice.md).
    PLOT_HOLD_HOURS: wholeNumber('PLOT_HOLD_HOURS', 'hours', 1, 720, 48),
    // The plots one buyer (one lead) may hold at once in one district; a reserved or sold plot does not count.
    PLOT_HOLDS_PER_BUYER: wholeNumber('PLOT_HOLDS_PER_BUYER', 'plots', 1, 20, 1),
    // How long before a hold lapses (hours) the buyer and their agent are reminded; 0: no reminder.
    PLOT_HOLD_REMINDER_HOURS: wholeNumber('PLOT_HOLD_REMINDER_HOURS', 'hours', 0, 168, 6),
    // Attempts to hold a plot from the site, per client address or /64 (each attempt, held or refused).
    RATE_LIMIT_PLOT_HOLD: rate('RATE_LIMIT_PLOT_HOLD', '10/3600'),
    // A "your inspection moved" message waits this long, and later moves within it are told in that one message.
    INSPECTION_MESSAGE_MERGE_MINUTES: wholeNumber('INSPECTION_MESSAGE_MERGE_MINUTES', 'minutes', 0, 60, 5),
    // Messages to one buyer's e-mail address or phone number in a day (UTC), of every kind: receipts, first replies,
    // booking news and reminders (docs/decisions/0401). Past it they are skipped, never queued for later.
    BUYER_MESSAGES_PER_DAY: wholeNumber('BUYER_MESSAGES_PER_DAY', 'messages', 1, 1000, 8),
    // The sales team's working days in Lagos (`mon-fri`, `mon-sat`, `mon,wed,fri`, `mon-fri,sun` …): the first-contact
    // clock runs only on these (`docs/decisions/0206-overdue-leads.md`). Unset: `mon-fri`.
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
    // Working hours on those days, Lagos time, e.g. `08:00-17:00` (start before end; `00:00-24:00` for around the
    // clock). Unset: `08:00-17:00`.
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
    // Working minutes (1 to 1440) within which a new lead should be contacted: after it the lead is overdue (flagged,
    // reminded once).
    LEAD_CONTACT_TARGET_MINUTES: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'LEAD_CONTACT_TARGET_MINUTES must be a whole number of working minutes between 1 and 1440.' })
        .int('LEAD_CONTACT_TARGET_MINUTES must be a whole number of working minutes between 1 and 1440.')
        .min(1, 'LEAD_CONTACT_TARGET_MINUTES must be a whole number of working minutes between 1 and 1440.')
        .max(1440, 'LEAD_CONTACT_TARGET_MINUTES must be a whole number of working minutes between 1 and 1440.')
        .default(WORKING_TIME_DEFAULTS.targetMinutes),
    ),
    // Working minutes an agent has to claim ("I'm on it") or contact a lead the round-robin gave them before it passes
    // to the next agent, then the owners (`docs/decisions/0365`); `0`: leads never move on.
    LEAD_CLAIM_MINUTES: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'LEAD_CLAIM_MINUTES must be a whole number of working minutes between 0 (leads never move on) and 1440.' })
        .int('LEAD_CLAIM_MINUTES must be a whole number of working minutes between 0 (leads never move on) and 1440.')
        .min(0, 'LEAD_CLAIM_MINUTES must be a whole number of working minutes between 0 (leads never move on) and 1440.')
        .max(1440, 'LEAD_CLAIM_MINUTES must be a whole number of working minutes between 0 (leads never move on) and 1440.')
        .default(5),
    ),
    // A form submitted faster than this many milliseconds after opening is stored as spam (`0` turns the check off; at
    // most 600000).
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
      for (const name of ['WHATSAPP_API_BASE', 'TERMII_API_BASE', 'PAYSTACK_API_BASE'] as const)
        if (!isEncryptedOrLocal(env[name], (u) => u.protocol === 'https:'))
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${name} must be an https: address in production (buyers' details, messages or payments go in it), or set ALLOW_INSECURE_TRANSPORT=true.`,
          });
      if (env.FILES_S3_ENDPOINT && !isEncryptedOrLocal(env.FILES_S3_ENDPOINT, (u) => u.protocol === 'https:'))
        ctx.addIssue({
          code: 'custom',
          path: ['FILES_S3_ENDPOINT'],
          message:
            "FILES_S3_ENDPOINT must be an https: address in production (buyers' signed documents go in it), or set ALLOW_INSECURE_TRANSPORT=true.",
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
    if (env.FILES_S3_BUCKET && (!env.FILES_S3_ACCESS_KEY_ID || !env.FILES_S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['FILES_S3_ACCESS_KEY_ID'],
        message:
          'FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY must be set with FILES_S3_BUCKET (the key the bucket gave for this site).',
      });
    if (!env.FILES_S3_BUCKET && (env.FILES_S3_ENDPOINT || env.FILES_S3_ACCESS_KEY_ID || env.FILES_S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['FILES_S3_BUCKET'],
        message: 'FILES_S3_BUCKET must be set with the other FILES_S3_ settings (without it the files stay in FILES_DIR).',
      });
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
 * Every secret setting may come from a file instead (Docker secrets, systemd credentials): NAME_FILE names the file,
 * read once here at start and trimmed, so the secret itself need not sit in the environment
 * (docs/decisions/0385-backups-and-secrets-round-3.md, 0402). Setting both is a start-up error. A new secret setting
 * is added to this one list. SECRETS_KEY_FILE is the exception: it is kept as a path
 * and read where the key is made (src/lib/security/secrets-key.server.ts).
 */
export const SECRETS_FROM_FILES = [
  'DATABASE_URL',
  'SESSION_SECRET',
  'SECRETS_KEY_PREVIOUS',
  'BACKUP_KEY',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'WEBHOOK_URL',
  'WEBHOOK_SECRET',
  'METRICS_TOKEN',
  'WHATSAPP_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'TERMII_API_KEY',
  'TERMII_SECRET_KEY',
  'PAYSTACK_SECRET_KEY',
  'FILES_S3_ACCESS_KEY_ID',
  'FILES_S3_SECRET_ACCESS_KEY',
] as const;

/**
 * The environment with each secret of SECRETS_FROM_FILES read from its NAME_FILE when given, and one sentence per
 * problem (both set, a file that cannot be read). Scripts that read one setting without the whole schema (the staff
 * commands' DATABASE_URL) use it too.
 */
export function withSecretFiles(source: Record<string, string | undefined>): {
  env: Record<string, string | undefined>;
  problems: string[];
} {
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
