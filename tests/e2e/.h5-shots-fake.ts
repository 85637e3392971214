// Not committed: the fake Paystack for h5's screenshots, kept running; prints its URL.
import { writeFileSync } from 'node:fs';
import { startFakePaystack } from '../support/fake-paystack';
const fake = await startFakePaystack({ secretKey: process.env.PAYSTACK_SECRET_KEY! });
writeFileSync(process.env.OUT!, fake.url);
// Deliver charge.success for every paid transaction to the site's webhook, once a second.
const delivered = new Set<string>();
setInterval(async () => {
  for (const t of fake.transactions.values()) {
    if (t.status !== 'success' || delivered.has(t.reference)) continue;
    delivered.add(t.reference);
    await fake.deliver(`${process.env.SITE}/api/webhooks/paystack`, fake.chargeSuccess(t.reference));
  }
}, 1000);
