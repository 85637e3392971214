import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type SendOptions } from 'pg-boss';
import type { Db } from '@/lib/db/db';
import { sqlRunnerOf } from '../db/prepared';
import { outOfLine } from '../db/priority';
import { logError, withoutContactDetails } from '../log';
import { IDLE_POLL_SECONDS, QUEUES, type PersonRecord, type QueueDefinition } from './queues';

/**
 * The job queue: pg-boss on the application's own database (docs/decisions/0010-notifications-on-pg-boss.md).
 * On PGlite it shares the one in-process connection (fromPglite); on PostgreSQL it keeps a small pool of its own.
 * Several instances on one PostgreSQL claim jobs with SKIP LOCKED, so a job is delivered to one of them.
 * Not marked server-only: src/lib/db/client.ts (loaded by the start-up instrumentation) starts it.
 */

export type QueueConnection = { kind: 'pglite'; client: Parameters<typeof fromPglite>[0] } | { kind: 'postgres'; url: string };

/** pg-boss's tables live in this schema (its default, named here because deleteJobsOf reads its job table). */
const JOBS_SCHEMA = 'pgboss';

export async function startJobQueue(connection: QueueConnection): Promise<PgBoss> {
  const common = { useListenNotify: true, application_name: 'districts-jobs', schema: JOBS_SCHEMA } as const;
  const boss =
    connection.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: connection.url, max: 3 });
  // An unhandled 'error' event would end the process; pg-boss reports failed polls and maintenance here.
  boss.on('error', (error) => logError('[jobs] pg-boss', error));
  await boss.start();
  for (const queue of QUEUES) {
    await boss.createQueue(queue.name, queue.options);
    // createQueue leaves an existing queue as it was: bring its retry settings up to date after a deploy.
    await boss.updateQueue(queue.name, queue.options);
  }
  return boss;
}

/**
 * pg-boss's view of a Drizzle transaction: its SQL sent on the transaction's connection as it is
 * (docs/decisions/0370-a-leads-request-cost.md), or else through Drizzle (fromDrizzle: Drizzle's generic type leaves
 * execute()'s result unknown; both drivers return what it reads).
 */
function inTransaction(tx: Db) {
  const executeSql = sqlRunnerOf(tx);
  return executeSql ? { executeSql } : fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
}

/**
 * Adds a job inside a Drizzle transaction: it exists only if the transaction commits. `options.id` makes the send
 * idempotent (a second send with the same id adds nothing).
 */
export function sendInTransaction(
  boss: PgBoss,
  tx: Db,
  queue: QueueDefinition,
  data: object,
  options: SendOptions = {},
): Promise<string | null> {
  return boss.send(queue.name, data, { ...options, db: inTransaction(tx) });
}

/**
 * A job id (a UUID) made from what the job is about: inserting the same key again adds no second job, so an alert is
 * queued once however many transactions ask for it.
 */
export function stableJobId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Adds several jobs with one statement inside a Drizzle transaction (each job's id makes it idempotent; `startAfter`:
 * not before then; `priority`: fetched before the jobs of a lower one, whatever their age).
 */
export async function insertInTransaction(
  boss: PgBoss,
  tx: Db,
  queue: QueueDefinition,
  jobs: { id: string; data: object; startAfter?: Date; priority?: number }[],
): Promise<void> {
  if (jobs.length) await boss.insert(queue.name, jobs, { db: inTransaction(tx) });
}

/**
 * Attaches a handler to a queue, one call per job. Jobs are fetched ten at a time (by `loops` fetch loops)
 * and handled side by side; a handler that throws fails only its own job, which pg-boss retries by the queue's
 * settings. A worker is woken by a new job (LISTEN/NOTIFY, or wakeWorkers) and polls for retries that fall due (the
 * queue's pollSeconds).
 */
export function workEach<T extends object>(
  boss: PgBoss,
  queue: QueueDefinition,
  handler: (data: T, jobId: string) => Promise<void>,
  loops = 1,
): Promise<void> {
  return workBatches<T>(boss, queue, (jobs) => Promise.allSettled(jobs.map((job) => handler(job.data, job.id))), loops);
}

/**
 * Attaches a handler to a queue that takes the jobs ten at a time (so that it can read and write for all of them in
 * a statement each) and answers with each job's outcome, in their order: a rejected one fails only its own job. A
 * handler that throws fails the whole batch.
 */
export async function workBatches<T extends object>(
  boss: PgBoss,
  queue: QueueDefinition,
  handler: (jobs: { id: string; data: T }[]) => Promise<PromiseSettledResult<unknown>[]>,
  loops = 1,
): Promise<void> {
  const options = {
    batchSize: 10,
    burstWhenBatchFull: true,
    perJobResults: true,
    pollingIntervalSeconds: queue.pollSeconds ?? IDLE_POLL_SECONDS,
    notifyPollingIntervalSeconds: queue.pollSeconds ?? IDLE_POLL_SECONDS,
    localConcurrency: loops,
  };
  const handleBatch = async (jobs: { id: string; data: T }[]) => {
    // A job's statements never wait behind staff's on PostgreSQL: a buyer's first reply is sent by one (0455).
    const outcomes = await outOfLine(() => handler(jobs.map((job) => ({ id: job.id, data: job.data }))));
    return jobs.map((job, i) => {
      const outcome = outcomes[i];
      if (outcome.status === 'fulfilled') return { id: job.id, status: 'completed' as const };
      // pg-boss keeps the output for days (and copies it to a dead-letter job): an SMTP refusal quotes the recipient.
      const error = outcome.reason;
      const message = withoutContactDetails(error instanceof Error ? error.message : String(error));
      return { id: job.id, status: 'failed' as const, output: { message } };
    });
  };
  await boss.work<T>(queue.name, options, handleBatch);
}

/** Queues whose workers are woken shortly (wakeWorkers), by queue name. */
const wakesDue = new WeakMap<PgBoss, Set<string>>();

/**
 * How long a wake-up waits for others to join it: under a burst of leads one fetch then takes a batch of messages
 * rather than one each, at the cost of this much delay.
 */
const WAKE_COALESCE_MS = 25;

/**
 * Wakes this process's workers on these queues: they fetch within WAKE_COALESCE_MS rather than at their next poll.
 * For queues without `notify` (a NOTIFY in the sender's transaction serialises every such commit on PostgreSQL),
 * called once the jobs' transaction has committed; other instances find the jobs at their next poll
 * (docs/decisions/0370-a-leads-request-cost.md).
 */
export function wakeWorkers(boss: PgBoss, queues: QueueDefinition[]): void {
  const due = wakesDue.get(boss) ?? new Set<string>();
  wakesDue.set(boss, due);
  for (const queue of queues) {
    if (due.has(queue.name)) continue;
    due.add(queue.name);
    setTimeout(() => {
      due.delete(queue.name);
      // Every fetch loop of the queue in this process (pg-boss's own list: Next.js may load this module more than once).
      for (const worker of boss.getWipData()) if (worker.name === queue.name) boss.notifyWorker(worker.id);
    }, WAKE_COALESCE_MS).unref();
  }
}

/**
 * Inside an erasure's transaction: deletes every job, in any state (waiting, retrying, done, failed, a dead-letter
 * copy), whose data names one of these records under its queue's `record` key (./queues.ts). Returns how many.
 * Nothing to delete in a database where the queue never started (no job table yet).
 */
export async function deleteJobsOf(tx: Db, records: Partial<Record<PersonRecord, string[]>>): Promise<number> {
  const matches = QUEUES.flatMap(({ name, record }) => {
    const ids = record && records[record.kind];
    if (!record || !ids?.length) return [];
    return [sql`(name = ${name} and data ->> ${record.key}::text in ${anyOf(ids)})`];
  });
  if (!matches.length) return 0;
  const table = `${JOBS_SCHEMA}.job`;
  const [{ present }] = rowsOf<{ present: boolean }>(await tx.execute(sql`select to_regclass(${table}) is not null as present`));
  if (!present) return 0;
  const deleted = await tx.execute(sql`delete from ${jobTable} where ${sql.join(matches, sql` or `)} returning id`);
  return rowsOf(deleted).length;
}

/**
 * Of the jobs `ids` in `queue`, those still waiting for their time (state `created`), locked until the transaction
 * ends: a worker fetching jobs skips them meanwhile (pg-boss fetches with SKIP LOCKED), so the caller may delete them.
 */
export async function lockWaitingJobs(tx: Db, queue: QueueDefinition, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx.execute(
    sql`select id::text as id from ${jobTable} where name = ${queue.name} and state = 'created' and id::text in ${anyOf(ids)}
        for update skip locked`,
  );
  return rowsOf<{ id: string }>(rows).map((row) => row.id);
}

/** Deletes jobs of `queue` by id (after lockWaitingJobs). */
export async function deleteJobs(tx: Db, queue: QueueDefinition, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`delete from ${jobTable} where name = ${queue.name} and id::text in ${anyOf(ids)}`);
}

/** pg-boss's job table. */
const jobTable = sql`${sql.identifier(JOBS_SCHEMA)}.job`;

/** `(select ...)` of the given ids as text: any number of them as one JSON parameter, in one statement. */
const anyOf = (ids: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** Both drivers answer execute() with {rows}; Drizzle's type for either leaves it unknown. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A periodic job: adding one is a queue in ./queues.ts and one of these (times are Lagos time). */
export interface ScheduledJob {
  queue: QueueDefinition;
  /** Cron expression (5 fields); pg-boss starts one run per matching minute across all instances. */
  cron: string;
  run: () => Promise<void>;
}

export async function schedule(boss: PgBoss, job: ScheduledJob): Promise<void> {
  await boss.schedule(job.queue.name, job.cron, null, { tz: 'Africa/Lagos' });
  await workEach(boss, job.queue, job.run);
}
