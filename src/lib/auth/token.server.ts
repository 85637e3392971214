import 'server-only';
import { errors, jwtVerify, SignJWT } from 'jose';
import { STAFF_ROLES, type StaffRole } from '@/lib/db/enums';

/**
 * Session tokens (docs/decisions/0200-staff-sessions.md): HS256 JWTs (jose) with an absolute lifetime and a `jti`
 * naming a row in staff_sessions, so sign-out and deactivation end a session before its token expires.
 */

const ISSUER = 'districts-staff';

export interface SessionClaims {
  sub: string;
  jti: string;
  email: string;
  role: StaffRole;
}

export async function signSessionToken(key: Uint8Array, claims: SessionClaims, issuedAt: Date, ttlSeconds: number): Promise<string> {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({ email: claims.email, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key);
}

export type TokenCheck = { ok: true; claims: SessionClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifySessionToken(key: Uint8Array, token: string, now: Date = new Date()): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
    });
    const role = STAFF_ROLES.find((r) => r === payload.role);
    if (typeof payload.email !== 'string' || !role) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { sub: payload.sub!, jti: payload.jti!, email: payload.email, role } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/**
 * Challenge tokens (docs/decisions/0322-second-factor.md): a sign-in whose password was right and whose second
 * factor, or its enrolment, is still to come. Another issuer, so a challenge is never taken for a session or the
 * reverse. `iat` is when the password was checked.
 */
const CHALLENGE_ISSUER = 'districts-staff-challenge';
export const CHALLENGE_PURPOSES = ['second-factor', 'enrol'] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

export interface ChallengeClaims {
  sub: string;
  purpose: ChallengePurpose;
}

export async function signChallengeToken(
  key: Uint8Array,
  claims: ChallengeClaims,
  passwordCheckedAt: Date,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(passwordCheckedAt.getTime() / 1000);
  return new SignJWT({ purpose: claims.purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(CHALLENGE_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key);
}

export async function verifyChallengeToken(
  key: Uint8Array,
  token: string,
  now: Date = new Date(),
): Promise<(ChallengeClaims & { passwordCheckedAt: Date }) | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: CHALLENGE_ISSUER,
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const purpose = CHALLENGE_PURPOSES.find((p) => p === payload.purpose);
    if (!purpose) return undefined;
    return { sub: payload.sub!, purpose, passwordCheckedAt: new Date(payload.iat! * 1000) };
  } catch {
    return undefined;
  }
}
