/**
 * Before the bench's server starts: a buyer of District 1 (seeded by tests/e2e/seed-plots.ts first) who holds a plot,
 * pays on a 12-month plan with a receipt, and has a signed-in session; prints the session's Cookie header, so the
 * bench's Lighthouse measures /account as that buyer sees it (docs/decisions/0418).
 */
import { leads } from '@/lib/db/schema';
import { openDatabase } from '@/lib/db/client';
import { startBuyerSession } from '@/modules/buyers/server';
import { appendEntry, openPlanForClaim } from '@/modules/payments/server';
import { issueReceipt } from '@/modules/payments/receipts/receipts.repository.server';
import { holdPlot, publicPlotsOfDistrict } from '@/modules/plots/server';

const handle = await openDatabase({ dataDir: process.env.DATA_DIR!.trim() });
try {
  const { db } = handle;
  const now = new Date();
  const email = 'bench-buyer@example.com';
  const [lead] = await db
    .insert(leads)
    .values({
      title: 'Mrs',
      fullName: 'Adaeze Bench',
      email,
      phoneRaw: '0803 555 0100',
      phoneE164: '+2348035550100',
      district: 'Lugbe, Abuja',
    })
    .returning({ id: leads.id });
  const plot = (await publicPlotsOfDistrict(db, 'Lugbe, Abuja', now)).find((p) => p.status === 'available')!;
  const held = await holdPlot(db, { plotId: plot.id, leadId: lead.id, by: 'buyer', now });
  if (!held.ok) throw new Error(`hold refused: ${held.refusal}`);
  const opened = await openPlanForClaim(db, held.claim.id, 12, now);
  if (!opened.ok) throw new Error(`plan refused: ${opened.reason}`);
  const jobs = await handle.jobs();
  await db.transaction(async (tx) => {
    const appended = await appendEntry(tx, {
      claimId: held.claim.id,
      kind: 'payment',
      source: 'paystack',
      providerReference: 'T-bench-buyer',
      amountKobo: opened.plan.depositKobo,
      at: now,
    });
    if (appended.outcome !== 'written') throw new Error(appended.outcome);
    await issueReceipt(tx, jobs, appended.entry);
  });
  const response = new Response(null);
  await startBuyerSession(
    db,
    new Request('http://127.0.0.1/api/account/sign-in/link'),
    response,
    { contact: email, channel: 'email' },
    'Chrome on Android',
    now,
  );
  console.log(response.headers.getSetCookie()[0].split(';')[0]);
} finally {
  await handle.close();
}
