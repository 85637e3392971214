import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { openPlan } from '@/modules/payments/ledger/ledger.repository.server';

/** What the payments tests share: a buyer (a lead) with a payment plan on a claim. */

let buyers = 0;
export async function buyerWithPlan(db: Db, overrides: { priceKobo?: number; depositKobo?: number; email?: string | null } = {}) {
  const [lead] = await db
    .insert(leads)
    .values({
      title: overrides.email === null ? null : 'Mrs',
      origin: overrides.email === null ? 'whatsapp' : 'form',
      fullName: `Adaeze Okafor ${buyers}`,
      email: overrides.email === undefined ? `buyer${buyers++}-${randomUUID().slice(0, 6)}@example.com` : overrides.email,
      phoneRaw: '+2348030000000',
      phoneE164: '+2348030000000',
      district: 'Lugbe, Abuja',
    })
    .returning({ id: leads.id });
  const claimId = randomUUID();
  const plan = await openPlan(db, {
    claimId,
    leadId: lead.id,
    district: 'Lugbe, Abuja',
    priceKobo: overrides.priceKobo ?? 1_000_000_000,
    depositKobo: overrides.depositKobo ?? 300_000_000,
    months: 12,
    startsOn: '2026-12-01',
  });
  return { leadId: lead.id, claimId, plan };
}

/** How many jobs a queue holds whose data names `key` = `value`, in any state. */
export async function jobsNaming(db: Db, queue: string, key: string, value: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${queue} and data ->> ${key}::text = ${value}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}
