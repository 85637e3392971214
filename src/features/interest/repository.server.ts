import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { handleOf, type Db } from '@/lib/db/client';
import { interestSubmissions, LEAD_STATUSES, type InterestSubmissionRow, type LeadStatus } from '@/lib/db/schema';
import type { PgBoss } from 'pg-boss';
import { normaliseEmail } from '@/lib/validation/email';
import type { InterestInput } from './schema';
import { toE164 } from '@/lib/validation/phone';

/**
 * Every query on interest submissions lives here (the staff area will extend this module).
 */

export interface NewLead {
  input: InterestInput;
  idempotencyKey?: string;
  spam: boolean;
  spamReason?: 'honeypot' | 'too_fast';
  fillMs?: number;
  clientHash?: string;
}

export interface SaveOptions {
  /**
   * Runs inside the transaction once the lead row is inserted (so never for a repeated key); throwing rolls the
   * lead back. The handler checks the rate limit here, so duplicates of one form never count against it.
   */
  admit?: (tx: Db) => Promise<void>;
  /**
   * Runs inside the transaction once a new, non-spam lead is inserted, with the started job queue: what it adds
   * (the notifications and their jobs) commits with the lead or not at all. The route composes it in, so this
   * feature knows nothing of notifications.
   */
  onStored?: (tx: Db, lead: StoredLead, jobs: PgBoss) => Promise<void>;
  /**
   * Runs last in the transaction of a new lead; throwing rolls it back. For a check on a row every lead shares (the
   * site-wide limit): taken last, its lock is held only while the transaction commits.
   */
  beforeCommit?: (tx: Db) => Promise<void>;
}

export interface StoredLead {
  id: string;
  email: string;
}

export interface SaveResult {
  id: string;
  /** false when the idempotency key already had a lead: nothing new was stored. */
  created: boolean;
}

const emptyToNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/**
 * Stores a lead exactly once per idempotency key; `options.onStored` adds what must commit with it.
 * Concurrent calls with one key: INSERT ... ON CONFLICT DO NOTHING lets one of them insert; the others wait for
 * it to commit, insert nothing and read its id.
 */
export async function saveLead(db: Db, lead: NewLead, options: SaveOptions = {}): Promise<SaveResult> {
  const { input } = lead;
  const values = {
    title: input.title,
    fullName: input.fullname,
    email: normaliseEmail(input.email),
    phoneRaw: input.phonenumber,
    phoneE164: toE164(input.phonenumber),
    district: input.district,
    utmSource: emptyToNull(input.utm_source),
    utmMedium: emptyToNull(input.utm_medium),
    utmCampaign: emptyToNull(input.utm_campaign),
    utmTerm: emptyToNull(input.utm_term),
    utmContent: emptyToNull(input.utm_content),
    referrer: emptyToNull(input.referrer),
    landingPath: emptyToNull(input.landing_path),
    idempotencyKey: lead.idempotencyKey ?? null,
    spam: lead.spam,
    spamReason: lead.spamReason ?? null,
    fillMs: lead.fillMs === undefined ? null : Math.max(-2_147_483_648, Math.min(2_147_483_647, Math.round(lead.fillMs))),
    clientHash: lead.clientHash ?? null,
  };

  // Ready before the transaction: starting the queue must not wait on the transaction's own connection (PGlite).
  const jobs = !lead.spam && options.onStored ? await handleOf(db).jobs() : undefined;
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx.insert(interestSubmissions).values(values).onConflictDoNothing().returning({ id: interestSubmissions.id });
    const row = rows[0];
    if (!row) return undefined;
    await options.admit?.(tx as unknown as Db);
    // Spam is kept for review but never notifies anyone.
    if (jobs) await options.onStored?.(tx as unknown as Db, { id: row.id, email: values.email }, jobs);
    await options.beforeCommit?.(tx as unknown as Db);
    return row.id;
  });
  if (inserted) return { id: inserted, created: true };

  // The key was taken (by an earlier or a concurrent request that has committed): answer with its lead.
  const existing = lead.idempotencyKey ? await findIdByIdempotencyKey(db, lead.idempotencyKey) : undefined;
  if (!existing) throw new Error('Lead insert conflicted but no lead holds the idempotency key.');
  return { id: existing, created: false };
}

export async function findIdByIdempotencyKey(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: interestSubmissions.id })
    .from(interestSubmissions)
    .where(eq(interestSubmissions.idempotencyKey, key))
    .limit(1);
  return row?.id;
}

export async function getLead(db: Db, id: string): Promise<InterestSubmissionRow | undefined> {
  const [row] = await db.select().from(interestSubmissions).where(eq(interestSubmissions.id, id)).limit(1);
  return row;
}

export interface ListLeadsOptions {
  status?: LeadStatus;
  includeSpam?: boolean;
  limit?: number;
  offset?: number;
}

/** Newest first; spam excluded unless asked for. */
export async function listLeads(db: Db, options: ListLeadsOptions = {}): Promise<InterestSubmissionRow[]> {
  const conditions = [];
  if (options.status) conditions.push(eq(interestSubmissions.status, options.status));
  if (!options.includeSpam) conditions.push(eq(interestSubmissions.spam, false));
  return db
    .select()
    .from(interestSubmissions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(interestSubmissions.createdAt))
    .limit(Math.min(options.limit ?? 50, 500))
    .offset(options.offset ?? 0);
}

export async function setLeadStatus(db: Db, id: string, status: LeadStatus): Promise<boolean> {
  if (!LEAD_STATUSES.includes(status)) throw new Error(`Unknown lead status ${status}`);
  const rows = await db
    .update(interestSubmissions)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(interestSubmissions.id, id))
    .returning({ id: interestSubmissions.id });
  return rows.length > 0;
}

export async function countLeads(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(interestSubmissions);
  return Number(row.n);
}
