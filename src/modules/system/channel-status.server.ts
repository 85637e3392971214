import 'server-only';
import { desc, isNull } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { NOTIFICATION_COPY } from '@/content/notifications';
import { listBackups } from '@/lib/backup/files.server';
import type { Db } from '@/lib/db/client';
import type { NotificationChannel } from '@/lib/db/enums';
import { channelAlerts, type ChannelAlertRow } from '@/lib/db/schema';
import { readSetting, writeSettingOnce } from '@/lib/db/settings.server';
import { getEnv } from '@/lib/env.server';
import { QUEUES } from '@/lib/jobs/queues';
import type { Backlog } from '@/modules/messaging/server';
import { firstReplyOn } from '@/modules/leads/server';

/**
 * What the site knows about its own health (docs/decisions/0112-health-metrics-and-owner-alerts.md), read from the
 * database, the job queue and the backup directory, with no personal data, and the limits that make a fact a
 * problem: /api/health, /metrics, the owners' System page (src/modules/system) and the channel check
 * (src/modules/leads/notifications) all read these. How messages are delivered is read from the one outbox by
 * src/modules/messaging/outbox/outbox.repository.server.ts (deliveryBacklog, channelStates). Each is a few indexed queries.
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

// ---- channels -----------------------------------------------------------------------------------------------

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
  switch (channel) {
    case 'push':
      return true;
    case 'webhook':
      return Boolean(env.WEBHOOK_URL && env.WEBHOOK_SECRET);
    case 'first_reply':
      return firstReplyOn(env);
    default:
      return Boolean(env.SMTP_URL);
  }
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
  await writeSettingOnce(db, FIRST_START, now.toISOString(), now);
}

export async function firstStartedAt(db: Db): Promise<Date | null> {
  const value = await readSetting(db, FIRST_START);
  const at = typeof value === 'string' ? new Date(value) : null;
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
