import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as paystackWebhook } from '@/app/api/webhooks/paystack/route';
import { takeBackup } from '@/lib/backup/backup.server';
import { readRestoreLedger } from '@/lib/backup/restore-ledger.server';
import { openDatabase, type DatabaseHandle } from '@/lib/db/client';
import {
  ledgerEntries,
  outboxMessages,
  paymentBankTransfers,
  paymentCheckouts,
  paymentEvents,
  paymentReceipts,
  plotClaims,
} from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { approveTransfer, creditAgain, receiptPageOf, recordTransfer } from '@/modules/payments/server';
import { startCheckout } from '@/modules/payments/checkout/checkout.server';
import { settlePaymentEvent, verifyAndCredit } from '@/modules/payments/paystack/credit.server';
import { startFakePaystack, type FakePaystack } from '../support/fake-paystack';
import { describeEachDriver, jsonRequest, setEnv } from './helpers';
import { restoreGround } from './restore-helpers';
import { buyerWithPlan } from './payments-helpers';
import { makeStaff } from './staff-helpers';

/**
 * Issue 59 item 9 (docs/decisions/0422-a-restore-keeps-every-credit.md): a payment credited after the last backup comes
 * back with a restore under the receipt number and check code its buyer holds; Paystack's retry then credits nothing
 * and sends no second receipt, and the next payment's receipt number is one never given before.
 */

const KEY = 'correct-horse-battery-staple-restore-money';
const SECRET = 'sk_test_0123456789abcdef0123456789abcdef01234567';

describeEachDriver('a restore keeps every credit', (ctx) => {
  const { emptyTarget, restore } = restoreGround(ctx, 'restore-money', KEY);
  let paystack: FakePaystack;

  beforeAll(async () => {
    paystack = await startFakePaystack({ secretKey: SECRET });
    setEnv({
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_API_BASE: paystack.url,
      SITE_URL: 'https://districts.example',
    });
  });
  afterAll(async () => {
    setEnv({ PAYSTACK_SECRET_KEY: undefined, PAYSTACK_API_BASE: undefined, SITE_URL: undefined });
    await paystack.stop();
  });

  /** A buyer with a plan whose deposit checkout is paid on Paystack's page, and the signed event Paystack sends of it. */
  async function payDeposit(handle: DatabaseHandle) {
    const buyer = await buyerWithPlan(handle.db);
    const checkout = await startCheckout(handle.db, await handle.jobs(), buyer.claimId);
    if (!checkout.ok) throw new Error(`checkout refused: ${checkout.reason}`);
    paystack.pay(checkout.reference);
    const event = paystack.chargeSuccess(checkout.reference);
    return { ...buyer, reference: checkout.reference, event };
  }
  const deliver = (event: { body: string; signature: string }) =>
    paystackWebhook(jsonRequest('/api/webhooks/paystack', event.body, { raw: true, headers: { 'x-paystack-signature': event.signature } }));
  async function settle(handle: DatabaseHandle) {
    const waiting = await handle.db.select({ id: paymentEvents.id }).from(paymentEvents).where(isNull(paymentEvents.outcome));
    for (const { id } of waiting) await settlePaymentEvent(handle.db, await handle.jobs(), id);
  }
  const receiptOf = async (handle: DatabaseHandle, claimId: string) =>
    handle.db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId));
  const suffix = (number: string) => Number(number.split('-')[2]);

  it('credits again, under the same receipt, a payment made after the backup; the retry and the next payment give no number twice', async () => {
    const before = await payDeposit(ctx.handle());
    expect((await deliver(before.event)).status).toBe(200);
    await settle(ctx.handle());
    // A second buyer's plan and checkout are in the backup; the money comes after it.
    const after = await payDeposit(ctx.handle());
    // A third buyer's bank transfer is recorded by an agent before the backup, and approved by an owner after it.
    const [agent, owner] = [await makeStaff(ctx.handle().db, 'agent'), await makeStaff(ctx.handle().db, 'owner')];
    const byBank = await buyerWithPlan(ctx.handle().db);
    const recorded = await recordTransfer(
      ctx.handle().db,
      { claimId: byBank.claimId, amountKobo: 300_000_000, paidOn: '2026-11-27', bankReference: `ZEN-${byBank.claimId.slice(0, 8)}` },
      agent.id,
    );
    if (!recorded.ok) throw new Error(`transfer refused: ${recorded.refusal}`);
    const { file } = await takeBackup(ctx.handle());

    // After the backup the second buyer's payment is credited and receipted (its number and code are in their e-mail).
    expect((await deliver(after.event)).status).toBe(200);
    await settle(ctx.handle());
    const [issued] = await receiptOf(ctx.handle(), after.claimId);
    expect(issued.number).toMatch(/^RCT-\d{4}-\d{6}$/);
    const approved = await approveTransfer(ctx.handle().db, await ctx.handle().jobs(), recorded.transfer.id, owner.id);
    expect(approved).toMatchObject({ ok: true, receiptNumber: expect.stringMatching(/^RCT-/) });
    const [byBankReceipt] = await receiptOf(ctx.handle(), byBank.claimId);
    // The ledger beside the backups holds ids and amounts only.
    const ledger = await readRestoreLedger(path.join(getEnv().BACKUP_DIR!, 'ledger'));
    const payments = ledger.flatMap((e) => (e.kind === 'payment' ? [e] : []));
    expect(payments.map((p) => p.receipt.number)).toContain(issued.number);
    expect(JSON.stringify(payments)).not.toMatch(/Adaeze|Okafor|@example\.com|\+234/);

    const target = await emptyTarget();
    const { stdout } = await restore(file.path, target);
    expect(stdout).toContain('2 payment(s) credited again with their receipts');

    const restored = await openDatabase(target);
    try {
      const rdb = restored.db;
      // The buyer's receipt is ours again: same number, same code, the page says genuine; the plot is reserved.
      const [back] = await receiptOf(restored, after.claimId);
      expect(back).toMatchObject({ number: issued.number, checkCode: issued.checkCode, issuedAt: issued.issuedAt });
      expect(await receiptPageOf(rdb, issued.number, issued.checkCode)).toMatchObject({ number: issued.number });
      const [claim] = await rdb.select({ stage: plotClaims.stage }).from(plotClaims).where(eq(plotClaims.id, after.claimId));
      expect(claim.stage).toBe('reserved');
      const [checkout] = await rdb.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, after.reference));
      expect(checkout.state).toBe('credited');
      // The transfer is approved again, by the same owner, under its receipt: approving it once more is refused.
      expect(await receiptOf(restored, byBank.claimId)).toMatchObject([
        { number: byBankReceipt.number, checkCode: byBankReceipt.checkCode },
      ]);
      const [transfer] = await rdb.select().from(paymentBankTransfers).where(eq(paymentBankTransfers.id, recorded.transfer.id));
      expect(transfer).toMatchObject({ state: 'approved', decidedBy: owner.id });
      expect(await approveTransfer(rdb, await restored.jobs(), transfer.id, owner.id)).toMatchObject({ ok: false, refusal: 'decided' });
      // No message of it is queued: the buyer has the receipt already.
      expect(await rdb.select().from(outboxMessages).where(eq(outboxMessages.subjectId, back.id))).toEqual([]);

      // Paystack's retry (or the nightly re-check) on the restored site: a duplicate, no new receipt, nothing queued.
      const retried = await verifyAndCredit(rdb, await restored.jobs(), { reference: after.reference, reported: true });
      expect(retried.outcome).toBe('duplicate');
      expect(await receiptOf(restored, after.claimId)).toHaveLength(1);
      const receiptMessages = await rdb.select().from(outboxMessages).where(eq(outboxMessages.subjectType, 'receipt'));
      expect(receiptMessages.filter((m) => m.subjectId === back.id)).toEqual([]);

      // Applying the ledger again changes nothing.
      const entries = await rdb.select().from(ledgerEntries);
      expect(await creditAgain(rdb, payments)).toEqual({ credited: 0, noPlan: 0, failed: [] });
      expect(await rdb.select().from(ledgerEntries)).toEqual(entries);

      // A credit that cannot be written (its approver's account is not in the backup) is named, and stops nothing.
      const [first] = payments;
      const stray = {
        ...first,
        entry: { ...first.entry, providerReference: `lost-${randomBytes(4).toString('hex')}`, byStaffId: randomUUID() },
        receipt: { ...first.receipt, number: 'RCT-2026-999999' },
      };
      expect(await creditAgain(rdb, [stray])).toEqual({ credited: 0, noPlan: 0, failed: ['RCT-2026-999999'] });
      expect(await rdb.select().from(ledgerEntries)).toEqual(entries);

      // The next payment gets a number never given before.
      const next = await buyerWithPlan(rdb);
      const checkoutNext = await startCheckout(rdb, await restored.jobs(), next.claimId);
      if (!checkoutNext.ok) throw new Error(`checkout refused: ${checkoutNext.reason}`);
      paystack.pay(checkoutNext.reference);
      const credited = await verifyAndCredit(rdb, await restored.jobs(), { reference: checkoutNext.reference, reported: true });
      expect(credited.outcome).toBe('credited');
      if (credited.outcome === 'credited')
        expect(suffix(credited.receiptNumber)).toBeGreaterThan(Math.max(suffix(issued.number), suffix(byBankReceipt.number)));
    } finally {
      await restored.close();
    }
  }, 180_000);
});
