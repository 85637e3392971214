import { documentStagesOfLeads, type BuyerDocumentsView } from '@/modules/documents/server';
import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { DISTRICTS } from '@/content/districts';
import type { Db } from '@/lib/db/client';
import type { DistrictChoice } from '@/lib/db/enums';
import {
  inspectionBookings,
  inspectionSlots,
  leads,
  paymentPlans,
  paymentReceipts,
  staffUsers,
  type LedgerEntryRow,
} from '@/lib/db/schema';
import { getFxRates, getSiteFacts } from '@/lib/site-facts.server';
import { INSPECTION_PATHS } from '@/modules/leads';
import { signInspectionLink } from '@/modules/leads/server';
import { payPathOf } from '@/content/payments';
import { type Standing } from '@/modules/payments';
import { entriesOf, receiptPath, standingOfPlan } from '@/modules/payments/server';
import { PLOT_PATHS, type PublicPlot } from '@/modules/plots';
import { claimsOfLeads, publicPlotsOfDistrict } from '@/modules/plots/server';
import type { BuyerSession } from '../sign-in/sessions.server';
import { buyerLeadsWhere } from './identity.server';

/**
 * Everything the buyer's page shows (docs/decisions/0418, 0425), read for one session: the leads carrying the
 * buyer's contacts (the one they proved and those joined to it), and only what hangs off those leads. Reads only:
 * opening the page writes nothing but the session's visit.
 */

export interface AccountPlot {
  claimId: string;
  district: (typeof DISTRICTS)[number];
  label: string;
  block: string;
  sizeSqm: number;
  stage: string;
  priceKobo: number;
  heldUntil: Date | null;
  /** The pay page for this claim (the hold's signed link names the claim only). */
  payPath: string;
  plan?: { standing: Standing; months: number };
  payments: { entry: LedgerEntryRow; receipt?: { number: string; path: string } }[];
  sitePlan: PublicPlot[];
  plotId: string;
}

export interface AccountBooking {
  id: string;
  startsAt: Date;
  kind: string;
  partySize: number;
  state: 'coming' | 'past' | 'cancelled';
  meetingPoint: string | null;
  districtName: string;
  changePath?: string;
}

export interface AccountView {
  name: string;
  plots: AccountPlot[];
  bookings: AccountBooking[];
  /** The names of the buyer's agents (staff assigned to their leads). */
  agents: string[];
  /** Digits for wa.me: staff have no number of their own on file, so the company's WhatsApp reaches the agent's desk. */
  whatsapp: string;
  bookPath: string;
  plansPath: string;
  fx?: ReturnType<typeof getFxRates>;
  /** The documents of the buyer's plots, each stage with its promised date (the documents module). */
  documents: BuyerDocumentsView;
}

const districtOf = (choice: string | null) => DISTRICTS.find((d) => d.choice === choice) ?? DISTRICTS[0];

/** The buyer's leads: every lead (not spam) carrying one of their contacts (./identity.server.ts), newest first. */
export async function leadsOfBuyer(db: Db, contacts: string[]) {
  return db
    .select({ id: leads.id, fullName: leads.fullName, district: leads.district, agentName: staffUsers.name })
    .from(leads)
    .leftJoin(staffUsers, and(eq(staffUsers.id, leads.assignedTo), eq(staffUsers.active, true)))
    .where(buyerLeadsWhere(contacts))
    .orderBy(desc(leads.createdAt));
}

export async function accountOf(db: Db, session: BuyerSession, now: Date): Promise<AccountView> {
  const mine = await leadsOfBuyer(db, session.contacts);
  const leadIds = mine.map((lead) => lead.id);
  const agents = [...new Set(mine.map((lead) => lead.agentName).filter((name): name is string => Boolean(name)))];
  const firstDistrict = districtOf(mine[0]?.district ?? null);
  const [plots, bookings, documents] = await Promise.all([
    plotsOf(db, leadIds, now),
    bookingsOf(db, leadIds, now),
    documentStagesOfLeads(db, leadIds, now),
  ]);
  return {
    name: mine[0]?.fullName ?? '',
    plots,
    bookings,
    agents,
    whatsapp: getSiteFacts().whatsapp,
    bookPath: INSPECTION_PATHS.book(firstDistrict.slug),
    plansPath: PLOT_PATHS.plan(firstDistrict.slug),
    fx: getFxRates(),
    documents,
  };
}

async function plotsOf(db: Db, leadIds: string[], now: Date): Promise<AccountPlot[]> {
  const claims = (await claimsOfLeads(db, leadIds)).filter(({ claim }) => claim.endedAt === null);
  if (claims.length === 0) return [];
  const claimIds = claims.map(({ claim }) => claim.id);
  const [plans, receipts] = await Promise.all([
    db.select().from(paymentPlans).where(inArray(paymentPlans.claimId, claimIds)),
    db
      .select({ entryId: paymentReceipts.entryId, number: paymentReceipts.number, checkCode: paymentReceipts.checkCode })
      .from(paymentReceipts)
      .where(inArray(paymentReceipts.claimId, claimIds)),
  ]);
  const districts = [...new Set(claims.map(({ plot }) => plot.district))];
  const plansByDistrict = new Map(
    await Promise.all(districts.map(async (d) => [d, await publicPlotsOfDistrict(db, d as DistrictChoice, now)] as const)),
  );
  return Promise.all(
    claims.map(async ({ claim, plot }) => {
      const plan = plans.find((p) => p.claimId === claim.id);
      const entries = plan ? await entriesOf(db, claim.id) : [];
      return {
        claimId: claim.id,
        plotId: claim.plotId,
        district: districtOf(plot.district),
        label: plot.label,
        block: plot.block,
        sizeSqm: plot.sizeSqm,
        stage: claim.stage,
        priceKobo: plan?.priceKobo ?? claim.priceKobo,
        heldUntil: claim.heldUntil,
        payPath: payPathOf(await signInspectionLink(db, 'plot', claim.id, now)),
        plan: plan && { standing: await standingOfPlan(db, plan, now), months: plan.months },
        payments: entries.map((entry) => {
          const receipt = receipts.find((r) => r.entryId === entry.id);
          return { entry, receipt: receipt && { number: receipt.number, path: receiptPath(receipt.number, receipt.checkCode) } };
        }),
        sitePlan: plansByDistrict.get(plot.district) ?? [],
      };
    }),
  );
}

async function bookingsOf(db: Db, leadIds: string[], now: Date): Promise<AccountBooking[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .select({
      id: inspectionBookings.id,
      state: inspectionBookings.state,
      partySize: inspectionBookings.partySize,
      startsAt: inspectionSlots.startsAt,
      kind: inspectionSlots.kind,
      meetingPoint: inspectionSlots.meetingPoint,
      district: inspectionSlots.district,
      slotCancelled: inspectionSlots.cancelledAt,
    })
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .where(inArray(inspectionBookings.leadId, leadIds))
    .orderBy(asc(inspectionSlots.startsAt));
  return Promise.all(
    rows.map(async (row) => {
      const state = row.state === 'cancelled' || row.slotCancelled ? 'cancelled' : row.startsAt > now ? 'coming' : 'past';
      return {
        id: row.id,
        startsAt: row.startsAt,
        kind: row.kind,
        partySize: row.partySize,
        state,
        meetingPoint: row.meetingPoint,
        districtName: districtOf(row.district).name,
        changePath: state === 'coming' ? INSPECTION_PATHS.change(await signInspectionLink(db, 'manage', row.id, now)) : undefined,
      } satisfies AccountBooking;
    }),
  );
}
