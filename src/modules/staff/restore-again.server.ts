import 'server-only';
import type { Db } from '@/lib/db/client';
import { logError } from '@/lib/log';
import { codeHashesOf, passwordHashOf, recordStaffChange, type StaffChange, type StaffEntry } from '@/lib/backup/restore-ledger.server';
import {
  clearSecondFactor,
  deletePasskeyAgain,
  deleteTotpAgain,
  disablePasskey,
  hasSecondFactor,
  setPasswordAgain,
  setRecoveryCodesAgain,
  updateStaff,
} from './repository.server';

/**
 * Writes a change just made to the ledger beside the backups, so a restore makes it again. The change stands either
 * way: a ledger that cannot be written (BACKUP_DIR full or gone) is logged, not answered as the change failing.
 */
export async function keepForRestore(staffId: string, change: StaffChange, at = new Date()): Promise<void> {
  await recordStaffChange(staffId, change, at).catch((error) =>
    logError(
      `[staff] a staff change (${change.what}) is made but could not be written to the backup ledger; a restore would undo it`,
      error,
    ),
  );
}

/**
 * After `npm run restore` (docs/decisions/0389-a-restore-keeps-what-owners-decided.md): the staff changes recorded in
 * the ledger since the backup, made again in the order they happened, each as many times as needed with the same
 * result. Changes to an account the backup does not hold change nothing.
 */
export interface StaffChangesAgain {
  applied: number;
  /** New passwords this server's secrets key could not open: those accounts are left with none (an owner re-invites). */
  passwordsUnreadable: number;
  /** New recovery codes it could not open: those accounts are left with none (their people make new ones). */
  codesUnreadable: number;
}

export async function applyStaffChangesAgain(db: Db, entries: readonly StaffEntry[]): Promise<StaffChangesAgain> {
  const result: StaffChangesAgain = { applied: 0, passwordsUnreadable: 0, codesUnreadable: 0 };
  // Several instances append to one day's file: the times decide the order (a stable sort keeps ties as written).
  const inOrder = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  for (const entry of inOrder) {
    const at = new Date(entry.at);
    switch (entry.what) {
      case 'active':
        await updateStaff(db, entry.staffId, { active: entry.active });
        break;
      case 'role':
        await updateStaff(db, entry.staffId, { role: entry.role });
        break;
      case 'recovery-codes': {
        // The codes from before the renewal must not come back (one may have leaked): unreadable new ones leave none.
        const hashes = await codeHashesOf(entry);
        if (!hashes) result.codesUnreadable++;
        await setRecoveryCodesAgain(db, entry.staffId, hashes, at);
        break;
      }
      case 'password': {
        // The password before the change must not come back: a hash the key cannot open leaves no password at all.
        const hash = await passwordHashOf(entry);
        if (!hash) result.passwordsUnreadable++;
        await setPasswordAgain(db, entry.staffId, hash ?? null, at);
        break;
      }
      case 'passkey-removed':
        await deletePasskeyAgain(db, entry.staffId, entry.passkeyId);
        await resetIfNoMethodLeft(db, entry.staffId);
        break;
      case 'passkey-disabled':
        await disablePasskey(db, entry.passkeyId, at);
        break;
      case 'app-removed':
        await deleteTotpAgain(db, entry.staffId);
        await resetIfNoMethodLeft(db, entry.staffId);
        break;
      case 'second-factor-reset':
        await clearSecondFactor(db, entry.staffId);
        break;
    }
    result.applied++;
  }
  return result;
}

/**
 * A removal made beside a method added after the backup can leave the restored account with none: then it is as after
 * a reset (recovery codes gone too), and its person sets two-step sign-in up again at the next sign-in.
 */
async function resetIfNoMethodLeft(db: Db, userId: string): Promise<void> {
  if (!(await hasSecondFactor(db, userId))) await clearSecondFactor(db, userId);
}
