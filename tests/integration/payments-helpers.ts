import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads, outboxMessages } from '@/lib/db/schema';
import { openPlanForClaim } from '@/modules/payments/plot-link.server';
import { holdPlot, insertPlots } from '@/modules/plots/server';

/** What the payments tests share: a buyer (a lead) with a payment plan on a claim. */

let buyers = 0;
export async function buyerWithPlan(db: Db, overrides: { priceKobo?: number; email?: string | null } = {}) {
  const [lead] = await db
    .insert(leads)
    .values({
      title: overrides.email === null ? null : 'Mrs',
      origin: overrides.email === null ? 'whatsapp' : 'form',
      fullName: `Adaeze Okafor ${buyers++}`,
      email: overrides.email === undefined ? `buyer${buyers}-${randomUUID().slice(0, 6)}@example.com` : overrides.email,
      phoneRaw: '+2348030000000',
      phoneE164: '+2348030000000',
      district: 'Lugbe, Abuja',
    })
    .returning({ id: leads.id });
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
