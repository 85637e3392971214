/**
 * The database reads of the staff pages other than the inbox and the dashboard (the inspections board, the schedule,
 * staff, system, privacy, payments, plots and a plot, documents, the account page), each page's reads run as the page
 * runs them, through the same functions, for an owner and an agent of the scale data set: warm, the median of five
 * runs after one. For docs/benchmarks/0431; with `log_min_duration_statement` set on the database, its log names each
 * statement. Read-only but for the sessions it makes (as ./scale-sessions.ts does): run it on a copy of the scale set.
 *
 *   DATABASE_URL=… | DATA_DIR=… NODE_ENV=development SESSION_SECRET=… tsx --conditions=react-server scripts/bench/staff-page-reads.ts
 */
import { eq, sql } from 'drizzle-orm';
import { closeDatabase, getDatabase } from '@/lib/db/client';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { plots, staffUsers } from '@/lib/db/schema';
import { vapidPublicKey } from '@/lib/push/vapid.server';
import { documentsPage } from '@/modules/documents/server';
import { inspectionChangeCutoffHours, inspectionsPage, listSchedule } from '@/modules/inspections/server';
import { assignableStaff, leadScope } from '@/modules/leads/server';
import { paymentsPage } from '@/modules/payments/server';
import { historyOfPlot, inventoryOfDistrict, inventoryPlot, leadChoices } from '@/modules/plots/server';
import {
  countRecoveryCodesLeft,
  createSession,
  findStaffRowById,
  listAudit,
  listOpenSessions,
  listPasskeys,
  listStaff,
  subscriptionsOf,
} from '@/modules/staff/server';
import { systemStatus } from '@/modules/system/server';

const handle = await getDatabase();
const { db } = handle;
try {
  const staffOf = async (email: string) => {
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
    if (!row) throw new Error(`${email} is missing: run scripts/bench/scale-sessions.ts on this database first`);
    return { ...row, sessionId: await createSession(db, row.id, new Date(Date.now() + 3_600_000)) };
  };
  const owner = await staffOf('owner@seed-scale.invalid');
  const agent = await staffOf('agent1@seed-scale.invalid');
  const [plot] = await db
    .select({ id: plots.id, district: plots.district })
    .from(plots)
    .orderBy(sql`random()`)
    .limit(1);
  const district = plot?.district ?? DISTRICT_CHOICES[0];

  const account = (me: typeof owner) => () =>
    Promise.all([
      findStaffRowById(db, me.id),
      listPasskeys(db, me.id),
      countRecoveryCodesLeft(db, me.id),
      listOpenSessions(db, me.id, me.sessionId),
      subscriptionsOf(db, me.id),
      vapidPublicKey(db).catch(() => undefined),
    ]);
  const pages: [string, () => Promise<unknown>][] = [
    ['inspections (owner)', () => inspectionsPage(db, leadScope(owner))],
    ['inspections (agent)', () => inspectionsPage(db, leadScope(agent))],
    ['schedule', () => Promise.all([listSchedule(db), assignableStaff(db), inspectionChangeCutoffHours(db)])],
    ['staff', () => listStaff(db)],
    ['system', () => systemStatus(handle)],
    ['privacy', () => listAudit(db, ['privacy.export', 'privacy.erase'], 20)],
    ['payments', () => paymentsPage(db)],
    ['plots (owner)', () => inventoryOfDistrict(db, district, leadScope(owner))],
    ['plots (agent)', () => inventoryOfDistrict(db, district, leadScope(agent))],
    // A plot's page (an available one offers the leads a plot may be held for); the scale set has no plots: the picker alone.
    [
      'a plot (owner)',
      () =>
        Promise.all([
          plot && inventoryPlot(db, plot.id, leadScope(owner)),
          plot && historyOfPlot(db, plot.id),
          leadChoices(db, district, leadScope(owner)),
        ]),
    ],
    ['a plot (agent)', () => leadChoices(db, district, leadScope(agent))],
    ['documents', () => documentsPage(db, undefined)],
    ['account (owner)', account(owner)],
  ];
  for (const [page, read] of pages) {
    const times: number[] = [];
    for (let run = 0; run < 6; run++) {
      const begun = performance.now();
      await read();
      if (run > 0) times.push(performance.now() - begun);
    }
    times.sort((a, b) => a - b);
    console.log(`${page}: median ${times[2].toFixed(1)} ms (${times.map((ms) => ms.toFixed(0)).join(', ')})`);
  }
} finally {
  await closeDatabase();
}
