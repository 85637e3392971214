import 'server-only';
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '@/lib/db/client';
import { appSecrets } from '@/lib/db/schema';
import { openWithSecretsKey, sealWithSecretsKey, sealedWithCurrentKey } from '@/lib/security/secrets-key.server';

/**
 * The site's VAPID key pair (RFC 8292), which signs every push and which each browser's subscription is bound to
 * (docs/decisions/0364-push-alerts-on-the-agents-phone.md). Made once and kept in app_secrets, so every instance on one
 * database signs alike: the public key as it is, the private key sealed with the secrets key like the second-factor
 * secrets (a copy of the database alone cannot push to staff phones). A new pair would void every subscription, so a
 * rotation of SECRETS_KEY seals the same private key anew instead; only when no key this server has opens it (the key
 * changed without a rotation) is a new pair made, and the subscriptions go with the old one
 * (docs/decisions/0389-a-restore-keeps-what-owners-decided.md).
 */

const NAME = 'web_push_vapid';

interface Stored {
  publicKey: string;
  sealedPrivateKey: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const read = async (db: Db): Promise<Stored | undefined> => {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, NAME));
  return row ? (JSON.parse(row.value) as Stored) : undefined;
};

/** Per database, as stored secrets are (one process, one database; the tests open several). */
const cache = new WeakMap<Db, Promise<VapidKeys>>();

async function loadOrCreate(db: Db): Promise<VapidKeys> {
  let stored = await read(db);
  if (!stored) {
    const made = webpush.generateVAPIDKeys();
    const value: Stored = { publicKey: made.publicKey, sealedPrivateKey: await sealWithSecretsKey('web-push', made.privateKey) };
    // The first instance to insert wins; the others read its pair.
    await db
      .insert(appSecrets)
      .values({ name: NAME, value: JSON.stringify(value) })
      .onConflictDoNothing();
    stored = await read(db);
    if (!stored) throw new Error('The web push key pair could not be read back.');
  }
  return { publicKey: stored.publicKey, privateKey: await openWithSecretsKey('web-push', stored.sealedPrivateKey) };
}

/** The key pair, read (or made) once per process and database; a failed read is tried again on the next call. */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = loadOrCreate(db);
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}

/** The public key browsers subscribe with (the "application server key"). */
export const vapidPublicKey = async (db: Db) => (await vapidKeys(db)).publicKey;

/** After a change of SECRETS_KEY (the old one in SECRETS_KEY_PREVIOUS): the same private key, sealed with the new one. */
export async function resealVapidKey(db: Db): Promise<boolean> {
  const stored = await read(db);
  if (!stored || sealedWithCurrentKey(stored.sealedPrivateKey)) return false;
  const privateKey = await openWithSecretsKey('web-push', stored.sealedPrivateKey);
  const value: Stored = { ...stored, sealedPrivateKey: await sealWithSecretsKey('web-push', privateKey) };
  await db
    .update(appSecrets)
    .set({ value: JSON.stringify(value) })
    .where(eq(appSecrets.name, NAME));
  cache.delete(db);
  return true;
}

/**
 * At start-up, when the stored private key opens with no key this server has (SECRETS_KEY changed without
 * `npm run secrets:rotate`): it can never be read again and every push would fail, so a new pair replaces it, and
 * `withNewPair` removes, in the same transaction, the subscriptions browsers made for the old public key (they cannot
 * work with the new one). Replaced only if still the pair read here, so of several instances starting at once one makes
 * the pair and the others read it. Undefined when the stored key opens (or there is none); else what `withNewPair` gave.
 */
export async function replaceUnreadableVapidKey<T>(db: Db, withNewPair: (tx: Db) => Promise<T>): Promise<{ removed: T } | undefined> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, NAME));
  if (!row) return undefined;
  const stored = JSON.parse(row.value) as Stored;
  const opens = await openWithSecretsKey('web-push', stored.sealedPrivateKey).then(
    () => true,
    () => false,
  );
  if (opens) return undefined;
  const made = webpush.generateVAPIDKeys();
  const value: Stored = { publicKey: made.publicKey, sealedPrivateKey: await sealWithSecretsKey('web-push', made.privateKey) };
  const replaced = await db.transaction(async (tx) => {
    const swapped = await tx
      .update(appSecrets)
      .set({ value: JSON.stringify(value) })
      .where(and(eq(appSecrets.name, NAME), eq(appSecrets.value, row.value)))
      .returning({ name: appSecrets.name });
    return swapped.length ? { removed: await withNewPair(tx) } : undefined;
  });
  cache.delete(db);
  return replaced;
}
