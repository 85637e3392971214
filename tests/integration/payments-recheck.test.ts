import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as paystackWebhook } from '@/app/api/webhooks/paystack/route';
import { ledgerEntries, outboxMessages, paymentEvents, paymentReceipts, paymentRecheckFindings } from '@/lib/db/schema';
import type { DatabaseHandle } from '@/lib/db/client';
import { deliverMessages } from '@/modules/messaging/server';
import { balanceOfClaim, entriesOf } from '@/modules/payments/ledger/ledger.repository.server';
import { startCheckout } from '@/modules/payments/checkout/checkout.server';
import { openDedicatedAccount } from '@/modules/payments/paystack/dedicated-account.server';
import { settlePaymentEvent } from '@/modules/payments/paystack/credit.server';
import { recheckPayments } from '@/modules/payments/paystack/recheck.server';
import { paymentsPage } from '@/modules/payments/staff/payments-page.server';
import { ownerAlertSenders } from '@/modules/system/server';
import { startSmtpPeer, type SmtpPeer } from '../support/peers';
import { describeEachDriver, jsonRequest } from './helpers';
import { buyerWithPlan, fakePaystackForFile } from './payments-helpers';
import { makeStaff } from './staff-helpers';

/**
 * The nightly re-check and the owners' e-mails about money (issue 59, item 4; docs/decisions/0415): every reference still
 * pending or unconfirmed is asked of Paystack's verify again; what is now paid is credited once; what disagrees is
 * listed once on the owners' Payments page and in one e-mail a night; a payment credited other than asked is e-mailed
 * to the owners once.
 */

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.stop());
const paystack = fakePaystackForFile(() => ({ PAYSTACK_DEDICATED_BANK: 'test-bank', SMTP_URL: smtp.url }));

const post = (event: { body: string; signature: string }) =>
  paystackWebhook(jsonRequest('/api/webhooks/paystack', event.body, { raw: true, headers: { 'x-paystack-signature': event.signature } }));

async function settleEvents(handle: DatabaseHandle) {
  const waiting = await handle.db.select({ id: paymentEvents.id }).from(paymentEvents).where(isNull(paymentEvents.outcome));
  for (const { id } of waiting) await settlePaymentEvent(handle.db, await handle.jobs(), id);
}

/** A checkout of a buyer's deposit, opened (and paid on Paystack's page when told: the amount asked unless said). */
async function checkout(handle: DatabaseHandle, paid?: { amountKobo?: number }) {
  const buyer = await buyerWithPlan(handle.db);
  const started = await startCheckout(handle.db, await handle.jobs(), buyer.claimId);
  if (!started.ok) throw new Error(`checkout refused: ${started.reason}`);
  if (paid) paystack().pay(started.reference, paid);
  return { ...buyer, reference: started.reference };
}

/** A transfer into a buyer's own account whose event Paystack's verify denied (its status said failed then). */
async function deniedTransfer(handle: DatabaseHandle) {
  const buyer = await buyerWithPlan(handle.db);
  const opened = await openDedicatedAccount(handle.db, buyer.claimId);
  if (!opened.ok) throw new Error(opened.reason);
  const account = opened.account;
  const transfer = paystack().transferIn(account.customerCode, 150_000_000);
  paystack().verifyOverride.set(transfer.reference, { status: 'failed' });
  await post(paystack().chargeSuccess(transfer.reference));
  await settleEvents(handle);
  const [event] = await handle.db.select().from(paymentEvents).where(eq(paymentEvents.reference, transfer.reference));
  expect(event.outcome).toBe('verify_disagreed');
  return { ...buyer, reference: transfer.reference };
}

const DAY = 86_400_000;
/** Each test its own nights (an owner's e-mail is once per night). */
let nights = 0;
const night = () => new Date(Date.now() + (2 + 3 * nights++) * DAY);

async function ownerMessages(db: DatabaseHandle['db'], ownerId: string, kind: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.subjectType, 'owner'), eq(outboxMessages.subjectId, ownerId), eq(outboxMessages.kind, kind)));
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.raw.includes(`To: ${address}`));

describeEachDriver('payments: the nightly re-check with Paystack', ({ handle }) => {
  it('credits at night, once, a paid checkout whose webhook never came and an event Paystack now confirms', async () => {
    const db = handle().db;
    const jobs = await handle().jobs();
    const quiet = await checkout(handle(), {});
    const denied = await deniedTransfer(handle());
    paystack().verifyOverride.delete(denied.reference);
    const at = night();
    const report = await recheckPayments(db, jobs, at);
    expect(report.credited).toEqual(expect.arrayContaining([quiet.reference, denied.reference]));
    await recheckPayments(db, jobs, new Date(at.getTime() + DAY));
    expect(await balanceOfClaim(db, quiet.claimId)).toBe(300_000_000);
    expect(await balanceOfClaim(db, denied.claimId)).toBe(150_000_000);
    expect(
      await db
        .select()
        .from(paymentReceipts)
        .where(inArray(paymentReceipts.claimId, [quiet.claimId, denied.claimId])),
    ).toHaveLength(2);
    const [event] = await db.select().from(paymentEvents).where(eq(paymentEvents.reference, denied.reference));
    expect(event).toMatchObject({ outcome: 'credited', detail: 'credited by the nightly re-check' });
    // The webhook that comes after all credits nothing more.
    await post(paystack().chargeSuccess(quiet.reference));
    await settleEvents(handle());
    expect(await entriesOf(db, quiet.claimId)).toHaveLength(1);
  });

  it('lists what disagrees once, on the Payments page and in one e-mail a night to each owner', async () => {
    const db = handle().db;
    const jobs = await handle().jobs();
    const owner = await makeStaff(db, 'owner');
    const differs = await checkout(handle(), { amountKobo: 100_000_000 });
    const reversed = await checkout(handle(), {});
    await post(paystack().chargeSuccess(reversed.reference));
    await settleEvents(handle());
    expect(await balanceOfClaim(db, reversed.claimId)).toBe(300_000_000);
    paystack().verifyOverride.set(reversed.reference, { status: 'reversed' });
    const pending = await checkout(handle());
    const denied = await deniedTransfer(handle());

    const first = night();
    await recheckPayments(db, jobs, first);
    const findings = await db
      .select()
      .from(paymentRecheckFindings)
      .where(inArray(paymentRecheckFindings.reference, [differs.reference, reversed.reference, pending.reference, denied.reference]));
    expect(Object.fromEntries(findings.map((f) => [f.reference, f.kind]))).toEqual({
      [differs.reference]: 'amount_differs',
      [reversed.reference]: 'now_failed',
      [pending.reference]: 'long_pending',
      [denied.reference]: 'verify_disagrees',
    });
    // Paid other than asked is credited as paid (money is never ignored), flagged.
    expect(await entriesOf(db, differs.claimId)).toEqual([expect.objectContaining({ amountKobo: 100_000_000, flag: 'amount_differs' })]);

    // The next night finds the same again: listed and e-mailed once.
    await recheckPayments(db, jobs, new Date(first.getTime() + DAY));
    expect(
      await db
        .select()
        .from(paymentRecheckFindings)
        .where(inArray(paymentRecheckFindings.reference, [differs.reference, reversed.reference, pending.reference, denied.reference])),
    ).toHaveLength(4);
    const nightly = await ownerMessages(db, owner.id, 'payment_recheck');
    expect(nightly).toHaveLength(1);
    await deliverMessages(db, ownerAlertSenders(), [nightly[0].id]);
    const [mail] = mailsTo(owner.email).filter((m) => m.mail.subject?.includes('nightly payment check'));
    for (const reference of [differs.reference, reversed.reference, pending.reference, denied.reference])
      expect(mail.mail.text).toContain(reference);
    expect(mail.mail.text).toContain('Paystack now says reversed');
    expect(mail.mail.text).toContain('https://districts.example/admin/payments');

    // The owners' Payments page lists them with the buyer and plot.
    const page = await paymentsPage(db, new Date(first.getTime() + DAY));
    const listed = page.recheck.find((row) => row.reference === reversed.reference);
    expect(listed).toMatchObject({ kind: 'now_failed', detail: 'Paystack now says reversed' });
    expect(listed?.plot).toMatch(/^Plot P/);
  });

  it('e-mails each owner once about a payment credited other than asked', async () => {
    const db = handle().db;
    const owner = await makeStaff(db, 'owner');
    const { reference, claimId } = await checkout(handle(), { amountKobo: 100_000_000 });
    const event = paystack().chargeSuccess(reference);
    await post(event);
    await post(event);
    await settleEvents(handle());
    const [entry] = await entriesOf(db, claimId);
    expect(entry.flag).toBe('amount_differs');
    const messages = (await ownerMessages(db, owner.id, 'payment_flagged')).filter((m) => m.dedupeKey.includes(`entry-${entry.id}:`));
    expect(messages).toHaveLength(1);
    await deliverMessages(db, ownerAlertSenders(), [messages[0].id]);
    await deliverMessages(db, ownerAlertSenders(), [messages[0].id]);
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].mail.subject).toContain('₦1,000,000 was other than asked');
    expect(mails[0].mail.text).toContain(`reference ${reference}`);
    expect(mails[0].mail.text).toContain('where ₦3,000,000 was asked');
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.claimId, claimId))).toHaveLength(1);
  });
});
