/**
 * The bench's notification part runs this before the server starts: one agent who takes every new lead, with push
 * alerts on for one phone (the subscription made by the bench's push service, tests/support/push-service.mjs), made in
 * a signed-in session of a day as the phone's would be (alerts end with their session).
 *
 *   DATA_DIR=… | DATABASE_URL=… PUSH_SUBSCRIPTION='{"endpoint":…,"keys":{…}}' tsx --conditions=react-server scripts/bench/seed-push-agent.ts
 */
import { openDatabase } from '@/lib/db/client';
import { staffUsers } from '@/lib/db/schema';
import { createSession, saveSubscription } from '@/modules/staff/server';

const { endpoint, keys } = JSON.parse(process.env.PUSH_SUBSCRIPTION ?? '') as { endpoint: string; keys: { p256dh: string; auth: string } };
const databaseUrl = process.env.DATABASE_URL || undefined;
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? './data' });
try {
  const [agent] = await handle.db
    .insert(staffUsers)
    .values({ email: 'bench-agent@example.com', name: 'Bench Agent', role: 'agent', takesNewLeads: true })
    .returning({ id: staffUsers.id });
  const sessionId = await createSession(
    handle.db,
    agent!.id,
    new Date(Date.now() + 86_400_000),
    new Date(),
    new Date(),
    'Chrome on Android',
  );
  await saveSubscription(handle.db, { id: agent!.id, sessionId }, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, 'Chrome on Android');
} finally {
  await handle.close();
}
