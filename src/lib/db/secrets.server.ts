import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { maybeHandleOf, type Db } from './client';
import { appSecrets } from './schema';

const cache = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * A random secret generated once and kept in app_secrets, so every instance on one database shares it (the
 * client-hash salt, the session key when SESSION_SECRET is unset). The first instance to insert wins; the others
 * read its value. Cached per database handle, and a transaction of that database uses the cache too (a lead's
 * transaction then reads no secret); a failed read is retried on the next call.
 */
export function storedSecret(db: Db, name: string, bytes = 32): Promise<string> {
  const handle = maybeHandleOf(db);
  const database = handle ?? db;
  let byName = cache.get(database);
  if (!byName) cache.set(database, (byName = new Map()));
  const cached = byName.get(name);
  if (cached) return cached;
  // Read in a transaction that may still roll back: not kept (the value it inserted may never be committed).
  if (handle && handle.db !== db) return readOrCreate(db, name, bytes);
  const secret = readOrCreate(db, name, bytes);
  const current = byName;
  secret.catch(() => current.delete(name));
  byName.set(name, secret);
  return secret;
}

async function readOrCreate(db: Db, name: string, bytes: number): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row.value;
}
