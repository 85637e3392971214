import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import * as schema from '@/lib/db/schema';
import { createDatabase, dropDatabase, TEST_DATABASE_URL } from './helpers';

/**
 * drizzle/0029_district_slugs.sql (docs/decisions/0406-districts-are-data.md): rows the earlier releases wrote, naming a
 * district by its display name, are given its slug, and read as before through the schema.
 */
const work = mkdtempSync(path.join(tmpdir(), 'districts-slug-migration-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The migrations folder as a release before 0025 shipped it. */
function migrationsBefore(tag: string): string {
  const folder = path.join(work, `before-${randomBytes(4).toString('hex')}`);
  cpSync(path.join(process.cwd(), 'drizzle'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
const current = path.join(process.cwd(), 'drizzle');

/** What the earlier releases stored: two leads, a chat's lead with none, a schedule row and a slot. */
const OLD_ROWS = `
  insert into interest_submissions (title, full_name, email, phone_raw, phone_e164, district, created_at) values
    ('Mr', 'Old Lugbe', 'lugbe@example.com', '08031110000', '+2348031110000', 'Lugbe, Abuja', '2026-11-01T10:00:00Z'),
    ('Mrs', 'Old Moniya', 'moniya@example.com', '08032220000', '+2348032220000', 'Moniya, Ibadan', '2026-11-01T11:00:00Z');
  insert into interest_submissions (full_name, phone_raw, phone_e164, origin, created_at) values
    ('A chat', '+2348033330000', '+2348033330000', 'whatsapp', '2026-11-01T12:00:00Z');
  insert into inspection_schedules (district, weekday, start_time, kind, seats) values ('Moniya, Ibadan', 6, '10:00', 'on_site', 14);
  insert into inspection_slots (district, starts_at, kind, seats) values ('Lugbe, Abuja', '2026-12-05T09:00:00Z', 'video', 20);
`;
const STORED = `
  select (select string_agg(coalesce(district, '-'), ',' order by created_at) from interest_submissions) as leads,
    (select string_agg(district, ',') from inspection_schedules) as schedules,
    (select string_agg(district, ',') from inspection_slots) as slots`;

async function readBack(db: ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzleNodePg<typeof schema>>) {
  const leads = await db.select({ district: schema.leads.district }).from(schema.leads).orderBy(asc(schema.leads.createdAt));
  const [schedule] = await db.select({ district: schema.inspectionSchedules.district }).from(schema.inspectionSchedules);
  const [slot] = await db.select({ district: schema.inspectionSlots.district }).from(schema.inspectionSlots);
  return { leads: leads.map((l) => l.district), schedule: schedule.district, slot: slot.district };
}

const READ_AS_BEFORE = { leads: ['Lugbe, Abuja', 'Moniya, Ibadan', null], schedule: 'Moniya, Ibadan', slot: 'Lugbe, Abuja' };
const STORED_AS_SLUGS = { leads: 'd1,d2,-', schedules: 'd2', slots: 'd1' };

it('the embedded database: stored district names become slugs, and read as the same names', async () => {
  const client = new PGlite();
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsBefore('0029_district_slugs') });
    await client.exec(OLD_ROWS);
    // What the release before wrote reads right already (a rolling upgrade's rows), then the migration converts it.
    expect(await readBack(db)).toEqual(READ_AS_BEFORE);
    await migratePglite(db, { migrationsFolder: current });
    expect((await client.query(STORED)).rows[0]).toEqual(STORED_AS_SLUGS);
    expect(await readBack(db)).toEqual(READ_AS_BEFORE);
  } finally {
    await client.close();
  }
});

it.skipIf(!TEST_DATABASE_URL)('PostgreSQL: stored district names become slugs, and read as the same names', async () => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: await createDatabase(name) });
  // pool.end() resolves before its connections have closed; the drop ends any still closing (see one-outbox-migration).
  pool.on('error', () => {});
  try {
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder: migrationsBefore('0029_district_slugs') });
    await pool.query(OLD_ROWS);
    expect(await readBack(db)).toEqual(READ_AS_BEFORE);
    await migrateNodePg(db, { migrationsFolder: current });
    expect((await pool.query(STORED)).rows[0]).toEqual(STORED_AS_SLUGS);
    expect(await readBack(db)).toEqual(READ_AS_BEFORE);
  } finally {
    await pool.end();
    await dropDatabase(name);
  }
});
