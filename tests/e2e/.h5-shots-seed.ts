// Not committed: seeds a data directory for h5's screenshots.
import { writeFileSync } from 'node:fs';
import { openDatabase } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { holdPlot, publicPlotsOfDistrict } from '@/modules/plots/server';
import { signInspectionLink } from '@/modules/leads/server';
import { recordTransfer } from '@/modules/payments/server';
import { openPlanForClaim } from '@/modules/payments/plot-link.server';
import { seedPlots } from '../support/plots';
import { makeStaff, sessionCookieFor } from '../integration/staff-helpers';

const handle = await openDatabase({ dataDir: process.env.DATA_DIR!.trim() });
const db = handle.db;
await seedPlots(db, 'Lugbe, Abuja', { blocks: 3, perBlock: 8, outlines: true });
const plots = await publicPlotsOfDistrict(db, 'Lugbe, Abuja', new Date());
const out: Record<string, string> = {};
const names = ['Adaeze Okafor', 'Tunde Bakare', 'Ngozi Eze'];
for (let i = 0; i < 3; i++) {
  const [lead] = await db
    .insert(leads)
    .values({ title: i === 1 ? 'Mr' : 'Mrs', fullName: names[i], email: `buyer${i}@example.com`, phoneRaw: '+2348030000000', phoneE164: '+2348030000000', district: 'Lugbe, Abuja' })
    .returning({ id: leads.id });
  const held = await holdPlot(db, { plotId: plots[i + 2].id, leadId: lead.id, by: 'buyer', now: new Date() });
  if (!held.ok) throw new Error(held.refusal);
  out[`token${i}`] = await signInspectionLink(db, 'plot', held.claim.id);
  out[`claim${i}`] = held.claim.id;
  if (i > 0) await openPlanForClaim(db, held.claim.id, i === 1 ? 6 : 12, new Date(Date.now() - (i === 2 ? 70 : 0) * 86_400_000));
}
const owner = await makeStaff(db, 'owner', 'ada.owner@example.com');
const agent = await makeStaff(db, 'agent', 'kemi.agent@example.com');
await recordTransfer(db, { claimId: out.claim1, amountKobo: 300_000_000, paidOn: new Date().toISOString().slice(0, 10), bankReference: 'ZEN/2611/88412', proofNote: 'Teller photo on WhatsApp' }, agent.id);
out.ownerCookie = await sessionCookieFor(db, owner, 7200);
writeFileSync(process.env.OUT!, JSON.stringify(out));
await handle.close();
