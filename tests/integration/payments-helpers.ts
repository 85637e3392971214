import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Db } from '@/lib/db/client';
import { outboxMessages } from '@/lib/db/schema';
import { openPlanForClaim } from '@/modules/payments/plot-link.server';
import { holdPlot, insertPlots } from '@/modules/plots/server';
import { startFakePaystack, type FakePaystack } from '../support/fake-paystack';
import { setEnv } from './helpers';

/** What the payments tests share: the fake Paystack, and a buyer (a lead) with a payment plan on a claim. */

export const PAYSTACK_TEST_SECRET = 'sk_test_0123456789abcdef0123456789abcdef01234567';

/**
 * The fake Paystack for one test file: started once, the site pointed at it before each test (with the file's own
 * `settings`, read then, so they may name peers started in the file's beforeAll), and every setting cleared after.
 */
export function fakePaystackForFile(settings: () => Record<string, string | undefined> = () => ({})): () => FakePaystack {
  let fake: FakePaystack | undefined;
  const env = () => ({
    PAYSTACK_SECRET_KEY: PAYSTACK_TEST_SECRET,
    PAYSTACK_API_BASE: fake?.url,
    SITE_URL: 'https://districts.example',
    ...settings(),
  });
  beforeAll(async () => {
    fake = await startFakePaystack({ secretKey: PAYSTACK_TEST_SECRET });
  });
  afterAll(async () => {
    await fake?.stop();
    setEnv(Object.fromEntries(Object.keys(env()).map((name) => [name, undefined])));
  });
  beforeEach(() => setEnv(env()));
  return () => {
    if (!fake) throw new Error('the fake Paystack starts in beforeAll');
    return fake;
  };
}

let buyers = 0;
export async function buyerWithPlan(db: Db, overrides: { priceKobo?: number; email?: string | null; phone?: string } = {}) {
  // By SQL naming its columns: the upgrade tests (one-outbox-migration) make buyers on a schema from before columns
  // later releases added to leads, which Drizzle's insert would name.
  const title = overrides.email === null ? null : 'Mrs';
  const origin = overrides.email === null ? 'whatsapp' : 'form';
  const email = overrides.email === undefined ? `buyer${buyers + 1}-${randomUUID().slice(0, 6)}@example.com` : overrides.email;
  const phone = overrides.phone ?? '+2348030000000';
  const {
    rows: [lead],
  } = (await db.execute(
    sql`insert into interest_submissions (title, origin, full_name, email, phone_raw, phone_e164, district)
        values (${title}, ${origin}, ${`Adaeze Okafor ${buyers++}`}, ${email}, ${phone}, ${phone}, 'd1') returning id`,
  )) as unknown as { rows: { id: string }[] };
  // A plot of its own (₦10,000,000 unless told), held by the buyer, and the plan opened on 1 December 2026.
  const [plot] = await insertPlots(
    db,
    [
      {
        district: 'Lugbe, Abuja',
        block: 'P',
        label: `P${randomUUID().slice(0, 8)}`,
        sizeSqm: 300,
        priceKobo: overrides.priceKobo ?? 1_000_000_000,
      },
    ],
    new Date(),
  );
  const held = await holdPlot(db, { plotId: plot.id, leadId: lead.id, by: 'buyer', now: new Date() });
  if (!held.ok) throw new Error(`hold refused: ${held.refusal}`);
  const claimId = held.claim.id;
  const opened = await openPlanForClaim(db, claimId, 12, new Date('2026-12-01T09:00:00Z'));
  if (!opened.ok) throw new Error(`plan refused: ${opened.reason}`);
  const plan = opened.plan;
  return { leadId: lead.id, claimId, plan };
}

/** How many jobs a queue holds whose data names `key` = `value`, in any state. */
export async function jobsNaming(db: Db, queue: string, key: string, value: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${queue} and data ->> ${key}::text = ${value}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

/** A receipt's messages in the one outbox (its e-mail, then its WhatsApp message where the buyer has a number). */
export function receiptMessages(db: Db, receiptId: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.subjectType, 'receipt'), eq(outboxMessages.subjectId, receiptId)))
    .orderBy(asc(outboxMessages.channel));
}
