import 'server-only';
import { appendLedger, readLedger } from '@/lib/backup/ledger.server';
import { openWithSecretsKey, sealWithSecretsKey } from '@/lib/security/secrets-key.server';

/**
 * What happened since a backup that a restore must apply again (docs/decisions/0111-backups-while-the-site-runs.md,
 * docs/decisions/0389-a-restore-keeps-what-owners-decided.md), recorded in the ledger beside the backups as it
 * happens, and read by `npm run restore` (scripts/restore.ts):
 * - an erasure: the erased rows' ids and the subject's keyed fingerprint (src/modules/privacy), so a restore erases
 *   them again, as the privacy notice promises;
 * - a delivery: the id of a message that was sent, so a restored site does not send it again;
 * - a staff change that takes access away (src/modules/staff): an account (de)activated, a new password, a passkey
 *   removed or disabled, the authenticator app removed, two-step sign-in reset; a restore makes each again, in order.
 * No personal data: ids are random, fingerprints are keyed hashes, and a password hash is sealed with the secrets key
 * (a copy of BACKUP_DIR alone gives nobody a hash to guess at).
 */

export interface ErasureEntry {
  kind: 'erasure';
  at: string;
  leadIds: string[];
  newsletterIds: string[];
  fingerprint: string;
}

export interface DeliveredEntry {
  kind: 'delivered';
  at: string;
  notificationId: string;
}

/** A staff change as the feature reports it (the new password as its hash, sealed before it is written). */
export type StaffChange =
  | { what: 'active'; active: boolean }
  | { what: 'password'; passwordHash: string }
  | { what: 'passkey-removed'; passkeyId: string }
  | { what: 'passkey-disabled'; passkeyId: string }
  | { what: 'app-removed' }
  | { what: 'second-factor-reset' };

type Recorded<C> = C extends { what: 'password' } ? { what: 'password'; sealedPasswordHash: string } : C;
export type StaffEntry = { kind: 'staff'; at: string; staffId: string } & Recorded<StaffChange>;

export type RestoreLedgerEntry = ErasureEntry | DeliveredEntry | StaffEntry;

/** An erasure just made; on disk before this resolves, since it must survive a crash right after it. */
export function recordErasure(erased: Omit<ErasureEntry, 'kind' | 'at'>, at = new Date()): Promise<void> {
  return appendLedger({ kind: 'erasure', at: at.toISOString(), ...erased } satisfies ErasureEntry, { durable: true });
}

/** Messages just delivered (none: nothing). */
export function recordDeliveries(sent: readonly { id: string; at: Date }[]): Promise<void> {
  return appendLedger(sent.map(({ id, at }): DeliveredEntry => ({ kind: 'delivered', at: at.toISOString(), notificationId: id })));
}

/** A staff change just made; on disk before this resolves, like an erasure: a crash must not let a restore undo it. */
export async function recordStaffChange(staffId: string, change: StaffChange, at = new Date()): Promise<void> {
  const recorded: Recorded<StaffChange> =
    change.what === 'password'
      ? { what: 'password', sealedPasswordHash: await sealWithSecretsKey('restore-ledger', change.passwordHash) }
      : change;
  const entry = { kind: 'staff', at: at.toISOString(), staffId, ...recorded } as StaffEntry;
  await appendLedger(entry, { durable: true });
}

/** The password hash of a recorded change, or undefined when this server's secrets key does not open it. */
export const passwordHashOf = (entry: { sealedPasswordHash: string }): Promise<string | undefined> =>
  openWithSecretsKey('restore-ledger', entry.sealedPasswordHash).catch(() => undefined);

/** Every event recorded in the ledger `dir` (BACKUP_DIR/ledger when not given), oldest day first. */
export const readRestoreLedger = (dir?: string): Promise<RestoreLedgerEntry[]> => readLedger<RestoreLedgerEntry>(dir);
