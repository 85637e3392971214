import 'server-only';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { ResponseCookies } from 'next/dist/server/web/spec-extension/cookies';
import { wantsSecureCookies } from '@/lib/auth/transport.server';
import { STAFF_FORM_FLASH_COOKIE } from '@/lib/constants';
import { getDatabase, type Db } from '@/lib/db/client';
import { storedSecret } from '@/lib/db/secrets.server';
import { logError } from '@/lib/log';

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
  return new Uint8Array(Buffer.from(await storedSecret(db, 'form_flash_key'), 'base64url'));
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

/** A staff form's answer lives a minute: long enough for the redirect, not for a later visit to the page. */
const STAFF_FLASH_MAX_AGE = 60;

/**
 * A staff form posted without scripts: its answer (the sentence, and what to show again) goes with the 303 back to
 * `page` in the staff area's encrypted cookie for that page only. A failure to keep it is logged: the redirect still
 * goes, without the sentence.
 */
export async function keepStaffFormAnswer(request: Request, redirect: Response, page: string, flash: FormFlash): Promise<void> {
  try {
    const token = await sealFormFlash((await getDatabase()).db, flash);
    new ResponseCookies(redirect.headers).set(STAFF_FORM_FLASH_COOKIE, token, {
      path: page,
      httpOnly: true,
      sameSite: 'lax',
      maxAge: STAFF_FLASH_MAX_AGE,
      secure: wantsSecureCookies(request),
    });
  } catch (error) {
    logError(`[forms] could not keep a form's answer for ${page.split('/').slice(0, 3).join('/')}`, error);
  }
}
