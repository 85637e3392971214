import 'server-only';
import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { NOTIFICATION_COPY } from '@/content/notifications';
import { listBackups } from '@/lib/backup/files.server';
import type { DatabaseHandle, Db, DbKind } from '@/lib/db/client';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@/lib/db/enums';
import { appSettings, channelAlerts, type ChannelAlertRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { QUEUES } from '@/lib/jobs/queues';
import { errorKind } from './error-kind';

/**
 * What the site knows about its own health (docs/decisions/0112-health-metrics-and-owner-alerts.md), read from the
 * database, the job queue and the backup directory, with no personal data: /api/health, /metrics, the owners'
 * System page and the channel check all read these. Each is a few indexed queries.
 */

/** The limits that make a fact a problem (for /api/health?deep=1 and the System page). */
export const LIMITS = {
  /** A message still undelivered this long after its lead. */
  oldestWaitingMs: 15 * 60_000,
  /** A channel failing this long alerts the owners. */
  alertAfterMs: 10 * 60_000,
  /** The newest backup older than this (the nightly backup plus two hours' slack). */
  backupMaxAgeMs: 26 * 3_600_000,
  /** Backups are expected once the site has run this long since its first start (its first night's backup is done). */
  backupGraceMs: 26 * 3_600_000,
} as const;

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));
const epochMs = (column: ReturnType<typeof sql>) => sql`(extract(epoch from ${column}) * 1000)::float8`;

// ---- messages waiting ---------------------------------------------------------------------------------------

export interface Backlog {
  /** Messages waiting for an attempt or a retry (lead_notifications in state queued). */
  waiting: number;
  oldestWaitingAt: Date | null;
}

/** The undelivered messages: one scan of the few queued rows (the state index). */
export async function deliveryBacklog(db: Db): Promise<Backlog> {
  const [row] = await rows<{ waiting: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as waiting, ${epochMs(sql`min(created_at)`)} as oldest from lead_notifications where state = 'queued'`,
  );
  return { waiting: row.waiting, oldestWaitingAt: toDate(row.oldest) };
}

// ---- channels -----------------------------------------------------------------------------------------------

export interface ChannelState {
  channel: NotificationChannel;
  waiting: number;
  oldestWaitingAt: Date | null;
  lastSentAt: Date | null;
  /**
   * Set while the channel is failing: when the first message it could not deliver after its last delivered one was
   * created. Such a message has had a failed attempt and is waiting for a retry (or was given up); a message to one
   * bad address among others that go through does not count, because a later one was delivered.
   */
  failingSince: Date | null;
  /** Messages failing that way. */
  failing: number;
  /** The newest of their errors, without addresses (./error-kind.ts). */
  lastErrorKind: string | null;
}

/**
 * Every channel's state in one statement: the last delivered message per channel (an index lookup each), joined to
 * the waiting and given-up rows (the state index; there are few).
 */
export async function channelStates(db: Db): Promise<ChannelState[]> {
  const failing = sql`(o.last_error is not null and o.attempts > 0 and o.created_at > coalesce(l.last_sent, '-infinity'))`;
  const result = await rows<{
    channel: NotificationChannel;
    last_sent: number | null;
    waiting: number;
    oldest_waiting: number | null;
    failing: number;
    failing_since: number | null;
    last_error: string | null;
  }>(
    db,
    sql`with l as (
          select c.channel, (select max(n.sent_at) from lead_notifications n where n.channel = c.channel and n.state = 'sent') as last_sent
            from unnest(${`{${NOTIFICATION_CHANNELS.join(',')}}`}::text[]) as c(channel)
        )
        select l.channel,
               ${epochMs(sql`l.last_sent`)} as last_sent,
               (count(o.id) filter (where o.state = 'queued'))::int as waiting,
               ${epochMs(sql`min(o.created_at) filter (where o.state = 'queued')`)} as oldest_waiting,
               (count(o.id) filter (where ${failing}))::int as failing,
               ${epochMs(sql`min(o.created_at) filter (where ${failing})`)} as failing_since,
               (array_agg(o.last_error order by o.updated_at desc) filter (where ${failing}))[1] as last_error
          from l left join lead_notifications o on o.channel = l.channel and o.state in ('queued', 'failed')
         group by l.channel, l.last_sent`,
  );
  const byChannel = new Map(result.map((row) => [row.channel, row]));
  return NOTIFICATION_CHANNELS.map((channel) => {
    const row = byChannel.get(channel);
    return {
      channel,
      waiting: row?.waiting ?? 0,
      oldestWaitingAt: toDate(row?.oldest_waiting ?? null),
      lastSentAt: toDate(row?.last_sent ?? null),
      failingSince: toDate(row?.failing_since ?? null),
      failing: row?.failing ?? 0,
      lastErrorKind: errorKind(row?.last_error),
    };
  });
}

/** Episodes of a channel failing that have not ended (at most one per channel). */
export function openAlerts(db: Db): Promise<ChannelAlertRow[]> {
  return db.select().from(channelAlerts).where(isNull(channelAlerts.resolvedAt)).orderBy(channelAlerts.openedAt);
}

/** The latest episodes, open or ended, for the System page. */
export function recentAlerts(db: Db, limit = 10): Promise<ChannelAlertRow[]> {
  return db.select().from(channelAlerts).orderBy(desc(channelAlerts.openedAt)).limit(limit);
}

export const isAlerted = (alert: ChannelAlertRow) => alert.alertedAt !== null && alert.resolvedAt === null;

/**
 * Whether a channel has somewhere to send to: a mail server for the e-mails, a URL and secret for the webhook. Push
 * always has (the site makes its own keys); a lead whose people have no phone with alerts on is marked not_configured.
 */
export function channelConfigured(channel: NotificationChannel, env = getEnv()): boolean {
  if (channel === 'push') return true;
  return channel === 'webhook' ? Boolean(env.WEBHOOK_URL && env.WEBHOOK_SECRET) : Boolean(env.SMTP_URL);
}

// ---- job queue ----------------------------------------------------------------------------------------------

export interface QueueDepth {
  /** Jobs waiting in every queue (retries that are not due yet included). */
  depth: number;
  queues: { name: string; queued: number; active: number }[];
}

/** pg-boss's own counts per queue (kept by its monitor, at most a minute old): one small table, no job scan. */
export async function queueDepth(boss: PgBoss): Promise<QueueDepth> {
  const found = await boss.getQueues(QUEUES.map((queue) => queue.name));
  const queues = found.map((queue) => ({ name: queue.name, queued: queue.queuedCount, active: queue.activeCount }));
  return { depth: queues.reduce((sum, queue) => sum + queue.queued, 0), queues };
}

// ---- backups ------------------------------------------------------------------------------------------------

const FIRST_START = 'first_started_at';

/** Notes the site's first start (once, whichever instance is first): backups are expected a day after it. */
export async function recordFirstStart(db: Db, now = new Date()): Promise<void> {
  await db.insert(appSettings).values({ name: FIRST_START, value: now.toISOString(), updatedAt: now }).onConflictDoNothing();
}

export async function firstStartedAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, FIRST_START));
  const at = typeof row?.value === 'string' ? new Date(row.value) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

export interface BackupState {
  lastTakenAt: Date | null;
  files: number;
  /**
   * Whether a missing or old backup is a problem: only once the site has run a day since its first start (a new site
   * has had no night yet). An unknown first start (never recorded) expects nothing rather than alarming.
   */
  expected: boolean;
}

export async function backupState(db: Db, now = new Date()): Promise<BackupState> {
  const [files, firstStart] = await Promise.all([listBackups(), firstStartedAt(db)]);
  return {
    lastTakenAt: files[0]?.takenAt ?? null,
    files: files.length,
    expected: firstStart !== null && now.getTime() - firstStart.getTime() >= LIMITS.backupGraceMs,
  };
}

// ---- problems -----------------------------------------------------------------------------------------------

export type ProblemCode =
  'database_down' | 'notifications_delayed' | 'channel_failing' | 'backup_missing' | 'backup_stale' | 'facts_unavailable';

export interface Problem {
  code: ProblemCode;
  message: string;
}

const minutes = (ms: number) => Math.floor(ms / 60_000);
const hours = (ms: number) => Math.floor(ms / 3_600_000);

/** What is wrong in these facts, one sentence each (no personal data: counts, ages, channel names). */
export function problemsOf(
  facts: { backlog?: Backlog | null; alerts?: ChannelAlertRow[] | null; backup?: BackupState | null },
  now = new Date(),
): Problem[] {
  const problems: Problem[] = [];
  const oldest = facts.backlog?.oldestWaitingAt;
  if (oldest && now.getTime() - oldest.getTime() > LIMITS.oldestWaitingMs) {
    problems.push({
      code: 'notifications_delayed',
      message: `The oldest undelivered message has waited ${minutes(now.getTime() - oldest.getTime())} minutes (limit ${minutes(LIMITS.oldestWaitingMs)}).`,
    });
  }
  for (const alert of facts.alerts ?? []) {
    if (!isAlerted(alert)) continue;
    problems.push({
      code: 'channel_failing',
      message: `${NOTIFICATION_COPY.channels[alert.channel]} has been failing for ${minutes(now.getTime() - alert.failingSince.getTime())} minutes.`,
    });
  }
  const backup = facts.backup;
  if (backup?.expected) {
    if (!backup.lastTakenAt) problems.push({ code: 'backup_missing', message: 'No backup has been taken.' });
    else if (now.getTime() - backup.lastTakenAt.getTime() > LIMITS.backupMaxAgeMs)
      problems.push({
        code: 'backup_stale',
        message: `The newest backup is ${hours(now.getTime() - backup.lastTakenAt.getTime())} hours old (limit ${hours(LIMITS.backupMaxAgeMs)}).`,
      });
  }
  return problems;
}

// ---- everything, for the owners' System page -----------------------------------------------------------------

export interface SystemStatus {
  now: Date;
  database: { driver: DbKind; responseMs: number; durability: string };
  backlog: Backlog;
  channels: (ChannelState & { configured: boolean; alert: ChannelAlertRow | undefined })[];
  recentAlerts: ChannelAlertRow[];
  queue: QueueDepth | null;
  backup: BackupState | null;
  problems: Problem[];
}

/** Every fact the System page shows (src/app/admin/system/page.tsx); the page itself needs the database to render. */
export async function systemStatus(handle: DatabaseHandle, now = new Date()): Promise<SystemStatus> {
  const { db } = handle;
  const started = performance.now();
  await handle.ping();
  const responseMs = performance.now() - started;
  const [backlog, states, open, recent, queue, backup] = await Promise.all([
    deliveryBacklog(db),
    channelStates(db),
    openAlerts(db),
    recentAlerts(db),
    (handle.runningJobs()?.then(queueDepth) ?? Promise.resolve(null)).catch(() => null),
    backupState(db, now).catch(() => null),
  ]);
  return {
    now,
    database: { driver: handle.kind, responseMs, durability: handle.durability },
    backlog,
    channels: states.map((state) => ({
      ...state,
      configured: channelConfigured(state.channel),
      alert: open.find((a) => a.channel === state.channel),
    })),
    recentAlerts: recent,
    queue,
    backup,
    problems: problemsOf({ backlog, alerts: open, backup }, now),
  };
}
