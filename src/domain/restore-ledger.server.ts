import 'server-only';
import { appendLedger, readLedger } from '@/lib/backup/ledger.server';

/**
 * What happened since a backup that a restore must apply again (docs/decisions/0111-backups-while-the-site-runs.md),
 * recorded in the ledger beside the backups as it happens, and read by `npm run restore` (scripts/restore.ts):
 * - an erasure: the erased rows' ids and the subject's keyed fingerprint (src/features/privacy), so a restore erases
 *   them again, as the privacy notice promises;
 * - a delivery: the id of a message that was sent, so a restored site does not send it again.
 * No personal data: ids are random and fingerprints are keyed hashes.
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

export type RestoreLedgerEntry = ErasureEntry | DeliveredEntry;

/** An erasure just made; on disk before this resolves, since it must survive a crash right after it. */
export function recordErasure(erased: Omit<ErasureEntry, 'kind' | 'at'>, at = new Date()): Promise<void> {
  return appendLedger({ kind: 'erasure', at: at.toISOString(), ...erased } satisfies ErasureEntry, { durable: true });
}

/** Messages just delivered (none: nothing). */
export function recordDeliveries(sent: readonly { id: string; at: Date }[]): Promise<void> {
  return appendLedger(sent.map(({ id, at }): DeliveredEntry => ({ kind: 'delivered', at: at.toISOString(), notificationId: id })));
}

/** Every event recorded in the ledger `dir` (BACKUP_DIR/ledger when not given), oldest day first. */
export const readRestoreLedger = (dir?: string): Promise<RestoreLedgerEntry[]> => readLedger<RestoreLedgerEntry>(dir);
