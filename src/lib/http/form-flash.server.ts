import 'server-only';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Db } from '@/lib/db/client';
import { storedSecret } from '@/lib/db/secrets.server';

/**
 * What a browser-posted form (no scripts) carries back to its page after a refusal: what the visitor typed and the
 * error sentence. It travels in a short-lived, encrypted, HttpOnly cookie — never in a URL — and src/proxy.ts hands
 * it to the page once and deletes it.
 */

export const FORM_FLASH_MAX_AGE = 600;

export interface FormFlash {
  values: Record<string, string>;
  error: string;
}

async function flashKey(db: Db): Promise<Uint8Array> {
  return new Uint8Array(Buffer.from(await storedSecret(db, 'form_flash_key', 32), 'base64url'));
}

export async function sealFormFlash(db: Db, flash: FormFlash): Promise<string> {
  return new EncryptJWT({ ...flash })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${FORM_FLASH_MAX_AGE}s`)
    .encrypt(await flashKey(db));
}

/** The flash a page was handed, or undefined (none, expired, or not ours). */
export async function openFormFlash(db: Db, token: string | null | undefined): Promise<FormFlash | undefined> {
  if (!token) return undefined;
  try {
    const { payload } = await jwtDecrypt(token, await flashKey(db));
    const values = payload.values && typeof payload.values === 'object' ? (payload.values as Record<string, string>) : {};
    return typeof payload.error === 'string' ? { values, error: payload.error } : undefined;
  } catch {
    return undefined;
  }
}
