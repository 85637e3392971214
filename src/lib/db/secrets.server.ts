import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db';
import { appSecrets } from './schema';

const cache = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * A random secret generated once and kept in app_secrets, so every instance on one database shares it (the
 * client-hash salt, the session key when SESSION_SECRET is unset). The first instance to insert wins; the others
 * read its value. Cached per Drizzle object: the process's database keeps its secrets for its lifetime, and a
 * transaction keeps what it read for its own (one SELECT), so a value a rolled-back transaction inserted is never
 * kept beyond it. A failed read is retried on the next call.
 */
export function storedSecret(db: Db, name: string, bytes = 32): Promise<string> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  const cached = byName.get(name);
  if (cached) return cached;
  const secret = readOrCreate(db, name, bytes);
  const current = byName;
  secret.catch(() => current.delete(name));
  byName.set(name, secret);
  return secret;
}

/** Read first: once the secret exists, as it almost always does, reading it is one SELECT. */
async function readOrCreate(db: Db, name: string, bytes: number): Promise<string> {
  const read = async () => (await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)))[0]?.value;
  const existing = await read();
  if (existing !== undefined) return existing;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const created = await read();
  if (created === undefined) throw new Error(`The stored secret ${name} could not be read back.`);
  return created;
}
