import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '@/lib/db/client';
import { hashPassword } from '@/modules/staff/password.server';
import { createSession } from '@/modules/staff/sessions/session.server';
import { addPasskey, createStaff } from '@/modules/staff/repository.server';
import { confirmEnrolment, pendingEnrolment, recoveryCodesForFirstMethod } from '@/modules/staff/second-factor/second-factor.server';
import { SESSION_COOKIE } from '@/lib/constants';
import { sessionKey } from '@/lib/auth/secret.server';
import { signSessionToken } from '@/lib/auth/token.server';

export const STAFF_PASSWORD = 'Meridian-Test-Passphrase-42';

/** A staff CLI (scripts/staff-*.ts, as `npm run staff:create` runs it) on `dataDir`, `stdin` typed into it. */
export function runStaffCli(
  dataDir: string,
  args: string[],
  stdin: string,
  script = 'scripts/staff-create.ts',
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      join('node_modules', '.bin', 'tsx'),
      ['--conditions=react-server', script, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
    child.stdin?.end(stdin);
  });
}

/** The code an authenticator app shows for this secret at this time (RFC 6238, the app's usual parameters). */
export const totpCode = (secret: string, at: Date = new Date()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

/**
 * A staff account with the test password. Every role signs in with a second factor
 * (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md), so it is enrolled (as through the enrolment page,
 * `enrolledAt`) and comes back with its TOTP secret and recovery codes; `enrol: false` leaves it without one (it sets
 * one up at its next sign-in), `enrol: 'passkey'` gives it a passkey instead of the app. Codes at the enrolment's 30-second step are used up: sign in with a later clock.
 */
export async function makeStaff(
  db: Db,
  role: 'owner' | 'agent',
  email = `${role}-${randomBytes(4).toString('hex')}@example.com`,
  enrolledAt = new Date(),
  { enrol = true }: { enrol?: boolean | 'passkey' } = {},
) {
  const staff = await createStaff(db, { email, role, name: role, passwordHash: await hashPassword(STAFF_PASSWORD) });
  if (!staff) throw new Error('could not create staff');
  if (!enrol) return { ...staff, totpSecret: undefined, recoveryCodes: undefined };
  if (enrol === 'passkey') {
    // A passkey kept as after its set-up (a placeholder key: it signs nothing; tests/integration/staff-passkeys.test.ts
    // signs in with real ones), and its recovery codes: an account whose authenticator app is not set up.
    const first = (await recoveryCodesForFirstMethod(db, staff.id))!;
    const passkey = {
      userId: staff.id,
      credentialId: randomBytes(16).toString('base64url'),
      publicKey: 'placeholder',
      label: 'Passkey on Android',
    };
    if (!(await addPasskey(db, passkey, first.hashes, enrolledAt))) throw new Error('could not add the passkey');
    return { ...staff, hasSecondFactor: true, totpSecret: undefined, recoveryCodes: first.codes };
  }
  const enrolment = await pendingEnrolment(db, staff);
  const enabled = enrolment && (await confirmEnrolment(db, staff.id, totpCode(enrolment.secret, enrolledAt), enrolledAt));
  if (!enrolment || !enabled?.recoveryCodes) throw new Error(`could not enrol the ${role}`);
  return { ...staff, hasSecondFactor: true, totpSecret: enrolment.secret, recoveryCodes: enabled.recoveryCodes };
}

/** A Cookie header for a fresh session of this account (as after a sign-in). */
export async function sessionCookieFor(
  db: Db,
  staff: { id: string; email: string; role: string },
  ttlSeconds = 3600,
  issuedAt = new Date(),
) {
  const sessionId = await createSession(db, staff.id, new Date(issuedAt.getTime() + ttlSeconds * 1000), issuedAt);
  const token = await signSessionToken(
    sessionKey(),
    { sub: staff.id, jti: sessionId, email: staff.email, role: staff.role as 'owner' | 'agent' },
    issuedAt,
    ttlSeconds,
  );
  return `${SESSION_COOKIE}=${token}`;
}

export function staffRequest(
  path: string,
  options: { method?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Request {
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

/** A sign-in form as the browser posts it before the page's script runs (urlencoded, same origin). */
export function formRequest(
  path: string,
  body: Record<string, string>,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Request {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: new URLSearchParams(body).toString(),
  });
}

/** `name=value` pairs of a response's Set-Cookie headers that set a value (not the ones that clear one). */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
