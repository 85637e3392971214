import 'server-only';
import { and, asc, count, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { normaliseEmail } from '@/lib/validation/email';
import type { StaffRole } from '@/lib/db/enums';
import { staffSignInFailures, staffUsers, type StaffUserRow } from '@/lib/db/schema';

/** Every query on staff accounts and sign-in failures (sessions: src/lib/auth; audit: src/lib/audit.server.ts). */

export type StaffPublic = Pick<StaffUserRow, 'id' | 'email' | 'name' | 'role' | 'active' | 'createdAt' | 'lastSignInAt'>;

const publicColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  name: staffUsers.name,
  role: staffUsers.role,
  active: staffUsers.active,
  createdAt: staffUsers.createdAt,
  lastSignInAt: staffUsers.lastSignInAt,
};

export async function countStaff(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return Number(row.n);
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffUserRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, normaliseEmail(email))).limit(1);
  return row;
}

export async function findStaffById(db: Db, id: string): Promise<StaffPublic | undefined> {
  const [row] = await db.select(publicColumns).from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row;
}

export async function listStaff(db: Db): Promise<StaffPublic[]> {
  return db.select(publicColumns).from(staffUsers).orderBy(asc(staffUsers.createdAt));
}

export interface NewStaff {
  email: string;
  name?: string;
  role: StaffRole;
  passwordHash: string;
}

/** Inserts an account; undefined when the e-mail is taken. */
export async function createStaff(db: Db, staff: NewStaff): Promise<StaffPublic | undefined> {
  const [row] = await db
    .insert(staffUsers)
    .values({ email: normaliseEmail(staff.email), name: staff.name ?? '', role: staff.role, passwordHash: staff.passwordHash })
    .onConflictDoNothing()
    .returning(publicColumns);
  return row;
}

/**
 * Creates the first owner when no account exists at all (start-up bootstrap from ADMIN_EMAIL/ADMIN_PASSWORD).
 * Safe when several instances start at once: the unique e-mail index lets one insert win.
 */
export async function createFirstOwnerIfNone(db: Db, email: string, passwordHash: () => Promise<string>): Promise<boolean> {
  if ((await countStaff(db)) > 0) return false;
  const created = await createStaff(db, { email, role: 'owner', name: 'Owner', passwordHash: await passwordHash() });
  return created !== undefined;
}

export async function updateStaff(
  db: Db,
  id: string,
  changes: { role?: StaffRole; active?: boolean; passwordHash?: string },
): Promise<StaffPublic | undefined> {
  const [row] = await db.update(staffUsers).set(changes).where(eq(staffUsers.id, id)).returning(publicColumns);
  return row;
}

export async function countActiveOwners(db: Db, exceptId?: string): Promise<number> {
  const conditions = [eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)];
  if (exceptId) conditions.push(ne(staffUsers.id, exceptId));
  const [row] = await db.select({ n: count() }).from(staffUsers).where(and(...conditions));
  return Number(row.n);
}

export async function touchSignIn(db: Db, id: string, now: Date): Promise<void> {
  await db.update(staffUsers).set({ lastSignInAt: now }).where(eq(staffUsers.id, id));
}

// ---- sign-in failures (lockout) ------------------------------------------------------------------------------------

export async function recordSignInFailure(db: Db, keys: string[], now: Date): Promise<void> {
  await db.insert(staffSignInFailures).values(keys.map((key) => ({ key, at: now })));
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
