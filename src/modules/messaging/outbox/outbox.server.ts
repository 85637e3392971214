import 'server-only';
import { randomUUID } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { recordDeliveries } from '@/lib/backup/restore-ledger.server';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import type { OutboxState, OutboxSubject } from '@/lib/db/enums';
import type { OutboxMessageRow } from '@/lib/db/schema';
import { deleteJobs, insertInTransaction, lockWaitingJobs, sendInTransaction, wakeWorkers, workBatches } from '@/lib/jobs/queue';
import {
  IDLE_POLL_SECONDS,
  INSPECTION_MESSAGE,
  NOTIFY,
  NOTIFY_PUSH,
  NOTIFY_SLOW,
  OUTBOX,
  OUTBOX_PUSH,
  OUTBOX_SLOW,
  type OutboxJob,
  type QueueDefinition,
} from '@/lib/jobs/queues';
import { logError, withoutContactDetails } from '@/lib/log';
import { afterTheRush } from '@/lib/server-hand-over.mjs';
import { ChannelError } from '../channels/channel-error';
import { GIVE_UP_AFTER_MS, givenUp } from './give-up';
import {
  claimMessages,
  deleteMessages,
  findMessages,
  insertMessages,
  messagesOf,
  recordAttempts,
  requeue,
  upsertMessages,
  type Attempt,
  type ClaimedMessage,
  type NewOutboxMessage,
} from './outbox.repository.server';

/**
 * The one outbox (docs/decisions/0410-one-outbox.md): a capability queues a message as a row and a job in its own
 * transaction (queueMessages), and the outbox's worker sends it through the capability's sender, records what came of
 * it, retries it by the queue's one schedule and gives it up by the one policy (./give-up.ts). A capability decides
 * what to send and renders it when it goes, from its subject (so no copy of a buyer's details waits in the outbox);
 * only the messaging module's channels reach a provider.
 */

/** Why an attempt sent nothing, as kept on the row: its state and its reason. */
export interface NotSent {
  state: Exclude<OutboxState, 'queued' | 'sending' | 'sent' | 'failed'>;
  lastError: string;
}

/**
 * What a capability gives the outbox for the messages of its subject: how to send one (`sent`, or why not; a failure
 * is thrown, a ChannelError's kind kept on the row), read once for a batch (`load`: one statement for its subjects).
 */
export interface OutboxSender<Context> {
  /** Each message's context by its id (its lead, its agent); a message missing from it is gone (erased): left alone. */
  load(db: Db, messages: OutboxMessageRow[]): Promise<Map<string, Context>>;
  send(db: Db, message: OutboxMessageRow, context: Context): Promise<'sent' | NotSent>;
  /**
   * When the give-up policy counts from (the message's due time unless said: a lead's messages, from the lead), and a
   * shorter end than the policy's, for a message of no use later (a first reply: two hours).
   */
  giveUp?(message: OutboxMessageRow, context: Context): { from: Date; afterMs: number };
  /**
   * Asked once the message is claimed, before it is sent: why it is not to go any more (withdrawn with that reason),
   * or undefined. After the claim, so a change committed before it (a booking cancelled: its reminder) is seen.
   */
  stillWanted?(message: OutboxMessageRow, context: Context, at: Date): string | undefined;
  /**
   * A message taken from a sender that died with it in hand (its lease ended; it may have gone): whether it is not sent
   * again (marked failed, with INTERRUPTED_WHILE_SENDING: a reminder, a receipt's WhatsApp copy, where two are worse
   * than none), or sent again (at least once: a receipt's e-mail, under its one Message-ID).
   */
  notAgain?(message: OutboxMessageRow): boolean;
  /** After the batch's outcomes are recorded: what the capability does with the messages that went. */
  afterSent?(db: Db, sent: { message: OutboxMessageRow; context: Context; at: Date }[], jobs: PgBoss | undefined): Promise<void>;
}

/** What a message that is not sent again after a crash (OutboxSender.notAgain) keeps as its reason, for staff to read. */
export const INTERRUPTED_WHILE_SENDING = 'interrupted while sending (the server stopped): not sent again, so that it never goes twice';

/** The queue of a message: push alerts have their own (a burst of them never holds up e-mail). */
const queueOf = (message: Pick<OutboxMessageRow, 'channel'>): QueueDefinition => (message.channel === 'push' ? OUTBOX_PUSH : OUTBOX);

/**
 * Which messages go first when many wait (docs/decisions/0437-a-buyer-at-a-screen-first.md): pg-boss fetches by
 * priority, then age. A buyer looking at a screen for a sign-in code, or for the receipt of what they just paid, comes
 * before the leads' alerts, webhooks and acknowledgements that an advert's burst piles up by the hundred.
 */
const priorityOf = (message: Pick<OutboxMessageRow, 'subjectType'>): number =>
  message.subjectType === 'buyer_sign_in' || message.subjectType === 'receipt' ? 1 : 0;

/**
 * Writes messages and one job per message still to send, in the caller's transaction, so the messages commit with
 * what set them off. A message whose key is there already is not queued again. Returns the rows written.
 */
export async function queueMessages(
  tx: Db,
  boss: PgBoss,
  messages: NewOutboxMessage[],
  { startAfter, now }: { startAfter?: Date; now?: Date } = {},
): Promise<OutboxMessageRow[]> {
  // Messages of their own times, payloads or rules for a key seen before (a booking's) take the statement that can.
  const own = (m: NewOutboxMessage) => m.dueAt !== undefined || m.payload !== undefined || m.again !== undefined;
  const plain = messages.filter((m) => !own(m));
  const rows = [
    ...(plain.length ? await insertMessages(tx, plain, { dueAt: startAfter, now }) : []),
    ...(plain.length < messages.length ? await upsertMessages(tx, messages.filter(own), startAfter ?? now ?? new Date()) : []),
  ];
  const queued = rows.filter((row) => row.state === 'queued');
  const mayComeAgain = new Set(messages.filter((m) => m.again).map((m) => m.dedupeKey));
  const jobStart = (row: OutboxMessageRow) => startAfter ?? (row.dueAt > (now ?? new Date()) ? row.dueAt : undefined);
  // The job carries the row's id only (no personal data); the id also makes the insert idempotent. A message that may
  // be queued again gets a new job id each time (the job of its first time may still be kept by pg-boss).
  for (const queue of [OUTBOX, OUTBOX_PUSH]) {
    const jobs = queued.filter((row) => queueOf(row) === queue);
    await insertInTransaction(
      boss,
      tx,
      queue,
      jobs.map((row) => ({
        id: mayComeAgain.has(row.dedupeKey) ? randomUUID() : row.id,
        data: { messageId: row.id, subject: row.subjectType as OutboxJob['subject'] } satisfies OutboxJob,
        startAfter: jobStart(row),
        priority: priorityOf(row),
      })),
    );
  }
  return rows;
}

/** After the transaction of queueMessages has committed: this process's senders fetch its messages now. */
export const wakeOutbox = (boss: PgBoss) => wakeWorkers(boss, [OUTBOX, OUTBOX_PUSH]);

/**
 * Of `subjectIds`, the subjects none of whose messages has started (every job still waiting for its time): their
 * messages and jobs are deleted, as if never queued, and their ids returned. A subject with a message already taken by
 * a worker keeps all of them. In the caller's transaction (a flood holding leads: docs/decisions/0343).
 */
export async function withdrawWaitingMessages(tx: Db, subjectType: OutboxSubject, subjectIds: string[]): Promise<string[]> {
  if (!subjectIds.length) return [];
  const rows = await messagesOf(tx, subjectType, subjectIds);
  const queued = rows.filter((row) => row.state === 'queued');
  const waiting = new Set<string>();
  for (const queue of [OUTBOX, OUTBOX_PUSH]) {
    const ids = queued.filter((row) => queueOf(row) === queue).map((row) => row.id);
    for (const id of await lockWaitingJobs(tx, queue, ids)) waiting.add(id);
  }
  // Untouched: never tried, not in a sender's hands, and its job still waiting (or it needs none).
  const untouched = (subjectId: string) =>
    rows.every(
      (row) =>
        row.subjectId !== subjectId || (row.attempts === 0 && row.state !== 'sending' && (row.state !== 'queued' || waiting.has(row.id))),
    );
  const withdrawn = subjectIds.filter(untouched);
  const gone = rows.filter((row) => withdrawn.includes(row.subjectId));
  for (const queue of [OUTBOX, OUTBOX_PUSH]) {
    await deleteJobs(
      tx,
      queue,
      gone.filter((row) => queueOf(row) === queue && waiting.has(row.id)).map((row) => row.id),
    );
  }
  await deleteMessages(
    tx,
    gone.map((row) => row.id),
  );
  return withdrawn;
}

/**
 * An owner's "send again": the message goes back to `queued` with a new job, in one transaction. It keeps its id (a
 * webhook its webhook-id), so a receiver that did get it before can tell. One in a sender's hands is going already: it
 * is returned as it is, with no new job. Undefined when there is no such message. `unlessQueued`: nothing when it is
 * queued already (a provider reporting one failure twice queues it once).
 */
export async function resendMessage(
  db: Db,
  boss: PgBoss,
  subject: { type: OutboxSubject; id: string },
  kind: string,
  options: { unlessQueued?: boolean } = {},
): Promise<OutboxMessageRow | undefined> {
  const row = await db.transaction(async (tx) => {
    const row = await requeue(tx, subject, kind, options);
    if (row)
      await sendInTransaction(
        boss,
        tx,
        queueOf(row),
        { messageId: row.id, subject: row.subjectType as OutboxJob['subject'] } satisfies OutboxJob,
        { priority: priorityOf(row) },
      );
    return row;
  });
  if (row) wakeOutbox(boss);
  else if (!options.unlessQueued)
    return (await messagesOf(db, subject.type, [subject.id])).find((message) => message.kind === kind && message.state === 'sending');
  return row;
}

// ---- the worker ----------------------------------------------------------------------------------------------------

/** The capabilities' senders, by the subject their messages are about. */
export type OutboxSenders = { [S in OutboxJob['subject']]?: OutboxSender<never> };

/**
 * How long a sender's claim on a message lasts: pg-boss's own claim on its job (OUTBOX's `expireInSeconds`). A job
 * still running after that is taken as dead and tried again, and its message, still `sending`, is taken again then; a
 * message's sends (an SMTP exchange: at most 40 s) end within it.
 */
export const SENDING_LEASE_MS = (OUTBOX.options.expireInSeconds ?? 60) * 1000;

/** A job whose message another sender has in hand: tried again later (the other settles it, or dies and its lease ends). */
export class MessageInHand extends Error {
  constructor(id: string) {
    super(`message ${id} is in another sender's hands`);
    this.name = 'MessageInHand';
  }
}

/**
 * Sends messages, a batch at a time: each claimed (`sending`, one conditional write for the batch, which is also its
 * read), sent through its subject's sender, and its outcome recorded (one statement). Two jobs naming one message never
 * send it side by side: the one that finds it claimed is tried again later, and finds it settled. A failure is recorded
 * (its ChannelError kind with it) and its job rejected, so pg-boss retries it by the queue's schedule; once the give-up
 * policy says so it is marked failed instead. A message already settled or erased is left alone.
 * (docs/decisions/0370-a-leads-request-cost.md: one statement claims the batch, one per subject reads the contexts, one
 * records the outcomes.) A sender that dies between the provider's answer and the record leaves the message `sending`:
 * once its lease ends it is sent again (at least once); the messages that must go at most once (a buyer's first reply)
 * are recorded by their channel before the provider is asked (docs/decisions/0396).
 */
export async function deliverMessages(
  db: Db,
  senders: OutboxSenders,
  ids: string[],
  now = () => new Date(),
  jobs?: PgBoss,
): Promise<PromiseSettledResult<void>[]> {
  const subjects = (Object.keys(senders) as OutboxJob['subject'][]).filter((subject) => senders[subject]);
  const claimed: ClaimedMessage[] = await claimMessages(db, [...new Set(ids)], now(), SENDING_LEASE_MS, subjects);
  const found = new Map(claimed.map((message) => [message.id, message]));
  // Of the others, those in another sender's hands, or about a subject this caller has no sender for (a process
  // without it): their jobs are tried again (the rest are settled, or gone).
  const others = ids.filter((id) => !found.has(id));
  const inHand = new Set(
    (await findMessages(db, others))
      .filter((row) => row.state === 'sending' || (row.state === 'queued' && !subjects.includes(row.subjectType)))
      .map((row) => row.id),
  );
  const contexts = new Map<string, unknown>();
  for (const [subject, rows] of groupBy(claimed, (message) => message.subjectType)) {
    const sender = senders[subject as OutboxJob['subject']] as OutboxSender<unknown> | undefined;
    if (!sender) continue;
    for (const [id, context] of await sender.load(db, rows)) contexts.set(id, context);
  }
  const attempts: Attempt[] = [];
  const sent: { message: OutboxMessageRow; context: unknown; at: Date }[] = [];
  const taken = new Set<string>();
  const outcomes = await Promise.allSettled(
    ids.map(async (id) => {
      if (inHand.has(id)) throw new MessageInHand(id);
      const message = found.get(id);
      // Once per message, however many of the batch's jobs name it.
      if (!message || taken.has(id)) return;
      taken.add(id);
      const sender = senders[message.subjectType as OutboxJob['subject']] as OutboxSender<unknown> | undefined;
      if (!sender || !contexts.has(id)) {
        // Its subject is gone (erased meanwhile): nothing to send, and the claim is let go.
        attempts.push({ id, state: 'withdrawn', lastError: 'what it was about is gone', at: now() });
        return;
      }
      const context = contexts.get(id);
      if (message.resumed && sender.notAgain?.(message)) {
        attempts.push({ id, state: 'failed', lastError: INTERRUPTED_WHILE_SENDING, at: now() });
        return;
      }
      const unwanted = sender.stillWanted?.(message, context, now());
      if (unwanted) {
        attempts.push({ id, state: 'withdrawn', lastError: unwanted, at: now() });
        return;
      }
      try {
        const outcome = await sender.send(db, message, context);
        const at = now();
        if (outcome === 'sent') {
          attempts.push({ id, state: 'sent', lastError: null, at });
          sent.push({ message, context, at });
        } else attempts.push({ id, state: outcome.state, lastError: outcome.lastError, at });
      } catch (error) {
        // Staff see the reason; without addresses or numbers (an SMTP refusal quotes the recipient), as every stored
        // error (docs/decisions/0344-erasure-reaches-every-copy.md). The log names the error's kind only.
        const reason = withoutContactDetails(error instanceof Error ? error.message : String(error));
        const { from, afterMs } = sender.giveUp?.(message, context) ?? { from: message.dueAt, afterMs: GIVE_UP_AFTER_MS };
        const expired = givenUp(from, now(), afterMs);
        const lastErrorKind = error instanceof ChannelError ? error.kind : 'retry';
        attempts.push({ id, state: expired ? 'failed' : 'queued', lastError: reason, lastErrorKind, at: now() });
        logError(`[outbox] ${message.subjectType} ${message.kind} ${id} ${expired ? 'failed for good' : 'will be retried'}`, error);
        if (!expired) throw error;
      }
    }),
  );
  await recordAttempts(db, attempts);
  for (const [subject, rows] of groupBy(sent, (s) => s.message.subjectType)) {
    const sender = senders[subject as OutboxJob['subject']] as OutboxSender<unknown>;
    await sender.afterSent?.(db, rows, jobs);
  }
  // Beside the backups: a site restored from an older backup does not send these messages again.
  await recordDeliveries(sent.map(({ message, at }) => ({ id: message.id, at }))).catch((error) =>
    logError(`[outbox] ${sent.length} messages sent, but not written to the backup ledger`, error),
  );
  return outcomes;
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** One message (deliverMessages for one): throws when it is to be tried again. */
export async function deliverMessage(db: Db, senders: OutboxSenders, id: string, now = () => new Date()): Promise<void> {
  const [outcome] = await deliverMessages(db, senders, [id], now);
  if (outcome.status === 'rejected') throw outcome.reason;
}

/**
 * When more forms wait than the server takes at once (serving/admission.mjs), messages wait for the rush to pass, this
 * long at most: the visitors waiting for their answer come first, and a message is still sent within seconds
 * (docs/decisions/0370). Below that load they go at once.
 */
const RUSH_WAIT_MS = 10_000;

/**
 * Attaches the outbox's one worker to its queues (the server process does this once at start-up), and to the queues of
 * the release before (lead_notifications' NOTIFY ones, inspection_messages' INSPECTION_MESSAGE), whose jobs name rows
 * the upgrades copied under their ids.
 */
export async function startOutboxWorkers(handle: DatabaseHandle, senders: OutboxSenders): Promise<void> {
  const boss = await handle.jobs();
  // On PostgreSQL up to 40 messages in flight per process, so a burst of leads from an advert does not queue. PGlite
  // has one connection: one fetch loop (10 at a time) keeps it busy, more loops only add polling queries.
  const loops = handle.kind === 'postgres' ? 4 : 1;
  const work = (queue: QueueDefinition, loopCount: number) =>
    workBatches<Partial<OutboxJob> & { notificationId?: string }>(
      boss,
      queue,
      async (batch) => {
        await afterTheRush(RUSH_WAIT_MS);
        return deliverMessages(
          handle.db,
          senders,
          batch.map((job) => (job.data.messageId ?? job.data.notificationId)!),
          undefined,
          boss,
        );
      },
      loopCount,
    );
  for (const queue of [OUTBOX, OUTBOX_PUSH, OUTBOX_SLOW]) await work(queue, loops);
  // Only what the release before queued is there (nothing new arrives): one loop each, polling as an idle queue does.
  for (const queue of [NOTIFY, NOTIFY_PUSH, NOTIFY_SLOW, INSPECTION_MESSAGE]) await work({ ...queue, pollSeconds: IDLE_POLL_SECONDS }, 1);
}
