import 'server-only';
import { Gauge, type Registry } from 'prom-client';
import { backupState, isAlerted, openAlerts, queueDepth, type BackupState, type QueueDepth } from '@/modules/system/channel-status.server';
import { countsBySubject, deliveryBacklog, notificationCounts, type Backlog } from '@/modules/messaging/server';
import {
  BOOKING_SUBJECTS,
  inspectionMessageBacklog,
  inspectionMessageCounts,
  type InspectionMessageBacklog,
} from '@/modules/inspections/server';
import { conversationCounts } from '@/modules/leads/server';
import { countLeadsByKind } from '@/modules/leads/server';
import { getDatabase } from '@/lib/db/client';
import {
  NOTIFICATION_CHANNELS,
  OUTBOX_SUBJECTS,
  type InspectionMessageChannel,
  type InspectionMessageState,
  type NotificationChannel,
  type NotificationState,
  type OutboxSubject,
} from '@/lib/db/enums';
import type { ChannelAlertRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { errorResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { metricsRegistry } from '@/lib/ops/metrics.server';
import { hasBearerToken } from './operator-access.server';

/**
 * GET /metrics in the Prometheus text format, behind METRICS_TOKEN (docs/decisions/0112-health-metrics-and-owner-alerts.md).
 * Beside this process's own counters (src/lib/ops/metrics.server.ts), the figures read from the database at scrape
 * time, which every instance must report alike because they share one database: leads stored (their total the
 * planner's estimate), messages by channel and state (those waiting and those due or settled in the last day: a scrape
 * reads a day's messages, not whole tables; docs/decisions/0427, 0431), the oldest waiting message, failing channels,
 * queue depth, the last backup's age. One read per scrape (a few aggregate queries), shared by its gauges. Labels are
 * closed sets (kind, channel, state, queue).
 */

interface Snapshot {
  leads: { kind: 'lead' | 'spam' | 'held'; n: number }[];
  notifications: { channel: NotificationChannel; state: NotificationState; n: number }[];
  backlog: Backlog;
  inspectionMessages: { channel: InspectionMessageChannel; state: InspectionMessageState; n: number }[];
  inspectionBacklog: InspectionMessageBacklog;
  conversations: Awaited<ReturnType<typeof conversationCounts>>;
  alerts: ChannelAlertRow[];
  queue: QueueDepth | null;
  backup: BackupState | null;
  otherMessages: Awaited<ReturnType<typeof countsBySubject>>;
  at: Date;
}

/** The database's gauges, registered once per process beside its counters; returns how to start a scrape's read. */
function registerDatabaseGauges(registry: Registry) {
  const registers = [registry];
  // Read once per scrape (metricsResponse starts it), shared by every gauge of that scrape.
  let current: Promise<Snapshot | undefined> = Promise.resolve(undefined);
  const snapshot = () => current;
  const refresh = () => (current = readSnapshot());
  /** A gauge filled from the database snapshot; unknown (NaN, or no series when labelled) when it could not be read. */
  const fromDatabase = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (gauge: Gauge<L>, s: Snapshot) => void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        const s = await snapshot();
        if (s) fill(this, s);
        else if (labelNames.length === 0) (this as Gauge).set(NaN);
      },
    });

  new Gauge({
    name: 'districts_database_up',
    help: 'Whether the database answered the last scrape (1) or not (0).',
    registers,
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  fromDatabase(
    'districts_leads_stored',
    'Leads in the database, by kind (lead, spam kept for review, or held in a flood). Spam and held are counted; lead is the planner’s estimate of the whole table (its rows at the last ANALYZE scaled to its size now) less those two.',
    ['kind'],
    (gauge, s) => {
      for (const row of s.leads) gauge.set({ kind: row.kind }, row.n);
    },
  );
  fromDatabase(
    'districts_notifications',
    'Messages leads set off that are waiting or were due in the last 24 hours, by channel and delivery state.',
    ['channel', 'state'],
    (gauge, s) => {
      for (const row of s.notifications) gauge.set({ channel: row.channel, state: row.state }, row.n);
    },
  );
  fromDatabase('districts_notifications_waiting', 'Messages waiting for an attempt or a retry.', [], (gauge, s) => {
    gauge.set(s.backlog.waiting);
  });
  fromDatabase(
    'districts_notifications_oldest_waiting_seconds',
    'Age of the oldest undelivered message (0 when none waits).',
    [],
    (gauge, s) => {
      gauge.set(s.backlog.oldestWaitingAt ? (s.at.getTime() - s.backlog.oldestWaitingAt.getTime()) / 1000 : 0);
    },
  );
  // The messages site-inspection bookings set off (docs/decisions/0391): a reminder waiting for its time is not late.
  fromDatabase(
    'districts_inspection_messages',
    'Messages site-inspection bookings set off (buyers, agents, owners) that are waiting or were due in the last 24 hours, by channel and delivery state.',
    ['channel', 'state'],
    (gauge, s) => {
      for (const row of s.inspectionMessages) gauge.set({ channel: row.channel, state: row.state }, row.n);
    },
  );
  // Every other subject of the one outbox (docs/decisions/0410): plot holds, receipts and instalment reminders, owners'
  // alerts, agents' hand-overs and overdue reminders, newsletter confirmations, the CRM's lead.erased.
  fromDatabase(
    'districts_outbox_messages',
    'The other messages (plot holds, receipts, instalment reminders, buyers signing in, owners, agents, subscribers, the CRM) that are waiting or were due in the last 24 hours, by subject, channel and delivery state.',
    ['subject', 'channel', 'state'],
    (gauge, s) => {
      for (const row of s.otherMessages) gauge.set({ subject: row.subject, channel: row.channel, state: row.state }, row.n);
    },
  );
  // A lead's WhatsApp and SMS conversation (docs/decisions/0394): the first reply's sending is a notification above.
  fromDatabase(
    'districts_conversation_messages',
    'WhatsApp and SMS messages of leads still being sent, or whose status the provider reported in the last 24 hours, by channel, direction (out, in) and status.',
    ['channel', 'direction', 'status'],
    (gauge, s) => {
      for (const row of s.conversations) gauge.set({ channel: row.channel, direction: row.direction, status: row.status }, row.n);
    },
  );
  fromDatabase(
    'districts_inspection_messages_oldest_waiting_seconds',
    'How long the oldest booking message that is due has waited (0 when none waits).',
    [],
    (gauge, s) => {
      const oldest = s.inspectionBacklog.oldestWaitingAt;
      gauge.set(oldest ? Math.max(0, (s.at.getTime() - oldest.getTime()) / 1000) : 0);
    },
  );
  fromDatabase('districts_channel_failing_seconds', 'How long a channel has been failing (0 when it works).', ['channel'], (gauge, s) => {
    for (const channel of NOTIFICATION_CHANNELS) {
      const alert = s.alerts.find((a) => a.channel === channel);
      gauge.set({ channel }, alert ? (s.at.getTime() - alert.failingSince.getTime()) / 1000 : 0);
    }
  });
  fromDatabase(
    'districts_channel_alerted',
    'Whether the owners have been alerted about a channel that has not recovered yet.',
    ['channel'],
    (gauge, s) => {
      for (const channel of NOTIFICATION_CHANNELS)
        gauge.set({ channel }, s.alerts.some((a) => a.channel === channel && isAlerted(a)) ? 1 : 0);
    },
  );
  fromDatabase(
    'districts_job_queue_depth',
    'Jobs waiting in each pg-boss queue (its own counts, at most a minute old).',
    ['queue'],
    (gauge, s) => {
      for (const queue of s.queue?.queues ?? []) gauge.set({ queue: queue.name }, queue.queued);
    },
  );
  fromDatabase('districts_backup_files', 'Complete backups in the backup directory.', [], (gauge, s) => {
    gauge.set(s.backup ? s.backup.files : NaN);
  });
  // No backup at all is infinitely old, so an alert rule on the age fires for it too.
  fromDatabase('districts_backup_last_age_seconds', 'Age of the newest backup (+Inf when there is none).', [], (gauge, s) => {
    gauge.set(!s.backup ? NaN : s.backup.lastTakenAt ? (s.at.getTime() - s.backup.lastTakenAt.getTime()) / 1000 : Infinity);
  });
  return refresh;
}

/** Every subject of the outbox but a lead's and a booking's, which have gauges of their own: no message goes uncounted. */
const OTHER_SUBJECTS: OutboxSubject[] = OUTBOX_SUBJECTS.filter(
  (subject) => subject !== 'lead' && !(BOOKING_SUBJECTS as readonly OutboxSubject[]).includes(subject),
);

// On globalThis, as the registry: the route bundles of one server process share it.
const HOLDER = Symbol.for('districts.metrics.database');
const databaseGauges = (): (() => void) =>
  ((globalThis as Record<symbol, () => void>)[HOLDER] ??= registerDatabaseGauges(metricsRegistry()));

async function readSnapshot(): Promise<Snapshot | undefined> {
  try {
    const handle = await getDatabase();
    const { db } = handle;
    const at = new Date();
    const [leads, notifications, backlog, inspectionMessages, inspectionBacklog, conversations, alerts, queue, backup, otherMessages] =
      await Promise.all([
        countLeadsByKind(db),
        notificationCounts(db, at),
        deliveryBacklog(db),
        inspectionMessageCounts(db, at),
        inspectionMessageBacklog(db, at),
        conversationCounts(db, at),
        openAlerts(db),
        (handle.runningJobs()?.then(queueDepth) ?? Promise.resolve(null)).catch(() => null),
        backupState(db, at).catch(() => null),
        countsBySubject(db, OTHER_SUBJECTS, at),
      ]);
    return {
      leads,
      notifications,
      backlog,
      inspectionMessages,
      inspectionBacklog,
      conversations,
      alerts,
      queue,
      backup,
      otherMessages,
      at,
    };
  } catch (error) {
    logError('[metrics] could not read the database', error);
    return undefined;
  }
}

/**
 * GET /metrics: without METRICS_TOKEN configured there are no metrics (404, as for any unknown path); with it, a
 * request without that exact Bearer token gets 401 (so a scraper's misconfiguration is told apart from a wrong URL).
 */
export async function metricsResponse(request: Request): Promise<Response> {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return errorResponse(404, 'Not found.');
  if (!hasBearerToken(request, token)) {
    return errorResponse(401, 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).', {
      'WWW-Authenticate': 'Bearer realm="metrics"',
    });
  }
  databaseGauges()();
  const registry = metricsRegistry();
  return new Response(await registry.metrics(), {
    status: 200,
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}
