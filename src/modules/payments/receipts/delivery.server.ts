import 'server-only';
import type { Db } from '@/lib/db/client';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { deliverMessages, emailChannel, messagesOf, type OutboxSender, type OutboxSenders } from '@/modules/messaging/server';
import { phoneGreetingName } from '@/content/conversations';
import { receiptWhatsAppText } from '@/content/payments';
import { getEnv } from '@/lib/env.server';
import { sendPaymentWhatsApp } from '../whatsapp.server';
import { formatKobo } from '../money';
import type { Standing } from '../plans';
import { buyerOfClaim, type Buyer } from '../buyer.repository.server';
import { plotLabelOf } from '../plot-link.server';
import { entriesOf } from '../ledger/ledger.repository.server';
import { balanceOf } from '../ledger/rules';
import { standingOf } from '../plans';
import { lagosDayOf } from '@/lib/working-time';
import { receiptForDelivery, type ReceiptView } from './receipts.repository.server';
import { receiptEmail } from './render';

/**
 * Sending a receipt's messages (docs/decisions/0414-the-money-core.md) through the one outbox (docs/decisions/0410):
 * the credit's transaction queues its e-mail, and its WhatsApp message where the buyer has a number; the outbox's worker
 * claims each (`sending`) and this sender renders it then, from the receipt (the standing as the payment left it).
 * The e-mail goes at least once: one taken from a sender that died with it in hand is sent again, under the receipt's
 * one Message-ID, which inboxes keep once (docs/decisions/0441). The WhatsApp message goes at most once (a chat shows
 * every copy): taken from a dead sender it is not sent again (`notAgain`), and a send whose answer never came counts as
 * sent. The receipt itself stands, on its page and in the staff area.
 */

export const receiptPath = (number: string, checkCode: string) => `/receipts/${number}?code=${encodeURIComponent(checkCode)}`;

interface ReceiptContext extends ReceiptView {
  buyer: Buyer | undefined;
  plotLabel: string;
  standing: Standing;
  receiptUrl: string;
}

/** The sender of a receipt's messages (subject `receipt`), wired into the outbox's one worker by the server process. */
export const receiptOutboxSender: OutboxSender<ReceiptContext> = {
  async load(db, messages) {
    const found = new Map<string, ReceiptContext>();
    // Two messages per receipt, read once per receipt (a credit queues one receipt).
    const contexts = new Map<string, ReceiptContext | undefined>();
    for (const message of messages) {
      if (!contexts.has(message.subjectId)) contexts.set(message.subjectId, await contextOf(db, message.subjectId));
      const context = contexts.get(message.subjectId);
      if (context) found.set(message.id, context);
    }
    return found;
  },
  notAgain: (message) => message.channel === 'whatsapp',
  async send(db, message, context) {
    return message.channel === 'whatsapp' ? sendByWhatsApp(db, context) : sendByEmail(db, context);
  },
};

/** The outbox's senders of this module. */
export const receiptSenders = (): OutboxSenders => ({ receipt: receiptOutboxSender as OutboxSender<never> });

/**
 * A receipt's messages sent now (its e-mail, then its WhatsApp message), through the outbox as its worker would; throws
 * when one is to be tried again. Also what a `payment-receipt` job of the release before does: it names the receipt.
 */
export async function deliverReceipt(db: Db, receiptId: string, now: () => Date = () => new Date()): Promise<void> {
  const ids = (await messagesOf(db, 'receipt', [receiptId])).map((message) => message.id);
  const outcomes = await deliverMessages(db, receiptSenders(), ids, now);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

async function contextOf(db: Db, receiptId: string): Promise<ReceiptContext | undefined> {
  const found = await receiptForDelivery(db, receiptId);
  if (!found) return undefined;
  const { receipt, entry, plan } = found;
  return {
    ...found,
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

/** The receipt by e-mail, under one Message-ID (the receipt's); a failure is thrown, so the outbox tries it again. */
async function sendByEmail(db: Db, context: ReceiptContext) {
  const { receipt, entry, buyer } = context;
  if (!buyer?.email) return { state: 'not_configured' as const, lastError: 'the buyer has no e-mail address' };
  const message = receiptEmail({
    brand: getSiteFacts().brand,
    number: receipt.number,
    buyer,
    plotLabel: context.plotLabel,
    amountKobo: entry.amountKobo,
    standing: context.standing,
    receiptUrl: context.receiptUrl,
  });
  const result = await emailChannel.send(db, {
    ...message,
    to: [buyer.email],
    recordId: buyer.leadId,
    messageId: `<${receipt.id}@${new URL(getSiteUrl()).host}>`,
  });
  return result.sent ? ('sent' as const) : { state: 'not_configured' as const, lastError: 'not configured' };
}

/**
 * The receipt on WhatsApp (the approved template WHATSAPP_RECEIPT_TEMPLATE; the buyer's first name only, as every
 * message to a phone: docs/decisions/0403), kept in the lead's conversation (../whatsapp.server.ts).
 */
async function sendByWhatsApp(db: Db, { entry, buyer, plotLabel, standing, receiptUrl }: ReceiptContext) {
  if (!buyer) return { state: 'not_configured' as const, lastError: 'the buyer was erased' };
  const parameters = [
    phoneGreetingName(buyer.fullName),
    formatKobo(entry.amountKobo),
    plotLabel,
    formatKobo(standing.leftKobo),
    receiptUrl,
  ];
  return sendPaymentWhatsApp(db, {
    leadId: buyer.leadId,
    phone: buyer.phoneE164,
    kind: 'payment_receipt',
    template: getEnv().WHATSAPP_RECEIPT_TEMPLATE,
    parameters,
    body: receiptWhatsAppText(parameters),
  });
}
