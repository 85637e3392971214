import 'server-only';
import { appendLedger, readLedger } from '@/lib/backup/ledger.server';
import type { StaffRole } from '@/lib/db/enums';
import { openWithSecretsKey, sealWithSecretsKey } from '@/lib/security/secrets-key.server';

/**
 * What happened since a backup that a restore must apply again (docs/decisions/0111-backups-while-the-site-runs.md,
 * docs/decisions/0389-a-restore-keeps-what-owners-decided.md), recorded in the ledger beside the backups as it
 * happens, and read by `npm run restore` (scripts/restore.ts):
 * - an erasure: the erased rows' ids and the subject's keyed fingerprint (src/modules/privacy), so a restore erases
 *   them again, as the privacy notice promises;
 * - a delivery: the id of a message that was sent, so a restored site does not send it again;
 * - a staff change that takes access away (src/modules/staff): an account (de)activated, a role changed, a new
 *   password, new recovery codes, a passkey removed or disabled, the authenticator app removed, two-step sign-in reset;
 *   a restore makes each again, in order;
 * - an owner's switch that decides what agents reach (agents see every lead, docs/decisions/0388), either way.
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

/** A staff change as the feature reports it (the new password and recovery codes as hashes, sealed before they are written). */
export type StaffChange =
  | { what: 'active'; active: boolean }
  | { what: 'role'; role: StaffRole }
  | { what: 'password'; passwordHash: string }
  | { what: 'recovery-codes'; codeHashes: string[] }
  | { what: 'passkey-removed'; passkeyId: string }
  | { what: 'passkey-disabled'; passkeyId: string }
  | { what: 'app-removed' }
  | { what: 'second-factor-reset' };

type Recorded<C> = C extends { what: 'password' }
  ? { what: 'password'; sealedPasswordHash: string }
  : C extends { what: 'recovery-codes' }
    ? { what: 'recovery-codes'; sealedCodeHashes: string }
    : C;
export type StaffEntry = { kind: 'staff'; at: string; staffId: string } & Recorded<StaffChange>;

/** An owner turned agents' access to every lead on or off (by `staffId`): a restore sets it as it was last set. */
export interface AccessSwitchEntry {
  kind: 'access-switch';
  at: string;
  name: 'agents-see-every-lead';
  on: boolean;
  staffId: string;
}

export type RestoreLedgerEntry = ErasureEntry | DeliveredEntry | StaffEntry | AccessSwitchEntry;

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
      : change.what === 'recovery-codes'
        ? // Hashes of codes that sign in beside a password: as unreadable here as a password's.
          { what: 'recovery-codes', sealedCodeHashes: await sealWithSecretsKey('restore-ledger', JSON.stringify(change.codeHashes)) }
        : change;
  const entry = { kind: 'staff', at: at.toISOString(), staffId, ...recorded } as StaffEntry;
  await appendLedger(entry, { durable: true });
}

/** An owner's access switch just set; on disk before this resolves, like a staff change. */
export function recordAccessSwitch(name: AccessSwitchEntry['name'], on: boolean, staffId: string, at = new Date()): Promise<void> {
  const entry: AccessSwitchEntry = { kind: 'access-switch', at: at.toISOString(), name, on, staffId };
  return appendLedger(entry, { durable: true });
}

/** The recovery code hashes of a recorded renewal, or undefined when this server's secrets key does not open them. */
export async function codeHashesOf(entry: { sealedCodeHashes: string }): Promise<string[] | undefined> {
  try {
    const hashes: unknown = JSON.parse(await openWithSecretsKey('restore-ledger', entry.sealedCodeHashes));
    return Array.isArray(hashes) && hashes.every((hash) => typeof hash === 'string') ? hashes : undefined;
  } catch {
    return undefined;
  }
}

/** The password hash of a recorded change, or undefined when this server's secrets key does not open it. */
export const passwordHashOf = (entry: { sealedPasswordHash: string }): Promise<string | undefined> =>
  openWithSecretsKey('restore-ledger', entry.sealedPasswordHash).catch(() => undefined);

/** Every event recorded in the ledger `dir` (BACKUP_DIR/ledger when not given), oldest day first. */
export const readRestoreLedger = (dir?: string): Promise<RestoreLedgerEntry[]> => readLedger<RestoreLedgerEntry>(dir);
