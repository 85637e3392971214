import 'server-only';
import type { Db } from '@/lib/db/client';
import { storedSecret } from '@/lib/db/secrets.server';
import { getEnv } from '@/lib/env.server';

/** SESSION_SECRET, or (when unset) a random secret generated once and kept in the database for every instance. */
export async function sessionKey(db: Db): Promise<Uint8Array> {
  const secret = getEnv().SESSION_SECRET ?? (await storedSecret(db, 'session_secret', 48));
  return new TextEncoder().encode(secret);
}
