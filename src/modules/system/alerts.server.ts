import 'server-only';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { lockKeysInOrder } from '@/lib/db/conflicts';
import type { NotificationChannel } from '@/lib/db/enums';
import { channelAlerts, staffUsers, type ChannelAlertRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { stableJobId, workEach, type ScheduledJob } from '@/lib/jobs/queue';
import { CHANNEL_CHECK, IDLE_POLL_SECONDS, OWNER_ALERT } from '@/lib/jobs/queues';
import {
  emailChannel,
  messageByKey,
  queueMessages,
  wakeOutbox,
  webhookChannel,
  type NewOutboxMessage,
  type NotSent,
  type OutboxSender,
  type OutboxSenders,
} from '@/modules/messaging/server';
import { channelConfigured, LIMITS, openAlerts } from '@/modules/system/channel-status.server';
import { arrivalOf, countHeldSince, otherLeadHeldSince } from '@/modules/leads/server';
import { channelStates, type ChannelState } from '@/modules/messaging/server';
import { claimSmsPauseAlert, forgetOldSmsDays } from '@/modules/messaging/server';
import {
  alertWebhookPayload,
  floodAlertEmail,
  ownerAlertEmail,
  slotNetworksAlertEmail,
  smsPausedAlertEmail,
  type AlertKind,
} from '@/modules/leads';
import { slotById, type SlotNetworksAlertJob } from '@/modules/inspections/server';
import { paymentAlertAbout, paymentOwnerEmail, type PaymentOwnerAlert } from '@/modules/payments/server';
import { deliverDocumentAlert, type DocumentAlertJob } from '@/modules/documents/server';

/**
 * Owners hear about trouble (docs/decisions/0112-health-metrics-and-owner-alerts.md). Every minute a scheduled check
 * reads each channel's state from the one outbox (src/modules/messaging/outbox/outbox.repository.server.ts) and moves its episode in
 * channel_alerts: opened when messages stop going through, alerted once it has lasted 10 minutes, resolved when
 * they go through again. Each move is one conditional write, committed together with the jobs it queues (one per
 * owner, and one for the webhook), so several instances and restarts alert once and recover once per episode.
 * Every alert is a message of the one outbox (subject `owner`: docs/decisions/0410-one-outbox.md), so it is retried,
 * given up and counted as every other message is; the `owner-alert` queue only drains the release before's jobs.
 */

/** A recipient of an alert: an owner's staff id, or the CRM's webhook. */
const WEBHOOK = 'webhook';

/** A job of the owner-alert queue: a channel's alert or recovery, the news of a flood of leads, SMS paused, or a slot
 * filled from few networks. */
export type OwnerAlertJob =
  ChannelAlertJob | FloodAlertJob | SmsPausedAlertJob | SlotNetworksAlertJob | PaymentOwnerAlert | DocumentAlertJob;

interface ChannelAlertJob {
  alertId: string;
  kind: AlertKind;
  to: string;
}

/** To one owner: the flood that the held lead `firstHeldId` began. */
interface FloodAlertJob {
  kind: 'flood';
  firstHeldId: string;
  to: string;
}

/** The job's id, made from what it sends: an alert is queued once per episode, kind and recipient. */
/** To one owner: today's SMS budget ran out at `pausedAt`, with `limit` SMS (docs/decisions/0402). */
interface SmsPausedAlertJob {
  kind: 'sms_paused';
  day: string;
  limit: number;
  pausedAt: string;
  to: string;
}

export function alertJobId(alertId: string, kind: OwnerAlertJob['kind'], to: string): string {
  return stableJobId(`${alertId}:${kind}:${to}`);
}

/** What an alert is about, in its key: the episode, the flood's first held lead, the SMS day, the slot. */
const aboutOf = (job: OwnerAlertJob) =>
  job.kind === 'payment_flagged' || job.kind === 'payment_recheck'
    ? paymentAlertAbout(job)
    : job.kind === 'flood'
      ? job.firstHeldId
      : job.kind === 'sms_paused'
        ? `sms:${job.day}`
        : job.kind === 'slot_networks'
          ? job.slotId
          : job.kind === 'document_forgery'
            ? job.hour
            : job.kind === 'documents_late'
              ? job.day
              : job.alertId;

/** The outbox key of an alert: one message per episode (flood, day, slot), kind and recipient, as its job's id was. */
export const ownerAlertKey = (job: OwnerAlertJob) => `owner:${aboutOf(job)}:${job.kind}:${job.to}`;

/**
 * An alert as an outbox message: about its recipient (an owner's staff id; the webhook's, the episode), the job's
 * fields as its payload (no personal data: ids, counts, a day). A flood's carries its lead, so erasing it erases this.
 */
export function ownerAlertMessage(job: OwnerAlertJob): NewOutboxMessage {
  const toWebhook = job.to === WEBHOOK;
  return {
    subjectType: 'owner',
    subjectId: toWebhook ? aboutOf(job) : job.to,
    leadId: job.kind === 'flood' ? job.firstHeldId : null,
    kind: job.kind,
    channel: toWebhook ? 'webhook' : 'email',
    dedupeKey: ownerAlertKey(job),
    payload: { ...job },
  };
}

/** Queues alerts in the caller's transaction (the outbox's worker is woken once it commits). */
async function queueAlerts(tx: Db, boss: PgBoss, jobs: OwnerAlertJob[]): Promise<void> {
  if (jobs.length) await queueMessages(tx, boss, jobs.map(ownerAlertMessage));
}

/** The outbox's sender of the owners' alerts: the payload is the alert, rendered and sent when it goes. */
export const ownerAlertSender: OutboxSender<OwnerAlertJob> = {
  async load(_db, messages) {
    return new Map(messages.map((message) => [message.id, message.payload as unknown as OwnerAlertJob]));
  },
  send: (db, _message, job) => deliverOwnerAlert(db, undefined, job),
};

/** The senders the server process gives the one outbox's worker for the system module's messages. */
export const ownerAlertSenders = (): OutboxSenders => ({ owner: ownerAlertSender as OutboxSender<never> });

const NOT_AN_OWNER: NotSent = { state: 'skipped', lastError: 'not an active owner any more' };

export interface CheckResult {
  opened: NotificationChannel[];
  alerted: NotificationChannel[];
  recovered: NotificationChannel[];
}

/** One pass of the check at `now` (a parameter, so tests can move the clock). Returns what it changed. */
export async function checkChannels(db: Db, boss: PgBoss, now = new Date()): Promise<CheckResult> {
  const result: CheckResult = { opened: [], alerted: [], recovered: [] };
  const [states, open] = await Promise.all([channelStates(db), openAlerts(db)]);
  for (const state of states) {
    let alert = open.find((a) => a.channel === state.channel);
    // A channel switched off (no mail server, no webhook URL) sends nothing more: it is not failing, and an episode
    // it had ends without a recovery message (it did not recover; the owner turned it off).
    if (!channelConfigured(state.channel)) {
      if (alert) await resolve(db, boss, alert, now, { silently: true });
      continue;
    }
    if (state.failingSince) {
      if (!alert) {
        // The partial unique index keeps one open episode per channel: an instance that loses the race moves on.
        [alert] = await db
          .insert(channelAlerts)
          .values({
            channel: state.channel,
            failingSince: state.failingSince,
            openedAt: now,
            waiting: state.waiting,
            errorKind: state.lastErrorKind,
          })
          .onConflictDoNothing()
          .returning();
        if (!alert) continue;
        result.opened.push(state.channel);
      }
      if (!alert.alertedAt && now.getTime() - alert.failingSince.getTime() >= LIMITS.alertAfterMs) {
        if (await alertRecipients(db, boss, alert, state, now)) result.alerted.push(state.channel);
      }
    } else if (alert) {
      if (await resolve(db, boss, alert, now)) result.recovered.push(state.channel);
    }
  }
  // Ended episodes are history for the System page; three months of it is plenty (no personal data in them).
  await db
    .delete(channelAlerts)
    .where(and(isNotNull(channelAlerts.resolvedAt), lt(channelAlerts.openedAt, new Date(now.getTime() - KEEP_ENDED_MS))));
  return result;
}

const KEEP_ENDED_MS = 90 * 86_400_000;

/** The webhook hears of the e-mail channels; of its own failure it would hear only once it works again. */
const webhookWanted = (channel: NotificationChannel) => channel !== 'webhook' && channelConfigured('webhook');

async function alertRecipients(db: Db, boss: PgBoss, alert: ChannelAlertRow, state: ChannelState, now: Date): Promise<boolean> {
  const queued = await db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
    const recipients = [...owners.map((owner) => owner.id), ...(webhookWanted(alert.channel) ? [WEBHOOK] : [])];
    const [alerted] = await tx
      .update(channelAlerts)
      .set({ alertedAt: now, recipients, waiting: state.waiting, errorKind: state.lastErrorKind })
      .where(and(eq(channelAlerts.id, alert.id), isNull(channelAlerts.alertedAt), isNull(channelAlerts.resolvedAt)))
      .returning({ id: channelAlerts.id });
    if (!alerted) return false;
    await queue(boss, tx, alert.id, 'failing', recipients);
    return true;
  });
  if (queued) wakeOutbox(boss);
  return queued;
}

/** Ends the episode; owners who were alerted get the recovery. A failure shorter than the threshold ends silently. */
async function resolve(db: Db, boss: PgBoss, alert: ChannelAlertRow, now: Date, { silently = false } = {}): Promise<boolean> {
  const queued = await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(channelAlerts)
      .set({ resolvedAt: now })
      .where(and(eq(channelAlerts.id, alert.id), isNull(channelAlerts.resolvedAt)))
      .returning();
    if (!ended?.alertedAt || silently) return false;
    await queue(boss, tx, ended.id, 'recovered', ended.recipients);
    return true;
  });
  if (queued) wakeOutbox(boss);
  return queued;
}

function queue(boss: PgBoss, tx: Db, alertId: string, kind: AlertKind, recipients: string[]) {
  return queueAlerts(
    tx,
    boss,
    recipients.map((to) => ({ alertId, kind, to }) satisfies OwnerAlertJob),
  );
}

/**
 * One alert or recovery to one owner (e-mail) or to the webhook: the outbox's sender (and the `owner-alert` job of the
 * release before, `boss` given); a failure is thrown and retried by the outbox for about a day. A recovery waits while
 * the alert to the same recipient is still being retried (say, the mail server itself was down), so nobody reads "works
 * again" before "is failing".
 */
export async function deliverOwnerAlert(db: Db, boss: PgBoss | undefined, job: OwnerAlertJob): Promise<'sent' | NotSent> {
  if (job.kind === 'flood') return deliverFloodAlert(db, job);
  if (job.kind === 'sms_paused') return deliverSmsPausedAlert(db, job);
  if (job.kind === 'slot_networks') return deliverSlotNetworksAlert(db, job);
  if (job.kind === 'payment_flagged' || job.kind === 'payment_recheck') return deliverPaymentAlert(db, job);
  // A buyer's documents' alerts (a check that was not ours, late stages) queue their own keys: docs/decisions/0419.
  if (job.kind === 'document_forgery' || job.kind === 'documents_late') return deliverDocumentAlert(db, job);
  const [alert] = await db.select().from(channelAlerts).where(eq(channelAlerts.id, job.alertId));
  if (!alert) return { state: 'withdrawn', lastError: 'the episode is gone' };
  if (job.kind === 'recovered') {
    const failing = { ...job, kind: 'failing' } as const;
    const first = await messageByKey(db, ownerAlertKey(failing));
    const firstJob = boss ? await boss.getJobById(OWNER_ALERT.name, alertJobId(alert.id, 'failing', job.to)) : null;
    if ((first && ['queued', 'sending'].includes(first.state)) || (firstJob && ['created', 'retry', 'active'].includes(firstJob.state)))
      throw new Error('the alert to this recipient is not delivered yet');
  }
  const systemUrl = `${getSiteUrl()}/admin/system`;
  if (job.to === WEBHOOK) {
    const { WEBHOOK_URL, WEBHOOK_SECRET } = getEnv();
    if (!WEBHOOK_URL || !WEBHOOK_SECRET) return { state: 'not_configured', lastError: 'no webhook address' };
    const id = `msg_${alertJobId(alert.id, job.kind, job.to).replace(/-/g, '')}`;
    await webhookChannel.send(db, {
      url: WEBHOOK_URL,
      secret: WEBHOOK_SECRET,
      id,
      payload: alertWebhookPayload(alert, job.kind, systemUrl),
    });
    return 'sent';
  }
  const owner = await activeOwner(db, job.to);
  if (!owner) return NOT_AN_OWNER;
  await emailChannel.send(db, { ...ownerAlertEmail(alert, job.kind, systemUrl, getSiteFacts().brand), to: [owner.email] });
  return 'sent';
}

/** Money the owners should look at (docs/decisions/0415): rendered by the payments module when it goes. */
async function deliverPaymentAlert(db: Db, job: PaymentOwnerAlert): Promise<'sent' | NotSent> {
  const owner = await activeOwner(db, job.to);
  if (!owner) return NOT_AN_OWNER;
  const email = await paymentOwnerEmail(db, job);
  if (!email) return { state: 'withdrawn', lastError: 'nothing to tell any more' };
  await emailChannel.send(db, { ...email, to: [owner.email] });
  return 'sent';
}

async function activeOwner(db: Db, id: string): Promise<{ email: string } | undefined> {
  const [owner] = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, id), eq(staffUsers.active, true)));
  return owner;
}

// ---- floods of leads (docs/decisions/0343-a-flood-is-held-not-refused.md) ---------------------------------------

/** A flood ends when no lead was held for this long; the next held lead begins another, and owners hear again. */
export const FLOOD_QUIET_MS = 60 * 60_000;

/**
 * In a held lead's transaction: when no other lead was held in the last quiet period, this one begins a flood and
 * every active owner gets one e-mail about it. A transaction-scoped lock makes the check and the queueing one step
 * for concurrent held leads (on PostgreSQL they would otherwise all see no flood and each begin one); leads taken as
 * usual never wait for it.
 */
export async function alertOwnersOfFlood(tx: Db, boss: PgBoss, leadId: string, now = new Date()): Promise<void> {
  const floodGoingOn = () => otherLeadHeldSince(tx, leadId, new Date(now.getTime() - FLOOD_QUIET_MS));
  // Within a flood (nearly every held lead) the first look settles it, and held leads never wait for each other.
  if (await floodGoingOn()) return;
  await lockKeysInOrder(tx, ['lead-flood']);
  if (await floodGoingOn()) return;
  const owners = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
  await queueAlerts(
    tx,
    boss,
    owners.map((owner) => ({ kind: 'flood', firstHeldId: leadId, to: owner.id }) satisfies FloodAlertJob),
  );
}

/** The e-mail of a flood: since when, and how many leads are held now (some may have been released or discarded). */
async function deliverFloodAlert(db: Db, job: FloodAlertJob): Promise<'sent' | NotSent> {
  const owner = await activeOwner(db, job.to);
  if (!owner) return NOT_AN_OWNER;
  const since = await arrivalOf(db, job.firstHeldId);
  // Discarded or released before this e-mail went: the flood was seen to.
  if (!since) return FLOOD_SEEN_TO;
  const n = await countHeldSince(db, since);
  if (n === 0) return FLOOD_SEEN_TO;
  const reviewUrl = `${getSiteUrl()}/admin?status=held`;
  await emailChannel.send(db, { ...floodAlertEmail(since, n, reviewUrl, getSiteFacts().brand), to: [owner.email] });
  return 'sent';
}

const FLOOD_SEEN_TO: NotSent = { state: 'withdrawn', lastError: 'no lead is held any more' };

// ---- SMS paused by its daily budget (docs/decisions/0402) --------------------------------------------------------

/**
 * Part of the minute's check: the first look after the day's SMS budget ran out claims the day's alert (one
 * conditional write) and queues one e-mail per active owner in the same transaction, so owners hear once a day, not
 * once per withheld SMS, however many instances check. True when it queued them.
 */
export async function alertOwnersOfSmsPause(db: Db, boss: PgBoss, now = new Date()): Promise<boolean> {
  await forgetOldSmsDays(db, now);
  return db.transaction(async (tx) => {
    const paused = await claimSmsPauseAlert(tx, now);
    if (!paused) return false;
    const owners = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
    const limit = getEnv().SMS_DAILY_LIMIT;
    await queueAlerts(
      tx,
      boss,
      owners.map(
        (owner) =>
          ({
            kind: 'sms_paused',
            day: paused.day,
            limit,
            pausedAt: paused.pausedAt.toISOString(),
            to: owner.id,
          }) satisfies SmsPausedAlertJob,
      ),
    );
    return true;
  });
}

async function deliverSmsPausedAlert(db: Db, job: SmsPausedAlertJob): Promise<'sent' | NotSent> {
  const owner = await activeOwner(db, job.to);
  if (!owner) return NOT_AN_OWNER;
  const email = smsPausedAlertEmail(job.limit, new Date(job.pausedAt), `${getSiteUrl()}/admin/system`, getSiteFacts().brand);
  await emailChannel.send(db, { ...email, to: [owner.email] });
  return 'sent';
}

/** The check, every minute on one of the instances (pg-boss runs one job per cron minute). */
export function channelCheckJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: CHANNEL_CHECK,
    cron: '* * * * *',
    run: async () => {
      const boss = await handle.jobs();
      await checkChannels(handle.db, boss);
      await alertOwnersOfSmsPause(handle.db, boss);
    },
  };
}

/**
 * Drains the `owner-alert` queue of the release before (its jobs, queued before the upgrade, send as they did), once a
 * process; the release after drops it. The alerts queued now are the outbox's (ownerAlertSenders).
 */
export async function startOwnerAlertWorkers(handle: DatabaseHandle): Promise<void> {
  const boss = await handle.jobs();
  await workEach<OwnerAlertJob>(boss, { ...OWNER_ALERT, pollSeconds: IDLE_POLL_SECONDS }, async (job) => {
    await deliverOwnerAlert(handle.db, boss, job);
  });
}

/**
 * The e-mail of a slot that filled from few client networks (queued by the booking, src/modules/inspections/
 * booking-limits.server.ts; docs/decisions/0401): to one owner, unless the slot is gone, called off or has begun.
 */
async function deliverSlotNetworksAlert(db: Db, job: SlotNetworksAlertJob): Promise<'sent' | NotSent> {
  const owner = await activeOwner(db, job.to);
  if (!owner) return NOT_AN_OWNER;
  const slot = await slotById(db, job.slotId);
  if (!slot || slot.cancelledAt || slot.startsAt <= new Date()) return { state: 'withdrawn', lastError: 'the slot is gone or has begun' };
  const reviewUrl = `${getSiteUrl()}/admin/inspections`;
  await emailChannel.send(db, { ...slotNetworksAlertEmail(slot, job.networks, reviewUrl, getSiteFacts().brand), to: [owner.email] });
  return 'sent';
}
