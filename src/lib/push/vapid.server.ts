import 'server-only';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '@/lib/db/client';
import { appSecrets } from '@/lib/db/schema';
import { openWithSecretsKey, sealWithSecretsKey, sealedWithCurrentKey } from '@/lib/security/secrets-key.server';

/**
 * The site's VAPID key pair (RFC 8292), which signs every push and which each browser's subscription is bound to
 * (docs/decisions/0364-push-alerts-on-the-agents-phone.md). Made once and kept in app_secrets, so every instance on one
 * database signs alike: the public key as it is, the private key sealed with the secrets key like the second-factor
 * secrets (a copy of the database alone cannot push to staff phones). A new pair would void every subscription, so a
 * rotation of SECRETS_KEY seals the same private key anew instead.
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

let cached: Promise<VapidKeys> | undefined;

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

/** The key pair, read (or made) once per process; a failed read is tried again on the next call. */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  if (!cached) {
    cached = loadOrCreate(db);
    cached.catch(() => (cached = undefined));
  }
  return cached;
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
  cached = undefined;
  return true;
}
