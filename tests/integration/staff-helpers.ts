import { randomBytes } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { hashPassword } from '@/features/staff/password.server';
import { createSession } from '@/lib/auth/session.server';
import { createStaff } from '@/features/staff/repository.server';
import { SESSION_COOKIE } from '@/lib/constants';
import { sessionKey } from '@/lib/auth/secret.server';
import { signSessionToken } from '@/lib/auth/token.server';

/** Cheaper scrypt cost for test accounts (verifyPassword reads the cost from the stored hash). */
export const TEST_HASH = { log2N: 12, r: 8, p: 1 };
export const STAFF_PASSWORD = 'Meridian-Test-Passphrase-42';

export async function makeStaff(db: Db, role: 'owner' | 'agent', email = `${role}-${randomBytes(4).toString('hex')}@example.com`) {
  const staff = await createStaff(db, { email, role, name: role, passwordHash: await hashPassword(STAFF_PASSWORD, TEST_HASH) });
  if (!staff) throw new Error('could not create staff');
  return staff;
}

/** A Cookie header for a fresh session of this account (as after a sign-in). */
export async function sessionCookieFor(db: Db, staff: { id: string; email: string; role: string }, ttlSeconds = 3600, issuedAt = new Date()) {
  const sessionId = await createSession(db, staff.id, new Date(issuedAt.getTime() + ttlSeconds * 1000), issuedAt);
  const token = await signSessionToken(await sessionKey(db), { sub: staff.id, jti: sessionId, email: staff.email, role: staff.role as 'owner' | 'agent' }, issuedAt, ttlSeconds);
  return `${SESSION_COOKIE}=${token}`;
}

export function staffRequest(path: string, options: { method?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Request {
  const method = options.method ?? 'GET';
  return new Request(`http://localhost${path}`, {
    method,
    headers: {
      host: 'localhost',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' ? { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}
