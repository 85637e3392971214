import 'server-only';
import { inArray } from 'drizzle-orm';
import type { BuyerPasskeyRemovedEntry } from '@/lib/backup/restore-ledger.server';
import type { Db } from '@/lib/db/client';
import { buyerPasskeys, buyerSessions } from '@/lib/db/schema';

/**
 * After `npm run restore`: what buyers did since the backup to shut a way in, made again. Passkeys removed since are
 * removed again (by id, however often the ledger is applied). Returns how many went.
 */
export async function removeBuyerPasskeysAgain(db: Db, entries: readonly BuyerPasskeyRemovedEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const removed = await db
    .delete(buyerPasskeys)
    .where(
      inArray(
        buyerPasskeys.id,
        entries.map((entry) => entry.passkeyId),
      ),
    )
    .returning({ id: buyerPasskeys.id });
  return removed.length;
}

/**
 * Every buyer session of the backup ended, as staff's are: one may have been stolen and signed out since, and the
 * ledger does not keep sign-outs. A buyer signs in again with a new link or code, or a passkey. Returns how many.
 */
export async function endEveryBuyerSession(db: Db): Promise<number> {
  const ended = await db.delete(buyerSessions).returning({ id: buyerSessions.id });
  return ended.length;
}
