// Shared by the process tests that move money (restore drill, crash test, the bench's payment part): buyers with a held
// plot written before the server starts, the deposit's checkout opened through the pay form, paid on the fake Paystack
// and its signed charge.success posted to the server's webhook; and the receipt e-mails the SMTP peer got.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROCESS_SECRETS, root } from './harness.mjs';

export const PAYSTACK_TEST_SECRET = 'sk_test_process_tests_0123456789abcdef0123';

/** The server's environment for the fake Paystack (tests/support/fake-paystack.ts). */
export const paystackEnv = (paystack) => ({ PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_BASE: paystack.url });

/** `count` buyers with a held plot each (scripts/lib/seed-buyers.ts), on a database no server has open: [{claimId, email, token}]. */
export function seedBuyers(databaseEnv, count, label) {
  const seeded = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['--conditions=react-server', path.join(root, 'scripts/lib/seed-buyers.ts')],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...PROCESS_SECRETS, ...databaseEnv, SEED_BUYERS: String(count), SEED_LABEL: label },
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding the buyers failed: ${seeded.stderr}`);
  return seeded.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

/** The pay form (a plain POST, as a phone without scripts sends it): the deposit's checkout; its reference. */
export async function openDepositCheckout(base, buyer) {
  const res = await fetch(`${base}/api/payments/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ t: buyer.token, months: '12' }).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  const reference = /reference=([\w-]+)/.exec(res.headers.get('location') ?? '')?.[1];
  if (res.status !== 303 || !reference) throw new Error(`the pay form answered ${res.status} ${await res.text()}`);
  return reference;
}

/** The buyer pays on the fake's hosted checkout; Paystack's signed charge.success for it (the exact bytes). */
export function payAndSign(paystack, reference) {
  paystack.pay(reference);
  return paystack.chargeSuccess(reference);
}

/** Posts a signed event to the server's webhook once; its status (0: no answer). */
export async function postEvent(base, event) {
  try {
    const res = await fetch(`${base}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': event.signature },
      body: event.body,
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** The payment receipts' e-mails the SMTP peer got, by address: [{at, number}]. */
export function receiptMailsByAddress(smtp) {
  const byAddress = new Map();
  for (const { mail, at } of smtp.received) {
    const number = /receipt (RCT-\d{4}-\d{6})/.exec(mail.subject ?? '')?.[1];
    if (!number) continue;
    for (const to of mail.to?.value ?? [])
      byAddress.set(to.address, [...(byAddress.get(to.address) ?? []), { at, number, messageId: mail.messageId }]);
  }
  return byAddress;
}

/** Ledger entries, receipts and receipt e-mails in the outbox, per claim, read after the server stopped. */
export async function moneyOf(database, claimIds) {
  const list = claimIds.map((id) => `'${id}'`).join(',');
  const rows = await database.query(
    `select c.id::text as claim,
       (select count(*)::int from ledger_entries e where e.claim_id = c.id) as entries,
       (select coalesce(sum(e.amount_kobo), 0)::bigint::text from ledger_entries e where e.claim_id = c.id) as balance,
       (select count(*)::int from payment_receipts r where r.claim_id = c.id) as receipts,
       (select count(*)::int from outbox_messages o join payment_receipts r on o.subject_type = 'receipt' and o.subject_id = r.id
          where r.claim_id = c.id and o.channel = 'email') as receipt_emails,
       (select string_agg(r.number, ',' order by r.number) from payment_receipts r where r.claim_id = c.id) as numbers
     from plot_claims c where c.id in (${list})`,
  );
  return new Map(rows.map((row) => [row.claim, row]));
}
