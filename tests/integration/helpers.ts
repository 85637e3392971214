import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RequestCookies } from 'next/dist/server/web/spec-extension/cookies';
import { workAsyncStorage } from 'next/dist/server/app-render/work-async-storage.external';
import { workUnitAsyncStorage } from 'next/dist/server/app-render/work-unit-async-storage.external';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { openDatabase, setDatabaseForTests, type DatabaseHandle, type Db } from '@/lib/db/client';
import type { NotificationChannel, NotificationState } from '@/lib/db/enums';
import { outboxMessages, type OutboxMessageRow } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env.server';
import { bookingMessageOf, type BookingMessage } from '@/modules/inspections/messages.repository.server';

/**
 * Runs a suite against every database the machine offers: PGlite (always, in memory) and PostgreSQL when
 * TEST_DATABASE_URL is set (each suite in a fresh database, dropped afterwards, so runs are repeatable).
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export interface DriverContext {
  kind: 'pglite' | 'postgres';
  /** The suite's database (opened in beforeAll). */
  handle(): DatabaseHandle;
  /** Another connection pool on the same database (PostgreSQL: a second server instance); PGlite: the same handle. */
  openSecond(): Promise<DatabaseHandle>;
}

let warned = false;

/** The migrated PGlite made once per run (global-setup.ts): a suite's database starts as a copy of it. */
let template: Blob | undefined;
export const pgliteTemplate = () => (template ??= new Blob([readFileSync(inject('pgliteTemplate'))]));

/**
 * Gives `dataDir` (a DATA_DIR) the migrated template's embedded database, as the server leaves it after its first
 * start: opening it then skips initdb (seconds in WebAssembly) and finds every migration applied. For tests of what
 * happens to a database that exists (locks, reopening, settings, CLIs), not of creating one. Returns `dataDir`.
 */
export function seedDataDir(dataDir: string): string {
  cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

export function describeEachDriver(name: string, body: (ctx: DriverContext) => void): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !TEST_DATABASE_URL) {
      if (!warned) {
        warned = true;
        console.warn('[tests] PostgreSQL suites skipped: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).');
      }
      describe.skip(`${name} [postgres: skipped, TEST_DATABASE_URL unset]`, () => body(unavailable(kind)));
      continue;
    }
    describe(`${name} [${kind}]`, () => {
      let handle: DatabaseHandle | undefined;
      const extra: DatabaseHandle[] = [];
      const database = `t_${randomBytes(6).toString('hex')}`;
      let url = '';
      beforeAll(async () => {
        if (kind === 'postgres') url = await createDatabase(database);
        handle =
          kind === 'pglite'
            ? await openDatabase({ dataDir: 'memory://', pgliteTemplate: pgliteTemplate() })
            : await openDatabase({ databaseUrl: url });
        setDatabaseForTests(handle);
      });
      afterAll(async () => {
        setDatabaseForTests(undefined);
        for (const h of extra) await h.close();
        await handle?.close();
        if (kind === 'postgres') await dropDatabase(database);
      });
      body({
        kind,
        handle: () => {
          if (!handle) throw new Error('database not open yet');
          return handle;
        },
        openSecond: async () => {
          if (kind === 'pglite') return handle!;
          const second = await openDatabase({ databaseUrl: url });
          extra.push(second);
          return second;
        },
      });
    });
  }
}

function unavailable(kind: 'pglite' | 'postgres'): DriverContext {
  const fail = () => {
    throw new Error('skipped');
  };
  return { kind, handle: fail, openSecond: fail };
}

async function adminQuery(statement: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the test server; returns its URL. */
export async function createDatabase(name: string): Promise<string> {
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Sets environment variables for the handlers (validated again on next use). */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

export const validLead = (overrides: Record<string, unknown> = {}) => ({
  title: 'Mrs',
  fullname: 'Adaeze Okafor',
  email: 'Adaeze.Okafor@Example.COM',
  phonenumber: '0803 123 4567',
  district: 'Lugbe, Abuja',
  ...overrides,
});

let keyCounter = 0;
export const newKey = () => `test-${Date.now().toString(36)}-${(keyCounter++).toString(36)}-${randomBytes(4).toString('hex')}`;

export function jsonRequest(
  path: string,
  body: unknown,
  options: { headers?: Record<string, string>; method?: string; raw?: boolean } = {},
): Request {
  return new Request(`http://localhost${path}`, {
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.raw ? (body as BodyInit) : JSON.stringify(body),
  });
}

/** A distinct client address per call (rate-limit buckets), as server.mjs passes it (the socket's, last). */
let clientCounter = 1;
export const freshClient = () => {
  const n = clientCounter++;
  return { 'x-forwarded-for': `198.51.${(n >> 8) & 255}.${n & 255}` };
};

/** The notification rows of a lead (written in the lead's own transaction; none for spam). */
export async function notificationsOf(handle: DatabaseHandle, leadId: string) {
  return leadNotificationRows(handle.db, leadId);
}

/**
 * A lead's messages in the one outbox (docs/decisions/0410-one-outbox.md) as the tests read them: each named by its
 * kind as its notification channel (sales_email, receipt, webhook, push, first_reply), as lead_notifications did.
 */
export type LeadNotificationRow = Omit<OutboxMessageRow, 'channel' | 'state' | 'leadId'> & {
  leadId: string;
  channel: NotificationChannel;
  state: NotificationState;
};

const asLeadNotification = (row: OutboxMessageRow): LeadNotificationRow => ({
  ...row,
  leadId: row.subjectId,
  channel: row.kind as NotificationChannel,
  state: (row.state === 'sending' ? 'queued' : row.state) as NotificationState,
});

/** Where a lead's message (of one channel) is, in outbox_messages. */
export const leadNotificationWhere = (leadIds: string | string[], channel?: NotificationChannel): SQL =>
  and(
    eq(outboxMessages.subjectType, 'lead'),
    typeof leadIds === 'string' ? eq(outboxMessages.leadId, leadIds) : inArray(outboxMessages.leadId, leadIds),
    channel ? eq(outboxMessages.kind, channel) : undefined,
  )!;

/** The messages of these leads (of one channel). */
export async function leadNotificationRows(db: Db, leadIds: string | string[], channel?: NotificationChannel) {
  return (await db.select().from(outboxMessages).where(leadNotificationWhere(leadIds, channel))).map(asLeadNotification);
}

/** The message `id` of a lead. */
export async function leadNotificationById(db: Db, id: string) {
  return (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id))).map(asLeadNotification);
}

/** Every lead message in a state. */
export async function leadNotificationsInState(db: Db, state: NotificationState) {
  return (
    await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.subjectType, 'lead'), eq(outboxMessages.state, state)))
  ).map(asLeadNotification);
}

const CHANNEL_OF = { sales_email: 'email', receipt: 'email', webhook: 'webhook', push: 'push', first_reply: 'phone' } as const;

/** Writes a lead's message straight into the outbox, as the lead's transaction would have queued it. */
export async function insertLeadNotification(
  db: Db,
  values: {
    leadId: string;
    channel: NotificationChannel;
    state?: NotificationState;
    attempts?: number;
    lastError?: string | null;
    sentAt?: Date | null;
    createdAt?: Date;
  },
) {
  const { leadId, channel, ...rest } = values;
  const [row] = await db
    .insert(outboxMessages)
    .values({
      subjectType: 'lead',
      subjectId: leadId,
      leadId,
      kind: channel,
      channel: CHANNEL_OF[channel],
      dedupeKey: `lead:${leadId}:${channel}`,
      ...(rest.createdAt ? { dueAt: rest.createdAt } : {}),
      ...rest,
    })
    .returning();
  return asLeadNotification(row);
}

/**
 * A booking's messages (and a slot's owners' alerts) as the inspections module reads them from the one outbox
 * (docs/decisions/0410): what each is about, its kind, channel, slot time, due time and how far it got.
 */
export async function bookingMessageRows(db: Db, where: (m: BookingMessage) => boolean = () => true): Promise<BookingMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.subjectType, ['booking', 'slot']))
    .orderBy(asc(outboxMessages.dueAt), asc(outboxMessages.id));
  return rows.map(bookingMessageOf).filter(where);
}

/** Sets a booking message's state as if something else had raced it (a test's stand-in for a lost race). */
export async function setBookingMessageState(db: Db, id: string, state: BookingMessage['state']): Promise<void> {
  await db.update(outboxMessages).set({ state }).where(eq(outboxMessages.id, id));
}

/**
 * Runs a server component's body as Next.js does for one request: cookies() and headers() read this request's. Only
 * the component's own code runs (what it fetches and writes), not its children.
 */
export function asRequest<T>(cookie: string, render: () => Promise<T>): Promise<T> {
  const headers = new Headers({ host: 'localhost', ...(cookie ? { cookie } : {}) });
  const work = { route: '/', forceStatic: false, dynamicShouldError: false };
  const request = { type: 'request', phase: 'render', headers, cookies: new RequestCookies(headers) };
  return workAsyncStorage.run(work as never, () => workUnitAsyncStorage.run(request as never, render));
}

/** Every row of every table of the application, as one fingerprint per table (count and a hash of the rows). */
export async function fingerprint(db: {
  execute: (query: ReturnType<typeof sql.raw>) => Promise<unknown>;
}): Promise<Record<string, string>> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql.raw(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
    ),
  ).map((row) => row.name);
  const prints: Record<string, string> = {};
  for (const table of tables.sort()) {
    const [row] = rowsOf<{ n: number; h: string | null }>(
      await db.execute(sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from public."${table}" t`)),
    );
    prints[table] = `${row.n} ${row.h ?? ''}`;
  }
  return prints;
}
