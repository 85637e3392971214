import 'server-only';
import type { DatabaseHandle, DbKind } from '@/lib/db/client';
import type { ChannelAlertRow } from '@/lib/db/schema';
import {
  backupState,
  channelConfigured,
  openAlerts,
  problemsOf,
  queueDepth,
  recentAlerts,
  type BackupState,
  type Problem,
  type QueueDepth,
} from '@/modules/system/channel-status.server';
import { channelStates, deliveryBacklog, type Backlog, type ChannelState } from '@/modules/messaging/server';
import { inspectionMessageBacklog, type InspectionMessageBacklog } from '@/modules/inspections/server';
import { smsToday } from '@/modules/messaging/server';
import { getEnv } from '@/lib/env.server';
import { smsConfigured } from '@/modules/messaging/server';

export interface SystemStatus {
  now: Date;
  database: { driver: DbKind; responseMs: number; durability: string };
  backlog: Backlog;
  /** The messages of site-inspection bookings that are due and not delivered, and the last one delivered. */
  inspectionMessages: InspectionMessageBacklog & { mailConfigured: boolean };
  channels: (ChannelState & { configured: boolean; alert: ChannelAlertRow | undefined })[];
  recentAlerts: ChannelAlertRow[];
  /** While SMS is set up: today's SMS against SMS_DAILY_LIMIT, paused or not, and SMS_COUNTRIES (docs/decisions/0402). */
  sms?: { sent: number; limit: number; pausedAt?: Date; countries: string[] };
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
  const [backlog, inspectionMessages, states, open, recent, queue, backup, sms] = await Promise.all([
    deliveryBacklog(db),
    inspectionMessageBacklog(db, now),
    channelStates(db),
    openAlerts(db),
    recentAlerts(db),
    (handle.runningJobs()?.then(queueDepth) ?? Promise.resolve(null)).catch(() => null),
    backupState(db, now).catch(() => null),
    smsConfigured() ? smsToday(db, now) : undefined,
  ]);
  return {
    now,
    database: { driver: handle.kind, responseMs, durability: handle.durability },
    backlog,
    // Their e-mails go by the same mail server as the receipt's.
    inspectionMessages: { ...inspectionMessages, mailConfigured: channelConfigured('receipt') },
    channels: states.map((state) => ({
      ...state,
      configured: channelConfigured(state.channel),
      alert: open.find((a) => a.channel === state.channel),
    })),
    recentAlerts: recent,
    ...(sms ? { sms: { sent: sms.sent, limit: sms.limit, pausedAt: sms.pausedAt, countries: getEnv().SMS_COUNTRIES } } : {}),
    queue,
    backup,
    problems: problemsOf({ backlog, alerts: open, backup }, now),
  };
}
