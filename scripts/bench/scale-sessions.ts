/**
 * The scale part of the bench (./scale.mjs) runs this before the server starts (the embedded database has one process):
 * an owner and one of the seeded agents (scripts/seed-scale.ts; made here on an empty database), each with a second
 * factor marked set up and a session, and prints as JSON their session tokens and what the pages are asked for: a
 * lead, a surname about 100 leads share, a lead's e-mail and number. SESSION_SECRET must be the server's.
 *
 *   DATA_DIR=… | DATABASE_URL=… SESSION_SECRET=… tsx --conditions=react-server scripts/bench/scale-sessions.ts
 */
import { eq, sql } from 'drizzle-orm';
import { sessionKey } from '@/lib/auth/secret.server';
import { signSessionToken } from '@/lib/auth/token.server';
import { openDatabase } from '@/lib/db/client';
import { staffUsers } from '@/lib/db/schema';
import { createSession } from '@/modules/staff/server';

const HOURS = 3;
const databaseUrl = process.env.DATABASE_URL || undefined;
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? './data' });
try {
  const db = handle.db;
  const now = new Date();
  await db
    .insert(staffUsers)
    .values([
      { email: 'owner@seed-scale.invalid', name: 'Seed Owner', role: 'owner' },
      { email: 'agent1@seed-scale.invalid', name: 'Seed Agent 1', role: 'agent' },
    ])
    .onConflictDoNothing({ target: staffUsers.email });
  const tokens: Record<string, string> = {};
  for (const [who, email] of [
    ['owner', 'owner@seed-scale.invalid'],
    ['agent', 'agent1@seed-scale.invalid'],
  ] as const) {
    const [user] = await db.update(staffUsers).set({ totpEnabledAt: now }).where(eq(staffUsers.email, email)).returning();
    if (!user) throw new Error(`${email} is missing: seed the database first (npm run seed:scale).`);
    const jti = await createSession(db, user.id, new Date(now.getTime() + HOURS * 3_600_000), now);
    tokens[who] = await signSessionToken(sessionKey(), { sub: user.id, jti, email: user.email, role: user.role }, now, HOURS * 3600);
    if (who === 'agent') tokens.agentId = user.id;
  }
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
  // An empty database gets one lead, made as the seeder makes them, for the lead's page.
  await db.execute(sql`insert into interest_submissions (title, full_name, email, phone_raw, phone_e164, district, idempotency_key)
    select 'Mr', 'Ada Obi', 'ada.obi@example.com', '08031234567', '+2348031234567', 'd1', 'seed-scale:0'
    where not exists (select 1 from interest_submissions)`);
  const [lead] = await rows(sql`select id, email, phone_raw as phone, full_name as "fullName" from interest_submissions
    where email is not null order by created_at desc offset least(100, (select count(*) - 1 from interest_submissions)) limit 1`);
  // The surname closest to 100 leads (one pass over the table, before the bench starts).
  const [surname] = await rows(sql`select split_part(full_name, ' ', 2) as name from interest_submissions
    group by 1 order by abs(count(*) - 100), 1 limit 1`);
  console.log(JSON.stringify({ ...tokens, lead: lead ?? null, surname: surname?.name ?? 'Adebayo' }));
} finally {
  await handle.close();
}
