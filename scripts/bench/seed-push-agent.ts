/**
 * The bench's notification part runs this before the server starts: one agent who takes every new lead, with push
 * alerts on for one phone (the subscription made by the bench's push service, tests/support/push-service.mjs).
 *
 *   DATA_DIR=… | DATABASE_URL=… PUSH_SUBSCRIPTION='{"endpoint":…,"keys":{…}}' tsx --conditions=react-server scripts/bench/seed-push-agent.ts
 */
import { openDatabase } from '@/lib/db/client';
import { staffUsers } from '@/lib/db/schema';
import { saveSubscription } from '@/modules/staff/server';

const { endpoint, keys } = JSON.parse(process.env.PUSH_SUBSCRIPTION ?? '') as { endpoint: string; keys: { p256dh: string; auth: string } };
const databaseUrl = process.env.DATABASE_URL || undefined;
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? './data' });
try {
  const [agent] = await handle.db
    .insert(staffUsers)
    .values({ email: 'bench-agent@example.com', name: 'Bench Agent', role: 'agent', takesNewLeads: true })
    .returning({ id: staffUsers.id });
  await saveSubscription(
    handle.db,
    { id: agent!.id, sessionId: null },
    { endpoint, p256dh: keys.p256dh, auth: keys.auth },
    'Chrome on Android',
  );
} finally {
  await handle.close();
}
