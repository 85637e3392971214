import 'server-only';
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { placeholdersOf, preparedStatement } from '@/lib/db/prepared';
import type { SpamReason } from '@/lib/db/enums';
import { leads, LEAD_STATUSES, type LeadRow, type LeadStatus } from '@/lib/db/schema';
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
  spamReason?: SpamReason;
  fillMs?: number;
  clientHash?: string;
  /** The IPv6 /48's hash (none for IPv4): see interest_submissions.network_hash. */
  networkHash?: string;
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
 * Inserts a lead, in the caller's transaction: undefined when its idempotency key already has one (nothing is
 * stored). Concurrent inserts with one key: INSERT ... ON CONFLICT DO NOTHING lets one of them insert; the others
 * wait for it to commit and insert nothing.
 */
export async function insertLead(tx: Db, lead: NewLead): Promise<StoredLead | undefined> {
  const { input } = lead;
  const email = normaliseEmail(input.email);
  const [row] = await leadInserted(tx).execute({
    title: input.title,
    fullName: input.fullname,
    email,
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
    networkHash: lead.networkHash ?? null,
  } satisfies Record<LeadColumn, unknown>);
  return row && { id: row.id, email };
}

/** The columns a new lead is stored with (the rest take their defaults). */
const LEAD_COLUMNS = [
  'title',
  'fullName',
  'email',
  'phoneRaw',
  'phoneE164',
  'district',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'referrer',
  'landingPath',
  'idempotencyKey',
  'spam',
  'spamReason',
  'fillMs',
  'clientHash',
  'networkHash',
] as const satisfies readonly (keyof typeof leads.$inferInsert)[];
type LeadColumn = (typeof LEAD_COLUMNS)[number];

/** Built once: every lead runs it in its transaction (src/lib/db/prepared.ts). */
const leadInserted = preparedStatement((db) =>
  db
    .insert(leads)
    .values(placeholdersOf(LEAD_COLUMNS))
    .onConflictDoNothing()
    .returning({ id: leads.id })
    .prepare('insert_lead'),
);

/**
 * Sets leads aside as held in a flood (docs/decisions/0343-a-flood-is-held-not-refused.md), in the flood's lead's
 * transaction; one dealt out already goes back to nobody (its agent was told nothing yet).
 */
export async function holdLeads(tx: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(leads)
    .set({ spam: true, spamReason: 'flood', assignedTo: null, offeredAt: null })
    .where(inArray(leads.id, ids));
}

/** The leads taken as usual from the IPv6 block `networkHash` since `since`, other than `exceptId`. */
export async function recentLeadsOfNetwork(tx: Db, networkHash: string, since: Date, exceptId: string): Promise<string[]> {
  const t = leads;
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.networkHash, networkHash), gte(t.createdAt, since), eq(t.spam, false), ne(t.id, exceptId)));
  return rows.map((row) => row.id);
}

/** The lead an idempotency key already stored (by an earlier or a concurrent request that has committed). */
export async function leadOfKey(db: Db, key: string | undefined): Promise<string> {
  const existing = key ? await findIdByIdempotencyKey(db, key) : undefined;
  if (!existing) throw new Error('Lead insert conflicted but no lead holds the idempotency key.');
  return existing;
}

/** Stores a lead exactly once per idempotency key, in a transaction of its own (the route stores its lead inside a larger one). */
export async function saveLead(db: Db, lead: NewLead): Promise<SaveResult> {
  const stored = await db.transaction((tx) => insertLead(tx, lead));
  return stored ? { id: stored.id, created: true } : { id: await leadOfKey(db, lead.idempotencyKey), created: false };
}

export async function findIdByIdempotencyKey(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.idempotencyKey, key))
    .limit(1);
  return row?.id;
}

export async function getLead(db: Db, id: string): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

export interface ListLeadsOptions {
  status?: LeadStatus;
  includeSpam?: boolean;
  limit?: number;
  offset?: number;
}

/** Newest first; spam excluded unless asked for. */
export async function listLeads(db: Db, options: ListLeadsOptions = {}): Promise<LeadRow[]> {
  const conditions = [];
  if (options.status) conditions.push(eq(leads.status, options.status));
  if (!options.includeSpam) conditions.push(eq(leads.spam, false));
  return db
    .select()
    .from(leads)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(leads.createdAt))
    .limit(Math.min(options.limit ?? 50, 500))
    .offset(options.offset ?? 0);
}

export async function setLeadStatus(db: Db, id: string, status: LeadStatus): Promise<boolean> {
  if (!LEAD_STATUSES.includes(status)) throw new Error(`Unknown lead status ${status}`);
  const rows = await db
    .update(leads)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(leads.id, id))
    .returning({ id: leads.id });
  return rows.length > 0;
}

export async function countLeads(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(leads);
  return Number(row.n);
}
