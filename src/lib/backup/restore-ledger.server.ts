import 'server-only';
import { appendLedger, readLedger } from '@/lib/backup/ledger.server';
import type { LedgerFlag, LedgerKind, LedgerSource, StaffRole } from '@/lib/db/enums';
import type { LetterFacts, LetterKind } from '@/content/documents';
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
 * - an owner's switch that decides what agents reach (agents see every lead, docs/decisions/0388), either way;
 * - a payment credited (src/modules/payments): its ledger entry and its receipt's number and check code, so a restore
 *   credits it again under the receipt the buyer already holds, and Paystack's retry finds it credited
 *   (docs/decisions/0422-a-restore-keeps-every-credit.md);
 * - a letter made (src/modules/documents): its claim, kind, number, check code and facts but the buyer's name, so a
 *   restore makes the same letter under the number the buyer may have shown (docs/decisions/0425).
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

/** A payment credited: the ledger entry's fields and its receipt's (ids, kobo and dates; nothing personal). */
export interface PaymentEntry {
  kind: 'payment';
  at: string;
  entry: {
    claimId: string;
    kind: LedgerKind;
    source: LedgerSource;
    providerReference: string | null;
    amountKobo: number;
    /** When the money moved (ISO). */
    at: string;
    recordedAt: string;
    byStaffId: string | null;
    reason: string | null;
    correctsEntryId: number | null;
    flag: LedgerFlag | null;
  };
  receipt: { number: string; checkCode: string; issuedAt: string };
}

/**
 * A letter made (a contract of sale, an allocation letter): what it says but the buyer's name, which a restore reads
 * from the plan's buyer.
 */
export interface LetterEntry {
  kind: 'letter';
  at: string;
  letter: {
    claimId: string;
    kind: LetterKind;
    number: string;
    checkCode: string;
    facts: Omit<LetterFacts, 'buyerName'>;
    issuedAt: string;
  };
}

/** A buyer removed one of their passkeys (a lost phone's, say): a restore removes it again. Its id only, nothing personal. */
export interface BuyerPasskeyRemovedEntry {
  kind: 'buyer-passkey-removed';
  at: string;
  passkeyId: string;
}

export type RestoreLedgerEntry =
  ErasureEntry | DeliveredEntry | StaffEntry | AccessSwitchEntry | PaymentEntry | LetterEntry | BuyerPasskeyRemovedEntry;

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

/** A buyer's passkey just removed; on disk before this resolves, like a staff change: a restore must not bring it back. */
export function recordBuyerPasskeyRemoved(passkeyId: string, at = new Date()): Promise<void> {
  const entry: BuyerPasskeyRemovedEntry = { kind: 'buyer-passkey-removed', at: at.toISOString(), passkeyId };
  return appendLedger(entry, { durable: true });
}

/** An owner's access switch just set; on disk before this resolves, like a staff change. */
export function recordAccessSwitch(name: AccessSwitchEntry['name'], on: boolean, staffId: string, at = new Date()): Promise<void> {
  const entry: AccessSwitchEntry = { kind: 'access-switch', at: at.toISOString(), name, on, staffId };
  return appendLedger(entry, { durable: true });
}

/**
 * A payment just credited (its transaction committed); on disk before this resolves, like an erasure: a restore that
 * lost it would credit it again under a new receipt number and send the buyer a second receipt.
 */
export function recordPayment(payment: Omit<PaymentEntry, 'kind' | 'at'>, at = new Date()): Promise<void> {
  return appendLedger({ kind: 'payment', at: at.toISOString(), ...payment } satisfies PaymentEntry, { durable: true });
}

/** A letter just made (its transaction committed); on disk before this resolves, like a credit. */
export function recordLetter(letter: LetterEntry['letter'], at = new Date()): Promise<void> {
  const entry: LetterEntry = { kind: 'letter', at: at.toISOString(), letter };
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
