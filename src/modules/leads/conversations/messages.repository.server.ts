import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { MESSAGE_STATUSES, type MessageChannel, type MessageKind, type MessageStatus } from '@/lib/db/enums';
import { leadMessages, leads, messageOptOuts, staffUsers } from '@/lib/db/schema';
import { staffLabelSql } from '../assignment.server';

/**
 * Every query on lead_messages and message_opt_outs, a lead's conversation by WhatsApp and SMS and the numbers that
 * said STOP (docs/decisions/0394-whatsapp-and-sms.md). The rules are ./conversations.server.ts.
 */

const m = leadMessages;

/** A message as the lead page shows it, with the agent who sent it (null for the first reply and the buyer's). */
export const conversationColumns = {
  id: m.id,
  channel: m.channel,
  direction: m.direction,
  kind: m.kind,
  body: m.body,
  template: m.template,
  status: m.status,
  error: m.error,
  createdAt: m.createdAt,
  statusAt: m.statusAt,
  sentBy: sql<string | null>`case when ${staffUsers.id} is null then null else ${staffLabelSql} end`,
};
export type ConversationMessage = Awaited<ReturnType<typeof conversationOfLead>>[number];

/** The lead's messages either way, oldest first. */
export async function conversationOfLead(db: Db, leadId: string) {
  return db
    .select(conversationColumns)
    .from(m)
    .leftJoin(staffUsers, eq(staffUsers.id, m.staffId))
    .where(eq(m.leadId, leadId))
    .orderBy(asc(m.createdAt), asc(m.id));
}

/** The conversations of leads, for a privacy export: every message either way, with its lead. */
export async function conversationsOfLeads(db: Db, leadIds: string[]) {
  if (!leadIds.length) return [];
  return db
    .select({ leadId: m.leadId, ...conversationColumns })
    .from(m)
    .leftJoin(staffUsers, eq(staffUsers.id, m.staffId))
    .where(inArray(m.leadId, leadIds))
    .orderBy(asc(m.leadId), asc(m.createdAt), asc(m.id));
}

/** One message as the lead page shows it, found by its provider's id (the one just sent, say). */
export async function messageByProviderId(db: Db, channel: MessageChannel, providerId: string): Promise<ConversationMessage | undefined> {
  const [row] = await db
    .select(conversationColumns)
    .from(m)
    .leftJoin(staffUsers, eq(staffUsers.id, m.staffId))
    .where(and(eq(m.channel, channel), eq(m.providerId, providerId)));
  return row;
}

/** A message we sent, once its provider took it. */
export async function recordSent(
  db: Db,
  message: {
    leadId: string;
    channel: MessageChannel;
    kind: MessageKind;
    body: string;
    template?: string;
    providerId: string;
    staffId?: string;
  },
  at = new Date(),
): Promise<void> {
  await db
    .insert(m)
    .values({ ...message, direction: 'out', status: 'sent', createdAt: at, statusAt: at })
    .onConflictDoNothing();
}

/**
 * A message about to be asked of a provider (docs/decisions/0396-a-message-sent-at-most-once.md), written before the
 * request in a statement of its own: if the process dies before the answer is recorded, the next attempt finds it
 * `sending` and does not send again. Its id goes with the request where the provider gives it back (WhatsApp).
 */
export async function beginSend(
  db: Db,
  message: { leadId: string; channel: MessageChannel; kind: MessageKind; body: string; template?: string; staffId?: string },
  at = new Date(),
): Promise<string> {
  const [row] = await db
    .insert(m)
    .values({ ...message, direction: 'out', status: 'sending', createdAt: at, statusAt: at })
    .returning({ id: m.id });
  return row.id;
}

/** The provider took the message begun by beginSend: its id, and `sent` (unless a status webhook got there first). */
export async function confirmSend(db: Db, id: string, providerId: string, at = new Date()): Promise<void> {
  await db
    .update(m)
    .set({ providerId, status: sql`case when ${m.status} = 'sending' then 'sent' else ${m.status} end`, statusAt: at })
    .where(eq(m.id, id));
}

/** The provider refused the message begun by beginSend: nothing went, so nothing is kept. */
export async function abandonSend(db: Db, id: string): Promise<void> {
  await db.delete(m).where(and(eq(m.id, id), eq(m.status, 'sending')));
}

/**
 * A message begun by beginSend that was never asked of the provider, for a reason staff should see on the lead page
 * (SMS withheld by its limits, docs/decisions/0402): kept as failed, with the reason.
 */
export async function withholdSend(db: Db, id: string, reason: string, at = new Date()): Promise<void> {
  await db
    .update(m)
    .set({ status: 'failed', error: reason, statusAt: at })
    .where(and(eq(m.id, id), eq(m.status, 'sending')));
}

/** A buyer's message; undefined when it was already recorded (the provider sent its webhook again). */
export async function recordReceived(
  db: Db,
  message: { leadId: string; channel: MessageChannel; providerId: string; body: string },
  at: Date,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(m)
    .values({ ...message, direction: 'in', kind: 'text', status: 'received', createdAt: at, statusAt: at })
    .onConflictDoNothing()
    .returning({ id: m.id });
  return row;
}

/** How far along a message we sent is: a status only ever moves forward (webhooks may come out of order or twice). */
const RANK = { sending: 0, sent: 1, failed: 2, delivered: 3, read: 4 } as const;
const rankOf = sql.raw(
  `case status ${Object.entries(RANK)
    .map(([status, rank]) => `when '${status}' then ${rank}`)
    .join(' ')} end`,
);

/**
 * A provider's status of a message we sent; the lead's id when it moved the message on. A message whose send was never
 * answered (still `sending`, no provider id) is found by the `reference` the provider gave back, and takes its id.
 */
export async function recordStatus(
  db: Db,
  update: {
    channel: MessageChannel;
    providerId: string;
    status: Exclude<MessageStatus, 'received' | 'sending'>;
    at: Date;
    error?: string;
    reference?: string;
  },
): Promise<string | undefined> {
  const reference = update.reference && z.uuid().safeParse(update.reference).success ? update.reference : undefined;
  const [row] = await db
    .update(m)
    .set({
      status: update.status,
      statusAt: update.at,
      error: update.status === 'failed' ? (update.error ?? null) : null,
      providerId: update.providerId,
    })
    .where(
      and(
        eq(m.channel, update.channel),
        eq(m.direction, 'out'),
        reference
          ? or(eq(m.providerId, update.providerId), and(eq(m.id, reference), isNull(m.providerId)))
          : eq(m.providerId, update.providerId),
        sql`${rankOf} < ${RANK[update.status]}`,
      ),
    )
    .returning({ leadId: m.leadId });
  return row?.leadId;
}

/** How far back /metrics counts the messages whose status settled (as the outbox's gauges do: docs/decisions/0427). */
const METRICS_WINDOW_MS = 24 * 3_600_000;

/**
 * Messages by channel, direction and status, for /metrics: every one still being sent, whatever its age, and the others
 * whose status came in the last day. Each half is a range of `(status, status_at) include (channel, direction)`
 * (src/lib/db/large-indexes.ts), read from the index alone, so a scrape reads a day's messages, not every conversation
 * (docs/decisions/0431; as one `or`, the planner read the day's rows from the table: 7 times slower).
 */
export async function conversationCounts(db: Db, now: Date) {
  const columns = { channel: m.channel, direction: m.direction, status: m.status };
  const settled = MESSAGE_STATUSES.filter((status) => status !== 'sending');
  const counted = unionAll(
    db.select(columns).from(m).where(eq(m.status, 'sending')),
    db
      .select(columns)
      .from(m)
      .where(and(inArray(m.status, settled), gte(m.statusAt, new Date(now.getTime() - METRICS_WINDOW_MS)))),
  ).as('counted');
  return db
    .select({ channel: counted.channel, direction: counted.direction, status: counted.status, n: sql<number>`count(*)::int` })
    .from(counted)
    .groupBy(counted.channel, counted.direction, counted.status);
}

/** A message we sent, by its provider's id, with its lead's number: what a later failure report is about. */
export async function sentMessageByProviderId(db: Db, channel: MessageChannel, providerId: string) {
  const [row] = await db
    .select({ leadId: m.leadId, kind: m.kind, body: m.body, phoneE164: leads.phoneE164 })
    .from(m)
    .innerJoin(leads, eq(leads.id, m.leadId))
    .where(and(eq(m.channel, channel), eq(m.providerId, providerId), eq(m.direction, 'out')));
  return row;
}

/** The lead's first replies so far (by WhatsApp, then perhaps by SMS), oldest first, with what became of them. */
export async function firstRepliesOf(db: Db, leadId: string) {
  return db
    .select({ channel: m.channel, status: m.status, error: m.error })
    .from(m)
    .where(and(eq(m.leadId, leadId), eq(m.kind, 'first_reply')))
    .orderBy(asc(m.createdAt), asc(m.id));
}

/** When the buyer last wrote on this channel (WhatsApp's 24-hour window opens then). */
export async function lastReceivedAt(db: Db, leadId: string, channel: MessageChannel): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: m.createdAt })
    .from(m)
    .where(and(eq(m.leadId, leadId), eq(m.channel, channel), eq(m.direction, 'in')))
    .orderBy(desc(m.createdAt))
    .limit(1);
  return row?.at;
}

/**
 * The newest lead a buyer's message from this number (E.164) goes to (docs/decisions/0403): one not set aside, or one
 * whose number its buyer already wrote from (a held chat's own lead). Never a spam or held lead a form made with the
 * number: anyone may have typed it there. `setAside`: the held chat's own lead (nobody is told of its messages).
 */
export async function latestLeadWithPhone(
  db: Db,
  phoneE164: string,
): Promise<{ id: string; assignedTo: string | null; setAside: boolean } | undefined> {
  const [row] = await db
    .select({ id: leads.id, assignedTo: leads.assignedTo, setAside: leads.spam })
    .from(leads)
    .where(and(eq(leads.phoneE164, phoneE164), or(eq(leads.spam, false), isNotNull(leads.phoneVerifiedAt))))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return row;
}

/**
 * A message came from this number: it is the buyer's. Every lead with it that is not set aside counts it as verified
 * from then on (the first time only); a spam or held lead does not, having got no message.
 */
export async function markNumberVerified(db: Db, phoneE164: string, at: Date): Promise<void> {
  await db
    .update(leads)
    .set({ phoneVerifiedAt: at })
    .where(and(eq(leads.phoneE164, phoneE164), eq(leads.spam, false), isNull(leads.phoneVerifiedAt)));
}

/** The channels this number (its salted hash) may no longer be sent anything by. */
export async function stoppedChannels(db: Db, phoneHash: string): Promise<MessageChannel[]> {
  const rows = await db.select({ stops: messageOptOuts.stops }).from(messageOptOuts).where(eq(messageOptOuts.phoneHash, phoneHash));
  return rows.map((row) => row.stops);
}

/** This number's STOP (its salted hash): when and on which channel it said it, and what it stops; undefined when it has not. */
export async function findOptOut(
  db: Db,
  phoneHash: string,
): Promise<{ at: Date; channel: MessageChannel; stops: MessageChannel[] } | undefined> {
  const rows = await db
    .select({ at: messageOptOuts.createdAt, channel: messageOptOuts.channel, stops: messageOptOuts.stops })
    .from(messageOptOuts)
    .where(eq(messageOptOuts.phoneHash, phoneHash))
    .orderBy(asc(messageOptOuts.createdAt), asc(messageOptOuts.stops));
  if (!rows.length) return undefined;
  return { at: rows[0].at, channel: rows[0].channel, stops: rows.map((row) => row.stops) };
}

/** Records a STOP said on `channel`, stopping each of `stops`; true when it stopped a channel not stopped before. */
export async function recordOptOut(
  db: Db,
  phoneHash: string,
  channel: MessageChannel,
  stops: MessageChannel[],
  at = new Date(),
): Promise<boolean> {
  const rows = await db
    .insert(messageOptOuts)
    .values(stops.map((stopped) => ({ phoneHash, stops: stopped, channel, createdAt: at })))
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

/** Removes the STOPs said on `channel` (a START there); true when there was one. */
export async function removeOptOut(db: Db, phoneHash: string, channel: MessageChannel): Promise<boolean> {
  const rows = await db
    .delete(messageOptOuts)
    .where(and(eq(messageOptOuts.phoneHash, phoneHash), eq(messageOptOuts.channel, channel)))
    .returning();
  return rows.length > 0;
}
