import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DISTRICTS, districtLabel } from '@/content/districts';
import { LETTER_PREFIX, type LetterFacts, type LetterKind } from '@/content/documents';
import type { Db } from '@/lib/db/client';
import { districtSlugOf } from '@/lib/db/districts';
import {
  documentHistory,
  documentLetters,
  documentStages,
  leads,
  ledgerEntries,
  paymentPlans,
  plotClaims,
  plots,
  type DocumentLetterRow,
  type PaymentPlanRow,
} from '@/lib/db/schema';
import { lagosDayOf } from '@/lib/working-time';
import { recordLetterMade } from './letters-again.server';
import { lettersDue, paidDaysOf, stageViews, type PaidDays, type StageView } from './stages';

/**
 * The claims whose documents this module follows: every payment plan (src/modules/payments), with its plot, its buyer
 * and its ledger, read in a few queries for a set of claims (a buyer's, or a district's).
 */

export interface ClaimDocuments {
  claimId: string;
  leadId: string | null;
  /** The buyer's full name (the kept copy once erased). */
  buyerName: string;
  /** The district's slug. */
  district: string;
  districtName: string;
  plotLabel: string;
  sizeSqm: number;
  plan: PaymentPlanRow;
  paid: PaidDays;
  stages: StageView[];
}

type PlanWithPlot = {
  plan: PaymentPlanRow;
  buyerName: string | null;
  plotLabel: string | null;
  block: string | null;
  sizeSqm: number | null;
};

async function plansWhere(db: Db, where: ReturnType<typeof eq>): Promise<PlanWithPlot[]> {
  return db
    .select({
      plan: paymentPlans,
      buyerName: leads.fullName,
      plotLabel: plots.label,
      block: plots.block,
      sizeSqm: plots.sizeSqm,
    })
    .from(paymentPlans)
    .leftJoin(leads, eq(leads.id, paymentPlans.leadId))
    .leftJoin(plotClaims, eq(plotClaims.id, paymentPlans.claimId))
    .leftJoin(plots, eq(plots.id, plotClaims.plotId))
    .where(where)
    .orderBy(asc(paymentPlans.createdAt));
}

/** The documents of the claims of these leads (a buyer's: the lead wires the buyer's session to their lead ids). */
export async function documentsOfLeads(db: Db, leadIds: string[], now = new Date()): Promise<ClaimDocuments[]> {
  if (!leadIds.length) return [];
  return documentsOf(db, await plansWhere(db, inArray(paymentPlans.leadId, leadIds)), now);
}

/** The documents of every claim of a district (its slug), for the staff page. */
export async function documentsOfDistrict(db: Db, district: string, now = new Date()): Promise<ClaimDocuments[]> {
  return documentsOf(db, await plansWhere(db, sql`${paymentPlans.district} = ${district}`), now);
}

/** The documents of every claim with a plan (the daily late check). */
export async function documentsOfAll(db: Db, now = new Date()): Promise<ClaimDocuments[]> {
  return documentsOf(db, await plansWhere(db, sql`true`), now);
}

async function documentsOf(db: Db, rows: PlanWithPlot[], now: Date): Promise<ClaimDocuments[]> {
  if (!rows.length) return [];
  const claimIds = rows.map((row) => row.plan.claimId);
  const entries = await db
    .select({ claimId: ledgerEntries.claimId, amountKobo: ledgerEntries.amountKobo, at: ledgerEntries.at })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.claimId, claimIds))
    .orderBy(asc(ledgerEntries.id));
  const claims = rows.map((row) => {
    const slug = districtSlugOf(row.plan.district) ?? row.plan.district;
    const paid = paidDaysOf(
      row.plan,
      entries
        .filter((entry) => entry.claimId === row.plan.claimId)
        .map((entry) => ({ amountKobo: entry.amountKobo, day: lagosDayOf(entry.at) })),
    );
    return { row, slug, paid };
  });
  const letters = await db.select().from(documentLetters).where(inArray(documentLetters.claimId, claimIds));
  const records = await db.select().from(documentStages).where(inArray(documentStages.claimId, claimIds));
  const today = lagosDayOf(now);
  return claims.map(({ row, slug, paid }) => ({
    claimId: row.plan.claimId,
    leadId: row.plan.leadId,
    buyerName: row.buyerName ?? row.plan.erasedBuyerName ?? '',
    district: slug,
    districtName: districtNameOf(slug),
    plotLabel: plotLabel(row),
    sizeSqm: row.sizeSqm ?? 0,
    plan: row.plan,
    paid,
    stages: stageViews({
      district: slug,
      paid,
      records: records.filter((r) => r.claimId === row.plan.claimId),
      letters: letters
        .filter((l) => l.claimId === row.plan.claimId)
        .map((l) => ({ kind: l.kind, id: l.id, number: l.number, issuedOn: lagosDayOf(l.issuedAt) })),
      today,
    }),
  }));
}

/**
 * Makes the letters whose owner's rule is met and that are not made yet (the contract once the deposit is paid, the
 * allocation letter once paid in full), each once: the documents job runs it every few minutes, never a page (a GET
 * never writes: docs/decisions/0405). Returns the letters made.
 */
export async function issueDueLetters(db: Db, now = new Date()): Promise<number> {
  const claims = await documentsOfAll(db, now);
  let made = 0;
  for (const claim of claims) {
    for (const kind of lettersDue(claim.district, claim.paid)) {
      if (claim.stages.some((stage) => stage.letter && stage.key === kind)) continue;
      if (await issueLetter(db, claim, kind, now)) made++;
    }
  }
  return made;
}

/** "District 1, Lugbe, Abuja". */
export const districtNameOf = (slug: string) => {
  const district = DISTRICTS.find((d) => d.slug === slug);
  return district ? districtLabel(district) : slug;
};

const plotLabel = (row: PlanWithPlot) => (row.plotLabel ? `Plot ${row.plotLabel}, Block ${row.block}` : 'Your plot');

/**
 * Makes a claim's letter of `kind` once: numbered from the one sequence in the Lagos year, with a check code of 72
 * random bits, its facts fixed as they are now, and its history line, in one transaction.
 */
async function issueLetter(db: Db, claim: ClaimDocuments, kind: LetterKind, now: Date): Promise<boolean> {
  const letter = await insertLetter(db, claim, kind, now);
  // Beside the backups, once committed: a restore from an older backup makes it again under this number (0425).
  if (letter) await recordLetterMade(letter);
  return Boolean(letter);
}

async function insertLetter(db: Db, claim: ClaimDocuments, kind: LetterKind, now: Date): Promise<DocumentLetterRow | undefined> {
  const facts: LetterFacts = {
    buyerName: claim.buyerName,
    district: claim.district,
    districtName: claim.districtName,
    plotLabel: claim.plotLabel,
    sizeSqm: claim.sizeSqm,
    priceKobo: claim.plan.priceKobo,
    depositKobo: claim.plan.depositKobo,
    months: claim.plan.months,
    issuedOn: lagosDayOf(now),
  };
  return db.transaction(async (tx) => {
    const [letter] = await tx
      .insert(documentLetters)
      .values({
        claimId: claim.claimId,
        kind,
        number: sql`${LETTER_PREFIX[kind] + '-'} || to_char(now() at time zone 'Africa/Lagos', 'YYYY') || '-' || lpad(nextval('document_letter_numbers')::text, 6, '0')`,
        checkCode: randomBytes(9).toString('base64url'),
        facts,
        issuedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (letter)
      await tx
        .insert(documentHistory)
        .values({ claimId: letter.claimId, stage: kind, action: 'letter_issued', detail: { number: letter.number }, at: now });
    return letter;
  });
}

/** A letter of one of these leads by its id (the buyer's download), or undefined. */
export async function letterOfLeads(db: Db, leadIds: string[], letterId: string): Promise<DocumentLetterRow | undefined> {
  if (!leadIds.length) return undefined;
  const [row] = await db
    .select({ letter: documentLetters })
    .from(documentLetters)
    .innerJoin(paymentPlans, eq(paymentPlans.claimId, documentLetters.claimId))
    .where(and(eq(documentLetters.id, letterId), inArray(paymentPlans.leadId, leadIds)));
  return row?.letter;
}

export async function letterById(db: Db, letterId: string): Promise<DocumentLetterRow | undefined> {
  const [row] = await db.select().from(documentLetters).where(eq(documentLetters.id, letterId));
  return row;
}

export async function letterByNumber(db: Db, number: string): Promise<DocumentLetterRow | undefined> {
  const [row] = await db.select().from(documentLetters).where(eq(documentLetters.number, number));
  return row;
}
