import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { getDatabase, type Db } from '@/lib/db/client';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationState } from '@/lib/db/enums';
import { getEnv } from '@/lib/env.server';
import { errorResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import {
  backupState,
  deliveryBacklog,
  isAlerted,
  openAlerts,
  queueDepth,
  type Backlog,
  type BackupState,
  type QueueDepth,
} from './status.server';
import type { ChannelAlertRow } from '@/lib/db/schema';

/**
 * GET /metrics in the Prometheus text format (prom-client), behind METRICS_TOKEN
 * (docs/decisions/0112-health-metrics-and-owner-alerts.md). Two kinds of figures:
 * - from the database at scrape time (gauges filled in collect()): what every instance must report alike, because
 *   they share one database: leads stored, messages by channel and state, the oldest waiting message, failing
 *   channels, queue depth, the last backup's age. One read per scrape (a few aggregate queries), shared by its gauges;
 * - in this process (counters and histograms): public form requests by outcome (refusals by reason) and their
 *   latency, and the submit-to-delivered time of each message this process delivered. Prometheus adds instances up.
 * Labels are closed sets (form, outcome, channel, state, queue): never anything a visitor typed.
 */

/** Why a public form request was refused, or `accepted` (stored, or a repeat answered with the stored lead). */
export type FormOutcome = 'accepted' | 'invalid' | 'too_large' | 'unsupported_type' | 'rate_limited_client' | 'unavailable' | 'refused';

interface Snapshot {
  leads: { kind: 'lead' | 'spam' | 'held'; n: number }[];
  notifications: { channel: NotificationChannel; state: NotificationState; n: number }[];
  backlog: Backlog;
  alerts: ChannelAlertRow[];
  queue: QueueDepth | null;
  backup: BackupState | null;
  at: Date;
}

function create() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

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
    'Leads in the database, by kind (lead, spam kept for review, or held in a flood).',
    ['kind'],
    (gauge, s) => {
      for (const row of s.leads) gauge.set({ kind: row.kind }, row.n);
    },
  );
  fromDatabase('districts_notifications', 'Messages leads set off, by channel and delivery state.', ['channel', 'state'], (gauge, s) => {
    for (const row of s.notifications) gauge.set({ channel: row.channel, state: row.state }, row.n);
  });
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

  return {
    registry,
    refresh,
    formRequests: new Counter({
      name: 'districts_form_requests_total',
      help: 'Public form posts answered by this process, by form and outcome (accepted, or why they were refused).',
      labelNames: ['form', 'outcome'] as const,
      registers,
    }),
    formSeconds: new Histogram({
      name: 'districts_form_request_duration_seconds',
      help: 'Time to answer a public form post in this process, by form.',
      labelNames: ['form'] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    deliverySeconds: new Histogram({
      name: 'districts_notification_delivery_seconds',
      help: 'From the lead being stored to its message being delivered, for messages this process delivered, by channel.',
      labelNames: ['channel'] as const,
      buckets: [1, 2, 5, 10, 30, 60, 300, 900, 3600, 21_600, 86_400],
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof create>;

// On globalThis: the route bundles and the workers of one server process count into the same registry.
const HOLDER = Symbol.for('districts.metrics');
const metrics = (): Metrics => ((globalThis as Record<symbol, Metrics>)[HOLDER] ??= create());

const countRows = async <T>(query: ReturnType<typeof sql>, db: Db) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function readSnapshot(): Promise<Snapshot | undefined> {
  try {
    const handle = await getDatabase();
    const { db } = handle;
    const at = new Date();
    const [leads, notifications, backlog, alerts, queue, backup] = await Promise.all([
      countRows<Snapshot['leads'][number]>(
        sql`select case when spam_reason = 'flood' then 'held' when spam then 'spam' else 'lead' end as kind, count(*)::int as n
            from interest_submissions group by 1`,
        db,
      ),
      countRows<Snapshot['notifications'][number]>(
        sql`select channel, state, count(*)::int as n from lead_notifications group by channel, state`,
        db,
      ),
      deliveryBacklog(db),
      openAlerts(db),
      (handle.runningJobs()?.then(queueDepth) ?? Promise.resolve(null)).catch(() => null),
      backupState(db, at).catch(() => null),
    ]);
    return { leads, notifications, backlog, alerts, queue, backup, at };
  } catch (error) {
    logError('[metrics] could not read the database', error);
    return undefined;
  }
}

/** Starts timing one public form post; the returned function records its answer (publicForm in lib/http). */
export function formRequestTimer(form: string): (status: number) => void {
  const started = performance.now();
  return (status) => {
    const m = metrics();
    m.formRequests.inc({ form, outcome: outcomeOf(status) });
    m.formSeconds.observe({ form }, (performance.now() - started) / 1000);
  };
}

function outcomeOf(status: number): FormOutcome {
  if (status < 400) return 'accepted';
  if (status === 400) return 'invalid';
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_type';
  if (status === 429) return 'rate_limited_client';
  if (status >= 500) return 'unavailable';
  return 'refused';
}

/** A message delivered: how long after its lead was stored. */
export function observeDelivery(channel: NotificationChannel, leadCreatedAt: Date, at: Date): void {
  metrics().deliverySeconds.observe({ channel }, Math.max(0, (at.getTime() - leadCreatedAt.getTime()) / 1000));
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics: without METRICS_TOKEN configured there are no metrics (404, as for any unknown path); with it, a
 * request without that exact Bearer token gets 401 (so a scraper's misconfiguration is told apart from a wrong URL).
 */
export async function metricsResponse(request: Request): Promise<Response> {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return errorResponse(404, 'Not found.');
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(token))) {
    return errorResponse(401, 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).', {
      'WWW-Authenticate': 'Bearer realm="metrics"',
    });
  }
  const { registry, refresh } = metrics();
  refresh();
  return new Response(await registry.metrics(), {
    status: 200,
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}
