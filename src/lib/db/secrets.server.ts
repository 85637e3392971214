import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from './db';
import { appSecrets } from './schema';

const cache = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * Every secret storedSecret keeps, made at start-up (makeStoredSecrets) so that a page's GET only ever reads one
 * (docs/decisions/0405-a-get-never-writes.md); storedSecret still makes one that is missing, for scripts and tests.
 */
export const STORED_SECRETS = ['client_hash_salt', 'form_flash_key', 'inspection_link_key', 'privacy_audit_key'] as const;
export type StoredSecretName = (typeof STORED_SECRETS)[number];

/** Makes every stored secret that does not exist yet (server start-up). */
export async function makeStoredSecrets(db: Db): Promise<void> {
  for (const name of STORED_SECRETS) await storedSecret(db, name);
}

/**
 * A random secret generated once and kept in app_secrets, so every instance on one database shares it (the
 * client-hash salt, the privacy audit key). Never a key that opens other secrets: those come from the secrets key,
 * kept apart from the database (src/lib/security/secrets-key.server.ts). The first instance to insert wins; the others
 * read its value. Cached per Drizzle object: the process's database keeps its secrets for its lifetime, and a
 * transaction keeps what it read for its own (one SELECT), so a value a rolled-back transaction inserted is never
 * kept beyond it. A failed read is retried on the next call.
 */
export function storedSecret(db: Db, name: StoredSecretName, bytes = 32): Promise<string> {
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
  const read = () => existingStoredSecret(db, name);
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

/** A stored secret if it exists, never made: for keys kept only until what they sealed is sealed anew. */
export async function existingStoredSecret(db: Db, name: string): Promise<string | undefined> {
  return (await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)))[0]?.value;
}

/** Removes stored secrets (and this process's copies of them). */
export async function deleteStoredSecrets(db: Db, names: string[]): Promise<void> {
  await db.delete(appSecrets).where(inArray(appSecrets.name, names));
  for (const name of names) cache.get(db)?.delete(name);
}

/** Stores a value under `name` (the last write wins): for a value made elsewhere, such as the first owner's code. */
export async function putStoredSecret(db: Db, name: string, value: string, now = new Date()): Promise<void> {
  await db
    .insert(appSecrets)
    .values({ name, value })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value, createdAt: now } });
  cache.get(db)?.delete(name);
}
