/**
 * Indexes on the tables that grow with the years (docs/decisions/0420-staff-pages-at-a-million-leads.md), built after
 * drizzle's migrations and outside their transaction: on PostgreSQL `CREATE INDEX CONCURRENTLY`, so a release that
 * adds one to a table of a million leads never blocks the leads still arriving (a running release keeps taking them
 * during a rolling upgrade); on PGlite, one process, a plain build. Each is `IF NOT EXISTS`, so a start with them all
 * built costs one catalogue query; one left INVALID by an interrupted build is dropped and built again. They are not in
 * schema.ts: drizzle-kit would write them into a migration, which runs in one transaction.
 */
import { sql, type AnyColumn } from 'drizzle-orm';

/** `foldText` (src/modules/leads/search.ts) as SQL, with its pattern written out: an index expression takes no parameter. */
export const foldedSql = (column: string) => `regexp_replace(lower(normalize(${column}, NFD)), '[\\u0300-\\u036f''‘’ʼ]', '', 'g')`;

/**
 * Everything the inbox search looks in, folded, in one text: the name, the e-mail and the number's digits (as E.164 and
 * as typed), separated by a newline, which no search word holds. Its trigram index finds the few leads a word can be
 * in; the search's own conditions then decide (src/modules/leads/inbox.repository.server.ts). `table`: the columns
 * qualified, as a query with a join needs them (the index matches the expression either way).
 */
export function leadSearchText(table = ''): string {
  const column = (name: string) => (table ? `"${table}"."${name}"` : name);
  return (
    `(${foldedSql(column('full_name'))} || E'\\n' || coalesce(${foldedSql(column('email'))}, '') || E'\\n' || ` +
    `coalesce(replace(${column('phone_e164')}, '+', ''), '') || E'\\n' || regexp_replace(${column('phone_raw')}, '[^0-9]', '', 'g'))`
  );
}

/** The whitespace trimmed off a stored address, one literal for the comparison and its index alike. */
const EMAIL_WHITESPACE = "E' \\t\\r\\n'";

/**
 * An address compared as stored data may hold it: trimmed of whitespace, lower-cased. The expression of
 * `interest_submissions_stored_email_idx` below: a lead's address compared through it is found by that index.
 */
export const storedEmailSql = (column: AnyColumn) => sql`lower(btrim(${column}, ${sql.raw(EMAIL_WHITESPACE)}))`;

export interface LargeIndex {
  name: string;
  /** What follows `ON` in CREATE INDEX. */
  on: string;
  /** An extension it needs; without it on this database (a PGlite opened without it) the index is not built. */
  extension?: 'pg_trgm';
}

export const LARGE_INDEXES: LargeIndex[] = [
  // The inbox search by name, e-mail or number (LIKE '%word%' on folded text).
  {
    name: 'interest_submissions_search_trgm_idx',
    on: `interest_submissions using gin (${leadSearchText()} gin_trgm_ops)`,
    extension: 'pg_trgm',
  },
  // The districts leads name (a skip scan reads one entry per district), and the inbox filtered by one, newest first.
  { name: 'interest_submissions_district_idx', on: 'interest_submissions (district, created_at)' },
  // How many open leads each staff member holds ("my leads", the team panel) and how many of them are overdue, from
  // the index alone.
  { name: 'interest_submissions_open_idx', on: 'interest_submissions (assigned_to, status, created_at) where spam = false' },
  // Today's and this week's leads per district (the inbox's counters), and the dashboard's first-contact pass over the
  // period's leads (their agent, first contact and first message), from the index alone.
  {
    name: 'interest_submissions_in_view_idx',
    on: `interest_submissions (created_at) include (district, assigned_to, first_contacted_at, first_message_at) where spam = false and status <> 'spam'`,
  },
  // The flood-held leads: how many and since when, on every inbox load.
  // The dashboard's overdue leads of a range: the new ones only, never the table's rows (docs/benchmarks/0434).
  {
    name: 'interest_submissions_new_idx',
    on: `interest_submissions (created_at) include (district) where status = 'new' and spam = false`,
  },
  { name: 'interest_submissions_held_idx', on: `interest_submissions (created_at) where spam_reason = 'flood'` },
  // This week's first contacts (the inbox's median response time).
  {
    name: 'interest_submissions_first_contact_idx',
    on: 'interest_submissions (first_contacted_at) include (created_at) where first_contacted_at is not null',
  },
  // A privacy request's leads, by address and by the number's digits as typed (the E.164 number has its own index).
  { name: 'interest_submissions_stored_email_idx', on: `interest_submissions (lower(btrim(email, ${EMAIL_WHITESPACE})))` },
  { name: 'interest_submissions_phone_digits_idx', on: "interest_submissions (regexp_replace(phone_raw, '[^0-9]', '', 'g'))" },
  // A buyer's booking: another lead with the same number still to come (src/modules/inspections, contactHasOtherBooking),
  // by its E.164 number (interest_submissions_phone_idx) or, for a number that never parsed, as typed.
  { name: 'interest_submissions_raw_phone_idx', on: 'interest_submissions (phone_raw) where phone_e164 is null' },
  // The seats taken on a slot (the inspections board's slots, each booking's count of its slot), from the index alone.
  { name: 'inspection_bookings_seats_idx', on: 'inspection_bookings (slot_id, state) include (party_size)' },
  // The hourly retention job: leads untouched for the kept period, and address fingerprints past a day.
  { name: 'interest_submissions_updated_idx', on: 'interest_submissions (updated_at)' },
  { name: 'interest_submissions_fingerprint_idx', on: 'interest_submissions (created_at) where client_hash is not null' },
  // /metrics: the spam kept for review, counted from the index alone (the held have theirs above); and a lead's
  // WhatsApp and SMS messages still being sent or whose status came in the last day (docs/decisions/0431).
  { name: 'interest_submissions_spam_idx', on: 'interest_submissions (spam_reason) where spam' },
  { name: 'lead_messages_status_idx', on: 'lead_messages (status, status_at) include (channel, direction)' },
  // A subject's messages: a lead's page, a provider's late failure, a resend (120 ms → 1 ms at 1,000,000 leads).
  { name: 'outbox_messages_subject_idx', on: 'outbox_messages (subject_id, subject_type, kind)' },
  // The leads whose history records a confirmed inspection seat (lead_conversion_flags_of and migration 0046's
  // backfill, for the dashboard's inspection funnel and conversion): a few entries among every lead's history.
  {
    name: 'lead_activity_confirmed_seat_idx',
    on: `lead_activity (lead_id) where action in ('inspection_booked', 'inspection_moved') and detail ->> 'state' = 'confirmed'`,
  },
];

/** Indexes an earlier release built that a wider one above replaced: dropped once the ones above are built. */
export const RETIRED_LARGE_INDEXES = ['interest_submissions_mine_idx', 'interest_submissions_real_created_idx'];

/** What the builder needs of a connection: one statement at a time, outside any transaction. */
export type RunStatement = (statement: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Builds the missing indexes; `concurrently` on PostgreSQL. Returns the names built. */
export async function buildLargeIndexes(run: RunStatement, concurrently: boolean): Promise<string[]> {
  const { rows } = await run(
    `select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
     where c.relname in (${LARGE_INDEXES.map((index) => `'${index.name}'`).join(', ')})`,
  );
  const state = new Map(rows.map((row) => [String(row.name), Boolean(row.valid)]));
  const built: string[] = [];
  for (const index of LARGE_INDEXES) {
    if (state.get(index.name) === true) continue;
    if (index.extension && !(await extensionReady(run, index.extension))) continue;
    if (state.get(index.name) === false) await run(`drop index ${concurrently ? 'concurrently ' : ''}if exists ${index.name}`);
    await run(`create index ${concurrently ? 'concurrently ' : ''}if not exists ${index.name} on ${index.on}`);
    built.push(index.name);
  }
  for (const name of RETIRED_LARGE_INDEXES) await run(`drop index ${concurrently ? 'concurrently ' : ''}if exists ${name}`);
  return built;
}

/** Creates the extension when this database can have it (PostgreSQL: a trusted one; PGlite: loaded at its start). */
async function extensionReady(run: RunStatement, name: string): Promise<boolean> {
  const { rows } = await run(`select 1 from pg_available_extensions where name = '${name}'`);
  if (!rows.length) return false;
  await run(`create extension if not exists ${name}`);
  return true;
}
