import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '@/lib/db/client';
import { appSecrets, type StaffRole } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { findLiveSession, type SessionStaff } from './repository.server';

/**
 * Staff sessions (docs/decisions/0200-staff-sessions.md): an HS256 JWT (jose) signed with SESSION_SECRET, carried
 * only in an HttpOnly cookie, with an absolute lifetime (SESSION_TTL_SECONDS, 8 hours by default) and a `jti`
 * naming a row in staff_sessions so sign-out and deactivation end it before it expires.
 */

export const SESSION_COOKIE = 'staff_session';
/** Over HTTPS the cookie carries the __Host- prefix: Secure, Path=/, no Domain, so no subdomain can plant one. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SESSION_EXPIRED_ERROR = 'jwt expired';
const ISSUER = 'districts-staff';

const SECRET_NAME = 'session_secret';
const secretCache = new WeakMap<object, Promise<Uint8Array>>();

/** SESSION_SECRET, or (when unset) a random secret generated once and kept in the database for every instance. */
export function sessionKey(db: Db): Promise<Uint8Array> {
  const configured = getEnv().SESSION_SECRET;
  if (configured) return Promise.resolve(new TextEncoder().encode(configured));
  let key = secretCache.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSecrets)
        .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
      return new TextEncoder().encode(row.value);
    })();
    key.catch(() => secretCache.delete(db));
    secretCache.set(db, key);
  }
  return key;
}

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
    if (typeof payload.email !== 'string' || (payload.role !== 'owner' && payload.role !== 'agent')) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { sub: payload.sub!, jti: payload.jti!, email: payload.email, role: payload.role } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** Reads the session token from a Cookie header (the __Host- name first). */
export function tokenFromCookieHeader(header: string | null): string | undefined {
  if (!header) return undefined;
  const jar = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!jar.has(name)) jar.set(name, part.slice(index + 1).trim());
  }
  return jar.get(SECURE_SESSION_COOKIE) || jar.get(SESSION_COOKIE) || undefined;
}

export type SessionResult = { ok: true; staff: SessionStaff } | { ok: false; reason: 'none' | 'expired' | 'invalid' | 'revoked' };

/** The staff member behind a token: signature, expiry, then the session row and the account. */
export async function resolveSession(db: Db, token: string | undefined, now: Date = new Date()): Promise<SessionResult> {
  if (!token) return { ok: false, reason: 'none' };
  const check = await verifySessionToken(await sessionKey(db), token, now);
  if (!check.ok) return { ok: false, reason: check.reason };
  const staff = await findLiveSession(db, check.claims.jti, now);
  if (!staff || staff.id !== check.claims.sub) return { ok: false, reason: 'revoked' };
  return { ok: true, staff };
}

// ---- cookies -----------------------------------------------------------------------------------------------------

const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\])(?::\d+)?$/i;

/** Whether this request reached us over HTTPS (directly, or through a trusted proxy, or per SITE_URL in production). */
export function servedOverHttps(request: Request): boolean {
  const env = getEnv();
  if (new URL(request.url).protocol === 'https:') return true;
  if (env.TRUST_PROXY && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https') return true;
  const host = request.headers.get('host') ?? '';
  return env.NODE_ENV === 'production' && !!env.SITE_URL?.startsWith('https:') && !LOOPBACK.test(host);
}

/** Secure in production (except on a loopback host, where browsers would drop it over plain HTTP) and over HTTPS. */
function secureFlag(request: Request): boolean {
  if (servedOverHttps(request)) return true;
  return getEnv().NODE_ENV === 'production' && !LOOPBACK.test(request.headers.get('host') ?? '');
}

export function sessionCookie(request: Request, token: string, maxAgeSeconds: number): string {
  const https = servedOverHttps(request);
  const name = https ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return [`${name}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`, ...(https || secureFlag(request) ? ['Secure'] : [])].join('; ');
}

/** Set-Cookie values that remove the session cookie under both names. */
export function clearedSessionCookies(request: Request): string[] {
  const secure = secureFlag(request) || servedOverHttps(request);
  return [
    `${SECURE_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure`,
    `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`,
  ];
}
