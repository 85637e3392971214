import 'server-only';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { lockKeysInOrder } from '@/lib/db/conflicts';
import { normaliseEmail } from '@/lib/validation/email';
import type { StaffLinkKind, StaffRole } from '@/lib/db/enums';
import { staffHasSecondFactor } from '@/modules/staff/sessions/session.server';
import {
  staffPasskeys,
  staffPasswordResets,
  staffRecoveryCodes,
  staffSignInFailures,
  staffUsers,
  type StaffPasskeyRow,
  type StaffUserRow,
} from '@/lib/db/schema';

/** Every query on staff accounts and sign-in attempts (sessions: src/lib/auth; audit: src/modules/staff/audit.server.ts). */

/**
 * What the staff pages and API show of an account: never the password hash or the second factor's secret. `invited`:
 * no password chosen yet, the invitation link not used (docs/decisions/0347-invitations-not-initial-passwords.md).
 */
export type StaffPublic = Pick<StaffUserRow, 'id' | 'email' | 'name' | 'role' | 'active' | 'createdAt' | 'lastSignInAt'> & {
  hasSecondFactor: boolean;
  secondFactorLocked: boolean;
  invited: boolean;
};

const publicColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  name: staffUsers.name,
  role: staffUsers.role,
  active: staffUsers.active,
  createdAt: staffUsers.createdAt,
  lastSignInAt: staffUsers.lastSignInAt,
  hasSecondFactor: staffHasSecondFactor,
  secondFactorLocked: sql<boolean>`${staffUsers.secondFactorLockedAt} is not null`,
  invited: sql<boolean>`${staffUsers.passwordHash} is null`,
};

export async function countStaff(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return Number(row.n);
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffUserRow | undefined> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

/** The whole row (password hash and sealed secret included): for the sign-in steps only, never for an answer. */
export async function findStaffRowById(db: Db, id: string): Promise<StaffUserRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row;
}

export async function findStaffById(db: Db, id: string): Promise<StaffPublic | undefined> {
  const [row] = await db.select(publicColumns).from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row;
}

/** Every account, oldest first; for an invited one, until when its invitation link works (null: none open). */
export async function listStaff(db: Db): Promise<(StaffPublic & { invitationExpiresAt: Date | null })[]> {
  const accounts = await db.select(publicColumns).from(staffUsers).orderBy(asc(staffUsers.createdAt));
  const open = await db
    .select({ userId: staffPasswordResets.userId, expiresAt: max(staffPasswordResets.expiresAt) })
    .from(staffPasswordResets)
    .where(and(eq(staffPasswordResets.kind, 'welcome'), isNull(staffPasswordResets.usedAt)))
    .groupBy(staffPasswordResets.userId);
  const until = new Map(open.map((link) => [link.userId, link.expiresAt]));
  return accounts.map((account) => ({ ...account, invitationExpiresAt: (account.invited && until.get(account.id)) || null }));
}

export interface NewStaff {
  email: string;
  name?: string;
  role: StaffRole;
  /** Only the operator's own account (CLI, ADMIN_PASSWORD); an owner's new account has none until its link is used (0347). */
  passwordHash?: string;
}

/** Inserts an account; undefined when the e-mail is taken. */
export async function createStaff(db: Db, staff: NewStaff): Promise<StaffPublic | undefined> {
  const [row] = await db
    .insert(staffUsers)
    .values({ email: normaliseEmail(staff.email), name: staff.name ?? '', role: staff.role, passwordHash: staff.passwordHash ?? null })
    .onConflictDoNothing()
    .returning(publicColumns);
  return row;
}

/** A new password (`passwordHash`) also ends the account's open reset links and sign-ins half-way through (0341). */
export async function updateStaff(
  db: Db,
  id: string,
  changes: { name?: string; role?: StaffRole; active?: boolean; passwordHash?: string },
  now = new Date(),
): Promise<StaffPublic | undefined> {
  return db.transaction(async (tx) => {
    const passwordChanged = changes.passwordHash ? { passwordChangedAt: now } : {};
    const [row] = await tx
      .update(staffUsers)
      .set({ ...changes, ...passwordChanged })
      .where(eq(staffUsers.id, id))
      .returning(publicColumns);
    if (changes.passwordHash) await endOpenResets(tx, id, now);
    return row;
  });
}

async function endOpenResets(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(staffPasswordResets)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordResets.userId, userId), isNull(staffPasswordResets.usedAt)));
}

export async function countActiveOwners(db: Db, exceptId?: string): Promise<number> {
  const conditions = [eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)];
  if (exceptId) conditions.push(ne(staffUsers.id, exceptId));
  const [row] = await db
    .select({ n: count() })
    .from(staffUsers)
    .where(and(...conditions));
  return Number(row.n);
}

export async function touchSignIn(db: Db, id: string, now: Date): Promise<void> {
  await db.update(staffUsers).set({ lastSignInAt: now }).where(eq(staffUsers.id, id));
}

// ---- second factor (second-factor.server.ts) ---------------------------------------------------------------------

export async function secondFactorOf(db: Db, userId: string) {
  const [row] = await db
    .select({ totpSecret: staffUsers.totpSecret, totpEnabledAt: staffUsers.totpEnabledAt })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId))
    .limit(1);
  return row;
}

/**
 * A new pending secret replaces the one pending before (docs/decisions/0347-invitations-not-initial-passwords.md);
 * false when a second factor is enabled already (then nothing changes).
 */
export async function setPendingTotpSecret(db: Db, userId: string, sealed: string): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ totpSecret: sealed })
    .where(and(eq(staffUsers.id, userId), isNull(staffUsers.totpEnabledAt)))
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

/** Whether the account has a second factor (the app or a passkey): staffHasSecondFactor. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ has: staffHasSecondFactor }).from(staffUsers).where(eq(staffUsers.id, userId)).limit(1);
  return Boolean(row?.has);
}

/**
 * Enables the pending secret (still the one the code was checked with). `codeHashes` (the account's first method):
 * its recovery codes, which replace any before; undefined (a method beside another) leaves them as they are.
 */
export async function enableTotp(
  db: Db,
  userId: string,
  sealed: string,
  step: number,
  codeHashes: string[] | undefined,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const enabled = await tx
      .update(staffUsers)
      .set({ totpEnabledAt: now, totpLastStep: step })
      .where(and(eq(staffUsers.id, userId), eq(staffUsers.totpSecret, sealed), isNull(staffUsers.totpEnabledAt)))
      .returning({ id: staffUsers.id });
    if (enabled.length === 0) return false;
    if (codeHashes) await storeRecoveryCodes(tx, userId, codeHashes, now);
    return true;
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function storeRecoveryCodes(tx: Tx, userId: string, codeHashes: string[], now: Date): Promise<void> {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Accepts a code's time step once: only a step later than the last accepted one (RFC 6238 §5.2). */
export async function acceptTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffUsers.id, userId),
        isNotNull(staffUsers.totpEnabledAt),
        or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

/** Uses up an unused recovery code; false when there is none with this hash. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.userId, userId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return Number(row.n);
}

/**
 * After a restore: the account's recovery codes become `codeHashes` (a renewal made since the backup), or none when
 * they are unknown or the restored account has no second factor for them to stand in for.
 */
export async function setRecoveryCodesAgain(db: Db, userId: string, codeHashes: string[] | undefined, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    if (!codeHashes?.length) return;
    const [user] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.id, userId), staffHasSecondFactor));
    if (user) await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  });
}

/** Replaces the recovery codes of an account that has a second factor (the app or a passkey); false otherwise. */
export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[], now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.id, userId), staffHasSecondFactor))
      .for('update', { of: staffUsers });
    if (!user) return false;
    await storeRecoveryCodes(tx, userId, codeHashes, now);
    return true;
  });
}

/**
 * Reserves one check of a second-factor code before it is made, so that a burst in parallel gets no more checks than
 * the limit: the count of wrong codes goes up, and the factor locks when it reaches `limit`. Undefined while locked;
 * otherwise how many codes this one makes since the last right one.
 */
export async function reserveSecondFactorCheck(db: Db, userId: string, limit: number, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(staffUsers)
    .set({
      secondFactorFailures: sql`${staffUsers.secondFactorFailures} + 1`,
      secondFactorLockedAt: sql`case when ${staffUsers.secondFactorFailures} + 1 >= ${limit} then ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(staffUsers.id, userId), isNull(staffUsers.secondFactorLockedAt)))
    .returning({ failures: staffUsers.secondFactorFailures });
  return row?.failures;
}

/** A right code (or an owner) clears the count and the lock. */
export async function clearSecondFactorFailures(db: Db, userId: string): Promise<void> {
  await db.update(staffUsers).set({ secondFactorFailures: 0, secondFactorLockedAt: null }).where(eq(staffUsers.id, userId));
}

/**
 * Forgets the whole second factor: the app's secret, every passkey, the recovery codes and any lock; true when there
 * was one (enabled or pending). The account sets it up again at its next sign-in.
 */
export async function clearSecondFactor(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ totpSecret: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, userId)).for('update');
    if (!before) return false;
    await tx
      .update(staffUsers)
      .set({
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        secondFactorFailures: 0,
        secondFactorLockedAt: null,
        passkeyChallenge: null,
        passkeyChallengeExpiresAt: null,
      })
      .where(eq(staffUsers.id, userId));
    const passkeys = await tx.delete(staffPasskeys).where(eq(staffPasskeys.userId, userId)).returning({ id: staffPasskeys.id });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    return before.totpSecret !== null || passkeys.length > 0;
  });
}

/**
 * Removes the authenticator app of an account that keeps a passkey (never its last method); false when it has no app
 * or no passkey. In one transaction with the account row locked, so two removals at once cannot leave it with none.
 */
export async function removeTotpBesidePasskey(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.id, userId), isNotNull(staffUsers.totpEnabledAt)))
      .for('update');
    if (!user || (await passkeyCount(tx, userId)) === 0) return false;
    await tx.update(staffUsers).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(staffUsers.id, userId));
    return true;
  });
}

// ---- passkeys (passkeys.server.ts) -------------------------------------------------------------------------------

async function passkeyCount(tx: Db | Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.userId, userId));
  return Number(row.n);
}

/** An account's passkeys, oldest first. */
export function listPasskeys(db: Db, userId: string): Promise<StaffPasskeyRow[]> {
  return db.select().from(staffPasskeys).where(eq(staffPasskeys.userId, userId)).orderBy(asc(staffPasskeys.createdAt));
}

/** Keeps the challenge of a passkey ceremony for this account (replacing any before) until `expiresAt`. */
export async function setPasskeyChallenge(db: Db, userId: string, challenge: string, expiresAt: Date): Promise<void> {
  await db.update(staffUsers).set({ passkeyChallenge: challenge, passkeyChallengeExpiresAt: expiresAt }).where(eq(staffUsers.id, userId));
}

/** Takes back the account's live challenge if it is this one: true once, false for any later use or an expired one. */
export async function takePasskeyChallenge(db: Db, userId: string, challenge: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ passkeyChallenge: null, passkeyChallengeExpiresAt: null })
    .where(and(eq(staffUsers.id, userId), eq(staffUsers.passkeyChallenge, challenge), gt(staffUsers.passkeyChallengeExpiresAt, now)))
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

/**
 * Stores a verified passkey. `codeHashes` (the account's first method): its recovery codes; undefined beside another
 * method. False when that credential is registered already.
 */
export async function addPasskey(
  db: Db,
  passkey: Omit<typeof staffPasskeys.$inferInsert, 'id'>,
  codeHashes: string[] | undefined,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.insert(staffPasskeys).values(passkey).onConflictDoNothing().returning({ id: staffPasskeys.id });
    if (rows.length === 0) return false;
    if (codeHashes) await storeRecoveryCodes(tx, passkey.userId, codeHashes, now);
    return true;
  });
}

/**
 * Records a verified use: the counter moves forward only (a lower or equal one was refused by the check, and this
 * condition refuses a parallel replay of the same counter), the backed-up flag as now reported. Only while the passkey
 * is enabled: a use that raced its disabling (as a clone, in another request) signs nobody in.
 */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  use: { counter: number; previousCounter: number; backedUp: boolean; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(staffPasskeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at })
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.counter, use.previousCounter), isNull(staffPasskeys.disabledAt)))
    .returning({ id: staffPasskeys.id });
  return rows.length > 0;
}

/** Disables a passkey whose counter went back; the row the first time, undefined when it was disabled already. */
export async function disablePasskey(db: Db, id: string, now: Date): Promise<StaffPasskeyRow | undefined> {
  const [row] = await db
    .update(staffPasskeys)
    .set({ disabledAt: now })
    .where(and(eq(staffPasskeys.id, id), isNull(staffPasskeys.disabledAt)))
    .returning();
  return row;
}

/** The e-mail addresses of the active owners (who hear of a passkey disabled). */
export async function activeOwnerEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
  return rows.map((row) => row.email);
}

/**
 * Removes one of the account's passkeys while another method remains (the app or another passkey); the removed row,
 * or undefined when it is not the account's, or is its last method.
 */
export async function removePasskeyBesideAnother(db: Db, userId: string, id: string): Promise<StaffPasskeyRow | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ totpEnabledAt: staffUsers.totpEnabledAt })
      .from(staffUsers)
      .where(eq(staffUsers.id, userId))
      .for('update');
    if (!user) return undefined;
    if (!user.totpEnabledAt && (await passkeyCount(tx, userId)) < 2) return undefined;
    const [removed] = await tx
      .delete(staffPasskeys)
      .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.userId, userId)))
      .returning();
    return removed;
  });
}

// ---- password links by e-mail: resets (password-reset.server.ts), invitations (invitation.server.ts) ---------------

/** Stores a new link's token hash; the account's earlier unused links, of either kind, end. */
export async function createPasswordReset(
  db: Db,
  userId: string,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
  kind: StaffLinkKind = 'reset',
): Promise<void> {
  await db.transaction(async (tx) => {
    await endOpenResets(tx, userId, now);
    await tx.insert(staffPasswordResets).values({ userId, tokenHash, createdAt: now, expiresAt, kind });
  });
}

/** A link of this kind with this token that is not used and not expired. */
const liveLink = (tokenHash: string, kind: StaffLinkKind, now: Date) =>
  and(
    eq(staffPasswordResets.tokenHash, tokenHash),
    eq(staffPasswordResets.kind, kind),
    isNull(staffPasswordResets.usedAt),
    gt(staffPasswordResets.expiresAt, now),
  );

/** The account of a live link of this kind (unused, unexpired, account active), without using it up. */
export async function liveResetUser(
  db: Db,
  tokenHash: string,
  now: Date,
  kind: StaffLinkKind = 'reset',
): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await db
    .select({ userId: staffPasswordResets.userId, email: staffUsers.email })
    .from(staffPasswordResets)
    .innerJoin(staffUsers, eq(staffUsers.id, staffPasswordResets.userId))
    .where(and(liveLink(tokenHash, kind, now), eq(staffUsers.active, true)))
    .limit(1);
  return row;
}

/**
 * Uses a live link of this kind and sets the new password, in one transaction: the link can be used once, however
 * many requests race for it. Returns the account, or undefined when the link is not live.
 */
export async function resetPasswordWithLink(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: Date,
  kind: StaffLinkKind = 'reset',
): Promise<StaffUserRow | undefined> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffPasswordResets)
      .set({ usedAt: now })
      .where(liveLink(tokenHash, kind, now))
      .returning({ userId: staffPasswordResets.userId });
    if (!used) return undefined;
    const [user] = await tx
      .update(staffUsers)
      .set({ passwordHash, passwordChangedAt: now })
      .where(and(eq(staffUsers.id, used.userId), eq(staffUsers.active, true)))
      .returning();
    return user;
  });
}

// ---- sign-in attempts (lockout) ------------------------------------------------------------------------------------

export type AttemptReservation<R> = { ok: true; ids: string[] } | { ok: false; refusal: R };

/**
 * Records an attempt under each key, counted as a failure until released, in one transaction that first decides
 * whether the attempt is refused (`refusalOf` reads the keys' recent failure times). Transaction-scoped advisory locks on the
 * keys serialise concurrent attempts on the same keys across connections and server processes, so a burst can never
 * get more attempts than the rule allows.
 */
export async function reserveSignInAttempt<R>(
  db: Db,
  keys: string[],
  now: Date,
  since: Date,
  refusalOf: (failures: Map<string, Date[]>) => R | undefined,
): Promise<AttemptReservation<R>> {
  return db.transaction(async (tx) => {
    await lockKeysInOrder(tx, keys);
    const refusal = refusalOf(await signInFailuresSince(tx, keys, since));
    if (refusal !== undefined) return { ok: false, refusal };
    const rows = await tx
      .insert(staffSignInFailures)
      .values(keys.map((key) => ({ key, at: now })))
      .returning({ id: staffSignInFailures.id });
    return { ok: true, ids: rows.map((row) => row.id) };
  });
}

/** Takes back reserved attempts (the attempt succeeded, or was never made). */
export async function releaseSignInAttempts(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(staffSignInFailures).where(inArray(staffSignInFailures.id, ids));
}

/** Now and then, forget attempts older than a day. */
export async function pruneSignInFailures(db: Db, now: Date): Promise<void> {
  if (Math.random() < 0.02) await db.delete(staffSignInFailures).where(lt(staffSignInFailures.at, new Date(now.getTime() - 86_400_000)));
}

/** Failure times of these keys since `since`, oldest first, per key. */
export async function signInFailuresSince(db: Db, keys: string[], since: Date): Promise<Map<string, Date[]>> {
  const rows = await db
    .select({ key: staffSignInFailures.key, at: staffSignInFailures.at })
    .from(staffSignInFailures)
    .where(and(inArray(staffSignInFailures.key, keys), gt(staffSignInFailures.at, since)))
    .orderBy(asc(staffSignInFailures.at));
  const byKey = new Map<string, Date[]>(keys.map((key) => [key, []]));
  for (const row of rows) byKey.get(row.key)?.push(row.at);
  return byKey;
}

export async function clearSignInFailures(db: Db, key: string): Promise<void> {
  await db.delete(staffSignInFailures).where(eq(staffSignInFailures.key, key));
}

/** Forgets a key and every key under it (`<key>|…`): an account's count and its counts per client. */
export async function clearSignInFailuresUnder(db: Db, key: string): Promise<void> {
  await db
    .delete(staffSignInFailures)
    .where(or(eq(staffSignInFailures.key, key), sql`starts_with(${staffSignInFailures.key}, ${`${key}|`})`));
}

/** Every account's sealed second-factor secret (pending or confirmed): what a change of the secrets key seals anew. */
export function sealedTotpSecrets(db: Db): Promise<{ id: string; sealed: string }[]> {
  return db
    .select({ id: staffUsers.id, sealed: sql<string>`${staffUsers.totpSecret}` })
    .from(staffUsers)
    .where(isNotNull(staffUsers.totpSecret));
}

/** Replaces a sealed secret with the same secret sealed anew, unless it changed meanwhile. True when replaced. */
export async function replaceSealedTotpSecret(db: Db, userId: string, before: string, after: string): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ totpSecret: after })
    .where(and(eq(staffUsers.id, userId), eq(staffUsers.totpSecret, before)))
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

// ---- a restore applies staff changes again (restore-again.server.ts) -----------------------------------------------

/**
 * The password a change after the backup set (null: one the restore cannot read, so none), as of `at`; the account's
 * open links end as with any new password, so a reset link in the restored data cannot set another.
 */
export async function setPasswordAgain(db: Db, userId: string, passwordHash: string | null, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash, passwordChangedAt: at }).where(eq(staffUsers.id, userId));
    await endOpenResets(tx, userId, at);
  });
}

/** Removes a passkey again, whatever else the account has (the owner's decision came before; nothing: already gone). */
export async function deletePasskeyAgain(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(staffPasskeys).where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.userId, userId)));
}

/** Removes the authenticator app again (enabled or pending). */
export async function deleteTotpAgain(db: Db, userId: string): Promise<void> {
  await db.update(staffUsers).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(staffUsers.id, userId));
}

/** Deletes failed sign-ins older than `before` (the retention job: they are keyed by fingerprints); returns how many. */
export async function deleteSignInFailuresBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(staffSignInFailures).where(lt(staffSignInFailures.at, before)).returning({ id: staffSignInFailures.id });
  return rows.length;
}

// ---- the round-robin's marks on an account (src/modules/leads/assignment.server.ts deals the leads) -----------------

/** An agent joins or leaves the round-robin (their own choice, or an owner's). Undefined when there is no such agent. */
export async function setTakesNewLeads(db: Db, staffId: string, takes: boolean): Promise<{ id: string } | undefined> {
  const [row] = await db
    .update(staffUsers)
    .set({ takesNewLeads: takes })
    .where(eq(staffUsers.id, staffId))
    .returning({ id: staffUsers.id });
  return row;
}

/** A lead given to this staff member now counts as their turn in the round-robin. */
export async function markServed(tx: Db, staffId: string, now: Date): Promise<void> {
  await tx.update(staffUsers).set({ lastLeadAssignedAt: now }).where(eq(staffUsers.id, staffId));
}

// Built once: every lead dealt out runs it (src/lib/db/prepared.ts); its time goes as ISO text with a cast.
const agentServed = preparedStatement((db) =>
  db
    .update(staffUsers)
    .set({ lastLeadAssignedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(eq(staffUsers.id, sql.placeholder('agentId')))
    .prepare('assignment_agent_served'),
);

/** markServed as a prepared statement, for the lead's own transaction (the hot path of a new lead). */
export async function markServedPrepared(tx: Db, staffId: string, now: Date): Promise<void> {
  await agentServed(tx).execute({ agentId: staffId, now: now.toISOString() });
}
