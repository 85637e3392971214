import 'server-only';
import type { Db } from '@/lib/db/client';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { logError, withoutContactDetails } from '@/lib/log';
import { givenUp } from '@/modules/messaging';
import { emailChannel } from '@/modules/messaging/server';
import { buyerOfClaim } from '../buyer.repository.server';
import { plotLabelOf } from '../plot-link.server';
import { entriesOf } from '../ledger/ledger.repository.server';
import { balanceOf } from '../ledger/rules';
import { standingOf } from '../plans';
import { lagosDayOf } from '@/lib/working-time';
import { claimReceiptMessage, receiptForDelivery, settleReceiptMessage } from './receipts.repository.server';
import { receiptEmail } from './render';

/**
 * Sending a receipt's message (a `payment-receipt` job; docs/decisions/0414-the-money-core.md) by e-mail through the
 * messaging module's channel. At most once: the row is claimed (`sending`) before the send, and a row found `sending`
 * after a crash is not sent again (`interrupted`): the receipt itself stands, on its page and in the staff area.
 */

/** A `sending` row younger than this may still be in a sender's hands (mail timeouts total 40 s). */
const SENDING_LEASE_MS = 2 * 60_000;

export const receiptPath = (number: string, checkCode: string) => `/receipts/${number}?code=${encodeURIComponent(checkCode)}`;

export async function deliverReceipt(db: Db, receiptId: string, now: () => Date = () => new Date()): Promise<void> {
  const found = await receiptForDelivery(db, receiptId);
  if (!found) return;
  const { receipt, entry, plan } = found;
  const at = now();
  if (receipt.messageState === 'sending') {
    if (receipt.sendingSince && at.getTime() - receipt.sendingSince.getTime() < SENDING_LEASE_MS)
      throw new Error('another sender has this receipt in hand');
    await settleReceiptMessage(db, receipt.id, { messageState: 'interrupted', lastError: 'interrupted while sending: not sent again' }, at);
    return;
  }
  if (receipt.messageState !== 'queued') return;
  const buyer = await buyerOfClaim(db, plan.claimId);
  if (!buyer?.email) {
    await settleReceiptMessage(db, receipt.id, { messageState: 'not_configured', lastError: 'the buyer has no e-mail address' }, at);
    return;
  }
  if (!(await claimReceiptMessage(db, receipt.id, at))) return;
  try {
    const message = receiptEmail({
      brand: getSiteFacts().brand,
      number: receipt.number,
      buyer,
      plotLabel: await plotLabelOf(db, plan),
      amountKobo: entry.amountKobo,
      // As the payment left it (a later payment has its own receipt), as the receipt's page shows it.
      standing: standingOf(
        plan,
        balanceOf((await entriesOf(db, plan.claimId)).filter((line) => line.id <= entry.id)),
        lagosDayOf(receipt.issuedAt),
      ),
      receiptUrl: `${getSiteUrl()}${receiptPath(receipt.number, receipt.checkCode)}`,
    });
    const result = await emailChannel.send(db, {
      ...message,
      to: [buyer.email],
      recordId: buyer.leadId,
      messageId: `<${receipt.id}@${new URL(getSiteUrl()).host}>`,
    });
    await settleReceiptMessage(db, receipt.id, { messageState: result.sent ? 'sent' : 'not_configured', lastError: null }, now());
  } catch (error) {
    const reason = withoutContactDetails(error instanceof Error ? error.message : String(error));
    const giveUp = givenUp(receipt.issuedAt, now());
    await settleReceiptMessage(db, receipt.id, { messageState: giveUp ? 'failed' : 'queued', lastError: reason }, now());
    logError(`[payments] receipt ${receipt.number} ${giveUp ? 'not sent, given up' : 'will be retried'}`, error);
    if (!giveUp) throw error;
  }
}
