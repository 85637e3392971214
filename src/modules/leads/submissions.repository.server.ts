import 'server-only';
import { and, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { lockKeysInOrder } from '@/lib/db/conflicts';
import { placeholdersOf, preparedStatement } from '@/lib/db/prepared';
import type { DistrictChoice, SpamReason, Title } from '@/lib/db/enums';
import { leads, type LeadRow, type LeadStatus } from '@/lib/db/schema';
import { deleteMessagesOfLeads } from '@/modules/messaging/server';
import { normaliseEmail } from '@/lib/validation/email';
import { toE164 } from '@/lib/validation/phone';
import { overdueSql, type WorkingTime } from '@/lib/working-time';

/**
 * The lead's own row (table interest_submissions): a new lead stored once per idempotency key, read back, and the
 * single-row statements of the lead's operations (./operations.server.ts).
 */

/** What the Submit Interest form sends (src/modules/leads/form/schema.ts), as a lead is stored from it. */
export interface LeadInput {
  title: Title;
  fullname: string;
  email: string;
  phonenumber: string;
  district: DistrictChoice;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referrer?: string;
  landing_path?: string;
}

export interface NewLead {
  input: LeadInput;
  idempotencyKey?: string;
  /** What the key is tied to (interest_submissions.idempotency_binding): a repeat must bring the same. */
  idempotencyBinding?: string;
  spam: boolean;
  spamReason?: SpamReason;
  fillMs?: number;
  clientHash?: string;
  /** The IPv6 /48's hash (none for IPv4): see interest_submissions.network_hash. */
  networkHash?: string;
}

export interface StoredLead {
  id: string;
  /** Null for a lead whose chat began on WhatsApp: it gets no receipt. */
  email: string | null;
}

/**
 * A chat a buyer started on WhatsApp from a number no lead has (docs/decisions/0399): the name their profile shows,
 * their number, the district and campaign its link named, and where the chat came from.
 */
export interface NewChatLead {
  /** The first message's provider id: the same message delivered twice stores one lead. */
  providerId: string;
  fullName: string;
  phoneE164: string;
  district: DistrictChoice | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  referrer: string | null;
  landingPath: string | null;
}

export interface SaveResult {
  id: string;
  /** false when the idempotency key already had a lead: nothing new was stored. */
  created: boolean;
}

/** A lead by its id alone. */
const leadIdColumns = { id: leads.id };

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
    idempotencyBinding: lead.idempotencyKey ? (lead.idempotencyBinding ?? null) : null,
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
  'idempotencyBinding',
  'spam',
  'spamReason',
  'fillMs',
  'clientHash',
  'networkHash',
] as const satisfies readonly (keyof typeof leads.$inferInsert)[];
type LeadColumn = (typeof LEAD_COLUMNS)[number];

/** Built once: every lead runs it in its transaction (src/lib/db/prepared.ts). */
const leadInserted = preparedStatement((db) =>
  db.insert(leads).values(placeholdersOf(LEAD_COLUMNS)).onConflictDoNothing().returning(leadIdColumns).prepare('insert_lead'),
);

/**
 * Inserts a chat's lead, in the caller's transaction: undefined when its first message already stored one. The
 * message's id is its idempotency key, in a space of its own (`whatsapp:`), so it never meets a form's key.
 */
export async function insertChatLead(tx: Db, chat: NewChatLead): Promise<StoredLead | undefined> {
  const { providerId, ...lead } = chat;
  const [row] = await tx
    .insert(leads)
    // Its number wrote to us: the buyer's own from the start (docs/decisions/0403).
    .values({
      ...lead,
      origin: 'whatsapp',
      phoneRaw: chat.phoneE164,
      phoneVerifiedAt: sql`now()`,
      idempotencyKey: `whatsapp:${providerId}`,
      spam: false,
    })
    .onConflictDoNothing()
    .returning(leadIdColumns);
  return row && { id: row.id, email: null };
}

/** Holds chats from this number one at a time until the caller's transaction ends (a lock on the number, not a row). */
export async function lockChatNumber(tx: Db, phoneE164: string): Promise<void> {
  await lockKeysInOrder(tx, [`chat-lead:${phoneE164}`]);
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

/** The lead an idempotency key stored and what the key was tied to (null: nothing, a lead from before bindings). */
export async function findKeyHolder(db: Db, key: string): Promise<{ id: string; binding: string | null } | undefined> {
  const [row] = await db
    .select({ id: leads.id, binding: leads.idempotencyBinding })
    .from(leads)
    .where(eq(leads.idempotencyKey, key))
    .limit(1);
  return row;
}

export async function findIdByIdempotencyKey(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select(leadIdColumns).from(leads).where(eq(leads.idempotencyKey, key)).limit(1);
  return row?.id;
}

/** Whether a lead was set aside (spam, or held in a flood): nobody was told of it. */
export async function isSetAside(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ spam: leads.spam }).from(leads).where(eq(leads.id, id));
  return row?.spam ?? false;
}

export async function getLead(db: Db, id: string): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

export async function countLeads(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(leads);
  return Number(row.n);
}

/**
 * How many leads are stored of each kind (for /metrics): a lead to work, spam kept for review, or held in a flood.
 * Spam and held are counted (each a partial index's entries: src/lib/db/large-indexes.ts); all leads together are
 * the planner's estimate, as PostgreSQL makes it, the rows at the last ANALYZE scaled to the table's pages now, so a
 * scrape never reads a million rows (docs/decisions/0431). A table never analysed is counted.
 */
export async function countLeadsByKind(db: Db): Promise<{ kind: 'lead' | 'spam' | 'held'; n: number }[]> {
  const { rows } = (await db.execute(sql`select
      (select count(*) from ${leads} where ${leads.spamReason} = 'flood')::int as held,
      (select count(*) from ${leads} where ${leads.spam} and ${leads.spamReason} is distinct from 'flood')::int as spam,
      (select case when c.reltuples >= 0 and c.relpages > 0
        then c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int) end
        from pg_class c where c.oid = 'interest_submissions'::regclass)::float8 as estimate`)) as unknown as {
    rows: { held: number; spam: number; estimate: number | null }[];
  };
  const { held, spam, estimate } = rows[0];
  const all = estimate === null ? await countLeads(db) : Math.round(Number(estimate));
  return [
    { kind: 'lead', n: Math.max(0, all - held - spam) },
    { kind: 'spam', n: spam },
    { kind: 'held', n: held },
  ];
}

// ---- a status and a note (the operations' own transactions) -------------------------------------------------------

/** Where a lead is in the pipeline, whether it was ever contacted, whether it was set aside (spam, held), its district. */
const pipelineColumns = { status: leads.status, firstContactedAt: leads.firstContactedAt, spam: leads.spam, district: leads.district };

/** The lead's place in the pipeline, its row locked until the caller's transaction ends; undefined: no such lead. */
export async function lockPipeline(tx: Db, id: string) {
  const [row] = await tx.select(pipelineColumns).from(leads).where(eq(leads.id, id)).for('update');
  return row;
}

/**
 * Moves the lead to `status`. A status set by hand ends the lead's offer: it never moves on after
 * (docs/decisions/0365). `firstContact`: the time of its first contact, when this is it.
 */
export async function setStatus(tx: Db, id: string, status: LeadStatus, now: Date, firstContact: Date | undefined): Promise<void> {
  await tx
    .update(leads)
    .set({ status, offeredAt: null, updatedAt: now, ...(firstContact ? { firstContactedAt: firstContact } : {}) })
    .where(eq(leads.id, id));
}

/** The lead's district, set by staff. */
export async function setDistrict(tx: Db, id: string, district: DistrictChoice, now: Date): Promise<void> {
  await tx.update(leads).set({ district, updatedAt: now }).where(eq(leads.id, id));
}

/** The lead was worked on now (a note): retention counts its time from here. */
export async function touchLead(tx: Db, id: string, now: Date): Promise<void> {
  await tx.update(leads).set({ updatedAt: now }).where(eq(leads.id, id));
}

// ---- overdue leads (docs/decisions/0206-overdue-leads.md) ------------------------------------------------------------

/**
 * Up to `limit` leads overdue now that arrived after `since` and were never reminded, locked; those another
 * transaction holds are skipped, so concurrent checks never remind a lead twice.
 */
export async function lockOverdueLeads(tx: Db, now: Date, time: WorkingTime, since: Date, limit: number): Promise<string[]> {
  const t = leads;
  const due = await tx
    .select(leadIdColumns)
    .from(t)
    .where(and(isNull(t.overdueRemindedAt), gte(t.createdAt, since), overdueSql(t, now, time)))
    .limit(limit)
    .for('update', { skipLocked: true });
  return due.map((row) => row.id);
}

/** These leads' one reminder is queued (at `now`). */
export async function markReminded(tx: Db, ids: string[], now: Date): Promise<void> {
  await tx.update(leads).set({ overdueRemindedAt: now }).where(inArray(leads.id, ids));
}

/**
 * Deletes the leads `where` names with their messages in the one outbox (notes, history and bookings cascade), in the
 * erasure's transaction (src/modules/privacy/erasure.server.ts); returns the leads and the notifications' ids, which
 * their jobs carry.
 */
export async function eraseLeadRows(tx: Db, where: SQL) {
  const notificationIds = await deleteMessagesOfLeads(tx, tx.select({ id: leads.id }).from(leads).where(where));
  const erased = await tx
    .delete(leads)
    .where(where)
    .returning({ id: leads.id, email: leads.email, phoneRaw: leads.phoneRaw, phoneE164: leads.phoneE164 });
  return { leads: erased, notificationIds };
}
