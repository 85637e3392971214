import 'server-only';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationState } from '@/lib/db/enums';
import { leads, leadNotifications, staffUsers, type LeadRow, type LeadNotificationRow } from '@/lib/db/schema';
import { errorKind } from '@/lib/ops/error-kind';
import { idParamSchema } from '@/lib/validation/id';
import { staffLabelSql } from './assignment.server';

/**
 * Every query on lead_notifications, the delivery record of each message a lead sets off: written with the lead's
 * jobs (./notifications.server.ts), read and updated by the senders (src/modules/leads/notifications).
 */

/**
 * The notification rows of a new lead, one per channel, queued unless given another state (written once: the lead's
 * own transaction calls this). Without `firstReply` (neither WhatsApp nor SMS set up) the lead has no first-reply row
 * at all. Returns the rows written.
 */
export async function createLeadNotifications(
  tx: Db,
  lead: Pick<LeadRow, 'id'>,
  settled: Partial<Record<NotificationChannel, { state: NotificationState; lastError: string }>> = {},
  { firstReply = false }: { firstReply?: boolean } = {},
): Promise<LeadNotificationRow[]> {
  const values: Record<string, string | null> = { leadId: lead.id };
  for (const channel of NOTIFICATION_CHANNELS) {
    values[`state_${channel}`] = settled[channel]?.state ?? 'queued';
    values[`lastError_${channel}`] = settled[channel]?.lastError ?? null;
  }
  return (firstReply ? notificationsCreated : notificationsCreatedWithoutFirstReply)(tx).execute(values);
}

/** Built once: every lead runs it in its transaction (src/lib/db/prepared.ts). */
const createdStatement = (channels: readonly NotificationChannel[], name: string) =>
  preparedStatement((db) =>
    db
      .insert(leadNotifications)
      .values(
        channels.map((channel) => ({
          leadId: sql.placeholder('leadId'),
          channel,
          state: sql.placeholder(`state_${channel}`),
          lastError: sql.placeholder(`lastError_${channel}`),
        })),
      )
      .onConflictDoNothing()
      .returning()
      .prepare(name),
  );
const notificationsCreated = createdStatement(NOTIFICATION_CHANNELS, 'create_lead_notifications');
const notificationsCreatedWithoutFirstReply = createdStatement(
  NOTIFICATION_CHANNELS.filter((channel) => channel !== 'first_reply'),
  'create_lead_notifications_without_first_reply',
);

/** The lead's agent as the messages name and address them: only while the account is active. */
const activeAssignee = and(eq(staffUsers.id, leads.assignedTo), eq(staffUsers.active, true));
const assigneeColumns = { email: staffUsers.email, label: staffLabelSql };

/** A message to send: its row, its lead and the lead's agent (null when nobody active has it). */
const deliveryColumns = { notification: leadNotifications, lead: leads, assignee: assigneeColumns };

/** A lead with its agent (null when nobody active has it). */
const leadWithAssigneeColumns = { lead: leads, assignee: assigneeColumns };

/** Notifications with their leads and the leads' agents (or null), for delivery; one that is gone (erased) is missing. */
export async function findForDelivery(db: Db, ids: string[]) {
  return forDelivery(db).execute({ ids });
}

const forDelivery = preparedStatement((db) =>
  db
    .select(deliveryColumns)
    .from(leadNotifications)
    .innerJoin(leads, eq(leads.id, leadNotifications.leadId))
    .leftJoin(staffUsers, activeAssignee)
    .where(sql`${leadNotifications.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('find_for_delivery'),
);

/** A lead with its agent (or null), for its overdue reminder or hand-over message; undefined when it is gone (erased). */
export async function findLeadWithAssignee(db: Db, leadId: string) {
  const [row] = await db
    .select(leadWithAssigneeColumns)
    .from(leads)
    .leftJoin(staffUsers, activeAssignee)
    .where(eq(leads.id, leadId))
    .limit(1);
  return row;
}

/** One attempt at sending a message: its new state, and the last error (or why nothing was sent). */
export interface Attempt {
  id: string;
  state: NotificationState;
  lastError: string | null;
  at: Date;
}

/** Records attempts, in one statement: attempts + 1, the new state, when sent, and the last error. */
export async function recordAttempts(db: Db, attempts: Attempt[]): Promise<void> {
  if (!attempts.length) return;
  await attemptsRecorded(db).execute({
    ids: attempts.map((a) => a.id),
    states: attempts.map((a) => a.state),
    errors: attempts.map((a) => a.lastError),
    ats: attempts.map((a) => a.at.toISOString()),
  });
}

const attempt = sql`(select * from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('states')}::text[], ${sql.placeholder('errors')}::text[], ${sql.placeholder('ats')}::timestamptz[]) as a(id, state, last_error, at))`;

const attemptsRecorded = preparedStatement((db) =>
  db
    .update(leadNotifications)
    .set({
      state: sql`a.state`,
      lastError: sql`a.last_error`,
      attempts: sql`${leadNotifications.attempts} + 1`,
      updatedAt: sql`a.at`,
      sentAt: sql`case when a.state = 'sent' then a.at else ${leadNotifications.sentAt} end`,
    })
    .from(sql`${attempt} as a`)
    .where(sql`${leadNotifications.id} = a.id`)
    .prepare('record_attempts'),
);

/**
 * A notification the provider took and reported later as failed for good: `sent` becomes `failed`, with its error
 * (a first reply Meta could not deliver: docs/decisions/0394). Only from `sent`: a resend under way is left alone.
 */
export async function markFailedLate(db: Db, leadId: string, channel: NotificationChannel, error: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(leadNotifications)
    .set({ state: 'failed', lastError: error, updatedAt: at })
    .where(and(eq(leadNotifications.leadId, leadId), eq(leadNotifications.channel, channel), eq(leadNotifications.state, 'sent')))
    .returning({ id: leadNotifications.id });
  return rows.length > 0;
}

/** Puts a notification back in the queue (an owner's resend); undefined when the lead has no such notification. */
export async function requeue(
  db: Db,
  leadId: string,
  channel: NotificationChannel,
  { unlessQueued = false }: { unlessQueued?: boolean } = {},
): Promise<LeadNotificationRow | undefined> {
  const [row] = await db
    .update(leadNotifications)
    .set({ state: 'queued', lastError: null, updatedAt: new Date() })
    .where(
      and(
        eq(leadNotifications.leadId, leadId),
        eq(leadNotifications.channel, channel),
        unlessQueued ? ne(leadNotifications.state, 'queued') : undefined,
      ),
    )
    .returning();
  return row;
}

export async function listForLead(db: Db, leadId: string): Promise<LeadNotificationRow[]> {
  return db.select().from(leadNotifications).where(eq(leadNotifications.leadId, leadId)).orderBy(asc(leadNotifications.createdAt));
}

export async function countFailed(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leadNotifications).where(eq(leadNotifications.state, 'failed'));
  return Number(row.n);
}

// ---- how delivery goes, for /api/health, /metrics, the System page and the channel check (src/domain/health) --------

/** The rows of an aggregate statement (both drivers answer {rows}; Drizzle's type for either leaves it unknown). */
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
/** Times as milliseconds since 1970: both drivers answer a float8 alike. */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));

export interface Backlog {
  /** Messages waiting for an attempt or a retry (lead_notifications in state queued). */
  waiting: number;
  oldestWaitingAt: Date | null;
}

/** The undelivered messages: one scan of the few queued rows (the state index). */
export async function deliveryBacklog(db: Db): Promise<Backlog> {
  const [row] = await rowsOf<{ waiting: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as waiting, ${epochMs(sql`min(created_at)`)} as oldest from lead_notifications where state = 'queued'`,
  );
  return { waiting: row.waiting, oldestWaitingAt: toDate(row.oldest) };
}

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
  /** The newest of their errors, without addresses (src/lib/ops/error-kind.ts). */
  lastErrorKind: string | null;
}

/**
 * Every channel's state in one statement: the last delivered message per channel (an index lookup each), joined to
 * the waiting and given-up rows (the state index; there are few).
 */
export async function channelStates(db: Db): Promise<ChannelState[]> {
  const failing = sql`(o.last_error is not null and o.attempts > 0 and o.created_at > coalesce(l.last_sent, '-infinity'))`;
  const result = await rowsOf<{
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

const countsColumns = { channel: leadNotifications.channel, state: leadNotifications.state, n: sql<number>`count(*)::int` };

/** How many messages each channel has in each state (for /metrics). */
export function notificationCounts(db: Db) {
  return db.select(countsColumns).from(leadNotifications).groupBy(leadNotifications.channel, leadNotifications.state);
}

/**
 * After a restore: the messages the ledger says were sent after the backup are marked sent (at the time they were),
 * so their jobs, restored with the database, send nothing again. Returns how many were still waiting.
 */
export async function markSentAgain(db: Db, sent: { notificationId: string; at: string }[]): Promise<number> {
  const valid = sent.filter((s) => idParamSchema.safeParse(s.notificationId).success && !Number.isNaN(Date.parse(s.at)));
  let marked = 0;
  for (let i = 0; i < valid.length; i += 1000) {
    const batch = valid.slice(i, i + 1000);
    // Two array literals as two parameters (Drizzle would spread a JS array into a list of parameters).
    const ids = `{${batch.map((s) => s.notificationId).join(',')}}`;
    const ats = `{${batch.map((s) => `"${new Date(s.at).toISOString()}"`).join(',')}}`;
    const result = await db.execute(sql`
      update ${leadNotifications} set state = 'sent', last_error = null, sent_at = coalesce(sent_at, s.at), updated_at = now()
        from unnest(${ids}::uuid[], ${ats}::timestamptz[]) as s(id, at)
       where ${leadNotifications.id} = s.id and ${leadNotifications.state} <> 'sent'
      returning ${leadNotifications.id}`);
    // Both drivers answer {rows}; Drizzle's type for either leaves it unknown.
    marked += (result as unknown as { rows: unknown[] }).rows.length;
  }
  return marked;
}

/** How far a message got. */
const progressColumns = {
  id: leadNotifications.id,
  leadId: leadNotifications.leadId,
  channel: leadNotifications.channel,
  state: leadNotifications.state,
  attempts: leadNotifications.attempts,
};

/** The notification rows of these leads: how far each message got. */
export function notificationsOfLeads(tx: Db, leadIds: string[]) {
  return tx.select(progressColumns).from(leadNotifications).where(inArray(leadNotifications.leadId, leadIds));
}

/** Deletes notification rows by id (their messages withdrawn before any was sent). */
export async function deleteNotifications(tx: Db, ids: string[]): Promise<void> {
  if (ids.length) await tx.delete(leadNotifications).where(inArray(leadNotifications.id, ids));
}
