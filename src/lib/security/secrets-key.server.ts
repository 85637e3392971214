import 'server-only';
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose';
import { getEnv } from '@/lib/env.server';

/**
 * The key of the site's own secrets, kept apart from the data (docs/decisions/0346-keys-apart-from-the-data.md): a
 * copy of the database or of a backup alone opens no second factor and signs no session. It comes from SECRETS_KEY,
 * or the file SECRETS_KEY_FILE names; on the quick start (neither set) it is made once in DATA_DIR/secrets.key,
 * beside the embedded database, not in it. Each use gets a key of its own, derived with HKDF-SHA256.
 */
export type KeyPurpose = 'second-factor' | 'session' | 'web-push' | 'first-owner' | 'restore-ledger' | 'buyer-codes' | 'buyer-sign-in';

export interface SecretsKey {
  /** A short fingerprint that names the key in what it seals (never the key). */
  id: string;
  derive(purpose: KeyPurpose): Uint8Array;
}

const QUICK_START_FILE = 'secrets.key';

/** Names in app_secrets of the keys the database held before 0346: read once to seal anew, then deleted. */
export const KEYS_ONCE_IN_THE_DATABASE = { secondFactor: 'second_factor_key', session: 'session_secret' } as const;

function keyOf(material: string): SecretsKey {
  const input = Buffer.from(material, 'utf8');
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', input, Buffer.alloc(0), `districts:${info}`, 32));
  return { id: createHash('sha256').update(derive('key-id')).digest('hex').slice(0, 12), derive: (purpose) => derive(purpose) };
}

/** The quick start's key file: made once (readable by this user only), then read. */
function quickStartMaterial(dataDir: string): string {
  const file = path.join(path.resolve(/*turbopackIgnore: true*/ dataDir), QUICK_START_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process made it first: read theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

let cached: { env: object; key: SecretsKey } | undefined;

/** The key in use now (read once per configuration). */
export function currentSecretsKey(): SecretsKey {
  const env = getEnv();
  if (cached?.env === env) return cached.key;
  const material =
    env.SECRETS_KEY ?? (env.SECRETS_KEY_FILE ? readFileSync(env.SECRETS_KEY_FILE, 'utf8').trim() : quickStartMaterial(env.DATA_DIR));
  if (material.length < 32) throw new Error('The secrets key file holds fewer than 32 characters.');
  cached = { env, key: keyOf(material) };
  return cached.key;
}

/** The key before a rotation (SECRETS_KEY_PREVIOUS), while secrets sealed with it are sealed anew. */
export function previousSecretsKey(): SecretsKey | undefined {
  const previous = getEnv().SECRETS_KEY_PREVIOUS;
  return previous ? keyOf(previous) : undefined;
}

/** Sealed with the current secrets key (JWE dir + A256GCM), named by its fingerprint (`kid`) so a rotation knows what to seal anew. */
export function sealWithSecretsKey(purpose: KeyPurpose, plaintext: string): Promise<string> {
  const key = currentSecretsKey();
  return new CompactEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: key.id })
    .encrypt(key.derive(purpose));
}

/** Whether a sealed value names the current key (nothing to seal anew). */
export const sealedWithCurrentKey = (sealed: string) => decodeProtectedHeader(sealed).kid === currentSecretsKey().id;

/** Opens what `sealWithSecretsKey` sealed, with the current key or the one before a rotation; throws with neither. */
export async function openWithSecretsKey(purpose: KeyPurpose, sealed: string): Promise<string> {
  const kid = decodeProtectedHeader(sealed).kid;
  const key = [currentSecretsKey(), previousSecretsKey()].find((candidate) => candidate && candidate.id === kid);
  if (!key) throw new Error(`A ${purpose} secret was sealed with a key this server does not have (SECRETS_KEY changed?).`);
  const { plaintext } = await compactDecrypt(sealed, key.derive(purpose));
  return new TextDecoder().decode(plaintext);
}
