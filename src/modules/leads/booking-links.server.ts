import 'server-only';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '@/lib/db/client';
import { storedSecret } from '@/lib/db/secrets.server';

/**
 * The buyer's links to their inspection (docs/decisions/0391): signed and expiring (HS256 JWTs, a key kept in
 * app_secrets), naming a lead or a booking by id only, so nothing personal is ever in a URL. `book`: from the
 * confirmation and the receipt, a buyer already known picks a slot; `manage`: from the booking's e-mails, they move or
 * cancel it without signing in.
 */

const ISSUER = 'districts-inspections';
export const INSPECTION_LINK_PURPOSES = ['book', 'manage', 'plot'] as const;
export type InspectionLinkPurpose = (typeof INSPECTION_LINK_PURPOSES)[number];

/** A receipt's booking link works for a month; a booking's own link until well after the inspection. */
// `plot`: a plot hold's own page (docs/decisions/0412), naming the claim; it outlives the hold so its page can say it ended.
export const LINK_LIFETIME_DAYS: Record<InspectionLinkPurpose, number> = { book: 30, manage: 120, plot: 30 };

const keyOf = async (db: Db) => new Uint8Array(Buffer.from(await storedSecret(db, 'inspection_link_key'), 'base64url'));

export async function signInspectionLink(db: Db, purpose: InspectionLinkPurpose, id: string, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ pur: purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(id)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LINK_LIFETIME_DAYS[purpose] * 86_400)
    .sign(await keyOf(db));
}

export type InspectionLinkCheck = { ok: true; id: string } | { ok: false; reason: 'expired' | 'invalid' };

/** The lead's or booking's id a link names, if it is this purpose's, signed here, and not expired. */
export async function readInspectionLink(
  db: Db,
  purpose: InspectionLinkPurpose,
  token: string,
  now = new Date(),
): Promise<InspectionLinkCheck> {
  if (token.length > 1000) return { ok: false, reason: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, await keyOf(db), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    return payload.pur === purpose && typeof payload.sub === 'string' ? { ok: true, id: payload.sub } : { ok: false, reason: 'invalid' };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
