import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSecrets } from './schema';

const cache = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * A random secret generated once and kept in app_secrets, so every instance on one database shares it (the
 * client-hash salt, the session key when SESSION_SECRET is unset). The first instance to insert wins; the others
 * read its value. Cached per database handle; a failed read is retried on the next call.
 */
export function storedSecret(db: Db, name: string, bytes = 32): Promise<string> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = (async () => {
      await db.insert(appSecrets).values({ name, value: randomBytes(bytes).toString('base64url') }).onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
      return row.value;
    })();
    const current = byName;
    secret.catch(() => current.delete(name));
    byName.set(name, secret);
  }
  return secret;
}
