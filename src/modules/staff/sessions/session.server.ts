import 'server-only';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { StaffRole } from '@/lib/db/enums';
import { staffPasskeys, staffSessions, staffUsers } from '@/lib/db/schema';
import { sessionKey } from '@/lib/auth/secret.server';
import { verifySessionToken } from '@/lib/auth/token.server';

/**
 * Staff sessions: one row per signed-in session (the token's `jti`), so they can be ended before they expire.
 * A session also ends after SESSION_IDLE_MS without a request (docs/decisions/0321-session-hardening.md).
 */

/** A column with its table's name, as a subquery needs it (drizzle leaves a single table's columns bare). */
const qualified = (table: typeof staffUsers | typeof staffPasskeys, column: { name: string }) =>
  sql`${table}.${sql.identifier(column.name)}`;

/**
 * Whether an account has a second factor: the authenticator app confirmed, or a passkey. Every role must have one
 * (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md): an account without one sets it up at sign-in
 * and has no session before. The one definition every query uses.
 */
export const staffHasSecondFactor = sql<boolean>`(${qualified(staffUsers, staffUsers.totpEnabledAt)} is not null or exists (select 1 from ${staffPasskeys} where ${qualified(staffPasskeys, staffPasskeys.userId)} = ${qualified(staffUsers, staffUsers.id)}))`;

/** A session without a request for this long is over. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** last_seen_at is written at most once per this interval, so a burst of requests costs one write. */
const ACTIVITY_RESOLUTION_MS = 60_000;

export interface SessionStaff {
  sessionId: string;
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** When the password was last checked in this session (sign-in or re-authentication). */
  passwordCheckedAt: Date;
}

export async function createSession(
  db: Db,
  userId: string,
  expiresAt: Date,
  now: Date = new Date(),
  passwordCheckedAt: Date = now,
  /** "Chrome on Android" (device-label.ts), shown on Your account; never the User-Agent itself. */
  deviceLabel: string | null = null,
): Promise<string> {
  const [row] = await db
    .insert(staffSessions)
    .values({ userId, expiresAt, createdAt: now, lastSeenAt: now, passwordCheckedAt, deviceLabel })
    .returning({ id: staffSessions.id });
  // Forget sessions that ended more than a day ago (cheap, indexed).
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, new Date(expiresAt.getTime() - 2 * 86_400_000)));
  return row.id;
}

/** A session that still opens the staff area (its account aside): not ended, not past its expiry, not idle. */
const isOpen = (now: Date) => [
  isNull(staffSessions.revokedAt),
  gt(staffSessions.expiresAt, now),
  gt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
];

/**
 * The staff member of a live session: not revoked, not past its expiry, not idle, account active, a second factor
 * set up. Marks the session as seen (at most once a minute).
 */
export async function findLiveSession(db: Db, sessionId: string, now: Date): Promise<SessionStaff | undefined> {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      passwordCheckedAt: staffSessions.passwordCheckedAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    // An account without a second factor (reset by an owner, or from before every role needed one) sets it up first.
    .where(and(eq(staffSessions.id, sessionId), ...isOpen(now), eq(staffUsers.active, true), staffHasSecondFactor))
    .limit(1);
  if (!row) return undefined;
  const { lastSeenAt, ...staff } = row;
  if (now.getTime() - lastSeenAt.getTime() >= ACTIVITY_RESOLUTION_MS) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(staffSessions.id, sessionId), lt(staffSessions.lastSeenAt, now)));
  }
  return staff;
}

/** Records a password check in this session (re-authentication before a sensitive change). */
export async function markPasswordChecked(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ passwordCheckedAt: now, lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
}

/** One open session of a person, as Your account lists it (docs/decisions/0321-session-hardening.md, addendum). */
export interface OpenSession {
  id: string;
  deviceLabel: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
}

const openSessionColumns = {
  id: staffSessions.id,
  deviceLabel: staffSessions.deviceLabel,
  signedInAt: staffSessions.createdAt,
  lastSeenAt: staffSessions.lastSeenAt,
};

/** A person's open sessions: the one in use (`current`) first, then the most recently used. */
export async function listOpenSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
  now: Date = new Date(),
): Promise<(OpenSession & { current: boolean })[]> {
  const rows = await db
    .select(openSessionColumns)
    .from(staffSessions)
    .where(and(eq(staffSessions.userId, userId), ...isOpen(now)))
    .orderBy(desc(staffSessions.lastSeenAt), desc(staffSessions.createdAt));
  const listed = rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
  return [...listed.filter((row) => row.current), ...listed.filter((row) => !row.current)];
}

/**
 * Which sessions end: one (`session`, only if it is `of`'s when given), every one of an account but the one in use
 * (`except`), or everyone's (a restore).
 */
export type SessionScope = { session: string; of?: string } | { account: string; except?: string } | { everyone: true };

/**
 * Ends the sessions in `scope` at once (their next request is refused); returns those that were still open, as Your
 * account listed them. Called only by src/modules/staff/sessions, which ends their push alerts with them (lint:
 * no-restricted-imports), so no way of ending a session can forget those.
 */
export async function revokeSessions(db: Db, scope: SessionScope, now: Date = new Date()): Promise<OpenSession[]> {
  const target =
    'session' in scope
      ? and(eq(staffSessions.id, scope.session), scope.of ? eq(staffSessions.userId, scope.of) : undefined)
      : 'account' in scope
        ? and(eq(staffSessions.userId, scope.account), scope.except ? ne(staffSessions.id, scope.except) : undefined)
        : undefined;
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(isNull(staffSessions.revokedAt), target))
    .returning({ ...openSessionColumns, expiresAt: staffSessions.expiresAt });
  const idleSince = now.getTime() - SESSION_IDLE_MS;
  return rows
    .filter((row) => row.expiresAt > now && row.lastSeenAt.getTime() > idleSince)
    .map((row) => ({ id: row.id, deviceLabel: row.deviceLabel, signedInAt: row.signedInAt, lastSeenAt: row.lastSeenAt }));
}

export type SessionResult = { ok: true; staff: SessionStaff } | { ok: false; reason: 'none' | 'expired' | 'invalid' | 'revoked' };

/** The staff member behind a token: signature, expiry, then the session row and the account. */
export async function resolveSession(db: Db, token: string | undefined, now: Date = new Date()): Promise<SessionResult> {
  if (!token) return { ok: false, reason: 'none' };
  const check = await verifySessionToken(sessionKey(), token, now);
  if (!check.ok) return { ok: false, reason: check.reason };
  const staff = await findLiveSession(db, check.claims.jti, now);
  if (!staff || staff.id !== check.claims.sub) return { ok: false, reason: 'revoked' };
  return { ok: true, staff };
}
