import { eq, isNull, sql } from 'drizzle-orm';
import { eraseRecords } from '@/modules/privacy/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as paystackWebhook } from '@/app/api/webhooks/paystack/route';
import {
  leadMessages,
  ledgerEntries,
  leads,
  outboxMessages,
  paymentCheckouts,
  paymentEvents,
  paymentReceipts,
  plotClaims,
} from '@/lib/db/schema';
import { OUTBOX } from '@/lib/jobs/queues';
import { appendEntry, balanceOfClaim, entriesOf } from '@/modules/payments/ledger/ledger.repository.server';
import { startCheckout } from '@/modules/payments/checkout/checkout.server';
import { settlePaymentEvent } from '@/modules/payments/paystack/credit.server';
import { checkCheckout } from '@/modules/payments/paystack/events.server';
import { openDedicatedAccount } from '@/modules/payments/paystack/dedicated-account.server';
import { deliverReceipt, receiptPath } from '@/modules/payments/receipts/delivery.server';
import { issueReceipt, receiptByNumber } from '@/modules/payments/receipts/receipts.repository.server';
import { SENDING_LEASE_MS, INTERRUPTED_WHILE_SENDING } from '@/modules/messaging/server';
import { paymentsPage } from '@/modules/payments/staff/payments-page.server';
import type { DatabaseHandle } from '@/lib/db/client';
import { startSmtpPeer, type SmtpPeer } from '../support/peers';
import { startFakeWhatsApp, type WhatsAppFake } from '../support/fake-whatsapp';
import { CHANNELS_OFF, WHATSAPP, whatsAppOn } from './channel-fakes';
import { describeEachDriver, jsonRequest, setEnv } from './helpers';
import { buyerWithPlan, jobsNaming, receiptMessages, fakePaystackForFile } from './payments-helpers';

/**
 * Paystack's webhook (issue 59, items 2 to 4; docs/decisions/0414-the-money-core.md), against the fake of Paystack's
 * API: a forged signature is refused and credits nothing; an event is credited only once Paystack's verify agrees, once
 * however often or late it comes; an amount other than asked is credited and flagged; a verify that disagrees credits
 * nothing; each credit has one receipt, queued once and sent once, even across a crash.
 */

let smtp: SmtpPeer;
let whatsApp: WhatsAppFake;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  whatsApp = await startFakeWhatsApp(WHATSAPP);
});
afterAll(async () => {
  await Promise.all([smtp.stop(), whatsApp.stop()]);
  setEnv(CHANNELS_OFF);
});
const paystack = fakePaystackForFile(() => ({ PAYSTACK_DEDICATED_BANK: 'test-bank', SMTP_URL: smtp.url }));

const post = (event: { body: string; signature: string }) =>
  paystackWebhook(jsonRequest('/api/webhooks/paystack', event.body, { raw: true, headers: { 'x-paystack-signature': event.signature } }));

/** Runs the payment-event jobs waiting (as the worker would), at `now`. */
async function settleEvents(handle: DatabaseHandle, now = new Date()) {
  const waiting = await handle.db.select({ id: paymentEvents.id }).from(paymentEvents).where(isNull(paymentEvents.outcome));
  for (const { id } of waiting) await settlePaymentEvent(handle.db, await handle.jobs(), id, now);
}

/** A buyer with a plan, a checkout of their deposit opened, and paid on Paystack's page (the amount asked unless told). */
async function paidCheckout(handle: DatabaseHandle, paidKobo?: number) {
  const buyer = await buyerWithPlan(handle.db);
  const checkout = await startCheckout(handle.db, await handle.jobs(), buyer.claimId);
  if (!checkout.ok) throw new Error(`checkout refused: ${checkout.reason}`);
  paystack().pay(checkout.reference, { amountKobo: paidKobo });
  return { ...buyer, reference: checkout.reference, askedKobo: checkout.amountKobo };
}

describeEachDriver('payments: the Paystack webhook', ({ handle }) => {
  it('asks Paystack for the deposit the server worked out, under our reference', async () => {
    const buyer = await buyerWithPlan(handle().db);
    const checkout = await startCheckout(handle().db, await handle().jobs(), buyer.claimId);
    expect(checkout).toMatchObject({ ok: true, amountKobo: 300_000_000 });
    if (!checkout.ok) return;
    expect(checkout.authorizationUrl.startsWith(`${paystack().url}/checkout/`)).toBe(true);
    expect(paystack().transactions.get(checkout.reference)).toMatchObject({
      amountKobo: 300_000_000,
      callbackUrl: 'https://districts.example/payments/callback',
    });
  });

  it('refuses a forged signature with 401 {error} and credits nothing', async () => {
    const { claimId, reference } = await paidCheckout(handle());
    const genuine = paystack().chargeSuccess(reference);
    const before = await handle().db.select().from(paymentEvents);
    for (const signature of [
      '',
      'f'.repeat(128),
      paystack().chargeSuccess(reference, { secret: 'sk_test_someone_else_000000000' }).signature,
    ]) {
      const response = await post({ body: genuine.body, signature });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'The signature does not match.' });
    }
    // The genuine signature over a changed body is forged too.
    const tampered = genuine.body.replace('"amount":300000000', '"amount":900000000');
    expect((await post({ body: tampered, signature: genuine.signature })).status).toBe(401);
    await settleEvents(handle());
    expect(await handle().db.select().from(paymentEvents)).toHaveLength(before.length);
    expect(await balanceOfClaim(handle().db, claimId)).toBe(0);
  });

  it('credits an event once: delivered twice, replayed days later, and after the check job credited it', async () => {
    const { claimId, reference } = await paidCheckout(handle());
    const event = paystack().chargeSuccess(reference);
    expect((await post(event)).status).toBe(200);
    expect((await post(event)).status).toBe(200);
    await settleEvents(handle());
    // Days later Paystack (or someone who recorded it) sends it again.
    expect((await post(event)).status).toBe(200);
    await settleEvents(handle(), new Date(Date.now() + 3 * 86_400_000));
    // The check job looks at the checkout too.
    await checkCheckout(handle().db, await handle().jobs(), reference);

    const entries = await entriesOf(handle().db, claimId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'payment',
      source: 'paystack',
      providerReference: reference,
      amountKobo: 300_000_000,
      flag: null,
    });
    const outcomes = await handle()
      .db.select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.reference, reference));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['credited', 'duplicate', 'duplicate']);
    const receipts = await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId));
    expect(receipts).toHaveLength(1);
    // Its messages queued once in the one outbox (the buyer has a number: WhatsApp too), each with one job.
    const messages = await receiptMessages(handle().db, receipts[0].id);
    expect(messages.map((m) => m.channel)).toEqual(['email', 'whatsapp']);
    for (const message of messages) expect(await jobsNaming(handle().db, OUTBOX.name, 'messageId', message.id)).toBe(1);
  });

  it('credits events that arrive out of order, each once', async () => {
    const first = await paidCheckout(handle());
    // The buyer's second checkout (the next instalment is worked out from the ledger, so credit the first later).
    const secondCheckout = await startCheckout(handle().db, await handle().jobs(), first.claimId);
    if (!secondCheckout.ok) throw new Error(secondCheckout.reason);
    paystack().pay(secondCheckout.reference);
    // The second payment's event comes first, then the first's, then the second's again.
    await post(paystack().chargeSuccess(secondCheckout.reference));
    await settleEvents(handle());
    await post(paystack().chargeSuccess(first.reference));
    await post(paystack().chargeSuccess(secondCheckout.reference));
    await settleEvents(handle());
    const entries = await entriesOf(handle().db, first.claimId);
    expect(entries.map((e) => e.providerReference).sort()).toEqual([first.reference, secondCheckout.reference].sort());
    expect(await balanceOfClaim(handle().db, first.claimId)).toBe(600_000_000);
  });

  it('credits an amount other than asked as paid, flagged for the owners', async () => {
    const { claimId, reference } = await paidCheckout(handle(), 100_000_000);
    await post(paystack().chargeSuccess(reference));
    await settleEvents(handle());
    const [entry] = await entriesOf(handle().db, claimId);
    expect(entry).toMatchObject({ amountKobo: 100_000_000, flag: 'amount_differs' });
    const [event] = await handle().db.select().from(paymentEvents).where(eq(paymentEvents.reference, reference));
    expect(event).toMatchObject({ outcome: 'credited', detail: 'paid other than asked: flagged for the owners' });
    // The owners' Payments page lists it.
    expect((await paymentsPage(handle().db)).flagged.find((row) => row.id === entry.id)).toMatchObject({
      amountKobo: 100_000_000,
      reference,
    });
  });

  it('credits nothing when Paystack’s verify disagrees with the event', async () => {
    const cases: [string, (reference: string) => { body: string; signature: string }][] = [
      ['failed', (reference) => (paystack().verifyOverride.set(reference, { status: 'failed' }), paystack().chargeSuccess(reference))],
      [
        'another currency',
        (reference) => (paystack().verifyOverride.set(reference, { currency: 'USD' }), paystack().chargeSuccess(reference)),
      ],
      ['another amount', (reference) => paystack().chargeSuccess(reference, { amountKobo: 900_000_000 })],
    ];
    for (const [, make] of cases) {
      const { claimId, reference } = await paidCheckout(handle());
      expect((await post(make(reference))).status).toBe(200);
      await settleEvents(handle());
      expect(await balanceOfClaim(handle().db, claimId)).toBe(0);
      const [event] = await handle().db.select().from(paymentEvents).where(eq(paymentEvents.reference, reference));
      expect(event.outcome).toBe('verify_disagreed');
      expect(await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId))).toHaveLength(0);
    }
    // A signed event for a checkout of ours that Paystack's verify does not know.
    const stranger = await paidCheckout(handle());
    const event = paystack().chargeSuccess(stranger.reference);
    paystack().transactions.delete(stranger.reference);
    await post(event);
    await settleEvents(handle());
    expect(await balanceOfClaim(handle().db, stranger.claimId)).toBe(0);
    const [unknown] = await handle().db.select().from(paymentEvents).where(eq(paymentEvents.reference, stranger.reference));
    expect(unknown).toMatchObject({ outcome: 'verify_disagreed' });
    expect(unknown.detail).toContain('Transaction reference not found');
  });

  it('tries again while Paystack cannot be reached, and then credits once', async () => {
    const { claimId, reference } = await paidCheckout(handle());
    await post(paystack().chargeSuccess(reference));
    paystack().failNext(1, { status: 503, message: 'Service unavailable' }, /verify/);
    const [event] = await handle().db.select().from(paymentEvents).where(eq(paymentEvents.reference, reference));
    await expect(settlePaymentEvent(handle().db, await handle().jobs(), event.id)).rejects.toThrow(/503/);
    expect(await balanceOfClaim(handle().db, claimId)).toBe(0);
    await settlePaymentEvent(handle().db, await handle().jobs(), event.id);
    expect(await balanceOfClaim(handle().db, claimId)).toBe(300_000_000);
  });

  it('sends the receipt once, naming the plot, the amount, what is left and the next due date; its page checks the code', async () => {
    const { claimId, reference, leadId: buyerLead } = await paidCheckout(handle());
    await post(paystack().chargeSuccess(reference));
    await settleEvents(handle());
    const [receipt] = await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId));
    expect(receipt.number).toMatch(/^RCT-\d{4}-\d{6}$/);
    const mailsBefore = smtp.received.length;
    const whatsAppBefore = whatsApp.sent.length;
    setEnv(whatsAppOn(whatsApp));
    await deliverReceipt(handle().db, receipt.id);
    await deliverReceipt(handle().db, receipt.id);
    setEnv(CHANNELS_OFF);
    // On WhatsApp too, once: the approved template with the buyer's first name only.
    const onWhatsApp = whatsApp.sent.slice(whatsAppBefore);
    expect(onWhatsApp).toHaveLength(1);
    expect(onWhatsApp[0].template).toMatchObject({ name: 'payment_receipt' });
    expect(onWhatsApp[0].template?.parameters.slice(0, 2)).toEqual(['Adaeze', '₦3,000,000']);
    expect(onWhatsApp[0].template?.parameters[3]).toBe('₦7,000,000');
    // Kept in the lead's conversation, as the first reply is (docs/decisions/0415).
    const kept = await handle().db.select().from(leadMessages).where(eq(leadMessages.leadId, buyerLead));
    expect(kept).toEqual([
      expect.objectContaining({
        kind: 'payment_receipt',
        channel: 'whatsapp',
        direction: 'out',
        template: 'payment_receipt',
        status: 'sent',
      }),
    ]);
    expect(kept[0].body).toContain('we have received ₦3,000,000');
    expect(kept[0].body).toContain(receipt.number);
    const mails = smtp.received.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const text = mails[0].mail.text ?? '';
    expect(mails[0].mail.subject).toContain(receipt.number);
    expect(text).toContain('₦3,000,000');
    expect(text).toMatch(/for Plot P\w+, Block P, District 1, Lugbe, Abuja\./);
    expect(text).toContain('Left to pay: ₦7,000,000.');
    expect(text).toMatch(/Next payment: ₦583,334, due \w+day,? 1 January 2027\./);
    expect(text).toContain(`https://districts.example${receiptPath(receipt.number, receipt.checkCode)}`);
    expect(await receiptByNumber(handle().db, receipt.number, receipt.checkCode)).toBeDefined();
    expect(await receiptByNumber(handle().db, receipt.number, 'guessed-code')).toBeUndefined();
  });

  it('a crash between the event and the receipt ends credited once; an e-mail caught in a dead sender’s hands goes again, under its one Message-ID', async () => {
    const { claimId, reference } = await paidCheckout(handle());
    await post(paystack().chargeSuccess(reference));
    const [event] = await handle().db.select().from(paymentEvents).where(eq(paymentEvents.reference, reference));
    await settlePaymentEvent(handle().db, await handle().jobs(), event.id);
    // The process died after the credit's commit, before the event's outcome was written: its job runs again.
    await handle().db.update(paymentEvents).set({ outcome: null }).where(eq(paymentEvents.id, event.id));
    await settlePaymentEvent(handle().db, await handle().jobs(), event.id);
    expect(await entriesOf(handle().db, claimId)).toHaveLength(1);
    // The process died while the receipt's mail was being sent (claimed, its lease long over): it may have gone or
    // not, so it goes again, and an inbox that has it already keeps one (the same Message-ID: docs/decisions/0441).
    const [receipt] = await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId));
    const [email] = await receiptMessages(handle().db, receipt.id);
    await handle()
      .db.update(outboxMessages)
      .set({ state: 'sending', sendingSince: new Date(Date.now() - 10 * 60_000) })
      .where(eq(outboxMessages.id, email.id));
    const mailsBefore = smtp.received.length;
    await deliverReceipt(handle().db, receipt.id);
    await deliverReceipt(handle().db, receipt.id);
    const mails = smtp.received.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].mail.subject).toContain(receipt.number);
    expect(mails[0].mail.messageId).toBe(`<${receipt.id}@${new URL(process.env.SITE_URL ?? 'http://localhost:3000').host}>`);
    expect((await receiptMessages(handle().db, receipt.id))[0]).toMatchObject({ state: 'sent', lastError: null });
  });

  it('a receipt e-mail whose sender was killed between the claim and the send waits out its lease, then goes once', async () => {
    const { claimId, reference } = await paidCheckout(handle());
    await post(paystack().chargeSuccess(reference));
    await settleEvents(handle());
    const [receipt] = await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId));
    const [email] = await receiptMessages(handle().db, receipt.id);
    // A worker claimed it (as the outbox's claim writes it) and was killed: its lease has not ended yet.
    const claimedAt = new Date();
    await handle().db.update(outboxMessages).set({ state: 'sending', sendingSince: claimedAt }).where(eq(outboxMessages.id, email.id));
    const mailsBefore = smtp.received.length;
    // Its job tried again while the first sender might still be at it: left alone, to be tried later.
    await expect(deliverReceipt(handle().db, receipt.id, () => new Date(claimedAt.getTime() + 1000))).rejects.toThrow(/another sender/);
    expect((await receiptMessages(handle().db, receipt.id))[0].state).toBe('sending');
    expect(smtp.received.length).toBe(mailsBefore);
    // Past its lease, the job and a copy of it (the old queue's) run: the e-mail goes once.
    const later = () => new Date(claimedAt.getTime() + SENDING_LEASE_MS + 1000);
    await deliverReceipt(handle().db, receipt.id, later);
    await deliverReceipt(handle().db, receipt.id, later);
    expect(smtp.received.length).toBe(mailsBefore + 1);
    expect((await receiptMessages(handle().db, receipt.id))[0]).toMatchObject({ state: 'sent' });
  });

  it('a receipt’s WhatsApp message caught in a dead sender’s hands is not sent again (a chat shows every copy)', async () => {
    const { claimId, reference } = await paidCheckout(handle());
    await post(paystack().chargeSuccess(reference));
    await settleEvents(handle());
    const [receipt] = await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId));
    const onWhatsApp = (await receiptMessages(handle().db, receipt.id)).find((message) => message.channel === 'whatsapp')!;
    await handle()
      .db.update(outboxMessages)
      .set({ state: 'sending', sendingSince: new Date(Date.now() - 10 * 60_000) })
      .where(eq(outboxMessages.id, onWhatsApp.id));
    const whatsAppBefore = whatsApp.sent.length;
    setEnv(whatsAppOn(whatsApp));
    try {
      await deliverReceipt(handle().db, receipt.id);
    } finally {
      setEnv(CHANNELS_OFF);
    }
    expect(whatsApp.sent.length).toBe(whatsAppBefore);
    expect((await receiptMessages(handle().db, receipt.id)).find((message) => message.channel === 'whatsapp')).toMatchObject({
      state: 'failed',
      lastError: INTERRUPTED_WHILE_SENDING,
    });
  });

  it('sends the receipt exactly once when the mail server is down, then back', async () => {
    const { claimId, reference } = await paidCheckout(handle());
    await post(paystack().chargeSuccess(reference));
    await settleEvents(handle());
    const [receipt] = await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId));
    const mailsBefore = smtp.received.length;
    await smtp.down();
    try {
      await expect(deliverReceipt(handle().db, receipt.id)).rejects.toThrow();
    } finally {
      await smtp.up();
    }
    const [waiting] = await receiptMessages(handle().db, receipt.id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting.lastError).toBeTruthy();
    // The retry sends it; its job run again (or a copy of it) sends nothing more.
    await deliverReceipt(handle().db, receipt.id);
    await deliverReceipt(handle().db, receipt.id);
    const mails = smtp.received.slice(mailsBefore).filter((m) => m.mail.subject?.includes(receipt.number));
    expect(mails).toHaveLength(1);
    const [sent] = await receiptMessages(handle().db, receipt.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
  });

  it('a credit rolled back queues no receipt and no message', async () => {
    const { claimId, leadId } = await buyerWithPlan(handle().db);
    const jobs = await handle().jobs();
    let receiptId = '';
    let messageIds: string[] = [];
    await expect(
      handle().db.transaction(async (tx) => {
        const appended = await appendEntry(tx, {
          claimId,
          kind: 'payment',
          source: 'paystack',
          providerReference: `T-rolled-back-${claimId.slice(0, 8)}`,
          amountKobo: 300_000_000,
          at: new Date(),
        });
        if (appended.outcome !== 'written') throw new Error(appended.outcome);
        receiptId = (await issueReceipt(tx, jobs, appended.entry)).id;
        messageIds = (await receiptMessages(tx, receiptId)).map((m) => m.id);
        expect(messageIds).toHaveLength(2);
        // Something later in the credit's transaction fails (the hold's reservation, the checkout's update).
        throw new Error('the credit failed after its receipt');
      }),
    ).rejects.toThrow(/after its receipt/);
    expect(receiptId).not.toBe('');
    expect(await entriesOf(handle().db, claimId)).toHaveLength(0);
    expect(await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId))).toHaveLength(0);
    expect(await receiptMessages(handle().db, receiptId)).toHaveLength(0);
    expect(await handle().db.select().from(outboxMessages).where(eq(outboxMessages.leadId, leadId))).toHaveLength(0);
    for (const id of messageIds) expect(await jobsNaming(handle().db, OUTBOX.name, 'messageId', id)).toBe(0);
  });

  it('credits a paid checkout whose webhook never came, from the check job; a failed one is settled as not paid', async () => {
    const paid = await paidCheckout(handle());
    await checkCheckout(handle().db, await handle().jobs(), paid.reference);
    expect(await balanceOfClaim(handle().db, paid.claimId)).toBe(300_000_000);

    const buyer = await buyerWithPlan(handle().db);
    const open = await startCheckout(handle().db, await handle().jobs(), buyer.claimId);
    if (!open.ok) throw new Error(open.reason);
    // Not paid yet: looked at again later.
    await expect(checkCheckout(handle().db, await handle().jobs(), open.reference)).rejects.toThrow(/ongoing/);
    paystack().pay(open.reference, { status: 'failed' });
    await checkCheckout(handle().db, await handle().jobs(), open.reference);
    const [checkout] = await handle().db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, open.reference));
    expect(checkout.state).toBe('not_paid');
    expect(await handle().db.select().from(ledgerEntries).where(eq(ledgerEntries.claimId, buyer.claimId))).toHaveLength(0);
  });

  it('credits a transfer into the buyer’s dedicated account to their claim, once; a stranger’s transfer is not matched', async () => {
    const { claimId } = await buyerWithPlan(handle().db);
    const opened = await openDedicatedAccount(handle().db, claimId);
    if (!opened.ok) throw new Error(opened.reason);
    const account = opened.account;
    expect(account).toMatchObject({ bankName: 'Test Bank' });
    expect(await openDedicatedAccount(handle().db, claimId)).toEqual(opened);
    const transfer = paystack().transferIn(account.customerCode, 150_000_000);
    const event = paystack().chargeSuccess(transfer.reference);
    await post(event);
    await post(event);
    await settleEvents(handle());
    const entries = await entriesOf(handle().db, claimId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amountKobo: 150_000_000, providerReference: transfer.reference, flag: null });

    const stranger = paystack().transferIn('CUS_nobody', 5_000_000);
    await post(paystack().chargeSuccess(stranger.reference));
    await settleEvents(handle());
    const [unmatched] = await handle().db.select().from(paymentEvents).where(eq(paymentEvents.reference, stranger.reference));
    expect(unmatched.outcome).toBe('unmatched');
  });

  it('turns the hold into a reservation, and the lead to reserved, once the deposit is paid', async () => {
    const buyer = await buyerWithPlan(handle().db);
    const part = await startCheckout(handle().db, await handle().jobs(), buyer.claimId);
    if (!part.ok) throw new Error(part.reason);
    paystack().pay(part.reference, { amountKobo: 100_000_000 });
    await post(paystack().chargeSuccess(part.reference));
    await settleEvents(handle());
    const stageOf = async () => (await handle().db.select().from(plotClaims).where(eq(plotClaims.id, buyer.claimId)))[0];
    expect((await stageOf()).stage).toBe('held');
    // The rest of the deposit: the server asks for ₦2,000,000 now.
    const rest = await startCheckout(handle().db, await handle().jobs(), buyer.claimId);
    if (!rest.ok) throw new Error(rest.reason);
    expect(rest.amountKobo).toBe(200_000_000);
    paystack().pay(rest.reference);
    await post(paystack().chargeSuccess(rest.reference));
    await settleEvents(handle());
    expect(await stageOf()).toMatchObject({ stage: 'reserved', depositKobo: 300_000_000, paymentReference: rest.reference });
    const [lead] = await handle().db.select({ status: leads.status }).from(leads).where(eq(leads.id, buyer.leadId));
    expect(lead.status).toBe('reserved');
  });

  it('credits and receipts a payment of a buyer erased since, but writes to nobody', async () => {
    const buyer = await buyerWithPlan(handle().db);
    const opened = await openDedicatedAccount(handle().db, buyer.claimId);
    if (!opened.ok) throw new Error(opened.reason);
    const account = opened.account;
    await eraseRecords(handle().db, { leads: eq(leads.id, buyer.leadId), newsletter: sql`false` }, null);
    // They pay again into their own account number (the bank keeps it).
    const transfer = paystack().transferIn(account.customerCode, 150_000_000);
    const mailsBefore = smtp.received.length;
    const whatsAppBefore = whatsApp.sent.length;
    setEnv(whatsAppOn(whatsApp));
    await post(paystack().chargeSuccess(transfer.reference));
    await settleEvents(handle());
    setEnv(CHANNELS_OFF);
    expect(await entriesOf(handle().db, buyer.claimId)).toEqual([expect.objectContaining({ amountKobo: 150_000_000 })]);
    const [receipt] = await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, buyer.claimId));
    expect(receipt.number).toMatch(/^RCT-\d{4}-\d{6}$/);
    // Its page stands; no message is queued or sent, by e-mail or WhatsApp.
    expect(await receiptByNumber(handle().db, receipt.number, receipt.checkCode)).toBeDefined();
    expect(await receiptMessages(handle().db, receipt.id)).toEqual([]);
    await deliverReceipt(handle().db, receipt.id);
    expect(smtp.received.length).toBe(mailsBefore);
    expect(whatsApp.sent.length).toBe(whatsAppBefore);
  });
});
