/**
 * The buyers part of the bench (./buyers.mjs) runs this after ./scale-sessions.ts, before the server starts: one
 * inspection slot per district three days ahead with every seat a slot may have (a full one still answers, with the
 * waiting list), and prints as JSON their ids by district choice and how many leads the database holds.
 *
 *   DATA_DIR=… | DATABASE_URL=… tsx --conditions=react-server scripts/bench/buyers-setup.ts
 */
import { sql } from 'drizzle-orm';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { openDatabase } from '@/lib/db/client';
import { inspectionSlots } from '@/lib/db/schema';

const databaseUrl = process.env.DATABASE_URL || undefined;
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? './data' });
try {
  const day = new Date(Date.now() + 3 * 86_400_000);
  // 10:00 in Lagos (UTC+1), three days ahead: open for booking whatever the cut-off.
  const startsAt = new Date(`${day.toISOString().slice(0, 10)}T09:00:00Z`);
  const slots = await handle.db
    .insert(inspectionSlots)
    .values(DISTRICT_CHOICES.map((district) => ({ district, startsAt, kind: 'on_site' as const, seats: 500 })))
    .returning({ id: inspectionSlots.id, district: inspectionSlots.district });
  const { rows } = (await handle.db.execute(sql`select count(*)::int as leads from interest_submissions`)) as unknown as {
    rows: { leads: number }[];
  };
  console.log(JSON.stringify({ leads: rows[0].leads, slots: Object.fromEntries(slots.map((slot) => [slot.district, slot.id])) }));
} finally {
  await handle.close();
}
