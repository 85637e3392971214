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
