import 'server-only';
import { and, asc, count, eq, getTableColumns, gte, inArray, ne, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { preparedStatement } from '@/lib/db/prepared';
import {
  NOTIFICATION_CHANNELS,
  OUTBOX_STATES,
  type ChannelErrorKind,
  type NotificationChannel,
  type NotificationState,
  type OutboxChannel,
  type OutboxState,
  type OutboxSubject,
} from '@/lib/db/enums';
import { outboxMessages, type OutboxMessageRow } from '@/lib/db/schema';
import { errorKind } from '@/lib/ops/error-kind';
import { idParamSchema } from '@/lib/validation/id';

/**
 * Every write of outbox_messages, the one outbox (docs/decisions/0410-one-outbox.md), and the reads of delivery state
 * the System page, /metrics and the capabilities' pages make. Only the messaging module writes the table.
 */

const o = outboxMessages;

/** A message to queue: what it is about, what it is, how it goes, and its key (one message per key, ever). */
export interface NewOutboxMessage {
  subjectType: OutboxSubject;
  subjectId: string;
  leadId: string | null;
  kind: string;
  channel: OutboxChannel;
  dedupeKey: string;
  /** Settled at once, with why (nothing to send: no webhook address, no e-mail address); queued without. */
  settled?: { state: Exclude<OutboxState, 'queued' | 'sending' | 'sent'>; lastError: string };
  /** When it is to go, when not at once nor the batch's time (a booking's reminder: hours before the inspection). */
  dueAt?: Date;
  /** What its subject cannot tell at send time (a booking's message: the slot and time it was about). */
  payload?: Record<string, unknown>;
  /**
   * When a message of the same key is there already, whether it is queued again (its attempts from 0): `withdrawn`,
   * only if it was withdrawn (a reminder: never twice); `settled`, if it is no longer waiting nor in a sender's hands
   * (a change made twice is told twice). Without: never (one message per key, ever).
   */
  again?: 'withdrawn' | 'settled';
}

/**
 * Writes messages with their own due times and payloads, queueing again those `again` allows (see NewOutboxMessage),
 * in the caller's transaction; returns the rows written or queued again. One statement per `again` rule.
 */
export async function upsertMessages(tx: Db, messages: NewOutboxMessage[], now: Date): Promise<OutboxMessageRow[]> {
  const written: OutboxMessageRow[] = [];
  for (const again of [undefined, 'withdrawn', 'settled'] as const) {
    const group = messages.filter((m) => m.again === again);
    if (!group.length) continue;
    const insert = tx.insert(o).values(
      group.map((m) => ({
        subjectType: m.subjectType,
        subjectId: m.subjectId,
        leadId: m.leadId,
        kind: m.kind,
        channel: m.channel,
        dedupeKey: m.dedupeKey,
        state: m.settled?.state ?? ('queued' as const),
        lastError: m.settled?.lastError ?? null,
        payload: m.payload ?? null,
        dueAt: m.dueAt ?? now,
        createdAt: now,
        updatedAt: now,
      })),
    );
    written.push(
      ...(await (
        again
          ? insert.onConflictDoUpdate({
              target: o.dedupeKey,
              set: {
                state: 'queued',
                attempts: 0,
                lastError: null,
                lastErrorKind: null,
                sendingSince: null,
                sentAt: null,
                gaveUpAt: null,
                payload: sql`excluded.payload`,
                dueAt: sql`excluded.due_at`,
                updatedAt: sql`excluded.updated_at`,
              },
              setWhere: again === 'withdrawn' ? eq(o.state, 'withdrawn') : notInArray(o.state, ['queued', 'sending']),
            })
          : insert.onConflictDoNothing({ target: o.dedupeKey })
      ).returning()),
    );
  }
  return written;
}

/**
 * Writes messages (in the caller's transaction; created now, the transaction's time unless given, due then or at
 * `dueAt`), returning the rows written: a message whose key is there already is
 * not written again. One statement built once, whatever the number of messages (docs/decisions/0370).
 */
export async function insertMessages(
  tx: Db,
  messages: NewOutboxMessage[],
  { dueAt, now }: { dueAt?: Date; now?: Date } = {},
): Promise<OutboxMessageRow[]> {
  if (!messages.length) return [];
  const array = (pick: (message: NewOutboxMessage) => string | null) => `{${messages.map((m) => arrayItem(pick(m))).join(',')}}`;
  return messagesInserted(tx).execute({
    subjectTypes: array((m) => m.subjectType),
    subjectIds: array((m) => m.subjectId),
    leadIds: array((m) => m.leadId),
    kinds: array((m) => m.kind),
    channels: array((m) => m.channel),
    keys: array((m) => m.dedupeKey),
    states: array((m) => m.settled?.state ?? 'queued'),
    errors: array((m) => m.settled?.lastError ?? null),
    dueAt: dueAt?.toISOString() ?? null,
    now: now?.toISOString() ?? null,
  }) as Promise<OutboxMessageRow[]>;
}

/** One element of a Postgres array literal: quoted, or NULL. */
const arrayItem = (value: string | null) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`);

const placeholder = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

const messagesInserted = preparedStatement((db) =>
  db
    .insert(o)
    .select(
      sql`select gen_random_uuid(), m.subject_type, m.subject_id, m.lead_id, m.kind, m.channel, m.dedupe_key, m.state, 0,
                 coalesce(${placeholder('dueAt', 'timestamptz')}, ${placeholder('now', 'timestamptz')}, now()), null, m.last_error,
                 null, null, null, null,
                 coalesce(${placeholder('now', 'timestamptz')}, now()), coalesce(${placeholder('now', 'timestamptz')}, now())
            from unnest(${placeholder('subjectTypes', 'text[]')}, ${placeholder('subjectIds', 'uuid[]')}, ${placeholder('leadIds', 'uuid[]')},
                        ${placeholder('kinds', 'text[]')}, ${placeholder('channels', 'text[]')}, ${placeholder('keys', 'text[]')},
                        ${placeholder('states', 'text[]')}, ${placeholder('errors', 'text[]')})
              as m(subject_type, subject_id, lead_id, kind, channel, dedupe_key, state, last_error)`,
    )
    .onConflictDoNothing({ target: o.dedupeKey })
    .returning()
    .prepare('insert_outbox_messages'),
);

/** The messages `ids` (for their sender; one that is gone, erased or withdrawn, is missing). */
export async function findMessages(db: Db, ids: string[]): Promise<OutboxMessageRow[]> {
  if (!ids.length) return [];
  return messagesFound(db).execute({ ids: `{${ids.join(',')}}` });
}

const messagesFound = preparedStatement((db) =>
  db
    .select()
    .from(o)
    .where(sql`${o.id} = any(${placeholder('ids', 'uuid[]')})`)
    .prepare('find_outbox_messages'),
);

/**
 * Takes the messages `ids` for sending, in one conditional write, and returns those taken: each from `queued`, or from a
 * `sending` whose claim is older than `leaseMs` (its sender died before it could record what came of it). A message
 * another sender holds, or already settled, is not taken: two jobs naming one message never send it side by side.
 * Only messages about `subjectTypes` (those the caller has a sender for) are taken.
 */
export async function claimMessages(
  db: Db,
  ids: string[],
  now: Date,
  leaseMs: number,
  subjectTypes: readonly OutboxSubject[],
): Promise<ClaimedMessage[]> {
  if (!ids.length) return [];
  return messagesClaimed(db).execute({
    ids: `{${ids.join(',')}}`,
    subjects: `{${subjectTypes.join(',')}}`,
    now: now.toISOString(),
    leaseEnded: new Date(now.getTime() - leaseMs).toISOString(),
  });
}

/** A message a sender took; `resumed`: taken from a sender that died with it in hand (its lease ended). */
export type ClaimedMessage = OutboxMessageRow & { resumed: boolean };

const messagesClaimed = preparedStatement((db) =>
  db
    .update(o)
    .set({
      state: 'sending',
      sendingSince: sql`${placeholder('now', 'timestamptz')}`,
      updatedAt: sql`${placeholder('now', 'timestamptz')}`,
    })
    // The state each had before the claim, from the statement's snapshot (the where clause re-checks the row itself).
    .from(
      sql`(select p.id as claimed_id, p.state = 'sending' as resumed from outbox_messages p
             where p.id = any(${placeholder('ids', 'uuid[]')})) as before_claim`,
    )
    .where(
      sql`${o.id} = before_claim.claimed_id and ${o.subjectType} = any(${placeholder('subjects', 'text[]')}) and (${o.state} = 'queued'
          or (${o.state} = 'sending' and ${o.sendingSince} <= ${placeholder('leaseEnded', 'timestamptz')}))`,
    )
    .returning({ ...getTableColumns(o), resumed: sql<boolean>`before_claim.resumed` })
    .prepare('claim_outbox_messages'),
);

/** One attempt at sending a message: its new state, and the last error (or why nothing was sent). */
export interface Attempt {
  id: string;
  state: OutboxState;
  lastError: string | null;
  lastErrorKind?: ChannelErrorKind | null;
  at: Date;
}

/** Records attempts, in one statement: attempts + 1, the new state, when sent or given up, and the last error. */
export async function recordAttempts(db: Db, attempts: Attempt[]): Promise<void> {
  if (!attempts.length) return;
  await attemptsRecorded(db).execute({
    ids: `{${attempts.map((a) => a.id).join(',')}}`,
    states: `{${attempts.map((a) => arrayItem(a.state)).join(',')}}`,
    errors: `{${attempts.map((a) => arrayItem(a.lastError)).join(',')}}`,
    kinds: `{${attempts.map((a) => arrayItem(a.lastErrorKind ?? null)).join(',')}}`,
    ats: `{${attempts.map((a) => arrayItem(a.at.toISOString())).join(',')}}`,
  });
}

const attempt = sql`(select * from unnest(${placeholder('ids', 'uuid[]')}, ${placeholder('states', 'text[]')}, ${placeholder('errors', 'text[]')}, ${placeholder('kinds', 'text[]')}, ${placeholder('ats', 'timestamptz[]')}) as a(id, state, last_error, last_error_kind, at))`;

const attemptsRecorded = preparedStatement((db) =>
  db
    .update(o)
    .set({
      state: sql`a.state`,
      lastError: sql`a.last_error`,
      lastErrorKind: sql`a.last_error_kind`,
      attempts: sql`${o.attempts} + 1`,
      sendingSince: null,
      updatedAt: sql`a.at`,
      sentAt: sql`case when a.state = 'sent' then a.at else ${o.sentAt} end`,
      gaveUpAt: sql`case when a.state = 'failed' then a.at else ${o.gaveUpAt} end`,
    })
    .from(sql`${attempt} as a`)
    .where(sql`${o.id} = a.id`)
    .prepare('record_outbox_attempts'),
);

/** A subject's message of one kind. */
const messageOf = (subjectType: OutboxSubject, subjectId: string, kind: string) =>
  and(eq(o.subjectType, subjectType), eq(o.subjectId, subjectId), eq(o.kind, kind));

/**
 * A message the provider took and reported later as failed for good: `sent` becomes `failed`, with its error
 * (a first reply Meta could not deliver: docs/decisions/0394). Only from `sent`: a resend under way is left alone.
 */
export async function markFailedLate(
  db: Db,
  subject: { type: OutboxSubject; id: string },
  kind: string,
  error: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(o)
    .set({ state: 'failed', lastError: error, updatedAt: at, gaveUpAt: at })
    .where(and(messageOf(subject.type, subject.id, kind), eq(o.state, 'sent')))
    .returning({ id: o.id });
  return rows.length > 0;
}

/** Puts a message back in the queue (an owner's resend); undefined when the subject has no such message. */
export async function requeue(
  db: Db,
  subject: { type: OutboxSubject; id: string },
  kind: string,
  { unlessQueued = false }: { unlessQueued?: boolean } = {},
): Promise<OutboxMessageRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(o)
    .set({ state: 'queued', lastError: null, lastErrorKind: null, gaveUpAt: null, dueAt: now, updatedAt: now })
    // Never from a sender's hands (`sending`): it is going already.
    .where(and(messageOf(subject.type, subject.id, kind), ne(o.state, 'sending'), unlessQueued ? ne(o.state, 'queued') : undefined))
    .returning();
  return row;
}

/**
 * Withdraws a subject's messages of `kinds` still waiting to go (not those in a sender's hands), but for the keys
 * `except`, with `reason`; returns them (when each was due). A capability's change that makes them untrue.
 */
export async function withdrawQueued(
  tx: Db,
  subject: { type: OutboxSubject; id: string },
  kinds: string[],
  { except = [], reason = null, now }: { except?: string[]; reason?: string | null; now: Date },
): Promise<OutboxMessageRow[]> {
  return tx
    .update(o)
    .set({ state: 'withdrawn', lastError: reason, updatedAt: now })
    .where(
      and(
        eq(o.subjectType, subject.type),
        eq(o.subjectId, subject.id),
        inArray(o.kind, kinds),
        eq(o.state, 'queued'),
        except.length ? notInArray(o.dedupeKey, except) : undefined,
      ),
    )
    .returning();
}

/** The messages of these subjects, oldest first: how far each got (a lead's page, its flood withdrawal). */
export function messagesOf(db: Db, subjectType: OutboxSubject, subjectIds: string[]): Promise<OutboxMessageRow[]> {
  if (!subjectIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(o)
    .where(and(eq(o.subjectType, subjectType), inArray(o.subjectId, subjectIds)))
    .orderBy(asc(o.createdAt), asc(o.id));
}

/** The message of a key, if there is one (an owner's recovery waits for the alert it follows: src/modules/system). */
export async function messageByKey(db: Db, dedupeKey: string): Promise<OutboxMessageRow | undefined> {
  const [row] = await db.select().from(o).where(eq(o.dedupeKey, dedupeKey));
  return row;
}

/** Deletes messages by id (withdrawn before any was sent). */
export async function deleteMessages(tx: Db, ids: string[]): Promise<void> {
  if (ids.length) await tx.delete(o).where(inArray(o.id, ids));
}

/** Deletes the messages about the subjects `subjectIds` selects (an erasure), returning their ids, which their jobs carry. */
export async function deleteMessagesOfSubjects(
  tx: Db,
  subjectTypes: OutboxSubject[],
  subjectIds: SQLWrapper | string[],
): Promise<string[]> {
  if (Array.isArray(subjectIds) && !subjectIds.length) return [];
  const rows = await tx
    .delete(o)
    .where(and(inArray(o.subjectType, subjectTypes), inArray(o.subjectId, subjectIds)))
    .returning({ id: o.id });
  return rows.map((row) => row.id);
}

/** Deletes the messages of the leads `leadIds` selects (an erasure), returning their ids, which their jobs carry. */
export async function deleteMessagesOfLeads(tx: Db, leadIds: SQLWrapper): Promise<string[]> {
  const rows = await tx.delete(o).where(inArray(o.leadId, leadIds)).returning({ id: o.id });
  return rows.map((row) => row.id);
}

export async function countFailed(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(o).where(eq(o.state, 'failed'));
  return Number(row.n);
}

// ---- how delivery goes, for /api/health, /metrics, the System page and the channel check (src/modules/system) ------

/** Times as milliseconds since 1970: both drivers answer a float8 alike. */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));

export interface Backlog {
  /** Messages waiting for an attempt or a retry (outbox_messages queued or being sent). */
  waiting: number;
  oldestWaitingAt: Date | null;
}

/** The undelivered messages: one scan of the few waiting rows (the state index). */
export async function deliveryBacklog(db: Db): Promise<Backlog> {
  const [row] = await rowsOf<{ waiting: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as waiting, ${epochMs(sql`min(created_at)`)} as oldest from outbox_messages where state in ('queued', 'sending')`,
  );
  return { waiting: row.waiting, oldestWaitingAt: toDate(row.oldest) };
}

/** The state of the delivery of one kind of a lead's message (the System page's rows, the channel alerts). */
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
 * Every lead message kind's state in one statement: the last delivered message per kind (an index lookup each),
 * joined to the waiting and given-up rows (the state index; there are few).
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
    // Materialized: inlined, the planner ran each channel's "last sent" once per waiting or failed row joined (1,544
    // index reads for one System page at a million leads; docs/benchmarks/0431), not once per channel.
    sql`with l as materialized (
          select c.kind as channel, (select max(n.sent_at) from outbox_messages n
                                      where n.subject_type = 'lead' and n.kind = c.kind and n.state = 'sent') as last_sent
            from unnest(${`{${NOTIFICATION_CHANNELS.join(',')}}`}::text[]) as c(kind)
        )
        select l.channel,
               ${epochMs(sql`l.last_sent`)} as last_sent,
               (count(o.id) filter (where o.state in ('queued', 'sending')))::int as waiting,
               ${epochMs(sql`min(o.created_at) filter (where o.state in ('queued', 'sending'))`)} as oldest_waiting,
               (count(o.id) filter (where ${failing}))::int as failing,
               ${epochMs(sql`min(o.created_at) filter (where ${failing})`)} as failing_since,
               (array_agg(o.last_error order by o.updated_at desc) filter (where ${failing}))[1] as last_error
          from l left join outbox_messages o
            on o.subject_type = 'lead' and o.kind = l.channel and o.state in ('queued', 'sending', 'failed')
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

/** How far back /metrics counts the messages that are no longer waiting (docs/decisions/0427). */
const METRICS_WINDOW_MS = 24 * 3_600_000;
const WAITING_STATES: OutboxState[] = ['queued', 'sending'];
const SETTLED_STATES = OUTBOX_STATES.filter((state) => !WAITING_STATES.includes(state));

/**
 * The rows /metrics counts: every message still waiting, and the others due within the last METRICS_WINDOW_MS. Both
 * are ranges of the state index (state, due_at), so a scrape reads a day's messages however large the table grows.
 */
const countedForMetrics = (now: Date) =>
  or(inArray(o.state, WAITING_STATES), and(inArray(o.state, SETTLED_STATES), gte(o.dueAt, new Date(now.getTime() - METRICS_WINDOW_MS))));

// A lead's message being sent counts as waiting (`queued`), as before the outbox claimed them: its states stay a
// notification's. A lead's messages are never withdrawn.
const notificationState = sql<NotificationState>`(case when ${o.state} = 'sending' then 'queued' else ${o.state} end)`;
const countsColumns = { channel: sql<NotificationChannel>`${o.kind}`, state: notificationState, n: sql<number>`count(*)::int` };

/** How many lead messages of each kind are in each state, waiting or of the last day (for /metrics, under the lead notification's channel name). */
export function notificationCounts(db: Db, now: Date) {
  return db
    .select(countsColumns)
    .from(o)
    .where(and(eq(o.subjectType, 'lead'), countedForMetrics(now)))
    .groupBy(o.kind, notificationState);
}

/** How many messages about these subjects each channel has in each state, waiting or of the last day (a booking's and a slot's, for /metrics). */
export function countsByChannel(db: Db, subjectTypes: OutboxSubject[], now: Date) {
  return db
    .select({ channel: o.channel, state: o.state, n: sql<number>`count(*)::int` })
    .from(o)
    .where(and(inArray(o.subjectType, subjectTypes), countedForMetrics(now)))
    .groupBy(o.channel, o.state);
}

/** How many messages about these subjects each subject and channel has in each state, waiting or of the last day (for /metrics). */
export function countsBySubject(db: Db, subjectTypes: OutboxSubject[], now: Date) {
  return db
    .select({ subject: o.subjectType, channel: o.channel, state: o.state, n: sql<number>`count(*)::int` })
    .from(o)
    .where(and(inArray(o.subjectType, subjectTypes), countedForMetrics(now)))
    .groupBy(o.subjectType, o.channel, o.state);
}

export interface DueBacklog {
  /** Messages due and not yet sent (one waiting for its time, a reminder, is not late). */
  waiting: number;
  oldestWaitingAt: Date | null;
  lastSentAt: Date | null;
}

/** The messages about these subjects due and undelivered, and the last one delivered (the state and kind indexes). */
export async function dueBacklog(db: Db, subjectTypes: OutboxSubject[], now: Date): Promise<DueBacklog> {
  const [row] = await rowsOf<{ waiting: number; oldest: number | null; last_sent: number | null }>(
    db,
    sql`select (select count(*) from outbox_messages where state in ('queued', 'sending') and due_at <= ${now.toISOString()}::timestamptz
                  and subject_type = any(${`{${subjectTypes.join(',')}}`}::text[]))::int as waiting,
               ${epochMs(sql`(select min(due_at) from outbox_messages where state in ('queued', 'sending')
                  and due_at <= ${now.toISOString()}::timestamptz and subject_type = any(${`{${subjectTypes.join(',')}}`}::text[]))`)} as oldest,
               ${epochMs(sql`(select max(sent_at) from outbox_messages where state = 'sent'
                  and subject_type = any(${`{${subjectTypes.join(',')}}`}::text[]))`)} as last_sent`,
  );
  return { waiting: row.waiting, oldestWaitingAt: toDate(row.oldest), lastSentAt: toDate(row.last_sent) };
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
      update ${o} set state = 'sent', last_error = null, sent_at = coalesce(sent_at, s.at), updated_at = now()
        from unnest(${ids}::uuid[], ${ats}::timestamptz[]) as s(id, at)
       where ${o.id} = s.id and ${o.state} <> 'sent'
      returning ${o.id}`);
    // Both drivers answer {rows}; Drizzle's type for either leaves it unknown.
    marked += (result as unknown as { rows: unknown[] }).rows.length;
  }
  return marked;
}
