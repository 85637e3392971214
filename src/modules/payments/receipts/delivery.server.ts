import 'server-only';
import type { Db } from '@/lib/db/client';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { logError, withoutContactDetails } from '@/lib/log';
import { givenUp } from '@/modules/messaging';
import { ChannelError } from '@/modules/messaging';
import { emailChannel, whatsAppChannel, whatsAppConfigured } from '@/modules/messaging/server';
import { mayMessage } from '@/modules/leads/server';
import { phoneGreetingName } from '@/content/conversations';
import { getEnv } from '@/lib/env.server';
import { formatKobo } from '../money';
import type { Standing } from '../plans';
import { buyerOfClaim, type Buyer } from '../buyer.repository.server';
import { plotLabelOf } from '../plot-link.server';
import { entriesOf } from '../ledger/ledger.repository.server';
import { balanceOf } from '../ledger/rules';
import { standingOf } from '../plans';
import { lagosDayOf } from '@/lib/working-time';
import {
  claimReceiptMessage,
  claimWhatsApp,
  receiptForDelivery,
  settleReceiptMessage,
  settleWhatsApp,
  type ReceiptView,
} from './receipts.repository.server';
import { receiptEmail } from './render';

/**
 * Sending a receipt's message (a `payment-receipt` job; docs/decisions/0414-the-money-core.md) by e-mail, and by
 * WhatsApp where the buyer has a number it reaches, through the messaging module's channels. Each at most once: the row is claimed (`sending`) before the send, and a row found `sending`
 * after a crash is not sent again (`interrupted`): the receipt itself stands, on its page and in the staff area.
 */

/** A `sending` row younger than this may still be in a sender's hands (mail timeouts total 40 s). */
const SENDING_LEASE_MS = 2 * 60_000;

export const receiptPath = (number: string, checkCode: string) => `/receipts/${number}?code=${encodeURIComponent(checkCode)}`;

/** One `payment-receipt` job: the e-mail, then the WhatsApp message, each at most once; throws to be tried again. */
export async function deliverReceipt(db: Db, receiptId: string, now: () => Date = () => new Date()): Promise<void> {
  const found = await receiptForDelivery(db, receiptId);
  if (!found) return;
  const facts = await factsOf(db, found);
  let failure: unknown;
  await deliverByEmail(db, found, facts, now).catch((error) => (failure = error));
  await deliverByWhatsApp(db, found, facts, now).catch((error) => (failure ??= error));
  if (failure) throw failure;
}

interface Facts {
  buyer: Buyer | undefined;
  plotLabel: string;
  standing: Standing;
  receiptUrl: string;
}

async function factsOf(db: Db, { receipt, entry, plan }: ReceiptView): Promise<Facts> {
  return {
    buyer: await buyerOfClaim(db, plan.claimId),
    plotLabel: await plotLabelOf(db, plan),
    // As the payment left it (a later payment has its own receipt), as the receipt's page shows it.
    standing: standingOf(
      plan,
      balanceOf((await entriesOf(db, plan.claimId)).filter((line) => line.id <= entry.id)),
      lagosDayOf(receipt.issuedAt),
    ),
    receiptUrl: `${getSiteUrl()}${receiptPath(receipt.number, receipt.checkCode)}`,
  };
}

async function deliverByEmail(db: Db, found: ReceiptView, facts: Facts, now: () => Date): Promise<void> {
  const { receipt, entry } = found;
  const at = now();
  if (receipt.messageState === 'sending') {
    if (receipt.sendingSince && at.getTime() - receipt.sendingSince.getTime() < SENDING_LEASE_MS)
      throw new Error('another sender has this receipt in hand');
    await settleReceiptMessage(db, receipt.id, { messageState: 'interrupted', lastError: 'interrupted while sending: not sent again' }, at);
    return;
  }
  if (receipt.messageState !== 'queued') return;
  const { buyer } = facts;
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
      plotLabel: facts.plotLabel,
      amountKobo: entry.amountKobo,
      standing: facts.standing,
      receiptUrl: facts.receiptUrl,
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

/**
 * The receipt on WhatsApp (the approved template WHATSAPP_RECEIPT_TEMPLATE; the buyer's first name only, as every
 * message to a phone: docs/decisions/0403), where WhatsApp is on and the number has not said STOP. At most once, as the
 * e-mail: a row found `sending` is not sent again, and a send whose answer never came counts as sent.
 */
async function deliverByWhatsApp(db: Db, { receipt, entry }: ReceiptView, facts: Facts, now: () => Date): Promise<void> {
  if (receipt.whatsappState === 'sending') {
    await settleWhatsApp(db, receipt.id, 'interrupted');
    return;
  }
  if (receipt.whatsappState !== 'queued') return;
  const phone = facts.buyer?.phoneE164;
  if (!phone || !whatsAppConfigured() || !(await mayMessage(db, phone, 'whatsapp'))) {
    await settleWhatsApp(db, receipt.id, 'not_configured');
    return;
  }
  if (!(await claimWhatsApp(db, receipt.id))) return;
  const env = getEnv();
  try {
    await whatsAppChannel.send(db, {
      to: phone,
      template: env.WHATSAPP_RECEIPT_TEMPLATE,
      language: env.WHATSAPP_TEMPLATE_LANGUAGE,
      parameters: [
        phoneGreetingName(facts.buyer?.fullName ?? ''),
        formatKobo(entry.amountKobo),
        facts.plotLabel,
        formatKobo(facts.standing.leftKobo),
        facts.receiptUrl,
      ],
      reference: receipt.id,
    });
    await settleWhatsApp(db, receipt.id, 'sent');
  } catch (error) {
    // No answer: WhatsApp may have taken it; never again. Refused for good (not on WhatsApp, a template problem): failed.
    const unanswered = error instanceof ChannelError && error.unanswered;
    const retry = !unanswered && error instanceof ChannelError && error.kind === 'retry' && !givenUp(receipt.issuedAt, now());
    await settleWhatsApp(db, receipt.id, unanswered ? 'sent' : retry ? 'queued' : 'failed');
    logError(`[payments] receipt ${receipt.number} on WhatsApp ${retry ? 'will be retried' : 'not sent'}`, error);
    if (retry) throw error;
  }
}
